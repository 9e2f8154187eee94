/*
 * Cheesedog's state as every other file reads it: the order of ranks
 * (aces high) and of a sorted hand, and the queries on a game that the
 * rules (cheesedog.c), the view, the parse, the simulator's play, the AI
 * and the story all ask: what plays on the pile now, where a seat plays
 * from and the cards it plays, its face-down cards, the run on top of
 * the pile, the seats still holding cards.
 */
#include <stdlib.h>

#include "games/cards.h"
#include "cheesedog-int.h"

int
cd_value(int rank)
{
	return rank == CARDS_ACE ? CARDS_KING + 1 : rank;
}

/* The sort key of a card: its rank's value (aces high), then its suit,
 * then its deck. */
static int
sort_key(int id)
{
	return (cd_value(cards_rank(id)) * CARDS_SUITS + cards_suit(id)) *
	    CD_DECKS + id / CARDS_DECK;
}

static int
sort_cmp(const void *a, const void *b)
{
	int ka = sort_key(*(const int *)a), kb = sort_key(*(const int *)b);

	return (ka > kb) - (ka < kb);
}

void
cd_sort(struct cards *l)
{
	qsort(l->c, (size_t)l->n, sizeof l->c[0], sort_cmp);
}

int
cd_plays(const struct game *g, int rank)
{
	int top;

	if (g->pile.n == 0 || rank == CD_ANY_RANK)
		return 1;
	top = cards_rank(g->pile.c[g->pile.n - 1]);
	if (top == CD_LOWER_RANK)
		return cd_value(rank) <= CD_LOWER_RANK;
	return cd_value(rank) >= cd_value(top);
}

int
cd_ndown(const struct game *g, int seat)
{
	int i, n = 0;

	for (i = 0; i < CD_DOWN; i++)
		n += g->down[seat][i] >= 0;
	return n;
}

int
cd_first_down(const struct game *g, int seat)
{
	int i;

	for (i = 0; i < CD_DOWN; i++) {
		if (g->down[seat][i] >= 0)
			return i;
	}
	return -1;
}

enum cd_from
cd_from(const struct game *g, int seat)
{
	if (g->hand[seat].n > 0)
		return FROM_HAND;
	if (g->up[seat].n > 0)
		return FROM_UP;
	return cd_ndown(g, seat) > 0 ? FROM_DOWN : FROM_NOTHING;
}

const struct cards *
cd_source(const struct game *g, int seat)
{
	switch (cd_from(g, seat)) {
	case FROM_HAND:
		return &g->hand[seat];
	case FROM_UP:
		return &g->up[seat];
	default:
		return NULL;
	}
}

int
cd_lowest_play(const struct game *g, const struct cards *l)
{
	int i, rank, best = 0;

	for (i = 0; i < l->n; i++) {
		rank = cards_rank(l->c[i]);
		if (!cd_plays(g, rank))
			continue;
		/* A 2 plays anywhere: keep it while anything else plays. */
		if (best == 0 || (best == CD_ANY_RANK && rank != best) ||
		    (rank != CD_ANY_RANK && cd_value(rank) < cd_value(best)))
			best = rank;
	}
	return best;
}

int
cd_top_run(const struct game *g, int *rank)
{
	int i, n = 0;

	*rank = 0;
	if (g->pile.n == 0)
		return 0;
	*rank = cards_rank(g->pile.c[g->pile.n - 1]);
	for (i = g->pile.n - 1; i >= 0 && cards_rank(g->pile.c[i]) == *rank;
	    i--)
		n++;
	return n;
}

int
cd_nactive(const struct game *g)
{
	int s, n = 0;

	for (s = 0; s < g->nseats; s++)
		n += g->state[s] == SEAT_IN;
	return n;
}
