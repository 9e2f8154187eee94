/*
 * A newcomer's first game, over real sockets: a real ngircd, the real bot
 * binary and scripted players (tests/lib/driver.h).  !rules for each
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

#include "games/cheat/cheat.h"
#include "tests/lib/driver.h"

#define CHAN "#cheater"
#define FAST "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n"
#define SLOW_TURNS \
	"timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n" \
	"    challenge_tie = 0; challenge_close = 1; lobby_start = 0; };\n"

static const char *const nicks[] = {"alice", "bob", "carol"};

/* A world of n players in #cheater, alice first (its operator), and a
 * bot on conf unless no_bot. */
static struct driver *
world(void **state, int n, const char *conf, int no_bot)
{
	struct driver *d = calloc(1, sizeof *d);

	assert_non_null(d);
	*state = d;
	driver_name(d, 0, CHAN, nicks, n);
	d->bot_seed = 1;
	d->no_bot = no_bot;
	d->t[0].options = "";
	driver_open(d, 1, conf, 1);
	return d;
}

/* !rules GAME typed in the channel, for every game: 3 to 6 lines, each
 * short, all to the asker (none in the channel), the first naming the
 * game. */
static void
test_rules(void **state)
{
	struct driver *d = world(state, 1, FAST, 0);
	struct driver_line alice = {NULL, "alice", NULL};
	struct driver_line chan = {CHAN, NULL, NULL};
	const struct client *c = &d->t[0].p[0].cl;
	char plain[2048];
	const char *text;
	size_t from, k;
	int v, n;

	for (v = 0; game_table[v] != NULL; v++) {
		from = c->nlines;
		driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!rules %s",
		    game_table[v]->name);
		text = driver_wait_private(d, 0, 0, from, game_table[v]->title,
		    0);
		assert_non_null(strstr(text, "players): "));
		/* Private lines keep their order: the refusal comes last. */
		driver_sync_player(d, 0, 0);
		n = driver_count(d, 0, 0, from, &alice) - 1;
		assert_in_range(n, 3, 6);
		assert_int_equal(driver_count(d, 0, 0, from, &chan), 0);
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
moves_logged(struct driver *d, char *last, size_t size)
{
	struct driver_game gm;
	int n;

	driver_game_load(d, 0, 0, &gm);
	n = gm.sg->nmoves;
	snprintf(last, size, "%s", n > 0 ? gm.sg->moves[n - 1].text : "");
	driver_game_free(&gm);
	return n;
}

/* alice, the channel's only operator, gives it up: nobody can stop the
 * game at once.  Her !stop is a vote (1 of 3); bob's makes a majority and
 * the game ends, abandoned in the database. */
static void
test_stop_vote(void **state)
{
	struct driver *d = world(state, 3, FAST SLOW_TURNS, 0);
	char out[64];
	size_t from;

	driver_deal_from(d, 0, &cheat_ops, 3, 0);
	driver_raw(d, 0, 0, "MODE " CHAN " -o alice");
	if (client_wait_glob(&d->t[0].p[0].cl,
	        ":alice!* MODE " CHAN " -o alice", 0) == NULL)
		fail_msg("alice kept +o");
	from = d->t[0].p[2].cl.nlines;
	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!stop");
	driver_wait_chan(d, 0, 2, from, "alice wants to stop the Cheat "
	    "game: 1 of 3 want to, 2 needed within 5 minutes (!stop).", 0);
	driver_sql(d, "SELECT state FROM games;", out, sizeof out);
	assert_string_equal(out, "running\n");
	driver_raw(d, 0, 1, "PRIVMSG " CHAN " :!stop");
	driver_wait_chan(d, 0, 2, from, "2 of 3 want to stop: the Cheat game "
	    "ends, unrecorded.", 0);
	driver_sql(d, "SELECT state FROM games; SELECT count(*) FROM "
	    "results;", out, sizeof out);
	assert_string_equal(out, "abandoned\n0\n");
}

/* bob's first !leave only asks (privately); the second, within 30 s,
 * gives his seat up: the log's "1 leave". */
static void
test_leave_twice(void **state)
{
	struct driver *d = world(state, 3, FAST SLOW_TURNS, 0);
	char last[64];
	size_t from0, from1;

	driver_deal_from(d, 0, &cheat_ops, 3, 0);
	from0 = d->t[0].p[0].cl.nlines;
	from1 = d->t[0].p[1].cl.nlines;
	driver_raw(d, 0, 1, "PRIVMSG " CHAN " :!leave");
	driver_wait_private(d, 0, 1, from1, "type !leave again within 30 s to "
	    "give up your seat: the Cheat game goes on without you", 0);
	assert_int_equal(moves_logged(d, last, sizeof last), 0);
	driver_raw(d, 0, 1, "PRIVMSG " CHAN " :!leave");
	driver_wait_chan(d, 0, 0, from0, "bob leaves the game", 0);
	assert_int_equal(moves_logged(d, last, sizeof last), 1);
	assert_string_equal(last, "1 leave");
	driver_check_db(d);
}

/* The bot in an empty directory, on flags only: it runs on its built-in
 * defaults (the questions built into it, ./cheaterbot.db there), joins,
 * and answers. */
static void
test_runs_anywhere(void **state)
{
	struct driver *d = world(state, 1, "", 1);
	const char *args[] = {"--server", "127.0.0.1", "--port", d->port,
	    "--channel", CHAN, NULL};
	char work[PATH_MAX], db[PATH_MAX + 16];
	struct stat st;
	size_t from;

	/* Inside the world's directory, which the teardown removes. */
	snprintf(work, sizeof work, "%s/anywhere", d->dir);
	assert_int_equal(mkdir(work, 0700), 0);
	assert_int_equal(
	    ngircd_bot_start_in(&d->bot, d->dir, "bot", work, args), 0);
	if (client_wait_glob(&d->t[0].p[0].cl, ":cheaterbot!* JOIN *" CHAN,
	        10000) == NULL)
		fail_msg("the bot did not join; see %s", d->bot.log);
	from = d->t[0].p[0].cl.nlines;
	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!games");
	driver_wait_chan(d, 0, 0, from, "questions (Cheater! with questions",
	    0);
	snprintf(db, sizeof db, "%s/cheaterbot.db", work);
	assert_int_equal(stat(db, &st), 0);
	assert_int_equal(ngircd_bot_stop(&d->bot), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_rules, driver_teardown),
	    cmocka_unit_test_teardown(test_stop_vote, driver_teardown),
	    cmocka_unit_test_teardown(test_leave_twice, driver_teardown),
	    cmocka_unit_test_teardown(test_runs_anywhere, driver_teardown),
	};

	return cmocka_run_group_tests_name("newcomer", tests, NULL, NULL);
}
