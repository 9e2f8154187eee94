/*
 * The solo ladder's view of a pairing (bench/ladder.h), from which make
 * tournament calibrates the anchors: a lone seat that places as the
 * others do settles at their anchor; one that wins more settles above
 * it, one that loses more below; the anchor asked for is the one at
 * which the lone seat settles where it is asked to, and at that rating
 * the games, each rated by rating_update() as a solo game, sum to no
 * move at all; a seat that always wins has no rating to settle at; and
 * the settled sigma is where the drift and the update balance.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "bench/ladder.h"
#include "storage/rating.h"

/* Adds k games in which the lone seat placed lone and the others, in
 * turn, took the other places. */
static void
games(struct ladder_games *lg, int lone, int k)
{
	int place[LADDER_SEATS], i, s, p;

	for (i = 0; i < k; i++) {
		place[0] = lone;
		for (s = 1, p = 1; s < LADDER_SEATS; s++, p++) {
			if (p == lone)
				p++;
			place[s] = p;
		}
		ladder_add(lg, place);
	}
}

/* The lone seat's rating after one game of pattern k, from (mu, sigma),
 * the others at (rest, 1.75). */
static struct rating
after(int k, double mu, double sigma, double rest)
{
	struct rating r[LADDER_SEATS];
	int place[LADDER_SEATS], s;

	for (s = 0; s < LADDER_SEATS; s++) {
		place[s] = ((k >> (2 * s)) & 3) + 1;
		r[s].mu = s == 0 ? mu : rest;
		r[s].sigma = s == 0 ? sigma : 1.75;
	}
	assert_int_equal(rating_update(r, place, LADDER_SEATS), 0);
	return r[0];
}

/* lg afresh: k[p - 1] games in which the lone seat placed p. */
static void
spread(struct ladder_games *lg, const int *k)
{
	int p;

	memset(lg, 0, sizeof *lg);
	for (p = 1; p <= LADDER_SEATS; p++)
		games(lg, p, k[p - 1]);
}

/* The sum of the moves of lg's games, each rated from (mu, sigma) with
 * the others at rest. */
static double
moves(const struct ladder_games *lg, double mu, double sigma, double rest)
{
	double sum = 0;
	int k;

	for (k = 0; k < LADDER_PATTERNS; k++) {
		if (lg->count[k] != 0)
			sum += lg->count[k] * (after(k, mu, sigma, rest).mu - mu);
	}
	return sum;
}

/* The root mean square of the lone seat's sigma after one game of each
 * of lg's, from (27.49, sigma), the others at 27.49. */
static double
settled_after(const struct ladder_games *lg, double sigma)
{
	double sum = 0, s;
	int k;

	for (k = 0; k < LADDER_PATTERNS; k++) {
		if (lg->count[k] == 0)
			continue;
		s = after(k, 27.49, sigma, 27.49).sigma;
		sum += lg->count[k] * s * s;
	}
	return sqrt(sum / lg->n);
}

static void
test_even(void **state)
{
	struct ladder_games lg;
	double mu, lo, hi;

	(void)state;
	/* Every place as often as any other: the others' own skill. */
	spread(&lg, (const int[]){ 25, 25, 25, 25 });
	assert_int_equal(lg.n, 100);
	assert_int_equal(ladder_hold(&lg, 27.49, 1.75, 1.75, &mu, &lo, &hi),
	    0);
	assert_true(fabs(mu - 27.49) < 1e-6);
	assert_true(lo < mu && mu < hi);
	assert_true(fabs(moves(&lg, mu, 1.75, 27.49)) < 1e-6);
}

static void
test_stronger(void **state)
{
	struct ladder_games lg;
	double mu, lo, hi, weak, rest, again;

	(void)state;
	spread(&lg, (const int[]){ 40, 30, 20, 10 });
	assert_int_equal(ladder_hold(&lg, 27.49, 1.75, 1.75, &mu, &lo, &hi),
	    0);
	assert_true(mu > 27.49 + 1);
	assert_true(lo < mu && mu < hi && lo > 27.49);
	assert_true(fabs(moves(&lg, mu, 1.75, 27.49)) < 1e-6);
	/* The same seat against stronger others settles higher. */
	assert_int_equal(ladder_hold(&lg, 30, 1.75, 1.75, &weak, &lo, &hi),
	    0);
	assert_true(weak > mu);
	/* The anchor asked for: where it settles at 27.49 the others sit
	 * lower, and there it settles at 27.49 indeed. */
	assert_int_equal(ladder_rest(&lg, 27.49, 1.75, 1.75, &rest), 0);
	assert_true(rest < 27.49 - 1);
	assert_int_equal(ladder_hold(&lg, rest, 1.75, 1.75, &again, &lo,
	    &hi), 0);
	assert_true(fabs(again - 27.49) < 1e-6);

	/* The other way round: a seat that loses more settles below. */
	spread(&lg, (const int[]){ 10, 25, 25, 40 });
	assert_int_equal(ladder_hold(&lg, 27.49, 1.75, 1.75, &mu, &lo, &hi),
	    0);
	assert_true(mu < 27.49 - 1);
}

static void
test_always(void **state)
{
	struct ladder_games lg;
	double mu = 0, lo = 0, hi = 0, rest = 0;

	(void)state;
	memset(&lg, 0, sizeof lg);
	assert_int_equal(ladder_hold(&lg, 27.49, 1.75, 1.75, &mu, &lo, &hi),
	    -1);
	games(&lg, 1, 10);
	assert_int_equal(ladder_hold(&lg, 27.49, 1.75, 1.75, &mu, &lo, &hi),
	    -1);
	assert_int_equal(ladder_rest(&lg, 27.49, 1.75, 1.75, &rest), -1);
	/* A place out of range is the last, as a seat that left. */
	memset(&lg, 0, sizeof lg);
	ladder_add(&lg, (const int[]){ 0, 1, 2, 3 });
	assert_int_equal(lg.count[3 | 0 << 2 | 1 << 4 | 2 << 6], 1);
}

static void
test_sigma(void **state)
{
	struct ladder_games lg;
	double s;

	(void)state;
	memset(&lg, 0, sizeof lg);
	assert_true(ladder_sigma(&lg, 27.49, 27.49, 1.75) == 0);
	spread(&lg, (const int[]){ 25, 25, 25, 25 });
	s = ladder_sigma(&lg, 27.49, 27.49, 1.75);
	/* Narrower than a newcomer's, wider than the drift alone. */
	assert_true(s > RATING_TAU && s < RATING_SIGMA / 2);
	/* Balanced: one more game of each, on average, leaves it as it
	 * was. */
	assert_true(fabs(settled_after(&lg, s) - s) < 1e-6);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_even),
		cmocka_unit_test(test_stronger),
		cmocka_unit_test(test_always),
		cmocka_unit_test(test_sigma),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
