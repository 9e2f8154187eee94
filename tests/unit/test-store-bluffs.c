/*
 * Unit tests of what storage keeps of a game's story (schema version 8),
 * against real SQLite files (tests/lib/store-files.h): the deal key's salt
 * given to store_game_begin() and loaded back, refused in any other form;
 * a game's state and times; the bluff ledger rows store_game_finish()
 * writes and the sums store_bluffs() and store_bluffs_player() read, with
 * games against an AI not counted left out of the first; the liar and
 * detector boards, their minimums and their order; bluff titles stored and
 * reported as awards, again the second time, and not for a game that does
 * not count; a player's and a channel's history.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/store-files.h"

#define SALT "0123456789abcdef0123456789abcdef"

/* A ledger: claims, lies of which away got away (the rest caught), calls
 * of which right were right (the rest wrong); one accusation and a chance
 * more than claims, so that every column differs. */
static struct store_bluffs
ledger(int claims, int lies, int away, int calls, int right)
{
	struct store_bluffs b;

	memset(&b, 0, sizeof b);
	b.claims = claims;
	b.lies = lies;
	b.caught = lies - away;
	b.away = away;
	b.accused = 1;
	b.calls = calls;
	b.right = right;
	b.wrong = calls - right;
	b.chances = claims + 1;
	return b;
}

/* Finishes game, whose seats are results r (nseats), failing the test if
 * it cannot; the number of awards (none written). */
static int
finish(struct store *s, int64_t game, struct store_seat_result *r,
    int nseats)
{
	char *cause = NULL;
	int n;

	if (store_game_finish(s, game, r, nseats, NULL, NULL, 0, &n, &cause) !=
	    0)
		fail_msg("store_game_finish: %s", cause);
	return n;
}

/* A game of variant between a (seat 0, the winner) and b, finished with
 * the ledgers la and lb (NULL: none); its id. */
static int64_t
duel(struct store *s, const char *variant, int64_t a, int64_t b,
    const struct store_bluffs *la, const struct store_bluffs *lb)
{
	struct store_seat_result r[2];
	int64_t seats[2] = {a, b};
	int64_t game;

	game = store_files_begin(s, variant, 2, seats);
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[0].bluffs = la;
	r[1].lost = 1;
	r[1].place = 2;
	r[1].bluffs = lb;
	finish(s, game, r, 2);
	return game;
}

/* A game in channel between nseats players, not finished; its id. */
static int64_t
begin_in(struct store *s, const char *channel, int nseats,
    const int64_t *players)
{
	static const char *const idents[3] = {"h:a@host.test",
	    "h:b@host.test", "h:c@host.test"};
	char *cause = NULL;
	int64_t game;

	game = store_game_begin(s, "cheat", channel, "", 1, NULL, 0, nseats,
	    players, idents, &cause);
	if (game < 0)
		fail_msg("store_game_begin: %s", cause);
	return game;
}

/* Expects store_game_begin() with salt refused for want, and nothing
 * stored. */
static void
expect_salt_refused(struct store_fixture *f, const char *salt,
    const char *want)
{
	static const char *const idents[1] = {"h:a@host.test"};
	int64_t seat = store_files_player(f->s, "n:ann", "ann");
	char *cause = NULL;

	expect_cause(store_game_begin(f->s, "cheat", "#c", "", 1, salt, 0, 1,
	                 &seat, idents, &cause),
	    &cause, want);
	store_files_cli_expect(f->path, "SELECT count(*) FROM games", "0");
}

/* The salt is stored as given, NULL when none, and anything but 32
 * lowercase hex digits is refused, by the API and by the table. */
static void
test_salt(void **state)
{
	struct store_fixture *f = *state;
	static const char *const idents[2] = {"h:a@host.test", "a:ben"};
	int64_t seats[2], game;
	struct store_game *g;
	char *cause = NULL, out[256];

	expect_salt_refused(f, "0123456789abcdef0123456789abcde",
	    "salt '0123456789abcdef0123456789abcde' is not 32 lowercase "
	    "hex digits");
	expect_salt_refused(
	    f, SALT "0", "salt '" SALT "0' is not 32 lowercase hex digits");
	expect_salt_refused(f, "0123456789ABCDEF0123456789abcdef",
	    "is not 32 lowercase hex digits");
	expect_salt_refused(f, "0123456789abcdeg0123456789abcdef",
	    "is not 32 lowercase hex digits");
	expect_salt_refused(f, "", "salt '' is not 32");

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "a:ben", "ben");
	game = store_game_begin(f->s, "cheat", "#c", "decks=2", 7, SALT, 1, 2,
	    seats, idents, &cause);
	assert_true(game > 0);
	g = store_game_load(f->s, game, &cause);
	assert_non_null(g);
	assert_non_null(g->salt);
	assert_string_equal(g->salt, SALT);
	assert_true(g->seed == 7 && g->dealer == 1);
	store_game_free(g);
	store_files_cli_expect(f->path,
	    "SELECT salt FROM games WHERE id = 1", SALT);

	game = store_files_begin(f->s, "cheat", 2, seats);
	g = store_game_load(f->s, game, &cause);
	assert_non_null(g);
	assert_null(g->salt);
	store_game_free(g);
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM games WHERE salt IS NULL", "1");

	/* The table refuses a bad salt written behind the API's back. */
	assert_int_not_equal(store_files_cli(f->path,
	    "UPDATE games SET salt = 'XYZ' WHERE id = 2", out, sizeof out), 0);
	assert_non_null(strstr(out, STORE_FILES_CHECK_FAILED));
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM games WHERE salt IS NULL", "1");
}

/* A game's state and times, from store_game_state() and
 * store_game_load(): running (ended 0), finished, abandoned. */
static void
test_game_state(void **state)
{
	struct store_fixture *f = *state;
	int64_t seats[2], run, fin, gone;
	struct store_seat_result r[2];
	struct store_game *g;
	char st[12], small[4], *cause = NULL;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	run = store_files_begin(f->s, "cheat", 2, seats);
	fin = store_files_begin(f->s, "cheat", 2, seats);
	gone = store_files_begin(f->s, "cheat", 2, seats);
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[1].place = 2;
	finish(f->s, fin, r, 2);
	assert_int_equal(store_game_abandon(f->s, gone, "netsplit", NULL), 0);
	/* Times the test can tell apart. */
	store_files_cli_expect(f->path,
	    "UPDATE games SET started = 1000 * id,"
	    " ended = CASE WHEN ended IS NOT NULL THEN 1000 * id + 7 END",
	    "");

	assert_int_equal(store_game_state(f->s, run, st, sizeof st, NULL), 0);
	assert_string_equal(st, "running");
	assert_int_equal(store_game_state(f->s, fin, st, sizeof st, NULL), 0);
	assert_string_equal(st, "finished");
	assert_int_equal(store_game_state(f->s, gone, st, sizeof st, NULL), 0);
	assert_string_equal(st, "abandoned");
	assert_int_equal(
	    store_game_state(f->s, gone, small, sizeof small, NULL), 0);
	assert_string_equal(small, "aba");
	strcpy(st, "untouched");
	assert_int_equal(store_game_state(f->s, 99, st, sizeof st, NULL), 1);
	assert_string_equal(st, "untouched");

	g = store_game_load(f->s, run, &cause);
	assert_non_null(g);
	assert_string_equal(g->state, "running");
	assert_int_equal(g->started, 1000);
	assert_int_equal(g->ended, 0);
	store_game_free(g);
	g = store_game_load(f->s, fin, &cause);
	assert_non_null(g);
	assert_string_equal(g->state, "finished");
	assert_int_equal(g->started, 2000);
	assert_int_equal(g->ended, 2007);
	store_game_free(g);
	g = store_game_load(f->s, gone, &cause);
	assert_non_null(g);
	assert_string_equal(g->state, "abandoned");
	assert_int_equal(g->ended, 3007);
	store_game_free(g);
}

/* One ledger row per seat, and the sums read back by nick and by id, of
 * one variant or all. */
static void
test_bluffs_rows(void **state)
{
	struct store_fixture *f = *state;
	struct store_bluffs la = ledger(5, 3, 2, 4, 3), lb = ledger(4, 1, 0, 2,
	    1), lc = ledger(6, 2, 1, 1, 0), lbad = ledger(1, 0, 0, 0, 0), b;
	int64_t ann, ben, cy, seats[3], game;
	struct store_seat_result r[3];
	char *cause = NULL, st[12];
	int n;

	ann = store_files_player(f->s, "n:ann", "ann");
	ben = store_files_player(f->s, "n:ben", "Ben");
	cy = store_files_player(f->s, "n:cy", "cy");
	seats[0] = ann;
	seats[1] = ben;
	seats[2] = cy;
	game = store_files_begin(f->s, "cheat", 3, seats);
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[0].bluffs = &la;
	r[1].place = 2;
	r[1].bluffs = &lb;
	r[2].place = 3;
	r[2].lost = 1;
	r[2].bluffs = &lc;
	/* A negative count is refused, and nothing is written. */
	lbad.wrong = -1;
	r[2].bluffs = &lbad;
	assert_int_equal(
	    store_game_finish(f->s, game, r, 3, NULL, NULL, 0, &n, &cause), -1);
	expect_cause(-1, &cause, "seat 2: a negative count in its bluff "
	    "ledger");
	assert_int_equal(store_game_state(f->s, game, st, sizeof st, NULL), 0);
	assert_string_equal(st, "running");
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM bluffs; SELECT count(*) FROM results",
	    "0\n0");
	r[2].bluffs = &lc;
	finish(f->s, game, r, 3);
	store_files_cli_expect(f->path,
	    "SELECT game, seat, player, claims, lies, caught, away, accused,"
	    " calls, \"right\", wrong, chances FROM bluffs ORDER BY seat",
	    "1|0|1|5|3|1|2|1|4|3|1|6\n"
	    "1|1|2|4|1|1|0|1|2|1|1|5\n"
	    "1|2|3|6|2|1|1|1|1|0|1|7");

	/* A game without a ledger adds no row and is not among the games
	 * summed; another variant's is, for all variants. */
	duel(f->s, "cheat", ann, ben, NULL, NULL);
	duel(f->s, "liarsuno", ben, ann, &lb, &la);
	store_files_cli_expect(f->path, "SELECT count(*) FROM bluffs", "5");

	assert_int_equal(store_bluffs(f->s, "ANN", "cheat", &b, NULL), 0);
	assert_int_equal(b.games, 1);
	assert_int_equal(b.claims, 5);
	assert_int_equal(b.lies, 3);
	assert_int_equal(b.caught, 1);
	assert_int_equal(b.away, 2);
	assert_int_equal(b.accused, 1);
	assert_int_equal(b.calls, 4);
	assert_int_equal(b.right, 3);
	assert_int_equal(b.wrong, 1);
	assert_int_equal(b.chances, 6);
	assert_int_equal(store_bluffs(f->s, "ann", NULL, &b, NULL), 0);
	assert_int_equal(b.games, 2);
	assert_int_equal(b.claims, 10);
	assert_int_equal(b.away, 4);
	assert_int_equal(b.right, 6);
	assert_int_equal(b.chances, 12);
	assert_int_equal(store_bluffs(f->s, "ben", NULL, &b, NULL), 0);
	assert_int_equal(b.games, 2);
	assert_int_equal(b.claims, 8);
	assert_int_equal(b.lies, 2);
	assert_int_equal(b.wrong, 2);
	assert_int_equal(store_bluffs(f->s, "cy", "liarsuno", &b, NULL), 0);
	assert_int_equal(b.games, 0);
	assert_int_equal(b.claims, 0);
	assert_int_equal(store_bluffs(f->s, "nobody", NULL, &b, NULL), 1);

	assert_int_equal(store_bluffs_player(f->s, cy, NULL, &b, NULL), 0);
	assert_int_equal(b.games, 1);
	assert_int_equal(b.claims, 6);
	assert_int_equal(b.chances, 7);
	assert_int_equal(
	    store_bluffs_player(f->s, ben, "liarsuno", &b, NULL), 0);
	assert_int_equal(b.games, 1);
	assert_int_equal(b.claims, 4);
	assert_int_equal(store_bluffs_player(f->s, 99, NULL, &b, NULL), 1);
	assert_int_equal(store_check(f->s, NULL), 0);
	store_files_check(f->path);
}

/* A game against an AI that is not counted keeps its ledger rows, left
 * out of a person's sums by nick but not of what an AI reads; counted,
 * it is summed like any.  An AI's own sums by nick are every finished
 * game of its, counted or not: its record. */
static void
test_bluffs_ai(void **state)
{
	struct store_fixture *f = *state;
	struct store_bluffs la = ledger(5, 3, 2, 4, 3), lai = ledger(9, 9, 9,
	    9, 9), b;
	int64_t ann, ada, ben;
	struct store_top_row rows[4];

	ann = store_files_player(f->s, "n:ann", "ann");
	ada = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	ben = store_files_player(f->s, "n:ben", "ben");
	duel(f->s, "cheat", ann, ada, &la, &lai);
	store_files_cli_expect(f->path, "SELECT count(*) FROM bluffs", "2");
	assert_int_equal(store_bluffs(f->s, "ann", NULL, &b, NULL), 0);
	assert_int_equal(b.games, 0);
	assert_int_equal(b.claims, 0);
	assert_int_equal(store_bluffs_player(f->s, ann, NULL, &b, NULL), 0);
	assert_int_equal(b.games, 1);
	assert_int_equal(b.claims, 5);
	assert_int_equal(store_top(f->s, NULL, STORE_BOARD_LIAR, 1, rows, 4,
	    NULL), 0);
	assert_int_equal(store_top(f->s, NULL, STORE_BOARD_DETECTOR, 1, rows,
	    4, NULL), 0);

	store_count_ai(f->s, 1);
	duel(f->s, "cheat", ada, ann, &lai, &la);
	duel(f->s, "cheat", ben, ann, NULL, &la);
	assert_int_equal(store_bluffs(f->s, "ann", NULL, &b, NULL), 0);
	assert_int_equal(b.games, 2);
	assert_int_equal(b.claims, 10);
	assert_int_equal(store_bluffs_player(f->s, ann, NULL, &b, NULL), 0);
	assert_int_equal(b.games, 3);
	assert_int_equal(b.claims, 15);
	assert_int_equal(store_bluffs(f->s, "Ada(AI)", NULL, &b, NULL), 0);
	assert_int_equal(b.games, 2);
	assert_int_equal(b.claims, 18);
	/* Ada's 9 of 9 is on no board; ann's counted games are. */
	assert_int_equal(store_top(f->s, NULL, STORE_BOARD_LIAR, 1, rows, 4,
	    NULL), 1);
	assert_string_equal(rows[0].nick, "ann");
	assert_int_equal(rows[0].games, 2);
	assert_int_equal(rows[0].value, 4);
	assert_int_equal(store_top(f->s, NULL, STORE_BOARD_DETECTOR, 1, rows,
	    4, NULL), 1);
	assert_string_equal(rows[0].nick, "ann");
	assert_int_equal(rows[0].calls, 8);
	assert_int_equal(rows[0].value, 6);
}

/* Checks the nicks of rows (n of them) against want, space-separated. */
static void
expect_board(const struct store_top_row *rows, int n, const char *want)
{
	char got[256] = "";
	int i;

	for (i = 0; i < n; i++) {
		if (i > 0)
			strcat(got, " ");
		strcat(got, rows[i].nick);
	}
	assert_string_equal(got, want);
}

/* The liar board: lies away per game with a ledger, the most first, ties
 * to more games; at least min_games such games and one lie away; of the
 * variant or all, the games' wins beside. */
static void
test_board_liar(void **state)
{
	struct store_fixture *f = *state;
	struct store_bluffs a2 = ledger(4, 2, 2, 0, 0), a1 = ledger(4, 1, 1,
	    0, 0), a0 = ledger(3, 1, 0, 0, 0), none = ledger(0, 0, 0, 0, 0),
	    a10 = ledger(10, 10, 10, 0, 0);
	int64_t ann, ben, cy, dee, eve, fay, gus;
	struct store_top_row rows[8];
	int n, i;

	ann = store_files_player(f->s, "n:ann", "ann");
	ben = store_files_player(f->s, "n:ben", "ben");
	cy = store_files_player(f->s, "n:cy", "cy");
	dee = store_files_player(f->s, "n:dee", "dee");
	eve = store_files_player(f->s, "n:eve", "eve");
	fay = store_files_player(f->s, "n:fay", "fay");
	gus = store_files_player(f->s, "n:gus", "gus");
	/* ann 3 away in 2 games; ben 2 in 2; cy 2 in 1; dee none in 2;
	 * eve 4 in 4; fay none in 4; gus 2 in 2 without a win. */
	duel(f->s, "cheat", ann, ben, &a2, &a1);
	duel(f->s, "cheat", ann, ben, &a1, &a1);
	duel(f->s, "cheat", cy, dee, &a2, &a0);
	duel(f->s, "cheat", eve, dee, &a1, &none);
	for (i = 0; i < 3; i++)
		duel(f->s, "cheat", eve, fay, &a1, &a0);
	duel(f->s, "cheat", fay, gus, &none, &a1);
	duel(f->s, "cheat", fay, gus, &none, &a1);
	/* Another variant: ben leads the board of every variant. */
	duel(f->s, "liarsuno", ben, fay, &a10, &none);

	n = store_top(f->s, "cheat", STORE_BOARD_LIAR, 2, rows, 8, NULL);
	expect_board(rows, n, "ann eve ben gus");
	assert_int_equal(rows[0].value, 3);
	assert_int_equal(rows[0].games, 2);
	assert_int_equal(rows[0].wins, 2);
	assert_int_equal(rows[1].value, 4);
	assert_int_equal(rows[1].games, 4);
	assert_int_equal(rows[2].value, 2);
	assert_int_equal(rows[2].games, 2);
	assert_int_equal(rows[2].wins, 0);
	assert_int_equal(rows[3].wins, 0);
	assert_int_equal(rows[0].calls, 0);
	/* One game is enough with 1: cy's 2 in 1 comes first. */
	n = store_top(f->s, "cheat", STORE_BOARD_LIAR, 1, rows, 8, NULL);
	expect_board(rows, n, "cy ann eve ben gus");
	n = store_top(f->s, "cheat", STORE_BOARD_LIAR, 3, rows, 8, NULL);
	expect_board(rows, n, "eve");
	n = store_top(f->s, "cheat", STORE_BOARD_LIAR, 1, rows, 2, NULL);
	expect_board(rows, n, "cy ann");
	n = store_top(f->s, NULL, STORE_BOARD_LIAR, 2, rows, 8, NULL);
	expect_board(rows, n, "ben ann eve gus");
	assert_int_equal(rows[0].value, 12);
	assert_int_equal(rows[0].games, 3);
	assert_int_equal(rows[0].wins, 1);
	n = store_top(f->s, "liarsuno", STORE_BOARD_LIAR, 1, rows, 8, NULL);
	expect_board(rows, n, "ben");
	/* A board of the stats has no calls. */
	rows[0].calls = 99;
	n = store_top(f->s, "cheat", STORE_BOARD_WINS, 1, rows, 8, NULL);
	assert_true(n > 0);
	assert_int_equal(rows[0].calls, 0);
}

/* The detector board: right calls per call, the best first, ties to more
 * calls then nick; at least min_games calls, and one. */
static void
test_board_detector(void **state)
{
	struct store_fixture *f = *state;
	struct store_bluffs c42 = ledger(1, 0, 0, 4, 2), c21 = ledger(1, 0, 0,
	    2, 1), c11 = ledger(1, 0, 0, 1, 1), c44 = ledger(1, 0, 0, 4, 4),
	    c0 = ledger(5, 5, 5, 0, 0), c105 = ledger(1, 0, 0, 10, 5);
	int64_t ann, ben, cy, dee, eve, abe, hal;
	struct store_top_row rows[8];
	int n;

	ann = store_files_player(f->s, "n:ann", "ann");
	ben = store_files_player(f->s, "n:ben", "ben");
	cy = store_files_player(f->s, "n:cy", "cy");
	dee = store_files_player(f->s, "n:dee", "dee");
	eve = store_files_player(f->s, "n:eve", "eve");
	abe = store_files_player(f->s, "n:Abe", "Abe");
	hal = store_files_player(f->s, "n:hal", "hal");
	/* ann 3 of 4 (0.75); ben 2 of 2; cy 6 of 8 (0.75, more calls); dee
	 * 1 of 1; eve no call; Abe 2 of 2 (ties ben: by nick); hal 5 of 10
	 * (a rate, not the calls). */
	duel(f->s, "cheat", ann, eve, &c21, &c0);
	duel(f->s, "cheat", ann, eve, &c11, &c0);
	duel(f->s, "cheat", ann, ben, &c11, &c11);
	duel(f->s, "cheat", eve, ben, &c0, &c11);
	duel(f->s, "cheat", cy, dee, &c42, &c11);
	duel(f->s, "cheat", cy, abe, &c44, &c11);
	duel(f->s, "cheat", abe, eve, &c11, &c0);
	duel(f->s, "cheat", eve, hal, &c0, &c105);
	n = store_top(f->s, "cheat", STORE_BOARD_DETECTOR, 2, rows, 8, NULL);
	expect_board(rows, n, "Abe ben cy ann hal");
	assert_int_equal(rows[1].value, 2);
	assert_int_equal(rows[1].calls, 2);
	assert_int_equal(rows[1].games, 2);
	assert_int_equal(rows[1].wins, 0);
	assert_int_equal(rows[2].value, 6);
	assert_int_equal(rows[2].calls, 8);
	assert_int_equal(rows[2].wins, 2);
	assert_int_equal(rows[3].value, 3);
	assert_int_equal(rows[3].calls, 4);
	assert_int_equal(rows[3].games, 3);
	/* min_games 0 still needs a call: eve is never on it. */
	n = store_top(f->s, "cheat", STORE_BOARD_DETECTOR, 0, rows, 8, NULL);
	expect_board(rows, n, "Abe ben dee cy ann hal");
	n = store_top(f->s, "cheat", STORE_BOARD_DETECTOR, 8, rows, 8, NULL);
	expect_board(rows, n, "cy hal");
	n = store_top(f->s, "cheat", STORE_BOARD_DETECTOR, 11, rows, 8, NULL);
	assert_int_equal(n, 0);
	n = store_top(f->s, "liarsuno", STORE_BOARD_DETECTOR, 0, rows, 8,
	    NULL);
	assert_int_equal(n, 0);
}

/* Bluff titles: one titles row each time, an award with rule -1 after the
 * seat's streak awards, again from the second time on; refused lists
 * store nothing. */
static void
test_bluff_titles(void **state)
{
	struct store_fixture *f = *state;
	static const struct store_title_rule rules[] = {
	    {"excellent", 0, 2, 0},
	    {NULL, 0, 0, 0},
	};
	static const char *const poker[] = {"pokerface", NULL};
	static const char *const hound[] = {"bloodhound", "wronged", NULL};
	static const char *const twice[] = {"pokerface", "pokerface", NULL};
	static const char *const rule[] = {"excellent", NULL};
	static const char *const empty[] = {"", NULL};
	struct store_bluffs la = ledger(5, 3, 3, 0, 0), lb = ledger(2, 0, 0,
	    3, 3);
	struct store_seat_result r[2];
	struct store_title_row rows[8];
	struct store_award aw[8];
	int64_t seats[2], game;
	char shown[64], *cause = NULL;
	int n;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[0].bluffs = &la;
	r[0].earned = poker;
	r[1].place = 2;
	r[1].bluffs = &lb;
	r[1].earned = hound;

	game = store_files_begin(f->s, "cheat", 2, seats);
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, rules, aw, 8, &n, &cause), 0);
	assert_int_equal(n, 3);
	assert_int_equal(aw[0].seat, 0);
	assert_int_equal(aw[0].rule, -1);
	assert_string_equal(aw[0].earned, "pokerface");
	assert_int_equal(aw[0].count, 1);
	assert_int_equal(aw[0].again, 0);
	assert_null(aw[0].detail);
	assert_int_equal(aw[1].seat, 1);
	assert_string_equal(aw[1].earned, "bloodhound");
	assert_int_equal(aw[2].seat, 1);
	assert_string_equal(aw[2].earned, "wronged");
	assert_int_equal(aw[2].count, 1);
	store_files_cli_expect(f->path,
	    "SELECT player, game, variant, title, run, detail IS NULL"
	    " FROM titles ORDER BY player, title",
	    "1|1|cheat|pokerface|0|1\n"
	    "2|1|cheat|bloodhound|0|1\n"
	    "2|1|cheat|wronged|0|1");

	/* The second game: ann's streak title first, then Poker Face
	 * again; ben earns none this time. */
	r[1].earned = NULL;
	game = store_files_begin(f->s, "cheat", 2, seats);
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, rules, aw, 8, &n, &cause), 0);
	assert_int_equal(n, 2);
	assert_int_equal(aw[0].seat, 0);
	assert_int_equal(aw[0].rule, 0);
	assert_null(aw[0].earned);
	assert_int_equal(aw[0].count, 2);
	assert_int_equal(aw[1].seat, 0);
	assert_int_equal(aw[1].rule, -1);
	assert_string_equal(aw[1].earned, "pokerface");
	assert_int_equal(aw[1].count, 2);
	assert_int_equal(aw[1].again, 1);
	assert_int_equal(store_titles(f->s, "ann", "cheat", rows, 8, shown,
	                     sizeof shown, NULL),
	    2);
	assert_string_equal(rows[0].name, "pokerface");
	assert_int_equal(rows[0].count, 2);
	assert_int_equal(rows[0].best_run, 0);
	assert_string_equal(rows[1].name, "excellent");
	assert_int_equal(rows[1].count, 1);

	/* Counted per variant: the first in liarsuno; and like snprintf,
	 * every award counted though one only fits. */
	r[1].earned = hound;
	game = store_files_begin(f->s, "liarsuno", 2, seats);
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, NULL, aw, 1, &n, &cause), 0);
	assert_int_equal(n, 3);
	assert_string_equal(aw[0].earned, "pokerface");
	assert_int_equal(aw[0].count, 1);
	assert_int_equal(aw[0].again, 0);
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM titles WHERE title = 'pokerface'", "3");

	/* Refused lists: nothing of the game is stored. */
	game = store_files_begin(f->s, "cheat", 2, seats);
	r[1].earned = twice;
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, rules, aw, 8, &n, &cause), -1);
	expect_cause(-1, &cause, "seat 1 earned 'pokerface' twice");
	assert_int_equal(n, 0);
	r[1].earned = rule;
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, rules, aw, 8, &n, &cause), -1);
	expect_cause(
	    -1, &cause, "seat 1: bluff title 'excellent' is a rule's name too");
	r[1].earned = empty;
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, rules, aw, 8, &n, &cause), -1);
	expect_cause(-1, &cause, "seat 1: an empty bluff title name");
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM titles; SELECT count(*) FROM bluffs;"
	    " SELECT state FROM games WHERE id = 4",
	    "8\n6\nrunning");

	/* A forfeit earns no title, though its ledger is kept. */
	memset(r, 0, sizeof r);
	r[0].place = 1;
	r[0].forfeit = 1;
	r[0].bluffs = &la;
	r[0].earned = poker;
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, rules, aw, 8, &n, &cause), 0);
	assert_int_equal(n, 0);
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM titles; SELECT count(*) FROM bluffs",
	    "8\n7");
}

/* A game against an AI that is not counted stores its ledgers but no
 * bluff title and reports none; counted, it does. */
static void
test_bluff_titles_ai(void **state)
{
	struct store_fixture *f = *state;
	static const char *const poker[] = {"pokerface", NULL};
	static const char *const hound[] = {"bloodhound", NULL};
	struct store_bluffs la = ledger(5, 3, 3, 0, 0), lb = ledger(2, 0, 0,
	    3, 3);
	struct store_seat_result r[2];
	struct store_award aw[4];
	int64_t seats[2], game;
	char *cause = NULL;
	int n;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[0].bluffs = &la;
	r[0].earned = poker;
	r[1].place = 2;
	r[1].bluffs = &lb;
	r[1].earned = hound;
	game = store_files_begin(f->s, "cheat", 2, seats);
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, NULL, aw, 4, &n, &cause), 0);
	assert_int_equal(n, 0);
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM titles; SELECT count(*) FROM bluffs;"
	    " SELECT ai FROM games",
	    "0\n2\n2");

	store_count_ai(f->s, 1);
	game = store_files_begin(f->s, "cheat", 2, seats);
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, NULL, aw, 4, &n, &cause), 0);
	assert_int_equal(n, 2);
	assert_string_equal(aw[0].earned, "pokerface");
	assert_int_equal(aw[0].count, 1);
	assert_int_equal(aw[1].seat, 1);
	assert_string_equal(aw[1].earned, "bloodhound");
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM titles; SELECT count(*) FROM bluffs", "2\n4");
}

/* Checks one history row. */
static void
expect_row(const struct store_history_row *row, int64_t id,
    const char *channel, const char *state, int nseats, int place, int won,
    int lost)
{
	assert_int_equal(row->id, id);
	assert_string_equal(row->variant, "cheat");
	assert_string_equal(row->channel, channel);
	assert_string_equal(row->state, state);
	assert_int_equal(row->started, 1000 * id);
	assert_int_equal(
	    row->ended, strcmp(state, "running") == 0 ? 0 : 1000 * id + 9);
	assert_int_equal(row->nseats, nseats);
	assert_int_equal(row->place, place);
	assert_int_equal(row->won, won);
	assert_int_equal(row->lost, lost);
}

/* A player's games, the newest first, running ones too, with their own
 * results; a channel's, whatever its case, with no result. */
static void
test_history(void **state)
{
	struct store_fixture *f = *state;
	struct store_history_row rows[8];
	struct store_seat_result r[3];
	int64_t ann, ben, cy, seats[3], g1, g2, g3, g4;
	char *cause = NULL;
	int n;

	ann = store_files_player(f->s, "n:ann", "ann");
	ben = store_files_player(f->s, "n:ben", "ben");
	cy = store_files_player(f->s, "n:cy", "cy");
	seats[0] = ann;
	seats[1] = ben;
	g1 = begin_in(f->s, "#cheater", 2, seats);
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[1].lost = 1;
	r[1].place = 2;
	finish(f->s, g1, r, 2);
	seats[1] = cy;
	g2 = begin_in(f->s, "#other", 2, seats);
	assert_int_equal(store_game_abandon(f->s, g2, NULL, NULL), 0);
	seats[0] = ben;
	g3 = begin_in(f->s, "#cheater", 2, seats);
	seats[0] = cy;
	seats[1] = ann;
	seats[2] = ben;
	g4 = begin_in(f->s, "#Cheater", 3, seats);
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[1].place = 2;
	r[2].lost = 1;
	r[2].place = 3;
	finish(f->s, g4, r, 3);
	store_files_cli_expect(f->path,
	    "UPDATE games SET started = 1000 * id,"
	    " ended = CASE WHEN ended IS NOT NULL THEN 1000 * id + 9 END",
	    "");

	n = store_history(f->s, "ANN", NULL, rows, 8, &cause);
	assert_int_equal(n, 3);
	expect_row(&rows[0], g4, "#Cheater", "finished", 3, 2, 0, 0);
	expect_row(&rows[1], g2, "#other", "abandoned", 2, 0, 0, 0);
	expect_row(&rows[2], g1, "#cheater", "finished", 2, 1, 1, 0);
	n = store_history(f->s, "ben", "#other", rows, 8, &cause);
	assert_int_equal(n, 3);
	expect_row(&rows[0], g4, "#Cheater", "finished", 3, 3, 0, 1);
	expect_row(&rows[1], g3, "#cheater", "running", 2, 0, 0, 0);
	expect_row(&rows[2], g1, "#cheater", "finished", 2, 2, 0, 1);
	n = store_history(f->s, "ben", NULL, rows, 2, &cause);
	assert_int_equal(n, 2);
	assert_int_equal(rows[1].id, g3);

	n = store_history(f->s, NULL, "#CHEATER", rows, 8, &cause);
	assert_int_equal(n, 3);
	expect_row(&rows[0], g4, "#Cheater", "finished", 3, 0, 0, 0);
	expect_row(&rows[1], g3, "#cheater", "running", 2, 0, 0, 0);
	expect_row(&rows[2], g1, "#cheater", "finished", 2, 0, 0, 0);
	n = store_history(f->s, NULL, "#other", rows, 8, &cause);
	assert_int_equal(n, 1);
	expect_row(&rows[0], g2, "#other", "abandoned", 2, 0, 0, 0);
	assert_int_equal(store_history(f->s, NULL, "#none", rows, 8, NULL), 0);
	assert_int_equal(store_history(f->s, "nobody", NULL, rows, 8, NULL), 0);
	assert_int_equal(store_history(f->s, "ann", NULL, rows, 0, NULL), 0);
	expect_cause(store_history(f->s, NULL, NULL, rows, 8, &cause), &cause,
	    "a history needs a nick or a channel");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		STORE_FILES_TEST(test_salt),
		STORE_FILES_TEST(test_game_state),
		STORE_FILES_TEST(test_bluffs_rows),
		STORE_FILES_TEST(test_bluffs_ai),
		STORE_FILES_TEST(test_board_liar),
		STORE_FILES_TEST(test_board_detector),
		STORE_FILES_TEST(test_bluff_titles),
		STORE_FILES_TEST(test_bluff_titles_ai),
		STORE_FILES_TEST(test_history),
	};

	return STORE_FILES_RUN(tests);
}
