/*
 * Transcript tests of the stats of loser games in the bot core
 * (tests/lib/harness.c).  Cheat with loser=1 is played to its end by the
 * rules' default moves, once with a player leaving, so real losses, places
 * and leaves reach the results; the test tallies what the results say
 * (and checks them against the end of each game), then expects !stats
 * with the rate of losses and the run without losing, and the boards
 * !top cheat losses (with its minimum of games) and safe.  Every variant
 * in game_table[] has its default board checked, and each loser game
 * (ops->loser_game) its !stats line on games seeded through the store.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "storage/store.h"
#include "tests/lib/harness.h"
#include "tests/lib/store-files.h"

#define CH "#cheater"
#define MIN_GAMES 3

/* What the results say of one player so far. */
struct tally {
	const char *nick;
	int games, wins, losses, streak, best_streak, safe, best_safe;
};

static void
tune(struct conf *c)
{
	c->stats_min_games = MIN_GAMES;
}

static struct tally *
tally_find(struct tally *t, const char *nick)
{
	for (; t->nick != NULL; t++) {
		if (strcmp(t->nick, nick) == 0)
			return t;
	}
	fail_msg("no tally for '%s'", nick);
	return NULL;
}

/* Counts the results of the game that finished last into the tallies,
 * checking that the end of the game said who lost; how many seats lost. */
static int
tally_game(struct harness *h, int from, struct tally *tallies)
{
	char out[1024], nick[64], line[128], *p, *end;
	struct tally *t;
	int place, won, lost, forfeit, losers = 0, n;

	if (store_files_cli(h->db, "SELECT p.nick, r.place, r.won, r.lost,"
	    " r.forfeit FROM results AS r JOIN players AS p ON p.id = r.player"
	    " WHERE r.game = (SELECT max(game) FROM results)"
	    " ORDER BY r.seat", out, sizeof out) != 0)
		fail_msg("sqlite3: %s", out);
	for (p = out; *p != '\0'; p = end + (*end != '\0')) {
		end = p + strcspn(p, "\n");
		n = sscanf(p, "%63[^|]|%d|%d|%d|%d", nick, &place, &won, &lost,
		    &forfeit);
		assert_int_equal(n, 5);
		t = tally_find(tallies, nick);
		t->games++;
		t->wins += won;
		t->losses += lost;
		/* A win by forfeit changes no streak or run. */
		if (forfeit)
			continue;
		t->streak = won ? t->streak + 1 : 0;
		if (t->streak > t->best_streak)
			t->best_streak = t->streak;
		t->safe = !lost && place > 0 ? t->safe + 1 : 0;
		if (t->safe > t->best_safe)
			t->best_safe = t->safe;
		/* A seat that left lost too, without a word at the end. */
		if (lost && place > 0) {
			snprintf(line, sizeof line, " %s loses Cheat.", nick);
			assert_true(harness_find(h, from, "Game over!", line,
			    NULL) >= 0);
		}
		losers += lost;
	}
	return losers;
}

/* Plays game (Cheat, with options) among nicks by default moves to its
 * end; leaver (NULL: nobody) gives up after a few moves.  A window with no turn
 * after it (a hand just emptied) is left to close.  The number of seats
 * that lost. */
static int
play(struct harness *h, const char *game, const char *const *nicks,
    const char *leaver, struct tally *tallies)
{
	int moves, from;

	harness_deal(h, game, nicks);
	from = h->nsent;
	for (moves = 0; harness_table(h) != NULL && moves < 2000; moves++) {
		if (leaver != NULL && moves == 4) {
			/* once to be asked, once to give the seat up */
			harness_say(h, leaver, CH, "!leave");
			harness_say(h, leaver, CH, "!leave");
		}
		if (harness_turn(h) >= 0)
			harness_play(h);
		else
			harness_advance(h,
			    (uint64_t)h->conf.challenge_close_ms);
	}
	harness_drain(h);
	assert_null(harness_table(h));
	return tally_game(h, from, tallies);
}

/* nick says text in the channel; the reply there is want. */
static void
expect_reply(struct harness *h, const char *nick, const char *text,
    const char *want)
{
	char line[1024];

	harness_clear(h);
	harness_say(h, nick, CH, text);
	harness_drain(h);
	snprintf(line, sizeof line, "PRIVMSG " CH " :%s", want);
	if (h->nsent != 1)
		harness_dump(h);
	assert_int_equal(h->nsent, 1);
	assert_string_equal(harness_plain(h, 0), line);
}

/* part of whole in percent, to the nearest (halves up), as the bot
 * says it. */
static int
pct(int part, int whole)
{
	return (part * 200 + whole) / (whole * 2);
}

/* The !stats line of a player of a winner game, for title. */
static void
stats_line(char *buf, size_t size, const struct tally *t, const char *title)
{
	int n;

	n = snprintf(buf, size, "%s, %s: %d won of %d played (%d%%), %d lost",
	    t->nick, title, t->wins, t->games, pct(t->wins, t->games),
	    t->losses);
	if (t->losses > 0)
		n += snprintf(buf + n, size - (size_t)n, " (%d%%)",
		    pct(t->losses, t->games));
	n += snprintf(buf + n, size - (size_t)n, "; win streak %d, best %d",
	    t->streak, t->best_streak);
	if (t->losses > 0)
		n += snprintf(buf + n, size - (size_t)n,
		    "; %d without losing, best %d", t->safe, t->best_safe);
	snprintf(buf + n, size - (size_t)n, ".");
}

/* Fewest losses per game first, then more games, then the nick. */
static int
by_losses(const void *a, const void *b)
{
	const struct tally *x = a, *y = b;
	long d = (long)x->losses * y->games - (long)y->losses * x->games;

	if (d != 0)
		return d < 0 ? -1 : 1;
	if (x->games != y->games)
		return y->games - x->games;
	return strcasecmp(x->nick, y->nick);
}

/* The longest run without losing first, then fewer games, then the
 * nick. */
static int
by_safe(const void *a, const void *b)
{
	const struct tally *x = a, *y = b;

	if (x->best_safe != y->best_safe)
		return y->best_safe - x->best_safe;
	if (x->games != y->games)
		return x->games - y->games;
	return strcasecmp(x->nick, y->nick);
}

/* The boards !top cheat losses (over min games) and safe should show
 * for the tallies. */
static void
boards(const struct tally *tallies, int min, char *losses, char *safe,
    size_t size)
{
	struct tally sorted[8];
	size_t n = 0, i, len;
	int rank;

	for (; tallies[n].nick != NULL; n++) {
		assert_true(n < 8);
		sorted[n] = tallies[n];
	}
	qsort(sorted, n, sizeof sorted[0], by_losses);
	len = (size_t)snprintf(losses, size,
	    "Top Cheat, losses (at least %d games):", min);
	for (i = 0, rank = 0; i < n; i++) {
		if (sorted[i].games < min)
			continue;
		len += (size_t)snprintf(losses + len, size - len,
		    "%s %d. %s (%d of %d lost, %d%%)", rank > 0 ? "," : "",
		    rank + 1, sorted[i].nick, sorted[i].losses,
		    sorted[i].games, pct(sorted[i].losses, sorted[i].games));
		rank++;
	}
	qsort(sorted, n, sizeof sorted[0], by_safe);
	len = (size_t)snprintf(safe, size, "Top Cheat, safe:");
	for (i = 0, rank = 0; i < n; i++) {
		if (sorted[i].best_safe == 0)
			continue;
		len += (size_t)snprintf(safe + len, size - len,
		    "%s %d. %s (%d without losing)", rank > 0 ? "," : "",
		    rank + 1, sorted[i].nick, sorted[i].best_safe);
		rank++;
	}
}

static void
test_cheat_losses(void **state)
{
	static const char *const three[] = { "alice", "bob", "carol", NULL };
	static const char *const two[] = { "dave", "alice", NULL };
	struct tally tallies[] = {
		{ .nick = "alice" }, { .nick = "bob" }, { .nick = "carol" },
		{ .nick = "dave" }, { .nick = NULL },
	};
	struct harness *h = harness_new(7, tune);
	char want[1024], safe[1024], cmd[64];
	const struct tally *t;
	int i;

	(void)state;
	expect_reply(h, "alice", "!top cheat losses",
	    "Top Cheat, losses (at least 3 games): nobody yet.");
	/* Each loser game played to its end has one loser. */
	for (i = 0; i < 3; i++)
		assert_int_equal(
		    play(h, "cheat loser=1", three, NULL, tallies), 1);
	/* carol leaves: leaving a game played for a loser is a loss (and
	 * ends her run) besides the loser the game still finds. */
	assert_int_equal(play(h, "cheat loser=1", three, "carol", tallies),
	    2);
	t = tally_find(tallies, "carol");
	assert_int_equal(t->games, 4);
	assert_int_equal(t->safe, 0);
	/* dave's one game is too few for the losses board. */
	assert_int_equal(play(h, "cheat loser=1", two, NULL, tallies), 1);
	assert_int_equal(tally_find(tallies, "dave")->games, 1);

	for (t = tallies; t->nick != NULL; t++) {
		stats_line(want, sizeof want, t, "all games");
		snprintf(cmd, sizeof cmd, "!stats %s", t->nick);
		expect_reply(h, "oper", cmd, want);
		stats_line(want, sizeof want, t, "Cheat");
		snprintf(cmd, sizeof cmd, "!stats cheat %s", t->nick);
		expect_reply(h, "oper", cmd, want);
	}
	boards(tallies, MIN_GAMES, want, safe, sizeof want);
	expect_reply(h, "alice", "!top cheat losses", want);
	expect_reply(h, "alice", "!top LOSSES cheat", want);
	expect_reply(h, "alice", "!top cheat safe", safe);
	/* Cheat is no loser game: its board is still the wins, and a game
	 * played for the loser has no winner to put on it. */
	expect_reply(h, "alice", "!top cheat", "Top Cheat, wins: nobody yet.");
	harness_say(h, "alice", CH, "!top chess");
	assert_true(harness_find(h, 0, "boards are wins, streak, games, run, "
	    "titles, losses, safe", NULL) >= 0);
	harness_free(h);
}

/* A game without a loss; the losses board's minimum of games is the
 * configuration's. */
static void
test_min_games(void **state)
{
	static const char *const two[] = { "alice", "bob", NULL };
	struct tally tallies[] = {
		{ .nick = "alice" }, { .nick = "bob" }, { .nick = NULL },
	};
	struct harness *h = harness_new(3, NULL);
	char want[1024], safe[1024];

	(void)state;
	assert_int_equal(h->conf.stats_min_games, 5);
	/* Without a loss, the line is about winning only. */
	assert_int_equal(play(h, "cheat", two, NULL, tallies), 0);
	stats_line(want, sizeof want, &tallies[0], "Cheat");
	assert_null(strstr(want, "losing"));
	expect_reply(h, "bob", "!stats alice cheat", want);
	play(h, "cheat loser=1", two, NULL, tallies);
	expect_reply(h, "alice", "!top cheat losses",
	    "Top Cheat, losses (at least 5 games): nobody yet.");
	while (tallies[0].games < 5)
		play(h, "cheat loser=1", two, NULL, tallies);
	boards(tallies, 5, want, safe, sizeof want);
	assert_non_null(strstr(want, "(at least 5 games): 1. "));
	expect_reply(h, "alice", "!top cheat losses", want);
	harness_free(h);
}

/* Finishes a game of variant among erin, fred and gina, seated in that
 * order, in places (0: left); the seat in place 3 loses. */
static void
seed(struct harness *h, const char *variant, const int places[3])
{
	static const char *const nicks[3] = { "erin", "fred", "gina" };
	static const char *const idents[3] = { "h:e@test.host",
		"h:f@test.host", "h:g@test.host" };
	struct store_seat_result r[3];
	int64_t players[3], game;
	char key[64], *cause = NULL;
	int i, n;

	memset(r, 0, sizeof r);
	for (i = 0; i < 3; i++) {
		snprintf(key, sizeof key, "n:%s", nicks[i]);
		players[i] = store_player(h->store, key, nicks[i], &cause);
		assert_true(players[i] > 0);
		r[i].place = places[i];
		r[i].won = places[i] == 1;
		r[i].lost = places[i] == 3;
	}
	game = store_game_begin(h->store, variant, CH, "", 1, NULL, 0, 3,
	    players, idents, &cause);
	assert_true(game > 0);
	if (store_game_finish(h->store, game, r, 3, NULL, NULL, 0, &n,
	    &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
}

/* Each variant's board by default: a loser game's is the losses board.
 * A loser game's !stats line is about losing, with the average place. */
static void
test_loser_game_lines(void **state)
{
	static const int games[][3] = {
		{ 1, 2, 3 }, { 2, 3, 1 }, { 3, 1, 2 }, { 2, 1, 3 },
		{ 0, 1, 2 }, { 1, 2, 3 },
	};
	struct harness *h = harness_new(1, NULL);
	const struct game_ops *ops;
	char cmd[64], want[512];
	size_t i, g;

	(void)state;
	for (i = 0; (ops = game_table[i]) != NULL; i++) {
		harness_clear(h);
		snprintf(cmd, sizeof cmd, "!top %s", ops->name);
		harness_say(h, "alice", CH, cmd);
		snprintf(want, sizeof want, "Top %s, %s", ops->title,
		    ops->loser_game ? "losses (at least 5 games):" : "wins:");
		assert_true(harness_find(h, 0, want, NULL) >= 0);
		if (!ops->loser_game)
			continue;
		for (g = 0; g < sizeof games / sizeof games[0]; g++)
			seed(h, ops->name, games[g]);
		/* erin: places 1, 2, 3, 2, left, 1: lost game 3, left
		 * game 5; 9 over 5 places. */
		snprintf(want, sizeof want, "erin, %s: 1 lost of 6 played "
		    "(17%%), average place 1.8; 1 without losing, best 2.",
		    ops->title);
		snprintf(cmd, sizeof cmd, "!stats erin %s", ops->name);
		expect_reply(h, "alice", cmd, want);
		snprintf(want, sizeof want, "Top %s, losses (at least 5 "
		    "games): 1. erin (1 of 6 lost, 17%%), 2. fred (1 of 6 "
		    "lost, 17%%), 3. gina (3 of 6 lost, 50%%)", ops->title);
		snprintf(cmd, sizeof cmd, "!top %s", ops->name);
		expect_reply(h, "alice", cmd, want);
	}
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cheat_losses),
		cmocka_unit_test(test_min_games),
		cmocka_unit_test(test_loser_game_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
