/*
 * The connection to the IRC server (net.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "config/conf.h"
#include "alloc/xalloc.h"
#include "bot/lib/log.h"
#include "bot/net/net-tls.h"
#include "bot/net/net.h"

/* The socket: whole lines, sent at once (TCP_NODELAY).  With Nagle's
 * algorithm a reply waited in the kernel for the peer's delayed ACK,
 * which on a quiet loopback came only with the peer's next line: a reply
 * arrived with the next command (docs/performance.md). */
static int
net_nodelay(int fd)
{
	int on = 1;

	return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

static int
net_nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0 ||
	    fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
		return -1;
	return 0;
}

struct net *
net_new(const struct conf *conf, char **cause)
{
	struct net *n = xcalloc(1, sizeof *n);
	struct timespec ts;
	uint64_t seed;

	n->conf = conf;
	n->state = NET_WAITING;
	n->fd = -1;
	n->backoff_ms = conf->reconnect_min_ms;
	if (conf->tls && (n->tls_ctx = tls_ctx_new(conf->tls_verify,
	                      conf->tls_ca_file, cause)) == NULL) {
		free(n);
		return NULL;
	}
	if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		seed = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec ^
		       ((uint64_t)getpid() << 32);
	}
	rng_seed(&n->rng, seed);
	ircline_reader_init(&n->reader);
	return n;
}

/* Closes everything of the current connection. */
static void
net_close(struct net *n)
{
	tls_free(n->tls);
	n->tls = NULL;
	if (n->fd >= 0)
		close(n->fd);
	n->fd = -1;
	if (n->addrs != NULL)
		freeaddrinfo(n->addrs);
	n->addrs = n->addr = NULL;
	ircline_reader_init(&n->reader);
	n->inoff = n->inlen = 0;
	outbuf_reset(&n->out);
}

void
net_free(struct net *n)
{
	if (n == NULL)
		return;
	net_close(n);
	tls_ctx_free(n->tls_ctx);
	outbuf_free(&n->out);
	free(n);
}

int
net_backoff(int *base_ms, int lo, int hi, struct rng *rng)
{
	int64_t wait;

	if (*base_ms < lo)
		*base_ms = lo;
	if (*base_ms > hi)
		*base_ms = hi;
	wait = (int64_t)*base_ms * (800 + rng_below(rng, 401)) / 1000;
	if (wait > hi)
		wait = hi;
	if (wait < NET_WAIT_FLOOR_MS)
		wait = NET_WAIT_FLOOR_MS;
	*base_ms = *base_ms > hi / 2 ? hi : *base_ms * 2;
	return (int)wait;
}

void
net_drop(struct net *n, uint64_t now, const char *why, int stable)
{
	int wait;

	log_warn("disconnected: %s", why);
	net_close(n);
	n->state = NET_WAITING;
	if (stable)
		n->backoff_ms = n->conf->reconnect_min_ms;
	wait = net_backoff(&n->backoff_ms, n->conf->reconnect_min_ms,
	    n->conf->reconnect_max_ms, &n->rng);
	n->retry_at = now + (uint64_t)wait;
	log_info("reconnecting in %d.%d s", wait / 1000, wait % 1000 / 100);
}

void
net_end(struct net *n)
{
	net_close(n);
	n->state = NET_WAITING;
	n->retry_at = UINT64_MAX;
}

const char *
net_why(const struct net *n)
{
	return n->why;
}

/* Fails with why. */
static enum net_event
net_fail(struct net *n, const char *why)
{
	if (why != n->why)
		snprintf(n->why, sizeof n->why, "%s", why);
	return NET_FAILED;
}

/* A handshake, read or write failed (errno as it left): why, and for a
 * certificate not trusted what the settings can do. */
static enum net_event
net_fail_io(struct net *n)
{
	const char *tls_why = n->tls != NULL ? tls_error(n->tls) : NULL;

	if (tls_why != NULL)
		snprintf(n->why, sizeof n->why, "TLS: %s%s", tls_why,
		    tls_untrusted(n->tls)
		        ? " (server.tls_ca_file may name the CA that signed "
		          "it; server.tls_verify = false trusts any, for test "
		          "servers only)"
		        : "");
	else
		snprintf(n->why, sizeof n->why, "%s",
		    errno != 0 ? strerror(errno)
		               : "the server closed the connection");
	return NET_FAILED;
}

/* One step of the TLS handshake. */
static enum net_event
net_handshake(struct net *n)
{
	char text[300];
	int rc = tls_handshake(n->tls);

	if (rc == 0)
		return NET_QUIET;
	if (rc < 0)
		return net_fail_io(n);
	tls_describe(n->tls, text, sizeof text);
	log_error("TLS: %s", text);
	n->state = NET_UP;
	return NET_CAME_UP;
}

/* TCP is up: the TLS handshake first when this connection uses TLS. */
static enum net_event
net_tcp_up(struct net *n, uint64_t now)
{
	const struct conf *c = n->conf;

	freeaddrinfo(n->addrs);
	n->addrs = n->addr = NULL;
	log_info("connected to %s port %d", c->server, c->port);
	if (n->tls_ctx == NULL) {
		n->state = NET_UP;
		return NET_CAME_UP;
	}
	n->tls = tls_new(n->tls_ctx, n->fd, c->server);
	n->state = NET_HANDSHAKE;
	/* A server silent for reconnect.timeout is given up here too, if
	 * that is sooner. */
	n->deadline = now + (uint64_t)(c->dead_ms < NET_CONNECT_MS
	                                   ? c->dead_ms
	                                   : NET_CONNECT_MS);
	return net_handshake(n);
}

/* Starts connecting to n->addr or the addresses after it. */
static enum net_event
net_try(struct net *n, uint64_t now)
{
	struct addrinfo *ai;
	int fd, err = 0;

	for (; (ai = n->addr) != NULL; n->addr = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
		if (fd < 0 || net_nonblock(fd) != 0 || net_nodelay(fd) != 0) {
			err = errno;
			if (fd >= 0)
				close(fd);
			continue;
		}
		n->fd = fd;
		if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
			return net_tcp_up(n, now);
		if (errno == EINPROGRESS) {
			n->state = NET_CONNECTING;
			n->deadline = now + NET_CONNECT_MS;
			return NET_QUIET;
		}
		err = errno;
		close(fd);
		n->fd = -1;
	}
	return net_fail(n,
	    err != 0 ? strerror(err) : "no other address to try");
}

/* The next attempt: the TLS context again (the settings may have been
 * reloaded since the last connection), the addresses, the first try. */
static enum net_event
net_connect(struct net *n, uint64_t now)
{
	const struct conf *c = n->conf;
	struct addrinfo hints;
	char port[16], why[300], *cause = NULL;
	int rc;

	tls_ctx_free(n->tls_ctx);
	n->tls_ctx = NULL;
	if (c->tls && (n->tls_ctx = tls_ctx_new(c->tls_verify,
	                   c->tls_ca_file, &cause)) == NULL) {
		net_fail(n, cause);
		free(cause);
		return NET_FAILED;
	}
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV | AI_ADDRCONFIG;
	snprintf(port, sizeof port, "%d", c->port);
	log_info("connecting to %s port %s", c->server, port);
	rc = getaddrinfo(c->server, port, &hints, &n->addrs);
	if (rc != 0) {
		n->addrs = NULL;
		snprintf(why, sizeof why, "cannot resolve '%s': %s", c->server,
		    gai_strerror(rc));
		return net_fail(n, why);
	}
	n->addr = n->addrs;
	return net_try(n, now);
}

/* The address being tried failed: the next one. */
static enum net_event
net_next_address(struct net *n, uint64_t now, const char *why)
{
	log_warn("cannot connect: %s", why);
	close(n->fd);
	n->fd = -1;
	n->addr = n->addr->ai_next;
	return net_try(n, now);
}

/* The non-blocking connect finished, one way or the other. */
static enum net_event
net_connected(struct net *n, uint64_t now)
{
	socklen_t len = sizeof(int);
	int err = 0;

	if (getsockopt(n->fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0)
		err = errno;
	if (err == 0)
		return net_tcp_up(n, now);
	return net_next_address(n, now, strerror(err));
}

void
net_fds(const struct net *n, struct pollset *p)
{
	int events, pending = outbuf_left(&n->out) > 0;

	switch (n->state) {
	case NET_WAITING:
		return;
	case NET_CONNECTING:
		events = TLS_OUT;
		break;
	default:
		events = n->tls != NULL ? tls_events(n->tls, pending)
		                        : TLS_IN | (pending ? TLS_OUT : 0);
		break;
	}
	pollset_want(p, n->fd, (short)((events & TLS_IN ? POLLIN : 0) |
	    (events & TLS_OUT ? POLLOUT : 0)));
}

uint64_t
net_next(const struct net *n, uint64_t now)
{
	switch (n->state) {
	case NET_WAITING:
		return n->retry_at;
	case NET_CONNECTING:
	case NET_HANDSHAKE:
		return n->deadline;
	case NET_UP:
		break;
	}
	return n->tls != NULL && tls_pending(n->tls) ? now : UINT64_MAX;
}

enum net_event
net_process(struct net *n, const struct pollset *p, uint64_t now)
{
	if (n->state == NET_CONNECTING && pollset_writable(p, n->fd))
		return net_connected(n, now);
	if (n->state == NET_HANDSHAKE &&
	    (pollset_readable(p, n->fd) || pollset_writable(p, n->fd)))
		return net_handshake(n);
	return NET_QUIET;
}

enum net_event
net_tick(struct net *n, uint64_t now)
{
	switch (n->state) {
	case NET_WAITING:
		return now >= n->retry_at ? net_connect(n, now) : NET_QUIET;
	case NET_CONNECTING:
		if (now < n->deadline)
			return NET_QUIET;
		return net_next_address(n, now, "timed out");
	case NET_HANDSHAKE:
		if (now < n->deadline)
			return NET_QUIET;
		return net_fail(n, "TLS: the handshake timed out");
	case NET_UP:
		break;
	}
	return NET_QUIET;
}

int
net_read(struct net *n, const struct pollset *p)
{
	ssize_t got;

	if (n->state != NET_UP || n->inoff < n->inlen)
		return 0;
	if (!pollset_readable(p, n->fd) && !(n->tls != NULL &&
	    (pollset_writable(p, n->fd) || tls_pending(n->tls))))
		return 0;
	if (n->tls != NULL)
		got = tls_read(n->tls, n->in, sizeof n->in);
	else
		got = recv(n->fd, n->in, sizeof n->in, 0);
	if (got == 0) {
		errno = 0;
		net_fail_io(n);
		return -1;
	}
	if (got < 0) {
		if (errno == EAGAIN || errno == EINTR)
			return 0;
		net_fail_io(n);
		return -1;
	}
	n->inoff = 0;
	n->inlen = (size_t)got;
	return 1;
}

char *
net_line(struct net *n, size_t *len)
{
	char *line;

	while (n->inoff < n->inlen) {
		n->inoff += ircline_reader_feed(&n->reader, n->in + n->inoff,
		    n->inlen - n->inoff);
		if ((line = ircline_reader_line(&n->reader, len)) != NULL)
			return line;
	}
	return NULL;
}

void
net_send(struct net *n, const char *line, size_t len)
{
	outbuf_line(&n->out, line, len);
}

size_t
net_pending(const struct net *n)
{
	return outbuf_left(&n->out);
}

int
net_flush(struct net *n)
{
	ssize_t w;

	while (outbuf_left(&n->out) > 0) {
		if (n->tls != NULL)
			w = tls_write(n->tls, outbuf_head(&n->out),
			    outbuf_left(&n->out));
		else
			w = send(n->fd, outbuf_head(&n->out),
			    outbuf_left(&n->out), MSG_NOSIGNAL);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				return 0;
			net_fail_io(n);
			return -1;
		}
		outbuf_done(&n->out, (size_t)w);
	}
	return 0;
}
