/*
 * Liar's UNO's AI seats (games/ai.h): the mind and its memory, and every
 * decision but the turn's play (liarsuno-ai-play.c): calling UNO,
 * challenging a face-down card, whose hand a 7 takes, the card put for a
 * Wild Liar's Challenge and the put cards turned over after one's own.
 * What both read of the table and the others (what the seat sees of the
 * cards, what a card is worth, how often a seat calls) is
 * liarsuno-ai-read.c's.
 *
 * Everything is decided from the seat's observation (liarsuno-observe.c)
 * and the mind.  A claim is true only if the card is a Liar's Card of
 * the face claimed, and there is one of each number, two of each action
 * of a colour and four Wild Draw Fours: counting those whose place the
 * seat cannot know says how likely the claimer held one.
 *
 * easy calls and bluffs at random, but never absurdly: it calls a last
 * card often and a card it can prove false always.  normal and hard
 * call on expected value, a last card too: the chance of a lie (the
 * claimer's rate of lying, less for a last card and for a big hand,
 * moved by the hypergeometric chance that it held a card of the face
 * among the cards the seat cannot place) against what a lie caught and
 * a truth shown cost.  normal takes a fixed rate and what it sees now,
 * and wants a clearer gain; hard the claimer's own rate (this game and
 * the records) and what it remembers of the claimer's hand before the
 * play (a card a caught lie showed, a hand it gave away in a swap).
 */
#include <stdlib.h>
#include <string.h>

#include "games/ai.h"
#include "games/cards.h"
#include "games/game.h"
#include "liarsuno.h"
#include "liarsuno-int.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

/* How often a face-down claim is a lie, before anything is known of the
 * claimer (LU_PRIOR_WEIGHT says how much that guess weighs against what
 * is seen), and how much rarer a lie is about a last card, which
 * everyone is likeliest to call. */
#define LIE_PRIOR 0.35
#define LAST_LIE_FACTOR 0.4
/* A seat with more cards is likelier to hold a true play, so lies less:
 * the rate is scaled by HAND_CARDS / (HAND_CARDS + its cards left). */
#define HAND_CARDS 6.0
/* What a lie caught on a last card is worth at most, in cards: the
 * claimer does not go out (LAST_GAIN), and the part of it that is the
 * caller's own hope of winning (LAST_SHARE of it, by its race share). */
#define LAST_GAIN 20.0
#define LAST_SHARE 0.7

/* x to the power k, k >= 0 (the tests link without libm). */
static double
power(double x, int k)
{
	double r = 1;

	while (k-- > 0)
		r *= x;
	return r;
}

/* The chance that draws cards dealt at random from pool cards, k of
 * which are of a kind, hold at least one of them (hypergeometric). */
static double
held_chance(int pool, int k, int draws)
{
	double none = 1;
	int i;

	if (k <= 0 || draws <= 0 || pool <= 0)
		return 0;
	if (draws > pool - k)
		return 1;
	for (i = 0; i < draws; i++)
		none *= (double)(pool - k - i) / (pool - i);
	return 1 - none;
}

/* How often claimer lies, as far as m knows: this game's challenges and
 * the records, weighed against the prior.  Only normal and hard use
 * what they saw; the records are hard's alone. */
static double
lie_rate(const struct ai_mind *m, int claimer)
{
	const struct ai_habits *h = &m->habits[claimer];

	return (m->lies[claimer] + h->lies + LIE_PRIOR * LU_PRIOR_WEIGHT) /
	    (m->shown[claimer] + h->claims + LU_PRIOR_WEIGHT);
}

/* The chance that the open face-down card is a lie: 1 when counting
 * proves it; else the claimer's rate of lying (rate), moved by the
 * chance that it held a Liar's Card of the face claimed, against that
 * of a face none of whose cards the seat has placed.  The claimer's
 * n + 1 cards before its play are a hypergeometric draw from the cards
 * the seat cannot place; with memory (hard), those the seat could
 * place in its hand just before the play (a card a caught lie showed, a
 * hand the seat gave it) are counted as they are: one of the face makes
 * the claim possible for sure, and a hand known whole without one
 * proves the lie. */
static double
lie_chance(const struct ai_mind *m, const struct game *g,
    const struct lu_sight *sg, double rate, int memory)
{
	int face = g->down_claim, n = g->hand[g->down_seat].n;
	int pool = sg->hidden, k = sg->unseen[face], draws = n + 1, have = 0;
	int ids[LU_FACE_LIARS], nids = lu_face_liars(face, ids), i;
	double held, typical, odds;

	if (sg->unseen[face] == 0)
		return 1;
	if (memory && m->open_ndown == g->ndown) {
		for (i = 0; i < LU_CARDS; i++) {
			if (m->open_held[i] && !sg->known[i]) {
				pool--;
				draws--;
			}
		}
		for (i = 0; i < nids; i++) {
			if (m->open_held[ids[i]] && !sg->known[ids[i]]) {
				k--;
				have = 1;
			}
		}
	}
	held = have ? 1 : held_chance(pool, k, draws);
	if (held <= 0)
		return 1;
	typical = held_chance(sg->hidden, nids, n + 1);
	if (typical <= 0)
		typical = held;
	odds = (1 - rate) / rate * held / typical;
	return 1 / (1 + odds);
}

/* The seat an action claimed by the open card hits, or -1. */
static int
victim(const struct game *g)
{
	int sym = lu_face_sym(g->down_claim);

	if (sym != SYM_SKIP && sym != SYM_DRAW2 && sym != SYM_WD4)
		return -1;
	return lu_next(g, g->down_seat);
}

/* m's seat's share of the race to go out if the claimer of a last card
 * is caught and holds two cards: the weights 1 / (1 + cards)^2. */
static double
race_share(const struct ai_mind *m, const struct game *g)
{
	double w, mine = 0, all = 0;
	int s, n;

	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s])
			continue;
		n = s == g->down_seat ? 2 : g->hand[s].n;
		w = 1.0 / ((1 + n) * (1 + n));
		all += w;
		if (s == m->seat)
			mine = w;
	}
	return all > 0 ? mine / all : 0;
}

/* What m's seat gains, in its own cards, when the open card is shown to
 * be a lie: the claimer takes it back and draws, the claimed action
 * never happens, a last card does not go out (worth most to a seat
 * that may still win the race). */
static double
gain_if_lie(const struct ai_mind *m, const struct game *g)
{
	int claimer = g->down_seat, sym = lu_face_sym(g->down_claim);
	int v = victim(g), n = sym == SYM_DRAW2 ? 2 : sym == SYM_WD4 ? 4 : 0;
	double gain = 2 * lu_ai_worth(m, g, claimer);

	if (g->hand[claimer].n == 0)
		return LAST_GAIN * (1 - LAST_SHARE + LAST_SHARE *
		    race_share(m, g));
	/* The victim is spared its draw and its lost turn. */
	if (v >= 0)
		gain += (v == m->seat ? 1 : -lu_ai_worth(m, g, v)) * (n + 1);
	return gain;
}

/* Whether m's seat challenges the open face-down card: on expected
 * value for normal and hard, a last card too.  normal reckons the chance
 * of a lie from what it sees now and a fixed rate of lying, and wants a
 * clearer gain; hard adds what it remembers of the claimer's hand and
 * the claimer's own rate of lying. */
static int
will_call(struct ai_mind *m, const struct game *g, struct rng *rng)
{
	struct lu_sight sg;
	double p, ev, rate;
	int last = g->hand[g->down_seat].n == 0, mine = victim(g) == m->seat;
	int hard = m->level >= AI_HARD;

	lu_ai_sight(g, m->seat, &sg);
	if (sg.unseen[g->down_claim] == 0)
		return 1;	/* proven: every card of the face is placed */
	if (m->level == AI_EASY)
		return (int)rng_below(rng, 100) < (last ? 60 : mine ? 30 : 12);
	rate = hard ? lie_rate(m, g->down_seat) : LIE_PRIOR;
	if (last)
		rate *= LAST_LIE_FACTOR;
	else
		rate *= HAND_CARDS / (HAND_CARDS + g->hand[g->down_seat].n);
	p = lie_chance(m, g, &sg, rate, hard);
	/* A truth shown costs the caller one card. */
	ev = p * gain_if_lie(m, g) - (1 - p);
	return ev > (hard ? 0.1 : 0.3);
}

/* Whether m's seat calls UNO: on itself always (easy may forget), on
 * another when it can catch them (easy not always quick enough). */
static int
will_uno(struct ai_mind *m, const struct game *g, struct rng *rng)
{
	if (g->uno_due == 0)
		return 0;
	if (m->level != AI_EASY)
		return 1;
	if (g->uno_due & (1u << m->seat))
		return rng_below(rng, 100) < 80;
	return rng_below(rng, 100) < 40;
}

/* Whose hand a 7 takes: the fewest cards (easy now and then anyone). */
static int
swap_with(struct ai_mind *m, const struct game *g, struct rng *rng)
{
	int s = m->seat, best = -1, any[GAME_MAX_SEATS], n = 0;

	while ((s = lu_next(g, s)) >= 0 && s != m->seat) {
		any[n++] = s;
		if (best < 0 || g->hand[s].n < g->hand[best].n)
			best = s;
	}
	if (m->level == AI_EASY && rng_below(rng, 3) == 0)
		return any[rng_below(rng, (uint32_t)n)];
	return best;
}

/* How much m's seat wants card id gone from its hand: a Regular Card
 * can only be played when it matches, a Liar's Card always can (a lie
 * if need be), and a wild is the best last card there is. */
static double
shed_worth(int id)
{
	int face = lu_face(id);

	if (face == FACE_WLC || face == FACE_WD4)
		return 0;
	return (lu_liar(id) ? 1 : 2) + lu_value(id) / 50.0;
}

/* The card m's seat puts for a Wild Liar's Challenge: of the colour if
 * it holds one (the rules want it), else a bluff with the card it most
 * wants gone, which goes under if nobody turns it over. */
static int
put_card(struct ai_mind *m, const struct game *g, struct rng *rng)
{
	const struct cards *h = &g->hand[m->seat];
	double w, best_w = -1;
	int i, best = -1;

	for (i = 0; i < h->n; i++) {
		if (!lu_wlc_may_put(g, m->seat, h->c[i]))
			continue;
		w = shed_worth(h->c[i]);
		if (m->level == AI_EASY)
			w = rng_below(rng, 10);
		if (w > best_w) {
			best_w = w;
			best = h->c[i];
		}
	}
	return best;
}

/* The chance that seat's put card is not of the colour: it held none,
 * as far as m's seat can tell. */
static double
put_lie_chance(const struct game *g, const struct lu_sight *sg, int seat)
{
	const struct cards *h = &g->hand[seat];
	double f;
	int i;

	/* A card of the colour known in its hand: it had to put one. */
	for (i = 0; i < h->n; i++) {
		if (sg->known[h->c[i]] &&
		    lu_face_colour(lu_face(h->c[i])) == g->wlc_colour)
			return 0;
	}
	f = sg->hidden > 0 ? (double)sg->colour[g->wlc_colour] / sg->hidden :
	    0;
	return power(1 - f, h->n + 1);
}

/* After its WLC: the put card most likely a lie is turned over (a card
 * of the colour shown ends it as done would, so turning one over costs
 * nothing); a last card put first of all.  easy turns them at random
 * and sometimes stops. */
static void
accuse(struct ai_mind *m, const struct game *g, struct rng *rng,
    struct game_move *mv)
{
	struct lu_sight sg;
	double p, best_p = -1;
	int s, best = -1;

	if (m->level == AI_EASY && rng_below(rng, 5) == 0) {
		mv->verb = VERB_DONE;
		return;
	}
	lu_ai_sight(g, m->seat, &sg);
	for (s = 0; s < g->nseats; s++) {
		if (!(g->unturned & (1u << s)))
			continue;
		p = m->level == AI_EASY ? rng_below(rng, 10) :
		    put_lie_chance(g, &sg, s) + (g->hand[s].n == 0 ? 1 : 0);
		if (p > best_p) {
			best_p = p;
			best = s;
		}
	}
	mv->verb = VERB_ACCUSE;
	mv->argc = 1;
	mv->argv[0] = best;
}

/* Remembers the cards m's seat can place in each other seat's hand:
 * those it knows of (of lu_known_cards()'s rules only that one can
 * place a card in another's hand). */
static void
remember_held(struct ai_mind *m, const struct game *obs)
{
	unsigned me = 1u << m->seat;
	int s, i, id;

	memset(m->held, 0, sizeof m->held);
	for (s = 0; s < obs->nseats; s++) {
		if (s == m->seat)
			continue;
		for (i = 0; i < obs->hand[s].n; i++) {
			id = obs->hand[s].c[i];
			m->held[s][id] = (obs->knows[id] & me) != 0;
		}
	}
}

static struct ai_mind *
liarsuno_mind_new(const struct game *obs, int seat, enum ai_level level,
    const struct ai_habits *habits)
{
	struct ai_mind *m = xcalloc(1, sizeof *m);

	m->seat = seat;
	m->level = level;
	/* The records are for hard (and expert) to read. */
	if (habits != NULL && level >= AI_HARD)
		memcpy(m->habits, habits, (size_t)obs->nseats *
		    sizeof habits[0]);
	m->ndown = obs->ndown;
	m->nchallenges = obs->nchallenges;
	m->open_ndown = -1;
	m->exposed = -1;
	remember_held(m, obs);
	return m;
}

static void
liarsuno_mind_free(struct ai_mind *m)
{
	free(m);
}

/* Remembers a new face-down claim, the chance everyone else had to call
 * it and what its player was known to hold before it, a challenge with
 * what it showed (its own card shown a lie: not its next lie), and the
 * cards it can place in each hand now. */
static void
liarsuno_note(struct ai_mind *m, const struct game *obs)
{
	int s, id = obs->ch_card;

	if (obs->ndown != m->ndown && obs->down >= 0) {
		memcpy(m->open_held, m->held[obs->down_seat],
		    sizeof m->open_held);
		m->open_ndown = obs->ndown;
		if (obs->down_seat == m->seat && (!lu_liar(obs->down) ||
		    lu_face(obs->down) != obs->down_claim))
			m->my_lies++;
		m->claims[obs->down_seat]++;
		for (s = 0; s < obs->nseats; s++) {
			if (obs->in[s] && s != obs->down_seat)
				m->chances[s]++;
		}
	}
	if (obs->nchallenges != m->nchallenges && obs->ch_seat >= 0) {
		m->calls[obs->ch_by]++;
		m->shown[obs->ch_seat]++;
		if (!lu_liar(id) || lu_face(id) != obs->ch_claim) {
			m->lies[obs->ch_seat]++;
			if (obs->ch_seat == m->seat) {
				m->exposed = id;
				m->my_lies_called++;
			}
		}
	}
	m->ndown = obs->ndown;
	m->nchallenges = obs->nchallenges;
	remember_held(m, obs);
}

/* Whether the open face-down card is one m's seat may challenge now. */
static int
may_call(const struct ai_mind *m, const struct game *g)
{
	return g->down >= 0 && g->down_seat != m->seat &&
	    (g->phase == PH_TURN || g->phase == PH_OPEN);
}

/* The level's own decision (the expert's is the hard one: ai_search()
 * starts from it). */
static int
liarsuno_decide(struct ai_mind *m, const struct game *obs, struct rng *rng,
    struct game_move *mv)
{
	struct game_turn tu;
	unsigned me = 1u << m->seat;

	liarsuno_ops.turn(obs, &tu);
	memset(mv, 0, sizeof *mv);
	mv->seat = m->seat;
	if (!ai_may_act(&tu, m->seat))
		return -1;
	switch (obs->phase) {
	case PH_PUT:
		if (!(obs->owe_put & me))
			return -1;
		mv->verb = VERB_PUT;
		mv->argc = 1;
		mv->argv[0] = put_card(m, obs, rng);
		return 0;
	case PH_SWAP:
		mv->verb = VERB_SWAP;
		mv->argc = 1;
		mv->argv[0] = swap_with(m, obs, rng);
		return 0;
	case PH_ACCUSE:
		accuse(m, obs, rng, mv);
		return 0;
	case PH_DRAWN:
		lu_ai_turn(m, obs, rng, mv);
		return 0;
	default:
		break;
	}
	/* Asides and calls first: a call owed, a caller to catch, a card
	 * to turn over, before the turn's own move. */
	if (will_uno(m, obs, rng)) {
		mv->verb = VERB_UNO;
		return 0;
	}
	if (may_call(m, obs) && will_call(m, obs, rng)) {
		mv->verb = VERB_CHALLENGE;
		return 0;
	}
	if (obs->phase != PH_TURN || obs->turn != m->seat)
		return -1;
	lu_ai_turn(m, obs, rng, mv);
	return 0;
}

/* Moves a play-out looks ahead, at most. */
#define DEPTH 24

/* What the world w, not over, is worth to seat: the race to empty the
 * hands. */
static double
liarsuno_eval(const struct game *w, int seat)
{
	double left[GAME_MAX_SEATS];
	int s;

	for (s = 0; s < w->nseats; s++)
		left[s] = w->in[s] ? w->hand[s].n : -1;
	return ai_race(left, w->nseats, seat, 0);
}

/* The expert's search (games/ai-search.c): at its turn, the best play
 * of each card as hard weighs them, and the draw (lu_ai_moves()), five
 * beside hard's move, played out between hard seats, as it sits among
 * them (docs/ai.md, The expert: over the same 1000 seeds against three
 * hard seats, 34.4% at 192 play-outs, 33.1% with three candidates and
 * 30.4% with three at 64, where random plays and normal play-outs won
 * about 25%, docs/ai-experiments.md, "A play-out"); its other decisions
 * are hard's. */
static const struct ai_search search = {
	.rollout = AI_HARD,
	.alternatives = 5,
	.rounds = 16,
	.playouts = 192,	/* p99 32 ms on a 2-core VM (docs/ai.md) */
	.depth = DEPTH,
	.eval = liarsuno_eval,
	.margin = 0.01,
	.moves = lu_ai_moves,
};

const struct game_ai liarsuno_ai = {
	.mind_new = liarsuno_mind_new,
	.mind_free = liarsuno_mind_free,
	.note = liarsuno_note,
	.decide = liarsuno_decide,
	.search = &search,
};
