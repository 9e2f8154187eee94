/*
 * Unit tests for games/cheat/cheat.c with stacked deals, how hands empty and
 * seats go: the winning play and its window (closed by the table, or a
 * wrong or right call), a face-up opening play that wins at once, loser
 * mode, and leaving the game on one's turn, as the accused, in a window or
 * in loser mode.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "games/cheat/cheat.h"
#include "games/game.h"
#include "tests/lib/cheat-deal.h"

static const char *const win_hands[] = {
	"2c 5c 9c kc", "4h 4d 7c", "3c",
};

/* A play that empties a hand: the window with no turn, then the table's
 * close makes the winner. */
static void
test_win_close(void **state)
{
	static const int places[] = { 2, 2, 1 };
	struct fx *f = fx_new(3, 0, 1, 0);
	char text[64];

	(void)state;
	fx_stack(f, win_hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 3c as three");
	assert_said(f, GAME_PUBLIC, "{p:2} plays 1 card: one three. {p:2} has "
	    "no cards left! Call cheat now, or {p:2} wins.");
	assert_said(f, 2, "Your hand is empty");
	assert_turn(f, -1, 0x3, 2);
	fx_refused(f, 0, "play 2c as two", "it is not your turn");
	assert_int_equal(fx_move(f, "0 close"), -1);
	assert_string_equal(f->cause, "only the table closes a window");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "-1 close");
	assert_said(f, GAME_PUBLIC, "Nobody called cheat on {p:2}. {p:2} "
	    "wins!");
	assert_over(f, places, 2, -1);
	fx_refused(f, 0, "cheat", "the game is over");
	fx_free(f);
}

static void
test_win_wrong_call(void **state)
{
	static const int places[] = { 2, 2, 1 };
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, win_hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 3c as three");
	fx_ok(f, 0, "cheat");
	assert_said(f, GAME_PUBLIC, "{p:0} calls cheat on {p:2}! Declared "
	    "one three, the 1 card was: 3♣ - honest. {p:0} takes the pile "
	    "(46 cards). {p:2} wins!");
	assert_over(f, places, 2, -1);
	fx_free(f);
}

static void
test_win_right_call(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, win_hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 3c as five");
	fx_ok(f, 1, "cheat");
	assert_said(f, GAME_PUBLIC, "{p:1} calls cheat on {p:2}! Declared "
	    "one five, the 1 card was: 3♣ - a lie. {p:2} takes the pile "
	    "(46 cards). {p:1} opens, face up.");
	assert_turn(f, 1, 0, -1);
	assert_int_equal(fx_hand_n(f, 2), 46);
	fx_free(f);
}

/* A face-up opening play cannot be a lie: emptying the hand wins at once. */
static void
test_opening_win(void **state)
{
	static const char *const hands[] = { "2c", "4h 4d", "3c" };
	static const int places[] = { 2, 1, 2 };
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play 4h 4d");
	assert_said(f, GAME_PUBLIC, "{p:1} opens with 2 cards: two fours "
	    "({red:4♥} {red:4♦}). {p:1} wins!");
	assert_over(f, places, 1, -1);
	fx_free(f);
}

/* The records of a game played for the loser: nobody wins ("there isn't
 * a winner, only a loser"); the seat lost loses, and so does every seat
 * that left. */
static void
assert_no_winner(struct fx *f, int lost_seat)
{
	struct game_result r;
	int s, won, lost;

	memset(&r, 0, sizeof r);
	f->ops->result(f->g, &r);
	assert_int_equal(r.for_loser, 1);
	for (s = 0; s < f->nseats; s++) {
		game_outcome(f->ops, &r, s, &won, &lost);
		assert_int_equal(won, 0);
		assert_int_equal(lost, s == lost_seat || r.place[s] == 0);
	}
}

/* Loser mode: emptied hands finish in order, play goes on, and the last
 * one holding cards loses; the first out has place 1 and no win. */
static void
test_loser_mode(void **state)
{
	static const char *const hands[] = { "5c 6c 7c", "4h 9c", "4d" };
	static const int places[] = { 2, 3, 1 };
	struct fx *f = fx_new(3, 0, 1, 1);
	char text[64];

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 4d as four");
	assert_said(f, GAME_PUBLIC, "{p:2} plays 1 card: one four. {p:2} has "
	    "no cards left! Call cheat now, or {p:2} is out.");
	assert_turn(f, -1, 0x3, 2);
	fx_timeout(f, text, sizeof text);
	assert_said(f, GAME_PUBLIC, "Nobody called cheat on {p:2}. {p:2} is "
	    "out in place 1. {p:0} to play: threes, fours or fives.");
	assert_turn(f, 0, 0, -1);
	fx_refused(f, 2, "cheat", "you have no cards left to play");
	fx_ok(f, 0, "play 5c as five");
	assert_turn(f, 1, 0x2, 0);
	fx_ok(f, 1, "play 9c as six");
	assert_turn(f, -1, 0x1, 1);
	fx_ok(f, 0, "cheat");
	assert_turn(f, 0, 0, -1);
	fx_ok(f, 0, "play 6c");
	fx_ok(f, 1, "play 4h as six");
	fx_ok(f, 0, "play 7c as seven");
	assert_turn(f, -1, 0x2, 0);
	fx_ok(f, 1, "cheat");
	assert_said_has(f, GAME_PUBLIC, "- honest. {p:1} takes the pile (3 "
	    "cards). {p:0} is out in place 2. {p:1} is left holding cards "
	    "and loses.");
	assert_over(f, places, -1, 1);
	assert_no_winner(f, 1);
	fx_free(f);
}

/* Loser mode: an opening play that empties a hand finishes at once and the
 * round goes on face down. */
static void
test_loser_opening(void **state)
{
	static const char *const hands[] = { "2c", "4h 4d", "3c 5c" };
	static const int places[] = { 2, 1, 3 };
	struct fx *f = fx_new(3, 0, 1, 1);
	char text[64];

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play 4h 4d");
	assert_said(f, GAME_PUBLIC, "{p:1} opens with 2 cards: two fours "
	    "({red:4♥} {red:4♦}). {p:1} is out in place 1. {p:2} to play: "
	    "threes, fours or fives.");
	assert_turn(f, 2, 0, -1);
	fx_ok(f, 2, "play 3c as three");
	fx_ok(f, 0, "play 2c as two");
	assert_turn(f, -1, 0x4, 0);
	fx_timeout(f, text, sizeof text);
	assert_over(f, places, -1, 2);
	assert_no_winner(f, 2);
	fx_free(f);
}

/* Leaving on one's turn: the cards go under the pile, the turn passes. */
static void
test_leave_turn(void **state)
{
	static const char *const under[] = {
		"4d", "4h", "5h", "7c", "qd", "qh", "qs",
	};
	struct fx *f = fx_new(3, 0, 1, 0);
	const struct cards *pile;
	int i;

	(void)state;
	fx_stack(f, fx_three_hands);
	assert_int_equal(fx_move(f, "1 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:1} leaves the game; those 7 cards go "
	    "under the pile. {p:2} opens, face up.");
	assert_int_equal(fx_said_count(f, 1), 0);
	pile = cheat_pile(f->g);
	assert_int_equal(pile->n, 35 + 7);
	for (i = 0; i < 7; i++)
		assert_int_equal(pile->c[i], fx_card(under[i]));
	assert_turn(f, 2, 0, -1);
	fx_refused(f, 1, "play 4h", "you have left this game");
	assert_int_equal(fx_move(f, "1 leave"), -1);
	assert_string_equal(f->cause, "you have left this game");
	assert_int_equal(fx_move(f, "0 leave 3"), -1);
	assert_string_equal(f->cause, "leave takes no arguments");
	fx_ok(f, 2, "play 3c 3d");
	fx_ok(f, 0, "play 2c as three");
	assert_turn(f, 2, 0x4, 0);
	fx_free(f);
}

/* The accused leaving ends the window; the last one left wins. */
static void
test_leave_accused(void **state)
{
	static const char *const hands[] = {
		"2c", "4h 4d 5d", "3c 6d", "7c 8c",
	};
	static const int places[] = { 0, 0, 0, 1 };
	struct fx *f = fx_new(4, 0, 1, 0);

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 3c as three");
	assert_turn(f, 3, 0xb, 2);
	assert_int_equal(fx_move(f, "2 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:2} leaves the game; that 1 card goes "
	    "under the pile. {p:3} to play: twos, threes or fours.");
	assert_int_equal(cheat_pile(f->g)->c[0], fx_card("6d"));
	assert_turn(f, 3, 0, -1);
	fx_ok(f, 3, "play 7c as four");
	assert_turn(f, 0, 0x3, 3);
	/* Seat 0 leaves on its turn while seat 3's play is open. */
	assert_int_equal(fx_move(f, "0 leave"), 0);
	assert_turn(f, 1, 0x2, 3);
	assert_int_equal(fx_move(f, "1 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:1} leaves the game; those 2 cards go "
	    "under the pile. {p:3} wins.");
	assert_over(f, places, 3, -1);
	fx_free(f);
}

/* The winning play's seat leaves, or another seat leaves its window. */
static void
test_leave_window(void **state)
{
	static const int places[] = { 0, 2, 1 };
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, win_hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 3c as three");
	assert_int_equal(fx_move(f, "2 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:2} leaves the game. {p:0} to play: "
	    "twos, threes or fours.");
	assert_turn(f, 0, 0, -1);
	fx_free(f);

	f = fx_new(3, 0, 1, 0);
	fx_stack(f, win_hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 3c as three");
	assert_int_equal(fx_move(f, "0 leave"), 0);
	assert_turn(f, -1, 0x2, 2);
	assert_int_equal(fx_move(f, "-1 close"), 0);
	assert_over(f, places, 2, -1);
	fx_free(f);
}

/* Loser mode: a leave that leaves one seat ends the game with no loser. */
static void
test_leave_loser_mode(void **state)
{
	static const char *const hands[] = { "5c 6c 7c", "4h 9c", "4d" };
	static const int places[] = { 0, 2, 1 };
	struct fx *f = fx_new(3, 0, 1, 1);

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 4d as four");
	assert_int_equal(fx_move(f, "-1 close"), 0);
	/* Leaving after finishing keeps the place. */
	assert_int_equal(fx_move(f, "2 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:2} leaves the table, keeping place "
	    "1.");
	assert_turn(f, 0, 0, -1);
	assert_int_equal(fx_move(f, "2 leave"), -1);
	assert_string_equal(f->cause, "you have left this game");
	fx_refused(f, 2, "cheat", "you have left this game");
	assert_int_equal(fx_move(f, "0 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; those 3 cards go "
	    "under the pile. {p:1} takes place 2.");
	assert_over(f, places, -1, -1);
	assert_no_winner(f, -1);
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_win_close),
		T(test_win_wrong_call),
		T(test_win_right_call),
		T(test_opening_win),
		T(test_loser_mode),
		T(test_loser_opening),
		T(test_leave_turn),
		T(test_leave_accused),
		T(test_leave_window),
		T(test_leave_loser_mode),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
