/*
 * The transport relay (relay.h): the connection, its sockets and buffers,
 * the lines passed between the server and libircclient, the backoff and
 * the dead-link check.  Registration and the nick are relay-reg.c's, the
 * services login relay-sasl.c's, TLS net-tls.c's.
 *
 * A connection goes WAITING -> CONNECTING (a non-blocking connect to each
 * address getaddrinfo gives, IPv4 or IPv6, in turn) -> HANDSHAKE (with
 * server.tls only: TCP is up, the TLS handshake runs) -> REGISTERING (CAP
 * LS, PASS/NICK/USER sent; libircclient's session created) -> READY (001
 * seen: queued lines flow), and back to WAITING on any failure, TLS ones
 * included, with the retry time set by the backoff.  Whether a connection
 * uses TLS is settled when it starts (r->tls_ctx), and one that does never
 * sends a byte of IRC in plain text.
 *
 * Each connection has a serial number; code that may end a connection
 * checks it afterwards, so nothing of an old connection is ever written to
 * a new one.
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
#include <unistd.h>

#include "../config/conf.h"
#include "../games/xalloc.h"
#include "bot.h"
#include "irc-glue.h"
#include "ircline.h"
#include "log.h"
#include "loop.h"
#include "queue.h"
#include "relay-int.h"
#include "relay.h"
#include "net-tls.h"

void
relay_out_add(struct relay_out *o, const char *line, size_t len)
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

static size_t
relay_out_left(const struct relay_out *o)
{
	return o->len - o->off;
}

/* Writes what the socket takes, through t when it is not NULL: 0, or -1
 * on a real error.  A write that must wait is retried from the same first
 * byte, as TLS wants. */
static int
relay_out_write(struct tls *t, int fd, struct relay_out *o)
{
	ssize_t n;

	while (relay_out_left(o) > 0) {
		if (t != NULL)
			n = tls_write(t, o->data + o->off, relay_out_left(o));
		else
			n = send(fd, o->data + o->off, relay_out_left(o),
			    MSG_NOSIGNAL);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
		}
		o->off += (size_t)n;
	}
	o->off = o->len = 0;
	return 0;
}

/* The server socket: the relay writes whole lines, sent at once (TCP_NODELAY).
 * With Nagle's algorithm a reply waited in the kernel for the peer's
 * delayed ACK, which on a quiet loopback came only with the peer's next
 * line: a reply arrived with the next command (docs/performance.md). */
static int
relay_nodelay(int fd)
{
	int on = 1;

	return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

static int
relay_nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0 ||
	    fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
		return -1;
	return 0;
}

/* Whether a line of our own (n as snprintf() returned it) may go: whole
 * and a single line; logged when not. */
static int
relay_own_ok(const char *line, int n)
{
	if (n < 0 || n > IRCLINE_MAX || strpbrk(line, "\r\n") != NULL) {
		log_msg("not sent: a line of ours would be too long");
		return 0;
	}
	return 1;
}

void
relay_direct(struct relay *r, const char *line, int n)
{
	if (relay_own_ok(line, n))
		relay_out_add(&r->to_server, line, (size_t)n);
}

void
relay_direct_paced(struct relay *r, const char *line, int n)
{
	if (r->state != RELAY_READY)
		relay_direct(r, line, n);
	else if (relay_own_ok(line, n))
		queue_push(r->queue, QUEUE_FIRST, line);
}

static void
relay_bot_connected(void *arg, const char *nick, uint64_t now)
{
	bot_connected(arg, nick, now);
}

static void
relay_bot_disconnected(void *arg, uint64_t now)
{
	bot_disconnected(arg, now);
}

static void
relay_bot_event(void *arg, const char *command, const char *origin,
    const char **params, unsigned int count, uint64_t now)
{
	bot_event(arg, command, origin, params, count, now);
}

struct relay *
relay_new(const struct conf *conf, struct queue *q, struct bot *b, char **cause)
{
	struct relay_core core = {
	    relay_bot_connected, relay_bot_disconnected, relay_bot_event, b};

	return relay_new_core(conf, q, &core, cause);
}

struct relay *
relay_new_core(const struct conf *conf, struct queue *q,
    const struct relay_core *core, char **cause)
{
	struct relay *r = xcalloc(1, sizeof *r);
	uint64_t seed;

	r->conf = conf;
	r->queue = q;
	r->core = *core;
	r->state = RELAY_WAITING;
	r->server_fd = r->client_fd = -1;
	r->backoff_ms = conf->reconnect_min_ms;
	r->retry_at = 0;
	/* Made again at each connection; made now so that a CA file that
	 * cannot be read stops the bot at start. */
	if (conf->tls && (r->tls_ctx = tls_ctx_new(conf->tls_verify,
	                      conf->tls_ca_file, cause)) == NULL) {
		relay_free(r);
		return NULL;
	}
	if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
		seed = loop_now() ^ ((uint64_t)getpid() << 32);
	rng_seed(&r->rng, seed);
	ircline_reader_init(&r->from_server);
	ircline_reader_init(&r->from_client);
	return r;
}

/* Closes everything of the current connection. */
static void
relay_close(struct relay *r)
{
	irc_glue_free(r->glue);
	r->glue = NULL;
	tls_free(r->tls);
	r->tls = NULL;
	if (r->client_fd >= 0)
		close(r->client_fd);
	if (r->server_fd >= 0)
		close(r->server_fd);
	r->client_fd = r->server_fd = -1;
	if (r->addrs != NULL)
		freeaddrinfo(r->addrs);
	r->addrs = r->addr = NULL;
	ircline_reader_init(&r->from_server);
	ircline_reader_init(&r->from_client);
	r->to_server.off = r->to_server.len = 0;
	r->to_client.off = r->to_client.len = 0;
	r->serial++;
}

void
relay_free(struct relay *r)
{
	if (r == NULL)
		return;
	relay_close(r);
	tls_ctx_free(r->tls_ctx);
	free(r->to_server.data);
	free(r->to_client.data);
	free(r);
}

int
relay_backoff(int *base_ms, int lo, int hi, struct rng *rng)
{
	int64_t wait;

	if (*base_ms < lo)
		*base_ms = lo;
	if (*base_ms > hi)
		*base_ms = hi;
	wait = (int64_t)*base_ms * (800 + rng_below(rng, 401)) / 1000;
	if (wait > hi)
		wait = hi;
	if (wait < RELAY_WAIT_FLOOR_MS)
		wait = RELAY_WAIT_FLOOR_MS;
	*base_ms = *base_ms > hi / 2 ? hi : *base_ms * 2;
	return (int)wait;
}

void
relay_drop(struct relay *r, uint64_t now, const char *why)
{
	int was_ready = r->state == RELAY_READY, wait;

	log_msg("disconnected: %s", why);
	relay_close(r);
	r->state = RELAY_WAITING;
	r->quitting = 0;
	if (was_ready && now - r->ready_at >= RELAY_STABLE_MS)
		r->backoff_ms = r->conf->reconnect_min_ms;
	wait = relay_backoff(&r->backoff_ms, r->conf->reconnect_min_ms,
	    r->conf->reconnect_max_ms, &r->rng);
	r->retry_at = now + (uint64_t)wait;
	log_msg("reconnecting in %d.%d s", wait / 1000, wait % 1000 / 100);
	if (was_ready)
		r->core.disconnected(r->core.arg, now);
}

/* The link to the server is up (TCP, and TLS if wanted): libircclient's
 * session, then registration. */
static void
relay_up(struct relay *r, uint64_t now)
{
	struct irc_sink sink = {r->core.event, r->core.arg};
	char *cause = NULL;

	r->state = RELAY_REGISTERING;
	r->last_rx = now;
	r->pinged = 0;
	r->glue = irc_glue_new(&sink, &r->client_fd, &cause);
	if (r->glue == NULL) {
		log_msg("%s", cause);
		free(cause);
		relay_drop(r, now, "no libircclient session");
		return;
	}
	relay_reg_start(r);
}

/* Ends the connection after a failed handshake, read or write (errno as
 * it left); a certificate not trusted says what the settings can do. */
static void
relay_drop_io(struct relay *r, uint64_t now)
{
	const char *tls_why = r->tls != NULL ? tls_error(r->tls) : NULL;
	char why[800];

	if (tls_why != NULL)
		snprintf(why, sizeof why, "TLS: %s%s", tls_why,
		    tls_untrusted(r->tls)
		        ? " (server.tls_ca_file may name the CA that signed "
		          "it; server.tls_verify = false trusts any, for test "
		          "servers only)"
		        : "");
	else
		snprintf(why, sizeof why, "%s",
		    errno != 0 ? strerror(errno)
		               : "the server closed the connection");
	relay_drop(r, now, why);
}

/* One step of the TLS handshake; when it is done, registration. */
static void
relay_handshake(struct relay *r, uint64_t now)
{
	char text[300];
	int rc = tls_handshake(r->tls);

	if (rc == 0)
		return;
	if (rc > 0) {
		tls_describe(r->tls, text, sizeof text);
		log_msg("TLS: %s", text);
		relay_up(r, now);
		return;
	}
	relay_drop_io(r, now);
}

/* TCP is up: the TLS handshake first when this connection uses TLS. */
static void
relay_tcp_up(struct relay *r, uint64_t now)
{
	freeaddrinfo(r->addrs);
	r->addrs = r->addr = NULL;
	log_msg("connected to %s port %d", r->conf->server, r->conf->port);
	if (r->tls_ctx == NULL) {
		relay_up(r, now);
		return;
	}
	r->tls = tls_new(r->tls_ctx, r->server_fd, r->conf->server);
	r->state = RELAY_HANDSHAKE;
	/* A server silent for reconnect.timeout is given up here too, if
	 * that is sooner. */
	r->deadline = now + (uint64_t)(r->conf->dead_ms < RELAY_CONNECT_MS
	                                   ? r->conf->dead_ms
	                                   : RELAY_CONNECT_MS);
	relay_handshake(r, now);
}

/* Starts connecting to r->addr or the addresses after it. */
static void
relay_try(struct relay *r, uint64_t now)
{
	struct addrinfo *ai;
	int fd, err = 0;

	for (; (ai = r->addr) != NULL; r->addr = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
		if (fd < 0 || relay_nonblock(fd) != 0 ||
		    relay_nodelay(fd) != 0) {
			err = errno;
			if (fd >= 0)
				close(fd);
			continue;
		}
		r->server_fd = fd;
		if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
			relay_tcp_up(r, now);
			return;
		}
		if (errno == EINPROGRESS) {
			r->state = RELAY_CONNECTING;
			r->deadline = now + RELAY_CONNECT_MS;
			return;
		}
		err = errno;
		close(fd);
		r->server_fd = -1;
	}
	relay_drop(r, now, err != 0 ? strerror(err) : "no other address to try");
}

static void
relay_connect(struct relay *r, uint64_t now)
{
	struct addrinfo hints;
	char port[16], why[300], *cause = NULL;
	int rc;

	/* The settings may have been reloaded since the last connection. */
	tls_ctx_free(r->tls_ctx);
	r->tls_ctx = NULL;
	if (r->conf->tls && (r->tls_ctx = tls_ctx_new(r->conf->tls_verify,
	                         r->conf->tls_ca_file, &cause)) == NULL) {
		relay_drop(r, now, cause);
		free(cause);
		return;
	}
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV | AI_ADDRCONFIG;
	snprintf(port, sizeof port, "%d", r->conf->port);
	log_msg("connecting to %s port %s", r->conf->server, port);
	rc = getaddrinfo(r->conf->server, port, &hints, &r->addrs);
	if (rc != 0) {
		r->addrs = NULL;
		snprintf(why, sizeof why, "cannot resolve '%s': %s",
		    r->conf->server, gai_strerror(rc));
		relay_drop(r, now, why);
		return;
	}
	r->addr = r->addrs;
	relay_try(r, now);
}

/* The non-blocking connect finished, one way or the other. */
static void
relay_connected(struct relay *r, uint64_t now)
{
	socklen_t len = sizeof(int);
	int err = 0;

	if (getsockopt(r->server_fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0)
		err = errno;
	if (err == 0) {
		relay_tcp_up(r, now);
		return;
	}
	log_msg("cannot connect: %s", strerror(err));
	close(r->server_fd);
	r->server_fd = -1;
	r->addr = r->addr->ai_next;
	relay_try(r, now);
}

/* Reads once from fd into reader, handing each line to the server or the
 * client handler.  0, or -1 when the peer is gone (errno kept). */
static int
relay_read(struct relay *r, int fd, struct ircline_reader *reader,
    int from_server, uint64_t now)
{
	unsigned int serial = r->serial;
	char buf[4096], *line;
	size_t off = 0, len;
	ssize_t n;

	if (from_server && r->tls != NULL)
		n = tls_read(r->tls, buf, sizeof buf);
	else
		n = recv(fd, buf, sizeof buf, 0);
	if (n == 0) {
		errno = 0;
		return -1;
	}
	if (n < 0)
		return errno == EAGAIN || errno == EINTR ? 0 : -1;
	if (from_server) {
		r->last_rx = now;
		r->pinged = 0;
	}
	while (off < (size_t)n && r->serial == serial) {
		off += ircline_reader_feed(reader, buf + off, (size_t)n - off);
		line = ircline_reader_line(reader, &len);
		if (line == NULL)
			continue;
		if (from_server)
			relay_server_line(r, line, len, now);
		else
			relay_client_line(r, line, len);
	}
	return 0;
}

/* The events the server socket waits for (TLS_IN, TLS_OUT): with TLS,
 * what OpenSSL waits for, which may be the other direction. */
static int
relay_server_events(const struct relay *r)
{
	int pending = relay_out_left(&r->to_server) > 0;

	if (r->state == RELAY_CONNECTING)
		return TLS_OUT;
	if (r->tls != NULL)
		return tls_events(r->tls, pending);
	return TLS_IN | (pending ? TLS_OUT : 0);
}

void
relay_fds(struct relay *r, fd_set *in, fd_set *out, int *maxfd)
{
	int fds[2] = {-1, -1}, events[2] = {0, 0}, i;

	if (r->state >= RELAY_CONNECTING) {
		fds[0] = r->server_fd;
		events[0] = relay_server_events(r);
	}
	if (r->state >= RELAY_REGISTERING) {
		fds[1] = r->client_fd;
		events[1] =
		    TLS_IN | (relay_out_left(&r->to_client) > 0 ? TLS_OUT : 0);
	}
	for (i = 0; i < 2; i++) {
		if (fds[i] < 0)
			continue;
		if (events[i] & TLS_IN)
			FD_SET(fds[i], in);
		if (events[i] & TLS_OUT)
			FD_SET(fds[i], out);
		if (fds[i] > *maxfd)
			*maxfd = fds[i];
	}
	if (r->glue != NULL)
		irc_glue_add_fds(r->glue, in, out, maxfd);
}

uint64_t
relay_next(struct relay *r, uint64_t now)
{
	uint64_t t, q;

	switch (r->state) {
	case RELAY_WAITING:
		return r->retry_at;
	case RELAY_CONNECTING:
	case RELAY_HANDSHAKE:
		return r->deadline;
	default:
		break;
	}
	if (r->tls != NULL && tls_pending(r->tls))
		return now;
	t = r->last_rx +
	    (uint64_t)(r->pinged ? r->conf->dead_ms : r->conf->ping_ms);
	q = relay_reg_next(r);
	if (q < t)
		t = q;
	if (r->state == RELAY_READY && !r->quitting &&
	    relay_out_left(&r->to_server) == 0) {
		q = queue_next(r->queue, now);
		if (q < t)
			t = q;
	}
	return t;
}

/* The dead-link check, on the time since the last byte received: a PING
 * after conf->ping_ms, the end of the connection after conf->dead_ms. */
static void
relay_alive(struct relay *r, uint64_t now)
{
	char why[128];

	if (now - r->last_rx >= (uint64_t)r->conf->dead_ms) {
		snprintf(why, sizeof why,
		    "nothing received for %d s, not even a PONG",
		    r->conf->dead_ms / 1000);
		relay_drop(r, now, why);
	} else if (!r->pinged &&
	           now - r->last_rx >= (uint64_t)r->conf->ping_ms) {
		relay_direct_paced(r, "PING :keepalive", 15);
		r->pinged = 1;
	}
}

static void
relay_timers(struct relay *r, uint64_t now)
{
	switch (r->state) {
	case RELAY_WAITING:
		if (now >= r->retry_at)
			relay_connect(r, now);
		break;
	case RELAY_CONNECTING:
		if (now < r->deadline)
			break;
		log_msg("cannot connect: timed out");
		close(r->server_fd);
		r->server_fd = -1;
		r->addr = r->addr->ai_next;
		relay_try(r, now);
		break;
	case RELAY_HANDSHAKE:
		if (now >= r->deadline)
			relay_drop(r, now, "TLS: the handshake timed out");
		break;
	default:
		relay_alive(r, now);
		relay_reg_timers(r, now);
		break;
	}
}

/* Whether to read from the server now: select() says so, or (with TLS)
 * bytes already decrypted wait, or a read waited to write first. */
static int
relay_server_readable(const struct relay *r, fd_set *in, fd_set *out)
{
	if (FD_ISSET(r->server_fd, in))
		return 1;
	return r->tls != NULL &&
	       (FD_ISSET(r->server_fd, out) || tls_pending(r->tls));
}

void
relay_process(struct relay *r, fd_set *in, fd_set *out, uint64_t now)
{
	unsigned int serial = r->serial;
	struct irc_glue *glue = r->glue;
	int client_fd = r->client_fd;

	if (r->state == RELAY_CONNECTING) {
		if (FD_ISSET(r->server_fd, out))
			relay_connected(r, now);
	} else if (r->state == RELAY_HANDSHAKE) {
		if (FD_ISSET(r->server_fd, in) || FD_ISSET(r->server_fd, out))
			relay_handshake(r, now);
	} else if (r->state >= RELAY_REGISTERING) {
		if (relay_server_readable(r, in, out) &&
		    relay_read(r, r->server_fd, &r->from_server, 1, now) != 0)
			relay_drop_io(r, now);
		if (r->serial == serial && client_fd >= 0 &&
		    FD_ISSET(client_fd, in) &&
		    relay_read(r, client_fd, &r->from_client, 0, now) != 0)
			relay_drop(r, now, "libircclient closed its socket");
		if (r->serial == serial && glue != NULL &&
		    irc_glue_process(glue, in, out, now) != 0)
			relay_drop(r, now, "libircclient session ended");
	}
	relay_timers(r, now);
}

void
relay_flush(struct relay *r, uint64_t now)
{
	const char *line;

	if (r->state < RELAY_REGISTERING)
		return;
	if (r->client_fd >= 0 &&
	    relay_out_write(NULL, r->client_fd, &r->to_client) != 0) {
		relay_drop(r, now, "libircclient closed its socket");
		return;
	}
	for (;;) {
		if (relay_out_left(&r->to_server) == 0) {
			if (r->state != RELAY_READY || r->quitting)
				break;
			line = queue_peek(r->queue, now);
			if (line == NULL)
				break;
			relay_out_add(&r->to_server, line, strlen(line));
			queue_pop(r->queue, now);
		}
		if (relay_out_write(r->tls, r->server_fd, &r->to_server) != 0) {
			relay_drop_io(r, now);
			return;
		}
		if (relay_out_left(&r->to_server) > 0)
			break;
	}
}

void
relay_quit(struct relay *r, const char *reason)
{
	char line[IRCLINE_MAX + 1];

	if (r->state < RELAY_REGISTERING)
		return;
	relay_direct(r, line, snprintf(line, sizeof line, "QUIT :%s", reason));
	r->quitting = 1;
}

int
relay_pending(const struct relay *r)
{
	return r->state >= RELAY_REGISTERING &&
	       relay_out_left(&r->to_server) > 0;
}
