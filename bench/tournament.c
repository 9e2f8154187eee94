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
 * names one variant ("cheat", "cheat-loser", ...) to run alone.
 *
 * The expert searches (games/ai-search.c), and a game of it takes
 * about a second, so its pairing plays fewer games
 * (TOURNAMENT_EXPERT_GAMES, EXPERT_GAMES by default) at the live budget
 * (the variant's, its struct ai_search; TOURNAMENT_EXPERT_PLAYOUTS sets
 * another), printed beside the level ("expert/96": 96 play-outs a
 * decision); those games time each of the expert's decisions, printed as
 * p50 and p99.
 *
 * Then its second part, "simple strategies" (issue 34): each fixed
 * strategy of bench/strategy.h as the lone seat against three AI seats of
 * each level (every level of enum ai_level, so a new one appears by
 * itself), in every variant with claims that a strategy plays, seated as
 * above.  The figure is the lone seat's wins, and its losses in a game
 * for a loser; the AI is to hold a plain strategy near chance:
 *
 *   three AI seats of   wins at most   loser games: losses at least
 *   normal              28 %           22 %
 *   hard                24 %           26 %
 *   expert              22 %           28 %
 *
 * STRATEGY_GAMES games a row (400 by default: about +-4 points at 25 %;
 * 19,200 games, 232 s of CPU on a 2-core AMD EPYC under a load of 9,
 * so that make tournament stays well within 15 minutes; against three
 * experts STRATEGY_EXPERT_GAMES, 48 by default, as their games are
 * slower); STRATEGIES_ONLY=1 runs this part alone, TOURNAMENT_ONLY still naming one variant.  Nothing is asserted:
 * docs/performance.md and docs/ai.md say which targets are met.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/strategy.h"
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
/* The simple strategies' games against three experts, a row. */
#define STRATEGY_EXPERT_GAMES 48

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

/* The most a strategy may win against three AI seats of a level (named,
 * so that a level added to enum ai_level finds its own); in a game for a
 * loser, the least it may lose: as far below chance. */
static const struct {
	const char *level;
	double win_at_most;
} strategy_targets[] = {
	{ "normal", 28 },
	{ "hard", 24 },
	{ "expert", 22 },
};

#define NSTRATEGY_TARGETS \
	(sizeof strategy_targets / sizeof strategy_targets[0])

/* The 95% interval of k in n (Wilson's), in percent. */
static void
interval(int k, int n, double *lo, double *hi)
{
	double z = 1.96, p = n > 0 ? (double)k / n : 0, d = 1 + z * z / n;
	double mid = (p + z * z / (2.0 * n)) / d;
	double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;

	/* At k = 0 (or n) the bound is 0 (100) exactly; rounding must not
	 * print it as -0.0. */
	*lo = fmax(0, 100 * (mid - half));
	*hi = fmin(100, 100 * (mid + half));
}

/* The target of a strategy against level: 0 and *target, or -1: none. */
static int
strategy_target(enum ai_level level, int loser, double *target)
{
	size_t i;

	for (i = 0; i < NSTRATEGY_TARGETS; i++) {
		if (strcmp(strategy_targets[i].level,
		    ai_level_name(level)) == 0) {
			*target = loser ? 50 - strategy_targets[i].win_at_most :
			    strategy_targets[i].win_at_most;
			return 0;
		}
	}
	return -1;
}

/* The second part: every strategy against three AI seats of every level
 * in every variant with claims, into the table and json.  0, or 1 when a
 * game failed. */
static int
strategies(FILE *json, const char *only, int ngames, int expert_games)
{
	const struct entry *e;
	const struct game_ops *ops;
	struct game_opts opts;
	struct game_result r;
	enum ai_level levels[SEATS];
	char *cause = NULL, goal[16];
	int st, lv, g, s, n, lone, won, lost, count, loser, has, met;
	int first = 1;
	double pct, lo, hi, target = 0;

	fprintf(json, "  \"strategy_games\": %d,\n  \"strategies\": [\n",
	    ngames);
	printf("\nsimple strategies: one seat against three AI seats\n");
	printf("%-12s %-12s %-7s %6s %7s %15s %10s %s\n", "variant",
	    "strategy", "vs 3", "games", "rate", "95% interval", "target",
	    "met");
	for (e = entries; e->name != NULL; e++) {
		if (only != NULL && strcmp(only, e->name) != 0)
			continue;
		ops = game_named(e->variant);
		if (!strategy_plays(ops))
			continue;
		game_opts_default(ops, &opts);
		if (e->options != NULL &&
		    game_opts_set(ops, &opts, e->options, &cause) != 0) {
			fprintf(stderr, "tournament: %s: %s\n", e->name, cause);
			return 1;
		}
		for (st = 0; st < STRATEGIES; st++) {
			for (lv = 0; lv < AI_LEVELS; lv++) {
				/* The expert's games are slower: fewer
				 * (STRATEGY_EXPERT_GAMES). */
				n = lv == AI_EXPERT && expert_games < ngames ?
				    expert_games : ngames;
				count = loser = 0;
				for (g = 0; g < n; g++) {
					/* The same deals for every row, the
					 * lone seat moved round as above. */
					lone = (g / SEATS) % SEATS;
					for (s = 0; s < SEATS; s++)
						levels[s] = (enum ai_level)lv;
					if (strategy_play(ops, &opts, SEATS,
					    lone, (enum strategy)st, levels,
					    ((uint64_t)g * 7919 + 1000003) *
					    SEATS + (uint64_t)(g % SEATS), &r,
					    &cause) < 0) {
						fprintf(stderr, "tournament: "
						    "%s: %s\n", e->name,
						    cause);
						return 1;
					}
					game_outcome(ops, &r, lone, &won,
					    &lost);
					loser |= ops->loser_game ||
					    r.for_loser;
					count += loser ? lost : won;
				}
				pct = 100.0 * count / n;
				interval(count, n, &lo, &hi);
				has = strategy_target((enum ai_level)lv, loser,
				    &target) == 0;
				met = loser ? pct >= target : pct <= target;
				if (has)
					snprintf(goal, sizeof goal, "%s%.1f%%",
					    loser ? ">=" : "<=", target);
				else
					snprintf(goal, sizeof goal, "-");
				printf("%-12s %-12s %-7s %6d %6.1f%%%s "
				    "%6.1f-%5.1f%% %10s %s\n", e->name,
				    strategy_name((enum strategy)st),
				    ai_level_name((enum ai_level)lv), n,
				    pct, loser ? "L" : " ", lo, hi, goal,
				    !has ? "" : met ? "yes" : "NO");
				fflush(stdout);
				fprintf(json, "%s    {\"variant\": \"%s\", "
				    "\"strategy\": \"%s\", \"rest\": \"%s\", "
				    "\"games\": %d, \"measure\": \"%s\", "
				    "\"rate\": %.2f, \"low\": %.2f, "
				    "\"high\": %.2f, \"target\": ",
				    first ? "" : ",\n", e->name,
				    strategy_name((enum strategy)st),
				    ai_level_name((enum ai_level)lv), n,
				    loser ? "losses" : "wins", pct, lo, hi);
				if (has)
					fprintf(json, "\"%s %.1f\", \"met\": "
					    "%s}", loser ? ">=" : "<=", target,
					    met ? "true" : "false");
				else
					fprintf(json, "null, \"met\": null}");
				first = 0;
			}
		}
	}
	fprintf(json, "\n  ]\n");
	return 0;
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
	struct ai_watch watch = { .now_ns = now_ns, .decided = decided,
	    .arg = &t };
	int n, budget;
	char label[32];
	const char *only = getenv("TOURNAMENT_ONLY");
	const char *alone = getenv("STRATEGIES_ONLY");
	int ngames = env_int("TOURNAMENT_GAMES", 1100);
	int nstrat = env_int("STRATEGY_GAMES", 400);
	int pairs = alone == NULL || strcmp(alone, "1") != 0;
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

	if ((json = fopen("build/tournament.json", "w")) == NULL) {
		perror("build/tournament.json");
		return 1;
	}
	fprintf(json, "{\n  \"games_per_pairing\": %d,\n  \"results\": [\n",
	    ngames);
	if (pairs)
		printf("%-12s %-20s %6s %7s %15s %10s %s\n", "variant",
		    "pairing", "games", "rate", "95% interval", "target",
		    "met");
	for (e = entries; pairs && e->name != NULL; e++) {
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
				    ops->ai->search->playouts;
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
	fprintf(json, "\n  ],\n");
	if (strategies(json, only, nstrat,
	    env_int("STRATEGY_EXPERT_GAMES", STRATEGY_EXPERT_GAMES)) != 0)
		rc = 1;
	fprintf(json, "}\n");
	fclose(json);
	free(t.us);
	return rc;
}
