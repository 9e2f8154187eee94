/*
 * The expert's search of Cheat and Questions, what the variant gives it
 * (games/ai.h, struct ai_search's world, call and moves): the cards an
 * AI seat cannot place dealt again, weighted by what the claims said;
 * the call it may make in a window, which the search weighs against
 * letting the claim pass; and the plays it weighs against the hard one
 * at its turn: each rank it may claim played true (every card of it held),
 * true with one card more, and as a lie of one card (in Questions also of
 * two), the cards it wants least (as the hard level judges them).
 *
 * An even redeal (cheat-observe.c) makes a claim honest only by chance,
 * where players lay what they claim most of the time.  Here each unseen
 * card of the pile laid under a claim is, with the chance that the claim
 * was true, one of the unseen copies of the rank it was claimed as: for
 * the open claim the hard level's own estimate (cheat_ai_lie_chance()),
 * for those under it the chance the mind noted when they were laid (by
 * the size of the claim: cheat_ai_claim_true()).  And a seat that took
 * up a pile holds, in the same way, the claimed cards it took up unseen
 * that it has not claimed since (the mind's took[]).  The rest of the
 * unseen cards go evenly to the places left.  What every seat saw, every
 * seat of the world knows: the cards laid face up, and those the seat
 * can place in another hand (most of them shown by a call).
 *
 * Only the seat's observation (the copy w) and its mind are read: every
 * card the seat can place stays where it is, every hand keeps its size,
 * and what a world holds is drawn from rng.
 */
#include <math.h>
#include <string.h>

#include "games/ai.h"
#include "games/cards.h"
#include "cheat-int.h"
#include "games/game.h"
#include "games/rng.h"

/* A place of a card the seat cannot see: in hand s (-1: the pile), at
 * index i. */
struct place {
	int s, i;
};

/* A place that would hold a card of rank, with the chance p. */
struct want {
	int place, rank;
	double p;
};

/* The world's unseen cards and places, and how they are dealt. */
struct deal {
	struct place place[CARDS_MAX];
	int card[CARDS_MAX];		/* the unseen cards, shuffled */
	int used[CARDS_MAX];		/* 1 once dealt */
	int got[CARDS_MAX];		/* the card a place is dealt, or -1 */
	int n;				/* places, and cards */
	struct want want[CARDS_MAX];
	int nwant;
};

/* The card at place k of w. */
static int *
at(struct game *w, const struct place *pl)
{
	return pl->s < 0 ? &w->pile.c[pl->i] : &w->hand[pl->s].c[pl->i];
}

/* Takes every card of w that seat cannot place out of its place. */
static void
gather(struct deal *d, struct game *w, int seat)
{
	int s, i;

	d->n = 0;
	for (s = 0; s < w->nseats; s++) {
		for (i = 0; i < w->hand[s].n && s != seat; i++) {
			if (w->known[w->hand[s].c[i]] & (1u << seat))
				continue;
			d->place[d->n].s = s;
			d->place[d->n].i = i;
			d->card[d->n++] = w->hand[s].c[i];
		}
	}
	for (i = 0; i < w->pile.n; i++) {
		if (w->known[w->pile.c[i]] & (1u << seat))
			continue;
		d->place[d->n].s = -1;
		d->place[d->n].i = i;
		d->card[d->n++] = w->pile.c[i];
	}
	for (i = 0; i < d->n; i++) {
		d->used[i] = 0;
		d->got[i] = -1;
	}
}

static void
add_want(struct deal *d, int place, int rank, double p)
{
	d->want[d->nwant].place = place;
	d->want[d->nwant].rank = rank;
	d->want[d->nwant].p = p;
	d->nwant++;
}

/* The wants of the pile: each unseen card under a claim, the rank
 * claimed with the chance it was true; those of the open claim first
 * (from open on, the rest after). */
static int
pile_wants(struct deal *d, const struct game *w, const struct ai_mind *m)
{
	double lie = -1, p;
	int k, i, open = 0;

	for (k = d->n - 1; k >= 0; k--) {
		i = d->place[k].i;
		if (d->place[k].s >= 0 || w->pile_as[i] <= 0)
			continue;
		if (w->open && i >= w->pile.n - w->laid) {
			if (lie < 0)
				lie = cheat_ai_lie_chance(m, w);
			p = 1 - lie;
		} else if (m->npile == w->pile.n)
			p = m->pile_p[i];
		else
			p = cheat_ai_claim_true(w, 2, 2);
		add_want(d, k, w->pile_as[i], p);
		open += w->open && i >= w->pile.n - w->laid;
	}
	return open;
}

/* The wants of each hand: the claimed cards it took up unseen, each of
 * its unseen places at most once. */
static void
hand_wants(struct deal *d, const struct game *w, const struct ai_mind *m,
    int seat, struct rng *rng)
{
	int s, r, k, n, first;
	double e;

	for (s = 0; s < w->nseats; s++) {
		if (s == seat)
			continue;
		for (first = 0; first < d->n && d->place[first].s != s;
		    first++)
			;
		k = first;
		for (r = 1; r <= CARDS_RANKS; r++) {
			e = m->took[s][r];
			n = (int)e;
			if (rng_below(rng, 1000) < (uint32_t)((e - n) * 1000))
				n++;
			for (; n > 0 && k < d->n && d->place[k].s == s; n--)
				add_want(d, k++, r, 1);
		}
	}
}

/* Shuffles the wants from first on. */
static void
shuffle_wants(struct deal *d, int first, struct rng *rng)
{
	struct want t;
	int i, j;

	for (i = d->nwant - 1; i > first; i--) {
		j = first + (int)rng_below(rng, (uint32_t)(i - first + 1));
		t = d->want[i];
		d->want[i] = d->want[j];
		d->want[j] = t;
	}
}

/* Deals each want that its chance grants an unseen card of its rank,
 * while one is left. */
static void
grant(struct deal *d, struct rng *rng)
{
	const struct want *wt;
	int i, k;

	for (i = 0; i < d->nwant; i++) {
		wt = &d->want[i];
		if (d->got[wt->place] >= 0 ||
		    rng_below(rng, 1000) >= (uint32_t)(wt->p * 1000))
			continue;
		for (k = 0; k < d->n; k++) {
			if (!d->used[k] && cards_rank(d->card[k]) == wt->rank)
				break;
		}
		if (k == d->n)
			continue;
		d->used[k] = 1;
		d->got[wt->place] = d->card[k];
	}
}

void
cheat_ai_world(struct game *w, int seat, const struct ai_mind *m,
    struct rng *rng)
{
	struct deal d;
	int i, k = 0, open, s;

	gather(&d, w, seat);
	rng_shuffle(rng, d.card, (size_t)d.n);
	d.nwant = 0;
	open = pile_wants(&d, w, m);
	hand_wants(&d, w, m, seat, rng);
	shuffle_wants(&d, open, rng);
	grant(&d, rng);
	for (i = 0; i < d.n; i++) {
		if (d.got[i] < 0) {
			while (d.used[k])
				k++;
			d.used[k] = 1;
			d.got[i] = d.card[k];
		}
		*at(w, &d.place[i]) = d.got[i];
	}
	for (i = 0; i < w->nseats; i++)
		cards_sort(&w->hand[i]);
	for (i = 0; i < CARDS_MAX; i++)
		w->known[i] &= 1u << seat;
	for (i = 0; i < w->hand[seat].n; i++)
		w->known[w->hand[seat].c[i]] |= 1u << seat;
	/* What every seat saw, every seat knows (above). */
	for (i = 0; i < w->pile.n; i++) {
		if (w->pile_as[i] == CHEAT_FACE_UP)
			w->known[w->pile.c[i]] = CHEAT_KNOWN_ALL;
	}
	for (s = 0; s < w->nseats; s++) {
		for (i = 0; s != seat && i < w->hand[s].n; i++) {
			if (w->known[w->hand[s].c[i]] & (1u << seat))
				w->known[w->hand[s].c[i]] = CHEAT_KNOWN_ALL;
		}
	}
}

int
cheat_ai_call(const struct game *obs, int seat, struct game_move *mv)
{
	memset(mv, 0, sizeof *mv);
	if (!obs->open || obs->declarer < 0 || obs->declarer == seat ||
	    (obs->ordered && obs->plays > CHEAT_AI_LONG_GAME))
		return -1;
	mv->seat = seat;
	mv->verb = VERB_CHEAT;
	mv->argc = 1;
	mv->argv[0] = obs->declarer;
	return 0;
}

/* How much seat wants to keep a card of rank (cnt[] its hand by rank):
 * in Cheat its group and its neighbours (a group to open with or to play
 * true), in Questions how soon its own turns call the rank. */
static int
keep(const struct game *obs, const int *cnt, int rank)
{
	int k, want = obs->want, na = cheat_nactive(obs);

	if (!obs->ordered)
		return 3 * cnt[rank] + cnt[cards_rank_step(rank, -1)] +
		    cnt[cards_rank_step(rank, 1)];
	for (k = 1; k <= CARDS_RANKS; k++) {
		want = cards_rank_step(want, na);
		if (want == rank)
			break;
	}
	return 2 * (CARDS_RANKS - k) + cnt[rank];
}

/* The card of hand h seat wants least, not of rank but nor in p's n
 * cards (argv from 2), or -1. */
static int
junk(const struct game *obs, const struct cards *h, const int *cnt, int but,
    const struct game_move *p)
{
	int i, k, best = -1, score = 0, sc, used;

	for (i = 0; i < h->n; i++) {
		if (cards_rank(h->c[i]) == but)
			continue;
		for (used = 0, k = 2; k < p->argc; k++)
			used |= p->argv[k] == h->c[i];
		sc = keep(obs, cnt, cards_rank(h->c[i]));
		if (!used && (best < 0 || sc < score)) {
			best = h->c[i];
			score = sc;
		}
	}
	return best;
}

/* A play by seat into *mv: every card of rank true held (0: none), then
 * lies cards seat wants least, all claimed as rank. */
static int
play(const struct game *obs, int seat, const int *cnt, int rank, int true_,
    int lies, struct game_move *mv)
{
	const struct cards *h = &obs->hand[seat];
	int i, id;

	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	mv->verb = VERB_PLAY;
	mv->argc = 2;
	for (i = 0; i < h->n && true_; i++) {
		if (cards_rank(h->c[i]) == rank &&
		    mv->argc < GAME_MOVE_ARGS)
			mv->argv[mv->argc++] = h->c[i];
	}
	for (i = 0; i < lies; i++) {
		if ((id = junk(obs, h, cnt, true_ ? rank : -1, mv)) < 0 ||
		    mv->argc >= GAME_MOVE_ARGS)
			return -1;
		mv->argv[mv->argc++] = id;
	}
	mv->argv[0] = mv->argc - 2;
	mv->argv[1] = rank;
	return mv->argc > 2 ? 0 : -1;
}

double
cheat_ai_loose(const struct ai_mind *m, const struct game *obs, int caller)
{
	int k = obs->count > 1, n = cheat_nactive(obs) - 1;
	double caught;

	/* The seat's own lie, in a world of its search: the table calls it
	 * as often as it has called the seat's lies of that size, spread
	 * over the seats that may call (each calls on its own reckoning
	 * too, so this leans to more calls).  Cheat's alone: in Questions
	 * it measured no better (docs/ai.md). */
	if (!obs->ordered && obs->declarer == m->seat && n > 0 &&
	    !cheat_play_honest(obs)) {
		caught = (m->own_caught[k] + 0.2) / (m->own_lies[k] + 2);
		return 1 - pow(1 - caught, 1.0 / n);
	}

	/* Its calls of true plays, of the plays it could have called but
	 * the lies it caught: a seat that calls on evidence calls few true
	 * plays; one that calls every claim of a size, all of them. */
	return (m->wrong_by[caller][k] + 0.1) / (m->chances_by[caller][k] -
	    (m->calls_by[caller][k] - m->wrong_by[caller][k]) + 2);
}

/* Whether a seat at the table calls most claims of one card it could
 * call: a lie of one card is then a pile taken up.  Cheat's alone: in
 * Questions lies of two cards among the candidates then measured no
 * better (docs/ai.md). */
static int
singles_called(const struct ai_mind *m, const struct game *obs)
{
	int s;

	for (s = 0; !obs->ordered && s < obs->nseats; s++) {
		if (s != m->seat && obs->state[s] == SEAT_IN &&
		    cheat_ai_calls_by(m, s, 0) > 0.5)
			return 1;
	}
	return 0;
}

int
cheat_ai_moves(const struct ai_mind *m, const struct game *obs, int seat,
    struct rng *rng, struct game_move *mv, int max)
{
	const struct cards *h = &obs->hand[seat];
	int cnt[CARDS_RANKS + 1] = { 0 }, ranks[3], nranks = 0, n = 0;
	int i, r, lie = singles_called(m, obs) ? 2 : 1;
	struct game_move t;

	for (i = 0; i < h->n; i++)
		cnt[cards_rank(h->c[i])]++;
	if (!obs->ordered && obs->rank == 0) {
		/* An opening, face up and true: each group. */
		for (r = 1; r <= CARDS_RANKS && n < max; r++) {
			if (cnt[r] > 0 && play(obs, seat, cnt, r, 1, 0,
			    &mv[n]) == 0)
				n++;
		}
	} else {
		if (obs->ordered)
			ranks[nranks++] = obs->want;
		else {
			for (i = -1; i <= 1; i++)
				ranks[nranks++] = cards_rank_step(obs->rank, i);
		}
		for (i = 0; i < nranks && n + 3 <= max; i++) {
			r = ranks[i];
			/* The truth, the truth and a card more, and a lie
			 * of one card (of two where singles are called). */
			if (cnt[r] > 0 && play(obs, seat, cnt, r, 1, 0,
			    &mv[n]) == 0)
				n++;
			if (cnt[r] > 0 && play(obs, seat, cnt, r, 1, 1,
			    &mv[n]) == 0)
				n++;
			if (play(obs, seat, cnt, r, 0, lie, &mv[n]) == 0)
				n++;
		}
		if (obs->ordered && n < max &&
		    play(obs, seat, cnt, obs->want, 0, 2, &mv[n]) == 0)
			n++;
	}
	/* In a random order: the search weighs the first it is given. */
	for (i = n - 1; i > 0; i--) {
		r = (int)rng_below(rng, (uint32_t)i + 1);
		t = mv[i];
		mv[i] = mv[r];
		mv[r] = t;
	}
	return n;
}
