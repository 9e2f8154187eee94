/*
 * Transcript tests of the bot core's flood controls (bot/core/limit.c,
 * bot/core/ignore.c, bot/core/ctcp.c): the per-user command limit drops excess
 * commands and moves with exactly one notice per run, follows a person
 * across nick changes, spares others and admins, and refills at its
 * interval; !ignore silences a nick, a mask and a changed nick, lists,
 * survives a restart, never silences an admin, and !unignore undoes it;
 * CTCP VERSION, PING and TIME (sent as a server sends them, a PRIVMSG
 * that libircclient turns into a request) are answered a few times a
 * minute in all, anything else never.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "tests/lib/harness.h"

#define CH "#cheater"

/* A burst of 3 commands, then one every 2 s; dave is an admin. */
static void
tight(struct conf *c)
{
	c->user_burst = 3;
	c->user_interval_ms = 2000;
	conf_list_add(&c->admins, &c->nadmins, "admin", "dave!*@test.host",
	    NULL);
}

/* Lines sent since the last clear that contain text. */
static int
count(struct harness *h, const char *text)
{
	int i, n = 0;

	harness_drain(h);
	for (i = 0; i < h->nsent; i++)
		n += strstr(harness_plain(h, i), text) != NULL;
	return n;
}

/* nick asks !games n times in the channel. */
static void
games(struct harness *h, const char *nick, int n)
{
	while (n-- > 0)
		harness_say(h, nick, CH, "!games");
}

static void
test_command_limit(void **state)
{
	struct harness *h = harness_new(1, tight);

	(void)state;
	/* Three answers, one notice for the rest of the run. */
	games(h, "alice", 6);
	assert_int_equal(count(h, "PRIVMSG #cheater :"), 3);
	assert_int_equal(count(h, "slow down"), 1);
	assert_true(harness_find(h, 0, "NOTICE alice :[#cheater] slow down: "
	    "I take 3 commands at once, then one every 2 s", NULL) >= 0);
	/* Others are not touched; neither is an admin, however quick. */
	harness_clear(h);
	games(h, "bob", 3);
	games(h, "dave", 20);
	assert_int_equal(count(h, "PRIVMSG #cheater :"), 23);
	assert_int_equal(count(h, "slow down"), 0);
	/* A new nick is the same person (user@host): still limited, and
	 * told nothing more in the same run. */
	harness_clear(h);
	harness_line(h, ":alice!alice@test.host NICK :alicia");
	harness_line(h, ":alicia!alice@test.host PRIVMSG #cheater :!games");
	harness_line(h, ":alicia!alice@test.host PRIVMSG cheaterbot :help");
	assert_int_equal(count(h, ""), 0);
	/* 2 s later one more goes; the next excess starts a new run, told
	 * once again. */
	harness_advance(h, 1999);
	harness_line(h, ":alicia!alice@test.host PRIVMSG #cheater :!games");
	assert_int_equal(count(h, ""), 0);
	harness_advance(h, 1);
	harness_line(h, ":alicia!alice@test.host PRIVMSG #cheater :!games");
	harness_line(h, ":alicia!alice@test.host PRIVMSG #cheater :!games");
	harness_line(h, ":alicia!alice@test.host PRIVMSG #cheater :!games");
	assert_int_equal(count(h, "PRIVMSG #cheater :"), 1);
	assert_int_equal(count(h, "slow down"), 1);
	/* Chatter in the channel is no command and costs nothing. */
	harness_clear(h);
	harness_advance(h, 6000);
	harness_line(h, ":alicia!alice@test.host PRIVMSG #cheater :hi all");
	harness_line(h, ":alicia!alice@test.host PRIVMSG #cheater :!games");
	harness_line(h, ":alicia!alice@test.host PRIVMSG #cheater :!games");
	harness_line(h, ":alicia!alice@test.host PRIVMSG #cheater :!games");
	assert_int_equal(count(h, "PRIVMSG #cheater :"), 3);
	harness_free(h);
}

/* Moves count like any command: past the burst a move is dropped (not
 * made) with the notice; a second later the player makes it. */
static void
test_moves_count(void **state)
{
	static const char *const nicks[] = { "alice", "bob", NULL };
	struct harness *h = harness_new(3, tight);
	struct table *t;
	int turn, moves;

	(void)state;
	harness_deal(h, "cheat", nicks);
	harness_advance(h, 2000 * 3);
	t = harness_table(h);
	turn = harness_turn(h);
	assert_true(turn >= 0);
	moves = t->nmoves;
	harness_clear(h);
	games(h, t->seats[turn].nick, 3);
	harness_type(h);
	assert_int_equal(t->nmoves, moves);
	assert_int_equal(count(h, "slow down"), 1);
	harness_advance(h, 2000);
	harness_type(h);
	assert_int_equal(t->nmoves, moves + 1);
	harness_free(h);
}


/* from (nick!user@host) sends the bot a CTCP request, as a server brings
 * it: a PRIVMSG whose text is between \001s. */
static void
ctcp(struct harness *h, const char *from, const char *request)
{
	char line[256];

	snprintf(line, sizeof line, ":%s PRIVMSG cheaterbot :\001%s\001",
	    from, request);
	harness_line(h, line);
}

/* dave is an admin. */
static void
dave_admin(struct conf *c)
{
	conf_list_add(&c->admins, &c->nadmins, "admin", "dave!*@test.host",
	    NULL);
}

static void
test_ignore(void **state)
{
	struct harness *h = harness_new(1, dave_admin);

	(void)state;
	/* Only admins. */
	harness_say(h, "alice", CH, "!ignore bob");
	assert_true(harness_find(h, 0, "only a bot admin", NULL) >= 0);
	/* A nick the bot sees becomes the person's user@host. */
	harness_clear(h);
	harness_say(h, "dave", "cheaterbot", "ignore bob");
	assert_true(harness_find(h, 0, "NOTICE dave :Ignoring *!bob@test.host",
	    NULL) >= 0);
	harness_say(h, "dave", CH, "!ignore *!*@spam.test");
	harness_say(h, "dave", CH, "!ignore *!*@SPAM.test");
	assert_true(harness_find(h, 0, "*!*@SPAM.test was already ignored",
	    NULL) >= 0);
	/* Not a word for bob, in the channel, in private, as a player, or
	 * under a new nick; nor for anyone from spam.test. */
	harness_clear(h);
	harness_say(h, "bob", CH, "!games");
	harness_say(h, "bob", "cheaterbot", "help");
	harness_say(h, "bob", CH, "!play cheat");
	harness_line(h, ":bob!bob@test.host NICK :bobby");
	harness_line(h, ":bobby!bob@test.host PRIVMSG #cheater :!games");
	ctcp(h, "bobby!bob@test.host", "VERSION");
	harness_line(h, ":eve!e@spam.test PRIVMSG cheaterbot :help");
	assert_int_equal(count(h, ""), 0);
	assert_null(harness_table(h));
	/* An admin is never ignored, whatever mask matches. */
	harness_say(h, "dave", CH, "!ignore dave");
	harness_say(h, "dave", CH, "!games");
	assert_true(harness_find(h, 0, "PRIVMSG #cheater :", NULL) >= 0);
	/* The list, oldest first; kept across a restart. */
	harness_clear(h);
	harness_say(h, "dave", CH, "!ignore");
	assert_true(harness_find(h, 0, "NOTICE dave :[#cheater] Ignored (3): "
	    "*!bob@test.host *!*@spam.test *!dave@test.host", NULL) >= 0);
	harness_restart(h, NULL);
	harness_clear(h);
	harness_say(h, "bob", CH, "!games");
	assert_int_equal(count(h, ""), 0);
	/* !unignore by the nick, then by the mask; a mask not there. */
	harness_say(h, "dave", CH, "!unignore bob");
	assert_true(harness_find(h, 0, "No longer ignoring *!bob@test.host",
	    NULL) >= 0);
	harness_say(h, "dave", CH, "!unignore *!*@SPAM.TEST");
	harness_say(h, "dave", CH, "!unignore *!*@spam.test");
	assert_true(harness_find(h, 0, "*!*@spam.test is not ignored", NULL)
	    >= 0);
	harness_clear(h);
	harness_say(h, "bob", CH, "!games");
	harness_line(h, ":eve!e@spam.test PRIVMSG cheaterbot :help");
	assert_int_equal(count(h, "PRIVMSG #cheater :"), 1);
	assert_true(count(h, "NOTICE eve") >= 1);
	/* A nick the bot does not see is ignored as that nick. */
	harness_say(h, "dave", CH, "!ignore zed");
	assert_true(harness_find(h, 0, "Ignoring zed!*@*", NULL) >= 0);
	harness_say(h, "dave", CH, "!unignore zed");
	assert_true(harness_find(h, 0, "No longer ignoring zed!*@*", NULL)
	    >= 0);
	harness_free(h);
}

static void
test_ctcp(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	ctcp(h, "alice!alice@test.host", "VERSION");
	ctcp(h, "bob!bob@test.host", "PING 1234567890");
	ctcp(h, "carol!carol@test.host", "TIME");
	/* Not answered, and free: the bucket is spent already anyway. */
	ctcp(h, "carol!carol@test.host", "CLIENTINFO");
	ctcp(h, "carol!carol@test.host", "VERSION");
	assert_int_equal(count(h, ""), 3);
	assert_string_equal(h->sent[0],
	    "NOTICE alice :\001VERSION cheaterbot " CHEATERBOT_VERSION "\001");
	assert_string_equal(h->sent[1], "NOTICE bob :\001PING 1234567890\001");
	assert_int_equal(strncmp(h->sent[2], "NOTICE carol :\001TIME ", 19), 0);
	assert_non_null(strstr(h->sent[2], " UTC\001"));
	/* One more every 20 s, for anyone. */
	harness_clear(h);
	harness_advance(h, 19999);
	ctcp(h, "dave!dave@test.host", "VERSION");
	assert_int_equal(count(h, ""), 0);
	harness_advance(h, 1);
	ctcp(h, "dave!dave@test.host", "VERSION");
	ctcp(h, "dave!dave@test.host", "VERSION");
	assert_int_equal(count(h, "NOTICE dave"), 1);
	/* A minute on, the burst is back; other requests never answer. */
	harness_clear(h);
	harness_advance(h, 60000);
	ctcp(h, "dave!dave@test.host", "CLIENTINFO");
	ctcp(h, "dave!dave@test.host", "FINGER");
	ctcp(h, "dave!dave@test.host", "VERSIONS");
	assert_int_equal(count(h, ""), 0);
	ctcp(h, "dave!dave@test.host", "PING");
	harness_drain(h);
	assert_int_equal(h->nsent, 1);
	assert_string_equal(h->sent[0], "NOTICE dave :\001PING\001");
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_command_limit),
	    cmocka_unit_test(test_moves_count),
	    cmocka_unit_test(test_ignore),
	    cmocka_unit_test(test_ctcp),
	};

	return cmocka_run_group_tests_name("bot-flood", tests, NULL, NULL);
}
