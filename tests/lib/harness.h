/*
 * A bot core under test, without a server (after irssi's line tests):
 * raw IRC lines go in through the code the bot runs on every line it reads
 * from the server (bot/net/relay-link.h: the sanitizer and parser, the IRC
 * session, the real libircclient behind its glue), so the core sees what
 * libircclient makes of a line in production (its parameters, CTCP, an
 * ACTION); the lines the bot would send come out of its queue.  The clock
 * is the test's.  It runs on the built-in configuration, a fresh SQLite
 * file in a temporary directory (in $HARNESS_DIR, /tmp by default), and
 * a fixed seed.
 */
#ifndef HARNESS_H
#define HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "bot/core/core.h"
#include "bot/net/outbuf.h"

struct relay_link;

#define HARNESS_SENT_MAX 4096

struct harness {
	char dir[128];
	char db[160];
	struct conf conf;
	struct store *store;
	struct queue *queue;
	struct bot *bot;
	uint64_t now;
	char *sent[HARNESS_SENT_MAX];	/* every line sent, colours kept */
	int nsent;
	uint64_t seed;
	int64_t wall;			/* harness_wall(): unix ms minus now;
					 * 0: the system's clock */
	struct relay_link *link;	/* the connection's IRC, no socket */
	struct outbuf to_server;	/* what it would write at once */
};

/* A connected bot in #cheater with seed; conf is the defaults with the
 * per-user command limit off (flood.user_interval 0), changed by tune (may
 * be NULL) before the bot starts.  The channel holds oper (an
 * operator), alice, bob, carol and dave, each nick!nick@test.host. */
struct harness *harness_new(uint64_t seed, void (*tune)(struct conf *c));
void harness_free(struct harness *h);
/* A new connection (a fresh session and libircclient): the server
 * welcomes the bot (001, and the core is told it is connected), which
 * joins #cheater, where the NAMES and WHO replies list members (NULL:
 * everyone above), ending with 315. */
void harness_join(struct harness *h, const char *const *members);
/* The bot joins chan, whose NAMES and WHO replies list members (NULL:
 * everyone above), ending with 315. */
void harness_join_chan(struct harness *h, const char *chan,
    const char *const *members);
/* A restart: the bot is freed (what it queued is drained) and a new one
 * starts on the same database and joins with members (as above). */
void harness_restart(struct harness *h, const char *const *members);

/* The bot's wall clock reads unix_ms now, and goes on with the test's
 * clock, across harness_restart() too (seasons, docs/league.md). */
void harness_wall(struct harness *h, int64_t unix_ms);

/* Feeds one raw line (":nick!u@h PRIVMSG #c :text") as the server sends
 * it; aborts if it is no IRC line (a typo in a test). */
void harness_line(struct harness *h, const char *raw);
/* Feeds len bytes of one line from the server, whatever they are: what
 * the bot would drop is dropped (fuzzing). */
void harness_raw(struct harness *h, const char *data, size_t len);
/* nick (as nick!nick@test.host) says text to target: the PRIVMSG line
 * the server would send, cut as the bot cuts a line it reads. */
void harness_say(struct harness *h, const char *nick, const char *target,
    const char *text);
/* Advances the clock by ms, running timers and sending what the queue
 * lets go meanwhile (as the event loop does). */
void harness_advance(struct harness *h, uint64_t ms);
/* Moves every queued line into sent[]; returns how many were new. */
int harness_drain(struct harness *h);
/* Sends what is queued and forgets everything sent. */
void harness_clear(struct harness *h);
/* The index of the first sent line at or after from that contains every
 * one of the NULL-terminated strings (colour codes stripped), or -1. */
int harness_find(struct harness *h, int from, ...);
/* Prints every line sent so far on stderr (to see why a test fails). */
void harness_dump(struct harness *h);
/* The sent line i with colour codes stripped, into a static buffer. */
const char *harness_plain(struct harness *h, int i);
/* Opens a lobby in #cheater with "!play GAME" (game may carry options),
 * seats the NULL-terminated nicks (colours off, so hands read back as
 * input) and deals; aborts if no game starts. */
void harness_deal(struct harness *h, const char *game,
    const char *const *nicks);
/* harness_deal(), then the game played to its end by each seat's
 * default move (harness_play()), the clock moved past the window when
 * nobody is to move; at most max_moves steps.  The lines are drained;
 * the caller checks the table is gone. */
void harness_play_game(struct harness *h, const char *game,
    const char *const *nicks, int max_moves);
/* harness_deal() of a game with AI seats (game asks for them: "cheat
 * bots=2"), then played to its end: a person to move types their default
 * move (harness_type()), and the clock moves 700 ms a step, for the AI
 * seats to think and act; at most max_steps steps.  What is sent is
 * forgotten as it goes (harness_clear()); the caller checks the table
 * is gone. */
void harness_play_with_ai(struct harness *h, const char *game,
    const char *const *nicks, int max_steps);
/* Ends the game at the table in #cheater at once, as the end of its
 * rules would, with those rules swapped for ops (a copy of them whose
 * result() the test chose, which must outlive the call); the lines are
 * drained, and the index of the first one the end sent is returned.
 * Aborts if the table is still there. */
int harness_finish(struct harness *h, const struct game_ops *ops);
/* The table in #cheater, or NULL. */
struct table *harness_table(struct harness *h);
/* The seat whose turn it is at that table's game, or -1. */
int harness_turn(struct harness *h);
/* The seat to move types the rules' own default move as a player would
 * (ops->command(), where the command may be typed). */
void harness_type(struct harness *h);
/* The player of mv's seat types mv, a move of the table's game that
 * command() can type (aborts if not). */
void harness_type_move(struct harness *h, const struct game_move *mv);
/* The same at table t, in whichever channel. */
void harness_type_at(struct harness *h, struct table *t,
    const struct game_move *mv);
/* The same, then the clock moves past the minimum challenge window. */
void harness_play(struct harness *h);

#endif
