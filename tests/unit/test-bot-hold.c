/*
 * Transcript tests of the held channel text (bot/say.c, say_chan_hold()):
 * a move after which its mover alone must move again (a CHEATER draw) is
 * announced with the channel's next line, never after it, and nothing
 * private waits for it; a call whose caller goes on alone (a card turned
 * over for a Wild Liar's Challenge) is said at once.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/liarsuno.h"
#include "tests/lib/harness.h"

#define CH "#cheater"

/* A CHEATER game of alice, bob and carol whose turn seat has typed
 * "draw": *seat is that seat, *from the first line sent after it. */
static struct harness *
drawn(int *seat, int *from)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct harness *h = harness_new(7, NULL);
	struct table *t;

	harness_deal(h, "cheater", nicks);
	harness_drain(h);
	t = harness_table(h);
	*seat = harness_turn(h);
	*from = h->nsent;
	harness_say(h, t->seats[*seat].nick, CH, "!draw");
	harness_drain(h);
	return h;
}

/* How many lines from from on contain s. */
static int
count_from(struct harness *h, int from, const char *s)
{
	int n = 0, i;

	for (i = from; i < h->nsent; i++)
		n += strstr(harness_plain(h, i), s) != NULL;
	return n;
}

/* The draw waits for the discard's line; the drawer's private text does
 * not wait for anything. */
static void
test_draw_joins_discard(void **state)
{
	struct harness *h;
	struct table *t;
	char draws[128], prompt[128];
	int seat, from, line;

	(void)state;
	h = drawn(&seat, &from);
	t = harness_table(h);
	assert_true(game_continues(t->ops, t->g, seat));
	snprintf(draws, sizeof draws, "PRIVMSG #cheater :%s draws a card.",
	    t->seats[seat].nick);
	assert_int_equal(count_from(h, from, "PRIVMSG #cheater :"), 0);
	snprintf(prompt, sizeof prompt, "%s :[#cheater] You draw",
	    t->seats[seat].nick);
	assert_true(harness_find(h, from, prompt, NULL) >= 0);

	harness_type(h);	/* the default discard: the card drawn */
	harness_drain(h);
	assert_false(game_continues(t->ops, t->g, seat));
	line = harness_find(h, from, draws, NULL);
	assert_true(line >= 0);
	/* One line: the draw, a space, the discard's text. */
	snprintf(draws, sizeof draws, "draws a card. %s ",
	    t->seats[seat].nick);
	assert_non_null(strstr(harness_plain(h, line), draws));
	assert_int_equal(count_from(h, from, "PRIVMSG #cheater :"), 1);
	harness_free(h);
}

/* Any channel line says the held text first: here a !status reply. */
static void
test_reply_after_held(void **state)
{
	struct harness *h;
	struct table *t;
	char draws[128];
	int seat, from, line;

	(void)state;
	h = drawn(&seat, &from);
	t = harness_table(h);
	harness_say(h, "dave", CH, "!status");
	harness_drain(h);
	snprintf(draws, sizeof draws, "PRIVMSG #cheater :%s draws a card. ",
	    t->seats[seat].nick);
	line = harness_find(h, from, draws, NULL);
	assert_true(line >= 0);
	assert_int_equal(count_from(h, from, "PRIVMSG #cheater :"), 1);
	/* Said once: the discard's line does not repeat it. */
	harness_type(h);
	harness_drain(h);
	assert_int_equal(count_from(h, from, "draws a card"), 1);
	assert_int_equal(count_from(h, from, "PRIVMSG #cheater :"), 2);
	harness_free(h);
}

/* A slow drawer's turn warning lets the channel see the draw, first. */
static void
test_warning_releases(void **state)
{
	struct harness *h;
	struct table *t;
	char draws[128], warn[128];
	int seat, from, line, warned;

	(void)state;
	h = drawn(&seat, &from);
	t = harness_table(h);
	snprintf(draws, sizeof draws, "PRIVMSG #cheater :%s draws a card.",
	    t->seats[seat].nick);
	harness_advance(h, (uint64_t)(h->conf.turn_ms - h->conf.turn_warn_ms -
	    1));
	assert_true(harness_find(h, from, draws, NULL) < 0);
	harness_advance(h, 1);
	snprintf(warn, sizeof warn, "%s :[#cheater] ", t->seats[seat].nick);
	line = harness_find(h, from, draws, NULL);
	warned = harness_find(h, from, warn, "left for your turn", NULL);
	assert_true(line >= 0 && warned >= 0);
	assert_true(line < warned);
	/* Alone: the draw is all the line says. */
	assert_string_equal(strstr(harness_plain(h, line), "PRIVMSG"), draws);
	harness_free(h);
}

static void
drop_text(void *ctx, int seat, const char *text)
{
	(void)ctx;
	(void)seat;
	(void)text;
}

/* A card put for a Wild Liar's Challenge and turned over is said at
 * once, though the WLC's player alone turns the next: the channel waits
 * for its verdict (it was held until the next "challenge NICK"). */
static void
test_turned_card_at_once(void **state)
{
	static const char *const nicks[] = { "alice", "bob", "carol", "dave",
	    NULL };
	struct liarsuno_deal d = {
		.hands = { "WLC y2 ~g5", "~g3 r1", "r5 y6", "b2 g7" },
		.discard = "y9", .draw = "b1 b3", .first = 0,
	};
	struct game_out out = { drop_text, NULL };
	struct harness *h = harness_new(7, NULL);
	struct table *t;
	char *cause = NULL;
	int from;

	(void)state;
	harness_deal(h, "liarsuno", nicks);
	t = harness_table(h);
	assert_int_equal(liarsuno_stack(t->g, &d, &out, &cause), 0);
	harness_say(h, "alice", CH, "!play WLC red");
	harness_say(h, "bob", "cheaterbot", "put r1");
	harness_say(h, "carol", "cheaterbot", "put r5");
	harness_say(h, "dave", "cheaterbot", "put b2");
	harness_drain(h);
	assert_true(harness_find(h, 0, "All cards are in", NULL) >= 0);
	from = h->nsent;
	harness_say(h, "alice", CH, "!challenge dave");
	harness_drain(h);
	assert_true(game_continues(t->ops, t->g, 0));
	assert_true(harness_find(h, from, "PRIVMSG #cheater :alice turns "
	    "over dave's card: b2, not red! dave takes it back and draws a "
	    "card.", NULL) >= 0);
	/* The next is a line of its own. */
	from = h->nsent;
	harness_say(h, "alice", "cheaterbot", "challenge bob");
	harness_drain(h);
	assert_int_equal(count_from(h, from, "PRIVMSG #cheater :"), 1);
	assert_true(harness_find(h, from, "PRIVMSG #cheater :alice turns "
	    "over bob's card: r1, red! Under the WLC go the cards of bob, "
	    "carol.", "bob to play.", NULL) >= 0);
	assert_int_equal(count_from(h, 0, "turns over dave's card"), 1);
	harness_free(h);
}

/* n words of "w" into buf: a text of 2n-1 bytes. */
static void
words(char *buf, int n, char w)
{
	int i;

	for (i = 0; i < n; i++) {
		buf[2 * i] = w;
		buf[2 * i + 1] = ' ';
	}
	buf[2 * n - 1] = '\0';
}

/* Short texts join; a held and a new text that do not fit one line go
 * as lines of their own, in order; a hold that would overflow the held
 * text says it first.  The text left held at the end is freed with the
 * bot (ASan would see a leak). */
static void
test_join_and_split(void **state)
{
	struct harness *h = harness_new(1, NULL);
	struct chan *c = chan_find(h->bot, CH);
	char a[401], b[401];
	int from;

	(void)state;
	assert_non_null(c);
	harness_clear(h);
	say_chan_hold(h->bot, c, "one");
	say_chan_hold(h->bot, c, "two");
	assert_int_equal(harness_drain(h), 0);
	say_chan(h->bot, c, "three");
	assert_int_equal(harness_drain(h), 1);
	assert_string_equal(h->sent[0], "PRIVMSG #cheater :one two three");

	words(a, 200, 'a');
	words(b, 200, 'b');
	from = h->nsent;
	say_chan_hold(h->bot, c, a);
	say_chan(h->bot, c, b);
	assert_int_equal(harness_drain(h), 2);
	assert_non_null(strstr(h->sent[from], a));
	assert_null(strchr(h->sent[from], 'b'));
	assert_non_null(strstr(h->sent[from + 1], b));

	from = h->nsent;
	say_chan_hold(h->bot, c, a);
	say_chan_hold(h->bot, c, b);
	assert_int_equal(harness_drain(h), 1);
	assert_non_null(strstr(h->sent[from], a));
	say_chan_release(h->bot, c);
	assert_int_equal(harness_drain(h), 1);
	assert_non_null(strstr(h->sent[from + 1], b));
	say_chan_release(h->bot, c);
	assert_int_equal(harness_drain(h), 0);

	say_chan_hold(h->bot, c, "left held");
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_draw_joins_discard),
		cmocka_unit_test(test_reply_after_held),
		cmocka_unit_test(test_warning_releases),
		cmocka_unit_test(test_turned_card_at_once),
		cmocka_unit_test(test_join_and_split),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
