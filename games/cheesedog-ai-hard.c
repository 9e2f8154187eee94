/*
 * Cheesedog's hard AI: every rank it may play (all of it, or one of the
 * lifelines, 2s and 10s) is tried on a copy of its observation and
 * weighed: what it costs to part with those cards against the chance
 * that the seat who moves next cannot play on them and takes the pile,
 * from the cards that seat may hold (those it was seen to take, and the
 * unseen ones counted from every card not yet seen, less the ranks a
 * pickup said it did not hold), and the turn won back by a clear.
 */
#include <string.h>

#include "ai.h"
#include "cards.h"
#include "cheesedog.h"
#include "cheesedog-int.h"
#include "game.h"
#include "rng.h"

/* Weights, in cards: a card shed is worth SHED, less what keeping a
 * card of its rank is worth (keep()); a pile the next seat takes is
 * worth TAKEN a card of it; a clear, which plays again, CLEAR. */
#define SHED 9.0
#define TAKEN 1.0
#define CLEAR 4.0

/* How many cards of each rank seat has not seen (in other hands, face
 * down, or out of the game unseen). */
static void
count_unseen(const struct game *g, int seat, int *left)
{
	int i, id;

	for (i = 0; i <= CARDS_RANKS; i++)
		left[i] = i == 0 ? 0 : CD_DECKS * CARDS_SUITS;
	for (id = 0; id < CD_CARDS; id++) {
		if (g->shown[id])
			left[cards_rank(id)]--;
	}
	for (i = 0; i < g->hand[seat].n; i++) {
		id = g->hand[seat].c[i];
		if (!g->shown[id])
			left[cards_rank(id)]--;
	}
}

/* What keeping a card of rank is worth: the higher, the more piles it
 * plays on; a 10 clears and leads again, a 2 plays on anything. */
static double
keep(int rank)
{
	if (rank == CD_ANY_RANK)
		return 14;
	if (rank == CD_CLEAR_RANK)
		return 12;
	return cd_value(rank) - 2;
}

/* The chance that none of n cards drawn from a pool of total, of which
 * good play, plays. */
static double
none_of(int n, int total, int good)
{
	double p = 1;
	int i;

	for (i = 0; i < n; i++) {
		if (total - i <= 0)
			break;
		p *= (double)(total - good - i) / (total - i);
		if (p <= 0)
			return 0;
	}
	return p;
}

/* The chance that seat t, to move in g, cannot play and takes the pile,
 * as m's seat sees it (left: the ranks it has not seen). */
static double
stuck(const struct ai_mind *m, const struct game *g, int t, const int *left)
{
	unsigned plays = cd_plays_mask(g);
	const struct cards *from;
	int i, total = 0, good = 0, rank;

	if (g->pile.n == 0)
		return 0;
	from = cd_source(g, t);
	if (from != NULL) {
		for (i = 0; i < from->n; i++) {
			if (g->shown[from->c[i]] &&
			    (plays & cd_rank_bit(cards_rank(from->c[i]))))
				return 0;
		}
	}
	for (rank = 1; rank <= CARDS_RANKS; rank++) {
		if (from != NULL && !(m->may[t] & cd_rank_bit(rank)))
			continue;
		total += left[rank];
		if (plays & cd_rank_bit(rank))
			good += left[rank];
	}
	if (from == NULL)
		return total > 0 ? (double)(total - good) / total : 0;
	return none_of(cd_unseen(g, t), total, good);
}

/* The worth of playing count cards of rank in obs. */
static double
weigh(const struct ai_mind *m, const struct game *obs, int rank, int count,
    const int *left)
{
	struct game after = *obs;
	struct game_move mv;
	double v = count * (SHED - keep(rank));

	memset(&mv, 0, sizeof mv);
	mv.seat = m->seat;
	cd_play_rank(cd_source(obs, m->seat), rank, count, &mv);
	cheesedog_ops.apply(&after, &mv, NULL);
	if (after.over)
		return v + 100;
	if (after.turn == m->seat && after.pile.n == 0)
		return v + CLEAR;
	return v + TAKEN * after.pile.n * stuck(m, &after, after.turn, left);
}

void
cd_ai_hard(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    struct cd_choice *c)
{
	const struct cards *from = cd_source(obs, m->seat);
	int left[CARDS_RANKS + 1], rank, n, k, counts[2];
	double v, best = -1e9;

	(void)rng;
	count_unseen(obs, m->seat, left);
	c->rank = c->count = 0;
	for (rank = 1; rank <= CARDS_RANKS; rank++) {
		n = cards_count_rank(from, rank);
		if (n == 0 || !cd_plays(obs, rank))
			continue;
		counts[0] = n;
		counts[1] = 1;
		for (k = 0; k < (n > 1 ? 2 : 1); k++) {
			v = weigh(m, obs, rank, counts[k], left);
			if (v > best) {
				best = v;
				c->rank = rank;
				c->count = counts[k];
			}
		}
	}
}
