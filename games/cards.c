/*
 * Standard playing cards: ids, the lenient parsers for what players type,
 * rank names, neutral markup, and the fixed-capacity card list used for
 * hands, piles and decks.  See cards.h for the id scheme.
 */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cards.h"
#include "game.h"
#include "intl.h"
#include "alloc/xalloc.h"

static const char *const rank_symbols[CARDS_RANKS + 1] = {
	"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
};

/* The names of the ranks, singular and plural: what a player may type
 * (cards_parse_rank() reads them in English, whatever the language) and,
 * the plural translated, what the channel reads (cards_rank_plural()). */
static const char *const rank_names[2][CARDS_RANKS + 1] = {
	{ "?", "ace", "two", "three", "four", "five", "six", "seven",
	    "eight", "nine", "ten", "jack", "queen", "king" },
	/* TRANSLATORS: a card's rank, plural: "two queens", "declare
	 * jacks, queens or kings". */
	{ "?", N_("aces"), N_("twos"), N_("threes"), N_("fours"),
	    N_("fives"), N_("sixes"), N_("sevens"), N_("eights"),
	    N_("nines"), N_("tens"), N_("jacks"), N_("queens"),
	    N_("kings") },
};

/* One card of each rank, whole, as the channel reads it: the word for
 * "one" agrees with the rank in many languages (German "ein König",
 * "eine Dame"), so it is translated with its rank, not beside it. */
static const char *const one_rank[CARDS_RANKS + 1] = {
	/* TRANSLATORS: one card of a rank, as declared or shown: "Declared
	 * one queen".  Write the word for "one" as it agrees with the
	 * rank. */
	"?", N_("one ace"), N_("one two"), N_("one three"), N_("one four"),
	N_("one five"), N_("one six"), N_("one seven"), N_("one eight"),
	N_("one nine"), N_("one ten"), N_("one jack"), N_("one queen"),
	N_("one king"),
};

/* The last of a list of ranks, with its "or": the word for "or" may
 * change with the word after it (Spanish "u ochos", not "o ochos"). */
static const char *const or_rank[CARDS_RANKS + 1] = {
	/* TRANSLATORS: the last rank (plural) of a list, with the word
	 * "or": "jacks, queens or kings".  Where "or" changes before some
	 * words, write it as it reads before this one. */
	"?", N_("or aces"), N_("or twos"), N_("or threes"), N_("or fours"),
	N_("or fives"), N_("or sixes"), N_("or sevens"), N_("or eights"),
	N_("or nines"), N_("or tens"), N_("or jacks"), N_("or queens"),
	N_("or kings"),
};

/* The counts in words, read in English as a player types them
 * (cards_parse_count()) and shown translated (cards_count_word()). */
static const char *const count_words[] = {
	/* TRANSLATORS: a count of cards, before a rank: "three queens". */
	"zero", N_("one"), N_("two"), N_("three"), N_("four"), N_("five"),
	N_("six"), N_("seven"), N_("eight"), N_("nine"), N_("ten"),
	N_("eleven"), N_("twelve"),
};
#define COUNT_WORDS ((int)(sizeof count_words / sizeof count_words[0]))

/* The suit symbols as UTF-8, in suit order; then the outlined forms. */
static const char *const suit_symbols[CARDS_SUITS] = { "♣", "♦", "♥", "♠" };
static const char *const suit_outlined[CARDS_SUITS] = { "♧", "♢", "♡", "♤" };
static const char suit_letters[CARDS_SUITS] = { 'c', 'd', 'h', 's' };

/* The emoji variation selector some clients put after a suit symbol. */
#define VS16 "\xef\xb8\x8f"

int
cards_id(int rank, int suit, int deck)
{
	assert(rank >= 1 && rank <= CARDS_RANKS);
	assert(suit >= 0 && suit < CARDS_SUITS && deck >= 0);
	return deck * CARDS_DECK + suit * CARDS_RANKS + rank - 1;
}

int
cards_red(int id)
{
	int suit = cards_suit(id);

	return suit == CARDS_HEARTS || suit == CARDS_DIAMONDS;
}

int
cards_rank_step(int rank, int steps)
{
	int r = (rank - 1 + steps) % CARDS_RANKS;

	assert(rank >= 1 && rank <= CARDS_RANKS);
	return (r < 0 ? r + CARDS_RANKS : r) + 1;
}

void
cards_deal(const struct cards *deck, struct cards *hands, int nseats,
    int first)
{
	int i;

	assert(nseats >= 1 && first >= 0 && first < nseats);
	for (i = 0; i < deck->n; i++)
		cards_add(&hands[(first + i) % nseats], deck->c[i]);
}

/* Reads a rank symbol at the start of s: the number of bytes it takes, with
 * *rank set, or 0 if s does not start with one. */
static size_t
rank_prefix(const char *s, int *rank)
{
	switch (tolower((unsigned char)s[0])) {
	case 'a':
		return (*rank = CARDS_ACE), 1;
	case 't':
		return (*rank = 10), 1;
	case 'j':
		return (*rank = CARDS_JACK), 1;
	case 'q':
		return (*rank = CARDS_QUEEN), 1;
	case 'k':
		return (*rank = CARDS_KING), 1;
	}
	if (s[0] == '1' && s[1] >= '0' && s[1] <= '3')
		return (*rank = 10 + s[1] - '0'), 2;
	if (s[0] >= '1' && s[0] <= '9')
		return (*rank = s[0] - '0'), 1;
	return 0;
}

/* Reads a suit at the start of s: the bytes it takes, with *suit set, or
 * 0 if there is none. */
static size_t
suit_prefix(const char *s, int *suit)
{
	size_t len;
	int i;

	for (i = 0; i < CARDS_SUITS; i++) {
		if (tolower((unsigned char)s[0]) == suit_letters[i])
			return (*suit = i), 1;
		len = strlen(suit_symbols[i]);
		if (strncmp(s, suit_symbols[i], len) == 0 ||
		    strncmp(s, suit_outlined[i], len) == 0) {
			*suit = i;
			if (strncmp(s + len, VS16, strlen(VS16)) == 0)
				len += strlen(VS16);
			return len;
		}
	}
	return 0;
}

int
cards_parse_card(const char *word, int *rank, int *suit, char **cause)
{
	const char *p = word;
	size_t n;

	if ((n = rank_prefix(p, rank)) == 0)
		return game_fail(cause, _("unknown card '%s'"), word);
	p += n;
	if ((n = suit_prefix(p, suit)) == 0)
		return game_fail(cause, _("unknown card '%s'"), word);
	p += n;
	if (*p == ',')
		p++;
	if (*p != '\0')
		return game_fail(cause, _("unknown card '%s'"), word);
	return 0;
}

int
cards_parse_rank(const char *word, int *rank, char **cause)
{
	const char *p;
	size_t n;
	int r, plural;

	for (r = 1; r <= CARDS_RANKS; r++) {
		for (plural = 0; plural < 2; plural++) {
			if (strcasecmp(word, rank_names[plural][r]) == 0)
				return (*rank = r), 0;
		}
	}
	if (strcasecmp(word, "deuce") == 0 || strcasecmp(word, "deuces") == 0)
		return (*rank = 2), 0;
	if ((n = rank_prefix(word, &r)) != 0) {
		p = word + n;
		if (*p == '\'')
			p++;
		if (*p == 's' || *p == 'S')
			p++;
		if (*p == '\0' && (p == word + n || p[-1] != '\''))
			return (*rank = r), 0;
	}
	return game_fail(cause, _("unknown rank '%s'"), word);
}

int
cards_parse_count(const char *word, int *n, char **cause)
{
	size_t len = strlen(word);
	int i;

	if (len >= 1 && len <= 3 && strspn(word, "0123456789") == len) {
		*n = atoi(word);
		return 0;
	}
	if (strcasecmp(word, "a") == 0 || strcasecmp(word, "an") == 0)
		return (*n = 1), 0;
	for (i = 1; i < COUNT_WORDS; i++) {
		if (strcasecmp(word, count_words[i]) == 0)
			return (*n = i), 0;
	}
	return game_fail(cause, _("unknown count '%s'"), word);
}

const char *
cards_rank_symbol(int rank)
{
	assert(rank >= 1 && rank <= CARDS_RANKS);
	return rank_symbols[rank];
}

const char *
cards_rank_plural(int rank)
{
	assert(rank >= 1 && rank <= CARDS_RANKS);
	return _(rank_names[1][rank]);
}

const char *
cards_rank_or(int rank)
{
	assert(rank >= 1 && rank <= CARDS_RANKS);
	return _(or_rank[rank]);
}

const char *
cards_count_word(int n)
{
	if (n < 1 || n >= COUNT_WORDS)
		return NULL;
	return _(count_words[n]);
}

void
cards_declaration(int count, int rank, char *buf, size_t size)
{
	const char *word = cards_count_word(count);

	assert(rank >= 1 && rank <= CARDS_RANKS);
	if (count == 1)
		snprintf(buf, size, "%s", _(one_rank[rank]));
	else if (word != NULL)
		snprintf(buf, size, "%s %s", word, cards_rank_plural(rank));
	else
		snprintf(buf, size, "%d %s", count, cards_rank_plural(rank));
}

void
cards_markup(int id, char *buf, size_t size)
{
	const char *rank = rank_symbols[cards_rank(id)];
	const char *suit = suit_symbols[cards_suit(id)];

	size_t r = strlen(rank), u = strlen(suit), red = cards_red(id) ? 6 : 0;

	/* Without snprintf(): a hand shown is a few dozen of these. */
	if (r + u + red >= size) {
		if (size > 0)
			buf[0] = '\0';
		return;
	}
	if (red)
		memcpy(buf, "{red:", 5);
	memcpy(buf + (red ? 5 : 0), rank, r);
	memcpy(buf + (red ? 5 : 0) + r, suit, u);
	if (red)
		buf[5 + r + u] = '}';
	buf[r + u + red] = '\0';
}

void
cards_plain(int id, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s", rank_symbols[cards_rank(id)],
	    suit_symbols[cards_suit(id)]);
}

char *
cards_list_markup(const struct cards *l)
{
	size_t size = (size_t)l->n * 16 + 1, used = 0, n;
	char *s = xmalloc(size), one[16];
	int i;

	s[0] = '\0';
	for (i = 0; i < l->n; i++) {
		cards_markup(l->c[i], one, sizeof one);
		n = strlen(one);
		assert(used + (i > 0) + n < size);
		if (i > 0)
			s[used++] = ' ';
		memcpy(s + used, one, n + 1);
		used += n;
	}
	return s;
}

void
cards_clear(struct cards *l)
{
	l->n = 0;
}

void
cards_deck(struct cards *l, int decks)
{
	int i;

	assert(decks >= 1 && decks * CARDS_DECK <= CARDS_MAX);
	l->n = decks * CARDS_DECK;
	for (i = 0; i < l->n; i++)
		l->c[i] = i;
}

void
cards_add(struct cards *l, int id)
{
	assert(l->n < CARDS_MAX);
	l->c[l->n++] = id;
}

void
cards_append(struct cards *dst, const struct cards *src)
{
	assert(dst->n + src->n <= CARDS_MAX);
	memcpy(dst->c + dst->n, src->c, (size_t)src->n * sizeof src->c[0]);
	dst->n += src->n;
}

void
cards_prepend(struct cards *dst, const struct cards *src)
{
	assert(dst->n + src->n <= CARDS_MAX);
	memmove(dst->c + src->n, dst->c, (size_t)dst->n * sizeof dst->c[0]);
	memcpy(dst->c, src->c, (size_t)src->n * sizeof src->c[0]);
	dst->n += src->n;
}

int
cards_find(const struct cards *l, int id)
{
	int i;

	for (i = 0; i < l->n; i++) {
		if (l->c[i] == id)
			return i;
	}
	return -1;
}

int
cards_find_rs(const struct cards *l, int rank, int suit)
{
	int i;

	for (i = 0; i < l->n; i++) {
		if (cards_rank(l->c[i]) == rank && cards_suit(l->c[i]) == suit)
			return i;
	}
	return -1;
}

int
cards_remove(struct cards *l, int id)
{
	int i = cards_find(l, id);

	if (i < 0)
		return -1;
	memmove(l->c + i, l->c + i + 1, (size_t)(l->n - i - 1) *
	    sizeof l->c[0]);
	l->n--;
	return 0;
}

int
cards_count_rank(const struct cards *l, int rank)
{
	int i, n = 0;

	for (i = 0; i < l->n; i++) {
		if (cards_rank(l->c[i]) == rank)
			n++;
	}
	return n;
}

/* The sort key of a card: rank, then suit, then deck. */
static int
sort_key(int id)
{
	return (cards_rank(id) * CARDS_SUITS + cards_suit(id)) * 64 +
	    id / CARDS_DECK;
}

/* An insertion sort: a hand is a few dozen cards, most of them in order
 * already (a pile taken is added at the end), and qsort()'s calls
 * through a pointer were a tenth of an AI play-out's cost. */
void
cards_sort(struct cards *l)
{
	int i, j, id, key;

	for (i = 1; i < l->n; i++) {
		id = l->c[i];
		key = sort_key(id);
		for (j = i; j > 0 && sort_key(l->c[j - 1]) > key; j--)
			l->c[j] = l->c[j - 1];
		l->c[j] = id;
	}
}

/* 1 if ids[0..n-1] holds id. */
static int
named_in(const int *ids, int n, int id)
{
	int i;

	for (i = 0; i < n; i++) {
		if (ids[i] == id)
			return 1;
	}
	return 0;
}

int
cards_pick(const struct cards *hand, int rank, int suit, int decks,
    const int *named, int nnamed)
{
	int d, id, fallback = -1;

	for (d = 0; d < decks; d++) {
		id = cards_id(rank, suit, d);
		if (named_in(named, nnamed, id))
			continue;
		if (cards_find(hand, id) >= 0)
			return id;
		if (fallback < 0)
			fallback = id;
	}
	return fallback >= 0 ? fallback : cards_id(rank, suit, 0);
}

int
cards_check_held(const struct cards *hand, const int *ids, int n,
    int decks, char **cause)
{
	char text[16];
	int i, j, again;

	for (i = 0; i < n; i++) {
		if (ids[i] < 0 || ids[i] >= decks * CARDS_DECK)
			return game_fail(cause, "no card %d", ids[i]);
		if (named_in(ids, i, ids[i])) {
			cards_plain(ids[i], text, sizeof text);
			return game_fail(cause, _("'%s' is named twice"),
			    text);
		}
		if (cards_find(hand, ids[i]) >= 0)
			continue;
		for (j = 0, again = 0; j < i; j++)
			again |= ids[j] % CARDS_DECK == ids[i] % CARDS_DECK;
		cards_plain(ids[i], text, sizeof text);
		return game_fail(cause, again ? _("you do not hold another "
		    "'%s'") : _("you do not hold '%s'"), text);
	}
	return 0;
}

int
cards_check_ids(const struct cards *const *lists, int nlists, int total,
    char **cause)
{
	int seen[CARDS_MAX] = { 0 };
	int k, i, id;

	assert(total <= CARDS_MAX);
	for (k = 0; k < nlists; k++) {
		for (i = 0; i < lists[k]->n; i++) {
			if ((id = lists[k]->c[i]) < 0 || id >= total)
				return game_fail(cause, "no card %d", id);
			if (seen[id]++ != 0)
				return game_fail(cause, "card %d is there "
				    "twice", id);
		}
	}
	for (id = 0; id < total; id++) {
		if (!seen[id])
			return game_fail(cause, "card %d is lost", id);
	}
	return 0;
}

int
cards_check_all(const struct cards *const *lists, int nlists, int decks,
    char **cause)
{
	return cards_check_ids(lists, nlists, decks * CARDS_DECK, cause);
}
