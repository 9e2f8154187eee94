/*
 * Unit tests for games/cheater/ with stacked decks, the action cards:
 * TAKE, SHOW and BUST each answered by a pass (the hand shown to all) or
 * a HIDE (nothing shown, the victim and the attacker draw), the BUST's
 * die and its drops (none, some, too many), WILD as TAKE, SHOW, BUST and
 * HIDE, the window closed by the table, and the answers refused from
 * anyone but the victim.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "games/cheater/cheater.h"
#include "games/game.h"
#include "tests/lib/cheater-deal.h"

/* Seat 0 holds TAKE, SHOW and BUST, seat 1 a HIDE, seat 2 a WILD; the
 * draw pile starts bE pC bA yC. */
static void
deal(struct fx *f, const char *dice, int first)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rA TAKE SHOW BUST",
		    "yE yA yT yR bC bH HIDE", "pC pH pE pA pT pR WILD" },
		.discard = "bT", .draw = "bE pC bA yC", .cheater = -1,
	};

	d.dice = dice;
	d.first = first;
	cx_stack(f, &d);
}

/* TAKE, not hidden from: the hand shown, a card taken, the victim draws
 * one back and the turn ends. */
static void
test_take_pass(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2 3 4", 0);
	assert_said(f, 0, "Your turn (1 and 2): draw, take NICK, show "
	    "NICK, bust NICK. Hand: {red:rC} {red:rH} {red:rE} {red:rA} TAKE "
	    "SHOW BUST (red 4/7)");
	fx_ok(f, 0, "take {p:1}");
	assert_said(f, GAME_PUBLIC, "{p:0} plays TAKE on {p:1}. {p:1} may "
	    "hide.");
	assert_said(f, 1, "Your turn to answer: {p:0} aims TAKE at you: hide keeps your hand "
	    "hidden, or pass. Hand: {yel:yE} {yel:yA} {yel:yT} {yel:yR} "
	    "{blu:bC} {blu:bH} HIDE (yellow 4/7)");
	/* The card played is said publicly: no hand is sent for it. */
	assert_int_equal(fx_said_count(f, 0), 0);
	assert_cx_cards(f, 0, "rC rH rE rA SHOW BUST");
	cx_assert_turn(f, -1, 1u << 1, 0, -1);
	fx_refused(f, 0, "draw", "wait: your victim may hide");
	fx_refused(f, 0, "pick yE", "there is nothing to pick now");
	fx_ok(f, 1, "pass");
	assert_said(f, GAME_PUBLIC, "No hide: {p:1}'s hand: {yel:yE} "
	    "{yel:yA} {yel:yT} {yel:yR} {blu:bC} {blu:bH} HIDE.");
	cx_assert_turn(f, 0, 0, -1, -1);
	fx_refused(f, 0, "drop yE", "there is nothing to drop now");
	fx_ok(f, 0, "pick HIDE");
	assert_said(f, GAME_PUBLIC, "{p:0} takes HIDE from {p:1}, who draws "
	    "a card. {p:1} rolls 3 and 4. {p:1} to play.");
	assert_said(f, 1, "Your turn (3 and 4): draw. You drew {blu:bE} to "
	    "refill your hand. Hand: {yel:yE} {yel:yA} {yel:yT} {yel:yR} "
	    "{blu:bC} {blu:bH} {blu:bE} (yellow 4/7)");
	assert_cx_cards(f, 0, "rC rH rE rA SHOW HIDE BUST");
	assert_cx_cards(f, -2, "bT TAKE");
	fx_free(f);
}

/* TAKE hidden from: the victim's HIDE is discarded, the victim and the
 * attacker (who spent a card) draw one each, nothing is shown. */
static void
test_take_hide(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2 3 4", 0);
	fx_ok(f, 0, "take {p:1}");
	fx_ok(f, 1, "hide");
	assert_said(f, GAME_PUBLIC, "{p:1} hides with HIDE: nothing is "
	    "shown. {p:1} draws a card, and so does {p:0}. {p:1} rolls 3 and "
	    "4. {p:1} to play.");
	assert_said(f, 1, "Your turn (3 and 4): draw. You drew {blu:bE} to "
	    "refill your hand. Hand: {yel:yE} {yel:yA} {yel:yT} {yel:yR} "
	    "{blu:bC} {blu:bH} {blu:bE} (yellow 4/7)");
	assert_said(f, 0, "You draw {pur:pC}. Hand: {red:rC} {red:rH} "
	    "{red:rE} {red:rA} {pur:pC} SHOW BUST (red 4/7)");
	assert_cx_cards(f, -2, "bT TAKE HIDE");
	fx_free(f);
}

/* SHOW: the hand shown, the attacker draws one; or hidden from with a
 * WILD (typed as hide, which plays the WILD when no HIDE is held). */
static void
test_show(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2 3 4", 0);
	fx_ok(f, 0, "show {p:2}");
	assert_said(f, GAME_PUBLIC, "{p:0} plays SHOW on {p:2}. {p:2} may "
	    "hide.");
	fx_ok(f, 2, "pass");
	assert_said(f, GAME_PUBLIC, "No hide: {p:2}'s hand: {pur:pC} "
	    "{pur:pH} {pur:pE} {pur:pA} {pur:pT} {pur:pR} WILD. {p:0} draws a "
	    "card. {p:1} rolls 3 and 4. {p:1} to play.");
	assert_said(f, 0, "You draw {blu:bE}. Hand: {red:rC} {red:rH} "
	    "{red:rE} {red:rA} {blu:bE} TAKE BUST (red 4/7)");
	assert_cx_cards(f, 2, "pC pH pE pA pT pR WILD");
	fx_free(f);

	f = cx_new(3, 2, 0);
	deal(f, "1 2 3 4", 0);
	fx_ok(f, 0, "show {p:2}");
	fx_ok(f, 2, "hide");
	assert_said(f, GAME_PUBLIC, "{p:2} hides with WILD: nothing is "
	    "shown. {p:2} draws a card, and so does {p:0}. {p:1} rolls 3 and "
	    "4. {p:1} to play.");
	assert_cx_cards(f, 2, "pC pH pE pA pT pR bE");
	assert_cx_cards(f, 0, "rC rH rE rA pC TAKE BUST");
	assert_cx_cards(f, -2, "bT SHOW WILD");
	fx_free(f);
}

/* BUST: the die says how many of the shown hand may be discarded; the
 * attacker draws one, then the victim draws back to seven. */
static void
test_bust_drop(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2 3 5 6", 0);
	fx_ok(f, 0, "bust {p:2}");
	assert_said(f, GAME_PUBLIC, "{p:0} plays BUST on {p:2}. {p:2} may "
	    "hide.");
	fx_ok(f, 2, "pass");
	assert_said(f, GAME_PUBLIC, "No hide: {p:2}'s hand: {pur:pC} "
	    "{pur:pH} {pur:pE} {pur:pA} {pur:pT} {pur:pR} WILD. {p:0} rolls 3 "
	    "for the BUST.");
	assert_said(f, 0, "Your turn: bust up to 3 of {p:2}'s cards (drop "
	    "CARD...; drop alone busts none). Hand: {red:rC} {red:rH} "
	    "{red:rE} {red:rA} TAKE SHOW (red 4/7)");
	cx_assert_turn(f, 0, 0, -1, -1);
	fx_refused(f, 0, "drop pC pH pE pA", "drop at most 3 cards");
	fx_refused(f, 0, "drop rC", "they hold no rC");
	fx_refused(f, 0, "drop pC pC", "they hold no other pC");
	fx_refused(f, 0, "pick pC", "there is nothing to pick now");
	fx_refused(f, 2, "drop pC", "it is not your turn");
	fx_ok(f, 0, "drop pR WILD pE");
	assert_said(f, GAME_PUBLIC, "{p:0} busts {p:2}'s {pur:pR} WILD "
	    "{pur:pE}; {p:2} draws 3 back. {p:1} rolls 5 and 6. {p:1} to "
	    "play.");
	assert_said(f, 0, "You draw {blu:bE}. Hand: {red:rC} {red:rH} "
	    "{red:rE} {red:rA} {blu:bE} TAKE SHOW (red 4/7)");
	assert_said(f, 2, "You drew {pur:pC} to refill your hand. You drew "
	    "{blu:bA}. You drew {yel:yC}. Hand: {yel:yC} {pur:pC} {pur:pC} "
	    "{pur:pH} {pur:pA} "
	    "{pur:pT} {blu:bA} (purple 4/7)");
	assert_cx_cards(f, -2, "bT BUST pR WILD pE");
	fx_free(f);
}

/* BUST of none: only the attacker draws.  BUST hidden from: no die is
 * rolled (the next die is the next turn's). */
static void
test_bust_none_hide(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2 1 5 6", 0);
	fx_ok(f, 0, "bust {p:2}");
	fx_ok(f, 2, "pass");
	assert_said_has(f, GAME_PUBLIC, "{p:0} rolls 1 for the BUST.");
	fx_refused(f, 0, "drop pC pH", "drop at most 1 card");
	fx_ok(f, 0, "drop");
	assert_said(f, GAME_PUBLIC, "{p:0} busts none of {p:2}'s cards. "
	    "{p:1} rolls 5 and 6. {p:1} to play.");
	assert_cx_cards(f, 2, "pC pH pE pA pT pR WILD");
	assert_cx_cards(f, 0, "rC rH rE rA bE TAKE SHOW");
	fx_free(f);

	f = cx_new(3, 2, 0);
	deal(f, "1 2 5 6", 0);
	fx_ok(f, 0, "bust {p:1}");
	fx_ok(f, 1, "hide");
	assert_said(f, GAME_PUBLIC, "{p:1} hides with HIDE: nothing is "
	    "shown. {p:1} draws a card, and so does {p:0}. {p:1} rolls 5 and "
	    "6. {p:1} to play.");
	assert_cx_cards(f, 1, "yE yA yT yR bC bH bE");
	assert_cx_cards(f, 0, "rC rH rE rA pC TAKE SHOW");
	fx_free(f);
}

/* WILD plays as TAKE, SHOW or BUST, said so; what follows is that
 * card's. */
static void
test_wild_as_each(void **state)
{
	static const struct {
		const char *dice, *line, *said, *answer, *after;
	} cases[] = {
		{ "1 2 3 4", "wild take {p:0}", "{p:2} plays WILD as TAKE on {p:0}. {p:0} "
		    "may hide.", "pick TAKE", "{p:2} takes TAKE from {p:0}, who "
		    "draws a card. {p:0} rolls 3 and 4. {p:0} to play." },
		{ "1 2 3 4", "wild show {p:0}", "{p:2} plays WILD as SHOW on {p:0}. {p:0} "
		    "may hide.", NULL, "{p:2} draws a card. {p:0} rolls 3 and "
		    "4. {p:0} to play." },
		{ "1 2 2 3 4", "wild bust {p:0}", "{p:2} plays WILD as BUST on {p:0}. {p:0} "
		    "may hide.", "drop TAKE", "{p:2} busts {p:0}'s TAKE; {p:0} "
		    "draws 1 back. {p:0} rolls 3 and 4. {p:0} to play." },
	};
	struct fx *f;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		f = cx_new(3, 2, 0);
		deal(f, cases[i].dice, 2);
		fx_ok(f, 2, cases[i].line);
		assert_said(f, GAME_PUBLIC, cases[i].said);
		cx_assert_turn(f, -1, 1u << 0, 2, -1);
		assert_cx_cards(f, -2, "bT WILD");
		fx_ok(f, 0, "pass");
		if (cases[i].answer != NULL)
			fx_ok(f, 2, cases[i].answer);
		assert_said_has(f, GAME_PUBLIC, cases[i].after);
		assert_int_equal(cx_count(f, 0), 7);
		assert_int_equal(cx_count(f, 2), 7);
		fx_free(f);
	}
}

/* The window closes by the table: its pass shows the hand like the
 * victim's. */
static void
test_window_table(void **state)
{
	struct fx *f = cx_new(3, 2, 0);
	struct game_move mv;
	char text[64];

	(void)state;
	deal(f, "1 2 3 4", 0);
	fx_ok(f, 0, "take {p:1}");
	cheater_ops.timeout(f->g, &mv);
	assert_int_equal(cheater_ops.command(f->g, &mv, text, sizeof text),
	    -1);
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "-1 pass");
	assert_said(f, GAME_PUBLIC, "No answer, so {p:1}'s hand: {yel:yE} "
	    "{yel:yA} {yel:yT} {yel:yR} {blu:bC} {blu:bH} HIDE.");
	cx_assert_turn(f, 0, 0, -1, -1);
	assert_int_equal(fx_move(f, "-1 pass"), -1);
	assert_string_equal(f->cause, "there is no window to close");
	fx_free(f);
}

/* Only the named player answers, with a HIDE or WILD it holds. */
static void
test_answers_refused(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2 3 4 5 6", 0);
	fx_refused(f, 1, "hide", "nobody has named you: there is nothing to "
	    "hide from");
	fx_refused(f, 1, "pass", "nobody has named you: there is nothing to "
	    "pass on");
	fx_ok(f, 0, "take {p:1}");
	fx_refused(f, 2, "hide", "nobody has named you: there is nothing to "
	    "hide from");
	fx_refused(f, 2, "wild hide", "nobody has named you: there is nothing "
	    "to hide from");
	fx_refused(f, 2, "pass", "nobody has named you: there is nothing to "
	    "pass on");
	fx_refused(f, 0, "pass", "nobody has named you: there is nothing to "
	    "pass on");
	fx_refused(f, 1, "wild hide", "you hold no WILD");
	fx_refused(f, 1, "hide now", "hide takes no arguments (wild hide "
	    "plays your WILD)");
	fx_refused(f, 1, "pass now", "pass takes no arguments");
	cx_assert_turn(f, -1, 1u << 1, 0, -1);
	fx_ok(f, 1, "pass");
	fx_ok(f, 0, "pick bC");
	/* Seat 2 names seat 0, who holds no HIDE or WILD. */
	fx_ok(f, 1, "draw");
	fx_ok(f, 1, "discard pC");
	fx_ok(f, 2, "wild take {p:0}");
	assert_said(f, 0, "Your turn to answer: {p:2} aims TAKE at you: hide keeps your hand "
	    "hidden, or pass. (You hold no HIDE or WILD.) "
	    "Hand: {red:rC} {red:rH} {red:rE} {red:rA} {blu:bC} SHOW BUST "
	    "(red 4/7)");
	fx_refused(f, 0, "hide", "you hold no HIDE or WILD");
	fx_ok(f, 0, "pass");
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_take_pass),
		T(test_take_hide),
		T(test_show),
		T(test_bust_drop),
		T(test_bust_none_hide),
		T(test_wild_as_each),
		T(test_window_table),
		T(test_answers_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
