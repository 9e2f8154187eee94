/*
 * Unit tests for games/liarsuno*.c with stacked decks, option points:
 * the winner of a hand scores the cards left in the other hands
 * (numbers at face value, actions 20, wilds 50), winners together each
 * score all of it, the next hand is dealt at once by the next dealer
 * left (past a seat that left), the game ends when a hand ends with
 * someone at the target, and places go by score (a tie shares first);
 * the options' limits and what !status shows.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "games/liarsuno/liarsuno.h"
#include "tests/lib/liarsuno-deal.h"

/* Seat 0 goes out with r4 on a red 9, the others holding 67 and 109
 * points: a Draw Two, a Skip, a Reverse, a 7 and a 0; a Wild Draw
 * Four, a WLC and a 9. */
static const struct liarsuno_deal out176 = {
	.hands = { "r4", "~r+2 ~bS ~gR y7 r0", "~+4 WLC ~y9" },
	.discard = "r9", .first = 0,
};

/* A hand won: scored, and the next dealt at once by the next dealer. */
static void
test_hand_scored(void **state)
{
	struct fx *f = lx_new_with(3, 2, "points=1", 1);
	int s;

	(void)state;
	lx_stack(f, &out176);
	assert_said_has(f, GAME_PUBLIC, "Hand 1 of Liar's UNO to 500 "
	    "points, dealt by {p:2}.");
	fx_ok(f, 0, "!play r4");
	assert_said_has(f, GAME_PUBLIC, "{p:0} plays {red:r4}. {p:0} goes "
	    "out, scoring 176. Scores: {p:0} 176, {p:1} 0, {p:2} 0 (to 500). "
	    "Hand 2 of Liar's UNO to 500 points, dealt by {p:0}. The discard "
	    "pile shows ");
	assert_said_has(f, GAME_PUBLIC, ". {p:1} starts.");
	assert_int_equal(liarsuno_score(f->g, 0), 176);
	assert_int_equal(liarsuno_score(f->g, 1), 0);
	for (s = 0; s < 3; s++) {
		assert_int_equal(lx_count(f, s), 7);
		assert_said_has(f, s, "Hand (7): ");
	}
	assert_int_equal(lx_count(f, -2), 1);
	assert_int_equal(lx_count(f, -1), 112 - 21 - 1);
	lx_assert_turn(f, 1, 0, -1);
	fx_reset(f);
	liarsuno_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said_has(f, GAME_PUBLIC, "Hand 2. To match: ");
	assert_said_has(f, GAME_PUBLIC, ", clockwise. {p:1} to play. "
	    "Cards: {p:0} 7, {p:1} 7, {p:2} 7, draw pile 90. Scores (to 500): "
	    "{p:0} 176, {p:1} 0, {p:2} 0.");
	fx_free(f);
}

/* A hand that ends with someone at the target ends the game: places by
 * score. */
static void
test_target(void **state)
{
	struct fx *f = lx_new_with(3, 2, "points=1 target=176", 1);

	(void)state;
	lx_stack(f, &out176);
	fx_ok(f, 0, "!play r4");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r4}. {p:0} goes out, "
	    "scoring 176. Scores: {p:0} 176, {p:1} 0, {p:2} 0 (to 176).");
	lx_assert_over(f, (const int[]){ 1, 2, 2 }, 0,
	    (const int[]){ 176, 0, 0 });
	fx_reset(f);
	liarsuno_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "Game over: {p:0} won. Cards: {p:0} 0, "
	    "{p:1} 5, {p:2} 3, draw pile 102. Scores (to 176): {p:0} 176, "
	    "{p:1} 0, {p:2} 0.");
	fx_free(f);

	/* One short of the target: another hand. */
	f = lx_new_with(3, 2, "points=1 target=177", 1);
	lx_stack(f, &out176);
	fx_ok(f, 0, "!play r4");
	assert_said_has(f, GAME_PUBLIC, "Hand 2 of Liar's UNO to 177 "
	    "points");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);
}

/* A last card face down: unchallenged or true, the hand is scored
 * (with the challenger's card drawn) and the next dealt; caught, the
 * hand goes on unscored. */
static void
test_last_card_down(void **state)
{
	struct liarsuno_deal d = out176;
	struct fx *f = lx_new_with(3, 2, "points=1", 1);

	(void)state;
	d.hands[0] = "~r4";
	d.draw = "b1";
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~r4");
	assert_string_equal(lx_timeout(f), "-1 close");
	assert_said_has(f, GAME_PUBLIC, "Nobody challenges {p:0}'s last "
	    "card: {p:0} goes out, scoring 176. Scores: {p:0} 176, {p:1} 0, "
	    "{p:2} 0 (to 500). Hand 2 of Liar's UNO to 500 points, dealt by "
	    "{p:0}.");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);

	f = lx_new_with(3, 2, "points=1", 1);
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~r4");
	fx_ok(f, 2, "challenge");
	assert_said_has(f, GAME_PUBLIC, "{p:2} challenges {p:0}: {red:~r4}, "
	    "true! {p:2} draws a card. {p:0} goes out, scoring 177. Scores: "
	    "{p:0} 177, {p:1} 0, {p:2} 0 (to 500). Hand 2 of ");
	assert_int_equal(lx_count(f, 2), 7);
	fx_free(f);

	f = lx_new_with(3, 2, "points=1", 1);
	d.hands[0] = "~g3";
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~g3 as r4");
	fx_ok(f, 1, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: {red:r9}. "
	    "{p:1} to play.");
	assert_int_equal(liarsuno_score(f->g, 0), 0);
	assert_lx_cards(f, 0, "~g3 b1");
	fx_free(f);
}

/* Hands add up; the highest score wins once someone is at the target,
 * whoever won the last hand. */
static void
test_across_hands(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "y1 y2", "r4", "~g3 ~r1" }, .discard = "r9",
		.first = 1,
	};
	struct fx *f = lx_new_with(3, 2, "points=1 target=180", 1);

	(void)state;
	lx_stack(f, &out176);
	fx_ok(f, 0, "!play r4");
	lx_stack(f, &d);
	fx_ok(f, 1, "!play r4");
	assert_said_has(f, GAME_PUBLIC, "{p:1} goes out, scoring 7. "
	    "Scores: {p:0} 176, {p:1} 7, {p:2} 0 (to 180). Hand 2 of ");
	assert_said_has(f, GAME_PUBLIC, "dealt by {p:1}.");
	d.hands[0] = "r8 y3";
	d.hands[1] = "~+4 ~y1 b1 b2 b3";
	d.hands[2] = "r4";
	d.first = 2;
	lx_stack(f, &d);
	fx_ok(f, 2, "!play r4");
	assert_said_has(f, GAME_PUBLIC, "{p:2} goes out, scoring 68. "
	    "Scores: {p:0} 176, {p:1} 7, {p:2} 68 (to 180). Hand 2 of ");
	d.hands[0] = "r4";
	d.hands[1] = "~r+2";
	d.hands[2] = "y2";
	d.first = 0;
	lx_stack(f, &d);
	fx_ok(f, 0, "!play r4");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r4}. {p:0} goes out, "
	    "scoring 22. Scores: {p:0} 198, {p:1} 7, {p:2} 68 (to 180).");
	lx_assert_over(f, (const int[]){ 1, 3, 2 }, 0,
	    (const int[]){ 198, 7, 68 });
	fx_free(f);
}

/* Winners together each score all of it; equal scores share first
 * place, and there is no single winner. */
static void
test_shared(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "WLC ~y9 y2", "~r3", "r5" }, .discard = "y9",
		.first = 0,
	};
	struct fx *f = lx_new_with(3, 2, "points=1 target=50", 1);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~r3");
	fx_ok(f, 2, "put r5");
	fx_ok(f, 0, "challenge {p:2}");
	assert_said_has(f, GAME_PUBLIC, "{p:0} turns over {p:2}'s card: "
	    "{red:r5}, {red:red}! Under the WLC go the cards of {p:1}, {p:2}. "
	    "{p:1} and {p:2} go out, scoring 11. Scores: {p:0} 0, {p:1} 11, "
	    "{p:2} 11 (to 50). Hand 2 of Liar's UNO to 50 points, dealt by "
	    "{p:0}. The discard pile shows ");
	assert_int_equal(liarsuno_score(f->g, 1), 11);
	assert_int_equal(liarsuno_score(f->g, 2), 11);
	d.hands[0] = "WLC ~+4 ~bS";
	lx_stack(f, &d);
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~r3");
	fx_ok(f, 2, "put r5");
	fx_ok(f, 0, "challenge {p:1}");
	assert_said_has(f, GAME_PUBLIC, "{p:1} and {p:2} go out, scoring "
	    "70. Scores: {p:0} 0, {p:1} 81, {p:2} 81 (to 50).");
	lx_assert_over(f, (const int[]){ 3, 1, 1 }, -1,
	    (const int[]){ 0, 81, 81 });
	fx_free(f);
}

/* The next dealer skips a seat that left, and so does the deal. */
static void
test_deal_past_left(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "y1 y2", "r8 r7", "r4", "b1" }, .discard = "r9",
		.first = 2,
	};
	struct fx *f = lx_new_with(4, 2, "points=1", 1);

	(void)state;
	lx_stack(f, &d);
	fx_move_ok(f, "3 leave");
	fx_ok(f, 2, "!play r4");
	assert_said_has(f, GAME_PUBLIC, "{p:2} goes out, scoring 18. "
	    "Scores: {p:0} 0, {p:1} 0, {p:2} 18, {p:3} 0 (to 500). Hand 2 "
	    "of Liar's UNO to 500 points, dealt by {p:0}.");
	assert_said_has(f, GAME_PUBLIC, ". {p:1} starts.");
	assert_int_equal(lx_count(f, 3), 0);
	assert_int_equal(lx_count(f, 0), 7);
	assert_int_equal(lx_count(f, -1), 112 - 21 - 1);
	assert_int_equal(fx_said_count(f, 3), 0);
	fx_free(f);

	/* A seat that left has no place. */
	f = lx_new_with(4, 2, "points=1 target=50", 1);
	d.hands[0] = "~+4 y2";
	lx_stack(f, &d);
	fx_move_ok(f, "3 leave");
	fx_ok(f, 2, "!play r4");
	lx_assert_over(f, (const int[]){ 2, 2, 1, 0 }, 2,
	    (const int[]){ 0, 0, 67, 0 });
	fx_free(f);
}

/* The options: points 0 or 1, target 50 to 2000; without points, no
 * score is kept. */
static void
test_options(void **state)
{
	static const char *const bad[] = {
		"points=2", "points=-1", "target=49", "target=2001",
	};
	struct game_opts opts;
	char *cause = NULL;
	size_t i;
	struct fx *f;

	(void)state;
	game_opts_default(&liarsuno_ops, &opts);
	assert_int_equal(opts.v[0], 0);
	assert_int_equal(opts.v[1], 500);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(game_opts_set(&liarsuno_ops, &opts, bad[i],
		    &cause), -1);
		assert_non_null(cause);
		free(cause);
		cause = NULL;
	}
	assert_int_equal(game_opts_set(&liarsuno_ops, &opts, "target=50",
	    NULL), 0);
	assert_int_equal(game_opts_set(&liarsuno_ops, &opts, "target=2000",
	    NULL), 0);
	f = lx_new(3, 2);
	lx_stack(f, &out176);
	fx_ok(f, 0, "!play r4");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r4}. {p:0} goes out, "
	    "scoring 176.");
	assert_int_equal(liarsuno_score(f->g, 0), 0);
	lx_assert_over(f, (const int[]){ 1, 3, 2 }, 0,
	    (const int[]){ 176, 0, 0 });
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_hand_scored),
		T(test_target),
		T(test_last_card_down),
		T(test_across_hands),
		T(test_shared),
		T(test_deal_past_left),
		T(test_options),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
