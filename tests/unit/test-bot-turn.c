/*
 * The turn is worked out once per move (bot/core/table.c,
 * table_turn_update()): whatever a move sets off after it (its prompt,
 * the clock, a window, the next player's held move), the rules' turn()
 * runs once for it, and never for a command that changes nothing
 * (!hand, !status).  Each variant's rules are swapped for a copy whose
 * turn() counts its calls, and whole games are played through the core
 * as players type them (tests/lib/harness.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "bot/core/core.h"
#include "tests/lib/harness.h"

static const struct game_ops *real;	/* the variant's rules */
static int turns;			/* calls of counted_turn() */

static void
counted_turn(const struct game *g, struct game_turn *tu)
{
	turns++;
	real->turn(g, tu);
}

/* Whether the rules' default move at t is one a player types. */
static int
typable(struct table *t)
{
	struct game_move mv;
	char text[1024];

	if (t->turn.seat < 0)
		return 0;
	real->timeout(t->g, &mv);
	return mv.seat >= 0 && real->command(t->g, &mv, text, sizeof text) >= 0;
}

/* Plays variant at 3 seats until it ends or max moves were made,
 * counting turn() per move. */
static void
play(const char *variant, int max)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct harness *h = harness_new(7, NULL);
	struct game_ops counted;
	struct table *t;
	int moves = 0, before;
	int64_t id;

	harness_deal(h, variant, nicks);
	t = harness_table(h);
	id = t->game_id;
	real = t->ops;
	counted = *real;
	counted.turn = counted_turn;
	t->ops = &counted;
	while ((t = harness_table(h)) != NULL && t->game_id == id &&
	    moves < max) {
		turns = 0;
		harness_say(h, t->seats[0].nick, "cheaterbot", "!hand");
		harness_say(h, t->seats[0].nick, "#cheater", "!status");
		assert_int_equal(turns, 0);
		before = t->nmoves;
		if (typable(t))
			harness_type(h);
		else	/* a window, a pause, a wait, a move no command
			 * makes at once: the clock makes the table's move */
			harness_advance(h, (uint64_t)h->conf.turn_ms +
			    (uint64_t)h->conf.answer_ms +
			    (uint64_t)h->conf.challenge_close_ms);
		/* A move held for the challenge window, or a call waiting
		 * for the tie window, is not made yet: then the clock makes
		 * it, and its turn() is counted there. */
		harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
		harness_advance(h, (uint64_t)h->conf.challenge_min_ms);
		if (harness_table(h) == NULL || harness_table(h)->game_id != id)
			break;
		assert_true(t->nmoves > before);
		if (turns != t->nmoves - before)
			fail_msg("%s: move %d: turn() ran %d times for %d "
			    "moves", variant, moves, turns,
			    t->nmoves - before);
		moves += t->nmoves - before;
	}
	assert_true(moves > 0);
	harness_free(h);
}

static void
test_cheat(void **state)
{
	(void)state;
	play("cheat", 60);
}

static void
test_cheater(void **state)
{
	(void)state;
	play("cheater", 60);
}

static void
test_questions(void **state)
{
	(void)state;
	play("questions", 60);
}

static void
test_liarsuno(void **state)
{
	(void)state;
	play("liarsuno", 60);
}

static void
test_cheesedog(void **state)
{
	(void)state;
	play("cheesedog", 60);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cheat),
		cmocka_unit_test(test_cheater),
		cmocka_unit_test(test_questions),
		cmocka_unit_test(test_liarsuno),
		cmocka_unit_test(test_cheesedog),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
