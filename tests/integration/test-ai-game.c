/*
 * AI seats over real sockets: a real ngircd, the real bot binary and a
 * scripted person (tests/lib/driver.h).  One person opens every variant
 * with three AI seats and plays a whole game against them; the AI seats
 * act by themselves, each move logged and announced like a person's.  And
 * with ai.takeover on, a person who quits and does not come back has
 * their seat played on by an AI to the game's end.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/lib/driver.h"

#define CHAN "#cheater"
/* Quick AI seats and timers, so a whole game takes seconds. */
#define CONF \
	"flood = { burst = 100; interval = 0.001; user_interval = 0; };\n" \
	"timers = { turn = 20; turn_warning = 0; challenge_min = 0.3;\n" \
	"    challenge_tie = 0.05; challenge_close = 1; lobby_start = 0;\n" \
	"    answer = 1; part_grace = 1; split_grace = 1; };\n" \
	"ai = { think_min = 0.05; think_max = 0.2; takeover = %s; };\n"

static const char *const nicks[] = {"alice", "bob"};

static int
teardown(void **state)
{
	driver_close(*state);
	free(*state);
	*state = NULL;
	return 0;
}

/* A world of n players in #cheater and a bot, takeover on or off. */
static struct driver *
world(void **state, int n, int takeover)
{
	struct driver *d = calloc(1, sizeof *d);
	char conf[1024];

	assert_non_null(d);
	*state = d;
	driver_name(d, 0, CHAN, nicks, n);
	d->bot_seed = 1;
	d->t[0].options = "";
	snprintf(conf, sizeof conf, CONF, takeover ? "true" : "false");
	driver_open(d, 1, conf, 1);
	return d;
}

/* The state of the newest game ("running", "finished", ...; "" for
 * none yet). */
static void
newest_state(struct driver *d, char *out, size_t size)
{
	driver_sql(d, "SELECT state FROM games ORDER BY id DESC LIMIT 1;", out,
	    size);
	out[strcspn(out, "\n")] = '\0';
}

/* Plays the running game to its end: whenever it is a person's turn,
 * they type the rules' default move; the AI seats and the bot's clock do
 * the rest.  The moves made by AI seats. */
static int
play_to_end(struct driver *d)
{
	struct driver_game gm;
	struct game_move mv;
	char state[64], count[64], sql[512];
	int64_t id = 0;
	int rounds, typed_at = -1, ai_moves;

	for (rounds = 0; rounds < 3000; rounds++) {
		newest_state(d, state, sizeof state);
		if (strcmp(state, "running") != 0)
			break;
		driver_game_load(d, 0, 0, &gm);
		id = gm.sg->id;
		if (gm.turn.seat >= 0 && gm.player[gm.turn.seat] >= 0 &&
		    gm.sg->nmoves != typed_at) {
			gm.ops->timeout(gm.g, &mv);
			if (mv.seat == gm.turn.seat &&
			    gm.ops->command(gm.g, &mv, (char[1024]){0},
			    1024) >= 0) {
				driver_game_type(d, &gm, &mv);
				typed_at = gm.sg->nmoves;
			}
		}
		driver_game_free(&gm);
		driver_pump(d, 50);
	}
	assert_string_equal(state, "finished");
	snprintf(sql, sizeof sql, "SELECT count(*) FROM moves m JOIN "
	    "game_players gp ON gp.game = m.game AND gp.seat = m.seat JOIN "
	    "players p ON p.id = gp.player WHERE m.game = %lld AND p.key "
	    "LIKE 'ai:%%';", (long long)id);
	driver_sql(d, sql, count, sizeof count);
	ai_moves = atoi(count);	/* atoi() stops at the newline */
	return ai_moves;
}

/* One person, three AI seats, a whole game of every variant. */
static void
test_alone(void **state)
{
	struct driver *d = world(state, 1, 0);
	char out[256];
	size_t from;
	int v;

	for (v = 0; game_table[v] != NULL; v++) {
		from = d->t[0].p[0].cl.nlines;
		driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!play %s bots=3",
		    game_table[v]->name);
		driver_wait_chan(d, 0, 0, from, "with 3 normal AI seats", 0);
		driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!start");
		assert_true(play_to_end(d) > 0);
		driver_wait_chan(d, 0, 0, from, "Game over!", 0);
	}
	/* Recorded, and apart: alice's stats count none of them. */
	from = d->t[0].p[0].cl.nlines;
	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!stats");
	driver_wait_chan(d, 0, 0, from, "Against AI seats (not counted): 5 "
	    "played", 0);
	driver_sql(d, "SELECT count(*) FROM games WHERE ai = 2 AND state = "
	    "'finished';", out, sizeof out);
	assert_int_equal(atoi(out), 5);
	driver_check_db(d);
}

/* bob quits and does not come back: an AI plays his seat on. */
static void
test_takeover(void **state)
{
	struct driver *d = world(state, 2, 1);
	size_t from = d->t[0].p[0].cl.nlines;
	char out[64];
	int tries;

	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!play cheat bots=1");
	driver_wait_chan(d, 0, 0, from, "with 1 normal AI seat", 0);
	driver_raw(d, 0, 1, "PRIVMSG " CHAN " :!join");
	driver_wait_chan(d, 0, 0, from, "bob sits in", 0);
	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!start");
	for (tries = 0; tries < 200; tries++) {	/* 10 s at most */
		driver_pump(d, 50);
		newest_state(d, out, sizeof out);
		if (strcmp(out, "running") == 0)
			break;
	}
	assert_string_equal(out, "running");
	driver_raw(d, 0, 1, "QUIT :off to bed");
	driver_wait_chan(d, 0, 0, from, "bob did not come back in time: an AI "
	    "plays on in that seat.", 0);
	assert_true(play_to_end(d) > 0);
	driver_wait_chan(d, 0, 0, from, "Game over!", 0);
	driver_check_db(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_alone, teardown),
		cmocka_unit_test_teardown(test_takeover, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
