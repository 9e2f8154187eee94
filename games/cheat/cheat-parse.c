/*
 * Cheat, from what a player types to a move, and the check of every move
 * before it is applied: the parse() and check() of cheat_ops.  The move
 * grammar and the verbs are in the opening comment of cheat.c.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "games/cards.h"
#include "cheat-int.h"
#include "games/game.h"
#include "games/intl.h"

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
		return game_fail(cause, _("say which cards you lay, e.g. "
		    "'play 4h 4d as two fours'"));
	if (ncards > GAME_MOVE_ARGS - 2)
		return game_fail(cause, _("too many cards"));
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
	if (sep < 0 && g->ordered) {
		/* Questions: a play claims the cards laid, as this turn's
		 * rank. */
		mv->argv[1] = g->want;
		return 0;
	}
	if (sep < 0 && first == 0 && strcasecmp(argv[argc - 1], "as") == 0)
		return game_fail(cause, _("say what you declare after 'as', "
		    "e.g. 'as two fours'"));
	if (sep < 0 && first == 0)
		return game_fail(cause, _("your cards are of different ranks: "
		    "say what they are, e.g. 'play 4h 7c as two fours'"));
	if (sep < 0)
		return 0;
	if (sep == argc - 3 && cards_parse_count(argv[sep + 1], &mv->argv[0],
	    cause) != 0)
		return -1;
	return cards_parse_rank(argv[argc - 1], &mv->argv[1], cause);
}

int
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
	case CMD_ASK:
	case CMD_NEXT:
		/* The commands of the variant that extends Cheat. */
		if (g->ext != NULL)
			return g->ext->parse(g, seat, cmd, argc, argv, mv,
			    cause);
		break;
	}
	return game_fail(cause, "cheat has no command %d", cmd);
}

int
cheat_command(const struct game *g, const struct game_move *mv, char *buf,
    size_t size)
{
	char card[16];
	size_t used;
	int i;

	snprintf(buf, size, "%s", "");
	switch (mv->verb) {
	case VERB_CHEAT:
		snprintf(buf, size, "cheat");
		return CMD_CHEAT;
	case VERB_PLAY:
		snprintf(buf, size, "play");
		for (i = 2; i < mv->argc; i++) {
			cards_plain(mv->argv[i], card, sizeof card);
			used = strlen(buf);
			snprintf(buf + used, size - used, " %s", card);
		}
		used = strlen(buf);
		if (!g->ordered)
			snprintf(buf + used, size - used, " as %d %s",
			    mv->argv[0], cards_rank_symbol(mv->argv[1]));
		return CMD_PLAY;
	case VERB_ASK:
	case VERB_ANSWERED:
	case VERB_NEXT:
		if (g->ext != NULL)
			return g->ext->command(mv, buf, size);
		break;
	}
	return -1;
}

/* Why seat may not act at all, or NULL if it is still in. */
static const char *
not_in(const struct game *g, int seat)
{
	if (seat < 0 || seat >= g->nseats)
		return "no such seat";
	if (g->state[seat] == SEAT_LEFT || g->state[seat] == SEAT_GONE)
		return _("you have left this game");
	if (g->state[seat] == SEAT_OUT)
		return _("you have no cards left to play");
	return NULL;
}

/* Checks the declaration of a play that opens a round, face up. */
static int
check_opening(const struct game_move *mv, char **cause)
{
	int i, rank = cards_rank(mv->argv[2]), n = mv->argc - 2;

	for (i = 3; i < mv->argc; i++) {
		if (cards_rank(mv->argv[i]) != rank)
			return game_fail(cause, _("an opening play is face up: "
			    "lay cards of one rank"));
	}
	if (mv->argv[1] != rank)
		/* TRANSLATORS: a rank (plural) twice: "fours". */
		return game_fail(cause, _("you lay %s face up, so declare %s"),
		    cards_rank_plural(rank), cards_rank_plural(rank));
	if (mv->argv[0] != n)
		return game_fail(cause, ngettext("you lay %d card face up, so "
		    "declare %d", "you lay %d cards face up, so declare %d",
		    (unsigned long)n), n, n);
	return 0;
}

/* Questions: the play claims this turn's rank, as many as were laid. */
static int
check_ordered(const struct game *g, const struct game_move *mv,
    char **cause)
{
	int n = mv->argc - 2;

	if (mv->argv[1] != g->want)
		/* TRANSLATORS: two ranks, plural: "aces", "fours". */
		return game_fail(cause, _("this turn lays %s, not %s"),
		    cards_rank_plural(g->want),
		    cards_rank_plural(mv->argv[1]));
	if (mv->argv[0] != n)
		/* TRANSLATORS: the cards laid, twice, then the count
		 * the player declared instead. */
		return game_fail(cause, ngettext("you lay %d card, so you "
		    "claim %d, not %d", "you lay %d cards, so you claim %d, "
		    "not %d", (unsigned long)n), n, n, mv->argv[0]);
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
	if (g->asker >= 0 || g->answering)
		return game_fail(cause, _("a question comes first"));
	if (g->turn != mv->seat)
		return game_fail(cause, _("it is not your turn"));
	if (mv->argc < 3)
		return game_fail(cause, _("lay at least one card"));
	if (mv->argc > GAME_MOVE_ARGS)
		return game_fail(cause, _("too many cards"));
	if (rank < 1 || rank > CARDS_RANKS)
		return game_fail(cause, "no rank %d", rank);
	if (!g->ordered && (count < 1 || count > 4 * g->decks))
		return game_fail(cause, _("you may declare 1 to %d cards, "
		    "not %d"), 4 * g->decks, count);
	if (cards_check_held(&g->hand[mv->seat], mv->argv + 2, mv->argc - 2,
	    g->decks, cause) != 0)
		return -1;
	if (g->ordered)
		return check_ordered(g, mv, cause);
	if (g->rank == 0)
		return check_opening(mv, cause);
	if (!cheat_rank_allowed(g->rank, rank)) {
		cheat_allowed_text(g->rank, allowed, sizeof allowed);
		/* TRANSLATORS: a rank (plural), what may be declared
		 * after it ("jacks, queens or kings"), and the rank
		 * declared. */
		return game_fail(cause, _("after %s you may declare %s, "
		    "not %s"),
		    cards_rank_plural(g->rank), allowed,
		    cards_rank_plural(rank));
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
			return game_fail(cause, _("that play was face up: "
			    "there is nothing to challenge"));
		return game_fail(cause, _("there is no play to challenge "
		    "now"));
	}
	if (mv->argv[0] != g->declarer)
		return game_fail(cause, _("that play can no longer be "
		    "challenged"));
	if (mv->seat == g->declarer)
		return game_fail(cause, _("you cannot call cheat on "
		    "yourself"));
	return 0;
}

int
cheat_check(const struct game *g, const struct game_move *mv, char **cause)
{
	const char *why;

	if (g->over)
		return game_fail(cause, _("the game is over"));
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
	case VERB_ASK:
	case VERB_ANSWERED:
	case VERB_NEXT:
		if (g->ext != NULL)
			return g->ext->check(g, mv, cause);
		break;
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
