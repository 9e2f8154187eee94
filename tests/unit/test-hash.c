/*
 * Unit tests for bot/lib/hash.c, the index under every lookup of the bot
 * core: random adds and removes checked against a plain list of pairs
 * (with few keys, so values share keys and probe runs wrap round the
 * array), growth and shrinking, and the edge cases of a walk.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "bot/lib/hash.h"

#define VALS 3000

static char vals[VALS];		/* the values are pointers into this */

/* The model: every pair stored, in no order. */
struct pair {
	uint32_t key;
	void *val;
};

static struct pair model[VALS];
static int nmodel;

static uint32_t rng_state = 12345;

static uint32_t
rnd(uint32_t n)
{
	rng_state = rng_state * 1103515245u + 12345u;
	return (rng_state >> 8) % n;
}

/* How many times val is stored under key in the model. */
static int
model_count(uint32_t key, const void *val)
{
	int i, n = 0;

	for (i = 0; i < nmodel; i++)
		n += model[i].key == key && model[i].val == val;
	return n;
}

/* Every key's walk yields exactly the model's values for it, each
 * once (each is the model's under that key, none twice, as many as
 * the model has), and hash_each() yields every value once. */
static void
check_against_model(const struct hash *h, uint32_t nkeys)
{
	static unsigned char seen[VALS];
	struct hash_walk w;
	size_t pos = 0, each = 0;
	uint32_t key;
	char *v;
	int i, n, want;

	assert_int_equal(h->n, nmodel);
	for (key = 0; key < nkeys; key++) {
		n = 0;
		for (v = hash_first(h, key, &w); v != NULL; v = hash_next(&w)) {
			assert_int_equal(model_count(key, v), 1);
			assert_int_equal(seen[v - vals], 0);
			seen[v - vals] = 1;
			n++;
		}
		for (i = 0, want = 0; i < nmodel; i++) {
			if (model[i].key == key) {
				want++;
				seen[(char *)model[i].val - vals] = 0;
			}
		}
		assert_int_equal(n, want);
	}
	while (hash_each(h, &pos) != NULL)
		each++;
	assert_int_equal(each, nmodel);
}

/* Random adds and removes over nkeys keys, checked after every step. */
static void
random_ops(uint32_t nkeys, int steps, int maxvals)
{
	struct hash h = HASH_INIT;
	static int used[VALS];
	int step, i, j;
	uint32_t key;

	memset(used, 0, sizeof used);
	nmodel = 0;
	for (step = 0; step < steps; step++) {
		if (nmodel < maxvals && (nmodel == 0 || rnd(3) != 0)) {
			do
				j = (int)rnd(VALS);
			while (used[j]);
			used[j] = 1;
			key = rnd(nkeys);
			hash_add(&h, key, &vals[j]);
			model[nmodel].key = key;
			model[nmodel++].val = &vals[j];
		} else {
			i = (int)rnd((uint32_t)nmodel);
			/* The pair under another key is not there. */
			assert_int_equal(hash_remove(&h, model[i].key + nkeys,
			    model[i].val), -1);
			assert_int_equal(hash_remove(&h, model[i].key,
			    model[i].val), 0);
			used[(char *)model[i].val - vals] = 0;
			model[i] = model[--nmodel];
		}
		check_against_model(&h, nkeys);
	}
	hash_free(&h);
}

/* Few keys: long runs of one key, removals from their middle. */
static void
test_shared_keys(void **state)
{
	(void)state;
	random_ops(4, 600, 40);
}

/* More keys than slots at first: runs of several keys that wrap round
 * the end of the array, and moves back into gaps across the wrap. */
static void
test_mixed_keys(void **state)
{
	(void)state;
	random_ops(64, 1500, 100);
	random_ops(1000, 1500, 12);
}

/* It grows for thousands of values, then shrinks as they go, and finds
 * every one of them all along. */
static void
test_grow_shrink(void **state)
{
	struct hash h = HASH_INIT;
	struct hash_walk w;
	size_t peak;
	int i;

	(void)state;
	for (i = 0; i < VALS; i++)
		hash_add(&h, (uint32_t)i * 2654435761u, &vals[i]);
	assert_int_equal(h.n, VALS);
	assert_true(h.n * 4 <= h.size * 3);
	peak = h.size;
	for (i = 0; i < VALS; i++)
		assert_ptr_equal(hash_first(&h, (uint32_t)i * 2654435761u,
		    &w), &vals[i]);
	for (i = 0; i < VALS - 3; i++)
		assert_int_equal(hash_remove(&h, (uint32_t)i * 2654435761u,
		    &vals[i]), 0);
	assert_true(h.size < peak / 64);
	for (i = VALS - 3; i < VALS; i++) {
		assert_ptr_equal(hash_first(&h, (uint32_t)i * 2654435761u,
		    &w), &vals[i]);
		assert_null(hash_next(&w));
	}
	hash_free(&h);
	assert_int_equal(h.size, 0);
	assert_int_equal(h.n, 0);
}

/* An empty table: no value under any key, nothing to remove, nothing to
 * walk; a value is found under its own key only. */
static void
test_empty_and_absent(void **state)
{
	struct hash h = HASH_INIT;
	struct hash_walk w;
	size_t pos = 0;

	(void)state;
	assert_null(hash_first(&h, 7, &w));
	assert_null(hash_next(&w));
	assert_int_equal(hash_remove(&h, 7, &vals[0]), -1);
	assert_null(hash_each(&h, &pos));
	hash_add(&h, 7, &vals[0]);
	assert_null(hash_first(&h, 8, &w));
	assert_int_equal(hash_remove(&h, 7, &vals[1]), -1);
	assert_ptr_equal(hash_first(&h, 7, &w), &vals[0]);
	assert_null(hash_next(&w));
	assert_int_equal(hash_remove(&h, 7, &vals[0]), 0);
	assert_null(hash_first(&h, 7, &w));
	assert_int_equal(hash_remove(&h, 7, &vals[0]), -1);
	hash_free(&h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shared_keys),
		cmocka_unit_test(test_mixed_keys),
		cmocka_unit_test(test_grow_shrink),
		cmocka_unit_test(test_empty_and_absent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
