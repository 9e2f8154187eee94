/*
 * Allocation that cannot fail: out of memory aborts the process, since a
 * bot that cannot allocate a few bytes has no sensible way to go on (and
 * every caller checking for it would be code that is never run).  Shared
 * by every part of the program, and depending on libc alone: the lowest
 * folder of the house (alloc/README.md).
 */
#ifndef XALLOC_H
#define XALLOC_H

#include <stdarg.h>
#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* A new string from a printf format; never NULL. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap)
    __attribute__((format(printf, 1, 0)));

#endif
