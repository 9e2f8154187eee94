/*
 * Inside the relay (relay.h): the state shared by relay.c (the connection,
 * its sockets, buffers and timers, the backoff, the dead-link check),
 * relay-line.c (the lines passed between the server and libircclient) and
 * relay-reg.c (registration: CAP, PASS/NICK/USER, nick fallbacks, taking
 * the primary nick back) and relay-sasl.c (SASL PLAIN, the NickServ
 * fallback), and the seams the relay's unit tests use.  Only bot/relay*.c
 * and tests/unit/test-relay*.c include it.
 */
#ifndef RELAY_INT_H
#define RELAY_INT_H

#include <stddef.h>
#include <stdint.h>

#include "../games/rng.h"
#include "ircline.h"

struct addrinfo;
struct conf;
struct irc_glue;
struct queue;
struct tls;
struct tls_ctx;

#define RELAY_CONNECT_MS 30000   /* per address, and the TLS handshake */
#define RELAY_STABLE_MS 60000    /* registered this long: reset backoff */
#define RELAY_WAIT_FLOOR_MS 1000 /* no reconnection wait is shorter */
#define RELAY_ISON_MS 60000      /* asking whether the primary nick is free */
#define RELAY_NICK_TRIES 30
#define RELAY_NICK_MAX 64
#define RELAY_CLIENT_MAX (4 * 1024 * 1024) /* unread by libircclient */
#define RELAY_SASL_MS 30000                /* for the server to finish SASL */
#define RELAY_SASL_CHUNK 400               /* base64 bytes per AUTHENTICATE */

enum relay_state {
	RELAY_WAITING,
	RELAY_CONNECTING,
	RELAY_HANDSHAKE, /* TCP is up, TLS is being set up */
	RELAY_REGISTERING,
	RELAY_READY
};

/* Where CAP negotiation is: it starts with the connection and is over at
 * CAP END, or when the server shows it has no CAP (421, or 001 first). */
enum relay_cap {
	RELAY_CAP_LS,   /* CAP LS 302 sent, collecting the offer */
	RELAY_CAP_REQ,  /* CAP REQ sent, waiting for ACK or NAK */
	RELAY_CAP_SASL, /* sasl enabled, AUTHENTICATE under way */
	RELAY_CAP_DONE
};

/* The core's entry points as the relay calls them: bot_connected(),
 * bot_disconnected() and bot_event() for the bot (relay_new()), a
 * recorder in unit tests. */
struct relay_core {
	void (*connected)(void *arg, const char *nick, uint64_t now);
	void (*disconnected)(void *arg, uint64_t now);
	void (*event)(void *arg, const char *command, const char *origin,
	    const char **params, unsigned int count, uint64_t now);
	void *arg;
};

/* Bytes waiting for a socket. */
struct relay_out {
	char *data;
	size_t off, len, cap;
};

struct relay {
	const struct conf *conf;
	struct queue *queue;
	struct relay_core core;
	enum relay_state state;
	unsigned int serial; /* of the current connection */

	int server_fd;
	struct tls_ctx *tls_ctx; /* NULL: plain text (fixed per connection) */
	struct tls *tls;         /* on server_fd, or NULL */
	struct addrinfo *addrs;  /* being tried, and the next one */
	struct addrinfo *addr;
	uint64_t deadline; /* of the connect or handshake in progress */
	uint64_t retry_at;
	int backoff_ms; /* the next wait before its jitter */
	struct rng rng; /* for the jitter */
	uint64_t ready_at;
	uint64_t last_rx; /* the last byte from the server */
	int pinged;
	int quitting;

	struct irc_glue *glue;
	int client_fd;

	struct ircline_reader from_server;
	struct ircline_reader from_client;
	struct relay_out to_server;
	struct relay_out to_client;

	/* registration (relay-reg.c) */
	enum relay_cap cap;
	unsigned int caps_offered; /* bits: indexes into the wanted table */
	unsigned int caps_enabled;
	int sasl_done;          /* logged in by SASL on this connection */
	uint64_t sasl_deadline; /* while r->cap is RELAY_CAP_SASL */
	char nick[RELAY_NICK_MAX + 1]; /* ours, or the one being tried */
	int nick_try;
	int nick_cut;        /* the server refused a long fallback */
	int primary_refused; /* 432 for the primary: stop asking for it */
	int regain_asked;    /* a NICK for the primary is on its way */
	uint64_t ison_at;    /* when to ask for the primary again */
	struct ircline msg;  /* the line being handled */
};

/* relay.c */

/* A relay reporting to core (copied) instead of the bot: as relay_new(). */
struct relay *relay_new_core(const struct conf *conf, struct queue *q,
    const struct relay_core *core, char **cause);

/* Appends line (len bytes, no CR LF) and CR LF to o. */
void relay_out_add(struct relay_out *o, const char *line, size_t len);

/* A line of the relay's own, written ahead of the queue: n is what
 * snprintf() returned for it.  A line that did not fit whole, or has CR
 * or LF, is refused (and logged), never cut. */
void relay_direct(struct relay *r, const char *line, int n);
/* A line of the relay's own that answers the server (a PONG, the
 * keepalive PING, NICK for the primary): once registered, at the head of
 * the queue (QUEUE_FIRST), so it waits for a token and never floods;
 * before, written at once, as registration is not paced: servers count a
 * client's lines once it is registered (InspIRCd treats a burst just
 * after 001 as one after a long silence).  n as for relay_direct(). */
void relay_direct_paced(struct relay *r, const char *line, int n);

/* Ends the connection; the next attempt waits for the backoff. */
void relay_drop(struct relay *r, uint64_t now, const char *why);

/* One step of the reconnection backoff.  *base_ms is the wait before
 * jitter: it is first raised to lo and cut to hi (the settings may have
 * been reloaded), then the wait returned is it times a factor drawn from
 * rng in [0.8, 1.2], never above hi and never below RELAY_WAIT_FLOOR_MS;
 * *base_ms then doubles, up to hi. */
int relay_backoff(int *base_ms, int lo, int hi, struct rng *rng);

/* relay-line.c */

/* One line (len bytes, without its line end) from the server: PING
 * answered, relay_reg_line() told, then passed on to libircclient.  It may
 * end the connection: the caller checks the serial. */
void relay_server_line(
    struct relay *r, const char *line, size_t len, uint64_t now);

/* One line from libircclient: its PASS, NICK and USER are dropped, a PONG
 * queued as urgent, anything else as normal. */
void relay_client_line(struct relay *r, const char *line, size_t len);

/* relay-reg.c */

/* The TCP connection is up: CAP LS 302, then PASS (when configured), NICK
 * and USER, all ahead of the queue. */
void relay_reg_start(struct relay *r);

/* What the relay itself does with a server line m: CAP negotiation, the
 * nick cascade before 001, 001 itself (bot_connected()), following our
 * nick, and taking the primary nick back.  1 if the line is the relay's
 * alone (CAP, and the 410/421 that answer a CAP) and must not reach
 * libircclient; 0 to pass it on.  It may end the connection: the caller
 * checks the serial. */
int relay_reg_line(struct relay *r, const struct ircline *m, uint64_t now);

/* When the relay-reg timers must run next (asking for the primary nick,
 * giving up on SASL), or UINT64_MAX. */
uint64_t relay_reg_next(const struct relay *r);

/* Runs them: while registered under another nick than the primary, every
 * RELAY_ISON_MS an ISON for it goes through the queue; SASL unfinished
 * after RELAY_SASL_MS fails. */
void relay_reg_timers(struct relay *r, uint64_t now);

/* Ends CAP negotiation: CAP END. */
void relay_cap_end(struct relay *r);

/* relay-sasl.c */

/* Whether the relay wants the sasl capability: a login is configured.
 * value is what the server's CAP LS gave after "sasl=" (len bytes, 0 when
 * there was none): a list of mechanisms, which must include PLAIN. */
int relay_sasl_wanted(const struct relay *r, const char *value, size_t len);

/* sasl was enabled: AUTHENTICATE PLAIN; CAP END waits for the outcome. */
void relay_sasl_start(struct relay *r, uint64_t now);

/* A line while SASL is under way (AUTHENTICATE, 900-908, a 421 for
 * AUTHENTICATE): 1 if it was SASL's, and must not reach libircclient.  On
 * the outcome, CAP END, or with sasl.on_failure "disconnect" the end of
 * the connection (the caller checks the serial). */
int relay_sasl_line(struct relay *r, const struct ircline *m, uint64_t now);

/* No answer within RELAY_SASL_MS: a failure. */
void relay_sasl_timeout(struct relay *r, uint64_t now);

/* 001: without a SASL login, IDENTIFY to the configured NickServ through
 * the queue (ahead of the core's JOINs). */
void relay_sasl_registered(struct relay *r);

#endif
