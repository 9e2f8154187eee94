/*
 * Unit tests for games/cheesedog*.c with stacked deals, the end of a
 * game: players out of cards are safe in finishing order, the last one
 * holding cards loses (result: places, the loser, no winner), a last card
 * that clears or skips, leaving (the turn passes, the cards go out of the
 * game, no place), a safe player leaving the table (the place stands), a
 * game ended by leaves (no loser), and nothing moves once it is over.
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

static void
test_loser(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "qc qd", "4c" },
		.first = 0,
	};
	static const int places[] = { 1, 2, 3 };
	struct game_result r;
	struct fx *f = dg_new(3, 2);

	(void)state;
	assert_int_equal(cheesedog_ops.loser_game, 1);
	dg_stack(f, &d);
	fx_ok(f, 0, "play 3c");
	assert_said(f, GAME_PUBLIC, "{p:0} plays 3♣. {p:0} has no cards "
	    "left: safe, in place 1. {p:1} to play 3 or higher.");
	fx_refused(f, 0, "play 4c", "you have no cards left to play");
	fx_ok(f, 1, "play qc");
	fx_ok(f, 2, "pickup");
	/* Seat 0 is out of the rotation. */
	dg_assert_turn(f, 1, 1);
	fx_ok(f, 1, "play qd");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:Q♦}. {p:1} has no "
	    "cards left: safe, in place 2. {p:2} is left holding cards and "
	    "loses.");
	dg_assert_over(f, places, 2);
	cheesedog_ops.result(f->g, &r);
	assert_int_equal(r.points[2], 3);
	assert_int_equal(r.points[0], 0);
	assert_string_equal(dg_status(f), "Game over. {p:2} lost. Pile: 1 "
	    "card, on top {red:Q♦}. Out of the game: 100. {p:0}: safe, place "
	    "1; {p:1}: safe, place 2; {p:2}: place 3, lost.");
	assert_string_equal(dg_view(f, 2), "Hand (3): 3♣ 4♣ Q♣. Face up: "
	    "none. Face down: none.");
	fx_refused(f, 2, "play 3c", "the game is over");
	assert_int_equal(fx_move(f, "2 leave"), -1);
	assert_string_equal(f->cause, "the game is over");
	fx_free(f);
}

/* A last card that clears: the next player starts the new pile.  A last
 * 7 skips from its player's seat. */
static void
test_last_card(void **state)
{
	static const struct cheesedog_deal tens = {
		.hands = { "3c", "10d", "4c", "5c" },
		.down = { "2c 3c 4c 5c", "", "2h 3h 4h 5h", "2s 3s 4s 5s" },
		.pile = "9c", .first = 1,
	};
	static const struct cheesedog_deal sevens = {
		.hands = { "3c", "7d", "4c", "5c" },
		.down = { "2c 3c 4c 5c", "", "2h 3h 4h 5h", "2s 3s 4s 5s" },
		.pile = "6c", .first = 1,
	};
	struct fx *f = dg_new(4, 0);

	(void)state;
	dg_stack(f, &tens);
	fx_ok(f, 1, "play 10d");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:10♦}. The 10 clears "
	    "the pile. {p:1} has no cards left: safe, in place 1. {p:2} "
	    "starts a new pile.");
	dg_assert_turn(f, 2, 1);
	dg_stack(f, &sevens);
	fx_ok(f, 1, "play 7d");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:7♦}. {p:1} has no "
	    "cards left: safe, in place 1. {p:2} is skipped. {p:3} to play 7 "
	    "or higher.");
	dg_assert_turn(f, 3, 1);
	fx_free(f);
}

/* Leaving: off the turn and on it; the cards go out of the game, the
 * turn passes, no place. */
static void
test_leave(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c 6c", "4c jc", "kc kd", "5c 6d" },
		.up = { "", "", "ac", "" },
		.down = { "", "", "2h - 4h -", "" },
		.first = 1,
	};
	static const int places[] = { 2, 1, 0, 0 };
	struct fx *f = dg_new(4, 0);

	(void)state;
	dg_stack(f, &d);
	assert_int_equal(fx_move(f, "2 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:2} leaves the game; their cards go "
	    "out of the game. {p:1} starts a new pile.");
	assert_int_equal(fx_said_count(f, 2), 0);
	dg_assert_turn(f, 1, 1);
	assert_dg_cards(f, CHEESEDOG_HAND, 2, "");
	assert_dg_cards(f, CHEESEDOG_UP, 2, "");
	assert_dg_cards(f, CHEESEDOG_DOWN, 2, "- - - -");
	assert_int_equal(fx_move(f, "2 leave"), -1);
	assert_string_equal(f->cause, "you have left this game");
	fx_refused(f, 2, "pickup", "you have left this game");
	assert_string_equal(dg_view(f, 2), "You have left this game.");
	fx_ok(f, 1, "play 4c");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 4♣. {p:3} to play 4 or "
	    "higher.");
	assert_int_equal(fx_move(f, "3 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:3} leaves the game; their cards go "
	    "out of the game. {p:0} to play 4 or higher.");
	dg_assert_turn(f, 0, 1);
	fx_ok(f, 0, "play 6c");
	fx_ok(f, 1, "play jc");
	assert_said(f, GAME_PUBLIC, "{p:1} plays J♣. {p:1} has no cards "
	    "left: safe, in place 1. {p:0} is left holding cards and loses.");
	dg_assert_over(f, places, 0);
	fx_free(f);
}

/* When leaves leave one player holding cards, the game ends with no
 * loser: nobody lost by play. */
static void
test_leave_ends(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "4c jc", "5c 6d" },
		.first = 0,
	};
	static const int places[] = { 1, 0, 2 };
	struct fx *f = dg_new(3, 2);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 0, "play 3c");
	assert_int_equal(fx_move(f, "1 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:1} leaves the game; their cards go "
	    "out of the game. {p:2} takes place 2.");
	dg_assert_over(f, places, -1);
	assert_string_equal(dg_status(f), "Game over. Pile: 1 card, on top "
	    "3♣. Out of the game: 101. {p:0}: safe, place 1; {p:1}: left; "
	    "{p:2}: place 2.");
	fx_free(f);
}

/* A safe player may leave the table, keeping the place. */
static void
test_safe_leaves(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "4c jc", "5c 6d" },
		.first = 0,
	};
	static const int places[] = { 1, 2, 3 };
	struct fx *f = dg_new(3, 2);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 0, "play 3c");
	assert_int_equal(fx_move(f, "0 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the table, keeping place "
	    "1. {p:1} to play 3 or higher.");
	dg_assert_turn(f, 1, 1);
	assert_string_equal(dg_view(f, 0), "You have left this game.");
	assert_int_equal(fx_move(f, "0 leave"), -1);
	assert_string_equal(f->cause, "you have left this game");
	fx_ok(f, 1, "play 4c");
	fx_ok(f, 2, "play 5c");
	fx_ok(f, 1, "play jc");
	dg_assert_over(f, places, 2);
	fx_free(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_loser, fx_teardown),
		cmocka_unit_test_teardown(test_last_card, fx_teardown),
		cmocka_unit_test_teardown(test_leave, fx_teardown),
		cmocka_unit_test_teardown(test_leave_ends, fx_teardown),
		cmocka_unit_test_teardown(test_safe_leaves, fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
