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
#include "alloc/xalloc.h"

/* Appends what plays on the pile now: "J or higher", "8 or lower". */
static void
cat_wants(const struct game *g, char **line)
{
	int top = cards_rank(g->pile.c[g->pile.n - 1]);

	if (top == CD_LOWER_RANK)
		game_cat(line, "%d or lower", CD_LOWER_RANK);
	else
		game_cat(line, "%s or higher", cards_rank_symbol(top));
}

void
cd_cat_next(const struct game *g, char **line)
{
	if (line == NULL || g->over)
		return;
	if (g->pile.n == 0) {
		game_cat(line, " {p:%d} starts a new pile.", g->turn);
		return;
	}
	game_cat(line, " {p:%d} to play ", g->turn);
	cat_wants(g, line);
	game_cat(line, ".");
}

/* Appends the cards of l as markup, or "none". */
static void
cat_list(char **line, const struct cards *l)
{
	char *text;

	if (line == NULL)
		return;
	if (l->n == 0) {
		game_cat(line, "none");
		return;
	}
	text = cards_list_markup(l);
	game_cat(line, "%s", text);
	free(text);
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
	game_cat(line, " Hand (%d): ", g->hand[seat].n);
	cat_list(line, &g->hand[seat]);
	game_cat(line, ". Face up: ");
	cat_list(line, &g->up[seat]);
	game_cat(line, ". Face down: ");
	if (cd_ndown(g, seat) == 0)
		game_cat(line, "none");
	cat_positions(g, seat, " ", " ", line);
	game_cat(line, ".");
}

/* Appends what seat, to move, may do. */
static void
cat_prompt(const struct game *g, int seat, char **line)
{
	const char *where = cd_from(g, seat) == FROM_HAND ? "your hand" :
	    "your face-up cards";
	char top[32];

	if (cd_from(g, seat) == FROM_DOWN) {
		game_cat(line, " Your turn: turn a face-down card over with "
		    "flip N (N: ");
		cat_positions(g, seat, ", ", " or ", line);
		if (g->pile.n == 0) {
			game_cat(line, "); on the empty pile it plays "
			    "whatever it is.");
			return;
		}
		game_cat(line, "); it plays if it is ");
		cat_wants(g, line);
		game_cat(line, " or a 2, else you take it with the pile.");
	} else if (g->pile.n == 0)
		game_cat(line, " Your turn: start a new pile with any cards "
		    "of one rank from %s.", where);
	else if (cd_lowest_play(g, cd_source(g, seat)) != 0) {
		game_cat(line, " Your turn: play ");
		cat_wants(g, line);
		game_cat(line, " (a 2 always plays) from %s.", where);
	} else {
		cards_markup(g->pile.c[g->pile.n - 1], top, sizeof top);
		game_cat(line, " Your turn: nothing in %s plays on %s: "
		    "pickup.", where, top);
	}
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
	game_cat(line, "{p:%d}: ", seat);
	if (g->state[seat] == SEAT_LEFT)
		game_cat(line, "left");
	else if (g->state[seat] != SEAT_IN)
		game_cat(line, "safe, place %d", g->place[seat]);
	else if (g->over)
		game_cat(line, "place %d%s", g->place[seat],
		    seat == g->loser ? ", lost" : "");
	else {
		game_cat(line, "hand %d, face up ", g->hand[seat].n);
		cat_list(line, &g->up[seat]);
		game_cat(line, ", face down %d", cd_ndown(g, seat));
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
	int s;

	cd_said_open(&sd, out);
	game_cat(sd.pub, "Cheesedog for %d players with two decks, dealt by "
	    "{p:%d}, play going %s.", g->nseats, g->dealer, g->dir > 0 ?
	    "left" : "right");
	cat_table(g, sd.pub);
	if (g->pile.n > 0) {
		game_cat(sd.pub, " Pile: ");
		cat_list(sd.pub, &g->pile);
		game_cat(sd.pub, ".");
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
	char *line = NULL;
	int rank, run;

	if (g->over) {
		game_cat(&line, "Game over.");
		if (g->loser >= 0)
			game_cat(&line, " {p:%d} lost.", g->loser);
	} else {
		cd_cat_next(g, &line);
		game_cat(&line, " Play goes %s.", g->dir > 0 ? "left" :
		    "right");
	}
	run = cd_top_run(g, &rank);
	if (run > 0) {
		top.n = run;
		memcpy(top.c, g->pile.c + g->pile.n - run,
		    (size_t)run * sizeof top.c[0]);
		game_cat(&line, " Pile: %d card%s, on top ", g->pile.n,
		    g->pile.n == 1 ? "" : "s");
		cat_list(&line, &top);
		game_cat(&line, ".");
	} else
		game_cat(&line, " Pile: empty.");
	game_cat(&line, " Out of the game: %d.", g->cleared.n);
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
		game_say(out, seat, "You have left this game.");
		return;
	}
	if (g->state[seat] == SEAT_SAFE) {
		game_say(out, seat, "You are safe, in place %d.",
		    g->place[seat]);
		return;
	}
	say_seat(g, seat, NULL, 1, out);
}
