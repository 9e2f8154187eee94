/*
 * Unit tests of storage/db-file.c, the database file as a whole: the claim
 * (one bot per database), the live backup and the integrity check, on real
 * SQLite files (tests/lib/store-files.h).
 *
 * A record lock never conflicts with another lock of the same process, so
 * whatever must be refused or must write at the same time runs in a child
 * made with fork(), which reports on a pipe and through its exit status.
 * A child that uses SQLite is forked while the parent has no connection to
 * that database open: a forked child must not inherit SQLite's state for a
 * file it opens again.  Children run no cmocka assertion.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/store-files.h"

/* A child process: the pipe that tells it to go on (closing it tells it
 * to stop) and the pipe it reports on. */
struct child {
	pid_t pid;
	int go;
	int report;
};

/* What a child runs: reads go, writes report, returns its exit status. */
typedef int child_fn(int go, int report, const char *arg);

static void
child_start(struct child *c, child_fn *fn, const char *arg)
{
	int to[2], from[2];

	assert_int_equal(pipe(to), 0);
	assert_int_equal(pipe(from), 0);
	fflush(stdout);
	fflush(stderr);
	c->pid = fork();
	assert_true(c->pid >= 0);
	if (c->pid == 0) {
		close(to[1]);
		close(from[0]);
		_exit(fn(to[0], from[1], arg));
	}
	close(to[0]);
	close(from[1]);
	c->go = to[1];
	c->report = from[0];
}

/* Tells the child to go on. */
static void
child_go(struct child *c)
{
	assert_int_equal(write(c->go, "g", 1), 1);
}

/* Reads one line of the child's report into buf, without its newline
 * ("" at the end of the report). */
static void
child_read(struct child *c, char *buf, size_t size)
{
	size_t len = 0;
	char ch;

	while (len + 1 < size && read(c->report, &ch, 1) == 1 && ch != '\n')
		buf[len++] = ch;
	buf[len] = '\0';
}

/* Tells the child to stop: closes the pipe it waits on. */
static void
child_stop(struct child *c)
{
	close(c->go);
	c->go = -1;
}

/* Closes the pipes and reaps the child: its exit status, or 128 + the
 * signal that ended it. */
static int
child_wait(struct child *c)
{
	int status;

	if (c->go != -1)
		close(c->go);
	close(c->report);
	assert_int_equal(waitpid(c->pid, &status, 0), c->pid);
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status)
	                           : WEXITSTATUS(status);
}

/* Writes a line to a report pipe. */
static void
report_line(int fd, const char *text)
{
	dprintf(fd, "%s\n", text);
}

/* In a child: waits for go, opens the database at path and claims it;
 * reports "claimed" or the cause.  0 if it claimed, 1 if not. */
static int
child_claim(int go, int report, const char *path)
{
	struct store *s;
	char *cause = NULL, ch;
	int rc;

	if (read(go, &ch, 1) != 1)
		return 2;
	s = store_open(path, &cause);
	rc = s == NULL ? -1 : store_claim(s, &cause);
	report_line(report, rc == 0 ? "claimed" : cause);
	free(cause);
	store_close(s);
	return rc == 0 ? 0 : 1;
}

/* In a child: claims the database at path, reports "claimed" (or the
 * cause, and returns 1), then holds the claim until go is closed. */
static int
child_hold(int go, int report, const char *path)
{
	struct store *s;
	char *cause = NULL, ch;

	s = store_open(path, &cause);
	if (s == NULL || store_claim(s, &cause) != 0) {
		report_line(report, cause);
		free(cause);
		store_close(s);
		return 1;
	}
	report_line(report, "claimed");
	while (read(go, &ch, 1) == 1)
		;
	store_close(s);
	return 0;
}

/* In a child, without SQLite: who locks the file lock (F_GETLK) and what
 * it holds, reported as "PID TEXT" ("0" when nobody). */
static int
child_lock_holder(int go, int report, const char *lock)
{
	struct flock fl;
	char text[32];
	ssize_t n;
	int fd;

	(void)go;
	fd = open(lock, O_RDWR);
	if (fd < 0)
		return 1;
	memset(&fl, 0, sizeof fl);
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	if (fcntl(fd, F_GETLK, &fl) != 0)
		return 1;
	n = read(fd, text, sizeof text - 1);
	text[n > 0 ? n : 0] = '\0';
	text[strcspn(text, "\n")] = '\0';
	dprintf(report, "%ld %s\n", fl.l_type == F_UNLCK ? 0L : (long)fl.l_pid,
	    text);
	close(fd);
	return 0;
}

/* What child_lock_holder() says about f's lock file. */
static void
lock_holder(struct store_fixture *f, char *buf, size_t size)
{
	struct child c;
	char lock[256];

	snprintf(lock, sizeof lock, "%s-lock", f->path);
	child_start(&c, child_lock_holder, lock);
	child_read(&c, buf, size);
	assert_int_equal(child_wait(&c), 0);
}

/* The refusal a claim of f's database gets while pid holds it. */
static void
in_use_by(struct store_fixture *f, long pid, char *buf, size_t size)
{
	snprintf(buf, size,
	    "database '%s' is in use by another cheaterbot (pid %ld)", f->path,
	    pid);
}

static void
test_claim_excludes_others(void **state)
{
	struct store_fixture *f = *state;
	char got[512], want[512];
	struct child c;

	store_close(f->s);
	f->s = NULL;
	child_start(&c, child_claim, f->path);
	store_files_reopen(f, f->path);
	assert_int_equal(store_claim(f->s, NULL), 0);
	assert_int_equal(store_claim(f->s, NULL), 0); /* again: a no-op */
	child_go(&c);
	child_read(&c, got, sizeof got);
	assert_int_equal(child_wait(&c), 1);
	in_use_by(f, (long)getpid(), want, sizeof want);
	assert_string_equal(got, want);

	/* The lock file names the holder, by the kernel and in writing. */
	lock_holder(f, got, sizeof got);
	snprintf(want, sizeof want, "%ld %ld", (long)getpid(), (long)getpid());
	assert_string_equal(got, want);

	/* Closing the store ends the claim, and clears the pid. */
	store_close(f->s);
	f->s = NULL;
	lock_holder(f, got, sizeof got);
	assert_string_equal(got, "0 ");
	child_start(&c, child_claim, f->path);
	child_go(&c);
	child_read(&c, got, sizeof got);
	assert_string_equal(got, "claimed");
	assert_int_equal(child_wait(&c), 0);
}

static void
test_claim_dies_with_process(void **state)
{
	struct store_fixture *f = *state;
	char got[512], want[512], *cause = NULL;
	struct child c;

	store_close(f->s);
	f->s = NULL;
	child_start(&c, child_hold, f->path);
	child_read(&c, got, sizeof got);
	assert_string_equal(got, "claimed");
	lock_holder(f, got, sizeof got);
	snprintf(want, sizeof want, "%ld %ld", (long)c.pid, (long)c.pid);
	assert_string_equal(got, want);

	store_files_reopen(f, f->path);
	in_use_by(f, (long)c.pid, want, sizeof want);
	expect_cause(store_claim(f->s, &cause), &cause, want);
	/* kill -9: no store_close(), no exit handler; the kernel lets go. */
	assert_int_equal(kill(c.pid, SIGKILL), 0);
	assert_int_equal(child_wait(&c), 128 + SIGKILL);
	if (store_claim(f->s, &cause) != 0)
		fail_msg("store_claim after the holder died: %s", cause);
	lock_holder(f, got, sizeof got);
	snprintf(want, sizeof want, "%ld %ld", (long)getpid(), (long)getpid());
	assert_string_equal(got, want);
}

static void
test_claim_same_process(void **state)
{
	struct store_fixture *f = *state;
	char path[256], uri[256], got[512], want[512], *cause = NULL;
	struct store *other;

	assert_int_equal(store_claim(f->s, NULL), 0);
	/* Another store of this process, the file under other names. */
	snprintf(path, sizeof path, "%s/./bot.db", f->dir);
	snprintf(uri, sizeof uri, "file:%s?busy_timeout=100", f->path);
	other = store_open(path, NULL);
	assert_non_null(other);
	snprintf(want, sizeof want,
	    "database '%s' is already claimed by this process", path);
	expect_cause(store_claim(other, &cause), &cause, want);
	store_close(other);
	other = store_open(uri, NULL);
	assert_non_null(other);
	expect_cause(store_claim(other, &cause), &cause,
	    "is already claimed by this process");
	store_close(other);

	/* Closing those did not end the first claim. */
	lock_holder(f, got, sizeof got);
	snprintf(want, sizeof want, "%ld %ld", (long)getpid(), (long)getpid());
	assert_string_equal(got, want);

	/* Once the first store is closed, another may claim. */
	other = store_open(uri, NULL);
	assert_non_null(other);
	store_close(f->s);
	f->s = NULL;
	assert_int_equal(store_claim(other, NULL), 0);
	lock_holder(f, got, sizeof got);
	assert_string_equal(got, want);
	store_close(other);
}

static void
test_claim_names(void **state)
{
	struct store_fixture *f = *state;
	char uri[256], lock[256], want[600], *cause = NULL;
	struct store *mem;

	/* In memory: nobody else can open it, so there is nothing to lock. */
	mem = store_open(":memory:", NULL);
	assert_non_null(mem);
	assert_int_equal(store_claim(mem, NULL), 0);
	assert_int_equal(access(":memory:-lock", F_OK), -1);
	store_close(mem);

	/* A URI locks the file it names. */
	snprintf(lock, sizeof lock, "%s-lock", f->path);
	snprintf(uri, sizeof uri, "file:%s?busy_timeout=100", f->path);
	store_files_reopen(f, uri);
	assert_int_equal(access(lock, F_OK), -1);
	assert_int_equal(store_claim(f->s, NULL), 0);
	assert_int_equal(access(lock, F_OK), 0);
	store_close(f->s);
	f->s = NULL;

	/* A lock file that cannot be opened. */
	assert_int_equal(unlink(lock), 0);
	assert_int_equal(mkdir(lock, 0755), 0);
	store_files_reopen(f, f->path);
	snprintf(want, sizeof want,
	    "database '%s': cannot open '%s': Is a directory", f->path, lock);
	expect_cause(store_claim(f->s, &cause), &cause, want);
	/* Nothing was claimed: a second try says the same. */
	expect_cause(store_claim(f->s, &cause), &cause, want);
	assert_int_equal(rmdir(lock), 0);
	assert_int_equal(store_claim(f->s, NULL), 0);
}

/* Fills f's database: two players with a preference, a finished game and
 * a running one with moves. */
static int64_t
fill(struct store_fixture *f)
{
	struct store_seat_result r[2];
	int64_t seats[2], game;
	char text[32];
	int i;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "a:ben", "Ben");
	assert_int_equal(store_pref_set(f->s, seats[0], "colour", 0, NULL), 0);
	game = store_files_begin(f->s, "cheat", 2, seats);
	store_files_move(f->s, game, 0, 0, "0 play 1");
	memset(r, 0, sizeof r);
	r[1].won = r[1].place = 1;
	r[0].place = 2;
	assert_int_equal(store_game_finish(f->s, game, r, 2, NULL), 0);
	game = store_files_begin(f->s, "cheat", 2, seats);
	for (i = 0; i < 20; i++) {
		snprintf(text, sizeof text, "%d play %d", i % 2, i);
		store_files_move(f->s, game, i, i % 2, text);
	}
	return game;
}

/* Every row of every table of the database at path, as text. */
static void
dump(const char *path, char *out, size_t size)
{
	static const char sql[] =
	    "SELECT 'v', * FROM pragma_user_version;"
	    "SELECT 'p', id, key, nick, first_seen, last_seen FROM players;"
	    "SELECT 'f', * FROM prefs;"
	    "SELECT 'g', * FROM games;"
	    "SELECT 's', * FROM game_players;"
	    "SELECT 'm', * FROM moves;"
	    "SELECT 'r', * FROM results;"
	    "SELECT 't', * FROM stats;";

	assert_int_equal(store_files_cli(path, sql, out, size), 0);
}

/* Opens the copy at path read-only and checks it: the store. */
static struct store *
open_copy(const char *path)
{
	struct store *s;
	char *cause = NULL;

	s = store_open_readonly(path, &cause);
	if (s == NULL)
		fail_msg("store_open_readonly '%s': %s", path, cause);
	if (store_check(s, &cause) != 0)
		fail_msg("store_check '%s': %s", path, cause);
	return s;
}

static void
test_backup(void **state)
{
	struct store_fixture *f = *state;
	char copy[256], want[600], live[8192], got[8192], *cause = NULL;
	struct stat before, after;
	struct store *s;

	fill(f);
	/* The live file's last writes are still in its -wal: the copy has
	 * them, and is whole without it. */
	snprintf(copy, sizeof copy, "%s/copy.db", f->dir);
	if (store_backup(f->s, copy, &cause) != 0)
		fail_msg("store_backup: %s", cause);
	dump(f->path, live, sizeof live);
	dump(copy, got, sizeof got);
	assert_true(strlen(live) > 500);
	assert_string_equal(got, live);
	s = open_copy(copy);
	assert_int_equal(store_deals(s, "#cheater", NULL), 2);
	store_close(s);

	/* Never over an existing file. */
	assert_int_equal(stat(copy, &before), 0);
	snprintf(want, sizeof want, "'%s' already exists", copy);
	expect_cause(store_backup(f->s, copy, &cause), &cause, want);
	assert_int_equal(stat(copy, &after), 0);
	assert_true(before.st_size == after.st_size &&
	            before.st_mtim.tv_sec == after.st_mtim.tv_sec &&
	            before.st_mtim.tv_nsec == after.st_mtim.tv_nsec);
	dump(copy, got, sizeof got);
	assert_string_equal(got, live);

	snprintf(copy, sizeof copy, "%s/no/such/dir.db", f->dir);
	snprintf(want, sizeof want,
	    "cannot create '%s': No such file or directory", copy);
	expect_cause(store_backup(f->s, copy, &cause), &cause, want);
	assert_int_equal(access(copy, F_OK), -1);
}

static void
test_backup_odd_names(void **state)
{
	struct store_fixture *f = *state;
	char cwd[4096], copy[256], live[8192], got[8192], *cause = NULL;
	struct store *mem;
	int64_t id;

	/* A relative name that looks like a URI is still a file name. */
	fill(f);
	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir(f->dir), 0);
	if (store_backup(f->s, "file:copy.db?mode=memory", &cause) != 0) {
		assert_int_equal(chdir(cwd), 0);
		fail_msg("store_backup: %s", cause);
	}
	assert_int_equal(chdir(cwd), 0);
	snprintf(copy, sizeof copy, "%s/file:copy.db?mode=memory", f->dir);
	dump(f->path, live, sizeof live);
	dump(copy, got, sizeof got);
	assert_string_equal(got, live);

	/* A database in memory can be kept in a file. */
	mem = store_open(":memory:", NULL);
	assert_non_null(mem);
	id = store_files_player(mem, "n:mem", "mem");
	assert_int_equal(id, 1);
	snprintf(copy, sizeof copy, "%s/memory.db", f->dir);
	assert_int_equal(store_backup(mem, copy, NULL), 0);
	store_close(mem);
	store_files_cli_expect(copy, "SELECT id, key FROM players", "1|n:mem");
	store_files_cli_expect(copy, "PRAGMA integrity_check", "ok");
}

/* In a child: stores moves 0, 1, 2, ... of game 1 in the database at
 * path, reporting "started" after the first, until go is closed; then
 * reports the number stored. */
static int
child_write(int go, int report, const char *path)
{
	struct pollfd pfd = {.fd = go, .events = POLLIN};
	struct store *s;
	char text[32], *cause = NULL;
	int n;

	s = store_open(path, &cause);
	if (s == NULL) {
		report_line(report, cause);
		free(cause);
		return 1;
	}
	for (n = 0; n < 1000000 && poll(&pfd, 1, 0) == 0; n++) {
		snprintf(text, sizeof text, "%d play %d", n % 2, n);
		if (store_move(s, 1, n, n % 2, text, &cause) != 0) {
			report_line(report, cause);
			free(cause);
			store_close(s);
			return 1;
		}
		if (n == 0)
			report_line(report, "started");
	}
	dprintf(report, "%d\n", n);
	store_close(s);
	return 0;
}

/* The number of moves of game 1 in s, each checked to be the one stored
 * under its number. */
static int
moves_of(struct store *s)
{
	struct store_game *g;
	char text[32];
	int i, n;

	g = store_game_load(s, 1, NULL);
	assert_non_null(g);
	for (i = 0; i < g->nmoves; i++) {
		snprintf(text, sizeof text, "%d play %d", i % 2, i);
		assert_string_equal(g->moves[i].text, text);
		assert_int_equal(g->moves[i].seat, i % 2);
	}
	n = g->nmoves;
	store_game_free(g);
	return n;
}

static void
test_backup_while_writing(void **state)
{
	struct store_fixture *f = *state;
	int64_t seats[2];
	char copy[256], got[64];
	struct child c;
	struct store *s;
	int i, k, prev = 0, total, tries;

	seats[0] = store_files_player(f->s, "n:ann", "ann");
	seats[1] = store_files_player(f->s, "n:ben", "ben");
	assert_int_equal(store_files_begin(f->s, "cheat", 2, seats), 1);
	store_close(f->s);
	f->s = NULL;
	child_start(&c, child_write, f->path);
	child_read(&c, got, sizeof got);
	assert_string_equal(got, "started");
	store_files_reopen(f, f->path);
	for (i = 0; i < 5; i++) {
		snprintf(copy, sizeof copy, "%s/copy%d.db", f->dir, i);
		assert_int_equal(store_backup(f->s, copy, NULL), 0);
		s = open_copy(copy);
		k = moves_of(s);
		store_close(s);
		/* A whole prefix of the log, longer than the last. */
		assert_true(k > prev);
		prev = k;
		/* Let the writer get past it before the next copy. */
		for (tries = 0; moves_of(f->s) <= k; tries++) {
			assert_true(tries < 500);
			poll(NULL, 0, 10);
		}
	}
	child_stop(&c);
	child_read(&c, got, sizeof got);
	assert_int_equal(child_wait(&c), 0);
	total = atoi(got);
	assert_true(total > prev);
	assert_int_equal(moves_of(f->s), total);
}

/* In a child: with files limited to 128 KiB, backs the database at path
 * up to path.copy, which is larger; reports the cause, then whether the
 * copy or its journal is left.  0 when the backup failed and left
 * nothing. */
static int
child_backup_small(int go, int report, const char *path)
{
	struct rlimit rl = {128 * 1024, 128 * 1024};
	char copy[256], journal[300], *cause = NULL;
	struct store *s;
	int rc;

	(void)go;
	snprintf(copy, sizeof copy, "%s.copy", path);
	snprintf(journal, sizeof journal, "%s-journal", copy);
	signal(SIGXFSZ, SIG_IGN);
	if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
		return 2;
	s = store_open(path, &cause);
	if (s == NULL) {
		report_line(report, cause);
		free(cause);
		return 2;
	}
	rc = store_backup(s, copy, &cause);
	report_line(report, rc == 0 ? "written" : cause);
	free(cause);
	store_close(s);
	if (rc == 0)
		return 1;
	return access(copy, F_OK) != 0 && access(journal, F_OK) != 0 ? 0 : 3;
}

static void
test_backup_failure_leaves_nothing(void **state)
{
	struct store_fixture *f = *state;
	char text[1024], copy[256], want[512], got[512];
	struct child c;
	int64_t seat;
	int i;

	/* About 300 KiB of moves. */
	seat = store_files_player(f->s, "n:ann", "ann");
	store_files_begin(f->s, "cheat", 1, &seat);
	memset(text, 'x', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	for (i = 0; i < 300; i++)
		store_files_move(f->s, 1, i, 0, text);
	store_close(f->s);
	f->s = NULL;
	child_start(&c, child_backup_small, f->path);
	child_read(&c, got, sizeof got);
	assert_int_equal(child_wait(&c), 0);
	snprintf(copy, sizeof copy, "%s.copy", f->path);
	snprintf(want, sizeof want, "backup to '%s': ", copy);
	if (strncmp(got, want, strlen(want)) != 0)
		fail_msg("cause '%s' does not start with '%s'", got, want);
	assert_int_equal(access(copy, F_OK), -1);

	/* Without the limit, the same copy is made. */
	store_files_reopen(f, f->path);
	assert_int_equal(store_backup(f->s, copy, NULL), 0);
	store_close(open_copy(copy));
}

static void
test_check(void **state)
{
	struct store_fixture *f = *state;
	char want[512], *cause = NULL;

	assert_int_equal(store_check(f->s, &cause), 0);
	fill(f);
	assert_int_equal(store_check(f->s, &cause), 0);
	assert_null(cause);

	/* An index that no longer matches its table, as a bad disk or a
	 * careless edit could leave it. */
	store_close(f->s);
	f->s = NULL;
	store_files_cli_expect(f->path,
	    "PRAGMA writable_schema = ON;"
	    " UPDATE sqlite_schema SET sql ="
	    " 'CREATE INDEX players_nick ON players (key, last_seen)'"
	    " WHERE name = 'players_nick'",
	    "");
	store_files_reopen(f, f->path);
	snprintf(want, sizeof want,
	    "database '%s' is damaged: row 1 missing from index players_nick",
	    f->path);
	expect_cause(store_check(f->s, &cause), &cause, want);
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
#define T(name) STORE_FILES_TEST(name)
	    T(test_claim_excludes_others),
	    T(test_claim_dies_with_process),
	    T(test_claim_same_process),
	    T(test_claim_names),
	    T(test_backup),
	    T(test_backup_odd_names),
	    T(test_backup_while_writing),
	    T(test_backup_failure_leaves_nothing),
	    T(test_check),
#undef T
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
