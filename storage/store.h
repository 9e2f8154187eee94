/*
 * Persistent state in SQLite or PostgreSQL: players, their preferences,
 * games, seats, the move log, results, win streaks and runs, the bluff
 * ledgers of finished games, titles, skill ratings and the boards read
 * from them.  The engine is behind storage/db.h: only storage/db-sqlite.c
 * calls SQLite and only storage/db-pgsql.c libpq, and nothing here says
 * which one a store has (but store_has_file()).
 *
 * SQLite runs in WAL mode with foreign keys on and a busy timeout; the
 * schema is migrated on open, keyed on the schema version; every
 * statement is prepared; each call is one transaction.  A move is
 * committed by store_move() before the bot announces it.  One bot runs on
 * an SQLite database, or on a network of a PostgreSQL one, at a time
 * (store_claim()); a copy can be taken while it runs (store_backup()).
 *
 * Beside the league's ratings, the solo ladder (storage/solo.h): a
 * person's rating of a variant from their games with AI seats, each AI
 * seat rated at its level's fixed anchor.
 *
 * A player is found by a key: "a:ACCOUNT" when the network tells the
 * services account, else "n:NICK" with the nick in lower case (stored with
 * the store's network before it: store_set_network()).  The nick last
 * seen is kept for display and for !stats NICK.
 */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>
#include <stdint.h>

struct store;

/* Opens (creating and migrating) the database at path; NULL and *cause.
 * path is a file name, or a SQLite "file:" URI: file:x.db?mode=ro opens it
 * read-only, and the parameter busy_timeout=MS replaces the default wait of
 * 5000 ms for a lock held by another process; or a PostgreSQL URI or
 * keyword/value string (storage/target.h), whose database must be there
 * (its schema is made at the first open).  A database written by a newer cheaterbot (a
 * higher schema version) is refused. */
struct store *store_open(const char *path, char **cause);
/* Opens an existing database for reading only, as store_open() would
 * (path may be a URI too); it is never created, and one that needs a
 * migration is refused.  Every write through it fails.  For copying a
 * database a bot is running on (store_backup()). */
struct store *store_open_readonly(const char *path, char **cause);
/* Closes it, finalizing every statement; NULL does nothing.  When its
 * files fail store_files_ok(), SQLite's checkpoint on close is skipped:
 * it would write them. */
void store_close(struct store *s);

/* The database as causes name it: store_target_shown() of the target
 * opened (storage/target.h: its passwords hidden).  Every cause the store
 * gives names its database so. */
const char *store_name(const struct store *s);

/* The IRC network the bot using s plays on, "" (the default) for none:
 * docs/storage.md, Running a league.  A league's bots share one database,
 * each naming its own network, and the store then keeps apart what is
 * the network's: a player's key (stored "NETWORK/KEY", but an AI
 * player's, which every network shares), the games (each bot runs and
 * resumes its own, counts its channels' deals and history), the season
 * ends told in its channels and the ignored masks.  The boards span the
 * league: a player of another network is shown "nick@network", and a
 * nick looked up is the one of this network first.  Keys read back
 * (store_pref_players(), a game's seats) are the bot's own, without the
 * network.  Set it before any other call. */
void store_set_network(struct store *s, const char *network);
const char *store_network(const struct store *s);
/* Whether s is a league's database (PostgreSQL) on no network yet: a bot
 * must set its network before it claims it (store_claim() refuses) or
 * reads or writes anything of a network's (docs/league.md, The network's
 * name). */
int store_needs_network(const struct store *s);

/* Whether store_open() found the file there with nothing in it (0 bytes)
 * and made a new database in it: the records the caller expected are not
 * there (a restore that went wrong, a full disk). */
int store_was_empty(const struct store *s);

/* Checks that the database can be written now, for a bot about to run on
 * it: a connection SQLite opened read-only (a file, or a directory, it
 * cannot write, which SQLite accepts without a word) is refused, then a
 * real write transaction is committed (the schema version written over
 * with itself).  0, or -1 and *cause, e.g. "database 'x.db' can only be
 * read: ...". */
int store_probe(struct store *s, char **cause);

/* Checks the files of a writing connection (the database, its -wal and
 * its -shm) are still those it opened (the same device and inode at the
 * same path) and writable (access(W_OK): an immutable file, a read-only
 * mount and a file gone all fail).  Every transaction of a writing store
 * runs it first, and is refused when it fails, so that SQLite never
 * writes the -shm it maps into memory after it became unwritable (a
 * write fault there kills the process with SIGBUS).  A read-only
 * connection and a database in memory pass.  0, or -1 and *cause, e.g.
 * "database 'x.db': '/srv/x.db' is gone (No such file or directory)". */
int store_files_ok(struct store *s, char **cause);

/* Whether users other than their owner may read or write the files of
 * the database (the file, its -wal and -shm, the claim's FILE-lock),
 * which hold the running games' seeds and salts.  Those the store makes
 * are its owner's alone (mode 0600, whatever the umask); a file made
 * otherwise (by an older cheaterbot, a copy, an edit) is not changed.
 * 0 when none is open to others (or the database is no file), else 1
 * and *cause naming each such file with its mode, and the command that
 * makes them the owner's alone: "database 'x.db': its files are open to
 * other users ('/srv/x.db' mode 644, ...), ...: make them their owner's
 * alone with chmod 600 /srv/x.db ...". */
int store_files_open_to_others(struct store *s, char **cause);

/* The id of the player with key, created if new, with its display nick
 * updated; -1 and *cause on failure. */
int64_t store_player(struct store *s, const char *key, const char *nick,
    char **cause);

/* The id of the player with key, without writing anything: 0 if there is
 * none, -1 and *cause on failure. */
int64_t store_player_find(struct store *s, const char *key, char **cause);

/* The id of the player found by nick (as store_stats() finds one), their
 * nick as the boards show it into shown (size bytes; shown may be nick):
 * 0 if there is none, -1 and *cause on failure. */
int64_t store_player_named(struct store *s, const char *nick, char *shown,
    size_t size, char **cause);

/* A per-player preference ("colour", "notice"): *value is set and 0
 * returned when stored, 1 when not set, -1 and *cause on failure. */
int store_pref_get(struct store *s, int64_t player, const char *name,
    int *value, char **cause);
int store_pref_set(struct store *s, int64_t player, const char *name,
    int value, char **cause);
/* The players a preference is on for, in one query: the keys of those
 * whose preference name is 1, or whose preference all is 1 and name is
 * not 0 ("notify:cheat" and "notify": on for every game but one turned
 * off), sorted by strcmp(), in a new array *keys of new strings (the
 * caller frees each and the array); the count, or -1 and *cause. */
int store_pref_players(struct store *s, const char *name, const char *all,
    char ***keys, char **cause);

/* Records a game that was just dealt by seat dealer: its seats in order
 * (player ids) and who sits in each (idents[i], the identity the bot
 * recognises the seat by: "a:ACCOUNT" or "h:user@host", or "ai:LEVEL"
 * for an AI seat, its level, docs/ai.md), returning the
 * new game id, or -1 and *cause.  salt is the salt of the game's deal
 * key, exactly 32 lowercase hex digits, or NULL for none (store_game_load()
 * gives it back).  The strings are copied; a dealer outside the seats, an
 * ident of neither form (or "ai:" and no level of games/ai.h), a seat
 * whose player and ident disagree on being an AI's (an AI player's key
 * is "ai:NAME", and it sits as "ai:LEVEL"; a person never does) or a
 * salt of any other form is refused. */
int64_t store_game_begin(struct store *s, const char *variant,
    const char *channel, const char *options, uint64_t seed,
    const char *salt, int dealer, int nseats, const int64_t *players,
    const char *const *idents, char **cause);

/* The number of games ever dealt in channel (case-insensitive), so the
 * deal keeps moving left across restarts; -1 and *cause. */
int store_deals(struct store *s, const char *channel, char **cause);

/* Appends move number n (0, 1, 2, ...) to the game's log and commits it;
 * 0, or -1 and *cause (nothing is written then): a number already stored
 * or one that would leave a gap, a seat outside the game (seat -1 is the
 * table itself, GAME_SEAT_TABLE), a game that is not running. */
int store_move(struct store *s, int64_t game, int n, int seat,
    const char *text, char **cause);

/* One seat's part of the bluff ledger of a game (games/story.h says what
 * each word counts), or the sums of a player's (store_bluffs()). */
struct store_bluffs {
	int games;		/* the games summed: those with a ledger row
				 * (ignored by store_game_finish()) */
	int claims;		/* moves another player could call */
	int lies;		/* claims a call would have shown false */
	int caught;		/* lies that were called */
	int away;		/* lies that got away */
	int accused;		/* honest claims that were called */
	int calls;		/* calls made */
	int right;		/* calls of a lie */
	int wrong;		/* calls of an honest claim */
	int chances;		/* others' claims the seat could call */
};

/* One seat's outcome. */
struct store_seat_result {
	int place;		/* 1 = first, 0 = left the game */
	int won;		/* 1 if a winner */
	int lost;		/* 1 if the loser (loser games) */
	int points;
	const char *detail;	/* e.g. a suit, or NULL */
	int forfeit;		/* 1: placed because every other seat left
				 * (neither won nor lost): counted as a
				 * game, changing no streak or run and
				 * earning no title */
	const struct store_bluffs *bluffs; /* the seat's part of the game's
				 * ledger, stored whether the game counts or
				 * not; NULL: the variant keeps no ledger,
				 * nothing stored */
	const char *const *earned; /* the bluff titles ("pokerface") the seat
				 * earned by this game, NULL-terminated, or
				 * NULL for none; stored as titles of the
				 * game's variant only when the game counts,
				 * and never for a forfeit */
};

/* A title a variant awards for wins in a row (games/game.h's struct
 * game_title, as storage needs it).  An array of them ends with a NULL
 * name. */
struct store_title_rule {
	const char *name;	/* stored in titles.title: "excellent" */
	int same_detail;	/* counts the run (wins in a row with the same
				 * detail), else the streak (all wins in a
				 * row) */
	int at;			/* the count that earns it, 1 or more */
	int further;		/* each later win of the same run is an
				 * award too (again) */
};

/* What one seat earned by a finished game: a title of the rules given
 * (earned NULL), or a bluff title of the seat's result (earned set, rule
 * -1). */
struct store_award {
	int seat;
	int rule;		/* index in the rules given; -1 for a bluff
				 * title */
	int count;		/* the streak or run that earned it; for a
				 * bluff title, the times the player has
				 * earned it in the variant, this game's
				 * included */
	const char *detail;	/* the run's detail for a same_detail rule
				 * (points into that seat's result), else
				 * NULL */
	int again;		/* 1: a further win of a run that earned it
				 * before (nothing new stored); for a bluff
				 * title, earned before (count > 1), though
				 * this game's is stored too */
	const char *earned;	/* the bluff title's name (points into that
				 * seat's earned list) or the solo title's
				 * (solo_titles[]' name), NULL for a title of
				 * the rules */
	int solo;		/* 1: a title of the solo ladder
				 * (storage/solo.h), earned set; count and
				 * again as for a bluff title */
};

/*
 * Ends a game with the seats' outcomes (nseats as begun), updating each
 * player's games, wins, losses, win streaks, same-detail runs and runs
 * without losing (a game lost or left ends one) for the variant and for
 * all variants together, and awarding the variant's titles
 * (rules, NULL-name terminated; NULL: none), all in one transaction.
 *
 * After a seat's stats are counted, each rule's count (the run for a
 * same_detail rule, else the streak, of the game's variant) is compared:
 * equal to at, the title is earned and stored (a titles row); past at with
 * further set, it is an award with again set, and the row that run earned
 * (if it earned one: docs/storage.md) records how long the run is now.
 *
 * When the game counts (the same rule as the stats: not a game with an
 * AI seat while store_count_ai() is off), it also moves the rating of
 * the game's variant of every seat's player, AI players included, by
 * rating_update() (storage/rating.h) from the seats' places, a seat that
 * left (place 0) ranked last, tied with any other who left.  A forfeit
 * rates only those who left, each a loss to the one placed seat, whose
 * rating, rated games and history stay as they were: two accounts
 * cannot farm a rating, one leaving the other's games.  Each rated
 * player's rating after the game is kept in its history too.  A game of
 * fewer than 2 or more than RATING_PLAYERS seats is not rated.
 *
 * A game with an AI seat and a person moves the solo ladder whatever
 * store_count_ai() says (docs/league.md, The solo ladder): each person's
 * solo rating of the variant by the same rule from the same places (a
 * forfeit's placed seat keeping its rating), every AI seat at the fixed
 * anchor of its level (solo_anchor(), never moved), the other persons
 * at their own solo ratings; their solo games, wins (a won seat, or in
 * a game with a loser the first place), losses and wins in a row (a
 * forfeit keeps the row as it was but for the game, and the rating of
 * those who left); a solo_history row each rated person; and the solo
 * titles (solo_titles[]) each person earns, but by a forfeit: a win
 * against SOLO_GIANTS hard AI seats or more (Giant Slayer), the
 * SOLO_WOLF_RUN-th solo win in a row (Lone Wolf), and, once a variant,
 * a solo rating whose ordinal passes the hard anchor's (Machine
 * Breaker).  A game whose variant has no anchors is refused.
 *
 * Each seat's ledger (bluffs, when not NULL) is stored whether the game
 * counts or not: it is what happened.  The bluff titles it earned
 * (earned) are stored only when its stats are counted (not for a game
 * with an AI seat while store_count_ai() is off) and it is no forfeit:
 * one titles row each (run 0, no detail), and an award each.
 *
 * The awards, by seat, each seat's in rules order, then in the order of
 * its earned list, then its solo titles in solo_titles[]' order, are
 * written to awards (up to max_awards of them; nseats times the number
 * of rules, plus the most bluff titles one seat earns, plus SOLO_TITLES,
 * is always enough) and *nawards says how many there were, like
 * snprintf; awards may be NULL with max_awards 0.
 *
 * 0, or -1 and *cause (and nothing changes, *nawards is 0), e.g. when the
 * game is no longer running, a ledger has a negative count, or a seat's
 * earned list has an empty name, a name twice or a rule's name.
 */
int store_game_finish(struct store *s, int64_t game,
    const struct store_seat_result *seats, int nseats,
    const struct store_title_rule *rules, struct store_award *awards,
    int max_awards, int *nawards, char **cause);

/* Whether games with an AI seat (a seat whose player's key starts "ai:")
 * count toward the league's stats, streaks, runs, titles and ratings
 * when they end (on), or not (off, the default): they are recorded
 * (results, the move log) either way, and on the solo ladder either way
 * (store_solo()).  AI seats are on no board either way. */
void store_count_ai(struct store *s, int on);

/* Marks a running game stopped before its end (why may be NULL); nobody's
 * stats change.  0, or -1 and *cause. */
int store_game_abandon(struct store *s, int64_t game, const char *why,
    char **cause);

struct store_stats {
	char nick[64];		/* as last seen */
	int games;
	int wins;
	int losses;
	int streak;		/* current wins in a row */
	int best_streak;
	int run;		/* current wins in a row with one detail */
	char run_detail[16];	/* that detail ("" when none) */
	int best_run;		/* the longest such run, the first reached */
	char best_run_detail[16];
	int safe;		/* current games in a row neither lost nor
				 * left */
	int best_safe;
	int placed;		/* games finished with a place (not left),
				 * read from the results */
	int place_sum;		/* the sum of those places: with placed,
				 * the average place */
};

/* A player's stats for variant (NULL: all variants together), the player
 * found by nick (case-insensitive, the store's network's first, then the
 * most recently seen; "nick@network", as the boards show another
 * network's player, finds that network's: every lookup by nick of the
 * store does so); 0, 1 if no such player, -1 and *cause. */
int store_stats(struct store *s, const char *nick, const char *variant,
    struct store_stats *st, char **cause);

/* A player's figures on the solo ladder: their finished games with an
 * AI seat since the ladder began (schema version 14), whatever
 * store_count_ai() said. */
struct store_solo {
	char nick[64];		/* as last seen */
	int games;
	int wins;		/* won, or placed first in a game with a
				 * loser */
	int losses;
	int streak;		/* solo wins in a row now (one variant; 0
				 * for all) */
	int best_streak;	/* ... and at best */
};

/* Those of the player found by nick (as store_stats() finds one), for
 * variant (NULL: every variant summed); 0 (games 0 when none), 1 if no
 * such player, -1 and *cause. */
int store_solo(struct store *s, const char *nick, const char *variant,
    struct store_solo *st, char **cause);

/* An AI player's own record: every game it finished, counted or not (it
 * is on no board either way; docs/ai.md, Records). */
struct store_ai_stats {
	char nick[64];		/* as last seen */
	int games;		/* 0 unless the player is an AI */
	int wins;
	int losses;
	int ai;			/* 1: the player is an AI seat */
};

/* Those of the player found by nick (as store_stats() finds one), for
 * variant (NULL: all); 0, 1 if no such player, -1 and *cause. */
int store_ai_stats(struct store *s, const char *nick, const char *variant,
    struct store_ai_stats *st, char **cause);

enum store_board {
	STORE_BOARD_WINS,
	STORE_BOARD_STREAK,	/* best win streak */
	STORE_BOARD_GAMES,
	STORE_BOARD_RUN,	/* best run of wins with one detail */
	STORE_BOARD_TITLES,	/* titles earned */
	STORE_BOARD_LOSSES,	/* fewest losses per game */
	STORE_BOARD_SAFE,	/* best run of games without losing */
	STORE_BOARD_LIAR,	/* most lies got away with per game */
	STORE_BOARD_DETECTOR,	/* best share of calls right */
	STORE_BOARD_RATING,	/* best rating of one variant */
	STORE_BOARD_SOLO,	/* best solo rating of one variant */
};

struct store_top_row {
	char nick[64];
	int value;		/* the board's figure (the losses board's:
				 * the losses; the liar board's: the lies
				 * that got away; the detector board's: the
				 * right calls) */
	int games;		/* the bluff boards': the games with a
				 * ledger */
	int wins;		/* the bluff boards': won of those games */
	int calls;		/* the bluff boards': the calls made; 0 on
				 * the others */
	double mu, sigma;	/* the rating and solo boards': the
				 * rating; 0 on the others */
	double ordinal;		/* the rating and solo boards': mu - 3
				 * sigma, rating_ordinal(); 0 on the
				 * others */
};

/* The top max rows of a board for variant (NULL: all), best first; the
 * row count, or -1 and *cause.  The losses board ranks the players with
 * at least min_games games by losses per game, the fewest first, ties
 * broken by more games then nick.  The two bluff boards read the ledgers
 * of the games that count (those store_bluffs() sums): the liar board
 * ranks the players with at least min_games games with a ledger and a lie
 * that got away by lies away per such game, the most first; the detector
 * board ranks those with at least min_games calls (and one at least) by
 * right calls per call, the best first; either breaks ties by more games
 * (the liar board) or more calls (the detector) then nick.  The rating
 * board needs a variant (NULL is refused: ratings of different variants
 * are not comparable); it ranks the players with at least
 * store_rating_provisional() rated games of it (min_games is ignored) by
 * their ordinal, mu - 3 sigma, the highest first, ties broken by more
 * games then nick; its rows' value is 0 and games the rated games.  The
 * solo board is the same of the solo ratings (store_solo_rating()), the
 * same threshold and ties.  Every
 * other board leaves out players whose figure is 0 and ranks the highest
 * first, ties broken by fewer games then nick; it ignores min_games.  No
 * AI player is on any board. */
int store_top(struct store *s, const char *variant, enum store_board board,
    int min_games, struct store_top_row *rows, int max, char **cause);

/* The rated games a player needs before their rating is established
 * (STORE_PROVISIONAL until set; 0 or more): fewer, and the rating is
 * provisional, on no rating board (store_top(), store_rating()'s rank),
 * the solo ladder's alike. */
#define STORE_PROVISIONAL 10
void store_rating_provisional(struct store *s, int games);

/* Seasons (docs/league.md): the bot counts them from its clock and
 * league.season (bot/lib/calendar.h: 1 or more, 0 when they are off); a
 * database numbers them from the first it recorded.  Each game finished
 * after this call ends in season, as the bot counts it (0: none
 * recorded), until it is called again: it records the season's number,
 * and the first game to record one makes season the database's Season 1
 * (storage/season.c). */
void store_season(struct store *s, int64_t season);

/* The bot's count of the database's Season 1 into *first: 0, or 1 when
 * no game recorded a season yet (*first unchanged), -1 and *cause.  A
 * read: a read-only store (the stats page) reads it too. */
int store_season_first(struct store *s, int64_t *first, char **cause);

/* The database's number of the season the bot counts as count, the
 * database's Season 1 being the one it counts as first (0: none yet, so
 * the season now is the first): count - first + 1, at least 1; 0 for
 * count 0 (seasons off).  Every season number the bot shows or asks for
 * is this one. */
int64_t store_season_number(int64_t count, int64_t first);
/* The bot's count of the database's season number (1 or more), its
 * Season 1 being the one the bot counts as first (1 or more). */
int64_t store_season_count(int64_t number, int64_t first);

/* store_top() for one season (1 or more): the wins, games, titles and
 * losses boards and the two bluff boards (min_games as there), summed
 * over the games of variant (NULL: all) that ended in season and count,
 * the titles those games earned; the same order and ties.  The streak,
 * run and safe boards span seasons and the rating and solo boards are
 * all-time: they are refused, as is a season below 1 (-1 and *cause). */
int store_top_season(struct store *s, const char *variant,
    enum store_board board, int64_t season, int min_games,
    struct store_top_row *rows, int max, char **cause);

/* A channel and a variant with a finished game in a season. */
struct store_season_played {
	char channel[64];
	char variant[32];
};

/* Every channel and variant with a game finished in season (a number,
 * as every season below is), ordered by
 * channel (case-insensitive) then variant, at most max of them into
 * rows; their count (all of them, like snprintf), or -1 and *cause. */
int store_season_played(struct store *s, int64_t season,
    struct store_season_played *rows, int max, char **cause);

/* Marks the end of season as announced in channel (case-insensitive),
 * kept across restarts: 0 when newly marked, 1 when it was already, -1
 * and *cause. */
int store_season_mark(struct store *s, int64_t season, const char *channel,
    char **cause);

/* A player's rating of one variant. */
struct store_rating {
	char nick[64];		/* as last seen */
	double mu, sigma;	/* the belief in their skill */
	double ordinal;		/* mu - 3 sigma, rating_ordinal(): what the
				 * board ranks by */
	int games;		/* the games that rated them */
	int provisional;	/* 1: fewer games than
				 * store_rating_provisional() asks, so on no
				 * board: "provisional: 4 of 10 games" */
	int rank;		/* their place on the board, 0 if not on it
				 * (provisional, or an AI) */
};

/* The rating of variant (never NULL) of the player found by nick (as
 * store_stats() finds one) into r: 0, 1 if no such player or no rated
 * game of variant, -1 and *cause. */
int store_rating(struct store *s, const char *nick, const char *variant,
    struct store_rating *r, char **cause);

/* The same of the player's solo rating (the solo ladder; rank on the
 * solo board): 0, 1 if no such player or no solo game of variant, -1
 * and *cause. */
int store_solo_rating(struct store *s, const char *nick, const char *variant,
    struct store_rating *r, char **cause);

/* The sums of the ledgers of the player found by nick (as store_stats()
 * finds one) over their finished games of variant (NULL: all) that count
 * (a game with an AI seat not counted in the stats is left out; an AI
 * player's are every finished game of its own, counted or not), into b;
 * b->games is the number of those games with a ledger.  0, 1 if no such
 * player, -1 and *cause. */
int store_bluffs(struct store *s, const char *nick, const char *variant,
    struct store_bluffs *b, char **cause);

/* The same over their finished games of variant (NULL: all) with an AI
 * seat, those of the solo ladder, whatever store_count_ai() said: 0, 1
 * if no such player, -1 and *cause. */
int store_solo_bluffs(struct store *s, const char *nick, const char *variant,
    struct store_bluffs *b, char **cause);

/* The same for the player with id player, over every finished game of
 * variant (NULL: all) with a ledger, those with AI seats included (what
 * an AI knows of an opponent's habits).  0, 1 if no such player, -1 and
 * *cause. */
int store_bluffs_player(struct store *s, int64_t player, const char *variant,
    struct store_bluffs *b, char **cause);

/* One game as a history lists it. */
struct store_history_row {
	int64_t id;
	char variant[32];
	char channel[64];
	char state[12];		/* "running", "finished" or "abandoned" */
	int64_t started, ended;	/* unix seconds; ended 0 while running */
	int nseats;
	int place, won, lost;	/* the player's result (struct
				 * store_seat_result); 0 when the game has
				 * none for them, and in a channel's
				 * history */
};

/* The games of the player found by nick (as store_stats() finds one),
 * when nick is not NULL (channel is then ignored), else those begun in
 * channel (case-insensitive, as store_deals() counts them), whatever their
 * state, the most recently begun first, at most max of them into rows.
 * The row count (0: none, or no such player), or -1 and *cause (nick and
 * channel both NULL). */
int store_history(struct store *s, const char *nick, const char *channel,
    struct store_history_row *rows, int max, char **cause);

/* The state of game ("running", "finished" or "abandoned") into state
 * (size bytes): 0, 1 if there is no such game, -1 and *cause. */
int store_game_state(struct store *s, int64_t game, char *state, size_t size,
    char **cause);

/* One title of one variant as a player holds it. */
struct store_title_row {
	char variant[32];
	char name[32];		/* the rule's name ("excellent") or the
				 * bluff title's ("pokerface") */
	int count;		/* times earned */
	int best_run;		/* the longest run that earned it (0 for a
				 * bluff title) */
	int64_t first, last;	/* when first and last earned, unix seconds */
	int solo;		/* 1: a title of the solo ladder
				 * (storage/solo.h) */
};

/* The titles of the player found by nick (as store_stats() finds one) of
 * variant (NULL: every variant), one row per variant and title, ordered by
 * variant, then the league's before the solo ladder's, then by when first
 * earned, at most max of them into rows.
 * The player's nick as last seen goes to shown (size bytes), "" when no
 * player has that nick.  The row count (0: no titles, or no such player),
 * or -1 and *cause. */
int store_titles(struct store *s, const char *nick, const char *variant,
    struct store_title_row *rows, int max, char *shown, size_t size,
    char **cause);

/* The ignore list: masks nick!user@host (with * and ?) whose commands the
 * bot does not answer (!ignore), compared without regard to case. */
/* Adds mask, added by the nick by: 0, 1 if it was there already, -1 and
 * *cause. */
int store_ignore_add(struct store *s, const char *mask, const char *by,
    char **cause);
/* Removes mask: 0, 1 if it was not there, -1 and *cause. */
int store_ignore_remove(struct store *s, const char *mask, char **cause);
/* Every mask, oldest first, in a new array *masks of new strings (the
 * caller frees each and the array); the count, or -1 and *cause. */
int store_ignores(struct store *s, char ***masks, char **cause);

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
	char *salt;		/* the deal key's salt, NULL when none */
	char *state;		/* "running", "finished" or "abandoned" */
	int64_t started, ended;	/* unix seconds; ended 0 while running */
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
/* ... of channel alone (its name in any case), or of every channel with
 * channel NULL. */
int store_running_in(struct store *s, const char *channel, int64_t **ids,
    char **cause);

/* Loads a game with its seats and its whole move log; a new struct that
 * the caller frees with store_game_free(), or NULL and *cause. */
struct store_game *store_game_load(struct store *s, int64_t game,
    char **cause);
/* Frees a loaded game; NULL does nothing. */
void store_game_free(struct store_game *g);

/* What store_prune() did. */
struct store_prune {
	int64_t games;		/* games whose move log was dropped */
	int64_t moves;		/* moves dropped */
	int64_t freed;		/* bytes: by how much the file shrank when
				 * vacuumed, else the pages now free inside
				 * it (new records reuse them); -1 on
				 * PostgreSQL, whose autovacuum frees the
				 * space for new rows later */
	int vacuumed;
};

/* Drops the move log of every game that ended (finished or abandoned)
 * before the unix second before, and marks each game pruned: its results,
 * ledgers, titles, ratings and stats stay, but store_game_load() refuses
 * it ("the moves of game 7 were pruned on 2026-05-01 (cheaterbot
 * --prune)"), so it can no longer be replayed.  Runs in transactions of
 * a few games, so a bot writing the database meanwhile is held up
 * briefly.  With vacuum (only when no bot runs on the file: VACUUM holds
 * the write lock while it copies the whole file), the file is then
 * compacted and shrinks.  0 and *p, or -1 and *cause (the batches
 * committed before stay pruned). */
int store_prune(struct store *s, int64_t before, int vacuum,
    struct store_prune *p, char **cause);

/* Makes this process the only bot of the database (SQLite) or of its
 * network in the database (PostgreSQL).
 *
 * SQLite: an exclusive lock on the file next to it, FILE-lock, held until
 * store_close() (the kernel drops it if the process dies, kill -9
 * included), with the holder's pid written in it.  0, or -1 and *cause,
 * e.g. "database './x.db' is in use by another cheaterbot (pid 1234)".
 * Claiming again through the same store does nothing; through another
 * store of the same process it is refused (record locks belong to the
 * process, so closing that store would end the first one's claim).  A
 * database in memory needs no claim: 0.  The process must not open and
 * close FILE-lock itself while it holds the claim: closing any descriptor
 * of it ends the lock.
 *
 * PostgreSQL: the server's lock on the network of store_set_network()
 * (claim-net.c), held by the store's connection until it ends, which the
 * server sees when the process dies however it dies.  0; 1 and *cause
 * ("network 'x' of database '...' is run by another cheaterbot") when
 * another bot holds it, to wait and claim again; or -1 and *cause. */
int store_claim(struct store *s, char **cause);

/* Whether the claim store_claim() took is held still: 0 (also when there
 * is none, and always on SQLite, whose file lock the kernel keeps), or
 * -1 and *cause when the server says it is not, or cannot be asked (the
 * connection lost, and the lock with it): another bot of the network may
 * run its games now, so this one must stop. */
int store_claim_held(struct store *s, char **cause);

/*
 * Several bots of one network (PostgreSQL; claim-net.c, docs/storage.md,
 * Several bots of one network).  A bot claims its network shared with
 * the network's other bots (store_claim_bot()), so that any number run
 * together and an offline tool's store_claim(), alone, waits for them
 * all; then it claims channels, one bot a channel: the server's lock of
 * the network's channel, held by the store's connection until it lets it
 * go or ends.  Each bot names itself by its nick for the others to read
 * (store_dealers()).  None of this is for SQLite, whose file has one
 * bot: store_shares_chans() says 0 there, and the calls below fail.
 */

/* Whether the bots of this database share a network's channels: a
 * league's database (PostgreSQL). */
int store_shares_chans(const struct store *s);

/* The bot's claim on its network, shared with the network's other bots,
 * as the dealer nick: 0; 1 and *cause when an offline tool holds the
 * network alone (store_claim()), to wait and claim again; -1 and *cause.
 * On SQLite, store_claim(). */
int store_claim_bot(struct store *s, const char *nick, char **cause);

/* Names the bot the others see as dealer nick (its nick changed): 0, or
 * -1 and *cause. */
int store_dealer_name(struct store *s, const char *nick, char **cause);

/* Claims channel chan of the network for this bot: 1 when taken (or
 * held already), 0 when another bot deals it, -1 and *cause.  The
 * channel's name is folded as IRC folds it (RFC 1459: A-Z and []\~ as
 * a-z and {}|^). */
int store_chan_claim(struct store *s, const char *chan, char **cause);

/* Lets chan go, for another bot to claim: 0, or -1 and *cause. */
int store_chan_release(struct store *s, const char *chan, char **cause);

/* Who deals what now, among nchans channels chans of the network: the
 * bots running (holding the network's claim shared, or a channel), by
 * their names, and each channel's dealer. */
struct store_dealers {
	int nbots;
	char (*nicks)[64];	/* each bot's dealer nick, nbots of them */
	int *held;		/* how many of chans each one deals */
	int self;		/* this bot's index; -1 when its claim on the
				 * network is not held */
	int *dealer;		/* each channel's dealer, an index into the
				 * above, or -1 when nobody deals it */
};

/* Reads d (emptied first; store_dealers_free() empties it): 0, or -1 and
 * *cause. */
int store_dealers(struct store *s, const char *const *chans, int nchans,
    struct store_dealers *d, char **cause);
void store_dealers_free(struct store_dealers *d);

/* Whether the database is a file (SQLite), which a backup copies and a
 * prune compacts, or a server's (PostgreSQL), which its own tools do:
 * pg_dump, autovacuum (docs/storage.md). */
int store_has_file(const struct store *s);

/* The rows store_copy() copied, per table in its order (players, prefs,
 * games, game_players, moves, results, stats, titles, ignores, bluffs,
 * ratings, rating_history, season_announced, season_first, solo,
 * solo_history, solo_titles), and the three that say most. */
#define STORE_COPY_TABLES 17
struct store_copied {
	int64_t rows[STORE_COPY_TABLES];
	int64_t players, games, moves;
};

/* Copies every record of src (read in one snapshot) into dst, a new
 * database with no player or game yet, of either engine, in one
 * transaction: ids and every column as they are, dst's new ids going on
 * after them.  With network (not NULL or ""), the rows of no network
 * (those of a bot that named none) become that network's, their players'
 * keys stored as that network's bot stores them (store_set_network()):
 * a bot's SQLite records moved into a league (docs/storage.md, Moving
 * into a league).  0 and *n, or -1 and *cause, dst left as it was. */
int store_copy(struct store *src, struct store *dst, const char *network,
    struct store_copied *n, char **cause);

/* Writes a consistent copy of the live database (other processes may be
 * writing it) to the new file dest, which must not exist; 0, or -1 and
 * *cause (no partial copy is left behind).  The copy holds every
 * transaction committed before it began and none after.  dest is a file
 * name, never a URI. */
int store_backup(struct store *s, const char *dest, char **cause);

/* PRAGMA integrity_check: 0 when it says ok, else -1 and *cause with its
 * first complaint. */
int store_check(struct store *s, char **cause);

/* The stats page's reads (bot/export.c), in storage/export.c. */

/* A person on the stats page. */
struct store_export_player {
	int64_t id;
	char nick[64];		/* as last seen */
	char key[96];
	int games;		/* finished games they sat in */
};

/* Every player with a finished game, AI players left out, one per nick
 * (case-insensitive: the most recently seen, the one store_stats() finds
 * by it), ordered by nick, in a new array *rows the caller frees; the
 * count, or -1 and *cause. */
int store_export_players(struct store *s, struct store_export_player **rows,
    char **cause);

/* A player's rating of one variant after one game. */
struct store_export_point {
	int64_t game;
	double mu, sigma;
	int64_t ended;		/* when the game ended, unix seconds */
};

/* The rating history of variant of the player with id player (with
 * solo, of their solo rating), one point per game that rated them, the
 * oldest first, in a new array *points the caller frees (NULL when there
 * are none); the count, or -1 and *cause. */
int store_export_ratings(struct store *s, int64_t player, const char *variant,
    int solo, struct store_export_point **points, char **cause);

/* Room for a day written "2024-05-01" and its NUL. */
#define STORE_DATE_SIZE 11

/* The games finished on one day. */
struct store_export_day {
	char date[STORE_DATE_SIZE]; /* "2024-05-01", UTC */
	int games;
};

/* The games finished since the unix second since, per UTC day, only the
 * days with a game, the oldest first, at most max of them into rows; the
 * row count, or -1 and *cause. */
int store_export_days(struct store *s, int64_t since,
    struct store_export_day *rows, int max, char **cause);

/* The ids of the max most recently ended finished games, the most recent
 * first, into ids; the count, or -1 and *cause. */
int store_export_recent(struct store *s, int64_t *ids, int max,
    char **cause);

/* How many games of variant have finished, those with AI seats
 * included: 0 and *games, or -1 and *cause. */
int store_export_games(struct store *s, const char *variant, int *games,
    char **cause);

/* One seat's result of a finished game, as the stats page tells it. */
struct store_export_result {
	int place;		/* 1 = first, 0 = left the game */
	int won;		/* a winner (none in a game played for a loser,
				 * nor by forfeit) */
	int lost;		/* the loser of a game played for one */
	int forfeit;		/* the one seat placed: every other left */
};

/* The results of game into rows[seat] for each of its seats, rows
 * holding max (those of seats it has no result for, and all of them for
 * a game not finished, are zero): the number of results read, or -1
 * and *cause (a seat of max or more). */
int store_export_results(struct store *s, int64_t game,
    struct store_export_result *rows, int max, char **cause);

/* A title as the stats page lists it. */
struct store_export_title {
	char nick[64];		/* the holder, as last seen */
	char name[32];		/* stored name: "excellent", "pokerface" */
	int64_t at;		/* when earned, unix seconds */
	int run;		/* the run that earned it (0 for a bluff
				 * title) */
};

/* The titles earned in variant, the most recent first, AI players left
 * out, at most max of them into rows; the row count, or -1 and
 * *cause. */
int store_export_titles(struct store *s, const char *variant,
    struct store_export_title *rows, int max, char **cause);

#endif
