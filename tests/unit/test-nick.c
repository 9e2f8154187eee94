/*
 * Unit tests for bot/core/nick.c: a nick's fold and the comparison the
 * member and seat lookups make with it (and chan_member(), which finds
 * members by it), which must agree with strcasecmp() in every case; an
 * AI seat's name, and nick_named(), the rule by which a word typed for a
 * player names someone.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "tests/lib/harness.h"

/* Pairs strcasecmp() calls equal, and pairs it does not. */
static const char *const same[][2] = {
	{ "alice", "ALICE" }, { "Bob", "bOB" }, { "x", "X" },
	{ "nick_1", "NICK_1" }, { "[a]", "[A]" }, { "", "" },
};
static const char *const differ[][2] = {
	{ "alice", "alicE_" }, { "b0p0", "b0p1" }, { "a", "" },
	{ "[a]", "{a}" }, /* other casemappings fold these; ours does not */
	{ "@x", "`x" },   /* differ by 0x20, but are not letters */
};

static void
test_fold_agrees(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof same / sizeof same[0]; i++) {
		assert_int_equal(nick_fold(same[i][0]), nick_fold(same[i][1]));
		assert_true(nick_is(same[i][0], nick_fold(same[i][0]),
		    same[i][1], nick_fold(same[i][1])));
	}
	for (i = 0; i < sizeof differ / sizeof differ[0]; i++)
		assert_false(nick_is(differ[i][0], nick_fold(differ[i][0]),
		    differ[i][1], nick_fold(differ[i][1])));
}

/* A stored nick is cut to fit, and its fold is the stored text's: a
 * lookup by the cut nick finds it, one by the whole does not, as with
 * strcasecmp() on what is stored. */
static void
test_set_cuts(void **state)
{
	char dst[6];
	uint32_t fold;

	(void)state;
	nick_set(dst, sizeof dst, &fold, "LongNick");
	assert_string_equal(dst, "LongN");
	assert_int_equal(fold, nick_fold("longn"));
	assert_true(nick_is(dst, fold, "LONGN", nick_fold("LONGN")));
	assert_false(nick_is(dst, fold, "LongNick", nick_fold("LongNick")));
}

/* The same fold does not make two nicks equal: nick_is() still compares
 * the text (a fold is a hash). */
static void
test_fold_is_not_enough(void **state)
{
	(void)state;
	assert_false(nick_is("alice", nick_fold("bob"), "bob",
	    nick_fold("bob")));
}

/* An AI seat's name: "(AI)" after a name, cut to fit; told by its end,
 * whatever the case. */
static void
test_ai_name(void **state)
{
	char dst[8];

	(void)state;
	nick_ai(dst, sizeof dst, "Grace");
	assert_string_equal(dst, "Gra(AI)");
	nick_ai(dst, sizeof dst, "Ada");
	assert_string_equal(dst, "Ada(AI)");
	assert_true(nick_is_ai("Ada(AI)"));
	assert_true(nick_is_ai("ada(ai)"));
	assert_false(nick_is_ai("(AI)"));
	assert_false(nick_is_ai("Ada"));
	assert_false(nick_is_ai("Ada(AI)x"));
}

/* A finder over a list of names, spelling them as listed; it counts
 * the names it was asked about. */
struct names {
	const char *const *v;
	int asked;
};

static int
names_found(void *arg, char *name, size_t size)
{
	struct names *n = arg;
	int i;

	n->asked++;
	for (i = 0; n->v[i] != NULL; i++) {
		if (strcasecmp(n->v[i], name) == 0) {
			snprintf(name, size, "%s", n->v[i]);
			return 1;
		}
	}
	return 0;
}

/* word typed with the names of v about: what it names. */
static const char *
named(const char *const *v, const char *word)
{
	static char name[64];
	struct names n = { v, 0 };

	nick_named(word, names_found, &n, name, sizeof name);
	return name;
}

/* A bare name is the person's when someone has it, else the AI's; a
 * name with "(AI)" is looked for as it is; nobody: the word as typed. */
static void
test_named(void **state)
{
	static const char *const ai[] = { "alice", "Grace(AI)", NULL };
	static const char *const both[] = { "Grace", "Grace(AI)", NULL };
	static const char *const none[] = { NULL };

	(void)state;
	assert_string_equal(named(ai, "Grace"), "Grace(AI)");
	assert_string_equal(named(ai, "grace"), "Grace(AI)");
	assert_string_equal(named(ai, "GRACE(ai)"), "Grace(AI)");
	assert_string_equal(named(ai, "ALICE"), "alice");
	assert_string_equal(named(ai, "Zed"), "Zed");
	assert_string_equal(named(both, "grace"), "Grace");
	assert_string_equal(named(both, "grace(ai)"), "Grace(AI)");
	assert_string_equal(named(none, "Grace"), "Grace");
	assert_string_equal(named(none, "Grace(AI)"), "Grace(AI)");
}

/* chan_member() finds members whatever the case, after a rename too,
 * and only in their own channel. */
static void
test_members(void **state)
{
	struct harness *h = harness_new(1, NULL);
	struct chan *c = chan_get(h->bot, "#nicks"), *other;
	struct member *m, *bob;

	(void)state;
	other = chan_get(h->bot, "#other");
	assert_non_null(chan_member_add(c, "Alice", 0));
	bob = chan_member_add(c, "bob", 1);
	assert_non_null(bob);
	assert_non_null(chan_member_add(other, "alice", 0));
	m = chan_member(c, "ALICE");
	assert_non_null(m);
	assert_string_equal(m->nick, "Alice");
	assert_ptr_equal(m->chan, c);
	assert_ptr_equal(chan_member(c, "BOB"), bob);
	assert_null(chan_member(other, "bob"));
	assert_null(chan_member(c, "Alic"));
	member_rename(m, "Carol");
	assert_null(chan_member(c, "alice"));
	assert_ptr_equal(chan_member(c, "carol"), m);
	assert_non_null(chan_member(other, "alice"));
	chan_member_remove(c, "CAROL");
	assert_null(chan_member(c, "carol"));
	assert_int_equal(c->nmembers, 1);
	assert_ptr_equal(c->members[0], bob);
	assert_ptr_equal(chan_member(c, "Bob"), bob);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fold_agrees),
		cmocka_unit_test(test_set_cuts),
		cmocka_unit_test(test_fold_is_not_enough),
		cmocka_unit_test(test_ai_name),
		cmocka_unit_test(test_named),
		cmocka_unit_test(test_members),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
