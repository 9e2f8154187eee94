/*
 * The solo ladder's view of a tournament pairing (ladder.h).
 */
#include <math.h>
#include <stddef.h>

#include "bench/ladder.h"
#include "storage/rating.h"

void
ladder_add(struct ladder_games *lg, const int *place)
{
	int s, p, pattern = 0;

	for (s = 0; s < LADDER_SEATS; s++) {
		p = place[s] >= 1 && place[s] <= LADDER_SEATS ? place[s] :
		    LADDER_SEATS;
		pattern |= (p - 1) << (2 * s);
	}
	lg->count[pattern]++;
	lg->n++;
}

/* Rates one solo game of pattern, the lone seat at (mu, sigma) and the
 * three others at (rest_mu, rest_sigma): the lone seat's rating after it
 * into *lone.  0, or -1 when the places cannot be rated. */
static int
rate(int pattern, double mu, double sigma, double rest_mu,
    double rest_sigma, struct rating *lone)
{
	struct rating r[LADDER_SEATS];
	int place[LADDER_SEATS], s;

	for (s = 0; s < LADDER_SEATS; s++) {
		place[s] = ((pattern >> (2 * s)) & 3) + 1;
		r[s].mu = s == 0 ? mu : rest_mu;
		r[s].sigma = s == 0 ? sigma : rest_sigma;
	}
	if (rating_update(r, place, LADDER_SEATS) != 0)
		return -1;
	*lone = r[0];
	return 0;
}

/* How far one solo game of pattern moves a lone seat rated (mu, sigma)
 * against three at (rest_mu, rest_sigma). */
static double
step(int pattern, double mu, double rest_mu, double rest_sigma,
    double sigma)
{
	struct rating lone;

	if (rate(pattern, mu, sigma, rest_mu, rest_sigma, &lone) != 0)
		return 0;
	return lone.mu - mu;
}

/* The mean step of lg's games at mu, and into *sq the mean of its
 * square when sq is not NULL. */
static double
mean_step(const struct ladder_games *lg, double mu, double rest_mu,
    double rest_sigma, double sigma, double *sq)
{
	double sum = 0, sum2 = 0, d;
	int k;

	for (k = 0; k < LADDER_PATTERNS; k++) {
		if (lg->count[k] == 0)
			continue;
		d = step(k, mu, rest_mu, rest_sigma, sigma);
		sum += lg->count[k] * d;
		sum2 += lg->count[k] * d * d;
	}
	if (sq != NULL)
		*sq = sum2 / lg->n;
	return sum / lg->n;
}

int
ladder_hold(const struct ladder_games *lg, double rest_mu,
    double rest_sigma, double sigma, double *mu, double *lo, double *hi)
{
	double a = -200, b = 300, m, sq, slope, se;
	int i;

	if (lg->n == 0 || mean_step(lg, a, rest_mu, rest_sigma, sigma,
	    NULL) <= 0 || mean_step(lg, b, rest_mu, rest_sigma, sigma,
	    NULL) >= 0)
		return -1;
	/* The mean step falls as the rating rises: halve the bracket. */
	for (i = 0; i < 60; i++) {
		m = (a + b) / 2;
		if (mean_step(lg, m, rest_mu, rest_sigma, sigma, NULL) > 0)
			a = m;
		else
			b = m;
	}
	*mu = (a + b) / 2;
	mean_step(lg, *mu, rest_mu, rest_sigma, sigma, &sq);
	slope = (mean_step(lg, *mu + 0.01, rest_mu, rest_sigma, sigma,
	    NULL) - mean_step(lg, *mu - 0.01, rest_mu, rest_sigma, sigma,
	    NULL)) / 0.02;
	se = slope < 0 ? sqrt(sq / lg->n) / -slope : 0;
	*lo = *mu - 1.96 * se;
	*hi = *mu + 1.96 * se;
	return 0;
}

int
ladder_rest(const struct ladder_games *lg, double target,
    double rest_sigma, double sigma, double *rest_mu)
{
	double a = -100, b = 200, m, mu, lo, hi;
	int i;

	if (ladder_hold(lg, a, rest_sigma, sigma, &mu, &lo, &hi) != 0 ||
	    mu > target || ladder_hold(lg, b, rest_sigma, sigma, &mu, &lo,
	    &hi) != 0 || mu < target)
		return -1;
	/* Where the lone seat settles rises with the others' anchor. */
	for (i = 0; i < 60; i++) {
		m = (a + b) / 2;
		if (ladder_hold(lg, m, rest_sigma, sigma, &mu, &lo, &hi) != 0)
			return -1;
		if (mu < target)
			a = m;
		else
			b = m;
	}
	*rest_mu = (a + b) / 2;
	return 0;
}

/* The root mean square of the lone seat's sigma after one game of each
 * of lg's, rated from (mu, sigma) against three at (rest_mu, rest_sigma);
 * -1 when a game cannot be rated. */
static double
sigma_after(const struct ladder_games *lg, double mu, double sigma,
    double rest_mu, double rest_sigma)
{
	struct rating lone;
	double var = 0;
	int k;

	for (k = 0; k < LADDER_PATTERNS; k++) {
		if (lg->count[k] == 0)
			continue;
		if (rate(k, mu, sigma, rest_mu, rest_sigma, &lone) != 0)
			return -1;
		var += lg->count[k] * lone.sigma * lone.sigma;
	}
	return sqrt(var / lg->n);
}

double
ladder_sigma(const struct ladder_games *lg, double mu, double rest_mu,
    double rest_sigma)
{
	double a = RATING_TAU, b = RATING_SIGMA, m, after;
	int i;

	if (lg->n == 0)
		return 0;
	/* A narrow sigma widens by the drift more than a game narrows it,
	 * a wide one the other way: halve the bracket to where they meet. */
	for (i = 0; i < 60; i++) {
		m = (a + b) / 2;
		if ((after = sigma_after(lg, mu, m, rest_mu, rest_sigma)) < 0)
			return 0;
		if (after > m)
			a = m;
		else
			b = m;
	}
	return (a + b) / 2;
}
