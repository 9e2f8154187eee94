/*
 * Liar's UNO's turn as the moves and the Wild Liar's Challenge both move
 * it on: drawing cards (the draw pile made anew from the discard pile
 * when it runs out) and how a draw is told, the UNO calls a move leaves
 * owed, the turn going on to the next player, and the end of a hand with
 * its points.  liarsuno-play.c and liarsuno-wlc.c call these, and nothing here
 * calls either of them.
 *
 * Every piece of a move's text starts with a space; lu_say_all() drops
 * the first.
 */
#include <string.h>

#include "games/cards.h"
#include "games/game.h"
#include "games/intl.h"
#include "liarsuno-int.h"
#include "games/rng.h"

/* The draw pile is made anew from the discard pile but its top, and the
 * card under the top while the top may still be taken back.  0 if there
 * was nothing to make it of. */
static int
refill(struct game *g, struct said *sd)
{
	int keep = g->down >= 0 ? 2 : 1, n = g->discard.n - keep;

	if (n <= 0)
		return 0;
	memcpy(g->draw.c + g->draw.n, g->discard.c,
	    (size_t)n * sizeof g->discard.c[0]);
	g->draw.n += n;
	memmove(g->discard.c, g->discard.c + n,
	    (size_t)keep * sizeof g->discard.c[0]);
	memmove(g->downs, g->downs + n, (size_t)keep * sizeof g->downs[0]);
	memset(g->downs + keep, -1, (size_t)n * sizeof g->downs[0]);
	g->discard.n = keep;
	rng_shuffle(&g->rng, g->draw.c, (size_t)g->draw.n);
	sd->reshuffled = 1;
	return 1;
}

int
lu_draw(struct game *g, int seat, int n, struct said *sd)
{
	int got = 0, id;

	while (got < n && (g->draw.n > 0 || refill(g, sd))) {
		id = g->draw.c[--g->draw.n];
		cards_add(&g->hand[seat], id);
		lu_know_drawn(g, id);
		/* TRANSLATORS: the cards drawn follow, "r5 ~g+2", then
		 * ".". */
		game_cat(sd->priv[seat], "%s", got == 0 ? _(" You draw ") :
		    " ");
		lu_cat_card(sd->priv[seat], id);
		got++;
	}
	if (got > 0) {
		game_cat(sd->priv[seat], ".");
		sd->hands |= 1u << seat;
	}
	return got;
}

void
lu_cat_draws(char **line, int want, int got)
{
	/* TRANSLATORS: these texts follow a player's name, "{p:1} ", or
	 * "{p:1} takes it back and ", and a "." or " and is skipped."
	 * follows them; "all there is": the draw pile ran out. */
	if (got == 0)
		game_cat(line, "%s", _("has nothing to draw"));
	else if (got == 1)
		game_cat(line, "%s", want > 1 ?
		    _("draws a card, all there is") : _("draws a card"));
	else if (got < want)
		/* TRANSLATORS: %s is how many in words, "two". */
		game_cat(line, ngettext("draws %s card, all there is",
		    "draws %s cards, all there are", got),
		    cards_count_word(got));
	else
		/* TRANSLATORS: %s is how many in words, "two". */
		game_cat(line, ngettext("draws %s card", "draws %s cards", got),
		    cards_count_word(got));
}

unsigned
lu_owed(const struct game *g)
{
	unsigned due = 0;
	int s;

	for (s = 0; s < g->nseats; s++) {
		if (g->in[s] && g->hand[s].n == 1 && g->before[s] != 1 &&
		    s != g->uno_said)
			due |= 1u << s;
	}
	return due;
}

void
lu_say_owed(const struct game *g, struct said *sd)
{
	int s;

	for (s = 0; s < g->nseats; s++) {
		if (g->uno_due & (1u << s))
			game_cat(sd->pub, _(" {p:%d} has one card and owes "
			    "an UNO call."), s);
	}
}

void
lu_play_on(struct game *g, struct said *sd)
{
	g->phase = PH_TURN;
	lu_say_owed(g, sd);
	game_cat(sd->pub, _(" {p:%d} to play."), g->turn);
}

void
lu_go_on(struct game *g, struct said *sd)
{
	g->uno_due = lu_owed(g);
	lu_play_on(g, sd);
}

void
lu_hand_over(struct game *g, unsigned winners, struct said *sd)
{
	int s, n = 0, score = 0, done = 0;

	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s])
			continue;
		if (winners & (1u << s))
			game_cat(sd->pub, "%s{p:%d}", n++ == 0 ? " " :
			    /* TRANSLATORS: between two of the players
			     * who go out together, " {p:1} and {p:2}". */
			    _(" and "), s);
		else
			score += lu_points(&g->hand[s]);
	}
	/* TRANSLATORS: follows the players who go out, " {p:1}" or
	 * " {p:1} and {p:2}" (the plural is on how many they are); %d is
	 * the points the hand scored. */
	game_cat(sd->pub, ngettext(" goes out, scoring %d.",
	    " go out, scoring %d.", n), score);
	g->winners = winners;
	g->hand_score = score;
	g->down = -1;
	g->uno_due = 0;
	if (!g->points) {
		g->phase = PH_OVER;
		return;
	}
	/* TRANSLATORS: each player's score follows, " {p:0} 120, {p:1}
	 * 45", then " (to %d).", the score that ends the game. */
	game_cat(sd->pub, _(" Scores:"));
	for (s = 0; s < g->nseats; s++) {
		if (winners & (1u << s))
			g->score[s] += score;
		if (g->in[s] && g->score[s] >= g->target)
			done = 1;
		game_cat(sd->pub, "%s {p:%d} %d", s > 0 ? "," : "", s,
		    g->score[s]);
	}
	game_cat(sd->pub, _(" (to %d)."), g->target);
	if (done) {
		g->phase = PH_OVER;
		return;
	}
	do
		g->dealer = (g->dealer + 1) % g->nseats;
	while (!g->in[g->dealer]);
	lu_deal(g, sd);
}
