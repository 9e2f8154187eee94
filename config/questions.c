/*
 * Loading a question file (questions.h): read line by line, each line
 * trimmed and checked on its own (bytes, UTF-8, length), then the whole
 * set checked for questions given twice (sorted, so a big file costs
 * n log n) and for its size.  Every error names the file and, where there
 * is one, the line; the text of a bad line is never repeated, so nothing
 * read from the file reaches a format string or a terminal.
 */
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/game.h"
#include "../alloc/xalloc.h"
#include "questions.h"

/* questions_builtin_text: config/questions.txt as one C string, made by
 * the Makefile when the file changes. */
#include "questions-text.h"

struct questions {
	char **text; /* n strings, in file order */
	int n;
};

/* A loaded question with its line, for the duplicate check. */
struct questions_entry {
	const char *text;
	int line;
};

/* What questions_load() has read so far. */
struct questions_reader {
	const char *path;
	char **cause;
	struct questions *q;
	int *lines; /* the line of each question */
	int cap;
};

/* Sets *cause to "FILE:LINE: " and the formatted rest; -1. */
static int __attribute__((format(printf, 3, 4)))
questions_fail(struct questions_reader *rd, int line, const char *fmt, ...)
{
	va_list ap;
	char *inner;

	va_start(ap, fmt);
	inner = xvasprintf(fmt, ap);
	va_end(ap);
	game_fail(rd->cause, "%s:%d: %s", rd->path, line, inner);
	free(inner);
	return -1;
}

/* The length of the UTF-8 sequence at p (at most left bytes) with its
 * code point in *cp, or 0 when it is not valid UTF-8: overlong forms,
 * surrogates and code points above U+10FFFF are not. */
static size_t
questions_utf8(const unsigned char *p, size_t left, unsigned *cp)
{
	static const unsigned lowest[] = {0, 0, 0x80, 0x800, 0x10000};
	size_t len, i;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if ((p[0] & 0xe0) == 0xc0) {
		len = 2;
		*cp = p[0] & 0x1f;
	} else if ((p[0] & 0xf0) == 0xe0) {
		len = 3;
		*cp = p[0] & 0x0f;
	} else if ((p[0] & 0xf8) == 0xf0) {
		len = 4;
		*cp = p[0] & 0x07;
	} else
		return 0;
	if (len > left)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		*cp = (*cp << 6) | (p[i] & 0x3f);
	}
	if (*cp < lowest[len] || *cp > 0x10ffff ||
	    (*cp >= 0xd800 && *cp <= 0xdfff))
		return 0;
	return len;
}

/* 1 if ch is one of mIRC's formatting codes: bold, colour, hex colour,
 * reset, monospace, reverse, italics, strikethrough, underline. */
static int
questions_irc_code(unsigned ch)
{
	return ch != 0 &&
	       strchr("\002\003\004\017\021\026\035\036\037", (int)ch) != NULL;
}

/* Checks the characters of the question s (len bytes), which starts at
 * byte `at` of its line (from 0); 0, or -1 and the cause. */
static int
questions_check_text(
    struct questions_reader *rd, int line, const char *s, size_t len, size_t at)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i, n;
	unsigned cp;

	for (i = 0; i < len; i += n) {
		n = questions_utf8(p + i, len - i, &cp);
		if (n == 0)
			return questions_fail(
			    rd, line, "invalid UTF-8 at byte %zu", at + i + 1);
		if (questions_irc_code(cp))
			return questions_fail(rd, line,
			    "IRC formatting code 0x%02X at byte %zu; "
			    "questions are plain text",
			    cp, at + i + 1);
		if (cp < 0x20 || cp == 0x7f)
			return questions_fail(rd, line,
			    "control character 0x%02X at byte %zu; "
			    "questions are plain text",
			    cp, at + i + 1);
		if (cp >= 0x80 && cp < 0xa0)
			return questions_fail(rd, line,
			    "control character U+%04X at byte %zu; "
			    "questions are plain text",
			    cp, at + i + 1);
		if (cp == '{' || cp == '}')
			return questions_fail(rd, line,
			    "'%c' at byte %zu; braces are the bot's markup "
			    "and cannot be in a question",
			    (int)cp, at + i + 1);
	}
	if (len > QUESTIONS_MAX_LEN)
		return questions_fail(rd, line,
		    "question of %zu bytes, at most %d", len,
		    QUESTIONS_MAX_LEN);
	return 0;
}

/* 1 if ch is trimmed from the ends of a line. */
static int
questions_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* One line of the file (len bytes, its newline removed): skipped, or
 * checked and added.  0, or -1 and the cause. */
static int
questions_line(struct questions_reader *rd, int line, char *s, size_t len)
{
	struct questions *q = rd->q;
	const char *nul = memchr(s, '\0', len);
	size_t start = 0;

	if (nul != NULL)
		return questions_fail(rd, line, "NUL character at byte %zu",
		    (size_t)(nul - s) + 1);
	if (len > 0 && s[len - 1] == '\r')
		len--;
	while (len > 0 && questions_blank(s[len - 1]))
		len--;
	while (start < len && questions_blank(s[start]))
		start++;
	if (start == len || s[start] == '#')
		return 0;
	if (questions_check_text(rd, line, s + start, len - start, start) != 0)
		return -1;
	if (q->n == rd->cap) {
		rd->cap = rd->cap == 0 ? 128 : rd->cap * 2;
		q->text =
		    xreallocarray(q->text, (size_t)rd->cap, sizeof *q->text);
		rd->lines = xreallocarray(
		    rd->lines, (size_t)rd->cap, sizeof *rd->lines);
	}
	q->text[q->n] = xstrndup(s + start, len - start);
	rd->lines[q->n++] = line;
	return 0;
}

/* Compares two questions as the duplicate check does: ASCII letters
 * without regard to case, every other byte as it is. */
static int
questions_compare_text(const char *a, const char *b)
{
	unsigned char ca, cb;

	do {
		ca = (unsigned char)*a++;
		cb = (unsigned char)*b++;
		if (ca >= 'A' && ca <= 'Z')
			ca = (unsigned char)(ca - 'A' + 'a');
		if (cb >= 'A' && cb <= 'Z')
			cb = (unsigned char)(cb - 'A' + 'a');
	} while (ca == cb && ca != '\0');
	return (int)ca - (int)cb;
}

/* qsort order: by text, then by line. */
static int
questions_compare_entry(const void *va, const void *vb)
{
	const struct questions_entry *a = va, *b = vb;
	int c = questions_compare_text(a->text, b->text);

	return c != 0 ? c : a->line - b->line;
}

/* Refuses the first line (in file order) that repeats an earlier one. */
static int
questions_check_duplicates(struct questions_reader *rd)
{
	const struct questions *q = rd->q;
	struct questions_entry *e;
	int i, start, best = -1, first = -1, rc = 0;

	if (q->n < 2)
		return 0;
	e = xreallocarray(NULL, (size_t)q->n, sizeof *e);
	for (i = 0; i < q->n; i++) {
		e[i].text = q->text[i];
		e[i].line = rd->lines[i];
	}
	qsort(e, (size_t)q->n, sizeof *e, questions_compare_entry);
	for (i = 1, start = 0; i < q->n; i++) {
		if (questions_compare_text(e[start].text, e[i].text) != 0)
			start = i;
		else if (best == -1 || e[i].line < e[best].line) {
			best = i;
			first = start;
		}
	}
	if (best != -1)
		rc = questions_fail(rd, e[best].line,
		    "the same question as line %d", e[first].line);
	free(e);
	return rc;
}

/* Reads every line of f; 0, or -1 and the cause. */
static int
questions_read(struct questions_reader *rd, FILE *f)
{
	char *buf = NULL;
	size_t size = 0;
	ssize_t got;
	int line = 0, rc = 0, e;

	errno = 0;
	while (rc == 0 && (got = getline(&buf, &size, f)) != -1) {
		line++;
		if (got > 0 && buf[got - 1] == '\n')
			got--;
		rc = questions_line(rd, line, buf, (size_t)got);
	}
	e = errno;
	free(buf);
	if (rc == 0 && ferror(f))
		return game_fail(rd->cause, "%s: cannot read: %s", rd->path,
		    strerror(e != 0 ? e : EIO));
	return rc;
}

/* Reads the question set from f, naming it path in every cause; the set,
 * or NULL and *cause. */
static struct questions *
questions_read_all(const char *path, FILE *f, char **cause)
{
	struct questions_reader rd;
	int rc;

	memset(&rd, 0, sizeof rd);
	rd.path = path;
	rd.cause = cause;
	rd.q = xcalloc(1, sizeof *rd.q);
	rc = questions_read(&rd, f);
	if (rc == 0)
		rc = questions_check_duplicates(&rd);
	if (rc == 0 && rd.q->n < QUESTIONS_MIN)
		rc =
		    game_fail(cause, "%s: %d questions, at least %d are needed",
		        path, rd.q->n, QUESTIONS_MIN);
	free(rd.lines);
	if (rc != 0) {
		questions_free(rd.q);
		return NULL;
	}
	return rd.q;
}

struct questions *
questions_load(const char *path, char **cause)
{
	struct questions *q;
	FILE *f;

	assert(path != NULL);
	if ((f = fopen(path, "r")) == NULL) {
		game_fail(cause, "%s: cannot read: %s", path, strerror(errno));
		return NULL;
	}
	q = questions_read_all(path, f, cause);
	fclose(f);
	return q;
}

struct questions *
questions_builtin(char **cause)
{
	struct questions *q;
	FILE *f;

	/* The same reader as a file's: the built-in set is checked as
	 * strictly, and a bad line names its line of questions.txt. */
	f = fmemopen((void *)questions_builtin_text,
	    sizeof questions_builtin_text - 1, "r");
	if (f == NULL) {
		game_fail(cause, "%s: cannot read: %s", QUESTIONS_BUILTIN,
		    strerror(errno));
		return NULL;
	}
	q = questions_read_all(QUESTIONS_BUILTIN, f, cause);
	fclose(f);
	return q;
}

int
questions_count(const struct questions *q)
{
	return q->n;
}

const char *
questions_get(const struct questions *q, int i)
{
	assert(i >= 0 && i < q->n);
	return q->text[i];
}

void
questions_free(struct questions *q)
{
	int i;

	if (q == NULL)
		return;
	for (i = 0; i < q->n; i++)
		free(q->text[i]);
	free(q->text);
	free(q);
}
