/*
 * The solo ladder's constants (solo.h): the anchors and the solo titles.
 *
 * The anchors are the mus `make tournament` printed as the anchors the
 * ladder asks for (bench/tournament.c, bench/ladder.h; `make anchors`
 * plays only what they need): hard's is the reference; normal's is the
 * anchor at which a hard seat, played against three normal ones and
 * rated game by game as a person on the ladder is, settles at hard's;
 * easy's, where a normal seat against three easy ones settles at
 * normal's; the expert's, where an expert against three hard seats
 * settles.  So a person earns about the same rating whichever level
 * they meet.  docs/league.md has the run (command, machine, output);
 * run it again after a change to an AI and copy what it prints here.
 * No game ever moves them.
 */
#include <string.h>

#include "solo.h"

/* clang-format off */
const struct solo_anchor solo_anchors[] = {
	/* variant       easy    normal  hard   expert */
	{ "cheat",     { 10.45, 24.22, 27.49, 33.88 } },
	{ "cheater",   { 14.08, 25.53, 27.58, 28.09 } },
	{ "questions", { -0.31, 26.15, 28.25, 31.88 } },
	{ "liarsuno",  { 12.05, 26.97, 30.67, 35.71 } },
	{ "cheesedog", { 19.91, 26.07, 28.34, 29.84 } },
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
