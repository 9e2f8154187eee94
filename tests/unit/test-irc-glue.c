/*
 * Unit tests of the libircclient glue (bot/net/irc-glue.h) and of what it
 * hands libircclient (bot/net/irc-feed.h), with no server: lines go in parsed,
 * as the link gives them, and the events libircclient makes of them come
 * out of the sink, through the real libircclient and its socket pair.
 *
 * irc_feed(): the lines libircclient would mishandle dropped (DCC in any
 * case, a lone \001, a PRIVMSG or NOTICE without text, a NICK without
 * prefix, the numeric 000), a space after a bare command, a long 005
 * split with every token kept, any other line cut to IRC_PARAMS_MAX
 * parameters, the message left as it came.  The glue: messages keep their target (private ones
 * too), an ACTION comes back as the PRIVMSG it was, another CTCP request
 * as a CTCP event with its text and no target (libircclient keeps 127
 * bytes of either), a CTCP reply not at all, numerics as three digits,
 * commands libircclient does not know under their own name, and nothing
 * libircclient writes (its registration) reaches the queue.  Lines written
 * to libircclient are parsed in the next turn without asking poll()
 * (irc_glue_fed()), and only those: once parsed, the glue is not fed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/net/irc-feed.h"
#include "bot/net/irc-glue.h"
#include "bot/net/ircline.h"
#include "bot/net/outbuf.h"
#include "bot/lib/queue.h"

#define EVENTS_MAX 64

struct fx {
	struct irc_glue *glue;
	struct queue *queue;
	char *events[EVENTS_MAX]; /* "COMMAND origin [p0] [p1] ..." */
	int nevents, nread;
	uint64_t at; /* the time the last event came with */
};

static void
on_event(void *arg, const char *command, const char *origin,
    const char **params, unsigned int count, uint64_t now)
{
	struct fx *f = arg;
	char buf[2048];
	size_t n;
	unsigned int i;

	n = (size_t)snprintf(buf, sizeof buf, "%s %s", command,
	    origin != NULL ? origin : "-");
	for (i = 0; i < count && n < sizeof buf; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, " [%s]",
		    params[i] != NULL ? params[i] : "(null)");
	assert_true(n < sizeof buf);
	assert_true(f->nevents < EVENTS_MAX);
	f->events[f->nevents] = strdup(buf);
	assert_non_null(f->events[f->nevents]);
	f->nevents++;
	f->at = now;
}

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	struct irc_sink sink = {on_event, f};
	char *cause = NULL;

	if (f == NULL)
		return -1;
	f->queue = queue_new(4, 2000);
	f->glue = irc_glue_new(&sink, f->queue, &cause);
	if (f->glue == NULL) {
		fprintf(stderr, "glue: %s\n", cause);
		free(cause);
		return -1;
	}
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;
	int i;

	irc_glue_free(f->glue);
	queue_free(f->queue);
	for (i = 0; i < f->nevents; i++)
		free(f->events[i]);
	free(f);
	return 0;
}

/* What irc_feed() writes for raw, CR LF shown as "|". */
static const char *
fed(const char *raw)
{
	static char shown[2048];
	static struct ircline m;
	struct outbuf o = OUTBUF_INIT;
	size_t i, n;

	assert_int_equal(ircline_parse(&m, raw, strlen(raw)), 0);
	irc_feed(&m, &o);
	n = outbuf_left(&o);
	assert_true(n < sizeof shown);
	for (i = 0; i < n; i++)
		shown[i] = outbuf_head(&o)[i] == '\r' ? '|'
		    : outbuf_head(&o)[i] == '\n' ? '|' : outbuf_head(&o)[i];
	shown[n] = '\0';
	outbuf_free(&o);
	return shown;
}

static void
test_feed_dropped(void **state)
{
	(void)state;
	assert_string_equal(fed(":n!u@h PRIVMSG bot :\001DCC SEND f 1 2 3\001"),
	    "");
	assert_string_equal(fed(":n!u@h PRIVMSG bot :\001dcc CHAT chat 1 2"
	    "\001"), "");
	assert_string_equal(fed(":n!u@h NOTICE bot :\001DCC SEND x 1 2 3\001"),
	    "");
	assert_string_equal(fed(":n!u@h PRIVMSG #c :\001"), "");
	assert_string_equal(fed(":n!u@h NOTICE #c"), "");
	assert_string_equal(fed(":n!u@h PRIVMSG #c"), "");
	assert_string_equal(fed("NICK :new"), "");
	assert_string_equal(fed(":n!u@h NICK"), "");
	assert_string_equal(fed("000 x"), "");
	assert_string_equal(fed(":srv 000 bot :x"), "");
	/* What is near them is kept. */
	assert_string_equal(fed(":n!u@h PRIVMSG bot :\001DCCX\001"),
	    ":n!u@h PRIVMSG bot \001DCCX\001||");
	assert_string_equal(fed(":n!u@h PRIVMSG #c :\001\001"),
	    ":n!u@h PRIVMSG #c \001\001||");
	assert_string_equal(fed(":n!u@h NICK :new"), ":n!u@h NICK new||");
	assert_string_equal(fed(":srv 001 bot :hi"), ":srv 001 bot hi||");
}

/* A line is written again from its parsed form: a space after a bare
 * command, a ':' only where one is needed. */
static void
test_feed_written(void **state)
{
	(void)state;
	assert_string_equal(fed(":x!u@h QUIT"), ":x!u@h QUIT ||");
	assert_string_equal(fed(":irc.test 001"), ":irc.test 001 ||");
	assert_string_equal(fed(":n!u@h PRIVMSG   #c   :two words"),
	    ":n!u@h PRIVMSG #c :two words||");
	assert_string_equal(fed(":n!u@h PRIVMSG #c :"),
	    ":n!u@h PRIVMSG #c :||");
	assert_string_equal(fed(":n!u@h PRIVMSG #c ::colon"),
	    ":n!u@h PRIVMSG #c ::colon||");
}

/* A 005 of more than 10 parameters becomes lines of the nick, up to 8
 * tokens and the closing text; any other line keeps its first 10. */
static void
test_feed_params(void **state)
{
	static const char isupport[] = ":srv 005 bot A B C D E F G H I J K L "
	    "WHOX :are supported";
	static struct ircline m;
	struct outbuf o = OUTBUF_INIT;

	(void)state;
	assert_string_equal(fed(isupport),
	    ":srv 005 bot A B C D E F G H :are supported|"
	    "|:srv 005 bot I J K L WHOX :are supported||");
	assert_string_equal(fed(":srv 005 bot WHOX :are supported"),
	    ":srv 005 bot WHOX :are supported||");
	assert_string_equal(fed(":srv 999 a b c d e f g h i j k l :end"),
	    ":srv 999 a b c d e f g h i j||");
	/* m as it came. */
	assert_int_equal(ircline_parse(&m, isupport, strlen(isupport)), 0);
	irc_feed(&m, &o);
	assert_int_equal(m.nparams, 15);
	assert_string_equal(m.params[1], "A");
	assert_string_equal(m.params[13], "WHOX");
	assert_string_equal(m.params[14], "are supported");
	outbuf_free(&o);
}

/* Hands raw to libircclient and lets it parse. */
static void
put(struct fx *f, const char *raw, uint64_t now)
{
	static struct ircline m;

	assert_int_equal(ircline_parse(&m, raw, strlen(raw)), 0);
	assert_int_equal(irc_glue_put(f->glue, &m), 0);
	assert_int_equal(irc_glue_pump(f->glue, now), 0);
	assert_int_equal(irc_glue_waiting(f->glue), 0);
}

/* The next event must be want. */
static void
event(struct fx *f, const char *want)
{
	assert_string_equal(f->nread < f->nevents ? f->events[f->nread++]
	                                          : "(nothing)", want);
}

static void
test_glue_messages(void **state)
{
	struct fx *f = *state;

	put(f, ":n!u@h PRIVMSG #c :hello there", 42);
	event(f, "PRIVMSG n!u@h [#c] [hello there]");
	assert_int_equal(f->at, 42);
	put(f, ":n!u@h PRIVMSG cheaterbot :!hand", 43);
	event(f, "PRIVMSG n!u@h [cheaterbot] [!hand]");
	put(f, ":n!u@h NOTICE #c :psst", 44);
	event(f, "NOTICE n!u@h [#c] [psst]");
	put(f, ":n!u@h NOTICE cheaterbot :psst", 44);
	event(f, "NOTICE n!u@h [cheaterbot] [psst]");
	put(f, ":n!u@h PRIVMSG #c :\001ACTION waves\001", 45);
	event(f, "PRIVMSG n!u@h [#c] [\001ACTION waves\001]");
	put(f, ":n!u@h PRIVMSG cheaterbot :\001VERSION\001", 46);
	event(f, "CTCP n!u@h [VERSION]");
	put(f, ":n!u@h PRIVMSG #c :\001PING 1\001", 46);
	event(f, "CTCP n!u@h [PING 1]");
	/* A CTCP reply, and DCC: nothing. */
	put(f, ":n!u@h NOTICE cheaterbot :\001VERSION irssi\001", 47);
	put(f, ":n!u@h PRIVMSG cheaterbot :\001DCC SEND f 1 2 3\001", 47);
	event(f, "(nothing)");
	/* libircclient never answered anything itself. */
	assert_int_equal(queue_length(f->queue), 0);
}

/* libircclient keeps the first 127 bytes of a CTCP's text: an ACTION
 * reaches the core with at most 120 bytes of its own, however long the
 * line.  The core needs no more (a /me is talk, whatever it says), and
 * the transcript tests see the same cut. */
static void
test_glue_long_action(void **state)
{
	struct fx *f = *state;
	char text[IRCLINE_MAX + 1], raw[IRCLINE_MAX + 64];
	char want[IRCLINE_MAX + 64];
	size_t n;

	n = IRCLINE_MAX - strlen(":n!u@h PRIVMSG #c :\001ACTION \001");
	memset(text, 'a', n);
	text[n] = '\0';
	snprintf(raw, sizeof raw, ":n!u@h PRIVMSG #c :\001ACTION %s\001",
	    text);
	assert_int_equal(strlen(raw), IRCLINE_MAX);
	put(f, raw, 1);
	snprintf(want, sizeof want,
	    "PRIVMSG n!u@h [#c] [\001ACTION %.120s\001]", text);
	event(f, want);
	event(f, "(nothing)");
	/* A request's text the same: 127 bytes. */
	snprintf(raw, sizeof raw,
	    ":n!u@h PRIVMSG cheaterbot :\001PING %s\001", text);
	put(f, raw, 1);
	snprintf(want, sizeof want, "CTCP n!u@h [PING %.122s]", text);
	event(f, want);
}

static void
test_glue_commands(void **state)
{
	struct fx *f = *state;

	put(f, ":irc.test 001 cheaterbot :Welcome", 1);
	event(f, "001 irc.test [cheaterbot] [Welcome]");
	put(f, ":n!u@h JOIN #chan acct :Real Name", 1);
	event(f, "JOIN n!u@h [#chan] [acct] [Real Name]");
	put(f, ":n!u@h ACCOUNT acct", 1);
	event(f, "ACCOUNT n!u@h [acct]");
	put(f, ":op!u@h MODE #c +o-o+l alice bob 5", 1);
	event(f, "MODE op!u@h [#c] [+o-o+l] [alice] [bob] [5]");
	put(f, ":op!u@h KICK #c alice :out", 1);
	event(f, "KICK op!u@h [#c] [alice] [out]");
	put(f, ":x!u@h QUIT", 1);
	event(f, "QUIT x!u@h");
	put(f, ":srv 354 cheaterbot 152 #chan user host nick H acct :Real Name",
	    1);
	event(f, "354 srv [cheaterbot] [152] [#chan] [user] [host] [nick] "
	         "[H] [acct] [Real Name]");
	put(f, ":srv 005 cheaterbot A B C D E F G H I J K L WHOX :are "
	       "supported by this server", 1);
	event(f, "005 srv [cheaterbot] [A] [B] [C] [D] [E] [F] [G] [H] "
	         "[are supported by this server]");
	event(f, "005 srv [cheaterbot] [I] [J] [K] [L] [WHOX] [are supported "
	         "by this server]");
	event(f, "(nothing)");
	assert_int_equal(queue_length(f->queue), 0);
}

/* The descriptors p reports readable (out: writable). */
static int
count_fds(const struct pollset *p, int out)
{
	int i, n = 0;

	for (i = 0; i < p->n; i++)
		n += out ? pollset_writable(p, p->fds[i].fd) :
		    pollset_readable(p, p->fds[i].fd);
	return n;
}

static void
test_glue_fed(void **state)
{
	struct fx *f = *state;
	static struct ircline m;
	const char *raw = ":n!u@h PRIVMSG cheaterbot :!hand";
	struct pollset p;

	/* Registration written and read first: what libircclient wrote
	 * is not what this is about. */
	assert_int_equal(irc_glue_pump(f->glue, 1), 0);
	pollset_clear(&p);
	irc_glue_fds(f->glue, &p);
	assert_int_equal(irc_glue_fed(f->glue, &p), 0);

	assert_int_equal(ircline_parse(&m, raw, strlen(raw)), 0);
	assert_int_equal(irc_glue_put(f->glue, &m), 0);
	assert_int_equal(irc_glue_flush(f->glue), 0);
	pollset_clear(&p);
	irc_glue_fds(f->glue, &p);
	pollset_assume(&p);
	/* Both ends of the pair asked for; our end taken out. */
	assert_int_equal(count_fds(&p, 0), 2);
	assert_int_equal(irc_glue_fed(f->glue, &p), 1);
	assert_int_equal(count_fds(&p, 0), 1);
	assert_int_equal(count_fds(&p, 1), 0);
	/* The turn with no wait: libircclient reads and parses. */
	assert_int_equal(irc_glue_process(f->glue, &p, 7), 0);
	event(f, "PRIVMSG n!u@h [cheaterbot] [!hand]");
	event(f, "(nothing)");
	assert_int_equal(f->at, 7);
	pollset_clear(&p);
	assert_int_equal(irc_glue_fed(f->glue, &p), 0);
}

int
main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_feed_dropped),
	    cmocka_unit_test(test_feed_written),
	    cmocka_unit_test(test_feed_params),
	    T(test_glue_messages),
	    T(test_glue_long_action),
	    T(test_glue_commands),
	    T(test_glue_fed),
	};
#undef T

	return cmocka_run_group_tests_name("irc-glue", tests, NULL, NULL);
}
