/*
 * The play an AI seat of Cheat or Questions makes at its turn (the rest
 * of the AI is in cheat-ai.c; what it reads of the table, the cards it
 * can place and the risks of a claim, in cheat-ai-read.c).
 *
 * Easy opens with any rank, plays true cards most of the time it can and
 * lies with one or two cards picked at random.  Normal opens with its
 * biggest group, plays all its cards of the rank it may claim that it
 * holds most of, and when it holds none lies with the card it needs least
 * (in Questions the rank its own turns call last) and has lied with least
 * (a card seen in lie after lie is one the table comes to know), claimed
 * as the rank whose copies it can least account for, less those the pile
 * is said to hold.  Now and then (mix()) it lies with two cards, or pads
 * a true play with a lie, so that no count is safe to believe: taking
 * that away from normal makes Cheat's hard gain about 3 points on it and
 * Questions' hard lose 4.  Hard plays as normal does, but lies with the
 * claim an opponent is least likely to be able to prove false, mixes only
 * claims unlikely to be proved false, and plans its end: a hand of one
 * rank, whose last play is true and survives the call every last play
 * meets.  In Cheat it covers (cover()): holding cards of a rank it may
 * claim, it lies as that rank with two or three cards it may not claim,
 * which nobody can prove false, when a caller reckoning as normal does
 * would seldom call it, and keeps its true cards for later; and where the
 * table calls claims of one card more often than claims of several, its
 * lie of one card gets a second card (mix()).
 */
#include <string.h>

#include "games/ai.h"
#include "games/cards.h"
#include "cheat-int.h"
#include "games/game.h"
#include "games/rng.h"

/* A play being weighed: the cards, and the claim. */
struct play {
	int rank;
	int n;
	int ids[GAME_MOVE_ARGS - 2];
};

/* The ranks seat may claim now into ranks[], how many (an opening: every
 * rank it holds, face up, as what it is). */
static int
claimable(const struct game *obs, const int *cnt, int *ranks)
{
	int r, n = 0;

	if (obs->ordered) {
		ranks[n++] = obs->want;
		return n;
	}
	if (obs->rank == 0) {
		for (r = 1; r <= CARDS_RANKS; r++) {
			if (cnt[r] > 0)
				ranks[n++] = r;
		}
		return n;
	}
	ranks[n++] = cards_rank_step(obs->rank, -1);
	ranks[n++] = obs->rank;
	ranks[n++] = cards_rank_step(obs->rank, 1);
	return n;
}

/* How much seat wants to keep a card of rank: in Questions, the sooner
 * its own turns call the rank, the more; in Cheat, the more cards of the
 * rank and of its neighbours it holds (a group to open with or to play
 * true). */
static int
keep(const struct game *obs, const int *cnt, int rank)
{
	int k, want, na = cheat_nactive(obs);

	if (obs->ordered) {
		want = obs->want;
		for (k = 1; k <= CARDS_RANKS; k++) {
			want = cards_rank_step(want, na);
			if (want == rank)
				break;
		}
		return 2 * (CARDS_RANKS - k) + cnt[rank];
	}
	return 3 * cnt[rank] + cnt[cards_rank_step(rank, -1)] +
	    cnt[cards_rank_step(rank, 1)];
}

/* Adds to p the card of hand h (not of rank but) seat wants least, or
 * returns -1 when there is none: the card it has lied with least often
 * (a card laid in lie after lie is one the table may come to know), a
 * tie broken at random. */
static int
add_junk(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    const int *cnt, unsigned but, struct play *p)
{
	const struct cards *h = &obs->hand[m->seat];
	int i, k, best = -1, score = 0, s, used, ties = 0;

	for (i = 0; i < h->n; i++) {
		if (but & (1u << cards_rank(h->c[i])))
			continue;
		for (used = 0, k = 0; k < p->n; k++)
			used |= p->ids[k] == h->c[i];
		if (used)
			continue;
		s = keep(obs, cnt, cards_rank(h->c[i])) +
		    4 * m->bluffed[h->c[i]];
		if (best >= 0 && s == score &&
		    rng_below(rng, (uint32_t)++ties + 1) == 0)
			best = h->c[i];
		if (best < 0 || s < score) {
			best = h->c[i];
			score = s;
			ties = 0;
		}
	}
	if (best >= 0)
		p->ids[p->n++] = best;
	return best >= 0 ? 0 : -1;
}

/* Adds to p every card of rank seat holds. */
static void
add_rank(const struct game *obs, int seat, int rank, struct play *p)
{
	const struct cards *h = &obs->hand[seat];
	int i;

	for (i = 0; i < h->n; i++) {
		if (cards_rank(h->c[i]) == rank)
			p->ids[p->n++] = h->c[i];
	}
}

/* Of the ranks seat may claim, the one whose copies it can least account
 * for, less those the pile is said to hold already (the lie hardest to
 * prove); a tie is broken at random, so that two AIs never go round in
 * the same circle for ever. */
static int
lie_rank(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    const int *ranks, int nranks)
{
	int i, best = ranks[0], most = -100, left, ties = 0;

	for (i = 0; i < nranks; i++) {
		left = 4 * obs->decks - cheat_ai_placed(m, obs, ranks[i], -1) -
		    m->claimed[ranks[i]];
		if (left == most && rng_below(rng, (uint32_t)++ties + 1) == 0)
			best = ranks[i];
		if (left > most) {
			most = left;
			best = ranks[i];
			ties = 0;
		}
	}
	return best;
}

/* The group of hand to open with or play true: the most cards, and among
 * as many those seat would least keep, a tie broken at random (where
 * every hand is known, AIs that always chose alike could play the same
 * rounds for ever); -1 if it holds none of ranks. */
static int
best_group(const struct game *obs, struct rng *rng, const int *cnt,
    const int *ranks, int nranks)
{
	int i, r, best = -1, score = 0, s, ties = 0;

	for (i = 0; i < nranks; i++) {
		if (cnt[r = ranks[i]] == 0)
			continue;
		s = 100 * cnt[r] - keep(obs, cnt, r);
		if (best >= 0 && s == score &&
		    rng_below(rng, (uint32_t)++ties + 1) == 0)
			best = r;
		if (best < 0 || s > score) {
			best = r;
			score = s;
			ties = 0;
		}
	}
	return best;
}

/* Easy: a random group it may claim, often all of it; else a lie of one
 * or two random cards as a random rank it may claim. */
static void
play_easy(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    const int *cnt, const int *ranks, int nranks, struct play *p)
{
	const struct cards *h = &obs->hand[m->seat];
	int held[CARDS_RANKS], nheld = 0, i, k, n;

	for (i = 0; i < nranks; i++) {
		if (cnt[ranks[i]] > 0)
			held[nheld++] = ranks[i];
	}
	if (nheld > 0 && (obs->rank == 0 && !obs->ordered ?
	    1 : rng_below(rng, 4) != 0)) {
		p->rank = held[rng_below(rng, (uint32_t)nheld)];
		add_rank(obs, m->seat, p->rank, p);
		if (rng_below(rng, 3) == 0)
			p->n = 1 + (int)rng_below(rng, (uint32_t)p->n);
		return;
	}
	p->rank = ranks[rng_below(rng, (uint32_t)nranks)];
	n = h->n > 1 && rng_below(rng, 4) == 0 ? 2 : 1;
	while (p->n < n) {
		k = h->c[rng_below(rng, (uint32_t)h->n)];
		for (i = 0; i < p->n && p->ids[i] != k; i++)
			;
		if (i == p->n)
			p->ids[p->n++] = k;
	}
}

/* Mixes the size of a claim face down, as a strong player does, so that
 * no count is safe to believe, nor to call: now and then a true play
 * gets a card more, a lie of one card a second card.  Never a claim of
 * more copies than could exist from its view, nor of its last cards;
 * hard, never one an opponent is likely to be able to prove false.
 * Hard (not in the loser game) always gives its lie of one card a second
 * card where this game's calls of claims of one card outnumber those of
 * several by 0.1 (cheat_ai_calls_of()), risking a proof up to 0.5: a
 * table that calls single cards is told two (taking that away, a
 * strategy calling every claim of one card won 31% against three hard
 * seats, 5% with it). */
static void
mix(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    const int *cnt, struct play *p)
{
	int i, real = 0, unseen, hard = cheat_ai_hard(m), force;

	for (i = 0; i < p->n; i++)
		real += cards_rank(p->ids[i]) == p->rank;
	unseen = 4 * obs->decks - cheat_ai_placed(m, obs, p->rank, -1);
	if (p->n >= 3 || obs->hand[m->seat].n <= p->n + 1 ||
	    p->n + 1 - real > unseen)
		return;
	force = cheat_ai_deep(m, obs) && real == 0 && p->n == 1 &&
	    cheat_ai_calls_of(m, obs, 0) > cheat_ai_calls_of(m, obs, 1) + 0.1;
	if (rng_below(rng, 100) >= (real > 0 ? (hard ? 25u : 10u) :
	    (hard ? 50u : 25u)) && !force)
		return;
	if (hard && cheat_ai_proof_risk(m, obs, p->rank, p->n + 1, real) >
	    (real > 0 ? 0.15 : force ? 0.5 : 0.3))
		return;
	add_junk(m, obs, rng, cnt, 1u << p->rank, p);
}

/* Normal: the biggest group it may claim, else one card it needs least
 * claimed as the rank hardest to disprove.  One opening in five is any
 * group: when every card is known, always the biggest can make the same
 * rounds come back for ever. */
static void
play_normal(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    const int *cnt, const int *ranks, int nranks, struct play *p)
{
	p->rank = best_group(obs, rng, cnt, ranks, nranks);
	if (!obs->ordered && obs->rank == 0 && rng_below(rng, 5) == 0)
		p->rank = ranks[rng_below(rng, (uint32_t)nranks)];
	if (p->rank > 0) {
		add_rank(obs, m->seat, p->rank, p);
		if (obs->ordered || obs->rank != 0)
			mix(m, obs, rng, cnt, p);
		return;
	}
	p->rank = lie_rank(m, obs, rng, ranks, nranks);
	add_junk(m, obs, rng, cnt, 0, p);
	mix(m, obs, rng, cnt, p);
}

/* Hard's lie: of the ranks it may claim, the one whose claim of one card
 * an opponent is least likely to be able to prove false, and of those
 * the one normal would choose. */
static int
safest(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    const int *ranks, int nranks)
{
	int i, n = 0, keep[3] = { 0, 0, 0 };
	double risk, least = 2;

	for (i = 0; i < nranks; i++) {
		risk = cheat_ai_proof_risk(m, obs, ranks[i], 1, 0);
		if (risk < least - 0.02) {
			least = risk;
			n = 0;
		}
		if (risk < least + 0.02)
			keep[n++] = ranks[i];
	}
	return lie_rank(m, obs, rng, keep, n);
}

/* Hard's cover, in Cheat: a lie as a rank it holds, laid from cards of
 * ranks it may not claim now, two cards or more, as many as it holds of
 * the rank (nobody can prove it false) or one more, when seats calling as
 * normal does would call it seldom (cheat_ai_call_chance() at most 0.1)
 * and the table has not been calling true plays (cheat_ai_loose_rate()
 * at most 0.1: a table that calls at random would catch it); the claim
 * worth most, cards shed less the pile taken by that chance, and at
 * least half the cards of its best true play.  It keeps its true cards
 * for later plays, and for its last.  Covers of one card measured worse
 * than none (18% against three normal seats, 37 with covers of two or
 * more).  0, or -1: none. */
static int
cover(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    const int *cnt, const int *ranks, int nranks, int group, struct play *p)
{
	const struct cards *h = &obs->hand[m->seat];
	unsigned claimable = 0;
	int i, c, r, junk = 0, best = 0, bc = 0;
	double q, v, top = 0;

	if (obs->ordered || cheat_ai_loose_rate(m, obs) > 0.1)
		return -1;
	for (i = 0; i < nranks; i++)
		claimable |= 1u << ranks[i];
	for (i = 0; i < h->n; i++)
		junk += !(claimable & (1u << cards_rank(h->c[i])));
	for (i = 0; i < nranks; i++) {
		r = ranks[i];
		for (c = 2; c <= cnt[r] + 1 && c <= junk; c++) {
			q = cheat_ai_call_chance(m, obs, r, c);
			if (q > 0.1)
				continue;
			v = c * (1 - q) - q * obs->pile.n;
			if (v > top) {
				top = v;
				best = r;
				bc = c;
			}
		}
	}
	if (best == 0 || 2 * bc < cnt[group])
		return -1;
	p->rank = best;
	while (p->n < bc && add_junk(m, obs, rng, cnt, claimable, p) == 0)
		;
	return 0;
}

/* Hard: normal's play, except that it covers when it can (cover()), its
 * lies are the claims least likely to be proved false, and near the end:
 * holding two ranks, one it may claim and a single card of another, it
 * lies with the single card and keeps the group, whose rank is near the
 * one claimed now, unless the table calls too much for that: a hand of
 * one rank wins with the first turn that may claim it, or the first
 * round it opens, face up (a last play that survives the call every last
 * play meets). */
static void
play_hard(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    const int *cnt, const int *ranks, int nranks, struct play *p)
{
	int r, single = 0, nheld = 0, group;

	group = best_group(obs, rng, cnt, ranks, nranks);
	if (!obs->ordered && obs->rank == 0) {
		/* Face up and true: the biggest group (any group, now and
		 * then, in a game gone on too long). */
		p->rank = group;
		if (obs->plays > 150 && rng_below(rng, 4) == 0)
			p->rank = ranks[rng_below(rng, (uint32_t)nranks)];
		add_rank(obs, m->seat, p->rank, p);
		return;
	}
	for (r = 1; r <= CARDS_RANKS; r++) {
		nheld += cnt[r] > 0;
		if (cnt[r] == 1 && r != group)
			single = r;
	}
	if (group > 0 && (obs->ordered || nheld != 2 || single == 0 ||
	    cheat_ai_call_rate(m, obs) > 0.3)) {
		if (cover(m, obs, rng, cnt, ranks, nranks, group, p) == 0)
			return;
		p->rank = group;
		add_rank(obs, m->seat, p->rank, p);
		mix(m, obs, rng, cnt, p);
		return;
	}
	p->rank = safest(m, obs, rng, ranks, nranks);
	add_junk(m, obs, rng, cnt, group > 0 ? 1u << group : 0, p);
	mix(m, obs, rng, cnt, p);
}

void
cheat_ai_play(struct ai_mind *m, const struct game *obs, struct rng *rng,
    struct game_move *mv)
{
	const struct cards *h = &obs->hand[m->seat];
	struct play p;
	int cnt[CARDS_RANKS + 1] = { 0 }, ranks[CARDS_RANKS], nranks, i;

	for (i = 0; i < h->n; i++)
		cnt[cards_rank(h->c[i])]++;
	nranks = claimable(obs, cnt, ranks);
	memset(&p, 0, sizeof p);
	if (m->level == AI_EASY)
		play_easy(m, obs, rng, cnt, ranks, nranks, &p);
	else if (!cheat_ai_deep(m, obs))	/* hard's loser game too */
		play_normal(m, obs, rng, cnt, ranks, nranks, &p);
	else
		play_hard(m, obs, rng, cnt, ranks, nranks, &p);
	/* The cards of a lie, marked once it is played (cheat-ai.c). */
	m->nlying = 0;
	for (i = 0; i < p.n; i++) {
		if (cards_rank(p.ids[i]) != p.rank)
			m->lying[m->nlying++] = p.ids[i];
	}
	mv->verb = VERB_PLAY;
	mv->argc = 2 + p.n;
	mv->argv[0] = p.n;
	mv->argv[1] = p.rank;
	memcpy(mv->argv + 2, p.ids, (size_t)p.n * sizeof p.ids[0]);
}
