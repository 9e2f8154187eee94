/*
 * The server's channel limit over a real ngircd (tests/lib/driver.h):
 * ngircd configured with MaxJoins = 0, its "no limit", says so in its 005
 * as CHANLIMIT=#&+:0.  A game of Cheat is dealt in #limit and a move
 * made; the server is stopped and started again on the same port under
 * the bot, which must join again (a bot that read the 0 as "no channel at
 * all" kept the limit across the reconnect and asked for none), and the
 * game goes on where its log left it: the channel hears it go on with
 * the status, each player gets their hand, and the next moves are taken.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/lib/driver.h"

#define CHAN "#limit"
#define PLAYERS 2

#define CONF                                                                 \
	"flood = { burst = 50; interval = 0.01; user_interval = 0; };\n"     \
	"reconnect = { min = 1; max = 2; };\n"                               \
	"timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n"      \
	"    challenge_close = 1; challenge_tie = 0.1; lobby_start = 1; };\n"

static const char *const nicks[PLAYERS] = {"alice", "bob"};

/* Player i says text in the channel; player 0 sees the bot answer there
 * with a line containing want. */
static void
say(struct driver *d, int i, const char *text, const char *want)
{
	size_t from = d->t[0].p[0].cl.nlines;

	driver_raw(d, 0, i, "PRIVMSG " CHAN " :%s", text);
	driver_wait_chan(d, 0, 0, from, want, 0);
}

/* The server says CHANLIMIT=#&+:0 to player i, in its 005 of a
 * registration. */
static void
says_no_limit(struct driver *d, int i)
{
	if (client_wait_glob(&d->t[0].p[i].cl,
	    ":irc.test 005 * *CHANLIMIT=#&+:0 *", 0) == NULL)
		driver_fail(d, "ngircd did not say CHANLIMIT=#&+:0");
}

static void
test_zero_after_restart(void **state)
{
	struct driver *d = calloc(1, sizeof *d);
	struct driver_game gm;
	char want[DRIVER_TEXT + 32], status[DRIVER_TEXT];
	int i, n;

	assert_non_null(d);
	*state = d;
	driver_name(d, 0, CHAN, nicks, PLAYERS);
	d->irc.max_joins = "0";
	d->bot_seed = 1;
	driver_open(d, 1, CONF, 1);
	says_no_limit(d, 0);
	say(d, 0, "!play cheat", "alice opens a Cheat lobby");
	say(d, 1, "!join", "bob sits in");
	say(d, 0, "!start", "Cheat for 2 players");
	driver_play_default(d, 0, 0, NULL, 0);

	driver_game_load(d, 0, 0, &gm);
	n = gm.sg->nmoves;
	driver_game_free(&gm);
	driver_server_down(d, 0);
	driver_server_up(d, NULL);
	says_no_limit(d, 0);
	driver_game_load(d, 0, 0, &gm);
	assert_int_equal(gm.sg->nmoves, n);
	driver_game_view(d, &gm, GAME_PUBLIC, status, sizeof status);
	driver_game_free(&gm);
	snprintf(want, sizeof want, "The Cheat game goes on. %s", status);
	for (i = 0; i < PLAYERS; i++) {
		if (strcmp(driver_wait_chan(d, 0, i, 0, "goes on", 0), want) !=
		    0)
			driver_fail(d, "%s did not see '%s'", nicks[i], want);
		driver_hand(d, 0, i, 0, i);
	}
	driver_play_default(d, 0, 0, NULL, 0);
	driver_play_default(d, 0, 0, NULL, 0);
	driver_bot_exits(d, 0, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_zero_after_restart,
	        driver_teardown),
	};

	return cmocka_run_group_tests_name("chanlimit", tests, NULL, NULL);
}
