/*
 * Unit tests for games/cheater/ with stacked decks, how games end and
 * seats go: a word spelled on one's own draw, on a Cheater Power grab, on
 * a pick, on a turn that ran out, in the deal, and on someone else's turn
 * (a victim's replacement draw, a HIDE's draw, a bust's draw back); the
 * result and its detail; leaving (the cards under the draw pile, the
 * status back to the middle, the attacker or the victim leaving mid-
 * attack) and the last player left winning.
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

static const int first_wins[] = { 1, 2, 2 };
static const int second_wins[] = { 2, 1, 2 };

/* Seat 0 needs rR, seat 1 yR; seat 0 holds TAKE and BUST, seat 1 HIDE. */
static void
deal(struct fx *f, const char *draw, const char *discard, const char *dice,
    int first, int cheater)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rA rT rE TAKE", "yC yH yE yA yT yE HIDE",
		    "pC pH pE pA pT yR BUST" },
	};

	d.draw = draw;
	d.discard = discard;
	d.dice = dice;
	d.first = first;
	d.cheater = cheater;
	cx_stack(f, &d);
}

/* The word on one's own draw: the game ends before any discard, and
 * Cheater Power's second card is not drawn. */
static void
test_win_own_draw(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "rR", "bT", "1 2", 0, -1);
	fx_ok(f, 0, "draw");
	assert_said(f, GAME_PUBLIC, "{p:0} draws a card. {p:0} spells "
	    "CHEATER in red: {red:rC} {red:rH} {red:rE} {red:rA} {red:rT} "
	    "{red:rE} {red:rR}! {p:0} wins!");
	cx_assert_over(f, first_wins, 0, "red");
	fx_refused(f, 0, "discard TAKE", "the game is over");
	fx_refused(f, 1, "draw", "the game is over");
	assert_int_equal(fx_move(f, "1 leave"), -1);
	assert_string_equal(f->cause, "the game is over");
	fx_reset(f);
	cheater_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "Game over: {p:0} won in red. Nobody "
	    "is the CHEATER. Discard pile: {blu:bT} on top (1). Draw pile: "
	    "47.");
	fx_free(f);

	f = cx_new(3, 2, 0);
	deal(f, "rR bE", "bT", "5 5", 0, -1);
	fx_ok(f, 0, "draw2");
	assert_said(f, GAME_PUBLIC, "{p:0} uses Cheater Power: draws a "
	    "card. {p:0} spells CHEATER in red: {red:rC} {red:rH} {red:rE} "
	    "{red:rA} {red:rT} {red:rE} {red:rR}! {p:0} wins!");
	assert_said(f, 0, "You draw {red:rR}. Hand: {red:rC} {red:rH} "
	    "{red:rE} {red:rE} {red:rA} {red:rT} {red:rR} TAKE (red 7/7)");
	cx_assert_over(f, first_wins, 0, "red");
	assert_int_equal(strncmp(cx_cards(f, -1), "bE ", 3), 0);
	fx_free(f);
}

/* A seat that left has place 0 when another spells the word. */
static void
test_win_after_leave(void **state)
{
	static const int places[] = { 1, 2, 0 };
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "rR", "bT", "1 2", 0, -1);
	assert_int_equal(fx_move(f, "2 leave"), 0);
	fx_ok(f, 0, "draw");
	cx_assert_over(f, places, 0, "red");
	fx_reset(f);
	cheater_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "Game over: {p:0} won in red. Nobody "
	    "is the CHEATER. Discard pile: {blu:bT} on top (1). Draw pile: "
	    "54. {p:2} has left.");
	fx_free(f);
}

/* The word on a Cheater Power grab, and on a pick. */
static void
test_win_grab_pick(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "bE", "bT rR", "3 3", 0, -1);
	fx_ok(f, 0, "grab");
	assert_said(f, GAME_PUBLIC, "{p:0} uses Cheater Power: takes "
	    "{red:rR} from the discard pile. {p:0} spells CHEATER in red: "
	    "{red:rC} {red:rH} {red:rE} {red:rA} {red:rT} {red:rE} "
	    "{red:rR}! {p:0} wins!");
	cx_assert_over(f, first_wins, 0, "red");
	fx_free(f);

	/* A steal's pick: seat 2 does not draw, the game is over. */
	f = cx_new(3, 2, 0);
	deal(f, "bE", "bT", "1 2 4 5", 0, 1);
	fx_ok(f, 0, "draw");
	fx_ok(f, 0, "discard bE");
	fx_ok(f, 1, "steal {p:2}");
	fx_ok(f, 2, "pass");
	fx_ok(f, 1, "pick yR");
	assert_said(f, GAME_PUBLIC, "{p:1} takes {yel:yR} from {p:2}. {p:1} "
	    "spells CHEATER in yellow: {yel:yC} {yel:yH} {yel:yE} {yel:yA} "
	    "{yel:yT} {yel:yE} {yel:yR}! {p:1} wins!");
	cx_assert_over(f, second_wins, 1, "yellow");
	assert_int_equal(cx_count(f, 2), 6);
	fx_free(f);
}

/* The word on someone else's turn: the victim's replacement draw, its
 * HIDE's draw, or its draw back after a BUST wins for the victim. */
static void
test_win_other_turn(void **state)
{
	static const struct {
		const char *draw, *dice;
		int first;
		const char *line, *answer, *then, *said;
	} cases[] = {
		{ "yR", "1 2", 0, "take {p:1}", "pass", "pick HIDE", "{p:0} takes "
		    "HIDE from {p:1}, who draws a card. {p:1} spells CHEATER "
		    "in yellow: " },
		/* The victim's draw won: the attacker draws nothing. */
		{ "yR", "1 2", 0, "take {p:1}", "hide", NULL, "{p:1} hides with "
		    "HIDE: nothing is shown. {p:1} draws a card. {p:1} spells "
		    "CHEATER in yellow: " },
		{ "bE yA yR", "1 2 2", 2, "bust {p:1}", "pass", "drop yA HIDE",
		    "{p:2} busts {p:1}'s {yel:yA} HIDE; {p:1} draws 2 back. "
		    "{p:1} spells CHEATER in yellow: " },
	};
	struct fx *f;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		f = cx_new(3, 2, 0);
		deal(f, cases[i].draw, "bT", cases[i].dice, cases[i].first,
		    -1);
		fx_ok(f, cases[i].first, cases[i].line);
		fx_ok(f, 1, cases[i].answer);
		if (cases[i].then != NULL)
			fx_ok(f, cases[i].first, cases[i].then);
		assert_said_has(f, GAME_PUBLIC, cases[i].said);
		cx_assert_over(f, second_wins, 1, "yellow");
		assert_int_equal(cx_count(f, 1), 7);
		fx_free(f);
	}
}

/* The BUST's own draw wins: the victim draws nothing back. */
static void
test_win_bust_draw(void **state)
{
	static const struct cheater_deal d = {
		.hands = { "rC rH rE rA rT rE BUST", "yC yH yE yA yT yE HIDE",
		    "pC pH pE pA pT pR bT" },
		.discard = "bR", .draw = "rR yR", .dice = "1 2 4",
		.first = 0, .cheater = -1,
	};
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	cx_stack(f, &d);
	fx_ok(f, 0, "bust {p:1}");
	fx_ok(f, 1, "pass");
	fx_ok(f, 0, "drop yA yE");
	assert_said(f, GAME_PUBLIC, "{p:0} busts {p:1}'s {yel:yA} {yel:yE}. "
	    "{p:0} spells CHEATER in red: {red:rC} {red:rH} {red:rE} {red:rA} "
	    "{red:rT} {red:rE} {red:rR}! {p:0} wins!");
	cx_assert_over(f, first_wins, 0, "red");
	assert_int_equal(cx_count(f, 1), 5);
	fx_free(f);
}

/* A turn that runs out draws for the seat: a card that completes its
 * word wins.  A stacked deal that spells wins before any turn. */
static void
test_win_idle_deal(void **state)
{
	static const struct cheater_deal spelled = {
		.hands = { "rC rH rE rA rT yC yH", "yE yA yT yR bC bH TAKE",
		    "pC pH pE pA pT pR pE" },
		.discard = "bT", .dice = "1 2", .first = 0, .cheater = -1,
	};
	static const int third_wins[] = { 2, 2, 1 };
	struct fx *f = cx_new(3, 2, 0);
	char text[64];

	(void)state;
	deal(f, "rR", "bT", "1 2", 0, -1);
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "-1 idle");
	assert_said(f, GAME_PUBLIC, "{p:0} draws {red:rR}. {p:0} spells "
	    "CHEATER in red: {red:rC} {red:rH} {red:rE} {red:rA} "
	    "{red:rT} {red:rE} {red:rR}! {p:0} wins!");
	cx_assert_over(f, first_wins, 0, "red");
	assert_int_equal(cx_count(f, 0), 8);
	fx_free(f);

	f = cx_new(3, 2, 0);
	cx_stack(f, &spelled);
	assert_said(f, GAME_PUBLIC, "CHEATER for 3 players with one deck, "
	    "dealt by {p:2}. Spell C-H-E-A-T-E-R in one suit to win. The "
	    "discard pile shows {blu:bT}. {p:2} spells CHEATER in purple: "
	    "{pur:pC} {pur:pH} {pur:pE} {pur:pA} {pur:pT} {pur:pE} {pur:pR}! "
	    "{p:2} wins!");
	cx_assert_over(f, third_wins, 2, "purple");
	fx_free(f);
}

/* A player who leaves: the cards go under the draw pile, the status to
 * the middle; turns skip the seat, which nobody may name. */
static void
test_leave_cards_status(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "bE pC bA", "bT", "1 2 3 4 5 6", 0, 1);
	assert_int_equal(fx_move(f, "1 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:1} leaves the game; those 7 cards go "
	    "under the draw pile. The CHEATER status goes back to the "
	    "middle.");
	assert_int_equal(fx_said_count(f, 1), 0);
	assert_int_equal(cx_count(f, -1), 48 + 7);
	/* At the bottom, the hand as it was received (yC first). */
	assert_string_equal(cx_cards(f, -1) + strlen(cx_cards(f, -1)) - 23,
	    " HIDE yE yT yA yE yH yC");
	cx_assert_turn(f, 0, 0, -1, -1);
	fx_refused(f, 0, "take {p:1}", "that player is not in the game");
	fx_refused(f, 1, "draw", "you are not in this game");
	assert_int_equal(fx_move(f, "1 leave"), -1);
	assert_string_equal(f->cause, "you are not in this game");
	assert_int_equal(fx_move(f, "0 leave 2"), -1);
	assert_string_equal(f->cause, "leave takes no arguments");
	fx_ok(f, 0, "draw");
	fx_ok(f, 0, "discard bE");
	assert_said(f, GAME_PUBLIC, "{p:0} discards {blu:bE}. {p:2} rolls "
	    "3 and 4. {p:2} to play.");
	fx_reset(f);
	cheater_ops.view(f->g, 1, &f->out);
	assert_said(f, 1, "You have left this game");
	cheater_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "{p:2}'s turn (rolled 3 and 4). "
	    "Nobody is the CHEATER. Discard pile: {blu:bE} on top (2). Draw "
	    "pile: 54. {p:1} has left.");
	/* The last one left wins, with no suit. */
	assert_int_equal(fx_move(f, "0 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; those 7 cards go "
	    "under the draw pile. {p:2} wins: everyone else has left.");
	cx_assert_over(f, (const int[]){ 0, 0, 1 }, 2, "");
	fx_free(f);

	f = cx_new(2, 0, 0);
	deal(f, "bE", "bT", "1 2", 0, -1);
	assert_int_equal(fx_move(f, "0 leave"), 0);
	cx_assert_over(f, (const int[]){ 0, 1 }, 1, "");
	fx_free(f);
}

/* The attacker leaving ends the turn; so does leaving with cards drawn
 * and not yet discarded. */
static void
test_leave_attacker(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "bE pC bA", "bT", "1 2 3 4", 0, -1);
	fx_ok(f, 0, "take {p:1}");
	assert_int_equal(fx_move(f, "0 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; those 6 cards go "
	    "under the draw pile. {p:1} rolls 3 and 4. {p:1} to play.");
	cx_assert_turn(f, 1, 0, -1, -1);
	assert_cx_cards(f, 1, "yC yH yE yE yA yT HIDE");
	fx_refused(f, 1, "pass", "nobody has named you: there is nothing to "
	    "pass on");
	fx_free(f);

	f = cx_new(3, 2, 0);
	deal(f, "bE pC bA", "bT", "3 3 5 6", 0, -1);
	fx_ok(f, 0, "draw2");
	assert_int_equal(fx_move(f, "0 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; those 9 cards go "
	    "under the draw pile. The CHEATER status goes back to the "
	    "middle. {p:1} rolls 5 and 6. {p:1} to play.");
	assert_int_equal(cx_count(f, -1), 46 + 9);
	fx_free(f);
}

/* The victim leaving mid-attack: the attack comes to nothing, and an
 * attacker who spent a card draws back to seven. */
static void
test_leave_victim(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "bE pC bA", "bT", "1 2 3 4", 0, -1);
	fx_ok(f, 0, "take {p:1}");
	assert_int_equal(fx_move(f, "1 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:1} leaves the game; those 7 cards go "
	    "under the draw pile. The attack on {p:1} comes to nothing. "
	    "{p:2} rolls 3 and 4. {p:2} to play.");
	assert_said(f, 0, "You draw {blu:bE}. Hand: {red:rC} {red:rH} "
	    "{red:rE} {red:rE} {red:rA} {red:rT} {blu:bE} (red 6/7)");
	cx_assert_turn(f, 2, 0, -1, -1);
	fx_free(f);

	/* While the bust is chosen. */
	f = cx_new(3, 2, 0);
	deal(f, "bE pC bA", "bT", "1 2 5 3 4", 2, -1);
	fx_ok(f, 2, "bust {p:1}");
	fx_ok(f, 1, "pass");
	assert_int_equal(fx_move(f, "1 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:1} leaves the game; those 7 cards go "
	    "under the draw pile. The attack on {p:1} comes to nothing. "
	    "{p:0} rolls 3 and 4. {p:0} to play.");
	assert_cx_cards(f, 2, "yR pC pH pE pA pT bE");
	fx_free(f);

	/* A steal spent no card: nothing to draw. */
	f = cx_new(3, 2, 0);
	deal(f, "bE pC bA", "bT", "1 2 3 4", 0, 0);
	fx_ok(f, 0, "steal {p:2}");
	fx_ok(f, 2, "pass");
	assert_int_equal(fx_move(f, "2 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:2} leaves the game; those 7 cards go "
	    "under the draw pile. The attack on {p:2} comes to nothing. "
	    "{p:1} rolls 3 and 4. {p:1} to play.");
	assert_int_equal(fx_said_count(f, 0), 0);
	assert_cx_cards(f, 0, "rC rH rE rE rA rT TAKE");
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_win_own_draw),
		T(test_win_after_leave),
		T(test_win_grab_pick),
		T(test_win_other_turn),
		T(test_win_bust_draw),
		T(test_win_idle_deal),
		T(test_leave_cards_status),
		T(test_leave_attacker),
		T(test_leave_victim),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
