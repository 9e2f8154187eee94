/*
 * The fixture of cheat-deal.h: a game of Cheat or of Questions (the same
 * code, cheat-int.h) on a stacked deal, on the core of fixture.h.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "games/cheat/cheat.h"
#include "games/game.h"
#include "alloc/xalloc.h"
#include "tests/lib/cheat-deal.h"

const char *const fx_three_hands[] = {
	"2c 5c 9c kc",			/* seat 0, the dealer */
	"4h 4d 7c qh qd qs 5h",		/* seat 1 opens */
	"3c 3d 6s 8s jc ah",		/* seat 2 */
};

struct fx *
fx_new(int nseats, int dealer, int decks, int loser)
{
	char opts[64];

	snprintf(opts, sizeof opts, "decks=%d loser=%d", decks, loser);
	return fx_new_ops(&cheat_ops, nseats, dealer, opts);
}

/* The id of a card written "4h" (first deck) or "4h+" (second deck). */
int
fx_card(const char *word)
{
	char buf[16];
	size_t len = strlen(word);
	int rank, suit, deck = 0;

	assert_true(len > 0 && len < sizeof buf);
	memcpy(buf, word, len + 1);
	if (buf[len - 1] == '+') {
		buf[len - 1] = '\0';
		deck = 1;
	}
	assert_int_equal(cards_parse_card(buf, &rank, &suit, NULL), 0);
	return cards_id(rank, suit, deck);
}

void
fx_cards(const char *spec, struct cards *l)
{
	char *copy = xstrdup(spec), *p = copy, *w;

	cards_clear(l);
	while ((w = strsep(&p, " ")) != NULL) {
		if (*w != '\0')
			cards_add(l, fx_card(w));
	}
	free(copy);
}

/* Stacks the hands, one card string per seat; the rest go to the pile. */
void
fx_stack(struct fx *f, const char *const *spec)
{
	struct cards hands[GAME_MAX_SEATS];
	char *cause = NULL;
	int s;

	for (s = 0; s < f->nseats; s++)
		fx_cards(spec[s], &hands[s]);
	fx_stacked(f, cheat_stack(f->g, hands, &cause), cause);
}

int
fx_hand_n(struct fx *f, int seat)
{
	return cheat_hand(f->g, seat)->n;
}

/* The game is over with these places (seat order). */
void
assert_over(struct fx *f, const int *places, int winner, int loser)
{
	struct game_result r;
	int s;

	fx_assert_over(f, places, winner, loser, &r);
	for (s = 0; s < f->nseats; s++)
		assert_int_equal(r.points[s], fx_hand_n(f, s));
}
