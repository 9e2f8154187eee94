/*
 * Unit tests for Liar's UNO's AI seats (games/liarsuno-ai*.c) and what a
 * seat may know (games/liarsuno/liarsuno-observe.c), with stacked decks: a normal
 * AI calls a claim its own hand proves false, and a last card, and lets
 * an unprovable claim go; it tells the truth when it can, bluffing now
 * and then; hard remembers a hand it gave away and calls or believes a
 * claim from it (a last card known true is let go); a likely claim is
 * believed; lies vary in claim and card; a card a caught lie showed is
 * not the next lie's; a hard AI keeps a last card that goes out and draws
 * rather than bluff a last card everyone will call; the specials are
 * played sensibly (a 7 taking the smallest hand, UNO called with the
 * play and caught in others, a Wild Liar's Challenge's put cards turned
 * over most likely liar first, the card put being the one most wanted
 * gone); the expert's candidates at its turn are each playable card's
 * best play and the draw; decisions are the same in two worlds that differ only in cards
 * the seat cannot know, but a card it was shown stays known; and whole
 * games at every level end without a move the rules refuse.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/ai.h"
#include "games/game.h"
#include "games/liarsuno/liarsuno.h"
#include "games/liarsuno/liarsuno-int.h"
#include "alloc/xalloc.h"
#include "tests/lib/liarsuno-deal.h"
#include "tests/lib/sink.h"

/* The expert seats of whole games search with a small budget, to keep
 * the suite quick (test-ai-expert tests the search itself). */
#define EXPERT_PLAYOUTS 2

/* What seat, played by an AI of level, decides now on f's game, as the
 * words it would type ("play ~r5 uno", "challenge", "swap {p:1}"), or
 * "-" when it lets the chance pass; in f->buf.  Its mind is new, made
 * from the observation (as after a restart); the move is checked. */
static const char *
ai_says(struct fx *f, int seat, enum ai_level level, uint64_t seed)
{
	const struct game_ops *ops = f->ops;
	struct game *obs = ops->observe(f->g, seat);
	struct ai_mind *m = ops->ai->mind_new(obs, seat, level, NULL);
	struct game_move mv;
	struct rng rng;
	char *cause = NULL;

	rng_seed(&rng, seed);
	if (ops->ai->decide(m, obs, &rng, &mv) != 0)
		snprintf(f->buf, sizeof f->buf, "-");
	else {
		assert_int_equal(mv.seat, seat);
		if (ops->check(f->g, &mv, &cause) != 0)
			fail_msg("the AI's move is refused: %s", cause);
		ops->command(f->g, &mv, f->buf, sizeof f->buf);
	}
	ops->ai->mind_free(m);
	ops->destroy(obs);
	return f->buf;
}

#define assert_ai_says(f, seat, level, want) \
	assert_string_equal(ai_says(f, seat, level, 1), want)

/* A stacked game of nseats, seat 0 first, on the discard pile given. */
static struct fx *
deal(int nseats, const char *discard, const char *h0, const char *h1,
    const char *h2, const char *h3)
{
	struct liarsuno_deal d = {
		.hands = { h0, h1, h2, h3 }, .discard = discard,
		.draw = "b1", .first = 0,
	};
	struct fx *f = lx_new(nseats, nseats - 1);

	lx_stack(f, &d);
	return f;
}

/* A claim the challenger's own hand proves false is called, at every
 * level; one nobody can disprove is let go by normal, unless it is a
 * last card. */
static void
test_calls_proven(void **state)
{
	struct fx *f = deal(3, "r9", "~g3 r4 y2", "~r6 y4 g2", "g6 b8 y6",
	    NULL);

	(void)state;
	fx_ok(f, 0, "play ~g3 as r6");
	assert_ai_says(f, 1, AI_NORMAL, "challenge");
	assert_ai_says(f, 1, AI_EASY, "challenge");
	assert_ai_says(f, 1, AI_HARD, "challenge");
	assert_ai_says(f, 2, AI_NORMAL, "-");
	fx_free(f);
	f = deal(3, "r9", "~g3", "y4 g2", "g6 b8 y6", NULL);
	fx_ok(f, 0, "play ~g3 as r7");
	assert_ai_says(f, 2, AI_NORMAL, "challenge");
	assert_ai_says(f, 1, AI_HARD, "challenge");
	fx_free(f);
}

/* The truth when it can: a Regular Card face up or a Liar's Card claimed
 * as itself; a lie only without one, and never one the discard pile
 * shows false. */
static void
test_honest(void **state)
{
	struct fx *f = deal(3, "r9", "~r5 ~g3 ~b2 y2", "y4 g2", "g6 b8",
	    NULL);

	(void)state;
	assert_ai_says(f, 0, AI_NORMAL, "play ~r5");
	fx_free(f);
	f = deal(3, "r9", "r4 ~g3 y2 ~b6", "y4 g2", "g6 b8", NULL);
	assert_ai_says(f, 0, AI_NORMAL, "play r4");
	fx_free(f);
	/* No true play: a lie with the Liar's Card, not a draw, and not
	 * the red 7 that lies face up. */
	f = deal(3, "~r7 r9", "~g3 y2 b4", "y4 g2", "g6 b8", NULL);
	ai_says(f, 0, AI_NORMAL, 1);
	assert_memory_equal(f->buf, "play ~g3 as ", 12);
	assert_string_not_equal(f->buf, "play ~g3 as r7");
	fx_free(f);
}

/* With no Liar's Card and nothing to match, normal draws; a card drawn
 * that it could only lie about is kept. */
static void
test_draw_keep(void **state)
{
	struct fx *f = deal(3, "r9", "y2 b4", "y4 g2", "g6 b8", NULL);

	(void)state;
	assert_ai_says(f, 0, AI_NORMAL, "draw");
	fx_ok(f, 0, "draw");
	assert_lx_cards(f, 0, "y2 b1 b4");
	assert_ai_says(f, 0, AI_NORMAL, "pass");
	fx_free(f);
}

/* hard keeps the card that goes out for last (a WLC, face up, matches
 * anything), plays it, and with a last card it can only lie about
 * draws rather than be caught by three players. */
static void
test_hard_end(void **state)
{
	struct fx *f = deal(4, "r9", "~r5 WLC", "y4 g2 g3", "g6 b8 y1",
	    "y6 y7 g8");

	(void)state;
	assert_ai_says(f, 0, AI_HARD, "play ~r5 uno");
	fx_free(f);
	f = deal(4, "r9", "WLC", "y4 g2 g3", "g6 b8 y1", "y6 y7 g8");
	ai_says(f, 0, AI_HARD, 1);
	assert_memory_equal(f->buf, "play WLC ", 9);
	fx_free(f);
	f = deal(4, "r9", "~g3", "y4 g2 g3", "g6 b8 y1", "y6 y7 g8");
	assert_ai_says(f, 0, AI_HARD, "draw");
	fx_free(f);
}

/* A 7 with a big hand is played, and takes the smallest hand. */
static void
test_seven(void **state)
{
	struct fx *f = deal(4, "r9", "~r7 ~g3 y2 b4 b5 g8", "y4 g2",
	    "g6 b8 y6", "y1 y3 g1");

	(void)state;
	assert_ai_says(f, 0, AI_NORMAL, "play ~r7");
	fx_ok(f, 0, "play ~r7");
	assert_ai_says(f, 0, AI_NORMAL, "swap {p:1}");
	assert_ai_says(f, 0, AI_HARD, "swap {p:1}");
	fx_free(f);
}

/* UNO goes with the play of the last card but one, and a player who
 * owes it is caught. */
static void
test_uno(void **state)
{
	struct fx *f = deal(3, "r9", "~r5 y2", "y4 g2 b8", "g6 b7 y1", NULL);

	(void)state;
	assert_ai_says(f, 0, AI_NORMAL, "play ~r5 uno");
	fx_free(f);
	f = deal(3, "r9", "r4 y2", "y4 g2 b8", "g6 b7 y1", NULL);
	fx_ok(f, 0, "!play r4");
	assert_ai_says(f, 2, AI_NORMAL, "uno");
	assert_ai_says(f, 0, AI_HARD, "uno");
	fx_free(f);
}

/* A Wild Liar's Challenge: without the colour, the card put is the
 * Regular Card hardest to play; its player turns over first the card
 * that was a last one. */
static void
test_wlc(void **state)
{
	struct fx *f = deal(3, "r9", "WLC y2 y3", "~g6 b8 ~+4", "g7", NULL);

	(void)state;
	fx_ok(f, 0, "!play WLC red");
	assert_ai_says(f, 1, AI_NORMAL, "put b8");
	fx_ok(f, 1, "put b8");
	fx_ok(f, 2, "put g7");
	assert_ai_says(f, 0, AI_NORMAL, "challenge {p:2}");
	fx_free(f);
}

/* The expert's candidates at its turn (lu_ai_moves(), its search's
 * moves): each playable card's best play once, best first, and the
 * draw, every one a move the rules take; max caps them; after a draw,
 * the card drawn and the pass; none at another's turn. */
static void
test_expert_moves(void **state)
{
	struct fx *f = deal(3, "r9", "~r5 WLC r4 y2", "y4 g2", "g6 b8",
	    NULL);
	const struct game_ops *ops = f->ops;
	struct game *obs = ops->observe(f->g, 0);
	struct ai_mind *m = ops->ai->mind_new(obs, 0, AI_EXPERT, NULL);
	struct game_move mv[16];
	struct rng rng;
	char *cause = NULL;
	int n, i, draws = 0, cards[LU_CARDS] = { 0 };

	(void)state;
	rng_seed(&rng, 1);
	n = ops->ai->search->moves(m, obs, 0, &rng, mv, 16);
	/* ~r5, the WLC and r4 (y2 matches nothing), and the draw. */
	assert_int_equal(n, 4);
	for (i = 0; i < n; i++) {
		assert_int_equal(mv[i].seat, 0);
		if (ops->check(f->g, &mv[i], &cause) != 0)
			fail_msg("candidate %d is refused: %s", i, cause);
		if (mv[i].verb == VERB_DRAW)
			draws++;
		else
			assert_int_equal(cards[mv[i].argv[ARG_CARD]]++, 0);
	}
	assert_int_equal(draws, 1);
	assert_int_equal(cards[1 * LU_COLOUR_CARDS + 2], 0);	/* y2 */
	assert_int_equal(ops->ai->search->moves(m, obs, 0, &rng, mv, 2), 2);
	assert_int_equal(ops->ai->search->moves(m, obs, 1, &rng, mv, 16), 0);
	ops->ai->mind_free(m);
	ops->destroy(obs);
	/* After a draw: the card drawn (b1, which matches nothing, so not
	 * played) or the pass. */
	fx_ok(f, 0, "draw");
	obs = ops->observe(f->g, 0);
	m = ops->ai->mind_new(obs, 0, AI_EXPERT, NULL);
	n = ops->ai->search->moves(m, obs, 0, &rng, mv, 16);
	assert_int_equal(n, 1);
	assert_int_equal(mv[0].verb, VERB_PASS);
	ops->ai->mind_free(m);
	ops->destroy(obs);
	fx_free(f);
}

/* Two deals that differ only in cards seat 0 cannot see give seat 0 the
 * same observation and the same decision at every level; a card a
 * challenge showed, taken back into its player's hand, stays where seat
 * 0 saw it go. */
static void
test_no_peeking(void **state)
{
	struct fx *a = deal(3, "r9", "~g3 y2 ~b4", "~r7 y4 g2", "g6 ~b8",
	    NULL);
	struct fx *b = deal(3, "r9", "~g3 y2 ~b4", "g6 y4 ~b8", "~r7 g2",
	    NULL);
	struct game *oa, *ob;
	char ta[1024];
	int level;
	uint64_t seed;

	(void)state;
	for (level = 0; level < AI_LEVELS; level++) {
		for (seed = 1; seed < 20; seed++) {
			snprintf(ta, sizeof ta, "%s", ai_says(a, 0, level,
			    seed));
			assert_string_equal(ai_says(b, 0, level, seed), ta);
		}
	}
	oa = a->ops->observe(a->g, 0);
	ob = b->ops->observe(b->g, 0);
	liarsuno_cards(oa, 1, ta, sizeof ta);
	liarsuno_cards(ob, 1, b->buf, sizeof b->buf);
	assert_string_equal(ta, b->buf);
	a->ops->destroy(oa);
	b->ops->destroy(ob);
	/* Caught lying, seat 1 takes its ~b2 back: seat 0 knows it is
	 * there, whatever else seat 1 holds. */
	fx_free(a);
	a = deal(3, "r9", "~g3 y2 ~b4", "~b2 y4 g2", "g6 ~b8", NULL);
	fx_ok(a, 0, "play ~g3 as r3");
	fx_ok(a, 1, "play ~b2 as r2");
	fx_ok(a, 0, "challenge");
	oa = a->ops->observe(a->g, 0);
	liarsuno_cards(oa, 1, ta, sizeof ta);
	assert_non_null(strstr(ta, "~b2"));
	a->ops->destroy(oa);
	fx_free(a);
}

/* A mind of level for seat that follows f's game from now: the moves
 * made through step() are noted as the referee notes them. */
static struct ai_mind *
follow(struct fx *f, int seat, enum ai_level level)
{
	struct game *obs = f->ops->observe(f->g, seat);
	struct ai_mind *m = f->ops->ai->mind_new(obs, seat, level, NULL);

	f->ops->destroy(obs);
	return m;
}

/* Plays line for seat, and m notes the observation after it. */
static void
step(struct fx *f, struct ai_mind *m, int seat, const char *line)
{
	struct game *obs;

	fx_ok(f, seat, line);
	obs = f->ops->observe(f->g, m->seat);
	f->ops->ai->note(m, obs);
	f->ops->destroy(obs);
}

/* What m decides now, in words (as ai_says()), with the generator of
 * seed; the mind is a copy, so one may ask again. */
static const char *
mind_says(struct fx *f, const struct ai_mind *m, uint64_t seed)
{
	struct ai_mind *c = xmalloc(sizeof *c);
	struct game *obs = f->ops->observe(f->g, m->seat);
	struct game_move mv;
	struct rng rng;
	char *cause = NULL;

	memcpy(c, m, sizeof *c);
	rng_seed(&rng, seed);
	if (f->ops->ai->decide(c, obs, &rng, &mv) != 0)
		snprintf(f->buf, sizeof f->buf, "-");
	else {
		if (f->ops->check(f->g, &mv, &cause) != 0)
			fail_msg("the AI's move is refused: %s", cause);
		f->ops->command(f->g, &mv, f->buf, sizeof f->buf);
	}
	f->ops->destroy(obs);
	free(c);
	return f->buf;
}

/* hard remembers a hand it gave away in a swap: the new holder's claim
 * of a card that hand did not hold is called, though the observation
 * after the face-down play no longer places those cards (a mind made
 * anew then lets it go); and a last card it knows is true is let go,
 * where a mind made anew calls it: a last card is called on its
 * expected value, not always. */
static void
test_hard_remembers(void **state)
{
	struct fx *f = deal(3, "r9", "~r7 ~g3 y2", "y4 g2 b8 b7",
	    "g6 b3 y6 g1", NULL);
	struct ai_mind *m = follow(f, 0, AI_HARD);

	(void)state;
	step(f, m, 0, "play ~r7");
	step(f, m, 0, "swap {p:1}");
	step(f, m, 1, "play ~g3 as r3 uno");
	assert_string_equal(mind_says(f, m, 1), "challenge");
	assert_ai_says(f, 0, AI_HARD, "-");
	assert_ai_says(f, 0, AI_NORMAL, "-");
	f->ops->ai->mind_free(m);
	fx_free(f);

	f = deal(3, "r9", "~r7 ~r3", "y4 g2 b8 b7", "g6 b3 y6 g1", NULL);
	m = follow(f, 0, AI_HARD);
	step(f, m, 0, "play ~r7");
	step(f, m, 0, "swap {p:1}");
	step(f, m, 1, "play ~r3");
	assert_string_equal(mind_says(f, m, 1), "-");
	assert_ai_says(f, 0, AI_HARD, "challenge");
	f->ops->ai->mind_free(m);
	fx_free(f);
}

/* A claim nobody can disprove from a player with many cards is
 * believed by normal and hard alike. */
static void
test_believes_likely(void **state)
{
	struct fx *f = deal(3, "r9", "~g3 r4 y2 b4 b5 g8 g9 y7", "y4 g2",
	    "g6 b8 y6", NULL);

	(void)state;
	fx_ok(f, 0, "play ~g3 as r5");
	assert_string_not_equal(ai_says(f, 1, AI_NORMAL, 1), "challenge");
	assert_string_not_equal(ai_says(f, 1, AI_HARD, 1), "challenge");
	assert_ai_says(f, 2, AI_NORMAL, "-");
	assert_ai_says(f, 2, AI_HARD, "-");
	fx_free(f);
}

/* Lies are mixed: normal, holding a true play, bluffs now and then but
 * mostly plays it; hard's lies, over many seeds, claim more than one
 * face and are played with more than one card. */
static void
test_mixed_lies(void **state)
{
	struct fx *f = deal(3, "r9", "~r5 ~g3 ~b2 y2 y8", "y4 g2 b3",
	    "g6 b8 y6", NULL);
	char first[sizeof f->buf] = "";
	int seed, lies = 0, other = 0;

	(void)state;
	for (seed = 1; seed <= 200; seed++) {
		ai_says(f, 0, AI_NORMAL, (uint64_t)seed);
		if (strcmp(f->buf, "play ~r5") != 0)
			lies++;
	}
	assert_true(lies > 0);
	assert_true(lies < 80);
	fx_free(f);
	/* No true play: hard's lies differ from seed to seed. */
	f = deal(3, "~r7 r9", "~g3 ~b2 ~y4 y2 b6", "y4 g2 b3", "g6 b8 y6",
	    NULL);
	for (seed = 1, lies = 0; seed <= 100; seed++) {
		ai_says(f, 0, AI_HARD, (uint64_t)seed);
		if (strncmp(f->buf, "play ~", 6) != 0 ||
		    strstr(f->buf, " as ") == NULL)
			continue;
		lies++;
		if (first[0] == '\0')
			snprintf(first, sizeof first, "%s", f->buf);
		else if (strcmp(first, f->buf) != 0)
			other++;
	}
	assert_true(lies > 50);
	assert_true(other > 0);
	fx_free(f);
}

/* A card a caught lie showed everyone is not the next lie's card while
 * another Liar's Card can lie instead. */
static void
test_no_reused_bluff(void **state)
{
	struct fx *f;
	struct ai_mind *m;
	int level, seed, b4;

	(void)state;
	for (level = AI_NORMAL; level <= AI_HARD; level++) {
		f = deal(3, "r9", "~y3 ~b4 y2", "~r6 y4 g2", "g6 b8 y6",
		    NULL);
		m = follow(f, 0, (enum ai_level)level);
		step(f, m, 0, "play ~y3 as r6");
		step(f, m, 1, "challenge");
		assert_true(m->exposed >= 0);
		step(f, m, 1, "play ~r6");
		step(f, m, 2, "!play g6");
		for (seed = 1, b4 = 0; seed <= 40; seed++) {
			mind_says(f, m, (uint64_t)seed);
			assert_memory_not_equal(f->buf, "play ~y3", 8);
			b4 += strncmp(f->buf, "play ~b4 as ", 12) == 0;
		}
		assert_true(b4 > 0);
		f->ops->ai->mind_free(m);
		fx_free(f);
	}
}

/* Everything obs shows the table and every seat, as one string (freed by
 * the caller). */
static char *
views(const struct game *obs, int nseats)
{
	struct sink k;
	struct game_out out;
	char *text = xstrdup(""), *more;
	int s, i;

	sink_init(&k, &out);
	liarsuno_ops.view(obs, GAME_PUBLIC, &out);
	for (s = 0; s < nseats; s++)
		liarsuno_ops.view(obs, s, &out);
	for (i = 0; i < k.n; i++) {
		more = xasprintf("%s[%d] %s\n", text, k.seat[i], k.text[i]);
		free(text);
		text = more;
	}
	sink_reset(&k);
	return text;
}

/* Random games of the simulator's moves, players leaving now and then,
 * with and without points: at every step each seat's observation is the
 * observation of a world redealt at random from it, and keeps its hand. */
static void
test_observe_random(void **state)
{
	const struct game_ops *ops = &liarsuno_ops;
	struct game_opts opts;
	struct game_move mv;
	struct game_turn tu;
	struct game *g, *obs, *world, *again;
	struct rng deal, r;
	char *va, *vb, *cause = NULL, ha[600], hb[600];
	int game, step, s, nseats;

	(void)state;
	for (game = 0; game < 24; game++) {
		game_opts_default(ops, &opts);
		if (game % 3 == 2)
			assert_int_equal(game_opts_set(ops, &opts, "points=1",
			    &cause), 0);
		nseats = 2 + game % 5;
		rng_seed(&deal, (uint64_t)game + 77);
		rng_seed(&r, (uint64_t)game);
		g = ops->create(&opts, nseats, 0, &deal, NULL, &cause);
		assert_non_null(g);
		for (step = 0; step < 400; step++) {
			ops->turn(g, &tu);
			if (tu.over)
				break;
			for (s = 0; s < nseats; s++) {
				obs = ops->observe(g, s);
				world = ops->observe(g, s);
				ops->redeal(world, s, &r);
				again = ops->observe(world, s);
				va = views(obs, nseats);
				vb = views(again, nseats);
				assert_string_equal(va, vb);
				liarsuno_cards(g, s, ha, sizeof ha);
				liarsuno_cards(obs, s, hb, sizeof hb);
				assert_string_equal(ha, hb);
				free(va);
				free(vb);
				ops->destroy(obs);
				ops->destroy(world);
				ops->destroy(again);
			}
			if (rng_below(&r, 60) == 0 && lu_nactive(g) > 2) {
				memset(&mv, 0, sizeof mv);
				mv.seat = (int)rng_below(&r, (uint32_t)nseats);
				mv.verb = GAME_VERB_LEAVE;
				if (ops->check(g, &mv, NULL) != 0)
					continue;
			} else if (ops->sample(g, &r, &mv) != 0)
				break;
			assert_int_equal(ops->check(g, &mv, &cause), 0);
			ops->apply(g, &mv, NULL);
		}
		ops->destroy(g);
	}
}

/* The clock of the watch. */
static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Decision times, in microseconds, counted by the hundred. */
struct times {
	int n;
	int at[1000];		/* how many took 10 * i to 10 * i + 9 us */
};

static void
decided(void *arg, uint64_t ns)
{
	struct times *t = arg;
	uint64_t slot = ns / 10000;

	t->at[slot < 999 ? slot : 999]++;
	t->n++;
}

/* Whole games at 2 to 6 seats, every mix of levels, with and without
 * points: each ends, with a winner, and no move is refused.  The time
 * of each decision is printed as its 99th percentile (under the test
 * build's sanitizers; the release build is several times faster). */
static void
test_games(void **state)
{
	struct ai_watch w = { .now_ns = now_ns, .decided = decided };
	struct times *t = calloc(1, sizeof *t);
	struct game_opts opts;
	struct game_result r;
	enum ai_level levels[GAME_MAX_SEATS];
	char *cause = NULL;
	int game, s, nseats, moves, slot, seen;

	(void)state;
	w.arg = t;
	for (game = 0; game < 60; game++) {
		game_opts_default(&liarsuno_ops, &opts);
		if (game % 10 == 9)
			assert_int_equal(game_opts_set(&liarsuno_ops, &opts,
			    "points=1", &cause), 0);
		nseats = 2 + game % 5;
		for (s = 0; s < nseats; s++)
			levels[s] = (enum ai_level)((game / 3 + s) % AI_LEVELS);
		moves = ai_play_budget(&liarsuno_ops, &opts, nseats, levels,
		    EXPERT_PLAYOUTS, (uint64_t)game + 1, &r, &w, &cause);
		if (moves < 0)
			fail_msg("game %d: %s", game, cause);
		for (s = 0, seen = 0; s < nseats; s++)
			seen += r.place[s] == 1;
		assert_true(seen >= 1);
	}
	for (slot = 0, seen = 0; slot < 1000; slot++) {
		seen += t->at[slot];
		if (seen * 100 >= t->n * 99)
			break;
	}
	print_message("%d decisions, 99%% within %d us\n", t->n,
	    10 * (slot + 1));
	free(t);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_calls_proven),
		T(test_honest),
		T(test_draw_keep),
		T(test_hard_end),
		T(test_seven),
		T(test_uno),
		T(test_wlc),
		T(test_expert_moves),
		T(test_no_peeking),
		T(test_hard_remembers),
		T(test_believes_likely),
		T(test_mixed_lies),
		T(test_no_reused_bluff),
		cmocka_unit_test(test_observe_random),
		cmocka_unit_test(test_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
