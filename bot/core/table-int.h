/*
 * Shared by table.c (lobby, deal, end), table-play.c (moves) and
 * table-resume.c: the gathering of one move's messages (table-out.c).
 */
#ifndef TABLE_INT_H
#define TABLE_INT_H

#include "bot/core/core.h"

/* One move's messages, gathered before anything is sent. */
struct table_out {
	struct game_out out;
	struct buf pub;
	struct buf priv[GAME_MAX_SEATS];
};

void table_out_init(struct table_out *o);
/* Renders and sends everything gathered, then empties o: the prompts of
 * the seats t->turn says must act are urgent (table-out.c says when they
 * go first). */
void table_out_flush(struct table *t, struct table_out *o);
/* The rules' markup for one reader of t's game, rendered into text: the
 * questions its cards carry, the seats' nicks, colour or not. */
void table_render(struct table *t, struct buf *text, const char *markup,
    int colour);

#endif
