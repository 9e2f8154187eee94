/*
 * Unit tests of pruning and of the watch on the database's files
 * (storage/game-log.c, storage/db-watch.c), on real SQLite files
 * (tests/lib/store-files.h): a prune with no bot running drops the move
 * logs of the games over before the time given and vacuums the file, which
 * shrinks; the games keep their results and stats but refuse to load, a
 * running game and a game over after the time keep their moves, and a
 * second prune finds nothing.  A database file replaced under an open
 * store, or its -wal removed, fails store_files_ok(), and every
 * transaction is then refused until the files are back.  An empty file
 * at open is noticed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/store-files.h"

#define GAMES 20
#define MOVES 60

/* A finished game of two with MOVES moves; ann wins. */
static int64_t
finished(struct store *s, const int64_t *seats)
{
	struct store_seat_result r[2];
	char text[64];
	int64_t game;
	int i, n;

	game = store_files_begin(s, "cheat", 2, seats);
	for (i = 0; i < MOVES; i++) {
		snprintf(text, sizeof text, "%d play 4h 4d 4s as 3 fours %d",
		    i % 2, i);
		store_files_move(s, game, i, i % 2, text);
	}
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[1].place = 2;
	assert_int_equal(
	    store_game_finish(s, game, r, 2, NULL, NULL, 0, &n, NULL), 0);
	return game;
}

static off_t
size_of(const char *path)
{
	struct stat sb;

	assert_int_equal(stat(path, &sb), 0);
	return sb.st_size;
}

static void
test_prune_vacuum(void **state)
{
	struct store_fixture *f = *state;
	struct store_prune p;
	struct store_stats st;
	struct store_game *sg;
	int64_t seats[2], first = 0, running;
	char *cause = NULL, out[64];
	off_t before;
	int i;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	for (i = 0; i < GAMES; i++) {
		int64_t g = finished(f->s, seats);

		if (i == 0)
			first = g;
	}
	running = store_files_begin(f->s, "cheat", 2, seats);
	store_files_move(f->s, running, 0, 0, "0 play 1");
	/* Everything in the file, not the -wal, to measure it. */
	f->s = store_files_reopen(f, f->path);
	before = size_of(f->path);

	/* Nothing ended before 1970. */
	assert_int_equal(store_prune(f->s, 0, 0, &p, &cause), 0);
	assert_true(p.games == 0 && p.moves == 0);

	assert_int_equal(store_prune(f->s, (int64_t)time(NULL) + 60, 1, &p,
	    &cause), 0);
	assert_true(p.games == GAMES);
	assert_true(p.moves == (int64_t)GAMES * MOVES);
	assert_true(p.vacuumed);
	assert_true(p.freed > 0);
	f->s = store_files_reopen(f, f->path);
	assert_true(size_of(f->path) < before);
	assert_true(before - size_of(f->path) <= p.freed + 4096);

	/* The records stay; the replay goes. */
	assert_int_equal(store_stats(f->s, "ann", "cheat", &st, &cause), 0);
	assert_int_equal(st.games, GAMES);
	assert_int_equal(st.wins, GAMES);
	sg = store_game_load(f->s, first, &cause);
	assert_null(sg);
	assert_non_null(cause);
	snprintf(out, sizeof out, "the moves of game %lld were pruned on ",
	    (long long)first);
	assert_non_null(strstr(cause, out));
	free(cause);
	cause = NULL;
	/* The game still being played keeps its moves. */
	sg = store_game_load(f->s, running, &cause);
	assert_non_null(sg);
	store_game_free(sg);
	store_files_cli_expect(f->path, "SELECT count(*) FROM moves", "1");

	/* Again: nothing is left to prune. */
	assert_int_equal(store_prune(f->s, (int64_t)time(NULL) + 60, 0, &p,
	    &cause), 0);
	assert_true(p.games == 0 && p.moves == 0);
}

/* A game over after the time given keeps its moves. */
static void
test_prune_keeps_newer(void **state)
{
	struct store_fixture *f = *state;
	struct store_prune p;
	struct store_game *sg;
	int64_t seats[2], game;
	char *cause = NULL;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	game = finished(f->s, seats);
	assert_int_equal(store_prune(f->s, (int64_t)time(NULL) - 3600, 0, &p,
	    &cause), 0);
	assert_true(p.games == 0);
	sg = store_game_load(f->s, game, &cause);
	assert_non_null(sg);
	store_game_free(sg);
}

/* The database replaced under the open store: refused until it is put
 * back. */
static void
test_files_replaced(void **state)
{
	struct store_fixture *f = *state;
	char moved[160], other[160], *cause = NULL;
	struct store *s2;

	assert_true(store_files_player(f->s, "n:ann", "ann") > 0);
	assert_int_equal(store_files_ok(f->s, &cause), 0);
	snprintf(moved, sizeof moved, "%s/moved.db", f->dir);
	snprintf(other, sizeof other, "%s/other.db", f->dir);
	s2 = store_open(other, &cause);
	assert_non_null(s2);
	store_close(s2);
	assert_int_equal(rename(f->path, moved), 0);
	assert_int_equal(rename(other, f->path), 0);
	expect_cause(store_files_ok(f->s, &cause), &cause,
	    "is no longer the file opened");
	expect_cause(store_player(f->s, "n:ben", "ben", &cause), &cause,
	    "is no longer the file opened");
	/* Put back: accepted again. */
	assert_int_equal(rename(f->path, other), 0);
	assert_int_equal(rename(moved, f->path), 0);
	assert_int_equal(store_files_ok(f->s, &cause), 0);
	assert_true(store_player(f->s, "n:ben", "ben", &cause) > 0);
}

/* The -wal removed (its directory cleaned by hand): refused. */
static void
test_files_gone(void **state)
{
	struct store_fixture *f = *state;
	char wal[160], *cause = NULL;

	assert_true(store_files_player(f->s, "n:ann", "ann") > 0);
	snprintf(wal, sizeof wal, "%s-wal", f->path);
	assert_int_equal(unlink(wal), 0);
	expect_cause(store_files_ok(f->s, &cause), &cause, "is gone");
	expect_cause(store_player(f->s, "n:ben", "ben", &cause), &cause,
	    "is gone");
}

/* An empty file at open: a new database in it, and store_was_empty()
 * says so; a database with records does not. */
static void
test_was_empty(void **state)
{
	struct store_fixture *f = *state;
	char empty[160], *cause = NULL;
	struct store *s;
	FILE *fp;

	assert_false(store_was_empty(f->s));
	snprintf(empty, sizeof empty, "%s/empty.db", f->dir);
	fp = fopen(empty, "w");
	assert_non_null(fp);
	fclose(fp);
	s = store_open(empty, &cause);
	assert_non_null(s);
	assert_true(store_was_empty(s));
	assert_int_equal(store_probe(s, &cause), 0);
	store_close(s);
	s = store_open(empty, &cause);
	assert_non_null(s);
	assert_false(store_was_empty(s));
	store_close(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    STORE_FILES_TEST(test_prune_vacuum),
	    STORE_FILES_TEST(test_prune_keeps_newer),
	    STORE_FILES_TEST(test_files_replaced),
	    STORE_FILES_TEST(test_files_gone),
	    STORE_FILES_TEST(test_was_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
