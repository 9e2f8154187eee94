/*
 * The solo ladder's constants (solo.h): the anchors and the solo titles.
 *
 * The anchors are the mus `make tournament` printed (its second part,
 * bench/anchors.c; `make anchors` runs it alone): for each variant,
 * four AI players of each level, each with a rating of its own, play
 * leagues of games of 3 or 4 seats among themselves, rated by
 * rating_update() after each; a level's anchor is its players' mean mu
 * over the second half of each league, averaged over the leagues.  The
 * scale is the league's: the twelve players start at mu 25, so the
 * levels sit around it.  docs/league.md has the run (command, machine,
 * output); run it again after a change to an AI and copy what it prints
 * here.  No game ever moves them.
 */
#include <string.h>

#include "solo.h"

/* clang-format off */
const struct solo_anchor solo_anchors[] = {
	/* variant       easy    normal  hard   expert (hard's, for now:
	 * bench/anchors.c) */
	{ "cheat",     { 20.57, 26.42, 27.49, 27.49 } },
	{ "cheater",   { 20.65, 26.20, 27.58, 27.58 } },
	{ "questions", { 18.50, 27.55, 28.25, 28.25 } },
	{ "liarsuno",  { 17.01, 27.73, 30.67, 30.67 } },
	{ "cheesedog", { 20.51, 26.23, 28.34, 28.34 } },
	{ NULL, { 0, 0, 0, 0 } },
};
/* clang-format on */

int
solo_anchor(const char *variant, enum ai_level level, struct rating *r)
{
	const struct solo_anchor *a;

	if (variant == NULL || level < 0 || level >= AI_LEVELS)
		return -1;
	for (a = solo_anchors; a->variant != NULL; a++) {
		if (strcmp(a->variant, variant) == 0) {
			r->mu = a->mu[level];
			r->sigma = SOLO_ANCHOR_SIGMA;
			return 0;
		}
	}
	return -1;
}

const struct solo_title solo_titles[SOLO_TITLES] = {
	[SOLO_GIANT_SLAYER] = { "giantslayer", "Giant Slayer",
	    "won against three hard AI seats or more" },
	[SOLO_LONE_WOLF] = { "lonewolf", "Lone Wolf",
	    "five solo wins in a row" },
	[SOLO_MACHINE_BREAKER] = { "machinebreaker", "Machine Breaker",
	    "a solo rating whose conservative estimate passed the hard AI's" },
};

const struct solo_title *
solo_title_named(const char *name)
{
	int i;

	for (i = 0; i < SOLO_TITLES; i++) {
		if (strcmp(solo_titles[i].name, name) == 0)
			return &solo_titles[i];
	}
	return NULL;
}
