/*
 * A table of three scripted players (alice, bob and carol) in #cheater on
 * a real ngircd, with the real bot binary, for the tests of the bot's
 * clock over real sockets (tests/integration/test-clock.c).  The players
 * know the game only from the bot's database, which they read as a
 * spectator would (read-only): before every move the game is dealt again
 * from its seed and its move log replayed, and the rules themselves say
 * who acts, what their default move is (ops->timeout) and what the
 * channel must be told of it.
 *
 * Everything started here is stopped by its process id in
 * netclock_stop(), whatever state it was left in.
 */
#ifndef TESTS_NETCLOCK_H
#define TESTS_NETCLOCK_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"
#include "tests/lib/client.h"
#include "tests/lib/ngircd.h"

#define NETCLOCK_CHAN "#cheater"
#define NETCLOCK_PLAYERS 3
#define NETCLOCK_TEXT 2048 /* one line, stripped */

struct store;
struct store_game;

struct netclock {
	char *dir; /* NULL until started */
	struct ngircd irc;
	struct ngircd_bot bot;
	struct client p[NETCLOCK_PLAYERS]; /* alice, bob, carol */
	char port[16];
	char db[PATH_MAX];
	char conf[PATH_MAX];
	struct store *store; /* the bot's database, read-only */
	int64_t game;        /* the game dealt, or 0 */
};

/* The game as the database has it now. */
struct netclock_game {
	const struct game_ops *ops;
	struct store_game *sg;
	struct game *g; /* dealt again and replayed */
	struct game_turn tu;
};

extern const char *const netclock_nicks[NETCLOCK_PLAYERS];

/* Writes conf as the bot's configuration file (again, for a reload).
 * 0, or -1. */
int netclock_conf(struct netclock *w, const char *conf);
/* Starts ngircd, the players in #cheater and the bot with the
 * configuration conf (its channels too: no --channel is given, so a reload
 * may change them), and waits for the bot to join.  0, or -1 with a
 * message on stderr; netclock_stop() cleans up either way. */
int netclock_start(struct netclock *w, const char *conf);
/* Stops the bot, the players and ngircd, and removes the directory. */
void netclock_stop(struct netclock *w);
/* Player i (again) on the server, in #cheater.  0, or -1. */
int netclock_connect(struct netclock *w, int i);

/* alice opens a Cheat lobby, bob and carol sit in, alice deals; waits
 * for the deal line and finds the game in the database.  0, or -1. */
int netclock_deal(struct netclock *w);

/* Loads w->game and replays it into ng.  0, or -1 with a message on
 * stderr. */
int netclock_load(struct netclock *w, struct netclock_game *ng);
/* Frees what netclock_load() made; a zeroed ng does nothing. */
void netclock_game_free(struct netclock_game *ng);
/* What one move tells: the channel line and each seat's private line
 * ("" for none), rendered without colour, as the players see them
 * stripped. */
struct netclock_said {
	char pub[NETCLOCK_TEXT];
	char priv[NETCLOCK_PLAYERS][NETCLOCK_TEXT];
};

/* Applies mv to ng's game (ng is one move further on then) and writes
 * what the bot tells of it into said, lead (markup, or NULL) first in the
 * channel line. */
void netclock_expect(struct netclock_game *ng, const struct game_move *mv,
    const char *lead, struct netclock_said *said);
/* What seat (or GAME_PUBLIC) is shown of ng's game: its hand, or the
 * status line; rendered as above. */
void netclock_view(
    const struct netclock_game *ng, int seat, char *out, size_t size);
/* The seat of mv types it, as a player would (ops->command), where the
 * command may be typed.  0, or -1. */
int netclock_type(struct netclock *w, const struct netclock_game *ng,
    const struct game_move *mv);

/* Waits up to timeout_ms for the next line the bot says in #cheater as
 * player i sees it, and puts its text, stripped, into out.  0, or -1. */
int netclock_public(struct netclock *w, int i, char *out, int timeout_ms);
/* The same for the next private line about #cheater to player i (out
 * gets the text after "[#cheater] "). */
int netclock_private(struct netclock *w, int i, char *out, int timeout_ms);
/* How many lines of player i's log from line from on are private lines
 * from the bot about #cheater, taken or not, containing text (NULL:
 * any). */
int netclock_count_private(
    const struct netclock *w, int i, size_t from, const char *text);

/* Runs sql with the sqlite3 shell on the bot's database, read-only, into
 * out.  0, or -1. */
int netclock_sql(
    const struct netclock *w, const char *sql, char *out, size_t size);

/* The last lines each player received and the bot's log, on stderr. */
void netclock_dump(const struct netclock *w);

#endif
