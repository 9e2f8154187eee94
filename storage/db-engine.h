/*
 * Private to the engines of db.h (db.c, db-sqlite.c, db-pgsql.c): what an
 * engine is to db.c, which chooses one in db_open() by the target's
 * form (target.h) and passes every other operation on to it through its
 * table.
 *
 * A connection of any engine begins with struct db, and a statement with
 * struct db_stmt: an engine's own structure has one of them as its first
 * member, so that a pointer to either converts to the other (C11
 * 6.7.2.1), and casts between them are the engines' alone.  The callers
 * of db.h see neither definition's use: db.h declares both incomplete.
 *
 * An engine that has no database file (PostgreSQL) leaves the file_*
 * operations NULL: db.c then fails them with a text that names the
 * engine, and db_file() is NULL, db_file_was_empty() 0.
 */
#ifndef DB_ENGINE_H
#define DB_ENGINE_H

#include <stdarg.h>
#include <stdint.h>

#include "db.h"

/* One engine's operations, each the db.h operation of the same name
 * (db_error() excepted: the text lives in struct db, kept by
 * db_failf()). */
struct db_engine {
	const char *name; /* "SQLite", "PostgreSQL", for messages */
	enum db_dialect dialect;
	/* Makes *dbp (set either way, its engine set, as far as the open
	 * got), then opens it. */
	int (*open)(const char *target, int readonly, struct db **dbp);
	/* Frees db's own resources and db itself; not its error (db.c
	 * frees that first). */
	void (*close)(struct db *db, int untouched);
	int (*readonly)(struct db *db);
	int (*in_transaction)(struct db *db);
	int (*exec)(struct db *db, const char *sql);
	int (*version)(struct db *db, int *version);
	int (*set_version)(struct db *db, int version);
	int (*begin)(struct db *db, int write);
	int (*commit)(struct db *db);
	void (*rollback)(struct db *db);
	int64_t (*changes)(struct db *db);
	struct db_stmt *(*prepare)(struct db *db, const char *sql);
	void (*finalize)(struct db_stmt *st);
	int (*query)(struct db_stmt *st, const char *types, va_list ap);
	int (*next)(struct db_stmt *st);
	void (*reset)(struct db_stmt *st);
	int (*col_int)(struct db_stmt *st, int col);
	int64_t (*col_int64)(struct db_stmt *st, int col);
	double (*col_double)(struct db_stmt *st, int col);
	const char *(*col_text)(struct db_stmt *st, int col);
	int (*col_is_null)(struct db_stmt *st, int col);
	int (*check)(struct db *db, char **what);
	/* The server's lock; NULL for an engine without a server. */
	int (*lock_try)(struct db *db, int32_t space, int32_t key);
	int (*lock_try_shared)(struct db *db, int32_t space, int32_t key);
	int (*lock_release)(struct db *db, int32_t space, int32_t key);
	int (*lock_held)(struct db *db, int32_t space, int32_t key);
	int (*locks)(struct db *db, int32_t space, int32_t key,
	    int32_t space2, struct db_lock **locks);
	int (*set_name)(struct db *db, const char *name);
	/* The database file's operations; all NULL for an engine with
	 * none. */
	const char *(*file)(struct db *db);
	int (*file_was_empty)(struct db *db);
	int (*file_backup)(struct db *db, const char *dest);
	int (*file_pages)(struct db *db, struct db_file_pages *p);
	int (*file_vacuum)(struct db *db);
};

/* The first member of every engine's connection. */
struct db {
	const struct db_engine *engine;
	char *error; /* the last failure's text, NULL before one */
};

/* The first member of every engine's statement. */
struct db_stmt {
	struct db *db; /* the connection it was prepared on */
};

/* The engines. */
extern const struct db_engine db_sqlite_engine;
extern const struct db_engine db_pgsql_engine;

/* Keeps a printf-formatted text as db's last failure, for db_error();
 * returns -1. */
int db_failf(struct db *db, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
