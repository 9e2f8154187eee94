/*
 * The solo ladder's view of a tournament pairing (docs/league.md, The
 * solo ladder): where the solo rating of a person who played as the
 * lone seat plays would settle, the three others at their level's
 * anchor (storage/solo.c), each game rated by rating_update() as the bot
 * rates a solo game.
 *
 * That rating is the one at which the lone seat's games, each rated as
 * a solo game, move it by nothing in sum: the update's expected step is
 * zero there, so a rating of this skill drifts round it.  A seat of the
 * same skill as the others settles at their anchor; one that beats
 * them more often settles above it.  The anchors are chosen so that
 * each level, played against the level below it, settles at its own
 * anchor (bench/tournament.c, docs/league.md): then a person earns
 * about the same rating whichever level they choose to meet.
 *
 * The games are kept as counts of place patterns (the lone seat's place
 * and the others' in seat order), so a worker can send them back in a
 * fixed-size result.
 */
#ifndef BENCH_LADDER_H
#define BENCH_LADDER_H

#define LADDER_SEATS 4
#define LADDER_PATTERNS 256	/* 4 places of 4 seats, 2 bits each */

struct ladder_games {
	int count[LADDER_PATTERNS];
	int n;
};

/* Counts one game: place[0] is the lone seat's place (1 is first, equal
 * places tie), place[1..3] the others'.  Places outside 1..4 count as 4,
 * last, as a seat that left is placed. */
void ladder_add(struct ladder_games *lg, const int *place);

/* The rating at which lg's games, rated as solo games with the three
 * others at (rest_mu, rest_sigma) and the lone seat's sigma settled at
 * sigma, move the lone seat by nothing in sum, into *mu; and its 95%
 * interval from the games' spread (the delta method), into *lo and *hi.
 * 0, or -1 when there are no games or the sum does not change sign
 * between -200 and 300 (a seat that always wins or always loses). */
int ladder_hold(const struct ladder_games *lg, double rest_mu,
    double rest_sigma, double sigma, double *mu, double *lo, double *hi);

/* The other way round: the anchor of the three others at which the lone
 * seat of lg's games settles at target, into *rest_mu (the lower the
 * others' anchor, the less beating them is worth, and the lower the lone
 * seat settles).  0, or -1 as ladder_hold() or when no anchor between
 * -100 and 200 gives target. */
int ladder_rest(const struct ladder_games *lg, double target,
    double rest_sigma, double sigma, double *rest_mu);

/* Where the sigma of a lone seat rated (mu, sigma) game after game as
 * lg's games go settles: the drift tau widens it before each game, the
 * game's update narrows it, on average over lg's games, until the two
 * balance.  0 when lg has no games. */
double ladder_sigma(const struct ladder_games *lg, double mu,
    double rest_mu, double rest_sigma);

#endif
