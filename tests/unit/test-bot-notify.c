/*
 * Transcript tests of !notify (bot/core/notify.c, bot/cmd/cmd-lobby.c):
 * the setting per game and for every game, on and off, kept in the
 * database across a restart; the call when a lobby opens, one channel
 * line right after the lobby's, naming those who chose it and are in the
 * channel, not away, not seated (the opener), and not named in the last
 * 10 minutes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "tests/lib/harness.h"

#define CH "#cheater"
#define MINUTE (60 * 1000)

/* nick types text in the channel. */
static void
say(struct harness *h, const char *nick, const char *text)
{
	harness_say(h, nick, CH, text);
}

/* nick asks for their setting: the reply must contain want. */
static void
setting_is(struct harness *h, const char *nick, const char *want)
{
	int from;

	harness_drain(h);
	from = h->nsent;
	harness_say(h, nick, "cheaterbot", "!notify");
	harness_drain(h);
	if (harness_find(h, from, nick, want, NULL) < 0) {
		harness_dump(h);
		fail_msg("%s's setting is not '%s'", nick, want);
	}
}

/* opener opens a cheat lobby: the call line that follows it (its text),
 * or "" when there is none; the lobby is closed again. */
static const char *
lobby_call(struct harness *h, const char *opener, const char *game)
{
	static char text[512];
	char play[64];
	int from, lobby, call;

	harness_drain(h);
	from = h->nsent;
	snprintf(play, sizeof play, "!play %s", game);
	say(h, opener, play);
	harness_drain(h);
	lobby = harness_find(h, from, "PRIVMSG " CH " :", "opens a", NULL);
	assert_true(lobby >= 0);
	call = harness_find(h, from, "PRIVMSG " CH " :", "Calling", NULL);
	text[0] = '\0';
	if (call >= 0) {
		/* right after the lobby's line (or merged into it) */
		assert_true(call == lobby || call == lobby + 1);
		snprintf(text, sizeof text, "%s",
		    strstr(harness_plain(h, call), "Calling"));
		assert_int_equal(harness_find(h, call + 1, "Calling", NULL),
		    -1);
	}
	say(h, opener, "!leave");
	harness_drain(h);
	assert_null(harness_table(h));
	return text;
}

static void
test_setting(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	setting_is(h, "alice", "not called");
	say(h, "alice", "!notify on cheat");
	setting_is(h, "alice", "opens for cheat (");
	say(h, "alice", "!notify on liarsuno");
	setting_is(h, "alice", "opens for cheat, liarsuno (");
	say(h, "alice", "!notify off cheat");
	setting_is(h, "alice", "opens for liarsuno (");
	say(h, "alice", "!notify on");
	setting_is(h, "alice", "for any game");
	say(h, "alice", "!notify off questions");
	setting_is(h, "alice", "for cheat, cheater, liarsuno, cheesedog (");
	say(h, "alice", "!notify off");
	setting_is(h, "alice", "not called");
	say(h, "alice", "!notify maybe");
	harness_drain(h);
	assert_true(harness_find(h, 0, "say on or off", NULL) >= 0);
	say(h, "alice", "!notify on chess");
	harness_drain(h);
	assert_true(harness_find(h, 0, "chess", NULL) >= 0);
	harness_free(h);
}

static void
test_call(void **state)
{
	struct harness *h = harness_new(2, NULL);
	const char *line;

	(void)state;
	harness_say(h, "alice", "cheaterbot", "!notify on");
	harness_say(h, "bob", "cheaterbot", "!notify on cheat");
	harness_say(h, "carol", "cheaterbot", "!notify on");
	harness_say(h, "dave", "cheaterbot", "!notify on liarsuno");
	harness_say(h, "erin", "cheaterbot", "!notify on");	/* not here */
	harness_line(h, ":carol!carol@test.host AWAY :lunch");
	/* alice opens: bob only (carol away, dave for another game) */
	line = lobby_call(h, "alice", "cheat");
	assert_string_equal(line, "Calling cheat players: bob (!notify off "
	    "to stop).");
	/* 9 minutes on, carol is back: she is called, bob not again */
	harness_advance(h, 9 * MINUTE);
	harness_line(h, ":carol!carol@test.host AWAY");
	line = lobby_call(h, "dave", "cheat");
	assert_string_equal(line, "Calling cheat players: alice, carol "
	    "(!notify off to stop).");
	/* 11 minutes after the first: bob again, not alice nor carol */
	harness_advance(h, 2 * MINUTE);
	line = lobby_call(h, "oper", "cheat");
	assert_string_equal(line, "Calling cheat players: bob (!notify off "
	    "to stop).");
	/* nobody left to call: no line */
	assert_string_equal(lobby_call(h, "oper", "cheat"), "");
	/* dave's game; he opens it himself: nobody else chose it */
	harness_advance(h, 11 * MINUTE);
	assert_string_equal(lobby_call(h, "dave", "liarsuno"),
	    "Calling liarsuno players: alice, carol (!notify off to stop).");
	/* across a restart the choices hold (erin has joined) */
	harness_restart(h, (const char *const[]){ "oper", "alice", "bob",
	    "carol", "dave", "erin", NULL });
	harness_say(h, "bob", "cheaterbot", "!notify off");
	line = lobby_call(h, "oper", "cheat");
	assert_string_equal(line, "Calling cheat players: alice, carol, erin "
	    "(!notify off to stop).");
	harness_free(h);
}

/* A channel of many who chose it: the line holds what fits, and counts
 * the rest. */
static void
test_many(void **state)
{
	const char *members[80];
	char nicks[78][24], first[512], want[64];
	struct harness *h = harness_new(3, NULL);
	const char *line;
	int i;

	(void)state;
	members[0] = "oper";
	for (i = 0; i < 78; i++) {
		snprintf(nicks[i], sizeof nicks[i], "player%02d", i);
		members[i + 1] = nicks[i];
	}
	members[79] = NULL;
	harness_restart(h, members);
	for (i = 0; i < 78; i++)
		harness_say(h, nicks[i], "cheaterbot", "!notify on");
	line = lobby_call(h, "oper", "cheat");
	assert_non_null(strstr(line, "Calling cheat players: player00, "));
	assert_non_null(strstr(line, " more (!notify off to stop)."));
	assert_true(strlen(line) <= 400);
	snprintf(first, sizeof first, "%s", line);
	/* the rest are called by the next lobby, from the first left out;
	 * those named are not */
	for (i = 0; i < 78 && strstr(first, nicks[i]) != NULL; i++)
		;
	assert_true(i > 10 && i < 78);
	snprintf(want, sizeof want, "Calling cheat players: %s, ", nicks[i]);
	line = lobby_call(h, "oper", "cheat");
	assert_non_null(strstr(line, want));
	assert_null(strstr(line, nicks[i - 1]));
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setting),
		cmocka_unit_test(test_call),
		cmocka_unit_test(test_many),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
