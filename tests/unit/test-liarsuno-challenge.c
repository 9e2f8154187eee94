/*
 * Unit tests for games/liarsuno*.c with stacked decks, challenges of a
 * face-down card: a true claim (the challenger draws one, the card
 * stays face up), a false one (the liar takes it back and draws one, and
 * the card under it is to match again), a Regular Card played face down
 * (back and six, whatever it claimed), the window from the play to the
 * next player's move (anyone but the player, the next player too, once
 * only, closed by a play or a draw), and the turn that a challenge does
 * not change.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "games/game.h"
#include "games/liarsuno/liarsuno.h"
#include "tests/lib/liarsuno-deal.h"

/* Three players, seat 0 first on a red 9; the draw pile starts b1 b2
 * b3 b4 b5 b6 b7. */
static struct fx *
deal3(void)
{
	struct liarsuno_deal d = {
		.hands = { "r4 ~r5 ~g3 y2 y9", "y4 ~y5 g2 r1", "g6 ~g7 y6 b8" },
		.discard = "r9", .draw = "b1 b2 b3 b4 b5 b6 b7", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	lx_stack(f, &d);
	return f;
}

/* True: the challenger (here not the next player) draws one; the card
 * stays, face up now, and the next player still moves. */
static void
test_true(void **state)
{
	struct fx *f = deal3();

	(void)state;
	fx_ok(f, 0, "play ~r5");
	fx_ok(f, 2, "!challenge");
	assert_said(f, GAME_PUBLIC, "{p:2} challenges {p:0}: {red:~r5}, "
	    "true! {p:2} draws a card.");
	assert_said(f, 2, "You draw {blu:b1}. Hand (5): {yel:y6} "
	    "{grn:g6 ~g7} {blu:b1 b8}");
	assert_int_equal(fx_said_count(f, 0), 0);
	assert_lx_cards(f, -2, "r9 ~r5");
	assert_lx_top(f, "r5");
	assert_lx_cards(f, 0, "r4 y2 y9 ~g3");
	lx_assert_turn(f, 1, 0, -1);
	fx_refused(f, 1, "challenge", "there is no face-down card to "
	    "challenge");
	fx_ok(f, 1, "!play r1");
	fx_free(f);
}

/* False: the liar takes the card back and draws one; the card under it
 * is the card to match again.  The next player may challenge too. */
static void
test_false(void **state)
{
	struct fx *f = deal3();

	(void)state;
	fx_ok(f, 0, "play ~g3 as r6");
	fx_ok(f, 1, "liar");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: {red:r9}.");
	assert_said(f, 0, "You draw {blu:b1}. Hand (6): {red:r4 ~r5} "
	    "{yel:y2 y9} {grn:~g3} {blu:b1}");
	/* The card to match changed: the next player is asked again. */
	assert_said(f, 1, "Your turn, on {red:r9}: play CARD, play CARD "
	    "as CLAIM (to me), or draw. Hand (4): {red:r1} {yel:y4 ~y5} "
	    "{grn:g2}");
	assert_lx_cards(f, -2, "r9");
	assert_lx_top(f, "r9");
	lx_assert_turn(f, 1, 0, -1);
	/* What stands now is the 9 again: a 6 no longer matches. */
	fx_ok(f, 1, "draw");
	fx_ok(f, 1, "pass");
	fx_refused(f, 2, "!play y6", "y6 does not match r9");
	fx_free(f);
}

/* A Regular Card played face down and caught: back, and six cards,
 * even when its claim was what it is. */
static void
test_regular_caught(void **state)
{
	struct fx *f = deal3();

	(void)state;
	fx_ok(f, 0, "play r4 as r4");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r4}\". {p:1} to play.");
	fx_ok(f, 2, "ch");
	assert_said(f, GAME_PUBLIC, "{p:2} challenges {p:0}: {red:r4}, a "
	    "Regular Card played face down! {p:0} takes it back and draws "
	    "six cards. To match: {red:r9}.");
	assert_said(f, 0, "You draw {blu:b1} {blu:b2} {blu:b3} {blu:b4} "
	    "{blu:b5} {blu:b6}. Hand (11): {red:r4 ~r5} {yel:y2 y9} "
	    "{grn:~g3} {blu:b1 b2 b3 b4 b5 b6}");
	assert_lx_top(f, "r9");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);

	/* Claimed as something else, the same. */
	f = deal3();
	fx_ok(f, 0, "play y9 as r3");
	fx_ok(f, 1, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: {yel:y9}, a "
	    "Regular Card played face down! {p:0} takes it back and draws "
	    "six cards. To match: {red:r9}.");
	assert_int_equal(lx_count(f, 0), 11);
	fx_free(f);
}

/* A WLC is a Regular Card, always played face up: slipped face down
 * with a claim, it is caught like one. */
static void
test_wlc_face_down(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "WLC r4 y2", "y4 ~y5", "g6 b8" }, .discard = "r9",
		.draw = "b1 b2 b3 b4 b5 b6", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	(void)state;
	lx_stack(f, &d);
	fx_refused(f, 0, "!play WLC as r6", "a card goes face down in "
	    "private: send 'play WLC as r6' to me");
	fx_ok(f, 0, "play WLC as r6");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r6}\". {p:1} to play.");
	fx_ok(f, 1, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: WLC, a "
	    "Regular Card played face down! {p:0} takes it back and draws "
	    "six cards. To match: {red:r9}.");
	assert_lx_cards(f, 0, "r4 y2 b1 b2 b3 b4 b5 b6 WLC");
	fx_free(f);
}

/* Who may challenge, and until when: anyone but the player, once, from
 * the play until the next player's move is accepted. */
static void
test_window(void **state)
{
	struct fx *f = deal3();

	(void)state;
	fx_refused(f, 1, "challenge", "there is no face-down card to "
	    "challenge");
	fx_ok(f, 0, "play ~g3 as r6");
	lx_assert_turn(f, 1, 0x6, 0);
	fx_refused(f, 0, "challenge", "that card is your own");
	fx_refused(f, 1, "challenge {p:0}", "only the WLC's player turns put "
	    "cards over, once all are in");
	/* A refused move by the next player leaves the window open. */
	fx_refused(f, 1, "!play b8", "you do not hold b8");
	lx_assert_turn(f, 1, 0x6, 0);
	fx_ok(f, 1, "draw");
	lx_assert_turn(f, 1, 0, -1);
	fx_refused(f, 2, "challenge", "there is no face-down card to "
	    "challenge");
	fx_ok(f, 1, "pass");
	/* The lie stood: its claim is the card to match. */
	assert_lx_top(f, "r6");
	assert_lx_cards(f, -2, "r9 ~g3");
	fx_ok(f, 2, "!play y6");
	fx_free(f);

	/* Closed by a play too; a play face down opens a new one. */
	f = deal3();
	fx_ok(f, 0, "play ~g3 as r6");
	fx_ok(f, 1, "play ~y5 as y6");
	lx_assert_turn(f, 2, 0x5, 1);
	fx_refused(f, 1, "challenge", "that card is your own");
	fx_ok(f, 0, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:0} challenges {p:1}: {yel:~y5}, a "
	    "lie! {p:1} takes it back and draws a card. To match: {red:r6}.");
	assert_lx_top(f, "r6");
	fx_free(f);
}

/* The liar caught with nothing to draw takes the card back all the
 * same, and is shown the hand it holds now. */
static void
test_caught_nothing_to_draw(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "~g3 r4 r5", NULL, "y5 y6" }, .discard = "r9",
		.first = 0,
	};
	struct fx *f = lx_new(3, 2);

	(void)state;
	d.hands[1] = lx_rest(f, "~g3 r4 r5 y5 y6 r9");
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~g3 as r6");
	fx_ok(f, 2, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:2} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and has nothing to draw. To match: "
	    "{red:r9}.");
	assert_said(f, 0, "Hand (3): {red:r4 r5} {grn:~g3}");
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_true),
		T(test_false),
		T(test_regular_caught),
		T(test_wlc_face_down),
		T(test_window),
		T(test_caught_nothing_to_draw),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
