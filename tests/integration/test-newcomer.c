/*
 * A newcomer's first game, over real sockets: a real ngircd, the real bot
 * binary and scripted players (tests/lib/netgame.c).  !rules for each
 * game comes privately in 3 to 6 short lines.  With no channel operator
 * about, a game nobody wants ends by a vote of its players; !leave gives
 * a seat up only when typed twice.  The bot started by hand
 * from an empty directory with command-line flags only (no -c, so no
 * file names its questions or its database) joins and answers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "tests/lib/netgame.h"

#define CHAN NETGAME_CHAN
#define FAST "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n"
#define SLOW_TURNS \
	"timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n" \
	"    challenge_tie = 0; challenge_close = 1; lobby_start = 0; };\n"

static int
teardown(void **state)
{
	netgame_free(*state);
	*state = NULL;
	return 0;
}

/* !rules GAME typed in the channel, for every game: 3 to 6 lines, each
 * short, all to the asker (none in the channel), the first naming the
 * game. */
static void
test_rules(void **state)
{
	struct netgame *ng = netgame_new(FAST);
	const struct client *c;
	char plain[2048];
	const char *text;
	size_t from, k;
	int v, n;

	*state = ng;
	netgame_connect(ng, 0, "alice", "alice", 1);
	netgame_bot(ng, 0);
	for (v = 0; game_table[v] != NULL; v++) {
		from = ng->cl[0].nlines;
		netgame_send(ng, 0, "PRIVMSG " CHAN " :!rules %s",
		    game_table[v]->name);
		text = netgame_private(ng, 0, from, game_table[v]->title, 0);
		assert_non_null(strstr(text, "players): "));
		/* Private lines keep their order: the refusal comes last. */
		netgame_barrier(ng, 0);
		n = netgame_count_private(ng, 0, from, "alice", NULL) - 1;
		assert_in_range(n, 3, 6);
		assert_int_equal(netgame_count_private(ng, 0, from, NULL,
		    NULL), 0);
		c = &ng->cl[0];
		for (k = from; k < c->nlines; k++) {
			client_strip(c->lines[k], plain, sizeof plain);
			if (strstr(plain, ":cheaterbot!") == plain)
				assert_true(strlen(strstr(plain + 1, " :") +
				    2) <= 300);
		}
	}
}

/* The moves in the log of the one game there is; the last one's text
 * into last (size bytes; "" when none). */
static int
moves_logged(struct netgame *ng, char *last, size_t size)
{
	struct netgame_game gm;
	int n;

	netgame_load(ng, 0, &gm);
	n = gm.sg->nmoves;
	snprintf(last, size, "%s", n > 0 ? gm.sg->moves[n - 1].text : "");
	netgame_game_free(&gm);
	return n;
}

/* alice, the channel's only operator, gives it up: nobody can stop the
 * game at once.  Her !stop is a vote (1 of 3); bob's makes a majority and
 * the game ends, abandoned in the database. */
static void
test_stop_vote(void **state)
{
	struct netgame *ng = netgame_new(FAST SLOW_TURNS);
	char out[64];
	size_t from;

	*state = ng;
	netgame_deal3(ng);
	netgame_send(ng, 0, "MODE " CHAN " -o alice");
	if (client_wait_glob(&ng->cl[0], ":alice!* MODE " CHAN " -o alice",
	        0) == NULL)
		fail_msg("alice kept +o");
	from = ng->cl[2].nlines;
	netgame_send(ng, 0, "PRIVMSG " CHAN " :!stop");
	netgame_chan(ng, 2, from, "alice wants to stop the Cheat game: 1 of "
	    "3 want to, 2 needed within 5 minutes (!stop).", 0);
	netgame_sql(ng, "SELECT state FROM games;", out, sizeof out);
	assert_string_equal(out, "running\n");
	netgame_send(ng, 1, "PRIVMSG " CHAN " :!stop");
	netgame_chan(ng, 2, from, "2 of 3 want to stop: the Cheat game ends, "
	    "unrecorded.", 0);
	netgame_sql(ng, "SELECT state FROM games; SELECT count(*) FROM "
	    "results;", out, sizeof out);
	assert_string_equal(out, "abandoned\n0\n");
}

/* bob's first !leave only asks (privately); the second, within 30 s,
 * gives his seat up: the log's "1 leave". */
static void
test_leave_twice(void **state)
{
	struct netgame *ng = netgame_new(FAST SLOW_TURNS);
	char last[64];
	size_t from0, from1;

	*state = ng;
	netgame_deal3(ng);
	from0 = ng->cl[0].nlines;
	from1 = ng->cl[1].nlines;
	netgame_send(ng, 1, "PRIVMSG " CHAN " :!leave");
	netgame_private(ng, 1, from1, "type !leave again within 30 s to give "
	    "up your seat: the Cheat game goes on without you", 0);
	assert_int_equal(moves_logged(ng, last, sizeof last), 0);
	netgame_send(ng, 1, "PRIVMSG " CHAN " :!leave");
	netgame_chan(ng, 0, from0, "bob leaves the game", 0);
	assert_int_equal(moves_logged(ng, last, sizeof last), 1);
	assert_string_equal(last, "1 leave");
	netgame_check_db(ng);
}

/* The bot in an empty directory, on flags only: it runs on its built-in
 * defaults (the questions built into it, ./cheaterbot.db there), joins,
 * and answers. */
static void
test_runs_anywhere(void **state)
{
	struct netgame *ng = netgame_new("");
	const char *args[] = {"--server", "127.0.0.1", "--port", ng->port,
	    "--channel", CHAN, NULL};
	char work[PATH_MAX], db[PATH_MAX + 16];
	struct stat st;
	size_t from;

	*state = ng;
	/* Inside the world's directory, which the teardown removes. */
	snprintf(work, sizeof work, "%s/anywhere", ng->dir);
	assert_int_equal(mkdir(work, 0700), 0);
	netgame_connect(ng, 0, "alice", "alice", 1);
	assert_int_equal(
	    ngircd_bot_start_in(&ng->bot, ng->dir, "bot", work, args), 0);
	if (client_wait_glob(&ng->cl[0], ":cheaterbot!* JOIN *" CHAN,
	        10000) == NULL)
		fail_msg("the bot did not join; see %s", ng->bot.log);
	from = ng->cl[0].nlines;
	netgame_send(ng, 0, "PRIVMSG " CHAN " :!games");
	netgame_chan(ng, 0, from, "questions (Cheater! with questions", 0);
	snprintf(db, sizeof db, "%s/cheaterbot.db", work);
	assert_int_equal(stat(db, &st), 0);
	assert_int_equal(ngircd_bot_stop(&ng->bot), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_rules, teardown),
	    cmocka_unit_test_teardown(test_stop_vote, teardown),
	    cmocka_unit_test_teardown(test_leave_twice, teardown),
	    cmocka_unit_test_teardown(test_runs_anywhere, teardown),
	};

	return cmocka_run_group_tests_name("newcomer", tests, NULL, NULL);
}
