/*
 * The choices of CHEATER's AI seats by the value of the hand they leave
 * (cheater-ai-eval.c): the discards, the card to pick and the cards to
 * bust, for the normal and hard levels; and the hard level's turn and
 * hide, on average over what the unknown cards may be: a draw against
 * Cheater Power and the action cards, which victim (the one likeliest to
 * hold a wanted card and least likely to hide; for a BUST, the nearest to
 * winning), and whether to hide.  The hard level also counts what its
 * moves cost the others (taking or busting a card the victim needs).
 */
#include <string.h>

#include "cheater-int.h"

/* The letters a seat is near to spelling, worth as much as a card less to
 * them: what taking or busting one of their cards is worth to us. */
static const double deny_worth[CH_HAND + 1] = {
	0.1, 0.1, 0.2, 0.3, 0.5, 0.8, 1.3, 1.3,
};
/* The margin by which Cheater Power's draw of two must beat its other
 * choices (power_moves()), and the pairs of cards its value is averaged
 * over: forty pairs and half a letter's margin won 0.6 points against
 * normal seats over ten pairs and a margin of 1.0 (13,200 deals, two
 * sets, paired: +0.56 and +0.67, each about 0.35 of standard error). */
#define DRAW2_DOUBT 0.5
#define DRAW2_TRIES 40

/* What it is worth to us that victim loses a card it needs, when we take
 * or bust it: more than half of what that card is to them, as with three
 * others racing us, slowing the nearest matters nearly as much as our
 * own letter (without it, hard wins about three points fewer games
 * against normal seats; from a third to this, about half a point more). */
static double
deny(const struct ch_ai_ctx *c, int victim)
{
	double t = c->know.threat[victim];
	int i = t < 0 ? 0 : t > CH_HAND ? CH_HAND : (int)(t + 0.5);

	return 0.6 * deny_worth[i];
}

/* The faces of victim's cards every seat was shown, into f; their
 * number. */
static int
known_faces(const struct game *obs, int victim, int *f)
{
	const struct cards *l = &obs->hand[victim];
	int i, n = 0;

	for (i = 0; i < l->n && n < CH_AI_HAND; i++) {
		if (obs->pub[l->c[i]])
			f[n++] = ch_face(l->c[i]);
	}
	return n;
}

/* How likely each face is among victim's unknown cards, as weights into
 * w: the letters of the suit it collects more than others, and only the
 * share of each face that is not on the draw pile. */
static const double *
keeps(const struct ch_ai_ctx *c, int victim, double *w)
{
	int f;

	for (f = 0; f < CH_FACES; f++) {
		w[f] = f < FACE_TAKE ?
		    CH_SUITS * c->know.suit[victim][ch_face_suit(f)] : 1;
		if (c->know.pool[f] > 0)
			w[f] *= c->know.held[f] / c->know.pool[f];
	}
	return w;
}

/* The chance that victim hides when named: that it holds a HIDE or a
 * WILD, times how readily it hides. */
static double
hide_chance(const struct ch_ai_ctx *c, int victim)
{
	int f[CH_AI_HAND], n = known_faces(c->obs, victim, f), i, hits;
	double holds, held;

	for (i = 0; i < n; i++) {
		if (f[i] == FACE_HIDE || f[i] == FACE_WILD)
			return c->know.hide[victim];
	}
	hits = c->know.pool[FACE_HIDE] + c->know.pool[FACE_WILD];
	holds = 1 - ch_ai_none(c->know.npool, hits, c->know.slots[victim]);
	if (c->know.nheld > 0) {
		held = (c->know.held[FACE_HIDE] + c->know.held[FACE_WILD]) /
		    c->know.nheld;
		for (i = 0, holds = 1; i < c->know.slots[victim]; i++)
			holds *= 1 - held;
		holds = 1 - holds;
	}
	return holds * c->know.hide[victim];
}

/* f without the card at index skip, into out; the count. */
static int
without(const int *f, int n, int skip, int *out)
{
	int i, m = 0;

	for (i = 0; i < n; i++) {
		if (i != skip)
			out[m++] = f[i];
	}
	return m;
}

/* The best move so far. */
struct best {
	double v;
	struct game_move mv;
};

static void
consider(struct best *b, double v, int seat, int verb, int victim, int id)
{
	if (v <= b->v)
		return;
	b->v = v;
	memset(&b->mv, 0, sizeof b->mv);
	b->mv.seat = seat;
	b->mv.verb = verb;
	if (victim >= 0)
		b->mv.argv[b->mv.argc++] = victim;
	if (id >= 0)
		b->mv.argv[b->mv.argc++] = id;
}

/* A face drawn at random from the draw pile as the seat knows it. */
static int
any_drawn(struct ch_ai_ctx *c)
{
	double x = (double)rng_below(c->rng, 1u << 20) / (1u << 20) *
	    c->know.ndrawn;
	int f, last = 0;

	for (f = 0; f < CH_FACES; f++) {
		if (c->know.drawn[f] <= 0)
			continue;
		last = f;
		if ((x -= c->know.drawn[f]) < 0)
			return f;
	}
	return last;
}

/* The average value of two cards drawn and two discarded (Cheater
 * Power 1), over DRAW2_TRIES pairs of unknown cards drawn at random. */
static double
draw_two(struct ch_ai_ctx *c, const int *f, int n)
{
	int more[CH_AI_HAND], i, j, drop[2];
	double sum = 0;
	const int tries = DRAW2_TRIES;

	if (c->know.ndrawn < 2 || n + 2 > CH_AI_HAND)
		return ch_ai_value(&c->know, f, n);
	memcpy(more, f, (size_t)n * sizeof f[0]);
	for (i = 0; i < tries; i++) {
		for (j = 0; j < 2; j++)
			more[n + j] = any_drawn(c);
		sum += ch_ai_discard(&c->know, more, n + 2, 2, drop);
	}
	return sum / tries;
}

/* Cheater Power 2 and 3, and the draw of two. */
static void
power_moves(struct ch_ai_ctx *c, const int *f, int n, double now,
    struct best *b)
{
	const struct game *obs = c->obs;
	double gain[CH_FACES], v, p, w[CH_FACES];
	int more[CH_AI_HAND], known[CH_AI_HAND], nk, s, drop[2];
	int seat = obs->turn;

	if (obs->discard.n > 0) {
		memcpy(more, f, (size_t)n * sizeof f[0]);
		more[n] = ch_face(obs->discard.c[obs->discard.n - 1]);
		consider(b, ch_ai_discard(&c->know, more, n + 1, 1, drop),
		    seat, VERB_GRAB, -1, -1);
	}
	/* Two draws are valued on a sample of pairs, and the best of
	 * noisy values is overrated; a steal also shows a hand and costs
	 * its holder a card.  So the draw of two must win by a margin. */
	consider(b, draw_two(c, f, n) - DRAW2_DOUBT, seat, VERB_DRAW2, -1,
	    -1);
	ch_ai_gains(&c->know, f, n, 1, gain);
	for (s = 0; s < obs->nseats; s++) {
		if (s == seat || !obs->in[s])
			continue;
		nk = known_faces(obs, s, known);
		p = hide_chance(c, s);
		v = (1 - p) * (ch_ai_best_of(&c->know, gain, known, nk,
		    c->know.slots[s], keeps(c, s, w)) + deny(c, s)) + p * now;
		consider(b, v, seat, VERB_STEAL, s, -1);
	}
}

/* The expected number of a victim's useful cards a BUST drops: the
 * die's count, or fewer when they hold fewer. */
static double
bust_count(double useful)
{
	double e = 0;
	int d;

	for (d = 1; d <= 6; d++)
		e += (d < useful ? d : useful) / 6;
	return e;
}

/* The action card at index i of the hand played on each victim: TAKE
 * (or WILD as one), SHOW, BUST (or WILD as one). */
static void
action_moves(struct ch_ai_ctx *c, const int *f, int n, int i,
    struct best *b)
{
	const struct game *obs = c->obs;
	int rest[CH_AI_HAND], known[CH_AI_HAND], m, nk, s;
	int seat = obs->turn, id = obs->hand[seat].c[i];
	double gain[CH_FACES], drawn, v, p, w[CH_FACES];

	m = without(f, n, i, rest);
	drawn = ch_ai_draw(&c->know, rest, m, 0);
	ch_ai_gains(&c->know, rest, m, 0, gain);
	for (s = 0; s < obs->nseats; s++) {
		if (s == seat || !obs->in[s])
			continue;
		p = hide_chance(c, s);
		nk = known_faces(obs, s, known);
		if (f[i] == FACE_TAKE || f[i] == FACE_WILD) {
			v = (1 - p) * (ch_ai_best_of(&c->know, gain, known,
			    nk, c->know.slots[s], keeps(c, s, w)) +
			    deny(c, s)) + p * drawn;
			consider(b, v, seat, VERB_TAKE, s, id);
		}
		if (f[i] == FACE_BUST || f[i] == FACE_WILD) {
			v = drawn + (1 - p) * deny(c, s) *
			    bust_count(c->know.threat[s]);
			consider(b, v, seat, VERB_BUST, s, id);
		}
		/* A SHOW is a draw that also shows a hand (or spends the
		 * victim's HIDE): worth a little more than drawing. */
		if (f[i] == FACE_SHOW)
			consider(b, drawn + 0.1 + 0.02 * c->know.slots[s],
			    seat, VERB_SHOW, s, id);
	}
}

int
ch_ai_turn(struct ch_ai_ctx *c, struct game_move *mv)
{
	const struct game *obs = c->obs;
	const struct cards *h = &obs->hand[obs->turn];
	int f[CH_AI_HAND], n = ch_ai_faces(h, f), i, j, dup;
	struct best b;
	double now = ch_ai_value(&c->know, f, n);

	b.v = -1e18;
	consider(&b, ch_ai_draw(&c->know, f, n, 1), obs->turn, VERB_DRAW,
	    -1, -1);
	if (obs->power)
		power_moves(c, f, n, now, &b);
	for (i = 0; i < n; i++) {
		if (f[i] < FACE_TAKE || f[i] == FACE_HIDE ||
		    !ch_usable(obs, h->c[i]))
			continue;
		for (j = dup = 0; j < i; j++)
			dup |= f[j] == f[i] && ch_usable(obs, h->c[j]);
		if (!dup)
			action_moves(c, f, n, i, &b);
	}
	*mv = b.mv;
	return 0;
}

void
ch_ai_discards(struct ch_ai_ctx *c, struct game_move *mv)
{
	const struct game *obs = c->obs;
	const struct cards *h = &obs->hand[obs->turn];
	int f[CH_AI_HAND], n = ch_ai_faces(h, f), drop[2] = { 0, 0 }, i;

	ch_ai_discard(&c->know, f, n, obs->need, drop);
	memset(mv, 0, sizeof *mv);
	mv->seat = obs->turn;
	mv->verb = VERB_DISCARD;
	for (i = 0; i < obs->need; i++)
		mv->argv[mv->argc++] = h->c[drop[i]];
}

/* What the hand f is worth after an attack it let happen: a TAKE or
 * Cheater Power takes the card the attacker likes best (often the one
 * that hurts most), a BUST the die's count of the best, and the hand is
 * drawn back; a SHOW costs only what was seen. */
static double
after_attack(struct ch_ai_ctx *c, int attack, const int *f, int n)
{
	int rest[CH_AI_HAND], m, i, d, k, worst = 0;
	double v, lo = 1e18, sum = 0, left[CH_AI_HAND];

	if (attack == VERB_SHOW)
		return ch_ai_value(&c->know, f, n) - 0.2;
	for (i = 0; i < n; i++) {
		m = without(f, n, i, rest);
		left[i] = ch_ai_value(&c->know, rest, m);
		if (left[i] < lo) {
			lo = left[i];
			worst = i;
		}
		sum += left[i];
	}
	if (attack != VERB_BUST)
		return 0.6 * lo + 0.4 * sum / n + 0.8;
	/* The die drops the best cards one by one, each worth an average
	 * draw back. */
	m = without(f, n, worst, rest);
	v = 0;
	for (d = 1; d <= 6; d++) {
		int cur[CH_AI_HAND], cn = m, w;
		double l2;

		memcpy(cur, rest, (size_t)m * sizeof rest[0]);
		for (k = 1; k < d && cn > 1; k++) {
			for (i = w = 0, l2 = 1e18; i < cn; i++) {
				int tmp[CH_AI_HAND], tm = without(cur, cn, i,
				    tmp);
				double tv = ch_ai_value(&c->know, tmp, tm);

				if (tv < l2) {
					l2 = tv;
					w = i;
				}
			}
			cn = without(cur, cn, w, cur);
		}
		v += (ch_ai_value(&c->know, cur, cn) + 0.8 * (n - cn)) / 6;
	}
	return v;
}

int
ch_ai_hide(struct ch_ai_ctx *c, struct game_move *mv)
{
	const struct game *obs = c->obs;
	int seat = obs->victim, f[CH_AI_HAND], rest[CH_AI_HAND], n, m, k;
	const struct cards *h = &obs->hand[seat];

	n = ch_ai_faces(h, f);
	if ((k = ch_find(obs, h, FACE_HIDE, 0, 0, NULL, 0)) < 0 &&
	    (k = ch_find(obs, h, FACE_WILD, 0, 0, NULL, 0)) < 0)
		return -1;
	m = without(f, n, k, rest);
	if (ch_ai_draw(&c->know, rest, m, 0) <
	    after_attack(c, obs->attack, f, n))
		return -1;
	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	mv->verb = VERB_HIDE;
	mv->argc = 1;
	mv->argv[0] = h->c[k];
	return 0;
}

/* What the victim's hand v[0..n-1] is worth without card i, less than
 * with it: what taking or busting that card costs them. */
static double
loss(const struct ch_ai_ctx *c, const int *v, int n, int i)
{
	int rest[CH_AI_HAND], m = without(v, n, i, rest);

	return ch_ai_value(&c->know, v, n) - ch_ai_value(&c->know, rest, m);
}

void
ch_ai_pick(struct ch_ai_ctx *c, struct game_move *mv)
{
	const struct game *obs = c->obs;
	const struct cards *vh = &obs->hand[obs->victim];
	int f[CH_AI_HAND], v[CH_AI_HAND], n, nv, i, drop[2], best = 0;
	double val, top = -1e18;

	n = ch_ai_faces(&obs->hand[obs->turn], f);
	nv = ch_ai_faces(vh, v);
	for (i = 0; i < nv; i++) {
		f[n] = v[i];
		val = obs->attack == VERB_STEAL ?
		    ch_ai_discard(&c->know, f, n + 1, 1, drop) :
		    ch_ai_value(&c->know, f, n + 1);
		if (c->hard)
			val += 0.3 * loss(c, v, nv, i);
		if (val > top) {
			top = val;
			best = i;
		}
	}
	memset(mv, 0, sizeof *mv);
	mv->seat = obs->turn;
	mv->verb = VERB_PICK;
	mv->argc = 1;
	mv->argv[0] = vh->c[best];
}

void
ch_ai_drop(struct ch_ai_ctx *c, struct game_move *mv)
{
	const struct game *obs = c->obs;
	const struct cards *vh = &obs->hand[obs->victim];
	int v[CH_AI_HAND], ids[CH_AI_HAND], n, i, w;
	double l, most;

	n = ch_ai_faces(vh, v);
	memcpy(ids, vh->c, (size_t)n * sizeof ids[0]);
	memset(mv, 0, sizeof *mv);
	mv->seat = obs->turn;
	mv->verb = VERB_DROP;
	/* The card whose loss costs them most, while one costs them more
	 * than the card they draw back is worth. */
	while (mv->argc < obs->die && n > 0) {
		for (i = w = 0, most = -1e18; i < n; i++) {
			l = loss(c, v, n, i);
			if (l > most) {
				most = l;
				w = i;
			}
		}
		if (most < 0.8)
			break;
		mv->argv[mv->argc++] = ids[w];
		n = without(v, n, w, v);
		without(ids, n + 1, w, ids);
	}
}
