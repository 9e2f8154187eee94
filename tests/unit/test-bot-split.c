/*
 * The netsplit grace (timers.split_grace, 300 s by default, against
 * part_grace's 120 s), in transcripts: a quit message of two server names
 * is a netsplit's only when a second nick quits with the same message
 * within 5 s (SPLIT_WINDOW_MS), seated or not.  One player typing "*.net
 * *.split" gets the part grace; two quitting with it get the split grace
 * (the first raised to it when the second quits, the later one at once);
 * two different messages, or the same one 6 s apart, are no split; a
 * message that is not two server names never is, however many send it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/table.h"
#include "tests/lib/harness.h"

#define CH "#cheater"
#define SECOND 1000

/* Turns that never run out while a test waits minutes. */
static void
slow_turns(struct conf *c)
{
	c->turn_ms = 3600 * 1000;
	c->turn_warn_ms = 0;
}

/* A Cheat game of alice, bob and carol; dave and oper only watch. */
static struct harness *
three(void)
{
	static const char *const nicks[] = {"alice", "bob", "carol", NULL};
	struct harness *h = harness_new(7, slow_turns);

	harness_deal(h, "cheat", nicks);
	harness_clear(h);
	return h;
}

/* nick (nick!nick@test.host) quits with msg. */
static void
quit(struct harness *h, const char *nick, const char *msg)
{
	char line[600];

	snprintf(line, sizeof line, ":%s!%s@test.host QUIT :%s", nick, nick,
	    msg);
	harness_line(h, line);
	harness_drain(h);
}

/* nick joins the channel again. */
static void
join(struct harness *h, const char *nick)
{
	char line[200];

	snprintf(line, sizeof line, ":%s!%s@test.host JOIN " CH, nick, nick);
	harness_line(h, line);
	harness_drain(h);
}

/* Whether the channel heard that nick did not come back in time. */
static int
gone(struct harness *h, const char *nick)
{
	char text[100];

	harness_drain(h);
	snprintf(text, sizeof text, "PRIVMSG " CH " :%s did not come back in "
	    "time.", nick);
	return harness_find(h, 0, text, NULL) >= 0;
}

/* Whether the channel heard that nick's seat is held for secs. */
static int
held(struct harness *h, const char *nick, int secs)
{
	char text[100];

	snprintf(text, sizeof text, "PRIVMSG " CH " :%s is away; the seat is "
	    "held for %d s:", nick, secs);
	return harness_find(h, 0, text, NULL) >= 0;
}

/* Whether the channel heard that nick's seat was raised to the split
 * grace, held for secs more. */
static int
raised(struct harness *h, const char *nick, int secs)
{
	char text[100];

	snprintf(text, sizeof text, "PRIVMSG " CH " :%s quit in a netsplit; "
	    "the seat is held for %d s:", nick, secs);
	return harness_find(h, 0, text, NULL) >= 0;
}

/* One player types the masked split's message: nobody else quits, so
 * it is an ordinary quit, held for the part grace and no longer. */
static void
test_one_typed(void **state)
{
	struct harness *h = three();

	(void)state;
	quit(h, "alice", "*.net *.split");
	assert_true(held(h, "alice", 120));
	assert_false(held(h, "alice", 300));
	harness_advance(h, 119 * SECOND);
	assert_false(gone(h, "alice"));
	harness_advance(h, 2 * SECOND);
	assert_true(gone(h, "alice"));
	harness_free(h);
}

/* A split: alice quits, then dave (who sits nowhere) with the same
 * message a second later, which raises alice's seat to the split grace
 * from her quit; bob, a second after that, is held for it at once.  A
 * server's real names count as the masked ones do. */
static void
test_split(void **state)
{
	static const char *const msgs[] = {"*.net *.split",
	    "hub.example.net leaf-2.example.org"};
	struct harness *h;
	int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		h = three();
		quit(h, "alice", msgs[i]);
		assert_true(held(h, "alice", 120));
		harness_advance(h, SECOND);
		quit(h, "dave", msgs[i]);
		assert_true(raised(h, "alice", 299));
		harness_advance(h, SECOND);
		quit(h, "bob", msgs[i]);
		assert_true(held(h, "bob", 300));
		assert_false(raised(h, "bob", 300));
		harness_advance(h, 297 * SECOND);	/* alice: 299 s */
		assert_false(gone(h, "alice"));
		harness_advance(h, 2 * SECOND);
		assert_true(gone(h, "alice"));
		assert_false(gone(h, "bob"));
		harness_advance(h, 2 * SECOND);
		assert_true(gone(h, "bob"));
		harness_free(h);
	}
}

/* Two quits are one split only with the same message, within 5 s of the
 * last, from two nicks: another message, the same one 6 s later, or the
 * same nick again leave the part grace. */
static void
test_mismatched(void **state)
{
	struct harness *h = three();

	(void)state;
	quit(h, "alice", "*.net *.split");		/* 0 s */
	quit(h, "dave", "*.net *.other");
	harness_advance(h, 6 * SECOND);
	quit(h, "oper", "*.net *.split");		/* 6 s */
	quit(h, "bob", "irc.a.net irc.b.net");
	join(h, "bob");
	quit(h, "bob", "irc.a.net irc.b.net");
	harness_advance(h, 6 * SECOND);
	quit(h, "carol", "irc.a.net irc.b.net");	/* 12 s */
	assert_true(held(h, "alice", 120));
	assert_true(held(h, "bob", 120));
	assert_true(held(h, "carol", 120));
	assert_int_equal(harness_find(h, 0, "quit in a netsplit", NULL), -1);
	harness_advance(h, 109 * SECOND);		/* 121 s */
	assert_true(gone(h, "alice"));
	assert_false(gone(h, "bob"));
	harness_advance(h, 6 * SECOND);			/* 127 s */
	assert_true(gone(h, "bob"));
	assert_int_equal(harness_find(h, 0, "quit in a netsplit", NULL), -1);
	harness_free(h);
}

/* Messages that are not two server names: nobody's seat is held longer
 * than the part grace, though two nicks quit with each. */
static void
test_not_servers(void **state)
{
	static const char *const msgs[] = {
	    "*.net *split",	/* no dot in the second */
	    "net split",
	    ".net *.split",	/* an empty label */
	    "*.net. *.split",
	    "my.net! your.split",	/* not a host name's characters */
	    "**.net *.split",	/* a wildcard is a whole label */
	    "-a.net b.net",
	    "*.net  *.split",	/* two spaces */
	    "*.net *.split ",
	    "a.net b.net c.net",	/* three names */
	    "Quit: *.net *.split",
	    NULL,
	};
	struct harness *h = three();
	int i;

	(void)state;
	for (i = 0; msgs[i] != NULL; i++) {
		harness_clear(h);
		quit(h, "dave", msgs[i]);
		quit(h, "alice", msgs[i]);
		if (!held(h, "alice", 120) || raised(h, "alice", 300)) {
			harness_dump(h);
			fail_msg("'%s' counted as a netsplit's", msgs[i]);
		}
		join(h, "alice");
		join(h, "dave");
		harness_advance(h, 6 * SECOND);
	}
	assert_true(presence_split_message("*.net *.split"));
	assert_true(presence_split_message("a.b c-1.D"));
	assert_false(presence_split_message("a.b"));
	assert_false(presence_split_message(""));
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_one_typed),
	    cmocka_unit_test(test_split),
	    cmocka_unit_test(test_mismatched),
	    cmocka_unit_test(test_not_servers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
