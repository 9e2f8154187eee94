/*
 * Unit tests of the outgoing queue (bot/queue.c): the token bucket lets a
 * burst out at once and then one line per interval; urgent lines overtake
 * normal ones; order within a priority is kept and nothing is ever lost,
 * even with 10,000 lines waiting; a rate change takes effect at once; and
 * queue_next() says exactly when the next line may go.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bot/queue.h"

/* Sends every line the bucket allows at now; returns how many went. */
static int
drain(struct queue *q, uint64_t now)
{
	int n = 0;

	while (queue_peek(q, now) != NULL) {
		queue_pop(q, now);
		n++;
	}
	return n;
}

static void
push_n(struct queue *q, enum queue_prio prio, const char *stem, int n)
{
	char line[64];
	int i, len;

	for (i = 0; i < n; i++) {
		len = snprintf(line, sizeof line, "%s %d", stem, i);
		assert_true(len > 0 && (size_t)len < sizeof line);
		queue_push(q, prio, line);
	}
}

static void
test_burst_then_rate(void **state)
{
	struct queue *q = queue_new(4, 2000);
	uint64_t t = 1000;

	(void)state;
	push_n(q, QUEUE_NORMAL, "PRIVMSG #c :line", 10);
	assert_int_equal(drain(q, t), 4);
	assert_int_equal(queue_length(q), 6);

	/* Nothing more until a whole interval has passed. */
	assert_int_equal(drain(q, t + 1999), 0);
	assert_int_equal(drain(q, t + 2000), 1);
	assert_int_equal(drain(q, t + 2001), 0);
	assert_int_equal(drain(q, t + 4000), 1);

	/* A long pause refills to the burst, never beyond it. */
	assert_int_equal(drain(q, t + 60000), 4);
	assert_int_equal(queue_length(q), 0);
	queue_free(q);
}

static void
test_urgent_first(void **state)
{
	struct queue *q = queue_new(1, 1000);
	const char *l;

	(void)state;
	queue_push(q, QUEUE_NORMAL, "NOTICE a :one");
	queue_push(q, QUEUE_NORMAL, "NOTICE a :two");
	queue_push(q, QUEUE_URGENT, "PRIVMSG #c :first");
	queue_push(q, QUEUE_URGENT, "PRIVMSG #c :second");

	l = queue_peek(q, 0);
	assert_string_equal(l, "PRIVMSG #c :first");
	queue_pop(q, 0);
	assert_null(queue_peek(q, 0));

	/* An urgent line pushed later still overtakes the normal ones. */
	queue_push(q, QUEUE_URGENT, "PONG :x");
	assert_string_equal(queue_peek(q, 1000), "PRIVMSG #c :second");
	queue_pop(q, 1000);
	assert_string_equal(queue_peek(q, 2000), "PONG :x");
	queue_pop(q, 2000);
	assert_string_equal(queue_peek(q, 3000), "NOTICE a :one");
	queue_pop(q, 3000);
	assert_string_equal(queue_peek(q, 4000), "NOTICE a :two");
	queue_pop(q, 4000);
	assert_null(queue_peek(q, 5000));
	queue_free(q);
}

/* queue_pop() removes the line that was peeked, even when an urgent line
 * arrived in between. */
static void
test_pop_removes_peeked(void **state)
{
	struct queue *q = queue_new(5, 1000);

	(void)state;
	queue_push(q, QUEUE_NORMAL, "NOTICE a :normal");
	assert_string_equal(queue_peek(q, 0), "NOTICE a :normal");
	queue_push(q, QUEUE_URGENT, "PRIVMSG #c :urgent");
	queue_pop(q, 0);
	assert_int_equal(queue_length(q), 1);
	assert_string_equal(queue_peek(q, 0), "PRIVMSG #c :urgent");
	queue_pop(q, 0);
	queue_free(q);
}

static void
test_nothing_lost(void **state)
{
	struct queue *q = queue_new(5, 100);
	int next_u = 0, next_n = 1, i, sent = 0;
	uint64_t t = 0;
	const char *l;
	char want[64];

	(void)state;
	/* Every third line is urgent: urgent 0, 3, 6, ...; normal 1, 2,
	 * 4, 5, ... */
	for (i = 0; i < 10000; i++) {
		snprintf(want, sizeof want, "PRIVMSG #c :%d", i);
		queue_push(q, i % 3 == 0 ? QUEUE_URGENT : QUEUE_NORMAL, want);
	}
	assert_int_equal(queue_length(q), 10000);

	while (queue_length(q) > 0) {
		t = queue_next(q, t);
		assert_true(t != UINT64_MAX);
		l = queue_peek(q, t);
		assert_non_null(l);
		if (next_u < 10000) {
			i = next_u;
			next_u += 3;
		} else {
			i = next_n;
			next_n += (next_n + 1) % 3 == 0 ? 2 : 1;
		}
		snprintf(want, sizeof want, "PRIVMSG #c :%d", i);
		assert_string_equal(l, want);
		queue_pop(q, t);
		sent++;
	}
	assert_int_equal(sent, 10000);
	assert_true(next_n >= 10000);
	assert_null(queue_peek(q, t + 1000000));
	/* 5 at once, then the other 9995 at one per 100 ms. */
	assert_int_equal(t, 9995 * 100);
	queue_free(q);
}

static void
test_rate_change(void **state)
{
	struct queue *q = queue_new(5, 1000);

	(void)state;
	push_n(q, QUEUE_NORMAL, "NOTICE a :x", 20);
	assert_int_equal(drain(q, 0), 5);

	/* Faster: one per 100 ms from now on. */
	queue_set_rate(q, 5, 100);
	assert_int_equal(drain(q, 100), 1);
	assert_int_equal(drain(q, 200), 1);

	/* A smaller burst caps the tokens already earned. */
	queue_set_rate(q, 2, 100);
	assert_int_equal(drain(q, 10000), 2);
	assert_int_equal(queue_length(q), 11);

	/* Slower again. */
	queue_set_rate(q, 2, 5000);
	assert_int_equal(drain(q, 10100), 0);
	assert_int_equal(drain(q, 15000), 1);
	assert_int_equal(queue_length(q), 10);
	queue_free(q);
}

static void
test_next_times(void **state)
{
	struct queue *q = queue_new(2, 1500);

	(void)state;
	assert_true(queue_next(q, 10) == UINT64_MAX);
	push_n(q, QUEUE_URGENT, "PRIVMSG #c :y", 4);
	assert_int_equal(queue_next(q, 10), 10);
	assert_int_equal(drain(q, 10), 2);
	assert_int_equal(queue_next(q, 10), 1510);
	assert_int_equal(queue_next(q, 1000), 1510);
	assert_null(queue_peek(q, 1509));
	assert_int_equal(queue_next(q, 1510), 1510);
	assert_int_equal(drain(q, 1510), 1);
	assert_int_equal(queue_next(q, 1600), 3010);
	assert_int_equal(drain(q, 3010), 1);
	assert_true(queue_next(q, 3010) == UINT64_MAX);
	queue_free(q);
}

static void
test_long_lines_kept_whole(void **state)
{
	struct queue *q = queue_new(1, 1000);
	char line[QUEUE_LINE_MAX + 1];

	(void)state;
	memset(line, 'a', QUEUE_LINE_MAX);
	line[QUEUE_LINE_MAX] = '\0';
	queue_push(q, QUEUE_NORMAL, line);
	assert_int_equal(strlen(queue_peek(q, 0)), QUEUE_LINE_MAX);
	queue_pop(q, 0);
	queue_free(NULL);
	queue_free(q);
}

static void
count_pop(void *arg, uint64_t now)
{
	uint64_t *last = arg;

	*last = now;
}

/* Lines are numbered in push order across priorities; queue_sent() says
 * when every line up to a number has gone, whatever overtook it; the
 * listener hears every pop. */
static void
test_sent_numbers(void **state)
{
	struct queue *q = queue_new(1, 1000);
	uint64_t a, b, c, popped = 0;

	(void)state;
	queue_on_pop(q, count_pop, &popped);
	assert_int_equal(queue_last(q), 0);
	assert_true(queue_sent(q, 0));
	a = queue_push(q, QUEUE_NORMAL, "PRIVMSG bob :your hand");
	b = queue_push(q, QUEUE_URGENT, "PRIVMSG #c :alice plays");
	c = queue_push(q, QUEUE_NORMAL, "PRIVMSG carol :your turn");
	assert_true(a < b && b < c);
	assert_int_equal(queue_last(q), c);
	assert_false(queue_sent(q, a));
	assert_int_equal(drain(q, 0), 1); /* the urgent one */
	assert_int_equal(popped, 0);
	assert_true(queue_sent(q, a - 1));
	assert_false(queue_sent(q, a));
	assert_false(queue_sent(q, b));
	assert_int_equal(drain(q, 1000), 1);
	assert_int_equal(popped, 1000);
	assert_true(queue_sent(q, b));
	assert_false(queue_sent(q, c));
	assert_int_equal(drain(q, 2500), 1);
	assert_int_equal(popped, 2500);
	assert_true(queue_sent(q, c));
	queue_free(q);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_burst_then_rate),
	    cmocka_unit_test(test_urgent_first),
	    cmocka_unit_test(test_pop_removes_peeked),
	    cmocka_unit_test(test_nothing_lost),
	    cmocka_unit_test(test_rate_change),
	    cmocka_unit_test(test_next_times),
	    cmocka_unit_test(test_long_lines_kept_whole),
	    cmocka_unit_test(test_sent_numbers),
	};

	return cmocka_run_group_tests_name("queue", tests, NULL, NULL);
}
