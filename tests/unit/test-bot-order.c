/*
 * Transcript tests of what the players read, and in which order, now
 * that the queue is a scheduler (bot/lib/queue.c) and no channel text is
 * held back (bot/core/say.c): a CHEATER or Liar's UNO draw is said before
 * the drawer's next move; a move's channel text goes before the private
 * lines it causes, the prompt of the seat to act first among them, in
 * every variant and whether or not a window is open; a call that changes
 * what a prompted seat may do is read after that seat's prompt, and the
 * prompt it causes says "(changed)" once; players who type faster than
 * the bot may speak read each prompt between the move that caused it and
 * the next.  While the bot waits for its flood rate, channel lines
 * waiting together with nobody waiting on them go out as one, joined by
 * QUEUE_SEP, never past the length the server relays with the bot's
 * prefix, never with another channel's lines or a private line.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/lib/harness.h"
#include "games/liarsuno/liarsuno.h"

#define CH "#cheater"
/* bot/core/say.c's room for the server's prefix, for the nick cheaterbot */
#define ROOM (1 + 10 + 1 + 11 + 1 + 63 + 1)

/* How many lines from from on contain s. */
static int
count_from(struct harness *h, int from, const char *s)
{
	int n = 0, i;

	harness_drain(h);
	for (i = from; i < h->nsent; i++)
		n += strstr(harness_plain(h, i), s) != NULL;
	return n;
}

/* The first line from from on to nick (private) containing text. */
static int
private_line(struct harness *h, int from, const char *nick, const char *text)
{
	char to[64];

	snprintf(to, sizeof to, "NOTICE %s :", nick);
	return harness_find(h, from, to, text, NULL);
}

/* A game of variant for alice, bob and carol whose turn seat has typed
 * "!draw": *seat is that seat, *from the first line sent after it. */
static struct harness *
drawn(const char *variant, int *seat, int *from)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct harness *h = harness_new(7, NULL);
	struct table *t;

	harness_deal(h, variant, nicks);
	harness_drain(h);
	t = harness_table(h);
	*seat = harness_turn(h);
	*from = h->nsent;
	harness_say(h, t->seats[*seat].nick, CH, "!draw");
	harness_drain(h);
	return h;
}

/* The draw is a channel line of its own as soon as it is made, before
 * the drawer's next move; so is that move when it comes. */
static void
check_draw_said(const char *variant)
{
	struct harness *h;
	struct table *t;
	char draws[128];
	int seat, from, line, nmoves;

	h = drawn(variant, &seat, &from);
	t = harness_table(h);
	nmoves = t->nmoves;
	assert_int_equal(harness_turn(h), seat);	/* the drawer again */
	snprintf(draws, sizeof draws, "PRIVMSG " CH " :%s draws a card",
	    t->seats[seat].nick);
	line = harness_find(h, from, draws, NULL);
	assert_true(line >= 0);
	assert_int_equal(count_from(h, from, "PRIVMSG " CH " :"), 1);
	assert_null(strstr(harness_plain(h, line), QUEUE_SEP));

	harness_type(h);	/* the rules' default: discard or play */
	harness_drain(h);
	assert_int_equal(t->nmoves, nmoves + 1);
	assert_int_equal(count_from(h, from, "PRIVMSG " CH " :"), 2);
	assert_int_equal(count_from(h, from, "draws a card"), 1);
	harness_free(h);
}

static void
test_cheater_draw_said(void **state)
{
	(void)state;
	check_draw_said("cheater");
}

static void
test_liarsuno_draw_said(void **state)
{
	(void)state;
	check_draw_said("liarsuno");
}

/* The bot at the default rate, its burst spent by the deal: the draw
 * waits for a token, and the discard typed meanwhile (before the
 * drawer's prompt could come) waits for that prompt: the channel reads
 * the draw, the drawer the prompt, then the channel the discard, each
 * once, whatever the player's speed. */
static void
test_typed_faster(void **state)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct harness *h = harness_new(7, NULL);
	struct table *t;
	char draws[128], discards[128];
	int seat, from, i, draw, prompt, discard;

	(void)state;
	queue_set_rate(h->queue, 4, 2000);
	harness_deal(h, "cheater", nicks);
	assert_true(queue_length(h->queue) > 0);	/* waiting already */
	t = harness_table(h);
	seat = harness_turn(h);
	from = h->nsent;
	harness_say(h, t->seats[seat].nick, CH, "!draw");
	harness_type(h);	/* the discard, before anything more went */
	assert_int_equal(count_from(h, from, "PRIVMSG " CH " :"), 0);
	for (i = 0; i < 60 && queue_length(h->queue) > 0; i++)
		harness_advance(h, 1000);
	assert_int_equal(queue_length(h->queue), 0);

	snprintf(draws, sizeof draws, "%s draws a card.", t->seats[seat].nick);
	snprintf(discards, sizeof discards, "%s discards",
	    t->seats[seat].nick);
	draw = harness_find(h, from, "PRIVMSG " CH " :", draws, NULL);
	prompt = private_line(h, from, t->seats[seat].nick, "You draw");
	discard = harness_find(h, from, "PRIVMSG " CH " :", discards, NULL);
	assert_true(draw >= 0 && prompt >= 0 && discard >= 0);
	assert_true(draw < prompt && prompt < discard);
	assert_int_equal(count_from(h, from, discards), 1);
	assert_int_equal(count_from(h, from, draws), 1);
	harness_free(h);
}

/* n bytes of c into buf (size > n). */
static const char *
text_of(char *buf, char c, size_t n)
{
	memset(buf, c, n);
	buf[n] = '\0';
	return buf;
}

/* Lines that waited merge up to the length the server relays with the
 * bot's own prefix (say.c's room for it, by the bot's nick), and no
 * further; another channel's lines and private lines stay apart. */
static void
test_merge_limits(void **state)
{
	struct harness *h = harness_new(1, NULL);
	struct chan *c = chan_find(h->bot, CH), *other;
	size_t head = strlen("PRIVMSG " CH " :"), a = 300;
	size_t b = QUEUE_LINE_MAX - ROOM - head - strlen(QUEUE_SEP) - a;
	char x[QUEUE_LINE_MAX], y[QUEUE_LINE_MAX];
	int from;

	(void)state;
	assert_string_equal(h->bot->nick, "cheaterbot");
	other = chan_get(h->bot, "#other");
	queue_set_rate(h->queue, 1, 1000);
	harness_clear(h);
	say_chan(h->bot, c, "spends the token");
	assert_int_equal(harness_drain(h), 1);

	/* Exactly the limit: one line. */
	from = h->nsent;
	say_chan(h->bot, c, text_of(x, 'a', a));
	assert_int_equal(harness_drain(h), 0);
	say_chan(h->bot, c, text_of(y, 'b', b));
	harness_advance(h, 1000);
	assert_int_equal(h->nsent, from + 1);
	assert_int_equal(strlen(h->sent[from]), QUEUE_LINE_MAX - ROOM);

	/* A byte more: two. */
	say_chan(h->bot, c, text_of(x, 'a', a));
	assert_int_equal(harness_drain(h), 0);
	say_chan(h->bot, c, text_of(y, 'b', b + 1));
	harness_advance(h, 1000);
	harness_advance(h, 1000);
	assert_int_equal(h->nsent, from + 3);
	assert_int_equal(strlen(h->sent[from + 1]), head + a);
	assert_int_equal(strlen(h->sent[from + 2]), head + b + 1);

	/* Another channel and a private line between: each target's lines
	 * merge apart, in order. */
	from = h->nsent;
	say_chan(h->bot, c, "one");
	assert_int_equal(harness_drain(h), 0);
	say_chan(h->bot, other, "elsewhere");
	say_to(h->bot, "bob", 1, c, "yours");
	say_chan(h->bot, c, "two");
	say_chan(h->bot, other, "again");
	harness_advance(h, 1000);
	harness_advance(h, 1000);
	harness_advance(h, 1000);
	assert_int_equal(h->nsent, from + 3);
	assert_true(harness_find(h, from, "PRIVMSG " CH " :one" QUEUE_SEP
	    "two", NULL) >= 0);
	assert_true(harness_find(h, from, "PRIVMSG #other :elsewhere"
	    QUEUE_SEP "again", NULL) >= 0);
	assert_true(harness_find(h, from, " bob :[" CH "] yours", NULL) >= 0);
	assert_int_equal(count_from(h, from, QUEUE_SEP), 2);
	harness_free(h);
}

/* A draw's channel line goes before the drawer's prompt (with a quiet
 * queue, in the same turn of the loop). */
static void
test_channel_before_prompt(void **state)
{
	struct harness *h;
	struct table *t;
	int seat, from, prompt, chan;

	(void)state;
	h = drawn("cheater", &seat, &from);
	t = harness_table(h);
	prompt = private_line(h, from, t->seats[seat].nick, "You draw");
	chan = harness_find(h, from, "PRIVMSG " CH " :", "draws a card",
	    NULL);
	assert_true(prompt >= 0 && chan >= 0);
	assert_true(chan < prompt);
	harness_free(h);
}

static void
drop_text(void *ctx, int seat, const char *text)
{
	(void)ctx;
	(void)seat;
	(void)text;
}

/* Liar's UNO dealt to alice, bob and carol at h's rate, then stacked:
 * alice to play on r7 with ~r5 r3 r8 (bob r4 r9 g2, carol g5 g6 b1).
 * The deal stacked over replaces the one whose first seat was prompted:
 * nobody has been, in this one. */
static struct table *
uno_stacked(struct harness *h)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct liarsuno_deal d = {
		.hands = {"~r5 r3 r8", "r4 r9 g2", "g5 g6 b1"},
		.discard = "r7",
		.first = 0,
	};
	struct game_out out = {drop_text, NULL};
	struct table *t;
	char *cause = NULL;

	harness_deal(h, "liarsuno", nicks);
	t = harness_table(h);
	assert_int_equal(liarsuno_stack(t->g, &d, &out, &cause), 0);
	t->prompted = 0;
	return t;
}

/* Liar's UNO, alice to play on r7: a face-down play opens the window to
 * challenge it, a face-up play opens none; either way its channel line
 * goes before bob's prompt. */
static void
check_uno_order(const char *typed, int window)
{
	struct harness *h = harness_new(3, NULL);
	struct table *t = uno_stacked(h);
	struct game_turn tu;
	int from, prompt, chan;

	from = h->nsent;
	harness_say(h, "alice", "cheaterbot", typed);
	assert_int_equal(t->nmoves, 1);
	t->ops->turn(t->g, &tu);
	assert_int_equal(tu.window != 0, window);
	assert_int_equal(tu.seat, 1);
	prompt = private_line(h, from, "bob", "Your turn");
	chan = harness_find(h, from, "PRIVMSG " CH " :alice plays", NULL);
	assert_true(prompt >= 0 && chan >= 0);
	assert_true(chan < prompt);
	harness_free(h);
}

static void
test_window_order(void **state)
{
	(void)state;
	check_uno_order("play ~r5", 1);
	check_uno_order("play r8", 0);
}

/* Liar's UNO at the default rate, the burst spent: alice lays ~r5 face
 * down as r9 and carol challenges it before bob's prompt could go.  Bob
 * reads his prompt "on r9" before the challenge, then the challenge,
 * then a prompt that says it changed, on r7; nothing about r9 after the
 * challenge reaches him. */
static void
test_no_stale_prompt(void **state)
{
	struct harness *h = harness_new(3, NULL);
	int from, first, call, changed, i;

	(void)state;
	queue_set_rate(h->queue, 4, 2000);
	uno_stacked(h);
	assert_true(queue_length(h->queue) > 0);	/* the deal waits */
	from = h->nsent;
	harness_say(h, "alice", "cheaterbot", "play ~r5 as r9");
	harness_say(h, "carol", CH, "!challenge");
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
	for (i = 0; i < 60 && queue_length(h->queue) > 0; i++)
		harness_advance(h, 1000);
	first = private_line(h, from, "bob", "Your turn, on r9");
	call = harness_find(h, from, "PRIVMSG " CH " :carol challenges alice",
	    NULL);
	changed = private_line(h, from, "bob", "Your turn (changed), on r7");
	assert_true(first >= 0 && call >= 0 && changed >= 0);
	assert_true(first < call && call < changed);
	assert_true(private_line(h, call, "bob", "on r9") < 0);
	assert_int_equal(count_from(h, from, "(changed)"), 1);
	harness_free(h);
}

/* At the default rate, every line waiting: players who act the moment
 * their prompt has come, a draw then the default discard, read each
 * prompt between the channel line of the move that caused it (the draw)
 * and the channel line of their next move (the discard). */
static void
test_fast_players_order(void **state)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct harness *h = harness_new(7, NULL);
	struct game_move mv;
	struct table *t;
	char draws[96], discards[96];
	int from, seat, i, draw, prompt, discard, checked = 0;

	(void)state;
	queue_set_rate(h->queue, 4, 2000);
	harness_deal(h, "cheater", nicks);
	t = harness_table(h);
	from = 0;
	for (i = 0; i < 300 && t->nmoves < 12; i++) {
		seat = harness_turn(h);
		if (seat < 0 ||
		    private_line(h, from, t->seats[seat].nick, "") < 0) {
			harness_advance(h, 2000);
			continue;
		}
		from = h->nsent;
		t->ops->timeout(t->g, &mv);
		if (mv.seat == seat)
			harness_type(h);
		else
			harness_say(h, t->seats[seat].nick, CH, "!draw");
	}
	assert_true(t->nmoves >= 12);
	for (i = 0; i < 60 && queue_length(h->queue) > 0; i++)
		harness_advance(h, 2000);
	assert_int_equal(queue_length(h->queue), 0);
	for (seat = 0; seat < 3; seat++) {
		snprintf(draws, sizeof draws, "%s draws", nicks[seat]);
		snprintf(discards, sizeof discards, "%s discards",
		    nicks[seat]);
		for (draw = harness_find(h, 0, "PRIVMSG " CH " :", draws,
		    NULL); draw >= 0; draw = harness_find(h, draw + 1,
		    "PRIVMSG " CH " :", draws, NULL)) {
			prompt = private_line(h, draw, nicks[seat],
			    "You draw");
			discard = harness_find(h, draw, "PRIVMSG " CH " :",
			    discards, NULL);
			if (discard < 0)
				continue;	/* the game's last move */
			assert_true(prompt > draw && prompt < discard);
			checked++;
		}
	}
	assert_true(checked >= 3);
	harness_free(h);
}

/* Each card put for a Wild Liar's Challenge and turned over is said at
 * once, though the WLC's player alone turns the next: the channel waits
 * for its verdict (with the hold, it had waited for the next "challenge
 * NICK"). */
static void
test_turned_card_at_once(void **state)
{
	static const char *const nicks[] = { "alice", "bob", "carol", "dave",
	    NULL };
	struct liarsuno_deal d = {
		.hands = { "WLC y2 ~g5", "~g3 r1", "r5 y6", "b2 g7" },
		.discard = "y9", .draw = "b1 b3", .first = 0,
	};
	struct game_out out = {drop_text, NULL};
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
	assert_true(harness_find(h, from, "PRIVMSG #cheater :alice turns "
	    "over dave's card: b2, not red! dave takes it back and draws a "
	    "card.", NULL) >= 0);
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cheater_draw_said),
		cmocka_unit_test(test_liarsuno_draw_said),
		cmocka_unit_test(test_typed_faster),
		cmocka_unit_test(test_merge_limits),
		cmocka_unit_test(test_channel_before_prompt),
		cmocka_unit_test(test_window_order),
		cmocka_unit_test(test_no_stale_prompt),
		cmocka_unit_test(test_fast_players_order),
		cmocka_unit_test(test_turned_card_at_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
