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
#include <sys/select.h>

struct bot;
struct conf;
struct queue;
struct relay;

/* A relay for conf (read again at each connection, so a reloaded
 * configuration applies from the next one), sending from q and reporting
 * to b; all three stay the caller's.  It connects at the first
 * relay_process().  NULL and *cause (the TLS settings cannot be used) on
 * failure. */
struct relay *relay_new(
    const struct conf *conf, struct queue *q, struct bot *b, char **cause);
/* Closes every socket and the libircclient session; NULL does nothing. */
void relay_free(struct relay *r);

/* Adds the server's socket and libircclient's to the sets for select(). */
void relay_fds(struct relay *r, fd_set *in, fd_set *out, int *maxfd);

/* When the relay must run again even with no I/O: the next connection
 * attempt, a timeout, the queue's next line; UINT64_MAX for never. */
uint64_t relay_next(struct relay *r, uint64_t now);

/* Handles what select() reported in the sets (which relay_fds() filled):
 * connecting, the server's lines, libircclient's turn; then the timers of
 * the connection (the next attempt, connect and handshake timeouts) and
 * of the session (keepalive, SASL, ISON). */
void relay_process(struct relay *r, fd_set *in, fd_set *out, uint64_t now);

/* Writes to libircclient and to the server whatever may go now: bytes
 * left by a partial write first, then queued lines as the bucket allows. */
void relay_flush(struct relay *r, uint64_t now);

/* Whether the loop's next turn may go without its wait, and then the
 * sets that wait would have reported at once: when relay_flush() has just
 * written server lines to libircclient's socket (a line's way to the core
 * takes two turns, see relay-link.h) and nothing waits to be written, 1,
 * with libircclient's socket readable and the server's to be read (a
 * read that finds nothing is a wait that found nothing), so that what
 * arrived since is read before libircclient gets the lines, as it would
 * have been after a wait; else 0. */
int relay_ready(struct relay *r, fd_set *in, fd_set *out);

/* Sends "QUIT :reason" ahead of every queued line and stops sending from
 * the queue.  Nothing happens without a connection. */
void relay_quit(struct relay *r, const char *reason);

/* 1 while bytes wait to be written to the server. */
int relay_pending(const struct relay *r);

#endif
