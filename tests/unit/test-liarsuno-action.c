/*
 * Unit tests for games/liarsuno*.c with stacked decks, the action cards:
 * Skip, Reverse (a skip with two players, and the direction it leaves),
 * Draw Two, and the Wild Draw Four with the colour it names (matched by
 * the colour or another +4).  A claimed action takes effect only once
 * its card stands: nobody plays while it may be challenged, and it
 * stands when the window closes unchallenged or a challenge shows it
 * true.  A lie caught, or a Regular Card played face down and caught,
 * is taken back and does nothing: the next player plays, on the card
 * under it.  An UNO call owed with the play may be called or caught
 * while the window is open, and stands after it.
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

/* Three players (or two), seat 0 first on a red 9; the draw pile starts
 * b1 b2 b3 b4 b5 b6. */
static struct fx *
deal(int nseats)
{
	struct liarsuno_deal d = {
		.hands = { "~rS ~rR ~r+2 ~+4 ~g3 y2", "y4 ~y5 r1 b9",
		    "g6 ~g7 y6 b8 ~+4" },
		.discard = "r9", .draw = "b1 b2 b3 b4 b5 b6", .first = 0,
	};
	struct fx *f = lx_new(nseats, nseats - 1);

	if (nseats == 2)
		d.hands[1] = "y4 ~y5 r1 b9 g6 ~g7 y6 b8";
	lx_stack(f, &d);
	return f;
}

/* Skip, true: nobody plays while it may be challenged; unchallenged, it
 * stands when the window closes and the next player loses the turn. */
static void
test_skip(void **state)
{
	struct fx *f = deal(3);

	(void)state;
	fx_ok(f, 0, "play ~rS");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:rS}\". Challenge it, or it takes effect.");
	/* Nobody is asked to play yet. */
	assert_int_equal(fx_said_count(f, 1), 0);
	assert_int_equal(fx_said_count(f, 2), 0);
	lx_assert_turn(f, -1, 0x6, 0);
	assert_lx_top(f, "rS");
	fx_refused(f, 1, "draw", "wait: a face-down card may still be "
	    "challenged");
	fx_refused(f, 2, "!play y6", "wait: a face-down card may still be "
	    "challenged");
	fx_refused(f, 0, "challenge", "that card is your own");
	fx_move_refused(f, "1 close", "there is nothing for the table to "
	    "close");
	assert_string_equal(lx_timeout(f), "-1 close");
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: {p:1} "
	    "is skipped. {p:2} to play.");
	assert_said(f, 2, "Your turn, on {red:rS}: play CARD, play CARD as "
	    "CLAIM (to me), or draw. Hand (5): {yel:y6} {grn:g6 ~g7} "
	    "{blu:b8} ~+4");
	lx_assert_turn(f, 2, 0, -1);
	fx_refused(f, 1, "challenge", "there is no face-down card to "
	    "challenge");
	/* A Skip of another colour matches a Skip. */
	fx_ok(f, 2, "play ~g7 as bS");
	lx_assert_turn(f, -1, 0x3, 2);
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:2}'s card: {p:0} "
	    "is skipped. {p:1} to play.");
	fx_free(f);

	/* Challenged and true: the challenger draws, then it stands. */
	f = deal(3);
	fx_ok(f, 0, "play ~rS");
	fx_ok(f, 1, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: {red:~rS}, "
	    "true! {p:1} draws a card. {p:1} is skipped. {p:2} to play.");
	lx_assert_turn(f, 2, 0, -1);
	assert_lx_cards(f, 1, "r1 y4 ~y5 b1 b9");
	fx_free(f);
}

/* A Skip claimed falsely: unchallenged it stands and skips; caught, it
 * is taken back and the next player plays, on the card under it. */
static void
test_skip_lie(void **state)
{
	struct fx *f = deal(3);

	(void)state;
	fx_ok(f, 0, "play ~g3 as rS");
	lx_assert_turn(f, -1, 0x6, 0);
	lx_timeout(f);
	lx_assert_turn(f, 2, 0, -1);
	assert_lx_top(f, "rS");
	fx_free(f);

	f = deal(3);
	fx_ok(f, 0, "play ~g3 as rS");
	fx_ok(f, 1, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: {red:r9}. "
	    "{p:1} to play.");
	assert_said(f, 1, "Your turn, on {red:r9}: play CARD, play CARD as "
	    "CLAIM (to me), or draw. Hand (4): {red:r1} {yel:y4 ~y5} "
	    "{blu:b9}");
	lx_assert_turn(f, 1, 0, -1);
	assert_lx_top(f, "r9");
	fx_free(f);
}

/* Reverse: once it stands, the direction changes and the player before
 * goes next; caught, the direction stays. */
static void
test_reverse(void **state)
{
	struct fx *f = deal(3);

	(void)state;
	fx_ok(f, 0, "play ~rR");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:rR}\". Challenge it, or it takes effect.");
	assert_false(liarsuno_reversed(f->g));
	lx_assert_turn(f, -1, 0x6, 0);
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: Play "
	    "reverses. {p:2} to play.");
	assert_true(liarsuno_reversed(f->g));
	lx_assert_turn(f, 2, 0, -1);
	fx_ok(f, 2, "draw");
	fx_ok(f, 2, "pass");
	lx_assert_turn(f, 1, 0, -1);
	/* A Reverse again, claimed on the Reverse by symbol, and a lie:
	 * the direction stays as it was, and so does who is next. */
	fx_ok(f, 1, "play ~y5 as yR");
	assert_true(liarsuno_reversed(f->g));
	lx_assert_turn(f, -1, 0x5, 1);
	fx_ok(f, 0, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:0} challenges {p:1}: {yel:~y5}, a "
	    "lie! {p:1} takes it back and draws a card. To match: {red:rR}. "
	    "{p:0} to play.");
	assert_true(liarsuno_reversed(f->g));
	lx_assert_turn(f, 0, 0, -1);
	fx_free(f);
}

/* With two players a Reverse is a Skip: the player goes again, once it
 * stands; caught, the other player plays. */
static void
test_reverse_two(void **state)
{
	struct fx *f = deal(2);

	(void)state;
	fx_ok(f, 0, "play ~rR");
	lx_assert_turn(f, -1, 0x2, 0);
	assert_int_equal(fx_said_count(f, 0), 0);
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: Play "
	    "reverses: a skip for two. {p:0} to play.");
	/* Its player acts next: asked, with the hand. */
	assert_said(f, 0, "Your turn, on {red:rR}: play CARD, play CARD as "
	    "CLAIM (to me), or draw. Hand (5): {red:~rS ~r+2} {yel:y2} "
	    "{grn:~g3} ~+4");
	lx_assert_turn(f, 0, 0, -1);
	fx_ok(f, 0, "play ~rS");
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: {p:1} "
	    "is skipped. {p:0} to play.");
	/* The same face on itself changes nothing to match, and the turn
	 * comes back: the player is asked all the same. */
	fx_ok(f, 0, "play ~g3 as rS");
	lx_timeout(f);
	assert_said(f, 0, "Your turn, on {red:rS}: play CARD, play CARD as "
	    "CLAIM (to me), or draw. Hand (3): {red:~r+2} {yel:y2} ~+4");
	assert_int_equal(fx_said_count(f, 1), 0);
	fx_free(f);

	f = deal(2);
	fx_ok(f, 0, "play ~g3 as rR");
	fx_ok(f, 1, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: {red:r9}. "
	    "{p:1} to play.");
	assert_false(liarsuno_reversed(f->g));
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);
}

/* Draw Two: once it stands, the next player draws two and loses the
 * turn; caught, the next player draws nothing and plays. */
static void
test_draw_two(void **state)
{
	struct fx *f = deal(3);

	(void)state;
	fx_ok(f, 0, "play ~r+2");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r+2}\". Challenge it, or it takes effect.");
	assert_int_equal(fx_said_count(f, 1), 0);
	assert_lx_cards(f, 1, "r1 y4 ~y5 b9");
	lx_assert_turn(f, -1, 0x6, 0);
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: {p:1} "
	    "draws two cards and is skipped. {p:2} to play.");
	assert_said(f, 1, "You draw {blu:b1} {blu:b2}. Hand (6): {red:r1} "
	    "{yel:y4 ~y5} {blu:b1 b2 b9}");
	lx_assert_turn(f, 2, 0, -1);
	fx_free(f);

	/* The lie caught: no draws, and the victim's turn. */
	f = deal(3);
	fx_ok(f, 0, "play ~g3 as r+2");
	fx_ok(f, 1, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: {red:r9}. "
	    "{p:1} to play.");
	assert_lx_cards(f, 1, "r1 y4 ~y5 b9");
	assert_lx_cards(f, 0, "~rS ~rR ~r+2 y2 ~g3 b1 ~+4");
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);

	/* True and challenged by another: the challenger draws one, then
	 * the victim two. */
	f = deal(3);
	fx_ok(f, 0, "play ~r+2");
	fx_ok(f, 2, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:2} challenges {p:0}: {red:~r+2}, "
	    "true! {p:2} draws a card. {p:1} draws two cards and is skipped. "
	    "{p:2} to play.");
	assert_lx_cards(f, 1, "r1 y4 ~y5 b2 b3 b9");
	assert_int_equal(lx_count(f, 2), 6);
	lx_assert_turn(f, 2, 0, -1);
	fx_free(f);
}

/* Wild Draw Four: names the colour, and once it stands the next player
 * draws four and is skipped; the colour or another +4 matches it,
 * nothing else. */
static void
test_wild_draw_four(void **state)
{
	struct fx *f = deal(3);

	(void)state;
	fx_refused(f, 0, "play ~+4", "a wild names the colour to play next: "
	    "red, yellow, green or blue");
	fx_ok(f, 0, "play ~+4 blue");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"+4\", naming {blu:blue}. Challenge it, or it takes effect.");
	assert_lx_top(f, "blue +4");
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: {p:1} "
	    "draws four cards and is skipped. {p:2} to play.");
	assert_said(f, 1, "You draw {blu:b1} {blu:b2} {blu:b3} {blu:b4}. "
	    "Hand (8): {red:r1} {yel:y4 ~y5} {blu:b1 b2 b3 b4 b9}");
	assert_said(f, 2, "Your turn, on {blu:blue} (+4): play CARD, play "
	    "CARD as CLAIM (to me), or draw. Hand (5): {yel:y6} {grn:g6 "
	    "~g7} {blu:b8} ~+4");
	fx_refused(f, 2, "!play y6", "y6 does not match blue (+4)");
	fx_refused(f, 2, "play ~g7 as g7", "'g7' is not plausible on blue "
	    "(+4): claim a card of its colour or symbol, or +4");
	fx_ok(f, 2, "play ~+4 green");
	assert_lx_top(f, "green +4");
	lx_assert_turn(f, -1, 0x3, 2);
	fx_free(f);

	f = deal(3);
	fx_ok(f, 0, "play ~+4 blue");
	lx_timeout(f);
	fx_ok(f, 2, "!play b8");
	assert_lx_top(f, "b8");
	fx_free(f);
}

/* A Wild Draw Four as a lie: caught, the liar takes it back and draws
 * one, the caller draws nothing and plays, on the colour before (a right
 * call costs no cards and no turn); a Regular Card so played, back and
 * six; true and challenged, the challenger draws one, then the four
 * stand. */
static void
test_wild_draw_four_challenged(void **state)
{
	struct fx *f = deal(3);

	(void)state;
	fx_ok(f, 0, "play ~g3 as +4 green");
	fx_ok(f, 1, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: {grn:~g3}, a "
	    "lie! {p:0} takes it back and draws a card. To match: {red:r9}. "
	    "{p:1} to play.");
	assert_int_equal(lx_count(f, 1), 4);
	assert_int_equal(lx_count(f, 0), 7);
	lx_assert_turn(f, 1, 0, -1);
	assert_lx_top(f, "r9");
	fx_free(f);

	f = deal(3);
	fx_ok(f, 0, "play y2 as +4 green");
	fx_ok(f, 2, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:2} challenges {p:0}: {yel:y2}, a "
	    "Regular Card played face down! {p:0} takes it back and draws "
	    "six cards. To match: {red:r9}. {p:1} to play.");
	assert_int_equal(lx_count(f, 1), 4);
	assert_int_equal(lx_count(f, 0), 12);
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);

	f = deal(3);
	fx_ok(f, 0, "play ~+4 green");
	fx_ok(f, 1, "challenge");
	assert_said(f, GAME_PUBLIC, "{p:1} challenges {p:0}: ~+4, true! "
	    "{p:1} draws a card. {p:1} draws four cards and is skipped. {p:2} "
	    "to play.");
	assert_int_equal(lx_count(f, 1), 9);
	assert_lx_top(f, "green +4");
	lx_assert_turn(f, 2, 0, -1);
	fx_free(f);
}

/* An UNO call owed with an action: it may be called or caught while
 * the window is open, and what is left owed stands after the card. */
static void
test_uno_owed(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "~r+2 y2", "y4 ~y5 r1 b9", "g6 ~g7 y6 b8" },
		.discard = "r9", .draw = "b1 b2 b3 b4", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~r+2");
	assert_said(f, GAME_PUBLIC, "{p:0} plays a card face down: "
	    "\"{red:r+2}\". Challenge it, or it takes effect. {p:0} has one "
	    "card and owes an UNO call.");
	assert_int_equal(liarsuno_uno_due(f->g), 1u << 0);
	lx_assert_turn(f, -1, 0x7, 0);
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: {p:1} "
	    "draws two cards and is skipped. {p:0} has one card and owes an "
	    "UNO call. {p:2} to play.");
	assert_int_equal(liarsuno_uno_due(f->g), 1u << 0);
	lx_assert_turn(f, 2, 0x3, 0);
	fx_ok(f, 1, "uno");
	assert_int_equal(lx_count(f, 0), 3);
	fx_free(f);

	/* Called during the window: safe, and not owed again after. */
	f = lx_new(3, 2);
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~r+2");
	fx_ok(f, 0, "uno");
	assert_said(f, GAME_PUBLIC, "{p:0} calls UNO!");
	lx_assert_turn(f, -1, 0x6, 0);
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: {p:1} "
	    "draws two cards and is skipped. {p:2} to play.");
	assert_int_equal(liarsuno_uno_due(f->g), 0);
	fx_free(f);

	/* Caught during the window: two cards, then the card stands. */
	f = lx_new(3, 2);
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~r+2");
	fx_ok(f, 2, "uno");
	assert_said(f, GAME_PUBLIC, "{p:2} calls UNO first! {p:0} draws two "
	    "cards.");
	lx_assert_turn(f, -1, 0x6, 0);
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: {p:1} "
	    "draws two cards and is skipped. {p:2} to play.");
	assert_lx_cards(f, 0, "y2 b1 b2");
	assert_lx_cards(f, 1, "r1 y4 ~y5 b3 b4 b9");
	fx_free(f);
}

/* The player of a face-down action leaving: the card can no longer be
 * challenged, so it stands.  The next player leaving first: the action
 * falls on the player after. */
static void
test_leave(void **state)
{
	struct fx *f = deal(3);

	(void)state;
	fx_ok(f, 0, "play ~r+2");
	fx_move_ok(f, "0 leave");
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; 5 cards go "
	    "under the draw pile. {p:0}'s card stands: {p:1} draws two cards "
	    "and is skipped. {p:2} to play.");
	assert_lx_cards(f, 1, "r1 y4 ~y5 b1 b2 b9");
	lx_assert_turn(f, 2, 0, -1);
	fx_free(f);

	f = deal(3);
	fx_ok(f, 0, "play ~rR");
	fx_move_ok(f, "0 leave");
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; 5 cards go "
	    "under the draw pile. {p:0}'s card stands: Play reverses. {p:2} "
	    "to play.");
	lx_assert_turn(f, 2, 0, -1);
	fx_free(f);

	f = deal(3);
	fx_ok(f, 0, "play ~rS");
	fx_move_ok(f, "1 leave");
	lx_assert_turn(f, -1, 0x4, 0);
	lx_timeout(f);
	assert_said(f, GAME_PUBLIC, "Nobody challenges {p:0}'s card: {p:2} "
	    "is skipped. {p:0} to play.");
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_skip),
		T(test_skip_lie),
		T(test_reverse),
		T(test_reverse_two),
		T(test_draw_two),
		T(test_wild_draw_four),
		T(test_wild_draw_four_challenged),
		T(test_uno_owed),
		T(test_leave),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
