/*
 * Unit tests of the outgoing queue (bot/lib/queue.c and its parts): the
 * token bucket lets a burst out at once and then one line per interval;
 * QUEUE_FIRST goes ahead of everything but never on credit, and a JOIN
 * spends two tokens; the classes go in their order, but a reply waits
 * for at most one game line, news for two, and a long text's line,
 * housekeeping and JOINs for at most QUEUE_STARVE_MS, a long text's line
 * leaving QUEUE_RESERVE tokens to the others when it goes in its own
 * turn; within a class the targets take turns, a line each; a channel's
 * lines never overtake each other, and a game's line to a nick never
 * overtakes a reply to it pushed before (a reply may overtake it); a
 * line pushed to follow another waits for it, and so do the lines after
 * it to its target; nothing is ever lost, even with 10,000 lines
 * waiting; a rate change takes effect at once; queue_next() says exactly
 * when the next line may go; queue_sent() and the pop listener say which
 * line went.  Channel lines merged while they wait:
 * tests/unit/test-queue-merge.c.
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
#include "tests/lib/queue-pop.h"

static void
push_n(struct queue *q, enum queue_class cls, const char *stem, int n)
{
	char line[64];
	int i, len;

	for (i = 0; i < n; i++) {
		len = snprintf(line, sizeof line, "%s %d", stem, i);
		assert_true(len > 0 && (size_t)len < sizeof line);
		queue_push(q, cls, line);
	}
}

static void
test_burst_then_rate(void **state)
{
	struct queue *q = queue_new(4, 2000);
	uint64_t t = 1000;

	(void)state;
	push_n(q, QUEUE_GAME, "PRIVMSG #c :line", 10);
	assert_int_equal(qp_drain(q, t), 4);
	assert_int_equal(queue_length(q), 6);

	/* Nothing more until a whole interval has passed. */
	assert_int_equal(qp_drain(q, t + 1999), 0);
	assert_int_equal(qp_drain(q, t + 2000), 1);
	assert_int_equal(qp_drain(q, t + 2001), 0);
	assert_int_equal(qp_drain(q, t + 4000), 1);

	/* A long pause refills to the burst, never beyond it. */
	assert_int_equal(qp_drain(q, t + 60000), 4);
	assert_int_equal(queue_length(q), 0);
	queue_free(q);
}

/* One of each class, pushed worst first: they go best first, a reply
 * after one game line, news after two lines of others. */
static void
test_classes(void **state)
{
	static const char *const want[] = {
		"PRIVMSG #c :game 1",
		"NOTICE carol :reply",
		"NOTICE erin :you draw",
		"PRIVMSG #c :game 2",
		"NOTICE dave :long",
		"WHO #w",
		"JOIN #d",
	};
	struct queue *q = queue_new(1, 1000);
	uint64_t t = 0;

	(void)state;
	qp_spend(q);
	queue_push(q, QUEUE_JOIN, "JOIN #d");
	queue_push(q, QUEUE_HOUSE, "WHO #w");
	queue_push(q, QUEUE_LONG, "NOTICE dave :long");
	queue_push(q, QUEUE_NEWS, "NOTICE erin :you draw");
	queue_push(q, QUEUE_REPLY, "NOTICE carol :reply");
	queue_push(q, QUEUE_GAME, "PRIVMSG #c :game 1");
	queue_push(q, QUEUE_GAME, "PRIVMSG #c :game 2");
	qp_expect(q, &t, want, sizeof want / sizeof want[0]);
	assert_int_equal(queue_length(q), 0);
	queue_free(q);
}

/* Game lines fill the pipe (one more pushed for each line sent, in two
 * channels): a reply waits for one game line at most; a long text's
 * line, a WHO and a JOIN go once they have waited QUEUE_STARVE_MS, one
 * line each (each delaying the games by one line's interval), and not
 * before: nobody starves. */
static void
test_shares(void **state)
{
	struct queue *q = queue_new(1, 2000);
	char buf[QUEUE_LINE_MAX + 1], line[64];
	uint64_t t = 0, owed = 2000 + QUEUE_STARVE_MS;
	int i, asked = 0, game = 0, replies = 0, longs = 0, who = 0,
	    joins = 0;

	(void)state;
	qp_spend(q);
	push_n(q, QUEUE_GAME, "PRIVMSG #a :move", 3);
	push_n(q, QUEUE_GAME, "PRIVMSG #b :move", 3);
	queue_push(q, QUEUE_LONG, "NOTICE dave :page line");
	queue_push(q, QUEUE_HOUSE, "WHO #w");
	queue_push(q, QUEUE_JOIN, "JOIN #z");
	for (i = 0; i < 60; i++) {
		if (i % 6 == 0) {
			queue_push(q, QUEUE_REPLY, "NOTICE carol :reply");
			asked = i;
		}
		qp_next_line(q, &t, buf, sizeof buf);
		if (strstr(buf, ":move") != NULL) {
			game++;
			snprintf(line, sizeof line, "PRIVMSG #%c :move",
			    buf[9]);
			queue_push(q, QUEUE_GAME, line);
		} else if (strstr(buf, ":reply") != NULL) {
			assert_true(i - asked <= 1);
			replies++;
		} else if (strstr(buf, ":page") != NULL) {
			assert_int_equal(t, owed);
			longs++;
		} else if (strcmp(buf, "WHO #w") == 0) {
			assert_true(t > owed && t <= owed + 2 * 2000);
			who++;
		} else {
			assert_string_equal(buf, "JOIN #z");
			assert_true(t > owed && t <= owed + 3 * 2000);
			joins++;
		}
	}
	assert_int_equal(replies, 10);
	assert_int_equal(longs + who + joins, 3);
	assert_int_equal(game, 60 - 10 - 3);
	assert_int_equal(queue_length(q), 6);
	queue_free(q);
}

/* On an idle pipe a long text's lines go as the bucket refills, but
 * leave QUEUE_RESERVE tokens: a move's channel line, its prompt and a
 * line of news that come meanwhile go at once.  JOINs keep none. */
static void
test_reserve(void **state)
{
	struct queue *q = queue_new(4, 2000);
	uint64_t t = 0;
	int i;

	(void)state;
	push_n(q, QUEUE_LONG, "NOTICE dave :page", 5);
	assert_int_equal(qp_drain(q, t), 1);	/* 4 tokens: one of them */
	assert_int_equal(queue_next(q, t), 2000);
	for (i = 1; i < 5; i++) {
		t += 2000;
		assert_int_equal(qp_drain(q, t), 1);
	}
	queue_push(q, QUEUE_GAME, "PRIVMSG #c :alice plays");
	queue_push(q, QUEUE_GAME, "NOTICE bob :your turn");
	queue_push(q, QUEUE_GAME, "NOTICE carol :you draw");
	assert_int_equal(qp_drain(q, t), 3);
	queue_free(q);

	/* The JOINs at start keep none: two go at once, at the server's
	 * pace (a reply that comes still goes before the next). */
	q = queue_new(4, 2000);
	push_n(q, QUEUE_JOIN, "JOIN #a", 3);
	assert_int_equal(qp_drain(q, 0), 2);
	queue_free(q);
}

/* Within a class the targets take turns, a line each, in the order they
 * came; a target that gets a line again goes at the end of the round. */
static void
test_targets_take_turns(void **state)
{
	static const char *const want[] = {
		"PRIVMSG #a :a 0", "PRIVMSG #b :b 0", "NOTICE bob :p 0",
		"PRIVMSG #a :a 1", "PRIVMSG #b :b 1", "NOTICE bob :p 1",
		"PRIVMSG #a :a 2", "PRIVMSG #b :b 2",
	};
	struct queue *q = queue_new(1, 1000);
	uint64_t t = 0;

	(void)state;
	qp_spend(q);
	push_n(q, QUEUE_GAME, "PRIVMSG #a :a", 3);
	push_n(q, QUEUE_GAME, "PRIVMSG #b :b", 3);
	push_n(q, QUEUE_GAME, "NOTICE bob :p", 2);
	qp_expect(q, &t, want, sizeof want / sizeof want[0]);
	queue_free(q);
}

/* A game's line never overtakes a line to its target pushed before it:
 * bob's prompt waits for his reply queued before it, then goes in the
 * game's turn, ahead of carol's reply; a reply pushed later may go
 * before a game's lines (a reply, to be quick when the game's lines
 * fill the pipe); a nick in other case is the same target. */
static void
test_target_keeps_order(void **state)
{
	static const char *const want[] = {
		"NOTICE bob :your stats",
		"NOTICE Bob :your turn",
		"NOTICE carol :her stats",
		"NOTICE BOB :noted",
	};
	struct queue *q = queue_new(10, 1000);
	size_t i;

	(void)state;
	queue_push(q, QUEUE_REPLY, "NOTICE bob :your stats");
	queue_push(q, QUEUE_REPLY, "NOTICE carol :her stats");
	queue_push(q, QUEUE_GAME, "NOTICE Bob :your turn");
	queue_push(q, QUEUE_REPLY, "NOTICE BOB :noted");
	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		assert_string_equal(queue_peek(q, 0), want[i]);
		queue_pop(q, 0);
	}
	assert_int_equal(queue_length(q), 0);
	queue_free(q);
}

/* A prompt pushed to follow its move's channel line waits for it, behind
 * the channel's earlier lines; bob's later lines wait behind the prompt;
 * carol's, to follow nothing, go meanwhile. */
static void
test_after(void **state)
{
	static const char *const want[] = {
		"PRIVMSG #c :one",
		"NOTICE carol :hand",
		"PRIVMSG #c :two",
		"NOTICE bob :your turn",
		"NOTICE bob :more",
	};
	struct queue_how how = { 0, 0 };
	struct queue *q = queue_new(1, 1000);
	char buf[QUEUE_LINE_MAX + 1];
	uint64_t t = 0, two;

	(void)state;
	qp_spend(q);
	queue_push(q, QUEUE_GAME, "PRIVMSG #c :one");
	two = queue_push(q, QUEUE_GAME, "PRIVMSG #c :two");
	how.after = two;
	queue_push_how(q, QUEUE_GAME, "NOTICE bob :your turn", &how);
	queue_push(q, QUEUE_GAME, "NOTICE bob :more");
	queue_push(q, QUEUE_GAME, "NOTICE carol :hand");
	qp_expect(q, &t, want, sizeof want / sizeof want[0]);

	/* A line to follow one already gone goes as any other. */
	how.after = two;
	queue_push_how(q, QUEUE_GAME, "NOTICE bob :late", &how);
	assert_string_equal(qp_next_line(q, &t, buf, sizeof buf),
	    "NOTICE bob :late");
	queue_free(q);
}

/* The relay's own answers (PONG) go first, ahead of a backlog, but only
 * with a token: never on credit.  A JOIN spends two tokens, and never
 * goes ahead of a reply or a game line. */
static void
test_first_and_join(void **state)
{
	struct queue *q = queue_new(2, 1000);

	(void)state;
	push_n(q, QUEUE_GAME, "PRIVMSG #c :x", 10);
	assert_int_equal(qp_drain(q, 0), 2);
	queue_push(q, QUEUE_FIRST, "PONG :server");
	queue_push(q, QUEUE_REPLY, "NOTICE a :y");
	assert_null(queue_peek(q, 999));
	assert_int_equal(queue_next(q, 0), 1000);
	assert_string_equal(queue_peek(q, 1000), "PONG :server");
	queue_pop(q, 1000);
	assert_string_equal(queue_peek(q, 2000), "PRIVMSG #c :x 2");
	queue_free(q);

	q = queue_new(2, 1000);
	queue_push(q, QUEUE_JOIN, "JOIN #a");
	queue_push(q, QUEUE_JOIN, "JOIN #b");
	assert_int_equal(qp_drain(q, 0), 1);
	assert_int_equal(queue_next(q, 0), 2000);
	assert_null(queue_peek(q, 1999));
	/* A reply that comes meanwhile goes first, with one token. */
	queue_push(q, QUEUE_REPLY, "NOTICE a :games");
	assert_int_equal(queue_next(q, 1999), 1999);
	assert_string_equal(queue_peek(q, 1999), "NOTICE a :games");
	queue_pop(q, 1999);
	assert_int_equal(queue_next(q, 1999), 3000);
	assert_int_equal(qp_drain(q, 3000), 1);
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

/* 10,000 lines to 7 targets in random classes (a game's, its news,
 * replies): each goes once, each target's game lines (and news) in the
 * order pushed and its replies too, no game line before a reply to its
 * target pushed before it, at the bucket's rate. */
static void
test_nothing_lost(void **state)
{
	static const char *const to[] = { "#a", "#b", "bob", "carol",
		"dave", "#c", "erin" };
	struct queue *q = queue_new(5, 100);
	static char seen[10000];
	static enum queue_class cls[10000];
	static int replies[7][10000];
	int last[7][2], nreplies[7] = { 0 }, next_reply[7] = { 0 }, i, k,
	    game, sent = 0;
	unsigned seed = 11;
	uint64_t t = 0;
	const char *l;
	char want[64];

	(void)state;
	for (k = 0; k < 7; k++)
		last[k][0] = last[k][1] = -1;
	for (i = 0; i < 10000; i++) {
		seed = seed * 1103515245u + 12345u;
		k = (int)((seed >> 16) % 7);
		snprintf(want, sizeof want, "PRIVMSG %s :%d", to[k], i);
		cls[i] = (enum queue_class)(QUEUE_GAME + (seed >> 8) % 3);
		if (cls[i] == QUEUE_REPLY)
			replies[k][nreplies[k]++] = i;
		queue_push(q, cls[i], want);
	}
	assert_int_equal(queue_length(q), 10000);
	while (queue_length(q) > 0) {
		t = queue_next(q, t);
		assert_true(t != UINT64_MAX);
		l = queue_peek(q, t);
		assert_non_null(l);
		i = line_number(l);
		assert_in_range(i, 0, 9999);
		assert_false(seen[i]);
		seen[i] = 1;
		for (k = 0; k < 7; k++)
			if (strncmp(l + 8, to[k], strlen(to[k])) == 0 &&
			    l[8 + strlen(to[k])] == ' ')
				break;
		assert_true(k < 7);
		game = cls[i] == QUEUE_GAME || cls[i] == QUEUE_NEWS;
		assert_true(i > last[k][game]);
		last[k][game] = i;
		/* A game line: every reply to k before it has gone (they go
		 * in order, so the first not gone is after it). */
		if (cls[i] == QUEUE_REPLY) {
			assert_int_equal(replies[k][next_reply[k]], i);
			next_reply[k]++;
		} else if (game && next_reply[k] < nreplies[k])
			assert_true(replies[k][next_reply[k]] > i);
		queue_pop(q, t);
		sent++;
	}
	assert_int_equal(sent, 10000);
	assert_null(queue_peek(q, t + 1000000));
	/* 5 at once, then the other 9995 at one per 100 ms; a long text's
	 * line that comes last waits once for the reserve it leaves. */
	assert_true(t >= 9995 * 100 && t <= 9995 * 100 + QUEUE_RESERVE * 100);
	queue_free(q);
}

/* What a busy bot queues: several tables at once, each with a deal to ten
 * players (a hand each, a long one split in two) after its deal line, a
 * long reveal in the channel.  At the default rate (4 at once, one per
 * 2 s) no 10 s ever carries more than 4 + 4 lines (the burst, then lines
 * at 2, 4, 6 and 8 s); nothing is lost and no hand goes before its deal
 * line. */
static void
test_many_tables(void **state)
{
	struct queue *q = queue_new(4, 2000);
	struct queue_how how = { 0, 0 };
	uint64_t times[1024], t = 0;
	int n = 0, i, j, k, dealt[4] = { 0 }, max = 0;
	char line[128];
	const char *l;

	(void)state;
	for (k = 0; k < 4; k++) {
		snprintf(line, sizeof line, "PRIVMSG #t%d :the deal", k);
		how.after = queue_push(q, QUEUE_GAME, line);
		for (i = 0; i < 10; i++) {
			for (j = 0; j < (i == 3 ? 2 : 1); j++) {
				snprintf(line, sizeof line,
				    "NOTICE p%d_%d :[#t%d] hand part %d", k, i,
				    k, j);
				queue_push_how(q, QUEUE_GAME, line, &how);
			}
		}
		for (j = 0; j < 5; j++) {
			snprintf(line, sizeof line,
			    "PRIVMSG #t%d :reveal part %d", k, j);
			queue_push(q, QUEUE_GAME, line);
		}
	}
	while (queue_length(q) > 0) {
		t = queue_next(q, t);
		l = queue_peek(q, t);
		assert_non_null(l);
		if (strstr(l, ":the deal") != NULL)
			dealt[l[10] - '0'] = 1;
		else if (l[0] == 'N')
			assert_true(dealt[l[8] - '0']);
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
	push_n(q, QUEUE_REPLY, "NOTICE a :x", 20);
	assert_int_equal(qp_drain(q, 0), 5);

	/* Faster: one per 100 ms from now on. */
	queue_set_rate(q, 5, 100);
	assert_int_equal(qp_drain(q, 100), 1);
	assert_int_equal(qp_drain(q, 200), 1);

	/* A smaller burst caps the tokens already earned. */
	queue_set_rate(q, 2, 100);
	assert_int_equal(qp_drain(q, 10000), 2);
	assert_int_equal(queue_length(q), 11);

	/* Slower again. */
	queue_set_rate(q, 2, 5000);
	assert_int_equal(qp_drain(q, 10100), 0);
	assert_int_equal(qp_drain(q, 15000), 1);
	assert_int_equal(queue_length(q), 10);
	queue_free(q);
}

static void
test_next_times(void **state)
{
	struct queue *q = queue_new(2, 1500);

	(void)state;
	assert_true(queue_next(q, 10) == UINT64_MAX);
	push_n(q, QUEUE_GAME, "PRIVMSG #c :y", 4);
	assert_int_equal(queue_next(q, 10), 10);
	assert_int_equal(qp_drain(q, 10), 2);
	assert_int_equal(queue_next(q, 10), 1510);
	assert_int_equal(queue_next(q, 1000), 1510);
	assert_null(queue_peek(q, 1509));
	assert_int_equal(queue_next(q, 1510), 1510);
	assert_int_equal(qp_drain(q, 1510), 1);
	assert_int_equal(queue_next(q, 1600), 3010);
	assert_int_equal(qp_drain(q, 3010), 1);
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
	queue_push(q, QUEUE_REPLY, line);
	assert_int_equal(strlen(queue_peek(q, 0)), QUEUE_LINE_MAX);
	queue_pop(q, 0);
	queue_free(NULL);
	queue_free(q);
}

/* Lines are numbered in push order across classes; queue_sent() says
 * whether one line has gone, whatever went before or after it; the
 * listener hears every pop, with its class, target and number. */
static void
test_sent_numbers(void **state)
{
	struct queue *q = queue_new(1, 1000);
	struct qp_heard h;
	struct queue_sent what;
	uint64_t a, b, c;

	(void)state;
	memset(&h, 0, sizeof h);
	queue_on_pop(q, qp_hear_pop, &h);
	assert_int_equal(queue_last(q), 0);
	assert_true(queue_sent(q, 0));
	a = queue_push(q, QUEUE_LONG, "NOTICE bob :your replay");
	b = queue_push(q, QUEUE_GAME, "PRIVMSG #c :alice plays");
	c = queue_push(q, QUEUE_REPLY, "NOTICE carol :your stats");
	assert_true(a < b && b < c);
	assert_int_equal(queue_last(q), c);
	assert_false(queue_sent(q, a));
	assert_string_equal(queue_peek(q, 0), "PRIVMSG #c :alice plays");
	queue_peeked(q, &what);
	assert_int_equal(what.cls, QUEUE_GAME);
	assert_int_equal(what.seq, b);
	queue_pop(q, 0);
	assert_int_equal(h.calls, 1);
	assert_int_equal(h.seq, b);
	assert_string_equal(h.target, "#c");
	assert_true(queue_sent(q, b));
	assert_false(queue_sent(q, a));
	assert_int_equal(qp_drain(q, 1000), 1);
	assert_int_equal(h.now, 1000);
	assert_int_equal(h.cls, QUEUE_REPLY);
	assert_string_equal(h.target, "carol");
	assert_true(queue_sent(q, c));
	assert_false(queue_sent(q, a));
	assert_int_equal(qp_drain(q, 2500), 1);
	assert_int_equal(h.cls, QUEUE_LONG);
	assert_string_equal(h.target, "bob");
	assert_true(queue_sent(q, a));
	assert_int_equal(h.calls, 3);
	queue_free(q);
}

/* A line to follow another is never sent before it: random pushes,
 * each checked when it goes. */
static void
test_after_random(void **state)
{
	static const char *const to[] = { "#a", "#b", "alice", "bob",
		"carol" };
	struct queue *q = queue_new(2, 1000);
	struct queue_how how;
	static uint64_t follows[3001];
	struct qp_heard h;
	char line[64];
	unsigned seed = 3;
	uint64_t t = 0, seq;
	int i, sent = 0;

	(void)state;
	memset(&h, 0, sizeof h);
	queue_on_pop(q, qp_hear_pop, &h);
	for (i = 0; i < 3000 || queue_length(q) > 0; i++) {
		if (i < 3000) {
			seed = seed * 1103515245u + 12345u;
			snprintf(line, sizeof line, "PRIVMSG %s :%d",
			    to[(seed >> 16) % 5], i);
			how.room = (seed >> 3) % 2 ? QP_ROOM : 0;
			how.after = i > 0 && (seed >> 6) % 3 == 0 ?
			    1 + (seed >> 8) % (uint64_t)i : 0;
			seq = queue_push_how(q, (enum queue_class)(QUEUE_GAME +
			    (seed >> 10) % 3), line, &how);
			assert_int_equal(seq, (uint64_t)i + 1);
			follows[seq] = how.after;
		}
		if (i % 2 == 0)
			t += 1000;
		while (queue_peek(q, t) != NULL) {
			queue_pop(q, t);
			sent++;
			/* What it follows went before it (or with it). */
			assert_true(queue_sent(q, follows[h.seq]));
		}
	}
	assert_true(sent <= 3000);
	queue_free(q);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_burst_then_rate),
	    cmocka_unit_test(test_classes),
	    cmocka_unit_test(test_shares),
	    cmocka_unit_test(test_reserve),
	    cmocka_unit_test(test_targets_take_turns),
	    cmocka_unit_test(test_target_keeps_order),
	    cmocka_unit_test(test_after),
	    cmocka_unit_test(test_first_and_join),
	    cmocka_unit_test(test_nothing_lost),
	    cmocka_unit_test(test_many_tables),
	    cmocka_unit_test(test_rate_change),
	    cmocka_unit_test(test_next_times),
	    cmocka_unit_test(test_long_lines_kept_whole),
	    cmocka_unit_test(test_sent_numbers),
	    cmocka_unit_test(test_after_random),
	};

	return cmocka_run_group_tests_name("queue", tests, NULL, NULL);
}
