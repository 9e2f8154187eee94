/*
 * The known-skill test of storage/rating.c: players whose skill is known
 * (AI seats of each level, games/ai.h) play many games among themselves,
 * their ratings updated after each from the result's places, and the
 * ratings must end ordered as the levels are: hard above normal above
 * easy.
 *
 * Twelve players, four of each level, each with a rating of their own,
 * play SKILL_GAMES games of a variant, 3 or 4 seats a game, the seats
 * drawn from a generator with a fixed seed and each game dealt from a
 * seed of its own, so a run is the same every time.  Every game is played
 * whole by ai_play() as the bot would referee it: each AI decides from
 * its seat's observation alone.  A seat that left (place 0) is given the
 * last place.  The test prints after how many games the groups' average
 * conservative estimates (mu - 3 sigma) were ordered from then on, and
 * fails when they are not ordered at the end, or the mus are not.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>

#include "games/ai.h"
#include "storage/rating.h"

/* The levels whose order is known and tested: easy, normal, hard.  The
 * expert is left out: whether it is stronger than hard is the
 * tournament's to measure (bench/tournament.c), and its search is slow
 * under the sanitizers. */
#define LEVELS (AI_HARD + 1)
#define PER_LEVEL 4
#define NPLAYERS (LEVELS * PER_LEVEL)

/* Games a variant; docs/league.md has what a run printed. */
#ifndef SKILL_GAMES
#define SKILL_GAMES 1000
#endif

/* The groups' averages of mu and of the ordinal, by level. */
static void
averages(const struct rating *r, double *mu, double *ord)
{
	int l, p;

	for (l = 0; l < LEVELS; l++) {
		mu[l] = ord[l] = 0;
		for (p = l * PER_LEVEL; p < (l + 1) * PER_LEVEL; p++) {
			mu[l] += r[p].mu / PER_LEVEL;
			ord[l] += rating_ordinal(&r[p]) / PER_LEVEL;
		}
	}
}

static int
ordered(const double *v)
{
	return v[AI_HARD] > v[AI_NORMAL] && v[AI_NORMAL] > v[AI_EASY];
}

/* SKILL_GAMES games of variant, from seed. */
static void
league(const char *variant, uint64_t seed)
{
	const struct game_ops *ops = game_named(variant);
	struct game_opts opts;
	struct game_result res;
	struct rating r[NPLAYERS];
	enum ai_level levels[GAME_MAX_SEATS];
	int players[NPLAYERS], who[RATING_PLAYERS], place[RATING_PLAYERS];
	struct rating seat[RATING_PLAYERS];
	double mu[LEVELS], ord[LEVELS];
	struct rng rng;
	char *cause = NULL;
	int g, s, p, n, held = 0;

	assert_non_null(ops);
	assert_non_null(ops->ai);
	game_opts_default(ops, &opts);
	rng_seed(&rng, seed);
	for (p = 0; p < NPLAYERS; p++) {
		rating_new(&r[p]);
		players[p] = p;
	}
	for (g = 0; g < SKILL_GAMES; g++) {
		/* 3 or 4 seats, the first n of the players shuffled; player
		 * p is of level p / PER_LEVEL. */
		n = 3 + (int)rng_below(&rng, 2);
		if (n < ops->min_seats)
			n = ops->min_seats;
		if (n > ops->max_seats)
			n = ops->max_seats;
		rng_shuffle(&rng, players, NPLAYERS);
		for (s = 0; s < n; s++) {
			who[s] = players[s];
			levels[s] = (enum ai_level)(who[s] / PER_LEVEL);
		}
		if (ai_play(ops, &opts, n, levels, rng_next(&rng), &res, NULL,
		    &cause) < 0)
			fail_msg("%s, game %d: %s", variant, g + 1, cause);
		for (s = 0; s < n; s++) {
			place[s] = res.place[s] > 0 ? res.place[s] : n;
			seat[s] = r[who[s]];
		}
		assert_int_equal(rating_update(seat, place, n), 0);
		for (s = 0; s < n; s++)
			r[who[s]] = seat[s];
		averages(r, mu, ord);
		if (!ordered(ord))
			held = g + 1;
	}
	averages(r, mu, ord);
	if (held < SKILL_GAMES)
		print_message("%s: %d games; the ordinals (mu - 3 sigma) "
		    "ordered hard > normal > easy after game %d and every "
		    "game since;", variant, SKILL_GAMES, held + 1);
	else
		print_message("%s: %d games; the ordinals (mu - 3 sigma) "
		    "not ordered hard > normal > easy at the end;", variant,
		    SKILL_GAMES);
	print_message(" mu easy %.2f normal %.2f hard %.2f, ordinal easy "
	    "%.2f normal %.2f hard %.2f\n", mu[AI_EASY], mu[AI_NORMAL],
	    mu[AI_HARD], ord[AI_EASY], ord[AI_NORMAL], ord[AI_HARD]);
	assert_true(ordered(ord));
	assert_true(ordered(mu));
}

static void
test_cheat(void **state)
{
	(void)state;
	league("cheat", 20111);
}

static void
test_liarsuno(void **state)
{
	(void)state;
	league("liarsuno", 20112);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cheat),
		cmocka_unit_test(test_liarsuno),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
