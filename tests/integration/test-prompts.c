/*
 * Every turn is prompted, over real sockets: a real ngircd, the real bot
 * binary, and alice, bob and carol playing each of the five games in
 * #cheater (tests/lib/driver.h), dave watching.  At the deal and after
 * every move, the player who must act next gets a private line, tagged
 * with the channel, that starts with "Your turn"; the game goes on by
 * a legal move of the seat's, typed by its player, and the table's own
 * moves (a window closing, a question's wait) are waited for.  (A call
 * in a window is anyone's choice, and nobody is prompted for it.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/game.h"
#include "games/rng.h"
#include "tests/lib/client.h"
#include "tests/lib/driver.h"

#define WATCHER 3	/* dave, in the channel, not playing */
#define PLAYERS 3
#define STEPS 12	/* moves checked per game */

/* Each player's line count now: lines from there on came after. */
static void
mark(struct driver *d, size_t *from)
{
	int i;

	for (i = 0; i < PLAYERS; i++)
		from[i] = d->t[0].p[i].cl.nlines;
}

/* A legal move of seat (or, for -1, of any seat) in gm's game, from the
 * rules' sample() with rng: 0, or -1 if none came in a few tries. */
static int
seat_move(const struct driver_game *gm, int seat, struct rng *rng,
    struct game_move *mv)
{
	int tries;

	for (tries = 0; tries < 200; tries++) {
		if (gm->ops->sample(gm->g, rng, mv) != 0)
			return -1;
		if (mv->seat >= 0 && (seat < 0 || mv->seat == seat))
			return 0;
	}
	return -1;
}

/* Waits until the move log grows past n (a move typed, or the table's
 * own). */
static void
log_grows(struct driver *d, int n)
{
	struct driver_game gm;
	int tries, now;

	for (tries = 0; tries < 300; tries++) {
		driver_game_load(d, 0, 0, &gm);
		now = gm.sg->nmoves;
		driver_game_free(&gm);
		if (now > n)
			return;
		driver_pump(d, 100);
	}
	driver_fail(d, "no move came after move %d", n);
}

/* Waits until player got, from line index from on, a private line about
 * the game that starts with "Your turn" (taken by an earlier wait or
 * not: the deal's check reads the opener's, which carries its hand). */
static void
wait_prompt(struct driver *d, int player, size_t from)
{
	struct driver_line m = {NULL, d->t[0].p[player].nick,
	    "[#cheater] Your turn"};
	int tries;

	for (tries = 0; tries < 200; tries++) {
		if (driver_count(d, 0, player, from, &m) > 0)
			return;
		driver_pump(d, 50);
	}
	driver_fail(d, "%s got no line starting \"Your turn\"", m.nick);
}

/* Deals ops to alice, bob and carol, then checks the prompt of each turn
 * for STEPS moves (or to the end). */
static void
prompts(void **state, const struct game_ops *ops)
{
	static const char *const nicks[] = {"alice", "bob", "carol", "dave"};
	struct driver *d = calloc(1, sizeof *d);
	size_t from[PLAYERS], from2[PLAYERS];
	struct driver_game gm;
	struct game_move mv;
	struct rng rng;
	int step, n, seat, prompted = 0;

	assert_non_null(d);
	*state = d;
	driver_name(d, 0, "#cheater", nicks, 4);
	d->bot_seed = 1;
	d->t[0].options = "";
	driver_open(d, 1,
	    "timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n"
	    "    challenge_tie = 0; challenge_close = 1; answer = 1;\n"
	    "    lobby_start = 0; };\n"
	    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n",
	    1);
	rng_seed(&rng, 11);
	for (n = 0; n < PLAYERS; n++)
		from[n] = 0;
	driver_deal_from(d, 0, ops, PLAYERS, 0);
	for (step = 0; step < STEPS; step++) {
		driver_game_load(d, 0, 0, &gm);
		n = gm.sg->nmoves;
		if (gm.turn.over) {
			driver_game_free(&gm);
			break;
		}
		seat = gm.turn.seat;
		mark(d, from2);
		if (seat >= 0 && seat_move(&gm, seat, &rng, &mv) == 0) {
			/* A seat's turn: it was told so, first thing. */
			wait_prompt(d, gm.player[seat], from[gm.player[seat]]);
			prompted++;
			driver_game_type(d, &gm, &mv);
		} else if (gm.turn.wait && seat_move(&gm, -1, &rng, &mv) == 0)
			driver_game_type(d, &gm, &mv);
		/* else a window or a pause: the table closes it. */
		driver_game_free(&gm);
		memcpy(from, from2, sizeof from);
		log_grows(d, n);
	}
	assert_true(prompted >= 3);
}

static void
test_cheat(void **state)
{
	prompts(state, game_named("cheat"));
}

static void
test_cheater(void **state)
{
	prompts(state, game_named("cheater"));
}

static void
test_questions(void **state)
{
	prompts(state, game_named("questions"));
}

static void
test_liarsuno(void **state)
{
	prompts(state, game_named("liarsuno"));
}

static void
test_cheesedog(void **state)
{
	prompts(state, game_named("cheesedog"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_cheat, driver_teardown),
		cmocka_unit_test_teardown(test_cheater, driver_teardown),
		cmocka_unit_test_teardown(test_questions, driver_teardown),
		cmocka_unit_test_teardown(test_liarsuno, driver_teardown),
		cmocka_unit_test_teardown(test_cheesedog, driver_teardown),
	};

	return cmocka_run_group_tests_name("prompts", tests, NULL, NULL);
}
