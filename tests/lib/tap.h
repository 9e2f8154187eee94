/*
 * A tap on the bot's link for the flood test: a child process listening
 * on a free loopback port that relays each connection it accepts to a
 * server port, byte for byte both ways, and writes to a file when each
 * line from the client went out (milliseconds, monotonic clock), whether
 * it was registration or a PING or PONG, and when
 * the server closed a link and with what ERROR.  The server sees the
 * lines as the bot wrote them, at the times it wrote them; the test reads
 * the file afterwards.  Started and stopped by pid.
 */
#ifndef TESTS_TAP_H
#define TESTS_TAP_H

#include <limits.h>
#include <sys/types.h>

struct tap {
	pid_t pid;		/* 0 when not running */
	int port;		/* where the bot connects */
	char log[PATH_MAX];
};

/* What the file says. */
struct tap_count {
	long lines;		/* lines the client sent */
	int most;		/* the most in any window */
	int most_paced;		/* ... of those but registration (before
				 * 001: servers do not count it) */
	long long span_ms;	/* from the first line to the last */
	int links;		/* connections accepted */
	int closed;		/* links the server closed */
	char why[256];		/* the server's last ERROR line, or "" */
};

/* Starts the tap in dir, relaying to 127.0.0.1:server_port.  0, or -1. */
int tap_start(struct tap *t, const char *dir, int server_port);
/* Stops it (its links close).  0, or -1 if it was not running. */
int tap_stop(struct tap *t);
/* Reads the file so far into c, with the window for most in window_ms.
 * 0, or -1. */
int tap_read(const struct tap *t, int window_ms, struct tap_count *c);

#endif
