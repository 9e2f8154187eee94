/*
 * Unit tests of the schema migrations (storage/schema.c): databases as
 * cheaterbot wrote them at schema versions 1, 2, 4, 7 and 8, built here by
 * the sqlite3 tool from the released scripts (tests/lib/store-files.c), are
 * brought to the current version on open with every row kept, and work as
 * a new one does; a migration that fails leaves the file as it was; a
 * read-only open refuses to migrate.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "storage/rating.h"
#include "storage/store.h"
#include "tests/lib/store-files.h"

/* clang-format off */
/* What a version 1 bot would have left: a finished game (ben won), and a
 * running one with two moves. */
static const char v1_rows[] =
	"INSERT INTO players VALUES (1, 'n:ann', 'ann', 100, 200),"
	"  (2, 'a:ben', 'Ben', 100, 300);"
	"INSERT INTO prefs VALUES (1, 'colour', 0);"
	"INSERT INTO games VALUES"
	"  (1, 'cheat', '#cheater', '', 42, 'finished', 1000, 1100, NULL),"
	"  (2, 'cheat', '#Cheater', 'decks=2', -5, 'running', 1200, NULL,"
	"   NULL);"
	"INSERT INTO game_players VALUES (1, 0, 1), (1, 1, 2), (2, 0, 2),"
	"  (2, 1, 1);"
	"INSERT INTO moves VALUES (1, 0, 0, '0 play 1', 1001),"
	"  (2, 0, 0, '0 play 3 4', 1201), (2, 1, 1, '1 call', 1202);"
	"INSERT INTO results VALUES (1, 0, 1, 2, 0, 1, 5, NULL),"
	"  (1, 1, 2, 1, 1, 0, 0, 'hearts');"
	"INSERT INTO stats VALUES (1, 'cheat', 1, 0, 1, 0, 0),"
	"  (1, '', 1, 0, 1, 0, 0), (2, 'cheat', 1, 1, 0, 1, 1),"
	"  (2, '', 1, 1, 0, 1, 1);"
	"PRAGMA user_version = 1;";

/* The columns of players from version 1 to 11 (12 adds network). */
#define V1_PLAYERS "id, key, nick, first_seen, last_seen"

/* Every version 1 column of every table, in order. */
static const char v1_dump[] =
	"SELECT " V1_PLAYERS " FROM players; SELECT * FROM prefs;"
	"SELECT id, variant, channel, options, seed, state, started, ended,"
	"  why FROM games;"
	"SELECT game, seat, player FROM game_players; SELECT * FROM moves;"
	"SELECT game, seat, player, place, won, lost, points, detail"
	"  FROM results;"
	"SELECT player, variant, games, wins, losses, streak, best_streak"
	"  FROM stats;";

/* What a version 2 bot would have added to the version 1 rows: the
 * running game's dealer and identities, and a third player. */
static const char v2_rows[] =
	"UPDATE games SET dealer = 1 WHERE id = 2;"
	"UPDATE game_players SET ident = 'a:ben' WHERE game = 2 AND seat = 0;"
	"UPDATE game_players SET ident = 'h:ann@host.test'"
	"  WHERE game = 2 AND seat = 1;"
	"INSERT INTO players VALUES (3, 'n:cy', 'cy', 400, 400);"
	"PRAGMA user_version = 2;";

/* The columns of games from version 2 to 6 (7 adds ai). */
#define V2_GAMES "id, variant, channel, options, seed, state, started," \
	" ended, why, dealer"

/* Every version 2 column of every table, in order. */
static const char v2_dump[] =
	"SELECT " V1_PLAYERS " FROM players; SELECT * FROM prefs;"
	"SELECT " V2_GAMES " FROM games;"
	"SELECT * FROM game_players; SELECT * FROM moves;"
	"SELECT game, seat, player, place, won, lost, points, detail"
	"  FROM results;"
	"SELECT player, variant, games, wins, losses, streak, best_streak"
	"  FROM stats;";
/* clang-format on */

/* Writes a version 2 database to dir/v2.db; its path in path. */
static void
make_v2(struct store_fixture *f, char *path, size_t size)
{
	char sql[8192];

	snprintf(path, size, "%s/v2.db", f->dir);
	snprintf(sql, sizeof sql, "PRAGMA journal_mode = WAL; %s %s %s %s",
	    store_files_released[0], v1_rows, store_files_released[1], v2_rows);
	store_files_cli_expect(path, sql, "wal");
	store_files_cli_expect(path, "PRAGMA user_version", "2");
}

/* Migrates the database at path to the current version by opening it
 * as f's store, and checks that what the sqlite3 tool prints for dump is
 * the same before and after: no row lost or changed. */
static void
migrate_keeps(struct store_fixture *f, const char *path, const char *dump)
{
	char before[8192], after[8192];

	assert_int_equal(store_files_cli(path, dump, before, sizeof before), 0);
	store_files_reopen(f, path);
	store_files_cli_expect(
	    path, "PRAGMA user_version", STORE_FILES_CURRENT);
	assert_int_equal(store_files_cli(path, dump, after, sizeof after), 0);
	assert_string_equal(after, before);
}

/* Writes a version 1 database to dir/v1.db, with extra SQL run after its
 * rows (NULL: none); its path in path. */
static void
make_v1(struct store_fixture *f, const char *extra, char *path, size_t size)
{
	char sql[8192];

	snprintf(path, size, "%s/v1.db", f->dir);
	snprintf(sql, sizeof sql, "PRAGMA journal_mode = WAL; %s %s %s",
	    store_files_released[0], v1_rows, extra == NULL ? "" : extra);
	store_files_cli_expect(path, sql, "wal");
	store_files_cli_expect(path, "PRAGMA user_version", "1");
}

static void
test_migrate_v1(void **state)
{
	struct store_fixture *f = *state;
	static const char *const idents[2] = {"a:ben", "h:ann@host.test"};
	char path[256], *cause = NULL;
	int64_t seats[2], *ids, game;
	struct store_game *g;
	struct store_stats st;

	make_v1(f, NULL, path, sizeof path);
	migrate_keeps(f, path, v1_dump);
	/* The old results are no forfeits, as they were counted. */
	store_files_cli_expect(path, "SELECT count(*), sum(forfeit)"
	    " FROM results", "2|0");
	/* The old games have dealer 0, the old seats no identity. */
	store_files_cli_expect(path,
	    "SELECT group_concat(dealer, ' ') FROM games;"
	    " SELECT count(*) FROM game_players WHERE ident = '';"
	    " SELECT name FROM sqlite_schema WHERE name = 'games_channel'",
	    "0 0\n4\ngames_channel");
	/* The runs without losing are counted from the results: ann lost
	 * game 1, ben won it. */
	store_files_cli_expect(path,
	    "SELECT group_concat(safe || '/' || best_safe, ' ') FROM stats",
	    "0/0 0/0 1/1 1/1");

	/* The running game resumes from its log as before. */
	assert_int_equal(store_running(f->s, &ids, NULL), 1);
	assert_int_equal(ids[0], 2);
	free(ids);
	g = store_game_load(f->s, 2, &cause);
	assert_non_null(g);
	assert_int_equal(g->dealer, 0);
	assert_true(g->seed == (uint64_t)-5);
	assert_int_equal(g->nseats, 2);
	assert_string_equal(g->seats[0].key, "a:ben");
	assert_string_equal(g->seats[0].ident, "");
	assert_string_equal(g->seats[1].ident, "");
	assert_int_equal(g->nmoves, 2);
	assert_string_equal(g->moves[1].text, "1 call");
	store_game_free(g);
	store_files_move(f->s, 2, 2, 0, "0 play 5");
	assert_int_equal(store_stats(f->s, "ben", "cheat", &st, NULL), 0);
	assert_true(st.games == 1 && st.wins == 1 && st.best_streak == 1);
	assert_int_equal(store_deals(f->s, "#CHEATER", NULL), 2);

	/* New games record their dealer and identities. */
	seats[0] = 2;
	seats[1] = 1;
	game = store_game_begin(f->s, "cheat", "#cheater", "", 9, NULL, 1, 2,
	    seats, idents, &cause);
	assert_int_equal(game, 3);
	g = store_game_load(f->s, game, &cause);
	assert_non_null(g);
	assert_int_equal(g->dealer, 1);
	assert_string_equal(g->seats[1].ident, "h:ann@host.test");
	store_game_free(g);
	assert_int_equal(store_deals(f->s, "#cheater", NULL), 3);
	assert_int_equal(store_check(f->s, NULL), 0);
	store_files_cli_expect(path, "PRAGMA foreign_key_check", "");

	/* Once is enough. */
	store_files_reopen(f, path);
	store_files_cli_expect(
	    path, "PRAGMA user_version", STORE_FILES_CURRENT);
	assert_int_equal(store_deals(f->s, "#cheater", NULL), 3);
}

static void
test_migrate_v2(void **state)
{
	struct store_fixture *f = *state;
	static const struct store_title_rule rules[] = {
	    {"excellent", 0, 2, 0},
	    {"ultimate", 1, 2, 0},
	    {NULL, 0, 0, 0},
	};
	char path[256], shown[64];
	struct store_seat_result r[2];
	struct store_title_row row;
	struct store_award aw[4];
	struct store_stats st;
	int n;

	make_v2(f, path, sizeof path);
	migrate_keeps(f, path, v2_dump);
	/* Every stats row starts with no run; there are no titles yet. */
	store_files_cli_expect(path,
	    "SELECT count(*) FROM stats WHERE run = 0 AND best_run = 0"
	    " AND run_detail IS NULL AND best_run_detail IS NULL;"
	    " SELECT count(*) FROM titles;"
	    " SELECT name FROM sqlite_schema WHERE name = 'titles_variant'",
	    "4\n0\ntitles_variant");

	/* ben won game 1: his streak of 1 goes on, his run starts now. */
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[0].detail = "red";
	r[1].place = 2;
	assert_int_equal(
	    store_game_finish(f->s, 2, r, 2, rules, aw, 4, &n, NULL), 0);
	assert_int_equal(n, 1);
	assert_int_equal(aw[0].seat, 0);
	assert_int_equal(aw[0].rule, 0);
	assert_int_equal(aw[0].count, 2);
	assert_int_equal(store_stats(f->s, "ben", "cheat", &st, NULL), 0);
	assert_true(st.streak == 2 && st.best_streak == 2 && st.run == 1);
	assert_string_equal(st.run_detail, "red");
	assert_true(st.best_run == 1);
	assert_string_equal(st.best_run_detail, "red");
	assert_true(st.safe == 2 && st.best_safe == 2);
	assert_int_equal(
	    store_titles(f->s, "Ben", NULL, &row, 1, shown, sizeof shown, NULL),
	    1);
	assert_string_equal(shown, "Ben");
	assert_string_equal(row.variant, "cheat");
	assert_string_equal(row.name, "excellent");
	/* cy, seen by version 2, has no stats and no titles. */
	assert_int_equal(
	    store_titles(f->s, "cy", NULL, &row, 1, shown, sizeof shown, NULL),
	    0);
	assert_string_equal(shown, "cy");
	assert_int_equal(store_check(f->s, NULL), 0);
	store_files_cli_expect(path, "PRAGMA foreign_key_check", "");

	/* Once is enough. */
	store_files_reopen(f, path);
	store_files_cli_expect(
	    path, "PRAGMA user_version", STORE_FILES_CURRENT);
	store_files_cli_expect(path, "SELECT count(*) FROM titles", "1");
}

/* Writes a version 4 database, the version 2 rows and a finished game of
 * version 4's stats, to dir/v4.db; its path in path. */
static void
make_v4(struct store_fixture *f, char *path, size_t size)
{
	char sql[16384];
	int n;

	snprintf(path, size, "%s/v4.db", f->dir);
	n = snprintf(sql, sizeof sql,
	    "PRAGMA journal_mode = WAL; %s %s %s %s %s %s"
	    " UPDATE stats SET safe = 1, best_safe = 2 WHERE player = 2;"
	    " PRAGMA user_version = 4;",
	    store_files_released[0], v1_rows, store_files_released[1],
	    v2_rows, store_files_released[2], store_files_released[3]);
	assert_true(n > 0 && (size_t)n < sizeof sql);
	store_files_cli_expect(path, sql, "wal");
	store_files_cli_expect(path, "PRAGMA user_version", "4");
}

/* Version 5 adds the ignore list: a version 4 file keeps every row, starts
 * with an empty list, and keeps the masks added across a reopen. */
static void
test_migrate_v4(void **state)
{
	struct store_fixture *f = *state;
	static const char dump[] =
	    "SELECT " V1_PLAYERS " FROM players; SELECT " V2_GAMES " FROM games;"
	    " SELECT * FROM game_players; SELECT * FROM moves;"
	    " SELECT * FROM stats;";
	char path[256], **masks;

	make_v4(f, path, sizeof path);
	migrate_keeps(f, path, dump);
	assert_int_equal(store_ignores(f->s, &masks, NULL), 0);
	assert_null(masks);

	assert_int_equal(store_ignore_add(f->s, "*!*@spam.test", "ann", NULL),
	    0);
	assert_int_equal(store_ignore_add(f->s, "bot!*@*", "ben", NULL), 0);
	/* One mask once, whatever its case. */
	assert_int_equal(store_ignore_add(f->s, "*!*@SPAM.test", "ben", NULL),
	    1);
	assert_int_equal(store_ignore_remove(f->s, "BOT!*@*", NULL), 0);
	assert_int_equal(store_ignore_remove(f->s, "bot!*@*", NULL), 1);
	assert_int_equal(store_ignore_add(f->s, "x!y@z", "ann", NULL), 0);
	assert_int_equal(store_check(f->s, NULL), 0);

	/* A restart keeps them, oldest first. */
	store_files_reopen(f, path);
	store_files_cli_expect(
	    path, "PRAGMA user_version", STORE_FILES_CURRENT);
	assert_int_equal(store_ignores(f->s, &masks, NULL), 2);
	assert_string_equal(masks[0], "*!*@spam.test");
	assert_string_equal(masks[1], "x!y@z");
	free(masks[0]);
	free(masks[1]);
	free(masks);
	store_files_cli_expect(path,
	    "SELECT group_concat(added_by, ' ') FROM ignores", "ann ann");
}

/* What a version 7 bot would have added to the version 2 rows: an AI, a
 * finished game against it that was not counted, and an ignored mask. */
static const char v7_rows[] =
	"INSERT INTO players VALUES (4, 'ai:Ada', 'Ada(AI)', 500, 500);"
	"INSERT INTO games (id, variant, channel, options, seed, state,"
	"  started, ended, why, dealer, ai)"
	"  VALUES (3, 'cheat', '#cheater', '', 3, 'finished', 1300, 1400,"
	"  NULL, 1, 2);"
	"INSERT INTO game_players VALUES (3, 0, 1, 'h:ann@host.test'),"
	"  (3, 1, 4, 'ai:Ada');"
	"INSERT INTO results VALUES (3, 0, 1, 1, 1, 0, 0, NULL, 0),"
	"  (3, 1, 4, 2, 0, 1, 0, NULL, 0);"
	"INSERT INTO ignores VALUES ('*!*@spam.test', 'ann', 600);"
	"PRAGMA user_version = 7;";

/* Writes a version 7 database, the version 2 rows and v7_rows, to
 * dir/v7.db; its path in path. */
static void
make_v7(struct store_fixture *f, char *path, size_t size)
{
	char sql[16384];
	int n;

	snprintf(path, size, "%s/v7.db", f->dir);
	n = snprintf(sql, sizeof sql,
	    "PRAGMA journal_mode = WAL; %s %s %s %s %s %s %s %s %s %s",
	    store_files_released[0], v1_rows, store_files_released[1],
	    v2_rows, store_files_released[2], store_files_released[3],
	    store_files_released[4], store_files_released[5],
	    store_files_released[6], v7_rows);
	assert_true(n > 0 && (size_t)n < sizeof sql);
	store_files_cli_expect(path, sql, "wal");
	store_files_cli_expect(path, "PRAGMA user_version", "7");
}

/* Version 8 adds the deal key's salt and the bluff ledgers: a version 7
 * file keeps every row, its games have no salt and no ledger, and they
 * load, list and finish as before, with the new columns. */
static void
test_migrate_v7(void **state)
{
	struct store_fixture *f = *state;
	static const char dump[] =
	    "SELECT " V1_PLAYERS " FROM players; SELECT * FROM prefs;"
	    " SELECT " V2_GAMES ", ai FROM games;"
	    " SELECT * FROM game_players; SELECT * FROM moves;"
	    " SELECT * FROM results; SELECT * FROM stats;"
	    " SELECT * FROM titles; SELECT mask, added_by, at FROM ignores;";
	static const char *const idents[2] = {"a:ben", "h:ann@host.test"};
	static const char *const earned[] = {"pokerface", NULL};
	char path[256], st[12], *cause = NULL;
	struct store_bluffs lb, la, b;
	struct store_seat_result r[2];
	struct store_history_row rows[4];
	struct store_award aw[2];
	struct store_game *g;
	int64_t seats[2], game;
	int n;

	make_v7(f, path, sizeof path);
	migrate_keeps(f, path, dump);
	store_files_cli_expect(path,
	    "SELECT count(*) FROM games WHERE salt IS NULL;"
	    " SELECT count(*) FROM bluffs;"
	    " SELECT name FROM sqlite_schema WHERE name = 'bluffs_player'",
	    "3\n0\nbluffs_player");

	/* The old games load with no salt, their state and times. */
	g = store_game_load(f->s, 2, &cause);
	assert_non_null(g);
	assert_null(g->salt);
	assert_string_equal(g->state, "running");
	assert_int_equal(g->started, 1200);
	assert_int_equal(g->ended, 0);
	assert_int_equal(g->dealer, 1);
	store_game_free(g);
	g = store_game_load(f->s, 1, &cause);
	assert_non_null(g);
	assert_null(g->salt);
	assert_string_equal(g->state, "finished");
	assert_int_equal(g->started, 1000);
	assert_int_equal(g->ended, 1100);
	store_game_free(g);
	assert_int_equal(store_game_state(f->s, 3, st, sizeof st, NULL), 0);
	assert_string_equal(st, "finished");

	/* The running game finishes with its ledger and a bluff title. */
	memset(r, 0, sizeof r);
	memset(&lb, 0, sizeof lb);
	memset(&la, 0, sizeof la);
	lb.claims = lb.lies = lb.away = 2;
	la.claims = la.calls = la.wrong = 1;
	r[0].won = r[0].place = 1;
	r[0].bluffs = &lb;
	r[0].earned = earned;
	r[1].place = 2;
	r[1].bluffs = &la;
	assert_int_equal(
	    store_game_finish(f->s, 2, r, 2, NULL, aw, 2, &n, &cause), 0);
	assert_int_equal(n, 1);
	assert_string_equal(aw[0].earned, "pokerface");
	assert_int_equal(aw[0].count, 1);
	assert_int_equal(store_bluffs(f->s, "ben", NULL, &b, NULL), 0);
	assert_int_equal(b.games, 1);
	assert_int_equal(b.away, 2);
	assert_int_equal(store_bluffs_player(f->s, 1, NULL, &b, NULL), 0);
	assert_int_equal(b.games, 1);
	assert_int_equal(b.wrong, 1);

	/* ann's history holds every old game, with her results. */
	assert_int_equal(store_history(f->s, "ann", NULL, rows, 4, NULL), 3);
	assert_int_equal(rows[0].id, 3);
	assert_int_equal(rows[0].place, 1);
	assert_int_equal(rows[0].won, 1);
	assert_int_equal(rows[0].ended, 1400);
	assert_int_equal(rows[1].id, 2);
	assert_int_equal(rows[1].place, 2);
	assert_string_equal(rows[1].state, "finished");
	assert_int_equal(rows[2].id, 1);
	assert_int_equal(rows[2].lost, 1);
	assert_int_equal(rows[2].started, 1000);

	/* A new game keeps its salt. */
	seats[0] = 2;
	seats[1] = 1;
	game = store_game_begin(f->s, "cheat", "#cheater", "", 9,
	    "ffffffffffffffffffffffffffffffff", 0, 2, seats, idents, &cause);
	assert_int_equal(game, 4);
	g = store_game_load(f->s, game, &cause);
	assert_non_null(g);
	assert_string_equal(g->salt, "ffffffffffffffffffffffffffffffff");
	store_game_free(g);
	assert_int_equal(store_check(f->s, NULL), 0);
	store_files_cli_expect(path, "PRAGMA foreign_key_check", "");

	/* Once is enough. */
	store_files_reopen(f, path);
	store_files_cli_expect(
	    path, "PRAGMA user_version", STORE_FILES_CURRENT);
	store_files_cli_expect(path,
	    "SELECT count(*) FROM bluffs; SELECT count(*) FROM titles", "2\n1");
}

/* What a version 8 bot would have added: game 3's salt and ledger. */
static const char v8_rows[] =
	"UPDATE games SET salt = '0123456789abcdef0123456789abcdef'"
	"  WHERE id = 3;"
	"INSERT INTO bluffs VALUES (3, 0, 1, 4, 2, 1, 1, 0, 3, 2, 1, 5),"
	"  (3, 1, 4, 3, 1, 0, 1, 1, 1, 0, 1, 4);"
	"PRAGMA user_version = 8;";

/* The columns of games up to version 9 (version 10 adds one). */
#define V9_GAMES "id, variant, channel, options, seed, state, started," \
	" ended, why, dealer, ai, salt"

/* Version 9 adds the ratings: a version 8 file keeps every row, its old
 * games rate nobody, and the running one, finished, rates its players
 * as rating_update() does. */
static void
test_migrate_v8(void **state)
{
	struct store_fixture *f = *state;
	static const char dump[] =
	    "SELECT " V1_PLAYERS " FROM players; SELECT " V9_GAMES " FROM games;"
	    " SELECT * FROM game_players; SELECT * FROM moves;"
	    " SELECT * FROM results; SELECT * FROM stats;"
	    " SELECT * FROM titles; SELECT mask, added_by, at FROM ignores;"
	    " SELECT * FROM bluffs;";
	static const int place[2] = {2, 1};
	char path[256], sql[4096], *cause = NULL;
	struct store_seat_result r[2];
	struct store_rating sr;
	struct rating want[2];
	int n;

	make_v7(f, path, sizeof path);
	n = snprintf(sql, sizeof sql, "%s %s", store_files_released[7],
	    v8_rows);
	assert_true(n > 0 && (size_t)n < sizeof sql);
	store_files_cli_expect(path, sql, "");
	store_files_cli_expect(path, "PRAGMA user_version", "8");
	migrate_keeps(f, path, dump);
	store_files_cli_expect(path,
	    "SELECT count(*) FROM ratings; SELECT count(*) FROM rating_history;"
	    " SELECT name FROM sqlite_schema WHERE name IN"
	    "  ('ratings_variant', 'rating_history_player') ORDER BY name",
	    "0\n0\nrating_history_player\nratings_variant");
	assert_int_equal(store_rating(f->s, "ann", "cheat", &sr, NULL), 1);

	/* Game 2 (ben, ann) finishes: ann first. */
	memset(r, 0, sizeof r);
	r[0].place = 2;
	r[1].place = 1;
	r[1].won = 1;
	assert_int_equal(
	    store_game_finish(f->s, 2, r, 2, NULL, NULL, 0, &n, &cause), 0);
	rating_new(&want[0]);
	rating_new(&want[1]);
	assert_int_equal(rating_update(want, place, 2), 0);
	assert_int_equal(store_rating(f->s, "ann", "cheat", &sr, NULL), 0);
	assert_true(sr.mu == want[1].mu && sr.sigma == want[1].sigma);
	assert_int_equal(sr.games, 1);
	assert_int_equal(store_rating(f->s, "ben", "cheat", &sr, NULL), 0);
	assert_true(sr.mu == want[0].mu && sr.sigma == want[0].sigma);
	store_files_cli_expect(path,
	    "SELECT game, player FROM rating_history ORDER BY player",
	    "2|1\n2|2");
	assert_int_equal(store_check(f->s, NULL), 0);
	store_files_cli_expect(path, "PRAGMA foreign_key_check", "");
}

/* Rows a version 9 file adds to version 8's: game 2, still running
 * there, finished and rated (Ben second, ann first). */
static const char v9_rows[] =
    "UPDATE games SET state = 'finished', ended = 300 WHERE id = 2;"
    "INSERT INTO results (game, seat, player, place, won, lost, points)"
    " VALUES (2, 0, 2, 2, 0, 0, 0), (2, 1, 1, 1, 1, 0, 0);"
    "INSERT INTO ratings VALUES (1, 'cheat', 24.0, 8.0, 1),"
    "  (2, 'cheat', 26.0, 8.0, 1);"
    "INSERT INTO rating_history VALUES (2, 1, 'cheat', 24.0, 8.0),"
    "  (2, 2, 'cheat', 26.0, 8.0);"
    "PRAGMA user_version = 9;";

/* ann (player 1) beats Ben (player 2) at Cheat in a game finished in
 * the bot's season count; its id. */
static int64_t
ann_beats_ben(struct store *s, int64_t count)
{
	static const char *const idents[2] = {"h:ann@host.test", "a:ben"};
	struct store_seat_result r[2];
	int64_t players[2] = {1, 2}, game;
	char *cause = NULL;
	int n;

	store_season(s, count);
	game = store_game_begin(s, "cheat", "#cheater", "", 9, NULL, 0, 2,
	    players, idents, &cause);
	assert_true(game > 0);
	memset(r, 0, sizeof r);
	r[0].place = 1;
	r[0].won = 1;
	r[1].place = 2;
	assert_int_equal(
	    store_game_finish(s, game, r, 2, NULL, NULL, 0, &n, &cause), 0);
	return game;
}

/* Version 10 adds the seasons: a version 9 file keeps every row, its
 * games have no season (on no season board) and no season was
 * announced; a game finished after it records the season given. */
static void
test_migrate_v9(void **state)
{
	struct store_fixture *f = *state;
	static const char dump[] =
	    "SELECT " V1_PLAYERS " FROM players; SELECT " V9_GAMES " FROM games;"
	    " SELECT * FROM game_players; SELECT * FROM moves;"
	    " SELECT * FROM results; SELECT * FROM stats;"
	    " SELECT * FROM titles; SELECT mask, added_by, at FROM ignores;"
	    " SELECT * FROM bluffs; SELECT * FROM ratings;"
	    " SELECT * FROM rating_history;";
	char path[256], sql[4096], *cause = NULL;
	struct store_top_row rows[4];
	int n;

	make_v7(f, path, sizeof path);
	n = snprintf(sql, sizeof sql, "%s %s %s %s", store_files_released[7],
	    v8_rows, store_files_released[8], v9_rows);
	assert_true(n > 0 && (size_t)n < sizeof sql);
	store_files_cli_expect(path, sql, "");
	store_files_cli_expect(path, "PRAGMA user_version", "9");
	migrate_keeps(f, path, dump);
	store_files_cli_expect(path,
	    "SELECT count(*) FROM games WHERE season IS NOT NULL;"
	    " SELECT count(*) FROM season_announced;"
	    " SELECT name FROM sqlite_schema WHERE name = 'games_season'",
	    "0\n0\ngames_season");
	assert_int_equal(store_top_season(f->s, "cheat", STORE_BOARD_WINS, 1,
	    1, rows, 4, &cause), 0);

	/* A game finished in the bot's season 3, the first recorded, is
	 * the database's Season 1, on its board alone. */
	assert_int_equal(ann_beats_ben(f->s, 3), 4);
	store_files_cli_expect(path,
	    "SELECT id, coalesce(season, '-') FROM games ORDER BY id",
	    "1|-\n2|-\n3|-\n4|1");
	assert_int_equal(store_top_season(f->s, "cheat", STORE_BOARD_WINS, 1,
	    1, rows, 4, &cause), 1);
	assert_string_equal(rows[0].nick, "ann");
	assert_int_equal(rows[0].value, 1);
	assert_int_equal(store_season_mark(f->s, 3, "#cheater", &cause), 0);
	assert_int_equal(store_check(f->s, NULL), 0);
	store_files_cli_expect(path, "PRAGMA foreign_key_check", "");
}

/* Rows a version 11 file adds to version 9's: a season announced in
 * #cheater, a second ignored mask. */
static const char v11_rows[] =
    "INSERT INTO season_announced VALUES (3, '#Cheater', 900);"
    "INSERT INTO ignores VALUES ('*!*@junk.test', 'ann', 950);"
    "PRAGMA user_version = 11;";

/* Writes a version 11 database (make_v7()'s file, then versions 8 to 11
 * and their rows) with more SQL run after it (NULL: none), and checks
 * it is at version; its path in path. */
static void
make_v11(struct store_fixture *f, const char *more, const char *version,
    char *path, size_t size)
{
	char sql[8192];
	int n;

	make_v7(f, path, size);
	n = snprintf(sql, sizeof sql, "%s %s %s %s %s %s %s %s",
	    store_files_released[7], v8_rows, store_files_released[8],
	    v9_rows, store_files_released[9], store_files_released[10],
	    v11_rows, more != NULL ? more : "");
	assert_true(n > 0 && (size_t)n < sizeof sql);
	store_files_cli_expect(path, sql, "");
	store_files_cli_expect(path, "PRAGMA user_version", version);
}

/* Version 12 puts every row under a network: a version 11 file's
 * players, games, announced seasons and ignored masks are the bot's with
 * no network (''), and a bot that names none goes on as before; a bot of
 * network "net" then keeps its players and games apart, and shows the
 * others' players with their network. */
static void
test_migrate_v11(void **state)
{
	struct store_fixture *f = *state;
	static const char dump[] =
	    "SELECT " V1_PLAYERS " FROM players; SELECT " V9_GAMES " FROM games;"
	    " SELECT * FROM game_players; SELECT * FROM moves;"
	    " SELECT * FROM results; SELECT * FROM stats;"
	    " SELECT * FROM titles; SELECT mask, added_by, at FROM ignores;"
	    " SELECT * FROM bluffs; SELECT * FROM ratings;"
	    " SELECT * FROM rating_history;"
	    " SELECT channel, at FROM season_announced;";
	char path[256], **masks = NULL, *cause = NULL;
	struct store_stats st;

	make_v11(f, NULL, "11", path, sizeof path);
	migrate_keeps(f, path, dump);
	store_files_cli_expect(path,
	    "SELECT DISTINCT network FROM players;"
	    " SELECT DISTINCT network FROM games;"
	    " SELECT network || ':' || channel FROM season_announced;"
	    " SELECT network || ':' || mask FROM ignores ORDER BY at",
	    "\n\n:#Cheater\n:*!*@spam.test\n:*!*@junk.test");
	/* Version 13: the season announced, the first recorded, is the
	 * database's Season 1. */
	store_files_cli_expect(path,
	    "SELECT season FROM season_announced;"
	    " SELECT season FROM season_first", "1\n3");
	/* No network: the rows are the bot's, as before. */
	assert_int_equal(store_season_mark(f->s, 1, "#cheater", &cause), 1);
	assert_int_equal(store_ignores(f->s, &masks, &cause), 2);
	assert_string_equal(masks[0], "*!*@spam.test");
	assert_string_equal(masks[1], "*!*@junk.test");
	free(masks[0]);
	free(masks[1]);
	free(masks);
	assert_int_equal(store_ignore_add(f->s, "*!*@SPAM.test", "ann",
	    &cause), 1);

	/* Network "net": none of them are its own. */
	store_set_network(f->s, "net");
	assert_int_equal(store_season_mark(f->s, 1, "#cheater", &cause), 0);
	assert_int_equal(store_ignores(f->s, &masks, &cause), 0);
	free(masks);
	assert_int_equal(store_ignore_add(f->s, "*!*@spam.test", "cy",
	    &cause), 0);
	assert_int_equal(store_stats(f->s, "ann", NULL, &st, &cause), 0);
	assert_string_equal(st.nick, "ann");
	assert_int_equal(store_check(f->s, NULL), 0);
	store_files_cli_expect(path, "PRAGMA foreign_key_check", "");
}

/* Rows a version 12 file adds to version 11's: the bot's seasons 5 and
 * 6 recorded by games, 4 announced in #cheater on network net. */
static const char v12_rows[] =
    "UPDATE games SET season = 5 WHERE id = 2;"
    "UPDATE games SET season = 6 WHERE id = 3;"
    "INSERT INTO season_announced VALUES (4, 'net', '#cheater', 990);"
    "PRAGMA user_version = 12;";

/* Version 13 numbers the seasons from the first the file recorded: a
 * version 12 file's seasons, the games' and the announced ones, were
 * the bot's count (3 to 6 here, 3 the first); they become 1 to 4, the
 * bot's 3 its Season 1, every other row kept, and a game finished after
 * it in the bot's 8 is Season 6. */
static void
test_migrate_v12(void **state)
{
	struct store_fixture *f = *state;
	static const char dump[] =
	    "SELECT " V1_PLAYERS ", network FROM players;"
	    " SELECT " V9_GAMES ", pruned, network FROM games;"
	    " SELECT * FROM game_players; SELECT * FROM moves;"
	    " SELECT * FROM results; SELECT * FROM stats;"
	    " SELECT * FROM titles; SELECT * FROM ignores;"
	    " SELECT * FROM bluffs; SELECT * FROM ratings;"
	    " SELECT * FROM rating_history;"
	    " SELECT network, channel, at FROM season_announced;";
	char path[256], more[4096], *cause = NULL;
	int64_t first = 0;

	snprintf(more, sizeof more, "%s %s", store_files_released[11],
	    v12_rows);
	make_v11(f, more, "12", path, sizeof path);
	migrate_keeps(f, path, dump);
	store_files_cli_expect(path,
	    "SELECT id, coalesce(season, '-') FROM games ORDER BY id;"
	    " SELECT season, network FROM season_announced ORDER BY at;"
	    " SELECT one, season FROM season_first",
	    "1|-\n2|3\n3|4\n1|\n2|net\n1|3");
	assert_int_equal(store_season_first(f->s, &first, &cause), 0);
	assert_int_equal(first, 3);
	assert_int_equal(ann_beats_ben(f->s, 8), 4);
	store_files_cli_expect(path, "SELECT season FROM games WHERE id = 4",
	    "6");
	assert_int_equal(store_check(f->s, NULL), 0);
	store_files_cli_expect(path, "PRAGMA foreign_key_check", "");
}

static void
test_migrate_read_only(void **state)
{
	struct store_fixture *f = *state;
	char path[256], uri[300], want[512], *cause = NULL;

	make_v1(f, NULL, path, sizeof path);
	snprintf(want, sizeof want,
	    "database '%s': schema version 1 must be upgraded to "
	    STORE_FILES_CURRENT ", which a read-only open cannot do",
	    path);
	assert_null(store_open_readonly(path, &cause));
	expect_cause(-1, &cause, want);
	snprintf(uri, sizeof uri, "file:%s?mode=ro", path);
	assert_null(store_open(uri, &cause));
	expect_cause(-1, &cause,
	    "schema version 1 must be upgraded to " STORE_FILES_CURRENT);
	store_files_cli_expect(path, "PRAGMA user_version", "1");
}

static void
test_migrate_failure_keeps_v1(void **state)
{
	struct store_fixture *f = *state;
	char path[256], before[4096], after[4096], *cause = NULL;

	/* Someone added a column of the name migration 2 adds second: the
	 * script fails after its first statement. */
	make_v1(
	    f, "ALTER TABLE game_players ADD COLUMN ident;", path, sizeof path);
	assert_int_equal(
	    store_files_cli(path, v1_dump, before, sizeof before), 0);
	assert_null(store_open(path, &cause));
	expect_cause(-1, &cause, "duplicate column name: ident");
	/* All of it was rolled back, the first statement's column too. */
	store_files_cli_expect(path, "PRAGMA user_version", "1");
	store_files_cli_expect(path,
	    "SELECT count(*) FROM pragma_table_info('games')"
	    " WHERE name = 'dealer'",
	    "0");
	assert_int_equal(
	    store_files_cli(path, v1_dump, after, sizeof after), 0);
	assert_string_equal(after, before);
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
#define T(name) STORE_FILES_TEST(name)
	    T(test_migrate_v1),
	    T(test_migrate_v2),
	    T(test_migrate_v4),
	    T(test_migrate_v7),
	    T(test_migrate_v8),
	    T(test_migrate_v9),
	    T(test_migrate_v11),
	    T(test_migrate_v12),
	    T(test_migrate_read_only),
	    T(test_migrate_failure_keeps_v1),
#undef T
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
