/*
 * The normal level's turn and hide in CHEATER: rules on what counting
 * shows, where the hard level weighs every chance (cheater-ai-play.c).
 * A normal seat takes or steals from a hand that was shown holding a card
 * it needs, or that holds one nearly surely by the count of the unknown
 * cards; busts a hand shown one or two letters from spelling; grabs the
 * card it needs from the discard pile; plays a SHOW only when it would
 * discard it anyway; and hides when it has letters worth keeping.
 */
#include <string.h>

#include "cheater-int.h"

/* A card worth taking makes the hand better by this much at least, once
 * its worst card is discarded: about a letter of the suit it spells. */
#define NEEDED 1.0
/* How sure the count must make a normal seat that a hand holds a card it
 * needs before it spends a TAKE or its Cheater Power on it. */
#define SURE 0.5

/* Which faces seat's hand f[0..n-1] needs: need[face] set when the card
 * would improve it by NEEDED once the worst card is discarded. */
static void
needs(const struct ch_know *k, const int *f, int n, unsigned char *need)
{
	double now = ch_ai_value(k, f, n), gain[CH_FACES];
	int face;

	ch_ai_gains(k, f, n, 1, gain);
	for (face = 0; face < CH_FACES; face++)
		need[face] = gain[face] >= now + NEEDED;
}

/* The chance that victim holds a card of need: 1 if one was shown there,
 * else by the count of the unknown cards. */
static double
holds(const struct game *obs, const struct ch_know *k, int victim,
    const unsigned char *need)
{
	const struct cards *l = &obs->hand[victim];
	int i, face, hits = 0;

	for (i = 0; i < l->n; i++) {
		if (obs->pub[l->c[i]] && need[ch_face(l->c[i])])
			return 1;
	}
	for (face = 0; face < CH_FACES; face++)
		hits += need[face] ? k->pool[face] : 0;
	return 1 - ch_ai_none(k->npool, hits, k->slots[victim]);
}

/* The seat likeliest to hold a card of need, into *victim; the chance. */
static double
likeliest(const struct game *obs, const struct ch_know *k,
    const unsigned char *need, int *victim)
{
	double p, best = -1;
	int s;

	*victim = -1;
	for (s = 0; s < obs->nseats; s++) {
		if (s == k->seat || !obs->in[s])
			continue;
		if ((p = holds(obs, k, s, need)) > best) {
			best = p;
			*victim = s;
		}
	}
	return best;
}

/* A seat whose shown cards are at least letters of one suit, or -1. */
static int
shown_near(const struct game *obs, int seat, int letters)
{
	struct cards shown;
	int s, i;

	for (s = 0; s < obs->nseats; s++) {
		if (s == seat || !obs->in[s])
			continue;
		cards_clear(&shown);
		for (i = 0; i < obs->hand[s].n; i++) {
			if (obs->pub[obs->hand[s].c[i]])
				cards_add(&shown, obs->hand[s].c[i]);
		}
		if (ch_progress(&shown, ch_best_suit(&shown)) >= letters)
			return s;
	}
	return -1;
}

/* The seat with the most cards nobody was shown, or -1. */
static int
most_unknown(const struct game *obs, const struct ch_know *k)
{
	int s, best = -1;

	for (s = 0; s < obs->nseats; s++) {
		if (s != k->seat && obs->in[s] &&
		    (best < 0 || k->slots[s] > k->slots[best]))
			best = s;
	}
	return best;
}

/* Sets mv to verb on victim with the card at index i of the hand (i < 0:
 * no card, Cheater Power). */
static int
aim(const struct game *obs, int verb, int victim, int i,
    struct game_move *mv)
{
	memset(mv, 0, sizeof *mv);
	mv->seat = obs->turn;
	mv->verb = verb;
	if (verb == VERB_DRAW || verb == VERB_DRAW2 || verb == VERB_GRAB)
		return 0;
	mv->argv[mv->argc++] = victim;
	if (i >= 0)
		mv->argv[mv->argc++] = obs->hand[obs->turn].c[i];
	return 0;
}

int
ch_ai_count_turn(struct ch_ai_ctx *c, struct game_move *mv)
{
	const struct game *obs = c->obs;
	const struct ch_know *k = &c->know;
	const struct cards *h = &obs->hand[obs->turn];
	unsigned char need[CH_FACES];
	int f[CH_AI_HAND], n = ch_ai_faces(h, f), victim, take, bust, show;
	int drop[2];
	double sure;

	needs(k, f, n, need);
	sure = likeliest(obs, k, need, &victim);
	take = ch_find(obs, h, FACE_TAKE, 1, 0, NULL, 0);
	if (take < 0)
		take = ch_find(obs, h, FACE_WILD, 1, 0, NULL, 0);
	if (obs->power) {
		if (obs->discard.n > 0 &&
		    need[ch_face(obs->discard.c[obs->discard.n - 1])])
			return aim(obs, VERB_GRAB, -1, -1, mv);
		/* Cheater Power spends no card: the count need only make
		 * it likely. */
		if (sure >= SURE)
			return aim(obs, VERB_STEAL, victim, -1, mv);
	} else if (take >= 0 && sure >= SURE)
		return aim(obs, VERB_TAKE, victim, take, mv);
	bust = ch_find(obs, h, FACE_BUST, 1, 0, NULL, 0);
	if (bust < 0)
		bust = ch_find(obs, h, FACE_WILD, 1, 0, NULL, 0);
	if (bust >= 0 && (victim = shown_near(obs, obs->turn, 5)) >= 0)
		return aim(obs, VERB_BUST, victim, bust, mv);
	if (obs->power)
		return aim(obs, VERB_DRAW2, -1, -1, mv);
	/* A SHOW it would discard anyway is a draw that shows a hand. */
	show = ch_find(obs, h, FACE_SHOW, 1, 0, NULL, 0);
	if (show >= 0) {
		ch_ai_discard(k, f, n, 1, drop);
		if (f[drop[0]] == FACE_SHOW)
			return aim(obs, VERB_SHOW, most_unknown(obs, k), show,
			    mv);
	}
	return aim(obs, VERB_DRAW, -1, -1, mv);
}

int
ch_ai_count_hide(struct ch_ai_ctx *c, struct game_move *mv)
{
	const struct game *obs = c->obs;
	const struct cards *h = &obs->hand[obs->victim];
	int k, letters = ch_progress(h, ch_best_suit(h));

	if ((k = ch_find(obs, h, FACE_HIDE, 0, 0, NULL, 0)) < 0 &&
	    (k = ch_find(obs, h, FACE_WILD, 0, 0, NULL, 0)) < 0)
		return -1;
	/* A SHOW costs only what is seen: hidden from at the end alone. */
	if (letters < (obs->attack == VERB_SHOW ? 6 : 4))
		return -1;
	memset(mv, 0, sizeof *mv);
	mv->seat = obs->victim;
	mv->verb = VERB_HIDE;
	mv->argc = 1;
	mv->argv[0] = h->c[k];
	return 0;
}
