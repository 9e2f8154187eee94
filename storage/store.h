/*
 * Persistent state in SQLite: players, their preferences, games, seats, the
 * move log, results, win streaks and the boards read from them.  Only
 * storage/ includes sqlite3.h.
 *
 * The database runs in WAL mode with foreign keys on and a busy timeout;
 * the schema is migrated on open, keyed on PRAGMA user_version; every
 * statement is prepared; each call is one transaction.  A move is committed
 * by store_move() before the bot announces it.  One bot runs on a database
 * at a time (store_claim()); a copy can be taken while it runs
 * (store_backup()).
 *
 * A player is found by a key: "a:ACCOUNT" when the network tells the
 * services account, else "n:NICK" with the nick in lower case.  The nick
 * last seen is kept for display and for !stats NICK.
 */
#ifndef STORE_H
#define STORE_H

#include <stdint.h>

struct store;

/* Opens (creating and migrating) the database at path; NULL and *cause.
 * path is a file name, or a SQLite "file:" URI: file:x.db?mode=ro opens it
 * read-only, and the parameter busy_timeout=MS replaces the default wait of
 * 5000 ms for a lock held by another process.  A database written by a
 * newer cheaterbot (a higher schema version) is refused. */
struct store *store_open(const char *path, char **cause);
/* Opens an existing database for reading only, as store_open() would
 * (path may be a URI too); it is never created, and one that needs a
 * migration is refused.  Every write through it fails.  For copying a
 * database a bot is running on (store_backup()). */
struct store *store_open_readonly(const char *path, char **cause);
/* Closes it, finalizing every statement; NULL does nothing. */
void store_close(struct store *s);

/* The id of the player with key, created if new, with its display nick
 * updated; -1 and *cause on failure. */
int64_t store_player(struct store *s, const char *key, const char *nick,
    char **cause);

/* The id of the player with key, without writing anything: 0 if there is
 * none, -1 and *cause on failure. */
int64_t store_player_find(struct store *s, const char *key, char **cause);

/* A per-player preference ("colour", "notice"): *value is set and 0
 * returned when stored, 1 when not set, -1 and *cause on failure. */
int store_pref_get(struct store *s, int64_t player, const char *name,
    int *value, char **cause);
int store_pref_set(struct store *s, int64_t player, const char *name,
    int value, char **cause);

/* Records a game that was just dealt by seat dealer: its seats in order
 * (player ids) and who sits in each (idents[i], the identity the bot
 * recognises the seat by: "a:ACCOUNT" or "h:user@host"), returning the
 * new game id, or -1 and *cause.  The strings are copied; a dealer outside
 * the seats or an ident of neither form is refused. */
int64_t store_game_begin(struct store *s, const char *variant,
    const char *channel, const char *options, uint64_t seed, int dealer,
    int nseats, const int64_t *players, const char *const *idents,
    char **cause);

/* The number of games ever dealt in channel (case-insensitive), so the
 * deal keeps moving left across restarts; -1 and *cause. */
int store_deals(struct store *s, const char *channel, char **cause);

/* Appends move number n (0, 1, 2, ...) to the game's log and commits it;
 * 0, or -1 and *cause (nothing is written then): a number already stored
 * or one that would leave a gap, a seat outside the game (seat -1 is the
 * table itself, GAME_SEAT_TABLE), a game that is not running. */
int store_move(struct store *s, int64_t game, int n, int seat,
    const char *text, char **cause);

/* One seat's outcome. */
struct store_seat_result {
	int place;		/* 1 = first, 0 = left the game */
	int won;		/* 1 if a winner */
	int lost;		/* 1 if the loser (loser games) */
	int points;
	const char *detail;	/* e.g. a suit, or NULL */
};

/* Ends a game with the seats' outcomes (nseats as begun), updating each
 * player's games, wins, losses and win streaks for the variant and for all
 * variants together, all in one transaction; 0, or -1 and *cause (and
 * nothing changes), e.g. when the game is no longer running. */
int store_game_finish(struct store *s, int64_t game,
    const struct store_seat_result *seats, int nseats, char **cause);

/* Marks a running game stopped before its end (why may be NULL); nobody's
 * stats change.  0, or -1 and *cause. */
int store_game_abandon(struct store *s, int64_t game, const char *why,
    char **cause);

struct store_stats {
	char nick[64];		/* as last seen */
	int games;
	int wins;
	int losses;
	int streak;		/* current run of wins */
	int best_streak;
};

/* A player's stats for variant (NULL: all variants together), the player
 * found by nick (case-insensitive, the most recently seen); 0, 1 if no
 * such player, -1 and *cause. */
int store_stats(struct store *s, const char *nick, const char *variant,
    struct store_stats *st, char **cause);

enum store_board {
	STORE_BOARD_WINS,
	STORE_BOARD_STREAK,	/* best win streak */
	STORE_BOARD_GAMES,
};

struct store_top_row {
	char nick[64];
	int value;		/* the board's figure */
	int games;
	int wins;
};

/* The top max rows of a board for variant (NULL: all), best first, ties
 * broken by fewer games then nick; the row count, or -1 and *cause. */
int store_top(struct store *s, const char *variant, enum store_board board,
    struct store_top_row *rows, int max, char **cause);

/* A stored game, for resuming it after a restart by replaying its log. */
struct store_game_seat {
	int64_t player;
	char *key;
	char *nick;		/* as last seen */
	char *ident;		/* as given to store_game_begin() */
};

struct store_game_move {
	int seat;		/* or -1, the table */
	char *text;
};

struct store_game {
	int64_t id;
	char *variant;
	char *channel;
	char *options;
	uint64_t seed;
	int dealer;
	int nseats;
	struct store_game_seat *seats;	/* in seat order */
	int nmoves;
	struct store_game_move *moves;	/* moves[i] is move number i */
};

/* The ids of the games still running (those a restart must resume), oldest
 * first, in a new array *ids that the caller frees; the count, or -1 and
 * *cause. */
int store_running(struct store *s, int64_t **ids, char **cause);

/* Loads a game with its seats and its whole move log; a new struct that
 * the caller frees with store_game_free(), or NULL and *cause. */
struct store_game *store_game_load(struct store *s, int64_t game,
    char **cause);
/* Frees a loaded game; NULL does nothing. */
void store_game_free(struct store_game *g);

/* Makes this process the database's only bot: an exclusive lock on the
 * file next to it, FILE-lock, held until store_close() (the kernel drops
 * it if the process dies, kill -9 included), with the holder's pid
 * written in it.  0, or -1 and *cause, e.g. "database './x.db' is in use
 * by another cheaterbot (pid 1234)".  Claiming again through the same
 * store does nothing; through another store of the same process it is
 * refused (record locks belong to the process, so closing that store would
 * end the first one's claim).  A database in memory needs no claim: 0.
 * The process must not open and close FILE-lock itself while it holds the
 * claim: closing any descriptor of it ends the lock. */
int store_claim(struct store *s, char **cause);

/* Writes a consistent copy of the live database (other processes may be
 * writing it) to the new file dest, which must not exist; 0, or -1 and
 * *cause (no partial copy is left behind).  The copy holds every
 * transaction committed before it began and none after.  dest is a file
 * name, never a URI. */
int store_backup(struct store *s, const char *dest, char **cause);

/* PRAGMA integrity_check: 0 when it says ok, else -1 and *cause with its
 * first complaint. */
int store_check(struct store *s, char **cause);

#endif
