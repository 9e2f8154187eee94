/*
 * Real databases for the unit suites of storage/ (tests/unit/
 * test-store*.c): each test gets a fresh directory under /tmp with an open
 * database, bot.db, removed with everything in it afterwards; the sqlite3
 * command-line tool (a Makefile dependency) looks at a file from outside,
 * as an operator would; and the small steps most tests take (a player, a
 * game, a move) fail the running test when they fail.  Its helpers use
 * cmocka, so a suite includes <cmocka.h> (and what cmocka needs) first.
 *
 * With STORE_ENGINE=pgsql in the environment (make test runs the suites
 * so a second time, through build/test/pg/), the same tests run on
 * PostgreSQL instead: the suite starts a private server once
 * (tests/lib/pgsql.h), each test gets a database of its own on it, made
 * before and dropped after, and path is its libpq URI;
 * store_files_cli() then runs its SQL through libpq and prints the rows
 * as the sqlite3 tool does.  The tests that need a file (its header, the
 * tool's PRAGMAs, older schemas built by SQLite scripts) are marked with
 * STORE_FILES_SQLITE_TEST and left out there, which the suite's output
 * says.
 */
#ifndef TESTS_STORE_FILES_H
#define TESTS_STORE_FILES_H

#include <stddef.h>
#include <stdint.h>

#include "storage/store.h"

struct store_fixture {
	char dir[64];
	char path[128]; /* dir/bot.db, or the test's PostgreSQL URI */
	struct store *s; /* open on path; NULL once a test closed it */
};

/* The migration scripts of storage/schema.c as released, version 1's
 * first: a released script never changes, so these build the files an
 * older cheaterbot wrote, for the migration tests (run them with the
 * sqlite3 tool, then PRAGMA user_version = N). */
#define STORE_FILES_RELEASED 12
/* The schema version this cheaterbot migrates every file to. */
#define STORE_FILES_CURRENT "14"
extern const char *const store_files_released[STORE_FILES_RELEASED];

/* cmocka per-test setup and teardown: the directory and the open store;
 * the store closed (if open) and the directory removed. */
int store_files_setup(void **state);
int store_files_teardown(void **state);
/* A cmocka test run with them. */
#define STORE_FILES_TEST(name)                                                 \
	cmocka_unit_test_setup_teardown(                                       \
	    name, store_files_setup, store_files_teardown)
/* The same, for a test that needs SQLite's file. */
int store_files_setup_sqlite(void **state);
#define STORE_FILES_SQLITE_TEST(name)                                          \
	cmocka_unit_test_setup_teardown(                                       \
	    name, store_files_setup_sqlite, store_files_teardown)

/* Whether the suite runs on PostgreSQL (STORE_ENGINE=pgsql). */
int store_files_pgsql(void);
/* The words each engine's refusal of a row has. */
#define STORE_FILES_FK_FAILED                                                  \
	(store_files_pgsql() ? "violates foreign key constraint"               \
			     : "FOREIGN KEY constraint failed")
#define STORE_FILES_UNIQUE_FAILED                                              \
	(store_files_pgsql() ? "violates unique constraint"                    \
			     : "UNIQUE constraint failed")
#define STORE_FILES_CHECK_FAILED                                               \
	(store_files_pgsql() ? "violates check constraint"                     \
			     : "CHECK constraint failed")
/* Runs a suite's tests on the engine the environment names (those of
 * STORE_FILES_SQLITE_TEST only on SQLite), its group named for the
 * engine, and stops the private server if one was started.  main()'s
 * exit status. */
int store_files_run(const struct CMUnitTest *tests, size_t count);
#define STORE_FILES_RUN(tests)                                                 \
	store_files_run(tests, sizeof(tests) / sizeof((tests)[0]))

/* What a check of the whole database finds wrong, as the sqlite3 tool
 * prints it: SQLite's integrity_check must say "ok" and its
 * foreign_key_check nothing.  On PostgreSQL, which checks every foreign
 * key at each statement and its pages itself, the same rows are asked
 * for through the catalogue: no foreign key or check constraint is left
 * NOT VALID. */
void store_files_check(const char *path);

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
/* The SQL that reads the schema version of the database at path (PRAGMA
 * user_version, or PostgreSQL's schema_version row), and that sets it to
 * version, into buf. */
const char *store_files_version_sql(const char *path);
void store_files_set_version(const char *path, int version);
/* Asserts that the sqlite3 tool prints want for sql (and succeeds). */
void store_files_cli_expect(
    const char *path, const char *sql, const char *want);

/* The player with key, its nick updated; one with an "ai:" key is
 * remembered for the rest of the test as an AI player. */
int64_t store_files_player(struct store *s, const char *key, const char *nick);
/* Whether store_files_player() made player, in this test, with an "ai:"
 * key. */
int store_files_is_ai(int64_t player);
/* A game of variant in #cheater, options "rounds=3", seed 42, dealt by
 * seat 0, seat i's ident "h:pI@host.test", or "ai:normal" for an AI
 * player (store_files_is_ai()). */
int64_t store_files_begin(
    struct store *s, const char *variant, int nseats, const int64_t *players);
/* The same with each seat's level: levels[i] "easy", "normal" or "hard"
 * seats an AI seat of that level ("ai:LEVEL"), NULL a person. */
int64_t store_files_begin_levels(struct store *s, const char *variant,
    int nseats, const int64_t *players, const char *const *levels);
/* Stores move n of game. */
void store_files_move(
    struct store *s, int64_t game, int n, int seat, const char *text);

/* Asserts that nick's rating of variant (with solo, their solo rating)
 * is mu +- sigma, each to within, after games games. */
void store_files_expect_rating(struct store *s, int solo, const char *nick,
    const char *variant, double mu, double sigma, double within, int games);

#endif
