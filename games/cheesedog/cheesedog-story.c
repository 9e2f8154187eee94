/*
 * Cheesedog's story (game.h's story(), reveal() and unseen()): what a
 * move kept from the channel, everything hidden in a game, and the
 * face-down cards nobody flipped.  Every card is played face up and
 * nobody makes a claim, so no move claims or calls (cheesedog_ops.claims
 * is 0): its story is what was hidden.  A play, a pickup (the pile lay
 * face up) and a flip that plays hide nothing; a flip that does not play
 * hides its card, and a leave the leaver's hand and face-down cards,
 * which go out of the game unseen.  Nobody draws in Cheesedog.
 *
 * A move's hidden text is plain (cards without their colours); a replay
 * shows it in square brackets after the move's channel line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "cheesedog.h"
#include "cheesedog-int.h"
#include "games/game.h"
#include "games/intl.h"

/* Cards of a hand to a line of reveal(): with its words, a line of 30
 * cards is at most 400 bytes of markup (a red ten and its space, 12). */
#define REVEAL_CARDS 30
/* Room kept at the end of a hidden text for " and 99 more". */
#define MORE_ROOM 16

/* Appends ids[0..n-1] plain, as many as leave room to count the rest
 * and later cards to follow ("and 12 more"); 1 if it was cut so. */
static int
put_ids(struct game_story *st, const int *ids, int n, int later)
{
	char card[16];
	int i;

	for (i = 0; i < n; i++) {
		cards_plain(ids[i], card, sizeof card);
		if (strlen(st->hidden) + 1 + strlen(card) + MORE_ROOM >=
		    sizeof st->hidden)
			break;
		game_story_hidden(st, " %s", card);
	}
	if (i == n)
		return 0;
	/* TRANSLATORS: in a replay, in brackets after a move: how many
	 * cards more, after the cards listed. */
	game_story_hidden(st, ngettext(" and %d more", " and %d more",
	    n - i + later), n - i + later);
	return 1;
}

void
cheesedog_story(const struct game *g, const struct game_move *mv,
    struct game_story *st)
{
	char card[16];
	int seat = mv->seat, id, i, ids[CD_DOWN], n = 0;

	switch (mv->verb) {
	case VERB_FLIP:
		id = g->down[seat][mv->argv[0]];
		/* One that plays is played face up. */
		if (cd_plays(g, cards_rank(id)))
			return;
		cards_plain(id, card, sizeof card);
		/* TRANSLATORS: in a replay, in brackets after a move: the
		 * card flipped that did not play. */
		game_story_hidden(st, _("flipped %s"), card);
		break;
	case VERB_LEAVE:
		/* A safe seat holds nothing; a seat holding cards takes
		 * them out of the game unseen (its face-up cards are in
		 * sight already). */
		if (g->state[seat] != SEAT_IN)
			return;
		for (i = 0; i < CD_DOWN; i++)
			if (g->down[seat][i] >= 0)
				ids[n++] = g->down[seat][i];
		if (g->hand[seat].n == 0 && n == 0)
			return;
		/* TRANSLATORS: in a replay, in brackets after a leave: the
		 * leaver's cards, " hand" and its cards, then ", face down"
		 * and those. */
		game_story_hidden(st, "%s", _("out of the game unseen:"));
		if (g->hand[seat].n > 0) {
			/* TRANSLATORS: see "out of the game unseen:". */
			game_story_hidden(st, "%s", _(" hand"));
			if (put_ids(st, g->hand[seat].c, g->hand[seat].n, n))
				break;
		}
		if (n == 0)
			break;
		/* The words and a card, or the face-down cards counted. */
		if (strlen(st->hidden) + sizeof ", face down 10♠" +
		    MORE_ROOM > sizeof st->hidden) {
			game_story_hidden(st, ngettext(" and %d more",
			    " and %d more", n), n);
			break;
		}
		if (g->hand[seat].n > 0)
			game_story_hidden(st, ",");
		/* TRANSLATORS: see "out of the game unseen:". */
		game_story_hidden(st, "%s", _(" face down"));
		put_ids(st, ids, n, 0);
		break;
	default:
		break;
	}
}

/* Appends "1 5♠, 3 {red:K♦}": seat's face-down cards by position (1 to
 * 4), those left. */
static void
cat_down(const struct game *g, int seat, char **line)
{
	char card[32];
	int i, k = 0;

	for (i = 0; i < CD_DOWN; i++) {
		if (g->down[seat][i] < 0)
			continue;
		cards_markup(g->down[seat][i], card, sizeof card);
		game_cat(line, "%s%d %s", k++ > 0 ? ", " : "", i + 1, card);
	}
}

void
cheesedog_reveal(const struct game *g, struct game_out *out)
{
	const struct cards *h;
	char *line = NULL, *cards, card[32];
	int s, i, k;

	for (s = 0; s < g->nseats; s++) {
		if (g->state[s] != SEAT_IN)
			continue;
		h = &g->hand[s];
		for (i = 0; i < h->n; i += REVEAL_CARDS) {
			cards = NULL;
			for (k = i; k < h->n && k < i + REVEAL_CARDS; k++) {
				cards_markup(h->c[k], card, sizeof card);
				game_cat(&cards, "%s%s", k > i ? " " : "",
				    card);
			}
			if (i == 0)
				/* TRANSLATORS: how many cards the hand
				 * holds, then the cards. */
				game_cat(&line, _("{p:%d}: hand (%d): %s."), s,
				    h->n, cards);
			else
				/* TRANSLATORS: the first and last card's
				 * places in the hand, then the cards. */
				game_cat(&line, _("{p:%d}: hand, cards %d to "
				    "%d: %s."), s, i + 1, i + REVEAL_CARDS <
				    h->n ? i + REVEAL_CARDS : h->n, cards);
			free(cards);
			game_say_line(out, &line);
		}
		/* Face up is no secret, but the deal is whole with it. */
		if (g->up[s].n > 0) {
			cards = NULL;
			for (k = 0; k < g->up[s].n; k++) {
				cards_markup(g->up[s].c[k], card, sizeof card);
				game_cat(&cards, "%s%s", k > 0 ? " " : "",
				    card);
			}
			/* TRANSLATORS: %s is the cards. */
			game_cat(&line, _("{p:%d} face up: %s."), s, cards);
			free(cards);
			game_say_line(out, &line);
		}
		if (cd_ndown(g, s) > 0) {
			cards = NULL;
			cat_down(g, s, &cards);
			/* TRANSLATORS: %s is each card after its position:
			 * "1 5♠, 3 K♦". */
			game_cat(&line, _("{p:%d} face down, by position: %s."),
			    s, cards);
			free(cards);
			game_say_line(out, &line);
		}
	}
	if (g->over)
		return;
	game_say(out, GAME_PUBLIC, g->dir > 0 ? _("{p:%d} to play; play goes "
	    "left.") : _("{p:%d} to play; play goes right."), g->turn);
}

void
cheesedog_unseen(const struct game *g, char *buf, size_t size)
{
	char *full[GAME_MAX_SEATS], *brief[GAME_MAX_SEATS], *line, *rest;
	char card[32];
	int n = 0, i, k, s, down;

	for (s = 0; s < g->nseats; s++) {
		if ((down = cd_ndown(g, s)) == 0)
			continue;
		full[n] = brief[n] = NULL;
		game_cat(&full[n], "{p:%d}", s);
		for (i = 0; i < CD_DOWN; i++) {
			if (g->down[s][i] < 0)
				continue;
			cards_markup(g->down[s][i], card, sizeof card);
			game_cat(&full[n], " %s", card);
		}
		/* TRANSLATORS: a player's face-down cards counted, in the
		 * list after "Never flipped:". */
		game_cat(&brief[n], ngettext("{p:%d} %d card", "{p:%d} %d "
		    "cards", down), s, down);
		n++;
	}
	snprintf(buf, size, "%s", "");
	if (n == 0)
		return;
	/* Each seat's cards named while the line, with the seats after it
	 * counted, still fits; the rest counted. */
	line = NULL;
	/* TRANSLATORS: followed by each player's face-down cards left
	 * ("{p:0} 5♠ K♦"), split by ",". */
	game_cat(&line, "%s", _("Never flipped:"));
	for (i = 0; i < n; i++) {
		rest = NULL;
		game_cat(&rest, "%s%s %s", line, i > 0 ? "," : "", full[i]);
		for (k = i + 1; k < n; k++)
			game_cat(&rest, ", %s", brief[k]);
		game_cat(&rest, ".");
		game_cat(&line, "%s %s", i > 0 ? "," : "",
		    game_markup_size(rest) <= GAME_LINE_BYTES &&
		    strlen(rest) < size ? full[i] : brief[i]);
		free(rest);
	}
	game_cat(&line, ".");
	snprintf(buf, size, "%s", line);
	free(line);
	for (i = 0; i < n; i++) {
		free(full[i]);
		free(brief[i]);
	}
}
