/*
 * Unit tests of the outgoing queue (bot/lib/queue.c): the token bucket lets a
 * burst out at once and then one line per interval; urgent lines overtake
 * normal ones, but never a line to the same nick, and a normal line waits
 * at most QUEUE_PATIENCE lines; order within a priority is kept and
 * nothing is ever lost, even with 10,000 lines waiting; lines written
 * beside the queue spend tokens; many tables at once keep to the rate; a
 * rate change takes effect at once; and queue_next() says exactly when
 * the next line may go.  Channel lines pushed with queue_push_chan() are
 * merged only once they have waited for the bucket, never when it lets
 * them go at once; never past a line to their channel that cannot be
 * merged, nor across targets, commands or into a CTCP line; never over
 * the room the server's prefix takes; with formatting ended before the
 * join.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/lib/queue.h"

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

/* The number at the end of a line "... :N". */
static int
line_number(const char *l)
{
	const char *colon = strrchr(l, ':');

	assert_non_null(colon);
	return atoi(colon + 1);
}

static void
test_nothing_lost(void **state)
{
	struct queue *q = queue_new(5, 100);
	int last_u = -1, last_n = -1, i, sent = 0;
	static char seen[10000];
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

	/* Each priority keeps its order (the patience rule only moves
	 * normal lines ahead of younger urgent ones); each line goes once. */
	while (queue_length(q) > 0) {
		t = queue_next(q, t);
		assert_true(t != UINT64_MAX);
		l = queue_peek(q, t);
		assert_non_null(l);
		i = line_number(l);
		assert_in_range(i, 0, 9999);
		assert_false(seen[i]);
		seen[i] = 1;
		if (i % 3 == 0) {
			assert_true(i > last_u);
			last_u = i;
		} else {
			assert_true(i > last_n);
			last_n = i;
		}
		queue_pop(q, t);
		sent++;
	}
	assert_int_equal(sent, 10000);
	assert_null(queue_peek(q, t + 1000000));
	/* 5 at once, then the other 9995 at one per 100 ms. */
	assert_int_equal(t, 9995 * 100);
	queue_free(q);
}

/* However busy the channels, a private line waits at most QUEUE_PATIENCE
 * lines: urgent lines pushed one per line sent never hold it longer. */
static void
test_patience(void **state)
{
	struct queue *q = queue_new(1, 1000);
	uint64_t t = 0;
	const char *l;
	char line[64];
	int i, sends = 0;

	(void)state;
	queue_push(q, QUEUE_URGENT, "PRIVMSG #c :0");
	queue_push(q, QUEUE_NORMAL, "NOTICE bob :your hand");
	for (i = 1;; i++) {
		snprintf(line, sizeof line, "PRIVMSG #c :%d", i);
		queue_push(q, QUEUE_URGENT, line);
		t = queue_next(q, t);
		l = queue_peek(q, t);
		assert_non_null(l);
		sends++;
		if (strcmp(l, "NOTICE bob :your hand") == 0)
			break;
		assert_true(sends <= QUEUE_PATIENCE);
		queue_pop(q, t);
	}
	queue_pop(q, t);
	assert_int_equal(sends, QUEUE_PATIENCE + 1);
	/* The channel lines go on in their order after it. */
	assert_string_equal(queue_peek(q, t + 1000), "PRIVMSG #c :8");
	queue_free(q);
}

/* The current player's prompt (urgent) overtakes other players' private
 * lines, but never a line to the same player queued before it: bob reads
 * his new hand before his prompt, and carol still waits. */
static void
test_prompt_keeps_nick_order(void **state)
{
	struct queue *q = queue_new(10, 1000);
	const char *want[] = {
	    "NOTICE bob :you drew a card",
	    "PRIVMSG #c :alice plays two cards",
	    "NOTICE Bob :your turn: your hand is ...",
	    "NOTICE carol :your hand is ...",
	    "NOTICE bob :noted",
	};
	size_t i;

	(void)state;
	queue_push(q, QUEUE_NORMAL, "NOTICE bob :you drew a card");
	queue_push(q, QUEUE_NORMAL, "NOTICE carol :your hand is ...");
	queue_push(q, QUEUE_URGENT, "PRIVMSG #c :alice plays two cards");
	queue_push(q, QUEUE_URGENT, "NOTICE Bob :your turn: your hand is ...");
	queue_push(q, QUEUE_NORMAL, "NOTICE bob :noted");
	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		assert_string_equal(queue_peek(q, 0), want[i]);
		queue_pop(q, 0);
	}
	assert_int_equal(queue_length(q), 0);
	queue_free(q);
}

/* The relay's own answers (PONG) go first, ahead of a backlog of urgent
 * lines, but only with a token: never on credit.  A JOIN spends two. */
static void
test_first(void **state)
{
	struct queue *q = queue_new(2, 1000);

	(void)state;
	push_n(q, QUEUE_URGENT, "PRIVMSG #c :x", 10);
	assert_int_equal(drain(q, 0), 2);
	queue_push(q, QUEUE_FIRST, "PONG :server");
	queue_push(q, QUEUE_NORMAL, "NOTICE a :y");
	assert_null(queue_peek(q, 999));
	assert_int_equal(queue_next(q, 0), 1000);
	assert_string_equal(queue_peek(q, 1000), "PONG :server");
	queue_pop(q, 1000);
	assert_string_equal(queue_peek(q, 2000), "PRIVMSG #c :x 2");
	queue_free(q);

	q = queue_new(2, 1000);
	queue_push(q, QUEUE_URGENT, "JOIN #a");
	queue_push(q, QUEUE_URGENT, "JOIN #b");
	push_n(q, QUEUE_NORMAL, "NOTICE a :x", 8);
	assert_int_equal(drain(q, 0), 1);
	assert_int_equal(queue_next(q, 0), 2000);
	assert_null(queue_peek(q, 1999));
	assert_int_equal(drain(q, 2000), 1);
	assert_int_equal(queue_next(q, 2000), 3000);
	assert_int_equal(drain(q, 3000), 1);
	queue_free(q);
}

/* What a busy bot queues: several tables at once, each with a deal to ten
 * players (a hand each, a long one split in two), a long reveal in the
 * channel and the prompt of the player to act.  At the default rate (4
 * at once, one per 2 s) no 10 s ever carries more than 4 + 4 lines (the
 * burst, then lines at 2, 4, 6 and 8 s); the
 * channel lines and prompts all go before the other hands would without
 * the patience rule, and nothing is lost. */
static void
test_many_tables(void **state)
{
	struct queue *q = queue_new(4, 2000);
	uint64_t times[1024], t = 0;
	int n = 0, i, j, k, urgent_left, prompt, max = 0;
	char line[128];
	const char *l;

	(void)state;
	for (k = 0; k < 4; k++) {
		snprintf(line, sizeof line, "PRIVMSG #t%d :the deal", k);
		queue_push(q, QUEUE_URGENT, line);
		for (i = 0; i < 10; i++) {
			for (j = 0; j < (i == 3 ? 2 : 1); j++) {
				snprintf(line, sizeof line,
				    "NOTICE p%d_%d :[#t%d] hand part %d", k, i,
				    k, j);
				queue_push(q, i == 0 ? QUEUE_URGENT :
				    QUEUE_NORMAL, line);
			}
		}
		for (j = 0; j < 5; j++) {
			snprintf(line, sizeof line,
			    "PRIVMSG #t%d :reveal part %d", k, j);
			queue_push(q, QUEUE_URGENT, line);
		}
	}
	urgent_left = 4 * (1 + 1 + 5);
	while (queue_length(q) > 0) {
		t = queue_next(q, t);
		l = queue_peek(q, t);
		assert_non_null(l);
		prompt = l[0] == 'P' || strstr(l, "_0 :") != NULL;
		/* Another player's hand goes only once every channel line
		 * and prompt has, or after QUEUE_PATIENCE lines. */
		if (!prompt)
			assert_true(urgent_left == 0 || n >= QUEUE_PATIENCE);
		urgent_left -= prompt;
		assert_true(n < 1024);
		times[n++] = t;
		queue_pop(q, t);
	}
	assert_int_equal(n, 4 * (1 + 11 + 5));
	for (i = 0; i < n; i++) {
		for (j = i; j < n && times[j] < times[i] + 10000; j++)
			;
		if (j - i > max)
			max = j - i;
	}
	assert_int_equal(max, 4 + 4);
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

/* The bot's prefix room (bot/core/say.c) for the nick "cheaterbot". */
#define ROOM (1 + 10 + 1 + 11 + 1 + 63 + 1)
#define J QUEUE_JOIN

/* Sends one line if the bucket allows it at now: the line, copied into
 * buf, or NULL. */
static const char *
pop_one(struct queue *q, uint64_t now, char *buf, size_t size)
{
	const char *l = queue_peek(q, now);

	if (l == NULL)
		return NULL;
	snprintf(buf, size, "%s", l);
	queue_pop(q, now);
	return buf;
}

/* Lines the bucket lets go at once are sent as they are; lines that
 * waited are merged, with the lines pushed after the bucket kept them
 * waiting too. */
static void
test_merge_waiting(void **state)
{
	struct queue *q = queue_new(2, 2000);
	char buf[QUEUE_LINE_MAX + 1];

	(void)state;
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :one", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :two", ROOM);
	assert_string_equal(pop_one(q, 0, buf, sizeof buf),
	    "PRIVMSG #c :one");
	assert_string_equal(pop_one(q, 0, buf, sizeof buf),
	    "PRIVMSG #c :two");

	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :three", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :four", ROOM);
	assert_null(queue_peek(q, 1999));
	assert_int_equal(queue_length(q), 2);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :five", ROOM);
	assert_string_equal(pop_one(q, 2000, buf, sizeof buf),
	    "PRIVMSG #c :three" J "four" J "five");
	assert_int_equal(queue_length(q), 0);

	/* A long pause: the bucket is full, and a line goes at once. */
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :six", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :seven", ROOM);
	assert_string_equal(pop_one(q, 60000, buf, sizeof buf),
	    "PRIVMSG #c :six");
	assert_string_equal(pop_one(q, 60000, buf, sizeof buf),
	    "PRIVMSG #c :seven");
	queue_free(q);
}

/* Merging keeps each target's lines in order: it takes along a
 * channel's later lines up to the first it cannot take (another
 * command, a line pushed with queue_push(), one of another priority),
 * and never another target's lines, private ones included. */
static void
test_merge_keeps_order(void **state)
{
	static const char *const want[] = {
		"PRIVMSG #a :a1" J "a2",
		"PRIVMSG #b :b1" J "b2" J "b3",
		"PRIVMSG bob :p1",
		"NOTICE #a :n1",
		"PRIVMSG #a :a3",
		"PRIVMSG #a :a4",
		"PRIVMSG bob :p2",
		NULL
	};
	struct queue *q = queue_new(1, 1000);
	char buf[QUEUE_LINE_MAX + 1];
	uint64_t t = 0;
	int i;

	(void)state;
	assert_int_equal(drain(q, t), 0);
	queue_push(q, QUEUE_URGENT, "PRIVMSG #x :spends the token");
	assert_int_equal(drain(q, t), 1);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #a :a1", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #b :b1", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG bob :p1", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #a :a2", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "NOTICE #a :n1", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #b :b2", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #a :a3", ROOM);
	queue_push(q, QUEUE_URGENT, "PRIVMSG #a :a4");
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #b :b3", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG bob :p2", ROOM);
	assert_null(queue_peek(q, t));
	for (i = 0; want[i] != NULL; i++) {
		t += 1000;
		assert_string_equal(pop_one(q, t, buf, sizeof buf), want[i]);
	}
	assert_int_equal(queue_length(q), 0);

	/* A normal line to #a between two urgent ones: a5 goes alone (the
	 * urgent a6 then overtakes the normal line, as it would have
	 * without merging). */
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #a :a5", ROOM);
	queue_push_chan(q, QUEUE_NORMAL, "PRIVMSG #a :an", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #a :a6", ROOM);
	assert_null(queue_peek(q, t));
	assert_string_equal(pop_one(q, t + 1000, buf, sizeof buf),
	    "PRIVMSG #a :a5");
	assert_string_equal(pop_one(q, t + 2000, buf, sizeof buf),
	    "PRIVMSG #a :a6");
	assert_string_equal(pop_one(q, t + 3000, buf, sizeof buf),
	    "PRIVMSG #a :an");
	queue_free(q);
}

/* n bytes of c after "PRIVMSG #c :" into buf. */
static const char *
chan_line(char *buf, size_t size, char c, size_t n)
{
	int len = snprintf(buf, size, "PRIVMSG #c :");

	assert_true(len > 0 && (size_t)len + n < size);
	memset(buf + len, c, n);
	buf[len + n] = '\0';
	return buf;
}

/* A merged line is at most QUEUE_LINE_MAX less the room given: exactly
 * that is merged, a byte more is not. */
static void
test_merge_limit(void **state)
{
	size_t max = QUEUE_LINE_MAX - ROOM, head = strlen("PRIVMSG #c :"),
	    a = 200, b = max - head - a - strlen(J);
	char line[QUEUE_LINE_MAX + 1], buf[QUEUE_LINE_MAX + 1];
	struct queue *q = queue_new(1, 1000);

	(void)state;
	queue_push(q, QUEUE_URGENT, "PRIVMSG #x :spends the token");
	assert_int_equal(drain(q, 0), 1);
	queue_push_chan(q, QUEUE_URGENT, chan_line(line, sizeof line, 'a', a),
	    ROOM);
	queue_push_chan(q, QUEUE_URGENT, chan_line(line, sizeof line, 'b', b),
	    ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :c", ROOM);
	assert_null(queue_peek(q, 0));
	assert_int_equal(strlen(pop_one(q, 1000, buf, sizeof buf)), max);
	assert_int_equal(strspn(buf + head, "a"), a);
	assert_string_equal(pop_one(q, 2000, buf, sizeof buf),
	    "PRIVMSG #c :c");

	queue_push_chan(q, QUEUE_URGENT, chan_line(line, sizeof line, 'a', a),
	    ROOM);
	queue_push_chan(q, QUEUE_URGENT,
	    chan_line(line, sizeof line, 'b', b + 1), ROOM);
	assert_null(queue_peek(q, 2000));
	assert_int_equal(strlen(pop_one(q, 3000, buf, sizeof buf)), head + a);
	assert_int_equal(strlen(pop_one(q, 4000, buf, sizeof buf)),
	    head + b + 1);

	/* The room of the line pushed later counts too (the nick may have
	 * grown in between). */
	queue_push_chan(q, QUEUE_URGENT, chan_line(line, sizeof line, 'a', a),
	    ROOM);
	queue_push_chan(q, QUEUE_URGENT, chan_line(line, sizeof line, 'b', b),
	    ROOM + 1);
	assert_null(queue_peek(q, 4000));
	assert_int_equal(strlen(pop_one(q, 5000, buf, sizeof buf)), head + a);
	assert_int_equal(drain(q, 6000), 1);
	queue_free(q);
}

/* Formatting in a text is ended before the next is joined; a CTCP line
 * (an ACTION) is never merged, in either direction. */
static void
test_merge_formatting_and_ctcp(void **state)
{
	struct queue *q = queue_new(1, 1000);
	char buf[QUEUE_LINE_MAX + 1];

	(void)state;
	queue_push(q, QUEUE_URGENT, "PRIVMSG #x :spends the token");
	assert_int_equal(drain(q, 0), 1);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :\002bold", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :plain", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :\003" "04red\003", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :\001ACTION waves\001",
	    ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :after", ROOM);
	queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :more", ROOM);
	assert_null(queue_peek(q, 0));
	assert_string_equal(pop_one(q, 1000, buf, sizeof buf),
	    "PRIVMSG #c :\002bold\017" J "plain\017" J "\003" "04red\003");
	assert_string_equal(pop_one(q, 2000, buf, sizeof buf),
	    "PRIVMSG #c :\001ACTION waves\001");
	assert_string_equal(pop_one(q, 3000, buf, sizeof buf),
	    "PRIVMSG #c :after" J "more");
	queue_free(q);
}

/* A line merged into an earlier one counts as sent when that one goes:
 * the turn clock waits on queue_sent(). */
static void
test_merge_sent(void **state)
{
	struct queue *q = queue_new(1, 1000);
	uint64_t a, b, c;

	(void)state;
	queue_push(q, QUEUE_URGENT, "PRIVMSG #x :spends the token");
	assert_int_equal(drain(q, 0), 1);
	a = queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :a", ROOM);
	assert_null(queue_peek(q, 0));
	b = queue_push_chan(q, QUEUE_URGENT, "PRIVMSG #c :b", ROOM);
	c = queue_push(q, QUEUE_URGENT, "PRIVMSG bob :c");
	assert_true(a < b && b < c);
	assert_int_equal(queue_length(q), 3);
	assert_false(queue_sent(q, b));
	assert_int_equal(drain(q, 1000), 1);
	assert_int_equal(queue_length(q), 1);
	assert_true(queue_sent(q, b));
	assert_false(queue_sent(q, c));
	assert_int_equal(drain(q, 2000), 1);
	assert_true(queue_sent(q, c));
	queue_free(q);
}

/* Random lines to three channels, two nicks and a relay's own, pushed
 * while the bucket lets a line go each second: every line sent fits its
 * room, holds one target's texts only and, split at the joins, gives
 * each target's texts back in the order pushed, none lost. */
static void
test_merge_random(void **state)
{
	static const char *const to[] = { "#a", "#b", "#Long-channel",
		"alice", "bob" };
	char line[QUEUE_LINE_MAX + 1], buf[QUEUE_LINE_MAX + 1], *p, *j;
	char pushed[5][8192], got[5][8192];
	size_t room, len, n;
	struct queue *q = queue_new(4, 1000);
	unsigned seed = 7;
	uint64_t t = 0;
	int i, k, merged = 0, sent = 0;

	(void)state;
	memset(pushed, 0, sizeof pushed);
	memset(got, 0, sizeof got);
	for (i = 0; i < 2000 || queue_length(q) > 0; i++) {
		if (i < 2000) {
			seed = seed * 1103515245u + 12345u;
			k = (int)((seed >> 16) % 5);
			len = 1 + (seed >> 8) % 200;
			room = ROOM + (seed >> 4) % 8;
			n = (size_t)snprintf(line, sizeof line, "%s %s :",
			    (seed >> 3) % 7 == 0 ? "NOTICE" : "PRIVMSG",
			    to[k]);
			snprintf(line + n, sizeof line - n, "%d.%.*s", i,
			    (int)len, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
			    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
			    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
			    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
			snprintf(pushed[k] + strlen(pushed[k]),
			    sizeof pushed[k] - strlen(pushed[k]), "%s|",
			    strchr(line + 1, ':') + 1);
			if ((seed >> 2) % 11 == 0)
				queue_push(q, QUEUE_URGENT, line);
			else
				queue_push_chan(q, QUEUE_URGENT, line, room);
		}
		if (i % 3 == 0)
			t += 1000;
		while (pop_one(q, t, buf, sizeof buf) != NULL) {
			sent++;
			assert_true(strlen(buf) <= QUEUE_LINE_MAX - ROOM);
			for (k = 0; k < 5; k++)
				if (strncmp(strchr(buf, ' ') + 1, to[k],
				    strlen(to[k])) == 0 &&
				    strchr(buf, ' ')[1 + strlen(to[k])] == ' ')
					break;
			assert_true(k < 5);
			p = strchr(buf + 1, ':') + 1;
			while ((j = strstr(p, J)) != NULL) {
				assert_true(k < 3);	/* channels only */
				merged++;
				*j = '\0';
				snprintf(got[k] + strlen(got[k]),
				    sizeof got[k] - strlen(got[k]), "%s|", p);
				p = j + strlen(J);
			}
			snprintf(got[k] + strlen(got[k]),
			    sizeof got[k] - strlen(got[k]), "%s|", p);
		}
	}
	for (k = 0; k < 5; k++)
		assert_string_equal(got[k], pushed[k]);
	assert_true(merged > 100);
	assert_int_equal(sent + merged, 2000);
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
	    cmocka_unit_test(test_patience),
	    cmocka_unit_test(test_prompt_keeps_nick_order),
	    cmocka_unit_test(test_first),
	    cmocka_unit_test(test_many_tables),
	    cmocka_unit_test(test_rate_change),
	    cmocka_unit_test(test_next_times),
	    cmocka_unit_test(test_long_lines_kept_whole),
	    cmocka_unit_test(test_sent_numbers),
	    cmocka_unit_test(test_merge_waiting),
	    cmocka_unit_test(test_merge_keeps_order),
	    cmocka_unit_test(test_merge_limit),
	    cmocka_unit_test(test_merge_formatting_and_ctcp),
	    cmocka_unit_test(test_merge_sent),
	    cmocka_unit_test(test_merge_random),
	};

	return cmocka_run_group_tests_name("queue", tests, NULL, NULL);
}
