/*
 * Unit tests of the live backup and the integrity check (storage/
 * db-file.c), on real SQLite files (tests/lib/store-files.h): a copy equal
 * to the live file, never over an existing file, copies taken while
 * another process writes (a child made with fork(), tests/lib/child.h,
 * forked while the parent has no connection to the database open), a
 * failed copy leaving nothing, and a damaged index found.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/child.h"
#include "tests/lib/store-files.h"

/* Fills f's database: two players with a preference, a finished game and
 * a running one with moves. */
static int64_t
fill(struct store_fixture *f)
{
	struct store_seat_result r[2];
	int64_t seats[2], game;
	char text[32];
	int i, n;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "a:ben", "Ben");
	assert_int_equal(store_pref_set(f->s, seats[0], "colour", 0, NULL), 0);
	game = store_files_begin(f->s, "cheat", 2, seats);
	store_files_move(f->s, game, 0, 0, "0 play 1");
	memset(r, 0, sizeof r);
	r[1].won = r[1].place = 1;
	r[0].place = 2;
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, NULL, NULL, 0, &n, NULL), 0);
	game = store_files_begin(f->s, "cheat", 2, seats);
	for (i = 0; i < 20; i++) {
		snprintf(text, sizeof text, "%d play %d", i % 2, i);
		store_files_move(f->s, game, i, i % 2, text);
	}
	return game;
}

/* Every row of every table of the database at path, as text. */
static void
dump(const char *path, char *out, size_t size)
{
	static const char sql[] =
	    "SELECT 'v', * FROM pragma_user_version;"
	    "SELECT 'p', id, key, nick, first_seen, last_seen FROM players;"
	    "SELECT 'f', * FROM prefs;"
	    "SELECT 'g', * FROM games;"
	    "SELECT 's', * FROM game_players;"
	    "SELECT 'm', * FROM moves;"
	    "SELECT 'r', * FROM results;"
	    "SELECT 't', * FROM stats;";

	assert_int_equal(store_files_cli(path, sql, out, size), 0);
}

/* Opens the copy at path read-only and checks it: the store. */
static struct store *
open_copy(const char *path)
{
	struct store *s;
	char *cause = NULL;

	s = store_open_readonly(path, &cause);
	if (s == NULL)
		fail_msg("store_open_readonly '%s': %s", path, cause);
	if (store_check(s, &cause) != 0)
		fail_msg("store_check '%s': %s", path, cause);
	return s;
}

static void
test_backup(void **state)
{
	struct store_fixture *f = *state;
	char copy[256], want[600], live[8192], got[8192], *cause = NULL;
	struct stat before, after;
	struct store *s;

	fill(f);
	/* The live file's last writes are still in its -wal: the copy has
	 * them, and is whole without it. */
	snprintf(copy, sizeof copy, "%s/copy.db", f->dir);
	if (store_backup(f->s, copy, &cause) != 0)
		fail_msg("store_backup: %s", cause);
	dump(f->path, live, sizeof live);
	dump(copy, got, sizeof got);
	assert_true(strlen(live) > 500);
	assert_string_equal(got, live);
	s = open_copy(copy);
	assert_int_equal(store_deals(s, "#cheater", NULL), 2);
	store_close(s);

	/* Never over an existing file. */
	assert_int_equal(stat(copy, &before), 0);
	snprintf(want, sizeof want, "'%s' already exists", copy);
	expect_cause(store_backup(f->s, copy, &cause), &cause, want);
	assert_int_equal(stat(copy, &after), 0);
	assert_true(before.st_size == after.st_size &&
	            before.st_mtim.tv_sec == after.st_mtim.tv_sec &&
	            before.st_mtim.tv_nsec == after.st_mtim.tv_nsec);
	dump(copy, got, sizeof got);
	assert_string_equal(got, live);

	snprintf(copy, sizeof copy, "%s/no/such/dir.db", f->dir);
	snprintf(want, sizeof want,
	    "cannot create '%s': No such file or directory", copy);
	expect_cause(store_backup(f->s, copy, &cause), &cause, want);
	assert_int_equal(access(copy, F_OK), -1);
}

static void
test_backup_odd_names(void **state)
{
	struct store_fixture *f = *state;
	char cwd[4096], copy[256], live[8192], got[8192], *cause = NULL;
	struct store *mem;
	int64_t id;

	/* A relative name that looks like a URI is still a file name. */
	fill(f);
	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir(f->dir), 0);
	if (store_backup(f->s, "file:copy.db?mode=memory", &cause) != 0) {
		assert_int_equal(chdir(cwd), 0);
		fail_msg("store_backup: %s", cause);
	}
	assert_int_equal(chdir(cwd), 0);
	snprintf(copy, sizeof copy, "%s/file:copy.db?mode=memory", f->dir);
	dump(f->path, live, sizeof live);
	dump(copy, got, sizeof got);
	assert_string_equal(got, live);

	/* A database in memory can be kept in a file. */
	mem = store_open(":memory:", NULL);
	assert_non_null(mem);
	id = store_files_player(mem, "n:mem", "mem");
	assert_int_equal(id, 1);
	snprintf(copy, sizeof copy, "%s/memory.db", f->dir);
	assert_int_equal(store_backup(mem, copy, NULL), 0);
	store_close(mem);
	store_files_cli_expect(copy, "SELECT id, key FROM players", "1|n:mem");
	store_files_cli_expect(copy, "PRAGMA integrity_check", "ok");
}

/* In a child: stores moves 0, 1, 2, ... of game 1 in the database at
 * path, reporting "started" after the first, until go is closed; then
 * reports the number stored. */
static int
child_write(int go, int report, const char *path)
{
	struct pollfd pfd = {.fd = go, .events = POLLIN};
	struct store *s;
	char text[32], *cause = NULL;
	int n;

	s = store_open(path, &cause);
	if (s == NULL) {
		child_report(report, cause);
		free(cause);
		return 1;
	}
	for (n = 0; n < 1000000 && poll(&pfd, 1, 0) == 0; n++) {
		snprintf(text, sizeof text, "%d play %d", n % 2, n);
		if (store_move(s, 1, n, n % 2, text, &cause) != 0) {
			child_report(report, cause);
			free(cause);
			store_close(s);
			return 1;
		}
		if (n == 0)
			child_report(report, "started");
	}
	dprintf(report, "%d\n", n);
	store_close(s);
	return 0;
}

/* The number of moves of game 1 in s, each checked to be the one stored
 * under its number. */
static int
moves_of(struct store *s)
{
	struct store_game *g;
	char text[32];
	int i, n;

	g = store_game_load(s, 1, NULL);
	assert_non_null(g);
	for (i = 0; i < g->nmoves; i++) {
		snprintf(text, sizeof text, "%d play %d", i % 2, i);
		assert_string_equal(g->moves[i].text, text);
		assert_int_equal(g->moves[i].seat, i % 2);
	}
	n = g->nmoves;
	store_game_free(g);
	return n;
}

static void
test_backup_while_writing(void **state)
{
	struct store_fixture *f = *state;
	int64_t seats[2];
	char copy[256], got[64];
	struct child c;
	struct store *s;
	int i, k, prev = 0, total, tries;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	assert_int_equal(store_files_begin(f->s, "cheat", 2, seats), 1);
	store_close(f->s);
	f->s = NULL;
	child_start(&c, child_write, f->path);
	child_read(&c, got, sizeof got);
	assert_string_equal(got, "started");
	store_files_reopen(f, f->path);
	for (i = 0; i < 5; i++) {
		snprintf(copy, sizeof copy, "%s/copy%d.db", f->dir, i);
		assert_int_equal(store_backup(f->s, copy, NULL), 0);
		s = open_copy(copy);
		k = moves_of(s);
		store_close(s);
		/* A whole prefix of the log, longer than the last. */
		assert_true(k > prev);
		prev = k;
		/* Let the writer get past it before the next copy. */
		for (tries = 0; moves_of(f->s) <= k; tries++) {
			assert_true(tries < 500);
			poll(NULL, 0, 10);
		}
	}
	child_stop(&c);
	child_read(&c, got, sizeof got);
	assert_int_equal(child_wait(&c), 0);
	total = atoi(got);
	assert_true(total > prev);
	assert_int_equal(moves_of(f->s), total);
}

/* In a child: with files limited to 128 KiB, backs the database at path
 * up to path.copy, which is larger; reports the cause, then whether the
 * copy or its journal is left.  0 when the backup failed and left
 * nothing. */
static int
child_backup_small(int go, int report, const char *path)
{
	struct rlimit rl = {128 * 1024, 128 * 1024};
	char copy[256], journal[300], *cause = NULL;
	struct store *s;
	int rc;

	(void)go;
	snprintf(copy, sizeof copy, "%s.copy", path);
	snprintf(journal, sizeof journal, "%s-journal", copy);
	signal(SIGXFSZ, SIG_IGN);
	if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
		return 2;
	s = store_open(path, &cause);
	if (s == NULL) {
		child_report(report, cause);
		free(cause);
		return 2;
	}
	rc = store_backup(s, copy, &cause);
	child_report(report, rc == 0 ? "written" : cause);
	free(cause);
	store_close(s);
	if (rc == 0)
		return 1;
	return access(copy, F_OK) != 0 && access(journal, F_OK) != 0 ? 0 : 3;
}

static void
test_backup_failure_leaves_nothing(void **state)
{
	struct store_fixture *f = *state;
	char text[1024], copy[256], want[512], got[512];
	struct child c;
	int64_t seat;
	int i;

	/* About 300 KiB of moves. */
	seat = store_files_player(f->s, "n:ann", "ann");
	store_files_begin(f->s, "cheat", 1, &seat);
	memset(text, 'x', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	for (i = 0; i < 300; i++)
		store_files_move(f->s, 1, i, 0, text);
	store_close(f->s);
	f->s = NULL;
	child_start(&c, child_backup_small, f->path);
	child_read(&c, got, sizeof got);
	assert_int_equal(child_wait(&c), 0);
	snprintf(copy, sizeof copy, "%s.copy", f->path);
	snprintf(want, sizeof want, "backup to '%s': ", copy);
	if (strncmp(got, want, strlen(want)) != 0)
		fail_msg("cause '%s' does not start with '%s'", got, want);
	assert_int_equal(access(copy, F_OK), -1);

	/* Without the limit, the same copy is made. */
	store_files_reopen(f, f->path);
	assert_int_equal(store_backup(f->s, copy, NULL), 0);
	store_close(open_copy(copy));
}

static void
test_check(void **state)
{
	struct store_fixture *f = *state;
	char want[512], *cause = NULL;

	assert_int_equal(store_check(f->s, &cause), 0);
	fill(f);
	assert_int_equal(store_check(f->s, &cause), 0);
	assert_null(cause);

	/* An index that no longer matches its table, as a bad disk or a
	 * careless edit could leave it. */
	store_close(f->s);
	f->s = NULL;
	store_files_cli_expect(f->path,
	    "PRAGMA writable_schema = ON;"
	    " UPDATE sqlite_schema SET sql ="
	    " 'CREATE INDEX players_nick ON players (key, last_seen)'"
	    " WHERE name = 'players_nick'",
	    "");
	store_files_reopen(f, f->path);
	snprintf(want, sizeof want,
	    "database '%s' is damaged: row 1 missing from index players_nick",
	    f->path);
	expect_cause(store_check(f->s, &cause), &cause, want);
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
#define T(name) STORE_FILES_TEST(name)
	    T(test_backup),
	    T(test_backup_odd_names),
	    T(test_backup_while_writing),
	    T(test_backup_failure_leaves_nothing),
	    T(test_check),
#undef T
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
