/*
 * Unit tests of the relay's link (bot/net/relay.c, bot/net/relay-link.c) against
 * a scripted server (tests/lib/relay-wire.h): lines the core recognises
 * by itself reach it whole through libircclient (extended JOIN, ACCOUNT,
 * WHOX 354, long 005 lines split to fit libircclient's 10 parameters),
 * DCC requests dropped before libircclient and other CTCP requests passed
 * to the core,
 * the dead-link check with its exact times, a goodbye that lasts until
 * the server closes, and the backoff computation.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "bot/net/irc-glue.h"
#include "bot/net/net.h"
#include "bot/net/relay-int.h"
#include "bot/net/relay.h"
#include "tests/lib/relay-wire.h"

static void
test_events_intact(void **state)
{
	struct wire *w = *state;

	wire_hello(w);
	wire_register(w, "cheaterbot");
	wire_send(w, ":n!u@h JOIN #chan acct :Real Name");
	wire_expect_event(w, "JOIN n!u@h [#chan] [acct] [Real Name]");
	wire_send(w, ":n!u@h JOIN #chan * :Real Name");
	wire_expect_event(w, "JOIN n!u@h [#chan] [*] [Real Name]");
	wire_send(w, ":n!u@h ACCOUNT acct");
	wire_expect_event(w, "ACCOUNT n!u@h [acct]");
	wire_send(w, ":n!u@h ACCOUNT *");
	wire_expect_event(w, "ACCOUNT n!u@h [*]");
	wire_send(w, ":srv 354 cheaterbot 152 #chan user host nick H acct "
	             ":Real Name");
	wire_expect_event(w, "354 srv [cheaterbot] [152] [#chan] [user] "
	                     "[host] [nick] [H] [acct] [Real Name]");
	wire_send(w, ":srv 005 cheaterbot A B C D E F G H I J K L WHOX "
	             ":are supported by this server");
	wire_expect_event(w, "005 srv [cheaterbot] [A] [B] [C] [D] [E] [F] "
	                     "[G] [H] [are supported by this server]");
	wire_expect_event(w, "005 srv [cheaterbot] [I] [J] [K] [L] [WHOX] "
	                     "[are supported by this server]");
	wire_send(w, ":srv 005 cheaterbot WHOX :are supported");
	wire_expect_event(w, "005 srv [cheaterbot] [WHOX] [are supported]");
}

/* DCC requests never reach libircclient (whose DCC code would act on
 * them), whatever their case, in a PRIVMSG or a NOTICE; other CTCP
 * requests reach the core as CTCP events, libircclient's own answers
 * never going out. */
static void
test_dcc_dropped(void **state)
{
	static const char *const dcc[] = {
	    ":n!u@h PRIVMSG cheaterbot :\001DCC SEND f.txt 2130706433 5000 "
	    "10\001",
	    ":n!u@h PRIVMSG cheaterbot :\001dcc CHAT chat 2130706433 5001\001",
	    ":n!u@h NOTICE cheaterbot :\001DCC SEND x 1 2 3\001",
	};
	static const char version[] = ":n!u@h PRIVMSG cheaterbot :\001VERSION"
	    "\001";
	struct wire *w = *state;
	struct relay_link *l;
	size_t before, i;

	wire_hello(w);
	wire_register(w, "cheaterbot");
	/* What the link would write for libircclient: nothing of a DCC
	 * request (the test of the drop itself: libircclient would show
	 * nothing either way), the VERSION request whole. */
	l = w->relay->link;
	assert_non_null(l);
	for (i = 0; i < sizeof dcc / sizeof dcc[0]; i++) {
		before = irc_glue_waiting(l->glue);
		assert_int_equal(relay_link_line(l, dcc[i], strlen(dcc[i]),
		    w->now), 0);
		assert_int_equal(irc_glue_waiting(l->glue), before);
	}
	before = irc_glue_waiting(l->glue);
	assert_int_equal(relay_link_line(l, version, strlen(version), w->now),
	    0);
	assert_true(irc_glue_waiting(l->glue) > before);
	wire_expect_event(w, "CTCP n!u@h [VERSION]");
	/* The same over the wire. */
	wire_send(w, ":n!u@h PRIVMSG cheaterbot :\001DCC SEND f.txt "
	             "2130706433 5000 10\001");
	wire_send(w, ":n!u@h PRIVMSG cheaterbot :\001dcc CHAT chat "
	             "2130706433 5001\001");
	wire_send(w, ":n!u@h NOTICE cheaterbot :\001DCC SEND x 1 2 3\001");
	wire_send(w, ":n!u@h PRIVMSG cheaterbot :\001VERSION\001");
	wire_expect_event(w, "CTCP n!u@h [VERSION]");
	wire_send(w, ":n!u@h PRIVMSG cheaterbot :\001PING 42\001");
	wire_expect_event(w, "CTCP n!u@h [PING 42]");
	/* Only the core answers, through the queue: the relay wrote
	 * nothing of libircclient's. */
	wire_quiet(w);
}

static void
test_dead_link(void **state)
{
	struct wire *w = *state;
	uint64_t retry, lo;

	w->conf.ping_ms = 60000;
	w->conf.dead_ms = 120000;
	wire_hello(w);
	wire_register(w, "cheaterbot");
	wire_advance(w, 59999);
	wire_quiet(w);
	wire_advance(w, 1);
	wire_expect(w, "PING :keepalive");
	wire_send(w, ":irc.test PONG irc.test :keepalive");
	wire_run(w, 20);
	/* Without that PONG the link would end here. */
	wire_advance(w, 60000);
	wire_expect(w, "PING :keepalive");
	assert_int_equal(w->disconnected, 0);
	wire_advance(w, 59999);
	wire_quiet(w);
	assert_int_equal(w->disconnected, 0);
	wire_advance(w, 1);
	assert_int_equal(w->disconnected, 1);
	wire_run(w, WIRE_QUIET_MS);
	assert_int_equal(w->fd, -1);

	lo = (uint64_t)w->conf.reconnect_min_ms;
	retry = relay_next(w->relay, w->now);
	assert_true(retry >= w->now + lo * 8 / 10);
	assert_true(retry <= w->now + lo * 12 / 10);
	wire_advance(w, retry - w->now - 1);
	assert_int_equal(w->fd, -1);
	wire_advance(w, 1);
	wire_hello(w);
}

static void
test_backoff(void **state)
{
	static const int want[] = {
	    10000, 20000, 40000, 80000, 160000, 300000, 300000};
	struct rng rng;
	int base, wait, i, seed, lowest = 1 << 30, highest = 0;

	(void)state;
	for (seed = 0; seed < 500; seed++) {
		rng_seed(&rng, (uint64_t)seed);
		base = 0;
		for (i = 0; i < (int)(sizeof want / sizeof want[0]); i++) {
			wait = net_backoff(&base, 10000, 300000, &rng);
			assert_true(wait >= want[i] * 8 / 10);
			assert_true(wait <= want[i] * 12 / 10);
			assert_true(wait <= 300000);
			if (i == 0 && wait < lowest)
				lowest = wait;
			if (i == 0 && wait > highest)
				highest = wait;
		}
		base = 1000;
		wait = net_backoff(&base, 1000, 2000, &rng);
		assert_true(wait >= 1000 && wait <= 1200);
		assert_int_equal(base, 2000);
		wait = net_backoff(&base, 1000, 2000, &rng);
		assert_true(wait >= 1600 && wait <= 2000);
		/* A reload lowered max below the wait reached. */
		base = 300000;
		wait = net_backoff(&base, 1000, 5000, &rng);
		assert_true(wait >= 4000 && wait <= 5000);
		assert_int_equal(base, 5000);
	}
	/* The jitter spreads over the whole range. */
	assert_true(lowest < 8200);
	assert_true(highest > 11800);
}

/* A goodbye lasts until the server closes: after QUIT the relay keeps
 * its side open (relay_pending() stays 1), so that the server reads the
 * QUIT before any close of the bot's; once the server has answered and
 * closed, the goodbye is over, and no next connection is planned. */
static void
test_quit_waits_for_close(void **state)
{
	struct wire *w = *state;

	wire_hello(w);
	wire_register(w, "cheaterbot");
	relay_quit(w->relay, "bye");
	wire_expect(w, "QUIT :bye");
	assert_true(relay_pending(w->relay));
	wire_run(w, 100);
	assert_true(relay_pending(w->relay));
	assert_true(w->fd >= 0); /* the relay has not closed its side */
	wire_send(w, "ERROR :Closing link: (cheater@127.0.0.1) [Quit: bye]");
	close(w->fd);
	w->fd = -1;
	wire_run(w, 100);
	assert_false(relay_pending(w->relay));
	assert_true(relay_next(w->relay, w->now) == UINT64_MAX);
}

int
main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, wire_setup, wire_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_events_intact),
	    T(test_dcc_dropped),
	    T(test_dead_link),
	    T(test_quit_waits_for_close),
	    cmocka_unit_test(test_backoff),
	};
#undef T

	return cmocka_run_group_tests_name("relay-link", tests, NULL, NULL);
}
