/*
 * Several bots of one network share its channels (docs/storage.md,
 * Several bots of one network), over a real ngircd, real bots and the
 * private PostgreSQL server of tests/lib/league-db.h (each test a
 * database of its own).  Four channels, one player in each, and a
 * watcher in all four who sees every bot come and go and every line each
 * says there: at no moment may two bots deal one channel, which the
 * watcher checks at every line of every test (a bot talks in a channel
 * only once the one that talked there before has left it).
 *
 *  - Share and die: dealer1 alone deals all four channels; dealer2
 *    started, each deals two, dealer1 parting the two it lets go.  A
 *    game against an AI seat is dealt in one of dealer2's channels;
 *    dealer2 is killed with SIGKILL, and within SHARE_WITHIN_MS of its
 *    quit dealer1 is in all four, the game going on ("dealt by dealer1
 *    from here").
 *    Before, its player asks dealer1 privately for a hand: the answer
 *    says dealer2 deals that channel.
 *  - A third bot between games: !season and !top cheat games answer the
 *    same from dealer1 and dealer2.  With a game in each channel, dealer3
 *    started takes none, however many looks it has; a game stopped, the
 *    channel goes to dealer3 (and no other moves).
 *  - The database cut: dealer2 held (SIGSTOP), the server ends its
 *    connections (pg_terminate_backend() of those named "cheaterbot
 *    dealer2"); dealer1 takes its channels and joins them, and says
 *    nothing there while dealer2 is in them.  dealer2 let go (SIGCONT)
 *    stops with status 1, and dealer1 deals all four, dealer2's game
 *    going on.
 *  - A reload that drops a channel: dealer1, its configuration rewritten
 *    without one of its two channels and sent SIGHUP, parts it and lets
 *    it go; dealer2 takes it (a channel free for a few looks goes to any
 *    bot), holding three.
 *
 * The bots that run at a test's end exit 0 on SIGTERM, which under ASan
 * also means they leaked nothing.
 */
#define _GNU_SOURCE 1
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "tests/lib/client.h"
#include "tests/lib/driver.h"
#include "tests/lib/league-db.h"

#define NCHANS 4
#define NBOTS 3
#define NETWORK "neta"
/* From a bot's end, seen by the watcher, to its channels dealt by the
 * others (issue: within 10 s). */
#define SHARE_WITHIN_MS 10000
/* Long enough for anything the bots do to settle (joins, parts, looks
 * every 2 s). */
#define SETTLE_MS 30000
/* How long a bot that must take nothing is watched: more than three of
 * its looks (every 2 s). */
#define IDLE_WATCH_MS 7000
#define RESUMED "The Cheat game goes on, dealt by dealer1 from here."

/* Windows closed at once; AI seats quick. */
#define CONF "timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n" \
    "    challenge_tie = 0; challenge_close = 1; lobby_start = 0; };\n" \
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n" \
    "ai = { think_min = 0.05; think_max = 0.1; };\n" \
    "network = \"" NETWORK "\";\n"

static const char *const chans[NCHANS] = {"#s1", "#s2", "#s3", "#s4"};
static const char *const players[NCHANS][1] = {{"alice"}, {"bob"},
    {"carol"}, {"dave"}};
static const char *const names[NBOTS] = {"dealer1", "dealer2", "dealer3"};

struct world {
	struct driver d;            /* the server, one player a channel */
	struct client watch;        /* in all four channels */
	size_t seen;                /* the watcher's lines looked at */
	struct ngircd_bot bot[NBOTS];
	int in[NCHANS][NBOTS];      /* bot j is in channel i */
	int talked[NCHANS];         /* the bot that talked last there, -1 */
	struct league_db db;
};

static int
setup(void **state)
{
	struct world *w = calloc(1, sizeof *w);
	int i;

	if (w == NULL)
		return -1;
	*state = w;
	league_db_new(&w->db);
	for (i = 0; i < NCHANS; i++)
		w->talked[i] = -1;
	w->watch.fd = -1;
	return 0;
}

static int
teardown(void **state)
{
	struct world *w = *state;
	int j;

	if (w == NULL)
		return 0;
	for (j = 0; j < NBOTS; j++)
		if (w->bot[j].pid > 0)
			ngircd_bot_stop(&w->bot[j]);
	client_close(&w->watch);
	driver_close(&w->d);
	league_db_free(&w->db);
	free(w);
	*state = NULL;
	return 0;
}

/* Which of the n words of list word is, in any case, or -1: a bot of
 * names[], a channel of chans[]. */
static int
index_of(const char *const *list, int n, const char *word)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcasecmp(word, list[i]) == 0)
			return i;
	return -1;
}

/* One line the watcher received: a bot's JOIN, PART, QUIT, or its line
 * in a channel, which must not follow another bot's there while that
 * one is in it still. */
static void
watch_line(struct world *w, const char *line)
{
	char nick[64], cmd[16], target[64];
	int j, i, k;

	if (sscanf(line, ":%63[^! ]!%*s %15s %63s", nick, cmd, target) < 2 ||
	    (j = index_of(names, NBOTS, nick)) < 0)
		return;
	if (strcmp(cmd, "QUIT") == 0) {
		for (i = 0; i < NCHANS; i++)
			w->in[i][j] = 0;
		return;
	}
	i = index_of(chans, NCHANS, target[0] == ':' ? target + 1 : target);
	if (i < 0)
		return;
	if (strcmp(cmd, "JOIN") == 0)
		w->in[i][j] = 1;
	else if (strcmp(cmd, "PART") == 0)
		w->in[i][j] = 0;
	else if (strcmp(cmd, "PRIVMSG") == 0 || strcmp(cmd, "NOTICE") == 0) {
		k = w->talked[i];
		if (k >= 0 && k != j && w->in[i][k])
			fail_msg("two dealers in %s: %s talks while %s, which "
			    "talked there before, is in it: %s", chans[i],
			    names[j], names[k], line);
		w->talked[i] = j;
	}
}

/* Reads what came to the watcher within ms, and looks at every line. */
static void
watch_pump(struct world *w, int ms)
{
	int i;

	client_pump(&w->watch, ms);
	for (; w->seen < w->watch.nlines; w->seen++)
		watch_line(w, w->watch.lines[w->seen]);
	for (i = 0; i < NCHANS; i++)
		client_pump(&w->d.t[i].p[0].cl, 0);
}

/* How many channels bot j is in. */
static int
holds(const struct world *w, int j)
{
	int i, n = 0;

	for (i = 0; i < NCHANS; i++)
		n += w->in[i][j];
	return n;
}

/* The one bot in channel i, or -1 when none or several are. */
static int
dealer(const struct world *w, int i)
{
	int j, found = -1;

	for (j = 0; j < NBOTS; j++) {
		if (!w->in[i][j])
			continue;
		if (found >= 0)
			return -1;
		found = j;
	}
	return found;
}

/* Whether the bots hold want[j] channels each, one bot in each
 * channel. */
static int
shared_as(const struct world *w, const int *want)
{
	int i, j;

	for (i = 0; i < NCHANS; i++)
		if (dealer(w, i) < 0)
			return 0;
	for (j = 0; j < NBOTS; j++)
		if (holds(w, j) != want[j])
			return 0;
	return 1;
}

/* Waits up to ms for the shares want[]. */
static void
wait_shared(struct world *w, const int *want, int ms, const char *what)
{
	long long end = ngircd_now_ms() + ms;

	while (!shared_as(w, want)) {
		if (ngircd_now_ms() > end)
			fail_msg("%s: the bots hold %d, %d and %d channels, "
			    "not %d, %d and %d", what, holds(w, 0), holds(w, 1),
			    holds(w, 2), want[0], want[1], want[2]);
		watch_pump(w, 50);
	}
}

/* Writes bot j's own configuration, CONF with the channels of chans[]
 * but skip (-1: all), into path. */
static void
bot_conf(struct world *w, int j, int skip, char *path, size_t size)
{
	char text[2048];
	size_t len;
	FILE *f;
	int i;

	snprintf(path, size, "%s/%s.cfg", w->d.dir, names[j]);
	len = (size_t)snprintf(text, sizeof text, "%schannels = [", CONF);
	for (i = 0; i < NCHANS; i++)
		if (i != skip)
			len += (size_t)snprintf(text + len, sizeof text - len,
			    "%s\"%s\"", len > 0 && text[len - 1] == '[' ? " " :
			    ", ", chans[i]);
	snprintf(text + len, sizeof text - len, " ];\n");
	if ((f = fopen(path, "w")) == NULL || fputs(text, f) < 0 ||
	    fclose(f) != 0)
		fail_msg("cannot write %s", path);
}

/* Starts bot j on the test's server and database; with own_conf, on a
 * configuration of its own that lists the channels (bot_conf()), else
 * the driver's with the channels given by --channel. */
static void
bot_start_conf(struct world *w, int j, int own_conf)
{
	static char path[NBOTS][4096];
	const char *args[32];
	int n = 0, i;

	args[n++] = "-c";
	if (own_conf) {
		bot_conf(w, j, -1, path[j], sizeof path[j]);
		args[n++] = path[j];
	} else
		args[n++] = w->d.conf;
	args[n++] = "--server";
	args[n++] = "127.0.0.1";
	args[n++] = "--port";
	args[n++] = w->d.port;
	args[n++] = "--db";
	args[n++] = w->db.uri;
	args[n++] = "--nick";
	args[n++] = names[j];
	for (i = 0; i < NCHANS && !own_conf; i++) {
		args[n++] = "--channel";
		args[n++] = chans[i];
	}
	args[n] = NULL;
	if (ngircd_bot_start(&w->bot[j], w->d.dir, names[j], args) != 0)
		fail_msg("cannot start %s", names[j]);
}

static void
bot_start(struct world *w, int j)
{
	bot_start_conf(w, j, 0);
}

/* The server, the players (one in each channel) and the watcher. */
static void
world_open(struct world *w, uint64_t seed)
{
	int i;

	for (i = 0; i < NCHANS; i++)
		driver_name(&w->d, i, chans[i], players[i], 1);
	w->d.no_bot = 1;
	driver_open(&w->d, NCHANS, CONF, seed);
	if (client_open(&w->watch, atoi(w->d.port), "watcher") != 0)
		fail_msg("the watcher cannot connect");
	for (i = 0; i < NCHANS; i++)
		if (client_join(&w->watch, chans[i]) != 0)
			fail_msg("the watcher cannot join %s", chans[i]);
}

/* The number of games running in channel i, as the database has it. */
static int
running(struct world *w, int i)
{
	char sql[160], out[16];

	snprintf(sql, sizeof sql, "SELECT count(*) FROM games WHERE state = "
	    "'running' AND channel = '%s'", chans[i]);
	league_db_value(&w->db, sql, out, sizeof out);
	return atoi(out);
}

/* The player of channel i deals a game of Cheat against one AI seat, and
 * the database has it running. */
static void
game_in(struct world *w, int i)
{
	struct client *c = &w->d.t[i].p[0].cl;
	long long end = ngircd_now_ms() + SETTLE_MS;

	client_send(c, "PRIVMSG %s :!play cheat bots=1", chans[i]);
	client_send(c, "PRIVMSG %s :!start", chans[i]);
	while (running(w, i) != 1) {
		if (ngircd_now_ms() > end)
			fail_msg("no game runs in %s", chans[i]);
		watch_pump(w, 100);
	}
}

/* Waits up to ms for bot j to say text in channel i. */
static void
wait_said(struct world *w, int j, int i, const char *text, int ms)
{
	char want[256];

	snprintf(want, sizeof want, ":%s!* PRIVMSG %s :*%s*", names[j],
	    chans[i], text);
	if (client_wait_glob(&w->watch, want, ms) == NULL)
		fail_msg("%s did not say '%s' in %s", names[j], text,
		    chans[i]);
	watch_pump(w, 0);
}

/* A channel bot j is in. */
static int
one_of(const struct world *w, int j)
{
	int i;

	for (i = 0; i < NCHANS; i++)
		if (w->in[i][j])
			return i;
	fail_msg("%s is in no channel", names[j]);
	return -1;
}

/* The player of channel i says text there; the text of bot j's answer,
 * the next line it says there, into out. */
static void
answer(struct world *w, int i, const char *text, int j, char *out,
    size_t size)
{
	char want[128];
	const char *line, *said;

	watch_pump(w, 0);
	client_skip(&w->watch);
	client_send(&w->d.t[i].p[0].cl, "PRIVMSG %s :%s", chans[i], text);
	snprintf(want, sizeof want, ":%s!* PRIVMSG %s :*", names[j], chans[i]);
	line = client_wait_glob(&w->watch, want, SETTLE_MS);
	if (line == NULL)
		fail_msg("%s said nothing in %s", names[j], chans[i]);
	said = strstr(line + 1, " :");
	snprintf(out, size, "%s", said != NULL ? said + 2 : "");
	watch_pump(w, 0);
}

/* The player of channel i asks privately bot j for their hand, which
 * only the dealer of their game can answer: the answer names it. */
static void
asks_elsewhere(struct world *w, int i, int j, int dealt_by)
{
	struct client *c = &w->d.t[i].p[0].cl;
	char want[256];

	snprintf(want, sizeof want, ":%s!* NOTICE %s :*you are not in a game "
	    "I deal (*%s deals *%s*", names[j], c->nick, names[dealt_by],
	    chans[i]);
	client_send(c, "PRIVMSG %s :!hand", names[j]);
	if (client_wait_glob(c, want, SETTLE_MS) == NULL)
		fail_msg("%s asked %s and was not told %s deals %s", c->nick,
		    names[j], names[dealt_by], chans[i]);
}

/* Stops bot j with SIGTERM: exit status 0. */
static void
bot_exits(struct world *w, int j)
{
	int rc = ngircd_bot_stop(&w->bot[j]);

	if (rc != 0)
		fail_msg("%s exited with status %d", names[j], rc);
}

static void
test_share_and_die(void **state)
{
	static const int one[NBOTS] = {4, 0, 0}, two[NBOTS] = {2, 2, 0};
	struct world *w = *state;
	long long gone;
	int c2;

	world_open(w, 11);
	bot_start(w, 0);
	wait_shared(w, one, SETTLE_MS, "dealer1 alone");
	bot_start(w, 1);
	wait_shared(w, two, SETTLE_MS, "dealer2 started");
	c2 = one_of(w, 1);
	game_in(w, c2);
	/* Its player asks the other bot, which says who deals there. */
	asks_elsewhere(w, c2, 0, 1);

	assert_int_equal(kill(w->bot[1].pid, SIGKILL), 0);
	assert_int_equal(ngircd_bot_wait(&w->bot[1], 5000), 128 + SIGKILL);
	w->bot[1].pid = 0;
	if (client_wait_glob(&w->watch, ":dealer2!* QUIT *", SETTLE_MS) ==
	    NULL)
		fail_msg("the watcher never saw dealer2 quit");
	gone = ngircd_now_ms();
	watch_pump(w, 0);
	wait_said(w, 0, c2, RESUMED, SHARE_WITHIN_MS);
	wait_shared(w, one, (int)(gone + SHARE_WITHIN_MS - ngircd_now_ms()),
	    "dealer2 killed");
	print_message("dealer1 deals all four %lld ms after dealer2's quit\n",
	    ngircd_now_ms() - gone);
	assert_int_equal(running(w, c2), 1);
	bot_exits(w, 0);
}

static void
test_third_between_games(void **state)
{
	static const int two[NBOTS] = {2, 2, 0};
	static const char *const asked[] = {"!season", "!top cheat games"};
	struct world *w = *state;
	char said[2][512];
	int want[NBOTS], i, c, j, a, b, k;
	long long end;

	world_open(w, 12);
	bot_start(w, 0);
	bot_start(w, 1);
	wait_shared(w, two, SETTLE_MS, "two bots");
	/* The league's commands answer the same from both. */
	a = one_of(w, 0);
	b = one_of(w, 1);
	for (k = 0; k < 2; k++) {
		answer(w, a, asked[k], 0, said[0], sizeof said[0]);
		answer(w, b, asked[k], 1, said[1], sizeof said[1]);
		if (strcmp(said[0], said[1]) != 0)
			fail_msg("%s: dealer1 said '%s', dealer2 '%s'",
			    asked[k], said[0], said[1]);
	}
	for (i = 0; i < NCHANS; i++)
		game_in(w, i);
	bot_start(w, 2);
	if (!ngircd_bot_wait_log(&w->bot[2], "registered as dealer3",
	    SETTLE_MS))
		fail_msg("dealer3 did not register");
	end = ngircd_now_ms() + IDLE_WATCH_MS;
	while (ngircd_now_ms() < end)
		watch_pump(w, 100);
	if (!shared_as(w, two))
		fail_msg("dealer3 took a channel with a game in it");

	/* The game of one of dealer1's channels stops: that one moves. */
	c = one_of(w, 0);
	client_send(&w->d.t[c].p[0].cl, "PRIVMSG %s :!stop", chans[c]);
	want[0] = 1;
	want[1] = 2;
	want[2] = 1;
	wait_shared(w, want, SETTLE_MS, "a game stopped");
	assert_int_equal(dealer(w, c), 2);
	for (i = 0; i < NCHANS; i++)
		if (i != c)
			assert_int_equal(running(w, i), 1);
	for (j = 0; j < NBOTS; j++)
		bot_exits(w, j);
}

static void
test_database_cut(void **state)
{
	static const int one[NBOTS] = {4, 0, 0}, two[NBOTS] = {2, 2, 0};
	struct world *w = *state;
	long long cut, end;
	char want[128];
	int c2, rc;

	world_open(w, 13);
	bot_start(w, 0);
	bot_start(w, 1);
	wait_shared(w, two, SETTLE_MS, "two bots");
	c2 = one_of(w, 1);
	game_in(w, c2);

	/* dealer2 is held while its connection is cut, so that it is still
	 * in its channels, and has not noticed, when dealer1 takes them. */
	assert_int_equal(kill(w->bot[1].pid, SIGSTOP), 0);
	cut = ngircd_now_ms();
	league_db_command(&w->db, "SELECT pg_terminate_backend(pid) FROM "
	    "pg_stat_activity WHERE application_name = 'cheaterbot dealer2'");
	snprintf(want, sizeof want, ":dealer1!* JOIN *%s", chans[c2]);
	if (client_wait_glob(&w->watch, want, SETTLE_MS) == NULL)
		fail_msg("dealer1 did not join %s", chans[c2]);
	/* dealer1 is in dealer2's channel and says nothing there while
	 * dealer2 is in it (watch_line() fails the test if it does). */
	end = ngircd_now_ms() + IDLE_WATCH_MS;
	while (ngircd_now_ms() < end)
		watch_pump(w, 100);
	assert_int_equal(w->in[c2][1], 1);
	assert_int_equal(w->talked[c2], 1);
	assert_int_equal(kill(w->bot[1].pid, SIGCONT), 0);
	rc = ngircd_bot_wait(&w->bot[1], SETTLE_MS);
	w->bot[1].pid = 0;
	if (rc != 1)
		fail_msg("dealer2 exited with %d, not 1, when its database "
		    "connection was cut", rc);
	print_message("dealer2 stopped %lld ms after the cut\n",
	    ngircd_now_ms() - cut);
	wait_said(w, 0, c2, RESUMED, SETTLE_MS);
	wait_shared(w, one, SETTLE_MS, "dealer2 cut off");
	print_message("dealer1 deals all four %lld ms after the cut\n",
	    ngircd_now_ms() - cut);
	assert_int_equal(running(w, c2), 1);
	bot_exits(w, 0);
}

/* A reload that drops a channel dealer1 deals: dealer1 parts it and
 * lets it go; dealer2, which deals more than dealer1 then, takes it once
 * nobody else has for a few looks. */
static void
test_reload_drops(void **state)
{
	static const int two[NBOTS] = {2, 2, 0}, after[NBOTS] = {1, 3, 0};
	struct world *w = *state;
	char path[4096], want[128];
	int c;

	world_open(w, 14);
	bot_start_conf(w, 0, 1);
	bot_start_conf(w, 1, 1);
	wait_shared(w, two, SETTLE_MS, "two bots");
	c = one_of(w, 0);
	bot_conf(w, 0, c, path, sizeof path);
	assert_int_equal(kill(w->bot[0].pid, SIGHUP), 0);
	snprintf(want, sizeof want, ":dealer1!* PART %s *", chans[c]);
	if (client_wait_glob(&w->watch, want, SETTLE_MS) == NULL)
		fail_msg("dealer1 did not part %s after the reload", chans[c]);
	wait_shared(w, after, SETTLE_MS, "the reload");
	assert_int_equal(dealer(w, c), 1);
	snprintf(want, sizeof want, "%s let go for another cheaterbot",
	    chans[c]);
	assert_true(ngircd_bot_log_count(&w->bot[0], want) >= 1);
	snprintf(want, sizeof want, "%s: free for 4 looks, taken", chans[c]);
	assert_int_equal(ngircd_bot_log_count(&w->bot[1], want), 1);
	bot_exits(w, 0);
	bot_exits(w, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_share_and_die, setup,
	        teardown),
	    cmocka_unit_test_setup_teardown(test_third_between_games, setup,
	        teardown),
	    cmocka_unit_test_setup_teardown(test_database_cut, setup,
	        teardown),
	    cmocka_unit_test_setup_teardown(test_reload_drops, setup,
	        teardown),
	};

	return cmocka_run_group_tests_name("share", tests, league_db_start,
	    league_db_stop);
}
