/*
 * The connection to the database and the helpers the other storage files
 * share (binding, stepping, transactions, causes), plus the two small
 * tables that need nothing else: players and their preferences.
 *
 * store_open() configures the connection (WAL, foreign keys, a busy
 * timeout, defensive mode), migrates the schema (schema.c) and prepares
 * every statement of store_sql[] once; store_close() finalizes them.  No
 * SQL text is ever built from data: every value is bound.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../games/xalloc.h"
#include "store-int.h"

/* Milliseconds to wait for a lock held by another process. */
#define STORE_DEFAULT_WAIT 5000

static void __attribute__((format(printf, 2, 0)))
store_vcause(char **cause, const char *fmt, va_list ap)
{
	if (cause != NULL)
		*cause = xvasprintf(fmt, ap);
}

int
store_fail(char **cause, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	store_vcause(cause, fmt, ap);
	va_end(ap);
	return -1;
}

int
store_refuse(struct store *s, char **cause, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	store_vcause(cause, fmt, ap);
	va_end(ap);
	return store_rollback(s);
}

int
store_db_fail(struct store *s, char **cause)
{
	return store_fail(
	    cause, "database '%s': %s", s->path, sqlite3_errmsg(s->db));
}

void
store_copy_text(char *dst, size_t size, const unsigned char *src)
{
	size_t len;

	assert(size > 0);
	if (src == NULL)
		src = (const unsigned char *)"";
	len = strnlen((const char *)src, size - 1);
	/* Cut before a UTF-8 continuation byte, never inside a character. */
	if (src[len] != '\0') {
		while (len > 0 && (src[len] & 0xc0) == 0x80)
			len--;
	}
	memcpy(dst, src, len);
	dst[len] = '\0';
}

/* Binds ?1, ?2, ... of st from ap as types says (see store_query). */
static int
store_bindv(struct store *s, sqlite3_stmt *st, char **cause, const char *types,
    va_list ap)
{
	const char *text;
	int i, rc;

	for (i = 1; types[i - 1] != '\0'; i++) {
		switch (types[i - 1]) {
		case 'i':
			rc = sqlite3_bind_int(st, i, va_arg(ap, int));
			break;
		case 'I':
			rc = sqlite3_bind_int64(st, i, va_arg(ap, int64_t));
			break;
		case 'd':
			rc = sqlite3_bind_double(st, i, va_arg(ap, double));
			break;
		case 't':
			text = va_arg(ap, const char *);
			if (text == NULL)
				rc = sqlite3_bind_null(st, i);
			else {
				rc = sqlite3_bind_text(
				    st, i, text, -1, SQLITE_TRANSIENT);
			}
			break;
		default:
			abort(); /* a caller's typo */
		}
		if (rc != SQLITE_OK)
			return store_db_fail(s, cause);
	}
	assert(i - 1 == sqlite3_bind_parameter_count(st));
	return 0;
}

int
store_next(struct store *s, sqlite3_stmt *st, char **cause)
{
	int rc;

	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		return 1;
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st);
		return 0;
	}
	store_db_fail(s, cause);
	sqlite3_reset(st);
	return -1;
}

static int
store_queryv(struct store *s, enum store_sql id, sqlite3_stmt **stp,
    char **cause, const char *types, va_list ap)
{
	sqlite3_stmt *st = s->stmt[id];

	/* A statement outside a transaction begins one: the files are
	 * checked first (db-file.c), whether it reads or writes, as SQLite
	 * writes the -shm at the start of a read transaction too. */
	if (sqlite3_get_autocommit(s->db) && store_files_ok(s, cause) != 0)
		return -1;
	sqlite3_reset(st);
	if (store_bindv(s, st, cause, types, ap) != 0)
		return -1;
	*stp = st;
	return store_next(s, st, cause);
}

int
store_query(struct store *s, enum store_sql id, sqlite3_stmt **st, char **cause,
    const char *types, ...)
{
	va_list ap;
	int rc;

	va_start(ap, types);
	rc = store_queryv(s, id, st, cause, types, ap);
	va_end(ap);
	return rc;
}

int
store_run(
    struct store *s, enum store_sql id, char **cause, const char *types, ...)
{
	sqlite3_stmt *st;
	va_list ap;
	int rc;

	va_start(ap, types);
	rc = store_queryv(s, id, &st, cause, types, ap);
	va_end(ap);
	while (rc == 1)
		rc = store_next(s, st, cause);
	return rc;
}

int
store_begin(struct store *s, int write, char **cause)
{
	return store_run(
	    s, write ? SQL_BEGIN_WRITE : SQL_BEGIN_READ, cause, "");
}

int
store_commit(struct store *s, char **cause)
{
	if (store_run(s, SQL_COMMIT, cause, "") != 0)
		return store_rollback(s);
	return 0;
}

int
store_rollback(struct store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

int
store_pragma(
    struct store *s, const char *sql, char *buf, size_t size, char **cause)
{
	sqlite3_stmt *st;
	int rc;

	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return store_db_fail(s, cause);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		store_copy_text(buf, size, sqlite3_column_text(st, 0));
	else
		store_db_fail(s, cause);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : -1;
}

/* Sets the connection up before the schema is touched: 0, or -1. */
static int
store_configure(struct store *s, char **cause)
{
	static const char wal[] = "PRAGMA journal_mode = WAL";
	const char *file = sqlite3_db_filename(s->db, "main");
	char mode[16];
	int fk = 0, ms;

	ms = (int)sqlite3_uri_int64(file, "busy_timeout", STORE_DEFAULT_WAIT);
	sqlite3_extended_result_codes(s->db, 1);
	sqlite3_busy_timeout(s->db, ms);
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_ENABLE_FKEY, 1, &fk);
	if (!fk) {
		return store_fail(cause,
		    "database '%s': foreign keys are not available", s->path);
	}
	/* A read-only connection reads any journal mode and can set none. */
	if (sqlite3_db_readonly(s->db, "main") == 1)
		return 0;
	if (store_pragma(s, wal, mode, sizeof mode, cause) != 0)
		return -1;
	/* An in-memory database (":memory:", for tests) has no WAL. */
	if (strcmp(mode, "wal") != 0 && strcmp(mode, "memory") != 0) {
		return store_fail(cause,
		    "database '%s': journal mode is '%s', not 'wal'", s->path,
		    mode);
	}
	return 0;
}

static int
store_prepare(struct store *s, char **cause)
{
	int i;

	for (i = 0; i < SQL_COUNT; i++) {
		assert(store_sql[i] != NULL);
		if (sqlite3_prepare_v3(s->db, store_sql[i], -1,
		        SQLITE_PREPARE_PERSISTENT, &s->stmt[i],
		        NULL) != SQLITE_OK)
			return store_db_fail(s, cause);
	}
	return 0;
}

/* Opens s->path with SQLite's open flags; with SQLITE_OPEN_CREATE, an
 * existing file is opened first without it, so that a file there with
 * nothing in it is told from one SQLite makes (s->was_empty): 0, or -1
 * and *cause. */
static int
store_open_file(struct store *s, int flags, char **cause)
{
	const char *file;
	struct stat sb;
	int rc;

	flags |= SQLITE_OPEN_URI;
	rc = sqlite3_open_v2(s->path, &s->db, flags & ~SQLITE_OPEN_CREATE,
	    NULL);
	if (rc != SQLITE_OK && (flags & SQLITE_OPEN_CREATE) != 0) {
		/* Not there (or a URI's mode=rwc, which asks for it). */
		sqlite3_close_v2(s->db);
		s->db = NULL;
		rc = sqlite3_open_v2(s->path, &s->db, flags, NULL);
	} else if (rc == SQLITE_OK) {
		file = sqlite3_db_filename(s->db, "main");
		s->was_empty = file != NULL && *file != '\0' &&
		    stat(file, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    sb.st_size == 0;
	}
	if (rc != SQLITE_OK)
		return store_db_fail(s, cause);
	return 0;
}

/* Opens path with SQLite's open flags (store_open, store_open_readonly). */
static struct store *
store_open_flags(const char *path, int flags, char **cause)
{
	struct store *s;

	s = xcalloc(1, sizeof *s);
	s->path = xstrdup(path);
	s->lock_fd = -1;
	s->provisional = STORE_PROVISIONAL;
	if (store_open_file(s, flags, cause) != 0 ||
	    store_configure(s, cause) != 0 || store_migrate(s, cause) != 0 ||
	    store_prepare(s, cause) != 0) {
		if ((flags & SQLITE_OPEN_READWRITE) != 0)
			store_dir_blame(s, cause);
		goto fail;
	}
	/* From here on every transaction checks its files first. */
	store_files_note(s);
	return s;

fail:
	store_close(s);
	return NULL;
}

struct store *
store_open(const char *path, char **cause)
{
	return store_open_flags(
	    path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, cause);
}

struct store *
store_open_readonly(const char *path, char **cause)
{
	return store_open_flags(path, SQLITE_OPEN_READONLY, cause);
}

void
store_close(struct store *s)
{
	int i;

	if (s == NULL)
		return;
	store_unclaim(s);
	for (i = 0; i < SQL_COUNT; i++)
		sqlite3_finalize(s->stmt[i]);
	/* The checkpoint on close writes the files, the mapped -shm too. */
	if (s->db != NULL && store_files_ok(s, NULL) != 0)
		sqlite3_db_config(s->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1,
		    NULL);
	store_files_forget(s);
	sqlite3_close_v2(s->db);
	free(s->path);
	free(s);
}

int
store_was_empty(const struct store *s)
{
	return s->was_empty;
}

int64_t
store_player(struct store *s, const char *key, const char *nick, char **cause)
{
	sqlite3_stmt *st;
	int64_t id;
	int rc;

	if (*key == '\0')
		return store_fail(cause, "empty player key");
	rc = store_query(s, SQL_PLAYER_UPSERT, &st, cause, "tt", key, nick);
	if (rc < 0)
		return -1;
	assert(rc == 1); /* RETURNING always gives a row */
	id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return id;
}

int64_t
store_player_find(struct store *s, const char *key, char **cause)
{
	sqlite3_stmt *st;
	int64_t id;
	int rc;

	rc = store_query(s, SQL_PLAYER_FIND, &st, cause, "t", key);
	if (rc != 1)
		return rc == 0 ? 0 : -1;
	id = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return id;
}

int
store_pref_get(
    struct store *s, int64_t player, const char *name, int *value, char **cause)
{
	sqlite3_stmt *st;
	int rc;

	rc = store_query(s, SQL_PREF_GET, &st, cause, "It", player, name);
	if (rc != 1)
		return rc == 0 ? 1 : -1;
	*value = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	return 0;
}

int
store_pref_set(
    struct store *s, int64_t player, const char *name, int value, char **cause)
{
	return store_run(s, SQL_PREF_SET, cause, "Iti", player, name, value);
}

int
store_pref_players(struct store *s, const char *name, const char *all,
    char ***keys, char **cause)
{
	sqlite3_stmt *st;
	int rc;

	rc = store_query(s, SQL_PREF_PLAYERS, &st, cause, "tt", name, all);
	return store_strings(s, st, rc, keys, cause);
}

int
store_ignore_add(struct store *s, const char *mask, const char *by,
    char **cause)
{
	sqlite3_stmt *st;
	int rc;

	if (*mask == '\0')
		return store_fail(cause, "empty mask");
	rc = store_query(s, SQL_IGNORE_ADD, &st, cause, "tt", mask, by);
	if (rc < 0)
		return -1;
	sqlite3_reset(st);
	return rc == 1 ? 0 : 1;
}

int
store_ignore_remove(struct store *s, const char *mask, char **cause)
{
	sqlite3_stmt *st;
	int rc;

	rc = store_query(s, SQL_IGNORE_REMOVE, &st, cause, "t", mask);
	if (rc < 0)
		return -1;
	sqlite3_reset(st);
	return rc == 1 ? 0 : 1;
}

int
store_ignores(struct store *s, char ***masks, char **cause)
{
	sqlite3_stmt *st;
	int rc;

	rc = store_query(s, SQL_IGNORES, &st, cause, "");
	return store_strings(s, st, rc, masks, cause);
}

int
store_strings(struct store *s, sqlite3_stmt *st, int rc, char ***list,
    char **cause)
{
	char **got = NULL;
	int n = 0;

	*list = NULL;
	for (; rc == 1; rc = store_next(s, st, cause)) {
		got = xreallocarray(got, (size_t)n + 1, sizeof *got);
		got[n++] = xstrdup((const char *)sqlite3_column_text(st, 0));
	}
	if (rc < 0) {
		while (n > 0)
			free(got[--n]);
		free(got);
		return -1;
	}
	*list = got;
	return n;
}
