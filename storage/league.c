/*
 * Skill ratings (storage/rating.h computes them): one ratings row per
 * player and variant, moved by every finished game that counts, the
 * rating_history rows that keep each player's rating after each game,
 * and the rating board read back.
 *
 * A game counts for the ratings as it counts for the stats
 * (game-finish.c): a game with an AI seat while store_count_ai() is off
 * changes no rating, nor does an abandoned one.  When it counts, every
 * seat is rated, AI players too (so that a hard AI's rating says how
 * strong it plays), though no AI is on the board.  Places come from the
 * seats' results; a seat that left (place 0) is ranked after every placed
 * seat, tied with the others who left.  A forfeit (every other seat left)
 * rates those who left, each a loss to the seat still there, or leaving a
 * game about to be lost would keep a rating safe; the seat still there is
 * not rated by it, or two accounts would farm a rating, one leaving the
 * other's games (store_rating_apply(), the one rule of the league and the
 * solo ladder).
 *
 * Ratings are per variant only: a Cheat rating and a Cheesedog rating
 * measure different skills, so there is no all-variants row.
 *
 * The solo ladder's ratings (solo-ladder.c moves them) are read back and
 * ranked here too, by the same statements on their own tables.
 */
#include <assert.h>
#include <inttypes.h>
#include <string.h>

#include "rating.h"
#include "store-int.h"

_Static_assert(STORE_BOARD_RATING == STORE_BOARD_DETECTOR + 1 &&
                   STORE_BOARD_SOLO == STORE_BOARD_RATING + 1,
    "store_top() reads the rating and solo boards last");

int
store_rated_seat(const struct store_seat_result *seats, int i)
{
	return !seats[i].forfeit;
}

int
store_rating_apply(const struct store_seat_result *seats, int nseats,
    struct rating *r)
{
	struct rating was[RATING_PLAYERS];
	int place[RATING_PLAYERS];
	int i, last = 0;

	if (nseats < 2 || nseats > RATING_PLAYERS)
		return -1;
	for (i = 0; i < nseats; i++) {
		if (seats[i].place > last)
			last = seats[i].place;
		was[i] = r[i];
	}
	/* Those who left come after everyone placed, all tied. */
	for (i = 0; i < nseats; i++)
		place[i] = seats[i].place > 0 ? seats[i].place : last + 1;
	if (rating_update(r, place, nseats) != 0)
		return -1;
	for (i = 0; i < nseats; i++) {
		if (!store_rated_seat(seats, i))
			r[i] = was[i];
	}
	return 0;
}

int
store_rate_game(struct store *s, int64_t game,
    const struct store_seat_result *seats, int nseats, char **cause)
{
	struct rating r[RATING_PLAYERS];
	int64_t player[RATING_PLAYERS];
	struct db_stmt *st;
	char variant[32];
	int i, rc;

	if (nseats < 2 || nseats > RATING_PLAYERS)
		return 0;
	i = 0;
	rc = store_query(s, SQL_RATING_SEATS, &st, cause, "I", game);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		assert(i < nseats); /* the caller checked the seat count */
		player[i] = db_int64(st, 0);
		store_copy_text(
		    variant, sizeof variant, db_text(st, 1));
		if (db_int(st, 4) == 0)
			rating_new(&r[i]);
		else {
			r[i].mu = db_double(st, 2);
			r[i].sigma = db_double(st, 3);
		}
		i++;
	}
	if (rc < 0)
		return -1;
	assert(i == nseats);
	if (store_rating_apply(seats, nseats, r) != 0) {
		return store_fail(cause, "game %" PRId64 ": its places cannot "
		    "be rated", game);
	}
	for (i = 0; i < nseats; i++) {
		if (!store_rated_seat(seats, i))
			continue;
		if (store_run(s, SQL_RATING_SET, cause, "Itdd", player[i],
		    variant, r[i].mu, r[i].sigma) != 0 ||
		    store_run(s, SQL_RATING_HISTORY, cause, "IItdd", game,
		    player[i], variant, r[i].mu, r[i].sigma) != 0)
			return -1;
	}
	return 0;
}

void
store_rating_provisional(struct store *s, int games)
{
	assert(games >= 0);
	s->provisional = games;
}

/* store_rating() and store_solo_rating(), id the statement of the one
 * asked for. */
static int
store_rating_read(struct store *s, enum store_sql id, const char *nick,
    const char *variant, struct store_rating *r, char **cause)
{
	char bare[STORE_BARE_NICK];
	const char *want;
	struct rating belief;
	struct db_stmt *st;
	int rc;

	memset(r, 0, sizeof *r);
	if (variant == NULL)
		return store_fail(cause, "a rating is of one game");
	store_nick_split(nick, bare, &want);
	rc = store_query(s, id, &st, cause, "ttitt", bare, variant,
	    s->provisional, s->network, want);
	if (rc <= 0)
		return rc == 0 ? 1 : -1;
	store_copy_text(r->nick, sizeof r->nick, db_text(st, 0));
	belief.mu = r->mu = db_double(st, 1);
	belief.sigma = r->sigma = db_double(st, 2);
	r->ordinal = rating_ordinal(&belief);
	r->games = db_int(st, 3);
	r->provisional = r->games < s->provisional;
	r->rank = db_int(st, 4); /* NULL reads 0 */
	db_reset(st);
	return 0;
}

int
store_rating(struct store *s, const char *nick, const char *variant,
    struct store_rating *r, char **cause)
{
	return store_rating_read(s, SQL_RATING_GET, nick, variant, r, cause);
}

int
store_solo_rating(struct store *s, const char *nick, const char *variant,
    struct store_rating *r, char **cause)
{
	return store_rating_read(s, SQL_SOLO_GET, nick, variant, r, cause);
}

int
store_top_rating(struct store *s, const char *variant,
    enum store_board board, struct store_top_row *rows, int max,
    char **cause)
{
	struct rating belief;
	struct db_stmt *st;
	int n = 0, rc;

	assert(board == STORE_BOARD_RATING || board == STORE_BOARD_SOLO);
	if (variant == NULL)
		return store_fail(cause, "the %s board is of one game",
		    board == STORE_BOARD_SOLO ? "solo" : "rating");
	rc = store_query(s, board == STORE_BOARD_SOLO ? SQL_TOP_SOLO :
	    SQL_TOP_RATING, &st, cause, "tiit", variant, s->provisional, max,
	    s->network);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		assert(n < max);
		memset(&rows[n], 0, sizeof rows[n]);
		store_copy_text(rows[n].nick, sizeof rows[n].nick,
		    db_text(st, 0));
		belief.mu = rows[n].mu = db_double(st, 1);
		belief.sigma = rows[n].sigma = db_double(st, 2);
		rows[n].ordinal = rating_ordinal(&belief);
		rows[n].games = db_int(st, 3);
		n++;
	}
	return rc < 0 ? -1 : n;
}
