/*
 * The CHEATER variant (games/cheater/): its ops for game_table[], and
 * the hooks through which tests stack a deal and the dice and look at
 * the cards.  The bot itself only uses cheater_ops through the game.h contract.
 */
#ifndef CHEATER_H
#define CHEATER_H

#include <stddef.h>

#include "games/cards.h"
#include "games/game.h"

extern const struct game_ops cheater_ops;

/* A stacked deal, every list in faces as players type them ("rC yE TAKE"). */
struct cheater_deal {
	const char *hands[GAME_MAX_SEATS];
	const char *draw;	/* the top card first; every card not named
				 * anywhere goes under these, in id order */
	const char *discard;	/* the bottom first, the top last */
	const char *dice;	/* dice rolled before the game's own: "5 5 2" */
	int first;		/* the seat that starts, or -1 to roll for it */
	int cheater;		/* the seat with the status, or -1 */
};

/* Replaces the cards of g, a game just made by cheater_ops.create(), with
 * d and deals again: the hands, the roll (unless d->first says who
 * starts), the first turn and its dice, all said through out.  0, or -1
 * and *cause: a card named that the decks do not hold (or not that many
 * of), a hand of other than seven cards, an empty discard pile. */
int cheater_stack(struct game *g, const struct cheater_deal *d,
    struct game_out *out, char **cause);

/* Writes the faces of seat's hand (seat -1: the draw pile, top first;
 * -2: the discard pile, top last) sorted for hands, into buf: "rC rE TAKE". */
void cheater_cards(const struct game *g, int seat, char *buf, size_t size);

/* The seat with the CHEATER status, or -1. */
int cheater_holder(const struct game *g);

/* For the twin test (tests/unit/test-ai.c): a copy of g (free it with
 * destroy()) in which everything seat may not know is changed at random
 * from rng: the cards it cannot place dealt again and the generator
 * seeded afresh (redeal()), which cards of the other hands came to them
 * this turn (fresh[]), and the dice a test forced.  observe() of it for
 * seat must be observe() of g, byte for byte. */
struct game *cheater_twin(const struct game *g, int seat, struct rng *rng);

/* g's state as bytes, the memory it points to in place of the pointers,
 * into a new buffer (free() it) of *len bytes: two games are the same
 * game when their images are. */
unsigned char *cheater_image(const struct game *g, size_t *len);

#endif
