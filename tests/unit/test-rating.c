/*
 * Unit tests for storage/rating.c: Weng and Lin's Plackett-Luce update
 * checked against values worked by hand from the paper's formulas, the
 * refusals, and what any update must do (symmetry, the winner up and the
 * loser down, sigmas shrink, the conservative estimate).
 *
 * The hand values were computed apart from the C code, in python3 with
 * its standard library only, scalar by scalar from the formulas written
 * at the top of storage/rating.c (tau^2 added to each sigma^2 first; c;
 * for each q the sum over C_q of exp(mu_s / c) and A_q; p_iq; Omega_i;
 * Delta_i with gamma_i = sigma_i / c; the kappa floor), with
 * mu 25, sigma 25/3, beta = sigma / 2, kappa 0.0001, tau = 25 / 300.
 * Tests (a) to (d) and the kappa floor show the intermediate values; i
 * counts from 0 as in C.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "storage/rating.h"

#define EPS 1e-6

static void
expect(const struct rating *r, double mu, double sigma)
{
	assert_float_equal(r->mu, mu, EPS);
	assert_float_equal(r->sigma, sigma, EPS);
}

/*
 * (a) Two new players, player 0 first:
 *   sigma^2 + tau^2 = 69.451388...; c = sqrt(2 (69.4513 + 17.3611))
 *     = 13.176683953104
 *   sum over C_0 = {0, 1}: 13.335609809045; over C_1 = {1}: 6.667804904522;
 *     A_0 = A_1 = 1
 *   p_00 = 0.5; p_10 = 0.5, p_11 = 1
 *   Omega_0 = (69.4514 / c)(1 - 0.5) = 2.635389493140
 *   Omega_1 = (69.4514 / c)((0 - 0.5) + (1 - 1)) = -2.635389493140
 *   Delta_0 = Delta_1 = (sigma / c)(sigma^2 / c^2)(0.25) = 0.063247450428
 *   mu_0 = 27.635389493140, mu_1 = 22.364610506860,
 *   sigma_0 = sigma_1 = sqrt(69.4514 (1 - 0.0632)) = 8.065901413544
 */
static void
test_two_new(void **state)
{
	struct rating r[2];
	int place[2] = { 1, 2 };

	(void)state;
	rating_new(&r[0]);
	rating_new(&r[1]);
	assert_int_equal(rating_update(r, place, 2), 0);
	expect(&r[0], 27.635389493140, 8.065901413544);
	expect(&r[1], 22.364610506860, 8.065901413544);
}

/*
 * (b) Three new players, places 1, 2, 3:
 *   c = sqrt(3 (69.4514 + 17.3611)) = 16.138076093513
 *   sums over C_0, C_1, C_2: 14.122138368616, 9.414758912410,
 *     4.707379456205; every A_q = 1
 *   p_00 = 1/3; p_10 = 1/3, p_11 = 1/2; p_20 = 1/3, p_21 = 1/2, p_22 = 1
 *   Omega: 2.869048680749, 0.717262170187, -3.586310850937
 *   Delta: 0.030602267868, 0.065029819219, 0.065029819219
 *   mu: 27.869048680749, 25.717262170187, 21.413689149063
 *   sigma: 8.205243377398, 8.058224222802, 8.058224222802
 */
static void
test_three_new(void **state)
{
	struct rating r[3];
	int place[3] = { 1, 2, 3 }, i;

	(void)state;
	for (i = 0; i < 3; i++)
		rating_new(&r[i]);
	assert_int_equal(rating_update(r, place, 3), 0);
	expect(&r[0], 27.869048680749, 8.205243377398);
	expect(&r[1], 25.717262170187, 8.058224222802);
	expect(&r[2], 21.413689149063, 8.058224222802);
}

/*
 * (c) Three new players, player 1 first, players 0 and 2 tied second
 * (places 2, 1, 2):
 *   c = 16.138076093513 as in (b)
 *   C_0 = C_2 = {0, 2}: sum 9.414758912410, A_0 = A_2 = 2;
 *   C_1 = {0, 1, 2}: sum 14.122138368616, A_1 = 1
 *   p_00 = 1/2, p_01 = 1/3, p_02 = 1/2 (and the same for player 2);
 *   p_11 = 1/3
 *   Omega_0 = (69.4514 / c)((1 - 1/2) / 2 + (0 - 1/3) + (0 - 1/2) / 2)
 *     = -1.434524340375 = Omega_2; Omega_1 = 2.869048680749
 *   Delta_0 = Delta_2 = 0.065029819219, Delta_1 = 0.030602267868
 *   mu: 23.565475659625, 27.869048680749, 23.565475659625
 *   sigma: 8.058224222802, 8.205243377398, 8.058224222802
 */
static void
test_tie(void **state)
{
	struct rating r[3];
	int place[3] = { 2, 1, 2 }, i;

	(void)state;
	for (i = 0; i < 3; i++)
		rating_new(&r[i]);
	assert_int_equal(rating_update(r, place, 3), 0);
	expect(&r[0], 23.565475659625, 8.058224222802);
	expect(&r[1], 27.869048680749, 8.205243377398);
	expect(&r[2], 23.565475659625, 8.058224222802);
	/* The tied players move alike, and the mus keep their sum. */
	assert_float_equal(r[0].mu + r[1].mu + r[2].mu, 75, 1e-9);
}

/*
 * (d) Unequal ratings: (mu 30, sigma 5) second, (20, 7) first,
 * (25, 25/3) third:
 *   c = sqrt(25.0069 + 49.0069 + 69.4514 + 3 * 17.3611) = 13.983869675848
 *   sums over C_0 = {0, 2}, C_1 = {0, 1, 2}, C_2 = {2}: 14.520986690368,
 *     18.700602282121, 5.976135360532; every A_q = 1
 *   p_00 = 0.588448396245, p_01 = 0.456929204789; p_11 = 0.223501656722;
 *   p_20 = 0.411551603755, p_21 = 0.319569138489, p_22 = 1
 *   Omega: -0.081147434463, 2.721264718017, -3.631137315451
 *   Delta: 0.022422809756, 0.021773368091, 0.097283618432
 *   mu: 29.918852565537, 22.721264718017, 21.368862684549
 *   sigma: 4.944311730321, 6.923864398156, 7.918011522640
 */
static void
test_unequal(void **state)
{
	struct rating r[3] = { { 30, 5 }, { 20, 7 }, { 25, 25.0 / 3 } };
	int place[3] = { 2, 1, 3 };

	(void)state;
	assert_int_equal(rating_update(r, place, 3), 0);
	expect(&r[0], 29.918852565537, 4.944311730321);
	expect(&r[1], 22.721264718017, 6.923864398156);
	expect(&r[2], 21.368862684549, 7.918011522640);
}

/* Nothing changes when n or a place is out of range. */
static void
test_refusals(void **state)
{
	struct rating r[RATING_PLAYERS + 1];
	int place[RATING_PLAYERS + 1], i;
	static const int bad[] = { 0, -1, 4 };
	size_t b;

	(void)state;
	for (i = 0; i <= RATING_PLAYERS; i++) {
		rating_new(&r[i]);
		place[i] = i + 1;
	}
	assert_int_equal(rating_update(r, place, 0), -1);
	assert_int_equal(rating_update(r, place, 1), -1);
	assert_int_equal(rating_update(r, place, -2), -1);
	assert_int_equal(rating_update(r, place, RATING_PLAYERS + 1), -1);
	assert_int_equal(rating_update(NULL, place, 2), -1);
	assert_int_equal(rating_update(r, NULL, 2), -1);
	for (b = 0; b < sizeof bad / sizeof bad[0]; b++) {
		place[0] = 1;
		place[1] = bad[b];
		place[2] = 2;
		assert_int_equal(rating_update(r, place, 3), -1);
	}
	for (i = 0; i <= RATING_PLAYERS; i++) {
		assert_true(r[i].mu == RATING_MU);
		assert_true(r[i].sigma == RATING_SIGMA);
	}
	/* The largest game is taken. */
	for (i = 0; i < RATING_PLAYERS; i++)
		place[i] = i + 1;
	assert_int_equal(rating_update(r, place, RATING_PLAYERS), 0);
	assert_true(r[0].mu > RATING_MU);
	assert_true(r[RATING_PLAYERS - 1].mu < RATING_MU);
	assert_true(r[RATING_PLAYERS].mu == RATING_MU);
}

/* Permuting the players permutes the results: every order of four
 * players of unequal ratings, one tie among them. */
static void
test_symmetry(void **state)
{
	static const struct rating base[4] = {
		{ 31, 4 }, { 22, 6.5 }, { 25, 25.0 / 3 }, { 18, 2 },
	};
	static const int bplace[4] = { 3, 1, 3, 2 };
	struct rating want[4], r[4];
	int perm[4], place[4], i, a, b, c, d;

	(void)state;
	for (i = 0; i < 4; i++)
		want[i] = base[i];
	assert_int_equal(rating_update(want, bplace, 4), 0);
	for (a = 0; a < 4; a++)
		for (b = 0; b < 4; b++)
			for (c = 0; c < 4; c++)
				for (d = 0; d < 4; d++) {
					if (a == b || a == c || a == d ||
					    b == c || b == d || c == d)
						continue;
					perm[0] = a;
					perm[1] = b;
					perm[2] = c;
					perm[3] = d;
					for (i = 0; i < 4; i++) {
						r[i] = base[perm[i]];
						place[i] = bplace[perm[i]];
					}
					assert_int_equal(
					    rating_update(r, place, 4), 0);
					for (i = 0; i < 4; i++) {
						assert_float_equal(r[i].mu,
						    want[perm[i]].mu, 1e-12);
						assert_float_equal(r[i].sigma,
						    want[perm[i]].sigma,
						    1e-12);
					}
				}
}

/* The winner's mu rises and the loser's falls, every sigma shrinks, for
 * every game size and for ratings far apart (an upset, and a favourite
 * that wins as expected). */
static void
test_directions(void **state)
{
	struct rating r[RATING_PLAYERS], before[RATING_PLAYERS];
	int place[RATING_PLAYERS], n, i, favourite;

	(void)state;
	for (n = 2; n <= RATING_PLAYERS; n++)
		for (favourite = 0; favourite < 2; favourite++) {
			for (i = 0; i < n; i++) {
				rating_new(&r[i]);
				/* Player 0 wins: the best rated or the
				 * worst. */
				r[i].mu += (favourite ? -3.0 : 3.0) * i;
				r[i].sigma -= 0.5 * i;
				before[i] = r[i];
				place[i] = i + 1;
			}
			assert_int_equal(rating_update(r, place, n), 0);
			assert_true(r[0].mu > before[0].mu);
			assert_true(r[n - 1].mu < before[n - 1].mu);
			for (i = 0; i < n; i++)
				assert_true(r[i].sigma < before[i].sigma);
		}
}

/* The conservative estimate is mu - 3 sigma: 0 for a new player. */
static void
test_ordinal(void **state)
{
	struct rating r;
	struct rating two[2];
	int place[2] = { 2, 1 };

	(void)state;
	rating_new(&r);
	assert_float_equal(rating_ordinal(&r), 0, 1e-12);
	r.mu = 31.5;
	r.sigma = 2.25;
	assert_float_equal(rating_ordinal(&r), 24.75, 1e-12);
	rating_new(&two[0]);
	rating_new(&two[1]);
	assert_int_equal(rating_update(two, place, 2), 0);
	assert_float_equal(rating_ordinal(&two[1]),
	    27.635389493140 - 3 * 8.065901413544, EPS);
	assert_float_equal(rating_ordinal(&two[0]),
	    22.364610506860 - 3 * 8.065901413544, EPS);
}

/* The kappa floor: Delta_i can pass 1 (here 1.379196929830, by hand:
 * ten players of equal mu, the last with sigma 10^4 and the others 0.01,
 * so gamma_i = sigma_i / c is nearly 1 and the nine p_iq (1 - p_iq), with
 * p_iq = 1 / |C_q|, add to sum_{m=2..10} (1/m)(1 - 1/m)); sigma_i^2 then
 * keeps kappa of itself: sigma_i = sqrt(10^8 + tau^2) * 0.01 =
 * 100.000000003472, and mu_i moves by Omega_i = -19289.665789743216. */
static void
test_kappa(void **state)
{
	struct rating r[RATING_PLAYERS];
	int place[RATING_PLAYERS], i;

	(void)state;
	for (i = 0; i < RATING_PLAYERS; i++) {
		r[i].mu = 25;
		r[i].sigma = i == RATING_PLAYERS - 1 ? 1e4 : 0.01;
		place[i] = i + 1;
	}
	assert_int_equal(rating_update(r, place, RATING_PLAYERS), 0);
	expect(&r[RATING_PLAYERS - 1], 25 - 19289.665789743216,
	    100.000000003472);
	assert_float_equal(r[RATING_PLAYERS - 1].sigma,
	    sqrt((1e8 + RATING_TAU * RATING_TAU) * RATING_KAPPA), 1e-9);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_new),
		cmocka_unit_test(test_three_new),
		cmocka_unit_test(test_tie),
		cmocka_unit_test(test_unequal),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_symmetry),
		cmocka_unit_test(test_directions),
		cmocka_unit_test(test_ordinal),
		cmocka_unit_test(test_kappa),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
