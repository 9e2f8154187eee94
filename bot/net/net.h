/*
 * The connection to the IRC server: the socket, TLS, the reconnection
 * backoff, and the bytes read and to be written.  It knows lines only as
 * far as splitting what it reads at LF (ircline.h's reader) and ending
 * what it writes with CR LF; what a line means is the session's
 * (session.h), and when to send what the relay's (relay.h), which
 * drives it.  It calls nothing above it.
 *
 * A connection goes WAITING -> CONNECTING (a non-blocking connect to each
 * address getaddrinfo gives, IPv4 or IPv6, in turn, NET_CONNECT_MS each)
 * -> HANDSHAKE (with server.tls only: TCP is up, the TLS handshake runs,
 * NET_CONNECT_MS or conf->dead_ms if sooner) -> UP, and back to WAITING at
 * net_drop(), with the next attempt after the backoff, or at net_end(),
 * with none (the bot has left).  Whether a
 * connection uses TLS is settled when it starts, and one that does never
 * sends a byte of IRC in plain text: no fallback.  The TLS context is made
 * again for each connection (a reload applies) and once in net_new(), so
 * that an unreadable CA file stops the bot at start.
 *
 * The configuration is read again at each connection, so a reloaded one
 * applies from the next.  Every call returns at once: the caller's
 * poll() loop waits, on what net_fds() asks for, until net_next().  The
 * socket's number may be any: nothing here uses select()'s sets.
 */
#ifndef NET_H
#define NET_H

#include <stddef.h>
#include <stdint.h>
#include "bot/lib/pollset.h"
#include "games/rng.h"
#include "bot/net/ircline.h"
#include "bot/net/outbuf.h"

struct addrinfo;
struct conf;
struct tls;
struct tls_ctx;

#define NET_CONNECT_MS 30000    /* per address, and the TLS handshake */
#define NET_WAIT_FLOOR_MS 1000  /* no reconnection wait is shorter */
#define NET_READ_MAX 4096       /* read at once */

enum net_state {
	NET_WAITING,    /* for the next attempt (net->retry_at) */
	NET_CONNECTING, /* TCP */
	NET_HANDSHAKE,  /* TCP is up, TLS is being set up */
	NET_UP          /* lines may pass */
};

/* What net_process() and net_tick() report. */
enum net_event {
	NET_QUIET,
	NET_CAME_UP, /* the connection is up, just now */
	NET_FAILED   /* it failed: net_why(), and net_drop() must follow */
};

/* Read it, never write it: the connection's own. */
struct net {
	const struct conf *conf;
	enum net_state state;
	int fd;
	struct tls_ctx *tls_ctx; /* NULL: plain text */
	struct tls *tls;         /* on fd, or NULL */
	struct addrinfo *addrs;  /* being tried, and the next one */
	struct addrinfo *addr;
	uint64_t deadline; /* of the connect or handshake in progress */
	uint64_t retry_at;
	int backoff_ms; /* the next wait before its jitter */
	struct rng rng; /* for the jitter */
	struct ircline_reader reader;
	char in[NET_READ_MAX]; /* read, not yet split into lines */
	size_t inoff, inlen;
	struct outbuf out;
	char why[800];
};

/* A connection for conf (read again at each attempt), to be made at the
 * first net_tick().  NULL and *cause (the caller frees it) when the TLS
 * settings cannot be used. */
struct net *net_new(const struct conf *conf, char **cause);
/* Closes the connection, saying goodbye to TLS; NULL does nothing. */
void net_free(struct net *n);

/* Asks p for the socket, for what it waits for (with TLS, what OpenSSL
 * waits for, which may be the other direction). */
void net_fds(const struct net *n, struct pollset *p);

/* When net_tick() must run, or now when TLS holds bytes already
 * decrypted (poll() cannot see them); UINT64_MAX for never. */
uint64_t net_next(const struct net *n, uint64_t now);

/* What the wait reported in p, while connecting or in the handshake. */
enum net_event net_process(struct net *n, const struct pollset *p,
    uint64_t now);

/* The timers: the next attempt when its time has come, a connect or a
 * handshake that took too long. */
enum net_event net_tick(struct net *n, uint64_t now);

/* Once UP: reads once, when the wait said so in p (or TLS holds bytes
 * already decrypted, or a read waited to write first), unless lines of
 * the last read are still to be taken.  1 if bytes came, 0 if none, -1
 * when the connection failed or the server closed it (net_why()). */
int net_read(struct net *n, const struct pollset *p);

/* The next whole line of what net_read() brought, without its line end
 * (it may hold NULs: *len says how long it is; a line with no LF within
 * IRCLINE_READ_MAX bytes is cut there), or NULL when none is left.  The
 * line stays valid until the next call. */
char *net_line(struct net *n, size_t *len);

/* Appends line (len bytes, without CR LF) to what waits to be written. */
void net_send(struct net *n, const char *line, size_t len);
/* Bytes waiting to be written. */
size_t net_pending(const struct net *n);
/* Writes what waits, as far as the socket takes it.  0, or -1 when the
 * connection failed (net_why()). */
int net_flush(struct net *n);

/* Ends the connection ("disconnected: why" in the log; why may be
 * net_why()) and sets the next attempt after the backoff ("reconnecting
 * in" it).  stable: the connection had been registered long enough that
 * the backoff starts again from its minimum. */
void net_drop(struct net *n, uint64_t now, const char *why, int stable);

/* Ends the connection for good, after the bot's QUIT: nothing in the
 * log, and no next attempt (net_next() is UINT64_MAX from now on). */
void net_end(struct net *n);

/* Why the last attempt, read or write failed. */
const char *net_why(const struct net *n);

/* One step of the reconnection backoff.  *base_ms is the wait before
 * jitter: it is first raised to lo and cut to hi (the settings may have
 * been reloaded), then the wait returned is it times a factor drawn from
 * rng in [0.8, 1.2], never above hi and never below NET_WAIT_FLOOR_MS;
 * *base_ms then doubles, up to hi.  Bots cut off together so do not all
 * come back at once. */
int net_backoff(int *base_ms, int lo, int hi, struct rng *rng);

#endif
