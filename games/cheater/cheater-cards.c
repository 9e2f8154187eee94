/*
 * CHEATER's cards: ids and faces, the names players see and type, how a
 * hand is shown, and how near a hand is to spelling C-H-E-A-T-E-R in one
 * suit.  The layout of ids is in cheater-int.h.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cheater-int.h"
#include "games/intl.h"

static const char suit_initial[CH_SUITS] = { 'r', 'y', 'p', 'b' };
/* In English, as a result's detail (stored, and compared for a title);
 * shown translated, _(ch_suit_name(suit)). */
static const char *const suit_names[CH_SUITS] = {
	N_("red"), N_("yellow"), N_("purple"), N_("blue"),
};
/* The colour markup of each suit (game.h). */
static const char *const suit_colour[CH_SUITS] = { "red", "yel", "pur", "blu" };
static const char letters[CH_LETTERS] = { 'C', 'H', 'E', 'A', 'T', 'R' };
/* How many of each letter CHEATER needs, and how many a suit holds. */
static const int spell_need[CH_LETTERS] = { 1, 1, 2, 1, 1, 1 };

/* What each face is called, as shown and typed. */
static const char *const face_names[CH_FACES] = {
	"rC", "rH", "rE", "rA", "rT", "rR",
	"yC", "yH", "yE", "yA", "yT", "yR",
	"pC", "pH", "pE", "pA", "pT", "pR",
	"bC", "bH", "bE", "bA", "bT", "bR",
	"TAKE", "SHOW", "HIDE", "BUST", "WILD",
};

const char *
ch_face_name(int face)
{
	return face >= 0 && face < CH_FACES ? face_names[face] : "?";
}

const char *
ch_suit_name(int suit)
{
	return suit >= 0 && suit < CH_SUITS ? suit_names[suit] : "?";
}

/* The index of c in set (n chars, any case), or -1. */
static int
index_of(const char *set, int n, int c)
{
	int i;

	for (i = 0; i < n; i++) {
		if (toupper((unsigned char)set[i]) == toupper(c))
			return i;
	}
	return -1;
}

int
ch_parse_face(const char *word, int *face, char **cause)
{
	int i, s, l;

	for (i = 0; i < CH_FACES - FACE_TAKE; i++) {
		if (strcasecmp(word, face_names[FACE_TAKE + i]) == 0) {
			*face = FACE_TAKE + i;
			return 0;
		}
	}
	if (strlen(word) == 2) {
		/* Suit then letter, or letter then suit: "rr" is red R
		 * either way, and no other pair reads both ways. */
		s = index_of(suit_initial, CH_SUITS, word[0]);
		l = index_of(letters, CH_LETTERS, word[1]);
		if (s < 0 || l < 0) {
			s = index_of(suit_initial, CH_SUITS, word[1]);
			l = index_of(letters, CH_LETTERS, word[0]);
		}
		if (s >= 0 && l >= 0) {
			*face = s * CH_LETTERS + l;
			return 0;
		}
	}
	/* TRANSLATORS: %s is the word typed.  The cards' names (rC, TAKE)
	 * are typed as they are, in every language. */
	return game_fail(cause, _("unknown card '%s': a card is its suit's "
	    "initial and its letter (rC is red C, bE blue E) or TAKE, SHOW, "
	    "HIDE, BUST, WILD"), word);
}

void
ch_cat_face(char **line, int face)
{
	if (face < FACE_TAKE)
		game_cat(line, "{%s:%s}", suit_colour[ch_face_suit(face)],
		    ch_face_name(face));
	else
		game_cat(line, "%s", ch_face_name(face));
}

static int
face_order(const void *a, const void *b)
{
	int fa = ch_face(*(const int *)a), fb = ch_face(*(const int *)b);

	if (fa != fb)
		return fa - fb;
	return *(const int *)a - *(const int *)b;
}

void
ch_sort(struct cards *l)
{
	qsort(l->c, (size_t)l->n, sizeof l->c[0], face_order);
}

void
ch_cat_cards(char **line, const struct cards *l)
{
	struct cards sorted = *l;
	int i;

	ch_sort(&sorted);
	for (i = 0; i < sorted.n; i++) {
		if (i > 0)
			game_cat(line, " ");
		ch_cat_face(line, ch_face(sorted.c[i]));
	}
}

/* Counts the letters of suit in l into have[]. */
static void
count_letters(const struct cards *l, int suit, int have[CH_LETTERS])
{
	int i, f;

	memset(have, 0, CH_LETTERS * sizeof have[0]);
	for (i = 0; i < l->n; i++) {
		f = ch_face(l->c[i]);
		if (ch_face_suit(f) == suit)
			have[ch_face_letter(f)]++;
	}
}

int
ch_progress(const struct cards *l, int suit)
{
	int have[CH_LETTERS], i, n = 0;

	count_letters(l, suit, have);
	for (i = 0; i < CH_LETTERS; i++)
		n += have[i] < spell_need[i] ? have[i] : spell_need[i];
	return n;
}

int
ch_spells(const struct cards *l)
{
	int s;

	for (s = 0; s < CH_SUITS; s++) {
		if (ch_progress(l, s) == CH_HAND)
			return s;
	}
	return -1;
}

int
ch_best_suit(const struct cards *l)
{
	int s, best = 0;

	for (s = 1; s < CH_SUITS; s++) {
		if (ch_progress(l, s) > ch_progress(l, best))
			best = s;
	}
	return best;
}

int
ch_useful(const struct cards *l, int i, int suit)
{
	int f = ch_face(l->c[i]), before = 0, j;

	if (ch_face_suit(f) != suit)
		return 0;
	for (j = 0; j < i; j++)
		before += ch_face(l->c[j]) == f;
	return before < spell_need[ch_face_letter(f)];
}
