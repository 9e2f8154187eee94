/*
 * Long texts, pulled a line at a time (queue.h, QUEUE_LONG): a replay read
 * a page at a time (!replay, then !more), the rules of a game, help.  Each
 * reader (a nick, or a channel for a text said there) has a stream of
 * lines waiting, at most PAGER_STREAM lines, of which one at a time is in
 * the queue: the next goes in when the queue reports it sent
 * (pager_sent()).  So a long text goes at the pipe's pace, when no game
 * line or reply waits (or its class is owed a turn), and never fills the
 * queue; what does not fit the stream is not taken, and the reader is
 * told to ask again.
 *
 * A paged text (a replay) is kept besides the stream: PAGER_LINES lines a
 * page, each page ending with where the reader is and how to go on.
 * !more puts the next page in the stream when it has room (a page may be
 * asked for while the one before is still on its way); when it has none,
 * the reader is told so, once until a page is taken (each !more typed
 * too soon answered would take the pipe from everyone); a new replay
 * replaces the old one, and its lines still waiting.  A paged text is
 * forgotten PAGER_KEEP_MS after its last page was asked for, or once read
 * to its end; at most PAGER_MAX readers are kept, one that only waits
 * for a !more going first when room is needed, the least recently used.
 *
 * A text sent privately names the channel it is about on every line, as
 * any reply does (say_about()): a paged text keeps the channel it was
 * asked about, so each of its pages, and the word that one is still on
 * its way, name that one, wherever !more is typed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "alloc/xalloc.h"
#include "games/intl.h"

#define PAGER_MAX 64

/* A line waiting in a reader's stream. */
struct pager_line {
	char *line;		/* a complete IRC line */
	int paged;		/* of the paged text */
};

struct pager {
	struct pager *next;
	char target[NICK_MAX];
	/* The stream, a ring of PAGER_STREAM lines from first. */
	struct pager_line stream[PAGER_STREAM];
	int first, n;
	int inflight;		/* a line of it is in the queue ... */
	int inflight_paged;	/* ... of the paged text */
	int told;		/* !more came too early, and was answered */
	/* The paged text, NULL when none: lines[at] is the next to go;
	 * the channel it is about, whose name its lines carry (NULL:
	 * none). */
	char **lines;
	int nlines, at;
	struct chan *about;
	uint64_t used;		/* when a page of it was last asked for */
};

static void
pager_text_free(struct pager *p)
{
	int i;

	for (i = 0; i < p->nlines; i++)
		free(p->lines[i]);
	free(p->lines);
	p->lines = NULL;
	p->nlines = p->at = 0;
}

/* Drops the lines of p's stream that are of the paged text (paged 1) or
 * not (paged 0). */
static void
pager_stream_filter(struct pager *p, int paged)
{
	struct pager_line kept[PAGER_STREAM];
	struct pager_line *l;
	int i, n = 0;

	for (i = 0; i < p->n; i++) {
		l = &p->stream[(p->first + i) % PAGER_STREAM];
		if (paged >= 0 && l->paged == paged)
			free(l->line);
		else
			kept[n++] = *l;
	}
	memcpy(p->stream, kept, (size_t)n * sizeof *kept);
	p->first = 0;
	p->n = n;
}

static void
pager_drop(struct pager **pp)
{
	struct pager *p = *pp;

	*pp = p->next;
	pager_stream_filter(p, 0);
	pager_stream_filter(p, 1);
	pager_text_free(p);
	free(p);
}

/* Whether lines of p's paged text are still on their way. */
static int
pager_paging(const struct pager *p)
{
	int i;

	for (i = 0; i < p->n; i++) {
		if (p->stream[(p->first + i) % PAGER_STREAM].paged)
			return 1;
	}
	return p->inflight && p->inflight_paged;
}

/* Whether p holds nothing but a paged text waiting for !more. */
static int
pager_idle(const struct pager *p)
{
	return !p->inflight && p->n == 0;
}

/* Drops the readers with nothing left to send (a paged text kept too
 * long or read to its end, nothing in the stream or the queue); the
 * count of those left. */
static int
pager_sweep(struct bot *b)
{
	struct pager **pp = &b->pages;
	int n = 0;

	while (*pp != NULL) {
		if (pager_idle(*pp) && ((*pp)->lines == NULL ||
		    b->now - (*pp)->used > PAGER_KEEP_MS))
			pager_drop(pp);
		else {
			n++;
			pp = &(*pp)->next;
		}
	}
	return n;
}

static struct pager *
pager_find(struct bot *b, const char *target, size_t len)
{
	struct pager *p;

	for (p = b->pages; p != NULL; p = p->next) {
		if (strlen(p->target) == len &&
		    strncasecmp(p->target, target, len) == 0)
			return p;
	}
	return NULL;
}

/* The reader target, made if need be: NULL when PAGER_MAX are kept and
 * each is still sending. */
static struct pager *
pager_get(struct bot *b, const char *target)
{
	struct pager *p, **pp, **oldest = NULL;

	if ((p = pager_find(b, target, strlen(target))) != NULL)
		return p;
	if (pager_sweep(b) >= PAGER_MAX) {
		for (pp = &b->pages; *pp != NULL; pp = &(*pp)->next) {
			if (pager_idle(*pp) && (oldest == NULL ||
			    (*pp)->used < (*oldest)->used))
				oldest = pp;
		}
		if (oldest == NULL)
			return NULL;
		pager_drop(oldest);
	}
	p = xcalloc(1, sizeof *p);
	snprintf(p->target, sizeof p->target, "%s", target);
	p->used = b->now;
	p->next = b->pages;
	b->pages = p;
	return p;
}

/* Puts p's next line in the queue, unless one is there already. */
static void
pager_feed(struct bot *b, struct pager *p)
{
	struct pager_line *l;

	if (p->inflight || p->n == 0)
		return;
	l = &p->stream[p->first];
	queue_push(b->queue, QUEUE_LONG, l->line);
	free(l->line);
	p->first = (p->first + 1) % PAGER_STREAM;
	p->n--;
	p->inflight = 1;
	p->inflight_paged = l->paged;
}

/* Lines cut from texts for one stream: say_cut()'s callback. */
struct pager_cut {
	char **lines;
	int n;
};

static void
pager_cut_line(void *arg, const char *line)
{
	struct pager_cut *c = arg;

	c->lines = xreallocarray(c->lines, (size_t)c->n + 1, sizeof *c->lines);
	c->lines[c->n++] = xstrdup(line);
}

/* Appends the lines of c to p's stream, as paged or not, if they fit:
 * 0, or -1 (nothing appended).  c's lines are taken either way. */
static int
pager_append(struct pager *p, struct pager_cut *c, int paged)
{
	struct pager_line *l;
	int i;

	if (p->n + c->n > PAGER_STREAM) {
		for (i = 0; i < c->n; i++)
			free(c->lines[i]);
		free(c->lines);
		return -1;
	}
	for (i = 0; i < c->n; i++) {
		l = &p->stream[(p->first + p->n++) % PAGER_STREAM];
		l->line = c->lines[i];
		l->paged = paged;
	}
	free(c->lines);
	return 0;
}

/* The lines text makes for target, added to c. */
static void
pager_cut(const struct bot *b, struct pager_cut *c, const char *target,
    int notice, struct chan *about, const char *text)
{
	char lead[SAY_LEAD_SIZE];

	if (chan_is_channel(target)) {
		say_cut(b, "PRIVMSG", target, "", text, pager_cut_line, c);
		return;
	}
	say_private_lead(about, lead, sizeof lead);
	say_cut(b, notice ? "NOTICE" : "PRIVMSG", target, lead, text,
	    pager_cut_line, c);
}

void
pager_reply(struct cmd_ctx *ctx, int public, char *const *texts, int n)
{
	struct chan *about = say_about(ctx);
	const char *target = public && ctx->chan != NULL ? ctx->chan->name :
	    ctx->from.nick;
	struct pager_cut cut = { NULL, 0 };
	struct pager *p = pager_get(ctx->b, target);
	int i, left;

	if (p == NULL) {
		say_error(ctx, ngettext("I am sending long texts to %d person "
		    "just now: ask again in a minute", "I am sending long "
		    "texts to %d people just now: ask again in a minute",
		    PAGER_MAX), PAGER_MAX);
		return;
	}
	for (i = 0; i < n; i++)
		pager_cut(ctx->b, &cut, target, ctx->prefs.notice, about,
		    texts[i]);
	if (pager_append(p, &cut, 0) != 0) {
		left = p->n + p->inflight;
		if (target == ctx->from.nick)
			say_error(ctx, ngettext("%d line is still on its way "
			    "to you: ask again once it has come", "%d lines "
			    "are still on their way to you: ask again once "
			    "they have come", left), left);
		else
			say_error(ctx, ngettext("%d line is still on its way "
			    "here: ask again once it has come", "%d lines are "
			    "still on their way here: ask again once they "
			    "have come", left), left);
		return;
	}
	pager_feed(ctx->b, p);
}

/* Puts p's next page in its stream: 0, or -1 when it does not fit yet. */
static int
pager_page(struct bot *b, struct pager *p, int notice)
{
	struct pager_cut cut = { NULL, 0 };
	int end = p->at + PAGER_LINES, pages, page, i;
	char tail[192];

	if (end >= p->nlines - 1)
		end = p->nlines;	/* never a page of one line after this */
	for (i = p->at; i < end; i++)
		pager_cut(b, &cut, p->target, notice, p->about, p->lines[i]);
	if (end < p->nlines) {
		pages = (p->nlines - 1 + PAGER_LINES - 1) / PAGER_LINES;
		page = end / PAGER_LINES;
		/* TRANSLATORS: the last line of a page: this page's number,
		 * how many pages, and how many lines are left after it.
		 * !more is the command as typed. */
		snprintf(tail, sizeof tail, ngettext("(page %d of %d, %d line "
		    "left: !more for the next page)", "(page %d of %d, %d "
		    "lines left: !more for the next page)", p->nlines - end),
		    page, pages, p->nlines - end);
		pager_cut(b, &cut, p->target, notice, p->about, tail);
	}
	if (pager_append(p, &cut, 1) != 0)
		return -1;
	p->at = end;
	p->used = b->now;
	p->told = 0;
	if (p->at >= p->nlines)
		pager_text_free(p);
	pager_feed(b, p);
	return 0;
}

int
pager_start(struct cmd_ctx *ctx, char **lines, int n)
{
	struct pager *p = pager_get(ctx->b, ctx->from.nick);
	int i;

	if (p == NULL) {
		for (i = 0; i < n; i++)
			free(lines[i]);
		free(lines);
		return -1;
	}
	pager_stream_filter(p, 1);
	pager_text_free(p);
	p->lines = lines;
	p->nlines = n;
	p->at = 0;
	p->about = say_about(ctx);
	/* Only what is left of another long text can be in the way. */
	if (pager_page(ctx->b, p, ctx->prefs.notice) != 0) {
		pager_text_free(p);
		return -1;
	}
	return 0;
}

int
pager_more(struct cmd_ctx *ctx)
{
	struct bot *b = ctx->b;
	const char *nick = ctx->from.nick;
	int notice = ctx->prefs.notice;
	struct pager *p;
	char *text;

	pager_sweep(b);
	p = pager_find(b, nick, strlen(nick));
	if (p == NULL || (p->lines == NULL && !pager_paging(p)))
		return -1;
	if ((p->lines != NULL && pager_page(b, p, notice) == 0) || p->told)
		return 0;
	/* Said once for each page: an answer to each !more typed too soon
	 * would take the pipe's lines from everyone. */
	if (p->lines != NULL)
		text = xasprintf(ngettext("the page before is still on its "
		    "way (%d line): !more once it has come", "the page before "
		    "is still on its way (%d lines): !more once it has come",
		    p->n + p->inflight), p->n + p->inflight);
	else
		text = xasprintf(ngettext("the last page is on its way (%d "
		    "line)", "the last page is on its way (%d lines)",
		    p->n + p->inflight), p->n + p->inflight);
	say_to(b, nick, notice, p->about, text);
	free(text);
	p->told = 1;
	return 0;
}

void
pager_sent(struct bot *b, const char *target, size_t len)
{
	struct pager *p = pager_find(b, target, len);

	if (p == NULL)
		return;
	p->inflight = 0;
	pager_feed(b, p);
}

void
pager_free(struct bot *b)
{
	while (b->pages != NULL)
		pager_drop(&b->pages);
}
