/*
 * The event loop (loop.h).  Signals are blocked except inside ppoll(), so
 * a SIGTERM, SIGINT or SIGHUP either arrives before the flags are looked
 * at or wakes the wait at once; the handlers only set flags.  poll(), not
 * select(): a descriptor's number may be past FD_SETSIZE (a parent that
 * left a thousand open), which select()'s sets cannot hold (pollset.h).
 *
 * One turn: the sockets asked for, wait until I/O or the earliest deadline,
 * then relay I/O (which includes libircclient's processing), the core's
 * timers, the stats page's export (publish.h), and writing whatever may
 * go.
 *
 * A server line reaches the core in two turns: read and written to
 * libircclient's socket in one, read by libircclient in the next.  The
 * wait of that second turn would return at once, libircclient's socket
 * being readable, so the turn goes without it (relay_ready()): on this
 * kind of machine a wait that returns at once costs a few microseconds,
 * for a line whose whole cost is some 50 (docs/performance.md).  At most
 * every other turn skips its wait, the signals being let in only there.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config/conf.h"
#include "alloc/xalloc.h"
#include "bot/core/bot.h"
#include "bot/lib/lang.h"
#include "bot/lib/log.h"
#include "bot/lib/pollset.h"
#include "bot/loop.h"
#include "bot/lib/queue.h"
#include "bot/net/relay.h"
#include "bot/publish.h"

#define LOOP_FLUSH_MS 5000 /* at most this long for what was said */
#define LOOP_QUIT_MS 2000 /* ... then for the QUIT to leave */
#define LOOP_OPERATOR "stopped by the operator"	/* SIGTERM's QUIT */
#define LOOP_MAX_WAIT_MS 60000

static volatile sig_atomic_t loop_stop;	/* the signal that stops it */
static volatile sig_atomic_t loop_hup;

static void
loop_on_signal(int sig)
{
	if (sig == SIGHUP)
		loop_hup = 1;
	else
		loop_stop = sig;
}

uint64_t
loop_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* The signals the loop handles, and what they did before it. */
static const int loop_sigs[] = { SIGTERM, SIGINT, SIGHUP };
#define LOOP_NSIGS (sizeof loop_sigs / sizeof loop_sigs[0])

/* Installs the handlers (old[] the actions before) and blocks the
 * signals; *orig is the mask before, *waitmask the one to wait with (the
 * same, with the signals open).  SIGPIPE is ignored for good: a write to
 * a closed socket (TLS's close_notify as the relay is freed) is an error
 * to handle, never a death. */
static void
loop_signals(sigset_t *orig, sigset_t *waitmask, struct sigaction *old)
{
	struct sigaction sa;
	sigset_t block;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = loop_on_signal;
	for (i = 0; i < LOOP_NSIGS; i++)
		sigaction(loop_sigs[i], &sa, &old[i]);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);

	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, orig);
	*waitmask = *orig;
	sigdelset(waitmask, SIGTERM);
	sigdelset(waitmask, SIGINT);
	sigdelset(waitmask, SIGHUP);
}

/* SIGHUP or !reload: the new configuration replaces the live one in
 * place; the core is told either way. */
static void
loop_reload(const struct loop *l)
{
	struct conf fresh;
	const char *kept;
	char *cause = NULL;

	if (l->reload(&fresh, l->reload_arg, &cause) != 0) {
		if (cause == NULL)
			cause = xstrdup("unknown error");
		log_error("reload failed, keeping the old configuration: %s",
		    cause);
		bot_reloaded(l->bot, cause);
		free(cause);
		return;
	}
	/* The network is the claim's and every key's: the one the bot runs
	 * on, configured or the server's, is kept until a restart
	 * (docs/config.md). */
	kept = bot_network(l->bot);
	if (fresh.network != NULL ? kept == NULL ||
	    strcmp(fresh.network, kept) != 0 : l->conf->network != NULL)
		log_warn("network: the file names %s%s%s; the bot keeps "
		    "%s%s%s until it restarts",
		    fresh.network != NULL ? "'" : "",
		    fresh.network != NULL ? fresh.network : "none",
		    fresh.network != NULL ? "'" : "",
		    kept != NULL && *kept != '\0' ? "'" : "",
		    kept == NULL ? "the server's, when it names it" :
		    *kept != '\0' ? kept : "none",
		    kept != NULL && *kept != '\0' ? "'" : "");
	conf_set_string(&fresh.network, l->conf->network);
	conf_free(l->conf);
	*l->conf = fresh;
	log_set_level((enum log_level)l->conf->log_level);
	lang_set_default(l->conf->lang);
	queue_set_rate(
	    l->queue, l->conf->flood_burst, l->conf->flood_interval_ms);
	log_info("configuration reloaded");
	bot_reloaded(l->bot, NULL);
}

/* Whether the stats page is kept fresh now: it is configured, and the
 * bot knows its network (a league's bot may wait for the server's name:
 * the page shows the other networks' players as nick@network). */
static int
loop_publishes(const struct loop *l)
{
	return l->publish != NULL && bot_network(l->bot) != NULL;
}

/* Waits for I/O or until `until`, with the signals open; fills p.  -1 on
 * a real poll() failure. */
static int
loop_wait(const struct loop *l, struct pollset *p, uint64_t until,
    const sigset_t *waitmask)
{
	uint64_t now = loop_now(), ms;

	pollset_clear(p);
	relay_fds(l->relay, p);
	ms = until > now ? until - now : 0;
	if (ms > LOOP_MAX_WAIT_MS)
		ms = LOOP_MAX_WAIT_MS;
	if (pollset_wait(p, ms, waitmask) != 0 && errno != EINTR) {
		log_error("poll: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* The relay alone, the core stopped, until more() says it is done or
 * until end. */
static void
loop_relay_until(const struct loop *l, int (*more)(const struct relay *),
    uint64_t end, const sigset_t *waitmask)
{
	struct pollset p;
	uint64_t now, until;

	relay_flush(l->relay, loop_now());
	while (more(l->relay) && (now = loop_now()) < end) {
		until = relay_next(l->relay, now);
		if (until > end)
			until = end;
		if (loop_wait(l, &p, until, waitmask) != 0)
			break;
		now = loop_now();
		relay_process(l->relay, &p, now);
		relay_flush(l->relay, now);
	}
}

/* The bot leaves, saying why in its QUIT.  The core stops first; what it
 * had said goes out, at the queue's rate, for up to LOOP_FLUSH_MS (a
 * refused move told to its player, the admins' alarm); then QUIT, and up
 * to LOOP_QUIT_MS for it to leave and for the server to close the
 * connection (relay_pending()). */
static void
loop_goodbye(const struct loop *l, const char *why, const sigset_t *waitmask)
{
	bot_stopping(l->bot);
	loop_relay_until(l, relay_unsent, loop_now() + LOOP_FLUSH_MS,
	    waitmask);
	relay_quit(l->relay, why);
	loop_relay_until(l, relay_pending, loop_now() + LOOP_QUIT_MS,
	    waitmask);
}

int
loop_run(const struct loop *l)
{
	sigset_t waitmask, orig;
	struct sigaction old[LOOP_NSIGS];
	struct pollset p;
	const char *why = NULL;
	uint64_t now, until, t;
	size_t i;
	int rc = 0, ready = 0;

	loop_stop = loop_hup = 0;
	loop_signals(&orig, &waitmask, old);
	while (!loop_stop) {
		if ((why = bot_must_stop(l->bot)) != NULL) {
			rc = bot_standby(l->bot) ? LOOP_STANDBY : -1;
			break;
		}
		if (bot_reload_wanted(l->bot) | loop_hup) {	/* both read */
			loop_hup = 0;
			loop_reload(l);
		}
		/* ready: p is relay_ready()'s, no wait. */
		if (!ready) {
			now = loop_now();
			until = bot_next_timer(l->bot);
			t = relay_next(l->relay, now);
			if (t < until)
				until = t;
			if (loop_publishes(l) && (t = publish_next(l->publish,
			    l->conf, now)) < until)
				until = t;
			if (loop_wait(l, &p, until, &waitmask) != 0) {
				rc = -1;
				break;
			}
		}
		now = loop_now();
		/* Whatever an event says is said in the language of whom
		 * it is for (bot/lib/lang.h); what is said for nobody in
		 * particular is in the default one, so no event leaves its
		 * language to the next. */
		lang_use_default();
		relay_process(l->relay, &p, now);
		lang_use_default();
		bot_tick(l->bot, now);
		lang_use_default();
		if (loop_publishes(l))
			publish_tick(l->publish, l->conf, l->bot, now);
		relay_flush(l->relay, now);
		ready = !ready && relay_ready(l->relay, &p);
	}
	/* The one line a stop logs: why, and the signal that asked. */
	if (loop_stop) {
		why = LOOP_OPERATOR;
		log_info("%s (%s)", why,
		    loop_stop == SIGINT ? "SIGINT" : "SIGTERM");
	} else if (why != NULL)
		log_info("stopping: %s", why);
	if (why != NULL)
		loop_goodbye(l, why, &waitmask);
	if (l->publish != NULL)
		publish_end(l->publish);
	/* As before: a standby's wait ends at SIGTERM (bot/main.c). */
	for (i = 0; i < LOOP_NSIGS; i++)
		sigaction(loop_sigs[i], &old[i], NULL);
	sigprocmask(SIG_SETMASK, &orig, NULL);
	return rc;
}
