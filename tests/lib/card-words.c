/*
 * The words of the card games as players read them (card-words.h).
 */
#include <assert.h>

#include "bot/lib/buf.h"
#include "tests/lib/card-words.h"

const char *const words_suit[4] = {"♣", "♦", "♥", "♠"};

static const char *const count[] = {"zero", "one", "two", "three", "four",
    "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"};
static const char *const name[2][14] = {
    {"?", "ace", "two", "three", "four", "five", "six", "seven", "eight",
        "nine", "ten", "jack", "queen", "king"},
    {"?", "aces", "twos", "threes", "fours", "fives", "sixes", "sevens",
        "eights", "nines", "tens", "jacks", "queens", "kings"}};
static const char *const symbol[] = {
    "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};

const char *
words_rank(int rank, int plural)
{
	assert(rank >= 1 && rank <= 13);
	return name[plural != 0][rank];
}

const char *
words_symbol(int rank)
{
	assert(rank >= 1 && rank <= 13);
	return symbol[rank];
}

void
words_claim(struct buf *b, int n, int rank)
{
	assert(n >= 1 && n <= 12);
	buf_addf(b, "%s %s", count[n], words_rank(rank, n != 1));
}

void
words_card(struct buf *b, int id)
{
	assert(id >= 0);
	buf_addf(b, "%s%s", words_symbol(id % 13 + 1),
	    words_suit[id / 13 % 4]);
}
