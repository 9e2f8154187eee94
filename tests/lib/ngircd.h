/*
 * Processes for integration tests: a real ngircd (/usr/sbin/ngircd) on a
 * free loopback port with a configuration of its own in a temporary
 * directory, and the real cheaterbot binary (from $CHEATERBOT, default
 * build/test/cheaterbot) with its stderr in a file there.  Both are started
 * and stopped by their process id, never by name; nothing here touches the
 * network beyond 127.0.0.1.
 */
#ifndef TESTS_NGIRCD_H
#define TESTS_NGIRCD_H

#include <limits.h>
#include <sys/types.h>

struct ngircd {
	pid_t pid; /* 0 when not running */
	int port;
	int tls_port;       /* 0 without TLS */
	char dir[PATH_MAX]; /* where its configuration and log live */
	/* Set before ngircd_start(), kept by it and by a restart; zero for
	 * the defaults: */
	const char *network;   /* [Global] Network, which 005 announces as
	                        * NETWORK=...; NULL: none, and no NETWORK */
	const char *max_joins; /* [Limits] MaxJoins as written: "0" is
	                        * ngircd's "no limit", said as CHANLIMIT=
	                        * #&+:0; NULL: "-1", said as #&+:-1 */
};

struct ngircd_bot {
	pid_t pid;          /* 0 when not running */
	char log[PATH_MAX]; /* its stderr */
};

/* A new empty directory under $TMPDIR (or /tmp), malloc'd; NULL on
 * failure. */
char *ngircd_tmpdir(void);
/* Removes dir and everything in it; NULL does nothing. */
void ngircd_rmdir(const char *dir);

/* A loopback port nobody listens on now, or -1. */
int ngircd_free_port(void);

/* Starts ngircd with a configuration written into dir (with s->network
 * and s->max_joins), listening on 127.0.0.1:port (0: a free port), and
 * waits until the port accepts connections.  0, or -1 (with a message on
 * stderr). */
int ngircd_start(struct ngircd *s, const char *dir, int port);
/* As ngircd_start() on a free port, and listening with TLS on another
 * (s->tls_port) with the certificate and key in the PEM files cert and
 * key. */
int ngircd_start_tls(
    struct ngircd *s, const char *dir, const char *cert, const char *key);
/* Stops it (SIGTERM, then SIGKILL after 15 s) and reaps it.  0, or -1 if it
 * was not running. */
int ngircd_stop(struct ngircd *s);

/* Freezes ngircd with SIGSTOP: a server that stops answering without
 * closing a connection.  0, or -1 if it is not running. */
int ngircd_pause(struct ngircd *s);
/* Lets it run again (SIGCONT; harmless when it runs).  0, or -1 if it is
 * not running. */
int ngircd_resume(struct ngircd *s);

/* Starts the bot with args (NULL-terminated, without argv[0]), its stderr
 * going to dir/NAME.log.  A bot still running in b (a test failed before
 * it stopped it) is stopped first, so its process does not outlive the
 * suite.  0, or -1. */
int ngircd_bot_start(struct ngircd_bot *b, const char *dir, const char *name,
    const char *const *args);
/* The same with the bot's working directory cwd (NULL: the test's), as a
 * bot started anywhere by hand. */
int ngircd_bot_start_in(struct ngircd_bot *b, const char *dir,
    const char *name, const char *cwd, const char *const *args);
/* SIGTERM, then waits up to 15 s (SIGKILL after that): a bot sends what
 * it had queued for up to 5 s before its QUIT.  Its exit status,
 * 128 + the signal if one killed it, or -1 if it was not running. */
int ngircd_bot_stop(struct ngircd_bot *b);
/* Waits up to timeout_ms for the bot to end by itself: its exit status
 * (128 + the signal if one killed it), or -1 if it still runs. */
int ngircd_bot_wait(struct ngircd_bot *b, int timeout_ms);
/* Whether the bot is still running (reaps it if it is not). */
int ngircd_bot_alive(struct ngircd_bot *b);
/* Waits up to timeout_ms for text to appear in the bot's log.  1 if it
 * did, 0 if not. */
int ngircd_bot_wait_log(
    const struct ngircd_bot *b, const char *text, int timeout_ms);

/* How many times text appears in the bot's log. */
int ngircd_bot_log_count(const struct ngircd_bot *b, const char *text);
/* Waits up to timeout_ms for text to appear at least want times in the
 * bot's log.  1 if it did, 0 if not. */
int ngircd_bot_wait_log_n(
    const struct ngircd_bot *b, const char *text, int want, int timeout_ms);

/* For other servers' helpers (inspircd.c, tap.c): fork + exec with
 * stdout and stderr appended to log, the child's pid or -1; waiting until
 * something accepts connections on 127.0.0.1:port while pid lives, 0 or
 * -1; stopping pid (SIGTERM, SIGKILL after 15 s), its wait status. */
pid_t ngircd_spawn(const char *log, char *const argv[]);
/* ngircd_spawn() with the child's working directory cwd (NULL: ours). */
pid_t ngircd_spawn_in(const char *log, const char *cwd, char *const argv[]);
int ngircd_wait_port(pid_t pid, int port, int timeout_ms);
int ngircd_kill(pid_t pid);
/* Waits up to timeout_ms for the child pid to end (on its pidfd) and
 * reaps it: its wait status, or -1 if it still runs. */
int ngircd_reap(pid_t pid, int timeout_ms);

/* Milliseconds on the monotonic clock. */
long long ngircd_now_ms(void);

#endif
