/*
 * What a seat of Liar's UNO may know (game.h's observe() and redeal()):
 * who knows where each card lies, kept as the game goes, and the game as
 * one seat sees it, every card it cannot place dealt again.
 *
 * A seat always knows its own hand and the card it put for a Wild
 * Liar's Challenge; nobody knows the draw pile (its order is chance, and
 * a reshuffle or a leaver's hand puts cards there); every other card's
 * place is known to the seats of its bit in g->knows: everyone for a
 * card seen face up (played so, turned over by a challenge, the deal's
 * discard), its player for a card face down, and a seat that gave its
 * hand away in a swap or a pass keeps knowing those cards until their
 * new holder plays or puts a card face down (which might be one of
 * them).  And the twin test's hooks (liarsuno.h): a game changed in all
 * that a seat may not know, and a game as bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "games/game.h"
#include "liarsuno.h"
#include "liarsuno-int.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

/* The seed of an observation's generator: a constant, so that nothing
 * drawn from it later depends on the real game's. */
#define LU_OBSERVE_SEED 0x0b5e4e

void
lu_know_reset(struct game *g)
{
	int i;

	memset(g->knows, 0, sizeof g->knows);
	for (i = 0; i < g->discard.n; i++)
		lu_know_public(g, g->discard.c[i]);
}

void
lu_know_public(struct game *g, int id)
{
	g->knows[id] = ~0u;
}

void
lu_know_secret(struct game *g, int seat, int id)
{
	const struct cards *h = &g->hand[seat];
	int i;

	g->knows[id] = 1u << seat;
	for (i = 0; i < h->n; i++)
		g->knows[h->c[i]] &= 1u << seat;
}

void
lu_know_drawn(struct game *g, int id)
{
	g->knows[id] = 0;
}

void
lu_know_holders(struct game *g)
{
	int s, i;

	for (s = 0; s < g->nseats; s++) {
		for (i = 0; i < g->hand[s].n; i++)
			g->knows[g->hand[s].c[i]] |= 1u << s;
	}
}

/* The places of g whose card seat cannot know, in the order the state
 * keeps them (the hands by seat, the draw pile, the discard pile, the
 * put cards, each bottom first): their addresses into slot; how many. */
static int
hidden_places(struct game *g, int seat, int **slot)
{
	unsigned me = 1u << seat;
	int n = 0, s, i;

	for (s = 0; s < g->nseats; s++) {
		if (s == seat)
			continue;
		for (i = 0; i < g->hand[s].n; i++) {
			if (!(g->knows[g->hand[s].c[i]] & me))
				slot[n++] = &g->hand[s].c[i];
		}
	}
	for (i = 0; i < g->draw.n; i++)
		slot[n++] = &g->draw.c[i];
	for (i = 0; i < g->discard.n; i++) {
		if (!(g->knows[g->discard.c[i]] & me))
			slot[n++] = &g->discard.c[i];
	}
	for (s = 0; s < g->nseats; s++) {
		if (s != seat && g->put[s] >= 0 && !(g->knows[g->put[s]] & me))
			slot[n++] = &g->put[s];
	}
	return n;
}

static int
id_order(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* Deals the cards seat cannot know again among their places: sorted
 * (rng NULL) or shuffled from rng.  Nothing about them stays known to
 * anyone, and the card drawn and the face-down card follow their
 * places. */
static void
deal_hidden(struct game *g, int seat, struct rng *rng)
{
	int *slot[LU_CARDS], ids[LU_CARDS], n, i, drawn = -1;

	if (g->phase == PH_DRAWN)
		drawn = cards_find(&g->hand[g->turn], g->drawn);
	n = hidden_places(g, seat, slot);
	for (i = 0; i < n; i++)
		ids[i] = *slot[i];
	if (rng == NULL)
		qsort(ids, (size_t)n, sizeof ids[0], id_order);
	else
		rng_shuffle(rng, ids, (size_t)n);
	for (i = 0; i < n; i++) {
		*slot[i] = ids[i];
		g->knows[ids[i]] = 0;
	}
	if (drawn >= 0)
		g->drawn = g->hand[g->turn].c[drawn];
	if (g->down >= 0)
		g->down = g->discard.c[g->discard.n - 1];
}

struct game *
liarsuno_copy(const struct game *g)
{
	struct game *o = xmalloc(sizeof *o);

	*o = *g;
	return o;
}

struct game *
liarsuno_observe(const struct game *g, int seat)
{
	struct game *o = xmalloc(sizeof *o);

	*o = *g;
	deal_hidden(o, seat, NULL);
	rng_seed(&o->rng, LU_OBSERVE_SEED);
	return o;
}

void
liarsuno_redeal(struct game *g, int seat, struct rng *rng)
{
	deal_hidden(g, seat, rng);
	rng_seed(&g->rng, rng_next(rng));
}

struct game *
liarsuno_twin(const struct game *g, int seat, struct rng *rng)
{
	struct game *t = xmalloc(sizeof *t);
	int *slot[LU_CARDS], n, i;

	*t = *g;
	liarsuno_redeal(t, seat, rng);
	n = hidden_places(t, seat, slot);
	for (i = 0; i < n; i++)
		t->knows[*slot[i]] = (unsigned)rng_next(rng) & ~(1u << seat);
	return t;
}

unsigned char *
liarsuno_image(const struct game *g, size_t *len)
{
	unsigned char *b = xmalloc(sizeof *g);

	memcpy(b, g, sizeof *g);
	*len = sizeof *g;
	return b;
}

void
lu_known_cards(const struct game *g, int seat, char *known)
{
	unsigned me = 1u << seat;
	int id, s, i;

	for (id = 0; id < LU_CARDS; id++)
		known[id] = (g->knows[id] & me) != 0;
	for (i = 0; i < g->draw.n; i++)
		known[g->draw.c[i]] = 0;
	for (i = 0; i < g->hand[seat].n; i++)
		known[g->hand[seat].c[i]] = 1;
	if (g->put[seat] >= 0)
		known[g->put[seat]] = 1;
	for (s = 0; s < g->nseats; s++) {
		if (s != seat && g->put[s] >= 0 && !(g->knows[g->put[s]] & me))
			known[g->put[s]] = 0;
	}
}
