/*
 * The scripted-table harness, for every integration test that plays at a
 * table: a real ngircd on a free loopback port (or a server the suite
 * started), the real bot binary, scripted players over real sockets in
 * one or more channels ("tables"), and the bot's database read back
 * read-only.  Every process is started and stopped by its pid;
 * driver_close() stops them whatever state a failed test left them in.
 *
 * The truth is the database.  A game is rebuilt from it by the driver's
 * own model, not the bot's resume code: the variant, options, seed and
 * dealer stored with the game, then every logged move, each of which the
 * model must accept.  Two ways to play on it:
 *
 *  - tracked (driver_deal() ... driver_play()): the driver deals a game
 *    at a table, knowing nothing of any variant's rules or wording, and
 *    plays it to its end with the model's sample() (or a suite's own
 *    chooser's move); command() turns a move into what the seat's player
 *    types, sent privately to the bot when the command may be typed there
 *    (unless the table's in_channel asks for the channel), else in the
 *    channel.  A move is confirmed when the move log grows by exactly that
 *    move (the log is polled, never waited for with a fixed sleep).  A
 *    move nobody types (the table's, closing a window) is waited for: the
 *    bot makes it with its own timer.  At the end every player's stats
 *    must be what the models' results add up to.
 *  - step by step (driver_game_load() ...): the game as the database has
 *    it now, for suites where players come and go or the bot's clock
 *    moves for them: what the rules' default move is, what a move tells
 *    the channel and each seat, what a seat's hand looks like.
 *
 * Every text the driver checks is the model's own output rendered as the
 * bot renders it (bot/core/render.h) with colour stripped, names as the
 * players' nicks.  Waits take a line index: only lines a player received
 * from that index on are looked at, and each line answers one wait (the
 * first that matches it), so a line of an earlier move never answers a
 * later wait.  Failures end the running cmocka test after printing each
 * player's last lines and the bot's log, so a suite includes <cmocka.h>
 * (and what it needs) first.
 */
#ifndef TESTS_DRIVER_H
#define TESTS_DRIVER_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "bot/lib/buf.h"
#include "games/game.h"
#include "games/rng.h"
#include "storage/store.h"
#include "tests/lib/client.h"
#include "tests/lib/ngircd.h"

#define DRIVER_BOT_NICK "cheaterbot"
#define DRIVER_TABLES 8   /* channels at most */
#define DRIVER_POOL 4     /* players in each channel, unless d->pool */
#define DRIVER_POOL_MAX 8 /* ... at most, strangers who come later too */
#define DRIVER_VARIANTS 8 /* entries of game_table[] followed */
#define DRIVER_TEXT 4096  /* one move's or one hand's text */
#define DRIVER_RECENT 4   /* confirmed moves whose texts a table keeps */

/* A player's expected stats, counted from the models' results: safe is
 * the games in a row neither lost nor left. */
struct driver_tally {
	int games, wins, losses, streak, best;
	int safe, best_safe;
};

struct driver_player {
	/* Set before driver_open() (or driver_connect()) to choose them:
	 * the nick, tNpM by default, and the user name (USER), the nick
	 * when empty.  The nick follows driver_nick(). */
	char nick[32];
	char user[32];
	struct client cl; /* fd -1 when not connected */
	size_t dealt_at;  /* its line count at its table's last deal */
	/* per index of game_table[], then all variants together */
	struct driver_tally tally[DRIVER_VARIANTS + 1];
};

enum driver_state {
	DRIVER_OFF,    /* no game: before its deal, or after its end */
	DRIVER_READY,  /* the next move may be chosen */
	DRIVER_SENT,   /* a player's move is on its way to the bot */
	DRIVER_BOT,    /* the bot's own move (the table's) is awaited */
	DRIVER_ENDING, /* the last move is in; the result must be recorded */
};

/* One channel: its players and the game being played there. */
struct driver_table {
	char chan[64]; /* set before driver_open(), else #drvK */
	struct driver_player p[DRIVER_POOL_MAX];
	int deals; /* games dealt here (the dealer moves left each) */
	/* Set by a suite that killed the bot once the last game's end was
	 * logged but before every player read its line: the next deal
	 * does not wait for that line (driver_game_told()). */
	int end_lost;
	/* The options typed after "!play VARIANT" ("decks=1"; "" for
	 * none), or NULL for on/off options chosen at random. */
	const char *options;

	enum driver_state state;
	const struct game_ops *ops;
	int variant;    /* index of ops in game_table[] */
	struct game *g; /* the model, or NULL */
	int64_t id;     /* the game's id in the database */
	uint64_t seed;  /* its seed: which card carries which question */
	int nseats;
	/* seat -> index in p[]: who types the seat's moves (a suite may
	 * give a seat to a player who came back under another nick) */
	int player[GAME_MAX_SEATS];
	const char *names[GAME_MAX_SEATS]; /* seat -> nick */
	int nmoves;               /* moves confirmed (in the log, applied) */
	struct game_move sent;    /* the move on its way */
	char expect[DRIVER_TEXT]; /* ... as the log will have it */
	char said[DRIVER_TEXT];   /* what its seat typed */
	size_t mark;              /* p[0]'s line count when it was sent */
	/* The public texts of the last moves confirmed, the newest first
	 * ("" where none): the driver reads the log, so their announcements
	 * may still be on their way (a loaded bot's channel lines may lag a
	 * move or more behind its log). */
	char last_pub[DRIVER_RECENT][DRIVER_TEXT];
	long long deadline;       /* when a SENT or BOT move must be in */

	/* The next move's chooser, when set: called instead of the rules'
	 * sample() with choose_ctx, the model and the driver's RNG; 0 and
	 * *mv (a move of a seat, or the table's to wait for), or -1 if it
	 * has none (a failure). */
	int (*choose)(void *ctx, const struct game *g, struct rng *rng,
	    struct game_move *mv);
	void *choose_ctx;
	/* Verbs (bit 1u << verb) typed in the channel, with the prefix,
	 * when their command may be typed there and in private alike; any
	 * other such command goes to the bot in private.  A chooser may set
	 * it move by move. */
	unsigned in_channel;
	/* What the chosen move's seat says in the channel instead of
	 * typing a command, set by a chooser move by move (NULL: type the
	 * command): the seat must be the pause's turn().speaker, and the
	 * move expected is the rules' heard(), which the bot makes when it
	 * hears the line. */
	const char *speech;
};

struct driver {
	/* Set before driver_open(), all optional. */
	int pool;      /* players in each channel: DRIVER_POOL when 0 */
	int slack;     /* the time limits times this (1 when 0): a bot held
	                * to a slow sending rate takes longer to answer */
	const char *also; /* one more channel the bot joins, or NULL */
	const char *flags[4]; /* more flags for the bot at every start,
	                       * NULL-terminated ("--clock-ahead", "90") */
	uint64_t bot_seed; /* the bot's --seed at every start, the same
	                    * deals every run; 0: new from the driver's
	                    * RNG at each start (games dealt after a
	                    * restart are not those dealt after the first) */
	int conf_channels; /* no --channel: the configuration names the
	                    * channels, so a reload may change them */
	int no_bot;        /* driver_open() starts no bot: the suite
	                    * starts one (driver_bot_up(), or its own) */
	const char *network; /* a league's bot (docs/storage.md): the
	                      * network of its configuration, which the
	                      * driver's read store looks at too
	                      * (store_set_network()); NULL for none */

	char *dir;
	struct ngircd irc;
	struct ngircd_bot bot;
	char port[16];
	char seed[32]; /* the bot's --seed */
	/* The bot's --db: the file bot.db in dir, or what the suite wrote
	 * here after driver_open() (with d->no_bot), which may be a
	 * PostgreSQL URI (the store then reads it on a connection of its
	 * own, application_name "cheaterbot-driver", so that the bot's
	 * connections alone are named "cheaterbot"). */
	char db[PATH_MAX];
	char conf[PATH_MAX];
	struct store *store; /* read-only, once a bot has made the file */
	struct questions *questions; /* the bot's default question file */
	struct rng rng;      /* the driver's choices */
	struct driver_table t[DRIVER_TABLES];
	int ntables;
	int64_t last_id; /* the newest game seen */
	long moves;      /* moves confirmed in all */
	int games;       /* games finished */
	int syncs;       /* driver_sync() words sent */
};

/* The world. */

/* Starts ngircd, ntables channels with d->pool players each (every one
 * registers, then each joins its channel, so that p[0] is the channel's
 * operator), and the bot with the configuration text conf_text in all of
 * them (unless d->no_bot); seed seeds the driver's choices (and the
 * bot's deals, unless d->bot_seed).  Fails the test (stopping what it
 * started) unless everything came up.  The players type as fast as the
 * bot answers, far faster than people: conf_text should turn the
 * per-user command limit off (flood.user_interval = 0) unless the
 * suite's pace is a person's. */
void driver_open(
    struct driver *d, int ntables, const char *conf_text, uint64_t seed);
/* As driver_open(), on a server the suite started: the players connect
 * to 127.0.0.1:players_port, the bot to bot_port (the same server, maybe
 * through a connect class or a proxy of the suite's own); d->dir is the
 * suite's directory (malloc'd: the driver frees it). */
void driver_open_at(struct driver *d, int ntables, int players_port,
    int bot_port, const char *conf_text, uint64_t seed);
/* Before driver_open(): table k is the channel chan, and its pool the n
 * players nicks[] (d->pool = n). */
void driver_name(struct driver *d, int k, const char *chan,
    const char *const *nicks, int n);
/* Stops the bot (woken first if a test stopped it), the players and
 * ngircd, removes the directory, frees everything; a driver never
 * opened (all zero) is fine. */
void driver_close(struct driver *d);
/* A cmocka teardown for a test whose *state is a driver it calloc'd:
 * driver_close(), then the driver freed and *state NULL (nothing when
 * the test closed and freed its own and left *state NULL).  0. */
int driver_teardown(void **state);

/* Writes text as the bot's configuration file, d->conf (again: for a
 * reload). */
void driver_write_conf(struct driver *d, const char *text);
/* Starts the bot (again) on the same configuration and database, and
 * waits until it is in every table's channel, as p[0] sees it. */
void driver_bot_up(struct driver *d);
/* Starts a bot as driver_bot_up() would (the same arguments, a new
 * --seed unless d->bot_seed), into b with its log dir/NAME.log, and does
 * not wait for it: a second bot of the same configuration, say, which
 * must wait for the first (a league's standby). */
void driver_bot_spawn(struct driver *d, struct ngircd_bot *b,
    const char *name);
/* SIGTERM: the bot's exit status (0 under ASan also means no leak). */
int driver_bot_stop(struct driver *d);
/* SIGTERM: the bot says goodbye (QUIT :stopped by the operator, as
 * player i of table k sees it) and exits 0, which under ASan also means
 * it leaked nothing. */
void driver_bot_exits(struct driver *d, int k, int i);

/* The server stops under the bot (players gone with it), and the bot
 * logs that it will reconnect; then at least away_ms from the stop pass.
 * Fails the test unless the bot noticed. */
void driver_server_down(struct driver *d, int away_ms);
/* The server starts again on the same port while the bot is held
 * (SIGSTOP), every player of every table connects again and joins its
 * channel (p[0] of table 0 also joins also, unless NULL), then the bot is
 * let go (SIGCONT) and must join every table's channel again as each of
 * its players sees it (or the test fails).  (driver-restart.c) */
void driver_server_up(struct driver *d, const char *also);

/* Players. */

/* Player i of table k (again, after a server restart or as a stranger
 * who comes later) registers with nick and user name user (NULL: as
 * set in p[i], the nick when empty), and joins the table's channel when
 * join is set.  Its earlier lines are gone. */
void driver_connect(struct driver *d, int k, int i, const char *nick,
    const char *user, int join);
/* Player i of table k sends a raw IRC line (CR LF added). */
void driver_raw(struct driver *d, int k, int i, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* ... joins the table's channel and waits for the server to confirm. */
void driver_join(struct driver *d, int k, int i);
/* ... takes nick and waits for the server to confirm it. */
void driver_nick(struct driver *d, int k, int i, const char *nick);
/* The user@host the server shows for player i of table k (from its own
 * last JOIN), into buf. */
const char *driver_userhost(
    struct driver *d, int k, int i, char *buf, size_t size);

/* Lines. */

/* Which lines a wait or a count looks for: from the bot, in chan (nick
 * NULL), to nick about chan ("[#chan] TEXT"), or to nick at all (chan
 * NULL), by PRIVMSG or NOTICE; containing text (NULL: any). */
struct driver_line {
	const char *chan;
	const char *nick;
	const char *text;
};

/* The text of an IRC line: what follows " :" after the prefix. */
const char *driver_msg(const char *line);
/* Whether line (colour stripped) is one arg (a struct driver_line)
 * describes; a client_wait() predicate. */
int driver_is_line(const char *line, const void *arg);

/* Waits up to timeout_ms (CLIENT_TIMEOUT_MS when 0; times d->slack) for
 * a line m describes among those player i of table k received from index
 * from on, not taken by an earlier wait; takes it and returns its text,
 * colour stripped, in a static buffer.  Fails the test on timeout. */
const char *driver_wait(struct driver *d, int k, int i, size_t from,
    const struct driver_line *m, int timeout_ms);
/* ... a line in the table's channel containing text (NULL: any). */
const char *driver_wait_chan(struct driver *d, int k, int i, size_t from,
    const char *text, int timeout_ms);
/* ... a private line to the player containing text (NULL: any). */
const char *driver_wait_private(struct driver *d, int k, int i,
    size_t from, const char *text, int timeout_ms);
/* ... a private line to the player about the table's game: the text
 * after its "[#chan] " lead. */
const char *driver_wait_told(struct driver *d, int k, int i, size_t from,
    const char *text, int timeout_ms);
/* How many lines m describes player i of table k received from index
 * from on, taken or not. */
int driver_count(struct driver *d, int k, int i, size_t from,
    const struct driver_line *m);

/* Reads whatever the players have received, waiting up to ms. */
void driver_pump(struct driver *d, int ms);
/* Player i of table k asks the bot something it refuses privately (a
 * word of the driver's own, "drvsyncN") and waits for the refusal: the
 * replies to a nick go out in order, so every reply the bot sent the
 * player before has come, and so has every game line it sent while the
 * pipe was not full (a reply may overtake a game's lines waiting their
 * turn: bot/lib/queue.h; driver_deal() first waits for the end of the
 * game before, which the bot says after all of that game's lines). */
void driver_sync_player(struct driver *d, int k, int i);
/* ... every connected player of t's pool, then sets what they received
 * aside (later waits look past it; the lines stay in the logs). */
void driver_sync(struct driver *d, struct driver_table *t);

/* A game's end, and what follows it: the line with the deal key
 * ("Deal key: ", bot/core/replay.h) is followed by at most
 * DRIVER_REVEAL_LINES lines of the reveal, which show what was hidden
 * (every secret may be said then), ended early by a title's line, a
 * lobby or a deal.  driver_reveal_piece() says whether one piece of a
 * channel line (a line, or a part of a merged one between QUEUE_SEP) is
 * the reveal's, *reveal keeping where the channel is (0 at first);
 * driver_unrevealed() appends the pieces of text that are not to chan,
 * each after a space: what a secrecy check looks at. */
#define DRIVER_REVEAL_LINES 3
int driver_reveal_piece(const char *piece, int *reveal);
void driver_unrevealed(struct buf *chan, const char *text, int *reveal);

/* What the bot has sent t's players so far (read now), colour stripped:
 * its lines in t's channel as p[watcher] saw them, joined by a space, into
 * *chan; each player's private lines about t's game ("[#chan] TEXT"),
 * TEXT joined the same way, into priv[i] (d->pool of them), a prompt
 * again as the rules said it (without the "(changed)" the bot marks it
 * with).  The refusals of driver_sync()'s words are left out, and so are
 * lines containing skip (unless NULL). */
void driver_gather(struct driver *d, struct driver_table *t, int watcher,
    struct buf *chan, struct buf *priv, const char *skip);
/* A private text as the rules said it: a prompt again, which the bot
 * marks when another's move changed it ("Your turn (changed)...", or
 * "Changed: " in front: bot/core/table-out.c), without the mark (in a
 * static buffer when it had one). */
const char *driver_unchanged(const char *text);

/* Tracked games. */

/* Table k opens a lobby for ops with nseats of its players (each game a
 * different order), the table's options (else random on/off ones), deals,
 * and checks that the channel got the deal and each player the hand the
 * model deals them.  After a game there, it first waits until every
 * player has read that game's end (its deal key). */
void driver_deal(
    struct driver *d, int k, const struct game_ops *ops, int nseats);
/* ... with the players from index first of the pool on, in order: p[first]
 * opens the lobby and sits in seat 0, p[first + 1] in seat 1, and so on
 * (round the pool). */
void driver_deal_from(
    struct driver *d, int k, const struct game_ops *ops, int nseats, int first);

/* If table k is READY: chooses its next move and sends it (SENT), or
 * waits for the table's own move (BOT).  1 if a player's move was sent. */
int driver_send(struct driver *d, int k);
/* Reads the database once: confirms moves that came in (the model
 * applies them), notes games that ended and counts their results, and
 * fails the test on a move not made in time.  The number of tables that
 * still wait for something. */
int driver_poll(struct driver *d);

/* How many tables have a game on (not DRIVER_OFF). */
int driver_games_on(const struct driver *d);

/* Plays table k's game (dealt) to its end, choosing, sending and polling,
 * pumping every ms between polls; fails the test past max_moves.  The
 * number of moves it took. */
long driver_play(struct driver *d, int k, long max_moves, int ms);

/* The seed in the environment variable name (to try another run of a
 * seeded suite), else fallback. */
uint64_t driver_env_seed(const char *name, uint64_t fallback);

/* Applies to table k's model the move sg's log has beyond those seen,
 * which must be exactly one, the move on its way (any other, a second one,
 * or a missing one fails the test); 1 if there was one, 0 if none. */
int driver_absorb(struct driver *d, int k, const struct store_game *sg);
/* The move on its way at table k will not come (it died with the bot):
 * the table is READY again, and expects no move. */
void driver_forget(struct driver *d, int k);
/* The stored game of table k, loaded now (store_game_free() it). */
struct store_game *driver_load(struct driver *d, int k);

/* After a restart: each game the model says is not over is announced
 * ("The Title game goes on after a restart" and its status) and every seat
 * gets its hand again, both as the model has them. */
void driver_check_resume(struct driver *d);

/* The public text mv would make at table k, as the channel shows it
 * (empty if none), from a model rebuilt from the log. */
void driver_move_text(struct driver *d, int k, const struct game_move *mv,
    char *out, size_t size);

/* Games step by step. */

/* What the bot says of one move (or the deal) as each player sees it:
 * colour gone, nicks in; "" where it says nothing. */
struct driver_said {
	char pub[DRIVER_TEXT];
	char priv[GAME_MAX_SEATS][DRIVER_TEXT]; /* per seat */
};

/* A game of table k as the database has it when loaded: dealt again and
 * its log replayed by the driver's model.  Seat s's player is
 * t->player[s] when the driver dealt the game, else the pool player the
 * database seats there. */
struct driver_game {
	struct store_game *sg;
	const struct game_ops *ops;
	struct game *g;
	struct game_turn turn;             /* who may act now */
	int player[GAME_MAX_SEATS];        /* seat -> index in p[] */
	const char *names[GAME_MAX_SEATS]; /* seat -> nick, now */
	int k;                             /* the table */
	uint64_t seed;
};

/* Loads game id of table k (0: the one game running) into gm.  Fails the
 * test when it cannot. */
void driver_game_load(
    struct driver *d, int k, int64_t id, struct driver_game *gm);
/* Frees what driver_game_load() made; a zeroed gm does nothing. */
void driver_game_free(struct driver_game *gm);
/* Applies mv to gm's game (gm is one move further on then) and writes
 * what the bot tells of it into said, lead (markup, or NULL) first in the
 * channel's text. */
void driver_game_apply(struct driver *d, struct driver_game *gm,
    const struct game_move *mv, const char *lead, struct driver_said *said);
/* What seat (or GAME_PUBLIC) is shown of gm's game: its hand (with its
 * prompt when it is to act), or the status line. */
void driver_game_view(struct driver *d, const struct driver_game *gm,
    int seat, char *out, size_t size);
/* The seat of mv types it, as a player would (ops->command), where the
 * command may be typed. */
void driver_game_type(
    struct driver *d, const struct driver_game *gm, const struct game_move *mv);
/* The seat to move in table k's running game makes the rules' default
 * move (ops->timeout), typed by its player: the channel sees its text
 * (as player watcher does; the line, stripped, into said unless NULL)
 * and the move log grows by exactly that move.  The seat that moved. */
int driver_play_default(
    struct driver *d, int k, int watcher, char *said, size_t size);
/* Player i of table k gets, from line index from on, the private line
 * that shows seat's hand in the running game as the database has it. */
void driver_hand(struct driver *d, int k, int i, size_t from, int seat);

/* Replays. */

/* One step of a replay: n is -1 for the deal (mv NULL), then each logged
 * move's number and the move; g is the model after it. */
typedef void driver_replay_fn(void *ctx, int n, const struct game_move *mv,
    const struct game *g, const struct driver_said *said);

/* Replays stored game id (of any channel) from the database as the bot
 * told it: the deal, then every logged move, each checked and applied to a
 * model of its own, fn called after each. */
void driver_replay(
    struct driver *d, int64_t id, driver_replay_fn *fn, void *ctx);

/* Replays the n stored games ids[] of table t, in order, and checks them
 * against what t's players received, as driver_gather() collected it:
 * each move's public text (and each deal's) came to the channel, in
 * order, and each player's private game lines are exactly what the rules
 * told its seat in those games, in order (a player with no seat got
 * none), so ids[] must be every game t has dealt; priv holds d->pool. */
void driver_check_told(struct driver *d, struct driver_table *t,
    const int64_t *ids, int n, const struct buf *chan,
    const struct buf *priv);

/* The database. */

/* Runs sql with the sqlite3 shell on the database, read-only; its output
 * (rows one a line) into out.  Fails the test if sqlite3 does. */
void driver_sql(struct driver *d, const char *sql, char *out, size_t size);

/* Game id's variant and state ("cheat finished"), then a line per seat in
 * seat order: its nick, place and won, then the SQL columns more
 * ("r.points", of results r), each after a space; into out. */
void driver_results(struct driver *d, int64_t id, const char *more,
    char *out, size_t size);

/* Opens the database on a connection of its own (read-only) and runs
 * PRAGMA integrity_check (store_check()); fails the test unless it is
 * ok. */
void driver_check_db(struct driver *d);

/* At the end: no game is running, and every player's stats (per variant
 * and in all) are what the driver counted. */
void driver_check_stats(struct driver *d);

/* Failures. */

/* The last lines each player received and the bot's log, on stderr. */
void driver_dump(const struct driver *d);
/* Fails the running test with a printf-style message, after
 * driver_dump(). */
void driver_fail(const struct driver *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), noreturn));

#endif
