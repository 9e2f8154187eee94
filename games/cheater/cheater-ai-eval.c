/*
 * What a CHEATER AI seat knows and what a hand is worth to it: the cards
 * of unknown place (the pool every unknown card, drawn or in another
 * hand, comes from), the cards seen, and a hand's value, near to
 * spelling a suit whose missing letters can still be had.  The normal
 * and hard levels choose by these values (cheater-ai-play.c).
 */
#include <string.h>

#include "cheater-int.h"

/* A hand that spells CHEATER: the game is won. */
#define WIN_VALUE 100.0

/* What n letters of a suit are worth: each one more than the last, as
 * the word comes nearer (the seventh is the win). */
static const double letters_worth[CH_HAND] = {
	0, 1, 2.2, 3.7, 5.5, 8, 11.5,
};
/* How many of each letter CHEATER needs (C H E A T R). */
static const int letter_need[CH_LETTERS] = { 1, 1, 2, 1, 1, 1 };

void
ch_ai_know(struct ch_know *k, const struct game *obs, int seat)
{
	const struct cards *l;
	unsigned char mine[CH_CARDS] = { 0 };
	int s, i, id, f;

	memset(k, 0, sizeof *k);
	k->seat = seat;
	for (s = 0; s < CH_SUITS; s++)
		k->scale[s] = 1;
	k->keep_take = 2.0;
	for (i = 0; i < obs->hand[seat].n; i++)
		mine[obs->hand[seat].c[i]] = 1;
	for (s = 0; s < obs->nseats; s++) {
		l = &obs->hand[s];
		for (i = 0; s != seat && i < l->n; i++) {
			if (obs->pub[l->c[i]])
				k->shown[ch_face(l->c[i])]++;
			else
				k->slots[s]++;
		}
	}
	for (i = 0; i < obs->discard.n; i++)
		k->dead[ch_face(obs->discard.c[i])]++;
	for (id = 0; id < obs->decks * CH_DECK; id++) {
		if (mine[id] || obs->pub[id])
			continue;
		f = ch_face(id);
		k->pool[f]++;
		k->npool++;
	}
	/* Until told more, the pile is a fair sample of the pool. */
	for (f = 0; f < CH_FACES; f++)
		k->drawn[f] = k->held[f] = k->pool[f];
	k->ndrawn = k->nheld = k->npool;
	ch_ai_costs(k);
}

void
ch_ai_piles(struct ch_know *k, const double *known, int ndraw)
{
	double kn[CH_FACES], rest = 0, nknown = 0, share;
	int f;

	for (f = 0; f < CH_FACES; f++) {
		kn[f] = known[f] < k->pool[f] ? known[f] : k->pool[f];
		nknown += kn[f];
		rest += k->pool[f] - kn[f];
	}
	if (rest <= 0 || ndraw <= 0)
		return;
	if (nknown > ndraw)
		nknown = ndraw;
	share = (ndraw - nknown) / rest;
	if (share > 1)
		share = 1;
	k->ndrawn = k->nheld = 0;
	for (f = 0; f < CH_FACES; f++) {
		k->drawn[f] = kn[f] + (k->pool[f] - kn[f]) * share;
		k->held[f] = k->pool[f] - k->drawn[f];
		if (k->held[f] < 0)
			k->held[f] = 0;
		k->ndrawn += k->drawn[f];
		k->nheld += k->held[f];
	}
}

int
ch_ai_faces(const struct cards *l, int *f)
{
	int i;

	for (i = 0; i < l->n && i < CH_AI_HAND; i++)
		f[i] = ch_face(l->c[i]);
	return i;
}

/* How often a card of face f comes to be had: its unknown copies (fewer
 * in a suit others collect), those shown in another hand (a TAKE's), and
 * those discarded (back after a reshuffle). */
static double
avail(const struct ch_know *k, int f)
{
	int suit = ch_face_suit(f);

	return (suit >= 0 ? k->scale[suit] : 1) * k->pool[f] +
	    0.6 * k->shown[f] + 0.3 * k->dead[f];
}

void
ch_ai_costs(struct ch_know *k)
{
	double a;
	int suit, L, j;

	for (suit = 0; suit < CH_SUITS; suit++) {
		for (L = 0; L < CH_LETTERS; L++) {
			a = avail(k, suit * CH_LETTERS + L);
			for (j = 0; j < 2; j++) {
				k->miss[suit][L][j] = 1.2 / (a + 0.7);
				a = a > 1 ? a - 1 : 0;
			}
		}
	}
}

/* What a suit with have[] letters is worth: its letters, less what the
 * missing ones cost to find (little when many copies are unknown, more
 * when they were shown in another hand or discarded, most when none is
 * left).  Sets *got to the letters held. */
static double
suit_value(const struct ch_know *k, int suit, const int *have, int *got)
{
	double v;
	int L, j, p = 0;

	for (L = 0; L < CH_LETTERS; L++)
		p += have[L] < letter_need[L] ? have[L] : letter_need[L];
	*got = p;
	if (p >= CH_HAND)
		return WIN_VALUE;
	v = letters_worth[p];
	for (L = 0; L < CH_LETTERS; L++) {
		for (j = have[L]; j < letter_need[L]; j++)
			v -= k->miss[suit][L][j - have[L]];
	}
	return v;
}

/* A hand counted: its letters by suit, its action cards, and each
 * suit's value (suit_value()).  Taking a card from it or adding one
 * weighs again the one suit that changed: a discard tries every card
 * (every pair) of a hand, for every face it may draw, and weighing
 * every suit each time was two thirds of CHEATER's AI (docs/ai.md). */
struct tally {
	int have[CH_SUITS][CH_LETTERS], act[CH_FACES - FACE_TAKE];
	double v[CH_SUITS];
	int got[CH_SUITS];
};

/* Adds d (1 or -1) cards of face to t. */
static void
tally_add(const struct ch_know *k, struct tally *t, int face, int d)
{
	int s = ch_face_suit(face);

	if (s < 0) {
		t->act[face - FACE_TAKE] += d;
		return;
	}
	t->have[s][ch_face_letter(face)] += d;
	t->v[s] = suit_value(k, s, t->have[s], &t->got[s]);
}

static void
tally_hand(const struct ch_know *k, struct tally *t, const int *f, int n)
{
	int i, s;

	memset(t, 0, sizeof *t);
	for (i = 0; i < n; i++) {
		if (f[i] < FACE_TAKE)
			t->have[ch_face_suit(f[i])][ch_face_letter(f[i])]++;
		else
			t->act[f[i] - FACE_TAKE]++;
	}
	for (s = 0; s < CH_SUITS; s++)
		t->v[s] = suit_value(k, s, t->have[s], &t->got[s]);
}

/* What the hand t is worth (ch_ai_value()). */
static double
tally_value(const struct ch_know *k, const struct tally *t)
{
	const int *act = t->act;
	double best = -1e9, second = -1e9, v;
	int s, bestgot = 0;

	for (s = 0; s < CH_SUITS; s++) {
		v = t->v[s];
		if (v >= WIN_VALUE)
			return WIN_VALUE;
		if (v > best) {
			second = best;
			best = v;
			bestgot = t->got[s];
		} else if (v > second)
			second = v;
	}
	/* The second suit is a way out if the first dries up; an action
	 * card fills a place no letter of the suit needs yet.  A HIDE is
	 * worth more the more there is to protect. */
	v = best + 0.3 * second;
	v += act[FACE_TAKE - FACE_TAKE] > 0 ? k->keep_take +
	    (act[FACE_TAKE - FACE_TAKE] - 1) * 0.8 : 0;
	v += act[FACE_WILD - FACE_TAKE] * 2.6;
	v += act[FACE_BUST - FACE_TAKE] * 1.3;
	v += act[FACE_SHOW - FACE_TAKE] > 0 ? 0.5 +
	    (act[FACE_SHOW - FACE_TAKE] - 1) * 0.2 : 0;
	v += act[FACE_HIDE - FACE_TAKE] > 0 ? 1.0 + 0.3 * bestgot +
	    (act[FACE_HIDE - FACE_TAKE] - 1) * 0.3 : 0;
	return v;
}

double
ch_ai_value(const struct ch_know *k, const int *f, int n)
{
	struct tally t;

	tally_hand(k, &t, f, n);
	return tally_value(k, &t);
}

/* ch_ai_discard() of the hand f[0..n-1] counted in t. */
static double
best_discard(const struct ch_know *k, const struct tally *t, const int *f,
    int n, int need, int *drop)
{
	struct tally left;
	double best = -1e18, v;
	int i, j;

	for (i = 0; i < n; i++) {
		for (j = need > 1 ? i + 1 : i; j < (need > 1 ? n : i + 1);
		    j++) {
			left = *t;
			tally_add(k, &left, f[i], -1);
			if (j != i)
				tally_add(k, &left, f[j], -1);
			v = tally_value(k, &left);
			if (v > best) {
				best = v;
				drop[0] = i;
				if (need > 1)
					drop[1] = j;
			}
		}
	}
	return best;
}

double
ch_ai_discard(const struct ch_know *k, const int *f, int n, int need,
    int *drop)
{
	struct tally t;

	tally_hand(k, &t, f, n);
	return best_discard(k, &t, f, n, need, drop);
}

double
ch_ai_draw(const struct ch_know *k, const int *f, int n, int discard)
{
	struct tally t, more_t;
	int more[CH_AI_HAND + 1], drop[2], face;
	double sum = 0;

	if (k->ndrawn <= 0 || n >= CH_AI_HAND)
		return ch_ai_value(k, f, n);
	tally_hand(k, &t, f, n);
	memcpy(more, f, (size_t)n * sizeof f[0]);
	for (face = 0; face < CH_FACES; face++) {
		if (k->drawn[face] <= 0)
			continue;
		more[n] = face;
		more_t = t;
		tally_add(k, &more_t, face, 1);
		sum += k->drawn[face] * (discard ?
		    best_discard(k, &more_t, more, n + 1, 1, drop) :
		    tally_value(k, &more_t));
	}
	return sum / k->ndrawn;
}

void
ch_ai_gains(const struct ch_know *k, const int *f, int n, int discard,
    double *gain)
{
	struct tally t, more_t;
	int more[CH_AI_HAND + 1], drop[2], face;

	tally_hand(k, &t, f, n);
	memcpy(more, f, (size_t)n * sizeof f[0]);
	for (face = 0; face < CH_FACES; face++) {
		more[n] = face;
		more_t = t;
		tally_add(k, &more_t, face, 1);
		gain[face] = discard ? best_discard(k, &more_t, more, n + 1,
		    1, drop) : tally_value(k, &more_t);
	}
}

double
ch_ai_none(int pool, int hits, int draws)
{
	double p = 1;
	int j;

	for (j = 0; j < draws; j++) {
		if (pool - hits - j <= 0)
			return 0;
		p *= (double)(pool - hits - j) / (pool - j);
	}
	return p;
}

/* The chance that none of slots cards is among the hits, when each is
 * one of pool's weighted faces: the cards a seat keeps are no fair
 * sample of the unknown ones. */
static double
none_weighted(double pool, double hits, int slots)
{
	double p = 1, miss = pool > 0 ? 1 - hits / pool : 0;
	int j;

	for (j = 0; j < slots; j++)
		p *= miss > 0 ? miss : 0;
	return p;
}

double
ch_ai_best_of(const struct ch_know *k, const double *gain, const int *known,
    int nknown, int slots, const double *weight)
{
	int order[CH_FACES], n = 0, i, j, t, hits = 0;
	double floor = -1e18, e = 0, before = 1, after, wpool = 0, whits = 0;

	for (i = 0; i < nknown; i++) {
		if (gain[known[i]] > floor)
			floor = gain[known[i]];
	}
	if (slots <= 0 || k->npool == 0)
		return nknown > 0 ? floor : 0;
	if (slots > k->npool)
		slots = k->npool;
	for (i = 0; i < CH_FACES; i++) {
		if (k->pool[i] > 0)
			order[n++] = i;
		if (weight != NULL)
			wpool += k->pool[i] * weight[i];
	}
	/* Faces best first: the best card held is face i when none of
	 * the better ones was dealt and one of i was. */
	for (i = 1; i < n; i++) {
		for (j = i; j > 0 && gain[order[j]] > gain[order[j - 1]];
		    j--) {
			t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	}
	for (i = 0; i < n && before > 0; i++) {
		hits += k->pool[order[i]];
		if (weight != NULL)
			whits += k->pool[order[i]] * weight[order[i]];
		after = weight != NULL ? none_weighted(wpool, whits, slots) :
		    ch_ai_none(k->npool, hits, slots);
		e += (before - after) * (gain[order[i]] > floor ?
		    gain[order[i]] : floor);
		before = after;
	}
	return e;
}
