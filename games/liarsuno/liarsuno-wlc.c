/*
 * Liar's UNO's Wild Liar's Challenge: its player names a colour, every
 * other player puts a card face down claiming that colour, a card of it
 * if they hold one (the table puts one for whoever runs out of time),
 * and the WLC's player turns the put cards over one at a time.  A card
 * not of the colour goes back to its owner, who draws one; the first
 * card of the colour goes under the WLC with every card not yet turned,
 * and the challenge ends, as it does when the WLC's player stops
 * ("You may challenge any player ... You may continue challenging").  A
 * player whose last card went under goes out.
 */
#include <string.h>

#include "games/cards.h"
#include "games/game.h"
#include "games/intl.h"
#include "liarsuno-int.h"

void
lu_wlc_start(struct game *g, int seat, int colour, struct said *sd)
{
	g->wlc_seat = seat;
	g->wlc_colour = colour;
	g->turn = seat;
	g->owe_put = lu_active(g) & ~(1u << seat);
	g->unturned = g->put_table = 0;
	g->phase = PH_PUT;
	/* TRANSLATORS: {%s:%s} is the colour named, its markup and its
	 * name. */
	game_cat(sd->pub, _(" Wild Liar's Challenge: everyone else puts a "
	    "{%s:%s} card face down, in private."), lu_colour_markup(colour),
	    lu_colour_shown(colour));
}

/* The challenge is over; the cards of under went under the WLC. */
static void
wlc_end(struct game *g, unsigned under, struct said *sd)
{
	unsigned out = 0;
	int s, seat = g->wlc_seat;

	for (s = 0; s < g->nseats; s++) {
		if ((under & (1u << s)) && g->in[s] && g->hand[s].n == 0)
			out |= 1u << s;
	}
	g->owe_put = g->unturned = g->put_table = 0;
	g->wlc_seat = -1;
	if (out != 0) {
		lu_hand_over(g, out, sd);
		return;
	}
	g->turn = lu_next(g, seat);
	lu_go_on(g, sd);
}

/* Every card is in: the WLC's player turns them over. */
static void
all_put(struct game *g, struct said *sd)
{
	if (g->unturned == 0) {
		wlc_end(g, 0, sd);
		return;
	}
	g->phase = PH_ACCUSE;
	game_cat(sd->pub, _(" All cards are in: {p:%d} turns them over."),
	    g->wlc_seat);
}

/* seat's card goes face down before it. */
static void
put_card(struct game *g, int seat, int id)
{
	cards_remove(&g->hand[seat], id);
	lu_know_secret(g, seat, id);
	g->put[seat] = id;
	g->owe_put &= ~(1u << seat);
	g->unturned |= 1u << seat;
}

void
lu_wlc_put(struct game *g, int seat, int id, struct said *sd)
{
	put_card(g, seat, id);
	game_cat(sd->pub, _(" {p:%d} has put a card."), seat);
	if (g->owe_put == 0)
		all_put(g, sd);
}

int
lu_wlc_may_put(const struct game *g, int seat, int id)
{
	const struct cards *h = &g->hand[seat];
	int i;

	if (lu_face_colour(lu_face(id)) == g->wlc_colour)
		return 1;
	/* "If they don't have a card of that color, they can put down any
	 * card": only then.  A wild is of no colour. */
	for (i = 0; i < h->n; i++) {
		if (lu_face_colour(lu_face(h->c[i])) == g->wlc_colour)
			return 0;
	}
	return 1;
}

int
lu_wlc_auto_card(const struct game *g, int seat)
{
	struct cards sorted = g->hand[seat];
	int i;

	lu_sort(&sorted);
	for (i = 0; i < sorted.n; i++) {
		if (lu_face_colour(lu_face(sorted.c[i])) == g->wlc_colour)
			return sorted.c[i];
	}
	return sorted.c[0];
}

void
lu_wlc_close(struct game *g, struct said *sd)
{
	unsigned late = g->owe_put;
	int s, n = 0;

	/* TRANSLATORS: the players a card is put for follow, " {p:1},
	 * {p:2}", then ".". */
	game_cat(sd->pub, _(" Time is up: a card is put for"));
	for (s = 0; s < g->nseats; s++) {
		if (!(late & (1u << s)))
			continue;
		game_cat(sd->pub, "%s {p:%d}", n++ > 0 ? "," : "", s);
		put_card(g, s, lu_wlc_auto_card(g, s));
		g->put_table |= 1u << s;
		/* Not the owner's choice: they are told it, and their hand
		 * (a card put by choice is not said again). */
		/* TRANSLATORS: the card put follows (~r5), then ".". */
		game_cat(sd->priv[s], _(" You put "));
		lu_cat_card(sd->priv[s], g->put[s]);
		game_cat(sd->priv[s], ".");
		sd->hands |= 1u << s;
	}
	game_cat(sd->pub, ".");
	all_put(g, sd);
}

int
lu_wlc_next_unturned(const struct game *g)
{
	int s = g->wlc_seat;

	while ((s = lu_next(g, s)) >= 0 && s != g->wlc_seat) {
		if (g->unturned & (1u << s))
			return s;
	}
	return -1;
}

/* The put cards of under go under the WLC, unseen, named after "Under
 * the WLC go the cards of", and the challenge ends. */
static void
go_under(struct game *g, unsigned under, struct said *sd)
{
	int s, n = 0;

	for (s = 0; s < g->nseats; s++) {
		if (!(under & (1u << s)))
			continue;
		game_cat(sd->pub, "%s {p:%d}", n++ > 0 ? "," : "", s);
		/* Under the WLC, which stays on top; face down, but the
		 * card turned over, which all have seen. */
		g->discard.c[g->discard.n] = g->discard.c[g->discard.n - 1];
		g->discard.c[g->discard.n - 1] = g->put[s];
		g->downs[g->discard.n] = g->downs[g->discard.n - 1];
		memset(&g->downs[g->discard.n - 1], -1, sizeof g->downs[0]);
		if (g->unturned & (1u << s)) {
			g->downs[g->discard.n - 1].seat = (signed char)s;
			g->downs[g->discard.n - 1].said =
			    (signed char)(LU_SAID_PUT + g->wlc_colour);
		}
		g->discard.n++;
		g->put[s] = -1;
	}
	game_cat(sd->pub, ".");
	g->unturned = 0;
	wlc_end(g, under, sd);
}

void
lu_wlc_accuse(struct game *g, int victim, struct said *sd)
{
	int id = g->put[victim], colour = g->wlc_colour;

	g->unturned &= ~(1u << victim);
	g->put_table &= ~(1u << victim);
	lu_know_public(g, id);
	/* TRANSLATORS: the card turned over follows (~r5), then what
	 * comes of it. */
	game_cat(sd->pub, _(" {p:%d} turns over {p:%d}'s card: "),
	    g->wlc_seat, victim);
	lu_cat_card(sd->pub, id);
	if (lu_face_colour(lu_face(id)) != colour) {
		/* TRANSLATORS: follows the card turned over; {%s:%s} is
		 * the colour named, its markup and its name; what the
		 * player draws follows, "draws a card", then ".". */
		game_cat(sd->pub, _(", not {%s:%s}! {p:%d} takes it back and "),
		    lu_colour_markup(colour), lu_colour_shown(colour), victim);
		g->put[victim] = -1;
		cards_add(&g->hand[victim], id);
		/* Shown even when there is nothing to draw. */
		sd->hands |= 1u << victim;
		lu_cat_draws(sd->pub, 1, lu_draw(g, victim, 1, sd));
		game_cat(sd->pub, ".");
		if (g->unturned == 0)
			wlc_end(g, 0, sd);
		return;
	}
	/* TRANSLATORS: follows the card turned over; {%s:%s} is the colour
	 * named, its markup and its name; the players whose cards go
	 * under follow, " {p:1}, {p:2}", then ".". */
	game_cat(sd->pub, _(", {%s:%s}! Under the WLC go the cards of"),
	    lu_colour_markup(colour), lu_colour_shown(colour));
	go_under(g, g->unturned | 1u << victim, sd);
}

void
lu_wlc_done(struct game *g, struct said *sd)
{
	/* TRANSLATORS: the players whose cards go under follow, " {p:1},
	 * {p:2}", then ".". */
	game_cat(sd->pub, _(" {p:%d} is done: under the WLC go the cards "
	    "of"), g->wlc_seat);
	go_under(g, g->unturned, sd);
}

void
lu_wlc_leave(struct game *g, int seat, struct said *sd)
{
	int s;

	if (seat == g->wlc_seat) {
		for (s = 0; s < g->nseats; s++) {
			if (g->put[s] < 0)
				continue;
			cards_add(&g->hand[s], g->put[s]);
			g->put[s] = -1;
			sd->hands |= 1u << s;
		}
		game_cat(sd->pub, _(" The Wild Liar's Challenge is off: the "
		    "put cards go back."));
		g->unturned = 0;
		wlc_end(g, 0, sd);
		return;
	}
	if (g->phase == PH_PUT && g->owe_put == 0)
		all_put(g, sd);
	else if (g->phase == PH_ACCUSE && g->unturned == 0)
		wlc_end(g, 0, sd);
}
