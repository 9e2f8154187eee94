/*
 * The end of a game and what is read from it: results, per-player stats,
 * win streaks, runs and titles, the bluff ledgers, and the boards (!top).
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
 * the same way, and only what earns a title differs.
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
 * it.  The losses board ranks by losses per game, over players with
 * enough games for the rate to mean something.
 *
 * The bluff ledger of a game (games/story.h), computed by the bot once the
 * game is over, is one bluffs row per seat of a variant whose players make
 * claims, written whatever the game counts: it is what happened.  The
 * bluff titles a seat earned by the game are titles rows like the streak
 * titles, under the same rule: a game not counted earns none, nor does a
 * forfeit.  A player's ledgers are summed when read (store_bluffs()), and
 * the liar and detector boards rank the sums.
 *
 * A game that counts moves the players' ratings too (league.c), in the
 * same transaction.  Each title earned is an award (awards.c).
 */
#include <assert.h>
#include <inttypes.h>
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

void
store_count_ai(struct store *s, int on)
{
	s->count_ai = on != 0;
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
