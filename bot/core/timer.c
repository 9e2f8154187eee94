/*
 * The timers of timer.h: a binary min-heap of allocated entries, each
 * knowing its place in it, and a hash from id to entry for cancels.
 */
#include <stdlib.h>

#include "bot/core/timer.h"
#include "bot/lib/lang.h"
#include "alloc/xalloc.h"

/* The hash key of an id: ids count up from 1, so the low bits differ. */
#define TIMER_KEY(id) ((uint32_t)(id))

/* Whether a is due before b: by time, then by the order added. */
static int
timer_before(const struct timer_entry *a, const struct timer_entry *b)
{
	return a->due < b->due || (a->due == b->due && a->id < b->id);
}

static void
timer_place(struct timers *t, struct timer_entry *e, size_t pos)
{
	t->heap[pos] = e;
	e->pos = pos;
}

/* Moves the entry at pos up or down to where the heap order wants it. */
static void
timer_sift(struct timers *t, size_t pos)
{
	struct timer_entry *e = t->heap[pos];
	size_t child;

	while (pos > 0 && timer_before(e, t->heap[(pos - 1) / 2])) {
		timer_place(t, t->heap[(pos - 1) / 2], pos);
		pos = (pos - 1) / 2;
	}
	for (;;) {
		child = 2 * pos + 1;
		if (child >= t->n)
			break;
		if (child + 1 < t->n &&
		    timer_before(t->heap[child + 1], t->heap[child]))
			child++;
		if (!timer_before(t->heap[child], e))
			break;
		timer_place(t, t->heap[child], pos);
		pos = child;
	}
	timer_place(t, e, pos);
}

/* Takes e out of the heap and the hash; the caller frees it. */
static void
timer_unlink(struct timers *t, struct timer_entry *e)
{
	size_t pos = e->pos;

	hash_remove(&t->ids, TIMER_KEY(e->id), e);
	if (pos != --t->n) {
		timer_place(t, t->heap[t->n], pos);
		timer_sift(t, pos);
	}
}

uint64_t
timer_add(struct timers *t, uint64_t due, timer_fn *fn, void *arg)
{
	struct timer_entry *e = xmalloc(sizeof *e);

	if (t->n == t->cap) {
		t->cap = t->cap == 0 ? 16 : t->cap * 2;
		t->heap = xreallocarray(t->heap, t->cap, sizeof *t->heap);
	}
	e->id = ++t->last_id;
	e->due = due;
	e->fn = fn;
	e->arg = arg;
	timer_place(t, e, t->n++);
	timer_sift(t, e->pos);
	hash_add(&t->ids, TIMER_KEY(e->id), e);
	return e->id;
}

void
timer_cancel(struct timers *t, uint64_t id)
{
	struct hash_walk w;
	struct timer_entry *e;

	if (id == 0)
		return;
	for (e = hash_first(&t->ids, TIMER_KEY(id), &w); e != NULL;
	    e = hash_next(&w)) {
		if (e->id == id) {
			timer_unlink(t, e);
			free(e);
			return;
		}
	}
}

void
timer_run(struct timers *t, uint64_t now)
{
	struct timer_entry *e;
	timer_fn *fn;
	void *arg;

	while (t->n > 0 && t->heap[0]->due <= now) {
		e = t->heap[0];
		fn = e->fn;
		arg = e->arg;
		timer_unlink(t, e);
		free(e);
		lang_use_default();
		fn(arg, now);
	}
}

uint64_t
timer_next(const struct timers *t)
{
	return t->n > 0 ? t->heap[0]->due : UINT64_MAX;
}

void
timer_free(struct timers *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->heap[i]);
	free(t->heap);
	hash_free(&t->ids);
	t->heap = NULL;
	t->n = t->cap = 0;
}
