/*
 * The child processes of child.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/lib/child.h"

void
child_start(struct child *c, child_fn *fn, const char *arg)
{
	int to[2], from[2];

	assert_int_equal(pipe(to), 0);
	assert_int_equal(pipe(from), 0);
	fflush(stdout);
	fflush(stderr);
	c->pid = fork();
	assert_true(c->pid >= 0);
	if (c->pid == 0) {
		close(to[1]);
		close(from[0]);
		_exit(fn(to[0], from[1], arg));
	}
	close(to[0]);
	close(from[1]);
	c->go = to[1];
	c->report = from[0];
}

void
child_go(struct child *c)
{
	assert_int_equal(write(c->go, "g", 1), 1);
}

void
child_stop(struct child *c)
{
	close(c->go);
	c->go = -1;
}

void
child_read(struct child *c, char *buf, size_t size)
{
	size_t len = 0;
	char ch;

	while (len + 1 < size && read(c->report, &ch, 1) == 1 && ch != '\n')
		buf[len++] = ch;
	buf[len] = '\0';
}

int
child_wait(struct child *c)
{
	int status;

	if (c->go != -1)
		close(c->go);
	close(c->report);
	assert_int_equal(waitpid(c->pid, &status, 0), c->pid);
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status)
	                           : WEXITSTATUS(status);
}

void
child_report(int fd, const char *text)
{
	dprintf(fd, "%s\n", text);
}
