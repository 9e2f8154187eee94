/*
 * Transcript tests of the league's commands in the bot core
 * (tests/lib/harness.c): Cheat games played to their end by default
 * moves rate their players, and !rating (provisional until
 * league.provisional games, then the place on the board; one game or
 * every game rated), !top GAME rating and !top rating say what the
 * ratings are, each figure worked out here from the games' results with
 * rating_update().  Three instant leaves through the bot: the one who
 * stayed is not rated by them, the one who left is rated as docs/league.md
 * works it out.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/rating.h"
#include "storage/store.h"
#include "tests/lib/harness.h"
#include "tests/lib/store-files.h"

#define CH "#cheater"
#define PROVISIONAL 2

static const char *const three[] = { "alice", "bob", "carol", NULL };

/* Each player's rating as the results say it should be. */
struct expect {
	const char *nick;
	struct rating r;
	int games;
};

static void
tune(struct conf *c)
{
	c->league_provisional = PROVISIONAL;
}

/* Plays Cheat among three by default moves to its end. */
static void
play(struct harness *h)
{
	harness_play_game(h, "cheat", three, 2000);
	assert_null(harness_table(h));
}

/* Moves the expected ratings by the places of the game that finished
 * last, a seat that left ranked last. */
static void
expect_game(struct harness *h, struct expect *e)
{
	char out[1024], nick[64], *p, *end;
	struct rating r[3];
	int place[3], who[3], i, j, n = 0, last = 0;

	if (store_files_cli(h->db, "SELECT p.nick, r.place FROM results AS r"
	    " JOIN players AS p ON p.id = r.player"
	    " WHERE r.game = (SELECT max(game) FROM results)"
	    " ORDER BY r.seat", out, sizeof out) != 0)
		fail_msg("sqlite3: %s", out);
	for (p = out; *p != '\0'; p = end + (*end != '\0')) {
		end = p + strcspn(p, "\n");
		assert_true(n < 3);
		assert_int_equal(sscanf(p, "%63[^|]|%d", nick, &place[n]), 2);
		for (j = 0; j < 3 && strcmp(e[j].nick, nick) != 0; j++)
			;
		assert_true(j < 3);
		who[n] = j;
		r[n] = e[j].r;
		if (place[n] > last)
			last = place[n];
		n++;
	}
	assert_int_equal(n, 3);
	for (i = 0; i < 3; i++) {
		if (place[i] == 0)
			place[i] = last + 1;
	}
	assert_int_equal(rating_update(r, place, 3), 0);
	for (i = 0; i < 3; i++) {
		e[who[i]].r = r[i];
		e[who[i]].games++;
	}
}

/* nick says text in the channel; the one reply there is want. */
static void
expect_reply(struct harness *h, const char *nick, const char *text,
    const char *want)
{
	char line[1024];

	harness_clear(h);
	harness_say(h, nick, CH, text);
	harness_drain(h);
	snprintf(line, sizeof line, "PRIVMSG " CH " :%s", want);
	if (h->nsent != 1)
		harness_dump(h);
	assert_int_equal(h->nsent, 1);
	assert_string_equal(harness_plain(h, 0), line);
}

/* "27.4 ± 6.1 (conservative 9.1)" */
static void
figures(char *out, size_t size, const struct rating *r)
{
	snprintf(out, size, "%.1f \xc2\xb1 %.1f (conservative %.1f)", r->mu,
	    r->sigma, rating_ordinal(r));
}

/* Whether a ranks before b on the board. */
static int
before(const struct expect *a, const struct expect *b)
{
	double oa = rating_ordinal(&a->r), ob = rating_ordinal(&b->r);

	if (oa != ob)
		return oa > ob;
	if (a->games != b->games)
		return a->games > b->games;
	return strcmp(a->nick, b->nick) < 0;
}

static void
test_rating(void **state)
{
	struct harness *h = harness_new(7, tune);
	struct expect e[3] = {{"alice", {0, 0}, 0}, {"bob", {0, 0}, 0},
	    {"carol", {0, 0}, 0}};
	const struct expect *order[3], *tmp;
	char want[1024], fig[128], row[256];
	int i, j;

	(void)state;
	for (i = 0; i < 3; i++)
		rating_new(&e[i].r);
	expect_reply(h, "alice", "!rating", "alice has no rated game yet.");
	expect_reply(h, "alice", "!rating cheat",
	    "alice has no rated game of Cheat yet.");

	play(h);
	expect_game(h, e);
	figures(fig, sizeof fig, &e[0].r);
	snprintf(want, sizeof want, "alice, Cheat: rating %s, provisional: "
	    "1 of %d games.", fig, PROVISIONAL);
	expect_reply(h, "bob", "!rating cheat alice", want);
	snprintf(want, sizeof want, "Top Cheat, rating (at least %d games): "
	    "nobody yet.", PROVISIONAL);
	expect_reply(h, "bob", "!top cheat rating", want);

	play(h);
	expect_game(h, e);
	for (i = 0; i < 3; i++)
		order[i] = &e[i];
	for (i = 0; i < 3; i++) {
		for (j = i + 1; j < 3; j++) {
			if (before(order[j], order[i])) {
				tmp = order[i];
				order[i] = order[j];
				order[j] = tmp;
			}
		}
	}
	snprintf(want, sizeof want, "Top Cheat, rating (at least %d games):",
	    PROVISIONAL);
	for (i = 0; i < 3; i++) {
		snprintf(row, sizeof row, "%s %d. %s (%.1f: %.1f \xc2\xb1 %.1f,"
		    " 2 games)", i > 0 ? "," : "", i + 1, order[i]->nick,
		    rating_ordinal(&order[i]->r), order[i]->r.mu,
		    order[i]->r.sigma);
		strcat(want, row);
	}
	expect_reply(h, "alice", "!top cheat rating", want);
	for (i = 0; order[i] != &e[1]; i++)
		;
	figures(fig, sizeof fig, &e[1].r);
	snprintf(want, sizeof want, "bob, Cheat: rating %s, 2 games, %d%s on "
	    "the board.", fig, i + 1, i == 0 ? "st" : i == 1 ? "nd" : "rd");
	expect_reply(h, "carol", "!rating bob cheat", want);
	/* Every game rated, in one line. */
	figures(fig, sizeof fig, &e[2].r);
	for (i = 0; order[i] != &e[2]; i++)
		;
	snprintf(want, sizeof want, "carol's ratings: Cheat %s, 2 games, %d%s "
	    "on the board.", fig, i + 1, i == 0 ? "st" : i == 1 ? "nd" : "rd");
	expect_reply(h, "carol", "!rating", want);
	expect_reply(h, "carol", "!top rating",
	    "Ratings are per game: !top GAME rating.");
	expect_reply(h, "carol", "!rating dave cheesedog",
	    "dave has no rated game of Cheesedog yet.");
	harness_free(h);
}

/* bob sits down at alice's Cheat game and leaves it at once, three
 * times: each game a forfeit, won by nobody.  alice, who stayed, has no
 * rated game; bob lost each to her, 18.18 +- 7.61 after the three, the
 * figures worked out by hand in test-store-rating.c. */
static void
test_instant_leaves(void **state)
{
	static const char *const two[] = { "alice", "bob", NULL };
	struct harness *h = harness_new(7, tune);
	int i;

	(void)state;
	for (i = 0; i < 3; i++) {
		harness_clear(h);
		harness_deal(h, "cheat", two);
		harness_say(h, "bob", CH, "!leave");
		harness_say(h, "bob", CH, "!leave");
		harness_drain(h);
		assert_true(harness_find(h, 0, "alice wins Cheat by forfeit",
		    NULL) >= 0);
		assert_null(harness_table(h));
	}
	expect_reply(h, "carol", "!rating alice cheat",
	    "alice has no rated game of Cheat yet.");
	expect_reply(h, "carol", "!rating bob cheat", "bob, Cheat: rating "
	    "18.2 \xc2\xb1 7.6 (conservative -4.6), 3 games, 1st on the "
	    "board.");
	expect_reply(h, "carol", "!top cheat rating", "Top Cheat, rating (at "
	    "least 2 games): 1. bob (-4.6: 18.2 \xc2\xb1 7.6, 3 games)");
	harness_free(h);
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rating),
		cmocka_unit_test(test_instant_leaves),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
