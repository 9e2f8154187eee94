/*
 * Timers on the caller's monotonic clock (after redis' ae time events):
 * lobby expiry, turn timers and their warnings, challenge windows.  A timer
 * fires once; callbacks may add and cancel timers, their own included.
 *
 * Every table keeps a few, and the event loop asks for the next one after
 * every line it reads, so nothing here scans them all: they sit in a
 * binary heap by due time (then by id, the order they were added), and
 * a cancel finds its timer by id through a hash (hash.h).  Adding,
 * cancelling and running one cost the logarithm of how many there are;
 * the next one due is read off the top.
 */
#ifndef TIMER_H
#define TIMER_H

#include <stddef.h>
#include <stdint.h>

#include "bot/lib/hash.h"

typedef void timer_fn(void *arg, uint64_t now);

struct timer_entry {
	uint64_t id;
	uint64_t due;
	timer_fn *fn;
	void *arg;
	size_t pos;		/* where it is in the heap */
};

struct timers {
	struct timer_entry **heap;	/* heap[0] is due first */
	size_t n, cap;
	uint64_t last_id;
	struct hash ids;		/* id's low 32 bits -> its entry */
};

/* Schedules fn(arg, now) at due; returns its id (never 0). */
uint64_t timer_add(struct timers *t, uint64_t due, timer_fn *fn, void *arg);
/* Cancels timer id; 0 or an id that already fired does nothing. */
void timer_cancel(struct timers *t, uint64_t id);
/* Runs every timer due at now, earliest first (then in the order they
 * were added), those the callbacks add for now too. */
void timer_run(struct timers *t, uint64_t now);
/* When the earliest timer is due, or UINT64_MAX. */
uint64_t timer_next(const struct timers *t);
/* Drops every timer and frees the memory. */
void timer_free(struct timers *t);

#endif
