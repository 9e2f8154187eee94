/*
 * The bare echo client of echo.h.  The child registers through
 * tests/lib/client.c (which also answers the PINGs that come before
 * 001), tells the parent over a pipe, then runs a loop as small as an
 * IRC client's can be: pselect() with a timeout, as the bot's loop does,
 * recv(), and for each whole line a PRIVMSG to it gets one NOTICE back,
 * a PING its PONG.
 */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench/echo.h"
#include "tests/lib/client.h"

#define ECHO_REPLY 120 /* the bytes of text in a reply: a 13-card hand */

/* Answers one line (no CR LF) that came to nick. */
static void
echo_line(int fd, const char *line, const char *nick)
{
	char out[600], who[64];
	const char *sp = strchr(line, ' '), *bang = strchr(line, '!');
	size_t n = strlen(nick), len;
	int k;

	if (strncmp(line, "PING ", 5) == 0) {
		k = snprintf(out, sizeof out, "PONG %s\r\n", line + 5);
	} else if (line[0] == ':' && sp != NULL && bang != NULL &&
	    bang < sp && strncmp(sp + 1, "PRIVMSG ", 8) == 0 &&
	    strncmp(sp + 9, nick, n) == 0 && sp[9 + n] == ' ') {
		len = (size_t)(bang - line - 1);
		if (len >= sizeof who)
			return;
		memcpy(who, line + 1, len);
		who[len] = '\0';
		k = snprintf(out, sizeof out, "NOTICE %s :%.*s\r\n", who,
		    ECHO_REPLY,
		    "Your hand (13): 2 3 4 5 6 7 8 9 10 J Q K A 2 3 4 5 6 7 "
		    "8 9 10 J Q K A 2 3 4 5 6 7 8 9 10 J Q K A 2 3 4 5 6 7 8 "
		    "9 10 J Q K A 2 3 4 5 6 7 8 9 10");
	} else {
		return;
	}
	if (k > 0 && (size_t)k < sizeof out)
		(void)send(fd, out, (size_t)k, MSG_NOSIGNAL);
}

/* The child's loop, until the server or SIGTERM ends it. */
static void
echo_loop(int fd, const char *nick)
{
	char buf[8192], *line, *end;
	size_t have = 0;
	struct timespec ts = { 60, 0 };
	fd_set in;
	ssize_t n;

	for (;;) {
		FD_ZERO(&in);
		FD_SET(fd, &in);
		if (pselect(fd + 1, &in, NULL, NULL, &ts, NULL) <= 0)
			continue;
		n = recv(fd, buf + have, sizeof buf - 1 - have, 0);
		if (n <= 0)
			return;
		have += (size_t)n;
		buf[have] = '\0';
		for (line = buf; (end = strstr(line, "\r\n")) != NULL;
		    line = end + 2) {
			*end = '\0';
			echo_line(fd, line, nick);
		}
		have -= (size_t)(line - buf);
		memmove(buf, line, have);
		if (have == sizeof buf - 1)
			have = 0; /* a line too long for IRC: dropped */
	}
}

pid_t
echo_start(int port, const char *nick)
{
	struct client cl;
	int p[2];
	pid_t pid;
	char ok = 0;
	int on = 1; /* as the bot's relay: each reply goes at once */
	long fd;

	if (pipe(p) != 0)
		return -1;
	if ((pid = fork()) < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		/* Not the caller's sockets (thousands of players, perhaps):
		 * its own would get a number past FD_SETSIZE. */
		for (fd = 3; fd < sysconf(_SC_OPEN_MAX); fd++)
			if (fd != p[1])
				close((int)fd);
		memset(&cl, 0, sizeof cl);
		if (client_open(&cl, port, nick) != 0 ||
		    setsockopt(cl.fd, IPPROTO_TCP, TCP_NODELAY, &on,
		    sizeof on) != 0)
			_exit(1);
		ok = 1;
		if (write(p[1], &ok, 1) != 1)
			_exit(1);
		close(p[1]);
		echo_loop(cl.fd, nick);
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], &ok, 1) != 1 || !ok) {
		close(p[0]);
		echo_stop(pid);
		return -1;
	}
	close(p[0]);
	return pid;
}

void
echo_stop(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
}
