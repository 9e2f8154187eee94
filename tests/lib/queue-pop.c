/*
 * The outgoing queue sent from by hand, for its unit suites (queue-pop.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "tests/lib/queue-pop.h"

int
qp_drain(struct queue *q, uint64_t now)
{
	int n = 0;

	while (queue_peek(q, now) != NULL) {
		queue_pop(q, now);
		n++;
	}
	return n;
}

const char *
qp_pop_one(struct queue *q, uint64_t now, char *buf, size_t size)
{
	const char *l = queue_peek(q, now);

	if (l == NULL)
		return NULL;
	snprintf(buf, size, "%s", l);
	queue_pop(q, now);
	return buf;
}

const char *
qp_next_line(struct queue *q, uint64_t *t, char *buf, size_t size)
{
	*t = queue_next(q, *t);
	assert_true(*t != UINT64_MAX);
	return qp_pop_one(q, *t, buf, size);
}

void
qp_expect(struct queue *q, uint64_t *t, const char *const *want, size_t n)
{
	char buf[QUEUE_LINE_MAX + 1];
	size_t i;

	for (i = 0; i < n; i++)
		assert_string_equal(qp_next_line(q, t, buf, sizeof buf),
		    want[i]);
}

void
qp_spend(struct queue *q)
{
	queue_push(q, QUEUE_GAME, "PRIVMSG #x :spends the token");
	assert_int_equal(qp_drain(q, 0), 1);
}

void
qp_hear_pop(void *arg, uint64_t now, const struct queue_sent *what)
{
	struct qp_heard *h = arg;

	h->now = now;
	h->seq = what->seq;
	h->cls = what->cls;
	snprintf(
	    h->target, sizeof h->target, "%.*s", (int)what->tlen, what->target);
	h->nmerged = what->nmerged;
	h->calls++;
}
