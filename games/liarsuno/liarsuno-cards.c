/*
 * Liar's UNO's cards: ids and faces, what each card is worth, how cards
 * and claims are written and shown, and how leniently players may type
 * them.  The layout of ids and faces is in liarsuno-int.h.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/intl.h"
#include "liarsuno-int.h"

static const char colour_initial[] = "rygb";
/* The colours' names as typed (lu_colour_name()), and the msgids of
 * their names as shown (lu_colour_shown()). */
static const char *const colour_names[LU_COLOURS + 1] = {
	/* TRANSLATORS: a Liar's UNO colour's name, shown in a sentence
	 * ("put a red card face down"); players still type the colours
	 * in English (play WLC red) and the cards by English initials
	 * (r5, ~y3, ~gS, ~b+2). */
	N_("red"),
	/* TRANSLATORS: a Liar's UNO colour's name, as "red". */
	N_("yellow"),
	/* TRANSLATORS: a Liar's UNO colour's name, as "red". */
	N_("green"),
	/* TRANSLATORS: a Liar's UNO colour's name, as "red". */
	N_("blue"),
	/* TRANSLATORS: the colour of a wild card, as "red". */
	N_("wild"),
};
/* The markup colour of each colour (game.h). */
static const char *const colour_markup[LU_COLOURS] = {
	"red", "yel", "grn", "blu",
};
static const char *const sym_text[LU_SYMBOLS] = {
	"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "+4",
	"WLC",
};

/* The words a symbol may be typed as after a colour's initial, beside
 * the digits. */
static const struct {
	const char *word;
	int sym;
} sym_words[] = {
	{ "s", SYM_SKIP }, { "skip", SYM_SKIP },
	{ "r", SYM_REVERSE }, { "rev", SYM_REVERSE },
	{ "reverse", SYM_REVERSE },
	{ "+2", SYM_DRAW2 }, { "d2", SYM_DRAW2 }, { "dt", SYM_DRAW2 },
};

/* The words of the Wild Draw Four. */
static const char *const wd4_words[] = { "+4", "wd4", "w4", "wild4" };

/* Every colour word a WLC or a Wild Draw Four may name. */
static const struct {
	const char *word;
	int colour;
} colour_words[] = {
	{ "red", 0 }, { "r", 0 },
	{ "yellow", 1 }, { "yel", 1 }, { "y", 1 },
	{ "green", 2 }, { "grn", 2 }, { "g", 2 },
	{ "blue", 3 }, { "blu", 3 }, { "b", 3 },
};

#define NITEMS(a) (sizeof(a) / sizeof((a)[0]))

int
lu_face_liars(int face, int *ids)
{
	int colour = lu_face_colour(face), sym = lu_face_sym(face), i;

	if (face == FACE_WD4) {
		for (i = 0; i < LU_FACE_LIARS; i++)
			ids[i] = LU_FIRST_WD4 + i;
		return LU_FACE_LIARS;
	}
	if (face < 0 || colour >= LU_COLOURS || sym >= SYM_WD4)
		return 0;
	/* A colour's cards: the numbers twice (Regular, then Liar's),
	 * then each action's two Liar's Cards. */
	if (sym < SYM_SKIP) {
		ids[0] = colour * LU_COLOUR_CARDS + 10 + sym;
		return 1;
	}
	ids[0] = colour * LU_COLOUR_CARDS + 20 + 2 * (sym - SYM_SKIP);
	ids[1] = ids[0] + 1;
	return 2;
}

int
lu_action(int face)
{
	int sym = lu_face_sym(face);

	return sym >= SYM_SKIP && sym <= SYM_WD4;
}

int
lu_value(int id)
{
	int sym = lu_face_sym(lu_face(id));

	return sym < SYM_SKIP ? sym : sym < SYM_WD4 ? 20 : 50;
}

int
lu_points(const struct cards *l)
{
	int i, n = 0;

	for (i = 0; i < l->n; i++)
		n += lu_value(l->c[i]);
	return n;
}

const char *
lu_colour_name(int colour)
{
	return colour >= 0 && colour <= LU_COLOURS ? colour_names[colour] :
	    "?";
}

const char *
lu_colour_shown(int colour)
{
	return colour >= 0 && colour <= LU_COLOURS ?
	    _(colour_names[colour]) : "?";
}

const char *
lu_colour_markup(int colour)
{
	return colour >= 0 && colour < LU_COLOURS ? colour_markup[colour] :
	    NULL;
}

void
lu_claim_text(int face, char *buf, size_t size)
{
	int colour = lu_face_colour(face);

	if (!lu_face_valid(face))
		snprintf(buf, size, "?");
	else if (colour == LU_WILD)
		snprintf(buf, size, "%s", sym_text[lu_face_sym(face)]);
	else
		snprintf(buf, size, "%c%s", colour_initial[colour],
		    sym_text[lu_face_sym(face)]);
}

void
lu_card_text(int id, char *buf, size_t size)
{
	char face[8];

	lu_claim_text(lu_face(id), face, sizeof face);
	snprintf(buf, size, "%s%s", lu_liar(id) ? "~" : "", face);
}

/* Appends text in the colour of a face's colour (plain for a wild). */
static void
cat_coloured(char **line, int colour, const char *text)
{
	if (colour < LU_COLOURS)
		game_cat(line, "{%s:%s}", colour_markup[colour], text);
	else
		game_cat(line, "%s", text);
}

void
lu_cat_card(char **line, int id)
{
	char text[8];

	if (line == NULL)
		return;
	lu_card_text(id, text, sizeof text);
	cat_coloured(line, lu_face_colour(lu_face(id)), text);
}

void
lu_cat_claim(char **line, int face)
{
	char text[8];

	if (line == NULL)
		return;
	lu_claim_text(face, text, sizeof text);
	cat_coloured(line, lu_face_colour(face), text);
}

/* Where a card goes in a sorted hand. */
static int
sort_key(int id)
{
	int face = lu_face(id), colour = lu_face_colour(face);

	return colour * 64 + (colour < LU_COLOURS ? lu_liar(id) * 16 : 0) +
	    lu_face_sym(face);
}

static int
card_order(const void *a, const void *b)
{
	int ia = *(const int *)a, ib = *(const int *)b;
	int ka = sort_key(ia), kb = sort_key(ib);

	return ka != kb ? ka - kb : ia - ib;
}

void
lu_sort(struct cards *l)
{
	qsort(l->c, (size_t)l->n, sizeof l->c[0], card_order);
}

void
lu_cat_cards(char **line, const struct cards *l)
{
	struct cards sorted = *l;
	char text[8];
	int i, colour, open = -1;

	if (line == NULL)
		return;
	lu_sort(&sorted);
	for (i = 0; i < sorted.n; i++) {
		colour = lu_face_colour(lu_face(sorted.c[i]));
		lu_card_text(sorted.c[i], text, sizeof text);
		if (open >= 0 && colour != open)
			game_cat(line, "}");
		game_cat(line, "%s", i > 0 ? " " : "");
		if (colour < LU_COLOURS && colour != open)
			game_cat(line, "{%s:", colour_markup[colour]);
		open = colour < LU_COLOURS ? colour : -1;
		game_cat(line, "%s", text);
	}
	if (open >= 0)
		game_cat(line, "}");
}

/* The face named by word, a card or claim without its Liar's mark; -1
 * if it names none. */
static int
parse_face(const char *word)
{
	const char *p;
	size_t i;
	int colour;

	for (i = 0; i < NITEMS(wd4_words); i++) {
		if (strcasecmp(word, wd4_words[i]) == 0)
			return FACE_WD4;
	}
	if (strcasecmp(word, "wlc") == 0)
		return FACE_WLC;
	if (word[0] == '\0' || (p = strchr(colour_initial,
	    tolower((unsigned char)word[0]))) == NULL)
		return -1;
	colour = (int)(p - colour_initial);
	if (isdigit((unsigned char)word[1]) && word[2] == '\0')
		return LU_FACE(colour, word[1] - '0');
	for (i = 0; i < NITEMS(sym_words); i++) {
		if (strcasecmp(word + 1, sym_words[i].word) == 0)
			return LU_FACE(colour, sym_words[i].sym);
	}
	return -1;
}

/* Splits a Liar's mark (~ or l) off the front of word. */
static const char *
unmark(const char *word, int *mark)
{
	*mark = word[0] == '~' || word[0] == 'l' || word[0] == 'L';
	return word + *mark;
}

int
lu_parse_card(const char *word, int *face, int *liar, char **cause)
{
	const char *w;
	int mark;

	w = unmark(word, &mark);
	if ((*face = parse_face(w)) < 0)
		return game_fail(cause, _("unknown card '%s': write a "
		    "colour's initial and a number or S, R, +2, with ~ in "
		    "front for a Liar's Card (r5, ~g3, ~bS), or ~+4, WLC"),
		    word);
	if (*face == FACE_WLC && mark)
		return game_fail(cause, _("there is no '%s': the WLC is a "
		    "Regular Card, written without ~"), word);
	/* Action cards and the Wild Draw Four are Liar's Cards only. */
	*liar = mark || lu_face_sym(*face) >= SYM_SKIP;
	if (*face == FACE_WLC)
		*liar = 0;
	return 0;
}

int
lu_parse_claim(const char *word, int *face, char **cause)
{
	int mark;

	if ((*face = parse_face(unmark(word, &mark))) < 0)
		return game_fail(cause, _("unknown claim '%s': say what the "
		    "card is, a colour's initial and a number or S, R, +2 "
		    "(r7, bS), or +4"), word);
	return 0;
}

int
lu_parse_colour(const char *word)
{
	size_t i;

	for (i = 0; i < NITEMS(colour_words); i++) {
		if (strcasecmp(word, colour_words[i].word) == 0)
			return colour_words[i].colour;
	}
	return -1;
}
