/*
 * No move is silent, over real sockets: a real ngircd, the real bot
 * binary (with its sending rate far above what a few moves need, so its
 * queue is idle), and alice, bob and carol playing CHEATER in #cheater
 * (tests/lib/driver.h).  The player whose turn it is types "!draw"; the
 * channel must say so ("NICK draws a card.") while the draw is still the
 * last move in the database, that is, before the player has discarded:
 * the discard is typed only once the line has come.  An earlier version
 * held the draw's text until the discard, and this test then waited in
 * vain.  No time is asserted beyond the waits' generous deadline.  The
 * discard's text then comes in a line of its own.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/cheater/cheater.h"
#include "tests/lib/driver.h"

#define WATCHER 3 /* dave, in the channel, not playing */

/* The running game's move count and, in *seat, whose turn it is. */
static int
moves(struct driver *d, int *seat)
{
	struct driver_game gm;
	int n;

	driver_game_load(d, 0, 0, &gm);
	n = gm.sg->nmoves;
	if (seat != NULL)
		*seat = gm.turn.seat;
	driver_game_free(&gm);
	return n;
}

/* alice, bob and carol deal a game of CHEATER; dave watches. */
static struct driver *
deal(void **state)
{
	static const char *const nicks[] = {"alice", "bob", "carol", "dave"};
	struct driver *d = calloc(1, sizeof *d);

	assert_non_null(d);
	*state = d;
	driver_name(d, 0, "#cheater", nicks, 4);
	d->bot_seed = 1;
	d->t[0].options = "";
	driver_open(d, 1,
	    "timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n"
	    "    challenge_tie = 0; lobby_start = 0; };\n"
	    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n",
	    1);
	driver_deal_from(d, 0, &cheater_ops, 3, 0);
	return d;
}

static void
test_draw_said_before_discard(void **state)
{
	struct driver *d = deal(state);
	struct driver_player *p;
	char draws[96], discard[64], discards[160];
	const char *said, *drew;
	size_t from, mine;
	int seat, n, turn;

	n = moves(d, &seat);
	assert_int_equal(n, 0);
	assert_true(seat >= 0 && seat < 3);	/* a player's turn, no window */
	p = &d->t[0].p[seat];
	from = d->t[0].p[WATCHER].cl.nlines;
	mine = p->cl.nlines;
	driver_raw(d, 0, seat, "PRIVMSG #cheater :!draw");
	snprintf(draws, sizeof draws, "%s draws a card.", p->nick);
	said = driver_wait_chan(d, 0, WATCHER, from, draws, 0);
	/* Said in a line of its own, ending there. */
	assert_string_equal(said + strlen(said) - strlen(draws), draws);
	/* The discard is not made: the draw is the last move, and the
	 * drawer is still to move. */
	assert_int_equal(moves(d, &turn), 1);
	assert_int_equal(turn, seat);

	/* The card drawn, from the drawer's prompt: "You draw CARD." */
	drew = driver_wait_private(d, 0, seat, mine, "You draw ", 0);
	drew = strstr(drew, "You draw ") + strlen("You draw ");
	snprintf(discard, sizeof discard, "%.*s", (int)strcspn(drew, ". "),
	    drew);
	from = d->t[0].p[WATCHER].cl.nlines;
	driver_raw(d, 0, seat, "PRIVMSG #cheater :!discard %s", discard);
	snprintf(discards, sizeof discards, "%s discards %s", p->nick,
	    discard);
	said = driver_wait_chan(d, 0, WATCHER, from, discards, 0);
	assert_ptr_equal(strstr(said, discards), said);
	assert_null(strstr(said, "draws a card"));
	assert_int_equal(moves(d, NULL), 2);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_draw_said_before_discard,
	        driver_teardown),
	};

	return cmocka_run_group_tests_name("said-at-once", tests, NULL, NULL);
}
