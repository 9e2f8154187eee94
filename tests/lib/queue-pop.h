/*
 * The outgoing queue (bot/lib/queue.h) sent from by hand on a clock the
 * test moves, for its unit suites (tests/unit/test-queue.c and
 * test-queue-merge.c): lines popped as the bucket lets them go, and a pop
 * listener that keeps what it heard last.  Its helpers fail the running
 * cmocka test, so a suite includes <cmocka.h> (and what cmocka needs)
 * first.
 */
#ifndef TESTS_QUEUE_POP_H
#define TESTS_QUEUE_POP_H

#include <stddef.h>
#include <stdint.h>

#include "bot/lib/queue.h"

/* The bot's prefix room (bot/core/say.c) for the nick "cheaterbot". */
#define QP_ROOM (1 + 10 + 1 + 11 + 1 + 63 + 1)

/* Sends every line the bucket allows at now; returns how many went. */
int qp_drain(struct queue *q, uint64_t now);

/* Sends one line if the bucket allows it at now: the line, copied into
 * buf, or NULL. */
const char *qp_pop_one(struct queue *q, uint64_t now, char *buf, size_t size);

/* The next line, whenever the bucket lets it go: *t moves to then. */
const char *qp_next_line(struct queue *q, uint64_t *t, char *buf, size_t size);

/* Sends the next n lines, each as soon as the bucket lets it go after
 * *t (qp_next_line()), and checks that they are want[0..n-1] in order. */
void qp_expect(struct queue *q, uint64_t *t, const char *const *want,
    size_t n);

/* Spends the one token of a queue of burst 1 at time 0. */
void qp_spend(struct queue *q);

/* What the pop listener heard last. */
struct qp_heard {
	uint64_t now, seq;
	enum queue_class cls;
	char target[32];
	size_t nmerged;
	int calls;
};

/* The pop listener (queue_on_pop()): keeps in arg, a struct qp_heard,
 * what it heard, and counts the calls. */
void qp_hear_pop(void *arg, uint64_t now, const struct queue_sent *what);

#endif
