/* The benchmark programs' shared helpers (bench.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench.h"

double
bench_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int
bench_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double
bench_pct(double *v, size_t n, double p)
{
	size_t rank;

	if (n == 0)
		return 0;
	qsort(v, n, sizeof *v, bench_cmp);
	rank = (size_t)ceil(p / 100 * (double)n);
	return v[rank > 0 ? rank - 1 : 0];
}

void
bench_row(const char *part, const char *figure, double value,
    const char *unit, const char *target)
{
	printf("%s|%s|%.6g|%s|%s\n", part, figure, value, unit,
	    target != NULL ? target : "");
	fflush(stdout);
}
