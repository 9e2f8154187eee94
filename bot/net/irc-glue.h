/*
 * The libircclient glue: the only code that includes libircclient.h.
 *
 * One glue is one libircclient session for one server connection (a
 * reconnect makes a fresh one).  The session never talks to the real
 * server: its socket is one end of a Unix socket pair whose other end the
 * glue holds.  Server lines come in parsed (irc_glue_put()), are rewritten
 * so that libircclient cannot mishandle them (irc-feed.h), and are written
 * to the pair; libircclient parses them in its turn of the loop and every
 * event it makes of them goes to a sink (the relay's: the core's
 * bot_event()) under its IRC command name and with its parameters as they
 * came.  What libircclient writes back is its own registration, which is
 * dropped; anything else it ever wrote would go through the queue (a PONG
 * urgent, the rest normal).
 *
 * The session is told a nick of "*", which no target on any network can
 * start with.  libircclient decides by a prefix match on that nick whether
 * a PRIVMSG or NOTICE is private and whether a MODE is a user mode; with
 * "*" it never matches, so every message arrives with its target untouched
 * and the core decides by the target.  A CTCP ACTION reaches the sink as
 * the PRIVMSG it was ("\001ACTION text\001"); any other CTCP request as a
 * "CTCP" event with its text alone (libircclient drops its target), so
 * libircclient's own replies never fire and the core answers
 * (bot/core/ctcp.c).  Not forwarded: event_connect (the 001 numeric is
 * forwarded, and the session above has already reported it) and CTCP
 * replies.
 *
 * The bot never sends through libircclient: its lines go straight into
 * the queue.  That sidesteps the library's 1024-byte output buffer and its
 * use of our strings as printf formats.
 *
 * libircclient's API is select()'s (irc_add_select_descriptors(),
 * irc_process_select_descriptors()), whose sets hold descriptors below
 * FD_SETSIZE (1024) only: glibc aborts the program on FD_SET() of a
 * higher one.  So its socket's number is kept below FD_SETSIZE whatever
 * the bot's parent left open: a spare descriptor below it is held (on
 * /dev/null) from the start (irc_glue_reserve()), given up just before
 * irc_connect() makes its socket, which then takes that number or a lower
 * one, and taken again when the session is destroyed.  Only this number
 * ever goes into a set; the rest of the bot waits with poll(), on any
 * number (pollset.h).
 */
#ifndef IRC_GLUE_H
#define IRC_GLUE_H

#include <stddef.h>
#include <stdint.h>

#include "bot/lib/pollset.h"
#include "bot/net/irc-feed.h"

struct irc_glue;
struct ircline;
struct queue;

/* The most bytes that may wait for libircclient: past it, libircclient
 * has stopped reading and the connection is given up. */
#define IRC_GLUE_WAITING_MAX (4 * 1024 * 1024)

/* Where the glue sends every event: bot_event()'s shape, with arg first. */
struct irc_sink {
	void (*event)(void *arg, const char *command, const char *origin,
	    const char **params, unsigned int count, uint64_t now);
	void *arg;
};

/* Holds the spare descriptor below FD_SETSIZE for libircclient's socket,
 * unless it is held already: call it first thing, before the bot opens
 * anything that lasts, since it takes the lowest number free.  0, or -1
 * and *cause (the caller frees it) when no number below FD_SETSIZE is
 * free (the parent left that many open). */
int irc_glue_reserve(char **cause);
/* Closes the spare descriptor, if held (the bot ends). */
void irc_glue_unreserve(void);

/* A new session forwarding events to sink (copied), and what libircclient
 * sends to q (which stays the caller's); its socket below FD_SETSIZE,
 * from the spare (irc_glue_reserve(), called here if it was not).  NULL
 * and *cause (the caller frees it) if libircclient or the system refuses,
 * or no number below FD_SETSIZE is free. */
struct irc_glue *irc_glue_new(const struct irc_sink *sink, struct queue *q,
    char **cause);
/* Destroys the session and closes both ends of its socket pair, taking
 * the spare descriptor again with the number it frees; NULL does
 * nothing. */
void irc_glue_free(struct irc_glue *g);

/* One server line for libircclient: what irc_feed() makes of m waits to be
 * written (irc_glue_flush()); m is left as it came.  0, or -1 when more
 * than IRC_GLUE_WAITING_MAX bytes wait (irc_glue_why()). */
int irc_glue_put(struct irc_glue *g, struct ircline *m);

/* Asks p for both ends of the socket pair: ours, and libircclient's for
 * what libircclient waits for. */
void irc_glue_fds(struct irc_glue *g, struct pollset *p);

/* What the wait reported in p: reads the lines libircclient wrote, then
 * lets libircclient read and parse what it was given (its socket's state
 * handed over in select()'s sets), its events reaching the sink with now
 * (the monotonic clock in ms).  0, or -1 when the session is over
 * (irc_glue_why()). */
int irc_glue_process(struct irc_glue *g, const struct pollset *p,
    uint64_t now);

/* Writes what waits for libircclient, as far as its socket takes it.  0,
 * or -1 when libircclient closed it. */
int irc_glue_flush(struct irc_glue *g);

/* For a caller with no loop of its own (the transcript harness): flushes
 * and lets libircclient process until it has parsed everything given to
 * it, as turns of the loop would.  0 or -1 as irc_glue_process(). */
int irc_glue_pump(struct irc_glue *g, uint64_t now);

/* For a turn of the loop with no wait (relay_ready()): 1 when the last
 * irc_glue_flush() wrote lines that libircclient has not been given its
 * turn to read since, so its socket is readable with no need to ask; then
 * our end of the pair is no longer reported readable in p (what
 * libircclient writes, which in practice it does only while registering,
 * is read at the next wait). */
int irc_glue_fed(struct irc_glue *g, struct pollset *p);

/* Bytes waiting for libircclient. */
size_t irc_glue_waiting(const struct irc_glue *g);

/* Why the glue failed, once a call returned -1. */
const char *irc_glue_why(const struct irc_glue *g);

#endif
