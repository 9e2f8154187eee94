/*
 * CHEATER's story (game.h's story(), reveal() and unseen()): what a move
 * kept from the channel, everything hidden in a game, and the hands left
 * when it ends.  Nobody makes a claim in CHEATER (every move is said as
 * it is made; only cards drawn are kept from the channel), so no move
 * claims or calls and cheater_ops.claims is 0: its story is what was
 * hidden.
 *
 * A move's hidden text is plain (card names without their colours, no
 * player names), shown by a replay (games/story.h) in square brackets
 * after what the channel was told: a card drawn by a seat other than the
 * mover is told by its part in the attack, "the attacker", "the victim",
 * which the channel's line of the move has just named.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cheater.h"
#include "cheater-int.h"
#include "games/game.h"
#include "games/intl.h"
#include "alloc/xalloc.h"

/* Cards of the draw pile to a line of reveal(): a line of 30 cards is at
 * most 310 bytes of markup, 250 sent in colour. */
#define REVEAL_CARDS 30

/* The faces of l[from..n-1] in that order, plain, split by spaces, in a
 * string of its own ("" if none); the caller frees it. */
static char *
plain_cards(const struct cards *l, int from)
{
	char *text = NULL;
	int i;

	game_cat(&text, "%s", "");
	for (i = from; i < l->n; i++)
		game_cat(&text, "%s%s", i > from ? " " : "",
		    ch_face_name(ch_face(l->c[i])));
	return text;
}

/* A copy of g that apply() may change without touching g. */
static struct game *
copy_game(const struct game *g)
{
	struct game *c = xmalloc(sizeof *c);

	*c = *g;
	c->hand = xcalloc((size_t)g->nseats, sizeof *c->hand);
	memcpy(c->hand, g->hand, (size_t)g->nseats * sizeof *c->hand);
	return c;
}

/* How many cards seat drew in mv, which turned g into a: its hand grew
 * by them, by what it was given (a card picked from another hand) and
 * less what it gave up (a HIDE, cards busted, a card picked from it). */
static int
drawn(const struct game *g, const struct game *a, const struct game_move *mv,
    int seat)
{
	int n = a->hand[seat].n - g->hand[seat].n;

	switch (mv->verb) {
	case VERB_HIDE:
		return seat == g->victim ? n + 1 : n;
	case VERB_PICK:
		if (seat == g->victim)
			return n + 1;
		return seat == g->turn ? n - 1 : n;
	case VERB_DROP:
		return seat == g->victim ? n + mv->argc : n;
	case VERB_LEAVE:
		return seat == mv->seat ? 0 : n;
	default:
		return n;
	}
}

/* The cards each seat drew in mv, said after what the mover drew: the
 * mover draws first in every move where two seats draw (a hide, a bust),
 * and in the others one seat alone draws. */
static void
story_draws(const struct game *g, const struct game_move *mv,
    struct game_story *st)
{
	struct game *a = copy_game(g);
	char *cards;
	int order[GAME_MAX_SEATS], n = 0, i, s, k;

	cheater_ops.apply(a, mv, NULL);
	if (mv->seat >= 0)
		order[n++] = mv->seat;
	for (s = 0; s < g->nseats; s++)
		if (s != mv->seat)
			order[n++] = s;
	for (i = 0; i < n; i++) {
		s = order[i];
		/* A seat's draws come last in its hand, in order drawn:
		 * what it gives up is taken out in place, what it is
		 * given comes before its draws. */
		if ((k = drawn(g, a, mv, s)) <= 0)
			continue;
		if (st->hidden[0] != '\0')
			game_story_hidden(st, "; ");
		cards = plain_cards(&a->hand[s], a->hand[s].n - k);
		/* TRANSLATORS: in a replay, in brackets after a move: the
		 * cards drawn (rC TAKE). */
		game_story_hidden(st, s == mv->seat ? _("drew %s") :
		    s == g->turn ? _("the attacker drew %s") :
		    _("the victim drew %s"), cards);
		free(cards);
	}
	cheater_ops.destroy(a);
}

void
cheater_story(const struct game *g, const struct game_move *mv,
    struct game_story *st)
{
	struct cards h;
	char *cards;

	switch (mv->verb) {
	case VERB_GRAB:		/* the discard pile's top, said */
	case VERB_IDLE:		/* the card drawn is said, and discarded */
	case VERB_TAKE:
	case VERB_SHOW:
	case VERB_BUST:
	case VERB_STEAL:
	case VERB_DISCARD:
		return;
	case VERB_LEAVE:
		/* The leaver's cards go under the draw pile unseen. */
		h = g->hand[mv->seat];
		if (h.n > 0) {
			ch_sort(&h);
			cards = plain_cards(&h, 0);
			/* TRANSLATORS: in a replay, in brackets after a
			 * move: the cards of a player who left. */
			game_story_hidden(st, _("put %s under the draw pile"),
			    cards);
			free(cards);
		}
		break;
	default:
		break;
	}
	story_draws(g, mv, st);
}

/* Says the cards of l from the top (its last card) down, REVEAL_CARDS to
 * a line, each line starting with what it is. */
static void
reveal_pile(const struct cards *l, struct game_out *out)
{
	char *line = NULL, *cards;
	int i, k;

	if (l->n == 0) {
		game_say(out, GAME_PUBLIC, "%s", _("Draw pile: empty."));
		return;
	}
	for (i = 0; i < l->n; i += REVEAL_CARDS) {
		cards = NULL;
		for (k = i; k < l->n && k < i + REVEAL_CARDS; k++) {
			if (k > i)
				game_cat(&cards, " ");
			ch_cat_face(&cards, ch_face(l->c[l->n - 1 - k]));
		}
		if (i == 0)
			/* TRANSLATORS: the number of cards, then the
			 * cards. */
			game_cat(&line, ngettext("Draw pile, top first (%d "
			    "card): %s.", "Draw pile, top first (%d cards): "
			    "%s.", l->n), l->n, cards);
		else
			/* TRANSLATORS: the first and last card's places in
			 * the pile, then the cards. */
			game_cat(&line, _("Draw pile, cards %d to %d: %s."),
			    i + 1, i + REVEAL_CARDS < l->n ? i + REVEAL_CARDS :
			    l->n, cards);
		free(cards);
		game_say_line(out, &line);
	}
}

void
cheater_reveal(const struct game *g, struct game_out *out)
{
	char *line = NULL, *cards;
	int s, suit;

	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s])
			continue;
		suit = ch_best_suit(&g->hand[s]);
		cards = NULL;
		ch_cat_cards(&cards, &g->hand[s]);
		/* TRANSLATORS: the cards, then the suit the hand is nearest
		 * to spelling (red) and how many of its 7 letters it holds. */
		game_cat(&line, _("{p:%d}: %s (%s %d/7)."), s,
		    cards != NULL ? cards : "", _(ch_suit_name(suit)),
		    ch_progress(&g->hand[s], suit));
		free(cards);
		game_say_line(out, &line);
	}
	reveal_pile(&g->draw, out);
	if (g->discard.n > 0) {
		cards = NULL;
		ch_cat_face(&cards, ch_face(g->discard.c[g->discard.n - 1]));
		/* TRANSLATORS: the top card, then how many cards the pile
		 * holds. */
		game_cat(&line, ngettext("Discard pile: %s on top (%d card).",
		    "Discard pile: %s on top (%d cards).", g->discard.n),
		    cards, g->discard.n);
		free(cards);
	} else
		game_cat(&line, _("Discard pile: empty on top (%d cards)."),
		    g->discard.n);
	game_say_line(out, &line);
	if (g->phase == PH_OVER)
		return;
	game_say(out, GAME_PUBLIC, g->power ? _("{p:%d} to play with Cheater "
	    "Power.") : _("{p:%d} to play."), g->turn);
}

/* The forms a hand takes in unseen(), shortest last. */
enum { FORM_CARDS, FORM_COUNT, FORM_SUIT, FORMS };

void
cheater_unseen(const struct game *g, char *buf, size_t size)
{
	char *form[GAME_MAX_SEATS][FORMS], *line = NULL, *rest, *cards;
	const struct cards *h;
	int n = 0, i, j, k, s, suit;

	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s])
			continue;
		h = &g->hand[s];
		suit = ch_best_suit(h);
		for (j = 0; j < FORMS; j++)
			form[n][j] = NULL;
		cards = NULL;
		ch_cat_cards(&cards, h);
		/* TRANSLATORS: one hand in a list after "Hands at the
		 * end:": the cards, then the suit the hand is nearest to
		 * spelling (red) and how many of its 7 letters it holds. */
		game_cat(&form[n][FORM_CARDS], _("{p:%d} %s (%s %d/7)"), s,
		    cards != NULL ? cards : "", _(ch_suit_name(suit)),
		    ch_progress(h, suit));
		free(cards);
		/* TRANSLATORS: as "{p:%d} %s (%s %d/7)", with the number
		 * of cards for the cards. */
		game_cat(&form[n][FORM_COUNT], ngettext("{p:%d} %d card (%s "
		    "%d/7)", "{p:%d} %d cards (%s %d/7)", h->n), s, h->n,
		    _(ch_suit_name(suit)), ch_progress(h, suit));
		/* TRANSLATORS: as "{p:%d} %s (%s %d/7)", the suit alone. */
		game_cat(&form[n][FORM_SUIT], _("{p:%d} %s %d/7"), s,
		    _(ch_suit_name(suit)), ch_progress(h, suit));
		n++;
	}
	if (n == 0) {
		snprintf(buf, size, "%s", "");
		return;
	}
	/* Each hand in the longest form with which the line still fits,
	 * the hands after it in the shortest. */
	/* TRANSLATORS: followed by the hands, split by ",". */
	game_cat(&line, "%s", _("Hands at the end:"));
	for (i = 0; i < n; i++) {
		for (j = 0; j < FORMS - 1; j++) {
			rest = NULL;
			game_cat(&rest, "%s%s %s", line, i > 0 ? "," : "",
			    form[i][j]);
			for (k = i + 1; k < n; k++)
				game_cat(&rest, ", %s", form[k][FORM_SUIT]);
			game_cat(&rest, ".");
			k = game_markup_size(rest) <= GAME_LINE_BYTES &&
			    strlen(rest) < size;
			free(rest);
			if (k)
				break;
		}
		/* A buffer too short for every hand: the rest counted. */
		if (strlen(line) + strlen(form[i][j]) +
		    sizeof ", and 10 more." > size) {
			if (i > 0)
				game_cat(&line, ",");
			/* TRANSLATORS: after "Hands at the end:" and the
			 * hands listed: how many hands are left out. */
			game_cat(&line, ngettext(" and %d more", " and %d more",
			    n - i), n - i);
			break;
		}
		game_cat(&line, "%s %s", i > 0 ? "," : "", form[i][j]);
	}
	game_cat(&line, ".");
	snprintf(buf, size, "%s", line);
	free(line);
	for (i = 0; i < n; i++)
		for (j = 0; j < FORMS; j++)
			free(form[i][j]);
}
