/*
 * Unit tests for the configuration (config/) that refuses: bad libconfig
 * files, each with its exact "FILE:LINE: setting 'NAME': ..." error and
 * leaving the conf as it was, a missing file, a bad question file (the
 * question set in use stays), and conf_validate() on every kind of spoiled
 * value.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/conf.h"
#include "alloc/xalloc.h"
#include "tests/lib/conf-files.h"

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
    {"server = { tls = 1; };\n",
        "1: setting 'server.tls': expected true or false"},
    {"server = { tls_verify = \"no\"; };\n",
        "1: setting 'server.tls_verify': expected true or false"},
    {"sasl = { account = \"a b\"; password = \"x\"; };\n",
        "1: setting 'sasl.account': expected an account name of 1 to 100 "
        "characters, no spaces or control characters, not 'a b'"},
    {"sasl = { password = \"x\\ty\"; };\n",
        "1: setting 'sasl.password': expected a password of at most 255 "
        "characters, no control characters"},
    {"sasl = { account = \"dealer\"; };\n",
        " setting 'sasl.password': expected a password with sasl.account"},
    {"sasl = { on_failure = \"quit\"; };\n",
        "1: setting 'sasl.on_failure': expected \"continue\" or "
        "\"disconnect\""},
    {"sasl = { nickserv = \"Nick Serv\"; };\n",
        "1: setting 'sasl.nickserv': expected a nick of 1 to 30 letters, "
        "digits or []\\`_^{|}-, not starting with a digit or '-', not "
        "'Nick Serv'"},
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
    {"timers = { turn = 0.5; };\n",
        "1: setting 'timers.turn': expected a number of seconds from 1 "
        "to 3600"},
    {"timers = { turn = \"90\"; };\n",
        "1: setting 'timers.turn': expected a number of seconds from 1 "
        "to 3600"},
    {"timers = { part_grace = 400; split_grace = 300; };\n",
        "1: setting 'timers.part_grace': expected a number of seconds at "
        "most timers.split_grace (300)"},
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
    {"timers = { answer = 301; };\n",
        "1: setting 'timers.answer': expected a number of seconds from 0 "
        "to 300"},
    {"timers = { answer = -1; };\n",
        "1: setting 'timers.answer': expected a number of seconds from 0 "
        "to 300"},
    /* the question file's setting */
    {"questions = \"q.txt\";\n", "1: setting 'questions': expected a group"},
    {"questions = {\n  file = \"q\\x01.txt\";\n};\n",
        "2: setting 'questions.file': expected a file path, no control "
        "characters, not 'q\001.txt'"},
    {"questions = { file = [ \"q.txt\" ]; };\n",
        "1: setting 'questions.file': expected a string"},
    {"questions = { path = \"q.txt\"; };\n",
        "1: unknown setting 'questions.path'"},
    /* the boards */
    {"stats = { min_games = 0; };\n",
        "1: setting 'stats.min_games': expected an integer from 1 to 1000"},
    {"stats = {\n  min_games = 1001;\n};\n",
        "2: setting 'stats.min_games': expected an integer from 1 to 1000"},
    {"stats = { min_games = \"5\"; };\n",
        "1: setting 'stats.min_games': expected an integer from 1 to 1000"},
    {"stats = 5;\n", "1: setting 'stats': expected a group"},
    {"stats = { min_game = 5; };\n", "1: unknown setting 'stats.min_game'"},
    /* the league */
    {"league = { provisional = -1; };\n",
        "1: setting 'league.provisional': expected an integer from 0 to "
        "1000"},
    {"league = {\n  provisional = 1001;\n};\n",
        "2: setting 'league.provisional': expected an integer from 0 to "
        "1000"},
    {"league = { provisional = 1.5; };\n",
        "1: setting 'league.provisional': expected an integer from 0 to "
        "1000"},
    {"log = { level = \"verbose\"; };\n",
        "1: setting 'log.level': expected \"error\", \"warn\", \"info\" or \"debug\""},
    {"export = { interval = 0.5; };\n",
        "1: setting 'export.interval': expected a number of seconds from 1 to 86400"},
    {"export = { dir = 7; };\n",
        "1: setting 'export.dir': expected a string"},
    {"network = \"libera chat\";\n",
        "1: setting 'network': expected a network's name of 1 to 32 "
        "letters, digits, '.', '-' or '_', not 'libera chat'"},
    {"league = { season = 0; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = 367; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = -1; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = \"0 days\"; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = \"367 days\"; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = \"weekly\"; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = \"7 day\"; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = \"1 days\"; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = \" 7\"; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = \"7days\"; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = \"Monthly\"; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = 7.5; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = true; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    {"league = { season = \"99999999999999999999\"; };\n",
        "1: setting 'league.season': expected \"monthly\", \"off\" or a number of days from 1 to 366 (\"30 days\")"},
    /* flood and reconnect */
    {"flood = { burst = 0; };\n",
        "1: setting 'flood.burst': expected an integer from 1 to 100"},
    {"flood = { burst = 101; };\n",
        "1: setting 'flood.burst': expected an integer from 1 to 100"},
    {"flood = { interval = 0.0005; };\n",
        "1: setting 'flood.interval': expected a number of seconds from "
        "0.001 to 60"},
    {"flood = { interval = 61; };\n",
        "1: setting 'flood.interval': expected a number of seconds from "
        "0.001 to 60"},
    {"flood = { user_burst = 0; };\n",
        "1: setting 'flood.user_burst': expected an integer from 1 to 100"},
    {"flood = { user_interval = -1; };\n",
        "1: setting 'flood.user_interval': expected a number of seconds "
        "from 0 to 60"},
    {"reconnect = {\n  min = 10;\n  max = 5;\n};\n",
        "2: setting 'reconnect.min': expected a number of seconds at most "
        "reconnect.max (5)"},
    {"reconnect = { max = 4; };\n",
        "1: setting 'reconnect.max': expected a number of seconds at least "
        "reconnect.min (10)"},
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
		path = conf_files_write("bad.cfg", bad_cases[i].text);
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

static void
test_missing_file(void **state)
{
	struct conf c, want;
	char *cause = NULL, *path, *expect;

	(void)state;
	path = xasprintf("%s/no-such.cfg", conf_files_dir);
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

/* A bad question file fails the load with the question file's own cause,
 * and the conf keeps every value, its question set included: what a
 * reload does with a bad edit. */
static void
test_bad_question_file(void **state)
{
	struct conf c;
	char *cause = NULL, *text, *cfg, *expect;
	const char *good, *bad, *path;
	struct questions *in_use;

	(void)state;
	text = conf_files_questions(QUESTIONS_MIN);
	good = conf_files_write("q-good.txt", text);
	free(text);
	text = conf_files_questions(QUESTIONS_MIN);
	memcpy(strstr(text, "question 3?"), "question {", 10);
	bad = conf_files_write("q-bad.txt", text);
	free(text);

	cfg = xasprintf("questions = { file = \"%s\"; };\n", good);
	path = conf_files_write("q-good.cfg", cfg);
	free(cfg);
	conf_defaults(&c);
	assert_int_equal(conf_load(&c, path, &cause), 0);
	in_use = c.questions;

	cfg = xasprintf("server = { port = 7000; };\n"
	                "questions = { file = \"%s\"; };\n"
	                "timers = { answer = 9; };\n",
	    bad);
	path = conf_files_write("q-bad.cfg", cfg);
	free(cfg);
	assert_int_equal(conf_load(&c, path, &cause), -1);
	expect = xasprintf("%s:3: '{' at byte 17; braces are the bot's "
	                   "markup and cannot be in a question",
	    bad);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);
	assert_ptr_equal(c.questions, in_use);
	assert_int_equal(questions_count(c.questions), QUESTIONS_MIN);
	assert_string_equal(c.questions_path, good);
	assert_int_equal(c.port, 6667);
	assert_int_equal(c.answer_ms, 20000);

	/* A question file that is not there. */
	cfg = xasprintf(
	    "questions = { file = \"%s/none.txt\"; };\n", conf_files_dir);
	path = conf_files_write("q-none.cfg", cfg);
	free(cfg);
	assert_int_equal(conf_load(&c, path, &cause), -1);
	expect = xasprintf("%s/none.txt: cannot read: No such file or "
	                   "directory",
	    conf_files_dir);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);
	assert_ptr_equal(c.questions, in_use);

	/* conf_load_questions() on its own: c stays as it was. */
	conf_set_string(&c.questions_path, bad);
	assert_int_equal(conf_load_questions(&c, NULL), -1);
	assert_ptr_equal(c.questions, in_use);
	/* No file named: the built-in set, which loads. */
	conf_set_string(&c.questions_path, NULL);
	assert_int_equal(conf_load_questions(&c, &cause), 0);
	assert_ptr_not_equal(c.questions, in_use);
	assert_true(questions_count(c.questions) >= 2 * QUESTIONS_MIN);
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
	conf_list_clear(&c->nicks, &c->nnicks);
}

static void
spoil_alt_nick(struct conf *c)
{
	conf_set_string(&c->nicks[2], "CheaterBot_");
}

static void
spoil_channels(struct conf *c)
{
	conf_list_clear(&c->channels, &c->nchannels);
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
spoil_tls(struct conf *c)
{
	c->tls_verify = 2;
}

static void
spoil_sasl_password(struct conf *c)
{
	conf_set_string(&c->sasl_account, "dealer");
}

static void
spoil_sasl_account(struct conf *c)
{
	conf_set_string(&c->sasl_password, "sesame");
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
	c->flood_interval_ms = 0;
}

static void
spoil_answer(struct conf *c)
{
	c->answer_ms = 300001;
}

static void
spoil_min_games(struct conf *c)
{
	c->stats_min_games = 0;
}

static void
spoil_season(struct conf *c)
{
	c->league_season = 367;
}

static void
spoil_provisional(struct conf *c)
{
	c->league_provisional = 1001;
}

/* "" in the file means none (NULL: the built-in set); set directly it
 * is no path. */
static void
spoil_questions(struct conf *c)
{
	conf_set_string(&c->questions_path, "");
}

static void
spoil_decks(struct conf *c)
{
	c->variant_opts[conf_files_cheat_index()].v[0] = 5;
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
    {spoil_tls, "setting 'server.tls_verify': expected true or false"},
    {spoil_sasl_password, "setting 'sasl.password': expected a password "
                          "with sasl.account"},
    {spoil_sasl_account, "setting 'sasl.account': expected an account "
                         "with sasl.password"},
    {spoil_prefix, "setting 'commands.prefix': expected 1 to 3 printable "
                   "characters, no spaces"},
    {spoil_private, "setting 'commands.private': expected \"notice\" or "
                    "\"privmsg\""},
    {spoil_warning, "setting 'timers.turn_warning': expected a number "
                    "of seconds below timers.turn (90)"},
    {spoil_reconnect, "setting 'reconnect.min': expected a number of "
                      "seconds at most reconnect.max (300)"},
    {spoil_interval, "setting 'flood.interval': expected a number of "
                     "seconds from 0.001 to 60"},
    {spoil_answer, "setting 'timers.answer': expected a number of "
                   "seconds from 0 to 300"},
    {spoil_min_games, "setting 'stats.min_games': expected an integer "
                      "from 1 to 1000"},
    {spoil_provisional, "setting 'league.provisional': expected an "
                        "integer from 0 to 1000"},
    {spoil_season, "setting 'league.season': expected \"monthly\", "
                   "\"off\" or a number of days from 1 to 366 "
                   "(\"30 days\")"},
    {spoil_questions, "setting 'questions.file': expected a file path, "
                      "no control characters, not ''"},
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_bad_files),
	    cmocka_unit_test(test_missing_file),
	    cmocka_unit_test(test_bad_question_file),
	    cmocka_unit_test(test_validate),
	};

	return cmocka_run_group_tests(
	    tests, conf_files_setup, conf_files_teardown);
}
