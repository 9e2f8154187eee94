/*
 * The end of a game and what is read from it: results, per-player stats
 * and win streaks, and the boards (!top).
 *
 * Each finished game adds one result row per seat and updates, in the same
 * transaction, two stats rows per player: the game's variant and all
 * variants together (variant '').  A winner's streak grows by one and
 * best_streak keeps its maximum; anyone else's streak drops to 0.  Counts
 * could be summed from results, but a streak spans games, so the stats
 * rows hold both and are read as they are.
 */
#include <assert.h>
#include <inttypes.h>
#include <stddef.h>

#include "store-int.h"

/* SQL_TOP selects the board's column by these numbers. */
_Static_assert(
    STORE_BOARD_WINS == 0 && STORE_BOARD_STREAK == 1 && STORE_BOARD_GAMES == 2,
    "SQL_TOP's CASE needs these board numbers");

/* Records one seat's result and counts it in the player's stats. */
static int
store_finish_seat(struct store *s, int64_t game, int seat,
    const struct store_seat_result *r, char **cause)
{
	sqlite3_stmt *st;
	int64_t player;
	int won = r->won != 0, lost = r->lost != 0, rc;

	if (r->place < 0)
		return store_fail(cause, "seat %d: negative place", seat);
	if (won && lost)
		return store_fail(cause, "seat %d both won and lost", seat);
	rc = store_query(s, SQL_RESULT_INSERT, &st, cause, "Iiiiiit", game,
	    seat, r->place, won, lost, r->points, r->detail);
	if (rc < 0)
		return -1;
	assert(rc == 1); /* every seat up to nseats exists */
	player = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return store_run(s, SQL_STATS_ADD, cause, "IIiit", player, game, won,
	    lost, STORE_ALL_VARIANTS);
}

int
store_game_finish(struct store *s, int64_t game,
    const struct store_seat_result *seats, int nseats, char **cause)
{
	int have, next, i;

	if (store_begin(s, 1, cause) != 0)
		return -1;
	if (store_game_running(s, game, &have, &next, cause) != 0)
		return store_rollback(s);
	if (nseats != have) {
		return store_refuse(s, cause,
		    "game %" PRId64 " has %d seats, not %d", game, have,
		    nseats);
	}
	for (i = 0; i < nseats; i++) {
		if (store_finish_seat(s, game, i, &seats[i], cause) != 0)
			return store_rollback(s);
	}
	if (store_run(s, SQL_GAME_END, cause, "Itt", game, "finished", NULL))
		return store_rollback(s);
	return store_commit(s, cause);
}

int
store_stats(struct store *s, const char *nick, const char *variant,
    struct store_stats *out, char **cause)
{
	sqlite3_stmt *st;
	int rc;

	rc = store_query(s, SQL_STATS_GET, &st, cause, "tt", nick,
	    variant == NULL ? STORE_ALL_VARIANTS : variant);
	if (rc <= 0)
		return rc == 0 ? 1 : -1;
	store_copy_text(
	    out->nick, sizeof out->nick, sqlite3_column_text(st, 0));
	out->games = sqlite3_column_int(st, 1);
	out->wins = sqlite3_column_int(st, 2);
	out->losses = sqlite3_column_int(st, 3);
	out->streak = sqlite3_column_int(st, 4);
	out->best_streak = sqlite3_column_int(st, 5);
	sqlite3_reset(st);
	return 0;
}

int
store_top(struct store *s, const char *variant, enum store_board board,
    struct store_top_row *rows, int max, char **cause)
{
	sqlite3_stmt *st;
	int n = 0, rc;

	assert(board >= STORE_BOARD_WINS && board <= STORE_BOARD_GAMES);
	if (max <= 0)
		return 0;
	rc = store_query(s, SQL_TOP, &st, cause, "tii",
	    variant == NULL ? STORE_ALL_VARIANTS : variant, (int)board, max);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		assert(n < max);
		store_copy_text(rows[n].nick, sizeof rows[n].nick,
		    sqlite3_column_text(st, 0));
		rows[n].value = sqlite3_column_int(st, 1);
		rows[n].games = sqlite3_column_int(st, 2);
		rows[n].wins = sqlite3_column_int(st, 3);
		n++;
	}
	return rc < 0 ? -1 : n;
}
