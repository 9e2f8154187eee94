/*
 * Unit tests for games/cheesedog*.c with stacked deals, the special
 * cards and the clears: 7s skip (one player each, round the table, past
 * safe players), 8s make the next play 8 or lower (a 2 still plays), 9s
 * reverse (each once more), 10s clear the pile if they play at all, four
 * or more of a rank on top clear it (in one play or over several), the
 * player who cleared starts the new pile, and a clear cancels the 7s, 8s
 * and 9s that made it.
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

/* Four face-down cards for each seat, so that nobody is out early. */
#define DOWN0 "2c 3c 4c 5c"
#define DOWN1 "2d 3d 4d 5d"
#define DOWN2 "2h 3h 4h 5h"
#define DOWN3 "2s 3s 4s 5s"

/* 2s play on anything, several at once too; four of them on top clear
 * like any rank. */
static void
test_twos(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "2c 2d 4c", "3d" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "ac", .first = 1,
	};
	static const struct cheesedog_deal four = {
		.hands = { "3c", "2c 2d 4c", "3d" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "ac 2h 2s", .first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "play 2c 2d");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 2♣ {red:2♦}. {p:2} to "
	    "play 2 or higher.");
	dg_stack(f, &four);
	fx_ok(f, 1, "play 2c 2d");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 2♣ {red:2♦}. The pile "
	    "clears: four twos. {p:1} starts a new pile.");
	fx_free(f);
}

static void
test_seven_skips(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c 4c", "7c 7d 7h 6c", "8c 9c", "jc qc" },
		.down = { DOWN0, DOWN1, DOWN2, DOWN3 },
		.first = 1,
	};
	struct fx *f = dg_new(4, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "play 7c");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 7♣. {p:2} is skipped. "
	    "{p:3} to play 7 or higher.");
	dg_assert_turn(f, 3, 1);
	fx_ok(f, 3, "play jc");
	fx_ok(f, 0, "pickup");
	/* Two 7s skip two players. */
	fx_ok(f, 1, "play 7d 7h");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:7♦} {red:7♥}. {p:2} "
	    "and {p:3} are skipped. {p:0} to play 7 or higher.");
	dg_assert_turn(f, 0, 1);
	fx_free(f);
}

/* More 7s than other players: the skips go round the table, the player
 * who played them included. */
static void
test_sevens_round(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "7c 7d 7h 6c", "8c 9c", "jc qc" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.first = 0,
	};
	struct fx *f = dg_new(3, 2);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 0, "play 7c 7d 7h");
	assert_said(f, GAME_PUBLIC, "{p:0} plays 7♣ {red:7♦} {red:7♥}. "
	    "{p:1}, {p:2} and {p:0} are skipped. {p:1} to play 7 or higher.");
	dg_assert_turn(f, 1, 1);
	fx_free(f);
}

/* A safe player is out of the rotation: 7s skip only players holding
 * cards. */
static void
test_sevens_past_safe(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "7c 7d 7h 8c", "3c 9c", "4c", "5c 6c" },
		.down = { DOWN0, DOWN1, "", DOWN3 },
		.first = 1,
	};
	struct fx *f = dg_new(4, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "play 3c");
	fx_ok(f, 2, "play 4c");
	assert_said(f, GAME_PUBLIC, "{p:2} plays 4♣. {p:2} has no cards "
	    "left: safe, in place 1. {p:3} to play 4 or higher.");
	fx_ok(f, 3, "play 5c");
	fx_ok(f, 0, "play 7c");
	assert_said(f, GAME_PUBLIC, "{p:0} plays 7♣. {p:1} is skipped. "
	    "{p:3} to play 7 or higher.");
	fx_ok(f, 3, "pickup");
	fx_ok(f, 0, "play 7d 7h");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:7♦} {red:7♥}. {p:1} "
	    "and {p:3} are skipped. {p:0} to play 7 or higher.");
	dg_assert_turn(f, 0, 1);
	fx_free(f);
}

static void
test_eight_restriction(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "9c 8d 5c", "8c 8s 8h ah 4h", "9d 6h 2d kd 10c" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "play 8c 8s");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 8♣ 8♠. {p:2} to play 8 "
	    "or lower.");
	assert_said(f, 2, "Your turn: play 8 or lower (a 2 always plays) "
	    "from your hand. Hand (5): {red:2♦} {red:6♥} {red:9♦} 10♣ "
	    "{red:K♦}. Face up: none. Face down: 1 2 3 4.");
	assert_string_equal(dg_status(f), "{p:2} to play 8 or lower. Play "
	    "goes left. Pile: 2 cards, on top 8♣ 8♠. Out of the game: 79. "
	    "{p:0}: hand 3, face up none, face down 4; {p:1}: hand 3, face "
	    "up none, face down 4; {p:2}: hand 5, face up none, face down "
	    "4.");
	fx_refused(f, 2, "play 9d", "after an 8 play 8 or lower (or a 2), not "
	    "nines");
	fx_refused(f, 2, "play 10c", "after an 8 play 8 or lower (or a 2), "
	    "not tens");
	fx_refused(f, 2, "play kd", "after an 8 play 8 or lower (or a 2), not "
	    "kings");
	/* Lower plays, and only the next play is held down. */
	fx_ok(f, 2, "play 6h");
	assert_said(f, GAME_PUBLIC, "{p:2} plays {red:6♥}. {p:0} to play 6 "
	    "or higher.");
	fx_ok(f, 0, "play 8d");
	/* An 8 on an 8, then a 2 on an 8. */
	fx_refused(f, 1, "play ah", "after an 8 play 8 or lower (or a 2), not "
	    "aces");
	fx_ok(f, 1, "play 8h");
	fx_ok(f, 2, "play 2d");
	assert_said(f, GAME_PUBLIC, "{p:2} plays {red:2♦}. {p:0} to play 2 "
	    "or higher.");
	fx_ok(f, 0, "play 9c");
	fx_free(f);
}

/* A pickup takes the restriction away with the pile. */
static void
test_eight_pickup(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "kc ac", "8c 6c", "9d" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "play 8c");
	fx_ok(f, 2, "pickup");
	fx_ok(f, 0, "play kc");
	assert_said(f, GAME_PUBLIC, "{p:0} plays K♣. {p:1} to play K or "
	    "higher.");
	fx_free(f);
}

static void
test_nine_reverses(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "9d 9h 4c", "9c 3c", "qc", "jc" },
		.down = { DOWN0, DOWN1, DOWN2, DOWN3 },
		.first = 1,
	};
	struct fx *f = dg_new(4, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "play 9c");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 9♣. Play reverses: it "
	    "goes right. {p:0} to play 9 or higher.");
	dg_assert_turn(f, 0, -1);
	/* Two 9s reverse twice: still right. */
	fx_ok(f, 0, "play 9d 9h");
	assert_said(f, GAME_PUBLIC, "{p:0} plays {red:9♦} {red:9♥}. Play "
	    "reverses twice: it goes right. {p:3} to play 9 or higher.");
	dg_assert_turn(f, 3, -1);
	fx_ok(f, 3, "play jc");
	dg_assert_turn(f, 2, -1);
	fx_free(f);
}

static void
test_nines_three(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "9c 9c 9s 4c", "5c", "6c" },
		.down = { DOWN0, DOWN1, DOWN2, DOWN3 },
		.first = 1, .reverse = 1,
	};
	struct fx *f = dg_new(4, 0);

	(void)state;
	dg_stack(f, &d);
	dg_assert_turn(f, 1, -1);
	fx_ok(f, 1, "play 9c 9c 9s");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 9♣ 9♣ 9♠. Play reverses "
	    "3 times: it goes left. {p:2} to play 9 or higher.");
	dg_assert_turn(f, 2, 1);
	fx_free(f);
}

static void
test_ten_clears(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "4c 6c", "10d 10h 5c 3h", "10s 10c jc" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "9d", .first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "play 10d");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:10♦}. The 10 clears "
	    "the pile. {p:1} starts a new pile.");
	assert_said(f, 1, "Your turn: start a new pile with any cards of "
	    "one rank from your hand. Hand (3): {red:3♥} 5♣ {red:10♥}. Face "
	    "up: none. Face down: 1 2 3 4.");
	assert_dg_cards(f, CHEESEDOG_PILE, 0, "");
	dg_assert_turn(f, 1, 1);
	/* On the empty pile it clears itself. */
	fx_ok(f, 1, "play 10h");
	dg_assert_turn(f, 1, 1);
	fx_ok(f, 1, "play 5c");
	fx_ok(f, 2, "play jc");
	fx_refused(f, 0, "play 6c", "sixes do not play on J♣: play J or "
	    "higher, or a 2");
	fx_ok(f, 0, "pickup");
	fx_ok(f, 1, "play 3h");
	fx_ok(f, 2, "play 10s 10c");
	assert_said(f, GAME_PUBLIC, "{p:2} plays 10♠ 10♣. The 10s clear "
	    "the pile. {p:2} has only face-down cards left. {p:2} starts a "
	    "new pile.");
	fx_free(f);
}

/* A 10 must still be equal or higher: not on a jack, nor on an 8. */
static void
test_ten_refused(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "4c", "10d 8c 3c", "10s 3d" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "jh", .first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_refused(f, 1, "play 10d", "tens do not play on J♥: play J or "
	    "higher, or a 2");
	fx_ok(f, 1, "pickup");
	fx_ok(f, 2, "play 3d");
	fx_ok(f, 0, "play 4c");
	fx_ok(f, 1, "play 8c");
	fx_refused(f, 2, "play 10s", "after an 8 play 8 or lower (or a 2), "
	    "not tens");
	fx_free(f);
}

static void
test_four_of_a_kind(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "4c", "5c 5d 5h 5s 6c 6d", "6h 6s 3c", "qs" },
		.down = { DOWN0, DOWN1, DOWN2, DOWN3 },
		.first = 1,
	};
	struct fx *f = dg_new(4, 0);

	(void)state;
	dg_stack(f, &d);
	/* In one play. */
	fx_ok(f, 1, "play 5c 5d 5h 5s");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 5♣ {red:5♦} {red:5♥} 5♠. "
	    "The pile clears: four fives. {p:1} starts a new pile.");
	dg_assert_turn(f, 1, 1);
	/* Over two plays, by two players. */
	fx_ok(f, 1, "play 6c 6d");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 6♣ {red:6♦}. {p:1} has "
	    "only face-down cards left. {p:2} to play 6 or higher.");
	fx_ok(f, 2, "play 6h 6s");
	assert_said(f, GAME_PUBLIC, "{p:2} plays {red:6♥} 6♠. The pile "
	    "clears: four sixes. {p:2} starts a new pile.");
	dg_assert_turn(f, 2, 1);
	assert_dg_cards(f, CHEESEDOG_PILE, 0, "");
	fx_free(f);
}

/* Five of a kind clear; a run broken by another rank does not count. */
static void
test_runs(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "4c", "qs qs", "5h 5s 3c" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "qc qd qh", .first = 1,
	};
	static const struct cheesedog_deal broken = {
		.hands = { "4c", "3c", "5h 5s" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "5c 5d 2c", .first = 2,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "play qs qs");
	assert_said(f, GAME_PUBLIC, "{p:1} plays Q♠ Q♠. The pile clears: "
	    "five queens. {p:1} has only face-down cards left. {p:1} starts a "
	    "new pile.");
	dg_stack(f, &broken);
	fx_ok(f, 2, "play 5h 5s");
	assert_said(f, GAME_PUBLIC, "{p:2} plays {red:5♥} 5♠. {p:2} has "
	    "only face-down cards left. {p:0} to play 5 or higher.");
	assert_dg_cards(f, CHEESEDOG_PILE, 0, "5♣ 5♦ 2♣ 5♥ 5♠");
	fx_free(f);
}

/* A clear cancels what its 7s, 9s and 8s would do. */
static void
test_clear_cancels(void **state)
{
	static const struct cheesedog_deal sevens = {
		.hands = { "4c", "7h 7s 3c", "5c", "6c" },
		.down = { DOWN0, DOWN1, DOWN2, DOWN3 },
		.pile = "7c 7d", .first = 1,
	};
	static const struct cheesedog_deal nines = {
		.hands = { "4c", "9d 9h 9s 3c", "5c", "6c" },
		.down = { DOWN0, DOWN1, DOWN2, DOWN3 },
		.pile = "9c", .first = 1,
	};
	static const struct cheesedog_deal eights = {
		.hands = { "4c", "8s kc", "5c", "6c" },
		.down = { DOWN0, DOWN1, DOWN2, DOWN3 },
		.pile = "8c 8d 8h", .first = 1,
	};
	struct fx *f = dg_new(4, 0);

	(void)state;
	dg_stack(f, &sevens);
	fx_ok(f, 1, "play 7h 7s");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:7♥} 7♠. The pile "
	    "clears: four sevens. {p:1} starts a new pile.");
	dg_assert_turn(f, 1, 1);
	fx_ok(f, 1, "play 3c");
	dg_assert_turn(f, 2, 1);

	dg_stack(f, &nines);
	fx_ok(f, 1, "play 9d 9h 9s");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:9♦} {red:9♥} 9♠. The "
	    "pile clears: four nines. {p:1} starts a new pile.");
	fx_ok(f, 1, "play 3c");
	dg_assert_turn(f, 2, 1);

	dg_stack(f, &eights);
	fx_ok(f, 1, "play 8s");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 8♠. The pile clears: four "
	    "eights. {p:1} starts a new pile.");
	fx_ok(f, 1, "play kc");
	assert_said(f, GAME_PUBLIC, "{p:1} plays K♣. {p:1} has only "
	    "face-down cards left. {p:2} to play K or higher.");
	fx_free(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_twos, fx_teardown),
		cmocka_unit_test_teardown(test_seven_skips, fx_teardown),
		cmocka_unit_test_teardown(test_sevens_round, fx_teardown),
		cmocka_unit_test_teardown(test_sevens_past_safe, fx_teardown),
		cmocka_unit_test_teardown(test_eight_restriction,
		    fx_teardown),
		cmocka_unit_test_teardown(test_eight_pickup, fx_teardown),
		cmocka_unit_test_teardown(test_nine_reverses, fx_teardown),
		cmocka_unit_test_teardown(test_nines_three, fx_teardown),
		cmocka_unit_test_teardown(test_ten_clears, fx_teardown),
		cmocka_unit_test_teardown(test_ten_refused, fx_teardown),
		cmocka_unit_test_teardown(test_four_of_a_kind, fx_teardown),
		cmocka_unit_test_teardown(test_runs, fx_teardown),
		cmocka_unit_test_teardown(test_clear_cancels, fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
