/*
 * What a seat of CHEATER may know (game.h's observe() and redeal()): the
 * game as that seat sees it, every card it cannot know dealt again.
 *
 * A seat knows its own hand, the discard pile (every card on it went
 * there face up), and the cards of another hand whose place every seat
 * was shown (g->pub: a hand shown by a pass, a card picked from it or
 * grabbed from the discard pile) as long as they stay there.  It does not
 * know the rest of the other hands, nor the draw pile's order, nor which
 * of another hand's cards came to it since that seat's turn began (which
 * of its cards a discard was is not said), nor the dice to come.  And
 * the twin test's hooks (cheater.h): a game changed in all that a seat
 * may not know, and a game as bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "cheater.h"
#include "cheater-int.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

/* A fixed seed for the generator of an observation: the dice to come are
 * the same in every world. */
#define OBSERVE_SEED 0x0b5e4e

/* The places of g seat cannot know, in the order the state keeps them
 * (each other hand in seat order, then the draw pile bottom up), as
 * pointers into g, and their cards sorted by id; the number of them. */
static int
hidden(struct game *g, int seat, int **place, int *card)
{
	struct cards *l;
	unsigned char mine[CH_CARDS] = { 0 };
	int n = 0, i, k, id, total = g->decks * CH_DECK;

	for (i = 0; i < g->hand[seat].n; i++)
		mine[g->hand[seat].c[i]] = 1;
	for (k = 0; k <= g->nseats; k++) {
		if (k == seat)
			continue;
		l = k == g->nseats ? &g->draw : &g->hand[k];
		for (i = 0; i < l->n; i++) {
			if (!g->pub[l->c[i]])
				place[n++] = &l->c[i];
		}
	}
	/* The same cards, by id: the places' cards are exactly those
	 * neither seat's own, nor known to all. */
	for (id = 0, k = 0; id < total; id++) {
		if (!mine[id] && !g->pub[id])
			card[k++] = id;
	}
	return n == k ? n : -1;
}

/* Deals the cards g's seat cannot know again: sorted with rng NULL,
 * shuffled from rng otherwise; the rest of the hidden state follows. */
static void
deal_hidden(struct game *g, int seat, struct rng *rng)
{
	int *place[CH_CARDS], card[CH_CARDS], n, i, s;

	if ((n = hidden(g, seat, place, card)) < 0)
		abort();	/* a known card is out of place: a bug */
	if (rng != NULL)
		rng_shuffle(rng, card, (size_t)n);
	for (i = 0; i < n; i++)
		*place[i] = card[i];
	/* Whether another seat's card came this turn is not said; it
	 * matters to that seat alone, and only until its turn begins. */
	for (s = 0; s < g->nseats; s++) {
		if (s == seat)
			continue;
		for (i = 0; i < g->hand[s].n; i++)
			g->fresh[g->hand[s].c[i]] = 0;
	}
	/* A fresh card is only ever in a hand: none where the hidden cards
	 * went but the hands. */
	for (i = 0; i < g->draw.n; i++)
		g->fresh[g->draw.c[i]] = 0;
	/* The dice to come: a test's forced ones are no seat's knowledge. */
	memset(g->forced, 0, sizeof g->forced);
	g->nforced = 0;
	if (rng != NULL)
		rng_seed(&g->rng, rng_next(rng));
	else
		rng_seed(&g->rng, OBSERVE_SEED);
}

/* A copy of g, with hands of its own (game.h's copy()). */
struct game *
cheater_copy(const struct game *g)
{
	struct game *o = xmalloc(sizeof *o);

	*o = *g;
	o->hand = xcalloc((size_t)g->nseats, sizeof *o->hand);
	memcpy(o->hand, g->hand, (size_t)g->nseats * sizeof *o->hand);
	return o;
}

struct game *
cheater_observe(const struct game *g, int seat)
{
	struct game *o = cheater_copy(g);

	deal_hidden(o, seat, NULL);
	return o;
}

void
cheater_redeal(struct game *g, int seat, struct rng *rng)
{
	deal_hidden(g, seat, rng);
}

struct game *
cheater_twin(const struct game *g, int seat, struct rng *rng)
{
	struct game *t = cheater_copy(g);
	int s, i;

	deal_hidden(t, seat, rng);
	for (s = 0; s < t->nseats; s++) {
		for (i = 0; s != seat && i < t->hand[s].n; i++)
			t->fresh[t->hand[s].c[i]] = (unsigned char)
			    rng_below(rng, 2);
	}
	t->nforced = (int)rng_below(rng, 17);
	for (i = 0; i < t->nforced; i++)
		t->forced[i] = 1 + (int)rng_below(rng, 6);
	return t;
}

unsigned char *
cheater_image(const struct game *g, size_t *len)
{
	size_t hands = (size_t)g->nseats * sizeof *g->hand;
	unsigned char *b = xmalloc(sizeof *g + hands);
	struct game head;

	memcpy(&head, g, sizeof head);
	head.hand = NULL;
	memcpy(b, &head, sizeof head);
	memcpy(b + sizeof head, g->hand, hands);
	*len = sizeof *g + hands;
	return b;
}
