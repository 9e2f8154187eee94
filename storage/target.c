/*
 * A database's name read as libpq reads it (target.h): its form, and
 * where its passwords are.  The rules are libpq's own (fe-connect.c:
 * conninfo_uri_parse_options(), conninfo_uri_parse_params(),
 * conninfo_parse()), so that what libpq takes for a password is what is
 * hidden, however the string is written.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc/xalloc.h"
#include "target.h"

/* The bytes a keyword of a keyword/value string is made of here. */
#define TARGET_KEYWORD                                                         \
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"

/* The spans found so far. */
struct target_spans {
	struct store_secret *v;
	size_t n;
};

static void
target_add(struct target_spans *s, size_t at, size_t len)
{
	s->v = xreallocarray(s->v, s->n + 1, sizeof *s->v);
	s->v[s->n].at = at;
	s->v[s->n].len = len;
	s->n++;
}

/* The length of t's libpq URI scheme, 0 when it has none. */
static size_t
target_scheme(const char *t)
{
	if (strncmp(t, "postgresql://", 13) == 0)
		return 13;
	if (strncmp(t, "postgres://", 11) == 0)
		return 11;
	return 0;
}

/* Skips blanks, as libpq does (isspace()). */
static const char *
target_blanks(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

int
store_target_is_pgsql(const char *target)
{
	const char *p;
	size_t n;

	if (target_scheme(target) > 0)
		return 1;
	p = target_blanks(target);
	if ((n = strspn(p, TARGET_KEYWORD)) == 0)
		return 0;
	return *target_blanks(p + n) == '=';
}

/* The value of the hex digit c. */
static int
target_hex(int c)
{
	return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

/* Whether the n bytes at p, percent-decoded as libpq decodes a URI's
 * keys, are word. */
static int
target_key_is(const char *p, size_t n, const char *word)
{
	const unsigned char *u = (const unsigned char *)p;
	size_t i = 0;
	int c;

	while (n > 0) {
		if (*u == '%' && n >= 3 && isxdigit(u[1]) && isxdigit(u[2])) {
			c = target_hex(u[1]) * 16 + target_hex(u[2]);
			u += 3;
			n -= 3;
		} else {
			c = *u++;
			n--;
		}
		if (word[i] == '\0' || (unsigned char)word[i] != c)
			return 0;
		i++;
	}
	return word[i] == '\0';
}

/* A URI's passwords: the user info's, and the query's. */
static void
target_uri(const char *t, size_t scheme, struct target_spans *s)
{
	const char *p = t + scheme, *end, *colon, *eq;
	size_t n;

	/* The user info ends at the first '@' before any '/'. */
	end = p + strcspn(p, "@/");
	if (*end == '@') {
		colon = memchr(p, ':', (size_t)(end - p));
		if (colon != NULL)
			target_add(s, (size_t)(colon + 1 - t),
			    (size_t)(end - colon - 1));
		p = end + 1;
	}
	/* The query: '&'-separated key=value pairs after the first '?'
	 * (the hosts and the database name stop at it). */
	for (p = strchr(p, '?'); p != NULL; p = strchr(p, '&')) {
		p++;
		n = strcspn(p, "&");
		eq = memchr(p, '=', n);
		if (eq != NULL && target_key_is(p, (size_t)(eq - p), "password"))
			target_add(s, (size_t)(eq + 1 - t),
			    (size_t)(p + n - eq - 1));
	}
}

/* Past the value at p of a keyword/value string: up to a blank, or
 * quoted in '...' (an unterminated quote runs to the end); a backslash
 * takes the byte after it either way. */
static const char *
target_value_end(const char *p)
{
	int quoted = *p == '\'';

	if (quoted)
		p++;
	while (*p != '\0') {
		if (quoted ? *p == '\'' : isspace((unsigned char)*p) != 0)
			return p + quoted;
		if (*p == '\\' && p[1] != '\0')
			p++;
		p++;
	}
	return p;
}

/* A keyword/value string's passwords, and the rest of the string when
 * libpq cannot read it past one (a keyword with no '=' after a value
 * with a blank, not quoted). */
static void
target_pairs(const char *t, struct target_spans *s)
{
	const char *p = t, *name, *value;
	size_t n;
	int after_password = 0;

	while (*(p = target_blanks(p)) != '\0') {
		name = p;
		n = strcspn(p, "= \t\n\v\f\r");
		p = target_blanks(p + n);
		if (*p != '=') {
			if (after_password)
				target_add(s, (size_t)(name - t), strlen(name));
			return;
		}
		value = target_blanks(p + 1);
		p = target_value_end(value);
		after_password = n == 8 && strncmp(name, "password", 8) == 0;
		if (after_password)
			target_add(s, (size_t)(value - t), (size_t)(p - value));
	}
}

size_t
store_target_secrets(const char *target, struct store_secret **spans)
{
	struct target_spans s = { NULL, 0 };
	size_t scheme = target_scheme(target);

	if (scheme > 0)
		target_uri(target, scheme, &s);
	else if (store_target_is_pgsql(target))
		target_pairs(target, &s);
	*spans = s.v;
	return s.n;
}

char *
store_target_shown(const char *target)
{
	struct store_secret *v;
	size_t n, i, from = 0, len = strlen(target) + 1, at = 0;
	char *shown;

	n = store_target_secrets(target, &v);
	/* At most one "***" for each password, none longer than 3 bytes
	 * more than what it replaces. */
	shown = xmalloc(len + 3 * n);
	for (i = 0; i < n; i++) {
		memcpy(shown + at, target + from, v[i].at - from);
		at += v[i].at - from;
		memcpy(shown + at, "***", 3);
		at += 3;
		from = v[i].at + v[i].len;
	}
	memcpy(shown + at, target + from, len - from);
	free(v);
	return shown;
}
