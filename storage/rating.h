/*
 * Skill ratings for games of several players with places, ties allowed:
 * the Bayesian approximation of Weng and Lin ("A Bayesian Approximation
 * Method for Online Ranking", Journal of Machine Learning Research 12,
 * 2011), with its Plackett-Luce model (the paper's Algorithm 4), each
 * player a team of one.  A player's skill is a normal belief, mean mu and
 * deviation sigma; a game moves every player's mu by how far their place
 * beat (or missed) what the beliefs expected, and shrinks each sigma.
 * Pure: numbers in, numbers out; storage/ keeps them (docs/league.md).
 */
#ifndef RATING_H
#define RATING_H

#define RATING_MU 25.0			/* a new player's mu */
#define RATING_SIGMA (25.0 / 3.0)	/* ... and sigma */
#define RATING_BETA (RATING_SIGMA / 2.0)/* the performance noise */
#define RATING_KAPPA 0.0001		/* the floor of a sigma's shrink */
#define RATING_TAU (RATING_MU / 300.0)	/* skill drift added to sigma
					 * before each game, so a rating
					 * keeps moving */
#define RATING_PLAYERS 10		/* the most in one game */

struct rating {
	double mu;
	double sigma;
};

/* A new player's rating. */
void rating_new(struct rating *r);

/* Updates the ratings r[0..n-1] of the n players (2 to RATING_PLAYERS)
 * of one game after it ended with place[i] for player i: 1 is first,
 * equal places tie, a larger place is worse (a player who left is given
 * the last place by the caller).  0, or -1 (r unchanged) when n or a
 * place is out of range. */
int rating_update(struct rating *r, const int *place, int n);

/* The conservative estimate a board orders by: mu - 3 sigma. */
double rating_ordinal(const struct rating *r);

#endif
