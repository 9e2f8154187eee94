/*
 * Unit tests for games/liarsuno*.c with stacked decks, UNO calls: with
 * the play of the last card but one (face up or down), right after it,
 * caught by another player first (who makes whoever owes draw two),
 * missed with nobody calling (the call lapses at the next player's
 * move), refused when nobody owes; owed after a swap or a pass of
 * hands, two at once settled by one call; a call beside an open
 * challenge, and a debt that a caught lie cancels.
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

/* Three players, seat 0 first with two cards on a red 9; the draw pile
 * starts b1 b2 b3. */
static struct fx *
deal(const char *hand0, const char *hand2)
{
	struct liarsuno_deal d = {
		.hands = { NULL, "y4 ~y5 r1", NULL }, .discard = "r9",
		.draw = "b1 b2 b3", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	d.hands[0] = hand0;
	d.hands[2] = hand2;
	lx_stack(f, &d);
	return f;
}

/* uno is an aside: it never takes the turn nor waits for a window. */
static void
test_aside(void **state)
{
	int uno = -1, challenge = -1, i;

	(void)state;
	for (i = 0; liarsuno_ops.verbs[i] != NULL; i++) {
		if (strcmp(liarsuno_ops.verbs[i], "uno") == 0)
			uno = i;
		if (strcmp(liarsuno_ops.verbs[i], "challenge") == 0)
			challenge = i;
	}
	assert_true(uno > 0 && challenge > 0);
	assert_int_equal(liarsuno_ops.asides, 1u << uno);
	assert_int_equal(liarsuno_ops.reactions, 1u << challenge);
}

/* With the play: nobody owes; uno is refused with no penalty. */
static void
test_with_play(void **state)
{
	struct fx *f = deal("r4 ~g3", "g6 ~g7 b8");

	(void)state;
	fx_refused(f, 2, "uno", "nobody owes an UNO call");
	fx_ok(f, 0, "!play r4 uno");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r4}: UNO! {p:1} to "
	    "play.");
	assert_int_equal(liarsuno_uno_due(f->g), 0);
	lx_assert_turn(f, 1, 0, -1);
	fx_refused(f, 2, "uno", "nobody owes an UNO call");
	fx_refused(f, 0, "!uno", "nobody owes an UNO call");
	assert_int_equal(lx_count(f, 2), 3);
	fx_free(f);

	/* Face down, in private. */
	f = deal("r4 ~g3", "g6 ~g7 b8");
	fx_ok(f, 0, "play ~g3 as r6 uno");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r6}\": UNO! {p:1} to play.");
	assert_int_equal(liarsuno_uno_due(f->g), 0);
	fx_free(f);

	/* Only with the last card but one. */
	f = deal("r4 ~g3 r5", "g6 ~g7 b8");
	fx_refused(f, 0, "!play r4 uno", "uno goes with the play of your last "
	    "card but one");
	fx_refused(f, 0, "!play r4 uno now", "unexpected 'now': play CARD "
	    "[COLOUR] [uno]");
	fx_free(f);
}

/* Right after the play, before anyone else: safe. */
static void
test_right_after(void **state)
{
	struct fx *f = deal("r4 ~g3", "g6 ~g7 b8");

	(void)state;
	fx_ok(f, 0, "!play r4");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r4}. {p:0} has one "
	    "card and owes an UNO call. {p:1} to play.");
	assert_int_equal(liarsuno_uno_due(f->g), 1u << 0);
	lx_assert_turn(f, 1, 0x5, 0);
	fx_ok(f, 0, "uno");
	assert_said(f, GAME_PUBLIC, "{p:0} calls UNO!");
	assert_int_equal(fx_said_count(f, 0), 0);
	assert_int_equal(liarsuno_uno_due(f->g), 0);
	lx_assert_turn(f, 1, 0, -1);
	fx_refused(f, 2, "uno", "nobody owes an UNO call");
	assert_lx_cards(f, 0, "~g3");
	fx_free(f);
}

/* Caught: another player calls first, in the channel or in private,
 * the next player too; whoever owed draws two. */
static void
test_caught(void **state)
{
	struct fx *f = deal("r4 ~g3", "g6 ~g7 b8");

	(void)state;
	fx_ok(f, 0, "!play r4");
	fx_ok(f, 2, "!uno");
	assert_said(f, GAME_PUBLIC, "{p:2} calls UNO first! {p:0} draws "
	    "two cards.");
	assert_said(f, 0, "You draw {blu:b1} {blu:b2}. Hand (3): "
	    "{grn:~g3} {blu:b1 b2}");
	assert_int_equal(lx_count(f, 2), 3);
	fx_refused(f, 0, "uno", "nobody owes an UNO call");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);

	f = deal("r4 ~g3", "g6 ~g7 b8");
	fx_ok(f, 0, "!play r4");
	fx_ok(f, 1, "uno");
	assert_said(f, GAME_PUBLIC, "{p:1} calls UNO first! {p:0} draws "
	    "two cards.");
	lx_assert_turn(f, 1, 0, -1);
	fx_ok(f, 1, "!play r1");
	fx_free(f);
}

/* Missed and nobody calls: the next player's move ends the debt, with
 * no penalty; a play, a draw or a turn run out alike. */
static void
test_missed(void **state)
{
	struct fx *f = deal("r4 ~g3", "g6 ~g7 b8");

	(void)state;
	fx_ok(f, 0, "!play r4");
	fx_ok(f, 1, "!play r1");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:r1}. {p:2} to "
	    "play.");
	assert_int_equal(liarsuno_uno_due(f->g), 0);
	fx_refused(f, 2, "uno", "nobody owes an UNO call");
	fx_refused(f, 0, "uno", "nobody owes an UNO call");
	assert_lx_cards(f, 0, "~g3");
	fx_free(f);

	f = deal("r4 ~g3", "g6 ~g7 b8");
	fx_ok(f, 0, "!play r4");
	fx_ok(f, 1, "draw");
	fx_refused(f, 2, "uno", "nobody owes an UNO call");
	fx_free(f);

	f = deal("r4 ~g3", "g6 ~g7 b8");
	fx_ok(f, 0, "!play r4");
	assert_string_equal(lx_timeout(f), "-1 idle");
	assert_said(f, GAME_PUBLIC, "{p:1} draws a card and keeps it. "
	    "{p:2} to play.");
	fx_refused(f, 2, "uno", "nobody owes an UNO call");
	assert_lx_cards(f, 0, "~g3");
	fx_free(f);
}

/* A hand of one that draws and plays the card drawn is down to one
 * again: it owes the call again, or makes it with the play. */
static void
test_after_draw(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "~g3", "y4 ~y5 r1", "g6 ~g7 b8" }, .discard = "r9",
		.draw = "r2 r3", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "draw");
	fx_ok(f, 0, "!play r2");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r2}. {p:0} has one "
	    "card and owes an UNO call. {p:1} to play.");
	assert_int_equal(liarsuno_uno_due(f->g), 1u << 0);
	fx_free(f);

	f = lx_new(3, 2);
	d.draw = "r3 r2";
	lx_stack(f, &d);
	fx_ok(f, 0, "draw");
	fx_ok(f, 0, "!play r3 uno");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r3}: UNO! {p:1} to "
	    "play.");
	assert_int_equal(liarsuno_uno_due(f->g), 0);
	fx_free(f);
}

/* A call beside an open challenge leaves the window open; a lie caught
 * gives the card back, and with it the debt goes. */
static void
test_with_challenge(void **state)
{
	struct fx *f = deal("~g3 y2", "g6 ~g7 b8");

	(void)state;
	fx_ok(f, 0, "play ~g3 as r6");
	assert_said_has(f, GAME_PUBLIC, "{p:0} has one card and owes an "
	    "UNO call.");
	lx_assert_turn(f, 1, 0x7, 0);
	fx_ok(f, 0, "uno");
	lx_assert_turn(f, 1, 0x6, 0);
	fx_ok(f, 1, "challenge");
	assert_int_equal(lx_count(f, 0), 3);
	fx_free(f);

	f = deal("~g3 y2", "g6 ~g7 b8");
	fx_ok(f, 0, "play ~g3 as r6");
	fx_ok(f, 2, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:2} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: {red:r9}.");
	assert_int_equal(liarsuno_uno_due(f->g), 0);
	fx_refused(f, 2, "uno", "nobody owes an UNO call");
	fx_free(f);

	/* True and challenged: the debt stands. */
	f = deal("~r6 y2", "g6 ~g7 b8");
	fx_ok(f, 0, "play ~r6");
	fx_ok(f, 2, "challenge");
	assert_int_equal(liarsuno_uno_due(f->g), 1u << 0);
	fx_ok(f, 2, "uno");
	assert_said(f, GAME_PUBLIC, "{p:2} calls UNO first! {p:0} draws "
	    "two cards.");
	fx_free(f);
}

/* A swap that leaves a hand of one: its new holder owes the call. */
static void
test_swap(void **state)
{
	struct fx *f = deal("r7 ~g3 y2", "b8");

	(void)state;
	fx_ok(f, 0, "!play r7");
	fx_ok(f, 0, "swap {p:2}");
	assert_said(f, GAME_PUBLIC, "{p:0} and {p:2} swap hands. {p:0} has "
	    "one card and owes an UNO call. {p:1} to play.");
	assert_int_equal(liarsuno_uno_due(f->g), 1u << 0);
	fx_ok(f, 2, "uno");
	assert_said(f, GAME_PUBLIC, "{p:2} calls UNO first! {p:0} draws "
	    "two cards.");
	assert_lx_cards(f, 0, "b1 b2 b8");
	fx_free(f);
}

/* A pass of hands that leaves two hands of one: both owe, and the one
 * call settles both: its caller is safe, the other draws two. */
static void
test_zero_two_owe(void **state)
{
	struct fx *f = deal("r0 ~g3", "b8");

	(void)state;
	fx_ok(f, 0, "!play r0");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:r0}. Every hand "
	    "passes to the next player. {p:0} has one card and owes an UNO "
	    "call. {p:1} has one card and owes an UNO call. {p:1} to play.");
	assert_int_equal(liarsuno_uno_due(f->g), 0x3);
	lx_assert_turn(f, 1, 0x7, 1);
	fx_ok(f, 1, "uno");
	assert_said(f, GAME_PUBLIC, "{p:1} calls UNO! {p:0} draws two "
	    "cards.");
	assert_lx_cards(f, 0, "b1 b2 b8");
	assert_lx_cards(f, 1, "~g3");
	assert_int_equal(liarsuno_uno_due(f->g), 0);
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_aside),
		T(test_with_play),
		T(test_right_after),
		T(test_caught),
		T(test_missed),
		T(test_after_draw),
		T(test_with_challenge),
		T(test_swap),
		T(test_zero_two_owe),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
