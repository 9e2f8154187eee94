/*
 * The Liar's UNO variant (games/liarsuno*.c): its ops for game_table[],
 * and the hooks through which tests stack a deal and look at the cards.
 * The bot itself only uses liarsuno_ops through the game.h contract.
 * The rules as played: docs/games/liarsuno.md.
 */
#ifndef LIARSUNO_H
#define LIARSUNO_H

#include <stddef.h>

#include "games/game.h"

extern const struct game_ops liarsuno_ops;

/* A stacked deal; every list is cards as players type them and see them
 * ("r5 ~r5 ~bS ~b+2 ~+4 WLC"). */
struct liarsuno_deal {
	const char *hands[GAME_MAX_SEATS];	/* any number of cards each,
						 * at least one */
	const char *draw;	/* the top card first; every card not named
				 * anywhere goes under these, in id order */
	const char *discard;	/* the bottom first, the top last (at least
				 * one card): the card to match */
	int colour;		/* with a wild on top: the colour named
				 * (0 red, 1 yellow, 2 green, 3 blue); else
				 * ignored */
	int first;		/* the seat to move first, or -1 for the
				 * player left of the dealer */
	int reversed;		/* 1: play goes counter-clockwise */
};

/* Replaces the cards of g, a game just made by liarsuno_ops.create(), with
 * d and deals again: each hand is told to its seat and the channel is told
 * the top card and who starts, through out.  0, or -1 and *cause: a card
 * named that the deck does not hold (or not that many of), an empty hand,
 * an empty discard pile. */
int liarsuno_stack(struct game *g, const struct liarsuno_deal *d,
    struct game_out *out, char **cause);

/* Writes the cards of seat's hand (seat -1: the draw pile, top first;
 * -2: the discard pile, bottom first, top last; -3: the cards put face
 * down in a Wild Liar's Challenge, by seat order), without markup, sorted
 * as hands are shown for a hand, into buf: "r3 ~r5 ~rS y2 ~+4 WLC". */
void liarsuno_cards(const struct game *g, int seat, char *buf, size_t size);

/* The points seat has scored in a game with option points; 0 without. */
int liarsuno_score(const struct game *g, int seat);

/* What the next play must match: the colour (0..3) and the face as a
 * claim is written ("r7", "bS", "+4", "WLC"), into buf. */
int liarsuno_top(const struct game *g, char *buf, size_t size);

/* 1 if play goes counter-clockwise. */
int liarsuno_reversed(const struct game *g);

/* Bit per seat that owes an UNO call now. */
unsigned liarsuno_uno_due(const struct game *g);

/* For the twin test (tests/unit/test-ai.c): a copy of g (free it with
 * destroy()) in which everything seat may not know is changed at random
 * from rng: the cards it cannot place dealt again, the cards put face
 * down for a Wild Liar's Challenge among them, and the generator seeded
 * afresh (redeal()), and which other seats know where each of those
 * cards lies (knows[]).  observe() of it for seat must be observe() of
 * g, byte for byte. */
struct game *liarsuno_twin(const struct game *g, int seat, struct rng *rng);

/* g's state as bytes, the memory it points to in place of the pointers,
 * into a new buffer (free() it) of *len bytes: two games are the same
 * game when their images are. */
unsigned char *liarsuno_image(const struct game *g, size_t *len);

#endif
