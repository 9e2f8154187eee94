/*
 * The OpenSSL wrapper (net-tls.h).  Every call into OpenSSL clears its
 * error queue first, so an error read afterwards is that call's.
 *
 * Writes: SSL_write() that must wait wants to be called again with the
 * same bytes; the connection's output buffer (outbuf.h) may grow (and
 * move) meanwhile and only ever appends, so the context accepts a moved
 * buffer and partial writes, and net.c always passes what is left from its
 * first unsent byte.
 *
 * A server that closes the socket without a TLS close_notify (many do
 * after ERROR) counts as closed, not as an attack: IRC lines end with a
 * LF, so a cut line is never handled.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "alloc/xalloc.h"
#include "bot/net/net-tls.h"

struct tls_ctx {
	SSL_CTX *ctx;
	int verify;
};

struct tls {
	SSL *ssl;
	int verify;
	int up;             /* the handshake is done */
	int hs_events;      /* what the handshake waits for */
	int read_wants_out; /* SSL_read() must write first */
	int write_wants_in; /* SSL_write() must read first */
	int untrusted;      /* failed on the certificate */
	char host[256];     /* for messages */
	char why[512];      /* set once it failed */
};

/* OpenSSL's words for the first error it queued, the cause of those after
 * it (the system's words for a system call that failed), or fallback. */
static const char *
tls_reason(const char *fallback)
{
	unsigned long e = ERR_peek_error();
	const char *r;

	if (e != 0 && ERR_GET_LIB(e) == ERR_LIB_SYS)
		return strerror(ERR_GET_REASON(e));
	r = e != 0 ? ERR_reason_error_string(e) : NULL;
	return r != NULL ? r : fallback;
}

struct tls_ctx *
tls_ctx_new(int verify, const char *ca_file, char **cause)
{
	struct tls_ctx *c = xcalloc(1, sizeof *c);
	int ok;

	ERR_clear_error();
	c->verify = verify;
	c->ctx = SSL_CTX_new(TLS_client_method());
	if (c->ctx == NULL) {
		*cause = xasprintf("TLS: %s", tls_reason("no TLS context"));
		free(c);
		return NULL;
	}
	SSL_CTX_set_min_proto_version(c->ctx, TLS1_2_VERSION);
	SSL_CTX_set_mode(c->ctx, SSL_MODE_ENABLE_PARTIAL_WRITE |
	                             SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
#ifdef SSL_OP_IGNORE_UNEXPECTED_EOF
	SSL_CTX_set_options(c->ctx, SSL_OP_IGNORE_UNEXPECTED_EOF);
#endif
	if (!verify) {
		SSL_CTX_set_verify(c->ctx, SSL_VERIFY_NONE, NULL);
		return c;
	}
	SSL_CTX_set_verify(c->ctx, SSL_VERIFY_PEER, NULL);
	if (ca_file != NULL)
		ok = SSL_CTX_load_verify_locations(c->ctx, ca_file, NULL);
	else
		ok = SSL_CTX_set_default_verify_paths(c->ctx);
	if (ok != 1) {
		if (ca_file != NULL)
			*cause = xasprintf("TLS: cannot load the CA file "
			                   "'%s': %s",
			    ca_file, tls_reason("unreadable"));
		else
			*cause = xasprintf("TLS: cannot load the system's "
			                   "certificates: %s",
			    tls_reason("unreadable"));
		tls_ctx_free(c);
		return NULL;
	}
	return c;
}

void
tls_ctx_free(struct tls_ctx *c)
{
	if (c == NULL)
		return;
	SSL_CTX_free(c->ctx);
	free(c);
}

/* Whether host is an IPv4 or IPv6 address: no SNI for it (RFC 6066),
 * and the certificate must hold it as an address. */
static int
tls_is_address(const char *host)
{
	unsigned char buf[sizeof(struct in6_addr)];

	return inet_pton(AF_INET, host, buf) == 1 ||
	       inet_pton(AF_INET6, host, buf) == 1;
}

struct tls *
tls_new(struct tls_ctx *c, int fd, const char *host)
{
	struct tls *t = xcalloc(1, sizeof *t);
	int address = tls_is_address(host), ok = 1;

	ERR_clear_error();
	snprintf(t->host, sizeof t->host, "%s", host);
	t->verify = c->verify;
	t->hs_events = TLS_OUT;
	t->ssl = SSL_new(c->ctx);
	if (t->ssl == NULL || SSL_set_fd(t->ssl, fd) != 1)
		ok = 0;
	else if (!address)
		ok = SSL_set_tlsext_host_name(t->ssl, host) == 1;
	if (ok && c->verify) {
		SSL_set_hostflags(t->ssl, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
		if (address)
			ok = X509_VERIFY_PARAM_set1_ip_asc(
			         SSL_get0_param(t->ssl), host) == 1;
		else
			ok = SSL_set1_host(t->ssl, host) == 1;
	}
	if (!ok)
		snprintf(t->why, sizeof t->why, "cannot set up: %s",
		    tls_reason("out of memory"));
	else
		SSL_set_connect_state(t->ssl);
	return t;
}

void
tls_free(struct tls *t)
{
	if (t == NULL)
		return;
	if (t->up && t->why[0] == '\0') {
		ERR_clear_error();
		SSL_shutdown(t->ssl);
	}
	SSL_free(t->ssl);
	free(t);
}

/* Records why the call that returned rc failed; -1 with errno EPROTO. */
static int
tls_fail(struct tls *t, int rc)
{
	int err = SSL_get_error(t->ssl, rc), saved = errno;
	long v = SSL_get_verify_result(t->ssl);

	if (!t->up && t->verify && v != X509_V_OK) {
		t->untrusted = 1;
		snprintf(t->why, sizeof t->why,
		    "the certificate of %s is not trusted: %s", t->host,
		    X509_verify_cert_error_string(v));
	} else if (err == SSL_ERROR_SYSCALL && ERR_peek_error() == 0)
		snprintf(t->why, sizeof t->why, "%s",
		    saved != 0 ? strerror(saved)
		               : "the server closed the connection");
	else
		snprintf(
		    t->why, sizeof t->why, "%s", tls_reason("protocol error"));
	errno = EPROTO;
	return -1;
}

int
tls_handshake(struct tls *t)
{
	int rc;

	if (t->why[0] != '\0')
		return -1;
	ERR_clear_error();
	errno = 0;
	rc = SSL_connect(t->ssl);
	if (rc == 1) {
		t->up = 1;
		return 1;
	}
	switch (SSL_get_error(t->ssl, rc)) {
	case SSL_ERROR_WANT_READ:
		t->hs_events = TLS_IN;
		return 0;
	case SSL_ERROR_WANT_WRITE:
		t->hs_events = TLS_OUT;
		return 0;
	}
	return tls_fail(t, rc);
}

ssize_t
tls_read(struct tls *t, void *buf, size_t len)
{
	int rc;

	ERR_clear_error();
	errno = 0;
	rc = SSL_read(t->ssl, buf, len > INT_MAX ? INT_MAX : (int)len);
	t->read_wants_out = 0;
	if (rc > 0)
		return rc;
	switch (SSL_get_error(t->ssl, rc)) {
	case SSL_ERROR_ZERO_RETURN:
		return 0;
	case SSL_ERROR_WANT_WRITE:
		t->read_wants_out = 1;
		/* FALLTHROUGH */
	case SSL_ERROR_WANT_READ:
		errno = EAGAIN;
		return -1;
	}
	return tls_fail(t, rc);
}

ssize_t
tls_write(struct tls *t, const void *buf, size_t len)
{
	int rc;

	ERR_clear_error();
	errno = 0;
	rc = SSL_write(t->ssl, buf, len > INT_MAX ? INT_MAX : (int)len);
	t->write_wants_in = 0;
	if (rc > 0)
		return rc;
	switch (SSL_get_error(t->ssl, rc)) {
	case SSL_ERROR_WANT_READ:
		t->write_wants_in = 1;
		/* FALLTHROUGH */
	case SSL_ERROR_WANT_WRITE:
		errno = EAGAIN;
		return -1;
	}
	return tls_fail(t, rc);
}

int
tls_events(const struct tls *t, int pending)
{
	int ev;

	if (!t->up)
		return t->hs_events;
	ev = t->read_wants_out ? TLS_OUT : TLS_IN;
	if (pending)
		ev |= t->write_wants_in ? TLS_IN : TLS_OUT;
	return ev;
}

int
tls_pending(const struct tls *t)
{
	return t->up && SSL_pending(t->ssl) > 0;
}

const char *
tls_error(const struct tls *t)
{
	return t->why[0] != '\0' ? t->why : NULL;
}

int
tls_untrusted(const struct tls *t)
{
	return t->untrusted;
}

void
tls_describe(const struct tls *t, char *buf, size_t size)
{
	if (t->verify)
		snprintf(buf, size, "%s, %s, certificate verified for %s",
		    SSL_get_version(t->ssl), SSL_get_cipher_name(t->ssl),
		    t->host);
	else
		snprintf(buf, size, "%s, %s, certificate not checked",
		    SSL_get_version(t->ssl), SSL_get_cipher_name(t->ssl));
}
