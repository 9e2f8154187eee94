/*
 * The seasons through the bot core (tests/lib/harness.c) with its wall
 * clock injected: league.season of 7 days, numbered from the first
 * recorded (a new database's first season with a game is its Season 1);
 * Cheat games finished in season 1 in #cheater, the clock moved past
 * the season's end, and the
 * end announced there once, with the season board's top three, never
 * again (not at the next end with no games, nor after a restart); !top
 * cheat season 1 shows that board, !top cheat season the new one, and
 * !season the season now.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/harness.h"

#define DAY_MS (86400 * (int64_t)1000)
/* 2026-01-01 00:00 UTC, where seasons of days are counted from. */
#define EPOCH_MS ((int64_t)1767225600 * 1000)

static const char *const three[] = { "alice", "bob", "carol", NULL };

static void
tune(struct conf *c)
{
	c->league_season = 7;
}

/* Plays Cheat among three by default moves to its end. */
static void
play(struct harness *h)
{
	harness_play_game(h, "cheat", three, 2000);
	assert_null(harness_table(h));
}

/* How many sent lines from from on contain every string given. */
static int
count(struct harness *h, const char *a, const char *b)
{
	int i = 0, n = 0;

	while ((i = harness_find(h, i, a, b, NULL)) >= 0) {
		n++;
		i++;
	}
	return n;
}

static void
test_season_end(void **state)
{
	struct harness *h = harness_new(7, tune);
	struct store_top_row rows[3];
	char want[256], *cause = NULL;
	int k, i;

	(void)state;
	/* Day 6 of season 1 (days 0-6), 23:00. */
	harness_wall(h, EPOCH_MS + 5 * DAY_MS + 23 * 3600 * 1000);
	play(h);
	play(h);
	k = store_top_season(h->store, "cheat", STORE_BOARD_WINS, 1, 5, rows,
	    3, &cause);
	assert_true(k >= 1);
	/* The line the announcement must be. */
	snprintf(want, sizeof want, "Season 1 of Cheat is over: 1. %s (%d won)",
	    rows[0].nick, rows[0].value);
	for (i = 1; i < k; i++)
		snprintf(want + strlen(want), sizeof want - strlen(want),
		    ", %d. %s (%d)", i + 1, rows[i].nick, rows[i].value);
	snprintf(want + strlen(want), sizeof want - strlen(want),
	    ". Season 2 begins.");
	harness_clear(h);

	/* Still season 1 a day later (day 6), then past its end. */
	harness_advance(h, (uint64_t)DAY_MS - 1);
	harness_drain(h);
	assert_int_equal(count(h, "Season 1", NULL), 0);
	harness_advance(h, 2 * 3600 * 1000);
	harness_drain(h);
	if (harness_find(h, 0, "PRIVMSG #cheater :", want, NULL) < 0) {
		harness_dump(h);
		fail_msg("no line \"%s\"", want);
	}
	assert_int_equal(count(h, "is over", NULL), 1);

	/* The boards: season 1's, and season 2's, empty. */
	harness_say(h, "dave", "#cheater", "!top cheat season 1");
	harness_drain(h);
	snprintf(want, sizeof want, "Top Cheat, wins, season 1: 1. %s (%d ",
	    rows[0].nick, rows[0].value);
	assert_true(harness_find(h, 0, want, NULL) >= 0);
	harness_say(h, "dave", "#cheater", "!top cheat season");
	harness_drain(h);
	assert_true(harness_find(h, 0, "Top Cheat, wins, season 2: nobody "
	    "yet.", NULL) >= 0);
	harness_say(h, "dave", "#cheater", "!top cheat season 3");
	harness_drain(h);
	assert_true(harness_find(h, 0, "No season 3 yet.", NULL) >= 0);
	harness_say(h, "dave", "#cheater", "!season");
	harness_drain(h);
	assert_true(harness_find(h, 0, "Season 2 ends 2026-01-15 00:00 UTC",
	    NULL) >= 0);

	/* A restart says nothing again; nor does season 2's end, which
	 * had no games. */
	harness_clear(h);
	harness_restart(h, NULL);
	harness_drain(h);
	assert_int_equal(count(h, "is over", NULL), 0);
	harness_advance(h, (uint64_t)(7 * DAY_MS));
	harness_drain(h);
	assert_int_equal(count(h, "is over", NULL), 0);
	harness_free(h);
}

/* A season that ended while the bot was down is announced once when it
 * is back in the channel, and not after another restart.  The calendar's
 * second week is the database's first season with a game: its Season
 * 1. */
static void
test_season_ended_while_down(void **state)
{
	struct harness *h = harness_new(7, tune);

	(void)state;
	harness_wall(h, EPOCH_MS + 8 * DAY_MS);	/* the second week */
	play(h);
	/* Down over its end: the new bot starts in the third week. */
	harness_clear(h);
	h->wall += 7 * DAY_MS;
	harness_restart(h, NULL);
	harness_drain(h);
	assert_int_equal(count(h, "PRIVMSG #cheater :Season 1 of Cheat is "
	    "over: 1. ", "Season 2 begins."), 1);
	harness_clear(h);
	harness_restart(h, NULL);
	harness_drain(h);
	assert_int_equal(count(h, "is over", NULL), 0);
	harness_free(h);
}

/* !season's answer, which must hold want. */
static void
season_is(struct harness *h, const char *want)
{
	harness_clear(h);
	harness_say(h, "dave", "#cheater", "!season");
	if (harness_find(h, 0, want, NULL) < 0) {
		harness_dump(h);
		fail_msg("no \"%s\"", want);
	}
}

/* A new database's seasons are numbered from the first it records: in
 * the calendar's fifth week, with no game yet, it is Season 1, and still
 * is a week on while nobody played; the first game, in the sixth week,
 * makes that week Season 1 for good, and the week after it is Season 2,
 * its board and the first's as !top names them. */
static void
test_season_numbered(void **state)
{
	struct harness *h = harness_new(7, tune);

	(void)state;
	harness_wall(h, EPOCH_MS + 30 * DAY_MS);	/* the fifth week */
	season_is(h, "Season 1 ends 2026-02-05 00:00 UTC");
	harness_advance(h, (uint64_t)(7 * DAY_MS));
	season_is(h, "Season 1 ends 2026-02-12 00:00 UTC");
	play(h);
	harness_clear(h);
	harness_advance(h, (uint64_t)(7 * DAY_MS));
	assert_int_equal(count(h, "PRIVMSG #cheater :Season 1 of Cheat is "
	    "over: 1. ", "Season 2 begins."), 1);
	season_is(h, "Season 2 ends 2026-02-19 00:00 UTC");
	harness_say(h, "dave", "#cheater", "!top cheat season 1");
	assert_true(harness_find(h, 0, "Top Cheat, wins, season 1: 1. ",
	    NULL) >= 0);
	harness_say(h, "dave", "#cheater", "!top cheat season 3");
	assert_true(harness_find(h, 0, "No season 3 yet.", NULL) >= 0);
	/* A restart numbers them alike. */
	harness_restart(h, NULL);
	season_is(h, "Season 2 ends 2026-02-19 00:00 UTC");
	harness_free(h);
}

/* Seasons off: nothing is announced, no game records a season. */
static void
tune_off(struct conf *c)
{
	c->league_season = CONF_SEASON_OFF;
}

static void
test_season_off(void **state)
{
	struct harness *h = harness_new(7, tune_off);
	struct store_season_played rows[1];

	(void)state;
	harness_wall(h, EPOCH_MS + 6 * DAY_MS);
	play(h);
	harness_clear(h);
	harness_advance(h, (uint64_t)(40 * DAY_MS));
	harness_drain(h);
	assert_int_equal(count(h, "is over", NULL), 0);
	assert_int_equal(store_season_played(h->store, 1, rows, 1, NULL), 0);
	harness_say(h, "dave", "#cheater", "!season");
	harness_drain(h);
	assert_true(harness_find(h, 0, "Seasons are off.", NULL) >= 0);
	harness_free(h);
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_season_end),
	    cmocka_unit_test(test_season_ended_while_down),
	    cmocka_unit_test(test_season_numbered),
	    cmocka_unit_test(test_season_off),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
