/*
 * A league over real sockets (docs/storage.md, Running a league): bots of
 * different networks on one PostgreSQL database, the private server of
 * tests/lib/league-db.h (each test a database of its own on it), each bot on
 * a real ngircd of its own (tests/lib/driver.h) with scripted players.
 *
 *  - Two networks, one league: bot "neta" on server A and bot "netb" on
 *    server B; on each, alice (two different people) and another player
 *    play a whole game of Cheat.  Each alice has played one game, not
 *    two; !top cheat wins on A shows both winners, B's as nick@netb, and
 *    on B the reverse (nick@neta); cheaterbot --export on network neta
 *    lists all four players, B's as nick@netb; cheaterbot --copy-to of
 *    the league as network neta's is refused while neta's bot runs.
 *  - Failover: a second bot of network neta (nick SECOND), started
 *    while the first runs, connects and joins nothing, the network's one
 *    channel dealt by the first (A has the two players and two bots, the
 *    channel one bot) however often it looks meanwhile; a game is dealt
 *    and two moves made, the dealer is killed with SIGKILL, and within
 *    FAILOVER_MS the second joins and announces the game as going on,
 *    dealt by it from here.  Stopped in turn, the first started again resumes
 *    the game where the log has it and it is played to its end
 *    (tests/integration/test-share.c shares four channels among three
 *    bots).
 *  - Claim lost: with bots of both networks running, the server ends the
 *    connections of neta's bot (pg_terminate_backend() of the backends
 *    that came with it, found in pg_stat_activity); within CLAIM_LOST_MS
 *    it logs why it stops, tells the admin in the channel privately (and
 *    the other player nothing) and exits 1, while netb's bot runs on.
 *
 *  - Moving into the league: a bot's own SQLite file with a game played,
 *    copied with cheaterbot --copy-to into the league's database under
 *    its network; the bot then runs there with the same records, and a
 *    second copy is refused.
 *
 * The bots exit 0 on SIGTERM at the end of each test, which under ASan
 * also means they leaked nothing.
 */
#define _GNU_SOURCE 1
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <libpq-fe.h>
#include <signal.h>

#include "games/cheat/cheat.h"
#include "storage/store.h"
#include "tests/lib/driver.h"
#include "tests/lib/league-db.h"
#include "tests/lib/text-file.h"

#define CHAN "#league"
#define POLL_MS 2
#define MAX_MOVES 2000
#define FAILOVER_MS 60000   /* from the kill to the second bot's resume */
#define CLAIM_LOST_MS 30000 /* from the connection's end to the exit */
/* How long the second bot is watched dealing nothing before the kill:
 * several of its looks (every 2 s, bot/core/share.c). */
#define STANDBY_WATCH_MS 7000
#define SECOND "cheaterbot2"
#define STOPPING "stopping, as another bot of the network may run its " \
    "games now"
#define TOLD_ADMIN "I lost my claim on this network in the league's database"

/* Windows closed at once, so a whole game takes a few seconds. */
#define FAST "timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n" \
    "    challenge_tie = 0; challenge_close = 1; lobby_start = 0; };\n" \
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n"

struct world {
	struct driver a, b;       /* neta on server A, netb on server B */
	struct ngircd_bot standby; /* a second bot of neta */
	struct ngircd_bot offline; /* cheaterbot --export */
	struct league_db db;      /* the test's database (the bots' --db) */
};

/* A new world with a new database of its own. */
static int
setup(void **state)
{
	struct world *w = calloc(1, sizeof *w);

	if (w == NULL)
		return -1;
	*state = w;
	league_db_new(&w->db);
	return 0;
}

/* Everything the test started stopped by its pid, whatever it did. */
static int
teardown(void **state)
{
	struct world *w = *state;

	if (w == NULL)
		return 0;
	if (w->standby.pid > 0)
		ngircd_bot_stop(&w->standby);
	if (w->offline.pid > 0)
		ngircd_bot_stop(&w->offline);
	driver_close(&w->a);
	driver_close(&w->b);
	league_db_free(&w->db);
	free(w);
	*state = NULL;
	return 0;
}

/* Opens d: its own ngircd with the two players nicks in CHAN, the bot's
 * configuration FAST on network with more settings, the test's database;
 * no bot yet. */
static void
league_open(struct world *w, struct driver *d, const char *network,
    const char *const *nicks, int n, const char *more, uint64_t seed)
{
	char text[2048];

	driver_name(d, 0, CHAN, nicks, n);
	d->no_bot = 1;
	d->t[0].options = "";
	driver_open(d, 1, FAST, seed);
	snprintf(text, sizeof text, "%snetwork = \"%s\";\n%s", FAST, network,
	    more);
	driver_write_conf(d, text);
	snprintf(d->db, sizeof d->db, "%s", w->db.uri);
	d->network = network;
}

/* A whole game of Cheat for p[0] and p[1] of d, by the driver's moves. */
static void
play_game(struct driver *d)
{
	driver_deal_from(d, 0, &cheat_ops, 2, 0);
	driver_play(d, 0, MAX_MOVES, POLL_MS);
}

/* The one of d's two players who won its game, as its network has them:
 * each played one game (a player of the same nick on another network is
 * someone else). */
static const char *
winner(struct driver *d)
{
	struct store_stats st;
	const char *won = NULL;
	char *cause = NULL;
	int i;

	for (i = 0; i < 2; i++) {
		memset(&st, 0, sizeof st);
		if (store_stats(d->store, d->t[0].p[i].nick, "cheat", &st,
		    &cause) < 0)
			driver_fail(d, "stats of %s: %s", d->t[0].p[i].nick,
			    cause);
		if (st.games != 1)
			driver_fail(d, "%s of %s has played %d games, not 1",
			    d->t[0].p[i].nick, d->network, st.games);
		if (st.wins == 1) {
			assert_null(won);
			won = d->t[0].p[i].nick;
		}
	}
	assert_non_null(won);
	return won;
}

/* p[1] of d asks for !top cheat wins: the board has mine (of d's network)
 * and theirs@other, each with its one win. */
static void
top_shows(struct driver *d, const char *mine, const char *theirs,
    const char *other)
{
	char own[96], away[96];
	const char *line;
	size_t from = d->t[0].p[0].cl.nlines;

	driver_raw(d, 0, 1, "PRIVMSG %s :!top cheat wins", CHAN);
	line = driver_wait_chan(d, 0, 0, from, " won)", 0);
	snprintf(own, sizeof own, ". %s (1 won)", mine);
	snprintf(away, sizeof away, ". %s@%s (1 won)", theirs, other);
	if (strstr(line, own) == NULL || strstr(line, away) == NULL)
		driver_fail(d, "on %s, !top cheat wins said '%s': no '%s' and "
		    "'%s'", d->network, line, own, away);
}

static void
test_two_networks(void **state)
{
	static const char *const nicks_a[] = {"alice", "bob"};
	static const char *const nicks_b[] = {"alice", "carol"};
	static const char *const listed[] = {">alice</a> (1 game)",
	    ">bob</a> (1 game)", ">alice@netb</a> (1 game)",
	    ">carol@netb</a> (1 game)"};
	struct world *w = *state;
	const char *won_a, *won_b;
	char site[PATH_MAX], index[PATH_MAX + 16], copy[PATH_MAX], *page;
	const char *args[] = {"-c", w->a.conf, "--db", w->db.uri, "--export",
	    site, NULL};
	const char *copy_args[] = {"-c", w->a.conf, "--db", w->db.uri,
	    "--copy-to", copy, NULL};
	size_t i;

	league_open(w, &w->a, "neta", nicks_a, 2, "", 1);
	league_open(w, &w->b, "netb", nicks_b, 2, "", 2);
	driver_bot_up(&w->a);
	driver_bot_up(&w->b);
	assert_true(ngircd_bot_wait_log(&w->a.bot, ", network neta", 1000));
	assert_true(ngircd_bot_wait_log(&w->b.bot, ", network netb", 1000));
	play_game(&w->a);
	play_game(&w->b);
	won_a = winner(&w->a);
	won_b = winner(&w->b);
	top_shows(&w->a, won_a, won_b, "netb");
	top_shows(&w->b, won_b, won_a, "neta");

	/* The stats page from network neta: every player of the league. */
	snprintf(site, sizeof site, "%s/site", w->a.dir);
	assert_int_equal(ngircd_bot_start(&w->offline, w->a.dir, "export",
	    args), 0);
	assert_int_equal(ngircd_bot_wait(&w->offline, 30000), 0);
	snprintf(index, sizeof index, "%s/index.html", site);
	page = text_file_read(index);
	assert_non_null(page);
	for (i = 0; i < sizeof listed / sizeof listed[0]; i++)
		if (strstr(page, listed[i]) == NULL) {
			free(page);
			fail_msg("%s lists no '%s'", index, listed[i]);
		}
	free(page);

	/* A copy of the league as network neta's is refused while neta's
	 * bot runs, its target untouched. */
	snprintf(copy, sizeof copy, "%s/league-copy.db", w->a.dir);
	assert_int_equal(ngircd_bot_start(&w->offline, w->a.dir, "copy",
	    copy_args), 0);
	assert_int_equal(ngircd_bot_wait(&w->offline, 30000), 1);
	assert_int_equal(ngircd_bot_log_count(&w->offline, "error: "
	    "--copy-to: network 'neta' of database '"), 1);
	assert_int_equal(ngircd_bot_log_count(&w->offline, "' is run by "
	    "another cheaterbot: stop it first, so that nothing it writes is "
	    "missing from the copy"), 1);
	assert_int_equal(access(copy, F_OK), -1);

	driver_bot_exits(&w->a, 0, 0);
	driver_bot_exits(&w->b, 0, 0);
}

/* How many of d's server's users, as p[0] of d learns from LUSERS. */
static int
server_users(struct driver *d)
{
	struct client *c = &d->t[0].p[0].cl;
	const char *line, *p;
	char want[96];

	driver_raw(d, 0, 0, "LUSERS");
	snprintf(want, sizeof want, ":* 251 %s :There are * users*", c->nick);
	if ((line = client_wait_glob(c, want, 0)) == NULL)
		driver_fail(d, "no answer to LUSERS");
	p = strstr(line, "There are ");
	return atoi(p + strlen("There are "));
}

/* How many members of CHAN are bots (cheaterbot, or a nick made of it),
 * as p[0] of d learns from NAMES; *members gets them all. */
static int
channel_bots(struct driver *d, int *members)
{
	struct client *c = &d->t[0].p[0].cl;
	const char *line, *names;
	char want[96], buf[512], *p, *name;
	int bots = 0;

	driver_raw(d, 0, 0, "NAMES %s", CHAN);
	snprintf(want, sizeof want, ":* 353 %s * %s :*", c->nick, CHAN);
	if ((line = client_wait_glob(c, want, 0)) == NULL)
		driver_fail(d, "no answer to NAMES");
	names = strstr(line + 1, " :");
	snprintf(buf, sizeof buf, "%s", names + 2);
	*members = 0;
	for (p = buf; (name = strsep(&p, " ")) != NULL;) {
		if (*name == '\0')
			continue;
		(*members)++;
		name += strspn(name, "@+%");
		bots += strncasecmp(name, DRIVER_BOT_NICK,
		    strlen(DRIVER_BOT_NICK)) == 0;
	}
	return bots;
}

/* Plays table 0's dealt game until n moves are in the log and none is on
 * its way. */
static void
play_moves(struct driver *d, int n)
{
	struct driver_table *t = &d->t[0];

	while (t->nmoves < n || t->state != DRIVER_READY) {
		if (t->state == DRIVER_OFF)
			driver_fail(d, "the game ended after %d moves",
			    t->nmoves);
		if (t->nmoves < n)
			driver_send(d, 0);
		if (driver_poll(d) > 0)
			driver_pump(d, POLL_MS);
	}
}

static void
test_failover(void **state)
{
	static const char *const nicks[] = {"alice", "bob"};
	struct world *w = *state;
	struct driver *d = &w->a;
	struct client *c;
	long long killed, left, up;
	char want[128];
	int members, i;

	league_open(w, d, "neta", nicks, 2, "", 3);
	driver_bot_up(d);
	/* The second bot of neta, on the same configuration with a nick of
	 * its own: it connects, and deals nothing. */
	d->flags[0] = "--nick";
	d->flags[1] = SECOND;
	driver_bot_spawn(d, &w->standby, "second");
	d->flags[0] = d->flags[1] = NULL;
	if (!ngircd_bot_wait_log(&w->standby, CHAN " is dealt by "
	    DRIVER_BOT_NICK "\n", 10000))
		driver_fail(d, "the second bot never saw who deals " CHAN);
	up = ngircd_now_ms();

	driver_deal_from(d, 0, &cheat_ops, 2, 0);
	play_moves(d, 2);
	while (ngircd_now_ms() < up + STANDBY_WATCH_MS)
		driver_pump(d, 100);
	/* Having looked again and again, the second bot deals nothing: A
	 * has the two players and two bots, the channel one bot. */
	assert_true(ngircd_bot_alive(&w->standby));
	assert_int_equal(ngircd_bot_log_count(&w->standby, "dealing "), 0);
	assert_int_equal(server_users(d), 4);
	assert_int_equal(channel_bots(d, &members), 1);
	assert_int_equal(members, 3);

	/* The dealer dies; everything it sent has come. */
	assert_int_equal(kill(d->bot.pid, SIGKILL), 0);
	killed = ngircd_now_ms();
	assert_int_equal(ngircd_bot_wait(&d->bot, 5000), 128 + SIGKILL);
	for (i = 0; i < 2; i++) {
		c = &d->t[0].p[i].cl;
		if (client_wait_glob(c, ":" DRIVER_BOT_NICK "!* QUIT *", 0) ==
		    NULL)
			driver_fail(d, "%s never saw the bot quit", c->nick);
	}
	/* The second takes the channel and resumes the game. */
	snprintf(want, sizeof want, ":" SECOND "!* PRIVMSG %s :The Cheat game "
	    "goes on, dealt by " SECOND " from here.*", CHAN);
	left = killed + FAILOVER_MS - ngircd_now_ms();
	if (left <= 0 || client_wait_glob(&d->t[0].p[0].cl, want, (int)left) ==
	    NULL)
		driver_fail(d, "the second bot did not resume the game within "
		    "%d s of the kill", FAILOVER_MS / 1000);
	print_message("resumed by the second bot %lld ms after the kill\n",
	    ngircd_now_ms() - killed);
	assert_int_equal(ngircd_bot_log_count(&w->standby, "dealing " CHAN
	    ", after " DRIVER_BOT_NICK), 1);

	/* It stops in turn, and the first, started again, resumes the game
	 * where the log left it, and it is played to its end. */
	assert_int_equal(ngircd_bot_stop(&w->standby), 0);
	for (i = 0; i < 2; i++) {
		c = &d->t[0].p[i].cl;
		if (client_wait_glob(c, ":" SECOND "!* QUIT *", 0) == NULL)
			driver_fail(d, "%s never saw %s quit", c->nick, SECOND);
		client_skip(c);
	}
	driver_bot_up(d);
	driver_check_resume(d);
	driver_play(d, 0, MAX_MOVES, POLL_MS);
	assert_int_equal(d->games, 1);
	assert_int_equal(channel_bots(d, &members), 1);
	driver_bot_exits(d, 0, 0);
}

/* The pids of the backends named "cheaterbot", or "cheaterbot NICK" (the
 * bots' connections, docs/storage.md)
 * on the test's database, but those in not[] (n of them), into pids;
 * how many (at most max). */
static int
bot_backends(struct world *w, const int *not, int n, int *pids, int max)
{
	PGresult *res;
	int rows, i, j, got = 0, pid;

	res = PQexec(w->db.su, "SELECT pid FROM pg_stat_activity WHERE "
	    "(application_name = 'cheaterbot' OR application_name LIKE "
	    "'cheaterbot %') AND datname = current_database() ORDER BY pid");
	if (PQresultStatus(res) != PGRES_TUPLES_OK)
		fail_msg("pg_stat_activity: %s", PQerrorMessage(w->db.su));
	rows = PQntuples(res);
	for (i = 0; i < rows && got < max; i++) {
		pid = atoi(PQgetvalue(res, i, 0));
		for (j = 0; j < n && not[j] != pid; j++)
			;
		if (j == n)
			pids[got++] = pid;
	}
	PQclear(res);
	return got;
}

static void
test_claim_lost(void **state)
{
	static const char *const nicks_a[] = {"alice", "bob"};
	static const char *const nicks_b[] = {"dave"};
	struct world *w = *state;
	struct driver *a = &w->a;
	int before[8], nbefore, mine[8], nmine, after[8], i, rc;
	long long cut;
	char sql[96];
	size_t from;

	/* netb's bot first: its connections are not neta's. */
	league_open(w, &w->b, "netb", nicks_b, 1, "", 4);
	driver_bot_up(&w->b);
	nbefore = bot_backends(w, NULL, 0, before, 8);
	assert_true(nbefore >= 1);
	league_open(w, a, "neta", nicks_a, 2,
	    "commands = { admins = [ \"alice!*@*\" ]; };\n", 5);
	driver_bot_up(a);
	nmine = bot_backends(w, before, nbefore, mine, 8);
	assert_true(nmine >= 1);
	from = a->t[0].p[0].cl.nlines;

	cut = ngircd_now_ms();
	for (i = 0; i < nmine; i++) {
		snprintf(sql, sizeof sql, "SELECT pg_terminate_backend(%d)",
		    mine[i]);
		league_db_command(&w->db, sql);
	}
	rc = ngircd_bot_wait(&a->bot, CLAIM_LOST_MS);
	if (rc == -1)
		driver_fail(a, "neta's bot still runs %d s after its "
		    "connection ended", CLAIM_LOST_MS / 1000);
	print_message("neta's bot exited %lld ms after its connection "
	    "ended\n", ngircd_now_ms() - cut);
	if (rc != 1)
		driver_fail(a, "neta's bot exited with %d, not 1", rc);
	if (ngircd_bot_log_count(&a->bot, STOPPING) != 1)
		driver_fail(a, "neta's bot did not log why it stops");
	/* The admin is told, privately; bob is not. */
	driver_wait_private(a, 0, 0, from, TOLD_ADMIN, 0);
	driver_pump(a, 0);
	for (i = 0; (size_t)i < a->t[0].p[1].cl.nlines; i++)
		assert_null(strstr(a->t[0].p[1].cl.lines[i], "lost my claim"));

	/* netb's bot runs on, its connections as they were. */
	assert_true(ngircd_bot_alive(&w->b.bot));
	assert_int_equal(bot_backends(w, NULL, 0, after, 8), nbefore);
	for (i = 0; i < nbefore; i++)
		assert_int_equal(after[i], before[i]);
	assert_int_equal(ngircd_bot_log_count(&w->b.bot, STOPPING), 0);
	driver_bot_exits(&w->b, 0, 0);
}

/* A bot's SQLite records moved into the league (docs/storage.md, Moving
 * into a league): a game played on the bot's own file, the bot stopped,
 * cheaterbot --copy-to URI with network neta in its configuration, and
 * the bot started on the league's database: its player's stats are
 * there under neta (one game each) and its board has the game's winner;
 * a second copy into the same database is refused and changes nothing. */
static void
test_move_into_league(void **state)
{
	static const char *const nicks[] = {"alice", "bob"};
	struct world *w = *state;
	char text[2048], file[PATH_MAX], own[96];
	const char *won, *line;
	const char *args[] = {"-c", w->a.conf, "--db", file, "--copy-to",
	    w->db.uri, NULL};
	size_t from;

	driver_name(&w->a, 0, CHAN, nicks, 2);
	w->a.no_bot = 1;
	w->a.t[0].options = "";
	driver_open(&w->a, 1, FAST, 3);
	driver_write_conf(&w->a, FAST);
	driver_bot_up(&w->a);
	play_game(&w->a);
	won = winner(&w->a);
	driver_bot_exits(&w->a, 0, 0);

	snprintf(file, sizeof file, "%s", w->a.db);
	snprintf(text, sizeof text, "%snetwork = \"neta\";\n", FAST);
	driver_write_conf(&w->a, text);
	assert_int_equal(ngircd_bot_start(&w->offline, w->a.dir, "copy",
	    args), 0);
	assert_int_equal(ngircd_bot_wait(&w->offline, 30000), 0);
	assert_int_equal(ngircd_bot_log_count(&w->offline,
	    ": 2 players, 1 game ("), 1);
	assert_int_equal(ngircd_bot_log_count(&w->offline,
	    "the records of no network now network 'neta's"), 1);
	assert_int_equal(ngircd_bot_start(&w->offline, w->a.dir, "copy2",
	    args), 0);
	assert_int_equal(ngircd_bot_wait(&w->offline, 30000), 1);
	assert_int_equal(ngircd_bot_log_count(&w->offline,
	    "has records already: a copy goes into a new, empty database"),
	    1);

	/* The bot on the league's database, as network neta's. */
	store_close(w->a.store);
	w->a.store = NULL;
	snprintf(w->a.db, sizeof w->a.db, "%s", w->db.uri);
	w->a.network = "neta";
	driver_bot_up(&w->a);
	assert_string_equal(winner(&w->a), won);
	from = w->a.t[0].p[0].cl.nlines;
	driver_raw(&w->a, 0, 1, "PRIVMSG %s :!top cheat wins", CHAN);
	line = driver_wait_chan(&w->a, 0, 0, from, " won)", 0);
	snprintf(own, sizeof own, "1. %s (1 won)", won);
	if (strstr(line, own) == NULL)
		driver_fail(&w->a, "!top cheat wins said '%s', not '%s'", line,
		    own);
	driver_bot_exits(&w->a, 0, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_two_networks, setup,
	        teardown),
	    cmocka_unit_test_setup_teardown(test_failover, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_claim_lost, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_move_into_league, setup,
	        teardown),
	};

	return cmocka_run_group_tests_name("league", tests, league_db_start,
	    league_db_stop);
}
