/*
 * TLS for the server connection (net.h), over OpenSSL: libircclient as
 * Debian builds it has none, and the bot owns the server socket anyway.
 * Only bot/net/net-tls.c includes OpenSSL's headers.
 *
 * A context holds what every connection trusts: the system's certificate
 * store, or the certificates of one CA file instead, or nothing at all when
 * checking is off.  A connection wraps a connected non-blocking socket that
 * stays the caller's: the handshake, reads and writes each return at once
 * and say which socket event they wait for, so they fit the bot's one
 * poll() loop.  Reads and writes behave like recv() and send().
 */
#ifndef NET_TLS_H
#define NET_TLS_H

#include <stddef.h>
#include <sys/types.h>

struct tls_ctx;
struct tls;

/* Socket events a connection waits for (tls_events()). */
#define TLS_IN 1
#define TLS_OUT 2

/* A context for client connections, TLS 1.2 at least.  With verify, the
 * server's certificate must chain to one in ca_file (a PEM file of one or
 * more certificates; NULL: the system store) and name the host connected
 * to.  NULL and *cause (the caller frees it) if ca_file cannot be used. */
struct tls_ctx *tls_ctx_new(int verify, const char *ca_file, char **cause);
/* Frees ctx; connections made from it keep what they need.  NULL does
 * nothing. */
void tls_ctx_free(struct tls_ctx *ctx);

/* A client connection over fd, connected to host: host is sent as SNI
 * when it is a name (not an address), and is what the certificate must
 * name when the context verifies.  The handshake has not started. */
struct tls *tls_new(struct tls_ctx *ctx, int fd, const char *host);
/* Says goodbye (close_notify) if the connection is up and sound, then
 * frees it; fd stays open.  NULL does nothing. */
void tls_free(struct tls *t);

/* One step of the handshake: 1 once it is done, 0 to be called again on
 * the socket event tls_events() names, -1 on failure (tls_error()). */
int tls_handshake(struct tls *t);

/* Like recv(): bytes read, 0 when the server closed the connection, or -1
 * with errno EAGAIN (wait for tls_events()) or EPROTO (tls_error() says
 * why). */
ssize_t tls_read(struct tls *t, void *buf, size_t len);
/* Like send(): bytes written (maybe fewer than len), or -1 as
 * tls_read().  After EAGAIN the next call must start with the same bytes
 * (they may have moved, and more may follow them). */
ssize_t tls_write(struct tls *t, const void *buf, size_t len);

/* The socket events (TLS_IN, TLS_OUT) the connection waits for, given
 * whether bytes wait to be written: a read or a write may need the other
 * direction (TLS records come whole, and keys may be updated). */
int tls_events(const struct tls *t, int pending);
/* 1 when bytes already decrypted wait for tls_read(): poll() cannot
 * see them. */
int tls_pending(const struct tls *t);

/* Why the connection failed, or NULL while it has not. */
const char *tls_error(const struct tls *t);
/* 1 when it failed because the server's certificate was not trusted or
 * named another host. */
int tls_untrusted(const struct tls *t);
/* For the log, once the handshake is done: "TLSv1.3, TLS_AES_256_GCM_SHA384,
 * certificate verified for HOST" (or "certificate not checked"). */
void tls_describe(const struct tls *t, char *buf, size_t size);

#endif
