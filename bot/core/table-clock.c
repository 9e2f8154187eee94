/*
 * Every timer of a table, in one place.  The clock decides when; what
 * happens then is the table's, reported through b->events (core.h), which
 * bot.c fills with the handlers of table.c, table-play.c and presence.c:
 * the clock calls none of them by name, so the files above it call it and
 * it calls nothing back.
 *
 * The states of a table, and the timers each runs (conf names in
 * parentheses; "->" is what the timer's end reports):
 *
 *            !play                    !start
 *   (none) ---------> LOBBY ---------------------+
 *                       |  lobby_expire          |
 *                       +--> lobby_expired       v
 *                                     +----> PLAYING <------------+
 *                                     |        |                  |
 *              a move (table_clock_arm() for the new state: one of)
 *                                     |        |                  |
 *     TURN of seat S    turn (from the moment the queue has sent S's
 *                       prompt, or the move's channel text when S gets
 *                       none), with a warning turn_warn before its end
 *                       -> turn_warning, turn_over (S's default move)
 *     WINDOW            a challenge window with no turn after it
 *                       (a winning play, a card face down):
 *                       max(challenge_close, challenge_min) -> window_over
 *     PAUSE             a question being answered: answer -> window_over
 *     WAIT              several seats owe a move: turn -> window_over
 *                                     |                           |
 *                                     +------- game over ---> (freed)
 *
 *   Over any of those, while the game is running:
 *     TIE     the first call of a window opens challenge_tie for others
 *             to come in with it -> tie_over (the nearest call plays);
 *     HELD    the next player's move waits until the window has been open
 *             challenge_min -> held_due;
 *     GRACE   a seat whose player parted or quit is held part_grace
 *             (split_grace for a netsplit) -> grace_over;
 *     THINK   each AI seat that may act in the state thinks a while of
 *             its own (table-ai.c says how long) -> think_over.
 *   A turn or window that ends while a TIE or a HELD move is pending
 *   waits challenge_tie more: the call or the move settles first.
 *
 *   PAUSED (the connection lost, or rebuilt at a restart): no timer runs;
 *   table_clock_stop() cancels them all, and when the channel is back the
 *   table is armed afresh from its state (a full turn, a full window).
 */
#include "bot/core/core.h"
#include "bot/core/table.h"

/* Puts t in the bot's list of tables waiting for their prompt to be
 * sent (on), at its end, or takes it out.  The queue sends lines in the
 * order its classes and targets take turns, not in the order pushed, so
 * each line sent looks at every table of the list: those whose prompt
 * has not gone yet, a few at most. */
static void
clock_waiting(struct table *t, int on)
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

/* Cancels timer *id of t, if any. */
static void
clock_cancel(struct table *t, uint64_t *id)
{
	timer_cancel(&t->b->timers, *id);
	*id = 0;
}

/* Sets *id to fn in ms from now, for t (or a seat, arg). */
static void
clock_set(struct table *t, uint64_t *id, uint64_t ms, timer_fn *fn,
    void *arg)
{
	timer_cancel(&t->b->timers, *id);
	*id = timer_add(&t->b->timers, t->b->now + ms, fn, arg);
}

/* Whether a call being settled or a held move must go first: then fn
 * is set again for challenge_tie ms from now, in *id. */
static int
clock_busy(struct table *t, uint64_t *id, timer_fn *fn)
{
	if (t->tie_seats == 0 && !t->held)
		return 0;
	clock_set(t, id, (uint64_t)t->b->conf->challenge_tie_ms, fn, t);
	return 1;
}

static void
clock_lobby_end(void *arg, uint64_t now)
{
	struct table *t = arg;

	(void)now;
	t->t_lobby_expire = 0;
	t->b->events->lobby_expired(t);
}

static void
clock_turn_end(void *arg, uint64_t now)
{
	struct table *t = arg;

	(void)now;
	t->t_turn = 0;
	if (t->turn_seat < 0 || clock_busy(t, &t->t_turn, clock_turn_end))
		return;
	t->b->events->turn_over(t);
}

static void
clock_warning(void *arg, uint64_t now)
{
	struct table *t = arg;

	(void)now;
	t->t_warn = 0;
	if (t->turn_seat >= 0)
		t->b->events->turn_warning(t);
}

static void
clock_window_end(void *arg, uint64_t now)
{
	struct table *t = arg;

	(void)now;
	t->t_window = 0;
	if (clock_busy(t, &t->t_window, clock_window_end))
		return;
	t->b->events->window_over(t);
}

static void
clock_tie_end(void *arg, uint64_t now)
{
	struct table *t = arg;

	(void)now;
	t->t_tie = 0;
	t->b->events->tie_over(t);
}

static void
clock_held_end(void *arg, uint64_t now)
{
	struct table *t = arg;

	(void)now;
	t->t_held = 0;
	if (t->tie_seats != 0) {	/* a call settles first */
		clock_set(t, &t->t_held, (uint64_t)t->b->conf->challenge_tie_ms,
		    clock_held_end, t);
		return;
	}
	t->b->events->held_due(t);
}

static void
clock_grace_end(void *arg, uint64_t now)
{
	struct seat *s = arg;

	(void)now;
	s->t_grace = 0;
	s->table->b->events->grace_over(s->table, (int)(s - s->table->seats));
}

static void
clock_think_end(void *arg, uint64_t now)
{
	struct seat *s = arg;

	(void)now;
	s->t_think = 0;
	s->table->b->events->think_over(s->table, (int)(s - s->table->seats));
}

void
table_clock_think(struct table *t, int seat, int ms)
{
	struct seat *s = &t->seats[seat];

	clock_set(t, &s->t_think, (uint64_t)ms, clock_think_end, s);
}

void
table_clock_think_end(struct table *t, int seat)
{
	clock_cancel(t, &t->seats[seat].t_think);
}

void
table_clock_lobby(struct table *t)
{
	clock_set(t, &t->t_lobby_expire,
	    (uint64_t)t->b->conf->lobby_expire_ms, clock_lobby_end, t);
}

void
table_clock_lobby_end(struct table *t)
{
	clock_cancel(t, &t->t_lobby_expire);
}

/* Starts the clock of the turn of t->turn_seat at now. */
static void
clock_turn_start(struct table *t, uint64_t now)
{
	const struct conf *c = t->b->conf;

	clock_waiting(t, 0);
	t->t_turn = timer_add(&t->b->timers, now + (uint64_t)c->turn_ms,
	    clock_turn_end, t);
	if (c->turn_warn_ms > 0 && c->turn_warn_ms < c->turn_ms)
		t->t_warn = timer_add(&t->b->timers, now +
		    (uint64_t)(c->turn_ms - c->turn_warn_ms), clock_warning, t);
}

void
table_clock_turn(struct table *t, int seat)
{
	clock_cancel(t, &t->t_turn);
	clock_cancel(t, &t->t_warn);
	t->turn_seat = seat;
	clock_waiting(t, 0);
	if (seat < 0)
		return;
	/* The line the table's last output said the turn waits for: the
	 * seat's prompt, which follows the move's channel text. */
	t->prompt_seq = t->out_seq;
	if (queue_sent(t->b->queue, t->prompt_seq))
		clock_turn_start(t, t->b->now);
	else
		clock_waiting(t, 1);
}

void
table_clock_sent(struct bot *b, uint64_t now)
{
	struct table *t, *next;

	for (t = b->waiting; t != NULL; t = next) {
		next = t->wait_next;
		if (queue_sent(b->queue, t->prompt_seq))
			clock_turn_start(t, now);
	}
}

void
table_clock_arm(struct table *t)
{
	const struct game_turn *tu = &t->turn;
	const struct conf *c = t->b->conf;
	uint64_t close;

	clock_cancel(t, &t->t_window);
	if (tu->window != 0) {
		t->window_accused = tu->accused;
		t->window_opened_at = t->b->now;
	} else
		t->window_accused = -1;
	table_clock_turn(t, tu->seat);
	if (tu->seat >= 0)
		return;
	if (tu->pause)
		clock_set(t, &t->t_window, (uint64_t)c->answer_ms,
		    clock_window_end, t);
	else if (tu->wait)
		clock_set(t, &t->t_window, (uint64_t)c->turn_ms,
		    clock_window_end, t);
	else if (tu->window != 0) {
		close = (uint64_t)c->challenge_close_ms;
		if (close < (uint64_t)c->challenge_min_ms)
			close = (uint64_t)c->challenge_min_ms;
		clock_set(t, &t->t_window, close, clock_window_end, t);
	}
}

void
table_clock_window_again(struct table *t, int ms)
{
	clock_set(t, &t->t_window, (uint64_t)ms, clock_window_end, t);
}

void
table_clock_tie(struct table *t)
{
	clock_set(t, &t->t_tie, (uint64_t)t->b->conf->challenge_tie_ms,
	    clock_tie_end, t);
}

void
table_clock_hold(struct table *t, uint64_t at)
{
	timer_cancel(&t->b->timers, t->t_held);
	t->t_held = timer_add(&t->b->timers, at, clock_held_end, t);
}

void
table_clock_hold_end(struct table *t)
{
	clock_cancel(t, &t->t_held);
}

uint64_t
table_clock_window_min(const struct table *t)
{
	return t->window_opened_at + (uint64_t)t->b->conf->challenge_min_ms;
}

void
table_clock_grace(struct table *t, int seat, int ms)
{
	struct seat *s = &t->seats[seat];

	clock_set(t, &s->t_grace, (uint64_t)ms, clock_grace_end, s);
}

void
table_clock_grace_end(struct table *t, int seat)
{
	clock_cancel(t, &t->seats[seat].t_grace);
}

void
table_clock_stop(struct table *t)
{
	int i;

	clock_cancel(t, &t->t_turn);
	clock_cancel(t, &t->t_warn);
	clock_cancel(t, &t->t_window);
	clock_cancel(t, &t->t_tie);
	clock_cancel(t, &t->t_held);
	for (i = 0; i < t->nseats; i++)
		table_clock_think_end(t, i);
	clock_waiting(t, 0);
}

void
table_clock_stop_all(struct table *t)
{
	int i;

	table_clock_stop(t);
	clock_cancel(t, &t->t_lobby_expire);
	for (i = 0; i < t->nseats; i++)
		table_clock_grace_end(t, i);
}
