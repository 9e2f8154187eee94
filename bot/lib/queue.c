/*
 * The outgoing queue (queue.h): a scheduler in front of a token bucket
 * (bucket.c).
 *
 * Every line but QUEUE_FIRST's belongs to a target (struct queue_target,
 * found by its folded name in q->targets), which keeps its lines in the
 * order pushed.  A target is in one of three places: the ring of the best
 * class among its lines (QUEUE_GAME is best), whose round robin serves it
 * a line a turn; the blocked list, while its first line waits for a line
 * of another target (queue_how.after); or nowhere, once it has no line
 * left (it is then freed).  Every line not yet sent is also in q->lines
 * under its number, and so is every line merged into another (under its
 * own number, pointing at the line that took it along), so that whether
 * a line has gone, and which line a line must follow, are one lookup.
 *
 * Choosing the next line (queue_choose()): the first QUEUE_FIRST line;
 * else the best class owed a turn (queue_owed()); else the best class
 * with a line ready.  In that class's ring, the target
 * whose turn it is.  Lines merge when a line is handed out (queue_peek()),
 * as only then is it known that it goes now: queue-merge.c.
 *
 * Refilling is computed lazily from the caller's clock whenever the
 * bucket is looked at, so the queue needs no timer of its own: the event
 * loop asks queue_next() when to come back.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/xalloc.h"
#include "bot/lib/queue-int.h"

/* Lines of other classes that go while a line of QUEUE_REPLY or
 * QUEUE_NEWS is ready before its class is owed a turn; 0: counted in
 * time instead (QUEUE_STARVE_MS), or, for QUEUE_GAME, never owed. */
static const unsigned queue_patience[QUEUE_NCLASS] = {
	[QUEUE_NEWS] = 2, [QUEUE_REPLY] = 1,
};

/* Whether class c's turn is owed at now: by its patience in lines, or
 * for the classes after QUEUE_NEWS once they have had a line ready
 * QUEUE_STARVE_MS without sending any. */
static int
queue_owed(const struct queue *q, int c, uint64_t now)
{
	if (queue_patience[c] > 0)
		return q->starve[c] >= queue_patience[c];
	return c > QUEUE_NEWS && q->since[c] != 0 &&
	    now >= q->since[c] + QUEUE_STARVE_MS;
}

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
	struct queue_target *t;
	struct queue_line *l, *next;
	size_t pos = 0;

	if (q == NULL)
		return;
	for (l = q->first.head; l != NULL; l = next) {
		next = l->next;
		queue_line_free(l);
	}
	while ((t = hash_each(&q->targets, &pos)) != NULL) {
		for (l = t->head; l != NULL; l = next) {
			next = l->next;
			queue_line_free(l);
		}
		free(t);
	}
	hash_free(&q->targets);
	hash_free(&q->lines);
	free(q);
}

void
queue_set_rate(struct queue *q, int burst, int interval_ms)
{
	bucket_set_rate(&q->bucket, burst, interval_ms);
}

/* The first line of flow t that a game's line must wait for: any but a
 * long text's (a game's line may overtake that, pulled a line at a
 * time); NULL when none. */
static const struct queue_line *
queue_holding(const struct queue_target *t)
{
	const struct queue_line *l;

	for (l = t->head; l != NULL && l->cls == QUEUE_LONG; l = l->next)
		;
	return l;
}

/* Whether t's first line waits: for a line not yet sent that it must
 * follow, or, in a game's flow, for a line of the other flow of its
 * target pushed before it (a reply, a JOIN): a game's line never
 * overtakes those. */
static int
queue_blocked(const struct queue *q, const struct queue_target *t)
{
	const struct queue_line *l;

	if (t->head->after != 0 && queue_line_of(q, t->head->after) != NULL)
		return 1;
	return t->game && t->sibling != NULL &&
	    (l = queue_holding(t->sibling)) != NULL && l->seq < t->head->seq;
}

/* The best class among t's lines. */
static int
queue_best(const struct queue_target *t)
{
	int c;

	for (c = QUEUE_GAME; c < QUEUE_NCLASS; c++) {
		if (t->count[c] > 0)
			return c;
	}
	return QUEUE_NCLASS;
}

/* Takes t out of the ring or the blocked list it is in. */
static void
queue_unplace(struct queue *q, struct queue_target *t)
{
	struct queue_ring *r;

	if (t->where == QUEUE_NOWHERE)
		return;
	if (t->where == QUEUE_BLOCKED) {
		if (t->prev != NULL)
			t->prev->next = t->next;
		else
			q->blocked.head = t->next;
		if (t->next != NULL)
			t->next->prev = t->prev;
		else
			q->blocked.tail = t->prev;
	} else {
		r = &q->rings[t->where];
		if (--r->n == 0)
			r->cur = NULL;
		else {
			t->prev->next = t->next;
			t->next->prev = t->prev;
			if (r->cur == t)
				r->cur = t->next;
		}
	}
	t->prev = t->next = NULL;
	t->where = QUEUE_NOWHERE;
}

/* Puts t where its lines say: freed when it has none, blocked while its
 * first line waits, else last in the ring of its best class (the round
 * under way serves it after the others). */
static void
queue_place(struct queue *q, struct queue_target *t)
{
	struct queue_ring *r;
	int c;

	if (t->head == NULL) {
		queue_unplace(q, t);
		hash_remove(&q->targets, t->fold, t);
		if (t->sibling != NULL)
			t->sibling->sibling = NULL;
		free(t);
		return;
	}
	if (queue_blocked(q, t)) {
		if (t->where == QUEUE_BLOCKED)
			return;
		queue_unplace(q, t);
		t->where = QUEUE_BLOCKED;
		t->next = NULL;
		t->prev = q->blocked.tail;
		if (q->blocked.tail != NULL)
			q->blocked.tail->next = t;
		else
			q->blocked.head = t;
		q->blocked.tail = t;
		return;
	}
	if ((c = queue_best(t)) == t->where)
		return;
	queue_unplace(q, t);
	r = &q->rings[c];
	t->where = c;
	if (r->n++ == 0) {
		t->prev = t->next = t;
		r->cur = t;
	} else {
		t->next = r->cur;
		t->prev = r->cur->prev;
		t->prev->next = t;
		r->cur->prev = t;
	}
}

/* The flow of the target named name (len bytes) for a game's lines
 * (game) or for the others, made if need be. */
static struct queue_target *
queue_target_get(struct queue *q, const char *name, size_t len, int game)
{
	uint32_t fold = queue_fold(name, len);
	struct queue_target *t, *other = NULL;
	struct hash_walk w;

	for (t = hash_first(&q->targets, fold, &w); t != NULL;
	    t = hash_next(&w)) {
		if (!queue_same_name(t->name, t->len, name, len))
			continue;
		if (t->game == game)
			return t;
		other = t;
	}
	t = xcalloc(1, sizeof *t + len + 1);
	memcpy(t->name, name, len);
	t->len = len;
	t->fold = fold;
	t->game = game;
	t->where = QUEUE_NOWHERE;
	if ((t->sibling = other) != NULL)
		other->sibling = t;
	hash_add(&q->targets, fold, t);
	return t;
}

uint64_t
queue_push_how(struct queue *q, enum queue_class cls, const char *line,
    const struct queue_how *how)
{
	size_t len = strlen(line), max = 0, tlen;
	struct queue_line *l, *before;
	struct queue_target *t;
	const char *name;

	assert(cls >= QUEUE_FIRST && cls < QUEUE_NCLASS);
	assert(len <= QUEUE_LINE_MAX);
	assert(strpbrk(line, "\r\n") == NULL);

	if (how != NULL && how->room > 0 && cls != QUEUE_FIRST &&
	    cls != QUEUE_LONG)
		max = queue_merge_max(line, how->room);
	l = xcalloc(1, sizeof *l + (max > len ? max : len) + 1);
	l->seq = ++q->pushed;
	l->cls = cls;
	l->len = len;
	l->max = max > len ? max : 0;
	memcpy(l->text, line, len + 1);
	q->length++;

	if (cls == QUEUE_FIRST) {
		if (q->first.tail != NULL)
			q->first.tail->next = l;
		else
			q->first.head = l;
		q->first.tail = l;
		return l->seq;
	}
	if (how != NULL && (before = queue_line_of(q, how->after)) != NULL) {
		l->after = how->after;
		before->dependents++;
	}
	queue_seq_move(q, l->seq, NULL, l);
	name = queue_target_of(line, &tlen);
	t = queue_target_get(q, name, tlen, cls == QUEUE_GAME ||
	    cls == QUEUE_NEWS);
	l->to = t;
	if (t->tail != NULL)
		t->tail->next = l;
	else
		t->head = l;
	t->tail = l;
	t->count[cls]++;
	queue_place(q, t);
	return l->seq;
}

uint64_t
queue_push(struct queue *q, enum queue_class cls, const char *line)
{
	return queue_push_how(q, cls, line, NULL);
}

/* The tokens line spends: a JOIN two, as servers that weigh commands
 * (InspIRCd) count it, so the bucket stays within their limit when the
 * bot joins its channels; any other line one. */
static int
queue_cost(const char *line)
{
	return strncmp(line, "JOIN ", 5) == 0 ? 2 : 1;
}

/* The line that goes next, once the bucket allows it, or NULL; *cls is
 * the class whose turn it is (the line's own, or a worse one's that a
 * better line of its flow is taken along in), *tokens what the bucket
 * must hold for it: its cost, and for a long text's line in a turn not
 * owed, QUEUE_RESERVE more (as many as the burst has), so that a long
 * text, which goes on for pages, never takes the burst a move's lines
 * and the replies go out in at once (it goes as the bucket refills, at
 * the same rate). */
static struct queue_line *
queue_choose(const struct queue *q, uint64_t now, int *cls, int *tokens)
{
	struct queue_line *l;
	int c, ready = -1, owed = 0;

	*cls = QUEUE_FIRST;
	if ((l = q->first.head) != NULL) {
		*tokens = queue_cost(l->text);
		return l;
	}
	for (c = QUEUE_GAME; c < QUEUE_NCLASS; c++) {
		if (q->rings[c].n == 0)
			continue;
		if (queue_owed(q, c, now)) {
			ready = c;
			owed = 1;
			break;
		}
		if (ready < 0)
			ready = c;
	}
	if (ready < 0)
		return NULL;
	*cls = ready;
	l = q->rings[ready].cur->head;
	*tokens = queue_cost(l->text);
	if (ready == QUEUE_LONG && !owed)
		*tokens += q->bucket.burst - *tokens < QUEUE_RESERVE ?
		    q->bucket.burst - *tokens : QUEUE_RESERVE;
	return l;
}

const char *
queue_peek(struct queue *q, uint64_t now)
{
	struct queue_line *l;
	int cls, tokens;

	q->peeked = NULL;
	if ((l = queue_choose(q, now, &cls, &tokens)) == NULL)
		return NULL;
	if (!bucket_ready(&q->bucket, now, tokens)) {
		/* Every line queued now waits behind the flood limit. */
		q->waited = q->pushed;
		return NULL;
	}
	if (l->to != NULL && l->max > 0 && l->seq <= q->waited)
		queue_merge(q, l);
	q->peeked = l;
	q->peeked_cls = cls;
	return l->text;
}

void
queue_peeked(const struct queue *q, struct queue_sent *what)
{
	const struct queue_line *l = q->peeked;

	assert(l != NULL);
	what->cls = l->cls;
	what->text = l->text;
	/* In its own text: the line outlives its target in queue_pop(). */
	what->target = queue_target_of(l->text, &what->tlen);
	what->seq = l->seq;
	what->merged = l->merged;
	what->nmerged = l->nmerged;
}

/* A line went at now in the turn of class cls: news and replies that
 * waited meanwhile count it, and the classes after them count their
 * wait from when they last sent (or began to have a line ready). */
static void
queue_count_turn(struct queue *q, int cls, uint64_t now)
{
	int c;

	for (c = QUEUE_REPLY; c <= QUEUE_NEWS; c++) {
		if (c == cls || q->rings[c].n == 0)
			q->starve[c] = 0;
		else
			q->starve[c]++;
	}
	for (c = QUEUE_LONG; c < QUEUE_NCLASS; c++) {
		if (c == cls || q->rings[c].n == 0)
			q->since[c] = c == cls ? now : 0;
		else if (q->since[c] == 0)
			q->since[c] = now;
	}
}

/* Targets whose first line waited for a line now sent take their turn
 * again, in the order they began to wait. */
static void
queue_unblock(struct queue *q)
{
	struct queue_target *t, *next;

	for (t = q->blocked.head; t != NULL; t = next) {
		next = t->next;
		if (!queue_blocked(q, t))
			queue_place(q, t);
	}
}

void
queue_pop(struct queue *q, uint64_t now)
{
	struct queue_line *l = q->peeked;
	struct queue_target *t;
	struct queue_sent what;
	size_t i;
	int p;

	assert(l != NULL);
	queue_peeked(q, &what);
	q->peeked = NULL;
	if ((t = l->to) == NULL) {
		q->first.head = l->next;
		if (q->first.head == NULL)
			q->first.tail = NULL;
	} else {
		/* The first of its target's lines: a target's turn serves
		 * its first line, and merging only takes lines after it. */
		assert(t->head == l);
		t->head = l->next;
		if (t->head == NULL)
			t->tail = NULL;
		t->count[l->cls]--;
		queue_seq_move(q, l->seq, l, NULL);
		for (i = 0; i < l->nmerged; i++)
			queue_seq_move(q, l->merged[i], l, NULL);
		/* Its ring's next turn is the target after it. */
		if (t->where >= QUEUE_GAME && t->where < QUEUE_NCLASS &&
		    q->rings[t->where].cur == t)
			q->rings[t->where].cur = t->next;
	}
	for (p = queue_cost(l->text); p > 0; p--)
		bucket_charge(&q->bucket, now);
	q->length--;
	if (q->peeked_cls != QUEUE_FIRST)
		queue_count_turn(q, q->peeked_cls, now);
	if (t != NULL) {
		queue_place(q, t);
		queue_unblock(q);
	}
	if (q->on_pop != NULL)
		q->on_pop(q->on_pop_arg, now, &what);
	queue_line_free(l);
}

uint64_t
queue_last(const struct queue *q)
{
	return q->pushed;
}

int
queue_sent(const struct queue *q, uint64_t seq)
{
	const struct queue_line *l;

	if (queue_line_of(q, seq) != NULL)
		return 0;
	/* QUEUE_FIRST lines are not in q->lines: few, and at the head. */
	for (l = q->first.head; l != NULL; l = l->next) {
		if (l->seq == seq)
			return 0;
	}
	return 1;
}

void
queue_on_pop(struct queue *q,
    void (*fn)(void *arg, uint64_t now, const struct queue_sent *what),
    void *arg)
{
	q->on_pop = fn;
	q->on_pop_arg = arg;
}

uint64_t
queue_next(struct queue *q, uint64_t now)
{
	int cls, tokens;
	struct queue_line *l = queue_choose(q, now, &cls, &tokens);

	if (l == NULL)
		return UINT64_MAX;
	return bucket_next(&q->bucket, now, tokens);
}

size_t
queue_length(const struct queue *q)
{
	return q->length;
}
