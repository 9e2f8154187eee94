/*
 * Long private texts read a page at a time (!replay, then !more): one per
 * nick, PAGER_LINES lines a page, each page ending with where the reader
 * is and how to go on.  A text is forgotten PAGER_KEEP_MS after its last
 * page was sent, when its reader starts another, or once read to its end;
 * at most PAGER_MAX are kept, the one read least recently going first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "games/xalloc.h"

#define PAGER_MAX 32

struct pager {
	struct pager *next;
	char nick[NICK_MAX];
	char **lines;
	int n, at;
	uint64_t used;		/* when its last page went */
};

static void
pager_drop(struct pager **pp)
{
	struct pager *p = *pp;
	int i;

	*pp = p->next;
	for (i = 0; i < p->n; i++)
		free(p->lines[i]);
	free(p->lines);
	free(p);
}

/* Drops the texts kept too long, and nick's; the count of those left. */
static int
pager_sweep(struct bot *b, const char *nick)
{
	struct pager **pp = &b->pages;
	int n = 0;

	while (*pp != NULL) {
		if (b->now - (*pp)->used > PAGER_KEEP_MS ||
		    (nick != NULL && strcasecmp((*pp)->nick, nick) == 0))
			pager_drop(pp);
		else {
			n++;
			pp = &(*pp)->next;
		}
	}
	return n;
}

/* Sends p's next page, and drops p (*pp) once it is read to its end. */
static void
pager_page(struct bot *b, struct pager **pp, int notice)
{
	struct pager *p = *pp;
	int end = p->at + PAGER_LINES, pages, page;
	char tail[96];

	if (end >= p->n - 1)
		end = p->n;	/* never a page of one line after this */
	for (; p->at < end; p->at++)
		say_to(b, p->nick, notice, NULL, p->lines[p->at]);
	if (p->at >= p->n) {
		pager_drop(pp);
		return;
	}
	pages = (p->n - 1 + PAGER_LINES - 1) / PAGER_LINES;
	page = p->at / PAGER_LINES;
	snprintf(tail, sizeof tail, "(page %d of %d, %d lines left: !more "
	    "for the next page)", page, pages, p->n - p->at);
	say_to(b, p->nick, notice, NULL, tail);
	p->used = b->now;
}

void
pager_start(struct bot *b, const char *nick, int notice, char **lines,
    int n)
{
	struct pager *p, **pp, **oldest;

	if (pager_sweep(b, nick) >= PAGER_MAX) {
		oldest = &b->pages;
		for (pp = &b->pages; *pp != NULL; pp = &(*pp)->next)
			if ((*pp)->used < (*oldest)->used)
				oldest = pp;
		pager_drop(oldest);
	}
	p = xcalloc(1, sizeof *p);
	snprintf(p->nick, sizeof p->nick, "%s", nick);
	p->lines = lines;
	p->n = n;
	p->used = b->now;
	p->next = b->pages;
	b->pages = p;
	pager_page(b, &b->pages, notice);
}

int
pager_more(struct bot *b, const char *nick, int notice)
{
	struct pager **pp;

	pager_sweep(b, NULL);
	for (pp = &b->pages; *pp != NULL; pp = &(*pp)->next)
		if (strcasecmp((*pp)->nick, nick) == 0) {
			pager_page(b, pp, notice);
			return 0;
		}
	return -1;
}

void
pager_free(struct bot *b)
{
	while (b->pages != NULL)
		pager_drop(&b->pages);
}
