/*
 * Unit tests for bot/core/timer.c: random adds, cancels and runs, callbacks
 * that add and cancel timers themselves, all against a plain list of the
 * timers that should be live: each timer fires once, at its time, in the
 * order of (due, added), never after it is cancelled, and timer_next()
 * is always the earliest.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "bot/core/timer.h"

#define MAXT 4000

struct live {
	uint64_t id, due;
};

static struct timers tm;
static struct live model[MAXT];
static int nmodel;
static uint64_t ids[MAXT];	/* every id handed out, live or not */
static int nids, fired;
static int chaos;		/* callbacks add and cancel timers */
static uint32_t rng_state = 99;

static uint32_t
rnd(uint32_t n)
{
	rng_state = rng_state * 1103515245u + 12345u;
	return (rng_state >> 8) % n;
}

static void
add(uint64_t due);

/* The model's earliest live timer due at now, or -1. */
static int
model_first(uint64_t now)
{
	int i, best = -1;

	for (i = 0; i < nmodel; i++) {
		if (model[i].due > now)
			continue;
		if (best < 0 || model[i].due < model[best].due ||
		    (model[i].due == model[best].due &&
		    model[i].id < model[best].id))
			best = i;
	}
	return best;
}

static void
cancel(uint64_t id)
{
	int i;

	timer_cancel(&tm, id);
	for (i = 0; i < nmodel; i++) {
		if (model[i].id == id) {
			model[i] = model[--nmodel];
			break;
		}
	}
}

/* A timer fires: it must be the model's first due; sometimes it adds a
 * timer (for now, which must run in the same timer_run(), or later) and
 * cancels one (itself, already fired, included). */
static void
on_fire(void *arg, uint64_t now)
{
	uint64_t id = (uint64_t)(uintptr_t)arg;
	int i = model_first(now);

	assert_true(i >= 0);
	assert_int_equal(model[i].id, id);
	model[i] = model[--nmodel];
	fired++;
	if (!chaos)
		return;
	if (rnd(3) == 0 && nids < MAXT - 1)
		add(now + rnd(3));
	if (rnd(4) == 0 && nids > 0)
		cancel(ids[rnd((uint32_t)nids)]);
}

static void
add(uint64_t due)
{
	/* The id is known only once added: the callback is told through
	 * the next id, which is the one timer_add() returns. */
	uint64_t id = tm.last_id + 1;

	assert_int_equal(timer_add(&tm, due, on_fire, (void *)(uintptr_t)id),
	    id);
	model[nmodel].id = id;
	model[nmodel++].due = due;
	ids[nids++] = id;
}

static uint64_t
model_next(void)
{
	uint64_t next = UINT64_MAX;
	int i;

	for (i = 0; i < nmodel; i++)
		if (model[i].due < next)
			next = model[i].due;
	return next;
}

static void
test_random(void **state)
{
	uint64_t now = 1000;
	int step;

	(void)state;
	chaos = 1;
	for (step = 0; step < 3000 && nids < MAXT - 10; step++) {
		switch (rnd(4)) {
		case 0:
		case 1:
			add(now + rnd(50));
			break;
		case 2:
			cancel(rnd(2) == 0 || nids == 0 ? rnd(5) :
			    ids[rnd((uint32_t)nids)]);
			break;
		case 3:
			now += rnd(20);
			timer_run(&tm, now);
			assert_int_equal(model_first(now), -1);
			break;
		}
		assert_int_equal(tm.n, nmodel);
		assert_int_equal(timer_next(&tm), model_next());
	}
	chaos = 0;
	now += 100;
	timer_run(&tm, now);
	assert_int_equal(nmodel, 0);
	assert_int_equal(timer_next(&tm), UINT64_MAX);
	assert_true(fired > 500);
	timer_free(&tm);
}

/* Timers due at one time fire in the order they were added; one left
 * when the timers are freed never fires. */
static void
test_ties_and_free(void **state)
{
	int i;

	(void)state;
	nmodel = nids = fired = chaos = 0;
	memset(&tm, 0, sizeof tm);
	for (i = 0; i < 50; i++)
		add(500);
	add(600);
	timer_run(&tm, 500);
	assert_int_equal(fired, 50);
	assert_int_equal(timer_next(&tm), 600);
	timer_free(&tm);
	assert_int_equal(timer_next(&tm), UINT64_MAX);
	timer_run(&tm, 1000);
	assert_int_equal(fired, 50);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_ties_and_free),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
