/*
 * What a Liar's UNO AI seat reads of the table and of the others, which
 * its turn's play (liarsuno-ai-play.c) and its other decisions
 * (liarsuno-ai.c) both weigh: what it sees of the cards, what one card
 * more in a seat's hand is worth to it, how often a seat calls a
 * face-down card, and the colour it would name for a wild.
 */
#include <string.h>

#include "games/ai.h"
#include "games/cards.h"
#include "games/game.h"
#include "liarsuno-int.h"

/* How often a seat calls another's claim, before anything is known
 * (LU_PRIOR_WEIGHT says how much that guess weighs against what is
 * seen). */
#define CALL_PRIOR 0.15

void
lu_ai_sight(const struct game *g, int seat, struct lu_sight *sg)
{
	int id, face;

	memset(sg, 0, sizeof *sg);
	lu_known_cards(g, seat, sg->known);
	for (id = 0; id < LU_CARDS; id++) {
		if (sg->known[id])
			continue;
		face = lu_face(id);
		sg->hidden++;
		sg->colour[lu_face_colour(face)]++;
		if (lu_liar(id))
			sg->unseen[face]++;
	}
}

double
lu_ai_worth(const struct ai_mind *m, const struct game *g, int seat)
{
	if (seat == m->seat)
		return 1;
	/* Three opponents share what one of them loses; one about to go
	 * out is the one to stop. */
	return 0.3 + 0.6 / (g->hand[seat].n + 1);
}

double
lu_ai_call_rate(const struct ai_mind *m, int seat)
{
	const struct ai_habits *h = &m->habits[seat];

	return (m->calls[seat] + h->calls + CALL_PRIOR * LU_PRIOR_WEIGHT) /
	    (m->chances[seat] + h->chances + LU_PRIOR_WEIGHT);
}

int
lu_ai_colour(const struct game *g, int seat)
{
	const struct cards *h = &g->hand[seat];
	int count[LU_COLOURS + 1] = { 0 }, i, c, best = 0, face;

	for (i = 0; i < h->n; i++) {
		face = lu_face(h->c[i]);
		count[lu_face_colour(face)] += lu_liar(h->c[i]) ? 2 : 3;
	}
	for (c = 1; c < LU_COLOURS; c++) {
		if (count[c] > count[best])
			best = c;
	}
	return best;
}
