/*
 * Cheesedog, from what a player types to a move and back, and the check
 * of every move before it is applied: the parse(), command() and check()
 * of cheesedog_ops.  The grammar and the verbs are in the opening comment
 * of cheesedog.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/cards.h"
#include "cheesedog.h"
#include "cheesedog-int.h"
#include "games/game.h"
#include "games/intl.h"

/* The cards named, each the copy held where seat plays from now (its
 * hand, else its face-up cards) that no earlier word took. */
static int
parse_play(const struct game *g, int seat, int argc, char **argv,
    struct game_move *mv, char **cause)
{
	const struct cards *from = cd_source(g, seat);
	int i, rank, suit;

	if (argc == 0)
		return game_fail(cause, _("say which cards you play, e.g. "
		    "'play 5h 5c'"));
	if (argc > GAME_MOVE_ARGS)
		return game_fail(cause, _("too many cards"));
	if (from == NULL)
		from = &g->hand[seat];
	mv->verb = VERB_PLAY;
	for (i = 0; i < argc; i++) {
		if (cards_parse_card(argv[i], &rank, &suit, cause) != 0)
			return -1;
		mv->argv[mv->argc] = cards_pick(from, rank, suit, CD_DECKS,
		    mv->argv, mv->argc);
		mv->argc++;
	}
	return 0;
}

static int
parse_flip(const struct game *g, int seat, int argc, char **argv,
    struct game_move *mv, char **cause)
{
	char *end;
	long n;

	mv->verb = VERB_FLIP;
	mv->argc = 1;
	if (argc == 0) {
		/* The first card left; check() says why when none is. */
		n = cd_first_down(g, seat);
		mv->argv[0] = n < 0 ? 0 : (int)n;
		return 0;
	}
	if (argc > 1)
		return game_fail(cause,
		    _("flip one card at a time: flip N"));
	n = strtol(argv[0], &end, 10);
	if (end == argv[0] || *end != '\0' || n < 1 || n > CD_DOWN)
		/* TRANSLATORS: the last position (4), then the word typed;
		 * flip is typed as it is. */
		return game_fail(cause, _("flip takes a position from 1 to "
		    "%d, not '%s'"), CD_DOWN, argv[0]);
	mv->argv[0] = (int)n - 1;
	return 0;
}

int
cheesedog_parse(const struct game *g, int seat, int cmd, int argc,
    char **argv, struct game_move *mv, char **cause)
{
	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	if (seat < 0 || seat >= g->nseats)
		return game_fail(cause, _("no such seat"));
	switch (cmd) {
	case CMD_PLAY:
		return parse_play(g, seat, argc, argv, mv, cause);
	case CMD_PICKUP:
		/* "pick up" is two words. */
		if (argc > 1 || (argc == 1 && strcasecmp(argv[0], "up") != 0))
			return game_fail(cause,
			    _("pickup takes no arguments"));
		mv->verb = VERB_PICKUP;
		return 0;
	case CMD_FLIP:
		return parse_flip(g, seat, argc, argv, mv, cause);
	}
	return game_fail(cause, "cheesedog has no command %d", cmd);
}

int
cheesedog_command(const struct game *g, const struct game_move *mv,
    char *buf, size_t size)
{
	char card[16];
	size_t used;
	int i;

	(void)g;
	snprintf(buf, size, "%s", "");
	switch (mv->verb) {
	case VERB_PLAY:
		snprintf(buf, size, "play");
		for (i = 0; i < mv->argc; i++) {
			cards_plain(mv->argv[i], card, sizeof card);
			used = strlen(buf);
			snprintf(buf + used, size - used, " %s", card);
		}
		return CMD_PLAY;
	case VERB_PICKUP:
		snprintf(buf, size, "pickup");
		return CMD_PICKUP;
	case VERB_FLIP:
		snprintf(buf, size, "flip %d", mv->argv[0] + 1);
		return CMD_FLIP;
	}
	return -1;
}

/* Why seat may not move now, untranslated (the caller says _(why)), or
 * NULL. */
static const char *
not_to_move(const struct game *g, int seat)
{
	if (seat < 0 || seat >= g->nseats)
		return N_("no such seat");
	if (g->state[seat] == SEAT_LEFT || g->state[seat] == SEAT_GONE)
		return N_("you have left this game");
	if (g->state[seat] == SEAT_SAFE)
		return N_("you have no cards left to play");
	if (g->turn != seat)
		return N_("it is not your turn");
	return NULL;
}

/* Refuses cards of rank that do not play on the pile. */
static int
check_rank(const struct game *g, int rank, char **cause)
{
	char top[16];
	int t = cards_rank(g->pile.c[g->pile.n - 1]);

	cards_plain(g->pile.c[g->pile.n - 1], top, sizeof top);
	if (t == CD_LOWER_RANK)
		/* TRANSLATORS: %s is a rank, plural: "9s", "kings". */
		return game_fail(cause, _("after an 8 play 8 or lower (or a "
		    "2), not %s"), cards_rank_plural(rank));
	/* TRANSLATORS: a rank, plural ("9s", "kings"); the pile's top card
	 * (J♠); its rank (J). */
	return game_fail(cause, _("%s do not play on %s: play %s or "
	    "higher, or a 2"), cards_rank_plural(rank), top,
	    cards_rank_symbol(t));
}

static int
check_play(const struct game *g, const struct game_move *mv, char **cause)
{
	const struct cards *from = cd_source(g, mv->seat);
	char card[16];
	int i, rank;

	if (from == NULL)
		return game_fail(cause, _("only face-down cards are left to "
		    "you: flip one"));
	if (mv->argc < 1)
		return game_fail(cause, _("play at least one card"));
	for (i = 0; i < mv->argc && from == &g->hand[mv->seat]; i++) {
		if (cards_find(&g->hand[mv->seat], mv->argv[i]) < 0 &&
		    cards_find(&g->up[mv->seat], mv->argv[i]) >= 0) {
			cards_plain(mv->argv[i], card, sizeof card);
			/* TRANSLATORS: %s is a card as typed: 5h. */
			return game_fail(cause, _("your hand comes first: "
			    "'%s' is face up"), card);
		}
	}
	if (cards_check_held(from, mv->argv, mv->argc, CD_DECKS, cause) != 0)
		return -1;
	rank = cards_rank(mv->argv[0]);
	for (i = 1; i < mv->argc; i++) {
		if (cards_rank(mv->argv[i]) != rank)
			return game_fail(cause,
			    _("a play is cards of one rank"));
	}
	return cd_plays(g, rank) ? 0 : check_rank(g, rank, cause);
}

static int
check_pickup(const struct game *g, const struct game_move *mv, char **cause)
{
	const struct cards *from = cd_source(g, mv->seat);
	int rank;

	if (mv->argc != 0)
		return game_fail(cause, _("pickup takes no arguments"));
	if (from == NULL)
		return game_fail(cause, _("only face-down cards are left to "
		    "you: flip one"));
	if (g->pile.n == 0)
		return game_fail(cause, _("the pile is empty: start it with "
		    "any cards"));
	if ((rank = cd_lowest_play(g, from)) != 0)
		/* TRANSLATORS: %s is a rank, plural: "9s", "kings". */
		return game_fail(cause, _("you may pick up only when nothing "
		    "plays, and your %s do"), cards_rank_plural(rank));
	return 0;
}

static int
check_flip(const struct game *g, const struct game_move *mv, char **cause)
{
	enum cd_from from = cd_from(g, mv->seat);
	int pos;

	if (mv->argc != 1)
		return game_fail(cause, _("flip takes one position"));
	if (from == FROM_HAND)
		return game_fail(cause, _("your hand comes first, then your "
		    "face-up cards, then the flips"));
	if (from == FROM_UP)
		return game_fail(cause, _("your face-up cards come first"));
	pos = mv->argv[0];
	if (pos < 0 || pos >= CD_DOWN)
		return game_fail(cause, _("no face-down position %d"),
		    pos + 1);
	if (g->down[mv->seat][pos] < 0)
		return game_fail(cause, _("you have no face-down card %d "
		    "left"), pos + 1);
	return 0;
}

int
cheesedog_check(const struct game *g, const struct game_move *mv,
    char **cause)
{
	const char *why;

	if (g->over)
		return game_fail(cause, _("the game is over"));
	if (mv->verb == VERB_LEAVE) {
		/* A safe seat may leave the table too, keeping its place,
		 * so the bot can let it go. */
		if (mv->seat < 0 || mv->seat >= g->nseats ||
		    (g->state[mv->seat] != SEAT_IN &&
		    g->state[mv->seat] != SEAT_SAFE))
			return game_fail(cause, _("you have left this game"));
		if (mv->argc != 0)
			return game_fail(cause, _("leave takes no arguments"));
		return 0;
	}
	if ((why = not_to_move(g, mv->seat)) != NULL)
		return game_fail(cause, "%s", _(why));
	switch (mv->verb) {
	case VERB_PLAY:
		return check_play(g, mv, cause);
	case VERB_PICKUP:
		return check_pickup(g, mv, cause);
	case VERB_FLIP:
		return check_flip(g, mv, cause);
	}
	return game_fail(cause, "cheesedog has no verb %d", mv->verb);
}
