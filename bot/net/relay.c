/*
 * The relay (relay.h): the connection (net.h) and, while it is up, its IRC
 * (relay-link.h), driven by the loop; between them it moves server lines
 * up and queued lines down, and it ends a connection whichever layer
 * asks, telling the core.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/xalloc.h"
#include "bot/core/bot.h"
#include "bot/lib/log.h"
#include "bot/net/irc-glue.h"
#include "bot/net/net.h"
#include "bot/lib/queue.h"
#include "bot/net/relay-int.h"
#include "bot/net/relay.h"

static void
relay_bot_connected(void *arg, const char *nick, uint64_t now)
{
	bot_connected(arg, nick, now);
}

static void
relay_bot_disconnected(void *arg, uint64_t now)
{
	bot_disconnected(arg, now);
}

static void
relay_bot_event(void *arg, const char *command, const char *origin,
    const char **params, unsigned int count, uint64_t now)
{
	bot_event(arg, command, origin, params, count, now);
}

int
relay_reserve(char **cause)
{
	return irc_glue_reserve(cause);
}

void
relay_unreserve(void)
{
	irc_glue_unreserve();
}

struct relay *
relay_new(const struct conf *conf, struct queue *q, struct bot *b, char **cause)
{
	struct relay_core core = {relay_bot_connected,
	    relay_bot_disconnected, relay_bot_event, NULL, b};

	return relay_new_core(conf, q, &core, cause);
}

struct relay *
relay_new_core(const struct conf *conf, struct queue *q,
    const struct relay_core *core, char **cause)
{
	struct relay *r = xcalloc(1, sizeof *r);

	r->conf = conf;
	r->queue = q;
	r->core = *core;
	if ((r->net = net_new(conf, cause)) == NULL) {
		free(r);
		return NULL;
	}
	return r;
}

void
relay_free(struct relay *r)
{
	if (r == NULL)
		return;
	relay_link_free(r->link);
	net_free(r->net);
	free(r);
}

/* Ends the connection, whichever layer asked: its IRC first (the
 * libircclient session goes with it, and the lines read with it), then
 * the socket; the core is told if it had been registered.  A connection
 * registered for RELAY_STABLE_MS starts the backoff again.  After our
 * QUIT the end is the one asked for: no warning, and no next attempt. */
static void
relay_drop(struct relay *r, uint64_t now, const char *why)
{
	char copy[sizeof r->link->why];
	int ready = r->link != NULL && relay_link_ready(r->link);
	int stable = ready &&
	             now - relay_link_ready_at(r->link) >= RELAY_STABLE_MS;

	/* why may be the link's own, freed below. */
	snprintf(copy, sizeof copy, "%s", why);
	relay_link_free(r->link);
	r->link = NULL;
	if (r->quitting) {
		log_debug("disconnected after QUIT: %s", copy);
		net_end(r->net);
	} else
		net_drop(r->net, now, copy, stable);
	r->quitting = 0;
	if (ready)
		r->core.disconnected(r->core.arg, now);
}

/* The connection is up (TCP, and TLS if wanted): its IRC starts,
 * registration first. */
static void
relay_up(struct relay *r, uint64_t now)
{
	char *cause = NULL;

	r->link = relay_link_new(r->conf, r->queue, &r->core, &r->net->out,
	    now, &cause);
	if (r->link == NULL) {
		log_error("%s", cause);
		free(cause);
		relay_drop(r, now, "no libircclient session");
	}
}

/* What the connection reported. */
static void
relay_net_event(struct relay *r, enum net_event ev, uint64_t now)
{
	if (ev == NET_CAME_UP)
		relay_up(r, now);
	else if (ev == NET_FAILED)
		relay_drop(r, now, net_why(r->net));
}

/* What the server sent: each line of one read up through the link, until
 * one ends the connection (the rest go with it). */
static void
relay_read(struct relay *r, const struct pollset *p, uint64_t now)
{
	char *line;
	size_t len;
	int rc = net_read(r->net, p);

	if (rc < 0) {
		relay_drop(r, now, net_why(r->net));
		return;
	}
	if (rc == 0)
		return;
	relay_link_heard(r->link, now);
	while ((line = net_line(r->net, &len)) != NULL) {
		if (relay_link_line(r->link, line, len, now) != 0) {
			relay_drop(r, now, relay_link_why(r->link));
			return;
		}
	}
}

void
relay_fds(struct relay *r, struct pollset *p)
{
	net_fds(r->net, p);
	if (r->link != NULL)
		relay_link_fds(r->link, p);
}

uint64_t
relay_next(struct relay *r, uint64_t now)
{
	uint64_t t = net_next(r->net, now), q;

	if (r->link == NULL)
		return t;
	q = relay_link_next(r->link);
	if (q < t)
		t = q;
	if (relay_link_ready(r->link) && !r->quitting &&
	    net_pending(r->net) == 0) {
		q = queue_next(r->queue, now);
		if (q < t)
			t = q;
	}
	return t;
}

void
relay_process(struct relay *r, const struct pollset *p, uint64_t now)
{
	if (r->link == NULL)
		relay_net_event(r, net_process(r->net, p, now), now);
	else {
		relay_read(r, p, now);
		if (r->link != NULL &&
		    relay_link_process(r->link, p, now) != 0)
			relay_drop(r, now, relay_link_why(r->link));
	}
	relay_net_event(r, net_tick(r->net, now), now);
	if (r->link != NULL && relay_link_tick(r->link, now) != 0)
		relay_drop(r, now, relay_link_why(r->link));
}

void
relay_flush(struct relay *r, uint64_t now)
{
	const char *line;

	if (r->link == NULL)
		return;
	if (relay_link_flush(r->link) != 0) {
		relay_drop(r, now, relay_link_why(r->link));
		return;
	}
	for (;;) {
		if (net_pending(r->net) == 0) {
			if (!relay_link_ready(r->link) || r->quitting)
				break;
			line = queue_peek(r->queue, now);
			if (line == NULL)
				break;
			net_send(r->net, line, strlen(line));
			queue_pop(r->queue, now);
		}
		if (net_flush(r->net) != 0) {
			relay_drop(r, now, net_why(r->net));
			return;
		}
		if (net_pending(r->net) > 0)
			break;
	}
}

int
relay_ready(struct relay *r, struct pollset *p)
{
	if (r->link == NULL)
		return 0;
	pollset_clear(p);
	relay_fds(r, p);
	/* Bytes waiting for a socket to take them: only a wait knows when
	 * it can. */
	if (pollset_any_out(p))
		return 0;
	pollset_assume(p);
	return relay_link_fed(r->link, p);
}

void
relay_quit(struct relay *r, const char *reason)
{
	char line[IRCLINE_MAX + 1];
	int n;

	if (r->link == NULL)
		return;
	n = snprintf(line, sizeof line, "QUIT :%s", reason);
	if (n > 0 && (size_t)n < sizeof line && strpbrk(line, "\r\n") == NULL)
		net_send(r->net, line, (size_t)n);
	else
		log_warn("not sent: a line of ours would be too long");
	relay_link_quit(r->link);
	r->quitting = 1;
}

int
relay_unsent(const struct relay *r)
{
	return r->link != NULL && relay_link_ready(r->link) && !r->quitting &&
	       (queue_length(r->queue) > 0 || net_pending(r->net) > 0);
}

int
relay_pending(const struct relay *r)
{
	return r->link != NULL && (net_pending(r->net) > 0 || r->quitting);
}
