/*
 * Unit tests for games/liarsuno*.c, the deal: seven each, one at a time
 * from the dealer's left, out of the deck the seed shuffles, all 112
 * cards in the game counted by kind; the first discard turned until a
 * number comes up, the actions and wilds turned first put under the draw
 * pile; a Liar's number there is an ordinary face-up card; the player
 * left of the dealer starts; a stacked wild on top with its colour; the
 * seat limits; a stacked deal refused; and what !status and !hand show.
 * The cards themselves are test-liarsuno-cards.c's.
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
#include "games/game.h"
#include "games/liarsuno/liarsuno.h"
#include "games/liarsuno/liarsuno-int.h"
#include "games/rng.h"
#include "tests/lib/liarsuno-deal.h"

/* The deck as seed shuffles it, the top last, as create() shuffles it
 * (every card in id order, then rng_shuffle with the seeded rng). */
static void
shuffled(uint64_t seed, struct cards *deck)
{
	struct rng rng;
	int id;

	rng_seed(&rng, seed);
	cards_clear(deck);
	for (id = 0; id < LU_CARDS; id++)
		cards_add(deck, id);
	rng_shuffle(&rng, deck->c, (size_t)deck->n);
}

/* The cards of l as hands are shown (sort) or in list order, as text. */
static void
text_of(const struct cards *l, int sort, char *buf, size_t size)
{
	struct cards c = *l;
	char card[8];
	size_t used;
	int i;

	if (sort)
		lu_sort(&c);
	buf[0] = '\0';
	for (i = 0; i < c.n; i++) {
		lu_card_text(c.c[i], card, sizeof card);
		used = strlen(buf);
		snprintf(buf + used, size - used, "%s%s", i > 0 ? " " : "",
		    card);
	}
}

static int
is_number(int id)
{
	return lu_face_sym(lu_face(id)) < SYM_SKIP;
}

/* Seven each from the dealer's left, one at a time off the top of the
 * shuffled deck; the next card turned, and for a seed whose first two
 * cards turned are an action or a wild, both go under the draw pile, in
 * the order turned, and the number after them starts the discard pile.
 * Dealt by seat 2 of 4: seat 3 gets the first card, and starts. */
static void
test_deal_order(void **state)
{
	struct cards deck, hand, under;
	char want[600];
	uint64_t seed;
	int top, s, i, turned;
	struct fx *f;

	(void)state;
	for (seed = 1; seed < 10000; seed++) {
		shuffled(seed, &deck);
		top = deck.n - 1 - 4 * LU_HAND;
		if (!is_number(deck.c[top]) && !is_number(deck.c[top - 1]))
			break;
	}
	assert_true(seed < 10000);
	f = lx_new_with(4, 2, NULL, seed);
	for (s = 0; s < 4; s++) {
		cards_clear(&hand);
		for (i = 0; i < LU_HAND; i++)
			cards_add(&hand, deck.c[deck.n - 1 - i * 4 -
			    (s + 4 - 3) % 4]);
		text_of(&hand, 1, want, sizeof want);
		assert_lx_cards(f, s, want);
	}
	cards_clear(&under);
	for (turned = top; !is_number(deck.c[turned]); turned--)
		cards_add(&under, deck.c[turned]);
	assert_true(under.n >= 2);
	cards_clear(&hand);
	cards_add(&hand, deck.c[turned]);
	text_of(&hand, 0, want, sizeof want);
	assert_lx_cards(f, -2, want);
	/* The draw pile, top first, ends with the cards put under it. */
	text_of(&under, 0, want, sizeof want);
	assert_true(strlen(lx_cards(f, -1)) > strlen(want));
	assert_string_equal(f->buf + strlen(f->buf) - strlen(want), want);
	assert_int_equal(lx_count(f, -1), LU_CARDS - 4 * LU_HAND - 1);
	lx_assert_turn(f, 3, 0, -1);
	assert_said_has(f, GAME_PUBLIC, "Liar's UNO for 4 players, dealt "
	    "by {p:2}. The discard pile shows ");
	assert_said_has(f, GAME_PUBLIC, ". {p:3} starts.");
	fx_free(f);
}

/* A Liar's number turned first stays: it is an ordinary face-up card,
 * matched like any other, and nothing goes under the draw pile. */
static void
test_deal_liar_number(void **state)
{
	struct cards deck, top;
	char want[600];
	uint64_t seed;
	int first;
	struct fx *f;

	(void)state;
	for (seed = 1; seed < 10000; seed++) {
		shuffled(seed, &deck);
		first = deck.c[deck.n - 1 - 3 * LU_HAND];
		if (is_number(first) && lu_liar(first))
			break;
	}
	assert_true(seed < 10000);
	f = lx_new_with(3, 0, NULL, seed);
	cards_clear(&top);
	cards_add(&top, first);
	text_of(&top, 0, want, sizeof want);
	assert_int_equal(want[0], '~');
	assert_lx_cards(f, -2, want);
	assert_string_equal(lx_top(f), want + 1);
	/* The bottom of the draw pile is the bottom of the deck. */
	cards_clear(&top);
	cards_add(&top, deck.c[0]);
	text_of(&top, 0, want, sizeof want);
	lx_cards(f, -1);
	assert_string_equal(strrchr(f->buf, ' ') + 1, want);
	lx_assert_turn(f, 1, 0, -1);
	fx_free(f);
}

/* Counts the cards of a list by kind. */
static void
count_kinds(const char *list, int *regular, int *liars, int *actions,
    int *wd4, int *wlc)
{
	char *copy = strdup(list), *p = copy, *w;
	int face, liar;

	while ((w = strsep(&p, " ")) != NULL) {
		if (*w == '\0')
			continue;
		assert_int_equal(lu_parse_card(w, &face, &liar, NULL), 0);
		if (face == FACE_WLC)
			(*wlc)++;
		else if (face == FACE_WD4)
			(*wd4)++;
		else if (lu_face_sym(face) >= SYM_SKIP)
			(*actions)++;
		else if (liar)
			(*liars)++;
		else
			(*regular)++;
	}
	free(copy);
}

/* Every seed's game holds the whole deck, 112 cards by kind: 40 Regular
 * numbers, 40 Liar's numbers, 24 actions, 4 Wild Draw Four, 4 WLC; each
 * hand seven; the discard pile one number; the player left of the dealer
 * starts, clockwise; for 2 to 10 players. */
static void
test_deck_in_play(void **state)
{
	int regular, liars, actions, wd4, wlc, n, s, seed;
	char top[8];
	struct fx *f;

	(void)state;
	for (n = 2; n <= GAME_MAX_SEATS; n++) {
		for (seed = 1; seed <= 3; seed++) {
			f = lx_new_with(n, n - 1, NULL, (uint64_t)seed);
			regular = liars = actions = wd4 = wlc = 0;
			for (s = -2; s < n; s++) {
				count_kinds(lx_cards(f, s), &regular, &liars,
				    &actions, &wd4, &wlc);
				if (s >= 0)
					assert_int_equal(lx_count(f, s), 7);
			}
			assert_int_equal(regular, 40);
			assert_int_equal(liars, 40);
			assert_int_equal(actions, 24);
			assert_int_equal(wd4, 4);
			assert_int_equal(wlc, 4);
			assert_int_equal(lx_count(f, -2), 1);
			liarsuno_top(f->g, top, sizeof top);
			assert_true(top[1] >= '0' && top[1] <= '9');
			assert_int_equal(top[2], '\0');
			lx_assert_turn(f, 0, 0, -1);
			assert_false(liarsuno_reversed(f->g));
			assert_int_equal(liarsuno_uno_due(f->g), 0);
			fx_free(f);
		}
	}
}

/* Fewer than 2 or more than 10 players, or a dealer not at the table,
 * are refused by create(). */
static void
test_seats(void **state)
{
	struct game_opts opts;
	struct game_out out = { NULL, NULL };
	struct rng rng;
	char *cause = NULL;

	(void)state;
	game_opts_default(&liarsuno_ops, &opts);
	rng_seed(&rng, 1);
	assert_null(liarsuno_ops.create(&opts, 1, 0, &rng, &out, &cause));
	assert_string_equal(cause, "liarsuno is for 2 to 10 players, not 1");
	free(cause);
	cause = NULL;
	assert_null(liarsuno_ops.create(&opts, 11, 0, &rng, &out, &cause));
	assert_string_equal(cause, "liarsuno is for 2 to 10 players, not 11");
	free(cause);
	cause = NULL;
	assert_null(liarsuno_ops.create(&opts, 3, 3, &rng, &out, &cause));
	assert_string_equal(cause, "no seat 3 to deal");
	free(cause);
	assert_int_equal(liarsuno_ops.min_seats, 2);
	assert_int_equal(liarsuno_ops.max_seats, 10);
}

/* A stacked deal: each hand told to its seat, the channel told the top
 * card and who starts; a Liar's number on top counts as an ordinary
 * face-up card (matched by colour or number, nothing to challenge). */
static void
test_stacked_liar_number(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "r3 ~r7 y5 ~g+2", "b5 g5 ~bS", "y3 y4 ~+4" },
		.discard = "~r5", .first = -1,
	};
	struct fx *f = lx_new(3, 1);

	(void)state;
	lx_stack(f, &d);
	assert_said(f, GAME_PUBLIC, "Liar's UNO for 3 players, dealt by "
	    "{p:1}. The discard pile shows {red:~r5}. {p:2} starts.");
	assert_said(f, 2, "Your turn, on {red:r5}: play CARD, play CARD "
	    "as CLAIM (to me), or draw. Hand (3): {yel:y3 y4} ~+4");
	assert_said(f, 0, "Hand (4): {red:r3 ~r7} {yel:y5} {grn:~g+2}");
	assert_said(f, 1, "Hand (3): {grn:g5} {blu:b5 ~bS}");
	assert_lx_top(f, "r5");
	lx_assert_turn(f, 2, 0, -1);
	fx_refused(f, 0, "challenge", "there is no face-down card to "
	    "challenge");
	fx_refused(f, 2, "!play y3", "y3 does not match r5");
	fx_ok(f, 2, "draw");
	fx_ok(f, 2, "pass");
	/* By colour; then by number. */
	fx_ok(f, 0, "!play r3");
	assert_lx_top(f, "r3");
	fx_ok(f, 1, "draw");
	fx_ok(f, 1, "pass");
	fx_ok(f, 2, "!play y3");
	assert_lx_top(f, "y3");
	fx_free(f);
}

/* A wild stacked on top takes the colour the deal names; first and
 * reversed set who starts and the direction. */
static void
test_stacked_wild(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "r3", "g4 ~g1 b2", "b5" },
		.discard = "r9 WLC", .colour = 2, .first = 1, .reversed = 1,
	};
	struct fx *f = lx_new(3, 0);

	(void)state;
	lx_stack(f, &d);
	assert_said(f, GAME_PUBLIC, "Liar's UNO for 3 players, dealt by "
	    "{p:0}. The discard pile shows WLC (green). {p:1} starts, "
	    "counter-clockwise.");
	assert_said(f, 1, "Your turn, on {grn:green} (WLC): play CARD, "
	    "play CARD as CLAIM (to me), or draw. Hand (3): {grn:g4 ~g1} "
	    "{blu:b2}");
	assert_lx_top(f, "green WLC");
	assert_true(liarsuno_reversed(f->g));
	fx_ok(f, 1, "!play g4");
	lx_assert_turn(f, 0, 0, -1);
	fx_free(f);
}

/* Stacks the deck cannot hold, or without a hand or a discard pile. */
static void
test_stack_refused(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "r3", "~r5 ~r5" }, .discard = "r9", .first = -1,
	};
	struct fx *f = lx_new(2, 0);
	char *cause = NULL;

	(void)state;
	assert_int_equal(liarsuno_stack(f->g, &d, &f->out, &cause), -1);
	assert_string_equal(cause, "no ~r5 left to stack");
	free(cause);
	cause = NULL;
	d.hands[1] = "WLC WLC WLC WLC WLC";
	assert_int_equal(liarsuno_stack(f->g, &d, &f->out, &cause), -1);
	assert_string_equal(cause, "no WLC left to stack");
	free(cause);
	cause = NULL;
	d.hands[1] = NULL;
	assert_int_equal(liarsuno_stack(f->g, &d, &f->out, &cause), -1);
	assert_string_equal(cause, "seat 1 gets no cards");
	free(cause);
	cause = NULL;
	d.hands[1] = "r4";
	d.discard = NULL;
	assert_int_equal(liarsuno_stack(f->g, &d, &f->out, &cause), -1);
	assert_string_equal(cause, "the discard pile needs a card");
	free(cause);
	cause = NULL;
	d.discard = "r9";
	d.draw = "zz";
	assert_int_equal(liarsuno_stack(f->g, &d, &f->out, &cause), -1);
	assert_non_null(strstr(cause, "unknown card 'zz'"));
	free(cause);
	fx_free(f);
}

/* !status: what to match, the direction, whose move, the cards held
 * with the UNO calls owed, the draw pile, a face-down card open to a
 * challenge; !hand: the prompt and the hand. */
static void
test_views(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "~r1 ~g3 r4", "b5 g5 ~bS", "y3 y4" },
		.discard = "r9", .draw = "b1 b2", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	(void)state;
	lx_stack(f, &d);
	fx_reset(f);
	liarsuno_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "To match: {red:r9}, clockwise. "
	    "{p:0} to play. Cards: {p:0} 3, {p:1} 3, {p:2} 2, draw pile "
	    "103.");
	liarsuno_ops.view(f->g, 0, &f->out);
	assert_said(f, 0, "Your turn, on {red:r9}: play CARD, play CARD "
	    "as CLAIM (to me), or draw. Hand (3): {red:r4 ~r1} {grn:~g3}");
	liarsuno_ops.view(f->g, 1, &f->out);
	assert_said(f, 1, "Hand (3): {grn:g5} {blu:b5 ~bS}");
	fx_ok(f, 0, "play ~g3 as r8");
	fx_reset(f);
	liarsuno_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "To match: {red:r8}, clockwise. "
	    "{p:1} to play. {p:0}'s face-down \"{red:r8}\" may be "
	    "challenged. Cards: {p:0} 2, {p:1} 3, {p:2} 2, draw pile 103.");
	fx_ok(f, 1, "draw");
	fx_reset(f);
	liarsuno_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "To match: {red:r8}, clockwise. "
	    "{p:1} drew a card: plays it or passes. Cards: {p:0} 2, {p:1} 4, "
	    "{p:2} 2, draw pile 102.");
	liarsuno_ops.view(f->g, 1, &f->out);
	assert_said(f, 1, "Your turn: you drew {blu:b1}: play it on {red:r8}, or "
	    "pass. Hand (4): {grn:g5} {blu:b1 b5 ~bS}");
	fx_free(f);
}

/* Says the status line into the sink. */
static const char *
status(struct fx *f)
{
	fx_reset(f);
	liarsuno_ops.view(f->g, GAME_PUBLIC, &f->out);
	return fx_said(f, GAME_PUBLIC);
}

/* !status in every phase: a 7's swap, a last card open to a challenge,
 * the puts and the turning over of a Wild Liar's Challenge, an UNO call
 * owed, the direction, a seat that left. */
static void
test_status_phases(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "r7 ~r4 WLC y2", "y4 ~y5 r1", "g6 ~g7" },
		.discard = "r9", .draw = "b1 b2", .first = 0, .reversed = 1,
	};
	struct fx *f = lx_new(4, 3);

	(void)state;
	d.hands[3] = "b5 b6";
	lx_stack(f, &d);
	fx_move_ok(f, "3 leave");
	fx_ok(f, 0, "!play r7");
	assert_string_equal(status(f), "To match: {red:r7}, "
	    "counter-clockwise. {p:0} played a 7 and swaps hands. Cards: "
	    "{p:0} 3, {p:1} 3, {p:2} 2, {p:3} left, draw pile 102.");
	fx_ok(f, 0, "swap {p:1}");
	fx_ok(f, 2, "play ~g7 as r5");
	assert_string_equal(status(f), "To match: {red:r5}, "
	    "counter-clockwise. {p:1} to play. {p:2}'s face-down \"{red:r5}\" "
	    "may be challenged. Cards: {p:0} 3, {p:1} 3, {p:2} 1 (owes UNO), "
	    "{p:3} left, draw pile 102.");
	fx_ok(f, 1, "!play WLC blue");
	assert_string_equal(status(f), "To match: {blu:blue} (WLC), "
	    "counter-clockwise. Wild Liar's Challenge by {p:1}: waiting for "
	    "{p:0}, {p:2} to put a card. Cards: {p:0} 3, {p:1} 2, {p:2} 1, "
	    "{p:3} left, draw pile 102.");
	fx_ok(f, 0, "put y4");
	fx_ok(f, 2, "put g6");
	assert_string_equal(status(f), "To match: {blu:blue} (WLC), "
	    "counter-clockwise. Wild Liar's Challenge: {p:1} turns over put "
	    "cards ({p:0}, {p:2}). Cards: {p:0} 2, {p:1} 2, {p:2} 0, {p:3} "
	    "left, draw pile 102.");
	fx_free(f);

	f = lx_new(2, 1);
	d.hands[0] = "~r4";
	d.hands[1] = "y2 y3";
	d.reversed = 0;
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~r4");
	assert_string_equal(status(f), "To match: {red:r4}, clockwise. "
	    "{p:0}'s last card may be challenged. Cards: {p:0} 0, {p:1} 2, "
	    "draw pile 108.");
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_deal_order),
		T(test_deal_liar_number),
		T(test_deck_in_play),
		T(test_seats),
		T(test_stacked_liar_number),
		T(test_stacked_wild),
		T(test_stack_refused),
		T(test_views),
		T(test_status_phases),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
