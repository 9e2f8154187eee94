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
#include "liarsuno.h"
#include "liarsuno-int.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

static const struct game_option liarsuno_options[] = {
	[OPT_POINTS] = { "points", 0, 1, 0,
	    "1: play hands, scoring the cards left to the winner, until "
	    "someone reaches target", "one hand|played for points" },
	[OPT_TARGET] = { "target", 50, 2000, 500,
	    "with points: the score that ends the game", "to # points" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

/* play twice: face up in the channel, face down (or up) in private. */
static const struct game_cmd liarsuno_cmds[] = {
	[CMD_PLAY_UP] = { "play", NULL, GAME_WHERE_CHANNEL,
	    "CARD [COLOUR] [uno]",
	    "play a Regular Card face up, e.g. play r5; a WLC names a "
	    "colour: play WLC red", 0 },
	[CMD_PLAY] = { "play", NULL, GAME_WHERE_PRIVATE,
	    "CARD [as CLAIM] [COLOUR] [uno]",
	    "play a card face down with a claim, e.g. play ~g3 as r7 (a "
	    "Regular Card without as goes face up)", 0 },
	[CMD_DRAW] = { "draw", "d", GAME_WHERE_BOTH, "",
	    "draw a card, then play it or pass", 0 },
	[CMD_PASS] = { "pass", "keep", GAME_WHERE_BOTH, "",
	    "after drawing: keep the card", 0 },
	[CMD_SWAP] = { "swap", NULL, GAME_WHERE_BOTH, "NICK",
	    "after your 7: take NICK's hand, NICK takes yours", 1 },
	[CMD_CHALLENGE] = { "challenge", "liar ch", GAME_WHERE_BOTH,
	    "[NICK]", "turn over the face-down card; after your WLC, "
	    "turn over NICK's put card", 1 },
	[CMD_UNO] = { "uno", NULL, GAME_WHERE_BOTH, "",
	    "call UNO on one card, or catch a player who owes the call", 0 },
	[CMD_PUT] = { "put", NULL, GAME_WHERE_PRIVATE, "CARD",
	    "for a Wild Liar's Challenge: your card face down, e.g. put ~r5",
	    0 },
	[CMD_DONE] = { "done", NULL, GAME_WHERE_BOTH, "",
	    "after your WLC: turn no more put cards over; those not turned "
	    "go under the WLC", 0 },
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
		    lu_colour_name(g->colour), g->sym == SYM_WD4 ? "+4" :
		    "WLC");
}

/* Appends the seats of bits: "{p:1}, {p:3}". */
static void
cat_seats(char **line, unsigned bits)
{
	int s, n = 0;

	for (s = 0; s < GAME_MAX_SEATS; s++) {
		if (bits & (1u << s))
			game_cat(line, "%s{p:%d}", n++ > 0 ? ", " : "", s);
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
		game_cat(line, " Your turn, on ");
		lu_cat_match(g, line);
		game_cat(line, ": play CARD, play CARD as CLAIM (to me), or "
		    "draw.");
		return;
	case PH_DRAWN:
		if (seat != g->turn)
			return;
		game_cat(line, " Your turn: you drew ");
		lu_cat_card(line, g->drawn);
		game_cat(line, ": play it on ");
		lu_cat_match(g, line);
		game_cat(line, ", or pass.");
		return;
	case PH_SWAP:
		if (seat == g->turn)
			game_cat(line, " Your turn: your 7 swaps hands: swap "
			    "NICK takes their hand for yours.");
		return;
	case PH_PUT:
		if (!(g->owe_put & (1u << seat)))
			return;
		game_cat(line, " Your turn: Wild Liar's Challenge: put a "
		    "{%s:%s} card face down, to me: put CARD (without one, "
		    "put any card and bluff).", lu_colour_markup(g->wlc_colour),
		    lu_colour_name(g->wlc_colour));
		return;
	case PH_ACCUSE:
		if (seat != g->turn)
			return;
		game_cat(line, " Your turn: turn the put cards over, one at a "
		    "time: challenge NICK (");
		cat_seats(line, g->unturned);
		game_cat(line, "), or stop: done.");
		return;
	default:
		return;
	}
}

/* Appends seat's hand. */
static void
cat_hand(const struct game *g, int seat, char **line)
{
	game_cat(line, " Hand (%d)%s", g->hand[seat].n,
	    g->hand[seat].n > 0 ? ": " : "");
	lu_cat_cards(line, &g->hand[seat]);
	if (g->put[seat] >= 0) {
		game_cat(line, "; put: ");
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
		game_cat(sd->pub, " The draw pile ran out: the discard pile "
		    "but its top was shuffled into a new one.");
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
		game_cat(sd->pub, " Hand %d of Liar's UNO to %d points",
		    g->nhand, g->target);
	else
		game_cat(sd->pub, " Liar's UNO for %d players",
		    lu_nactive(g));
	game_cat(sd->pub, ", dealt by {p:%d}. The discard pile shows ",
	    g->dealer);
	lu_cat_card(sd->pub, g->discard.c[g->discard.n - 1]);
	if (lu_face_colour(face) == LU_WILD)
		game_cat(sd->pub, " (%s)", lu_colour_name(g->colour));
	game_cat(sd->pub, ". {p:%d} starts%s.", first, reversed ?
	    ", counter-clockwise" : "");
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
		game_cat(line, " {p:%d} to play.", g->turn);
		break;
	case PH_DRAWN:
		game_cat(line, " {p:%d} drew a card: plays it or passes.",
		    g->turn);
		break;
	case PH_SWAP:
		game_cat(line, " {p:%d} played a 7 and swaps hands.", g->turn);
		break;
	case PH_OPEN:
		if (g->hand[g->down_seat].n == 0) {
			game_cat(line, " {p:%d}'s last card may be challenged.",
			    g->down_seat);
			break;
		}
		game_cat(line, " {p:%d}'s face-down \"", g->down_seat);
		lu_cat_claim(line, g->down_claim);
		game_cat(line, "\" may be challenged before it takes effect.");
		break;
	case PH_PUT:
		game_cat(line, " Wild Liar's Challenge by {p:%d}: waiting "
		    "for ", g->wlc_seat);
		cat_seats(line, g->owe_put);
		game_cat(line, " to put a card.");
		break;
	default:
		game_cat(line, " Wild Liar's Challenge: {p:%d} turns over "
		    "put cards (", g->wlc_seat);
		cat_seats(line, g->unturned);
		game_cat(line, ").");
		break;
	}
	if (g->down >= 0 && g->phase == PH_TURN) {
		game_cat(line, " {p:%d}'s face-down \"", g->down_seat);
		lu_cat_claim(line, g->down_claim);
		game_cat(line, "\" may be challenged.");
	}
}

/* The status line: what to match, whose move, hands and scores. */
static void
say_status(const struct game *g, struct game_out *out)
{
	char *line = NULL;
	int s;

	if (g->phase == PH_OVER) {
		game_cat(&line, "Game over: ");
		cat_seats(&line, g->winners);
		game_cat(&line, " won.");
	} else {
		if (g->points)
			game_cat(&line, "Hand %d. ", g->nhand);
		game_cat(&line, "To match: ");
		lu_cat_match(g, &line);
		game_cat(&line, ", %s.", g->dir > 0 ? "clockwise" :
		    "counter-clockwise");
		cat_waiting(g, &line);
	}
	game_cat(&line, " Cards:");
	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s])
			game_cat(&line, " {p:%d} left,", s);
		else
			game_cat(&line, " {p:%d} %d%s,", s, g->hand[s].n,
			    g->uno_due & (1u << s) ? " (owes UNO)" : "");
	}
	game_cat(&line, " draw pile %d.", g->draw.n);
	if (g->points) {
		game_cat(&line, " Scores (to %d):", g->target);
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
		game_say(out, seat, "You have left this game");
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
	"Be the first to play your last card. Match the top card by colour "
	"or by symbol, as in UNO: r5 is a red 5, ~bS a blue Skip, ~gR a "
	"green Reverse, ~y+2 a yellow Draw Two, ~+4 a Wild Draw Four, WLC "
	"a Wild Liar's Challenge.",
	"A card with ~ is a Liar's Card: it goes face down, in private, "
	"with a claim that may be a lie, {m:play ~g3 as r7}. The others go "
	"face up: {c:play r5}, {c:play WLC red}. Or {c:draw} one, then "
	"play it or {c:pass}.",
	"Doubt a face-down card? {c:challenge}: if the claim was true you "
	"draw a card; a lie goes back to its player, who draws one more. "
	"Skip, Reverse, +2 and +4 act once the card stands: a caught lie "
	"does nothing.",
	"After your 7, {c:swap bob} swaps hands with bob; a 0 passes every "
	"hand on. With one card left call {c:uno}, or {c:play r5 uno}: "
	"caught first by someone else's {c:uno}, you draw two.",
	"After a WLC everyone else puts a card face down, in private, "
	"{m:put ~r5}: one of the colour named if they hold one. Its player "
	"turns them over one by one, {c:challenge bob}, until one is of "
	"the colour, or stops: {c:done}.",
	NULL,
};

const struct game_ops liarsuno_ops = {
	.name = "liarsuno",
	.title = "Liar's UNO",
	.brief = "UNO where Liar's Cards go down face down with a claim that "
	    "may be a lie: challenge, swap hands on 7s, and call UNO",
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
