/*
 * The timer list of timer.h: a small unsorted array, which is the right
 * size for a few timers per table.
 */
#include <stdlib.h>

#include "timer.h"
#include "games/xalloc.h"

uint64_t
timer_add(struct timers *t, uint64_t due, timer_fn *fn, void *arg)
{
	struct timer_entry *e;

	if (t->n == t->cap) {
		t->cap = t->cap == 0 ? 16 : t->cap * 2;
		t->v = xreallocarray(t->v, t->cap, sizeof *t->v);
	}
	e = &t->v[t->n++];
	e->id = ++t->last_id;
	e->due = due;
	e->fn = fn;
	e->arg = arg;
	return e->id;
}

void
timer_cancel(struct timers *t, uint64_t id)
{
	size_t i;

	if (id == 0)
		return;
	for (i = 0; i < t->n; i++) {
		if (t->v[i].id == id) {
			t->v[i] = t->v[--t->n];
			return;
		}
	}
}

/* The index of the earliest timer due at now, or -1. */
static long
timer_earliest_due(const struct timers *t, uint64_t now)
{
	long best = -1;
	size_t i;

	for (i = 0; i < t->n; i++) {
		if (t->v[i].due > now)
			continue;
		if (best < 0 || t->v[i].due < t->v[best].due ||
		    (t->v[i].due == t->v[best].due &&
		    t->v[i].id < t->v[best].id))
			best = (long)i;
	}
	return best;
}

void
timer_run(struct timers *t, uint64_t now)
{
	struct timer_entry e;
	long i;

	while ((i = timer_earliest_due(t, now)) >= 0) {
		e = t->v[i];
		t->v[i] = t->v[--t->n];
		e.fn(e.arg, now);
	}
}

uint64_t
timer_next(const struct timers *t)
{
	uint64_t next = UINT64_MAX;
	size_t i;

	for (i = 0; i < t->n; i++) {
		if (t->v[i].due < next)
			next = t->v[i].due;
	}
	return next;
}

void
timer_free(struct timers *t)
{
	free(t->v);
	t->v = NULL;
	t->n = t->cap = 0;
}
