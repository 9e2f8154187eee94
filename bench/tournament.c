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
 * names one variant ("cheat", "cheat-loser", ...) to run alone;
 * TOURNAMENT_SEED_OFFSET=N plays games N and on instead of 0 and on (the
 * same seats and dealers, other deals), so that a change chosen on the
 * usual seeds can be measured on others.
 *
 * The expert searches (games/ai-search.c), and a game of it takes
 * about a second, so its pairing plays fewer games
 * (TOURNAMENT_EXPERT_GAMES, EXPERT_GAMES by default) at the live budget
 * (the variant's, its struct ai_search; TOURNAMENT_EXPERT_PLAYOUTS sets
 * another), printed beside the level ("expert/96": 96 play-outs a
 * decision); those games time each of the expert's decisions, printed as
 * p50 and p99.  In a variant a strategy plays, the pairing is played
 * again at the strategies' smaller budget (below), to show the live one
 * at least as strong.
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
 * slower, the experts searching with STRATEGY_EXPERT_PLAYOUTS play-outs
 * a decision, 48 by default (16 in Liar's UNO and Cheat for a loser:
 * entries[]) or the live
 * budget where that is smaller, printed "expert/48"); STRATEGIES_ONLY=1
 * runs this part alone, TOURNAMENT_ONLY still naming one variant.
 *
 * Then the pairings as the solo ladder sees them (bench/ladder.h): where
 * the solo rating of a person who played as the lone seat would settle,
 * the three others at their level's anchor in storage/solo.c, beside the
 * lone level's own anchor; and the anchors the ladder asks for (each
 * level, played against the level below, settles at its own anchor;
 * hard's is the reference, as in code; the expert's from its pairing at
 * the live budget), printed beside the anchors in code and as the rows
 * to copy into storage/solo.c (docs/league.md, The anchors).  Cheat's
 * anchors come from its default game; Cheat for a loser's rows are
 * printed as a check.  PAIRINGS_ONLY=1 (make anchors) plays the
 * pairings alone.
 *
 * Every row is played in a worker process of its own, as many at once as
 * there are cores (TOURNAMENT_JOBS sets another number; bench/workers.h),
 * each row's line printed as soon as the rows before it are: the same
 * figures as on one core, from the same seeds, in a fraction of the
 * time.  Nothing is asserted: docs/performance.md and docs/ai.md say
 * which targets are met.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/ladder.h"
#include "bench/strategy.h"
#include "bench/workers.h"
#include "games/ai.h"
#include "storage/solo.h"

#define SEATS 4
_Static_assert(SEATS == LADDER_SEATS, "a pairing's places are 4 seats'");

/* A variant as the tournament plays it: its rules and options, and the
 * experts' budget against the strategies where it is not
 * STRATEGY_EXPERT_PLAYOUTS (below). */
struct entry {
	const char *name;		/* as printed */
	const char *variant;
	const char *options;		/* "name=value", or NULL */
	int strategy_playouts;		/* 0: STRATEGY_EXPERT_PLAYOUTS */
};

/* Liar's UNO's experts play out between hard seats, whose every turn
 * weighs each card's every plausible claim, and Cheat for a loser's run
 * until three seats are out: at 48 play-outs their games against the
 * strategies alone would take make tournament past 15 minutes, so they
 * search with 16 there (docs/ai.md). */
static const struct entry entries[] = {
	{ "cheat", "cheat", NULL, 0 },
	{ "cheat-loser", "cheat", "loser=1", 16 },
	{ "cheater", "cheater", NULL, 0 },
	{ "questions", "questions", NULL, 0 },
	{ "liarsuno", "liarsuno", NULL, 16 },
	{ "cheesedog", "cheesedog", NULL, 0 },
	{ NULL, NULL, NULL, 0 },
};

/* The expert's games a variant, by default. */
#define EXPERT_GAMES 100
/* The simple strategies' games against three experts, a row, and the
 * experts' budget there (play-outs a decision): a quarter of Cheat's
 * live one, so that make tournament ends within 15 minutes on 2 cores
 * (three searching seats a game).  The expert's pairing is played at
 * both budgets, to show the live one at least as strong. */
#define STRATEGY_EXPERT_GAMES 48
#define STRATEGY_EXPERT_PLAYOUTS 48	/* or the live one, if smaller */

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

/* One row of a table: a pairing of AI levels, or a strategy against
 * three AI seats of a level, in one variant. */
struct row {
	const struct entry *e;
	const struct game_ops *ops;
	struct game_opts opts;
	int strategy;			/* enum strategy, or -1: a pairing */
	const struct pairing *pairing;	/* a pairing's levels */
	enum ai_level level;		/* a strategy's opponents */
	int n;				/* games */
	int first;			/* the first game's number: its
					 * seed's (TOURNAMENT_SEED_OFFSET) */
	int budget;			/* the expert's play-outs, 0: none */
	int live;			/* 1: the expert at its live budget */
};

/* What a row measured, as its worker sends it back. */
struct outcome {
	int failed;			/* 1: a game failed, cause says */
	int wins, losses;		/* the lone seat's */
	int loser;			/* 1: a game for a loser */
	double p50, p99;		/* an expert's decisions, ms */
	struct ladder_games ladder;	/* a pairing's places, for the
					 * solo ladder's view */
	char cause[512];
};

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

/* Plays row's games into *o.  The dealer is the seed's remainder by the
 * seats: every 16 games put the lone seat at each distance from the
 * dealer; a strategy's rows play the same deals for every row. */
static void
play_row(const struct row *row, struct outcome *o)
{
	struct times t = { NULL, 0, 0 };
	struct ai_watch watch = { .now_ns = now_ns, .decided = decided,
	    .arg = &t };
	enum ai_level levels[SEATS];
	struct game_result r;
	char *cause = NULL;
	int g, s, lone, won, lost, rc, place[SEATS];
	uint64_t seed;
	size_t p = row->pairing != NULL ? (size_t)(row->pairing - pairings) :
	    0;

	memset(o, 0, sizeof *o);
	for (g = row->first; g < row->first + row->n; g++) {
		lone = (g / SEATS) % SEATS;
		for (s = 0; s < SEATS; s++)
			levels[s] = row->strategy >= 0 ? row->level :
			    s == lone ? row->pairing->lone : row->pairing->rest;
		if (row->strategy >= 0) {
			seed = ((uint64_t)g * 7919 + 1000003) * SEATS +
			    (uint64_t)(g % SEATS);
			rc = strategy_play(row->ops, &row->opts, SEATS, lone,
			    (enum strategy)row->strategy, levels, row->budget,
			    seed, &r, &cause);
		} else {
			watch.seats = 1u << lone;
			seed = ((uint64_t)g * 7919 + p * 104729 + 1) * SEATS +
			    (uint64_t)(g % SEATS);
			rc = ai_play_budget(row->ops, &row->opts, SEATS, levels,
			    row->budget, seed, &r, row->budget > 0 ? &watch :
			    NULL, &cause);
		}
		if (rc < 0) {
			o->failed = 1;
			snprintf(o->cause, sizeof o->cause, "%s: %s",
			    row->e->name, cause);
			free(cause);
			break;
		}
		game_outcome(row->ops, &r, lone, &won, &lost);
		/* The lone seat's place first, then the others'. */
		for (s = 0; s < SEATS; s++)
			place[s] = r.place[(lone + s) % SEATS];
		if (row->strategy < 0)
			ladder_add(&o->ladder, place);
		o->loser |= row->ops->loser_game || r.for_loser;
		o->wins += won;
		o->losses += lost;
	}
	if (row->budget > 0 && row->strategy < 0) {
		o->p50 = percentile(&t, 50);
		o->p99 = percentile(&t, 99);
	}
	free(t.us);
}

/* A row's figure: the rate (wins, or losses in a game for a loser), its
 * interval, its target and whether it is met. */
struct figure {
	double pct, lo, hi, target;
	int has;			/* 0: no target at this level */
	int met;
};

static void
figure(const struct row *row, const struct outcome *o, struct figure *f)
{
	int k = o->loser ? o->losses : o->wins;

	f->pct = 100.0 * k / row->n;
	interval(k, row->n, &f->lo, &f->hi);
	f->has = 1;
	if (row->strategy >= 0) {
		f->has = strategy_target(row->level, o->loser,
		    &f->target) == 0;
		f->met = o->loser ? f->pct >= f->target : f->pct <= f->target;
		return;
	}
	f->target = o->loser ? row->pairing->lose_at_most :
	    row->pairing->win_at_least;
	if (!o->loser && row->pairing->lone == AI_EXPERT &&
	    strcmp(row->e->variant, "cheater") == 0)
		f->target = 30;
	f->met = o->loser ? f->pct <= f->target : f->pct >= f->target;
}

/* The level as a row names it: with an expert's budget, "expert/16". */
static void
level_label(char *buf, size_t size, enum ai_level level, int budget)
{
	if (budget > 0)
		snprintf(buf, size, "%s/%d", ai_level_name(level), budget);
	else
		snprintf(buf, size, "%s", ai_level_name(level));
}

/* Row's line of its table; the strategies' table starts with its head. */
static void
print_row(const struct row *row, const struct outcome *o, int head)
{
	struct figure f;
	char label[32], goal[16];

	figure(row, o, &f);
	if (row->strategy >= 0) {
		if (head)
			printf("\nsimple strategies: one seat against three AI "
			    "seats\n%-12s %-12s %-9s %6s %7s %15s %10s %s\n",
			    "variant", "strategy", "vs 3", "games", "rate",
			    "95% interval", "target", "met");
		if (f.has)
			snprintf(goal, sizeof goal, "%s%.1f%%",
			    o->loser ? ">=" : "<=", f.target);
		else
			snprintf(goal, sizeof goal, "-");
		level_label(label, sizeof label, row->level, row->budget);
		printf("%-12s %-12s %-9s %6d %6.1f%%%s %6.1f-%5.1f%% %10s "
		    "%s\n", row->e->name,
		    strategy_name((enum strategy)row->strategy),
		    label, row->n, f.pct,
		    o->loser ? "L" : " ", f.lo, f.hi, goal,
		    !f.has ? "" : f.met ? "yes" : "NO");
	} else {
		if (head)
			printf("%-12s %-20s %6s %7s %15s %10s %s\n",
			    "variant", "pairing", "games", "rate",
			    "95% interval", "target", "met");
		level_label(label, sizeof label, row->pairing->lone,
		    row->budget);
		printf("%-12s %-9s vs 3 %-6s %6d %6.1f%% %6.1f-%5.1f%% "
		    "%s%5.1f%% %s", row->e->name, label,
		    ai_level_name(row->pairing->rest), row->n, f.pct, f.lo,
		    f.hi, o->loser ? "<=" : ">=", f.target,
		    f.met ? "yes" : "NO");
		if (row->budget > 0)
			printf("  decision p50 %.1f ms p99 %.1f ms", o->p50,
			    o->p99);
		printf("\n");
	}
	fflush(stdout);
}

/* Where a pairing's lone seat settles on the solo ladder (ladder.h). */
struct hold {
	double mu, lo, hi;		/* its rating, and 95% interval */
	double anchor;			/* the lone level's anchor in code */
};

/* Row's hold into *h, the three others at their level's anchor in code;
 * 0, or -1 when it cannot be said (a strategy's row, no anchor, or a
 * seat that always won or always lost). */
static int
hold(const struct row *row, const struct outcome *o, struct hold *h)
{
	struct rating rest, lone;

	if (row->strategy >= 0 || solo_anchor(row->e->variant,
	    row->pairing->rest, &rest) != 0 || solo_anchor(row->e->variant,
	    row->pairing->lone, &lone) != 0)
		return -1;
	h->anchor = lone.mu;
	return ladder_hold(&o->ladder, rest.mu, rest.sigma,
	    SOLO_ANCHOR_SIGMA, &h->mu, &h->lo, &h->hi);
}

/* The third table: the pairings as the solo ladder sees them, the
 * others at their anchors in code. */
static void
print_ladder(const struct row *rows, const struct outcome *out, int nrows)
{
	struct hold h;
	char label[32];
	int i;

	printf("\nthe solo ladder's view: where the lone seat's solo rating "
	    "settles, the others at their anchor (storage/solo.c)\n"
	    "%-12s %-20s %6s %10s %15s %10s %7s\n", "variant", "pairing",
	    "games", "settles at", "95% interval", "its anchor", "diff");
	for (i = 0; i < nrows; i++) {
		if (rows[i].strategy >= 0 || out[i].failed)
			continue;
		level_label(label, sizeof label, rows[i].pairing->lone,
		    rows[i].budget);
		printf("%-12s %-9s vs 3 %-6s %6d ", rows[i].e->name, label,
		    ai_level_name(rows[i].pairing->rest), rows[i].n);
		if (hold(&rows[i], &out[i], &h) != 0)
			printf("%10s\n", "-");
		else
			printf("%10.2f %6.2f - %6.2f %10.2f %+7.2f\n", h.mu,
			    h.lo, h.hi, h.anchor, h.mu - h.anchor);
	}
}

/* Row i's index among rows: the pairing of lone against three of rest
 * in the variant's own entry (no options), at the live budget for an
 * expert; -1 if it was not played or failed. */
static int
find_pairing(const struct row *rows, const struct outcome *out, int nrows,
    const struct entry *e, enum ai_level lone, enum ai_level rest)
{
	int i;

	for (i = 0; i < nrows; i++) {
		if (rows[i].e == e && rows[i].strategy < 0 &&
		    rows[i].pairing->lone == lone &&
		    rows[i].pairing->rest == rest && !out[i].failed &&
		    (lone != AI_EXPERT || rows[i].live))
			return i;
	}
	return -1;
}

/* The anchors the ladder asks for (docs/league.md, The anchors): hard's
 * stays as it is, the reference; normal's is where hard, played against
 * three normal seats, settles at hard's anchor; easy's, where normal
 * against three easy settles at normal's; the expert's, where the expert
 * against three hard settles.  Printed beside the anchors in code, then
 * as rows to copy into storage/solo.c. */
static void
print_anchors(const struct row *rows, const struct outcome *out,
    int nrows)
{
	const struct entry *e;
	struct rating code[AI_LEVELS];
	double a[AI_LEVELS], lo, hi, sigma = 0;
	int hn, ne, xh, l, ok, nc = 0;
	char quoted[40], crow[sizeof entries / sizeof entries[0]][128];

	printf("\nthe anchors the ladder asks for: each level, played "
	    "against the level below, settles at its own anchor; hard's "
	    "as in code\n%-12s %-7s %8s %8s %8s\n", "variant", "level",
	    "anchor", "in code", "diff");
	for (e = entries; e->name != NULL; e++) {
		if (e->options != NULL)
			continue;
		hn = find_pairing(rows, out, nrows, e, AI_HARD, AI_NORMAL);
		ne = find_pairing(rows, out, nrows, e, AI_NORMAL, AI_EASY);
		xh = find_pairing(rows, out, nrows, e, AI_EXPERT, AI_HARD);
		if (hn < 0 || ne < 0 || xh < 0)
			continue;
		for (l = 0; l < AI_LEVELS; l++) {
			if (solo_anchor(e->variant, (enum ai_level)l,
			    &code[l]) != 0)
				break;
		}
		if (l < AI_LEVELS) {
			printf("%-12s has no anchors in storage/solo.c\n",
			    e->variant);
			continue;
		}
		a[AI_HARD] = code[AI_HARD].mu;
		ok = ladder_rest(&out[hn].ladder, a[AI_HARD],
		    SOLO_ANCHOR_SIGMA, SOLO_ANCHOR_SIGMA, &a[AI_NORMAL]) == 0 &&
		    ladder_rest(&out[ne].ladder, a[AI_NORMAL],
		    SOLO_ANCHOR_SIGMA, SOLO_ANCHOR_SIGMA, &a[AI_EASY]) == 0 &&
		    ladder_hold(&out[xh].ladder, a[AI_HARD], SOLO_ANCHOR_SIGMA,
		    SOLO_ANCHOR_SIGMA, &a[AI_EXPERT], &lo, &hi) == 0;
		if (!ok) {
			printf("%-12s no anchors: a level always won or always "
			    "lost\n", e->variant);
			continue;
		}
		/* Where a rating of hard's skill, played against three
		 * normal seats, stops narrowing: the anchors' sigma. */
		sigma += ladder_sigma(&out[hn].ladder, a[AI_HARD],
		    a[AI_NORMAL], SOLO_ANCHOR_SIGMA);
		for (l = 0; l < AI_LEVELS; l++)
			printf("%-12s %-7s %8.2f %8.2f %+8.2f\n", e->variant,
			    ai_level_name((enum ai_level)l), a[l], code[l].mu,
			    a[l] - code[l].mu);
		snprintf(quoted, sizeof quoted, "\"%s\",", e->variant);
		snprintf(crow[nc++], sizeof crow[0], "\t{ %-12s { %.2f, %.2f, "
		    "%.2f, %.2f } },", quoted, a[AI_EASY], a[AI_NORMAL],
		    a[AI_HARD], a[AI_EXPERT]);
	}
	if (nc > 0)
		printf("\nsigma, where a rating of hard's skill against three "
		    "normal seats settles, the variants averaged: %.2f (the "
		    "anchors' in code: %.2f)\n\nThe rows for storage/solo.c:\n",
		    sigma / nc, SOLO_ANCHOR_SIGMA);
	for (l = 0; l < nc; l++)
		printf("%s\n", crow[l]);
}

/* Row's object in build/tournament.json. */
static void
json_row(FILE *json, const struct row *row, const struct outcome *o,
    int first)
{
	struct figure f;
	struct hold h;

	figure(row, o, &f);
	fprintf(json, "%s    {\"variant\": \"%s\", ", first ? "" : ",\n",
	    row->e->name);
	if (row->strategy >= 0)
		fprintf(json, "\"strategy\": \"%s\", ",
		    strategy_name((enum strategy)row->strategy));
	else
		fprintf(json, "\"lone\": \"%s\", ",
		    ai_level_name(row->pairing->lone));
	if (row->first > 0)
		fprintf(json, "\"first_game\": %d, ", row->first);
	fprintf(json, "\"rest\": \"%s\", \"games\": %d, \"measure\": \"%s\", "
	    "\"rate\": %.2f, \"low\": %.2f, \"high\": %.2f, \"target\": ",
	    ai_level_name(row->strategy >= 0 ? row->level :
	    row->pairing->rest), row->n, o->loser ? "losses" : "wins",
	    f.pct, f.lo, f.hi);
	if (!f.has) {
		fprintf(json, "null, \"met\": null}");
		return;
	}
	fprintf(json, "\"%s %.1f\", ", o->loser ? (row->strategy >= 0 ?
	    ">=" : "<=") : (row->strategy >= 0 ? "<=" : ">="), f.target);
	if (row->strategy < 0)
		fprintf(json, "\"playouts\": %d, \"p50_ms\": %.2f, "
		    "\"p99_ms\": %.2f, ", row->budget, o->p50, o->p99);
	else if (row->budget > 0)
		fprintf(json, "\"playouts\": %d, ", row->budget);
	if (hold(row, o, &h) == 0)
		fprintf(json, "\"ladder_mu\": %.2f, \"ladder_low\": %.2f, "
		    "\"ladder_high\": %.2f, ", h.mu, h.lo, h.hi);
	fprintf(json, "\"met\": %s}", f.met ? "true" : "false");
}

/* The rows being played, and their outcomes as they come back. */
struct run {
	const struct row *rows;
	struct outcome *out;
	int failed;			/* 1: a game or a worker failed */
};

static void
work_row(size_t i, void *result, void *arg)
{
	const struct run *run = arg;

	play_row(&run->rows[i], result);
}

/* Row i is done, and every row before it: its line, printed. */
static void
done_row(size_t i, const void *result, void *arg)
{
	struct run *run = arg;
	const struct row *row = &run->rows[i];

	if (result == NULL) {
		run->failed = 1;
		return;
	}
	memcpy(&run->out[i], result, sizeof run->out[i]);
	if (run->out[i].failed) {
		fprintf(stderr, "tournament: %s\n", run->out[i].cause);
		run->failed = 1;
		return;
	}
	print_row(row, &run->out[i], i == 0 ||
	    (row->strategy >= 0) != (row[-1].strategy >= 0));
}

static int
env_int(const char *name, int def)
{
	const char *s = getenv(name);

	return s != NULL && atoi(s) > 0 ? atoi(s) : def;
}

/* The rows to play, in the order of the tables: the pairings of every
 * variant (unless STRATEGIES_ONLY=1), ngames a pairing, then the
 * strategies of every variant a strategy plays, nstrat games a row, each
 * only in TOURNAMENT_ONLY if set.  The number of rows, or -1 (said). */
static int
plan(struct row *rows, size_t max, int ngames, int nstrat)
{
	int playouts = env_int("TOURNAMENT_EXPERT_PLAYOUTS", 0);
	int expert_games = env_int("TOURNAMENT_EXPERT_GAMES", EXPERT_GAMES);
	int nstrat_expert = env_int("STRATEGY_EXPERT_GAMES",
	    STRATEGY_EXPERT_GAMES);
	int strat_budget = env_int("STRATEGY_EXPERT_PLAYOUTS", 0);
	int first = env_int("TOURNAMENT_SEED_OFFSET", 0);
	const char *only = getenv("TOURNAMENT_ONLY");
	const char *alone = getenv("STRATEGIES_ONLY");
	const char *pairs_alone = getenv("PAIRINGS_ONLY");
	int pairs = alone == NULL || strcmp(alone, "1") != 0;
	int parts = pairs_alone != NULL && strcmp(pairs_alone, "1") == 0 ?
	    1 : 2;
	const struct entry *e;
	struct row r;
	char *cause = NULL;
	size_t n = 0, p;
	int part, st, lv, live, strat;

	for (part = pairs ? 0 : 1; part < parts; part++) {
		for (e = entries; e->name != NULL; e++) {
			if (only != NULL && strcmp(only, e->name) != 0)
				continue;
			memset(&r, 0, sizeof r);
			r.e = e;
			r.first = first;
			r.ops = game_named(e->variant);
			game_opts_default(r.ops, &r.opts);
			if (e->options != NULL && game_opts_set(r.ops, &r.opts,
			    e->options, &cause) != 0) {
				fprintf(stderr, "tournament: %s: %s\n",
				    e->name, cause);
				return -1;
			}
			if (r.ops->ai == NULL) {
				fprintf(stderr, "tournament: %s has no AI\n",
				    e->name);
				return -1;
			}
			r.strategy = -1;
			/* The expert's live budget, and the strategies'. */
			live = playouts > 0 ? playouts :
			    r.ops->ai->search->playouts;
			strat = strat_budget > 0 ? strat_budget :
			    e->strategy_playouts > 0 ? e->strategy_playouts :
			    STRATEGY_EXPERT_PLAYOUTS;
			if (strat > live)
				strat = live;
			for (p = 0; part == 0 && p < NPAIRINGS; p++) {
				r.pairing = &pairings[p];
				r.n = ngames;
				r.budget = 0;
				if (r.pairing->lone == AI_EXPERT) {
					r.budget = live;
					r.n = expert_games;
				}
				r.live = r.pairing->lone == AI_EXPERT;
				if (n == max)
					return -1;
				rows[n++] = r;
				r.live = 0;
				/* The expert at the strategies' budget too,
				 * where it is smaller. */
				if (r.pairing->lone != AI_EXPERT ||
				    !strategy_plays(r.ops) || strat == live)
					continue;
				r.budget = strat;
				if (n == max)
					return -1;
				rows[n++] = r;
			}
			if (part == 0 || !strategy_plays(r.ops))
				continue;
			r.pairing = NULL;
			for (st = 0; st < STRATEGIES; st++) {
				for (lv = 0; lv < AI_LEVELS; lv++) {
					r.strategy = st;
					r.level = (enum ai_level)lv;
					/* The expert's games are slower. */
					r.n = lv == AI_EXPERT &&
					    nstrat_expert < nstrat ?
					    nstrat_expert : nstrat;
					r.budget = lv == AI_EXPERT ? strat : 0;
					if (n == max)
						return -1;
					rows[n++] = r;
				}
			}
		}
	}
	if (n == 0) {
		fprintf(stderr, "tournament: TOURNAMENT_ONLY=%s names no "
		    "variant played here\n", only != NULL ? only : "");
		return -1;
	}
	return (int)n;
}

#define MAX_ROWS 512

/* A guess at what a row costs, to start the dearest first: its games,
 * times the play-outs of its searching seats (an expert's budget, three
 * of them against a strategy), a game for a loser counted four times
 * (three seats must go out, not one). */
static double
cost(const struct row *r)
{
	int loser = r->ops->loser_game || (r->e->options != NULL &&
	    strstr(r->e->options, "loser=1") != NULL);
	int searching = r->budget == 0 ? 0 : r->strategy >= 0 ? SEATS - 1 : 1;

	return (double)r->n * (1 + searching * r->budget) * (loser ? 4 : 1);
}

static const struct row *sort_rows;

static int
dearer(const void *a, const void *b)
{
	const size_t *i = a, *j = b;
	double ci = cost(&sort_rows[*i]), cj = cost(&sort_rows[*j]);

	return ci > cj ? -1 : ci < cj ? 1 : *i < *j ? -1 : *i > *j;
}

int
main(void)
{
	static struct row rows[MAX_ROWS];
	static struct outcome out[MAX_ROWS];
	static size_t order[MAX_ROWS];
	struct run run = { rows, out, 0 };
	struct workers w = { sizeof *out, work_row, done_row, &run, order };
	int jobs = workers_jobs(), nrows, i, first = 1, part;
	int ngames = env_int("TOURNAMENT_GAMES", 1100);
	int nstrat = env_int("STRATEGY_GAMES", 400);
	FILE *json;

	if ((nrows = plan(rows, MAX_ROWS, ngames, nstrat)) < 0)
		return 1;
	for (i = 0; i < nrows; i++)
		order[i] = (size_t)i;
	sort_rows = rows;
	qsort(order, (size_t)nrows, sizeof order[0], dearer);
	printf("%d rows, %d at a time (TOURNAMENT_JOBS)\n", nrows, jobs);
	if (rows[0].first > 0)
		printf("games %d and on (TOURNAMENT_SEED_OFFSET): other deals "
		    "than the usual ones\n", rows[0].first);
	if (workers_run(&w, (size_t)nrows, jobs) != 0)
		run.failed = 1;
	print_ladder(rows, out, nrows);
	print_anchors(rows, out, nrows);
	if ((json = fopen("build/tournament.json", "w")) == NULL) {
		perror("build/tournament.json");
		return 1;
	}
	fprintf(json, "{\n  \"games_per_pairing\": %d,\n  \"results\": [\n",
	    ngames);
	for (part = 0; part < 2; part++) {
		if (part == 1)
			fprintf(json, "\n  ],\n  \"strategy_games\": %d,\n"
			    "  \"strategies\": [\n", nstrat);
		first = 1;
		for (i = 0; i < nrows; i++) {
			if ((rows[i].strategy >= 0) != part)
				continue;
			json_row(json, &rows[i], &out[i], first);
			first = 0;
		}
	}
	fprintf(json, "\n  ]\n}\n");
	fclose(json);
	return run.failed;
}
