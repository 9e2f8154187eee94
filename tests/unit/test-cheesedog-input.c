/*
 * Unit tests for games/cheesedog*.c: what players type.  The ways to
 * write a card, the aliases (lay, put, pick up, take), words refused and
 * why, moves out of turn, the words command() gives for every kind of
 * move (which must parse back: scripted players type them), and the
 * variant as the bot finds it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "games/cheesedog/cheesedog.h"
#include "games/game.h"
#include "tests/lib/cheesedog-deal.h"

#define DOWN0 "2c 3c 4c 5c"
#define DOWN1 "2d 3d 4d 5d"
#define DOWN2 "2h 3h 4h 5h"

static const struct cheesedog_deal deal = {
	.hands = { "3c 4c", "10h 10s jh qs ac", "kd kc 6c" },
	.down = { DOWN0, DOWN1, DOWN2 },
	.first = 1,
};

static void
test_card_words(void **state)
{
	static const char *const lines[] = {
		"play 10h", "play th", "play TH", "play T♥", "play 10♥",
		"play 10♡", "play 10h,", "lay 10h", "put 10h", "PLAY 10h",
	};
	struct game_move mv;
	struct fx *f = dg_new(3, 0);
	size_t i;

	(void)state;
	dg_stack(f, &deal);
	for (i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		if (fx_parse(f, 1, lines[i], &mv) != 0)
			fail_msg("'%s': %s", lines[i], f->cause);
		assert_int_equal(mv.argc, 1);
		assert_int_equal(cheesedog_ops.check(f->g, &mv, NULL), 0);
	}
	fx_ok(f, 1, "play 10h, 10s");
	assert_said(f, GAME_PUBLIC, "{p:1} plays {red:10♥} 10♠. The 10s "
	    "clear the pile. {p:1} starts a new pile.");
	fx_ok(f, 1, "play Jh");
	fx_ok(f, 2, "play KD");
	assert_int_equal(fx_parse(f, 0, "pick", &mv), 0);
	assert_string_equal(cheesedog_ops.verbs[mv.verb], "pickup");
	fx_ok(f, 0, "pick up");
	fx_ok(f, 1, "play ac");
	fx_ok(f, 2, "take");
	assert_said(f, GAME_PUBLIC, "{p:2} picks up the pile (1 card). "
	    "{p:0} starts a new pile.");
	fx_free(f);
}

static void
test_refused(void **state)
{
	struct fx *f = dg_new(3, 0);

	(void)state;
	dg_stack(f, &deal);
	fx_refused(f, 1, "play", "say which cards you play, e.g. 'play 5h "
	    "5c'");
	fx_refused(f, 1, "play zz", "unknown card 'zz'");
	fx_refused(f, 1, "play 10", "unknown card '10'");
	fx_refused(f, 1, "play jh zz", "unknown card 'zz'");
	fx_refused(f, 1, "pickup now", "pickup takes no arguments");
	fx_refused(f, 1, "pick up now", "pickup takes no arguments");
	fx_refused(f, 1, "pick it", "pickup takes no arguments");
	fx_refused(f, 2, "play kd", "it is not your turn");
	fx_refused(f, 0, "pickup", "it is not your turn");
	fx_refused(f, 0, "flip 1", "it is not your turn");
	assert_int_equal(fx_move(f, "1 pickup 3"), -1);
	assert_string_equal(f->cause, "pickup takes no arguments");
	assert_int_equal(fx_move(f, "1 play"), -1);
	assert_string_equal(f->cause, "play at least one card");
	assert_int_equal(fx_move(f, "1 play 500"), -1);
	assert_string_equal(f->cause, "no card 500");
	assert_int_equal(fx_move(f, "1 flip"), -1);
	assert_string_equal(f->cause, "flip takes one position");
	assert_int_equal(fx_move(f, "1 leave 2"), -1);
	assert_string_equal(f->cause, "leave takes no arguments");
	fx_free(f);
}

/* The words for each kind of move, as scripted players type them. */
static void
test_command_words(void **state)
{
	static const struct {
		const char *move, *typed;
		int cmd;
	} cases[] = {
		{ "1 play 35 48", "play 10♥ 10♠", 0 },
		{ "1 play 102", "play Q♠", 0 },
		{ "1 pickup", "pickup", 1 },
		{ "1 flip 2", "flip 3", 2 },
		{ "1 leave", "", -1 },
	};
	struct game_move mv;
	struct fx *f = dg_new(3, 0);
	char buf[64];
	size_t i;

	(void)state;
	dg_stack(f, &deal);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(game_move_parse(&cheesedog_ops,
		    cases[i].move, &mv, NULL), 0);
		assert_int_equal(cheesedog_ops.command(f->g, &mv, buf,
		    sizeof buf), cases[i].cmd);
		assert_string_equal(buf, cases[i].typed);
	}
	/* Two copies of a card are typed twice and read back as both. */
	assert_int_equal(fx_parse(f, 1, "play 10♥ 10♥", &mv), 0);
	assert_int_equal(mv.argc, 2);
	assert_true(mv.argv[0] != mv.argv[1]);
	fx_free(f);
}

static void
test_variant(void **state)
{
	char *cause = NULL;

	(void)state;
	assert_ptr_equal(game_find("chees", &cause), &cheesedog_ops);
	assert_ptr_equal(game_named("Cheesedog"), &cheesedog_ops);
	assert_int_equal(cheesedog_ops.min_seats, 3);
	assert_int_equal(cheesedog_ops.max_seats, 8);
	assert_int_equal(cheesedog_ops.loser_game, 1);
	assert_int_equal(game_cmd_find(&cheesedog_ops, "lay"), 0);
	assert_int_equal(game_cmd_find(&cheesedog_ops, "take"), 1);
	assert_int_equal(game_cmd_find(&cheesedog_ops, "flip"), 2);
	assert_int_equal(game_cmd_find(&cheesedog_ops, "cheat"), -1);
	assert_string_equal(cheesedog_ops.verbs[0], "leave");
	assert_null(game_find("che", &cause));
	assert_string_equal(cause, "'che' could be more than one game");
	free(cause);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_card_words, fx_teardown),
		cmocka_unit_test_teardown(test_refused, fx_teardown),
		cmocka_unit_test_teardown(test_command_words, fx_teardown),
		cmocka_unit_test_teardown(test_variant, fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
