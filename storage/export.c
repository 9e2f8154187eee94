/*
 * The reads of the stats page (bot/export.c): the players who have one,
 * their rating histories (the league's and the solo ladder's), the games
 * finished per day, the most recent games, the titles and the number of
 * finished games of each variant, the results of a game, each one
 * prepared statement (schema.c).
 */
#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/xalloc.h"
#include "store-int.h"

int
store_export_players(struct store *s, struct store_export_player **rows,
    char **cause)
{
	struct store_export_player *r;
	struct db_stmt *st;
	int n = 0, rc;

	*rows = NULL;
	rc = store_query(s, SQL_EXPORT_PLAYERS, &st, cause, "t", s->network);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		*rows = xreallocarray(*rows, (size_t)n + 1, sizeof **rows);
		r = &(*rows)[n++];
		r->id = db_int64(st, 0);
		store_copy_text(r->nick, sizeof r->nick,
		    db_text(st, 1));
		store_copy_text(r->key, sizeof r->key,
		    db_text(st, 2));
		r->games = db_int(st, 3);
	}
	if (rc < 0) {
		free(*rows);
		*rows = NULL;
		return -1;
	}
	return n;
}

int
store_export_ratings(struct store *s, int64_t player, const char *variant,
    int solo, struct store_export_point **points, char **cause)
{
	struct store_export_point *p;
	struct db_stmt *st;
	int n = 0, rc;

	*points = NULL;
	rc = store_query(s, solo ? SQL_EXPORT_SOLO : SQL_EXPORT_RATINGS, &st,
	    cause, "It", player, variant);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		*points = xreallocarray(*points, (size_t)n + 1,
		    sizeof **points);
		p = &(*points)[n++];
		p->game = db_int64(st, 0);
		p->mu = db_double(st, 1);
		p->sigma = db_double(st, 2);
		p->ended = db_int64(st, 3);
	}
	if (rc < 0) {
		free(*points);
		*points = NULL;
		return -1;
	}
	return n;
}

int
store_export_days(struct store *s, int64_t since,
    struct store_export_day *rows, int max, char **cause)
{
	struct db_stmt *st;
	int n = 0, rc;

	rc = store_query(s, SQL_EXPORT_DAYS, &st, cause, "I", since);
	for (; rc == 1 && n < max; rc = store_next(s, st, cause)) {
		store_date(db_int64(st, 0) * 86400, rows[n].date);
		rows[n].games = db_int(st, 1);
		n++;
	}
	if (rc == 1)
		db_reset(st);
	return rc < 0 ? -1 : n;
}

int
store_export_recent(struct store *s, int64_t *ids, int max, char **cause)
{
	struct db_stmt *st;
	int n = 0, rc;

	rc = store_query(s, SQL_EXPORT_RECENT, &st, cause, "i", max);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		assert(n < max);
		ids[n++] = db_int64(st, 0);
	}
	return rc < 0 ? -1 : n;
}

int
store_export_titles(struct store *s, const char *variant,
    struct store_export_title *rows, int max, char **cause)
{
	struct db_stmt *st;
	int n = 0, rc;

	rc = store_query(s, SQL_EXPORT_TITLES, &st, cause, "tit", variant, max,
	    s->network);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		assert(n < max);
		store_copy_text(rows[n].nick, sizeof rows[n].nick,
		    db_text(st, 0));
		store_copy_text(rows[n].name, sizeof rows[n].name,
		    db_text(st, 1));
		rows[n].at = db_int64(st, 2);
		rows[n].run = db_int(st, 3);
		n++;
	}
	return rc < 0 ? -1 : n;
}

int
store_export_games(struct store *s, const char *variant, int *games,
    char **cause)
{
	struct db_stmt *st;
	int rc;

	*games = 0;
	rc = store_query(s, SQL_EXPORT_GAMES, &st, cause, "t", variant);
	if (rc == 1) {
		*games = db_int(st, 0);
		rc = store_next(s, st, cause);
	}
	return rc < 0 ? -1 : 0;
}

int
store_export_results(struct store *s, int64_t game,
    struct store_export_result *rows, int max, char **cause)
{
	struct db_stmt *st;
	int n = 0, rc, seat;

	memset(rows, 0, (size_t)max * sizeof *rows);
	rc = store_query(s, SQL_EXPORT_RESULTS, &st, cause, "I", game);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		seat = db_int(st, 0);
		if (seat < 0 || seat >= max) {
			db_reset(st);
			return store_fail(cause, "game %" PRId64 ": a result of "
			    "seat %d, of %d at most", game, seat, max);
		}
		rows[seat].place = db_int(st, 1);
		rows[seat].won = db_int(st, 2);
		rows[seat].lost = db_int(st, 3);
		rows[seat].forfeit = db_int(st, 4);
		n++;
	}
	return rc < 0 ? -1 : n;
}
