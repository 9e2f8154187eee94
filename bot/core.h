/*
 * The bot core's own structures, shared by bot.c, chan.c, say.c,
 * dispatch.c, table.c and the cmd-*.c command groups.  Nothing outside bot/
 * includes this; the transport sees only bot.h.
 *
 * Ownership: a bot owns its channels; a channel owns its table (a lobby or
 * a game in progress), which owns its game state and its timers.  A player
 * sits at one table at a time, so a private command finds the table by
 * the sender alone.
 */
#ifndef CORE_H
#define CORE_H

#include <stdint.h>

#include "bot.h"
#include "buf.h"
#include "queue.h"
#include "timer.h"
#include "config/conf.h"
#include "games/game.h"
#include "games/rng.h"

#define NICK_MAX 64
#define CHAN_MAX 64
#define USERHOST_MAX 160
#define MEMBERS_MAX 512

struct member {
	char nick[NICK_MAX];
	int op;			/* has +o (or higher) in the channel */
};

struct seat {
	char nick[NICK_MAX];
	char userhost[USERHOST_MAX];	/* user@host: who this seat is */
	int64_t player;			/* store id */
	int colour;			/* preference, read when seated */
	int notice;
	int timeouts;			/* turns timed out in a row */
	int gone;			/* left the game (removed) */
};

enum table_state {
	TABLE_LOBBY,
	TABLE_PLAYING,
};

struct table {
	struct bot *b;
	struct chan *chan;
	const struct game_ops *ops;
	struct game_opts opts;
	enum table_state state;
	struct seat seats[GAME_MAX_SEATS];
	int nseats;
	int opener;			/* seat that opened the lobby */
	uint64_t opened_at;

	struct game *g;
	int64_t game_id;
	int nmoves;
	uint64_t seed;

	/* the open challenge window and the moves waiting on it */
	int window_accused;		/* -1 when no window is open */
	uint64_t window_opened_at;
	unsigned tie_seats;		/* reactions collected in a tie */
	struct game_move tie_moves[GAME_MAX_SEATS];
	int held;			/* a turn move waits for the window */
	struct game_move held_move;
	int turn_seat;			/* turn the timers belong to */

	uint64_t t_lobby_expire, t_turn, t_warn, t_window, t_tie, t_held;
};

struct chan {
	char name[CHAN_MAX];
	int joined;
	struct member members[MEMBERS_MAX];
	int nmembers;
	unsigned deals;			/* games dealt here: moves the dealer */
	struct table *table;
};

struct bot {
	const struct conf *conf;
	struct store *store;
	struct queue *queue;
	struct timers timers;
	struct rng rng;			/* seeds for new games */
	char nick[NICK_MAX];
	struct chan *chans;
	int nchans;
	uint64_t now;
};

/* Where a command came from, and what dispatch found for it. */
struct cmd_ctx {
	struct bot *b;
	const char *nick;
	const char *userhost;
	struct chan *chan;	/* the channel typed in, or NULL: private */
	struct table *table;	/* the table this command is about, or NULL */
	int seat;		/* the sender's seat there, or -1 */
	int argc;		/* argv[0] is the command word */
	char **argv;
};

/* What a command needs before its handler runs; dispatch checks them. */
enum cmd_need {
	NEED_NOTHING = 0,
	NEED_TABLE = 1,		/* a lobby or game is in context */
	NEED_LOBBY = 2,		/* an open lobby is in context */
	NEED_GAME = 4,		/* a game is being played in context */
	NEED_SEATED = 8,	/* the sender sits at that table */
};

struct cmd_entry {
	const char *name;
	const char *aliases;	/* space separated, or NULL */
	int min_args, max_args;	/* words after the command; -1: no limit */
	enum game_where where;
	int needs;		/* enum cmd_need bits */
	const char *usage;
	const char *help;
	void (*fn)(struct cmd_ctx *ctx);
};

/* The command groups, each NULL-name terminated (cmd-*.c). */
extern const struct cmd_entry cmd_lobby_table[];
extern const struct cmd_entry cmd_game_table[];
extern const struct cmd_entry cmd_stats_table[];
extern const struct cmd_entry cmd_misc_table[];

/* cmd-misc.c: docs/commands.md, generated from the tables */
void cmd_help_markdown(struct buf *out);

/* dispatch.c */
void dispatch_message(struct bot *b, const char *origin, const char *target,
    const char *text);
const struct cmd_entry *dispatch_find(const char *word);
/* Calls fn for every command of every group, in help order. */
void dispatch_each(void (*fn)(const struct cmd_entry *e, void *arg),
    void *arg);

/* chan.c: channels and who is in them */
struct chan *chan_find(struct bot *b, const char *name);
struct chan *chan_get(struct bot *b, const char *name);
void chan_member_add(struct chan *c, const char *nick, int op);
void chan_member_remove(struct chan *c, const char *nick);
struct member *chan_member(struct chan *c, const char *nick);
int chan_is_channel(const char *target);
/* The nick part of an origin prefix (nick!user@host) into buf; "" for
 * NULL. */
const char *chan_origin_nick(const char *origin, char *buf, size_t size);
void chan_event(struct bot *b, const char *command, const char *origin,
    const char **params, unsigned int count);
/* Whether nick!userhost is a bot admin (config admins masks). */
int chan_is_admin(const struct bot *b, const char *nick,
    const char *userhost);

/* say.c: every line the core sends goes through these */
void say_chan(struct bot *b, struct chan *c, const char *text);
/* A private line to nick about channel c (named in the line), rendered
 * plain text already. */
void say_to(struct bot *b, const char *nick, struct chan *c,
    const char *text);
/* The one-line reason for a refused command, to its sender. */
void say_error(struct cmd_ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A reply in the context: the channel, or privately. */
void say_reply(struct cmd_ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Sends a raw protocol line (JOIN, PART, ...) urgently. */
void say_raw(struct bot *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Reads nick's preferences (colour, notice), defaults when unknown. */
void say_prefs(struct bot *b, const char *nick, int *colour, int *notice);
/* Appends the lowercase player key of nick ("n:nick") to out. */
void say_player_key(struct buf *out, const char *nick);

/* table.c: lobbies and games */
struct table *table_open(struct bot *b, struct chan *c,
    const struct game_ops *ops, const struct game_opts *opts);
void table_free(struct table *t);
int table_seat_add(struct table *t, const char *nick, const char *userhost,
    char **cause);
void table_seat_remove(struct table *t, int seat);
int table_start(struct table *t, char **cause);
void table_stop(struct table *t, const char *by);
/* A player's move: checked, logged, applied and announced; 0, or -1 with
 * *cause (nothing changed). */
int table_move(struct table *t, struct game_move *mv, char **cause);
/* seat gives up the game being played at t: table_move() of a leave. */
int table_leave(struct table *t, int seat, char **cause);
void table_status(struct table *t);
/* A player's one-line view of the table t, sent privately (their hand). */
void table_hand(struct table *t, int seat);
/* The seat nick!userhost holds at t, or -1. */
int table_seat_of(const struct table *t, const char *nick,
    const char *userhost);
/* The table where nick!userhost sits, anywhere, or NULL (*seat set). */
struct table *table_of_player(struct bot *b, const char *nick,
    const char *userhost, int *seat);
/* A seated player changed nick. */
void table_rename(struct bot *b, const char *from, const char *to);

#endif
