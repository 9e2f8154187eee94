/*
 * A private InspIRCd 3 (Debian's /usr/sbin/inspircd) for the flood test:
 * its own configuration in a temporary directory, two loopback ports on
 * free numbers, started with --nofork (and --runasroot as root) and
 * stopped by its pid, never by name.  No DNS or ident lookups.
 *
 * The port `port` has a strict connect class: fakelag off, so a client
 * whose command penalty reaches `threshold` is disconnected at once
 * ("Excess Flood"), and `rate` thousandths of a point are forgiven each
 * second (InspIRCd does it once a second).  A PRIVMSG, NOTICE, WHO or
 * PONG costs a point, a JOIN two, an unknown command two.  The port
 * `open_port` has no flood limit, for the test's own players.
 */
#ifndef TESTS_INSPIRCD_H
#define TESTS_INSPIRCD_H

#include <limits.h>
#include <sys/types.h>

#define INSPIRCD_BIN "/usr/sbin/inspircd"

struct inspircd {
	pid_t pid;		/* 0 when not running */
	int port;		/* the strict class */
	int open_port;		/* no flood limit */
	int threshold;		/* points before Excess Flood */
	int rate;		/* thousandths of a point forgiven a second */
	char dir[PATH_MAX];	/* its configuration and log */
};

/* Starts it with its configuration in dir and waits until both ports
 * accept connections.  0, or -1 (with a message on stderr). */
int inspircd_start(struct inspircd *s, const char *dir, int threshold,
    int rate);
/* SIGTERM (SIGKILL after 5 s), reaped.  0, or -1 if it was not running. */
int inspircd_stop(struct inspircd *s);

/* A client registers on the strict port, waits a second and a half (its
 * registration forgiven), then sends n PRIVMSG lines at once: 1 if the
 * server closed its link for "Excess Flood" within 3 s, 0 if it was still
 * connected, -1 on any other failure (why says which, size bytes). */
int inspircd_flood_probe(const struct inspircd *s, int n, char *why,
    size_t size);

#endif
