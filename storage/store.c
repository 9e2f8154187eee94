/*
 * The store opened and closed, claimed, and named for its network, plus
 * the small tables that need nothing else: players, their preferences
 * and the ignore list.  What every storage file shares is below it:
 * statements run and transactions (store-sql.c), causes (store-fail.c),
 * text and time (store-text.c).
 *
 * store_open() opens a connection of the engine (db.h: SQLite, which
 * sets WAL, foreign keys, a busy timeout and defensive mode), migrates
 * the schema (schema.c) and prepares every statement of store_sql[]
 * once; store_close() finalizes them.  No SQL text is ever built from
 * data: every value is bound.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc/xalloc.h"
#include "store-int.h"
#include "target.h"

/* Prepares every statement of store_sql[]: 0, or -1 and *cause. */
static int
store_prepare(struct store *s, char **cause)
{
	int i;

	for (i = 0; i < SQL_COUNT; i++) {
		assert(store_sql[i] != NULL);
		if ((s->stmt[i] = db_prepare(s->db, store_sql[i])) == NULL) {
			/* Which statement: an engine refusing one is a bug
			 * of cheaterbot's, or a server unlike the one it was
			 * tested on. */
			return store_fail(cause,
			    "database '%s': %s (preparing \"%.48s...\")",
			    s->path, db_error(s->db), store_sql[i]);
		}
	}
	return 0;
}

/* Opens path for writing, or reading only (store_open,
 * store_open_readonly). */
static struct store *
store_open_mode(const char *path, int readonly, char **cause)
{
	struct store *s;

	s = xcalloc(1, sizeof *s);
	s->path = store_target_shown(path);
	s->lock_fd = -1;
	s->provisional = STORE_PROVISIONAL;
	s->network = xstrdup("");
	if (db_open(path, readonly, &s->db) != 0)
		store_db_fail(s, cause);
	else if (store_migrate(s, cause) == 0 &&
	    store_prepare(s, cause) == 0) {
		/* From here on every transaction checks its files first. */
		store_files_note(s);
		return s;
	}
	if (!readonly)
		store_dir_blame(s, cause);
	store_close(s);
	return NULL;
}

struct store *
store_open(const char *path, char **cause)
{
	return store_open_mode(path, 0, cause);
}

struct store *
store_open_readonly(const char *path, char **cause)
{
	return store_open_mode(path, 1, cause);
}

void
store_close(struct store *s)
{
	int untouched, i;

	if (s == NULL)
		return;
	store_unclaim(s);
	for (i = 0; i < SQL_COUNT; i++)
		db_finalize(s->stmt[i]);
	/* The checkpoint on close writes the files, the mapped -shm too. */
	untouched = store_files_ok(s, NULL) != 0;
	store_files_forget(s);
	db_close(s->db, untouched);
	free(s->network);
	free(s->path);
	free(s);
}

int
store_was_empty(const struct store *s)
{
	return db_file_was_empty(s->db);
}

int
store_claim(struct store *s, char **cause)
{
	if (db_dialect(s->db) == DB_SQLITE)
		return store_claim_file(s, cause);
	if (store_needs_network(s))
		return store_fail(cause, "database '%s': a league's database "
		    "is claimed for a network, and none is set", s->path);
	return store_claim_network(s, cause);
}

int
store_claim_bot(struct store *s, const char *nick, char **cause)
{
	if (db_dialect(s->db) == DB_SQLITE)
		return store_claim_file(s, cause);
	if (store_needs_network(s))
		return store_fail(cause, "database '%s': a league's database "
		    "is claimed for a network, and none is set", s->path);
	return store_claim_network_shared(s, nick, cause);
}

const char *
store_name(const struct store *s)
{
	return s->path;
}

void
store_set_network(struct store *s, const char *network)
{
	free(s->network);
	s->network = xstrdup(network != NULL ? network : "");
}

const char *
store_network(const struct store *s)
{
	return s->network;
}

int
store_needs_network(const struct store *s)
{
	return db_dialect(s->db) != DB_SQLITE && *s->network == '\0';
}

char *
store_key(const struct store *s, const char *key)
{
	if (*s->network == '\0' || strncmp(key, "ai:", 3) == 0)
		return (char *)key;
	return xasprintf("%s/%s", s->network, key);
}

int64_t
store_player(struct store *s, const char *key, const char *nick, char **cause)
{
	struct db_stmt *st;
	int64_t id;
	int rc;

	char *stored;

	if (*key == '\0')
		return store_fail(cause, "empty player key");
	stored = store_key(s, key);
	rc = store_query(s, SQL_PLAYER_UPSERT, &st, cause, "ttIt", stored,
	    nick, store_now(), stored == key ? "" : s->network);
	if (stored != key)
		free(stored);
	if (rc < 0)
		return -1;
	assert(rc == 1); /* RETURNING always gives a row */
	id = db_int64(st, 0);
	db_reset(st);
	return id;
}

int64_t
store_player_find(struct store *s, const char *key, char **cause)
{
	struct db_stmt *st;
	int64_t id;
	int rc;

	char *stored = store_key(s, key);

	rc = store_query(s, SQL_PLAYER_FIND, &st, cause, "t", stored);
	if (stored != key)
		free(stored);
	if (rc != 1)
		return rc == 0 ? 0 : -1;
	id = db_int64(st, 0);
	db_reset(st);
	return id;
}

int
store_pref_get(
    struct store *s, int64_t player, const char *name, int *value, char **cause)
{
	struct db_stmt *st;
	int rc;

	rc = store_query(s, SQL_PREF_GET, &st, cause, "It", player, name);
	if (rc != 1)
		return rc == 0 ? 1 : -1;
	*value = db_int(st, 0);
	db_reset(st);
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
	struct db_stmt *st;
	int rc;

	rc = store_query(s, SQL_PREF_PLAYERS, &st, cause, "ttt", name, all,
	    s->network);
	return store_strings(s, st, rc, keys, cause);
}

int
store_ignore_add(struct store *s, const char *mask, const char *by,
    char **cause)
{
	struct db_stmt *st;
	int rc;

	if (*mask == '\0')
		return store_fail(cause, "empty mask");
	rc = store_query(s, SQL_IGNORE_ADD, &st, cause, "ttIt", mask, by,
	    store_now(), s->network);
	if (rc < 0)
		return -1;
	db_reset(st);
	return rc == 1 ? 0 : 1;
}

int
store_ignore_remove(struct store *s, const char *mask, char **cause)
{
	struct db_stmt *st;
	int rc;

	rc = store_query(s, SQL_IGNORE_REMOVE, &st, cause, "tt", mask,
	    s->network);
	if (rc < 0)
		return -1;
	db_reset(st);
	return rc == 1 ? 0 : 1;
}

int
store_ignores(struct store *s, char ***masks, char **cause)
{
	struct db_stmt *st;
	int rc;

	rc = store_query(s, SQL_IGNORES, &st, cause, "t", s->network);
	return store_strings(s, st, rc, masks, cause);
}

int
store_strings(struct store *s, struct db_stmt *st, int rc, char ***list,
    char **cause)
{
	char **got = NULL;
	int n = 0;

	*list = NULL;
	for (; rc == 1; rc = store_next(s, st, cause)) {
		got = xreallocarray(got, (size_t)n + 1, sizeof *got);
		got[n++] = xstrdup(db_text(st, 0));
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
