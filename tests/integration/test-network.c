/*
 * A league's bot given no network (no --network, no `network` setting),
 * over a real ngircd and a private PostgreSQL (tests/lib/driver.h,
 * tests/lib/league-db.h): the network's name comes from the server's 005
 * NETWORK= (ngircd's `Network`).
 *
 *  - Named: the bot logs that it waits for the name, then the name the
 *    server gave, and joins; a game of Cheat is dealt, the bot started
 *    again, and once named again it resumes the game, which is played to
 *    its end; the league's rows are the network's: the game's, and the
 *    players' keys ("testnet/n:alice"), as a bot given the network at
 *    start stores them; a reload keeps the name, and a file that names
 *    another is told it must wait for a restart.
 *  - Never named (ngircd without `Network`): the bot registers, says once
 *    that the server has not named its network, joins no channel and
 *    answers no command; SIGTERM stops it as any bot (status 0).
 *  - A second such bot (nick SECOND) while the first deals the
 *    network's one channel: it learns the name too, and deals nothing;
 *    the first stopped, it takes the channel, joins it and resumes the
 *    first's game.
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

#include "games/cheat/cheat.h"
#include "tests/lib/driver.h"
#include "tests/lib/league-db.h"

#define CHAN "#net"
#define NETWORK "testnet"
#define POLL_MS 2
#define MAX_MOVES 2000
#define TAKEOVER_MS 60000 /* from the first bot's end to the second's JOIN */
#define CONF                                                                 \
	"timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n"      \
	"    challenge_tie = 0; challenge_close = 1; lobby_start = 0; };\n"  \
	"flood = { burst = 100; interval = 0.001; user_interval = 0; };\n"   \
	"reconnect = { min = 1; max = 2; };\n"
#define NAMED "cheaterbot: info: network '" NETWORK "', as the server " \
    "names it (005 NETWORK)\n"
#define UNNAMED "cheaterbot: warn: the server has not named its network"
#define SECOND "cheaterbot2"

struct world {
	struct driver d;
	struct ngircd_bot standby;
	struct league_db db; /* the test's database (the bots' --db) */
};

static int
setup(void **state)
{
	*state = calloc(1, sizeof(struct world));
	return *state != NULL ? 0 : -1;
}

static int
teardown(void **state)
{
	struct world *w = *state;

	if (w == NULL)
		return 0;
	ngircd_bot_stop(&w->standby);
	driver_close(&w->d);
	league_db_free(&w->db);
	free(w);
	return 0;
}

/* Opens the world: a database of its own, ngircd (named network unless
 * NULL), alice and bob in CHAN, a configuration with no network, no
 * bot. */
static struct driver *
world_open(struct world *w, const char *network)
{
	static const char *const nicks[] = {"alice", "bob"};
	struct driver *d = &w->d;

	league_db_new(&w->db);
	driver_name(d, 0, CHAN, nicks, 2);
	d->irc.network = network;
	d->no_bot = 1;
	d->t[0].options = "";
	driver_open(d, 1, CONF, 11);
	snprintf(d->db, sizeof d->db, "%s", w->db.uri);
	d->network = network;
	return d;
}

static void
test_named(void **state)
{
	struct world *w = *state;
	struct driver *d = world_open(w, NETWORK);
	struct store_stats st;
	char got[256];
	int i;

	driver_bot_up(d);
	assert_true(ngircd_bot_wait_log(&d->bot, NAMED, 0));
	assert_int_equal(ngircd_bot_log_count(&d->bot, "cheaterbot: info: "
	    "cheaterbot "), 1);
	assert_true(ngircd_bot_wait_log(&d->bot, "network as the server "
	    "names it (005 NETWORK)\n", 0));
	driver_deal_from(d, 0, &cheat_ops, 2, 0);
	/* Started again: the game resumes once the server has named the
	 * network again. */
	driver_bot_exits(d, 0, 0);
	for (i = 0; i < 2; i++)
		client_skip(&d->t[0].p[i].cl);
	driver_bot_up(d);
	assert_true(ngircd_bot_wait_log_n(&d->bot, NAMED, 2, 0));
	driver_check_resume(d);
	driver_play(d, 0, MAX_MOVES, POLL_MS);
	/* As the network's players, each has played the game. */
	for (i = 0; i < 2; i++) {
		memset(&st, 0, sizeof st);
		assert_int_equal(store_stats(d->store, d->t[0].p[i].nick,
		    "cheat", &st, NULL), 0);
		assert_int_equal(st.games, 1);
	}
	league_db_value(&w->db, "SELECT string_agg(DISTINCT network, ',') FROM games", got,
	    sizeof got);
	assert_string_equal(got, NETWORK);
	league_db_value(&w->db, "SELECT string_agg(key, ',' ORDER BY key) FROM players "
	    "WHERE key NOT LIKE 'ai:%'", got, sizeof got);
	assert_string_equal(got, NETWORK "/n:alice," NETWORK "/n:bob");

	/* A reload keeps the server's name, silently; a file that names
	 * another network is told it waits for a restart. */
	assert_int_equal(kill(d->bot.pid, SIGHUP), 0);
	assert_true(ngircd_bot_wait_log(&d->bot, "configuration reloaded",
	    10000));
	driver_write_conf(d, CONF "network = \"other\";\n");
	assert_int_equal(kill(d->bot.pid, SIGHUP), 0);
	assert_true(ngircd_bot_wait_log_n(&d->bot, "configuration reloaded", 2,
	    10000));
	assert_int_equal(ngircd_bot_log_count(&d->bot, "network: the file "
	    "names"), 1);
	assert_int_equal(ngircd_bot_log_count(&d->bot, "cheaterbot: warn: "
	    "network: the file names 'other'; the bot keeps '" NETWORK "' "
	    "until it restarts\n"), 1);
	driver_bot_exits(d, 0, 0);
}

static void
test_unnamed(void **state)
{
	struct world *w = *state;
	struct driver *d = world_open(w, NULL);
	struct client *alice = &d->t[0].p[0].cl;
	size_t i;

	driver_bot_spawn(d, &d->bot, "bot");
	if (!ngircd_bot_wait_log(&d->bot, UNNAMED, 20000))
		driver_fail(d, "the bot did not say the server named no "
		    "network");
	driver_raw(d, 0, 0, "PRIVMSG " DRIVER_BOT_NICK " :!games");
	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!games");
	assert_int_equal(ngircd_bot_stop(&d->bot), 0);
	assert_int_equal(ngircd_bot_log_count(&d->bot, UNNAMED), 1);
	assert_true(ngircd_bot_wait_log(&d->bot,
	    "cheaterbot: info: stopped by the operator (SIGTERM)\n", 0));
	/* The server has handled all the bot sent: nothing came from it. */
	driver_raw(d, 0, 0, "NAMES " CHAN);
	assert_non_null(client_wait_glob(alice, ":* 366 alice " CHAN " *", 0));
	for (i = 0; i < alice->nlines; i++)
		if (strncmp(alice->lines[i], ":" DRIVER_BOT_NICK,
		    strlen(":" DRIVER_BOT_NICK)) == 0)
			driver_fail(d, "alice got '%s'", alice->lines[i]);
}

static void
test_standby(void **state)
{
	struct world *w = *state;
	struct driver *d = world_open(w, NETWORK);
	char want[160];

	driver_bot_up(d);
	driver_deal_from(d, 0, &cheat_ops, 2, 0);
	d->flags[0] = "--nick";
	d->flags[1] = SECOND;
	driver_bot_spawn(d, &w->standby, "standby");
	d->flags[0] = d->flags[1] = NULL;
	if (!ngircd_bot_wait_log(&w->standby, NAMED, 20000))
		driver_fail(d, "the second bot did not learn the network");
	if (!ngircd_bot_wait_log(&w->standby, CHAN " is dealt by "
	    DRIVER_BOT_NICK "\n", 20000))
		driver_fail(d, "the second bot did not see who deals " CHAN);
	assert_true(ngircd_bot_alive(&w->standby));
	assert_int_equal(ngircd_bot_log_count(&w->standby, "dealing "), 0);

	/* The first stops; the second takes the channel and resumes. */
	driver_bot_exits(d, 0, 0);
	snprintf(want, sizeof want, ":" SECOND "!* JOIN *%s", CHAN);
	if (client_wait_glob(&d->t[0].p[0].cl, want, TAKEOVER_MS) == NULL)
		driver_fail(d, "the second bot did not join %s", CHAN);
	snprintf(want, sizeof want, ":" SECOND "!* PRIVMSG %s :The Cheat game "
	    "goes on, dealt by " SECOND " from here.*", CHAN);
	if (client_wait_glob(&d->t[0].p[0].cl, want, TAKEOVER_MS) == NULL)
		driver_fail(d, "the second bot did not resume the game");
	assert_int_equal(ngircd_bot_log_count(&w->standby, "dealing " CHAN
	    ", after " DRIVER_BOT_NICK), 1);
	assert_int_equal(ngircd_bot_stop(&w->standby), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_named, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_unnamed, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_standby, setup, teardown),
	};

	return cmocka_run_group_tests_name("network", tests, league_db_start,
	    league_db_stop);
}
