/*
 * Real SQLite files for the unit suites of storage/ (tests/unit/
 * test-store*.c): each test gets a fresh directory under /tmp with an open
 * database, bot.db, removed with everything in it afterwards; the sqlite3
 * command-line tool (a Makefile dependency) looks at a file from outside,
 * as an operator would; and the small steps most tests take (a player, a
 * game, a move) fail the running test when they fail.  Its helpers use
 * cmocka, so a suite includes <cmocka.h> (and what cmocka needs) first.
 */
#ifndef TESTS_STORE_FILES_H
#define TESTS_STORE_FILES_H

#include <stddef.h>
#include <stdint.h>

#include "storage/store.h"

struct store_fixture {
	char dir[64];
	char path[128];  /* dir/bot.db */
	struct store *s; /* open on path; NULL once a test closed it */
};

/* The migration scripts of storage/schema.c as released, version 1's
 * first: a released script never changes, so these build the files an
 * older cheaterbot wrote, for the migration tests (run them with the
 * sqlite3 tool, then PRAGMA user_version = N). */
#define STORE_FILES_RELEASED 9
/* The schema version this cheaterbot migrates every file to. */
#define STORE_FILES_CURRENT "11"
extern const char *const store_files_released[STORE_FILES_RELEASED];

/* cmocka per-test setup and teardown: the directory and the open store;
 * the store closed (if open) and the directory removed. */
int store_files_setup(void **state);
int store_files_teardown(void **state);
/* A cmocka test run with them. */
#define STORE_FILES_TEST(name)                                                 \
	cmocka_unit_test_setup_teardown(                                       \
	    name, store_files_setup, store_files_teardown)

/* Closes f's store and opens path instead (failing the test if it
 * cannot); the new store. */
struct store *store_files_reopen(struct store_fixture *f, const char *path);

/* Checks that a call failed (rc -1) with a cause containing want, then
 * frees the cause and clears *cause for the next call. */
void expect_cause(int64_t rc, char **cause, const char *want);

/* Runs the sqlite3 tool on path with one line of SQL; its output (stdout
 * and stderr), trailing newlines removed, goes to out.  The tool's exit
 * status. */
int store_files_cli(const char *path, const char *sql, char *out, size_t size);
/* Asserts that the sqlite3 tool prints want for sql (and succeeds). */
void store_files_cli_expect(
    const char *path, const char *sql, const char *want);

/* The player with key, its nick updated. */
int64_t store_files_player(struct store *s, const char *key, const char *nick);
/* A game of variant in #cheater, options "rounds=3", seed 42, dealt by
 * seat 0, seat i's ident "h:pI@host.test". */
int64_t store_files_begin(
    struct store *s, const char *variant, int nseats, const int64_t *players);
/* Stores move n of game. */
void store_files_move(
    struct store *s, int64_t game, int n, int seat, const char *text);

#endif
