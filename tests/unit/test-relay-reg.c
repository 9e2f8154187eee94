/*
 * Registration over the wire: the session (bot/net/session.c,
 * session-cap.c) as the relay carries it out, against a scripted server
 * (tests/lib/relay-wire.h), so that what the session asks for is what
 * the server gets, in that order, ahead of the queue or through it: CAP
 * negotiation (an offer over two lines, ACK, NAK, nothing wanted, a
 * server without CAP), CAP lines kept from the core, the nick cascade
 * before 001, and taking the primary nick back after it when its holder
 * quits or changes nick or an ISON reply shows it free, without a cascade
 * on a late 433.  tests/unit/test-irc-session.c covers the session alone,
 * action by action.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bot/net/relay-int.h"
#include "bot/net/relay.h"
#include "tests/lib/relay-wire.h"

static void
test_cap_negotiated(void **state)
{
	struct wire *w = *state;

	wire_hello(w);
	wire_send(w, ":irc.test CAP * LS * :multi-prefix sasl=PLAIN,EXTERNAL "
	             "account-notify");
	wire_quiet(w);
	wire_send(w, ":irc.test CAP * LS :extended-join=x away-notify");
	wire_expect(w, "CAP REQ :extended-join account-notify away-notify");
	wire_send(w, ":irc.test CAP * ACK :extended-join account-notify "
	             "away-notify");
	wire_expect(w, "CAP END");
	wire_send(w, ":irc.test 001 cheaterbot :Welcome");
	wire_expect_event(w, "001 irc.test [cheaterbot] [Welcome]");

	/* CAP lines after registration stay with the relay too. */
	wire_send(w, ":irc.test CAP cheaterbot NEW :chghost");
	wire_send(w, ":irc.test CAP cheaterbot DEL :account-notify");
	wire_send(w, ":n!u@h PRIVMSG #c :after");
	wire_expect_event(w, "PRIVMSG n!u@h [#c] [after]");
	wire_quiet(w);
}

static void
test_cap_refused(void **state)
{
	struct wire *w = *state;

	wire_hello(w);
	wire_send(w, ":irc.test CAP * LS :account-notify");
	wire_expect(w, "CAP REQ :account-notify");
	wire_send(w, ":irc.test CAP * NAK :account-notify");
	wire_expect(w, "CAP END");
	wire_send(w, ":irc.test 001 cheaterbot :Welcome");
	wire_expect_event(w, "001 irc.test [cheaterbot] [Welcome]");
	assert_int_equal(w->connected, 1);
}

static void
test_no_cap(void **state)
{
	struct wire *w = *state;

	wire_hello(w);
	wire_send(w, ":irc.test 421 * CAP :Unknown command");
	wire_send(w, ":irc.test 001 cheaterbot :Welcome");
	wire_expect_event(w, "001 irc.test [cheaterbot] [Welcome]");
	assert_int_equal(w->connected, 1);
	wire_quiet(w);
}

static void
test_cap_ignored(void **state)
{
	struct wire *w = *state;

	wire_hello(w);
	wire_send(w, ":irc.test 001 cheaterbot :Welcome");
	wire_expect_event(w, "001 irc.test [cheaterbot] [Welcome]");
	assert_int_equal(w->connected, 1);
	wire_quiet(w);
}

static void
test_nick_cascade(void **state)
{
	struct wire *w = *state;

	wire_hello(w);
	wire_send(w, ":irc.test 433 * cheaterbot :Nickname already in use");
	wire_expect(w, "NICK cheaterbot_");
	wire_send(w, ":irc.test 433 * cheaterbot_ :Nickname already in use");
	wire_expect(w, "NICK cheaterbot__");
	wire_send(w, ":irc.test 433 * cheaterbot__ :Nickname already in use");
	wire_expect(w, "NICK cheaterbot2");
	wire_register(w, "cheaterbot2");
}

static void
test_regain_on_quit(void **state)
{
	struct wire *w = *state;

	wire_hello(w);
	wire_send(w, ":irc.test 433 * cheaterbot :Nickname already in use");
	wire_expect(w, "NICK cheaterbot_");
	wire_register(w, "cheaterbot_");
	wire_send(w, ":someone!u@h QUIT :bye");
	wire_quiet(w);
	wire_send(w, ":cheaterbot!u@h QUIT :bye");
	wire_expect(w, "NICK cheaterbot");
	wire_send(w, ":cheaterbot!u@h QUIT :bye");
	wire_quiet(w);
	wire_send(w, ":cheaterbot_!u@h NICK :cheaterbot");
	wire_expect_event(w, "QUIT someone!u@h [bye]");
	wire_expect_event(w, "QUIT cheaterbot!u@h [bye]");
	wire_expect_event(w, "QUIT cheaterbot!u@h [bye]");
	wire_expect_event(w, "NICK cheaterbot_!u@h [cheaterbot]");
	/* Back on the primary: no more asking. */
	wire_advance(w, SESSION_ISON_MS * 2);
	wire_quiet(w);
}

static void
test_regain_on_nick(void **state)
{
	struct wire *w = *state;

	wire_hello(w);
	wire_send(w, ":irc.test 433 * cheaterbot :Nickname already in use");
	wire_expect(w, "NICK cheaterbot_");
	wire_register(w, "cheaterbot_");
	/* A change of case keeps the nick held. */
	wire_send(w, ":cheaterbot!u@h NICK :CheaterBot");
	wire_quiet(w);
	wire_send(w, ":CheaterBot!u@h NICK :elsewhere");
	wire_expect(w, "NICK cheaterbot");
}

static void
test_regain_by_ison(void **state)
{
	struct wire *w = *state;

	wire_hello(w);
	wire_send(w, ":irc.test 433 * cheaterbot :Nickname already in use");
	wire_expect(w, "NICK cheaterbot_");
	wire_register(w, "cheaterbot_");
	wire_advance(w, SESSION_ISON_MS - 1);
	wire_quiet(w);
	wire_advance(w, 1);
	wire_expect(w, "ISON cheaterbot");
	wire_send(w, ":irc.test 303 cheaterbot_ :cheaterbot");
	wire_quiet(w);
	wire_advance(w, SESSION_ISON_MS);
	wire_expect(w, "ISON cheaterbot");
	wire_send(w, ":irc.test 303 cheaterbot_ :");
	wire_expect(w, "NICK cheaterbot");
	wire_send(w, ":irc.test 433 cheaterbot_ cheaterbot :Nickname in use");
	wire_quiet(w);
	assert_int_equal(w->connected, 1);
	assert_int_equal(w->disconnected, 0);
	wire_advance(w, SESSION_ISON_MS);
	wire_expect(w, "ISON cheaterbot");
	/* A primary the server calls erroneous is given up. */
	wire_send(w, ":irc.test 432 cheaterbot_ cheaterbot :Erroneous nick");
	wire_advance(w, SESSION_ISON_MS);
	wire_quiet(w);
}

int
main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, wire_setup, wire_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_cap_negotiated),
	    T(test_cap_refused),
	    T(test_no_cap),
	    T(test_cap_ignored),
	    T(test_nick_cascade),
	    T(test_regain_on_quit),
	    T(test_regain_on_nick),
	    T(test_regain_by_ison),
	};
#undef T

	return cmocka_run_group_tests_name("relay-reg", tests, NULL, NULL);
}
