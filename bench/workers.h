/*
 * Independent jobs of a bench run in worker processes, a few at a time,
 * each job's result sent back to the parent on a pipe and handed on in
 * the jobs' order: the tournament's rows and the anchors' leagues use
 * every core, and print as a run on one core would.
 */
#ifndef WORKERS_H
#define WORKERS_H

#include <stddef.h>

/* What a run of jobs is given: job i's work, into the result it fills
 * (size bytes, at most WORKERS_RESULT_MAX, plain data: it is copied
 * between processes); and done, called in the parent for each job in
 * order 0, 1, ... once it and every job before it has finished, with
 * its result, or NULL when its worker failed (said on stderr). */
struct workers {
	size_t size;
	void (*work)(size_t i, void *result, void *arg);
	void (*done)(size_t i, const void *result, void *arg);
	void *arg;
	/* The order the jobs are started in, a permutation of 0..n-1 (the
	 * longest first keeps a long one from running alone at the end),
	 * or NULL: 0, 1, ...; done is called in 0, 1, ... either way. */
	const size_t *order;
};

#define WORKERS_RESULT_MAX 4096		/* PIPE_BUF: sent whole */

/* Runs jobs 0..n-1, up to jobs at once (the environment's
 * TOURNAMENT_JOBS, else the cores online: workers_jobs()).  0, or -1
 * when a worker could not start or failed (said). */
int workers_run(const struct workers *w, size_t n, int jobs);

/* The workers to run at once: TOURNAMENT_JOBS if a positive number,
 * else the cores online. */
int workers_jobs(void);

#endif
