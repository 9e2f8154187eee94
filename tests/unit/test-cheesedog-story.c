/*
 * Unit tests for games/cheesedog/cheesedog-story.c with stacked deals: what each
 * kind of move hid (a flip that does not play, under a higher card or an
 * 8, hides its card; a flip that plays, a free flip, a play and a pickup
 * hide nothing; a leave hides the leaver's hand and face-down cards, cut
 * and counted when long; a safe seat's leave nothing), the reveal of a
 * stacked deal and of a dealt one, the face-down cards nobody flipped at
 * the end and after a stop, the ledger left empty (nobody claims), and
 * seeded games played again by story_play() telling what the fixture's
 * story said of every move.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cheesedog/cheesedog.h"
#include "games/game.h"
#include "games/rng.h"
#include "games/story.h"
#include "tests/lib/cheesedog-deal.h"

#define LINES 64
#define LINE 1024

/* Lines said to everyone, kept in order. */
struct lines {
	int n;
	char text[LINES][LINE];
};

static void
keep_public(void *ctx, int seat, const char *text)
{
	struct lines *l = ctx;

	if (seat != GAME_PUBLIC)
		fail_msg("reveal said '%s' to seat %d", text, seat);
	if (l->n == LINES)
		fail_msg("more than %d lines", LINES);
	snprintf(l->text[l->n++], LINE, "%s", text);
}

/* The lines reveal() says of f's game. */
static void
reveal(struct fx *f, struct lines *l)
{
	struct game_out out = { keep_public, l };

	memset(l, 0, sizeof *l);
	cheesedog_ops.reveal(f->g, &out);
}

/* The story of the last move hid want, and claimed and called nothing. */
static void
assert_hidden(struct fx *f, const char *want)
{
	assert_string_equal(f->story.hidden, want);
	assert_int_equal(f->story.claim, 0);
	assert_int_equal(f->story.call, 0);
}

#define DOWN0 "2c 3c 4c 5c"
#define DOWN2 "2h 3h 4h 5h"

/* A flip that does not play hides its card; one that plays, a free one
 * too, is played face up and hides nothing; so do plays and pickups. */
static void
test_flips(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "4c", "", "jc 6c" },
		.down = { DOWN0, "3d kd 4d 5d", DOWN2 },
		.pile = "qc", .first = 1,
	};
	static const struct cheesedog_deal eight = {
		.hands = { "3c", "", "jc" },
		.down = { DOWN0, "5d jd 2s 9d", DOWN2 },
		.pile = "8c", .first = 1,
	};
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "flip 1");
	assert_said_lacks(f, GAME_PUBLIC, "3♦");
	assert_hidden(f, "flipped 3♦");
	fx_ok(f, 2, "play 6c");
	assert_hidden(f, "");
	fx_ok(f, 0, "pickup");
	assert_hidden(f, "");
	fx_ok(f, 1, "play 3d");
	assert_hidden(f, "");
	/* A flip that plays is said face up. */
	dg_stack(f, &d);
	fx_ok(f, 1, "flip 2");
	assert_said_has(f, GAME_PUBLIC, "flips face-down card 2: {red:K♦}");
	assert_hidden(f, "");
	/* Under an 8: a J does not play, a 5 does. */
	dg_stack(f, &eight);
	fx_ok(f, 1, "flip 2");
	assert_hidden(f, "flipped J♦");
	dg_stack(f, &eight);
	fx_ok(f, 1, "flip 1");
	assert_said_has(f, GAME_PUBLIC, "{red:5♦}");
	assert_hidden(f, "");
	fx_free(f);

	f = dg_new(3, 0);
	dg_stack(f, &eight);
	fx_ok(f, 1, "flip 4");
	assert_hidden(f, "flipped 9♦");
	fx_free(f);
}

/* A free flip, onto the empty pile, always plays. */
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
	fx_ok(f, 1, "flip 1");
	assert_said_has(f, GAME_PUBLIC, "(a free flip): {red:3♦}");
	assert_hidden(f, "");
	fx_free(f);
}

/* A leave hides the hand and the face-down cards that go out of the
 * game (the face-up ones are in sight); a long hand is cut and counted;
 * a safe seat leaving the table hides nothing. */
static void
test_leave(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c 6c", "4c jc", "kc kd", "5c 6d" },
		.up = { "", "", "ac", "" },
		.down = { "", "", "2h - 4h -", "" },
		.first = 1,
	};
	static const struct cheesedog_deal big = {
		.hands = { "3c", "2c 2d 2h 2s 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s "
		    "6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s", "kc" },
		.down = { "", "jc jd - js", "" },
		.first = 0,
	};
	struct fx *f = dg_new(4, 0);
	char *p, c;
	size_t n;
	int k, more;

	(void)state;
	dg_stack(f, &d);
	fx_move_ok(f, "2 leave");
	assert_hidden(f, "out of the game unseen: hand K♣ K♦, face down "
	    "2♥ 4♥");
	fx_ok(f, 1, "play 4c");
	fx_move_ok(f, "3 leave");
	assert_hidden(f, "out of the game unseen: hand 5♣ 6♦");
	fx_free(f);

	f = dg_new(3, 0);
	dg_stack(f, &big);
	fx_move_ok(f, "1 leave");
	n = strlen(f->story.hidden);
	assert_true(n < GAME_STORY_TEXT - 1);
	assert_int_equal(strncmp(f->story.hidden, "out of the game unseen: "
	    "hand 2♣ 2♦ 2♥ 2♠ 3♦ ", 40), 0);
	/* The face-down cards did not fit: counted with the rest (3 of
	 * the hand, 3 face down). */
	assert_null(strstr(f->story.hidden, "face down"));
	/* 31 cards in hand and 3 face down: named or counted. */
	p = strstr(f->story.hidden, " and ");
	assert_non_null(p);
	assert_int_equal(sscanf(p, " and %d more%c", &more, &c), 1);
	for (k = 0, p = f->story.hidden + 28; *p != '\0' &&
	    strncmp(p, " and", 4) != 0; p++)
		k += *p == ' ';
	assert_int_equal(k + more, 31 + 3);
	fx_free(f);

	f = dg_new(4, 0);
	dg_stack(f, &d);
	fx_ok(f, 1, "play 4c");
	fx_ok(f, 2, "play kc");
	fx_ok(f, 3, "pickup");
	fx_ok(f, 0, "play 3c");
	fx_ok(f, 1, "play jc");
	assert_said_has(f, GAME_PUBLIC, "{p:1} has no cards left");
	fx_move_ok(f, "1 leave");
	assert_said_has(f, GAME_PUBLIC, "leaves the table");
	assert_hidden(f, "");
	fx_free(f);
}

/* Everything hidden after a stacked deal and after a dealt one: each
 * hand, each seat's face-up cards (which complete the deal), its
 * face-down cards by position, who plays. */
static void
test_reveal(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "4c 10d", "", "jc 6c" },
		.up = { "", "", "ac" },
		.down = { DOWN0, "3d - 4d 5d", "- - - -" },
		.pile = "qc", .first = 1,
	};
	struct fx *f = dg_new(3, 0);
	struct lines l;
	char want[64], *p;
	int s, n, k;

	(void)state;
	dg_stack(f, &d);
	reveal(f, &l);
	assert_int_equal(l.n, 6);
	assert_string_equal(l.text[0], "{p:0}: hand (2): 4♣ {red:10♦}.");
	assert_string_equal(l.text[1], "{p:0} face down, by position: 1 2♣, "
	    "2 3♣, 3 4♣, 4 5♣.");
	assert_string_equal(l.text[2], "{p:1} face down, by position: 1 "
	    "{red:3♦}, 3 {red:4♦}, 4 {red:5♦}.");
	assert_string_equal(l.text[3], "{p:2}: hand (2): 6♣ J♣.");
	assert_string_equal(l.text[4], "{p:2} face up: A♣.");
	assert_string_equal(l.text[5], "{p:1} to play; play goes left.");
	fx_free(f);

	/* A dealt game of 3: hands of 27, 27 and 26, in lines of 30 at
	 * most, the face-down cards as the state holds them. */
	f = dg_new_seed(3, 2, 77);
	reveal(f, &l);
	assert_int_equal(l.n, 3 * 3 + 1);
	for (s = 0; s < 3; s++) {
		n = s == 2 ? 26 : 27;
		snprintf(want, sizeof want, "{p:%d}: hand (%d): ", s, n);
		assert_int_equal(strncmp(l.text[3 * s], want, strlen(want)),
		    0);
		for (k = 0, p = l.text[3 * s]; (p = strchr(p, ' ')) != NULL;
		    p++)
			k++;
		assert_int_equal(k, 2 + n);
		assert_true(strlen(l.text[3 * s]) <= 400);
		snprintf(want, sizeof want, "{p:%d} face up: ", s);
		assert_int_equal(strncmp(l.text[3 * s + 1], want,
		    strlen(want)), 0);
		snprintf(want, sizeof want, "{p:%d} face down, by position: 1 ",
		    s);
		assert_int_equal(strncmp(l.text[3 * s + 2], want,
		    strlen(want)), 0);
	}
	assert_string_equal(l.text[9], "{p:0} to play; play goes left.");
	fx_free(f);
}

/* The face-down cards nobody flipped: after a stop, at the end (the
 * loser's), none when all were flipped. */
static void
test_unseen(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "4c", "", "jc 6c" },
		.down = { DOWN0, "3d kd 4d 5d", "- - - -" },
		.pile = "qc", .first = 1,
	};
	static const struct cheesedog_deal end = {
		.hands = { "4c", "6c", "7c" },
		.down = { "", "- 9d - 2s", "" },
		.first = 0,
	};
	static const struct cheesedog_deal none = {
		.hands = { "4c", "6c", "7c" },
		.first = 0,
	};
	static const int places[] = { 1, 2, 0 };
	struct fx *f = dg_new(3, 0);
	char buf[512];

	(void)state;
	dg_stack(f, &d);
	fx_ok(f, 1, "flip 2");
	cheesedog_ops.unseen(f->g, buf, sizeof buf);
	assert_string_equal(buf, "Never flipped: {p:0} 2♣ 3♣ 4♣ 5♣, {p:1} "
	    "{red:3♦} {red:4♦} {red:5♦}.");
	fx_free(f);

	f = dg_new(3, 0);
	dg_stack(f, &end);
	fx_move_ok(f, "2 leave");
	fx_ok(f, 0, "play 4c");
	assert_said_has(f, GAME_PUBLIC, "{p:1} is left holding cards and "
	    "loses.");
	dg_assert_over(f, places, 1);
	cheesedog_ops.unseen(f->g, buf, sizeof buf);
	assert_string_equal(buf, "Never flipped: {p:1} {red:9♦} 2♠.");
	fx_free(f);

	f = dg_new(3, 0);
	dg_stack(f, &none);
	cheesedog_ops.unseen(f->g, buf, sizeof buf);
	assert_string_equal(buf, "");
	fx_free(f);

	/* Eight seats of four do not fit one IRC line: the first seats'
	 * cards are shown, the last seats' counted; a short buffer counts
	 * more. */
	f = dg_new_seed(8, 0, 5);
	cheesedog_ops.unseen(f->g, buf, sizeof buf);
	assert_int_equal(strncmp(buf, "Never flipped: {p:0} ", 21), 0);
	assert_null(strstr(buf, "{p:0} 4 cards"));
	assert_non_null(strstr(buf, "{p:7} 4 cards."));
	assert_true(game_markup_size(buf) <= GAME_LINE_BYTES);
	cheesedog_ops.unseen(f->g, buf, 160);
	assert_true(strlen(buf) < 160);
	assert_non_null(strstr(buf, "{p:7} 4 cards."));
	fx_free(f);
}

/* Nobody claims nor calls: the ledger of random games stays empty. */
static void
test_ledger_empty(void **state)
{
	struct game_move mv;
	struct game_turn t;
	struct rng rng;
	struct fx *f;
	int game, moves, s;

	(void)state;
	assert_int_equal(cheesedog_ops.claims, 0);
	rng_seed(&rng, 11);
	for (game = 0; game < 4; game++) {
		f = dg_new_seed(3 + game, game % 3, 100 + (unsigned)game);
		for (moves = 0; moves < 5000; moves++) {
			cheesedog_ops.turn(f->g, &t);
			if (t.over)
				break;
			assert_int_equal(cheesedog_ops.sample(f->g, &rng,
			    &mv), 0);
			if (fx_apply(f, &mv) != 0)
				fail_msg("sampled move refused: %s",
				    f->cause);
			assert_int_equal(f->story.claim, 0);
			assert_int_equal(f->story.call, 0);
		}
		assert_true(t.over);
		assert_int_equal(f->ledger.claims, 0);
		assert_int_equal(f->ledger.lies, 0);
		assert_int_equal(f->ledger.boldest.seat, -1);
		for (s = 0; s < f->nseats; s++) {
			assert_int_equal(f->ledger.seat[s].claims, 0);
			assert_int_equal(f->ledger.seat[s].calls, 0);
			assert_int_equal(f->ledger.seat[s].chances, 0);
		}
		fx_free(f);
	}
}

/* Seeded games played through the fixture, their moves kept as the log
 * keeps them (a leave among them), played again by story_play(): each
 * move's line ends with what the fixture's story said it hid, and only
 * those lines do. */
#define MOVES 6000

struct replay {
	int nmoves;
	char *hidden[MOVES];
	int seen[MOVES];
	int deal, end;
};

static void
replay_line(void *ctx, int n, int seat, const char *markup)
{
	struct replay *r = ctx;
	char want[GAME_STORY_TEXT + 16];
	size_t lw, lm;

	if (n < 0) {
		r->deal++;
		return;
	}
	if (n == r->nmoves) {
		r->end++;
		assert_int_equal(strncmp(markup, "Never flipped: ", 15), 0);
		return;
	}
	assert_true(n < r->nmoves);
	r->seen[n]++;
	if (r->hidden[n][0] == '\0') {
		assert_null(strstr(markup, " ["));
		return;
	}
	snprintf(want, sizeof want, " [%s]", r->hidden[n]);
	lw = strlen(want);
	lm = strlen(markup);
	if (lm < lw || strcmp(markup + lm - lw, want) != 0)
		fail_msg("move %d (seat %d): '%s' does not end '%s'", n, seat,
		    markup, want);
}

static void
test_story_play(void **state)
{
	static struct replay r;
	static char *texts[MOVES];
	struct story_record rec;
	struct game_move mv;
	struct game_turn t;
	struct ledger l;
	struct rng rng;
	struct fx *f;
	char text[256], *cause = NULL;
	int game, i, over, flips = 0, leaves = 0, nseats;

	(void)state;
	rng_seed(&rng, 31);
	for (game = 0; game < 6; game++) {
		memset(&r, 0, sizeof r);
		nseats = 3 + game % 4;
		f = fx_create(&cheesedog_ops, nseats, 1, NULL,
		    500 + (uint64_t)game);
		for (i = 0; i < MOVES; i++) {
			cheesedog_ops.turn(f->g, &t);
			if (t.over)
				break;
			if (i == 30) {
				/* The seat after the mover leaves. */
				snprintf(text, sizeof text, "%d leave",
				    (t.seat + 1) % nseats);
				fx_move_ok(f, text);
			} else if (rng_below(&rng, 8) == 0)
				fx_timeout(f, text, sizeof text);
			else {
				assert_int_equal(cheesedog_ops.sample(f->g,
				    &rng, &mv), 0);
				game_move_format(&cheesedog_ops, &mv, text,
				    sizeof text);
				if (fx_apply(f, &mv) != 0)
					fail_msg("sampled move refused: %s",
					    f->cause);
			}
			texts[i] = strdup(text);
			r.hidden[i] = strdup(f->story.hidden);
			flips += strncmp(f->story.hidden, "flipped ", 8) == 0;
			leaves += strncmp(f->story.hidden, "out of the game",
			    15) == 0;
		}
		assert_true(t.over);
		r.nmoves = i;
		memset(&rec, 0, sizeof rec);
		rec.ops = &cheesedog_ops;
		game_opts_default(&cheesedog_ops, &rec.opts);
		rec.nseats = nseats;
		rec.dealer = 1;
		rec.seed = 500 + (uint64_t)game;
		rec.nmoves = r.nmoves;
		rec.moves = (const char *const *)texts;
		if (story_play(&rec, replay_line, &r, &l, NULL, &over,
		    &cause) != 0)
			fail_msg("story_play: %s", cause);
		assert_int_equal(over, 1);
		/* The channel's line of the deal, each seat's hand and
		 * face-up and face-down cards, who plays. */
		assert_int_equal(r.deal, 1 + 3 * nseats + 1);
		for (i = 0; i < r.nmoves; i++)
			assert_int_equal(r.seen[i], 1);
		/* The loser's face-down cards, if any were left. */
		assert_true(r.end <= 1);
		assert_int_equal(l.claims, 0);
		for (i = 0; i < r.nmoves; i++) {
			free(texts[i]);
			free(r.hidden[i]);
		}
		fx_free(f);
	}
	assert_true(flips > 0);
	assert_int_equal(leaves, 6);
}

int
main(void)
{
#define T(fn) cmocka_unit_test_teardown(fn, fx_teardown)
	const struct CMUnitTest tests[] = {
		T(test_flips),
		T(test_free_flip),
		T(test_leave),
		T(test_reveal),
		T(test_unseen),
		T(test_ledger_empty),
		T(test_story_play),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
