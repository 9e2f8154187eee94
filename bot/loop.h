/*
 * The event loop: one thread, one poll() (ppoll, so signals cannot slip
 * in between the check and the wait) over the relay's sockets and
 * libircclient's, whatever their numbers, woken for I/O or for the
 * earliest of the core's timers, the queue's next line and the relay's
 * own deadlines.  Never irc_run(), never threads.
 *
 * SIGTERM and SIGINT end the loop, and so does the core when it must stop
 * (bot_must_stop()): what the bot had queued goes out first (for at most
 * five seconds), then a QUIT that says why, "stopped by the operator" or
 * the core's words ("database lost"), for at most two seconds, and
 * loop_run() returns.  SIGHUP reloads the configuration.
 */
#ifndef LOOP_H
#define LOOP_H

#include <stdint.h>

struct bot;
struct conf;
struct publish;
struct queue;
struct relay;

struct loop {
	struct conf *conf; /* the live configuration */
	struct relay *relay;
	struct bot *bot;
	struct queue *queue;
	struct publish *publish; /* the stats page kept fresh, or NULL */
	/* Builds a complete new configuration into fresh (defaults, file,
	 * command-line overrides, validated): 0, or -1 and *cause (freed by
	 * the caller), fresh then holding nothing to free. */
	int (*reload)(struct conf *fresh, void *arg, char **cause);
	void *reload_arg;
};

/* Runs until SIGTERM or SIGINT.  On SIGHUP, l->reload() builds a new
 * configuration; on success it replaces *l->conf in place (the old strings
 * are freed: keep no pointer into them) and the queue takes its flood
 * rate; on failure the old configuration stays and the cause is logged.
 * 0 on a clean stop, -1 if poll() fails or the core must stop, or
 * LOOP_STANDBY when the core stands by (bot_standby()): another bot runs
 * the network the server named, and the caller waits for its claim.  The
 * stats page is kept fresh once the bot knows its network. */
#define LOOP_STANDBY 1
int loop_run(const struct loop *l);

/* The monotonic clock in milliseconds. */
uint64_t loop_now(void);

#endif
