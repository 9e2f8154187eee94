/*
 * Cheesedog's normal AI player, and what it reads of the pile that the
 * mind (cheesedog-ai.c) and the hard player (cheesedog-ai-hard.c), which
 * starts from the normal player's choice, read too: the ranks that play
 * now, whether a play completes four on top, the lowest rank that plays
 * keeping the 2s and 10s.
 */
#include "games/cards.h"
#include "cheesedog-int.h"

unsigned
cd_rank_bit(int rank)
{
	return 1u << rank;
}

unsigned
cd_plays_mask(const struct game *g)
{
	unsigned mask = 0;
	int rank;

	for (rank = 1; rank <= CARDS_RANKS; rank++) {
		if (cd_plays(g, rank))
			mask |= cd_rank_bit(rank);
	}
	return mask;
}

int
cd_lowest_plain(const struct game *g, const struct cards *from)
{
	int rank, best = 0;

	for (rank = 1; rank <= CARDS_RANKS; rank++) {
		if (rank == CD_ANY_RANK || rank == CD_CLEAR_RANK ||
		    cards_count_rank(from, rank) == 0 || !cd_plays(g, rank))
			continue;
		if (best == 0 || cd_value(rank) < cd_value(best))
			best = rank;
	}
	return best;
}

int
cd_completes(const struct game *g, int rank, int count)
{
	int top, run = cd_top_run(g, &top);

	return run > 0 && top == rank && run + count >= CD_CLEAR_RUN;
}

/* Normal: every card of the rank that completes four on top (the pile
 * clears and it plays again), else of the lowest rank that plays, keeping
 * 10s and 2s, the lifelines, for when nothing else plays (then one of
 * them, a 10 first: it clears and leads again, where a 2 lets the next
 * player play anything); leading, a 10 goes first when few cards are
 * left, since it clears itself and leads again for nothing. */
void
cd_ai_normal(const struct game *obs, int seat, struct cd_choice *c)
{
	const struct cards *from = cd_source(obs, seat);
	int rank, top, tens = cards_count_rank(from, CD_CLEAR_RANK);

	c->rank = 0;
	if (cd_top_run(obs, &top) > 0 && top != CD_ANY_RANK &&
	    cd_completes(obs, top, cards_count_rank(from, top)))
		c->rank = top;
	else if (obs->pile.n == 0 && tens > 0 && from->n <= CD_DOWN)
		c->rank = CD_CLEAR_RANK;
	else if ((rank = cd_lowest_plain(obs, from)) != 0)
		c->rank = rank;
	else if (tens > 0 && cd_plays(obs, CD_CLEAR_RANK)) {
		c->rank = CD_CLEAR_RANK;
		c->count = 1;
		return;
	} else if (cards_count_rank(from, CD_ANY_RANK) > 0) {
		c->rank = CD_ANY_RANK;
		/* Every 2 at once only when they are all that is left. */
		c->count = cards_count_rank(from, CD_ANY_RANK) == from->n ?
		    from->n : 1;
		return;
	}
	c->count = cards_count_rank(from, c->rank);
}
