/*
 * The end of a game recorded, in one transaction (store_game_finish()):
 * results, per-player stats, win streaks, runs and titles, the bluff
 * ledgers, and with them the ratings (league.c), the solo ladder
 * (solo-ladder.c) and the season (season.c).  What is read back from
 * them is stats.c's.
 *
 * Each finished game adds one result row per seat and updates, in the same
 * transaction, two stats rows per player: the game's variant and all
 * variants together (variant '').  A winner's streak grows by one and
 * best_streak keeps its maximum; anyone else's streak drops to 0.  The run
 * is the streak of wins with one detail (the suit that won, say): a win
 * with the run's detail makes it longer, a win with another starts a new
 * run of 1, anything else ends it.  Counts could be summed from results,
 * but streaks and runs span games, so the stats rows hold them all and are
 * read as they are.
 *
 * Titles belong to a variant (its rules are handed in by the caller) and
 * are counted on that variant's row: every game counts streaks and runs
 * the same way, and only what earns a title differs.  Each title earned
 * is an award too (awards.c).
 *
 * A win by forfeit (every other seat left) is a game played and nothing
 * more: no win, and no streak or run on its rows changes, so it earns no
 * title.
 *
 * A game with an AI seat (a player whose key starts "ai:") is recorded
 * like any, its results rows and move log, but counted in nobody's stats
 * unless store_count_ai() says so: no streak, run, title or board of the
 * league moves for playing against the program.  It is marked on its
 * games row, and moves the solo ladder whatever store_count_ai() says
 * (solo-ladder.c), whose figures store_solo() reads.
 *
 * For the loser games, the rows also count the run of games without
 * losing: a game neither lost nor left makes it longer, any other ends
 * it.
 *
 * The bluff ledger of a game (games/story.h), computed by the bot once the
 * game is over, is one bluffs row per seat of a variant whose players make
 * claims, written whatever the game counts: it is what happened.  The
 * bluff titles a seat earned by the game are titles rows like the streak
 * titles, under the same rule: a game not counted earns none, nor does a
 * forfeit.
 *
 * A game that counts moves the players' ratings too (league.c), in the
 * same transaction.
 */
#include <assert.h>
#include <inttypes.h>
#include <string.h>

#include "store-int.h"

/* Counts one more game on the player's stats rows; the streak and run on
 * the row of the game's variant after it into *streak and *run. */
static int
store_count_seat(struct store *s, int64_t game, int64_t player,
    const struct store_seat_result *r, int *streak, int *run, char **cause)
{
	struct db_stmt *st;
	const char *variant;
	int rc;

	rc = store_query(s, SQL_STATS_ADD, &st, cause, "IIiittii", player,
	    game, r->won != 0, r->lost != 0, STORE_ALL_VARIANTS, r->detail,
	    r->place, r->forfeit != 0);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		variant = db_text(st, 0);
		if (variant == NULL || *variant == '\0')
			continue;
		*streak = db_int(st, 1);
		*run = db_int(st, 2);
	}
	return rc;
}

/* Compares the seat's streak and run with each rule: a title earned is
 * stored, a further win of a run that earned one lengthens that title's
 * row; either is an award. */
static int
store_award_seat(struct store *s, int64_t game, int seat, int64_t player,
    const struct store_seat_result *r, const struct store_title_rule *rules,
    int streak, int run, struct store_awards *aw, char **cause)
{
	const struct store_title_rule *rule;
	const char *detail;
	int count, again;

	for (rule = rules; rule->name != NULL; rule++) {
		assert(rule->at >= 1);
		count = rule->same_detail ? run : streak;
		detail = rule->same_detail ? r->detail : NULL;
		if (count == rule->at) {
			again = 0;
			if (store_run(s, SQL_TITLE_INSERT, cause, "IItitI",
			        player, game, rule->name, count, detail,
			        store_now()) != 0)
				return -1;
		} else if (rule->further && count > rule->at) {
			again = 1;
			if (store_run(s, SQL_TITLE_RUN, cause, "IItit", player,
			        game, rule->name, count, detail) != 0)
				return -1;
		} else
			continue;
		store_award_add(aw, seat, (int)(rule - rules), count, detail,
		    again, NULL, 0);
	}
	return 0;
}

/* Stores the bluff titles the seat earned, one titles row each, and makes
 * each an award, counted in the variant's titles of that name. */
static int
store_earn_seat(struct store *s, int64_t game, int seat, int64_t player,
    const char *const *earned, struct store_awards *aw, char **cause)
{
	struct db_stmt *st;
	int i, count, rc;

	for (i = 0; earned[i] != NULL; i++) {
		if (store_run(s, SQL_TITLE_INSERT, cause, "IItitI", player,
		    game, earned[i], 0, NULL, store_now()) != 0)
			return -1;
		rc = store_query(s, SQL_TITLE_COUNT, &st, cause, "IIt", player,
		    game, earned[i]);
		if (rc < 0)
			return -1;
		assert(rc == 1); /* count(*) always gives a row */
		count = db_int(st, 0);
		db_reset(st);
		store_award_add(
		    aw, seat, -1, count, NULL, count > 1, earned[i], 0);
	}
	return 0;
}

/* Checks one seat's outcome before anything of it is written: 0, or -1
 * and *cause. */
static int
store_check_seat(int seat, const struct store_seat_result *r,
    const struct store_title_rule *rules, char **cause)
{
	const struct store_title_rule *rule;
	const struct store_bluffs *b = r->bluffs;
	int won = r->won != 0, lost = r->lost != 0, i, j;

	if (r->place < 0)
		return store_fail(cause, "seat %d: negative place", seat);
	if (won && lost)
		return store_fail(cause, "seat %d both won and lost", seat);
	if (r->forfeit && (won || lost || r->place == 0))
		return store_fail(cause, "seat %d: a forfeit is placed and "
		    "neither won nor lost", seat);
	if (b != NULL && (b->claims < 0 || b->lies < 0 || b->caught < 0 ||
	    b->away < 0 || b->accused < 0 || b->calls < 0 || b->right < 0 ||
	    b->wrong < 0 || b->chances < 0))
		return store_fail(cause, "seat %d: a negative count in its "
		    "bluff ledger", seat);
	for (i = 0; r->earned != NULL && r->earned[i] != NULL; i++) {
		if (*r->earned[i] == '\0')
			return store_fail(cause, "seat %d: an empty bluff "
			    "title name", seat);
		for (j = 0; j < i; j++) {
			if (strcmp(r->earned[j], r->earned[i]) == 0)
				return store_fail(cause, "seat %d earned "
				    "'%s' twice", seat, r->earned[i]);
		}
		for (rule = rules; rule != NULL && rule->name != NULL; rule++) {
			if (strcmp(rule->name, r->earned[i]) == 0)
				return store_fail(cause, "seat %d: bluff "
				    "title '%s' is a rule's name too", seat,
				    r->earned[i]);
		}
	}
	return 0;
}

/* Records one seat's result and its ledger and, when counted, counts it
 * in the player's stats and awards the titles it earns. */
static int
store_finish_seat(struct store *s, int64_t game, int seat,
    const struct store_seat_result *r, const struct store_title_rule *rules,
    int counted, struct store_awards *aw, char **cause)
{
	const struct store_bluffs *b = r->bluffs;
	struct db_stmt *st;
	int64_t player;
	int rc, streak = 0, run = 0;

	if (store_check_seat(seat, r, rules, cause) != 0)
		return -1;
	rc = store_query(s, SQL_RESULT_INSERT, &st, cause, "Iiiiiiti", game,
	    seat, r->place, r->won != 0, r->lost != 0, r->points, r->detail,
	    r->forfeit != 0);
	if (rc < 0)
		return -1;
	assert(rc == 1); /* every seat up to nseats exists */
	player = db_int64(st, 0);
	db_reset(st);
	if (b != NULL && store_run(s, SQL_BLUFFS_INSERT, cause, "Iiiiiiiiiii",
	    game, seat, b->claims, b->lies, b->caught, b->away, b->accused,
	    b->calls, b->right, b->wrong, b->chances) != 0)
		return -1;
	if (!counted)
		return 0;
	if (store_count_seat(s, game, player, r, &streak, &run, cause) != 0)
		return -1;
	if (r->forfeit)
		return 0;
	if (rules != NULL && store_award_seat(s, game, seat, player, r, rules,
	    streak, run, aw, cause) != 0)
		return -1;
	if (r->earned == NULL)
		return 0;
	return store_earn_seat(s, game, seat, player, r->earned, aw, cause);
}

int
store_game_finish(struct store *s, int64_t game,
    const struct store_seat_result *seats, int nseats,
    const struct store_title_rule *rules, struct store_award *awards,
    int max_awards, int *nawards, char **cause)
{
	struct store_awards aw = {awards, max_awards, 0};
	struct db_stmt *st;
	int have, next, i, ai, rc;

	assert(max_awards >= 0 && (awards != NULL || max_awards == 0));
	*nawards = 0;
	if (store_begin(s, 1, cause) != 0)
		return -1;
	if (store_game_running(s, game, &have, &next, cause) != 0)
		return store_rollback(s);
	if (nseats != have) {
		return store_refuse(s, cause,
		    "game %" PRId64 " has %d seats, not %d", game, have,
		    nseats);
	}
	if ((rc = store_query(s, SQL_GAME_HAS_AI, &st, cause, "I", game)) < 0)
		return store_rollback(s);
	ai = rc == 1 && db_int(st, 0) != 0;
	db_reset(st);
	if (ai && store_run(s, SQL_GAME_AI, cause, "Ii", game,
	    s->count_ai ? 1 : 2) != 0)
		return store_rollback(s);
	for (i = 0; i < nseats; i++) {
		if (store_finish_seat(s, game, i, &seats[i], rules,
		    !ai || s->count_ai, &aw, cause) != 0)
			return store_rollback(s);
	}
	if ((!ai || s->count_ai) &&
	    store_rate_game(s, game, seats, nseats, cause) != 0)
		return store_rollback(s);
	if (ai && store_solo_game(s, game, seats, nseats, &aw, cause) != 0)
		return store_rollback(s);
	if (store_game_season(s, game, cause) != 0 ||
	    store_run(s, SQL_GAME_END, cause, "IttI", game, "finished",
	        NULL, store_now()))
		return store_rollback(s);
	if (store_commit(s, cause) != 0)
		return -1;
	store_awards_by_seat(&aw);
	*nawards = aw.n;
	return 0;
}

void
store_count_ai(struct store *s, int on)
{
	s->count_ai = on != 0;
}
