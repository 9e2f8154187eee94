/*
 * The fair pipe over real sockets (bot/lib/queue.h): a real ngircd, the
 * real bot binary with the default flood rule (4 lines at once, then one
 * every 2 s; a quarter of the interval for the order, below), scripted
 * players.
 *
 *  - A stall: alice reads a replay the way that used to hold everyone
 *    (five !replay and five !more at once, inside the command limit);
 *    bob's private !games, half a second later, is answered within 6 s.
 *  - A bot of 100 channels: in the first it joins, !games is answered
 *    within 5 s of its JOIN, though 99 JOINs wait behind it.
 *  - Every variant at once, a game in each of five channels played by
 *    players who type as fast as the database takes their moves (far
 *    faster than the pipe): each player reads every move's channel line
 *    before the prompt it causes, and every prompt before the channel
 *    line of the next move (a call included), so no prompt is read after
 *    a call made it stale; calls are made where a variant has them.
 *
 * The deadlines are the scheduler's promises in time at the default
 * rule: a reply waits for one game line at most, about 2 s a line.
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

/* The flood rule as configured by default (config/conf.c), with the
 * command limit as configured (people's pace), or off where players type
 * faster than people. */
#define DEFAULT_FLOOD "flood = { burst = 4; interval = 2; };\n"
/* The default burst at a quarter of the interval, players faster than
 * people: the order of what is read does not hang on the rate, only on
 * lines waiting, and players who type the moment the database takes
 * their move keep the queue full at any rate. */
#define BUSY_FLOOD                                                         \
	"flood = { burst = 4; interval = 0.5; user_interval = 0; };\n"
#define FAST_TIMERS                                                         \
	"timers = { turn = 600; turn_warning = 0; challenge_min = 0.5;\n"   \
	"    challenge_tie = 0.2; challenge_close = 2; lobby_start = 0; };\n"
#define STALL_MS 6000	/* a reply behind someone's long text */
#define JOINED_MS 5000	/* a reply behind 99 JOINs */
#define MOVES 4		/* moves checked in each variant (a call at the third) */
#define ALL_MS 300000	/* every line of those, waiting their turn */

static const char *const three[] = {"alice", "bob", "carol"};

/* A stall: a finished game to replay (played at a fast rate), then the
 * bot again under the default rule. */
static void
test_stall(void **state)
{
	struct driver *d = calloc(1, sizeof *d);
	size_t from;
	int i;

	assert_non_null(d);
	*state = d;
	driver_name(d, 0, "#pipe", three, 3);
	d->bot_seed = 1;
	d->t[0].options = "";
	driver_open(d, 1, FAST_TIMERS
	    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n",
	    1);
	driver_deal(d, 0, game_table[0], 3);
	driver_play(d, 0, 2000, 20);
	assert_int_equal(driver_bot_stop(d), 0);
	driver_write_conf(d, FAST_TIMERS DEFAULT_FLOOD);
	driver_bot_up(d);

	from = d->t[0].p[0].cl.nlines;
	for (i = 0; i < 5; i++)
		driver_raw(d, 0, 0, "PRIVMSG " DRIVER_BOT_NICK " :!replay 1");
	for (i = 0; i < 5; i++)
		driver_raw(d, 0, 0, "PRIVMSG " DRIVER_BOT_NICK " :!more");
	driver_pump(d, 500);
	driver_raw(d, 0, 1, "PRIVMSG " DRIVER_BOT_NICK " :!games");
	driver_wait_private(d, 0, 1, d->t[0].p[1].cl.nlines, "Games:",
	    STALL_MS);
	/* alice's text comes meanwhile, a line at a time. */
	driver_wait_private(d, 0, 0, from, "Game 1:", ALL_MS);
}

/* 100 channels: the first is answered while the others' JOINs wait. */
static void
test_hundred_channels(void **state)
{
	struct driver *d = calloc(1, sizeof *d);
	static const char *const one[] = {"alice"};
	char conf[4096];
	size_t n;
	int k;

	assert_non_null(d);
	*state = d;
	n = (size_t)snprintf(conf, sizeof conf, DEFAULT_FLOOD "channels = [");
	for (k = 0; k < 100; k++)
		n += (size_t)snprintf(conf + n, sizeof conf - n, "%s\"#p%d\"",
		    k > 0 ? ", " : " ", k);
	snprintf(conf + n, sizeof conf - n, " ];\n");
	driver_name(d, 0, "#p0", one, 1);
	d->conf_channels = 1;
	driver_open(d, 1, conf, 1);	/* returns on the bot's JOIN of #p0 */
	driver_raw(d, 0, 0, "PRIVMSG #p0 :!games");
	driver_wait_chan(d, 0, 0, d->t[0].p[0].cl.nlines, "Games:",
	    JOINED_MS);
}

/* A chooser that calls when a call is there (a reaction: Cheat's cheat,
 * Liar's UNO's challenge), every other time it can, by a seat other than
 * the one to play, whose prompt the call then changes. */
static int
choose_calls(void *ctx, const struct game *g, struct rng *rng,
    struct game_move *mv)
{
	const struct driver_table *t = ctx;
	struct game_move any;
	struct game_turn tu;
	int tries, have = 0;

	t->ops->turn(g, &tu);
	for (tries = 0; tries < 500; tries++) {
		if (t->ops->sample(g, rng, mv) != 0)
			return -1;
		if (!have) {
			any = *mv;
			have = 1;
		}
		if (mv->seat >= 0 && mv->seat != tu.seat && tu.seat >= 0 &&
		    (t->ops->reactions & (1u << mv->verb)) &&
		    t->nmoves % 2 == 0)
			return 0;
	}
	*mv = any;
	return 0;
}

/* What one player of a table read, matched in order against what the
 * bot said of each step of its game (struct driver_said): ok stays 1
 * while every move's channel line came before the prompt it caused and
 * every prompt before the next move's channel line; done once every
 * step was found; calls counts prompts changed by another's move. */
struct order_check {
	struct driver *d;
	struct driver_table *t;
	int player, seat;
	size_t chan_at, priv_at;	/* where the next search starts */
	long prompt_at;			/* the last prompt's line, or -1 */
	int ok, done, steps, changed, calls;
	char why[512];
};

/* The index of the first line of c's player from *at on that is a
 * channel line containing text (priv 0), or a private line about the
 * table whose text, the bot's "(changed)" mark aside, is text or starts
 * it (priv 1); -1 when none (yet). */
static long
order_find(struct order_check *c, const char *text, int priv)
{
	struct driver_line chan = {c->t->chan, NULL, NULL};
	struct driver_line own = {c->t->chan, NULL, NULL};
	const struct client *cl = &c->t->p[c->player].cl;
	size_t k, lead = strlen(c->t->chan) + 3;	/* "[#chan] " */
	char line[DRIVER_TEXT];
	const char *msg;

	own.nick = c->t->p[c->player].nick;
	for (k = priv ? c->priv_at : c->chan_at; k < cl->nlines; k++) {
		client_strip(cl->lines[k], line, sizeof line);
		if (!priv && driver_is_line(line, &chan) &&
		    strstr(driver_msg(line), text) != NULL)
			return (long)k;
		if (priv && driver_is_line(line, &own)) {
			msg = driver_msg(line) + lead;
			if (strstr(msg, "(changed)") != NULL)
				c->changed++;
			msg = driver_unchanged(msg);
			if (strncmp(text, msg, strlen(msg)) == 0)
				return (long)k;
		}
	}
	return -1;
}

static void
order_step(void *ctx, int n, const struct game_move *mv,
    const struct game *g, const struct driver_said *said)
{
	struct order_check *c = ctx;
	const char *priv = said->priv[c->seat];
	long a = -1, b;

	(void)g;
	if (!c->ok || c->done < 0)
		return;
	c->steps++;
	if (mv != NULL && mv->seat >= 0 &&
	    (c->t->ops->reactions & (1u << mv->verb)))
		c->calls++;
	if (said->pub[0] != '\0') {
		if ((a = order_find(c, said->pub, 0)) < 0) {
			c->done = -1;	/* not come yet */
			return;
		}
		c->chan_at = (size_t)a;	/* the next may share the line */
		if (c->prompt_at >= 0 && a < c->prompt_at) {
			snprintf(c->why, sizeof c->why, "step %d: '%.200s' came "
			    "before the prompt of the step before", n,
			    said->pub);
			c->ok = 0;
		}
		c->prompt_at = -1;
	}
	if (priv[0] == '\0')
		return;
	if ((b = order_find(c, priv, 1)) < 0) {
		c->done = -1;
		return;
	}
	c->priv_at = (size_t)b + 1;
	if (a >= 0 && b < a) {
		snprintf(c->why, sizeof c->why, "step %d: '%.200s' came before "
		    "the channel line it follows", n, priv);
		c->ok = 0;
	}
	if (strncmp(priv, "Your turn", 9) == 0)
		c->prompt_at = b;
}

/* Checks every player of table k against its game's steps: 1 when all
 * came (failing the test on a line out of order), 0 when some are yet
 * to come.  *changed counts the prompts marked changed, *calls the calls
 * made. */
static int
order_table(struct driver *d, int k, int *changed, int *calls)
{
	struct driver_table *t = &d->t[k];
	struct order_check c;
	int s;

	for (s = 0; s < t->nseats; s++) {
		memset(&c, 0, sizeof c);
		c.d = d;
		c.t = t;
		c.seat = s;
		c.player = t->player[s];
		c.prompt_at = -1;
		c.ok = 1;
		driver_replay(d, t->id, order_step, &c);
		if (!c.ok)
			driver_fail(d, "%s in %s: %s", t->p[c.player].nick,
			    t->chan, c.why);
		if (c.done < 0)
			return 0;
		*changed += c.changed;
		if (s == 0)
			*calls += c.calls;
	}
	return 1;
}

static void
test_order(void **state)
{
	struct driver *d = calloc(1, sizeof *d);
	long long deadline;
	int k, nvariants = 0, left, changed = 0, calls = 0;

	assert_non_null(d);
	*state = d;
	while (game_table[nvariants] != NULL)
		nvariants++;
	d->pool = 3;
	d->slack = 10;
	d->bot_seed = 3;
	driver_open(d, nvariants, FAST_TIMERS BUSY_FLOOD, 3);
	for (k = 0; k < nvariants; k++) {
		d->t[k].options = "";
		d->t[k].choose = choose_calls;
		d->t[k].choose_ctx = &d->t[k];
		driver_deal(d, k, game_table[k], 3);
	}
	do {
		for (k = left = 0; k < nvariants; k++) {
			if (d->t[k].nmoves >= MOVES ||
			    d->t[k].state == DRIVER_OFF)
				continue;
			left++;
			driver_send(d, k);
		}
		driver_poll(d);
		driver_pump(d, 50);
	} while (left > 0);
	/* Everything said of those moves comes, in order. */
	deadline = ngircd_now_ms() + ALL_MS;
	for (k = 0; k < nvariants; k++) {
		while (!order_table(d, k, &changed, &calls)) {
			if (ngircd_now_ms() > deadline)
				driver_fail(d, "%s: the lines of its moves did "
				    "not all come", d->t[k].chan);
			driver_pump(d, 500);
		}
	}
	/* Calls were made, and prompts they changed said so. */
	assert_true(calls > 0);
	assert_true(changed > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_stall, driver_teardown),
		cmocka_unit_test_teardown(test_hundred_channels,
		    driver_teardown),
		cmocka_unit_test_teardown(test_order, driver_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
