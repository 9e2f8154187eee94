/*
 * Cheat's cards as a player reads them from the bot's lines
 * (cheat-hand.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bot/lib/buf.h"
#include "tests/lib/card-words.h"
#include "tests/lib/cheat-hand.h"

/* The four suits as the bot shows them, then the outlined forms, which a
 * channel line must not show either. */
static const char *const suit_sym[] = {"♣", "♦", "♥", "♠", "♧", "♢", "♡", "♤"};
#define SUITS_SHOWN 4
#define SUITS_ALL 8

/* The rank whose symbol ends just before p in text, or 0. */
static int
rank_before(const char *text, const char *p)
{
	size_t len;
	int r;

	for (r = RANKS; r >= 1; r--) {
		len = strlen(words_symbol(r));
		if ((size_t)(p - text) >= len &&
		    strncmp(p - len, words_symbol(r), len) == 0)
			return r;
	}
	return 0;
}

int
hand_scan(const char *text, struct hand *out)
{
	const char *p;
	size_t len = 1;
	int n = 0, s, r;

	for (p = text; *p != '\0'; p += len) {
		for (s = 0; s < SUITS_ALL; s++) {
			len = strlen(suit_sym[s]);
			if (strncmp(p, suit_sym[s], len) == 0)
				break;
		}
		if (s == SUITS_ALL) {
			len = 1;
			continue;
		}
		n++;
		r = rank_before(text, p);
		if (out != NULL && r > 0 && s < SUITS_SHOWN && out->n < DECK)
			snprintf(out->c[out->n++].s, CARD_SIZE, "%s%s",
			    words_symbol(r), suit_sym[s]);
	}
	return n;
}

int
card_rank(const struct card *c)
{
	const char *sym;
	int r;

	for (r = 1; r <= RANKS; r++) {
		sym = words_symbol(r);
		if (strncmp(c->s, sym, strlen(sym)) == 0)
			return r;
	}
	return 0;
}

int
card_rank_named(const char *name)
{
	int r;

	for (r = 1; r <= RANKS; r++) {
		if (strcmp(name, words_rank(r, 1)) == 0)
			return r;
	}
	return 0;
}

int
hand_find(const struct hand *h, const char *card)
{
	int i;

	for (i = 0; i < h->n; i++) {
		if (strcmp(h->c[i].s, card) == 0)
			return i;
	}
	return -1;
}

void
hand_add(struct hand *h, const char *card)
{
	assert_true(h->n < DECK);
	snprintf(h->c[h->n++].s, CARD_SIZE, "%s", card);
}

int
hand_count_rank(const struct hand *h, int rank)
{
	int i, n = 0;

	for (i = 0; i < h->n; i++)
		n += card_rank(&h->c[i]) == rank;
	return n;
}

int
hand_same(const struct hand *a, const struct hand *b)
{
	int i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++) {
		if (hand_find(b, a->c[i].s) < 0 || hand_find(a, b->c[i].s) < 0)
			return 0;
	}
	return 1;
}

void
play_declaration(const struct play *pl, char *out, size_t size)
{
	struct buf b = BUF_INIT;

	assert_in_range(pl->count, 1, 4);
	words_claim(&b, pl->count, pl->rank);
	snprintf(out, size, "%s", buf_str(&b));
	buf_free(&b);
}

int
play_honest(const struct play *pl)
{
	return pl->count == pl->cards.n &&
	       hand_count_rank(&pl->cards, pl->rank) == pl->cards.n;
}
