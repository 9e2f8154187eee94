/*
 * Unit tests for games/cheat/cheat.c with stacked deals, ordinary play: the deal
 * and a stacked deal refused, the opening face-up play, declarations up,
 * same and down with the K-A-2 wrap, lies by rank and by count, right and
 * wrong challenges, timeouts, what the views show, and the messages of
 * random games.  The end of a game is in test-cheat-end.c, what players
 * type in test-cheat-input.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "games/cheat/cheat.h"
#include "games/game.h"
#include "tests/lib/cheat-deal.h"

static void
test_deal_sizes(void **state)
{
	static const struct {
		int nseats, dealer, decks, total, first;
	} cases[] = {
		{ 3, 0, 0, 52, 18 }, { 3, 2, 0, 52, 18 }, { 4, 1, 0, 52, 13 },
		{ 5, 4, 0, 104, 21 }, { 6, 0, 1, 52, 9 }, { 2, 1, 2, 104, 52 },
		{ 10, 9, 0, 104, 11 }, { 7, 3, 2, 104, 15 },
	};
	static const char opening[] = "Your turn: open the round face up, "
	    "cards of one rank. Your hand (";
	size_t i;
	int s, k, total, want;
	struct fx *f;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		f = fx_new(cases[i].nseats, cases[i].dealer, cases[i].decks, 0);
		total = 0;
		/* Dealt one at a time from the dealer's left: the extra
		 * cards go to the first seats after the dealer. */
		for (k = 0; k < f->nseats; k++) {
			s = (cases[i].dealer + 1 + k) % f->nseats;
			want = cases[i].total / f->nseats +
			    (k < cases[i].total % f->nseats);
			assert_int_equal(fx_hand_n(f, s), want);
			total += fx_hand_n(f, s);
			assert_int_equal(fx_said_count(f, s), 1);
		}
		/* The opener's one line is its turn, with its hand. */
		assert_int_equal(strncmp(fx_said(f, (cases[i].dealer + 1) %
		    f->nseats), opening, strlen(opening)), 0);
		assert_int_equal(total, cases[i].total);
		assert_int_equal(fx_hand_n(f, (cases[i].dealer + 1) %
		    f->nseats), cases[i].first);
		assert_turn(f, (cases[i].dealer + 1) % f->nseats, 0, -1);
		assert_int_equal(fx_said_count(f, GAME_PUBLIC), 1);
		assert_int_equal(cheat_ops.invariants(f->g, NULL), 0);
		fx_free(f);
	}
}

static void
test_deal_refused(void **state)
{
	static const struct {
		int nseats, dealer, decks;
		const char *cause;
	} cases[] = {
		{ 1, 0, 0, "cheat is for 2 to 10 players, not 1" },
		{ 11, 0, 0, "cheat is for 2 to 10 players, not 11" },
		{ 7, 0, 1, "one deck is for at most 6 players, not 7" },
		{ 3, 3, 0, "no seat 3 to deal" },
		{ 3, -1, 0, "no seat -1 to deal" },
		{ 3, 0, 3, "option 'decks' takes a value from 0 to 2" },
	};
	struct game_opts opts;
	struct rng rng;
	char *cause;
	size_t i;

	(void)state;
	rng_seed(&rng, 1);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		game_opts_default(&cheat_ops, &opts);
		opts.v[0] = cases[i].decks;
		cause = NULL;
		assert_null(cheat_ops.create(&opts, cases[i].nseats,
		    cases[i].dealer, &rng, NULL, &cause));
		assert_string_equal(cause, cases[i].cause);
		free(cause);
	}
}

/* The deal is the shuffled deck handed out from the dealer's left. */
static void
test_deal_order(void **state)
{
	struct cards deck, want[4];
	struct rng rng;
	struct fx *f;
	int i, s;

	(void)state;
	f = fx_new(4, 2, 0, 0);
	rng_seed(&rng, 1);
	cards_deck(&deck, 1);
	rng_shuffle(&rng, deck.c, (size_t)deck.n);
	for (s = 0; s < 4; s++)
		cards_clear(&want[s]);
	for (i = 0; i < deck.n; i++)
		cards_add(&want[(3 + i) % 4], deck.c[i]);
	for (s = 0; s < 4; s++) {
		cards_sort(&want[s]);
		assert_int_equal(want[s].n, fx_hand_n(f, s));
		assert_memory_equal(want[s].c, cheat_hand(f->g, s)->c,
		    (size_t)want[s].n * sizeof want[s].c[0]);
	}
	fx_free(f);
}

static void
test_opening(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, fx_three_hands);
	assert_turn(f, 1, 0, -1);
	fx_refused(f, 2, "play 3c", "it is not your turn");
	fx_refused(f, 1, "play 4h 5h as fours", "an opening play is face "
	    "up: lay cards of one rank");
	fx_refused(f, 1, "play 4h as q", "you lay fours face up, so declare "
	    "fours");
	fx_refused(f, 1, "play 4h 4d as one four", "you lay 2 cards face up, "
	    "so declare 2");
	fx_refused(f, 2, "cheat", "there is no play to challenge now");
	fx_ok(f, 1, "play 4h 4d");
	assert_said(f, GAME_PUBLIC, "{p:1} opens with 2 cards: two fours "
	    "({red:4♥} {red:4♦}). {p:2} to play: threes, fours or fives.");
	/* The mover is sent nothing: the hand only lost what it chose. */
	assert_int_equal(fx_said_count(f, 1), 0);
	/* The next player is told privately what they may declare. */
	assert_said(f, 2, "Your turn: declare threes, fours or fives. Your "
	    "hand (6): {red:A♥} 3♣ {red:3♦} 6♠ 8♠ J♣");
	assert_turn(f, 2, 0, -1);
	fx_refused(f, 0, "cheat", "that play was face up: there is nothing "
	    "to challenge");
	fx_free(f);
}

/* Declarations go up, stay or go down one rank, aces high and low. */
static void
test_declarations_wrap(void **state)
{
	static const char *const hands[] = {
		"2c 2d 5c 9c", "kc kd 7c 8c", "ac 3c 6s qs",
	};
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play kc");
	fx_refused(f, 2, "play 3c as two", "after kings you may declare "
	    "queens, kings or aces, not twos");
	fx_ok(f, 2, "play ac as ace");
	assert_said(f, GAME_PUBLIC, "{p:2} plays 1 card: one ace. {p:0} to "
	    "play: kings, aces or twos.");
	fx_refused(f, 0, "play 5c as queen", "after aces you may declare "
	    "kings, aces or twos, not queens");
	fx_ok(f, 0, "play 2c as two");
	fx_refused(f, 1, "play 7c as king", "after twos you may declare "
	    "aces, twos or threes, not kings");
	fx_ok(f, 1, "play 7c as ace");
	fx_ok(f, 2, "play 6s as k");
	fx_ok(f, 0, "play 9c as q");
	fx_ok(f, 1, "play 8c as queen");
	fx_ok(f, 2, "play qs as jack");
	assert_said(f, GAME_PUBLIC, "{p:2} plays 1 card: one jack. {p:0} to "
	    "play: tens, jacks or queens.");
	fx_free(f);
}

/* A lie by count and by rank, caught: the liar takes the pile and the
 * caller opens.  The face-down cards appear only in the reveal. */
static void
test_right_challenge(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, fx_three_hands);
	fx_ok(f, 1, "play 4h 4d");
	fx_ok(f, 2, "play 3c 3d 6s as two threes");
	assert_said(f, GAME_PUBLIC, "{p:2} plays 3 cards: two threes. {p:0} "
	    "to play: twos, threes or fours.");
	assert_int_equal(fx_said_count(f, 2), 0);
	assert_turn(f, 0, 0x3, 2);
	fx_ok(f, 1, "cheat");
	assert_said(f, GAME_PUBLIC, "{p:1} calls cheat on {p:2}! Declared "
	    "two threes, the 3 cards were: 3♣ {red:3♦} 6♠ - a lie. {p:2} "
	    "takes the pile (40 cards). {p:1} opens, face up.");
	assert_int_equal(fx_said_count(f, 2), 1);
	assert_said_has(f, 2, "Your hand (43): ");
	/* The caller opens, and is told so with their hand. */
	assert_said_has(f, 1, "Your turn: open the round face up, cards of "
	    "one rank. Your hand (5): ");
	assert_int_equal(fx_hand_n(f, 2), 43);
	assert_int_equal(cheat_pile(f->g)->n, 0);
	assert_turn(f, 1, 0, -1);
	fx_refused(f, 1, "play 5h qh as fives", "an opening play is face up: "
	    "lay cards of one rank");

	/* A lie by rank alone. */
	fx_ok(f, 1, "play qh qd");
	fx_ok(f, 2, "play 6s as king");
	fx_ok(f, 0, "bs");
	assert_said(f, GAME_PUBLIC, "{p:0} calls cheat on {p:2}! Declared "
	    "one king, the 1 card was: 6♠ - a lie. {p:2} takes the pile "
	    "(3 cards). {p:0} opens, face up.");
	assert_turn(f, 0, 0, -1);
	fx_free(f);
}

/* An honest play: the caller takes the pile and the player left of the
 * accused opens (who may be the caller). */
static void
test_wrong_challenge(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, fx_three_hands);
	fx_ok(f, 1, "play 4h 4d");
	fx_ok(f, 2, "play 3c 3d as two threes");
	fx_ok(f, 1, "cheater");
	assert_said(f, GAME_PUBLIC, "{p:1} calls cheat on {p:2}! Declared "
	    "two threes, the 2 cards were: 3♣ {red:3♦} - honest. {p:1} "
	    "takes the pile (39 cards). {p:0} opens, face up.");
	assert_int_equal(fx_hand_n(f, 1), 44);
	assert_turn(f, 0, 0, -1);

	fx_ok(f, 0, "play 2c");
	fx_ok(f, 1, "play 2d 2h as 2 twos");
	fx_ok(f, 0, "cheat");
	assert_said_has(f, GAME_PUBLIC, "honest. {p:0} takes the pile (3 "
	    "cards). {p:2} opens, face up.");
	fx_ok(f, 2, "play 6s");
	fx_ok(f, 0, "play 2c as six");
	fx_ok(f, 1, "play 5h as five");
	fx_ok(f, 0, "cheat");
	assert_said_has(f, GAME_PUBLIC, "{red:5♥} - honest. {p:0} takes the "
	    "pile (3 cards). {p:2} opens, face up.");
	fx_free(f);
}

/* Who may call, and on which play. */
static void
test_challenge_rules(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, fx_three_hands);
	fx_ok(f, 1, "play 4h 4d");
	fx_ok(f, 2, "play 3c as three");
	fx_refused(f, 2, "cheat", "you cannot call cheat on yourself");
	fx_ok(f, 0, "play 5c as four");
	/* The next play accepted seat 2's: only seat 0's is open now. */
	assert_turn(f, 1, 0x6, 0);
	assert_int_equal(fx_move(f, "1 cheat 2"), -1);
	assert_string_equal(f->cause, "that play can no longer be "
	    "challenged");
	fx_ok(f, 2, "cheat");
	assert_said_has(f, GAME_PUBLIC, "5♣ - a lie. {p:0} takes the pile");
	assert_turn(f, 2, 0, -1);
	fx_refused(f, 1, "cheat", "there is no play to challenge now");
	fx_free(f);
}

/* The default moves: the lowest card face up; the lowest card of a rank
 * that may be declared, honestly; else the lowest card as the last rank. */
static void
test_timeout(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);
	char text[64];

	(void)state;
	fx_stack(f, fx_three_hands);
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "1 play 1 4 16");
	assert_said(f, GAME_PUBLIC, "{p:1} opens with 1 card: one four "
	    "({red:4♦}). {p:2} to play: threes, fours or fives.");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "2 play 1 3 2");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "0 play 1 2 1");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "1 play 1 2 29");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 1 card: one two. {p:2} to "
	    "play: aces, twos or threes.");
	/* Aces count low: after twos the ace is the lowest allowed card. */
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "2 play 1 1 26");
	fx_free(f);
}

static void
test_views(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, fx_three_hands);
	sink_reset(&f->sink);
	/* The seat to play sees its turn with its hand, the others their
	 * hands. */
	cheat_ops.view(f->g, 1, &f->out);
	assert_said(f, 1, "Your turn: open the round face up, cards of one "
	    "rank. Your hand (7): {red:4♦} {red:4♥} {red:5♥} 7♣ {red:Q♦} "
	    "{red:Q♥} Q♠");
	cheat_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "{p:1} opens, face up. Pile: 35. Cards: "
	    "{p:0} 4, {p:1} 7, {p:2} 6.");
	assert_int_equal(f->sink.n, 2);
	fx_ok(f, 1, "play 4h 4d");
	fx_ok(f, 2, "play 3c as three");
	sink_reset(&f->sink);
	cheat_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "{p:0} to play: twos, threes or fours. "
	    "Last: {p:2} laid 1 card as one three (open to challenge). "
	    "Pile: 38. Cards: {p:0} 4, {p:1} 5, {p:2} 5.");
	assert_int_equal(fx_move(f, "0 leave"), 0);
	sink_reset(&f->sink);
	cheat_ops.view(f->g, 0, &f->out);
	assert_said(f, 0, "You have left this game");
	cheat_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "{p:1} to play: twos, threes or fours. "
	    "Last: {p:2} laid 1 card as one three (open to challenge). "
	    "Pile: 42. Cards: {p:0} left, {p:1} 5, {p:2} 5.");
	assert_int_equal(fx_move(f, "1 leave"), 0);
	sink_reset(&f->sink);
	cheat_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "Game over: {p:2} won. Pile: 47. Cards: "
	    "{p:0} left, {p:1} left, {p:2} 5.");
	fx_free(f);
}

static void
test_stack_refused(void **state)
{
	struct cards hands[2];
	struct fx *f = fx_new(2, 0, 1, 0);
	char *cause = NULL;

	(void)state;
	fx_cards("4h 5h", &hands[0]);
	fx_cards("5h", &hands[1]);
	assert_int_equal(cheat_stack(f->g, hands, &cause), -1);
	assert_string_equal(cause, "card 30 dealt twice");
	free(cause);
	cards_clear(&hands[1]);
	assert_int_equal(cheat_stack(f->g, hands, &cause), -1);
	assert_string_equal(cause, "seat 1 gets no cards");
	free(cause);
	cards_add(&hands[1], 60);
	assert_int_equal(cheat_stack(f->g, hands, &cause), -1);
	assert_string_equal(cause, "no card 60");
	free(cause);
	fx_free(f);
}

/* The seat sent "Your turn" by the last move, or -1; never two. */
static int
prompted_seat(const struct fx *f)
{
	int i, seat = -1;

	for (i = 0; i < f->sink.n; i++) {
		if (f->sink.seat[i] < 0 ||
		    strncmp(f->sink.text[i], "Your turn: ", 11) != 0)
			continue;
		assert_int_equal(seat, -1);
		seat = f->sink.seat[i];
	}
	return seat;
}

/* Random games: one public line per move, a private line only to seats
 * whose hand changed by another's move, to a mover whose hand is empty,
 * and to the seat whose turn it became (the prompt, with the hand), and
 * a face-down card never in a public line. */
static void
test_messages_random(void **state)
{
	struct game_move mv;
	struct rng rng;
	struct fx *f;
	const char *verb, *pub;
	struct game_turn before, after;
	int game, moves, i, prompt, empty;

	(void)state;
	rng_seed(&rng, 77);
	for (game = 0; game < 20; game++) {
		f = fx_new(2 + game % 9, game % 2, 0, game % 3 == 0);
		for (moves = 0; moves < 5000; moves++) {
			if (cheat_ops.sample(f->g, &rng, &mv) != 0)
				break;
			assert_int_equal(cheat_ops.check(f->g, &mv, NULL), 0);
			sink_reset(&f->sink);
			cheat_ops.turn(f->g, &before);
			cheat_ops.apply(f->g, &mv, &f->out);
			cheat_ops.turn(f->g, &after);
			verb = cheat_ops.verbs[mv.verb];
			assert_int_equal(fx_said_count(f, GAME_PUBLIC), 1);
			pub = fx_said(f, GAME_PUBLIC);
			for (i = 0; i < f->nseats; i++)
				assert_in_range(fx_said_count(f, i), 0, 1);
			prompt = prompted_seat(f);
			/* A new turn is always prompted, to its seat. */
			if (after.seat >= 0 && after.seat != before.seat)
				assert_int_equal(prompt, after.seat);
			if (prompt >= 0)
				assert_int_equal(prompt, after.seat);
			if (strcmp(verb, "play") == 0) {
				/* The mover hears only of an empty hand. */
				empty = cheat_hand(f->g, mv.seat)->n == 0;
				assert_int_equal(f->sink.n,
				    1 + empty + (prompt >= 0));
				assert_int_equal(fx_said_count(f, mv.seat),
				    empty);
			} else if (strcmp(verb, "cheat") == 0)
				assert_in_range(f->sink.n, 2, 3);
			else
				assert_int_equal(f->sink.n, 1 + (prompt >= 0));
			if (strcmp(verb, "play") == 0 &&
			    strstr(pub, " opens with ") == NULL) {
				assert_null(strstr(pub, "♣"));
				assert_null(strstr(pub, "♦"));
				assert_null(strstr(pub, "♥"));
				assert_null(strstr(pub, "♠"));
			}
		}
		assert_int_equal(cheat_ops.sample(f->g, &rng, &mv), -1);
		fx_free(f);
	}
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_deal_sizes),
		T(test_deal_refused),
		T(test_deal_order),
		T(test_opening),
		T(test_declarations_wrap),
		T(test_right_challenge),
		T(test_wrong_challenge),
		T(test_challenge_rules),
		T(test_timeout),
		T(test_views),
		T(test_stack_refused),
		T(test_messages_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
