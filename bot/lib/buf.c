/*
 * The growable string of buf.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/lib/buf.h"
#include "alloc/xalloc.h"

static void
buf_grow(struct buf *b, size_t more)
{
	size_t want = b->len + more + 1;

	if (want <= b->cap)
		return;
	if (b->cap == 0)
		b->cap = 64;
	while (b->cap < want)
		b->cap *= 2;
	b->s = xrealloc(b->s, b->cap);
}

void
buf_add(struct buf *b, const char *s, size_t n)
{
	buf_grow(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_addc(struct buf *b, char c)
{
	buf_add(b, &c, 1);
}

/* Formats into the room the buffer has, and only when the text does
 * not fit there grows it and formats again: most texts are formatted
 * once. */
void
buf_addf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	size_t room;
	int n;

	buf_grow(b, 0);
	room = b->cap - b->len;
	va_start(ap, fmt);
	n = vsnprintf(b->s + b->len, room, fmt, ap);
	va_end(ap);
	if (n <= 0) {
		b->s[b->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		buf_grow(b, (size_t)n);
		va_start(ap, fmt);
		vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->s != NULL)
		b->s[0] = '\0';
}

const char *
buf_str(const struct buf *b)
{
	return b->s != NULL ? b->s : "";
}

char str_none[1];

void
str_set(char **slot, const char *v, size_t size)
{
	size_t len = strnlen(v, size > 0 ? size - 1 : 0);

	if (*slot != NULL && strncmp(*slot, v, len) == 0 &&
	    (*slot)[len] == '\0')
		return;
	str_free(slot);
	if (len > 0)
		*slot = xstrndup(v, len);
}

void
str_free(char **slot)
{
	if (*slot != NULL && *slot != str_none)
		free(*slot);
	*slot = str_none;
}

void
buf_free(struct buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}
