/*
 * The bot against a server that disconnects on excess flood: a private
 * InspIRCd (tests/lib/inspircd.c) whose connect class for the bot has
 * fakelag off, so one line too many ends the link ("Excess Flood"), and
 * the real bot at its default flood settings (a burst of 4 lines, then one
 * every 2 s; flood.burst, flood.interval) plays a whole 8-player game of
 * every variant in game_table[] with the scripted players of
 * tests/lib/driver.c, several channels at once.  It must never be
 * disconnected.  A tap between the bot and the server (tests/lib/tap.c)
 * times every line the bot sends; the test prints the most lines in any
 * 10 s beside what the server allows in 10 s.
 *
 * The server's class is as strict as the bot's defaults allow: InspIRCd
 * charges a point per line (two for a JOIN, which the bot's bucket charges
 * two tokens too) and forgives `rate` thousandths of a point once a
 * second; the link ends when the points reach `threshold`.  With the rate
 * the bot's own (one line per 2 s: 500) and a threshold of the burst + 1
 * (5), the bot lives only while its bucket holds, since between two of the
 * server's ticks the points can only be a burst plus the half line one
 * second earns.  The probe checks first that the class really kills a
 * client sending more than that at once, and spares one sending less.
 *
 * At the true defaults a whole 8-player game takes many minutes, longer
 * than `make test` may run, so `make test` runs the same test with time
 * scaled by FLOOD_SCALE (default 40): the bot's flood.interval is divided
 * by it and the server's rate multiplied by it, and the threshold grows by
 * the lines the bot earns between two of the server's once-a-second ticks
 * (burst + 1 + scale / 2): the ratio of the two rates, which is what
 * decides the outcome, stays 1.  `make flood` runs it at FLOOD_SCALE=1:
 * the bot's defaults as shipped against the class above (see README.md
 * for how long it takes).  FLOOD_TABLES (default 2) channels play at once,
 * the variants dealt in turn.  The players type as fast as the bot logs
 * their moves, never waiting for its answers, so the bot's queue fills
 * and the bucket alone paces it; that is far faster than people type, so
 * the per-user command limit is off (it has tests of its own,
 * test-bot-flood).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/lib/driver.h"
#include "tests/lib/inspircd.h"
#include "tests/lib/ngircd.h"
#include "tests/lib/tap.h"

#define FLOOD_BURST 4		/* flood.burst's default */
#define FLOOD_INTERVAL_MS 2000	/* flood.interval's default */
#define FLOOD_SEATS 8
#define WINDOW_MS 10000		/* "the most lines in any 10 seconds" */
#define POLL_MS 5

struct world {
	int scale;
	int tables;
	struct inspircd irc;
	struct tap tap;
	struct driver d;
};

static int
env_int(const char *name, int def, int lo, int hi)
{
	const char *v = getenv(name);
	int n = v != NULL && *v != '\0' ? atoi(v) : def;

	if (n < lo || n > hi) {
		fprintf(stderr, "test: %s must be %d to %d\n", name, lo, hi);
		exit(1);
	}
	return n;
}

static int
variants(void)
{
	int n = 0;

	while (game_table[n] != NULL)
		n++;
	return n;
}

static int
setup(void **state)
{
	struct world *w = calloc(1, sizeof *w);
	char conf[1024], *dir;

	assert_non_null(w);
	w->scale = env_int("FLOOD_SCALE", 40, 1, 100);
	w->tables = env_int("FLOOD_TABLES", 2, 1, DRIVER_TABLES);
	if (w->tables > variants())
		w->tables = variants();
	dir = ngircd_tmpdir();
	assert_non_null(dir);
	if (inspircd_start(&w->irc, dir, FLOOD_BURST + 1 + w->scale / 2,
	    500 * w->scale) != 0) {
		ngircd_rmdir(dir);
		free(dir);
		fail_msg("inspircd did not start");
	}
	/* Before any player connects: the tap's process must hold no
	 * socket of theirs. */
	if (tap_start(&w->tap, dir, w->irc.port) != 0)
		fail_msg("the tap did not start");
	/* The other timers are short so that the games go quickly: only
	 * the outgoing flood settings are under test, and those are the
	 * defaults, scaled. */
	snprintf(conf, sizeof conf,
	    "flood = { interval = %g; user_interval = 0; };\n"
	    "timers = { challenge_min = 0; challenge_tie = 0;"
	    " challenge_close = 1; answer = 0.2; turn = 3600;"
	    " lobby_start = 0; };\n"
	    "reconnect = { min = 1; max = 2; };\n",
	    FLOOD_INTERVAL_MS / 1000.0 / w->scale);
	w->d.dir = dir;
	w->d.pool = FLOOD_SEATS;
	/* The players never wait for the bot's answers, so the whole of a
	 * game's lines, a thousand or more, may stand between a player and
	 * an answer: at one line per 2 s, most of an hour (the bot's own
	 * disconnection is caught at once, check_link()). */
	w->d.slack = 1 + 600 / w->scale;
	driver_open_at(&w->d, w->tables, w->irc.open_port, w->tap.port, conf,
	    0xf100d);
	*state = w;
	return 0;
}

static int
teardown(void **state)
{
	struct world *w = *state;

	/* The driver stops the bot and removes the directory. */
	tap_stop(&w->tap);
	driver_close(&w->d);
	inspircd_stop(&w->irc);
	free(w);
	return 0;
}

/* The class kills a flood and spares a client within its limit: a test
 * the bot could pass against a lenient server proves nothing. */
static void
test_probe(void **state)
{
	struct world *w = *state;
	char why[256];
	int flood = w->irc.threshold + w->irc.rate / 1000 + 5;

	assert_int_equal(inspircd_flood_probe(&w->irc, flood, why,
	    sizeof why), 1);
	printf("probe: %d lines at once: %s\n", flood, why);
	assert_int_equal(inspircd_flood_probe(&w->irc, w->irc.threshold - 1,
	    why, sizeof why), 0);
}

/* Fails at once when the bot lost its link: a bot killed for flood would
 * flood again after each reconnect, and the driver wait long. */
static void
check_link(struct world *w)
{
	struct tap_count c;

	if (ngircd_bot_log_count(&w->d.bot, "disconnected:") == 0)
		return;
	tap_read(&w->tap, WINDOW_MS / w->scale, &c);
	fail_msg("the bot lost its link (the server closed it %d times: "
	    "%s); the most lines in any %g s were %d", c.closed, c.why,
	    WINDOW_MS / 1000.0 / w->scale, c.most);
}

/* Every variant once, FLOOD_SEATS players (or as many as it takes), the
 * tables dealing them in turn and playing at once. */
static void
test_games(void **state)
{
	struct world *w = *state;
	struct driver *d = &w->d;
	const struct game_ops *ops;
	struct tap_count c;
	long long start = ngircd_now_ms();
	int v = 0, k, seats;

	while (v < variants()) {
		for (k = 0; k < d->ntables && v < variants(); k++, v++) {
			ops = game_table[v];
			seats = ops->max_seats < FLOOD_SEATS ? ops->max_seats :
			    FLOOD_SEATS;
			driver_deal_from(d, k, ops, seats, 0);
			check_link(w);
		}
		while (driver_games_on(d) > 0) {
			for (k = 0; k < d->ntables; k++)
				driver_send(d, k);
			if (driver_poll(d) > 0)
				driver_pump(d, POLL_MS);
			check_link(w);
		}
	}
	driver_check_stats(d);
	assert_int_equal(tap_read(&w->tap, WINDOW_MS / w->scale, &c), 0);
	printf("flood: %d games of %d players on %d channels in %.0f s, "
	    "scale %d: %ld lines sent over %.0f s, the most in any %g s %d "
	    "(%d but registration); the server allows %d "
	    "points at once and forgives %g in %g s (a line is a point, a "
	    "JOIN two)\n",
	    d->games, FLOOD_SEATS, d->ntables,
	    (ngircd_now_ms() - start) / 1000.0, w->scale, c.lines,
	    c.span_ms / 1000.0, WINDOW_MS / 1000.0 / w->scale, c.most,
	    c.most_paced, w->irc.threshold - 1,
	    w->irc.rate / 1000.0 * WINDOW_MS / 1000.0 / w->scale,
	    WINDOW_MS / 1000.0 / w->scale);
	if (c.closed > 0 || c.links != 1)
		fail_msg("the server closed the bot's link %d times (%d "
		    "links): %s", c.closed, c.links, c.why);
	/* Never more than the bucket lets through: its burst, then one line
	 * per interval, PING and PONG included.  Registration is not paced
	 * (servers count from 001 on): it is left out here. */
	assert_true(c.most_paced <= FLOOD_BURST + WINDOW_MS /
	    FLOOD_INTERVAL_MS);
}

/* SIGTERM: the bot says goodbye and exits 0 (no leak under ASan). */
static void
test_exit(void **state)
{
	struct world *w = *state;

	assert_int_equal(driver_bot_stop(&w->d), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_probe),
	    cmocka_unit_test(test_games),
	    cmocka_unit_test(test_exit),
	};

	return cmocka_run_group_tests_name("flood", tests, setup, teardown);
}
