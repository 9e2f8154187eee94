/*
 * No move is silent, over real sockets: a real ngircd, the real bot
 * binary (with its sending rate far above what a few moves need, so its
 * queue is idle), and alice, bob and carol playing CHEATER in #cheater
 * (tests/lib/netgame.c).  The player whose turn it is types "!draw"; the
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

#include "tests/lib/netgame.h"

#define CHAN NETGAME_CHAN
#define WATCHER 3 /* dave, in the channel, not playing */

static int
teardown(void **state)
{
	netgame_free(*state);
	*state = NULL;
	return 0;
}

/* The running game's move count and, in *seat, whose turn it is. */
static int
moves(struct netgame *ng, int *seat)
{
	struct netgame_game gm;
	int n;

	netgame_load(ng, 0, &gm);
	n = gm.sg->nmoves;
	if (seat != NULL)
		*seat = gm.turn.seat;
	netgame_game_free(&gm);
	return n;
}

/* alice, bob and carol deal a game of CHEATER; dave watches. */
static struct netgame *
deal(void **state)
{
	static const char *const nicks[] = {"alice", "bob", "carol", "dave"};
	struct netgame *ng;
	size_t from[3];
	int i;

	ng = netgame_new(
	    "timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n"
	    "    challenge_tie = 0; lobby_start = 0; };\n"
	    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n");
	*state = ng;
	for (i = 0; i < 4; i++)
		netgame_connect(ng, i, nicks[i], nicks[i], 1);
	netgame_bot(ng, WATCHER);
	netgame_send(ng, 0, "PRIVMSG " CHAN " :!play cheater");
	netgame_chan(ng, WATCHER, 0, "alice opens a CHEATER lobby", 0);
	netgame_send(ng, 1, "PRIVMSG " CHAN " :!join");
	netgame_chan(ng, WATCHER, 0, "bob sits in", 0);
	netgame_send(ng, 2, "PRIVMSG " CHAN " :!join");
	netgame_chan(ng, WATCHER, 0, "carol sits in", 0);
	for (i = 0; i < 3; i++)
		from[i] = ng->cl[i].nlines;
	netgame_send(ng, 0, "PRIVMSG " CHAN " :!start");
	netgame_chan(ng, WATCHER, 0, "CHEATER for 3 players", 0);
	for (i = 0; i < 3; i++)
		netgame_private(ng, i, from[i], "[" CHAN "] ", 0);
	return ng;
}

static void
test_draw_said_before_discard(void **state)
{
	struct netgame *ng = deal(state);
	char draws[96], discard[64], discards[160];
	const char *said, *drew;
	size_t from, mine;
	int seat, n, turn;

	n = moves(ng, &seat);
	assert_int_equal(n, 0);
	assert_true(seat >= 0 && seat < 3);	/* a player's turn, no window */
	from = ng->cl[WATCHER].nlines;
	mine = ng->cl[seat].nlines;
	netgame_send(ng, seat, "PRIVMSG " CHAN " :!draw");
	snprintf(draws, sizeof draws, "%s draws a card.", ng->cl[seat].nick);
	said = netgame_chan(ng, WATCHER, from, draws, 0);
	/* Said in a line of its own, ending there. */
	assert_string_equal(said + strlen(said) - strlen(draws), draws);
	/* The discard is not made: the draw is the last move, and the
	 * drawer is still to move. */
	assert_int_equal(moves(ng, &turn), 1);
	assert_int_equal(turn, seat);

	/* The card drawn, from the drawer's prompt: "You draw CARD." */
	drew = netgame_private(ng, seat, mine, "You draw ", 0);
	drew = strstr(drew, "You draw ") + strlen("You draw ");
	snprintf(discard, sizeof discard, "%.*s", (int)strcspn(drew, ". "),
	    drew);
	from = ng->cl[WATCHER].nlines;
	netgame_send(ng, seat, "PRIVMSG " CHAN " :!discard %s", discard);
	snprintf(discards, sizeof discards, "%s discards %s",
	    ng->cl[seat].nick, discard);
	said = netgame_chan(ng, WATCHER, from, discards, 0);
	assert_ptr_equal(strstr(said, discards), said);
	assert_null(strstr(said, "draws a card"));
	assert_int_equal(moves(ng, NULL), 2);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_draw_said_before_discard,
	        teardown),
	};

	return cmocka_run_group_tests_name("said-at-once", tests, NULL, NULL);
}
