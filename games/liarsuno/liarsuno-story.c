/*
 * Liar's UNO's story (games/story.h): what each move hid from the channel
 * and what it claimed or called, everything hidden in a game (the deal a
 * replay starts from, and what `--verify` prints), and what was still
 * hidden when the game ended.  docs/games/liarsuno.md, "The story".
 *
 * A claim is a card played face down, said to be what its claim says,
 * or a card put for a Wild Liar's Challenge, said to be of the colour
 * named.  It is a lie when a challenge would show it false by the rules:
 * a face-down card that is not a Liar's Card of the face claimed (a
 * Regular Card face down always is, whatever its claim), a put card not
 * of the colour (a wild never is).  A call is a challenge of the
 * face-down card, or the WLC's player turning a put card over; a card
 * the table put for a player whose time ran out is no claim of theirs,
 * and turning it over is no call.
 *
 * What a move hid is written with its cards plain ("drew g5"), readable
 * without colour as every card is; story_play() says it in square
 * brackets.  Seats other than the mover are named {p:N}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "games/game.h"
#include "games/intl.h"
#include "liarsuno-int.h"
#include "alloc/xalloc.h"

/* The longest line of markup reveal() says. */
#define REVEAL_LINE 400
/* How far card id is from the face claimed: one for each of its colour
 * and its symbol that is not the claim's, and one more for a Regular
 * Card, which a face-down card says it is not.  0: the claim is true. */
static int
lie_weight(int id, int claim)
{
	int face = lu_face(id), w = 0;

	if (lu_face_colour(face) != lu_face_colour(claim))
		w++;
	if (lu_face_sym(face) != lu_face_sym(claim))
		w++;
	if (!lu_liar(id))
		w++;
	return w;
}

/* Appends card id without markup. */
static void
cat_plain(char **line, int id)
{
	char text[8];

	lu_card_text(id, text, sizeof text);
	game_cat(line, "%s", text);
}

/* Copies the markup line into buf of size bytes, cut when too long at a
 * space (no markup span holds one) with "..." after it; frees line. */
static void
copy_take(char *buf, size_t size, char *line)
{
	size_t len = line != NULL ? strlen(line) : 0;
	char *cut;

	buf[0] = '\0';
	if (line == NULL || size == 0)
		return;
	if (len >= size && size > 5) {
		line[size - 5] = '\0';
		if ((cut = strrchr(line, ' ')) != NULL)
			*cut = '\0';
		snprintf(buf, size, "%s ...", line);
	} else
		snprintf(buf, size, "%s", line);
	free(line);
}

/* Appends the cards seat s of b gained in a, b's state once a move is
 * applied, that the channel did not see: cards drawn, and a put card
 * that went back (a WLC called off); named, unless it is the mover. */
static void
cat_gained_by(const struct game *b, const struct game *a, int s, int named,
    char **line)
{
	char *drew = NULL, *back = NULL;
	int i, id;

	for (i = 0; i < a->hand[s].n; i++) {
		id = a->hand[s].c[i];
		/* A card turned over went back in full view. */
		if (cards_find(&b->hand[s], id) >= 0 || a->knows[id] == ~0u)
			continue;
		game_cat(id == b->put[s] ? &back : &drew, " ");
		cat_plain(id == b->put[s] ? &back : &drew, id);
	}
	/* TRANSLATORS: what a move hid, in a replay: "drew g5 r3",
	 * "{p:2} drew ~b+2", "took back ~y4"; %s is the cards, each after
	 * a space. */
	if (drew != NULL) {
		game_cat(line, "%s", *line != NULL ? "; " : "");
		if (named)
			game_cat(line, "{p:%d} ", s);
		game_cat(line, _("drew%s"), drew);
	}
	if (back != NULL) {
		game_cat(line, "%s", *line != NULL ? "; " : "");
		if (named)
			game_cat(line, "{p:%d} ", s);
		game_cat(line, _("took back%s"), back);
	}
	free(drew);
	free(back);
}

/* The same for every seat: the mover first, unnamed, as the channel's
 * line tells its part first, then the others in seat order. */
static void
cat_gained(const struct game *b, const struct game *a, int mover,
    char **line)
{
	int s;

	if (mover >= 0 && mover < b->nseats)
		cat_gained_by(b, a, mover, 0, line);
	for (s = 0; s < b->nseats; s++) {
		if (s != mover)
			cat_gained_by(b, a, s, 1, line);
	}
}

/* Appends what moves unseen in mv besides: g copied, mv applied to the
 * copy, and what the seats gained compared.  Nothing when it deals a new
 * hand (points), which gathers every card and deals them anew. */
static void
cat_moved(const struct game *g, const struct game_move *mv, char **line)
{
	struct game *a = xmalloc(sizeof *a);

	*a = *g;
	liarsuno_apply(a, mv, NULL);
	if (a->nhand == g->nhand)
		cat_gained(g, a, mv->seat, line);
	free(a);
}

/* Appends the put cards of under going under the WLC, unseen. */
static void
cat_under(const struct game *g, unsigned under, char **line)
{
	int s, n = 0;

	for (s = 0; s < g->nseats; s++) {
		if (!(under & (1u << s)) || g->put[s] < 0)
			continue;
		game_cat(line, "%s{p:%d} ", n++ == 0 ?
		    /* TRANSLATORS: what a move hid, in a replay: the put
		     * cards that go under the WLC unseen follow,
		     * "{p:1} r5, {p:2} ~g3". */
		    _("under the WLC: ") : ", ", s);
		cat_plain(line, g->put[s]);
	}
}

/* A card played face down: a claim. */
static void
story_down(const struct game_move *mv, struct game_story *st, char **line)
{
	int id = mv->argv[ARG_CARD], claim = mv->argv[ARG_CLAIM];
	char *text = NULL;

	st->claim = 1;
	st->weight = lie_weight(id, claim);
	st->lie = st->weight > 0;
	lu_cat_claim(&text, claim);
	copy_take(st->said, sizeof st->said, text);
	text = NULL;
	lu_cat_card(&text, id);
	copy_take(st->laid, sizeof st->laid, text);
	/* TRANSLATORS: what a move hid, in a replay: the card laid face
	 * down follows (~g3). */
	game_cat(line, _("laid "));
	cat_plain(line, id);
}

/* A card put for a WLC: a claim that it is of the colour named. */
static void
story_put(const struct game *g, int id, struct game_story *st, char **line)
{
	char *text = NULL;
	int colour = g->wlc_colour;

	st->claim = 1;
	st->lie = lu_face_colour(lu_face(id)) != colour;
	st->weight = st->lie;
	/* TRANSLATORS: what a card put for a Wild Liar's Challenge was
	 * said to be, in "{p:1} said a red card and laid ~g3"; {%s:%s}
	 * is the colour named, its markup and its name. */
	snprintf(st->said, sizeof st->said, _("a {%s:%s} card"),
	    lu_colour_markup(colour), lu_colour_shown(colour));
	lu_cat_card(&text, id);
	copy_take(st->laid, sizeof st->laid, text);
	/* TRANSLATORS: what a move hid, in a replay: the card put face
	 * down follows (~g3). */
	game_cat(line, _("put "));
	cat_plain(line, id);
}

void
liarsuno_story(const struct game *g, const struct game_move *mv,
    struct game_story *st)
{
	struct cards h;
	char *line = NULL;
	int victim, s, n;

	switch (mv->verb) {
	case VERB_PLAY:
		if (mv->argv[ARG_DOWN])
			story_down(mv, st, &line);
		break;
	case VERB_PUT:
		story_put(g, mv->argv[0], st, &line);
		break;
	case VERB_CHALLENGE:
		st->call = 1;
		st->of = g->down_seat;
		cat_moved(g, mv, &line);
		break;
	case VERB_ACCUSE:
		victim = mv->argv[0];
		if (!(g->put_table & (1u << victim))) {
			st->call = 1;
			st->of = victim;
		}
		/* A card of the colour sends the others under, unseen. */
		if (lu_face_colour(lu_face(g->put[victim])) == g->wlc_colour)
			cat_under(g, g->unturned & ~(1u << victim), &line);
		cat_moved(g, mv, &line);
		break;
	case VERB_DONE:
		cat_under(g, g->unturned, &line);
		break;
	case VERB_CLOSE:
		if (g->phase == PH_PUT) {
			for (s = 0, n = 0; s < g->nseats; s++) {
				if (!(g->owe_put & (1u << s)))
					continue;
				game_cat(&line, "%s", n++ == 0 ? _("put ") :
				    ", ");
				cat_plain(&line, lu_wlc_auto_card(g, s));
				/* TRANSLATORS: follows a card the table
				 * put for a player, "put ~g3". */
				game_cat(&line, _(" for {p:%d}"), s);
			}
		}
		cat_moved(g, mv, &line);
		break;
	case VERB_LEAVE:
		h = g->hand[mv->seat];
		if (g->put[mv->seat] >= 0)
			cards_add(&h, g->put[mv->seat]);
		lu_sort(&h);
		for (n = 0; n < h.n; n++) {
			game_cat(&line, "%s", n == 0 ?
			    /* TRANSLATORS: what a move hid, in a replay:
			     * the cards of a player who left follow. */
			    _("under the draw pile: ") : " ");
			cat_plain(&line, h.c[n]);
		}
		cat_moved(g, mv, &line);
		break;
	case VERB_DRAW:
	case VERB_IDLE:
	case VERB_UNO:
		cat_moved(g, mv, &line);
		break;
	default:
		/* A pass keeps a card drawn already; a swap's hands are
		 * followed from the deal and the draws. */
		break;
	}
	copy_take(st->hidden, sizeof st->hidden, line);
}

/* Appends ids[0..n) in that order, each run of one colour in one span;
 * a card of marks (parallel to ids, or NULL) laid face down is followed
 * by who laid it and what it was said to be. */
static void
cat_run(char **line, const int *ids, const struct lu_down *marks, int n)
{
	char text[8];
	int i, colour, open = -1;

	for (i = 0; i < n; i++) {
		colour = lu_face_colour(lu_face(ids[i]));
		lu_card_text(ids[i], text, sizeof text);
		if (open >= 0 && colour != open)
			game_cat(line, "}");
		game_cat(line, "%s", i > 0 ? " " : "");
		if (colour < LU_COLOURS && colour != open)
			game_cat(line, "{%s:", lu_colour_markup(colour));
		open = colour < LU_COLOURS ? colour : -1;
		game_cat(line, "%s", text);
		if (marks == NULL || marks[i].seat < 0)
			continue;
		if (open >= 0)
			game_cat(line, "}");
		open = -1;
		/* TRANSLATORS: follows a card of the discard pile that
		 * lies face down; "put for red)" or "said r7)" follows. */
		game_cat(line, _(" (face down by {p:%d}, "), marks[i].seat);
		if (marks[i].said >= LU_SAID_PUT)
			/* TRANSLATORS: %s is the colour named. */
			game_cat(line, _("put for %s)"),
			    lu_colour_shown(marks[i].said - LU_SAID_PUT));
		else {
			lu_claim_text(marks[i].said, text, sizeof text);
			/* TRANSLATORS: %s is the card claimed (r7). */
			game_cat(line, _("said %s)"), text);
		}
	}
	if (open >= 0)
		game_cat(line, "}");
}

/* Says what, the cards ids[0..n) (marks as cat_run()), in lines of at
 * most REVEAL_LINE bytes of markup: "what (n): ..." when one line holds
 * them, else "what, cards 1-40 of n: ...", each with "first" (the order
 * of a pile) after its count on the line of card 1. */
static void
say_cards(struct game_out *out, const char *what, const char *first,
    const int *ids, const struct lu_down *marks, int n)
{
	char *run, *head;
	int k = 0, j;

	if (n == 0) {
		/* TRANSLATORS: %s is what holds no cards, "Draw pile". */
		game_say(out, GAME_PUBLIC, _("%s (0)."), what);
		return;
	}
	while (k < n) {
		/* As many cards as fit, one at least. */
		run = NULL;
		for (j = k + 1; j <= n; j++) {
			head = NULL;
			cat_run(&head, ids + k, marks != NULL ? marks + k :
			    NULL, j - k);
			if (run != NULL && strlen(what) + strlen(head) + 40 >
			    REVEAL_LINE) {
				free(head);
				break;
			}
			free(run);
			run = head;
		}
		j--;
		if (k == 0 && j == n)
			/* TRANSLATORS: what ("Draw pile"), how many
			 * cards, ", top first" or nothing, the cards. */
			game_say(out, GAME_PUBLIC, _("%s (%d%s): %s"), what,
			    n, first, run);
		else
			/* TRANSLATORS: what ("Draw pile"), the first
			 * and last card's number on this line, how many
			 * cards in all, ", top first" or nothing, the
			 * cards. */
			game_say(out, GAME_PUBLIC, _("%s, cards %d-%d of "
			    "%d%s: %s"), what, k + 1, j, n, k == 0 ? first :
			    "", run);
		free(run);
		k = j;
	}
}

/* Says whose move it is, and what it waits for. */
static void
say_waiting(const struct game *g, struct game_out *out)
{
	char *line = NULL;
	int s, n = 0;

	if (g->phase == PH_OVER) {
		game_say(out, GAME_PUBLIC, "%s", _("The game is over."));
		return;
	}
	/* TRANSLATORS: what the next play must match follows (r7, or red
	 * (+4)), then the direction of play. */
	game_cat(&line, _("To match: "));
	lu_cat_match(g, &line);
	game_cat(&line, "%s", g->dir > 0 ? _(", clockwise.") :
	    _(", counter-clockwise."));
	switch (g->phase) {
	case PH_TURN:
		game_cat(&line, _(" {p:%d} to play."), g->turn);
		break;
	case PH_DRAWN:
		/* TRANSLATORS: the card drawn follows (~r5), then the
		 * next text. */
		game_cat(&line, _(" {p:%d} drew "), g->turn);
		lu_cat_card(&line, g->drawn);
		game_cat(&line, "%s", _(": plays it or passes."));
		break;
	case PH_SWAP:
		game_cat(&line, _(" {p:%d} names whose hand to take."),
		    g->turn);
		break;
	case PH_OPEN:
		game_cat(&line, _(" {p:%d}'s face-down card may be "
		    "challenged; nobody to play."), g->down_seat);
		break;
	case PH_PUT:
		/* TRANSLATORS: %s is the colour named; the players yet to
		 * put a card follow, " {p:1}, {p:2}", then " to put a
		 * card.". */
		game_cat(&line, _(" Wild Liar's Challenge by {p:%d} for %s: "
		    "waiting for"), g->wlc_seat,
		    lu_colour_shown(g->wlc_colour));
		for (s = 0; s < g->nseats; s++) {
			if (g->owe_put & (1u << s))
				game_cat(&line, "%s {p:%d}", n++ > 0 ? "," : "",
				    s);
		}
		game_cat(&line, _(" to put a card."));
		break;
	default:
		game_cat(&line, _(" {p:%d} turns put cards over."),
		    g->wlc_seat);
		break;
	}
	game_say_line(out, &line);
}

void
liarsuno_reveal(const struct game *g, struct game_out *out)
{
	struct lu_down marks[CARDS_MAX];
	struct cards h, pile;
	char what[64];
	int s, i;

	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s]) {
			game_say(out, GAME_PUBLIC, _("{p:%d} has left."), s);
			continue;
		}
		h = g->hand[s];
		lu_sort(&h);
		snprintf(what, sizeof what, _("{p:%d}'s hand"), s);
		say_cards(out, what, "", h.c, NULL, h.n);
		if (g->put[s] < 0)
			continue;
		snprintf(what, sizeof what, _("{p:%d}'s put card"), s);
		say_cards(out, what, "", &g->put[s], NULL, 1);
	}
	for (i = 0; i < g->draw.n; i++)
		pile.c[i] = g->draw.c[g->draw.n - 1 - i];
	/* TRANSLATORS: after how many cards a pile holds, "(54, top
	 * first)". */
	say_cards(out, _("Draw pile"), _(", top first"), pile.c, NULL,
	    g->draw.n);
	for (i = 0; i < g->discard.n; i++) {
		pile.c[i] = g->discard.c[g->discard.n - 1 - i];
		marks[i] = g->downs[g->discard.n - 1 - i];
	}
	say_cards(out, _("Discard pile"), _(", top first"), pile.c, marks,
	    g->discard.n);
	say_waiting(g, out);
}

/* One card nobody turned over, for unseen(): its seat, the card, what
 * it was said to be (as struct lu_down's said), and whether a challenge
 * would have shown it false. */
struct unturned {
	int seat, id, said, lie;
};

/* Appends one card nobody turned over: "{p:1}'s ~g3", and for a lie
 * what it was said to be, "as r7" or "for red". */
static void
cat_unturned(char **line, const struct unturned *u)
{
	int colour;

	/* TRANSLATORS: a player's card nobody turned over follows (~g3),
	 * and for a lie " for red" or " as r7". */
	game_cat(line, _("{p:%d}'s "), u->seat);
	lu_cat_card(line, u->id);
	if (!u->lie)
		return;
	if (u->said >= LU_SAID_PUT) {
		colour = u->said - LU_SAID_PUT;
		/* TRANSLATORS: follows a card put for a Wild Liar's
		 * Challenge; {%s:%s} is the colour named, its markup and
		 * its name. */
		game_cat(line, _(" for {%s:%s}"), lu_colour_markup(colour),
		    lu_colour_shown(colour));
	} else {
		/* TRANSLATORS: follows a card laid face down; the card
		 * claimed follows (r7). */
		game_cat(line, "%s", _(" as "));
		lu_cat_claim(line, u->said);
	}
}

/* Appends "N lies: A, B, and K more." (lie 1) or "N true: ..." (lie 0)
 * of the n cards of u, as many named as keep the line within room
 * (rendered) and bytes (markup); none named, only the count. */
static void
cat_group(char **line, const struct unturned *u, int n, int lie,
    size_t room, size_t bytes)
{
	char *head = NULL, *names = NULL, *more;
	int i, count = 0, named = 0;

	for (i = 0; i < n; i++)
		count += u[i].lie == lie;
	if (count == 0)
		return;
	/* TRANSLATORS: how many of the cards nobody turned over were lies,
	 * or true; the cards follow after ": ". */
	game_cat(&head, lie ? ngettext(" %d lie", " %d lies", count) :
	    ngettext(" %d true", " %d true", count), count);
	for (i = 0; i < n; i++) {
		if (u[i].lie != lie)
			continue;
		more = NULL;
		game_cat(&more, "%s%s", names != NULL ? names : head,
		    names != NULL ? ", " : ": ");
		cat_unturned(&more, &u[i]);
		/* Room for ", and 99 more." after it. */
		if (game_markup_size(more) + 16 > room ||
		    strlen(more) + 16 > bytes) {
			free(more);
			break;
		}
		free(names);
		names = more;
		named++;
	}
	game_cat(line, "%s", names != NULL ? names : head);
	if (named > 0 && named < count)
		/* TRANSLATORS: after the cards named of the lies (or the
		 * true cards), how many are not named. */
		game_cat(line, ngettext(", and %d more", ", and %d more",
		    count - named), count - named);
	game_cat(line, ".");
	free(head);
	free(names);
}

void
liarsuno_unseen(const struct game *g, char *buf, size_t size)
{
	struct unturned u[CARDS_MAX + GAME_MAX_SEATS];
	const struct lu_down *d;
	char *line = NULL;
	size_t used, keep;
	int n = 0, i, s, lies = 0;

	for (i = g->discard.n - 1; i >= 0; i--) {
		d = &g->downs[i];
		if (d->seat < 0)
			continue;
		u[n].seat = d->seat;
		u[n].id = g->discard.c[i];
		u[n].said = d->said;
		u[n].lie = d->said >= LU_SAID_PUT ?
		    lu_face_colour(lu_face(u[n].id)) != d->said - LU_SAID_PUT :
		    lie_weight(u[n].id, d->said) > 0;
		n++;
	}
	/* A game stopped in a Wild Liar's Challenge: the cards put. */
	for (s = 0; s < g->nseats; s++) {
		if (g->put[s] < 0 || !(g->unturned & (1u << s)))
			continue;
		u[n].seat = s;
		u[n].id = g->put[s];
		u[n].said = LU_SAID_PUT + g->wlc_colour;
		u[n].lie = lu_face_colour(lu_face(u[n].id)) != g->wlc_colour;
		n++;
	}
	for (i = 0; i < n; i++)
		lies += u[i].lie;
	buf[0] = '\0';
	if (n == 0 || size == 0)
		return;
	/* TRANSLATORS: the cards nobody turned over follow, the lies
	 * first: " 2 lies: {p:1}'s ~g3 as r7, ... 1 true: ...". */
	game_cat(&line, _("Never turned over:"));
	/* The lies first, keeping room to count the true cards, which
	 * have what room is left. */
	keep = lies < n ? 12 : 0;
	cat_group(&line, u, n, 1, GAME_LINE_BYTES -
	    game_markup_size(line) - keep, size > strlen(line) + keep ?
	    size - strlen(line) - keep : 0);
	used = game_markup_size(line);
	cat_group(&line, u, n, 0, GAME_LINE_BYTES > used ?
	    GAME_LINE_BYTES - used : 0, size > strlen(line) ?
	    size - strlen(line) : 0);
	if (strlen(line) < size)
		snprintf(buf, size, "%s", line);
	else
		/* TRANSLATORS: the first %d is how many of the cards nobody
		 * turned over were lies, the second how many were true. */
		snprintf(buf, size, ngettext("Never turned over: %d lie, %d "
		    "true.", "Never turned over: %d lies, %d true.", lies),
		    lies, n - lies);
	free(line);
}
