/*
 * The solo ladder in storage (storage/solo-ladder.c, storage/solo.h),
 * against real databases (tests/lib/store-files.h: SQLite files, and
 * the same tests on a private PostgreSQL):
 *
 *  - the update worked by hand: a new player beating a hard Cheat AI,
 *    then two persons, a normal and an easy AI at one table, every
 *    number written out from the Weng-Lin formulas of docs/league.md
 *    (not rating_update()'s), the store's solo ratings equal to them;
 *  - only persons move: no AI has a solo row, an AI's league rating
 *    moves only with store_count_ai() on (then the league and the solo
 *    ladder both move), a game of persons alone or an abandoned one is
 *    not on the ladder, a seat that left is placed last;
 *  - a forfeit by the league's rule, three instant leaves worked by
 *    hand: the one who stayed keeps her solo rating, the one who left
 *    is lowered;
 *  - the counts: games, wins (first place in a game with a loser),
 *    losses, wins in a row, a forfeit counted and changing nothing else;
 *  - the solo board and store_solo_rating()'s rank: the threshold, the
 *    order, the ties; refused without a variant and for a season;
 *  - the ledgers of games with AI seats summed apart;
 *  - the refusals: an AI seat's identity naming no level, a player and
 *    an identity that disagree, a variant without anchors;
 *  - schema version 14 on a version 13 database: made by the migration
 *    on either engine, no game from before on the ladder;
 *  - every variant with AI seats has its anchors, easy below normal
 *    below hard.
 * The titles are test-store-solo-titles.c's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/game.h"
#include "storage/rating.h"
#include "storage/solo.h"
#include "storage/store.h"
#include "tests/lib/store-files.h"

/* Finishes a new game of variant with the n seats' players, levels
 * (NULL: a person) and places (0: left); won[i] and lost[i] as the
 * results say.  The awards go to aw (max 8). */
static int64_t
finish(struct store *s, const char *variant, int n, const int64_t *players,
    const char *const *levels, const int *place, const int *won,
    const int *lost, struct store_award *aw, int *naw)
{
	struct store_seat_result r[RATING_PLAYERS];
	struct store_award none[8];
	char *cause = NULL;
	int64_t game;
	int i, k;

	game = store_files_begin_levels(s, variant, n, players, levels);
	store_files_move(s, game, 0, 0, "0 play 1");
	memset(r, 0, sizeof r);
	for (i = 0; i < n; i++) {
		r[i].place = place[i];
		r[i].won = won != NULL && won[i];
		r[i].lost = lost != NULL && lost[i];
	}
	if (store_game_finish(s, game, r, n, NULL, aw != NULL ? aw : none, 8,
	    naw != NULL ? naw : &k, &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
	return game;
}

/* Asserts nick's solo rating of variant is mu, sigma to 1e-9, after
 * games solo games. */
static void
expect_solo(struct store *s, const char *nick, const char *variant,
    double mu, double sigma, int games)
{
	store_files_expect_rating(s, 1, nick, variant, mu, sigma, 1e-9,
	    games);
}

/*
 * By hand, with tau = 25/300, beta = 25/6, kappa = 0.0001, and the
 * Cheat anchors of storage/solo.c (easy 10.45, normal 24.22, hard 27.49,
 * sigma 1.75).
 *
 * Game 1: alice, new (25, 25/3), beats a hard AI (27.49, 1.75).
 *   sigma^2 + tau^2: alice 69.444444 + 0.006944 = 69.451388888889,
 *                    AI 3.0625 + 0.006944 = 3.069444444444
 *   c^2 = 69.451389 + 3.069444 + 2 beta^2 (34.722222) = 107.243055555556,
 *   c = 10.355822302239
 *   alice is first: her only q is herself, C = {alice, AI}, A = 1,
 *   p = e^(25/c) / (e^(25/c) + e^(27.49/c)) = 0.440176825872
 *   Omega = (69.451389 / c) (1 - p) = 3.754457718626
 *   gamma = sqrt(69.451389) / c = 0.804740535938
 *   Delta = gamma (69.451389 / c^2) p (1 - p) = 0.128423848526
 *   mu = 25 + Omega = 28.754457718626
 *   sigma = sqrt(69.451389 (1 - Delta)) = 7.780242556779
 *   (The AI would have gone to 27.324070, 1.750937: it stays.)
 *
 * Game 2: bob (new) first, a normal AI second, alice third, an easy AI
 * fourth.
 *   sigma^2 + tau^2: alice 7.780243^2 + tau^2 = 60.539118686753, bob
 *   69.451388888889, each AI 3.069444444444
 *   c^2 = 205.573840908975, c = 14.337846452971
 *   alice (third) sums over q = alice, bob, the normal AI:
 *     q alice:  C = {alice, easy},              p = 0.781879540447
 *     q bob:    C = {all four},                 p = 0.360040890222
 *     q normal: C = {normal, alice, easy},      p = 0.498047450909
 *     Omega = (60.539119 / c) ((1 - 0.781880) - 0.360041 - 0.498047)
 *           = -2.702155561900
 *     gamma = sqrt(60.539119) / c = 0.542667886467
 *     Delta = gamma (60.539119 / c^2) (sum of p (1 - p)) = 0.104028189017
 *     mu = 28.754458 - 2.702156 = 26.052302156726
 *     sigma = sqrt(60.539119 (1 - Delta)) = 7.364872287085
 *   bob (first): q bob only, p = e^(25/c) / sum of all = 0.277095205356
 *     Omega = (69.451389 / c) (1 - p) = 3.501693381021
 *     gamma = 0.581241403088, Delta = 0.039335053369
 *     mu = 28.501693381021, sigma = 8.168201442201
 */
static void
test_by_hand(void **state)
{
	struct store_fixture *f = *state;
	static const char *const g1_levels[2] = {NULL, "hard"};
	static const char *const g2_levels[4] = {NULL, NULL, "normal", "easy"};
	static const int g1_place[2] = {1, 2}, g1_won[2] = {1, 0};
	static const int g2_place[4] = {3, 1, 2, 4}, g2_won[4] = {0, 1, 0, 0};
	struct rating a;
	int64_t p[4];

	/* The numbers below are of these anchors. */
	assert_int_equal(solo_anchor("cheat", AI_HARD, &a), 0);
	assert_true(a.mu == 27.49 && a.sigma == 1.75);
	assert_int_equal(solo_anchor("cheat", AI_NORMAL, &a), 0);
	assert_true(a.mu == 24.22);
	assert_int_equal(solo_anchor("cheat", AI_EASY, &a), 0);
	assert_true(a.mu == 10.45);
	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "ai:Grace", "Grace(AI)");
	finish(f->s, "cheat", 2, p, g1_levels, g1_place, g1_won, NULL, NULL,
	    NULL);
	expect_solo(f->s, "alice", "cheat", 28.754457718626, 7.780242556779,
	    1);

	p[1] = store_files_player(f->s, "n:bob", "bob");
	p[2] = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	p[3] = store_files_player(f->s, "ai:Alan", "Alan(AI)");
	finish(f->s, "cheat", 4, p, g2_levels, g2_place, g2_won, NULL, NULL,
	    NULL);
	expect_solo(f->s, "alice", "cheat", 26.052302156726, 7.364872287085,
	    2);
	expect_solo(f->s, "bob", "cheat", 28.501693381021, 8.168201442201, 1);
	/* The anchors moved nowhere: no AI has a solo row. */
	assert_int_equal(store_solo_rating(f->s, "Grace(AI)", "cheat",
	    &(struct store_rating){0}, NULL), 1);
	store_files_cli_expect(f->path, "SELECT count(*) FROM solo", "2");
	store_files_cli_expect(f->path,
	    "SELECT game, count(*) FROM solo_history GROUP BY game"
	    " ORDER BY game", "1|1\n2|2");
}

/* Only the persons move, each at their own solo rating, a seat that
 * left placed last; the league's ratings move for AI games only with
 * store_count_ai() on, and then beside the solo ladder. */
static void
test_persons_move(void **state)
{
	struct store_fixture *f = *state;
	static const char *const levels[4] = {NULL, "hard", NULL, "easy"};
	static const int place[4] = {0, 1, 2, 3}, won[4] = {0, 1, 0, 0};
	static const int want[4] = {4, 1, 2, 3};
	struct rating r[4];
	struct store_rating got;
	int64_t p[4];
	int i;

	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "ai:Grace", "Grace(AI)");
	p[2] = store_files_player(f->s, "n:bob", "bob");
	p[3] = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	rating_new(&r[0]);
	assert_int_equal(solo_anchor("liarsuno", AI_HARD, &r[1]), 0);
	rating_new(&r[2]);
	assert_int_equal(solo_anchor("liarsuno", AI_EASY, &r[3]), 0);
	finish(f->s, "liarsuno", 4, p, levels, place, won, NULL, NULL, NULL);
	/* alice left: last, behind the easy AI. */
	assert_int_equal(rating_update(r, want, 4), 0);
	expect_solo(f->s, "alice", "liarsuno", r[0].mu, r[0].sigma, 1);
	expect_solo(f->s, "bob", "liarsuno", r[2].mu, r[2].sigma, 1);
	assert_true(r[2].mu > r[0].mu);
	/* ai.records off: the league rates nobody. */
	assert_int_equal(store_rating(f->s, "bob", "liarsuno", &got, NULL), 1);
	store_files_cli_expect(f->path, "SELECT count(*) FROM ratings", "0");

	/* On: every seat's league rating moves, AI players' too, and the
	 * solo ladder goes on from where it was. */
	store_count_ai(f->s, 1);
	finish(f->s, "liarsuno", 4, p, levels, place, won, NULL, NULL, NULL);
	assert_int_equal(solo_anchor("liarsuno", AI_HARD, &r[1]), 0);
	assert_int_equal(solo_anchor("liarsuno", AI_EASY, &r[3]), 0);
	assert_int_equal(rating_update(r, want, 4), 0);
	expect_solo(f->s, "bob", "liarsuno", r[2].mu, r[2].sigma, 2);
	store_files_cli_expect(f->path, "SELECT count(*) FROM ratings", "4");
	assert_int_equal(store_rating(f->s, "Grace(AI)", "liarsuno", &got,
	    NULL), 0);
	assert_int_equal(got.games, 1);
	for (i = 0; i < 4; i++)
		rating_new(&r[i]);
	assert_int_equal(rating_update(r, want, 4), 0);
	assert_int_equal(store_rating(f->s, "bob", "liarsuno", &got, NULL), 0);
	assert_true(got.mu == r[2].mu && got.sigma == r[2].sigma);
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM solo_history", "4");
}

/* Finishes a new Cheat game of the three players p (levels as
 * store_files_begin_levels() takes them) as a forfeit: seats 1 and 2
 * left, seat 0 alone placed. */
static void
forfeit(struct store *s, const int64_t *p, const char *const *levels)
{
	struct store_seat_result r[3];
	char *cause = NULL;
	int64_t game;
	int n;

	game = store_files_begin_levels(s, "cheat", 3, p, levels);
	memset(r, 0, sizeof r);
	r[0].place = 1;
	r[0].forfeit = 1;
	if (store_game_finish(s, game, r, 3, NULL, NULL, 0, &n, &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
}

/*
 * A forfeit on the ladder, by the league's rule: alice, bob and an easy
 * AI (10.45, 1.75) sit down, and bob and the AI leave at once, three
 * times.  alice, who stayed, keeps her solo rating as it was (a new one,
 * 25 +- 25/3: no history row), though her record counts the games; bob
 * loses each to her, tied with the AI.  By hand (docs/league.md), bob's
 * q are alice (C all three, A 1: p1 his chance of being first of all),
 * himself and the AI (C = {bob, AI}, A 2: p2 his chance of being first
 * of those two), s2 his sigma^2 + tau^2, alice's 69.451389, the AI's
 * 3.069444:
 *
 *   c^2 = s2 + 69.451389 + 3.069444 + 3 beta^2,
 *   Omega = (s2 / c) (-p1 + (1 - p2) / 2 - p2 / 2),
 *   Delta = (sqrt(s2) / c) (s2 / c^2) (p1 (1 - p1) + p2 (1 - p2)).
 *
 *   game  s2         c          p1        p2        bob after
 *   1     69.451389  13.930382  0.425193  0.739713  21.685041 +- 7.934358
 *   2     62.960982  13.695443  0.368442  0.694310  19.097945 +- 7.583722
 *   3     57.519790  13.495331  0.325156  0.654937  17.051695 +- 7.278211
 */
static void
test_forfeit(void **state)
{
	struct store_fixture *f = *state;
	static const char *const levels[3] = {NULL, NULL, "easy"};
	static const double mu[3] = {21.685040597, 19.097944802, 17.051695430};
	static const double sigma[3] = {7.934358039, 7.583722431,
	    7.278211075};
	struct store_solo so;
	int64_t p[3];
	char *cause = NULL;
	int k;

	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "n:bob", "bob");
	p[2] = store_files_player(f->s, "ai:Alan", "Alan(AI)");
	for (k = 0; k < 3; k++) {
		forfeit(f->s, p, levels);
		expect_solo(f->s, "alice", "cheat", RATING_MU, RATING_SIGMA,
		    k + 1);
		expect_solo(f->s, "bob", "cheat", mu[k], sigma[k], k + 1);
	}
	store_files_cli_expect(f->path, "SELECT p.nick, count(*) FROM"
	    " solo_history AS h JOIN players AS p ON p.id = h.player"
	    " GROUP BY p.nick", "bob|3");
	assert_int_equal(store_solo(f->s, "alice", "cheat", &so, &cause), 0);
	assert_int_equal(so.games, 3);
	assert_int_equal(so.wins, 0);
	assert_int_equal(store_solo(f->s, "bob", "cheat", &so, &cause), 0);
	assert_int_equal(so.games, 3);
	assert_int_equal(so.wins, 0);
}

/* Not on the ladder: persons alone, AI seats alone, an abandoned game;
 * nor a game of more seats than a rating takes. */
static void
test_not_on_ladder(void **state)
{
	struct store_fixture *f = *state;
	static const char *const people[2] = {NULL, NULL};
	static const char *const ais[2] = {"easy", "hard"};
	static const int place[2] = {1, 2}, won[2] = {1, 0};
	struct store_solo so;
	int64_t p[2], q[2], game;
	char *cause = NULL;

	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "n:bob", "bob");
	q[0] = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	q[1] = store_files_player(f->s, "ai:Alan", "Alan(AI)");
	finish(f->s, "cheat", 2, p, people, place, won, NULL, NULL, NULL);
	finish(f->s, "cheat", 2, q, ais, place, won, NULL, NULL, NULL);
	p[1] = q[1];
	game = store_files_begin_levels(f->s, "cheat", 2, p,
	    (const char *const[]){NULL, "hard"});
	assert_int_equal(store_game_abandon(f->s, game, "stop", &cause), 0);
	store_files_cli_expect(f->path, "SELECT count(*) FROM solo", "0");
	store_files_cli_expect(f->path, "SELECT count(*) FROM solo_history",
	    "0");
	assert_int_equal(store_solo(f->s, "alice", NULL, &so, &cause), 0);
	assert_int_equal(so.games, 0);
	assert_string_equal(so.nick, "alice");
	assert_int_equal(store_solo(f->s, "nobody", NULL, &so, &cause), 1);
}

/* The counts: games, wins, losses, wins in a row, now and at best; in
 * a game with a loser, first place is the solo win; a forfeit is a game
 * of the record and changes nothing else (nor the rating of the seat
 * that stayed: test_forfeit). */
static void
test_counts(void **state)
{
	struct store_fixture *f = *state;
	static const char *const levels[3] = {NULL, "normal", "easy"};
	static const int first[3] = {1, 2, 3}, second[3] = {2, 1, 3};
	static const int won0[3] = {1, 0, 0}, won1[3] = {0, 1, 0};
	static const int last[3] = {3, 1, 2}, lost0[3] = {1, 0, 0};
	static const int lost2[3] = {0, 0, 1};
	struct store_solo so;
	int64_t p[3];
	char *cause = NULL;

	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	p[2] = store_files_player(f->s, "ai:Alan", "Alan(AI)");
	/* Cheat: won, won, second, won. */
	finish(f->s, "cheat", 3, p, levels, first, won0, NULL, NULL, NULL);
	finish(f->s, "cheat", 3, p, levels, first, won0, NULL, NULL, NULL);
	finish(f->s, "cheat", 3, p, levels, second, won1, NULL, NULL, NULL);
	finish(f->s, "cheat", 3, p, levels, first, won0, NULL, NULL, NULL);
	assert_int_equal(store_solo(f->s, "alice", "cheat", &so, &cause), 0);
	assert_int_equal(so.games, 4);
	assert_int_equal(so.wins, 3);
	assert_int_equal(so.losses, 0);
	assert_int_equal(so.streak, 1);
	assert_int_equal(so.best_streak, 2);

	/* Cheesedog, played for a loser: first out wins, the loser loses. */
	finish(f->s, "cheesedog", 3, p, levels, first, NULL, lost2, NULL,
	    NULL);
	finish(f->s, "cheesedog", 3, p, levels, last, NULL, lost0, NULL,
	    NULL);
	assert_int_equal(store_solo(f->s, "alice", "cheesedog", &so, &cause),
	    0);
	assert_int_equal(so.games, 2);
	assert_int_equal(so.wins, 1);
	assert_int_equal(so.losses, 1);
	assert_int_equal(so.best_streak, 1);

	/* A forfeit in Cheat: a game, no win, the streak kept. */
	forfeit(f->s, p, levels);
	finish(f->s, "cheat", 3, p, levels, first, won0, NULL, NULL, NULL);
	assert_int_equal(store_solo(f->s, "alice", "cheat", &so, &cause), 0);
	assert_int_equal(so.games, 6);
	assert_int_equal(so.wins, 4);
	assert_int_equal(so.streak, 2);
	assert_int_equal(so.best_streak, 2);
	/* Every variant summed; wins in a row are of one. */
	assert_int_equal(store_solo(f->s, "alice", NULL, &so, &cause), 0);
	assert_int_equal(so.games, 8);
	assert_int_equal(so.wins, 5);
	assert_int_equal(so.losses, 1);
	assert_int_equal(so.streak, 0);
	assert_int_equal(so.best_streak, 0);
	store_files_cli_expect(f->path,
	    "SELECT variant, games, wins, losses, streak, best_streak"
	    " FROM solo ORDER BY variant", "cheat|6|4|0|2|2\n"
	    "cheesedog|2|1|1|0|1");
}

/* Plays n games of Liar's UNO in which nick beats (won set) or loses to
 * one normal AI. */
static void
duels(struct store *s, int64_t player, int64_t ai, int n, int won)
{
	static const char *const levels[2] = {NULL, "normal"};
	static const int wins[2] = {1, 2}, losses[2] = {2, 1};
	static const int w[2] = {1, 0}, l[2] = {0, 1};
	int64_t p[2] = {player, ai};
	int i;

	for (i = 0; i < n; i++)
		finish(s, "liarsuno", 2, p, levels, won ? wins : losses,
		    won ? w : l, NULL, NULL, NULL);
}

/* The solo board: store_rating_provisional()'s threshold, by mu - 3
 * sigma, ties to more games then nick; the rank store_solo_rating()
 * gives; no board of all games, nor of a season. */
static void
test_board(void **state)
{
	struct store_fixture *f = *state;
	struct store_top_row rows[8];
	struct store_rating r;
	int64_t ada, p[4];
	char *cause = NULL;
	int n;

	ada = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "n:bob", "bob");
	p[2] = store_files_player(f->s, "n:carol", "carol");
	p[3] = store_files_player(f->s, "n:dave", "dave");
	store_rating_provisional(f->s, 2);
	duels(f->s, p[0], ada, 3, 1);
	duels(f->s, p[1], ada, 2, 1);
	duels(f->s, p[2], ada, 2, 1);
	duels(f->s, p[3], ada, 1, 1);
	n = store_top(f->s, "liarsuno", STORE_BOARD_SOLO, 0, rows, 8, &cause);
	assert_int_equal(n, 3);
	assert_string_equal(rows[0].nick, "alice");
	/* bob and carol tie to the last bit: the nick. */
	assert_string_equal(rows[1].nick, "bob");
	assert_string_equal(rows[2].nick, "carol");
	assert_true(rows[1].ordinal == rows[2].ordinal);
	assert_int_equal(rows[0].games, 3);
	assert_true(rows[0].ordinal == rows[0].mu - 3 * rows[0].sigma);
	assert_int_equal(store_solo_rating(f->s, "carol", "liarsuno", &r,
	    &cause), 0);
	assert_int_equal(r.rank, 3);
	/* dave is provisional: on no board. */
	assert_int_equal(store_solo_rating(f->s, "dave", "liarsuno", &r,
	    &cause), 0);
	assert_int_equal(r.rank, 0);
	assert_int_equal(r.games, 1);
	/* Losing moves alice below bob. */
	duels(f->s, p[0], ada, 3, 0);
	n = store_top(f->s, "liarsuno", STORE_BOARD_SOLO, 0, rows, 8, &cause);
	assert_int_equal(n, 3);
	assert_string_equal(rows[0].nick, "bob");
	assert_string_equal(rows[2].nick, "alice");
	/* The league's board has nobody: ai.records is off. */
	assert_int_equal(store_top(f->s, "liarsuno", STORE_BOARD_RATING, 0,
	    rows, 8, &cause), 0);
	assert_int_equal(store_top(f->s, "cheat", STORE_BOARD_SOLO, 0, rows, 8,
	    &cause), 0);
	expect_cause(store_top(f->s, NULL, STORE_BOARD_SOLO, 0, rows, 8,
	    &cause), &cause, "the solo board is of one game");
	expect_cause(store_top_season(f->s, "liarsuno", STORE_BOARD_SOLO, 1, 0,
	    rows, 8, &cause), &cause, "ratings are kept for all time only");
	expect_cause(store_solo_rating(f->s, "alice", NULL, &r, &cause),
	    &cause, "a rating is of one game");
	assert_int_equal(store_solo_rating(f->s, "alice", "cheat", &r, &cause),
	    1);
}

/* The ledgers of games with AI seats: summed apart, and in the league's
 * only with store_count_ai() on. */
static void
test_bluffs(void **state)
{
	struct store_fixture *f = *state;
	static const char *const levels[2] = {NULL, "hard"};
	struct store_seat_result r[2];
	struct store_bluffs lb, la, b;
	int64_t p[2], game;
	char *cause = NULL;
	int i, n;

	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	memset(&lb, 0, sizeof lb);
	memset(&la, 0, sizeof la);
	lb.claims = 5;
	lb.lies = 3;
	lb.away = 2;
	lb.caught = 1;
	lb.calls = 2;
	lb.right = 1;
	lb.wrong = 1;
	la.claims = 4;
	la.chances = 5;
	for (i = 0; i < 2; i++) {
		store_count_ai(f->s, i);
		game = store_files_begin_levels(f->s, "cheat", 2, p, levels);
		memset(r, 0, sizeof r);
		r[0].place = 1;
		r[0].won = 1;
		r[0].bluffs = &lb;
		r[1].place = 2;
		r[1].bluffs = &la;
		if (store_game_finish(f->s, game, r, 2, NULL, NULL, 0, &n,
		    &cause) != 0)
			fail_msg("store_game_finish: %s", cause);
	}
	assert_int_equal(store_solo_bluffs(f->s, "alice", "cheat", &b, &cause),
	    0);
	assert_int_equal(b.games, 2);
	assert_int_equal(b.claims, 10);
	assert_int_equal(b.lies, 6);
	assert_int_equal(b.away, 4);
	assert_int_equal(b.right, 2);
	/* The league's: only the game counted with ai.records on. */
	assert_int_equal(store_bluffs(f->s, "alice", NULL, &b, &cause), 0);
	assert_int_equal(b.games, 1);
	assert_int_equal(b.lies, 3);
	assert_int_equal(store_solo_bluffs(f->s, "alice", "liarsuno", &b,
	    &cause), 0);
	assert_int_equal(b.games, 0);
	assert_int_equal(store_solo_bluffs(f->s, "nobody", NULL, &b, &cause),
	    1);
}

/* What the store refuses, each with its reason, writing nothing. */
static void
test_refused(void **state)
{
	struct store_fixture *f = *state;
	static const char *const idents[2] = {"h:a@host.test", "ai:genius"};
	static const char *const person_as_ai[2] = {"ai:hard", "ai:easy"};
	static const char *const ai_as_person[2] = {"h:a@host.test",
		"h:b@host.test"};
	static const char *const levels[2] = {NULL, "hard"};
	struct store_seat_result r[2];
	int64_t p[2], game;
	char *cause = NULL;
	int n;

	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	expect_cause(store_game_begin(f->s, "cheat", "#c", "", 1, NULL, 0, 2,
	    p, idents, &cause), &cause, "seat 1's identity 'ai:genius' names "
	    "no AI level: easy, normal, hard or expert");
	expect_cause(store_game_begin(f->s, "cheat", "#c", "", 1, NULL, 0, 2,
	    p, person_as_ai, &cause), &cause, "seat 0's identity 'ai:hard' is "
	    "an AI seat's, but its player 'n:alice' is a person");
	expect_cause(store_game_begin(f->s, "cheat", "#c", "", 1, NULL, 0, 2,
	    p, ai_as_person, &cause), &cause, "seat 1's player 'ai:Ada' is an "
	    "AI, which sits as ai:LEVEL, not as 'h:b@host.test'");
	store_files_cli_expect(f->path, "SELECT count(*) FROM games", "0");

	/* A variant without anchors: the game cannot be finished. */
	game = store_files_begin_levels(f->s, "nosuch", 2, p, levels);
	memset(r, 0, sizeof r);
	r[0].place = 1;
	r[0].won = 1;
	r[1].place = 2;
	expect_cause(store_game_finish(f->s, game, r, 2, NULL, NULL, 0, &n,
	    &cause), &cause, ": nosuch has no solo anchors");
	store_files_cli_expect(f->path,
	    "SELECT state, (SELECT count(*) FROM results) FROM games",
	    "running|0");
}

/* Schema version 14 on a database of version 13 (the solo tables
 * dropped, the version set back), on either engine: the migration makes
 * them, the game finished before is on no ladder, the next is. */
static void
test_migrate_v13(void **state)
{
	struct store_fixture *f = *state;
	static const char *const levels[2] = {NULL, "hard"};
	static const int place[2] = {1, 2}, won[2] = {1, 0};
	struct store_solo so;
	struct store_rating r;
	int64_t p[2];
	char *cause = NULL;

	p[0] = store_files_player(f->s, "n:alice", "alice");
	p[1] = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	finish(f->s, "cheat", 2, p, levels, place, won, NULL, NULL, NULL);
	store_close(f->s);
	f->s = NULL;
	store_files_cli_expect(f->path, "DROP TABLE solo_titles;"
	    " DROP TABLE solo_history; DROP TABLE solo", "");
	store_files_set_version(f->path, 13);
	store_files_reopen(f, f->path);
	store_files_cli_expect(f->path, store_files_version_sql(f->path),
	    STORE_FILES_CURRENT);
	store_files_cli_expect(f->path, "SELECT count(*) FROM solo", "0");
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM games WHERE state = 'finished' AND ai = 2",
	    "1");
	assert_int_equal(store_solo(f->s, "alice", "cheat", &so, &cause), 0);
	assert_int_equal(so.games, 0);
	finish(f->s, "cheat", 2, p, levels, place, won, NULL, NULL, NULL);
	assert_int_equal(store_solo_rating(f->s, "alice", "cheat", &r, &cause),
	    0);
	assert_int_equal(r.games, 1);
	store_files_check(f->path);
}

/* Every variant with AI seats has anchors, easy below normal below
 * hard, and none is named twice. */
static void
test_anchors(void **state)
{
	const struct game_ops *const *op;
	const struct solo_anchor *a, *b;
	struct rating r[AI_LEVELS];
	int l;

	(void)state;
	for (op = game_table; *op != NULL; op++) {
		if ((*op)->ai == NULL)
			continue;
		for (l = 0; l < AI_LEVELS; l++) {
			if (solo_anchor((*op)->name, (enum ai_level)l,
			    &r[l]) != 0)
				fail_msg("%s has no anchor", (*op)->name);
			assert_true(r[l].sigma == SOLO_ANCHOR_SIGMA);
		}
		assert_true(r[AI_EASY].mu < r[AI_NORMAL].mu);
		assert_true(r[AI_NORMAL].mu < r[AI_HARD].mu);
	}
	for (a = solo_anchors; a->variant != NULL; a++) {
		assert_non_null(game_named(a->variant));
		for (b = a + 1; b->variant != NULL; b++)
			assert_string_not_equal(a->variant, b->variant);
	}
	assert_int_equal(solo_anchor("nosuch", AI_EASY, &r[0]), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		STORE_FILES_TEST(test_by_hand),
		STORE_FILES_TEST(test_persons_move),
		STORE_FILES_TEST(test_forfeit),
		STORE_FILES_TEST(test_not_on_ladder),
		STORE_FILES_TEST(test_counts),
		STORE_FILES_TEST(test_board),
		STORE_FILES_TEST(test_bluffs),
		STORE_FILES_TEST(test_refused),
		STORE_FILES_TEST(test_migrate_v13),
		cmocka_unit_test(test_anchors),
	};

	return STORE_FILES_RUN(tests);
}
