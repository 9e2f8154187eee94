/*
 * The solo ladder's titles in storage (storage/solo-ladder.c,
 * storage/solo.h), against real databases (tests/lib/store-files.h:
 * SQLite files, and the same tests on a private PostgreSQL):
 *
 *  - Giant Slayer: a win at a table of three hard AI seats or more, each
 *    time (again the second), not with two, not for a loss;
 *  - Lone Wolf: the fifth solo win in a row, once a run, again after a
 *    run broken and grown to five anew;
 *  - Machine Breaker: the game after which the solo rating's ordinal
 *    first passes the hard anchor's, worked out here with
 *    rating_update() game by game, and never again in that variant;
 *  - none for a forfeit; the awards in seat order with the bluff titles;
 *  - store_titles() lists them, flagged solo, after the league's of a
 *    variant.
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
#include "storage/solo.h"
#include "storage/store.h"
#include "tests/lib/store-files.h"

#define MAX_AWARDS 16

/* The seats' players of the tests: a person and four AI players. */
struct table {
	int64_t alice, bob, ai[4];
};

static void
seat_players(struct store *s, struct table *t)
{
	static const char *const keys[4] = {"ai:Ada", "ai:Alan", "ai:Grace",
		"ai:Edsger"};
	char nick[32];
	int i;

	t->alice = store_files_player(s, "n:alice", "alice");
	t->bob = store_files_player(s, "n:bob", "bob");
	for (i = 0; i < 4; i++) {
		snprintf(nick, sizeof nick, "%s(AI)", keys[i] + 3);
		t->ai[i] = store_files_player(s, keys[i], nick);
	}
}

/* A game of variant: alice in seat 0 against n AI seats of levels,
 * won by her (the AI seats placed after her in seat order) or lost (she
 * is last, the AI seats before her in seat order).  The number of
 * awards, written to aw. */
static int
play(struct store *s, const struct table *t, const char *variant, int n,
    const char *const *levels, int won, struct store_award *aw)
{
	struct store_seat_result r[5];
	const char *lv[5];
	int64_t p[5];
	char *cause = NULL;
	int64_t game;
	int i, k;

	p[0] = t->alice;
	lv[0] = NULL;
	for (i = 0; i < n; i++) {
		p[i + 1] = t->ai[i];
		lv[i + 1] = levels[i];
	}
	game = store_files_begin_levels(s, variant, n + 1, p, lv);
	memset(r, 0, sizeof r);
	for (i = 0; i <= n; i++)
		r[i].place = won ? i + 1 : i > 0 ? i : n + 1;
	r[won ? 0 : 1].won = 1;
	if (store_game_finish(s, game, r, n + 1, NULL, aw, MAX_AWARDS, &k,
	    &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
	assert_true(k <= MAX_AWARDS);
	return k;
}

/* Asserts aw is seat 0's solo title name, count times earned. */
static void
expect_award(const struct store_award *aw, const char *name, int count)
{
	assert_int_equal(aw->seat, 0);
	assert_int_equal(aw->rule, -1);
	assert_true(aw->solo);
	assert_string_equal(aw->earned, name);
	assert_int_equal(aw->count, count);
	assert_int_equal(aw->again, count > 1);
	assert_null(aw->detail);
}

static void
test_giant_slayer(void **state)
{
	struct store_fixture *f = *state;
	static const char *const giants[3] = {"hard", "hard", "hard"};
	static const char *const two[3] = {"hard", "hard", "normal"};
	struct store_award aw[MAX_AWARDS];
	struct table t;

	seat_players(f->s, &t);
	assert_int_equal(play(f->s, &t, "cheat", 3, giants, 1, aw), 1);
	expect_award(&aw[0], "giantslayer", 1);
	assert_int_equal(play(f->s, &t, "cheat", 3, two, 1, aw), 0);
	assert_int_equal(play(f->s, &t, "cheat", 3, giants, 0, aw), 0);
	assert_int_equal(play(f->s, &t, "cheat", 3, giants, 1, aw), 1);
	expect_award(&aw[0], "giantslayer", 2);
	/* Another variant counts its own. */
	assert_int_equal(play(f->s, &t, "liarsuno", 3, giants, 1, aw), 1);
	expect_award(&aw[0], "giantslayer", 1);
	store_files_cli_expect(f->path,
	    "SELECT player, game, variant, title FROM solo_titles"
	    " ORDER BY game", "1|1|cheat|giantslayer\n1|4|cheat|giantslayer\n"
	    "1|5|liarsuno|giantslayer");
}

static void
test_lone_wolf(void **state)
{
	struct store_fixture *f = *state;
	static const char *const easy[1] = {"easy"};
	struct store_award aw[MAX_AWARDS];
	struct table t;
	int i;

	seat_players(f->s, &t);
	for (i = 0; i < SOLO_WOLF_RUN - 1; i++)
		assert_int_equal(play(f->s, &t, "cheesedog", 1, easy, 1, aw),
		    0);
	assert_int_equal(play(f->s, &t, "cheesedog", 1, easy, 1, aw), 1);
	expect_award(&aw[0], "lonewolf", 1);
	/* The sixth is no new title; a loss ends the run. */
	assert_int_equal(play(f->s, &t, "cheesedog", 1, easy, 1, aw), 0);
	assert_int_equal(play(f->s, &t, "cheesedog", 1, easy, 0, aw), 0);
	for (i = 0; i < SOLO_WOLF_RUN - 1; i++)
		assert_int_equal(play(f->s, &t, "cheesedog", 1, easy, 1, aw),
		    0);
	assert_int_equal(play(f->s, &t, "cheesedog", 1, easy, 1, aw), 1);
	expect_award(&aw[0], "lonewolf", 2);
}

/* Asserts the n awards of a win against three hard AI seats, in
 * solo_titles[]' order: Giant Slayer (giants times now), Lone Wolf
 * (wolves times now; 0: not earned by this win), and Machine Breaker
 * (the first) when breaker is set. */
static void
expect_win(const struct store_award *aw, int n, int giants, int wolves,
    int breaker)
{
	int k = 0;

	assert_int_equal(n, 1 + (wolves > 0) + breaker);
	expect_award(&aw[k++], "giantslayer", giants);
	if (wolves > 0)
		expect_award(&aw[k++], "lonewolf", wolves);
	if (breaker)
		expect_award(&aw[k], "machinebreaker", 1);
}

/* alice's solo rating after one more game against three hard AI seats
 * at the anchor hard, won (first, the AI seats after her in seat order)
 * or not (last, the AI seats before her in seat order), as play() ends
 * them. */
static void
against_hard(struct rating *me, const struct rating *hard, int won)
{
	static const int first[4] = {1, 2, 3, 4}, last[4] = {4, 1, 2, 3};
	struct rating r[4];
	int i;

	r[0] = *me;
	for (i = 1; i < 4; i++)
		r[i] = *hard;
	assert_int_equal(rating_update(r, won ? first : last, 4), 0);
	*me = r[0];
}

/* Wins against three hard AI seats until the solo ordinal passes the
 * hard anchor's: the game it first does earns Machine Breaker (beside
 * Giant Slayer, and Lone Wolf on the fifth win in a row), found here
 * game by game with rating_update(); losses bring it back under, and
 * passing again earns nothing more. */
static void
test_machine_breaker(void **state)
{
	struct store_fixture *f = *state;
	static const char *const giants[3] = {"hard", "hard", "hard"};
	struct store_award aw[MAX_AWARDS];
	struct rating me, hard;
	struct table t;
	int g, n, wins = 0, streak = 0, wolves = 0, passed = 0, under = 0;

	seat_players(f->s, &t);
	assert_int_equal(solo_anchor("liarsuno", AI_HARD, &hard), 0);
	rating_new(&me);
	for (g = 0; g < 60 && !passed; g++) {
		against_hard(&me, &hard, 1);
		passed = rating_ordinal(&me) > rating_ordinal(&hard);
		n = play(f->s, &t, "liarsuno", 3, giants, 1, aw);
		expect_win(aw, n, ++wins, ++streak == SOLO_WOLF_RUN ?
		    ++wolves : 0, passed);
	}
	assert_true(passed);
	/* More than a Lone Wolf's run: the test sees both titles. */
	assert_true(g > SOLO_WOLF_RUN);
	print_message("Machine Breaker after %d wins against three hard "
	    "Liar's UNO seats\n", g);
	/* Losses take the ordinal back under the anchor's... */
	for (g = 0; g < 60 && !under; g++) {
		against_hard(&me, &hard, 0);
		under = rating_ordinal(&me) <= rating_ordinal(&hard);
		assert_int_equal(play(f->s, &t, "liarsuno", 3, giants, 0, aw),
		    0);
	}
	assert_true(under);
	/* ... and passing it again earns no second one. */
	for (g = streak = 0; g < 60 &&
	    rating_ordinal(&me) <= rating_ordinal(&hard); g++) {
		against_hard(&me, &hard, 1);
		n = play(f->s, &t, "liarsuno", 3, giants, 1, aw);
		expect_win(aw, n, ++wins, ++streak == SOLO_WOLF_RUN ?
		    ++wolves : 0, 0);
	}
	assert_true(rating_ordinal(&me) > rating_ordinal(&hard));
	store_files_cli_expect(f->path, "SELECT count(*) FROM solo_titles"
	    " WHERE title = 'machinebreaker'", "1");
}

/* A forfeit earns nothing; a game's awards come in seat order, the
 * solo ladder's after a seat's bluff titles. */
static void
test_forfeit_and_order(void **state)
{
	struct store_fixture *f = *state;
	static const char *const earned[2] = {"pokerface", NULL};
	static const char *const levels[5] = {NULL, "hard", NULL, "hard",
		"hard"};
	struct store_seat_result r[5];
	struct store_award aw[MAX_AWARDS];
	struct store_title_row rows[8];
	struct table t;
	int64_t p[5], game;
	char shown[64], *cause = NULL;
	int i, n;

	seat_players(f->s, &t);
	store_count_ai(f->s, 1);
	p[0] = t.alice;
	p[1] = t.ai[0];
	p[2] = t.bob;
	p[3] = t.ai[1];
	p[4] = t.ai[2];
	/* alice alone placed: a forfeit. */
	game = store_files_begin_levels(f->s, "cheat", 5, p, levels);
	memset(r, 0, sizeof r);
	r[0].place = 1;
	r[0].forfeit = 1;
	if (store_game_finish(f->s, game, r, 5, NULL, aw, MAX_AWARDS, &n,
	    &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
	assert_int_equal(n, 0);
	/* alice wins, bob earns a bluff title. */
	game = store_files_begin_levels(f->s, "cheat", 5, p, levels);
	memset(r, 0, sizeof r);
	for (i = 0; i < 5; i++)
		r[i].place = i + 1;
	r[0].won = 1;
	r[2].earned = earned;
	if (store_game_finish(f->s, game, r, 5, NULL, aw, MAX_AWARDS, &n,
	    &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
	assert_int_equal(n, 2);
	expect_award(&aw[0], "giantslayer", 1);
	assert_int_equal(aw[1].seat, 2);
	assert_false(aw[1].solo);
	assert_string_equal(aw[1].earned, "pokerface");
	/* With too little room, those written are still in order. */
	game = store_files_begin_levels(f->s, "cheat", 5, p, levels);
	if (store_game_finish(f->s, game, r, 5, NULL, aw, 1, &n,
	    &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
	assert_int_equal(n, 2);
	assert_int_equal(aw[0].seat, 2);

	/* store_titles(): the league's, then the solo ladder's. */
	n = store_titles(f->s, "alice", NULL, rows, 8, shown, sizeof shown,
	    &cause);
	assert_int_equal(n, 1);
	assert_string_equal(rows[0].name, "giantslayer");
	assert_true(rows[0].solo);
	assert_int_equal(rows[0].count, 2);
	assert_int_equal(rows[0].best_run, 0);
	n = store_titles(f->s, "bob", "cheat", rows, 8, shown, sizeof shown,
	    &cause);
	assert_int_equal(n, 1);
	assert_false(rows[0].solo);
	assert_string_equal(rows[0].name, "pokerface");
	store_files_cli_expect(f->path, "INSERT INTO titles (player, game,"
	    " variant, title, run, at) VALUES (1, 2, 'cheat', 'pokerface', 0,"
	    " 1)", "");
	n = store_titles(f->s, "alice", "cheat", rows, 8, shown, sizeof shown,
	    &cause);
	assert_int_equal(n, 2);
	assert_string_equal(rows[0].name, "pokerface");
	assert_false(rows[0].solo);
	assert_string_equal(rows[1].name, "giantslayer");
	assert_true(rows[1].solo);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		STORE_FILES_TEST(test_giant_slayer),
		STORE_FILES_TEST(test_lone_wolf),
		STORE_FILES_TEST(test_machine_breaker),
		STORE_FILES_TEST(test_forfeit_and_order),
	};

	return STORE_FILES_RUN(tests);
}
