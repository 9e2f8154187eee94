/*
 * Unit tests of the seasons in storage/season.c, against real SQLite
 * files (tests/lib/store-files.h): a finished game records the season
 * store_season() last gave (none while it is 0, nor on an abandoned
 * game); the season boards count only that season's games that count
 * (not a game against an AI not counted, nor an AI player), with the
 * all-time boards unchanged; the boards that span seasons are refused;
 * the channels and variants a season was played in; which seasons were
 * announced where, kept across a reopen.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/store-files.h"

/* Finishes a new two-seat game of variant in channel, seat 0 (players[0])
 * winning with a ledger of lies away (or none, when away is -1); its
 * id.  An AI player (store_files_is_ai()) sits as a normal AI seat. */
static int64_t
play(struct store *s, const char *variant, const char *channel,
    int64_t p0, int64_t p1, int away)
{
	const char *idents[2] = {"h:a@host.test", "h:b@host.test"};
	struct store_seat_result r[2];
	struct store_bluffs b[2];
	int64_t players[2] = {p0, p1}, id;
	char *cause = NULL;
	int i, n;

	for (i = 0; i < 2; i++) {
		if (store_files_is_ai(players[i]))
			idents[i] = "ai:normal";
	}
	id = store_game_begin(s, variant, channel, "", 1, NULL, 0, 2, players,
	    idents, &cause);
	if (id < 0)
		fail_msg("store_game_begin: %s", cause);
	memset(r, 0, sizeof r);
	memset(b, 0, sizeof b);
	r[0].place = 1;
	r[0].won = 1;
	r[1].place = 2;
	r[1].lost = 1;
	if (away >= 0) {
		b[0].claims = b[0].lies = b[0].away = away;
		b[1].calls = b[1].wrong = 1;
		r[0].bluffs = &b[0];
		r[1].bluffs = &b[1];
	}
	if (store_game_finish(s, id, r, 2, NULL, NULL, 0, &n, &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
	return id;
}

/* The season board as "nick:value:games ...". */
static void
expect_board(struct store *s, const char *variant, enum store_board board,
    int64_t season, const char *want)
{
	struct store_top_row rows[8];
	char got[512], *cause = NULL;
	size_t len = 0;
	int n, i;

	n = store_top_season(s, variant, board, season, 0, rows, 8, &cause);
	if (n < 0)
		fail_msg("store_top_season: %s", cause);
	got[0] = '\0';
	for (i = 0; i < n; i++) {
		len += (size_t)snprintf(got + len, sizeof got - len,
		    "%s%s:%d:%d", i ? " " : "", rows[i].nick, rows[i].value,
		    rows[i].games);
	}
	assert_string_equal(got, want);
}

static void
test_season_recorded(void **state)
{
	struct store_fixture *f = *state;
	int64_t ann = store_files_player(f->s, "n:ann", "ann");
	int64_t ben = store_files_player(f->s, "n:ben", "ben");
	int64_t g1, g2, g3, g4;
	char *cause = NULL;

	g1 = play(f->s, "cheat", "#cheater", ann, ben, -1);
	store_season(f->s, 4);
	g2 = play(f->s, "cheat", "#cheater", ann, ben, -1);
	g3 = store_files_begin(f->s, "cheat", 2, (int64_t[]){ann, ben});
	assert_int_equal(store_game_abandon(f->s, g3, NULL, &cause), 0);
	store_season(f->s, 5);
	g4 = play(f->s, "cheat", "#cheater", ann, ben, -1);
	store_season(f->s, 0);
	play(f->s, "cheat", "#cheater", ann, ben, -1);
	assert_true(g1 < g2 && g2 < g3 && g3 < g4);
	store_files_cli_expect(f->path,
	    "SELECT id, state, coalesce(CAST(season AS TEXT), '-') FROM games ORDER BY id",
	    "1|finished|-\n2|finished|4\n3|abandoned|-\n4|finished|5\n"
	    "5|finished|-");
}

static void
test_season_boards(void **state)
{
	struct store_fixture *f = *state;
	int64_t ann = store_files_player(f->s, "n:ann", "ann");
	int64_t ben = store_files_player(f->s, "n:ben", "ben");
	int64_t cy = store_files_player(f->s, "n:cy", "cy");
	int64_t ada = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	struct store_top_row rows[4];
	char *cause = NULL;

	/* Season 1: ben beats ann twice, with lies away. */
	store_season(f->s, 1);
	play(f->s, "cheat", "#cheater", ben, ann, 2);
	play(f->s, "cheat", "#cheater", ben, ann, 1);
	/* Season 2: ann beats cy twice and ben once; cy beats ben; a game
	 * of another variant; ann beats the AI (not counted). */
	store_season(f->s, 2);
	play(f->s, "cheat", "#cheater", ann, cy, 1);
	play(f->s, "cheat", "#other", ann, cy, -1);
	play(f->s, "cheat", "#cheater", ann, ben, -1);
	play(f->s, "cheat", "#cheater", cy, ben, -1);
	play(f->s, "liarsuno", "#other", ben, cy, -1);
	play(f->s, "cheat", "#cheater", ann, ada, -1);

	expect_board(f->s, "cheat", STORE_BOARD_WINS, 1, "ben:2:2");
	expect_board(f->s, "cheat", STORE_BOARD_WINS, 2,
	    "ann:3:3 cy:1:3");
	expect_board(f->s, NULL, STORE_BOARD_WINS, 2,
	    "ann:3:3 ben:1:3 cy:1:4");
	expect_board(f->s, "cheat", STORE_BOARD_GAMES, 2,
	    "ann:3:3 cy:3:3 ben:2:2");
	expect_board(f->s, "cheat", STORE_BOARD_LOSSES, 2,
	    "ann:0:3 cy:2:3 ben:2:2");
	expect_board(f->s, "cheat", STORE_BOARD_LIAR, 1, "ben:3:2");
	expect_board(f->s, "cheat", STORE_BOARD_LIAR, 2, "ann:1:1");
	expect_board(f->s, "cheat", STORE_BOARD_WINS, 3, "");
	/* All time: every season together. */
	assert_int_equal(store_top(f->s, "cheat", STORE_BOARD_WINS, 0, rows,
	    4, &cause), 3);
	assert_string_equal(rows[0].nick, "ann");
	assert_int_equal(rows[0].value, 3);
	assert_string_equal(rows[1].nick, "ben");
	assert_int_equal(rows[1].value, 2);
	assert_int_equal(store_top(f->s, "cheat", STORE_BOARD_LIAR, 0, rows,
	    4, &cause), 2);
	assert_string_equal(rows[0].nick, "ben");
	assert_int_equal(rows[0].value, 3);

	expect_cause(store_top_season(f->s, "cheat", STORE_BOARD_STREAK, 2,
	    0, rows, 4, &cause), &cause, "all time only");
	expect_cause(store_top_season(f->s, "cheat", STORE_BOARD_RATING, 2,
	    0, rows, 4, &cause), &cause, "ratings are kept for all time");
	expect_cause(store_top_season(f->s, "cheat", STORE_BOARD_WINS, 0,
	    0, rows, 4, &cause), &cause, "no season 0");
}

static void
test_season_played(void **state)
{
	struct store_fixture *f = *state;
	int64_t ann = store_files_player(f->s, "n:ann", "ann");
	int64_t ben = store_files_player(f->s, "n:ben", "ben");
	struct store_season_played rows[2];
	char *cause = NULL;
	int64_t g;

	store_season(f->s, 7);
	play(f->s, "liarsuno", "#zed", ann, ben, -1);
	play(f->s, "cheat", "#cheater", ann, ben, -1);
	play(f->s, "cheat", "#Cheater", ann, ben, -1);
	play(f->s, "cheat", "#Abc", ann, ben, -1);
	g = store_files_begin(f->s, "cheesedog", 2, (int64_t[]){ann, ben});
	assert_int_equal(store_game_abandon(f->s, g, NULL, &cause), 0);
	store_season(f->s, 8);
	play(f->s, "cheesedog", "#cheater", ann, ben, -1);

	assert_int_equal(store_season_played(f->s, 7, rows, 2, &cause), 3);
	assert_string_equal(rows[0].channel, "#Abc");
	assert_string_equal(rows[0].variant, "cheat");
	assert_int_equal(strcasecmp(rows[1].channel, "#cheater"), 0);
	assert_string_equal(rows[1].variant, "cheat");
	assert_int_equal(store_season_played(f->s, 8, rows, 2, &cause), 1);
	assert_string_equal(rows[0].variant, "cheesedog");
	assert_int_equal(store_season_played(f->s, 9, rows, 2, &cause), 0);
}

static void
test_season_announced(void **state)
{
	struct store_fixture *f = *state;
	char *cause = NULL;

	assert_int_equal(store_season_mark(f->s, 3, "#cheater", &cause), 0);
	assert_int_equal(store_season_mark(f->s, 3, "#Cheater", &cause), 1);
	assert_int_equal(store_season_mark(f->s, 3, "#other", &cause), 0);
	assert_int_equal(store_season_mark(f->s, 4, "#cheater", &cause), 0);
	store_files_reopen(f, f->path);
	assert_int_equal(store_season_mark(f->s, 3, "#cheater", &cause), 1);
	assert_int_equal(store_season_mark(f->s, 4, "#CHEATER", &cause), 1);
	assert_int_equal(store_season_mark(f->s, 5, "#cheater", &cause), 0);
	expect_cause(store_season_mark(f->s, 6, "", &cause), &cause,
	    STORE_FILES_CHECK_FAILED);
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
#define T(name) STORE_FILES_TEST(name)
	    T(test_season_recorded),
	    T(test_season_boards),
	    T(test_season_played),
	    T(test_season_announced),
#undef T
	};

	return STORE_FILES_RUN(tests);
}
