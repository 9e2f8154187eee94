/*
 * The few descriptors one turn of the event loop waits on, for poll(2)
 * (ppoll, with the loop's signal mask): the server's socket and both ends
 * of libircclient's socket pair.  poll() takes any descriptor number,
 * where select()'s sets stop at FD_SETSIZE (1024): a bot whose parent left
 * a thousand descriptors open gets numbers past it, and FD_SET() on one
 * aborts the program (glibc's check) or writes past the set.
 *
 * Each layer asks for what it waits for (pollset_want()) and reads back
 * what was reported (pollset_readable(), pollset_writable()) with the
 * meaning select() gave them: an error or a hang-up reports a descriptor
 * both readable and writable, as far as it was asked for, so the read or
 * write that follows finds out what happened.
 *
 * A leaf: it calls nothing of the bot.
 */
#ifndef POLLSET_H
#define POLLSET_H

#include <poll.h>
#include <signal.h>
#include <stdint.h>

#define POLLSET_MAX 8 /* descriptors at most in one wait */

struct pollset {
	struct pollfd fds[POLLSET_MAX];
	int n;
};

/* Nothing asked for, nothing reported. */
void pollset_clear(struct pollset *p);
/* Asks for events (POLLIN, POLLOUT or both) on fd, merged with what was
 * asked for it already; at most POLLSET_MAX descriptors (asserted). */
void pollset_want(struct pollset *p, int fd, short events);
/* Whether fd was asked for POLLOUT. */
int pollset_wants_out(const struct pollset *p, int fd);
/* Whether any descriptor was asked for POLLOUT. */
int pollset_any_out(const struct pollset *p);

/* Waits up to ms for what was asked for, with the signal mask mask
 * (NULL: the thread's own) while waiting.  0 with what happened reported,
 * or -1 and errno (EINTR: a signal came) with nothing reported. */
int pollset_wait(struct pollset *p, uint64_t ms, const sigset_t *mask);
/* Reports every descriptor ready for all it was asked for, as a wait
 * that returned at once would have (a turn with no wait). */
void pollset_assume(struct pollset *p);
/* fd is no longer reported ready for events. */
void pollset_unready(struct pollset *p, int fd, short events);

/* Whether the wait reported fd readable (data, the end of the stream,
 * an error), when it was asked for POLLIN. */
int pollset_readable(const struct pollset *p, int fd);
/* Whether the wait reported fd writable (room, an error, a hang-up),
 * when it was asked for POLLOUT. */
int pollset_writable(const struct pollset *p, int fd);

#endif
