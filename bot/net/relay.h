/*
 * The transport, composed: the relay drives the connection (net.h) and,
 * while it is up, that connection's IRC (relay-link.h: the session and
 * libircclient), and passes lines between them and the core.  It is the
 * only part of the transport that knows all of them, and none of them
 * calls it.
 *
 *   server -> core: each line the connection reads goes through the link
 *   (sanitized, parsed, shown to the session, rewritten for libircclient,
 *   whose events reach the core); the link may end the connection.
 *
 *   core -> server: the core pushes lines into the queue; they are
 *   written only once the server has said 001, only when the token bucket
 *   allows (queue_peek()) and the connection's output is empty, so the
 *   bucket paces the bot; a partial write keeps the rest.  The session's
 *   registration, and the final QUIT, are written ahead of the queue.
 *
 * When a connection ends, whichever layer asked (the connection failed, the
 * session gave up, libircclient stopped), its link goes with it, the core
 * is told (bot_disconnected()) if it had registered, and the connection
 * waits for its backoff, started again from its minimum when the
 * connection had stayed registered for RELAY_STABLE_MS.  Lines the core
 * queued meanwhile stay queued for the next one.
 */
#ifndef RELAY_H
#define RELAY_H

#include <stdint.h>

#include "bot/lib/pollset.h"

struct bot;
struct conf;
struct queue;
struct relay;

/* Holds a descriptor number below FD_SETSIZE for libircclient's socket
 * (irc-glue.h): call it first, before anything that lasts is opened.  0,
 * or -1 and *cause (the caller frees it) when every number below
 * FD_SETSIZE is taken (the bot's parent left them open). */
int relay_reserve(char **cause);
/* Gives that number back (the bot ends). */
void relay_unreserve(void);

/* A relay for conf (read again at each connection, so a reloaded
 * configuration applies from the next one), sending from q and reporting
 * to b; all three stay the caller's.  It connects at the first
 * relay_process().  NULL and *cause (the TLS settings cannot be used) on
 * failure. */
struct relay *relay_new(
    const struct conf *conf, struct queue *q, struct bot *b, char **cause);
/* Closes every socket and the libircclient session; NULL does nothing. */
void relay_free(struct relay *r);

/* Asks p for the server's socket and libircclient's pair (pollset.h:
 * poll(), any descriptor number). */
void relay_fds(struct relay *r, struct pollset *p);

/* When the relay must run again even with no I/O: the next connection
 * attempt, a timeout, the queue's next line; UINT64_MAX for never. */
uint64_t relay_next(struct relay *r, uint64_t now);

/* Handles what the wait reported in p (which relay_fds() filled):
 * connecting, the server's lines, libircclient's turn; then the timers of
 * the connection (the next attempt, connect and handshake timeouts) and
 * of the session (keepalive, SASL, ISON). */
void relay_process(struct relay *r, const struct pollset *p, uint64_t now);

/* Writes to libircclient and to the server whatever may go now: bytes
 * left by a partial write first, then queued lines as the bucket allows. */
void relay_flush(struct relay *r, uint64_t now);

/* Whether the loop's next turn may go without its wait, and then in p
 * what that wait would have reported at once: when relay_flush() has just
 * written server lines to libircclient's socket (a line's way to the core
 * takes two turns, see relay-link.h) and nothing waits to be written, 1,
 * with libircclient's socket readable and the server's to be read (a
 * read that finds nothing is a wait that found nothing), so that what
 * arrived since is read before libircclient gets the lines, as it would
 * have been after a wait; else 0. */
int relay_ready(struct relay *r, struct pollset *p);

/* 1 while the connection is registered, no QUIT sent, and lines wait in
 * the queue or bytes to be written: what the bot said before it stops,
 * which a goodbye sends first. */
int relay_unsent(const struct relay *r);

/* Sends "QUIT :reason" ahead of every queued line and stops sending from
 * the queue.  Nothing happens without a connection. */
void relay_quit(struct relay *r, const char *reason);

/* 1 while bytes wait to be written to the server, and after relay_quit()
 * until the server has closed the connection: a server answers QUIT by
 * closing, and a client that closes first may have its QUIT lost unread
 * (its unread input makes the kernel reset the connection), so that the
 * channel sees "Client closed connection" instead of the goodbye. */
int relay_pending(const struct relay *r);

#endif
