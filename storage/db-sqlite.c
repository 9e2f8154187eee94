/*
 * The SQLite engine of db.h, and the only file of storage/ that includes
 * sqlite3.h or calls sqlite3_*.
 *
 * A connection keeps the text of its last failure (SQLite's own message
 * is overwritten by the next call, a ROLLBACK's included), whether its
 * file was empty when opened, and three statements of its own prepared
 * once: BEGIN, BEGIN IMMEDIATE and COMMIT, which every call of the
 * storage API runs.  A PRAGMA, whose text is SQLite's alone, is run only
 * here, as one of the operations db.h names.  db.c reaches these
 * operations through db_sqlite_engine (db-engine.h), for every target
 * that is not a PostgreSQL URI.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "../alloc/xalloc.h"
#include "db-engine.h"

/* Milliseconds to wait for a lock held by another process. */
#define DB_DEFAULT_WAIT 5000

/* How often, and how many milliseconds apart, a busy backup is retried. */
#define DB_BACKUP_TRIES 100
#define DB_BACKUP_WAIT 50

/* A connection: struct db first (db-engine.h). */
struct sq_db {
	struct db base;
	sqlite3 *h;
	int was_empty;		/* db_file_was_empty() */
	sqlite3_stmt *begin[2];	/* BEGIN, BEGIN IMMEDIATE */
	sqlite3_stmt *commit;
};

/* A statement: struct db_stmt first. */
struct sq_stmt {
	struct db_stmt base;
	struct sq_db *db;
	sqlite3_stmt *st;
};

static int sq_readonly(struct db *);
static void sq_rollback(struct db *);
static int sq_next(struct db_stmt *);
static const char *sq_file(struct db *);

/* Keeps SQLite's last error on db as its last failure; returns -1. */
static int
db_failed(struct sq_db *db)
{
	return db_failf(&db->base, "%s", sqlite3_errmsg(db->h));
}

/* Runs a PRAGMA (constant text) and returns a copy of the first column
 * of its first row (the caller frees it): NULL and db_error() when it
 * fails or gives no row. */
static char *
db_pragma(struct sq_db *db, const char *sql)
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
db_pragma_int(struct sq_db *db, const char *sql, int64_t *v)
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
 * and db_error().  A file SQLite makes is DB_FILE_MODE: it makes the
 * file at the open with its default mode (0644) less the umask, so the
 * umask is db_file_umask()'s for that open alone, and the -wal and -shm
 * it makes later take the file's mode. */
static int
db_open_file(struct sq_db *db, const char *target, int flags)
{
	const char *file;
	struct stat sb;
	mode_t umask_was;
	int rc;

	flags |= SQLITE_OPEN_URI;
	rc = sqlite3_open_v2(target, &db->h, flags & ~SQLITE_OPEN_CREATE,
	    NULL);
	if (rc != SQLITE_OK && (flags & SQLITE_OPEN_CREATE) != 0) {
		/* Not there (or a URI's mode=rwc, which asks for it). */
		sqlite3_close_v2(db->h);
		db->h = NULL;
		umask_was = db_file_umask();
		rc = sqlite3_open_v2(target, &db->h, flags, NULL);
		umask(umask_was);
	} else if (rc == SQLITE_OK) {
		file = sq_file(&db->base);
		db->was_empty = file != NULL && stat(file, &sb) == 0 &&
		    S_ISREG(sb.st_mode) && sb.st_size == 0;
	}
	if (rc != SQLITE_OK)
		return db_failed(db);
	return 0;
}

/* Sets the connection up before the schema is touched: 0, or -1. */
static int
db_configure(struct sq_db *db)
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
		return db_failf(&db->base, "foreign keys are not available");
	/* 256 KiB of pages (SQLite's default is 2000 KiB): docs/storage.md,
	 * The connection. */
	if (sqlite3_exec(db->h, "PRAGMA cache_size = -256", NULL, NULL,
	        NULL) != SQLITE_OK)
		return db_failed(db);
	/* A read-only connection reads any journal mode and can set none. */
	if (sq_readonly(&db->base))
		return 0;
	if ((mode = db_pragma(db, "PRAGMA journal_mode = WAL")) == NULL)
		return -1;
	/* An in-memory database (":memory:", for tests) has no WAL. */
	wal = strcmp(mode, "wal") == 0 || strcmp(mode, "memory") == 0;
	if (!wal)
		db_failf(&db->base, "journal mode is '%s', not 'wal'", mode);
	free(mode);
	return wal ? 0 : -1;
}

/* Prepares the connection's own statements: 0, or -1 and db_error(). */
static int
db_prepare_own(struct sq_db *db)
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

static int
sq_open(const char *target, int readonly, struct db **dbp)
{
	struct sq_db *db;

	db = xcalloc(1, sizeof *db);
	db->base.engine = &db_sqlite_engine;
	*dbp = &db->base;
	if (db_open_file(db, target,
	        readonly ? SQLITE_OPEN_READONLY
	                 : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) != 0 ||
	    db_configure(db) != 0 || db_prepare_own(db) != 0)
		return -1;
	return 0;
}

static void
sq_close(struct db *d, int untouched)
{
	struct sq_db *db = (struct sq_db *)d;

	if (db == NULL)
		return;
	sqlite3_finalize(db->begin[0]);
	sqlite3_finalize(db->begin[1]);
	sqlite3_finalize(db->commit);
	if (db->h != NULL && untouched)
		sqlite3_db_config(db->h, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1,
		    NULL);
	sqlite3_close_v2(db->h);
	free(db);
}

static int
sq_readonly(struct db *d)
{
	struct sq_db *db = (struct sq_db *)d;

	return sqlite3_db_readonly(db->h, "main") == 1;
}

static int
sq_in_transaction(struct db *d)
{
	struct sq_db *db = (struct sq_db *)d;

	return !sqlite3_get_autocommit(db->h);
}

static int
sq_exec(struct db *d, const char *sql)
{
	struct sq_db *db = (struct sq_db *)d;

	if (sqlite3_exec(db->h, sql, NULL, NULL, NULL) != SQLITE_OK)
		return db_failed(db);
	return 0;
}

static int
sq_version(struct db *d, int *version)
{
	struct sq_db *db = (struct sq_db *)d;
	char *text;

	if ((text = db_pragma(db, "PRAGMA user_version")) == NULL)
		return -1;
	*version = atoi(text);
	free(text);
	return 0;
}

static int
sq_set_version(struct db *d, int version)
{
	char sql[64];
	int n;

	n = snprintf(sql, sizeof sql, "PRAGMA user_version = %d", version);
	assert(n > 0 && (size_t)n < sizeof sql);
	return sq_exec(d, sql);
}

/* Runs one of the connection's own statements, which give no row: 0, or
 * -1 and db_error(). */
static int
db_run_own(struct sq_db *db, sqlite3_stmt *st)
{
	int rc;

	rc = sqlite3_step(st);
	if (rc != SQLITE_DONE)
		db_failed(db);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

static int
sq_begin(struct db *d, int write)
{
	struct sq_db *db = (struct sq_db *)d;

	return db_run_own(db, db->begin[write != 0]);
}

static int
sq_commit(struct db *d)
{
	struct sq_db *db = (struct sq_db *)d;

	if (db_run_own(db, db->commit) == 0)
		return 0;
	sq_rollback(d);
	return -1;
}

static void
sq_rollback(struct db *d)
{
	struct sq_db *db = (struct sq_db *)d;

	if (!sqlite3_get_autocommit(db->h))
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
}

static int64_t
sq_changes(struct db *d)
{
	struct sq_db *db = (struct sq_db *)d;

	return sqlite3_changes64(db->h);
}

static struct db_stmt *
sq_prepare(struct db *d, const char *sql)
{
	struct sq_db *db = (struct sq_db *)d;
	struct sq_stmt *st;

	st = xcalloc(1, sizeof *st);
	st->base.db = d;
	st->db = db;
	if (sqlite3_prepare_v3(db->h, sql, -1, SQLITE_PREPARE_PERSISTENT,
	        &st->st, NULL) != SQLITE_OK) {
		db_failed(db);
		free(st);
		return NULL;
	}
	return &st->base;
}

static void
sq_finalize(struct db_stmt *s)
{
	struct sq_stmt *st = (struct sq_stmt *)s;

	if (st == NULL)
		return;
	sqlite3_finalize(st->st);
	free(st);
}

/* Binds ?1, ?2, ... of st from ap as types says (see db_query()). */
static int
db_bind(struct sq_stmt *st, const char *types, va_list ap)
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

static int
sq_query(struct db_stmt *s, const char *types, va_list ap)
{
	struct sq_stmt *st = (struct sq_stmt *)s;

	sqlite3_reset(st->st);
	if (db_bind(st, types, ap) != 0)
		return -1;
	return sq_next(s);
}

static int
sq_next(struct db_stmt *s)
{
	struct sq_stmt *st = (struct sq_stmt *)s;
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

static void
sq_reset(struct db_stmt *s)
{
	struct sq_stmt *st = (struct sq_stmt *)s;

	sqlite3_reset(st->st);
}

static int
sq_col_int(struct db_stmt *s, int col)
{
	struct sq_stmt *st = (struct sq_stmt *)s;

	return sqlite3_column_int(st->st, col);
}

static int64_t
sq_col_int64(struct db_stmt *s, int col)
{
	struct sq_stmt *st = (struct sq_stmt *)s;

	return sqlite3_column_int64(st->st, col);
}

static double
sq_col_double(struct db_stmt *s, int col)
{
	struct sq_stmt *st = (struct sq_stmt *)s;

	return sqlite3_column_double(st->st, col);
}

static const char *
sq_col_text(struct db_stmt *s, int col)
{
	struct sq_stmt *st = (struct sq_stmt *)s;

	return (const char *)sqlite3_column_text(st->st, col);
}

static int
sq_col_is_null(struct db_stmt *s, int col)
{
	struct sq_stmt *st = (struct sq_stmt *)s;

	return sqlite3_column_type(st->st, col) == SQLITE_NULL;
}

static const char *
sq_file(struct db *d)
{
	struct sq_db *db = (struct sq_db *)d;
	const char *file;

	if (db->h == NULL)
		return NULL;
	file = sqlite3_db_filename(db->h, "main");
	return file != NULL && *file != '\0' ? file : NULL;
}

static int
sq_file_was_empty(struct db *d)
{
	struct sq_db *db = (struct sq_db *)d;

	return db->was_empty;
}

/* Copies the whole of db into the open, empty database out in one step,
 * retrying while the source is busy: 0, or -1 and db_error(). */
static int
db_copy(struct sq_db *db, sqlite3 *out)
{
	sqlite3_backup *b;
	int rc, tries;

	b = sqlite3_backup_init(out, "main", db->h, "main");
	if (b == NULL)
		return db_failf(&db->base, "%s", sqlite3_errmsg(out));
	for (tries = 1;; tries++) {
		rc = sqlite3_backup_step(b, -1);
		if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) ||
		    tries == DB_BACKUP_TRIES)
			break;
		sqlite3_sleep(DB_BACKUP_WAIT);
	}
	if (sqlite3_backup_finish(b) != SQLITE_OK || rc != SQLITE_DONE) {
		return db_failf(&db->base, "%s",
		    rc == SQLITE_DONE ? sqlite3_errmsg(out)
		                      : sqlite3_errstr(rc));
	}
	return 0;
}

static int
sq_file_backup(struct db *d, const char *dest)
{
	struct sq_db *db = (struct sq_db *)d;
	sqlite3 *out = NULL;
	char *name;
	int rc;

	/* SQLite would read "file:..." as a URI, not the file named. */
	name = strncmp(dest, "file:", 5) == 0 ? xasprintf("./%s", dest)
	                                      : xstrdup(dest);
	rc = sqlite3_open_v2(name, &out, SQLITE_OPEN_READWRITE, NULL);
	free(name);
	if (rc != SQLITE_OK) {
		db_failf(&db->base, "%s",
		    out == NULL ? sqlite3_errstr(rc) : sqlite3_errmsg(out));
		sqlite3_close(out);
		return -1;
	}
	if (db_copy(db, out) != 0) {
		sqlite3_close(out);
		return -1;
	}
	if ((rc = sqlite3_close(out)) != SQLITE_OK)
		return db_failf(&db->base, "%s", sqlite3_errstr(rc));
	return 0;
}

static int
sq_check(struct db *d, char **what)
{
	struct sq_db *db = (struct sq_db *)d;
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

static int
sq_file_pages(struct db *d, struct db_file_pages *p)
{
	struct sq_db *db = (struct sq_db *)d;

	if (db_pragma_int(db, "PRAGMA page_size", &p->size) != 0 ||
	    db_pragma_int(db, "PRAGMA page_count", &p->count) != 0 ||
	    db_pragma_int(db, "PRAGMA freelist_count", &p->free) != 0)
		return -1;
	return 0;
}

static int
sq_file_vacuum(struct db *d)
{
	if (sq_exec(d, "VACUUM") != 0 ||
	    sq_exec(d, "PRAGMA wal_checkpoint(TRUNCATE)") != 0)
		return -1;
	return 0;
}

/* SQLite's engine, for db.c. */
const struct db_engine db_sqlite_engine = {
	.name = "SQLite",
	.dialect = DB_SQLITE,
	.open = sq_open,
	.close = sq_close,
	.readonly = sq_readonly,
	.in_transaction = sq_in_transaction,
	.exec = sq_exec,
	.version = sq_version,
	.set_version = sq_set_version,
	.begin = sq_begin,
	.commit = sq_commit,
	.rollback = sq_rollback,
	.changes = sq_changes,
	.prepare = sq_prepare,
	.finalize = sq_finalize,
	.query = sq_query,
	.next = sq_next,
	.reset = sq_reset,
	.col_int = sq_col_int,
	.col_int64 = sq_col_int64,
	.col_double = sq_col_double,
	.col_text = sq_col_text,
	.col_is_null = sq_col_is_null,
	.file = sq_file,
	.file_was_empty = sq_file_was_empty,
	.file_backup = sq_file_backup,
	.check = sq_check,
	.file_pages = sq_file_pages,
	.file_vacuum = sq_file_vacuum,
};
