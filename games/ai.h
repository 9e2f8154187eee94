/*
 * AI seats: a seat played by the program, from what a player in that seat
 * may know and nothing more.
 *
 * What an AI may know is a property of this contract, not a promise of
 * each AI: an AI is never given the game.  It is given
 *   - its seat's observation (ops->observe(), games/game.h): a game of the
 *     variant in which every card the seat cannot know has been dealt
 *     again in a fixed order, so nothing computed from it can depend on a
 *     hidden card; the AI may use every rules function on it (check()
 *     its candidate moves, apply() them to copies: a copy is observe() of
 *     the observation, and redeal() makes one world consistent with what
 *     it knows, to play out);
 *   - the same observation after every move of the game (note()), so it
 *     remembers what it saw: claims, calls and their outcome, cards
 *     revealed, who held what when it was shown;
 *   - its own generator (its randomness is its own: with the same
 *     observations, memory and generator it makes the same decision).
 * A hard AI may also be told the habits the records hold of its
 * opponents (struct ai_habits), where they exist.
 *
 * An AI acts through the same path as a person: its move is turned into
 * the words a person would type (ops->command()), parsed and checked by
 * the rules against the real game, logged and applied.
 */
#ifndef AI_H
#define AI_H

#include <stdint.h>

#include "game.h"
#include "rng.h"

enum ai_level {
	AI_EASY,		/* legal and plausible; bluffs and calls at
				 * random */
	AI_NORMAL,		/* honest when it can be, lies when it must,
				 * calls when counting proves or nearly
				 * proves a lie, plays the specials sensibly */
	AI_HARD,		/* the chance a claim is a lie from the cards
				 * seen and the claimer's habits; calls and
				 * bluffs on expected value; plans the end */
	AI_EXPERT,		/* the hard AI's memory, and a search: each
				 * candidate move played out in worlds
				 * consistent with what it knows
				 * (games/ai-search.c) */
	AI_LEVELS
};

/* What the records say of a seat's player, for a hard AI: how often they
 * lied when they claimed, and how often they called; counts 0 when
 * nothing is known. */
struct ai_habits {
	int claims, lies;
	int chances, calls;	/* windows they could call in, and did */
};

struct ai_mind;			/* a variant's AI state; opaque */

struct game_ai {
	/* A mind for seat of the game whose first observation is obs (just
	 * dealt, or rebuilt after a restart), at level; habits[nseats] of
	 * the players (NULL: none known). */
	struct ai_mind *(*mind_new)(const struct game *obs, int seat,
	    enum ai_level level, const struct ai_habits *habits);
	void (*mind_free)(struct ai_mind *m);
	/* A move was applied: obs is the seat's observation after it. */
	void (*note)(struct ai_mind *m, const struct game *obs);
	/* The seat may act in obs (its turn; a window it may react in; a
	 * move it owes with others; an aside): the move it makes, 0, or -1
	 * to let this chance pass (no call in a window; no aside).  The move
	 * is one check() accepts on obs, and so on the game itself. */
	int (*decide)(struct ai_mind *m, const struct game *obs,
	    struct rng *rng, struct game_move *mv);
	/* How the expert searches this variant, its default budget
	 * included: an expert mind's decide() is hard's, the first
	 * candidate of the search (ai_player_decide() searches). */
	const struct ai_search *search;
};

/* The expert's budget is a count of play-outs a decision, not a time
 * (the rules keep no clock): each variant's default (struct ai_search)
 * is calibrated so that a decision takes at most about 50 ms at the 99th
 * percentile on a small machine (bench/tournament.c measures it,
 * docs/ai.md says so); at most AI_EXPERT_MAX_PLAYOUTS. */
#define AI_EXPERT_MAX_PLAYOUTS 100000

/* What a variant gives the expert's search (games/ai-search.c).  The
 * first candidate is the variant's decide() of the expert's mind, which
 * plays as hard. */
struct ai_search {
	enum ai_level rollout;	/* the level every seat of a play-out
				 * plays at (below AI_EXPERT) */
	int alternatives;	/* candidates beside the first, at most */
	int rounds;		/* the play-outs each candidate is weighed
				 * by, at least: a budget too small for
				 * every alternative so weighs fewer (0:
				 * three, the fewest that say anything) */
	int playouts;		/* the budget by default, and the one place
				 * it is stated: play-outs a decision, about
				 * 50 ms at the 99th percentile */
	int depth;		/* moves a play-out may take, at most; a
				 * play-out not over then is worth eval() */
	/* What the position w (a world of a play-out, not over) is worth to
	 * seat, in [0, 1]: the chance of a win (in a game for a loser, of
	 * not losing), as near as the variant can say cheaply (ai_race()). */
	double (*eval)(const struct game *w, int seat);
	double margin;		/* what another candidate must win by, of
				 * 1, to be preferred to the first */
	/* A world for a play-out, weighted by what seat saw (NULL: each
	 * drawn evenly, ops->redeal()): w is a copy of seat's observation
	 * (ops->observe()), whose hidden cards it deals again from rng,
	 * read from w and the seat's mind m alone, keeping every card the
	 * seat can place where it is (as redeal() does). */
	void (*world)(struct game *w, int seat, const struct ai_mind *m,
	    struct rng *rng);
	/* The call seat may make in the window of obs, into *mv: 0, or -1
	 * where it may make none (NULL: windows are not searched, their
	 * calls stay decide()'s).  Searched only with world: in even worlds
	 * a claim is honest only by chance. */
	int (*call)(const struct game *obs, int seat, struct game_move *mv);
	/* Other moves worth weighing at seat's turn in obs, beside
	 * decide()'s, into mv[max]: how many (NULL: drawn at random with
	 * ops->sample(), of decide()'s verb).  m is seat's mind. */
	int (*moves)(const struct ai_mind *m, const struct game *obs,
	    int seat, struct rng *rng, struct game_move *mv, int max);
	/* The chance, as the seat whose mind is m has seen caller call,
	 * that caller calls the open claim of w, a world of a play-out, on
	 * nothing: its mind in the play-out letting the claim pass (in a
	 * window, or playing on at its turn with the window open to it),
	 * it calls (s->call) with that chance, so that a table that calls
	 * more than the rollout level does is played as it plays (NULL:
	 * the rollout minds alone).  Used only with call. */
	double (*loose)(const struct ai_mind *m, const struct game *w,
	    int caller);
};

/* The expert's decision for seat, whose mind is m, in obs of nseats of
 * the variant ops, as decide(): at the seat's turn, the candidates are
 * decide()'s move and up to s->alternatives others, s being
 * ops->ai->search: s->moves()'s, or moves of the seat of the same verb
 * drawn with ops->sample(); in a window open to a seat not also to play,
 * with s->world and s->call, its call and letting the claim pass.  Each
 * is played out in turn from the same worlds made of the observation
 * (s->world from m, or ops->redeal()), playouts in all (0:
 * s->playouts), every seat then played by a mind at s->rollout for at
 * most s->depth moves; a play-out is worth its result (won 1, lost 0; in
 * a game for a loser, 1 for not losing) or, not over, s->eval().
 * Another move than decide()'s is taken only where it wins clearly.
 * Elsewhere (an aside) decide()'s decision.  Only obs, m and rng are
 * read. */
int ai_search(const struct game_ops *ops, struct ai_mind *m, int seat,
    int nseats, int playouts, const struct game *obs, struct rng *rng,
    struct game_move *mv);

/* What a race is worth to seat: left[s] is what seat s still has to get
 * rid of or to collect (cards in hand, letters missing), or < 0 for a
 * seat out of the race (finished, gone).  In a race for a winner, seat's
 * share of the weights 1 / (1 + left)^2 of the seats in it; in a game
 * for a loser (loser set), 1 less its share of the weights (1 + left)^2,
 * the chance the loser is another (1 for a seat already safe). */
double ai_race(const double *left, int nseats, int seat, int loser);

/* The level named word ("easy", "normal", "hard", "expert"), or -1. */
int ai_level_find(const char *word);
const char *ai_level_name(enum ai_level level);

/* Whether seat may act in the game whose turn is tu (its turn, a window
 * open to it, a move it owes): when an AI seat is asked to decide. */
int ai_may_act(const struct game_turn *tu, int seat);

/* The move made next in g of nseats, whose turn is tu, as the bot
 * referees: the
 * calls of a window first, the nearest clockwise from the accused
 * winning a tie, then the move of the seat whose turn it is (its
 * timeout() when it makes none), then, with nobody to move, the table's
 * (a pause's speaker answering aloud, heard(); else timeout()).
 * ask(arg, seat, mv) is a seat's decision, 0 and *mv or -1; skip, a seat
 * not asked (-1: none), makes its timeout() at its turn.  Into *mv.
 * ai_play() and the expert's play-outs (ai_search()) referee by it. */
void ai_next_move(const struct game_ops *ops, const struct game *g,
    int nseats, const struct game_turn *tu, int skip,
    int (*ask)(void *arg, int seat, struct game_move *mv), void *arg,
    struct game_move *mv);

/* The words seat mv->seat would type for mv (ops->command()), parsed
 * back (ops->parse()) into *typed, as a person's command is: 0, or -1 and
 * *cause.  A move nobody types (a leave) is copied as it is.  The bot
 * plays an AI's move through it, and so does ai_play(). */
int ai_retype(const struct game_ops *ops, const struct game *g,
    const struct game_move *mv, struct game_move *typed, char **cause);

/* An AI seat as the bot, ai_play() and the bench keep it: the variant's
 * mind at a level and, for an expert, its search budget.  Every decision
 * of every level and variant goes through ai_player_decide(), the one
 * place an expert is sent to its search (games/ai-player.c). */
struct ai_player;

/* A player for seat of nseats at level, from the seat's first
 * observation obs of the variant ops (just dealt, or rebuilt after a
 * restart); habits[nseats] of the players (NULL: none known). */
struct ai_player *ai_player_new(const struct game_ops *ops,
    const struct game *obs, int seat, int nseats, enum ai_level level,
    const struct ai_habits *habits);
void ai_player_free(struct ai_player *p);
/* An expert's budget: play-outs a decision (0: the variant's default,
 * ops->ai->search->playouts); nothing for another level. */
void ai_player_budget(struct ai_player *p, int playouts);
/* A move was applied: obs is the seat's observation after it. */
void ai_player_note(struct ai_player *p, const struct game *obs);
/* As game_ai's decide(), the expert's searched (ai_search()). */
int ai_player_decide(struct ai_player *p, const struct game *obs,
    struct rng *rng, struct game_move *mv);
/* The variant's mind p keeps, for what reads the variant's memory (its
 * own tests). */
struct ai_mind *ai_player_mind(const struct ai_player *p);

/* One whole game between AI seats, as the bot would referee it, without
 * IRC or a clock: for the tournament, the tests and the bench.  levels[i]
 * is seat i's level; the game is dealt from seed with opts (NULL: the
 * variant's defaults).  Fills *r with the result; the number of moves
 * made, or -1 with *cause (a move the rules refused: a bug in an AI).
 * With watch, the caller takes part: every decision (the observation
 * made and decided on) is timed on its clock, the rules keep none
 * (now_ns and decided, NULL: untimed); and a seat may be its own (play,
 * NULL: none), asked in that seat's AI's place, at the same moments,
 * from the same observation and with the seat's generator, its move
 * typed and checked as the AI's: a bench's fixed strategy
 * (bench/strategy.h).  Both get arg. */
struct ai_watch {
	uint64_t (*now_ns)(void);
	void (*decided)(void *arg, uint64_t ns);
	void *arg;
	unsigned seats;		/* bit per seat timed; 0: every seat */
	int (*play)(void *arg, const struct game *obs, int seat,
	    struct rng *rng, struct game_move *mv);
	int played;		/* the seat play() decides for */
};
int ai_play(const struct game_ops *ops, const struct game_opts *opts,
    int nseats, const enum ai_level *levels, uint64_t seed,
    struct game_result *r, const struct ai_watch *watch, char **cause);
/* The same, the expert seats searching with playouts a decision (0: the
 * variant's default, ops->ai->search->playouts). */
int ai_play_budget(const struct game_ops *ops, const struct game_opts *opts,
    int nseats, const enum ai_level *levels, int playouts, uint64_t seed,
    struct game_result *r, const struct ai_watch *watch, char **cause);

#endif
