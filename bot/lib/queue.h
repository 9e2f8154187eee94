/*
 * The outgoing line queue: every line the bot sends to the server waits
 * here and leaves at a rate the network tolerates, a token bucket of
 * `burst` lines refilled one token per `interval_ms` (bucket.h).  Every
 * line sent once registered goes through it, the relay's own answers to
 * the server (PONG, the keepalive PING, NICK) too, at QUEUE_FIRST: ahead
 * of everything, waiting only for a token (at most one interval), never
 * sent on credit past the bucket.
 *
 * A JOIN spends two tokens, as InspIRCd counts it (its penalty is 2).
 *
 * Lines are never dropped.  After the first, urgent lines (channel lines,
 * the current player's prompt) go before normal ones (other private
 * lines), with two exceptions that keep order and fairness:
 *
 *   - lines to one nick never overtake each other: an urgent line to a
 *     nick takes every normal line queued before it to that nick along;
 *   - no line starves: a normal line that has waited while QUEUE_PATIENCE
 *     lines were sent goes ahead of every urgent line pushed after it.
 *
 * Within each priority, lines keep the order they were pushed in.
 *
 * Channel lines pushed with queue_push_chan() are merged while they wait
 * behind the flood limit, to spend fewer of its tokens: when such a line
 * goes after the bucket once kept it waiting, it takes along the lines
 * queued after it for the same channel, with the same command, that fit
 * one line with it, joined by QUEUE_JOIN.  Merging never delays a line
 * (the lines taken along go sooner than they would have), never goes
 * past a line to that channel that cannot be taken along (so no target's
 * lines are reordered), and never touches other targets' lines, private
 * lines, lines of another command, CTCP lines or lines pushed with
 * queue_push(): QUEUE_FIRST lines and everything the relay sends.  A line
 * the bucket lets go at once is never held back to collect others.
 *
 * Lines are complete IRC lines without CR LF, at most QUEUE_LINE_MAX bytes,
 * with no CR, LF or NUL in them (the push asserts it: say.c and the relay
 * guarantee it).  The clock is the caller's, in milliseconds.
 */
#ifndef QUEUE_H
#define QUEUE_H

#include <stddef.h>
#include <stdint.h>

#define QUEUE_LINE_MAX 510	/* 512 with CR LF */
#define QUEUE_PATIENCE 8	/* lines sent while a normal line waits
				 * before it counts as urgent */
/* Between two channel texts merged into one line: a middle dot, which
 * no game text uses, reads as a pause in any UTF-8 client (the bot's
 * cards need UTF-8 anyway) and stands out less than a bar. */
#define QUEUE_JOIN " \xc2\xb7 "

enum queue_prio {
	QUEUE_FIRST,		/* the relay's PONG, keepalive PING, NICK */
	QUEUE_URGENT,		/* channel lines, prompts, JOIN, WHO */
	QUEUE_NORMAL,		/* everything else */
	QUEUE_NPRIO
};

struct queue;

/* A new empty queue with a full bucket. */
struct queue *queue_new(int burst, int interval_ms);
/* Frees q and every queued line; NULL does nothing. */
void queue_free(struct queue *q);
/* Changes the rate (a config reload); the bucket keeps its tokens, capped. */
void queue_set_rate(struct queue *q, int burst, int interval_ms);

/* Appends a copy of line at prio; returns its number (1, 2, 3, ... in
 * the order pushed, whatever the priority). */
uint64_t queue_push(struct queue *q, enum queue_prio prio, const char *line);
/* queue_push() for a PRIVMSG or NOTICE to a channel that may be merged
 * with the lines after it while it waits (above); room is what the
 * server puts before the line when it relays it (its prefix,
 * ":nick!user@host "), so that a merged line, relayed with its CR LF,
 * stays within 512 bytes.  Any other line is pushed as by queue_push().
 * The number returned is the line's own, merged or not: queue_sent()
 * says when its text has gone. */
uint64_t queue_push_chan(struct queue *q, enum queue_prio prio,
    const char *line, size_t room);
/* The number of the last line pushed, 0 before the first. */
uint64_t queue_last(const struct queue *q);
/* 1 when every line numbered up to seq has left the queue (queue_pop()),
 * that is, has been handed to the connection. */
int queue_sent(const struct queue *q, uint64_t seq);
/* Calls fn(arg, now) after every queue_pop() (one listener; NULL for
 * none): the core starts a turn's clock once its prompt has gone. */
void queue_on_pop(struct queue *q, void (*fn)(void *arg, uint64_t now),
    void *arg);

/* The line that may be sent at now, or NULL if the queue is empty or the
 * bucket is empty; the line stays queued until queue_pop(). */
const char *queue_peek(struct queue *q, uint64_t now);
/* Removes the line queue_peek() returned and spends a token. */
void queue_pop(struct queue *q, uint64_t now);
/* When the next line may go: now if one may go now, a later time if the
 * bucket must refill, UINT64_MAX if the queue is empty. */
uint64_t queue_next(struct queue *q, uint64_t now);

/* Lines waiting, at every priority (lines merged count as one). */
size_t queue_length(const struct queue *q);

#endif
