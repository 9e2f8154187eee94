/*
 * The outgoing queue: every line the bot sends to the server once it is
 * registered waits here and leaves at a rate the network tolerates, a
 * token bucket of `burst` lines refilled one token per `interval_ms`
 * (bucket.h).  That one pipe is shared by every channel and every
 * person, so the queue is a scheduler: nobody waits long behind someone
 * else's text (docs/transport.md, "The pipe").
 *
 * Lines are in classes, by what they are for (the caller says which):
 *
 *   QUEUE_FIRST  the relay's answers to the server (PONG, the keepalive
 *                PING, NICK): ahead of everything, waiting only for a
 *                token (at most one interval), never sent on credit;
 *   QUEUE_GAME   a game's lines: its channel lines, the prompt of the
 *                seat to act;
 *   QUEUE_REPLY  a short reply to a command (a line or two), the
 *                session's IDENTIFY, a CTCP answer;
 *   QUEUE_NEWS   a game's private lines to seats that need not act now:
 *                a card drawn, a hand changed, the other hands dealt;
 *   QUEUE_LONG   a line of a long text (a replay's page, help, rules):
 *                the core pushes one at a time per reader, the next when
 *                the queue reports it sent (queue_on_pop()), so a long
 *                text is pulled at the pipe's pace, never pushed whole;
 *   QUEUE_HOUSE  housekeeping of the channels joined: WHO, PART, ISON;
 *   QUEUE_JOIN   a JOIN (two tokens, as InspIRCd counts it).
 *
 * A class goes before the classes after it, but no class starves: a
 * class owed its turn goes next, REPLY once one line of another class
 * went while it waited (with game lines filling the pipe, a reply waits
 * for at most one of them), NEWS once two did, LONG, HOUSE and JOIN
 * once they have waited QUEUE_STARVE_MS without a line.  A long text's
 * line leaves QUEUE_RESERVE tokens in the bucket, but in a turn owed: it
 * goes as fast as the bucket refills when nothing else waits, and never
 * takes the burst that a move's lines and the replies go out in at once.
 * So a long text delays another line by at most one line's interval,
 * and is never held back for good.
 *
 * Within a class, targets take turns (round robin, a line a turn): a
 * target is what a line is sent to, the first parameter (a channel, a
 * nick; compared as the core compares nicks, ASCII case folded).  A
 * target's lines are in two flows, each in the order pushed: a game's
 * (GAME and NEWS: all a table says, its lobby's news too) and the
 * others (replies, long texts, housekeeping).  A flow goes in the turn
 * of the best class among its lines, so a prompt takes the news queued
 * before it to the same nick along.  A game's line never overtakes a
 * line of the other flow pushed before it (but a long text's, pulled a
 * line at a time): it waits for it.  A reply may go before the game's
 * lines queued before it, to be quick however busy the game is: it
 * answers with the state of now.
 *
 * A line may have to follow another line to some other target
 * (queue_how.after): a seat's prompt goes after the channel line of the
 * move that caused it, a hand after the line that dealt it.  Its target
 * waits until that line has gone.
 *
 * Channel lines pushed with queue_how.room are merged while they wait
 * behind the flood limit, to spend fewer tokens: when such a line goes
 * after the bucket once kept it waiting, it takes along the lines queued
 * after it for its channel with the same command that fit one line with
 * it, joined by QUEUE_SEP.  Merging never delays a line (those taken
 * along go sooner than they would have), never changes the order of a
 * target's lines, stops at the first line it cannot take (a CTCP
 * request, another command, a line without room, a long text's line, a
 * line waiting for another), and stops once what it carries has lines
 * of other targets waiting on it: those go first, so a prompt is never
 * read after the channel text of a later move.  A line the bucket lets
 * go at once is never held back to collect others.
 *
 * Lines are never dropped.  Each is a complete IRC line without CR LF,
 * at most QUEUE_LINE_MAX bytes, with no CR, LF or NUL (the push asserts
 * it: say.c and the relay guarantee it).  The clock is the caller's, in
 * milliseconds.
 */
#ifndef QUEUE_H
#define QUEUE_H

#include <stddef.h>
#include <stdint.h>

#define QUEUE_LINE_MAX 510	/* 512 with CR LF */
/* How long a line of class LONG, HOUSE or JOIN may wait, the pipe busy
 * with the classes before it, before its class is owed a turn. */
#define QUEUE_STARVE_MS 60000
/* Tokens a long text's line leaves in the bucket (as many as the burst
 * has): a move's channel line, its prompt and a line of news, at once. */
#define QUEUE_RESERVE 3
/* Between two channel texts merged into one line: a middle dot, which
 * no game text uses, reads as a pause in any UTF-8 client (the bot's
 * cards need UTF-8 anyway) and stands out less than a bar. */
#define QUEUE_SEP " \xc2\xb7 "

enum queue_class {
	QUEUE_FIRST,
	QUEUE_GAME,
	QUEUE_REPLY,
	QUEUE_NEWS,
	QUEUE_LONG,
	QUEUE_HOUSE,
	QUEUE_JOIN,
	QUEUE_NCLASS
};

struct queue;

/* How a line is pushed, beyond its class: all zero for a plain line. */
struct queue_how {
	/* A PRIVMSG or NOTICE to a channel that may be merged with the
	 * lines after it while it waits: room is what the server puts
	 * before the line when it relays it (its prefix, ":nick!user@host
	 * "), so that a merged line, relayed with its CR LF, stays within
	 * 512 bytes.  0: never merged. */
	size_t room;
	/* The number of a line (queue_push()'s) that must have gone before
	 * this one, or 0. */
	uint64_t after;
};

/* What a line sent (or about to be) is: queue_peeked(), queue_on_pop().
 * The pointers hold until the queue changes. */
struct queue_sent {
	enum queue_class cls;		/* the class it was pushed at */
	const char *text;
	const char *target;		/* its first parameter, tlen bytes */
	size_t tlen;
	uint64_t seq;			/* its number */
	const uint64_t *merged;		/* the numbers of the lines it took */
	size_t nmerged;			/* along */
};

/* A new empty queue with a full bucket. */
struct queue *queue_new(int burst, int interval_ms);
/* Frees q and every queued line; NULL does nothing. */
void queue_free(struct queue *q);
/* Changes the rate (a config reload); the bucket keeps its tokens, capped. */
void queue_set_rate(struct queue *q, int burst, int interval_ms);

/* Appends a copy of line at cls; returns its number (1, 2, 3, ... in
 * the order pushed, whatever the class). */
uint64_t queue_push(struct queue *q, enum queue_class cls, const char *line);
/* The same, pushed as how says (NULL: as queue_push()).  A room on a
 * line that is not a PRIVMSG or NOTICE to a channel (or a CTCP request,
 * or a QUEUE_FIRST or QUEUE_LONG line) is ignored; an after naming a
 * line already gone (or 0) is none. */
uint64_t queue_push_how(struct queue *q, enum queue_class cls,
    const char *line, const struct queue_how *how);
/* The number of the last line pushed, 0 before the first. */
uint64_t queue_last(const struct queue *q);
/* 1 when line seq has left the queue (queue_pop()), on its own or taken
 * along by another, or was never in it (0 too); else 0. */
int queue_sent(const struct queue *q, uint64_t seq);
/* Calls fn(arg, now, what) after every queue_pop(), with what was sent
 * (one listener; NULL for none): the core starts a turn's clock once its
 * prompt has gone, and pulls a long text's next line.  fn may push. */
void queue_on_pop(struct queue *q,
    void (*fn)(void *arg, uint64_t now, const struct queue_sent *what),
    void *arg);

/* The line that may be sent at now, or NULL if the queue is empty or the
 * bucket is empty; the line stays queued until queue_pop(). */
const char *queue_peek(struct queue *q, uint64_t now);
/* What the last queue_peek() returned (it must have returned a line). */
void queue_peeked(const struct queue *q, struct queue_sent *what);
/* Removes the line queue_peek() returned and spends its tokens. */
void queue_pop(struct queue *q, uint64_t now);
/* When the next line may go: now if one may go now, a later time if the
 * bucket must refill, UINT64_MAX if the queue is empty. */
uint64_t queue_next(struct queue *q, uint64_t now);

/* Lines waiting, of every class (lines merged count as one). */
size_t queue_length(const struct queue *q);

#endif
