/*
 * The text of every statement the storage code runs (store_sql[]), with
 * the macros that write the same SQL in several of them; the tables they
 * read are made by the migrations (migrate.c).  docs/storage.md
 * describes every table.
 */
#include "store-int.h"

/* clang-format off */

/* The greater of a and b, two string literals of SQL that are not NULL:
 * SQLite's two-argument max() is PostgreSQL's GREATEST(), which SQLite
 * lacks, and a CASE is both's.  Each is written twice in the text. */
#define STORE_MAX(a, b) "(CASE WHEN " a " > " b " THEN " a " ELSE " b " END)"

/* SQL_STATS_ADD's SET, where ?8 is set for a win by forfeit: that game
 * changes no streak or run, so each of them keeps its value. */

/* A row's streak after a game: a win makes it one longer, anything else
 * ends it. */
#define STORE_STATS_STREAK                                                     \
	"(CASE WHEN ?8 <> 0 THEN stats.streak WHEN excluded.wins <> 0"               \
	" THEN stats.streak + 1 ELSE 0 END)"

/* A row's run after a game: a win with the run's own detail makes it one
 * longer, a win with another detail starts a new run, anything else ends
 * it.  A win without a detail is in no run: two of them are not "two in
 * the same suit".  The row's columns are named with the table's name:
 * PostgreSQL takes a bare name beside excluded's for ambiguous. */
#define STORE_STATS_RUN                                                        \
	"(CASE WHEN ?8 <> 0 THEN stats.run"                                          \
	" WHEN excluded.wins = 0 OR excluded.run_detail IS NULL THEN 0"       \
	" WHEN stats.run_detail = excluded.run_detail THEN stats.run + 1 ELSE 1 END)"

/* A row's run without losing after a game: a game neither lost nor left
 * makes it one longer, anything else ends it. */
#define STORE_STATS_SAFE                                                       \
	"(CASE WHEN ?8 <> 0 THEN stats.safe"                                   \
	" WHEN excluded.safe <> 0 THEN stats.safe + 1"                         \
	" ELSE 0 END)"

/* A player as boards and answers show them, from a row of players named
 * alias (a string literal): their nick, and "@network" after it when they
 * play on another network than the store's own, the parameter net (a
 * string literal, "?N"), so that two networks' "alice" are told apart.
 * Both strings are written in the text more than once. */
#define STORE_SHOWN(alias, net)                                                \
	"(CASE WHEN " alias ".network = '' OR " alias ".network = " net       \
	" THEN " alias ".nick ELSE " alias ".nick || '@' || " alias            \
	".network END)"

/* A player's key as the bot made it, from a row of players named alias
 * (a string literal): the stored key without the "network/" the store
 * put before it (store_key()). */
#define STORE_BARE_KEY(alias)                                                  \
	"(CASE WHEN " alias ".network = '' THEN " alias ".key"                \
	" ELSE substr(" alias ".key, length(" alias ".network) + 2) END)"

/* The end of a player's lookup by nick (the WHERE has nick = ?1): of the
 * network the parameter want names, unless it is '' (store_nick_split():
 * "alice@oftc" is alice of oftc); then the most recently seen of that
 * nick on the store's own network, the parameter net, or if none plays
 * there, anywhere.  Both are string literals, "?N". */
#define STORE_BY_NICK(net, want)                                               \
	" AND (" want " = '' OR network = " want ")"                          \
	" ORDER BY CASE WHEN network = " net " THEN 0 ELSE 1 END,"             \
	" last_seen DESC, id DESC LIMIT 1"

/* The statements the two ladders share (docs/league.md): the league's
 * ratings and the solo ladder's, each read from its own tables, named
 * here (string literals): table the ratings (player, variant, mu,
 * sigma, games), history the rating after each game.  The board is of
 * one variant, by the ordinal (mu - 3 sigma, rating_ordinal()) highest
 * first, ties to more games then nick, the players with fewer rated
 * games than the threshold and the AI players left out. */

/* ?1 game, ?2 player, ?3 variant, ?4 mu, ?5 sigma. */
#define STORE_RATING_HISTORY(history)                                          \
	"INSERT INTO " history " (game, player, variant, mu, sigma)"           \
	" VALUES (?1, ?2, ?3, ?4, ?5)"

/* ?1 nick, ?2 variant, ?3 the rated games the board needs, ?4 network,
 * ?5 the nick's network or '': the player of that nick (STORE_BY_NICK),
 * their rating of the variant, and their place on its board (NULL when
 * not on it), numbered in STORE_TOP_RATING's order. */
#define STORE_RATING_GET(table)                                                \
	"SELECT " STORE_SHOWN("p", "?4") ", r.mu, r.sigma, r.games, b.rank"    \
	" FROM (SELECT id, nick, network FROM players"                         \
	"   WHERE nick = ?1 COLLATE NOCASE"                                    \
	STORE_BY_NICK("?4", "?5") ") AS p"                                     \
	" JOIN " table " AS r ON r.player = p.id AND r.variant = ?2"           \
	" LEFT JOIN (SELECT o.player, row_number() OVER (ORDER BY"             \
	"   o.mu - 3 * o.sigma DESC, o.games DESC, q.nick COLLATE NOCASE,"     \
	"   q.id) AS rank"                                                     \
	"  FROM " table " AS o JOIN players AS q ON q.id = o.player"           \
	"  WHERE o.variant = ?2 AND o.games >= ?3"                             \
	"   AND q.key NOT LIKE 'ai:%') AS b ON b.player = p.id"

/* ?1 variant, ?2 the rated games a player needs, ?3 rows, ?4 network
 * (the players shown, STORE_SHOWN): the board, through the table's
 * variant index. */
#define STORE_TOP_RATING(table)                                                \
	"SELECT " STORE_SHOWN("q", "?4") ", o.mu, o.sigma, o.games"            \
	" FROM " table " AS o JOIN players AS q ON q.id = o.player"            \
	" WHERE o.variant = ?1 AND o.games >= ?2"                              \
	"  AND q.key NOT LIKE 'ai:%'"                                          \
	" ORDER BY o.mu - 3 * o.sigma DESC, o.games DESC,"                     \
	"  q.nick COLLATE NOCASE, q.id"                                        \
	" LIMIT ?3"

/* ?1 player, ?2 variant: their rating after each game that rated them,
 * oldest first, through the history's player index. */
#define STORE_EXPORT_RATINGS(history)                                          \
	"SELECT h.game, h.mu, h.sigma, coalesce(g.ended, 0)"                   \
	" FROM " history " AS h JOIN games AS g ON g.id = h.game"              \
	" WHERE h.player = ?1 AND h.variant = ?2 ORDER BY h.game"

/* The count and sums of a player's ledgers (bluffs rows b), for
 * store_bluffs_read(). */
#define STORE_BLUFFS_SUMS                                                      \
	"count(b.game),"                                                       \
	" coalesce(sum(b.claims), 0), coalesce(sum(b.lies), 0),"               \
	" coalesce(sum(b.caught), 0), coalesce(sum(b.away), 0),"               \
	" coalesce(sum(b.accused), 0), coalesce(sum(b.calls), 0),"             \
	" coalesce(sum(b.right), 0), coalesce(sum(b.wrong), 0),"               \
	" coalesce(sum(b.chances), 0)"

/* ?1 nick, ?2 variant or the marker, ?3 network, ?4 the nick's network
 * or '': the player of that nick (STORE_BY_NICK, as p, with its key)
 * with the sums of their ledgers of the finished games that pass the
 * condition games (a string literal), through bluffs_player. */
#define STORE_BLUFFS_GET(games)                                                \
	"SELECT " STORE_BLUFFS_SUMS                                            \
	" FROM (SELECT id, key FROM players WHERE nick = ?1 COLLATE NOCASE"    \
	"  " STORE_BY_NICK("?3", "?4") ") AS p"                                \
	" LEFT JOIN bluffs AS b ON b.player = p.id"                            \
	"  AND (SELECT state = 'finished' AND " games                          \
	"   AND (?2 = '' OR variant = ?2) FROM games WHERE id = b.game)"       \
	" GROUP BY p.id"

/* A solo row's wins in a row after a game (SQL_SOLO_SET, ?7 a
 * forfeit): a win makes it one longer, a forfeit keeps it, anything
 * else ends it. */
#define STORE_SOLO_STREAK                                                      \
	"(CASE WHEN ?7 <> 0 THEN solo.streak WHEN excluded.wins <> 0"          \
	" THEN solo.streak + 1 ELSE 0 END)"

/* A parameter that is an integer where nothing else in the statement
 * says so (selected into a column, not compared with one): PostgreSQL
 * types a parameter by its first use and would take it for text.  A
 * string literal of SQL; SQLite reads the CAST as INTEGER. */
#define STORE_INT(p) "CAST(" p " AS BIGINT)"

const char *const store_sql[SQL_COUNT] = {
	/* ?1 key (store_key()), ?2 nick, ?3 now, ?4 network; the player's
	 * id. */
	[SQL_PLAYER_UPSERT] = "INSERT INTO players"
	    " (key, nick, network, first_seen, last_seen)"
	    " VALUES (?1, ?2, ?4, ?3, ?3)"
	    " ON CONFLICT (key) DO UPDATE"
	    " SET nick = excluded.nick, last_seen = excluded.last_seen"
	    " RETURNING id",
	/* ?1 key; the player's id. */
	[SQL_PLAYER_FIND] = "SELECT id FROM players WHERE key = ?1",
	/* ?1 nick, ?2 network, ?3 the nick's network or '' (STORE_BY_NICK):
	 * the player of that nick, their id and their nick as shown. */
	[SQL_PLAYER_NAMED] = "SELECT id, " STORE_SHOWN("p", "?2")
	    " FROM players AS p"
	    " WHERE nick = ?1 COLLATE NOCASE" STORE_BY_NICK("?2", "?3"),
	/* ?1 player, ?2 name (, ?3 value). */
	[SQL_PREF_GET] = "SELECT value FROM prefs"
	    " WHERE player = ?1 AND name = ?2",
	[SQL_PREF_SET] = "INSERT INTO prefs (player, name, value)"
	    " VALUES (?1, ?2, ?3)"
	    " ON CONFLICT (player, name) DO UPDATE SET value = excluded.value",
	/* ?1 name, ?2 all, ?3 network: the keys (the bot's, without the
	 * network) of the network's players whose ?1 is 1, or whose ?2 is 1
	 * and ?1 not 0 (the prefs table's key is (player, name), so the
	 * lookup of ?1 beside ?2 is an index's). */
	[SQL_PREF_PLAYERS] = "SELECT DISTINCT " STORE_BARE_KEY("p") " FROM prefs f"
	    " JOIN players p ON p.id = f.player"
	    " WHERE p.network = ?3 AND f.value = 1 AND (f.name = ?1 OR (f.name = ?2"
	    " AND NOT EXISTS (SELECT 1 FROM prefs g WHERE g.player = f.player"
	    " AND g.name = ?1 AND g.value = 0)))"
	    " ORDER BY 1",

	/* ?1 variant, ?2 channel, ?3 options, ?4 seed, ?5 dealer, ?6 salt,
	 * ?7 now, ?8 network; the game's id. */
	[SQL_GAME_INSERT] = "INSERT INTO games"
	    " (variant, channel, options, seed, dealer, salt, started, network)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id",
	/* ?1 game, ?2 seat, ?3 player, ?4 ident. */
	[SQL_SEAT_INSERT] = "INSERT INTO game_players"
	    " (game, seat, player, ident) VALUES (?1, ?2, ?3, ?4)",
	/* ?1 channel, ?2 network: the games ever dealt there. */
	[SQL_DEALS] = "SELECT count(*) FROM games"
	    " WHERE network = ?2 AND channel = ?1 COLLATE NOCASE",
	/* ?1 game; its state, seat count and next move number. */
	[SQL_GAME_STATE] = "SELECT state,"
	    " (SELECT count(*) FROM game_players WHERE game = g.id),"
	    " (SELECT coalesce(max(n) + 1, 0) FROM moves WHERE game = g.id)"
	    " FROM games AS g WHERE id = ?1",
	/* ?1 game, ?2 new state, ?3 why, ?4 now. */
	[SQL_GAME_END] = "UPDATE games"
	    " SET state = ?2, ended = ?4, why = ?3"
	    " WHERE id = ?1 AND state = 'running'",
	/* ?1 game, ?2 n, ?3 seat, ?4 text, ?5 now. */
	[SQL_MOVE_INSERT] = "INSERT INTO moves (game, n, seat, text, at)"
	    " VALUES (?1, ?2, ?3, ?4, ?5)",

	/* ?1 game, ?2 seat, ?3 place, ?4 won, ?5 lost, ?6 points, ?7 detail;
	 * the seat's player. */
	[SQL_RESULT_INSERT] = "INSERT INTO results"
	    " (game, seat, player, place, won, lost, points, detail, forfeit)"
	    " SELECT game, seat, player, " STORE_INT("?3") ","
	    "  " STORE_INT("?4") ", " STORE_INT("?5") ", " STORE_INT("?6") ","
	    "  ?7, " STORE_INT("?8")
	    " FROM game_players WHERE game = ?1 AND seat = ?2"
	    " RETURNING player",
	/* ?1 player, ?2 game, ?3 won, ?4 lost, ?5 the all-variants marker,
	 * ?6 the seat's detail, ?7 its place (0: left), ?8 a win by
	 * forfeit: one finished game on the rows of its variant and of all
	 * variants; each row's variant, streak and run after it.  In SET,
	 * the bare columns are the values before the update; a new row of
	 * a forfeit starts with every streak and run at 0. */
	[SQL_STATS_ADD] = "INSERT INTO stats"
	    " (player, variant, games, wins, losses, streak, best_streak,"
	    "  run, run_detail, best_run, best_run_detail, safe, best_safe)"
	    " SELECT " STORE_INT("?1") ", v, 1, " STORE_INT("?3") ","
	    "  " STORE_INT("?4") ", " STORE_INT("?3") ", " STORE_INT("?3") ","
	    "  CASE WHEN d IS NULL THEN 0 ELSE 1"
	    "  END, d, CASE WHEN d IS NULL THEN 0 ELSE 1 END, d, ok, ok FROM"
	    " (SELECT variant AS v FROM games WHERE id = ?2"
	    "  UNION ALL SELECT ?5) AS vs,"
	    " (SELECT CASE WHEN ?3 <> 0 THEN ?6 END AS d,"
	    "  CASE WHEN ?4 = 0 AND ?8 = 0 AND ?7 > 0 THEN 1 ELSE 0 END AS ok)"
	    "  AS x"
	    " WHERE true"
	    " ON CONFLICT (player, variant) DO UPDATE SET"
	    " games = stats.games + 1,"
	    " wins = stats.wins + excluded.wins,"
	    " losses = stats.losses + excluded.losses,"
	    " streak = " STORE_STATS_STREAK ","
	    " best_streak = " STORE_MAX("stats.best_streak", STORE_STATS_STREAK) ","
	    " run = " STORE_STATS_RUN ","
	    " run_detail = CASE WHEN ?8 <> 0 THEN stats.run_detail"
	    "   ELSE excluded.run_detail END,"
	    " best_run = " STORE_MAX("stats.best_run", STORE_STATS_RUN) ","
	    " best_run_detail = CASE WHEN " STORE_STATS_RUN " > stats.best_run"
	    "   THEN excluded.run_detail ELSE stats.best_run_detail END,"
	    " safe = " STORE_STATS_SAFE ","
	    " best_safe = " STORE_MAX("stats.best_safe", STORE_STATS_SAFE)
	    " RETURNING variant, streak, run",
	/* ?1 game: whether a seat of it is an AI's. */
	[SQL_GAME_HAS_AI] = "SELECT CAST(EXISTS (SELECT 1 FROM game_players AS gp"
	    " JOIN players AS p ON p.id = gp.player"
	    " WHERE gp.game = ?1 AND p.key LIKE 'ai:%') AS INTEGER)",
	/* ?1 game, ?2 the number of the season it ended in. */
	[SQL_GAME_SEASON] = "UPDATE games SET season = ?2 WHERE id = ?1",
	/* ?1 the bot's count of a season: the database's Season 1, unless
	 * it has one. */
	[SQL_SEASON_FIRST_ADD] = "INSERT INTO season_first (one, season)"
	    " VALUES (1, ?1) ON CONFLICT (one) DO NOTHING",
	/* The bot's count of the database's Season 1: no row, none yet. */
	[SQL_SEASON_FIRST] = "SELECT season FROM season_first",
	/* ?1 game, ?2 1: counted, 2: not counted. */
	[SQL_GAME_AI] = "UPDATE games SET ai = ?2 WHERE id = ?1",
	/* ?1 nick, ?2 variant or the marker, ?3 network, ?4 the nick's
	 * network or '' (STORE_BY_NICK): the player of that nick; when an
	 * AI's, its own record, every game it finished (counted or not):
	 * how many, won, lost; and whether the player is an AI. */
	[SQL_AI_STATS] = "SELECT " STORE_SHOWN("p", "?3") ", count(r.game),"
	    " coalesce(sum(r.won), 0), coalesce(sum(r.lost), 0),"
	    " CAST(p.key LIKE 'ai:%' AS INTEGER)"
	    " FROM (SELECT id, nick, network, key FROM players"
	    "   WHERE nick = ?1 COLLATE NOCASE"
	    STORE_BY_NICK("?3", "?4") ") AS p"
	    " LEFT JOIN results AS r ON r.player = p.id AND p.key LIKE 'ai:%'"
	    "  AND r.game IN (SELECT id FROM games WHERE ?2 = ''"
	    "   OR variant = ?2)"
	    " GROUP BY p.id, p.nick, p.network, p.key",
	/* ?1 nick, ?2 variant or the marker, ?3 network, ?4 the nick's
	 * network or '' (STORE_BY_NICK): the player of that nick, and the
	 * sums of their solo rows (of one variant, or of all): games, wins,
	 * losses; and the wins in a row now and at best (of one variant). */
	[SQL_SOLO_STATS] = "SELECT " STORE_SHOWN("p", "?3") ","
	    " coalesce(sum(o.games), 0), coalesce(sum(o.wins), 0),"
	    " coalesce(sum(o.losses), 0), coalesce(max(o.streak), 0),"
	    " coalesce(max(o.best_streak), 0)"
	    " FROM (SELECT id, nick, network FROM players"
	    "   WHERE nick = ?1 COLLATE NOCASE"
	    STORE_BY_NICK("?3", "?4") ") AS p"
	    " LEFT JOIN solo AS o ON o.player = p.id"
	    "  AND (?2 = '' OR o.variant = ?2)"
	    " GROUP BY p.id, p.nick, p.network",
	/* ?1 game: each seat in order, its player, whether an AI's, who sat
	 * in it (an AI seat's level), the game's variant, and the player's
	 * solo rating of that variant (NULLs and 0 games when none). */
	[SQL_SOLO_SEATS] = "SELECT gp.player,"
	    " CASE WHEN p.key LIKE 'ai:%' THEN 1 ELSE 0 END, gp.ident,"
	    " g.variant, o.mu, o.sigma, coalesce(o.games, 0)"
	    " FROM game_players AS gp JOIN games AS g ON g.id = gp.game"
	    " JOIN players AS p ON p.id = gp.player"
	    " LEFT JOIN solo AS o ON o.player = gp.player"
	    "  AND o.variant = g.variant"
	    " WHERE gp.game = ?1 ORDER BY gp.seat",
	/* ?1 player, ?2 variant, ?3 mu, ?4 sigma, ?5 a solo win (1 or 0),
	 * ?6 a loss (1 or 0), ?7 a forfeit (1 or 0), ?8 a new row's wins in
	 * a row: one more solo game; its wins in a row after it. */
	[SQL_SOLO_SET] = "INSERT INTO solo (player, variant, mu, sigma,"
	    " games, wins, losses, streak, best_streak)"
	    " VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6, ?8, ?8)"
	    " ON CONFLICT (player, variant) DO UPDATE"
	    " SET mu = excluded.mu, sigma = excluded.sigma,"
	    " games = solo.games + 1, wins = solo.wins + excluded.wins,"
	    " losses = solo.losses + excluded.losses,"
	    " streak = " STORE_SOLO_STREAK ","
	    " best_streak = " STORE_MAX("solo.best_streak", STORE_SOLO_STREAK)
	    " RETURNING streak",
	[SQL_SOLO_HISTORY] = STORE_RATING_HISTORY("solo_history"),
	[SQL_SOLO_GET] = STORE_RATING_GET("solo"),
	[SQL_TOP_SOLO] = STORE_TOP_RATING("solo"),
	/* ?1 player, ?2 game, ?3 title, ?4 now. */
	[SQL_SOLO_TITLE_INSERT] = "INSERT INTO solo_titles"
	    " (player, game, variant, title, at)"
	    " SELECT " STORE_INT("?1") ", " STORE_INT("?2") ", variant, ?3,"
	    "  " STORE_INT("?4")
	    " FROM games WHERE id = ?2",
	/* ?1 player, ?2 game, ?3 title: the times the player has earned
	 * that solo title in the game's variant, through
	 * solo_titles_variant. */
	[SQL_SOLO_TITLE_COUNT] = "SELECT count(*) FROM solo_titles"
	    " WHERE variant = (SELECT variant FROM games WHERE id = ?2)"
	    " AND player = ?1 AND title = ?3",
	/* ?1 game: the first seat whose player and identity disagree on
	 * being an AI (a player "ai:NAME" sits as "ai:LEVEL", a person
	 * never does), with the player's key as the bot made it and the
	 * identity. */
	[SQL_SEATS_AGREE] = "SELECT gp.seat, " STORE_BARE_KEY("p") ", gp.ident"
	    " FROM game_players AS gp JOIN players AS p ON p.id = gp.player"
	    " WHERE gp.game = ?1"
	    " AND CASE WHEN p.key LIKE 'ai:%' THEN 1 ELSE 0 END"
	    "  <> CASE WHEN gp.ident LIKE 'ai:%' THEN 1 ELSE 0 END"
	    " ORDER BY gp.seat LIMIT 1",
	/* ?1 player, ?2 game, ?3 title, ?4 run, ?5 detail, ?6 now. */
	[SQL_TITLE_INSERT] = "INSERT INTO titles"
	    " (player, game, variant, title, run, detail, at)"
	    " SELECT " STORE_INT("?1") ", " STORE_INT("?2") ", variant, ?3,"
	    "  " STORE_INT("?4") ", ?5, " STORE_INT("?6")
	    " FROM games WHERE id = ?2",
	/* ?1 player, ?2 game, ?3 title: the times the player has earned
	 * that title in the game's variant, through titles_variant. */
	[SQL_TITLE_COUNT] = "SELECT count(*) FROM titles"
	    " WHERE variant = (SELECT variant FROM games WHERE id = ?2)"
	    " AND player = ?1 AND title = ?3",
	/* ?1 game, ?2 seat, ?3 ... ?11 claims, lies, caught, away,
	 * accused, calls, right, wrong, chances: the seat's ledger row. */
	[SQL_BLUFFS_INSERT] = "INSERT INTO bluffs"
	    " (game, seat, player, claims, lies, caught, away, accused,"
	    "  calls, \"right\", wrong, chances)"
	    " SELECT game, seat, player, " STORE_INT("?3") ","
	    "  " STORE_INT("?4") ", " STORE_INT("?5") ", " STORE_INT("?6") ","
	    "  " STORE_INT("?7") ", " STORE_INT("?8") ", " STORE_INT("?9") ","
	    "  " STORE_INT("?10") ", " STORE_INT("?11")
	    " FROM game_players WHERE game = ?1 AND seat = ?2",
	/* ?1 game: each seat in order, its player, the game's variant,
	 * and the player's rating of that variant (NULLs and 0 games when
	 * they have none yet). */
	[SQL_RATING_SEATS] = "SELECT gp.player, g.variant, r.mu, r.sigma,"
	    " coalesce(r.games, 0)"
	    " FROM game_players AS gp JOIN games AS g ON g.id = gp.game"
	    " LEFT JOIN ratings AS r ON r.player = gp.player"
	    "  AND r.variant = g.variant"
	    " WHERE gp.game = ?1 ORDER BY gp.seat",
	/* ?1 player, ?2 variant, ?3 mu, ?4 sigma: the rating after one
	 * more game. */
	[SQL_RATING_SET] = "INSERT INTO ratings (player, variant, mu, sigma,"
	    " games) VALUES (?1, ?2, ?3, ?4, 1)"
	    " ON CONFLICT (player, variant) DO UPDATE"
	    " SET mu = excluded.mu, sigma = excluded.sigma,"
	    " games = ratings.games + 1",
	[SQL_RATING_HISTORY] = STORE_RATING_HISTORY("rating_history"),
	[SQL_RATING_GET] = STORE_RATING_GET("ratings"),
	[SQL_TOP_RATING] = STORE_TOP_RATING("ratings"),
	/* ?1 player, ?2 game, ?3 title, ?4 run, ?5 detail: the title row
	 * this run earned grows with it.  It is the player's latest of that
	 * title in the game's variant, if that is one win shorter with the
	 * same detail; a run that earned none (the rule is newer than the
	 * run) changes no older row. */
	[SQL_TITLE_RUN] = "UPDATE titles SET run = ?4"
	    " WHERE (player, game, title) = (SELECT player, game, title"
	    "  FROM titles WHERE player = ?1 AND title = ?3 AND variant ="
	    "   (SELECT variant FROM games WHERE id = ?2)"
	    "  ORDER BY game DESC LIMIT 1)"
	    " AND run = ?4 - 1 AND detail IS NOT DISTINCT FROM ?5",
	/* ?1 nick, ?2 variant or the marker, ?3 network, ?4 the nick's
	 * network or '': the player of that nick (STORE_BY_NICK), with zeros
	 * when they have no row yet, and the
	 * count and sum of the places they finished in (games left have
	 * none; games with an AI seat not counted are left out), read from
	 * their results through results_player. */
	[SQL_STATS_GET] = "SELECT " STORE_SHOWN("p", "?3") ", coalesce(st.games, 0),"
	    " coalesce(st.wins, 0), coalesce(st.losses, 0),"
	    " coalesce(st.streak, 0), coalesce(st.best_streak, 0),"
	    " coalesce(st.run, 0), st.run_detail,"
	    " coalesce(st.best_run, 0), st.best_run_detail,"
	    " coalesce(st.safe, 0), coalesce(st.best_safe, 0),"
	    " count(r.place), coalesce(sum(r.place), 0)"
	    " FROM (SELECT id, nick, network FROM players"
	    "   WHERE nick = ?1 COLLATE NOCASE"
	    STORE_BY_NICK("?3", "?4") ") AS p"
	    " LEFT JOIN stats AS st ON st.player = p.id AND st.variant = ?2"
	    " LEFT JOIN results AS r ON r.player = p.id AND r.place > 0"
	    "  AND (SELECT ai < 2 AND (?2 = '' OR variant = ?2)"
	    "   FROM games WHERE id = r.game)"
	    " GROUP BY p.id, p.nick, p.network, st.player, st.variant",
	/* ?1 variant or the marker, ?2 enum store_board, ?3 rows, ?4 the
	 * games the losses board needs, ?5 network (STORE_SHOWN).  The
	 * titles board counts titles rows, through titles_variant for one
	 * variant.  The losses board (5) ranks everyone with ?4 games by
	 * losses per game, the lowest first and ties to more games; every
	 * other board leaves out a figure of 0 and ranks the highest first,
	 * ties to fewer games.  Equal fractions of small integers divide to
	 * equal doubles, so the rate ties exactly. */
	[SQL_TOP] = "SELECT nick, value, games, wins FROM"
	    " (SELECT " STORE_SHOWN("p", "?5") " AS nick,"
	    " CASE " STORE_INT("?2") " WHEN 0 THEN st.wins WHEN 1 THEN st.best_streak"
	    "   WHEN 2 THEN st.games WHEN 3 THEN st.best_run"
	    "   WHEN 4 THEN CASE WHEN ?1 = '' THEN"
	    "     (SELECT count(*) FROM titles AS t WHERE t.player = st.player)"
	    "   ELSE (SELECT count(*) FROM titles AS t"
	    "     WHERE t.variant = ?1 AND t.player = st.player) END"
	    "   WHEN 5 THEN st.losses WHEN 6 THEN st.best_safe"
	    " END AS value,"
	    " st.games AS games, st.wins AS wins, st.losses AS losses,"
	    " p.id AS id"
	    " FROM stats AS st JOIN players AS p ON p.id = st.player"
	    " WHERE st.variant = ?1 AND p.key NOT LIKE 'ai:%') AS x"
	    " WHERE CASE " STORE_INT("?2") " WHEN 5 THEN games >= ?4"
	    "  ELSE value > 0 END"
	    " ORDER BY"
	    "  CASE " STORE_INT("?2") " WHEN 5 THEN losses * 1.0 / games"
	    "   ELSE -value END,"
	    "  CASE " STORE_INT("?2") " WHEN 5 THEN -games ELSE games END,"
	    "  nick COLLATE NOCASE, id"
	    " LIMIT ?3",
	/* ?1 variant or the marker, ?2 enum store_board (7 liar, 8
	 * detector), ?3 rows, ?4 the games (liar) or calls (detector) a
	 * player needs, ?5 a season or 0 (all time), ?6 network: the sums
	 * of each person's ledgers of the games that count (of that
	 * season), ranked by lies away per game or right calls per call,
	 * the highest first, ties to more games or calls.  As in SQL_TOP,
	 * equal fractions tie exactly. */
	[SQL_TOP_BLUFFS] = "SELECT " STORE_SHOWN("p", "?6") ","
	    " CASE " STORE_INT("?2") " WHEN 7 THEN sum(b.away) ELSE sum(b.right) END,"
	    " count(*) AS played, coalesce(sum(r.won), 0),"
	    " sum(b.calls) AS called"
	    " FROM bluffs AS b JOIN games AS g ON g.id = b.game"
	    " JOIN players AS p ON p.id = b.player"
	    " LEFT JOIN results AS r ON r.game = b.game AND r.seat = b.seat"
	    " WHERE g.ai < 2 AND (?1 = '' OR g.variant = ?1)"
	    "  AND (?5 = 0 OR g.season = ?5)"
	    "  AND p.key NOT LIKE 'ai:%'"
	    " GROUP BY p.id"
	    " HAVING CASE " STORE_INT("?2") " WHEN 7"
	    "  THEN count(*) >= ?4 AND sum(b.away) > 0"
	    "  ELSE sum(b.calls) >= " STORE_MAX("?4", "1") " END"
	    " ORDER BY"
	    "  CASE " STORE_INT("?2") " WHEN 7 THEN -(sum(b.away) * 1.0 / count(*))"
	    "   ELSE -(sum(b.right) * 1.0 / sum(b.calls)) END,"
	    "  CASE " STORE_INT("?2") " WHEN 7 THEN -count(*) ELSE -sum(b.calls) END,"
	    "  p.nick COLLATE NOCASE, p.id"
	    " LIMIT ?3",
	/* ?1 variant or the marker, ?2 enum store_board (0 wins, 2 games,
	 * 4 titles, 5 losses), ?3 rows, ?4 the games the losses board
	 * needs, ?5 the season, ?6 network: SQL_TOP's boards summed from
	 * the results of the season's games that count, through
	 * games_season. */
	[SQL_TOP_SEASON] = "SELECT nick, value, played, won FROM"
	    " (SELECT " STORE_SHOWN("p", "?6") " AS nick,"
	    " CASE " STORE_INT("?2") " WHEN 0 THEN sum(r.won) WHEN 2 THEN count(*)"
	    "   WHEN 4 THEN (SELECT count(*) FROM titles AS t"
	    "     JOIN games AS tg ON tg.id = t.game"
	    "     WHERE t.player = p.id AND tg.season = ?5"
	    "      AND (?1 = '' OR tg.variant = ?1))"
	    "   WHEN 5 THEN sum(r.lost)"
	    " END AS value,"
	    " count(*) AS played, sum(r.won) AS won, p.id AS id"
	    " FROM games AS g JOIN results AS r ON r.game = g.id"
	    " JOIN players AS p ON p.id = r.player"
	    " WHERE g.season = ?5 AND (?1 = '' OR g.variant = ?1)"
	    "  AND g.ai < 2 AND p.key NOT LIKE 'ai:%'"
	    " GROUP BY p.id) AS x"
	    " WHERE CASE " STORE_INT("?2") " WHEN 5 THEN played >= ?4"
	    "  ELSE value > 0 END"
	    " ORDER BY"
	    "  CASE " STORE_INT("?2") " WHEN 5 THEN value * 1.0 / played"
	    "   ELSE -value END,"
	    "  CASE " STORE_INT("?2") " WHEN 5 THEN -played ELSE played END,"
	    "  nick COLLATE NOCASE, id"
	    " LIMIT ?3",
	/* ?1 season, ?2 network: each channel (whatever its case) and
	 * variant with a finished game of that season, through
	 * games_season. */
	[SQL_SEASON_PLAYED] = "SELECT min(channel), variant FROM games"
	    " WHERE season = ?1 AND network = ?2 AND state = 'finished'"
	    " GROUP BY channel COLLATE NOCASE, variant"
	    " ORDER BY channel COLLATE NOCASE, variant",
	/* ?1 season, ?2 channel, ?3 now, ?4 network; the season when it is
	 * newly marked. */
	[SQL_SEASON_MARK] = "INSERT INTO season_announced"
	    " (season, network, channel, at) VALUES (?1, ?4, ?2, ?3)"
	    " ON CONFLICT (season, network, channel) DO NOTHING RETURNING season",
	/* ?1 nick, ?2 variant or the marker, ?3 network, ?4 the nick's
	 * network or '': the sums of the ledgers of the player of that nick
	 * (STORE_BY_NICK) over the finished games that count in the league
	 * (games with an AI seat not counted are left out; an AI's are all
	 * of its finished games, its own record), and a person's over those
	 * with an AI seat (the solo ladder's). */
	[SQL_BLUFFS_GET] = STORE_BLUFFS_GET("(ai < 2 OR p.key LIKE 'ai:%')"),
	[SQL_SOLO_BLUFFS] =
	    STORE_BLUFFS_GET("ai > 0 AND p.key NOT LIKE 'ai:%'"),
	/* ?1 player, ?2 variant or the marker: as SQL_BLUFFS_GET, over
	 * every finished game. */
	[SQL_BLUFFS_PLAYER] = "SELECT " STORE_BLUFFS_SUMS
	    " FROM players AS p LEFT JOIN bluffs AS b ON b.player = p.id"
	    "  AND (SELECT state = 'finished'"
	    "   AND (?2 = '' OR variant = ?2) FROM games WHERE id = b.game)"
	    " WHERE p.id = ?1"
	    " GROUP BY p.id",
	/* ?1 nick, ?2 rows, ?3 network, ?4 the nick's network or '': the
	 * games of the player of that nick (STORE_BY_NICK), the newest
	 * first, each with their result if any. */
	[SQL_HISTORY_PLAYER] = "SELECT g.id, g.variant, g.channel, g.state,"
	    " g.started, coalesce(g.ended, 0),"
	    " (SELECT count(*) FROM game_players WHERE game = g.id),"
	    " coalesce(r.place, 0), coalesce(r.won, 0), coalesce(r.lost, 0)"
	    " FROM (SELECT id FROM players WHERE nick = ?1 COLLATE NOCASE"
	    "  " STORE_BY_NICK("?3", "?4") ") AS p"
	    " JOIN game_players AS gp ON gp.player = p.id"
	    " JOIN games AS g ON g.id = gp.game"
	    " LEFT JOIN results AS r ON r.game = gp.game AND r.seat = gp.seat"
	    " ORDER BY g.id DESC LIMIT ?2",
	/* ?1 channel, ?2 rows, ?3 network: the games begun there, the
	 * newest first, through games_channel. */
	[SQL_HISTORY_CHANNEL] = "SELECT g.id, g.variant, g.channel, g.state,"
	    " g.started, coalesce(g.ended, 0),"
	    " (SELECT count(*) FROM game_players WHERE game = g.id), 0, 0, 0"
	    " FROM games AS g"
	    " WHERE g.network = ?3 AND g.channel = ?1 COLLATE NOCASE"
	    " ORDER BY g.id DESC LIMIT ?2",
	/* ?1 nick, ?2 variant or NULL (all), ?3 rows, ?4 network, ?5 the
	 * nick's network or '': the player of that nick (STORE_BY_NICK)
	 * with one row per variant and title it holds, the league's (solo
	 * 0) before the solo ladder's (solo 1) of a variant, or one row of
	 * NULLs when it holds none. */
	[SQL_TITLES_GET] = "SELECT " STORE_SHOWN("p", "?4") ", t.variant, t.title,"
	    " count(t.title), min(t.at), max(t.at), max(t.run), t.solo"
	    " FROM (SELECT id, nick, network FROM players"
	    "   WHERE nick = ?1 COLLATE NOCASE"
	    STORE_BY_NICK("?4", "?5") ") AS p"
	    " LEFT JOIN (SELECT player, game, variant, title, run, at, 0 AS solo"
	    "   FROM titles UNION ALL"
	    "  SELECT player, game, variant, title, 0, at, 1 FROM solo_titles)"
	    "  AS t ON t.player = p.id"
	    "   AND (CAST(?2 AS TEXT) IS NULL OR t.variant = ?2)"
	    " GROUP BY p.nick, p.network, t.variant, t.solo, t.title"
	    " ORDER BY t.variant, t.solo, min(t.at), min(t.game), t.title"
	    " LIMIT ?3",

	/* ?1 mask, ?2 the admin who added it, ?3 now, ?4 network; the mask
	 * when it is new.  ?1 network for the list, ?2 for a removal. */
	[SQL_IGNORE_ADD] = "INSERT INTO ignores (network, mask, added_by, at)"
	    " VALUES (?4, ?1, ?2, ?3)"
	    " ON CONFLICT (network, mask) DO NOTHING RETURNING mask",
	/* ?1 mask, ?2 network; the mask when there was one. */
	[SQL_IGNORE_REMOVE] = "DELETE FROM ignores"
	    " WHERE network = ?2 AND mask = ?1"
	    " RETURNING mask",
	[SQL_IGNORES] = "SELECT mask FROM ignores WHERE network = ?1"
	    " ORDER BY at, mask",

	/* ?1 network: its games still running. */
	[SQL_RUNNING] = "SELECT id FROM games WHERE state = 'running'"
	    " AND network = ?1"
	    " ORDER BY id",
	/* ?1 network, ?2 channel: its games still running there. */
	[SQL_RUNNING_IN] = "SELECT id FROM games WHERE state = 'running'"
	    " AND network = ?1 AND channel = ?2 COLLATE NOCASE"
	    " ORDER BY id",
	/* ?1 game; when it was pruned, a unix second or NULL. */
	[SQL_GAME_GET] = "SELECT variant, channel, options, seed, dealer,"
	    " salt, state, started, coalesce(ended, 0),"
	    " pruned"
	    " FROM games WHERE id = ?1",
	/* ?1 game: its seats, each player's key as the bot made it. */
	[SQL_SEATS_GET] = "SELECT gp.player, " STORE_BARE_KEY("p") ","
	    " p.nick, gp.ident"
	    " FROM game_players AS gp JOIN players AS p ON p.id = gp.player"
	    " WHERE gp.game = ?1 ORDER BY gp.seat",
	[SQL_MOVES_GET] = "SELECT seat, text FROM moves WHERE game = ?1"
	    " ORDER BY n",

	/* The stats page's reads (export.c).  ?1 network: every person with
	 * a finished game, AI players left out, one per nick and network
	 * (the most recently seen), shown as STORE_SHOWN() shows them, with
	 * their finished games, by nick. */
	[SQL_EXPORT_PLAYERS] = "SELECT id, nick, key, n FROM"
	    " (SELECT p.id AS id, " STORE_SHOWN("p", "?1") " AS nick,"
	    " " STORE_BARE_KEY("p") " AS key,"
	    " (SELECT count(*) FROM game_players AS gp"
	    "   JOIN games AS g ON g.id = gp.game"
	    "   WHERE gp.player = p.id AND g.state = 'finished') AS n"
	    " FROM players AS p WHERE p.key NOT LIKE 'ai:%'"
	    "  AND p.id = (SELECT q.id FROM players AS q"
	    "   WHERE q.nick = p.nick COLLATE NOCASE AND q.network = p.network"
	    "   ORDER BY q.last_seen DESC, q.id DESC LIMIT 1)) AS x"
	    " WHERE n > 0"
	    " ORDER BY nick COLLATE NOCASE, id",
	[SQL_EXPORT_RATINGS] = STORE_EXPORT_RATINGS("rating_history"),
	[SQL_EXPORT_SOLO] = STORE_EXPORT_RATINGS("solo_history"),
	/* ?1 the first second counted: the games finished since, per UTC
	 * day (days since 1970-01-01: unix time has no leap seconds), the
	 * oldest first. */
	[SQL_EXPORT_DAYS] = "SELECT ended / 86400 AS day, count(*)"
	    " FROM games WHERE state = 'finished' AND ended >= ?1"
	    " GROUP BY ended / 86400 ORDER BY day",
	/* ?1 rows: the finished games, the most recently ended first. */
	[SQL_EXPORT_RECENT] = "SELECT id FROM games WHERE state = 'finished'"
	    " AND pruned IS NULL ORDER BY ended DESC, id DESC LIMIT ?1",
	/* ?1 variant, ?2 rows, ?3 network: the titles earned in it, the
	 * newest first, AI players left out, through titles_variant. */
	[SQL_EXPORT_TITLES] = "SELECT " STORE_SHOWN("p", "?3") ", t.title, t.at, t.run"
	    " FROM titles AS t JOIN players AS p ON p.id = t.player"
	    " WHERE t.variant = ?1 AND p.key NOT LIKE 'ai:%'"
	    " ORDER BY t.at DESC, t.game DESC, p.nick LIMIT ?2",
	/* ?1 variant: its finished games, those with AI seats included. */
	[SQL_EXPORT_GAMES] = "SELECT count(*) FROM games"
	    " WHERE state = 'finished' AND variant = ?1",
	/* ?1 game: each seat's result, by the results' key. */
	[SQL_EXPORT_RESULTS] = "SELECT seat, place, won, lost, forfeit"
	    " FROM results WHERE game = ?1 ORDER BY seat",

	/* A prune (store_prune()), in batches: ?1 the unix second before
	 * which a game must have ended, ?2 the games of one batch, the
	 * oldest first, and ?3 now for the mark.  Both pick the same games in
	 * one transaction: the moves go first, then the games are marked. */
	[SQL_PRUNE_MOVES] = "DELETE FROM moves WHERE game IN"
	    " (SELECT id FROM games WHERE state <> 'running'"
	    "  AND ended < ?1 AND pruned IS NULL ORDER BY id LIMIT ?2)",
	[SQL_PRUNE_MARK] = "UPDATE games SET pruned = ?3"
	    " WHERE id IN (SELECT id FROM games WHERE state <> 'running'"
	    "  AND ended < ?1 AND pruned IS NULL ORDER BY id LIMIT ?2)",
};
/* clang-format on */
