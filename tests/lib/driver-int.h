/*
 * Shared between the files of the scripted-table harness (driver.h):
 * driver.c (processes, players, lines), driver-game.c (tracked games),
 * driver-step.c (games step by step) and driver-told.c: the time limits,
 * the waits for what the bot says, and the models' texts.
 */
#ifndef TESTS_DRIVER_INT_H
#define TESTS_DRIVER_INT_H

#include <stddef.h>
#include <stdint.h>

#include "bot/lib/buf.h"
#include "tests/lib/driver.h"

#define DRIVER_JOIN_MS 20000  /* the bot is in its channels */
#define DRIVER_LOBBY_MS 10000 /* a lobby line, the deal in the database */
#define DRIVER_MOVE_MS 10000  /* a typed move is in the log */
#define DRIVER_TABLE_MS 15000 /* the table's own move (a window closing) */
#define DRIVER_POLL_MS 5      /* between two looks at the database */

struct questions;

/* The time limit ms (one of DRIVER_*_MS) as d's slack stretches it. */
int driver_limit(const struct driver *d, int ms);

/* Waits up to timeout_ms for a line m describes (m->text its start)
 * among those player i of table k received from index from on; the lines
 * m describes after it (whatever their text) are joined to it, each
 * after a space, until the text is len bytes long: a line the bot cut
 * into several (a long status, a long hand).  The text, stripped, into
 * out (for a private line about a channel, after its lead). */
void driver_wait_cut(struct driver *d, int k, int i, size_t from,
    const struct driver_line *m, size_t len, int timeout_ms, char *out,
    size_t size);

/* Seat's player gets want privately about t's channel (what names it in
 * a failure), as its next such lines, in as many as the bot split it
 * into. */
void driver_expect_private(struct driver *d, struct driver_table *t, int seat,
    const char *want, const char *what);

/* Sends the command text (of a move of verb, typed where) from player i
 * of t: privately to the bot when the command may be typed there (unless
 * t->in_channel asks for the channel), else in the channel. */
void driver_type_cmd(struct driver *d, struct driver_table *t, int i,
    enum game_where where, int verb, const char *text);

/* What a model said, gathered as the bot gathers one move's messages:
 * text[0] public, text[1 + seat] private, pieces joined by a space. */
struct driver_out {
	struct game_out out;
	struct buf text[GAME_MAX_SEATS + 1];
	const struct questions *questions;	/* as the bot has them */
	uint64_t seed;				/* the game's */
};

void driver_out_init(struct driver_out *o, const struct questions *q,
    uint64_t seed);
void driver_out_free(struct driver_out *o);
/* What seat (or GAME_PUBLIC) was told, as a player with colour sees it
 * once colour codes are stripped; names[i] is seat i's nick. */
void driver_plain(const char *const *names, int nseats,
    const struct driver_out *o, int seat, char *out, size_t size);
/* The variant called name in game_table[]. */
const struct game_ops *driver_ops_named(const struct driver *d,
    const char *name);
/* A model of ops for sg: created as sg was dealt, then every logged move
 * checked and applied; the deal's messages go to o (may be NULL). */
struct game *driver_model(const struct driver *d, const struct game_ops *ops,
    const struct store_game *sg, struct driver_out *o);

#endif
