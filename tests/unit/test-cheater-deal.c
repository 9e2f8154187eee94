/*
 * Unit tests for games/cheater/, the deal: seven each from the dealer's
 * left with the draw pile's top starting the discard pile, 70 cards or
 * 140 with two decks (Party Cheater), the decks option and the seat
 * limits, the roll for who starts (ties roll again among the tied only),
 * the first turn's roll, a stacked deal refused, and what the views show.
 * Play is in test-cheater-dice.c and test-cheater-action.c, the drawn-
 * this-turn rule, the reshuffle and the timeouts in test-cheater-turn.c,
 * wins and leaving in test-cheater-end.c, what players type in
 * test-cheater-input.c.
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
#include "games/cheater/cheater.h"
#include "games/game.h"
#include "games/rng.h"
#include "tests/lib/cheater-deal.h"

/* The face of card id, from the layout of the ids (cheater-int.h): per
 * deck of 70, four suits of C C H H E E E E A A T T R R, then 4 TAKE,
 * 4 SHOW, 4 HIDE, 1 BUST, 1 WILD.  Faces in the order cheater_cards()
 * sorts them. */
static int
face_of(int id)
{
	static const int copies[] = { 2, 2, 4, 2, 2, 2, 4, 4, 4, 1, 1 };
	int k = id % 70, i = 0, suit = 0;

	if (k < 56) {
		suit = k / 14;
		k %= 14;
	} else {
		k -= 56;
		i = 6;
	}
	while (k >= copies[i])
		k -= copies[i++];
	return i < 6 ? suit * 6 + i : 24 + i - 6;
}

static const char *const names[] = {
	"rC", "rH", "rE", "rA", "rT", "rR", "yC", "yH", "yE", "yA", "yT", "yR",
	"pC", "pH", "pE", "pA", "pT", "pR", "bC", "bH", "bE", "bA", "bT", "bR",
	"TAKE", "SHOW", "HIDE", "BUST", "WILD",
};

/* Writes the faces of ids[0..n-1], sorted when sort is set. */
static void
faces_text(const int *ids, int n, int sort, char *buf, size_t size)
{
	int f[140], i, j, t;
	size_t used;

	for (i = 0; i < n; i++)
		f[i] = face_of(ids[i]);
	for (i = 1; sort && i < n; i++) {
		for (j = i; j > 0 && f[j - 1] > f[j]; j--) {
			t = f[j];
			f[j] = f[j - 1];
			f[j - 1] = t;
		}
	}
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		used = strlen(buf);
		snprintf(buf + used, size - used, "%s%s", i > 0 ? " " : "",
		    names[f[i]]);
	}
}

/* Seven each, one deck for 2-4 and two for 5-10 unless decks says. */
static void
test_deal_sizes(void **state)
{
	static const struct {
		int nseats, dealer, decks, total;
		const char *decks_said;
	} cases[] = {
		{ 2, 0, 0, 70, "one deck" }, { 4, 1, 0, 70, "one deck" },
		{ 5, 4, 0, 140, "two decks (Party Cheater)" },
		{ 6, 0, 1, 70, "one deck" },
		{ 10, 9, 0, 140, "two decks (Party Cheater)" },
		{ 2, 1, 2, 140, "two decks (Party Cheater)" },
		{ 3, 2, 1, 70, "one deck" },
	};
	struct fx *f;
	char want[128];
	size_t i;
	int s;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		f = cx_new(cases[i].nseats, cases[i].dealer, cases[i].decks);
		for (s = 0; s < cases[i].nseats; s++) {
			assert_int_equal(cx_count(f, s), 7);
			assert_int_equal(fx_said_count(f, s), 1);
		}
		assert_int_equal(cx_count(f, -2), 1);
		assert_int_equal(cx_count(f, -1), cases[i].total -
		    7 * cases[i].nseats - 1);
		assert_int_equal(fx_said_count(f, GAME_PUBLIC), 1);
		snprintf(want, sizeof want, "CHEATER for %d players with %s, "
		    "dealt by {p:%d}. Spell C-H-E-A-T-E-R in one suit to win. "
		    "The discard pile shows ", cases[i].nseats,
		    cases[i].decks_said, cases[i].dealer);
		assert_int_equal(strncmp(fx_said(f, GAME_PUBLIC), want,
		    strlen(want)), 0);
		assert_said_has(f, GAME_PUBLIC, "Rolls to start: ");
		/* Only the first turn's doubles make a CHEATER. */
		assert_int_equal(cheater_holder(f->g) < 0, strstr(fx_said(f,
		    GAME_PUBLIC), "Doubles!") == NULL);
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
		{ 1, 0, 0, "cheater is for 2 to 10 players, not 1" },
		{ 11, 0, 0, "cheater is for 2 to 10 players, not 11" },
		{ 7, 0, 1, "one deck is for at most 6 players, not 7" },
		{ 10, 0, 1, "one deck is for at most 6 players, not 10" },
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
		game_opts_default(&cheater_ops, &opts);
		opts.v[0] = cases[i].decks;
		cause = NULL;
		assert_null(cheater_ops.create(&opts, cases[i].nseats,
		    cases[i].dealer, &rng, NULL, &cause));
		assert_string_equal(cause, cases[i].cause);
		free(cause);
	}
	game_opts_default(&cheater_ops, &opts);
	assert_int_equal(game_opts_set(&cheater_ops, &opts, "decks=3", NULL),
	    -1);
	assert_int_equal(game_opts_set(&cheater_ops, &opts, "decks=2", NULL),
	    0);
	assert_int_equal(opts.v[0], 2);
}

/* The shuffled deck dealt one at a time from the dealer's left, then the
 * draw pile's top card turned over to start the discard pile. */
static void
test_deal_order(void **state)
{
	static const struct {
		int nseats, dealer, decks;
	} cases[] = { { 4, 2, 0 }, { 3, 0, 0 }, { 5, 1, 0 } };
	int deck[140], hands[10][7], n, i, s;
	char want[512];
	struct rng rng;
	struct fx *f;
	size_t c;

	(void)state;
	for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		f = cx_new(cases[c].nseats, cases[c].dealer, cases[c].decks);
		n = cases[c].nseats <= 4 ? 70 : 140;
		for (i = 0; i < n; i++)
			deck[i] = i;
		rng_seed(&rng, 1);
		rng_shuffle(&rng, deck, (size_t)n);
		/* The deck's top is its last card. */
		for (i = 0; i < 7 * cases[c].nseats; i++)
			hands[(cases[c].dealer + 1 + i) % cases[c].nseats]
			    [i / cases[c].nseats] = deck[n - 1 - i];
		for (s = 0; s < cases[c].nseats; s++) {
			faces_text(hands[s], 7, 1, want, sizeof want);
			assert_cx_cards(f, s, want);
		}
		n -= 7 * cases[c].nseats;
		faces_text(&deck[n - 1], 1, 0, want, sizeof want);
		assert_cx_cards(f, -2, want);
		/* The draw pile, top first. */
		for (i = 0; i < (n - 1) / 2; i++) {
			s = deck[i];
			deck[i] = deck[n - 2 - i];
			deck[n - 2 - i] = s;
		}
		faces_text(deck, n - 1, 0, want, sizeof want);
		assert_int_equal(strncmp(cx_cards(f, -1), want, 200), 0);
		assert_int_equal(cx_count(f, -1), n - 1);
		fx_free(f);
	}
}

static const char *const hands3[] = {
	"rC rH rE rA rT yC yH", "yE yA yT yR bC bH TAKE",
	"pC pH pE pA pT pR HIDE",
};

/* The highest roll starts: everyone rolls from the dealer's left, ties
 * roll again among the tied only; doubles in this roll give no status. */
static void
test_roll_off(void **state)
{
	struct cheater_deal d = {
		.hands = { hands3[0], hands3[1], hands3[2] },
		.discard = "bT", .first = -1, .cheater = -1,
	};
	struct fx *f = cx_new(3, 0, 0);

	(void)state;
	d.dice = "4 2 3 3 1 2 2 2 5 1 1 2";
	cx_stack(f, &d);
	assert_said(f, GAME_PUBLIC, "CHEATER for 3 players with one deck, "
	    "dealt by {p:0}. Spell C-H-E-A-T-E-R in one suit to win. The "
	    "discard pile shows {blu:bT}. Rolls to start: {p:1} 4+2, {p:2} "
	    "3+3, {p:0} 1+2. Tie! Again: {p:1} 2+2, {p:2} 5+1. {p:2} starts. "
	    "{p:2} rolls 1 and 2. {p:2} to play.");
	cx_assert_turn(f, 2, 0, -1, -1);
	assert_said(f, 2, "Your turn (1 and 2): draw. Hand: {pur:pC} "
	    "{pur:pH} {pur:pE} {pur:pA} {pur:pT} {pur:pR} HIDE (purple 6/7)");
	assert_said(f, 1, "Hand: {yel:yE} {yel:yA} {yel:yT} {yel:yR} "
	    "{blu:bC} {blu:bH} TAKE (yellow 4/7)");
	fx_free(f);

	/* Three tie, then two of them again; the dealer's left rolls
	 * first. */
	f = cx_new(3, 1, 0);
	d.dice = "6 6 5 1 1 6 3 3 2 4 6 2 5 1 6 5";
	cx_stack(f, &d);
	assert_said_has(f, GAME_PUBLIC, "Rolls to start: {p:2} 6+6, {p:0} "
	    "5+1, {p:1} 1+6. {p:2} starts. {p:2} rolls 3 and 3. Doubles! "
	    "{p:2} is the CHEATER.");
	fx_free(f);
	f = cx_new(3, 1, 0);
	d.dice = "5 2 1 6 3 4 2 3 3 2 4 4 6 1 3 5";
	cx_stack(f, &d);
	assert_said_has(f, GAME_PUBLIC, "Rolls to start: {p:2} 5+2, {p:0} "
	    "1+6, {p:1} 3+4. Tie! Again: {p:2} 2+3, {p:0} 3+2, {p:1} 4+4. "
	    "{p:1} starts. {p:1} rolls 6 and 1. {p:1} to play.");
	cx_assert_turn(f, 1, 0, -1, -1);
	fx_free(f);
}

/* A stacked deal names cards the decks hold, seven to a hand and a
 * discard pile. */
static void
test_stack_refused(void **state)
{
	struct cheater_deal d = {
		.hands = { hands3[0], hands3[1], hands3[2] },
		.discard = "bT", .first = 0, .cheater = -1,
	};
	struct fx *f = cx_new(3, 0, 0);
	char *cause = NULL;

	(void)state;
	d.draw = "zz";
	assert_int_equal(cheater_stack(f->g, &d, &f->out, &cause), -1);
	assert_string_equal(cause, "unknown card 'zz': a card is its suit's "
	    "initial and its letter (rC is red C, bE blue E) or TAKE, SHOW, "
	    "HIDE, BUST, WILD");
	free(cause);
	d.draw = "WILD WILD";
	assert_int_equal(cheater_stack(f->g, &d, &f->out, &cause), -1);
	assert_string_equal(cause, "no WILD left to stack");
	free(cause);
	d.draw = "rE rE rE rE";	/* seat 0 holds the fourth */
	assert_int_equal(cheater_stack(f->g, &d, &f->out, &cause), -1);
	assert_string_equal(cause, "no rE left to stack");
	free(cause);
	d.draw = NULL;
	d.hands[1] = "yE yA yT yR bC bH";
	assert_int_equal(cheater_stack(f->g, &d, &f->out, &cause), -1);
	assert_string_equal(cause, "seat 1 gets 6 cards, not 7");
	free(cause);
	d.hands[1] = hands3[1];
	d.discard = NULL;
	assert_int_equal(cheater_stack(f->g, &d, &f->out, &cause), -1);
	assert_string_equal(cause, "the discard pile needs a card");
	free(cause);
	fx_free(f);

	/* Two decks hold two of each. */
	f = cx_new(2, 0, 2);
	d.hands[0] = "WILD WILD BUST BUST rC rC rC";
	d.hands[1] = "rC TAKE TAKE TAKE TAKE TAKE TAKE";
	d.hands[2] = NULL;
	d.discard = "bT";
	cx_stack(f, &d);
	assert_cx_cards(f, 0, "rC rC rC BUST BUST WILD WILD");
	assert_int_equal(cx_count(f, -1), 140 - 15);
	fx_free(f);
}

/* The status line and a seat's view; nobody sees another's hand. */
static void
test_views(void **state)
{
	static const struct cheater_deal d = {
		.hands = { "rC rH rE rA rT yC yH", "yE yA yT yR bC bH TAKE",
		    "pC pH pE pA pT pR HIDE" },
		.discard = "bA bT", .draw = "yC", .dice = "2 5 4 4",
		.first = 0, .cheater = 2,
	};
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	cx_stack(f, &d);
	assert_said(f, GAME_PUBLIC, "CHEATER for 3 players with one deck, "
	    "dealt by {p:2}. Spell C-H-E-A-T-E-R in one suit to win. The "
	    "discard pile shows {blu:bT}. {p:0} rolls 2 and 5. {p:0} to "
	    "play.");
	fx_reset(f);
	cheater_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "{p:0}'s turn (rolled 2 and 5). "
	    "CHEATER: {p:2}. Discard pile: {blu:bT} on top (2). Draw pile: "
	    "47.");
	cheater_ops.view(f->g, 0, &f->out);
	assert_said(f, 0, "Your turn (2 and 5): draw. Hand: {red:rC} "
	    "{red:rH} {red:rE} {red:rA} {red:rT} {yel:yC} {yel:yH} (red "
	    "5/7)");
	cheater_ops.view(f->g, 1, &f->out);
	assert_said(f, 1, "Hand: {yel:yE} {yel:yA} {yel:yT} {yel:yR} "
	    "{blu:bC} {blu:bH} TAKE (yellow 4/7)");
	assert_int_equal(f->sink.n, 3);
	fx_ok(f, 0, "draw");
	fx_reset(f);
	cheater_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "{p:0}'s turn (rolled 2 and 5): "
	    "discards 1. CHEATER: {p:2}. Discard pile: {blu:bT} on top (2). "
	    "Draw pile: 46.");
	fx_ok(f, 0, "discard rT");
	assert_said(f, GAME_PUBLIC, "{p:0} discards {red:rT}. {p:1} rolls "
	    "4 and 4. Doubles! {p:1} takes the CHEATER status from {p:2}. "
	    "{p:1} to play with Cheater Power.");
	fx_ok(f, 1, "take {p:0}");
	fx_reset(f);
	cheater_ops.view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "{p:1}'s turn (rolled 4 and 4, "
	    "Cheater Power): {p:0} may hide. CHEATER: {p:1}. Discard pile: "
	    "TAKE on top (4). Draw pile: 46.");
	cheater_ops.view(f->g, 0, &f->out);
	assert_said(f, 0, "Your turn to answer: {p:1} aims TAKE at you: hide keeps your hand "
	    "hidden, or pass. (You hold no HIDE or WILD.) "
	    "Hand: {red:rC} {red:rH} {red:rE} {red:rA} {yel:yC} {yel:yC} "
	    "{yel:yH} (red 4/7)");
	fx_free(f);
}

/* Party Cheater: 5 to 10 players share two decks and one CHEATER card. */
static void
test_party_deck(void **state)
{
	static const struct cheater_deal d = {
		.hands = { "rC rC rH rE rE rA rT", "WILD yA yT yR bC bH TAKE",
		    "pC pH pE pA pT pR HIDE", "WILD bA bA bE bE bR bR",
		    "TAKE TAKE TAKE TAKE TAKE TAKE TAKE" },
		.discard = "rR", .draw = "yC rR", .dice = "1 2 3 4",
		.first = 3, .cheater = -1,
	};
	static const int places[] = { 1, 2, 2, 2, 2 };
	struct fx *f = cx_new(5, 2, 0);

	(void)state;
	cx_stack(f, &d);
	assert_said_has(f, GAME_PUBLIC, "with two decks (Party Cheater)");
	assert_int_equal(cx_count(f, -1), 140 - 36);
	fx_ok(f, 3, "draw");
	fx_ok(f, 3, "discard WILD");
	fx_ok(f, 4, "take {p:0}");
	fx_ok(f, 0, "pass");
	assert_said(f, GAME_PUBLIC, "No hide: {p:0}'s hand: {red:rC} "
	    "{red:rC} {red:rH} {red:rE} {red:rE} {red:rA} {red:rT}.");
	fx_ok(f, 4, "pick rC");
	/* Seat 0 draws the second deck's red R: its first is discarded. */
	assert_said(f, GAME_PUBLIC, "{p:4} takes {red:rC} from {p:0}, who "
	    "draws a card. {p:0} spells CHEATER in red: {red:rC} {red:rH} "
	    "{red:rE} {red:rA} {red:rT} {red:rE} {red:rR}! {p:0} wins!");
	cx_assert_over(f, places, 0, "red");
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_deal_sizes),
		T(test_deal_refused),
		T(test_deal_order),
		T(test_roll_off),
		T(test_stack_refused),
		T(test_views),
		T(test_party_deck),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
