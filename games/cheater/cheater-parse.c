/*
 * CHEATER, from what a player types to a move and back, and the check of
 * every move before it is applied: the parse(), command() and check() of
 * cheater_ops.  The grammar and the verbs are in the opening comment of
 * cheater.c.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cheater.h"
#include "cheater-int.h"
#include "games/game.h"
#include "games/intl.h"

int
ch_usable(const struct game *g, int id)
{
	return !g->fresh[id];
}

/* 1 if id is among not[0..nnot-1]. */
static int
among(int id, const int *not, int nnot)
{
	int i;

	for (i = 0; i < nnot; i++) {
		if (not[i] == id)
			return 1;
	}
	return 0;
}

int
ch_find(const struct game *g, const struct cards *l, int face, int usable,
    int fresh_first, const int *not, int nnot)
{
	int i, id, found = -1;

	for (i = 0; i < l->n; i++) {
		id = l->c[i];
		if (ch_face(id) != face || among(id, not, nnot) ||
		    (usable && !ch_usable(g, id)))
			continue;
		if (!fresh_first || g->fresh[id])
			return i;
		if (found < 0)
			found = i;
	}
	return found;
}

/* The action card of an attack verb (TAKE, SHOW or BUST). */
static int
attack_face(int verb)
{
	return verb == VERB_TAKE ? FACE_TAKE : verb == VERB_SHOW ? FACE_SHOW :
	    FACE_BUST;
}

/* The action card of face that seat would play: one that may be played
 * now, else any (for check() to refuse with the reason); -1 if none. */
static int
action_card(const struct game *g, int seat, int face)
{
	const struct cards *h = &g->hand[seat];
	int i = ch_find(g, h, face, 1, 0, NULL, 0);

	if (i < 0)
		i = ch_find(g, h, face, 0, 0, NULL, 0);
	return i < 0 ? -1 : h->c[i];
}

/* Reads the cards words name from l (the victim's hand if theirs, else
 * the player's) into mv's arguments (after those there): a copy drawn
 * this turn first (discards), each id once. */
static int
parse_cards(const struct game *g, const struct cards *l, int argc,
    char **argv, struct game_move *mv, int theirs, char **cause)
{
	int i, face, k, first = mv->argc, other;

	if (argc > GAME_MOVE_ARGS - first)
		return game_fail(cause, _("too many cards"));
	for (i = 0; i < argc; i++) {
		if (ch_parse_face(argv[i], &face, cause) != 0)
			return -1;
		k = ch_find(g, l, face, 0, 1, mv->argv + first,
		    mv->argc - first);
		if (k < 0) {
			other = ch_find(g, l, face, 0, 0, NULL, 0) >= 0;
			return game_fail(cause, theirs ? (other ?
			    /* TRANSLATORS: %s is a card as typed: rC. */
			    _("they hold no other %s") :
			    _("they hold no %s")) : other ?
			    _("you hold no other %s") : _("you hold no %s"),
			    ch_face_name(face));
		}
		mv->argv[mv->argc++] = l->c[k];
	}
	return 0;
}

/* TAKE, SHOW or BUST (verb) played with a card of face on the player
 * named by word. */
static int
parse_attack(const struct game *g, int seat, int verb, int face,
    const char *word, struct game_move *mv, char **cause)
{
	int id = action_card(g, seat, face);

	if (id < 0)
		/* TRANSLATORS: %s is a card as typed: rC, TAKE, WILD. */
		return game_fail(cause, _("you hold no %s"),
		    ch_face_name(face));
	mv->verb = verb;
	mv->argc = 2;
	mv->argv[1] = id;
	return game_parse_seat(word, g->nseats, &mv->argv[0], cause);
}

static int
parse_hide(const struct game *g, int seat, int wild, struct game_move *mv,
    char **cause)
{
	const struct cards *h = &g->hand[seat];
	int i = -1;

	/* A HIDE before a WILD, however and whenever it came. */
	if (!wild)
		i = ch_find(g, h, FACE_HIDE, 0, 0, NULL, 0);
	if (i < 0)
		i = ch_find(g, h, FACE_WILD, 0, 0, NULL, 0);
	if (i < 0)
		return game_fail(cause, "%s", wild ? _("you hold no WILD") :
		    _("you hold no HIDE or WILD"));
	mv->verb = VERB_HIDE;
	mv->argc = 1;
	mv->argv[0] = h->c[i];
	return 0;
}

static int
parse_wild(const struct game *g, int seat, int argc, char **argv,
    struct game_move *mv, char **cause)
{
	static const char *const as[] = { "take", "show", "bust" };
	int i;

	if (argc == 1 && strcasecmp(argv[0], "hide") == 0)
		return parse_hide(g, seat, 1, mv, cause);
	for (i = 0; argc == 2 && i < 3; i++) {
		if (strcasecmp(argv[0], as[i]) == 0)
			return parse_attack(g, seat, VERB_TAKE + i, FACE_WILD,
			    argv[1], mv, cause);
	}
	/* TRANSLATORS: "wild take NICK" and the like are typed as they
	 * are; NICK stands for a player's nick. */
	return game_fail(cause, _("say what the WILD plays as: wild take "
	    "NICK, wild show NICK, wild bust NICK or wild hide"));
}

/* A command that takes no words ("draw 2" is draw2). */
static int
parse_bare(int argc, char **argv, int verb, const char *name,
    struct game_move *mv, char **cause)
{
	if (verb == VERB_DRAW && argc == 1 && (strcmp(argv[0], "2") == 0 ||
	    strcasecmp(argv[0], "two") == 0))
		verb = VERB_DRAW2;
	else if (argc > 0)
		/* TRANSLATORS: %s is a command as typed: draw, grab. */
		return game_fail(cause, _("%s takes no arguments"), name);
	mv->verb = verb;
	return 0;
}

int
cheater_parse(const struct game *g, int seat, int cmd, int argc, char **argv,
    struct game_move *mv, char **cause)
{
	const struct cards *victim;

	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	if (seat < 0 || seat >= g->nseats)
		return game_fail(cause, _("no such seat"));
	victim = g->victim >= 0 ? &g->hand[g->victim] : NULL;
	switch (cmd) {
	case CMD_DRAW:
		return parse_bare(argc, argv, VERB_DRAW, "draw", mv, cause);
	case CMD_DRAW2:
		return parse_bare(argc, argv, VERB_DRAW2, "draw2", mv, cause);
	case CMD_GRAB:
		return parse_bare(argc, argv, VERB_GRAB, "grab", mv, cause);
	case CMD_PASS:
		return parse_bare(argc, argv, VERB_PASS, "pass", mv, cause);
	case CMD_HIDE:
		if (argc > 1 || (argc == 1 && strcasecmp(argv[0], "wild")))
			return game_fail(cause, _("hide takes no arguments "
			    "(wild hide plays your WILD)"));
		return parse_hide(g, seat, argc == 1, mv, cause);
	case CMD_DISCARD:
		mv->verb = VERB_DISCARD;
		if (argc == 0)
			return game_fail(cause,
			    _("say which cards: discard rE"));
		return parse_cards(g, &g->hand[seat], argc, argv, mv, 0,
		    cause);
	case CMD_TAKE:
	case CMD_SHOW:
	case CMD_BUST:
		if (argc != 1)
			/* TRANSLATORS: %s is a command as typed: take,
			 * show or bust; NICK stands for a player's nick. */
			return game_fail(cause, _("name one player: %s NICK"),
			    cheater_ops.cmds[cmd].name);
		return parse_attack(g, seat, VERB_TAKE + cmd - CMD_TAKE,
		    attack_face(VERB_TAKE + cmd - CMD_TAKE), argv[0], mv,
		    cause);
	case CMD_WILD:
		return parse_wild(g, seat, argc, argv, mv, cause);
	case CMD_STEAL:
		if (argc != 1)
			return game_fail(cause,
			    _("name one player: steal NICK"));
		mv->verb = VERB_STEAL;
		mv->argc = 1;
		return game_parse_seat(argv[0], g->nseats, &mv->argv[0],
		    cause);
	case CMD_PICK:
	case CMD_DROP:
		mv->verb = cmd == CMD_PICK ? VERB_PICK : VERB_DROP;
		if (victim == NULL)
			/* TRANSLATORS: %s is a command as typed: pick or
			 * drop. */
			return game_fail(cause, _("nobody's hand is open to "
			    "%s from now"), cmd == CMD_PICK ? "pick" : "drop");
		if (cmd == CMD_PICK && argc != 1)
			return game_fail(cause, _("pick one card: pick rE"));
		return parse_cards(g, victim, argc, argv, mv, 1, cause);
	}
	return game_fail(cause, "cheater has no command %d", cmd);
}

/* Appends " NAME" for each card of mv's arguments from the first. */
static void
add_faces(char *buf, size_t size, const struct game_move *mv, int first)
{
	size_t used;
	int i;

	for (i = first; i < mv->argc; i++) {
		used = strlen(buf);
		snprintf(buf + used, size - used, " %s",
		    ch_face_name(ch_face(mv->argv[i])));
	}
}

int
cheater_command(const struct game *g, const struct game_move *mv, char *buf,
    size_t size)
{
	static const char *const attack[] = { "take", "show", "bust" };
	int wild;

	(void)g;
	snprintf(buf, size, "%s", "");
	switch (mv->verb) {
	case VERB_DRAW:
		snprintf(buf, size, "draw");
		return CMD_DRAW;
	case VERB_DRAW2:
		snprintf(buf, size, "draw2");
		return CMD_DRAW2;
	case VERB_GRAB:
		snprintf(buf, size, "grab");
		return CMD_GRAB;
	case VERB_TAKE:
	case VERB_SHOW:
	case VERB_BUST:
		wild = ch_face(mv->argv[1]) == FACE_WILD;
		snprintf(buf, size, "%s%s {p:%d}", wild ? "wild " : "",
		    attack[mv->verb - VERB_TAKE], mv->argv[0]);
		return wild ? CMD_WILD : CMD_TAKE + mv->verb - VERB_TAKE;
	case VERB_STEAL:
		snprintf(buf, size, "steal {p:%d}", mv->argv[0]);
		return CMD_STEAL;
	case VERB_HIDE:
		wild = ch_face(mv->argv[0]) == FACE_WILD;
		snprintf(buf, size, "%s", wild ? "wild hide" : "hide");
		return wild ? CMD_WILD : CMD_HIDE;
	case VERB_PASS:
		if (mv->seat == GAME_SEAT_TABLE)
			return -1;
		snprintf(buf, size, "pass");
		return CMD_PASS;
	case VERB_PICK:
	case VERB_DROP:
	case VERB_DISCARD:
		snprintf(buf, size, "%s", mv->verb == VERB_PICK ? "pick" :
		    mv->verb == VERB_DROP ? "drop" : "discard");
		add_faces(buf, size, mv, 0);
		return mv->verb == VERB_PICK ? CMD_PICK :
		    mv->verb == VERB_DROP ? CMD_DROP : CMD_DISCARD;
	}
	return -1;
}

/* Checks that ids[0..n-1] are cards of the game, each named once, all in
 * l (the victim's hand if theirs, else the player's); 0, or -1 and
 * *cause. */
static int
check_held(const struct game *g, const struct cards *l, const int *ids,
    int n, int theirs, char **cause)
{
	int i;

	for (i = 0; i < n; i++) {
		if (ids[i] < 0 || ids[i] >= g->decks * CH_DECK)
			return game_fail(cause, "no card %d", ids[i]);
		if (among(ids[i], ids, i))
			/* TRANSLATORS: %s is a card as typed: rC, TAKE. */
			return game_fail(cause, _("%s is named twice"),
			    ch_face_name(ch_face(ids[i])));
		if (cards_find(l, ids[i]) < 0)
			return game_fail(cause, theirs ?
			    _("they hold no %s") : _("you hold no %s"),
			    ch_face_name(ch_face(ids[i])));
	}
	return 0;
}

/* Why seat may not start this turn's play now, untranslated (the
 * caller says _(why)), or NULL. */
static const char *
not_turn(const struct game *g, int seat)
{
	static const char *const waiting[] = {
		[PH_DISCARD] = N_("you have drawn: now discard"),
		[PH_HIDE] = N_("wait: your victim may hide"),
		[PH_PICK] = N_("you have chosen: now pick a card of theirs"),
		[PH_BUST] = N_("you have chosen: now drop up to the die's "
		    "count of their cards"),
	};

	if (seat != g->turn)
		return N_("it is not your turn");
	if (g->phase != PH_TURN)
		return waiting[g->phase];
	return NULL;
}

/* An attack: TAKE, SHOW, BUST with its card, or Cheater Power 3. */
static int
check_attack(const struct game *g, const struct game_move *mv, char **cause)
{
	int victim = mv->argv[0], id, face;

	if (mv->argc != (mv->verb == VERB_STEAL ? 1 : 2))
		return game_fail(cause,
		    _("an attack names a seat and a card"));
	if (victim < 0 || victim >= g->nseats || !g->in[victim])
		return game_fail(cause, _("that player is not in the game"));
	if (victim == mv->seat)
		return game_fail(cause,
		    _("name another player, not yourself"));
	if (mv->verb == VERB_STEAL)
		return g->power ? 0 : game_fail(cause, _("only the CHEATER "
		    "has Cheater Power"));
	id = mv->argv[1];
	if (check_held(g, &g->hand[mv->seat], &id, 1, 0, cause))
		return -1;
	face = ch_face(id);
	if (face != FACE_WILD && face != attack_face(mv->verb))
		/* TRANSLATORS: %s is a card as typed: TAKE, HIDE. */
		return game_fail(cause, _("%s is not that action"),
		    ch_face_name(face));
	if (!ch_usable(g, id))
		/* TRANSLATORS: %s is a card as typed: TAKE, WILD. */
		return game_fail(cause, _("that %s came to you after your "
		    "turn began: it plays from your next turn"),
		    ch_face_name(face));
	return 0;
}

static int
check_hide(const struct game *g, const struct game_move *mv, char **cause)
{
	int face;

	if (g->phase != PH_HIDE || mv->seat != g->victim)
		return game_fail(cause, _("nobody has named you: there is "
		    "nothing to hide from"));
	if (mv->argc != 1)
		return game_fail(cause, _("hide plays one card"));
	if (check_held(g, &g->hand[mv->seat], mv->argv, 1, 0, cause))
		return -1;
	face = ch_face(mv->argv[0]);
	/* A defence, not an action of one's turn: the wait for one's next
	 * turn is only for TAKE, SHOW and BUST ("If you draw a TAKE card on
	 * your turn it can not be used until your next turn"). */
	if (face != FACE_HIDE && face != FACE_WILD)
		return game_fail(cause, _("only HIDE or WILD hides a hand"));
	return 0;
}

/* pick, drop and discard: the phase, the count, the cards. */
static int
check_cards(const struct game *g, const struct game_move *mv, char **cause)
{
	static const enum ch_phase phase[] = {
		[VERB_PICK] = PH_PICK, [VERB_DROP] = PH_BUST,
		[VERB_DISCARD] = PH_DISCARD,
	};
	int min, max;

	if (mv->seat != g->turn)
		return game_fail(cause, _("it is not your turn"));
	if (g->phase != phase[mv->verb])
		/* TRANSLATORS: %s is a command as typed: pick, drop or
		 * discard. */
		return game_fail(cause, _("there is nothing to %s now"),
		    cheater_ops.verbs[mv->verb]);
	min = mv->verb == VERB_DROP ? 0 : mv->verb == VERB_PICK ? 1 : g->need;
	max = mv->verb == VERB_DROP ? g->die : min;
	if (mv->argc < min || mv->argc > max)
		return game_fail(cause, min == max ?
		    /* TRANSLATORS: %s is a command as typed: pick, drop or
		     * discard; %d how many cards it takes. */
		    ngettext("%s exactly %d card", "%s exactly %d cards",
		    max) : ngettext("%s at most %d card", "%s at most %d cards",
		    max), cheater_ops.verbs[mv->verb], max);
	if (mv->verb == VERB_DISCARD)
		return check_held(g, &g->hand[mv->seat], mv->argv, mv->argc,
		    0, cause);
	return check_held(g, &g->hand[g->victim], mv->argv, mv->argc, 1,
	    cause);
}

int
cheater_check(const struct game *g, const struct game_move *mv, char **cause)
{
	const char *why;
	int seat = mv->seat;

	if (g->phase == PH_OVER)
		return game_fail(cause, _("the game is over"));
	/* The table's moves: a window closes, a turn runs out. */
	if (mv->verb == VERB_PASS && seat == GAME_SEAT_TABLE && mv->argc == 0)
		return g->phase == PH_HIDE ? 0 : game_fail(cause, "there is "
		    "no window to close");
	if (mv->verb == VERB_IDLE)
		return seat == GAME_SEAT_TABLE && g->phase == PH_TURN &&
		    mv->argc == 0 ? 0 : game_fail(cause, "only the table "
		    "plays a turn that ran out");
	if (seat < 0 || seat >= g->nseats || !g->in[seat])
		return game_fail(cause, _("you are not in this game"));
	switch (mv->verb) {
	case VERB_LEAVE:
		return mv->argc == 0 ? 0 : game_fail(cause, _("leave takes no "
		    "arguments"));
	case VERB_DRAW:
	case VERB_DRAW2:
	case VERB_GRAB:
		if ((why = not_turn(g, seat)) != NULL)
			return game_fail(cause, "%s", _(why));
		if (mv->argc != 0)
			return game_fail(cause, _("that takes no arguments"));
		if (mv->verb != VERB_DRAW && !g->power)
			return game_fail(cause, _("only the CHEATER has "
			    "Cheater Power"));
		if (mv->verb == VERB_GRAB && g->discard.n == 0)
			return game_fail(cause, _("the discard pile is empty"));
		return 0;
	case VERB_TAKE:
	case VERB_SHOW:
	case VERB_BUST:
	case VERB_STEAL:
		if ((why = not_turn(g, seat)) != NULL)
			return game_fail(cause, "%s", _(why));
		return check_attack(g, mv, cause);
	case VERB_HIDE:
		return check_hide(g, mv, cause);
	case VERB_PASS:
		if (g->phase != PH_HIDE || seat != g->victim)
			return game_fail(cause, _("nobody has named you: there "
			    "is nothing to pass on"));
		return mv->argc == 0 ? 0 : game_fail(cause, _("pass takes no "
		    "arguments"));
	case VERB_PICK:
	case VERB_DROP:
	case VERB_DISCARD:
		return check_cards(g, mv, cause);
	}
	return game_fail(cause, "cheater has no verb %d", mv->verb);
}
