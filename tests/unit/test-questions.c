/*
 * Unit tests for the question file (config/questions.h): the shipped
 * config/questions.txt loads and is the kind of set it says it is; files
 * written into a temporary directory at run time load with the right
 * questions (comments, blank lines, whitespace, CRLF, UTF-8), and every
 * kind of bad file is refused with its exact "FILE:LINE: ..." cause.  Run
 * from the repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/questions.h"
#include "alloc/xalloc.h"
#include "tests/lib/conf-files.h"

/* Writes NAME: head (len bytes), then n filler questions; its path. */
static const char *
write_questions(const char *name, const char *head, size_t len, int n)
{
	char *filler = conf_files_questions(n), *text;
	size_t flen = strlen(filler);
	const char *path;

	text = xmalloc(len + flen);
	memcpy(text, head, len);
	memcpy(text + len, filler, flen);
	path = conf_files_write_bytes(name, text, len + flen);
	free(text);
	free(filler);
	return path;
}

/* The default set: enough for two decks, every question short and asked
 * as a question. */
static void
test_shipped_file(void **state)
{
	char *cause = NULL;
	struct questions *q = questions_load("config/questions.txt", &cause);
	const char *text;
	size_t len;
	int i;

	(void)state;
	if (q == NULL)
		fail_msg("%s", cause);
	assert_in_range(questions_count(q), 2 * QUESTIONS_MIN, 1000);
	for (i = 0; i < questions_count(q); i++) {
		text = questions_get(q, i);
		len = strlen(text);
		if (len < 10 || len >= 100 || text[len - 1] != '?')
			fail_msg("question %d is not a short question: '%s'",
			    i + 1, text);
	}
	questions_free(q);
}

/* The set built into the binary is the shipped file, question for
 * question, in the same order: the file is its one source. */
static void
test_builtin_set(void **state)
{
	char *cause = NULL;
	struct questions *file = questions_load("config/questions.txt",
	    &cause);
	struct questions *built = questions_builtin(&cause);
	int i;

	(void)state;
	if (file == NULL || built == NULL)
		fail_msg("%s", cause);
	assert_int_equal(questions_count(built), questions_count(file));
	for (i = 0; i < questions_count(file); i++)
		assert_string_equal(questions_get(built, i),
		    questions_get(file, i));
	questions_free(file);
	questions_free(built);
}

static const char good_head[] =
    "# A comment, then a blank line and one of spaces and a tab\n"
    "\n"
    "   \t \n"
    "What is your favourite card game?\n"
    "   Which suit do you like best?   \n"
    "\tWhat would you name a dragon?\t\n"
    "  # an indented comment\n"
    "Would you rather fly or swim?\r\n"
    "Quelle est ta couleur pr\xc3\xa9"
    "f\xc3\xa9r\xc3\xa9"
    "e ?\n"
    "What does %s%n%x print?\n"
    "Is a # in the middle kept?\n";

static void
test_good_file(void **state)
{
	const char *path =
	    write_questions("good.txt", good_head, sizeof good_head - 1, 50);
	char *cause = NULL;
	struct questions *q;

	(void)state;
	q = questions_load(path, &cause);
	if (q == NULL)
		fail_msg("%s", cause);
	assert_null(cause);
	assert_int_equal(questions_count(q), 7 + 50);
	assert_string_equal(
	    questions_get(q, 0), "What is your favourite card game?");
	assert_string_equal(
	    questions_get(q, 1), "Which suit do you like best?");
	assert_string_equal(
	    questions_get(q, 2), "What would you name a dragon?");
	assert_string_equal(
	    questions_get(q, 3), "Would you rather fly or swim?");
	assert_string_equal(questions_get(q, 4),
	    "Quelle est ta couleur pr\xc3\xa9"
	    "f\xc3\xa9r\xc3\xa9"
	    "e ?");
	assert_string_equal(questions_get(q, 5), "What does %s%n%x print?");
	assert_string_equal(questions_get(q, 6), "Is a # in the middle kept?");
	assert_string_equal(questions_get(q, 7), "Filler question 1?");
	assert_string_equal(questions_get(q, 56), "Filler question 50?");
	questions_free(q);
	questions_free(NULL);
}

/* Exactly QUESTIONS_MIN questions, one of them QUESTIONS_MAX_LEN bytes
 * long, with no newline after the last line and 4-byte UTF-8. */
static void
test_limits(void **state)
{
	char head[QUESTIONS_MAX_LEN + 64];
	char *filler = conf_files_questions(QUESTIONS_MIN - 2), *text;
	const char *path;
	struct questions *q;
	char *cause = NULL;

	(void)state;
	memset(head, 'a', QUESTIONS_MAX_LEN - 1);
	head[QUESTIONS_MAX_LEN - 1] = '?';
	head[QUESTIONS_MAX_LEN] = '\0';
	text = xasprintf("%s\n%sAn emoji \xf0\x9f\x83\x8f?", head, filler);
	path = conf_files_write("limits.txt", text);
	q = questions_load(path, &cause);
	if (q == NULL)
		fail_msg("%s", cause);
	assert_int_equal(questions_count(q), QUESTIONS_MIN);
	assert_int_equal(strlen(questions_get(q, 0)), QUESTIONS_MAX_LEN);
	assert_string_equal(
	    questions_get(q, QUESTIONS_MIN - 1), "An emoji \xf0\x9f\x83\x8f?");
	questions_free(q);
	free(text);
	free(filler);
}

struct bad_case {
	const char *line; /* the third line of the file */
	size_t len;
	const char *cause; /* after "FILE:" */
};

#define BYTES(s) s, sizeof s - 1

static const struct bad_case bad_cases[] = {
    /* not UTF-8 */
    {BYTES("Caf\xe9?"), "3: invalid UTF-8 at byte 4"},
    {BYTES("Ends in a lone lead byte?\xc3"), "3: invalid UTF-8 at byte 26"},
    {BYTES("Overlong \xc0\xaf slash?"), "3: invalid UTF-8 at byte 10"},
    {BYTES("Overlong \xe0\x80\xaf three?"), "3: invalid UTF-8 at byte 10"},
    {BYTES("A surrogate \xed\xa0\x80?"), "3: invalid UTF-8 at byte 13"},
    {BYTES("Beyond U+10FFFF \xf4\x90\x80\x80?"), "3: invalid UTF-8 at byte 17"},
    {BYTES("A stray \x80 continuation?"), "3: invalid UTF-8 at byte 9"},
    /* control characters */
    {BYTES("A\ttab?"), "3: control character 0x09 at byte 2; questions are "
                       "plain text"},
    {BYTES("A bell\a?"), "3: control character 0x07 at byte 7; questions "
                         "are plain text"},
    {BYTES("A CR\r inside?"), "3: control character 0x0D at byte 5; "
                              "questions are plain text"},
    {BYTES("Delete\x7f?"), "3: control character 0x7F at byte 7; questions "
                           "are plain text"},
    {BYTES("A C1 \xc2\x85 next line?"),
        "3: control character U+0085 at byte 6; questions are plain text"},
    {BYTES("  \x03"
           "4Red?"),
        "3: IRC formatting code 0x03 at byte 3; questions are plain text"},
    {BYTES("\x02"
           "Bold?"),
        "3: IRC formatting code 0x02 at byte 1; questions are plain text"},
    {BYTES("Under\x1fline?"), "3: IRC formatting code 0x1F at byte 6; "
                              "questions are plain text"},
    {BYTES("Reset\x0f?"), "3: IRC formatting code 0x0F at byte 6; questions "
                          "are plain text"},
    /* the bot's markup */
    {BYTES("Which {card} is best?"),
        "3: '{' at byte 7; braces are the bot's markup and cannot be in a "
        "question"},
    {BYTES("A closing } brace?"),
        "3: '}' at byte 11; braces are the bot's markup and cannot be in "
        "a question"},
    /* NUL, in a question or in a comment */
    {BYTES("Nul\0here?"), "3: NUL character at byte 4"},
    {BYTES("# a comment with a \0 in it"), "3: NUL character at byte 20"},
    /* the same question again, ignoring ASCII case and trimmed */
    {BYTES("  first QUESTION? "), "3: the same question as line 2"},
};

/* The length case is built at run time: a question of one byte too many. */
static void
test_too_long(void **state)
{
	char line[QUESTIONS_MAX_LEN + 8], *cause = NULL, *expect;
	const char *path;
	struct questions *q;

	(void)state;
	memset(line, 'b', QUESTIONS_MAX_LEN);
	memcpy(line + QUESTIONS_MAX_LEN, "?\n", 3);
	path = write_questions("long.txt", line, strlen(line), 60);
	assert_null(questions_load(path, &cause));
	expect = xasprintf("%s:1: question of 301 bytes, at most 300", path);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);
	/* A comment as long is fine. */
	line[0] = '#';
	path = write_questions("long.txt", line, strlen(line), 60);
	q = questions_load(path, &cause);
	if (q == NULL)
		fail_msg("%s", cause);
	assert_int_equal(questions_count(q), 60);
	questions_free(q);
}

/* Each bad third line, between two good ones and 60 more after it. */
static void
test_bad_lines(void **state)
{
	char head[512], *cause, *expect;
	const char *path;
	struct questions *q;
	size_t i, n;

	(void)state;
	for (i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
		n = (size_t)snprintf(head, sizeof head,
		    "# a header\n"
		    "First question?\n");
		assert_true(n + bad_cases[i].len + 1 < sizeof head);
		memcpy(head + n, bad_cases[i].line, bad_cases[i].len);
		n += bad_cases[i].len;
		head[n++] = '\n';
		path = write_questions("bad.txt", head, n, 60);
		cause = NULL;
		q = questions_load(path, &cause);
		if (q != NULL)
			fail_msg("bad case %zu loaded", i);
		assert_non_null(cause);
		expect = xasprintf("%s:%s", path, bad_cases[i].cause);
		if (strcmp(cause, expect) != 0)
			fail_msg("bad case %zu:\n got  '%s'\n want '%s'", i,
			    cause, expect);
		free(expect);
		free(cause);
		assert_null(questions_load(path, NULL)); /* NULL cause is ok */
	}
}

/* Of several repeats, the first line that repeats an earlier one. */
static void
test_duplicates(void **state)
{
	static const char head[] = "Alpha?\n"
	                           "Beta?\n"
	                           "Gamma?\n"
	                           "beta?\n"
	                           "ALPHA?\n"
	                           "Beta?\n";
	char *cause = NULL, *expect;
	const char *path =
	    write_questions("dup.txt", head, sizeof head - 1, 60);

	(void)state;
	assert_null(questions_load(path, &cause));
	expect = xasprintf("%s:4: the same question as line 2", path);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);
}

static void
test_too_few(void **state)
{
	char *cause = NULL, *expect;
	const char *path;

	(void)state;
	path = write_questions("few.txt", BYTES("# one short\n\n"), 51);
	assert_null(questions_load(path, &cause));
	expect = xasprintf("%s: 51 questions, at least 52 are needed", path);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);

	path = conf_files_write("empty.txt", "");
	assert_null(questions_load(path, &cause));
	expect = xasprintf("%s: 0 questions, at least 52 are needed", path);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);
}

static void
test_unreadable(void **state)
{
	char *cause = NULL, *expect, *path;

	(void)state;
	path = xasprintf("%s/no-such.txt", conf_files_dir);
	assert_null(questions_load(path, &cause));
	expect = xasprintf("%s: cannot read: No such file or directory", path);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);
	free(path);

	assert_null(questions_load(conf_files_dir, &cause));
	expect = xasprintf("%s: cannot read: Is a directory", conf_files_dir);
	assert_string_equal(cause, expect);
	free(expect);
	free(cause);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_shipped_file),
	    cmocka_unit_test(test_builtin_set),
	    cmocka_unit_test(test_good_file),
	    cmocka_unit_test(test_limits),
	    cmocka_unit_test(test_too_long),
	    cmocka_unit_test(test_bad_lines),
	    cmocka_unit_test(test_duplicates),
	    cmocka_unit_test(test_too_few),
	    cmocka_unit_test(test_unreadable),
	};

	return cmocka_run_group_tests(
	    tests, conf_files_setup, conf_files_teardown);
}
