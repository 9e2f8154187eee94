/*
 * Unit tests for games/liarsuno*.c with stacked decks, the Wild Liar's
 * Challenge: played face up naming a colour (its player's last card
 * wins at once); everyone else puts a card face down in private, of the
 * colour if they hold one (a wild is of none), any card if not (the
 * channel learns who, never which; the table puts for whoever runs out
 * of time); its player turns them over one at a time (the next one in
 * the direction of play when time runs out): a caught liar takes the
 * card back and draws one (a Regular Card or a wild is no worse), the
 * first card of the colour ends it, that card and every one not yet
 * turned going under the WLC unseen; its player may stop at any time
 * (done), the cards not turned going under too; everyone turned over;
 * whoever's
 * last card went under wins, several together; its player leaving
 * gives the cards back, another leaving takes no further part.
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

/* Four players (or fewer), seat 0 first with a WLC on a yellow 9; of
 * the others only seat 2 holds red cards, unless hand2 (not NULL) is
 * its hand; the draw pile starts b1 b3 b4. */
static struct fx *
deal(int nseats, int reversed, const char *hand2)
{
	struct liarsuno_deal d = {
		.hands = { "WLC y2 ~g5", "~g3 y1 g4 WLC", "r5 y6 ~r8",
		    "b2 ~+4 g7" },
		.discard = "y9", .draw = "b1 b3 b4", .first = 0,
	};
	struct fx *f = lx_new(nseats, nseats - 1);

	d.reversed = reversed;
	if (hand2 != NULL)
		d.hands[2] = hand2;
	lx_stack(f, &d);
	return f;
}

/* A WLC that is its player's last card wins at once: nobody puts. */
static void
test_last_card(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "WLC", "~g3 r1", "r5 y6 ~+4" }, .discard = "y9",
		.first = 0,
	};
	struct fx *f = lx_new(3, 2);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "!play WLC red");
	assert_said(f, GAME_PUBLIC, "{p:0} plays WLC, naming {red:red}. "
	    "{p:0} goes out, scoring 65.");
	lx_assert_over(f, (const int[]){ 1, 2, 3 }, 0, NULL);
	fx_free(f);
}

/* Everyone else puts a card, in private only; the channel learns who
 * has put, never which card. */
static void
test_put(void **state)
{
	struct fx *f = deal(4, 0, NULL);

	(void)state;
	fx_refused(f, 0, "!play WLC", "a wild names the colour to play next: "
	    "red, yellow, green or blue");
	fx_refused(f, 1, "put y1", "there is no card for you to put now");
	fx_ok(f, 0, "!play WLC red");
	assert_said(f, GAME_PUBLIC, "{p:0} plays WLC, naming {red:red}. "
	    "Wild Liar's Challenge: everyone else puts a {red:red} card face "
	    "down, in private.");
	assert_said(f, 1, "Your turn: Wild Liar\'s Challenge: put a {red:red} card "
	    "face down, to me: put CARD (without one, put any card and "
	    "bluff). Hand (4): {yel:y1} {grn:g4 ~g3} WLC");
	/* Its player only lost the card played and is asked nothing. */
	assert_int_equal(fx_said_count(f, 0), 0);
	lx_assert_puts(f, 0xe);
	assert_lx_top(f, "red WLC");
	fx_refused(f, 1, "!put y1", "keep your cards secret: send 'put CARD' "
	    "to me in private");
	fx_refused(f, 1, "put r2", "you do not hold r2");
	fx_refused(f, 1, "put", "put one card: put ~r5");
	fx_refused(f, 0, "put y2", "there is no card for you to put now");
	fx_refused(f, 1, "!play y1", "wait: a Wild Liar's Challenge is on");
	fx_refused(f, 0, "draw", "wait: a Wild Liar's Challenge is on");
	fx_refused(f, 2, "uno", "nobody owes an UNO call");
	fx_ok(f, 1, "put ~g3");
	assert_said(f, GAME_PUBLIC, "{p:1} has put a card.");
	/* The card put is the player's choice: nothing more is said. */
	assert_int_equal(fx_said_count(f, 1), 0);
	assert_lx_cards(f, 1, "y1 g4 WLC");
	assert_lx_cards(f, -3, "~g3");
	lx_assert_puts(f, 0xc);
	fx_refused(f, 1, "put y1", "there is no card for you to put now");
	fx_ok(f, 3, "put b2");
	fx_ok(f, 2, "put r5");
	assert_said(f, GAME_PUBLIC, "{p:2} has put a card. All cards are "
	    "in: {p:0} turns them over.");
	assert_said(f, 0, "Your turn: turn the put cards over, one at a time: "
	    "challenge NICK ({p:1}, {p:2}, {p:3}), or stop: done. Hand (2): "
	    "{yel:y2} {grn:~g5}");
	lx_assert_turn(f, 0, 0, -1);
	assert_lx_cards(f, -3, "~g3 r5 b2");
	fx_free(f);
}

/* Who holds a card of the colour puts one of those, Regular or Liar's;
 * only who holds none may put any card, a wild too (never of the
 * colour, so it is caught).  A refusal says why. */
static void
test_put_colour(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "WLC y2", "r1 ~+4 g4 WLC", "y6 WLC", "b2 ~g7" },
		.discard = "y9", .draw = "b1", .first = 0,
	};
	struct fx *f = lx_new(4, 3);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "!play WLC red");
	fx_refused(f, 1, "put g4", "you hold a red card: put a red one");
	fx_refused(f, 1, "put ~+4", "you hold a red card: put a red one");
	fx_refused(f, 1, "put WLC", "you hold a red card: put a red one");
	lx_assert_puts(f, 0xe);
	fx_ok(f, 1, "put r1");
	fx_ok(f, 2, "put WLC");
	fx_ok(f, 3, "put ~g7");
	fx_ok(f, 0, "challenge {p:2}");
	assert_said(f, GAME_PUBLIC, "{p:0} turns over {p:2}'s card: WLC, "
	    "not {red:red}! {p:2} takes it back and draws a card.");
	fx_free(f);

	/* A red card in hand drawn since the deal counts the same. */
	d.hands[3] = "b2 ~r7";
	f = lx_new(4, 3);
	lx_stack(f, &d);
	fx_ok(f, 0, "!play WLC red");
	fx_refused(f, 3, "put b2", "you hold a red card: put a red one");
	fx_ok(f, 3, "put ~r7");
	fx_free(f);
}

/* A liar caught takes the card back and draws one; the first card of
 * the colour ends it: it and every card not turned go under the WLC,
 * unseen, and play goes on after the WLC's player. */
static void
test_caught_then_colour(void **state)
{
	struct fx *f = deal(4, 0, NULL);

	(void)state;
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 2, "put r5");
	fx_ok(f, 3, "put b2");
	fx_refused(f, 0, "challenge", "name whose card you turn over: "
	    "challenge NICK, or stop: done");
	fx_refused(f, 1, "challenge {p:2}", "only the WLC's player turns put "
	    "cards over, once all are in");
	fx_refused(f, 1, "challenge", "there is no face-down card to "
	    "challenge");
	fx_refused(f, 0, "challenge {p:0}", "name another player, not "
	    "yourself");
	fx_ok(f, 0, "!challenge {p:1}");
	assert_said(f, GAME_PUBLIC, "{p:0} turns over {p:1}'s card: "
	    "{grn:~g3}, not {red:red}! {p:1} takes it back and draws a "
	    "card.");
	assert_said(f, 1, "You draw {blu:b1}. Hand (5): {yel:y1} {grn:g4 "
	    "~g3} {blu:b1} WLC");
	lx_assert_turn(f, 0, 0, -1);
	fx_refused(f, 0, "challenge {p:1}", "that player has no put card to "
	    "turn over");
	fx_ok(f, 0, "challenge {p:2}");
	assert_said(f, GAME_PUBLIC, "{p:0} turns over {p:2}'s card: "
	    "{red:r5}, {red:red}! Under the WLC go the cards of {p:2}, {p:3}. "
	    "{p:1} to play.");
	assert_lx_cards(f, -2, "y9 r5 b2 WLC");
	assert_lx_cards(f, -3, "");
	assert_lx_cards(f, 3, "g7 ~+4");
	assert_lx_cards(f, 2, "~r8 y6");
	assert_lx_top(f, "red WLC");
	lx_assert_turn(f, 1, 0, -1);
	fx_ok(f, 1, "play ~g3 as r3");
	fx_free(f);
}

/* Everyone turned over and caught: each takes the card back and draws
 * one; a Regular Card put costs no more, and a wild is never of the
 * colour. */
static void
test_everyone_caught(void **state)
{
	struct fx *f = deal(4, 0, "y6 b5 ~g8");

	(void)state;
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put g4");
	fx_ok(f, 2, "put y6");
	fx_ok(f, 3, "put ~+4");
	fx_ok(f, 0, "challenge {p:3}");
	assert_said(f, GAME_PUBLIC, "{p:0} turns over {p:3}'s card: ~+4, "
	    "not {red:red}! {p:3} takes it back and draws a card.");
	fx_ok(f, 0, "challenge {p:1}");
	assert_said(f, GAME_PUBLIC, "{p:0} turns over {p:1}'s card: "
	    "{grn:g4}, not {red:red}! {p:1} takes it back and draws a "
	    "card.");
	fx_ok(f, 0, "challenge {p:2}");
	assert_said(f, GAME_PUBLIC, "{p:0} turns over {p:2}'s card: "
	    "{yel:y6}, not {red:red}! {p:2} takes it back and draws a card. "
	    "{p:1} to play.");
	assert_lx_cards(f, 1, "y1 g4 ~g3 b3 WLC");
	assert_lx_cards(f, 2, "y6 ~g8 b4 b5");
	assert_lx_cards(f, 3, "g7 b1 b2 ~+4");
	assert_lx_cards(f, -2, "y9 WLC");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);
}

/* A liar caught with nothing left to draw takes the card back all the
 * same, and is shown the hand it holds now. */
static void
test_caught_nothing_to_draw(void **state)
{
	struct liarsuno_deal d = {
		.hands = { NULL, "~g3 y1", "b5 y6" }, .discard = "r9",
		.first = 0,
	};
	struct fx *f = lx_new(3, 2);

	(void)state;
	d.hands[0] = lx_rest(f, "~g3 y1 b5 y6 r9");
	lx_stack(f, &d);
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 2, "put b5");
	fx_ok(f, 0, "challenge {p:1}");
	assert_said(f, GAME_PUBLIC, "{p:0} turns over {p:1}'s card: "
	    "{grn:~g3}, not {red:red}! {p:1} takes it back and draws a card. "
	    "The draw pile ran out: the discard pile but its top was "
	    "shuffled into a new one.");
	assert_lx_cards(f, 1, "r9 y1 ~g3");
	fx_ok(f, 0, "challenge {p:2}");
	assert_said(f, GAME_PUBLIC, "{p:0} turns over {p:2}'s card: "
	    "{blu:b5}, not {red:red}! {p:2} takes it back and has nothing to "
	    "draw. {p:1} to play.");
	assert_said(f, 2, "Hand (2): {yel:y6} {blu:b5}");
	assert_int_equal(lx_count(f, 0), 106);
	fx_free(f);
}

/* Last cards under the WLC win, together: each winner scores all the
 * cards left. */
static void
test_shared_win(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "WLC y2 ~g5", "~r3", "r5", "b2 ~+4 g7" },
		.discard = "y9", .draw = "b1", .first = 0,
	};
	struct fx *f = lx_new(4, 3);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~r3");
	assert_int_equal(fx_said_count(f, 1), 0);
	assert_lx_cards(f, 1, "");
	fx_ok(f, 2, "put r5");
	fx_ok(f, 3, "put g7");
	fx_ok(f, 0, "challenge {p:3}");
	fx_ok(f, 0, "challenge {p:1}");
	assert_said(f, GAME_PUBLIC, "{p:0} turns over {p:1}'s card: "
	    "{red:~r3}, {red:red}! Under the WLC go the cards of {p:1}, {p:2}. "
	    "{p:1} and {p:2} go out, scoring 67.");
	lx_assert_over(f, (const int[]){ 3, 1, 1, 4 }, -1,
	    (const int[]){ 0, 67, 67, 0 });
	fx_free(f);
}

/* A last card put and caught goes back: its player plays on; cards
 * going under make hands of one that owe an UNO call. */
static void
test_last_card_put(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "WLC y2 ~g5", "~g3", "r5 y6", "b2 ~+4 g7" },
		.discard = "y9", .draw = "b1 b3", .first = 0,
	};
	struct fx *f = lx_new(4, 3);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 2, "put r5");
	fx_ok(f, 3, "put g7");
	fx_ok(f, 0, "challenge {p:1}");
	assert_lx_cards(f, 1, "~g3 b1");
	fx_ok(f, 0, "challenge {p:2}");
	assert_said(f, GAME_PUBLIC, "{p:0} turns over {p:2}'s card: "
	    "{red:r5}, {red:red}! Under the WLC go the cards of {p:2}, {p:3}. "
	    "{p:2} has one card and owes an UNO call. {p:1} to play.");
	assert_lx_cards(f, 2, "y6");
	assert_lx_cards(f, 3, "b2 ~+4");
	assert_int_equal(liarsuno_uno_due(f->g), 1u << 2);
	fx_free(f);
}

/* A last card put as a lie and never turned over goes under with the
 * card of the colour, and its player wins alone. */
static void
test_unturned_last_card(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "WLC y2 ~g5", "~g3 r1", "b5 y6", "g7" },
		.discard = "y9", .draw = "b1", .first = 0,
	};
	struct fx *f = lx_new(4, 3);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put r1");
	fx_ok(f, 2, "put y6");
	fx_ok(f, 3, "put g7");
	fx_ok(f, 0, "challenge {p:2}");
	fx_ok(f, 0, "challenge {p:1}");
	assert_said(f, GAME_PUBLIC, "{p:0} turns over {p:1}'s card: "
	    "{red:r1}, {red:red}! Under the WLC go the cards of {p:1}, {p:3}. "
	    "{p:3} goes out, scoring 22.");
	lx_assert_over(f, (const int[]){ 3, 2, 4, 1 }, 3,
	    (const int[]){ 0, 0, 0, 22 });
	fx_free(f);
}

/* The WLC's player may stop turning cards over at any time, in the
 * channel or in private: the cards not turned go under the WLC unseen,
 * lies too, as when a card of the colour is shown. */
static void
test_done(void **state)
{
	struct fx *f = deal(4, 0, NULL);

	(void)state;
	fx_ok(f, 0, "!play WLC red");
	fx_refused(f, 0, "done", "only the WLC's player stops turning put "
	    "cards over, once all are in");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 2, "put r5");
	fx_ok(f, 3, "put b2");
	assert_said(f, 0, "Your turn: turn the put cards over, one at a time: "
	    "challenge NICK ({p:1}, {p:2}, {p:3}), or stop: done. Hand (2): "
	    "{yel:y2} {grn:~g5}");
	fx_refused(f, 1, "done", "only the WLC's player stops turning put "
	    "cards over, once all are in");
	fx_refused(f, 0, "done now", "done takes no arguments");
	fx_ok(f, 0, "challenge {p:1}");
	fx_ok(f, 0, "!done");
	assert_said(f, GAME_PUBLIC, "{p:0} is done: under the WLC go the "
	    "cards of {p:2}, {p:3}. {p:1} to play.");
	assert_lx_cards(f, -2, "y9 r5 b2 WLC");
	assert_lx_cards(f, -3, "");
	assert_lx_cards(f, 3, "g7 ~+4");
	assert_lx_cards(f, 1, "y1 g4 ~g3 b1 WLC");
	assert_lx_top(f, "red WLC");
	lx_assert_turn(f, 1, 0, -1);
	fx_refused(f, 0, "done", "only the WLC's player stops turning put "
	    "cards over, once all are in");
	fx_free(f);

	/* Before turning any, in private: every card goes under. */
	f = deal(3, 1, NULL);
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 2, "put r5");
	fx_ok(f, 0, "done");
	assert_said(f, GAME_PUBLIC, "{p:0} is done: under the WLC go the "
	    "cards of {p:1}, {p:2}. {p:2} to play.");
	assert_lx_cards(f, -2, "y9 ~g3 r5 WLC");
	fx_free(f);
}

/* A last card that goes under unturned because its player is done
 * wins, as any card going under does. */
static void
test_done_last_card(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "WLC y2 ~g5", "~g3 r1", "g7" },
		.discard = "y9", .draw = "b1", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put r1");
	fx_ok(f, 2, "put g7");
	fx_ok(f, 0, "done");
	assert_said(f, GAME_PUBLIC, "{p:0} is done: under the WLC go the "
	    "cards of {p:1}, {p:2}. {p:2} goes out, scoring 10.");
	lx_assert_over(f, (const int[]){ 3, 2, 1 }, 2,
	    (const int[]){ 0, 0, 10 });
	fx_free(f);
}

/* The put cards' time runs out: the table puts for whoever has not,
 * the first card of the colour in the sorted hand, else the first
 * card (a lie). */
static void
test_put_timeout(void **state)
{
	struct fx *f = deal(4, 0, NULL);

	(void)state;
	fx_ok(f, 0, "!play WLC green");
	fx_ok(f, 2, "put ~r8");
	assert_string_equal(lx_timeout(f), "-1 close");
	assert_said(f, GAME_PUBLIC, "Time is up: a card is put for {p:1}, "
	    "{p:3}. All cards are in: {p:0} turns them over.");
	assert_said(f, 1, "You put {grn:g4}. Hand (3): {yel:y1} {grn:~g3} "
	    "WLC; put: {grn:g4}");
	assert_said(f, 3, "You put {grn:g7}. Hand (2): {blu:b2} ~+4; put: "
	    "{grn:g7}");
	/* Who put their own card is told nothing new. */
	assert_int_equal(fx_said_count(f, 2), 0);
	assert_lx_cards(f, -3, "g4 ~r8 g7");
	fx_free(f);

	/* No card of the colour: the first card of the sorted hand. */
	f = deal(4, 0, NULL);
	fx_ok(f, 0, "!play WLC blue");
	fx_ok(f, 1, "put y1");
	fx_ok(f, 3, "put b2");
	assert_string_equal(lx_timeout(f), "-1 close");
	assert_said(f, GAME_PUBLIC, "Time is up: a card is put for {p:2}. "
	    "All cards are in: {p:0} turns them over.");
	assert_lx_cards(f, -3, "y1 r5 b2");
	fx_free(f);
}

/* The WLC's player's time runs out: the next put card in the direction
 * of play is turned over. */
static void
test_accuse_timeout(void **state)
{
	struct fx *f = deal(4, 0, "y6 b5");

	(void)state;
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 2, "put y6");
	fx_ok(f, 3, "put b2");
	assert_string_equal(lx_timeout(f), "0 accuse 1");
	assert_said_has(f, GAME_PUBLIC, "{p:0} turns over {p:1}'s card: "
	    "{grn:~g3}, not {red:red}!");
	assert_string_equal(lx_timeout(f), "0 accuse 2");
	fx_free(f);

	f = deal(4, 1, "y6 b5");
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 2, "put y6");
	fx_ok(f, 3, "put b2");
	assert_string_equal(lx_timeout(f), "0 accuse 3");
	assert_string_equal(lx_timeout(f), "0 accuse 2");
	assert_string_equal(lx_timeout(f), "0 accuse 1");
	assert_said_has(f, GAME_PUBLIC, "{p:3} to play.");
	fx_free(f);
}

/* The WLC's player leaves: the put cards go back and play goes on
 * after its seat.  Another player leaving takes no further part: once
 * the rest are in, the turning over begins. */
static void
test_leave(void **state)
{
	struct fx *f = deal(4, 0, NULL);

	(void)state;
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 2, "put r5");
	fx_move_ok(f, "0 leave");
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; 2 cards go "
	    "under the draw pile. The Wild Liar's Challenge is off: the put "
	    "cards go back. {p:1} to play.");
	assert_lx_cards(f, 1, "y1 g4 ~g3 WLC");
	assert_lx_cards(f, 2, "r5 ~r8 y6");
	assert_lx_cards(f, -3, "");
	assert_lx_top(f, "red WLC");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);

	f = deal(4, 0, NULL);
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 3, "put b2");
	fx_move_ok(f, "2 leave");
	assert_said(f, GAME_PUBLIC, "{p:2} leaves the game; 3 cards go "
	    "under the draw pile. All cards are in: {p:0} turns them over.");
	lx_assert_turn(f, 0, 0, -1);
	fx_refused(f, 0, "challenge {p:2}", "that player is not in the game");
	/* A put card's owner leaving once turned over is pending. */
	fx_move_ok(f, "3 leave");
	assert_said(f, GAME_PUBLIC, "{p:3} leaves the game; 3 cards go "
	    "under the draw pile.");
	fx_ok(f, 0, "challenge {p:1}");
	assert_said_has(f, GAME_PUBLIC, "{p:1} takes it back and draws a "
	    "card. {p:1} to play.");
	fx_free(f);

	/* The last card not turned over leaving ends the challenge. */
	f = deal(4, 0, "y6 b5");
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 2, "put y6");
	fx_ok(f, 3, "put b2");
	fx_ok(f, 0, "challenge {p:1}");
	fx_ok(f, 0, "challenge {p:2}");
	fx_move_ok(f, "3 leave");
	assert_said(f, GAME_PUBLIC, "{p:3} leaves the game; 3 cards go "
	    "under the draw pile. {p:1} to play.");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_last_card),
		T(test_put),
		T(test_put_colour),
		T(test_caught_then_colour),
		T(test_everyone_caught),
		T(test_caught_nothing_to_draw),
		T(test_shared_win),
		T(test_last_card_put),
		T(test_unturned_last_card),
		T(test_put_timeout),
		T(test_accuse_timeout),
		T(test_done),
		T(test_done_last_card),
		T(test_leave),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
