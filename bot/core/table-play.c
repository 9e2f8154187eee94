/*
 * Play at a table: every move is checked by the rules, committed to the
 * move log, applied, and only then announced.  When its timers run out
 * (table-clock.c says when, and its state diagram what runs when), the
 * handlers here make the table's move:
 *
 *  - the turn ran out: the rules' default move is made for the player,
 *    and after conf->max_timeouts in a row the player is removed;
 *  - the challenge window: reactions (verbs in ops->reactions) that reach
 *    the bot within conf->challenge_tie_ms of the first count together, and
 *    the one nearest clockwise from the accused wins; the next player's
 *    move is held until the window has been open challenge_min_ms, so lag
 *    never costs anyone a call; a window with no turn after it (a winning
 *    play, a Liar's UNO action face down) closes with the table's move;
 *  - a pause (a question being answered) ends with the table's move too,
 *    unless a move ends it sooner: a seat's that the rules allow (next),
 *    or the heard() move the bot makes as soon as the pause's speaker
 *    says something in the channel (table_heard());
 *  - moves several seats owe at once (turn.wait: a card each for a Wild
 *    Liar's Challenge) are applied as they come, and when the time is up
 *    the table's move settles for those left;
 *  - asides (calling UNO) are never held, nor refused while a call is
 *    settled or a move is held: they neither take nor end the turn the
 *    challenge window holds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "bot/core/table-int.h"
#include "bot/core/table.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

/* Tells seat of t text privately, by its NOTICE or PRIVMSG; an AI seat
 * reads nothing (it is armed again by the next move). */
static void
table_tell(struct table *t, int seat, const char *text)
{
	if (t->seats[seat].ai)
		return;
	say_game_to(t->b, QUEUE_NEWS, t->seats[seat].nick,
	    t->seats[seat].prefs.notice, t->chan, text, 0);
}

/* The move by which seat leaves the game. */
static void
table_leave_move(struct game_move *mv, int seat)
{
	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	mv->verb = GAME_VERB_LEAVE;
}

/* Another move was made (o, what it tells) while a move waits for the
 * challenge window: why the one waiting no longer stands (malloc'd), or
 * NULL.  It does not when the rules no longer allow it (a call took the
 * turn away or changed what may be played), nor when its player is told
 * something new about their turn (a prompt "(changed)"): it answered a
 * turn that is gone. */
static char *
table_held_stale(struct table *t, const struct table_out *o)
{
	char *cause = NULL;
	int seat;

	if (!t->held)
		return NULL;
	seat = t->held_move->seat;
	lang_use(table_seat_lang(t, seat));
	if (t->ops->check(t->g, t->held_move, &cause) == 0 &&
	    table_must_act(t, seat) && o->priv[seat].len > 0)
		cause = xstrdup(_("what you may do has changed (your turn, "
		    "above)"));
	table_lang(t);
	return cause;
}

/* Drops the move waiting for the challenge window, its player told why
 * (freed), so that it holds back no move made now. */
static void
table_held_drop(struct table *t, char *why)
{
	char *text;
	int seat = t->held_move->seat;

	t->held = 0;
	free(t->held_move);
	t->held_move = NULL;
	table_clock_hold_end(t);
	lang_use(table_seat_lang(t, seat));
	text = xasprintf(_("your move that waited for the challenge window "
	    "was not made: %s"), why);
	table_lang(t);
	table_tell(t, seat, text);
	free(text);
	free(why);
}

/* Logs, applies and announces a legal move; lead is markup put before
 * its public text.  t may be freed when this returns (the game ended). */
static int
table_commit(struct table *t, const struct game_move *mv, const char *lead,
    char **cause)
{
	struct table_out o, other;
	struct game_turn was = t->turn;
	struct game *copies[GAME_MAX_SEATS];
	char text[2048], langs[GAME_MAX_SEATS][LANG_MAX];
	char *why = NULL, *stale;
	int nlangs, k;

	game_move_format(t->ops, mv, text, sizeof text);
	if (store_move(t->b->store, t->game_id, t->nmoves, mv->seat, text,
	    &why) != 0) {
		table_store_failed(t, "a move", why);
		/* The failure may have shown the database lost: the bot
		 * stops, and comes back to the game. */
		game_fail(cause, "%s", t->b->stop_why != NULL ? _("I could "
		    "not save that move (I lost my database, and stop now "
		    "to start again), so nothing happened: make it again "
		    "when I am back") : _("I could not save that move (my "
		    "database cannot be written just now), so nothing "
		    "happened: try again in a moment"));
		free(why);
		return -1;
	}
	t->nmoves++;
	table_out_init(&o);
	o.mover = mv->seat;
	if (lead != NULL)
		game_say(&o.out, GAME_PUBLIC, "%s", lead);
	/* Seats that read another language than the channel's hear the
	 * move from a copy of the game as it was (table-int.h). */
	nlangs = table_langs(t, langs);
	for (k = 0; k < nlangs; k++)
		copies[k] = t->ops->copy(t->g);
	table_lang(t);
	t->ops->apply(t->g, mv, &o.out);
	table_turn_update(t);
	table_window_hint(t, &was, &o.out);
	for (k = 0; k < nlangs; k++) {
		lang_use(langs[k]);
		table_out_init(&other);
		t->ops->apply(copies[k], mv, &other.out);
		t->ops->destroy(copies[k]);
		table_out_take(t, &o, &other, langs[k]);
	}
	table_lang(t);
	table_ai_note(t);
	stale = table_held_stale(t, &o);
	table_out_flush(t, &o);
	if (stale != NULL)
		table_held_drop(t, stale);
	if (mv->verb == GAME_VERB_LEAVE && mv->seat >= 0)
		t->seats[mv->seat].gone = 1;
	table_after_move(t);
	return 0;
}

int
table_leave(struct table *t, int seat, const char *lead, char **cause)
{
	struct game_move mv;

	table_leave_move(&mv, seat);
	if (t->ops->check(t->g, &mv, cause) != 0)
		return -1;
	return table_commit(t, &mv, lead, cause);
}

/* Collects a reaction (a challenge) for the tie window. */
static void
table_react(struct table *t, const struct game_move *mv)
{
	if (t->tie_seats == 0) {
		table_clock_tie(t);
		/* Only while the window is open: a table keeps none. */
		if (t->tie_moves == NULL)
			t->tie_moves = xcalloc((size_t)t->nseats,
			    sizeof *t->tie_moves);
	}
	t->tie_seats |= 1u << mv->seat;
	t->tie_moves[mv->seat] = *mv;
}

int
table_move(struct table *t, struct game_move *mv, char **cause)
{
	const struct game_turn *tu = &t->turn;
	int aside;

	if (t->paused != TABLE_RUNNING)
		return game_fail(cause, _("the game is paused until I am "
		    "back in %s"), t->chan->name);
	if (t->ops->check(t->g, mv, cause) != 0)
		return -1;
	if (mv->verb != GAME_VERB_LEAVE && (t->ops->reactions &
	    (1u << mv->verb)) != 0 && (tu->window & (1u << mv->seat)) != 0) {
		if (t->tie_seats & (1u << mv->seat))
			return game_fail(cause, "%s",
			    _("your call is already in"));
		table_react(t, mv);
		return 0;
	}
	/* An aside goes through at once, even while a call is settled or
	 * a move waits: it neither takes nor ends the turn they hold. */
	aside = mv->verb != GAME_VERB_LEAVE &&
	    (t->ops->asides & (1u << mv->verb)) != 0;
	if (t->tie_seats != 0 && !aside)
		return game_fail(cause, "%s", _("a call is being settled; "
		    "wait a moment"));
	if (t->held && !aside)
		return game_fail(cause, "%s", _("your move is already "
		    "waiting for the challenge window"));
	if (mv->verb != GAME_VERB_LEAVE && tu->window != 0 &&
	    mv->seat == tu->seat && t->b->now < table_clock_window_min(t) &&
	    !aside && table_window_owed(t) != 0) {
		t->held = 1;
		t->held_move = xmalloc(sizeof *t->held_move);
		*t->held_move = *mv;
		table_clock_hold(t, table_clock_window_min(t));
		return 0;
	}
	if (mv->seat >= 0 && mv->seat == tu->seat)
		t->seats[mv->seat].timeouts = 0;
	return table_commit(t, mv, NULL, cause);
}

void
table_heard(struct table *t, const struct who *w)
{
	const struct game_turn *tu;
	struct game_move mv;
	struct chan *c;
	char *cause = NULL;

	if (t == NULL || t->state != TABLE_PLAYING ||
	    t->paused != TABLE_RUNNING || t->ops->heard == NULL)
		return;
	tu = &t->turn;
	if (tu->over || !tu->pause || tu->speaker < 0 ||
	    table_seat_of(t, w) != tu->speaker)
		return;
	c = t->chan;
	t->ops->heard(t->g, &mv);
	if (table_move(t, &mv, &cause) != 0) {
		/* The database, most likely (the admins were told): the
		 * answer's time still ends the pause. */
		log_error("game %lld in %s: %s was heard, "
		    "but: %s", (long long)t->game_id, c->name, w->nick,
		    cause);
		free(cause);
	}
}

void
table_on_tie_over(struct table *t)
{
	int n = t->nseats, accused = t->window_accused, best = -1, s, d;
	int bestd = n + 1;
	unsigned seats = t->tie_seats;
	struct game_move mv;
	char *cause = NULL;

	table_lang(t);
	t->tie_seats = 0;
	for (s = 0; s < n; s++) {
		if (!(seats & (1u << s)))
			continue;
		d = accused >= 0 ? (s - accused + n) % n : s;
		if (d < bestd) {
			bestd = d;
			best = s;
		}
	}
	if (best < 0)
		return;
	for (s = 0; s < n; s++) {
		if (!(seats & (1u << s)) || s == best)
			continue;
		lang_use(table_seat_lang(t, s));
		table_tell(t, s, _("too late: another call came first"));
		table_lang(t);
	}
	mv = t->tie_moves[best];
	free(t->tie_moves);
	t->tie_moves = NULL;
	if (t->ops->check(t->g, &mv, &cause) != 0 ||
	    table_commit(t, &mv, NULL, &cause) != 0) {
		table_tell(t, best, cause);
		free(cause);
	}
}

void
table_on_held_due(struct table *t)
{
	struct game_move mv;
	char *cause = NULL;

	table_lang(t);
	t->held = 0;
	mv = *t->held_move;
	free(t->held_move);
	t->held_move = NULL;
	if (table_move(t, &mv, &cause) != 0) {
		table_tell(t, mv.seat, cause);
		free(cause);
	}
}

void
table_on_turn_over(struct table *t)
{
	struct game_move mv;
	struct seat *s;
	char *lead, *cause = NULL;
	int seat = t->turn_seat;

	s = &t->seats[seat];
	table_lang(t);
	if (++s->timeouts >= t->b->conf->max_timeouts) {
		table_leave_move(&mv, seat);
		lead = xasprintf(ngettext("{p:%d} timed out %d time in a row.",
		    "{p:%d} timed out %d times in a row.", s->timeouts), seat,
		    s->timeouts);
	} else {
		t->ops->timeout(t->g, &mv);
		lead = xasprintf(_("{p:%d} ran out of time."), seat);
	}
	if (table_commit(t, &mv, lead, &cause) != 0) {
		log_error("timeout move failed: %s", cause);
		free(cause);
		table_clock_turn(t, seat);
	}
	free(lead);
}

void
table_on_turn_warning(struct table *t)
{
	const struct seat *s = &t->seats[t->turn_seat];
	char *text;
	int secs;

	if (s->away || s->ai)
		return;
	secs = (t->b->conf->turn_warn_ms + 999) / 1000;
	lang_use(table_seat_lang(t, t->turn_seat));
	text = xasprintf(ngettext("%d second left for your turn (%shand "
	    "shows your cards).", "%d seconds left for your turn (%shand "
	    "shows your cards).", secs), secs, t->b->conf->prefix);
	table_lang(t);
	say_game_to(t->b, QUEUE_GAME, s->nick, s->prefs.notice, t->chan, text,
	    0);
	free(text);
}

/* What an AI seat says when a question waits for its answer aloud: it
 * keeps its secrets, as a careful player might. */
static const char *const table_ai_answers[] = {
	N_("I would rather not say."),
	N_("A good question. Next!"),
	N_("Ask me again after the game."),
	N_("My lips are sealed."),
	N_("That stays between me and my cards."),
};

void
table_on_think_over(struct table *t, int seat)
{
	const struct game_turn *tu = &t->turn;
	const struct seat *s = &t->seats[seat];
	struct game_move mv;
	char *cause = NULL, *text;
	size_t n = sizeof table_ai_answers / sizeof table_ai_answers[0];

	table_lang(t);
	if (t->paused != TABLE_RUNNING || tu->over)
		return;
	if (tu->pause && tu->speaker == seat && t->ops->heard != NULL) {
		/* Asked, it answers aloud; the answer ends the wait as a
		 * person's line in the channel would (table_heard()). */
		table_lang(t);
		text = xasprintf("%s: %s", s->nick,
		    _(table_ai_answers[rng_next(&t->b->rng) % n]));
		table_say(t, text);
		free(text);
		t->ops->heard(t->g, &mv);
	} else if (table_ai_decide(t, seat, &mv) != 0) {
		/* It lets this chance pass: a window it may answer need
		 * not wait for it (refused, quietly, on its turn). */
		table_window_decline(t, seat, NULL, NULL);
		return;
	}
	if (table_move(t, &mv, &cause) == 0)
		return;
	if (t->held || t->tie_seats != 0) {
		/* A call being settled, or the next move held for the
		 * window: the AI thinks again once they are done, as a
		 * person would type again (the move then may differ). */
		table_clock_think(t, seat, t->b->conf->challenge_tie_ms + 1);
	} else
		log_error("game %lld in %s: %s's move "
		    "refused: %s", (long long)t->game_id, t->chan->name,
		    s->nick, cause);
	free(cause);
}

void
table_on_window_over(struct table *t)
{
	struct game_move mv;
	char *cause = NULL;

	t->ops->timeout(t->g, &mv);
	if (table_commit(t, &mv, NULL, &cause) != 0) {
		log_error("window close failed: %s", cause);
		free(cause);
		table_clock_window_again(t, 1000);
	}
}

void
table_play_pause(struct table *t)
{
	struct chan *c = t->chan;

	if (t->tie_seats != 0) {
		table_clock_stop(t);
		table_on_tie_over(t);
	}
	if (c->table != t)
		return;		/* the call ended the game: t is freed */
	if (t->held) {
		t->held = 0;
		lang_use(table_seat_lang(t, t->held_move->seat));
		table_tell(t, t->held_move->seat, _("I lost my connection "
		    "before your move went through: make it again when the "
		    "game goes on"));
		table_lang(t);
		free(t->held_move);
		t->held_move = NULL;
	}
	table_clock_stop(t);
}
