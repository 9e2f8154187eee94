/*
 * Transcript tests of the channels the bot joins (bot/core/join.c): the
 * server's 005 CHANLIMIT (and MAXCHANNELS) followed, 0 as no limit,
 * channels with a game
 * asked for first, JOIN refusals (405, 471, 473, 474, 475) gathered into
 * one summary to the admins, refusals for channels never asked for
 * ignored, and everything asked for again at a reload or a reconnect.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "tests/lib/harness.h"

#define NJ 9	/* #j1 .. #j9, after #cheater */

static void
tune(struct conf *c)
{
	char name[16];
	int i;

	for (i = 1; i <= NJ; i++) {
		snprintf(name, sizeof name, "#j%d", i);
		conf_list_add(&c->channels, &c->nchannels, "channel", name,
		    NULL);
	}
	conf_list_add(&c->admins, &c->nadmins, "admin", "oper!*@test.host",
	    NULL);
}

/* How many lines sent from from on are "JOIN #..." for want (NULL: any
 * channel). */
static int
joins(struct harness *h, int from, const char *want)
{
	char line[32];
	int i, n = 0;

	harness_drain(h);
	if (want != NULL)
		snprintf(line, sizeof line, "JOIN %s", want);
	for (i = from; i < h->nsent; i++) {
		if (strncmp(h->sent[i], "JOIN ", 5) != 0)
			continue;
		if (want == NULL || strcmp(h->sent[i], line) == 0)
			n++;
	}
	return n;
}

/* The bot is in chan: its JOIN comes back, and who is there. */
static void
joined(struct harness *h, const char *chan)
{
	char line[128];

	snprintf(line, sizeof line, ":cheaterbot!bot@test.host JOIN %s", chan);
	harness_line(h, line);
	snprintf(line, sizeof line, ":irc.test 353 cheaterbot = %s "
	    ":cheaterbot @oper alice bob", chan);
	harness_line(h, line);
	snprintf(line, sizeof line, ":irc.test 315 cheaterbot %s :End", chan);
	harness_line(h, line);
}

static void
refuse(struct harness *h, int code, const char *chan, const char *text)
{
	char line[128];

	snprintf(line, sizeof line, ":irc.test %03d cheaterbot %s :%s", code,
	    chan, text);
	harness_line(h, line);
}

/* The first time the bot connects it knows no limit: it asks for every
 * channel, and the server's refusals reach the admins as one summary,
 * by reason, a few seconds later. */
static void
test_refusals_told(void **state)
{
	struct harness *h = harness_new(1, tune);
	char name[16];
	int i;

	(void)state;
	/* harness_new() connected: every configured channel was asked. */
	for (i = 1; i <= NJ; i++) {
		snprintf(name, sizeof name, "#j%d", i);
		assert_true(chan_find(h->bot, name)->asked);
	}
	harness_line(h, ":irc.test 005 cheaterbot CHANLIMIT=#:6 :are "
	    "supported");
	assert_int_equal(joins(h, 0, NULL), 0);	/* all asked already */
	joined(h, "#j1");
	joined(h, "#j2");
	refuse(h, 471, "#j3", "Cannot join channel (+l)");
	refuse(h, 473, "#j4", "Cannot join channel (+i)");
	refuse(h, 474, "#j5", "Cannot join channel (+b)");
	refuse(h, 475, "#j6", "Cannot join channel (+k)");
	refuse(h, 405, "#j7", "You have joined too many channels");
	refuse(h, 405, "#j8", "You have joined too many channels");
	refuse(h, 405, "#j9", "You have joined too many channels");
	/* Never asked for (#cheater is joined), or no channel of ours. */
	refuse(h, 474, "#cheater", "Cannot join channel (+b)");
	refuse(h, 474, "#elsewhere", "Cannot join channel (+b)");
	harness_clear(h);
	harness_advance(h, 4000);
	assert_int_equal(harness_find(h, 0, "could not join", NULL), -1);
	harness_advance(h, 1000);
	assert_true(harness_find(h, 0, "NOTICE oper :I could not join 7 "
	    "channels (the server allows no more channels: #j7, #j8, #j9; "
	    "the channel is full (+l): #j3; the channel is invite only "
	    "(+i): #j4; the bot is banned there (+b): #j5; the channel "
	    "needs a key (+k): #j6).", NULL) >= 0);
	/* The admin alone, once. */
	assert_int_equal(harness_find(h, 0, "NOTICE alice", NULL), -1);
	assert_int_equal(harness_find(h, harness_find(h, 0, "could not join",
	    NULL) + 1, "could not join", NULL), -1);
	assert_int_equal(chan_find(h->bot, "#cheater")->refused, 0);
	assert_int_equal(chan_find(h->bot, "#j5")->refused, 474);

	/* A reload asks for the refused channels again, as far as the
	 * limit learnt meanwhile goes: 3 joined, 3 more. */
	harness_clear(h);
	bot_reloaded(h->bot, NULL);
	assert_int_equal(joins(h, 0, NULL), 3);
	assert_int_equal(joins(h, 0, "#j3"), 1);
	assert_int_equal(joins(h, 0, "#j5"), 1);
	assert_int_equal(joins(h, 0, "#j1"), 0);	/* joined */
	assert_int_equal(chan_find(h->bot, "#j6")->refused, 1);	/* held */
	harness_free(h);
}

/* With the limit known (a reconnect), the bot asks for no more channels
 * than it allows, those with a game first; the others are held back and
 * told, and go when a 005 lifts the limit. */
static void
test_limit_games_first(void **state)
{
	struct harness *h = harness_new(1, tune);
	struct chan *c;
	char name[16];
	int i, n;

	(void)state;
	harness_line(h, ":irc.test 005 cheaterbot WHOX CHANLIMIT=#:3,&:10 "
	    ":are supported");
	joined(h, "#j8");
	harness_say(h, "alice", "#j8", "!play cheat");
	assert_non_null(chan_find(h->bot, "#j8")->table);
	harness_clear(h);
	bot_disconnected(h->bot, h->now);
	bot_connected(h->bot, "cheaterbot", h->now);
	assert_int_equal(joins(h, 0, NULL), 3);
	/* The game's channel, then the configuration's first two. */
	assert_string_equal(h->sent[0], "JOIN #j8");
	assert_string_equal(h->sent[1], "JOIN #cheater");
	assert_string_equal(h->sent[2], "JOIN #j1");
	for (i = 2, n = 0; i <= NJ; i++) {
		snprintf(name, sizeof name, "#j%d", i);
		c = chan_find(h->bot, name);
		n += c->refused != 0;
		assert_int_equal(c->asked, i == 8);
	}
	assert_int_equal(n, NJ - 2);
	joined(h, "#cheater");
	harness_line(h, ":irc.test 352 cheaterbot #cheater oper test.host "
	    "irc.test oper H@ :0 oper");
	harness_advance(h, 5000);
	assert_true(harness_find(h, 0, "NOTICE oper :I could not join 7 "
	    "channels (not asked for, the server allowing no more (005 "
	    "CHANLIMIT): #j2, #j3, #j4, #j5, #j6, #j7, #j9).", NULL) >= 0);

	/* The limit lifted ("#:" has no number): the rest go now. */
	harness_clear(h);
	harness_line(h, ":irc.test 005 cheaterbot CHANLIMIT=#:,&: :are "
	    "supported");
	assert_int_equal(joins(h, 0, NULL), NJ - 2);
	assert_int_equal(joins(h, 0, "#j9"), 1);
	assert_int_equal(joins(h, 0, "#j8"), 0);
	harness_free(h);
}

/* A limit learnt before the JOINs go (MAXCHANNELS, the older token)
 * holds the rest back, and the admins (in a channel the bot is in) hear
 * which. */
static void
test_maxchannels_told(void **state)
{
	struct harness *h = harness_new(1, tune);

	(void)state;
	harness_line(h, ":irc.test 005 cheaterbot MAXCHANNELS=2 :are "
	    "supported");
	harness_clear(h);
	bot_disconnected(h->bot, h->now);
	bot_connected(h->bot, "cheaterbot", h->now);
	assert_int_equal(joins(h, 0, NULL), 2);
	joined(h, "#cheater");
	harness_line(h, ":irc.test 352 cheaterbot #cheater oper test.host "
	    "irc.test oper H@ :0 oper");
	harness_advance(h, 5000);
	assert_true(harness_find(h, 0, "NOTICE oper :I could not join 8 "
	    "channels (not asked for, the server allowing no more (005 "
	    "CHANLIMIT): #j2, #j3, #j4, #j5, #j6, #j7, #j8, #j9).", NULL) >= 0);
	/* ngircd's way of saying there is no limit. */
	harness_clear(h);
	harness_line(h, ":irc.test 005 cheaterbot CHANLIMIT=#&+:-1 :are "
	    "supported");
	assert_int_equal(joins(h, 0, NULL), 8);
	harness_free(h);
}

/* ngircd with MaxJoins = 0 ("no limit") says CHANLIMIT=#&+:0, and
 * MAXCHANNELS=0 means the same: after a reconnect, with that the last
 * limit heard, every channel is asked for and none is held back. */
static void
test_zero_is_no_limit(void **state)
{
	static const char *const zero[] = {
		"CHANLIMIT=#&+:0", "MAXCHANNELS=0", "CHANLIMIT=#:0,&:0",
	};
	struct harness *h;
	char line[128];
	size_t k;
	int i;

	(void)state;
	for (k = 0; k < sizeof zero / sizeof zero[0]; k++) {
		h = harness_new(1, tune);
		snprintf(line, sizeof line, ":irc.test 005 cheaterbot %s :are "
		    "supported", zero[k]);
		harness_line(h, line);
		harness_clear(h);
		bot_disconnected(h->bot, h->now);
		bot_connected(h->bot, "cheaterbot", h->now);
		assert_int_equal(joins(h, 0, NULL), NJ + 1);
		for (i = 0; i < h->bot->nchans; i++)
			assert_int_equal(h->bot->chans[i]->refused, 0);
		harness_free(h);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refusals_told),
		cmocka_unit_test(test_limit_games_first),
		cmocka_unit_test(test_maxchannels_told),
		cmocka_unit_test(test_zero_is_no_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
