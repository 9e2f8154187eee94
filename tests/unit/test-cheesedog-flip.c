/*
 * Unit tests for games/cheesedog*.c with stacked deals, the flips: a
 * face-down card chosen by position and seen only when played; a flip
 * that does not play goes into the hand with the pile, named to its owner
 * alone; a flip onto an empty pile (a free flip) always plays; a flip
 * under an 8 plays only if 8 or lower; a flipped 10 or fourth card clears
 * and the flipper flips again; positions typed wrong; the last flip.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "games/cheesedog/cheesedog.h"
#include "games/game.h"
#include "tests/lib/cheesedog-deal.h"

#define DOWN0 "2c 3c 4c 5c"
#define DOWN2 "2h 3h 4h 5h"

static void
test_failed_flip(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "4c", "", "jc 6c" },
		.down = { DOWN0, "3d kd 4d 5d", DOWN2 },
		.pile = "qc", .first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	assert_said(f, 1, "Your turn: turn a face-down card over with flip "
	    "N (N: 1, 2, 3 or 4); it plays if it is Q or higher or a 2, else "
	    "you take it with the pile. Hand (0): none. Face up: none. Face "
	    "down: 1 2 3 4.");
	fx_ok(f, 1, "flip 1");
	assert_said(f, GAME_PUBLIC, "{p:1} flips face-down card 1, which "
	    "does not play: it goes unseen into the hand with the pile (1 "
	    "card). {p:2} starts a new pile.");
	assert_said_lacks(f, GAME_PUBLIC, "3♦");
	assert_said(f, 1, "Your face-down card 1 is {red:3♦}: it does not "
	    "play on Q♣, so you take it with the pile. Hand (2): {red:3♦} "
	    "Q♣. Face up: none. Face down: 2 3 4.");
	assert_dg_cards(f, CHEESEDOG_HAND, 1, "3♦ Q♣");
	assert_dg_cards(f, CHEESEDOG_DOWN, 1, "- K♦ 4♦ 5♦");
	assert_string_equal(dg_status(f), "{p:2} starts a new pile. Play "
	    "goes left. Pile: empty. Out of the game: 88. {p:0}: hand 1, face "
	    "up none, face down 4; {p:1}: hand 2, face up none, face down 3; "
	    "{p:2}: hand 2, face up none, face down 4.");
	/* The hand comes before the next flip again. */
	fx_ok(f, 2, "play 6c");
	fx_ok(f, 0, "pickup");
	fx_refused(f, 1, "flip 2", "your hand comes first, then your face-up "
	    "cards, then the flips");
	fx_ok(f, 1, "play 3d");
	fx_free(f);
}

static void
test_free_flip(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "", "jc" },
		.down = { DOWN0, "3d kd 4d 5d", DOWN2 },
		.pile = "qc", .first = 0,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 0, "pickup");
	assert_said(f, 1, "Your turn: turn a face-down card over with flip "
	    "N (N: 1, 2, 3 or 4); on the empty pile it plays whatever it is. "
	    "Hand (0): none. Face up: none. Face down: 1 2 3 4.");
	fx_ok(f, 1, "flip 1");
	assert_said(f, GAME_PUBLIC, "{p:1} flips face-down card 1 onto the "
	    "empty pile (a free flip): {red:3♦}. {p:2} to play 3 or higher.");
	/* A flip that plays only lost a card, in sight now: nothing is
	 * said to its player. */
	assert_int_equal(fx_said_count(f, 1), 0);
	assert_dg_cards(f, CHEESEDOG_DOWN, 1, "- K♦ 4♦ 5♦");
	assert_dg_cards(f, CHEESEDOG_PILE, 0, "3♦");
	fx_free(f);
}

/* A flip under an 8's restriction plays if it is 8 or lower, or a 2;
 * each case on the same deal stacked again. */
static void
test_flip_on_eight(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "", "jc" },
		.down = { DOWN0, "5d jd 2s 9d", DOWN2 },
		.pile = "8c", .first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	assert_said_has(f, 1, "; it plays if it is 8 or lower or a 2, "
	    "else you take it with the pile.");
	fx_ok(f, 1, "flip 1");
	assert_said(f, GAME_PUBLIC, "{p:1} flips face-down card 1: "
	    "{red:5♦}. {p:2} to play 5 or higher.");
	dg_stack(f, &d);
	fx_ok(f, 1, "flip 2");
	assert_said(f, GAME_PUBLIC, "{p:1} flips face-down card 2, which "
	    "does not play: it goes unseen into the hand with the pile (1 "
	    "card). {p:2} starts a new pile.");
	assert_said_has(f, 1, "Your face-down card 2 is {red:J♦}: it does "
	    "not play on 8♣, so you take it with the pile.");
	dg_stack(f, &d);
	fx_ok(f, 1, "flip 4");
	assert_said_has(f, GAME_PUBLIC, "{p:1} flips face-down card 4, "
	    "which does not play");
	dg_stack(f, &d);
	fx_ok(f, 1, "flip 3");
	assert_said(f, GAME_PUBLIC, "{p:1} flips face-down card 3: 2♠. "
	    "{p:2} to play 2 or higher.");
	fx_free(f);
}

/* A flipped 10 clears: the flipper starts the new pile with another
 * flip, a free one. */
static void
test_flip_ten(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "", "jc" },
		.down = { DOWN0, "10d 6d 4d 6h", DOWN2 },
		.pile = "9c", .first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "flip 1");
	assert_said(f, GAME_PUBLIC, "{p:1} flips face-down card 1: "
	    "{red:10♦}. The 10 clears the pile. {p:1} starts a new pile.");
	dg_assert_turn(f, 1, 1);
	fx_ok(f, 1, "flip 4");
	assert_said(f, GAME_PUBLIC, "{p:1} flips face-down card 4 onto the "
	    "empty pile (a free flip): {red:6♥}. {p:2} to play 6 or higher.");
	fx_free(f);
}

/* Three sixes on the pile, a flipped six: four of a kind. */
static void
test_flip_fourth(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "", "jc" },
		.down = { DOWN0, "10d 6d 4d 6h", DOWN2 },
		.pile = "9c 6c 6s 6c", .first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "flip 2");
	assert_said(f, GAME_PUBLIC, "{p:1} flips face-down card 2: "
	    "{red:6♦}. The pile clears: four sixes. {p:1} starts a new pile.");
	dg_assert_turn(f, 1, 1);
	fx_free(f);
}

static void
test_flip_positions(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "", "jc" },
		.down = { DOWN0, "- 6d 4d -", DOWN2 },
		.first = 1,
	};
	struct fx *f = dg_new(3, 0);
	struct game_move mv;

	(void)state;
	dg_stack(f, &d);
	fx_refused(f, 1, "flip 5", "flip takes a position from 1 to 4, not "
	    "'5'");
	fx_refused(f, 1, "flip 0", "flip takes a position from 1 to 4, not "
	    "'0'");
	fx_refused(f, 1, "flip two", "flip takes a position from 1 to 4, not "
	    "'two'");
	fx_refused(f, 1, "flip 2 3", "flip one card at a time: flip N");
	fx_refused(f, 1, "flip 1", "you have no face-down card 1 left");
	fx_refused(f, 1, "flip 4", "you have no face-down card 4 left");
	assert_int_equal(fx_move(f, "1 flip 7"), -1);
	assert_string_equal(f->cause, "no face-down position 8");
	fx_refused(f, 0, "flip 2", "it is not your turn");
	/* Without a position: the first one left. */
	assert_int_equal(fx_parse(f, 1, "flip", &mv), 0);
	assert_int_equal(mv.argv[0], 1);
	fx_ok(f, 1, "flip");
	assert_said_has(f, GAME_PUBLIC, "{p:1} flips face-down card 2 onto "
	    "the empty pile (a free flip): {red:6♦}.");
	fx_free(f);
}

/* The last flip that plays makes its player safe. */
static void
test_last_flip(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "", "jc" },
		.down = { DOWN0, "- - qd -", DOWN2 },
		.pile = "jd", .first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "flip 3");
	assert_said(f, GAME_PUBLIC, "{p:1} flips face-down card 3: "
	    "{red:Q♦}. {p:1} has no cards left: safe, in place 1. {p:2} to "
	    "play Q or higher.");
	assert_said(f, 1, "You are safe, in place 1.");
	assert_string_equal(dg_view(f, 1), "You are safe, in place 1.");
	fx_free(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_failed_flip, fx_teardown),
		cmocka_unit_test_teardown(test_free_flip, fx_teardown),
		cmocka_unit_test_teardown(test_flip_on_eight, fx_teardown),
		cmocka_unit_test_teardown(test_flip_ten, fx_teardown),
		cmocka_unit_test_teardown(test_flip_fourth, fx_teardown),
		cmocka_unit_test_teardown(test_flip_positions, fx_teardown),
		cmocka_unit_test_teardown(test_last_flip, fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
