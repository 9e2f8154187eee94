/*
 * The solo ladder in the records (docs/league.md, The solo ladder): a
 * finished game with at least one AI seat and one person moves, in the
 * game's transaction and whatever store_count_ai() says, each person's
 * solo row of the variant: their solo rating, by rating_update() from the
 * seats' places (a seat that left last, as for the league), with every AI
 * seat at the fixed anchor of its level (solo.h) and every other person
 * at their own solo rating; their solo games, wins, losses and wins in a
 * row; a solo_history row; and the solo titles they earn.  Nothing of an
 * AI moves: the anchors are constants.
 *
 * A solo win is a won seat, or, in a game played for a loser (a seat of
 * it lost), the seat placed first: so Cheesedog's first out wins too.  A
 * forfeit (every other seat left) is rated as the league rates one
 * (store_rating_apply(): those who left lose to the seat still there,
 * whose rating stays as it was, with no history row); it is counted as a
 * game of the record and changes nothing else: no win, no streak ended,
 * no title.
 *
 * The solo rating is read back and ranked by league.c's reads, on the
 * solo tables; the solo counts by store_solo() (stats.c).
 */
#include <assert.h>
#include <inttypes.h>
#include <string.h>

#include "../games/ai.h"
#include "solo.h"
#include "store-int.h"

/* One seat as the ladder reads it. */
struct solo_seat {
	int64_t player;
	int ai;			/* an AI player's seat */
	enum ai_level level;	/* its level, when ai */
	struct rating r;	/* the anchor, or the person's solo rating
				 * before the game (a new one when none) */
};

/* Reads game's seats into seat[] (nseats of them, as the caller
 * checked) and its variant: 0, or -1 and *cause (an AI seat whose
 * identity names no level, a variant without anchors). */
static int
solo_read(struct store *s, int64_t game, struct solo_seat *seat, int nseats,
    char *variant, size_t size, char **cause)
{
	struct db_stmt *st;
	const char *ident;
	int i = 0, rc, level;

	rc = store_query(s, SQL_SOLO_SEATS, &st, cause, "I", game);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		assert(i < nseats);
		seat[i].player = db_int64(st, 0);
		seat[i].ai = db_int(st, 1) != 0;
		store_copy_text(variant, size, db_text(st, 3));
		if (!seat[i].ai) {
			if (db_int(st, 6) == 0)
				rating_new(&seat[i].r);
			else {
				seat[i].r.mu = db_double(st, 4);
				seat[i].r.sigma = db_double(st, 5);
			}
			i++;
			continue;
		}
		ident = db_text(st, 2);
		level = strncmp(ident, "ai:", 3) == 0 ?
		    ai_level_find(ident + 3) : -1;
		if (level < 0) {
			store_fail(cause, "game %" PRId64 ": seat %d is an "
			    "AI's, but its identity '%s' names no level", game,
			    i, ident);
			db_reset(st);
			return -1;
		}
		seat[i].level = (enum ai_level)level;
		if (solo_anchor(variant, seat[i].level, &seat[i].r) != 0) {
			store_fail(cause, "game %" PRId64 ": %s has no solo "
			    "anchors", game, variant);
			db_reset(st);
			return -1;
		}
		i++;
	}
	if (rc < 0)
		return -1;
	assert(i == nseats);
	return 0;
}

/* Stores title k of the solo ladder for the person in seat, earned by
 * game, and makes it an award: 0, or -1 and *cause. */
static int
solo_earn(struct store *s, int64_t game, int seat, int64_t player, int k,
    struct store_awards *aw, char **cause)
{
	struct db_stmt *st;
	int count, rc;

	if (store_run(s, SQL_SOLO_TITLE_INSERT, cause, "IItI", player, game,
	    solo_titles[k].name, store_now()) != 0)
		return -1;
	rc = store_query(s, SQL_SOLO_TITLE_COUNT, &st, cause, "IIt", player,
	    game, solo_titles[k].name);
	if (rc < 0)
		return -1;
	assert(rc == 1); /* count(*) always gives a row */
	count = db_int(st, 0);
	db_reset(st);
	store_award_add(aw, seat, -1, count, NULL, count > 1,
	    solo_titles[k].name, 1);
	return 0;
}

/* Whether the person has held title k of the game's variant before
 * game: 1, 0, or -1 and *cause. */
static int
solo_held(struct store *s, int64_t game, int64_t player, int k, char **cause)
{
	struct db_stmt *st;
	int rc, n;

	rc = store_query(s, SQL_SOLO_TITLE_COUNT, &st, cause, "IIt", player,
	    game, solo_titles[k].name);
	if (rc < 0)
		return -1;
	assert(rc == 1);
	n = db_int(st, 0);
	db_reset(st);
	return n > 0;
}

/* The solo titles the person in seat i earned by game, whose solo
 * rating is now seat[i].r and whose solo wins in a row are streak: 0, or
 * -1 and *cause. */
static int
solo_titles_earned(struct store *s, int64_t game, const char *variant,
    const struct solo_seat *seat, int nseats, int i, int win, int streak,
    struct store_awards *aw, char **cause)
{
	struct rating hard;
	int j, giants = 0, held;

	for (j = 0; j < nseats; j++)
		giants += seat[j].ai && seat[j].level >= AI_HARD;
	if (win && giants >= SOLO_GIANTS && solo_earn(s, game, i,
	    seat[i].player, SOLO_GIANT_SLAYER, aw, cause) != 0)
		return -1;
	if (win && streak == SOLO_WOLF_RUN && solo_earn(s, game, i,
	    seat[i].player, SOLO_LONE_WOLF, aw, cause) != 0)
		return -1;
	/* solo_read() found the variant's anchors. */
	if (solo_anchor(variant, AI_HARD, &hard) != 0 ||
	    rating_ordinal(&seat[i].r) <= rating_ordinal(&hard))
		return 0;
	if ((held = solo_held(s, game, seat[i].player, SOLO_MACHINE_BREAKER,
	    cause)) != 0)
		return held < 0 ? -1 : 0;
	return solo_earn(s, game, i, seat[i].player, SOLO_MACHINE_BREAKER, aw,
	    cause);
}

int
store_solo_game(struct store *s, int64_t game,
    const struct store_seat_result *seats, int nseats,
    struct store_awards *aw, char **cause)
{
	struct solo_seat seat[RATING_PLAYERS];
	struct rating r[RATING_PLAYERS];
	struct db_stmt *st;
	char variant[32];
	int i, ais = 0, loser = 0, win, streak, rc;

	if (nseats < 2 || nseats > RATING_PLAYERS)
		return 0;
	if (solo_read(s, game, seat, nseats, variant, sizeof variant,
	    cause) != 0)
		return -1;
	for (i = 0; i < nseats; i++) {
		ais += seat[i].ai;
		loser |= seats[i].lost != 0;
		r[i] = seat[i].r;
	}
	if (ais == 0 || ais == nseats)
		return 0;
	if (store_rating_apply(seats, nseats, r) != 0) {
		return store_fail(cause, "game %" PRId64 ": its places cannot "
		    "be rated", game);
	}
	for (i = 0; i < nseats; i++) {
		if (seat[i].ai)
			continue;
		seat[i].r = r[i];
		win = !seats[i].forfeit && (seats[i].won != 0 ||
		    (loser && seats[i].place == 1));
		rc = store_query(s, SQL_SOLO_SET, &st, cause, "Itddiiii",
		    seat[i].player, variant, r[i].mu, r[i].sigma, win,
		    seats[i].lost != 0, seats[i].forfeit != 0, win);
		if (rc < 0)
			return -1;
		assert(rc == 1); /* RETURNING gives the row */
		streak = db_int(st, 0);
		db_reset(st);
		if (store_rated_seat(seats, i) && store_run(s,
		    SQL_SOLO_HISTORY, cause, "IItdd", game, seat[i].player,
		    variant, r[i].mu, r[i].sigma) != 0)
			return -1;
		if (!seats[i].forfeit && solo_titles_earned(s, game, variant,
		    seat, nseats, i, win, streak, aw, cause) != 0)
			return -1;
	}
	return 0;
}
