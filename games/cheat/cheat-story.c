/*
 * The story of a game of Cheat or of Questions (game.h's story, reveal
 * and unseen, which games/story.h reads): what a move claimed, called or
 * kept from the channel, everything hidden at a moment, and what was
 * still hidden when the game ended.
 *
 * A claim is a face-down play: said is its declaration as the channel
 * heard it ("three sevens"), laid the cards under it.  It is a lie
 * exactly when a call on it would be right (a card not of the rank
 * declared, or a count other than the cards laid), and its weight is the
 * number of its cards not of the rank declared, at least 1: a count that
 * differs is a lie the channel sees, and makes it no bolder.  A face-up
 * opening claims and hides nothing.  A call ("cheat") tests the accused's
 * play.  A leave hides which cards went under the pile.  The rest (a
 * close, the question's moves) hide nothing: the question asked, or
 * none, is said in the channel.  docs/games/cheat.md, "The story", says
 * what reveal and unseen show.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "cheat-int.h"
#include "games/game.h"
#include "games/intl.h"

#define LINE_CARDS 26		/* cards a line of the reveal lists */

/* Writes the n cards of ids as markup, separated by spaces, into buf of
 * size bytes: as many as fit, then how many more did not ("and 3 more"),
 * or only how many there are when not even one fits ("40 cards"). */
static void
cards_text(char *buf, size_t size, const int *ids, int n)
{
	char card[16], more[32];
	size_t used = 0, len, rest;
	int i;

	if (size == 0)
		return;
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		cards_markup(ids[i], card, sizeof card);
		len = strlen(card) + (i > 0);
		/* Room for this card and for the count of the rest. */
		rest = i + 1 < n ? (size_t)snprintf(more, sizeof more,
		    /* TRANSLATORS: ends a list of cards cut short:
		     * " and 3 more" cards. */
		    ngettext(" and %d more", " and %d more",
		    (unsigned long)(n - i - 1)), n - i - 1) : 0;
		if (used + len + rest >= size)
			break;
		snprintf(buf + used, size - used, "%s%s", i > 0 ? " " : "",
		    card);
		used += len;
	}
	if (i < n && i == 0)
		snprintf(buf, size, ngettext("%d card", "%d cards",
		    (unsigned long)n), n);
	else if (i < n)
		snprintf(buf + used, size - used, ngettext(" and %d more",
		    " and %d more", (unsigned long)(n - i)), n - i);
}

void
cheat_story(const struct game *g, const struct game_move *mv,
    struct game_story *st)
{
	const struct cards *h;
	char cards[sizeof st->hidden - 24];
	int i, wrong = 0, n = mv->argc - 2;

	switch (mv->verb) {
	case VERB_PLAY:
		if (!g->ordered && g->rank == 0)
			return;		/* a face-up opening */
		for (i = 2; i < mv->argc; i++)
			wrong += cards_rank(mv->argv[i]) != mv->argv[1];
		st->claim = 1;
		st->lie = wrong > 0 || mv->argv[0] != n;
		st->weight = !st->lie ? 0 : wrong > 0 ? wrong : 1;
		cards_declaration(mv->argv[0], mv->argv[1], st->said,
		    sizeof st->said);
		cards_text(st->laid, sizeof st->laid, mv->argv + 2, n);
		/* TRANSLATORS: what a play kept from the channel, shown
		 * in square brackets in a game's replay: the cards. */
		snprintf(st->hidden, sizeof st->hidden, _("laid %s"),
		    st->laid);
		break;
	case VERB_CHEAT:
		st->call = 1;
		st->of = mv->argv[0];
		break;
	case VERB_LEAVE:
		h = &g->hand[mv->seat];
		if (h->n == 0)
			break;
		cards_text(cards, sizeof cards, h->c, h->n);
		/* TRANSLATORS: what a leave kept from the channel, shown
		 * in square brackets in a game's replay: the cards. */
		snprintf(st->hidden, sizeof st->hidden, _("put %s under the "
		    "pile"), cards);
		break;
	}
}

/* Says the n cards of ids publicly, LINE_CARDS a line, each line headed
 * head: ("{p:0}: 2♣ 5♣"), the later ones head, continued:.  With up (a
 * flag a card), each run of cards face up or face down says which. */
static void
say_cards(struct game_out *out, const char *head, const int *ids,
    const int *up, int n)
{
	char *line = NULL, card[16];
	int i, k = 0;

	for (i = 0; i < n; i++) {
		if (k == 0 && i > 0)
			/* TRANSLATORS: heads a line that goes on with the
			 * cards of the line before: "{p:0}, continued:". */
			game_cat(&line, _("%s, continued:"), head);
		else if (k == 0)
			game_cat(&line, "%s:", head);
		if (up != NULL && (k == 0 || up[i] != up[i - 1]))
			game_cat(&line, "%s%s", k > 0 ? ";" : "",
			    up[i] ? _(" face up") : _(" face down"));
		cards_markup(ids[i], card, sizeof card);
		game_cat(&line, " %s", card);
		if (++k == LINE_CARDS || i == n - 1) {
			game_say_line(out, &line);
			k = 0;
		}
	}
}

void
cheat_reveal(const struct game *g, struct game_out *out)
{
	int ids[CARDS_MAX], up[CARDS_MAX], s, i, n = g->pile.n;
	char head[64], *line = NULL;

	for (s = 0; s < g->nseats; s++) {
		snprintf(head, sizeof head, "{p:%d}", s);
		if (g->state[s] == SEAT_LEFT || g->state[s] == SEAT_GONE)
			game_say(out, GAME_PUBLIC, _("{p:%d}: left the game"),
			    s);
		else if (g->hand[s].n == 0)
			game_say(out, GAME_PUBLIC, _("{p:%d}: no cards"), s);
		else
			say_cards(out, head, g->hand[s].c, NULL,
			    g->hand[s].n);
	}
	for (i = 0; i < n; i++) {
		ids[i] = g->pile.c[n - 1 - i];
		up[i] = g->pile_as[n - 1 - i] == CHEAT_FACE_UP;
	}
	snprintf(head, sizeof head, ngettext("The pile (%d card), top first",
	    "The pile (%d cards), top first", (unsigned long)n), n);
	if (n == 0)
		game_say(out, GAME_PUBLIC, _("The pile is empty."));
	else
		say_cards(out, head, ids, up, n);
	if (!g->over && g->answering)
		game_cat(&line, _("{p:%d} answers a question."), g->answerer);
	cheat_cat_next(&line, g);
	game_say_line(out, &line);
}

/* What the unseen line tells of the pile's face-down cards, top first,
 * and of the hands. */
struct unseen {
	int down[CARDS_MAX], ndown;	/* the face-down cards */
	int claimed;			/* ... laid under a claim */
	int lies[CARDS_MAX], nlies;	/* ... not as claimed */
};

/* Appends to *line the cards of ids, " 7♠ 2♦". */
static void
cat_cards(char **line, const int *ids, int n)
{
	char card[16];
	int i;

	for (i = 0; i < n; i++) {
		cards_markup(ids[i], card, sizeof card);
		game_cat(line, " %s", card);
	}
}

/* The unseen line told with the detail asked: 2 every face-down card and
 * those not as claimed, 1 only those not as claimed, 0 only how many;
 * with hands, the cards still held.  NULL when it would be empty. */
static char *
unseen_line(const struct game *g, const struct unseen *u, int detail,
    int hands)
{
	char *line = NULL;
	int s, n = 0;

	if (u->ndown > 0) {
		/* TRANSLATORS: a game's end: the cards of the pile
		 * nobody saw; what is said of them follows. */
		game_cat(&line, ngettext("The pile never turned over: %d card",
		    "The pile never turned over: %d cards",
		    (unsigned long)u->ndown), u->ndown);
		if (detail == 2) {
			/* TRANSLATORS: the pile's cards follow. */
			game_cat(&line, _(", top first:"));
			cat_cards(&line, u->down, u->ndown);
		}
		if (u->claimed == u->ndown && u->nlies == 0)
			/* TRANSLATORS: of the pile's cards nobody saw. */
			game_cat(&line, _(" - every one as claimed"));
		else if (u->claimed == u->ndown)
			/* TRANSLATORS: of the pile's cards nobody saw. */
			game_cat(&line, ngettext(" - %d of them not as "
			    "claimed", " - %d of them not as claimed",
			    (unsigned long)u->nlies), u->nlies);
		else if (u->claimed > 0 && u->nlies == 0)
			/* TRANSLATORS: of the pile's cards nobody saw
			 * (the rest were dealt to nobody, or left with a
			 * player who left). */
			game_cat(&line, ngettext(" - all %d laid under a "
			    "claim as claimed", " - all %d laid under a claim "
			    "as claimed", (unsigned long)u->claimed),
			    u->claimed);
		else if (u->claimed > 0)
			/* TRANSLATORS: of the pile's cards nobody saw:
			 * those not as claimed, of those laid under a
			 * claim. */
			game_cat(&line, ngettext(" - %d of the %d laid under "
			    "a claim not as claimed", " - %d of the %d laid "
			    "under a claim not as claimed",
			    (unsigned long)u->claimed), u->nlies, u->claimed);
		if (u->nlies > 0 && detail > 0) {
			game_cat(&line, ":");
			cat_cards(&line, u->lies, u->nlies);
		}
		game_cat(&line, ".");
	}
	for (s = 0; s < g->nseats && hands; s++) {
		if (g->state[s] != SEAT_IN || g->hand[s].n == 0)
			continue;
		if (n++ == 0)
			game_cat(&line, "%s%s", line != NULL ? " " : "",
			    _("Still held:"));
		else
			game_cat(&line, ",");
		game_cat(&line, " {p:%d}", s);
		cat_cards(&line, g->hand[s].c, g->hand[s].n);
	}
	if (n > 0)
		game_cat(&line, ".");
	return line;
}

void
cheat_unseen(const struct game *g, char *buf, size_t size)
{
	static const int tiers[6][2] = {
		{ 2, 1 }, { 1, 1 }, { 2, 0 }, { 1, 0 }, { 0, 1 }, { 0, 0 },
	};
	struct unseen u;
	char *line;
	int i, id, as;

	if (size == 0)
		return;
	buf[0] = '\0';
	memset(&u, 0, sizeof u);
	for (i = g->pile.n - 1; i >= 0; i--) {
		id = g->pile.c[i];
		as = g->pile_as[i];
		if (as == CHEAT_FACE_UP)
			continue;
		u.down[u.ndown++] = id;
		u.claimed += as > 0;
		if (as > 0 && cards_rank(id) != as)
			u.lies[u.nlies++] = id;
	}
	/* The most that fits, from every card of the pile and the hands
	 * still held down to the pile's counts alone: the lies before the
	 * hands, and the hands before the pile's honest cards. */
	for (i = 0; i < 6; i++) {
		line = unseen_line(g, &u, tiers[i][0], tiers[i][1]);
		if (line != NULL && strlen(line) < size &&
		    game_markup_size(line) <= GAME_LINE_BYTES) {
			memcpy(buf, line, strlen(line) + 1);
			free(line);
			return;
		}
		free(line);
	}
}
