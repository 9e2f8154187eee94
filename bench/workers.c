/*
 * Jobs in worker processes (workers.h): one fork per job, up to jobs at
 * a time, its result written whole on a pipe before it exits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/workers.h"

int
workers_jobs(void)
{
	const char *s = getenv("TOURNAMENT_JOBS");
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	if (s != NULL && atoi(s) > 0)
		return atoi(s);
	return cpus > 0 ? (int)cpus : 1;
}

/* Job i in a worker of its own: its pid, *fd to read the result from;
 * -1 if it could not start. */
static pid_t
start(const struct workers *w, size_t i, int *fd)
{
	char result[WORKERS_RESULT_MAX];
	int p[2];
	pid_t pid;

	if (pipe(p) != 0)
		return -1;
	fflush(NULL);
	if ((pid = fork()) < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		close(p[0]);
		memset(result, 0, w->size);
		w->work(i, result, w->arg);
		/* What the job printed itself (a game left out, with its
		 * seed): _exit() does not flush, and to a file or a pipe
		 * stdout is buffered whole. */
		fflush(NULL);
		_exit(write(p[1], result, w->size) == (ssize_t)w->size ?
		    0 : 1);
	}
	close(p[1]);
	*fd = p[0];
	return pid;
}

int
workers_run(const struct workers *w, size_t n, int jobs)
{
	pid_t *pid = calloc(n + 1, sizeof *pid);
	int *fd = calloc(n + 1, sizeof *fd);
	char *ok = calloc(n + 1, 1), *ended = calloc(n + 1, 1);
	char *results = calloc(n + 1, w->size);
	size_t next = 0, shown = 0, i, j;
	int running = 0, rc = 0, status;
	pid_t done;

	if (w->size > WORKERS_RESULT_MAX || pid == NULL || fd == NULL ||
	    ok == NULL || ended == NULL || results == NULL)
		abort();
	for (;;) {
		while (rc == 0 && running < jobs && next < n) {
			j = w->order != NULL ? w->order[next] : next;
			if ((pid[j] = start(w, j, &fd[j])) < 0) {
				perror("workers: a worker");
				rc = -1;
				break;
			}
			running++;
			next++;
		}
		if (running == 0)
			break;
		if ((done = waitpid(-1, &status, 0)) < 0) {
			perror("workers: waitpid");
			rc = -1;
			break;
		}
		for (i = 0; i < n && (pid[i] != done || ended[i]); i++)
			;
		if (i == n)
			continue;	/* not one of ours */
		running--;
		ok[i] = read(fd[i], results + i * w->size, w->size) ==
		    (ssize_t)w->size && WIFEXITED(status) &&
		    WEXITSTATUS(status) == 0;
		if (!ok[i]) {
			fprintf(stderr, "workers: job %zu's worker failed\n",
			    i);
			rc = -1;
		}
		close(fd[i]);
		ended[i] = 1;
		for (; shown < n && ended[shown]; shown++)
			w->done(shown, ok[shown] ? results + shown * w->size :
			    NULL, w->arg);
	}
	free(pid);
	free(fd);
	free(ok);
	free(ended);
	free(results);
	return rc == 0 && shown == n ? 0 : -1;
}
