/*
 * Bytes waiting for a socket: whole lines appended at the end, written
 * from the front as the socket takes them, so a partial write keeps the
 * rest.  The server connection (net.c) keeps one, and so does the
 * libircclient glue for the lines it hands libircclient (irc-glue.c).  A
 * leaf: it calls nothing of the transport.
 *
 * A write that must wait is retried from the same first byte, which TLS
 * needs (net-tls.h); the buffer may move and grow meanwhile, but only at its
 * end.
 */
#ifndef OUTBUF_H
#define OUTBUF_H

#include <stddef.h>

struct outbuf {
	char *data;
	size_t off, len, cap; /* data[off..len-1] is still to write */
};

#define OUTBUF_INIT { NULL, 0, 0, 0 }

/* Appends line (len bytes, no CR LF) and CR LF. */
void outbuf_line(struct outbuf *o, const char *line, size_t len);
/* How many bytes are still to write. */
size_t outbuf_left(const struct outbuf *o);
/* The first byte still to write. */
const char *outbuf_head(const struct outbuf *o);
/* n bytes from the head were written. */
void outbuf_done(struct outbuf *o, size_t n);
/* Forgets every byte (a connection ended), keeping the memory. */
void outbuf_reset(struct outbuf *o);
/* Frees the memory; o is then empty. */
void outbuf_free(struct outbuf *o);

#endif
