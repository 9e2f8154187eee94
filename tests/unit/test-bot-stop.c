/*
 * Nobody is stuck: transcript tests of the stop vote (a game nobody wants
 * ends when more than half the people playing it type !stop within 5
 * minutes, unrecorded, with no operator or admin about; AI seats, those
 * that took a seat over too, neither vote nor count, so a person alone
 * with them stops at once) and of !leave in a game, which counts only
 * when typed twice within 30 s.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/lib/harness.h"
#include "storage/store.h"

#define CH "#cheater"
#define MINUTE (60 * 1000)

/* Turns that never run out while a test waits minutes. */
static void
slow_turns(struct conf *c)
{
	c->turn_ms = 3600 * 1000;
	c->turn_warn_ms = 0;
}

/* A Cheat game of alice, bob, carol and dave (no operator among them). */
static struct harness *
four(void)
{
	static const char *const nicks[] = { "alice", "bob", "carol", "dave",
	    NULL };
	struct harness *h = harness_new(5, slow_turns);

	harness_deal(h, "cheat", nicks);
	harness_drain(h);
	return h;
}

/* The same, and a seat whose player is gone is taken over by an AI. */
static void
slow_takeover(struct conf *c)
{
	slow_turns(c);
	c->ai_takeover = 1;
	c->part_grace_ms = 5000;
}

/* The database runs no game any more. */
static void
assert_none_running(struct harness *h)
{
	int64_t *ids = NULL;
	char *cause = NULL;
	int n = store_running(h->store, &ids, &cause);

	if (n < 0)
		fail_msg("%s", cause);
	assert_int_equal(n, 0);
	free(ids);
}

/* Three of four must want it: two are not enough, the third ends the
 * game, unrecorded, and nobody's stats change. */
static void
test_vote_stops(void **state)
{
	struct harness *h = four();

	(void)state;
	harness_say(h, "alice", CH, "!stop");
	assert_true(harness_find(h, 0, "PRIVMSG #cheater :alice wants to "
	    "stop the Cheat game: 1 of 4 want to, 3 needed within 5 minutes "
	    "(!stop).", NULL) >= 0);
	harness_say(h, "alice", CH, "!stop");	/* the same vote again */
	assert_true(harness_find(h, 0, "alice wants to stop the Cheat game: "
	    "1 of 4", NULL) >= 0);
	harness_say(h, "bob", CH, "!stop");
	assert_true(harness_find(h, 0, "bob wants to stop the Cheat game: "
	    "2 of 4 want to, 3 needed", NULL) >= 0);
	assert_non_null(harness_table(h));
	harness_say(h, "dave", CH, "!stop");
	assert_true(harness_find(h, 0, "PRIVMSG #cheater :3 of 4 want to "
	    "stop: the Cheat game ends, unrecorded.", NULL) >= 0);
	assert_null(harness_table(h));
	assert_none_running(h);
	harness_say(h, "carol", CH, "!stats");
	assert_true(harness_find(h, 0, "carol has not finished a game yet.",
	    NULL) >= 0);
	harness_free(h);
}

/* A vote lasts 5 minutes; one who left the game no longer counts on
 * either side, and cannot vote. */
static void
test_vote_expires(void **state)
{
	struct harness *h = four();
	struct table *t = harness_table(h);

	(void)state;
	harness_say(h, "alice", CH, "!stop");
	harness_say(h, "bob", CH, "!stop");
	harness_advance(h, 5 * MINUTE);
	harness_say(h, "carol", CH, "!stop");
	assert_true(harness_find(h, 0, "carol wants to stop the Cheat game: "
	    "1 of 4 want to", NULL) >= 0);
	harness_say(h, "bob", CH, "!stop");
	assert_true(harness_find(h, 0, "bob wants to stop the Cheat game: "
	    "2 of 4", NULL) >= 0);
	/* dave gives up: 2 of the 3 left is a majority, at the next vote */
	harness_say(h, "dave", CH, "!leave");
	harness_say(h, "dave", CH, "!leave");
	assert_true(t->seats[3].gone);
	harness_say(h, "dave", CH, "!stop");
	assert_true(harness_find(h, 0, "NOTICE dave", "only the people "
	    "playing it", NULL) >= 0);
	assert_non_null(harness_table(h));
	harness_say(h, "carol", CH, "!stop");
	assert_true(harness_find(h, 0, "2 of 3 want to stop: the Cheat game "
	    "ends, unrecorded.", NULL) >= 0);
	assert_null(harness_table(h));
	harness_free(h);
}

/* A person alone with AI seats: the AI seats never vote, so they do not
 * count, and the one person's !stop ends the game at once, unrecorded. */
static void
test_alone_with_ai(void **state)
{
	struct harness *h = harness_new(5, slow_turns);
	struct store_ai_stats ai;

	(void)state;
	harness_say(h, "alice", CH, "!play cheat bots=3");
	harness_say(h, "alice", CH, "!start");
	assert_non_null(harness_table(h));
	harness_say(h, "alice", CH, "!stop");
	assert_true(harness_find(h, 0, "PRIVMSG #cheater :alice is the only "
	    "person playing: the Cheat game ends, unrecorded.", NULL) >= 0);
	assert_true(harness_find(h, 0, "want to, ", NULL) < 0);
	assert_null(harness_table(h));
	assert_none_running(h);
	assert_int_equal(store_ai_stats(h->store, "alice", NULL, &ai, NULL),
	    0);
	assert_int_equal(ai.games, 0);
	harness_free(h);
}

/* People and AI seats: the majority is of the people, and a seat an AI
 * took over from a person who is gone for good is no voter either. */
static void
test_people_and_ai(void **state)
{
	struct harness *h = harness_new(5, slow_takeover);

	(void)state;
	harness_say(h, "alice", CH, "!play cheat bots=2");
	harness_say(h, "bob", CH, "!join");
	harness_say(h, "carol", CH, "!join");
	harness_say(h, "alice", CH, "!start");
	harness_line(h, ":carol!carol@test.host QUIT :gone");
	harness_advance(h, 6000);
	harness_drain(h);
	assert_true(harness_find(h, 0, "carol did not come back in time: an "
	    "AI plays on in that seat.", NULL) >= 0);
	harness_say(h, "alice", CH, "!stop");
	assert_true(harness_find(h, 0, "PRIVMSG #cheater :alice wants to "
	    "stop the Cheat game: 1 of 2 want to, 2 needed within 5 minutes "
	    "(!stop).", NULL) >= 0);
	assert_non_null(harness_table(h));
	harness_say(h, "bob", CH, "!stop");
	assert_true(harness_find(h, 0, "PRIVMSG #cheater :2 of 2 want to "
	    "stop: the Cheat game ends, unrecorded.", NULL) >= 0);
	assert_null(harness_table(h));
	assert_none_running(h);
	harness_free(h);
}

/* An operator still stops at once; a lobby still needs its opener. */
static void
test_operator_stops(void **state)
{
	struct harness *h = four();

	(void)state;
	harness_say(h, "alice", CH, "!stop");
	harness_say(h, "oper", CH, "!stop");
	assert_true(harness_find(h, 0, "oper stopped the Cheat game.", NULL)
	    >= 0);
	assert_null(harness_table(h));
	harness_say(h, "alice", CH, "!play cheat");
	harness_say(h, "bob", CH, "!join");
	harness_say(h, "bob", CH, "!stop");
	assert_true(harness_find(h, 0, "NOTICE bob", "only the opener, a "
	    "channel operator or a bot admin can stop this lobby", NULL) >= 0);
	assert_non_null(harness_table(h));
	harness_free(h);
}

/* !leave in a game asks first; it counts typed again within 30 s, in
 * the channel or in private, and not after. */
static void
test_leave_twice(void **state)
{
	struct harness *h = four();
	struct table *t = harness_table(h);
	int from = h->nsent;

	(void)state;
	harness_say(h, "bob", CH, "!leave");
	assert_int_equal(harness_drain(h), 1);
	assert_true(harness_find(h, from, "NOTICE bob :[#cheater] type "
	    "!leave again within 30 s to give up your seat: the Cheat game "
	    "goes on without you", NULL) == from);
	assert_false(t->seats[1].gone);
	harness_advance(h, 31 * 1000);
	harness_say(h, "bob", "cheaterbot", "leave");
	assert_true(harness_find(h, from + 1, "type !leave again", NULL) >=
	    0);
	assert_false(t->seats[1].gone);
	harness_advance(h, 29 * 1000);
	harness_say(h, "bob", "cheaterbot", "leave");
	assert_true(t->seats[1].gone);
	assert_true(harness_find(h, from, "PRIVMSG #cheater :", "bob leaves "
	    "the game", NULL) >= 0);
	/* In a lobby once is enough: nothing is lost there. */
	harness_say(h, "oper", CH, "!stop");
	harness_say(h, "alice", CH, "!play cheat");
	harness_say(h, "bob", CH, "!join");
	harness_say(h, "bob", CH, "!leave");
	assert_true(harness_find(h, 0, "bob leaves the Cheat lobby.", NULL)
	    >= 0);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vote_stops),
		cmocka_unit_test(test_vote_expires),
		cmocka_unit_test(test_alone_with_ai),
		cmocka_unit_test(test_people_and_ai),
		cmocka_unit_test(test_operator_stops),
		cmocka_unit_test(test_leave_twice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
