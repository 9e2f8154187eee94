/*
 * Unit tests for CHEATER's AI seats (games/cheater-ai*.c) and what a seat
 * may know (games/cheater/cheater-observe.c), on stacked decks: the observation
 * keeps the seat's hand, the discard pile and a hand every seat was shown,
 * and deals the rest again; a decision does not change when only what
 * the seat cannot know does; each level keeps the cards of its suit,
 * grabs and takes the card that wins, hides what is worth hiding, busts
 * what the victim needs; a hard seat takes from the hand it saw holding
 * its last letter, and keeps a HIDE to the end.  And every level finishes
 * whole games with no move refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "games/ai.h"
#include "games/cheater/cheater.h"
#include "games/game.h"
#include "tests/lib/cheater-deal.h"

/* The expert seats of whole games search with a small budget, to keep
 * the suite quick (test-ai-expert tests the search itself). */
#define EXPERT_PLAYOUTS 2

/* Seat's decision at level on f's game, from a new mind, as the bot would
 * ask it: the move's words (as typed) into text, "" when it lets the
 * chance pass.  The rules must accept the move, typed and parsed back. */
static int
ask(struct fx *f, int seat, enum ai_level level, char *text, size_t size)
{
	const struct game_ops *ops = &cheater_ops;
	struct game *obs = ops->observe(f->g, seat);
	struct ai_mind *m = ops->ai->mind_new(obs, seat, level, NULL);
	struct game_move mv, typed;
	struct rng r;
	char *cause = NULL;
	int rc;

	rng_seed(&r, 7);
	rc = ops->ai->decide(m, obs, &r, &mv);
	text[0] = '\0';
	if (rc == 0) {
		assert_int_equal(mv.seat, seat);
		if (ai_retype(ops, f->g, &mv, &typed, &cause) != 0 ||
		    ops->check(f->g, &typed, &cause) != 0)
			fail_msg("seat %d's move refused: %s", seat, cause);
		ops->command(f->g, &mv, text, size);
	}
	ops->ai->mind_free(m);
	ops->destroy(obs);
	return rc;
}

/* Seat's decision at level, which must be a move, played. */
static void
play(struct fx *f, int seat, enum ai_level level, char *text, size_t size)
{
	assert_int_equal(ask(f, seat, level, text, size), 0);
	fx_ok(f, seat, text);
}

/* The faces of seat's hand (or pile) in obs, seat's observation. */
static void
observed(struct fx *f, int seat, int whose, char *buf, size_t size)
{
	struct game *obs = cheater_ops.observe(f->g, seat);

	cheater_cards(obs, whose, buf, size);
	cheater_ops.destroy(obs);
}

/* The observation keeps the seat's hand and the discard pile, deals the
 * other hands and the draw pile again (sorted, in the state's order),
 * and keeps a hand shown to all where it is. */
static void
test_observe(void **state)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rA TAKE SHOW BUST",
		    "yE yA yT yR bC bH HIDE", "pC pH pE pA pT pR WILD" },
		.discard = "bT", .draw = "bE pC bA yC", .dice = "1 2 3 4",
		.first = 0, .cheater = -1,
	};
	struct fx *f = cx_new(3, 2, 0);
	char buf[512];

	(void)state;
	cx_stack(f, &d);
	observed(f, 0, 0, buf, sizeof buf);
	assert_string_equal(buf, "rC rH rE rA TAKE SHOW BUST");
	observed(f, 0, -2, buf, sizeof buf);
	assert_string_equal(buf, "bT");
	/* Seat 1 gets the seven lowest cards seat 0 cannot know. */
	observed(f, 0, 1, buf, sizeof buf);
	assert_string_equal(buf, "rC rH rE rE rE rA rT");
	fx_ok(f, 0, "show {p:2}");
	fx_ok(f, 2, "pass");
	/* Seat 2's hand was shown: seat 1 knows it, and seat 2 still
	 * holds it; seat 0's draw is its own. */
	observed(f, 1, 2, buf, sizeof buf);
	assert_string_equal(buf, "pC pH pE pA pT pR WILD");
	observed(f, 1, 1, buf, sizeof buf);
	assert_string_equal(buf, "yE yA yT yR bC bH HIDE");
	observed(f, 1, 0, buf, sizeof buf);
	assert_string_not_equal(buf, "rC rH rE rA bE TAKE BUST");
	fx_free(f);
}

/* Two deals that differ only in what seat 0 cannot know (the other
 * hands, the draw pile) get the same decision from every level. */
static void
test_blind(void **state)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rA rT TAKE yC", "yE yA yT yR bC bH HIDE",
		    "pC pH pE pA pT pR WILD", "bE bE bA bT bR SHOW yH" },
		.discard = "bC", .draw = "rR pE", .dice = "1 2 3 4 1 2",
		.first = 0, .cheater = -1,
	}, e = d;
	char a[256], b[256];
	struct fx *f;
	int level;

	(void)state;
	e.hands[1] = "rR pE bE bA bT bR WILD";
	e.hands[2] = "yE yA yT yR bC bH SHOW";
	e.hands[3] = "pC pH pA pT pR HIDE yH";
	e.draw = "bE pE";
	for (level = 0; level < AI_LEVELS; level++) {
		f = cx_new(4, 3, 0);
		cx_stack(f, &d);
		ask(f, 0, (enum ai_level)level, a, sizeof a);
		fx_free(f);
		f = cx_new(4, 3, 0);
		cx_stack(f, &e);
		ask(f, 0, (enum ai_level)level, b, sizeof b);
		fx_free(f);
		assert_string_equal(a, b);
	}
}

/* Every level keeps the letters of the suit it spells and discards a
 * card of another. */
static void
test_discard(void **state)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rA rT yC bH", "yE yA yT yR bC bE HIDE",
		    "pC pH pE pA pT pR WILD" },
		.discard = "bT", .draw = "rE", .dice = "1 2 3 4",
		.first = 0, .cheater = -1,
	};
	char text[256];
	struct fx *f;
	int level;

	(void)state;
	for (level = 0; level < AI_LEVELS; level++) {
		f = cx_new(3, 2, 0);
		cx_stack(f, &d);
		fx_ok(f, 0, "draw");
		play(f, 0, (enum ai_level)level, text, sizeof text);
		assert_true(strcmp(text, "discard yC") == 0 ||
		    strcmp(text, "discard bH") == 0);
		assert_int_equal(strncmp(cx_cards(f, 0), "rC rH rE rE rA rT",
		    17), 0);
		fx_free(f);
	}
}

/* The CHEATER one letter short grabs that letter from the discard pile,
 * and wins. */
static void
test_grab(void **state)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rE rA rT yC", "yE yA yT yR bC bE HIDE",
		    "pC pH pE pA pT pR WILD" },
		.discard = "bT rR", .dice = "1 2", .first = 0, .cheater = 0,
	};
	char text[256];
	int places[] = { 1, 2, 2 }, level;
	struct fx *f;

	(void)state;
	for (level = AI_NORMAL; level < AI_LEVELS; level++) {
		f = cx_new(3, 2, 0);
		cx_stack(f, &d);
		play(f, 0, (enum ai_level)level, text, sizeof text);
		assert_string_equal(text, "grab");
		cx_assert_over(f, places, 0, "red");
		fx_free(f);
	}
}

/* One letter short with a TAKE, a hard seat takes (the letter is likelier
 * in a hand of seven than on the draw pile's top, and it wins the game),
 * and picks it from the hand shown.  A normal seat, which takes only on
 * what the count makes likely, draws. */
static void
test_take_last(void **state)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rE rA rT TAKE", "yE yA yT yR bC rR bE",
		    "pC pH pE pA pT rR bA" },
		.discard = "bT", .dice = "1 2", .first = 0, .cheater = -1,
	};
	char text[256];
	int places[] = { 1, 2, 2 }, victim;
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	cx_stack(f, &d);
	assert_int_equal(ask(f, 0, AI_NORMAL, text, sizeof text), 0);
	assert_string_equal(text, "draw");
	play(f, 0, AI_HARD, text, sizeof text);
	assert_int_equal(sscanf(text, "take {p:%d}", &victim), 1);
	fx_ok(f, victim, "pass");
	play(f, 0, AI_HARD, text, sizeof text);
	assert_string_equal(text, "pick rR");
	cx_assert_over(f, places, 0, "red");
	fx_free(f);
}

/* Normal and hard take from the hand they saw holding their last letter,
 * not from one they know nothing of. */
static void
test_take_seen(void **state)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rE rA rT TAKE", "yE yA yT yR bC SHOW bE",
		    "pC pH pE pA pT rR bA" },
		.discard = "bT", .draw = "yC bH pR",
		.dice = "1 2 3 4 5 6 1 2", .first = 1, .cheater = -1,
	};
	char text[256];
	struct fx *f;
	int level;

	(void)state;
	for (level = AI_NORMAL; level < AI_LEVELS; level++) {
		f = cx_new(3, 2, 0);
		cx_stack(f, &d);
		fx_ok(f, 1, "show {p:2}");
		fx_ok(f, 2, "pass");
		fx_ok(f, 2, "draw");
		fx_ok(f, 2, "discard bA");
		play(f, 0, (enum ai_level)level, text, sizeof text);
		assert_string_equal(text, "take {p:2}");
		fx_free(f);
	}
}

/* Named by a TAKE with a hand one letter short, normal and hard hide;
 * named by a SHOW with a poor hand, they keep the HIDE and let it be
 * seen.  Nobody else answers a window. */
static void
test_hide(void **state)
{
	struct cheater_deal d = {
		.hands = { "yE yA yT yR bC TAKE SHOW",
		    "rC rH rE rE rA rT HIDE", "pC yH bE bA bT rR HIDE" },
		.discard = "bT", .dice = "1 2", .first = 0, .cheater = -1,
	};
	char text[256];
	struct fx *f;
	int level;

	(void)state;
	for (level = AI_NORMAL; level < AI_LEVELS; level++) {
		f = cx_new(3, 2, 0);
		cx_stack(f, &d);
		fx_ok(f, 0, "take {p:1}");
		assert_int_equal(ask(f, 2, (enum ai_level)level, text,
		    sizeof text), -1);
		play(f, 1, (enum ai_level)level, text, sizeof text);
		assert_string_equal(text, "hide");
		fx_free(f);

		f = cx_new(3, 2, 0);
		cx_stack(f, &d);
		fx_ok(f, 0, "show {p:2}");
		assert_int_equal(ask(f, 2, (enum ai_level)level, text,
		    sizeof text), -1);
		fx_free(f);
	}
}

/* A hard seat one letter short keeps its HIDE to the end: it discards
 * the letter of another suit it drew. */
static void
test_keep_hide(void **state)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rE rA rT HIDE", "yE yA yT yR bC bE TAKE",
		    "pC pH pE pA pT pR WILD" },
		.discard = "bT", .draw = "yC", .dice = "1 2", .first = 0,
		.cheater = -1,
	};
	char text[256];
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	cx_stack(f, &d);
	fx_ok(f, 0, "draw");
	play(f, 0, AI_HARD, text, sizeof text);
	assert_string_equal(text, "discard yC");
	fx_free(f);
}

/* A BUST drops the cards the victim spells with, as many as the die
 * allows, and none of the rest. */
static void
test_bust(void **state)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rA yC bH BUST", "pC pH pE pE pA yT bR",
		    "yE yA yT yR bC bE WILD" },
		.discard = "bT", .draw = "rT rE yE bA bE",
		.dice = "1 2 3", .first = 0, .cheater = -1,
	};
	char text[256];
	struct fx *f;
	int level;

	(void)state;
	for (level = AI_NORMAL; level < AI_LEVELS; level++) {
		f = cx_new(3, 2, 0);
		cx_stack(f, &d);
		fx_ok(f, 0, "bust {p:1}");
		fx_ok(f, 1, "pass");
		play(f, 0, (enum ai_level)level, text, sizeof text);
		assert_int_equal(strncmp(text, "drop p", 6), 0);
		assert_int_equal(fx_nwords(text), 4);
		fx_free(f);
	}
}

/* Whole games at 2 to 5 seats, every mix of levels, many deals: no move
 * an AI makes is refused, and every game ends. */
static void
test_whole_games(void **state)
{
	enum ai_level levels[GAME_MAX_SEATS];
	struct game_result r;
	char *cause = NULL;
	int g, s, n;

	(void)state;
	for (g = 0; g < 60; g++) {
		n = 2 + g % 4;
		for (s = 0; s < n; s++)
			levels[s] = (enum ai_level)((g / 4 + s) % AI_LEVELS);
		if (ai_play_budget(&cheater_ops, NULL, n, levels,
		    EXPERT_PLAYOUTS, 500 + (uint64_t)g, &r, NULL, &cause) < 0)
			fail_msg("game %d: %s", g, cause);
		assert_true(r.winner >= 0);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_observe, fx_teardown),
		cmocka_unit_test_teardown(test_blind, fx_teardown),
		cmocka_unit_test_teardown(test_discard, fx_teardown),
		cmocka_unit_test_teardown(test_grab, fx_teardown),
		cmocka_unit_test_teardown(test_take_last, fx_teardown),
		cmocka_unit_test_teardown(test_take_seen, fx_teardown),
		cmocka_unit_test_teardown(test_hide, fx_teardown),
		cmocka_unit_test_teardown(test_keep_hide, fx_teardown),
		cmocka_unit_test_teardown(test_bust, fx_teardown),
		cmocka_unit_test(test_whole_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
