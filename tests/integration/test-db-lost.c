/*
 * A league's bot whose PostgreSQL goes away mid-game, over a real ngircd
 * and a private PostgreSQL server (tests/lib/driver.h, tests/lib/pgsql.h).
 * A game of Cheat is dealt; just after one of the bot's looks at its
 * claims (seen in pg_stat_activity: it looks every 2 s, bot/core/share.c),
 * the bot is held (SIGSTOP), the server stopped and the player to move
 * makes their move; the bot let go, the move is the first thing it reads
 * (bot/loop.c reads before it runs its timers, the next look among
 * them).  The move cannot be saved: the bot refuses it, finds at once
 * that it lost its database (not at its next look), tells the admin, and
 * stops.  Its flood limit lets one
 * line go at a time, so the refusal and the admin's alarm wait in its
 * queue when it decides to stop: each must reach its player before the
 * bot's QUIT, which says "database lost"; the bot exits 1 with one line
 * for the stop in its log.
 */
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <libpq-fe.h>

#include "games/cheat/cheat.h"
#include "tests/lib/driver.h"
#include "tests/lib/pgsql.h"

#define CHAN "#lost"
/* One line at a time, one more every half second. */
#define CONF                                                                 \
	"timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n"      \
	"    challenge_tie = 0; challenge_close = 1; lobby_start = 0; };\n"  \
	"flood = { burst = 1; interval = 0.5; user_interval = 0; };\n"       \
	"commands = { admins = [ \"alice!*@*\" ]; };\n"                      \
	"network = \"lost\";\n"
#define REFUSED "I could not save that move (I lost my database"
#define TOLD "I lost my claim on this network in the league's database"
#define QUIT_LOST ":" DRIVER_BOT_NICK "!* QUIT *database lost*"
#define LOOK_MS 15000 /* the bot looks every 2 s, and every 10 s */

struct world {
	struct driver d;
	struct pgsql pg;
	PGconn *su; /* the superuser's, to watch the bot's connection */
	struct driver_game gm;
};

static int
setup(void **state)
{
	struct world *w = calloc(1, sizeof *w);
	char uri[sizeof w->pg.uri];

	*state = w;
	if (w == NULL || pgsql_start(&w->pg) != 0 ||
	    pgsql_uri(&w->pg, PGSQL_TEST_DB, PGSQL_SUPERUSER, uri,
	    sizeof uri) != 0)
		return -1;
	w->su = PQconnectdb(uri);
	return PQstatus(w->su) == CONNECTION_OK ? 0 : -1;
}

static int
teardown(void **state)
{
	struct world *w = *state;

	if (w == NULL)
		return 0;
	driver_game_free(&w->gm);
	driver_close(&w->d);
	PQfinish(w->su);
	pgsql_stop(&w->pg);
	free(w);
	return 0;
}

/* When the bot's connection last began asking the server about its
 * claims (a look: share.c's or the watch's), as the server writes the time,
 * once the server has answered it (the connection idle again); "" before
 * it first did, and while a look is in flight: a server stopped then
 * fails the look itself, and the bot stops before the move it was to
 * refuse (seen once under a full make test). */
static void
last_look(struct world *w, char *out, size_t size)
{
	PGresult *res = PQexec(w->su, "SELECT query_start::text FROM "
	    "pg_stat_activity WHERE application_name LIKE 'cheaterbot %' AND "
	    "query LIKE '%pg_locks%' AND state = 'idle'");

	if (PQresultStatus(res) != PGRES_TUPLES_OK)
		driver_fail(&w->d, "pg_stat_activity: %s",
		    PQerrorMessage(w->su));
	snprintf(out, size, "%s", PQntuples(res) > 0 ?
	    PQgetvalue(res, 0, 0) : "");
	PQclear(res);
}

/* Waits for the bot's next look to be answered: the next is 2 s after
 * it, time enough to hold the bot idle. */
static void
fresh_look(struct world *w)
{
	long long end = ngircd_now_ms() + LOOK_MS;
	char before[64], now[64];

	last_look(w, before, sizeof before);
	do {
		if (ngircd_now_ms() > end)
			driver_fail(&w->d, "the bot did not look at its "
			    "claims within %d s", LOOK_MS / 1000);
		poll(NULL, 0, 20);
		last_look(w, now, sizeof now);
	} while (now[0] == '\0' || strcmp(now, before) == 0);
}

/* The index among player i's lines of the first not taken yet that
 * matches the glob pattern, waited for; it must come. */
static size_t
line_at(struct world *w, int i, const char *pattern)
{
	struct client *c = &w->d.t[0].p[i].cl;
	const char *line = client_wait_glob(c, pattern, 0);
	size_t at;

	if (line == NULL)
		driver_fail(&w->d, "%s never got '%s'", c->nick, pattern);
	for (at = 0; at < c->nlines && c->lines[at] != line; at++)
		;
	return at;
}

static void
test_refusal_before_quit(void **state)
{
	static const char *const nicks[] = {"alice", "bob"};
	struct world *w = *state;
	struct driver *d = &w->d;
	struct game_move mv;
	char pattern[256];
	size_t quit[2];
	int mover, i;

	driver_name(d, 0, CHAN, nicks, 2);
	d->no_bot = 1;
	d->slack = 3;
	d->t[0].options = "";
	driver_open(d, 1, CONF, 7);
	assert_int_equal(pgsql_uri(&w->pg, PGSQL_TEST_DB, PGSQL_TEST_ROLE,
	    d->db, sizeof d->db), 0);
	d->network = "lost";
	driver_bot_up(d);
	driver_deal_from(d, 0, &cheat_ops, 2, 0);
	driver_game_load(d, 0, 0, &w->gm);
	w->gm.ops->timeout(w->gm.g, &mv);
	mover = w->gm.player[mv.seat];

	fresh_look(w);
	assert_int_equal(kill(d->bot.pid, SIGSTOP), 0);
	assert_true(pgsql_stop(&w->pg) != -1);
	driver_game_type(d, &w->gm, &mv);
	/* The server has passed the move on once it answers the mover's
	 * PING, sent after it. */
	driver_raw(d, 0, mover, "PING :passed");
	if (client_wait_glob(&d->t[0].p[mover].cl, "* PONG * :passed", 0) ==
	    NULL)
		driver_fail(d, "no PONG");
	assert_int_equal(kill(d->bot.pid, SIGCONT), 0);

	for (i = 0; i < 2; i++)
		quit[i] = line_at(w, i, QUIT_LOST);
	snprintf(pattern, sizeof pattern, ":" DRIVER_BOT_NICK "!* NOTICE %s "
	    ":\\[" CHAN "] " REFUSED "*", nicks[mover]);
	if (line_at(w, mover, pattern) > quit[mover])
		driver_fail(d, "%s got the QUIT before the refusal",
		    nicks[mover]);
	if (line_at(w, 0, ":" DRIVER_BOT_NICK "!* NOTICE alice :*" TOLD "*") >
	    quit[0])
		driver_fail(d, "alice got the QUIT before the alarm");
	for (i = 0; i < 2; i++)
		assert_int_equal(driver_count(d, 0, i, 0, &(struct driver_line){
		    NULL, nicks[i], "I could not save"}), i == mover);
	assert_int_equal(ngircd_bot_wait(&d->bot, 10000), 1);
	assert_int_equal(ngircd_bot_log_count(&d->bot,
	    "cheaterbot: info: stopping: database lost\n"), 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_refusal_before_quit, setup,
	        teardown),
	};

	return cmocka_run_group_tests_name("database lost", tests, NULL,
	    NULL);
}
