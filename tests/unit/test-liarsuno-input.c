/*
 * Unit tests for games/liarsuno*.c, what players type: where each
 * command may be typed (play twice: face up in the channel, face down in
 * private), every form parse() takes, with its aliases and any case,
 * and the move it makes (the move log's text), the words it refuses and
 * why, check()'s refusals of moves as the log could hold them, and
 * command(): the words a player would type for a move, which parse back
 * to the same move.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "games/game.h"
#include "games/liarsuno/liarsuno.h"
#include "tests/lib/liarsuno-deal.h"

/* Seat 0 first on a red 9; ids (liarsuno-int.h): r4 4, ~r5 15, ~y5 41,
 * g6 58, ~g3 65, ~+4 104, WLC 108; faces r5 5, r6 6, +4 73. */
static struct fx *
deal(void)
{
	struct liarsuno_deal d = {
		.hands = { "r4 ~r5 ~g3 ~+4 WLC r7 b1", "y4 ~y5 r1",
		    "g6 ~g7 b8" },
		.discard = "r9", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	lx_stack(f, &d);
	return f;
}

/* The index of the command called name that is typed where. */
static int
cmd_at(const char *name, enum game_where where)
{
	int i = game_cmd_find_where(&liarsuno_ops, name, where);

	assert_true(i >= 0);
	return i;
}

/* play is two commands: the channel's face up, the private one with a
 * claim; put is private only; the rest go anywhere. */
static void
test_where(void **state)
{
	const struct game_cmd *c = liarsuno_ops.cmds;
	static const char *const anywhere[] = {
		"draw", "d", "pass", "keep", "swap", "challenge", "liar", "ch",
		"uno", "done",
	};
	size_t i;

	(void)state;
	assert_int_not_equal(cmd_at("play", GAME_WHERE_CHANNEL),
	    cmd_at("play", GAME_WHERE_PRIVATE));
	assert_int_equal(c[cmd_at("play", GAME_WHERE_CHANNEL)].where,
	    GAME_WHERE_CHANNEL);
	assert_int_equal(c[cmd_at("PLAY", GAME_WHERE_PRIVATE)].where,
	    GAME_WHERE_PRIVATE);
	assert_int_equal(c[cmd_at("put", GAME_WHERE_CHANNEL)].where,
	    GAME_WHERE_PRIVATE);
	for (i = 0; i < sizeof anywhere / sizeof anywhere[0]; i++)
		assert_int_equal(c[cmd_at(anywhere[i],
		    GAME_WHERE_CHANNEL)].where, GAME_WHERE_BOTH);
	assert_int_equal(game_cmd_find(&liarsuno_ops, "frob"), -1);
	/* The commands naming a player say so. */
	assert_int_equal(c[cmd_at("swap", GAME_WHERE_BOTH)].seat_args, 1);
	assert_int_equal(c[cmd_at("challenge", GAME_WHERE_BOTH)].seat_args,
	    1);
	assert_int_equal(c[cmd_at("put", GAME_WHERE_BOTH)].seat_args, 0);
	assert_int_equal(c[cmd_at("done", GAME_WHERE_BOTH)].seat_args, 0);
}

/* Parses a line by seat, which must parse, and checks its move's text. */
static void
assert_parses(struct fx *f, int seat, const char *line, const char *want)
{
	struct game_move mv;
	char text[128];

	if (fx_parse(f, seat, line, &mv) != 0)
		fail_msg("'%s': %s", line, f->cause);
	game_move_format(&liarsuno_ops, &mv, text, sizeof text);
	assert_string_equal(text, want);
}

static void
test_parse_forms(void **state)
{
	struct fx *f = deal();

	(void)state;
	assert_parses(f, 0, "!play r4", "0 play 4 0 -1 -1 0");
	assert_parses(f, 0, "play r4", "0 play 4 0 -1 -1 0");
	assert_parses(f, 0, "!PLAY R4 UNO", "0 play 4 0 -1 -1 1");
	assert_parses(f, 0, "play ~r5", "0 play 15 1 5 -1 0");
	assert_parses(f, 0, "play lr5 as r6", "0 play 15 1 6 -1 0");
	assert_parses(f, 0, "play ~g3 AS R6 uno", "0 play 65 1 6 -1 1");
	assert_parses(f, 0, "play ~g3 as ~r6", "0 play 65 1 6 -1 0");
	assert_parses(f, 0, "play r4 as r4", "0 play 4 1 4 -1 0");
	assert_parses(f, 0, "play ~g3 as wd4 b", "0 play 65 1 73 3 0");
	assert_parses(f, 0, "play ~+4 yellow", "0 play 104 1 73 1 0");
	assert_parses(f, 0, "play w4 grn uno", "0 play 104 1 73 2 1");
	assert_parses(f, 0, "!play wlc Red", "0 play 108 0 -1 0 0");
	assert_parses(f, 0, "draw", "0 draw");
	assert_parses(f, 0, "!d", "0 draw");
	assert_parses(f, 0, "pass", "0 pass");
	assert_parses(f, 0, "!keep", "0 pass");
	assert_parses(f, 1, "challenge", "1 challenge");
	assert_parses(f, 1, "!liar", "1 challenge");
	assert_parses(f, 1, "CH", "1 challenge");
	assert_parses(f, 0, "challenge {p:2}", "0 accuse 2");
	assert_parses(f, 0, "!swap {p:1}", "0 swap 1");
	assert_parses(f, 2, "uno", "2 uno");
	assert_parses(f, 1, "put ~y5", "1 put 41");
	assert_parses(f, 0, "!done", "0 done");
	assert_parses(f, 0, "DONE", "0 done");
	fx_free(f);
}

static void
test_parse_refused(void **state)
{
	struct fx *f = deal();

	(void)state;
	fx_refused(f, 0, "!play", "say which card: play r5, or play ~g3 as r7 "
	    "in private");
	fx_refused(f, 0, "play zz", "unknown card 'zz': write a colour's "
	    "initial and a number or S, R, +2, with ~ in front for a Liar's "
	    "Card (r5, ~g3, ~bS), or ~+4, WLC");
	fx_refused(f, 0, "!play r8", "you do not hold r8");
	fx_refused(f, 0, "play r5", "you do not hold r5: yours is written "
	    "with ~");
	fx_refused(f, 0, "play ~r4 as r6", "you do not hold ~r4: yours is "
	    "written without ~");
	fx_refused(f, 0, "!play r4 r5", "unexpected 'r5': play CARD [COLOUR] "
	    "[uno]");
	fx_refused(f, 0, "play ~g3 as r6 uno now", "unexpected 'now': play "
	    "CARD [as CLAIM] [COLOUR] [uno]");
	fx_refused(f, 0, "draw now", "draw takes no arguments");
	fx_refused(f, 0, "pass it", "pass takes no arguments");
	fx_refused(f, 0, "!uno uno", "uno takes no arguments");
	fx_refused(f, 0, "put r4 r7", "put one card: put ~r5");
	fx_refused(f, 0, "put zz", "unknown card 'zz': write a colour's "
	    "initial and a number or S, R, +2, with ~ in front for a Liar's "
	    "Card (r5, ~g3, ~bS), or ~+4, WLC");
	fx_refused(f, 0, "challenge {p:1} {p:2}", "name one player: "
	    "challenge NICK");
	fx_refused(f, 0, "swap {p:3}", "no player '{p:3}' at this table");
	fx_refused(f, 0, "play ~wlc red", "there is no '~wlc': the WLC is a "
	    "Regular Card, written without ~");
	fx_refused(f, 0, "play r4 blue", "only a wild names a colour");
	fx_refused(f, 0, "play WLC purple", "unexpected 'purple': play CARD "
	    "[as CLAIM] [COLOUR] [uno]");
	fx_free(f);
}

/* Moves as the log could hold them, refused by check() whatever made
 * them. */
static void
test_check_refused(void **state)
{
	struct fx *f = deal();
	struct game_move mv;

	(void)state;
	fx_move_refused(f, "0 play 200 0 -1 -1 0", "a play is a card, face "
	    "down or not, a claim, a colour and uno or not");
	fx_move_refused(f, "0 play 4 2 -1 -1 0", "a play is a card, face "
	    "down or not, a claim, a colour and uno or not");
	fx_move_refused(f, "0 play 4 0 -1 -1 2", "a play is a card, face "
	    "down or not, a claim, a colour and uno or not");
	fx_move_refused(f, "0 play 4 0 -1 -1", "a play is a card, face down "
	    "or not, a claim, a colour and uno or not");
	fx_move_refused(f, "0 play 5 0 -1 -1 0", "you do not hold r5");
	fx_move_refused(f, "1 play 41 0 -1 -1 0", "it is not your turn");
	fx_move_refused(f, "0 play 15 0 -1 -1 0", "a Liar's Card is played "
	    "face down: send 'play ~r5 as CLAIM' to me in private");
	fx_move_refused(f, "0 play 4 0 4 -1 0", "a card face up claims "
	    "nothing");
	fx_move_refused(f, "0 play 65 1 999 -1 0", "no such claim");
	fx_move_refused(f, "0 play 65 1 -1 -1 0", "no such claim");
	fx_move_refused(f, "0 play 65 1 73 4 0", "a wild names the colour to "
	    "play next: red, yellow, green or blue");
	fx_move_refused(f, "0 play 108 0 -1 -1 0", "a wild names the colour "
	    "to play next: red, yellow, green or blue");
	fx_move_refused(f, "0 draw 1", "that takes no arguments");
	fx_move_refused(f, "3 draw", "you are not in this game");
	fx_move_refused(f, "0 swap", "swap follows a 7 you played");
	fx_move_refused(f, "1 put 41", "there is no card for you to put "
	    "now");
	fx_move_refused(f, "0 accuse 1", "only the WLC's player turns put "
	    "cards over, once all are in");
	fx_move_refused(f, "-1 close", "there is nothing for the table to "
	    "close");
	fx_move_refused(f, "0 uno", "nobody owes an UNO call");
	memset(&mv, 0, sizeof mv);
	mv.verb = 42;
	assert_int_equal(fx_apply(f, &mv), -1);
	assert_string_equal(f->cause, "liarsuno has no verb 42");
	/* In a WLC: a put card not held, a seat that put nothing. */
	fx_ok(f, 0, "!play WLC red");
	fx_move_refused(f, "1 put 999", "put one card you hold");
	fx_move_refused(f, "1 put 4", "put one card you hold");
	fx_move_refused(f, "1 put", "put one card you hold");
	fx_ok(f, 1, "put r1");
	fx_ok(f, 2, "put b8");
	fx_move_refused(f, "0 accuse 9", "that player is not in the game");
	fx_move_refused(f, "0 accuse", "name one player");
	fx_free(f);
}

/* command() gives what a player would type, and where; the words parse
 * back to the same move. */
static void
assert_command(struct fx *f, const char *move, const char *want, int where)
{
	struct game_move mv, back;
	char words[128], line[160], a[128], b[128];
	int cmd;

	assert_int_equal(game_move_parse(&liarsuno_ops, move, &mv, NULL), 0);
	cmd = liarsuno_ops.command(f->g, &mv, words, sizeof words);
	assert_string_equal(words, want);
	assert_true(cmd >= 0);
	assert_int_equal(liarsuno_ops.cmds[cmd].where & where, where);
	snprintf(line, sizeof line, "%s%s", where == GAME_WHERE_CHANNEL ?
	    "!" : "", words);
	if (fx_parse(f, mv.seat, line, &back) != 0)
		fail_msg("'%s' does not parse back: %s", line, f->cause);
	game_move_format(&liarsuno_ops, &mv, a, sizeof a);
	game_move_format(&liarsuno_ops, &back, b, sizeof b);
	assert_string_equal(b, a);
}

static void
test_command(void **state)
{
	struct fx *f = deal();
	struct game_move mv;
	char words[64];

	(void)state;
	assert_command(f, "0 play 4 0 -1 -1 0", "play r4", GAME_WHERE_CHANNEL);
	assert_command(f, "0 play 4 0 -1 -1 1", "play r4 uno",
	    GAME_WHERE_CHANNEL);
	assert_command(f, "0 play 15 1 5 -1 0", "play ~r5", GAME_WHERE_PRIVATE);
	assert_command(f, "0 play 65 1 6 -1 1", "play ~g3 as r6 uno",
	    GAME_WHERE_PRIVATE);
	assert_command(f, "0 play 4 1 4 -1 0", "play r4 as r4",
	    GAME_WHERE_PRIVATE);
	assert_command(f, "0 play 65 1 73 3 0", "play ~g3 as +4 blue",
	    GAME_WHERE_PRIVATE);
	assert_command(f, "0 play 104 1 73 0 0", "play ~+4 red",
	    GAME_WHERE_PRIVATE);
	assert_command(f, "0 play 108 0 -1 2 0", "play WLC green",
	    GAME_WHERE_CHANNEL);
	assert_command(f, "0 draw", "draw", GAME_WHERE_CHANNEL);
	assert_command(f, "1 uno", "uno", GAME_WHERE_PRIVATE);
	fx_ok(f, 0, "play ~g3 as r7");
	assert_command(f, "0 swap 2", "swap {p:2}", GAME_WHERE_CHANNEL);
	fx_ok(f, 0, "swap {p:2}");
	assert_command(f, "1 challenge", "challenge", GAME_WHERE_CHANNEL);
	fx_ok(f, 1, "draw");
	assert_command(f, "1 pass", "pass", GAME_WHERE_PRIVATE);
	fx_ok(f, 1, "pass");
	fx_ok(f, 2, "!play WLC yellow");
	/* Seat 0 holds seat 2's hand now. */
	assert_command(f, "0 put 58", "put g6", GAME_WHERE_PRIVATE);
	fx_ok(f, 0, "put g6");
	fx_ok(f, 1, "put y4");
	assert_command(f, "2 accuse 1", "challenge {p:1}", GAME_WHERE_CHANNEL);
	assert_command(f, "2 done", "done", GAME_WHERE_CHANNEL);
	assert_command(f, "2 done", "done", GAME_WHERE_PRIVATE);
	/* Moves nobody types. */
	liarsuno_ops.timeout(f->g, &mv);
	assert_int_equal(liarsuno_ops.command(f->g, &mv, words, sizeof words),
	    game_cmd_find(&liarsuno_ops, "challenge"));
	assert_string_equal(words, "challenge {p:0}");
	assert_int_equal(game_move_parse(&liarsuno_ops, "-1 close", &mv, NULL),
	    0);
	assert_int_equal(liarsuno_ops.command(f->g, &mv, words, sizeof words),
	    -1);
	assert_int_equal(game_move_parse(&liarsuno_ops, "1 leave", &mv, NULL),
	    0);
	assert_int_equal(liarsuno_ops.command(f->g, &mv, words, sizeof words),
	    -1);
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_where),
		T(test_parse_forms),
		T(test_parse_refused),
		T(test_check_refused),
		T(test_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
