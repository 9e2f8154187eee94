/*
 * Bytes waiting for a socket (outbuf.h).
 */
#include <stdlib.h>
#include <string.h>

#include "alloc/xalloc.h"
#include "bot/net/outbuf.h"

void
outbuf_line(struct outbuf *o, const char *line, size_t len)
{
	if (o->off > 0 && o->off == o->len)
		o->off = o->len = 0;
	if (o->len + len + 2 > o->cap) {
		o->cap = (o->len + len + 2) * 2;
		o->data = xrealloc(o->data, o->cap);
	}
	memcpy(o->data + o->len, line, len);
	memcpy(o->data + o->len + len, "\r\n", 2);
	o->len += len + 2;
}

size_t
outbuf_left(const struct outbuf *o)
{
	return o->len - o->off;
}

const char *
outbuf_head(const struct outbuf *o)
{
	return o->data + o->off;
}

void
outbuf_done(struct outbuf *o, size_t n)
{
	o->off += n;
	if (o->off == o->len)
		o->off = o->len = 0;
}

void
outbuf_reset(struct outbuf *o)
{
	o->off = o->len = 0;
}

void
outbuf_free(struct outbuf *o)
{
	free(o->data);
	o->data = NULL;
	o->off = o->len = o->cap = 0;
}
