/*
 * Cheesedog's AI seats (games/ai.h): the mind, what it remembers from one
 * observation to the next, the easy player, and the decision that picks
 * the level's play; the normal player is in cheesedog-ai-normal.c, the
 * hard one in cheesedog-ai-hard.c.
 *
 * Cheesedog has no claims and no calls: every play is face up.  What a
 * seat does not know is the others' hands and every face-down card, and
 * what it can learn is what a pickup tells: a seat that picks up the pile
 * held nothing that played on it.  The mind remembers that, seat by seat,
 * as the ranks each seat's unseen hand cards may still be.
 *
 * The only choices are at the seat's own turn: which rank to play and how
 * many of it (a pickup and a flip are forced, and no flip position is
 * better than another, since nobody has seen them).
 */
#include <stdlib.h>
#include <string.h>

#include "games/ai.h"
#include "games/cards.h"
#include "cheesedog.h"
#include "cheesedog-int.h"
#include "games/game.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

/* Remembers what obs shows of every seat, to tell what the next move
 * did. */
static void
snap(struct ai_mind *m, const struct game *obs)
{
	int s;

	if (obs->cleared.n != m->cleared || cd_nactive(obs) != m->active)
		m->stall = 0;
	else
		m->stall++;
	m->cleared = obs->cleared.n;
	m->active = cd_nactive(obs);
	m->turn = obs->over ? -1 : obs->turn;
	m->pile = obs->pile.n;
	m->plays = cd_plays_mask(obs);
	for (s = 0; s < obs->nseats; s++) {
		m->hand[s] = obs->hand[s].n;
		m->from[s] = cd_from(obs, s);
	}
}

static struct ai_mind *
mind_new(const struct game *obs, int seat, enum ai_level level,
    const struct ai_habits *habits)
{
	struct ai_mind *m = xcalloc(1, sizeof *m);
	int s;

	/* Habits are of claims and calls, which Cheesedog has none of. */
	(void)habits;
	m->seat = seat;
	m->level = level;
	for (s = 0; s < GAME_MAX_SEATS; s++)
		m->may[s] = CD_ALL_RANKS;
	snap(m, obs);
	return m;
}

static void
mind_free(struct ai_mind *m)
{
	free(m);
}

/* A move was made: if the seat to move took the pile, nothing it played
 * from played on it.  A pickup from the hand tells that of its unseen
 * cards; a flip that did not play brought the one unseen card it holds
 * (its hand was empty), which did not play either; a pickup from the
 * face-up cards leaves it none unseen. */
static void
note(struct ai_mind *m, const struct game *obs)
{
	int t = m->turn;

	if (t >= 0 && m->pile > 0 && obs->hand[t].n >= m->hand[t] + m->pile) {
		if (m->from[t] == FROM_DOWN)
			m->may[t] = CD_ALL_RANKS & ~m->plays;
		else if (m->from[t] == FROM_HAND)
			m->may[t] &= ~m->plays;
		else
			m->may[t] = CD_ALL_RANKS;
	}
	snap(m, obs);
}

/* Easy: a beginner's play, half the time the lowest rank that plays
 * (keeping 2s), else any rank that plays (a 2 or a 10 spent for
 * nothing, an ace on a four); all of it, or now and then fewer of the
 * cards than it could. */
static void
easy(const struct game *obs, int seat, struct rng *rng, struct cd_choice *c)
{
	const struct cards *from = cd_source(obs, seat);
	int ranks[CARDS_RANKS], n = 0, rank;

	for (rank = 1; rank <= CARDS_RANKS; rank++) {
		if (cards_count_rank(from, rank) > 0 && cd_plays(obs, rank))
			ranks[n++] = rank;
	}
	c->rank = rng_below(rng, 2) == 0 ? cd_lowest_play(obs, from) :
	    ranks[rng_below(rng, (uint32_t)n)];
	c->count = cards_count_rank(from, c->rank);
	if (rng_below(rng, 4) == 0)
		c->count = 1 + (int)rng_below(rng, (uint32_t)c->count);
}

/* The level's own decision (the expert's is the hard one: ai_search()
 * starts from it). */
static int
decide(struct ai_mind *m, const struct game *obs, struct rng *rng,
    struct game_move *mv)
{
	const struct cards *from;
	struct cd_choice c;

	if (obs->over || obs->turn != m->seat)
		return -1;	/* no windows, and no asides, in Cheesedog */
	memset(mv, 0, sizeof *mv);
	mv->seat = m->seat;
	if ((from = cd_source(obs, m->seat)) == NULL) {
		/* Nobody has seen a face-down card: any will do. */
		mv->verb = VERB_FLIP;
		mv->argc = 1;
		mv->argv[0] = cd_first_down(obs, m->seat);
		return 0;
	}
	if (cd_lowest_play(obs, from) == 0) {
		mv->verb = VERB_PICKUP;
		return 0;
	}
	if (m->level == AI_EASY || (m->stall > CD_STALL &&
	    rng_below(rng, 2) == 0))
		easy(obs, m->seat, rng, &c);
	else if (m->level == AI_NORMAL)
		cd_ai_normal(obs, m->seat, &c);
	else
		cd_ai_hard(m, obs, rng, &c);
	cd_play_rank(from, c.rank, c.count, mv);
	return 0;
}

/* Moves a play-out looks ahead, at most. */
#define DEPTH 24

/* What the world w, not over, is worth to seat: the chance another is
 * the loser left holding cards, from the cards each seat has left. */
static double
eval(const struct game *w, int seat)
{
	double left[GAME_MAX_SEATS];
	int s, i;

	for (s = 0; s < w->nseats; s++) {
		left[s] = -1;
		if (w->state[s] != SEAT_IN)
			continue;
		left[s] = w->hand[s].n + w->up[s].n;
		for (i = 0; i < CD_DOWN; i++)
			left[s] += w->down[s][i] >= 0;
	}
	return ai_race(left, w->nseats, seat, 1);
}

/* The expert's search (games/ai-search.c): play-outs between hard
 * players, who spend their 10s and hold back their 8s as the table
 * does, and play the end out as hard does; normal ones lost the expert
 * 19.2% of 400 games, hard ones 14.2% at half the budget (docs/ai.md).
 * Their end, played out in worlds of its own, is what a decision costs
 * most: 32 play-outs keep it under 50 ms at the 99th percentile, 64
 * took 107 ms. */
static const struct ai_search search = {
	.rollout = AI_HARD,
	.alternatives = 3,
	.playouts = 32,		/* about 40 ms at the 99th percentile on a
				 * 2-core VM (docs/ai.md) */
	.depth = DEPTH,
	.eval = eval,
	.margin = 0.01,
};

const struct game_ai cheesedog_ai = {
	.mind_new = mind_new,
	.mind_free = mind_free,
	.note = note,
	.decide = decide,
	.search = &search,
};
