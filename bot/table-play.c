/*
 * Play at a table: every move is checked by the rules, committed to the
 * move log, applied, and only then announced.  The bot owns the clock:
 *
 *  - the turn timer of the seat to move, with a warning before it runs
 *    out; when it does, the rules' default move is made for the player,
 *    and after conf->max_timeouts in a row the player is removed;
 *  - the challenge window: reactions (verbs in ops->reactions) that reach
 *    the bot within conf->challenge_tie_ms of the first count together, and
 *    the one nearest clockwise from the accused wins; the next player's
 *    move is held until the window has been open challenge_min_ms, so lag
 *    never costs anyone a call; a window with no turn after it (a winning
 *    play, a Liar's UNO action face down) closes after challenge_close_ms
 *    with the table's move;
 *  - a pause (a question being answered) ends after answer_ms, with the
 *    table's move too, unless a move ends it sooner: a seat's that the
 *    rules allow (next), or the heard() move the bot makes as soon as the
 *    pause's speaker says something in the channel (table_heard()); the
 *    move, like any, re-arms the table, so the pause's timer is gone;
 *  - moves several seats owe at once (turn.wait: a card each for a Wild
 *    Liar's Challenge) are applied as they come, and after turn_ms the
 *    table's move settles for those left;
 *  - asides (calling UNO) are never held, nor refused while a call is
 *    settled or a move is held: they neither take nor end the turn the
 *    challenge window holds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "table-int.h"
#include "games/xalloc.h"
#include "storage/store.h"

static void table_turn_timeout(void *arg, uint64_t now);
static void table_turn_warning(void *arg, uint64_t now);
static void table_window_close(void *arg, uint64_t now);
static void table_tie_settle(void *arg, uint64_t now);
static void table_held_play(void *arg, uint64_t now);

/* Puts t in the bot's list of tables waiting for their prompt to be
 * sent (on), at its end, or takes it out.  Prompts are numbered in the
 * order they are queued and the queue sends them in that order (queue.h:
 * queue_sent()), so the list stays sorted by prompt_seq and a line sent
 * looks at its head alone, however many tables there are. */
static void
table_waiting(struct table *t, int on)
{
	struct bot *b = t->b;

	if (t->turn_waiting) {
		if (t->wait_prev != NULL)
			t->wait_prev->wait_next = t->wait_next;
		else
			b->waiting = t->wait_next;
		if (t->wait_next != NULL)
			t->wait_next->wait_prev = t->wait_prev;
		else
			b->waiting_last = t->wait_prev;
		t->wait_prev = t->wait_next = NULL;
	}
	t->turn_waiting = on;
	if (!on)
		return;
	t->wait_prev = b->waiting_last;
	if (b->waiting_last != NULL)
		b->waiting_last->wait_next = t;
	else
		b->waiting = t;
	b->waiting_last = t;
}

void
table_timers_cancel(struct table *t)
{
	struct timers *tm = &t->b->timers;

	timer_cancel(tm, t->t_turn);
	timer_cancel(tm, t->t_warn);
	timer_cancel(tm, t->t_window);
	timer_cancel(tm, t->t_tie);
	timer_cancel(tm, t->t_held);
	t->t_turn = t->t_warn = t->t_window = t->t_tie = t->t_held = 0;
	table_waiting(t, 0);
}

void
table_store_failed(struct table *t, const char *what, const char *why)
{
	char *text;

	fprintf(stderr, "cheaterbot: game %lld in %s: %s not saved: %s\n",
	    (long long)t->game_id, t->chan->name, what, why);
	text = xasprintf("I cannot write my database (%s): the game in %s "
	    "waits; moves are refused until it can be written.", why,
	    t->chan->name);
	who_tell_admins(t->b, text);
	free(text);
}

/* The move by which seat leaves the game. */
static void
table_leave_move(struct game_move *mv, int seat)
{
	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	mv->verb = GAME_VERB_LEAVE;
}

static int table_commit(struct table *t, const struct game_move *mv,
    const char *lead, char **cause);

int
table_leave(struct table *t, int seat, const char *lead, char **cause)
{
	struct game_move mv;

	table_leave_move(&mv, seat);
	if (t->ops->check(t->g, &mv, cause) != 0)
		return -1;
	return table_commit(t, &mv, lead, cause);
}

/* Logs, applies and announces a legal move; lead is markup put before
 * its public text.  t may be freed when this returns (the game ended). */
static int
table_commit(struct table *t, const struct game_move *mv, const char *lead,
    char **cause)
{
	struct table_out o;
	char text[2048];
	char *why = NULL;

	game_move_format(t->ops, mv, text, sizeof text);
	if (store_move(t->b->store, t->game_id, t->nmoves, mv->seat, text,
	    &why) != 0) {
		table_store_failed(t, "a move", why);
		game_fail(cause, "I could not save that move (my database "
		    "cannot be written just now), so nothing happened: try "
		    "again in a moment");
		free(why);
		return -1;
	}
	t->nmoves++;
	table_out_init(&o);
	if (lead != NULL)
		game_say(&o.out, GAME_PUBLIC, "%s", lead);
	t->ops->apply(t->g, mv, &o.out);
	table_out_flush(t, &o);
	if (mv->verb == GAME_VERB_LEAVE && mv->seat >= 0)
		t->seats[mv->seat].gone = 1;
	table_after_move(t);
	return 0;
}

/* Starts the clock of the turn of t->turn_seat at now. */
static void
table_turn_start(struct table *t, uint64_t now)
{
	const struct conf *c = t->b->conf;

	table_waiting(t, 0);
	t->t_turn = timer_add(&t->b->timers, now + (uint64_t)c->turn_ms,
	    table_turn_timeout, t);
	if (c->turn_warn_ms > 0 && c->turn_warn_ms < c->turn_ms)
		t->t_warn = timer_add(&t->b->timers, now +
		    (uint64_t)(c->turn_ms - c->turn_warn_ms),
		    table_turn_warning, t);
}

/* Arms the turn timer and its warning for seat, from the moment the
 * lines queued so far (the prompt among them) have been sent. */
static void
table_turn_arm(struct table *t, int seat)
{
	timer_cancel(&t->b->timers, t->t_turn);
	timer_cancel(&t->b->timers, t->t_warn);
	t->t_turn = t->t_warn = 0;
	t->turn_seat = seat;
	table_waiting(t, 0);
	if (seat < 0)
		return;
	t->prompt_seq = queue_last(t->b->queue);
	if (queue_sent(t->b->queue, t->prompt_seq))
		table_turn_start(t, t->b->now);
	else
		table_waiting(t, 1);
}

void
table_prompt_sent(struct bot *b, uint64_t now)
{
	while (b->waiting != NULL &&
	    queue_sent(b->queue, b->waiting->prompt_seq))
		table_turn_start(b->waiting, now);
}

void
table_after_move(struct table *t)
{
	struct game_turn tu;

	t->ops->turn(t->g, &tu);
	if (tu.over) {
		table_timers_cancel(t);
		table_finish(t);
		return;
	}
	table_arm(t);
}

void
table_arm(struct table *t)
{
	struct game_turn tu;
	uint64_t close;

	t->ops->turn(t->g, &tu);
	timer_cancel(&t->b->timers, t->t_window);
	t->t_window = 0;
	if (tu.window != 0) {
		t->window_accused = tu.accused;
		t->window_opened_at = t->b->now;
	} else
		t->window_accused = -1;
	table_turn_arm(t, tu.seat);
	if (tu.seat < 0 && tu.pause) {
		/* A question is being answered: the table goes on after
		 * the answer's time. */
		t->t_window = timer_add(&t->b->timers, t->b->now +
		    (uint64_t)t->b->conf->answer_ms, table_window_close, t);
	} else if (tu.seat < 0 && tu.wait) {
		/* Several seats each owe a move: they have a turn's time,
		 * then the table moves for those left. */
		t->t_window = timer_add(&t->b->timers, t->b->now +
		    (uint64_t)t->b->conf->turn_ms, table_window_close, t);
	} else if (tu.seat < 0 && tu.window != 0) {
		close = (uint64_t)t->b->conf->challenge_close_ms;
		if (close < (uint64_t)t->b->conf->challenge_min_ms)
			close = (uint64_t)t->b->conf->challenge_min_ms;
		t->t_window = timer_add(&t->b->timers, t->b->now + close,
		    table_window_close, t);
	}
}

/* Collects a reaction (a challenge) for the tie window. */
static void
table_react(struct table *t, const struct game_move *mv)
{
	if (t->tie_seats == 0) {
		t->t_tie = timer_add(&t->b->timers, t->b->now +
		    (uint64_t)t->b->conf->challenge_tie_ms, table_tie_settle,
		    t);
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
	struct game_turn tu;
	uint64_t min_end;
	int aside;

	if (t->paused != TABLE_RUNNING)
		return game_fail(cause, "the game is paused until I am back "
		    "in %s", t->chan->name);
	if (t->ops->check(t->g, mv, cause) != 0)
		return -1;
	t->ops->turn(t->g, &tu);
	if (mv->verb != GAME_VERB_LEAVE && (t->ops->reactions &
	    (1u << mv->verb)) != 0 && (tu.window & (1u << mv->seat)) != 0) {
		if (t->tie_seats & (1u << mv->seat))
			return game_fail(cause, "your call is already in");
		table_react(t, mv);
		return 0;
	}
	/* An aside goes through at once, even while a call is settled or
	 * a move waits: it neither takes nor ends the turn they hold. */
	aside = mv->verb != GAME_VERB_LEAVE &&
	    (t->ops->asides & (1u << mv->verb)) != 0;
	if (t->tie_seats != 0 && !aside)
		return game_fail(cause, "a call is being settled; "
		    "wait a moment");
	if (t->held && !aside)
		return game_fail(cause, "your move is already waiting for "
		    "the challenge window");
	min_end = t->window_opened_at + (uint64_t)t->b->conf->challenge_min_ms;
	if (mv->verb != GAME_VERB_LEAVE && tu.window != 0 &&
	    mv->seat == tu.seat && t->b->now < min_end && !aside) {
		t->held = 1;
		t->held_move = xmalloc(sizeof *t->held_move);
		*t->held_move = *mv;
		t->t_held = timer_add(&t->b->timers, min_end, table_held_play,
		    t);
		return 0;
	}
	if (mv->seat >= 0 && mv->seat == tu.seat)
		t->seats[mv->seat].timeouts = 0;
	return table_commit(t, mv, NULL, cause);
}

void
table_heard(struct table *t, const struct who *w)
{
	struct game_turn tu;
	struct game_move mv;
	struct chan *c;
	char *cause = NULL;

	if (t == NULL || t->state != TABLE_PLAYING ||
	    t->paused != TABLE_RUNNING || t->ops->heard == NULL)
		return;
	t->ops->turn(t->g, &tu);
	if (tu.over || !tu.pause || tu.speaker < 0 ||
	    table_seat_of(t, w) != tu.speaker)
		return;
	c = t->chan;
	t->ops->heard(t->g, &mv);
	if (table_move(t, &mv, &cause) != 0) {
		/* The database, most likely (the admins were told): the
		 * answer's time still ends the pause. */
		fprintf(stderr, "cheaterbot: game %lld in %s: %s was heard, "
		    "but: %s\n", (long long)t->game_id, c->name, w->nick,
		    cause);
		free(cause);
	}
}

/* The tie window closed: the call nearest clockwise from the accused is
 * played; the others are told. */
static void
table_tie_settle(void *arg, uint64_t now)
{
	struct table *t = arg;
	int n = t->nseats, accused = t->window_accused, best = -1, s, d;
	int bestd = n + 1;
	unsigned seats = t->tie_seats;
	struct game_move mv;
	char *cause = NULL;

	(void)now;
	t->t_tie = 0;
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
		if ((seats & (1u << s)) && s != best)
			say_to(t->b, t->seats[s].nick, t->chan, "too late: "
			    "another call came first");
	}
	mv = t->tie_moves[best];
	free(t->tie_moves);
	t->tie_moves = NULL;
	if (t->ops->check(t->g, &mv, &cause) != 0 ||
	    table_commit(t, &mv, NULL, &cause) != 0) {
		say_to(t->b, t->seats[best].nick, t->chan, cause);
		free(cause);
	}
}

/* The window held a turn move for its minimum time: play it now. */
static void
table_held_play(void *arg, uint64_t now)
{
	struct table *t = arg;
	struct game_move mv;
	char *cause = NULL;

	(void)now;
	if (t->tie_seats != 0) {	/* a call settles first */
		t->t_held = timer_add(&t->b->timers, t->b->now +
		    (uint64_t)t->b->conf->challenge_tie_ms, table_held_play, t);
		return;
	}
	t->t_held = 0;
	t->held = 0;
	mv = *t->held_move;
	free(t->held_move);
	t->held_move = NULL;
	if (table_move(t, &mv, &cause) != 0) {
		say_to(t->b, t->seats[mv.seat].nick, t->chan, cause);
		free(cause);
	}
}

/* Re-arms fn shortly when a tie or a held move must settle first. */
static int
table_busy(struct table *t, uint64_t *id, timer_fn *fn)
{
	if (t->tie_seats == 0 && !t->held)
		return 0;
	*id = timer_add(&t->b->timers, t->b->now +
	    (uint64_t)t->b->conf->challenge_tie_ms, fn, t);
	return 1;
}

static void
table_turn_timeout(void *arg, uint64_t now)
{
	struct table *t = arg;
	struct game_move mv;
	struct seat *s;
	char *lead, *cause = NULL;
	int seat = t->turn_seat;

	(void)now;
	t->t_turn = 0;
	if (seat < 0 || table_busy(t, &t->t_turn, table_turn_timeout))
		return;
	s = &t->seats[seat];
	if (++s->timeouts >= t->b->conf->max_timeouts) {
		table_leave_move(&mv, seat);
		lead = xasprintf("{p:%d} timed out %d times in a row.", seat,
		    s->timeouts);
	} else {
		t->ops->timeout(t->g, &mv);
		lead = xasprintf("{p:%d} ran out of time.", seat);
	}
	if (table_commit(t, &mv, lead, &cause) != 0) {
		fprintf(stderr, "cheaterbot: timeout move failed: %s\n", cause);
		free(cause);
		table_turn_arm(t, seat);
	}
	free(lead);
}

static void
table_turn_warning(void *arg, uint64_t now)
{
	struct table *t = arg;
	char *text;
	int secs;

	(void)now;
	t->t_warn = 0;
	if (t->turn_seat < 0 || t->seats[t->turn_seat].away)
		return;
	secs = (t->b->conf->turn_warn_ms + 999) / 1000;
	text = xasprintf("%d second%s left for your turn (%shand shows your "
	    "cards).", secs, secs == 1 ? "" : "s", t->b->conf->prefix);
	say_prompt(t->b, t->seats[t->turn_seat].nick, t->chan, text);
	free(text);
}

static void
table_window_close(void *arg, uint64_t now)
{
	struct table *t = arg;
	struct game_move mv;
	char *cause = NULL;

	(void)now;
	t->t_window = 0;
	if (table_busy(t, &t->t_window, table_window_close))
		return;
	t->ops->timeout(t->g, &mv);
	if (table_commit(t, &mv, NULL, &cause) != 0) {
		fprintf(stderr, "cheaterbot: window close failed: %s\n", cause);
		free(cause);
		t->t_window = timer_add(&t->b->timers, t->b->now + 1000,
		    table_window_close, t);
	}
}

void
table_play_pause(struct table *t)
{
	struct chan *c = t->chan;

	if (t->tie_seats != 0) {
		timer_cancel(&t->b->timers, t->t_tie);
		t->t_tie = 0;
		table_tie_settle(t, t->b->now);
	}
	if (c->table != t)
		return;		/* the call ended the game: t is freed */
	if (t->held) {
		t->held = 0;
		say_to(t->b, t->seats[t->held_move->seat].nick, t->chan,
		    "I lost my connection before your move went through: "
		    "make it again when the game goes on");
		free(t->held_move);
		t->held_move = NULL;
	}
	table_timers_cancel(t);
}
