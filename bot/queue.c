/*
 * The outgoing line queue (queue.h): two FIFO lists of copied lines, one per
 * priority, in front of a token bucket.  The bucket holds up to `burst`
 * tokens; one token comes back every `interval_ms`; sending a line spends
 * one.  Refilling is computed lazily from the caller's clock whenever the
 * bucket is looked at, so the queue needs no timer of its own: the event
 * loop asks queue_next() when to come back.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../games/xalloc.h"
#include "queue.h"

struct queue_line {
	struct queue_line *next;
	uint64_t seq;
	char text[];
};

struct queue_list {
	struct queue_line *head;
	struct queue_line *tail;
};

struct queue {
	struct queue_list lists[QUEUE_NPRIO];
	size_t length;
	int burst;
	int interval_ms; /* 0: no limit */
	int tokens;
	uint64_t refilled;         /* time up to which tokens were credited */
	int started;               /* refilled holds a real time */
	struct queue_line *peeked; /* the line queue_peek() handed out */
	enum queue_prio peeked_prio;
	uint64_t pushed;           /* the number of the last line pushed */
	void (*on_pop)(void *arg, uint64_t now);
	void *on_pop_arg;
};

struct queue *
queue_new(int burst, int interval_ms)
{
	struct queue *q = xcalloc(1, sizeof *q);

	queue_set_rate(q, burst, interval_ms);
	q->tokens = q->burst;
	return q;
}

void
queue_free(struct queue *q)
{
	struct queue_line *l, *next;
	int p;

	if (q == NULL)
		return;
	for (p = 0; p < QUEUE_NPRIO; p++) {
		for (l = q->lists[p].head; l != NULL; l = next) {
			next = l->next;
			free(l);
		}
	}
	free(q);
}

void
queue_set_rate(struct queue *q, int burst, int interval_ms)
{
	q->burst = burst < 1 ? 1 : burst;
	q->interval_ms = interval_ms < 0 ? 0 : interval_ms;
	if (q->tokens > q->burst)
		q->tokens = q->burst;
}

/* Credits the tokens earned between the last refill and now. */
static void
queue_refill(struct queue *q, uint64_t now)
{
	uint64_t earned;

	if (!q->started || now < q->refilled) {
		q->started = 1;
		q->refilled = now;
		return;
	}
	if (q->interval_ms == 0) {
		q->tokens = q->burst;
		q->refilled = now;
		return;
	}
	earned = (now - q->refilled) / (uint64_t)q->interval_ms;
	if (earned >= (uint64_t)(q->burst - q->tokens)) {
		q->tokens = q->burst;
		q->refilled = now;
	} else {
		q->tokens += (int)earned;
		q->refilled += earned * (uint64_t)q->interval_ms;
	}
}

uint64_t
queue_push(struct queue *q, enum queue_prio prio, const char *line)
{
	size_t len = strlen(line);
	struct queue_line *l;
	struct queue_list *list;

	assert(prio >= 0 && prio < QUEUE_NPRIO);
	assert(len <= QUEUE_LINE_MAX);
	assert(strpbrk(line, "\r\n") == NULL);

	l = xmalloc(sizeof *l + len + 1);
	l->next = NULL;
	l->seq = ++q->pushed;
	memcpy(l->text, line, len + 1);

	list = &q->lists[prio];
	if (list->tail != NULL)
		list->tail->next = l;
	else
		list->head = l;
	list->tail = l;
	q->length++;
	return l->seq;
}

const char *
queue_peek(struct queue *q, uint64_t now)
{
	int p;

	q->peeked = NULL;
	if (q->length == 0)
		return NULL;
	queue_refill(q, now);
	if (q->tokens < 1)
		return NULL;
	for (p = 0; p < QUEUE_NPRIO; p++) {
		if (q->lists[p].head != NULL) {
			q->peeked = q->lists[p].head;
			q->peeked_prio = (enum queue_prio)p;
			return q->peeked->text;
		}
	}
	return NULL;
}

void
queue_pop(struct queue *q, uint64_t now)
{
	struct queue_list *list;
	struct queue_line *l = q->peeked;

	assert(l != NULL);
	list = &q->lists[q->peeked_prio];
	assert(list->head == l);

	list->head = l->next;
	if (list->head == NULL)
		list->tail = NULL;
	free(l);
	q->peeked = NULL;
	q->length--;

	queue_refill(q, now);
	if (q->tokens > 0)
		q->tokens--;
	if (q->on_pop != NULL)
		q->on_pop(q->on_pop_arg, now);
}

uint64_t
queue_last(const struct queue *q)
{
	return q->pushed;
}

int
queue_sent(const struct queue *q, uint64_t seq)
{
	int p;

	for (p = 0; p < QUEUE_NPRIO; p++) {
		if (q->lists[p].head != NULL && q->lists[p].head->seq <= seq)
			return 0;
	}
	return 1;
}

void
queue_on_pop(struct queue *q, void (*fn)(void *arg, uint64_t now), void *arg)
{
	q->on_pop = fn;
	q->on_pop_arg = arg;
}

uint64_t
queue_next(struct queue *q, uint64_t now)
{
	if (q->length == 0)
		return UINT64_MAX;
	queue_refill(q, now);
	if (q->tokens >= 1)
		return now;
	return q->refilled + (uint64_t)q->interval_ms;
}

size_t
queue_length(const struct queue *q)
{
	return q->length;
}
