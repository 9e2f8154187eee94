/*
 * Unit tests of the ratings in storage/league.c, against real databases
 * (tests/lib/store-files.h: SQLite files, and the same tests on a private
 * PostgreSQL): a finished game moves its players' ratings by exactly
 * what rating_update() gives for the same places (a seat that left last,
 * tied with the others who left), and writes their history; a forfeit
 * rates only those who left (three instant leaves worked by hand: the
 * one who stayed unrated, the one who left lowered); an abandoned game
 * and a game against an AI not counted move nothing; a counted AI is
 * rated but on no board; the rating board's order and its provisional
 * threshold; store_rating() and its rank.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "storage/rating.h"
#include "storage/store.h"
#include "tests/lib/store-files.h"

/* Finishes a new game of variant between the n players with those places
 * (0: left); forfeit marks the one placed seat of a forfeit. */
static int64_t
play(struct store *s, const char *variant, int n, const int64_t *players,
    const int *place, int forfeit)
{
	struct store_seat_result r[RATING_PLAYERS];
	char *cause = NULL;
	int64_t game;
	int i, na;

	game = store_files_begin(s, variant, n, players);
	store_files_move(s, game, 0, 0, "0 play 1");
	memset(r, 0, sizeof r);
	for (i = 0; i < n; i++) {
		r[i].place = place[i];
		r[i].won = place[i] == 1 && !forfeit;
		r[i].forfeit = forfeit && place[i] > 0;
	}
	if (store_game_finish(s, game, r, n, NULL, NULL, 0, &na, &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
	return game;
}

/* Asserts that nick's rating of variant is want after games games. */
static void
expect_rating(struct store *s, const char *nick, const char *variant,
    const struct rating *want, int games)
{
	struct store_rating r;
	char *cause = NULL;

	if (store_rating(s, nick, variant, &r, &cause) != 0)
		fail_msg("store_rating(%s): %s", nick, cause ? cause : "none");
	/* Stored as REAL, a double goes in and out unchanged. */
	assert_true(r.mu == want->mu);
	assert_true(r.sigma == want->sigma);
	assert_true(r.ordinal == rating_ordinal(want));
	assert_int_equal(r.games, games);
}

/* Two finished games: each moves every seat's rating as rating_update()
 * does, a seat that left ranked last (tied with the other who left in
 * the second), and each writes one history row per player. */
static void
test_finished_games(void **state)
{
	struct store_fixture *f = *state;
	int64_t p[4];
	struct rating r[4], g2[4];
	static const int place1[3] = {2, 1, 0}, want1[3] = {2, 1, 3};
	static const int place2[4] = {0, 1, 2, 0}, want2[4] = {3, 1, 2, 3};
	int i;

	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "n:bob", "bob");
	p[2] = store_files_player(f->s, "n:carol", "carol");
	p[3] = store_files_player(f->s, "n:dave", "dave");
	for (i = 0; i < 4; i++)
		rating_new(&r[i]);
	play(f->s, "cheat", 3, p, place1, 0);
	assert_int_equal(rating_update(r, want1, 3), 0);
	expect_rating(f->s, "alice", "cheat", &r[0], 1);
	expect_rating(f->s, "bob", "cheat", &r[1], 1);
	expect_rating(f->s, "carol", "cheat", &r[2], 1);
	/* The second goes on from the first: dave is new. */
	play(f->s, "cheat", 4, p, place2, 0);
	memcpy(g2, r, sizeof g2);
	assert_int_equal(rating_update(g2, want2, 4), 0);
	expect_rating(f->s, "alice", "cheat", &g2[0], 2);
	expect_rating(f->s, "bob", "cheat", &g2[1], 2);
	expect_rating(f->s, "carol", "cheat", &g2[2], 2);
	expect_rating(f->s, "dave", "cheat", &g2[3], 1);
	assert_true(g2[1].mu > g2[0].mu);
	store_files_cli_expect(f->path,
	    "SELECT game, count(*), min(variant) FROM rating_history"
	    " GROUP BY game ORDER BY game",
	    "1|3|cheat\n2|4|cheat");
	/* Each history row is the rating after that game. */
	store_files_cli_expect(f->path,
	    "SELECT group_concat(CASE WHEN h.mu = r.mu AND h.sigma = r.sigma"
	    " THEN 1 ELSE 0 END)"
	    " FROM rating_history AS h JOIN ratings AS r"
	    " ON r.player = h.player AND r.variant = h.variant"
	    " WHERE h.game = 2",
	    "1,1,1,1");
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM rating_history WHERE game = 1 AND player = 4",
	    "0");
	/* Another variant has ratings of its own. */
	assert_int_equal(store_rating(f->s, "alice", "cheesedog",
	    &(struct store_rating){0}, NULL), 1);
}

/* An abandoned game and a game against an AI while store_count_ai() is
 * off move no rating and write no history; on, the AI is rated too. */
static void
test_not_rated(void **state)
{
	struct store_fixture *f = *state;
	int64_t p[2], game;
	struct rating r[2];
	struct store_rating sr;
	static const int place[2] = {1, 2};
	char *cause = NULL;

	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "n:bob", "bob");
	game = store_files_begin(f->s, "cheat", 2, p);
	assert_int_equal(store_game_abandon(f->s, game, "stopped", &cause), 0);
	assert_int_equal(store_rating(f->s, "alice", "cheat", &sr, NULL), 1);
	p[1] = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	play(f->s, "cheat", 2, p, place, 0);
	assert_int_equal(store_rating(f->s, "alice", "cheat", &sr, NULL), 1);
	assert_int_equal(store_rating(f->s, "Ada(AI)", "cheat", &sr, NULL), 1);
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM ratings; SELECT count(*) FROM rating_history",
	    "0\n0");

	store_count_ai(f->s, 1);
	store_rating_provisional(f->s, 0);
	play(f->s, "cheat", 2, p, place, 0);
	rating_new(&r[0]);
	rating_new(&r[1]);
	assert_int_equal(rating_update(r, place, 2), 0);
	expect_rating(f->s, "alice", "cheat", &r[0], 1);
	expect_rating(f->s, "Ada(AI)", "cheat", &r[1], 1);
	/* Rated, but on no board. */
	assert_int_equal(store_rating(f->s, "Ada(AI)", "cheat", &sr, NULL), 0);
	assert_int_equal(sr.rank, 0);
	assert_int_equal(store_rating(f->s, "alice", "cheat", &sr, NULL), 0);
	assert_int_equal(sr.rank, 1);
}

/* nick's Cheat rating into r. */
static void
read_rating(struct store *s, const char *nick, struct rating *r)
{
	struct store_rating sr;
	char *cause = NULL;

	if (store_rating(s, nick, "cheat", &sr, &cause) != 0)
		fail_msg("store_rating(%s): %s", nick, cause ? cause : "none");
	r->mu = sr.mu;
	r->sigma = sr.sigma;
}

/* Asserts that nick has no rating of variant: never rated by it. */
static void
expect_unrated(struct store *s, const char *nick, const char *variant)
{
	struct store_rating r;

	assert_int_equal(store_rating(s, nick, variant, &r, NULL), 1);
}

/*
 * A forfeit rates only those who left (docs/league.md): bob leaves
 * alice's game at once, three times.  alice, who stayed, is not rated
 * by them: no rating, no rated game, no history, as before the first.
 * bob loses each to her rating as it is, a new one (25, 25/3) each
 * time.  By hand from the formulas of docs/league.md, bob second of two,
 * so his q are alice and himself (whose p is 1 among C = {bob}), p his
 * chance of being first of both, s2 his sigma^2 + tau^2 and alice's
 * (25/3)^2 + tau^2 = 69.451389:
 *
 *   c^2 = s2 + 69.451389 + 2 beta^2,  p = e^(mu/c) / (e^(25/c) + e^(mu/c)),
 *   Omega = -(s2 / c) p,  Delta = (sqrt(s2) / c) (s2 / c^2) p (1 - p).
 *
 *   game  s2         c          p         bob after
 *   1     69.451389  13.176684  0.5       22.364611 +- 8.065901
 *   2     65.065710  13.009201  0.449528  20.116291 +- 7.824805
 *   3     61.234518  12.861109  0.406193  18.182319 +- 7.609709
 *
 * Rated as any game, as forfeits were before, the three would have
 * taken alice to 31.23 and bob to 18.77: a rating farmed with a second
 * account.  The stats count each as a game and no win.  Then alice,
 * rated by a game she lost to bob, stays exactly as she was through one
 * more forfeit, and bob is lowered by it.
 */
static void
test_forfeit(void **state)
{
	struct store_fixture *f = *state;
	int64_t p[2];
	struct rating r[2], was;
	static const int left[2] = {1, 0}, lost[2] = {2, 1};
	static const int want[2] = {1, 2};
	struct store_stats st;
	double before;
	char sql[160];

	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "n:bob", "bob");
	play(f->s, "cheat", 2, p, left, 1);
	expect_unrated(f->s, "alice", "cheat");
	store_files_expect_rating(f->s, 0, "bob", "cheat", 22.364611,
	    8.065901, 1e-6, 1);
	play(f->s, "cheat", 2, p, left, 1);
	expect_unrated(f->s, "alice", "cheat");
	store_files_expect_rating(f->s, 0, "bob", "cheat", 20.116291,
	    7.824805, 1e-6, 2);
	play(f->s, "cheat", 2, p, left, 1);
	expect_unrated(f->s, "alice", "cheat");
	store_files_expect_rating(f->s, 0, "bob", "cheat", 18.182319,
	    7.609709, 1e-6, 3);
	snprintf(sql, sizeof sql, "SELECT count(*) FROM rating_history"
	    " WHERE player = %lld", (long long)p[0]);
	store_files_cli_expect(f->path, sql, "0");
	assert_int_equal(store_stats(f->s, "alice", "cheat", &st, NULL), 0);
	assert_int_equal(st.games, 3);
	assert_int_equal(st.wins, 0);

	/* alice loses a game to bob, rated as any game; then bob leaves
	 * once more: her rating, rated games and history as they were, his
	 * lowered by his loss to her. */
	play(f->s, "cheat", 2, p, lost, 0);
	read_rating(f->s, "alice", &r[0]);
	read_rating(f->s, "bob", &r[1]);
	was = r[0];
	before = r[1].mu;
	play(f->s, "cheat", 2, p, left, 1);
	assert_int_equal(rating_update(r, want, 2), 0);
	expect_rating(f->s, "alice", "cheat", &was, 1);
	expect_rating(f->s, "bob", "cheat", &r[1], 5);
	store_files_cli_expect(f->path, sql, "1");
	assert_true(r[1].mu < before);
}

/* The board: by mu - 3 sigma, ties by nick, the provisional left out
 * (the threshold counts rated games); no board of all variants; the
 * other boards' rows have no rating. */
static void
test_board(void **state)
{
	struct store_fixture *f = *state;
	struct store_top_row rows[8];
	struct store_rating sr;
	int64_t p[3], q[2];
	static const int tie[3] = {1, 1, 2}, one[2] = {1, 2};
	char *cause = NULL;
	int i;

	p[0] = store_files_player(f->s, "n:bob", "bob");
	p[1] = store_files_player(f->s, "n:alice", "Alice");
	p[2] = store_files_player(f->s, "n:carol", "carol");
	q[0] = store_files_player(f->s, "n:dave", "dave");
	q[1] = p[2];
	/* bob and Alice tie with the same rating, carol is behind. */
	play(f->s, "cheat", 3, p, tie, 0);
	store_rating_provisional(f->s, 1);
	assert_int_equal(store_top(f->s, "cheat", STORE_BOARD_RATING, 99,
	    rows, 8, NULL), 3);
	assert_string_equal(rows[0].nick, "Alice");
	assert_string_equal(rows[1].nick, "bob");
	assert_string_equal(rows[2].nick, "carol");
	assert_true(rows[0].ordinal == rows[1].ordinal);
	assert_true(rows[1].ordinal > rows[2].ordinal);
	for (i = 0; i < 3; i++) {
		assert_int_equal(rows[i].games, 1);
		assert_int_equal(rows[i].value, 0);
		assert_true(rows[i].ordinal ==
		    rows[i].mu - 3 * rows[i].sigma);
	}
	assert_int_equal(store_rating(f->s, "carol", "cheat", &sr, NULL), 0);
	assert_int_equal(sr.rank, 3);
	assert_string_equal(sr.nick, "carol");

	/* dave beats carol once; at 2 games only carol is established. */
	play(f->s, "cheat", 2, q, one, 0);
	store_rating_provisional(f->s, 2);
	assert_int_equal(store_top(f->s, "cheat", STORE_BOARD_RATING, 0,
	    rows, 8, NULL), 1);
	assert_string_equal(rows[0].nick, "carol");
	assert_int_equal(rows[0].games, 2);
	assert_int_equal(store_rating(f->s, "alice", "cheat", &sr, NULL), 0);
	assert_int_equal(sr.rank, 0);
	assert_int_equal(sr.games, 1);
	assert_int_equal(store_rating(f->s, "CAROL", "cheat", &sr, NULL), 0);
	assert_int_equal(sr.rank, 1);
	/* The default: 10 games. */
	store_rating_provisional(f->s, STORE_PROVISIONAL);
	assert_int_equal(store_top(f->s, "cheat", STORE_BOARD_RATING, 0,
	    rows, 8, NULL), 0);
	/* With no threshold, everyone, by their ordinals. */
	store_rating_provisional(f->s, 0);
	assert_int_equal(store_top(f->s, "cheat", STORE_BOARD_RATING, 0,
	    rows, 8, NULL), 4);
	for (i = 1; i < 4; i++)
		assert_true(rows[i - 1].ordinal >= rows[i].ordinal);
	assert_int_equal(store_top(f->s, "cheat", STORE_BOARD_RATING, 0,
	    rows, 2, NULL), 2);

	assert_int_equal(store_top(f->s, NULL, STORE_BOARD_RATING, 0, rows, 8,
	    &cause), -1);
	expect_cause(-1, &cause, "the rating board is of one game");
	assert_int_equal(store_rating(f->s, "carol", NULL, &sr, &cause), -1);
	expect_cause(-1, &cause, "a rating is of one game");
	assert_int_equal(store_rating(f->s, "nobody", "cheat", &sr, NULL), 1);
	assert_int_equal(store_top(f->s, "liarsuno", STORE_BOARD_RATING, 0,
	    rows, 8, NULL), 0);

	assert_int_equal(store_top(f->s, "cheat", STORE_BOARD_WINS, 0, rows,
	    8, NULL), 3);
	for (i = 0; i < 3; i++) {
		assert_true(rows[i].mu == 0 && rows[i].sigma == 0);
		assert_true(rows[i].ordinal == 0);
	}
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
#define T(name) STORE_FILES_TEST(name)
	    T(test_finished_games),
	    T(test_not_rated),
	    T(test_forfeit),
	    T(test_board),
#undef T
	};

	return STORE_FILES_RUN(tests);
}
