/*
 * What a newcomer is taught: every variant's rules for a first game
 * (ops->rules) held to what they promise, checked against the code (each
 * move they show parses as the command it is, where it is typed, and
 * every command has one), and !rules, !rules GAME MOVE and !help at a
 * table as the bot says them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/lib/harness.h"
#include "games/cheater/cheater.h"
#include "games/liarsuno/liarsuno.h"

#define CH "#cheater"
#define LINES_MIN 3
#define LINES_MAX 6
#define LINE_MAX 320	/* bytes of a line as sent, its [#channel] tag
			 * too: well under 400 */

static void
drop_text(void *ctx, int seat, const char *text)
{
	(void)ctx;
	(void)seat;
	(void)text;
}

/* Deals where seat 0 holds every card its variant's rules show and has
 * the first turn, bob (seat 1) every card they show of his, so that a
 * move of the rules parses as it would in play.  NULL: any deal does. */
static void
stack_cheater(struct game *g)
{
	struct cheater_deal d = {
		.hands = { "rE rC TAKE SHOW BUST WILD HIDE",
		    "yA rC yE bC bH pA pT", "pC pH pE yT yR bE bA" },
		.discard = "bT", .draw = "bR pR yC", .dice = "1 2 3 4",
		.first = 0, .cheater = -1,
	};
	struct game_out out = { drop_text, NULL };

	assert_int_equal(cheater_stack(g, &d, &out, NULL), 0);
}

static void
stack_liarsuno(struct game *g)
{
	struct liarsuno_deal d = {
		.hands = { "~g3 r5 WLC ~r5 r4", "r9 g2", "g5 g6 b1" },
		.discard = "r7", .first = 0,
	};
	struct game_out out = { drop_text, NULL };

	assert_int_equal(liarsuno_stack(g, &d, &out, NULL), 0);
}

static const struct {
	const char *game;
	void (*stack)(struct game *g);
} stacks[] = {
	{ "cheater", stack_cheater },
	{ "liarsuno", stack_liarsuno },
};

/* Moves made before a command of the rules can be typed: "SEAT words". */
static const struct {
	const char *game, *cmd;
	const char *moves[3];
} preludes[] = {
	{ "cheater", "pick", { "0 take bob", "1 pass", NULL } },
	{ "cheater", "drop", { "0 bust bob", "1 pass", NULL } },
};

/* A new game of ops for three (or its fewest) seats, dealt for the
 * moves its rules show. */
static struct game *
rules_game(const struct game_ops *ops)
{
	struct game_out out = { drop_text, NULL };
	struct game_opts opts;
	struct game *g;
	struct rng r;
	size_t i;

	game_opts_default(ops, &opts);
	rng_seed(&r, 1);
	g = ops->create(&opts, ops->min_seats < 3 ? 3 : ops->min_seats, 0,
	    &r, &out, NULL);
	assert_non_null(g);
	for (i = 0; i < sizeof stacks / sizeof stacks[0]; i++) {
		if (strcmp(stacks[i].game, ops->name) == 0)
			stacks[i].stack(g);
	}
	return g;
}

/* Parses the move words (len bytes) typed by seat where, "bob" naming
 * seat 1 where the command takes a player, into mv; its command, -1 for
 * a bot command typed there (!hand), or a failed test. */
static int
parse_move(const struct game_ops *ops, struct game *g, int seat,
    const char *words, size_t len, enum game_where where,
    struct game_move *mv)
{
	char text[256], *argv[16], *cause = NULL, bob[] = "{p:1}";
	const struct cmd_entry *e;
	int argc = 0, cmd, i;

	assert_true(len > 0 && len < sizeof text);
	memcpy(text, words, len);
	text[len] = '\0';
	for (argv[argc] = strtok(text, " "); argv[argc] != NULL;
	    argv[++argc] = strtok(NULL, " "))
		assert_true(argc < 15);
	cmd = game_cmd_find_where(ops, argv[0], where);
	if (cmd < 0) {
		e = cmd_find(argv[0]);
		if (e == NULL || !(e->where & where))
			fail_msg("%s: '%.*s' is no move or command typed "
			    "there", ops->name, (int)len, words);
		return -1;
	}
	if (!(ops->cmds[cmd].where & where))
		fail_msg("%s: '%.*s' is not typed there", ops->name, (int)len,
		    words);
	for (i = 1; i < argc; i++) {
		if ((ops->cmds[cmd].seat_args & (1u << (i - 1))) &&
		    strcmp(argv[i], "bob") == 0)
			argv[i] = bob;
	}
	if (ops->parse(g, seat, cmd, argc - 1, argv + 1, mv, &cause) != 0)
		fail_msg("%s: '%.*s' does not parse: %s", ops->name, (int)len,
		    words, cause);
	return cmd;
}

/* A move of the rules, words (len bytes) typed where: it parses for
 * seat 0 in a game dealt for it, after the moves it needs first.  Its
 * command, or -1 for a bot command. */
static int
check_move(const struct game_ops *ops, const char *words, size_t len,
    enum game_where where)
{
	struct game_out out = { drop_text, NULL };
	struct game *g = rules_game(ops);
	struct game_move mv;
	char *cause = NULL;
	const char *m;
	size_t i, k;
	int cmd;

	for (i = 0; i < sizeof preludes / sizeof preludes[0]; i++) {
		if (strcmp(preludes[i].game, ops->name) != 0 ||
		    strncmp(preludes[i].cmd, words, strlen(preludes[i].cmd))
		    != 0 || words[strlen(preludes[i].cmd)] != ' ')
			continue;
		for (k = 0; (m = preludes[i].moves[k]) != NULL; k++) {
			parse_move(ops, g, m[0] - '0', m + 2, strlen(m + 2),
			    GAME_WHERE_BOTH, &mv);
			if (ops->check(g, &mv, &cause) != 0)
				fail_msg("%s: %s: %s", ops->name, m, cause);
			ops->apply(g, &mv, &out);
		}
	}
	cmd = parse_move(ops, g, 0, words, len, where, &mv);
	ops->destroy(g);
	return cmd;
}

/* Each variant's rules: 3 to 6 lines, short, no markup but the moves,
 * each move parsing as its command where it is typed, every command
 * shown at least once. */
static void
test_rules_texts(void **state)
{
	const struct game_ops *ops;
	const char *p, *end;
	unsigned shown;
	int v, n, i, cmd;

	(void)state;
	for (v = 0; game_table[v] != NULL; v++) {
		ops = game_table[v];
		assert_non_null(ops->rules);
		shown = 0;
		for (n = 0; ops->rules[n] != NULL; n++) {
			/* room for the bot's own words and the /msg NICK of
			 * each private move */
			assert_true(strlen(ops->rules[n]) <= 260);
			for (p = ops->rules[n]; *p != '\0'; p++) {
				if (*p == '}')
					fail_msg("%s: stray '}'", ops->name);
				if (*p != '{')
					continue;
				end = strchr(p, '}');
				if ((p[1] != 'c' && p[1] != 'm') ||
				    p[2] != ':' || end == NULL) {
					fail_msg("%s: stray '{'", ops->name);
					return;
				}
				cmd = check_move(ops, p + 3,
				    (size_t)(end - p - 3), p[1] == 'm' ?
				    GAME_WHERE_PRIVATE : GAME_WHERE_CHANNEL);
				if (cmd >= 0)
					shown |= 1u << cmd;
				p = end;
			}
		}
		assert_in_range(n, LINES_MIN, LINES_MAX);
		for (i = 0; ops->cmds[i].name != NULL; i++) {
			if (!(shown & (1u << i)))
				fail_msg("%s: no example of %s %s", ops->name,
				    ops->cmds[i].name, ops->cmds[i].usage);
		}
	}
}

/* !rules GAME in a channel: the lines go to the asker alone, 3 to 6 of
 * them, each short, the moves as typed (with the prefix, or as a /msg
 * to the bot). */
static void
test_rules_private(void **state)
{
	struct harness *h = harness_new(1, NULL);
	char cmd[64];
	int v, i;

	(void)state;
	for (v = 0; game_table[v] != NULL; v++) {
		harness_clear(h);
		snprintf(cmd, sizeof cmd, "!rules %s", game_table[v]->name);
		harness_say(h, "alice", CH, cmd);
		assert_in_range(harness_drain(h), LINES_MIN, LINES_MAX);
		for (i = 0; i < h->nsent; i++) {
			assert_int_equal(strncmp(h->sent[i], "NOTICE alice :",
			    14), 0);
			assert_true(strlen(h->sent[i]) <= LINE_MAX);
			assert_null(strchr(h->sent[i], '{'));
		}
		assert_non_null(strstr(h->sent[0], game_table[v]->title));
	}
	harness_clear(h);
	harness_say(h, "alice", CH, "!rules cheat");
	assert_true(harness_find(h, 0, "Cheat (2-10 players): Be the first "
	    "to get rid of all your cards.", NULL) == 0);
	assert_true(harness_find(h, 0, "/msg cheaterbot play 4h 4d", NULL) ==
	    1);
	assert_true(harness_find(h, 0, "!cheat, in the channel", NULL) == 2);
	harness_free(h);
}

/* !rules GAME MOVE: the command's usage, help, where it is typed and
 * its example from the rules; both of Liar's UNO's plays; a move the
 * game does not have. */
static void
test_rules_move(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	harness_say(h, "alice", CH, "!rules cheat play");
	assert_int_equal(harness_drain(h), 1);
	assert_true(harness_find(h, 0, "NOTICE alice :[#cheater] Cheat, in private: "
	    "play CARD... [as [COUNT] RANK]: lay cards",
	    "For example: /msg cheaterbot play 4h 4d", NULL) == 0);
	harness_clear(h);
	harness_say(h, "alice", "cheaterbot", "rules cheat !bs");
	assert_true(harness_find(h, 0, "in the channel or in private: cheat:",
	    "For example: !cheat", NULL) == 0);
	harness_clear(h);
	harness_say(h, "alice", CH, "!rules liarsuno play");
	assert_int_equal(harness_drain(h), 2);
	assert_true(harness_find(h, 0, "Liar's UNO, in the channel: play",
	    "For example: !play r5", NULL) >= 0);
	assert_true(harness_find(h, 0, "Liar's UNO, in private: play",
	    "For example: /msg cheaterbot play ~g3 as r7", NULL) >= 0);
	harness_clear(h);
	harness_say(h, "alice", CH, "!rules cheater cp3");
	assert_true(harness_find(h, 0, "steal NICK", "For example: "
	    "!steal bob", NULL) == 0);
	harness_clear(h);
	harness_say(h, "alice", CH, "!rules cheesedog zz");
	assert_true(harness_find(h, 0, "Cheesedog has no move 'zz'; its "
	    "moves: play, pickup, flip", NULL) == 0);
	harness_clear(h);
	harness_say(h, "alice", CH, "!rules liarsuno x y");
	assert_true(harness_find(h, 0, "usage: !rules [GAME [MOVE]]", NULL)
	    == 0);
	harness_free(h);
}

/* !help at a table lists its game's moves after the bot's commands;
 * !rules there needs no game named, and !rules MOVE is about its move. */
static void
test_help_at_table(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	harness_say(h, "alice", CH, "!help");
	assert_true(harness_find(h, 0, "Commands: games, play", NULL) == 0);
	assert_true(harness_find(h, 0, "moves:", NULL) < 0);
	harness_say(h, "alice", CH, "!play liarsuno");
	harness_clear(h);
	harness_say(h, "bob", CH, "!help");
	assert_true(harness_find(h, 0, "Commands: games, play", "unignore. ",
	    "Liar's UNO moves: play, draw, pass, swap, challenge, uno, put "
	    "(in private), done; !rules liarsuno MOVE explains one.", NULL) ==
	    0);
	harness_clear(h);
	harness_say(h, "alice", "cheaterbot", "rules");
	assert_true(harness_find(h, 0, "NOTICE alice :[#cheater] Liar's UNO (2-10 "
	    "players):", NULL) == 0);
	harness_clear(h);
	harness_say(h, "alice", CH, "!rules !swap");	/* a move there */
	assert_true(harness_find(h, 0, "NOTICE alice :[#cheater] Liar's UNO, in the "
	    "channel or in private: swap NICK:", "For example: !swap bob",
	    NULL) == 0);
	harness_clear(h);
	harness_say(h, "carol", "cheaterbot", "rules");
	assert_true(harness_find(h, 0, "which game?", NULL) == 0);
	harness_say(h, "carol", "cheaterbot", "rules swap");
	assert_true(harness_find(h, 0, "no game named 'swap'", NULL) == 1);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rules_texts),
		cmocka_unit_test(test_rules_private),
		cmocka_unit_test(test_rules_move),
		cmocka_unit_test(test_help_at_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
