/*
 * Random input at the bot core: thousands of commands, real and garbled,
 * from players and strangers, in the channel and in private, with the
 * clock moving.  Nothing may crash (the sanitizers watch), every line the
 * bot sends must be one clean line within the limit, and the game's own
 * invariants must hold after every input.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/lib/buf.h"
#include "tests/lib/harness.h"
#include "games/rng.h"

static const char *const nicks[] = { "alice", "bob", "carol", "dave",
	"oper" };
static const char *const words[] = { "!play", "!join", "!start", "!leave",
	"!stop", "!hand", "!status", "!cheat", "!bs", "!stats", "!top",
	"!help", "!rules", "!set", "!games", "play", "cheat", "hand", "as",
	"4h", "10♥", "qs", "Q♠", "ah", "as", "two", "queens", "kings", "three",
	"cheat", "decks=2", "loser=1", "colour", "off", "on", "%s%n", "'; --",
	"\x03" "04red", "\x01VERSION\x01", "zz", "99", "-1", "", "!",
	"verylongwordverylongwordverylongwordverylongwordverylongword" };

/* A random command line of up to 8 words. */
static void
random_text(struct rng *r, char *out, size_t size)
{
	size_t used = 0, n = 1 + rng_below(r, 8), i;
	const char *w;

	out[0] = '\0';
	for (i = 0; i < n; i++) {
		w = words[rng_below(r, sizeof words / sizeof words[0])];
		used += (size_t)snprintf(out + used, size - used, "%s%s",
		    i > 0 ? " " : "", w);
		if (used >= size)
			break;
	}
}

static void
check_sent(struct harness *h)
{
	int i;

	harness_drain(h);
	for (i = 0; i < h->nsent; i++) {
		assert_true(strlen(h->sent[i]) <= QUEUE_LINE_MAX);
		assert_null(strchr(h->sent[i], '\r'));
		assert_null(strchr(h->sent[i], '\n'));
	}
	harness_clear(h);
}

static void
check_game(struct harness *h)
{
	struct table *t = harness_table(h);
	char *cause = NULL;

	if (t == NULL || t->state != TABLE_PLAYING)
		return;
	if (t->ops->invariants(t->g, &cause) != 0)
		fail_msg("invariants broken: %s", cause);
}

/* Now and then moves the table along as players would: opens a lobby,
 * sits in, deals.  Returns 1 if it said something. */
static int
steer(struct harness *h, const char *nick)
{
	struct table *t = harness_table(h);

	if (t == NULL)
		harness_say(h, nick, "#cheater", "!play cheat");
	else if (t->state == TABLE_LOBBY && t->nseats < 3)
		harness_say(h, nick, "#cheater", "!join");
	else if (t->state == TABLE_LOBBY)
		harness_say(h, t->seats[t->opener].nick, "#cheater", "!start");
	else
		return 0;
	return 1;
}

static void
test_random_input(void **state)
{
	struct harness *h = harness_new(42, NULL);
	struct rng r;
	char text[512];
	const char *nick;
	int i, moves = 0, last = 0;

	(void)state;
	rng_seed(&r, 4242);
	for (i = 0; i < 20000; i++) {
		nick = nicks[rng_below(&r, 5)];
		random_text(&r, text, sizeof text);
		if (rng_below(&r, 4) == 0 && steer(h, nick))
			continue;
		if (harness_turn(h) >= 0 && rng_below(&r, 3) == 0)
			harness_play(h);
		else
			harness_say(h, nick, rng_below(&r, 3) == 0 ?
			    "cheaterbot" : "#cheater", text);
		if (rng_below(&r, 10) == 0)
			harness_advance(h, rng_below(&r, 40000));
		check_game(h);
		if (harness_table(h) != NULL &&
		    harness_table(h)->state == TABLE_PLAYING)
			moves += harness_table(h)->nmoves != last;
		last = harness_table(h) != NULL ? harness_table(h)->nmoves : 0;
		if (h->nsent > 1000 || i % 64 == 0)
			check_sent(h);
	}
	check_sent(h);
	/* The input must have reached games, not only refusals. */
	assert_true(chan_find(h->bot, "#cheater")->deals >= 3);
	assert_true(moves >= 20);
	harness_free(h);
}

/* Messages the core must ignore or survive: no origin, no text, a CTCP,
 * from the bot itself, numerics and events with missing parameters. */
static void
test_odd_events(void **state)
{
	struct harness *h = harness_new(1, NULL);
	const char *p1[] = { "#cheater" };
	const char *p2[] = { "#cheater", "!games" };
	const char *p0[1] = { NULL };

	(void)state;
	bot_event(h->bot, "PRIVMSG", NULL, p2, 2, h->now);
	bot_event(h->bot, "PRIVMSG", "alice!a@h", p1, 1, h->now);
	bot_event(h->bot, "PRIVMSG", "alice", p2, 2, h->now);
	bot_event(h->bot, "PRIVMSG", "cheaterbot!b@h", p2, 2, h->now);
	bot_event(h->bot, "JOIN", NULL, p0, 0, h->now);
	bot_event(h->bot, "KICK", "oper!o@h", p1, 1, h->now);
	bot_event(h->bot, "MODE", "oper!o@h", p1, 1, h->now);
	bot_event(h->bot, "NICK", "alice!a@h", p0, 0, h->now);
	bot_event(h->bot, "353", "irc.test", p1, 1, h->now);
	bot_event(h->bot, NULL, NULL, p0, 0, h->now);
	harness_line(h, ":alice!a@h PRIVMSG #cheater :\001ACTION !games\001");
	harness_line(h, ":oper!o@h MODE #cheater +o-o+l alice bob");
	harness_line(h, ":oper!o@h MODE #cheater +l");
	assert_int_equal(harness_drain(h), 0);
	harness_free(h);
}

/* A command is read to its last word: a play of more cards than the 63
 * the bot once cut a line to (64 words, the rest dropped, so another move
 * was made than the one typed) reaches the word at its end, and a text of
 * more words than any IRC line holds is refused whole. */
static void
test_many_words(void **state)
{
	static const char *const players[] = { "alice", "bob", "carol",
		NULL };
	struct harness *h = harness_new(1, NULL);
	struct buf line = BUF_INIT;
	const char *params[2];
	int i;

	(void)state;
	harness_deal(h, "cheesedog", players);
	buf_adds(&line, "play");
	for (i = 0; i < 70; i++)
		buf_adds(&line, " 5h");
	buf_adds(&line, " zz");
	harness_clear(h);
	harness_say(h, harness_table(h)->seats[harness_turn(h)].nick,
	    "cheaterbot", buf_str(&line));
	harness_drain(h);
	assert_true(harness_find(h, 0, "unknown card 'zz'", NULL) >= 0);

	buf_reset(&line);
	for (i = 0; i < 300; i++)
		buf_adds(&line, "x ");
	params[0] = "cheaterbot";
	params[1] = buf_str(&line);
	harness_clear(h);
	bot_event(h->bot, "PRIVMSG", "dave!dave@test.host", params, 2,
	    h->now);
	harness_drain(h);
	assert_int_equal(h->nsent, 1);
	assert_true(harness_find(h, 0, "dave", "too many words", NULL) >= 0);
	buf_free(&line);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_input),
		cmocka_unit_test(test_odd_events),
		cmocka_unit_test(test_many_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
