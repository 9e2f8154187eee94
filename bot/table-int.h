/*
 * Shared between table.c (lobby, deal, end) and table-play.c (moves,
 * windows, timers): the gathering of one move's messages.
 */
#ifndef TABLE_INT_H
#define TABLE_INT_H

#include "core.h"

/* One move's messages, gathered before anything is sent. */
struct table_out {
	struct game_out out;
	struct buf pub;
	struct buf priv[GAME_MAX_SEATS];
};

void table_out_init(struct table_out *o);
/* Renders and sends everything gathered, then empties o. */
void table_out_flush(struct table *t, struct table_out *o);

/* After a move or the deal: ends the game if it is over (t is freed
 * then), else sets the windows and timers for what comes. */
void table_after_move(struct table *t);
/* Sets the windows and timers for the state of t's game (not over). */
void table_arm(struct table *t);
/* The database refused to record what (a move, the result): logs it and
 * tells the admins. */
void table_store_failed(struct table *t, const char *what, const char *why);
/* A pause: calls collected in the tie window are settled now, a held
 * play is dropped (its player is told), every timer stops. */
void table_play_pause(struct table *t);
/* Records the result, announces it and frees t. */
void table_finish(struct table *t);
/* Cancels every timer of play. */
void table_timers_cancel(struct table *t);

#endif
