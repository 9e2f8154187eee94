/*
 * Unit tests of storage/game-finish.c and storage/stats.c: finishing and
 * abandoning games, results, stats and win streaks per variant and for
 * all variants, and the boards, against real SQLite files
 * (tests/lib/store-files.h), with the sqlite3 tool checking the rows
 * from outside.
 */
#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/store-files.h"

/* store_game_finish() for a variant without titles. */
static int
finish(struct store *s, int64_t game, const struct store_seat_result *r,
    int nseats, char **cause)
{
	int n;

	return store_game_finish(s, game, r, nseats, NULL, NULL, 0, &n, cause);
}

/* Plays a game of variant between a and b to its end: winner's seat wins;
 * with loser set, the other seat is marked lost (a loser game). */
static void
play(struct store *s, const char *variant, int64_t a, int64_t b, int winner,
    int loser)
{
	struct store_seat_result r[2];
	int64_t seats[2] = {a, b};
	char *cause = NULL;
	int64_t game;
	int i;

	game = store_files_begin(s, variant, 2, seats);
	store_files_move(s, game, 0, 0, "0 play 1");
	memset(r, 0, sizeof r);
	for (i = 0; i < 2; i++) {
		r[i].won = i == winner;
		r[i].lost = loser && i != winner;
		r[i].place = i == winner ? 1 : 2;
		r[i].points = i == winner ? 10 : 0;
	}
	r[winner].detail = "hearts";
	if (finish(s, game, r, 2, &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
}

static void
expect_stats(
    struct store *s, const char *nick, const char *variant, const int want[5])
{
	struct store_stats st;
	char *cause = NULL;
	int rc;

	rc = store_stats(s, nick, variant, &st, &cause);
	if (rc != 0)
		fail_msg("store_stats '%s': %d %s", nick, rc, cause);
	assert_int_equal(st.games, want[0]);
	assert_int_equal(st.wins, want[1]);
	assert_int_equal(st.losses, want[2]);
	assert_int_equal(st.streak, want[3]);
	assert_int_equal(st.best_streak, want[4]);
}

static void
test_finish_streaks(void **state)
{
	struct store_fixture *f = *state;
	static const int after[4][2][5] = {
	    /* games, wins, losses, streak, best: ann, then ben */
	    {{1, 1, 0, 1, 1}, {1, 0, 1, 0, 0}},
	    {{2, 2, 0, 2, 2}, {2, 0, 2, 0, 0}},
	    {{3, 2, 1, 0, 2}, {3, 1, 2, 1, 1}},
	    {{4, 3, 1, 1, 2}, {4, 1, 3, 0, 1}},
	};
	static const int winner[4] = {0, 0, 1, 0};
	int64_t a, b;
	int i;

	a = store_files_player(f->s, "n:ann", "ann");
	b = store_files_player(f->s, "n:ben", "ben");
	for (i = 0; i < 4; i++) {
		play(f->s, "cheat", a, b, winner[i], 1);
		expect_stats(f->s, "ann", "cheat", after[i][0]);
		expect_stats(f->s, "ben", "cheat", after[i][1]);
		expect_stats(f->s, "ann", NULL, after[i][0]);
	}
	store_files_cli_expect(f->path,
	    "SELECT count(*), sum(won), sum(lost) FROM results", "8|4|4");
	store_files_cli_expect(f->path,
	    "SELECT detail FROM results WHERE game = 3 AND"
	    " won = 1",
	    "hearts");
}

static void
test_finish_refused(void **state)
{
	struct store_fixture *f = *state;
	static const int one[5] = {1, 1, 0, 1, 1};
	static const int none[5] = {0, 0, 0, 0, 0};
	struct store_seat_result r[2];
	int64_t seats[2], game, *ids;
	char *cause = NULL;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	game = store_files_begin(f->s, "cheat", 2, seats);
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[1].place = 2;

	expect_cause(finish(f->s, game, r, 1, &cause), &cause,
	    "game 1 has 2 seats, not 1");
	r[1].won = r[1].lost = 1;
	expect_cause(finish(f->s, game, r, 2, &cause), &cause,
	    "seat 1 both won and lost");
	/* The refused finishes left nothing behind, not even seat 0's. */
	expect_stats(f->s, "ann", NULL, none);
	store_files_cli_expect(f->path, "SELECT count(*) FROM results", "0");

	r[1].won = r[1].lost = 0;
	assert_int_equal(finish(f->s, game, r, 2, NULL), 0);
	expect_cause(finish(f->s, game, r, 2, &cause), &cause,
	    "game 1 is already finished");
	expect_cause(store_game_abandon(f->s, game, NULL, &cause), &cause,
	    "game 1 is already finished");
	expect_stats(f->s, "ann", "cheat", one);
	expect_stats(f->s, "ann", NULL, one);
	assert_int_equal(store_running(f->s, &ids, NULL), 0);
	free(ids);
	expect_cause(finish(f->s, 5, r, 2, &cause), &cause, "no such game 5");
}

static void
test_abandon(void **state)
{
	struct store_fixture *f = *state;
	static const int none[5] = {0, 0, 0, 0, 0};
	static const int one[5] = {1, 1, 0, 1, 1};
	struct store_seat_result r[2];
	int64_t seats[2], game, *ids;
	char *cause = NULL;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	play(f->s, "cheat", seats[0], seats[1], 0, 0);
	game = store_files_begin(f->s, "cheat", 2, seats);
	store_files_move(f->s, game, 0, 0, "0 play 1");
	assert_int_equal(store_game_abandon(f->s, game, "netsplit", NULL), 0);
	expect_stats(f->s, "ann", "cheat", one);
	expect_stats(f->s, "ben", NULL, (const int[5]){1, 0, 0, 0, 0});
	assert_int_equal(store_running(f->s, &ids, NULL), 0);
	free(ids);
	store_files_cli_expect(f->path,
	    "SELECT state, why, ended IS NOT NULL FROM games"
	    " WHERE id = 2",
	    "abandoned|netsplit|1");

	memset(r, 0, sizeof r);
	r[1].won = 1;
	expect_cause(
	    finish(f->s, game, r, 2, &cause), &cause, "game 2 was abandoned");
	expect_cause(store_game_abandon(f->s, game, NULL, &cause), &cause,
	    "game 2 was abandoned");
	expect_stats(f->s, "ann", NULL, one);

	/* A player who never finished a game has zeros, not "unknown". */
	store_files_player(f->s, "n:cy", "cy");
	expect_stats(f->s, "cy", "cheat", none);
}

static void
test_stats_by_nick(void **state)
{
	struct store_fixture *f = *state;
	struct store_stats st;
	int64_t old, new, other;
	char *cause = NULL;

	old = store_files_player(f->s, "n:bob", "Bob");
	other = store_files_player(f->s, "n:eve", "eve");
	play(f->s, "cheat", old, other, 0, 0);
	assert_int_equal(store_stats(f->s, "BOB", "cheat", &st, &cause), 0);
	assert_string_equal(st.nick, "Bob");
	assert_int_equal(st.wins, 1);
	assert_int_equal(store_stats(f->s, "nobody", NULL, &st, NULL), 1);
	assert_int_equal(store_stats(f->s, "bob", "uno", &st, NULL), 0);
	assert_int_equal(st.games, 0);

	/* Someone else now uses the nick: they are the one found. */
	new = store_files_player(f->s, "a:robert", "bob");
	assert_true(new != old);
	assert_int_equal(store_stats(f->s, "Bob", NULL, &st, NULL), 0);
	assert_string_equal(st.nick, "bob");
	assert_int_equal(st.games, 0);
	/* Unless the first was seen more recently. */
	store_files_cli_expect(f->path,
	    "UPDATE players SET last_seen = last_seen + 60"
	    " WHERE key = 'n:bob'",
	    "");
	assert_int_equal(store_stats(f->s, "Bob", NULL, &st, NULL), 0);
	assert_string_equal(st.nick, "Bob");
	assert_int_equal(st.games, 1);
}

static void
test_variant_null_aggregates(void **state)
{
	struct store_fixture *f = *state;
	int64_t a, b;

	a = store_files_player(f->s, "n:ann", "ann");
	b = store_files_player(f->s, "n:ben", "ben");
	play(f->s, "cheat", a, b, 0, 1);
	play(f->s, "uno", a, b, 0, 1);
	play(f->s, "uno", a, b, 0, 1);
	play(f->s, "cheat", a, b, 1, 1);
	play(f->s, "uno", a, b, 0, 1);
	expect_stats(f->s, "ann", "cheat", (const int[5]){2, 1, 1, 0, 1});
	expect_stats(f->s, "ann", "uno", (const int[5]){3, 3, 0, 3, 3});
	expect_stats(f->s, "ann", NULL, (const int[5]){5, 4, 1, 1, 3});
	expect_stats(f->s, "ben", NULL, (const int[5]){5, 1, 4, 0, 1});
	/* The all-variants row is the sum of the variants' rows. */
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM stats AS a WHERE variant = ''"
	    " AND games = (SELECT sum(games) FROM stats AS v"
	    "  WHERE v.player = a.player AND v.variant <> '')",
	    "2");
}

/* Expects a board's rows as "nick:value:games nick:value:games". */
static void
expect_top(struct store *s, const char *variant, enum store_board board,
    int max, const char *want)
{
	struct store_top_row rows[8];
	char got[512], *cause = NULL;
	size_t len = 0;
	int n, i;

	assert_true(max <= 8);
	n = store_top(s, variant, board, 0, rows, max, &cause);
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
test_top_boards(void **state)
{
	struct store_fixture *f = *state;
	int64_t ann, ben, cy, dee;

	ann = store_files_player(f->s, "n:ann", "ann");
	ben = store_files_player(f->s, "n:ben", "Ben");
	cy = store_files_player(f->s, "n:cy", "cy");
	dee = store_files_player(f->s, "n:dee", "dee");
	/* All variants: cy 2 wins in 2 games, ann 2 in 3, Ben 2 in 5. */
	play(f->s, "cheat", ann, dee, 0, 0);
	play(f->s, "cheat", ben, dee, 0, 0);
	play(f->s, "uno", ben, cy, 1, 0);
	play(f->s, "uno", ben, ann, 1, 0);
	play(f->s, "uno", cy, ben, 0, 0);
	play(f->s, "uno", ann, ben, 1, 0);

	/* Equal figures: fewer games first, then the nick, in any case. */
	expect_top(f->s, NULL, STORE_BOARD_WINS, 8, "cy:2:2 ann:2:3 Ben:2:5");
	expect_top(
	    f->s, NULL, STORE_BOARD_GAMES, 8, "Ben:5:5 ann:3:3 cy:2:2 dee:2:2");
	expect_top(f->s, NULL, STORE_BOARD_STREAK, 8, "cy:2:2 ann:2:3 Ben:1:5");
	expect_top(f->s, "uno", STORE_BOARD_WINS, 8, "cy:2:2 ann:1:2 Ben:1:4");
	expect_top(f->s, "cheat", STORE_BOARD_WINS, 8, "ann:1:1 Ben:1:1");
	expect_top(f->s, NULL, STORE_BOARD_GAMES, 2, "Ben:5:5 ann:3:3");
	expect_top(f->s, "rummy", STORE_BOARD_WINS, 8, "");
	expect_top(f->s, NULL, STORE_BOARD_WINS, 0, "");
}

static void
test_integrity(void **state)
{
	struct store_fixture *f = *state;
	int64_t a, b;
	int i;

	a = store_files_player(f->s, "n:ann", "ann");
	b = store_files_player(f->s, "n:ben", "ben");
	for (i = 0; i < 6; i++)
		play(f->s, i % 2 ? "cheat" : "uno", a, b, i % 3 == 0, 1);
	assert_int_equal(store_pref_set(f->s, a, "colour", 1, NULL), 0);
	store_files_check(f->path);
	/* docs/storage.md's check that stats agree with results. */
	store_files_cli_expect(f->path,
	    "SELECT s.player, s.variant FROM stats s"
	    " JOIN (SELECT r.player, g.variant, count(*) AS n,"
	    "  sum(r.won) AS w, sum(r.lost) AS l"
	    "  FROM results r JOIN games g ON g.id = r.game"
	    "  GROUP BY r.player, g.variant) c"
	    " ON c.player = s.player AND c.variant = s.variant"
	    " WHERE s.games <> c.n OR s.wins <> c.w OR s.losses <> c.l",
	    "");
	store_files_cli_expect(f->path, "SELECT count(*) FROM stats", "6");
	store_close(f->s);
	f->s = NULL;
	/* Closed cleanly: on SQLite, the log was checkpointed into the
	 * file. */
	store_files_check(f->path);
	store_files_cli_expect(f->path, "SELECT count(*) FROM results", "12");
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
#define T(name) STORE_FILES_TEST(name)
	    T(test_finish_streaks),
	    T(test_finish_refused),
	    T(test_abandon),
	    T(test_stats_by_nick),
	    T(test_variant_null_aggregates),
	    T(test_top_boards),
	    T(test_integrity),
#undef T
	};

	signal(SIGPIPE, SIG_IGN);
	return STORE_FILES_RUN(tests);
}
