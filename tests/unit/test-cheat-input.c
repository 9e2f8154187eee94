/*
 * Unit tests for games/cheat/cheat.c with stacked deals, what players type: every
 * input form the parser takes or refuses, a card word with two decks, and
 * the move text round trip (moves from the log checked as strictly as typed
 * ones).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "games/cheat/cheat.h"
#include "games/game.h"
#include "alloc/xalloc.h"
#include "tests/lib/cheat-deal.h"

/* Parses a line typed by seat and compares the move's text form. */
static void
assert_parse(struct fx *f, int seat, const char *line, const char *want)
{
	char *copy = xstrdup(line), *p = copy, *argv[FX_MAX_WORDS], *w;
	struct game_move mv, back;
	char *cause = NULL, text[256];
	int argc = 0;

	while ((w = strsep(&p, " ")) != NULL) {
		if (*w != '\0')
			argv[argc++] = w;
	}
	if (cheat_ops.parse(f->g, seat, game_cmd_find(&cheat_ops, argv[0]),
	    argc - 1, argv + 1, &mv, &cause) != 0)
		fail_msg("'%s': %s", line, cause);
	game_move_format(&cheat_ops, &mv, text, sizeof text);
	assert_string_equal(text, want);
	assert_int_equal(game_move_parse(&cheat_ops, text, &back, NULL), 0);
	assert_memory_equal(&back, &mv, sizeof mv);
	free(copy);
}

static void
assert_parse_fails(struct fx *f, int seat, const char *line,
    const char *want)
{
	char *copy = xstrdup(line), *p = copy, *argv[FX_MAX_WORDS], *w;
	struct game_move mv;
	char *cause = NULL;
	int argc = 0;

	while ((w = strsep(&p, " ")) != NULL) {
		if (*w != '\0')
			argv[argc++] = w;
	}
	assert_int_equal(cheat_ops.parse(f->g, seat, game_cmd_find(&cheat_ops,
	    argv[0]), argc - 1, argv + 1, &mv, &cause), -1);
	assert_string_equal(cause, want);
	free(cause);
	free(copy);
}

static void
test_parse_forms(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, fx_three_hands);
	assert_parse(f, 1, "play 4h 4d 7c as three queens",
	    "1 play 3 12 29 16 6");
	assert_parse(f, 1, "lay 4h as q", "1 play 1 12 29");
	assert_parse(f, 1, "put qh qs", "1 play 2 12 37 50");
	assert_parse(f, 1, "PLAY QH Q♠ AS 2 Qs", "1 play 2 12 37 50");
	assert_parse(f, 1, "play 4♥ as a queen", "1 play 1 12 29");
	assert_parse(f, 1, "play 4h as as", "1 play 1 1 29");
	assert_parse(f, 1, "play 4h 4d as 2 4s", "1 play 2 4 29 16");
	assert_parse(f, 1, "play 4h, 4d, as fours", "1 play 2 4 29 16");
	assert_parse(f, 1, "play 4h 4d as 3 fours", "1 play 3 4 29 16");
	assert_parse(f, 1, "play as as a", "1 play 1 1 39");
	assert_parse(f, 1, "play 4h as as q", "1 play 2 12 29 39");
	assert_parse(f, 1, "play 4h 4h", "1 play 2 4 29 29");
	assert_parse(f, 1, "play 10h as ten", "1 play 1 10 35");
	assert_parse(f, 1, "play th tH 10♥ as 12", "1 play 3 12 35 35 35");
	assert_parse(f, 2, "cheat", "2 cheat -1");
	assert_parse(f, 2, "bs you liar", "2 cheat -1");
	assert_parse(f, 2, "cheater", "2 cheat -1");

	assert_parse_fails(f, 1, "play", "say which cards you lay, e.g. "
	    "'play 4h 4d as two fours'");
	assert_parse_fails(f, 1, "play zz", "unknown card 'zz'");
	assert_parse_fails(f, 1, "play 4h as zz", "unknown rank 'zz'");
	assert_parse_fails(f, 1, "play 4h as lots queens",
	    "unknown count 'lots'");
	assert_parse_fails(f, 1, "play 4h queens", "unknown card 'queens'");
	assert_parse_fails(f, 1, "play 4h 7c", "your cards are of different "
	    "ranks: say what they are, e.g. 'play 4h 7c as two fours'");
	assert_parse_fails(f, 1, "play 4h as", "say what you declare after "
	    "'as', e.g. 'as two fours'");
	assert_parse(f, 1, "play as", "1 play 1 1 39");

	fx_refused(f, 1, "play 4h 4h", "'4♥' is named twice");
	fx_refused(f, 1, "play 9s", "you do not hold '9♠'");
	fx_refused(f, 1, "play 4h as 5 fours", "you may declare 1 to 4 "
	    "cards, not 5");
	fx_refused(f, 1, "play 4h as 0 fours", "you may declare 1 to 4 "
	    "cards, not 0");
	fx_free(f);
}

/* With two decks a card word picks a copy the player holds. */
static void
test_parse_two_decks(void **state)
{
	static const char *const hands[] = {
		"4h 4h+ 5c 4c 4c+ 4d 4d+ 4s 4s+", "6c 7c",
	};
	struct fx *f = fx_new(2, 1, 2, 0);

	(void)state;
	fx_stack(f, hands);
	assert_parse(f, 0, "play 4h 4h", "0 play 2 4 29 81");
	fx_refused(f, 0, "play 5c 5c", "you do not hold another '5♣'");
	fx_refused(f, 0, "play 4h 4h as 9 fours", "you may declare 1 to 8 "
	    "cards, not 9");
	fx_ok(f, 0, "play 4h");
	fx_ok(f, 1, "play 6c as five");
	fx_ok(f, 0, "play 4h 4c 4c 4d 4d 4s 4s 5c as 8 fours");
	assert_said(f, GAME_PUBLIC, "{p:0} plays 8 cards: eight fours. {p:0} "
	    "has no cards left! Call cheat now, or {p:0} wins.");
	fx_free(f);
}

/* Moves from the log are checked as strictly as typed ones. */
static void
test_move_text(void **state)
{
	static const struct {
		const char *text, *cause;
	} bad[] = {
		{ "1 play 1 14 29", "no rank 14" },
		{ "1 play 1 4 200", "no card 200" },
		{ "1 play 1 4 -3", "no card -3" },
		{ "1 play 1 4", "lay at least one card" },
		{ "1 close", "only the table closes a window" },
		{ "-1 close", "there is no window to close" },
		{ "0 cheat", "a challenge names the accused seat" },
		{ "-1 play 1 4 29", "no such seat" },
		{ "-1 leave", "no such seat" },
		{ "5 cheat 1", "no such seat" },
	};
	struct fx *f = fx_new(3, 0, 1, 0);
	struct game_move mv;
	char text[64];
	size_t i;

	(void)state;
	fx_stack(f, fx_three_hands);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(fx_move(f, bad[i].text), -1);
		assert_string_equal(f->cause, bad[i].cause);
	}
	assert_int_equal(game_move_parse(&cheat_ops, "-1 close", &mv, NULL),
	    0);
	assert_int_equal(mv.seat, GAME_SEAT_TABLE);
	game_move_format(&cheat_ops, &mv, text, sizeof text);
	assert_string_equal(text, "-1 close");
	assert_int_equal(fx_move(f, "1 play 2 4 29 16"), 0);
	assert_int_equal(fx_move(f, "2 play 1 3 2"), 0);
	assert_int_equal(fx_move(f, "0 cheat 2"), 0);
	assert_said_has(f, GAME_PUBLIC, "3♣ - honest");
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_parse_forms),
		T(test_parse_two_decks),
		T(test_move_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
