/*
 * db.h's operations, the same checks against both engines: SQLite on a
 * file in a temporary directory, and PostgreSQL on the private server of
 * tests/lib/pgsql.h (a "postgresql://" URI, and once a "postgres://"
 * one).  Each check runs once for each engine (its prestate names the
 * target): the engine chosen by the scheme, a statement prepared with
 * ?N parameters (and a ?N inside a string literal left alone), each
 * bind type ('i', 'I', 'd', 't' and a NULL 't'), each column reader and
 * db_is_null(), the rows walked by db_next() and ended early by
 * db_reset(), db_changes(), transactions committed and rolled back,
 * db_exec() of a script, the schema version read and written, and the
 * text of a failure.  The store's own statements are run on both by the
 * storage suites (build/test/pg/, docs/storage.md, Tests).
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "storage/db.h"
#include "tests/lib/ngircd.h"
#include "tests/lib/pgsql.h"

/* One engine's target, a test's prestate. */
struct target {
	const char *engine; /* "SQLite" or "PostgreSQL" */
	char name[sizeof ((struct pgsql *)0)->uri];
};

/* The group's server and temporary directory. */
static struct pgsql server;
static char *tmp;
static struct target sqlite_target = {"SQLite", ""};
static struct target pgsql_target = {"PostgreSQL", ""};

/* A connection to the test's target, failing the test if it does not
 * open. */
static struct db *
open_target(void **state)
{
	struct target *t = *state;
	struct db *db;

	if (db_open(t->name, 0, &db) != 0) {
		print_error("%s: %s\n", t->name, db_error(db));
		db_close(db, 1);
		fail();
	}
	return db;
}

/* db_exec(), failing the test with the engine's text. */
static void
exec_ok(struct db *db, const char *sql)
{
	if (db_exec(db, sql) != 0)
		fail_msg("%s: %s", sql, db_error(db));
}

/* db_prepare(), failing the test with the engine's text. */
static struct db_stmt *
prepare_ok(struct db *db, const char *sql)
{
	struct db_stmt *st = db_prepare(db, sql);

	if (st == NULL)
		fail_msg("%s: %s", sql, db_error(db));
	return st;
}

/* The engine is the scheme's: a file for SQLite, none for PostgreSQL;
 * "postgres://" is PostgreSQL's too.  A new connection writes and is in
 * no transaction. */
static void
test_open(void **state)
{
	struct target *t = *state;
	char other[sizeof t->name + 8];
	struct db *db = open_target(state);

	if (strcmp(t->engine, "SQLite") == 0) {
		assert_non_null(db_file(db));
		assert_non_null(strstr(db_file(db), "engines.db"));
	} else {
		assert_null(db_file(db));
		assert_int_equal(db_file_was_empty(db), 0);
	}
	assert_int_equal(db_readonly(db), 0);
	assert_int_equal(db_in_transaction(db), 0);
	db_close(db, 0);

	if (strcmp(t->engine, "PostgreSQL") == 0) {
		/* postgresql:///... as postgres:///... */
		snprintf(other, sizeof other, "postgres%s",
		    t->name + strlen("postgresql"));
		assert_int_equal(db_open(other, 1, &db), 0);
		assert_null(db_file(db));
		/* Opened for reading: the session is read-only. */
		assert_int_equal(db_readonly(db), 1);
		assert_int_equal(db_exec(db, "CREATE TABLE ro (x integer)"),
		    -1);
		db_close(db, 1);
	}
}

/* Each bind type into a table and each reader out of it, NULLs
 * included; a ?1 inside a literal is text, not a parameter. */
static void
test_bind_read(void **state)
{
	struct db *db = open_target(state);
	struct db_stmt *ins, *sel, *lit;
	const int64_t big = INT64_C(9007199254740993); /* 2^53 + 1 */

	exec_ok(db, "CREATE TABLE vals (k integer PRIMARY KEY, i integer, "
	            "big bigint, d double precision, s text)");
	ins = prepare_ok(db, "INSERT INTO vals (k, i, big, d, s) "
	                     "VALUES (?1, ?2, ?3, ?4, ?5)");
	assert_int_equal(db_query_args(ins, "iiIdt", 1, -42, big, 0.1, "it's ?2"), 0);
	assert_int_equal(db_changes(db), 1);
	assert_int_equal(db_query_args(ins, "iiIdt", 2, 7, -big, -2.5, NULL), 0);

	sel = prepare_ok(db, "SELECT i, big, d, s, k FROM vals WHERE k = ?1");
	assert_int_equal(db_query_args(sel, "i", 1), 1);
	assert_int_equal(db_int(sel, 0), -42);
	assert_true(db_int64(sel, 1) == big);
	assert_true(db_double(sel, 2) == 0.1);
	assert_string_equal(db_text(sel, 3), "it's ?2");
	assert_int_equal(db_is_null(sel, 3), 0);
	/* A number read as text is its decimal text. */
	assert_string_equal(db_text(sel, 0), "-42");
	assert_string_equal(db_text(sel, 1), "9007199254740993");
	assert_int_equal(db_next(sel), 0);

	assert_int_equal(db_query_args(sel, "i", 2), 1);
	assert_true(db_int64(sel, 1) == -big);
	assert_true(db_double(sel, 2) == -2.5);
	assert_int_equal(db_is_null(sel, 3), 1);
	assert_null(db_text(sel, 3));
	assert_int_equal(db_int(sel, 3), 0);
	assert_true(db_int64(sel, 3) == 0);
	assert_true(db_double(sel, 3) == 0.0);
	assert_int_equal(db_is_null(sel, 0), 0);
	db_reset(sel);

	/* No row at all. */
	assert_int_equal(db_query_args(sel, "i", 3), 0);

	/* '?1' in a literal, and a comment, stay as they are. */
	lit = prepare_ok(db, "SELECT 'a?1''b', ?1 -- not ?2\n");
	assert_int_equal(db_query_args(lit, "t", "x"), 1);
	assert_string_equal(db_text(lit, 0), "a?1'b");
	assert_string_equal(db_text(lit, 1), "x");
	db_reset(lit);

	db_finalize(lit);
	db_finalize(sel);
	db_finalize(ins);
	exec_ok(db, "DROP TABLE vals");
	db_close(db, 0);
}

/* Rows walked one by one to the end, a run ended early and run again,
 * and db_changes() of an UPDATE and a DELETE, which a SELECT leaves. */
static void
test_rows_changes(void **state)
{
	struct db *db = open_target(state);
	struct db_stmt *ins, *sel, *upd, *del;
	int i;

	exec_ok(db, "CREATE TABLE rows (n integer NOT NULL)");
	ins = prepare_ok(db, "INSERT INTO rows (n) VALUES (?1)");
	for (i = 1; i <= 3; i++)
		assert_int_equal(db_query_args(ins, "i", i), 0);
	sel = prepare_ok(db, "SELECT n FROM rows WHERE n >= ?1 ORDER BY n");
	assert_int_equal(db_query_args(sel, "i", 1), 1);
	assert_int_equal(db_int(sel, 0), 1);
	assert_int_equal(db_next(sel), 1);
	assert_int_equal(db_int(sel, 0), 2);
	assert_int_equal(db_next(sel), 1);
	assert_int_equal(db_int(sel, 0), 3);
	assert_int_equal(db_next(sel), 0);
	/* Ended after one row, then run again from the start. */
	assert_int_equal(db_query_args(sel, "i", 2), 1);
	assert_int_equal(db_int(sel, 0), 2);
	db_reset(sel);
	assert_int_equal(db_query_args(sel, "i", 2), 1);
	assert_int_equal(db_int(sel, 0), 2);
	db_reset(sel);

	upd = prepare_ok(db, "UPDATE rows SET n = n * 10 WHERE n >= ?1");
	assert_int_equal(db_query_args(upd, "i", 2), 0);
	assert_int_equal(db_changes(db), 2);
	assert_int_equal(db_query_args(sel, "i", 0), 1);
	db_reset(sel);
	assert_int_equal(db_changes(db), 2);
	del = prepare_ok(db, "DELETE FROM rows WHERE n = ?1");
	assert_int_equal(db_query_args(del, "i", 99), 0);
	assert_int_equal(db_changes(db), 0);
	assert_int_equal(db_query_args(del, "i", 30), 0);
	assert_int_equal(db_changes(db), 1);

	db_finalize(del);
	db_finalize(upd);
	db_finalize(sel);
	db_finalize(ins);
	exec_ok(db, "DROP TABLE rows");
	db_close(db, 0);
}

/* The number of rows of tx, through st ("SELECT count(*) FROM tx"). */
static int
count(struct db_stmt *st)
{
	int n;

	assert_int_equal(db_query_args(st, ""), 1);
	n = db_int(st, 0);
	db_reset(st);
	return n;
}

/* A write transaction rolled back leaves nothing, one committed stays;
 * a read one sees it; a script of two statements runs in one db_exec();
 * a statement's failure inside a transaction is rolled back with it. */
static void
test_transactions(void **state)
{
	struct db *db = open_target(state);
	struct db_stmt *ins, *cnt;

	exec_ok(db, "CREATE TABLE tx (n integer PRIMARY KEY); "
	            "INSERT INTO tx (n) VALUES (100)");
	ins = prepare_ok(db, "INSERT INTO tx (n) VALUES (?1)");
	cnt = prepare_ok(db, "SELECT count(*) FROM tx");
	assert_int_equal(count(cnt), 1);

	assert_int_equal(db_begin(db, 1), 0);
	assert_int_equal(db_in_transaction(db), 1);
	assert_int_equal(db_query_args(ins, "i", 1), 0);
	assert_int_equal(count(cnt), 2);
	db_rollback(db);
	assert_int_equal(db_in_transaction(db), 0);
	assert_int_equal(count(cnt), 1);
	/* Nothing to roll back: nothing done. */
	db_rollback(db);

	assert_int_equal(db_begin(db, 1), 0);
	assert_int_equal(db_query_args(ins, "i", 2), 0);
	assert_int_equal(db_commit(db), 0);
	assert_int_equal(db_in_transaction(db), 0);

	assert_int_equal(db_begin(db, 0), 0);
	assert_int_equal(db_in_transaction(db), 1);
	assert_int_equal(count(cnt), 2);
	assert_int_equal(db_commit(db), 0);

	/* A duplicate key fails, with the engine's text; rolled back. */
	assert_int_equal(db_begin(db, 1), 0);
	assert_int_equal(db_query_args(ins, "i", 3), 0);
	assert_int_equal(db_query_args(ins, "i", 2), -1);
	/* SQLite: "UNIQUE constraint failed"; PostgreSQL: "duplicate key
	 * value violates unique constraint". */
	assert_true(strstr(db_error(db), "UNIQUE") != NULL ||
	    strstr(db_error(db), "unique") != NULL);
	db_rollback(db);
	assert_int_equal(db_in_transaction(db), 0);
	assert_int_equal(count(cnt), 2);

	db_finalize(cnt);
	db_finalize(ins);
	exec_ok(db, "DROP TABLE tx");
	db_close(db, 0);
}

/* The schema version: 0 at first, then what was set in a write
 * transaction, committed, and set again; a rolled-back one is not kept.
 * Another connection reads it too. */
static void
test_version(void **state)
{
	struct db *db = open_target(state), *other;
	int v = -1;

	assert_int_equal(db_version(db, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(db_begin(db, 1), 0);
	assert_int_equal(db_set_version(db, 7), 0);
	assert_int_equal(db_version(db, &v), 0);
	assert_int_equal(v, 7);
	assert_int_equal(db_commit(db), 0);

	assert_int_equal(db_begin(db, 1), 0);
	assert_int_equal(db_set_version(db, 9), 0);
	assert_int_equal(db_commit(db), 0);
	assert_int_equal(db_begin(db, 1), 0);
	assert_int_equal(db_set_version(db, 11), 0);
	db_rollback(db);

	other = open_target(state);
	assert_int_equal(db_version(other, &v), 0);
	assert_int_equal(v, 9);
	db_close(other, 1);

	/* Back to 0 for the next run of the suite's checks. */
	assert_int_equal(db_begin(db, 1), 0);
	assert_int_equal(db_set_version(db, 0), 0);
	assert_int_equal(db_commit(db), 0);
	db_close(db, 0);
}

/* Two bots opening a new database at once: the second read the version
 * (0: no schema) before the first's migration, then began its own write
 * transaction while the first held the write lock, and waited.  Once the
 * first commits, the second must read the version the first wrote, not
 * what it had seen before it waited (on PostgreSQL, a session's cache of
 * names still said the version table was not there, and the second ran
 * the first migration again).  The second is a child process; its exit
 * status is the version it read. */
static void
test_version_after_wait(void **state)
{
	struct target *t = *state;
	struct db *a, *b;
	struct timespec pause = {0, 500 * 1000 * 1000};
	int v = -1, status, ready[2], go[2];
	char byte = 0;
	pid_t pid;

	if (strcmp(t->engine, "PostgreSQL") == 0) {
		a = open_target(state);
		exec_ok(a, "DROP TABLE IF EXISTS schema_version");
		db_close(a, 0);
	}
	/* Forked before the parent opens anything: SQLite's connections
	 * must not cross a fork. */
	assert_int_equal(pipe(ready), 0);
	assert_int_equal(pipe(go), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		if (db_open(t->name, 0, &b) != 0 || db_version(b, &v) != 0 ||
		    v != 0 || write(ready[1], &byte, 1) != 1 ||
		    read(go[0], &byte, 1) != 1 || db_begin(b, 1) != 0 ||
		    db_version(b, &v) != 0)
			_exit(100);
		db_rollback(b);
		db_close(b, 1);
		_exit(v);
	}
	assert_int_equal(read(ready[0], &byte, 1), 1);
	a = open_target(state);
	assert_int_equal(db_begin(a, 1), 0);
	assert_int_equal(write(go[1], &byte, 1), 1);
	/* Long enough for the child to be waiting for the lock; were it
	 * slower, it would begin after the commit and pass anyway. */
	nanosleep(&pause, NULL);
	assert_int_equal(db_set_version(a, 5), 0);
	assert_int_equal(db_commit(a), 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	close(ready[0]);
	close(ready[1]);
	close(go[0]);
	close(go[1]);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 5);

	assert_int_equal(db_begin(a, 1), 0);
	assert_int_equal(db_set_version(a, 0), 0);
	assert_int_equal(db_commit(a), 0);
	db_close(a, 0);
}

/* Failures keep their text: a statement that does not parse, one on a
 * table that is not there, a script that fails; the file operations on
 * PostgreSQL, which has no file. */
static void
test_errors(void **state)
{
	struct target *t = *state;
	struct db *db = open_target(state);
	struct db_file_pages pages;
	char *what = NULL;

	assert_null(db_prepare(db, "SELEC 1"));
	assert_non_null(strstr(db_error(db), "syntax error"));
	assert_null(db_prepare(db, "SELECT x FROM no_such_table"));
	assert_non_null(strstr(db_error(db), "no_such_table"));
	assert_int_equal(db_exec(db, "DROP TABLE no_such_table"), -1);
	assert_non_null(strstr(db_error(db), "no_such_table"));
	assert_int_equal(db_in_transaction(db), 0);
	if (strcmp(t->engine, "PostgreSQL") == 0) {
		assert_int_equal(db_file_backup(db, "/nonexistent"), -1);
		assert_string_equal(
		    db_error(db), "a PostgreSQL database is no file");
		assert_int_equal(db_check(db, &what), 0);
		assert_int_equal(db_file_pages(db, &pages), -1);
		assert_int_equal(db_file_vacuum(db), -1);
		/* An unnumbered parameter is refused here, not sent. */
		assert_null(db_prepare(db, "SELECT ?"));
		assert_non_null(strstr(db_error(db), "no number"));
	} else {
		assert_int_equal(db_check(db, &what), 0);
		assert_int_equal(db_file_pages(db, &pages), 0);
		assert_true(pages.count > 0);
	}
	db_close(db, 0);
}

/* The server's lock (a league's claim on a network): taken by one
 * connection, refused to a second while the first holds it, held until
 * the first closes, then the second's; a lock of another key is another
 * lock.  SQLite has no server, and says so. */
static void
test_locks(void **state)
{
	struct target *t = *state;
	struct db *a = open_target(state), *b = open_target(state);
	struct timespec pause = {0, 10 * 1000 * 1000};
	int tries, rc;

	if (strcmp(t->engine, "SQLite") == 0) {
		assert_int_equal(db_lock_try(a, 1, 2), -1);
		assert_string_equal(db_error(a),
		    "a SQLite database has no server to hold a lock");
		assert_int_equal(db_lock_held(a, 1, 2), -1);
		db_close(b, 0);
		db_close(a, 0);
		return;
	}
	assert_int_equal(db_lock_held(a, 7, 42), 0);
	assert_int_equal(db_lock_try(a, 7, 42), 1);
	assert_int_equal(db_lock_held(a, 7, 42), 1);
	assert_int_equal(db_lock_try(b, 7, 42), 0);
	assert_int_equal(db_lock_held(b, 7, 42), 0);
	assert_int_equal(db_lock_try(b, 7, 43), 1);
	assert_int_equal(db_lock_held(b, 7, 43), 1);
	assert_int_equal(db_lock_held(a, 7, 43), 0);
	/* Inside a transaction too: the lock is the session's. */
	assert_int_equal(db_begin(a, 1), 0);
	assert_int_equal(db_lock_held(a, 7, 42), 1);
	db_rollback(a);
	assert_int_equal(db_lock_held(a, 7, 42), 1);
	/* The server lets go when a's backend has ended, which follows
	 * the close a little later: asked again for up to 10 s. */
	db_close(a, 0);
	for (tries = 0; (rc = db_lock_try(b, 7, 42)) == 0 && tries < 1000;
	     tries++)
		nanosleep(&pause, NULL);
	assert_int_equal(rc, 1);
	assert_int_equal(db_lock_held(b, 7, 42), 1);
	db_close(b, 0);
}

/* A PostgreSQL URI that reaches no server fails with libpq's text. */
static void
test_no_server(void **state)
{
	char uri[PATH_MAX + 64];
	struct db *db;

	(void)state;
	snprintf(uri, sizeof uri, "postgresql:///x?host=%s/none", tmp);
	assert_int_equal(db_open(uri, 0, &db), -1);
	assert_non_null(strstr(db_error(db), "connect"));
	db_close(db, 1);
}

/* The server, and the SQLite file's directory. */
static int
setup(void **state)
{
	(void)state;
	if ((tmp = ngircd_tmpdir()) == NULL || pgsql_start(&server) != 0)
		return -1;
	snprintf(sqlite_target.name, sizeof sqlite_target.name,
	    "%s/engines.db", tmp);
	snprintf(pgsql_target.name, sizeof pgsql_target.name, "%s",
	    server.uri);
	return 0;
}

/* Both gone, whatever the tests did. */
static int
teardown(void **state)
{
	(void)state;
	pgsql_stop(&server);
	if (tmp != NULL)
		ngircd_rmdir(tmp);
	free(tmp);
	return 0;
}

/* A check, once for each engine. */
#define BOTH(f)                                                             \
	cmocka_unit_test_prestate(f, &sqlite_target),                       \
	    cmocka_unit_test_prestate(f, &pgsql_target)

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    BOTH(test_open),
	    BOTH(test_bind_read),
	    BOTH(test_rows_changes),
	    BOTH(test_transactions),
	    BOTH(test_version),
	    BOTH(test_version_after_wait),
	    BOTH(test_errors),
	    BOTH(test_locks),
	    cmocka_unit_test(test_no_server),
	};

	return cmocka_run_group_tests_name("db-engines", tests, setup,
	    teardown);
}
