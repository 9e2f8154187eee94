/*
 * Parts 1 and 5 of `make bench`, through the rules alone (no network);
 * part 3, lines per move, is bench-pipe.c's, through the bot core:
 *
 * 1. Random play, one core: for about BENCH_RULES_MS (default 1000) per
 *    variant, games of 4 seats (the variant's nearest seat count) with
 *    its default options, every move the rules' sample(); games and
 *    moves per second.  create(), apply() with messages built, destroy():
 *    what the bot pays per game besides IRC and SQL.
 *
 * 5. AI decisions: whole games of 4 AI seats of one level (normal, hard),
 *    refereed by ai_play() as the bot referees them; each decision timed
 *    from the seat's observation being made to its decision, as the bot
 *    pays it: the median and the 99th percentile (target: under 1 ms).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench/bench.h"
#include "games/ai.h"
#include "games/game.h"
#include "alloc/xalloc.h"

#define MOVE_CAP 20000		/* as the simulator: a longer game is a bug */

static int
seats_for(const struct game_ops *ops, int want)
{
	if (want < ops->min_seats)
		return ops->min_seats;
	return want > ops->max_seats ? ops->max_seats : want;
}

/* Part 1: one variant's random play for ms milliseconds. */
static void
bench_speed(const struct game_ops *ops, int ms)
{
	struct game_opts opts;
	struct game_move mv;
	struct game_turn t;
	struct rng rng;
	struct game *g;
	char *cause = NULL, name[64];
	double start = bench_now_us(), el;
	long games = 0, moves = 0;
	int nseats = seats_for(ops, 4), n;

	game_opts_default(ops, &opts);
	do {
		rng_seed(&rng, (uint64_t)games + 1);
		g = ops->create(&opts, nseats, 0, &rng, NULL, &cause);
		if (g == NULL) {
			fprintf(stderr, "bench: %s: %s\n", ops->name, cause);
			exit(1);
		}
		for (n = 0; n < MOVE_CAP; n++) {
			ops->turn(g, &t);
			if (t.over || ops->sample(g, &rng, &mv) != 0)
				break;
			ops->apply(g, &mv, NULL);
		}
		moves += n;
		games++;
		ops->destroy(g);
		el = bench_now_us() - start;
	} while (el < ms * 1e3);
	snprintf(name, sizeof name, "%s games/s (%d seats)", ops->name,
	    nseats);
	bench_row("1 rules", name, (double)games / (el / 1e6), "games/s",
	    NULL);
	snprintf(name, sizeof name, "%s moves/s", ops->name);
	bench_row("1 rules", name, (double)moves / (el / 1e6), "moves/s",
	    NULL);
}

/* Decision times of one variant's AI seats, in microseconds. */
struct bench_decisions {
	double *us;
	size_t n, cap;
};

static uint64_t
bench_now_ns(void)
{
	return (uint64_t)(bench_now_us() * 1e3);
}

static void
bench_decided(void *arg, uint64_t ns)
{
	struct bench_decisions *d = arg;

	if (d->n == d->cap) {
		d->cap = d->cap == 0 ? 4096 : d->cap * 2;
		d->us = xreallocarray(d->us, d->cap, sizeof *d->us);
	}
	d->us[d->n++] = (double)ns / 1e3;
}

/* Part 5: how long an AI seat takes to decide (its observation made, its
 * decision), the level given at every seat of 4, over AI_GAMES games. */
#define AI_GAMES 40
static void
bench_ai(const struct game_ops *ops, enum ai_level level)
{
	static const char *const levels[] = { "easy", "normal", "hard" };
	struct bench_decisions d = { NULL, 0, 0 };
	struct ai_watch w = { .now_ns = bench_now_ns,
	    .decided = bench_decided, .arg = &d };
	enum ai_level at[4] = { level, level, level, level };
	struct game_result r;
	char name[96], *cause = NULL;
	int g;

	if (ops->ai == NULL)
		return;
	for (g = 0; g < AI_GAMES; g++) {
		if (ai_play(ops, NULL, 4, at, (uint64_t)g + 1, &r, &w,
		    &cause) < 0) {
			fprintf(stderr, "bench: %s\n", cause);
			exit(1);
		}
	}
	snprintf(name, sizeof name, "%s, %s AI: decision p50", ops->name,
	    levels[level]);
	bench_row("5 AI", name, bench_pct(d.us, d.n, 50), "us", NULL);
	snprintf(name, sizeof name, "%s, %s AI: decision p99", ops->name,
	    levels[level]);
	bench_row("5 AI", name, bench_pct(d.us, d.n, 99), "us", "< 1000");
	free(d.us);
}

int
main(void)
{
	const char *s = getenv("BENCH_RULES_MS");
	int ms = s != NULL && atoi(s) > 0 ? atoi(s) : 1000, i;

	for (i = 0; game_table[i] != NULL; i++)
		bench_speed(game_table[i], ms);
	for (i = 0; game_table[i] != NULL; i++) {
		bench_ai(game_table[i], AI_NORMAL);
		bench_ai(game_table[i], AI_HARD);
	}
	return 0;
}
