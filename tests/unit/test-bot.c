/*
 * Transcript tests of the bot core: raw IRC lines in, the lines the bot
 * would send out (tests/lib/harness.c), with the clock advanced by hand.
 * They cover the lobby, a whole game of Cheat, challenge windows and ties,
 * turn timers, bad input, secrets and line limits.
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
#include "games/cheat/cheat.h"
#include "games/cheater/cheater.h"
#include "games/liarsuno/liarsuno.h"
#include "storage/store.h"

#define CH "#cheater"

/* A Cheat game (with opts) for the nicks, NULL-terminated. */
#define deal(seed, opts, ...) \
	deal_game(harness_new((seed), NULL), "cheat " opts, __VA_ARGS__)

static struct harness *
deal_game(struct harness *h, const char *game, ...)
{
	const char *nicks[GAME_MAX_SEATS + 1], *nick;
	va_list ap;
	int n = 0;

	va_start(ap, game);
	while ((nick = va_arg(ap, const char *)) != NULL && n < GAME_MAX_SEATS)
		nicks[n++] = nick;
	va_end(ap);
	nicks[n] = NULL;
	harness_deal(h, game, nicks);
	return h;
}

static void
test_connect_joins(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	bot_connected(h->bot, "cheaterbot", h->now);
	assert_true(harness_find(h, 0, "JOIN #cheater", NULL) >= 0);
	harness_free(h);
}

static void
test_games_help_rules(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	harness_say(h, "alice", CH, "!games");
	assert_true(harness_find(h, 0, "PRIVMSG #cheater :Games:",
	    "cheat (Cheat, 2-10 players)", NULL) >= 0);
	harness_say(h, "alice", CH, "!help");
	assert_true(harness_find(h, 0, "Commands: games, play, join", NULL)
	    >= 0);
	harness_say(h, "alice", CH, "!help top");
	assert_true(harness_find(h, 0,
	    "!top [GAME] [wins|streak|games|run|titles|losses|safe|liar|"
	    "detector|rating|solo]", NULL)
	    >= 0);
	harness_say(h, "alice", CH, "!help bs");
	assert_true(harness_find(h, 0, "cheat", "[cheat, anywhere]", NULL)
	    >= 0);
	harness_say(h, "alice", CH, "!rules cheat");
	assert_true(harness_find(h, 0, "NOTICE alice :[#cheater] Cheat (2-10 players)",
	    NULL) >= 0);
	assert_true(harness_find(h, 0, "/msg cheaterbot play 4h 4d", NULL) >=
	    0);
	harness_free(h);
}

static void
test_unknown_and_bad_commands(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	harness_say(h, "alice", CH, "!frobnicate now");
	assert_int_equal(h->nsent, 0);
	assert_int_equal(harness_drain(h), 1);
	assert_non_null(strstr(h->sent[0], "NOTICE alice :[#cheater] "
	    "unknown command 'frobnicate'"));
	harness_say(h, "alice", CH, "!play");
	assert_true(harness_find(h, 1, "usage: !play GAME", NULL) == 1);
	harness_say(h, "alice", CH, "!play chess");
	assert_true(harness_find(h, 2, "no game named 'chess'", NULL) == 2);
	harness_say(h, "alice", CH, "!play cheat decks=9");
	assert_true(harness_find(h, 3, "option 'decks'", NULL) == 3);
	harness_say(h, "bob", "cheaterbot", "hand");
	assert_true(harness_find(h, 4, "NOTICE bob", "you are not in a game",
	    NULL) == 4);
	harness_say(h, "bob", CH, "!join");
	assert_true(harness_find(h, 5, "no lobby is open here", NULL) == 5);
	harness_say(h, "bob", "cheaterbot", "play 4h as fours");
	assert_true(harness_find(h, 6, "you are not in a game", NULL) == 6);
	assert_int_equal(h->nsent, 7);
	assert_null(harness_table(h));
	harness_free(h);
}

/* Percentages round to the nearest, halves up. */
static void
test_percent(void **state)
{
	(void)state;
	assert_int_equal(cmd_percent(1, 6), 17);
	assert_int_equal(cmd_percent(1, 3), 33);
	assert_int_equal(cmd_percent(2, 3), 67);
	assert_int_equal(cmd_percent(1, 8), 13);
	assert_int_equal(cmd_percent(1, 2), 50);
	assert_int_equal(cmd_percent(0, 7), 0);
	assert_int_equal(cmd_percent(7, 7), 100);
	assert_int_equal(cmd_percent(3, 0), 0);
}

/* A word typed is repeated whole when short, else cut to 30 bytes
 * between UTF-8 characters with "..." after. */
static void
test_quote(void **state)
{
	char buf[CMD_QUOTE_SIZE], word[64];

	(void)state;
	cmd_quote(buf, sizeof buf, "frob");
	assert_string_equal(buf, "frob");
	memset(word, 'x', 30);
	word[30] = '\0';
	cmd_quote(buf, sizeof buf, word);
	assert_string_equal(buf, word);
	word[30] = 'y';
	word[31] = '\0';
	cmd_quote(buf, sizeof buf, word);
	assert_string_equal(buf, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...");
	/* An e acute (two bytes) across byte 30 is left out whole. */
	memcpy(word + 29, "\xc3\xa9zz", 5);
	cmd_quote(buf, sizeof buf, word);
	assert_string_equal(buf, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxx...");
}

/* A 495-character junk command comes back quoted short, in one line. */
static void
test_unknown_junk(void **state)
{
	struct harness *h = harness_new(1, NULL);
	char junk[500];

	(void)state;
	junk[0] = '!';
	memset(junk + 1, 'q', 495);
	junk[496] = '\0';
	harness_say(h, "alice", CH, junk);
	assert_int_equal(harness_drain(h), 1);
	assert_non_null(strstr(h->sent[0], "unknown command "
	    "'qqqqqqqqqqqqqqqqqqqqqqqqqqqqqq...'; try !help"));
	assert_true(strlen(h->sent[0]) < 120);
	harness_say(h, "alice", CH, "!help zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz");
	assert_int_equal(harness_drain(h), 1);
	assert_non_null(strstr(h->sent[1], "no command "
	    "'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...'"));
	harness_free(h);
}

/* The options that differ from a game's defaults, in words. */
static void
test_option_words(void **state)
{
	static const struct {
		const struct game_ops *ops;
		const char *typed, *words;
	} cases[] = {
		{ &cheat_ops, "", "" },
		{ &cheat_ops, "decks=0 loser=0", "" },
		{ &cheat_ops, "decks=2 loser=1", "2 decks, loser game" },
		{ &cheat_ops, "decks=1", "1 deck" },
		{ &cheater_ops, "decks=2", "2 decks (Party Cheater)" },
		{ &questions_ops, "decks=2", "2 decks" },
		{ &liarsuno_ops, "points=1 target=300",
		    "played for points, to 300 points" },
		{ &liarsuno_ops, "points=1", "played for points" },
	};
	const struct game_option *o;
	struct game_opts opts;
	char typed[64], *w, *save, buf[128];
	size_t i;
	int g, k, v;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		game_opts_default(cases[i].ops, &opts);
		snprintf(typed, sizeof typed, "%s", cases[i].typed);
		for (w = strtok_r(typed, " ", &save); w != NULL;
		    w = strtok_r(NULL, " ", &save))
			assert_int_equal(game_opts_set(cases[i].ops, &opts, w,
			    NULL), 0);
		game_opts_words(cases[i].ops, &opts, buf, sizeof buf);
		assert_string_equal(buf, cases[i].words);
	}
	/* Cut short, still terminated. */
	game_opts_default(&cheat_ops, &opts);
	opts.v[0] = 2;
	game_opts_words(&cheat_ops, &opts, buf, 6);
	assert_string_equal(buf, "2 dec");
	/* Every value of every option has words of its own (a long range
	 * at its ends and middle): none empty, none with the table's '|'
	 * or '#' left in. */
	for (g = 0; game_table[g] != NULL; g++) {
		for (k = 0, o = game_table[g]->options; o != NULL &&
		    o->name != NULL; k++, o++) {
			for (v = o->min; v <= o->max; v++) {
				if (o->max - o->min > 10 && v != o->min &&
				    v != o->max && v != (o->min + o->max) / 2)
					continue;
				game_opts_default(game_table[g], &opts);
				opts.v[k] = v;
				game_opts_words(game_table[g], &opts, buf,
				    sizeof buf);
				if (v == o->def)
					assert_string_equal(buf, "");
				else
					assert_true(*buf != '\0' &&
					    strpbrk(buf, "|#") == NULL);
			}
		}
	}
}

/* The lobby line names what differs from the game's defaults; !help
 * play lists every game's options. */
static void
test_lobby_options(void **state)
{
	struct harness *h = harness_new(1, NULL);
	int i;

	(void)state;
	harness_say(h, "alice", CH, "!play cheat decks=2 loser=1");
	assert_true(harness_find(h, 0, "alice opens a Cheat lobby (2 decks, "
	    "loser game). Type !join", NULL) >= 0);
	harness_say(h, "alice", CH, "!status");
	assert_true(harness_find(h, 0, "Cheat lobby (2 decks, loser game): "
	    "alice (1 seated", NULL) >= 0);
	harness_say(h, "alice", CH, "!stop");
	harness_say(h, "alice", CH, "!play cheat");
	assert_true(harness_find(h, 0, "alice opens a Cheat lobby. Type",
	    NULL) >= 0);
	harness_say(h, "alice", CH, "!stop");
	harness_clear(h);
	harness_say(h, "bob", CH, "!help play");
	assert_true(harness_drain(h) >= 2);
	assert_true(harness_find(h, 0, "!play GAME [option=value ...] "
	    "[bots=N] [level=L]: ", NULL) == 0);
	assert_true(harness_find(h, 1, "Options (!play GAME option=value "
	    "...): cheat: decks=0|1|2 (decks of 52", "loser=0|1 (", NULL)
	    == 1);
	assert_true(harness_find(h, 1, "cheater: decks=0|1|2", NULL) >= 1);
	assert_true(harness_find(h, 1, "questions: decks=1|2", NULL) >= 1);
	assert_true(harness_find(h, 1, "liarsuno: points=0|1 (",
	    "target=50-2000 (", NULL) >= 1);
	assert_true(harness_find(h, 1, "cheesedog: none.", NULL) >= 1);
	for (i = 0; i < h->nsent; i++)
		assert_true(strlen(h->sent[i]) < 400);
	harness_free(h);
}

static void
test_lobby(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	harness_say(h, "alice", CH, "!play cheat");
	assert_true(harness_find(h, 0, "alice opens a Cheat lobby", NULL)
	    >= 0);
	harness_say(h, "alice", CH, "!start");
	assert_true(harness_find(h, 0, "Cheat needs at least 2 players",
	    NULL) >= 0);
	harness_say(h, "bob", CH, "!join");
	harness_say(h, "bob", CH, "!join");
	assert_true(harness_find(h, 0, "you are already seated", NULL) >= 0);
	harness_say(h, "bob", CH, "!start");
	assert_true(harness_find(h, 0, "alice opened this lobby", NULL) >= 0);
	harness_say(h, "carol", CH, "!play cheat");
	assert_true(harness_find(h, 0, "a cheat lobby is already on here",
	    NULL) >= 0);
	harness_say(h, "carol", CH, "!stop");
	assert_true(harness_find(h, 0, "only the opener", NULL) >= 0);
	harness_say(h, "bob", CH, "!leave");
	assert_true(harness_find(h, 0, "bob leaves the Cheat lobby.", NULL)
	    >= 0);
	harness_advance(h, (uint64_t)h->conf.lobby_expire_ms);
	assert_true(harness_find(h, 0, "lobby closed", NULL) >= 0);
	assert_null(harness_table(h));
	harness_free(h);
}

static void
test_anyone_starts_after_wait(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	harness_say(h, "alice", CH, "!play cheat");
	harness_say(h, "bob", CH, "!join");
	harness_advance(h, (uint64_t)h->conf.lobby_start_ms);
	harness_say(h, "bob", CH, "!start");
	assert_int_equal(harness_table(h)->state, TABLE_PLAYING);
	harness_free(h);
}

/* Every hand goes to its owner only, names the channel, and no channel
 * line shows a card that is not face up. */
static void
test_deal_secrets(void **state)
{
	struct harness *h = deal(7, "", "alice", "bob", "carol", NULL);
	const char *nicks[] = { "alice", "bob", "carol" };
	char want[64];
	int i, line;

	(void)state;
	for (i = 0; i < 3; i++) {
		snprintf(want, sizeof want, "NOTICE %s :[#cheater] Your ",
		    nicks[i]);
		line = harness_find(h, 0, want, "Your hand (", NULL);
		assert_true(line >= 0);
	}
	for (i = 0; i < h->nsent; i++) {
		if (strstr(h->sent[i], "PRIVMSG #cheater") != NULL)
			assert_null(strstr(h->sent[i], "Your hand"));
	}
	harness_free(h);
}

/* A whole game with default plays and no calls: the table's window close
 * ends it, the result is stored and !stats reports it. */
static void
test_whole_game(void **state)
{
	struct harness *h = deal(11, "", "alice", "bob", "carol", NULL);
	int moves = 0;

	(void)state;
	while (harness_table(h) != NULL && harness_turn(h) >= 0 && moves < 200) {
		harness_play(h);
		moves++;
	}
	assert_non_null(harness_table(h));
	harness_advance(h, (uint64_t)h->conf.challenge_close_ms);
	assert_null(harness_table(h));
	assert_true(harness_find(h, 0, "Game over!", "wins Cheat", NULL) >= 0);
	harness_say(h, "alice", CH, "!top cheat games");
	assert_true(harness_find(h, 0, "Top Cheat, games:", "alice (1 played)",
	    NULL) >= 0);
	harness_say(h, "bob", CH, "!stats carol cheat");
	assert_true(harness_find(h, 0, "carol, Cheat:", "of 1 played", NULL)
	    >= 0);
	harness_free(h);
}

/* Two calls inside the tie window: the caller nearest clockwise from the
 * accused wins; the other is told it came too late. */
static void
test_challenge_tie(void **state)
{
	struct harness *h = deal(3, "", "alice", "bob", "carol", "dave",
	    NULL);
	struct table *t = harness_table(h);
	int accused, near, far, before;

	(void)state;
	harness_play(h);	/* a face-up opening: nothing to call */
	accused = harness_turn(h);
	harness_play(h);
	near = (accused + 1) % 4;
	far = (accused + 3) % 4;
	before = h->nsent;
	harness_say(h, t->seats[far].nick, CH, "!cheat");
	harness_advance(h, 100);
	harness_say(h, t->seats[near].nick, CH, "!bs");
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
	assert_true(harness_find(h, before, t->seats[near].nick, "cheat",
	    NULL) >= 0);
	assert_true(harness_find(h, before, "too late", NULL) >= 0);
	harness_free(h);
}

/* The next player's play inside the minimum window is held, then made;
 * a call that comes meanwhile is settled first. */
static void
test_held_play(void **state)
{
	struct harness *h = deal(5, "", "alice", "bob", "carol", NULL);
	struct table *t = harness_table(h);
	int caller;

	(void)state;
	harness_play(h);		/* face up: no window */
	harness_type(h);		/* face down: a window opens */
	assert_int_equal(t->nmoves, 2);
	harness_type(h);		/* too soon: held */
	assert_int_equal(t->nmoves, 2);
	assert_true(t->held);
	harness_advance(h, (uint64_t)h->conf.challenge_min_ms);
	assert_int_equal(t->nmoves, 3);
	assert_false(t->held);

	/* Held again, and a call lands just before the window's minimum. */
	caller = (harness_turn(h) + 1) % 3;
	harness_type(h);
	assert_true(t->held);
	harness_advance(h, (uint64_t)h->conf.challenge_min_ms - 100);
	harness_say(h, t->seats[caller].nick, CH, "!cheat");
	harness_advance(h, 100);
	assert_int_equal(t->nmoves, 3);	/* the call is settled first */
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
	assert_true(t->nmoves >= 4);
	assert_true(harness_find(h, 0, t->seats[caller].nick, "calls cheat",
	    NULL) >= 0);
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
	assert_false(t->held);
	assert_true(harness_find(h, 0, "a call is being settled", NULL) < 0);
	harness_free(h);
}

static void
drop_text(void *ctx, int seat, const char *text)
{
	(void)ctx;
	(void)seat;
	(void)text;
}

/* A game of Liar's UNO among alice, bob and carol in which alice has just
 * played her last card but one face down without calling UNO: she owes
 * the call, and the window to challenge her card is open. */
static struct harness *
uno_owed(void)
{
	struct harness *h = deal_game(harness_new(3, NULL), "liarsuno",
	    "alice", "bob", "carol", NULL);
	struct liarsuno_deal d = {
		.hands = {"~r5 r3", "r4 r9 g2", "g5 g6 b1"},
		.discard = "r7",
		.first = 0,
	};
	struct game_out out = {drop_text, NULL};
	char *cause = NULL;

	assert_int_equal(liarsuno_stack(harness_table(h)->g, &d, &out,
	    &cause), 0);
	harness_say(h, "alice", "cheaterbot", "play ~r5");
	assert_int_equal(harness_table(h)->nmoves, 1);
	return h;
}

/* Calling UNO is an aside: another player's call goes through at once
 * while the next player's move is held for the challenge window, and
 * while a challenge is being settled. */
static void
test_aside_not_held(void **state)
{
	struct harness *h = uno_owed();
	struct table *t = harness_table(h);
	int before = h->nsent;

	(void)state;
	harness_say(h, "bob", CH, "!play r4");	/* too soon: held */
	assert_true(t->held);
	harness_say(h, "carol", CH, "!uno");
	assert_int_equal(t->nmoves, 2);
	assert_true(harness_find(h, before, "carol calls UNO first! alice "
	    "draws two cards.", NULL) >= 0);
	assert_true(harness_find(h, before, "already waiting", NULL) < 0);
	harness_advance(h, (uint64_t)h->conf.challenge_min_ms);
	assert_int_equal(t->nmoves, 3);		/* bob's play */
	assert_true(harness_find(h, before, "bob plays r4", NULL) >= 0);
	harness_free(h);

	h = uno_owed();
	t = harness_table(h);
	before = h->nsent;
	harness_say(h, "carol", CH, "!challenge");	/* in the tie */
	assert_int_equal(t->tie_seats, 1u << 2);
	harness_say(h, "bob", "cheaterbot", "uno");
	assert_int_equal(t->nmoves, 2);
	assert_true(harness_find(h, before, "bob calls UNO first! alice "
	    "draws two cards.", NULL) >= 0);
	assert_true(harness_find(h, before, "being settled", NULL) < 0);
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
	assert_int_equal(t->nmoves, 3);		/* carol's challenge */
	assert_true(harness_find(h, before, "carol challenges alice: ~r5, "
	    "true!", NULL) >= 0);
	harness_free(h);
}

/* A turn that times out gets the default move; max_timeouts in a row
 * remove the player. */
static void
test_turn_timeout(void **state)
{
	struct harness *h = deal(9, "", "alice", "bob", "carol", NULL);
	struct table *t = harness_table(h);
	int seat = harness_turn(h);
	char nick[NICK_MAX];

	(void)state;
	snprintf(nick, sizeof nick, "%s", t->seats[seat].nick);
	harness_advance(h, (uint64_t)(h->conf.turn_ms - h->conf.turn_warn_ms));
	assert_true(harness_find(h, 0, "20 seconds left for your turn", NULL)
	    >= 0);
	harness_advance(h, (uint64_t)h->conf.turn_warn_ms);
	assert_true(harness_find(h, 0, nick, "ran out of time", NULL) >= 0);
	while (harness_table(h) != NULL && !t->seats[seat].gone) {
		if (harness_turn(h) < 0)
			harness_advance(h, (uint64_t)h->conf.challenge_close_ms);
		else if (harness_turn(h) == seat)
			harness_advance(h, (uint64_t)h->conf.turn_ms);
		else
			harness_play(h);
	}
	assert_true(harness_find(h, 0, nick, "timed out 3 times", NULL) >= 0);
	if (harness_table(h) != NULL) {
		harness_say(h, nick, "cheaterbot", "hand");
		assert_true(harness_find(h, 0, "you are not in a game", NULL)
		    >= 0);
	}
	harness_free(h);
}

/* Moves out of turn, cards not held, moves by spectators, calls by the
 * accused: one-line reasons, nothing changes. */
static void
test_bad_moves(void **state)
{
	struct harness *h = deal(13, "", "alice", "bob", "carol", NULL);
	struct table *t = harness_table(h);
	int seat = harness_turn(h), other = (seat + 1) % 3, before;

	(void)state;
	before = h->nsent;
	harness_say(h, t->seats[other].nick, "cheaterbot", "play 2h as twos");
	harness_say(h, t->seats[seat].nick, "cheaterbot", "play zz");
	harness_say(h, t->seats[seat].nick, CH, "!play 4h");
	harness_say(h, "dave", CH, "!cheat");
	harness_say(h, "dave", "cheaterbot", "play 4h");
	harness_say(h, t->seats[seat].nick, CH, "!cheat");
	/* Not a misplaced move: the bot's !play, naming a game. */
	harness_say(h, t->seats[seat].nick, CH, "!play cheater");
	assert_int_equal(harness_drain(h), 7);
	assert_int_equal(t->nmoves, 0);
	assert_true(harness_find(h, before, "keep your cards secret", NULL)
	    >= 0);
	assert_true(harness_find(h, before, "a cheat game is already on here",
	    NULL) >= 0);
	assert_true(harness_find(h, before, "NOTICE dave",
	    "not playing in this game", NULL) >= 0);
	assert_true(harness_find(h, before, "NOTICE dave",
	    "you are not in a game", NULL) >= 0);
	harness_free(h);
}

/* No input puts CR or LF on the wire, and no line passes 510 bytes. */
static void
test_wire_safety(void **state)
{
	struct harness *h = deal(17, "decks=2", "alice", "bob", NULL);
	char evil[1200];
	int i;

	(void)state;
	memset(evil, 'x', sizeof evil);
	memcpy(evil, "!stats a\r\nQUIT :x\r\n", 19);
	evil[sizeof evil - 1] = '\0';
	harness_say(h, "carol", CH, evil);
	harness_say(h, "alice", CH, "!set colour on");
	harness_say(h, "alice", CH, "!hand");
	harness_drain(h);
	for (i = 0; i < h->nsent; i++) {
		assert_true(strlen(h->sent[i]) <= QUEUE_LINE_MAX);
		assert_null(strchr(h->sent[i], '\r'));
		assert_null(strchr(h->sent[i], '\n'));
	}
	harness_free(h);
}

/* The longest Cheat hand (52 cards, colours on) fits the line limit with
 * the bot's prefix; longer text is split between words, every part naming
 * the channel, no word cut and no byte lost. */
static void
test_long_lines_split(void **state)
{
	struct harness *h = deal(19, "decks=2", "alice", "bob", NULL);
	size_t room = 1 + strlen("cheaterbot") + 1 + 11 + 1 + 63 + 1;
	struct buf text = BUF_INIT, joined = BUF_INIT;
	int i;

	(void)state;
	harness_say(h, "alice", CH, "!set colour on");
	harness_drain(h);
	harness_clear(h);
	harness_say(h, "alice", "cheaterbot", "hand");
	assert_int_equal(harness_drain(h), 1);
	assert_non_null(strstr(h->sent[0], "Your hand (52): "));
	assert_true(strlen(h->sent[0]) + room <= QUEUE_LINE_MAX);
	harness_clear(h);
	for (i = 0; i < 300; i++)
		buf_addf(&text, "%s\00304Q\xe2\x99\xa5\003", i > 0 ? " " : "");
	say_to(h->bot, "alice", 1, chan_find(h->bot, CH), buf_str(&text));
	assert_true(harness_drain(h) >= 3);
	for (i = 0; i < h->nsent; i++) {
		assert_true(strlen(h->sent[i]) + room <= QUEUE_LINE_MAX);
		assert_int_equal(strncmp(h->sent[i],
		    "NOTICE alice :[#cheater] ", 25), 0);
		buf_addf(&joined, "%s%s", i > 0 ? " " : "", h->sent[i] + 25);
	}
	assert_string_equal(buf_str(&joined), buf_str(&text));
	buf_free(&text);
	buf_free(&joined);
	harness_free(h);
}

/* A right call: the accused picks up the pile; an operator stops the
 * game at once, a player only votes to. */
static void
test_right_call_and_stop(void **state)
{
	struct harness *h = deal(23, "", "alice", "bob", "carol", NULL);
	struct table *t = harness_table(h);
	int seat = harness_turn(h), caller = (seat + 1) % 3;
	const struct cards *hand = cheat_hand(t->g, seat);
	char text[64], a[16], b[16];
	int ra = cards_rank(hand->c[0]), i, other = -1, before;

	(void)state;
	for (i = 1; i < hand->n; i++) {
		if (cards_rank(hand->c[i]) != ra)
			other = hand->c[i];
	}
	assert_true(other >= 0);
	cards_plain(hand->c[0], a, sizeof a);
	cards_plain(other, b, sizeof b);
	/* An opening play is face up; play it honestly, then lie. */
	snprintf(text, sizeof text, "play %s", a);
	harness_say(h, t->seats[seat].nick, "cheaterbot", text);
	harness_advance(h, (uint64_t)h->conf.challenge_min_ms);
	harness_play(h);
	before = h->nsent;
	harness_say(h, t->seats[caller].nick, CH, "!cheat");
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
	assert_true(harness_find(h, before, "cheat", NULL) >= 0);
	harness_say(h, "dave", CH, "!stop");
	assert_true(harness_find(h, 0, "NOTICE dave", "only the people playing it",
	    "operator", NULL) >= 0);
	harness_say(h, "alice", CH, "!stop");
	assert_true(harness_find(h, 0, "alice wants to stop the Cheat game: "
	    "1 of 3 want to, 2 needed within 5 minutes (!stop).", NULL) >= 0);
	assert_non_null(harness_table(h));
	harness_say(h, "oper", CH, "!stop");
	assert_true(harness_find(h, 0, "oper stopped the Cheat game", NULL)
	    >= 0);
	assert_null(harness_table(h));
	harness_free(h);
}

/* A player kicked from the channel leaves the game; their seat is gone. */
static void
test_kick_leaves_game(void **state)
{
	struct harness *h = deal(29, "", "alice", "bob", "carol", NULL);
	struct table *t = harness_table(h);

	(void)state;
	harness_line(h, ":oper!oper@test.host KICK #cheater bob :bye");
	assert_true(t->seats[1].gone);
	assert_true(harness_find(h, 0, "bob", "left", NULL) >= 0 ||
	    harness_find(h, 0, "bob", "leaves", NULL) >= 0);
	harness_say(h, "bob", "cheaterbot", "hand");
	assert_true(harness_find(h, 0, "NOTICE bob", "you are not in a game",
	    NULL) >= 0);
	harness_free(h);
}

/* Preferences persist in storage: notice off means PRIVMSG. */
static void
test_preferences(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	harness_say(h, "alice", "cheaterbot", "set notice off");
	assert_true(harness_find(h, 0, "PRIVMSG alice :", "PRIVMSG", NULL)
	    >= 0);
	harness_say(h, "alice", "cheaterbot", "set colour maybe");
	assert_true(harness_find(h, 0, "say on or off, not 'maybe'", NULL)
	    >= 0);
	harness_say(h, "alice", CH, "!frob");
	assert_true(harness_find(h, 0, "PRIVMSG alice :[#cheater] unknown",
	    NULL) >= 0);
	harness_free(h);
}

/* docs/commands.md is what the command tables generate. */
static void
test_commands_doc(void **state)
{
	struct buf want = BUF_INIT;
	char have[16384];
	size_t n;
	FILE *f;

	(void)state;
	cmd_help_markdown(&want);
	if (getenv("CHEATERBOT_WRITE_DOCS") != NULL) {
		f = fopen("docs/commands.md", "w");
		assert_non_null(f);
		fputs(buf_str(&want), f);
		fclose(f);
	}
	f = fopen("docs/commands.md", "r");
	assert_non_null(f);
	n = fread(have, 1, sizeof have - 1, f);
	fclose(f);
	have[n] = '\0';
	assert_string_equal(have, buf_str(&want));
	buf_free(&want);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_connect_joins),
		cmocka_unit_test(test_games_help_rules),
		cmocka_unit_test(test_unknown_and_bad_commands),
		cmocka_unit_test(test_quote),
		cmocka_unit_test(test_percent),
		cmocka_unit_test(test_unknown_junk),
		cmocka_unit_test(test_option_words),
		cmocka_unit_test(test_lobby_options),
		cmocka_unit_test(test_lobby),
		cmocka_unit_test(test_anyone_starts_after_wait),
		cmocka_unit_test(test_deal_secrets),
		cmocka_unit_test(test_whole_game),
		cmocka_unit_test(test_challenge_tie),
		cmocka_unit_test(test_held_play),
		cmocka_unit_test(test_aside_not_held),
		cmocka_unit_test(test_turn_timeout),
		cmocka_unit_test(test_bad_moves),
		cmocka_unit_test(test_wire_safety),
		cmocka_unit_test(test_long_lines_split),
		cmocka_unit_test(test_right_call_and_stop),
		cmocka_unit_test(test_kick_leaves_game),
		cmocka_unit_test(test_preferences),
		cmocka_unit_test(test_commands_doc),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
