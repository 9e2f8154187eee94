/*
 * The expert AI (games/ai-search.c, level expert of games/ai.h) in every
 * variant: from a fixed deal it decides moves the rules accept at every
 * chance to act, and whole games (ai_play()) with the expert at each seat
 * in turn against hard seats come to an end.  Small budgets keep it
 * quick; the strength is the tournament's to measure.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "games/ai.h"

#define SEATS 4
/* A small budget: the checks are of legality and of games ending. */
#define PLAYOUTS 2
#define STEPS 40

/* The first STEPS chances of a game of ops dealt from seed, every seat
 * an expert: each decision is a move of its own seat that check()
 * accepts, or none; the game goes on with it (or the timeout). */
static void
decisions(const struct game_ops *ops, uint64_t seed)
{
	struct ai_player *m[SEATS];
	struct game_opts opts;
	struct game_turn tu;
	struct game_move mv;
	struct game *g, *obs;
	struct rng deal, r[SEATS];
	char *cause = NULL;
	int i, s, step, moved;

	game_opts_default(ops, &opts);
	rng_seed(&deal, seed);
	g = ops->create(&opts, SEATS, 0, &deal, NULL, &cause);
	assert_non_null(g);
	for (s = 0; s < SEATS; s++) {
		rng_seed(&r[s], seed + (uint64_t)s);
		obs = ops->observe(g, s);
		m[s] = ai_player_new(ops, obs, s, SEATS, AI_EXPERT, NULL);
		ai_player_budget(m[s], PLAYOUTS);
		ops->destroy(obs);
	}
	for (step = 0; step < STEPS; step++) {
		ops->turn(g, &tu);
		if (tu.over)
			break;
		moved = 0;
		for (i = 0; i < SEATS && !moved; i++) {
			s = (tu.seat >= 0 ? tu.seat + i : i) % SEATS;
			if (!ai_may_act(&tu, s))
				continue;
			obs = ops->observe(g, s);
			if (ai_player_decide(m[s], obs, &r[s], &mv) == 0) {
				assert_int_equal(mv.seat, s);
				if (ops->check(g, &mv, &cause) != 0)
					fail_msg("%s: seat %d: %s", ops->name,
					    s, cause);
				moved = 1;
			}
			ops->destroy(obs);
		}
		if (!moved) {
			if (tu.pause && tu.speaker >= 0 && ops->heard != NULL)
				ops->heard(g, &mv);
			else
				ops->timeout(g, &mv);
		}
		ops->apply(g, &mv, NULL);
		for (s = 0; s < SEATS; s++) {
			obs = ops->observe(g, s);
			ai_player_note(m[s], obs);
			ops->destroy(obs);
		}
	}
	for (s = 0; s < SEATS; s++)
		ai_player_free(m[s]);
	ops->destroy(g);
}

/* Whole games, the expert at each seat in turn, hard at the others. */
static void
games(const struct game_ops *ops, const char *options)
{
	enum ai_level levels[SEATS];
	struct game_opts opts;
	struct game_result r;
	char *cause = NULL;
	int lone, s;

	game_opts_default(ops, &opts);
	if (options != NULL)
		assert_int_equal(game_opts_set(ops, &opts, options, &cause), 0);
	for (lone = 0; lone < SEATS; lone++) {
		for (s = 0; s < SEATS; s++)
			levels[s] = s == lone ? AI_EXPERT : AI_HARD;
		if (ai_play_budget(ops, &opts, SEATS, levels, PLAYOUTS,
		    (uint64_t)lone * 101 + 7, &r, NULL, &cause) < 0)
			fail_msg("%s: %s", ops->name, cause);
	}
}

static void
expert(const char *name, const char *options)
{
	const struct game_ops *ops = game_named(name);

	assert_non_null(ops);
	assert_non_null(ops->ai->search);
	assert_true(ops->ai->search->playouts > 0);
	assert_true(ops->ai->search->rollout < AI_EXPERT);
	decisions(ops, 11);
	games(ops, options);
}

static void
test_cheat(void **state)
{
	(void)state;
	expert("cheat", NULL);
	games(game_named("cheat"), "loser=1");
}

static void
test_questions(void **state)
{
	(void)state;
	expert("questions", NULL);
}

static void
test_cheater(void **state)
{
	(void)state;
	expert("cheater", NULL);
}

static void
test_liarsuno(void **state)
{
	(void)state;
	expert("liarsuno", NULL);
}

static void
test_cheesedog(void **state)
{
	(void)state;
	expert("cheesedog", NULL);
}

/* The level's name, both ways. */
static void
test_level(void **state)
{
	(void)state;
	assert_int_equal(ai_level_find("expert"), AI_EXPERT);
	assert_int_equal(ai_level_find("EXPERT"), AI_EXPERT);
	assert_string_equal(ai_level_name(AI_EXPERT), "expert");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_level),
		cmocka_unit_test(test_cheat),
		cmocka_unit_test(test_questions),
		cmocka_unit_test(test_cheater),
		cmocka_unit_test(test_liarsuno),
		cmocka_unit_test(test_cheesedog),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
