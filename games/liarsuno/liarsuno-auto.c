/*
 * Liar's UNO moves nobody typed and checks nobody sees: the default move
 * when a timer runs out, play for the simulator and test players, the
 * invariants asserted after every move, and the hooks of liarsuno.h
 * through which tests stack a deal and look at the cards.
 *
 * sample() plays like a beginner who enjoys a bluff: it plays far more
 * often than it draws (so games end), tells the truth about most Liar's
 * Cards that match and lies about the rest, now and then slips a Regular
 * Card face down, challenges a fair share of face-down cards (and every
 * claimed action: letting one stand is the table's move, on time), races
 * for UNO calls, and after its Wild Liar's Challenge now and then stops
 * turning put cards over.
 */
#include <stdio.h>
#include <string.h>

#include "games/cards.h"
#include "games/game.h"
#include "liarsuno.h"
#include "liarsuno-int.h"
#include "games/rng.h"

/* The seat holding the fewest cards other than seat, the first in the
 * direction of play on a tie: whose hand a 7 takes when time runs out. */
static int
fewest(const struct game *g, int seat)
{
	int s = seat, best = -1;

	while ((s = lu_next(g, s)) >= 0 && s != seat) {
		if (best < 0 || g->hand[s].n < g->hand[best].n)
			best = s;
	}
	return best;
}

void
liarsuno_timeout(const struct game *g, struct game_move *mv)
{
	memset(mv, 0, sizeof *mv);
	mv->seat = g->turn;
	switch (g->phase) {
	case PH_TURN:
		mv->seat = GAME_SEAT_TABLE;
		mv->verb = VERB_IDLE;
		break;
	case PH_DRAWN:
		mv->verb = VERB_PASS;
		break;
	case PH_SWAP:
		mv->verb = VERB_SWAP;
		mv->argc = 1;
		mv->argv[0] = fewest(g, g->turn);
		break;
	case PH_ACCUSE:
		mv->verb = VERB_ACCUSE;
		mv->argc = 1;
		mv->argv[0] = lu_wlc_next_unturned(g);
		break;
	default:		/* PH_OPEN, PH_PUT */
		mv->seat = GAME_SEAT_TABLE;
		mv->verb = VERB_CLOSE;
		break;
	}
}

/* A random seat of bits, or -1. */
static int
random_of(unsigned bits, struct rng *rng)
{
	int seats[GAME_MAX_SEATS], n = 0, s;

	for (s = 0; s < GAME_MAX_SEATS; s++) {
		if (bits & (1u << s))
			seats[n++] = s;
	}
	return n == 0 ? -1 : seats[rng_below(rng, (uint32_t)n)];
}

/* The colour seat holds most of (the first on a tie). */
static int
best_colour(const struct game *g, int seat)
{
	int count[LU_COLOURS + 1] = { 0 }, i, c, best = 0;

	for (i = 0; i < g->hand[seat].n; i++)
		count[lu_face_colour(lu_face(g->hand[seat].c[i]))]++;
	for (c = 1; c < LU_COLOURS; c++) {
		if (count[c] > count[best])
			best = c;
	}
	return best;
}

/* A plausible claim that may well be a lie: mostly the colour to
 * match, sometimes its symbol in another colour, rarely a +4. */
static int
random_claim(const struct game *g, struct rng *rng)
{
	int r = (int)rng_below(rng, 100);

	if (r < 5)
		return FACE_WD4;
	if (r < 30 && g->sym < SYM_WD4)
		return LU_FACE((int)rng_below(rng, LU_COLOURS), g->sym);
	return LU_FACE(g->colour, (int)rng_below(rng, SYM_WD4));
}

/* How seat would play card id, into mv; -1 if it would not. */
static int
sample_card(const struct game *g, int seat, int id, struct rng *rng,
    struct game_move *mv)
{
	int *a = mv->argv, r = (int)rng_below(rng, 100), face = lu_face(id);

	mv->verb = VERB_PLAY;
	mv->argc = PLAY_ARGS;
	a[ARG_CARD] = id;
	a[ARG_DOWN] = lu_liar(id);
	a[ARG_CLAIM] = -1;
	a[ARG_COLOUR] = -1;
	a[ARG_UNO] = g->hand[seat].n == 2 && rng_below(rng, 2) != 0;
	if (!lu_liar(id)) {
		if (lu_matches_up(g, id) && r < 95)
			;
		else if (r < 6) {
			a[ARG_DOWN] = 1;
			a[ARG_CLAIM] = random_claim(g, rng);
		} else
			return -1;
	} else if (lu_plausible(g, face) && r < 75)
		a[ARG_CLAIM] = face;
	else
		a[ARG_CLAIM] = random_claim(g, rng);
	face = a[ARG_DOWN] ? a[ARG_CLAIM] : face;
	if (lu_face_colour(face) == LU_WILD)
		a[ARG_COLOUR] = rng_below(rng, 3) != 0 ? best_colour(g, seat) :
		    (int)rng_below(rng, LU_COLOURS);
	return 0;
}

/* The turn's seat plays a card, mostly, or draws. */
static void
sample_turn(const struct game *g, struct rng *rng, struct game_move *mv)
{
	const struct cards *h = &g->hand[g->turn];
	int i, k, start;

	mv->seat = g->turn;
	if (g->phase == PH_DRAWN) {
		if (rng_below(rng, 10) < 7 &&
		    sample_card(g, g->turn, g->drawn, rng, mv) == 0)
			return;
		memset(mv, 0, sizeof *mv);
		mv->seat = g->turn;
		mv->verb = VERB_PASS;
		return;
	}
	if (rng_below(rng, 100) < 90) {
		start = (int)rng_below(rng, (uint32_t)h->n);
		for (i = 0; i < h->n; i++) {
			k = (start + i) % h->n;
			if (sample_card(g, g->turn, h->c[k], rng, mv) == 0)
				return;
		}
	}
	memset(mv, 0, sizeof *mv);
	mv->seat = g->turn;
	mv->verb = VERB_DRAW;
}

/* A card put for a WLC: mostly the table's choice, else any card the
 * seat may put (of the colour when it holds one). */
static int
sample_put(const struct game *g, int seat, struct rng *rng)
{
	const struct cards *h = &g->hand[seat];
	int id;

	if (rng_below(rng, 4) != 0)
		return lu_wlc_auto_card(g, seat);
	do
		id = h->c[rng_below(rng, (uint32_t)h->n)];
	while (!lu_wlc_may_put(g, seat, id));
	return id;
}

int
liarsuno_sample(const struct game *g, struct rng *rng, struct game_move *mv)
{
	unsigned active = lu_active(g);
	int r = (int)rng_below(rng, 100);

	memset(mv, 0, sizeof *mv);
	switch (g->phase) {
	case PH_OVER:
		return -1;
	case PH_OPEN:
		/* A claimed action is challenged: letting it stand is the
		 * table's close, which the bot makes only after a wait (the
		 * simulator tries it through timeout()), and random games
		 * over IRC would wait that long at every action.  A last
		 * card's close ends the hand, and is sampled. */
		if (g->uno_due != 0 && r < 30) {
			mv->seat = random_of(r < 15 ? g->uno_due : active,
			    rng);
			mv->verb = VERB_UNO;
		} else if (r < 40 || g->hand[g->down_seat].n > 0) {
			mv->seat = random_of(active & ~(1u << g->down_seat),
			    rng);
			mv->verb = VERB_CHALLENGE;
		} else {
			mv->seat = GAME_SEAT_TABLE;
			mv->verb = VERB_CLOSE;
		}
		return 0;
	case PH_SWAP:
		mv->seat = g->turn;
		mv->verb = VERB_SWAP;
		mv->argc = 1;
		mv->argv[0] = random_of(active & ~(1u << g->turn), rng);
		return 0;
	case PH_PUT:
		/* Never the table's close: the bot makes it only after a
		 * turn's time (the simulator tries it through timeout()). */
		mv->seat = random_of(g->owe_put, rng);
		mv->verb = VERB_PUT;
		mv->argc = 1;
		mv->argv[0] = sample_put(g, mv->seat, rng);
		return 0;
	case PH_ACCUSE:
		mv->seat = g->turn;
		if (r < 15) {
			mv->verb = VERB_DONE;
			return 0;
		}
		mv->verb = VERB_ACCUSE;
		mv->argc = 1;
		mv->argv[0] = random_of(g->unturned, rng);
		return 0;
	default:
		break;
	}
	if (g->uno_due != 0 && r < 45) {
		/* The race: those who owe the call, or anyone. */
		mv->seat = random_of(r < 25 ? g->uno_due : active, rng);
		mv->verb = VERB_UNO;
		return 0;
	}
	if (g->down >= 0 && g->phase == PH_TURN && r >= 45 && r < 65) {
		mv->seat = random_of(active & ~(1u << g->down_seat), rng);
		mv->verb = VERB_CHALLENGE;
		return 0;
	}
	sample_turn(g, rng, mv);
	return 0;
}

/* Every card is in exactly one place. */
static int
check_places(const struct game *g, char **cause)
{
	const struct cards *lists[GAME_MAX_SEATS + 3];
	struct cards put;
	int n = 0, s;

	cards_clear(&put);
	for (s = 0; s < g->nseats; s++) {
		lists[n++] = &g->hand[s];
		if (g->put[s] >= 0)
			cards_add(&put, g->put[s]);
	}
	lists[n++] = &g->draw;
	lists[n++] = &g->discard;
	lists[n++] = &put;
	return cards_check_ids(lists, n, LU_CARDS, cause);
}

/* Who may hold no card now: a face-down last card's player, and those
 * whose last card is put for a WLC. */
static int
may_be_empty(const struct game *g, int s)
{
	if (g->phase == PH_OPEN)
		return s == g->down_seat;
	return g->put[s] >= 0;
}

/* The seats, the hands, the calls owed. */
static int
check_seats(const struct game *g, char **cause)
{
	unsigned active = lu_active(g);
	int s;

	if (!g->in[g->turn])
		return game_fail(cause, "seat %d moves but has left", g->turn);
	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s] && (g->hand[s].n > 0 || g->put[s] >= 0))
			return game_fail(cause, "seat %d left with cards", s);
		if (g->in[s] && g->hand[s].n == 0 && !may_be_empty(g, s))
			return game_fail(cause, "seat %d plays on with no "
			    "cards", s);
		if ((g->uno_due & (1u << s)) && g->hand[s].n != 1)
			return game_fail(cause, "seat %d owes UNO with %d "
			    "cards", s, g->hand[s].n);
	}
	if ((g->uno_due & ~active) || (g->uno_due && g->phase != PH_TURN &&
	    g->phase != PH_OPEN))
		return game_fail(cause, "UNO owed out of turn");
	return 0;
}

/* The discard pile's face-down cards: within it alone, each laid by a
 * seat and said to be a face or, put for a WLC, a colour; the open
 * face-down card, its top, among them as it was claimed. */
static int
check_downs(const struct game *g, char **cause)
{
	const struct lu_down *d;
	int i, said_ok;

	for (i = 0; i < LU_CARDS; i++) {
		d = &g->downs[i];
		said_ok = lu_face_valid(d->said) || (d->said >= LU_SAID_PUT &&
		    d->said < LU_SAID_PUT + LU_COLOURS);
		if (d->seat < 0 ? d->said != -1 : i >= g->discard.n ||
		    d->seat >= g->nseats || !said_ok)
			return game_fail(cause, "discard place %d marked face "
			    "down wrong (seat %d, said %d)", i, d->seat,
			    d->said);
	}
	d = &g->downs[g->discard.n - 1];
	if (g->down >= 0 && (d->seat != g->down_seat ||
	    d->said != g->down_claim))
		return game_fail(cause, "the open face-down card is not "
		    "marked face down");
	return 0;
}

/* The open face-down card and the phase's own state. */
static int
check_phase(const struct game *g, char **cause)
{
	unsigned others, put = 0;
	int s, wlc = g->phase == PH_PUT || g->phase == PH_ACCUSE;

	if (g->colour < 0 || g->colour >= LU_COLOURS || g->sym < 0 ||
	    g->sym >= LU_SYMBOLS || g->discard.n == 0)
		return game_fail(cause, "nothing to match");
	if (g->down >= 0 && (g->discard.c[g->discard.n - 1] != g->down ||
	    !g->in[g->down_seat] || !lu_plausible(g, g->down_claim) ||
	    (g->phase != PH_TURN && g->phase != PH_SWAP &&
	    g->phase != PH_OPEN)))
		return game_fail(cause, "face-down card %d stands wrong",
		    g->down);
	if (check_downs(g, cause) != 0)
		return -1;
	/* A claimed action, or a last card, waits for its card to stand
	 * with nobody to move; nothing else does. */
	if ((g->phase == PH_OPEN) != (g->down >= 0 &&
	    (g->hand[g->down_seat].n == 0 || lu_action(g->down_claim))) ||
	    (g->phase == PH_OPEN && g->turn != g->down_seat))
		return game_fail(cause, "a face-down action or last card "
		    "without its window");
	if (g->phase == PH_DRAWN &&
	    cards_find(&g->hand[g->turn], g->drawn) < 0)
		return game_fail(cause, "the card drawn is not in hand");
	if (g->phase == PH_SWAP && (g->after < 0 || !g->in[g->after]))
		return game_fail(cause, "nobody to play after the swap");
	for (s = 0; s < g->nseats; s++) {
		if (g->put[s] >= 0)
			put |= 1u << s;
	}
	if (g->put_table & ~put)
		return game_fail(cause, "the table put for %#x, put %#x",
		    g->put_table, put);
	if (!wlc)
		return put | g->owe_put | g->unturned ? game_fail(cause,
		    "cards put outside a WLC") : 0;
	others = lu_active(g) & ~(1u << g->wlc_seat);
	if (g->turn != g->wlc_seat || put != g->unturned ||
	    (g->owe_put & put) || ((g->owe_put | put) & ~others) ||
	    (g->phase == PH_PUT) != (g->owe_put != 0) ||
	    (g->phase == PH_ACCUSE && put == 0))
		return game_fail(cause, "WLC by %d: owed %#x, put %#x, "
		    "unturned %#x", g->wlc_seat, g->owe_put, put,
		    g->unturned);
	return 0;
}

int
liarsuno_invariants(const struct game *g, char **cause)
{
	int over = g->phase == PH_OVER;

	if (check_places(g, cause) != 0)
		return -1;
	if (lu_nactive(g) < (over ? 1 : 2))
		return game_fail(cause, "%d seats playing", lu_nactive(g));
	if (over)
		return g->winners != 0 && (g->winners & ~lu_active(g)) == 0 ?
		    0 : game_fail(cause, "winners %#x", g->winners);
	if (check_seats(g, cause) != 0)
		return -1;
	return check_phase(g, cause);
}

/* Test hooks (liarsuno.h). */

/* Moves the cards named in spec from pool into l, in order. */
static int
stack_list(struct cards *pool, const char *spec, struct cards *l,
    char **cause)
{
	char words[1024], *w, *save = NULL;
	int face, liar, i;

	cards_clear(l);
	if (spec == NULL)
		return 0;
	snprintf(words, sizeof words, "%s", spec);
	for (w = strtok_r(words, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save)) {
		if (lu_parse_card(w, &face, &liar, cause) != 0)
			return -1;
		for (i = 0; i < pool->n; i++) {
			if (lu_face(pool->c[i]) == face &&
			    lu_liar(pool->c[i]) == liar)
				break;
		}
		if (i == pool->n)
			return game_fail(cause, "no %s left to stack", w);
		cards_add(l, pool->c[i]);
		cards_remove(pool, pool->c[i]);
	}
	return 0;
}

int
liarsuno_stack(struct game *g, const struct liarsuno_deal *d,
    struct game_out *out, char **cause)
{
	struct cards pool, top, hands[GAME_MAX_SEATS], discard;
	struct said sd;
	int i, s;

	cards_clear(&pool);
	for (i = 0; i < LU_CARDS; i++)
		cards_add(&pool, i);
	for (s = 0; s < g->nseats; s++) {
		if (stack_list(&pool, d->hands[s], &hands[s], cause) != 0)
			return -1;
		if (hands[s].n == 0)
			return game_fail(cause, "seat %d gets no cards", s);
	}
	if (stack_list(&pool, d->discard, &discard, cause) != 0 ||
	    stack_list(&pool, d->draw, &top, cause) != 0)
		return -1;
	if (discard.n == 0)
		return game_fail(cause, "the discard pile needs a card");
	memcpy(g->hand, hands, sizeof hands);
	g->discard = discard;
	/* The draw pile's top is its last card. */
	g->draw = pool;
	for (i = top.n - 1; i >= 0; i--)
		cards_add(&g->draw, top.c[i]);
	g->nhand = 0;
	lu_said_open(&sd, out);
	lu_start_hand(g, d->first, d->colour, d->reversed, &sd);
	lu_say_all(g, &sd, out);
	return 0;
}

void
liarsuno_cards(const struct game *g, int seat, char *buf, size_t size)
{
	struct cards l;
	char card[8];
	size_t used;
	int i, s;

	buf[0] = '\0';
	if (seat == -3) {
		cards_clear(&l);
		for (s = 0; s < g->nseats; s++) {
			if (g->put[s] >= 0)
				cards_add(&l, g->put[s]);
		}
	} else
		l = seat == -1 ? g->draw : seat == -2 ? g->discard :
		    g->hand[seat];
	if (seat >= 0)
		lu_sort(&l);
	for (i = 0; i < l.n; i++) {
		lu_card_text(l.c[seat == -1 ? l.n - 1 - i : i], card,
		    sizeof card);
		used = strlen(buf);
		snprintf(buf + used, size - used, "%s%s", i > 0 ? " " : "",
		    card);
	}
}

int
liarsuno_score(const struct game *g, int seat)
{
	return g->points ? g->score[seat] : 0;
}

int
liarsuno_top(const struct game *g, char *buf, size_t size)
{
	lu_claim_text(g->sym < SYM_WD4 ? LU_FACE(g->colour, g->sym) :
	    LU_FACE(LU_WILD, g->sym), buf, size);
	return g->colour;
}

int
liarsuno_reversed(const struct game *g)
{
	return g->dir < 0;
}

unsigned
liarsuno_uno_due(const struct game *g)
{
	return g->uno_due;
}
