/*
 * make tournament: the AI levels against each other (games/ai.h), for
 * every variant at 4 seats, each pairing one seat of a level against
 * three of another, the dealer and the lone seat moved round the table
 * game by game (every 16 games, the lone seat at each distance from the
 * dealer) so that no seat's place favours it.  Printed as a table and written to
 * build/tournament.json with each figure's 95% interval and its target:
 *
 *   pairing            a game with a winner:   Cheesedog, loser games:
 *                      the lone seat's wins    the lone seat's losses
 *   hard vs 3 easy     >= 50 %                 <= 12.5 %
 *   hard vs 3 normal   >= 32 %                 <= 20 %
 *   normal vs 3 easy   >= 40 %                 <= 15 %
 *   expert vs 3 hard   >= 35 % (CHEATER 30 %)  <= 15 %
 *
 * (25 % either way by chance.)  TOURNAMENT_GAMES games a pairing (1100 by
 * default: a 95% interval of about +-3 points at 50 %); TOURNAMENT_ONLY
 * names one variant ("cheat", "cheat-loser", ...) to run alone.  Nothing
 * is asserted: docs/performance.md says which targets each variant meets.
 *
 * The expert searches (games/ai-search.c), and a game of it takes
 * about a second, so its pairing plays fewer games
 * (TOURNAMENT_EXPERT_GAMES, EXPERT_GAMES by default) at the live budget
 * (the variant's, game_ai.playouts; TOURNAMENT_EXPERT_PLAYOUTS sets
 * another), printed beside the level ("expert/96": 96 play-outs a
 * decision); those games time each of the expert's decisions, printed as
 * p50 and p99.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/ai.h"

#define SEATS 4

/* A variant as the tournament plays it: its rules and options. */
struct entry {
	const char *name;		/* as printed */
	const char *variant;
	const char *options;		/* "name=value", or NULL */
};

static const struct entry entries[] = {
	{ "cheat", "cheat", NULL },
	{ "cheat-loser", "cheat", "loser=1" },
	{ "cheater", "cheater", NULL },
	{ "questions", "questions", NULL },
	{ "liarsuno", "liarsuno", NULL },
	{ "cheesedog", "cheesedog", NULL },
	{ NULL, NULL, NULL },
};

/* The expert's games a variant, by default. */
#define EXPERT_GAMES 100

static const struct pairing {
	enum ai_level lone, rest;
	double win_at_least;		/* percent, games with a winner */
	double lose_at_most;		/* percent, loser games */
} pairings[] = {
	{ AI_HARD, AI_EASY, 50, 12.5 },
	{ AI_HARD, AI_NORMAL, 32, 20 },
	{ AI_NORMAL, AI_EASY, 40, 15 },
	{ AI_EXPERT, AI_HARD, 35, 15 },
};

#define NPAIRINGS (sizeof pairings / sizeof pairings[0])

/* The 95% interval of k in n (Wilson's), in percent. */
static void
interval(int k, int n, double *lo, double *hi)
{
	double z = 1.96, p = n > 0 ? (double)k / n : 0, d = 1 + z * z / n;
	double mid = (p + z * z / (2.0 * n)) / d;
	double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;

	*lo = 100 * (mid - half);
	*hi = 100 * (mid + half);
}

/* The decisions timed, in microseconds. */
struct times {
	double *us;
	size_t n, cap;
};

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void
decided(void *arg, uint64_t ns)
{
	struct times *t = arg;

	if (t->n == t->cap) {
		t->cap = t->cap == 0 ? 1024 : 2 * t->cap;
		if ((t->us = realloc(t->us, t->cap * sizeof *t->us)) == NULL)
			abort();
	}
	t->us[t->n++] = (double)ns / 1e3;
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The pct-th percentile of t's times, in milliseconds. */
static double
percentile(struct times *t, double pct)
{
	size_t i;

	if (t->n == 0)
		return 0;
	qsort(t->us, t->n, sizeof *t->us, by_value);
	i = (size_t)(pct / 100 * (double)(t->n - 1) + 0.5);
	return t->us[i] / 1e3;
}

static int
env_int(const char *name, int def)
{
	const char *s = getenv(name);

	return s != NULL && atoi(s) > 0 ? atoi(s) : def;
}

int
main(void)
{
	int playouts = env_int("TOURNAMENT_EXPERT_PLAYOUTS", 0);
	int expert_games = env_int("TOURNAMENT_EXPERT_GAMES", EXPERT_GAMES);
	struct times t = { NULL, 0, 0 };
	struct ai_watch watch = { now_ns, decided, &t, 0 };
	int n, budget;
	char label[32];
	const char *only = getenv("TOURNAMENT_ONLY");
	int ngames = getenv("TOURNAMENT_GAMES") != NULL ?
	    atoi(getenv("TOURNAMENT_GAMES")) : 1100;
	const struct game_ops *ops;
	struct game_opts opts;
	struct game_result r;
	enum ai_level levels[SEATS];
	FILE *json;
	char *cause = NULL;
	const struct entry *e;
	size_t p;
	int g, s, lone, won, lost, wins, losses, loser, first = 1, rc = 0;
	double pct, lo, hi, target;

	if (ngames <= 0)
		ngames = 1100;
	if ((json = fopen("build/tournament.json", "w")) == NULL) {
		perror("build/tournament.json");
		return 1;
	}
	fprintf(json, "{\n  \"games_per_pairing\": %d,\n  \"results\": [\n",
	    ngames);
	printf("%-12s %-20s %6s %7s %15s %10s %s\n", "variant", "pairing",
	    "games", "rate", "95% interval", "target", "met");
	for (e = entries; e->name != NULL; e++) {
		if (only != NULL && strcmp(only, e->name) != 0)
			continue;
		ops = game_named(e->variant);
		game_opts_default(ops, &opts);
		if (e->options != NULL &&
		    game_opts_set(ops, &opts, e->options, &cause) != 0) {
			fprintf(stderr, "tournament: %s: %s\n", e->name, cause);
			return 1;
		}
		if (ops->ai == NULL) {
			fprintf(stderr, "tournament: %s has no AI\n", e->name);
			rc = 1;
			continue;
		}
		for (p = 0; p < NPAIRINGS; p++) {
			wins = losses = loser = 0;
			n = ngames;
			budget = 0;
			if (pairings[p].lone == AI_EXPERT) {
				budget = playouts > 0 ? playouts :
				    ops->ai->playouts;
				n = expert_games;
			}
			t.n = 0;
			target = pairings[p].win_at_least;
			if (pairings[p].lone == AI_EXPERT &&
			    strcmp(e->variant, "cheater") == 0)
				target = 30;
			for (g = 0; g < n; g++) {
				/* The dealer is the seed's remainder by the
				 * seats: every 16 games put the lone seat
				 * at each distance from the dealer. */
				lone = (g / SEATS) % SEATS;
				for (s = 0; s < SEATS; s++)
					levels[s] = s == lone ?
					    pairings[p].lone : pairings[p].rest;
				watch.seats = 1u << lone;
				if (ai_play_budget(ops, &opts, SEATS, levels,
				    budget, ((uint64_t)g * 7919 + p * 104729 +
				    1) * SEATS + (uint64_t)(g % SEATS), &r,
				    pairings[p].lone == AI_EXPERT ? &watch :
				    NULL, &cause) < 0) {
					fprintf(stderr, "tournament: %s: %s\n",
					    e->name, cause);
					return 1;
				}
				game_outcome(ops, &r, lone, &won, &lost);
				wins += won;
				losses += lost;
				loser |= ops->loser_game || r.for_loser;
			}
			pct = 100.0 * (loser ? losses : wins) / n;
			interval(loser ? losses : wins, n, &lo, &hi);
			if (loser)
				target = pairings[p].lose_at_most;
			if (budget > 0)
				snprintf(label, sizeof label, "%s/%d",
				    ai_level_name(pairings[p].lone), budget);
			else
				snprintf(label, sizeof label, "%s",
				    ai_level_name(pairings[p].lone));
			printf("%-12s %-9s vs 3 %-6s %6d %6.1f%% %6.1f-%5.1f%% "
			    "%s%5.1f%% %s", e->name, label,
			    ai_level_name(pairings[p].rest), n, pct, lo,
			    hi, loser ? "<=" : ">=", target,
			    (loser ? pct <= target : pct >= target) ? "yes" :
			    "NO");
			if (budget > 0)
				printf("  decision p50 %.1f ms p99 %.1f ms",
				    percentile(&t, 50), percentile(&t, 99));
			printf("\n");
			fflush(stdout);
			fprintf(json, "%s    {\"variant\": \"%s\", \"lone\": "
			    "\"%s\", \"rest\": \"%s\", \"games\": %d, "
			    "\"measure\": \"%s\", \"rate\": %.2f, "
			    "\"low\": %.2f, \"high\": %.2f, \"target\": "
			    "\"%s %.1f\", \"playouts\": %d, \"p50_ms\": "
			    "%.2f, \"p99_ms\": %.2f, \"met\": %s}",
			    first ? "" : ",\n",
			    e->name, ai_level_name(pairings[p].lone),
			    ai_level_name(pairings[p].rest), n,
			    loser ? "losses" : "wins", pct, lo, hi,
			    loser ? "<=" : ">=", target, budget,
			    budget > 0 ? percentile(&t, 50) : 0,
			    budget > 0 ? percentile(&t, 99) : 0,
			    (loser ? pct <= target : pct >= target) ?
			    "true" : "false");
			first = 0;
		}
	}
	fprintf(json, "\n  ]\n}\n");
	fclose(json);
	free(t.us);
	return rc;
}
