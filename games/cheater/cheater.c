/*
 * CHEATER: be the first to spell C-H-E-A-T-E-R in one suit.
 *
 * Rules in brief (docs/games/cheater.md has every choice in full).  70
 * cards: four suits of C C H H E E E E A A T T R R, and 4 TAKE, 4 SHOW,
 * 4 HIDE, 1 BUST, 1 WILD; 2-4 players, or 5-10 with two decks ("Party
 * Cheater").  Seven cards each; the draw pile's top card starts the
 * discard pile; everyone rolls two dice and the highest starts (ties roll
 * again).  Each turn begins with the bot rolling two dice for the player:
 *  - doubles take the CHEATER status (from whoever has it) and give this
 *    turn Cheater Power; doubles while already the CHEATER lose the turn
 *    and the status, which nobody holds until someone else rolls doubles;
 *  - otherwise the CHEATER plays with Cheater Power, anyone else a normal
 *    turn: draw one and discard one, or play an action card.
 * Cheater Power: draw two and discard two; or take the discard pile's top
 * and discard one; or name a player, see their hand (so does everyone),
 * take one card, discard one (maybe that one), and they draw one.  TAKE:
 * name a player, their hand is shown, take one, they draw one.  SHOW: the
 * same but look only, and you draw one.  BUST: their hand is shown, a die
 * is rolled, up to that many of their cards are discarded, you draw one,
 * they draw back to seven.  WILD plays as TAKE, SHOW, BUST or HIDE.  A
 * named player may HIDE (a window opens whatever they hold): they discard
 * it and draw one, an attacker who spent a card draws one, nothing is
 * shown.  A card drawn in a turn is no action until its holder's next
 * turn.  Every hand is back to seven at the end of a turn.  An empty draw
 * pile is refilled from the discard pile but its top card.  A hand that
 * holds CHEATER in one suit wins at once, whosever turn it is.
 *
 * Move grammar (what players type; the channel or private, anything goes
 * public anyway):
 *   draw | draw2 | grab             draw one; Cheater Power 1 and 2
 *   discard CARD...                 the cards a turn must discard
 *   take NICK | show NICK | bust NICK | wild take|show|bust NICK
 *   steal NICK                      Cheater Power 3
 *   hide | wild hide | pass         the named player's answer
 *   pick CARD                       after take/steal: the card taken
 *   drop [CARD...]                  after bust: the cards busted
 * A card is its suit's initial and its letter, either way round (rC, Er),
 * or an action's name (take, wild).
 *
 * Verbs and the move log (seats and card ids): leave; draw; draw2; grab;
 * take|show|bust VICTIM CARD; steal VICTIM; hide CARD; pass; pick CARD;
 * drop CARD...; discard CARD...; idle (the table's: the turn ran out, so
 * the top card of the draw pile goes through the seat's hand to the
 * discard pile).
 *
 * This file holds the state and the turn: the tables, create, the deal
 * and the roll for who starts, each turn's dice and the CHEATER status,
 * a win, what a move says (the public line, each seat's prompt and
 * hand), view and result.  What each move does, apply(), is
 * cheater-play.c's, which calls into this file and never back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "cheater.h"
#include "cheater-int.h"
#include "games/game.h"
#include "games/intl.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

static const struct game_option cheater_options[] = {
	{ "decks", 0, CH_MAX_DECKS, 0,
	    N_("decks of 70: 0 picks one for 2-4 players, two (Party "
	    "Cheater) for 5-10"),
	    /* TRANSLATORS: what the values 0, 1 and 2 of the option decks
	     * mean, split by |. */
	    N_("decks to suit the table|1 deck|2 decks (Party Cheater)") },
	{ NULL, 0, 0, 0, NULL, NULL },
};

/* Every command may be typed anywhere: what it does is shown anyway. */
static const struct game_cmd cheater_cmds[] = {
	[CMD_DRAW] = { "draw", NULL, GAME_WHERE_BOTH, "",
	    N_("draw a card, then discard one"), 0 },
	[CMD_DISCARD] = { "discard", "dis", GAME_WHERE_BOTH, "CARD...",
	    N_("discard what your turn must, e.g. discard rE"), 0 },
	[CMD_TAKE] = { "take", NULL, GAME_WHERE_BOTH, "NICK",
	    N_("play TAKE: see NICK's hand and take a card"), 1 },
	[CMD_SHOW] = { "show", NULL, GAME_WHERE_BOTH, "NICK",
	    N_("play SHOW: NICK's hand is shown to everyone"), 1 },
	[CMD_BUST] = { "bust", NULL, GAME_WHERE_BOTH, "NICK",
	    N_("play BUST: a die says how many of NICK's cards you "
	    "discard"), 1 },
	[CMD_WILD] = { "wild", NULL, GAME_WHERE_BOTH, "take|show|bust NICK, "
	    "or hide", N_("play WILD as another action card"), 2 },
	[CMD_HIDE] = { "hide", NULL, GAME_WHERE_BOTH, "",
	    N_("when you are named: play HIDE (or WILD) and show nothing"), 0 },
	[CMD_PASS] = { "pass", NULL, GAME_WHERE_BOTH, "",
	    N_("when you are named: do not hide"), 0 },
	[CMD_PICK] = { "pick", NULL, GAME_WHERE_BOTH, "CARD",
	    N_("after take or steal: the card you take"), 0 },
	[CMD_DROP] = { "drop", NULL, GAME_WHERE_BOTH, "[CARD...]",
	    N_("after bust: the cards you discard from their hand"), 0 },
	[CMD_DRAW2] = { "draw2", "cp1", GAME_WHERE_BOTH, "",
	    N_("Cheater Power: draw two cards, then discard two"), 0 },
	[CMD_GRAB] = { "grab", "cp2", GAME_WHERE_BOTH, "",
	    N_("Cheater Power: take the discard pile's top card, discard one"),
	    0 },
	[CMD_STEAL] = { "steal", "cp3", GAME_WHERE_BOTH, "NICK",
	    N_("Cheater Power: see NICK's hand, take a card, discard one"), 1 },
	{ NULL, NULL, 0, NULL, NULL, 0 },
};

static const char *const cheater_verbs[] = {
	"leave", "draw", "draw2", "grab", "take", "show", "bust", "steal",
	"hide", "pass", "pick", "drop", "discard", "idle", NULL,
};

/* The names are keys, stored; the titles are shown. */
static const struct game_title cheater_titles[] = {
	{ "excellent", N_("Excellent Cheater"), 0, 2, 0 },
	{ "ultimate", N_("Ultimate Cheater"), 1, 2, 0 },
	{ "infinite", N_("Infinite Cheater"), 1, 3, 1 },
	{ NULL, NULL, 0, 0, 0 },
};

int
ch_nactive(const struct game *g)
{
	int s, n = 0;

	for (s = 0; s < g->nseats; s++)
		n += g->in[s];
	return n;
}

/* The next seat still playing left of seat (never seat), or -1. */
int
ch_next_in(const struct game *g, int seat)
{
	int i, s;

	for (i = 1; i < g->nseats; i++) {
		s = (seat + i) % g->nseats;
		if (g->in[s])
			return s;
	}
	return -1;
}

/* One die: a forced one first (tests), else the game's own. */
int
ch_roll(struct game *g)
{
	int d;

	if (g->nforced > 0) {
		d = g->forced[0];
		memmove(g->forced, g->forced + 1,
		    (size_t)--g->nforced * sizeof g->forced[0]);
		return d;
	}
	return (int)rng_below(&g->rng, 6) + 1;
}

/* The face as markup in a string of its own, to go into a sentence; the
 * caller frees it. */
char *
ch_face_text(int face)
{
	char *text = NULL;

	ch_cat_face(&text, face);
	return text;
}

/* If seat's hand spells CHEATER, the game is won: 1 when it is over. */
int
ch_won(struct game *g, int seat, struct said *sd)
{
	static const int word[CH_HAND] = { L_C, L_H, L_E, L_A, L_T, L_E,
	    L_R };
	char *spelt = NULL;
	int suit, i;

	if (g->phase == PH_OVER || (suit = ch_spells(&g->hand[seat])) < 0)
		return g->phase == PH_OVER;
	g->phase = PH_OVER;
	g->winner = seat;
	g->win_suit = suit;
	for (i = 0; i < CH_HAND; i++) {
		if (i > 0)
			game_cat(&spelt, " ");
		ch_cat_face(&spelt, suit * CH_LETTERS + word[i]);
	}
	/* TRANSLATORS: %s is a suit (red), then its seven cards. */
	game_cat(ch_said_to(sd, &sd->tail), _(" {p:%d} spells CHEATER in %s: %s! {p:%d} "
	    "wins!"), seat, _(ch_suit_name(suit)), spelt, seat);
	free(spelt);
	return 1;
}

/* The turn of seat begins: its dice are rolled, and doubles move the
 * CHEATER status (or lose the turn). */
static void
start_turn(struct game *g, int seat, struct said *sd)
{
	int i, prev;

	for (;;) {
		g->turn = seat;
		for (i = 0; i < g->hand[seat].n; i++)
			g->fresh[g->hand[seat].c[i]] = 0;
		g->dice[0] = ch_roll(g);
		g->dice[1] = ch_roll(g);
		game_cat(ch_said_to(sd, &sd->pub), _(" {p:%d} rolls %d and %d."), seat,
		    g->dice[0], g->dice[1]);
		if (g->dice[0] != g->dice[1]) {
			g->power = g->cheater == seat;
			break;
		}
		if (g->cheater != seat) {
			prev = g->cheater;
			g->cheater = seat;
			g->power = 1;
			if (prev >= 0)
				game_cat(ch_said_to(sd, &sd->pub), _(" Doubles! {p:%d} takes "
				    "the CHEATER status from {p:%d}."), seat,
				    prev);
			else
				game_cat(ch_said_to(sd, &sd->pub), _(" Doubles! {p:%d} is the "
				    "CHEATER."), seat);
			break;
		}
		g->cheater = -1;
		game_cat(ch_said_to(sd, &sd->pub), _(" Doubles while the CHEATER: {p:%d} "
		    "loses the turn and the status."), seat);
		seat = ch_next_in(g, seat);
	}
	g->phase = PH_TURN;
	g->need = 0;
	g->victim = -1;
	g->attack = 0;
	game_cat(ch_said_to(sd, &sd->pub), g->power ? _(" {p:%d} to play with Cheater "
	    "Power.") : _(" {p:%d} to play."), seat);
}

/* Appends what the move's draws brought about to its public line. */
static void
flush_tail(struct said *sd)
{
	if (sd->tail == NULL)
		return;
	game_cat(ch_said_to(sd, &sd->pub), "%s", sd->tail);
	free(sd->tail);
	sd->tail = NULL;
}

/* The turn is over: every hand holds seven again; the next one starts. */
void
ch_end_turn(struct game *g, struct said *sd)
{
	flush_tail(sd);
	start_turn(g, ch_next_in(g, g->turn), sd);
}

/* The action card of an attack verb, as typed: TAKE, SHOW or BUST. */
const char *
ch_action_word(int verb)
{
	return verb == VERB_TAKE ? "TAKE" : verb == VERB_SHOW ? "SHOW" :
	    "BUST";
}

/* Appends to *line what seat is asked to do now, if anything: always
 * starting "Your turn", and said first in the seat's line (ch_say_all()),
 * before the news, so that the line a player must act on starts so. */
static void
cat_prompt(const struct game *g, int seat, char **line)
{
	const struct cards *h = &g->hand[seat];
	int f;

	if (g->phase == PH_HIDE && seat == g->victim) {
		if (g->attack == VERB_STEAL)
			game_cat(line, _(" Your turn to answer: {p:%d} aims "
			    "Cheater Power at you: hide keeps your hand "
			    "hidden, or pass."), g->turn);
		else
			/* TRANSLATORS: %s is the card played: TAKE, SHOW or
			 * BUST; hide and pass are typed as they are. */
			game_cat(line, _(" Your turn to answer: {p:%d} aims %s "
			    "at you: hide keeps your hand hidden, or pass."),
			    g->turn, ch_action_word(g->attack));
		if (ch_find(g, h, FACE_HIDE, 0, 0, NULL, 0) < 0 &&
		    ch_find(g, h, FACE_WILD, 0, 0, NULL, 0) < 0)
			game_cat(line, _(" (You hold no HIDE or WILD.)"));
		return;
	}
	if (seat != g->turn || g->phase == PH_OVER || g->phase == PH_HIDE)
		return;
	switch (g->phase) {
	case PH_TURN:
		/* TRANSLATORS: the dice; then the commands, as typed
		 * (draw, and more, each after ", "), and "." end the line. */
		game_cat(line, g->power ? _(" Your turn (%d and %d, Cheater "
		    "Power): draw") : _(" Your turn (%d and %d): draw"),
		    g->dice[0], g->dice[1]);
		if (g->power)
			game_cat(line, ", draw2, grab, steal NICK");
		for (f = FACE_TAKE; f < CH_FACES; f++) {
			if (f == FACE_HIDE ||
			    ch_find(g, h, f, 1, 0, NULL, 0) < 0)
				continue;
			if (f == FACE_WILD)
				game_cat(line, ", wild take|show|bust NICK");
			else
				game_cat(line, ", %s NICK", f == FACE_TAKE ?
				    "take" : f == FACE_SHOW ? "show" : "bust");
		}
		game_cat(line, ".");
		break;
	case PH_DISCARD:
		/* TRANSLATORS: discard is typed as it is; CARD stands
		 * for a card, once for each card to discard. */
		game_cat(line, ngettext(" Your turn: discard %d (discard "
		    "CARD).", " Your turn: discard %d (discard CARD CARD).",
		    g->need), g->need);
		break;
	case PH_PICK:
		game_cat(line, _(" Your turn: take one of {p:%d}'s cards "
		    "(pick CARD)."), g->victim);
		break;
	case PH_BUST:
		game_cat(line, ngettext(" Your turn: bust up to %d of "
		    "{p:%d}'s cards (drop CARD...; drop alone busts none).",
		    " Your turn: bust up to %d of {p:%d}'s cards (drop "
		    "CARD...; drop alone busts none).", g->die), g->die,
		    g->victim);
		break;
	default:
		break;
	}
}

/* Appends seat's hand, and which suit it is nearest to spelling. */
static void
cat_hand(const struct game *g, int seat, char **line)
{
	const struct cards *h = &g->hand[seat];
	int suit = ch_best_suit(h), i, fresh = 0;
	char *cards = NULL;

	ch_cat_cards(&cards, h);
	/* A HIDE defends at once, however it came; the rest wait. */
	for (i = 0; i < h->n; i++)
		fresh += g->fresh[h->c[i]] && ch_face(h->c[i]) >= FACE_TAKE &&
		    ch_face(h->c[i]) != FACE_HIDE;
	/* TRANSLATORS: the cards, then the suit the hand is nearest to
	 * spelling (red) and how many of its 7 letters it holds. */
	game_cat(line, fresh > 0 ? _(" Hand: %s (%s %d/7; actions drawn "
	    "since your turn began attack from your next turn)") :
	    _(" Hand: %s (%s %d/7)"), cards != NULL ? cards : "",
	    _(ch_suit_name(suit)), ch_progress(h, suit));
	free(cards);
}

/* Says everything gathered in sd: the public line, then one private line
 * to each seat that has news, a changed hand or something to do: what
 * to do first ("Your turn ..."), then the news, then the hand. */
void
ch_say_all(const struct game *g, struct said *sd, struct game_out *out)
{
	char *line, *news;
	int s;

	flush_tail(sd);
	game_say_line(out, &sd->pub);
	for (s = 0; s < g->nseats; s++) {
		news = sd->priv[s];
		sd->priv[s] = NULL;
		line = NULL;
		if (g->in[s])
			cat_prompt(g, s, &line);
		game_cat_take(&line, news);
		if (line == NULL && !(sd->hands & (1u << s)))
			continue;
		if (g->in[s])
			cat_hand(g, s, &line);
		/* Each piece starts with a space to join the next. */
		game_say(out, s, "%s", line[0] == ' ' ? line + 1 : line);
		free(line);
	}
}

/* The public line that starts a game, with the roll for who starts. */
static int
roll_off(struct game *g, struct said *sd)
{
	int tied[GAME_MAX_SEATS], ntied = g->nseats, sum[GAME_MAX_SEATS];
	int i, best, n, a, b, round = 0;

	for (i = 0; i < g->nseats; i++)
		tied[i] = (g->dealer + 1 + i) % g->nseats;
	while (ntied > 1) {
		/* TRANSLATORS: followed by the rolls, " {p:0} 3+5" each,
		 * split by ",". */
		game_cat(ch_said_to(sd, &sd->pub), round++ == 0 ? _(" Rolls to start:") :
		    _(" Tie! Again:"));
		best = 0;
		for (i = 0; i < ntied; i++) {
			a = ch_roll(g);
			b = ch_roll(g);
			sum[i] = a + b;
			game_cat(ch_said_to(sd, &sd->pub), "%s {p:%d} %d+%d", i > 0 ? "," : "",
			    tied[i], a, b);
			if (sum[i] > best)
				best = sum[i];
		}
		game_cat(ch_said_to(sd, &sd->pub), ".");
		for (i = n = 0; i < ntied; i++) {
			if (sum[i] == best)
				tied[n++] = tied[i];
		}
		ntied = n;
	}
	return tied[0];
}

void
ch_deal(struct game *g, int first, struct game_out *out)
{
	struct said sd;
	char *top;
	int s;

	memset(&sd, 0, sizeof sd);
	sd.quiet = game_quiet(out);
	top = ch_face_text(ch_face(g->discard.c[g->discard.n - 1]));
	/* TRANSLATORS: the number of players (2 or more), the dealer, the
	 * discard pile's top card. */
	game_cat(ch_said_to(&sd, &sd.pub), g->decks == 1 ? _("CHEATER for %d players with one "
	    "deck, dealt by {p:%d}. Spell C-H-E-A-T-E-R in one suit to win. "
	    "The discard pile shows %s.") : _("CHEATER for %d players with "
	    "two decks (Party Cheater), dealt by {p:%d}. Spell C-H-E-A-T-E-R "
	    "in one suit to win. The discard pile shows %s."), g->nseats,
	    g->dealer, top);
	free(top);
	for (s = 0; s < g->nseats; s++)
		sd.hands |= 1u << s;
	if (first < 0) {
		first = roll_off(g, &sd);
		game_cat(ch_said_to(&sd, &sd.pub), _(" {p:%d} starts."), first);
	}
	for (s = 0; s < g->nseats && g->phase != PH_OVER; s++)
		ch_won(g, (first + s) % g->nseats, &sd);
	if (g->phase != PH_OVER)
		start_turn(g, first, &sd);
	ch_say_all(g, &sd, out);
}

static struct game *
cheater_create(const struct game_opts *opts, int nseats, int dealer,
    const struct rng *rng, struct game_out *out, char **cause)
{
	struct game *g;
	struct cards deck;
	int decks = opts->v[OPT_DECKS], i, s;

	decks = game_decks(&cheater_ops, nseats, dealer, decks, ONE_DECK_MAX_SEATS,
	    cause);
	if (decks < 0)
		return NULL;

	g = xcalloc(1, sizeof *g);
	g->hand = xcalloc((size_t)nseats, sizeof *g->hand);
	g->nseats = nseats;
	g->decks = decks;
	g->dealer = dealer;
	g->rng = *rng;
	g->cheater = g->winner = g->win_suit = g->victim = -1;
	for (s = 0; s < nseats; s++)
		g->in[s] = 1;
	cards_clear(&deck);
	for (i = 0; i < decks * CH_DECK; i++)
		cards_add(&deck, i);
	rng_shuffle(&g->rng, deck.c, (size_t)deck.n);
	/* Seven each, one at a time from the dealer's left. */
	for (i = 0; i < nseats * CH_HAND; i++)
		cards_add(&g->hand[(dealer + 1 + i) % nseats],
		    deck.c[deck.n - 1 - i]);
	deck.n -= nseats * CH_HAND;
	g->draw = deck;
	cards_add(&g->discard, g->draw.c[--g->draw.n]);
	g->pub[g->discard.c[0]] = 1;
	ch_deal(g, -1, out);
	return g;
}

static void
cheater_destroy(struct game *g)
{
	free(g->hand);
	free(g);
}

void
cheater_turn(const struct game *g, struct game_turn *t)
{
	memset(t, 0, sizeof *t);
	t->over = g->phase == PH_OVER;
	t->seat = t->over || g->phase == PH_HIDE ? -1 : g->turn;
	t->accused = t->speaker = -1;
	if (g->phase == PH_HIDE) {
		t->window = 1u << g->victim;
		t->accused = g->turn;
	}
}

static void
say_status(const struct game *g, struct game_out *out)
{
	char *line = NULL, *top;
	int s;

	if (g->phase == PH_OVER) {
		if (g->win_suit >= 0)
			/* TRANSLATORS: %s is the suit spelled (red). */
			game_cat(&line, _("Game over: {p:%d} won in %s."),
			    g->winner, _(ch_suit_name(g->win_suit)));
		else
			game_cat(&line, _("Game over: {p:%d} won."),
			    g->winner);
	} else {
		/* TRANSLATORS: the dice; what the player does now may
		 * follow (": {p:1} may hide"), then "." ends the sentence. */
		game_cat(&line, g->power ? _("{p:%d}'s turn (rolled %d and "
		    "%d, Cheater Power)") : _("{p:%d}'s turn (rolled %d and "
		    "%d)"), g->turn, g->dice[0], g->dice[1]);
		if (g->phase == PH_HIDE)
			/* TRANSLATORS: after "{p:0}'s turn (rolled 3 and
			 * 5)", before ".". */
			game_cat(&line, _(": {p:%d} may hide"), g->victim);
		else if (g->phase == PH_PICK)
			/* TRANSLATORS: as ": {p:%d} may hide". */
			game_cat(&line, _(": picks a card of {p:%d}"),
			    g->victim);
		else if (g->phase == PH_BUST)
			/* TRANSLATORS: as ": {p:%d} may hide"; %d is how
			 * many cards may be busted. */
			game_cat(&line, ngettext(": busts up to %d of "
			    "{p:%d}'s cards", ": busts up to %d of {p:%d}'s "
			    "cards", g->die), g->die, g->victim);
		else if (g->phase == PH_DISCARD)
			/* TRANSLATORS: as ": {p:%d} may hide"; %d is how
			 * many cards to discard. */
			game_cat(&line, ngettext(": discards %d",
			    ": discards %d", g->need), g->need);
		game_cat(&line, ".");
	}
	if (g->cheater >= 0)
		game_cat(&line, _(" CHEATER: {p:%d}."), g->cheater);
	else
		game_cat(&line, _(" Nobody is the CHEATER."));
	if (g->discard.n > 0) {
		top = ch_face_text(ch_face(g->discard.c[g->discard.n - 1]));
		/* TRANSLATORS: the top card, the number of cards of the
		 * discard pile, and of the draw pile. */
		game_cat(&line, _(" Discard pile: %s on top (%d). Draw pile: "
		    "%d."), top, g->discard.n, g->draw.n);
		free(top);
	} else
		game_cat(&line, _(" Discard pile: empty on top (%d). Draw "
		    "pile: %d."), g->discard.n, g->draw.n);
	for (s = 0; s < g->nseats; s++) {
		if (!g->in[s])
			game_cat(&line, _(" {p:%d} has left."), s);
	}
	game_say_line(out, &line);
}

static void
cheater_view(const struct game *g, int seat, struct game_out *out)
{
	char *line = NULL;

	if (seat == GAME_PUBLIC) {
		say_status(g, out);
		return;
	}
	if (seat < 0 || seat >= g->nseats)
		return;
	if (!g->in[seat]) {
		game_say(out, seat, _("You have left this game"));
		return;
	}
	cat_prompt(g, seat, &line);
	cat_hand(g, seat, &line);
	game_say(out, seat, "%s", line + 1);
	free(line);
}

static void
cheater_result(const struct game *g, struct game_result *r)
{
	int s;

	memset(r, 0, sizeof *r);
	r->nseats = g->nseats;
	r->winner = g->winner;
	r->loser = -1;
	for (s = 0; s < g->nseats; s++) {
		r->place[s] = !g->in[s] ? 0 : s == g->winner ? 1 : 2;
		r->points[s] = ch_progress(&g->hand[s],
		    ch_best_suit(&g->hand[s]));
	}
	/* The suit in English: the detail is stored and compared. */
	if (g->winner >= 0 && g->win_suit >= 0)
		snprintf(r->detail[g->winner], sizeof r->detail[g->winner],
		    "%s", ch_suit_name(g->win_suit));
}

static const char *const cheater_rules[] = {
	N_("Be the first to hold C, H, E, A, T, E and R of one suit: red, "
	"yellow, purple or blue (rC is the red C). You hold seven cards; "
	"every move may be typed in the channel or in private."),
	N_("Your turn starts with the bot rolling two dice for you. Then "
	"{c:draw} a card and {c:discard rE}, or play an action card "
	"instead: {c:take bob} to see bob's hand and {c:pick yA} from it, "
	"or {c:show bob} to show it to everyone and draw a card."),
	N_("{c:bust bob} shows it too, and a die says how many of bob's "
	"cards you may {c:drop rC yE}. {c:wild show bob} plays your WILD as "
	"any action. Named by one? {c:hide} (with a HIDE or WILD) shows "
	"nothing; {c:pass} lets it happen."),
	N_("Doubles make you the CHEATER, who may use Cheater Power on every "
	"turn: {c:draw2} then discard two, {c:grab} the discard pile's top "
	"card, or {c:steal bob}. The CHEATER's own doubles lose the turn "
	"and the status."),
	NULL,
};

const struct game_ops cheater_ops = {
	.name = "cheater",
	.title = "CHEATER",
	.brief = N_("roll dice, draw, take, show, bust and hide: the first "
	    "to spell C-H-E-A-T-E-R in one suit wins"),
	.rules = cheater_rules,
	.min_seats = 2,
	.max_seats = GAME_MAX_SEATS,
	.options = cheater_options,
	.cmds = cheater_cmds,
	.verbs = cheater_verbs,
	.titles = cheater_titles,
	.reactions = 1u << VERB_HIDE | 1u << VERB_PASS,
	.create = cheater_create,
	.destroy = cheater_destroy,
	.turn = cheater_turn,
	.parse = cheater_parse,
	.command = cheater_command,
	.check = cheater_check,
	.apply = cheater_apply,
	.timeout = cheater_timeout,
	.sample = cheater_sample,
	.view = cheater_view,
	.result = cheater_result,
	.invariants = cheater_invariants,
	.copy = cheater_copy,
	.observe = cheater_observe,
	.redeal = cheater_redeal,
	.claims = 0,
	.story = cheater_story,
	.reveal = cheater_reveal,
	.unseen = cheater_unseen,
	.ai = &cheater_ai,
};
