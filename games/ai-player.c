/*
 * An AI seat as its keepers hold it (ai.h, struct ai_player): the
 * variant's mind, its level, and an expert's budget.  The one place an
 * expert's decision is sent to its search, for every variant: a
 * variant's decide() is its level's own (an expert's is hard's), and a
 * variant states its default budget once, in its struct ai_search.
 */
#include <stdlib.h>

#include "ai.h"
#include "alloc/xalloc.h"

struct ai_player {
	const struct game_ops *ops;	/* the variant played (Questions'
					 * own, not Cheat's it extends) */
	struct ai_mind *mind;
	int seat, nseats;
	enum ai_level level;
	int playouts;			/* an expert's budget; 0: the
					 * variant's default */
};

struct ai_player *
ai_player_new(const struct game_ops *ops, const struct game *obs, int seat,
    int nseats, enum ai_level level, const struct ai_habits *habits)
{
	struct ai_player *p = xcalloc(1, sizeof *p);

	p->ops = ops;
	p->seat = seat;
	p->nseats = nseats;
	p->level = level;
	p->mind = ops->ai->mind_new(obs, seat, level, habits);
	return p;
}

void
ai_player_free(struct ai_player *p)
{
	if (p == NULL)
		return;
	p->ops->ai->mind_free(p->mind);
	free(p);
}

void
ai_player_budget(struct ai_player *p, int playouts)
{
	if (p->level != AI_EXPERT)
		return;
	p->playouts = playouts < AI_EXPERT_MAX_PLAYOUTS ? playouts :
	    AI_EXPERT_MAX_PLAYOUTS;
}

void
ai_player_note(struct ai_player *p, const struct game *obs)
{
	p->ops->ai->note(p->mind, obs);
}

int
ai_player_decide(struct ai_player *p, const struct game *obs,
    struct rng *rng, struct game_move *mv)
{
	if (p->level == AI_EXPERT)
		return ai_search(p->ops, p->mind, p->seat, p->nseats,
		    p->playouts, obs, rng, mv);
	return p->ops->ai->decide(p->mind, obs, rng, mv);
}

struct ai_mind *
ai_player_mind(const struct ai_player *p)
{
	return p->mind;
}
