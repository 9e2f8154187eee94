/*
 * libircclient glue (irc-glue.h): its session, its callbacks, the socket
 * pair in place of its connection, and the lines passed both ways.
 */
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include <libircclient.h>

#include "alloc/xalloc.h"
#include "bot/net/irc-glue.h"
#include "bot/net/ircline.h"
#include "bot/lib/log.h"
#include "bot/net/outbuf.h"
#include "bot/lib/queue.h"

struct irc_glue {
	irc_session_t *session;
	struct irc_sink sink;
	struct queue *queue;
	uint64_t now;   /* the time of this processing */
	int fd;         /* libircclient's end of the pair */
	int peer;       /* ours */
	int fed;        /* lines written to fd since libircclient read it */
	struct outbuf to_client;
	struct ircline_reader from_client;
	struct ircline msg; /* a line from libircclient being looked at */
	const char *why;
};

static void
irc_forward(irc_session_t *s, const char *command, const char *origin,
    const char **params, unsigned int count)
{
	struct irc_glue *g = irc_get_ctx(s);

	g->sink.event(g->sink.arg, command, origin, params, count, g->now);
}

/* JOIN, PART, QUIT, NICK, KICK, MODE, TOPIC, INVITE and the commands
 * libircclient does not know: event is the command as it came. */
static void
irc_on_command(irc_session_t *s, const char *event, const char *origin,
    const char **params, unsigned int count)
{
	irc_forward(s, event, origin, params, count);
}

static void
irc_on_privmsg(irc_session_t *s, const char *event, const char *origin,
    const char **params, unsigned int count)
{
	(void)event;
	irc_forward(s, "PRIVMSG", origin, params, count);
}

static void
irc_on_notice(irc_session_t *s, const char *event, const char *origin,
    const char **params, unsigned int count)
{
	(void)event;
	irc_forward(s, "NOTICE", origin, params, count);
}

static void
irc_on_numeric(irc_session_t *s, unsigned int event, const char *origin,
    const char **params, unsigned int count)
{
	char code[8];

	if (event > 999)
		return;
	snprintf(code, sizeof code, "%03u", event);
	irc_forward(s, code, origin, params, count);
}

/* libircclient hands an ACTION over as [target, text]; the core gets the
 * PRIVMSG back as it was sent. */
static void
irc_on_action(irc_session_t *s, const char *event, const char *origin,
    const char **params, unsigned int count)
{
	const char *fwd[2];
	char text[160];
	int n;

	(void)event;
	if (count < 2 || params[0] == NULL || params[1] == NULL)
		return;
	n = snprintf(text, sizeof text, "\001ACTION %s\001", params[1]);
	if (n < 0 || (size_t)n >= sizeof text)
		return;
	fwd[0] = params[0];
	fwd[1] = text;
	irc_forward(s, "PRIVMSG", origin, fwd, 2);
}

/* A CTCP request: params[0] is its text between the \001s.  libircclient
 * has dropped its target; the core answers it (bot/core/ctcp.c) as a "CTCP"
 * event with that text.  DCC never reaches here: irc_feed() drops it. */
static void
irc_on_ctcp(irc_session_t *s, const char *event, const char *origin,
    const char **params, unsigned int count)
{
	(void)event;
	if (origin == NULL || count < 1 || params[0] == NULL)
		return;
	irc_forward(s, "CTCP", origin, params, 1);
}

/* The spare descriptor below FD_SETSIZE that libircclient's next socket
 * takes (irc-glue.h), or -1.  Descriptor numbers are the process's, so
 * the spare is too. */
static int irc_glue_spare = -1;

int
irc_glue_reserve(char **cause)
{
	int fd;

	if (irc_glue_spare >= 0)
		return 0;
	/* The lowest number free now. */
	fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		*cause = xasprintf("no descriptor for libircclient: %s",
		    strerror(errno));
		return -1;
	}
	if (fd >= FD_SETSIZE) {
		close(fd);
		*cause = xasprintf("no descriptor number below %d is free for "
		    "libircclient, whose API is select()'s: the lowest free "
		    "is %d, so about that many were left open by the bot's "
		    "parent (close them there, or mark them close-on-exec)",
		    FD_SETSIZE, fd);
		return -1;
	}
	irc_glue_spare = fd;
	return 0;
}

void
irc_glue_unreserve(void)
{
	if (irc_glue_spare >= 0)
		close(irc_glue_spare);
	irc_glue_spare = -1;
}

/* Gives the spare up for irc_connect()'s socket: the number that socket
 * will take, the lowest free once the spare is closed (so at most the
 * spare's), or -1 and errno. */
static int
irc_glue_unspare(int any)
{
	int fd;

	close(irc_glue_spare);
	irc_glue_spare = -1;
	if ((fd = fcntl(any, F_DUPFD_CLOEXEC, 0)) < 0)
		return -1;
	close(fd);
	return fd;
}

/* Whether fd is a TCP socket over IPv4: libircclient's, in the number
 * irc_glue_unspare() said it would take. */
static int
irc_glue_is_tcp(int fd)
{
	socklen_t len = sizeof(int);
	int domain = -1, type = -1;

	if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &len) != 0)
		return 0;
	len = sizeof(int);
	if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0)
		return 0;
	return domain == AF_INET && type == SOCK_STREAM;
}

static void
irc_glue_callbacks(irc_callbacks_t *cb)
{
	memset(cb, 0, sizeof *cb);
	cb->event_nick = irc_on_command;
	cb->event_quit = irc_on_command;
	cb->event_join = irc_on_command;
	cb->event_part = irc_on_command;
	cb->event_mode = irc_on_command;
	cb->event_topic = irc_on_command;
	cb->event_kick = irc_on_command;
	cb->event_invite = irc_on_command;
	cb->event_unknown = irc_on_command;
	cb->event_channel = irc_on_privmsg;
	cb->event_privmsg = irc_on_privmsg;
	cb->event_notice = irc_on_notice;
	cb->event_channel_notice = irc_on_notice;
	cb->event_ctcp_req = irc_on_ctcp;
	cb->event_ctcp_action = irc_on_action;
	cb->event_numeric = irc_on_numeric;
}

/* A listener on 127.0.0.1 for irc_connect() to reach: closed as soon as
 * the connect has started, so nothing else can ever connect to it. */
static int
irc_glue_listener(unsigned short *port)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof sin;
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return -1;
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&sin, sizeof sin) != 0 ||
	    listen(fd, 1) != 0 ||
	    getsockname(fd, (struct sockaddr *)&sin, &len) != 0) {
		close(fd);
		return -1;
	}
	*port = ntohs(sin.sin_port);
	return fd;
}

/* Puts one end of a new socket pair in place of libircclient's socket
 * fd (dup2() onto its descriptor number, so the session never knows) and
 * returns the other end, or -1.  Its connect to the listener was only
 * to get the session into its "connecting" state; a Unix socket pair
 * costs each line a copy, where loopback TCP cost two passes through
 * the TCP stack and a wake-up (docs/performance.md). */
static int
irc_glue_pair(struct irc_glue *g, int fd)
{
	int pair[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0,
	    pair) != 0)
		return -1;
	if (dup2(pair[1], fd) < 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) {
		close(pair[0]);
		close(pair[1]);
		return -1;
	}
	close(pair[1]);
	g->fd = fd;
	return pair[0];
}

struct irc_glue *
irc_glue_new(const struct irc_sink *sink, struct queue *q, char **cause)
{
	struct irc_glue *g = xcalloc(1, sizeof *g);
	unsigned short port;
	irc_callbacks_t cb;
	int lfd, fd;

	if (irc_glue_reserve(cause) != 0) {
		free(g);
		return NULL;
	}
	g->sink = *sink;
	g->queue = q;
	g->fd = g->peer = -1;
	ircline_reader_init(&g->from_client);
	irc_glue_callbacks(&cb);
	g->session = irc_create_session(&cb);
	if (g->session == NULL) {
		*cause = xstrdup("libircclient cannot create a session");
		free(g);
		return NULL;
	}
	irc_set_ctx(g->session, g);
	if ((lfd = irc_glue_listener(&port)) < 0) {
		*cause = xasprintf("loopback listener: %s", strerror(errno));
		irc_glue_free(g);
		return NULL;
	}
	/* Its socket is the first descriptor irc_connect() makes (for an
	 * address, it resolves nothing): the spare's number or a lower
	 * one.  Constant strings only: libircclient uses them as
	 * formats. */
	if ((fd = irc_glue_unspare(lfd)) < 0) {
		*cause = xasprintf("libircclient's descriptor: %s",
		    strerror(errno));
		close(lfd);
		irc_glue_free(g);
		return NULL;
	}
	if (irc_connect(g->session, "127.0.0.1", port, NULL, "*", "relay",
	        "relay") != 0) {
		*cause = xasprintf(
		    "libircclient: %s", irc_strerror(irc_errno(g->session)));
		close(lfd);
		irc_glue_free(g);
		return NULL;
	}
	if (!irc_glue_is_tcp(fd)) {
		*cause = xasprintf("libircclient's socket is not descriptor "
		    "%d, below %d", fd, FD_SETSIZE);
		close(lfd);
		irc_glue_free(g);
		return NULL;
	}
	g->peer = irc_glue_pair(g, fd);
	close(lfd);
	if (g->peer < 0) {
		*cause = xasprintf("libircclient's socket pair: %s",
		    strerror(errno));
		irc_glue_free(g);
		return NULL;
	}
	return g;
}

void
irc_glue_free(struct irc_glue *g)
{
	char *cause = NULL;

	if (g == NULL)
		return;
	irc_destroy_session(g->session);
	if (g->peer >= 0)
		close(g->peer);
	outbuf_free(&g->to_client);
	free(g);
	/* The number libircclient's socket freed, or a lower one: a failure
	 * comes back from the next irc_glue_new(). */
	if (irc_glue_reserve(&cause) != 0)
		free(cause);
}

int
irc_glue_put(struct irc_glue *g, struct ircline *m)
{
	irc_feed(m, &g->to_client);
	if (outbuf_left(&g->to_client) <= IRC_GLUE_WAITING_MAX)
		return 0;
	g->why = "libircclient stopped reading";
	return -1;
}

void
irc_glue_fds(struct irc_glue *g, struct pollset *p)
{
	fd_set in, out;
	int maxfd = -1;

	pollset_want(p, g->peer, (short)(POLLIN |
	    (outbuf_left(&g->to_client) > 0 ? POLLOUT : 0)));
	/* libircclient says what it waits for in select()'s sets, which
	 * hold its socket: its number is below FD_SETSIZE (the spare's).
	 * This fails only when the session is over: processing reports
	 * it. */
	FD_ZERO(&in);
	FD_ZERO(&out);
	if (irc_add_select_descriptors(g->session, &in, &out, &maxfd) != 0)
		return;
	if (FD_ISSET(g->fd, &in) || FD_ISSET(g->fd, &out))
		pollset_want(p, g->fd, (short)((FD_ISSET(g->fd, &in) ?
		    POLLIN : 0) | (FD_ISSET(g->fd, &out) ? POLLOUT : 0)));
}

/* One line libircclient wrote: its PASS, NICK and USER (the registration
 * irc_connect() makes it send) are dropped; a PONG would be queued at
 * the head (QUEUE_FIRST), as the session's own, anything else as
 * housekeeping. */
static void
irc_glue_client_line(struct irc_glue *g, const char *line, size_t len)
{
	char clean[IRCLINE_MAX + 1];
	const char *cmd;
	size_t n;

	n = ircline_sanitize(clean, line, len);
	if (ircline_parse(&g->msg, clean, n) != 0)
		return;
	cmd = g->msg.command;
	if (strcasecmp(cmd, "PASS") == 0 || strcasecmp(cmd, "NICK") == 0 ||
	    strcasecmp(cmd, "USER") == 0)
		return;
	queue_push(g->queue,
	    strcasecmp(cmd, "PONG") == 0 ? QUEUE_FIRST : QUEUE_HOUSE, clean);
}

/* Reads once what libircclient wrote.  0, or -1 when it closed its end. */
static int
irc_glue_read(struct irc_glue *g)
{
	char buf[4096], *line;
	size_t off = 0, len;
	ssize_t n;

	n = recv(g->peer, buf, sizeof buf, 0);
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return 0;
	if (n <= 0) {
		g->why = "libircclient closed its socket";
		return -1;
	}
	while (off < (size_t)n) {
		off += ircline_reader_feed(&g->from_client, buf + off,
		    (size_t)n - off);
		line = ircline_reader_line(&g->from_client, &len);
		if (line != NULL)
			irc_glue_client_line(g, line, len);
	}
	return 0;
}

int
irc_glue_process(struct irc_glue *g, const struct pollset *p, uint64_t now)
{
	fd_set in, out;

	if (pollset_readable(p, g->peer) && irc_glue_read(g) != 0)
		return -1;
	g->now = now;
	/* What the wait said of libircclient's socket, in the sets its
	 * API takes. */
	FD_ZERO(&in);
	FD_ZERO(&out);
	if (pollset_readable(p, g->fd)) {
		FD_SET(g->fd, &in);
		g->fed = 0;
	}
	if (pollset_writable(p, g->fd))
		FD_SET(g->fd, &out);
	if (irc_process_select_descriptors(g->session, &in, &out) != 0) {
		log_warn("libircclient session ended: %s",
		    irc_strerror(irc_errno(g->session)));
		g->why = "libircclient session ended";
		return -1;
	}
	return 0;
}

int
irc_glue_flush(struct irc_glue *g)
{
	ssize_t n;

	while (outbuf_left(&g->to_client) > 0) {
		n = send(g->peer, outbuf_head(&g->to_client),
		    outbuf_left(&g->to_client), MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (n < 0) {
			g->why = "libircclient closed its socket";
			return -1;
		}
		outbuf_done(&g->to_client, (size_t)n);
		g->fed = 1;
	}
	return 0;
}

int
irc_glue_fed(struct irc_glue *g, struct pollset *p)
{
	if (!g->fed)
		return 0;
	pollset_unready(p, g->peer, POLLIN);
	return 1;
}

int
irc_glue_pump(struct irc_glue *g, uint64_t now)
{
	struct pollset p;
	int turns, busy;

	/* Each turn, libircclient reads what its buffer holds: a few turns
	 * take even the longest lines. */
	for (turns = 0; turns < 64; turns++) {
		if (irc_glue_flush(g) != 0)
			return -1;
		pollset_clear(&p);
		irc_glue_fds(g, &p);
		if (pollset_wait(&p, 0, NULL) != 0) {
			if (errno == EINTR)
				continue;
			g->why = "poll failed";
			return -1;
		}
		/* libircclient asks for its socket's "out" only while it
		 * connects or has bytes to write. */
		busy = pollset_readable(&p, g->fd) ||
		    pollset_writable(&p, g->fd) ||
		    pollset_readable(&p, g->peer) ||
		    outbuf_left(&g->to_client) > 0;
		if (irc_glue_process(g, &p, now) != 0)
			return -1;
		if (!busy)
			return 0;
	}
	return 0;
}

size_t
irc_glue_waiting(const struct irc_glue *g)
{
	return outbuf_left(&g->to_client);
}

const char *
irc_glue_why(const struct irc_glue *g)
{
	return g->why != NULL ? g->why : "no failure";
}
