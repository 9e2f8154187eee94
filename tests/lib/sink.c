/*
 * The message sink of the rules' fixtures (sink.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/xalloc.h"
#include "tests/lib/sink.h"

static void
sink_emit(void *ctx, int seat, const char *text)
{
	struct sink *s = ctx;

	if (getenv("SINK_TRACE") != NULL)
		printf("  [%2d] %s\n", seat, text);
	assert_true(s->n < SINK_MAX);
	s->seat[s->n] = seat;
	s->text[s->n++] = xstrdup(text);
}

void
sink_init(struct sink *s, struct game_out *out)
{
	memset(s, 0, sizeof *s);
	out->emit = sink_emit;
	out->ctx = s;
}

void
sink_reset(struct sink *s)
{
	while (s->n > 0)
		free(s->text[--s->n]);
}

const char *
sink_said(const struct sink *s, int seat)
{
	int i;

	for (i = s->n - 1; i >= 0; i--) {
		if (s->seat[i] == seat)
			return s->text[i];
	}
	return "";
}

int
sink_count(const struct sink *s, int seat)
{
	int i, n = 0;

	for (i = 0; i < s->n; i++)
		n += s->seat[i] == seat;
	return n;
}

void
sink_assert_has(const char *text, const char *part)
{
	if (strstr(text, part) == NULL)
		fail_msg("'%s' lacks '%s'", text, part);
}

void
sink_assert_lacks(const char *text, const char *part)
{
	if (strstr(text, part) != NULL)
		fail_msg("'%s' has '%s'", text, part);
}

void
sink_plain(char *out, const char *text, size_t len)
{
	const char *p = text, *end = text + len, *colon, *close;
	char *o = out;

	while (p < end) {
		if (*p == '{' && (close = memchr(p, '}', (size_t)(end - p))) &&
		    (colon = memchr(p, ':', (size_t)(close - p))) &&
		    strncmp(p, "{p:", 3) != 0) {
			memcpy(o, colon + 1, (size_t)(close - colon - 1));
			o += close - colon - 1;
			p = close + 1;
		} else
			*o++ = *p++;
	}
	*o = '\0';
}
