/*
 * Storage that fails while the bot runs, with a real ngircd and the real
 * bot binary (tests/lib/driver.h): the database's files made immutable
 * mid-game (chattr +i: SQLite's -shm is mapped into memory, and a write
 * fault there used to kill the bot with SIGBUS and not a word), and its
 * directory removed.  In both the bot keeps running, refuses the move with
 * the line a player gets when a move cannot be saved, tells the admin
 * (alice) and the log; the files made writable again, the game goes on to
 * its end.  At start: a database that cannot be written stops the bot
 * with status 1 and a clear line, and an empty file is warned about.
 * --prune beside a running bot drops a finished game's log, and the game
 * then refuses !replay and --replay with one line.
 *
 * chattr needs a file system with the immutable flag (ext4, xfs, btrfs)
 * and the right to set it (root): without either, the tests that need it
 * are skipped, saying why.  A teardown clears the flags it set, even when
 * a test failed, so the directory can be removed.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "games/game.h"
#include "tests/lib/driver.h"

/* Windows closed at once, so a whole game takes seconds, not minutes. */
#define CONF                                                                   \
	"timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n"      \
	"    challenge_tie = 0; challenge_close = 1; lobby_start = 0; };\n"  \
	"flood = { burst = 100; interval = 0.001; user_interval = 0; };\n"    \
	"commands = { admins = [ \"alice!*@*\" ]; };\n"
#define REFUSED "I could not save that move"
#define TOLD "I cannot write my database"
/* The bot's watch looks every 10 s (DBWATCH_MS): noticed within this. */
#define NOTICE_MS 25000

/* What a test started, and the files it made immutable. */
struct world {
	struct driver d;
	struct ngircd_bot other;	/* a bot run once, or --prune */
	char immutable[4][PATH_MAX];	/* "" when none */
	char sub[PATH_MAX / 2];		/* the database's own directory */
};

/* Runs chattr with flag (+i, -i) on path: its exit status. */
static int
chattr(const char *flag, const char *path)
{
	char cmd[PATH_MAX + 64];
	int rc;

	snprintf(cmd, sizeof cmd, "chattr %s '%s' 2>/dev/null", flag, path);
	rc = system(cmd);
	return rc == -1 || !WIFEXITED(rc) ? -1 : WEXITSTATUS(rc);
}

/* Makes path immutable, noted for the teardown; fails the test if it
 * cannot. */
static void
freeze(struct world *w, const char *path)
{
	int i;

	for (i = 0; i < 4 && w->immutable[i][0] != '\0'; i++)
		;
	assert_true(i < 4);
	snprintf(w->immutable[i], sizeof w->immutable[i], "%s", path);
	if (chattr("+i", path) != 0)
		fail_msg("chattr +i %s failed", path);
}

/* Clears every flag set. */
static void
thaw(struct world *w)
{
	int i;

	for (i = 0; i < 4; i++) {
		if (w->immutable[i][0] != '\0')
			(void)chattr("-i", w->immutable[i]);
		w->immutable[i][0] = '\0';
	}
}

/* Skips the test, saying why, unless this file system lets a file be
 * made immutable here. */
static void
need_chattr(void)
{
	char *dir = ngircd_tmpdir(), path[PATH_MAX];
	FILE *f;
	int ok;

	assert_non_null(dir);
	snprintf(path, sizeof path, "%s/probe", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
	ok = chattr("+i", path) == 0;
	(void)chattr("-i", path);
	ngircd_rmdir(dir);
	free(dir);
	if (!ok) {
		print_message("skipped: chattr +i does not work here (no "
		    "chattr, not root, or a file system without the immutable "
		    "flag, e.g. tmpfs): set TMPDIR to a directory on ext4\n");
		skip();
	}
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
	thaw(w);
	ngircd_bot_stop(&w->other);
	if (w->d.ntables == 0 && w->d.dir != NULL) {
		/* test_start(): a directory, no driver. */
		ngircd_rmdir(w->d.dir);
		free(w->d.dir);
		w->d.dir = NULL;
	}
	driver_close(&w->d);
	free(w);
	*state = NULL;
	return 0;
}

/* ngircd, alice (an admin) and bob in #db, the bot with its database in
 * a directory of its own, dir/data/bot.db. */
static struct driver *
world_up(struct world *w)
{
	static const char *const nicks[] = {"alice", "bob"};
	struct driver *d = &w->d;

	driver_name(d, 0, "#db", nicks, 2);
	d->no_bot = 1;
	driver_open(d, 1, CONF, 7);
	snprintf(w->sub, sizeof w->sub, "%s/data", d->dir);
	assert_int_equal(mkdir(w->sub, 0755), 0);
	snprintf(d->db, sizeof d->db, "%s/bot.db", w->sub);
	driver_bot_up(d);
	return d;
}

/* Sends the next move of table 0's game, which the bot must refuse
 * (nothing is read from the database meanwhile): the player who typed it
 * is told it was not saved, and the move is forgotten. */
static void
move_refused(struct world *w)
{
	struct driver *d = &w->d;
	struct driver_table *t = &d->t[0];
	size_t from[DRIVER_POOL_MAX];
	int i, who;

	for (i = 0; i < d->pool; i++)
		from[i] = t->p[i].cl.nlines;
	while (t->state == DRIVER_READY && !driver_send(d, 0))
		driver_pump(d, 50);
	assert_int_equal(t->state, DRIVER_SENT);
	who = t->player[t->sent.seat];
	driver_wait_private(d, 0, who, from[who], REFUSED, 10000);
	driver_forget(d, 0);
}

/* The database's three files made immutable mid-game, flushed to disk so
 * that the next write to the mapped -shm faults: the move is refused and
 * nobody dies; the files thawed, the game is played to its end. */
static void
test_immutable(void **state)
{
	struct world *w = *state;
	struct driver *d;
	char path[PATH_MAX + 8], cmd[PATH_MAX + 64];
	size_t from;

	need_chattr();
	d = world_up(w);
	driver_deal_from(d, 0, game_named("cheat"), 2, 0);
	/* An operator's checkpoint (the sqlite3 shell): the bot's next
	 * write starts the WAL again, writing the -shm's header. */
	snprintf(cmd, sizeof cmd, "sqlite3 '%s' 'PRAGMA wal_checkpoint' "
	    ">/dev/null", d->db);
	assert_int_equal(system(cmd), 0);
	from = d->t[0].p[0].cl.nlines;
	freeze(w, d->db);
	snprintf(path, sizeof path, "%s-wal", d->db);
	freeze(w, path);
	snprintf(path, sizeof path, "%s-shm", d->db);
	freeze(w, path);
	/* Written back, the -shm's pages take a write fault again. */
	sync();
	move_refused(w);
	driver_wait_private(d, 0, 0, from, TOLD, NOTICE_MS);
	if (!ngircd_bot_wait_log(&d->bot, "-shm' cannot be written "
	    "(Operation not permitted)", NOTICE_MS) &&
	    !ngircd_bot_wait_log(&d->bot, "cannot be written", 1000))
		driver_fail(d, "the log does not say the database cannot be "
		    "written");
	assert_true(ngircd_bot_alive(&d->bot));

	from = d->t[0].p[0].cl.nlines;
	thaw(w);
	driver_wait_private(d, 0, 0, from, "can be written again",
	    NOTICE_MS);
	assert_true(ngircd_bot_wait_log(&d->bot, "the database can be "
	    "written again", 1000));
	driver_play(d, 0, 2000, 20);
	driver_check_stats(d);
	driver_check_db(d);
	assert_int_equal(driver_bot_stop(d), 0);
}

/* The database's directory removed while a game is played: the watch
 * notices with no move made, tells alice and the log, and the next move
 * is refused; the bot runs on and stops cleanly. */
static void
test_directory_removed(void **state)
{
	struct world *w = *state;
	struct driver *d = world_up(w);
	char cmd[PATH_MAX + 16];
	size_t from;

	driver_deal_from(d, 0, game_named("cheat"), 2, 0);
	from = d->t[0].p[0].cl.nlines;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", w->sub);
	assert_int_equal(system(cmd), 0);
	if (!ngircd_bot_wait_log(&d->bot, "bot.db' is gone (No such file or "
	    "directory): moves are refused", NOTICE_MS))
		driver_fail(d, "the bot did not notice its database is gone");
	driver_wait_private(d, 0, 0, from, TOLD, 5000);
	move_refused(w);
	assert_true(ngircd_bot_alive(&d->bot));
	assert_int_equal(driver_bot_stop(d), 0);
}

/* Runs the bot on db with flags more (NULL-terminated, at most 4), its
 * log dir/NAME.log (the world's directory), on a port where nothing
 * listens; waits up to ms for it
 * to end: its exit status, -1 if it still runs. */
static int
run_bot(struct world *w, const char *name, const char *db,
    const char *const *more, int ms)
{
	char port[16];
	const char *args[16] = {"--server", "127.0.0.1", "--port", port,
	    "--channel", "#db", "--db", db, NULL};
	int n = 8, i;

	snprintf(port, sizeof port, "%d", ngircd_free_port());
	for (i = 0; more != NULL && more[i] != NULL; i++)
		args[n++] = more[i];
	args[n] = NULL;
	assert_int_equal(ngircd_bot_start(&w->other, w->d.dir, name, args),
	    0);
	return ngircd_bot_wait(&w->other, ms);
}

/* At start: a file there with nothing in it is warned about; a file that
 * cannot be written (immutable: SQLite opens it read-only without a
 * word), or a directory where the -wal cannot be made, stops the bot at
 * once with status 1 and says so. */
static void
test_start(void **state)
{
	struct world *w = *state;
	char db[PATH_MAX / 2 + 16], cmd[PATH_MAX + 64], *dir;
	FILE *f;

	need_chattr();
	/* The logs in dir, the database in dir/data. */
	dir = ngircd_tmpdir();
	assert_non_null(dir);
	w->d.dir = dir;
	snprintf(w->sub, sizeof w->sub, "%s/data", dir);
	assert_int_equal(mkdir(w->sub, 0755), 0);
	snprintf(db, sizeof db, "%s/empty.db", w->sub);
	f = fopen(db, "w");
	assert_non_null(f);
	fclose(f);
	assert_int_equal(run_bot(w, "empty", db, NULL, 0), -1);
	assert_true(ngircd_bot_wait_log(&w->other, "warn: database ", 10000));
	assert_true(ngircd_bot_wait_log(&w->other, "empty.db was an empty "
	    "file (0 bytes): a new database was made in it", 1000));
	/* In its loop, where SIGTERM stops it with status 0. */
	assert_true(ngircd_bot_wait_log(&w->other, "info: connecting to ",
	    10000));
	assert_int_equal(ngircd_bot_stop(&w->other), 0);

	/* The same file, made immutable. */
	snprintf(cmd, sizeof cmd, "rm -f '%s-wal' '%s-shm'", db, db);
	assert_int_equal(system(cmd), 0);
	freeze(w, db);
	assert_int_equal(run_bot(w, "ro-file", db, NULL, 10000), 1);
	assert_true(ngircd_bot_wait_log(&w->other, "error: database '", 0));
	assert_true(ngircd_bot_wait_log(&w->other, "empty.db' can only be "
	    "read", 0));
	thaw(w);

	/* The directory made immutable: no -wal can be made in it (the
	 * read-only open above may have left one). */
	assert_int_equal(system(cmd), 0);
	freeze(w, w->sub);
	assert_int_equal(run_bot(w, "ro-dir", db, NULL, 10000), 1);
	assert_true(ngircd_bot_wait_log(&w->other, "error: database '", 0));
	assert_true(ngircd_bot_wait_log(&w->other, "cannot be written", 0));
	thaw(w);
}

/* --prune 0 beside the running bot after a game: the log says one game
 * was pruned; !replay and --replay of it refuse with one line; the
 * results stay. */
static void
test_prune(void **state)
{
	struct world *w = *state;
	struct driver *d = world_up(w);
	const char *prune[] = {"--prune", "0", NULL};
	const char *replay[] = {"--replay", "1", NULL};
	char out[256];
	size_t from;

	driver_deal_from(d, 0, game_named("cheat"), 2, 0);
	driver_play(d, 0, 2000, 20);
	driver_check_stats(d);
	/* The game ended in this second: --prune 0 drops what ended
	 * before now, so wait for the next one. */
	sleep(2);
	assert_int_equal(run_bot(w, "prune", d->db, prune, 20000), 0);
	assert_true(ngircd_bot_wait_log(&w->other, "the move log of 1 game "
	    "over before", 0));
	assert_true(ngircd_bot_wait_log(&w->other, "in use by another "
	    "cheaterbot", 0));
	driver_sql(d, "SELECT count(*) FROM moves WHERE game = 1", out,
	    sizeof out);
	assert_string_equal(out, "0\n");
	driver_sql(d, "SELECT count(*) FROM results WHERE game = 1", out,
	    sizeof out);
	assert_string_equal(out, "2\n");
	driver_check_stats(d);

	from = d->t[0].p[1].cl.nlines;
	driver_raw(d, 0, 1, "PRIVMSG cheaterbot :!replay 1");
	driver_wait_private(d, 0, 1, from, "game 1 cannot be replayed: the "
	    "moves of game 1 were pruned on ", 10000);
	assert_int_equal(run_bot(w, "replay", d->db, replay, 20000), 1);
	assert_true(ngircd_bot_wait_log(&w->other, "error: game 1 cannot be "
	    "replayed: the moves of game 1 were pruned on ", 0));
	assert_true(ngircd_bot_alive(&d->bot));
	assert_int_equal(driver_bot_stop(d), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_immutable, world_setup,
		    world_teardown),
		cmocka_unit_test_setup_teardown(test_directory_removed,
		    world_setup, world_teardown),
		cmocka_unit_test_setup_teardown(test_start, world_setup,
		    world_teardown),
		cmocka_unit_test_setup_teardown(test_prune, world_setup,
		    world_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
