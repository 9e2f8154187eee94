/*
 * Whole games between AI seats (ai.h, ai_play()), refereed as the bot
 * referees them, without IRC or a clock: for the tournament, the tests
 * and the bench.
 */
#include <stdlib.h>
#include <string.h>

#include "ai.h"

/* The AI game being refereed. */
struct ai_table {
	const struct game_ops *ops;
	struct game *g;
	int nseats;
	struct ai_player *player[GAME_MAX_SEATS];
	struct rng rng[GAME_MAX_SEATS];	/* each seat's own */
	const struct ai_watch *watch;
};

/* Seat's decision on the game at (struct ai_table) as it stands: 0 and
 * *mv, or -1 (none). */
static int
ai_ask(void *arg, int seat, struct game_move *mv)
{
	struct ai_table *at = arg;
	const struct ai_watch *w = at->watch;
	int timed = w != NULL && w->now_ns != NULL &&
	    (w->seats == 0 || (w->seats & (1u << seat)));
	struct game *obs;
	uint64_t t0 = timed ? w->now_ns() : 0;
	int rc;

	/* Timed as the bot would: the observation, then the decision. */
	obs = at->ops->observe(at->g, seat);
	if (w != NULL && w->play != NULL && seat == w->played)
		rc = w->play(w->arg, obs, seat, &at->rng[seat], mv);
	else
		rc = ai_player_decide(at->player[seat], obs, &at->rng[seat],
		    mv);
	if (timed)
		w->decided(w->arg, w->now_ns() - t0);
	at->ops->destroy(obs);
	if (rc == 0 && mv->seat != seat)
		abort();	/* an AI moves for its own seat alone */
	return rc;
}

/* Applies mv, typed and parsed back, after the rules check it; every
 * mind notes the result.  0, or -1 and *cause. */
static int
ai_apply(struct ai_table *at, const struct game_move *mv, char **cause)
{
	struct game_move typed;
	struct game *obs;
	char *why = NULL;
	int i;

	if (mv->seat >= 0 && ai_retype(at->ops, at->g, mv, &typed, &why) != 0)
		goto refused;
	if (mv->seat < 0)
		typed = *mv;
	if (at->ops->check(at->g, &typed, &why) != 0)
		goto refused;
	at->ops->apply(at->g, &typed, NULL);
	for (i = 0; i < at->nseats; i++) {
		obs = at->ops->observe(at->g, i);
		ai_player_note(at->player[i], obs);
		at->ops->destroy(obs);
	}
	return 0;
refused:
	game_fail(cause, "%s: seat %d's move (verb %s) refused: %s",
	    at->ops->name, mv->seat, at->ops->verbs[mv->verb], why);
	free(why);
	return -1;
}

int
ai_play(const struct game_ops *ops, const struct game_opts *opts, int nseats,
    const enum ai_level *levels, uint64_t seed, struct game_result *r,
    const struct ai_watch *watch, char **cause)
{
	return ai_play_budget(ops, opts, nseats, levels, 0, seed, r, watch,
	    cause);
}

int
ai_play_budget(const struct game_ops *ops, const struct game_opts *opts,
    int nseats, const enum ai_level *levels, int playouts, uint64_t seed,
    struct game_result *r, const struct ai_watch *watch, char **cause)
{
	struct ai_table at;
	struct game_opts defaults;
	struct game_turn tu;
	struct game_move mv;
	struct game *obs;
	struct rng deal;
	int i, moves = 0, rc = 0;

	memset(&at, 0, sizeof at);
	at.ops = ops;
	at.nseats = nseats;
	at.watch = watch;
	if (opts == NULL) {
		game_opts_default(ops, &defaults);
		opts = &defaults;
	}
	rng_seed(&deal, seed);
	if ((at.g = ops->create(opts, nseats, (int)(seed % (unsigned)nseats),
	    &deal, NULL, cause)) == NULL)
		return -1;
	for (i = 0; i < nseats; i++) {
		rng_seed(&at.rng[i], seed * 31 + (uint64_t)i + 1);
		obs = ops->observe(at.g, i);
		at.player[i] = ai_player_new(ops, obs, i, nseats, levels[i],
		    NULL);
		ai_player_budget(at.player[i], playouts);
		ops->destroy(obs);
	}
	for (;;) {
		ops->turn(at.g, &tu);
		if (tu.over)
			break;
		if (++moves > 100000) {
			rc = game_fail(cause, "%s: no end after %d moves",
			    ops->name, moves);
			break;
		}
		/* As the bot referees (ai_next_move()). */
		ai_next_move(ops, at.g, nseats, &tu, -1, ai_ask, &at, &mv);
		if ((rc = ai_apply(&at, &mv, cause)) != 0)
			break;
	}
	if (rc == 0) {
		memset(r, 0, sizeof *r);
		ops->result(at.g, r);
	}
	for (i = 0; i < nseats; i++)
		ai_player_free(at.player[i]);
	ops->destroy(at.g);
	return rc == 0 ? moves : -1;
}
