/*
 * Transcript tests of what the channel hears, and when, now that no
 * channel text is held back (bot/core/say.c): a CHEATER or Liar's UNO draw is
 * said before the drawer's next move; while the bot waits for its flood
 * rate, channel lines waiting together go out as one, joined by
 * QUEUE_JOIN (bot/lib/queue.c), never past the length the server relays with
 * the bot's prefix, never with another channel's lines or a private line.
 * The prompt of the player to act goes before the move's channel text
 * unless a challenge window is open (bot/core/table.c), so that a player who
 * acts on it at once has the next move's text join the waiting one.
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
#include "games/liarsuno.h"

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
	assert_null(strstr(harness_plain(h, line), QUEUE_JOIN));

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
 * waits for a token, the discard typed meanwhile joins it, and the line
 * goes as soon as the token comes. */
static void
test_merged_while_waiting(void **state)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct harness *h = harness_new(7, NULL);
	struct table *t;
	char draws[128], discards[128];
	const char *line, *join;
	size_t len;
	int seat, from, i, at;

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
	for (i = 0; i < 30 && queue_length(h->queue) > 0; i++)
		harness_advance(h, 1000);
	assert_int_equal(queue_length(h->queue), 0);

	snprintf(draws, sizeof draws, "%s draws a card.", t->seats[seat].nick);
	snprintf(discards, sizeof discards, "%s discards",
	    t->seats[seat].nick);
	at = harness_find(h, from, draws, NULL);
	assert_true(at >= 0);
	/* (the deal's line, still waiting too, went with them; when it
	 * leaves no room for the discard, that leads the next line) */
	line = strstr(harness_plain(h, at), draws);
	if ((join = strstr(line, QUEUE_JOIN)) != NULL)
		assert_ptr_equal(strstr(line, discards),
		    join + strlen(QUEUE_JOIN));
	else {
		len = strlen(harness_plain(h, at));
		for (i = at + 1; strncmp(h->sent[i], "PRIVMSG " CH " :",
		    strlen("PRIVMSG " CH " :")) != 0; i++)
			assert_true(i + 1 < h->nsent);
		assert_int_equal(strncmp(harness_plain(h, i) +
		    strlen("PRIVMSG " CH " :"), discards, strlen(discards)),
		    0);
		/* The two would pass what a line may hold once relayed. */
		assert_true(len + strlen(QUEUE_JOIN) +
		    strlen(harness_plain(h, i)) - strlen("PRIVMSG " CH " :") >
		    400);
	}
	assert_int_equal(count_from(h, from, discards), 1);
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
	size_t b = QUEUE_LINE_MAX - ROOM - head - strlen(QUEUE_JOIN) - a;
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
	assert_string_equal(h->sent[from], "PRIVMSG " CH " :one" QUEUE_JOIN
	    "two");
	assert_string_equal(h->sent[from + 1], "PRIVMSG #other :elsewhere"
	    QUEUE_JOIN "again");
	assert_non_null(strstr(h->sent[from + 2], " bob :[" CH "] yours"));
	assert_null(strstr(h->sent[from + 2], QUEUE_JOIN));
	harness_free(h);
}

/* The first line from from on to nick (private) containing text. */
static int
private_line(struct harness *h, int from, const char *nick, const char *text)
{
	char to[64];

	snprintf(to, sizeof to, "NOTICE %s :", nick);
	return harness_find(h, from, to, text, NULL);
}

/* No window open after a draw: the drawer's prompt goes first, the
 * channel's line right after it (with a quiet queue, in the same
 * turn of the loop). */
static void
test_prompt_before_draw(void **state)
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
	assert_true(prompt < chan);
	harness_free(h);
}

static void
drop_text(void *ctx, int seat, const char *text)
{
	(void)ctx;
	(void)seat;
	(void)text;
}

/* Liar's UNO, alice to play on r7: a face-down play opens the window to
 * challenge it, so its channel line goes before bob's prompt; a face-up
 * play opens none, and bob's prompt goes first. */
static void
check_uno_order(const char *typed, int window)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct liarsuno_deal d = {
		.hands = {"~r5 r3 r8", "r4 r9 g2", "g5 g6 b1"},
		.discard = "r7",
		.first = 0,
	};
	struct game_out out = {drop_text, NULL};
	struct harness *h = harness_new(3, NULL);
	struct game_turn tu;
	struct table *t;
	char *cause = NULL;
	int from, prompt, chan;

	harness_deal(h, "liarsuno", nicks);
	t = harness_table(h);
	assert_int_equal(liarsuno_stack(t->g, &d, &out, &cause), 0);
	from = h->nsent;
	harness_say(h, "alice", "cheaterbot", typed);
	assert_int_equal(t->nmoves, 1);
	t->ops->turn(t->g, &tu);
	assert_int_equal(tu.window != 0, window);
	assert_int_equal(tu.seat, 1);
	prompt = private_line(h, from, "bob", "Your turn");
	chan = harness_find(h, from, "PRIVMSG " CH " :alice plays", NULL);
	assert_true(prompt >= 0 && chan >= 0);
	assert_int_equal(chan < prompt, window);
	harness_free(h);
}

static void
test_window_order(void **state)
{
	(void)state;
	check_uno_order("play ~r5", 1);
	check_uno_order("play r8", 0);
}

/* At the default rate, every line waiting: players who act as soon as
 * their prompt comes have each move's text join the one before it that
 * still waits, so a turn of draws and discards costs fewer channel lines
 * than moves. */
static void
test_fast_players_merge(void **state)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct harness *h = harness_new(7, NULL);
	struct game_move mv;
	struct table *t;
	int from, dealt, chan, seat, i;

	(void)state;
	queue_set_rate(h->queue, 4, 2000);
	harness_deal(h, "cheater", nicks);
	t = harness_table(h);
	from = 0;
	/* Each player moves the moment its prompt has come: a draw, then
	 * the rules' default discard; the bucket lets a line go every 2 s
	 * meanwhile. */
	for (i = 0; i < 200 && t->nmoves < 12; i++) {
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
	dealt = harness_find(h, 0, "PRIVMSG " CH " :CHEATER for 3", NULL);
	assert_true(dealt >= 0);
	chan = count_from(h, dealt, "PRIVMSG " CH " :");
	/* Unmerged, the deal's line and one a move; merged, at most half
	 * as many (the deal's waited behind its own burst). */
	assert_true(2 * chan <= 1 + t->nmoves);
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
		cmocka_unit_test(test_merged_while_waiting),
		cmocka_unit_test(test_merge_limits),
		cmocka_unit_test(test_prompt_before_draw),
		cmocka_unit_test(test_window_order),
		cmocka_unit_test(test_fast_players_merge),
		cmocka_unit_test(test_turned_card_at_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
