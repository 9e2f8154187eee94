/*
 * The outgoing queue's lines (queue-int.h): what they are sent to, and
 * finding one still waiting by its number.  Below queue-merge.c and
 * queue.c, which both use them.
 */
#include <stdint.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "bot/lib/queue-int.h"

void
queue_line_free(struct queue_line *l)
{
	free(l->merged);
	free(l);
}

/* The first parameter of line (*len bytes): the target of a PRIVMSG or
 * NOTICE, the channel of a JOIN, WHO or PART; "" for a line without one. */
const char *
queue_target_of(const char *line, size_t *len)
{
	const char *t = line + strcspn(line, " ");

	t += strspn(t, " ");
	*len = *t == ':' ? 0 : strcspn(t, " ");
	return t;
}

/* FNV-1a over the name in ASCII lower case, as the core compares nicks
 * (bot/core/nick.c). */
uint32_t
queue_fold(const char *name, size_t len)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (uint32_t)tolower((unsigned char)name[i]);
		h *= 16777619u;
	}
	return h;
}

int
queue_same_name(const char *a, size_t al, const char *b, size_t bl)
{
	return al == bl && strncasecmp(a, b, al) == 0;
}

/* The key a line's number is kept under in q->lines. */
static uint32_t
queue_seq_key(uint64_t seq)
{
	return (uint32_t)(seq ^ (seq >> 32));
}

/* Whether line l is seq, or took seq along. */
static int
queue_line_is(const struct queue_line *l, uint64_t seq)
{
	size_t i;

	if (l->seq == seq)
		return 1;
	for (i = 0; i < l->nmerged; i++) {
		if (l->merged[i] == seq)
			return 1;
	}
	return 0;
}

struct queue_line *
queue_line_of(const struct queue *q, uint64_t seq)
{
	struct hash_walk w;
	struct queue_line *l;

	if (seq == 0)
		return NULL;
	for (l = hash_first(&q->lines, queue_seq_key(seq), &w); l != NULL;
	    l = hash_next(&w)) {
		if (queue_line_is(l, seq))
			return l;
	}
	return NULL;
}

void
queue_seq_move(struct queue *q, uint64_t seq, struct queue_line *from,
    struct queue_line *to)
{
	if (from != NULL)
		hash_remove(&q->lines, queue_seq_key(seq), from);
	if (to != NULL)
		hash_add(&q->lines, queue_seq_key(seq), to);
}

