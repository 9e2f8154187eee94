/*
 * The stats page kept fresh (publish.h).  Each export runs in a child
 * process forked for it: the child opens the database read-only (its own
 * connection; an SQLite connection is never used across fork()), writes
 * the site with export_site() (which renames each file into place, so a
 * web server never sends a page half written), says why on a pipe if it
 * failed, and leaves with _exit(), running nothing of the parent's.  The
 * parent looks for its end on the loop's turns, a few times a second
 * while it runs, and never waits for it except at the very end.
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bot/core/bot.h"
#include "bot/export.h"
#include "bot/database.h"
#include "bot/lib/log.h"
#include "bot/publish.h"
#include "config/conf.h"
#include "alloc/xalloc.h"
#include "storage/store.h"

#define PUBLISH_POLL_MS 200	/* how often a running child is looked for */
#define PUBLISH_CAUSE 1024	/* the most of a cause the pipe carries */

void
publish_init(struct publish *p)
{
	memset(p, 0, sizeof *p);
	p->fd = -1;
}

uint64_t
publish_next(const struct publish *p, const struct conf *c, uint64_t now)
{
	if (p->pid != 0)
		return now + PUBLISH_POLL_MS;
	if (c->export_dir == NULL)
		return UINT64_MAX;
	if (!p->ran)
		return now;
	return p->started + (uint64_t)c->export_interval_ms;
}

/* In the child: the whole export, on the bot's network (configured or
 * the server's), then _exit(). */
static void
publish_child(const struct conf *c, const char *network, int64_t wall,
    int fd)
{
	struct store *s;
	char *cause = NULL;
	size_t len;

	s = database_open(c, 1, &cause);
	if (s != NULL)
		store_set_network(s, network);
	if (s != NULL && export_site(s, c, c->export_dir, (uint64_t)wall,
	    &cause) == 0) {
		store_close(s);
		_exit(0);
	}
	if (cause != NULL) {
		len = strlen(cause);
		if (len > PUBLISH_CAUSE)
			len = PUBLISH_CAUSE;
		if (write(fd, cause, len) < 0)
			_exit(2);
	}
	_exit(1);
}

/* Starts an export; a fork or a pipe that fails is a failed export. */
static void
publish_start(struct publish *p, const struct conf *c, struct bot *b,
    uint64_t now, char **cause)
{
	int fds[2];
	pid_t pid;

	p->ran = 1;
	p->started = now;
	if (pipe(fds) != 0) {
		*cause = xasprintf("pipe: %s", strerror(errno));
		return;
	}
	if ((pid = fork()) < 0) {
		*cause = xasprintf("fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return;
	}
	if (pid == 0) {
		close(fds[0]);
		publish_child(c, bot_network(b), bot_wall(b), fds[1]);
	}
	close(fds[1]);
	p->pid = pid;
	p->fd = fds[0];
}

/* The child ended with status: 0, or -1 and *cause. */
static int
publish_reaped(struct publish *p, int status, char **cause)
{
	char text[PUBLISH_CAUSE + 1];
	ssize_t n;
	size_t len = 0;

	while (len < PUBLISH_CAUSE && (n = read(p->fd, text + len,
	    PUBLISH_CAUSE - len)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		len += (size_t)n;
	}
	text[len] = '\0';
	close(p->fd);
	p->fd = -1;
	p->pid = 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (len > 0)
		*cause = xstrdup(text);
	else if (WIFSIGNALED(status))
		*cause = xasprintf("the export was killed by signal %d",
		    WTERMSIG(status));
	else
		*cause = xasprintf("the export exited with status %d",
		    WEXITSTATUS(status));
	return -1;
}

/* One export's outcome: logged, and the admins told once of a run of
 * failures. */
static void
publish_outcome(struct publish *p, const struct conf *c, struct bot *b,
    char *cause)
{
	char *text;

	if (cause == NULL) {
		if (p->failing || !p->written)
			log_info("the stats page is written to %s%s",
			    c->export_dir != NULL ? c->export_dir : "?",
			    p->failing ? " again" : "");
		p->failing = p->told = 0;
		p->written = 1;
		return;
	}
	text = xasprintf("the stats page could not be written: %s", cause);
	if (!p->told)
		p->told = bot_alarm(b, text) > 0;
	else
		log_error("%s", text);
	p->failing = 1;
	free(text);
	free(cause);
}

void
publish_tick(struct publish *p, const struct conf *c, struct bot *b,
    uint64_t now)
{
	char *cause = NULL;
	pid_t r;
	int status;

	if (p->pid != 0) {
		r = waitpid(p->pid, &status, WNOHANG);
		if (r == 0 || (r < 0 && errno == EINTR)) {
			if (!p->late && now >= p->started +
			    (uint64_t)c->export_interval_ms) {
				log_warn("the stats page begun %llu s ago is "
				    "still being written (process %ld): the "
				    "next waits for it",
				    (unsigned long long)(now - p->started) /
				    1000, (long)p->pid);
				p->late = 1;
			}
			return;
		}
		p->late = 0;
		if (r < 0) {
			/* Not ours to wait for: should never happen. */
			cause = xasprintf("waitpid: %s", strerror(errno));
			close(p->fd);
			p->fd = -1;
			p->pid = 0;
		} else if (publish_reaped(p, status, &cause) == 0)
			cause = NULL;
		publish_outcome(p, c, b, cause);
		return;
	}
	if (c->export_dir == NULL || publish_next(p, c, now) > now)
		return;
	publish_start(p, c, b, now, &cause);
	if (cause != NULL)
		publish_outcome(p, c, b, cause);
}

void
publish_end(struct publish *p)
{
	int status;

	if (p->pid == 0)
		return;
	while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR)
		;
	close(p->fd);
	p->fd = -1;
	p->pid = 0;
}
