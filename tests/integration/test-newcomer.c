/*
 * A newcomer's first game, over real sockets: a real ngircd, the real bot
 * binary and scripted players (tests/lib/netgame.c).  !rules for each
 * game comes privately in 3 to 6 short lines.  The bot started by hand
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
	    cmocka_unit_test_teardown(test_runs_anywhere, teardown),
	};

	return cmocka_run_group_tests_name("newcomer", tests, NULL, NULL);
}
