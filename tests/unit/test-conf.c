/*
 * Unit tests for the configuration (config/): the built-in defaults, good
 * and bad libconfig files written into a temporary directory at run time,
 * the exact "FILE:LINE: setting 'NAME': ..." errors, that a failed load
 * changes nothing, command-line list overrides, conf_validate(), and that
 * the example config/cheaterbot.cfg loads as exactly the defaults.  Run
 * from the repository root.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "config/conf.h"
#include "games/xalloc.h"

#define MAX_FILES 16

static char tmpdir[] = "/tmp/test-conf-XXXXXX";
static char *written[MAX_FILES];
static int nwritten;

/* Writes text to NAME in the temporary directory; the path stays valid
 * until the suite ends. */
static const char *
write_file(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", tmpdir, name);
	FILE *f;
	int i;

	for (i = 0; i < nwritten; i++) {
		if (strcmp(written[i], path) == 0)
			break;
	}
	if (i == nwritten) {
		assert_true(nwritten < MAX_FILES);
		written[nwritten++] = path;
	} else {
		free(path);
		path = written[i];
	}
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
	return path;
}

static int
suite_setup(void **state)
{
	(void)state;
	return mkdtemp(tmpdir) != NULL ? 0 : -1;
}

static int
suite_teardown(void **state)
{
	(void)state;
	while (nwritten > 0) {
		nwritten--;
		unlink(written[nwritten]);
		free(written[nwritten]);
	}
	return rmdir(tmpdir);
}

/* The index of the cheat variant in game_table[]. */
static int
cheat_index(void)
{
	const struct game_ops *ops = game_find("cheat", NULL);
	int i;

	assert_non_null(ops);
	for (i = 0; game_table[i] != ops; i++)
		;
	return i;
}

static void
assert_str_or_null(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		assert_ptr_equal(a, b);
	else
		assert_string_equal(a, b);
}

static void
assert_list_equal(char *const *a, int na, char *const *b, int nb)
{
	int i;

	assert_int_equal(na, nb);
	for (i = 0; i < na; i++)
		assert_str_or_null(a[i], b[i]);
}

/* Every value of a equals the one in b. */
static void
assert_conf_equal(const struct conf *a, const struct conf *b)
{
	int i, j;

	assert_str_or_null(a->server, b->server);
	assert_int_equal(a->port, b->port);
	assert_str_or_null(a->password, b->password);
	assert_list_equal(a->nicks, a->nnicks, b->nicks, b->nnicks);
	assert_str_or_null(a->username, b->username);
	assert_str_or_null(a->realname, b->realname);
	assert_list_equal(a->channels, a->nchannels, b->channels, b->nchannels);
	assert_str_or_null(a->prefix, b->prefix);
	assert_list_equal(a->admins, a->nadmins, b->admins, b->nadmins);
	assert_str_or_null(a->db, b->db);
	assert_int_equal(a->private_notice, b->private_notice);
	assert_int_equal(a->lobby_start_ms, b->lobby_start_ms);
	assert_int_equal(a->lobby_expire_ms, b->lobby_expire_ms);
	assert_int_equal(a->turn_ms, b->turn_ms);
	assert_int_equal(a->turn_warn_ms, b->turn_warn_ms);
	assert_int_equal(a->challenge_min_ms, b->challenge_min_ms);
	assert_int_equal(a->challenge_close_ms, b->challenge_close_ms);
	assert_int_equal(a->challenge_tie_ms, b->challenge_tie_ms);
	assert_int_equal(a->max_timeouts, b->max_timeouts);
	assert_int_equal(a->flood_burst, b->flood_burst);
	assert_int_equal(a->flood_interval_ms, b->flood_interval_ms);
	assert_int_equal(a->reconnect_min_ms, b->reconnect_min_ms);
	assert_int_equal(a->reconnect_max_ms, b->reconnect_max_ms);
	for (i = 0; i < CONF_MAX_VARIANTS; i++) {
		for (j = 0; j < GAME_MAX_OPTIONS; j++)
			assert_int_equal(
			    a->variant_opts[i].v[j], b->variant_opts[i].v[j]);
	}
}

static void
test_defaults(void **state)
{
	struct conf c;
	char *cause = NULL;
	int ci = cheat_index();

	(void)state;
	conf_defaults(&c);
	assert_string_equal(c.server, "127.0.0.1");
	assert_int_equal(c.port, 6667);
	assert_null(c.password);
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
	assert_int_equal(c.reconnect_min_ms, 5000);
	assert_int_equal(c.reconnect_max_ms, 300000);
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
    "  password = \"hunter2\"; };\n"
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
    "timers = { lobby_start = 30; lobby_expire = 900.5; turn = 45;\n"
    "  turn_warning = 0; challenge_min = 2.25; challenge_close = 8;\n"
    "  challenge_tie = 0; max_timeouts = 5; };\n"
    "flood = { burst = 10; interval = 0.1; };\n"
    "reconnect = { min = 1.5; max = 1.5; };\n"
    "games = { cheat = { decks = 2; loser = true; }; };\n";

static void
test_full_file(void **state)
{
	struct conf c;
	char *cause = NULL;
	const char *path = write_file("full.cfg", full_cfg);
	int ci = cheat_index();

	(void)state;
	conf_defaults(&c);
	assert_int_equal(conf_load(&c, path, &cause), 0);
	assert_null(cause);
	assert_string_equal(c.server, "irc.example.net");
	assert_int_equal(c.port, 6697);
	assert_string_equal(c.password, "hunter2");
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
	assert_int_equal(c.reconnect_min_ms, 1500);
	assert_int_equal(c.reconnect_max_ms, 1500);
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
	const char *path =
	    write_file("partial.cfg", "timers = { turn = 30; };\n"
	                              "identity = { nick = \"croupier\"; };\n"
	                              "games = { cheat = { loser = 1; }; };\n");
	int ci = cheat_index();

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
	const char *a = write_file("first.cfg",
	    "server = { host = \"one.example\"; port = 7000; };\n"
	    "channels = [ \"#one\", \"#two\" ];\n");
	const char *b =
	    write_file("second.cfg", "server = { port = 7001; };\n");

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

struct bad_case {
	const char *text;
	const char *cause; /* after "FILE:"; "%L" is not used: lines
	                    * are spelled out */
};

static const struct bad_case bad_cases[] = {
    /* syntax, reported by libconfig */
    {"server = {\n  host = ;\n};\n", "2: syntax error"},
    {"database = \"a\";\ndatabase = \"b\";\n", "2: duplicate setting name"},
    /* libconfig 1.5 would read this as port 1 */
    {"server = {\n  port = 4294967297;\n};\n",
        "2: integer 4294967297 is out of range"},
    {"server = { port = -2147483649; };\n",
        "1: integer -2147483649 is out of range"},
    /* unknown settings and groups: typos */
    {"nick = \"x\";\n", "1: unknown setting 'nick'"},
    {"timers = {\n  turn = 30;\n  tunr = 5;\n};\n",
        "3: unknown setting 'timers.tunr'"},
    {"servers = { host = \"x\"; };\n", "1: unknown setting 'servers'"},
    {"server = \"irc.example.net\";\n",
        "1: setting 'server': expected a group"},
    /* types */
    {"server = { host = 6667; };\n",
        "1: setting 'server.host': expected a string"},
    {"server = {\n host = \"a.example\";\n port = \"6667\"; };\n",
        "3: setting 'server.port': expected an integer from 1 to 65535"},
    {"server = { port = 6667.0; };\n",
        "1: setting 'server.port': expected an integer from 1 to 65535"},
    {"server = { port = 0; };\n",
        "1: setting 'server.port': expected an integer from 1 to 65535"},
    {"server = { port = 65536; };\n",
        "1: setting 'server.port': expected an integer from 1 to 65535"},
    {"server = { port = 70000L; };\n",
        "1: setting 'server.port': expected an integer from 1 to 65535"},
    {"server = { host = \"a b\"; };\n",
        "1: setting 'server.host': expected a host name or address of at "
        "most 255 characters, no spaces, not 'a b'"},
    {"server = { password = \"a\\nb\"; };\n",
        "1: setting 'server.password': expected a password of at most 255 "
        "characters, no control characters"},
    {"commands = { private = \"pm\"; };\n",
        "1: setting 'commands.private': expected \"notice\" or "
        "\"privmsg\""},
    {"commands = { private = 1; };\n",
        "1: setting 'commands.private': expected \"notice\" or "
        "\"privmsg\""},
    {"database = [ \"a.db\" ];\n", "1: setting 'database': expected a string"},
    {"database = \"\";\n", "1: setting 'database': expected a file "
                           "path, no control characters, not ''"},
    /* nicks */
    {"identity = { nick = \"9lives\"; };\n",
        "1: setting 'identity.nick': expected a nick of 1 to 30 letters, "
        "digits or []\\`_^{|}-, not starting with a digit or '-', not "
        "'9lives'"},
    {"identity = { nick = \"-bot\"; };\n",
        "1: setting 'identity.nick': expected a nick of 1 to 30 letters, "
        "digits or []\\`_^{|}-, not starting with a digit or '-', not "
        "'-bot'"},
    {"identity = { nick = \"bot!\"; };\n",
        "1: setting 'identity.nick': expected a nick of 1 to 30 letters, "
        "digits or []\\`_^{|}-, not starting with a digit or '-', not "
        "'bot!'"},
    {"identity = { nick = \"abcdefghijabcdefghijabcdefghijk\"; };\n",
        "1: setting 'identity.nick': expected a nick of 1 to 30 letters, "
        "digits or []\\`_^{|}-, not starting with a digit or '-', not "
        "'abcdefghijabcdefghijabcdefghijk'"},
    {"identity = {\n  alt_nicks = [ \"ok\",\n    \"not ok\" ];\n};\n",
        "3: setting 'identity.alt_nicks': expected a nick of 1 to 30 "
        "letters, digits or []\\`_^{|}-, not starting with a digit or "
        "'-', not 'not ok'"},
    {"identity = {\n  alt_nicks = ( \"ok\",\n    7 );\n};\n",
        "3: setting 'identity.alt_nicks': expected a string"},
    {"identity = { alt_nicks = [ \"CheaterBot\" ]; };\n",
        "1: setting 'identity.alt_nicks': nick 'CheaterBot' is listed "
        "twice"},
    /* a clash the final check finds: the nick is a default alternate */
    {"identity = { nick = \"cheaterbot_\"; };\n",
        " setting 'identity.alt_nicks': nick 'cheaterbot_' is listed "
        "twice"},
    {"identity = { user = \"a@b\"; };\n",
        "1: setting 'identity.user': expected a user name of 1 to 30 "
        "characters, no spaces, '@' or control characters, not 'a@b'"},
    {"identity = { realname = \"\"; };\n",
        "1: setting 'identity.realname': expected 1 to 200 characters, "
        "no control characters, not ''"},
    /* channels */
    {"channels = [ \"cheater\" ];\n",
        "1: setting 'channels': expected a channel: '#' or '&' and 1 to 49 "
        "more characters, no spaces, commas or control characters, not "
        "'cheater'"},
    {"channels = [ \"#a,#b\" ];\n",
        "1: setting 'channels': expected a channel: '#' or '&' and 1 to 49 "
        "more characters, no spaces, commas or control characters, not "
        "'#a,#b'"},
    {"channels = [ \"#a b\" ];\n",
        "1: setting 'channels': expected a channel: '#' or '&' and 1 to 49 "
        "more characters, no spaces, commas or control characters, not "
        "'#a b'"},
    {"channels = [ \"#\" ];\n",
        "1: setting 'channels': expected a channel: '#' or '&' and 1 to 49 "
        "more characters, no spaces, commas or control characters, not "
        "'#'"},
    {"channels = [ \"#a\\x07\" ];\n",
        "1: setting 'channels': expected a channel: '#' or '&' and 1 to 49 "
        "more characters, no spaces, commas or control characters, not "
        "'#a\a'"},
    {"channels = [ \"#abcdefghijabcdefghijabcdefghijabcdefghijabcdefghij"
     "\" ];\n",
        "1: setting 'channels': expected a channel: '#' or '&' and 1 to 49 "
        "more characters, no spaces, commas or control characters, not "
        "'#abcdefghijabcdefghijabcdefghijabcdefghijabcdefghij'"},
    {"channels = [ ];\n", "1: setting 'channels': expected at least 1 channel"},
    {"channels = \"#cheater\";\n",
        "1: setting 'channels': expected a list of strings"},
    {"channels = [ \"#Cheater\", \"#cheater\" ];\n",
        "1: setting 'channels': channel '#cheater' is listed twice"},
    /* commands */
    {"commands = { prefix = \"\"; };\n",
        "1: setting 'commands.prefix': expected 1 to 3 printable "
        "characters, no spaces, not ''"},
    {"commands = { prefix = \"!!!!\"; };\n",
        "1: setting 'commands.prefix': expected 1 to 3 printable "
        "characters, no spaces, not '!!!!'"},
    {"commands = { prefix = \"! \"; };\n",
        "1: setting 'commands.prefix': expected 1 to 3 printable "
        "characters, no spaces, not '! '"},
    {"commands = { admins = [ \"alice\", \"\" ]; };\n",
        "1: setting 'commands.admins': expected an account name or "
        "nick!user@host mask, no spaces, not ''"},
    {"commands = { admins = [ \"bob smith\" ]; };\n",
        "1: setting 'commands.admins': expected an account name or "
        "nick!user@host mask, no spaces, not 'bob smith'"},
    /* timers */
    {"timers = { turn = 5; };\n",
        "1: setting 'timers.turn': expected a number of seconds from 10 "
        "to 3600"},
    {"timers = { turn = \"90\"; };\n",
        "1: setting 'timers.turn': expected a number of seconds from 10 "
        "to 3600"},
    {"timers = { challenge_tie = -0.5; };\n",
        "1: setting 'timers.challenge_tie': expected a number of seconds "
        "from 0 to 10"},
    {"timers = { max_timeouts = 2.5; };\n",
        "1: setting 'timers.max_timeouts': expected an integer from 1 "
        "to 100"},
    {"timers = { max_timeouts = true; };\n",
        "1: setting 'timers.max_timeouts': expected an integer from 1 "
        "to 100"},
    {"timers = {\n  turn = 60;\n  turn_warning = 60;\n};\n",
        "3: setting 'timers.turn_warning': expected a number of seconds "
        "below timers.turn (60)"},
    {"timers = {\n  turn = 15;\n};\n",
        "2: setting 'timers.turn': expected a number of seconds above "
        "timers.turn_warning (20)"},
    {"timers = { lobby_start = 700; };\n",
        "1: setting 'timers.lobby_start': expected a number of seconds "
        "below timers.lobby_expire (600)"},
    {"timers = { challenge_min = 11; };\n",
        "1: setting 'timers.challenge_min': expected a number of seconds "
        "at most timers.challenge_close (10)"},
    /* flood and reconnect */
    {"flood = { burst = 0; };\n",
        "1: setting 'flood.burst': expected an integer from 1 to 20"},
    {"flood = { burst = 21; };\n",
        "1: setting 'flood.burst': expected an integer from 1 to 20"},
    {"flood = { interval = 0.05; };\n",
        "1: setting 'flood.interval': expected a number of seconds from "
        "0.1 to 60"},
    {"flood = { interval = 61; };\n",
        "1: setting 'flood.interval': expected a number of seconds from "
        "0.1 to 60"},
    {"reconnect = {\n  min = 10;\n  max = 5;\n};\n",
        "2: setting 'reconnect.min': expected a number of seconds at most "
        "reconnect.max (5)"},
    {"reconnect = { max = 4; };\n",
        "1: setting 'reconnect.max': expected a number of seconds at least "
        "reconnect.min (5)"},
    /* games */
    {"games = 1;\n", "1: setting 'games': expected a group of game "
                     "names"},
    {"games = {\n  poker = { decks = 1; };\n};\n",
        "2: setting 'games.poker': no game named 'poker'"},
    {"games = { chea = { decks = 1; }; };\n",
        "1: setting 'games.chea': no game named 'chea'"},
    {"games = { cheat = 1; };\n",
        "1: setting 'games.cheat': expected a group of options"},
    {"games = { cheat = {\n  decks = 3;\n}; };\n",
        "2: setting 'games.cheat.decks': option 'decks' takes a value "
        "from 0 to 2"},
    {"games = { cheat = { loser = 2; }; };\n",
        "1: setting 'games.cheat.loser': option 'loser' takes a value "
        "from 0 to 1"},
    {"games = { cheat = { jokers = 1; }; };\n",
        "1: setting 'games.cheat.jokers': cheat has no option 'jokers'"},
    {"games = { cheat = { loser = \"yes\"; }; };\n",
        "1: setting 'games.cheat.loser': expected an integer or "
        "true/false"},
};

/* Each bad file fails with its exact cause and leaves c as it was: some
 * set good values before the bad one. */
static void
test_bad_files(void **state)
{
	struct conf c, want;
	char *cause, *expect;
	const char *path;
	size_t i;

	(void)state;
	conf_defaults(&want);
	for (i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
		path = write_file("bad.cfg", bad_cases[i].text);
		conf_defaults(&c);
		cause = NULL;
		if (conf_load(&c, path, &cause) != -1)
			fail_msg(
			    "bad case %zu loaded:\n%s", i, bad_cases[i].text);
		assert_non_null(cause);
		expect = xasprintf("%s:%s", path, bad_cases[i].cause);
		if (strcmp(cause, expect) != 0)
			fail_msg("bad case %zu:\n got  '%s'\n want '%s'", i,
			    cause, expect);
		assert_conf_equal(&c, &want);
		free(expect);
		free(cause);
		conf_free(&c);
	}
	conf_free(&want);
}

/* A failed load keeps what an earlier good load set, not the defaults. */
static void
test_failure_keeps_values(void **state)
{
	struct conf c, before;
	char *cause = NULL;
	const char *good = write_file("keep-good.cfg", full_cfg);
	const char *bad = write_file("keep-bad.cfg",
	    "server = { host = \"other.example\"; port = 1; };\n"
	    "channels = [ \"#x\" ];\n"
	    "games = { cheat = { decks = 1; }; };\n"
	    "timers = { turn = 1; };\n");

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

static void
test_missing_file(void **state)
{
	struct conf c, want;
	char *cause = NULL, *path, *expect;

	(void)state;
	path = xasprintf("%s/no-such.cfg", tmpdir);
	conf_defaults(&c);
	conf_defaults(&want);
	assert_int_equal(conf_load(&c, path, &cause), -1);
	expect =
	    xasprintf("could not read '%s': No such file or directory", path);
	assert_string_equal(cause, expect);
	assert_conf_equal(&c, &want);
	free(expect);
	free(cause);
	free(path);
	conf_free(&want);
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
	    write_file("main.cfg", "server = {\n"
	                           "  host = \"inc.example\";\n"
	                           "  @include \"secret.cfg\"\n"
	                           "};\n");
	const char *secret;

	(void)state;
	write_file("secret.cfg", "password = \"s3cret\";\n");
	conf_defaults(&c);
	assert_int_equal(conf_load(&c, main_path, &cause), 0);
	assert_string_equal(c.server, "inc.example");
	assert_string_equal(c.password, "s3cret");

	secret = write_file("secret.cfg", "\nport = 0;\n");
	assert_int_equal(conf_load(&c, main_path, &cause), -1);
	expect = xasprintf("%s:2: setting 'server.port': expected an integer "
	                   "from 1 to 65535",
	    secret);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);

	write_file("secret.cfg", "port =\n 9999999999;\n");
	assert_int_equal(conf_load(&c, main_path, &cause), -1);
	expect = xasprintf("%s:2: integer 9999999999 is out of range", secret);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);

	write_file("secret.cfg", "port = ;\n");
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
	const char *path = write_file("numbers.cfg",
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

/* A '%' in any string is data, never a format. */
static void
test_percent_harmless(void **state)
{
	struct conf c;
	char *cause = NULL, *expect;
	const char *path = write_file("percent.cfg",
	    "server = { password = \"%s%n%x\"; };\n"
	    "identity = { realname = \"%s%n%x\"; };\n"
	    "commands = { prefix = \"%\"; admins = [ \"%n%n\" ]; };\n"
	    "database = \"%s%s.db\";\n");
	const char *bad = write_file(
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
	    conf_list_add(c.channels, &c.nchannels, "channel", "%s%n", &cause),
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
	conf_list_clear(c.channels, &c.nchannels);
	assert_int_equal(c.nchannels, 0);
	assert_null(c.channels[0]);
	assert_int_equal(
	    conf_list_add(c.channels, &c.nchannels, "channel", "#a", &cause),
	    0);
	assert_int_equal(
	    conf_list_add(c.channels, &c.nchannels, "channel", "&b", &cause),
	    0);
	assert_int_equal(c.nchannels, 2);
	assert_string_equal(c.channels[0], "#a");
	assert_string_equal(c.channels[1], "&b");

	assert_int_equal(
	    conf_list_add(c.channels, &c.nchannels, "channel", "c", &cause),
	    -1);
	assert_string_equal(cause,
	    "expected a channel: '#' or '&' and 1 to "
	    "49 more characters, no spaces, commas or control characters, "
	    "not 'c'");
	free(cause);
	assert_int_equal(
	    conf_list_add(c.channels, &c.nchannels, "channel", "#A", &cause),
	    -1);
	assert_string_equal(cause, "channel '#A' is listed twice");
	free(cause);
	/* rfc1459 case mapping: {}|^ are the lower case of []\~ */
	assert_int_equal(
	    conf_list_add(c.channels, &c.nchannels, "channel", "#x[]", &cause),
	    0);
	assert_int_equal(
	    conf_list_add(c.channels, &c.nchannels, "channel", "#X{}", &cause),
	    -1);
	free(cause);
	assert_int_equal(c.nchannels, 3);

	for (i = c.nchannels; i < CONF_MAX_LIST; i++) {
		snprintf(name, sizeof name, "#c%d", i);
		assert_int_equal(conf_list_add(c.channels, &c.nchannels,
		                     "channel", name, &cause),
		    0);
	}
	assert_int_equal(
	    conf_list_add(c.channels, &c.nchannels, "channel", "#full", &cause),
	    -1);
	assert_string_equal(cause, "expected at most 32 channels");
	free(cause);
	assert_int_equal(c.nchannels, CONF_MAX_LIST);
	assert_int_equal(conf_validate(&c, &cause), 0);
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
	    conf_list_add(c.admins, &c.nadmins, "admin", "carol", &cause), 0);
	assert_int_equal(
	    conf_list_add(c.admins, &c.nadmins, "admin", "a b", NULL),
	    -1); /* a NULL cause is allowed */
	assert_int_equal(c.nadmins, 1);
	assert_string_equal(c.admins[0], "carol");
	assert_int_equal(
	    conf_list_add(c.nicks, &c.nnicks, "nick", "cheaterbot___", &cause),
	    0);
	assert_int_equal(c.nnicks, 4);
	assert_int_equal(
	    conf_list_add(c.nicks, &c.nnicks, "nick", "CHEATERBOT", &cause),
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

	/* A new nick list from nothing: the first entry is the nick. */
	conf_list_clear(c.nicks, &c.nnicks);
	assert_int_equal(conf_validate(&c, NULL), -1);
	assert_int_equal(
	    conf_list_add(c.nicks, &c.nnicks, "nick", "solo", &cause), 0);
	assert_string_equal(c.nicks[0], "solo");
	assert_int_equal(conf_validate(&c, &cause), 0);
	conf_free(&c);
}

struct validate_case {
	void (*spoil)(struct conf *c);
	const char *cause;
};

static void
spoil_nick(struct conf *c)
{
	conf_set_string(&c->nicks[0], "9x");
}

static void
spoil_no_nick(struct conf *c)
{
	conf_list_clear(c->nicks, &c->nnicks);
}

static void
spoil_alt_nick(struct conf *c)
{
	conf_set_string(&c->nicks[2], "CheaterBot_");
}

static void
spoil_channels(struct conf *c)
{
	conf_list_clear(c->channels, &c->nchannels);
}

static void
spoil_channel(struct conf *c)
{
	conf_set_string(&c->channels[0], "cheater");
}

static void
spoil_host(struct conf *c)
{
	conf_set_string(&c->server, "");
}

static void
spoil_port(struct conf *c)
{
	c->port = 0;
}

static void
spoil_password(struct conf *c)
{
	conf_set_string(&c->password, "");
}

static void
spoil_prefix(struct conf *c)
{
	conf_set_string(&c->prefix, NULL);
}

static void
spoil_private(struct conf *c)
{
	c->private_notice = 2;
}

static void
spoil_warning(struct conf *c)
{
	c->turn_warn_ms = c->turn_ms;
}

static void
spoil_reconnect(struct conf *c)
{
	c->reconnect_min_ms = c->reconnect_max_ms + 1;
}

static void
spoil_interval(struct conf *c)
{
	c->flood_interval_ms = 99;
}

static void
spoil_decks(struct conf *c)
{
	c->variant_opts[cheat_index()].v[0] = 5;
}

static const struct validate_case validate_cases[] = {
    {spoil_nick, "setting 'identity.nick': expected a nick of 1 to 30 "
                 "letters, digits or []\\`_^{|}-, not starting with a digit or "
                 "'-', not '9x'"},
    {spoil_no_nick,
        "setting 'identity.nick': expected a nick of 1 to "
        "30 letters, digits or []\\`_^{|}-, not starting with a digit or "
        "'-'"},
    {spoil_alt_nick, "setting 'identity.alt_nicks': nick 'CheaterBot_' "
                     "is listed twice"},
    {spoil_channels, "setting 'channels': expected at least 1 channel"},
    {spoil_channel, "setting 'channels': expected a channel: '#' or '&' "
                    "and 1 to 49 more characters, no spaces, commas or control "
                    "characters, not 'cheater'"},
    {spoil_host, "setting 'server.host': expected a host name or address "
                 "of at most 255 characters, no spaces, not ''"},
    {spoil_port, "setting 'server.port': expected an integer from 1 to "
                 "65535"},
    {spoil_password, "setting 'server.password': expected a password of "
                     "at most 255 characters, no control characters"},
    {spoil_prefix, "setting 'commands.prefix': expected 1 to 3 printable "
                   "characters, no spaces"},
    {spoil_private, "setting 'commands.private': expected \"notice\" or "
                    "\"privmsg\""},
    {spoil_warning, "setting 'timers.turn_warning': expected a number "
                    "of seconds below timers.turn (90)"},
    {spoil_reconnect, "setting 'reconnect.min': expected a number of "
                      "seconds at most reconnect.max (300)"},
    {spoil_interval, "setting 'flood.interval': expected a number of "
                     "seconds from 0.1 to 60"},
    {spoil_decks, "setting 'games.cheat.decks': option 'decks' takes a "
                  "value from 0 to 2"},
};

static void
test_validate(void **state)
{
	struct conf c;
	char *cause;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof validate_cases / sizeof validate_cases[0]; i++) {
		conf_defaults(&c);
		assert_int_equal(conf_validate(&c, NULL), 0);
		validate_cases[i].spoil(&c);
		cause = NULL;
		if (conf_validate(&c, &cause) != -1)
			fail_msg("validate case %zu passed", i);
		if (strcmp(cause, validate_cases[i].cause) != 0)
			fail_msg("validate case %zu:\n got  '%s'\n want '%s'",
			    i, cause, validate_cases[i].cause);
		free(cause);
		assert_int_equal(conf_validate(&c, NULL), -1);
		conf_free(&c);
	}
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
	    conf_load(&c, write_file("other.cfg", full_cfg), &cause), 0);
	if (conf_load(&c, "config/cheaterbot.cfg", &cause) != 0)
		fail_msg("config/cheaterbot.cfg: %s", cause);
	assert_conf_equal(&c, &want);
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
	    cmocka_unit_test(test_bad_files),
	    cmocka_unit_test(test_failure_keeps_values),
	    cmocka_unit_test(test_missing_file),
	    cmocka_unit_test(test_include),
	    cmocka_unit_test(test_number_forms),
	    cmocka_unit_test(test_percent_harmless),
	    cmocka_unit_test(test_list_overrides),
	    cmocka_unit_test(test_other_overrides),
	    cmocka_unit_test(test_validate),
	    cmocka_unit_test(test_example_config),
	};

	return cmocka_run_group_tests(tests, suite_setup, suite_teardown);
}
