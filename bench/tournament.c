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
 *
 * (25 % either way by chance.)  TOURNAMENT_GAMES games a pairing (1100 by
 * default: a 95% interval of about +-3 points at 50 %); TOURNAMENT_ONLY
 * names one variant ("cheat", "cheat-loser", ...) to run alone.  Nothing
 * is asserted: docs/performance.md says which targets each variant meets.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static const struct pairing {
	enum ai_level lone, rest;
	double win_at_least;		/* percent, games with a winner */
	double lose_at_most;		/* percent, loser games */
} pairings[] = {
	{ AI_HARD, AI_EASY, 50, 12.5 },
	{ AI_HARD, AI_NORMAL, 32, 20 },
	{ AI_NORMAL, AI_EASY, 40, 15 },
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

int
main(void)
{
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
	printf("%-12s %-17s %6s %7s %15s %10s %s\n", "variant", "pairing",
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
			for (g = 0; g < ngames; g++) {
				/* The dealer is the seed's remainder by the
				 * seats: every 16 games put the lone seat
				 * at each distance from the dealer. */
				lone = (g / SEATS) % SEATS;
				for (s = 0; s < SEATS; s++)
					levels[s] = s == lone ?
					    pairings[p].lone : pairings[p].rest;
				if (ai_play(ops, &opts, SEATS, levels,
				    ((uint64_t)g * 7919 + p * 104729 + 1) *
				    SEATS + (uint64_t)(g % SEATS), &r, NULL,
				    &cause) < 0) {
					fprintf(stderr, "tournament: %s: %s\n",
					    e->name, cause);
					return 1;
				}
				game_outcome(ops, &r, lone, &won, &lost);
				wins += won;
				losses += lost;
				loser |= ops->loser_game || r.for_loser;
			}
			pct = 100.0 * (loser ? losses : wins) / ngames;
			interval(loser ? losses : wins, ngames, &lo, &hi);
			target = loser ? pairings[p].lose_at_most :
			    pairings[p].win_at_least;
			printf("%-12s %-6s vs 3 %-6s %6d %6.1f%% %6.1f-%5.1f%% "
			    "%s%5.1f%% %s\n", e->name,
			    ai_level_name(pairings[p].lone),
			    ai_level_name(pairings[p].rest), ngames, pct, lo,
			    hi, loser ? "<=" : ">=", target,
			    (loser ? pct <= target : pct >= target) ? "yes" :
			    "NO");
			fflush(stdout);
			fprintf(json, "%s    {\"variant\": \"%s\", \"lone\": "
			    "\"%s\", \"rest\": \"%s\", \"games\": %d, "
			    "\"measure\": \"%s\", \"rate\": %.2f, "
			    "\"low\": %.2f, \"high\": %.2f, \"target\": "
			    "\"%s %.1f\", \"met\": %s}", first ? "" : ",\n",
			    e->name, ai_level_name(pairings[p].lone),
			    ai_level_name(pairings[p].rest), ngames,
			    loser ? "losses" : "wins", pct, lo, hi,
			    loser ? "<=" : ">=", target,
			    (loser ? pct <= target : pct >= target) ?
			    "true" : "false");
			first = 0;
		}
	}
	fprintf(json, "\n  ]\n}\n");
	fclose(json);
	return rc;
}
