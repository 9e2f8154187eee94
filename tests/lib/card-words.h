/*
 * The words of the card games as players read them, written out here for
 * suites that check what the bot said (rather than taken from the rules'
 * own games/cards.c): "two fours", "one ace", "10♥".
 */
#ifndef TESTS_CARD_WORDS_H
#define TESTS_CARD_WORDS_H

struct buf;

/* The four suit symbols: clubs, diamonds, hearts, spades. */
extern const char *const words_suit[4];

/* "ace" or "aces" (plural), rank 1 (ace) to 13 (king). */
const char *words_rank(int rank, int plural);

/* The rank's symbol as a card shows it: "A", "2".."10", "J", "Q", "K". */
const char *words_symbol(int rank);

/* Appends a claim of n cards (1 to 12) of rank: "two fours", "one ace". */
void words_claim(struct buf *b, int n, int rank);

/* Appends card id (of any deck) as shown without colour: "10♥". */
void words_card(struct buf *b, int id);

#endif
