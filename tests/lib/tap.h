/*
 * A tap on the bot's link, for the flood and hostile tests: a child
 * process listening on a free loopback port that relays each connection
 * it accepts to a server port, byte for byte both ways, and writes to a
 * file when each line from the client went out (milliseconds, monotonic
 * clock), its length, whether it was registration, whether it was bad (over
 * 512 bytes with CR LF, no CR before the LF, a CR or a NUL inside), and
 * when the server closed a link and with what ERROR.  The server sees the
 * lines as the bot wrote them, at the times it wrote them; the test reads
 * the file afterwards.
 *
 * The tap also injects lines into the client's side as if the server had
 * sent them (tap_inject()), each between two whole server lines: what a
 * network other than the test's ngircd may deliver and ngircd never
 * would (lines over 512 bytes, a NUL inside, nicks and user names with
 * SQL and format characters, a thousand parameters).  Started and stopped
 * by pid.
 */
#ifndef TESTS_TAP_H
#define TESTS_TAP_H

#include <limits.h>
#include <sys/types.h>

struct tap {
	pid_t pid;		/* 0 when not running */
	int port;		/* where the bot connects */
	int inject;		/* the parent's end of the injection socket */
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
	long longest;		/* the longest line, with its CR LF */
	long bad;		/* bad lines */
	char first_bad[256];	/* why the first was bad, and its start */
	long injected;		/* injections written to the client */
	int client_closed;	/* links the client closed */
};

/* Starts the tap in dir, relaying to 127.0.0.1:server_port.  0, or -1. */
int tap_start(struct tap *t, const char *dir, int server_port);
/* Sends n bytes (whole lines with CR LF, at most 8192 bytes) to the
 * client as from the server, between two of the server's lines.  0, or
 * -1. */
int tap_inject(struct tap *t, const char *p, size_t n);
/* Stops it (its links close).  0, or -1 if it was not running. */
int tap_stop(struct tap *t);
/* Reads the file so far into c, with the window for most in window_ms.
 * 0, or -1. */
int tap_read(const struct tap *t, int window_ms, struct tap_count *c);

#endif
