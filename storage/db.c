/*
 * db.h's operations, each passed on to the engine the connection was
 * opened with (db-engine.h): db_open() chooses it by the target's form
 * (target.h), a libpq URI or keyword/value string for PostgreSQL
 * (db-pgsql.c), anything else (a path, a "file:" URI, ":memory:") for
 * SQLite (db-sqlite.c), so
 * that the callers of db.h never know which one they have.  What costs a
 * call is one indirect call through a table that stays in the cache; no
 * operation does more here than pass its arguments on, but the file
 * operations that an engine without a file does not have.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../alloc/xalloc.h"
#include "db-engine.h"
#include "target.h"

int
db_failf(struct db *db, const char *fmt, ...)
{
	va_list ap;

	free(db->error);
	va_start(ap, fmt);
	db->error = xvasprintf(fmt, ap);
	va_end(ap);
	return -1;
}

int
db_open(const char *target, int readonly, struct db **dbp)
{
	const struct db_engine *e;

	e = store_target_is_pgsql(target) ? &db_pgsql_engine : &db_sqlite_engine;
	return e->open(target, readonly, dbp);
}

void
db_close(struct db *db, int untouched)
{
	if (db == NULL)
		return;
	free(db->error);
	db->error = NULL;
	db->engine->close(db, untouched);
}

enum db_dialect
db_dialect(const struct db *db)
{
	return db->engine->dialect;
}

const char *
db_error(const struct db *db)
{
	return db->error != NULL ? db->error : "not an error";
}

int
db_readonly(struct db *db)
{
	return db->engine->readonly(db);
}

int
db_in_transaction(struct db *db)
{
	return db->engine->in_transaction(db);
}

int
db_exec(struct db *db, const char *sql)
{
	return db->engine->exec(db, sql);
}

int
db_version(struct db *db, int *version)
{
	return db->engine->version(db, version);
}

int
db_set_version(struct db *db, int version)
{
	return db->engine->set_version(db, version);
}

int
db_begin(struct db *db, int write)
{
	return db->engine->begin(db, write);
}

int
db_commit(struct db *db)
{
	return db->engine->commit(db);
}

void
db_rollback(struct db *db)
{
	db->engine->rollback(db);
}

int64_t
db_changes(struct db *db)
{
	return db->engine->changes(db);
}

struct db_stmt *
db_prepare(struct db *db, const char *sql)
{
	return db->engine->prepare(db, sql);
}

void
db_finalize(struct db_stmt *st)
{
	if (st != NULL)
		st->db->engine->finalize(st);
}

int
db_query(struct db_stmt *st, const char *types, va_list ap)
{
	return st->db->engine->query(st, types, ap);
}

int
db_query_args(struct db_stmt *st, const char *types, ...)
{
	va_list ap;
	int rc;

	va_start(ap, types);
	rc = db_query(st, types, ap);
	va_end(ap);
	return rc;
}

int
db_next(struct db_stmt *st)
{
	return st->db->engine->next(st);
}

void
db_reset(struct db_stmt *st)
{
	st->db->engine->reset(st);
}

int
db_int(struct db_stmt *st, int col)
{
	return st->db->engine->col_int(st, col);
}

int64_t
db_int64(struct db_stmt *st, int col)
{
	return st->db->engine->col_int64(st, col);
}

double
db_double(struct db_stmt *st, int col)
{
	return st->db->engine->col_double(st, col);
}

const char *
db_text(struct db_stmt *st, int col)
{
	return st->db->engine->col_text(st, col);
}

int
db_is_null(struct db_stmt *st, int col)
{
	return st->db->engine->col_is_null(st, col);
}

mode_t
db_file_umask(void)
{
	return umask(0777 & ~DB_FILE_MODE);
}

/* Fails a file operation on db, whose engine has no file: -1. */
static int
db_no_file(struct db *db)
{
	return db_failf(db, "a %s database is no file", db->engine->name);
}

const char *
db_file(struct db *db)
{
	return db->engine->file != NULL ? db->engine->file(db) : NULL;
}

int
db_file_was_empty(struct db *db)
{
	return db->engine->file_was_empty != NULL &&
	    db->engine->file_was_empty(db);
}

int
db_file_backup(struct db *db, const char *dest)
{
	if (db->engine->file_backup == NULL)
		return db_no_file(db);
	return db->engine->file_backup(db, dest);
}

/* Fails a lock on db, whose engine has no server: -1. */
static int
db_no_server(struct db *db)
{
	return db_failf(db, "a %s database has no server to hold a lock",
	    db->engine->name);
}

int
db_lock_try(struct db *db, int32_t space, int32_t key)
{
	if (db->engine->lock_try == NULL)
		return db_no_server(db);
	return db->engine->lock_try(db, space, key);
}

int
db_lock_held(struct db *db, int32_t space, int32_t key)
{
	if (db->engine->lock_held == NULL)
		return db_no_server(db);
	return db->engine->lock_held(db, space, key);
}

int
db_lock_try_shared(struct db *db, int32_t space, int32_t key)
{
	if (db->engine->lock_try_shared == NULL)
		return db_no_server(db);
	return db->engine->lock_try_shared(db, space, key);
}

int
db_lock_release(struct db *db, int32_t space, int32_t key)
{
	if (db->engine->lock_release == NULL)
		return db_no_server(db);
	return db->engine->lock_release(db, space, key);
}

int
db_locks(struct db *db, int32_t space, int32_t key, int32_t space2,
    struct db_lock **locks)
{
	*locks = NULL;
	if (db->engine->locks == NULL)
		return db_no_server(db);
	return db->engine->locks(db, space, key, space2, locks);
}

int
db_set_name(struct db *db, const char *name)
{
	if (db->engine->set_name == NULL)
		return db_no_server(db);
	return db->engine->set_name(db, name);
}

int
db_check(struct db *db, char **what)
{
	return db->engine->check(db, what);
}

int
db_file_pages(struct db *db, struct db_file_pages *p)
{
	if (db->engine->file_pages == NULL)
		return db_no_file(db);
	return db->engine->file_pages(db, p);
}

int
db_file_vacuum(struct db *db)
{
	if (db->engine->file_vacuum == NULL)
		return db_no_file(db);
	return db->engine->file_vacuum(db);
}
