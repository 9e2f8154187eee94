/*
 * What the benchmark programs share (bench/README is docs/performance.md):
 * a microsecond clock, percentiles, and the one output format bench/run.sh
 * turns into the table and build/bench/results.json.  Each figure is one
 * line on stdout, fields separated by '|':
 *
 *	part|figure|value|unit|target
 *
 * with target empty where the issue sets none ("< 1000" where it does).
 */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>

/* Microseconds on the monotonic clock. */
double bench_now_us(void);
/* The p-th percentile (0..100) of n samples, sorting v in place; 0 when
 * n is 0.  Nearest rank: the smallest sample with p% at or below it. */
double bench_pct(double *v, size_t n, double p);
/* Prints one figure (see above); target may be NULL. */
void bench_row(const char *part, const char *figure, double value,
    const char *unit, const char *target);

#endif
