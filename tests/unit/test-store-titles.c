/*
 * Unit tests of runs and titles in storage/game-finish.c and
 * storage/stats.c: the run of wins with one detail counted beside the
 * streak, titles earned by a variant's rules and announced again with
 * further wins, what store_titles() reads back
 * and the boards of runs and titles, against real SQLite files
 * (tests/lib/store-files.h).  The rules are those the cheater variant
 * declares: Excellent at 2 wins in a row, Ultimate at 2 in a row in one
 * suit, Infinite at 3 in one suit and again with every one after.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/store-files.h"

static const struct store_title_rule cheater[] = {
    {"excellent", 0, 2, 0},
    {"ultimate", 1, 2, 0},
    {"infinite", 1, 3, 1},
    {NULL, 0, 0, 0},
};

static const struct store_title_rule bluff[] = {
    {"double", 0, 2, 0},
    {NULL, 0, 0, 0},
};

/* The awards of a finish as "seat:name:count[:detail]" each, '+' after an
 * again, separated by spaces, into got. */
static void
awards_text(const struct store_title_rule *rules, const struct store_award *aw,
    int n, char *got, size_t size)
{
	size_t len = 0;
	int i;

	got[0] = '\0';
	for (i = 0; i < n; i++) {
		len +=
		    (size_t)snprintf(got + len, size - len, "%s%d:%s:%d%s%s%s",
		        i > 0 ? " " : "", aw[i].seat, rules[aw[i].rule].name,
		        aw[i].count, aw[i].detail != NULL ? ":" : "",
		        aw[i].detail != NULL ? aw[i].detail : "",
		        aw[i].again ? "+" : "");
		assert_true(len < size);
	}
}

/* Plays a game of variant between a and b to its end with rules: winner's
 * seat wins with detail, the other loses, or left the game when left is
 * set; the awards (as awards_text() writes them) into got. */
static void
play_rules(struct store *s, const char *variant,
    const struct store_title_rule *rules, int64_t a, int64_t b, int winner,
    const char *detail, int left, char *got, size_t size)
{
	struct store_seat_result r[2];
	struct store_award aw[8];
	int64_t seats[2] = {a, b};
	char *cause = NULL;
	int64_t game;
	int i, n;

	game = store_files_begin(s, variant, 2, seats);
	store_files_move(s, game, 0, 0, "0 play 1");
	memset(r, 0, sizeof r);
	for (i = 0; i < 2; i++) {
		r[i].won = i == winner;
		r[i].lost = i != winner;
		r[i].place = i == winner ? 1 : left ? 0 : 2;
	}
	r[winner].detail = detail;
	if (store_game_finish(s, game, r, 2, rules, aw, 8, &n, &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
	awards_text(rules, aw, n, got, size);
}

/* play_rules() with the variant's rules: cheater, bluff, else none. */
static void
play(struct store *s, const char *variant, int64_t a, int64_t b, int winner,
    const char *detail, int left, char *got, size_t size)
{
	play_rules(s, variant,
	    strcmp(variant, "cheater") == 0 ? cheater
	    : strcmp(variant, "bluff") == 0 ? bluff
	                                    : NULL,
	    a, b, winner, detail, left, got, size);
}

/* Expects nick's "streak run run_detail best_run best_run_detail" for
 * variant, a detail "" written "-". */
static void
expect_run(
    struct store *s, const char *nick, const char *variant, const char *want)
{
	struct store_stats st;
	char got[128];

	assert_int_equal(store_stats(s, nick, variant, &st, NULL), 0);
	snprintf(got, sizeof got, "%d %d %s %d %s", st.streak, st.run,
	    st.run_detail[0] != '\0' ? st.run_detail : "-", st.best_run,
	    st.best_run_detail[0] != '\0' ? st.best_run_detail : "-");
	assert_string_equal(got, want);
}

/* One game of the sequence below, and what it leaves. */
struct step {
	int winner;         /* seat 0 ann, 1 ben; -1: abandoned */
	const char *detail; /* the winner's */
	int left;           /* the loser left the game */
	const char *awards;
	const char *ann; /* as expect_run() writes it */
	const char *ben;
};

/* clang-format off */
static const struct step steps[] = {
	/* 1 */ {0, "red", 0, "", "1 1 red 1 red", "0 0 - 0 -"},
	/* 2 */ {0, "red", 0, "0:excellent:2 0:ultimate:2:red",
		"2 2 red 2 red", "0 0 - 0 -"},
	/* 3: stopped; nothing counts, nothing breaks. */
	{-1, NULL, 0, "", "2 2 red 2 red", "0 0 - 0 -"},
	/* 4 */ {0, "red", 0, "0:infinite:3:red", "3 3 red 3 red",
		"0 0 - 0 -"},
	/* 5 */ {0, "red", 0, "0:infinite:4:red+", "4 4 red 4 red",
		"0 0 - 0 -"},
	/* 6 */ {0, "red", 0, "0:infinite:5:red+", "5 5 red 5 red",
		"0 0 - 0 -"},
	/* 7: another suit: a new run, the streak goes on. */
	{0, "blue", 0, "", "6 1 blue 5 red", "0 0 - 0 -"},
	/* 8 */ {0, "blue", 0, "0:ultimate:2:blue", "7 2 blue 5 red",
		"0 0 - 0 -"},
	/* 9: a loss ends both. */
	{1, "yellow", 0, "", "0 0 - 5 red", "1 1 yellow 1 yellow"},
	/* 10 */ {0, "yellow", 0, "", "1 1 yellow 5 red", "0 0 - 1 yellow"},
	/* 11: earned again after a break. */
	{0, "yellow", 0, "0:excellent:2 0:ultimate:2:yellow",
		"2 2 yellow 5 red", "0 0 - 1 yellow"},
	/* 12: ann left the game: a loss for her streak. */
	{1, "purple", 1, "", "0 0 - 5 red", "1 1 purple 1 yellow"},
	/* 13 */ {1, "purple", 0, "1:excellent:2 1:ultimate:2:purple",
		"0 0 - 5 red", "2 2 purple 2 purple"},
};
/* clang-format on */

/* Plays the steps between ann and ben, checking each. */
static void
play_steps(struct store_fixture *f, int64_t *ann, int64_t *ben)
{
	const struct step *st;
	int64_t seats[2], game;
	char got[256];
	size_t i;

	*ann = seats[0] = store_files_player(f->s, "n:ann", "ann");
	*ben = seats[1] = store_files_player(f->s, "n:ben", "ben");
	for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		st = &steps[i];
		if (st->winner < 0) {
			game = store_files_begin(f->s, "cheater", 2, seats);
			store_files_move(f->s, game, 0, 1, "1 play 2");
			assert_int_equal(
			    store_game_abandon(f->s, game, "stop", NULL), 0);
			got[0] = '\0';
		} else {
			play(f->s, "cheater", *ann, *ben, st->winner,
			    st->detail, st->left, got, sizeof got);
		}
		assert_string_equal(got, st->awards);
		expect_run(f->s, "ann", "cheater", st->ann);
		expect_run(f->s, "ben", "cheater", st->ben);
	}
}

static void
test_runs_and_titles(void **state)
{
	struct store_fixture *f = *state;
	int64_t ann, ben;

	play_steps(f, &ann, &ben);
	/* One variant: the all-variants rows count the same. */
	expect_run(f->s, "ann", NULL, "0 0 - 5 red");
	expect_run(f->s, "ben", NULL, "2 2 purple 2 purple");
	/* A title row per title earned; Infinite's grew with its run. */
	store_files_cli_expect(f->path,
	    "SELECT group_concat(x, ' ') FROM (SELECT t.game || ':' ||"
	    "  p.nick || ':' || t.title || ':' || t.run || ':' ||"
	    "  coalesce(t.detail, '-') || ':' || t.variant AS x"
	    " FROM titles AS t JOIN players AS p ON p.id = t.player"
	    " ORDER BY t.game, p.nick, t.title) AS r",
	    "2:ann:excellent:2:-:cheater 2:ann:ultimate:2:red:cheater"
	    " 4:ann:infinite:5:red:cheater 8:ann:ultimate:2:blue:cheater"
	    " 11:ann:excellent:2:-:cheater 11:ann:ultimate:2:yellow:cheater"
	    " 13:ben:excellent:2:-:cheater 13:ben:ultimate:2:purple:cheater");
	store_files_check(f->path);
}

/* Wins without a detail (a game won because everyone else left) are in
 * no run: the streak goes on, the run is 0, and two of them earn no
 * same-detail title.  A variant without rules counts runs all the same
 * and earns nothing. */
static void
test_runs_without_detail(void **state)
{
	struct store_fixture *f = *state;
	int64_t ann, ben;
	char got[256];

	ann = store_files_player(f->s, "n:ann", "ann");
	ben = store_files_player(f->s, "n:ben", "ben");
	play(f->s, "bluff", ann, ben, 0, NULL, 0, got, sizeof got);
	assert_string_equal(got, "");
	play(f->s, "bluff", ann, ben, 0, NULL, 0, got, sizeof got);
	assert_string_equal(got, "0:double:2");
	expect_run(f->s, "ann", "bluff", "2 0 - 0 -");
	play(f->s, "bluff", ann, ben, 0, "red", 0, got, sizeof got);
	assert_string_equal(got, "");
	expect_run(f->s, "ann", "bluff", "3 1 red 1 red");
	play(f->s, "cheat", ann, ben, 0, "red", 0, got, sizeof got);
	assert_string_equal(got, "");
	play(f->s, "cheat", ann, ben, 0, "red", 0, got, sizeof got);
	assert_string_equal(got, "");
	expect_run(f->s, "ann", "cheat", "2 2 red 2 red");
	/* Across variants, the run went on in red. */
	expect_run(f->s, "ann", NULL, "5 3 red 3 red");
	store_files_cli_expect(f->path, "SELECT count(*) FROM titles", "1");

	/* With CHEATER's rules: two walkovers are Excellent, not Ultimate. */
	play_rules(f->s, "cheater", cheater, ben, ann, 0, NULL, 1, got,
	    sizeof got);
	assert_string_equal(got, "");
	play_rules(f->s, "cheater", cheater, ben, ann, 0, NULL, 1, got,
	    sizeof got);
	assert_string_equal(got, "0:excellent:2");
	expect_run(f->s, "ben", "cheater", "2 0 - 0 -");
}

/* A refused finish stores no title and reports none; awards past the
 * room given are counted and stored all the same; a tie for the best run
 * keeps the first. */
static void
test_refused_and_ties(void **state)
{
	struct store_fixture *f = *state;
	struct store_seat_result r[2];
	struct store_award aw[1];
	int64_t seats[2], game;
	char got[256], *cause = NULL;
	int n = -1;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	play(f->s, "cheater", seats[0], seats[1], 0, "red", 0, got, sizeof got);
	game = store_files_begin(f->s, "cheater", 2, seats);
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[0].detail = "red";
	r[1].won = r[1].lost = 1;
	r[1].place = 2;
	expect_cause(
	    store_game_finish(f->s, game, r, 2, cheater, aw, 1, &n, &cause),
	    &cause, "seat 1 both won and lost");
	assert_int_equal(n, 0);
	store_files_cli_expect(f->path, "SELECT count(*) FROM titles", "0");
	expect_run(f->s, "ann", "cheater", "1 1 red 1 red");

	r[1].won = 0;
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, cheater, aw, 1, &n, &cause), 0);
	assert_int_equal(n, 2);
	awards_text(cheater, aw, 1, got, sizeof got);
	assert_string_equal(got, "0:excellent:2");
	store_files_cli_expect(f->path, "SELECT count(*) FROM titles", "2");

	play(
	    f->s, "cheater", seats[0], seats[1], 0, "blue", 0, got, sizeof got);
	play(
	    f->s, "cheater", seats[0], seats[1], 0, "blue", 0, got, sizeof got);
	assert_string_equal(got, "0:ultimate:2:blue");
	expect_run(f->s, "ann", "cheater", "4 2 blue 2 red");
}

/* A run that earned no title (its games were finished without the rules,
 * as by a cheaterbot from before them) is told again when it goes past the
 * title, but leaves the row of an older run as it was. */
static void
test_again_without_row(void **state)
{
	struct store_fixture *f = *state;
	static const char *const wins[] = {"red", "red", "red", NULL};
	int64_t ann, ben;
	char got[256];
	int i;

	ann = store_files_player(f->s, "n:ann", "ann");
	ben = store_files_player(f->s, "n:ben", "ben");
	for (i = 0; wins[i] != NULL; i++)
		play(f->s, "cheater", ann, ben, 0, wins[i], 0, got, sizeof got);
	assert_string_equal(got, "0:infinite:3:red");
	/* Another suit: the old row is one shorter, but not of it. */
	play(f->s, "cheater", ann, ben, 1, "red", 0, got, sizeof got);
	for (i = 0; i < 3; i++)
		play_rules(f->s, "cheater", NULL, ann, ben, 0, "blue", 0, got,
		    sizeof got);
	play(f->s, "cheater", ann, ben, 0, "blue", 0, got, sizeof got);
	assert_string_equal(got, "0:infinite:4:blue+");
	/* The same suit, but the old row is not one shorter. */
	play(f->s, "cheater", ann, ben, 1, "red", 0, got, sizeof got);
	for (i = 0; i < 4; i++)
		play_rules(f->s, "cheater", NULL, ann, ben, 0, "red", 0, got,
		    sizeof got);
	play(f->s, "cheater", ann, ben, 0, "red", 0, got, sizeof got);
	assert_string_equal(got, "0:infinite:5:red+");
	store_files_cli_expect(f->path,
	    "SELECT group_concat(game || ':' || run || ':' || detail, ' ')"
	    " FROM titles WHERE title = 'infinite'",
	    "3:3:red");
	expect_run(f->s, "ann", "cheater", "5 5 red 5 red");
}

/* Expects store_titles() rows as "variant:name:count:first:last:best". */
static void
expect_titles(struct store *s, const char *nick, const char *variant, int max,
    const char *shown, const char *want)
{
	struct store_title_row rows[8];
	char got[512], who[64], *cause = NULL;
	size_t len = 0;
	int n, i;

	assert_true(max <= 8);
	n = store_titles(s, nick, variant, rows, max, who, sizeof who, &cause);
	if (n < 0)
		fail_msg("store_titles: %s", cause);
	assert_string_equal(who, shown);
	got[0] = '\0';
	for (i = 0; i < n; i++) {
		len += (size_t)snprintf(got + len, sizeof got - len,
		    "%s%s:%s:%d:%" PRId64 ":%" PRId64 ":%d", i ? " " : "",
		    rows[i].variant, rows[i].name, rows[i].count, rows[i].first,
		    rows[i].last, rows[i].best_run);
		assert_true(len < sizeof got);
	}
	assert_string_equal(got, want);
}

/* Expects a board's rows as "nick:value:games ...". */
static void
expect_top(struct store *s, const char *variant, enum store_board board,
    const char *want)
{
	struct store_top_row rows[8];
	char got[512], *cause = NULL;
	size_t len = 0;
	int n, i;

	n = store_top(s, variant, board, 0, rows, 8, &cause);
	if (n < 0)
		fail_msg("store_top: %s", cause);
	got[0] = '\0';
	for (i = 0; i < n; i++) {
		len += (size_t)snprintf(got + len, sizeof got - len,
		    "%s%s:%d:%d", i ? " " : "", rows[i].nick, rows[i].value,
		    rows[i].games);
		assert_true(len < sizeof got);
	}
	assert_string_equal(got, want);
}

static void
test_titles_read(void **state)
{
	struct store_fixture *f = *state;
	int64_t ann, ben;
	char got[256];

	play_steps(f, &ann, &ben);
	play(f->s, "bluff", ann, ben, 0, NULL, 0, got, sizeof got);
	play(f->s, "bluff", ann, ben, 0, NULL, 0, got, sizeof got);
	assert_string_equal(got, "0:double:2");
	store_files_player(f->s, "n:cy", "Cy");
	/* Every title earned in game N at N thousand seconds. */
	store_files_cli_expect(
	    f->path, "UPDATE titles SET at = game * 1000", "");

	/* By variant, then by when first earned (then by name). */
	expect_titles(f->s, "ANN", NULL, 8, "ann",
	    "bluff:double:1:15000:15000:2"
	    " cheater:excellent:2:2000:11000:2"
	    " cheater:ultimate:3:2000:11000:2"
	    " cheater:infinite:1:4000:4000:5");
	expect_titles(f->s, "ann", "cheater", 2, "ann",
	    "cheater:excellent:2:2000:11000:2"
	    " cheater:ultimate:3:2000:11000:2");
	expect_titles(f->s, "ann", "cheat", 8, "ann", "");
	expect_titles(f->s, "ben", "cheater", 0, "ben", "");
	expect_titles(f->s, "ben", NULL, 8, "ben",
	    "cheater:excellent:1:13000:13000:2"
	    " cheater:ultimate:1:13000:13000:2");
	expect_titles(f->s, "cy", NULL, 8, "Cy", "");
	expect_titles(f->s, "nobody", NULL, 8, "", "");

	/* The boards: ann 12 cheater games and 2 of bluff, ben the same. */
	expect_top(f->s, "cheater", STORE_BOARD_TITLES, "ann:6:12 ben:2:12");
	expect_top(f->s, NULL, STORE_BOARD_TITLES, "ann:7:14 ben:2:14");
	expect_top(f->s, "bluff", STORE_BOARD_TITLES, "ann:1:2");
	expect_top(f->s, "cheat", STORE_BOARD_TITLES, "");
	expect_top(f->s, "cheater", STORE_BOARD_RUN, "ann:5:12 ben:2:12");
	expect_top(f->s, NULL, STORE_BOARD_STREAK, "ann:7:14 ben:2:14");
	store_files_check(f->path);
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
#define T(name) STORE_FILES_TEST(name)
	    T(test_runs_and_titles),
	    T(test_runs_without_detail),
	    T(test_refused_and_ties),
	    T(test_again_without_row),
	    T(test_titles_read),
#undef T
	};

	signal(SIGPIPE, SIG_IGN);
	return STORE_FILES_RUN(tests);
}
