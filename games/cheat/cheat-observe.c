/*
 * What a seat of Cheat or Questions may know (game.h's observe() and
 * redeal()): a copy of the game in which every card the seat cannot
 * place is dealt again, in a fixed order or at random.
 *
 * A seat knows where its own cards are, where its own face-down plays lie
 * in the pile, and where every card shown to all went since (a face-up
 * opening, a play turned over by a call, and the pile that the taker
 * picked up with them): the state keeps that as a bit per seat and card
 * (known[], kept up by cheat.c).  Every other card of the hands and of
 * the pile is hidden: the last play's cards, the other hands, the pile
 * under it.  The claims, the counts, the questions' cards and the record
 * of calls are public and stay.  The game keeps no generator of its own.
 * And the twin test's hooks (cheat.h): a game changed in all that a seat
 * may not know, and a game as bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "cheat.h"
#include "cheat-int.h"
#include "games/game.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

/* known[] keeps a bit for each seat in 16. */
_Static_assert(GAME_MAX_SEATS <= 16, "known[] is too narrow for the seats");

void
cheat_known_deal(struct game *g)
{
	int s, i;

	memset(g->known, 0, sizeof g->known);
	for (s = 0; s < g->nseats; s++) {
		for (i = 0; i < g->hand[s].n; i++)
			g->known[g->hand[s].c[i]] = 1u << s;
	}
}

/* Orders card ids for qsort(). */
static int
id_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* The places of list that seat cannot know, emptied into hidden (-1
 * left in their place). */
static void
take_hidden(struct game *g, struct cards *list, int seat, int own,
    struct cards *hidden)
{
	int i;

	for (i = 0; i < list->n; i++) {
		if (own || (g->known[list->c[i]] & (1u << seat)) != 0)
			continue;
		cards_add(hidden, list->c[i]);
		list->c[i] = -1;
	}
}

/* Fills the places emptied by take_hidden(), in order, from hidden[*k]
 * on. */
static void
refill(struct cards *list, const struct cards *hidden, int *k)
{
	int i;

	for (i = 0; i < list->n; i++) {
		if (list->c[i] < 0)
			list->c[i] = hidden->c[(*k)++];
	}
}

/* Deals again every card seat cannot place: the cards sorted, then
 * shuffled from rng unless it is NULL, into the hidden places of the
 * hands in seat order and then of the pile, bottom first; each hand is
 * sorted again (a hand's order shows only what it holds).  What other
 * seats know is forgotten: it would tell seat where their cards came
 * from. */
static void
hide(struct game *g, int seat, struct rng *rng)
{
	struct cards hidden;
	int s, i, k = 0;

	cards_clear(&hidden);
	for (s = 0; s < g->nseats; s++)
		take_hidden(g, &g->hand[s], seat, s == seat, &hidden);
	take_hidden(g, &g->pile, seat, 0, &hidden);
	qsort(hidden.c, (size_t)hidden.n, sizeof hidden.c[0], id_cmp);
	if (rng != NULL)
		rng_shuffle(rng, hidden.c, (size_t)hidden.n);
	for (s = 0; s < g->nseats; s++) {
		refill(&g->hand[s], &hidden, &k);
		cards_sort(&g->hand[s]);
	}
	refill(&g->pile, &hidden, &k);
	for (i = 0; i < CARDS_MAX; i++)
		g->known[i] &= 1u << seat;
	for (i = 0; i < g->hand[seat].n; i++)
		g->known[g->hand[seat].c[i]] |= 1u << seat;
}

/* A copy of g, with hands of its own (game.h's copy()). */
struct game *
cheat_copy(const struct game *g)
{
	struct game *o = xmalloc(sizeof *o);

	*o = *g;
	o->hand = xcalloc((size_t)g->nseats, sizeof *o->hand);
	memcpy(o->hand, g->hand, (size_t)g->nseats * sizeof *o->hand);
	return o;
}

struct game *
cheat_observe(const struct game *g, int seat)
{
	struct game *o = cheat_copy(g);

	hide(o, seat, NULL);
	return o;
}

void
cheat_redeal(struct game *g, int seat, struct rng *rng)
{
	hide(g, seat, rng);
}

struct game *
cheat_twin(const struct game *g, int seat, struct rng *rng)
{
	struct game *t = cheat_copy(g);
	int i;

	hide(t, seat, rng);
	for (i = 0; i < CARDS_MAX; i++)
		t->known[i] |= (uint16_t)(rng_next(rng) & ~(1u << seat));
	return t;
}

unsigned char *
cheat_image(const struct game *g, size_t *len)
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
