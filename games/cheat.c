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
#include <strings.h>

#include "cards.h"
#include "cheat.h"
#include "game.h"
#include "xalloc.h"

enum {
	VERB_LEAVE = GAME_VERB_LEAVE,
	VERB_PLAY,
	VERB_CHEAT,
	VERB_CLOSE,
};

enum { CMD_PLAY, CMD_CHEAT };
enum { OPT_DECKS, OPT_LOSER };

/* Where a seat stands: still holding cards (or about to win), finished
 * with a place (loser mode, or the winner), finished and then gone from
 * the table (the place stands), or left before finishing (no place). */
enum seat_state { SEAT_IN, SEAT_OUT, SEAT_GONE, SEAT_LEFT };

#define ONE_DECK_MAX_SEATS 6

struct game {
	int nseats;
	int decks;
	int loser_mode;
	int dealer;
	struct cards hand[GAME_MAX_SEATS];
	struct cards pile;		/* bottom first */
	enum seat_state state[GAME_MAX_SEATS];
	int place[GAME_MAX_SEATS];
	int finished;			/* places given during play */

	int turn;			/* seat to play, or -1 */
	int declarer;			/* seat of the last play, or -1 */
	int count, rank;		/* its declaration; rank 0: opening */
	int laid;			/* cards it laid: the top of the pile */
	int open;			/* 1 while it may be challenged */
	int face_up;			/* 1 if it opened a round */

	int over;
	int winner, loser;
};

static const struct game_option cheat_options[] = {
	{ "decks", 0, CARDS_MAX_DECKS, 0,
	    "decks of 52: 0 picks one for 2-4 players, two for 5-10" },
	{ "loser", 0, 1, 0,
	    "play on until one player still holds cards: the loser" },
	{ NULL, 0, 0, 0, NULL },
};

static const struct game_cmd cheat_cmds[] = {
	{ "play", "lay put", GAME_WHERE_PRIVATE, "CARD... [as [COUNT] RANK]",
	    "lay cards and declare them, e.g. play 4h 7c as two fours" },
	{ "cheat", "cheater bs", GAME_WHERE_BOTH, "",
	    "call the last play a lie; its cards are shown" },
	{ NULL, NULL, 0, NULL, NULL },
};

static const char *const cheat_verbs[] = {
	"leave", "play", "cheat", "close", NULL,
};

/* Appends printf-style text to the growing string *s (NULL when empty). */
static void cat(char **s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
cat(char **s, const char *fmt, ...)
{
	va_list ap;
	char *add, *old = *s;

	va_start(ap, fmt);
	add = xvasprintf(fmt, ap);
	va_end(ap);
	*s = xasprintf("%s%s", old != NULL ? old : "", add);
	free(old);
	free(add);
}

/* Emits the line *s publicly and frees it. */
static void
say_line(struct game_out *out, char **s)
{
	if (*s != NULL)
		game_say(out, GAME_PUBLIC, "%s", *s);
	free(*s);
	*s = NULL;
}

static int
nactive(const struct game *g)
{
	int s, n = 0;

	for (s = 0; s < g->nseats; s++)
		n += g->state[s] == SEAT_IN;
	return n;
}

/* The first seat still in clockwise after seat (never seat), or -1. */
static int
next_active(const struct game *g, int seat)
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
static int
rank_allowed(int last, int rank)
{
	return rank == last || rank == cards_rank_step(last, -1) ||
	    rank == cards_rank_step(last, 1);
}

/* "jacks, queens or kings": what may be declared after last. */
static void
allowed_text(int last, char *buf, size_t size)
{
	snprintf(buf, size, "%s, %s or %s",
	    cards_rank_name(cards_rank_step(last, -1), 1),
	    cards_rank_name(last, 1),
	    cards_rank_name(cards_rank_step(last, 1), 1));
}

static void
say_hand(const struct game *g, int seat, struct game_out *out)
{
	char *text;

	if (g->state[seat] == SEAT_LEFT || g->state[seat] == SEAT_GONE) {
		game_say(out, seat, "You have left this game");
		return;
	}
	if (g->hand[seat].n == 0) {
		game_say(out, seat, "Your hand is empty");
		return;
	}
	text = cards_list_markup(&g->hand[seat]);
	game_say(out, seat, "Your hand (%d): %s", g->hand[seat].n, text);
	free(text);
}

/* Appends who acts next to a public line (a sentence of its own). */
static void
cat_next(char **line, const struct game *g)
{
	const char *sp = *line != NULL ? " " : "";
	char allowed[64];

	if (g->over)
		return;
	if (g->turn < 0)
		cat(line, "%s{p:%d} has no cards left! Call cheat now, or "
		    "{p:%d} %s.", sp, g->declarer, g->declarer,
		    g->loser_mode ? "is out" : "wins");
	else if (g->rank == 0)
		cat(line, "%s{p:%d} opens, face up.", sp, g->turn);
	else {
		allowed_text(g->rank, allowed, sizeof allowed);
		cat(line, "%s{p:%d} to play: %s.", sp, g->turn, allowed);
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
	for (s = 0; s < g->nseats; s++) {
		if (g->state[s] != SEAT_IN)
			continue;
		g->place[s] = g->finished + 1;
		if (g->loser_mode && by_play) {
			g->loser = s;
			cat(line, " {p:%d} is left holding cards and loses.",
			    s);
		} else if (g->place[s] == 1)
			cat(line, " {p:%d} wins.", s);
		else if (g->loser_mode)
			cat(line, " {p:%d} takes place %d.", s, g->place[s]);
	}
	for (s = 0; s < g->nseats; s++) {
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
		cat(line, " {p:%d} wins!", seat);
		end_game(g, 1, line);
		return;
	}
	cat(line, " {p:%d} is out in place %d.", seat, g->place[seat]);
	if (nactive(g) == 1)
		end_game(g, 1, line);
}

/* The public line that starts a game. */
static void
say_start(const struct game *g, struct game_out *out)
{
	char *line = NULL;
	int s;

	cat(&line, "Cheat for %d players with %d deck%s%s, dealt by {p:%d}:",
	    g->nseats, g->decks, g->decks == 1 ? "" : "s",
	    g->loser_mode ? ", playing for the loser" : "", g->dealer);
	for (s = 0; s < g->nseats; s++)
		cat(&line, "%s {p:%d} %d", s > 0 ? "," : "", s,
		    g->hand[s].n);
	cat(&line, " cards.");
	cat_next(&line, g);
	say_line(out, &line);
}

static struct game *
cheat_create(const struct game_opts *opts, int nseats, int dealer,
    const struct rng *rng, struct game_out *out, char **cause)
{
	struct game *g;
	int decks = opts->v[OPT_DECKS], s;
	struct cards deck;
	struct rng r = *rng;

	if (nseats < cheat_ops.min_seats || nseats > cheat_ops.max_seats)
		return game_fail(cause, "cheat is for %d to %d players, "
		    "not %d", cheat_ops.min_seats, cheat_ops.max_seats,
		    nseats), NULL;
	if (dealer < 0 || dealer >= nseats)
		return game_fail(cause, "no seat %d to deal", dealer), NULL;
	if (decks < 0 || decks > CARDS_MAX_DECKS)
		return game_fail(cause, "option 'decks' takes a value from 0 "
		    "to %d", CARDS_MAX_DECKS), NULL;
	if (decks == 0)
		decks = nseats <= 4 ? 1 : 2;
	if (decks == 1 && nseats > ONE_DECK_MAX_SEATS)
		return game_fail(cause, "one deck is for at most %d players, "
		    "not %d", ONE_DECK_MAX_SEATS, nseats), NULL;

	g = xcalloc(1, sizeof *g);
	g->nseats = nseats;
	g->decks = decks;
	g->loser_mode = opts->v[OPT_LOSER] != 0;
	g->dealer = dealer;
	g->declarer = g->winner = g->loser = -1;
	g->turn = (dealer + 1) % nseats;
	cards_deck(&deck, decks);
	rng_shuffle(&r, deck.c, (size_t)deck.n);
	cards_deal(&deck, g->hand, nseats, g->turn);
	for (s = 0; s < nseats; s++) {
		cards_sort(&g->hand[s]);
		say_hand(g, s, out);
	}
	say_start(g, out);
	return g;
}

static void
cheat_destroy(struct game *g)
{
	free(g);
}

static void
cheat_turn(const struct game *g, struct game_turn *t)
{
	int s;

	memset(t, 0, sizeof *t);
	t->over = g->over;
	t->seat = g->over ? -1 : g->turn;
	t->accused = -1;
	if (g->over || !g->open)
		return;
	t->accused = g->declarer;
	for (s = 0; s < g->nseats; s++) {
		if (g->state[s] == SEAT_IN && s != g->declarer)
			t->window |= 1u << s;
	}
}

/* Finds the word "as" that starts the declaration, with at least one card
 * word before it: "as COUNT RANK" when the word after "as" is a count, else
 * "as RANK", else "as WORD RANK" (whose count is then refused).  Its index,
 * or -1. */
static int
find_as(int argc, char **argv)
{
	int n;

	if (argc >= 4 && strcasecmp(argv[argc - 3], "as") == 0 &&
	    cards_parse_count(argv[argc - 2], &n, NULL) == 0)
		return argc - 3;
	if (argc >= 3 && strcasecmp(argv[argc - 2], "as") == 0)
		return argc - 2;
	if (argc >= 4 && strcasecmp(argv[argc - 3], "as") == 0)
		return argc - 3;
	return -1;
}

static int
parse_play(const struct game *g, int seat, int argc, char **argv,
    struct game_move *mv, char **cause)
{
	int sep = find_as(argc, argv), ncards = sep >= 0 ? sep : argc;
	int i, rank, suit, first = 0;

	if (ncards == 0)
		return game_fail(cause, "say which cards you lay, e.g. "
		    "'play 4h 4d as two fours'");
	if (ncards > GAME_MOVE_ARGS - 2)
		return game_fail(cause, "too many cards");
	mv->verb = VERB_PLAY;
	mv->argc = 2;
	for (i = 0; i < ncards; i++) {
		if (cards_parse_card(argv[i], &rank, &suit, cause) != 0)
			return -1;
		if (i == 0)
			first = rank;
		else if (rank != first)
			first = 0;
		mv->argv[mv->argc] = cards_pick(&g->hand[seat], rank, suit,
		    g->decks, mv->argv + 2, mv->argc - 2);
		mv->argc++;
	}
	mv->argv[0] = ncards;
	mv->argv[1] = first;
	if (sep < 0 && first == 0 && strcasecmp(argv[argc - 1], "as") == 0)
		return game_fail(cause, "say what you declare after 'as', "
		    "e.g. 'as two fours'");
	if (sep < 0 && first == 0)
		return game_fail(cause, "your cards are of different ranks: "
		    "say what they are, e.g. 'play 4h 7c as two fours'");
	if (sep < 0)
		return 0;
	if (sep == argc - 3 && cards_parse_count(argv[sep + 1], &mv->argv[0],
	    cause) != 0)
		return -1;
	return cards_parse_rank(argv[argc - 1], &mv->argv[1], cause);
}

static int
cheat_parse(const struct game *g, int seat, int cmd, int argc, char **argv,
    struct game_move *mv, char **cause)
{
	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	if (seat < 0 || seat >= g->nseats)
		return game_fail(cause, "no such seat");
	switch (cmd) {
	case CMD_PLAY:
		return parse_play(g, seat, argc, argv, mv, cause);
	case CMD_CHEAT:
		/* Words after "cheat" are table talk, not arguments. */
		mv->verb = VERB_CHEAT;
		mv->argc = 1;
		mv->argv[0] = g->declarer;
		return 0;
	}
	return game_fail(cause, "cheat has no command %d", cmd);
}

/* Why seat may not act at all, or NULL if it is still in. */
static const char *
not_in(const struct game *g, int seat)
{
	if (seat < 0 || seat >= g->nseats)
		return "no such seat";
	if (g->state[seat] == SEAT_LEFT || g->state[seat] == SEAT_GONE)
		return "you have left this game";
	if (g->state[seat] == SEAT_OUT)
		return "you have no cards left to play";
	return NULL;
}

/* Checks the declaration of a play that opens a round, face up. */
static int
check_opening(const struct game_move *mv, char **cause)
{
	int i, rank = cards_rank(mv->argv[2]), n = mv->argc - 2;

	for (i = 3; i < mv->argc; i++) {
		if (cards_rank(mv->argv[i]) != rank)
			return game_fail(cause, "an opening play is face up: "
			    "lay cards of one rank");
	}
	if (mv->argv[1] != rank)
		return game_fail(cause, "you lay %s face up, so declare %s",
		    cards_rank_name(rank, 1), cards_rank_name(rank, 1));
	if (mv->argv[0] != n)
		return game_fail(cause, "you lay %d card%s face up, so "
		    "declare %d", n, n == 1 ? "" : "s", n);
	return 0;
}

static int
check_play(const struct game *g, const struct game_move *mv, char **cause)
{
	const char *why = not_in(g, mv->seat);
	char allowed[64];
	int count = mv->argv[0], rank = mv->argv[1];

	if (why != NULL)
		return game_fail(cause, "%s", why);
	if (g->turn != mv->seat)
		return game_fail(cause, "it is not your turn");
	if (mv->argc < 3)
		return game_fail(cause, "lay at least one card");
	if (mv->argc > GAME_MOVE_ARGS)
		return game_fail(cause, "too many cards");
	if (rank < 1 || rank > CARDS_RANKS)
		return game_fail(cause, "no rank %d", rank);
	if (count < 1 || count > 4 * g->decks)
		return game_fail(cause, "you may declare 1 to %d cards, not %d",
		    4 * g->decks, count);
	if (cards_check_held(&g->hand[mv->seat], mv->argv + 2, mv->argc - 2,
	    g->decks, cause) != 0)
		return -1;
	if (g->rank == 0)
		return check_opening(mv, cause);
	if (!rank_allowed(g->rank, rank)) {
		allowed_text(g->rank, allowed, sizeof allowed);
		return game_fail(cause, "after %s you may declare %s, not %s",
		    cards_rank_name(g->rank, 1), allowed,
		    cards_rank_name(rank, 1));
	}
	return 0;
}

static int
check_cheat(const struct game *g, const struct game_move *mv, char **cause)
{
	const char *why = not_in(g, mv->seat);

	if (why != NULL)
		return game_fail(cause, "%s", why);
	if (mv->argc != 1)
		return game_fail(cause, "a challenge names the accused seat");
	if (!g->open) {
		if (g->face_up && mv->argv[0] == g->declarer)
			return game_fail(cause, "that play was face up: "
			    "there is nothing to challenge");
		return game_fail(cause, "there is no play to challenge now");
	}
	if (mv->argv[0] != g->declarer)
		return game_fail(cause, "that play can no longer be "
		    "challenged");
	if (mv->seat == g->declarer)
		return game_fail(cause, "you cannot call cheat on yourself");
	return 0;
}

static int
cheat_check(const struct game *g, const struct game_move *mv, char **cause)
{
	const char *why;

	if (g->over)
		return game_fail(cause, "the game is over");
	switch (mv->verb) {
	case VERB_LEAVE:
		/* A finished seat may leave the table too (keeping its
		 * place), so the bot can let it go. */
		if ((why = not_in(g, mv->seat)) != NULL &&
		    (mv->seat < 0 || mv->seat >= g->nseats ||
		    g->state[mv->seat] != SEAT_OUT))
			return game_fail(cause, "%s", why);
		if (mv->argc != 0)
			return game_fail(cause, "leave takes no arguments");
		return 0;
	case VERB_PLAY:
		return check_play(g, mv, cause);
	case VERB_CHEAT:
		return check_cheat(g, mv, cause);
	case VERB_CLOSE:
		if (mv->seat != GAME_SEAT_TABLE || mv->argc != 0)
			return game_fail(cause, "only the table closes a "
			    "window");
		if (g->turn >= 0 || !g->open)
			return game_fail(cause, "there is no window to close");
		return 0;
	}
	return game_fail(cause, "cheat has no verb %d", mv->verb);
}

/* Appends the cards of the last play, the top of the pile, to *line. */
static void
cat_laid(char **line, const struct game *g)
{
	struct cards top;
	char *text;

	top.n = g->laid;
	memcpy(top.c, g->pile.c + g->pile.n - g->laid,
	    (size_t)g->laid * sizeof top.c[0]);
	text = cards_list_markup(&top);
	cat(line, "%s", text);
	free(text);
}

static void
apply_play(struct game *g, const struct game_move *mv, struct game_out *out)
{
	char said[64], *line = NULL;
	int seat = mv->seat, n = mv->argc - 2, i;

	for (i = 2; i < mv->argc; i++) {
		cards_remove(&g->hand[seat], mv->argv[i]);
		cards_add(&g->pile, mv->argv[i]);
	}
	g->face_up = g->rank == 0;
	g->open = !g->face_up;
	g->declarer = seat;
	g->count = mv->argv[0];
	g->rank = mv->argv[1];
	g->laid = n;
	say_hand(g, seat, out);

	cards_declaration(g->count, g->rank, said, sizeof said);
	if (g->face_up) {
		cat(&line, "{p:%d} opens with %d card%s: %s (", seat, n,
		    n == 1 ? "" : "s", said);
		cat_laid(&line, g);
		cat(&line, ").");
	} else
		cat(&line, "{p:%d} plays %d card%s: %s.", seat, n,
		    n == 1 ? "" : "s", said);
	if (g->hand[seat].n > 0)
		g->turn = next_active(g, seat);
	else if (g->open)
		g->turn = -1;
	else {
		finish(g, seat, &line);
		g->turn = g->over ? -1 : next_active(g, seat);
	}
	cat_next(&line, g);
	say_line(out, &line);
}

/* Moves the whole pile into seat's hand. */
static void
take_pile(struct game *g, int seat, struct game_out *out, char **line)
{
	cat(line, " {p:%d} takes the pile (%d card%s).", seat, g->pile.n,
	    g->pile.n == 1 ? "" : "s");
	cards_append(&g->hand[seat], &g->pile);
	cards_clear(&g->pile);
	cards_sort(&g->hand[seat]);
	say_hand(g, seat, out);
}

/* 1 if the last play was what it was declared to be. */
static int
last_play_honest(const struct game *g)
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
	char said[64], *line = NULL;
	int caller = mv->seat, accused = g->declarer, honest;

	honest = last_play_honest(g);
	cards_declaration(g->count, g->rank, said, sizeof said);
	cat(&line, "{p:%d} calls cheat on {p:%d}! Declared %s, the %d "
	    "card%s: ", caller, accused, said, g->laid,
	    g->laid == 1 ? " was" : "s were");
	cat_laid(&line, g);
	cat(&line, " - %s.", honest ? "honest" : "a lie");

	g->open = 0;
	g->face_up = 0;
	g->rank = 0;
	g->declarer = -1;
	g->laid = 0;
	if (!honest) {
		take_pile(g, accused, out, &line);
		g->turn = caller;
	} else {
		take_pile(g, caller, out, &line);
		if (g->hand[accused].n == 0)
			finish(g, accused, &line);
		g->turn = g->over ? -1 : next_active(g, accused);
	}
	cat_next(&line, g);
	say_line(out, &line);
}

static void
apply_close(struct game *g, struct game_out *out)
{
	char *line = NULL;
	int seat = g->declarer;

	cat(&line, "Nobody called cheat on {p:%d}.", seat);
	g->open = 0;
	finish(g, seat, &line);
	g->turn = g->over ? -1 : next_active(g, seat);
	cat_next(&line, g);
	say_line(out, &line);
}

static void
apply_leave(struct game *g, int seat, struct game_out *out)
{
	char *line = NULL;
	int n = g->hand[seat].n;

	if (g->state[seat] == SEAT_OUT) {
		g->state[seat] = SEAT_GONE;
		game_say(out, GAME_PUBLIC, "{p:%d} leaves the table, keeping "
		    "place %d.", seat, g->place[seat]);
		return;
	}
	cat(&line, "{p:%d} leaves the game", seat);
	if (n > 0)
		cat(&line, "; %s %d card%s go%s under the pile",
		    n == 1 ? "that" : "those", n, n == 1 ? "" : "s",
		    n == 1 ? "es" : "");
	cat(&line, ".");
	cards_prepend(&g->pile, &g->hand[seat]);
	cards_clear(&g->hand[seat]);
	g->state[seat] = SEAT_LEFT;
	g->place[seat] = 0;
	if (g->declarer == seat)
		g->open = 0;
	if (nactive(g) < 2)
		end_game(g, 0, &line);
	else if (g->turn == seat || (g->turn < 0 && !g->open))
		g->turn = next_active(g, seat);
	cat_next(&line, g);
	say_line(out, &line);
}

static void
cheat_apply(struct game *g, const struct game_move *mv, struct game_out *out)
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
	default:
		assert(!"cheat_apply: unknown verb");
	}
}

/* The default play of seat: one card, honest when the hand has a card of
 * a rank it may declare (the lowest such), else the lowest card declared as
 * the last declaration's rank; an opening play is the lowest card. */
static void
default_play(const struct game *g, int seat, struct game_move *mv)
{
	const struct cards *h = &g->hand[seat];
	int i, id = h->c[0], rank = cards_rank(id);

	if (g->rank != 0) {
		rank = g->rank;
		for (i = 0; i < h->n; i++) {
			if (rank_allowed(g->rank, cards_rank(h->c[i]))) {
				id = h->c[i];
				rank = cards_rank(id);
				break;
			}
		}
	}
	mv->seat = seat;
	mv->verb = VERB_PLAY;
	mv->argc = 3;
	mv->argv[0] = 1;
	mv->argv[1] = rank;
	mv->argv[2] = id;
}

static void
cheat_timeout(const struct game *g, struct game_move *mv)
{
	memset(mv, 0, sizeof *mv);
	if (!g->over && g->turn >= 0) {
		default_play(g, g->turn, mv);
		return;
	}
	mv->seat = GAME_SEAT_TABLE;
	mv->verb = VERB_CLOSE;
}

/* A random play for seat: on an opening turn some cards of one rank; else
 * mostly an honest play when the hand allows one, otherwise a random set of
 * (mostly one to four) cards declared as a random allowed rank, with a count
 * that is sometimes wrong. */
static void
sample_play(const struct game *g, int seat, struct rng *rng,
    struct game_move *mv)
{
	const struct cards *h = &g->hand[seat];
	struct cards pick;
	int rank, k, i, honest = 1, max = 4 * g->decks;

	if (g->rank == 0)
		rank = cards_rank(h->c[rng_below(rng, (uint32_t)h->n)]);
	else {
		/* Try the three ranks from a random one, for one held. */
		i = (int)rng_below(rng, 3);
		honest = rng_below(rng, 3) != 0;
		for (k = 0; honest && k < 3; k++) {
			rank = cards_rank_step(g->rank, (i + k) % 3 - 1);
			if (cards_count_rank(h, rank) > 0)
				break;
		}
		honest = honest && k < 3;
		if (!honest)
			rank = cards_rank_step(g->rank, i - 1);
	}
	cards_clear(&pick);
	for (i = 0; i < h->n; i++) {
		if (!honest || cards_rank(h->c[i]) == rank)
			cards_add(&pick, h->c[i]);
	}
	rng_shuffle(rng, pick.c, (size_t)pick.n);
	k = 1 + (int)rng_below(rng, (uint32_t)(pick.n < 4 ? pick.n : 4));
	if (!honest && rng_below(rng, 10) == 0)
		k = 1 + (int)rng_below(rng, (uint32_t)pick.n);
	mv->seat = seat;
	mv->verb = VERB_PLAY;
	mv->argc = 2 + k;
	memcpy(mv->argv + 2, pick.c, (size_t)k * sizeof pick.c[0]);
	mv->argv[0] = k <= max ? k : max;
	if (g->rank != 0 && rng_below(rng, 5) == 0)
		mv->argv[0] = 1 + (int)rng_below(rng, (uint32_t)max);
	mv->argv[1] = rank;
}

/* A seat in the window calls cheat one time in six (one in two after a play
 * that empties a hand, else the table closes); otherwise the turn's seat
 * plays.  Never a leave: that is the bot's to make. */
static int
cheat_sample(const struct game *g, struct rng *rng, struct game_move *mv)
{
	struct game_turn t;
	int callers[GAME_MAX_SEATS], n = 0, s;

	cheat_turn(g, &t);
	if (t.over)
		return -1;
	memset(mv, 0, sizeof *mv);
	for (s = 0; s < g->nseats; s++) {
		if (t.window & (1u << s))
			callers[n++] = s;
	}
	if (n > 0 && rng_below(rng, t.seat < 0 ? 2 : 6) == 0) {
		mv->seat = callers[rng_below(rng, (uint32_t)n)];
		mv->verb = VERB_CHEAT;
		mv->argc = 1;
		mv->argv[0] = t.accused;
	} else if (t.seat < 0) {
		mv->seat = GAME_SEAT_TABLE;
		mv->verb = VERB_CLOSE;
	} else
		sample_play(g, t.seat, rng, mv);
	return 0;
}

static void
say_status(const struct game *g, struct game_out *out)
{
	char said[64], *line = NULL;
	int s;

	if (g->over) {
		cat(&line, "Game over:");
		if (g->winner >= 0)
			cat(&line, " {p:%d} won.", g->winner);
		if (g->loser >= 0)
			cat(&line, " {p:%d} lost.", g->loser);
	}
	cat_next(&line, g);
	if (!g->over && g->declarer >= 0 && g->rank != 0) {
		cards_declaration(g->count, g->rank, said, sizeof said);
		cat(&line, " Last: {p:%d} laid %d card%s as %s%s.",
		    g->declarer, g->laid, g->laid == 1 ? "" : "s", said,
		    g->open ? " (open to challenge)" : "");
	}
	cat(&line, " Pile: %d. Cards:", g->pile.n);
	for (s = 0; s < g->nseats; s++) {
		cat(&line, "%s {p:%d} ", s > 0 ? "," : "", s);
		if (g->state[s] == SEAT_LEFT)
			cat(&line, "left");
		else if (g->state[s] != SEAT_IN)
			cat(&line, "out (place %d)", g->place[s]);
		else
			cat(&line, "%d", g->hand[s].n);
	}
	cat(&line, ".");
	say_line(out, &line);
}

static void
cheat_view(const struct game *g, int seat, struct game_out *out)
{
	if (seat == GAME_PUBLIC)
		say_status(g, out);
	else if (seat >= 0 && seat < g->nseats)
		say_hand(g, seat, out);
}

static void
cheat_result(const struct game *g, struct game_result *r)
{
	int s;

	memset(r, 0, sizeof *r);
	r->nseats = g->nseats;
	r->winner = g->winner;
	r->loser = g->loser;
	for (s = 0; s < g->nseats; s++) {
		r->place[s] = g->place[s];
		r->points[s] = g->hand[s].n;
	}
}

/* Seats, places and the turn agree with each other. */
static int
check_seats(const struct game *g, char **cause)
{
	int s, i;

	for (s = 0; s < g->nseats; s++) {
		for (i = 1; i < g->hand[s].n; i++) {
			if (cards_rank(g->hand[s].c[i - 1]) >
			    cards_rank(g->hand[s].c[i]))
				return game_fail(cause, "hand %d unsorted", s);
		}
		if (g->state[s] != SEAT_IN && g->hand[s].n != 0)
			return game_fail(cause, "seat %d is out with cards", s);
		if ((g->state[s] == SEAT_LEFT) != (g->place[s] == 0) &&
		    (g->over || g->state[s] != SEAT_IN))
			return game_fail(cause, "seat %d has place %d", s,
			    g->place[s]);
	}
	if (g->over)
		return g->winner >= 0 && g->place[g->winner] != 1 ?
		    game_fail(cause, "the winner is not first") : 0;
	if (nactive(g) < 2)
		return game_fail(cause, "%d seats play on", nactive(g));
	if (g->turn >= 0 && (g->state[g->turn] != SEAT_IN ||
	    g->hand[g->turn].n == 0))
		return game_fail(cause, "seat %d to play cannot", g->turn);
	if (g->turn < 0 && (!g->open || g->hand[g->declarer].n != 0))
		return game_fail(cause, "no turn and no winning play");
	return 0;
}

/* The last play and its window agree with the pile. */
static int
check_last_play(const struct game *g, char **cause)
{
	if (g->rank == 0 && (g->open || g->face_up))
		return game_fail(cause, "a round opens with a play open");
	if (g->rank < 0 || g->rank > CARDS_RANKS)
		return game_fail(cause, "declared rank %d", g->rank);
	if (g->open && (g->face_up || g->declarer < 0 ||
	    g->state[g->declarer] != SEAT_IN || g->laid < 1 ||
	    g->laid > g->pile.n))
		return game_fail(cause, "a play open to challenge is wrong");
	return 0;
}

static int
cheat_invariants(const struct game *g, char **cause)
{
	const struct cards *lists[GAME_MAX_SEATS + 1];
	int s;

	lists[0] = &g->pile;
	for (s = 0; s < g->nseats; s++)
		lists[s + 1] = &g->hand[s];
	if (cards_check_all(lists, g->nseats + 1, g->decks, cause) != 0 ||
	    check_seats(g, cause) != 0)
		return -1;
	return g->over ? 0 : check_last_play(g, cause);
}

int
cheat_stack(struct game *g, const struct cards *hands, char **cause)
{
	int seen[CARDS_MAX] = { 0 }, total = g->decks * CARDS_DECK;
	int s, i, id;

	for (s = 0; s < g->nseats; s++) {
		if (hands[s].n == 0)
			return game_fail(cause, "seat %d gets no cards", s);
		for (i = 0; i < hands[s].n; i++) {
			id = hands[s].c[i];
			if (id < 0 || id >= total)
				return game_fail(cause, "no card %d", id);
			if (seen[id]++ != 0)
				return game_fail(cause, "card %d dealt twice",
				    id);
		}
	}
	for (s = 0; s < g->nseats; s++) {
		g->hand[s] = hands[s];
		cards_sort(&g->hand[s]);
	}
	cards_clear(&g->pile);
	for (id = 0; id < total; id++) {
		if (!seen[id])
			cards_add(&g->pile, id);
	}
	return 0;
}

const struct cards *
cheat_hand(const struct game *g, int seat)
{
	assert(seat >= 0 && seat < g->nseats);
	return &g->hand[seat];
}

const struct cards *
cheat_pile(const struct game *g)
{
	return &g->pile;
}

const struct game_ops cheat_ops = {
	.name = "cheat",
	.title = "Cheat",
	.brief = "lay cards face down, declare them, call out the liars: "
	    "the first to empty their hand wins",
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
	.check = cheat_check,
	.apply = cheat_apply,
	.timeout = cheat_timeout,
	.sample = cheat_sample,
	.view = cheat_view,
	.result = cheat_result,
	.invariants = cheat_invariants,
};
