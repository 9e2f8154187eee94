/*
 * What an AI seat of Cheat or Questions reads of the table (games/ai.h;
 * the rest of the AI is in cheat-ai.c and cheat-ai-play.c): the cards it
 * can place and those it cannot, the odds of a draw from those, the risk
 * that an opponent proves its claim false, and how often the other seats
 * call.  Only what the observation keeps in place is read (cheat-ai.c
 * says what that is).
 */
#include "games/ai.h"
#include "games/cards.h"
#include "cheat-int.h"
#include "games/game.h"

int
cheat_ai_knows(const struct ai_mind *m, const struct game *obs, int id,
    int s)
{
	return s == m->seat || (obs->known[id] & (1u << m->seat)) != 0;
}

int
cheat_ai_placed(const struct ai_mind *m, const struct game *obs, int rank,
    int but)
{
	int s, i, n = 0;

	for (s = 0; s < obs->nseats; s++) {
		for (i = 0; i < obs->hand[s].n && s != but; i++)
			n += cards_rank(obs->hand[s].c[i]) == rank &&
			    cheat_ai_knows(m, obs, obs->hand[s].c[i], s);
	}
	for (i = 0; i < obs->pile.n; i++)
		n += cards_rank(obs->pile.c[i]) == rank &&
		    cheat_ai_knows(m, obs, obs->pile.c[i], -1);
	return n;
}

int
cheat_ai_unplaced(const struct ai_mind *m, const struct game *obs)
{
	int s, i, n = 0;

	for (s = 0; s < obs->nseats; s++) {
		for (i = 0; i < obs->hand[s].n; i++)
			n += !cheat_ai_knows(m, obs, obs->hand[s].c[i], s);
	}
	for (i = obs->pile.n - (obs->open ? obs->laid : 0); i < obs->pile.n;
	    i++)
		n += !cheat_ai_knows(m, obs, obs->pile.c[i], -1);
	return n;
}

/* The number of ways to choose k of n, as a double (exact enough for the
 * largest deck: C(144, 72) is near 1e42). */
static double
choose(int n, int k)
{
	double c = 1;
	int i;

	if (k < 0 || k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	for (i = 1; i <= k; i++)
		c = c * (n - k + i) / i;
	return c;
}

double
cheat_ai_atleast(int pool, int marked, int draws, int need)
{
	double below = 0, all;
	int x;

	if (need <= 0)
		return 1;
	if (marked > pool)
		marked = pool;
	if (draws > pool)
		draws = pool;
	if (marked < need || draws < need || draws <= 0)
		return 0;
	all = choose(pool, draws);
	for (x = 0; x < need; x++)
		below += choose(marked, x) * choose(pool - marked, draws - x);
	return below >= all ? 0 : 1 - below / all;
}

/* Known cards of rank (0: of any rank) in seat s's hand of obs, to m. */
static int
known_in_hand(const struct ai_mind *m, const struct game *obs, int s,
    int rank)
{
	int i, n = 0;

	for (i = 0; i < obs->hand[s].n; i++)
		n += cheat_ai_knows(m, obs, obs->hand[s].c[i], s) &&
		    (rank == 0 || cards_rank(obs->hand[s].c[i]) == rank);
	return n;
}

double
cheat_ai_proof_risk(const struct ai_mind *m, const struct game *obs,
    int rank, int count, int real)
{
	int total = 4 * obs->decks, pool = cheat_ai_unplaced(m, obs);
	int out = cheat_ai_placed(m, obs, rank, m->seat), s, need;
	int marked = total - cheat_ai_placed(m, obs, rank, -1);
	double clear = 1;

	if (real >= count)
		return 0;
	/* An opponent proves it who holds more than the copies the claim
	 * leaves unclaimed, counting those it saw placed elsewhere. */
	for (s = 0; s < obs->nseats; s++) {
		if (s == m->seat || obs->state[s] != SEAT_IN)
			continue;
		need = total - count - out + 1 -
		    known_in_hand(m, obs, s, rank);
		clear *= 1 - cheat_ai_atleast(pool, marked,
		    obs->hand[s].n - known_in_hand(m, obs, s, 0), need);
	}
	return 1 - clear;
}

/* How often seat s calls: this game's calls over its chances, drawn
 * towards the records, and towards one in ten with little to go on. */
static double
call_habit(const struct ai_mind *m, int s)
{
	const struct ai_habits *h = &m->habits[s];
	double calls = m->calls[s] + 0.4, chances = m->chances[s] + 4;

	if (h->chances > 0) {
		calls += 4.0 * h->calls / h->chances;
		chances += 4;
	}
	return calls / chances;
}

double
cheat_ai_call_rate(const struct ai_mind *m, const struct game *obs)
{
	double none = 1;
	int s;

	for (s = 0; s < obs->nseats; s++) {
		if (s != m->seat && obs->state[s] == SEAT_IN)
			none *= 1 - call_habit(m, s);
	}
	return 1 - none;
}

int
cheat_ai_deep(const struct ai_mind *m, const struct game *obs)
{
	return m->level == AI_HARD && !obs->loser_mode;
}
