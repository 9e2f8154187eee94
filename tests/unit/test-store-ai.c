/*
 * Unit tests of games with an AI seat in storage/game-finish.c and
 * storage/stats.c, against real SQLite files (tests/lib/store-files.h):
 * recorded, counted in nobody's stats unless store_count_ai() says so, on
 * the solo ladder either way (store_solo(); test-store-solo.c tests the
 * ladder itself), and AI seats on no board either way; an AI's own record
 * is every game it finished (store_ai_stats()); an AI found by its nick
 * (store_player_named()).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/store-files.h"

/* A game of cheat between a and b that a wins. */
static void
play(struct store *s, int64_t a, int64_t b)
{
	struct store_seat_result r[2];
	int64_t seats[2] = {a, b};
	char *cause = NULL;
	int64_t game;
	int n;

	game = store_files_begin(s, "cheat", 2, seats);
	store_files_move(s, game, 0, 0, "0 play 1");
	memset(r, 0, sizeof r);
	r[0].won = 1;
	r[0].place = 1;
	r[1].lost = 0;
	r[1].place = 2;
	if (store_game_finish(s, game, r, 2, NULL, NULL, 0, &n, &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
}

/* Off (the default): the results are kept, the stats do not move, and the
 * games are counted apart, on the solo ladder. */
static void
test_not_counted(void **state)
{
	struct store_fixture *f = *state;
	int64_t alice = store_files_player(f->s, "n:alice", "alice");
	int64_t ada = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	int64_t bob = store_files_player(f->s, "n:bob", "bob");
	struct store_stats st;
	struct store_solo ai;
	struct store_ai_stats own;
	struct store_top_row rows[4];

	play(f->s, alice, ada);
	play(f->s, alice, ada);
	play(f->s, ada, alice);
	play(f->s, alice, bob);
	assert_int_equal(store_stats(f->s, "alice", "cheat", &st, NULL), 0);
	assert_int_equal(st.games, 1);
	assert_int_equal(st.wins, 1);
	assert_int_equal(st.streak, 1);
	assert_int_equal(st.placed, 1);
	assert_int_equal(store_solo(f->s, "alice", "cheat", &ai, NULL), 0);
	assert_int_equal(ai.games, 3);
	assert_int_equal(ai.wins, 2);
	assert_int_equal(store_solo(f->s, "alice", NULL, &ai, NULL), 0);
	assert_int_equal(ai.games, 3);
	assert_int_equal(store_solo(f->s, "bob", NULL, &ai, NULL), 0);
	assert_int_equal(ai.games, 0);
	assert_int_equal(store_solo(f->s, "nobody", NULL, &ai, NULL), 1);
	assert_int_equal(store_ai_stats(f->s, "nobody", NULL, &own, NULL), 1);
	assert_false(own.ai);
	/* Ada's own record: every game it finished. */
	assert_int_equal(store_ai_stats(f->s, "ada(ai)", "cheat", &own, NULL),
	    0);
	assert_true(own.ai);
	assert_string_equal(own.nick, "Ada(AI)");
	assert_int_equal(own.games, 3);
	assert_int_equal(own.wins, 1);
	assert_int_equal(own.losses, 0);
	store_files_cli_expect(f->path, "SELECT count(*) FROM results", "8");
	store_files_cli_expect(f->path,
	    "SELECT group_concat(ai, ',') FROM"
	    " (SELECT ai FROM games ORDER BY id) AS g", "2,2,2,0");
	assert_int_equal(store_top(f->s, "cheat", STORE_BOARD_WINS, 1, rows, 4,
	    NULL), 1);
	assert_string_equal(rows[0].nick, "alice");
}

/* On: counted like any game, and on the solo ladder all the same, but
 * the AI seat is on no board. */
static void
test_counted(void **state)
{
	struct store_fixture *f = *state;
	int64_t alice = store_files_player(f->s, "n:alice", "alice");
	int64_t ada = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	struct store_stats st;
	struct store_solo ai;
	struct store_ai_stats own;
	struct store_top_row rows[4];
	int n, i;

	store_count_ai(f->s, 1);
	play(f->s, alice, ada);
	for (i = 0; i < 3; i++)
		play(f->s, ada, alice);
	assert_int_equal(store_stats(f->s, "alice", "cheat", &st, NULL), 0);
	assert_int_equal(st.games, 4);
	assert_int_equal(st.wins, 1);
	assert_int_equal(store_stats(f->s, "Ada(AI)", "cheat", &st, NULL), 0);
	assert_int_equal(st.wins, 3);
	assert_int_equal(store_solo(f->s, "alice", NULL, &ai, NULL), 0);
	assert_int_equal(ai.games, 4);
	assert_int_equal(ai.wins, 1);
	assert_int_equal(ai.losses, 0);
	assert_int_equal(store_ai_stats(f->s, "alice", NULL, &own, NULL), 0);
	assert_int_equal(own.games, 0);
	assert_false(own.ai);
	/* An AI's own record is every game it finished, counted too. */
	assert_int_equal(store_ai_stats(f->s, "Ada(AI)", NULL, &own, NULL), 0);
	assert_true(own.ai);
	assert_int_equal(own.games, 4);
	assert_int_equal(own.wins, 3);
	n = store_top(f->s, "cheat", STORE_BOARD_WINS, 1, rows, 4, NULL);
	assert_int_equal(n, 1);
	assert_string_equal(rows[0].nick, "alice");
	store_files_cli_expect(f->path,
	    "SELECT group_concat(ai, ',') FROM"
	    " (SELECT ai FROM games ORDER BY id) AS g", "1,1,1,1");
}

/* A player found by nick, spelt as the records keep it, and nobody. */
static void
test_player_named(void **state)
{
	struct store_fixture *f = *state;
	int64_t ada = store_files_player(f->s, "ai:Ada", "Ada(AI)");
	int64_t alice = store_files_player(f->s, "n:alice", "alice");
	char shown[64];

	assert_int_equal(store_player_named(f->s, "ADA(ai)", shown,
	    sizeof shown, NULL), ada);
	assert_string_equal(shown, "Ada(AI)");
	assert_int_equal(store_player_named(f->s, "Alice", shown,
	    sizeof shown, NULL), alice);
	assert_string_equal(shown, "alice");
	assert_int_equal(store_player_named(f->s, "Ada", shown, sizeof shown,
	    NULL), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		STORE_FILES_TEST(test_not_counted),
		STORE_FILES_TEST(test_counted),
		STORE_FILES_TEST(test_player_named),
	};

	return STORE_FILES_RUN(tests);
}
