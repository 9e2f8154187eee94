/*
 * Transcript tests of titles in the bot core (tests/lib/harness.c): what
 * the end of a game announces when it earns titles.
 *
 * No variant in game_table[] declares titles yet, so the end of a game is
 * played by a Cheat table whose rules are swapped for a copy with titles
 * and a result the test chooses.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/table-int.h"
#include "storage/store.h"
#include "tests/lib/harness.h"

#define CH "#cheater"

/* The cheater variant's titles, and one more to say "a" and "still". */
static const struct game_title titles[] = {
	{ "excellent", "Excellent Cheater", 0, 2, 0 },
	{ "ultimate", "Ultimate Cheater", 1, 2, 0 },
	{ "infinite", "Infinite Cheater", 1, 3, 1 },
	{ "lucky", "Lucky Player", 0, 3, 1 },
	{ NULL, NULL, 0, 0, 0 },
};

/* The result titled_result() gives: the seat that won, with detail. */
static int result_winner;
static const char *result_detail;

static void
titled_result(const struct game *g, struct game_result *r)
{
	int i;

	(void)g;
	r->nseats = 2;
	r->winner = result_winner;
	r->loser = -1;
	for (i = 0; i < 2; i++)
		r->place[i] = i == result_winner ? 1 : 2;
	snprintf(r->detail[result_winner], sizeof r->detail[0], "%s",
	    result_detail != NULL ? result_detail : "");
}

/* Cheat with the titles above and titled_result(). */
static struct game_ops titled;

/* Deals Cheat to alice and bob and ends it at once with winner's win in
 * detail, as the variant of titles would; abandoned first in the store
 * when stopped is set, so that the result cannot be saved.  The index of
 * the first line sent after the deal. */
static int
finish(struct harness *h, int winner, const char *detail, int stopped)
{
	static const char *const nicks[] = { "alice", "bob", NULL };
	struct table *t;
	int from;

	harness_deal(h, "cheat", nicks);
	t = harness_table(h);
	titled = *t->ops;
	titled.titles = titles;
	titled.result = titled_result;
	t->ops = &titled;
	result_winner = winner;
	result_detail = detail;
	if (stopped)
		assert_int_equal(store_game_abandon(h->store, t->game_id,
		    "test", NULL), 0);
	harness_drain(h);
	from = h->nsent;
	table_finish(t);
	harness_drain(h);
	assert_null(harness_table(h));
	return from;
}

/* Expects the channel lines sent from line from on: the end of the game,
 * then the titles (NULL: none), plain. */
static void
expect_end(struct harness *h, int from, const char *over, const char *line)
{
	char want[512];
	int i, n = 0;

	for (i = from; i < h->nsent; i++) {
		if (strncmp(h->sent[i], "PRIVMSG " CH " :", 18) != 0)
			continue;
		snprintf(want, sizeof want, "PRIVMSG " CH " :%s",
		    n == 0 ? over : line);
		if (n > 1 || (n == 1 && line == NULL))
			fail_msg("one line too many: %s", harness_plain(h, i));
		assert_string_equal(harness_plain(h, i), want);
		n++;
	}
	assert_int_equal(n, line != NULL ? 2 : 1);
}

static void
test_titles_announced(void **state)
{
	struct harness *h = harness_new(1, NULL);
	int from;

	(void)state;
	from = finish(h, 0, "blue", 0);
	expect_end(h, from, "Game over! alice wins Cheat.", NULL);
	from = finish(h, 0, "red", 0);
	expect_end(h, from, "Game over! alice wins Cheat (2 in a row).",
	    "alice is now an Excellent Cheater (2 wins in a row)!");
	/* The titles are bold. */
	assert_non_null(strstr(h->sent[h->nsent - 1],
	    "an \002Excellent Cheater\002 ("));
	from = finish(h, 0, "red", 0);
	expect_end(h, from, "Game over! alice wins Cheat (3 in a row).",
	    "alice is now an Ultimate Cheater (2 wins in a row in red) and a "
	    "Lucky Player (3 wins in a row)!");
	from = finish(h, 0, "red", 0);
	expect_end(h, from, "Game over! alice wins Cheat (4 in a row).",
	    "alice is now an Infinite Cheater (3 wins in a row in red) and "
	    "still a Lucky Player (4 wins in a row)!");
	from = finish(h, 0, "red", 0);
	expect_end(h, from, "Game over! alice wins Cheat (5 in a row).",
	    "alice is still an Infinite Cheater (4 wins in a row in red) and "
	    "a Lucky Player (5 wins in a row)!");

	/* The second seat's titles name its player. */
	from = finish(h, 1, "yellow", 0);
	expect_end(h, from, "Game over! bob wins Cheat.", NULL);
	from = finish(h, 1, "yellow", 0);
	expect_end(h, from, "Game over! bob wins Cheat (2 in a row).",
	    "bob is now an Excellent Cheater (2 wins in a row) and an "
	    "Ultimate Cheater (2 wins in a row in yellow)!");

	/* A result that could not be saved earned nothing anyone knows. */
	from = finish(h, 1, "yellow", 1);
	assert_true(harness_find(h, from, "Game over! bob wins Cheat", NULL)
	    >= 0);
	assert_int_equal(harness_find(h, from, "bob is", NULL), -1);
	assert_int_equal(harness_find(h, from, "Lucky", NULL), -1);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_titles_announced),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
