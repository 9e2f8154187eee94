/*
 * The tap of tap.h.  The child runs one poll() loop over its listener and
 * at most one link (the bot has one connection at a time; a new one
 * replaces the old), and writes one record a line:
 *
 *   A ms          a connection accepted
 *   L ms          a line from the client, sent on to the server
 *   R ms          the same, before the server's 001 (registration)
 *   X ms text     the server closed the link; text is its last ERROR line
 *
 * The file is flushed after every read, so the test may read it while
 * the tap runs.
 */
#define _GNU_SOURCE 1
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tests/lib/ngircd.h"
#include "tests/lib/tap.h"

#define TAP_BUF 65536

/* A socket on 127.0.0.1:port, listening (listen set) or connected. */
static int
tap_socket(int port, int listening)
{
	struct sockaddr_in sin;
	int fd, on = 1;

	if ((fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons((unsigned short)port);
	if (listening) {
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
		if (bind(fd, (struct sockaddr *)&sin, sizeof sin) == 0 &&
		    listen(fd, 4) == 0)
			return fd;
	} else if (connect(fd, (struct sockaddr *)&sin, sizeof sin) == 0)
		return fd;
	close(fd);
	return -1;
}

/* Writes all of buf to fd; -1 if the peer is gone. */
static int
tap_write(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = send(fd, buf, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Notes the last ERROR line in what the server sent (len bytes). */
static void
tap_error(char *last, size_t size, const char *buf, size_t len)
{
	const char *p, *end = buf + len, *eol;

	for (p = buf; p < end; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (eol == NULL)
			eol = end;
		if (eol - p > 6 && strncmp(p, "ERROR ", 6) == 0)
			snprintf(last, size, "%.*s", (int)(eol - p) -
			    (eol > p && eol[-1] == '\r'), p);
		if (eol == end)
			break;
	}
}

static void __attribute__((noreturn))
tap_child(int lfd, int server_port, FILE *log)
{
	struct pollfd pfd[3];
	char buf[TAP_BUF], last[256] = "";
	int cfd = -1, sfd = -1, fd;
	int registered = 0;
	long long now;
	ssize_t n, i;

	for (;;) {
		pfd[0].fd = lfd;
		pfd[1].fd = cfd;
		pfd[2].fd = sfd;
		pfd[0].events = pfd[1].events = pfd[2].events = POLLIN;
		if (poll(pfd, 3, -1) < 0)
			continue;
		if (pfd[0].revents & POLLIN) {
			if ((fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC)) < 0)
				continue;
			if (cfd >= 0)
				close(cfd);
			if (sfd >= 0)
				close(sfd);
			cfd = fd;
			sfd = tap_socket(server_port, 0);
			registered = 0;
			last[0] = '\0';
			fprintf(log, "A %lld\n", ngircd_now_ms());
			fflush(log);
			if (sfd < 0) {
				close(cfd);
				cfd = -1;
			}
			continue;
		}
		if (cfd >= 0 && (pfd[1].revents & (POLLIN | POLLHUP))) {
			n = read(cfd, buf, sizeof buf);
			if (n <= 0 || tap_write(sfd, buf, (size_t)n) != 0)
				goto gone;
			now = ngircd_now_ms();
			for (i = 0; i < n; i++)
				if (buf[i] == '\n')
					fprintf(log, "%c %lld\n",
					    registered ? 'L' : 'R', now);
			fflush(log);
		}
		if (sfd >= 0 && (pfd[2].revents & (POLLIN | POLLHUP))) {
			n = read(sfd, buf, sizeof buf);
			if (n > 0) {
				tap_error(last, sizeof last, buf, (size_t)n);
				/* The welcome (a short line: it comes whole
				 * in one read). */
				if (memmem(buf, (size_t)n, " 001 ", 5) != NULL)
					registered = 1;
			}
			if (n <= 0) {
				fprintf(log, "X %lld %s\n", ngircd_now_ms(),
				    last);
				fflush(log);
				goto gone;
			}
			if (tap_write(cfd, buf, (size_t)n) != 0)
				goto gone;
		}
		continue;
gone:
		close(cfd);
		close(sfd);
		cfd = sfd = -1;
	}
}

int
tap_start(struct tap *t, const char *dir, int server_port)
{
	FILE *log;
	int lfd;

	memset(t, 0, sizeof *t);
	if (snprintf(t->log, sizeof t->log, "%s/tap.log", dir) >=
	    (int)sizeof t->log || (t->port = ngircd_free_port()) <= 0 ||
	    (lfd = tap_socket(t->port, 1)) < 0)
		return -1;
	if ((log = fopen(t->log, "w")) == NULL) {
		close(lfd);
		return -1;
	}
	t->pid = fork();
	if (t->pid == 0) {
		signal(SIGTERM, SIG_DFL);
		tap_child(lfd, server_port, log);
	}
	close(lfd);
	fclose(log);
	if (t->pid < 0) {
		t->pid = 0;
		return -1;
	}
	return 0;
}

int
tap_stop(struct tap *t)
{
	if (t->pid <= 0)
		return -1;
	ngircd_kill(t->pid);
	t->pid = 0;
	return 0;
}

/* The most of the n lines at times[] (those of kind only, unless 0) in
 * any window_ms: a window starting at each line, its end found by moving
 * forward only. */
static int
tap_most(const long long *times, const char *kind, size_t n, int window_ms,
    char only)
{
	size_t i, j = 0, in = 0;
	int most = 0;

	for (i = 0; i < n; i++) {
		for (; j < n && times[j] < times[i] + window_ms; j++)
			in += only == 0 || kind[j] == only;
		if ((int)in > most)
			most = (int)in;
		in -= only == 0 || kind[i] == only;
	}
	return most;
}

int
tap_read(const struct tap *t, int window_ms, struct tap_count *c)
{
	long long *times = NULL, ms;
	char *kind = NULL;
	size_t n = 0, cap = 0;
	char line[512], *text;
	FILE *f;

	memset(c, 0, sizeof *c);
	if ((f = fopen(t->log, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		ms = strtoll(line + 2, &text, 10);
		if (line[0] == 'A')
			c->links++;
		else if (line[0] == 'X') {
			c->closed++;
			text += strspn(text, " ");
			text[strcspn(text, "\n")] = '\0';
			snprintf(c->why, sizeof c->why, "%s", text);
		} else if (strchr("LR", line[0]) != NULL) {
			if (n == cap) {
				cap = cap == 0 ? 4096 : 2 * cap;
				times = realloc(times, cap * sizeof *times);
				kind = realloc(kind, cap);
				if (times == NULL || kind == NULL)
					abort();
			}
			kind[n] = line[0];
			times[n++] = ms;
		}
	}
	fclose(f);
	c->lines = (long)n;
	c->most = tap_most(times, kind, n, window_ms, 0);
	c->most_paced = tap_most(times, kind, n, window_ms, 'L');
	if (n > 0)
		c->span_ms = times[n - 1] - times[0];
	free(times);
	free(kind);
	return 0;
}
