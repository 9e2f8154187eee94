/*
 * The database files of store-files.h: a directory and an open store per
 * test, the sqlite3 tool run on a file, the common steps checked, and the
 * schema scripts older cheaterbots built their files with.
 */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <libpq-fe.h>

#include "games/game.h"
#include "storage/target.h"
#include "tests/lib/pgsql.h"
#include "tests/lib/store-files.h"

/* The suite's private PostgreSQL server, started by the first test that
 * needs it, and the number of databases made on it so far. */
static struct pgsql store_files_server;
static int store_files_dbs;

/* The players store_files_player() made with an "ai:" key in the test
 * running, whom store_files_begin() seats as AI seats. */
#define STORE_FILES_AIS 16
static int64_t store_files_ais[STORE_FILES_AIS];
static int store_files_nais;

/* clang-format off */
const char *const store_files_released[STORE_FILES_RELEASED] = {
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

	/* 2: games.dealer, game_players.ident, games_channel. */
	"ALTER TABLE games ADD COLUMN"
	"  dealer INTEGER NOT NULL DEFAULT 0 CHECK (dealer >= 0);"
	"ALTER TABLE game_players ADD COLUMN"
	"  ident TEXT NOT NULL DEFAULT '';"
	"CREATE INDEX games_channel ON games (channel COLLATE NOCASE);",

	/* 3: the runs in stats, titles. */
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
	/* 4: the runs without losing in stats, counted from the results. */
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
	/* 5: the ignore list. */
	"CREATE TABLE ignores ("
	"  mask TEXT NOT NULL PRIMARY KEY COLLATE NOCASE CHECK (mask <> ''),"
	"  added_by TEXT NOT NULL,"
	"  at INTEGER NOT NULL"
	") WITHOUT ROWID;",
	/* 6: results.forfeit. */
	("ALTER TABLE results ADD COLUMN"
	 "  forfeit INTEGER NOT NULL DEFAULT 0 CHECK (forfeit IN (0, 1));"),
	/* 7: games.ai. */
	("ALTER TABLE games ADD COLUMN"
	 "  ai INTEGER NOT NULL DEFAULT 0 CHECK (ai IN (0, 1, 2));"),
	/* 8: games.salt, the bluff ledgers. */
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
	/* 9: the ratings and their history. */
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
	/* 10: games.season, season_announced. */
	("ALTER TABLE games ADD COLUMN season INTEGER;"
	 "CREATE INDEX games_season ON games (season, variant)"
	 "  WHERE season IS NOT NULL;"
	 "CREATE TABLE season_announced ("
	 "  season INTEGER NOT NULL,"
	 "  channel TEXT NOT NULL COLLATE NOCASE CHECK (channel <> ''),"
	 "  at INTEGER NOT NULL,"
	 "  PRIMARY KEY (season, channel)"
	 ") WITHOUT ROWID;"),
	/* 11: games.pruned. */
	("ALTER TABLE games ADD COLUMN pruned INTEGER;"),
	/* 12: a league: the network of players and games, season_announced
	 * and ignores remade with it. */
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
};
/* clang-format on */

int
store_files_pgsql(void)
{
	const char *e = getenv("STORE_ENGINE");

	return e != NULL && strcmp(e, "pgsql") == 0;
}

/* Runs SQL as the server's superuser in database db ("postgres", its
 * own, for CREATE and DROP DATABASE, which cannot run inside the database
 * they name), failing the test when it fails. */
static void
store_files_super(const char *db, const char *sql)
{
	char uri[sizeof store_files_server.uri];
	PGresult *res;
	PGconn *c;

	assert_int_equal(pgsql_uri(&store_files_server, db, PGSQL_SUPERUSER,
			     uri, sizeof uri),
	    0);
	c = PQconnectdb(uri);
	if (PQstatus(c) != CONNECTION_OK)
		fail_msg("connecting to %s: %s", uri, PQerrorMessage(c));
	res = PQexec(c, sql);
	if (PQresultStatus(res) != PGRES_COMMAND_OK)
		fail_msg("%s: %s", sql, PQresultErrorMessage(res));
	PQclear(res);
	PQfinish(c);
}

/* The tests read rows with SQLite's group_concat(X) and group_concat(X,
 * SEP) (string_agg is PostgreSQL's alone, neither has the other's): the
 * same aggregates on PostgreSQL, for a test's queries only, NULLs
 * skipped, in the order the rows come. */
#define STORE_FILES_GROUP_CONCAT                                               \
	"CREATE FUNCTION group_concat_step(a text, v anyelement, sep text)"    \
	" RETURNS text LANGUAGE sql IMMUTABLE AS"                              \
	" 'SELECT CASE WHEN v IS NULL THEN a WHEN a IS NULL THEN v::text"      \
	"  ELSE a || sep || v::text END';"                                     \
	"CREATE FUNCTION group_concat_step(a text, v anyelement)"              \
	" RETURNS text LANGUAGE sql IMMUTABLE AS"                              \
	" 'SELECT group_concat_step(a, v, '','')';"                            \
	"CREATE AGGREGATE group_concat(anyelement, text)"                      \
	" (SFUNC = group_concat_step, STYPE = text);"                          \
	"CREATE AGGREGATE group_concat(anyelement)"                            \
	" (SFUNC = group_concat_step, STYPE = text);"

/* f->path: a new database t<N> owned by the test role on the suite's
 * server, started first if need be. */
static void
store_files_new_pgsql(struct store_fixture *f)
{
	char sql[128], db[32];

	if (store_files_server.pid == 0 &&
	    pgsql_start(&store_files_server) != 0)
		fail_msg("the private PostgreSQL server did not start");
	snprintf(db, sizeof db, "t%d", ++store_files_dbs);
	snprintf(sql, sizeof sql, "CREATE DATABASE %s OWNER %s", db,
	    PGSQL_TEST_ROLE);
	store_files_super("postgres", sql);
	store_files_super(db, STORE_FILES_GROUP_CONCAT);
	assert_int_equal(pgsql_uri(&store_files_server, db, PGSQL_TEST_ROLE,
			     f->path, sizeof f->path),
	    0);
}

int
store_files_setup(void **state)
{
	struct store_fixture *f = calloc(1, sizeof *f);
	char *cause = NULL;
	int n;

	assert_non_null(f);
	store_files_nais = 0;
	snprintf(f->dir, sizeof f->dir, "/tmp/test-store.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	if (store_files_pgsql())
		store_files_new_pgsql(f);
	else {
		n = snprintf(f->path, sizeof f->path, "%s/bot.db", f->dir);
		assert_true(n > 0 && (size_t)n < sizeof f->path);
	}
	f->s = store_open(f->path, &cause);
	if (f->s == NULL)
		fail_msg("store_open: %s", cause);
	*state = f;
	return 0;
}

int
store_files_setup_sqlite(void **state)
{
	/* store_files_run() leaves these tests out on PostgreSQL. */
	assert_false(store_files_pgsql());
	return store_files_setup(state);
}

int
store_files_run(const struct CMUnitTest *tests, size_t count)
{
	struct CMUnitTest *run = calloc(count, sizeof *run);
	size_t n = 0, i;
	int pg = store_files_pgsql(), rc;

	assert_non_null(run);
	for (i = 0; i < count; i++) {
		if (!pg || tests[i].setup_func != store_files_setup_sqlite)
			run[n++] = tests[i];
	}
	if (n < count) {
		printf("%zu test(s) of this suite need SQLite's file and run "
		       "only on SQLite\n", count - n);
	}
	rc = _cmocka_run_group_tests(pg ? "PostgreSQL" : "SQLite", run, n,
	    NULL, NULL);
	free(run);
	pgsql_stop(&store_files_server);
	return rc;
}

int
store_files_teardown(void **state)
{
	struct store_fixture *f = *state;
	struct dirent *de;
	char path[512];
	DIR *d;

	store_close(f->s);
	if (store_files_pgsql() && store_files_server.pid != 0 &&
	    store_target_is_pgsql(f->path)) {
		/* pgsql_uri()'s form: postgresql:///DB?host=... */
		const char *db = f->path + strlen("postgresql:///");
		char sql[128];
		size_t len = strcspn(db, "?");

		snprintf(sql, sizeof sql, "DROP DATABASE %.*s WITH (FORCE)",
		    (int)len, db);
		store_files_super("postgres", sql);
	}
	d = opendir(f->dir);
	if (d != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			snprintf(
			    path, sizeof path, "%s/%s", f->dir, de->d_name);
			unlink(path);
		}
		closedir(d);
	}
	rmdir(f->dir);
	free(f);
	return 0;
}

struct store *
store_files_reopen(struct store_fixture *f, const char *path)
{
	char *cause = NULL;

	store_close(f->s);
	f->s = store_open(path, &cause);
	if (f->s == NULL)
		fail_msg("store_open '%s': %s", path, cause);
	return f->s;
}

void
expect_cause(int64_t rc, char **cause, const char *want)
{
	assert_int_equal(rc, -1);
	assert_non_null(*cause);
	if (strstr(*cause, want) == NULL)
		fail_msg("cause '%s' lacks '%s'", *cause, want);
	free(*cause);
	*cause = NULL;
}

/* store_files_cli() on PostgreSQL: the rows of every statement of sql,
 * printed as the sqlite3 tool prints them (columns joined by '|', NULL as
 * nothing, a truth as 1 or 0, a row per line), or the error and 1. */
static int
store_files_cli_pgsql(const char *uri, const char *sql, char *out, size_t size)
{
	size_t len = 0;
	PGresult *res;
	PGconn *c;
	int rc = 0, r, k;

	assert_true(size > 0);
	out[0] = '\0';
	c = PQconnectdb(uri);
	if (PQstatus(c) != CONNECTION_OK)
		fail_msg("connecting to %s: %s", uri, PQerrorMessage(c));
	assert_int_equal(PQsendQuery(c, sql), 1);
	while ((res = PQgetResult(c)) != NULL) {
		if (PQresultStatus(res) == PGRES_TUPLES_OK) {
			for (r = 0; r < PQntuples(res); r++) {
				for (k = 0; k < PQnfields(res); k++) {
					const char *v = PQgetvalue(res, r, k);

					if (PQftype(res, k) == 16 /* bool */)
						v = *v == 't' ? "1" : "0";
					len += (size_t)snprintf(out + len,
					    len < size ? size - len : 0,
					    "%s%s", k > 0 ? "|" : "", v);
				}
				len += (size_t)snprintf(out + len,
				    len < size ? size - len : 0, "\n");
			}
		} else if (PQresultStatus(res) != PGRES_COMMAND_OK) {
			len += (size_t)snprintf(out + len,
			    len < size ? size - len : 0, "%s",
			    PQresultErrorMessage(res));
			rc = 1;
		}
		PQclear(res);
	}
	PQfinish(c);
	if (len >= size)
		len = size - 1;
	while (len > 0 && out[len - 1] == '\n')
		len--;
	out[len] = '\0';
	return rc;
}

int
store_files_cli(const char *path, const char *sql, char *out, size_t size)
{
	size_t len = 0;
	ssize_t got;
	int fds[2], status;
	pid_t pid;

	if (store_target_is_pgsql(path))
		return store_files_cli_pgsql(path, sql, out, size);
	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		close(fds[0]);
		close(fds[1]);
		execlp("sqlite3", "sqlite3", "-batch", path, sql, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while (len + 1 < size &&
	       (got = read(fds[0], out + len, size - len - 1)) > 0)
		len += (size_t)got;
	close(fds[0]);
	while (len > 0 && out[len - 1] == '\n')
		len--;
	out[len] = '\0';
	assert_int_equal(waitpid(pid, &status, 0), pid);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		fail_msg("cannot run sqlite3: %s", out);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void
store_files_cli_expect(const char *path, const char *sql, const char *want)
{
	char out[4096];

	if (store_files_cli(path, sql, out, sizeof out) != 0)
		fail_msg("%s (running \"%.60s...\")", out, sql);
	assert_string_equal(out, want);
}

const char *
store_files_version_sql(const char *path)
{
	return store_target_is_pgsql(path)
	    ? "SELECT version FROM schema_version"
	    : "PRAGMA user_version";
}

void
store_files_set_version(const char *path, int version)
{
	char sql[128], out[256];

	if (store_target_is_pgsql(path))
		snprintf(sql, sizeof sql,
		    "UPDATE schema_version SET version = %d", version);
	else
		snprintf(sql, sizeof sql, "PRAGMA user_version = %d", version);
	if (store_files_cli(path, sql, out, sizeof out) != 0)
		fail_msg("%s: %s", sql, out);
}

void
store_files_check(const char *path)
{
	if (store_target_is_pgsql(path)) {
		store_files_cli_expect(path,
		    "SELECT conname FROM pg_constraint"
		    " WHERE NOT convalidated",
		    "");
		return;
	}
	store_files_cli_expect(path, "PRAGMA integrity_check", "ok");
	store_files_cli_expect(path, "PRAGMA foreign_key_check", "");
}

int64_t
store_files_player(struct store *s, const char *key, const char *nick)
{
	char *cause = NULL;
	int64_t id;

	id = store_player(s, key, nick, &cause);
	if (id < 0)
		fail_msg("store_player: %s", cause);
	if (strncmp(key, "ai:", 3) == 0 && !store_files_is_ai(id)) {
		assert_true(store_files_nais < STORE_FILES_AIS);
		store_files_ais[store_files_nais++] = id;
	}
	return id;
}

int
store_files_is_ai(int64_t player)
{
	int i;

	for (i = 0; i < store_files_nais; i++) {
		if (store_files_ais[i] == player)
			return 1;
	}
	return 0;
}

int64_t
store_files_begin(
    struct store *s, const char *variant, int nseats, const int64_t *players)
{
	const char *levels[GAME_MAX_SEATS];
	int i;

	assert_true(nseats <= GAME_MAX_SEATS);
	for (i = 0; i < nseats; i++)
		levels[i] = store_files_is_ai(players[i]) ? "normal" : NULL;
	return store_files_begin_levels(s, variant, nseats, players, levels);
}

int64_t
store_files_begin_levels(struct store *s, const char *variant, int nseats,
    const int64_t *players, const char *const *levels)
{
	char ident[GAME_MAX_SEATS][32];
	const char *idents[GAME_MAX_SEATS];
	char *cause = NULL;
	int64_t id;
	int i;

	assert_true(nseats <= GAME_MAX_SEATS);
	for (i = 0; i < nseats; i++) {
		if (levels[i] != NULL)
			snprintf(ident[i], sizeof ident[i], "ai:%s", levels[i]);
		else
			snprintf(ident[i], sizeof ident[i], "h:p%d@host.test",
			    i);
		idents[i] = ident[i];
	}
	id = store_game_begin(s, variant, "#cheater", "rounds=3", 42, NULL, 0,
	    nseats, players, idents, &cause);
	if (id < 0)
		fail_msg("store_game_begin: %s", cause);
	return id;
}

void
store_files_move(
    struct store *s, int64_t game, int n, int seat, const char *text)
{
	char *cause = NULL;

	if (store_move(s, game, n, seat, text, &cause) != 0)
		fail_msg("store_move %d: %s", n, cause);
}

void
store_files_expect_rating(struct store *s, int solo, const char *nick,
    const char *variant, double mu, double sigma, double within, int games)
{
	struct store_rating r;
	char *cause = NULL;

	if ((solo ? store_solo_rating(s, nick, variant, &r, &cause) :
	    store_rating(s, nick, variant, &r, &cause)) != 0)
		fail_msg("%s's %srating: %s", nick, solo ? "solo " : "",
		    cause != NULL ? cause : "none");
	if (fabs(r.mu - mu) > within || fabs(r.sigma - sigma) > within)
		fail_msg("%s: %srating %.12f +- %.12f, not %.12f +- %.12f",
		    nick, solo ? "solo " : "", r.mu, r.sigma, mu, sigma);
	assert_int_equal(r.games, games);
}
