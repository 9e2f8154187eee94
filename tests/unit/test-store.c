/*
 * Unit tests of storage/ (connection, schema, players, preferences, the
 * game log): every case runs against a real SQLite file in a fresh
 * directory under /tmp, removed afterwards (tests/lib/store-files.h).  Some
 * cases look at the file from outside with the sqlite3 command-line tool,
 * as an operator would: the schema version, or a second process holding
 * the write lock.  Results and stats are in test-store-stats.c, the file
 * as a whole (claim, backup, check) in test-store-file.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "storage/store.h"
#include "storage/target.h"
#include "tests/lib/store-files.h"

static void
test_open_creates_schema(void **state)
{
	struct store_fixture *f = *state;
	struct stat sb;

	assert_int_equal(stat(f->path, &sb), 0);
	store_files_cli_expect(
	    f->path, "PRAGMA user_version", STORE_FILES_CURRENT);
	store_files_cli_expect(f->path, "PRAGMA journal_mode", "wal");
	store_files_cli_expect(f->path,
	    "SELECT group_concat(name, ' ') FROM (SELECT name"
	    " FROM sqlite_schema WHERE type = 'table' ORDER BY name)",
	    "bluffs game_players games ignores moves players prefs "
	    "rating_history ratings results season_announced season_first solo "
	    "solo_history solo_titles stats titles");
	store_close(NULL);
}

static void
test_reopen_is_idempotent(void **state)
{
	struct store_fixture *f = *state;
	int64_t id;
	int i;

	id = store_files_player(f->s, "a:alice", "alice");
	for (i = 0; i < 3; i++) {
		store_files_reopen(f, f->path);
		assert_int_equal(
		    store_files_player(f->s, "a:alice", "alice"), id);
	}
	store_files_cli_expect(f->path, store_files_version_sql(f->path),
	    STORE_FILES_CURRENT);
	store_files_cli_expect(f->path, "SELECT count(*) FROM players", "1");
}

static void
test_future_version_refused(void **state)
{
	struct store_fixture *f = *state;
	char *cause = NULL;
	struct store *s;

	store_close(f->s);
	f->s = NULL;
	store_files_set_version(f->path, 99);
	s = store_open(f->path, &cause);
	assert_null(s);
	expect_cause(-1, &cause,
	    "schema version 99 is newer than this "
	    "cheaterbot's (" STORE_FILES_CURRENT ")");
	store_files_cli_expect(f->path, store_files_version_sql(f->path), "99");
}

static void
test_open_failures(void **state)
{
	struct store_fixture *f = *state;
	char path[256], *cause = NULL;
	FILE *fp;

	assert_null(store_open("/nonexistent/cheaterbot/x.db", &cause));
	assert_non_null(cause);
	assert_string_equal(cause, "database '/nonexistent/cheaterbot/x.db': "
	                           "unable to open database file");
	free(cause);

	snprintf(path, sizeof path, "%s/junk.db", f->dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	for (int i = 0; i < 100; i++)
		fputs("this is not a database, only text. ", fp);
	fclose(fp);
	cause = NULL;
	assert_null(store_open(path, &cause));
	expect_cause(-1, &cause, "file is not a database");
}

static void
test_players(void **state)
{
	struct store_fixture *f = *state;
	struct store_stats st;
	char nick[100], *cause = NULL;
	int64_t a, b;
	int i;

	a = store_files_player(f->s, "n:alice", "Alice");
	b = store_files_player(f->s, "a:bob", "bob");
	assert_true(a > 0 && b > 0 && a != b);
	/* Seen again under a new nick: the same player, the nick updated. */
	assert_int_equal(store_files_player(f->s, "n:alice", "Alicia"), a);
	assert_int_equal(store_stats(f->s, "alicia", NULL, &st, NULL), 0);
	assert_string_equal(st.nick, "Alicia");
	assert_int_equal(store_stats(f->s, "alice", NULL, &st, NULL), 1);
	/* Found by key without being written. */
	assert_int_equal(store_player_find(f->s, "n:alice", NULL), a);
	assert_int_equal(store_player_find(f->s, "a:bob", NULL), b);
	assert_int_equal(store_player_find(f->s, "n:nobody", NULL), 0);
	assert_int_equal(store_stats(f->s, "nobody", NULL, &st, NULL), 1);

	expect_cause(
	    store_player(f->s, "", "x", &cause), &cause, "empty player key");

	/* A long nick is cut for display, never inside a character. */
	for (i = 0; i < 33; i++)
		memcpy(nick + 2 * i, "\xc3\xa9", 2); /* e acute */
	nick[66] = '\0';
	store_files_player(f->s, "n:long", nick);
	assert_int_equal(store_stats(f->s, nick, NULL, &st, NULL), 0);
	assert_int_equal(strlen(st.nick), 62);
	assert_memory_equal(st.nick, nick, 62);
}

static void
test_prefs(void **state)
{
	struct store_fixture *f = *state;
	int64_t a, b;
	int value = -7;

	a = store_files_player(f->s, "n:alice", "alice");
	b = store_files_player(f->s, "n:bob", "bob");
	assert_int_equal(store_pref_get(f->s, a, "colour", &value, NULL), 1);
	assert_int_equal(value, -7);
	assert_int_equal(store_pref_set(f->s, a, "colour", 1, NULL), 0);
	assert_int_equal(store_pref_get(f->s, a, "colour", &value, NULL), 0);
	assert_int_equal(value, 1);
	assert_int_equal(store_pref_set(f->s, a, "colour", 0, NULL), 0);
	assert_int_equal(store_pref_get(f->s, a, "colour", &value, NULL), 0);
	assert_int_equal(value, 0);
	assert_int_equal(store_pref_get(f->s, a, "notice", &value, NULL), 1);
	assert_int_equal(store_pref_get(f->s, b, "colour", &value, NULL), 1);
	store_files_reopen(f, f->path);
	assert_int_equal(store_pref_get(f->s, a, "colour", &value, NULL), 0);
	assert_int_equal(value, 0);
}

static void
test_game_log(void **state)
{
	struct store_fixture *f = *state;
	static const char *const texts[] = {
	    "0 play 3 12", "1 call", "-1 close", "2 play 4 5 6", "0 leave"};
	static const char *const idents[] = {
	    "h:~ann@host.one", "h:ben@2001:db8::1", "a:Cy"};
	struct store_game *g;
	int64_t seats[3], game, *ids;
	uint64_t seed = UINT64_MAX - 5;
	char *cause = NULL;
	int i;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	seats[2] = store_files_player(f->s, "a:cy", "Cy");
	game = store_game_begin(f->s, "cheat", "#cheater", "decks=2", seed,
	    NULL, 2, 3, seats, idents, &cause);
	assert_true(game > 0);
	for (i = 0; i < 5; i++)
		store_files_move(f->s, game, i, i == 2 ? -1 : i % 3, texts[i]);

	store_files_reopen(f, f->path);
	assert_int_equal(store_running(f->s, &ids, NULL), 1);
	assert_int_equal(ids[0], game);
	free(ids);
	g = store_game_load(f->s, game, &cause);
	assert_non_null(g);
	assert_string_equal(g->variant, "cheat");
	assert_string_equal(g->channel, "#cheater");
	assert_string_equal(g->options, "decks=2");
	assert_true(g->seed == seed);
	assert_int_equal(g->dealer, 2);
	assert_int_equal(g->nseats, 3);
	for (i = 0; i < 3; i++)
		assert_string_equal(g->seats[i].ident, idents[i]);
	assert_string_equal(g->seats[2].key, "a:cy");
	assert_string_equal(g->seats[2].nick, "Cy");
	assert_int_equal(g->seats[1].player, seats[1]);
	assert_int_equal(g->nmoves, 5);
	for (i = 0; i < 5; i++)
		assert_string_equal(g->moves[i].text, texts[i]);
	assert_int_equal(g->moves[2].seat, -1);
	store_game_free(g);
	store_game_free(NULL);

	assert_null(store_game_load(f->s, 999, &cause));
	expect_cause(-1, &cause, "no such game 999");
}

/* Calls store_game_begin() for a game of "cheat" in #c and expects it
 * refused with a cause containing want. */
static void
expect_begin_refused(struct store *s, int dealer, int nseats,
    const int64_t *seats, const char *const *idents, const char *want)
{
	char *cause = NULL;

	expect_cause(store_game_begin(s, "cheat", "#c", NULL, 1, NULL, dealer,
	                 nseats, seats, idents, &cause),
	    &cause, want);
}

static void
test_game_begin_refused(void **state)
{
	struct store_fixture *f = *state;
	const char *idents[2] = {"h:ann@a.test", "a:ben"};
	int64_t seats[2], *ids;
	char *cause = NULL;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = 12345;
	expect_begin_refused(
	    f->s, 0, 2, seats, idents, STORE_FILES_FK_FAILED);
	seats[1] = seats[0];
	expect_begin_refused(
	    f->s, 0, 2, seats, idents, STORE_FILES_UNIQUE_FAILED);
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	expect_cause(store_game_begin(f->s, "", "#c", NULL, 1, NULL, 0, 1,
	                 seats, idents, &cause),
	    &cause, "empty variant name");
	expect_begin_refused(
	    f->s, 0, 0, seats, idents, "a game needs a seat, not 0");
	expect_begin_refused(f->s, -1, 2, seats, idents,
	    "dealer -1 is not a seat of a 2-seat game");
	expect_begin_refused(f->s, 2, 2, seats, idents,
	    "dealer 2 is not a seat of a 2-seat game");
	idents[1] = NULL;
	expect_begin_refused(f->s, 0, 2, seats, idents,
	    "seat 1's identity '' is neither a:ACCOUNT, h:USER@HOST "
	    "nor ai:LEVEL");
	idents[1] = "n:ben";
	expect_begin_refused(
	    f->s, 0, 2, seats, idents, "seat 1's identity 'n:ben' is neither");
	idents[1] = "h:";
	expect_begin_refused(
	    f->s, 1, 2, seats, idents, "seat 1's identity 'h:' is neither");
	idents[1] = "";
	expect_begin_refused(
	    f->s, 1, 2, seats, idents, "seat 1's identity '' is neither");
	/* Nothing of the refused games was kept. */
	assert_int_equal(store_running(f->s, &ids, NULL), 0);
	assert_null(ids);
	store_files_cli_expect(f->path, "SELECT count(*) FROM games", "0");
	store_files_cli_expect(
	    f->path, "SELECT count(*) FROM game_players", "0");
	assert_int_equal(store_deals(f->s, "#c", NULL), 0);
}

/* Deals a game of two in channel; its id. */
static int64_t
deal(struct store *s, const char *channel, const int64_t *seats)
{
	static const char *const idents[2] = {"h:a@x.test", "h:b@y.test"};
	char *cause = NULL;
	int64_t game;

	game = store_game_begin(
	    s, "cheat", channel, "", 7, NULL, 1, 2, seats, idents, &cause);
	if (game < 0)
		fail_msg("store_game_begin: %s", cause);
	return game;
}

static void
test_deals(void **state)
{
	struct store_fixture *f = *state;
	struct store_seat_result r[2];
	int64_t seats[2], game;
	char *cause = NULL;
	int n;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	assert_int_equal(store_deals(f->s, "#cheater", &cause), 0);
	deal(f->s, "#cheater", seats);
	game = deal(f->s, "#Cheater", seats);
	assert_int_equal(store_game_abandon(f->s, game, "stopped", NULL), 0);
	game = deal(f->s, "#other", seats);
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[1].place = 2;
	assert_int_equal(
	    store_game_finish(f->s, game, r, 2, NULL, NULL, 0, &n, NULL), 0);
	deal(f->s, "#o'; DROP TABLE games; --", seats);

	/* Every game begun counts, however it ended, in any case of the
	 * channel's name; and across a restart. */
	assert_int_equal(store_deals(f->s, "#CHEATER", &cause), 2);
	assert_int_equal(store_deals(f->s, "#other", &cause), 1);
	assert_int_equal(store_deals(f->s, "#nowhere", &cause), 0);
	store_files_reopen(f, f->path);
	assert_int_equal(store_deals(f->s, "#cheater", &cause), 2);
	assert_int_equal(
	    store_deals(f->s, "#o'; drop TABLE games; --", &cause), 1);
	deal(f->s, "#cheater", seats);
	assert_int_equal(store_deals(f->s, "#cheater", &cause), 3);
	assert_null(cause);
}

static void
test_move_refused(void **state)
{
	struct store_fixture *f = *state;
	struct store_game *g;
	int64_t seats[2], game;
	char *cause = NULL;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	game = store_files_begin(f->s, "cheat", 2, seats);
	store_files_move(f->s, game, 0, 0, "0 play 1");
	expect_cause(store_move(f->s, game, 0, 1, "1 call", &cause), &cause,
	    "move 0 of game 1 is already stored");
	expect_cause(store_move(f->s, game, 2, 1, "1 call", &cause), &cause,
	    "move 2 of game 1 would leave a gap: the next is 1");
	expect_cause(store_move(f->s, game, -1, 1, "1 call", &cause), &cause,
	    "move number -1 is negative");
	expect_cause(store_move(f->s, game, 1, 2, "2 call", &cause), &cause,
	    "game 1 has no seat 2");
	expect_cause(store_move(f->s, game, 1, -2, "x", &cause), &cause,
	    "game 1 has no seat -2");
	expect_cause(store_move(f->s, 77, 0, 0, "0 play 1", &cause), &cause,
	    "no such game 77");
	store_files_move(f->s, game, 1, 1, "1 call");

	g = store_game_load(f->s, game, NULL);
	assert_non_null(g);
	assert_int_equal(g->nmoves, 2);
	assert_string_equal(g->moves[0].text, "0 play 1");
	assert_string_equal(g->moves[1].text, "1 call");
	store_game_free(g);

	assert_int_equal(store_game_abandon(f->s, game, "netsplit", NULL), 0);
	expect_cause(store_move(f->s, game, 2, 0, "0 play 2", &cause), &cause,
	    "game 1 was abandoned");
}

static void
test_read_only(void **state)
{
	struct store_fixture *f = *state;
	int64_t seats[1], game;
	struct store_game *g;
	char uri[256], *cause = NULL;
	int value;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	game = store_files_begin(f->s, "cheat", 1, seats);
	store_close(f->s);
	f->s = NULL;
	assert_int_equal(chmod(f->path, 0444), 0);
	/* As root, 0444 does not stop a write: mode=ro does, for anyone. */
	snprintf(uri, sizeof uri, "file:%s?mode=ro", f->path);
	store_files_reopen(f, uri);
	expect_cause(store_move(f->s, game, 0, 0, "0 play 1", &cause), &cause,
	    "attempt to write a readonly database");
	expect_cause(store_pref_set(f->s, seats[0], "colour", 1, &cause),
	    &cause, "attempt to write a readonly database");
	expect_cause(
	    store_player(f->s, "n:new", "new", &cause), &cause, "readonly");
	/* Reading still works. */
	assert_int_equal(
	    store_pref_get(f->s, seats[0], "colour", &value, NULL), 1);
	g = store_game_load(f->s, game, NULL);
	assert_non_null(g);
	assert_int_equal(g->nmoves, 0);
	store_game_free(g);
	assert_int_equal(chmod(f->path, 0644), 0);
}

static void
test_open_readonly(void **state)
{
	struct store_fixture *f = *state;
	int64_t seats[1], game;
	struct store_game *g;
	struct store *ro;
	char path[256], want[512], *cause = NULL;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	game = store_files_begin(f->s, "cheat", 1, seats);
	/* Beside a store that writes: it reads, and cannot write. */
	ro = store_open_readonly(f->path, &cause);
	if (ro == NULL)
		fail_msg("store_open_readonly: %s", cause);
	store_files_move(f->s, game, 0, 0, "0 play 1");
	g = store_game_load(ro, game, &cause);
	assert_non_null(g);
	assert_int_equal(g->nmoves, 1);
	store_game_free(g);
	expect_cause(store_move(ro, game, 1, 0, "0 play 2", &cause), &cause,
	    "attempt to write a readonly database");
	expect_cause(store_game_abandon(ro, game, NULL, &cause), &cause,
	    "attempt to write a readonly database");
	store_close(ro);
	store_files_move(f->s, game, 1, 0, "0 play 2");

	/* A file that is not there is not made. */
	snprintf(path, sizeof path, "%s/none.db", f->dir);
	assert_null(store_open_readonly(path, &cause));
	snprintf(want, sizeof want,
	    "database '%s': unable to open database file", path);
	expect_cause(-1, &cause, want);
	assert_int_equal(access(path, F_OK), -1);
}

/* Starts the sqlite3 tool holding the write lock on f's database until
 * its input is closed; returns the write end of its input. */
static int
hold_lock(struct store_fixture *f, pid_t *pid)
{
	char held[128];
	struct timespec ts = {0, 10 * 1000 * 1000};
	int fds[2], i, status;

	snprintf(held, sizeof held, "%s/held", f->dir);
	assert_int_equal(pipe(fds), 0);
	*pid = fork();
	assert_true(*pid >= 0);
	if (*pid == 0) {
		dup2(fds[0], 0);
		close(fds[0]);
		close(fds[1]);
		execlp("sqlite3", "sqlite3", "-batch", f->path, (char *)NULL);
		_exit(127);
	}
	close(fds[0]);
	dprintf(fds[1], "BEGIN IMMEDIATE;\n.shell touch '%s'\n", held);
	for (i = 0; i < 500 && access(held, F_OK) != 0; i++) {
		if (waitpid(*pid, &status, WNOHANG) == *pid)
			fail_msg("sqlite3 exited early");
		nanosleep(&ts, NULL);
	}
	assert_int_equal(access(held, F_OK), 0);
	return fds[1];
}

static void
test_locked(void **state)
{
	struct store_fixture *f = *state;
	int64_t seats[1], game;
	char uri[256], *cause = NULL;
	pid_t pid;
	int fd, status;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	game = store_files_begin(f->s, "cheat", 1, seats);
	snprintf(uri, sizeof uri, "file:%s?busy_timeout=100", f->path);
	store_files_reopen(f, uri);

	fd = hold_lock(f, &pid);
	expect_cause(store_move(f->s, game, 0, 0, "0 play 1", &cause), &cause,
	    "database is locked");
	expect_cause(store_game_abandon(f->s, game, NULL, &cause), &cause,
	    "database is locked");
	close(fd);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));

	store_files_move(f->s, game, 0, 0, "0 play 1");
}

static void
test_quotes_stored_verbatim(void **state)
{
	struct store_fixture *f = *state;
	static const char key[] = "n:x'); DROP TABLE players; --";
	static const char nick[] = "Rob'); DELETE FROM stats;--\"";
	static const char text[] = "0 say '; DROP TABLE moves; --";
	static const char name[] = "colour'; UPDATE prefs SET value = 9; --";
	struct store_stats st;
	struct store_game *g;
	int64_t id, game;
	int value;

	id = store_files_player(f->s, key, nick);
	assert_int_equal(store_files_player(f->s, key, nick), id);
	game = store_files_begin(f->s, "cheat'--", 1, &id);
	store_files_move(f->s, game, 0, 0, text);
	assert_int_equal(store_pref_set(f->s, id, name, 3, NULL), 0);
	assert_int_equal(store_pref_set(f->s, id, "colour", 1, NULL), 0);
	assert_int_equal(store_pref_get(f->s, id, name, &value, NULL), 0);
	assert_int_equal(value, 3);

	g = store_game_load(f->s, game, NULL);
	assert_non_null(g);
	assert_string_equal(g->variant, "cheat'--");
	assert_string_equal(g->seats[0].key, key);
	assert_string_equal(g->seats[0].nick, nick);
	assert_string_equal(g->moves[0].text, text);
	store_game_free(g);
	assert_int_equal(store_stats(f->s, nick, NULL, &st, NULL), 0);
	assert_string_equal(st.nick, nick);
	store_files_cli_expect(f->path, "SELECT count(*) FROM players", "1");
	store_files_cli_expect(f->path, "SELECT count(*) FROM moves", "1");
}

/* Two bots of a league, on networks "neta" and "netb", on one database:
 * each has its own "alice" and "bob", and both the one AI player; each
 * runs and counts its own games in its own "#cheater"; the boards show
 * both alices, the other network's with its name; a nick is looked up
 * on the bot's own network first; keys read back are the bot's own. */
static void
test_networks(void **state)
{
	struct store_fixture *f = *state;
	struct store_seat_result r[2];
	struct store_top_row rows[4];
	struct store_game *g;
	struct store_stats st;
	struct store *b;
	int64_t pa[2], pb[2], ai[2], *ids = NULL;
	int64_t ga, gb;
	char *cause = NULL, **keys = NULL;
	int n;

	store_set_network(f->s, "neta");
	b = store_open(f->path, &cause);
	if (b == NULL)
		fail_msg("store_open: %s", cause);
	store_set_network(b, "netb");
	pa[0] = store_files_player(f->s, "a:alice", "alice");
	ai[0] = store_files_player(f->s, "ai:Ada", "Ada");
	pb[0] = store_files_player(b, "a:alice", "Alice");
	ai[1] = store_files_player(b, "ai:Ada", "Ada");
	pa[1] = store_files_player(f->s, "n:bob", "bob");
	pb[1] = store_files_player(b, "n:bob", "bob");
	assert_true(pa[0] != pb[0]);
	assert_int_equal(ai[0], ai[1]);
	store_files_cli_expect(f->path,
	    "SELECT key, network FROM players ORDER BY id",
	    "neta/a:alice|neta\nai:Ada|\nnetb/a:alice|netb\n"
	    "neta/n:bob|neta\nnetb/n:bob|netb");
	assert_int_equal(store_player_find(b, "a:alice", NULL), pb[0]);
	assert_int_equal(store_player_find(f->s, "a:alice", NULL), pa[0]);

	ga = store_files_begin(f->s, "cheat", 2, pa);
	gb = store_files_begin(b, "cheat", 2, pb);
	assert_int_equal(store_deals(f->s, "#Cheater", &cause), 1);
	assert_int_equal(store_running(f->s, &ids, &cause), 1);
	assert_int_equal(ids[0], ga);
	free(ids);
	ids = NULL;
	assert_int_equal(store_running(b, &ids, &cause), 1);
	assert_int_equal(ids[0], gb);
	free(ids);
	g = store_game_load(b, gb, &cause);
	assert_non_null(g);
	assert_string_equal(g->seats[0].key, "a:alice");
	assert_string_equal(g->seats[1].key, "n:bob");
	store_game_free(g);

	memset(r, 0, sizeof r);
	r[0].place = 1;
	r[0].won = 1;
	r[1].place = 2;
	assert_int_equal(
	    store_game_finish(f->s, ga, r, 2, NULL, NULL, 0, &n, &cause), 0);
	assert_int_equal(
	    store_game_finish(b, gb, r, 2, NULL, NULL, 0, &n, &cause), 0);
	assert_int_equal(store_top(f->s, "cheat", STORE_BOARD_WINS, 1, rows,
	    4, &cause), 2);
	assert_string_equal(rows[0].nick, "alice");
	assert_string_equal(rows[1].nick, "Alice@netb");
	assert_int_equal(store_top(b, "cheat", STORE_BOARD_WINS, 1, rows, 4,
	    &cause), 2);
	assert_string_equal(rows[0].nick, "Alice");
	assert_string_equal(rows[1].nick, "alice@neta");
	assert_int_equal(store_stats(f->s, "ALICE", "cheat", &st, &cause), 0);
	assert_string_equal(st.nick, "alice");
	assert_int_equal(store_stats(b, "alice", "cheat", &st, &cause), 0);
	assert_string_equal(st.nick, "Alice");
	/* The other network's player, as the boards show them. */
	assert_int_equal(store_stats(f->s, "Alice@netb", "cheat", &st,
	    &cause), 0);
	assert_string_equal(st.nick, "Alice@netb");
	assert_int_equal(st.wins, 1);
	assert_int_equal(store_stats(f->s, "alice@nowhere", "cheat", &st,
	    &cause), 1);

	assert_int_equal(store_pref_set(b, pb[0], "notify", 1, &cause), 0);
	assert_int_equal(store_pref_players(f->s, "notify:cheat", "notify",
	    &keys, &cause), 0);
	free(keys);
	assert_int_equal(store_pref_players(b, "notify:cheat", "notify",
	    &keys, &cause), 1);
	assert_string_equal(keys[0], "a:alice");
	free(keys[0]);
	free(keys);
	store_close(b);
}

/* A league's database (PostgreSQL) needs a network before it is
 * claimed: a bot given none learns it from the server first
 * (bot/core/network.c); an SQLite file needs none. */
static void
test_needs_network(void **state)
{
	struct store_fixture *f = *state;
	char *cause = NULL;

	if (!store_files_pgsql()) {
		assert_false(store_needs_network(f->s));
		store_set_network(f->s, "neta");
		assert_false(store_needs_network(f->s));
		return;
	}
	assert_true(store_needs_network(f->s));
	assert_int_equal(store_claim(f->s, &cause), -1);
	assert_non_null(strstr(cause, "a league's database is claimed for a "
	    "network, and none is set"));
	free(cause);
	store_set_network(f->s, "neta");
	assert_false(store_needs_network(f->s));
	assert_int_equal(store_claim(f->s, NULL), 0);
}

/* Which names are PostgreSQL's: libpq's URIs and keyword/value strings;
 * the rest are SQLite's. */
static void
test_target_form(void **state)
{
	static const char *const pgsql[] = {"postgresql://db/league",
	    "postgres://db", "host=db dbname=league", "  dbname = league",
	    "password=x", "Host=db", "x=1.db"};
	static const char *const sqlite[] = {"./cheaterbot.db", "bot.db",
	    "file:bot.db?mode=ro", ":memory:", "", "./x=1.db", "/srv/a=b.db",
	    "1x=2.db", "postgresql:/db", "my db.db"};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof pgsql / sizeof pgsql[0]; i++)
		if (!store_target_is_pgsql(pgsql[i]))
			fail_msg("'%s' is not taken for PostgreSQL", pgsql[i]);
	for (i = 0; i < sizeof sqlite / sizeof sqlite[0]; i++)
		if (store_target_is_pgsql(sqlite[i]))
			fail_msg("'%s' is taken for PostgreSQL", sqlite[i]);
}

/* Opens target, which must fail; its cause must hold want and not
 * secret. */
static void
expect_open_hidden(const char *target, const char *want, const char *secret)
{
	char *cause = NULL;

	assert_null(store_open(target, &cause));
	assert_non_null(cause);
	if (strstr(cause, secret) != NULL || strstr(cause, want) == NULL)
		fail_msg("opening '%s': %s", target, cause);
	free(cause);
}

/* A password in a database's name, in any form libpq reads, never
 * reaches a log line or a cause: what libpq takes for the password is
 * what is hidden. */
static void
test_target_shown(void **state)
{
	static const char *const cases[][2] = {
	    {"./cheaterbot.db", "./cheaterbot.db"},
	    {"file:bot.db?mode=ro", "file:bot.db?mode=ro"},
	    {"postgresql://bot@db.example/league",
		"postgresql://bot@db.example/league"},
	    {"postgresql://bot:s3cr3t@db.example:5433/league",
		"postgresql://bot:***@db.example:5433/league"},
	    /* libpq ends the user info at the first '@' (a password with
	     * one must write it %40), and so does the hiding; but a '?'
	     * or a '#' before it is the password's. */
	    {"postgres://bot:p@ss@db/league", "postgres://bot:***@ss@db/league"},
	    {"postgres://bot:pa?ss@db/league", "postgres://bot:***@db/league"},
	    {"postgres://bot:pa#ss@db/league", "postgres://bot:***@db/league"},
	    {"postgresql://bot:x@/league?host=/run/pg",
		"postgresql://bot:***@/league?host=/run/pg"},
	    {"postgresql:///league?user=bot&password=hunter2&sslmode=require",
		"postgresql:///league?user=bot&password=***&sslmode=require"},
	    {"postgresql:///league?password=&host=/tmp",
		"postgresql:///league?password=***&host=/tmp"},
	    /* A query's value runs to the next '&': libpq has no fragment. */
	    {"postgresql://db/league?password=a#frag",
		"postgresql://db/league?password=***"},
	    /* libpq decodes a query's key. */
	    {"postgresql://db/league?pass%77ord=x&user=bot",
		"postgresql://db/league?pass%77ord=***&user=bot"},
	    {"postgresql://u:a@db/l?password=b&password=c",
		"postgresql://u:***@db/l?password=***&password=***"},
	    {"dbname=league", "dbname=league"},
	    {"host=db password=hunter2 dbname=league",
		"host=db password=*** dbname=league"},
	    {"host=db password = 'a b\\' c' dbname=x",
		"host=db password = *** dbname=x"},
	    {"password=my\\ secret host=db", "password=*** host=db"},
	    {"password='unterminated host=db", "password=***"},
	    /* A password with a blank, unquoted: libpq reads no further,
	     * and the rest may be the password's. */
	    {"host=db password=my secret", "host=db password=*** ***"},
	    {"host=db bad dbname=x", "host=db bad dbname=x"},
	    {"x=1.db", "x=1.db"},
	};
	char *shown;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		shown = store_target_shown(cases[i][0]);
		if (strcmp(shown, cases[i][1]) != 0)
			fail_msg("'%s' shown '%s', not '%s'", cases[i][0],
			    shown, cases[i][1]);
		free(shown);
	}
	/* A cause names the database so too, in each form. */
	expect_open_hidden("postgresql://bot:s3cr3t@/nodb?host=/nonexistent",
	    "bot:***@", "s3cr3t");
	expect_open_hidden("postgresql:///nodb?host=/nonexistent&password="
	    "s3cr3t", "password=***", "s3cr3t");
	expect_open_hidden("host=/nonexistent password=s3cr3t dbname=nodb",
	    "password=***", "s3cr3t");
	/* libpq's reason for a string it cannot read may quote it: kept
	 * when it holds no password, else not shown. */
	expect_open_hidden("postgresql://bot:s3%zzcr3t@/nodb?host=/nonexistent",
	    "libpq cannot read it (its reason is not shown", "s3%zzcr3t");
	expect_open_hidden("postgresql://bot@[::1/nodb?password=s3cr3t",
	    "libpq cannot read it (its reason is not shown", "s3cr3t");
	expect_open_hidden("host=/nonexistent password=s3 cr3t",
	    "libpq cannot read it (its reason is not shown", "cr3t");
	expect_open_hidden("postgresql://bot@[::1/nodb", "end of string "
	    "reached when looking for matching \"]\"", "s3cr3t");
	expect_open_hidden("host=/nonexistent dbname", "missing \"=\" after "
	    "\"dbname\"", "s3cr3t");
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
#define T(name) STORE_FILES_TEST(name)
#define S(name) STORE_FILES_SQLITE_TEST(name)
	    S(test_open_creates_schema),
	    T(test_reopen_is_idempotent),
	    T(test_future_version_refused),
	    S(test_open_failures),
	    T(test_players),
	    T(test_prefs),
	    T(test_game_log),
	    T(test_game_begin_refused),
	    T(test_deals),
	    T(test_move_refused),
	    S(test_read_only),
	    S(test_open_readonly),
	    S(test_locked),
	    T(test_quotes_stored_verbatim),
	    T(test_networks),
	    cmocka_unit_test(test_target_form),
	    T(test_needs_network),
	    cmocka_unit_test(test_target_shown),
#undef T
#undef S
	};

	signal(SIGPIPE, SIG_IGN);
	return STORE_FILES_RUN(tests);
}
