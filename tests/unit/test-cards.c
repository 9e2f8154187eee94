/*
 * Unit tests for games/cards.c: the id scheme, every form of card, rank and
 * count word a player may type (and words that must be refused), names,
 * markup, and the card list helpers.
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

static void
test_ids(void **state)
{
	int id, d, r, s;

	(void)state;
	assert_int_equal(cards_rank(0), CARDS_ACE);
	assert_int_equal(cards_suit(0), CARDS_CLUBS);
	assert_int_equal(cards_rank(12), CARDS_KING);
	assert_int_equal(cards_suit(13), CARDS_DIAMONDS);
	assert_int_equal(cards_suit(26), CARDS_HEARTS);
	assert_int_equal(cards_rank(51), CARDS_KING);
	assert_int_equal(cards_suit(51), CARDS_SPADES);
	assert_int_equal(cards_suit(52), CARDS_CLUBS);
	assert_int_equal(cards_rank(52 + 11), CARDS_QUEEN);
	for (id = 0; id < 104; id++) {
		r = cards_rank(id);
		s = cards_suit(id);
		d = id / CARDS_DECK;
		assert_int_equal(cards_id(r, s, d), id);
		assert_int_equal(cards_red(id),
		    s == CARDS_HEARTS || s == CARDS_DIAMONDS);
	}
}

struct card_case {
	const char *word;
	int rank, suit;
};

static void
test_parse_card_forms(void **state)
{
	static const struct card_case cases[] = {
		{ "10h", 10, CARDS_HEARTS }, { "th", 10, CARDS_HEARTS },
		{ "TH", 10, CARDS_HEARTS }, { "10H", 10, CARDS_HEARTS },
		{ "qs", 12, CARDS_SPADES }, { "Qs", 12, CARDS_SPADES },
		{ "QS", 12, CARDS_SPADES }, { "10♥", 10, CARDS_HEARTS },
		{ "Q♥", 12, CARDS_HEARTS }, { "q♡", 12, CARDS_HEARTS },
		{ "1h", 1, CARDS_HEARTS }, { "ah", 1, CARDS_HEARTS },
		{ "As", 1, CARDS_SPADES }, { "2c", 2, CARDS_CLUBS },
		{ "9d", 9, CARDS_DIAMONDS }, { "jd", 11, CARDS_DIAMONDS },
		{ "kc", 13, CARDS_CLUBS }, { "K♣", 13, CARDS_CLUBS },
		{ "7♦", 7, CARDS_DIAMONDS }, { "7♢", 7, CARDS_DIAMONDS },
		{ "5♠", 5, CARDS_SPADES }, { "5♤", 5, CARDS_SPADES },
		{ "3♧", 3, CARDS_CLUBS },
		{ "Q♥\xef\xb8\x8f", 12, CARDS_HEARTS },
		{ "11h", 11, CARDS_HEARTS }, { "12s", 12, CARDS_SPADES },
		{ "13d", 13, CARDS_DIAMONDS }, { "4h,", 4, CARDS_HEARTS },
	};
	size_t i;
	int rank, suit;
	char *cause = NULL;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		rank = suit = -1;
		if (cards_parse_card(cases[i].word, &rank, &suit, &cause) != 0)
			fail_msg("'%s' refused: %s", cases[i].word, cause);
		assert_int_equal(rank, cases[i].rank);
		assert_int_equal(suit, cases[i].suit);
	}
}

static void
test_parse_card_bad(void **state)
{
	static const char *const bad[] = {
		"zz", "", "h", "q", "10", "0h", "14h", "1", "10x", "qhh",
		"♥Q", "queen", "qh,,", "x♥", "q\xe2\x99", "-1h", "q h",
	};
	size_t i;
	int rank, suit;
	char *cause = NULL, want[64];

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(cards_parse_card(bad[i], &rank, &suit,
		    &cause), -1);
		snprintf(want, sizeof want, "unknown card '%s'", bad[i]);
		assert_string_equal(cause, want);
		free(cause);
		cause = NULL;
	}
	/* No cause wanted, none made. */
	assert_int_equal(cards_parse_card("zz", &rank, &suit, NULL), -1);
}

struct rank_case {
	const char *word;
	int rank;
};

static void
test_parse_rank_forms(void **state)
{
	static const struct rank_case cases[] = {
		{ "q", 12 }, { "Q", 12 }, { "queen", 12 }, { "queens", 12 },
		{ "QUEENS", 12 }, { "qs", 12 }, { "q's", 12 }, { "12", 12 },
		{ "10", 10 }, { "t", 10 }, { "T", 10 }, { "ten", 10 },
		{ "tens", 10 }, { "10s", 10 }, { "a", 1 }, { "A", 1 },
		{ "ace", 1 }, { "aces", 1 }, { "1", 1 }, { "as", 1 },
		{ "2", 2 }, { "two", 2 }, { "twos", 2 }, { "deuce", 2 },
		{ "deuces", 2 }, { "six", 6 }, { "sixes", 6 }, { "6s", 6 },
		{ "j", 11 }, { "jack", 11 }, { "jacks", 11 }, { "11", 11 },
		{ "k", 13 }, { "King", 13 }, { "kings", 13 }, { "13", 13 },
		{ "nine", 9 }, { "eights", 8 }, { "three", 3 },
	};
	size_t i;
	int rank;
	char *cause = NULL;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		rank = -1;
		if (cards_parse_rank(cases[i].word, &rank, &cause) != 0)
			fail_msg("'%s' refused: %s", cases[i].word, cause);
		assert_int_equal(rank, cases[i].rank);
	}
}

static void
test_parse_rank_bad(void **state)
{
	static const char *const bad[] = {
		"", "0", "14", "x", "q'", "qss", "queenz", "qh", "10h",
		"elevens", "one", "-2", "2.",
	};
	size_t i;
	int rank;
	char *cause = NULL, want[64];

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(cards_parse_rank(bad[i], &rank, &cause), -1);
		snprintf(want, sizeof want, "unknown rank '%s'", bad[i]);
		assert_string_equal(cause, want);
		free(cause);
		cause = NULL;
	}
}

static void
test_parse_count(void **state)
{
	static const struct rank_case cases[] = {
		{ "one", 1 }, { "two", 2 }, { "Three", 3 }, { "FOUR", 4 },
		{ "five", 5 }, { "six", 6 }, { "seven", 7 }, { "eight", 8 },
		{ "twelve", 12 }, { "1", 1 }, { "8", 8 }, { "0", 0 },
		{ "10", 10 }, { "a", 1 }, { "an", 1 }, { "999", 999 },
	};
	static const char *const bad[] = {
		"", "zero", "thirteen", "x", "1000", "-1", "3x", "q",
	};
	size_t i;
	int n;
	char *cause = NULL, want[64];

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		n = -1;
		if (cards_parse_count(cases[i].word, &n, &cause) != 0)
			fail_msg("'%s' refused: %s", cases[i].word, cause);
		assert_int_equal(n, cases[i].rank);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(cards_parse_count(bad[i], &n, &cause), -1);
		snprintf(want, sizeof want, "unknown count '%s'", bad[i]);
		assert_string_equal(cause, want);
		free(cause);
		cause = NULL;
	}
}

static void
test_names(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(cards_rank_symbol(1), "A");
	assert_string_equal(cards_rank_symbol(10), "10");
	assert_string_equal(cards_rank_symbol(11), "J");
	assert_string_equal(cards_rank_symbol(13), "K");
	assert_string_equal(cards_rank_plural(12), "queens");
	assert_string_equal(cards_rank_plural(6), "sixes");
	assert_string_equal(cards_rank_plural(1), "aces");
	assert_string_equal(cards_rank_or(13), "or kings");
	assert_string_equal(cards_rank_or(8), "or eights");
	assert_string_equal(cards_count_word(1), "one");
	assert_string_equal(cards_count_word(8), "eight");
	assert_null(cards_count_word(0));
	assert_null(cards_count_word(13));
	cards_declaration(1, 12, buf, sizeof buf);
	assert_string_equal(buf, "one queen");
	cards_declaration(1, 1, buf, sizeof buf);
	assert_string_equal(buf, "one ace");
	cards_declaration(3, 6, buf, sizeof buf);
	assert_string_equal(buf, "three sixes");
	cards_declaration(13, 13, buf, sizeof buf);
	assert_string_equal(buf, "13 kings");
	cards_declaration(3, 6, buf, 6);
	assert_string_equal(buf, "three");
}

static void
test_markup(void **state)
{
	char buf[32];
	struct cards l;
	char *s;

	(void)state;
	cards_markup(cards_id(12, CARDS_HEARTS, 0), buf, sizeof buf);
	assert_string_equal(buf, "{red:Q♥}");
	cards_markup(cards_id(12, CARDS_SPADES, 1), buf, sizeof buf);
	assert_string_equal(buf, "Q♠");
	cards_markup(cards_id(10, CARDS_DIAMONDS, 0), buf, sizeof buf);
	assert_string_equal(buf, "{red:10♦}");
	cards_markup(cards_id(1, CARDS_CLUBS, 0), buf, sizeof buf);
	assert_string_equal(buf, "A♣");
	cards_plain(cards_id(7, CARDS_HEARTS, 0), buf, sizeof buf);
	assert_string_equal(buf, "7♥");

	cards_clear(&l);
	s = cards_list_markup(&l);
	assert_string_equal(s, "");
	free(s);
	cards_add(&l, cards_id(1, CARDS_SPADES, 0));
	cards_add(&l, cards_id(2, CARDS_CLUBS, 0));
	cards_add(&l, cards_id(2, CARDS_DIAMONDS, 0));
	s = cards_list_markup(&l);
	assert_string_equal(s, "A♠ 2♣ {red:2♦}");
	free(s);
	cards_deck(&l, 2);
	s = cards_list_markup(&l);
	assert_true(strlen(s) > 104 * 3);
	free(s);
}

static void
test_list(void **state)
{
	struct cards a, b;
	int i;

	(void)state;
	cards_clear(&a);
	assert_int_equal(a.n, 0);
	cards_add(&a, 5);
	cards_add(&a, 30);
	cards_add(&a, 18);
	assert_int_equal(cards_find(&a, 30), 1);
	assert_int_equal(cards_find(&a, 31), -1);
	assert_int_equal(cards_find_rs(&a, 6, CARDS_DIAMONDS), 2);
	assert_int_equal(cards_find_rs(&a, 6, CARDS_HEARTS), -1);
	assert_int_equal(cards_remove(&a, 30), 0);
	assert_int_equal(cards_remove(&a, 30), -1);
	assert_int_equal(a.n, 2);
	assert_int_equal(a.c[0], 5);
	assert_int_equal(a.c[1], 18);

	/* Appending puts src on top; prepending puts it at the bottom. */
	cards_clear(&b);
	cards_add(&b, 40);
	cards_add(&b, 41);
	cards_append(&a, &b);
	assert_int_equal(a.n, 4);
	assert_int_equal(a.c[2], 40);
	assert_int_equal(a.c[3], 41);
	cards_clear(&b);
	cards_add(&b, 1);
	cards_prepend(&a, &b);
	assert_int_equal(a.n, 5);
	assert_int_equal(a.c[0], 1);
	assert_int_equal(a.c[1], 5);
	assert_int_equal(a.c[4], 41);

	/* Counting by rank spans suits and decks. */
	cards_deck(&a, 2);
	assert_int_equal(a.n, 104);
	for (i = 1; i <= CARDS_RANKS; i++)
		assert_int_equal(cards_count_rank(&a, i), 8);
}

static void
test_sort(void **state)
{
	struct cards l;
	int i, ka, kb;

	(void)state;
	cards_clear(&l);
	cards_add(&l, cards_id(13, CARDS_CLUBS, 0));
	cards_add(&l, cards_id(2, CARDS_SPADES, 1));
	cards_add(&l, cards_id(1, CARDS_HEARTS, 0));
	cards_add(&l, cards_id(2, CARDS_SPADES, 0));
	cards_add(&l, cards_id(2, CARDS_CLUBS, 1));
	cards_sort(&l);
	assert_int_equal(l.c[0], cards_id(1, CARDS_HEARTS, 0));
	assert_int_equal(l.c[1], cards_id(2, CARDS_CLUBS, 1));
	assert_int_equal(l.c[2], cards_id(2, CARDS_SPADES, 0));
	assert_int_equal(l.c[3], cards_id(2, CARDS_SPADES, 1));
	assert_int_equal(l.c[4], cards_id(13, CARDS_CLUBS, 0));

	cards_deck(&l, 2);
	cards_sort(&l);
	for (i = 1; i < l.n; i++) {
		ka = cards_rank(l.c[i - 1]) * 4 + cards_suit(l.c[i - 1]);
		kb = cards_rank(l.c[i]) * 4 + cards_suit(l.c[i]);
		assert_true(ka <= kb);
	}
}

static void
test_rank_step(void **state)
{
	(void)state;
	assert_int_equal(cards_rank_step(CARDS_KING, 1), CARDS_ACE);
	assert_int_equal(cards_rank_step(CARDS_ACE, -1), CARDS_KING);
	assert_int_equal(cards_rank_step(CARDS_ACE, 1), 2);
	assert_int_equal(cards_rank_step(2, -1), CARDS_ACE);
	assert_int_equal(cards_rank_step(7, 0), 7);
	assert_int_equal(cards_rank_step(CARDS_QUEEN, 2), CARDS_ACE);
	assert_int_equal(cards_rank_step(3, -16), CARDS_KING);
	assert_int_equal(cards_rank_step(5, 13), 5);
}

/* One card at a time from the first hand round: the first hands get the
 * odd cards. */
static void
test_deal(void **state)
{
	struct cards deck, hands[3];
	int s;

	(void)state;
	cards_deck(&deck, 1);
	for (s = 0; s < 3; s++)
		cards_clear(&hands[s]);
	cards_deal(&deck, hands, 3, 2);
	assert_int_equal(hands[2].n, 18);
	assert_int_equal(hands[0].n, 17);
	assert_int_equal(hands[1].n, 17);
	assert_int_equal(hands[2].c[0], 0);
	assert_int_equal(hands[0].c[0], 1);
	assert_int_equal(hands[1].c[0], 2);
	assert_int_equal(hands[2].c[1], 3);
	assert_int_equal(hands[2].c[17], 51);
}

static void
test_pick(void **state)
{
	struct cards hand;
	int named[2];

	(void)state;
	cards_clear(&hand);
	cards_add(&hand, cards_id(4, CARDS_HEARTS, 1));
	/* The copy held comes first, then the others, then a repeat. */
	assert_int_equal(cards_pick(&hand, 4, CARDS_HEARTS, 2, NULL, 0),
	    cards_id(4, CARDS_HEARTS, 1));
	named[0] = cards_id(4, CARDS_HEARTS, 1);
	assert_int_equal(cards_pick(&hand, 4, CARDS_HEARTS, 2, named, 1),
	    cards_id(4, CARDS_HEARTS, 0));
	named[1] = cards_id(4, CARDS_HEARTS, 0);
	assert_int_equal(cards_pick(&hand, 4, CARDS_HEARTS, 2, named, 2),
	    cards_id(4, CARDS_HEARTS, 0));
	assert_int_equal(cards_pick(&hand, 9, CARDS_CLUBS, 1, NULL, 0),
	    cards_id(9, CARDS_CLUBS, 0));
}

static void
test_check_held(void **state)
{
	struct cards hand;
	int ids[3];
	char *cause = NULL;

	(void)state;
	cards_clear(&hand);
	cards_add(&hand, cards_id(4, CARDS_HEARTS, 0));
	cards_add(&hand, cards_id(7, CARDS_SPADES, 1));
	ids[0] = cards_id(4, CARDS_HEARTS, 0);
	ids[1] = cards_id(7, CARDS_SPADES, 1);
	assert_int_equal(cards_check_held(&hand, ids, 2, 2, NULL), 0);
	assert_int_equal(cards_check_held(&hand, ids, 2, 1, &cause), -1);
	assert_string_equal(cause, "no card 97");
	free(cause);
	ids[1] = ids[0];
	assert_int_equal(cards_check_held(&hand, ids, 2, 2, &cause), -1);
	assert_string_equal(cause, "'4♥' is named twice");
	free(cause);
	ids[1] = cards_id(4, CARDS_HEARTS, 1);
	assert_int_equal(cards_check_held(&hand, ids, 2, 2, &cause), -1);
	assert_string_equal(cause, "you do not hold another '4♥'");
	free(cause);
	ids[2] = cards_id(7, CARDS_SPADES, 0);
	assert_int_equal(cards_check_held(&hand, ids + 2, 1, 2, &cause), -1);
	assert_string_equal(cause, "you do not hold '7♠'");
	free(cause);
	ids[0] = -1;
	assert_int_equal(cards_check_held(&hand, ids, 1, 2, &cause), -1);
	assert_string_equal(cause, "no card -1");
	free(cause);
}

static void
test_check_all(void **state)
{
	struct cards a, b;
	const struct cards *lists[2] = { &a, &b };
	char *cause = NULL;

	(void)state;
	cards_deck(&a, 2);
	cards_clear(&b);
	while (a.n > 60)
		cards_add(&b, a.c[--a.n]);
	assert_int_equal(cards_check_all(lists, 2, 2, NULL), 0);
	assert_int_equal(cards_check_all(lists, 2, 1, &cause), -1);
	assert_string_equal(cause, "no card 52");
	free(cause);
	cards_add(&b, 7);
	assert_int_equal(cards_check_all(lists, 2, 2, &cause), -1);
	assert_string_equal(cause, "card 7 is there twice");
	free(cause);
	b.n--;
	a.n--;
	assert_int_equal(cards_check_all(lists, 2, 2, &cause), -1);
	assert_string_equal(cause, "card 59 is lost");
	free(cause);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ids),
		cmocka_unit_test(test_parse_card_forms),
		cmocka_unit_test(test_parse_card_bad),
		cmocka_unit_test(test_parse_rank_forms),
		cmocka_unit_test(test_parse_rank_bad),
		cmocka_unit_test(test_parse_count),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_markup),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_sort),
		cmocka_unit_test(test_rank_step),
		cmocka_unit_test(test_deal),
		cmocka_unit_test(test_pick),
		cmocka_unit_test(test_check_held),
		cmocka_unit_test(test_check_all),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
