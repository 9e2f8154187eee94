/*
 * What the simulations on the bot core share (parts 3, 6 and 7 of `make
 * bench`): the core under the transcript harness (tests/lib/harness.h),
 * time moved from one event to the next (a timer, a line the flood rule
 * lets go, a simulated person), and samples gathered for percentiles.
 */
#ifndef BENCH_SIM_H
#define BENCH_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "bot/lib/queue.h"
#include "games/rng.h"

struct conf;
struct harness;

/* A growing list of samples. */
struct sim_samples {
	double *v;
	size_t n, cap;
};

void sim_add(struct sim_samples *s, double x);
void sim_samples_free(struct sim_samples *s);

/* A number from lo to hi (inclusive), drawn from r. */
uint64_t sim_rand(struct rng *r, uint64_t lo, uint64_t hi);

/* The command limit as configured (the harness turns it off, as
 * transcripts type faster than anyone): a simulation's people are held
 * to it. */
void sim_limits(struct conf *c);

/* The next time something happens in the core: its next timer, or the
 * next line the queue lets go; UINT64_MAX when neither will. */
uint64_t sim_next(struct harness *h);

/* Sends every line the queue lets go at the harness's now, each seen by
 * fn (may be NULL) before it leaves the queue. */
void sim_send(struct harness *h,
    void (*fn)(void *arg, const struct queue_sent *s), void *arg);

#endif
