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
#include "bucket.h"
#include "buf.h"
#include "hash.h"
#include "queue.h"
#include "timer.h"
#include "config/conf.h"
#include "games/game.h"
#include "games/rng.h"

struct store_game;
struct limit_user;

#define NICK_MAX 64
#define CHAN_MAX 64
#define USERHOST_MAX 160
#define ACCOUNT_MAX 64
#define WHO_IDENT_MAX (USERHOST_MAX + 2)	/* who_ident() with its NUL */
#define LIMIT_USERS 256		/* people the command limit follows */
#define IGNORE_MAX 200		/* masks on the ignore list */
#define JOIN_LIMITS 4		/* CHANLIMIT groups the bot follows */

/* Someone on IRC as the bot knows them: who sent a message, who joined.
 * userhost is "" while unknown, account "" when none is known (the
 * network does not tell, or they are not logged in). */
struct who {
	const char *nick;
	const char *userhost;
	const char *account;
};

/* Someone in one channel: a nick in three channels is three members,
 * each in b->members under its fold (chan.c keeps that index). */
struct member {
	char nick[NICK_MAX];
	uint32_t fold;			/* nick_fold(nick): set by nick_set() */
	char *userhost;			/* from JOIN, WHO, any message; "" */
	char *account;			/* extended-join, ACCOUNT, WHOX; "" */
	int op;			/* has +o (or higher) in the channel */
	struct chan *chan;		/* the channel */
	int slot;			/* where it is in chan->members */
};

/* A seat is its player's identity: the services account when the network
 * told one at seating, else nick and user@host (see seat.c). */
struct seat {
	char nick[NICK_MAX];		/* followed through nick changes */
	uint32_t fold;			/* nick_fold(nick): set by nick_set() */
	char *userhost;			/* str_set(): "" or USERHOST_MAX - 1
					 * bytes at most */
	char *account;			/* "" if none was known; at most
					 * ACCOUNT_MAX - 1 bytes */
	int64_t player;			/* store id */
	int colour;			/* preference, read when seated */
	int notice;
	int timeouts;			/* turns timed out in a row */
	int gone;			/* left the game (removed) */
	int away;			/* parted or quit: held for a grace */
	uint64_t t_grace;		/* the grace timer while away */
	int leave_asked;		/* typed !leave once in the game ... */
	uint64_t leave_asked_at;	/* ... at this time */
	struct table *table;		/* the table it is at */
};

enum table_state {
	TABLE_LOBBY,
	TABLE_PLAYING,
};

/* Why a game is not running its clock. */
enum table_pause {
	TABLE_RUNNING,
	TABLE_LINK,		/* the connection dropped */
	TABLE_RESTART,		/* rebuilt from the database at start */
};

struct table {
	struct bot *b;
	struct chan *chan;
	const struct game_ops *ops;
	struct game_opts opts;
	enum table_state state;
	struct seat *seats;		/* nseats of them, room for capseats:
					 * seat_reserve() */
	int nseats, capseats;
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
	struct game_move *tie_moves;	/* a move per seat while they are
					 * (the tie window open), else NULL */
	int held;			/* a turn move waits for the window: */
	struct game_move *held_move;	/* that move, NULL when none */
	int turn_seat;			/* turn the timers belong to */
	uint64_t prompt_seq;		/* the turn's clock starts when the
					 * queue has sent this line */
	int turn_waiting;		/* ... and has not yet: t is in the
					 * bot's list of such tables */
	struct table *wait_prev, *wait_next;
	enum table_pause paused;	/* no timers run while paused */
	unsigned stop_votes;		/* seats that typed !stop ... */
	uint64_t stop_voted_at[GAME_MAX_SEATS];	/* ... and when */

	uint64_t t_lobby_expire, t_turn, t_warn, t_window, t_tie, t_held;
};

struct chan {
	struct bot *b;
	char name[CHAN_MAX];
	int idx;			/* where it is in b->chans: of several
					 * answers, lookups give the first */
	int joined;
	int synced;			/* the WHO reply after joining is in */
	int configured;			/* the configuration lists it */
	int asked;			/* a JOIN went and is not answered */
	int refused;			/* why the last JOIN failed (join.c) */
	int refusal_told;		/* ... and the admins heard of it */
	struct member **members;	/* each allocated; as many as there are */
	int nmembers, capmembers;
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
	struct chan **chans;		/* each allocated: tables point at them */
	int nchans;
	/* The indexes a line's sender is found by, whatever the number of
	 * channels and games (hash.h): each says who keeps it. */
	struct hash chan_names;		/* nick_fold(name) -> struct chan:
					 * chan.c */
	struct hash members;		/* nick_fold(nick) -> struct member, of
					 * every channel: chan.c */
	struct hash seat_nicks;		/* nick_fold(nick) -> struct seat, of
					 * every table: seat.c */
	struct hash seat_accounts;	/* nick_fold(account) -> struct seat,
					 * those with one: seat.c */
	struct table *waiting, *waiting_last;	/* tables whose turn starts
					 * when the queue has sent their
					 * prompt, by prompt_seq: table-play.c */
	uint64_t now;
	int online;			/* registered on the server */
	int whox;			/* the server offers WHOX (005) */
	int reload;			/* a reload was asked for ... */
	char reload_by[NICK_MAX];	/* ... by this admin ("" SIGHUP) */
	uint64_t admins_told_at;	/* the last database alarm */
	struct limit_user *limits;	/* LIMIT_USERS, allocated when the
					 * first command comes (limit.c) */
	struct bucket ctcp;		/* CTCP answers, everyone's (ctcp.c) */
	char **ignores;			/* the ignore list's masks */
	int nignores;
	/* How many channels the server lets the bot join (005 CHANLIMIT):
	 * max (-1: none) for the channels whose prefix is in prefixes. */
	struct {
		char prefixes[8];
		int max;
	} limits_of[JOIN_LIMITS];
	int nlimits;			/* 0: no limit known */
	uint64_t t_join_report;		/* the admins' summary (join.c) */
	uint64_t join_reported_at;
};

/* Where a command came from, and what dispatch found for it. */
struct cmd_ctx {
	struct bot *b;
	struct who from;	/* the sender */
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
	NEED_OPERATOR = 16,	/* a channel operator there, or an admin */
	NEED_ADMIN = 32,	/* a bot admin (conf->admins) */
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
extern const struct cmd_entry cmd_admin_table[];

/* cmd-stats.c: part of whole in percent, rounded to the nearest (half
 * up): 1 of 6 is 17; 0 when whole is 0. */
int cmd_percent(int part, int whole);

/* cmd-misc.c: docs/commands.md, generated from the tables */
void cmd_help_markdown(struct buf *out);

/* dispatch.c */
/* Whether ctx's sender is an operator of the channel in context (typed
 * in, or the table's) or a bot admin. */
int dispatch_operator(const struct cmd_ctx *ctx);
/* A PRIVMSG from origin (nick!user@host) to target; account is what
 * who_account() knows of the nick ("" for none), looked up once by the
 * caller for everything the line does. */
void dispatch_message(struct bot *b, const char *origin, const char *account,
    const char *target, const char *text);
const struct cmd_entry *dispatch_find(const char *word);
/* A word someone typed, as a refusal repeats it ("unknown command
 * '%s'"), into buf: whole when short, else its first 30 bytes (cut
 * between UTF-8 characters) and "...", so junk comes back in one short
 * line.  DISPATCH_QUOTE_SIZE bytes hold any. */
#define DISPATCH_QUOTE_SIZE 34
void dispatch_quote(char *buf, size_t size, const char *word);
/* Calls fn for every command of every group, in help order. */
void dispatch_each(void (*fn)(const struct cmd_entry *e, void *arg),
    void *arg);

/* chan.c: channels and who is in them */
struct chan *chan_find(struct bot *b, const char *name);
struct chan *chan_get(struct bot *b, const char *name);
/* Forgets c, its members and its place in the index (bot_free()). */
void chan_free(struct chan *c);
/* Adds nick to c (or updates the member there, its nick's case too);
 * the member. */
struct member *chan_member_add(struct chan *c, const char *nick, int op);
void chan_member_remove(struct chan *c, const char *nick);
/* Forgets member m, wherever it is. */
void chan_member_drop(struct member *m);
/* nick's member in c, or NULL. */
struct member *chan_member(struct chan *c, const char *nick);
/* Renames m to nick, keeping the index. */
void member_rename(struct member *m, const char *nick);
/* A walk over a nick's members, one in each channel it is in, in no
 * useful order; the index must not change during the walk. */
struct member_walk {
	struct hash_walk w;
	const char *nick;
	uint32_t fold;
};
struct member *member_first(struct bot *b, const char *nick,
    struct member_walk *mw);
struct member *member_next(struct member_walk *mw);
/* nick's member in the first of b->chans it is in, or NULL. */
struct member *member_of(struct bot *b, const char *nick);
/* Every member of nick into *all (the caller frees it), to change them
 * outside a walk; how many. */
int member_all(struct bot *b, const char *nick, struct member ***all);

/* nick.c: a hash of nick in ASCII lower case; two nicks equal to
 * strcasecmp() have the same fold. */
uint32_t nick_fold(const char *nick);
/* Stores nick in dst (size bytes, cut to fit) and its fold in *fold: the
 * only way a member's or a seat's nick is written. */
void nick_set(char *dst, size_t size, uint32_t *fold, const char *nick);
/* Whether a stored nick (with its fold) is nick (with its fold). */
int nick_is(const char *stored, uint32_t fold, const char *nick,
    uint32_t want);
int chan_is_channel(const char *target);
/* The nick part of an origin prefix (nick!user@host) into buf; "" for
 * NULL. */
const char *chan_origin_nick(const char *origin, char *buf, size_t size);
/* The bot itself joined c (and asks who is there) or is out of it (a
 * PART, a KICK, a lost connection): a game there stops its clock until
 * the bot is back (table-resume.c). */
void chan_self(struct bot *b, struct chan *c, int joined);
/* The user@host part of an origin, or "". */
const char *chan_origin_userhost(const char *origin);
void chan_event(struct bot *b, const char *command, const char *origin,
    const char **params, unsigned int count);

/* who.c: what the network tells about people (WHO, WHOX, extended-join,
 * ACCOUNT) and who is an admin */
/* Reads what an event says about someone: an extended JOIN's account,
 * ACCOUNT, the WHO and WHOX replies, 005 WHOX.  Returns 1 when the WHO
 * reply for a channel ended (315): *synced is that channel. */
int who_event(struct bot *b, const char *command, const char *origin,
    const char **params, unsigned int count, struct chan **synced);
/* What is known of member m, as a struct who pointing into it. */
struct who who_member(const struct member *m);
/* Asks the server who is in c (WHOX when offered, else WHO). */
void who_ask(struct bot *b, struct chan *c);
/* The account the bot knows for nick, or "": its member's in the first
 * of b->chans where one is known. */
const char *who_account(struct bot *b, const char *nick);
/* Notes nick's user@host from a message's origin (unless ""); returns
 * the account known for nick, as who_account() would, from the same
 * walk. */
const char *who_seen(struct bot *b, const char *nick, const char *userhost);
/* Whether s matches mask, with * for any run of characters and ? for any
 * one, ignoring case. */
int who_mask_match(const char *mask, const char *s);
/* The identity the bot knows w by, into buf: "a:ACCOUNT" when the network
 * told an account, else "h:user@host" (the same person under any nick).
 * Seats are stored with it, and the command limit counts by it. */
void who_ident(const struct who *w, char *buf, size_t size);
/* Whether w is a bot admin: an account in conf->admins, or a
 * nick!user@host mask there that matches. */
int who_is_admin(const struct bot *b, const struct who *w);
/* Tells every admin the bot can see, privately, at most once a minute. */
void who_tell_admins(struct bot *b, const char *text);
/* The same without the minute's wait (the caller spaces its lines). */
void who_tell_admins_now(struct bot *b, const char *text);

/* join.c: which channels the bot asks for, and why it is not in one */
/* Whether the bot belongs in c: configured, or a game is there. */
int join_wanted(const struct chan *c);
/* Sends a JOIN for c. */
void join_one(struct bot *b, struct chan *c);
/* Asks for every channel wanted and not joined, asked for or refused,
 * games first, within the server's limit; logs the ones held back. */
void join_pending(struct bot *b);
/* join_pending() with every refusal forgotten: a reload. */
void join_retry(struct bot *b);
/* join_retry() for a new connection: nothing is asked for yet. */
void join_reset(struct bot *b);
/* 005 (CHANLIMIT), or a numeric that refuses a JOIN (logged, told to
 * the admins): 1 if it was such a refusal. */
int join_event(struct bot *b, const char *command, const char **params,
    unsigned int count);

/* limit.c: the per-user command limit (flood.user_burst, user_interval) */
enum limit_verdict {
	LIMIT_PASS,		/* a token was there: run the command */
	LIMIT_WARN,		/* dropped, the first of a run: say why */
	LIMIT_DROP,		/* dropped, and the person was told */
};
/* Counts one command from w (admins and a limit of 0 are never
 * counted). */
enum limit_verdict limit_command(struct bot *b, const struct who *w);

/* ignore.c: the ignore list (!ignore), in the database and in memory */
/* Reads it from the database (an error is logged: nobody is ignored). */
void ignore_load(struct bot *b);
void ignore_free(struct bot *b);
/* Whether w is ignored: a mask matches nick!user@host, and w is no
 * admin. */
int ignore_matches(const struct bot *b, const struct who *w);
/* The mask an admin's NICK|MASK stands for, into buf: a whole mask as
 * typed; user@host or nick!user completed with *; the nick of someone
 * the bot sees as *!user@host, so a nick change does not escape it; any
 * other nick as nick!*@*.  0, or -1 if it does not fit. */
int ignore_mask_of(struct bot *b, const char *arg, char *buf, size_t size);
/* Adds mask (stored first): 0, 1 if it was there, -1 and *cause. */
int ignore_add(struct bot *b, const char *mask, const char *by,
    char **cause);
/* Removes mask: 0, 1 if it was not there, -1 and *cause. */
int ignore_remove(struct bot *b, const char *mask, char **cause);

/* ctcp.c: CTCP VERSION, PING and TIME, a few a minute in all */
void ctcp_init(struct bot *b);
/* A CTCP request req (its text between the \001s) from origin. */
void ctcp_request(struct bot *b, const char *origin, const char *req);

/* say.c: every line the core sends goes through these */
/* A text to channel c, queued at once (nothing is ever held back): cut
 * into lines as needed, which the queue may merge with the channel's next
 * lines while they wait behind the flood limit (queue.h).  An empty text
 * says nothing. */
void say_chan(struct bot *b, struct chan *c, const char *text);
/* A private line to nick about channel c (named in the line), rendered
 * plain text already. */
void say_to(struct bot *b, const char *nick, struct chan *c,
    const char *text);
/* say_to() for the player who must act now: their prompt goes out with
 * the channel lines, ahead of other private lines. */
void say_prompt(struct bot *b, const char *nick, struct chan *c,
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
/* Appends the store's player key of w to out: "a:ACCOUNT" when an
 * account is known, else "n:" and the nick in lower case. */
void say_player_key(struct buf *out, const struct who *w);

/* table.c: lobbies and games */
struct table *table_open(struct bot *b, struct chan *c,
    const struct game_ops *ops, const struct game_opts *opts);
void table_free(struct table *t);
int table_start(struct table *t, char **cause);
/* Ends t's lobby or game unrecorded (a game is kept as abandoned, why
 * by), saying text in the channel, or for NULL "BY stopped the ..." */
void table_stop(struct table *t, const char *by, const char *text);
/* A player's move: checked, logged, applied and announced; 0, or -1 with
 * *cause (nothing changed). */
int table_move(struct table *t, struct game_move *mv, char **cause);
/* w said something in t's channel that is no command (t may be NULL):
 * when t's game pauses for w's seat to speak (turn().speaker, a question
 * answered), the rules' heard() move ends the pause now. */
void table_heard(struct table *t, const struct who *w);
/* seat gives up the game being played at t: table_move() of a leave,
 * announced after lead (markup, or NULL). */
int table_leave(struct table *t, int seat, const char *lead, char **cause);
void table_status(struct table *t);
/* A player's one-line view of the table t, sent privately (their hand). */
void table_hand(struct table *t, int seat);

/* seat.c: who sits where, and players who come and go */
/* Whether w is the player of seat s (and s still plays): the same account
 * when the seat has one, else the same nick and user@host. */
int seat_is(const struct seat *s, const struct who *w);
/* The seat w holds at t, or -1; t may be NULL. */
int table_seat_of(const struct table *t, const struct who *w);
/* The table where w sits, anywhere, or NULL (*seat set). */
struct table *table_of_player(struct bot *b, const struct who *w,
    int *seat);
/* The seat of t whose nick is nick (whoever uses it now), or -1. */
int table_seat_named(const struct table *t, const char *nick);
/* The seat named nick at the first table of b->chans that has one (not
 * gone), or NULL. */
const struct seat *seat_of_nick(struct bot *b, const char *nick);
int table_seat_add(struct table *t, const struct who *w, char **cause);
void table_seat_remove(struct table *t, int seat);
/* Frees what seat s holds (not s: it is one of its table's). */
void seat_free(struct seat *s);
/* Makes room for n seats at t (they may move). */
void seat_reserve(struct table *t, int n);
/* Puts every seat of t in the bot's seat indexes (add), or takes them
 * out: when t's seats are filled in at once, and when t is freed. */
void seat_index_table(struct table *t, int add);
/* The one way a seat's nick changes once it is seated. */
void seat_set_nick(struct seat *s, const char *nick);
/* w changed nick to nick: the seats that are w follow. */
void seat_renamed(struct bot *b, const struct who *w, const char *nick);
/* w left c (PART, or every channel: c NULL, a QUIT with its message):
 * a lobby seat is given up, a game seat is held for the grace time. */
void seat_departed(struct bot *b, struct chan *c, const struct who *w,
    const char *quit_message);
/* w joined c: an away seat that is w is theirs again. */
void seat_returned(struct chan *c, const struct who *w);
/* The players of t's seats are looked for among its channel's members
 * (after a restart or a reconnect): found seats follow their nick, the
 * others are away from now, quietly (the caller says so). */
void seat_recheck(struct table *t);
/* Cancels every grace timer of t. */
void seat_timers_cancel(struct table *t);

/* table-resume.c: games across restarts and lost connections */
/* Deals the stored game sg again from its variant, options, seed and
 * dealer, and replays its move log, checking every move: a new game
 * (*ops set to its variant), or NULL and *cause.  Tests rebuild what the
 * bot holds with it too. */
struct game *table_replay(const struct store_game *sg,
    const struct game_ops **ops, char **cause);
/* Rebuilds every unfinished game of the bot's channels from the database
 * (paused until the channel is joined). */
void table_restore(struct bot *b);
/* The connection is gone: every game stops its clock. */
void table_pause(struct table *t);
/* c is joined and its members known: a paused game goes on. */
void table_resume(struct table *t);
/* The queue sent a line: turns waiting on their prompt start. */
void table_prompt_sent(struct bot *b, uint64_t now);

#endif
