/*
 * The Cheat variant (games/cheat/cheat.c) and its sibling Questions (Cheater!
 * with question cards, games/cheat/questions.c): their ops for game_table[], and
 * a few hooks through which tests stack a deal and look at the cards of a
 * game of either.  The bot itself only ever uses the ops through the game.h
 * contract.
 */
#ifndef CHEAT_H
#define CHEAT_H

#include "games/cards.h"
#include "games/game.h"

extern const struct game_ops cheat_ops;
extern const struct game_ops questions_ops;

/* Replaces the hands of g, a game just made by cheat_ops.create() or
 * questions_ops.create(), with hands[0..nseats-1] (each sorted on the way
 * in; of any sizes, even for Questions); every other card of the game's
 * decks goes to the pile, in id order (for Questions, the remainder of its
 * deal lies there the same way).  The turn is unchanged (the
 * seat left of the dealer opens).  0, or -1 and *cause when a card is out of
 * range or given twice.  For tests: a stacked deck. */
int cheat_stack(struct game *g, const struct cards *hands, char **cause);

/* The hand of seat in g (sorted by rank); owned by g. */
const struct cards *cheat_hand(const struct game *g, int seat);

/* The pile of g, bottom first; owned by g. */
const struct cards *cheat_pile(const struct game *g);

/* For the twin test (tests/unit/test-ai.c): a copy of g (free it with
 * destroy()) in which everything seat may not know is changed at random
 * from rng: the cards it cannot place dealt again (redeal()), and what
 * the other seats know of where the cards are (known[]), which
 * observe() forgets.  observe() of it for seat must be observe() of
 * g, byte for byte. */
struct game *cheat_twin(const struct game *g, int seat, struct rng *rng);

/* g's state as bytes, the memory it points to in place of the pointers,
 * into a new buffer (free() it) of *len bytes: two games are the same
 * game when their images are. */
unsigned char *cheat_image(const struct game *g, size_t *len);

#endif
