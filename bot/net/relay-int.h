/*
 * Inside the relay (relay.h): its state, and the seam its unit tests use
 * to stand in for the core.  Only bot/net/relay.c, tests/lib/relay-wire.c and
 * tests/unit/test-relay*.c include it.
 */
#ifndef RELAY_INT_H
#define RELAY_INT_H

#include "bot/net/relay-link.h"

struct conf;
struct net;
struct queue;

/* Registered this long, a connection that ends starts the backoff again
 * from its minimum. */
#define RELAY_STABLE_MS 60000

/* Each layer's state is its own: the relay holds only what spans them. */
struct relay {
	const struct conf *conf;
	struct queue *queue;
	struct relay_core core;
	struct net *net;         /* the connection, across reconnects */
	struct relay_link *link; /* this connection's IRC, while it is up */
	int quitting;            /* QUIT sent: nothing more from the queue */
};

/* A relay reporting to core (copied) instead of the bot: as relay_new(). */
struct relay *relay_new_core(const struct conf *conf, struct queue *q,
    const struct relay_core *core, char **cause);

#endif
