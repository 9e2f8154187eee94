/*
 * Unit tests for games/rng.c: the generator against published vectors,
 * seeding, the unbiased bounded draw and the Fisher-Yates shuffle.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "games/rng.h"

/* xoshiro256** from the state {1, 2, 3, 4}: the reference vector of the
 * authors' implementation (also used by Rust's rand_xoshiro). */
static void
test_reference_vector(void **state)
{
	static const uint64_t want[] = {
		UINT64_C(11520), UINT64_C(0), UINT64_C(1509978240),
		UINT64_C(1215971899390074240),
	};
	struct rng r = { { 1, 2, 3, 4 } };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		assert_int_equal(rng_next(&r), want[i]);
}

/* Seeding goes through splitmix64: seed 0 gives its well-known first
 * outputs, so a zero seed is no all-zero state. */
static void
test_seed_splitmix(void **state)
{
	struct rng r;

	(void)state;
	rng_seed(&r, 0);
	assert_int_equal(r.s[0], UINT64_C(0xe220a8397b1dcdaf));
	assert_int_equal(r.s[1], UINT64_C(0x6e789e6aa1b965f4));
	assert_int_equal(r.s[2], UINT64_C(0x06c45d188009454f));
	assert_int_equal(r.s[3], UINT64_C(0xf88bb8a8724c81ec));
	assert_int_equal(rng_next(&r), UINT64_C(0x99ec5f36cb75f2b4));
}

static void
test_seed_replays(void **state)
{
	struct rng a, b, c;
	int i, same = 0;

	(void)state;
	rng_seed(&a, 42);
	rng_seed(&b, 42);
	rng_seed(&c, 43);
	for (i = 0; i < 1000; i++) {
		uint64_t x = rng_next(&a);

		assert_int_equal(x, rng_next(&b));
		same += x == rng_next(&c);
	}
	assert_int_equal(same, 0);
}

static void
test_below_range(void **state)
{
	static const uint32_t ns[] = { 1, 2, 3, 7, 52, 104, 1000,
		UINT32_C(0x80000001), UINT32_MAX };
	struct rng r;
	size_t i;
	int k;

	(void)state;
	rng_seed(&r, 7);
	for (i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		for (k = 0; k < 2000; k++)
			assert_true(rng_below(&r, ns[i]) < ns[i]);
	}
	for (k = 0; k < 100; k++)
		assert_int_equal(rng_below(&r, 1), 0);
}

/* Six faces, 60000 draws: a chi-square far below the 0.1% critical value
 * (20.5 for 5 degrees of freedom) with this fixed seed. */
static void
test_below_uniform(void **state)
{
	int counts[6] = { 0 }, i;
	double chi = 0, d;
	struct rng r;

	(void)state;
	rng_seed(&r, 12345);
	for (i = 0; i < 60000; i++)
		counts[rng_below(&r, 6)]++;
	for (i = 0; i < 6; i++) {
		d = counts[i] - 10000.0;
		chi += d * d / 10000.0;
	}
	assert_true(chi < 20.5);
}

/* n = 3 * 2^30: a plain modulo of 32 bits would hit [0, 2^30) twice as
 * often as [2^30, 2^31).  Rejection keeps the two thirds level. */
static void
test_below_unbiased(void **state)
{
	uint32_t n = UINT32_C(3) << 30, x;
	int low = 0, mid = 0, i;
	struct rng r;

	(void)state;
	rng_seed(&r, 99);
	for (i = 0; i < 30000; i++) {
		x = rng_below(&r, n);
		if (x < (UINT32_C(1) << 30))
			low++;
		else if (x < (UINT32_C(1) << 31))
			mid++;
	}
	assert_true(low < mid * 1.1 && mid < low * 1.1);
}

static void
test_shuffle_permutes(void **state)
{
	int a[104], seen[104], i, k;
	struct rng r;

	(void)state;
	rng_seed(&r, 5);
	for (k = 0; k < 50; k++) {
		for (i = 0; i < 104; i++)
			a[i] = i;
		rng_shuffle(&r, a, 104);
		memset(seen, 0, sizeof seen);
		for (i = 0; i < 104; i++) {
			assert_in_range(a[i], 0, 103);
			seen[a[i]]++;
		}
		for (i = 0; i < 104; i++)
			assert_int_equal(seen[i], 1);
	}
	rng_shuffle(&r, a, 0);
	a[0] = 9;
	rng_shuffle(&r, a, 1);
	assert_int_equal(a[0], 9);
}

/* A fixed seed gives a fixed shuffle (computed by an independent model of
 * the same algorithm: draws from the top 32 bits, i from n down to 2). */
static void
test_shuffle_fixed(void **state)
{
	static const int want[10] = { 7, 6, 4, 5, 3, 8, 0, 1, 2, 9 };
	int a[10], i;
	struct rng r;

	(void)state;
	for (i = 0; i < 10; i++)
		a[i] = i;
	rng_seed(&r, 7);
	rng_shuffle(&r, a, 10);
	for (i = 0; i < 10; i++)
		assert_int_equal(a[i], want[i]);
}

/* All 24 orders of four items come up about equally often. */
static void
test_shuffle_uniform(void **state)
{
	int counts[256] = { 0 }, a[4], i, k, key, orders = 0;
	double chi = 0, d;
	struct rng r;

	(void)state;
	rng_seed(&r, 2024);
	for (k = 0; k < 48000; k++) {
		for (i = 0; i < 4; i++)
			a[i] = i;
		rng_shuffle(&r, a, 4);
		key = a[0] * 64 + a[1] * 16 + a[2] * 4 + a[3];
		counts[key]++;
	}
	for (key = 0; key < 256; key++) {
		if (counts[key] == 0)
			continue;
		orders++;
		d = counts[key] - 2000.0;
		chi += d * d / 2000.0;
	}
	assert_int_equal(orders, 24);
	assert_true(chi < 49.7);	/* 23 degrees of freedom, 0.2% */
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reference_vector),
		cmocka_unit_test(test_seed_splitmix),
		cmocka_unit_test(test_seed_replays),
		cmocka_unit_test(test_below_range),
		cmocka_unit_test(test_below_uniform),
		cmocka_unit_test(test_below_unbiased),
		cmocka_unit_test(test_shuffle_permutes),
		cmocka_unit_test(test_shuffle_fixed),
		cmocka_unit_test(test_shuffle_uniform),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
