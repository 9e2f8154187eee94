/*
 * The second part of make tournament (make anchors runs it alone):
 * calibrates the solo ladder's anchors (storage/solo.h, docs/league.md),
 * the fixed rating each AI level plays at in each variant, from AI-vs-AI
 * play.
 *
 * For each variant with an AI, ANCHOR_LEAGUES leagues (4 by default),
 * each of twelve AI players, four of each level, every one with a rating
 * of its own starting at mu 25: ANCHOR_GAMES games a league (2000), 3 or
 * 4 seats a game drawn from the league's generator, each game played
 * whole by ai_play() (each AI deciding from its seat's observation
 * alone, as the bot referees it; default options) and every seat rated
 * by rating_update() from the places, a seat that left placed last.  A
 * level's figure in a league is its four players' mean mu averaged over
 * the second half of the league's games (the first half lets the ratings
 * settle); the anchor is the mean over the leagues, and the spread the
 * lowest and highest league.  The sigma printed is every player's,
 * averaged the same way: where a rating of steady skill settles.  A game
 * ai_play() cannot finish (no end within its bound of moves, or a move
 * the rules refuse) is printed and left out.
 *
 * The expert (games/ai-search.c) plays no league: it searches, a game
 * of it takes seconds, and the leagues would take hours.  Its anchor is
 * the hard level's, printed with it, until a calibration of its own (the
 * tournament's expert vs 3 hard says how far from hard it plays).
 *
 * The seeds are fixed (ANCHOR_SEED, 31 by default), so a run prints the
 * same figures every time on any machine, however many leagues run at
 * once: each league in a worker process (bench/workers.h), as many as
 * there are cores (TOURNAMENT_JOBS sets another number).  It prints a table beside the
 * anchors in the code, then the C rows to copy into storage/solo.c.
 * Nothing is asserted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/workers.h"
#include "games/ai.h"
#include "games/rng.h"
#include "storage/rating.h"
#include "storage/solo.h"

#define PER_LEVEL 4
#define LEAGUE_LEVELS AI_EXPERT	/* the levels that play leagues */
#define PLAYERS (LEAGUE_LEVELS * PER_LEVEL)

/* What one league found: each level's mean mu, every player's mean
 * sigma, over its second half. */
struct found {
	double mu[AI_LEVELS];
	double sigma;
	int skipped;		/* games ai_play() could not finish */
	int failed;		/* 1: a result could not be rated */
};

/* The number in the environment called name, or def when it is unset
 * or not a positive number. */
static long
env_number(const char *name, long def)
{
	const char *v = getenv(name);
	char *end;
	long n;

	if (v == NULL)
		return def;
	n = strtol(v, &end, 10);
	if (*end != '\0' || n <= 0) {
		fprintf(stderr, "anchors: %s=%s is not a positive number; "
		    "%ld used\n", name, v, def);
		return def;
	}
	return n;
}

/* One league of ngames games of ops from seed: 0 and *out, or -1 when
 * a result cannot be rated. */
static int
league(const struct game_ops *ops, long ngames, uint64_t seed,
    struct found *out)
{
	struct rating r[PLAYERS], seat[RATING_PLAYERS];
	enum ai_level levels[GAME_MAX_SEATS];
	int players[PLAYERS], who[RATING_PLAYERS], place[RATING_PLAYERS];
	struct game_result res;
	struct rng rng;
	char *cause = NULL;
	uint64_t deal;
	long g, counted = 0;
	int p, s, n;

	memset(out, 0, sizeof *out);
	rng_seed(&rng, seed);
	for (p = 0; p < PLAYERS; p++) {
		rating_new(&r[p]);
		players[p] = p;
	}
	for (g = 0; g < ngames; g++) {
		n = 3 + (int)rng_below(&rng, 2);
		n = n < ops->min_seats ? ops->min_seats :
		    n > ops->max_seats ? ops->max_seats : n;
		rng_shuffle(&rng, players, PLAYERS);
		for (s = 0; s < n; s++) {
			who[s] = players[s];
			levels[s] = (enum ai_level)(who[s] / PER_LEVEL);
		}
		deal = rng_next(&rng);
		if (ai_play(ops, NULL, n, levels, deal, &res, NULL,
		    &cause) < 0) {
			/* No result to rate: said, and left out. */
			printf("  %s, game %ld (%d seats, seed %llu) left "
			    "out: %s\n", ops->name, g + 1, n,
			    (unsigned long long)deal, cause);
			free(cause);
			cause = NULL;
			out->skipped++;
			continue;
		}
		for (s = 0; s < n; s++) {
			place[s] = res.place[s] > 0 ? res.place[s] : n;
			seat[s] = r[who[s]];
		}
		if (rating_update(seat, place, n) != 0) {
			fprintf(stderr, "anchors: %s, game %ld: places not "
			    "rated\n", ops->name, g + 1);
			return -1;
		}
		for (s = 0; s < n; s++)
			r[who[s]] = seat[s];
		if (g < ngames / 2)
			continue;
		counted++;
		for (p = 0; p < PLAYERS; p++) {
			out->mu[p / PER_LEVEL] += r[p].mu / PER_LEVEL;
			out->sigma += r[p].sigma / PLAYERS;
		}
	}
	for (p = 0; p < LEAGUE_LEVELS; p++)
		out->mu[p] /= (double)counted;
	out->mu[AI_EXPERT] = out->mu[AI_HARD];
	out->sigma /= (double)counted;
	return 0;
}

/* The leagues to play, a job each (bench/workers.h), the variants'
 * leagues in turn; what they found, summed a variant at a time, and
 * printed when its last league is done. */
struct calibration {
	const struct game_ops *ops[16];	/* the variants with an AI */
	int place[16];			/* ... their places in game_table */
	int nv;
	long nleagues, ngames;
	uint64_t seed;
	double mu[AI_LEVELS], lo[AI_LEVELS], hi[AI_LEVELS], sigma;
	struct solo_anchor calibrated[16];
	int skipped, rc;
};

static void
work_league(size_t i, void *result, void *arg)
{
	const struct calibration *c = arg;
	size_t v = i / (size_t)c->nleagues, k = i % (size_t)c->nleagues;
	struct found *f = result;

	if (league(c->ops[v], c->ngames, c->seed * 1000003 + (uint64_t)k *
	    7919 + (uint64_t)c->place[v], f) != 0)
		f->failed = 1;
}

static void
done_league(size_t i, const void *result, void *arg)
{
	struct calibration *c = arg;
	const struct found *f = result;
	size_t v = i / (size_t)c->nleagues, k = i % (size_t)c->nleagues;
	const struct game_ops *ops = c->ops[v];
	struct rating code;
	int l;

	if (k == 0) {
		for (l = 0; l < AI_LEVELS; l++) {
			c->mu[l] = 0;
			c->lo[l] = 1e9;
			c->hi[l] = -1e9;
		}
	}
	if (f == NULL || f->failed) {
		c->rc = 1;
		return;
	}
	for (l = 0; l < AI_LEVELS; l++) {
		c->mu[l] += f->mu[l] / (double)c->nleagues;
		c->lo[l] = f->mu[l] < c->lo[l] ? f->mu[l] : c->lo[l];
		c->hi[l] = f->mu[l] > c->hi[l] ? f->mu[l] : c->hi[l];
	}
	c->sigma += f->sigma;
	c->skipped += f->skipped;
	if (k + 1 < (size_t)c->nleagues)
		return;
	for (l = 0; l < AI_LEVELS; l++) {
		printf("%-10s %-7s %8.2f %8.2f - %6.2f", ops->name,
		    ai_level_name((enum ai_level)l), c->mu[l], c->lo[l],
		    c->hi[l]);
		if (solo_anchor(ops->name, (enum ai_level)l, &code) == 0)
			printf(" %8.2f %+8.2f\n", code.mu, code.mu - c->mu[l]);
		else {
			printf(" %8s\n", "none");
			c->rc = 1;
		}
	}
	fflush(stdout);
	c->calibrated[v].variant = ops->name;
	memcpy(c->calibrated[v].mu, c->mu, sizeof c->mu);
}

int
main(void)
{
	static struct calibration c;
	struct workers w = { sizeof(struct found), work_league, done_league,
	    &c, NULL };
	const struct game_ops *const *op;
	char quoted[40];
	int k, jobs = workers_jobs();

	c.nleagues = env_number("ANCHOR_LEAGUES", 4);
	c.ngames = env_number("ANCHOR_GAMES", 2000);
	c.seed = (uint64_t)env_number("ANCHOR_SEED", 31);
	for (op = game_table; *op != NULL && c.nv < 16; op++) {
		if ((*op)->ai == NULL)
			continue;
		c.ops[c.nv] = *op;
		c.place[c.nv++] = (int)(op - game_table);
	}
	printf("%ld leagues of %ld games a variant, 12 players (4 a level), "
	    "seed %llu, %d at a time (TOURNAMENT_JOBS); each level's mean "
	    "mu over each league's second half\n\n", c.nleagues, c.ngames,
	    (unsigned long long)c.seed, jobs);
	printf("%-10s %-7s %8s %17s %8s %8s\n", "variant", "level", "anchor",
	    "leagues' spread", "in code", "diff");
	if (workers_run(&w, (size_t)c.nv * (size_t)c.nleagues, jobs) != 0)
		return 1;
	c.sigma /= (double)(c.nleagues * c.nv);
	printf("\n%d game%s left out; sigma, every player averaged the same "
	    "way: %.2f (the anchors' in code: %.2f)\n\nThe rows for "
	    "storage/solo.c:\n", c.skipped, c.skipped == 1 ? "" : "s",
	    c.sigma, SOLO_ANCHOR_SIGMA);
	for (k = 0; k < c.nv; k++) {
		snprintf(quoted, sizeof quoted, "\"%s\",",
		    c.calibrated[k].variant);
		printf("\t{ %-12s { %.2f, %.2f, %.2f, %.2f } },\n", quoted,
		    c.calibrated[k].mu[0], c.calibrated[k].mu[1],
		    c.calibrated[k].mu[2], c.calibrated[k].mu[3]);
	}
	return c.rc;
}
