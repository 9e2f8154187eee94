/*
 * Seasons (docs/league.md): the season a finished game ended in, the
 * database's numbering of the seasons, the season boards read from the
 * results of a season's games, and which seasons' ends were announced in
 * which channels.
 *
 * Storage keeps no clock of its own for seasons: the bot says which
 * season it is (store_season()), as it counts them from its clock and
 * league.season, and store_game_finish() writes that season's number on
 * the game.  A database numbers the seasons from the first it recorded:
 * the season the first game finished in that recorded one is its Season
 * 1 (season_first, written in that game's transaction), and every
 * number stored (games.season, season_announced) and asked for (the
 * boards) is the database's, which store_season_number() gives for the
 * bot's count; until a game records one, the season now is Season 1.  A
 * season board is
 * summed from the results rows of its games (the stats rows are all-time
 * running totals), so only the boards results can give are kept per
 * season: wins, games, titles, losses and the two bluff boards.  Streaks
 * and runs span seasons, and ratings are all-time.
 */
#include <assert.h>
#include <inttypes.h>
#include <string.h>

#include "store-int.h"

/* SQL_TOP_SEASON selects the board's figure by these numbers. */
_Static_assert(STORE_BOARD_WINS == 0 && STORE_BOARD_GAMES == 2 &&
                   STORE_BOARD_TITLES == 4 && STORE_BOARD_LOSSES == 5,
    "SQL_TOP_SEASON's CASE needs these board numbers");

void
store_season(struct store *s, int64_t season)
{
	assert(season >= 0);
	s->season = season;
}

int64_t
store_season_number(int64_t count, int64_t first)
{
	if (count <= 0)
		return 0;
	if (first <= 0 || count < first)
		return 1;
	return count - first + 1;
}

int64_t
store_season_count(int64_t number, int64_t first)
{
	return number + first - 1;
}

int
store_season_first(struct store *s, int64_t *first, char **cause)
{
	struct db_stmt *st;
	int rc;

	rc = store_query(s, SQL_SEASON_FIRST, &st, cause, "");
	if (rc < 0)
		return -1;
	if (rc == 0)
		return 1;
	*first = db_int64(st, 0);
	db_reset(st);
	return 0;
}

int
store_game_season(struct store *s, int64_t game, char **cause)
{
	int64_t first = 0;

	if (s->season == 0)
		return 0;
	if (store_run(s, SQL_SEASON_FIRST_ADD, cause, "I", s->season) != 0 ||
	    store_season_first(s, &first, cause) < 0)
		return -1;
	return store_run(s, SQL_GAME_SEASON, cause, "II", game,
	    store_season_number(s->season, first));
}

int
store_top_season(struct store *s, const char *variant, enum store_board board,
    int64_t season, int min_games, struct store_top_row *rows, int max,
    char **cause)
{
	struct db_stmt *st;
	int bluffs, rc;

	assert(board >= STORE_BOARD_WINS && board <= STORE_BOARD_SOLO);
	if (season <= 0)
		return store_fail(cause, "no season %" PRId64, season);
	switch (board) {
	case STORE_BOARD_STREAK:
	case STORE_BOARD_RUN:
	case STORE_BOARD_SAFE:
		return store_fail(cause, "runs of games span seasons: that "
		    "board is kept for all time only");
	case STORE_BOARD_RATING:
	case STORE_BOARD_SOLO:
		return store_fail(cause, "ratings are kept for all time only");
	default:
		break;
	}
	if (max <= 0)
		return 0;
	bluffs = board == STORE_BOARD_LIAR || board == STORE_BOARD_DETECTOR;
	rc = store_query(s, bluffs ? SQL_TOP_BLUFFS : SQL_TOP_SEASON, &st,
	    cause, "tiiiIt", variant == NULL ? STORE_ALL_VARIANTS : variant,
	    (int)board, max, min_games, season, s->network);
	return store_top_rows(s, st, rc, bluffs, rows, max, cause);
}

int
store_season_played(struct store *s, int64_t season,
    struct store_season_played *rows, int max, char **cause)
{
	struct db_stmt *st;
	int n = 0, rc;

	rc = store_query(s, SQL_SEASON_PLAYED, &st, cause, "It", season,
	    s->network);
	for (; rc == 1; rc = store_next(s, st, cause), n++) {
		if (n >= max)
			continue;
		store_copy_text(rows[n].channel, sizeof rows[n].channel,
		    db_text(st, 0));
		store_copy_text(rows[n].variant, sizeof rows[n].variant,
		    db_text(st, 1));
	}
	return rc < 0 ? -1 : n;
}

int
store_season_mark(struct store *s, int64_t season, const char *channel,
    char **cause)
{
	struct db_stmt *st;
	int rc;

	rc = store_query(s, SQL_SEASON_MARK, &st, cause, "ItIt", season,
	    channel, store_now(), s->network);
	if (rc < 0)
		return -1;
	if (rc == 1)
		db_reset(st);
	return rc == 1 ? 0 : 1;
}
