/*
 * What a Cheesedog seat may know (ops->observe() and ops->redeal(),
 * games/game.h): every card seat cannot know the place of, dealt again
 * among the places it cannot see.
 *
 * Everything in Cheesedog is played face up, and a card once seen only
 * moves in sight (a pile picked up, a clear), so the place of every card
 * that has lain face up (g->shown) is known to all.  A seat cannot know:
 * the cards of another seat's hand that were never shown (its share of
 * the deal, and its flips that did not play), every face-down card (its
 * own too: nobody sees them), and the unseen cards a seat that left took
 * out of the game.  The game keeps no generator of its own, so there is
 * nothing else to hide: the rest of the state is public.  And the twin
 * test's hooks (cheesedog.h): a game changed in all that a seat may not
 * know, and a game as bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "cheesedog.h"
#include "cheesedog-int.h"
#include "games/game.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

/* The places seat cannot see, in the order the state keeps them. */
struct cd_hidden {
	int *at[CD_CARDS];	/* each place's card id */
	int n;
};

/* Takes seat t's unseen hand cards out of its hand into pool, leaving
 * room for as many at its end (to be filled and sorted again): which of
 * a sorted hand's slots hold them depends on what they are, so their
 * places are the hand's last ones. */
static void
take_hand(struct game *g, int t, struct cards *pool, struct cd_hidden *h)
{
	struct cards *hand = &g->hand[t];
	int i, k = 0, unseen;

	for (i = 0; i < hand->n; i++) {
		if (g->shown[hand->c[i]])
			hand->c[k++] = hand->c[i];
		else
			pool->c[pool->n++] = hand->c[i];
	}
	unseen = hand->n - k;
	for (i = 0; i < unseen; i++)
		h->at[h->n++] = &hand->c[k + i];
}

/* Gathers the cards seat cannot know into pool and their places into
 * h. */
static void
gather(struct game *g, int seat, struct cards *pool, struct cd_hidden *h)
{
	int t, i;

	cards_clear(pool);
	h->n = 0;
	for (t = 0; t < g->nseats; t++) {
		if (t != seat)
			take_hand(g, t, pool, h);
		for (i = 0; i < CD_DOWN; i++) {
			if (g->down[t][i] < 0)
				continue;
			pool->c[pool->n++] = g->down[t][i];
			h->at[h->n++] = &g->down[t][i];
		}
	}
	for (i = 0; i < g->cleared.n; i++) {
		if (g->shown[g->cleared.c[i]])
			continue;
		pool->c[pool->n++] = g->cleared.c[i];
		h->at[h->n++] = &g->cleared.c[i];
	}
}

static int
id_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* The one implementation of both: the cards seat cannot know dealt
 * again in place, in id order (rng NULL) or shuffled from rng; the
 * other seats' hands sorted again. */
static void
deal_hidden(struct game *g, int seat, struct rng *rng)
{
	struct cards pool;
	struct cd_hidden h;
	int t, i;

	gather(g, seat, &pool, &h);
	qsort(pool.c, (size_t)pool.n, sizeof pool.c[0], id_cmp);
	if (rng != NULL)
		rng_shuffle(rng, pool.c, (size_t)pool.n);
	for (i = 0; i < h.n; i++)
		*h.at[i] = pool.c[i];
	for (t = 0; t < g->nseats; t++) {
		if (t != seat)
			cd_sort(&g->hand[t]);
	}
}

struct game *
cheesedog_copy(const struct game *g)
{
	struct game *o = xmalloc(sizeof *o);

	*o = *g;
	return o;
}

struct game *
cheesedog_observe(const struct game *g, int seat)
{
	struct game *o = xmalloc(sizeof *o);

	*o = *g;
	deal_hidden(o, seat, NULL);
	return o;
}

void
cheesedog_redeal(struct game *g, int seat, struct rng *rng)
{
	deal_hidden(g, seat, rng);
}

struct game *
cheesedog_twin(const struct game *g, int seat, struct rng *rng)
{
	struct game *t = xmalloc(sizeof *t);

	*t = *g;
	deal_hidden(t, seat, rng);
	return t;
}

unsigned char *
cheesedog_image(const struct game *g, size_t *len)
{
	unsigned char *b = xmalloc(sizeof *g);

	memcpy(b, g, sizeof *g);
	*len = sizeof *g;
	return b;
}
