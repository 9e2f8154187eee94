/*
 * Unit tests for games/cheater/ with stacked decks, the dice and the
 * CHEATER status: each turn's roll announced, doubles taking the status
 * (from the middle or from its holder) with Cheater Power, doubles while
 * the CHEATER losing the turn and the status, the CHEATER's turns without
 * doubles (Cheater Power, or a normal turn), Cheater Power refused to
 * anyone else, and each Cheater Power: draw two and discard two, take the
 * discard pile's top, and steal (hidden from, or the hand shown to all,
 * a card taken and kept or thrown away, the victim drawing back).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "games/cheater/cheater.h"
#include "games/game.h"
#include "tests/lib/cheater-deal.h"

/* Three seats: seat 0 is two cards from red, seat 1 holds a TAKE, seat 2
 * a HIDE; the draw pile starts bE pC bA. */
static void
deal(struct fx *f, const char *dice, int first, int cheater)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rA rT yC yH", "yE yA yT yR bC bH TAKE",
		    "pC pH pE pA pT pR HIDE" },
		.discard = "bR bT", .draw = "bE pC bA",
	};

	d.dice = dice;
	d.first = first;
	d.cheater = cheater;
	cx_stack(f, &d);
}

/* Doubles with the status in the middle: it is taken, with Cheater Power
 * for this turn; the next turns announce their rolls. */
static void
test_doubles_take_status(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "3 3 1 2 6 5 2 4", 0, -1);
	assert_said_has(f, GAME_PUBLIC, "The discard pile shows {blu:bT}. "
	    "{p:0} rolls 3 and 3. Doubles! {p:0} is the CHEATER. {p:0} to "
	    "play with Cheater Power.");
	assert_said(f, 0, "Your turn (3 and 3, Cheater Power): draw, "
	    "draw2, grab, steal NICK. Hand: {red:rC} {red:rH} {red:rE} "
	    "{red:rA} {red:rT} {yel:yC} {yel:yH} (red 5/7)");
	cx_assert_turn(f, 0, 0, -1, 0);
	fx_ok(f, 0, "draw");
	fx_ok(f, 0, "discard yC");
	assert_said(f, GAME_PUBLIC, "{p:0} discards {yel:yC}. {p:1} rolls "
	    "1 and 2. {p:1} to play.");
	assert_said(f, 1, "Your turn (1 and 2): draw, take NICK. Hand: "
	    "{yel:yE} {yel:yA} {yel:yT} {yel:yR} {blu:bC} {blu:bH} TAKE "
	    "(yellow 4/7)");
	cx_assert_turn(f, 1, 0, -1, 0);
	fx_ok(f, 1, "draw");
	fx_ok(f, 1, "discard pC");
	fx_ok(f, 2, "draw");
	fx_ok(f, 2, "discard bA");
	/* Seat 0 keeps the status: no doubles, Cheater Power again. */
	assert_said(f, GAME_PUBLIC, "{p:2} discards {blu:bA}. {p:0} rolls "
	    "2 and 4. {p:0} to play with Cheater Power.");
	cx_assert_turn(f, 0, 0, -1, 0);
	fx_free(f);
}

/* Doubles take the status from whoever holds it; its old holder plays a
 * normal turn after. */
static void
test_doubles_from_holder(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "2 2 5 6", 0, 1);
	assert_said_has(f, GAME_PUBLIC, "{p:0} rolls 2 and 2. Doubles! "
	    "{p:0} takes the CHEATER status from {p:1}. {p:0} to play with "
	    "Cheater Power.");
	cx_assert_turn(f, 0, 0, -1, 0);
	fx_ok(f, 0, "draw");
	fx_ok(f, 0, "discard bE");
	assert_said(f, GAME_PUBLIC, "{p:0} discards {blu:bE}. {p:1} rolls "
	    "5 and 6. {p:1} to play.");
	fx_refused(f, 1, "draw2", "only the CHEATER has Cheater Power");
	fx_free(f);
}

/* Doubles while the CHEATER: the turn is lost and the status goes to the
 * middle, where the next doubles find it. */
static void
test_doubles_while_cheater(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "5 5 1 2 4 3 6 6 4 4", 0, 0);
	assert_said_has(f, GAME_PUBLIC, "{p:0} rolls 5 and 5. Doubles "
	    "while the CHEATER: {p:0} loses the turn and the status. {p:1} "
	    "rolls 1 and 2. {p:1} to play.");
	cx_assert_turn(f, 1, 0, -1, -1);
	assert_cx_cards(f, 0, "rC rH rE rA rT yC yH");
	assert_int_equal(cx_count(f, -1), 47);
	fx_refused(f, 0, "draw", "it is not your turn");
	fx_ok(f, 1, "draw");
	fx_ok(f, 1, "discard bE");
	fx_ok(f, 2, "draw");
	fx_ok(f, 2, "discard pC");
	/* Seat 0 rolls doubles again, not holding it: the status is back. */
	assert_said(f, GAME_PUBLIC, "{p:2} discards {pur:pC}. {p:0} rolls "
	    "6 and 6. Doubles! {p:0} is the CHEATER. {p:0} to play with "
	    "Cheater Power.");
	cx_assert_turn(f, 0, 0, -1, 0);
	fx_free(f);

	/* The next player's doubles right after take the status. */
	f = cx_new(3, 2, 0);
	deal(f, "5 5 4 4", 0, 0);
	assert_said_has(f, GAME_PUBLIC, "{p:0} loses the turn and the "
	    "status. {p:1} rolls 4 and 4. Doubles! {p:1} is the CHEATER. "
	    "{p:1} to play with Cheater Power.");
	cx_assert_turn(f, 1, 0, -1, 1);
	fx_free(f);
}

/* The CHEATER without doubles: Cheater Power, or a normal turn. */
static void
test_cheater_normal_turn(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "6 1 2 3 1 1 3 1", 1, 1);
	assert_said_has(f, GAME_PUBLIC, "{p:1} rolls 6 and 1. {p:1} to "
	    "play with Cheater Power.");
	assert_said(f, 1, "Your turn (6 and 1, Cheater Power): draw, "
	    "draw2, grab, steal NICK, take NICK. Hand: {yel:yE} {yel:yA} "
	    "{yel:yT} {yel:yR} {blu:bC} {blu:bH} TAKE (yellow 4/7)");
	fx_ok(f, 1, "take {p:0}");
	fx_ok(f, 0, "pass");
	fx_ok(f, 1, "pick rC");
	assert_said(f, GAME_PUBLIC, "{p:1} takes {red:rC} from {p:0}, who "
	    "draws a card. {p:2} rolls 2 and 3. {p:2} to play.");
	cx_assert_turn(f, 2, 0, -1, 1);
	fx_ok(f, 2, "draw");
	fx_ok(f, 2, "discard pC");
	/* Seat 0's doubles: the status changes hands, then seat 1 plays
	 * without Cheater Power. */
	assert_said(f, GAME_PUBLIC, "{p:2} discards {pur:pC}. {p:0} rolls "
	    "1 and 1. Doubles! {p:0} takes the CHEATER status from {p:1}. "
	    "{p:0} to play with Cheater Power.");
	fx_ok(f, 0, "draw");
	fx_ok(f, 0, "discard bA");
	assert_said(f, GAME_PUBLIC, "{p:0} discards {blu:bA}. {p:1} rolls "
	    "3 and 1. {p:1} to play.");
	cx_assert_turn(f, 1, 0, -1, 0);
	fx_free(f);
}

/* Cheater Power is the CHEATER's, on its turn only. */
static void
test_power_refused(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2", 0, 2);
	fx_refused(f, 0, "draw2", "only the CHEATER has Cheater Power");
	fx_refused(f, 0, "grab", "only the CHEATER has Cheater Power");
	fx_refused(f, 0, "steal {p:1}", "only the CHEATER has Cheater Power");
	fx_refused(f, 2, "draw2", "it is not your turn");
	fx_refused(f, 2, "steal {p:1}", "it is not your turn");
	fx_refused(f, 2, "grab", "it is not your turn");
	cx_assert_turn(f, 0, 0, -1, 2);
	fx_free(f);
}

/* Cheater Power 1: two cards drawn, told only to the CHEATER, then two
 * discarded. */
static void
test_power_draw2(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "2 2 1 3", 0, -1);
	fx_ok(f, 0, "draw2");
	assert_said(f, GAME_PUBLIC, "{p:0} uses Cheater Power: draws two "
	    "cards.");
	assert_said(f, 0, "Your turn: discard 2 (discard CARD CARD). You "
	    "draw {blu:bE}. You draw {pur:pC}. Hand: {red:rC} {red:rH} "
	    "{red:rE} {red:rA} {red:rT} {yel:yC} {yel:yH} {pur:pC} {blu:bE} "
	    "(red 5/7)");
	cx_assert_turn(f, 0, 0, -1, 0);
	fx_refused(f, 0, "draw", "you have drawn: now discard");
	fx_refused(f, 0, "discard yC", "discard exactly 2 cards");
	fx_refused(f, 0, "discard yC yC", "you hold no other yC");
	fx_refused(f, 0, "discard yC yH bE", "discard exactly 2 cards");
	fx_refused(f, 1, "discard yA yT", "it is not your turn");
	fx_ok(f, 0, "discard yC pC");
	assert_said(f, GAME_PUBLIC, "{p:0} discards {yel:yC} {pur:pC}. "
	    "{p:1} rolls 1 and 3. {p:1} to play.");
	assert_cx_cards(f, 0, "rC rH rE rA rT yH bE");
	assert_cx_cards(f, -2, "bR bT yC pC");
	assert_int_equal(cx_count(f, -1), 45);
	assert_int_equal(strncmp(cx_cards(f, -1), "bA ", 3), 0);
	fx_free(f);
}

/* Cheater Power 2: the discard pile's top, in sight of all, then one
 * discarded, which may be that card. */
static void
test_power_grab(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "4 4 1 2 3 5 5 6", 0, -1);
	fx_ok(f, 0, "grab");
	assert_said(f, GAME_PUBLIC, "{p:0} uses Cheater Power: takes "
	    "{blu:bT} from the discard pile.");
	assert_said(f, 0, "Your turn: discard 1 (discard CARD). Hand: {red:rC} "
	    "{red:rH} {red:rE} {red:rA} {red:rT} {yel:yC} {yel:yH} {blu:bT} "
	    "(red 5/7)");
	assert_cx_cards(f, -2, "bR");
	assert_int_equal(cx_count(f, -1), 47);
	fx_refused(f, 0, "discard bT yC", "discard exactly 1 card");
	fx_ok(f, 0, "discard bT");
	assert_said(f, GAME_PUBLIC, "{p:0} discards {blu:bT}. {p:1} rolls "
	    "1 and 2. {p:1} to play.");
	assert_cx_cards(f, 0, "rC rH rE rA rT yC yH");
	assert_cx_cards(f, -2, "bR bT");
	fx_ok(f, 1, "draw");
	fx_ok(f, 1, "discard bE");
	fx_ok(f, 2, "draw");
	fx_ok(f, 2, "discard pC");
	/* Its next turn: the top is the pC just thrown, kept this time. */
	fx_ok(f, 0, "grab");
	fx_ok(f, 0, "discard yC");
	assert_cx_cards(f, 0, "rC rH rE rA rT yH pC");
	assert_cx_cards(f, -2, "bR bT bE yC");
	fx_free(f);
}

/* Cheater Power 3, the hand shown: a card taken and kept (another one
 * discarded), the victim drawing one back. */
static void
test_power_steal_keep(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "6 6 2 1", 0, -1);
	fx_refused(f, 0, "steal {p:0}", "name another player, not yourself");
	fx_ok(f, 0, "steal {p:2}");
	assert_said(f, GAME_PUBLIC, "{p:0} uses Cheater Power on {p:2}. "
	    "{p:2} may hide.");
	assert_said(f, 2, "Your turn to answer: {p:0} aims Cheater Power at you: hide keeps "
	    "your hand hidden, or pass. Hand: {pur:pC} {pur:pH} {pur:pE} "
	    "{pur:pA} {pur:pT} {pur:pR} HIDE (purple 6/7)");
	assert_int_equal(fx_said_count(f, 0), 0);
	cx_assert_turn(f, -1, 1u << 2, 0, 0);
	fx_ok(f, 2, "pass");
	assert_said(f, GAME_PUBLIC, "No hide: {p:2}'s hand: {pur:pC} "
	    "{pur:pH} {pur:pE} {pur:pA} {pur:pT} {pur:pR} HIDE.");
	assert_said(f, 0, "Your turn: take one of {p:2}'s cards (pick CARD). "
	    "Hand: {red:rC} {red:rH} {red:rE} {red:rA} {red:rT} {yel:yC} "
	    "{yel:yH} (red 5/7)");
	cx_assert_turn(f, 0, 0, -1, 0);
	fx_refused(f, 0, "pick rR", "they hold no rR");
	fx_refused(f, 0, "pick pC pH", "pick one card: pick rE");
	fx_refused(f, 2, "pick pC", "it is not your turn");
	fx_ok(f, 0, "pick pR");
	assert_said(f, GAME_PUBLIC, "{p:0} takes {pur:pR} from {p:2}, who "
	    "draws a card.");
	assert_said(f, 2, "You drew {blu:bE} to refill your hand. Hand: "
	    "{pur:pC} {pur:pH} "
	    "{pur:pE} {pur:pA} {pur:pT} {blu:bE} HIDE (purple 5/7)");
	assert_said(f, 0, "Your turn: discard 1 (discard CARD). Hand: {red:rC} "
	    "{red:rH} {red:rE} {red:rA} {red:rT} {yel:yC} {yel:yH} {pur:pR} "
	    "(red 5/7)");
	fx_ok(f, 0, "discard yC");
	assert_said(f, GAME_PUBLIC, "{p:0} discards {yel:yC}. {p:1} rolls "
	    "2 and 1. {p:1} to play.");
	assert_cx_cards(f, 0, "rC rH rE rA rT yH pR");
	assert_cx_cards(f, 2, "pC pH pE pA pT bE HIDE");
	fx_free(f);
}

/* Cheater Power 3: the taken card thrown away; or hidden from, when only
 * the victim draws (the CHEATER spent no card). */
static void
test_power_steal_discard_hide(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 3 2 5", 0, 0);
	fx_ok(f, 0, "steal {p:1}");
	fx_ok(f, 1, "pass");
	fx_ok(f, 0, "pick TAKE");
	fx_ok(f, 0, "discard TAKE");
	assert_said(f, GAME_PUBLIC, "{p:0} discards TAKE. {p:1} rolls 2 "
	    "and 5. {p:1} to play.");
	assert_cx_cards(f, 0, "rC rH rE rA rT yC yH");
	assert_cx_cards(f, 1, "yE yA yT yR bC bH bE");
	assert_cx_cards(f, -2, "bR bT TAKE");
	fx_free(f);

	f = cx_new(3, 2, 0);
	deal(f, "1 3 2 5", 0, 0);
	fx_ok(f, 0, "steal {p:2}");
	fx_refused(f, 0, "pick pC", "there is nothing to pick now");
	fx_ok(f, 2, "hide");
	assert_said(f, GAME_PUBLIC, "{p:2} hides with HIDE: nothing is "
	    "shown. {p:2} draws a card. {p:1} rolls 2 and 5. {p:1} to "
	    "play.");
	assert_said(f, 2, "You drew {blu:bE} to refill your hand. Hand: "
	    "{pur:pC} {pur:pH} "
	    "{pur:pE} {pur:pA} {pur:pT} {pur:pR} {blu:bE} (purple 6/7)");
	assert_int_equal(fx_said_count(f, 0), 0);
	assert_cx_cards(f, 0, "rC rH rE rA rT yC yH");
	assert_cx_cards(f, -2, "bR bT HIDE");
	cx_assert_turn(f, 1, 0, -1, 0);
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_doubles_take_status),
		T(test_doubles_from_holder),
		T(test_doubles_while_cheater),
		T(test_cheater_normal_turn),
		T(test_power_refused),
		T(test_power_draw2),
		T(test_power_grab),
		T(test_power_steal_keep),
		T(test_power_steal_discard_hide),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
