/*
 * The simple strategies of bench/strategy.h: their names, their calls
 * (one rule each, the same in every variant), which variant's file plays
 * their turns, and the referee that seats one of them among AI seats, as
 * ai_play() (games/ai.c) referees a game of AI seats alone.
 */
#include <stdlib.h>
#include <string.h>

#include "bench/strategy.h"
#include "games/ai.h"
#include "games/game.h"
#include "games/rng.h"

static const char *const names[STRATEGIES] = {
	"truthful", "never-multi", "call-last", "call-single",
};

/* The variants whose turns a strategy file plays, by ops->name. */
static const struct {
	const char *name;
	int (*decide)(enum strategy s, const struct game *obs, int seat,
	    const struct game_turn *tu, struct rng *rng,
	    struct game_move *mv);
} variants[] = {
	{ "cheat", strategy_cheat },
	{ "questions", strategy_cheat },
	{ "liarsuno", strategy_liarsuno },
};

#define NVARIANTS (sizeof variants / sizeof variants[0])

const char *
strategy_name(enum strategy s)
{
	return s >= 0 && s < STRATEGIES ? names[s] : "?";
}

static int
variant(const struct game_ops *ops)
{
	size_t i;

	for (i = 0; i < NVARIANTS; i++) {
		if (strcmp(ops->name, variants[i].name) == 0)
			return (int)i;
	}
	return -1;
}

int
strategy_plays(const struct game_ops *ops)
{
	return ops->claims && ops->ai != NULL && variant(ops) >= 0;
}

int
strategy_calls(enum strategy s, const struct strategy_claim *c,
    struct rng *rng)
{
	switch (s) {
	case STRAT_TRUTHFUL:
		return c->impossible || c->last;
	case STRAT_NEVER_MULTI:
		if (c->count >= 2)
			return 0;
		return c->impossible || rng_below(rng, 3) == 0;
	case STRAT_CALL_LAST:
		return c->last;
	case STRAT_CALL_SINGLE:
		return c->count == 1;
	default:
		return 0;
	}
}

/* The game being refereed: the AI seats' minds, the lone seat's
 * strategy, each seat's generator. */
struct table {
	const struct game_ops *ops;
	struct game *g;
	int nseats, lone, variant;
	enum strategy strategy;
	struct ai_mind *mind[GAME_MAX_SEATS];	/* NULL for the lone seat */
	struct rng rng[GAME_MAX_SEATS];
};

/* Seat's decision from its observation: 0 and *mv, or -1 (none). */
static int
ask(struct table *t, int seat, const struct game_turn *tu,
    struct game_move *mv)
{
	struct game *obs = t->ops->observe(t->g, seat);
	int rc;

	memset(mv, 0, sizeof *mv);
	if (seat == t->lone)
		rc = variants[t->variant].decide(t->strategy, obs, seat, tu,
		    &t->rng[seat], mv);
	else
		rc = t->ops->ai->decide(t->mind[seat], obs, &t->rng[seat],
		    mv);
	t->ops->destroy(obs);
	if (rc == 0 && mv->seat != seat)
		abort();	/* a seat moves for itself alone */
	return rc;
}

/* Applies mv, typed and parsed back, once the rules check it; every AI
 * seat notes the result.  0, or -1 and *cause. */
static int
apply(struct table *t, const struct game_move *mv, char **cause)
{
	struct game_move typed = *mv;
	struct game *obs;
	char *why = NULL;
	int i;

	if (mv->seat >= 0 && ai_retype(t->ops, t->g, mv, &typed, &why) != 0)
		goto refused;
	if (t->ops->check(t->g, &typed, &why) != 0)
		goto refused;
	t->ops->apply(t->g, &typed, NULL);
	for (i = 0; i < t->nseats; i++) {
		if (t->mind[i] == NULL)
			continue;
		obs = t->ops->observe(t->g, i);
		t->ops->ai->note(t->mind[i], obs);
		t->ops->destroy(obs);
	}
	return 0;
refused:
	game_fail(cause, "%s: seat %d%s's move (verb %s) refused: %s",
	    t->ops->name, mv->seat, mv->seat == t->lone ? " (strategy)" : "",
	    t->ops->verbs[mv->verb], why);
	free(why);
	return -1;
}

/* One step, in ai_play()'s order: the calls of a window first, nearest
 * clockwise from the accused, then the seat whose turn it is, then the
 * table (a window closing, an answer heard). */
static int
step(struct table *t, const struct game_turn *tu, char **cause)
{
	struct game_move mv;
	int i, s, from = tu->accused >= 0 ? tu->accused : 0;

	for (i = 1; i <= t->nseats; i++) {
		s = (from + i) % t->nseats;
		if (s == tu->seat || !ai_may_act(tu, s))
			continue;
		if (ask(t, s, tu, &mv) == 0)
			return apply(t, &mv, cause);
	}
	if (tu->seat >= 0) {
		if (ask(t, tu->seat, tu, &mv) != 0)
			t->ops->timeout(t->g, &mv);
		return apply(t, &mv, cause);
	}
	if (tu->pause && tu->speaker >= 0 && t->ops->heard != NULL)
		t->ops->heard(t->g, &mv);
	else
		t->ops->timeout(t->g, &mv);
	return apply(t, &mv, cause);
}

int
strategy_play(const struct game_ops *ops, const struct game_opts *opts,
    int nseats, int lone, enum strategy s, const enum ai_level *levels,
    uint64_t seed, struct game_result *r, char **cause)
{
	struct table t;
	struct game_turn tu;
	struct game *obs;
	struct rng deal;
	int i, moves = 0, rc = 0;

	memset(&t, 0, sizeof t);
	t.ops = ops;
	t.nseats = nseats;
	t.lone = lone;
	t.strategy = s;
	if ((t.variant = variant(ops)) < 0 || ops->ai == NULL)
		return game_fail(cause, "%s: no strategy plays it", ops->name);
	rng_seed(&deal, seed);
	if ((t.g = ops->create(opts, nseats, (int)(seed % (unsigned)nseats),
	    &deal, NULL, cause)) == NULL)
		return -1;
	for (i = 0; i < nseats; i++) {
		rng_seed(&t.rng[i], seed * 31 + (uint64_t)i + 1);
		if (i == lone)
			continue;
		obs = ops->observe(t.g, i);
		t.mind[i] = ops->ai->mind_new(obs, i, levels[i], NULL);
		ops->destroy(obs);
	}
	for (;;) {
		ops->turn(t.g, &tu);
		if (tu.over)
			break;
		if (++moves > 100000) {
			rc = game_fail(cause, "%s: no end after %d moves",
			    ops->name, moves);
			break;
		}
		if ((rc = step(&t, &tu, cause)) != 0)
			break;
	}
	if (rc == 0) {
		memset(r, 0, sizeof *r);
		ops->result(t.g, r);
	}
	for (i = 0; i < nseats; i++) {
		if (t.mind[i] != NULL)
			ops->ai->mind_free(t.mind[i]);
	}
	ops->destroy(t.g);
	return rc == 0 ? moves : -1;
}
