/*
 * A scripted IRC player for integration tests, over a real socket to the
 * test's ngircd: it registers, answers PING by itself, joins channels,
 * sends lines, and waits (poll(), with a timeout) for a line that matches
 * a substring, a glob pattern or a predicate.  Every line it receives is
 * kept, in order, so a test can look through all of them afterwards (for
 * instance, that no secret card ever appeared in a channel line).
 *
 * Each received line can satisfy one wait only: a wait takes the first
 * matching line that no earlier wait took, however long ago it came, so
 * the order in which unrelated lines arrive does not matter.
 */
#ifndef TESTS_CLIENT_H
#define TESTS_CLIENT_H

#include <stddef.h>

#define CLIENT_TIMEOUT_MS 5000 /* the default wait */

struct client {
	int fd; /* -1 once closed */
	char nick[64];
	char in[16384]; /* bytes of a line not yet whole */
	size_t inlen;
	char **lines;         /* every line received, CR LF gone */
	unsigned char *taken; /* per line: a wait took it */
	size_t nlines;
	size_t cap;
};

/* Connects to 127.0.0.1:port and registers as nick, waiting for 001.
 * 0, or -1 (the client is closed then). */
int client_open(struct client *c, int port, const char *nick);
/* client_open() in two halves, so that many clients register at once
 * (InspIRCd takes a second over each): connects and sends NICK and USER;
 * then waits for 001.  0, or -1 (closed then). */
int client_start(struct client *c, int port, const char *nick);
/* client_start() with a user name (USER) of its own, not the nick: the
 * server shows the user@host it makes of it (~user@127.0.0.1 on ngircd,
 * which asks no ident), by which the bot tells people apart. */
int client_start_user(
    struct client *c, int port, const char *nick, const char *user);
int client_welcomed(struct client *c);
/* Closes the socket (sending QUIT first if it is open) and frees the
 * log. */
void client_close(struct client *c);

/* Sends one line (CR LF added).  0, or -1. */
int client_send(struct client *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Joins channel and waits for the server to confirm it.  0, or -1. */
int client_join(struct client *c, const char *channel);

/* Waits up to timeout_ms (CLIENT_TIMEOUT_MS when 0) for an untaken line
 * for which match(line, arg) is true, line being stripped of mIRC colour
 * codes.  The line as received, or NULL on timeout or when the server
 * closes the connection. */
const char *client_wait(struct client *c,
    int (*match)(const char *, const void *), const void *arg, int timeout_ms);
/* ... among the lines from index from on (c->nlines read before a line
 * is sent: only what comes after it, so that no earlier line answers). */
const char *client_wait_from(struct client *c, size_t from,
    int (*match)(const char *, const void *), const void *arg, int timeout_ms);
/* ... for a line containing text. */
const char *client_wait_text(
    struct client *c, const char *text, int timeout_ms);
/* ... for a line matching a glob pattern (fnmatch(3): * ? [...]). */
const char *client_wait_glob(
    struct client *c, const char *pattern, int timeout_ms);

/* Marks every line received so far as taken: later waits look only at
 * what comes after (and need not strip the old lines again). */
void client_skip(struct client *c);

/* Reads whatever arrives within ms (0: only what is there now) into the
 * log; -1 if the connection is gone. */
int client_pump(struct client *c, int ms);

/* Copies s into out (size bytes) without mIRC formatting: colours
 * (^C with up to two digits and an optional ",NN"), bold, italics,
 * underline, strike, reverse, monospace, reset. */
void client_strip(const char *s, char *out, size_t size);

#endif
