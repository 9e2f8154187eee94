/*
 * Unit tests for games/cheater/ with stacked decks, what players type:
 * every input form parse() takes (aliases, card words either way round)
 * and refuses, every refusal of check() with its one-line reason (not
 * your turn, the wrong phase, cards not held, naming yourself or a player
 * who left, too many or too few cards), moves from the log checked as
 * strictly as typed ones, command() giving back what would be typed for
 * every kind of move, and random games in which no public line shows a
 * card only its holder may see.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "games/cheater/cheater.h"
#include "games/game.h"
#include "games/rng.h"
#include "tests/lib/cheater-deal.h"

/* Ids as stacked: the first free card of each face, seat by seat.  Seat
 * 0: rC 0, rH 2, rE 4, TAKE 56, SHOW 60, BUST 68, WILD 69; seat 1: yE 18,
 * yA 22, yT 24, yR 26, bC 42, bH 44, HIDE 64. */
static void
deal(struct fx *f, const char *dice, int first, int cheater)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE TAKE SHOW BUST WILD",
		    "yE yA yT yR bC bH HIDE", "pC pH pE pA pT pR rA" },
		.discard = "bT", .draw = "bE pC bA yC yH",
	};

	d.dice = dice;
	d.first = first;
	d.cheater = cheater;
	cx_stack(f, &d);
}

/* Parses a line typed by seat: its move's text form is want, which reads
 * back as the same move. */
static void
assert_parse(struct fx *f, int seat, const char *line, const char *want)
{
	struct game_move mv, back;
	char text[256];

	if (fx_parse(f, seat, line, &mv) != 0)
		fail_msg("'%s': %s", line, f->cause);
	game_move_format(&cheater_ops, &mv, text, sizeof text);
	assert_string_equal(text, want);
	assert_int_equal(game_move_parse(&cheater_ops, text, &back, NULL), 0);
	assert_memory_equal(&back, &mv, sizeof mv);
}

static void
assert_parse_fails(struct fx *f, int seat, const char *line,
    const char *want)
{
	struct game_move mv;

	assert_int_equal(fx_parse(f, seat, line, &mv), -1);
	assert_string_equal(f->cause, want);
}

static void
test_parse_forms(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2 1 2 3 4", 0, -1);
	assert_parse(f, 0, "draw", "0 draw");
	assert_parse(f, 0, "draw 2", "0 draw2");
	assert_parse(f, 0, "DRAW two", "0 draw2");
	assert_parse(f, 0, "draw2", "0 draw2");
	assert_parse(f, 0, "cp1", "0 draw2");
	assert_parse(f, 0, "grab", "0 grab");
	assert_parse(f, 0, "cp2", "0 grab");
	assert_parse(f, 0, "steal {p:1}", "0 steal 1");
	assert_parse(f, 0, "cp3 {p:2}", "0 steal 2");
	assert_parse(f, 0, "discard rC", "0 discard 0");
	assert_parse(f, 0, "dis Cr RH re", "0 discard 0 2 4");
	assert_parse(f, 0, "discard take wild", "0 discard 56 69");
	assert_parse(f, 0, "take {p:1}", "0 take 1 56");
	assert_parse(f, 0, "show {p:2}", "0 show 2 60");
	assert_parse(f, 0, "bust {p:1}", "0 bust 1 68");
	assert_parse(f, 0, "wild take {p:1}", "0 take 1 69");
	assert_parse(f, 0, "wild SHOW {p:2}", "0 show 2 69");
	assert_parse(f, 0, "wild bust {p:1}", "0 bust 1 69");
	assert_parse(f, 0, "wild hide", "0 hide 69");
	assert_parse(f, 0, "hide wild", "0 hide 69");
	assert_parse(f, 0, "hide", "0 hide 69");
	assert_parse(f, 1, "hide", "1 hide 64");
	assert_parse(f, 1, "pass", "1 pass");
	fx_ok(f, 0, "take {p:1}");
	fx_ok(f, 1, "pass");
	assert_parse(f, 0, "pick yE", "0 pick 18");
	assert_parse(f, 0, "pick eY", "0 pick 18");
	assert_parse(f, 0, "drop", "0 drop");
	assert_parse(f, 0, "drop yA HIDE bc", "0 drop 22 64 42");
	fx_free(f);
}

static void
test_parse_refused(void **state)
{
	static const char *const unknown = "unknown card 'zz': a card is its "
	    "suit's initial and its letter (rC is red C, bE blue E) or TAKE, "
	    "SHOW, HIDE, BUST, WILD";
	static const char *const wild = "say what the WILD plays as: wild "
	    "take NICK, wild show NICK, wild bust NICK or wild hide";
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2", 0, -1);
	assert_parse_fails(f, 0, "draw 3", "draw takes no arguments");
	assert_parse_fails(f, 0, "draw2 now", "draw2 takes no arguments");
	assert_parse_fails(f, 0, "grab it", "grab takes no arguments");
	assert_parse_fails(f, 1, "pass it", "pass takes no arguments");
	assert_parse_fails(f, 0, "discard", "say which cards: discard rE");
	assert_parse_fails(f, 0, "discard zz", unknown);
	assert_parse_fails(f, 0, "discard rx", "unknown card 'rx': a card is "
	    "its suit's initial and its letter (rC is red C, bE blue E) or "
	    "TAKE, SHOW, HIDE, BUST, WILD");
	assert_parse_fails(f, 0, "discard rR", "you hold no rR");
	assert_parse_fails(f, 0, "discard rC rC", "you hold no other rC");
	assert_parse_fails(f, 0, "take", "name one player: take NICK");
	assert_parse_fails(f, 0, "show {p:1} {p:2}", "name one player: show "
	    "NICK");
	assert_parse_fails(f, 0, "bust zed", "no player 'zed' at this table");
	assert_parse_fails(f, 0, "take {p:3}", "no player '{p:3}' at this "
	    "table");
	assert_parse_fails(f, 1, "take {p:0}", "you hold no TAKE");
	assert_parse_fails(f, 1, "show {p:0}", "you hold no SHOW");
	assert_parse_fails(f, 1, "bust {p:0}", "you hold no BUST");
	assert_parse_fails(f, 1, "wild take {p:0}", "you hold no WILD");
	assert_parse_fails(f, 0, "wild", wild);
	assert_parse_fails(f, 0, "wild take", wild);
	assert_parse_fails(f, 0, "wild steal {p:1}", wild);
	assert_parse_fails(f, 0, "steal", "name one player: steal NICK");
	assert_parse_fails(f, 0, "steal {p:9}", "no player '{p:9}' at this "
	    "table");
	assert_parse_fails(f, 0, "pick yE", "nobody's hand is open to pick "
	    "from now");
	assert_parse_fails(f, 0, "drop", "nobody's hand is open to drop from "
	    "now");
	fx_ok(f, 0, "take {p:1}");
	fx_ok(f, 1, "pass");
	assert_parse_fails(f, 0, "pick", "pick one card: pick rE");
	assert_parse_fails(f, 0, "pick yE yA", "pick one card: pick rE");
	assert_parse_fails(f, 0, "drop yE yE", "they hold no other yE");
	fx_free(f);
}

/* check(): who, when and what, each with its reason. */
static void
test_check_refused(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "2 2 3 4", 0, -1);
	fx_refused(f, 1, "draw", "it is not your turn");
	fx_refused(f, 1, "steal {p:0}", "it is not your turn");
	fx_refused(f, 2, "pass", "nobody has named you: there is nothing to "
	    "pass on");
	fx_refused(f, 0, "discard rC", "there is nothing to discard now");
	fx_refused(f, 0, "take {p:0}", "name another player, not yourself");
	fx_refused(f, 0, "steal {p:0}", "name another player, not yourself");
	fx_refused(f, 0, "hide", "nobody has named you: there is nothing to "
	    "hide from");
	fx_ok(f, 0, "draw2");
	fx_refused(f, 0, "take {p:1}", "you have drawn: now discard");
	fx_refused(f, 0, "grab", "you have drawn: now discard");
	fx_refused(f, 0, "discard rC", "discard exactly 2 cards");
	fx_refused(f, 0, "discard rC rH rE", "discard exactly 2 cards");
	assert_int_equal(fx_move(f, "0 discard 0 0"), -1);
	assert_string_equal(f->cause, "rC is named twice");
	assert_int_equal(fx_move(f, "0 discard 0 18"), -1);
	assert_string_equal(f->cause, "you hold no yE");
	assert_int_equal(fx_move(f, "0 discard 0 200"), -1);
	assert_string_equal(f->cause, "no card 200");
	assert_int_equal(fx_move(f, "0 discard 0 -1"), -1);
	assert_string_equal(f->cause, "no card -1");
	fx_ok(f, 0, "discard rC rH");
	/* Seat 1's turn: a player who left may not be named. */
	assert_int_equal(fx_move(f, "2 leave"), 0);
	assert_int_equal(fx_move(f, "1 take 2 64"), -1);
	assert_string_equal(f->cause, "that player is not in the game");
	fx_refused(f, 1, "steal {p:2}", "that player is not in the game");
	fx_refused(f, 2, "draw", "you are not in this game");
	fx_free(f);
}

/* Moves from the log: the same rules as typed ones. */
static void
test_move_text(void **state)
{
	static const struct {
		const char *text, *cause;
	} bad[] = {
		{ "0 take 1 60", "SHOW is not that action" },
		{ "0 show 1 56", "TAKE is not that action" },
		{ "0 bust 1 4", "rE is not that action" },
		{ "0 take 1 57", "you hold no TAKE" },
		{ "0 take 1", "an attack names a seat and a card" },
		{ "0 steal 1 69", "an attack names a seat and a card" },
		{ "0 take 5 56", "that player is not in the game" },
		{ "0 draw 1", "that takes no arguments" },
		{ "0 idle", "only the table plays a turn that ran out" },
		{ "-1 pass", "there is no window to close" },
		{ "-1 draw", "you are not in this game" },
		{ "3 draw", "you are not in this game" },
		{ "1 hide 64", "nobody has named you: there is nothing to hide "
		    "from" },
		{ "0 pick 18", "there is nothing to pick now" },
		{ "0 leave 1", "leave takes no arguments" },
	};
	struct fx *f = cx_new(3, 2, 0);
	char text[64];
	size_t i;

	(void)state;
	deal(f, "1 2 3 4", 0, -1);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(fx_move(f, bad[i].text), -1);
		assert_string_equal(f->cause, bad[i].cause);
	}
	assert_int_equal(fx_move(f, "0 take 1 56"), 0);
	assert_int_equal(fx_move(f, "1 hide"), -1);
	assert_string_equal(f->cause, "hide plays one card");
	assert_int_equal(fx_move(f, "1 hide 18"), -1);
	assert_string_equal(f->cause, "only HIDE or WILD hides a hand");
	assert_int_equal(fx_move(f, "1 hide 65"), -1);
	assert_string_equal(f->cause, "you hold no HIDE");
	assert_int_equal(fx_move(f, "1 pass 1"), -1);
	assert_string_equal(f->cause, "pass takes no arguments");
	assert_int_equal(fx_move(f, "-1 idle"), -1);
	assert_string_equal(f->cause, "only the table plays a turn that ran "
	    "out");
	assert_int_equal(fx_move(f, "1 hide 64"), 0);
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "-1 idle");
	fx_free(f);
}

/* command() writes what the player would type; typed back it is the
 * same move, which check() accepts.  Moves nobody types give -1. */
static void
round_trip(struct fx *f, int seat, const char *line, const char *want)
{
	struct game_move mv, back;
	char words[128];
	int cmd;

	if (fx_parse(f, seat, line, &mv) != 0)
		fail_msg("'%s': %s", line, f->cause);
	cmd = cheater_ops.command(f->g, &mv, words, sizeof words);
	assert_string_equal(words, want);
	assert_true(cmd >= 0);
	assert_int_equal(cheater_ops.cmds[cmd].where, GAME_WHERE_BOTH);
	assert_int_equal(game_cmd_find(&cheater_ops, strtok(words, " ")),
	    cmd);
	assert_int_equal(cheater_ops.command(f->g, &mv, words, sizeof words),
	    cmd);
	assert_int_equal(fx_parse(f, seat, words, &back), 0);
	assert_memory_equal(&back, &mv, sizeof mv);
	if (fx_apply(f, &mv) != 0)
		fail_msg("'%s' refused: %s", words, f->cause);
}

static void
test_command_round_trip(void **state)
{
	static const struct {
		const char *dice;
		int first, cheater;
		struct {
			int seat;
			const char *line, *words;
		} step[4];
	} cases[] = {
		{ "3 3 1 2", 0, -1, { { 0, "cp1", "draw2" },
		    { 0, "dis rc Hr", "discard rC rH" }, { 1, "draw", "draw" },
		    { 1, "discard bA", "discard bA" } } },
		{ "4 4", 0, -1, { { 0, "cp2", "grab" },
		    { 0, "discard bt", "discard bT" } } },
		{ "5 5", 0, -1, { { 0, "cp3 {p:1}", "steal {p:1}" },
		    { 1, "pass", "pass" }, { 0, "pick yE", "pick yE" },
		    { 0, "discard yE", "discard yE" } } },
		{ "1 2", 0, -1, { { 0, "take {p:1}", "take {p:1}" },
		    { 1, "hide", "hide" } } },
		{ "1 2", 0, -1, { { 0, "show {p:2}", "show {p:2}" },
		    { 2, "pass", "pass" } } },
		{ "1 2 3", 0, -1, { { 0, "bust {p:1}", "bust {p:1}" },
		    { 1, "pass", "pass" }, { 0, "drop ya Bc", "drop yA bC" } } },
		{ "1 2 1", 0, -1, { { 0, "wild bust {p:1}", "wild bust {p:1}" },
		    { 1, "pass", "pass" }, { 0, "drop", "drop" } } },
		{ "1 2", 0, -1, { { 0, "wild take {p:1}", "wild take {p:1}" },
		    { 1, "pass", "pass" }, { 0, "pick HIDE", "pick HIDE" } } },
		{ "1 2", 0, -1, { { 0, "wild show {p:2}", "wild show {p:2}" },
		    { 2, "pass", "pass" } } },
		/* Hide falls back on the WILD, and says so. */
		{ "1 2", 1, 1, { { 1, "steal {p:0}", "steal {p:0}" },
		    { 0, "hide", "wild hide" } } },
		{ "1 2", 1, 1, { { 1, "steal {p:0}", "steal {p:0}" },
		    { 0, "wild hide", "wild hide" } } },
	};
	struct game_move mv;
	struct fx *f;
	char words[128];
	size_t i, k;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		f = cx_new(3, 2, 0);
		deal(f, cases[i].dice, cases[i].first, cases[i].cheater);
		for (k = 0; k < 4 && cases[i].step[k].line != NULL; k++)
			round_trip(f, cases[i].step[k].seat,
			    cases[i].step[k].line, cases[i].step[k].words);
		fx_free(f);
	}
	/* The table's moves and a leave are typed by nobody. */
	f = cx_new(3, 2, 0);
	deal(f, "1 2", 0, -1);
	cheater_ops.timeout(f->g, &mv);
	assert_int_equal(cheater_ops.command(f->g, &mv, words, sizeof words),
	    -1);
	assert_int_equal(game_move_parse(&cheater_ops, "1 leave", &mv, NULL),
	    0);
	assert_int_equal(cheater_ops.command(f->g, &mv, words, sizeof words),
	    -1);
	fx_ok(f, 0, "take {p:1}");
	cheater_ops.timeout(f->g, &mv);
	assert_int_equal(mv.seat, GAME_SEAT_TABLE);
	assert_int_equal(cheater_ops.command(f->g, &mv, words, sizeof words),
	    -1);
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_parse_forms),
		T(test_parse_refused),
		T(test_check_refused),
		T(test_move_text),
		T(test_command_round_trip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
