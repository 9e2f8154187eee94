/*
 * Private to storage/: the store (a connection of db.h, the table of
 * prepared statements) and the small helpers every storage file shares,
 * so that "bind, step, reset" and the wording of database errors are
 * written once.  Only storage/ includes this file; it knows no engine.
 *
 * After the store's structures, the functions are grouped by the file
 * that defines them, lowest layer first: each file calls only files of
 * groups before its own, never one after (storage/README.md).
 */
#ifndef STORE_INT_H
#define STORE_INT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "db.h"
#include "rating.h"
#include "store.h"

/* The marker for "all variants together" in stats.variant. */
#define STORE_ALL_VARIANTS ""

/* Every statement the code runs; the SQL text is store_sql[] (schema.c). */
enum store_sql {
	SQL_PLAYER_UPSERT,
	SQL_PLAYER_FIND,
	SQL_PLAYER_NAMED,
	SQL_PREF_GET,
	SQL_PREF_SET,
	SQL_PREF_PLAYERS,
	SQL_GAME_INSERT,
	SQL_SEAT_INSERT,
	SQL_SEATS_AGREE,
	SQL_DEALS,
	SQL_GAME_STATE,
	SQL_GAME_END,
	SQL_MOVE_INSERT,
	SQL_RESULT_INSERT,
	SQL_STATS_ADD,
	SQL_GAME_HAS_AI,
	SQL_GAME_SEASON,
	SQL_SEASON_FIRST_ADD,
	SQL_SEASON_FIRST,
	SQL_GAME_AI,
	SQL_AI_STATS,
	SQL_SOLO_STATS,
	SQL_TITLE_INSERT,
	SQL_TITLE_RUN,
	SQL_TITLE_COUNT,
	SQL_BLUFFS_INSERT,
	SQL_RATING_SEATS,
	SQL_RATING_SET,
	SQL_RATING_HISTORY,
	SQL_RATING_GET,
	SQL_TOP_RATING,
	SQL_SOLO_SEATS,
	SQL_SOLO_SET,
	SQL_SOLO_HISTORY,
	SQL_SOLO_GET,
	SQL_TOP_SOLO,
	SQL_SOLO_TITLE_INSERT,
	SQL_SOLO_TITLE_COUNT,
	SQL_STATS_GET,
	SQL_TOP,
	SQL_TOP_BLUFFS,
	SQL_TOP_SEASON,
	SQL_SEASON_PLAYED,
	SQL_SEASON_MARK,
	SQL_BLUFFS_GET,
	SQL_SOLO_BLUFFS,
	SQL_BLUFFS_PLAYER,
	SQL_HISTORY_PLAYER,
	SQL_HISTORY_CHANNEL,
	SQL_TITLES_GET,
	SQL_IGNORE_ADD,
	SQL_IGNORE_REMOVE,
	SQL_IGNORES,
	SQL_RUNNING,
	SQL_RUNNING_IN,
	SQL_GAME_GET,
	SQL_SEATS_GET,
	SQL_MOVES_GET,
	SQL_EXPORT_PLAYERS,
	SQL_EXPORT_RATINGS,
	SQL_EXPORT_SOLO,
	SQL_EXPORT_DAYS,
	SQL_EXPORT_RECENT,
	SQL_EXPORT_TITLES,
	SQL_EXPORT_GAMES,
	SQL_EXPORT_RESULTS,
	SQL_PRUNE_MOVES,
	SQL_PRUNE_MARK,
	SQL_COUNT
};

extern const char *const store_sql[SQL_COUNT];

/* The files a writing connection has (db-watch.c): the database, its
 * -wal and its -shm. */
#define STORE_FILES 3

/* One of them as it was when the store was opened. */
struct store_file {
	char *path;	/* as SQLite names it, NULL when not followed */
	dev_t dev;
	ino_t ino;
};

struct store {
	struct db *db;
	char *path; /* as given, for causes */
	struct db_stmt *stmt[SQL_COUNT];

	/* The files checked before each transaction (store_files_ok());
	 * none for a read-only connection or a database in memory. */
	struct store_file files[STORE_FILES];

	/* The claim (db-file.c): the locked FILE-lock, or -1; the file's
	 * identity; the next claimed store of this process. */
	int lock_fd;
	dev_t lock_dev;
	ino_t lock_ino;
	struct store *claim_next;

	int count_ai;	/* store_count_ai(): games with an AI seat count */
	int provisional; /* store_rating_provisional(): the rated games a
			 * player needs to be on the rating board */
	int64_t season;	/* store_season(): the season a game finished
			 * now ended in, in the bot's count; 0 for none */
	char *network;	/* store_set_network(), "" for none */
	int net_claimed; /* the network's claim is held (claim-net.c) */
};

/* The schema a new PostgreSQL database starts from (schema-pg.c): that of
 * store_migrations[]' first STORE_PG_BASE scripts, written for it; the
 * scripts after them run on both engines (migrate.c). */
#define STORE_PG_BASE 11
extern const char store_pg_base[];

/* store-text.c: text and time, needing nothing of the store. */

/* Copies text (NULL: "") into dst, cut if need be at a UTF-8 character
 * boundary. */
void store_copy_text(char *dst, size_t size, const char *src);

/* A nick as a lookup takes it: "alice@oftc", as the boards show another
 * network's player, is the nick alice of network oftc (an IRC nick has
 * no '@').  The nick goes into bare (size bytes, cut if need be), and
 * *want is the network or "" for any (a pointer into nick). */
#define STORE_BARE_NICK 128
void store_nick_split(const char *nick, char bare[STORE_BARE_NICK],
    const char **want);

/* Wall-clock time in unix seconds (time()), bound as an 'I' value where
 * a statement records when (a "?N now" parameter of store_sql[]): no
 * engine's own clock function is in the SQL text, and every engine is
 * given the same second (docs/storage.md, One SQL for both). */
int64_t store_now(void);
/* The UTC day of unix second t, "2024-05-01" ("?" past year 9999): the
 * engines share no date function, so days are written here. */
void store_date(int64_t t, char date[STORE_DATE_SIZE]);

/* store-fail.c: a failure's cause, the transaction rolled back. */

/* Sets *cause (when cause is not NULL) from a printf format; returns -1. */
int store_fail(char **cause, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Sets *cause to "database 'PATH': " and the text of the connection's
 * last failure (db_error()); returns -1. */
int store_db_fail(struct store *s, char **cause);

/* Rolls back the open transaction, if any; returns -1 to end a failure. */
int store_rollback(struct store *s);

/* Sets *cause like store_fail(), then rolls back the open transaction;
 * returns -1. */
int store_refuse(struct store *s, char **cause, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* awards.c: a finished game's awards gathered. */

/* Where one finished game's awards go, and how many there were. */
struct store_awards {
	struct store_award *out;
	int max;
	int n;
};

/* One more award (struct store_award's fields): written out while there
 * is room, counted always. */
void store_award_add(struct store_awards *aw, int seat, int rule, int count,
    const char *detail, int again, const char *earned, int solo);

/* Puts the awards written out in seat order, each seat's in the order
 * they were added (the solo ladder's come after every seat's others). */
void store_awards_by_seat(struct store_awards *aw);

/* db-watch.c: the files of a writing connection watched (store_files_ok()
 * in store.h). */

/* Notes the files of a writing connection, as they are now, for
 * store_files_ok(); nothing for a read-only connection or a database in
 * memory. */
void store_files_note(struct store *s);
/* Forgets them. */
void store_files_forget(struct store *s);

/* claim-net.c: a league's claims on a network and its channels
 * (PostgreSQL's). */

/* Claims the store's network for this bot: store_claim()'s answer on a
 * server. */
int store_claim_network(struct store *s, char **cause);
/* ... held shared with the network's other bots, this one named nick
 * (store_claim_bot()). */
int store_claim_network_shared(struct store *s, const char *nick,
    char **cause);

/* migrate.c: the schema. */

/* Brings the schema up to date: 0, or -1 and *cause. */
int store_migrate(struct store *s, char **cause);

/* store-sql.c: statements run and stepped, transactions. */

/*
 * Runs statement id with its parameters ?1, ?2, ... bound from the
 * variable arguments as types says, one letter each: 'i' an int, 'I' an
 * int64_t, 'd' a double, 't' a string (NULL binds NULL) (db_query()).
 * Outside a transaction, the files are checked first (store_files_ok()).
 * Returns 1 when a row is ready in *st (read it with db_int() and the
 * others, then db_reset() it or move on with store_next()), 0 when the
 * statement ran to its end, -1 and *cause.
 */
int store_query(struct store *s, enum store_sql id, struct db_stmt **st,
    char **cause, const char *types, ...);

/* Moves st to its next row: 1 with one, 0 at the end, -1 and *cause. */
int store_next(struct store *s, struct db_stmt *st, char **cause);

/* Runs statement id to its end, ignoring rows: 0, or -1 and *cause. */
int store_run(
    struct store *s, enum store_sql id, char **cause, const char *types, ...);

/* Opens a transaction, a write one when write is set (db_begin()), the
 * files checked first: 0, or -1 and *cause. */
int store_begin(struct store *s, int write, char **cause);

/* Commits the open transaction: 0, or -1 and *cause (rolled back). */
int store_commit(struct store *s, char **cause);

/* db-file.c: SQLite's file (store_has_file(), store_backup(),
 * store_check(), store_probe() and store_files_open_to_others() in
 * store.h). */

/* Claims SQLite's file for this bot: store_claim()'s answer on a file. */
int store_claim_file(struct store *s, char **cause);

/* Ends the store's claim on its database, if it holds one. */
void store_unclaim(struct store *s);

/* After a failed writing open: when the database's directory cannot be
 * written, says so after *cause (SQLite says no more than "unable to
 * open database file" when it cannot make the -wal there). */
void store_dir_blame(struct store *s, char **cause);

/* league.c: the ratings, the league's and the solo ladder's. */

/* Whether a finished game of those seats' results rates seat i: every
 * seat but the one still there in a forfeit. */
int store_rated_seat(const struct store_seat_result *seats, int i);

/* The one rule by which a finished game moves the ratings r[0..nseats-1]
 * (each seat's before the game), the league's and the solo ladder's
 * alike: rating_update() from the seats' places, a seat that left
 * (place 0) after every placed one, tied with the others who left; then
 * each seat the game does not rate (store_rated_seat(): the one still
 * there in a forfeit) keeps its rating as it was, so a forfeit is a loss
 * to those who left and nothing to the seat that stayed (docs/
 * league.md).  0, or -1 when nseats is not 2 to RATING_PLAYERS or the
 * places cannot be rated (r unchanged). */
int store_rating_apply(const struct store_seat_result *seats, int nseats,
    struct rating *r);

/* Updates, inside the caller's transaction, the ratings of the players
 * of a finished game that counts, by store_rating_apply(), and writes
 * their rating_history rows: each seat the game rates gets its new
 * rating, one rated game more and a history row, and the seat still
 * there in a forfeit nothing.  0, or -1 and *cause. */
int store_rate_game(struct store *s, int64_t game,
    const struct store_seat_result *seats, int nseats, char **cause);

/* The rating board (board STORE_BOARD_RATING) or the solo board
 * (STORE_BOARD_SOLO) of variant (NULL refused) for store_top(), which
 * checked max: the row count, or -1 and *cause. */
int store_top_rating(struct store *s, const char *variant,
    enum store_board board, struct store_top_row *rows, int max,
    char **cause);

/* game-log.c: games and their moves. */

/* Checks inside the caller's transaction that game is running, and reads
 * its seat count and the number its next move must have: 0, or -1 and
 * *cause ("no such game 7", "game 7 is already finished"). */
int store_game_running(
    struct store *s, int64_t game, int *nseats, int *next, char **cause);

/* stats.c: what is read from the finished games. */

/* Reads the rows of a board's statement, rc its first step's result,
 * into rows (at most max): the nick, the figure, the games, the wins,
 * and with bluffs the calls (column 4).  The row count, or -1 and *cause
 * (the season boards read theirs with it too). */
int store_top_rows(struct store *s, struct db_stmt *st, int rc, int bluffs,
    struct store_top_row *rows, int max, char **cause);

/* solo-ladder.c: the solo ladder moved. */

/* Moves, inside the caller's transaction, the solo ladder of a finished
 * game: when it has an AI seat and a person, each person's solo rating,
 * counts and wins in a row, their history rows, and the solo titles they
 * earn, added to aw.  0 (also when the game is
 * not on the ladder), or -1 and *cause. */
int store_solo_game(struct store *s, int64_t game,
    const struct store_seat_result *seats, int nseats,
    struct store_awards *aw, char **cause);

/* season.c: seasons. */

/* Writes, inside the caller's transaction, the number of the season of
 * store_season() on a game that is finishing (nothing when it is 0),
 * the season becoming the database's Season 1 when it has none: 0, or
 * -1 and *cause. */
int store_game_season(struct store *s, int64_t game, char **cause);

/* store.c: the store opened, closed and claimed, players, preferences,
 * the ignore list. */

/* The key a player of key is stored under: "NETWORK/KEY" when the store
 * has a network, so that two networks' "a:alice" are two players, but for
 * an AI player ("ai:..."), who is the same player on every network; key
 * itself when it is stored so, else a copy to free. */
char *store_key(const struct store *s, const char *key);

/* Reads the first column of a statement's rows, rc its first step's
 * result, as a new array of new strings in *list (the caller frees
 * each and the array; NULL when none): the count, or -1 and *cause. */
int store_strings(struct store *s, struct db_stmt *st, int rc, char ***list,
    char **cause);

/* game-finish.c (a game's end recorded), on top of the files above,
 * declares nothing here: its functions are store.h's
 * (store_game_finish(), store_count_ai()). */

#endif
