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
#include "alloc/xalloc.h"

/* Cards of the draw pile to a line of reveal(): a line of 30 cards is at
 * most 310 bytes of markup, 250 sent in colour. */
#define REVEAL_CARDS 30

/* Appends the faces of l[from..n-1] in that order, plain. */
static void
put_cards(struct game_story *st, const struct cards *l, int from)
{
	int i;

	for (i = from; i < l->n; i++)
		game_story_hidden(st, " %s", ch_face_name(ch_face(l->c[i])));
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
		game_story_hidden(st, "%s%sdrew", st->hidden[0] != '\0' ? "; " : "",
		    s == mv->seat ? "" : s == g->turn ? "the attacker " :
		    "the victim ");
		put_cards(st, &a->hand[s], a->hand[s].n - k);
	}
	cheater_ops.destroy(a);
}

void
cheater_story(const struct game *g, const struct game_move *mv,
    struct game_story *st)
{
	struct cards h;

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
			game_story_hidden(st, "put");
			put_cards(st, &h, 0);
			game_story_hidden(st, " under the draw pile");
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
	char *line = NULL;
	int i, k;

	if (l->n == 0) {
		game_say(out, GAME_PUBLIC, "Draw pile: empty.");
		return;
	}
	for (i = 0; i < l->n; i += REVEAL_CARDS) {
		if (i == 0)
			game_cat(&line, "Draw pile, top first (%d card%s):",
			    l->n, l->n == 1 ? "" : "s");
		else
			game_cat(&line, "Draw pile, cards %d to %d:", i + 1,
			    i + REVEAL_CARDS < l->n ? i + REVEAL_CARDS : l->n);
		for (k = i; k < l->n && k < i + REVEAL_CARDS; k++) {
			game_cat(&line, " ");
			ch_cat_face(&line, ch_face(l->c[l->n - 1 - k]));
		}
		game_cat(&line, ".");
		game_say_line(out, &line);
	}
}

void
cheater_reveal(const struct game *g, struct game_out *out)
{
	char *line = NULL;
	int s, suit;

	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s])
			continue;
		suit = ch_best_suit(&g->hand[s]);
		game_cat(&line, "{p:%d}: ", s);
		ch_cat_cards(&line, &g->hand[s]);
		game_cat(&line, " (%s %d/7).", ch_suit_name(suit),
		    ch_progress(&g->hand[s], suit));
		game_say_line(out, &line);
	}
	reveal_pile(&g->draw, out);
	game_cat(&line, "Discard pile: ");
	if (g->discard.n > 0)
		ch_cat_face(&line, ch_face(g->discard.c[g->discard.n - 1]));
	else
		game_cat(&line, "empty");
	game_cat(&line, " on top (%d card%s).", g->discard.n,
	    g->discard.n == 1 ? "" : "s");
	game_say_line(out, &line);
	if (g->phase == PH_OVER)
		return;
	game_say(out, GAME_PUBLIC, "{p:%d} to play%s.", g->turn,
	    g->power ? " with Cheater Power" : "");
}

/* The forms a hand takes in unseen(), shortest last. */
enum { FORM_CARDS, FORM_COUNT, FORM_SUIT, FORMS };

void
cheater_unseen(const struct game *g, char *buf, size_t size)
{
	char *form[GAME_MAX_SEATS][FORMS], *line = NULL, *rest;
	const struct cards *h;
	int n = 0, i, j, k, s, suit;

	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s])
			continue;
		h = &g->hand[s];
		suit = ch_best_suit(h);
		for (j = 0; j < FORMS; j++)
			form[n][j] = NULL;
		game_cat(&form[n][FORM_CARDS], "{p:%d} ", s);
		ch_cat_cards(&form[n][FORM_CARDS], h);
		game_cat(&form[n][FORM_CARDS], " (%s %d/7)",
		    ch_suit_name(suit), ch_progress(h, suit));
		game_cat(&form[n][FORM_COUNT], "{p:%d} %d card%s (%s %d/7)",
		    s, h->n, h->n == 1 ? "" : "s", ch_suit_name(suit),
		    ch_progress(h, suit));
		game_cat(&form[n][FORM_SUIT], "{p:%d} %s %d/7", s,
		    ch_suit_name(suit), ch_progress(h, suit));
		n++;
	}
	if (n == 0) {
		snprintf(buf, size, "%s", "");
		return;
	}
	/* Each hand in the longest form with which the line still fits,
	 * the hands after it in the shortest. */
	game_cat(&line, "Hands at the end:");
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
			game_cat(&line, "%s and %d more", i > 0 ? "," : "",
			    n - i);
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
