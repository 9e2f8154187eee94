/*
 * Unit tests for games/liarsuno*.c with stacked decks, sevens and zeros:
 * a 7 swaps hands with the player of one's choice (at once with two
 * players; with the fewest cards when time runs out), a 0 passes every
 * hand on in the direction of play (past a seat that left); a face-down
 * 7 can be challenged only once the hands are swapped, and a caught 7 or
 * 0 is taken back and paid for after the exchange, into the hand its
 * player holds then; a 7 or 0 that is the last card exchanges nothing.
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

/* Four players (or fewer), seat 0 first on a red 9; the draw pile
 * starts b1 b2 b3. */
static struct fx *
deal(int nseats, int reversed)
{
	struct liarsuno_deal d = {
		.hands = { "r7 ~r7 r0 ~r0 ~g3 y2", "y4 ~y5 r1", "g6 ~g7",
		    "b8 b6" },
		.discard = "r9", .draw = "b1 b2 b3", .first = 0,
	};
	struct fx *f = lx_new(nseats, nseats - 1);

	d.reversed = reversed;
	lx_stack(f, &d);
	return f;
}

/* A 7 face up: its player names whose hand to take, in the channel or
 * in private; nobody else moves meanwhile. */
static void
test_seven_choose(void **state)
{
	struct fx *f = deal(4, 0);

	(void)state;
	fx_ok(f, 0, "!play r7");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r7}. {p:0} chooses "
	    "whose hand to take.");
	assert_said(f, 0, "Your turn: your 7 swaps hands: swap NICK takes their hand for yours. "
	    "Hand (5): {red:r0 ~r0 ~r7} {yel:y2} {grn:~g3}");
	lx_assert_turn(f, 0, 0, -1);
	fx_refused(f, 0, "draw", "swap hands first: swap NICK");
	fx_refused(f, 0, "!play r0", "swap hands first: swap NICK");
	fx_refused(f, 1, "draw", "it is not your turn");
	fx_refused(f, 1, "swap {p:0}", "swap follows a 7 you played");
	fx_refused(f, 0, "swap {p:0}", "name another player, not yourself");
	fx_refused(f, 0, "swap", "name one player: swap NICK");
	fx_refused(f, 0, "swap {p:1} {p:2}", "name one player: swap NICK");
	fx_refused(f, 0, "swap zed", "no player 'zed' at this table");
	fx_refused(f, 0, "challenge", "there is no face-down card to "
	    "challenge");
	fx_ok(f, 0, "!swap {p:2}");
	assert_said(f, GAME_PUBLIC, "{p:0} and {p:2} swap hands. {p:1} to "
	    "play.");
	assert_said(f, 0, "Hand (2): {grn:g6 ~g7}");
	assert_said(f, 2, "Hand (5): {red:r0 ~r0 ~r7} {yel:y2} "
	    "{grn:~g3}");
	assert_lx_cards(f, 1, "r1 y4 ~y5");
	lx_assert_turn(f, 1, 0, -1);
	fx_refused(f, 0, "swap {p:1}", "swap follows a 7 you played");
	fx_free(f);
}

/* With two players the 7 swaps at once. */
static void
test_seven_two(void **state)
{
	struct fx *f = deal(2, 0);

	(void)state;
	fx_ok(f, 0, "!play r7");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r7}. {p:0} and {p:1} "
	    "swap hands. {p:1} to play.");
	assert_lx_cards(f, 0, "r1 y4 ~y5");
	assert_lx_cards(f, 1, "r0 ~r0 ~r7 y2 ~g3");
	/* Its player got cards by the play: shown the hand they took. */
	assert_said(f, 0, "Hand (3): {red:r1} {yel:y4 ~y5}");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);
}

/* With two players a face-down 7 swaps at once too, and a caught liar
 * takes the card back into the hand it got. */
static void
test_seven_two_caught(void **state)
{
	struct fx *f = deal(2, 0);

	(void)state;
	fx_ok(f, 0, "play ~g3 as r7");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r7}\". {p:0} and {p:1} swap hands. {p:1} to play.");
	lx_assert_turn(f, 1, 0x2, 0);
	fx_ok(f, 1, "challenge");
	assert_lx_cards(f, 0, "r1 y4 ~y5 ~g3 b1");
	assert_lx_cards(f, 1, "r0 r7 ~r0 ~r7 y2");
	fx_free(f);
}

/* A face-down 7 may be challenged only once the hands are swapped: a
 * caught liar takes the card back into the hand it swapped for, and
 * draws there. */
static void
test_seven_caught(void **state)
{
	struct fx *f = deal(4, 0);

	(void)state;
	fx_ok(f, 0, "play ~g3 as r7");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r7}\". {p:0} chooses whose hand to take.");
	lx_assert_turn(f, 0, 0, -1);
	fx_refused(f, 1, "challenge", "wait: the face-down 7 may be "
	    "challenged once the hands are swapped");
	fx_ok(f, 0, "swap {p:1}");
	lx_assert_turn(f, 1, 0xe, 0);
	fx_ok(f, 3, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:3} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: {red:r9}.");
	assert_lx_cards(f, 0, "r1 y4 ~y5 ~g3 b1");
	assert_lx_cards(f, 1, "r0 r7 ~r0 ~r7 y2");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);

	/* True, the challenger draws; the swap stands either way. */
	f = deal(4, 0);
	fx_ok(f, 0, "play ~r7");
	fx_ok(f, 0, "swap {p:3}");
	fx_ok(f, 2, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:2} challenges {p:0}: {red:~r7}, "
	    "true! {p:2} draws a card.");
	assert_lx_cards(f, 0, "b6 b8");
	assert_lx_cards(f, 3, "r0 r7 ~r0 y2 ~g3");
	assert_lx_cards(f, 2, "g6 ~g7 b1");
	fx_free(f);
}

/* The 7's time runs out: it takes the hand of the fewest cards, the
 * first in the direction of play on a tie. */
static void
test_seven_timeout(void **state)
{
	struct fx *f = deal(4, 0);

	(void)state;
	fx_ok(f, 0, "!play r7");
	assert_string_equal(lx_timeout(f), "0 swap 2");
	assert_said(f, GAME_PUBLIC, "{p:0} and {p:2} swap hands. {p:1} to "
	    "play.");
	fx_free(f);

	f = deal(4, 1);
	fx_ok(f, 0, "!play r7");
	assert_string_equal(lx_timeout(f), "0 swap 3");
	assert_lx_cards(f, 0, "b6 b8");
	lx_assert_turn(f, 3, 0, -1);
	fx_free(f);
}

/* A 0: every hand passes to the next player in the direction of play,
 * clockwise or not. */
static void
test_zero(void **state)
{
	struct fx *f = deal(4, 0);

	(void)state;
	fx_ok(f, 0, "!play r0");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r0}. Every hand "
	    "passes to the next player. {p:1} to play.");
	assert_lx_cards(f, 1, "r7 ~r0 ~r7 y2 ~g3");
	assert_lx_cards(f, 2, "r1 y4 ~y5");
	assert_lx_cards(f, 3, "g6 ~g7");
	assert_lx_cards(f, 0, "b6 b8");
	assert_said(f, 0, "Hand (2): {blu:b6 b8}");
	assert_said(f, 1, "Your turn, on {red:r0}: play CARD, play CARD as "
	    "CLAIM (to me), or draw. Hand (5): {red:r7 ~r0 ~r7} {yel:y2} "
	    "{grn:~g3}");
	assert_said(f, 3, "Hand (2): {grn:g6 ~g7}");
	fx_free(f);

	f = deal(4, 1);
	fx_ok(f, 0, "!play r0");
	assert_lx_cards(f, 3, "r7 ~r0 ~r7 y2 ~g3");
	assert_lx_cards(f, 0, "r1 y4 ~y5");
	assert_lx_cards(f, 1, "g6 ~g7");
	assert_lx_cards(f, 2, "b6 b8");
	lx_assert_turn(f, 3, 0, -1);
	fx_free(f);
}

/* A seat that left takes no hand in a pass. */
static void
test_zero_past_left(void **state)
{
	struct fx *f = deal(4, 0);

	(void)state;
	fx_move_ok(f, "2 leave");
	fx_ok(f, 0, "!play r0");
	assert_lx_cards(f, 1, "r7 ~r0 ~r7 y2 ~g3");
	assert_lx_cards(f, 3, "r1 y4 ~y5");
	assert_lx_cards(f, 0, "b6 b8");
	assert_lx_cards(f, 2, "");
	fx_free(f);
}

/* A face-down 0 caught: the exchange happened at the play, the liar
 * takes the card back into the hand passed to it, and draws there. */
static void
test_zero_caught(void **state)
{
	struct fx *f = deal(4, 0);

	(void)state;
	fx_ok(f, 0, "play ~g3 as r0");
	assert_lx_cards(f, 1, "r0 r7 ~r0 ~r7 y2");
	assert_lx_cards(f, 0, "b6 b8");
	fx_ok(f, 2, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:2} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: {red:r9}.");
	assert_lx_cards(f, 0, "~g3 b1 b6 b8");
	assert_said(f, 0, "You draw {blu:b1}. Hand (4): {grn:~g3} {blu:b1 "
	    "b6 b8}");
	fx_free(f);
}

/* A 7 or a 0 that is the player's last card exchanges nothing: face
 * up it wins at once, face down it waits for a challenge. */
static void
test_last_card(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "r7", "y4 ~y5 r1", "g6 ~g7" },
		.discard = "r9", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "!play r7");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r7}. {p:0} goes out, "
	    "scoring 23.");
	assert_lx_cards(f, 1, "r1 y4 ~y5");
	fx_free(f);

	f = lx_new(3, 2);
	d.hands[0] = "~r0";
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~r0");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r0}\". It is {p:0}'s last card: challenge it, or {p:0} "
	    "goes out.");
	assert_lx_cards(f, 1, "r1 y4 ~y5");
	assert_lx_cards(f, 2, "g6 ~g7");
	assert_lx_cards(f, 0, "");
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_seven_choose),
		T(test_seven_two),
		T(test_seven_two_caught),
		T(test_seven_caught),
		T(test_seven_timeout),
		T(test_zero),
		T(test_zero_past_left),
		T(test_zero_caught),
		T(test_last_card),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
