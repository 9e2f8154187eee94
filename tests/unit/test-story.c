/*
 * Unit tests of games/story.c on ledgers built claim by claim: what a
 * claim, a call, a next claim and the end settle; the boldest lie; the
 * chances; the runs of right calls; and each bluff title at the edge of
 * what earns it (one claim, call or lie fewer earns nothing).  The
 * variants' own story() is tested in tests/unit/test-*-story.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "games/cheat/cheat.h"
#include "games/story.h"

/* A claim of seat, a lie of weight w (0: honest), said and laid. */
static void
claim(struct ledger *l, int n, int seat, int w, unsigned window)
{
	struct game_story st;

	memset(&st, 0, sizeof st);
	st.claim = 1;
	st.lie = w > 0;
	st.weight = w;
	snprintf(st.said, sizeof st.said, "claim %d", n);
	snprintf(st.laid, sizeof st.laid, "laid %d", n);
	ledger_note(l, n, seat, &st, window);
}

static void
call(struct ledger *l, int n, int seat, int of)
{
	struct game_story st;

	memset(&st, 0, sizeof st);
	st.call = 1;
	st.of = of;
	ledger_note(l, n, seat, &st, 0);
}

/* A move that is neither. */
static void
other(struct ledger *l, int n, int seat)
{
	struct game_story st;

	memset(&st, 0, sizeof st);
	snprintf(st.hidden, sizeof st.hidden, "drew something");
	ledger_note(l, n, seat, &st, 0x7);
}

static void
test_settle(void **state)
{
	struct ledger l;

	(void)state;
	ledger_init(&l, 3);
	claim(&l, 0, 0, 2, 0x6);	/* a lie ... */
	other(&l, 1, 1);
	assert_int_equal(l.seat[0].away, 0);	/* still open */
	claim(&l, 2, 1, 0, 0x5);	/* bob honest */
	call(&l, 3, 2, 1);		/* carol calls bob: wrong */
	assert_int_equal(l.seat[2].calls, 1);
	assert_int_equal(l.seat[2].wrong, 1);
	assert_int_equal(l.seat[1].accused, 1);
	call(&l, 4, 2, 1);		/* bob's claim is settled: no call */
	assert_int_equal(l.seat[2].calls, 1);
	claim(&l, 5, 0, 1, 0x6);	/* alice's next claim: the lie of
					 * move 0 got away */
	assert_int_equal(l.seat[0].away, 1);
	assert_int_equal(l.boldest.seat, 0);
	assert_int_equal(l.boldest.move, 0);
	assert_string_equal(l.boldest.said, "claim 0");
	assert_string_equal(l.boldest.laid, "laid 0");
	call(&l, 6, 1, 0);		/* bob catches move 5 */
	assert_int_equal(l.seat[0].caught, 1);
	assert_int_equal(l.seat[1].right, 1);
	claim(&l, 7, 2, 3, 0x3);	/* carol's lie, bolder ... */
	ledger_end(&l);			/* ... gets away at the end */
	assert_int_equal(l.boldest.seat, 2);
	assert_int_equal(l.boldest.weight, 3);
	assert_int_equal(l.lies, 3);
	assert_int_equal(l.away, 2);
	assert_int_equal(l.claims, 4);
	/* Chances: the window of each claim, not its claimer. */
	assert_int_equal(l.seat[0].chances, 2);
	assert_int_equal(l.seat[1].chances, 3);
	assert_int_equal(l.seat[2].chances, 3);
	assert_int_equal(l.seat[2].last_lie_away, 1);
	assert_int_equal(l.seat[0].last_lie_away, 0);
	/* Of equal weight the earliest made is the boldest, however they
	 * are settled: at the end, seat 0's later one is settled first. */
	ledger_init(&l, 2);
	claim(&l, 0, 0, 2, 0);
	claim(&l, 1, 1, 2, 0);
	ledger_end(&l);
	assert_int_equal(l.boldest.seat, 0);
	ledger_init(&l, 2);
	claim(&l, 0, 1, 2, 0);
	claim(&l, 1, 0, 2, 0);
	ledger_end(&l);
	assert_int_equal(l.boldest.seat, 1);
	assert_int_equal(l.boldest.move, 0);
}

static void
test_runs(void **state)
{
	struct ledger l;
	int i, n = 0;

	(void)state;
	ledger_init(&l, 2);
	for (i = 0; i < 4; i++) {
		claim(&l, n++, 0, 1, 0x2);
		call(&l, n++, 1, 0);
	}
	claim(&l, n++, 0, 0, 0x2);
	call(&l, n++, 1, 0);		/* wrong: the run ends at 4 */
	assert_int_equal(l.seat[1].right_run, 0);
	assert_int_equal(l.seat[1].best_right_run, 4);
	for (i = 0; i < 5; i++) {
		claim(&l, n++, 0, 1, 0x2);
		call(&l, n++, 1, 0);
	}
	assert_int_equal(l.seat[1].best_right_run, 5);
}

/* Whether seat earned the title named name by l and r. */
static int
earned(const struct game_ops *ops, const struct ledger *l,
    const struct game_result *r, int seat, const char *name)
{
	int got[STORY_TITLES], i, n;

	n = story_earned(ops, l, r, seat, got);
	for (i = 0; i < n; i++)
		if (strcmp(story_titles[got[i]].name, name) == 0)
			return 1;
	return 0;
}

/* A result of two seats won by seat winner. */
static void
result(struct game_result *r, int winner)
{
	memset(r, 0, sizeof *r);
	r->nseats = 2;
	r->winner = winner;
	r->loser = -1;
	r->place[winner] = 1;
	r->place[1 - winner] = 2;
}

static void
test_titles(void **state)
{
	struct game_ops claims = cheat_ops, none = cheat_ops;
	struct game_result r;
	struct ledger l;
	int i, n;

	(void)state;
	/* Cheat as a game with claims and as one without: only the flag
	 * differs. */
	claims.claims = 1;
	none.claims = 0;
	result(&r, 0);
	/* Poker Face: five lies, none caught; four are not enough. */
	ledger_init(&l, 2);
	for (n = 0; n < 4; n++)
		claim(&l, n, 0, 1, 0x2);
	ledger_end(&l);
	assert_false(earned(&claims, &l, &r, 0, "pokerface"));
	ledger_init(&l, 2);
	for (n = 0; n < 5; n++)
		claim(&l, n, 0, 1, 0x2);
	ledger_end(&l);
	assert_true(earned(&claims, &l, &r, 0, "pokerface"));
	/* ... and the last of them ended the game unseen: Last Laugh. */
	assert_true(earned(&claims, &l, &r, 0, "lastlaugh"));
	assert_false(earned(&claims, &l, &r, 0, "cleanhands"));
	/* Not for the loser, and not in a game without claims. */
	result(&r, 1);
	assert_false(earned(&claims, &l, &r, 0, "lastlaugh"));
	assert_false(earned(&none, &l, &r, 0, "pokerface"));
	/* One caught: no Poker Face. */
	result(&r, 0);
	claim(&l, 5, 0, 1, 0x2);
	call(&l, 6, 1, 0);
	ledger_end(&l);
	assert_false(earned(&claims, &l, &r, 0, "pokerface"));
	/* Clean Hands: three honest claims and the win; two are not
	 * enough; an honest last claim is no Last Laugh. */
	ledger_init(&l, 2);
	claim(&l, 0, 0, 0, 0x2);
	claim(&l, 1, 0, 0, 0x2);
	ledger_end(&l);
	assert_false(earned(&claims, &l, &r, 0, "cleanhands"));
	claim(&l, 2, 0, 0, 0x2);
	ledger_end(&l);
	assert_true(earned(&claims, &l, &r, 0, "cleanhands"));
	assert_false(earned(&claims, &l, &r, 0, "lastlaugh"));
	/* Brass Neck: the boldest that got away, 4 from the truth. */
	ledger_init(&l, 2);
	claim(&l, 0, 0, 3, 0x2);
	ledger_end(&l);
	assert_false(earned(&claims, &l, &r, 0, "brassneck"));
	claim(&l, 1, 0, 4, 0x2);
	ledger_end(&l);
	assert_true(earned(&claims, &l, &r, 0, "brassneck"));
	assert_false(earned(&claims, &l, &r, 1, "brassneck"));
	/* Bloodhound at five right calls in a row; Sharpshooter at three
	 * calls, all right; Wrongly Accused at three honest claims called
	 * and none caught. */
	ledger_init(&l, 2);
	for (i = 0, n = 0; i < 4; i++) {
		claim(&l, n++, 0, 1, 0x2);
		call(&l, n++, 1, 0);
	}
	assert_true(earned(&claims, &l, &r, 1, "sharpshooter"));
	assert_false(earned(&claims, &l, &r, 1, "bloodhound"));
	claim(&l, n++, 0, 1, 0x2);
	call(&l, n++, 1, 0);
	assert_true(earned(&claims, &l, &r, 1, "bloodhound"));
	claim(&l, n++, 0, 0, 0x2);
	call(&l, n++, 1, 0);
	assert_false(earned(&claims, &l, &r, 1, "sharpshooter"));
	ledger_init(&l, 2);
	for (i = 0, n = 0; i < 2; i++) {
		claim(&l, n++, 0, 0, 0x2);
		call(&l, n++, 1, 0);
	}
	assert_false(earned(&claims, &l, &r, 0, "wronged"));
	claim(&l, n++, 0, 0, 0x2);
	call(&l, n++, 1, 0);
	assert_true(earned(&claims, &l, &r, 0, "wronged"));
	claim(&l, n++, 0, 1, 0x2);
	call(&l, n++, 1, 0);
	assert_false(earned(&claims, &l, &r, 0, "wronged"));
}

/* Every title has a name, a title and what earns it, all different, and
 * is found by its name. */
static void
test_title_table(void **state)
{
	int i, j;

	(void)state;
	for (i = 0; story_titles[i].name != NULL; i++) {
		assert_non_null(story_titles[i].title);
		assert_non_null(story_titles[i].what);
		assert_ptr_equal(story_title_named(story_titles[i].name),
		    &story_titles[i]);
		for (j = 0; j < i; j++)
			assert_string_not_equal(story_titles[i].name,
			    story_titles[j].name);
	}
	assert_int_equal(i, STORY_TITLES);
	assert_true(i >= 6);
	assert_null(story_title_named("excellent"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_settle),
		cmocka_unit_test(test_runs),
		cmocka_unit_test(test_titles),
		cmocka_unit_test(test_title_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
