/*
 * The scripted server of relay-wire.h: a listening socket, one accepted
 * connection split into lines, and the core hooks recording events.
 */
#include <errno.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "bot/lib/queue.h"
#include "bot/net/relay-int.h"
#include "bot/net/relay.h"
#include "tests/lib/relay-wire.h"

static long long
wire_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
wire_keep(char **list, int *n, const char *s)
{
	assert_true(*n < WIRE_MAX);
	list[*n] = strdup(s);
	assert_non_null(list[*n]);
	(*n)++;
}

static void
wire_on_connected(void *arg, const char *nick, uint64_t now)
{
	struct wire *w = arg;

	(void)now;
	w->connected++;
	snprintf(w->nick, sizeof w->nick, "%s", nick);
}

static void
wire_on_disconnected(void *arg, uint64_t now)
{
	struct wire *w = arg;

	(void)now;
	w->disconnected++;
}

/* An event as "COMMAND origin [p0] [p1] ...". */
static void
wire_on_event(void *arg, const char *command, const char *origin,
    const char **params, unsigned int count, uint64_t now)
{
	struct wire *w = arg;
	char buf[2048];
	size_t n;
	unsigned int i;

	(void)now;
	n = (size_t)snprintf(
	    buf, sizeof buf, "%s %s", command, origin != NULL ? origin : "-");
	for (i = 0; i < count && n < sizeof buf; i++)
		n += (size_t)snprintf(
		    buf + n, sizeof buf - n, " [%s]", params[i]);
	assert_true(n < sizeof buf);
	wire_keep(w->events, &w->nevents, buf);
}

/* Bytes from the relay, split into lines. */
static void
wire_read(struct wire *w)
{
	char *nl;
	ssize_t n;
	size_t used;

	n = recv(w->fd, w->in + w->inlen, sizeof w->in - 1 - w->inlen, 0);
	if (n <= 0) {
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			return;
		close(w->fd);
		w->fd = -1;
		w->inlen = 0;
		return;
	}
	w->inlen += (size_t)n;
	while ((nl = memchr(w->in, '\n', w->inlen)) != NULL) {
		assert_true(nl > w->in && nl[-1] == '\r');
		nl[-1] = '\0';
		wire_keep(w->lines, &w->nlines, w->in);
		used = (size_t)(nl + 1 - w->in);
		memmove(w->in, nl + 1, w->inlen - used);
		w->inlen -= used;
	}
}

/* One turn of a loop like the bot's, waiting at most wait_ms for I/O. */
static void
wire_turn(struct wire *w, int wait_ms)
{
	struct pollset p;
	int fd;

	pollset_clear(&p);
	relay_fds(w->relay, &p);
	pollset_want(&p, w->listen_fd, POLLIN);
	if (w->fd >= 0)
		pollset_want(&p, w->fd, POLLIN);
	(void)pollset_wait(&p, (uint64_t)wait_ms, NULL);
	if (pollset_readable(&p, w->listen_fd) &&
	    (fd = accept(w->listen_fd, NULL, NULL)) >= 0) {
		assert_int_equal(w->fd, -1);
		w->fd = fd;
	} else if (w->fd >= 0 && pollset_readable(&p, w->fd))
		wire_read(w);
	relay_process(w->relay, &p, w->now);
	relay_flush(w->relay, w->now);
}

void
wire_run(struct wire *w, int ms)
{
	long long end = wire_clock() + ms;

	while (wire_clock() < end)
		wire_turn(w, 5);
}

void
wire_expect(struct wire *w, const char *want)
{
	long long end = wire_clock() + WIRE_WAIT_MS;

	while (w->nread == w->nlines && wire_clock() < end)
		wire_turn(w, 5);
	assert_string_equal(
	    w->nread < w->nlines ? w->lines[w->nread++] : "(nothing)", want);
}

void
wire_quiet(struct wire *w)
{
	wire_run(w, WIRE_QUIET_MS);
	assert_string_equal(
	    w->nread < w->nlines ? w->lines[w->nread] : "(nothing)",
	    "(nothing)");
}

void
wire_expect_event(struct wire *w, const char *want)
{
	long long end = wire_clock() + WIRE_WAIT_MS;

	while (w->nevread == w->nevents && wire_clock() < end)
		wire_turn(w, 5);
	assert_string_equal(
	    w->nevread < w->nevents ? w->events[w->nevread++] : "(nothing)",
	    want);
}

void
wire_find_event(struct wire *w, const char *want)
{
	long long end = wire_clock() + WIRE_WAIT_MS;

	for (;;) {
		while (w->nevread < w->nevents) {
			if (strcmp(w->events[w->nevread++], want) == 0)
				return;
		}
		if (wire_clock() >= end)
			break;
		wire_turn(w, 5);
	}
	assert_string_equal("(nothing)", want);
}

void
wire_send(struct wire *w, const char *line)
{
	char buf[1024];
	int n;

	assert_true(w->fd >= 0);
	n = snprintf(buf, sizeof buf, "%s\r\n", line);
	assert_true(n > 0 && (size_t)n < sizeof buf);
	assert_int_equal(send(w->fd, buf, (size_t)n, MSG_NOSIGNAL), n);
}

void
wire_advance(struct wire *w, uint64_t ms)
{
	w->now += ms;
	wire_run(w, 20);
}

static int
wire_listen(struct wire *w)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof sin;

	w->listen_fd = socket(AF_INET, SOCK_STREAM, 0);
	if (w->listen_fd < 0)
		return -1;
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(w->listen_fd, (struct sockaddr *)&sin, sizeof sin) != 0 ||
	    listen(w->listen_fd, 4) != 0 ||
	    getsockname(w->listen_fd, (struct sockaddr *)&sin, &len) != 0)
		return -1;
	return ntohs(sin.sin_port);
}

int
wire_setup(void **state)
{
	struct wire *w = calloc(1, sizeof *w);
	struct relay_core core = {
	    wire_on_connected, wire_on_disconnected, wire_on_event, NULL, w};
	char *cause = NULL;
	int port;

	*state = w;
	if (w == NULL)
		return -1;
	w->fd = -1;
	w->now = 1000000;
	conf_defaults(&w->conf);
	port = wire_listen(w);
	if (port < 0)
		return -1;
	w->conf.port = port;
	/* Far away unless a test brings them nearer. */
	w->conf.ping_ms = 3600 * 1000;
	w->conf.dead_ms = 7200 * 1000;
	w->queue = queue_new(w->conf.flood_burst, w->conf.flood_interval_ms);
	w->relay = relay_new_core(&w->conf, w->queue, &core, &cause);
	if (w->relay == NULL) {
		fprintf(stderr, "relay: %s\n", cause);
		free(cause);
		return -1;
	}
	return 0;
}

int
wire_teardown(void **state)
{
	struct wire *w = *state;
	int i;

	if (w == NULL)
		return 0;
	relay_free(w->relay);
	queue_free(w->queue);
	conf_free(&w->conf);
	if (w->fd >= 0)
		close(w->fd);
	if (w->listen_fd > 0)
		close(w->listen_fd);
	for (i = 0; i < w->nlines; i++)
		free(w->lines[i]);
	for (i = 0; i < w->nevents; i++)
		free(w->events[i]);
	free(w);
	return 0;
}

void
wire_hello(struct wire *w)
{
	wire_expect(w, "CAP LS 302");
	wire_expect(w, "NICK cheaterbot");
	wire_expect(w, "USER cheater 0 * :cheaterbot, an IRC card game bot");
}

void
wire_register(struct wire *w, const char *nick)
{
	char line[128];

	wire_send(w, ":irc.test CAP * LS :multi-prefix");
	wire_expect(w, "CAP END");
	snprintf(line, sizeof line, ":irc.test 001 %s :Welcome", nick);
	wire_send(w, line);
	snprintf(line, sizeof line, "001 irc.test [%s] [Welcome]", nick);
	wire_find_event(w, line);
	assert_int_equal(w->connected, 1);
	assert_string_equal(w->nick, nick);
}
