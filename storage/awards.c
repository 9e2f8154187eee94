/*
 * The awards of a finished game (struct store_award), gathered as its
 * transaction writes the titles they stand for: the streak, run and
 * bluff titles (game-finish.c) and the solo ladder's (solo-ladder.c)
 * each add one (store_award_add()), written out while the caller's array
 * has room and counted always, like snprintf; then they are put in seat
 * order (store_awards_by_seat()).
 */
#include "store-int.h"

void
store_award_add(struct store_awards *aw, int seat, int rule, int count,
    const char *detail, int again, const char *earned, int solo)
{
	struct store_award *a;

	if (aw->n < aw->max) {
		a = &aw->out[aw->n];
		a->seat = seat;
		a->rule = rule;
		a->count = count;
		a->detail = detail;
		a->again = again;
		a->earned = earned;
		a->solo = solo;
	}
	aw->n++;
}

void
store_awards_by_seat(struct store_awards *aw)
{
	struct store_award a;
	int i, j, n = aw->n < aw->max ? aw->n : aw->max;

	for (i = 1; i < n; i++) {
		a = aw->out[i];
		for (j = i; j > 0 && aw->out[j - 1].seat > a.seat; j--)
			aw->out[j] = aw->out[j - 1];
		aw->out[j] = a;
	}
}
