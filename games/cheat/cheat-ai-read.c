/*
 * What an AI seat of Cheat or Questions reads of the table (games/ai.h;
 * the rest of the AI is in cheat-ai.c and cheat-ai-play.c): the cards it
 * can place and those it cannot, the odds of a draw from those, the risk
 * that an opponent proves its claim false, and how often the other seats
 * call.  Only what the observation keeps in place is read (cheat-ai.c
 * says what that is).
 */
#include <string.h>

#include "games/ai.h"
#include "games/cards.h"
#include "cheat-int.h"
#include "games/game.h"

void
cheat_ai_count_known(struct ai_mind *m, const struct game *obs)
{
	const struct cards *l;
	int s, i, id, *k, from;

	/* Every note counts (four minds a move of every play-out), so
	 * only the rows of seats at the table are cleared, and where the
	 * open claim starts in the pile is found once. */
	memset(m->known, 0, (size_t)obs->nseats * sizeof m->known[0]);
	memset(m->known_pile, 0, sizeof m->known_pile);
	m->unknown = 0;
	for (s = 0; s < obs->nseats; s++) {
		l = &obs->hand[s];
		k = m->known[s];
		for (i = 0; i < l->n; i++) {
			id = l->c[i];
			if (cheat_ai_knows(m, obs, id, s))
				k[cards_rank(id)]++;
			else
				m->unknown++;
		}
	}
	/* The pile's unknown cards count only in the open claim. */
	from = obs->open ? obs->pile.n - obs->laid : obs->pile.n;
	for (i = 0; i < obs->pile.n; i++) {
		id = obs->pile.c[i];
		if (cheat_ai_knows(m, obs, id, -1))
			m->known_pile[cards_rank(id)]++;
		else if (i >= from)
			m->unknown++;
	}
}

int
cheat_ai_placed(const struct ai_mind *m, const struct game *obs, int rank,
    int but)
{
	int s, n = m->known_pile[rank];

	for (s = 0; s < obs->nseats; s++)
		n += s != but ? m->known[s][rank] : 0;
	return n;
}

int
cheat_ai_unplaced(const struct ai_mind *m, const struct game *obs)
{
	(void)obs;
	return m->unknown;
}

/* The number of ways to choose k of n, as a double (exact enough for the
 * largest deck: C(144, 72) is near 1e42). */
static double
choose(int n, int k)
{
	double num = 1, den = 1;
	int i;

	if (k < 0 || k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	/* One division: both products stay below 1e160 for 144 cards. */
	for (i = 1; i <= k; i++) {
		num *= n - k + i;
		den *= i;
	}
	return num / den;
}

double
cheat_ai_atleast(int pool, int marked, int draws, int need)
{
	double p, below = 0;
	int x, lo, rest;

	if (need <= 0)
		return 1;
	if (marked > pool)
		marked = pool;
	if (draws > pool)
		draws = pool;
	if (marked < need || draws < need || draws <= 0)
		return 0;
	/* The chances of x = lo, lo + 1, ... marked among the draws, each
	 * from the one before: the decisions of a play-out ask this more
	 * than anything else, and a sum of binomials each time cost a
	 * third of them. */
	rest = pool - marked;
	lo = draws > rest ? draws - rest : 0;
	if (lo >= need)
		return 1;
	p = choose(marked, lo) * choose(rest, draws - lo) /
	    choose(pool, draws);
	for (x = lo; x < need; x++) {
		below += p;
		p = p * (marked - x) * (draws - x) /
		    ((double)(x + 1) * (rest - draws + x + 1));
	}
	return below >= 1 ? 0 : 1 - below;
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

double
cheat_ai_lie_odds(double prior, int count, double have)
{
	/* How much likelier each count is from a liar than from one who
	 * holds the cards, the rarity of holding them put aside. */
	static const double ratio[] = { 0, 0.5, 0.08, 0.012, 0.002 };
	double odds;

	if (have > 0.999)
		have = 0.999;
	if (have < 0.001)
		have = 0.001;
	odds = prior / (1 - prior) * ratio[count < 4 ? count : 4] *
	    (1 - have) / have;
	return odds / (1 + odds);
}

int
cheat_ai_worth(double p, int pile, int dhand, int mine, int ordered)
{
	double gain, loss;

	/* Cards given to one of several opponents are worth less than as
	 * many taken, unless it is near the end; in Questions, where a
	 * right call opens no round and piles come back, half as much. */
	gain = pile * (dhand <= 2 ? 0.6 : dhand <= 5 ? 0.4 : 0.25);
	gain = ordered ? gain / 2 : gain + 2;
	loss = pile + (mine <= 3 ? 4 : 0);
	return p * gain > (1 - p) * loss;
}

/* Whether seat s, calling as normal does (cheat-ai.c's lie_chance() and
 * call_worth() without hard's reading), would call m's seat's claim of
 * count cards of rank, held k of rank itself, pub of rank placed where
 * s can see them: s's view, as m's seat can reckon it from its own.  The
 * cards of the claimer s knows are taken to be none. */
static int
normal_calls(const struct ai_mind *m, const struct game *obs, int s,
    int count, int k, int pub)
{
	int me = m->seat, t, pool = count, marked = 4 * obs->decks - k - pub;
	double have;

	if (count > marked)
		return 1;
	if (count >= obs->hand[me].n)
		return 1;		/* a play that would win */
	for (t = 0; t < obs->nseats; t++) {
		if (t != s && obs->state[t] == SEAT_IN)
			pool += obs->hand[t].n;
	}
	pool -= count;			/* the claimer's hand after it */
	have = cheat_ai_atleast(pool, marked, obs->hand[me].n, count);
	return cheat_ai_worth(cheat_ai_lie_odds(0.3, count, have),
	    obs->pile.n + count, obs->hand[me].n - count, obs->hand[s].n,
	    obs->ordered);
}

double
cheat_ai_call_chance(const struct ai_mind *m, const struct game *obs,
    int rank, int count)
{
	int total = 4 * obs->decks, pool = cheat_ai_unplaced(m, obs);
	int mine = 0, i, s, k, kn, b, draws, ext, j[GAME_MAX_SEATS];
	int marked = total - cheat_ai_placed(m, obs, rank, -1), inpile = 0;
	double none = 1, calls, at, next;

	for (i = 0; i < obs->hand[m->seat].n; i++)
		mine += cards_rank(obs->hand[m->seat].c[i]) == rank;
	/* Copies of rank m's seat places outside its hand: taken to be
	 * where every seat sees them. */
	ext = cheat_ai_placed(m, obs, rank, -1) - mine;
	/* The copies each seat laid in the pile, claimed as what they
	 * are (most claims of a rank hold it): it knows where they are. */
	for (s = 0; s < obs->nseats; s++) {
		j[s] = s == m->seat ? 0 :
		    (m->pile_claims[s][rank] * 7 + 5) / 10;
		inpile += j[s];
	}
	marked -= inpile;
	if (marked < 0)
		marked = 0;
	for (s = 0; s < obs->nseats; s++) {
		if (s == m->seat || obs->state[s] != SEAT_IN)
			continue;
		/* What s holds of rank: the copies m's seat saw it take,
		 * those it laid in the pile, those believed held from the
		 * piles it took, and a draw from the rest. */
		kn = known_in_hand(m, obs, s, rank);
		b = (int)(m->bunch[s][rank] + 0.5);
		b = b < marked ? b : marked;
		draws = obs->hand[s].n - known_in_hand(m, obs, s, 0) - b;
		calls = 0;
		for (k = 0; k <= marked - b; k++) {
			at = cheat_ai_atleast(pool, marked - b, draws, k);
			next = cheat_ai_atleast(pool, marked - b, draws, k + 1);
			if (at - next <= 0)
				continue;
			calls += (at - next) * normal_calls(m, obs, s, count,
			    kn + j[s] + b + k, ext - kn);
		}
		none *= 1 - calls;
	}
	return 1 - none;
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

double
cheat_ai_calls_by(const struct ai_mind *m, int s, int several)
{
	return (m->calls_by[s][several] + 0.2) /
	    (m->chances_by[s][several] + 4);
}

double
cheat_ai_calls_of(const struct ai_mind *m, const struct game *obs,
    int several)
{
	double none = 1;
	int s;

	for (s = 0; s < obs->nseats; s++) {
		if (s != m->seat && obs->state[s] == SEAT_IN)
			none *= 1 - cheat_ai_calls_by(m, s, several);
	}
	return 1 - none;
}

double
cheat_ai_loose_rate(const struct ai_mind *m, const struct game *obs)
{
	double none = 1;
	int s;

	/* Most plays are true: a seat that calls them at some rate calls
	 * lies at about that rate more, on nothing. */
	for (s = 0; s < obs->nseats; s++) {
		if (s != m->seat && obs->state[s] == SEAT_IN)
			none *= 1 - (m->wrong[s] + 0.1) / (m->chances[s] + 2) /
			    0.7;
	}
	return 1 - none;
}

int
cheat_ai_hard(const struct ai_mind *m)
{
	return m->level >= AI_HARD;
}

int
cheat_ai_deep(const struct ai_mind *m, const struct game *obs)
{
	return cheat_ai_hard(m) && !obs->loser_mode;
}
