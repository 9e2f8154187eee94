/*
 * libFuzzer target: the bot core's command path with a game being played,
 * as the bot reads it from the server (tests/lib/harness.h: the real
 * session, libircclient, core, queue and SQLite store, no socket to a
 * server).  Each line of the input is one event, its first byte saying
 * whose and what kind:
 *
 *   bits 0-2  the sender: oper, alice, bob, carol, dave (the seated ones
 *             are alice, bob, carol and for some variants dave), mallory
 *             (a stranger), or the player whose turn it is;
 *   bit 3     to the bot in private, else to #cheater;
 *   bit 4     the rest is a whole raw line from the server, any command;
 *   bit 5     first, the seat to move types the rules' default move (so
 *             games go on between the noise);
 *   bit 6     then the clock moves on by a few seconds (timers fire).
 *
 * Every line goes through the code the bot runs on a line it reads
 * (bot/net/relay-link.h: sanitized, parsed, shown to the session, handed to
 * libircclient, whose events reach the core).  Whatever comes in, every
 * line the bot queues must be at most 510 bytes without CR, LF or NUL
 * (the queue asserts it too), and the game at the table must pass
 * invariants().
 * The bot lives across inputs, as it does on a network; when no game is
 * running one is dealt (the input's first byte picks the variant), and a
 * bot that cannot deal any more (kicked out by a raw line) is replaced.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "bot/net/ircline.h"
#include "tests/fuzz/fuzz.h"
#include "tests/lib/harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const nicks[] = {
	"oper", "alice", "bob", "carol", "dave", "mallory",
};
#define NNICKS (sizeof nicks / sizeof nicks[0])

static struct harness *h;

/* Seats alice, bob, carol (and dave) at a game of ops, as harness_deal()
 * does, without aborting when a lobby left open by the noise gets in the
 * way.  1 if a game runs. */
static int
deal(const struct game_ops *ops)
{
	char cmd[64];
	int n = ops->min_seats > 3 ? ops->min_seats : 3, i;

	snprintf(cmd, sizeof cmd, "!play %s", ops->name);
	for (i = 1; i <= n; i++) {
		harness_say(h, nicks[i], "cheaterbot", "set colour off");
		harness_say(h, nicks[i], "#cheater", i == 1 ? cmd : "!join");
	}
	harness_say(h, nicks[1], "#cheater", "!start");
	harness_clear(h);
	return harness_table(h) != NULL &&
	    harness_table(h)->state == TABLE_PLAYING;
}

/* The seat to move types the rules' default move where it may. */
static void
type_default(void)
{
	struct table *t = harness_table(h);
	struct game_move mv;
	struct game_turn tu;

	if (t == NULL || t->state != TABLE_PLAYING)
		return;
	t->ops->turn(t->g, &tu);
	t->ops->timeout(t->g, &mv);
	if (tu.over || mv.seat < 0 ||
	    t->ops->command(t->g, &mv, (char[1024]){ 0 }, 1024) < 0) {
		harness_advance(h, (uint64_t)h->conf.challenge_min_ms + 1);
		return;
	}
	harness_type(h);
}

/* Every line the bot queued is one it may send. */
static void
check_sent(void)
{
	size_t len;
	int i;

	harness_drain(h);
	for (i = 0; i < h->nsent; i++) {
		len = strlen(h->sent[i]);
		assert(len > 0 && len <= QUEUE_LINE_MAX);
		assert(strpbrk(h->sent[i], "\r\n") == NULL);
	}
	harness_clear(h);
}

static void
one_event(unsigned how, const char *text)
{
	struct table *t;
	char raw[2 * IRCLINE_READ_MAX], who[64];
	struct game_turn tu;
	const char *nick = nicks[(how & 7) % NNICKS];
	int n;

	/* The default move may end the game and free the table. */
	if (how & 0x20)
		type_default();
	t = harness_table(h);
	if ((how & 7) >= NNICKS && t != NULL && t->state == TABLE_PLAYING) {
		t->ops->turn(t->g, &tu);
		if (tu.seat >= 0)
			nick = t->seats[tu.seat].nick;
	}
	snprintf(who, sizeof who, "%s!%s@test.host", nick, nick);
	if (how & 0x10)
		n = snprintf(raw, sizeof raw, "%s", text);
	else
		n = snprintf(raw, sizeof raw, ":%s PRIVMSG %s :%s", who,
		    how & 8 ? "cheaterbot" : "#cheater", text);
	harness_raw(h, raw,
	    (size_t)n < sizeof raw ? (size_t)n : sizeof raw - 1);
	if (how & 0x40)
		harness_advance(h, 1000 * (uint64_t)(how >> 7 | 1));
	check_sent();
}

/* At the run's exit (libFuzzer ends with exit()), the harness freed and
 * its temporary directory removed: once registered, whichever harness h
 * is then. */
static void
fuzz_command_free(void)
{
	harness_free(h);
	h = NULL;
}

static void
fuzz_command_at_exit(void)
{
	static int registered;

	if (!registered && atexit(fuzz_command_free) == 0)
		registered = 1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	const struct game_ops *ops;
	struct table *t;
	char line[IRCLINE_READ_MAX];
	unsigned how;
	int n = 0;

	while (game_table[n] != NULL)
		n++;
	ops = game_table[fuzz_below(&in, (unsigned)n)];
	if (h == NULL) {
		h = harness_new(1, NULL);
		fuzz_command_at_exit();
	}
	t = harness_table(h);
	if ((t == NULL || t->state != TABLE_PLAYING) && !deal(ops)) {
		harness_free(h);
		h = harness_new(1, NULL);
		if (!deal(ops))
			abort();
	}
	while (in.n > 0) {
		how = fuzz_byte(&in);
		if (fuzz_line(&in, line, sizeof line) != 0)
			line[0] = '\0';
		one_event(how, line);
		t = harness_table(h);
		if (t != NULL && t->state == TABLE_PLAYING)
			fuzz_invariants(t->ops, t->g);
	}
	return 0;
}
