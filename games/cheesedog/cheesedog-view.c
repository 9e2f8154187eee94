/*
 * Cheesedog, what the table is told: the public line of every move with
 * who moves next, each seat's private line (its news, what it has to do,
 * its cards), the deal, and the views for !status and !hand.  A hand card
 * and a face-down card are only ever named to their owner, until played.
 */
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "cheesedog.h"
#include "cheesedog-int.h"
#include "games/game.h"
#include "games/intl.h"
#include "alloc/xalloc.h"

/* What plays on the pile now, "J or higher", "8 or lower", in a string
 * of its own; the caller frees it. */
static char *
wants_text(const struct game *g)
{
	int top = cards_rank(g->pile.c[g->pile.n - 1]);
	char *text = NULL;

	if (top == CD_LOWER_RANK)
		/* TRANSLATORS: what plays on the pile: goes into "{p:%d}
		 * to play %s.", "Your turn: play %s (a 2 always plays) from
		 * your hand." and "it plays if it is %s or a 2". */
		game_cat(&text, _("%d or lower"), CD_LOWER_RANK);
	else
		/* TRANSLATORS: as "%d or lower"; %s is a rank: J, 10. */
		game_cat(&text, _("%s or higher"), cards_rank_symbol(top));
	return text;
}

void
cd_cat_next(const struct game *g, char **line)
{
	char *wants;

	if (line == NULL || g->over)
		return;
	if (g->pile.n == 0) {
		game_cat(line, _(" {p:%d} starts a new pile."), g->turn);
		return;
	}
	wants = wants_text(g);
	/* TRANSLATORS: %s is what plays: "J or higher", "8 or lower". */
	game_cat(line, _(" {p:%d} to play %s."), g->turn, wants);
	free(wants);
}

/* The cards of l as markup, or "none", in a string of its own; the
 * caller frees it. */
static char *
list_text(const struct cards *l)
{
	char *text = NULL;

	if (l->n == 0) {
		/* TRANSLATORS: no cards, where a list of cards would be. */
		game_cat(&text, "%s", _("none"));
		return text;
	}
	return cards_list_markup(l);
}

/* Appends the face-down positions of seat that hold a card, joined by
 * sep and, before the last, by last: "1, 3 or 4". */
static void
cat_positions(const struct game *g, int seat, const char *sep,
    const char *last, char **line)
{
	int i, k = 0, n = cd_ndown(g, seat);

	for (i = 0; i < CD_DOWN; i++) {
		if (g->down[seat][i] < 0)
			continue;
		k++;
		game_cat(line, "%s%d", k == 1 ? "" : k == n ? last : sep,
		    i + 1);
	}
}

/* Appends seat's own cards, as only seat may see them. */
static void
cat_cards(const struct game *g, int seat, char **line)
{
	char *hand = list_text(&g->hand[seat]), *up = list_text(&g->up[seat]);
	char *down = NULL;

	if (cd_ndown(g, seat) == 0)
		game_cat(&down, "%s", _("none"));
	else
		cat_positions(g, seat, " ", " ", &down);
	/* TRANSLATORS: how many cards the hand holds, the hand's cards,
	 * the face-up cards, and the positions (1-4) of the face-down
	 * cards left ("1 3 4"); "none" for no cards. */
	game_cat(line, _(" Hand (%d): %s. Face up: %s. Face down: %s."),
	    g->hand[seat].n, hand, up, down);
	free(hand);
	free(up);
	free(down);
}

/* Appends what seat, to move, may do. */
static void
cat_prompt(const struct game *g, int seat, char **line)
{
	int hand = cd_from(g, seat) == FROM_HAND;
	char top[32], *text = NULL, *wants;

	if (cd_from(g, seat) == FROM_DOWN) {
		/* TRANSLATORS: joins the last two face-down positions:
		 * "1, 3 or 4". */
		cat_positions(g, seat, ", ", _(" or "), &text);
		if (g->pile.n == 0)
			/* TRANSLATORS: %s is the face-down positions left,
			 * "1, 3 or 4"; flip N is typed as it is. */
			game_cat(line, _(" Your turn: turn a face-down card "
			    "over with flip N (N: %s); on the empty pile it "
			    "plays whatever it is."), text);
		else {
			wants = wants_text(g);
			/* TRANSLATORS: the face-down positions left, "1, 3
			 * or 4"; what plays, "J or higher". */
			game_cat(line, _(" Your turn: turn a face-down card "
			    "over with flip N (N: %s); it plays if it is %s "
			    "or a 2, else you take it with the pile."), text,
			    wants);
			free(wants);
		}
	} else if (g->pile.n == 0)
		game_cat(line, "%s", hand ? _(" Your turn: start a new pile "
		    "with any cards of one rank from your hand.") :
		    _(" Your turn: start a new pile with any cards of one "
		    "rank from your face-up cards."));
	else if (cd_lowest_play(g, cd_source(g, seat)) != 0) {
		text = wants_text(g);
		/* TRANSLATORS: %s is what plays: "J or higher". */
		game_cat(line, hand ? _(" Your turn: play %s (a 2 always "
		    "plays) from your hand.") : _(" Your turn: play %s (a 2 "
		    "always plays) from your face-up cards."), text);
	} else {
		cards_markup(g->pile.c[g->pile.n - 1], top, sizeof top);
		/* TRANSLATORS: %s is the pile's top card; pickup is typed
		 * as it is. */
		game_cat(line, hand ? _(" Your turn: nothing in your hand "
		    "plays on %s: pickup.") : _(" Your turn: nothing in your "
		    "face-up cards plays on %s: pickup."), top);
	}
	free(text);
}

/* Says seat's line: what it has to do if it is to move ("Your turn:
 * ...", first, so that the line it must act on starts so), its news
 * (news, which it frees, or NULL), and its cards with either, or when the
 * move gave it cards (changed). */
static void
say_seat(const struct game *g, int seat, char *news, int changed,
    struct game_out *out)
{
	char *line = NULL;

	if (seat == g->turn && !g->over)
		cat_prompt(g, seat, &line);
	game_cat_take(&line, news);
	if (g->state[seat] == SEAT_IN && (line != NULL || changed))
		cat_cards(g, seat, &line);
	if (line == NULL)
		return;
	/* Each piece starts with a space to join the next. */
	game_say(out, seat, "%s", line[0] == ' ' ? line + 1 : line);
	free(line);
}

void
cd_said_open(struct cd_said *sd, const struct game_out *out)
{
	int s;

	memset(sd, 0, sizeof *sd);
	sd->pub = game_line(out, &sd->text[0]);
	for (s = 0; s < GAME_MAX_SEATS; s++)
		sd->priv[s] = game_line(out, &sd->text[1 + s]);
}

void
cd_say(const struct game *g, struct cd_said *sd, struct game_out *out)
{
	int s;

	if (sd->pub == NULL)
		return;
	game_say_line(out, sd->pub);
	for (s = 0; s < g->nseats; s++) {
		say_seat(g, s, *sd->priv[s], (sd->cards & (1u << s)) != 0,
		    out);
		*sd->priv[s] = NULL;
	}
	sd->cards = 0;
}

/* Appends what everyone may know of seat: "{p:0}: hand 10, face up 3♣
 * K♦, face down 4", "{p:2}: safe, place 1". */
static void
cat_seat(const struct game *g, int seat, char **line)
{
	char *up;

	if (line == NULL)
		return;
	if (g->state[seat] == SEAT_LEFT)
		/* TRANSLATORS: one player's part of the table, in a list
		 * split by ";" (the same for the next four). */
		game_cat(line, _("{p:%d}: left"), seat);
	else if (g->state[seat] != SEAT_IN)
		game_cat(line, _("{p:%d}: safe, place %d"), seat,
		    g->place[seat]);
	else if (g->over)
		game_cat(line, seat == g->loser ? _("{p:%d}: place %d, lost") :
		    _("{p:%d}: place %d"), seat, g->place[seat]);
	else {
		up = list_text(&g->up[seat]);
		/* TRANSLATORS: how many cards the hand holds, the face-up
		 * cards ("none" for none), how many face-down cards. */
		game_cat(line, _("{p:%d}: hand %d, face up %s, face down %d"),
		    seat, g->hand[seat].n, up, cd_ndown(g, seat));
		free(up);
	}
}

/* Appends every seat's part of the table, from seat 0. */
static void
cat_table(const struct game *g, char **line)
{
	int s;

	for (s = 0; s < g->nseats; s++) {
		game_cat(line, " ");
		cat_seat(g, s, line);
		game_cat(line, "%s", s + 1 < g->nseats ? ";" : ".");
	}
}

void
cd_say_deal(const struct game *g, struct game_out *out)
{
	struct cd_said sd;
	char *pile;
	int s;

	cd_said_open(&sd, out);
	/* TRANSLATORS: the number of players (3 to 8), the dealer. */
	game_cat(sd.pub, g->dir > 0 ? _("Cheesedog for %d players with two "
	    "decks, dealt by {p:%d}, play going left.") : _("Cheesedog for "
	    "%d players with two decks, dealt by {p:%d}, play going right."),
	    g->nseats, g->dealer);
	cat_table(g, sd.pub);
	if (g->pile.n > 0 && sd.pub != NULL) {
		pile = list_text(&g->pile);
		/* TRANSLATORS: %s is the pile's cards. */
		game_cat(sd.pub, _(" Pile: %s."), pile);
		free(pile);
	}
	cd_cat_next(g, sd.pub);
	for (s = 0; s < g->nseats; s++)
		sd.cards |= 1u << s;
	cd_say(g, &sd, out);
}

/* The public line of !status. */
static void
say_status(const struct game *g, struct game_out *out)
{
	struct cards top;
	char *line = NULL, *text;
	int rank, run;

	if (g->over) {
		game_cat(&line, "%s", _("Game over."));
		if (g->loser >= 0)
			game_cat(&line, _(" {p:%d} lost."), g->loser);
	} else {
		cd_cat_next(g, &line);
		game_cat(&line, "%s", g->dir > 0 ? _(" Play goes left.") :
		    _(" Play goes right."));
	}
	run = cd_top_run(g, &rank);
	if (run > 0) {
		top.n = run;
		memcpy(top.c, g->pile.c + g->pile.n - run,
		    (size_t)run * sizeof top.c[0]);
		text = list_text(&top);
		/* TRANSLATORS: how many cards the pile holds, then the
		 * cards of one rank on its top. */
		game_cat(&line, ngettext(" Pile: %d card, on top %s.",
		    " Pile: %d cards, on top %s.", g->pile.n), g->pile.n,
		    text);
		free(text);
	} else
		game_cat(&line, "%s", _(" Pile: empty."));
	/* TRANSLATORS: how many cards have left the game (cleared). */
	game_cat(&line, _(" Out of the game: %d."), g->cleared.n);
	cat_table(g, &line);
	/* The line was built from " {p:N}..." pieces. */
	game_say(out, GAME_PUBLIC, "%s", line[0] == ' ' ? line + 1 : line);
	free(line);
}

void
cheesedog_view(const struct game *g, int seat, struct game_out *out)
{
	if (seat == GAME_PUBLIC) {
		say_status(g, out);
		return;
	}
	if (seat < 0 || seat >= g->nseats)
		return;
	if (g->state[seat] == SEAT_LEFT || g->state[seat] == SEAT_GONE) {
		game_say(out, seat, "%s", _("You have left this game."));
		return;
	}
	if (g->state[seat] == SEAT_SAFE) {
		game_say(out, seat, _("You are safe, in place %d."),
		    g->place[seat]);
		return;
	}
	say_seat(g, seat, NULL, 1, out);
}
