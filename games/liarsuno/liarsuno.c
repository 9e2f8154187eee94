/*
 * Liar's UNO: UNO where Liar's Cards go down face down with a claim that
 * may be a lie.
 *
 * Rules in brief (docs/games/liarsuno.md has every choice in full).  112
 * cards: per colour (red, yellow, green, blue) the numbers 0-9 once as a
 * Regular Card and once as a Liar's Card, and two each of Skip, Reverse
 * and Draw Two (Liar's Cards); 4 Wild Draw Four (Liar's) and 4 Wild
 * Liar's Challenge (Regular).  2-10 players, seven cards each.  Match the
 * top card by colour, number or symbol.  A Regular Card goes face up; a
 * Liar's Card face down with a plausible claim (the top's colour or
 * symbol, or +4), which anyone may challenge until the next player's
 * move: true, the challenger draws one; false, the liar takes it back and
 * draws one; a Regular Card played face down, back and six.  A claimed
 * action (Skip, Reverse, Draw Two, Wild Draw Four) happens once its card
 * stands, true or not: nobody plays until its window closes unchallenged
 * or a challenge shows it true; a card taken back does nothing.  A 7
 * swaps hands with a player of your choice, a 0 passes every hand on, at
 * once.  A WLC (face up) names a colour: everyone else puts a card face
 * down (of the colour if they hold one), and its player turns them over
 * one at a time until one of the colour shows or they are done, when the
 * cards not yet turned go under the WLC; a liar caught takes the card
 * back and draws one.  A hand of one card owes an UNO call until the next
 * player's move: anyone calling first makes every player who owes it draw
 * two.  The first with no cards wins; with option points, hands are
 * scored until one reaches target.
 *
 * Move grammar (what players type):
 *   play CARD [COLOUR] [uno]              channel (or private): face up
 *   play CARD [as CLAIM] [COLOUR] [uno]   private: face down with a claim
 *   draw | pass                           draw one; keep it
 *   swap NICK                             after a 7
 *   challenge [NICK]                      the face-down card; after your
 *                                         WLC, NICK's put card
 *   done                                  after your WLC: turn no more
 *   uno                                   call UNO, or catch who owes it
 *   put CARD                              private: for a WLC
 * A card is a colour's initial and a number, S, R or +2, with ~ (or l)
 * in front for a Liar's Card: r5, ~r5, ~bS, ~g+2, ~+4, WLC.
 *
 * Verbs and the move log (seats, card ids, faces; -1 for none): leave;
 * play CARD DOWN CLAIM COLOUR UNO; draw; pass; idle (the table's: the
 * turn ran out, draw one and keep it); swap SEAT; challenge; uno; put
 * CARD; accuse SEAT; close (the table's: the window of a face-down
 * action or last card closed, or the time for putting cards ran out);
 * done (the WLC's player stops turning put cards over).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "games/game.h"
#include "games/intl.h"
#include "liarsuno.h"
#include "liarsuno-int.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

static const struct game_option liarsuno_options[] = {
	[OPT_POINTS] = { "points", 0, 1, 0,
	    /* TRANSLATORS: the help of option points; target is the
	     * option's name, as typed. */
	    N_("1: play hands, scoring the cards left to the winner, until "
	    "someone reaches target"),
	    /* TRANSLATORS: option points' values in the lobby's line, one
	     * form per value (0, 1) separated by '|'. */
	    N_("one hand|played for points") },
	[OPT_TARGET] = { "target", 50, 2000, 500,
	    N_("with points: the score that ends the game"),
	    /* TRANSLATORS: option target's value in the lobby's line;
	     * '#' is the value. */
	    N_("to # points") },
	{ NULL, 0, 0, 0, NULL, NULL },
};

/* play twice: face up in the channel, face down (or up) in private. */
static const struct game_cmd liarsuno_cmds[] = {
	[CMD_PLAY_UP] = { "play", NULL, GAME_WHERE_CHANNEL,
	    "CARD [COLOUR] [uno]",
	    /* TRANSLATORS: the commands' help lines, one each, after the
	     * command as typed (play CARD [COLOUR] [uno]): the commands,
	     * the cards (r5, ~g3, WLC), the colours and NICK stay as
	     * typed. */
	    N_("play a Regular Card face up, e.g. play r5; a WLC names a "
	    "colour: play WLC red"), 0 },
	[CMD_PLAY] = { "play", NULL, GAME_WHERE_PRIVATE,
	    "CARD [as CLAIM] [COLOUR] [uno]",
	    N_("play a card face down with a claim, e.g. play ~g3 as r7 (a "
	    "Regular Card without as goes face up)"), 0 },
	[CMD_DRAW] = { "draw", "d", GAME_WHERE_BOTH, "",
	    N_("draw a card, then play it or pass"), 0 },
	[CMD_PASS] = { "pass", "keep", GAME_WHERE_BOTH, "",
	    N_("after drawing: keep the card"), 0 },
	[CMD_SWAP] = { "swap", NULL, GAME_WHERE_BOTH, "NICK",
	    N_("after your 7: take NICK's hand, NICK takes yours"), 1 },
	[CMD_CHALLENGE] = { "challenge", "liar ch", GAME_WHERE_BOTH,
	    "[NICK]", N_("turn over the face-down card; after your WLC, "
	    "turn over NICK's put card"), 1 },
	[CMD_UNO] = { "uno", NULL, GAME_WHERE_BOTH, "",
	    N_("call UNO on one card, or catch a player who owes the "
	    "call"), 0 },
	[CMD_PUT] = { "put", NULL, GAME_WHERE_PRIVATE, "CARD",
	    N_("for a Wild Liar's Challenge: your card face down, e.g. put "
	    "~r5"), 0 },
	[CMD_DONE] = { "done", NULL, GAME_WHERE_BOTH, "",
	    N_("after your WLC: turn no more put cards over; those not "
	    "turned go under the WLC"), 0 },
	{ NULL, NULL, 0, NULL, NULL, 0 },
};

static const char *const liarsuno_verbs[] = {
	"leave", "play", "draw", "pass", "idle", "swap", "challenge", "uno",
	"put", "accuse", "close", "done", NULL,
};

unsigned
lu_active(const struct game *g)
{
	unsigned bits = 0;
	int s;

	for (s = 0; s < g->nseats; s++) {
		if (g->in[s])
			bits |= 1u << s;
	}
	return bits;
}

int
lu_nactive(const struct game *g)
{
	int s, n = 0;

	for (s = 0; s < g->nseats; s++)
		n += g->in[s];
	return n;
}

/* The next seat still playing from seat, going dir. */
static int
next_dir(const struct game *g, int seat, int dir)
{
	int i, s;

	for (i = 1; i < g->nseats; i++) {
		s = ((seat + dir * i) % g->nseats + g->nseats) % g->nseats;
		if (g->in[s])
			return s;
	}
	return -1;
}

int
lu_next(const struct game *g, int seat)
{
	return next_dir(g, seat, g->dir);
}

void
lu_cat_match(const struct game *g, char **line)
{
	if (g->sym < SYM_WD4)
		lu_cat_claim(line, LU_FACE(g->colour, g->sym));
	else
		game_cat(line, "{%s:%s} (%s)", lu_colour_markup(g->colour),
		    lu_colour_shown(g->colour), g->sym == SYM_WD4 ? "+4" :
		    "WLC");
}

/* Appends the seats of bits: "{p:1}, {p:3}". */
static void
cat_seats(char **line, unsigned bits)
{
	int s, n = 0;

	for (s = 0; s < GAME_MAX_SEATS; s++) {
		if (bits & (1u << s))
			game_cat(line, "%s{p:%d}", n++ > 0 ?
			    /* TRANSLATORS: between two players' names in
			     * a list of them. */
			    _(", ") : "", s);
	}
}

/* Appends to *line what seat is asked to do now, if anything: always
 * starting "Your turn", and said first in the seat's line
 * (lu_say_all()), before its news, so that the line a player must act
 * on starts so. */
static void
cat_prompt(const struct game *g, int seat, char **line)
{
	if (!g->in[seat])
		return;
	switch (g->phase) {
	case PH_TURN:
		if (seat != g->turn)
			return;
		/* TRANSLATORS: what the next play must match follows
		 * (r7, or red (+4)), then the next text. */
		game_cat(line, _(" Your turn, on "));
		lu_cat_match(g, line);
		/* TRANSLATORS: follows " Your turn, on " and what to
		 * match; play CARD, as CLAIM and draw are typed. */
		game_cat(line, _(": play CARD, play CARD as CLAIM (to me), or "
		    "draw."));
		return;
	case PH_DRAWN:
		if (seat != g->turn)
			return;
		/* TRANSLATORS: the card drawn follows (~r5), then
		 * ": play it on ", what to match and ", or pass.". */
		game_cat(line, _(" Your turn: you drew "));
		lu_cat_card(line, g->drawn);
		/* TRANSLATORS: what to match follows (r7, or red
		 * (+4)), then ", or pass.". */
		game_cat(line, _(": play it on "));
		lu_cat_match(g, line);
		/* TRANSLATORS: ends " Your turn: you drew CARD: play it
		 * on TOP"; pass is typed. */
		game_cat(line, _(", or pass."));
		return;
	case PH_SWAP:
		if (seat == g->turn)
			game_cat(line, _(" Your turn: your 7 swaps hands: "
			    "swap NICK takes their hand for yours."));
		return;
	case PH_PUT:
		if (!(g->owe_put & (1u << seat)))
			return;
		/* TRANSLATORS: {%s:%s} is the colour named, its markup
		 * and its name; put CARD is typed. */
		game_cat(line, _(" Your turn: Wild Liar's Challenge: put a "
		    "{%s:%s} card face down, to me: put CARD (without one, "
		    "put any card and bluff)."),
		    lu_colour_markup(g->wlc_colour),
		    lu_colour_shown(g->wlc_colour));
		return;
	case PH_ACCUSE:
		if (seat != g->turn)
			return;
		/* TRANSLATORS: the players whose put card is not yet
		 * turned follow, then "), or stop: done."; challenge
		 * NICK is typed. */
		game_cat(line, _(" Your turn: turn the put cards over, one "
		    "at a time: challenge NICK ("));
		cat_seats(line, g->unturned);
		/* TRANSLATORS: ends the line above; done is typed. */
		game_cat(line, _("), or stop: done."));
		return;
	default:
		return;
	}
}

/* Appends seat's hand. */
static void
cat_hand(const struct game *g, int seat, char **line)
{
	/* TRANSLATORS: %d is how many cards the hand holds; the cards
	 * follow. */
	game_cat(line, g->hand[seat].n > 0 ? _(" Hand (%d): ") :
	    _(" Hand (%d)"), g->hand[seat].n);
	lu_cat_cards(line, &g->hand[seat]);
	if (g->put[seat] >= 0) {
		/* TRANSLATORS: after the hand, the card put face down
		 * for a Wild Liar's Challenge. */
		game_cat(line, _("; put: "));
		lu_cat_card(line, g->put[seat]);
	}
}

void
lu_say_all(const struct game *g, struct said *sd, struct game_out *out)
{
	char *line, *news, *pub;
	int s;

	if (sd->pub == NULL)
		return;		/* nobody listens: nothing was built */
	if (sd->reshuffled)
		game_cat(sd->pub, _(" The draw pile ran out: the discard "
		    "pile but its top was shuffled into a new one."));
	/* Each piece starts with a space to join the next. */
	pub = *sd->pub;
	if (pub != NULL && pub[0] == ' ')
		memmove(pub, pub + 1, strlen(pub));
	game_say_line(out, sd->pub);
	for (s = 0; s < g->nseats; s++) {
		news = *sd->priv[s];
		*sd->priv[s] = NULL;
		line = NULL;
		if (news != NULL || sd->asked || (sd->hands & (1u << s)))
			cat_prompt(g, s, &line);
		game_cat_take(&line, news);
		if (line == NULL && !(sd->hands & (1u << s)))
			continue;
		if (g->in[s])
			cat_hand(g, s, &line);
		if (line != NULL)
			game_say(out, s, "%s", line[0] == ' ' ? line + 1 :
			    line);
		free(line);
	}
}

void
lu_said_open(struct said *sd, const struct game_out *out)
{
	int s;

	memset(sd, 0, sizeof *sd);
	sd->pub = game_line(out, &sd->text[0]);
	for (s = 0; s < GAME_MAX_SEATS; s++)
		sd->priv[s] = game_line(out, &sd->text[1 + s]);
}

void
lu_start_hand(struct game *g, int first, int colour, int reversed,
    struct said *sd)
{
	int face = lu_face(g->discard.c[g->discard.n - 1]), s;

	g->nhand++;
	g->dir = reversed ? -1 : 1;
	g->colour = lu_face_colour(face) < LU_COLOURS ?
	    lu_face_colour(face) : colour >= 0 && colour < LU_COLOURS ?
	    colour : 0;
	g->sym = lu_face_sym(face);
	g->prev_colour = g->colour;
	g->prev_sym = g->sym;
	g->down = g->down_seat = g->down_claim = g->drawn = -1;
	g->after = g->uno_said = g->wlc_seat = g->wlc_colour = -1;
	g->uno_due = g->owe_put = g->unturned = g->put_table = 0;
	/* Every card of a new hand's discard pile lies face up. */
	memset(g->downs, -1, sizeof g->downs);
	lu_know_reset(g);
	for (s = 0; s < g->nseats; s++) {
		g->put[s] = -1;
		g->before[s] = g->hand[s].n;
	}
	if (first < 0 || first >= g->nseats || !g->in[first])
		first = next_dir(g, g->dealer, 1);
	g->turn = first;
	g->phase = PH_TURN;
	if (g->points)
		/* TRANSLATORS: the first %d is the hand's number, the
		 * second the points that win the game. */
		game_cat(sd->pub, ngettext(" Hand %d of Liar's UNO to %d "
		    "point, dealt by {p:%d}.", " Hand %d of Liar's UNO to %d "
		    "points, dealt by {p:%d}.", g->target), g->nhand,
		    g->target, g->dealer);
	else
		game_cat(sd->pub, ngettext(" Liar's UNO for %d player, dealt "
		    "by {p:%d}.", " Liar's UNO for %d players, dealt by "
		    "{p:%d}.", lu_nactive(g)), lu_nactive(g), g->dealer);
	/* TRANSLATORS: the card on top of the discard pile follows
	 * (r5), and after a wild the colour it takes, " (red)"; then
	 * ".". */
	game_cat(sd->pub, _(" The discard pile shows "));
	lu_cat_card(sd->pub, g->discard.c[g->discard.n - 1]);
	if (lu_face_colour(face) == LU_WILD)
		game_cat(sd->pub, " (%s)", lu_colour_shown(g->colour));
	game_cat(sd->pub, ".");
	game_cat(sd->pub, reversed ? _(" {p:%d} starts, counter-clockwise.") :
	    _(" {p:%d} starts."), first);
	sd->hands |= lu_active(g);
	sd->asked = 1;
}

void
lu_deal(struct game *g, struct said *sd)
{
	struct cards deck;
	int order[GAME_MAX_SEATS], n = 0, i, s, id;

	for (s = 0; s < g->nseats; s++) {
		cards_clear(&g->hand[s]);
		g->put[s] = -1;
	}
	cards_clear(&g->discard);
	cards_clear(&deck);
	for (i = 0; i < LU_CARDS; i++)
		cards_add(&deck, i);
	rng_shuffle(&g->rng, deck.c, (size_t)deck.n);
	/* Seven each, one at a time from the dealer's left. */
	for (s = next_dir(g, g->dealer, 1); n == 0 || s != order[0];
	    s = next_dir(g, s, 1))
		order[n++] = s;
	for (i = 0; i < n * LU_HAND; i++)
		cards_add(&g->hand[order[i % n]], deck.c[deck.n - 1 - i]);
	deck.n -= n * LU_HAND;
	g->draw = deck;
	/* An action or a wild turned up goes under the draw pile. */
	for (;;) {
		id = g->draw.c[--g->draw.n];
		if (lu_face_sym(lu_face(id)) < SYM_SKIP)
			break;
		memmove(g->draw.c + 1, g->draw.c,
		    (size_t)g->draw.n * sizeof g->draw.c[0]);
		g->draw.c[0] = id;
		g->draw.n++;
	}
	cards_add(&g->discard, id);
	lu_start_hand(g, -1, -1, 0, sd);
}

static struct game *
liarsuno_create(const struct game_opts *opts, int nseats, int dealer,
    const struct rng *rng, struct game_out *out, char **cause)
{
	struct game *g;
	struct said sd;
	int s;

	/* One deck always: game_decks() checks the seats and the dealer. */
	if (game_decks(&liarsuno_ops, nseats, dealer, 1, GAME_MAX_SEATS,
	    cause) < 0)
		return NULL;
	g = xcalloc(1, sizeof *g);
	g->nseats = nseats;
	g->dealer = dealer;
	g->points = opts->v[OPT_POINTS];
	g->target = opts->v[OPT_TARGET];
	g->rng = *rng;
	g->ch_seat = g->ch_by = g->ch_card = g->ch_claim = -1;
	for (s = 0; s < nseats; s++)
		g->in[s] = 1;
	lu_said_open(&sd, out);
	lu_deal(g, &sd);
	lu_say_all(g, &sd, out);
	return g;
}

static void
liarsuno_destroy(struct game *g)
{
	free(g);
}

/* The first seat from the turn's, clockwise, of bits. */
static int
first_of(const struct game *g, unsigned bits)
{
	int i, s;

	for (i = 0; i < g->nseats; i++) {
		s = (g->turn + i) % g->nseats;
		if (bits & (1u << s))
			return s;
	}
	return -1;
}

static void
liarsuno_turn(const struct game *g, struct game_turn *t)
{
	unsigned active = lu_active(g);

	memset(t, 0, sizeof *t);
	t->seat = t->accused = t->speaker = -1;
	switch (g->phase) {
	case PH_OVER:
		t->over = 1;
		break;
	case PH_TURN:
		t->seat = g->turn;
		if (g->down >= 0)
			t->window |= active & ~(1u << g->down_seat);
		/* The seats owing UNO may call it too. */
		if (g->uno_due != 0)
			t->window |= (active & ~(1u << g->turn)) | g->uno_due;
		if (t->window != 0)
			t->accused = g->down >= 0 ? g->down_seat :
			    first_of(g, g->uno_due);
		break;
	case PH_OPEN:
		/* Nobody's turn: the window closes with a challenge or the
		 * table's close.  Anyone may catch a call owed meanwhile. */
		t->window = active & ~(1u << g->down_seat);
		if (g->uno_due != 0)
			t->window |= active;
		t->accused = g->down_seat;
		break;
	case PH_PUT:
		t->window = g->owe_put;
		t->wait = 1;
		break;
	default:		/* PH_DRAWN, PH_SWAP, PH_ACCUSE */
		t->seat = g->turn;
		break;
	}
}

/* What the game is waiting for, for the status line. */
static void
cat_waiting(const struct game *g, char **line)
{
	switch (g->phase) {
	case PH_TURN:
		game_cat(line, _(" {p:%d} to play."), g->turn);
		break;
	case PH_DRAWN:
		game_cat(line, _(" {p:%d} drew a card: plays it or passes."),
		    g->turn);
		break;
	case PH_SWAP:
		game_cat(line, _(" {p:%d} played a 7 and swaps hands."),
		    g->turn);
		break;
	case PH_OPEN:
		if (g->hand[g->down_seat].n == 0) {
			game_cat(line, _(" {p:%d}'s last card may be "
			    "challenged."), g->down_seat);
			break;
		}
		/* TRANSLATORS: the card claimed follows (r7), then the
		 * next text. */
		game_cat(line, _(" {p:%d}'s face-down \""), g->down_seat);
		lu_cat_claim(line, g->down_claim);
		game_cat(line, _("\" may be challenged before it takes "
		    "effect."));
		break;
	case PH_PUT:
		/* TRANSLATORS: the players yet to put a card follow,
		 * then " to put a card.". */
		game_cat(line, _(" Wild Liar's Challenge by {p:%d}: waiting "
		    "for "), g->wlc_seat);
		cat_seats(line, g->owe_put);
		game_cat(line, _(" to put a card."));
		break;
	default:
		/* TRANSLATORS: the players whose put card is not yet
		 * turned follow, then ").". */
		game_cat(line, _(" Wild Liar's Challenge: {p:%d} turns over "
		    "put cards ("), g->wlc_seat);
		cat_seats(line, g->unturned);
		game_cat(line, ").");
		break;
	}
	if (g->down >= 0 && g->phase == PH_TURN) {
		/* TRANSLATORS: the card claimed follows (r7), then the
		 * next text. */
		game_cat(line, _(" {p:%d}'s face-down \""), g->down_seat);
		lu_cat_claim(line, g->down_claim);
		game_cat(line, _("\" may be challenged."));
	}
}

/* The status line: what to match, whose move, hands and scores. */
static void
say_status(const struct game *g, struct game_out *out)
{
	char *line = NULL;
	int s;

	if (g->phase == PH_OVER) {
		/* TRANSLATORS: the winners follow ({p:1}, {p:3}), then
		 * " won.". */
		game_cat(&line, _("Game over: "));
		cat_seats(&line, g->winners);
		game_cat(&line, _(" won."));
	} else {
		if (g->points)
			game_cat(&line, _("Hand %d. "), g->nhand);
		/* TRANSLATORS: what the next play must match follows
		 * (r7, or red (+4)), then the direction of play. */
		game_cat(&line, _("To match: "));
		lu_cat_match(g, &line);
		game_cat(&line, "%s", g->dir > 0 ? _(", clockwise.") :
		    _(", counter-clockwise."));
		cat_waiting(g, &line);
	}
	/* TRANSLATORS: each player's count of cards follows, " {p:1}
	 * 5," and so on, then " draw pile %d.". */
	game_cat(&line, _(" Cards:"));
	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s])
			game_cat(&line, _(" {p:%d} left,"), s);
		else if (g->uno_due & (1u << s))
			/* TRANSLATORS: %d is how many cards the player
			 * holds (one). */
			game_cat(&line, _(" {p:%d} %d (owes UNO),"), s,
			    g->hand[s].n);
		else
			game_cat(&line, " {p:%d} %d,", s, g->hand[s].n);
	}
	game_cat(&line, _(" draw pile %d."), g->draw.n);
	if (g->points) {
		/* TRANSLATORS: each player's score follows, " {p:0} 120,
		 * {p:1} 45", then ".". */
		game_cat(&line, _(" Scores (to %d):"), g->target);
		for (s = 0; s < g->nseats; s++)
			game_cat(&line, "%s {p:%d} %d", s > 0 ? "," : "", s,
			    g->score[s]);
		game_cat(&line, ".");
	}
	game_say_line(out, &line);
}

static void
liarsuno_view(const struct game *g, int seat, struct game_out *out)
{
	char *line = NULL;

	if (seat == GAME_PUBLIC) {
		say_status(g, out);
		return;
	}
	if (seat < 0 || seat >= g->nseats)
		return;
	if (!g->in[seat]) {
		game_say(out, seat, "%s", _("You have left this game"));
		return;
	}
	cat_prompt(g, seat, &line);
	cat_hand(g, seat, &line);
	game_say(out, seat, "%s", line + 1);
	free(line);
}

/* Places by a value per seat, higher first (points) or lower first
 * (cards held); equal values share a place; seats that left get 0. */
static void
place_by(const struct game *g, const int *v, int higher, unsigned first,
    struct game_result *r)
{
	int s, o, better;

	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s])
			continue;
		if (first & (1u << s)) {
			r->place[s] = 1;
			continue;
		}
		better = 0;
		for (o = 0; o < g->nseats; o++) {
			if (g->in[o] && ((first & (1u << o)) ||
			    (higher ? v[o] > v[s] : v[o] < v[s])))
				better++;
		}
		r->place[s] = better + 1;
	}
}

static void
liarsuno_result(const struct game *g, struct game_result *r)
{
	int held[GAME_MAX_SEATS] = { 0 }, s, n = 0, first = -1;

	memset(r, 0, sizeof *r);
	r->nseats = g->nseats;
	r->winner = r->loser = -1;
	if (g->points) {
		place_by(g, g->score, 1, 0, r);
		for (s = 0; s < g->nseats; s++)
			r->points[s] = g->score[s];
	} else {
		for (s = 0; s < g->nseats; s++) {
			held[s] = g->hand[s].n;
			if (g->winners & (1u << s))
				r->points[s] = g->hand_score;
		}
		place_by(g, held, 0, g->winners, r);
	}
	for (s = 0; s < g->nseats; s++) {
		if (r->place[s] == 1) {
			n++;
			first = s;
		}
	}
	if (n == 1)
		r->winner = first;
}

static const char *const liarsuno_rules[] = {
	/* TRANSLATORS: the rules of Liar's UNO, a line each for !rules;
	 * the cards (r5, ~bS, WLC) are written as players type them, and
	 * the text in {c:...} and {m:...} is a move as typed: both stay
	 * as they are. */
	N_("Be the first to play your last card. Match the top card by "
	"colour or by symbol, as in UNO: r5 is a red 5, ~bS a blue Skip, "
	"~gR a green Reverse, ~y+2 a yellow Draw Two, ~+4 a Wild Draw Four, "
	"WLC a Wild Liar's Challenge."),
	N_("A card with ~ is a Liar's Card: it goes face down, in private, "
	"with a claim that may be a lie, {m:play ~g3 as r7}. The others go "
	"face up: {c:play r5}, {c:play WLC red}. Or {c:draw} one, then "
	"play it or {c:pass}."),
	N_("Doubt a face-down card? {c:challenge}: if the claim was true "
	"you draw a card; a lie goes back to its player, who draws one "
	"more. Skip, Reverse, +2 and +4 act once the card stands: a caught "
	"lie does nothing."),
	N_("After your 7, {c:swap bob} swaps hands with bob; a 0 passes "
	"every hand on. With one card left call {c:uno}, or {c:play r5 "
	"uno}: caught first by someone else's {c:uno}, you draw two."),
	N_("After a WLC everyone else puts a card face down, in private, "
	"{m:put ~r5}: one of the colour named if they hold one. Its player "
	"turns them over one by one, {c:challenge bob}, until one is of "
	"the colour, or stops: {c:done}."),
	NULL,
};

const struct game_ops liarsuno_ops = {
	.name = "liarsuno",
	.title = "Liar's UNO",
	.brief = N_("UNO where Liar's Cards go down face down with a claim "
	    "that may be a lie: challenge, swap hands on 7s, and call UNO"),
	.rules = liarsuno_rules,
	.min_seats = 2,
	.max_seats = GAME_MAX_SEATS,
	.options = liarsuno_options,
	.cmds = liarsuno_cmds,
	.verbs = liarsuno_verbs,
	.reactions = 1u << VERB_CHALLENGE,
	.asides = 1u << VERB_UNO,
	.create = liarsuno_create,
	.destroy = liarsuno_destroy,
	.turn = liarsuno_turn,
	.parse = liarsuno_parse,
	.command = liarsuno_command,
	.check = liarsuno_check,
	.apply = liarsuno_apply,
	.timeout = liarsuno_timeout,
	.sample = liarsuno_sample,
	.view = liarsuno_view,
	.result = liarsuno_result,
	.invariants = liarsuno_invariants,
	.copy = liarsuno_copy,
	.observe = liarsuno_observe,
	.redeal = liarsuno_redeal,
	.claims = 1,
	.story = liarsuno_story,
	.reveal = liarsuno_reveal,
	.unseen = liarsuno_unseen,
	.ai = &liarsuno_ai,
};
