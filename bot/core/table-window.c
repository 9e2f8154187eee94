/*
 * A challenge window that ends as soon as nobody is left to answer it.
 *
 * A window (turn().window: the seats that may call the move just made,
 * or the one player named who may hide) runs its time on the table's
 * clock (table-clock.c), so that a call is never too late.  But once
 * every seat it is open to has answered or let it go, there is nothing
 * left to wait for:
 *
 *  - a window with no turn after it (a winning play, a Liar's UNO action
 *    card face down, a CHEATER's HIDE) closes at once, with the table's
 *    move, as when its time runs out;
 *  - a window with a turn after it no longer holds the next player's
 *    move for its minimum time (table_move()): there is nobody left to
 *    be too late.
 *
 * Who lets a window go: a person, with !pass (the channel line that
 * opens a window with no turn after it says so), open to every seat in
 * the window whatever it holds, so it tells nothing; an AI seat, when it
 * decides not to call, at the end of its think time, which table-ai.c
 * draws the same whatever it will decide.  The seat whose turn follows
 * owes the window nothing (its move closes it).  A person who neither
 * answers nor lets it go keeps the window's whole time.  Letting it go
 * is no move: nothing is stored, and a seat that let it go may still
 * call while the window waits on others.  The seats that let a window go
 * are forgotten when another window opens (table_window_turned()).
 */
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "alloc/xalloc.h"
#include "games/intl.h"

/* Whether tu is a window for calls (not a pause for an answer, nor
 * moves several seats owe). */
static int
window_open(const struct game_turn *tu)
{
	return !tu->over && tu->window != 0 && !tu->pause && !tu->wait;
}

/* Whether tu and was are the same open window (an aside was made). */
static int
window_same(const struct game_turn *tu, const struct game_turn *was)
{
	return window_open(tu) && window_open(was) &&
	    tu->window == was->window && tu->accused == was->accused &&
	    tu->seat == was->seat;
}

void
table_window_turned(struct table *t, const struct game_turn *was)
{
	if (!window_same(&t->turn, was))
		t->declined = 0;
}

unsigned
table_window_owed(const struct table *t)
{
	const struct game_turn *tu = &t->turn;
	unsigned owed;

	if (t->g == NULL || !window_open(tu))
		return 0;
	owed = tu->window & ~t->declined;
	if (tu->seat >= 0)
		owed &= ~(1u << tu->seat);
	return owed;
}

int
table_window_answers(const struct table *t, int seat)
{
	const struct game_turn *tu = &t->turn;

	return t->g != NULL && window_open(tu) && seat >= 0 &&
	    (tu->window & (1u << seat)) != 0 && tu->seat != seat;
}

int
table_window_hint_due(const struct game_turn *was,
    const struct game_turn *tu, unsigned people)
{
	if (!window_open(tu) || tu->seat >= 0 || window_same(tu, was))
		return 0;
	if (tu->accused >= 0)
		people &= ~(1u << tu->accused);
	return (tu->window & people) != 0;
}

void
table_window_hint(struct table *t, const struct game_turn *was,
    struct game_out *out)
{
	unsigned people = 0;
	int i;

	for (i = 0; i < t->nseats; i++) {
		if (!t->seats[i].ai)
			people |= 1u << i;
	}
	if (table_window_hint_due(was, &t->turn, people))
		/* TRANSLATORS: %s is the command prefix ("!") of the
		 * command pass, which stays as typed. */
		game_say(out, GAME_PUBLIC, _("(%spass: let it go.)"),
		    t->b->conf->prefix);
}

/* Ends what the window held once it owes nobody: the window with no
 * turn at once (on the clock's next round, as a timer), a held move now.
 * A call being settled goes first either way (table-clock.c). */
static void
window_settle(struct table *t)
{
	if (table_window_owed(t) != 0)
		return;
	if (t->turn.seat < 0)
		table_clock_window_again(t, 0);
	else if (t->held)
		table_clock_hold(t, t->b->now);
}

/* The nicks of the people the window still waits for, "bob and carol",
 * into a new string, or NULL when it waits only for AI seats. */
static char *
window_waits_for(const struct table *t)
{
	unsigned owed = table_window_owed(t);
	struct buf names = BUF_INIT;
	int i, n = 0, left;
	char *s;

	for (i = 0; i < t->nseats; i++)
		n += (owed & (1u << i)) && !t->seats[i].ai;
	left = n;
	for (i = 0; i < t->nseats; i++) {
		if (!(owed & (1u << i)) || t->seats[i].ai)
			continue;
		if (left != n)
			/* TRANSLATORS: the last joint of a list of nicks,
			 * "bob, carol and dave". */
			buf_adds(&names, left == 1 ? _(" and ") : ", ");
		buf_adds(&names, t->seats[i].nick);
		left--;
	}
	if (n == 0)
		return NULL;
	s = xstrdup(buf_str(&names));
	buf_free(&names);
	return s;
}

int
table_window_decline(struct table *t, int seat, char **waiting,
    char **cause)
{
	const struct game_turn *tu = &t->turn;
	unsigned bit = 1u << seat;

	if (waiting != NULL)
		*waiting = NULL;
	if (t->paused != TABLE_RUNNING)
		return game_fail(cause, _("the game is paused until I am "
		    "back in %s"), t->chan->name);
	if (tu->seat == seat && window_open(tu))
		return game_fail(cause, _("it is your turn: your move lets "
		    "the call go"));
	if (!table_window_answers(t, seat))
		/* TRANSLATORS: %s is the command prefix ("!") of the
		 * command pass, which stays as typed. */
		return game_fail(cause, _("there is nothing for you to let "
		    "go now: %spass is for a call you could make"),
		    t->b->conf->prefix);
	if (t->declined & bit)
		return game_fail(cause, _("you let it go already"));
	t->declined |= bit;
	if (waiting != NULL)
		*waiting = window_waits_for(t);
	window_settle(t);
	return 0;
}
