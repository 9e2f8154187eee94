/*
 * A whole database copied into a new one (store_copy()): a bot's SQLite
 * records moved into a league's PostgreSQL database, or any engine into
 * any other.  Every table is copied row by row in the order its foreign
 * keys need, each row's every column as it is (the ids too, so that
 * every row still points at its own), inside one read transaction of
 * the source and one write transaction of the destination: the copy is
 * all there or not there at all.  The destination's ids then go on from
 * the largest copied (PostgreSQL's identity sequences are moved past
 * them).  Rows of no network ('' in the source: a bot that named none)
 * are given the network asked for, and their players' keys the network
 * before them (store_key()), as that network's bot would have written
 * them.
 *
 * The statements are built from this file's constant table of tables
 * and columns, never from data; values are bound as text ('t'), which
 * both engines turn into the column's integer, and doubles as "%.17g",
 * which reads back to the same double.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc/xalloc.h"
#include "store-int.h"

/* The most columns of a table copied. */
#define COPY_COLS 16

/* One table: its name, its columns in the schema's current version, how
 * many, which are doubles (a bit per column, the first the lowest), and
 * its key, for the order the rows are read in. */
struct copy_table {
	const char *name;
	const char *cols;
	int ncols;
	unsigned reals;
	const char *key;
};

/* Parents before children (foreign keys); schema version 14, which a
 * new table or column must change along with (test-store-copy compares
 * every table's rows). */
static const struct copy_table copy_tables[STORE_COPY_TABLES] = {
	{"players", "id, key, nick, first_seen, last_seen, network", 6, 0,
	    "id"},
	{"prefs", "player, name, value", 3, 0, "player, name"},
	{"games", "id, variant, channel, options, seed, state, started, "
	    "ended, why, dealer, ai, salt, season, pruned, network", 15, 0,
	    "id"},
	{"game_players", "game, seat, player, ident", 4, 0, "game, seat"},
	{"moves", "game, n, seat, text, at", 5, 0, "game, n"},
	{"results", "game, seat, player, place, won, lost, points, detail, "
	    "forfeit", 9, 0, "game, seat"},
	{"stats", "player, variant, games, wins, losses, streak, "
	    "best_streak, run, run_detail, best_run, best_run_detail, safe, "
	    "best_safe", 13, 0, "player, variant"},
	{"titles", "player, game, variant, title, run, detail, at", 7, 0,
	    "player, game, title"},
	{"ignores", "network, mask, added_by, at", 4, 0, "network, mask"},
	{"bluffs", "game, seat, player, claims, lies, caught, away, "
	    "accused, calls, \"right\", wrong, chances", 12, 0, "game, seat"},
	{"ratings", "player, variant, mu, sigma, games", 5, 1u << 2 | 1u << 3,
	    "player, variant"},
	{"rating_history", "game, player, variant, mu, sigma", 5,
	    1u << 3 | 1u << 4, "game, player"},
	{"season_announced", "season, network, channel, at", 4, 0,
	    "season, network, channel"},
	{"season_first", "one, season", 2, 0, "one"},
	{"solo", "player, variant, mu, sigma, games, wins, losses, streak, "
	    "best_streak", 9, 1u << 2 | 1u << 3, "player, variant"},
	{"solo_history", "game, player, variant, mu, sigma", 5,
	    1u << 3 | 1u << 4, "game, player"},
	{"solo_titles", "player, game, variant, title, at", 5, 0,
	    "player, game, title"},
};
#define COPY_TABLES STORE_COPY_TABLES

/* After the rows: those of no network given net (?1), a person's key
 * with it before (AI players are every network's). */
static const char *const copy_network[] = {
	("UPDATE players SET key = CAST(?1 AS TEXT) || '/' || key,"
	 " network = ?1 WHERE network = '' AND key NOT LIKE 'ai:%'"),
	"UPDATE games SET network = ?1 WHERE network = ''",
	"UPDATE ignores SET network = ?1 WHERE network = ''",
	"UPDATE season_announced SET network = ?1 WHERE network = ''",
};

/* The destination's ids go on from the largest copied: PostgreSQL's
 * identity sequences (SQLite's rowid needs nothing). */
static const char *const copy_sequences[] = {
	("SELECT setval(pg_get_serial_sequence('players', 'id'),"
	 " (SELECT max(id) FROM players))"),
	("SELECT setval(pg_get_serial_sequence('games', 'id'),"
	 " (SELECT max(id) FROM games))"),
};

/* Prepares sql (this file's constant text) on s: the statement, or NULL
 * and *cause. */
static struct db_stmt *
copy_prepare(struct store *s, const char *sql, char **cause)
{
	struct db_stmt *st = db_prepare(s->db, sql);

	if (st == NULL)
		store_db_fail(s, cause);
	return st;
}

/* Runs st with the types' values of v (NULL is SQL's NULL; v holds
 * COPY_COLS, the unused NULL) to its end: 0, or -1 and *cause. */
static int
copy_run(struct store *s, struct db_stmt *st, const char *types,
    char *const *v, char **cause)
{
	int rc;

	_Static_assert(COPY_COLS == 16, "copy_run() passes 16 values");
	rc = db_query_args(st, types, v[0], v[1], v[2], v[3], v[4], v[5], v[6],
	    v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15]);
	while (rc == 1)
		rc = db_next(st);
	if (rc < 0)
		return store_db_fail(s, cause);
	return 0;
}

/* Copies table t's rows from src to dst, counting them in *rows: 0, or
 * -1 and *cause. */
static int
copy_table(struct store *src, struct store *dst, const struct copy_table *t,
    int64_t *rows, char **cause)
{
	char sel[512], ins[768], types[COPY_COLS + 1], *v[COPY_COLS];
	struct db_stmt *from = NULL, *to = NULL;
	size_t len;
	int rc = -1, k;

	snprintf(sel, sizeof sel, "SELECT %s FROM %s ORDER BY %s", t->cols,
	    t->name, t->key);
	len = (size_t)snprintf(ins, sizeof ins, "INSERT INTO %s (%s) VALUES (",
	    t->name, t->cols);
	for (k = 0; k < t->ncols; k++) {
		len += (size_t)snprintf(ins + len, sizeof ins - len, "%s?%d",
		    k > 0 ? ", " : "", k + 1);
		types[k] = 't';
	}
	snprintf(ins + len, sizeof ins - len, ")");
	types[t->ncols] = '\0';
	memset(v, 0, sizeof v);
	if ((from = copy_prepare(src, sel, cause)) == NULL ||
	    (to = copy_prepare(dst, ins, cause)) == NULL)
		goto out;
	for (rc = db_query_args(from, ""); rc == 1; rc = db_next(from)) {
		for (k = 0; k < t->ncols; k++) {
			if (db_is_null(from, k))
				v[k] = NULL;
			else if (t->reals & 1u << k)
				v[k] = xasprintf("%.17g", db_double(from, k));
			else
				v[k] = xstrdup(db_text(from, k));
		}
		rc = copy_run(dst, to, types, v, cause);
		for (k = 0; k < t->ncols; k++) {
			free(v[k]);
			v[k] = NULL;
		}
		if (rc != 0)
			goto out;
		(*rows)++;
	}
	if (rc < 0)
		store_db_fail(src, cause);
out:
	db_finalize(from);
	db_finalize(to);
	return rc < 0 ? -1 : 0;
}

/* Runs each of n statements of sql on dst, with net as ?1 where the
 * text has one: 0, or -1 and *cause. */
static int
copy_each(struct store *dst, const char *const *sql, int n, const char *net,
    char **cause)
{
	char *v[COPY_COLS] = {(char *)net};
	struct db_stmt *st;
	int i, rc;

	for (i = 0; i < n; i++) {
		if ((st = copy_prepare(dst, sql[i], cause)) == NULL)
			return -1;
		rc = copy_run(dst, st, strstr(sql[i], "?1") != NULL ? "t" : "",
		    v, cause);
		db_finalize(st);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* Whether dst holds no player and no game: 0 when empty, else -1 and
 * *cause. */
static int
copy_empty(struct store *dst, char **cause)
{
	struct db_stmt *st;
	int64_t n;
	int rc;

	st = copy_prepare(dst, "SELECT (SELECT count(*) FROM players) +"
	    " (SELECT count(*) FROM games)", cause);
	if (st == NULL)
		return -1;
	rc = db_query_args(st, "");
	n = rc == 1 ? db_int64(st, 0) : 0;
	db_finalize(st);
	if (rc < 0)
		return store_db_fail(dst, cause);
	if (n > 0)
		return store_fail(cause, "database '%s' has records already: "
		    "a copy goes into a new, empty database", dst->path);
	return 0;
}

int
store_copy(struct store *src, struct store *dst, const char *network,
    struct store_copied *n, char **cause)
{
	int i;

	memset(n, 0, sizeof *n);
	if (store_begin(src, 0, cause) != 0)
		return -1;
	if (store_begin(dst, 1, cause) != 0) {
		store_rollback(src);
		return -1;
	}
	if (copy_empty(dst, cause) != 0)
		goto fail;
	for (i = 0; i < COPY_TABLES; i++) {
		if (copy_table(src, dst, &copy_tables[i], &n->rows[i],
		    cause) != 0)
			goto fail;
	}
	if (network != NULL && *network != '\0' &&
	    copy_each(dst, copy_network, (int)(sizeof copy_network /
	    sizeof copy_network[0]), network, cause) != 0)
		goto fail;
	if (db_dialect(dst->db) == DB_PGSQL &&
	    copy_each(dst, copy_sequences, (int)(sizeof copy_sequences /
	    sizeof copy_sequences[0]), NULL, cause) != 0)
		goto fail;
	if (store_commit(dst, cause) != 0) {
		store_rollback(src);
		return -1;
	}
	store_rollback(src); /* a read: nothing to keep */
	n->players = n->rows[0];
	n->games = n->rows[2];
	n->moves = n->rows[4];
	return 0;
fail:
	store_rollback(dst);
	store_rollback(src);
	return -1;
}
