/*
 * A scripted IRC server for the relay's unit suites
 * (tests/unit/test-relay-*.c): it listens on a loopback port, accepts the
 * relay's connection, keeps every line the relay writes, and sends raw
 * lines back; what the core would be told comes through the relay's core
 * hooks (relay-int.h) and is kept too.  libircclient is the real one.
 * The relay's clock is the suite's, so keepalive, ISON and backoff times
 * are exact without sleeping; I/O runs in real time, in turns of a loop
 * like the bot's.  Its helpers fail the running cmocka test, so a suite
 * includes <cmocka.h> (and what cmocka needs) first.
 */
#ifndef TESTS_RELAY_WIRE_H
#define TESTS_RELAY_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "config/conf.h"

struct queue;
struct relay;

#define WIRE_MAX 256      /* lines and events a test may see */
#define WIRE_WAIT_MS 2000 /* for a line or an event to come */
#define WIRE_QUIET_MS 100 /* for one that must not come */

/* The scripted server and the recorded core around one relay. */
struct wire {
	struct conf conf;
	struct queue *queue;
	struct relay *relay;
	int listen_fd;
	int fd; /* the relay's connection, -1 when there is none */
	uint64_t now;
	char in[8192];
	size_t inlen;
	char *lines[WIRE_MAX]; /* what the relay wrote to the server */
	int nlines, nread;
	char *events[WIRE_MAX]; /* what the core was told */
	int nevents, nevread;
	int connected, disconnected;
	char nick[64]; /* given to the core's connected hook */
};

/* cmocka setup and teardown: a relay on the default configuration (with
 * the keepalive an hour away) connecting to a fresh scripted server, the
 * clock at 1,000,000; everything closed and freed again.  0, or -1. */
int wire_setup(void **state);
int wire_teardown(void **state);

/* Runs the loop for ms of real time. */
void wire_run(struct wire *w, int ms);
/* Moves the relay's clock on by ms and lets it run a little. */
void wire_advance(struct wire *w, uint64_t ms);

/* The server sends one line (CR LF added). */
void wire_send(struct wire *w, const char *line);
/* The next line the relay writes to the server must be want (waiting up
 * to WIRE_WAIT_MS). */
void wire_expect(struct wire *w, const char *want);
/* The relay writes nothing for WIRE_QUIET_MS. */
void wire_quiet(struct wire *w);

/* Events are kept as "COMMAND origin [p0] [p1] ...", origin "-" if none.
 * The next one must be want. */
void wire_expect_event(struct wire *w, const char *want);
/* Some event must be want; those before it are skipped. */
void wire_find_event(struct wire *w, const char *want);

/* The relay connects and registers: CAP LS 302, NICK cheaterbot, USER. */
void wire_hello(struct wire *w);
/* The server offers no wanted capability (CAP END follows) and welcomes
 * the relay as nick: the core is told it is connected as nick. */
void wire_register(struct wire *w, const char *nick);

#endif
