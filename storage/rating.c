/*
 * Skill ratings: the Bayesian approximation of Weng and Lin ("A Bayesian
 * Approximation Method for Online Ranking", JMLR 12, 2011) with the
 * Plackett-Luce model, the paper's Algorithm 4, every player a team of
 * one (so a team's mu_q and sigma_q^2 are its player's, and the paper's
 * share sigma_ij^2 / sigma_i^2 of a team's update is 1).
 *
 * In the paper's symbols, for the k players of one game, r(i) the rank of
 * player i (here place[i]: 1 is first, equal ranks tie):
 *
 *   sigma_i^2  <- sigma_i^2 + tau^2         (skill drift, before the game)
 *   c          =  sqrt(sum_{i=1..k} (sigma_i^2 + beta^2))
 *   C_q        =  {i : r(i) >= r(q)}        (those not ranked above q)
 *   A_q        =  |{i : r(i) = r(q)}|       (q and those tied with q, so
 *                                            tied players share A_q and
 *                                            C_q)
 *   p_iq       =  exp(mu_i / c) / sum_{s in C_q} exp(mu_s / c)
 *                                           (the chance i is first among
 *                                            C_q)
 *   Omega_i    =  (sigma_i^2 / c) sum_{q : r(q) <= r(i)}
 *                     (delta_iq - p_iq) / A_q
 *                                           (delta_iq = 1 if q = i, else 0)
 *   gamma_i    =  sigma_i / c               (the paper's default gamma_q)
 *   Delta_i    =  gamma_i (sigma_i^2 / c^2) sum_{q : r(q) <= r(i)}
 *                     p_iq (1 - p_iq) / A_q
 *   mu_i       <- mu_i + Omega_i
 *   sigma_i^2  <- sigma_i^2 max(1 - Delta_i, kappa)
 *
 * Every sigma_i in c, Omega_i, gamma_i and Delta_i is the one after the
 * drift.  docs/league.md tells the method and its parameters in words.
 */
#include <math.h>
#include <stddef.h>

#include "rating.h"

void
rating_new(struct rating *r)
{
	r->mu = RATING_MU;
	r->sigma = RATING_SIGMA;
}

int
rating_update(struct rating *r, const int *place, int n)
{
	double s2[RATING_PLAYERS];	/* sigma_i^2, after the drift */
	double e[RATING_PLAYERS];	/* exp((mu_i - m) / c) */
	double sum[RATING_PLAYERS];	/* sum_{s in C_q} of e[s] */
	int a[RATING_PLAYERS];		/* A_q */
	double c2, c, m, p, omega, delta, gamma;
	int i, q, s;

	if (r == NULL || place == NULL || n < 2 || n > RATING_PLAYERS)
		return -1;
	for (i = 0; i < n; i++)
		if (place[i] < 1 || place[i] > n)
			return -1;

	/* sigma_i^2 + tau^2, and c^2 = sum (sigma_i^2 + beta^2). */
	c2 = 0;
	m = r[0].mu;
	for (i = 0; i < n; i++) {
		s2[i] = r[i].sigma * r[i].sigma + RATING_TAU * RATING_TAU;
		c2 += s2[i] + RATING_BETA * RATING_BETA;
		if (r[i].mu > m)
			m = r[i].mu;
	}
	c = sqrt(c2);

	/* exp(mu_i / c) scaled by exp(-m / c), m the largest mu: every
	 * p_iq is a ratio of these, so the scale cancels, and no exp()
	 * overflows whatever the mus. */
	for (i = 0; i < n; i++)
		e[i] = exp((r[i].mu - m) / c);
	for (q = 0; q < n; q++) {
		sum[q] = 0;
		a[q] = 0;
		for (s = 0; s < n; s++) {
			if (place[s] >= place[q])
				sum[q] += e[s];
			if (place[s] == place[q])
				a[q]++;
		}
	}

	/* Omega_i and Delta_i from the beliefs before the game: every
	 * player's update reads only s2[] and e[], never r[] again. */
	for (i = 0; i < n; i++) {
		omega = delta = 0;
		for (q = 0; q < n; q++) {
			if (place[q] > place[i])
				continue;
			p = e[i] / sum[q];
			omega += ((q == i ? 1.0 : 0.0) - p) / a[q];
			delta += p * (1 - p) / a[q];
		}
		omega *= s2[i] / c;
		gamma = sqrt(s2[i]) / c;
		delta *= gamma * s2[i] / c2;
		r[i].mu += omega;
		r[i].sigma = sqrt(s2[i] * fmax(1 - delta, RATING_KAPPA));
	}
	return 0;
}

double
rating_ordinal(const struct rating *r)
{
	return r->mu - 3 * r->sigma;
}
