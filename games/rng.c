/*
 * The games' random number generator: xoshiro256** (Blackman and Vigna),
 * seeded through splitmix64 so that any 64-bit seed, zero included, gives a
 * well-mixed non-zero state.  Bounded draws reject the few values that would
 * bias a plain modulo, and shuffles are Fisher-Yates over those draws, so a
 * seed always replays the same deal on every platform.
 */
#include <assert.h>
#include <stdint.h>

#include "rng.h"

/* One step of splitmix64: advances *x and returns the next output. */
static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z;

	*x += UINT64_C(0x9e3779b97f4a7c15);
	z = *x;
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void
rng_seed(struct rng *r, uint64_t seed)
{
	uint64_t x = seed;
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

uint64_t
rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint32_t
rng_below(struct rng *r, uint32_t n)
{
	uint32_t x, floor;

	assert(n >= 1);
	/* 2^32 mod n: the values below it would make a modulo biased. */
	floor = (uint32_t)(-n) % n;
	do
		x = (uint32_t)(rng_next(r) >> 32);
	while (x < floor);
	return x % n;
}

void
rng_shuffle(struct rng *r, int *a, size_t n)
{
	size_t i, j;
	int t;

	assert(n <= UINT32_MAX);
	for (i = n; i > 1; i--) {
		j = rng_below(r, (uint32_t)i);
		t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
}
