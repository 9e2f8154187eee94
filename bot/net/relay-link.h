/*
 * One connection's IRC, from the socket up: the code every server line
 * goes through after it is read, in the bot and in the transcript tests
 * alike.  A link is an IRC session (session.h) and a libircclient glue
 * (irc-glue.h) for one connection, and carries out what the session asks
 * for.
 *
 * A server line is sanitized (tags stripped, NUL and CR removed, cut to
 * 510 bytes) and parsed (ircline.h), shown to the session, and, unless it
 * was the session's alone, handed to libircclient through the glue, whose
 * events reach the core.  What the session asks for is done in its order:
 * lines to write at once are appended to the connection's output (to the
 * server), lines for the queue pushed at their priority, log lines logged,
 * "registered" reported to the core, "give up" returned to the caller.
 *
 * The link writes to no socket of the server's and reads no clock: the
 * relay (relay.h) reads the server, hands it the lines, and writes out what
 * it appended; the transcript harness (tests/lib/harness.c) does the same
 * with lines of its own and throws the output away.
 */
#ifndef RELAY_LINK_H
#define RELAY_LINK_H

#include <stddef.h>
#include <stdint.h>

#include "bot/lib/log.h"
#include "bot/lib/pollset.h"
#include "bot/net/ircline.h"
#include "bot/net/session.h"

struct conf;
struct irc_glue;
struct outbuf;
struct queue;

/* The core's entry points as the transport calls them: bot_connected(),
 * bot_disconnected() and bot_event() for the bot (relay_new()), a
 * recorder in tests; and where the session's log lines go (NULL:
 * log_at() at
 * the action's level).  A link calls connected, event and log; disconnected is the
 * relay's, which outlives links. */
struct relay_core {
	void (*connected)(void *arg, const char *nick, uint64_t now);
	void (*disconnected)(void *arg, uint64_t now);
	void (*event)(void *arg, const char *command, const char *origin,
	    const char **params, unsigned int count, uint64_t now);
	void (*log)(void *arg, enum log_level level, const char *line);
	void *arg;
};

struct relay_link {
	struct queue *queue;
	struct relay_core core;
	struct outbuf *to_server; /* the connection's output */
	struct session session;
	struct session_out out; /* the session's actions being done */
	struct irc_glue *glue;
	struct ircline msg; /* the server line being handled */
	char why[SESSION_TEXT_MAX];
};

/* A link for a connection up at now, on conf (which must outlive it),
 * queueing into q, reporting to core (copied) and writing to the server
 * into to_server (both stay the caller's): its registration is in
 * to_server already.  NULL and *cause (the caller frees it) when
 * libircclient or the system refuses a session. */
struct relay_link *relay_link_new(const struct conf *conf, struct queue *q,
    const struct relay_core *core, struct outbuf *to_server, uint64_t now,
    char **cause);
/* Closes the libircclient session; NULL does nothing. */
void relay_link_free(struct relay_link *l);

/* One line from the server (len bytes, without its line end).  0, or -1
 * when the connection must end (relay_link_why()). */
int relay_link_line(struct relay_link *l, const char *line, size_t len,
    uint64_t now);
/* Bytes came from the server at now: it is alive. */
void relay_link_heard(struct relay_link *l, uint64_t now);

/* 1 once the server has said 001: queued lines may go. */
int relay_link_ready(const struct relay_link *l);
/* When 001 came (with relay_link_ready()). */
uint64_t relay_link_ready_at(const struct relay_link *l);

/* When relay_link_tick() must run next, or UINT64_MAX. */
uint64_t relay_link_next(const struct relay_link *l);
/* The session's timers.  0, or -1 as relay_link_line(). */
int relay_link_tick(struct relay_link *l, uint64_t now);

/* QUIT has been sent: the session asks for nothing more. */
void relay_link_quit(struct relay_link *l);

/* libircclient's side, as irc_glue_fds(), irc_glue_process() and
 * irc_glue_flush(), failures in relay_link_why(): lines handed over in
 * one turn of the loop are written at its end and parsed in the next. */
void relay_link_fds(struct relay_link *l, struct pollset *p);
int relay_link_process(struct relay_link *l, const struct pollset *p,
    uint64_t now);
int relay_link_flush(struct relay_link *l);
/* As irc_glue_fed(). */
int relay_link_fed(struct relay_link *l, struct pollset *p);
/* For a caller with no loop (the transcript harness): libircclient
 * parses now what it was handed (irc_glue_pump()). */
int relay_link_pump(struct relay_link *l, uint64_t now);

/* Why the connection must end, once a call returned -1. */
const char *relay_link_why(const struct relay_link *l);

#endif
