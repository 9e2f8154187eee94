/*
 * The tap of tap.h.  The child runs one poll() loop over its listener and
 * at most one link (the bot has one connection at a time; a new one
 * replaces the old), and writes one record a line:
 *
 *   A ms          a connection accepted
 *   L ms len      a line from the client (len bytes with its LF), sent on
 *                 to the server
 *   R ms len      the same, before the server's 001 (registration)
 *   B ms text     the line before was bad: why, and its first bytes
 *   I ms len      injected lines written to the client
 *   C ms          the client closed the link
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
#define TAP_INJECT_MAX 8192 /* the longest injection */

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

/* The client's line being read: enough of it to check it whole. */
struct tap_line {
	size_t len;		/* bytes so far */
	int cr;			/* the last byte was a CR */
	int cr_inside, nul;	/* a CR not before the LF; a NUL */
	char head[120];		/* its first bytes, escaped */
	size_t hlen;
};

/* Takes one byte of the client's line; at its LF, logs the line and, if
 * it is bad, why. */
static void
tap_byte(struct tap_line *l, char c, int registered, long long now,
    FILE *log)
{
	const char *why = NULL;

	if (c != '\n') {
		l->cr_inside |= l->cr;
		l->cr = c == '\r';
		l->nul |= c == '\0';
		if (l->hlen + 5 < sizeof l->head)
			l->hlen += (size_t)snprintf(l->head + l->hlen,
			    sizeof l->head - l->hlen,
			    (unsigned char)c < 0x20 || c == 0x7f ? "\\x%02x" :
			    "%c", (unsigned char)c);
		l->len++;
		return;
	}
	fprintf(log, "%c %lld %zu\n", registered ? 'L' : 'R', now, l->len + 1);
	if (l->len + 1 > 512)
		why = "longer than 512 bytes";
	else if (!l->cr)
		why = "LF without CR";
	else if (l->cr_inside)
		why = "CR inside";
	else if (l->nul)
		why = "NUL inside";
	if (why != NULL)
		fprintf(log, "B %lld %s: %s\n", now, why, l->head);
	memset(l, 0, sizeof *l);
}

/* Lines to inject, waiting for the end of the server's line in flight. */
struct tap_pending {
	char buf[TAP_BUF];
	size_t len;
	int at_eol;		/* the last byte to the client ended a line */
};

/* Writes the injections that wait, if the client is between two server
 * lines.  -1 if the client is gone. */
static int
tap_pending_flush(struct tap_pending *p, int cfd, FILE *log)
{
	if (!p->at_eol || p->len == 0 || cfd < 0)
		return 0;
	if (tap_write(cfd, p->buf, p->len) != 0)
		return -1;
	fprintf(log, "I %lld %zu\n", ngircd_now_ms(), p->len);
	p->len = 0;
	return 0;
}

static void __attribute__((noreturn))
tap_child(int lfd, int ifd, int server_port, FILE *log)
{
	struct pollfd pfd[4];
	static struct tap_pending pend;
	char buf[TAP_BUF], last[256] = "";
	struct tap_line line;
	int cfd = -1, sfd = -1, fd;
	int registered = 0;
	long long now;
	ssize_t n, i;

	memset(&line, 0, sizeof line);
	for (;;) {
		pfd[0].fd = lfd;
		pfd[1].fd = cfd;
		pfd[2].fd = sfd;
		/* A message is read whole or not at all (a longer one
		 * would be cut). */
		pfd[3].fd = sizeof pend.buf - pend.len >= TAP_INJECT_MAX ?
		    ifd : -1;
		pfd[0].events = pfd[1].events = pfd[2].events =
		    pfd[3].events = POLLIN;
		if (poll(pfd, 4, -1) < 0)
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
			memset(&line, 0, sizeof line);
			pend.len = 0;
			pend.at_eol = 1;
			fprintf(log, "A %lld\n", ngircd_now_ms());
			fflush(log);
			if (sfd < 0) {
				close(cfd);
				cfd = -1;
			}
			continue;
		}
		if (pfd[3].revents & POLLIN) {
			n = recv(ifd, pend.buf + pend.len,
			    sizeof pend.buf - pend.len, 0);
			if (n > 0)
				pend.len += (size_t)n;
			if (tap_pending_flush(&pend, cfd, log) != 0)
				goto gone;
			fflush(log);
		}
		if (cfd >= 0 && (pfd[1].revents & (POLLIN | POLLHUP))) {
			n = read(cfd, buf, sizeof buf);
			if (n <= 0) {
				fprintf(log, "C %lld\n", ngircd_now_ms());
				fflush(log);
				goto gone;
			}
			if (tap_write(sfd, buf, (size_t)n) != 0)
				goto gone;
			now = ngircd_now_ms();
			for (i = 0; i < n; i++)
				tap_byte(&line, buf[i], registered, now, log);
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
			pend.at_eol = buf[n - 1] == '\n';
			if (tap_pending_flush(&pend, cfd, log) != 0)
				goto gone;
			fflush(log);
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
	int lfd, sv[2];

	memset(t, 0, sizeof *t);
	t->inject = -1;
	if (snprintf(t->log, sizeof t->log, "%s/tap.log", dir) >=
	    (int)sizeof t->log || (t->port = ngircd_free_port()) <= 0 ||
	    (lfd = tap_socket(t->port, 1)) < 0)
		return -1;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
		close(lfd);
		return -1;
	}
	if ((log = fopen(t->log, "w")) == NULL) {
		close(lfd);
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	t->pid = fork();
	if (t->pid == 0) {
		signal(SIGTERM, SIG_DFL);
		close(sv[0]);
		tap_child(lfd, sv[1], server_port, log);
	}
	close(lfd);
	close(sv[1]);
	fclose(log);
	t->inject = sv[0];
	if (t->pid < 0) {
		t->pid = 0;
		close(t->inject);
		t->inject = -1;
		return -1;
	}
	return 0;
}

int
tap_inject(struct tap *t, const char *p, size_t n)
{
	if (t->pid <= 0 || n == 0 || n > TAP_INJECT_MAX)
		return -1;
	return send(t->inject, p, n, MSG_NOSIGNAL) == (ssize_t)n ? 0 : -1;
}

int
tap_stop(struct tap *t)
{
	if (t->pid <= 0)
		return -1;
	ngircd_kill(t->pid);
	t->pid = 0;
	close(t->inject);
	t->inject = -1;
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
	long len;
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
		} else if (line[0] == 'C')
			c->client_closed++;
		else if (line[0] == 'I')
			c->injected++;
		else if (line[0] == 'B') {
			if (c->bad++ == 0)
				snprintf(c->first_bad, sizeof c->first_bad,
				    "%.*s", (int)strcspn(text + 1, "\n"),
				    text + 1);
		} else if (strchr("LR", line[0]) != NULL) {
			len = strtol(text, NULL, 10);
			if (len > c->longest)
				c->longest = len;
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
