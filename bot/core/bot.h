/*
 * The bot core: everything between IRC events coming in and IRC lines going
 * out.  It knows nothing of sockets or libircclient: the transport
 * (irc-glue.c, relay.c, loop.c) feeds it parsed events and drains its
 * queue, and tests feed it events directly and read the queue (transcript
 * tests).
 *
 * Time is the caller's monotonic clock in milliseconds, passed with every
 * call, so tests advance it without sleeping.
 */
#ifndef BOT_H
#define BOT_H

#include <stdint.h>

struct conf;
struct store;
struct queue;
struct bot;

/* A bot using conf and store (both stay the caller's and must outlive it)
 * and sending into queue (also the caller's).  seed, when have_seed is set,
 * makes every shuffle deterministic (tests); else seeds come from the
 * system's random source.  Each admin mask that names a nick alone
 * ("alice!*@*": anyone can take a nick) is warned of in the log. */
struct bot *bot_new(const struct conf *conf, struct store *store,
    struct queue *queue, uint64_t seed, int have_seed, uint64_t now);
/* Frees the bot and every game it holds; NULL does nothing. */
void bot_free(struct bot *b);

/* The connection is registered as nick (after 001): joins the channels. */
void bot_connected(struct bot *b, const char *nick, uint64_t now);
/* The connection is gone: the channels count as left until
 * bot_connected() is called again; games keep their state. */
void bot_disconnected(struct bot *b, uint64_t now);

/* One IRC message: command ("PRIVMSG", "JOIN", "NICK", "433", ...), the
 * origin prefix (nick!user@host, a server name, or NULL) and the
 * parameters, the last one being the trailing text. */
void bot_event(struct bot *b, const char *command, const char *origin,
    const char **params, unsigned int count, uint64_t now);

/* Runs every timer due at now. */
void bot_tick(struct bot *b, uint64_t now);
/* When the next timer is due, or UINT64_MAX. */
uint64_t bot_next_timer(const struct bot *b);

/* Why the bot must stop at once, in the words its QUIT says: "database
 * lost" when a claim of its in a league's database was lost (on the
 * network or a channel: dbwatch.c, share.c), and another bot may be
 * dealing its channels now (exit status 1); or to stand by
 * (bot_standby()).  NULL while it runs. */
const char *bot_must_stop(const struct bot *b);
/* 1 when the stop of bot_must_stop() is to stand by: an offline tool (a
 * copy, a prune) holds the network the server named (a league's bot
 * given none) alone, and the caller waits for the claim
 * (store_claim_bot(), the store's network set), then starts a new bot
 * on it.  The QUIT says "a cheaterbot tool holds network 'NAME'". */
int bot_standby(const struct bot *b);
/* The network the bot plays on ("" for none: SQLite), or NULL while a
 * league's bot given none waits for the server to name it (005
 * NETWORK=): it joins no channel and takes no command until then. */
const char *bot_network(const struct bot *b);

/* The bot stops (a signal, or bot_must_stop()): from now on it handles
 * no event, runs no timer and says nothing more; what it said is in the
 * queue, for the loop to send before its QUIT. */
void bot_stopping(struct bot *b);

/* 1 (once) when an admin has asked for a reload (!reload) since the last
 * call: the loop then reloads as on SIGHUP. */
int bot_reload_wanted(struct bot *b);
/* The configuration was reloaded in place (cause NULL) or could not be
 * (cause says why): the admin who asked is told, channels new to it are
 * joined, and channels dropped from it are left unless a game is being
 * played there (they are left at a later reload).  Games go on.  Admin
 * masks that name a nick alone ("alice!*@*") are warned of in the log,
 * a line each, and in the answer to the admin, as at bot_new(). */
void bot_reloaded(struct bot *b, const char *cause);

/* The wall clock reads unix_ms (milliseconds since 1970) at the bot's
 * clock's now; it goes on with that clock.  bot_new() sets it from the
 * system's; tests move it to reach a season's end (docs/league.md). */
void bot_set_wall(struct bot *b, int64_t unix_ms);
/* The wall clock reads the system's plus ahead_ms (`--clock-ahead`, for
 * tests over a real server: a season's end within seconds). */
void bot_clock_ahead(struct bot *b, int64_t ahead_ms);

/* The wall clock (the system's, or as moved) in unix seconds. */
int64_t bot_wall(const struct bot *b);

/* Tells the log, and every admin in a channel with the bot privately, of
 * a fault outside the core that the operator must hear of (the stats
 * page could not be written): how many admins were told. */
int bot_alarm(struct bot *b, const char *text);

/* The nick the bot has on the network now. */
const char *bot_nick(const struct bot *b);

#endif
