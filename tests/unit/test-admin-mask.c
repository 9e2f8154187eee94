/*
 * Admin masks that name a nick alone: conf_admin_nick_only() finds
 * "nick!*@*" and its kin (a user and a host of nothing but '*'), which
 * whoever takes the nick matches, and nothing else (account names, masks
 * with a user or a host); and an admin's !reload is answered with the
 * masks it found, in a transcript (the log's lines at a real start and
 * reload are test-admin-warn's).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/conf.h"
#include "tests/lib/harness.h"

static void
test_nick_only(void **state)
{
	static const char *const weak[] = {"alice!*@*", "alice!*", "*!*@*",
	    "Alice!**@*", "al?ce!*@***", NULL};
	static const char *const fine[] = {"alice", "alice!*@example.org",
	    "alice!ali@*", "alice!*@*.example.org", "alice!?@*",
	    "alice!*@", "alice!@*", "alice!", "*@*", "a:alice", NULL};
	int i;

	(void)state;
	for (i = 0; weak[i] != NULL; i++) {
		if (!conf_admin_nick_only(weak[i]))
			fail_msg("'%s' not found", weak[i]);
	}
	for (i = 0; fine[i] != NULL; i++) {
		if (conf_admin_nick_only(fine[i]))
			fail_msg("'%s' found", fine[i]);
	}
}

/* The admins: alice by her nick alone, an account, a proper mask. */
static void
admins(struct conf *c)
{
	conf_list_add(&c->admins, &c->nadmins, "admin", "alice!*@*", NULL);
	conf_list_add(&c->admins, &c->nadmins, "admin", "bobs-account", NULL);
	conf_list_add(&c->admins, &c->nadmins, "admin", "carol!carol@test.host",
	    NULL);
}

/* alice's !reload, as the loop carries it out (bot_reload_wanted(), then
 * bot_reloaded() once the configuration is read again). */
static void
reload(struct harness *h, const char *nick)
{
	harness_clear(h);
	harness_say(h, nick, "cheaterbot", "!reload");
	assert_int_equal(bot_reload_wanted(h->bot), 1);
	bot_reloaded(h->bot, NULL);
	harness_drain(h);
}

/* The admin who asked hears which masks name a nick alone; with none
 * left, the answer is as it always was. */
static void
test_reload_answer(void **state)
{
	struct harness *h = harness_new(1, admins);

	(void)state;
	reload(h, "alice");
	assert_true(harness_find(h, 0, "alice :Configuration reloaded; "
	    "games go on. Admin mask naming a nick alone, which anyone can "
	    "take: 'alice!*@*' (name an account or a user@host).",
	    NULL) >= 0);
	assert_int_equal(harness_find(h, 0, "carol!", NULL), -1);
	assert_int_equal(harness_find(h, 0, "bobs-account", NULL), -1);
	reload(h, "carol");
	assert_true(harness_find(h, 0, "carol :Configuration reloaded; "
	    "games go on. Admin mask naming a nick alone", "'alice!*@*'",
	    NULL) >= 0);

	/* No such mask left: the answer is as it was. */
	conf_list_clear(&h->conf.admins, &h->conf.nadmins);
	conf_list_add(&h->conf.admins, &h->conf.nadmins, "admin",
	    "carol!carol@test.host", NULL);
	reload(h, "carol");
	assert_true(harness_find(h, 0, "carol :Configuration reloaded; "
	    "games go on.", NULL) >= 0);
	assert_int_equal(harness_find(h, 0, "Admin mask", NULL), -1);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_nick_only),
	    cmocka_unit_test(test_reload_answer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
