/*
 * The solo ladder's constants (docs/league.md, The solo ladder): a
 * person's rating of a variant from the games they played with AI seats,
 * each AI seat rated as a fixed anchor of its level, as engines are on
 * chess sites.  The anchors are calibrated by `make tournament`
 * (bench/tournament.c: where a level settles on the ladder against the
 * level below) and never moved by a game; the solo titles are what
 * a person earns on the ladder.  Pure: tables and lookups, no records
 * (storage/solo-ladder.c keeps those).
 */
#ifndef SOLO_H
#define SOLO_H

#include "games/ai.h"
#include "rating.h"

/* The deviation every anchor is rated with: where the sigma of a player
 * of steady skill settles under the drift tau in the calibration
 * (docs/league.md says what `make tournament` printed). */
#define SOLO_ANCHOR_SIGMA 1.75

/* One variant's anchors, the mu of each level (enum ai_level's order). */
struct solo_anchor {
	const char *variant;
	double mu[AI_LEVELS];
};

/* Every variant with AI seats, ending with a NULL variant. */
extern const struct solo_anchor solo_anchors[];

/* The rating the AI seats of level play at in variant, into *r: 0, or
 * -1 when the table has no row for variant. */
int solo_anchor(const char *variant, enum ai_level level, struct rating *r);

/* A title of the solo ladder.  Each is of one variant, like the others,
 * and earned by a game that moves the person's solo rating. */
struct solo_title {
	const char *name;	/* one lowercase word, stored: "giantslayer" */
	const char *title;	/* as shown: "Giant Slayer" */
	const char *what;	/* what earns it, for announcements and docs */
};

enum {
	SOLO_GIANT_SLAYER,	/* beat a table of three hard AI seats or
				 * more */
	SOLO_LONE_WOLF,		/* SOLO_WOLF_RUN solo wins in a row */
	SOLO_MACHINE_BREAKER,	/* the conservative solo rating passed the
				 * hard anchor's, the first time */
	SOLO_TITLES
};

/* The solo wins in a row that make a Lone Wolf. */
#define SOLO_WOLF_RUN 5
/* The hard AI seats a Giant Slayer beat at once, at least. */
#define SOLO_GIANTS 3

extern const struct solo_title solo_titles[SOLO_TITLES];

/* The solo title called name, or NULL. */
const struct solo_title *solo_title_named(const char *name);

#endif
