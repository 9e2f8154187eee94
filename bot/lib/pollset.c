/*
 * The descriptors of one wait (pollset.h).
 */
#define _GNU_SOURCE /* ppoll() */
#include <assert.h>
#include <poll.h>
#include <time.h>

#include "bot/lib/pollset.h"

/* What select() would call ready to read, or to write. */
#define POLLSET_BAD (POLLERR | POLLHUP | POLLNVAL)

void
pollset_clear(struct pollset *p)
{
	p->n = 0;
}

/* fd's entry, or NULL. */
static struct pollfd *
pollset_find(const struct pollset *p, int fd)
{
	int i;

	for (i = 0; i < p->n; i++) {
		if (p->fds[i].fd == fd)
			return (struct pollfd *)&p->fds[i];
	}
	return NULL;
}

void
pollset_want(struct pollset *p, int fd, short events)
{
	struct pollfd *e = pollset_find(p, fd);

	if (e == NULL) {
		assert(p->n < POLLSET_MAX);
		e = &p->fds[p->n++];
		e->fd = fd;
		e->events = 0;
		e->revents = 0;
	}
	e->events |= events;
}

int
pollset_wants_out(const struct pollset *p, int fd)
{
	const struct pollfd *e = pollset_find(p, fd);

	return e != NULL && (e->events & POLLOUT) != 0;
}

int
pollset_any_out(const struct pollset *p)
{
	int i;

	for (i = 0; i < p->n; i++) {
		if (p->fds[i].events & POLLOUT)
			return 1;
	}
	return 0;
}

int
pollset_wait(struct pollset *p, uint64_t ms, const sigset_t *mask)
{
	struct timespec ts;
	int i;

	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (long)(ms % 1000) * 1000000;
	if (ppoll(p->fds, (nfds_t)p->n, &ts, mask) >= 0)
		return 0;
	for (i = 0; i < p->n; i++)
		p->fds[i].revents = 0;
	return -1;
}

void
pollset_assume(struct pollset *p)
{
	int i;

	for (i = 0; i < p->n; i++)
		p->fds[i].revents = p->fds[i].events;
}

void
pollset_unready(struct pollset *p, int fd, short events)
{
	struct pollfd *e = pollset_find(p, fd);

	if (e != NULL)
		e->revents &= (short)~events;
}

int
pollset_readable(const struct pollset *p, int fd)
{
	const struct pollfd *e = pollset_find(p, fd);

	return e != NULL && (e->events & POLLIN) != 0 &&
	    (e->revents & (POLLIN | POLLSET_BAD)) != 0;
}

int
pollset_writable(const struct pollset *p, int fd)
{
	const struct pollfd *e = pollset_find(p, fd);

	return e != NULL && (e->events & POLLOUT) != 0 &&
	    (e->revents & (POLLOUT | POLLSET_BAD)) != 0;
}
