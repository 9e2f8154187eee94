/*
 * Cheat (also called Bluff, BS, I Doubt It): a shedding game of lies.
 *
 * Rules in brief (docs/games/cheat.md has every choice in full).  One deck
 * for 2-4 players, two for 5-10 (option decks; one deck allowed up to 6).
 * The whole deck is dealt one card at a time from the left of the dealer,
 * and that seat opens.  The first play of a round is face up: cards of one
 * rank, declared as what they are.  Every later play is face down and must
 * be declared as the same rank, one up or one down (aces are high and low:
 * K-A-2).  The declaration is a count and a rank; the channel sees how many
 * cards were really laid, so a count that differs is a visible lie.  Until
 * the next play, anyone else still in may call cheat: the cards are shown;
 * if any is not of the declared rank, or the count is wrong, the liar takes
 * the pile and the caller opens a new round, else the caller takes the pile
 * and the player left of the accused opens.  Emptying your hand wins once no
 * right call follows (the table closes that window).  With option loser,
 * players who empty their hands leave in finishing order and the last one
 * holding cards loses.
 *
 * Move grammar (what players type, private message):
 *   play CARD... [as [COUNT] RANK]     aliases: lay, put
 *       play 4h 4d 7c as three queens / play 4h as q / play qh qs
 *     Without "as" the cards must all be of one rank and are declared as
 *     what they are (a face-up opening play needs no "as").
 *   cheat                              aliases: cheater, bs (channel too)
 *
 * Verbs and the move log:
 *   leave                  the seat leaves; its cards go under the pile
 *   play COUNT RANK ID...  declared count and rank (1..13), then card ids
 *   cheat ACCUSED          a challenge of ACCUSED's last play
 *   close                  (table) nobody called cheat on a play that
 *                          emptied a hand
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "cheat.h"
#include "cheat-int.h"
#include "games/game.h"
#include "games/intl.h"
#include "alloc/xalloc.h"

static const struct game_option cheat_options[] = {
	{ "decks", 0, CARDS_MAX_DECKS, 0,
	    N_("decks of 52: 0 picks one for 2-4 players, two for 5-10"),
	    /* TRANSLATORS: the option's values in words, for the
	     * lobby line: one form per value from the lowest on,
	     * separated by '|' (keep the number of forms). */
	    N_("decks to suit the table|1 deck|2 decks") },
	{ "loser", 0, 1, 0,
	    N_("play on until one player still holds cards: the loser"),
	    /* TRANSLATORS: the option's values in words, for the
	     * lobby line: one form per value from the lowest on,
	     * separated by '|' (keep the number of forms). */
	    N_("played for a winner|loser game") },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct game_cmd cheat_cmds[] = {
	{ "play", "lay put", GAME_WHERE_PRIVATE,
	    /* TRANSLATORS: the play command's arguments: the words in
	     * capitals stand for what a player types; "as" is typed as
	     * it is. */
	    N_("CARD... [as [COUNT] RANK]"),
	    N_("lay cards and declare them, e.g. play 4h 7c as two fours"),
	    0 },
	{ "cheat", "cheater bs", GAME_WHERE_BOTH, "",
	    N_("call the last play a lie; its cards are shown"), 0 },
	{ NULL, NULL, 0, NULL, NULL, 0 },
};

static const char *const cheat_verbs[] = {
	"leave", "play", "cheat", "close", NULL,
};

int
cheat_nactive(const struct game *g)
{
	int s, n = 0;

	for (s = 0; s < g->nseats; s++)
		n += g->state[s] == SEAT_IN;
	return n;
}

int
cheat_next_active(const struct game *g, int seat)
{
	int i, s;

	for (i = 1; i < g->nseats; i++) {
		s = (seat + i) % g->nseats;
		if (g->state[s] == SEAT_IN)
			return s;
	}
	return -1;
}

/* 1 if rank may be declared after a declaration of last: the same, one up
 * or one down, aces high and low. */
int
cheat_rank_allowed(int last, int rank)
{
	return rank == last || rank == cards_rank_step(last, -1) ||
	    rank == cards_rank_step(last, 1);
}

/* "jacks, queens or kings": what may be declared after last. */
void
cheat_allowed_text(int last, char *buf, size_t size)
{
	/* TRANSLATORS: the three ranks (plural) that may be declared
	 * next, the last with its "or": "jacks, queens or kings" is
	 * "jacks", "queens" and "or kings". */
	snprintf(buf, size, _("%s, %s %s"),
	    cards_rank_plural(cards_rank_step(last, -1)),
	    cards_rank_plural(last),
	    cards_rank_or(cards_rank_step(last, 1)));
}

static void
say_hand(const struct game *g, int seat, struct game_out *out)
{
	char *text;

	if (game_quiet(out))
		return;
	if (g->state[seat] == SEAT_LEFT || g->state[seat] == SEAT_GONE) {
		game_say(out, seat, _("You have left this game"));
		return;
	}
	if (g->hand[seat].n == 0) {
		game_say(out, seat, _("Your hand is empty"));
		return;
	}
	text = cards_list_markup(&g->hand[seat]);
	game_say(out, seat, _("Your hand (%d): %s"), g->hand[seat].n, text);
	free(text);
}

/* The seat cheat_prompt() prompts now, or -1: the seat to play, unless
 * the game is over or a question comes first. */
static int
cheat_prompted(const struct game *g)
{
	if (g->over || g->turn < 0 || g->answering || g->asker >= 0)
		return -1;
	return g->turn;
}

/* Tells the seat to play, privately, that it is their turn, what they may
 * declare, and their hand: "Your turn: declare threes, fours or fives.
 * Your hand (11): ...".  The channel line names them too; this is the line
 * that a player who is not watching the channel sees.  It is the only
 * line the move sends that seat, so the bot's one line to them starts
 * with it. */
static void
cheat_prompt(const struct game *g, struct game_out *out)
{
	int seat = cheat_prompted(g);
	char ranks[64], *text;

	if (seat < 0 || game_quiet(out))
		return;
	text = cards_list_markup(&g->hand[seat]);
	if (!g->ordered && g->rank == 0)
		game_say(out, seat, _("Your turn: open the round face up, "
		    "cards of one rank. Your hand (%d): %s"), g->hand[seat].n,
		    text);
	else {
		if (g->ordered)
			snprintf(ranks, sizeof ranks, "%s",
			    cards_rank_plural(g->want));
		else
			cheat_allowed_text(g->rank, ranks, sizeof ranks);
		/* TRANSLATORS: %s is a rank (plural), or three of them:
		 * "threes, fours or fives"; then the hand's size and
		 * cards. */
		game_say(out, seat, _("Your turn: declare %s. Your hand "
		    "(%d): %s"), ranks, g->hand[seat].n, text);
	}
	free(text);
}

void
cheat_cat_next(char **line, const struct game *g)
{
	char allowed[64];

	if (line == NULL || g->over || g->answering)
		return;
	if (*line != NULL)
		game_cat(line, " ");
	if (g->asker >= 0 && g->answerer >= 0)
		game_cat(line, _("{p:%d} may ask {p:%d} a question."),
		    g->asker, g->answerer);
	else if (g->asker >= 0)
		game_cat(line, _("{p:%d} may ask anyone a question."),
		    g->asker);
	else if (g->turn < 0 && g->loser_mode)
		game_cat(line, _("{p:%d} has no cards left! Call cheat now, "
		    "or {p:%d} is out."), g->declarer, g->declarer);
	else if (g->turn < 0)
		game_cat(line, _("{p:%d} has no cards left! Call cheat now, "
		    "or {p:%d} wins."), g->declarer, g->declarer);
	else if (g->ordered)
		/* TRANSLATORS: %s is a rank, plural: "aces". */
		game_cat(line, _("{p:%d} to play %s."), g->turn,
		    cards_rank_plural(g->want));
	else if (g->rank == 0)
		game_cat(line, _("{p:%d} opens, face up."), g->turn);
	else {
		cheat_allowed_text(g->rank, allowed, sizeof allowed);
		/* TRANSLATORS: %s is "jacks, queens or kings". */
		game_cat(line, _("{p:%d} to play: %s."), g->turn, allowed);
	}
}

/* Ends the game: every seat still in takes the next place, and the last
 * one is the loser when the game ended by play in loser mode. */
static void
end_game(struct game *g, int by_play, char **line)
{
	int s;

	g->over = 1;
	g->turn = -1;
	g->open = 0;
	/* Questions: a question still open (the last but one player left
	 * during it) ends with the game. */
	g->asker = g->answerer = g->caller = g->after = -1;
	g->answering = 0;
	g->questioner = -1;
	cards_clear(&g->asked);
	for (s = 0; s < g->nseats; s++) {
		if (g->state[s] != SEAT_IN)
			continue;
		g->place[s] = g->finished + 1;
		if (g->loser_mode && by_play) {
			g->loser = s;
			game_cat(line, _(" {p:%d} is left holding cards and "
			    "loses."), s);
		} else if (g->place[s] == 1 && !g->loser_mode)
			game_cat(line, _(" {p:%d} wins."), s);
		else if (g->loser_mode)
			/* TRANSLATORS: %d is the place: 1 first, 2
			 * second... */
			game_cat(line, _(" {p:%d} takes place %d."), s,
			    g->place[s]);
	}
	/* A game played for the loser has places and a loser, never a
	 * winner ("there isn't a winner, only a loser"). */
	for (s = 0; s < g->nseats && !g->loser_mode; s++) {
		if (g->place[s] == 1)
			g->winner = s;
	}
}

/* Seat's empty hand stands: it wins, or in loser mode takes the next place
 * (and the game ends when one seat alone still holds cards). */
static void
finish(struct game *g, int seat, char **line)
{
	assert(g->hand[seat].n == 0);
	g->place[seat] = ++g->finished;
	g->state[seat] = SEAT_OUT;
	if (!g->loser_mode) {
		game_cat(line, _(" {p:%d} wins!"), seat);
		end_game(g, 1, line);
		return;
	}
	/* TRANSLATORS: %d is the place: 1 first, 2 second... */
	game_cat(line, _(" {p:%d} is out in place %d."), seat,
	    g->place[seat]);
	if (cheat_nactive(g) == 1)
		end_game(g, 1, line);
}

/* The public line that starts a game of the variant titled title. */
static void
say_start(const struct game *g, const char *title, struct game_out *out)
{
	char *line = NULL;
	int s;

	if (g->loser_mode)
		/* TRANSLATORS: the game's title ("Cheat"), the number of
		 * players, of decks, and who deals; a list of each
		 * player's cards follows: " {p:0} 17, {p:1} 17 cards." */
		game_cat(&line, ngettext("%s for %d players with %d deck, "
		    "playing for the loser, dealt by {p:%d}:", "%s for %d "
		    "players with %d decks, playing for the loser, dealt by "
		    "{p:%d}:", (unsigned long)g->decks), title, g->nseats,
		    g->decks, g->dealer);
	else
		/* TRANSLATORS: the game's title ("Cheat"), the number of
		 * players, of decks, and who deals; a list of each
		 * player's cards follows: " {p:0} 17, {p:1} 17 cards." */
		game_cat(&line, ngettext("%s for %d players with %d deck, "
		    "dealt by {p:%d}:", "%s for %d players with %d decks, "
		    "dealt by {p:%d}:", (unsigned long)g->decks), title,
		    g->nseats, g->decks, g->dealer);
	for (s = 0; s < g->nseats; s++)
		game_cat(&line, "%s {p:%d} %d", s > 0 ? "," : "", s,
		    g->hand[s].n);
	if (g->pile.n > 0)
		/* TRANSLATORS: ends the list of each player's cards
		 * (" {p:0} 17, {p:1} 17, {p:2} 17"), with the cards
		 * dealt to nobody. */
		game_cat(&line, ngettext(" cards; %d on the pile, face down.",
		    " cards; %d on the pile, face down.",
		    (unsigned long)g->pile.n), g->pile.n);
	else
		/* TRANSLATORS: ends the list of each player's cards:
		 * " {p:0} 17, {p:1} 17, {p:2} 18". */
		game_cat(&line, _(" cards."));
	cheat_cat_next(&line, g);
	game_say_line(out, &line);
}

struct game *
cheat_new(const struct game_ops *ops, const struct cheat_ext *ext,
    const struct game_opts *opts, int nseats, int dealer,
    const struct rng *rng, struct game_out *out, char **cause)
{
	struct game *g;
	int ordered = ext != NULL && ext->ordered, decks, s, dealt;
	struct cards deck;
	struct rng r = *rng;

	decks = game_decks(ops, nseats, dealer, opts->v[OPT_DECKS],
	    ordered ? ops->max_seats : ONE_DECK_MAX_SEATS, cause);
	if (decks < 0)
		return NULL;

	g = xcalloc(1, sizeof *g);
	g->hand = xcalloc((size_t)nseats, sizeof *g->hand);
	g->nseats = nseats;
	g->decks = decks;
	g->loser_mode = !ordered && opts->v[OPT_LOSER] != 0;
	g->ext = ext;
	g->ordered = ordered;
	g->want = CARDS_ACE;
	g->dealer = dealer;
	g->declarer = g->winner = g->loser = -1;
	g->last_caller = g->last_accused = g->last_honest = -1;
	g->asker = g->answerer = g->caller = g->after = -1;
	g->questioner = -1;
	g->turn = (dealer + 1) % nseats;
	cards_deck(&deck, decks);
	rng_shuffle(&r, deck.c, (size_t)deck.n);
	/* Cheat deals every card (the first hands may get one more);
	 * Questions deals evenly and lays the rest on the pile. */
	dealt = ordered ? deck.n / nseats * nseats : deck.n;
	for (s = dealt; s < deck.n; s++)
		cards_add(&g->pile, deck.c[s]);
	deck.n = dealt;
	cards_deal(&deck, g->hand, nseats, g->turn);
	for (s = 0; s < nseats; s++) {
		cards_sort(&g->hand[s]);
		if (s != cheat_prompted(g))
			say_hand(g, s, out);
	}
	cheat_known_deal(g);
	say_start(g, ops->title, out);
	/* The opener's hand comes with its prompt. */
	cheat_prompt(g, out);
	return g;
}

static struct game *
cheat_create(const struct game_opts *opts, int nseats, int dealer,
    const struct rng *rng, struct game_out *out, char **cause)
{
	return cheat_new(&cheat_ops, NULL, opts, nseats, dealer, rng, out,
	    cause);
}

void
cheat_destroy(struct game *g)
{
	free(g->hand);
	free(g);
}

void
cheat_turn(const struct game *g, struct game_turn *t)
{
	int s;

	memset(t, 0, sizeof *t);
	t->over = g->over;
	t->seat = g->over ? -1 : g->turn;
	t->accused = -1;
	t->pause = !g->over && g->answering;
	/* Questions: the player asked answers aloud. */
	t->speaker = t->pause ? g->answerer : -1;
	if (g->over || !g->open)
		return;
	t->accused = g->declarer;
	for (s = 0; s < g->nseats; s++) {
		if (g->state[s] == SEAT_IN && s != g->declarer)
			t->window |= 1u << s;
	}
}

/* The cards of the last play, the top of the pile, as markup (to
 * free), or NULL when there is no line to tell them in. */
static char *
laid_markup(char **line, const struct game *g)
{
	struct cards top;

	if (line == NULL)
		return NULL;
	top.n = g->laid;
	memcpy(top.c, g->pile.c + g->pile.n - g->laid,
	    (size_t)g->laid * sizeof top.c[0]);
	return cards_list_markup(&top);
}

static void
apply_play(struct game *g, const struct game_move *mv, struct game_out *out)
{
	char said[64], *text = NULL, **line = game_line(out, &text), *laid;
	int seat = mv->seat, n = mv->argc - 2, i;

	g->face_up = !g->ordered && g->rank == 0;
	/* Face up, everyone sees where the cards go; face down, nobody
	 * else knows which of the seat's cards are still in its hand. */
	for (i = 0; i < g->hand[seat].n && !g->face_up; i++)
		g->known[g->hand[seat].c[i]] &= 1u << seat;
	for (i = 2; i < mv->argc; i++) {
		cards_remove(&g->hand[seat], mv->argv[i]);
		cards_add(&g->pile, mv->argv[i]);
		g->pile_as[g->pile.n - 1] = (signed char)(g->face_up ?
		    CHEAT_FACE_UP : mv->argv[1]);
		if (g->face_up)
			g->known[mv->argv[i]] = CHEAT_KNOWN_ALL;
	}
	g->plays++;
	g->open = !g->face_up;
	g->declarer = seat;
	g->count = mv->argv[0];
	g->rank = mv->argv[1];
	g->laid = n;
	if (g->ordered)
		g->want = cards_rank_step(g->want, 1);
	/* The mover's hand only lost the cards it chose: it is not sent
	 * again (its next prompt shows it, and !hand at any time), except
	 * to say that it is empty. */
	if (g->hand[seat].n == 0)
		say_hand(g, seat, out);

	if (line != NULL)
		cards_declaration(g->count, g->rank, said, sizeof said);
	if (g->face_up) {
		laid = laid_markup(line, g);
		/* TRANSLATORS: the number of cards, what they were
		 * declared as ("two fours"), then the cards. */
		game_cat(line, ngettext("{p:%d} opens with %d card: %s (%s).",
		    "{p:%d} opens with %d cards: %s (%s).", (unsigned long)n),
		    seat, n, said, laid);
		free(laid);
	} else
		/* TRANSLATORS: the number of cards laid, then what they
		 * were declared as ("two fours"). */
		game_cat(line, ngettext("{p:%d} plays %d card: %s.",
		    "{p:%d} plays %d cards: %s.", (unsigned long)n), seat, n,
		    said);
	if (g->hand[seat].n > 0)
		g->turn = cheat_next_active(g, seat);
	else if (g->open)
		g->turn = -1;
	else {
		finish(g, seat, line);
		g->turn = g->over ? -1 : cheat_next_active(g, seat);
	}
	cheat_cat_next(line, g);
	game_say_line(out, line);
}

/* Moves the whole pile into seat's hand; the caller tells seat its new
 * hand (told_taker()).  Whoever knew a card was in the pile knows it is
 * in seat's hand now, and so does seat. */
static void
take_pile(struct game *g, int seat, char **line)
{
	int i;

	for (i = 0; i < g->pile.n; i++)
		g->known[g->pile.c[i]] |= 1u << seat;
	game_cat(line, ngettext(" {p:%d} takes the pile (%d card).",
	    " {p:%d} takes the pile (%d cards).", (unsigned long)g->pile.n),
	    seat, g->pile.n);
	cards_append(&g->hand[seat], &g->pile);
	cards_clear(&g->pile);
	cards_sort(&g->hand[seat]);
}

/* Sends the seat that took the pile its hand, once the turn is settled:
 * unless it plays next, when its prompt (cheat_prompt()) shows it. */
static void
tell_taker(const struct game *g, int seat, struct game_out *out)
{
	if (seat != cheat_prompted(g))
		say_hand(g, seat, out);
}

int
cheat_play_honest(const struct game *g)
{
	int i;

	if (g->count != g->laid)
		return 0;
	for (i = g->pile.n - g->laid; i < g->pile.n; i++) {
		if (cards_rank(g->pile.c[i]) != g->rank)
			return 0;
	}
	return 1;
}

static void
apply_cheat(struct game *g, const struct game_move *mv, struct game_out *out)
{
	char said[64], *text = NULL, **line = game_line(out, &text), *shown;
	int caller = mv->seat, accused = g->declarer, honest, taker, i;
	struct cards laid;

	honest = cheat_play_honest(g);
	laid.n = g->laid;
	memcpy(laid.c, g->pile.c + g->pile.n - g->laid,
	    (size_t)g->laid * sizeof laid.c[0]);
	if (line != NULL)
		cards_declaration(g->count, g->rank, said, sizeof said);
	shown = laid_markup(line, g);
	if (honest)
		/* TRANSLATORS: the caller, the accused, what the accused
		 * declared ("two fours"), the number of cards laid, then
		 * the cards. */
		game_cat(line, ngettext("{p:%d} calls cheat on {p:%d}! "
		    "Declared %s, the %d card was: %s - honest.", "{p:%d} "
		    "calls cheat on {p:%d}! Declared %s, the %d cards were: "
		    "%s - honest.", (unsigned long)g->laid), caller, accused,
		    said, g->laid, shown);
	else
		/* TRANSLATORS: the caller, the accused, what the accused
		 * declared ("two fours"), the number of cards laid, then
		 * the cards. */
		game_cat(line, ngettext("{p:%d} calls cheat on {p:%d}! "
		    "Declared %s, the %d card was: %s - a lie.", "{p:%d} "
		    "calls cheat on {p:%d}! Declared %s, the %d cards were: "
		    "%s - a lie.", (unsigned long)g->laid), caller, accused,
		    said, g->laid, shown);
	free(shown);
	/* The cards are shown to all. */
	for (i = 0; i < laid.n; i++)
		g->known[laid.c[i]] = CHEAT_KNOWN_ALL;
	g->calls++;
	g->last_caller = caller;
	g->last_accused = accused;
	g->last_honest = honest;

	g->open = 0;
	g->face_up = 0;
	g->rank = 0;
	g->declarer = -1;
	g->laid = 0;
	taker = honest ? caller : accused;
	take_pile(g, taker, line);
	if (g->ext != NULL) {
		/* Questions: play goes on where it was, after what the
		 * variant's begin() starts (a question). */
		if (honest && g->hand[accused].n == 0)
			finish(g, accused, line);
		else
			g->ext->begin(g, caller, accused, honest, &laid, out);
	} else if (!honest)
		g->turn = caller;
	else {
		if (g->hand[accused].n == 0)
			finish(g, accused, line);
		g->turn = g->over ? -1 : cheat_next_active(g, accused);
	}
	tell_taker(g, taker, out);
	cheat_cat_next(line, g);
	game_say_line(out, line);
}

static void
apply_close(struct game *g, struct game_out *out)
{
	char *text = NULL, **line = game_line(out, &text);
	int seat = g->declarer;

	game_cat(line, _("Nobody called cheat on {p:%d}."), seat);
	g->open = 0;
	finish(g, seat, line);
	g->turn = g->over ? -1 : cheat_next_active(g, seat);
	cheat_cat_next(line, g);
	game_say_line(out, line);
}

static void
apply_leave(struct game *g, int seat, struct game_out *out)
{
	char *text = NULL, **line = game_line(out, &text);
	int n = g->hand[seat].n, i;

	if (g->state[seat] == SEAT_OUT) {
		g->state[seat] = SEAT_GONE;
		game_say(out, GAME_PUBLIC, _("{p:%d} leaves the table, "
		    "keeping place %d."), seat, g->place[seat]);
		return;
	}
	if (n > 0)
		game_cat(line, ngettext("{p:%d} leaves the game; that %d card "
		    "goes under the pile.", "{p:%d} leaves the game; those %d "
		    "cards go under the pile.", (unsigned long)n), seat, n);
	else
		game_cat(line, _("{p:%d} leaves the game."), seat);
	/* Under the pile in an order that depends on the rest of the hand:
	 * nobody keeps track of them there. */
	for (i = 0; i < n; i++)
		g->known[g->hand[seat].c[i]] = 0;
	memmove(g->pile_as + n, g->pile_as,
	    (size_t)g->pile.n * sizeof g->pile_as[0]);
	memset(g->pile_as, 0, (size_t)n * sizeof g->pile_as[0]);
	cards_prepend(&g->pile, &g->hand[seat]);
	cards_clear(&g->hand[seat]);
	g->state[seat] = SEAT_LEFT;
	g->place[seat] = 0;
	if (g->declarer == seat)
		g->open = 0;
	if (cheat_nactive(g) < 2)
		end_game(g, 0, line);
	else if (g->ext != NULL && g->ext->leave(g, seat))
		;		/* the variant's part decided the turn */
	else if (g->turn == seat || (g->turn < 0 && !g->open))
		g->turn = cheat_next_active(g, seat);
	cheat_cat_next(line, g);
	game_say_line(out, line);
}

/* A move of the verbs of the variant that extends Cheat (Questions: ask,
 * answered, next): check() refuses them in plain Cheat. */
static void
apply_ext(struct game *g, const struct game_move *mv, struct game_out *out)
{
	char *text = NULL, **line = game_line(out, &text);

	assert(g->ext != NULL);
	g->ext->apply(g, mv, line);
	cheat_cat_next(line, g);
	game_say_line(out, line);
}

static void cheat_apply_move(struct game *, const struct game_move *,
    struct game_out *);

/* Every move that hands the turn to a seat, or changes what the seat
 * to play may do (a call, a window closed, a question over), prompts
 * that seat (cheat_prompt()), after the public line. */
void
cheat_apply(struct game *g, const struct game_move *mv, struct game_out *out)
{
	int before = cheat_prompted(g);

	cheat_apply_move(g, mv, out);
	if (cheat_prompted(g) >= 0 && (cheat_prompted(g) != before ||
	    (mv->verb != VERB_PLAY && mv->verb != VERB_LEAVE)))
		cheat_prompt(g, out);
}

static void
cheat_apply_move(struct game *g, const struct game_move *mv,
    struct game_out *out)
{
	switch (mv->verb) {
	case VERB_LEAVE:
		apply_leave(g, mv->seat, out);
		break;
	case VERB_PLAY:
		apply_play(g, mv, out);
		break;
	case VERB_CHEAT:
		apply_cheat(g, mv, out);
		break;
	case VERB_CLOSE:
		apply_close(g, out);
		break;
	case VERB_ASK:
	case VERB_ANSWERED:
	case VERB_NEXT:
		apply_ext(g, mv, out);
		break;
	default:
		assert(!"cheat_apply: unknown verb");
	}
}

static void
say_status(const struct game *g, struct game_out *out)
{
	char said[64], *line = NULL;
	int s;

	if (g->over) {
		game_cat(&line, _("Game over:"));
		if (g->winner >= 0)
			game_cat(&line, _(" {p:%d} won."), g->winner);
		if (g->loser >= 0)
			game_cat(&line, _(" {p:%d} lost."), g->loser);
	}
	cheat_cat_next(&line, g);
	if (!g->over && g->answering)
		game_cat(&line, _("{p:%d} answers a question."), g->answerer);
	if (!g->over && g->declarer >= 0 && g->rank != 0) {
		cards_declaration(g->count, g->rank, said, sizeof said);
		if (g->open)
			/* TRANSLATORS: the number of cards laid, then
			 * what they were declared as ("two fours"). */
			game_cat(&line, ngettext(" Last: {p:%d} laid %d card "
			    "as %s (open to challenge).", " Last: {p:%d} laid "
			    "%d cards as %s (open to challenge).",
			    (unsigned long)g->laid), g->declarer, g->laid,
			    said);
		else
			/* TRANSLATORS: the number of cards laid, then
			 * what they were declared as ("two fours"). */
			game_cat(&line, ngettext(" Last: {p:%d} laid %d card "
			    "as %s.", " Last: {p:%d} laid %d cards as %s.",
			    (unsigned long)g->laid), g->declarer, g->laid,
			    said);
	}
	/* TRANSLATORS: the cards on the pile; a list of each player's
	 * cards follows (" {p:0} 12, {p:1} left, {p:2} out (place 1)."). */
	game_cat(&line, _(" Pile: %d. Cards:"), g->pile.n);
	for (s = 0; s < g->nseats; s++) {
		game_cat(&line, "%s {p:%d} ", s > 0 ? "," : "", s);
		if (g->state[s] == SEAT_LEFT)
			game_cat(&line, _("left"));
		else if (g->state[s] != SEAT_IN)
			game_cat(&line, _("out (place %d)"), g->place[s]);
		else
			game_cat(&line, "%d", g->hand[s].n);
	}
	game_cat(&line, ".");
	game_say_line(out, &line);
}

void
cheat_view(const struct game *g, int seat, struct game_out *out)
{
	if (seat == GAME_PUBLIC)
		say_status(g, out);
	else if (seat == cheat_prompted(g))
		cheat_prompt(g, out);
	else if (seat >= 0 && seat < g->nseats) {
		say_hand(g, seat, out);
		if (g->ext != NULL && seat == g->asker)
			g->ext->prompt(g, out);
	}
}

void
cheat_result(const struct game *g, struct game_result *r)
{
	int s;

	memset(r, 0, sizeof *r);
	r->nseats = g->nseats;
	r->winner = g->winner;
	r->loser = g->loser;
	r->for_loser = g->loser_mode;
	for (s = 0; s < g->nseats; s++) {
		r->place[s] = g->place[s];
		r->points[s] = g->hand[s].n;
	}
}

static const char *const cheat_rules[] = {
	/* TRANSLATORS: a line of the rules: the cards typed ("4h") stay;
	 * so does what is inside {m:...} and {c:...} in the lines after
	 * it (typed as it is). */
	N_("Be the first to get rid of all your cards. On your turn you lay "
	"one or more cards on the pile and say what they are; you may lie. "
	"Cards are typed 4h, 10d, qs, A\xe2\x99\xa0."),
	N_("A round opens face up: cards of one rank, {m:play 4h 4d}. Then "
	"cards go face down, in private, said to be the same rank as the "
	"last play, one up or one down (aces are high and low): "
	"{m:play 4h 7c as two fives} after fours."),
	N_("Think a play was a lie? {c:cheat}, in the channel or in private. "
	"The cards are shown: a liar picks up the whole pile and you open "
	"the next round; if it was true, you pick it up."),
	N_("Laying your last cards wins unless someone catches them as a "
	"lie. {c:hand} shows your hand again, {c:status} the table."),
	NULL,
};

const struct game_ops cheat_ops = {
	.name = "cheat",
	.title = "Cheat",
	.brief = N_("lay cards face down, declare them, call out the liars: "
	    "the first to empty their hand wins"),
	.rules = cheat_rules,
	.min_seats = 2,
	.max_seats = GAME_MAX_SEATS,
	.options = cheat_options,
	.cmds = cheat_cmds,
	.verbs = cheat_verbs,
	.reactions = 1u << VERB_CHEAT,
	.create = cheat_create,
	.destroy = cheat_destroy,
	.turn = cheat_turn,
	.parse = cheat_parse,
	.command = cheat_command,
	.check = cheat_check,
	.apply = cheat_apply,
	.timeout = cheat_timeout,
	.sample = cheat_sample,
	.view = cheat_view,
	.result = cheat_result,
	.invariants = cheat_invariants,
	.copy = cheat_copy,
	.observe = cheat_observe,
	.redeal = cheat_redeal,
	.claims = 1,
	.story = cheat_story,
	.reveal = cheat_reveal,
	.unseen = cheat_unseen,
	.ai = &cheat_ai,
};
