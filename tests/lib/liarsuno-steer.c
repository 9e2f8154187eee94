/*
 * The chooser that steers a driven table of Liar's UNO towards each event
 * a suite wants, then plays fair (liarsuno-steer.h).
 */
#include <string.h>

#include "games/game.h"
#include "games/liarsuno/liarsuno-int.h"
#include "games/liarsuno/liarsuno.h"
#include "tests/lib/driver.h"
#include "tests/lib/liarsuno-steer.h"

const char *const steer_goal_name[STEER_GOALS] = {"a true claim challenged",
    "a false claim challenged", "a 7 swapped", "a WLC's put card taken back",
    "a put card under a WLC unturned", "a WLC's player done", "an UNO caught"};

int
steer_wanted(const struct steer *st)
{
	int i;

	for (i = 0; i < STEER_GOALS; i++)
		if (!st->done[i])
			return 1;
	return 0;
}

static int
wlc_wanted(const struct steer *st)
{
	return !st->done[STEER_BACK] || !st->done[STEER_UNDER] ||
	       !st->done[STEER_DONE];
}

/* seat's hand sorted as shown. */
static struct cards
sorted(const struct game *g, int seat)
{
	struct cards h = g->hand[seat];

	lu_sort(&h);
	return h;
}

static int
colour_of(int id)
{
	return lu_face_colour(lu_face(id));
}

/* The colour the seats of bits hold most cards of (the first on a tie). */
static int
colour_held(const struct game *g, unsigned bits)
{
	int count[LU_COLOURS] = {0}, s, i, c, best = 0;

	for (s = 0; s < g->nseats; s++)
		for (i = 0; (bits & (1u << s)) && i < g->hand[s].n; i++)
			if ((c = colour_of(g->hand[s].c[i])) < LU_COLOURS)
				count[c]++;
	for (c = 1; c < LU_COLOURS; c++)
		if (count[c] > count[best])
			best = c;
	return best;
}

/* The colour a WLC of seat names: while a put card taken back is still
 * wanted, the first that another player holds none of (who must bluff),
 * if any; else the colour the others hold most of. */
static int
wlc_names(const struct steer *st, const struct game *g, int seat)
{
	unsigned others = lu_active(g) & ~(1u << seat);
	int s, i, c, held;

	for (c = 0; !st->done[STEER_BACK] && c < LU_COLOURS; c++)
		for (s = 0; s < g->nseats; s++) {
			if (!(others & (1u << s)))
				continue;
			for (held = 0, i = 0; i < g->hand[s].n; i++)
				held |= colour_of(g->hand[s].c[i]) == c;
			if (!held)
				return c;
		}
	return colour_held(g, others);
}

/* 1 if some seat holds a WLC. */
static int
wlc_held(const struct game *g)
{
	int s, i;

	for (s = 0; s < g->nseats; s++)
		for (i = 0; i < g->hand[s].n; i++)
			if (lu_face(g->hand[s].c[i]) == FACE_WLC)
				return 1;
	return 0;
}

/* The turn's seat plays card id: face up (claim -1) or down claiming
 * the face claim; a wild names colour. */
static void
play(const struct game *g, int id, int claim, struct game_move *mv)
{
	int face = claim >= 0 ? claim : lu_face(id);

	mv->seat = g->turn;
	mv->verb = VERB_PLAY;
	mv->argc = PLAY_ARGS;
	mv->argv[ARG_CARD] = id;
	mv->argv[ARG_DOWN] = claim >= 0;
	mv->argv[ARG_CLAIM] = claim;
	mv->argv[ARG_COLOUR] = lu_face_colour(face) == LU_WILD
	                           ? colour_held(g, 1u << g->turn)
	                           : -1;
	mv->argv[ARG_UNO] = 0;
}

static void
draw(const struct game *g, struct game_move *mv)
{
	mv->seat = g->turn;
	mv->verb = VERB_DRAW;
}

/* A claim in the colour to match that card id is not. */
static int
lie_about(const struct game *g, int id)
{
	int sym = lu_face_sym(lu_face(id));

	if (colour_of(id) != g->colour)
		return LU_FACE(g->colour, sym);
	return LU_FACE(g->colour, sym == 1 ? 2 : 1);
}

/* A fair play of a card of the turn's hand (only that card when only >=
 * 0): a Regular Card that matches, face up; else a Liar's Card that may
 * be claimed as itself; else a Liar's Card claimed in the colour to
 * match; else a WLC.  0, or -1 if none. */
static int
choose_card(const struct game *g, int only, struct game_move *mv)
{
	struct cards h = sorted(g, g->turn);
	int pass, i, id, face;

	for (pass = 0; pass < 4; pass++)
		for (i = 0; i < h.n; i++) {
			id = h.c[i];
			face = lu_face(id);
			if (only >= 0 && id != only)
				continue;
			if ((pass == 0 && !lu_liar(id) && face != FACE_WLC &&
			        lu_matches_up(g, id)) ||
			    (pass == 3 && face == FACE_WLC)) {
				play(g, id, -1, mv);
				return 0;
			}
			if (pass == 1 && lu_liar(id) && lu_plausible(g, face)) {
				play(g, id, face, mv);
				return 0;
			}
			if (pass == 2 && lu_liar(id)) {
				play(g, id, lie_about(g, id), mv);
				return 0;
			}
		}
	return -1;
}

/* The first Liar's Card but a Wild Draw Four in the turn's hand that
 * would tell the truth (truth 1) or lie (0) claiming face, else any. */
static int
liar_card(const struct game *g, int face, int truth)
{
	struct cards h = sorted(g, g->turn);
	int i, any = -1;

	for (i = 0; i < h.n; i++) {
		if (!lu_liar(h.c[i]) || lu_face(h.c[i]) == FACE_WD4)
			continue;
		if ((lu_face(h.c[i]) == face) == truth)
			return h.c[i];
		if (any < 0)
			any = h.c[i];
	}
	return any;
}

/* The turn: what steering still wants, else a fair play, else a draw. */
static void
choose_turn(struct steer *st, const struct game *g, struct game_move *mv)
{
	struct cards h = sorted(g, g->turn);
	int i, id, seven = LU_FACE(g->colour, 7);

	if (steer_wanted(st) && h.n == 1) {
		draw(g, mv); /* nobody goes out yet */
		return;
	}
	if (wlc_wanted(st)) {
		for (i = 0; i < h.n; i++)
			if (lu_face(h.c[i]) == FACE_WLC) {
				play(g, h.c[i], -1, mv);
				mv->argv[ARG_COLOUR] =
				    wlc_names(st, g, g->turn);
				return;
			}
		if (!wlc_held(g)) {
			draw(g, mv);
			return;
		}
	}
	if (!st->done[STEER_SWAP] &&
	    (id = liar_card(g, seven, st->done[STEER_FALSE])) >= 0) {
		play(g, id, seven, mv);
		return;
	}
	for (i = 0; !st->done[STEER_TRUE] && i < h.n; i++)
		if (lu_liar(h.c[i]) && lu_plausible(g, lu_face(h.c[i]))) {
			play(g, h.c[i], lu_face(h.c[i]), mv);
			return;
		}
	for (i = 0; !st->done[STEER_FALSE] && i < h.n; i++)
		if (lu_liar(h.c[i]) && lu_face(h.c[i]) != FACE_WD4) {
			play(g, h.c[i], lie_about(g, h.c[i]), mv);
			return;
		}
	if (choose_card(g, -1, mv) != 0)
		draw(g, mv);
}

/* After a draw: the WLC wanted, else the card drawn played fair (not
 * while steering with two cards, which would leave one), else kept. */
static void
choose_drawn(struct steer *st, const struct game *g, struct game_move *mv)
{
	if (wlc_wanted(st) && lu_face(g->drawn) == FACE_WLC) {
		play(g, g->drawn, -1, mv);
		mv->argv[ARG_COLOUR] = wlc_names(st, g, g->turn);
		return;
	}
	if ((steer_wanted(st) && g->hand[g->turn].n <= 2) ||
	    choose_card(g, g->drawn, mv) != 0) {
		mv->seat = g->turn;
		mv->verb = VERB_PASS;
	}
}

/* The first seat from seat on in the direction of play, but seat, that
 * is in bits; -1 if none. */
static int
next_of(const struct game *g, int seat, unsigned bits)
{
	int s = seat;

	while ((s = lu_next(g, s)) >= 0 && s != seat)
		if (bits & (1u << s))
			return s;
	return -1;
}

/* Challenges the face-down card if steering wants its kind: by the
 * first player after its own who is not to move, if there is one. */
static int
choose_challenge(struct steer *st, const struct game *g, struct game_move *mv)
{
	int truth = lu_face(g->down) == g->down_claim;
	int goal = truth ? STEER_TRUE : STEER_FALSE;
	unsigned others = lu_active(g) & ~(1u << g->down_seat);

	if (!lu_liar(g->down) || st->done[goal])
		return 0;
	st->done[goal] = 1;
	mv->verb = VERB_CHALLENGE;
	mv->seat = next_of(g, g->down_seat, others & ~(1u << g->turn));
	if (mv->seat < 0)
		mv->seat = next_of(g, g->down_seat, others);
	return 1;
}

/* An UNO owed: caught by a player who does not owe it (the first after
 * the turn's who is not to move), once; then called by who owes it. */
static void
choose_uno(struct steer *st, const struct game *g, struct game_move *mv)
{
	unsigned free = lu_active(g) & ~g->uno_due;

	mv->verb = VERB_UNO;
	mv->seat = next_of(g, g->turn, free & ~(1u << g->turn));
	if (mv->seat < 0)
		mv->seat = (free & (1u << g->turn)) ? g->turn : -1;
	if (!st->done[STEER_CATCH] && mv->seat >= 0) {
		st->done[STEER_CATCH] = 1;
		return;
	}
	mv->seat = next_of(g, g->turn, g->uno_due);
	if (mv->seat < 0)
		mv->seat = g->turn;
}

/* The next player owing a card puts one: a card of the colour if they
 * have one, else they bluff (as the table would for them). */
static void
choose_put(const struct game *g, struct game_move *mv)
{
	int s = next_of(g, g->wlc_seat, g->owe_put);

	mv->seat = s;
	mv->verb = VERB_PUT;
	mv->argc = 1;
	mv->argv[0] = lu_wlc_auto_card(g, s);
}

/* The WLC's player turns over: a put card not of the colour while one
 * is wanted; then one of the colour while another is still face down;
 * else, once a card has been taken back, is done the first time; else
 * the next in the direction of play. */
static void
choose_accuse(struct steer *st, const struct game *g, struct game_move *mv)
{
	int s = g->wlc_seat, v = -1, many;

	many = (g->unturned & (g->unturned - 1)) != 0;
	while (v < 0 && (s = lu_next(g, s)) != g->wlc_seat) {
		if (!(g->unturned & (1u << s)))
			continue;
		if (!st->done[STEER_BACK] &&
		    colour_of(g->put[s]) != g->wlc_colour) {
			v = s;
			st->done[STEER_BACK] = 1;
		} else if (!st->done[STEER_UNDER] && st->done[STEER_BACK] &&
		           many && colour_of(g->put[s]) == g->wlc_colour) {
			v = s;
			st->done[STEER_UNDER] = 1;
		}
	}
	mv->seat = g->turn;
	if (v < 0 && !st->done[STEER_DONE] && st->done[STEER_BACK]) {
		mv->verb = VERB_DONE;
		st->done[STEER_DONE] = 1;
		return;
	}
	mv->verb = VERB_ACCUSE;
	mv->argc = 1;
	mv->argv[0] = v >= 0 ? v : lu_wlc_next_unturned(g);
}

/* A 7: the hand of the player with the fewest cards (the first in the
 * direction of play on a tie). */
static void
choose_swap(struct steer *st, const struct game *g, struct game_move *mv)
{
	int s = g->turn, best = -1;

	while ((s = lu_next(g, s)) >= 0 && s != g->turn)
		if (best < 0 || g->hand[s].n < g->hand[best].n)
			best = s;
	mv->seat = g->turn;
	mv->verb = VERB_SWAP;
	mv->argc = 1;
	mv->argv[0] = best;
	st->done[STEER_SWAP] = 1;
}

int
steer_choose(
    void *ctx, const struct game *g, struct rng *rng, struct game_move *mv)
{
	struct steer *st = ctx;

	(void)rng;
	memset(mv, 0, sizeof *mv);
	st->t->in_channel = st->typed++ % 2 != 0 ? ~0u : 0;
	switch (g->phase) {
	case PH_OVER:
		return -1;
	case PH_OPEN:
		if (g->uno_due != 0)
			choose_uno(st, g, mv);
		else if (!choose_challenge(st, g, mv))
			mv->seat = GAME_SEAT_TABLE; /* the window closes */
		return 0;
	case PH_SWAP:
		choose_swap(st, g, mv);
		return 0;
	case PH_PUT:
		choose_put(g, mv);
		return 0;
	case PH_ACCUSE:
		choose_accuse(st, g, mv);
		return 0;
	case PH_DRAWN:
		choose_drawn(st, g, mv);
		break;
	default:
		if (g->uno_due != 0) {
			choose_uno(st, g, mv);
			return 0;
		}
		if (g->down >= 0 && choose_challenge(st, g, mv))
			return 0;
		choose_turn(st, g, mv);
		break;
	}
	/* UNO with the play, once one has been caught. */
	if (mv->verb == VERB_PLAY)
		mv->argv[ARG_UNO] =
		    st->done[STEER_CATCH] && g->hand[mv->seat].n == 2;
	return 0;
}
