/*
 * Cheesedog's private header, shared by its files and by nobody else:
 * cheesedog.c (the tables, create, turn, apply, result),
 * cheesedog-state.c (the order of ranks, and the queries on a game every
 * other file asks: what plays, where a seat plays from, the pile's top
 * run), cheesedog-view.c (what a move says and to whom, the prompts,
 * view), cheesedog-parse.c (player input to moves and back, and
 * check), cheesedog-auto.c (timeout, sample, invariants and the test
 * hooks of cheesedog.h), cheesedog-observe.c (what a seat may know:
 * observe and redeal), cheesedog-story.c (what a move hid, the reveal,
 * what was left unseen) and cheesedog-ai*.c (the AI seats).
 */
#ifndef CHEESEDOG_INT_H
#define CHEESEDOG_INT_H

#include <stddef.h>

#include "games/cards.h"
#include "games/game.h"
#include "games/rng.h"

#define CD_DECKS 2
#define CD_DOWN 4		/* face-down cards, and face-up ones, dealt */
#define CD_CLEAR_RUN 4		/* cards of one rank on top that clear */
#define CD_CLEAR_RANK 10	/* the rank that clears the pile */
#define CD_SKIP_RANK 7
#define CD_LOWER_RANK 8		/* the next play is this rank or lower */
#define CD_REVERSE_RANK 9
#define CD_ANY_RANK 2		/* plays on anything */
#define CD_CARDS (CD_DECKS * CARDS_DECK)

/* Verbs: the move log's words. */
enum {
	VERB_LEAVE = GAME_VERB_LEAVE,
	VERB_PLAY,		/* ID...: cards of one rank, face up */
	VERB_PICKUP,		/* the pile into the hand */
	VERB_FLIP,		/* POS: a face-down card, 0..CD_DOWN-1 */
};

enum { CMD_PLAY, CMD_PICKUP, CMD_FLIP };

/* Where a seat stands: holding cards; safe (out of cards, with a place);
 * safe and then gone from the table (the place stands); left while
 * holding cards (no place). */
enum cd_seat { SEAT_IN, SEAT_SAFE, SEAT_GONE, SEAT_LEFT };

/* Where a seat plays from: its hand while it holds cards, then its
 * face-up cards, then its face-down cards one flip at a time. */
enum cd_from { FROM_HAND, FROM_UP, FROM_DOWN, FROM_NOTHING };

struct game {
	int nseats;
	int dealer;
	/* Inline for every seat there may be (12 of this struct's 13 KiB):
	 * a game here is copied by value (the integration test keeps its
	 * model so), which hands allocated per seat dealt would share. */
	struct cards hand[GAME_MAX_SEATS];	/* cd_sort()ed */
	struct cards up[GAME_MAX_SEATS];	/* face up, cd_sort()ed */
	int down[GAME_MAX_SEATS][CD_DOWN];	/* by position; -1: gone */
	struct cards pile;			/* bottom first */
	struct cards cleared;			/* out of the game */
	enum cd_seat state[GAME_MAX_SEATS];
	int place[GAME_MAX_SEATS];		/* 1 = first out; 0: none */
	int finished;				/* places given */

	int turn;			/* the seat to move, or -1 when over */
	int dir;			/* 1: left (seat + 1), -1: right */
	int over;
	int loser;			/* -1 unless the game ended by play */
	/* By card id: 1 once the card has lain face up (dealt face up,
	 * played), so that every seat knows where it is from then on: it
	 * only moves in sight (a pile picked up, a clear).  A card never
	 * shown is known to its holder alone, or to nobody face down. */
	unsigned char shown[CD_CARDS];
};

/* What one move says: the public line, and a line for each seat, which
 * cd_say() completes with the seat's prompt and cards.  pub and priv[]
 * point to the lines (text[]), or are NULL where nobody listens
 * (game_line()): a play-out's moves then build no text. */
struct cd_said {
	char **pub;
	char **priv[GAME_MAX_SEATS];
	char *text[1 + GAME_MAX_SEATS];
	unsigned cards;		/* seats to show their cards: the move
				 * gave them cards (a pile picked up) */
};

/* Empties sd for a move whose lines go to out. */
void cd_said_open(struct cd_said *sd, const struct game_out *out);

/* cheesedog-state.c: the order of ranks, and the queries on a game. */
/* The order of ranks: aces high, so the ace is worth 14. */
int cd_value(int rank);
/* Sorts l as hands are shown: by rank, aces high, then suit. */
void cd_sort(struct cards *l);
/* 1 if cards of rank may be played on the pile of g now. */
int cd_plays(const struct game *g, int rank);
/* Where seat plays from now. */
enum cd_from cd_from(const struct game *g, int seat);
/* The cards seat plays from now (its hand, or its face-up cards), or
 * NULL when only face-down cards (or none) are left. */
const struct cards *cd_source(const struct game *g, int seat);
/* The lowest rank in l that plays now, 2s only when nothing else does;
 * 0 if none. */
int cd_lowest_play(const struct game *g, const struct cards *l);
/* The face-down cards seat has left. */
int cd_ndown(const struct game *g, int seat);
/* The first face-down position of seat still holding a card, or -1. */
int cd_first_down(const struct game *g, int seat);
/* The top card's rank and how many cards of it lie on top (0, 0 for an
 * empty pile). */
int cd_top_run(const struct game *g, int *rank);
/* The seats still holding cards. */
int cd_nactive(const struct game *g);

/* cheesedog-view.c: */
/* Says sd (the public line, then each seat's line with what it has to
 * do and its cards) and empties it. */
void cd_say(const struct game *g, struct cd_said *sd, struct game_out *out);
/* Appends who moves next and what they may play to a public line. */
void cd_cat_next(const struct game *g, char **line);
/* The deal's messages: the public line with the face-up cards, and
 * every seat's cards. */
void cd_say_deal(const struct game *g, struct game_out *out);
void cheesedog_view(const struct game *g, int seat, struct game_out *out);

/* cheesedog-parse.c: */
int cheesedog_parse(const struct game *g, int seat, int cmd, int argc,
    char **argv, struct game_move *mv, char **cause);
int cheesedog_command(const struct game *g, const struct game_move *mv,
    char *buf, size_t size);
int cheesedog_check(const struct game *g, const struct game_move *mv,
    char **cause);

/* cheesedog-auto.c: */
/* Makes mv (its seat and verb set, argc 0) the play of the first k cards
 * of rank in from. */
void cd_play_rank(const struct cards *from, int rank, int k,
    struct game_move *mv);
void cheesedog_timeout(const struct game *g, struct game_move *mv);
int cheesedog_sample(const struct game *g, struct rng *rng,
    struct game_move *mv);
int cheesedog_invariants(const struct game *g, char **cause);

/* cheesedog-observe.c: */
struct game *cheesedog_copy(const struct game *g);
struct game *cheesedog_observe(const struct game *g, int seat);
void cheesedog_redeal(struct game *g, int seat, struct rng *rng);

/* cheesedog-story.c: */
void cheesedog_story(const struct game *g, const struct game_move *mv,
    struct game_story *st);
void cheesedog_reveal(const struct game *g, struct game_out *out);
void cheesedog_unseen(const struct game *g, char *buf, size_t size);

/* cheesedog-ai.c, cheesedog-ai-normal.c, cheesedog-ai-hard.c: the AI
 * seats. */
#define CD_ALL_RANKS 0x3ffeu	/* a bit (1 << rank) for every rank */

/* What an AI seat remembers (struct ai_mind of games/ai.h). */
struct ai_mind {
	int seat;
	int level;			/* enum ai_level */
	/* By seat: the ranks its unseen hand cards may be (a pickup
	 * said none of them played). */
	unsigned may[GAME_MAX_SEATS];
	/* The last observation, to tell what the next move did: the seat
	 * to move (-1: none), the pile's size and the ranks that played
	 * on it, every seat's hand size and where it played from. */
	int turn, pile;
	unsigned plays;
	int hand[GAME_MAX_SEATS];
	enum cd_from from[GAME_MAX_SEATS];
	/* Moves since a card last went out of the game or a seat went
	 * out, and how many cards were out and seats in then: players who
	 * keep taking the pile can go round for ever. */
	int stall, cleared, active;
};

/* Moves without progress after which normal and hard play at random
 * half the time, to leave a round that would come back for ever. */
#define CD_STALL 60

/* A play the AI chose: count cards of rank. */
struct cd_choice {
	int rank, count;
};

/* cheesedog-ai.c: the mind, the easy player, the level's pick. */
extern const struct game_ai cheesedog_ai;

/* cheesedog-ai-normal.c: the normal player and what it reads of the
 * pile. */
/* The bit of rank in a mask of ranks. */
unsigned cd_rank_bit(int rank);
/* The ranks that play on the pile of g now. */
unsigned cd_plays_mask(const struct game *g);
/* The lowest rank in from that plays now, neither a 2 nor a 10; 0 if
 * none. */
int cd_lowest_plain(const struct game *g, const struct cards *from);
/* 1 if count cards of rank make four or more on top, clearing. */
int cd_completes(const struct game *g, int rank, int count);
/* The normal level's play for seat, to move in obs with cards that
 * play. */
void cd_ai_normal(const struct game *obs, int seat, struct cd_choice *c);

/* cheesedog-ai-hard.c: */
/* How many cards of seat's hand were never shown. */
int cd_unseen(const struct game *g, int seat);
/* The hard level's play, from its mind too, and its generator (to play
 * some games out). */
void cd_ai_hard(const struct ai_mind *m, const struct game *obs,
    struct rng *rng, struct cd_choice *c);

#endif
