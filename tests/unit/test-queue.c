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
 * line went, merged ones included.  Channel lines pushed with a room are
 * merged only once they have waited for the bucket, never when it lets
 * them go at once; never past a line to their channel that cannot be
 * merged, nor across targets or commands or into a CTCP line, nor past
 * lines that other targets' lines wait on; never over the room the
 * server's prefix takes; with formatting ended before the join.
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

/* The bot's prefix room (bot/core/say.c) for the nick "cheaterbot". */
#define ROOM (1 + 10 + 1 + 11 + 1 + 63 + 1)
#define J QUEUE_SEP

static const struct queue_how chan_how = { ROOM, 0 };

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

/* The next line, whenever the bucket lets it go: *t moves to then. */
static const char *
next_line(struct queue *q, uint64_t *t, char *buf, size_t size)
{
	*t = queue_next(q, *t);
	assert_true(*t != UINT64_MAX);
	return pop_one(q, *t, buf, size);
}

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

/* Spends the one token of a queue of burst 1 at time 0. */
static void
spend(struct queue *q)
{
	queue_push(q, QUEUE_GAME, "PRIVMSG #x :spends the token");
	assert_int_equal(drain(q, 0), 1);
}

static void
test_burst_then_rate(void **state)
{
	struct queue *q = queue_new(4, 2000);
	uint64_t t = 1000;

	(void)state;
	push_n(q, QUEUE_GAME, "PRIVMSG #c :line", 10);
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
	char buf[QUEUE_LINE_MAX + 1];
	uint64_t t = 0;
	size_t i;

	(void)state;
	spend(q);
	queue_push(q, QUEUE_JOIN, "JOIN #d");
	queue_push(q, QUEUE_HOUSE, "WHO #w");
	queue_push(q, QUEUE_LONG, "NOTICE dave :long");
	queue_push(q, QUEUE_NEWS, "NOTICE erin :you draw");
	queue_push(q, QUEUE_REPLY, "NOTICE carol :reply");
	queue_push(q, QUEUE_GAME, "PRIVMSG #c :game 1");
	queue_push(q, QUEUE_GAME, "PRIVMSG #c :game 2");
	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		assert_string_equal(next_line(q, &t, buf, sizeof buf),
		    want[i]);
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
	spend(q);
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
		next_line(q, &t, buf, sizeof buf);
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
	assert_int_equal(drain(q, t), 1);	/* 4 tokens: one of them */
	assert_int_equal(queue_next(q, t), 2000);
	for (i = 1; i < 5; i++) {
		t += 2000;
		assert_int_equal(drain(q, t), 1);
	}
	queue_push(q, QUEUE_GAME, "PRIVMSG #c :alice plays");
	queue_push(q, QUEUE_GAME, "NOTICE bob :your turn");
	queue_push(q, QUEUE_GAME, "NOTICE carol :you draw");
	assert_int_equal(drain(q, t), 3);
	queue_free(q);

	/* The JOINs at start keep none: two go at once, at the server's
	 * pace (a reply that comes still goes before the next). */
	q = queue_new(4, 2000);
	push_n(q, QUEUE_JOIN, "JOIN #a", 3);
	assert_int_equal(drain(q, 0), 2);
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
	char buf[QUEUE_LINE_MAX + 1];
	uint64_t t = 0;
	size_t i;

	(void)state;
	spend(q);
	push_n(q, QUEUE_GAME, "PRIVMSG #a :a", 3);
	push_n(q, QUEUE_GAME, "PRIVMSG #b :b", 3);
	push_n(q, QUEUE_GAME, "NOTICE bob :p", 2);
	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		assert_string_equal(next_line(q, &t, buf, sizeof buf),
		    want[i]);
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
	size_t i;

	(void)state;
	spend(q);
	queue_push(q, QUEUE_GAME, "PRIVMSG #c :one");
	two = queue_push(q, QUEUE_GAME, "PRIVMSG #c :two");
	how.after = two;
	queue_push_how(q, QUEUE_GAME, "NOTICE bob :your turn", &how);
	queue_push(q, QUEUE_GAME, "NOTICE bob :more");
	queue_push(q, QUEUE_GAME, "NOTICE carol :hand");
	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		assert_string_equal(next_line(q, &t, buf, sizeof buf),
		    want[i]);

	/* A line to follow one already gone goes as any other. */
	how.after = two;
	queue_push_how(q, QUEUE_GAME, "NOTICE bob :late", &how);
	assert_string_equal(next_line(q, &t, buf, sizeof buf),
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
	assert_int_equal(drain(q, 0), 2);
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
	assert_int_equal(drain(q, 0), 1);
	assert_int_equal(queue_next(q, 0), 2000);
	assert_null(queue_peek(q, 1999));
	/* A reply that comes meanwhile goes first, with one token. */
	queue_push(q, QUEUE_REPLY, "NOTICE a :games");
	assert_int_equal(queue_next(q, 1999), 1999);
	assert_string_equal(queue_peek(q, 1999), "NOTICE a :games");
	queue_pop(q, 1999);
	assert_int_equal(queue_next(q, 1999), 3000);
	assert_int_equal(drain(q, 3000), 1);
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
	push_n(q, QUEUE_GAME, "PRIVMSG #c :y", 4);
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
	queue_push(q, QUEUE_REPLY, line);
	assert_int_equal(strlen(queue_peek(q, 0)), QUEUE_LINE_MAX);
	queue_pop(q, 0);
	queue_free(NULL);
	queue_free(q);
}

/* What the pop listener heard last. */
struct heard {
	uint64_t now, seq;
	enum queue_class cls;
	char target[32];
	size_t nmerged;
	int calls;
};

static void
hear_pop(void *arg, uint64_t now, const struct queue_sent *what)
{
	struct heard *h = arg;

	h->now = now;
	h->seq = what->seq;
	h->cls = what->cls;
	snprintf(h->target, sizeof h->target, "%.*s", (int)what->tlen,
	    what->target);
	h->nmerged = what->nmerged;
	h->calls++;
}

/* Lines are numbered in push order across classes; queue_sent() says
 * whether one line has gone, whatever went before or after it; the
 * listener hears every pop, with its class, target and number. */
static void
test_sent_numbers(void **state)
{
	struct queue *q = queue_new(1, 1000);
	struct heard h;
	struct queue_sent what;
	uint64_t a, b, c;

	(void)state;
	memset(&h, 0, sizeof h);
	queue_on_pop(q, hear_pop, &h);
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
	assert_int_equal(drain(q, 1000), 1);
	assert_int_equal(h.now, 1000);
	assert_int_equal(h.cls, QUEUE_REPLY);
	assert_string_equal(h.target, "carol");
	assert_true(queue_sent(q, c));
	assert_false(queue_sent(q, a));
	assert_int_equal(drain(q, 2500), 1);
	assert_int_equal(h.cls, QUEUE_LONG);
	assert_string_equal(h.target, "bob");
	assert_true(queue_sent(q, a));
	assert_int_equal(h.calls, 3);
	queue_free(q);
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
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :one", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :two", &chan_how);
	assert_string_equal(pop_one(q, 0, buf, sizeof buf),
	    "PRIVMSG #c :one");
	assert_string_equal(pop_one(q, 0, buf, sizeof buf),
	    "PRIVMSG #c :two");

	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :three", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :four", &chan_how);
	assert_null(queue_peek(q, 1999));
	assert_int_equal(queue_length(q), 2);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :five", &chan_how);
	assert_string_equal(pop_one(q, 2000, buf, sizeof buf),
	    "PRIVMSG #c :three" J "four" J "five");
	assert_int_equal(queue_length(q), 0);

	/* A long pause: the bucket is full, and a line goes at once. */
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :six", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :seven", &chan_how);
	assert_string_equal(pop_one(q, 60000, buf, sizeof buf),
	    "PRIVMSG #c :six");
	assert_string_equal(pop_one(q, 60000, buf, sizeof buf),
	    "PRIVMSG #c :seven");
	queue_free(q);
}

/* Merging keeps each target's lines in order: it takes along a
 * channel's later lines up to the first it cannot take (another
 * command, a line pushed without room, a long text's line), and never
 * another target's lines, private ones included. */
static void
test_merge_keeps_order(void **state)
{
	static const char *const want[] = {
		"PRIVMSG #a :a1" J "a2",
		"PRIVMSG #b :b1" J "b2" J "b3",
		"PRIVMSG bob :p1",
		"NOTICE #a :n1",
		"PRIVMSG bob :p2",
		"PRIVMSG #a :a3",
		"PRIVMSG #a :a4",
		"PRIVMSG #a :a5",
		NULL
	};
	struct queue *q = queue_new(1, 1000);
	char buf[QUEUE_LINE_MAX + 1];
	uint64_t t = 0;
	int i;

	(void)state;
	spend(q);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #a :a1", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #b :b1", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG bob :p1", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #a :a2", &chan_how);
	queue_push_how(q, QUEUE_GAME, "NOTICE #a :n1", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #b :b2", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #a :a3", &chan_how);
	queue_push(q, QUEUE_GAME, "PRIVMSG #a :a4");
	queue_push_how(q, QUEUE_LONG, "PRIVMSG #a :a5", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #b :b3", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG bob :p2", &chan_how);
	assert_null(queue_peek(q, t));
	for (i = 0; want[i] != NULL; i++)
		assert_string_equal(next_line(q, &t, buf, sizeof buf),
		    want[i]);
	assert_int_equal(queue_length(q), 0);
	queue_free(q);
}

/* A channel line that another target's line waits on takes nothing more
 * along: the prompt a move caused is read before the next move's text
 * (a call, which the core pushes to follow that prompt), never after it;
 * lines with nobody waiting on them merge as before, and a line merged
 * counts as sent with the line it joined. */
static void
test_merge_stops_for_prompt(void **state)
{
	static const char *const want[] = {
		"PRIVMSG #c :alice plays" J "bob draws",
		"NOTICE carol :your turn",
		"PRIVMSG #c :dave calls",
		"NOTICE carol :changed: your turn",
		NULL
	};
	struct queue_how how = { 0, 0 };
	struct queue *q = queue_new(1, 1000);
	char buf[QUEUE_LINE_MAX + 1];
	uint64_t t = 0, draws;
	int i;

	(void)state;
	spend(q);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :alice plays", &chan_how);
	draws = queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :bob draws",
	    &chan_how);
	how.after = draws;
	how.after = queue_push_how(q, QUEUE_GAME, "NOTICE carol :your turn",
	    &how);
	how.room = ROOM;
	how.after = queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :dave calls",
	    &how);
	how.room = 0;
	queue_push_how(q, QUEUE_GAME, "NOTICE carol :changed: your turn",
	    &how);
	assert_false(queue_sent(q, draws));
	assert_null(queue_peek(q, 0));	/* they all wait */
	for (i = 0; want[i] != NULL; i++) {
		assert_string_equal(next_line(q, &t, buf, sizeof buf),
		    want[i]);
		if (i == 0)
			assert_true(queue_sent(q, draws));
	}
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
	struct queue_how more = { ROOM + 1, 0 };
	struct queue *q = queue_new(1, 1000);

	(void)state;
	spend(q);
	queue_push_how(q, QUEUE_GAME, chan_line(line, sizeof line, 'a', a),
	    &chan_how);
	queue_push_how(q, QUEUE_GAME, chan_line(line, sizeof line, 'b', b),
	    &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :c", &chan_how);
	assert_null(queue_peek(q, 0));
	assert_int_equal(strlen(pop_one(q, 1000, buf, sizeof buf)), max);
	assert_int_equal(strspn(buf + head, "a"), a);
	assert_string_equal(pop_one(q, 2000, buf, sizeof buf),
	    "PRIVMSG #c :c");

	queue_push_how(q, QUEUE_GAME, chan_line(line, sizeof line, 'a', a),
	    &chan_how);
	queue_push_how(q, QUEUE_GAME,
	    chan_line(line, sizeof line, 'b', b + 1), &chan_how);
	assert_null(queue_peek(q, 2000));
	assert_int_equal(strlen(pop_one(q, 3000, buf, sizeof buf)), head + a);
	assert_int_equal(strlen(pop_one(q, 4000, buf, sizeof buf)),
	    head + b + 1);

	/* The room of the line pushed later counts too (the nick may have
	 * grown in between). */
	queue_push_how(q, QUEUE_GAME, chan_line(line, sizeof line, 'a', a),
	    &chan_how);
	queue_push_how(q, QUEUE_GAME, chan_line(line, sizeof line, 'b', b),
	    &more);
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
	spend(q);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :\002bold", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :plain", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :\003" "04red\003",
	    &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :\001ACTION waves\001",
	    &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :after", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :more", &chan_how);
	assert_null(queue_peek(q, 0));
	assert_string_equal(pop_one(q, 1000, buf, sizeof buf),
	    "PRIVMSG #c :\002bold\017" J "plain\017" J "\003" "04red\003");
	assert_string_equal(pop_one(q, 2000, buf, sizeof buf),
	    "PRIVMSG #c :\001ACTION waves\001");
	assert_string_equal(pop_one(q, 3000, buf, sizeof buf),
	    "PRIVMSG #c :after" J "more");
	queue_free(q);
}

/* A line merged into an earlier one counts as sent when that one goes,
 * and the listener hears both numbers. */
static void
test_merge_sent(void **state)
{
	struct queue *q = queue_new(1, 1000);
	struct heard h;
	uint64_t a, b, c;

	(void)state;
	memset(&h, 0, sizeof h);
	spend(q);
	queue_on_pop(q, hear_pop, &h);
	a = queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :a", &chan_how);
	assert_null(queue_peek(q, 0));
	b = queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :b", &chan_how);
	c = queue_push(q, QUEUE_GAME, "PRIVMSG bob :c");
	assert_true(a < b && b < c);
	assert_int_equal(queue_length(q), 3);
	assert_false(queue_sent(q, b));
	assert_int_equal(drain(q, 1000), 1);
	assert_int_equal(h.seq, a);
	assert_int_equal(h.nmerged, 1);
	assert_int_equal(queue_length(q), 1);
	assert_true(queue_sent(q, b));
	assert_false(queue_sent(q, c));
	assert_int_equal(drain(q, 2000), 1);
	assert_true(queue_sent(q, c));
	queue_free(q);
}

/* Random lines to three channels, two nicks and a relay's own, pushed
 * while the bucket lets a line go each second, some to follow another:
 * every line sent fits its room, holds one target's texts only and,
 * split at the joins, gives each target's texts back in the order
 * pushed, none lost, none before the line it follows. */
static void
test_merge_random(void **state)
{
	static const char *const to[] = { "#a", "#b", "#Long-channel",
		"alice", "bob" };
	char line[QUEUE_LINE_MAX + 1], buf[QUEUE_LINE_MAX + 1], *p, *j;
	char pushed[5][8192], got[5][8192];
	struct queue_how how;
	size_t len, n;
	struct queue *q = queue_new(4, 1000);
	unsigned seed = 7;
	uint64_t t = 0, last = 0;
	int i, k, merged = 0, sent = 0;

	(void)state;
	memset(pushed, 0, sizeof pushed);
	memset(got, 0, sizeof got);
	for (i = 0; i < 2000 || queue_length(q) > 0; i++) {
		if (i < 2000) {
			seed = seed * 1103515245u + 12345u;
			k = (int)((seed >> 16) % 5);
			len = 1 + (seed >> 8) % 200;
			how.room = (seed >> 2) % 11 == 0 ? 0 :
			    ROOM + (seed >> 4) % 8;
			how.after = (seed >> 5) % 4 == 0 ? last : 0;
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
			last = queue_push_how(q, QUEUE_GAME, line, &how);
			if (how.after != 0 && !queue_sent(q, how.after))
				assert_false(queue_sent(q, last));
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
	struct heard h;
	char line[64];
	unsigned seed = 3;
	uint64_t t = 0, seq;
	int i, sent = 0;

	(void)state;
	memset(&h, 0, sizeof h);
	queue_on_pop(q, hear_pop, &h);
	for (i = 0; i < 3000 || queue_length(q) > 0; i++) {
		if (i < 3000) {
			seed = seed * 1103515245u + 12345u;
			snprintf(line, sizeof line, "PRIVMSG %s :%d",
			    to[(seed >> 16) % 5], i);
			how.room = (seed >> 3) % 2 ? ROOM : 0;
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
	    cmocka_unit_test(test_merge_waiting),
	    cmocka_unit_test(test_merge_keeps_order),
	    cmocka_unit_test(test_merge_stops_for_prompt),
	    cmocka_unit_test(test_merge_limit),
	    cmocka_unit_test(test_merge_formatting_and_ctcp),
	    cmocka_unit_test(test_merge_sent),
	    cmocka_unit_test(test_merge_random),
	    cmocka_unit_test(test_after_random),
	};

	return cmocka_run_group_tests_name("queue", tests, NULL, NULL);
}
