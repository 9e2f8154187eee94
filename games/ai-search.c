/*
 * The expert AI's search (ai.h, ai_search()), the same for every variant:
 * flat Monte Carlo over determinized worlds, with play-outs of bounded
 * depth.
 *
 * The seat's own move at its turn is searched, and where the variant
 * weighs its worlds by what the seat saw (s->world) and names its call
 * (s->call), a window's call against letting the claim pass; hides and
 * asides stay the hard level's (see ai_search()).  The candidates are
 * the hard decision (the variant's decide(), from the expert's mind,
 * which remembers as the hard one does) and a few others: the variant's
 * own (s->moves) or legal moves of the seat of the same verb drawn with
 * ops->sample() from its observation.  Each play-out makes one world
 * consistent with what the seat knows (a copy of the observation, dealt
 * again by s->world from the seat's mind, or evenly by ops->redeal(),
 * from a generator drawn from rng), applies the candidate there, and
 * plays on with a mind at the
 * rollout level in every seat, refereed as ai_play() referees (the calls
 * of a window first, then the turn, then the table), for at most
 * s->depth moves: a game over then is worth its result, one not over the
 * variant's evaluation (s->eval(), most often ai_race()).  Every
 * candidate meets the same worlds and the same chances in them (common
 * random numbers), so their difference is the move's, not the deal's.
 * The first (the hard one) is kept unless another's mean gain over it,
 * less GATE times its standard error times Student's t for its rounds,
 * passes the margin, so that noise alone seldom makes the expert play
 * worse than hard.
 *
 * Honest by construction: the search reads its observation, its mind
 * (through decide()) and rng, nothing else; a world is made from the
 * observation alone, so whatever the minds of a play-out see there is a
 * guess drawn from what the seat knows, never the game's hidden cards.
 * No clock (the rules keep none): the budget is a count of play-outs.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "game.h"
#include "rng.h"
#include "alloc/xalloc.h"

#define MAX_CANDIDATES 16
/* What part of Student's t times its standard error a candidate's mean
 * gain must clear the margin by (below 1: a gain about one and a half
 * standard errors clear at 16 rounds is taken).  Measured on the same
 * seeds against three hard seats, 0.7 against 1: Cheat 31.4% and 29.5%
 * (1000 games), Questions 30.9% and 28.8% (1000), CHEATER 25.3% and
 * 24.0% (300), Cheesedog 19.2% and 24.2% of losses (400), Liar's UNO
 * 23.2% and 25.5% (400, before MIN_ROUNDS); docs/ai.md. */
#define GATE 0.7
/* The rounds every candidate is played, at least: two of the same
 * difference have a standard error of 0 and pass any part of t, a guess
 * that chose Liar's UNO's moves at its 8 play-outs (four candidates, two
 * rounds each); a smaller budget weighs fewer candidates instead. */
#define MIN_ROUNDS 3
/* Draws of ops->sample() per alternative wanted, at most. */
#define DRAWS 6

/* Student's t at 97.5% for df degrees of freedom (the paired differences
 * of a candidate's rounds, less one): with few rounds a standard error
 * is itself a guess, and twice it would let noise choose (two rounds of
 * nearly equal differences look certain).  From 30 on, 2. */
static double
t_crit(int df)
{
	static const double t[30] = { 12.71, 4.30, 3.18, 2.78, 2.57, 2.45,
		2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14, 2.13, 2.12,
		2.11, 2.10, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06, 2.06,
		2.05, 2.05, 2.05, 2.04 };

	return df < 1 ? 1e9 : df <= 30 ? t[df - 1] : 2;
}

/* One candidate: the move, or pass (let the chance go); its play-outs
 * and their results summed. */
struct candidate {
	int pass;
	struct game_move mv;
	double sum, sq;		/* of the differences from the first's */
	int n;
};

static int
same_move(const struct game_move *a, const struct game_move *b)
{
	return a->seat == b->seat && a->verb == b->verb &&
	    a->argc == b->argc && memcmp(a->argv, b->argv,
	    (size_t)a->argc * sizeof a->argv[0]) == 0;
}

/* Whether the list already holds mv (pass: a pass). */
static int
listed(const struct candidate *c, int n, int pass,
    const struct game_move *mv)
{
	int i;

	for (i = 0; i < n; i++) {
		if (c[i].pass != pass)
			continue;
		if (pass || same_move(&c[i].mv, mv))
			return 1;
	}
	return 0;
}

/* What the game w, over, is worth to seat: 1 won, 0 lost; in a game for
 * a loser, 1 for not being the loser.  A little more for a better place,
 * so that among losses (or wins) the nearer thing counts. */
static double
worth(const struct game_ops *ops, const struct game *w, int seat)
{
	struct game_result r;
	int won, lost, place;

	memset(&r, 0, sizeof r);
	ops->result(w, &r);
	game_outcome(ops, &r, seat, &won, &lost);
	place = r.place[seat];
	if (ops->loser_game || r.for_loser || r.loser >= 0)
		return lost ? 0 : 1;
	return won + (place > 0 && r.nseats > 1 ?
	    0.1 * (double)(r.nseats - place) / (r.nseats - 1) : 0);
}

double
ai_race(const double *left, int nseats, int seat, int loser)
{
	double w, mine = 0, sum = 0;
	int s;

	if (left[seat] < 0)
		return loser ? 1 : 0;
	for (s = 0; s < nseats; s++) {
		if (left[s] < 0)
			continue;
		w = (1 + left[s]) * (1 + left[s]);
		if (!loser)
			w = 1 / w;
		sum += w;
		if (s == seat)
			mine = w;
	}
	return loser ? 1 - mine / sum : mine / sum;
}

/* The minds of a play-out, and the searching seat's (m, of seat). */
struct playout {
	const struct game_ops *ops;
	struct game *w;
	int nseats, seat;
	const struct ai_mind *m;
	struct ai_mind *mind[GAME_MAX_SEATS];
	struct rng rng;
};

/* Applies mv in the play-out if the rules take it (else the fallback,
 * the turn's or the table's timeout()), and every mind notes it. */
static void
po_apply(struct playout *p, const struct game_move *mv)
{
	const struct game_ops *ops = p->ops;
	struct game_move fallback;
	int i;

	if (ops->check(p->w, mv, NULL) != 0) {
		ops->timeout(p->w, &fallback);
		mv = &fallback;
	}
	ops->apply(p->w, mv, NULL);
	for (i = 0; i < p->nseats; i++)
		ops->ai->note(p->mind[i], p->w);
}

/* Whether a window of the game whose turn is tu is open to seat, which
 * is not also to play: where a call is the seat's to make or not. */
static int
calling(const struct game_turn *tu, int seat)
{
	return !tu->pause && tu->seat != seat && (tu->window & (1u << seat));
}

/* Seat's decision in the play-out p (struct playout): 0 and *mv, or -1
 * (none, or a move for another seat). */
static int
po_ask(void *arg, int seat, struct game_move *mv)
{
	struct playout *p = arg;
	const struct ai_search *s = p->ops->ai->search;
	struct game_move call;
	struct game_turn tu;
	int rc;

	rc = p->ops->ai->decide(p->mind[seat], p->w, &p->rng, mv) == 0 &&
	    mv->seat == seat ? 0 : -1;
	if (s->loose == NULL || s->call == NULL || seat == p->seat)
		return rc;
	p->ops->turn(p->w, &tu);
	/* Another seat letting a claim pass, in a window or at its turn
	 * with a window open to it (the next to play, who may call
	 * first): it calls on nothing as often as the searching seat saw
	 * it call true plays (s->loose).  A seat that calls every claim
	 * of one card mostly sits next to play after someone. */
	if (tu.pause || !(tu.window & (1u << seat)) ||
	    (rc == 0 && tu.seat != seat))
		return rc;
	if (s->call(p->w, seat, &call) != 0 || call.seat != seat ||
	    (rc == 0 && same_move(mv, &call)))
		return rc;
	if (rng_below(&p->rng, 1000000) >= 1e6 * s->loose(p->m, p->w, seat))
		return rc;
	*mv = call;
	return 0;
}

/* One step of the play-out, as ai_play() referees (ai_next_move()),
 * skip not asked (it let the window pass). */
static void
po_step(struct playout *p, const struct game_turn *tu, int skip)
{
	struct game_move mv;

	ai_next_move(p->ops, p->w, p->nseats, tu, skip, po_ask, p, &mv);
	po_apply(p, &mv);
}

/* Plays candidate c out in the world that world (a generator's state)
 * makes of obs: what it is worth to seat. */
static double
play_out(const struct game_ops *ops, const struct ai_mind *m,
    const struct game *obs, int seat, int nseats, const struct candidate *c,
    const struct rng *world)
{
	const struct ai_search *s = ops->ai->search;
	struct playout p;
	struct game_turn tu;
	struct rng deal = *world;
	double v;
	int i, moves;

	memset(&p, 0, sizeof p);
	p.ops = ops;
	p.w = ops->observe(obs, seat);
	if (s->world != NULL)
		s->world(p.w, seat, m, &deal);
	else
		ops->redeal(p.w, seat, &deal);
	p.rng = deal;
	p.nseats = nseats;
	p.seat = seat;
	p.m = m;
	for (i = 0; i < p.nseats; i++)
		p.mind[i] = ops->ai->mind_new(p.w, i, s->rollout, NULL);
	if (c->pass) {
		ops->turn(p.w, &tu);
		if (!tu.over)
			po_step(&p, &tu, seat);
	} else
		po_apply(&p, &c->mv);
	for (moves = 0; moves < s->depth; moves++) {
		ops->turn(p.w, &tu);
		if (tu.over)
			break;
		po_step(&p, &tu, -1);
	}
	ops->turn(p.w, &tu);
	v = tu.over ? worth(ops, p.w, seat) : s->eval(p.w, seat);
	for (i = 0; i < p.nseats; i++)
		ops->ai->mind_free(p.mind[i]);
	ops->destroy(p.w);
	return v;
}

/* Whether the seat's decision in obs (decide()'s rc and *mv) is a
 * window's to search: the variant weighs its worlds and names its call
 * (s->world, s->call), a window is open to the seat, which is not also
 * to play, and decide() called (*mv the call) or let it pass; the call
 * to *call. */
static int
window(const struct game_ops *ops, const struct game *obs, int seat,
    const struct game_turn *tu, int rc, const struct game_move *mv,
    struct game_move *call)
{
	const struct ai_search *s = ops->ai->search;

	if (s->world == NULL || s->call == NULL || !calling(tu, seat))
		return 0;
	if (s->call(obs, seat, call) != 0 ||
	    ops->check(obs, call, NULL) != 0)
		return 0;
	return rc != 0 || same_move(mv, call);
}

int
ai_search(const struct game_ops *ops, struct ai_mind *m, int seat,
    int nseats, int playouts, const struct game *obs, struct rng *rng,
    struct game_move *mv)
{
	const struct ai_search *s = ops->ai->search;
	struct candidate c[MAX_CANDIDATES];
	struct game_move alt, call, more[MAX_CANDIDATES];
	struct game_turn tu;
	struct rng world;
	double best, mean, se, first, d;
	int n = 0, i, k, rc, draws, want = 0, pick = 0, rounds, least;

	rc = ops->ai->decide(m, obs, rng, mv);
	ops->turn(obs, &tu);
	memset(c, 0, sizeof c);
	/* The seat's own move at its turn, among the variant's candidates
	 * or moves of the same kind (verb) as the hard one; a window's call
	 * only in worlds weighted by what the claims said: in even ones a
	 * claim is honest only by chance, and a call (or letting one pass)
	 * would be judged against claims far more often false than players
	 * make them. */
	if (window(ops, obs, seat, &tu, rc, mv, &call)) {
		/* A window where the seat is not also to play: its call
		 * and letting the claim pass, the hard one first. */
		c[0].pass = rc != 0;
		c[0].mv = *mv;
		c[1].pass = rc == 0;
		c[1].mv = call;
		n = 2;
	} else if (rc != 0 || tu.seat != seat || tu.pause ||
	    !ai_may_act(&tu, seat))
		return rc;
	else {
		c[n].mv = *mv;
		n++;
		want = s->alternatives < MAX_CANDIDATES - n ?
		    s->alternatives : MAX_CANDIDATES - n;
	}
	if (want > 0 && s->moves != NULL) {
		/* The variant's own: its candidates, in its order. */
		k = s->moves(m, obs, seat, rng, more, MAX_CANDIDATES);
		for (i = 0; i < k && want > 0; i++) {
			if (more[i].seat != seat || listed(c, n, 0, &more[i]) ||
			    ops->check(obs, &more[i], NULL) != 0)
				continue;
			c[n].mv = more[i];
			n++;
			want--;
		}
		want = 0;
	}
	for (draws = 0; draws < DRAWS * want && n < MAX_CANDIDATES &&
	    want > 0; draws++) {
		if (ops->sample(obs, rng, &alt) != 0 || alt.seat != seat ||
		    alt.verb != mv->verb ||
		    listed(c, n, 0, &alt) || ops->check(obs, &alt, NULL) != 0)
			continue;
		c[n].mv = alt;
		n++;
		want--;
	}
	if (playouts <= 0)
		playouts = s->playouts;
	if (n == 1)
		return rc;
	/* A budget too small for the variant's rounds (at least
	 * MIN_ROUNDS) of every candidate keeps the first ones (the hard
	 * move, then the pass): the more candidates a few rounds each
	 * weigh, the likelier one of them passes by luck alone. */
	least = s->rounds > MIN_ROUNDS ? s->rounds : MIN_ROUNDS;
	if (playouts / n < least)
		n = playouts / least > 2 ? playouts / least : 2;
	rounds = playouts / n;
	if (rounds < MIN_ROUNDS)
		rounds = MIN_ROUNDS;
	for (k = 0; k < rounds; k++) {
		rng_seed(&world, rng_next(rng));
		first = play_out(ops, m, obs, seat, nseats, &c[0], &world);
		for (i = 1; i < n; i++) {
			d = play_out(ops, m, obs, seat, nseats, &c[i],
			    &world) - first;
			c[i].sum += d;
			c[i].sq += d * d;
			c[i].n++;
		}
	}
	/* The paired differences from the first: another is chosen only
	 * where its mean gain, less GATE times its standard error times
	 * Student's t for its rounds, still passes the margin, and then
	 * the one that passes it most. */
	best = s->margin;
	for (i = 1; i < n; i++) {
		mean = c[i].sum / c[i].n;
		se = sqrt((c[i].sq / c[i].n - mean * mean) / (c[i].n - 1));
		d = mean - GATE * t_crit(c[i].n - 1) * se;
		if (d > best) {
			best = d;
			pick = i;
		}
	}
	if (c[pick].pass)
		return -1;
	*mv = c[pick].mv;
	return 0;
}
