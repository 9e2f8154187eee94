/*
 * The AI of Cheat and Questions (games/ai.h): what an AI seat remembers of
 * the game, when it calls cheat, and the question it asks.  Its plays are
 * in cheat-ai-play.c; what both read of the table (the cards it can
 * place, the risk that a claim is proved false, how often the table
 * calls) in cheat-ai-read.c.
 *
 * It reads the observation's state directly (it is the variant's own
 * code), but only what the observation keeps in place: its hand, the
 * cards whose known[] bit is its own, the hand sizes, the claims and the
 * record of calls.  Every other card of an observation is a filler.
 *
 * Levels.  Easy calls now and then at random, and not always when it
 * could know better.  Normal and hard call on the chance that the claim
 * is a lie (lie_chance()) against what a call wins and costs
 * (call_worth()): normal from the copies it cannot place and a flat lie
 * rate; hard adds the piles the claimer took, the claims still in the
 * pile, the claimer's neighbouring ranks and its lies caught, in this
 * game and in the records.  Every play that would win is called, but a
 * loser game's last play, called on the same reckoning.  In the loser
 * game hard reckons and plays as normal does (cheat_ai_deep()), but
 * for its mixing of claims and the weight of a pile taken late.
 */
#include <stdlib.h>
#include <string.h>

#include "games/ai.h"
#include "games/cards.h"
#include "cheat.h"
#include "cheat-int.h"
#include "games/game.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

/* How often seat s lies, as a part of its claims: the table's usual one
 * in three (every hand must lie now and then), and for hard the records'
 * lies over claims and this game's lies caught over the claims called
 * (calls pick the likeliest lies: what is caught says less). */
static double
lie_prior(const struct ai_mind *m, const struct game *obs, int s)
{
	const struct ai_habits *h = &m->habits[s];
	double lies = 1.2, claims = 4;

	if (!cheat_ai_deep(m, obs))
		return 0.3;
	if (h->claims > 0) {
		lies += 6.0 * h->lies / h->claims;
		claims += 6;
	}
	lies += 0.6 * m->caught[s];
	claims += m->called[s];
	return lies / claims;
}

/* The chance that the declarer of the open claim held need cards of rank
 * r or more before it played: drawn from the cards m's seat cannot place
 * (hypergeometric), less those it was known to hold.  Hard also counts
 * the cards of r it is believed to hold from the piles it took (cards
 * claimed together stay together), and the claims of r by others still
 * in the pile, mostly true. */
static double
have_chance(const struct ai_mind *m, const struct game *obs, int r,
    int need)
{
	int d = obs->declarer, others = m->claimed[r], pool, marked, draws;
	int held = r == obs->rank ? m->had_rank : m->known[d][r], b;
	int full = cheat_ai_deep(m, obs);

	if (r == obs->rank)
		others -= obs->count;
	b = !full ? 0 : (int)((r == obs->rank ? m->had_bunch :
	    m->bunch[d][r]) + 0.5);
	need -= held;
	if (need <= 0)
		return 1;
	pool = cheat_ai_unplaced(m, obs) - m->had_any;
	marked = 4 * obs->decks - cheat_ai_placed(m, obs, r, -1) -
	    (r == obs->rank ? m->had_rank : 0);
	draws = obs->hand[d].n + obs->laid - m->had_any;
	if (full && b > 0) {
		b = b < need ? b : need;
		b = b < marked ? b : marked;
		need -= b;
		marked -= b;
		pool -= b;
		draws -= b;
	}
	if (full && others > 0)
		marked -= (others * 2 + 1) / 3;
	/* In Questions players keep the ranks their own turns call and
	 * lie with the rest: the rank of the turn gathers in its hand. */
	if (full && obs->ordered)
		draws += draws / 2;
	return cheat_ai_atleast(pool, marked, draws, need);
}

/* The chance that the open claim is a lie.  A liar lacks the cards it
 * claims (in Cheat, lacks its neighbours too, or it would claim those,
 * unless it lies by choice); it lies with one card mostly, two now and
 * then, three seldom.  One who holds them lays them all, one to four.
 * So the odds of a lie are the prior odds from the claimer's lie rate,
 * times how much likelier the count is from a liar, times the chance it
 * lacks the cards over the chance it holds them.  Normal counts with
 * the cards it can place alone; hard also with the piles the claimer
 * took, the claims in the pile, the claimer's neighbours and habits. */
static double
lie_chance(const struct ai_mind *m, const struct game *obs)
{
	int c = obs->count, r = obs->rank, k;
	double have, none = 1, v = lie_prior(m, obs, obs->declarer);

	if (c != obs->laid ||
	    c > 4 * obs->decks - cheat_ai_placed(m, obs, r, obs->declarer))
		return 1;
	have = have_chance(m, obs, r, c);
	if (cheat_ai_deep(m, obs) && !obs->ordered && c == 1) {
		for (k = -1; k <= 1; k += 2)
			none *= 1 - have_chance(m, obs,
			    cards_rank_step(r, k), 1);
		have = 1 - (1 - have) * (none + 0.35 * (1 - none));
	}
	return cheat_ai_lie_odds(v, c, have);
}

double
cheat_ai_lie_chance(const struct ai_mind *m, const struct game *obs)
{
	return lie_chance(m, obs);
}

/* Measured of hard and normal seats against each other: a card laid
 * alone is of the rank claimed about half the time (55% in Cheat, 49% in
 * Questions), one of a claim of two or more 95% of the time. */
double
cheat_ai_claim_true(const struct game *obs, int count, int laid)
{
	if (count != laid)
		return 0;
	if (count > 1)
		return 0.95;
	return obs->ordered ? 0.5 : 0.55;
}

/* Easy: a beginner calls a visible lie or a winning play mostly, a
 * proved one half the time, and any other now and then. */
static int
call_easy(const struct ai_mind *m, const struct game *obs, struct rng *rng)
{
	int proved = obs->count > 4 * obs->decks -
	    cheat_ai_placed(m, obs, obs->rank, obs->declarer);

	if (obs->count != obs->laid)
		return rng_below(rng, 10) < 6;
	if (obs->turn < 0)
		return rng_below(rng, 10) < (obs->loser_mode ? 2u : 8u);
	if (proved)
		return rng_below(rng, 2) == 0;
	return rng_below(rng, 100) < (obs->count >= 3 ? 14u : 7u);
}

/* A call on expected value, p the chance the claim is a lie.  Right,
 * the declarer takes the pile and (in Cheat) this seat opens, face up;
 * wrong, this seat takes it.  A play that would win is called whatever
 * it may be: a wrong call on it costs nothing, the game is over. */
static int
call_worth(const struct ai_mind *m, const struct game *obs, double p)
{
	double gain, loss;
	int d = obs->declarer, pile = obs->pile.n;
	int mine = obs->hand[m->seat].n;

	if (p >= 1)
		return 1;
	if (obs->turn < 0 && !obs->loser_mode)
		return 1;
	/* Hard in the loser game: a pile taken late, with few cards
	 * left, is the game lost more often than its size says. */
	if (cheat_ai_hard(m) && obs->loser_mode && obs->turn >= 0 &&
	    obs->count >= 2 && mine <= 8) {
		gain = pile * (obs->hand[d].n <= 2 ? 0.6 :
		    obs->hand[d].n <= 5 ? 0.4 : 0.25) + 2;
		loss = (pile + (mine <= 3 ? 4 : 0)) * 2.5;
		return p * gain > (1 - p) * loss;
	}
	/* Loser mode: a last play let go is a seat out, one fewer to
	 * lose to; a lie caught keeps it in with the pile. */
	if (obs->turn < 0) {
		gain = pile * 1.5 + 2;
		loss = pile + (mine <= 3 ? 4 : 0);
		return p * gain > (1 - p) * loss;
	}
	return cheat_ai_worth(p, pile, obs->hand[d].n, mine, obs->ordered);
}

/* The question m's seat asks: the liar of one of the cards, or after a
 * wrong call the caller (who doubted it), else the next player. */
static void
ask(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    struct game_move *mv)
{
	int to = obs->answerer;

	if (to < 0)
		to = obs->caller >= 0 && obs->state[obs->caller] == SEAT_IN &&
		    obs->caller != m->seat ? obs->caller :
		    cheat_next_active(obs, m->seat);
	mv->verb = VERB_ASK;
	mv->argc = 2;
	mv->argv[0] = obs->asked.c[rng_below(rng, (uint32_t)obs->asked.n)];
	mv->argv[1] = to;
}

/* The level's own decision (the expert's is the hard one: ai_search()
 * starts from it). */
static int
cheat_ai_decide(struct ai_mind *m, const struct game *obs, struct rng *rng,
    struct game_move *mv)
{
	struct game_turn tu;
	int call;

	cheat_turn(obs, &tu);
	memset(mv, 0, sizeof *mv);
	mv->seat = m->seat;
	/* While an answer is awaited the bot answers for an AI seat asked
	 * (heard()), and an AI that asked waits for it. */
	if (tu.over || tu.pause)
		return -1;
	if (obs->asker == m->seat) {
		ask(m, obs, rng, mv);
		return 0;
	}
	if (tu.window & (1u << m->seat)) {
		if (m->level == AI_EASY)
			call = call_easy(m, obs, rng);
		else
			call = call_worth(m, obs, lie_chance(m, obs));
		/* Questions gone on too long: seats that know where every
		 * card is catch every lie, and piles of whole ranks can go
		 * round for ever, nobody able to lay a last card; a call
		 * let go now and then ends it (docs/games/questions.md).
		 * Its generator is drawn on past CHEAT_AI_LONG_GAME only: a shorter
		 * game plays as it did. */
		if (call && obs->ordered && obs->plays > CHEAT_AI_LONG_GAME &&
		    rng_below(rng, 4) == 0)
			call = 0;
		if (call) {
			mv->verb = VERB_CHEAT;
			mv->argc = 1;
			mv->argv[0] = obs->declarer;
			return 0;
		}
	}
	if (tu.seat != m->seat)
		return -1;
	cheat_ai_play(m, obs, rng, mv);
	return 0;
}

/* The pile as m remembers it, from obs alone (a mind made in the middle
 * of a game, or a change it cannot follow): each card under a claim it
 * did not lay as likely true as a card of a claim of two. */
static void
pile_forget(struct ai_mind *m, const struct game *obs)
{
	int i;

	for (i = 0; i < obs->pile.n; i++) {
		m->pile_r[i] = obs->pile_as[i] > 0 ? obs->pile_as[i] : 0;
		m->pile_p[i] = m->pile_r[i] > 0 &&
		    !cheat_ai_knows(m, obs, obs->pile.c[i], -1) ?
		    (float)cheat_ai_claim_true(obs, 2, 2) : 0;
	}
	m->npile = obs->pile.n;
	m->laid = 0;
}

/* A challenge gave the pile m remembers to taker's hand: the cards of
 * the claims under the one called (whose cards were shown), unseen,
 * are that hand's now. */
static void
pile_taken(struct ai_mind *m, int taker)
{
	int i;

	for (i = 0; i < m->npile - m->laid; i++) {
		if (m->pile_p[i] > 0)
			m->took[taker][m->pile_r[i]] += m->pile_p[i];
	}
	m->npile = 0;
	m->laid = 0;
}

/* Follows the pile of obs after one move from the last noted: a play
 * laid its cards on top, a challenge took it (taker), a leaver's hand
 * went under it. */
static void
note_pile(struct ai_mind *m, const struct game *obs, int taker, int played)
{
	int i, k, d = obs->declarer;
	float p;

	if (taker >= 0)
		pile_taken(m, taker);
	if (obs->pile.n > m->npile && !played && taker < 0) {
		/* A leaver's hand, under the pile, under no claim. */
		k = obs->pile.n - m->npile;
		memmove(m->pile_p + k, m->pile_p,
		    (size_t)m->npile * sizeof m->pile_p[0]);
		memmove(m->pile_r + k, m->pile_r,
		    (size_t)m->npile * sizeof m->pile_r[0]);
		for (i = 0; i < k; i++) {
			m->pile_p[i] = 0;
			m->pile_r[i] = 0;
		}
		m->npile = obs->pile.n;
	}
	if (played && obs->laid > 0 &&
	    obs->pile.n == m->npile + obs->laid) {
		p = d == m->seat || obs->face_up ? 0 :
		    (float)cheat_ai_claim_true(obs, obs->count, obs->laid);
		for (i = m->npile; i < obs->pile.n; i++) {
			m->pile_p[i] = p;
			m->pile_r[i] = (signed char)obs->rank;
		}
		m->npile = obs->pile.n;
		m->laid = obs->laid;
		/* What the declarer claims now it likely took up. */
		if (d >= 0 && !obs->face_up) {
			m->took[d][obs->rank] -= (float)obs->count;
			if (m->took[d][obs->rank] < 0)
				m->took[d][obs->rank] = 0;
		}
	}
	if (m->npile != obs->pile.n)
		pile_forget(m, obs);
	for (i = 0; i < obs->nseats; i++) {
		if (obs->state[i] != SEAT_IN)
			memset(m->took[i], 0, sizeof m->took[i]);
	}
}

/* The window of m's own open lie, if any, is over: counted among its
 * lies, and among those caught if caught. */
static void
own_window_over(struct ai_mind *m, int caught)
{
	if (m->own_open > 0) {
		m->own_lies[m->own_open - 1]++;
		m->own_caught[m->own_open - 1] += caught;
	}
	m->own_open = 0;
}

static void
cheat_ai_note(struct ai_mind *m, const struct game *obs)
{
	int s, r, d = obs->declarer, taker;

	note_pile(m, obs, obs->calls == m->ncalls ? -1 : obs->last_honest ?
	    obs->last_caller : obs->last_accused, obs->plays != m->plays);
	if (obs->calls != m->ncalls) {
		/* A challenge: the pile went to a hand, and with it the
		 * claims of others it held, but the one shown. */
		s = obs->last_accused;
		m->caught[s] += !obs->last_honest;
		m->caught_several[s] += !obs->last_honest && m->count > 1;
		m->called[s]++;
		m->calls[obs->last_caller]++;
		m->wrong[obs->last_caller] += obs->last_honest;
		own_window_over(m, s == m->seat);
		m->calls_by[obs->last_caller][m->count > 1]++;
		m->wrong_by[obs->last_caller][m->count > 1] +=
		    obs->last_honest;
		taker = obs->last_honest ? obs->last_caller : s;
		if (s != m->seat)
			m->claimed[m->crank] -= m->count;
		for (r = 1; r <= CARDS_RANKS && taker != m->seat; r++) {
			if (m->claimed[r] > 0)
				m->bunch[taker][r] += 0.6 * m->claimed[r];
		}
		memset(m->claimed, 0, sizeof m->claimed);
		memset(m->pile_claims, 0, sizeof m->pile_claims);
	}
	if (obs->plays != m->plays && d >= 0 && !obs->face_up) {
		/* A claim: what its declarer was known to hold before. */
		m->count = obs->count;
		m->crank = obs->rank;
		m->had_rank = m->known[d][obs->rank];
		m->had_bunch = m->bunch[d][obs->rank];
		m->bunch[d][obs->rank] -= obs->count;
		if (m->bunch[d][obs->rank] < 0)
			m->bunch[d][obs->rank] = 0;
		m->had_any = 0;
		for (s = 1; s <= CARDS_RANKS; s++)
			m->had_any += m->known[d][s];
		if (d != m->seat)
			m->claimed[obs->rank] += obs->count;
		m->pile_claims[d][obs->rank] += obs->laid;
		for (s = 0; s < obs->nseats; s++) {
			if (s != d && obs->state[s] == SEAT_IN) {
				m->chances[s]++;
				m->chances_by[s][obs->count > 1]++;
			}
		}
		/* Its own lie before went uncalled; this one, if a lie,
		 * is open. */
		own_window_over(m, 0);
		m->own_open = d == m->seat && !cheat_play_honest(obs) ?
		    1 + (obs->count > 1) : 0;
		/* Its own lie, played: its cards are marked. */
		for (s = 0; s < m->nlying && d == m->seat; s++) {
			if (m->bluffed[m->lying[s]] < 255)
				m->bluffed[m->lying[s]]++;
		}
	}
	if (obs->plays != m->plays)
		m->nlying = 0;
	m->plays = obs->plays;
	m->ncalls = obs->calls;
	cheat_ai_count_known(m, obs);
}

static struct ai_mind *
cheat_ai_mind_new(const struct game *obs, int seat, enum ai_level level,
    const struct ai_habits *habits)
{
	struct ai_mind *m = xcalloc(1, sizeof *m);

	m->seat = seat;
	m->level = level;
	if (habits != NULL)
		memcpy(m->habits, habits, (size_t)obs->nseats *
		    sizeof *habits);
	m->plays = obs->plays;
	m->ncalls = obs->calls;
	cheat_ai_count_known(m, obs);
	pile_forget(m, obs);
	return m;
}

static void
cheat_ai_mind_free(struct ai_mind *m)
{
	free(m);
}

/* Moves a play-out looks ahead, at most. */
#define DEPTH 24

/* What the world w, not over, is worth to seat: the race to empty the
 * hands (in loser mode, not to be the last holding cards). */
static double
cheat_ai_eval(const struct game *w, int seat)
{
	double left[GAME_MAX_SEATS];
	int s;

	for (s = 0; s < w->nseats; s++)
		left[s] = w->state[s] == SEAT_IN ? w->hand[s].n : -1;
	return ai_race(left, w->nseats, seat, w->loser_mode);
}

/* The expert's search (games/ai-search.c), of Cheat or of the variant
 * that extends it; its budget by default, in play-outs a decision: about
 * 40 ms at the 99th percentile on a 2-core VM (docs/ai.md).  Its
 * play-outs are played by hard minds: normal ones neither cover nor mix
 * lies as hard does, and a search that meets them there plays against a
 * table unlike the one it sits at (docs/ai.md, The expert).  Six of
 * cheat_ai_moves()' plays beside hard's, not three: more of the ways
 * to lie are weighed, each still over 27 worlds; a smaller budget
 * (the tournament's against the simple strategies) weighs fewer, each
 * over 16 at least, or one of them passes by luck. */
static const struct ai_search cheat_ai_search = {
	.rollout = AI_HARD,
	.alternatives = 6,
	.rounds = 16,
	.playouts = 192,
	.depth = DEPTH,
	.eval = cheat_ai_eval,
	.margin = 0.01,
	.world = cheat_ai_world,
	.call = cheat_ai_call,
	.moves = cheat_ai_moves,
	.loose = cheat_ai_loose,
};

const struct game_ai cheat_ai = {
	.mind_new = cheat_ai_mind_new,
	.mind_free = cheat_ai_mind_free,
	.note = cheat_ai_note,
	.decide = cheat_ai_decide,
	.search = &cheat_ai_search,
};
