/*
 * Unit tests for bot/core/nick.c: a nick's fold and the comparison the
 * member and seat lookups make with it (and chan_member(), which finds
 * members by it), which must agree with strcasecmp() in every case.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

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
		cmocka_unit_test(test_members),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
