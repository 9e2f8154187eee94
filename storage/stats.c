/*
 * What is read from the finished games: a player found by nick, their
 * stats, win streaks and runs, their solo and AI counts, their bluff
 * ledgers and titles, and the boards (!top).  A game's finish writes
 * them (game-finish.c).
 *
 * The stats rows hold counts, streaks and runs as the games left them,
 * and are read as they are.  The losses board ranks by losses per game,
 * over players with enough games for the rate to mean something.  A
 * player's ledgers are summed when read (store_bluffs()), and the liar
 * and detector boards rank the sums.  The rating and solo boards are
 * league.c's; the season boards, season.c's, read by store_top_rows()
 * as these are.
 */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "store-int.h"

/* SQL_TOP selects the board's column by these numbers. */
_Static_assert(STORE_BOARD_WINS == 0 && STORE_BOARD_STREAK == 1 &&
                   STORE_BOARD_GAMES == 2 && STORE_BOARD_RUN == 3 &&
                   STORE_BOARD_TITLES == 4 && STORE_BOARD_LOSSES == 5 &&
                   STORE_BOARD_SAFE == 6,
    "SQL_TOP's CASE needs these board numbers");
_Static_assert(STORE_BOARD_LIAR == 7 && STORE_BOARD_DETECTOR == 8,
    "SQL_TOP_BLUFFS's CASE needs these board numbers");

/* Runs id, a player's figures looked up by nick in variant (NULL: all
 * variants together): SQL_STATS_GET, SQL_SOLO_STATS, SQL_AI_STATS,
 * SQL_BLUFFS_GET or SQL_SOLO_BLUFFS, each with ?1 the nick, ?2 the variant or the marker,
 * ?3 the store's network and ?4 the nick's own (store_nick_split()).  As
 * store_query(). */
static int
store_by_nick(struct store *s, enum store_sql id, const char *nick,
    const char *variant, struct db_stmt **st, char **cause)
{
	char bare[STORE_BARE_NICK];
	const char *want;

	store_nick_split(nick, bare, &want);
	return store_query(s, id, st, cause, "tttt", bare,
	    variant == NULL ? STORE_ALL_VARIANTS : variant, s->network, want);
}

int64_t
store_player_named(struct store *s, const char *nick, char *shown,
    size_t size, char **cause)
{
	char bare[STORE_BARE_NICK];
	const char *want;
	struct db_stmt *st;
	int64_t id;
	int rc;

	store_nick_split(nick, bare, &want);
	rc = store_query(s, SQL_PLAYER_NAMED, &st, cause, "ttt", bare,
	    s->network, want);
	if (rc != 1)
		return rc == 0 ? 0 : -1;
	id = db_int64(st, 0);
	store_copy_text(shown, size, db_text(st, 1));
	db_reset(st);
	return id;
}

int
store_stats(struct store *s, const char *nick, const char *variant,
    struct store_stats *out, char **cause)
{
	struct db_stmt *st;
	int rc;

	rc = store_by_nick(s, SQL_STATS_GET, nick, variant, &st, cause);
	if (rc <= 0)
		return rc == 0 ? 1 : -1;
	store_copy_text(
	    out->nick, sizeof out->nick, db_text(st, 0));
	out->games = db_int(st, 1);
	out->wins = db_int(st, 2);
	out->losses = db_int(st, 3);
	out->streak = db_int(st, 4);
	out->best_streak = db_int(st, 5);
	out->run = db_int(st, 6);
	store_copy_text(out->run_detail, sizeof out->run_detail,
	    db_text(st, 7));
	out->best_run = db_int(st, 8);
	store_copy_text(out->best_run_detail, sizeof out->best_run_detail,
	    db_text(st, 9));
	out->safe = db_int(st, 10);
	out->best_safe = db_int(st, 11);
	out->placed = db_int(st, 12);
	out->place_sum = db_int(st, 13);
	db_reset(st);
	return 0;
}

/* Runs id (SQL_SOLO_STATS or SQL_AI_STATS) for the player found by nick
 * in variant, whose first columns are the nick as shown (into shown, 64
 * bytes), the games, wins and losses: 0 and *st at the row for the
 * columns that follow (the caller resets it), 1 if no such player, -1
 * and *cause. */
static int
store_counts_by_nick(struct store *s, enum store_sql id, const char *nick,
    const char *variant, char *shown, int *games, int *wins, int *losses,
    struct db_stmt **st, char **cause)
{
	int rc = store_by_nick(s, id, nick, variant, st, cause);

	if (rc <= 0)
		return rc == 0 ? 1 : -1;
	store_copy_text(shown, 64, db_text(*st, 0));
	*games = db_int(*st, 1);
	*wins = db_int(*st, 2);
	*losses = db_int(*st, 3);
	return 0;
}

int
store_solo(struct store *s, const char *nick, const char *variant,
    struct store_solo *out, char **cause)
{
	struct db_stmt *st;
	int rc;

	memset(out, 0, sizeof *out);
	rc = store_counts_by_nick(s, SQL_SOLO_STATS, nick, variant, out->nick,
	    &out->games, &out->wins, &out->losses, &st, cause);
	if (rc != 0)
		return rc;
	/* Wins in a row are of one variant. */
	if (variant != NULL) {
		out->streak = db_int(st, 4);
		out->best_streak = db_int(st, 5);
	}
	db_reset(st);
	return 0;
}

int
store_ai_stats(struct store *s, const char *nick, const char *variant,
    struct store_ai_stats *out, char **cause)
{
	struct db_stmt *st;
	int rc;

	memset(out, 0, sizeof *out);
	rc = store_counts_by_nick(s, SQL_AI_STATS, nick, variant, out->nick,
	    &out->games, &out->wins, &out->losses, &st, cause);
	if (rc != 0)
		return rc;
	out->ai = db_int(st, 4);
	db_reset(st);
	return 0;
}

/* The answer of SQL_BLUFFS_GET, SQL_SOLO_BLUFFS or SQL_BLUFFS_PLAYER, rc
 * its step's result, into b (zeros without a row): 0, 1 when there was
 * no row, -1 on a failure (the query set *cause). */
static int
store_bluffs_read(struct db_stmt *st, int rc, struct store_bluffs *b)
{
	memset(b, 0, sizeof *b);
	if (rc <= 0)
		return rc == 0 ? 1 : -1;
	b->games = db_int(st, 0);
	b->claims = db_int(st, 1);
	b->lies = db_int(st, 2);
	b->caught = db_int(st, 3);
	b->away = db_int(st, 4);
	b->accused = db_int(st, 5);
	b->calls = db_int(st, 6);
	b->right = db_int(st, 7);
	b->wrong = db_int(st, 8);
	b->chances = db_int(st, 9);
	db_reset(st);
	return 0;
}

/* store_bluffs() and store_solo_bluffs(), id the statement of the one
 * asked for (SQL_BLUFFS_GET, SQL_SOLO_BLUFFS). */
static int
store_bluffs_by_nick(struct store *s, enum store_sql id, const char *nick,
    const char *variant, struct store_bluffs *b, char **cause)
{
	struct db_stmt *st;
	int rc;

	rc = store_by_nick(s, id, nick, variant, &st, cause);
	return store_bluffs_read(st, rc, b);
}

int
store_bluffs(struct store *s, const char *nick, const char *variant,
    struct store_bluffs *b, char **cause)
{
	return store_bluffs_by_nick(s, SQL_BLUFFS_GET, nick, variant, b,
	    cause);
}

int
store_solo_bluffs(struct store *s, const char *nick, const char *variant,
    struct store_bluffs *b, char **cause)
{
	return store_bluffs_by_nick(s, SQL_SOLO_BLUFFS, nick, variant, b,
	    cause);
}

int
store_bluffs_player(struct store *s, int64_t player, const char *variant,
    struct store_bluffs *b, char **cause)
{
	struct db_stmt *st;
	int rc;

	rc = store_query(s, SQL_BLUFFS_PLAYER, &st, cause, "It", player,
	    variant == NULL ? STORE_ALL_VARIANTS : variant);
	return store_bluffs_read(st, rc, b);
}

int
store_top(struct store *s, const char *variant, enum store_board board,
    int min_games, struct store_top_row *rows, int max, char **cause)
{
	struct db_stmt *st;
	int bluffs, rc;

	assert(board >= STORE_BOARD_WINS && board <= STORE_BOARD_SOLO);
	if (max <= 0)
		return 0;
	if (board == STORE_BOARD_RATING || board == STORE_BOARD_SOLO)
		return store_top_rating(s, variant, board, rows, max, cause);
	bluffs = board == STORE_BOARD_LIAR || board == STORE_BOARD_DETECTOR;
	variant = variant == NULL ? STORE_ALL_VARIANTS : variant;
	/* The bluff boards' ?5, season 0, is all time. */
	if (bluffs)
		rc = store_query(s, SQL_TOP_BLUFFS, &st, cause, "tiiiIt",
		    variant, (int)board, max, min_games, (int64_t)0,
		    s->network);
	else
		rc = store_query(s, SQL_TOP, &st, cause, "tiiit", variant,
		    (int)board, max, min_games, s->network);
	return store_top_rows(s, st, rc, bluffs, rows, max, cause);
}

int
store_top_rows(struct store *s, struct db_stmt *st, int rc, int bluffs,
    struct store_top_row *rows, int max, char **cause)
{
	int n = 0;

	for (; rc == 1; rc = store_next(s, st, cause)) {
		assert(n < max);
		store_copy_text(rows[n].nick, sizeof rows[n].nick,
		    db_text(st, 0));
		rows[n].value = db_int(st, 1);
		rows[n].games = db_int(st, 2);
		rows[n].wins = db_int(st, 3);
		rows[n].calls = bluffs ? db_int(st, 4) : 0;
		rows[n].mu = rows[n].sigma = rows[n].ordinal = 0;
		n++;
	}
	return rc < 0 ? -1 : n;
}

int
store_titles(struct store *s, const char *nick, const char *variant,
    struct store_title_row *rows, int max, char *shown, size_t size,
    char **cause)
{
	char bare[STORE_BARE_NICK];
	const char *want;
	struct store_title_row *row;
	struct db_stmt *st;
	int n = 0, rc;

	assert(size > 0);
	shown[0] = '\0';
	/* One row even for max 0: the nick comes with it. */
	store_nick_split(nick, bare, &want);
	rc = store_query(s, SQL_TITLES_GET, &st, cause, "ttitt", bare, variant,
	    max > 0 ? max : 1, s->network, want);
	for (; rc == 1; rc = store_next(s, st, cause)) {
		store_copy_text(shown, size, db_text(st, 0));
		if (db_is_null(st, 2) || n >= max)
			continue;
		row = &rows[n++];
		store_copy_text(row->variant, sizeof row->variant,
		    db_text(st, 1));
		store_copy_text(
		    row->name, sizeof row->name, db_text(st, 2));
		row->count = db_int(st, 3);
		row->first = db_int64(st, 4);
		row->last = db_int64(st, 5);
		row->best_run = db_int(st, 6);
		row->solo = db_int(st, 7);
	}
	return rc < 0 ? -1 : n;
}
