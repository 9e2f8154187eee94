/*
 * Unit tests for games/cheesedog*.c: the deal (four face down, four face
 * up and a share of the rest from the dealer's left, who starts), deals
 * refused, stacked deals and stacks refused, what the deal, !status and
 * !hand say, and whole random games through the fixture's checks.  The
 * rules of play are in test-cheesedog-play.c and -special.c, the flips
 * in -flip.c, the end in -end.c, what players type in -input.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "games/cheesedog/cheesedog.h"
#include "games/game.h"
#include "games/rng.h"
#include "tests/lib/cheesedog-deal.h"

/* The number of cards in a list as the hooks write it. */
static int
count(const char *list)
{
	int n = list[0] != '\0';

	while ((list = strchr(list, ' ')) != NULL) {
		list++;
		n++;
	}
	return n;
}

static void
test_deal_sizes(void **state)
{
	struct fx *f;
	int nseats, dealer, k, s, rest;

	(void)state;
	for (nseats = 3; nseats <= 8; nseats++) {
		for (dealer = 0; dealer < nseats; dealer += 2) {
			f = dg_new_seed(nseats, dealer, (unsigned)nseats);
			rest = 2 * CARDS_DECK - 8 * nseats;
			/* One at a time from the dealer's left: the first
			 * seats get the cards over. */
			for (k = 0; k < nseats; k++) {
				s = (dealer + 1 + k) % nseats;
				assert_int_equal(count(dg_cards(f,
				    CHEESEDOG_HAND, s)), rest / nseats +
				    (k < rest % nseats));
				assert_int_equal(count(dg_cards(f,
				    CHEESEDOG_UP, s)), 4);
				assert_null(strchr(dg_cards(f, CHEESEDOG_DOWN,
				    s), '-'));
				assert_int_equal(count(f->buf), 4);
				assert_int_equal(fx_said_count(f, s), 1);
				assert_said_has(f, s, "Face down: 1 2 3 4.");
			}
			assert_int_equal(fx_said_count(f, GAME_PUBLIC), 1);
			assert_dg_cards(f, CHEESEDOG_PILE, 0, "");
			assert_dg_cards(f, CHEESEDOG_CLEARED, 0, "");
			dg_assert_turn(f, (dealer + 1) % nseats, 1);
			assert_said_has(f, (dealer + 1) % nseats,
			    "Your turn: start a new pile");
			fx_free(f);
		}
	}
}

static void
test_deal_refused(void **state)
{
	static const struct {
		int nseats, dealer;
		const char *cause;
	} cases[] = {
		{ 2, 0, "cheesedog is for 3 to 8 players, not 2" },
		{ 9, 0, "cheesedog is for 3 to 8 players, not 9" },
		{ 3, 3, "no seat 3 to deal" },
		{ 4, -1, "no seat -1 to deal" },
	};
	struct game_opts opts;
	struct rng rng;
	char *cause;
	size_t i;

	(void)state;
	rng_seed(&rng, 1);
	game_opts_default(&cheesedog_ops, &opts);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cause = NULL;
		assert_null(cheesedog_ops.create(&opts, cases[i].nseats,
		    cases[i].dealer, &rng, NULL, &cause));
		assert_string_equal(cause, cases[i].cause);
		free(cause);
	}
}

/* The deal is the shuffled decks: face down, face up, then the rest. */
static void
test_deal_order(void **state)
{
	struct cards deck;
	struct rng rng;
	struct fx *f;
	char want[64], card[16];
	size_t used = 0;
	int pos;

	(void)state;
	f = dg_new_seed(5, 3, 42);
	rng_seed(&rng, 42);
	cards_deck(&deck, 2);
	rng_shuffle(&rng, deck.c, (size_t)deck.n);
	/* Seat 4 is left of dealer 3: deck cards 0, 5, 10, 15 go face down
	 * there, 20 face up first. */
	for (pos = 0; pos < 4; pos++) {
		cards_plain(deck.c[pos * 5], card, sizeof card);
		used += (size_t)snprintf(want + used, sizeof want - used,
		    "%s%s", pos > 0 ? " " : "", card);
	}
	assert_dg_cards(f, CHEESEDOG_DOWN, 4, want);
	cards_plain(deck.c[20 + 2], want, sizeof want);
	assert_non_null(strstr(dg_cards(f, CHEESEDOG_UP, 1), want));
	cards_plain(deck.c[40 + 4], want, sizeof want);
	assert_non_null(strstr(dg_cards(f, CHEESEDOG_HAND, 3), want));
	fx_free(f);
}

static const struct cheesedog_deal small = {
	.hands = { "3c 5h 5d", "9c jh 2s", "kd" },
	.up = { "4c 4h", "6s", "7d ac" },
	.down = { "2c 3d 4s 5s", "- qh - 6d", "" },
	.pile = "8h 9s",
	.first = 1,
};

static void
test_stacked_lines(void **state)
{
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &small);
	assert_said(f, GAME_PUBLIC, "Cheesedog for 3 players with two "
	    "decks, dealt by {p:0}, play going left. {p:0}: hand 3, face up "
	    "4♣ {red:4♥}, face down 4; {p:1}: hand 3, face up 6♠, face down "
	    "2; {p:2}: hand 1, face up {red:7♦} A♣, face down 0. Pile: "
	    "{red:8♥} 9♠. {p:1} to play 9 or higher.");
	assert_said(f, 0, "Hand (3): 3♣ {red:5♦} {red:5♥}. Face up: 4♣ "
	    "{red:4♥}. Face down: 1 2 3 4.");
	assert_said(f, 1, "Your turn: play 9 or higher (a 2 always plays) "
	    "from your hand. Hand (3): 2♠ 9♣ {red:J♥}. Face up: 6♠. Face "
	    "down: 2 4.");
	assert_said(f, 2, "Hand (1): {red:K♦}. Face up: {red:7♦} A♣. "
	    "Face down: none.");
	assert_dg_cards(f, CHEESEDOG_DOWN, 1, "- Q♥ - 6♦");
	assert_dg_cards(f, CHEESEDOG_PILE, 0, "8♥ 9♠");
	assert_int_equal(count(dg_cards(f, CHEESEDOG_CLEARED, 0)), 104 - 20);
	dg_assert_turn(f, 1, 1);
	fx_free(f);
}

static void
test_stack_refused(void **state)
{
	static const struct {
		struct cheesedog_deal d;
		const char *cause;
	} cases[] = {
		{ { .hands = { "3c", "zz", "4c" }, .first = -1 },
		    "unknown card 'zz'" },
		{ { .hands = { "3c 3c 3c", "4c", "5c" }, .first = -1 },
		    "no 3c left to stack" },
		{ { .hands = { "3c", "4c", "" }, .first = -1 },
		    "seat 2 gets no cards" },
		{ { .hands = { "3c", "4c", "5c" }, .up = { "6c 6d 6h 6s 7c" },
		    .first = -1 }, "seat 0 gets 5 face-up cards" },
		{ { .hands = { "3c", "4c", "5c" }, .down = { "6c 6d" },
		    .first = -1 }, "face down: four positions, not '6c 6d'" },
		{ { .hands = { "3c", "4c", "5c" }, .pile = "6c 6d 6h 6s",
		    .first = -1 }, "that pile would have cleared" },
		{ { .hands = { "3c", "4c", "5c" }, .pile = "6c 10d",
		    .first = -1 }, "that pile would have cleared" },
		{ { .hands = { "3c", "4c", "5c" }, .first = 3 },
		    "no seat 3 to start" },
	};
	struct fx *f = dg_new(3, 0);
	char *cause, before[1024];
	size_t i;

	(void)state;
	snprintf(before, sizeof before, "%s", dg_cards(f, CHEESEDOG_HAND, 0));
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cause = NULL;
		assert_int_equal(cheesedog_stack(f->g, &cases[i].d, NULL,
		    &cause), -1);
		assert_string_equal(cause, cases[i].cause);
		free(cause);
		/* A refused stack leaves the game as it was. */
		assert_dg_cards(f, CHEESEDOG_HAND, 0, before);
	}
	fx_free(f);
}

static void
test_status_and_hand(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c 5h 5d", "9c jh 2s", "kd" },
		.up = { "4c 4h", "6s", "7d ac" },
		.down = { "2c 3d 4s 5s", "- qh - 6d", "" },
		.pile = "8h 9s 9d",
		.first = 1,
		.reverse = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	assert_string_equal(dg_status(f), "{p:1} to play 9 or higher. Play "
	    "goes right. Pile: 3 cards, on top 9♠ {red:9♦}. Out of the game: "
	    "83. {p:0}: hand 3, face up 4♣ {red:4♥}, face down 4; {p:1}: hand "
	    "3, face up 6♠, face down 2; {p:2}: hand 1, face up {red:7♦} A♣, "
	    "face down 0.");
	assert_string_equal(dg_view(f, 1), "Your turn: play 9 or higher (a 2 "
	    "always plays) from your hand. Hand (3): 2♠ 9♣ {red:J♥}. Face up: "
	    "6♠. Face down: 2 4.");
	assert_string_equal(dg_view(f, 0), "Hand (3): 3♣ {red:5♦} {red:5♥}. "
	    "Face up: 4♣ {red:4♥}. Face down: 1 2 3 4.");
	fx_ok(f, 1, "play jh");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:J♥}. {p:0} to play "
	    "J or higher.");
	dg_assert_turn(f, 0, -1);
	assert_string_equal(dg_status(f), "{p:0} to play J or higher. Play "
	    "goes right. Pile: 4 cards, on top {red:J♥}. Out of the game: "
	    "83. {p:0}: hand 3, face up 4♣ {red:4♥}, face down 4; {p:1}: hand "
	    "2, face up 6♠, face down 2; {p:2}: hand 1, face up {red:7♦} A♣, "
	    "face down 0.");
	assert_string_equal(dg_view(f, 0), "Your turn: nothing in your hand "
	    "plays on {red:J♥}: pickup. Hand (3): 3♣ {red:5♦} {red:5♥}. Face "
	    "up: 4♣ {red:4♥}. Face down: 1 2 3 4.");
	fx_free(f);
}

/* Whole games of random play: every move passes the fixture's checks
 * (no hidden card named, every hand line true, words that parse back)
 * and the game ends with every seat placed. */
static void
test_random_games(void **state)
{
	struct game_result r;
	struct game_move mv;
	struct game_turn t;
	struct rng rng;
	struct fx *f;
	char text[64];
	int game, moves, s, seen[GAME_MAX_SEATS + 1];

	(void)state;
	for (game = 0; game < 24; game++) {
		f = dg_new_seed(3 + game % 6, game % 3, (unsigned)game + 7);
		rng_seed(&rng, (uint64_t)game);
		for (moves = 0;; moves++) {
			cheesedog_ops.turn(f->g, &t);
			if (t.over)
				break;
			assert_true(moves < 2000);
			if (moves % 9 == 4) {
				fx_timeout(f, text, sizeof text);
				continue;
			}
			assert_int_equal(cheesedog_ops.sample(f->g, &rng,
			    &mv), 0);
			if (fx_apply(f, &mv) != 0)
				fail_msg("sampled move refused: %s", f->cause);
			if (moves % 50 == 0)
				dg_status(f);
		}
		cheesedog_ops.result(f->g, &r);
		assert_in_range(r.loser, 0, f->nseats - 1);
		memset(seen, 0, sizeof seen);
		for (s = 0; s < f->nseats; s++) {
			assert_in_range(r.place[s], 1, f->nseats);
			assert_int_equal(seen[r.place[s]]++, 0);
		}
		assert_int_equal(r.place[r.loser], f->nseats);
		assert_true(r.points[r.loser] > 0);
		fx_free(f);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_deal_sizes, fx_teardown),
		cmocka_unit_test_teardown(test_deal_refused, fx_teardown),
		cmocka_unit_test_teardown(test_deal_order, fx_teardown),
		cmocka_unit_test_teardown(test_stacked_lines, fx_teardown),
		cmocka_unit_test_teardown(test_stack_refused, fx_teardown),
		cmocka_unit_test_teardown(test_status_and_hand, fx_teardown),
		cmocka_unit_test_teardown(test_random_games, fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
