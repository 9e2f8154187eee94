/*
 * Liar's UNO, from what a player types to a move and back, and the check
 * of every move before it is applied: the parse(), command() and check()
 * of liarsuno_ops.  The grammar and the verbs are in the opening comment
 * of liarsuno.c.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "games/game.h"
#include "games/intl.h"
#include "liarsuno.h"
#include "liarsuno-int.h"

int
lu_plausible(const struct game *g, int face)
{
	if (face == FACE_WD4)
		return 1;
	if (!lu_face_valid(face) || face == FACE_WLC)
		return 0;
	return lu_face_colour(face) == g->colour || lu_face_sym(face) == g->sym;
}

int
lu_matches_up(const struct game *g, int id)
{
	int face = lu_face(id);

	if (face == FACE_WLC)
		return 1;
	return lu_face_colour(face) == g->colour || lu_face_sym(face) == g->sym;
}

/* The card of face (a Liar's Card if liar) in seat's hand, the one
 * drawn first; -1 if none. */
static int
held(const struct game *g, int seat, int face, int liar)
{
	const struct cards *h = &g->hand[seat];
	int i, found = -1;

	for (i = 0; i < h->n; i++) {
		if (lu_face(h->c[i]) != face || lu_liar(h->c[i]) != liar)
			continue;
		if (g->phase == PH_DRAWN && h->c[i] == g->drawn)
			return h->c[i];
		if (found < 0)
			found = h->c[i];
	}
	return found;
}

/* The card a word names in seat's hand into *id. */
static int
parse_held(const struct game *g, int seat, const char *word, int *id,
    char **cause)
{
	int face, liar;

	if (lu_parse_card(word, &face, &liar, cause) != 0)
		return -1;
	if ((*id = held(g, seat, face, liar)) >= 0)
		return 0;
	/* The mark tells a Regular number from a Liar's one. */
	if (held(g, seat, face, !liar) < 0)
		return game_fail(cause, _("you do not hold %s"), word);
	/* TRANSLATORS: %s is the card as typed (r5, ~r5); ~ marks a Liar's
	 * Card. */
	return game_fail(cause, liar ?
	    _("you do not hold %s: yours is written without ~") :
	    _("you do not hold %s: yours is written with ~"), word);
}

/* play CARD [as CLAIM] [COLOUR] [uno]; in the channel (up) only face
 * up. */
static int
parse_play(const struct game *g, int seat, int up, int argc, char **argv,
    struct game_move *mv, char **cause)
{
	int *a = mv->argv, i = 1, claim = -1, colour = -1, down, id;

	if (argc == 0)
		return game_fail(cause, "%s", _("say which card: play r5, or "
		    "play ~g3 as r7 in private"));
	if (parse_held(g, seat, argv[0], &id, cause) != 0)
		return -1;
	down = lu_liar(id);
	if (down)
		claim = lu_face(id);
	if (argc > 2 && strcasecmp(argv[1], "as") == 0) {
		if (lu_parse_claim(argv[2], &claim, cause) != 0)
			return -1;
		down = 1;
		i = 3;
	} else if (argc > 1 && strcasecmp(argv[1], "as") == 0)
		return game_fail(cause, _("say what you claim: play %s as r7"),
		    argv[0]);
	if (up && i == 3)
		return game_fail(cause, _("a card goes face down in private: "
		    "send 'play %s as %s' to me"), argv[0], argv[2]);
	if (up && down)
		return game_fail(cause, _("a Liar's Card is played face down: "
		    "send 'play %s as CLAIM' to me in private"), argv[0]);
	if (i < argc && lu_parse_colour(argv[i]) >= 0)
		colour = lu_parse_colour(argv[i++]);
	mv->verb = VERB_PLAY;
	mv->argc = PLAY_ARGS;
	a[ARG_CARD] = id;
	a[ARG_DOWN] = down;
	a[ARG_CLAIM] = claim;
	a[ARG_COLOUR] = colour;
	a[ARG_UNO] = i < argc && strcasecmp(argv[i], "uno") == 0;
	i += a[ARG_UNO];
	if (i < argc)
		/* TRANSLATORS: %s is the word typed; play CARD [as
		 * CLAIM] [COLOUR] [uno] is how the command is typed. */
		return game_fail(cause, up ?
		    _("unexpected '%s': play CARD [COLOUR] [uno]") :
		    _("unexpected '%s': play CARD [as CLAIM] [COLOUR] [uno]"),
		    argv[i]);
	return 0;
}

/* A command that takes no words. */
static int
parse_bare(int argc, int verb, struct game_move *mv, char **cause)
{
	mv->verb = verb;
	if (argc > 0)
		/* TRANSLATORS: %s is the command as typed, "draw". */
		return game_fail(cause, _("%s takes no arguments"),
		    liarsuno_ops.verbs[verb]);
	return 0;
}

/* swap NICK, challenge NICK: one player named. */
static int
parse_named(const struct game *g, int argc, char **argv, int verb,
    struct game_move *mv, char **cause)
{
	mv->verb = verb;
	mv->argc = 1;
	if (argc != 1)
		/* TRANSLATORS: %s is the command as typed, "swap". */
		return game_fail(cause, _("name one player: %s NICK"),
		    verb == VERB_SWAP ? "swap" : "challenge");
	return game_parse_seat(argv[0], g->nseats, &mv->argv[0], cause);
}

int
liarsuno_parse(const struct game *g, int seat, int cmd, int argc,
    char **argv, struct game_move *mv, char **cause)
{
	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	if (seat < 0 || seat >= g->nseats)
		return game_fail(cause, "no such seat");
	switch (cmd) {
	case CMD_PLAY_UP:
	case CMD_PLAY:
		return parse_play(g, seat, cmd == CMD_PLAY_UP, argc, argv, mv,
		    cause);
	case CMD_DRAW:
		return parse_bare(argc, VERB_DRAW, mv, cause);
	case CMD_PASS:
		return parse_bare(argc, VERB_PASS, mv, cause);
	case CMD_UNO:
		return parse_bare(argc, VERB_UNO, mv, cause);
	case CMD_DONE:
		return parse_bare(argc, VERB_DONE, mv, cause);
	case CMD_CHALLENGE:
		if (argc == 0)
			return parse_bare(argc, VERB_CHALLENGE, mv, cause);
		return parse_named(g, argc, argv, VERB_ACCUSE, mv, cause);
	case CMD_SWAP:
		return parse_named(g, argc, argv, VERB_SWAP, mv, cause);
	case CMD_PUT:
		mv->verb = VERB_PUT;
		mv->argc = 1;
		if (argc != 1)
			return game_fail(cause, "%s",
			    _("put one card: put ~r5"));
		return parse_held(g, seat, argv[0], &mv->argv[0], cause);
	}
	return game_fail(cause, "liarsuno has no command %d", cmd);
}

/* Appends a word to the words in buf. */
static void
add(char *buf, size_t size, const char *word)
{
	size_t used = strlen(buf);

	snprintf(buf + used, size - used, "%s%s", used > 0 ? " " : "", word);
}

static int
command_play(const struct game_move *mv, char *buf, size_t size)
{
	const int *a = mv->argv;
	char card[8], claim[8];

	lu_card_text(a[ARG_CARD], card, sizeof card);
	add(buf, size, "play");
	add(buf, size, card);
	/* A Liar's Card claimed as itself needs no claim. */
	if (a[ARG_DOWN] && (!lu_liar(a[ARG_CARD]) ||
	    lu_face(a[ARG_CARD]) != a[ARG_CLAIM])) {
		lu_claim_text(a[ARG_CLAIM], claim, sizeof claim);
		add(buf, size, "as");
		add(buf, size, claim);
	}
	if (a[ARG_COLOUR] >= 0)
		add(buf, size, lu_colour_name(a[ARG_COLOUR]));
	if (a[ARG_UNO])
		add(buf, size, "uno");
	return a[ARG_DOWN] ? CMD_PLAY : CMD_PLAY_UP;
}

int
liarsuno_command(const struct game *g, const struct game_move *mv,
    char *buf, size_t size)
{
	char card[8], seat[16];

	(void)g;
	snprintf(buf, size, "%s", "");
	if (mv->seat == GAME_SEAT_TABLE)
		return -1;
	switch (mv->verb) {
	case VERB_PLAY:
		return command_play(mv, buf, size);
	case VERB_DRAW:
		add(buf, size, "draw");
		return CMD_DRAW;
	case VERB_PASS:
		add(buf, size, "pass");
		return CMD_PASS;
	case VERB_CHALLENGE:
		add(buf, size, "challenge");
		return CMD_CHALLENGE;
	case VERB_UNO:
		add(buf, size, "uno");
		return CMD_UNO;
	case VERB_DONE:
		add(buf, size, "done");
		return CMD_DONE;
	case VERB_SWAP:
	case VERB_ACCUSE:
		snprintf(seat, sizeof seat, "{p:%d}", mv->argv[0]);
		add(buf, size, mv->verb == VERB_SWAP ? "swap" : "challenge");
		add(buf, size, seat);
		return mv->verb == VERB_SWAP ? CMD_SWAP : CMD_CHALLENGE;
	case VERB_PUT:
		lu_card_text(mv->argv[0], card, sizeof card);
		add(buf, size, "put");
		add(buf, size, card);
		return CMD_PUT;
	}
	return -1;
}

/* Writes what the next play must match, without markup: "r7", "red
 * (+4)", the colour in the reader's language. */
static void
top_text(const struct game *g, char *buf, size_t size)
{
	if (g->sym < SYM_WD4)
		lu_claim_text(LU_FACE(g->colour, g->sym), buf, size);
	else
		snprintf(buf, size, "%s (%s)", lu_colour_shown(g->colour),
		    g->sym == SYM_WD4 ? "+4" : "WLC");
}

/* Why seat may not play or draw now (drawn: the card drawn may be
 * played), or NULL. */
static const char *
not_turn(const struct game *g, int seat, int drawn)
{
	if (g->phase == PH_PUT || g->phase == PH_ACCUSE)
		return _("wait: a Wild Liar's Challenge is on");
	if (g->phase == PH_OPEN)
		return g->hand[g->down_seat].n == 0 ? _("wait: a last card "
		    "may still be challenged") : _("wait: a face-down card "
		    "may still be challenged");
	if (seat != g->turn)
		return _("it is not your turn");
	if (g->phase == PH_SWAP)
		return _("swap hands first: swap NICK");
	if (g->phase == PH_DRAWN && !drawn)
		return _("you have drawn: play that card, or pass");
	return NULL;
}

/* The claim of a face-down play, or a face-up card. */
static int
check_face(const struct game *g, const struct game_move *mv, char **cause)
{
	const int *a = mv->argv;
	char card[8], top[24], claim[8];

	lu_card_text(a[ARG_CARD], card, sizeof card);
	top_text(g, top, sizeof top);
	if (!a[ARG_DOWN]) {
		if (lu_liar(a[ARG_CARD]))
			return game_fail(cause, _("a Liar's Card is played "
			    "face down: send 'play %s as CLAIM' to me in "
			    "private"), card);
		if (a[ARG_CLAIM] != -1)
			return game_fail(cause, "a card face up claims "
			    "nothing");
		if (!lu_matches_up(g, a[ARG_CARD]))
			/* TRANSLATORS: the card (r5), then what the
			 * next play must match (r7, or red (+4)). */
			return game_fail(cause, _("%s does not match %s"),
			    card, top);
		return 0;
	}
	if (!lu_face_valid(a[ARG_CLAIM]))
		return game_fail(cause, "no such claim");
	if (a[ARG_CLAIM] == FACE_WLC)
		return game_fail(cause, "%s", _("a WLC is always played face "
		    "up: no claim can be one"));
	lu_claim_text(a[ARG_CLAIM], claim, sizeof claim);
	if (!lu_plausible(g, a[ARG_CLAIM]))
		/* TRANSLATORS: the claim (r7), then what the next play
		 * must match (g5, or red (+4)). */
		return game_fail(cause, _("'%s' is not plausible on %s: claim "
		    "a card of its colour or symbol, or +4"), claim, top);
	return 0;
}

static int
check_play(const struct game *g, const struct game_move *mv, char **cause)
{
	const int *a = mv->argv;
	const char *why;
	char card[8];
	int seat = mv->seat, face;

	if ((why = not_turn(g, seat, 1)) != NULL)
		return game_fail(cause, "%s", why);
	if (mv->argc != PLAY_ARGS || a[ARG_CARD] < 0 ||
	    a[ARG_CARD] >= LU_CARDS || (a[ARG_DOWN] & ~1) ||
	    (a[ARG_UNO] & ~1))
		return game_fail(cause, "a play is a card, face down or not, "
		    "a claim, a colour and uno or not");
	lu_card_text(a[ARG_CARD], card, sizeof card);
	if (cards_find(&g->hand[seat], a[ARG_CARD]) < 0)
		return game_fail(cause, _("you do not hold %s"), card);
	if (g->phase == PH_DRAWN && a[ARG_CARD] != g->drawn) {
		lu_card_text(g->drawn, card, sizeof card);
		return game_fail(cause, _("after a draw you may play only the "
		    "card drawn, %s, or pass"), card);
	}
	if (check_face(g, mv, cause) != 0)
		return -1;
	face = a[ARG_DOWN] ? a[ARG_CLAIM] : lu_face(a[ARG_CARD]);
	if (lu_face_colour(face) == LU_WILD && (a[ARG_COLOUR] < 0 ||
	    a[ARG_COLOUR] >= LU_COLOURS))
		/* TRANSLATORS: red, yellow, green and blue are typed:
		 * keep them in English. */
		return game_fail(cause, "%s", _("a wild names the colour to "
		    "play next: red, yellow, green or blue"));
	if (lu_face_colour(face) != LU_WILD && a[ARG_COLOUR] != -1)
		return game_fail(cause, "%s", _("only a wild names a colour"));
	if (a[ARG_UNO] && g->hand[seat].n != 2)
		/* TRANSLATORS: uno is typed with the play. */
		return game_fail(cause, "%s", _("uno goes with the play of "
		    "your last card but one"));
	return 0;
}

/* swap and accuse name a seat. */
static int
check_seat(const struct game *g, const struct game_move *mv, char **cause)
{
	int victim = mv->argv[0];

	if (mv->argc != 1)
		return game_fail(cause, "name one player");
	if (victim < 0 || victim >= g->nseats || !g->in[victim])
		return game_fail(cause, "%s", _("that player is not in the "
		    "game"));
	if (victim == mv->seat)
		return game_fail(cause, "%s", _("name another player, not "
		    "yourself"));
	if (mv->verb == VERB_ACCUSE && !(g->unturned & (1u << victim)))
		return game_fail(cause, "%s", _("that player has no put card "
		    "to turn over"));
	return 0;
}

static int
check_challenge(const struct game *g, int seat, char **cause)
{
	if (g->phase == PH_ACCUSE && seat == g->wlc_seat)
		return game_fail(cause, "%s", _("name whose card you turn "
		    "over: challenge NICK, or stop: done"));
	if (g->phase == PH_SWAP && g->down >= 0)
		return game_fail(cause, "%s", _("wait: the face-down 7 may be "
		    "challenged once the hands are swapped"));
	if (g->down < 0 || (g->phase != PH_TURN && g->phase != PH_OPEN))
		return game_fail(cause, "%s", _("there is no face-down card "
		    "to challenge"));
	if (seat == g->down_seat)
		return game_fail(cause, "%s", _("that card is your own"));
	return 0;
}

int
liarsuno_check(const struct game *g, const struct game_move *mv,
    char **cause)
{
	const char *why;
	int seat = mv->seat;

	if (g->phase == PH_OVER)
		return game_fail(cause, "%s", _("the game is over"));
	/* The table's moves: a turn runs out, a window closes. */
	if (mv->verb == VERB_IDLE)
		return seat == GAME_SEAT_TABLE && g->phase == PH_TURN &&
		    mv->argc == 0 ? 0 : game_fail(cause, "only the table "
		    "plays a turn that ran out");
	if (mv->verb == VERB_CLOSE)
		return seat == GAME_SEAT_TABLE && (g->phase == PH_OPEN ||
		    g->phase == PH_PUT) && mv->argc == 0 ? 0 :
		    game_fail(cause, "there is nothing for the table to close");
	if (seat < 0 || seat >= g->nseats || !g->in[seat])
		return game_fail(cause, "%s", _("you are not in this game"));
	if (mv->verb != VERB_PLAY && mv->verb != VERB_SWAP &&
	    mv->verb != VERB_PUT && mv->verb != VERB_ACCUSE && mv->argc != 0)
		return game_fail(cause, "that takes no arguments");
	switch (mv->verb) {
	case VERB_LEAVE:
		return 0;
	case VERB_PLAY:
		return check_play(g, mv, cause);
	case VERB_DRAW:
		if ((why = not_turn(g, seat, 0)) != NULL)
			return game_fail(cause, "%s", why);
		return 0;
	case VERB_PASS:
		return g->phase == PH_DRAWN && seat == g->turn ? 0 :
		    game_fail(cause, "%s", _("pass keeps a card you drew: draw "
		    "first"));
	case VERB_SWAP:
		if (g->phase != PH_SWAP || seat != g->turn)
			return game_fail(cause, "%s", _("swap follows a 7 you "
			    "played"));
		return check_seat(g, mv, cause);
	case VERB_CHALLENGE:
		return check_challenge(g, seat, cause);
	case VERB_UNO:
		return g->uno_due != 0 ? 0 : game_fail(cause, "%s",
		    _("nobody owes an UNO call"));
	case VERB_PUT:
		if (g->phase != PH_PUT || !(g->owe_put & (1u << seat)))
			return game_fail(cause, "%s", _("there is no card for "
			    "you to put now"));
		if (mv->argc != 1 || mv->argv[0] < 0 ||
		    mv->argv[0] >= LU_CARDS ||
		    cards_find(&g->hand[seat], mv->argv[0]) < 0)
			return game_fail(cause, "%s", _("put one card you "
			    "hold"));
		if (!lu_wlc_may_put(g, seat, mv->argv[0]))
			/* TRANSLATORS: both %s are the colour named. */
			return game_fail(cause, _("you hold a %s card: put a "
			    "%s one"), lu_colour_shown(g->wlc_colour),
			    lu_colour_shown(g->wlc_colour));
		return 0;
	case VERB_ACCUSE:
		if (g->phase != PH_ACCUSE || seat != g->wlc_seat)
			return game_fail(cause, "%s", _("only the WLC's "
			    "player turns put cards over, once all are in"));
		return check_seat(g, mv, cause);
	case VERB_DONE:
		if (g->phase != PH_ACCUSE || seat != g->wlc_seat)
			return game_fail(cause, "%s", _("only the WLC's "
			    "player stops turning put cards over, once all are "
			    "in"));
		return 0;
	}
	return game_fail(cause, "liarsuno has no verb %d", mv->verb);
}
