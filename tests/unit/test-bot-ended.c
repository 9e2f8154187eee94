/*
 * A move typed just after its game ended (bot/core/ended.c), transcripts
 * on tests/lib/harness.c: any command of the variant that just ended in
 * a channel, typed there by anyone, or in private by one of its players,
 * is answered in one line, tagged with the channel, that the game is
 * over, for ENDED_MS after the end and until a new lobby opens there;
 * then it is an unknown command again.  A stopped game is over too, and
 * "!play GAME" still opens a lobby at once.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "bot/core/table.h"
#include "tests/lib/harness.h"

#define CH "#cheater"
#define OVER "the Cheat game is over: !play cheat starts another"

static const char *const two[] = { "alice", "bob", NULL };

/* nick types text to target; the one line it is answered with must hold
 * want. */
static void
answered(struct harness *h, const char *nick, const char *target,
    const char *text, const char *want)
{
	harness_clear(h);
	harness_say(h, nick, target, text);
	if (harness_drain(h) != 1 || harness_find(h, 0, want, NULL) != 0) {
		harness_dump(h);
		fail_msg("%s: %s: no single \"%s\"", nick, text, want);
	}
}

/* No game is over any more: a move of Cheat is an unknown command in
 * the channel, and nick's in private is no game's. */
static void
not_over(struct harness *h, const char *nick)
{
	char want[64];

	answered(h, "bob", CH, "!cheat", "NOTICE bob :[#cheater] unknown "
	    "command 'cheat'");
	snprintf(want, sizeof want, "NOTICE %s :you are not in a game", nick);
	answered(h, nick, "cheaterbot", "play 4h", want);
}

/* A finished game: its moves, in the channel by anyone and in private by
 * its players, are over for ENDED_MS; then unknown again. */
static void
test_finished(void **state)
{
	struct harness *h = harness_new(3, NULL);

	(void)state;
	harness_play_game(h, "cheat", two, 2000);
	assert_null(harness_table(h));
	answered(h, "bob", CH, "!cheat", "NOTICE bob :[#cheater] " OVER);
	answered(h, "carol", CH, "!bs", "NOTICE carol :[#cheater] " OVER);
	answered(h, "alice", "cheaterbot", "play 4h as 4",
	    "NOTICE alice :[#cheater] " OVER);
	answered(h, "bob", "cheaterbot", "!cheat",
	    "NOTICE bob :[#cheater] " OVER);
	/* Not a player of it: nothing to be told in private. */
	answered(h, "dave", "cheaterbot", "play 4h", "NOTICE dave :you are "
	    "not in a game");
	/* Other commands are themselves. */
	answered(h, "bob", CH, "!zap", "NOTICE bob :[#cheater] unknown "
	    "command 'zap'");
	/* The game ended when its last move was made, at most the
	 * challenge window's minimum before the clock stopped. */
	harness_advance(h, ENDED_MS - (uint64_t)h->conf.challenge_min_ms -
	    1000);
	answered(h, "bob", CH, "!cheat", OVER);
	harness_advance(h, (uint64_t)h->conf.challenge_min_ms + 1000);
	not_over(h, "alice");
	harness_free(h);
}

/* A new lobby: the channel is about the next game; "!play GAME" opens
 * it however soon after the end. */
static void
test_next_lobby(void **state)
{
	struct harness *h = harness_new(3, NULL);

	(void)state;
	harness_play_game(h, "cheat", two, 2000);
	answered(h, "alice", CH, "!play cheater", "PRIVMSG #cheater :alice "
	    "opens a CHEATER lobby");
	not_over(h, "bob");
	harness_free(h);
}

/* A stopped game is over too; a variant whose play may be typed in the
 * channel has its !play WORDS told so, and !play alone. */
static void
test_stopped(void **state)
{
	struct harness *h = harness_new(3, NULL);

	(void)state;
	harness_deal(h, "liarsuno", two);
	harness_say(h, "oper", CH, "!stop");
	assert_null(harness_table(h));
	answered(h, "alice", CH, "!play r5", "NOTICE alice :[#cheater] the "
	    "Liar's UNO game is over: !play liarsuno starts another");
	answered(h, "bob", CH, "!play", "the Liar's UNO game is over");
	answered(h, "bob", "cheaterbot", "challenge", "NOTICE bob :[#cheater] "
	    "the Liar's UNO game is over");
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_finished),
		cmocka_unit_test(test_next_lobby),
		cmocka_unit_test(test_stopped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
