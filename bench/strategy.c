/*
 * The simple strategies of bench/strategy.h: their names, their calls
 * (one rule each, the same in every variant), which variant's file plays
 * their turns, and a game with one of them seated among AI seats,
 * refereed by ai_play() (games/ai.c), the strategy in its seat's AI's
 * place (struct ai_watch's play).
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

/* The lone seat's part in ai_play()'s game (struct ai_watch's play). */
struct lone {
	const struct game_ops *ops;
	int variant;
	enum strategy strategy;
};

static int
lone_play(void *arg, const struct game *obs, int seat, struct rng *rng,
    struct game_move *mv)
{
	const struct lone *l = arg;
	struct game_turn tu;

	l->ops->turn(obs, &tu);
	memset(mv, 0, sizeof *mv);
	return variants[l->variant].decide(l->strategy, obs, seat, &tu, rng,
	    mv);
}

int
strategy_play(const struct game_ops *ops, const struct game_opts *opts,
    int nseats, int lone, enum strategy s, const enum ai_level *levels,
    int playouts, uint64_t seed, struct game_result *r, char **cause)
{
	struct lone l = { ops, variant(ops), s };
	struct ai_watch w = { .arg = &l, .play = lone_play,
	    .played = lone };

	if (l.variant < 0 || ops->ai == NULL)
		return game_fail(cause, "%s: no strategy plays it", ops->name);
	return ai_play_budget(ops, opts, nseats, levels, playouts, seed, r,
	    &w, cause);
}
