/*
 * The transport against a real ngircd and the real bot binary: the bot
 * negotiates CAP (ngircd offers none of what it wants), registers and
 * joins both its channels, answers CTCP VERSION, PING and TIME and a
 * command, is not hung
 * by over-long lines, falls back to another nick when its own is taken and
 * takes it back when it frees, notices a frozen server, survives the
 * server going away and coming back on the same port, says goodbye on
 * SIGTERM, logging that one line and no warning nor reconnection after it,
 * and exits cleanly (which, under ASan, also means without leaks),
 * and refuses a bad command line or configuration with one line and
 * status 1.
 *
 * The tests run in order on one server, one bot and one watching player;
 * some start a bot of their own.
 */
#include <fnmatch.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/lib/client.h"
#include "tests/lib/ngircd.h"
#include "tests/lib/text-file.h"

#define RECONNECT_MS 15000 /* the bots retry after 1 to 2 s */

/* Every bot's configuration file: quick reconnecting. */
#define WORLD_CONF "reconnect = { min = 1; max = 2; };\n"

/* Everything a test starts lives here, so that the group teardown stops
 * and frees it even when an assertion ends the test early. */
struct world {
	char *dir;
	struct ngircd irc;
	struct ngircd_bot bot;
	struct ngircd_bot other; /* a second bot, or a refused one */
	struct ngircd_bot
	    extra; /* one more, for the nick and dead-link tests */
	struct client watch;
	struct client talk;
	struct client hold; /* holds a nick a bot wants */
	char port[16];
	char db[PATH_MAX];
	char conf[PATH_MAX];
};

/* Writes text to the file NAME in the world's directory; path receives
 * its name.  0, or -1. */
static int
world_file(struct world *w, const char *name, const char *text, char *path)
{
	FILE *f;

	if (snprintf(path, PATH_MAX, "%s/%s", w->dir, name) >= PATH_MAX)
		return -1;
	f = fopen(path, "w");
	if (f == NULL)
		return -1;
	fputs(text, f);
	return fclose(f) == 0 ? 0 : -1;
}

static int
world_start_bot(struct world *w)
{
	const char *args[] = {"-c", w->conf, "--server", "127.0.0.1", "--port",
	    w->port, "--channel", "#t1", "--channel", "#t2", "--db", w->db,
	    "--seed", "1", "--nick", "cheaterbot", NULL};

	if (world_file(w, "bot.cfg", WORLD_CONF, w->conf) != 0)
		return -1;
	return ngircd_bot_start(&w->bot, w->dir, "bot", args);
}

static int world_teardown(void **state);

/* ngircd, a player in #t1 and #t2, then the bot, so that the player sees
 * it join.  On failure, whatever was started is stopped again. */
static int
world_setup(void **state)
{
	struct world *w = calloc(1, sizeof *w);

	*state = w;
	if (w == NULL)
		return -1;
	w->watch.fd = w->talk.fd = w->hold.fd = -1;
	if ((w->dir = ngircd_tmpdir()) == NULL ||
	    ngircd_start(&w->irc, w->dir, 0) != 0)
		goto fail;
	snprintf(w->port, sizeof w->port, "%d", w->irc.port);
	snprintf(w->db, sizeof w->db, "%s/db", w->dir);
	if (client_open(&w->watch, w->irc.port, "watcher") != 0 ||
	    client_join(&w->watch, "#t1") != 0 ||
	    client_join(&w->watch, "#t2") != 0 || world_start_bot(w) != 0)
		goto fail;
	return 0;
fail:
	world_teardown(state);
	*state = NULL;
	return -1;
}

static int
world_teardown(void **state)
{
	struct world *w = *state;

	if (w == NULL)
		return 0;
	ngircd_resume(&w->irc);
	ngircd_bot_stop(&w->bot);
	ngircd_bot_stop(&w->other);
	ngircd_bot_stop(&w->extra);
	client_close(&w->watch);
	client_close(&w->talk);
	client_close(&w->hold);
	ngircd_stop(&w->irc);
	ngircd_rmdir(w->dir);
	free(w->dir);
	free(w);
	return 0;
}

static void
test_joins_channels(void **state)
{
	struct world *w = *state;

	assert_non_null(
	    client_wait_glob(&w->watch, ":cheaterbot!* JOIN *#t1", 10000));
	assert_non_null(
	    client_wait_glob(&w->watch, ":cheaterbot!* JOIN *#t2", 0));
	assert_true(
	    ngircd_bot_wait_log(&w->bot, "registered as cheaterbot", 0));
	/* ngircd answers CAP LS with multi-prefix only. */
	assert_true(ngircd_bot_wait_log(&w->bot,
	    "CAP: the server offers none of extended-join account-notify", 0));
}

static void
test_ctcp_version(void **state)
{
	struct world *w = *state;

	/* At the default rate the JOINs (two tokens each) and the WHOs go
	 * first: the answer may take 6 s. */
	assert_int_equal(
	    client_send(&w->watch, "PRIVMSG cheaterbot :\001VERSION\001"), 0);
	assert_non_null(client_wait_glob(&w->watch,
	    ":cheaterbot!* NOTICE "
	    "watcher :\001VERSION cheaterbot 0.1.0\001",
	    10000));

	assert_int_equal(
	    client_send(&w->watch, "PRIVMSG cheaterbot :\001PING 4242\001"), 0);
	assert_non_null(client_wait_glob(&w->watch,
	    ":cheaterbot!* NOTICE "
	    "watcher :\001PING 4242\001",
	    0));

	assert_int_equal(
	    client_send(&w->watch, "PRIVMSG cheaterbot :\001TIME\001"), 0);
	assert_non_null(client_wait_glob(&w->watch,
	    ":cheaterbot!* NOTICE watcher :\001TIME * UTC\001", 0));
}

/* The bot answers !games in #t1: it is alive and its queue flows. */
static void
assert_answers(struct world *w)
{
	assert_int_equal(client_send(&w->watch, "PRIVMSG #t1 :!games"), 0);
	assert_non_null(
	    client_wait_glob(&w->watch, ":cheaterbot!* PRIVMSG #t1 :*", 10000));
}

static void
test_games(void **state)
{
	assert_answers(*state);
}

static void
test_long_lines(void **state)
{
	struct world *w = *state;
	struct client *talk = &w->talk;
	char text[2001];
	const char *seen;
	size_t i;

	/* 2000 bytes in one line: ngircd refuses it and drops the sender. */
	assert_int_equal(client_open(talk, w->irc.port, "talker"), 0);
	assert_int_equal(client_join(talk, "#t1"), 0);
	memset(text, 'x', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	assert_int_equal(client_send(talk, "PRIVMSG #t1 :%s", text), 0);
	client_close(talk);

	/* The longest line ngircd takes reaches the bot with a prefix in
	 * front, longer than 510 bytes; in UTF-8, so the cut must not split
	 * a character. */
	assert_int_equal(client_open(talk, w->irc.port, "talker2"), 0);
	assert_int_equal(client_join(talk, "#t1"), 0);
	for (i = 0; i + 2 <= 510 - strlen("PRIVMSG #t1 :"); i += 2)
		memcpy(text + i, "\xc3\xa9", 2);
	text[i] = '\0';
	assert_int_equal(client_send(talk, "PRIVMSG #t1 :%s", text), 0);
	seen = client_wait_glob(&w->watch, ":talker2!* PRIVMSG #t1 :*", 0);
	assert_non_null(seen);
	assert_true(strlen(seen) >= 500);
	client_close(talk);

	assert_answers(w);
	assert_true(ngircd_bot_alive(&w->bot));
}

static void
test_taken_nick(void **state)
{
	struct world *w = *state;
	struct ngircd_bot *second = &w->other;
	char db[PATH_MAX];
	const char *args[] = {"--server", "127.0.0.1", "--port", w->port,
	    "--channel", "#t2", "--db", db, "--nick", "cheaterbot", NULL};

	snprintf(db, sizeof db, "%s/db2", w->dir);
	assert_int_equal(ngircd_bot_start(second, w->dir, "bot2", args), 0);
	assert_non_null(
	    client_wait_glob(&w->watch, ":cheaterbot_!* JOIN *#t2", 10000));
	assert_true(ngircd_bot_wait_log(second, "nick refused (433)", 0));
	assert_true(
	    ngircd_bot_wait_log(second, "registered as cheaterbot_", 0));
	assert_int_equal(ngircd_bot_stop(second), 0);
	assert_non_null(client_wait_glob(&w->watch,
	    ":cheaterbot_!* QUIT *stopped by the operator*", 0));
}

/* A client holds the nick regainbot in #t3 before the bot starts: the bot
 * registers as its alternate, and takes regainbot back as soon as the
 * client quits. */
static void
test_nick_regain(void **state)
{
	struct world *w = *state;
	struct ngircd_bot *b = &w->extra;
	char conf[PATH_MAX], db[PATH_MAX];
	const char *args[] = {"-c", conf, "--server", "127.0.0.1", "--port",
	    w->port, "--channel", "#t3", "--db", db, NULL};

	snprintf(db, sizeof db, "%s/db3", w->dir);
	assert_int_equal(world_file(w, "regain.cfg",
	                     WORLD_CONF "identity = { nick = \"regainbot\"; "
	                                "alt_nicks = [ \"regainalt\" ]; };\n",
	                     conf),
	    0);
	assert_int_equal(client_open(&w->hold, w->irc.port, "regainbot"), 0);
	assert_int_equal(client_join(&w->hold, "#t3"), 0);
	assert_int_equal(client_join(&w->watch, "#t3"), 0);
	assert_int_equal(ngircd_bot_start(b, w->dir, "regain", args), 0);
	assert_non_null(
	    client_wait_glob(&w->watch, ":regainalt!* JOIN *#t3", 10000));
	assert_true(
	    ngircd_bot_wait_log(b, "nick refused (433), trying regainalt", 0));

	client_close(&w->hold);
	assert_non_null(client_wait_glob(&w->watch, ":regainbot!* QUIT *", 0));
	assert_non_null(
	    client_wait_glob(&w->watch, ":regainalt!* NICK *regainbot", 3000));
	/* The watcher may see the NICK before the bot has logged it. */
	assert_true(ngircd_bot_wait_log(b, "now known as regainbot", 3000));
	assert_int_equal(ngircd_bot_stop(b), 0);
}

/* ngircd frozen under a bot with a 1 s keepalive and a 2 s timeout: it
 * pings, gives the link up, keeps trying; once ngircd runs again, the bot
 * is back in its channel. */
static void
test_dead_link(void **state)
{
	struct world *w = *state;
	struct ngircd_bot *b = &w->extra;
	char conf[PATH_MAX], db[PATH_MAX];
	const char *args[] = {"-c", conf, "--server", "127.0.0.1", "--port",
	    w->port, "--channel", "#t4", "--db", db, "--nick", "deadbot", NULL};

	snprintf(db, sizeof db, "%s/db4", w->dir);
	assert_int_equal(world_file(w, "dead.cfg",
	                     "reconnect = { min = 1; max = 2; ping = 1; "
	                     "timeout = 2; };\n",
	                     conf),
	    0);
	assert_int_equal(client_join(&w->watch, "#t4"), 0);
	assert_int_equal(ngircd_bot_start(b, w->dir, "dead", args), 0);
	assert_non_null(
	    client_wait_glob(&w->watch, ":deadbot!* JOIN *#t4", 10000));

	assert_int_equal(ngircd_pause(&w->irc), 0);
	assert_true(ngircd_bot_wait_log(b,
	    "disconnected: nothing received for 2 s, not even a PONG", 6000));
	/* Two more attempts, each connecting (the kernel still accepts) and
	 * given up for silence. */
	assert_true(
	    ngircd_bot_wait_log_n(b, "connected to 127.0.0.1", 3, 15000));
	assert_true(ngircd_bot_wait_log_n(b, "reconnecting in", 3, 15000));
	assert_int_equal(ngircd_resume(&w->irc), 0);

	assert_non_null(
	    client_wait_glob(&w->watch, ":deadbot!* JOIN *#t4", RECONNECT_MS));
	assert_true(ngircd_bot_alive(b));
	assert_int_equal(ngircd_bot_stop(b), 0);
}

/* Whether the bot is seen in a channel: a JOIN, or the NAMES reply if
 * it was quicker than the watcher. */
static int
bot_in(const char *line, const void *arg)
{
	char join[64], names[64];

	snprintf(
	    join, sizeof join, ":cheaterbot!* JOIN *%s", (const char *)arg);
	snprintf(
	    names, sizeof names, "* 353 * %s :*cheaterbot*", (const char *)arg);
	return fnmatch(join, line, 0) == 0 || fnmatch(names, line, 0) == 0;
}

static void
test_server_restart(void **state)
{
	struct world *w = *state;

	client_close(&w->watch);
	assert_int_equal(ngircd_stop(&w->irc), 0);
	assert_true(ngircd_bot_wait_log(&w->bot, "reconnecting in", 5000));

	assert_int_equal(ngircd_start(&w->irc, w->dir, atoi(w->port)), 0);
	assert_int_equal(client_open(&w->watch, w->irc.port, "watcher"), 0);
	assert_int_equal(client_join(&w->watch, "#t1"), 0);
	assert_int_equal(client_join(&w->watch, "#t2"), 0);
	assert_non_null(client_wait(&w->watch, bot_in, "#t1", RECONNECT_MS));
	assert_non_null(client_wait(&w->watch, bot_in, "#t2", 10000));
	assert_true(ngircd_bot_alive(&w->bot));
	assert_answers(w);
}

/* SIGTERM: the bot's QUIT says it was stopped by the operator, and it
 * exits 0; what it logs from the signal on is the one line of the stop:
 * no warning of the connection the server then closes, and no
 * reconnection. */
static void
test_sigterm(void **state)
{
	struct world *w = *state;
	char *before, *after;

	before = text_file_read(w->bot.log);
	assert_non_null(before);
	assert_int_equal(ngircd_bot_stop(&w->bot), 0);
	assert_non_null(client_wait_glob(&w->watch,
	    ":cheaterbot!* QUIT *stopped by the operator*", 0));
	after = text_file_read(w->bot.log);
	assert_non_null(after);
	assert_true(strncmp(after, before, strlen(before)) == 0);
	assert_string_equal(after + strlen(before),
	    "cheaterbot: info: stopped by the operator (SIGTERM)\n");
	free(before);
	free(after);
}

/* Runs the bot with args and expects status 1 and one line on stderr
 * starting with want. */
static void
assert_refused(struct world *w, const char *const *args, const char *want)
{
	struct ngircd_bot *b = &w->other;

	assert_int_equal(ngircd_bot_start(b, w->dir, "refused", args), 0);
	assert_int_equal(ngircd_bot_wait(b, 10000), 1);
	assert_true(ngircd_bot_wait_log(b, want, 0));
	unlink(b->log);
}

static void
test_refusals(void **state)
{
	struct world *w = *state;
	char conf[PATH_MAX], want[PATH_MAX + 32], db[PATH_MAX];
	const char *bad_channel[] = {"--channel", "nohash", NULL};
	const char *bad_port[] = {"--port", "70000", NULL};
	const char *bad_db[] = {"--db", db, NULL};
	const char *bad_conf[] = {"-c", conf, NULL};
	FILE *f;

	assert_refused(w, bad_channel, "cheaterbot: error: --channel: ");
	assert_refused(w, bad_port, "cheaterbot: error: --port: ");
	snprintf(db, sizeof db, "%s/no/such/dir/db", w->dir);
	assert_refused(w, bad_db, "cheaterbot: error: database ");

	snprintf(conf, sizeof conf, "%s/bad.cfg", w->dir);
	f = fopen(conf, "w");
	assert_non_null(f);
	fputs("# a comment\nserver = {\n  port = ;\n};\n", f);
	fclose(f);
	snprintf(want, sizeof want, "cheaterbot: error: %s:3: ", conf);
	assert_refused(w, bad_conf, want);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_joins_channels),
	    cmocka_unit_test(test_ctcp_version),
	    cmocka_unit_test(test_games),
	    cmocka_unit_test(test_long_lines),
	    cmocka_unit_test(test_taken_nick),
	    cmocka_unit_test(test_nick_regain),
	    cmocka_unit_test(test_dead_link),
	    cmocka_unit_test(test_server_restart),
	    cmocka_unit_test(test_sigterm),
	    cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests_name(
	    "transport", tests, world_setup, world_teardown);
}
