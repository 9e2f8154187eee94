/*
 * Unit tests for games/cheesedog*.c with stacked deals, the ordinary
 * rules of play: equal or higher, aces high, 2s on anything and anything
 * on 2s, several cards of one rank at once, picking up only when nothing
 * plays, the hand before the face-up cards before the flips (and a pile
 * picked up with the face-up cards in play joining them), and the moves a
 * timeout makes.
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
#define DOWN2 "2h 3h 4h qc"

static void
test_equal_or_higher(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c 4c", "8c jc qd", "kd qs" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "jd", .first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_refused(f, 1, "play 8c", "eights do not play on J♦: play J or "
	    "higher, or a 2");
	fx_ok(f, 1, "play jc");
	assert_said(f, GAME_PUBLIC, "{p:1} plays J♣. {p:2} to play J or "
	    "higher.");
	assert_dg_cards(f, CHEESEDOG_PILE, 0, "J♦ J♣");
	fx_ok(f, 2, "play qs");
	assert_said(f, GAME_PUBLIC, "{p:2} plays Q♠. {p:0} to play Q or "
	    "higher.");
	fx_refused(f, 0, "play 4c", "fours do not play on Q♠: play Q or "
	    "higher, or a 2");
	fx_ok(f, 0, "pickup");
	dg_assert_turn(f, 1, 1);
	assert_dg_cards(f, CHEESEDOG_HAND, 0, "3♣ 4♣ J♣ J♦ Q♠");
	/* Higher plays too. */
	fx_ok(f, 1, "play qd");
	fx_ok(f, 2, "play kd");
	assert_said(f, GAME_PUBLIC, "{p:2} plays {red:K♦}. {p:2} has only "
	    "face-down cards left. {p:0} to play K or higher.");
	fx_free(f);
}

static void
test_aces_high(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c 4c", "ac 5c", "kh 2d" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "kd", .first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_refused(f, 1, "play 5c", "fives do not play on K♦: play K or "
	    "higher, or a 2");
	fx_ok(f, 1, "play ac");
	assert_said(f, GAME_PUBLIC, "{p:1} plays A♣. {p:2} to play A or "
	    "higher.");
	fx_refused(f, 2, "play kh", "kings do not play on A♣: play A or "
	    "higher, or a 2");
	/* A 2 plays on an ace, and anything on a 2. */
	fx_ok(f, 2, "play 2d");
	assert_said(f, GAME_PUBLIC, "{p:2} plays {red:2♦}. {p:0} to play "
	    "2 or higher.");
	fx_ok(f, 0, "play 3c");
	assert_dg_cards(f, CHEESEDOG_PILE, 0, "K♦ A♣ 2♦ 3♣");
	fx_free(f);
}

static void
test_one_rank(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c 4c", "5h 5h 5c 6h", "kh 2d" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_refused(f, 1, "play 5h 6h", "a play is cards of one rank");
	fx_refused(f, 1, "play 5h 5h 5h", "'5♥' is named twice");
	fx_refused(f, 1, "play 5d", "you do not hold '5♦'");
	/* With two decks, a card named twice is both copies. */
	fx_ok(f, 1, "play 5h 5h 5c");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:5♥} {red:5♥} 5♣. "
	    "{p:2} to play 5 or higher.");
	/* The player knows what they played: their cards are not shown
	 * again until their next turn. */
	assert_int_equal(fx_said_count(f, 1), 0);
	assert_dg_cards(f, CHEESEDOG_HAND, 1, "6♥");
	assert_dg_cards(f, CHEESEDOG_PILE, 0, "5♥ 5♥ 5♣");
	fx_free(f);
}

static void
test_pickup_only_when_forced(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c 4c", "2s 5c jh", "kh 2d" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_refused(f, 1, "pickup", "the pile is empty: start it with any "
	    "cards");
	fx_ok(f, 1, "play 5c");
	fx_refused(f, 2, "pickup", "you may pick up only when nothing plays, "
	    "and your kings do");
	fx_ok(f, 2, "play kh");
	assert_said(f, 0, "Your turn: nothing in your hand plays on "
	    "{red:K♥}: pickup. Hand (2): 3♣ 4♣. Face up: none. Face down: 1 "
	    "2 3 4.");
	fx_ok(f, 0, "pickup");
	assert_said(f, GAME_PUBLIC, "{p:0} picks up the pile (2 cards). "
	    "{p:1} starts a new pile.");
	assert_said(f, 0, "Hand (4): 3♣ 4♣ 5♣ {red:K♥}. Face up: none. "
	    "Face down: 1 2 3 4.");
	assert_dg_cards(f, CHEESEDOG_PILE, 0, "");
	fx_ok(f, 1, "play jh");
	/* Only a 2 plays on the king: still no pickup. */
	fx_ok(f, 2, "play 2d");
	fx_ok(f, 0, "play 3c");
	fx_refused(f, 1, "pickup", "you may pick up only when nothing plays, "
	    "and your twos do");
	fx_free(f);
}

/* The hand first, then the face-up cards, then the face-down ones. */
static void
test_hand_up_down(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "6h qd", "5c", "6s qh" },
		.up = { "", "jh kc", "" },
		.down = { DOWN0, "3d 4d 6d 8d", DOWN2 },
		.first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_refused(f, 1, "play kc", "your hand comes first: 'K♣' is face up");
	fx_refused(f, 1, "flip 1", "your hand comes first, then your face-up "
	    "cards, then the flips");
	fx_ok(f, 1, "play 5c");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 5♣. {p:1}'s hand is "
	    "empty: the face-up cards are played next. {p:2} to play 5 or "
	    "higher.");
	fx_ok(f, 2, "play 6s");
	fx_ok(f, 0, "play 6h");
	assert_said(f, 1, "Your turn: play 6 or higher (a 2 always plays) "
	    "from your face-up cards. Hand (0): none. Face up: {red:J♥} K♣. "
	    "Face down: 1 2 3 4.");
	fx_refused(f, 1, "flip 1", "your face-up cards come first");
	fx_ok(f, 1, "play jh");
	assert_said(f, GAME_PUBLIC, "{p:1} plays face up {red:J♥}. {p:2} "
	    "to play J or higher.");
	fx_ok(f, 2, "play qh");
	assert_said(f, GAME_PUBLIC, "{p:2} plays {red:Q♥}. {p:2} has only "
	    "face-down cards left. {p:0} to play Q or higher.");
	fx_ok(f, 0, "play qd");
	fx_ok(f, 1, "play kc");
	assert_said(f, GAME_PUBLIC, "{p:1} plays face up K♣. {p:1} has "
	    "only face-down cards left. {p:2} to play K or higher.");
	/* Face-up cards played are public: nothing is said to the
	 * player. */
	assert_int_equal(fx_said_count(f, 1), 0);
	fx_refused(f, 2, "play 2h", "only face-down cards are left to you: "
	    "flip one");
	fx_refused(f, 2, "pickup", "only face-down cards are left to you: "
	    "flip one");
	fx_ok(f, 2, "flip 1");
	assert_said(f, GAME_PUBLIC, "{p:2} flips face-down card 1: "
	    "{red:2♥}. {p:0} to play 2 or higher.");
	fx_free(f);
}

/* A pile picked up while the face-up cards are the hand joins them. */
static void
test_pickup_face_up(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "ks qs", "", "as" },
		.up = { "", "3c 4c", "" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.first = 0,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 0, "play ks");
	assert_said(f, 1, "Your turn: nothing in your face-up cards plays "
	    "on K♠: pickup. Hand (0): none. Face up: 3♣ 4♣. Face down: 1 2 3 "
	    "4.");
	fx_ok(f, 1, "pickup");
	assert_said(f, GAME_PUBLIC, "{p:1} picks up the pile (1 card). The "
	    "face-up cards 3♣ 4♣ go into the hand with it. {p:2} starts a "
	    "new pile.");
	assert_said(f, 1, "Hand (3): 3♣ 4♣ K♠. Face up: none. Face down: "
	    "1 2 3 4.");
	assert_dg_cards(f, CHEESEDOG_UP, 1, "");
	assert_string_equal(dg_status(f), "{p:2} starts a new pile. Play "
	    "goes left. Pile: empty. Out of the game: 87. {p:0}: hand 1, face "
	    "up none, face down 4; {p:1}: hand 3, face up none, face down 4; "
	    "{p:2}: hand 1, face up none, face down 4.");
	fx_free(f);
}

static void
test_timeouts(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c 4c", "2c 5h 5d js", "2d kh 3s" },
		.down = { DOWN0, "- 3d - 5s", DOWN2 },
		.pile = "4d", .first = 1,
	};
	struct fx *f = dg_new(3, 0);
	char text[64];

	(void)state;
	dg_stack(f, &d);
	/* Every card of the lowest rank that plays; a 2 is kept. */
	fx_timeout(f, text, sizeof text);
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:5♦} {red:5♥}. {p:2} "
	    "to play 5 or higher.");
	fx_timeout(f, text, sizeof text);
	assert_said(f, GAME_PUBLIC, "{p:2} plays {red:K♥}. {p:0} to play "
	    "K or higher.");
	/* Nothing plays: a pickup. */
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "0 pickup");
	fx_ok(f, 1, "play js");
	fx_ok(f, 2, "play 2d");
	fx_ok(f, 0, "play kh");
	/* The 2 when nothing else plays. */
	fx_timeout(f, text, sizeof text);
	assert_said(f, GAME_PUBLIC, "{p:1} plays 2♣. {p:1} has only "
	    "face-down cards left. {p:2} to play 2 or higher.");
	fx_ok(f, 2, "play 3s");
	fx_ok(f, 0, "play 3c");
	/* The first face-down card left: position 2, index 1 in the log. */
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "1 flip 1");
	assert_said(f, GAME_PUBLIC, "{p:1} flips face-down card 2: "
	    "{red:3♦}. {p:2} to play 3 or higher.");
	assert_dg_cards(f, CHEESEDOG_DOWN, 1, "- - - 5♠");
	fx_free(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_equal_or_higher, fx_teardown),
		cmocka_unit_test_teardown(test_aces_high, fx_teardown),
		cmocka_unit_test_teardown(test_one_rank, fx_teardown),
		cmocka_unit_test_teardown(test_pickup_only_when_forced,
		    fx_teardown),
		cmocka_unit_test_teardown(test_hand_up_down, fx_teardown),
		cmocka_unit_test_teardown(test_pickup_face_up, fx_teardown),
		cmocka_unit_test_teardown(test_timeouts, fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
