/*
 * Channel lines merged while they wait behind the flood limit (queue.h):
 * a channel's line that goes after the bucket kept it waiting takes along
 * the lines queued after it for the channel, joined by QUEUE_SEP, while
 * they fit.  Done when the line is handed out (queue_peek()): only then
 * is it known that it goes now, and the lines queued after it by then go
 * with it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/xalloc.h"
#include "bot/lib/queue-int.h"

/* Whether line is a PRIVMSG or NOTICE to a channel with a text that is no
 * CTCP request (an ACTION merged with other text would be garbled): the
 * only lines ever merged.  *text_at is where its text starts. */
static int
queue_mergeable(const char *line, size_t *text_at)
{
	const char *t, *colon;
	size_t len;

	if (strncmp(line, "PRIVMSG ", 8) != 0 &&
	    strncmp(line, "NOTICE ", 7) != 0)
		return 0;
	t = queue_target_of(line, &len);
	if (len == 0 || strchr("#&+!", *t) == NULL)
		return 0;
	colon = t + len;
	if (strncmp(colon, " :", 2) != 0 || colon[2] == '\0' ||
	    colon[2] == '\001')
		return 0;
	*text_at = (size_t)(colon + 2 - line);
	return 1;
}

size_t
queue_merge_max(const char *line, size_t room)
{
	size_t at;

	if (room >= QUEUE_LINE_MAX || !queue_mergeable(line, &at))
		return 0;
	return QUEUE_LINE_MAX - room;
}

/* Whether l, whose text starts at at, can take along line x: x is a
 * mergeable line with the same command and target, and the merged line
 * is no longer than either of them may grow.  Between the two texts go
 * QUEUE_SEP and, when l's text has colour or other formatting in it,
 * the code that ends it all (^O, *reset), so that none of it runs on
 * into x's text. */
static int
queue_fits(const struct queue_line *l, size_t at, const struct queue_line *x,
    size_t *reset)
{
	const char *p;
	size_t xat, max;

	if (x->max == 0 || !queue_mergeable(x->text, &xat) || xat != at ||
	    strncmp(l->text, x->text, at) != 0)
		return 0;
	*reset = 0;
	for (p = l->text + at; *p != '\0' && *reset == 0; p++)
		*reset = (unsigned char)*p < 0x20;
	max = l->max < x->max ? l->max : x->max;
	return l->len + *reset + strlen(QUEUE_SEP) + x->len - xat <= max;
}

/* Whether x waits for a line that is neither sent nor l. */
static int
queue_waits_apart(const struct queue *q, const struct queue_line *l,
    const struct queue_line *x)
{
	const struct queue_line *before = queue_line_of(q, x->after);

	return before != NULL && before != l;
}

/* l takes x, the line after it, along: x's text after l's, x's numbers
 * l's, the lines waiting on x waiting on l. */
static void
queue_take(struct queue *q, struct queue_line *l, size_t at, size_t reset,
    struct queue_line *x)
{
	struct queue_target *t = l->to;
	size_t i;

	if (reset)
		l->text[l->len++] = '\017';
	memcpy(l->text + l->len, QUEUE_SEP, strlen(QUEUE_SEP));
	l->len += strlen(QUEUE_SEP);
	memcpy(l->text + l->len, x->text + at, x->len - at + 1);
	l->len += x->len - at;

	l->merged = xreallocarray(l->merged, l->nmerged + 1 + x->nmerged,
	    sizeof *l->merged);
	queue_seq_move(q, x->seq, x, l);
	l->merged[l->nmerged++] = x->seq;
	for (i = 0; i < x->nmerged; i++) {
		queue_seq_move(q, x->merged[i], x, l);
		l->merged[l->nmerged++] = x->merged[i];
	}
	l->dependents += x->dependents;
	l->next = x->next;
	if (t->tail == x)
		t->tail = l;
	t->count[x->cls]--;
	q->length--;
	queue_line_free(x);
}

void
queue_merge(struct queue *q, struct queue_line *l)
{
	struct queue_line *x;
	size_t at, reset;

	if (!queue_mergeable(l->text, &at))
		return;
	/* Lines of other targets waiting on what l carries go before
	 * anything after it: so l takes nothing more once they exist. */
	while (l->dependents == 0 && (x = l->next) != NULL) {
		if (x->cls == QUEUE_LONG || queue_waits_apart(q, l, x) ||
		    !queue_fits(l, at, x, &reset))
			break;
		queue_take(q, l, at, reset, x);
	}
}
