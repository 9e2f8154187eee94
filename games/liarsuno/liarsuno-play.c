/*
 * What Liar's UNO's moves do: plays face up and face down and the actions
 * they set off, draws, the swap after a 7 and the pass of hands after a
 * 0, challenges, UNO calls and leaving.  The Wild Liar's Challenge is
 * liarsuno-wlc.c's; drawing, the turn going on and the end of a hand
 * with its points, which both use, are liarsuno-turn.c's.  apply()
 * assumes check() accepted the move.
 *
 * A claimed action happens only once its card stands ("If you were
 * LYING, you must take the card back": a card taken back was never
 * played): a face-down Skip, Reverse, Draw Two or Wild Draw Four, and
 * any face-down last card, open a window in which nobody plays
 * (PH_OPEN), closed by a challenge or by the table; the card stands
 * when the table closes it, when a challenge shows it true, or when its
 * player leaves.
 *
 * Every piece of a move's text starts with a space; lu_say_all() drops
 * the first.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "games/game.h"
#include "games/intl.h"
#include "liarsuno.h"
#include "liarsuno-int.h"

/* The turn's seat moves (plays, draws, runs out of time): the card
 * before can no longer be challenged, owed calls lapse, and the hand
 * sizes are noted to tell who comes down to one card. */
static void
begin_turn_move(struct game *g, int said_uno)
{
	int s;

	g->down = -1;
	g->uno_due = 0;
	g->uno_said = said_uno ? g->turn : -1;
	for (s = 0; s < g->nseats; s++)
		g->before[s] = g->hand[s].n;
}

/* Owed calls stand only for hands of one card. */
static void
drop_uno(struct game *g)
{
	int s;

	for (s = 0; s < g->nseats; s++) {
		if (g->hand[s].n != 1)
			g->uno_due &= ~(1u << s);
	}
}

static void
swap_hands(struct game *g, int a, int b, struct said *sd)
{
	struct cards h = g->hand[a];

	lu_know_holders(g);
	g->hand[a] = g->hand[b];
	g->hand[b] = h;
	sd->hands |= 1u << a | 1u << b;
	game_cat(sd->pub, _(" {p:%d} and {p:%d} swap hands."), a, b);
}

/* A 0: every hand passes to the next player in the direction of play. */
static void
pass_hands(struct game *g, struct said *sd)
{
	struct cards was[GAME_MAX_SEATS];
	int s;

	lu_know_holders(g);
	memcpy(was, g->hand, sizeof was);
	for (s = 0; s < g->nseats; s++) {
		if (g->in[s])
			g->hand[lu_next(g, s)] = was[s];
	}
	sd->hands |= lu_active(g);
	game_cat(sd->pub, _(" Every hand passes to the next player."));
}

/* What a claimed action does once its card stands, in the direction of
 * play: the seat to play next.  seat may have left.  last: it was the
 * player's last card, and the hand ends: a Skip or a Reverse changes
 * nothing, but a Draw Two's or Wild Draw Four's cards are drawn (they
 * score). */
static int
take_effect(struct game *g, int seat, int sym, int last, struct said *sd)
{
	int next = lu_next(g, seat), n, got;

	switch (sym) {
	case SYM_SKIP:
		if (last)
			break;
		game_cat(sd->pub, _(" {p:%d} is skipped."), next);
		return lu_next(g, next);
	case SYM_REVERSE:
		if (last)
			break;
		g->dir = -g->dir;
		/* With two players it is a Skip: the player goes again. */
		if (lu_nactive(g) == 2 && g->in[seat]) {
			game_cat(sd->pub, _(" Play reverses: a skip for "
			    "two."));
			return seat;
		}
		game_cat(sd->pub, _(" Play reverses."));
		return lu_next(g, seat);
	case SYM_DRAW2:
	case SYM_WD4:
		n = sym == SYM_DRAW2 ? 2 : 4;
		/* TRANSLATORS: the player who must draw; what they draw
		 * follows, "draws two cards", then "." or " and is
		 * skipped.". */
		game_cat(sd->pub, _(" {p:%d} "), next);
		got = lu_draw(g, next, n, sd);
		lu_cat_draws(sd->pub, n, got);
		if (last) {
			game_cat(sd->pub, ".");
			break;
		}
		/* "draws a card, all there is, and is skipped" */
		game_cat(sd->pub, "%s", got > 0 && got < n ?
		    /* TRANSLATORS: follows "{p:1} draws two cards, all
		     * there are" (the draw pile ran out). */
		    _(", and is skipped.") :
		    /* TRANSLATORS: follows "{p:1} draws two cards" or
		     * "{p:1} has nothing to draw". */
		    _(" and is skipped."));
		return lu_next(g, next);
	default:
		break;
	}
	return next;
}

/* The open face-down card stands: its window closed unchallenged, a
 * challenge showed it true, or its player left.  Its claimed action
 * takes effect, and a last card goes out. */
static void
stand(struct game *g, struct said *sd)
{
	int seat = g->down_seat, last = g->in[seat] && g->hand[seat].n == 0;

	g->down = -1;
	g->turn = take_effect(g, seat, lu_face_sym(g->down_claim), last, sd);
	if (last) {
		lu_hand_over(g, 1u << seat, sd);
		return;
	}
	drop_uno(g);
	lu_play_on(g, sd);
}

/* seat's face-down card decides what comes next: nobody moves until it
 * is challenged or the table closes its window.  The calls its play
 * made owed may be made meanwhile, and stand after it. */
static void
open_window(struct game *g, int seat, struct said *sd)
{
	g->phase = PH_OPEN;
	g->turn = seat;
	if (g->hand[seat].n == 0) {
		game_cat(sd->pub, _(" It is {p:%d}'s last card: challenge "
		    "it, or {p:%d} goes out."), seat, seat);
		return;
	}
	game_cat(sd->pub, _(" Challenge it, or it takes effect."));
	g->uno_due = lu_owed(g);
	lu_say_owed(g, sd);
}

/* What a card played does at once: a 7 or a 0 exchanges hands (claimed
 * or true: the penalty for a lie comes after the exchange), a WLC
 * begins; then the next player plays. */
static void
act(struct game *g, int seat, int face, struct said *sd)
{
	int sym = lu_face_sym(face), next = lu_next(g, seat);

	g->turn = next;
	switch (sym) {
	case 7:
		if (lu_nactive(g) == 2) {
			swap_hands(g, seat, next, sd);
			break;
		}
		g->phase = PH_SWAP;
		g->after = next;
		g->turn = seat;
		game_cat(sd->pub, _(" {p:%d} chooses whose hand to take."),
		    seat);
		return;
	case 0:
		pass_hands(g, sd);
		break;
	case SYM_WLC:
		lu_wlc_start(g, seat, g->colour, sd);
		return;
	default:
		break;
	}
	lu_go_on(g, sd);
}

static void
apply_play(struct game *g, const struct game_move *mv, struct said *sd)
{
	int seat = mv->seat, id = mv->argv[ARG_CARD];
	int down = mv->argv[ARG_DOWN], colour = mv->argv[ARG_COLOUR];
	int face = down ? mv->argv[ARG_CLAIM] : lu_face(id);

	begin_turn_move(g, mv->argv[ARG_UNO]);
	cards_remove(&g->hand[seat], id);
	cards_add(&g->discard, id);
	g->downs[g->discard.n - 1].seat = (signed char)(down ? seat : -1);
	g->downs[g->discard.n - 1].said = (signed char)(down ? face : -1);
	/* The hand only lost the card its owner chose: it is not shown
	 * again (docs/architecture.md).  The top card changed, so whoever
	 * acts now is asked again, with their hand: the mover too, when a
	 * Skip or Reverse between two gives them the turn on the same
	 * face. */
	sd->asked = 1;
	g->prev_colour = g->colour;
	g->prev_sym = g->sym;
	g->colour = lu_face_colour(face) == LU_WILD ? colour :
	    lu_face_colour(face);
	g->sym = lu_face_sym(face);
	if (down) {
		lu_know_secret(g, seat, id);
		g->ndown++;
		g->down = id;
		g->down_seat = seat;
		g->down_claim = face;
		/* TRANSLATORS: the card claimed follows (r7), then the
		 * closing quote. */
		game_cat(sd->pub, _(" {p:%d} plays a card face down: \""),
		    seat);
		lu_cat_claim(sd->pub, face);
		/* TRANSLATORS: the quote that closes the claim of " {p:%d}
		 * plays a card face down: \"". */
		game_cat(sd->pub, "%s", _("\""));
	} else {
		lu_know_public(g, id);
		/* TRANSLATORS: the card played follows (r5). */
		game_cat(sd->pub, _(" {p:%d} plays "), seat);
		lu_cat_card(sd->pub, id);
	}
	if (lu_face_colour(face) == LU_WILD)
		/* TRANSLATORS: follows a wild card played; {%s:%s} is the
		 * colour it names, its markup and its name. */
		game_cat(sd->pub, _(", naming {%s:%s}"),
		    lu_colour_markup(colour), lu_colour_shown(colour));
	game_cat(sd->pub, "%s", mv->argv[ARG_UNO] ?
	    /* TRANSLATORS: ends the line of a play that calls UNO. */
	    _(": UNO!") : ".");
	if (g->hand[seat].n == 0 && !down) {
		lu_hand_over(g, 1u << seat, sd);
		return;
	}
	/* A claimed action waits for its card to stand, and so does a last
	 * card, which exchanges no hands: the player is going out. */
	if (down && (g->hand[seat].n == 0 || lu_action(face))) {
		open_window(g, seat, sd);
		return;
	}
	act(g, seat, face, sd);
}

static void
apply_draw(struct game *g, int seat, struct said *sd)
{
	int got;

	begin_turn_move(g, 0);
	got = lu_draw(g, seat, 1, sd);
	/* The prompt names the card drawn. */
	if (sd->priv[seat] != NULL) {
		free(*sd->priv[seat]);
		*sd->priv[seat] = NULL;
	}
	if (got == 0) {
		game_cat(sd->pub, _(" {p:%d} has nothing to draw and "
		    "passes."), seat);
		g->turn = lu_next(g, seat);
		lu_go_on(g, sd);
		return;
	}
	g->drawn = g->hand[seat].c[g->hand[seat].n - 1];
	g->phase = PH_DRAWN;
	game_cat(sd->pub, _(" {p:%d} draws a card."), seat);
}

/* The turn ran out: the seat draws a card and keeps it. */
static void
apply_idle(struct game *g, struct said *sd)
{
	int seat = g->turn;

	begin_turn_move(g, 0);
	if (lu_draw(g, seat, 1, sd) == 0)
		game_cat(sd->pub, _(" {p:%d} has nothing to draw."), seat);
	else
		game_cat(sd->pub, _(" {p:%d} draws a card and keeps it."),
		    seat);
	g->turn = lu_next(g, seat);
	lu_go_on(g, sd);
}

static void
apply_pass(struct game *g, int seat, struct said *sd)
{
	game_cat(sd->pub, _(" {p:%d} keeps the card."), seat);
	g->drawn = -1;
	g->turn = lu_next(g, seat);
	lu_go_on(g, sd);
}

static void
apply_swap(struct game *g, int seat, int other, struct said *sd)
{
	swap_hands(g, seat, other, sd);
	g->turn = g->after;
	g->after = -1;
	lu_go_on(g, sd);
}

/* The face-down card is turned over. */
static void
apply_challenge(struct game *g, int seat, struct said *sd)
{
	int id = g->down, player = g->down_seat, back = 1, n = 0;

	g->down = -1;
	lu_know_public(g, id);
	/* Turned over: face up now, on the pile or back in a hand. */
	memset(&g->downs[g->discard.n - 1], -1, sizeof g->downs[0]);
	g->nchallenges++;
	g->ch_seat = player;
	g->ch_by = seat;
	g->ch_card = id;
	g->ch_claim = g->down_claim;
	/* TRANSLATORS: the card turned over follows (~g3), then what it
	 * shows. */
	game_cat(sd->pub, _(" {p:%d} challenges {p:%d}: "), seat, player);
	lu_cat_card(sd->pub, id);
	if (!lu_liar(id)) {
		game_cat(sd->pub, "%s", _(", a Regular Card played face "
		    "down!"));
		n = 6;
	} else if (lu_face(id) == g->down_claim) {
		/* TRANSLATORS: follows the card turned over; what the
		 * challenger draws follows, "draws a card", then ".". */
		game_cat(sd->pub, _(", true! {p:%d} "), seat);
		lu_cat_draws(sd->pub, 1, lu_draw(g, seat, 1, sd));
		game_cat(sd->pub, ".");
		back = 0;
	} else {
		game_cat(sd->pub, "%s", _(", a lie!"));
		n = 1;
	}
	if (back) {
		g->discard.n--;
		cards_add(&g->hand[player], id);
		/* Shown even when there is nothing to draw. */
		sd->hands |= 1u << player;
		g->colour = g->prev_colour;
		g->sym = g->prev_sym;
		/* TRANSLATORS: what the player draws follows, "draws a
		 * card", then the next text. */
		game_cat(sd->pub, _(" {p:%d} takes it back and "), player);
		lu_cat_draws(sd->pub, n, lu_draw(g, player, n, sd));
		/* TRANSLATORS: ends "{p:1} takes it back and draws a
		 * card"; what the next play must match follows (r7, or
		 * red (+4)), then ".". */
		game_cat(sd->pub, _(". To match: "));
		lu_cat_match(g, sd->pub);
		game_cat(sd->pub, ".");
	}
	drop_uno(g);
	if (g->phase != PH_OPEN)
		return;
	if (!back) {
		stand(g, sd);
		return;
	}
	/* Taken back, it was never played: the next player plays. */
	g->turn = lu_next(g, player);
	lu_play_on(g, sd);
}

static void
apply_uno(struct game *g, int seat, struct said *sd)
{
	unsigned due = g->uno_due & ~(1u << seat);
	int s;

	if (g->uno_due & (1u << seat))
		game_cat(sd->pub, _(" {p:%d} calls UNO!"), seat);
	else
		game_cat(sd->pub, _(" {p:%d} calls UNO first!"), seat);
	g->uno_due = 0;
	for (s = 0; s < g->nseats; s++) {
		if (!(due & (1u << s)))
			continue;
		/* TRANSLATORS: a player caught owing the UNO call; what
		 * they draw follows, "draws two cards", then ".". */
		game_cat(sd->pub, _(" {p:%d} "), s);
		lu_cat_draws(sd->pub, 2, lu_draw(g, s, 2, sd));
		game_cat(sd->pub, ".");
	}
}

/* The table: the time for putting cards ran out, or nobody challenged
 * the open face-down card, which stands. */
static void
apply_close(struct game *g, struct said *sd)
{
	if (g->phase == PH_PUT) {
		lu_wlc_close(g, sd);
		return;
	}
	/* TRANSLATORS: what comes of the card standing follows. */
	game_cat(sd->pub, g->hand[g->down_seat].n == 0 ?
	    _(" Nobody challenges {p:%d}'s last card:") :
	    _(" Nobody challenges {p:%d}'s card:"), g->down_seat);
	stand(g, sd);
}

/* Play goes on past seat, which left, when the move was its. */
static void
leave_turn(struct game *g, int seat, struct said *sd)
{
	if (g->after == seat)
		g->after = lu_next(g, seat);
	switch (g->phase) {
	case PH_PUT:
	case PH_ACCUSE:
		lu_wlc_leave(g, seat, sd);
		return;
	case PH_SWAP:
		/* The swap is dropped; the hands stand as the 7 left them. */
		if (g->turn != seat)
			return;
		g->turn = g->after;
		g->after = -1;
		lu_go_on(g, sd);
		return;
	case PH_OPEN:
		/* The player's card can no longer be challenged: it stands
		 * (no longer a last card).  Another seat leaving only leaves
		 * the window. */
		if (seat != g->down_seat)
			return;
		if (lu_action(g->down_claim))
			/* TRANSLATORS: what comes of the card standing
			 * follows. */
			game_cat(sd->pub, _(" {p:%d}'s card stands:"), seat);
		stand(g, sd);
		return;
	default:
		if (g->turn != seat)
			return;
		break;
	}
	if (g->turn == seat)
		g->turn = lu_next(g, seat);
	g->drawn = -1;
	g->phase = PH_TURN;
	game_cat(sd->pub, _(" {p:%d} to play."), g->turn);
}

static void
apply_leave(struct game *g, int seat, struct said *sd)
{
	struct cards *h = &g->hand[seat];
	int last;

	if (g->put[seat] >= 0)
		cards_add(h, g->put[seat]);
	g->put[seat] = -1;
	g->put_table &= ~(1u << seat);
	game_cat(sd->pub, ngettext(" {p:%d} leaves the game; %d card goes "
	    "under the draw pile.", " {p:%d} leaves the game; %d cards go "
	    "under the draw pile.", h->n), seat, h->n);
	cards_prepend(&g->draw, h);
	cards_clear(h);
	g->in[seat] = 0;
	g->uno_due &= ~(1u << seat);
	g->owe_put &= ~(1u << seat);
	g->unturned &= ~(1u << seat);
	if (g->down >= 0 && g->down_seat == seat)
		g->down = -1;
	if (lu_nactive(g) < 2) {
		last = lu_next(g, seat);
		/* TRANSLATORS: " {p:%d} wins." follows. */
		game_cat(sd->pub, _(" Everyone else has left:"));
		g->winners = 1u << last;
		g->hand_score = 0;
		g->down = -1;
		g->uno_due = 0;
		g->phase = PH_OVER;
		game_cat(sd->pub, _(" {p:%d} wins."), last);
		return;
	}
	leave_turn(g, seat, sd);
}

/* A number for what a move changes in what seats are asked to do. */
static unsigned long
asked(const struct game *g)
{
	return (unsigned long)g->phase | (unsigned long)g->turn << 4 |
	    (unsigned long)g->colour << 8 | (unsigned long)g->sym << 12 |
	    (unsigned long)g->nhand << 16;
}

void
liarsuno_apply(struct game *g, const struct game_move *mv,
    struct game_out *out)
{
	struct said sd;
	unsigned long was = asked(g);

	lu_said_open(&sd, out);
	switch (mv->verb) {
	case VERB_LEAVE:
		apply_leave(g, mv->seat, &sd);
		break;
	case VERB_PLAY:
		apply_play(g, mv, &sd);
		break;
	case VERB_DRAW:
		apply_draw(g, mv->seat, &sd);
		break;
	case VERB_PASS:
		apply_pass(g, mv->seat, &sd);
		break;
	case VERB_IDLE:
		apply_idle(g, &sd);
		break;
	case VERB_SWAP:
		apply_swap(g, mv->seat, mv->argv[0], &sd);
		break;
	case VERB_CHALLENGE:
		apply_challenge(g, mv->seat, &sd);
		break;
	case VERB_UNO:
		apply_uno(g, mv->seat, &sd);
		break;
	case VERB_PUT:
		lu_wlc_put(g, mv->seat, mv->argv[0], &sd);
		break;
	case VERB_ACCUSE:
		lu_wlc_accuse(g, mv->argv[0], &sd);
		break;
	case VERB_CLOSE:
		apply_close(g, &sd);
		break;
	case VERB_DONE:
		lu_wlc_done(g, &sd);
		break;
	default:
		assert(!"liarsuno_apply: unknown verb");
	}
	sd.asked |= asked(g) != was;
	lu_say_all(g, &sd, out);
}
