/*
 * A small seeded random number generator (xoshiro256**, seeded through
 * splitmix64) and the draws the games need.  Every random event in a game
 * comes from one of these, so a seed replays a game exactly.
 */
#ifndef RNG_H
#define RNG_H

#include <stddef.h>
#include <stdint.h>

struct rng {
	uint64_t s[4];
};

/* Seeds r from a 64-bit value; any value, zero included, is fine. */
void rng_seed(struct rng *r, uint64_t seed);

/* The next 64 random bits. */
uint64_t rng_next(struct rng *r);

/* A uniform integer in [0, n), unbiased (rejection, never a plain modulo);
 * n must be at least 1. */
uint32_t rng_below(struct rng *r, uint32_t n);

/* Shuffles a[0..n-1] in place (Fisher-Yates with rng_below). */
void rng_shuffle(struct rng *r, int *a, size_t n);

#endif
