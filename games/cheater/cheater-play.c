/*
 * What CHEATER's moves do (game.h's apply(), a legal move): a draw, and
 * Cheater Power's draw2 and grab; the discards; an attack (TAKE, SHOW,
 * BUST, a WILD as one, Cheater Power's steal) with the victim's hide or
 * pass and the attacker's pick or drop; the table's idle move; a seat
 * leaving.  Here too are the cards they move: one drawn (the draw pile
 * refilled from the discard pile when it runs out) and one discarded.
 * The turn and its dice, a win, and what a move says are cheater.c's,
 * which calls nothing here: cheater_ops.apply is cheater_apply().
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "cheater-int.h"
#include "games/game.h"
#include "games/intl.h"
#include "games/rng.h"

/* The faces of cards ids[0..n-1] as markup, split by spaces, in a string
 * of its own (NULL if none); the caller frees it. */
static char *
faces_text(const int *ids, int n)
{
	char *text = NULL;
	int i;

	for (i = 0; i < n; i++) {
		if (i > 0)
			game_cat(&text, " ");
		ch_cat_face(&text, ch_face(ids[i]));
	}
	return text;
}

/* Refills the draw pile from the discard pile but its top card. */
static void
reshuffle(struct game *g, struct said *sd)
{
	int top, i;

	if (g->discard.n < 2)
		return;
	top = g->discard.c[--g->discard.n];
	/* Nobody knows where in the new pile a card lies. */
	for (i = 0; i < g->discard.n; i++)
		g->pub[g->discard.c[i]] = 0;
	cards_append(&g->draw, &g->discard);
	cards_clear(&g->discard);
	cards_add(&g->discard, top);
	rng_shuffle(&g->rng, g->draw.c, (size_t)g->draw.n);
	game_cat(ch_said_to(sd, &sd->tail), ngettext(" The draw pile is empty: the discard "
	    "pile but its top card is shuffled into a new one (%d card).",
	    " The draw pile is empty: the discard pile but its top card is "
	    "shuffled into a new one (%d cards).", g->draw.n), g->draw.n);
}

/* Seat draws one card (told privately); 1 if that won the game. */
static int
draw_one(struct game *g, int seat, struct said *sd)
{
	char *face;
	int id;

	assert(g->draw.n > 0);
	id = g->draw.c[--g->draw.n];
	cards_add(&g->hand[seat], id);
	g->fresh[id] = 1;
	g->pub[id] = 0;		/* its holder alone sees it */
	sd->hands |= 1u << seat;
	if (sd->priv[seat] != NULL)
		game_cat(ch_said_to(sd, &sd->priv[seat]), " ");
	face = ch_face_text(ch_face(id));
	/* On another's turn (after a TAKE, a steal, a BUST or a hide) the
	 * card came by itself: said in the past, and why the first time,
	 * so that it does not read as the draw a prompt beside it asks
	 * for. */
	game_cat(ch_said_to(sd, &sd->priv[seat]), seat == g->turn ?
	    _("You draw %s.") : sd->refilled & (1u << seat) ?
	    /* TRANSLATORS: %s is a card drawn on another player's turn,
	     * after "You drew %s to refill your hand.". */
	    _("You drew %s.") :
	    /* TRANSLATORS: %s is the card drawn on another player's turn,
	     * to make the hand seven again. */
	    _("You drew %s to refill your hand."), face);
	if (seat != g->turn)
		sd->refilled |= 1u << seat;
	free(face);
	if (g->draw.n == 0)
		reshuffle(g, sd);
	return ch_won(g, seat, sd);
}

/* Moves card id from seat's hand to the discard pile (said publicly by
 * the caller, so the hand is not sent again for it). */
static void
discard_card(struct game *g, int seat, int id)
{
	cards_remove(&g->hand[seat], id);
	g->fresh[id] = 0;
	g->pub[id] = 1;
	cards_add(&g->discard, id);
}

static void
apply_draw(struct game *g, int seat, int n, struct said *sd)
{
	int drawn = 0, over = 0;

	while (drawn < n && !over) {
		over = draw_one(g, seat, sd);
		drawn++;
	}
	/* A card that spells the word ends the draw. */
	game_cat(ch_said_to(sd, &sd->pub), n == 1 ? _("{p:%d} draws a card.") : drawn == 2 ?
	    _("{p:%d} uses Cheater Power: draws two cards.") :
	    _("{p:%d} uses Cheater Power: draws a card."), seat);
	if (over)
		return;
	g->phase = PH_DISCARD;
	g->need = n;
}

static void
apply_top(struct game *g, int seat, struct said *sd)
{
	int id = g->discard.c[--g->discard.n];
	char *face;

	cards_add(&g->hand[seat], id);
	g->fresh[id] = 1;
	sd->hands |= 1u << seat;
	face = ch_face_text(ch_face(id));
	/* TRANSLATORS: %s is the card taken. */
	game_cat(ch_said_to(sd, &sd->pub), _("{p:%d} uses Cheater Power: takes %s from the "
	    "discard pile."), seat, face);
	free(face);
	if (ch_won(g, seat, sd))
		return;
	g->phase = PH_DISCARD;
	g->need = 1;
}

/* TAKE, SHOW, BUST (or WILD as one) and Cheater Power 3 name a victim,
 * who may hide. */
static void
apply_attack(struct game *g, const struct game_move *mv, struct said *sd)
{
	int seat = mv->seat, victim = mv->argv[0], id;

	g->attack = mv->verb;
	g->victim = victim;
	g->spent = mv->verb != VERB_STEAL;
	if (g->spent) {
		id = mv->argv[1];
		discard_card(g, seat, id);
		game_cat(ch_said_to(sd, &sd->pub), ch_face(id) == FACE_WILD ?
		    /* TRANSLATORS: %s is the card, TAKE, SHOW or BUST. */
		    _("{p:%d} plays WILD as %s on {p:%d}.") :
		    _("{p:%d} plays %s on {p:%d}."), seat,
		    ch_action_word(mv->verb), victim);
	} else
		game_cat(ch_said_to(sd, &sd->pub), _("{p:%d} uses Cheater Power on {p:%d}."),
		    seat, victim);
	game_cat(ch_said_to(sd, &sd->pub), _(" {p:%d} may hide."), victim);
	g->phase = PH_HIDE;
}

static void
apply_hide(struct game *g, int id, struct said *sd)
{
	int victim = g->victim, attacker = g->turn, over, both;

	discard_card(g, victim, id);
	over = draw_one(g, victim, sd);
	/* The attacker draws too unless the victim's draw won. */
	both = g->spent && !over;
	if (both)
		over = draw_one(g, attacker, sd);
	if (both)
		/* TRANSLATORS: %s is the card, HIDE or WILD. */
		game_cat(ch_said_to(sd, &sd->pub), _("{p:%d} hides with %s: nothing is shown. "
		    "{p:%d} draws a card, and so does {p:%d}."), victim,
		    ch_face_name(ch_face(id)), victim, attacker);
	else
		/* TRANSLATORS: %s is the card, HIDE or WILD. */
		game_cat(ch_said_to(sd, &sd->pub), _("{p:%d} hides with %s: nothing is shown. "
		    "{p:%d} draws a card."), victim,
		    ch_face_name(ch_face(id)), victim);
	if (!over)
		ch_end_turn(g, sd);
}

static void
apply_pass(struct game *g, int seat, struct said *sd)
{
	int victim = g->victim, attacker = g->turn, i;
	char *cards = NULL;

	/* Every seat sees the hand: its cards stay known where they are. */
	for (i = 0; i < g->hand[victim].n; i++)
		g->pub[g->hand[victim].c[i]] = 1;
	ch_cat_cards(&cards, &g->hand[victim]);
	/* TRANSLATORS: %s is the cards of the hand. */
	game_cat(ch_said_to(sd, &sd->pub), seat == GAME_SEAT_TABLE ? _("No answer, so "
	    "{p:%d}'s hand: %s.") : _("No hide: {p:%d}'s hand: %s."), victim,
	    cards != NULL ? cards : "");
	free(cards);
	switch (g->attack) {
	case VERB_SHOW:
		game_cat(ch_said_to(sd, &sd->pub), _(" {p:%d} draws a card."), attacker);
		if (!draw_one(g, attacker, sd))
			ch_end_turn(g, sd);
		break;
	case VERB_BUST:
		g->die = ch_roll(g);
		game_cat(ch_said_to(sd, &sd->pub), _(" {p:%d} rolls %d for the BUST."),
		    attacker, g->die);
		g->phase = PH_BUST;
		break;
	default:
		g->phase = PH_PICK;
		break;
	}
}

static void
apply_pick(struct game *g, int id, struct said *sd)
{
	int victim = g->victim, attacker = g->turn, over;
	char *face;

	cards_remove(&g->hand[victim], id);
	cards_add(&g->hand[attacker], id);
	g->fresh[id] = 1;
	sd->hands |= 1u << attacker;
	face = ch_face_text(ch_face(id));
	/* The victim draws back unless the card taken won. */
	over = ch_won(g, attacker, sd);
	/* TRANSLATORS: %s is the card taken. */
	game_cat(ch_said_to(sd, &sd->pub), over ? _("{p:%d} takes %s from {p:%d}.") :
	    _("{p:%d} takes %s from {p:%d}, who draws a card."), attacker,
	    face, victim);
	free(face);
	if (over || draw_one(g, victim, sd))
		return;
	if (g->attack == VERB_STEAL) {
		g->phase = PH_DISCARD;
		g->need = 1;
	} else
		ch_end_turn(g, sd);
}

static void
apply_drop(struct game *g, const struct game_move *mv, struct said *sd)
{
	int victim = g->victim, attacker = g->turn, i, over, back = 0;
	char *cards = faces_text(mv->argv, mv->argc);

	for (i = 0; i < mv->argc; i++)
		discard_card(g, victim, mv->argv[i]);
	/* The attacker draws one, then the victim back to seven, until a
	 * draw wins. */
	over = draw_one(g, attacker, sd);
	while (!over && back < mv->argc) {
		over = draw_one(g, victim, sd);
		back++;
	}
	if (mv->argc == 0)
		game_cat(ch_said_to(sd, &sd->pub), _("{p:%d} busts none of {p:%d}'s cards."),
		    attacker, victim);
	else if (back > 0)
		/* TRANSLATORS: the cards busted, then how many cards the
		 * second player draws back. */
		game_cat(ch_said_to(sd, &sd->pub), ngettext("{p:%d} busts {p:%d}'s %s; {p:%d} "
		    "draws %d back.", "{p:%d} busts {p:%d}'s %s; {p:%d} draws "
		    "%d back.", back), attacker, victim, cards, victim, back);
	else
		/* TRANSLATORS: %s is the cards busted. */
		game_cat(ch_said_to(sd, &sd->pub), _("{p:%d} busts {p:%d}'s %s."), attacker,
		    victim, cards);
	free(cards);
	if (!over)
		ch_end_turn(g, sd);
}

static void
apply_discard(struct game *g, const struct game_move *mv, struct said *sd)
{
	char *cards = faces_text(mv->argv, mv->argc);
	int i;

	for (i = 0; i < mv->argc; i++)
		discard_card(g, mv->seat, mv->argv[i]);
	/* TRANSLATORS: %s is the cards discarded. */
	game_cat(ch_said_to(sd, &sd->pub), _("{p:%d} discards %s."), mv->seat,
	    cards != NULL ? cards : "");
	free(cards);
	ch_end_turn(g, sd);
}

/* The turn ran out: the top of the draw pile goes to the discard pile
 * through the seat's hand (where it may still complete a word). */
static void
apply_idle(struct game *g, int seat, struct said *sd)
{
	int id = g->draw.c[g->draw.n - 1], over;
	char *face = ch_face_text(ch_face(id));

	/* A card that spells the word is kept: the game is won. */
	over = draw_one(g, seat, sd);
	/* TRANSLATORS: %s is the card drawn. */
	game_cat(ch_said_to(sd, &sd->pub), over ? _("{p:%d} draws %s.") :
	    _("{p:%d} draws %s and discards it."), seat, face);
	free(face);
	if (over)
		return;
	discard_card(g, seat, id);
	ch_end_turn(g, sd);
}

static void
apply_leave(struct game *g, int seat, struct said *sd)
{
	int n = g->hand[seat].n, i, attacked;

	game_cat(ch_said_to(sd, &sd->pub), ngettext("{p:%d} leaves the game; that %d card "
	    "goes under the draw pile.", "{p:%d} leaves the game; those %d "
	    "cards go under the draw pile.", n), seat, n);
	/* Under the draw pile nobody is told which card lies where. */
	for (i = 0; i < n; i++) {
		g->fresh[g->hand[seat].c[i]] = 0;
		g->pub[g->hand[seat].c[i]] = 0;
	}
	cards_prepend(&g->draw, &g->hand[seat]);
	cards_clear(&g->hand[seat]);
	g->in[seat] = 0;
	if (g->cheater == seat) {
		g->cheater = -1;
		game_cat(ch_said_to(sd, &sd->pub), _(" The CHEATER status goes back to the "
		    "middle."));
	}
	if (ch_nactive(g) < 2) {
		g->phase = PH_OVER;
		g->winner = ch_next_in(g, seat);
		game_cat(ch_said_to(sd, &sd->pub), _(" {p:%d} wins: everyone else has left."),
		    g->winner);
		return;
	}
	attacked = g->phase == PH_HIDE || g->phase == PH_PICK ||
	    g->phase == PH_BUST;
	if (seat == g->turn)
		ch_end_turn(g, sd);
	else if (attacked && seat == g->victim) {
		/* Nobody is left to take from: the attacker's hand goes
		 * back to seven and the turn ends. */
		game_cat(ch_said_to(sd, &sd->pub), _(" The attack on {p:%d} comes to "
		    "nothing."), seat);
		if (!g->spent || !draw_one(g, g->turn, sd))
			ch_end_turn(g, sd);
	}
}

void
cheater_apply(struct game *g, const struct game_move *mv,
    struct game_out *out)
{
	struct said sd;

	memset(&sd, 0, sizeof sd);
	sd.quiet = game_quiet(out);
	switch (mv->verb) {
	case VERB_LEAVE:
		apply_leave(g, mv->seat, &sd);
		break;
	case VERB_DRAW:
	case VERB_DRAW2:
		apply_draw(g, mv->seat, mv->verb == VERB_DRAW ? 1 : 2, &sd);
		break;
	case VERB_GRAB:
		apply_top(g, mv->seat, &sd);
		break;
	case VERB_TAKE:
	case VERB_SHOW:
	case VERB_BUST:
	case VERB_STEAL:
		apply_attack(g, mv, &sd);
		break;
	case VERB_HIDE:
		apply_hide(g, mv->argv[0], &sd);
		break;
	case VERB_PASS:
		apply_pass(g, mv->seat, &sd);
		break;
	case VERB_PICK:
		apply_pick(g, mv->argv[0], &sd);
		break;
	case VERB_DROP:
		apply_drop(g, mv, &sd);
		break;
	case VERB_DISCARD:
		apply_discard(g, mv, &sd);
		break;
	case VERB_IDLE:
		apply_idle(g, g->turn, &sd);
		break;
	default:
		assert(!"cheater_apply: unknown verb");
	}
	ch_say_all(g, &sd, out);
}
