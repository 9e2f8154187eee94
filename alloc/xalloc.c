/*
 * Allocation wrappers that abort on failure, so callers never check.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static void
oom(void)
{
	fputs("cheaterbot: out of memory\n", stderr);
	abort();
}

void *
xmalloc(size_t size)
{
	void *p = malloc(size == 0 ? 1 : size);

	if (p == NULL)
		oom();
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n == 0 ? 1 : n, size == 0 ? 1 : size);

	if (p == NULL)
		oom();
	return p;
}

void *
xrealloc(void *p, size_t size)
{
	p = realloc(p, size == 0 ? 1 : size);
	if (p == NULL)
		oom();
	return p;
}

void *
xreallocarray(void *p, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		oom();
	return xrealloc(p, n * size);
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	char first[512], *p;
	va_list copy;
	int n;

	/* Most texts fit the stack buffer: formatted once. */
	va_copy(copy, ap);
	n = vsnprintf(first, sizeof first, fmt, copy);
	va_end(copy);
	if (n < 0)
		oom();
	p = xmalloc((size_t)n + 1);
	if ((size_t)n < sizeof first)
		memcpy(p, first, (size_t)n + 1);
	else
		vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}
