/*
 * Standard playing cards, shared by every card game: card ids, lenient
 * parsing of what players type, names of ranks, the neutral markup of a card
 * (see game.h), and a small fixed-capacity list that serves as a hand, a
 * pile or a deck.
 *
 * A game of D decks uses the ids 0..52*D-1.  Card id has rank id % 13 + 1
 * (1 = ace, 2..10, 11 = jack, 12 = queen, 13 = king) and suit (id / 13) % 4
 * (clubs, diamonds, hearts, spades); id / 52 is the deck it came from, which
 * only tells apart the copies of one card.
 */
#ifndef CARDS_H
#define CARDS_H

#include <assert.h>
#include <stddef.h>

#define CARDS_RANKS 13
#define CARDS_SUITS 4
#define CARDS_DECK 52		/* cards in one deck */
#define CARDS_MAX_DECKS 2
#define CARDS_MAX 144		/* capacity of a list: the largest deck of any
				 * variant (two CHEATER decks: 140) */

#define CARDS_ACE 1
#define CARDS_JACK 11
#define CARDS_QUEEN 12
#define CARDS_KING 13

enum cards_suit {
	CARDS_CLUBS,
	CARDS_DIAMONDS,
	CARDS_HEARTS,
	CARDS_SPADES,
};

/* A list of card ids: a hand, a pile, a deck.  c[0] is the bottom of a pile
 * and c[n - 1] its top. */
struct cards {
	int n;
	int c[CARDS_MAX];
};

/* The rank (1..13) of card id.  Inline: the AI levels' play-outs ask it
 * more than anything else (docs/ai.md). */
static inline int
cards_rank(int id)
{
	assert(id >= 0);
	return id % CARDS_RANKS + 1;
}

/* The suit (enum cards_suit) of card id. */
static inline int
cards_suit(int id)
{
	assert(id >= 0);
	return (id / CARDS_RANKS) % CARDS_SUITS;
}

/* The id of the card of rank and suit from deck number deck (0-based). */
int cards_id(int rank, int suit, int deck);

/* 1 if card id is a heart or a diamond. */
int cards_red(int id);

/* The rank steps away from rank, up (steps > 0) or down, with aces both
 * high and low: one up from a king is the ace, one down from the ace is
 * the king. */
int cards_rank_step(int rank, int steps);

/* Deals the cards of deck in order, one at a time, to hands[first],
 * hands[first + 1], ... round the nseats hands (which it appends to), so
 * the first hands may get one card more. */
void cards_deal(const struct cards *deck, struct cards *hands, int nseats,
    int first);

/* Parses a card as a player types it: a rank (A, 1, 2..10, 11..13, T, J, Q,
 * K, any case) followed by a suit letter (c d h s, any case) or symbol
 * (♣ ♦ ♥ ♠, or the outlined ♧ ♢ ♡ ♤, with or without an emoji variation
 * selector), optionally followed by a comma: "10h", "th", "Qs", "q♠",
 * "1h" and "ah" for the ace.  Sets *rank and *suit and returns 0, or -1 and
 * *cause ("unknown card 'zz'"). */
int cards_parse_card(const char *word, int *rank, int *suit, char **cause);

/* Parses a rank word: a symbol (a, 1, 2..10, 11..13, t, j, q, k) or a name
 * (ace, two, ..., ten, jack, queen, king; deuce), singular or plural
 * ("queens", "sixes", "qs", "q's", "10s"), any case.  Sets *rank (1..13) and
 * returns 0, or -1 and *cause ("unknown rank 'zz'"). */
int cards_parse_rank(const char *word, int *rank, char **cause);

/* Parses a count word: digits ("3"), a number name "one".."twelve", or
 * "a"/"an" for one.  Sets *n (0..999, judging the range is the caller's)
 * and returns 0, or -1 and *cause ("unknown count 'zz'"). */
int cards_parse_count(const char *word, int *n, char **cause);

/* The rank's short symbol: "A", "2".."10", "J", "Q", "K". */
const char *cards_rank_symbol(int rank);

/* The rank's name in the plural, translated: "queens", "sixes". */
const char *cards_rank_plural(int rank);

/* The rank's plural as the last of a list, with its "or", translated:
 * "or kings" (cards_rank_or(13)). */
const char *cards_rank_or(int rank);

/* The word for n ("one".."twelve"), or NULL outside 1..12; one card of a
 * rank is written whole by cards_declaration(). */
const char *cards_count_word(int n);

/* Writes "count rank" in words, "one queen", "three sixes" (digits above
 * twelve), translated, into buf; always terminated.  One card is one
 * translated phrase with its rank ("eine Dame", "un rey"). */
void cards_declaration(int count, int rank, char *buf, size_t size);

/* Writes card id as neutral markup into buf (always terminated): red suits
 * as "{red:Q♥}", black ones plain "Q♠".  The suit symbol is always there,
 * so the text reads the same without colour. */
void cards_markup(int id, char *buf, size_t size);

/* Writes card id without markup ("Q♥") into buf, for error causes. */
void cards_plain(int id, char *buf, size_t size);

/* The cards of l as markup separated by spaces, in list order ("" for an
 * empty list); a new string the caller frees. */
char *cards_list_markup(const struct cards *l);

/* Empties l. */
void cards_clear(struct cards *l);

/* Sets l to the ids of decks full decks in id order. */
void cards_deck(struct cards *l, int decks);

/* Appends id to l, which must have room. */
void cards_add(struct cards *l, int id);

/* Appends every card of src to dst (src on top), which must have room. */
void cards_append(struct cards *dst, const struct cards *src);

/* Puts every card of src under the cards of dst (src at the bottom). */
void cards_prepend(struct cards *dst, const struct cards *src);

/* The index of id in l, or -1. */
int cards_find(const struct cards *l, int id);

/* The index of the first card of rank and suit in l (any deck), or -1. */
int cards_find_rs(const struct cards *l, int rank, int suit);

/* Removes id from l keeping the order of the rest; 0, or -1 if absent. */
int cards_remove(struct cards *l, int id);

/* The number of cards of rank in l. */
int cards_count_rank(const struct cards *l, int rank);

/* Sorts l by rank (ace low), then suit, then deck. */
void cards_sort(struct cards *l);

/* The id for a card of rank and suit that a player names, in a game of
 * decks decks: a copy in hand that is not among named[0..nnamed-1] (the
 * cards named before it), else any copy not named, else the first deck's
 * (a repeat, for the caller's check to refuse). */
int cards_pick(const struct cards *hand, int rank, int suit, int decks,
    const int *named, int nnamed);

/* Checks ids[0..n-1], cards a player named: each a card of decks decks,
 * named once, and held in hand.  0, or -1 and *cause ("'4♥' is named
 * twice", "you do not hold '7♠'", "you do not hold another '4♥'"). */
int cards_check_held(const struct cards *hand, const int *ids, int n,
    int decks, char **cause);

/* Checks that lists[0..nlists-1] together hold every card id from 0 to
 * total - 1 exactly once (for invariants of a deck of any make).  0, or
 * -1 and *cause. */
int cards_check_ids(const struct cards *const *lists, int nlists, int total,
    char **cause);

/* Checks that lists[0..nlists-1] together hold every card of decks decks
 * exactly once (for invariants).  0, or -1 and *cause. */
int cards_check_all(const struct cards *const *lists, int nlists, int decks,
    char **cause);

#endif
