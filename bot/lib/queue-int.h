/*
 * The outgoing queue's structures, shared by queue-line.c (lines, their
 * targets and numbers), queue-merge.c (channel lines merged while they
 * wait) and queue.c (the scheduler), each calling only those before it.
 * Nothing else includes this: the rest of the bot sees queue.h.
 */
#ifndef QUEUE_INT_H
#define QUEUE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "bot/lib/bucket.h"
#include "bot/lib/hash.h"
#include "bot/lib/queue.h"

/* Where a target is besides a class's ring (queue_target.where). */
#define QUEUE_BLOCKED (QUEUE_NCLASS + 1)
#define QUEUE_NOWHERE (QUEUE_NCLASS + 2)

struct queue_target;

struct queue_line {
	struct queue_line *next;	/* its target's next, or QUEUE_FIRST's */
	struct queue_target *to;	/* NULL for a QUEUE_FIRST line */
	uint64_t seq;
	uint64_t after;			/* a line to follow, or 0 */
	uint64_t *merged;		/* the numbers of the lines it took */
	size_t nmerged;			/* along */
	unsigned dependents;		/* lines pushed to follow it (or one
					 * it took along) */
	enum queue_class cls;
	size_t len;			/* strlen(text) */
	size_t max;			/* the longest text may grow to by
					 * merging (text has room for it), 0:
					 * never merged */
	char text[];
};

/* One flow of lines to a target (a channel, a nick): its game's lines,
 * or all the others; each target has up to two, siblings. */
struct queue_target {
	struct queue_target *prev, *next;	/* in its ring (circular) or
						 * the blocked list */
	struct queue_target *sibling;		/* the target's other flow,
						 * or NULL */
	int game;				/* the flow of QUEUE_GAME and
						 * QUEUE_NEWS */
	struct queue_line *head, *tail;		/* its lines, in push order */
	unsigned count[QUEUE_NCLASS];		/* of them, in each class */
	int where;			/* the ring (a class) it is in,
					 * QUEUE_BLOCKED or QUEUE_NOWHERE */
	uint32_t fold;			/* its name's hash, folded */
	size_t len;
	char name[];			/* as the first line had it */
};

/* A class's targets with a line ready, served in turn from cur. */
struct queue_ring {
	struct queue_target *cur;
	size_t n;
};

struct queue {
	struct bucket bucket;
	struct {
		struct queue_line *head, *tail;
	} first;			/* QUEUE_FIRST, in push order */
	struct queue_ring rings[QUEUE_NCLASS];
	struct {
		struct queue_target *head, *tail;
	} blocked;			/* targets waiting on another's line,
					 * in the order they began to */
	unsigned starve[QUEUE_NCLASS];	/* lines of other classes sent while
					 * news or a reply waited */
	uint64_t since[QUEUE_NCLASS];	/* since when a class after
					 * QUEUE_REPLY has had a line ready
					 * and sent none; 0: not waiting */
	struct hash targets;		/* queue_target by folded name */
	struct hash lines;		/* every line not yet sent, by number
					 * (a merged number: the line that took
					 * it along) */
	size_t length;
	struct queue_line *peeked;	/* the line queue_peek() handed out */
	int peeked_cls;			/* ... in the turn of this class */
	uint64_t pushed;		/* the number of the last line pushed */
	uint64_t waited;		/* lines numbered up to this one have
					 * waited for the bucket */
	void (*on_pop)(void *arg, uint64_t now, const struct queue_sent *what);
	void *on_pop_arg;
};

/* queue-line.c */
void queue_line_free(struct queue_line *l);
/* The first parameter of line (*len bytes; 0 when there is none). */
const char *queue_target_of(const char *line, size_t *len);
/* A name's hash, its case folded as the core folds nicks. */
uint32_t queue_fold(const char *name, size_t len);
/* Whether two names are one, case folded. */
int queue_same_name(const char *a, size_t al, const char *b, size_t bl);
/* The line not yet sent that is seq or took it along, or NULL. */
struct queue_line *queue_line_of(const struct queue *q, uint64_t seq);
/* Number seq is kept under line to instead of from (from NULL: a new
 * line; to NULL: forgotten, it was sent). */
void queue_seq_move(struct queue *q, uint64_t seq, struct queue_line *from,
    struct queue_line *to);

/* queue-merge.c */
/* The longest line may grow to by merging, for a server prefix of room
 * bytes: 0 when it may never merge (no PRIVMSG or NOTICE to a channel,
 * a CTCP request, no room left). */
size_t queue_merge_max(const char *line, size_t room);
/* l, the first line of its target, goes now after waiting for the
 * bucket: it takes along the lines after it that it can (queue.h). */
void queue_merge(struct queue *q, struct queue_line *l);

#endif
