/*
 * The turn of a Liar's UNO AI seat (liarsuno-ai.c has the rest, and
 * liarsuno-ai-read.c what both read of the table and the others): every
 * play its hand allows (a Regular Card face up, a Liar's Card face down
 * claimed as itself or as any plausible face), each given a worth in
 * cards, against drawing.
 *
 * A play sheds a card; a lie caught gives it back with one more, so a
 * lie is worth 1 - 2q where q is the chance someone calls it: near
 * certain when everyone can see a card of the face claimed is elsewhere,
 * likelier from the player it hits, and for a last card, which everyone
 * calls.  Then what the claim does: a Skip, Draw Two or Wild Draw Four
 * costs the next player, a 7 or a 0 trades hands (good when one's own
 * is the bigger), a WLC lets every other player shed a card (it is kept
 * as the best last card: it goes face up and matches anything).  The
 * card kept for last is worth what it promises: a WLC or a Wild Draw
 * Four always goes out, a card of the colour named may.
 *
 * easy plays a true card when it has one, mostly, and lies or draws at
 * random; normal plays its best true card, bluffs now and then when a
 * lie comes near it, lies when it has no true play worth more than a
 * draw and the lie is, and after a draw plays the card only if true;
 * hard weighs its best lie against its best true play, mixing the two
 * when they are close.  Both draw the lie among the nearly best ones,
 * so its claim and card vary, and neither lies with a card a caught lie
 * just showed while another can lie instead.  hard reckons the chance a
 * lie is caught from the share of its own lies that were.
 */
#include <string.h>

#include "games/ai.h"
#include "games/cards.h"
#include "games/game.h"
#include "liarsuno-int.h"
#include "games/rng.h"

/* A play considered: a card, face down with a claim or face up (claim
 * -1), the colour a wild names (or -1), and uno with it. */
struct cand {
	int id, claim, colour, uno;
	int honest;		/* face up, or a true claim */
	double worth;		/* in cards */
};

/* What one decision weighs every play by, worked out once (cands()):
 * the faces a claim may name now, the colour a wild names, the chance a
 * lie claiming each face is called, what each face does (effect(),
 * as it is first asked), and of the whole hand the Regular Cards of
 * each colour and what its cards promise for each colour to match. */
struct table {
	int faces[LU_FACES], nfaces;
	int wild;
	double q[LU_FACES];
	double effect[LU_FACES];
	char done[LU_FACES];
	int regular[LU_COLOURS];
	double promise[LU_COLOURS];
};

/* At most this many plausible faces for one card: the colour's 13, the
 * symbol in three other colours, the Wild Draw Four. */
#define MAX_CLAIMS 17
#define MAX_CANDS (LU_CARDS * MAX_CLAIMS)
/* What going out is worth, in cards. */
#define WIN_WORTH 30.0
/* A draw, and what may come of it. */
#define DRAW_WORTH (-0.6)
/* Mixing, so that no fixed rule reads the seat: a lie is drawn among
 * those within LIE_BAND of the best, weighted by how near they are;
 * hard plays a lie or a true card by a coin weighted by their worths
 * when they are within MIX_BAND of each other; normal, honest when it
 * can be, bluffs NORMAL_BLUFF of the time when a lie is within
 * MIX_BAND of its best true play.  A lie with the card a caught lie
 * just showed everyone costs EXPOSED_COST more. */
#define LIE_BAND 0.5
#define MIX_BAND 0.6
#define NORMAL_BLUFF 15
#define EXPOSED_COST 0.8

/* How often a lie is called before anything is known of the table
 * (hard's guess of its own lies' fate, weighed by LU_PRIOR_WEIGHT
 * against the lies of its it saw called). */
#define CAUGHT_PRIOR 0.4

/* What seat's play of a face-down claim, or its open card, faces: the
 * chance that someone calls it.  Calls are aimed at lies, so hard
 * reckons, beside what each opponent can prove, the share of its own
 * lies that were called; normal a fixed rate a seat. */
static double
caught(const struct ai_mind *m, const struct game *g,
    const struct lu_sight *sg, int claim, int last)
{
	int o, i, id, ids[LU_FACE_LIARS], nids = lu_face_liars(claim, ids);
	int next = lu_next(g, m->seat), sym = lu_face_sym(claim);
	int hard = m->level >= AI_HARD && !last;
	double prove, call, stay = 1;

	for (o = 0; o < g->nseats; o++) {
		if (o == m->seat || !g->in[o])
			continue;
		/* Whether o can see that a card of the face is elsewhere. */
		prove = 0;
		for (i = 0; i < nids; i++) {
			id = ids[i];
			if (!sg->known[id])
				prove += sg->hidden > 0 ?
				    (double)g->hand[o].n / sg->hidden : 0;
			else if ((g->knows[id] & (1u << o)) ||
			    cards_find(&g->hand[o], id) >= 0)
				prove = 1;
		}
		if (prove > 1)
			prove = 1;
		call = hard ? 0 : 0.15;
		if (o == next && (sym == SYM_DRAW2 || sym == SYM_WD4))
			call = 0.5;
		if (last)
			call = 0.9;
		stay *= 1 - (prove * 0.95 + (1 - prove) * call);
	}
	if (hard)
		stay *= 1 - (m->my_lies_called + CAUGHT_PRIOR *
		    LU_PRIOR_WEIGHT) / (m->my_lies + LU_PRIOR_WEIGHT);
	return 1 - stay;
}

/* The seat whose hand passes to seat on a 0. */
static int
before(const struct game *g, int seat)
{
	int s;

	for (s = 0; s < g->nseats; s++) {
		if (g->in[s] && s != seat && lu_next(g, s) == seat)
			return s;
	}
	return seat;
}

/* What hands of size[] becoming new[] is worth to m's seat. */
static double
trade_worth(const struct ai_mind *m, const struct game *g, const int *size,
    const int *now)
{
	double w = 0;
	int s;

	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s])
			continue;
		if (s == m->seat)
			w -= now[s] - size[s];
		else
			w += lu_ai_worth(m, g, s) * (now[s] - size[s]);
	}
	return w;
}

/* What face claimed or played does, beside shedding the card, for a
 * hand of n cards left. */
static double
effect(const struct ai_mind *m, const struct game *g, int face, int n)
{
	int size[GAME_MAX_SEATS], now[GAME_MAX_SEATS], s, t = -1;
	int next = lu_next(g, m->seat), sym = lu_face_sym(face);
	double w = 0;

	for (s = 0; s < g->nseats; s++)
		size[s] = now[s] = s == m->seat ? n : g->hand[s].n;
	switch (sym) {
	case SYM_SKIP:
		return lu_ai_worth(m, g, next);
	case SYM_REVERSE:
		return lu_nactive(g) == 2 ? lu_ai_worth(m, g, next) : 0.1;
	case SYM_DRAW2:
		return 3 * lu_ai_worth(m, g, next);
	case SYM_WD4:
		return 5 * lu_ai_worth(m, g, next);
	case SYM_WLC:
		/* Everyone else puts a card, and most go under. */
		for (s = 0; s < g->nseats; s++) {
			if (g->in[s] && s != m->seat)
				w -= 0.6 * lu_ai_worth(m, g, s);
		}
		return w;
	case 7:
		if (n == 0)
			return 0;
		for (s = 0; s < g->nseats; s++) {
			if (g->in[s] && s != m->seat && (t < 0 ||
			    g->hand[s].n < g->hand[t].n))
				t = s;
		}
		now[m->seat] = size[t];
		now[t] = n;
		return trade_worth(m, g, size, now);
	case 0:
		if (n == 0)
			return 0;
		for (s = 0; s < g->nseats; s++) {
			if (g->in[s])
				now[s] = size[before(g, s)];
		}
		return trade_worth(m, g, size, now);
	default:
		return 0;
	}
}

/* What keeping card id promises, as the last card or near the end: a
 * WLC and a Wild Draw Four always go out, a card of colour (the colour
 * to match after this play) may; a Regular Card is the hardest to play. */
static double
promise(int id, int colour)
{
	int face = lu_face(id);

	if (face == FACE_WLC)
		return 3;
	if (face == FACE_WD4)
		return 2.5;
	if (lu_face_colour(face) == colour)
		return lu_liar(id) ? 1.5 : 1;
	return lu_liar(id) ? 0.6 : 0;
}

/* What card id is worth kept in a hand of n cards that goes on: the
 * wilds are the safest plays there are, most of all near the end; a
 * Regular Card that cannot be played but on a match is worth getting
 * rid of. */
static double
keep(int id, int n)
{
	int face = lu_face(id);
	double near = n <= 4 ? 1 : 4.0 / n;

	if (face == FACE_WLC)
		return 1.5 * near;
	if (face == FACE_WD4)
		return near;
	if (!lu_liar(id))
		return -0.4;
	return lu_action(face) ? 0.2 : 0;
}

/* The worth of c for m's seat: what it sheds, what it risks (t->q:
 * the chance a lie claiming its face is called), what its claim does,
 * and what it leaves for the end: a Regular Card of the colour to match
 * is one more play, and when two cards or fewer are left, what they
 * promise. */
static double
worth(const struct ai_mind *m, const struct game *g, struct table *t,
    const struct cand *c)
{
	int id = c->id, n = g->hand[m->seat].n - 1, colour;
	int face = c->claim >= 0 ? c->claim : lu_face(id);
	double p = c->honest ? 0 : t->q[face];
	double w, ends = m->level >= AI_HARD ? 2 : 1;

	if (n == 0)
		return (1 - p) * WIN_WORTH - p;
	if (!t->done[face]) {
		t->effect[face] = effect(m, g, face, n);
		t->done[face] = 1;
	}
	w = 1 - 2 * p + (1 - p) * t->effect[face] - keep(id, n);
	colour = lu_face_colour(face) == LU_WILD ? c->colour :
	    lu_face_colour(face);
	/* The hand's sums, less the card played. */
	w += 0.1 * (t->regular[colour] - (!lu_liar(id) &&
	    lu_face_colour(lu_face(id)) == colour));
	if (n <= 2)
		w += ends * (t->promise[colour] - promise(id, colour)) / n;
	return w;
}

/* Adds the play of card id (face down with claim, or face up with claim
 * -1) to cs. */
static void
add(const struct ai_mind *m, const struct game *g, const struct table *t,
    struct rng *rng, struct cand *cs, int *n, int id, int claim)
{
	struct cand *c = &cs[(*n)++];
	int face = claim >= 0 ? claim : lu_face(id);

	c->id = id;
	c->claim = claim;
	c->colour = -1;
	if (lu_face_colour(face) == LU_WILD)
		c->colour = m->level == AI_EASY && rng_below(rng, 3) == 0 ?
		    (int)rng_below(rng, LU_COLOURS) : t->wild;
	/* Calling UNO with the play: easy may forget. */
	c->uno = g->hand[m->seat].n == 2 && (m->level != AI_EASY ||
	    rng_below(rng, 4) != 0);
	c->honest = claim < 0 || claim == lu_face(id);
	c->worth = 0;
}

/* Every play of card id: face up if it matches, face down as itself if
 * that is plausible, and as every other plausible face. */
static void
plays_of(const struct ai_mind *m, const struct game *g,
    const struct table *t, struct rng *rng, struct cand *cs, int *n, int id)
{
	int i;

	if (!lu_liar(id)) {
		if (lu_matches_up(g, id))
			add(m, g, t, rng, cs, n, id, -1);
		return;
	}
	for (i = 0; i < t->nfaces; i++)
		add(m, g, t, rng, cs, n, id, t->faces[i]);
}

/* The best of cs, among the honest ones (honest 1) or all; -1 if none. */
static int
best(const struct cand *cs, int n, int honest)
{
	int i, b = -1;

	for (i = 0; i < n; i++) {
		if (honest && !cs[i].honest)
			continue;
		if (b < 0 || cs[i].worth > cs[b].worth)
			b = i;
	}
	return b;
}

/* A lie drawn among those of cs within LIE_BAND of the best one (b),
 * each weighted by how near it comes: the claims of a seat's lies are
 * spread over the faces and cards nearly as good, not always the same
 * one for the same hand. */
static int
mixed_lie(const struct cand *cs, int n, int b, struct rng *rng)
{
	double w, total = 0, pick;
	int i;

	for (i = 0; i < n; i++) {
		if (!cs[i].honest && cs[i].worth > cs[b].worth - LIE_BAND) {
			w = 1 - (cs[b].worth - cs[i].worth) / LIE_BAND;
			total += w * w;
		}
	}
	pick = total * (double)rng_below(rng, 1u << 20) / (1u << 20);
	for (i = 0; i < n; i++) {
		if (!cs[i].honest && cs[i].worth > cs[b].worth - LIE_BAND) {
			w = 1 - (cs[b].worth - cs[i].worth) / LIE_BAND;
			if ((pick -= w * w) < 0)
				return i;
		}
	}
	return b;
}

/* A random one of cs, honest or lies; -1 if none. */
static int
any(const struct cand *cs, int n, int honest, struct rng *rng)
{
	int i, k = 0, pick;

	for (i = 0; i < n; i++)
		k += cs[i].honest == honest;
	if (k == 0)
		return -1;
	pick = (int)rng_below(rng, (uint32_t)k);
	for (i = 0; i < n; i++) {
		if (cs[i].honest == honest && pick-- == 0)
			return i;
	}
	return -1;
}

/* easy: mostly a true card when there is one, else a lie or a draw,
 * at random; but never a lie about its last card. */
static int
easy_pick(const struct game *g, int seat, const struct cand *cs, int n,
    struct rng *rng)
{
	int r = (int)rng_below(rng, 100), k;

	if (r < 80 && (k = any(cs, n, 1, rng)) >= 0)
		return k;
	if (g->hand[seat].n == 1 || rng_below(rng, 100) < 25)
		return -1;
	return any(cs, n, 0, rng);
}

/* normal's and hard's choice among cs (-1: draw, or keep the card
 * drawn, worth rest).  normal plays its best true card, bluffing now
 * and then when a lie comes near it, and lies when it must (no true
 * play worth a draw, and no card drawn to keep instead); hard weighs
 * its best lie against its best true play, mixing the two when they
 * are close.  The lie is drawn among the best ones (mixed_lie()). */
static int
pick(const struct ai_mind *m, const struct cand *cs, int n, double rest,
    int drawn, struct rng *rng)
{
	int t = best(cs, n, 1), l = -1, lie = 0, i;
	double gap;

	for (i = 0; i < n; i++) {
		if (!cs[i].honest && (l < 0 || cs[i].worth > cs[l].worth))
			l = i;
	}
	if (l >= 0 && cs[l].worth < rest)
		l = -1;
	if (t >= 0 && cs[t].worth < rest)
		t = -1;
	if (l < 0)
		return t;
	if (t < 0)
		lie = m->level >= AI_HARD || !drawn;
	else {
		gap = cs[l].worth - cs[t].worth;
		if (m->level >= AI_HARD)
			lie = gap >= MIX_BAND || (gap > -MIX_BAND &&
			    rng_below(rng, 1000) < (uint32_t)(500 + 500 *
			    gap / MIX_BAND));
		else
			lie = !drawn && gap > -MIX_BAND &&
			    rng_below(rng, 100) < NORMAL_BLUFF;
	}
	return lie ? mixed_lie(cs, n, l, rng) : t;
}

/* Every play m's seat may make at its turn in g (after a draw, of the
 * card drawn alone) into cs, each given its worth but at easy; how
 * many.  *rest: what not playing is worth (a draw, or keeping the card
 * drawn). */
static int
cands(const struct ai_mind *m, const struct game *g, struct rng *rng,
    struct cand *cs, double *rest)
{
	const struct cards *h = &g->hand[m->seat];
	struct table t;
	struct lu_sight sg;
	int n = 0, i, c, drawn = g->phase == PH_DRAWN, face;

	*rest = drawn ? 0 : DRAW_WORTH;
	t.nfaces = 0;
	for (face = 0; face < LU_FACES; face++) {
		if (lu_face_valid(face) && lu_plausible(g, face))
			t.faces[t.nfaces++] = face;
	}
	t.wild = lu_ai_colour(g, m->seat);
	for (i = 0; i < h->n; i++) {
		if (!drawn || h->c[i] == g->drawn)
			plays_of(m, g, &t, rng, cs, &n, h->c[i]);
	}
	if (m->level == AI_EASY)
		return n;
	lu_ai_sight(g, m->seat, &sg);
	for (face = 0; face < LU_FACES; face++)
		t.q[face] = 1;
	for (i = 0; i < t.nfaces; i++)
		t.q[t.faces[i]] = caught(m, g, &sg, t.faces[i], h->n == 1);
	memset(t.done, 0, sizeof t.done);
	for (c = 0; c < LU_COLOURS; c++) {
		t.regular[c] = 0;
		t.promise[c] = 0;
		for (i = 0; i < h->n; i++) {
			t.regular[c] += !lu_liar(h->c[i]) &&
			    lu_face_colour(lu_face(h->c[i])) == c;
			t.promise[c] += promise(h->c[i], c);
		}
	}
	for (i = 0; i < n; i++) {
		cs[i].worth = worth(m, g, &t, &cs[i]);
		/* The card a caught lie showed is no bluff now. */
		if (cs[i].id == m->exposed && !cs[i].honest)
			cs[i].worth -= EXPOSED_COST;
	}
	return n;
}

/* The move of m's seat for candidate c of g (NULL: not playing, a draw
 * or, after one, a pass). */
static void
move_of(const struct ai_mind *m, const struct game *g, const struct cand *c,
    struct game_move *mv)
{
	memset(mv, 0, sizeof *mv);
	mv->seat = m->seat;
	if (c == NULL) {
		mv->verb = g->phase == PH_DRAWN ? VERB_PASS : VERB_DRAW;
		return;
	}
	mv->verb = VERB_PLAY;
	mv->argc = PLAY_ARGS;
	mv->argv[ARG_CARD] = c->id;
	mv->argv[ARG_DOWN] = c->claim >= 0;
	mv->argv[ARG_CLAIM] = c->claim;
	mv->argv[ARG_COLOUR] = c->colour;
	mv->argv[ARG_UNO] = c->uno;
}

void
lu_ai_turn(struct ai_mind *m, const struct game *g, struct rng *rng,
    struct game_move *mv)
{
	struct cand cs[MAX_CANDS];
	double rest;
	int n = cands(m, g, rng, cs, &rest), k;

	if (m->level == AI_EASY)
		k = easy_pick(g, m->seat, cs, n, rng);
	else
		k = pick(m, cs, n, rest, g->phase == PH_DRAWN, rng);
	move_of(m, g, k < 0 ? NULL : &cs[k], mv);
}

int
lu_ai_moves(const struct ai_mind *m, const struct game *g, int seat,
    struct rng *rng, struct game_move *mv, int max)
{
	struct cand cs[MAX_CANDS];
	double rest;
	int n, i, j, k = 0, b, still = 0;

	if (seat != m->seat || g->turn != seat || max <= 0 ||
	    (g->phase != PH_TURN && g->phase != PH_DRAWN))
		return 0;
	n = cands(m, g, rng, cs, &rest);
	/* Each card's best play, best first, and not playing (still) in
	 * its place among them by its worth. */
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			if (j != i && cs[j].id == cs[i].id &&
			    (cs[j].worth > cs[i].worth ||
			    (cs[j].worth == cs[i].worth && j < i)))
				break;
		}
		if (j < n)
			cs[i].id = -1;
	}
	while (k < max) {
		b = -1;
		for (i = 0; i < n; i++) {
			if (cs[i].id >= 0 && (b < 0 ||
			    cs[i].worth > cs[b].worth))
				b = i;
		}
		if (!still && (b < 0 || cs[b].worth < rest)) {
			move_of(m, g, NULL, &mv[k++]);
			still = 1;
		} else if (b < 0)
			break;
		else {
			move_of(m, g, &cs[b], &mv[k++]);
			cs[b].id = -1;
		}
	}
	return k;
}
