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

/* A string a structure keeps (a member's user@host, a seat's account),
 * allocated to its length, where a fixed array would be sized for the
 * longest: a char * that is never NULL, str_none ("") until set, which
 * costs no allocation. */
extern char str_none[];
/* Makes *slot a copy of v cut to size - 1 bytes, as snprintf() into a
 * char[size] would (nothing happens when it holds that already). */
void str_set(char **slot, const char *v, size_t size);
/* Frees *slot; it is str_none again. */
void str_free(char **slot);

#endif
