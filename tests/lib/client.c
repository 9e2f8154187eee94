/*
 * The scripted IRC player (client.h).  One blocking-free socket, a line
 * splitter, a log of every line, and waits built on poll() with the time
 * left until the deadline.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "client.h"

static long long
client_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void
client_strip(const char *s, char *out, size_t size)
{
	size_t n = 0;
	int digits;

	for (; *s != '\0' && n + 1 < size; s++) {
		switch (*s) {
		case '\003':
			for (digits = 0;
			     digits < 2 && isdigit((unsigned char)s[1]);
			     digits++)
				s++;
			if (digits > 0 && s[1] == ',' &&
			    isdigit((unsigned char)s[2])) {
				s += 2;
				if (isdigit((unsigned char)s[1]))
					s++;
			}
			continue;
		case '\002':
		case '\017':
		case '\026':
		case '\035':
		case '\037':
		case '\036':
		case '\021':
			continue;
		}
		out[n++] = *s;
	}
	out[n] = '\0';
}

static void
client_keep(struct client *c, const char *line)
{
	if (c->nlines == c->cap) {
		c->cap = c->cap == 0 ? 64 : c->cap * 2;
		c->lines = realloc(c->lines, c->cap * sizeof *c->lines);
		c->taken = realloc(c->taken, c->cap);
		if (c->lines == NULL || c->taken == NULL)
			abort();
	}
	c->lines[c->nlines] = strdup(line);
	if (c->lines[c->nlines] == NULL)
		abort();
	c->taken[c->nlines++] = 0;
}

/* One whole line: logged, and PING answered. */
static void
client_line(struct client *c, char *line)
{
	size_t len = strlen(line);

	if (len > 0 && line[len - 1] == '\r')
		line[--len] = '\0';
	client_keep(c, line);
	if (strncmp(line, "PING ", 5) == 0)
		client_send(c, "PONG %s", line + 5);
}

int
client_pump(struct client *c, int ms)
{
	struct pollfd pfd;
	char *nl;
	ssize_t n;
	size_t used;

	if (c->fd < 0)
		return -1;
	pfd.fd = c->fd;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, ms) <= 0)
		return 0;
	n = recv(c->fd, c->in + c->inlen, sizeof c->in - 1 - c->inlen, 0);
	if (n <= 0) {
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			return 0;
		close(c->fd);
		c->fd = -1;
		return -1;
	}
	c->inlen += (size_t)n;
	c->in[c->inlen] = '\0';
	while ((nl = memchr(c->in, '\n', c->inlen)) != NULL) {
		*nl = '\0';
		client_line(c, c->in);
		used = (size_t)(nl + 1 - c->in);
		memmove(c->in, nl + 1, c->inlen - used);
		c->inlen -= used;
	}
	if (c->inlen == sizeof c->in - 1) {
		c->in[c->inlen] = '\0';
		client_line(c, c->in);
		c->inlen = 0;
	}
	return 0;
}

/* The first untaken line from index from on that matches, taken; or
 * NULL. */
static const char *
client_find(struct client *c, size_t from,
    int (*match)(const char *, const void *), const void *arg)
{
	size_t i, len;
	char *plain;

	for (i = from; i < c->nlines; i++) {
		if (c->taken[i])
			continue;
		len = strlen(c->lines[i]) + 1;
		plain = malloc(len);
		if (plain == NULL)
			abort();
		client_strip(c->lines[i], plain, len);
		if (match(plain, arg)) {
			free(plain);
			c->taken[i] = 1;
			return c->lines[i];
		}
		free(plain);
	}
	return NULL;
}

const char *
client_wait(struct client *c, int (*match)(const char *, const void *),
    const void *arg, int timeout_ms)
{
	return client_wait_from(c, 0, match, arg, timeout_ms);
}

const char *
client_wait_from(struct client *c, size_t from,
    int (*match)(const char *, const void *), const void *arg, int timeout_ms)
{
	long long end;
	const char *line;
	int left;

	if (timeout_ms <= 0)
		timeout_ms = CLIENT_TIMEOUT_MS;
	end = client_now_ms() + timeout_ms;
	for (;;) {
		if ((line = client_find(c, from, match, arg)) != NULL)
			return line;
		left = (int)(end - client_now_ms());
		if (left <= 0 || client_pump(c, left) != 0)
			return client_find(c, from, match, arg);
	}
}

void
client_skip(struct client *c)
{
	if (c->nlines > 0)
		memset(c->taken, 1, c->nlines);
}

static int
client_has_text(const char *line, const void *arg)
{
	return strstr(line, arg) != NULL;
}

static int
client_has_glob(const char *line, const void *arg)
{
	return fnmatch(arg, line, 0) == 0;
}

const char *
client_wait_text(struct client *c, const char *text, int timeout_ms)
{
	return client_wait(c, client_has_text, text, timeout_ms);
}

const char *
client_wait_glob(struct client *c, const char *pattern, int timeout_ms)
{
	return client_wait(c, client_has_glob, pattern, timeout_ms);
}

int
client_send(struct client *c, const char *fmt, ...)
{
	char line[4096];
	va_list ap;
	size_t off = 0;
	ssize_t n;
	int len;

	if (c->fd < 0)
		return -1;
	va_start(ap, fmt);
	len = vsnprintf(line, sizeof line - 2, fmt, ap);
	va_end(ap);
	if (len < 0 || (size_t)len >= sizeof line - 2)
		return -1;
	memcpy(line + len, "\r\n", 2);
	len += 2;
	while (off < (size_t)len) {
		n = send(c->fd, line + off, (size_t)len - off, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		off += (size_t)n;
	}
	return 0;
}

int
client_open(struct client *c, int port, const char *nick)
{
	if (client_start(c, port, nick) != 0)
		return -1;
	return client_welcomed(c);
}

int
client_start(struct client *c, int port, const char *nick)
{
	return client_start_user(c, port, nick, nick);
}

int
client_start_user(struct client *c, int port, const char *nick,
    const char *user)
{
	struct sockaddr_in sin;

	memset(c, 0, sizeof *c);
	snprintf(c->nick, sizeof c->nick, "%s", nick);
	/* Close-on-exec: a bot started after a thousand players connect
	 * (bench-net) must not inherit their sockets, which would give its
	 * own descriptors numbers past select()'s FD_SETSIZE. */
	c->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c->fd < 0)
		return -1;
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons((unsigned short)port);
	if (connect(c->fd, (struct sockaddr *)&sin, sizeof sin) != 0 ||
	    client_send(c, "NICK %s", nick) != 0 ||
	    client_send(c, "USER %s 0 * :test player %s", user, nick) != 0) {
		client_close(c);
		return -1;
	}
	return 0;
}

int
client_welcomed(struct client *c)
{
	char want[128];

	snprintf(want, sizeof want, "* 001 %s *", c->nick);
	if (client_wait_glob(c, want, 0) == NULL) {
		client_close(c);
		return -1;
	}
	return 0;
}

int
client_join(struct client *c, const char *channel)
{
	char want[256];

	if (client_send(c, "JOIN %s", channel) != 0)
		return -1;
	snprintf(want, sizeof want, ":%s!* JOIN *%s", c->nick, channel);
	return client_wait_glob(c, want, 0) != NULL ? 0 : -1;
}

void
client_close(struct client *c)
{
	size_t i;

	if (c->fd >= 0) {
		client_send(c, "QUIT :done");
		close(c->fd);
	}
	c->fd = -1;
	for (i = 0; i < c->nlines; i++)
		free(c->lines[i]);
	free(c->lines);
	free(c->taken);
	c->lines = NULL;
	c->taken = NULL;
	c->nlines = c->cap = 0;
}
