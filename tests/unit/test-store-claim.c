/*
 * Unit tests of the claim (storage/db-file.c): one bot per database, an
 * fcntl lock on FILE-lock, on real SQLite files (tests/lib/store-files.h).
 *
 * A record lock never conflicts with another lock of the same process, so
 * a claim that must be refused, or a holder that must die, runs in a child
 * made with fork() (tests/lib/child.h), which reports on a pipe and
 * through its exit status.  A child that uses SQLite is forked while the
 * parent has no connection to that database open: a forked child must not
 * inherit SQLite's state for a file it opens again.
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
#include "tests/lib/child.h"
#include "tests/lib/store-files.h"

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
	child_report(report, rc == 0 ? "claimed" : cause);
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
		child_report(report, cause);
		free(cause);
		store_close(s);
		return 1;
	}
	child_report(report, "claimed");
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

int
main(void)
{
	static const struct CMUnitTest tests[] = {
#define T(name) STORE_FILES_TEST(name)
	    T(test_claim_excludes_others),
	    T(test_claim_dies_with_process),
	    T(test_claim_same_process),
	    T(test_claim_names),
#undef T
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
