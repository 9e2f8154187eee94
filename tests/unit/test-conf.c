/*
 * Unit tests for the configuration (config/) that loads: the built-in
 * defaults, good libconfig files written into a temporary directory at run
 * time, loads over earlier ones (and a failed one that changes nothing),
 * @include, number forms, command-line list overrides, and that the
 * example config/cheaterbot.cfg loads as exactly the defaults, and the
 * question file each load reads.  Bad files and conf_validate() are in
 * test-conf-bad.c.  Run from the repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "config/conf.h"
#include "bot/lib/buf.h"
#include "alloc/xalloc.h"
#include "tests/lib/conf-files.h"

static void
test_defaults(void **state)
{
	struct conf c;
	char *cause = NULL;
	int ci = conf_files_cheat_index();

	(void)state;
	conf_defaults(&c);
	assert_string_equal(c.server, "127.0.0.1");
	assert_int_equal(c.port, 6667);
	assert_null(c.password);
	assert_int_equal(c.tls, 0);
	assert_int_equal(c.tls_verify, 1);
	assert_null(c.tls_ca_file);
	assert_null(c.sasl_account);
	assert_null(c.sasl_password);
	assert_int_equal(c.sasl_disconnect, 0);
	assert_string_equal(c.nickserv, "NickServ");
	assert_int_equal(c.nnicks, 3);
	assert_string_equal(c.nicks[0], "cheaterbot");
	assert_string_equal(c.nicks[1], "cheaterbot_");
	assert_string_equal(c.nicks[2], "cheaterbot__");
	assert_string_equal(c.username, "cheater");
	assert_string_equal(c.realname, "cheaterbot, an IRC card game bot");
	assert_int_equal(c.nchannels, 1);
	assert_string_equal(c.channels[0], "#cheater");
	assert_string_equal(c.prefix, "!");
	assert_int_equal(c.nadmins, 0);
	assert_string_equal(c.db, "./cheaterbot.db");
	assert_null(c.questions_path);
	assert_null(c.questions);
	assert_int_equal(c.answer_ms, 20000);
	assert_int_equal(c.private_notice, 1);
	assert_int_equal(c.lobby_start_ms, 60000);
	assert_int_equal(c.lobby_expire_ms, 600000);
	assert_int_equal(c.turn_ms, 90000);
	assert_int_equal(c.turn_warn_ms, 20000);
	assert_int_equal(c.challenge_min_ms, 3000);
	assert_int_equal(c.challenge_close_ms, 10000);
	assert_int_equal(c.challenge_tie_ms, 500);
	assert_int_equal(c.max_timeouts, 3);
	assert_int_equal(c.flood_burst, 4);
	assert_int_equal(c.flood_interval_ms, 2000);
	assert_int_equal(c.user_burst, 10);
	assert_int_equal(c.user_interval_ms, 2000);
	assert_int_equal(c.part_grace_ms, 120000);
	assert_int_equal(c.split_grace_ms, 300000);
	assert_int_equal(c.reconnect_min_ms, 10000);
	assert_int_equal(c.ping_ms, 60000);
	assert_int_equal(c.dead_ms, 120000);
	assert_int_equal(c.reconnect_max_ms, 300000);
	assert_int_equal(c.stats_min_games, 5);
	assert_int_equal(c.league_provisional, 10);
	assert_int_equal(c.league_season, CONF_SEASON_MONTHLY);
	assert_null(c.export_dir);
	assert_int_equal(c.export_interval_ms, 300000);
	assert_int_equal(c.log_level, CONF_LOG_INFO);
	assert_int_equal(c.variant_opts[ci].v[0], 0); /* decks */
	assert_int_equal(c.variant_opts[ci].v[1], 0); /* loser */
	assert_int_equal(conf_validate(&c, &cause), 0);
	assert_null(cause);
	conf_free(&c);
	assert_null(c.server);
	conf_free(&c); /* a freed conf frees again harmlessly */
}

static const char full_cfg[] =
    "# every setting, none at its default\n"
    "server = { host = \"irc.example.net\"; port = 6697;\n"
    "  password = \"hunter2\"; tls = true; tls_verify = false;\n"
    "  tls_ca_file = \"/etc/ssl/private-ca.pem\"; };\n"
    "sasl = { account = \"dealer\"; password = \"sesame\";\n"
    "  on_failure = \"disconnect\"; nickserv = \"Services\"; };\n"
    "identity = {\n"
    "  nick = \"Dealer\";\n"
    "  alt_nicks = [ \"Dealer_\", \"Dealer`\", \"[Dealer]\" ];\n"
    "  user = \"dealer\";\n"
    "  realname = \"a bot that deals cards\";\n"
    "};\n"
    "channels = [ \"#cards\", \"&local\", \"#poker-night\" ];\n"
    "commands = { prefix = \"@@\"; admins = [ \"alice\",\n"
    "  \"*!*@staff.example.net\" ]; private = \"privmsg\"; };\n"
    "database = \"/var/lib/cheaterbot/bot.db\";\n"
    "questions = { file = \"./config/questions.txt\"; };\n"
    "timers = { lobby_start = 30; lobby_expire = 900.5; turn = 45;\n"
    "  turn_warning = 0; challenge_min = 2.25; challenge_close = 8;\n"
    "  challenge_tie = 0; max_timeouts = 5; answer = 0; };\n"
    "flood = { burst = 10; interval = 0.1; user_burst = 3;"
    " user_interval = 0; };\n"
    "reconnect = { min = 1.5; max = 1.5; };\n"
    "stats = { min_games = 12; };\n"
    "league = { provisional = 0; season = \"14 days\"; };\n"
    "export = { dir = \"/var/www/league\"; interval = 60; };\n"
    "log = { level = \"debug\"; };\n"
    "games = { cheat = { decks = 2; loser = true; }; };\n";

static void
test_full_file(void **state)
{
	struct conf c;
	char *cause = NULL;
	const char *path = conf_files_write("full.cfg", full_cfg);
	int ci = conf_files_cheat_index();

	(void)state;
	conf_defaults(&c);
	assert_int_equal(conf_load(&c, path, &cause), 0);
	assert_null(cause);
	assert_string_equal(c.server, "irc.example.net");
	assert_int_equal(c.port, 6697);
	assert_string_equal(c.password, "hunter2");
	assert_int_equal(c.tls, 1);
	assert_int_equal(c.tls_verify, 0);
	assert_string_equal(c.tls_ca_file, "/etc/ssl/private-ca.pem");
	assert_string_equal(c.sasl_account, "dealer");
	assert_string_equal(c.sasl_password, "sesame");
	assert_int_equal(c.sasl_disconnect, 1);
	assert_string_equal(c.nickserv, "Services");
	assert_int_equal(c.nnicks, 4);
	assert_string_equal(c.nicks[0], "Dealer");
	assert_string_equal(c.nicks[1], "Dealer_");
	assert_string_equal(c.nicks[2], "Dealer`");
	assert_string_equal(c.nicks[3], "[Dealer]");
	assert_string_equal(c.username, "dealer");
	assert_string_equal(c.realname, "a bot that deals cards");
	assert_int_equal(c.nchannels, 3);
	assert_string_equal(c.channels[0], "#cards");
	assert_string_equal(c.channels[1], "&local");
	assert_string_equal(c.channels[2], "#poker-night");
	assert_string_equal(c.prefix, "@@");
	assert_int_equal(c.nadmins, 2);
	assert_string_equal(c.admins[0], "alice");
	assert_string_equal(c.admins[1], "*!*@staff.example.net");
	assert_int_equal(c.private_notice, 0);
	assert_string_equal(c.db, "/var/lib/cheaterbot/bot.db");
	assert_string_equal(c.questions_path, "./config/questions.txt");
	assert_non_null(c.questions);
	assert_int_equal(c.answer_ms, 0);
	assert_int_equal(c.lobby_start_ms, 30000);
	assert_int_equal(c.lobby_expire_ms, 900500);
	assert_int_equal(c.turn_ms, 45000);
	assert_int_equal(c.turn_warn_ms, 0);
	assert_int_equal(c.challenge_min_ms, 2250);
	assert_int_equal(c.challenge_close_ms, 8000);
	assert_int_equal(c.challenge_tie_ms, 0);
	assert_int_equal(c.max_timeouts, 5);
	assert_int_equal(c.flood_burst, 10);
	assert_int_equal(c.flood_interval_ms, 100);
	assert_int_equal(c.user_burst, 3);
	assert_int_equal(c.user_interval_ms, 0);
	assert_int_equal(c.reconnect_min_ms, 1500);
	assert_int_equal(c.reconnect_max_ms, 1500);
	assert_int_equal(c.stats_min_games, 12);
	assert_int_equal(c.league_provisional, 0);
	assert_int_equal(c.league_season, 14);
	assert_string_equal(c.export_dir, "/var/www/league");
	assert_int_equal(c.export_interval_ms, 60000);
	assert_int_equal(c.log_level, CONF_LOG_DEBUG);
	assert_int_equal(c.variant_opts[ci].v[0], 2);
	assert_int_equal(c.variant_opts[ci].v[1], 1);
	assert_int_equal(conf_validate(&c, &cause), 0);
	conf_free(&c);
}

static void
test_partial_file(void **state)
{
	struct conf c, want;
	char *cause = NULL;
	const char *path = conf_files_write("partial.cfg",
	    "timers = { turn = 30; };\n"
	    "identity = { nick = \"croupier\"; };\n"
	    "games = { cheat = { loser = 1; }; };\n");
	int ci = conf_files_cheat_index();

	(void)state;
	conf_defaults(&c);
	conf_defaults(&want);
	assert_int_equal(conf_load(&c, path, &cause), 0);
	assert_null(cause);
	assert_int_equal(c.turn_ms, 30000);
	assert_string_equal(c.nicks[0], "croupier");
	assert_int_equal(c.variant_opts[ci].v[1], 1);
	/* Put the three back: everything else must be the default. */
	want.turn_ms = 30000;
	conf_set_string(&want.nicks[0], "croupier");
	want.variant_opts[ci].v[1] = 1;
	assert_conf_equal(&c, &want);
	conf_free(&want);
	conf_free(&c);
}

/* A second file loads over what the first one set. */
static void
test_load_over_previous(void **state)
{
	struct conf c;
	char *cause = NULL;
	const char *a = conf_files_write("first.cfg",
	    "server = { host = \"one.example\"; port = 7000; };\n"
	    "channels = [ \"#one\", \"#two\" ];\n");
	const char *b =
	    conf_files_write("second.cfg", "server = { port = 7001; };\n");

	(void)state;
	conf_defaults(&c);
	assert_int_equal(conf_load(&c, a, &cause), 0);
	assert_int_equal(conf_load(&c, b, &cause), 0);
	assert_string_equal(c.server, "one.example");
	assert_int_equal(c.port, 7001);
	assert_int_equal(c.nchannels, 2);
	assert_string_equal(c.channels[1], "#two");
	conf_free(&c);
}

/* A failed load keeps what an earlier good load set, not the defaults. */
static void
test_failure_keeps_values(void **state)
{
	struct conf c, before;
	char *cause = NULL;
	const char *good = conf_files_write("keep-good.cfg", full_cfg);
	const char *bad = conf_files_write("keep-bad.cfg",
	    "server = { host = \"other.example\"; port = 1; };\n"
	    "channels = [ \"#x\" ];\n"
	    "games = { cheat = { decks = 1; }; };\n"
	    "timers = { turn = 0.5; };\n");

	(void)state;
	conf_defaults(&c);
	assert_int_equal(conf_load(&c, good, &cause), 0);
	conf_defaults(&before);
	assert_int_equal(conf_load(&before, good, &cause), 0);
	assert_int_equal(conf_load(&c, bad, &cause), -1);
	assert_non_null(strstr(cause, "'timers.turn'"));
	free(cause);
	assert_conf_equal(&c, &before);
	conf_free(&before);
	conf_free(&c);
}

/* @include is relative to the including file, and an error in an included
 * file names that file. */
static void
test_include(void **state)
{
	struct conf c;
	char *cause = NULL, *expect;
	const char *main_path =
	    conf_files_write("main.cfg", "server = {\n"
	                                 "  host = \"inc.example\";\n"
	                                 "  @include \"secret.cfg\"\n"
	                                 "};\n");
	const char *secret;

	(void)state;
	conf_files_write("secret.cfg", "password = \"s3cret\";\n");
	conf_defaults(&c);
	assert_int_equal(conf_load(&c, main_path, &cause), 0);
	assert_string_equal(c.server, "inc.example");
	assert_string_equal(c.password, "s3cret");

	secret = conf_files_write("secret.cfg", "\nport = 0;\n");
	assert_int_equal(conf_load(&c, main_path, &cause), -1);
	expect = xasprintf("%s:2: setting 'server.port': expected an integer "
	                   "from 1 to 65535",
	    secret);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);

	conf_files_write("secret.cfg", "port =\n 9999999999;\n");
	assert_int_equal(conf_load(&c, main_path, &cause), -1);
	expect = xasprintf("%s:2: integer 9999999999 is out of range", secret);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);

	conf_files_write("secret.cfg", "port = ;\n");
	assert_int_equal(conf_load(&c, main_path, &cause), -1);
	expect = xasprintf("%s:1: syntax error", secret);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);
	assert_string_equal(c.password, "s3cret");
	conf_free(&c);
}

/* Numbers that libconfig 1.5 could truncate are fine when they fit, and
 * inside strings and comments nothing is scanned. */
static void
test_number_forms(void **state)
{
	struct conf c;
	char *cause = NULL;
	const char *path = conf_files_write("numbers.cfg",
	    "# port = 99999999999;\n"
	    "/* 4294967297\n   8589934593 */\n"
	    "server = { port = 0x1A0B; // 12345678901234\n"
	    "  password = \"99999999999\"; };\n"
	    "timers = { turn = 1.2e2; challenge_tie = .25;\n"
	    "  lobby_expire = 700L; max_timeouts = +7; };\n");

	(void)state;
	conf_defaults(&c);
	assert_int_equal(conf_load(&c, path, &cause), 0);
	assert_null(cause);
	assert_int_equal(c.port, 0x1A0B);
	assert_string_equal(c.password, "99999999999");
	assert_int_equal(c.turn_ms, 120000);
	assert_int_equal(c.challenge_tie_ms, 250);
	assert_int_equal(c.lobby_expire_ms, 700000);
	assert_int_equal(c.max_timeouts, 7);
	conf_free(&c);
}

/* league.season's forms: the words, a bare number of days, "N days" and
 * "1 day". */
static void
test_season_forms(void **state)
{
	static const struct {
		const char *text;
		int want;
	} forms[] = {
		{"\"monthly\"", CONF_SEASON_MONTHLY},
		{"\"off\"", CONF_SEASON_OFF},
		{"30", 30},
		{"\"30 days\"", 30},
		{"\"1 day\"", 1},
		{"\"366\"", 366},
		{"1", 1},
	};
	struct conf c;
	char *cause = NULL, *text;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		text = xasprintf("league = { season = %s; };\n",
		    forms[i].text);
		conf_defaults(&c);
		c.league_season = 77;
		if (conf_load(&c, conf_files_write("season.cfg", text),
		    &cause) != 0)
			fail_msg("%s: %s", forms[i].text, cause);
		assert_int_equal(c.league_season, forms[i].want);
		assert_int_equal(conf_validate(&c, &cause), 0);
		conf_free(&c);
		free(text);
	}
}

/* A '%' in any string is data, never a format. */
static void
test_percent_harmless(void **state)
{
	struct conf c;
	char *cause = NULL, *expect;
	const char *path = conf_files_write("percent.cfg",
	    "server = { password = \"%s%n%x\"; };\n"
	    "identity = { realname = \"%s%n%x\"; };\n"
	    "commands = { prefix = \"%\"; admins = [ \"%n%n\" ]; };\n"
	    "database = \"%s%s.db\";\n");
	const char *bad = conf_files_write(
	    "percent-bad.cfg", "identity = { nick = \"%s%n%x\"; };\n");

	(void)state;
	conf_defaults(&c);
	assert_int_equal(conf_load(&c, path, &cause), 0);
	assert_string_equal(c.password, "%s%n%x");
	assert_string_equal(c.realname, "%s%n%x");
	assert_string_equal(c.prefix, "%");
	assert_string_equal(c.admins[0], "%n%n");
	assert_string_equal(c.db, "%s%s.db");
	assert_int_equal(conf_validate(&c, &cause), 0);

	assert_int_equal(conf_load(&c, bad, &cause), -1);
	expect = xasprintf(
	    "%s:1: setting 'identity.nick': expected a nick of "
	    "1 to 30 letters, digits or []\\`_^{|}-, not starting with a "
	    "digit or '-', not '%s'",
	    bad, "%s%n%x");
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);

	assert_int_equal(
	    conf_list_add(&c.channels, &c.nchannels, "channel", "%s%n", &cause),
	    -1);
	assert_non_null(strstr(cause, "not '%s%n'"));
	free(cause);
	conf_free(&c);
}

/* What the command line does: replace strings, clear and refill lists. */
static void
test_list_overrides(void **state)
{
	struct conf c;
	char *cause = NULL, name[16];
	int i;

	(void)state;
	conf_defaults(&c);
	conf_list_clear(&c.channels, &c.nchannels);
	assert_int_equal(c.nchannels, 0);
	assert_null(c.channels[0]);
	assert_int_equal(
	    conf_list_add(&c.channels, &c.nchannels, "channel", "#a", &cause),
	    0);
	assert_int_equal(
	    conf_list_add(&c.channels, &c.nchannels, "channel", "&b", &cause),
	    0);
	assert_int_equal(c.nchannels, 2);
	assert_string_equal(c.channels[0], "#a");
	assert_string_equal(c.channels[1], "&b");

	assert_int_equal(
	    conf_list_add(&c.channels, &c.nchannels, "channel", "c", &cause),
	    -1);
	assert_string_equal(cause,
	    "expected a channel: '#' or '&' and 1 to "
	    "49 more characters, no spaces, commas or control characters, "
	    "not 'c'");
	free(cause);
	assert_int_equal(
	    conf_list_add(&c.channels, &c.nchannels, "channel", "#A", &cause),
	    -1);
	assert_string_equal(cause, "channel '#A' is listed twice");
	free(cause);
	/* rfc1459 case mapping: {}|^ are the lower case of []\~ */
	assert_int_equal(
	    conf_list_add(&c.channels, &c.nchannels, "channel", "#x[]", &cause),
	    0);
	assert_int_equal(
	    conf_list_add(&c.channels, &c.nchannels, "channel", "#X{}", &cause),
	    -1);
	free(cause);
	assert_int_equal(c.nchannels, 3);

	/* No cap: a list grows as far as it is filled (the bot joins as
	 * many channels as the server lets it), and still refuses a name
	 * twice. */
	for (i = c.nchannels; i < 2000; i++) {
		snprintf(name, sizeof name, "#c%d", i);
		assert_int_equal(conf_list_add(&c.channels, &c.nchannels,
		                     "channel", name, &cause),
		    0);
	}
	assert_int_equal(
	    conf_list_add(&c.channels, &c.nchannels, "channel", "#C1999", &cause),
	    -1);
	assert_string_equal(cause, "channel '#C1999' is listed twice");
	free(cause);
	assert_int_equal(c.nchannels, 2000);
	assert_string_equal(c.channels[1999], "#c1999");
	assert_null(c.channels[2000]);
	assert_int_equal(conf_validate(&c, &cause), 0);
	conf_free(&c);
}

/* A file may list a thousand channels, and loading it again over itself
 * (a reload) keeps exactly them. */
static void
test_many_channels(void **state)
{
	struct conf c;
	struct buf text = BUF_INIT;
	char *cause = NULL;
	const char *path;
	int i;

	(void)state;
	buf_adds(&text, "channels = [");
	for (i = 0; i < 1000; i++)
		buf_addf(&text, "%s\"#g%d\"", i > 0 ? ", " : " ", i);
	buf_adds(&text, " ];\ncommands = { admins = [");
	for (i = 0; i < 300; i++)
		buf_addf(&text, "%s\"admin%d\"", i > 0 ? ", " : " ", i);
	buf_adds(&text, " ]; };\nidentity = { alt_nicks = [");
	for (i = 0; i < 200; i++)
		buf_addf(&text, "%s\"alt%d\"", i > 0 ? ", " : " ", i);
	buf_adds(&text, " ]; };\n");
	path = conf_files_write("many.cfg", buf_str(&text));
	buf_free(&text);
	conf_defaults(&c);
	assert_int_equal(conf_load(&c, path, &cause), 0);
	assert_int_equal(conf_load(&c, path, &cause), 0);
	assert_int_equal(conf_validate(&c, &cause), 0);
	assert_int_equal(c.nchannels, 1000);
	assert_string_equal(c.channels[0], "#g0");
	assert_string_equal(c.channels[999], "#g999");
	assert_null(c.channels[1000]);
	assert_int_equal(c.nadmins, 300);
	assert_string_equal(c.admins[299], "admin299");
	assert_int_equal(c.nnicks, 201);
	assert_string_equal(c.nicks[0], "cheaterbot");
	assert_string_equal(c.nicks[200], "alt199");
	conf_free(&c);
}

/* The other lists and kinds, and string overrides. */
static void
test_other_overrides(void **state)
{
	struct conf c;
	char *cause = NULL;

	(void)state;
	conf_defaults(&c);
	assert_int_equal(
	    conf_list_add(&c.admins, &c.nadmins, "admin", "carol", &cause), 0);
	assert_int_equal(
	    conf_list_add(&c.admins, &c.nadmins, "admin", "a b", NULL),
	    -1); /* a NULL cause is allowed */
	assert_int_equal(c.nadmins, 1);
	assert_string_equal(c.admins[0], "carol");
	assert_int_equal(
	    conf_list_add(&c.nicks, &c.nnicks, "nick", "cheaterbot___", &cause),
	    0);
	assert_int_equal(c.nnicks, 4);
	assert_int_equal(
	    conf_list_add(&c.nicks, &c.nnicks, "nick", "CHEATERBOT", &cause),
	    -1);
	assert_string_equal(cause, "nick 'CHEATERBOT' is listed twice");
	free(cause);

	conf_set_string(&c.nicks[0], "dealer");
	conf_set_string(&c.server, "irc.example.org");
	conf_set_string(&c.db, c.db); /* from itself */
	conf_set_string(&c.password, "pw");
	conf_set_string(&c.password, NULL);
	assert_string_equal(c.nicks[0], "dealer");
	assert_string_equal(c.server, "irc.example.org");
	assert_string_equal(c.db, "./cheaterbot.db");
	assert_null(c.password);
	assert_int_equal(conf_validate(&c, &cause), 0);
	/* A league's database with no network: the server names it. */
	conf_set_string(&c.db, "postgresql:///league");
	assert_int_equal(conf_validate(&c, &cause), 0);
	assert_int_equal(conf_check_kind("network", "libera.chat", &cause), 0);
	assert_int_equal(conf_check_kind("network", "Libera Chat", &cause),
	    -1);
	assert_string_equal(cause, "expected a network's name of 1 to 32 "
	    "letters, digits, '.', '-' or '_', not 'Libera Chat'");
	free(cause);
	cause = NULL;
	conf_set_string(&c.db, "./cheaterbot.db");

	/* A new nick list from nothing: the first entry is the nick. */
	conf_list_clear(&c.nicks, &c.nnicks);
	assert_int_equal(conf_validate(&c, NULL), -1);
	assert_int_equal(
	    conf_list_add(&c.nicks, &c.nnicks, "nick", "solo", &cause), 0);
	assert_string_equal(c.nicks[0], "solo");
	assert_int_equal(conf_validate(&c, &cause), 0);
	conf_free(&c);
}

/* A question file of the operator's: loaded with the configuration, then
 * replaced by the next load; "" and no questions setting at all give the
 * built-in set. */
static void
test_question_file(void **state)
{
	struct conf c;
	char *cause = NULL, *text, *cfg;
	const char *qa, *qb, *path;
	struct questions *first;

	(void)state;
	text = conf_files_questions(QUESTIONS_MIN);
	qa = conf_files_write("q-a.txt", text);
	free(text);
	text = conf_files_questions(60);
	qb = conf_files_write("q-b.txt", text);
	free(text);
	cfg = xasprintf("questions = {\n  file = \"%s\";\n};\n"
	                "timers = { answer = 7.5; };\n",
	    qa);
	path = conf_files_write("questions.cfg", cfg);
	free(cfg);

	conf_defaults(&c);
	assert_int_equal(conf_load(&c, path, &cause), 0);
	assert_string_equal(c.questions_path, qa);
	assert_int_equal(c.answer_ms, 7500);
	assert_int_equal(questions_count(c.questions), QUESTIONS_MIN);
	assert_string_equal(
	    questions_get(c.questions, 0), "Filler question 1?");
	first = c.questions;

	/* The next load reads the file again: a reload sees an edit. */
	cfg = xasprintf("questions = { file = \"%s\"; };\n", qb);
	path = conf_files_write("questions.cfg", cfg);
	free(cfg);
	assert_int_equal(conf_load(&c, path, &cause), 0);
	assert_ptr_not_equal(c.questions, first);
	assert_int_equal(questions_count(c.questions), 60);
	assert_int_equal(c.answer_ms, 7500);

	/* "" goes back to the set built into the binary. */
	path = conf_files_write("builtin.cfg", "questions = { file = \"\"; };\n");
	assert_int_equal(conf_load(&c, path, &cause), 0);
	assert_null(c.questions_path);
	assert_true(questions_count(c.questions) >= 2 * QUESTIONS_MIN);
	conf_free(&c);
	assert_null(c.questions);

	/* No questions setting: the built-in set. */
	conf_defaults(&c);
	path = conf_files_write(
	    "no-questions.cfg", "timers = { answer = 300; };\n");
	assert_int_equal(conf_load(&c, path, &cause), 0);
	assert_int_equal(c.answer_ms, 300000);
	assert_true(questions_count(c.questions) >= 2 * QUESTIONS_MIN);
	conf_free(&c);
}

/* A conf built without a file loads its question file on its own; the
 * default set is built in, so it loads in a directory with no
 * config/questions.txt (the bot started anywhere with flags only). */
static void
test_load_questions(void **state)
{
	struct conf c;
	char *cause = NULL, *text, cwd[PATH_MAX];
	const char *qa;

	(void)state;
	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir(conf_files_dir), 0);
	conf_defaults(&c);
	assert_int_equal(conf_load_questions(&c, &cause), 0);
	assert_int_equal(chdir(cwd), 0);
	assert_null(cause);
	assert_true(questions_count(c.questions) >= 2 * QUESTIONS_MIN);
	text = conf_files_questions(QUESTIONS_MIN + 1);
	qa = conf_files_write("q-c.txt", text);
	free(text);
	conf_set_string(&c.questions_path, qa);
	assert_int_equal(conf_load_questions(&c, &cause), 0);
	assert_int_equal(questions_count(c.questions), QUESTIONS_MIN + 1);
	conf_free(&c);
}

/* The shipped example lists every setting at its default. */
static void
test_example_config(void **state)
{
	struct conf c, want;
	char *cause = NULL;

	(void)state;
	conf_defaults(&c);
	conf_defaults(&want);
	/* Start from something else, so every value must come from the
	 * file. */
	assert_int_equal(
	    conf_load(&c, conf_files_write("other.cfg", full_cfg), &cause), 0);
	if (conf_load(&c, "config/cheaterbot.cfg", &cause) != 0)
		fail_msg("config/cheaterbot.cfg: %s", cause);
	assert_conf_equal(&c, &want);
	assert_true(questions_count(c.questions) >= 2 * QUESTIONS_MIN);
	assert_int_equal(conf_validate(&c, &cause), 0);
	conf_free(&want);
	conf_free(&c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_defaults),
	    cmocka_unit_test(test_full_file),
	    cmocka_unit_test(test_partial_file),
	    cmocka_unit_test(test_load_over_previous),
	    cmocka_unit_test(test_failure_keeps_values),
	    cmocka_unit_test(test_include),
	    cmocka_unit_test(test_number_forms),
	    cmocka_unit_test(test_season_forms),
	    cmocka_unit_test(test_percent_harmless),
	    cmocka_unit_test(test_list_overrides),
	    cmocka_unit_test(test_many_channels),
	    cmocka_unit_test(test_other_overrides),
	    cmocka_unit_test(test_question_file),
	    cmocka_unit_test(test_load_questions),
	    cmocka_unit_test(test_example_config),
	};

	return cmocka_run_group_tests(
	    tests, conf_files_setup, conf_files_teardown);
}
