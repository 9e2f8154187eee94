/*
 * A season's end over real sockets: a real ngircd, the real bot binary
 * (its wall clock put ahead with --clock-ahead so that a season of one
 * day ends LEFT seconds after it starts) and scripted players
 * (tests/lib/driver.h).  A game of Cheat is played to its end within the
 * season, the first its new database records, so its Season 1 (the
 * calendar counts it in the hundreds); when the season ends the channel
 * is told its top three, the game's winner first, and Season 2 begins;
 * !top cheat season 1 shows the same board afterwards.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "games/cheat/cheat.h"
#include "storage/store.h"
#include "tests/lib/driver.h"

#define TABLE 0
#define LEFT 45		/* seconds of the season left when the bot starts */
#define DAY 86400

/* Windows closed at once, so a whole game takes a few seconds. */
static const char conf_text[] =
    "timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n"
    "    challenge_tie = 0; challenge_close = 1; lobby_start = 0; };\n"
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n"
    "league = { season = 1; };\n";

static void
test_season_end(void **state)
{
	struct driver *d = calloc(1, sizeof *d);
	struct driver_table *t;
	struct store_stats st;
	char ahead[32], want[256], nick[64];
	int64_t now = (int64_t)time(NULL), end, season = 1;
	size_t from;
	int s;

	assert_non_null(d);
	*state = d;
	/* The next midnight (UTC) at least LEFT + 10 s away, reached LEFT
	 * seconds after the bot starts: seasons of a day end at midnight. */
	end = ((now + LEFT + 10) / DAY + 1) * DAY;
	snprintf(ahead, sizeof ahead, "%lld",
	    (long long)(end - LEFT - now));
	d->flags[0] = "--clock-ahead";
	d->flags[1] = ahead;
	d->pool = 2;
	driver_open(d, 1, conf_text, 7);
	t = &d->t[TABLE];
	from = t->p[0].cl.nlines;
	driver_deal_from(d, TABLE, &cheat_ops, 2, 0);
	driver_play(d, TABLE, 2000, 2);
	/* It ended within the season (else the test says so, not the
	 * wait below). */
	assert_true((int64_t)time(NULL) + (end - LEFT - now) < end);
	/* The winner, from the records. */
	for (s = 0; s < 2; s++) {
		snprintf(nick, sizeof nick, "%s", t->p[s].nick);
		if (store_stats(d->store, nick, "cheat", &st, NULL) == 0 &&
		    st.wins == 1)
			break;
	}
	assert_true(s < 2);
	snprintf(want, sizeof want, "Season %lld of Cheat is over: 1. %s (1 "
	    "won). Season %lld begins.", (long long)season, nick,
	    (long long)season + 1);
	driver_wait_chan(d, TABLE, 0, from, want, (LEFT + 30) * 1000);
	from = t->p[0].cl.nlines;
	driver_raw(d, TABLE, 1, "PRIVMSG %s :!top cheat season %lld", t->chan,
	    (long long)season);
	snprintf(want, sizeof want, "1. %s (1 won)", nick);
	driver_wait_chan(d, TABLE, 0, from, want, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_season_end, driver_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
