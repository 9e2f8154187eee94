/*
 * The database schema's migrations: an ordered list of SQL scripts.  The
 * schema version (db_version(): PRAGMA user_version on SQLite, a table
 * on PostgreSQL) says how many of them a database has had; opening runs
 * the missing ones, each in its own transaction that also sets the
 * version, and refuses a database made by a newer cheaterbot.  A new
 * PostgreSQL database starts from schema-pg.c's store_pg_base instead of
 * the first ones.  A script never changes once released: a change to the
 * schema is a new script at the end, with the statements that touch it
 * (schema.c).  docs/storage.md describes every table.
 */
#include "store-int.h"

/* clang-format off */
static const char *const store_migrations[] = {
	/* 1: players, prefs, games, seats, moves, results, stats. */
	"CREATE TABLE players ("
	"  id INTEGER PRIMARY KEY,"
	"  key TEXT NOT NULL UNIQUE CHECK (key <> ''),"
	"  nick TEXT NOT NULL,"
	"  first_seen INTEGER NOT NULL,"
	"  last_seen INTEGER NOT NULL"
	");"
	"CREATE INDEX players_nick ON players (nick COLLATE NOCASE, last_seen);"
	"CREATE TABLE prefs ("
	"  player INTEGER NOT NULL REFERENCES players (id),"
	"  name TEXT NOT NULL,"
	"  value INTEGER NOT NULL,"
	"  PRIMARY KEY (player, name)"
	") WITHOUT ROWID;"
	"CREATE TABLE games ("
	"  id INTEGER PRIMARY KEY,"
	"  variant TEXT NOT NULL CHECK (variant <> ''),"
	"  channel TEXT NOT NULL,"
	"  options TEXT NOT NULL,"
	"  seed INTEGER NOT NULL,"
	"  state TEXT NOT NULL DEFAULT 'running'"
	"    CHECK (state IN ('running', 'finished', 'abandoned')),"
	"  started INTEGER NOT NULL,"
	"  ended INTEGER,"
	"  why TEXT"
	");"
	"CREATE INDEX games_running ON games (id) WHERE state = 'running';"
	"CREATE TABLE game_players ("
	"  game INTEGER NOT NULL REFERENCES games (id),"
	"  seat INTEGER NOT NULL CHECK (seat >= 0),"
	"  player INTEGER NOT NULL REFERENCES players (id),"
	"  PRIMARY KEY (game, seat),"
	"  UNIQUE (game, player)"
	") WITHOUT ROWID;"
	"CREATE INDEX game_players_player ON game_players (player);"
	"CREATE TABLE moves ("
	"  game INTEGER NOT NULL REFERENCES games (id),"
	"  n INTEGER NOT NULL CHECK (n >= 0),"
	"  seat INTEGER NOT NULL CHECK (seat >= -1),"
	"  text TEXT NOT NULL,"
	"  at INTEGER NOT NULL,"
	"  PRIMARY KEY (game, n)"
	") WITHOUT ROWID;"
	"CREATE TABLE results ("
	"  game INTEGER NOT NULL,"
	"  seat INTEGER NOT NULL,"
	"  player INTEGER NOT NULL REFERENCES players (id),"
	"  place INTEGER NOT NULL CHECK (place >= 0),"
	"  won INTEGER NOT NULL CHECK (won IN (0, 1)),"
	"  lost INTEGER NOT NULL CHECK (lost IN (0, 1)),"
	"  points INTEGER NOT NULL,"
	"  detail TEXT,"
	"  PRIMARY KEY (game, seat),"
	"  FOREIGN KEY (game, seat) REFERENCES game_players (game, seat)"
	") WITHOUT ROWID;"
	"CREATE INDEX results_player ON results (player);"
	"CREATE TABLE stats ("
	"  player INTEGER NOT NULL REFERENCES players (id),"
	"  variant TEXT NOT NULL,"
	"  games INTEGER NOT NULL,"
	"  wins INTEGER NOT NULL,"
	"  losses INTEGER NOT NULL,"
	"  streak INTEGER NOT NULL,"
	"  best_streak INTEGER NOT NULL,"
	"  PRIMARY KEY (player, variant)"
	") WITHOUT ROWID;"
	"CREATE INDEX stats_variant ON stats (variant);",

	/* 2: who dealt each game, and who sat in each seat (the identity
	 * the bot recognises the seat by), so a resumed game knows both;
	 * counting a channel's deals uses the index.  Games from before
	 * have dealer 0 and ident ''. */
	"ALTER TABLE games ADD COLUMN"
	"  dealer INTEGER NOT NULL DEFAULT 0 CHECK (dealer >= 0);"
	"ALTER TABLE game_players ADD COLUMN"
	"  ident TEXT NOT NULL DEFAULT '';"
	"CREATE INDEX games_channel ON games (channel COLLATE NOCASE);",

	/* 3: runs of wins with the same detail (a suit, say) beside the
	 * streaks, and the titles players earn by them or by streaks.  Rows
	 * from before start at run 0, no detail. */
	"ALTER TABLE stats ADD COLUMN run INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE stats ADD COLUMN run_detail TEXT;"
	"ALTER TABLE stats ADD COLUMN best_run INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE stats ADD COLUMN best_run_detail TEXT;"
	"CREATE TABLE titles ("
	"  player INTEGER NOT NULL REFERENCES players (id),"
	"  game INTEGER NOT NULL REFERENCES games (id),"
	"  variant TEXT NOT NULL,"
	"  title TEXT NOT NULL,"
	"  run INTEGER NOT NULL,"
	"  detail TEXT,"
	"  at INTEGER NOT NULL,"
	"  PRIMARY KEY (player, game, title)"
	") WITHOUT ROWID;"
	"CREATE INDEX titles_variant ON titles (variant, player);",

	/* 4: the run of finished games without losing (neither lost nor
	 * left), now and at best, for the loser games.  Unlike the win run
	 * of 3, the results say all it needs, so rows from before are
	 * counted from them, in the order the games ended: a seat's "bad"
	 * games number its runs, and a run is its group's games but the bad
	 * one that opens it. */
	"ALTER TABLE stats ADD COLUMN safe INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE stats ADD COLUMN best_safe INTEGER NOT NULL DEFAULT 0;"
	"WITH seat AS ("
	"  SELECT r.player, g.variant, g.ended, g.id,"
	"   r.lost OR r.place = 0 AS bad"
	"  FROM results AS r JOIN games AS g ON g.id = r.game),"
	" everywhere AS (SELECT * FROM seat"
	"  UNION ALL SELECT player, '', ended, id, bad FROM seat),"
	" numbered AS (SELECT player, variant, bad, sum(bad) OVER"
	"  (PARTITION BY player, variant ORDER BY ended, id"
	"   ROWS UNBOUNDED PRECEDING) AS k FROM everywhere),"
	" runs AS (SELECT player, variant, k, count(*) - sum(bad) AS n"
	"  FROM numbered GROUP BY player, variant, k)"
	"UPDATE stats SET safe = c.n, best_safe = c.best"
	" FROM (SELECT player, variant, max(n) AS best,"
	"  (SELECT n FROM runs AS l WHERE l.player = r.player"
	"   AND l.variant = r.variant ORDER BY k DESC LIMIT 1) AS n"
	"  FROM runs AS r GROUP BY player, variant) AS c"
	" WHERE stats.player = c.player AND stats.variant = c.variant;",

	/* 5: the masks admins told the bot to ignore (!ignore), kept across
	 * restarts; one mask once, whatever its case. */
	"CREATE TABLE ignores ("
	"  mask TEXT NOT NULL PRIMARY KEY COLLATE NOCASE CHECK (mask <> ''),"
	"  added_by TEXT NOT NULL,"
	"  at INTEGER NOT NULL"
	") WITHOUT ROWID;",

	/* 6: a win by forfeit (every other seat left) is marked on its
	 * result: a game played, no win, and no streak or run changed.
	 * Results from before are left as they were counted. */
	("ALTER TABLE results ADD COLUMN"
	 "  forfeit INTEGER NOT NULL DEFAULT 0 CHECK (forfeit IN (0, 1));"),

	/* 7: games with an AI seat (a player whose key starts "ai:") are
	 * marked when they end, counted (1) or not (2) in the stats, as
	 * the configuration said then; a person's !stats shows them apart.
	 * Games from before had none. */
	("ALTER TABLE games ADD COLUMN"
	 "  ai INTEGER NOT NULL DEFAULT 0 CHECK (ai IN (0, 1, 2));"),

	/* 8: every game tells its story.  The salt of a game's deal key
	 * (32 lowercase hex digits; games from before have none, NULL),
	 * and the bluff ledger of a finished game, one row per seat of a
	 * variant whose players make claims, written whether the game
	 * counted or not.  The titles it earns go to titles, run 0. */
	("ALTER TABLE games ADD COLUMN"
	 "  salt TEXT CHECK (salt IS NULL OR"
	 "   (length(salt) = 32 AND salt NOT GLOB '*[^0-9a-f]*'));"
	 "CREATE TABLE bluffs ("
	 "  game INTEGER NOT NULL,"
	 "  seat INTEGER NOT NULL,"
	 "  player INTEGER NOT NULL REFERENCES players (id),"
	 "  claims INTEGER NOT NULL CHECK (claims >= 0),"
	 "  lies INTEGER NOT NULL CHECK (lies >= 0),"
	 "  caught INTEGER NOT NULL CHECK (caught >= 0),"
	 "  away INTEGER NOT NULL CHECK (away >= 0),"
	 "  accused INTEGER NOT NULL CHECK (accused >= 0),"
	 "  calls INTEGER NOT NULL CHECK (calls >= 0),"
	 "  right INTEGER NOT NULL CHECK (right >= 0),"
	 "  wrong INTEGER NOT NULL CHECK (wrong >= 0),"
	 "  chances INTEGER NOT NULL CHECK (chances >= 0),"
	 "  PRIMARY KEY (game, seat),"
	 "  FOREIGN KEY (game, seat) REFERENCES game_players (game, seat)"
	 ") WITHOUT ROWID;"
	 "CREATE INDEX bluffs_player ON bluffs (player);"),

	/* 9: skill ratings (storage/rating.h), one row per player and
	 * variant, moved by every finished game that counts, and each
	 * player's rating after each such game, for charts.  Games from
	 * before are not rated: every rating starts with the first game
	 * finished after the migration. */
	("CREATE TABLE ratings ("
	 "  player INTEGER NOT NULL REFERENCES players (id),"
	 "  variant TEXT NOT NULL CHECK (variant <> ''),"
	 "  mu REAL NOT NULL,"
	 "  sigma REAL NOT NULL CHECK (sigma > 0),"
	 "  games INTEGER NOT NULL CHECK (games >= 1),"
	 "  PRIMARY KEY (player, variant)"
	 ") WITHOUT ROWID;"
	 "CREATE INDEX ratings_variant ON ratings (variant);"
	 "CREATE TABLE rating_history ("
	 "  game INTEGER NOT NULL REFERENCES games (id),"
	 "  player INTEGER NOT NULL REFERENCES players (id),"
	 "  variant TEXT NOT NULL CHECK (variant <> ''),"
	 "  mu REAL NOT NULL,"
	 "  sigma REAL NOT NULL CHECK (sigma > 0),"
	 "  PRIMARY KEY (game, player)"
	 ") WITHOUT ROWID;"
	 "CREATE INDEX rating_history_player ON rating_history"
	 "  (player, variant, game);"),

	/* 10: seasons (docs/league.md).  A finished game records the
	 * season it ended in (NULL: seasons were off, or it ended before
	 * this migration), so the season boards read its results; and the
	 * seasons whose end the bot announced in a channel, so a restart
	 * announces none twice. */
	("ALTER TABLE games ADD COLUMN season INTEGER;"
	 "CREATE INDEX games_season ON games (season, variant)"
	 "  WHERE season IS NOT NULL;"
	 "CREATE TABLE season_announced ("
	 "  season INTEGER NOT NULL,"
	 "  channel TEXT NOT NULL COLLATE NOCASE CHECK (channel <> ''),"
	 "  at INTEGER NOT NULL,"
	 "  PRIMARY KEY (season, channel)"
	 ") WITHOUT ROWID;"),

	/* 11: a game whose move log was dropped by a prune (cheaterbot
	 * --prune) says when: it keeps its results, ledgers, titles and
	 * ratings, and cannot be replayed.  NULL: the log is whole. */
	("ALTER TABLE games ADD COLUMN pruned INTEGER;"),

	/* 12: a league (docs/storage.md, Running a league): the bots of
	 * several IRC networks share one database.  A player and a game
	 * belong to the network of the bot that made them ('' for AI
	 * players, and for every row of a bot that names no network, as all
	 * rows from before); a player's key carries the network already,
	 * so two networks' "alice" are two players.  The channels told of a
	 * season's end and the ignored masks are remade with the network
	 * in their keys, their rows from before under ''.  The first
	 * script both engines run: SQL they both speak. */
	("ALTER TABLE players ADD COLUMN network TEXT NOT NULL DEFAULT '';"
	 "ALTER TABLE games ADD COLUMN network TEXT NOT NULL DEFAULT '';"
	 "DROP INDEX games_channel;"
	 "CREATE INDEX games_channel ON games"
	 "  (network, channel COLLATE NOCASE);"
	 "CREATE TABLE season_told ("
	 "  season BIGINT NOT NULL,"
	 "  network TEXT NOT NULL,"
	 "  channel TEXT COLLATE NOCASE NOT NULL CHECK (channel <> ''),"
	 "  at BIGINT NOT NULL,"
	 "  PRIMARY KEY (season, network, channel)"
	 ");"
	 "INSERT INTO season_told (season, network, channel, at)"
	 "  SELECT season, '', channel, at FROM season_announced;"
	 "DROP TABLE season_announced;"
	 "ALTER TABLE season_told RENAME TO season_announced;"
	 "CREATE TABLE ignored ("
	 "  network TEXT NOT NULL,"
	 "  mask TEXT COLLATE NOCASE NOT NULL CHECK (mask <> ''),"
	 "  added_by TEXT NOT NULL,"
	 "  at BIGINT NOT NULL,"
	 "  PRIMARY KEY (network, mask)"
	 ");"
	 "INSERT INTO ignored (network, mask, added_by, at)"
	 "  SELECT '', mask, added_by, at FROM ignores;"
	 "DROP TABLE ignores;"
	 "ALTER TABLE ignored RENAME TO ignores;"),

	/* 13: seasons numbered from the first the database recorded
	 * (docs/league.md, Seasons).  season_first's one row is the bot's
	 * count of the season that is the database's Season 1 (storage/
	 * season.c); the seasons recorded so far, in the bot's count, are
	 * renumbered from the first of them, the games' and the announced
	 * ones alike.  An announced season is turned negative first, so that
	 * no two rows of one channel share a number on the way. */
	("CREATE TABLE season_first ("
	 "  one INTEGER PRIMARY KEY CHECK (one = 1),"
	 "  season BIGINT NOT NULL CHECK (season >= 1)"
	 ");"
	 "INSERT INTO season_first (one, season)"
	 "  SELECT 1, lowest FROM (SELECT min(season) AS lowest FROM"
	 "   (SELECT season FROM games WHERE season IS NOT NULL"
	 "    UNION ALL SELECT season FROM season_announced) AS recorded)"
	 "  AS seasons WHERE lowest IS NOT NULL;"
	 "UPDATE games SET season = season - (SELECT season FROM season_first)"
	 "  + 1 WHERE season IS NOT NULL;"
	 "UPDATE season_announced SET season = -season;"
	 "UPDATE season_announced SET season = 1 - season -"
	 "  (SELECT season FROM season_first);"),

	/* 14: the solo ladder (docs/league.md): a person's solo rating of a
	 * variant, moved by every finished game with an AI seat and a
	 * person whatever ai.records says, the AI seats rated at the fixed
	 * anchors of storage/solo.h, with their solo games, wins, losses
	 * and wins in a row; their solo rating after each such game, for
	 * charts; and the solo titles.  Games from before are not on it:
	 * the ladder starts with the first game finished after the
	 * migration.  SQL both engines speak. */
	("CREATE TABLE solo ("
	 "  player BIGINT NOT NULL REFERENCES players (id),"
	 "  variant TEXT NOT NULL CHECK (variant <> ''),"
	 "  mu DOUBLE PRECISION NOT NULL,"
	 "  sigma DOUBLE PRECISION NOT NULL CHECK (sigma > 0),"
	 "  games BIGINT NOT NULL CHECK (games >= 1),"
	 "  wins BIGINT NOT NULL CHECK (wins >= 0),"
	 "  losses BIGINT NOT NULL CHECK (losses >= 0),"
	 "  streak BIGINT NOT NULL CHECK (streak >= 0),"
	 "  best_streak BIGINT NOT NULL CHECK (best_streak >= streak),"
	 "  PRIMARY KEY (player, variant)"
	 ");"
	 "CREATE INDEX solo_variant ON solo (variant);"
	 "CREATE TABLE solo_history ("
	 "  game BIGINT NOT NULL REFERENCES games (id),"
	 "  player BIGINT NOT NULL REFERENCES players (id),"
	 "  variant TEXT NOT NULL CHECK (variant <> ''),"
	 "  mu DOUBLE PRECISION NOT NULL,"
	 "  sigma DOUBLE PRECISION NOT NULL CHECK (sigma > 0),"
	 "  PRIMARY KEY (game, player)"
	 ");"
	 "CREATE INDEX solo_history_player ON solo_history"
	 "  (player, variant, game);"
	 "CREATE TABLE solo_titles ("
	 "  player BIGINT NOT NULL REFERENCES players (id),"
	 "  game BIGINT NOT NULL REFERENCES games (id),"
	 "  variant TEXT NOT NULL CHECK (variant <> ''),"
	 "  title TEXT NOT NULL CHECK (title <> ''),"
	 "  at BIGINT NOT NULL,"
	 "  PRIMARY KEY (player, game, title)"
	 ");"
	 "CREATE INDEX solo_titles_variant ON solo_titles (variant, player);"),
};
/* clang-format on */

#define STORE_SCHEMA_VERSION \
	((int)(sizeof store_migrations / sizeof store_migrations[0]))
_Static_assert(STORE_PG_BASE <= STORE_SCHEMA_VERSION,
    "store_pg_base is a schema that store_migrations[] reaches");

/* Reads the schema version (PRAGMA user_version on SQLite) into
 * *version, refusing a schema newer than the code's: 0, or -1 and
 * *cause. */
static int
store_schema_version(struct store *s, int *version, char **cause)
{
	if (db_version(s->db, version) != 0)
		return store_db_fail(s, cause);
	if (*version > STORE_SCHEMA_VERSION) {
		return store_fail(cause,
		    "database '%s': schema version %d is newer than this "
		    "cheaterbot's (%d)",
		    s->path, *version, STORE_SCHEMA_VERSION);
	}
	return 0;
}

/* Runs migration number version + 1 and records it, inside the caller's
 * transaction: 0, or -1 and *cause.  A new PostgreSQL database gets
 * store_pg_base instead of the first STORE_PG_BASE. */
static int
store_migrate_one(struct store *s, int version, char **cause)
{
	const char *sql = store_migrations[version];
	int next = version + 1;

	if (db_dialect(s->db) == DB_PGSQL && version < STORE_PG_BASE) {
		if (version != 0) {
			return store_fail(cause,
			    "database '%s': schema version %d is none a "
			    "PostgreSQL database of cheaterbot has had",
			    s->path, version);
		}
		sql = store_pg_base;
		next = STORE_PG_BASE;
	}
	if (db_exec(s->db, sql) != 0 || db_set_version(s->db, next) != 0)
		return store_db_fail(s, cause);
	return 0;
}

int
store_migrate(struct store *s, char **cause)
{
	int version;

	for (;;) {
		/* Outside a transaction first: an up-to-date database may
		 * be opened read-only. */
		if (store_schema_version(s, &version, cause) != 0)
			return -1;
		if (version == STORE_SCHEMA_VERSION)
			return 0;
		if (db_readonly(s->db)) {
			return store_fail(cause,
			    "database '%s': schema version %d must be "
			    "upgraded to %d, which a read-only open cannot do",
			    s->path, version, STORE_SCHEMA_VERSION);
		}
		if (db_begin(s->db, 1) != 0)
			return store_db_fail(s, cause);
		/* Another process may have migrated while we waited. */
		if (store_schema_version(s, &version, cause) != 0)
			return store_rollback(s);
		if (version < STORE_SCHEMA_VERSION &&
		    store_migrate_one(s, version, cause) != 0)
			return store_rollback(s);
		if (db_commit(s->db) != 0)
			return store_db_fail(s, cause);
	}
}
