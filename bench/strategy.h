/*
 * Fixed simple strategies for one seat, played against AI seats by make
 * tournament (bench/tournament.c, its part "simple strategies"): how
 * well the AI stands up to a plain outside player who knows its habits
 * (issue 34).  A strategy is no AI: it is given its seat's observation
 * (ops->observe()) and nothing else, remembers nothing from one move to
 * the next, and its move goes the way a person's does (typed, parsed and
 * checked by the rules: ai_retype(), ops->check()).  What each does:
 *
 *   every strategy plays its own turns the same, truthfully: true cards
 *   when it holds any it may claim, else a lie of one card (Liar's UNO:
 *   else a lie with a Liar's Card, else a draw); only its calls differ:
 *
 *   truthful     calls a claim that is impossible by what it sees (more
 *                copies claimed than it cannot place; in Cheat a count
 *                other than the cards laid) and every claim that empties
 *                a hand (a last card);
 *   never-multi  never calls a claim of two cards or more; calls a claim
 *                of one card when it is impossible, else one time in
 *                three at random;
 *   call-last    calls every claim that empties a hand, and nothing else;
 *   call-single  calls every claim of one card, and nothing else.
 *
 * The rules of each variant's turns are in strategy-cheat.c (Cheat,
 * Cheat for a loser, Questions) and strategy-liarsuno.c (Liar's UNO);
 * strategy.c has the calls and the referee.
 */
#ifndef STRATEGY_H
#define STRATEGY_H

#include <stdint.h>

#include "games/ai.h"
#include "games/game.h"
#include "games/rng.h"

enum strategy {
	STRAT_TRUTHFUL,
	STRAT_NEVER_MULTI,
	STRAT_CALL_LAST,
	STRAT_CALL_SINGLE,
	STRATEGIES
};

/* The strategy's name ("never-multi"), or "?". */
const char *strategy_name(enum strategy s);

/* Whether the variant ops has strategies (a game with claims that a
 * strategy file plays). */
int strategy_plays(const struct game_ops *ops);

/* An open claim as the calling seat sees it. */
struct strategy_claim {
	int count;		/* cards claimed (Liar's UNO: 1) */
	int last;		/* 1: it emptied its player's hand */
	int impossible;		/* 1: what the seat sees proves it a lie */
};

/* 1 if strategy s calls claim c (rng: never-multi's one time in three). */
int strategy_calls(enum strategy s, const struct strategy_claim *c,
    struct rng *rng);

/* The move of strategy s for seat in obs (its observation) whose turn
 * is tu: 0 and *mv, or -1 to let the chance pass.  One per variant,
 * each in its file. */
int strategy_cheat(enum strategy s, const struct game *obs, int seat,
    const struct game_turn *tu, struct rng *rng, struct game_move *mv);
int strategy_liarsuno(enum strategy s, const struct game *obs, int seat,
    const struct game_turn *tu, struct rng *rng, struct game_move *mv);

/* One whole game played by ai_play_budget() (games/ai.h), seat lone by
 * strategy s in its AI's place, the others by AI seats of levels[], an
 * expert's searching with playouts a decision (0: the variant's
 * default); the result in *r, the moves made, or -1 and *cause (a move
 * refused). */
int strategy_play(const struct game_ops *ops, const struct game_opts *opts,
    int nseats, int lone, enum strategy s, const enum ai_level *levels,
    int playouts, uint64_t seed, struct game_result *r, char **cause);

#endif
