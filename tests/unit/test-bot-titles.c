/*
 * Transcript tests of streaks, runs and titles in the bot core
 * (tests/lib/harness.c): what the end of a game announces when it earns
 * titles, and !titles, !streak and !top's run and titles boards.
 *
 * No variant in game_table[] declares titles yet, so the end of a game is
 * played by a Cheat table whose rules are swapped for a copy with titles
 * and a result the test chooses, and the commands read a database seeded
 * through the store API with the cheater variant's rules, written here.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/store.h"
#include "bot/core/replay.h"
#include "tests/lib/driver.h"
#include "tests/lib/harness.h"
#include "tests/lib/store-files.h"

#define CH "#cheater"

/* The cheater variant's titles, and one more to say "a" and "still". */
static const struct game_title titles[] = {
	{ "excellent", "Excellent Cheater", 0, 2, 0 },
	{ "ultimate", "Ultimate Cheater", 1, 2, 0 },
	{ "infinite", "Infinite Cheater", 1, 3, 1 },
	{ "lucky", "Lucky Player", 0, 3, 1 },
	{ NULL, NULL, 0, 0, 0 },
};

/* The cheater variant's rules as the store takes them. */
static const struct store_title_rule rules[] = {
	{ "excellent", 0, 2, 0 },
	{ "ultimate", 1, 2, 0 },
	{ "infinite", 1, 3, 1 },
	{ NULL, 0, 0, 0 },
};

/* The result titled_result() gives: the seat that won, with detail; with
 * result_forfeit set, the other seat left (place 0) before the end. */
static int result_winner;
static const char *result_detail;
static int result_forfeit;

static void
titled_result(const struct game *g, struct game_result *r)
{
	int i;

	(void)g;
	r->nseats = 2;
	r->winner = result_winner;
	r->loser = -1;
	for (i = 0; i < 2; i++)
		r->place[i] = i == result_winner ? 1 : result_forfeit ? 0 : 2;
	snprintf(r->detail[result_winner], sizeof r->detail[0], "%s",
	    result_detail != NULL ? result_detail : "");
}

/* Cheat with the titles above and titled_result(). */
static struct game_ops titled;

/* Deals Cheat to alice and bob and ends it at once with winner's win in
 * detail, as the variant of titles would; abandoned first in the store
 * when stopped is set, so that the result cannot be saved.  The index of
 * the first line sent after the deal. */
static int
finish(struct harness *h, int winner, const char *detail, int stopped)
{
	static const char *const nicks[] = { "alice", "bob", NULL };
	struct table *t;

	harness_deal(h, "cheat", nicks);
	t = harness_table(h);
	titled = *t->ops;
	titled.titles = titles;
	titled.result = titled_result;
	result_winner = winner;
	result_detail = detail;
	if (stopped)
		assert_int_equal(store_game_abandon(h->store, t->game_id,
		    "test", NULL), 0);
	return harness_finish(h, &titled);
}

/* Expects the channel lines sent from line from on: the end of the game,
 * then the titles (NULL: none), plain. */
static void
expect_end(struct harness *h, int from, const char *over, const char *line)
{
	char want[512];
	const char *text;
	int i, n = 0, reveal = 0;

	for (i = from; i < h->nsent; i++) {
		if (strncmp(h->sent[i], "PRIVMSG " CH " :", 18) != 0)
			continue;
		/* The end's line ends with the deal key, and the reveal
		 * comes before the titles. */
		text = harness_plain(h, i) + 18;
		if (driver_reveal_piece(text, &reveal))
			continue;
		snprintf(want, sizeof want, "PRIVMSG " CH " :%s",
		    n == 0 ? over : line);
		if (n > 1 || (n == 1 && line == NULL))
			fail_msg("one line too many: %s", harness_plain(h, i));
		if (n == 0)
			assert_int_equal(strncmp(harness_plain(h, i), want,
			    strlen(want)), 0);
		else
			assert_string_equal(harness_plain(h, i), want);
		if (n == 0)
			assert_non_null(strstr(text, " " REPLAY_KEY));
		n++;
	}
	assert_int_equal(n, line != NULL ? 2 : 1);
}

static void
test_titles_announced(void **state)
{
	struct harness *h = harness_new(1, NULL);
	int from;

	(void)state;
	from = finish(h, 0, "blue", 0);
	expect_end(h, from, "Game over! alice wins Cheat.", NULL);
	from = finish(h, 0, "red", 0);
	expect_end(h, from, "Game over! alice wins Cheat (2 in a row).",
	    "alice is now an Excellent Cheater (2 wins in a row)!");
	/* The titles are bold. */
	assert_non_null(strstr(h->sent[h->nsent - 1],
	    "an \002Excellent Cheater\002 ("));
	from = finish(h, 0, "red", 0);
	expect_end(h, from, "Game over! alice wins Cheat (3 in a row).",
	    "alice is now an Ultimate Cheater (2 wins in a row in red) and a "
	    "Lucky Player (3 wins in a row)!");
	from = finish(h, 0, "red", 0);
	expect_end(h, from, "Game over! alice wins Cheat (4 in a row).",
	    "alice is now an Infinite Cheater (3 wins in a row in red) and "
	    "still a Lucky Player (4 wins in a row)!");
	from = finish(h, 0, "red", 0);
	expect_end(h, from, "Game over! alice wins Cheat (5 in a row).",
	    "alice is still an Infinite Cheater (4 wins in a row in red) and "
	    "a Lucky Player (5 wins in a row)!");

	/* The second seat's titles name its player. */
	from = finish(h, 1, "yellow", 0);
	expect_end(h, from, "Game over! bob wins Cheat.", NULL);
	from = finish(h, 1, "yellow", 0);
	expect_end(h, from, "Game over! bob wins Cheat (2 in a row).",
	    "bob is now an Excellent Cheater (2 wins in a row) and an "
	    "Ultimate Cheater (2 wins in a row in yellow)!");

	/* A result that could not be saved earned nothing anyone knows. */
	from = finish(h, 1, "yellow", 1);
	assert_true(harness_find(h, from, "Game over! bob wins Cheat", NULL)
	    >= 0);
	assert_int_equal(harness_find(h, from, "bob is", NULL), -1);
	assert_int_equal(harness_find(h, from, "Lucky", NULL), -1);
	harness_free(h);
}

/* A win by forfeit (the other seat left) is a game played and no more:
 * it earns no title, and it neither extends nor ends a streak or a run,
 * so two such games make no Excellent Cheater, and a red win, a forfeit
 * and a red win make an Ultimate one. */
static void
test_titles_forfeit(void **state)
{
	struct harness *h = harness_new(1, NULL);
	struct store_stats st;
	int from;

	(void)state;
	result_forfeit = 1;
	from = finish(h, 0, "", 0);
	expect_end(h, from, "Game over! alice wins Cheat by forfeit: a game "
	    "played, not counted as a win.", NULL);
	from = finish(h, 0, "", 0);
	expect_end(h, from, "Game over! alice wins Cheat by forfeit: a game "
	    "played, not counted as a win.", NULL);
	assert_int_equal(store_stats(h->store, "alice", "cheat", &st, NULL),
	    0);
	assert_int_equal(st.games, 2);
	assert_int_equal(st.wins, 0);
	assert_int_equal(st.streak, 0);
	assert_int_equal(st.safe, 0);

	result_forfeit = 0;
	from = finish(h, 0, "red", 0);
	expect_end(h, from, "Game over! alice wins Cheat.", NULL);
	result_forfeit = 1;
	from = finish(h, 0, "red", 0);
	expect_end(h, from, "Game over! alice wins Cheat by forfeit: a game "
	    "played, not counted as a win.", NULL);
	result_forfeit = 0;
	from = finish(h, 0, "red", 0);
	expect_end(h, from, "Game over! alice wins Cheat (2 in a row).",
	    "alice is now an Excellent Cheater (2 wins in a row) and an "
	    "Ultimate Cheater (2 wins in a row in red)!");
	assert_int_equal(store_stats(h->store, "alice", "cheat", &st, NULL),
	    0);
	assert_int_equal(st.games, 5);
	assert_int_equal(st.wins, 2);
	assert_int_equal(st.best_streak, 2);
	assert_int_equal(st.safe, 2);
	store_files_cli_expect(h->db, "SELECT group_concat(forfeit, '')"
	    " FROM (SELECT forfeit FROM results WHERE seat = 0 ORDER BY game)",
	    "11010");
	harness_free(h);
}

/* Finishes a game of variant between nicks a (seat 0) and b with the
 * cheater rules: winner's seat wins with detail (may be NULL). */
static void
seed(struct harness *h, const char *variant, const char *a, const char *b,
    int winner, const char *detail)
{
	static const char *const idents[2] = { "h:a@test.host",
		"h:b@test.host" };
	struct store_seat_result r[2];
	struct store_award aw[6];
	int64_t players[2], game;
	char key[2][64], *cause = NULL;
	int i, n;

	snprintf(key[0], sizeof key[0], "n:%s", a);
	snprintf(key[1], sizeof key[1], "n:%s", b);
	memset(r, 0, sizeof r);
	for (i = 0; i < 2; i++) {
		players[i] = store_player(h->store, key[i], i == 0 ? a : b,
		    &cause);
		assert_true(players[i] > 0);
		r[i].won = i == winner;
		r[i].lost = i != winner;
		r[i].place = i == winner ? 1 : 2;
	}
	r[winner].detail = detail;
	game = store_game_begin(h->store, variant, CH, "", 1, NULL, 0, 2,
	    players, idents, &cause);
	assert_true(game > 0);
	if (store_game_finish(h->store, game, r, 2, rules, aw, 6, &n,
	    &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
}

/* Every title earned by game N on the Nth of November 2026, UTC, a
 * minute or two into the day (its first letter in seconds: Excellent
 * stays before Ultimate, earned by the same game). */
static void
seed_dates(struct harness *h)
{
	store_files_cli_expect(h->db, "UPDATE titles SET at ="
	    " strftime('%s', '2026-10-31') + game * 86400 + unicode(title)",
	    "");
}

/* Cheat games: alice wins red four times, bob once in blue, alice twice
 * in yellow; carol wins red then blue; dave twice with no detail. */
static void
seed_cheat(struct harness *h)
{
	static const char *const alice[] = { "red", "red", "red", "red",
		NULL };
	int i;

	for (i = 0; alice[i] != NULL; i++)
		seed(h, "cheat", "alice", "bob", 0, alice[i]);
	seed(h, "cheat", "alice", "bob", 1, "blue");
	seed(h, "cheat", "alice", "bob", 0, "yellow");
	seed(h, "cheat", "alice", "bob", 0, "yellow");
	seed(h, "cheat", "carol", "dave", 0, "red");
	seed(h, "cheat", "carol", "dave", 0, "blue");
	seed(h, "cheat", "carol", "dave", 1, NULL);
	seed(h, "cheat", "carol", "dave", 1, NULL);
	seed_dates(h);
}

/* nick says text in the channel; the reply there is want. */
static void
expect_reply(struct harness *h, const char *nick, const char *text,
    const char *want)
{
	char line[512];

	harness_clear(h);
	harness_say(h, nick, CH, text);
	harness_drain(h);
	snprintf(line, sizeof line, "PRIVMSG " CH " :%s", want);
	if (h->nsent != 1)
		harness_dump(h);
	assert_int_equal(h->nsent, 1);
	assert_string_equal(harness_plain(h, 0), line);
}

static void
test_titles_command(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	expect_reply(h, "alice", "!titles",
	    "alice has not finished a game yet.");
	seed_cheat(h);
	/* Cheat lists no titles: their stored names are shown. */
	expect_reply(h, "alice", "!titles",
	    "alice's titles: excellent twice (first 2026-11-02, last "
	    "2026-11-07); ultimate twice (first 2026-11-02, last "
	    "2026-11-07); infinite once (2026-11-03).");
	expect_reply(h, "bob", "!titles cheat ALICE",
	    "alice's Cheat titles: excellent twice (first 2026-11-02, last "
	    "2026-11-07); ultimate twice (first 2026-11-02, last 2026-11-07); "
	    "infinite once (2026-11-03).");
	expect_reply(h, "alice", "!titles carol",
	    "carol's titles: excellent once (2026-11-09).");
	expect_reply(h, "alice", "!titles bob", "bob has no titles yet.");
	expect_reply(h, "alice", "!titles bob cheat",
	    "bob has no Cheat titles yet.");
	expect_reply(h, "alice", "!titles nobody cheat",
	    "nobody has not finished a game of Cheat yet.");
	harness_free(h);
}

/* The cheater variant's own names, once games/cheater/cheater.c is in
 * game_table[]; until then the names it stores. */
static void
test_titles_cheater_names(void **state)
{
	struct harness *h = harness_new(1, NULL);
	int i;

	(void)state;
	for (i = 0; i < 4; i++)
		seed(h, "cheater", "erin", "bob", 0, "red");
	seed_dates(h);
	if (game_named("cheater") == NULL)
		expect_reply(h, "alice", "!titles erin",
		    "erin's titles: excellent once (2026-11-02); ultimate "
		    "once (2026-11-02); infinite once (2026-11-03).");
	else
		expect_reply(h, "alice", "!titles erin",
		    "erin's titles: Excellent Cheater once (2026-11-02); "
		    "Ultimate Cheater once (2026-11-02); Infinite Cheater "
		    "once (2026-11-03, up to 4 in a row).");
	harness_free(h);
}

static void
test_streak_command(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	expect_reply(h, "alice", "!streak",
	    "alice has not finished a game yet.");
	seed_cheat(h);
	expect_reply(h, "alice", "!streak",
	    "alice, all games: win streak 2 (best 4); Cheat: win streak 2 "
	    "(best 4), run 2 in yellow (best 4 in red).");
	expect_reply(h, "alice", "!streak cheat",
	    "alice, Cheat: win streak 2 (best 4), run 2 in yellow (best 4 "
	    "in red).");
	expect_reply(h, "alice", "!streak BOB cheat",
	    "bob, Cheat: win streak 0 (best 1), run 0 (best 1 in blue).");
	/* Wins without a detail make no run worth telling. */
	expect_reply(h, "alice", "!streak cheat dave",
	    "dave, Cheat: win streak 2 (best 2).");
	expect_reply(h, "alice", "!streak nobody",
	    "nobody has not finished a game yet.");
	assert_true(store_player(h->store, "n:erin", "erin", NULL) > 0);
	expect_reply(h, "alice", "!streak erin cheat",
	    "erin has not finished a game of Cheat yet.");
	harness_free(h);
}

static void
test_top_titles_and_run(void **state)
{
	struct harness *h = harness_new(1, NULL);

	(void)state;
	expect_reply(h, "alice", "!top titles", "Top all games, titles: "
	    "nobody yet.");
	seed_cheat(h);
	/* dave's two wins have no detail: Excellent, and no run. */
	expect_reply(h, "alice", "!top cheat titles", "Top Cheat, titles: "
	    "1. alice (5 titles), 2. carol (1 title), 3. dave (1 title)");
	expect_reply(h, "alice", "!top titles", "Top all games, titles: "
	    "1. alice (5 titles), 2. carol (1 title), 3. dave (1 title)");
	/* Equal runs: fewer games first. */
	expect_reply(h, "alice", "!top run cheat", "Top Cheat, run: "
	    "1. alice (4 best run), 2. carol (1 best run), 3. bob "
	    "(1 best run)");
	expect_reply(h, "alice", "!top streak", "Top all games, streak: "
	    "1. alice (4 best streak), 2. carol (2 best streak), 3. dave "
	    "(2 best streak), 4. bob (1 best streak)");
	harness_clear(h);
	harness_say(h, "alice", CH, "!top chess");
	harness_drain(h);
	assert_true(harness_find(h, 0, "boards are wins, streak, games, run, "
	    "titles", NULL) >= 0);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_titles_announced),
		cmocka_unit_test(test_titles_forfeit),
		cmocka_unit_test(test_titles_command),
		cmocka_unit_test(test_titles_cheater_names),
		cmocka_unit_test(test_streak_command),
		cmocka_unit_test(test_top_titles_and_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
