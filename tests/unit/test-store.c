/*
 * Unit tests of storage/: every case runs against a real SQLite file in a
 * fresh directory under /tmp, removed afterwards.  Some cases look at the
 * file from outside with the sqlite3 command-line tool (a Makefile
 * dependency), as an operator would: the schema version, integrity, or a
 * second process holding the write lock.
 */
#include <dirent.h>
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

struct fixture {
	char dir[64];
	char path[128];
	struct store *s;
};

static int
setup(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	char *cause = NULL;
	int n;

	assert_non_null(f);
	snprintf(f->dir, sizeof f->dir, "/tmp/test-store.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	n = snprintf(f->path, sizeof f->path, "%s/bot.db", f->dir);
	assert_true(n > 0 && (size_t)n < sizeof f->path);
	f->s = store_open(f->path, &cause);
	if (f->s == NULL)
		fail_msg("store_open: %s", cause);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fixture *f = *state;
	struct dirent *de;
	char path[512];
	DIR *d;

	store_close(f->s);
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

/* Checks that a call failed (rc) with a cause containing want, then frees
 * the cause and clears *cause for the next call. */
static void
expect_cause(int64_t rc, char **cause, const char *want)
{
	assert_int_equal(rc, -1);
	assert_non_null(*cause);
	if (strstr(*cause, want) == NULL)
		fail_msg("cause '%s' lacks '%s'", *cause, want);
	free(*cause);
	*cause = NULL;
}

/* Runs the sqlite3 tool on path with one line of SQL; its output, trimmed,
 * goes to out.  Returns the tool's exit status. */
static int
cli(const char *path, const char *sql, char *out, size_t size)
{
	size_t len = 0;
	ssize_t got;
	int fds[2], status;
	pid_t pid;

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

/* Asserts that the sqlite3 tool prints want for sql. */
static void
cli_expect(const char *path, const char *sql, const char *want)
{
	char out[4096];

	assert_int_equal(cli(path, sql, out, sizeof out), 0);
	assert_string_equal(out, want);
}

static int64_t
player(struct store *s, const char *key, const char *nick)
{
	char *cause = NULL;
	int64_t id;

	id = store_player(s, key, nick, &cause);
	if (id < 0)
		fail_msg("store_player: %s", cause);
	return id;
}

static int64_t
begin(struct store *s, const char *variant, int nseats, const int64_t *players)
{
	char *cause = NULL;
	int64_t id;

	id = store_game_begin(
	    s, variant, "#cheater", "rounds=3", 42, nseats, players, &cause);
	if (id < 0)
		fail_msg("store_game_begin: %s", cause);
	return id;
}

static void
move(struct store *s, int64_t game, int n, int seat, const char *text)
{
	char *cause = NULL;

	if (store_move(s, game, n, seat, text, &cause) != 0)
		fail_msg("store_move %d: %s", n, cause);
}

/* Plays a game of variant between a and b to its end: winner's seat wins;
 * with loser set, the other seat is marked lost (a loser game). */
static void
play(struct store *s, const char *variant, int64_t a, int64_t b, int winner,
    int loser)
{
	struct store_seat_result r[2];
	int64_t seats[2] = {a, b};
	char *cause = NULL;
	int64_t game;
	int i;

	game = begin(s, variant, 2, seats);
	move(s, game, 0, 0, "0 play 1");
	memset(r, 0, sizeof r);
	for (i = 0; i < 2; i++) {
		r[i].won = i == winner;
		r[i].lost = loser && i != winner;
		r[i].place = i == winner ? 1 : 2;
		r[i].points = i == winner ? 10 : 0;
	}
	r[winner].detail = "hearts";
	if (store_game_finish(s, game, r, 2, &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
}

static void
expect_stats(
    struct store *s, const char *nick, const char *variant, const int want[5])
{
	struct store_stats st;
	char *cause = NULL;
	int rc;

	rc = store_stats(s, nick, variant, &st, &cause);
	if (rc != 0)
		fail_msg("store_stats '%s': %d %s", nick, rc, cause);
	assert_int_equal(st.games, want[0]);
	assert_int_equal(st.wins, want[1]);
	assert_int_equal(st.losses, want[2]);
	assert_int_equal(st.streak, want[3]);
	assert_int_equal(st.best_streak, want[4]);
}

static struct store *
reopen(struct fixture *f, const char *path)
{
	char *cause = NULL;

	store_close(f->s);
	f->s = store_open(path, &cause);
	if (f->s == NULL)
		fail_msg("store_open '%s': %s", path, cause);
	return f->s;
}

static void
test_open_creates_schema(void **state)
{
	struct fixture *f = *state;
	struct stat sb;

	assert_int_equal(stat(f->path, &sb), 0);
	cli_expect(f->path, "PRAGMA user_version", "1");
	cli_expect(f->path, "PRAGMA journal_mode", "wal");
	cli_expect(f->path,
	    "SELECT group_concat(name, ' ') FROM (SELECT name"
	    " FROM sqlite_schema WHERE type = 'table' ORDER BY name)",
	    "game_players games moves players prefs results stats");
	store_close(NULL);
}

static void
test_reopen_is_idempotent(void **state)
{
	struct fixture *f = *state;
	int64_t id;
	int i;

	id = player(f->s, "a:alice", "alice");
	for (i = 0; i < 3; i++) {
		reopen(f, f->path);
		assert_int_equal(player(f->s, "a:alice", "alice"), id);
	}
	cli_expect(f->path, "PRAGMA user_version", "1");
	cli_expect(f->path, "SELECT count(*) FROM players", "1");
}

static void
test_future_version_refused(void **state)
{
	struct fixture *f = *state;
	char out[256], *cause = NULL;
	struct store *s;

	store_close(f->s);
	f->s = NULL;
	assert_int_equal(
	    cli(f->path, "PRAGMA user_version = 99", out, sizeof out), 0);
	s = store_open(f->path, &cause);
	assert_null(s);
	expect_cause(-1, &cause,
	    "schema version 99 is newer than this "
	    "cheaterbot's (1)");
	cli_expect(f->path, "PRAGMA user_version", "99");
}

static void
test_open_failures(void **state)
{
	struct fixture *f = *state;
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
	struct fixture *f = *state;
	struct store_stats st;
	char nick[100], *cause = NULL;
	int64_t a, b;
	int i;

	a = player(f->s, "n:alice", "Alice");
	b = player(f->s, "a:bob", "bob");
	assert_true(a > 0 && b > 0 && a != b);
	/* Seen again under a new nick: the same player, the nick updated. */
	assert_int_equal(player(f->s, "n:alice", "Alicia"), a);
	assert_int_equal(store_stats(f->s, "alicia", NULL, &st, NULL), 0);
	assert_string_equal(st.nick, "Alicia");
	assert_int_equal(store_stats(f->s, "alice", NULL, &st, NULL), 1);

	expect_cause(
	    store_player(f->s, "", "x", &cause), &cause, "empty player key");

	/* A long nick is cut for display, never inside a character. */
	for (i = 0; i < 33; i++)
		memcpy(nick + 2 * i, "\xc3\xa9", 2); /* e acute */
	nick[66] = '\0';
	player(f->s, "n:long", nick);
	assert_int_equal(store_stats(f->s, nick, NULL, &st, NULL), 0);
	assert_int_equal(strlen(st.nick), 62);
	assert_memory_equal(st.nick, nick, 62);
}

static void
test_prefs(void **state)
{
	struct fixture *f = *state;
	int64_t a, b;
	int value = -7;

	a = player(f->s, "n:alice", "alice");
	b = player(f->s, "n:bob", "bob");
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
	reopen(f, f->path);
	assert_int_equal(store_pref_get(f->s, a, "colour", &value, NULL), 0);
	assert_int_equal(value, 0);
}

static void
test_game_log(void **state)
{
	struct fixture *f = *state;
	static const char *const texts[] = {
	    "0 play 3 12", "1 call", "-1 close", "2 play 4 5 6", "0 leave"};
	struct store_game *g;
	int64_t seats[3], game, *ids;
	uint64_t seed = UINT64_MAX - 5;
	char *cause = NULL;
	int i;

	seats[0] = player(f->s, "n:ann", "ann");
	seats[1] = player(f->s, "n:ben", "ben");
	seats[2] = player(f->s, "a:cy", "Cy");
	game = store_game_begin(
	    f->s, "cheat", "#cheater", "decks=2", seed, 3, seats, &cause);
	assert_true(game > 0);
	for (i = 0; i < 5; i++)
		move(f->s, game, i, i == 2 ? -1 : i % 3, texts[i]);

	reopen(f, f->path);
	assert_int_equal(store_running(f->s, &ids, NULL), 1);
	assert_int_equal(ids[0], game);
	free(ids);
	g = store_game_load(f->s, game, &cause);
	assert_non_null(g);
	assert_string_equal(g->variant, "cheat");
	assert_string_equal(g->channel, "#cheater");
	assert_string_equal(g->options, "decks=2");
	assert_true(g->seed == seed);
	assert_int_equal(g->nseats, 3);
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

static void
test_game_begin_refused(void **state)
{
	struct fixture *f = *state;
	int64_t seats[2], *ids;
	char *cause = NULL;

	seats[0] = player(f->s, "n:ann", "ann");
	seats[1] = 12345;
	expect_cause(
	    store_game_begin(f->s, "cheat", "#c", NULL, 1, 2, seats, &cause),
	    &cause, "FOREIGN KEY constraint failed");
	seats[1] = seats[0];
	expect_cause(
	    store_game_begin(f->s, "cheat", "#c", NULL, 1, 2, seats, &cause),
	    &cause, "UNIQUE constraint failed");
	expect_cause(
	    store_game_begin(f->s, "", "#c", NULL, 1, 1, seats, &cause), &cause,
	    "empty variant name");
	expect_cause(
	    store_game_begin(f->s, "cheat", "#c", NULL, 1, 0, seats, &cause),
	    &cause, "a game needs a seat, not 0");
	/* Nothing of the refused games was kept. */
	assert_int_equal(store_running(f->s, &ids, NULL), 0);
	assert_null(ids);
	cli_expect(f->path, "SELECT count(*) FROM games", "0");
}

static void
test_move_refused(void **state)
{
	struct fixture *f = *state;
	struct store_game *g;
	int64_t seats[2], game;
	char *cause = NULL;

	seats[0] = player(f->s, "n:ann", "ann");
	seats[1] = player(f->s, "n:ben", "ben");
	game = begin(f->s, "cheat", 2, seats);
	move(f->s, game, 0, 0, "0 play 1");
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
	move(f->s, game, 1, 1, "1 call");

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
test_finish_streaks(void **state)
{
	struct fixture *f = *state;
	static const int after[4][2][5] = {
	    /* games, wins, losses, streak, best: ann, then ben */
	    {{1, 1, 0, 1, 1}, {1, 0, 1, 0, 0}},
	    {{2, 2, 0, 2, 2}, {2, 0, 2, 0, 0}},
	    {{3, 2, 1, 0, 2}, {3, 1, 2, 1, 1}},
	    {{4, 3, 1, 1, 2}, {4, 1, 3, 0, 1}},
	};
	static const int winner[4] = {0, 0, 1, 0};
	int64_t a, b;
	int i;

	a = player(f->s, "n:ann", "ann");
	b = player(f->s, "n:ben", "ben");
	for (i = 0; i < 4; i++) {
		play(f->s, "cheat", a, b, winner[i], 1);
		expect_stats(f->s, "ann", "cheat", after[i][0]);
		expect_stats(f->s, "ben", "cheat", after[i][1]);
		expect_stats(f->s, "ann", NULL, after[i][0]);
	}
	cli_expect(f->path, "SELECT count(*), sum(won), sum(lost) FROM results",
	    "8|4|4");
	cli_expect(f->path,
	    "SELECT detail FROM results WHERE game = 3 AND"
	    " won",
	    "hearts");
}

static void
test_finish_refused(void **state)
{
	struct fixture *f = *state;
	static const int one[5] = {1, 1, 0, 1, 1};
	static const int none[5] = {0, 0, 0, 0, 0};
	struct store_seat_result r[2];
	int64_t seats[2], game, *ids;
	char *cause = NULL;

	seats[0] = player(f->s, "n:ann", "ann");
	seats[1] = player(f->s, "n:ben", "ben");
	game = begin(f->s, "cheat", 2, seats);
	memset(r, 0, sizeof r);
	r[0].won = r[0].place = 1;
	r[1].place = 2;

	expect_cause(store_game_finish(f->s, game, r, 1, &cause), &cause,
	    "game 1 has 2 seats, not 1");
	r[1].won = r[1].lost = 1;
	expect_cause(store_game_finish(f->s, game, r, 2, &cause), &cause,
	    "seat 1 both won and lost");
	/* The refused finishes left nothing behind, not even seat 0's. */
	expect_stats(f->s, "ann", NULL, none);
	cli_expect(f->path, "SELECT count(*) FROM results", "0");

	r[1].won = r[1].lost = 0;
	assert_int_equal(store_game_finish(f->s, game, r, 2, NULL), 0);
	expect_cause(store_game_finish(f->s, game, r, 2, &cause), &cause,
	    "game 1 is already finished");
	expect_cause(store_game_abandon(f->s, game, NULL, &cause), &cause,
	    "game 1 is already finished");
	expect_stats(f->s, "ann", "cheat", one);
	expect_stats(f->s, "ann", NULL, one);
	assert_int_equal(store_running(f->s, &ids, NULL), 0);
	free(ids);
	expect_cause(
	    store_game_finish(f->s, 5, r, 2, &cause), &cause, "no such game 5");
}

static void
test_abandon(void **state)
{
	struct fixture *f = *state;
	static const int none[5] = {0, 0, 0, 0, 0};
	static const int one[5] = {1, 1, 0, 1, 1};
	struct store_seat_result r[2];
	int64_t seats[2], game, *ids;
	char *cause = NULL;

	seats[0] = player(f->s, "n:ann", "ann");
	seats[1] = player(f->s, "n:ben", "ben");
	play(f->s, "cheat", seats[0], seats[1], 0, 0);
	game = begin(f->s, "cheat", 2, seats);
	move(f->s, game, 0, 0, "0 play 1");
	assert_int_equal(store_game_abandon(f->s, game, "netsplit", NULL), 0);
	expect_stats(f->s, "ann", "cheat", one);
	expect_stats(f->s, "ben", NULL, (const int[5]){1, 0, 0, 0, 0});
	assert_int_equal(store_running(f->s, &ids, NULL), 0);
	free(ids);
	cli_expect(f->path,
	    "SELECT state, why, ended IS NOT NULL FROM games"
	    " WHERE id = 2",
	    "abandoned|netsplit|1");

	memset(r, 0, sizeof r);
	r[1].won = 1;
	expect_cause(store_game_finish(f->s, game, r, 2, &cause), &cause,
	    "game 2 was abandoned");
	expect_cause(store_game_abandon(f->s, game, NULL, &cause), &cause,
	    "game 2 was abandoned");
	expect_stats(f->s, "ann", NULL, one);

	/* A player who never finished a game has zeros, not "unknown". */
	player(f->s, "n:cy", "cy");
	expect_stats(f->s, "cy", "cheat", none);
}

static void
test_stats_by_nick(void **state)
{
	struct fixture *f = *state;
	struct store_stats st;
	int64_t old, new, other;
	char *cause = NULL;

	old = player(f->s, "n:bob", "Bob");
	other = player(f->s, "n:eve", "eve");
	play(f->s, "cheat", old, other, 0, 0);
	assert_int_equal(store_stats(f->s, "BOB", "cheat", &st, &cause), 0);
	assert_string_equal(st.nick, "Bob");
	assert_int_equal(st.wins, 1);
	assert_int_equal(store_stats(f->s, "nobody", NULL, &st, NULL), 1);
	assert_int_equal(store_stats(f->s, "bob", "uno", &st, NULL), 0);
	assert_int_equal(st.games, 0);

	/* Someone else now uses the nick: they are the one found. */
	new = player(f->s, "a:robert", "bob");
	assert_true(new != old);
	assert_int_equal(store_stats(f->s, "Bob", NULL, &st, NULL), 0);
	assert_string_equal(st.nick, "bob");
	assert_int_equal(st.games, 0);
	/* Unless the first was seen more recently. */
	cli_expect(f->path,
	    "UPDATE players SET last_seen = last_seen + 60"
	    " WHERE key = 'n:bob'",
	    "");
	assert_int_equal(store_stats(f->s, "Bob", NULL, &st, NULL), 0);
	assert_string_equal(st.nick, "Bob");
	assert_int_equal(st.games, 1);
}

static void
test_variant_null_aggregates(void **state)
{
	struct fixture *f = *state;
	int64_t a, b;

	a = player(f->s, "n:ann", "ann");
	b = player(f->s, "n:ben", "ben");
	play(f->s, "cheat", a, b, 0, 1);
	play(f->s, "uno", a, b, 0, 1);
	play(f->s, "uno", a, b, 0, 1);
	play(f->s, "cheat", a, b, 1, 1);
	play(f->s, "uno", a, b, 0, 1);
	expect_stats(f->s, "ann", "cheat", (const int[5]){2, 1, 1, 0, 1});
	expect_stats(f->s, "ann", "uno", (const int[5]){3, 3, 0, 3, 3});
	expect_stats(f->s, "ann", NULL, (const int[5]){5, 4, 1, 1, 3});
	expect_stats(f->s, "ben", NULL, (const int[5]){5, 1, 4, 0, 1});
	/* The all-variants row is the sum of the variants' rows. */
	cli_expect(f->path,
	    "SELECT count(*) FROM stats AS a WHERE variant = ''"
	    " AND games = (SELECT sum(games) FROM stats AS v"
	    "  WHERE v.player = a.player AND v.variant <> '')",
	    "2");
}

/* Expects a board's rows as "nick:value:games nick:value:games". */
static void
expect_top(struct store *s, const char *variant, enum store_board board,
    int max, const char *want)
{
	struct store_top_row rows[8];
	char got[512], *cause = NULL;
	size_t len = 0;
	int n, i;

	assert_true(max <= 8);
	n = store_top(s, variant, board, rows, max, &cause);
	if (n < 0)
		fail_msg("store_top: %s", cause);
	got[0] = '\0';
	for (i = 0; i < n; i++) {
		len += (size_t)snprintf(got + len, sizeof got - len,
		    "%s%s:%d:%d", i ? " " : "", rows[i].nick, rows[i].value,
		    rows[i].games);
		assert_true(len < sizeof got);
	}
	assert_string_equal(got, want);
}

static void
test_top_boards(void **state)
{
	struct fixture *f = *state;
	int64_t ann, ben, cy, dee;

	ann = player(f->s, "n:ann", "ann");
	ben = player(f->s, "n:ben", "Ben");
	cy = player(f->s, "n:cy", "cy");
	dee = player(f->s, "n:dee", "dee");
	/* All variants: cy 2 wins in 2 games, ann 2 in 3, Ben 2 in 5. */
	play(f->s, "cheat", ann, dee, 0, 0);
	play(f->s, "cheat", ben, dee, 0, 0);
	play(f->s, "uno", ben, cy, 1, 0);
	play(f->s, "uno", ben, ann, 1, 0);
	play(f->s, "uno", cy, ben, 0, 0);
	play(f->s, "uno", ann, ben, 1, 0);

	/* Equal figures: fewer games first, then the nick, in any case. */
	expect_top(f->s, NULL, STORE_BOARD_WINS, 8, "cy:2:2 ann:2:3 Ben:2:5");
	expect_top(
	    f->s, NULL, STORE_BOARD_GAMES, 8, "Ben:5:5 ann:3:3 cy:2:2 dee:2:2");
	expect_top(f->s, NULL, STORE_BOARD_STREAK, 8, "cy:2:2 ann:2:3 Ben:1:5");
	expect_top(f->s, "uno", STORE_BOARD_WINS, 8, "cy:2:2 ann:1:2 Ben:1:4");
	expect_top(f->s, "cheat", STORE_BOARD_WINS, 8, "ann:1:1 Ben:1:1");
	expect_top(f->s, NULL, STORE_BOARD_GAMES, 2, "Ben:5:5 ann:3:3");
	expect_top(f->s, "rummy", STORE_BOARD_WINS, 8, "");
	expect_top(f->s, NULL, STORE_BOARD_WINS, 0, "");
}

static void
test_read_only(void **state)
{
	struct fixture *f = *state;
	int64_t seats[1], game;
	struct store_game *g;
	char uri[256], *cause = NULL;
	int value;

	seats[0] = player(f->s, "n:ann", "ann");
	game = begin(f->s, "cheat", 1, seats);
	store_close(f->s);
	f->s = NULL;
	assert_int_equal(chmod(f->path, 0444), 0);
	/* As root, 0444 does not stop a write: mode=ro does, for anyone. */
	snprintf(uri, sizeof uri, "file:%s?mode=ro", f->path);
	reopen(f, uri);
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

/* Starts the sqlite3 tool holding the write lock on f's database until
 * its input is closed; returns the write end of its input. */
static int
hold_lock(struct fixture *f, pid_t *pid)
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
	struct fixture *f = *state;
	int64_t seats[1], game;
	char uri[256], *cause = NULL;
	pid_t pid;
	int fd, status;

	seats[0] = player(f->s, "n:ann", "ann");
	game = begin(f->s, "cheat", 1, seats);
	snprintf(uri, sizeof uri, "file:%s?busy_timeout=100", f->path);
	reopen(f, uri);

	fd = hold_lock(f, &pid);
	expect_cause(store_move(f->s, game, 0, 0, "0 play 1", &cause), &cause,
	    "database is locked");
	expect_cause(store_game_abandon(f->s, game, NULL, &cause), &cause,
	    "database is locked");
	close(fd);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));

	move(f->s, game, 0, 0, "0 play 1");
}

static void
test_quotes_stored_verbatim(void **state)
{
	struct fixture *f = *state;
	static const char key[] = "n:x'); DROP TABLE players; --";
	static const char nick[] = "Rob'); DELETE FROM stats;--\"";
	static const char text[] = "0 say '; DROP TABLE moves; --";
	static const char name[] = "colour'; UPDATE prefs SET value = 9; --";
	struct store_stats st;
	struct store_game *g;
	int64_t id, game;
	int value;

	id = player(f->s, key, nick);
	assert_int_equal(player(f->s, key, nick), id);
	game = begin(f->s, "cheat'--", 1, &id);
	move(f->s, game, 0, 0, text);
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
	cli_expect(f->path, "SELECT count(*) FROM players", "1");
	cli_expect(f->path, "SELECT count(*) FROM moves", "1");
}

static void
test_integrity(void **state)
{
	struct fixture *f = *state;
	int64_t a, b;
	int i;

	a = player(f->s, "n:ann", "ann");
	b = player(f->s, "n:ben", "ben");
	for (i = 0; i < 6; i++)
		play(f->s, i % 2 ? "cheat" : "uno", a, b, i % 3 == 0, 1);
	assert_int_equal(store_pref_set(f->s, a, "colour", 1, NULL), 0);
	cli_expect(f->path, "PRAGMA integrity_check", "ok");
	cli_expect(f->path, "PRAGMA foreign_key_check", "");
	/* docs/storage.md's check that stats agree with results. */
	cli_expect(f->path,
	    "SELECT s.player, s.variant FROM stats s"
	    " JOIN (SELECT r.player, g.variant, count(*) AS n,"
	    "  sum(r.won) AS w, sum(r.lost) AS l"
	    "  FROM results r JOIN games g ON g.id = r.game"
	    "  GROUP BY r.player, g.variant) c"
	    " ON c.player = s.player AND c.variant = s.variant"
	    " WHERE (s.games, s.wins, s.losses) IS NOT (c.n, c.w, c.l)",
	    "");
	cli_expect(f->path, "SELECT count(*) FROM stats", "6");
	store_close(f->s);
	f->s = NULL;
	/* Closed cleanly: the log was checkpointed into the file. */
	cli_expect(f->path, "PRAGMA integrity_check", "ok");
	cli_expect(f->path, "SELECT count(*) FROM results", "12");
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
	    T(test_open_creates_schema),
	    T(test_reopen_is_idempotent),
	    T(test_future_version_refused),
	    T(test_open_failures),
	    T(test_players),
	    T(test_prefs),
	    T(test_game_log),
	    T(test_game_begin_refused),
	    T(test_move_refused),
	    T(test_finish_streaks),
	    T(test_finish_refused),
	    T(test_abandon),
	    T(test_stats_by_nick),
	    T(test_variant_null_aggregates),
	    T(test_top_boards),
	    T(test_read_only),
	    T(test_locked),
	    T(test_quotes_stored_verbatim),
	    T(test_integrity),
#undef T
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
