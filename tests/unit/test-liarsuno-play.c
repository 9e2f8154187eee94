/*
 * Unit tests for games/liarsuno*.c with stacked decks, a turn's plays:
 * Regular Cards face up matching by colour, number or symbol (in the
 * channel or in private), Liar's Cards face down with a claim, true or
 * false, that must be plausible (the top's colour or symbol, or a Wild
 * Draw Four with its colour) and becomes the card to match; a Regular
 * Card slipped face down; drawing (allowed with a playable card), then
 * playing the card drawn or passing; and the draw pile made anew from
 * the discard pile but its top (and the open face-down card's under
 * card), or drawing what there is.
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

/* Three players, seat 0 first on a red 9; the draw pile starts with
 * draw. */
static struct fx *
deal3(const char *draw)
{
	struct liarsuno_deal d = {
		.hands = { "r4 ~r5 ~g3 ~g9 y2 y9 ~rS",
		    "y4 ~y5 g2 ~b7 b4 ~bR r1", "b5 b6 ~b6 g6 ~g+2 ~+4 WLC" },
		.discard = "r9", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	d.draw = draw;
	lx_stack(f, &d);
	return f;
}

/* Face up by colour in the channel, by number in private (shown all
 * the same); a card that matches neither is refused. */
static void
test_face_up(void **state)
{
	struct fx *f = deal3("b1 y7");

	(void)state;
	fx_refused(f, 0, "!play y2", "y2 does not match r9");
	fx_ok(f, 0, "!play r4");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r4}. {p:1} to "
	    "play.");
	/* The player knows what they played: their hand is not sent
	 * again until they are asked to act. */
	assert_int_equal(fx_said_count(f, 0), 0);
	assert_said(f, 1, "Your turn, on {red:r4}: play CARD, play CARD "
	    "as CLAIM (to me), or draw. Hand (7): {red:r1} {yel:y4 ~y5} "
	    "{grn:g2} {blu:b4 ~b7 ~bR}");
	assert_int_equal(fx_said_count(f, 2), 0);
	assert_lx_top(f, "r4");
	assert_lx_cards(f, -2, "r9 r4");
	lx_assert_turn(f, 1, 0, -1);
	fx_ok(f, 1, "play y4");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {yel:y4}. {p:2} to "
	    "play.");
	assert_lx_top(f, "y4");
	fx_refused(f, 2, "!play b5", "b5 does not match y4");
	fx_free(f);
}

/* A Liar's Card goes face down, in private only: typed in the channel
 * it is refused, claim or none. */
static void
test_liar_in_channel(void **state)
{
	struct fx *f = deal3("b1 y7");

	(void)state;
	fx_refused(f, 0, "!play ~r5", "a Liar's Card is played face down: "
	    "send 'play ~r5 as CLAIM' to me in private");
	fx_refused(f, 0, "!play ~g3 as r6", "a card goes face down in "
	    "private: send 'play ~g3 as r6' to me");
	fx_refused(f, 0, "!play r4 as r6", "a card goes face down in "
	    "private: send 'play r4 as r6' to me");
	/* Actions are Liar's Cards with or without the mark. */
	fx_refused(f, 0, "!play rs", "a Liar's Card is played face down: "
	    "send 'play rs as CLAIM' to me in private");
	assert_lx_cards(f, 0, "r4 ~r5 ~rS y2 y9 ~g3 ~g9");
	fx_free(f);
}

/* A Liar's Card without a claim claims what it is, a true claim; the
 * channel sees only the claim, and its player, who knows the card, is
 * told nothing more. */
static void
test_face_down_true(void **state)
{
	struct fx *f = deal3("b1 y7");

	(void)state;
	fx_ok(f, 0, "play ~r5");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r5}\". {p:1} to play.");
	assert_int_equal(fx_said_count(f, 0), 0);
	assert_lx_cards(f, 0, "r4 ~rS y2 y9 ~g3 ~g9");
	assert_lx_top(f, "r5");
	assert_lx_cards(f, -2, "r9 ~r5");
	/* Open to a challenge from everyone but its player. */
	lx_assert_turn(f, 1, 0x6, 0);
	fx_free(f);
}

/* A false claim, plausible by colour, becomes the card to match: a 6 of
 * any colour matches it, the card's real colour does not. */
static void
test_face_down_lie(void **state)
{
	struct fx *f = deal3("b1 y7");

	(void)state;
	fx_ok(f, 0, "play lg3 as r6");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r6}\". {p:1} to play.");
	assert_int_equal(fx_said_count(f, 0), 0);
	assert_lx_cards(f, 0, "r4 ~r5 ~rS y2 y9 ~g9");
	assert_lx_top(f, "r6");
	fx_refused(f, 1, "!play g2", "g2 does not match r6");
	fx_ok(f, 1, "draw");
	fx_ok(f, 1, "pass");
	fx_ok(f, 2, "!play g6");
	assert_lx_top(f, "g6");
	fx_free(f);

	/* By symbol: the top's number in another colour. */
	f = deal3("b1 y7");
	fx_ok(f, 0, "play ~g3 as g9");
	assert_lx_top(f, "g9");
	fx_ok(f, 1, "!play g2");
	fx_free(f);
}

/* A claim must be plausible on the top card: its colour or symbol, or
 * a Wild Draw Four, which names a colour; never a WLC. */
static void
test_implausible(void **state)
{
	struct fx *f = deal3("b1 y7");

	(void)state;
	fx_refused(f, 0, "play ~g3 as g7", "'g7' is not plausible on r9: "
	    "claim a card of its colour or symbol, or +4");
	fx_refused(f, 0, "play ~g3 as bS", "'bS' is not plausible on r9: "
	    "claim a card of its colour or symbol, or +4");
	/* A Liar's Card claimed as itself is judged the same way. */
	fx_refused(f, 0, "play ~g3", "'g3' is not plausible on r9: claim a "
	    "card of its colour or symbol, or +4");
	fx_refused(f, 0, "play ~g3 as WLC", "a WLC is always played face up: "
	    "no claim can be one");
	fx_refused(f, 0, "play ~g3 as +4", "a wild names the colour to play "
	    "next: red, yellow, green or blue");
	fx_refused(f, 0, "play ~g3 as r6 blue", "only a wild names a "
	    "colour");
	fx_refused(f, 0, "play ~g3 as", "say what you claim: play ~g3 as r7");
	fx_refused(f, 0, "play ~g3 as q7", "unknown claim 'q7': say what the "
	    "card is, a colour's initial and a number or S, R, +2 (r7, bS), "
	    "or +4");
	assert_lx_cards(f, 0, "r4 ~r5 ~rS y2 y9 ~g3 ~g9");
	/* +4 is plausible on anything, with its colour. */
	fx_ok(f, 0, "play ~g3 as +4 yel");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"+4\", naming {yel:yellow}. Challenge it, or it takes "
	    "effect.");
	assert_lx_top(f, "yellow +4");
	fx_free(f);
}

/* The rules forbid a Regular Card face down, but the bot takes it (the
 * penalty comes if it is caught, test-liarsuno-challenge.c): the
 * channel sees a claim like any other. */
static void
test_regular_face_down(void **state)
{
	struct fx *f = deal3("b1 y7");

	(void)state;
	fx_ok(f, 0, "play y9 as r9");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r9}\". {p:1} to play.");
	assert_int_equal(fx_said_count(f, 0), 0);
	assert_lx_cards(f, 0, "r4 ~r5 ~rS y2 ~g3 ~g9");
	lx_assert_turn(f, 1, 0x6, 0);
	fx_free(f);
}

/* Drawing, even with a playable card: only the card drawn may be
 * played then, or kept with pass.  The channel learns neither the card
 * nor whether it could be played. */
static void
test_draw_pass(void **state)
{
	struct fx *f = deal3("b1 y7");

	(void)state;
	fx_refused(f, 0, "pass", "pass keeps a card you drew: draw first");
	fx_ok(f, 0, "!draw");
	assert_said(f, GAME_PUBLIC, "{p:0} draws a card.");
	assert_said(f, 0, "Your turn: you drew {blu:b1}: play it on {red:r9}, or "
	    "pass. Hand (8): {red:r4 ~r5 ~rS} {yel:y2 y9} {grn:~g3 ~g9} "
	    "{blu:b1}");
	lx_assert_turn(f, 0, 0, -1);
	fx_refused(f, 0, "draw", "you have drawn: play that card, or pass");
	fx_refused(f, 0, "!play r4", "after a draw you may play only the "
	    "card drawn, b1, or pass");
	fx_refused(f, 0, "!play b1", "b1 does not match r9");
	fx_refused(f, 1, "pass", "pass keeps a card you drew: draw first");
	fx_ok(f, 0, "keep");
	assert_said(f, GAME_PUBLIC, "{p:0} keeps the card. {p:1} to "
	    "play.");
	assert_lx_cards(f, 0, "r4 ~r5 ~rS y2 y9 ~g3 ~g9 b1");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);
}

/* The card drawn may be played, face down with a claim too; of two
 * copies of a card in hand, the one drawn is played. */
static void
test_draw_play(void **state)
{
	struct fx *f = deal3("~rS ~b2 y7");

	(void)state;
	fx_ok(f, 0, "draw");
	assert_said(f, 0, "Your turn: you drew {red:~rS}: play it on {red:r9}, or "
	    "pass. Hand (8): {red:r4 ~r5 ~rS ~rS} {yel:y2 y9} {grn:~g3 "
	    "~g9}");
	fx_ok(f, 0, "play ~rS");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:rS}\". Challenge it, or it takes effect.");
	assert_lx_cards(f, 0, "r4 ~r5 ~rS y2 y9 ~g3 ~g9");
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: {p:1} "
	    "is skipped. {p:2} to play.");
	fx_ok(f, 2, "draw");
	fx_ok(f, 2, "play ~b2 as r2");
	assert_said(f, GAME_PUBLIC, "{p:2} plays a card face down: "
	    "\"{red:r2}\". {p:0} to play.");
	assert_lx_cards(f, 2, "g6 ~g+2 b5 b6 ~b6 ~+4 WLC");
	assert_lx_top(f, "r2");
	fx_free(f);
}

/* The draw pile runs out: the discard pile but its top is shuffled
 * into a new one, and the channel is told. */
static void
test_refill(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "r4 r5 ~r6", "y4 y5" }, .draw = "b1", .first = 0,
	};
	struct fx *f = lx_new(2, 1);
	char discard[1024];

	(void)state;
	snprintf(discard, sizeof discard, "%s r9",
	    lx_rest(f, "r4 r5 ~r6 y4 y5 b1 r9"));
	d.discard = discard;
	lx_stack(f, &d);
	assert_int_equal(lx_count(f, -1), 1);
	assert_int_equal(lx_count(f, -2), 106);
	fx_ok(f, 0, "draw");
	fx_ok(f, 0, "pass");
	assert_int_equal(lx_count(f, -1), 0);
	fx_ok(f, 1, "draw");
	assert_said(f, GAME_PUBLIC, "{p:1} draws a card. The draw pile "
	    "ran out: the discard pile but its top was shuffled into a new "
	    "one.");
	assert_lx_cards(f, -2, "r9");
	assert_int_equal(lx_count(f, -1), 104);
	assert_int_equal(lx_count(f, 1), 3);
	fx_free(f);
}

/* While the top card is face down and open to a challenge, the card
 * under it stays on the discard pile too (here for an UNO caught before
 * the challenge): caught, the card is taken back and the one under it
 * is the card to match again. */
static void
test_refill_under_open_card(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "~g3 r4", "y4 y5 y6" }, .first = 0,
	};
	struct fx *f = lx_new(2, 1);
	char discard[1024];

	(void)state;
	snprintf(discard, sizeof discard, "%s r8 r9",
	    lx_rest(f, "~g3 r4 y4 y5 y6 r8 r9"));
	d.discard = discard;
	lx_stack(f, &d);
	assert_int_equal(lx_count(f, -1), 0);
	fx_ok(f, 0, "play ~g3 as r6");
	fx_ok(f, 1, "uno");
	assert_said(f, GAME_PUBLIC, "{p:1} calls UNO first! {p:0} draws two "
	    "cards. The draw pile ran out: the discard pile but its top was "
	    "shuffled into a new one.");
	assert_lx_cards(f, -2, "r9 ~g3");
	assert_int_equal(lx_count(f, 0), 3);
	fx_ok(f, 1, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: "
	    "{red:r9}.");
	assert_lx_cards(f, -2, "r9");
	assert_lx_top(f, "r9");
	assert_int_equal(lx_count(f, 0), 5);
	fx_free(f);
}

/* With too few cards anywhere, a draw takes what there is, and a draw
 * with nothing to draw passes the turn.  A Draw Two that stands may
 * draw the card under it: only the top stays. */
static void
test_nothing_to_draw(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "~r+2 r4 r5 ~+4" }, .discard = "r9", .first = 0,
	};
	struct fx *f = lx_new(2, 1);

	(void)state;
	d.hands[1] = lx_rest(f, "~r+2 r4 r5 ~+4 r9");
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~r+2");
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: {p:1} "
	    "draws a card, all there is, and is skipped. {p:0} to play. The "
	    "draw pile ran out: the discard pile but its top was shuffled "
	    "into a new one.");
	assert_said_has(f, 1, "You draw {red:r9}. Hand (108): ");
	assert_int_equal(lx_count(f, -1), 0);
	assert_lx_cards(f, -2, "~r+2");
	fx_free(f);

	/* Only the discard pile's top: nothing to draw. */
	f = lx_new(2, 1);
	d.hands[1] = lx_rest(f, "~r+2 r4 r5 ~+4 r9");
	lx_stack(f, &d);
	fx_ok(f, 0, "!draw");
	assert_said(f, GAME_PUBLIC, "{p:0} has nothing to draw and "
	    "passes. {p:1} to play.");
	assert_int_equal(fx_said_count(f, 0), 0);
	lx_assert_turn(f, 1, 0, -1);
	assert_lx_cards(f, -2, "r9");
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_face_up),
		T(test_liar_in_channel),
		T(test_face_down_true),
		T(test_face_down_lie),
		T(test_implausible),
		T(test_regular_face_down),
		T(test_draw_pass),
		T(test_draw_play),
		T(test_refill),
		T(test_refill_under_open_card),
		T(test_nothing_to_draw),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
