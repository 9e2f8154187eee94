/*
 * Cheat's private header, shared by its three files and by nobody else:
 * cheat.c (the rules tables, create, turn, apply, view and result),
 * cheat-parse.c (player input to moves, and check) and cheat-auto.c
 * (timeout, sample, invariants and the test hooks of cheat.h).  It holds
 * the state, struct game, and the helpers more than one of them uses.
 */
#ifndef CHEAT_INT_H
#define CHEAT_INT_H

#include "cards.h"
#include "game.h"

enum {
	VERB_LEAVE = GAME_VERB_LEAVE,
	VERB_PLAY,
	VERB_CHEAT,
	VERB_CLOSE,
};

enum { CMD_PLAY, CMD_CHEAT };
enum { OPT_DECKS, OPT_LOSER };

/* Where a seat stands: still holding cards (or about to win), finished
 * with a place (loser mode, or the winner), finished and then gone from
 * the table (the place stands), or left before finishing (no place). */
enum seat_state { SEAT_IN, SEAT_OUT, SEAT_GONE, SEAT_LEFT };

#define ONE_DECK_MAX_SEATS 6

struct game {
	int nseats;
	int decks;
	int loser_mode;
	int dealer;
	struct cards hand[GAME_MAX_SEATS];
	struct cards pile;		/* bottom first */
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
};

/* The number of seats still in (SEAT_IN). */
int cheat_nactive(const struct game *g);

/* 1 if rank may be declared after a declaration of last: the same, one up
 * or one down, aces high and low. */
int cheat_rank_allowed(int last, int rank);

/* Writes "jacks, queens or kings", what may be declared after last, into
 * buf of size bytes (truncated to fit). */
void cheat_allowed_text(int last, char *buf, size_t size);

/* The ops of cheat_ops, by file.  cheat.c: */
void cheat_turn(const struct game *g, struct game_turn *t);

/* cheat-parse.c: */
int cheat_parse(const struct game *g, int seat, int cmd, int argc,
    char **argv, struct game_move *mv, char **cause);
int cheat_check(const struct game *g, const struct game_move *mv,
    char **cause);
int cheat_command(const struct game *g, const struct game_move *mv,
    char *buf, size_t size);

/* cheat-auto.c: */
void cheat_timeout(const struct game *g, struct game_move *mv);
int cheat_sample(const struct game *g, struct rng *rng, struct game_move *mv);
int cheat_invariants(const struct game *g, char **cause);

#endif
