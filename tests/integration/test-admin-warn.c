/*
 * The real bot binary warns in its log of each admin mask that names a
 * nick alone ("alice!*@*", whom anyone taking the nick passes): one line
 * at start for each such mask, naming it, none for an account name or a
 * mask with a user@host, and the same again at each reload (SIGHUP).  A
 * real ngircd on a loopback port (tests/lib/ngircd.h).
 */
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/lib/ngircd.h"

#define WARNED "names a nick alone"

struct world {
	char *dir;
	struct ngircd irc;
	struct ngircd_bot bot;
};

static int
teardown(void **state)
{
	struct world *w = *state;

	if (w == NULL)
		return 0;
	if (w->bot.pid > 0)
		ngircd_bot_stop(&w->bot);
	if (w->irc.pid > 0)
		ngircd_stop(&w->irc);
	ngircd_rmdir(w->dir);
	free(w->dir);
	free(w);
	*state = NULL;
	return 0;
}

static void
test_warned(void **state)
{
	struct world *w = calloc(1, sizeof *w);
	char conf[PATH_MAX], db[PATH_MAX], port[16], line[128];
	const char *args[] = {"-c", conf, "--server", "127.0.0.1", "--port",
	    port, "--db", db, NULL};
	FILE *f;

	assert_non_null(w);
	*state = w;
	assert_non_null(w->dir = ngircd_tmpdir());
	assert_int_equal(ngircd_start(&w->irc, w->dir, 0), 0);
	snprintf(port, sizeof port, "%d", w->irc.port);
	snprintf(conf, sizeof conf, "%s/bot.cfg", w->dir);
	snprintf(db, sizeof db, "%s/bot.db", w->dir);
	assert_non_null(f = fopen(conf, "w"));
	fputs("commands = { admins = [ \"alice!*@*\", \"bobs-account\",\n"
	      "    \"carol!carol@example.org\", \"*!*@*\" ]; };\n", f);
	assert_int_equal(fclose(f), 0);

	assert_int_equal(ngircd_bot_start(&w->bot, w->dir, "bot", args), 0);
	assert_true(ngircd_bot_wait_log(&w->bot, "connected to", 10000));
	assert_int_equal(ngircd_bot_log_count(&w->bot, WARNED), 2);
	assert_int_equal(ngircd_bot_log_count(&w->bot, "warn: commands."
	    "admins: 'alice!*@*' " WARNED), 1);
	assert_int_equal(ngircd_bot_log_count(&w->bot, "'*!*@*' " WARNED), 1);
	assert_int_equal(ngircd_bot_log_count(&w->bot, "bobs-account"), 0);
	assert_int_equal(ngircd_bot_log_count(&w->bot, "carol!"), 0);

	assert_int_equal(kill(w->bot.pid, SIGHUP), 0);
	assert_true(ngircd_bot_wait_log_n(&w->bot, WARNED, 4, 10000));
	assert_int_equal(ngircd_bot_log_count(&w->bot,
	    "configuration reloaded"), 1);
	snprintf(line, sizeof line, "'alice!*@*' %s", WARNED);
	assert_int_equal(ngircd_bot_log_count(&w->bot, line), 2);
	assert_int_equal(ngircd_bot_stop(&w->bot), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_warned, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
