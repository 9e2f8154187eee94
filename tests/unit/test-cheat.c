/*
 * Unit tests for games/cheat.c with stacked deals: the deal, the opening
 * face-up play, declarations up, same and down with the K-A-2 wrap, lies by
 * rank and by count, right and wrong challenges, the winning play and its
 * window, loser mode, leaving, timeouts, every input form the parser takes
 * or refuses, the move text round trip, and what the views show.
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
#include "games/cheat.h"
#include "games/game.h"
#include "games/xalloc.h"

#define MAX_MSGS 64
#define MAX_WORDS 32

/* Messages emitted since the last reset. */
struct sink {
	int n;
	int seat[MAX_MSGS];
	char *text[MAX_MSGS];
};

/* A game under test with its message sink and the last refusal. */
struct fx {
	struct game *g;
	struct sink sink;
	struct game_out out;
	char *cause;
	int nseats;
};

static void
sink_emit(void *ctx, int seat, const char *text)
{
	struct sink *s = ctx;

	assert_true(s->n < MAX_MSGS);
	s->seat[s->n] = seat;
	s->text[s->n++] = xstrdup(text);
}

static void
sink_reset(struct sink *s)
{
	while (s->n > 0)
		free(s->text[--s->n]);
}

/* The last message to seat (or GAME_PUBLIC), or "". */
static const char *
said(const struct fx *f, int seat)
{
	int i;

	for (i = f->sink.n - 1; i >= 0; i--) {
		if (f->sink.seat[i] == seat)
			return f->sink.text[i];
	}
	return "";
}

static int
said_count(const struct fx *f, int seat)
{
	int i, n = 0;

	for (i = 0; i < f->sink.n; i++)
		n += f->sink.seat[i] == seat;
	return n;
}

#define assert_said(f, seat, want) \
	assert_string_equal(said(f, seat), want)
#define assert_said_has(f, seat, part) \
	assert_non_null(strstr(said(f, seat), part))

/* Games still open, freed by the teardown when a test fails midway. */
#define LIVE 4
static struct fx *live[LIVE];

static struct fx *
fx_new(int nseats, int dealer, int decks, int loser)
{
	struct game_opts opts;
	struct fx *f = xcalloc(1, sizeof *f);
	struct rng rng;
	char *cause = NULL;
	int i;

	game_opts_default(&cheat_ops, &opts);
	opts.v[0] = decks;
	opts.v[1] = loser;
	rng_seed(&rng, 1);
	f->out.emit = sink_emit;
	f->out.ctx = &f->sink;
	f->nseats = nseats;
	f->g = cheat_ops.create(&opts, nseats, dealer, &rng, &f->out,
	    &cause);
	if (f->g == NULL)
		fail_msg("create: %s", cause);
	for (i = 0; i < LIVE && live[i] != NULL; i++)
		continue;
	assert_true(i < LIVE);
	live[i] = f;
	return f;
}

static void
fx_free(struct fx *f)
{
	int i;

	for (i = 0; i < LIVE; i++) {
		if (live[i] == f)
			live[i] = NULL;
	}
	cheat_ops.destroy(f->g);
	sink_reset(&f->sink);
	free(f->cause);
	free(f);
}

static int
fx_teardown(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < LIVE; i++) {
		if (live[i] != NULL)
			fx_free(live[i]);
	}
	return 0;
}

/* The id of a card written "4h" (first deck) or "4h+" (second deck). */
static int
card(const char *word)
{
	char buf[16];
	size_t len = strlen(word);
	int rank, suit, deck = 0;

	assert_true(len > 0 && len < sizeof buf);
	memcpy(buf, word, len + 1);
	if (buf[len - 1] == '+') {
		buf[len - 1] = '\0';
		deck = 1;
	}
	assert_int_equal(cards_parse_card(buf, &rank, &suit, NULL), 0);
	return cards_id(rank, suit, deck);
}

static void
cards_of(const char *spec, struct cards *l)
{
	char *copy = xstrdup(spec), *p = copy, *w;

	cards_clear(l);
	while ((w = strsep(&p, " ")) != NULL) {
		if (*w != '\0')
			cards_add(l, card(w));
	}
	free(copy);
}

/* Stacks the hands, one card string per seat; the rest go to the pile. */
static void
fx_stack(struct fx *f, const char *const *spec)
{
	struct cards hands[GAME_MAX_SEATS];
	char *cause = NULL;
	int s;

	for (s = 0; s < f->nseats; s++)
		cards_of(spec[s], &hands[s]);
	if (cheat_stack(f->g, hands, &cause) != 0)
		fail_msg("stack: %s", cause);
	assert_int_equal(cheat_ops.invariants(f->g, NULL), 0);
}

/* Plays a command line typed by seat; 0, or -1 with f->cause set. */
static int
fx_do(struct fx *f, int seat, const char *line)
{
	char *copy = xstrdup(line), *p = copy, *argv[MAX_WORDS], *w;
	struct game_move mv;
	int argc = 0, cmd, rc = -1;
	char *cause = NULL;

	while ((w = strsep(&p, " ")) != NULL) {
		if (*w != '\0' && argc < MAX_WORDS)
			argv[argc++] = w;
	}
	free(f->cause);
	f->cause = NULL;
	sink_reset(&f->sink);
	cmd = game_cmd_find(&cheat_ops, argv[0]);
	assert_true(cmd >= 0);
	if (cheat_ops.parse(f->g, seat, cmd, argc - 1, argv + 1, &mv,
	    &cause) == 0 && cheat_ops.check(f->g, &mv, &cause) == 0) {
		cheat_ops.apply(f->g, &mv, &f->out);
		rc = 0;
	}
	f->cause = cause;
	free(copy);
	if (cheat_ops.invariants(f->g, &cause) != 0)
		fail_msg("invariants after '%s': %s", line, cause);
	return rc;
}

/* Checks and applies a move given in its text form. */
static int
fx_move(struct fx *f, const char *text)
{
	struct game_move mv;
	char *cause = NULL;

	assert_int_equal(game_move_parse(&cheat_ops, text, &mv, NULL), 0);
	free(f->cause);
	f->cause = NULL;
	sink_reset(&f->sink);
	if (cheat_ops.check(f->g, &mv, &cause) != 0) {
		f->cause = cause;
		return -1;
	}
	cheat_ops.apply(f->g, &mv, &f->out);
	assert_int_equal(cheat_ops.invariants(f->g, NULL), 0);
	return 0;
}

static void
fx_ok(struct fx *f, int seat, const char *line)
{
	if (fx_do(f, seat, line) != 0)
		fail_msg("seat %d '%s' refused: %s", seat, line, f->cause);
}

static void
fx_refused(struct fx *f, int seat, const char *line, const char *want)
{
	if (fx_do(f, seat, line) == 0)
		fail_msg("seat %d '%s' accepted", seat, line);
	assert_string_equal(f->cause, want);
}

/* Applies the timeout move, which must be legal; returns it as text. */
static void
fx_timeout(struct fx *f, char *text, size_t size)
{
	struct game_move mv;
	char *cause = NULL;

	cheat_ops.timeout(f->g, &mv);
	if (cheat_ops.check(f->g, &mv, &cause) != 0)
		fail_msg("timeout refused: %s", cause);
	game_move_format(&cheat_ops, &mv, text, size);
	sink_reset(&f->sink);
	cheat_ops.apply(f->g, &mv, &f->out);
	assert_int_equal(cheat_ops.invariants(f->g, NULL), 0);
}

static void
assert_turn(struct fx *f, int seat, unsigned window, int accused)
{
	struct game_turn t;

	cheat_ops.turn(f->g, &t);
	assert_int_equal(t.over, 0);
	assert_int_equal(t.seat, seat);
	assert_int_equal(t.window, window);
	assert_int_equal(t.accused, accused);
}

static int
hand_n(struct fx *f, int seat)
{
	return cheat_hand(f->g, seat)->n;
}

/* The game is over with these places (seat order). */
static void
assert_over(struct fx *f, const int *places, int winner, int loser)
{
	struct game_result r;
	struct game_turn t;
	int s;

	cheat_ops.turn(f->g, &t);
	assert_int_equal(t.over, 1);
	assert_int_equal(t.seat, -1);
	assert_int_equal(t.window, 0);
	cheat_ops.result(f->g, &r);
	assert_int_equal(r.nseats, f->nseats);
	for (s = 0; s < f->nseats; s++) {
		assert_int_equal(r.place[s], places[s]);
		assert_int_equal(r.points[s], hand_n(f, s));
	}
	assert_int_equal(r.winner, winner);
	assert_int_equal(r.loser, loser);
}

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
			assert_int_equal(hand_n(f, s), want);
			total += hand_n(f, s);
			assert_int_equal(said_count(f, s), 1);
		}
		assert_int_equal(total, cases[i].total);
		assert_int_equal(hand_n(f, (cases[i].dealer + 1) %
		    f->nseats), cases[i].first);
		assert_turn(f, (cases[i].dealer + 1) % f->nseats, 0, -1);
		assert_int_equal(said_count(f, GAME_PUBLIC), 1);
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
		assert_int_equal(want[s].n, hand_n(f, s));
		assert_memory_equal(want[s].c, cheat_hand(f->g, s)->c,
		    (size_t)want[s].n * sizeof want[s].c[0]);
	}
	fx_free(f);
}

static const char *const three_hands[] = {
	"2c 5c 9c kc",			/* seat 0, the dealer */
	"4h 4d 7c qh qd qs 5h",		/* seat 1 opens */
	"3c 3d 6s 8s jc ah",		/* seat 2 */
};

static void
test_opening(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, three_hands);
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
	assert_said(f, 1, "Your hand (5): {red:5♥} 7♣ {red:Q♦} {red:Q♥} Q♠");
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
	fx_stack(f, three_hands);
	fx_ok(f, 1, "play 4h 4d");
	fx_ok(f, 2, "play 3c 3d 6s as two threes");
	assert_said(f, GAME_PUBLIC, "{p:2} plays 3 cards: two threes. {p:0} "
	    "to play: twos, threes or fours.");
	assert_said(f, 2, "Your hand (3): {red:A♥} 8♠ J♣");
	assert_turn(f, 0, 0x3, 2);
	fx_ok(f, 1, "cheat");
	assert_said(f, GAME_PUBLIC, "{p:1} calls cheat on {p:2}! Declared "
	    "two threes, the 3 cards were: 3♣ {red:3♦} 6♠ - a lie. {p:2} "
	    "takes the pile (40 cards). {p:1} opens, face up.");
	assert_int_equal(said_count(f, 2), 1);
	assert_said_has(f, 2, "Your hand (43): ");
	assert_int_equal(hand_n(f, 2), 43);
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
	fx_stack(f, three_hands);
	fx_ok(f, 1, "play 4h 4d");
	fx_ok(f, 2, "play 3c 3d as two threes");
	fx_ok(f, 1, "cheater");
	assert_said(f, GAME_PUBLIC, "{p:1} calls cheat on {p:2}! Declared "
	    "two threes, the 2 cards were: 3♣ {red:3♦} - honest. {p:1} "
	    "takes the pile (39 cards). {p:0} opens, face up.");
	assert_int_equal(hand_n(f, 1), 44);
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
	fx_stack(f, three_hands);
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
	assert_int_equal(hand_n(f, 2), 46);
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

/* Loser mode: emptied hands finish in order, play goes on, and the last
 * one holding cards loses. */
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
	assert_over(f, places, 2, 1);
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
	assert_over(f, places, 1, 2);
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
	fx_stack(f, three_hands);
	assert_int_equal(fx_move(f, "1 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:1} leaves the game; those 7 cards go "
	    "under the pile. {p:2} opens, face up.");
	assert_int_equal(said_count(f, 1), 0);
	pile = cheat_pile(f->g);
	assert_int_equal(pile->n, 35 + 7);
	for (i = 0; i < 7; i++)
		assert_int_equal(pile->c[i], card(under[i]));
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
	assert_int_equal(cheat_pile(f->g)->c[0], card("6d"));
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
	assert_over(f, places, 2, -1);
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
	fx_stack(f, three_hands);
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

/* Parses a line typed by seat and compares the move's text form. */
static void
assert_parse(struct fx *f, int seat, const char *line, const char *want)
{
	char *copy = xstrdup(line), *p = copy, *argv[MAX_WORDS], *w;
	struct game_move mv, back;
	char *cause = NULL, text[256];
	int argc = 0;

	while ((w = strsep(&p, " ")) != NULL) {
		if (*w != '\0')
			argv[argc++] = w;
	}
	if (cheat_ops.parse(f->g, seat, game_cmd_find(&cheat_ops, argv[0]),
	    argc - 1, argv + 1, &mv, &cause) != 0)
		fail_msg("'%s': %s", line, cause);
	game_move_format(&cheat_ops, &mv, text, sizeof text);
	assert_string_equal(text, want);
	assert_int_equal(game_move_parse(&cheat_ops, text, &back, NULL), 0);
	assert_memory_equal(&back, &mv, sizeof mv);
	free(copy);
}

static void
assert_parse_fails(struct fx *f, int seat, const char *line,
    const char *want)
{
	char *copy = xstrdup(line), *p = copy, *argv[MAX_WORDS], *w;
	struct game_move mv;
	char *cause = NULL;
	int argc = 0;

	while ((w = strsep(&p, " ")) != NULL) {
		if (*w != '\0')
			argv[argc++] = w;
	}
	assert_int_equal(cheat_ops.parse(f->g, seat, game_cmd_find(&cheat_ops,
	    argv[0]), argc - 1, argv + 1, &mv, &cause), -1);
	assert_string_equal(cause, want);
	free(cause);
	free(copy);
}

static void
test_parse_forms(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, three_hands);
	assert_parse(f, 1, "play 4h 4d 7c as three queens",
	    "1 play 3 12 29 16 6");
	assert_parse(f, 1, "lay 4h as q", "1 play 1 12 29");
	assert_parse(f, 1, "put qh qs", "1 play 2 12 37 50");
	assert_parse(f, 1, "PLAY QH Q♠ AS 2 Qs", "1 play 2 12 37 50");
	assert_parse(f, 1, "play 4♥ as a queen", "1 play 1 12 29");
	assert_parse(f, 1, "play 4h as as", "1 play 1 1 29");
	assert_parse(f, 1, "play 4h 4d as 2 4s", "1 play 2 4 29 16");
	assert_parse(f, 1, "play 4h, 4d, as fours", "1 play 2 4 29 16");
	assert_parse(f, 1, "play 4h 4d as 3 fours", "1 play 3 4 29 16");
	assert_parse(f, 1, "play as as a", "1 play 1 1 39");
	assert_parse(f, 1, "play 4h as as q", "1 play 2 12 29 39");
	assert_parse(f, 1, "play 4h 4h", "1 play 2 4 29 29");
	assert_parse(f, 1, "play 10h as ten", "1 play 1 10 35");
	assert_parse(f, 1, "play th tH 10♥ as 12", "1 play 3 12 35 35 35");
	assert_parse(f, 2, "cheat", "2 cheat -1");
	assert_parse(f, 2, "bs you liar", "2 cheat -1");
	assert_parse(f, 2, "cheater", "2 cheat -1");

	assert_parse_fails(f, 1, "play", "say which cards you lay, e.g. "
	    "'play 4h 4d as two fours'");
	assert_parse_fails(f, 1, "play zz", "unknown card 'zz'");
	assert_parse_fails(f, 1, "play 4h as zz", "unknown rank 'zz'");
	assert_parse_fails(f, 1, "play 4h as lots queens",
	    "unknown count 'lots'");
	assert_parse_fails(f, 1, "play 4h queens", "unknown card 'queens'");
	assert_parse_fails(f, 1, "play 4h 7c", "your cards are of different "
	    "ranks: say what they are, e.g. 'play 4h 7c as two fours'");
	assert_parse_fails(f, 1, "play 4h as", "say what you declare after "
	    "'as', e.g. 'as two fours'");
	assert_parse(f, 1, "play as", "1 play 1 1 39");

	fx_refused(f, 1, "play 4h 4h", "'4♥' is named twice");
	fx_refused(f, 1, "play 9s", "you do not hold '9♠'");
	fx_refused(f, 1, "play 4h as 5 fours", "you may declare 1 to 4 "
	    "cards, not 5");
	fx_refused(f, 1, "play 4h as 0 fours", "you may declare 1 to 4 "
	    "cards, not 0");
	fx_free(f);
}

/* With two decks a card word picks a copy the player holds. */
static void
test_parse_two_decks(void **state)
{
	static const char *const hands[] = {
		"4h 4h+ 5c 4c 4c+ 4d 4d+ 4s 4s+", "6c 7c",
	};
	struct fx *f = fx_new(2, 1, 2, 0);

	(void)state;
	fx_stack(f, hands);
	assert_parse(f, 0, "play 4h 4h", "0 play 2 4 29 81");
	fx_refused(f, 0, "play 5c 5c", "you do not hold another '5♣'");
	fx_refused(f, 0, "play 4h 4h as 9 fours", "you may declare 1 to 8 "
	    "cards, not 9");
	fx_ok(f, 0, "play 4h");
	fx_ok(f, 1, "play 6c as five");
	fx_ok(f, 0, "play 4h 4c 4c 4d 4d 4s 4s 5c as 8 fours");
	assert_said(f, GAME_PUBLIC, "{p:0} plays 8 cards: eight fours. {p:0} "
	    "has no cards left! Call cheat now, or {p:0} wins.");
	fx_free(f);
}

/* Moves from the log are checked as strictly as typed ones. */
static void
test_move_text(void **state)
{
	static const struct {
		const char *text, *cause;
	} bad[] = {
		{ "1 play 1 14 29", "no rank 14" },
		{ "1 play 1 4 200", "no card 200" },
		{ "1 play 1 4 -3", "no card -3" },
		{ "1 play 1 4", "lay at least one card" },
		{ "1 close", "only the table closes a window" },
		{ "-1 close", "there is no window to close" },
		{ "0 cheat", "a challenge names the accused seat" },
		{ "-1 play 1 4 29", "no such seat" },
		{ "-1 leave", "no such seat" },
		{ "5 cheat 1", "no such seat" },
	};
	struct fx *f = fx_new(3, 0, 1, 0);
	struct game_move mv;
	char text[64];
	size_t i;

	(void)state;
	fx_stack(f, three_hands);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(fx_move(f, bad[i].text), -1);
		assert_string_equal(f->cause, bad[i].cause);
	}
	assert_int_equal(game_move_parse(&cheat_ops, "-1 close", &mv, NULL),
	    0);
	assert_int_equal(mv.seat, GAME_SEAT_TABLE);
	game_move_format(&cheat_ops, &mv, text, sizeof text);
	assert_string_equal(text, "-1 close");
	assert_int_equal(fx_move(f, "1 play 2 4 29 16"), 0);
	assert_int_equal(fx_move(f, "2 play 1 3 2"), 0);
	assert_int_equal(fx_move(f, "0 cheat 2"), 0);
	assert_said_has(f, GAME_PUBLIC, "3♣ - honest");
	fx_free(f);
}

static void
test_views(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, three_hands);
	sink_reset(&f->sink);
	cheat_ops.view(f->g, 1, &f->out);
	assert_said(f, 1, "Your hand (7): {red:4♦} {red:4♥} {red:5♥} 7♣ "
	    "{red:Q♦} {red:Q♥} Q♠");
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
	cards_of("4h 5h", &hands[0]);
	cards_of("5h", &hands[1]);
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

/* Random games: one public line per move, a private line only to seats
 * whose hand changed, and a face-down card never in a public line. */
static void
test_messages_random(void **state)
{
	struct game_move mv;
	struct rng rng;
	struct fx *f;
	const char *verb, *pub;
	int game, moves, i;

	(void)state;
	rng_seed(&rng, 77);
	for (game = 0; game < 20; game++) {
		f = fx_new(2 + game % 9, game % 2, 0, game % 3 == 0);
		for (moves = 0; moves < 5000; moves++) {
			if (cheat_ops.sample(f->g, &rng, &mv) != 0)
				break;
			assert_int_equal(cheat_ops.check(f->g, &mv, NULL), 0);
			sink_reset(&f->sink);
			cheat_ops.apply(f->g, &mv, &f->out);
			verb = cheat_ops.verbs[mv.verb];
			assert_int_equal(said_count(f, GAME_PUBLIC), 1);
			pub = said(f, GAME_PUBLIC);
			for (i = 0; i < f->nseats; i++)
				assert_in_range(said_count(f, i), 0, 1);
			if (strcmp(verb, "play") == 0) {
				assert_int_equal(f->sink.n, 2);
				assert_int_equal(said_count(f, mv.seat), 1);
			} else if (strcmp(verb, "cheat") == 0)
				assert_int_equal(f->sink.n, 2);
			else
				assert_int_equal(f->sink.n, 1);
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
		T(test_timeout),
		T(test_parse_forms),
		T(test_parse_two_decks),
		T(test_move_text),
		T(test_views),
		T(test_stack_refused),
		T(test_messages_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
