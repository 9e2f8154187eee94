/*
 * Unit tests for Cheesedog's AI seats (games/cheesedog-ai*.c) and what
 * a seat may know (games/cheesedog/cheesedog-observe.c), with stacked deals: the
 * observation keeps the seat's hand, everything face up and every card
 * seen taken, and deals the rest again; the levels play as
 * docs/games/cheesedog.md says (the normal one the lowest rank that plays,
 * all of it, its 2s and 10s kept for when nothing else plays, a clear
 * when it can make one; the hard one a 10 as soon as it plays, an 8 where
 * the next seat is stuck under it, at the end the play that survives
 * when the game is played out); no decision depends on a hidden card;
 * and every level finishes whole games without a refused move.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ai.h"
#include "games/cheesedog/cheesedog.h"
#include "games/game.h"
#include "tests/lib/cheesedog-deal.h"

/* The expert seats of whole games search with a small budget, to keep
 * the suite quick (test-ai-expert tests the search itself). */
#define EXPERT_PLAYOUTS 2

/* Four face-down cards for each seat, so that nobody is out early. */
#define DOWN0 "2c 3c 4c 5c"
#define DOWN1 "2d 3d 4d 5d"
#define DOWN2 "2h 3h 4h 5h"
#define DOWN3 "2s 3s 4s 5s"

/* Everything emitted, one string, to compare views. */
struct seen {
	char text[32768];
};

static void
seen_emit(void *ctx, int seat, const char *text)
{
	struct seen *s = ctx;
	size_t used = strlen(s->text);

	snprintf(s->text + used, sizeof s->text - used, "[%d] %s\n", seat,
	    text);
}

/* What g shows the table and every seat, into s. */
static void
views(const struct game *g, int nseats, struct seen *s)
{
	struct game_out out = { seen_emit, s };
	int i;

	s->text[0] = '\0';
	cheesedog_ops.view(g, GAME_PUBLIC, &out);
	for (i = 0; i < nseats; i++)
		cheesedog_ops.view(g, i, &out);
}

/* What seat decides at level in f's game with its generator seeded
 * with seed, as it would type it (in f->buf), or "" when it lets the
 * chance pass; a new mind each time, told the game as it is. */
static const char *
decided_seed(struct fx *f, int seat, enum ai_level level, uint64_t seed)
{
	const struct game_ai *ai = cheesedog_ops.ai;
	struct game *obs = cheesedog_ops.observe(f->g, seat);
	struct ai_mind *m = ai->mind_new(obs, seat, level, NULL);
	struct game_move mv;
	struct rng r;

	rng_seed(&r, seed);
	f->buf[0] = '\0';
	if (ai->decide(m, obs, &r, &mv) == 0) {
		assert_int_equal(mv.seat, seat);
		assert_int_equal(cheesedog_ops.check(f->g, &mv, NULL), 0);
		cheesedog_ops.command(f->g, &mv, f->buf, sizeof f->buf);
	}
	ai->mind_free(m);
	cheesedog_ops.destroy(obs);
	return f->buf;
}

/* The same with a generator seeded with 7. */
static const char *
decided(struct fx *f, int seat, enum ai_level level)
{
	return decided_seed(f, seat, level, 7);
}

/* The observation keeps the seat's own hand and face-up cards, and a
 * pile another seat took (seen by all) in that seat's hand; the cards of
 * another hand never shown and every face-down card, its own too, are
 * dealt again, so two deals that differ only there look the same. */
static void
test_observe_hides(void **state)
{
	static const struct cheesedog_deal a = {
		.hands = { "4c 9c", "3d 6d", "jc qc" },
		.up = { "kc", "kd", "kh" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "ah", .first = 1,
	};
	/* The same cards, the unseen ones in other places. */
	static const struct cheesedog_deal b = {
		.hands = { "4c 9c", "jc qc", "3d 6d" },
		.up = { "kc", "kd", "kh" },
		.down = { DOWN2, DOWN0, DOWN1 },
		.pile = "ah", .first = 1,
	};
	struct fx *fa = dg_new(3, 0), *fb = dg_new(3, 0);
	struct game *oa, *ob;
	struct seen va, vb;
	char buf[256], other[256];

	(void)state;
	dg_stack(fa, &a);
	dg_stack(fb, &b);
	fx_ok(fa, 1, "pickup");
	fx_ok(fb, 1, "pickup");
	oa = cheesedog_ops.observe(fa->g, 0);
	ob = cheesedog_ops.observe(fb->g, 0);
	cheesedog_cards(oa, CHEESEDOG_HAND, 0, buf, sizeof buf);
	assert_string_equal(buf, "4♣ 9♣");
	cheesedog_cards(oa, CHEESEDOG_UP, 2, buf, sizeof buf);
	assert_string_equal(buf, "K♥");
	/* The ace seat 1 took is still seen there. */
	cheesedog_cards(oa, CHEESEDOG_HAND, 1, buf, sizeof buf);
	assert_non_null(strstr(buf, "A♥"));
	cheesedog_cards(oa, CHEESEDOG_DOWN, 0, buf, sizeof buf);
	assert_string_not_equal(buf, "2♣ 3♣ 4♣ 5♣");
	cheesedog_cards(ob, CHEESEDOG_DOWN, 0, other, sizeof other);
	assert_string_equal(buf, other);
	cheesedog_cards(oa, CHEESEDOG_HAND, 1, buf, sizeof buf);
	cheesedog_cards(ob, CHEESEDOG_HAND, 1, other, sizeof other);
	assert_string_equal(buf, other);
	views(oa, 3, &va);
	views(ob, 3, &vb);
	assert_string_equal(va.text, vb.text);
	assert_string_equal(decided(fa, 0, AI_HARD), "");
	cheesedog_ops.destroy(oa);
	cheesedog_ops.destroy(ob);
	fx_free(fa);
	fx_free(fb);
}

/* A random world from redeal() is observed as the real one is, and
 * keeps every card in the game. */
static void
test_redeal_consistent(void **state)
{
	struct fx *f = dg_new_seed(5, 2, 99);
	struct game *o1, *world, *o2;
	struct seen v1, v2;
	struct rng r;
	char *cause = NULL;
	int i;

	(void)state;
	rng_seed(&r, 3);
	for (i = 0; i < 5; i++) {
		o1 = cheesedog_ops.observe(f->g, i);
		world = cheesedog_ops.observe(f->g, i);
		cheesedog_ops.redeal(world, i, &r);
		assert_int_equal(cheesedog_ops.invariants(world, &cause), 0);
		o2 = cheesedog_ops.observe(world, i);
		views(o1, 5, &v1);
		views(o2, 5, &v2);
		assert_string_equal(v1.text, v2.text);
		cheesedog_ops.destroy(o1);
		cheesedog_ops.destroy(o2);
		cheesedog_ops.destroy(world);
	}
	fx_free(f);
}

/* Through random games with leaves (a leaver's unseen cards go out of
 * the game unseen), after every move: each seat's observation of a
 * world redealt from its own is its observation of the game, and the
 * world keeps every card once. */
static void
test_observe_random(void **state)
{
	struct game_opts opts;
	struct game *g, *o1, *world, *o2;
	struct game_turn tu;
	struct game_move mv;
	struct seen v1, v2;
	struct rng deal, r;
	char *cause = NULL;
	int game, n, s, steps;

	(void)state;
	game_opts_default(&cheesedog_ops, &opts);
	rng_seed(&r, 5);
	for (game = 0; game < 12; game++) {
		n = 3 + game % 6;
		rng_seed(&deal, (uint64_t)game);
		g = cheesedog_ops.create(&opts, n, 0, &deal, NULL, &cause);
		assert_non_null(g);
		for (steps = 0; steps < 400; steps++) {
			cheesedog_ops.turn(g, &tu);
			if (tu.over)
				break;
			memset(&mv, 0, sizeof mv);
			mv.seat = (int)rng_below(&r, (uint32_t)n);
			mv.verb = GAME_VERB_LEAVE;
			if (rng_below(&r, 40) != 0 ||
			    cheesedog_ops.check(g, &mv, NULL) != 0)
				cheesedog_ops.sample(g, &r, &mv);
			cheesedog_ops.apply(g, &mv, NULL);
			for (s = 0; s < n; s++) {
				o1 = cheesedog_ops.observe(g, s);
				world = cheesedog_ops.observe(g, s);
				cheesedog_ops.redeal(world, s, &r);
				if (cheesedog_ops.invariants(world, &cause) != 0)
					fail_msg("redealt: %s", cause);
				o2 = cheesedog_ops.observe(world, s);
				views(o1, n, &v1);
				views(o2, n, &v2);
				assert_string_equal(v1.text, v2.text);
				cheesedog_ops.destroy(o1);
				cheesedog_ops.destroy(o2);
				cheesedog_ops.destroy(world);
			}
		}
		cheesedog_ops.destroy(g);
	}
}

/* Normal plays every card of its lowest rank that plays, keeping its 2s
 * and 10s; easy plays something legal there too, and hard its 10.  (The
 * deals before the end, here and below, seat four players: with three
 * or fewer left and few cards the hard seat plays the game out.) */
static void
test_normal_lowest(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "2c 4c 4d 9c 10c kc", "3d 6d", "jc qc", "jd qd" },
		.down = { DOWN0, DOWN1, DOWN2, DOWN3 },
		.pile = "3h", .first = 0,
	};
	struct fx *f = dg_new(4, 3);

	(void)state;
	dg_stack(f, &d);
	assert_string_equal(decided(f, 0, AI_NORMAL), "play 4♣ 4♦");
	assert_string_not_equal(decided(f, 0, AI_EASY), "");
	assert_string_equal(decided(f, 0, AI_HARD), "play 10♣");
	fx_free(f);
}

/* Easy is a beginner, not a random player: often the lowest rank that
 * plays, all of it, and as often something else (fewer of them, a 2 or
 * a 10 spent, a king on a 3), never a pickup while something plays. */
static void
test_easy_beginner(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "2c 4c 4d 9c 10c kc", "3d 6d", "jc qc" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "3h", .first = 0,
	};
	struct fx *f = dg_new(3, 2);
	int seed, lowest = 0;

	(void)state;
	dg_stack(f, &d);
	for (seed = 0; seed < 200; seed++) {
		decided_seed(f, 0, AI_EASY, (uint64_t)seed);
		assert_string_not_equal(f->buf, "pickup");
		lowest += strcmp(f->buf, "play 4♣ 4♦") == 0;
	}
	assert_true(lowest >= 200 / 3);
	assert_true(lowest <= 200 * 2 / 3);
	fx_free(f);
}

/* With nothing else that plays, normal spends one 10 (it clears and
 * leads again) before one 2 (after which anything plays). */
static void
test_normal_lifelines(void **state)
{
	static const struct cheesedog_deal ten = {
		.hands = { "2c 2d 10c 10d 4c", "3d 6d", "jc qc" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "9h", .first = 0,
	};
	static const struct cheesedog_deal two = {
		.hands = { "2c 2d 10c 4c", "3d 6d", "jc qc" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "kh", .first = 0,
	};
	struct fx *f = dg_new(3, 2);

	(void)state;
	dg_stack(f, &ten);
	assert_string_equal(decided(f, 0, AI_NORMAL), "play 10♣");
	dg_stack(f, &two);
	assert_string_equal(decided(f, 0, AI_NORMAL), "play 2♣");
	fx_free(f);
}

/* Under three 8s, a fourth clears the pile and plays again: normal takes
 * that before its 3, and starts the new pile with the 3. */
static void
test_normal_clears(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c 8s kc", "3d 6d", "jc qc" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "8c 8d 8h", .first = 0,
	};
	struct fx *f = dg_new(3, 2);

	(void)state;
	dg_stack(f, &d);
	assert_string_equal(decided(f, 0, AI_NORMAL), "play 8♠");
	fx_ok(f, 0, "play 8s");
	dg_assert_turn(f, 0, 1);
	assert_string_equal(decided(f, 0, AI_NORMAL), "play 3♣");
	fx_free(f);
}

/* Hard plays its 8 where the next seat, seen to hold only kings and
 * aces, cannot play under it; where the next seat shows a 5 it plays its
 * lowest card as normal does. */
static void
test_hard_eight(void **state)
{
	static const struct cheesedog_deal stuck = {
		.hands = { "5c 8d kd" },
		.up = { "", "kc ac", "5h" },
		.down = { DOWN0, DOWN1, DOWN2, DOWN3 },
		.pile = "4h", .first = 0,
	};
	static const struct cheesedog_deal loose = {
		.hands = { "5c 8d kd" },
		.up = { "", "5s ac", "kh" },
		.down = { DOWN0, DOWN1, DOWN2, DOWN3 },
		.pile = "4h", .first = 0,
	};
	struct fx *f = dg_new(4, 3);

	(void)state;
	dg_stack(f, &stuck);
	assert_string_equal(decided(f, 0, AI_NORMAL), "play 5♣");
	assert_string_equal(decided(f, 0, AI_HARD), "play 8♦");
	fx_ok(f, 0, "play 8d");
	assert_string_equal(decided(f, 1, AI_HARD), "pickup");
	dg_stack(f, &loose);
	assert_string_equal(decided(f, 0, AI_HARD), "play 5♣");
	fx_free(f);
}

/* Hard spends a 10 as soon as it plays (it clears, and leads again with
 * its 6), where normal keeps it for when nothing else plays. */
static void
test_hard_ten(void **state)
{
	static const struct cheesedog_deal d = {
		.up = { "6c 10c", "3d 6d", "jc qc", "jd qd" },
		.down = { DOWN0, DOWN1, DOWN2, DOWN3 },
		.pile = "5h", .first = 0,
	};
	struct fx *f = dg_new(4, 3);

	(void)state;
	dg_stack(f, &d);
	assert_string_equal(decided(f, 0, AI_NORMAL), "play 6♣");
	assert_string_equal(decided(f, 0, AI_HARD), "play 10♣");
	fx_ok(f, 0, "play 10c");
	dg_assert_turn(f, 0, 1);
	assert_string_equal(decided(f, 0, AI_HARD), "play 6♣");
	fx_ok(f, 0, "play 6c");
	fx_free(f);
}

/* Heads up the hard seat plays the game out: its 4 would let the other
 * seat go out on its king and leave it the loser, where normal plays
 * it; its ace makes the other take the pile, and the 4 then goes out. */
static void
test_hard_heads_up(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "4c ac", "", "jc" },
		.up = { "", "kd", "" },
		.down = { "", "", DOWN2 },
		.pile = "3h", .first = 0,
	};
	static const int places[] = { 1, 2, 0 };
	struct fx *f = dg_new(3, 2);

	(void)state;
	dg_stack(f, &d);
	fx_move_ok(f, "2 leave");
	assert_string_equal(decided(f, 0, AI_NORMAL), "play 4♣");
	assert_string_equal(decided(f, 0, AI_HARD), "play A♣");
	fx_ok(f, 0, "play ac");
	assert_string_equal(decided(f, 1, AI_HARD), "pickup");
	fx_ok(f, 1, "pickup");
	assert_string_equal(decided(f, 0, AI_HARD), "play 4♣");
	fx_ok(f, 0, "play 4c");
	dg_assert_over(f, places, 1);
	fx_free(f);
}

/* Forced moves: a pickup when nothing plays, a flip with only face-down
 * cards left; and no move out of turn (Cheesedog has no windows). */
static void
test_forced(void **state)
{
	static const struct cheesedog_deal d = {
		.hands = { "3c", "", "jc qc" },
		.down = { DOWN0, DOWN1, DOWN2 },
		.pile = "kh", .first = 0,
	};
	enum ai_level l;
	struct fx *f = dg_new(3, 2);

	(void)state;
	dg_stack(f, &d);
	for (l = AI_EASY; l < AI_LEVELS; l++) {
		assert_string_equal(decided(f, 0, l), "pickup");
		assert_string_equal(decided(f, 1, l), "");
	}
	fx_ok(f, 0, "pickup");
	for (l = AI_EASY; l < AI_LEVELS; l++)
		assert_string_equal(decided(f, 1, l), "flip 1");
	fx_free(f);
}

/* Every level, every number of seats, many deals: whole games end
 * without a move the rules refuse. */
static void
test_whole_games(void **state)
{
	enum ai_level levels[GAME_MAX_SEATS];
	struct game_result r;
	char *cause = NULL;
	int n, s, seed, moves;

	(void)state;
	for (seed = 0; seed < 60; seed++) {
		n = 3 + seed % 6;
		for (s = 0; s < n; s++)
			levels[s] = (enum ai_level)((seed + s) % AI_LEVELS);
		moves = ai_play_budget(&cheesedog_ops, NULL, n, levels,
		    EXPERT_PLAYOUTS, (uint64_t)seed, &r, NULL, &cause);
		if (moves < 0)
			fail_msg("seed %d: %s", seed, cause);
		assert_true(r.loser >= 0 && r.loser < n);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_observe_hides, fx_teardown),
		cmocka_unit_test_teardown(test_redeal_consistent,
		    fx_teardown),
		cmocka_unit_test(test_observe_random),
		cmocka_unit_test_teardown(test_normal_lowest, fx_teardown),
		cmocka_unit_test_teardown(test_easy_beginner, fx_teardown),
		cmocka_unit_test_teardown(test_normal_lifelines, fx_teardown),
		cmocka_unit_test_teardown(test_normal_clears, fx_teardown),
		cmocka_unit_test_teardown(test_hard_eight, fx_teardown),
		cmocka_unit_test_teardown(test_hard_ten, fx_teardown),
		cmocka_unit_test_teardown(test_hard_heads_up, fx_teardown),
		cmocka_unit_test_teardown(test_forced, fx_teardown),
		cmocka_unit_test(test_whole_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
