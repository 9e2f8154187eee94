/*
 * Unit tests of the outgoing queue's merging (bot/lib/queue-merge.c,
 * through bot/lib/queue.h): channel lines pushed with a room are merged
 * only once they have waited for the bucket, never when it lets them go
 * at once; never past a line to their channel that cannot be merged, nor
 * across targets or commands or into a CTCP line, nor past lines that
 * other targets' lines wait on; never over the room the server's prefix
 * takes; with formatting ended before the join.  A line merged counts as
 * sent with the line it joined, and the pop listener hears how many were
 * merged.  The rest of the queue: tests/unit/test-queue.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bot/lib/queue.h"
#include "tests/lib/queue-pop.h"

#define J QUEUE_SEP

static const struct queue_how chan_how = { QP_ROOM, 0 };

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
	assert_string_equal(qp_pop_one(q, 0, buf, sizeof buf),
	    "PRIVMSG #c :one");
	assert_string_equal(qp_pop_one(q, 0, buf, sizeof buf),
	    "PRIVMSG #c :two");

	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :three", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :four", &chan_how);
	assert_null(queue_peek(q, 1999));
	assert_int_equal(queue_length(q), 2);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :five", &chan_how);
	assert_string_equal(qp_pop_one(q, 2000, buf, sizeof buf),
	    "PRIVMSG #c :three" J "four" J "five");
	assert_int_equal(queue_length(q), 0);

	/* A long pause: the bucket is full, and a line goes at once. */
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :six", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :seven", &chan_how);
	assert_string_equal(qp_pop_one(q, 60000, buf, sizeof buf),
	    "PRIVMSG #c :six");
	assert_string_equal(qp_pop_one(q, 60000, buf, sizeof buf),
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
	uint64_t t = 0;

	(void)state;
	qp_spend(q);
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
	qp_expect(q, &t, want, sizeof want / sizeof want[0] - 1);
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
	qp_spend(q);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :alice plays", &chan_how);
	draws = queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :bob draws",
	    &chan_how);
	how.after = draws;
	how.after = queue_push_how(q, QUEUE_GAME, "NOTICE carol :your turn",
	    &how);
	how.room = QP_ROOM;
	how.after = queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :dave calls",
	    &how);
	how.room = 0;
	queue_push_how(q, QUEUE_GAME, "NOTICE carol :changed: your turn",
	    &how);
	assert_false(queue_sent(q, draws));
	assert_null(queue_peek(q, 0));	/* they all wait */
	for (i = 0; want[i] != NULL; i++) {
		assert_string_equal(qp_next_line(q, &t, buf, sizeof buf),
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
	size_t max = QUEUE_LINE_MAX - QP_ROOM, head = strlen("PRIVMSG #c :"),
	    a = 200, b = max - head - a - strlen(J);
	char line[QUEUE_LINE_MAX + 1], buf[QUEUE_LINE_MAX + 1];
	struct queue_how more = { QP_ROOM + 1, 0 };
	struct queue *q = queue_new(1, 1000);

	(void)state;
	qp_spend(q);
	queue_push_how(q, QUEUE_GAME, chan_line(line, sizeof line, 'a', a),
	    &chan_how);
	queue_push_how(q, QUEUE_GAME, chan_line(line, sizeof line, 'b', b),
	    &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :c", &chan_how);
	assert_null(queue_peek(q, 0));
	assert_int_equal(strlen(qp_pop_one(q, 1000, buf, sizeof buf)), max);
	assert_int_equal(strspn(buf + head, "a"), a);
	assert_string_equal(qp_pop_one(q, 2000, buf, sizeof buf),
	    "PRIVMSG #c :c");

	queue_push_how(q, QUEUE_GAME, chan_line(line, sizeof line, 'a', a),
	    &chan_how);
	queue_push_how(q, QUEUE_GAME,
	    chan_line(line, sizeof line, 'b', b + 1), &chan_how);
	assert_null(queue_peek(q, 2000));
	assert_int_equal(strlen(qp_pop_one(q, 3000, buf, sizeof buf)),
	    head + a);
	assert_int_equal(strlen(qp_pop_one(q, 4000, buf, sizeof buf)),
	    head + b + 1);

	/* The room of the line pushed later counts too (the nick may have
	 * grown in between). */
	queue_push_how(q, QUEUE_GAME, chan_line(line, sizeof line, 'a', a),
	    &chan_how);
	queue_push_how(q, QUEUE_GAME, chan_line(line, sizeof line, 'b', b),
	    &more);
	assert_null(queue_peek(q, 4000));
	assert_int_equal(strlen(qp_pop_one(q, 5000, buf, sizeof buf)),
	    head + a);
	assert_int_equal(qp_drain(q, 6000), 1);
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
	qp_spend(q);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :\002bold", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :plain", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :\003" "04red\003",
	    &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :\001ACTION waves\001",
	    &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :after", &chan_how);
	queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :more", &chan_how);
	assert_null(queue_peek(q, 0));
	assert_string_equal(qp_pop_one(q, 1000, buf, sizeof buf),
	    "PRIVMSG #c :\002bold\017" J "plain\017" J "\003" "04red\003");
	assert_string_equal(qp_pop_one(q, 2000, buf, sizeof buf),
	    "PRIVMSG #c :\001ACTION waves\001");
	assert_string_equal(qp_pop_one(q, 3000, buf, sizeof buf),
	    "PRIVMSG #c :after" J "more");
	queue_free(q);
}

/* A line merged into an earlier one counts as sent when that one goes,
 * and the listener hears both numbers. */
static void
test_merge_sent(void **state)
{
	struct queue *q = queue_new(1, 1000);
	struct qp_heard h;
	uint64_t a, b, c;

	(void)state;
	memset(&h, 0, sizeof h);
	qp_spend(q);
	queue_on_pop(q, qp_hear_pop, &h);
	a = queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :a", &chan_how);
	assert_null(queue_peek(q, 0));
	b = queue_push_how(q, QUEUE_GAME, "PRIVMSG #c :b", &chan_how);
	c = queue_push(q, QUEUE_GAME, "PRIVMSG bob :c");
	assert_true(a < b && b < c);
	assert_int_equal(queue_length(q), 3);
	assert_false(queue_sent(q, b));
	assert_int_equal(qp_drain(q, 1000), 1);
	assert_int_equal(h.seq, a);
	assert_int_equal(h.nmerged, 1);
	assert_int_equal(queue_length(q), 1);
	assert_true(queue_sent(q, b));
	assert_false(queue_sent(q, c));
	assert_int_equal(qp_drain(q, 2000), 1);
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
			    QP_ROOM + (seed >> 4) % 8;
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
		while (qp_pop_one(q, t, buf, sizeof buf) != NULL) {
			sent++;
			assert_true(strlen(buf) <= QUEUE_LINE_MAX - QP_ROOM);
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
	    cmocka_unit_test(test_merge_waiting),
	    cmocka_unit_test(test_merge_keeps_order),
	    cmocka_unit_test(test_merge_stops_for_prompt),
	    cmocka_unit_test(test_merge_limit),
	    cmocka_unit_test(test_merge_formatting_and_ctcp),
	    cmocka_unit_test(test_merge_sent),
	    cmocka_unit_test(test_merge_random),
	};

	return cmocka_run_group_tests_name("queue merge", tests, NULL, NULL);
}
