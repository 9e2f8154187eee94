/*
 * The bot core's own structures, shared by bot.c, chan.c, say.c,
 * dispatch.c, table.c and the cmd-*.c command groups, and the functions
 * of the commands and of the core's files, grouped by file: all but the
 * tables' (seat.c, table*.c, presence.c, ended.c, notify.c), which are
 * table.h's.  Outside bot/ only the tests and the benchmarks include
 * this (to drive the core as the transport does); the transport sees
 * only bot.h.
 *
 * Ownership: a bot owns its channels; a channel owns its table (a lobby or
 * a game in progress), which owns its game state and its timers.  A player
 * sits at one table at a time, so a private command finds the table by
 * the sender alone.
 */
#ifndef CORE_H
#define CORE_H

#include <stdint.h>

#include "bot/core/bot.h"
#include "bot/lib/bucket.h"
#include "bot/lib/buf.h"
#include "bot/lib/hash.h"
#include "bot/lib/lang.h"
#include "bot/lib/queue.h"
#include "bot/core/timer.h"
#include "config/conf.h"
#include "games/ai.h"
#include "games/game.h"
#include "games/rng.h"

struct limit_user;
struct notify_seen;
struct ended;

#define NICK_MAX 64
#define CHAN_MAX 64
#define USERHOST_MAX 160
#define ACCOUNT_MAX 64
#define WHO_IDENT_MAX (USERHOST_MAX + 2)	/* who_ident() with its NUL */
#define LIMIT_USERS 256		/* people the command limit follows */
#define IGNORE_MAX 200		/* masks on the ignore list */
#define JOIN_LIMITS 4		/* CHANLIMIT groups the bot follows */
#define SPLIT_MSG_MAX 512	/* a quit message the split rule keeps */
/* Quits with the same two server names at most this far apart are one
 * netsplit's (presence.c). */
#define SPLIT_WINDOW_MS 5000

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
	int away;			/* marked away: WHO's G flag, AWAY
					 * (away-notify); 0 when not told */
	struct chan *chan;		/* the channel */
	int slot;			/* where it is in chan->members */
};

/* A player's choices (!set, prefs.c): card colours in what they are told
 * privately, and NOTICE rather than PRIVMSG for it. */
struct prefs {
	int colour;
	int notice;
	char lang[LANG_MAX];	/* the language of their private lines,
				 * "" for their channel's (!set lang) */
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
	struct prefs prefs;		/* read when seated */
	int timeouts;			/* turns timed out in a row */
	int gone;			/* left the game (removed) */
	int away;			/* parted or quit: held for a grace */
	uint64_t away_at;		/* ... since then */
	unsigned split;			/* the quit's b->split.seq when its
					 * message was two server names, the
					 * split not yet confirmed; else 0 */
	uint64_t t_grace;		/* the grace timer while away
					 * (table-clock.c) */
	int leave_asked;		/* typed !leave once in the game ... */
	uint64_t leave_asked_at;	/* ... at this time */
	struct table *table;		/* the table it is at */
	/* An AI seat (table-ai.c): no person, in no channel */
	int ai;				/* 1: played by an AI */
	enum ai_level level;
	struct ai_player *mind;		/* while a game is dealt */
	struct rng rng;			/* its decisions' own */
	uint64_t t_think;		/* it acts when this runs out
					 * (table-clock.c) */
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
	TABLE_TAKEN,		/* ... taken from another bot (share.c) */
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
	struct game_turn turn;		/* g's turn: table_turn_update() */
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
	unsigned declined;		/* seats that let the open window go
					 * (table-window.c) */
	/* What the table said last (table-out.c) */
	uint64_t out_seq;		/* the line of the game's last output
					 * that the turn waits for: the prompt
					 * of the seat to act, else the
					 * channel text; 0: none */
	unsigned prompted;		/* seats prompted since their own last
					 * move (a prompt again says what
					 * changed) */
	uint64_t said_last;		/* the last line of the table's last
					 * output: the next channel text
					 * follows it */
	/* The clock (table-clock.c keeps these, and the timer ids) */
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
	/* Among a network's bots (share.c): */
	int dealt;			/* this bot holds the channel's claim */
	char dealer[NICK_MAX];		/* the last bot a look saw deal it
					 * ("" none yet) */
	int free_looks;			/* looks in a row that saw nobody
					 * deal it */
	char handover[NICK_MAX];	/* the last dealer, still to leave
					 * before this bot talks here ... */
	uint64_t handover_end;		/* ... waited for until then */
	struct table *table;
	struct ended *ended;		/* the last game here, over (ended.c) */
	/* The language spoken here (prefs_chan_lang()): an operator's
	 * !set lang, else the configuration's; read once. */
	char lang[LANG_MAX];
	int lang_read;
};

/* What a table's clock reports when a timer runs out (table-clock.c, whose
 * comment draws the states): bot.c fills it with the handlers of the
 * files above the clock, which it calls through these alone. */
struct table_events {
	void (*lobby_expired)(struct table *t);	/* table.c */
	void (*turn_warning)(struct table *t);	/* table-play.c, and ... */
	void (*turn_over)(struct table *t);
	void (*window_over)(struct table *t);	/* a window, pause, wait */
	void (*tie_over)(struct table *t);
	void (*held_due)(struct table *t);
	void (*grace_over)(struct table *t, int seat);	/* presence.c */
	void (*think_over)(struct table *t, int seat);	/* table-play.c */
	/* What share.c reports: a channel it claimed (its game rebuilt),
	 * and one whose handover ended (its game goes on). */
	void (*chan_taken)(struct bot *b, struct chan *c); /* table-resume.c */
	void (*game_goes_on)(struct table *t);		/* table-resume.c */
};

struct bot {
	const struct conf *conf;
	const struct table_events *events;
	struct store *store;
	struct queue *queue;
	struct timers timers;
	struct rng rng;			/* seeds for new games, with a fixed
					 * seed (tests) ... */
	int fixed_seed;			/* ... else each seed is drawn from
					 * the system's random source */
	struct pager *pages;		/* long texts pulled a line at a
					 * time (pager.c) */
	struct hash prefs_known;	/* nick_fold(player key) -> what
					 * prefs.c read for it */
	uint64_t prefs_tick;		/* ... and when, in reads */
	char *games_text;		/* !games's answer, made once ... */
	char *games_prefix;		/* ... for this command prefix and
					 * language ("! de")
					 * (cmd-lobby.c) */
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
	struct hash ended_nicks;	/* nick_fold(nick) -> a player of a
					 * game just over: ended.c */
	struct table *waiting, *waiting_last;	/* tables whose turn starts
					 * when the queue has sent their
					 * prompt (prompt_seq): table-clock.c */
	uint64_t now;
	int online;			/* registered on the server */
	int whox;			/* the server offers WHOX (005) */
	int reload;			/* a reload was asked for ... */
	char reload_by[NICK_MAX];	/* ... by this admin ("" SIGHUP) */
	int reload_notice;		/* ... who reads NOTICEs ... */
	struct chan *reload_about;	/* ... asked about it (say_about()) */
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
	int64_t wall_offset;		/* the wall clock, unix ms, minus now
					 * (season.c) */
	uint64_t t_season;		/* the end of this season (season.c) */
	uint64_t join_reported_at;
	struct notify_seen *notified;	/* who a lobby called lately, and
					 * when (notify.c) */
	int nnotified;
	/* The last quit message that named two servers, as a netsplit's
	 * does (presence.c): a split once two nicks quit with it. */
	struct {
		char msg[SPLIT_MSG_MAX];
		char nick[NICK_MAX];	/* the first to quit with it */
		uint64_t at;		/* the latest quit with it */
		unsigned seq;		/* which message: seats note it */
		int confirmed;		/* a second nick quit with it */
	} split;
	uint64_t t_dbwatch;		/* the next look at the database's
					 * files (dbwatch.c) ... */
	int db_broken;			/* ... and whether the last failed */
	/* Why the bot must stop (bot_must_stop()), the words of its QUIT:
	 * DBWATCH_LOST when the league's claim on the network was lost,
	 * or stop_text; NULL while it runs. */
	const char *stop_why;
	char stop_text[96];
	int standby;			/* ... to wait for its claim */
	int stopping;			/* bot_stopping(): nothing more is
					 * handled, and nothing said */
	/* A league's bot given no network waits for the server to name it
	 * (network.c) ... */
	int network_wait;
	int network_told;		/* ... and said it has none, on this
					 * connection */
	int sharing;			/* the network's channels are shared
					 * with its other bots (share.c) */
	uint64_t t_share;		/* ... and the next look */
	uint64_t share_calm;		/* no channel let go before then */
};

/* Where a command came from, and what dispatch found for it. */
struct cmd_ctx {
	struct bot *b;
	struct who from;	/* the sender */
	struct prefs prefs;	/* theirs: their seat's, else stored */
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
extern const struct cmd_entry cmd_league_table[];
extern const struct cmd_entry cmd_story_table[];
extern const struct cmd_entry cmd_misc_table[];
extern const struct cmd_entry cmd_admin_table[];

/* cmd-table.c, for the commands: part of whole in percent, rounded to
 * the nearest (half up): 1 of 6 is 17; 0 when whole is 0. */
int cmd_percent(int part, int whole);
/* The nick a word typed for a player names in the records (!stats,
 * !bluffs, !history, ...), into name (size bytes), by nick_named()'s
 * rule: the word, when a person of that nick is in one of the bot's
 * channels or the records hold a player of it; else the AI seat called
 * so ("Ada" for Ada(AI)) when the records hold one; else the word. */
#define CMD_NAME_SIZE 160	/* holds any cmd_player() name, nick@network */
void cmd_player(const struct cmd_ctx *ctx, const char *word, char *name,
    size_t size);
/* Reads a command's arguments [NICK] [GAME] in either order: the nick
 * (the sender's by default, else cmd_player()'s of the word) into nick
 * (size bytes) and the game named exactly (NULL: all games), a word that
 * names no game being the nick (a unique prefix could be someone's
 * nick). */
void cmd_nick_game(const struct cmd_ctx *ctx, char *nick, size_t size,
    const struct game_ops **ops);

/* cmd-game.c: ctx's sender lets the open challenge window go (!pass,
 * table_window_decline()), told in one line when it still waits for
 * other people; 0, or -1 and *cause. */
int cmd_decline(struct cmd_ctx *ctx, char **cause);

/* cmd-misc.c: docs/commands.md, generated from the tables */
void cmd_help_markdown(struct buf *out);

/* cmd-table.c: the command groups, and lookups in them */
/* The command named word (or one of its aliases), or NULL. */
const struct cmd_entry *cmd_find(const char *word);
/* Calls fn for every command of every group, in help order. */
void cmd_each(void (*fn)(const struct cmd_entry *e, void *arg),
    void *arg);
/* A word someone typed, as a refusal repeats it ("unknown command
 * '%s'"), into buf: whole when short, else its first 30 bytes (cut
 * between UTF-8 characters) and "...", so junk comes back in one short
 * line.  CMD_QUOTE_SIZE bytes hold any. */
#define CMD_QUOTE_SIZE 34
void cmd_quote(char *buf, size_t size, const char *word);
/* Whether ctx's sender is an operator of the channel in context (typed
 * in, or the table's) or a bot admin. */
int cmd_operator(const struct cmd_ctx *ctx);

/* dispatch.c: a line becomes a command or a move */
/* A PRIVMSG from origin (nick!user@host) to target; account is what
 * who_account() knows of the nick ("" for none), looked up once by the
 * caller for everything the line does. */
void dispatch_message(struct bot *b, const char *origin, const char *account,
    const char *target, const char *text);

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
/* What follows an AI seat's name: "Grace(AI)", "bob(AI)" (taken over). */
#define NICK_AI "(AI)"
/* name with NICK_AI after it into dst (size bytes, the name cut to fit):
 * the nick of the AI seat called name. */
void nick_ai(char *dst, size_t size, const char *name);
/* Whether nick ends in NICK_AI, in any case: an AI seat's. */
int nick_is_ai(const char *nick);
/* The name a word typed for a player stands for, into name (size
 * bytes): the one rule of every move and command that names a player
 * (docs/commands.md, "Naming a player").  The word itself when
 * found(arg, name, size), given the word in name, says someone is called
 * so (a person keeps a bare name that is also an AI's, whose seat is
 * then named with NICK_AI); else the AI seat called so ("Grace",
 * "grace": Grace(AI)) when found says there is one; else the word as
 * typed, which the caller then finds nobody by.  found may write the
 * name as its owner spells it into name ("ada(AI)" is Ada(AI)). */
void nick_named(const char *word, int (*found)(void *arg, char *name,
    size_t size), void *arg, char *name, size_t size);
int chan_is_channel(const char *target);
/* The nick part of an origin prefix (nick!user@host) into buf; "" for
 * NULL. */
const char *chan_origin_nick(const char *origin, char *buf, size_t size);
/* The bot itself joined c or is out of it (a PART, a KICK, a lost
 * connection): its members are forgotten until the WHO reply. */
void chan_self(struct chan *c, int joined);
/* Whether the bot deals c: always, alone on its database; among a
 * network's bots, when it holds c's claim (share.c). */
int chan_dealt(const struct chan *c);
/* Whether c, taken from another bot, waits for its last dealer to leave
 * it (share.c): nothing is said there, no command taken. */
int chan_waits(const struct chan *c);
/* The user@host part of an origin, or "". */
const char *chan_origin_userhost(const char *origin);
/* What an event did to the bot itself in a channel, for bot.c to act
 * on: ask who is there, stop a game's clock, join again. */
enum chan_self {
	CHAN_SELF_NONE,
	CHAN_SELF_JOINED,
	CHAN_SELF_LEFT,		/* it parted */
	CHAN_SELF_KICKED,
};
/* Follows an event's members and modes; *c is the channel it names (or
 * NULL), and the result what it did to the bot there. */
enum chan_self chan_event(struct bot *b, const char *command,
    const char *origin, const char **params, unsigned int count,
    struct chan **c);

/* ident.c: who someone is, from a struct who (pure) */
/* What is known of member m, as a struct who pointing into it. */
struct who who_member(const struct member *m);
/* Appends the store's player key of w to out: "a:ACCOUNT" when an
 * account is known, else "n:" and the nick in lower case. */
void who_player_key(struct buf *out, const struct who *w);
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

/* prefs.c: a player's preferences, read from the database and kept */
void prefs_default(const struct bot *b, struct prefs *p);
/* Those stored for player (a store id; none: the defaults). */
void prefs_load(const struct bot *b, int64_t player, struct prefs *p);
/* Those of w's player key (who_player_key()): kept in memory once read. */
void prefs_find(struct bot *b, const struct who *w, struct prefs *p);
/* w's are now p (!set wrote them): what is kept follows. */
void prefs_changed(struct bot *b, const struct who *w, const struct prefs *p);
/* Forgets what is kept (the bot ends). */
void prefs_free(struct bot *b);
/* The language of c: what an operator set there (!set lang, stored),
 * else the configuration's for c, else its default; read once. */
const char *prefs_chan_lang(struct bot *b, struct chan *c);
/* Sets c's language for good ("": the configuration's again); 0, or -1
 * and *cause. */
int prefs_chan_lang_set(struct bot *b, struct chan *c, const char *code,
    char **cause);
/* The language a person of prefs p reads privately about c (NULL: no
 * channel): their own, else c's, else the bot's default. */
const char *prefs_lang(struct bot *b, const struct prefs *p, struct chan *c);

/* who.c: what the network tells about people (WHO, WHOX, extended-join,
 * ACCOUNT, AWAY) and who is an admin */
/* Reads what an event says about someone: an extended JOIN's account,
 * ACCOUNT, AWAY, the WHO and WHOX replies, 005 WHOX.  Returns 1 when the WHO
 * reply for a channel ended (315): *synced is that channel. */
int who_event(struct bot *b, const char *command, const char *origin,
    const char **params, unsigned int count, struct chan **synced);
/* Asks the server who is in c (WHOX when offered, else WHO). */
void who_ask(struct bot *b, struct chan *c);
/* The account the bot knows for nick, or "": its member's in the first
 * of b->chans where one is known. */
const char *who_account(struct bot *b, const char *nick);
/* Notes nick's user@host from a message's origin (unless ""); returns
 * the account known for nick, as who_account() would, from the same
 * walk. */
const char *who_seen(struct bot *b, const char *nick, const char *userhost);
/* Tells every admin the bot can see, privately, at most once a minute. */
void who_tell_admins(struct bot *b, const char *text);
/* The same without the minute's wait (the caller spaces its lines);
 * how many admins were told. */
int who_tell_admins_now(struct bot *b, const char *text);

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

/* network.c: the network's name, for a league's bot (PostgreSQL) given
 * none: the server's 005 NETWORK=.  Until the server names it, the bot
 * joins no channel and takes no command; then it claims the network
 * (store_claim()) and begins.  Another bot holding the claim makes it
 * stand by (b->standby). */
/* At bot_new(): whether the bot must wait for the name. */
void network_start(struct bot *b);
/* A new connection is registered. */
void network_connected(struct bot *b);
/* A server line: a 005 with NETWORK=, or the end of the MOTD (376, 422)
 * without one, which is logged once a connection.  1 when the network is
 * named and claimed just now: the bot begins; else 0. */
int network_event(struct bot *b, const char *command, const char **params,
    unsigned int count);

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

/* pager.c: long texts, pulled a line at a time (QUEUE_LONG) */
#define PAGER_LINES 8		/* lines of a replay's page */
#define PAGER_STREAM 24		/* lines waiting for one reader, at most */
#define PAGER_KEEP_MS (15 * 60 * 1000)
/* A long reply to ctx, n texts each cut into lines (help, rules): said
 * in the channel typed in when public, else privately to the sender,
 * naming say_about(ctx); when it cannot be taken now (too much is still
 * on its way), the sender is told so in one line. */
void pager_reply(struct cmd_ctx *ctx, int public, char *const *texts, int n);
/* Keeps the n lines (taken: freed here) as the sender's paged text,
 * replacing what they were reading, and sends them its first page, by
 * their NOTICE or PRIVMSG; every page of it names say_about(ctx), where
 * it was asked for, wherever !more is typed: 0, or -1 when nothing can
 * be taken for them now. */
int pager_start(struct cmd_ctx *ctx, char **lines, int n);
/* Sends the sender of ctx the next page of their paged text (or says,
 * once, that the one before is still on its way): 0, or -1 when they
 * have nothing to read. */
int pager_more(struct cmd_ctx *ctx);
/* The queue sent a long text's line to target (len bytes): its next. */
void pager_sent(struct bot *b, const char *target, size_t len);
/* Forgets every text (the bot ends). */
void pager_free(struct bot *b);

/* say.c: every line the core sends goes through these */
/* A game's text to channel c, queued at once as QUEUE_GAME (nothing is
 * ever held back): cut into lines as needed, which the queue may merge
 * with the channel's next lines while they wait behind the flood limit
 * (queue.h).  The number of its last line (queue_push()), or 0 for an
 * empty text, which says nothing. */
uint64_t say_chan(struct bot *b, struct chan *c, const char *text);
/* The same in another class: a command's reply in the channel, a
 * lobby's news (QUEUE_REPLY). */
uint64_t say_chan_as(struct bot *b, struct chan *c, enum queue_class cls,
    const char *text);
/* The same after line after (0: none): a move's channel text after the
 * lines the move before caused, which their players read first. */
uint64_t say_chan_after(struct bot *b, struct chan *c, enum queue_class cls,
    const char *text, uint64_t after);
/* The longest text say_chan() sends to c in one line. */
size_t say_chan_room(const struct bot *b, const struct chan *c);
/* A reply to nick about channel c (named in the line; NULL: none),
 * rendered plain text already, by NOTICE when notice, else PRIVMSG (the
 * reader's choice, which the caller knows: struct prefs): QUEUE_REPLY. */
void say_to(struct bot *b, const char *nick, int notice, struct chan *c,
    const char *text);
/* A game's private text to a seat's nick about c: its prompt
 * (QUEUE_GAME), or its news, its hand when it need not act now
 * (QUEUE_NEWS); after names a line that must have gone first (the
 * channel text of the move that caused it), or 0.  The number of its
 * last line. */
uint64_t say_game_to(struct bot *b, enum queue_class cls, const char *nick,
    int notice, struct chan *c, const char *text, uint64_t after);
/* The lead of a private line about c, "[#channel] " ("" for NULL), into
 * lead (SAY_LEAD_SIZE bytes hold any). */
#define SAY_LEAD_SIZE (CHAN_MAX + 4)
void say_private_lead(const struct chan *c, char *lead, size_t size);
/* Cuts text to target into the lines say_to() and say_chan() would
 * queue, each starting with lead, and hands each complete IRC line
 * ("CMD target :lead...") to each(arg, line): the pager keeps them. */
void say_cut(const struct bot *b, const char *cmd, const char *target,
    const char *lead, const char *text,
    void (*each)(void *arg, const char *line), void *arg);
/* The channel a private text answering ctx is about, which its lines
 * name (docs/commands.md, "Replies in private"): the channel the
 * command was typed in; for one typed in private, the channel of the
 * table the sender sits at; else NULL (about no channel). */
struct chan *say_about(const struct cmd_ctx *ctx);
/* A private reply to the sender of ctx (by their ctx->prefs), naming
 * say_about(ctx): QUEUE_REPLY.  Every private line a command answers
 * with goes through here, or through the pager with the same channel. */
void say_tell(struct cmd_ctx *ctx, const char *text);
/* The one-line reason for a refused command, to its sender: say_tell(). */
void say_error(struct cmd_ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A reply in the context: the channel, or privately (say_tell()). */
void say_reply(struct cmd_ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Sends a raw protocol line (JOIN, PART, WHO) in class cls. */
void say_raw(struct bot *b, enum queue_class cls, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* season.c: the seasons of league.season (docs/league.md), counted by
 * bot/lib/calendar.h and numbered by the database from the first it
 * recorded (store_season_number()).  The wall clock in unix seconds. */
int64_t season_wall(const struct bot *b);
/* The number of the season now (1 or more), 0 when seasons are off. */
int64_t season_now(const struct bot *b);
/* When the season now ends, in unix seconds (seasons on). */
int64_t season_ends(const struct bot *b);
/* Tells storage the season now and awaits its end (cancelling the timer
 * awaited before), at which the season is announced (season_announce())
 * and the next end awaited: at start, when the setting or the clock
 * changed. */
void season_start(struct bot *b);
/* Announces the season that ended last in only (NULL: every channel the
 * bot is in, its members known), where it was not announced yet: one
 * line per variant finished there that season, its top three. */
void season_announce(struct bot *b, struct chan *only);

/* dbwatch.c: the database's files looked at every DBWATCH_MS
 * (store_files_ok()); when they fail, and when they pass again, the log
 * and the admins are told.  In a league's database, the claim on the
 * network too: once lost, the bot must stop (b->stop_why). */
#define DBWATCH_MS (10 * 1000)
#define DBWATCH_LOST "database lost"	/* the QUIT of a lost claim */
/* Arms the next look (at start). */
void dbwatch_start(struct bot *b);
/* A claim of the league's was lost, for cause: the log and the admins
 * are told, and the bot must stop. */
void dbwatch_lost(struct bot *b, const char *cause);
/* Looks now, a write having just failed: a database lost is found at
 * once, not at the next look. */
void dbwatch_now(struct bot *b);

/* share.c: a league's channels shared among its network's bots, one
 * dealer a channel, looked at every SHARE_MS; a channel handed over is
 * quiet until its last dealer left it, HANDOVER_MS at most.  What it
 * claims and hands over is reported through b->events (chan_taken,
 * game_goes_on). */
#define SHARE_MS 2000
#define HANDOVER_MS (30 * 1000)
#define SHARE_FREE_LOOKS 3
#define SHARE_CALM_MS (5 * 60 * 1000)
/* At bot_new(): a league's bot shares its channels. */
void share_start(struct bot *b);
/* Looks now: claims checked, a channel let go or taken. */
void share_now(struct bot *b);
/* The bot is called nick on its server now: the others see it so. */
void share_named(struct bot *b, const char *nick);
/* After every server line: handovers whose last dealer left end. */
void share_event(struct bot *b);
/* Adds who deals the configured channels now to out, as the database
 * has it ("dealer2 deals #b and #d; I deal #a and #c"): how many
 * channels were named; 0 when the bot is alone on its database (or the
 * database cannot be asked, which is logged). */
int share_where(struct bot *b, struct buf *out);

#endif
