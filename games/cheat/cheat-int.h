/*
 * The private header of Cheat and of its sibling Questions (Cheater! with
 * question cards), which share one state and most of their code: cheat.c
 * (the rules tables, create, turn, apply, view and result), cheat-parse.c
 * (player input to moves, and check), cheat-auto.c (timeout, sample,
 * invariants and the test hooks of cheat.h), questions.c (what only
 * Questions has: ranks called in order, and a question after every
 * challenge; it extends Cheat through a table of hooks, struct cheat_ext,
 * that Cheat's files call through and never by name), cheat-observe.c
 * (what a seat may know: observe and redeal), cheat-story.c (the story:
 * what moves claimed, called and hid), and the AI of both, cheat-ai.c
 * (memory and calls), cheat-ai-play.c (plays), cheat-ai-read.c (what
 * both read of the table: the cards an AI seat can place, the odds) and
 * cheat-ai-world.c (the expert's search: worlds weighted by the claims,
 * its calls and the plays it weighs).
 * Nobody else includes it.
 */
#ifndef CHEAT_INT_H
#define CHEAT_INT_H

#include <stdint.h>

#include "games/ai.h"
#include "games/cards.h"
#include "games/game.h"

enum {
	VERB_LEAVE = GAME_VERB_LEAVE,
	VERB_PLAY,
	VERB_CHEAT,
	VERB_CLOSE,
	VERB_ASK,		/* Questions: CARD SEAT, or none */
	VERB_ANSWERED,		/* Questions: (table) the answer's time is up */
	VERB_NEXT,		/* Questions: the one asked or the asker ends
				 * the wait for the answer */
};

enum { CMD_PLAY, CMD_CHEAT, CMD_ASK, CMD_NEXT };
enum { OPT_DECKS, OPT_LOSER };

/* Where a seat stands: still holding cards (or about to win), finished
 * with a place (loser mode, or the winner), finished and then gone from
 * the table (the place stands), or left before finishing (no place). */
enum seat_state { SEAT_IN, SEAT_OUT, SEAT_GONE, SEAT_LEFT };

#define ONE_DECK_MAX_SEATS 6

#define CHEAT_FACE_UP (-1)	/* pile_as[] of a card laid face up */

struct cheat_ext;

struct game {
	int nseats;
	int decks;
	int loser_mode;
	int dealer;
	struct cards *hand;		/* nseats of them: a struct cards is
					 * large, and most tables are small
					 * (so a game is not copied by value) */
	struct cards pile;		/* bottom first */
	/* For each card of the pile, by place (pile_as[i] for pile.c[i]):
	 * the rank it was laid face down as, 0 if it lies face down under no
	 * claim (the rest of the deal, a leaver's hand), CHEAT_FACE_UP if it
	 * was laid face up (an opening).  Public, as every claim is: the
	 * story's reveal and unseen (cheat-story.c) read it.  The pile holds
	 * at most the two decks a game may have. */
	signed char pile_as[2 * CARDS_DECK];
	enum seat_state state[GAME_MAX_SEATS];
	int place[GAME_MAX_SEATS];
	int finished;			/* places given during play */

	int turn;			/* seat to play, or -1 */
	int declarer;			/* seat of the last play, or -1 */
	int count, rank;		/* its declaration; rank 0: opening */
	int laid;			/* cards it laid: the top of the pile */
	int open;			/* 1 while it may be challenged */
	int face_up;			/* 1 if it opened a round */

	int over;
	int winner, loser;

	/* What the seats know, for observe() (cheat-observe.c): bit s of
	 * known[id] is set while seat s knows where card id is (its own
	 * hand, its own face-down plays, cards shown face up and where they
	 * went since); and the public record of play an AI remembers. */
	uint16_t known[CARDS_MAX];	/* 16 bits: GAME_MAX_SEATS seats */
	int plays;			/* plays made so far */
	int calls;			/* challenges made so far */
	int last_caller;		/* the last challenge: who called, */
	int last_accused;		/* on whom, and 1 if the play was */
	int last_honest;		/* honest; -1 before any */

	/* The variant that extends Cheat (Questions): its hooks, or NULL
	 * for plain Cheat. */
	const struct cheat_ext *ext;
	/* Questions only (ordered set, ext->ordered): ranks are laid in
	 * order, A to K and round again, each play claiming the cards laid;
	 * a challenge ends with a question (ext's part). */
	int ordered;
	int want;			/* the rank the next play claims */
	int asker;			/* the seat choosing a question, or -1 */
	int answerer;			/* who answers it; -1: the asker names
					 * anyone */
	int caller;			/* who called the challenge */
	struct cards asked;		/* the challenged cards, to choose from */
	int answering;			/* 1 while the answer is awaited */
	int questioner;			/* ... who asked it (may end the
					 * wait), or -1 */
	int after;			/* who plays once the question is over */
};

/* The number of seats still in (SEAT_IN). */
int cheat_nactive(const struct game *g);

/* 1 if the last play was what it was declared to be: its count laid,
 * every card of the rank declared (of a game whose top cards are known:
 * the referee's, or the declarer's own observation of its play). */
int cheat_play_honest(const struct game *g);

/* 1 if rank may be declared after a declaration of last: the same, one up
 * or one down, aces high and low. */
int cheat_rank_allowed(int last, int rank);

/* Writes "jacks, queens or kings", what may be declared after last, into
 * buf of size bytes (truncated to fit). */
void cheat_allowed_text(int last, char *buf, size_t size);

/* The ops of cheat_ops (and of questions_ops), by file.  cheat.c: */
void cheat_turn(const struct game *g, struct game_turn *t);
void cheat_destroy(struct game *g);
void cheat_apply(struct game *g, const struct game_move *mv,
    struct game_out *out);
void cheat_view(const struct game *g, int seat, struct game_out *out);
void cheat_result(const struct game *g, struct game_result *r);

/* cheat-parse.c: */
int cheat_parse(const struct game *g, int seat, int cmd, int argc,
    char **argv, struct game_move *mv, char **cause);
int cheat_check(const struct game *g, const struct game_move *mv,
    char **cause);
int cheat_command(const struct game *g, const struct game_move *mv,
    char *buf, size_t size);

/* Builds a game of ops: plain Cheat when ext is NULL, else the variant
 * that ext extends Cheat with (Questions), installed as g->ext; create()
 * of both. */
struct game *cheat_new(const struct game_ops *ops,
    const struct cheat_ext *ext, const struct game_opts *opts, int nseats,
    int dealer, const struct rng *rng, struct game_out *out, char **cause);
/* The first seat still in clockwise after seat (never seat), or -1. */
int cheat_next_active(const struct game *g, int seat);
/* Appends who acts next to a public line. */
void cheat_cat_next(char **line, const struct game *g);

/*
 * A variant that extends Cheat (Questions, questions.c): the table of hooks
 * through which Cheat's files hand it the moves and the moments that are
 * its own, and never name it.  The variant fills every hook of a static
 * table and gives it to cheat_new(), which installs it as g->ext; plain
 * Cheat has none (g->ext NULL), and so none of this happens.  The state
 * is Cheat's (struct game): Questions' fields there (asker, answering, ...)
 * are kept by the hooks; Cheat's files read them, and only ever set them
 * at rest, when a game starts or ends.
 */
struct cheat_ext {
	/* The variant's rules, for its AI's search (games/ai-search.c). */
	const struct game_ops *ops;
	/* 1: the ranks are called in order (g->ordered and g->want), each
	 * play claiming the cards laid, dealt evenly, the rest on the pile,
	 * and never a game for the loser. */
	int ordered;
	/* A challenge of seat accused by seat caller was settled (honest: the
	 * play was true; laid: its cards), the pile taken, and it did not
	 * end the game: takes the turn on (Questions: the question begins,
	 * asker and answerer from who was right, and the asker is sent the
	 * questions to choose from). */
	void (*begin)(struct game *g, int caller, int accused, int honest,
	    const struct cards *laid, struct game_out *out);
	/* Applies a move of the variant's own verbs (Questions: ask,
	 * answered, next), checked, its public line to *line. */
	void (*apply)(struct game *g, const struct game_move *mv,
	    char **line);
	/* seat leaves (its cards gone under the pile; two seats or more
	 * still in): 1 if that settled whose turn it is. */
	int (*leave)(struct game *g, int seat);
	/* Sends g->asker, asked for their view, what they choose from. */
	void (*prompt)(const struct game *g, struct game_out *out);
	/* parse() of the variant's own commands (CMD_ASK, CMD_NEXT), for
	 * seat of the table; mv comes cleared, with its seat. */
	int (*parse)(const struct game *g, int seat, int cmd, int argc,
	    char **argv, struct game_move *mv, char **cause);
	/* check() and command() of the variant's own verbs. */
	int (*check)(const struct game *g, const struct game_move *mv,
	    char **cause);
	int (*command)(const struct game_move *mv, char *buf, size_t size);
	/* timeout() and sample() while a question is open (g->asker >= 0
	 * or g->answering); mv comes cleared. */
	void (*timeout)(const struct game *g, struct game_move *mv);
	void (*sample)(const struct game *g, struct rng *rng,
	    struct game_move *mv);
	/* The variant's part of the invariants (of its fields of the
	 * state): 0, or -1 and *cause. */
	int (*invariants)(const struct game *g, char **cause);
};

/* cheat-story.c: the story of a game (games/story.h), for both. */
void cheat_story(const struct game *g, const struct game_move *mv,
    struct game_story *st);
void cheat_reveal(const struct game *g, struct game_out *out);
void cheat_unseen(const struct game *g, char *buf, size_t size);

/* cheat-auto.c: */
void cheat_timeout(const struct game *g, struct game_move *mv);
int cheat_sample(const struct game *g, struct rng *rng, struct game_move *mv);
int cheat_invariants(const struct game *g, char **cause);

/* cheat-observe.c: what a seat may know (game.h's observe and redeal). */
#define CHEAT_KNOWN_ALL 0xffffu	/* known[] of a card everyone saw */
/* Each card of the hands to the seat holding it, none of the pile: the
 * knowledge of a fresh deal. */
void cheat_known_deal(struct game *g);
struct game *cheat_copy(const struct game *g);
struct game *cheat_observe(const struct game *g, int seat);
void cheat_redeal(struct game *g, int seat, struct rng *rng);

/* cheat-ai.c: the AI of both (games/ai.h), and what an AI seat remembers
 * of the game from the observations it was shown. */
extern const struct game_ai cheat_ai;

struct ai_mind {
	int seat;
	int level;			/* enum ai_level */
	struct ai_habits habits[GAME_MAX_SEATS];	/* from the records */
	/* This game, per seat: */
	int caught[GAME_MAX_SEATS];	/* its plays called that were lies */
	int caught_several[GAME_MAX_SEATS];	/* ... of two cards or more */
	int chances[GAME_MAX_SEATS];	/* plays it could have called */
	int calls[GAME_MAX_SEATS];	/* calls it made */
	int wrong[GAME_MAX_SEATS];	/* ... of plays that were true */
	/* ... its chances and calls by the claim's count: one card, or
	 * more. */
	int chances_by[GAME_MAX_SEATS][2], calls_by[GAME_MAX_SEATS][2];
	int wrong_by[GAME_MAX_SEATS][2];	/* ... of plays that were true */
	/* Claims of each rank by others in the pile since it was last
	 * picked up, none of them checked. */
	int claimed[CARDS_RANKS + 1];
	/* ... and the cards laid so claimed by each seat, its own too: a
	 * seat knows where its own are (hard's reckoning of who could
	 * prove its lie false). */
	int pile_claims[GAME_MAX_SEATS][CARDS_RANKS + 1];
	/* The known cards (of the open claim's rank, and of any rank) in
	 * the declarer's hand just before the claim. */
	int had_rank, had_any;
	double had_bunch;		/* ... and of its rank believed held */
	int crank;			/* the rank the last claim declared */
	int count;			/* the count the last claim declared */
	/* Claims called on each seat (caught[] of them lies), and the
	 * cards of each rank each seat is believed to hold from the piles
	 * it took (the claims those held, mostly true: cards claimed
	 * together stay together), less what it claimed since (hard). */
	int called[GAME_MAX_SEATS];
	double bunch[GAME_MAX_SEATS][CARDS_RANKS + 1];
	/* Its own lies: how often each card was laid in one (a card is not
	 * used again and again), and the cards of the lie just decided,
	 * counted once it is noted as played. */
	unsigned char bluffed[CARDS_MAX];
	/* Its own lies of one card and of more whose window is over, and
	 * how many of them were called: how sharply this table catches its
	 * lies; and its lie whose window is open, 1 + (of more than one
	 * card), or 0. */
	int own_lies[2], own_caught[2], own_open;
	int lying[GAME_MOVE_ARGS], nlying;
	/* The last observation noted: its record of play, and the cards of
	 * each rank the seat knew in each hand, in the pile (known_pile),
	 * and of all it did not know, in the hands and the open play
	 * (unknown): what cheat_ai_placed() and cheat_ai_unplaced() read,
	 * counted once a move rather than at each of a decision's many
	 * questions. */
	int plays, ncalls;
	int known[GAME_MAX_SEATS][CARDS_RANKS + 1];
	int known_pile[CARDS_RANKS + 1];
	int unknown;
	/* For the expert's worlds (cheat-ai-world.c): for each card of the
	 * pile, by place as pile_as[], the chance that it is of the rank
	 * it was claimed as, as the claim looked when it was made (0 for a
	 * card m's seat knows, laid face up or under no claim); npile of
	 * them, and laid, the cards of the last play.  And the cards of
	 * each rank that each seat took up with a pile unseen, by the
	 * claims they lay under, each counted with the chance it was true,
	 * less those the seat has claimed since. */
	float pile_p[2 * CARDS_DECK];
	signed char pile_r[2 * CARDS_DECK];	/* the rank claimed */
	int npile, laid;
	float took[GAME_MAX_SEATS][CARDS_RANKS + 1];
};

/* cheat-ai.c: the chance, as m's seat sees it, that the open claim of
 * obs is a lie (the hard level's estimate, by which it calls). */
double cheat_ai_lie_chance(const struct ai_mind *m, const struct game *obs);
/* The chance that a card laid unseen under a claim of count cards (of
 * laid) is of the rank claimed, before anything else is known of it. */
double cheat_ai_claim_true(const struct game *obs, int count, int laid);

/* Plays after which a game of Questions has gone on too long: of AI
 * games of 3 or 4 seats, 95% end within 100, 1.5% go past 200.  From
 * then on an AI seat lets a call go one time in four (cheat-ai.c), and
 * the expert's search leaves its calls to that decision (no call of its
 * own, cheat_ai_call()), so that a table that knows every card ends. */
#define CHEAT_AI_LONG_GAME 200

/* cheat-ai-world.c: the expert's worlds, calls, candidates and the
 * calls of its play-outs (struct ai_search's world, call, moves and
 * loose). */
void cheat_ai_world(struct game *w, int seat, const struct ai_mind *m,
    struct rng *rng);
int cheat_ai_call(const struct game *obs, int seat, struct game_move *mv);
int cheat_ai_moves(const struct ai_mind *m, const struct game *obs, int seat,
    struct rng *rng, struct game_move *mv, int max);
/* The chance, as m's seat has seen caller call true plays of the open
 * claim's size (one card, or more), that caller calls the open claim of
 * obs on nothing (the expert's play-outs: ai_search()'s loose).  Where
 * the open claim is a lie of m's own seat (obs a world of its search,
 * whose top cards are its own), the chance instead that makes the seats
 * that may call catch it as often as the table has caught its lies of
 * that size. */
double cheat_ai_loose(const struct ai_mind *m, const struct game *obs,
    int caller);

/* cheat-ai-read.c: what an AI seat reads of the table, for its calls
 * (cheat-ai.c) and its plays (cheat-ai-play.c). */
/* 1 if m's seat knows where card id, at a place of hand s (-1: the
 * pile) of obs, is.  Inline: the AI's counts ask it of every card. */
static inline int
cheat_ai_knows(const struct ai_mind *m, const struct game *obs, int id,
    int s)
{
	return s == m->seat || (obs->known[id] & (1u << m->seat)) != 0;
}
/* Counts what m's seat knows of obs into m (known, known_pile,
 * unknown): every note does, so that the two below, asked of obs, read
 * the observation m noted last (or one that keeps its known cards in
 * the same places: a world of the expert's, a twin). */
void cheat_ai_count_known(struct ai_mind *m, const struct game *obs);
/* The number of cards of rank whose place m's seat knows in obs (its
 * hand, and every card the observation keeps in place), leaving out
 * those in the hand of seat but (-1: none left out). */
int cheat_ai_placed(const struct ai_mind *m, const struct game *obs,
    int rank, int but);
/* The number of cards in the hands of obs, and in its open play, whose
 * place m's seat does not know: where the cards a claim needs may be (the
 * pile under the play holds few of any rank claimed later: players lie
 * with the ranks they need least). */
int cheat_ai_unplaced(const struct ai_mind *m, const struct game *obs);
/* P(X >= need) for X the number of marked cards among draws cards dealt
 * from pool cards of which marked are marked (hypergeometric). */
double cheat_ai_atleast(int pool, int marked, int draws, int need);
/* The chance, as m's seat sees it, that its own claim of count cards of
 * rank, real of them truly of rank, is proved a lie by an opponent who
 * holds too many of rank to believe it. */
double cheat_ai_proof_risk(const struct ai_mind *m, const struct game *obs,
    int rank, int count, int real);
/* The chance that a claim believed as a liar does with have the chance
 * that its declarer held the cards is a lie (the claimer lies at the rate
 * prior, with one card mostly). */
double cheat_ai_lie_odds(double prior, int count, double have);
/* Whether a call on a claim that is a lie with chance p is worth it: a
 * right one gives the pile of pile cards to a declarer left dhand cards,
 * a wrong one gives it to the caller, who holds mine. */
int cheat_ai_worth(double p, int pile, int dhand, int mine, int ordered);
/* The chance, as m's seat reckons it, that its lie of count cards as rank
 * is called by an opponent that calls as normal does. */
double cheat_ai_call_chance(const struct ai_mind *m, const struct game *obs,
    int rank, int count);
/* The chance that a claim is called at random, as the other seats' calls
 * of true plays say: a call nothing prompts, which the reckoning of a
 * caller like normal does not foresee. */
double cheat_ai_loose_rate(const struct ai_mind *m, const struct game *obs);
/* How often seat s calls the claims of one card (several 0) or of two
 * or more (several 1) it could, in this game, drawn towards 0.05 with
 * few chances seen. */
double cheat_ai_calls_by(const struct ai_mind *m, int s, int several);
/* How often the other seats call, all told, the claims of one card
 * (several 0) or of two or more (several 1), in this game. */
double cheat_ai_calls_of(const struct ai_mind *m, const struct game *obs,
    int several);
/* How often the other seats call, all told: the chance that a claim
 * nothing proves false is called. */
double cheat_ai_call_rate(const struct ai_mind *m, const struct game *obs);
/* Whether m's seat is of the hard level or above: hard, and the expert,
 * whose own decision (its search's first candidate), calls and reading
 * of the open claim in its worlds are hard's (its mind's level is
 * AI_EXPERT: asked "== AI_HARD", as they once were, it reckoned and
 * played as normal does). */
int cheat_ai_hard(const struct ai_mind *m);
/* Whether m's seat reads the table as hard does (the piles each seat
 * took, the claims in the pile, habits, neighbouring ranks) and plays
 * hard's play: hard, but in the loser game, where normal's plain
 * reckoning and play measured better (hard vs 3 normal, 1100 games:
 * 20.2 % losses against 23.8 %). */
int cheat_ai_deep(const struct ai_mind *m, const struct game *obs);

/* cheat-ai-play.c: the play an AI seat makes at its turn. */
void cheat_ai_play(struct ai_mind *m, const struct game *obs,
    struct rng *rng, struct game_move *mv);

#endif
