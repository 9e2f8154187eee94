/*
 * Forked child processes for tests that need a second process: POSIX
 * record locks never conflict within one process, and "while another
 * process writes" needs another process.  The child runs a function and
 * exits with what it returns; the parent can tell it to go on (or to stop,
 * by closing the pipe it waits on), read the lines it reports, and reap
 * it.  A child runs no cmocka assertion; the parent's helpers fail the
 * running test, so a suite includes <cmocka.h> (and what cmocka needs)
 * first.
 */
#ifndef TESTS_CHILD_H
#define TESTS_CHILD_H

#include <stddef.h>
#include <sys/types.h>

struct child {
	pid_t pid;
	int go;     /* the parent's end of the pipe the child waits on */
	int report; /* the parent's end of the pipe the child reports on */
};

/* What a child runs: it reads go, writes report, and returns its exit
 * status. */
typedef int child_fn(int go, int report, const char *arg);

/* Forks a child that runs fn(go, report, arg) and exits with its
 * result. */
void child_start(struct child *c, child_fn *fn, const char *arg);
/* Tells the child to go on: one byte on its go pipe. */
void child_go(struct child *c);
/* Tells the child to stop: closes its go pipe. */
void child_stop(struct child *c);
/* Reads one line of the child's report into buf, without its newline
 * ("" at the end of the report). */
void child_read(struct child *c, char *buf, size_t size);
/* Closes the pipes and reaps the child: its exit status, or 128 + the
 * signal that ended it. */
int child_wait(struct child *c);

/* In the child: writes text and a newline to the report pipe fd. */
void child_report(int fd, const char *text);

#endif
