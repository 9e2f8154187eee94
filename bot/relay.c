/*
 * The transport relay (relay.h).  A connection goes WAITING -> CONNECTING
 * (a non-blocking connect to each address getaddrinfo gives, IPv4 or IPv6,
 * in turn) -> REGISTERING (TCP is up; PASS/NICK/USER sent; libircclient's
 * session created) -> READY (001 seen: queued lines flow), and back to
 * WAITING on any failure, with the retry time set by the backoff.
 *
 * Each connection has a serial number; code that may end a connection
 * checks it afterwards, so nothing of an old connection is ever written to
 * a new one.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../config/conf.h"
#include "../games/xalloc.h"
#include "bot.h"
#include "irc.h"
#include "ircline.h"
#include "loop.h"
#include "queue.h"
#include "relay.h"

#define RELAY_CONNECT_MS 30000 /* per address */
#define RELAY_IDLE_MS 120000   /* silence before we PING */
#define RELAY_DEAD_MS 180000   /* silence before we give up */
#define RELAY_STABLE_MS 60000  /* registered this long: reset backoff */
#define RELAY_NICK_TRIES 30
#define RELAY_NICK_MAX 64
#define RELAY_CLIENT_MAX (4 * 1024 * 1024) /* unread by libircclient */

enum relay_state {
	RELAY_WAITING,
	RELAY_CONNECTING,
	RELAY_REGISTERING,
	RELAY_READY
};

/* Bytes waiting for a socket. */
struct relay_out {
	char *data;
	size_t off, len, cap;
};

struct relay {
	const struct conf *conf;
	struct queue *queue;
	struct bot *bot;
	enum relay_state state;
	unsigned int serial; /* of the current connection */

	int listen_fd;
	unsigned short listen_port;

	int server_fd;
	struct addrinfo *addrs; /* being tried, and the next one */
	struct addrinfo *addr;
	uint64_t deadline; /* of the connect in progress */
	uint64_t retry_at;
	int backoff_ms;
	uint64_t ready_at;
	uint64_t last_rx;
	int pinged;
	int quitting;

	struct irc_glue *glue;
	int client_fd;

	struct ircline_reader from_server;
	struct ircline_reader from_client;
	struct relay_out to_server;
	struct relay_out to_client;

	char nick[RELAY_NICK_MAX + 1]; /* ours, or the one being tried */
	int nick_try;
	int nick_cut;       /* the server refused a long fallback */
	struct ircline msg; /* the line being handled */
};

static void relay_drop(struct relay *r, uint64_t now, const char *why);

static void
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

/* Writes what the socket takes: 0, or -1 on a real error. */
static int
relay_out_write(int fd, struct relay_out *o)
{
	ssize_t n;

	while (relay_out_left(o) > 0) {
		n = send(fd, o->data + o->off, relay_out_left(o), MSG_NOSIGNAL);
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

static int
relay_nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0 ||
	    fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
		return -1;
	return 0;
}

/* A line of our own, written ahead of the queue (registration, PONG, our
 * keepalive PING, QUIT): n is what snprintf() returned for it.  A line that
 * did not fit whole is refused, never cut. */
static void
relay_direct(struct relay *r, const char *line, int n)
{
	if (n < 0 || n > IRCLINE_MAX || strpbrk(line, "\r\n") != NULL) {
		loop_log("not sent: a line of ours would be too long");
		return;
	}
	relay_out_add(&r->to_server, line, (size_t)n);
}

static int
relay_listen(struct relay *r, char **cause)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof sin;

	r->listen_fd = socket(AF_INET, SOCK_STREAM, 0);
	if (r->listen_fd < 0)
		goto fail;
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = 0;
	if (bind(r->listen_fd, (struct sockaddr *)&sin, sizeof sin) != 0 ||
	    listen(r->listen_fd, 4) != 0 || relay_nonblock(r->listen_fd) != 0 ||
	    getsockname(r->listen_fd, (struct sockaddr *)&sin, &len) != 0)
		goto fail;
	r->listen_port = ntohs(sin.sin_port);
	return 0;
fail:
	*cause = xasprintf("loopback listener: %s", strerror(errno));
	return -1;
}

struct relay *
relay_new(const struct conf *conf, struct queue *q, struct bot *b, char **cause)
{
	struct relay *r = xcalloc(1, sizeof *r);

	r->conf = conf;
	r->queue = q;
	r->bot = b;
	r->state = RELAY_WAITING;
	r->server_fd = r->client_fd = r->listen_fd = -1;
	r->backoff_ms = conf->reconnect_min_ms;
	r->retry_at = 0;
	ircline_reader_init(&r->from_server);
	ircline_reader_init(&r->from_client);
	if (relay_listen(r, cause) != 0) {
		relay_free(r);
		return NULL;
	}
	return r;
}

/* Closes everything of the current connection. */
static void
relay_close(struct relay *r)
{
	irc_glue_free(r->glue);
	r->glue = NULL;
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
	if (r->listen_fd >= 0)
		close(r->listen_fd);
	free(r->to_server.data);
	free(r->to_client.data);
	free(r);
}

/* Ends the connection; the next attempt waits for the backoff. */
static void
relay_drop(struct relay *r, uint64_t now, const char *why)
{
	int was_ready = r->state == RELAY_READY, delay;
	int lo = r->conf->reconnect_min_ms, hi = r->conf->reconnect_max_ms;

	loop_log("disconnected: %s", why);
	relay_close(r);
	r->state = RELAY_WAITING;
	r->quitting = 0;
	if (was_ready && now - r->ready_at >= RELAY_STABLE_MS)
		r->backoff_ms = lo;
	if (r->backoff_ms < lo)
		r->backoff_ms = lo;
	if (r->backoff_ms > hi)
		r->backoff_ms = hi;
	delay = r->backoff_ms;
	r->backoff_ms = delay > hi / 2 ? hi : delay * 2;
	r->retry_at = now + (uint64_t)delay;
	loop_log("reconnecting in %d s", (delay + 999) / 1000);
	if (was_ready)
		bot_disconnected(r->bot, now);
}

/* The TCP connection is up: libircclient's session, then registration. */
static void
relay_up(struct relay *r, uint64_t now)
{
	const struct conf *c = r->conf;
	char line[IRCLINE_MAX + 1], *cause = NULL;

	freeaddrinfo(r->addrs);
	r->addrs = r->addr = NULL;
	r->state = RELAY_REGISTERING;
	r->last_rx = now;
	r->pinged = 0;
	loop_log("connected to %s port %d", c->server, c->port);

	r->glue = irc_glue_new(r->bot, r->queue, r->listen_port, &cause);
	if (r->glue == NULL) {
		loop_log("%s", cause);
		free(cause);
		relay_drop(r, now, "no libircclient session");
		return;
	}
	r->nick_try = 0;
	r->nick_cut = 0;
	snprintf(r->nick, sizeof r->nick, "%s", c->nicks[0]);
	if (c->password != NULL)
		relay_direct(r, line,
		    snprintf(line, sizeof line, "PASS :%s", c->password));
	relay_direct(r, line, snprintf(line, sizeof line, "NICK %s", r->nick));
	relay_direct(r, line,
	    snprintf(line, sizeof line, "USER %s 0 * :%s", c->username,
	        c->realname));
}

/* Starts connecting to r->addr or the addresses after it. */
static void
relay_try(struct relay *r, uint64_t now)
{
	struct addrinfo *ai;
	int fd, err = 0;

	for (; (ai = r->addr) != NULL; r->addr = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
		if (fd < 0 || relay_nonblock(fd) != 0) {
			err = errno;
			if (fd >= 0)
				close(fd);
			continue;
		}
		r->server_fd = fd;
		if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
			relay_up(r, now);
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
	relay_drop(r, now, err != 0 ? strerror(err) : "no address");
}

static void
relay_connect(struct relay *r, uint64_t now)
{
	struct addrinfo hints;
	char port[16], why[300];
	int rc;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV | AI_ADDRCONFIG;
	snprintf(port, sizeof port, "%d", r->conf->port);
	loop_log("connecting to %s port %s", r->conf->server, port);
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
		relay_up(r, now);
		return;
	}
	loop_log("cannot connect: %s", strerror(err));
	close(r->server_fd);
	r->server_fd = -1;
	r->addr = r->addr->ai_next;
	relay_try(r, now);
}

/* Whether nick is one of the configured ones. */
static int
relay_configured_nick(const struct conf *c, const char *nick)
{
	int i;

	for (i = 0; i < c->nnicks; i++) {
		if (strcasecmp(c->nicks[i], nick) == 0)
			return 1;
	}
	return 0;
}

/* The k-th fallback nick (k >= 1): the first with "_", then 2, 3, ...
 * after it, cut to 9 bytes (RFC 1459's limit) once the server has refused
 * a long one. */
static void
relay_fallback_nick(struct relay *r, int k)
{
	char suffix[16];
	int keep;

	if (k == 1)
		snprintf(suffix, sizeof suffix, "_");
	else
		snprintf(suffix, sizeof suffix, "%d", k);
	keep = (int)(RELAY_NICK_MAX - strlen(suffix));
	if (r->nick_cut)
		keep = 9 - (int)strlen(suffix);
	snprintf(
	    r->nick, sizeof r->nick, "%.*s%s", keep, r->conf->nicks[0], suffix);
}

/* Before 001, the nick was refused: tries the next configured one, then
 * fallbacks that are not configured ones. */
static void
relay_next_nick(struct relay *r, uint64_t now, const char *code)
{
	const struct conf *c = r->conf;
	char line[IRCLINE_MAX + 1];

	if (strcmp(code, "432") == 0 && r->nick_try >= c->nnicks)
		r->nick_cut = 1;
	do {
		if (++r->nick_try > RELAY_NICK_TRIES) {
			relay_drop(r, now, "no nick is free");
			return;
		}
		if (r->nick_try < c->nnicks) {
			snprintf(r->nick, sizeof r->nick, "%s",
			    c->nicks[r->nick_try]);
			break;
		}
		relay_fallback_nick(r, r->nick_try - c->nnicks + 1);
	} while (relay_configured_nick(c, r->nick));
	loop_log("nick refused (%s), trying %s", code, r->nick);
	relay_direct(r, line, snprintf(line, sizeof line, "NICK %s", r->nick));
}

/* The nick in a prefix is ours. */
static int
relay_from_us(const struct relay *r, const char *prefix)
{
	size_t len;

	if (prefix == NULL)
		return 0;
	len = strcspn(prefix, "!@");
	return len == strlen(r->nick) && strncasecmp(prefix, r->nick, len) == 0;
}

/* What the relay itself learns from a server line. */
static void
relay_watch(struct relay *r, const struct ircline *m, uint64_t now)
{
	const char *cmd = m->command;

	if (r->state == RELAY_REGISTERING) {
		if (strcmp(cmd, "001") == 0) {
			if (m->nparams > 0)
				snprintf(r->nick, sizeof r->nick, "%s",
				    m->params[0]);
			r->state = RELAY_READY;
			r->ready_at = now;
			loop_log("registered as %s", r->nick);
			bot_connected(r->bot, r->nick, now);
		} else if (strcmp(cmd, "433") == 0 || strcmp(cmd, "432") == 0 ||
		           strcmp(cmd, "437") == 0)
			relay_next_nick(r, now, cmd);
		return;
	}
	if (strcmp(cmd, "ERROR") == 0 && m->nparams > 0)
		loop_log("server says: %s", m->params[0]);
	if (!relay_from_us(r, m->prefix) || m->nparams == 0)
		return;
	if (strcmp(cmd, "NICK") == 0) {
		snprintf(r->nick, sizeof r->nick, "%s", m->params[0]);
		loop_log("now known as %s", r->nick);
	}
}

/* Whether libircclient can take m: it crashes on a NOTICE without text or
 * a NICK without prefix, reads past a PRIVMSG or NOTICE whose text is one
 * \001, and would act on DCC requests. */
static int
relay_digestible(const struct ircline *m)
{
	const char *cmd = m->command, *text;

	if (strcmp(cmd, "PRIVMSG") == 0 || strcmp(cmd, "NOTICE") == 0) {
		if (m->nparams < 2)
			return 0;
		text = m->params[1];
		if (strcmp(text, "\001") == 0)
			return 0;
		if (strncasecmp(text, "\001DCC ", 5) == 0)
			return 0;
	}
	if (strcmp(cmd, "NICK") == 0 && (m->prefix == NULL || m->nparams == 0))
		return 0;
	return 1;
}

/* One line from the server. */
static void
relay_server_line(struct relay *r, const char *line, size_t len, uint64_t now)
{
	char clean[IRCLINE_MAX + 1], out[IRCLINE_MAX + 8];
	struct ircline *m = &r->msg;
	unsigned int serial = r->serial;
	size_t n;
	int w;

	n = ircline_sanitize(clean, line, len);
	if (ircline_parse(m, clean, n) != 0)
		return;
	if (strcmp(m->command, "PING") == 0) {
		relay_direct(r, out,
		    snprintf(out, sizeof out, "PONG :%s",
		        m->nparams > 0 ? m->params[0] : ""));
		return;
	}
	relay_watch(r, m, now);
	if (r->serial != serial || !relay_digestible(m))
		return;
	/* Written again so that there is always something after the
	 * command: libircclient reads past the end of "QUIT" or "001". */
	w = ircline_format(m, out, sizeof out - 1);
	if (w < 0)
		return;
	if (m->nparams == 0)
		out[w++] = ' ';
	relay_out_add(&r->to_client, out, (size_t)w);
	if (r->to_client.len > RELAY_CLIENT_MAX)
		relay_drop(r, now, "libircclient stopped reading");
}

/* One line from libircclient. */
static void
relay_client_line(struct relay *r, const char *line, size_t len)
{
	char clean[IRCLINE_MAX + 1];
	const char *cmd;
	size_t n;

	n = ircline_sanitize(clean, line, len);
	if (ircline_parse(&r->msg, clean, n) != 0)
		return;
	cmd = r->msg.command;
	if (strcasecmp(cmd, "PASS") == 0 || strcasecmp(cmd, "NICK") == 0 ||
	    strcasecmp(cmd, "USER") == 0)
		return;
	queue_push(r->queue,
	    strcasecmp(cmd, "PONG") == 0 ? QUEUE_URGENT : QUEUE_NORMAL, clean);
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

/* libircclient connecting to the listener: only its own socket is let
 * in. */
static void
relay_accept(struct relay *r)
{
	struct sockaddr_in peer;
	socklen_t len;
	int fd;

	for (;;) {
		len = sizeof peer;
		fd = accept(r->listen_fd, (struct sockaddr *)&peer, &len);
		if (fd < 0)
			return;
		if (r->glue != NULL && r->client_fd < 0 &&
		    peer.sin_family == AF_INET &&
		    peer.sin_addr.s_addr == htonl(INADDR_LOOPBACK) &&
		    ntohs(peer.sin_port) == irc_glue_local_port(r->glue) &&
		    relay_nonblock(fd) == 0) {
			r->client_fd = fd;
			continue;
		}
		loop_log("refused a stray connection to the relay port");
		close(fd);
	}
}

void
relay_fds(struct relay *r, fd_set *in, fd_set *out, int *maxfd)
{
	int fds[3] = {-1, -1, -1}, want_out[3] = {0, 0, 0}, i;

	if (r->state == RELAY_CONNECTING) {
		fds[0] = r->server_fd;
		want_out[0] = 1;
	} else if (r->state >= RELAY_REGISTERING) {
		fds[0] = r->server_fd;
		want_out[0] = relay_out_left(&r->to_server) > 0;
		fds[1] = r->client_fd;
		want_out[1] = relay_out_left(&r->to_client) > 0;
		if (r->glue != NULL && r->client_fd < 0)
			fds[2] = r->listen_fd;
	}
	for (i = 0; i < 3; i++) {
		if (fds[i] < 0)
			continue;
		if (r->state != RELAY_CONNECTING)
			FD_SET(fds[i], in);
		if (want_out[i])
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
		return r->deadline;
	default:
		break;
	}
	t = r->last_rx + (r->pinged ? RELAY_DEAD_MS : RELAY_IDLE_MS);
	if (r->state == RELAY_READY && !r->quitting &&
	    relay_out_left(&r->to_server) == 0) {
		q = queue_next(r->queue, now);
		if (q < t)
			t = q;
	}
	return t;
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
		loop_log("cannot connect: timed out");
		close(r->server_fd);
		r->server_fd = -1;
		r->addr = r->addr->ai_next;
		relay_try(r, now);
		break;
	default:
		if (now - r->last_rx >= RELAY_DEAD_MS)
			relay_drop(r, now, "the server stopped answering");
		else if (!r->pinged && now - r->last_rx >= RELAY_IDLE_MS) {
			relay_direct(r, "PING :keepalive", 15);
			r->pinged = 1;
		}
		break;
	}
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
	} else if (r->state >= RELAY_REGISTERING) {
		if (FD_ISSET(r->server_fd, in) &&
		    relay_read(r, r->server_fd, &r->from_server, 1, now) != 0)
			relay_drop(r, now,
			    errno != 0 ? strerror(errno)
			               : "the server closed the connection");
		if (r->serial == serial && glue != NULL && client_fd < 0 &&
		    FD_ISSET(r->listen_fd, in))
			relay_accept(r);
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
	    relay_out_write(r->client_fd, &r->to_client) != 0) {
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
		if (relay_out_write(r->server_fd, &r->to_server) != 0) {
			relay_drop(r, now, strerror(errno));
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
