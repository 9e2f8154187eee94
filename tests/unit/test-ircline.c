/*
 * Unit tests of bot/net/ircline.c, the parser and sanitizer every server line
 * goes through before libircclient sees it: tags are skipped but the
 * account kept, the 15-parameter rule, refusal of lines that are not IRC,
 * round trips through ircline_format(), the 510-byte cut on a UTF-8
 * boundary, and the stream reader (CR LF, bare LF, split reads, and an
 * over-long line that must be cut and never stall the stream).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bot/net/ircline.h"

static struct ircline *
parse_ok(const char *line)
{
	static struct ircline m;

	assert_int_equal(ircline_parse(&m, line, strlen(line)), 0);
	return &m;
}

static void
test_parse_basic(void **state)
{
	struct ircline *m;

	(void)state;
	m = parse_ok(":nick!user@host PRIVMSG #chan :hello there");
	assert_string_equal(m->prefix, "nick!user@host");
	assert_string_equal(m->command, "PRIVMSG");
	assert_int_equal(m->nparams, 2);
	assert_string_equal(m->params[0], "#chan");
	assert_string_equal(m->params[1], "hello there");
	assert_null(m->account);

	m = parse_ok("PING :irc.test");
	assert_null(m->prefix);
	assert_string_equal(m->command, "PING");
	assert_int_equal(m->nparams, 1);
	assert_string_equal(m->params[0], "irc.test");

	m = parse_ok(":irc.test 001 bot :Welcome to the net");
	assert_string_equal(m->command, "001");
	assert_string_equal(m->params[0], "bot");

	/* Extra spaces between words, a trailing that is empty, a middle
	 * last parameter. */
	m = parse_ok(":a!b@c  MODE   #c  +o   bob ");
	assert_int_equal(m->nparams, 3);
	assert_string_equal(m->params[2], "bob");
	m = parse_ok(":a!b@c PRIVMSG #c :");
	assert_int_equal(m->nparams, 2);
	assert_string_equal(m->params[1], "");
	m = parse_ok(":a!b@c QUIT");
	assert_int_equal(m->nparams, 0);
}

static void
test_parse_tags(void **state)
{
	struct ircline *m;
	char line[300];

	(void)state;
	m = parse_ok("@time=2024-01-01T00:00:00Z;account=al\\sice;msgid=x "
	             ":al!a@h PRIVMSG #c :!games");
	assert_string_equal(m->account, "al ice");
	assert_string_equal(m->prefix, "al!a@h");
	assert_string_equal(m->command, "PRIVMSG");
	assert_string_equal(m->params[1], "!games");

	m = parse_ok("@account=bob :bob!b@h JOIN #c");
	assert_string_equal(m->account, "bob");

	/* No account, an empty one, a key that only ends in account. */
	m = parse_ok("@+draft/x=1;myaccount=zz;account= :x!y@z JOIN #c");
	assert_null(m->account);
	assert_string_equal(m->command, "JOIN");

	/* Too long to be an account: ignored, the line still parses. */
	memset(line, 'a', sizeof line);
	memcpy(line, "@account=", 9);
	snprintf(line + 200, sizeof line - 200, " :x!y@z JOIN #c");
	m = parse_ok(line);
	assert_null(m->account);
	assert_string_equal(m->params[0], "#c");
}

static void
test_parse_fifteen(void **state)
{
	struct ircline *m;

	(void)state;
	m = parse_ok(
	    ":s 005 me A B C D E F G H I J K L M N O P :are supported");
	assert_int_equal(m->nparams, 15);
	assert_string_equal(m->params[13], "M");
	/* The 15th takes the rest of the line, as RFC 2812 says. */
	assert_string_equal(m->params[14], "N O P :are supported");

	m = parse_ok("CMD 1 2 3 4 5 6 7 8 9 10 11 12 13 14 :last one");
	assert_int_equal(m->nparams, 15);
	assert_string_equal(m->params[14], "last one");
}

static void
test_parse_refused(void **state)
{
	struct ircline m;
	static const char *bad[] = {
	    "",
	    "   ",
	    ":onlyprefix",
	    ": PRIVMSG #c :x",
	    "@tags-only",
	    ":p 1234 x",
	    ":p 12 x",
	    ":p PRIV-MSG x",
	    "@a=b :p",
	    ":p :x",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_int_equal(ircline_parse(&m, bad[i], strlen(bad[i])), -1);

	/* A NUL ends the line. */
	assert_int_equal(ircline_parse(&m, "PING\0 :x", 8), 0);
	assert_int_equal(m.nparams, 0);
}

static void
test_format_round_trip(void **state)
{
	static const char *lines[] = {
	    ":nick!user@host PRIVMSG #chan :hello there",
	    "PING irc.test",
	    ":a!b@c PRIVMSG #c :",
	    ":a!b@c PRIVMSG #c ::-)",
	    ":s 353 me = #c :@op +voice plain",
	    ":a!b@c QUIT",
	};
	char out[IRCLINE_MAX + 1];
	struct ircline m;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		assert_int_equal(
		    ircline_parse(&m, lines[i], strlen(lines[i])), 0);
		assert_int_equal(
		    ircline_format(&m, out, sizeof out), (int)strlen(lines[i]));
		assert_string_equal(out, lines[i]);
	}

	/* The colon is added only where needed, tags are dropped. */
	assert_int_equal(ircline_parse(&m, "@a=b PRIVMSG #c :word", 21), 0);
	ircline_format(&m, out, sizeof out);
	assert_string_equal(out, "PRIVMSG #c word");

	/* Too small a buffer is refused, not cut. */
	assert_int_equal(ircline_format(&m, out, 10), -1);
	m.params[0] = "has space";
	assert_int_equal(ircline_format(&m, out, sizeof out), -1);
}

static void
test_cut_utf8(void **state)
{
	/* "é" is c3 a9, "€" e2 82 ac, "𝄞" f0 9d 84 9e. */
	const char *s = "ab\xc3\xa9"
	                "c\xe2\x82\xac"
	                "\xf0\x9d\x84\x9e";
	size_t len = strlen(s);

	(void)state;
	assert_int_equal(ircline_cut(s, len, 100), len);
	assert_int_equal(ircline_cut(s, len, 4), 4); /* after é */
	assert_int_equal(ircline_cut(s, len, 3), 2); /* not inside é */
	assert_int_equal(ircline_cut(s, len, 6), 5); /* not inside € */
	assert_int_equal(ircline_cut(s, len, 7), 5);
	assert_int_equal(ircline_cut(s, len, 8), 8);
	assert_int_equal(ircline_cut(s, len, 10), 8); /* not inside 𝄞 */
	assert_int_equal(ircline_cut(s, len, 11), 8);

	/* Latin-1 or broken text is cut at the limit. */
	assert_int_equal(ircline_cut("abc\xa9\xa9\xa9\xa9\xa9", 8, 6), 6);
	assert_int_equal(ircline_cut("ab\xe9\xa9xyz", 7, 3), 3);
	assert_int_equal(ircline_cut("a\xc3\xa9\xa9", 4, 3), 3);
}

static void
test_sanitize(void **state)
{
	char big[2000], out[IRCLINE_MAX + 1];
	size_t n, i;

	(void)state;
	n = ircline_sanitize(out, "@a=b;c :x!y@z PRIVMSG #c :hi", 28);
	assert_string_equal(out, ":x!y@z PRIVMSG #c :hi");
	assert_int_equal(n, strlen(out));

	n = ircline_sanitize(out, "PRIVMSG #c :a\0b\rc", 18);
	assert_string_equal(out, "PRIVMSG #c :abc");

	/* 2000 bytes of text: cut to 510. */
	memcpy(big, ":x!y@z PRIVMSG #c :", 19);
	memset(big + 19, 'q', sizeof big - 19);
	n = ircline_sanitize(out, big, sizeof big);
	assert_int_equal(n, IRCLINE_MAX);
	assert_int_equal(strlen(out), IRCLINE_MAX);

	/* ... and never inside a character. */
	for (i = 19; i + 1 < sizeof big; i += 2) {
		big[i] = (char)0xc3;
		big[i + 1] = (char)0xa9;
	}
	big[19] = 'q';
	n = ircline_sanitize(out, big, sizeof big);
	assert_int_equal(n, IRCLINE_MAX - 1);
	assert_int_equal((unsigned char)out[n - 1], 0xa9);
}

/* Feeds data in pieces of step bytes; collects the lines "|"-joined. */
static char *
read_all(const char *data, size_t n, size_t step)
{
	static struct ircline_reader reader;
	struct ircline_reader *r = &reader;
	static char got[4096];
	size_t off = 0, used = 0, chunk, took, len;
	char *line;

	ircline_reader_init(r);
	got[0] = '\0';
	while (off < n) {
		chunk = n - off < step ? n - off : step;
		while (chunk > 0) {
			took = ircline_reader_feed(r, data + off, chunk);
			off += took;
			chunk -= took;
			line = ircline_reader_line(r, &len);
			if (line == NULL)
				continue;
			if (len > 40) {
				snprintf(got + used, sizeof got - used,
				    "[%zu %c]|", len, line[0]);
			} else
				snprintf(
				    got + used, sizeof got - used, "%s|", line);
			used = strlen(got);
		}
	}
	return got;
}

static void
test_reader(void **state)
{
	static const char s[] = "PING :a\r\nPING :b\nPRIVMSG #c :x\r\r\n"
	                        "\r\nPART #c\r\npartial";
	size_t step;

	(void)state;
	for (step = 1; step <= sizeof s; step++) {
		assert_string_equal(read_all(s, sizeof s - 1, step),
		    "PING :a|PING :b|PRIVMSG #c :x\r||PART #c|");
	}
}

static void
test_reader_overlong(void **state)
{
	static char s[3 * IRCLINE_READ_MAX + 64];
	size_t n = 3 * IRCLINE_READ_MAX, step;
	static const size_t steps[] = {1, 7, 512, 8192, 100000};
	size_t i;

	(void)state;
	memset(s, 'x', n);
	s[0] = 'L';
	/* No LF for 3 x 8 KiB: one cut line, the rest thrown away up to the
	 * LF, and the next line arrives whole. */
	memcpy(s + n, "\r\nPING :after\r\n", 15);
	for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		step = steps[i];
		assert_string_equal(
		    read_all(s, n + 15, step), "[8192 L]|PING :after|");
	}
	/* A line of exactly 8192 bytes and its CR LF is kept whole. */
	memset(s, 'y', IRCLINE_READ_MAX);
	memcpy(s + IRCLINE_READ_MAX, "\r\nA\n", 4);
	assert_string_equal(
	    read_all(s, IRCLINE_READ_MAX + 4, 1000), "[8192 y]|A|");
	/* One byte more is cut, and the stream goes on. */
	memset(s, 'z', IRCLINE_READ_MAX + 1);
	memcpy(s + IRCLINE_READ_MAX + 1, "\nB\n", 3);
	assert_string_equal(
	    read_all(s, IRCLINE_READ_MAX + 4, 3), "[8192 z]|B|");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_parse_basic),
	    cmocka_unit_test(test_parse_tags),
	    cmocka_unit_test(test_parse_fifteen),
	    cmocka_unit_test(test_parse_refused),
	    cmocka_unit_test(test_format_round_trip),
	    cmocka_unit_test(test_cut_utf8),
	    cmocka_unit_test(test_sanitize),
	    cmocka_unit_test(test_reader),
	    cmocka_unit_test(test_reader_overlong),
	};

	return cmocka_run_group_tests_name("ircline", tests, NULL, NULL);
}
