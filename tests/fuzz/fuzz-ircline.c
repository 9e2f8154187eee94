/*
 * libFuzzer target: the IRC line toolkit (bot/net/ircline.h) on arbitrary
 * bytes, as the relay meets them from a server.  The input is fed to the
 * reader in chunks whose sizes the input's first byte varies; each line
 * that comes out is sanitized, parsed raw and sanitized, and formatted
 * back.  Whatever the bytes:
 *
 *  - a line from the reader is at most IRCLINE_READ_MAX bytes and holds
 *    no LF;
 *  - a sanitized line holds no CR, LF or NUL and fits IRCLINE_MAX bytes;
 *  - a parsed message formats back, when it does, into a line that parses
 *    to the same prefix, command and parameters (the format is the
 *    parse's inverse), a line without CR, LF or NUL when the message came
 *    from a sanitized line (the relay never parses any other);
 *  - ircline_cut() never keeps more than asked.
 */
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bot/net/ircline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
clean(const char *s, size_t len)
{
	return memchr(s, '\r', len) == NULL && memchr(s, '\n', len) == NULL &&
	    memchr(s, '\0', len) == NULL;
}

static int
same(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

/* The message formats back into a line that parses the same, and a
 * clean one when sane says the line parsed was sanitized. */
static void
round_trip(const struct ircline *m, int sane)
{
	static struct ircline back;
	char out[IRCLINE_MAX + 1];
	unsigned int i;
	int n;

	n = ircline_format(m, out, sizeof out);
	if (n < 0)
		return;
	assert((size_t)n == strlen(out) && n <= IRCLINE_MAX);
	assert(!sane || clean(out, (size_t)n));
	assert(ircline_parse(&back, out, (size_t)n) == 0);
	assert(same(m->prefix, back.prefix));
	assert(strcmp(m->command, back.command) == 0);
	assert(m->nparams == back.nparams);
	for (i = 0; i < m->nparams; i++)
		assert(strcmp(m->params[i], back.params[i]) == 0);
}

static void
one_line(const char *line, size_t len)
{
	static struct ircline m;
	char safe[IRCLINE_MAX + 1];
	size_t n, cut;

	assert(len <= IRCLINE_READ_MAX && memchr(line, '\n', len) == NULL);
	if (ircline_parse(&m, line, len) == 0)
		round_trip(&m, 0);
	n = ircline_sanitize(safe, line, len);
	assert(n <= IRCLINE_MAX && n == strlen(safe) && clean(safe, n));
	if (ircline_parse(&m, safe, n) == 0)
		round_trip(&m, 1);
	cut = ircline_cut(line, len, 100);
	assert(cut <= len && cut <= 100);
	assert(ircline_skip_tags(line, len) >= line &&
	    ircline_skip_tags(line, len) <= line + len);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ircline_reader r;
	const char *p = (const char *)data;
	size_t chunk, took, len;
	char *line;

	if (size == 0)
		return 0;
	/* Chunks of 1 to 256 bytes, as a socket might deliver them. */
	chunk = (size_t)data[0] + 1;
	p++;
	size--;
	ircline_reader_init(&r);
	while (size > 0) {
		took = ircline_reader_feed(&r, p, size < chunk ? size : chunk);
		p += took;
		size -= took;
		if ((line = ircline_reader_line(&r, &len)) != NULL)
			one_line(line, len);
		else
			assert(took > 0);
	}
	return 0;
}
