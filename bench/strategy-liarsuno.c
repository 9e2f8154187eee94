/*
 * The simple strategies' turns and calls in Liar's UNO (games/liarsuno/):
 * what a strategy reads of its observation is the card to match, its own
 * hand, the open face-down card's claim and player, the hands' sizes,
 * the UNO calls owed, and which cards its seat can place
 * (lu_known_cards()).  Every claim is of one card.
 *
 *   A turn: a true play, the first of its hand (sorted) in this order: a
 *   Liar's Card claimed as itself (not a wild), a Regular number face up,
 *   a Wild Draw Four as itself, a WLC; a wild names the colour it holds
 *   most of.  With none: a lie, its first Liar's Card claimed as a
 *   number of the colour to match (else of any colour) whose Liar's Card
 *   it cannot place, picked at random, unless it is its last card; else
 *   a draw.  It calls UNO with its last card but one.
 *   After a draw: the card drawn if it is a true play, else keep it.
 *   A 7: takes the smallest hand.  Putting for a WLC: its first card of
 *   the colour, else its first card (a lie).  Its own WLC: turns over
 *   each put card it would call (the first, clockwise or not, in the
 *   direction of play), as a one-card claim that is last when the card
 *   put was its player's last; else stops.
 *   UNO: calls it whenever someone owes it (itself or another).
 *   A face-down card claimed as a face is impossible when the seat can
 *   place every Liar's Card of that face elsewhere.
 */
#include <string.h>

#include "bench/strategy.h"
#include "games/cards.h"
#include "games/game.h"
#include "games/liarsuno/liarsuno-int.h"
#include "games/rng.h"

/* The colour seat holds most of (the first on a tie). */
static int
colour_most(const struct game *obs, int seat)
{
	int n[LU_COLOURS + 1] = { 0 }, i, c, best = 0;

	for (i = 0; i < obs->hand[seat].n; i++)
		n[lu_face_colour(lu_face(obs->hand[seat].c[i]))]++;
	for (c = 1; c < LU_COLOURS; c++) {
		if (n[c] > n[best])
			best = c;
	}
	return best;
}

/* 1 if seat can place every Liar's Card of face outside the open card. */
static int
all_placed(const struct game *obs, int seat, int face)
{
	char known[LU_CARDS];
	int id;

	lu_known_cards(obs, seat, known);
	for (id = 0; id < LU_CARDS; id++) {
		if (lu_liar(id) && lu_face(id) == face &&
		    (!known[id] || id == obs->down))
			return 0;
	}
	return 1;
}

/* The order of a true play of card id (lower first), or -1 when it is
 * none now. */
static int
rank_true(const struct game *obs, int id)
{
	int face = lu_face(id);

	if (id >= LU_FIRST_WLC)
		return 3;
	if (face == FACE_WD4)
		return 2;
	if (lu_liar(id))
		return lu_plausible(obs, face) ? 0 : -1;
	return lu_matches_up(obs, id) ? 1 : -1;
}

/* A play of card id, face down as claim, or face up (claim -1). */
static void
play(const struct game *obs, int seat, int id, int claim,
    struct game_move *mv)
{
	int face = claim >= 0 ? claim : lu_face(id);

	mv->verb = VERB_PLAY;
	mv->argc = PLAY_ARGS;
	mv->argv[ARG_CARD] = id;
	mv->argv[ARG_DOWN] = claim >= 0;
	mv->argv[ARG_CLAIM] = claim;
	mv->argv[ARG_COLOUR] = lu_face_colour(face) == LU_WILD ?
	    colour_most(obs, seat) : -1;
	mv->argv[ARG_UNO] = obs->hand[seat].n == 2;
}

/* The true play of card id, if it is one: 1 and *mv. */
static int
play_true(const struct game *obs, int seat, int id, struct game_move *mv)
{
	int r = rank_true(obs, id);

	if (r < 0)
		return 0;
	play(obs, seat, id, lu_liar(id) ? lu_face(id) : -1, mv);
	return 1;
}

/* Seat's turn: a true play, else a lie of a Liar's Card, else a draw. */
static void
turn(const struct game *obs, int seat, struct rng *rng,
    struct game_move *mv)
{
	const struct cards *h = &obs->hand[seat];
	int claims[LU_FACES], n = 0, i, r, c, sym, f, pass, best = -1, rb = 4;
	int liar = -1;

	for (i = 0; i < h->n; i++) {
		r = rank_true(obs, h->c[i]);
		if (r >= 0 && r < rb) {
			rb = r;
			best = h->c[i];
		}
		if (liar < 0 && lu_liar(h->c[i]) && h->c[i] < LU_FIRST_WD4)
			liar = h->c[i];
	}
	if (best >= 0) {
		play_true(obs, seat, best, mv);
		return;
	}
	/* A lie: of the colour to match first (pass 0), else any. */
	for (pass = 0; liar >= 0 && h->n > 1 && pass < 2 && n == 0; pass++) {
		for (c = 0; c < LU_COLOURS; c++) {
			if ((c == obs->colour) != (pass == 0))
				continue;
			for (sym = 0; sym <= 9; sym++) {
				f = LU_FACE(c, sym);
				if (lu_plausible(obs, f) &&
				    !all_placed(obs, seat, f))
					claims[n++] = f;
			}
		}
	}
	if (n > 0) {
		play(obs, seat, liar, claims[rng_below(rng, (uint32_t)n)],
		    mv);
		return;
	}
	mv->verb = VERB_DRAW;
}

/* The seat with the fewest cards, from seat on in the direction of play
 * (the first on a tie). */
static int
fewest(const struct game *obs, int seat)
{
	int s = seat, best = -1;

	while ((s = lu_next(obs, s)) >= 0 && s != seat) {
		if (best < 0 || obs->hand[s].n < obs->hand[best].n)
			best = s;
	}
	return best;
}

/* The card seat puts for a WLC: its first of the colour, else its
 * first. */
static int
put_card(const struct game *obs, int seat)
{
	const struct cards *h = &obs->hand[seat];
	int i;

	for (i = 0; i < h->n; i++) {
		if (lu_face_colour(lu_face(h->c[i])) == obs->wlc_colour)
			return h->c[i];
	}
	return h->c[0];
}

/* Seat's WLC: the first put card it calls, else done. */
static void
accuse(enum strategy s, const struct game *obs, int seat, struct rng *rng,
    struct game_move *mv)
{
	struct strategy_claim c;
	int o = seat;

	while ((o = lu_next(obs, o)) >= 0 && o != seat) {
		if (!(obs->unturned & (1u << o)))
			continue;
		c.count = 1;
		c.last = obs->hand[o].n == 0;
		c.impossible = 0;
		if (strategy_calls(s, &c, rng)) {
			mv->verb = VERB_ACCUSE;
			mv->argc = 1;
			mv->argv[0] = o;
			return;
		}
	}
	mv->verb = VERB_DONE;
}

int
strategy_liarsuno(enum strategy s, const struct game *obs, int seat,
    const struct game_turn *tu, struct rng *rng, struct game_move *mv)
{
	struct strategy_claim c;
	unsigned me = 1u << seat;

	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	if (!ai_may_act(tu, seat))
		return -1;
	switch (obs->phase) {
	case PH_PUT:
		if (!(obs->owe_put & me))
			return -1;
		mv->verb = VERB_PUT;
		mv->argc = 1;
		mv->argv[0] = put_card(obs, seat);
		return 0;
	case PH_SWAP:
		mv->verb = VERB_SWAP;
		mv->argc = 1;
		mv->argv[0] = fewest(obs, seat);
		return 0;
	case PH_ACCUSE:
		accuse(s, obs, seat, rng, mv);
		return 0;
	case PH_DRAWN:
		if (!play_true(obs, seat, obs->drawn, mv))
			mv->verb = VERB_PASS;
		return 0;
	default:
		break;
	}
	if (obs->uno_due != 0) {
		mv->verb = VERB_UNO;
		return 0;
	}
	if (obs->down >= 0 && obs->down_seat != seat &&
	    (obs->phase == PH_TURN || obs->phase == PH_OPEN)) {
		c.count = 1;
		c.last = obs->hand[obs->down_seat].n == 0;
		c.impossible = all_placed(obs, seat, obs->down_claim);
		if (strategy_calls(s, &c, rng)) {
			mv->verb = VERB_CHALLENGE;
			return 0;
		}
	}
	if (obs->phase != PH_TURN || obs->turn != seat)
		return -1;
	turn(obs, seat, rng, mv);
	return 0;
}
