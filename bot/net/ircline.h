/*
 * Our own small IRC line toolkit, independent of libircclient: the relay
 * uses it on every byte the server sends before libircclient sees it, and
 * transcript tests use it to feed raw lines to the core.
 *
 * - a reader that splits a byte stream into lines (CR LF or bare LF) and
 *   can never be made to wait forever: a line with no LF within
 *   IRCLINE_READ_MAX bytes is cut there and the rest of it, up to the next
 *   LF, is thrown away;
 * - a sanitizer that drops IRCv3 tags, NUL and CR bytes and cuts a line to
 *   IRCLINE_MAX bytes, on a UTF-8 character boundary when it can;
 * - a parser into tags (skipped, except the value of `account=`), prefix,
 *   command and up to IRCLINE_PARAMS parameters, and its inverse.
 */
#ifndef IRCLINE_H
#define IRCLINE_H

#include <stddef.h>

#define IRCLINE_MAX 510        /* a line without its CR LF */
#define IRCLINE_PARAMS 15      /* 14 middle parameters and a trailing one */
#define IRCLINE_READ_MAX 8192  /* the longest line the reader keeps */
#define IRCLINE_ACCOUNT_MAX 64 /* a longer account tag is ignored */

/* A parsed message; every pointer points into buf. */
struct ircline {
	const char *account; /* the account= tag's value, or NULL */
	const char *prefix;  /* without its ':', or NULL */
	const char *command; /* letters, or three digits */
	const char *params[IRCLINE_PARAMS];
	unsigned int nparams; /* the last one may be the trailing text */
	char buf[IRCLINE_READ_MAX + 1];
	char account_buf[IRCLINE_ACCOUNT_MAX + 1];
};

/* Parses the first len bytes of line (tags allowed; a NUL ends it) into m.
 * 0, or -1 if it is no IRC message (no command, or a command that is
 * neither letters nor three digits). */
int ircline_parse(struct ircline *m, const char *line, size_t len);

/* Writes m back as one line without CR LF into out (size bytes): prefix,
 * command, the parameters, the last one after a ':' only when it needs it
 * (empty, has a space or starts with ':').  Tags are not written.  The
 * length, or -1 if it does not fit or a middle parameter cannot be
 * written as one. */
int ircline_format(const struct ircline *m, char *out, size_t size);

/* How many of the len bytes of s to keep to make it at most max bytes:
 * len when it fits, else max moved back to the start of a UTF-8 character
 * cut in two, or max itself when the text is not valid UTF-8 there. */
size_t ircline_cut(const char *s, size_t len, size_t max);

/* Where a line starts once its IRCv3 tags ("@a=b;c ") are skipped. */
const char *ircline_skip_tags(const char *line, size_t len);

/* Makes the len bytes of line safe to pass on as one IRC line: tags
 * dropped, every NUL, CR and LF removed, cut to IRCLINE_MAX bytes by
 * ircline_cut().  out holds IRCLINE_MAX + 1 bytes and ends with a NUL.
 * Returns the length written. */
size_t ircline_sanitize(char *out, const char *line, size_t len);

/* Splits a byte stream into lines. */
struct ircline_reader {
	char buf[IRCLINE_READ_MAX + 1];
	size_t len;
	int ready;    /* buf holds a complete line */
	int skipping; /* throwing away the rest of a cut line */
};

/* An empty reader (also what resets one). */
void ircline_reader_init(struct ircline_reader *r);

/* Takes bytes of data until a line is complete and returns how many it
 * took (0 while a complete line waits to be collected).  Call
 * ircline_reader_line() after every feed. */
size_t ircline_reader_feed(
    struct ircline_reader *r, const char *data, size_t n);

/* The complete line, without its CR LF and NUL-terminated (it may hold
 * other NULs: *len says how long it is), or NULL if there is none yet.  The
 * line is the reader's and stays valid until the next feed. */
char *ircline_reader_line(struct ircline_reader *r, size_t *len);

#endif
