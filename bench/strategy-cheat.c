/*
 * The simple strategies' turns and calls in Cheat (for a winner or for
 * a loser) and in Questions, which share one state (games/cheat/): what
 * a strategy reads of its observation is the open claim (who made it,
 * its count and rank, the cards laid), the hands' sizes, and which cards
 * its seat can place (the known bits the observation keeps).
 *
 *   An opening (Cheat, face up): the biggest group it holds (of equals,
 *   the lowest rank), all of it.
 *   A play: all its cards of the rank it may claim that it holds most of
 *   (of equals: the rank declared, then one down, then one up;
 *   Questions: the turn's rank), true.  Holding none: one card of the
 *   rank it holds fewest of (of equals the lowest), claimed as one card
 *   of the rank it may claim of which it can place fewest copies
 *   (Questions: the turn's rank).
 *   A claim is impossible when its count is not the cards laid, or when
 *   it claims more copies of the rank than the seat cannot place (those
 *   in its hand, in the pile under the claim, in another hand where it
 *   saw them go).
 *   After a call in Questions, the question it asks is none (as when
 *   the asker's time runs out, ops->timeout()).
 */
#include <string.h>

#include "bench/strategy.h"
#include "games/cards.h"
#include "games/cheat/cheat-int.h"
#include "games/game.h"

/* The copies of rank whose place seat knows in obs, but those of seat
 * but's hand and of the pile's top laid cards (the open claim's). */
static int
placed(const struct game *obs, int seat, int rank, int but, int laid)
{
	int s, i, n = 0;

	for (s = 0; s < obs->nseats; s++) {
		if (s == but)
			continue;
		for (i = 0; i < obs->hand[s].n; i++) {
			if (cards_rank(obs->hand[s].c[i]) == rank &&
			    (s == seat || (obs->known[obs->hand[s].c[i]] &
			    (1u << seat))))
				n++;
		}
	}
	for (i = 0; i < obs->pile.n - laid; i++) {
		if (cards_rank(obs->pile.c[i]) == rank &&
		    (obs->known[obs->pile.c[i]] & (1u << seat)))
			n++;
	}
	return n;
}

/* The open claim as seat sees it. */
static void
read_claim(const struct game *obs, int seat, struct strategy_claim *c)
{
	int d = obs->declarer;

	c->count = obs->count;
	c->last = obs->hand[d].n == 0;
	c->impossible = obs->count != obs->laid ||
	    obs->count > 4 * obs->decks -
	    placed(obs, seat, obs->rank, d, obs->laid);
}

/* Lays every card of rank held by seat, claimed as count of claim; with
 * one set, only the first of them. */
static void
lay(const struct game *obs, int seat, int rank, int claim, int one,
    struct game_move *mv)
{
	const struct cards *h = &obs->hand[seat];
	int i;

	mv->verb = VERB_PLAY;
	mv->argc = 2;
	for (i = 0; i < h->n && mv->argc < GAME_MOVE_ARGS; i++) {
		if (cards_rank(h->c[i]) == rank) {
			mv->argv[mv->argc++] = h->c[i];
			if (one)
				break;
		}
	}
	mv->argv[0] = mv->argc - 2;
	mv->argv[1] = claim;
}

/* Seat's play at its turn. */
static void
play(const struct game *obs, int seat, struct game_move *mv)
{
	int cnt[CARDS_RANKS + 1] = { 0 }, ranks[3], n, i, r, best, fewest;

	for (i = 0; i < obs->hand[seat].n; i++)
		cnt[cards_rank(obs->hand[seat].c[i])]++;
	if (!obs->ordered && obs->rank == 0) {
		for (best = 1, r = 2; r <= CARDS_RANKS; r++) {
			if (cnt[r] > cnt[best])
				best = r;
		}
		lay(obs, seat, best, best, 0, mv);
		return;
	}
	if (obs->ordered) {
		ranks[0] = obs->want;
		n = 1;
	} else {
		ranks[0] = obs->rank;
		ranks[1] = cards_rank_step(obs->rank, -1);
		ranks[2] = cards_rank_step(obs->rank, 1);
		n = 3;
	}
	for (best = ranks[0], i = 1; i < n; i++) {
		if (cnt[ranks[i]] > cnt[best])
			best = ranks[i];
	}
	if (cnt[best] > 0) {
		lay(obs, seat, best, best, 0, mv);
		return;
	}
	/* A lie of one card: the one it needs least, claimed as the rank
	 * whose copies it can least account for. */
	for (fewest = 0, r = 1; r <= CARDS_RANKS; r++) {
		if (cnt[r] > 0 && (fewest == 0 || cnt[r] < cnt[fewest]))
			fewest = r;
	}
	for (best = ranks[0], i = 1; i < n; i++) {
		if (placed(obs, seat, ranks[i], -1, 0) <
		    placed(obs, seat, best, -1, 0))
			best = ranks[i];
	}
	lay(obs, seat, fewest, best, 1, mv);
}

int
strategy_cheat(enum strategy s, const struct game *obs, int seat,
    const struct game_turn *tu, struct rng *rng, struct game_move *mv)
{
	struct strategy_claim c;

	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	if (tu->over || tu->pause)
		return -1;	/* an answer awaited: the table ends it */
	if (obs->asker == seat) {
		mv->verb = VERB_ASK;	/* ask none */
		return 0;
	}
	if ((tu->window & (1u << seat)) && obs->open &&
	    obs->declarer >= 0 && obs->declarer != seat && !obs->face_up) {
		read_claim(obs, seat, &c);
		if (strategy_calls(s, &c, rng)) {
			mv->verb = VERB_CHEAT;
			mv->argc = 1;
			mv->argv[0] = obs->declarer;
			return 0;
		}
	}
	if (tu->seat != seat)
		return -1;
	play(obs, seat, mv);
	return 0;
}
