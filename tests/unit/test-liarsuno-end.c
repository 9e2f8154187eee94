/*
 * Unit tests for games/liarsuno*.c with stacked decks, the end of a hand
 * and the ways out: a last card face up wins at once; a last card face
 * down waits for a challenge (unchallenged or true it wins, after the
 * draws of a claimed Draw Two or Wild Draw Four, which score; caught it
 * is taken back, its claimed action never happens, and the next player
 * plays); places by
 * the cards held; leaving (the hand under the draw pile, the turn, a
 * face-down card no longer open, calls owed, a draw or a 7 pending, the
 * last player left winning); and each phase's timeout move.  The Wild
 * Liar's Challenge's timeouts and wins are test-liarsuno-wlc.c's, the
 * 7's timeout test-liarsuno-swap.c's.
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

/* Four players (or fewer), seat 0 first on a red 9 holding hand0; the
 * draw pile starts b1 b2 b3 b4 b5 b6. */
static struct fx *
deal(int nseats, const char *hand0)
{
	struct liarsuno_deal d = {
		.hands = { NULL, "y4 ~y5 r1", "g6 ~g7", "b8 y6" },
		.discard = "r9", .draw = "b1 b2 b3 b4 b5 b6", .first = 0,
	};
	struct fx *f = lx_new(nseats, nseats - 1);

	d.hands[0] = hand0;
	lx_stack(f, &d);
	return f;
}

/* The last card face up: out at once, scoring the cards left; the rest
 * placed by the cards they hold, fewest first, ties sharing. */
static void
test_face_up(void **state)
{
	struct fx *f = deal(4, "r4");

	(void)state;
	fx_ok(f, 0, "!play r4");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r4}. {p:0} goes out, "
	    "scoring 37.");
	lx_assert_over(f, (const int[]){ 1, 4, 2, 2 }, 0,
	    (const int[]){ 37, 0, 0, 0 });
	fx_refused(f, 1, "draw", "the game is over");
	fx_move_refused(f, "-1 idle", "the game is over");
	fx_reset(f);
	liarsuno_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "Game over: {p:0} won. Cards: {p:0} 0, "
	    "{p:1} 3, {p:2} 2, {p:3} 2, draw pile 103.");
	fx_free(f);
}

/* The last card face down, nobody challenging: the window stays open
 * with nobody to move, until the table closes it. */
static void
test_face_down_unchallenged(void **state)
{
	struct fx *f = deal(4, "~r4");

	(void)state;
	fx_ok(f, 0, "play ~r4");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r4}\". It is {p:0}'s last card: challenge it, or {p:0} "
	    "goes out.");
	lx_assert_turn(f, -1, 0xe, 0);
	fx_refused(f, 1, "draw", "wait: a last card may still be challenged");
	fx_refused(f, 1, "uno", "nobody owes an UNO call");
	fx_move_refused(f, "1 close", "there is nothing for the table to "
	    "close");
	assert_string_equal(lx_timeout(f), "-1 close");
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s last card: "
	    "{p:0} goes out, scoring 37.");
	lx_assert_over(f, (const int[]){ 1, 4, 2, 2 }, 0, NULL);
	assert_lx_cards(f, -2, "r9 ~r4");
	fx_free(f);
}

/* Challenged and true: the challenger draws, then the player goes out
 * (the card drawn scores too). */
static void
test_face_down_true(void **state)
{
	struct fx *f = deal(4, "~r4");

	(void)state;
	fx_ok(f, 0, "play ~r4");
	fx_ok(f, 2, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:2} challenges {p:0}: {red:~r4}, "
	    "true! {p:2} draws a card. {p:0} goes out, scoring 38.");
	lx_assert_over(f, (const int[]){ 1, 3, 3, 2 }, 0, NULL);
	fx_free(f);
}

/* Caught: taken back with a card drawn, and its claimed action never
 * happens: the next player plays (a Skip skips nobody). */
static void
test_face_down_caught(void **state)
{
	struct fx *f = deal(4, "~g3");

	(void)state;
	fx_ok(f, 0, "play ~g3 as rS");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:rS}\". It is {p:0}'s last card: challenge it, or {p:0} "
	    "goes out.");
	lx_assert_turn(f, -1, 0xe, 0);
	fx_ok(f, 1, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: {red:r9}. "
	    "{p:1} to play.");
	assert_said(f, 1, "Your turn, on {red:r9}: play CARD, play CARD "
	    "as CLAIM (to me), or draw. Hand (3): {red:r1} {yel:y4 ~y5}");
	assert_lx_cards(f, 0, "~g3 b1");
	lx_assert_turn(f, 1, 0, -1);
	assert_int_equal(liarsuno_uno_due(f->g), 0);
	fx_free(f);

	/* A Regular Card: back and six; the Draw Two claimed draws
	 * nothing. */
	f = deal(4, "y2");
	fx_ok(f, 0, "play y2 as r+2");
	fx_ok(f, 3, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:3} challenges {p:0}: {yel:y2}, a "
	    "Regular Card played face down! {p:0} takes it back and draws "
	    "six cards. To match: {red:r9}. {p:1} to play.");
	assert_int_equal(lx_count(f, 0), 7);
	assert_int_equal(lx_count(f, 1), 3);
	fx_free(f);
}

/* A last card claimed as a Draw Two or a Wild Draw Four that stands,
 * unchallenged or true: the next player draws first, and those cards
 * score; a Skip or a Reverse does nothing more. */
static void
test_face_down_last_draw(void **state)
{
	struct fx *f = deal(4, "~r+2");

	(void)state;
	fx_ok(f, 0, "play ~r+2");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r+2}\". It is {p:0}'s last card: challenge it, or {p:0} "
	    "goes out.");
	assert_lx_cards(f, 1, "r1 y4 ~y5");
	assert_string_equal(lx_timeout(f), "-1 close");
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s last card: "
	    "{p:1} draws two cards. {p:0} goes out, scoring 40.");
	assert_lx_cards(f, 1, "r1 y4 ~y5 b1 b2");
	lx_assert_over(f, (const int[]){ 1, 4, 2, 2 }, 0,
	    (const int[]){ 40, 0, 0, 0 });
	fx_free(f);

	f = deal(4, "~g3");
	fx_ok(f, 0, "play ~g3 as +4 blue");
	fx_ok(f, 2, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:2} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: {red:r9}. "
	    "{p:1} to play.");
	assert_lx_cards(f, 1, "r1 y4 ~y5");
	fx_free(f);

	f = deal(4, "~+4");
	fx_ok(f, 0, "play ~+4 blue");
	fx_ok(f, 3, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:3} challenges {p:0}: ~+4, true! "
	    "{p:3} draws a card. {p:1} draws four cards. {p:0} goes out, "
	    "scoring 52.");
	fx_free(f);

	f = deal(4, "~rS");
	fx_ok(f, 0, "play ~rS");
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s last card: "
	    "{p:0} goes out, scoring 37.");
	fx_free(f);
}

/* Leaving: the hand goes under the draw pile, and play goes on past
 * the seat whose turn it was. */
static void
test_leave(void **state)
{
	struct fx *f = deal(4, "r4 r5 r6");

	(void)state;
	fx_move_ok(f, "2 leave");
	assert_said(f, GAME_PUBLIC, "{p:2} leaves the game; 2 cards go "
	    "under the draw pile.");
	assert_lx_cards(f, 2, "");
	assert_string_equal(lx_cards(f, -1) + strlen(f->buf) - 6, "~g7 g6");
	lx_assert_turn(f, 0, 0, -1);
	fx_refused(f, 2, "draw", "you are not in this game");
	fx_move_refused(f, "2 leave", "you are not in this game");
	fx_ok(f, 0, "!play r4");
	fx_move_ok(f, "1 leave");
	assert_said(f, GAME_PUBLIC, "{p:1} leaves the game; 3 cards go "
	    "under the draw pile. {p:3} to play.");
	lx_assert_turn(f, 3, 0, -1);
	fx_reset(f);
	liarsuno_ops.view(f->g, 1, &f->out);
	assert_said(f, 1, "You have left this game");
	fx_free(f);
}

/* A face-down card stays on the pile when its player leaves, and can
 * no longer be challenged; an UNO call owed is dropped. */
static void
test_leave_open_card(void **state)
{
	struct fx *f = deal(4, "~g3 r5");

	(void)state;
	fx_ok(f, 0, "play ~g3 as r6");
	assert_int_equal(liarsuno_uno_due(f->g), 1u << 0);
	fx_move_ok(f, "0 leave");
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; 1 card goes "
	    "under the draw pile.");
	fx_refused(f, 2, "challenge", "there is no face-down card to "
	    "challenge");
	fx_refused(f, 2, "uno", "nobody owes an UNO call");
	assert_lx_cards(f, -2, "r9 ~g3");
	assert_lx_top(f, "r6");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);
}

/* Leaving with a card drawn, or before a 7's swap: the next player's
 * turn, the swap dropped; the player after a 7 leaving moves the turn
 * past it. */
static void
test_leave_pending(void **state)
{
	struct fx *f = deal(4, "r4 r5");

	(void)state;
	fx_ok(f, 0, "draw");
	fx_move_ok(f, "0 leave");
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; 3 cards go "
	    "under the draw pile. {p:1} to play.");
	lx_assert_turn(f, 1, 0, -1);
	fx_ok(f, 1, "draw");
	fx_free(f);

	f = deal(4, "r7 r5");
	fx_ok(f, 0, "!play r7");
	fx_move_ok(f, "0 leave");
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; 1 card goes "
	    "under the draw pile. {p:1} to play.");
	assert_lx_cards(f, 1, "r1 y4 ~y5");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);

	f = deal(4, "r7 r5 r6");
	fx_ok(f, 0, "!play r7");
	fx_move_ok(f, "1 leave");
	fx_ok(f, 0, "swap {p:3}");
	assert_said(f, GAME_PUBLIC, "{p:0} and {p:3} swap hands. {p:2} to "
	    "play.");
	fx_free(f);
}

/* A last card face down: its player leaving ends the window, another
 * leaving does not. */
static void
test_leave_last_card(void **state)
{
	struct fx *f = deal(4, "~r4");

	(void)state;
	fx_ok(f, 0, "play ~r4");
	fx_move_ok(f, "1 leave");
	lx_assert_turn(f, -1, 0xc, 0);
	fx_move_ok(f, "0 leave");
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; 0 cards go "
	    "under the draw pile. {p:2} to play.");
	lx_assert_turn(f, 2, 0, -1);
	fx_free(f);
}

/* Everyone else left: the last player wins. */
static void
test_last_one_left(void **state)
{
	struct fx *f = deal(3, "r4 r5");

	(void)state;
	fx_move_ok(f, "1 leave");
	fx_move_ok(f, "0 leave");
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; 2 cards go "
	    "under the draw pile. Everyone else has left: {p:2} wins.");
	lx_assert_over(f, (const int[]){ 0, 0, 1 }, 2,
	    (const int[]){ 0, 0, 0 });
	fx_free(f);
}

/* Each phase's timeout: a turn draws and keeps (or has nothing to
 * draw), a card drawn is kept. */
static void
test_timeouts(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "r4 r5" }, .discard = "r9", .first = 0,
	};
	struct fx *f = deal(4, "r4 r5");

	(void)state;
	fx_move_refused(f, "0 idle", "only the table plays a turn that ran "
	    "out");
	assert_string_equal(lx_timeout(f), "-1 idle");
	assert_said(f, GAME_PUBLIC, "{p:0} draws a card and keeps it. "
	    "{p:1} to play.");
	assert_said(f, 0, "You draw {blu:b1}. Hand (3): {red:r4 r5} "
	    "{blu:b1}");
	fx_ok(f, 1, "draw");
	fx_move_refused(f, "-1 idle", "only the table plays a turn that ran "
	    "out");
	assert_string_equal(lx_timeout(f), "1 pass");
	assert_said(f, GAME_PUBLIC, "{p:1} keeps the card. {p:2} to "
	    "play.");
	fx_free(f);

	f = lx_new(2, 1);
	d.hands[1] = lx_rest(f, "r4 r5 r9");
	lx_stack(f, &d);
	assert_string_equal(lx_timeout(f), "-1 idle");
	assert_said(f, GAME_PUBLIC, "{p:0} has nothing to draw. {p:1} to "
	    "play.");
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_face_up),
		T(test_face_down_unchallenged),
		T(test_face_down_true),
		T(test_face_down_caught),
		T(test_face_down_last_draw),
		T(test_leave),
		T(test_leave_open_card),
		T(test_leave_pending),
		T(test_leave_last_card),
		T(test_last_one_left),
		T(test_timeouts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
