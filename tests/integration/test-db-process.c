/*
 * The database across processes, with a real ngircd and the real bot
 * binary: a game is dealt and recorded; a second bot started on the same
 * database exits with status 1 before it connects anywhere; `cheaterbot
 * --backup FILE` run while the first bot plays writes a copy that passes
 * the integrity check and holds the same players and games, and refuses
 * to write over it a second time; `--copy-to` is refused in one line while
 * it plays, and touches nothing; once the first bot has stopped, another
 * may run on the database, and the same `--copy-to` copies it.
 *
 * The tests run in order on one server, one bot and two players
 * (tests/lib/driver.h).  Every process is started and stopped by its pid.
 */
#include <fnmatch.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/driver.h"
#include "tests/lib/store-files.h"
#include "tests/lib/text-file.h"

#define CHAN "#db"
#define BOT_JOIN ":cheaterbot!* JOIN *" CHAN

/* Everything a test starts lives here, so that the group teardown stops
 * and frees it even when an assertion ends the test early. */
struct world {
	struct driver d;         /* ngircd, the bot, alice and bob */
	struct ngircd_bot other; /* a second bot, or a backup */
	char copy[PATH_MAX];
	char moved[PATH_MAX]; /* a --copy-to's target */
	char dealer[64]; /* as the deal announced it */
};

/* Starts another bot on the world's database, with its log at
 * dir/NAME.log. */
static int
start_bot(struct world *w, struct ngircd_bot *b, const char *name)
{
	struct driver *d = &w->d;
	const char *args[] = {"-c", d->conf, "--server", "127.0.0.1",
	    "--port", d->port, "--channel", CHAN, "--db", d->db, "--nick",
	    "cheaterbot", NULL};

	return ngircd_bot_start(b, d->dir, name, args);
}

static int
world_setup(void **state)
{
	*state = calloc(1, sizeof(struct world));
	return *state != NULL ? 0 : -1;
}

static int
world_teardown(void **state)
{
	struct world *w = *state;

	if (w == NULL)
		return 0;
	ngircd_bot_stop(&w->other);
	driver_close(&w->d);
	free(w);
	return 0;
}

/* ngircd, alice and bob in #db, then the bot, so that alice sees it join.
 * The first test brings it up: the driver fails the running test when
 * something does not come up, with what it saw. */
static struct world *
world_up(void **state)
{
	static const char *const nicks[] = {"alice", "bob"};
	struct world *w = *state;

	driver_name(&w->d, 0, CHAN, nicks, 2);
	driver_open(&w->d, 1,
	    "flood = { burst = 20; interval = 0.1; user_interval = 0; };\n",
	    1);
	snprintf(w->copy, sizeof w->copy, "%s/copy.db", w->d.dir);
	snprintf(w->moved, sizeof w->moved, "%s/moved.db", w->d.dir);
	return w;
}

static struct client *
alice(struct world *w)
{
	return &w->d.t[0].p[0].cl;
}

/* Waits for the bot to say something containing want in the channel, as
 * alice sees it; the line. */
static const char *
expect_public(struct world *w, const char *want)
{
	char pattern[256];
	const char *line;

	snprintf(pattern, sizeof pattern,
	    ":cheaterbot!* PRIVMSG " CHAN " :*%s*", want);
	line = client_wait_glob(alice(w), pattern, 10000);
	if (line == NULL)
		fail_msg("the bot did not say '%s' in " CHAN, want);
	return line;
}

static void
test_deal(void **state)
{
	struct world *w = world_up(state);
	char text[1024];
	const char *line, *by;

	driver_raw(&w->d, 0, 0, "PRIVMSG " CHAN " :!play cheat");
	expect_public(w, "alice opens a Cheat lobby");
	driver_raw(&w->d, 0, 1, "PRIVMSG " CHAN " :!join");
	expect_public(w, "bob sits in");
	driver_raw(&w->d, 0, 0, "PRIVMSG " CHAN " :!start");
	/* Announced, so already committed (write-ahead). */
	line = expect_public(w, "dealt by ");
	client_strip(line, text, sizeof text);
	by = strstr(text, "dealt by ") + strlen("dealt by ");
	snprintf(
	    w->dealer, sizeof w->dealer, "%.*s", (int)strcspn(by, ": "), by);
	assert_true(
	    strcmp(w->dealer, "alice") == 0 || strcmp(w->dealer, "bob") == 0);
}

static void
test_second_bot_refused(void **state)
{
	struct world *w = *state;
	char want[PATH_MAX + 128];

	assert_int_equal(start_bot(w, &w->other, "second"), 0);
	assert_int_equal(ngircd_bot_wait(&w->other, 10000), 1);
	snprintf(want, sizeof want,
	    "cheaterbot: error: database '%s' is in use by another cheaterbot "
	    "(pid %ld)\n",
	    w->d.db, (long)w->d.bot.pid);
	assert_true(ngircd_bot_wait_log(&w->other, want, 0));
	/* It never reached the server: no one took the fallback nick. */
	assert_false(ngircd_bot_wait_log(&w->other, "connecting", 0));
	assert_null(client_wait_glob(alice(w), ":cheaterbot_!*", 500));
	/* The first bot plays on. */
	assert_true(ngircd_bot_alive(&w->d.bot));
	driver_raw(&w->d, 0, 0, "PRIVMSG " CHAN " :!games");
	expect_public(w, "Games: ");
}

/* Runs `cheaterbot -c CONF --db DB FLAG dest` (--backup, --copy-to)
 * with its log at dir/NAME.log; its exit status. */
static int
run_task(struct world *w, const char *flag, const char *db, const char *dest,
    const char *name)
{
	const char *args[] = {"-c", w->d.conf, "--db", db, flag, dest, NULL};

	ngircd_bot_stop(&w->other); /* as in start_bot() */
	assert_int_equal(ngircd_bot_start(&w->other, w->d.dir, name, args), 0);
	return ngircd_bot_wait(&w->other, 20000);
}

/* The players, games and seats of the database at path (a file name or
 * a URI), every column, as the sqlite3 tool prints them. */
static void
dump(const char *path, char *out, size_t size)
{
	static const char sql[] = "SELECT * FROM players ORDER BY id;"
	                          "SELECT * FROM games ORDER BY id;"
	                          "SELECT * FROM game_players"
	                          " ORDER BY game, seat;";

	assert_int_equal(store_files_cli(path, sql, out, size), 0);
}

static void
test_backup_live(void **state)
{
	struct world *w = *state;
	char want[2 * PATH_MAX + 64], live[4096], got[4096], uri[PATH_MAX + 16];
	struct store_game *g;
	struct store *s;
	char *cause = NULL;
	int i;

	assert_int_equal(run_task(w, "--backup", w->d.db, w->copy, "backup"), 0);
	snprintf(want, sizeof want, "cheaterbot: info: backup of %s written to %s\n",
	    w->d.db, w->copy);
	assert_true(ngircd_bot_wait_log(&w->other, want, 0));
	assert_true(ngircd_bot_alive(&w->d.bot));

	s = store_open_readonly(w->copy, &cause);
	if (s == NULL)
		fail_msg("%s", cause);
	if (store_check(s, &cause) != 0)
		fail_msg("%s", cause);
	snprintf(uri, sizeof uri, "file:%s?mode=ro", w->d.db);
	dump(uri, live, sizeof live);
	dump(w->copy, got, sizeof got);
	assert_string_equal(got, live);

	/* The game as the bot recorded it: dealer and identities. */
	g = store_game_load(s, 1, &cause);
	if (g == NULL)
		fail_msg("%s", cause);
	assert_string_equal(g->channel, CHAN);
	assert_int_equal(g->nseats, 2);
	assert_string_equal(g->seats[g->dealer].nick, w->dealer);
	for (i = 0; i < 2; i++) {
		snprintf(want, sizeof want, "h:*%s@*", g->seats[i].nick);
		if (fnmatch(want, g->seats[i].ident, 0) != 0)
			fail_msg("seat %d: ident '%s'", i, g->seats[i].ident);
	}
	store_game_free(g);
	assert_int_equal(store_deals(s, CHAN, NULL), 1);
	store_close(s);
}

static void
test_backup_refusals(void **state)
{
	struct world *w = *state;
	char want[PATH_MAX + 64], none[PATH_MAX], copy[PATH_MAX];
	struct stat before, after;

	/* Never over an existing file, the last copy included. */
	assert_int_equal(stat(w->copy, &before), 0);
	assert_int_equal(run_task(w, "--backup", w->d.db, w->copy, "again"), 1);
	snprintf(
	    want, sizeof want, "cheaterbot: error: '%s' already exists\n", w->copy);
	assert_true(ngircd_bot_wait_log(&w->other, want, 0));
	assert_int_equal(stat(w->copy, &after), 0);
	assert_true(before.st_size == after.st_size &&
	            before.st_mtim.tv_sec == after.st_mtim.tv_sec &&
	            before.st_mtim.tv_nsec == after.st_mtim.tv_nsec);

	/* A database that is not there is not made, nor is a copy. */
	snprintf(none, sizeof none, "%s/none.db", w->d.dir);
	snprintf(copy, sizeof copy, "%s/none-copy.db", w->d.dir);
	assert_int_equal(run_task(w, "--backup", none, copy, "none"), 1);
	snprintf(want, sizeof want,
	    "cheaterbot: error: database '%s': unable to open database file", none);
	assert_true(ngircd_bot_wait_log(&w->other, want, 0));
	assert_int_equal(access(none, F_OK), -1);
	assert_int_equal(access(copy, F_OK), -1);
	assert_true(ngircd_bot_alive(&w->d.bot));
}

/* --copy-to while the bot runs on the database: refused in one line,
 * status 1, before the target is touched, as a prune tells a running bot
 * (the claim); the bot plays on. */
static void
test_copy_refused(void **state)
{
	struct world *w = *state;
	char want[2 * PATH_MAX + 192], *log;

	assert_int_equal(
	    run_task(w, "--copy-to", w->d.db, w->moved, "copy-refused"), 1);
	snprintf(want, sizeof want, "cheaterbot: error: --copy-to: database "
	    "'%s' is in use by another cheaterbot (pid %ld): stop it first, "
	    "so that nothing it writes is missing from the copy\n", w->d.db,
	    (long)w->d.bot.pid);
	log = text_file_read(w->other.log);
	assert_non_null(log);
	assert_string_equal(log, want);
	free(log);
	assert_int_equal(access(w->moved, F_OK), -1);
	assert_true(ngircd_bot_alive(&w->d.bot));
	driver_raw(&w->d, 0, 0, "PRIVMSG " CHAN " :!games");
	expect_public(w, "Games: ");
}

/* The claim goes with the bot: once it has stopped, another starts on
 * the same database and plays. */
static void
test_claim_released(void **state)
{
	struct world *w = *state;

	assert_int_equal(ngircd_bot_stop(&w->d.bot), 0);
	assert_non_null(client_wait_glob(alice(w), ":cheaterbot!* QUIT *", 0));
	assert_int_equal(start_bot(w, &w->d.bot, "restarted"), 0);
	assert_non_null(client_wait_glob(alice(w), BOT_JOIN, 10000));
	driver_raw(&w->d, 0, 0, "PRIVMSG " CHAN " :!games");
	expect_public(w, "Games: ");
	assert_int_equal(ngircd_bot_stop(&w->d.bot), 0);
}

/* Once the bot stopped, the same --copy-to copies: the players, games
 * and seats alike. */
static void
test_copy_stopped(void **state)
{
	struct world *w = *state;
	char want[2 * PATH_MAX + 64], live[4096], got[4096];

	assert_false(ngircd_bot_alive(&w->d.bot));
	assert_int_equal(
	    run_task(w, "--copy-to", w->d.db, w->moved, "copy"), 0);
	snprintf(want, sizeof want, "cheaterbot: info: copied %s into %s: ",
	    w->d.db, w->moved);
	assert_true(ngircd_bot_wait_log(&w->other, want, 0));
	dump(w->d.db, live, sizeof live);
	dump(w->moved, got, sizeof got);
	assert_string_equal(got, live);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_deal),
	    cmocka_unit_test(test_second_bot_refused),
	    cmocka_unit_test(test_backup_live),
	    cmocka_unit_test(test_backup_refusals),
	    cmocka_unit_test(test_copy_refused),
	    cmocka_unit_test(test_claim_released),
	    cmocka_unit_test(test_copy_stopped),
	};

	return cmocka_run_group_tests_name(
	    "database processes", tests, world_setup, world_teardown);
}
