/*
 * libircclient glue (irc.h).  The session is told a nick of "*", which no
 * target on any network can start with.  libircclient decides by a prefix
 * match on that nick whether a PRIVMSG or NOTICE is private and whether a
 * MODE is a user mode; with "*" it never matches, so every message arrives
 * through the channel callbacks with its target untouched and the core
 * decides by the target.  The private callbacks are forwarded the same way
 * all the same.  Registration lines the session sends (NICK *, USER) go to
 * the relay, which drops them.
 *
 * Not forwarded: event_connect (the 001 numeric is forwarded, and the relay
 * has already called bot_connected()) and CTCP replies.  CTCP requests,
 * whose target libircclient throws away, reach the core as "CTCP" events
 * with their text alone.
 */
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <libircclient.h>

#include "../games/xalloc.h"
#include "irc-glue.h"
#include "log.h"

struct irc_glue {
	irc_session_t *session;
	struct irc_sink sink;
	uint64_t now; /* the time of this processing */
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
 * has dropped its target; the core answers it (bot/ctcp.c) as a "CTCP"
 * event with that text.  DCC never reaches here: the relay drops it. */
static void
irc_on_ctcp(irc_session_t *s, const char *event, const char *origin,
    const char **params, unsigned int count)
{
	(void)event;
	if (origin == NULL || count < 1 || params[0] == NULL)
		return;
	irc_forward(s, "CTCP", origin, params, 1);
}

/* The socket libircclient connects with: the one descriptor it adds. */
static int
irc_glue_fd(irc_session_t *s)
{
	fd_set in, out;
	int maxfd = -1, fd;

	FD_ZERO(&in);
	FD_ZERO(&out);
	if (irc_add_select_descriptors(s, &in, &out, &maxfd) != 0)
		return -1;
	for (fd = 0; fd <= maxfd; fd++) {
		if (FD_ISSET(fd, &in) || FD_ISSET(fd, &out))
			return fd;
	}
	return -1;
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
 * (dup2() onto its descriptor number, so the session never knows) and
 * returns the other end, or -1.  Its connect to the listener was only
 * to get the session into its "connecting" state; a Unix socket pair
 * costs each line a copy, where loopback TCP cost two passes through
 * the TCP stack and a wake-up (docs/performance.md). */
static int
irc_glue_pair(irc_session_t *s)
{
	int pair[2], fd = irc_glue_fd(s);

	if (fd < 0 || socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK |
	    SOCK_CLOEXEC, 0, pair) != 0)
		return -1;
	if (dup2(pair[1], fd) < 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) {
		close(pair[0]);
		close(pair[1]);
		return -1;
	}
	close(pair[1]);
	return pair[0];
}

struct irc_glue *
irc_glue_new(const struct irc_sink *sink, int *peer, char **cause)
{
	struct irc_glue *g = xcalloc(1, sizeof *g);
	unsigned short port;
	irc_callbacks_t cb;
	int lfd;

	g->sink = *sink;
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
	/* Constant strings only: libircclient uses them as formats. */
	if (irc_connect(g->session, "127.0.0.1", port, NULL, "*", "relay",
	        "relay") != 0) {
		*cause = xasprintf(
		    "libircclient: %s", irc_strerror(irc_errno(g->session)));
		close(lfd);
		irc_glue_free(g);
		return NULL;
	}
	*peer = irc_glue_pair(g->session);
	close(lfd);
	if (*peer < 0) {
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
	if (g == NULL)
		return;
	irc_destroy_session(g->session);
	free(g);
}

void
irc_glue_add_fds(struct irc_glue *g, fd_set *in, fd_set *out, int *maxfd)
{
	/* Fails only when the session is over: processing reports it. */
	(void)irc_add_select_descriptors(g->session, in, out, maxfd);
}

int
irc_glue_process(struct irc_glue *g, fd_set *in, fd_set *out, uint64_t now)
{
	g->now = now;
	if (irc_process_select_descriptors(g->session, in, out) != 0) {
		log_msg("libircclient session ended: %s",
		    irc_strerror(irc_errno(g->session)));
		return -1;
	}
	return 0;
}
