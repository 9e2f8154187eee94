/*
 * A Cheat table over real sockets, for integration tests of players who
 * come and go: a private ngircd, the real bot with a configuration file
 * written by the test, scripted players registered under a nick and a
 * user name of the test's choosing, and a read-only look into the bot's
 * database that deals the running game again and replays its move log (as
 * a restart does) to tell whose turn it is and what the rules' default
 * move would have that player type.
 *
 * Waits take a line index: only lines a client received from that index
 * on are looked at, so a line from an earlier move never answers a later
 * wait.  The helpers fail the running cmocka test (printing the last lines
 * every client received), so a suite includes <cmocka.h> and what cmocka
 * needs first.
 */
#ifndef TESTS_NETGAME_H
#define TESTS_NETGAME_H

#include <limits.h>
#include <stddef.h>

#include "games/game.h"
#include "storage/store.h"
#include "tests/lib/client.h"
#include "tests/lib/ngircd.h"

#define NETGAME_CHAN "#cheater"
#define NETGAME_CLIENTS 6 /* players and strangers a test may connect */

struct netgame {
	char *dir;
	struct ngircd irc;
	struct ngircd_bot bot;
	struct client cl[NETGAME_CLIENTS]; /* fd -1 when not connected */
	int seat[GAME_MAX_SEATS];          /* the client playing each seat */
	char db[PATH_MAX];
	char port[16];
	char said[2048]; /* the channel's line on the last netgame_play() */
};

/* A game as the database holds it, dealt again with its log replayed. */
struct netgame_game {
	struct store_game *sg;
	const struct game_ops *ops;
	struct game *g;
	struct game_turn turn; /* who may act now */
};

/* A new world: a temporary directory, the bot's configuration file with
 * conf (libconfig text) in it, and ngircd running.  Fails the test when
 * something cannot be started.  Free it with netgame_free(). */
struct netgame *netgame_new(const char *conf);
/* Stops the bot and ngircd by their pids, closes every client and removes
 * the directory; NULL does nothing. */
void netgame_free(struct netgame *ng);

/* Starts the bot, which joins NETGAME_CHAN; waits until client watcher,
 * in the channel, sees it join. */
void netgame_bot(struct netgame *ng, int watcher);

/* Client i registers as nick with user name user (USER), and joins
 * NETGAME_CHAN when join is set. */
void netgame_connect(
    struct netgame *ng, int i, const char *nick, const char *user, int join);
/* Client i sends a line (CR LF added). */
void netgame_send(struct netgame *ng, int i, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Client i takes the nick nick and waits for the server to confirm it. */
void netgame_nick(struct netgame *ng, int i, const char *nick);
/* Client i joins NETGAME_CHAN and waits for the server to confirm it. */
void netgame_join(struct netgame *ng, int i);
/* The user@host the server shows for client i (from its own JOIN). */
const char *netgame_userhost(struct netgame *ng, int i, char *buf, size_t size);

/* alice, bob and carol (clients 0, 1, 2, user names as their nicks) join
 * the channel in that order, so alice gets +o; the bot comes; alice opens
 * a Cheat lobby, bob and carol sit in, alice deals, and each gets a hand.
 * Seat i is client i. */
void netgame_deal3(struct netgame *ng);

/* Waits up to timeout_ms (CLIENT_TIMEOUT_MS when 0) for a line from the
 * bot in the channel, as client i sees it from line index from on, that
 * contains text; its text, colours stripped, in a static buffer.  Fails
 * the test on timeout. */
const char *netgame_chan(
    struct netgame *ng, int i, size_t from, const char *text, int timeout_ms);
/* The same for a private line (NOTICE or PRIVMSG) from the bot to client
 * i's nick. */
const char *netgame_private(
    struct netgame *ng, int i, size_t from, const char *text, int timeout_ms);
/* How many private lines from the bot to nick client i received from
 * line index from on (all of them when text is NULL, else those that
 * contain text). */
int netgame_count_private(
    struct netgame *ng, int i, size_t from, const char *nick, const char *text);
/* Client i sends the bot a command it does not know and waits for the
 * refusal: every line the bot meant for i before has arrived then. */
void netgame_barrier(struct netgame *ng, int i);

/* Loads game id (0: the one game running) and replays it.  Fails the
 * test when it cannot. */
void netgame_load(struct netgame *ng, long long id, struct netgame_game *gm);
/* Frees what netgame_load() made. */
void netgame_game_free(struct netgame_game *gm);
/* What the seat to move would type for the rules' default move, into
 * buf; that seat, or -1 when no seat has the turn (a window closes by
 * itself).  *private is set when the command is typed in private. */
int netgame_default(
    const struct netgame_game *gm, char *buf, size_t size, int *private);
/* Waits for a hand line to client i from line index from on and checks
 * that it shows the hand of seat in the running game, as the database
 * has it (a hand that fits in one line). */
void netgame_hand(struct netgame *ng, int i, size_t from, int seat);
/* The seat to move makes the default move, typed by its client
 * (ng->seat[]): the channel sees it (as client watcher does; the line
 * is kept in ng->said) and the move log grows by one.  The seat that
 * moved. */
int netgame_play(struct netgame *ng, int watcher);
/* Runs sql through the sqlite3 shell on the database, read-only, into
 * out (rows one a line). */
void netgame_sql(struct netgame *ng, const char *sql, char *out, size_t size);
/* The database passes PRAGMA integrity_check. */
void netgame_check_db(struct netgame *ng);

/* Prints the last lines each client received, for a failure. */
void netgame_dump(const struct netgame *ng);

#endif
