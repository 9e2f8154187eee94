/*
 * A small growable string (after git's strbuf): the way the bot builds any
 * text whose length it does not know in advance.  Always NUL-terminated;
 * buf_free() releases it and leaves it empty and reusable.
 */
#ifndef BUF_H
#define BUF_H

#include <stdarg.h>
#include <stddef.h>

struct buf {
	char *s;		/* "" until something is added; never NULL */
	size_t len;
	size_t cap;
};

#define BUF_INIT { NULL, 0, 0 }

/* Appends n bytes of s. */
void buf_add(struct buf *b, const char *s, size_t n);
/* Appends a string. */
void buf_adds(struct buf *b, const char *s);
/* Appends one byte. */
void buf_addc(struct buf *b, char c);
/* Appends printf-style text. */
void buf_addf(struct buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Empties b, keeping its memory. */
void buf_reset(struct buf *b);
/* The text (never NULL, "" when empty). */
const char *buf_str(const struct buf *b);
/* Frees the memory; b is then empty. */
void buf_free(struct buf *b);

#endif
