/*
 * Unit tests of the seasons in storage/season.c, against real SQLite
 * files and the private PostgreSQL (tests/lib/store-files.h): a finished
 * game records the number of the season store_season() last gave (none
 * while it is 0, nor on an abandoned game), the first season recorded
 * being the database's Season 1; the numbers of the bot's count; a
 * database of schema version 12, its seasons in the bot's count,
 * renumbered from its first; the season boards count only that season's
 * games that count (not a game against an AI not counted, nor an AI
 * player), with the all-time boards unchanged; the boards that span
 * seasons are refused; the channels and variants a season was played
 * in; which seasons were announced where, kept across a reopen.
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
	/* The bot counted 4 then 5: the database's seasons 1 and 2. */
	store_files_cli_expect(f->path,
	    "SELECT id, state, coalesce(CAST(season AS TEXT), '-') FROM games ORDER BY id;"
	    " SELECT one, season FROM season_first",
	    "1|finished|-\n2|finished|1\n3|abandoned|-\n4|finished|2\n"
	    "5|finished|-\n1|4");
}

/* The database's numbers of the bot's count: none before a game records
 * one (the season now is Season 1); then from the first recorded, gaps
 * kept, and a count before it (a clock put back) in Season 1; the first
 * kept across a reopen. */
static void
test_season_numbered(void **state)
{
	struct store_fixture *f = *state;
	int64_t ann = store_files_player(f->s, "n:ann", "ann");
	int64_t ben = store_files_player(f->s, "n:ben", "ben");
	int64_t first = -1;
	char *cause = NULL;

	assert_int_equal(store_season_number(0, 0), 0);
	assert_int_equal(store_season_number(0, 11), 0);
	assert_int_equal(store_season_number(11, 0), 1);
	assert_int_equal(store_season_number(11, 11), 1);
	assert_int_equal(store_season_number(13, 11), 3);
	assert_int_equal(store_season_number(10, 11), 1);
	assert_int_equal(store_season_count(1, 11), 11);
	assert_int_equal(store_season_count(3, 11), 13);

	assert_int_equal(store_season_first(f->s, &first, &cause), 1);
	assert_int_equal(first, -1);
	/* Told, but no game recorded it: still none. */
	store_season(f->s, 11);
	assert_int_equal(store_season_first(f->s, &first, &cause), 1);
	play(f->s, "cheat", "#cheater", ann, ben, -1);
	assert_int_equal(store_season_first(f->s, &first, &cause), 0);
	assert_int_equal(first, 11);
	store_season(f->s, 13);
	play(f->s, "cheat", "#cheater", ann, ben, -1);
	store_season(f->s, 10);
	play(f->s, "cheat", "#cheater", ann, ben, -1);
	store_files_reopen(f, f->path);
	first = -1;
	assert_int_equal(store_season_first(f->s, &first, &cause), 0);
	assert_int_equal(first, 11);
	store_season(f->s, 12);
	play(f->s, "cheat", "#cheater", ann, ben, -1);
	store_files_cli_expect(f->path,
	    "SELECT id, season FROM games ORDER BY id",
	    "1|1\n2|3\n3|1\n4|2");
	expect_board(f->s, "cheat", STORE_BOARD_WINS, 1, "ann:2:2");
	expect_board(f->s, "cheat", STORE_BOARD_WINS, 3, "ann:1:1");
	/* The row is one. */
	store_files_cli_expect(f->path, "SELECT count(*) FROM season_first",
	    "1");
}

/* Makes f's database one of schema version 12, as that version wrote
 * it (no season_first, nor the solo ladder's tables of version 14; then
 * sql, the rows it held, NULL for none), and opens it again: migrated to
 * the current version. */
static void
back_to_v12(struct store_fixture *f, const char *sql)
{
	store_close(f->s);
	f->s = NULL;
	store_files_cli_expect(f->path, "DROP TABLE season_first;"
	    " DROP TABLE solo_titles; DROP TABLE solo_history;"
	    " DROP TABLE solo", "");
	if (sql != NULL)
		store_files_cli_expect(f->path, sql, "");
	store_files_set_version(f->path, 12);
	store_files_reopen(f, f->path);
	store_files_cli_expect(f->path, store_files_version_sql(f->path),
	    STORE_FILES_CURRENT);
}

/* A database of schema version 12 kept the bot's count (11 and 12, a
 * channel told of 11 and of 21): opened, it numbers from its first
 * recorded, 11, which is its Season 1, and goes on from there. */
static void
test_season_migrated(void **state)
{
	struct store_fixture *f = *state;
	int64_t ann = store_files_player(f->s, "n:ann", "ann");
	int64_t ben = store_files_player(f->s, "n:ben", "ben");
	int64_t first = 0;
	char *cause = NULL;

	store_season(f->s, 1);
	play(f->s, "cheat", "#cheater", ann, ben, -1);
	store_season(f->s, 2);
	play(f->s, "cheat", "#cheater", ben, ann, -1);
	play(f->s, "cheat", "#cheater", ben, ann, -1);
	/* What version 12 wrote: the bot's count. */
	back_to_v12(f, "UPDATE games SET season = season + 10;"
	    " INSERT INTO season_announced (season, network, channel, at)"
	    " VALUES (11, '', '#cheater', 5), (21, '', '#cheater', 6),"
	    " (12, 'net', '#other', 7)");
	store_files_cli_expect(f->path,
	    "SELECT id, season FROM games ORDER BY id;"
	    " SELECT season, network, channel, at FROM season_announced"
	    " ORDER BY at",
	    "1|1\n2|2\n3|2\n1||#cheater|5\n11||#cheater|6\n2|net|#other|7");
	assert_int_equal(store_season_first(f->s, &first, &cause), 0);
	assert_int_equal(first, 11);
	expect_board(f->s, "cheat", STORE_BOARD_WINS, 2, "ben:2:2");
	assert_int_equal(store_season_mark(f->s, 1, "#Cheater", &cause), 1);
	/* The bot counts 13: Season 3. */
	store_season(f->s, 13);
	play(f->s, "cheat", "#cheater", ann, ben, -1);
	store_files_cli_expect(f->path,
	    "SELECT season FROM games WHERE id = 4", "3");
	store_files_check(f->path);
}

/* A database of version 12 with no season recorded has no Season 1 once
 * opened: its first game to record one makes it. */
static void
test_season_migrated_none(void **state)
{
	struct store_fixture *f = *state;
	int64_t ann = store_files_player(f->s, "n:ann", "ann");
	int64_t ben = store_files_player(f->s, "n:ben", "ben");
	int64_t first = 0;
	char *cause = NULL;

	play(f->s, "cheat", "#cheater", ann, ben, -1);
	back_to_v12(f, NULL);
	assert_int_equal(store_season_first(f->s, &first, &cause), 1);
	store_season(f->s, 7);
	play(f->s, "cheat", "#cheater", ann, ben, -1);
	assert_int_equal(store_season_first(f->s, &first, &cause), 0);
	assert_int_equal(first, 7);
	store_files_cli_expect(f->path,
	    "SELECT id, coalesce(CAST(season AS TEXT), '-') FROM games"
	    " ORDER BY id", "1|-\n2|1");
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

	/* The bot's 7 and 8 are the database's seasons 1 and 2. */
	assert_int_equal(store_season_played(f->s, 1, rows, 2, &cause), 3);
	assert_string_equal(rows[0].channel, "#Abc");
	assert_string_equal(rows[0].variant, "cheat");
	assert_int_equal(strcasecmp(rows[1].channel, "#cheater"), 0);
	assert_string_equal(rows[1].variant, "cheat");
	assert_int_equal(store_season_played(f->s, 2, rows, 2, &cause), 1);
	assert_string_equal(rows[0].variant, "cheesedog");
	assert_int_equal(store_season_played(f->s, 3, rows, 2, &cause), 0);
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
	    T(test_season_numbered),
	    T(test_season_migrated),
	    T(test_season_migrated_none),
	    T(test_season_boards),
	    T(test_season_played),
	    T(test_season_announced),
#undef T
	};

	return STORE_FILES_RUN(tests);
}
