/*
 * Cheesedog's hard AI: the normal player's choice, changed where the
 * tempo or the cards seen say better.
 *
 * A clear is the one move that plays again at once (its player starts
 * the new pile, with its lowest cards), so a 10 is spent as soon as it
 * plays rather than kept as a lifeline.  And an 8 is played where the
 * seat that moves next more likely than not holds nothing of 8 or lower:
 * that chance comes from the cards it was seen to take, and for its
 * unseen cards from every card the hard seat has not seen, less the
 * ranks a pickup showed it did not hold (the mind's memory), drawn
 * without replacement.
 */
#include <string.h>

#include "ai.h"
#include "cards.h"
#include "cheesedog.h"
#include "cheesedog-int.h"
#include "game.h"

/* How many cards of each rank seat has not seen: in other hands, face
 * down, or out of the game unseen (left[rank], rank 1 to 13). */
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

/* The chance that none of n cards drawn from a pool of total cards, of
 * which good play, plays. */
static double
none_of(int n, int total, int good)
{
	double p = 1;
	int i;

	for (i = 0; i < n && total - i > 0; i++)
		p *= (double)(total - good - i) / (total - i);
	return p > 0 ? p : 0;
}

/* The chance that seat t, to move in g, cannot play and takes the pile,
 * as m's seat sees it (left: the ranks it has not seen): none if a card
 * it was seen to take plays, else that none of its unseen cards does, or
 * with only face-down cards left that its flip does not. */
static double
stuck(const struct ai_mind *m, const struct game *g, int t, const int *left)
{
	unsigned plays = cd_plays_mask(g), may = CD_ALL_RANKS;
	const struct cards *from = cd_source(g, t);
	int i, total = 0, good = 0, rank;

	if (g->pile.n == 0)
		return 0;
	if (from != NULL) {
		for (i = 0; i < from->n; i++) {
			if (g->shown[from->c[i]] &&
			    (plays & cd_rank_bit(cards_rank(from->c[i]))))
				return 0;
		}
		may = m->may[t];
	}
	for (rank = 1; rank <= CARDS_RANKS; rank++) {
		if (!(may & cd_rank_bit(rank)))
			continue;
		total += left[rank];
		if (plays & cd_rank_bit(rank))
			good += left[rank];
	}
	if (from == NULL)
		return total > 0 ? (double)(total - good) / total : 0;
	return none_of(cd_unseen(g, t), total, good);
}

/* 1 if the seat to move after m's seat plays every 8 it may play is
 * more likely than not to be stuck under them. */
static int
eight_sticks(const struct ai_mind *m, const struct game *obs)
{
	const struct cards *from = cd_source(obs, m->seat);
	struct game after = *obs;
	struct game_move mv;
	int left[CARDS_RANKS + 1];

	memset(&mv, 0, sizeof mv);
	mv.seat = m->seat;
	cd_play_rank(from, CD_LOWER_RANK, cards_count_rank(from,
	    CD_LOWER_RANK), &mv);
	cheesedog_ops.apply(&after, &mv, NULL);
	if (after.over || after.pile.n == 0)
		return 0;	/* a clear: the normal player takes those */
	count_unseen(obs, m->seat, left);
	return stuck(m, &after, after.turn, left) > 0.5;
}

void
cd_ai_hard(const struct ai_mind *m, const struct game *obs,
    struct cd_choice *c)
{
	const struct cards *from = cd_source(obs, m->seat);

	cd_ai_normal(obs, m->seat, c);
	if (cd_completes(obs, c->rank, c->count))
		return;		/* a clear already */
	if (cards_count_rank(from, CD_CLEAR_RANK) > 0 &&
	    cd_plays(obs, CD_CLEAR_RANK)) {
		c->rank = CD_CLEAR_RANK;
		c->count = 1;
	}
	if (c->rank != CD_LOWER_RANK &&
	    cards_count_rank(from, CD_LOWER_RANK) > 0 &&
	    cd_plays(obs, CD_LOWER_RANK) && eight_sticks(m, obs)) {
		c->rank = CD_LOWER_RANK;
		c->count = cards_count_rank(from, CD_LOWER_RANK);
	}
}
