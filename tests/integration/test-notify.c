/*
 * A call to play over real sockets: a real ngircd, the real bot binary
 * and scripted players (tests/lib/driver.h).  bob and carol opt in with
 * !notify on cheat; carol is away (AWAY before the bot joins, so its WHO
 * reply says so: ngircd offers no away-notify); dave did not opt in.
 * When alice opens a Cheat lobby the bot's next channel line calls bob,
 * and bob alone; a Liar's UNO lobby calls nobody.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/lib/driver.h"

#define CHAN "#cheater"
#define FAST "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n"

static const char *const nicks[] = {"alice", "bob", "carol", "dave"};

static void
test_call(void **state)
{
	struct driver *d = calloc(1, sizeof *d);
	const struct client *c;
	char plain[1024], want[128];
	const char *text;
	size_t from, k;
	int i, lines;

	assert_non_null(d);
	*state = d;
	driver_name(d, 0, CHAN, nicks, 4);
	d->bot_seed = 1;
	d->no_bot = 1;
	d->t[0].options = "";
	driver_open(d, 1, FAST, 1);
	driver_raw(d, 0, 2, "AWAY :gone fishing");
	driver_pump(d, 200);
	driver_bot_up(d);
	for (i = 1; i <= 2; i++) {
		from = d->t[0].p[i].cl.nlines;
		driver_raw(d, 0, i, "PRIVMSG cheaterbot :notify on cheat");
		driver_wait_private(d, 0, i, from, "cheat", 0);
	}
	c = &d->t[0].p[3].cl;	/* dave watches */
	from = c->nlines;
	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!play cheat");
	driver_wait_chan(d, 0, 3, from, "opens a Cheat lobby", 0);
	text = driver_wait_chan(d, 0, 3, from, "Calling cheat players:", 0);
	snprintf(want, sizeof want, "Calling cheat players: bob (!notify "
	    "off to stop).");
	assert_string_equal(text, want);
	/* One line, right after the lobby's. */
	driver_pump(d, 300);
	for (k = from, lines = 0; k < c->nlines; k++) {
		client_strip(c->lines[k], plain, sizeof plain);
		lines += strstr(plain, "Calling ") != NULL;
	}
	assert_int_equal(lines, 1);
	/* Nobody opted in to Liar's UNO: no call. */
	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!stop");
	driver_wait_chan(d, 0, 3, from, "stopped the Cheat lobby", 0);
	from = c->nlines;
	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!play liarsuno");
	driver_wait_chan(d, 0, 3, from, "opens a Liar's UNO lobby", 0);
	driver_pump(d, 500);
	for (k = from; k < c->nlines; k++) {
		client_strip(c->lines[k], plain, sizeof plain);
		assert_null(strstr(plain, "Calling "));
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_call, driver_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
