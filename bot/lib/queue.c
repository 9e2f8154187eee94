/*
 * The outgoing line queue (queue.h): two lists of copied lines, urgent and
 * normal, each in the order pushed, in front of a token bucket
 * (bucket.c).  The next line is the urgent list's first, else the normal
 * list's first.  A normal line is moved into the urgent list, at the place
 * its number gives it (so both lists stay in push order), when
 *
 *   - an urgent line to the same nick is pushed: lines to one nick never
 *     overtake each other, so a player's prompt never arrives before what
 *     the bot told that player earlier; or
 *   - it has waited while QUEUE_PATIENCE lines were sent: however busy the
 *     channels are, a private line waits at most that many lines (and the
 *     urgent lines older than it).
 *
 * Refilling is computed lazily from the caller's clock whenever the
 * bucket is looked at, so the queue needs no timer of its own: the event
 * loop asks queue_next() when to come back.
 *
 * Merging is done when a channel line is handed out (queue_peek()), not
 * when lines are pushed: only then is it known that the line goes now,
 * and the lines queued after it for its channel by then go with it.  A
 * line merges only once the bucket has kept it waiting (its number is at
 * most q->waited), so lines that go out as soon as they are pushed, as
 * they do whenever the bot is not flooding, are never changed.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/xalloc.h"
#include "bot/lib/bucket.h"
#include "bot/lib/queue.h"

struct queue_line {
	struct queue_line *next;
	uint64_t seq;
	uint64_t popped_at;	/* lines sent before it was pushed */
	size_t len;		/* strlen(text) */
	size_t max;		/* the longest text may grow to by merging
				 * (text has room for it), 0: never merged */
	char text[];
};

struct queue_list {
	struct queue_line *head;
	struct queue_line *tail;
};

struct queue {
	struct queue_list lists[QUEUE_NPRIO];
	size_t length;
	struct bucket bucket;
	struct queue_line *peeked; /* the line queue_peek() handed out */
	uint64_t pushed;           /* the number of the last line pushed */
	uint64_t popped;           /* lines sent so far */
	uint64_t waited;           /* lines numbered up to this one have
				    * waited for the bucket */
	void (*on_pop)(void *arg, uint64_t now);
	void *on_pop_arg;
};

struct queue *
queue_new(int burst, int interval_ms)
{
	struct queue *q = xcalloc(1, sizeof *q);

	bucket_init(&q->bucket, burst, interval_ms);
	return q;
}

void
queue_free(struct queue *q)
{
	struct queue_line *l, *next;
	int p;

	if (q == NULL)
		return;
	for (p = 0; p < QUEUE_NPRIO; p++) {
		for (l = q->lists[p].head; l != NULL; l = next) {
			next = l->next;
			free(l);
		}
	}
	free(q);
}

void
queue_set_rate(struct queue *q, int burst, int interval_ms)
{
	bucket_set_rate(&q->bucket, burst, interval_ms);
}

/* The nick a PRIVMSG or NOTICE line is for (*len bytes), or NULL for any
 * other line and for lines to a channel. */
static const char *
queue_nick(const char *line, size_t *len)
{
	const char *t;

	if (strncmp(line, "PRIVMSG ", 8) == 0)
		t = line + 8;
	else if (strncmp(line, "NOTICE ", 7) == 0)
		t = line + 7;
	else
		return NULL;
	if (strchr("#&+!", *t) != NULL)
		return NULL;
	*len = strcspn(t, " ");
	return *len > 0 ? t : NULL;
}

/* The first parameter of line (*len bytes): the target of a PRIVMSG or
 * NOTICE, the channel of a JOIN or MODE; "" for a line without one. */
static const char *
queue_target(const char *line, size_t *len)
{
	const char *t = line + strcspn(line, " ");

	t += strspn(t, " ");
	*len = strcspn(t, " ");
	return t;
}

/* Whether line a and line b (bl bytes of it) are for the same target. */
static int
queue_same_target(const char *a, const char *b, size_t bl)
{
	size_t al;

	a = queue_target(a, &al);
	return al > 0 && al == bl && strncasecmp(a, b, al) == 0;
}

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
	t = queue_target(line, &len);
	if (len == 0 || strchr("#&+!", *t) == NULL)
		return 0;
	colon = t + len;
	if (strncmp(colon, " :", 2) != 0 || colon[2] == '\0' ||
	    colon[2] == '\001')
		return 0;
	*text_at = (size_t)(colon + 2 - line);
	return 1;
}

static void
queue_append(struct queue_list *list, struct queue_line *l)
{
	l->next = NULL;
	if (list->tail != NULL)
		list->tail->next = l;
	else
		list->head = l;
	list->tail = l;
}

/* Puts l into list at the place its number gives it. */
static void
queue_insert(struct queue_list *list, struct queue_line *l)
{
	struct queue_line **at = &list->head;

	while (*at != NULL && (*at)->seq < l->seq)
		at = &(*at)->next;
	l->next = *at;
	*at = l;
	if (l->next == NULL)
		list->tail = l;
}

/* Unlinks l, which follows prev (NULL: l is the head), from list. */
static void
queue_unlink(struct queue_list *list, struct queue_line *prev,
    struct queue_line *l)
{
	if (prev != NULL)
		prev->next = l->next;
	else
		list->head = l->next;
	if (list->tail == l)
		list->tail = prev;
	l->next = NULL;
}

/* Every normal line to the nick (len bytes) becomes urgent. */
static void
queue_promote_nick(struct queue *q, const char *nick, size_t len)
{
	struct queue_list *normal = &q->lists[QUEUE_NORMAL];
	struct queue_line *l, *prev = NULL, *next;
	const char *to;
	size_t n;

	for (l = normal->head; l != NULL; l = next) {
		next = l->next;
		to = queue_nick(l->text, &n);
		if (to == NULL || n != len || strncasecmp(to, nick, len) != 0) {
			prev = l;
			continue;
		}
		queue_unlink(normal, prev, l);
		queue_insert(&q->lists[QUEUE_URGENT], l);
	}
}

/* Normal lines that have waited while QUEUE_PATIENCE lines went become
 * urgent; the oldest are first in the list, so only the head is looked
 * at, until it is young enough. */
static void
queue_age(struct queue *q)
{
	struct queue_list *normal = &q->lists[QUEUE_NORMAL];
	struct queue_line *l;

	while ((l = normal->head) != NULL &&
	    q->popped - l->popped_at >= QUEUE_PATIENCE) {
		queue_unlink(normal, NULL, l);
		queue_insert(&q->lists[QUEUE_URGENT], l);
	}
}

/* Queues line at prio; it may grow by merging up to max bytes (0: it is
 * never merged). */
static uint64_t
queue_add(struct queue *q, enum queue_prio prio, const char *line,
    size_t max)
{
	size_t len = strlen(line), nlen;
	struct queue_line *l;
	const char *nick;

	assert(prio >= 0 && prio < QUEUE_NPRIO);
	assert(len <= QUEUE_LINE_MAX);
	assert(strpbrk(line, "\r\n") == NULL);

	if (max <= len)
		max = 0;
	l = xmalloc(sizeof *l + (max > 0 ? max : len) + 1);
	l->seq = ++q->pushed;
	l->popped_at = q->popped;
	l->len = len;
	l->max = max;
	memcpy(l->text, line, len + 1);

	if (prio == QUEUE_URGENT && (nick = queue_nick(line, &nlen)) != NULL)
		queue_promote_nick(q, nick, nlen);
	queue_append(&q->lists[prio], l);
	q->length++;
	return l->seq;
}

uint64_t
queue_push(struct queue *q, enum queue_prio prio, const char *line)
{
	return queue_add(q, prio, line, 0);
}

uint64_t
queue_push_chan(struct queue *q, enum queue_prio prio, const char *line,
    size_t room)
{
	size_t at;

	if (prio == QUEUE_FIRST || !queue_mergeable(line, &at) ||
	    room >= QUEUE_LINE_MAX)
		return queue_add(q, prio, line, 0);
	return queue_add(q, prio, line, QUEUE_LINE_MAX - room);
}

/* The tokens line spends: a JOIN two, as servers that weigh commands
 * (InspIRCd) count it, so the bucket stays within their limit when the
 * bot joins its channels, its burst all JOINs; any other line one. */
static int
queue_cost(const char *line)
{
	return strncmp(line, "JOIN ", 5) == 0 ? 2 : 1;
}

/* The line that goes next, once the bucket allows it, or NULL; *prio
 * (may be NULL) is its list. */
static struct queue_line *
queue_head(struct queue *q, int *prio)
{
	int p;

	queue_age(q);
	for (p = 0; p < QUEUE_NPRIO; p++) {
		if (q->lists[p].head != NULL) {
			if (prio != NULL)
				*prio = p;
			return q->lists[p].head;
		}
	}
	return NULL;
}

/* Whether l, whose text starts at at, can take along line x: x is a
 * mergeable line with the same command and target, and the merged line
 * is no longer than either of them may grow.  Between the two texts go
 * QUEUE_JOIN and, when l's text has colour or other formatting in it,
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
	return l->len + *reset + strlen(QUEUE_JOIN) + x->len - xat <= max;
}

/* l, the head of list prio, goes now after waiting for the bucket: it
 * takes along the lines queued after it for its channel while they fit
 * (queue_fits()), up to the first that does not or that cannot merge, so
 * that no line to the channel is overtaken.  Lines to the channel in
 * other lists (another priority) are never passed either. */
static void
queue_merge(struct queue *q, int prio, struct queue_line *l)
{
	struct queue_list *list = &q->lists[prio];
	struct queue_line *x, *prev, *next;
	uint64_t bound = UINT64_MAX;
	const char *t;
	size_t tl, at, reset;
	int p;

	if (l->max == 0 || l->seq > q->waited || !queue_mergeable(l->text, &at))
		return;
	t = queue_target(l->text, &tl);
	for (p = 0; p < QUEUE_NPRIO; p++) {
		if (p == prio)
			continue;
		for (x = q->lists[p].head; x != NULL; x = x->next) {
			if (x->seq > l->seq && x->seq < bound &&
			    queue_same_target(x->text, t, tl)) {
				bound = x->seq;
				break;	/* a list is in order of number */
			}
		}
	}
	for (prev = l, x = l->next; x != NULL && x->seq < bound; x = next) {
		next = x->next;
		if (!queue_same_target(x->text, t, tl)) {
			prev = x;
			continue;
		}
		if (!queue_fits(l, at, x, &reset))
			break;
		if (reset)
			l->text[l->len++] = '\017';
		memcpy(l->text + l->len, QUEUE_JOIN, strlen(QUEUE_JOIN));
		l->len += strlen(QUEUE_JOIN);
		memcpy(l->text + l->len, x->text + at, x->len - at + 1);
		l->len += x->len - at;
		queue_unlink(list, prev, x);
		free(x);
		q->length--;
	}
}

const char *
queue_peek(struct queue *q, uint64_t now)
{
	struct queue_line *l;
	int prio;

	q->peeked = NULL;
	if ((l = queue_head(q, &prio)) == NULL)
		return NULL;
	if (!bucket_ready(&q->bucket, now, queue_cost(l->text))) {
		/* Every line queued now waits behind the flood limit. */
		q->waited = q->pushed;
		return NULL;
	}
	queue_merge(q, prio, l);
	q->peeked = l;
	return l->text;
}

void
queue_pop(struct queue *q, uint64_t now)
{
	struct queue_line *l = q->peeked, *prev, *at;
	int p;

	assert(l != NULL);
	/* Usually a head, but a push in between may have moved it. */
	for (p = 0; p < QUEUE_NPRIO; p++) {
		for (prev = NULL, at = q->lists[p].head; at != NULL && at != l;
		    at = at->next)
			prev = at;
		if (at == l)
			break;
	}
	assert(p < QUEUE_NPRIO);
	queue_unlink(&q->lists[p], prev, l);
	for (p = queue_cost(l->text); p > 0; p--)
		bucket_charge(&q->bucket, now);
	free(l);
	q->peeked = NULL;
	q->length--;
	q->popped++;
	if (q->on_pop != NULL)
		q->on_pop(q->on_pop_arg, now);
}

uint64_t
queue_last(const struct queue *q)
{
	return q->pushed;
}

int
queue_sent(const struct queue *q, uint64_t seq)
{
	int p;

	for (p = 0; p < QUEUE_NPRIO; p++) {
		if (q->lists[p].head != NULL && q->lists[p].head->seq <= seq)
			return 0;
	}
	return 1;
}

void
queue_on_pop(struct queue *q, void (*fn)(void *arg, uint64_t now), void *arg)
{
	q->on_pop = fn;
	q->on_pop_arg = arg;
}

uint64_t
queue_next(struct queue *q, uint64_t now)
{
	struct queue_line *l = queue_head(q, NULL);

	if (l == NULL)
		return UINT64_MAX;
	return bucket_next(&q->bucket, now, queue_cost(l->text));
}

size_t
queue_length(const struct queue *q)
{
	return q->length;
}
