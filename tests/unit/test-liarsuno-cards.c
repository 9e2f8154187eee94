/*
 * Unit tests for games/liarsuno/liarsuno-cards.c: the 112-card deck
 * counted by kind, each face's Liar's Cards, every card written and read
 * back, the lenient spellings players may type, claims and colour words,
 * the words refused and why, how a hand is sorted and shown, and what
 * each card is worth in points.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "games/liarsuno/liarsuno-int.h"

/* Reads word as a card: its face, written as a claim, and its mark. */
static void
assert_card(const char *word, const char *face, int liar)
{
	char text[8], *cause = NULL;
	int f, l;

	if (lu_parse_card(word, &f, &l, &cause) != 0)
		fail_msg("'%s': %s", word, cause);
	lu_claim_text(f, text, sizeof text);
	assert_string_equal(text, face);
	assert_int_equal(l, liar);
}

static void
assert_claim(const char *word, const char *face)
{
	char text[8], *cause = NULL;
	int f;

	if (lu_parse_claim(word, &f, &cause) != 0)
		fail_msg("'%s': %s", word, cause);
	lu_claim_text(f, text, sizeof text);
	assert_string_equal(text, face);
}

static void
test_deck(void **state)
{
	int regular[LU_FACES] = { 0 }, liar[LU_FACES] = { 0 }, id, c, k;

	(void)state;
	for (id = 0; id < LU_CARDS; id++) {
		assert_true(lu_face_valid(lu_face(id)));
		if (lu_liar(id))
			liar[lu_face(id)]++;
		else
			regular[lu_face(id)]++;
	}
	for (c = 0; c < LU_COLOURS; c++) {
		for (k = 0; k < 10; k++) {
			assert_int_equal(regular[LU_FACE(c, k)], 1);
			assert_int_equal(liar[LU_FACE(c, k)], 1);
		}
		for (k = SYM_SKIP; k <= SYM_DRAW2; k++) {
			assert_int_equal(regular[LU_FACE(c, k)], 0);
			assert_int_equal(liar[LU_FACE(c, k)], 2);
		}
		/* No coloured wilds. */
		assert_false(lu_face_valid(LU_FACE(c, SYM_WD4)));
		assert_false(lu_face_valid(LU_FACE(c, SYM_WLC)));
	}
	assert_int_equal(liar[FACE_WD4], 4);
	assert_int_equal(regular[FACE_WD4], 0);
	assert_int_equal(regular[FACE_WLC], 4);
	assert_int_equal(liar[FACE_WLC], 0);
	/* The layout the move log relies on. */
	assert_int_equal(lu_face(0), LU_FACE(0, 0));
	assert_false(lu_liar(9));
	assert_true(lu_liar(10));
	assert_int_equal(lu_face(26 + 15), LU_FACE(1, 5));
	assert_int_equal(lu_face(52 + 21), LU_FACE(2, SYM_SKIP));
	assert_int_equal(lu_face(78 + 23), LU_FACE(3, SYM_REVERSE));
	assert_int_equal(lu_face(25), LU_FACE(0, SYM_DRAW2));
	assert_int_equal(lu_face(LU_FIRST_WD4), FACE_WD4);
	assert_int_equal(lu_face(LU_FIRST_WLC + 3), FACE_WLC);
	/* Each face's Liar's Cards, as a face-down claim's truth needs
	 * them, are the deck's. */
	for (c = -1; c <= LU_FACES; c++) {
		int ids[LU_FACE_LIARS], n = lu_face_liars(c, ids), want = 0;

		for (id = 0; id < LU_CARDS; id++) {
			if (!lu_liar(id) || lu_face(id) != c)
				continue;
			assert_true(want < n);
			assert_int_equal(ids[want], id);
			want++;
		}
		assert_int_equal(n, want);
	}
	assert_string_equal(lu_colour_name(2), "green");
	assert_string_equal(lu_colour_markup(1), "yel");
}

/* Every card is written the way the doc says and reads back as itself;
 * its markup keeps the text whole in its colour. */
static void
test_write_read(void **state)
{
	static const char *const want[] = {
		"r0", "r5", "~r0", "~r9", "~rS", "~rR", "~r+2", "~y3", "g7",
		"~bS", "~b+2", "~+4", "WLC",
	};
	static const int ids[] = { 0, 5, 10, 19, 20, 22, 24, 39, 59, 98,
	    102, 104, 111 };
	char text[8], face[8], *m = NULL, expect[32];
	size_t i;
	int id, f, l;

	(void)state;
	for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		lu_card_text(ids[i], text, sizeof text);
		assert_string_equal(text, want[i]);
	}
	for (id = 0; id < LU_CARDS; id++) {
		lu_card_text(id, text, sizeof text);
		assert_int_equal(lu_parse_card(text, &f, &l, NULL), 0);
		assert_int_equal(f, lu_face(id));
		assert_int_equal(l, lu_liar(id));
		/* The claim form reads back too. */
		lu_claim_text(lu_face(id), face, sizeof face);
		assert_int_equal(lu_parse_claim(face, &f, NULL), 0);
		assert_int_equal(f, lu_face(id));
		lu_cat_card(&m, id);
		if (id < LU_FIRST_WD4)
			snprintf(expect, sizeof expect, "{%s:%s}",
			    lu_colour_markup(id / LU_COLOUR_CARDS), text);
		else
			snprintf(expect, sizeof expect, "%s", text);
		assert_string_equal(m, expect);
		free(m);
		m = NULL;
	}
	lu_cat_claim(&m, LU_FACE(3, SYM_SKIP));
	assert_string_equal(m, "{blu:bS}");
	free(m);
}

static void
test_lenient(void **state)
{
	(void)state;
	assert_card("R5", "r5", 0);
	assert_card("~r5", "r5", 1);
	assert_card("lr5", "r5", 1);
	assert_card("LR5", "r5", 1);
	assert_card("~Y0", "y0", 1);
	/* Action cards are Liar's Cards with or without the mark. */
	assert_card("rs", "rS", 1);
	assert_card("~rS", "rS", 1);
	assert_card("RSKIP", "rS", 1);
	assert_card("lgskip", "gS", 1);
	assert_card("rr", "rR", 1);
	assert_card("brev", "bR", 1);
	assert_card("~yReverse", "yR", 1);
	assert_card("g+2", "g+2", 1);
	assert_card("gd2", "g+2", 1);
	assert_card("GDT", "g+2", 1);
	assert_card("~b+2", "b+2", 1);
	assert_card("+4", "+4", 1);
	assert_card("~+4", "+4", 1);
	assert_card("l+4", "+4", 1);
	assert_card("WD4", "+4", 1);
	assert_card("w4", "+4", 1);
	assert_card("Wild4", "+4", 1);
	assert_card("wlc", "WLC", 0);
	assert_card("WLC", "WLC", 0);
}

static void
test_claims_colours(void **state)
{
	(void)state;
	assert_claim("r7", "r7");
	assert_claim("~r7", "r7");
	assert_claim("lR7", "r7");
	assert_claim("bs", "bS");
	assert_claim("yrev", "yR");
	assert_claim("~g+2", "g+2");
	assert_claim("+4", "+4");
	assert_claim("~+4", "+4");
	assert_claim("wd4", "+4");
	/* A WLC reads as a claim; check() refuses it. */
	assert_claim("wlc", "WLC");
	assert_claim("~WLC", "WLC");
	assert_int_equal(lu_parse_colour("red"), 0);
	assert_int_equal(lu_parse_colour("R"), 0);
	assert_int_equal(lu_parse_colour("Yellow"), 1);
	assert_int_equal(lu_parse_colour("yel"), 1);
	assert_int_equal(lu_parse_colour("y"), 1);
	assert_int_equal(lu_parse_colour("GREEN"), 2);
	assert_int_equal(lu_parse_colour("grn"), 2);
	assert_int_equal(lu_parse_colour("g"), 2);
	assert_int_equal(lu_parse_colour("blue"), 3);
	assert_int_equal(lu_parse_colour("blu"), 3);
	assert_int_equal(lu_parse_colour("b"), 3);
	assert_int_equal(lu_parse_colour("purple"), -1);
	assert_int_equal(lu_parse_colour(""), -1);
	assert_int_equal(lu_parse_colour("uno"), -1);
}

static void
assert_refused(const char *word, const char *want)
{
	char *cause = NULL;
	int f, l;

	assert_int_equal(lu_parse_card(word, &f, &l, &cause), -1);
	assert_non_null(cause);
	if (want != NULL)
		assert_string_equal(cause, want);
	free(cause);
}

static void
test_refusals(void **state)
{
	static const char *const bad[] = {
		"", "~", "l", "r", "x5", "r10", "r55", "rx", "~~r5", "+3",
		"wild", "red5", "5r", "r-2", "~+", "wlcs",
	};
	char *cause = NULL;
	size_t i;
	int f;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_refused(bad[i], NULL);
	assert_refused("zz", "unknown card 'zz': write a colour's initial "
	    "and a number or S, R, +2, with ~ in front for a Liar's Card "
	    "(r5, ~g3, ~bS), or ~+4, WLC");
	assert_refused("~wlc", "there is no '~wlc': the WLC is a Regular "
	    "Card, written without ~");
	assert_int_equal(lu_parse_claim("q7", &f, &cause), -1);
	assert_string_equal(cause, "unknown claim 'q7': say what the card "
	    "is, a colour's initial and a number or S, R, +2 (r7, bS), or "
	    "+4");
	free(cause);
}

static void
test_hand(void **state)
{
	static const char *const words[] = {
		"WLC", "y2", "~rS", "~+4", "~r5", "r3", "~g7", "g0",
	};
	struct cards l;
	char *m = NULL;
	size_t i;
	int f, lr, id;

	(void)state;
	cards_clear(&l);
	for (i = 0; i < sizeof words / sizeof words[0]; i++) {
		assert_int_equal(lu_parse_card(words[i], &f, &lr, NULL), 0);
		for (id = 0; lu_face(id) != f || lu_liar(id) != lr; id++)
			;
		cards_add(&l, id);
	}
	lu_cat_cards(&m, &l);
	assert_string_equal(m, "{red:r3 ~r5 ~rS} {yel:y2} {grn:g0 ~g7} "
	    "~+4 WLC");
	free(m);
	lu_sort(&l);
	assert_int_equal(l.c[0], 3);
	assert_int_equal(lu_face(l.c[l.n - 2]), FACE_WD4);
	assert_int_equal(lu_face(l.c[l.n - 1]), FACE_WLC);
	cards_clear(&l);
	m = NULL;
	lu_cat_cards(&m, &l);
	assert_null(m);
}

static void
test_points(void **state)
{
	struct cards deck;
	int id;

	(void)state;
	assert_int_equal(lu_value(0), 0);
	assert_int_equal(lu_value(9), 9);
	assert_int_equal(lu_value(19), 9);
	assert_int_equal(lu_value(20), 20);
	assert_int_equal(lu_value(23), 20);
	assert_int_equal(lu_value(25), 20);
	assert_int_equal(lu_value(LU_FIRST_WD4), 50);
	assert_int_equal(lu_value(LU_FIRST_WLC), 50);
	cards_clear(&deck);
	for (id = 0; id < LU_CARDS; id++)
		cards_add(&deck, id);
	/* Per colour 2 * 45 for the numbers and 6 * 20; 8 wilds of 50. */
	assert_int_equal(lu_points(&deck), 4 * (90 + 120) + 8 * 50);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deck),
		cmocka_unit_test(test_write_read),
		cmocka_unit_test(test_lenient),
		cmocka_unit_test(test_claims_colours),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_hand),
		cmocka_unit_test(test_points),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
