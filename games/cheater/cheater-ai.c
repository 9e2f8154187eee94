/*
 * CHEATER's AI seats (games/ai.h): the mind of each, what it remembers of
 * the game from one observation to the next (how many turns each seat
 * has had, how often each was named and hid, the suits each discarded,
 * what the last reshuffle put into the draw pile), the easy level's play,
 * what the hard level judges of the others, and the choice of move by
 * phase.  The normal level takes its turn and hides by counting
 * (cheater-ai-count.c), the hard one by expected value
 * (cheater-ai-play.c); both value hands as cheater-ai-eval.c does.
 *
 * CHEATER has no claims to doubt: its window is the named player's HIDE.
 * So a seat's habits (struct ai_habits: lies and calls) say nothing here,
 * and what a hard seat judges of the others is how readily each hides
 * and how near each is to spelling.
 */
#include <stdlib.h>
#include <string.h>

#include "games/ai.h"
#include "cheater.h"
#include "cheater-int.h"
#include "alloc/xalloc.h"

struct ai_mind {
	int seat;
	enum ai_level level;
	/* The last observation's public state, to tell what happened. */
	int turn, phase, victim, attack, ndiscard;
	int turns[GAME_MAX_SEATS];	/* turns each seat has begun */
	int named[GAME_MAX_SEATS];	/* attacks aimed at each seat */
	int hid[GAME_MAX_SEATS];	/* of those, the ones it hid from */
	int thrown[GAME_MAX_SEATS][CH_SUITS];	/* letters it discarded */
	int ndraw;			/* the draw pile's cards */
	int pile[CH_FACES];		/* the discard pile's, by face */
	double known[CH_FACES];		/* about how many of each face
					 * lie in the draw pile: what the
					 * last reshuffle put there, less
					 * its share of the draws since */
};

/* Remembers obs's public state, to compare the next one with. */
static void
remember(struct ai_mind *m, const struct game *obs)
{
	int i;

	m->turn = obs->turn;
	m->phase = obs->phase;
	m->victim = obs->victim;
	m->attack = obs->attack;
	m->ndiscard = obs->discard.n;
	m->ndraw = obs->draw.n;
	memset(m->pile, 0, sizeof m->pile);
	for (i = 0; i < obs->discard.n; i++)
		m->pile[ch_face(obs->discard.c[i])]++;
}

/* A reshuffle put the discard pile, but what lies on it now, into the
 * draw pile; draws since take their share of every face there. */
static void
follow_pile(struct ai_mind *m, const struct game *obs)
{
	int now[CH_FACES] = { 0 }, f, i, moved = 0;

	if (obs->draw.n > m->ndraw && obs->discard.n < m->ndiscard) {
		for (i = 0; i < obs->discard.n; i++)
			now[ch_face(obs->discard.c[i])]++;
		for (f = 0; f < CH_FACES; f++) {
			m->known[f] = m->pile[f] > now[f] ?
			    m->pile[f] - now[f] : 0;
			moved += (int)m->known[f];
		}
		if (moved > obs->draw.n)
			for (f = 0; f < CH_FACES; f++)
				m->known[f] *= (double)obs->draw.n / moved;
	} else if (obs->draw.n < m->ndraw && m->ndraw > 0)
		for (f = 0; f < CH_FACES; f++)
			m->known[f] *= (double)obs->draw.n / m->ndraw;
}

static struct ai_mind *
cheater_mind_new(const struct game *obs, int seat, enum ai_level level,
    const struct ai_habits *habits)
{
	struct ai_mind *m = xcalloc(1, sizeof *m);

	(void)habits;	/* lies and calls: CHEATER has neither */
	m->seat = seat;
	m->level = level;
	remember(m, obs);
	m->turns[obs->turn]++;
	return m;
}

static void
cheater_mind_free(struct ai_mind *m)
{
	free(m);
}

/* What the move just made says: a turn begun, a seat named, a hide (the
 * HIDE or WILD face up on the discard pile, and no hand shown). */
static void
cheater_note(struct ai_mind *m, const struct game *obs)
{
	int top = obs->discard.n > 0 ?
	    ch_face(obs->discard.c[obs->discard.n - 1]) : -1, i, suit;

	if (obs->phase == PH_HIDE && m->phase != PH_HIDE)
		m->named[obs->victim]++;
	if (m->phase == PH_HIDE && obs->phase != PH_PICK &&
	    obs->phase != PH_BUST && m->victim >= 0 &&
	    obs->discard.n == m->ndiscard + 1 &&
	    (top == FACE_HIDE || top == FACE_WILD))
		m->hid[m->victim]++;
	if (obs->phase != PH_OVER && obs->turn != m->turn)
		m->turns[obs->turn]++;
	follow_pile(m, obs);
	/* A seat's own discards: suits it does not collect. */
	for (i = m->ndiscard; m->phase == PH_DISCARD && i < obs->discard.n;
	    i++) {
		if ((suit = ch_face_suit(ch_face(obs->discard.c[i]))) >= 0)
			m->thrown[m->turn][suit]++;
	}
	remember(m, obs);
}

/* A random other seat still playing. */
static int
any_victim(const struct game *obs, int seat, struct rng *rng)
{
	int others[GAME_MAX_SEATS], n = 0, s;

	for (s = 0; s < obs->nseats; s++) {
		if (obs->in[s] && s != seat)
			others[n++] = s;
	}
	return others[rng_below(rng, (uint32_t)n)];
}

/* How much card face would bring hand f nearer its best suit. */
static int
gain(const struct cards *h, int id)
{
	struct cards more = *h;
	int before = ch_progress(&more, ch_best_suit(&more));

	cards_add(&more, id);
	return ch_progress(&more, ch_best_suit(&more)) - before;
}

/* The easy level's turn: a beginner's, with chance in every choice.  It
 * grabs a card it can use, else as the CHEATER steals or draws two at
 * times; plays an action card now and then on anyone; else draws. */
static void
easy_turn(const struct game *obs, struct rng *rng, struct game_move *mv)
{
	static const int faces[] = { FACE_TAKE, FACE_BUST, FACE_SHOW,
	    FACE_WILD };
	const struct cards *h = &obs->hand[obs->turn];
	int r = (int)rng_below(rng, 100), i, k, face;

	mv->verb = VERB_DRAW;
	if (obs->power && obs->discard.n > 0 &&
	    gain(h, obs->discard.c[obs->discard.n - 1]) > 0 && r < 70) {
		mv->verb = VERB_GRAB;
		return;
	}
	if (obs->power && r < 50) {
		mv->verb = r < 25 ? VERB_DRAW2 : VERB_STEAL;
		if (mv->verb == VERB_STEAL)
			mv->argv[mv->argc++] = any_victim(obs, mv->seat, rng);
		return;
	}
	for (i = 0; i < 4 && r < 50; i++) {
		face = faces[(i + r) % 4];
		if ((k = ch_find(obs, h, face, 1, 0, NULL, 0)) < 0)
			continue;
		mv->verb = face == FACE_TAKE ? VERB_TAKE : face == FACE_SHOW ?
		    VERB_SHOW : face == FACE_BUST ? VERB_BUST :
		    rng_below(rng, 2) ? VERB_TAKE : VERB_BUST;
		mv->argv[mv->argc++] = any_victim(obs, mv->seat, rng);
		mv->argv[mv->argc++] = h->c[k];
		return;
	}
}

/* The easy level's discards: cards that do not spell its best suit, at
 * random, else any. */
static void
easy_discard(const struct game *obs, struct rng *rng, struct game_move *mv)
{
	const struct cards *h = &obs->hand[obs->turn];
	int suit = ch_best_suit(h), pool[CH_AI_HAND], n = 0, i;

	mv->verb = VERB_DISCARD;
	for (i = 0; i < h->n && n < CH_AI_HAND; i++) {
		if (!ch_useful(h, i, suit))
			pool[n++] = h->c[i];
	}
	if (n < obs->need) {
		for (i = n = 0; i < h->n && n < CH_AI_HAND; i++)
			pool[n++] = h->c[i];
	}
	rng_shuffle(rng, pool, (size_t)n);
	for (i = 0; i < obs->need; i++)
		mv->argv[mv->argc++] = pool[i];
}

/* The easy level's pick (the card its best suit gains most from) and
 * bust (the cards of the victim's best suit, as many as the die says). */
static void
easy_victim(const struct game *obs, struct rng *rng, struct game_move *mv)
{
	const struct cards *v = &obs->hand[obs->victim];
	int suit = ch_best_suit(v), i, best = v->c[0], top = -1, k;

	if (obs->phase == PH_PICK) {
		mv->verb = VERB_PICK;
		for (i = 0; i < v->n; i++) {
			k = gain(&obs->hand[obs->turn], v->c[i]) * 8 +
			    (int)rng_below(rng, 8);
			if (k > top) {
				top = k;
				best = v->c[i];
			}
		}
		mv->argv[mv->argc++] = best;
		return;
	}
	mv->verb = VERB_DROP;
	for (i = 0; i < v->n && mv->argc < obs->die; i++) {
		if (ch_useful(v, i, suit))
			mv->argv[mv->argc++] = v->c[i];
	}
}

/* The easy level: a move for the phase, and a hide two times in three. */
static int
easy_decide(const struct game *obs, int seat, struct rng *rng,
    struct game_move *mv)
{
	const struct cards *h = &obs->hand[seat];
	int k;

	if (obs->phase == PH_HIDE) {
		if ((k = ch_find(obs, h, FACE_HIDE, 0, 0, NULL, 0)) < 0)
			k = ch_find(obs, h, FACE_WILD, 0, 0, NULL, 0);
		if (k < 0 || rng_below(rng, 3) == 0)
			return -1;
		mv->verb = VERB_HIDE;
		mv->argv[mv->argc++] = h->c[k];
		return 0;
	}
	if (obs->phase == PH_TURN)
		easy_turn(obs, rng, mv);
	else if (obs->phase == PH_DISCARD)
		easy_discard(obs, rng, mv);
	else
		easy_victim(obs, rng, mv);
	return 0;
}

/* What a seat's hidden cards are likely worth, in letters, after the
 * turns it has had: a fresh hand is about two letters from spelling,
 * and each turn brings it nearer. */
static double
threat(const struct ai_mind *m, const struct game *obs,
    const struct ch_know *k, int s)
{
	struct cards shown;
	double per = 0.3 + 0.02 * m->turns[s];
	int i;

	cards_clear(&shown);
	for (i = 0; i < obs->hand[s].n; i++) {
		if (obs->pub[obs->hand[s].c[i]])
			cards_add(&shown, obs->hand[s].c[i]);
	}
	if (per > 0.8)
		per = 0.8;
	return ch_progress(&shown, ch_best_suit(&shown)) + per * k->slots[s];
}

/* The chance that seat s collects each suit, by what it was seen to hold
 * (letters of a suit, shown or taken: strong) and what it discarded
 * (weak: the suits it does not want); into p[]. */
static void
collects(const struct ai_mind *m, const struct game *obs, int s, double *p)
{
	struct cards shown;
	double sum = 0;
	int i, suit;

	cards_clear(&shown);
	for (i = 0; i < obs->hand[s].n; i++) {
		if (obs->pub[obs->hand[s].c[i]])
			cards_add(&shown, obs->hand[s].c[i]);
	}
	for (suit = 0; suit < CH_SUITS; suit++) {
		p[suit] = (1.0 + ch_progress(&shown, suit)) *
		    (1.0 + ch_progress(&shown, suit)) /
		    (1.0 + 0.35 * m->thrown[s][suit]);
		sum += p[suit];
	}
	for (suit = 0; suit < CH_SUITS; suit++)
		p[suit] /= sum;
}

/* What a hard seat judges of the others from its memory: how near each
 * is to spelling, how readily each hides when named, which suit each
 * collects (and so which suits are harder to come by), and where the
 * unknown cards lie. */
static void
judge(const struct ai_mind *m, const struct game *obs, struct ch_know *k)
{
	double crowd;
	int s, suit;

	for (s = 0; s < obs->nseats; s++) {
		k->threat[s] = threat(m, obs, k, s);
		k->hide[s] = (m->hid[s] + 1.6) / (0.6 * m->named[s] + 2);
		if (k->hide[s] > 1)
			k->hide[s] = 1;
		for (suit = 0; suit < CH_SUITS; suit++)
			k->suit[s][suit] = 1.0 / CH_SUITS;
		if (s != m->seat && obs->in[s])
			collects(m, obs, s, k->suit[s]);
	}
	for (suit = 0; suit < CH_SUITS; suit++) {
		for (s = 0, crowd = 0; s < obs->nseats; s++) {
			if (s != m->seat && obs->in[s])
				crowd += k->suit[s][suit] - 1.0 / CH_SUITS;
		}
		k->scale[suit] = 1 - 0.4 * (crowd > 0 ? crowd : 0);
		if (k->scale[suit] < 0.3)
			k->scale[suit] = 0.3;
	}
	ch_ai_costs(k);	/* the suits' scale changed */
	ch_ai_piles(k, m->known, obs->draw.n);
	/* A TAKE played now weighs what the others hold today; kept, it
	 * waits while they spell.  A hard seat values it kept at half what
	 * a normal one does, so it plays it sooner (the tournament agrees:
	 * about a point against normal seats). */
	k->keep_take = 1.0;
}

/* The normal and hard levels: what each knows, then the move. */
static int
value_decide(struct ai_mind *m, const struct game *obs, struct rng *rng,
    struct game_move *mv)
{
	struct ch_ai_ctx c;

	c.obs = obs;
	c.hard = m->level >= AI_HARD;
	c.rng = rng;
	ch_ai_know(&c.know, obs, m->seat);
	if (c.hard)
		judge(m, obs, &c.know);
	switch (obs->phase) {
	case PH_HIDE:
		return c.hard ? ch_ai_hide(&c, mv) : ch_ai_count_hide(&c, mv);
	case PH_TURN:
		return c.hard ? ch_ai_turn(&c, mv) : ch_ai_count_turn(&c, mv);
	case PH_DISCARD:
		ch_ai_discards(&c, mv);
		return 0;
	case PH_PICK:
		ch_ai_pick(&c, mv);
		return 0;
	default:
		ch_ai_drop(&c, mv);
		return 0;
	}
}

/* The level's own decision (the expert's is the hard one: ai_search()
 * starts from it). */
static int
cheater_decide(struct ai_mind *m, const struct game *obs, struct rng *rng,
    struct game_move *mv)
{
	int mine;

	/* The seat may act at its turn, or named in a window. */
	mine = obs->phase == PH_HIDE ? obs->victim == m->seat :
	    obs->phase != PH_OVER && obs->turn == m->seat;
	if (!mine || !obs->in[m->seat])
		return -1;
	memset(mv, 0, sizeof *mv);
	mv->seat = m->seat;
	if (m->level == AI_EASY)
		return easy_decide(obs, m->seat, rng, mv);
	return value_decide(m, obs, rng, mv);
}

/* Moves a play-out looks ahead, at most. */
#define DEPTH 24

/* What the world w, not over, is worth to seat: the race to spell, each
 * seat's letters missing from its best suit (a WILD fills one). */
static double
cheater_eval(const struct game *w, int seat)
{
	static const int need[CH_LETTERS] = { 1, 1, 2, 1, 1, 1 };
	double left[GAME_MAX_SEATS];
	int have[CH_FACES], s, i, f, u, got, best, wild;

	for (s = 0; s < w->nseats; s++) {
		left[s] = -1;
		if (!w->in[s])
			continue;
		memset(have, 0, sizeof have);
		for (i = 0; i < w->hand[s].n; i++)
			have[ch_face(w->hand[s].c[i])]++;
		best = 0;
		for (u = 0; u < CH_SUITS; u++) {
			got = 0;
			for (f = 0; f < CH_LETTERS; f++)
				got += have[u * CH_LETTERS + f] < need[f] ?
				    have[u * CH_LETTERS + f] : need[f];
			if (got > best)
				best = got;
		}
		wild = have[FACE_WILD];
		left[s] = CH_HAND - best - wild > 0 ? CH_HAND - best - wild : 0;
	}
	return ai_race(left, w->nseats, seat, 0);
}

/* The expert's search (games/ai-search.c). */
static const struct ai_search search = {
	.rollout = AI_NORMAL,
	.alternatives = 3,
	.playouts = 16,		/* about 50 ms at the 99th percentile on a
				 * 2-core VM (docs/ai.md) */
	.depth = DEPTH,
	.eval = cheater_eval,
	.margin = 0.01,
};

const struct game_ai cheater_ai = {
	.mind_new = cheater_mind_new,
	.mind_free = cheater_mind_free,
	.note = cheater_note,
	.decide = cheater_decide,
	.search = &search,
};
