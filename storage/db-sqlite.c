/*
 * The SQLite engine of db.h, and the only file of storage/ that includes
 * sqlite3.h or calls sqlite3_*.
 *
 * A connection keeps the text of its last failure (SQLite's own message
 * is overwritten by the next call, a ROLLBACK's included), whether its
 * file was empty when opened, and three statements of its own prepared
 * once: BEGIN, BEGIN IMMEDIATE and COMMIT, which every call of the
 * storage API runs.  A PRAGMA, whose text is SQLite's alone, is run only
 * here, as one of the operations db.h names.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "../games/xalloc.h"
#include "db.h"

/* Milliseconds to wait for a lock held by another process. */
#define DB_DEFAULT_WAIT 5000

/* How often, and how many milliseconds apart, a busy backup is retried. */
#define DB_BACKUP_TRIES 100
#define DB_BACKUP_WAIT 50

struct db {
	sqlite3 *h;
	char *error;		/* the last failure's text, NULL before one */
	int was_empty;		/* db_file_was_empty() */
	sqlite3_stmt *begin[2];	/* BEGIN, BEGIN IMMEDIATE */
	sqlite3_stmt *commit;
};

struct db_stmt {
	struct db *db;
	sqlite3_stmt *st;
};

/* Keeps a printf-formatted text as db's last failure; returns -1. */
static int __attribute__((format(printf, 2, 3)))
db_failf(struct db *db, const char *fmt, ...)
{
	va_list ap;

	free(db->error);
	va_start(ap, fmt);
	db->error = xvasprintf(fmt, ap);
	va_end(ap);
	return -1;
}

/* Keeps SQLite's last error on db as its last failure; returns -1. */
static int
db_failed(struct db *db)
{
	return db_failf(db, "%s", sqlite3_errmsg(db->h));
}

const char *
db_error(const struct db *db)
{
	return db->error != NULL ? db->error : "not an error";
}

/* Runs a PRAGMA (constant text) and returns a copy of the first column
 * of its first row (the caller frees it): NULL and db_error() when it
 * fails or gives no row. */
static char *
db_pragma(struct db *db, const char *sql)
{
	sqlite3_stmt *st;
	const unsigned char *text;
	char *value = NULL;

	if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) != SQLITE_OK) {
		db_failed(db);
		return NULL;
	}
	if (sqlite3_step(st) == SQLITE_ROW) {
		text = sqlite3_column_text(st, 0);
		value = xstrdup(text == NULL ? "" : (const char *)text);
	} else
		db_failed(db);
	sqlite3_finalize(st);
	return value;
}

/* A PRAGMA's number into *v: 0, or -1 and db_error(). */
static int
db_pragma_int(struct db *db, const char *sql, int64_t *v)
{
	char *text;

	if ((text = db_pragma(db, sql)) == NULL)
		return -1;
	*v = strtoll(text, NULL, 10);
	free(text);
	return 0;
}

/* Opens target with SQLite's open flags; with SQLITE_OPEN_CREATE, an
 * existing file is opened first without it, so that a file there with
 * nothing in it is told from one SQLite makes (db->was_empty): 0, or -1
 * and db_error(). */
static int
db_open_file(struct db *db, const char *target, int flags)
{
	const char *file;
	struct stat sb;
	int rc;

	flags |= SQLITE_OPEN_URI;
	rc = sqlite3_open_v2(target, &db->h, flags & ~SQLITE_OPEN_CREATE,
	    NULL);
	if (rc != SQLITE_OK && (flags & SQLITE_OPEN_CREATE) != 0) {
		/* Not there (or a URI's mode=rwc, which asks for it). */
		sqlite3_close_v2(db->h);
		db->h = NULL;
		rc = sqlite3_open_v2(target, &db->h, flags, NULL);
	} else if (rc == SQLITE_OK) {
		file = db_file(db);
		db->was_empty = file != NULL && stat(file, &sb) == 0 &&
		    S_ISREG(sb.st_mode) && sb.st_size == 0;
	}
	if (rc != SQLITE_OK)
		return db_failed(db);
	return 0;
}

/* Sets the connection up before the schema is touched: 0, or -1. */
static int
db_configure(struct db *db)
{
	const char *file = sqlite3_db_filename(db->h, "main");
	char *mode;
	int fk = 0, ms, wal;

	ms = (int)sqlite3_uri_int64(file, "busy_timeout", DB_DEFAULT_WAIT);
	sqlite3_extended_result_codes(db->h, 1);
	sqlite3_busy_timeout(db->h, ms);
	sqlite3_db_config(db->h, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	sqlite3_db_config(db->h, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	sqlite3_db_config(db->h, SQLITE_DBCONFIG_ENABLE_FKEY, 1, &fk);
	if (!fk)
		return db_failf(db, "foreign keys are not available");
	/* A read-only connection reads any journal mode and can set none. */
	if (db_readonly(db))
		return 0;
	if ((mode = db_pragma(db, "PRAGMA journal_mode = WAL")) == NULL)
		return -1;
	/* An in-memory database (":memory:", for tests) has no WAL. */
	wal = strcmp(mode, "wal") == 0 || strcmp(mode, "memory") == 0;
	if (!wal)
		db_failf(db, "journal mode is '%s', not 'wal'", mode);
	free(mode);
	return wal ? 0 : -1;
}

/* Prepares the connection's own statements: 0, or -1 and db_error(). */
static int
db_prepare_own(struct db *db)
{
	static const char *const begin[2] = { "BEGIN", "BEGIN IMMEDIATE" };
	int i;

	for (i = 0; i < 2; i++) {
		if (sqlite3_prepare_v3(db->h, begin[i], -1,
		        SQLITE_PREPARE_PERSISTENT, &db->begin[i],
		        NULL) != SQLITE_OK)
			return db_failed(db);
	}
	if (sqlite3_prepare_v3(db->h, "COMMIT", -1, SQLITE_PREPARE_PERSISTENT,
	        &db->commit, NULL) != SQLITE_OK)
		return db_failed(db);
	return 0;
}

int
db_open(const char *target, int readonly, struct db **dbp)
{
	struct db *db;

	db = *dbp = xcalloc(1, sizeof *db);
	if (db_open_file(db, target,
	        readonly ? SQLITE_OPEN_READONLY
	                 : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) != 0 ||
	    db_configure(db) != 0 || db_prepare_own(db) != 0)
		return -1;
	return 0;
}

void
db_close(struct db *db, int untouched)
{
	if (db == NULL)
		return;
	sqlite3_finalize(db->begin[0]);
	sqlite3_finalize(db->begin[1]);
	sqlite3_finalize(db->commit);
	if (db->h != NULL && untouched)
		sqlite3_db_config(db->h, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1,
		    NULL);
	sqlite3_close_v2(db->h);
	free(db->error);
	free(db);
}

int
db_readonly(struct db *db)
{
	return sqlite3_db_readonly(db->h, "main") == 1;
}

int
db_in_transaction(struct db *db)
{
	return !sqlite3_get_autocommit(db->h);
}

int
db_exec(struct db *db, const char *sql)
{
	if (sqlite3_exec(db->h, sql, NULL, NULL, NULL) != SQLITE_OK)
		return db_failed(db);
	return 0;
}

int
db_version(struct db *db, int *version)
{
	char *text;

	if ((text = db_pragma(db, "PRAGMA user_version")) == NULL)
		return -1;
	*version = atoi(text);
	free(text);
	return 0;
}

int
db_set_version(struct db *db, int version)
{
	char sql[64];
	int n;

	n = snprintf(sql, sizeof sql, "PRAGMA user_version = %d", version);
	assert(n > 0 && (size_t)n < sizeof sql);
	return db_exec(db, sql);
}

/* Runs one of the connection's own statements, which give no row: 0, or
 * -1 and db_error(). */
static int
db_run_own(struct db *db, sqlite3_stmt *st)
{
	int rc;

	rc = sqlite3_step(st);
	if (rc != SQLITE_DONE)
		db_failed(db);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

int
db_begin(struct db *db, int write)
{
	return db_run_own(db, db->begin[write != 0]);
}

int
db_commit(struct db *db)
{
	if (db_run_own(db, db->commit) == 0)
		return 0;
	db_rollback(db);
	return -1;
}

void
db_rollback(struct db *db)
{
	if (db_in_transaction(db))
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
}

int64_t
db_changes(struct db *db)
{
	return sqlite3_changes64(db->h);
}

struct db_stmt *
db_prepare(struct db *db, const char *sql)
{
	struct db_stmt *st;

	st = xcalloc(1, sizeof *st);
	st->db = db;
	if (sqlite3_prepare_v3(db->h, sql, -1, SQLITE_PREPARE_PERSISTENT,
	        &st->st, NULL) != SQLITE_OK) {
		db_failed(db);
		free(st);
		return NULL;
	}
	return st;
}

void
db_finalize(struct db_stmt *st)
{
	if (st == NULL)
		return;
	sqlite3_finalize(st->st);
	free(st);
}

/* Binds ?1, ?2, ... of st from ap as types says (see db_query()). */
static int
db_bind(struct db_stmt *st, const char *types, va_list ap)
{
	const char *text;
	int i, rc;

	for (i = 1; types[i - 1] != '\0'; i++) {
		switch (types[i - 1]) {
		case 'i':
			rc = sqlite3_bind_int(st->st, i, va_arg(ap, int));
			break;
		case 'I':
			rc = sqlite3_bind_int64(st->st, i, va_arg(ap, int64_t));
			break;
		case 'd':
			rc = sqlite3_bind_double(st->st, i, va_arg(ap, double));
			break;
		case 't':
			text = va_arg(ap, const char *);
			if (text == NULL)
				rc = sqlite3_bind_null(st->st, i);
			else {
				rc = sqlite3_bind_text(
				    st->st, i, text, -1, SQLITE_TRANSIENT);
			}
			break;
		default:
			abort(); /* a caller's typo */
		}
		if (rc != SQLITE_OK)
			return db_failed(st->db);
	}
	assert(i - 1 == sqlite3_bind_parameter_count(st->st));
	return 0;
}

int
db_query(struct db_stmt *st, const char *types, va_list ap)
{
	sqlite3_reset(st->st);
	if (db_bind(st, types, ap) != 0)
		return -1;
	return db_next(st);
}

int
db_next(struct db_stmt *st)
{
	int rc;

	rc = sqlite3_step(st->st);
	if (rc == SQLITE_ROW)
		return 1;
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st->st);
		return 0;
	}
	db_failed(st->db);
	sqlite3_reset(st->st);
	return -1;
}

void
db_reset(struct db_stmt *st)
{
	sqlite3_reset(st->st);
}

int
db_int(struct db_stmt *st, int col)
{
	return sqlite3_column_int(st->st, col);
}

int64_t
db_int64(struct db_stmt *st, int col)
{
	return sqlite3_column_int64(st->st, col);
}

double
db_double(struct db_stmt *st, int col)
{
	return sqlite3_column_double(st->st, col);
}

const char *
db_text(struct db_stmt *st, int col)
{
	return (const char *)sqlite3_column_text(st->st, col);
}

int
db_is_null(struct db_stmt *st, int col)
{
	return sqlite3_column_type(st->st, col) == SQLITE_NULL;
}

const char *
db_file(struct db *db)
{
	const char *file;

	if (db->h == NULL)
		return NULL;
	file = sqlite3_db_filename(db->h, "main");
	return file != NULL && *file != '\0' ? file : NULL;
}

int
db_file_was_empty(struct db *db)
{
	return db->was_empty;
}

/* Copies the whole of db into the open, empty database out in one step,
 * retrying while the source is busy: 0, or -1 and db_error(). */
static int
db_copy(struct db *db, sqlite3 *out)
{
	sqlite3_backup *b;
	int rc, tries;

	b = sqlite3_backup_init(out, "main", db->h, "main");
	if (b == NULL)
		return db_failf(db, "%s", sqlite3_errmsg(out));
	for (tries = 1;; tries++) {
		rc = sqlite3_backup_step(b, -1);
		if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) ||
		    tries == DB_BACKUP_TRIES)
			break;
		sqlite3_sleep(DB_BACKUP_WAIT);
	}
	if (sqlite3_backup_finish(b) != SQLITE_OK || rc != SQLITE_DONE) {
		return db_failf(db, "%s",
		    rc == SQLITE_DONE ? sqlite3_errmsg(out)
		                      : sqlite3_errstr(rc));
	}
	return 0;
}

int
db_file_backup(struct db *db, const char *dest)
{
	sqlite3 *out = NULL;
	char *name;
	int rc;

	/* SQLite would read "file:..." as a URI, not the file named. */
	name = strncmp(dest, "file:", 5) == 0 ? xasprintf("./%s", dest)
	                                      : xstrdup(dest);
	rc = sqlite3_open_v2(name, &out, SQLITE_OPEN_READWRITE, NULL);
	free(name);
	if (rc != SQLITE_OK) {
		db_failf(db, "%s",
		    out == NULL ? sqlite3_errstr(rc) : sqlite3_errmsg(out));
		sqlite3_close(out);
		return -1;
	}
	if (db_copy(db, out) != 0) {
		sqlite3_close(out);
		return -1;
	}
	if ((rc = sqlite3_close(out)) != SQLITE_OK)
		return db_failf(db, "%s", sqlite3_errstr(rc));
	return 0;
}

int
db_file_check(struct db *db, char **what)
{
	char *first;

	if ((first = db_pragma(db, "PRAGMA integrity_check")) == NULL)
		return -1;
	if (strcmp(first, "ok") == 0) {
		free(first);
		return 0;
	}
	*what = first;
	return 1;
}

int
db_file_pages(struct db *db, struct db_file_pages *p)
{
	if (db_pragma_int(db, "PRAGMA page_size", &p->size) != 0 ||
	    db_pragma_int(db, "PRAGMA page_count", &p->count) != 0 ||
	    db_pragma_int(db, "PRAGMA freelist_count", &p->free) != 0)
		return -1;
	return 0;
}

int
db_file_vacuum(struct db *db)
{
	if (db_exec(db, "VACUUM") != 0 ||
	    db_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)") != 0)
		return -1;
	return 0;
}
