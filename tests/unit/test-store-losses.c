/*
 * Unit tests of what storage keeps for the loser games, against real
 * SQLite files (tests/lib/store-files.h): losses and places in the
 * results and the stats rows, the run of games without losing across
 * games won, lost, left and abandoned, the losses board (fewest losses
 * per game, ties to more games and then the nick, players under the
 * minimum of games left out) and the board of that run, and schema
 * version 4's migration, which counts the runs of a version 3 file from
 * its results.
 */
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

/* Plays a game of variant among n players to its end: seat i takes place
 * places[i] (0: left), the seat loser (-1: none) loses and place 1 wins.
 * The game's id. */
static int64_t
play(struct store *s, const char *variant, int n, const int64_t *players,
    const int *places, int loser)
{
	struct store_seat_result r[4];
	char *cause = NULL;
	int64_t game;
	int i, got;

	assert_true(n <= 4);
	game = store_files_begin(s, variant, n, players);
	store_files_move(s, game, 0, 0, "0 play 1");
	memset(r, 0, sizeof r);
	for (i = 0; i < n; i++) {
		r[i].place = places[i];
		r[i].won = places[i] == 1;
		r[i].lost = i == loser;
	}
	if (store_game_finish(s, game, r, n, NULL, NULL, 0, &got, &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
	return game;
}

/* Expects nick's row of variant (NULL: all) as "GAMES lost LOSSES, safe
 * SAFE/BEST, places SUM/PLACED". */
static void
expect_row(
    struct store *s, const char *nick, const char *variant, const char *want)
{
	struct store_stats st;
	char got[128], *cause = NULL;

	if (store_stats(s, nick, variant, &st, &cause) != 0)
		fail_msg("store_stats '%s': %s", nick, cause);
	snprintf(got, sizeof got, "%d lost %d, safe %d/%d, places %d/%d",
	    st.games, st.losses, st.safe, st.best_safe, st.place_sum,
	    st.placed);
	assert_string_equal(got, want);
}

/* Expects a board's rows as "nick:value:games nick:value:games". */
static void
expect_top(struct store *s, const char *variant, enum store_board board,
    int min_games, const char *want)
{
	struct store_top_row rows[8];
	char got[512], *cause = NULL;
	size_t len = 0;
	int n, i;

	n = store_top(s, variant, board, min_games, rows, 8, &cause);
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
test_safe_run(void **state)
{
	struct store_fixture *f = *state;
	/* ann's places in cheat games, the loser's seat, and her row of
	 * cheat after each game; ben and cy take the other places. */
	static const struct {
		int places[3];
		int loser;
		const char *want;
	} games[] = {
	    {{1, 2, 3}, 2, "1 lost 0, safe 1/1, places 1/1"},
	    {{2, 1, 3}, 2, "2 lost 0, safe 2/2, places 3/2"},
	    {{3, 1, 2}, 0, "3 lost 1, safe 0/2, places 6/3"},
	    {{1, 3, 2}, 1, "4 lost 1, safe 1/2, places 7/4"},
	    /* ann leaves; nobody is left holding cards, nobody loses */
	    {{0, 1, 2}, -1, "5 lost 1, safe 0/2, places 7/4"},
	    {{2, 3, 1}, 1, "6 lost 1, safe 1/2, places 9/5"},
	    {{2, 1, 3}, 2, "7 lost 1, safe 2/2, places 11/6"},
	    {{1, 2, 3}, 2, "8 lost 1, safe 3/3, places 12/7"},
	};
	struct store_stats st;
	int64_t p[3], game;
	char sql[128];
	size_t i;

	p[0] = store_files_player(f->s, "n:ann", "ann");
	p[1] = store_files_player(f->s, "n:ben", "ben");
	p[2] = store_files_player(f->s, "n:cy", "cy");
	for (i = 0; i < sizeof games / sizeof games[0]; i++) {
		play(f->s, "cheat", 3, p, games[i].places, games[i].loser);
		expect_row(f->s, "ann", "cheat", games[i].want);
		if (i != 3)
			continue;
		/* An abandoned game changes nothing. */
		game = store_files_begin(f->s, "cheat", 3, p);
		assert_int_equal(store_game_abandon(f->s, game, NULL, NULL), 0);
		expect_row(f->s, "ann", "cheat", games[i].want);
	}
	expect_row(f->s, "ben", "cheat", "8 lost 2, safe 2/3, places 14/8");
	expect_row(f->s, "cy", "cheat", "8 lost 4, safe 0/4, places 19/8");
	/* Every seat's place and loss is in the results; ann's, by game
	 * (game 5 was abandoned). */
	snprintf(sql, sizeof sql,
	    "SELECT group_concat(place || ':' || lost, ' ') FROM"
	    " (SELECT * FROM results WHERE player = %d ORDER BY game) AS r",
	    (int)p[0]);
	store_files_cli_expect(f->path, sql, "1:0 2:0 3:1 1:0 0:0 2:0 2:0 1:0");

	/* A game of another variant, with no loser, goes on with the run of
	 * all variants together but not with cheat's; a loss in it ends
	 * only the first. */
	play(f->s, "uno", 3, p, (const int[3]){2, 1, 2}, -1);
	expect_row(f->s, "ann", "cheat", "8 lost 1, safe 3/3, places 12/7");
	expect_row(f->s, "ann", NULL, "9 lost 1, safe 4/4, places 14/8");
	play(f->s, "uno", 3, p, (const int[3]){3, 1, 2}, 0);
	expect_row(f->s, "ann", "cheat", "8 lost 1, safe 3/3, places 12/7");
	expect_row(f->s, "ann", "uno", "2 lost 1, safe 0/1, places 5/2");
	expect_row(f->s, "ann", NULL, "10 lost 2, safe 0/4, places 17/9");
	/* Nobody of that nick, and someone with no game yet. */
	assert_int_equal(store_stats(f->s, "dee", NULL, &st, NULL), 1);
	store_files_player(f->s, "n:dee", "dee");
	expect_row(f->s, "dee", "cheat", "0 lost 0, safe 0/0, places 0/0");
}

/* n games of variant between nick (seat 0) and zed: nick loses the first
 * lost of them, zed the others. */
static void
record(struct store *s, const char *variant, const char *nick, int n, int lost)
{
	static const int won[2] = {1, 2}, beaten[2] = {2, 1};
	int64_t p[2];
	char key[64];
	int i;

	snprintf(key, sizeof key, "n:%s", nick);
	p[0] = store_files_player(s, key, nick);
	p[1] = store_files_player(s, "n:zed", "zed");
	for (i = 0; i < n; i++)
		play(s, variant, 2, p, i < lost ? beaten : won,
		    i < lost ? 0 : 1);
}

static void
test_top_losses(void **state)
{
	struct store_fixture *f = *state;

	record(f->s, "cheat", "dee", 4, 0);
	record(f->s, "cheat", "eve", 8, 0);
	record(f->s, "cheat", "ann", 6, 1);
	record(f->s, "cheat", "fay", 12, 2);
	record(f->s, "cheat", "gus", 3, 0);
	record(f->s, "cheat", "Hal", 4, 2);
	record(f->s, "cheat", "ida", 4, 2);
	/* Fewest losses per game first, none at all included: equal rates
	 * go to more games (eve, fay), then to the nick in any case. */
	expect_top(f->s, "cheat", STORE_BOARD_LOSSES, 4,
	    "eve:0:8 dee:0:4 fay:2:12 ann:1:6 Hal:2:4 ida:2:4 zed:34:41");
	/* The minimum of games: gus's three count at 3. */
	expect_top(f->s, "cheat", STORE_BOARD_LOSSES, 3,
	    "eve:0:8 dee:0:4 gus:0:3 fay:2:12 ann:1:6 Hal:2:4 ida:2:4 "
	    "zed:34:41");
	expect_top(f->s, "cheat", STORE_BOARD_LOSSES, 12, "fay:2:12 zed:34:41");
	expect_top(f->s, "cheat", STORE_BOARD_LOSSES, 42, "");
	expect_top(f->s, "uno", STORE_BOARD_LOSSES, 1, "");
	/* The minimum is the losses board's alone. */
	expect_top(f->s, "cheat", STORE_BOARD_WINS, 100,
	    "fay:10:12 eve:8:8 zed:7:41 ann:5:6 dee:4:4 gus:3:3 Hal:2:4 "
	    "ida:2:4");
	/* The longest runs without losing; zed's is 2 (beating Hal). */
	expect_top(f->s, "cheat", STORE_BOARD_SAFE, 0,
	    "fay:10:12 eve:8:8 ann:5:6 dee:4:4 gus:3:3 Hal:2:4 ida:2:4 "
	    "zed:2:41");

	/* ann loses five of another game: all variants together rank her
	 * below Hal and ida now. */
	record(f->s, "uno", "ann", 5, 5);
	expect_top(f->s, NULL, STORE_BOARD_LOSSES, 4,
	    "eve:0:8 dee:0:4 fay:2:12 Hal:2:4 ida:2:4 ann:6:11 zed:34:46");
	expect_top(f->s, "uno", STORE_BOARD_LOSSES, 5, "zed:0:5 ann:5:5");
	expect_top(f->s, "uno", STORE_BOARD_SAFE, 0, "zed:5:5");
}

/* clang-format off */
/* A version 3 file: ann, ben and cy played cheat games 1, 2, 5 and 6 and
 * uno game 3 (ann won, ben second), in the order they ended, not their
 * ids: 1, 3, 2, 5, 6.  Game 4 was abandoned, 7 runs.  In game 2 ann
 * left, and nobody lost; ben lost game 5, cy games 1 and 6. */
static const char v3_rows[] =
	"INSERT INTO players VALUES (1, 'n:ann', 'ann', 100, 200),"
	"  (2, 'n:ben', 'ben', 100, 200), (3, 'n:cy', 'cy', 100, 200);"
	"INSERT INTO games"
	"  (id, variant, channel, options, seed, state, started, ended)"
	"  VALUES (1, 'cheat', '#c', 'loser=1', 1, 'finished', 1000, 1100),"
	"  (2, 'cheat', '#c', 'loser=1', 2, 'finished', 1000, 1300),"
	"  (3, 'uno', '#d', '', 3, 'finished', 1000, 1200),"
	"  (4, 'cheat', '#c', 'loser=1', 4, 'abandoned', 1000, 1250),"
	"  (5, 'cheat', '#c', 'loser=1', 5, 'finished', 1000, 1400),"
	"  (6, 'cheat', '#c', 'loser=1', 6, 'finished', 1000, 1500),"
	"  (7, 'cheat', '#c', 'loser=1', 7, 'running', 1000, NULL);"
	"INSERT INTO game_players (game, seat, player) VALUES"
	"  (1, 0, 1), (1, 1, 2), (1, 2, 3), (2, 0, 1), (2, 1, 2), (2, 2, 3),"
	"  (3, 0, 1), (3, 1, 2), (4, 0, 1), (4, 1, 2), (4, 2, 3),"
	"  (5, 0, 1), (5, 1, 2), (5, 2, 3), (6, 0, 1), (6, 1, 2), (6, 2, 3),"
	"  (7, 0, 1), (7, 1, 2), (7, 2, 3);"
	"INSERT INTO results VALUES"
	"  (1, 0, 1, 1, 1, 0, 0, NULL), (1, 1, 2, 2, 0, 0, 0, NULL),"
	"  (1, 2, 3, 3, 0, 1, 4, NULL),"
	"  (2, 0, 1, 0, 0, 0, 0, NULL), (2, 1, 2, 1, 1, 0, 0, NULL),"
	"  (2, 2, 3, 2, 0, 0, 0, NULL),"
	"  (3, 0, 1, 1, 1, 0, 0, NULL), (3, 1, 2, 2, 0, 0, 0, NULL),"
	"  (5, 0, 1, 2, 0, 0, 0, NULL), (5, 1, 2, 3, 0, 1, 2, NULL),"
	"  (5, 2, 3, 1, 1, 0, 0, NULL),"
	"  (6, 0, 1, 1, 1, 0, 0, NULL), (6, 1, 2, 2, 0, 0, 0, NULL),"
	"  (6, 2, 3, 3, 0, 1, 3, NULL);"
	"INSERT INTO stats"
	"  (player, variant, games, wins, losses, streak, best_streak)"
	"  VALUES (1, 'cheat', 4, 2, 0, 1, 1), (1, '', 5, 3, 0, 1, 2),"
	"  (2, 'cheat', 4, 1, 1, 0, 1), (2, 'uno', 1, 0, 0, 0, 0),"
	"  (2, '', 5, 1, 1, 0, 1), (3, 'cheat', 4, 1, 2, 0, 1),"
	"  (3, '', 4, 1, 2, 0, 1), (1, 'uno', 1, 1, 0, 1, 1);"
	"PRAGMA user_version = 3;";

/* Every version 3 column of the tables version 4 touches. */
static const char v3_dump[] =
	"SELECT id, variant, channel, options, seed, state, started, ended,"
	"  why, dealer FROM games;"
	"SELECT game, seat, player, place, won, lost,"
	"  points, detail FROM results;"
	"SELECT player, variant, games, wins, losses, streak, best_streak,"
	"  run, run_detail, best_run, best_run_detail FROM stats;";
/* clang-format on */

static void
test_migrate_v3(void **state)
{
	struct store_fixture *f = *state;
	char path[256], sql[16384], before[4096], after[4096];
	struct store_seat_result r[3];
	int n;

	snprintf(path, sizeof path, "%s/v3.db", f->dir);
	n = snprintf(sql, sizeof sql, "PRAGMA journal_mode = WAL; %s %s %s %s",
	    store_files_released[0], store_files_released[1],
	    store_files_released[2], v3_rows);
	assert_true(n > 0 && (size_t)n < sizeof sql);
	store_files_cli_expect(path, sql, "wal");
	store_files_cli_expect(path, "PRAGMA user_version", "3");
	assert_int_equal(
	    store_files_cli(path, v3_dump, before, sizeof before), 0);

	store_files_reopen(f, path);
	store_files_cli_expect(
	    path, "PRAGMA user_version", STORE_FILES_CURRENT);
	assert_int_equal(
	    store_files_cli(path, v3_dump, after, sizeof after), 0);
	assert_string_equal(after, before);
	/* The runs counted from the results in the order the games ended:
	 * by their ids ann's run of all variants would be 3. */
	expect_row(f->s, "ann", "cheat", "4 lost 0, safe 2/2, places 4/3");
	expect_row(f->s, "ann", NULL, "5 lost 0, safe 2/2, places 5/4");
	expect_row(f->s, "ann", "uno", "1 lost 0, safe 1/1, places 1/1");
	expect_row(f->s, "ben", "cheat", "4 lost 1, safe 1/2, places 8/4");
	expect_row(f->s, "ben", NULL, "5 lost 1, safe 1/3, places 10/5");
	expect_row(f->s, "cy", "cheat", "4 lost 2, safe 0/2, places 9/4");
	expect_row(f->s, "cy", NULL, "4 lost 2, safe 0/2, places 9/4");
	expect_top(
	    f->s, "cheat", STORE_BOARD_LOSSES, 4, "ann:0:4 ben:1:4 cy:2:4");
	expect_top(f->s, NULL, STORE_BOARD_SAFE, 0, "ben:3:5 cy:2:4 ann:2:5");

	/* The running game ends: the runs go on from there. */
	memset(r, 0, sizeof r);
	r[0].place = 2;
	r[1].won = r[1].place = 1;
	r[2].lost = 1;
	r[2].place = 3;
	assert_int_equal(
	    store_game_finish(f->s, 7, r, 3, NULL, NULL, 0, &n, NULL), 0);
	expect_row(f->s, "ann", "cheat", "5 lost 0, safe 3/3, places 6/4");
	expect_row(f->s, "ben", NULL, "6 lost 1, safe 2/3, places 11/6");
	expect_row(f->s, "cy", "cheat", "5 lost 3, safe 0/2, places 12/5");
	assert_int_equal(store_check(f->s, NULL), 0);
	store_files_cli_expect(path, "PRAGMA foreign_key_check", "");

	/* Once is enough. */
	store_files_reopen(f, path);
	store_files_cli_expect(
	    path, "PRAGMA user_version", STORE_FILES_CURRENT);
	expect_row(f->s, "ann", "cheat", "5 lost 0, safe 3/3, places 6/4");
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
#define T(name) STORE_FILES_TEST(name)
	    T(test_safe_run),
	    T(test_top_losses),
	    STORE_FILES_SQLITE_TEST(test_migrate_v3),
#undef T
	};

	signal(SIGPIPE, SIG_IGN);
	return STORE_FILES_RUN(tests);
}
