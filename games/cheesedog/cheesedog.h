/*
 * The Cheesedog variant (games/cheesedog*.c): its ops for game_table[],
 * and the hooks through which tests stack a deal and look at the cards.
 * The bot itself only uses cheesedog_ops through the game.h contract.
 */
#ifndef CHEESEDOG_H
#define CHEESEDOG_H

#include <stddef.h>

#include "games/game.h"

extern const struct game_ops cheesedog_ops;

/* A stacked deal.  Cards are written as players type them ("5h", "10c",
 * "as"); naming a card twice takes both copies of the two decks. */
struct cheesedog_deal {
	const char *hands[GAME_MAX_SEATS];	/* NULL or "": none */
	const char *up[GAME_MAX_SEATS];		/* at most four */
	/* By position, four words: a card, or "-" for an empty position;
	 * NULL or "": no face-down cards. */
	const char *down[GAME_MAX_SEATS];
	const char *pile;	/* the bottom first, the top last */
	int first;		/* the seat to move, or -1: left of the
				 * dealer */
	int reverse;		/* 1: play goes right */
};

/* Replaces the cards of g, a game just made by cheesedog_ops.create(),
 * with d; every card not named goes out of the game (as if cleared).
 * The deal is said again through out.  0, or -1 and *cause: a card the
 * decks do not hold (or not that many of), a seat left with no cards,
 * more than four face-up cards, a face-down list of other than four
 * positions, a pile that should have cleared, a first seat out of
 * range. */
int cheesedog_stack(struct game *g, const struct cheesedog_deal *d,
    struct game_out *out, char **cause);

/* Which cards cheesedog_cards() writes. */
enum cheesedog_place {
	CHEESEDOG_HAND,		/* seat's hand, sorted by rank, aces high */
	CHEESEDOG_UP,		/* seat's face-up cards, sorted so */
	CHEESEDOG_DOWN,		/* seat's face-down cards by position, "-"
				 * for a position played */
	CHEESEDOG_PILE,		/* the pile, bottom first (seat unused) */
	CHEESEDOG_CLEARED,	/* the cards out of the game, sorted so */
};

/* Writes those cards without markup ("5♥ 10♣"), into buf; always
 * terminated. */
void cheesedog_cards(const struct game *g, enum cheesedog_place place,
    int seat, char *buf, size_t size);

/* The direction of play: 1 left (to the next seat number), -1 right. */
int cheesedog_direction(const struct game *g);

/* For the twin test (tests/unit/test-ai.c): a copy of g (free it with
 * destroy()) in which everything seat may not know is changed at random
 * from rng: the cards it cannot place dealt again, the face-down cards
 * among them (redeal()); the game keeps no generator and nothing else
 * hidden.  observe() of it for seat must be observe() of g, byte for
 * byte. */
struct game *cheesedog_twin(const struct game *g, int seat, struct rng *rng);

/* g's state as bytes, the memory it points to in place of the pointers,
 * into a new buffer (free() it) of *len bytes: two games are the same
 * game when their images are. */
unsigned char *cheesedog_image(const struct game *g, size_t *len);

#endif
