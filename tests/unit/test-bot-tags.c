/*
 * Every private line about a channel names it (docs/commands.md,
 * "Replies in private"), transcripts on tests/lib/harness.c: what a
 * command typed in a channel is answered with in private (!rules, a
 * refusal, !set, !notify, !ignore, !reload, a replay's pages) starts
 * "[#channel] ", and so does what one seated at a table asks in private;
 * what someone seated nowhere asks in private names no channel.  A paged
 * text (a replay) keeps the channel it was asked about on every page,
 * wherever !more is typed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tests/lib/harness.h"

#define CH "#cheater"
#define TAG "[#cheater] "

static const char *const two[] = { "alice", "bob", NULL };

/* dave is a bot admin: !ignore and !reload answer him. */
static void
dave_admin(struct conf *c)
{
	conf_list_add(&c->admins, &c->nadmins, "admin", "dave!*@test.host",
	    NULL);
}

/* Checks every line sent that goes to a nick, not to a channel: those
 * to nick start with TAG when tagged, else with no "[#" at all; those to
 * anyone else (a seat's prompt or news) start with TAG.  How many went to
 * nick. */
static int
private_lines(struct harness *h, const char *nick, int tagged)
{
	const char *plain, *target, *text;
	size_t len;
	int i, mine, n = 0;

	harness_drain(h);
	for (i = 0; i < h->nsent; i++) {
		plain = harness_plain(h, i);
		if ((target = strchr(plain, ' ')) == NULL ||
		    (text = strstr(plain, " :")) == NULL || target[1] == '#')
			continue;
		target++;
		len = (size_t)(text - target);
		text += 2;
		mine = strlen(nick) == len && strncasecmp(target, nick,
		    len) == 0;
		n += mine;
		if ((!mine || tagged) ? strncmp(text, TAG, strlen(TAG)) != 0 :
		    strncmp(text, "[#", 2) == 0) {
			harness_dump(h);
			fail_msg("sent[%d] %s a channel: %s", i, !mine ||
			    tagged ? "does not name" : "names",
			    harness_plain(h, i));
		}
	}
	return n;
}

/* nick types text to target: the lines to nick are checked (tagged or
 * not, as private_lines()); how many there were. */
static int
told(struct harness *h, const char *nick, const char *target,
    const char *text, int tagged)
{
	harness_clear(h);
	harness_say(h, nick, target, text);
	/* The loop's part of !reload: the file is read again. */
	if (bot_reload_wanted(h->bot))
		bot_reloaded(h->bot, NULL);
	harness_advance(h, 0);
	return private_lines(h, nick, tagged);
}

/* !rules in a channel: every line to the asker alone, tagged; the same
 * lines in private from someone at no table, untagged, and from a
 * player at a table, tagged with its channel. */
static void
test_rules(void **state)
{
	struct harness *h = harness_new(1, NULL);
	int n;

	(void)state;
	n = told(h, "alice", CH, "!rules cheat", 1);
	assert_in_range(n, 3, 6);
	assert_int_equal(h->nsent, n);
	assert_true(harness_find(h, 0, "NOTICE alice :" TAG "Cheat (2-10 "
	    "players):", NULL) == 0);
	assert_int_equal(told(h, "alice", "cheaterbot", "rules cheat", 0), n);
	assert_true(harness_find(h, 0, "NOTICE alice :Cheat (2-10 players):",
	    NULL) == 0);
	assert_int_equal(told(h, "alice", CH, "!rules cheat play", 1), 1);
	assert_int_equal(told(h, "alice", "cheaterbot", "rules cheat play",
	    0), 1);
	/* A player asks in private: their table's game, its channel. */
	harness_say(h, "alice", CH, "!play cheat");
	assert_int_equal(told(h, "alice", "cheaterbot", "rules", 1), n);
	harness_free(h);
}

/* !help in a channel is said there, for everyone; what it answers in
 * private (a refusal) is tagged; in private, nothing is. */
static void
test_help(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	assert_int_equal(told(h, "alice", CH, "!help play", 1), 0);
	assert_true(harness_find(h, 0, "PRIVMSG " CH " :!play GAME", NULL) ==
	    0);
	assert_int_equal(told(h, "alice", CH, "!help play now", 1), 1);
	assert_true(harness_find(h, 0, "NOTICE alice :" TAG "usage: !help "
	    "[COMMAND]", NULL) == 0);
	assert_int_equal(told(h, "alice", "cheaterbot", "help play", 0), 3);
	assert_true(harness_find(h, 0, "NOTICE alice :!play GAME", NULL) ==
	    0);
	assert_int_equal(told(h, "alice", "cheaterbot", "help play now", 0),
	    1);
	harness_free(h);
}

/* A replay asked for in the channel: every line of every page tagged,
 * and the word that a page is still on its way, wherever !more is
 * typed; asked for in private, none, wherever !more is typed. */
static void
test_paged(void **state)
{
	struct harness *h = harness_new(3, NULL);

	(void)state;
	harness_play_game(h, "cheat", two, 2000);
	assert_int_equal(told(h, "alice", CH, "!replay", 1), PAGER_LINES + 1);
	assert_true(harness_find(h, 0, "NOTICE alice :" TAG "Game 1: Cheat",
	    NULL) == 0);
	assert_true(harness_find(h, 0, TAG "(page 1 of ", NULL) ==
	    PAGER_LINES);
	assert_int_equal(told(h, "alice", "cheaterbot", "more", 1),
	    PAGER_LINES + 1);
	assert_int_equal(told(h, "alice", CH, "!more", 1), PAGER_LINES + 1);
	/* Asked for before two pages came, whose lines fill the stream:
	 * told so once, tagged. */
	harness_clear(h);
	harness_say(h, "alice", "cheaterbot", "more");
	harness_say(h, "alice", "cheaterbot", "more");
	harness_say(h, "alice", CH, "!more");
	assert_int_equal(private_lines(h, "alice", 1), 2 * (PAGER_LINES + 1) +
	    1);
	assert_true(harness_find(h, 0, "NOTICE alice :" TAG "the page before "
	    "is still on its way", NULL) >= 0);

	/* carol, who played nothing, asks in private. */
	assert_int_equal(told(h, "carol", "cheaterbot", "replay 1", 0),
	    PAGER_LINES + 1);
	assert_true(harness_find(h, 0, "NOTICE carol :Game 1: Cheat", NULL) ==
	    0);
	assert_int_equal(told(h, "carol", CH, "!more", 0), PAGER_LINES + 1);
	assert_int_equal(told(h, "carol", "cheaterbot", "more", 0),
	    PAGER_LINES + 1);
	/* A refusal is the command's own: where it was typed. */
	assert_int_equal(told(h, "carol", CH, "!replay x", 1), 1);
	harness_free(h);
}

/* The words typed after each command of the bot, to reach its answers
 * (a refusal is an answer too). */
static const char *const typed[] = {
	"", " cheat", " bob", " on cheat", " off", " colour off",
	" notice on", " zed", " 1", " season", " cheat wins", NULL,
};

static void
type_every(const struct cmd_entry *e, void *arg)
{
	struct harness *h = arg;
	char text[96];
	int i;

	/* Not one that ends the game the others are typed at, nor !more,
	 * whose pages are the replay's (test_paged). */
	if (strcmp(e->name, "stop") == 0 || strcmp(e->name, "leave") == 0 ||
	    strcmp(e->name, "kick") == 0 || strcmp(e->name, "more") == 0)
		return;
	for (i = 0; typed[i] != NULL; i++) {
		snprintf(text, sizeof text, "!%s%s", e->name, typed[i]);
		told(h, "alice", CH, text, 1);
		told(h, "dave", CH, text, 1);
		/* In private: alice plays here (!status is said in its
		 * channel), dave sits nowhere: each command answers him
		 * there. */
		told(h, "alice", "cheaterbot", text + 1, 1);
		if (told(h, "dave", "cheaterbot", text + 1, 0) == 0)
			fail_msg("%s: no answer in private", text);
	}
}

/* Every command, with and without words, typed in the channel and in
 * private during a game, by a player and by dave (an admin at no
 * table): every private line is tagged but dave's answers in private. */
static void
test_every_command(void **state)
{
	struct harness *h = harness_new(2, dave_admin);

	(void)state;
	harness_deal(h, "cheat", two);
	cmd_each(type_every, h);
	assert_non_null(harness_table(h));
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rules),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_paged),
		cmocka_unit_test(test_every_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
