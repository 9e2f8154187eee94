/* The simulations' shared helpers (sim.h). */
#include <stdint.h>
#include <stdlib.h>

#include "bench/sim.h"
#include "bot/core/core.h"
#include "config/conf.h"
#include "alloc/xalloc.h"
#include "tests/lib/harness.h"

void
sim_add(struct sim_samples *s, double x)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 256;
		s->v = xreallocarray(s->v, s->cap, sizeof *s->v);
	}
	s->v[s->n++] = x;
}

void
sim_samples_free(struct sim_samples *s)
{
	free(s->v);
	s->v = NULL;
	s->n = s->cap = 0;
}

uint64_t
sim_rand(struct rng *r, uint64_t lo, uint64_t hi)
{
	return lo + rng_next(r) % (hi - lo + 1);
}

void
sim_limits(struct conf *c)
{
	struct conf d;

	conf_defaults(&d);
	c->user_burst = d.user_burst;
	c->user_interval_ms = d.user_interval_ms;
	conf_free(&d);
}

uint64_t
sim_next(struct harness *h)
{
	uint64_t next = bot_next_timer(h->bot), q;

	q = queue_next(h->queue, h->now);
	return q < next ? q : next;
}

void
sim_send(struct harness *h,
    void (*fn)(void *arg, const struct queue_sent *s), void *arg)
{
	struct queue_sent s;

	while (queue_peek(h->queue, h->now) != NULL) {
		if (fn != NULL) {
			queue_peeked(h->queue, &s);
			fn(arg, &s);
		}
		queue_pop(h->queue, h->now);
	}
}
