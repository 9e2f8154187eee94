/*
 * Shared between driver.c (processes, players, lines) and driver-game.c
 * (models, moves, restarts): the driver's time limits and its waits for
 * what the bot says.
 */
#ifndef TESTS_DRIVER_INT_H
#define TESTS_DRIVER_INT_H

#include <stddef.h>

#include "tests/lib/driver.h"

#define DRIVER_BOT_NICK "cheaterbot"
#define DRIVER_JOIN_MS 20000  /* the bot is in its channels */
#define DRIVER_LOBBY_MS 10000 /* a lobby line, the deal in the database */
#define DRIVER_MOVE_MS 10000  /* a typed move is in the log */
#define DRIVER_TABLE_MS 15000 /* the table's own move (a window closing) */
#define DRIVER_POLL_MS 5      /* between two looks at the database */

/* The time limit ms (one of DRIVER_*_MS) as d's slack stretches it. */
int driver_limit(const struct driver *d, int ms);

/* Fails the running test with a printf-style message, after showing the
 * bot's last log lines and each channel's last lines. */
void driver_fail(const struct driver *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), noreturn));

/* Waits up to timeout_ms for the bot to say something containing text
 * in t's channel; the line's text, stripped, into out (when not NULL). */
void driver_wait_public(struct driver *d, struct driver_table *t,
    const char *text, int timeout_ms, char *out, size_t size);

/* The same for a line the bot may have cut into several (a long status):
 * the lines after it in the channel are joined to it, each after a space,
 * until the text is len bytes long. */
void driver_wait_public_cut(struct driver *d, struct driver_table *t,
    const char *text, size_t len, int timeout_ms, char *out, size_t size);

/* Seat's player gets want privately about t's channel (what names it in
 * a failure), in as many lines as the bot split it into. */
void driver_expect_private(struct driver *d, struct driver_table *t, int seat,
    const char *want, const char *what);

#endif
