/*
 * The private PostgreSQL of tests/lib/pgsql.h against the real server, so
 * that the storage suites can trust it: the newest installed major is
 * found and a missing one named with `make deps`; the server runs as the
 * postgres user (as root) with its cluster its own, on a Unix socket only,
 * with no TCP or UDP socket in the postmaster or any of its children; the
 * test role connects through the URI, creates a table, inserts with
 * RETURNING and selects back; an advisory lock held on one connection is
 * refused to and waited for by another and passes on when the first
 * disconnects (the standby of issue 23); the server stops by its pid,
 * open connections and all, leaving no process and no directory; a
 * suite that dies without stopping it takes the server with it; and
 * pgsql_start_with() (the bench's) keeps fsync on and puts the cluster
 * under the directory it is given, the socket apart when that path is
 * too long for one.
 */
#define _GNU_SOURCE 1
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <libpq-fe.h>

#include "tests/lib/child.h"
#include "tests/lib/ngircd.h"
#include "tests/lib/pgsql.h"
#include "tests/lib/text-file.h"

/* Enough for a postmaster's children, or for one process's sockets. */
#define MAX_PIDS 256
#define MAX_INODES 1024
/* The advisory lock's key: the number. */
#define LOCK_KEY "23"

/* The server the group's tests share. */
static struct pgsql server;
/* The test's open connections, closed by its teardown if it fails. */
static PGconn *conns[4];

/* A connection to uri, failing the test if it does not open. */
static PGconn *
open_conn(const char *uri)
{
	PGconn *c = PQconnectdb(uri);
	size_t i;

	for (i = 0; i < sizeof conns / sizeof conns[0]; i++)
		if (conns[i] == NULL) {
			conns[i] = c;
			break;
		}
	if (i == sizeof conns / sizeof conns[0]) {
		PQfinish(c);
		fail_msg("more than %zu connections", i);
	}
	if (PQstatus(c) != CONNECTION_OK)
		fail_msg("cannot connect to %s: %s", uri, PQerrorMessage(c));
	return c;
}

/* Closes c, a connection of open_conn(). */
static void
close_conn(PGconn *c)
{
	size_t i;

	for (i = 0; i < sizeof conns / sizeof conns[0]; i++)
		if (conns[i] == c)
			conns[i] = NULL;
	PQfinish(c);
}

/* Closes what a test left open. */
static int
close_conns(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof conns / sizeof conns[0]; i++)
		if (conns[i] != NULL) {
			PQfinish(conns[i]);
			conns[i] = NULL;
		}
	return 0;
}

/* Runs sql with the n params (text) on c, expecting rows; the first
 * column of the first row, a new string ("" with no row). */
static char *
one(PGconn *c, const char *sql, int n, const char *const *params)
{
	PGresult *res = PQexecParams(c, sql, n, NULL, params, NULL, NULL, 0);
	char *v;

	if (PQresultStatus(res) != PGRES_TUPLES_OK)
		fail_msg("%s: %s", sql, PQerrorMessage(c));
	v = strdup(PQntuples(res) > 0 ? PQgetvalue(res, 0, 0) : "");
	PQclear(res);
	assert_non_null(v);
	return v;
}

/* Whether the one value of sql on c is want. */
static int
one_is(PGconn *c, const char *sql, int n, const char *const *params,
    const char *want)
{
	char *v = one(c, sql, n, params);
	int same = strcmp(v, want) == 0;

	free(v);
	return same;
}

/* Runs sql, which returns no rows, on c. */
static void
command(PGconn *c, const char *sql)
{
	PGresult *res = PQexecParams(c, sql, 0, NULL, NULL, NULL, NULL, 0);

	if (PQresultStatus(res) != PGRES_COMMAND_OK)
		fail_msg("%s: %s", sql, PQerrorMessage(c));
	PQclear(res);
}

/* The pids of pid's children (from each /proc/N/stat), into pids; how
 * many. */
static int
children(pid_t pid, pid_t *pids, int max)
{
	char path[sizeof "/proc//stat" + NAME_MAX], buf[512], *p;
	struct dirent *e;
	DIR *d = opendir("/proc");
	FILE *f;
	int n = 0, ppid;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL && n < max) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue; /* it ended meanwhile */
		p = fgets(buf, sizeof buf, f);
		fclose(f);
		/* "pid (comm) state ppid ...": comm may hold anything. */
		if (p == NULL || (p = strrchr(buf, ')')) == NULL ||
		    sscanf(p + 1, " %*c %d", &ppid) != 1)
			continue;
		if (ppid == (int)pid)
			pids[n++] = (pid_t)atoi(e->d_name);
	}
	closedir(d);
	return n;
}

/* The inodes of pid's sockets (its /proc/pid/fd links "socket:[N]"),
 * appended to inodes at *n. */
static void
socket_inodes(pid_t pid, unsigned long *inodes, int *n, int max)
{
	char dir[64], path[PATH_MAX], link[128];
	struct dirent *e;
	unsigned long inode;
	ssize_t len;
	DIR *d;

	snprintf(dir, sizeof dir, "/proc/%d/fd", (int)pid);
	d = opendir(dir);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL && *n < max) {
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		len = readlink(path, link, sizeof link - 1);
		if (len <= 0)
			continue;
		link[len] = '\0';
		if (sscanf(link, "socket:[%lu]", &inode) == 1)
			inodes[(*n)++] = inode;
	}
	closedir(d);
}

/* Whether inode is one of the n inodes. */
static int
among(unsigned long inode, const unsigned long *inodes, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (inode != 0 && inodes[i] == inode)
			return 1;
	return 0;
}

/* How many sockets in the /proc/net table at path (tcp, tcp6, udp,
 * udp6: the inode is the tenth field) are among the inodes. */
static int
inet_hits(const char *path, const unsigned long *inodes, int n)
{
	char line[1024];
	unsigned long inode;
	FILE *f = fopen(path, "r");
	int hits = 0;

	if (f == NULL)
		return 0; /* no IPv6 in this kernel: nothing there */
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "%*s %*s %*s %*s %*s %*s %*s %*s %*s %lu",
		        &inode) == 1 &&
		    among(inode, inodes, n))
			hits++;
	fclose(f);
	return hits;
}

/* How many of the inodes are Unix sockets listening on path
 * (/proc/net/unix: "Num RefCount Protocol Flags Type St Inode Path", a
 * listener's flags __SO_ACCEPTCON; the connections accepted from it
 * show its path too). */
static int
unix_listeners(const char *path, const unsigned long *inodes, int n)
{
	char line[PATH_MAX + 128], flags[16], name[128];
	unsigned long inode;
	FILE *f = fopen("/proc/net/unix", "r");
	int hits = 0;

	assert_non_null(f);
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "%*s %*s %*s %15s %*s %*s %lu %127s", flags,
		        &inode, name) == 3 &&
		    strcmp(flags, "00010000") == 0 && strcmp(name, path) == 0 &&
		    among(inode, inodes, n))
			hits++;
	fclose(f);
	return hits;
}

/* The uid /proc/pid/status gives pid (its real uid). */
static uid_t
proc_uid(pid_t pid)
{
	char path[64], line[256];
	unsigned long uid = (unsigned long)-1;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "Uid: %lu", &uid) == 1)
			break;
	fclose(f);
	return (uid_t)uid;
}

/* Whether a process pid runs: it exists and is no zombie (one whose
 * parent has gone is reaped by PID 1 in its own time). */
static int
exists(pid_t pid)
{
	char path[64], buf[512], *p;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	p = fgets(buf, sizeof buf, f);
	fclose(f);
	if (p == NULL || (p = strrchr(buf, ')')) == NULL)
		return 0;
	return p[1] == ' ' && p[2] != 'Z' && p[2] != 'X';
}

/* Waits up to ms for the process pid, no child of ours, to end (on a
 * pidfd, or looking every 20 ms).  1 if it did, 0 if not. */
static int
wait_gone(pid_t pid, int ms)
{
	long long end = ngircd_now_ms() + ms;
	int fd = (int)syscall(SYS_pidfd_open, pid, 0);
	struct pollfd pfd = {fd, POLLIN, 0};
	int left;

	while (exists(pid) && (left = (int)(end - ngircd_now_ms())) > 0) {
		if (fd >= 0)
			poll(&pfd, 1, left);
		else
			poll(NULL, 0, left < 20 ? left : 20);
	}
	if (fd >= 0)
		close(fd);
	return !exists(pid);
}

/* Whether path exists. */
static int
path_exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* An executable file (or, with exec unset, a plain one) dir/name. */
static void
fake_file(const char *dir, const char *name, int exec)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, exec ? 0755 : 0644);
	assert_true(fd >= 0);
	assert_int_equal(close(fd), 0);
}

/* A fake root/VERSION/bin holding initdb and postgres (the latter only
 * with postgres set), executable or not. */
static void
fake_major(const char *root, const char *version, int postgres, int exec)
{
	char path[PATH_MAX];

	snprintf(path, sizeof path, "%s/%s", root, version);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof path, "%s/%s/bin", root, version);
	assert_int_equal(mkdir(path, 0755), 0);
	fake_file(path, "initdb", exec);
	if (postgres)
		fake_file(path, "postgres", exec);
}

/* pgsql_find_bin() on root, its stderr caught: its result, what it
 * wrote in *err (a new string). */
static int
find_bin_caught(const char *root, char *buf, size_t size, char **err)
{
	char path[PATH_MAX];
	char *tmp = ngircd_tmpdir();
	int fd, saved, rc;

	assert_non_null(tmp);
	snprintf(path, sizeof path, "%s/stderr", tmp);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	assert_true(saved >= 0);
	assert_true(dup2(fd, STDERR_FILENO) >= 0);
	rc = pgsql_find_bin(root, buf, size);
	fflush(stderr);
	assert_true(dup2(saved, STDERR_FILENO) >= 0);
	close(saved);
	close(fd);
	*err = text_file_read(path);
	assert_non_null(*err);
	ngircd_rmdir(tmp);
	free(tmp);
	return rc;
}

/* The binaries' directory: the numerically newest complete major (16
 * over 9.6, whatever the order of the names), none that lacks postgres
 * or is not executable; none at all is an error naming `make deps`. */
static void
test_find_bin(void **state)
{
	char bin[PATH_MAX], want[PATH_MAX];
	char *root = ngircd_tmpdir(), *err;

	(void)state;
	assert_non_null(root);
	assert_int_equal(find_bin_caught(root, bin, sizeof bin, &err), -1);
	assert_non_null(strstr(err, "make deps"));
	free(err);
	fake_major(root, "9.6", 1, 1);
	fake_major(root, "16", 1, 1);
	fake_major(root, "17", 0, 1);   /* no postgres */
	fake_major(root, "18", 1, 0);   /* not executable */
	fake_major(root, "main", 1, 1); /* no version */
	assert_int_equal(find_bin_caught(root, bin, sizeof bin, &err), 0);
	assert_string_equal(err, "");
	free(err);
	snprintf(want, sizeof want, "%s/16/bin", root);
	assert_string_equal(bin, want);
	ngircd_rmdir(root);
	free(root);
	/* And on this machine, the server the suite runs. */
	assert_int_equal(pgsql_find_bin(PGSQL_LIBDIR, bin, sizeof bin), 0);
	assert_string_equal(bin, server.bin);
}

/* The server as started: its user (postgres as root), its cluster that
 * user's alone, the socket, the URI, no TCP listener in its settings,
 * fsync off, and the test role no superuser. */
static void
test_started(void **state)
{
	char path[PATH_MAX + 32], prefix[PATH_MAX + 64];
	struct passwd *pw;
	struct stat st;
	PGconn *c;

	(void)state;
	assert_true(server.pid > 0);
	if (geteuid() == 0) {
		pw = getpwnam("postgres");
		assert_non_null(pw);
		assert_int_equal(server.uid, pw->pw_uid);
	} else
		assert_int_equal(server.uid, geteuid());
	assert_int_equal(proc_uid(server.pid), server.uid);
	assert_int_equal(stat(server.data, &st), 0);
	assert_int_equal(st.st_uid, server.uid);
	assert_int_equal(st.st_mode & 0777, 0700);
	snprintf(path, sizeof path, "%s/.s.PGSQL.5432", server.dir);
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISSOCK(st.st_mode));
	snprintf(prefix, sizeof prefix, "postgresql:///cheaterbot?host=%s&",
	    server.dir);
	assert_memory_equal(server.uri, prefix, strlen(prefix));

	c = open_conn(server.uri);
	assert_true(one_is(c, "SHOW listen_addresses", 0, NULL, ""));
	assert_true(one_is(c, "SHOW fsync", 0, NULL, "off"));
	assert_true(one_is(c, "SELECT current_user", 0, NULL, "cheaterbot"));
	assert_true(
	    one_is(c, "SELECT current_database()", 0, NULL, "cheaterbot"));
	assert_true(one_is(c,
	    "SELECT rolsuper FROM pg_roles WHERE rolname = current_user", 0,
	    NULL, "f"));
	close_conn(c);
}

/* The test role makes a table in its database, inserts with RETURNING
 * and reads the rows back, all through parameters. */
static void
test_query(void **state)
{
	const char *row1[] = {"alice", "three kings"};
	const char *row2[] = {"bob", "two fours"};
	const char *by_id[1];
	char *id1, *id2;
	PGconn *c;

	(void)state;
	c = open_conn(server.uri);
	command(c, "CREATE TABLE moves (id bigserial PRIMARY KEY, "
	           "player text NOT NULL, said text NOT NULL)");
	id1 = one(c,
	    "INSERT INTO moves (player, said) VALUES ($1, $2) "
	    "RETURNING id",
	    2, row1);
	id2 = one(c,
	    "INSERT INTO moves (player, said) VALUES ($1, $2) "
	    "RETURNING id",
	    2, row2);
	assert_string_equal(id1, "1");
	assert_string_equal(id2, "2");
	by_id[0] = id2;
	assert_true(one_is(c,
	    "SELECT player || ': ' || said FROM moves "
	    "WHERE id = $1",
	    1, by_id, "bob: two fours"));
	by_id[0] = id1;
	assert_true(one_is(c, "SELECT said FROM moves WHERE id = $1", 1, by_id,
	    "three kings"));
	assert_true(one_is(c, "SELECT count(*) FROM moves", 0, NULL, "2"));
	free(id1);
	free(id2);
	close_conn(c);
}

/* With a client connected, no socket of the postmaster or of any of its
 * children is a TCP or UDP one, over IPv4 or IPv6; their sockets are
 * found (the listening Unix socket among them), so the check sees
 * them. */
static void
test_no_tcp(void **state)
{
	static const char *const inet[] = {"/proc/net/tcp", "/proc/net/tcp6",
	    "/proc/net/udp", "/proc/net/udp6"};
	unsigned long inodes[MAX_INODES];
	pid_t kids[MAX_PIDS];
	char sock[PATH_MAX + 32];
	PGconn *c;
	int n = 0, nkids, i;

	(void)state;
	c = open_conn(server.uri);
	nkids = children(server.pid, kids, MAX_PIDS);
	/* The checkpointer, the WAL writer, ... and c's backend. */
	assert_true(nkids >= 2);
	socket_inodes(server.pid, inodes, &n, MAX_INODES);
	for (i = 0; i < nkids; i++)
		if (exists(kids[i]))
			socket_inodes(kids[i], inodes, &n, MAX_INODES);
	assert_true(n > 0);
	snprintf(sock, sizeof sock, "%s/.s.PGSQL.5432", server.dir);
	assert_int_equal(unix_listeners(sock, inodes, n), 1);
	for (i = 0; i < (int)(sizeof inet / sizeof inet[0]); i++)
		if (inet_hits(inet[i], inodes, n) != 0)
			fail_msg("postgres has a socket in %s", inet[i]);
	close_conn(c);
}

/* Waits up to 5 s for one_is(c, sql, ...) to hold; whether it did. */
static int
wait_value(PGconn *c, const char *sql, int n, const char *const *params,
    const char *want)
{
	long long end = ngircd_now_ms() + 5000;

	while (!one_is(c, sql, n, params, want)) {
		if (ngircd_now_ms() >= end)
			return 0;
		poll(NULL, 0, 20);
	}
	return 1;
}

/* An advisory lock, as a standby bot would wait on it: held by a, refused
 * to b's try, seen held by a's backend; b's blocking call waits (its wait
 * seen in pg_locks) until a disconnects, then b holds it and c's try is
 * refused, until b disconnects in turn. */
static void
test_advisory_lock(void **state)
{
	static const char held_by[] =
	    "SELECT pid::text FROM pg_locks WHERE locktype = 'advisory' "
	    "AND objid = $1::bigint AND granted";
	static const char waiting[] =
	    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
	    "AND objid = $1::bigint AND NOT granted AND pid = $2::int";
	static const char try_lock[] =
	    "SELECT pg_try_advisory_lock($1::bigint)";
	const char *key[] = {LOCK_KEY}, *key_b[2];
	char pid_a[16], pid_b[16];
	PGconn *a, *b, *c;
	PGresult *res;
	struct pollfd pfd;
	long long end;

	(void)state;
	a = open_conn(server.uri);
	b = open_conn(server.uri);
	c = open_conn(server.uri);
	snprintf(pid_a, sizeof pid_a, "%d", PQbackendPID(a));
	snprintf(pid_b, sizeof pid_b, "%d", PQbackendPID(b));
	assert_true(one_is(a, try_lock, 1, key, "t"));
	assert_true(one_is(b, try_lock, 1, key, "f"));
	assert_true(one_is(c, held_by, 1, key, pid_a));

	/* b waits on the lock: its query does not end while a holds it. */
	assert_int_equal(
	    PQsendQueryParams(b, "SELECT pg_advisory_lock($1::bigint)", 1, NULL,
	        key, NULL, NULL, 0),
	    1);
	key_b[0] = LOCK_KEY;
	key_b[1] = pid_b;
	assert_true(wait_value(c, waiting, 2, key_b, "1"));
	assert_int_equal(PQconsumeInput(b), 1);
	assert_int_equal(PQisBusy(b), 1);

	/* a goes: b's call returns, and b holds the lock. */
	close_conn(a);
	end = ngircd_now_ms() + 5000;
	pfd.fd = PQsocket(b);
	pfd.events = POLLIN;
	while (PQisBusy(b) && ngircd_now_ms() < end) {
		poll(&pfd, 1, 100);
		assert_int_equal(PQconsumeInput(b), 1);
	}
	assert_int_equal(PQisBusy(b), 0);
	res = PQgetResult(b);
	assert_int_equal(PQresultStatus(res), PGRES_TUPLES_OK);
	PQclear(res);
	assert_null(PQgetResult(b));
	assert_true(one_is(c, held_by, 1, key, pid_b));
	assert_true(one_is(c, try_lock, 1, key, "f"));

	/* b goes: c gets it (once b's backend has ended). */
	close_conn(b);
	assert_true(wait_value(c, try_lock, 1, key, "t"));
	close_conn(c);
}

/* A second server of its own for the stop test, beside the group's. */
static int
stop_setup(void **state)
{
	struct pgsql *pg = calloc(1, sizeof *pg);

	if (pg == NULL || pgsql_start(pg) != 0) {
		free(pg);
		return -1;
	}
	*state = pg;
	return 0;
}

/* Closes the test's connection and stops the server, whatever the test
 * did. */
static int
stop_teardown(void **state)
{
	struct pgsql *pg = *state;

	close_conns(NULL);
	pgsql_stop(pg);
	free(pg);
	return 0;
}

/* Stopped by its pid with a client connected: a fast shutdown (exit
 * status 0), the client cut off, the postmaster and every child of it
 * gone, the directory removed; stopping again does nothing. */
static void
test_stop(void **state)
{
	struct pgsql *pg = *state;
	pid_t kids[MAX_PIDS], pid = pg->pid;
	char dir[PATH_MAX];
	PGresult *res;
	PGconn *c;
	int nkids, status, i;

	assert_string_not_equal(pg->dir, server.dir);
	c = open_conn(pg->uri);
	command(c, "CREATE TABLE t (x int)");
	nkids = children(pid, kids, MAX_PIDS);
	assert_true(nkids >= 2);
	snprintf(dir, sizeof dir, "%s", pg->dir);

	status = pgsql_stop(pg);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(pg->pid, 0);
	assert_false(exists(pid));
	for (i = 0; i < nkids; i++)
		assert_true(wait_gone(kids[i], 5000));
	assert_false(path_exists(dir));
	res = PQexec(c, "SELECT 1");
	assert_int_not_equal(PQresultStatus(res), PGRES_TUPLES_OK);
	PQclear(res);
	close_conn(c);
	assert_int_equal(pgsql_stop(pg), -1);
}

/* pgsql_start_with()'s server and the parent directory it was given,
 * stopped and removed by with_teardown() whatever the test did. */
static struct pgsql with_pg;
static char *with_parent;

static int
with_teardown(void **state)
{
	(void)state;
	close_conns(NULL);
	pgsql_stop(&with_pg);
	ngircd_rmdir(with_parent);
	free(with_parent);
	with_parent = NULL;
	return 0;
}

/* Started by pgsql_start_with() with durability under parent: fsync and
 * synchronous_commit on, the cluster in a new directory under parent,
 * the socket in it when its path fits a socket's (at most 107 bytes),
 * else in a directory of its own; stopping removes both and leaves
 * parent empty. */
static void
start_with(const char *parent, int sock_apart)
{
	struct pgsql_opts opts = {.parent = parent, .durable = 1};
	char dir[PATH_MAX], sock[PATH_MAX + 32];
	struct stat st;
	PGconn *c;
	DIR *d;
	struct dirent *e;
	int entries = 0;

	assert_int_equal(pgsql_start_with(&with_pg, &opts), 0);
	assert_memory_equal(with_pg.dir, parent, strlen(parent));
	assert_int_equal(with_pg.dir[strlen(parent)], '/');
	assert_memory_equal(with_pg.data, with_pg.dir, strlen(with_pg.dir));
	if (sock_apart) {
		assert_string_not_equal(with_pg.sock, with_pg.dir);
		assert_true(strlen(with_pg.sock) < 100);
	} else
		assert_string_equal(with_pg.sock, with_pg.dir);
	snprintf(sock, sizeof sock, "%s/.s.PGSQL.5432", with_pg.sock);
	assert_int_equal(stat(sock, &st), 0);
	assert_true(S_ISSOCK(st.st_mode));
	c = open_conn(with_pg.uri);
	assert_true(one_is(c, "SHOW fsync", 0, NULL, "on"));
	assert_true(one_is(c, "SHOW synchronous_commit", 0, NULL, "on"));
	assert_true(one_is(c, "SELECT current_user", 0, NULL, "cheaterbot"));
	close_conn(c);

	snprintf(dir, sizeof dir, "%s", with_pg.dir);
	snprintf(sock, sizeof sock, "%s", with_pg.sock);
	pgsql_stop(&with_pg);
	assert_false(path_exists(dir));
	assert_false(path_exists(sock));
	d = opendir(parent);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			entries++;
	closedir(d);
	assert_int_equal(entries, 0);
}

/* Durable servers under a short parent and under one too long for the
 * socket (the postgres user, as root, must be let through both). */
static void
test_start_with(void **state)
{
	char longer[PATH_MAX];
	int n;

	(void)state;
	with_parent = ngircd_tmpdir();
	assert_non_null(with_parent);
	assert_int_equal(chmod(with_parent, 0755), 0);
	start_with(with_parent, 0);
	n = snprintf(longer, sizeof longer, "%s/%0100d", with_parent, 0);
	assert_true(n > 0 && (size_t)n < sizeof longer);
	assert_int_equal(mkdir(longer, 0755), 0);
	start_with(longer, 1);
}

/* In a child: starts a server, reports its pid and directory, and on the
 * word to go exits without stopping it. */
static int
orphan_child(int go, int report, const char *arg)
{
	struct pgsql pg;
	char line[PATH_MAX + 32], byte;

	(void)arg;
	if (pgsql_start(&pg) != 0)
		return 1;
	snprintf(line, sizeof line, "%d %s", (int)pg.pid, pg.dir);
	child_report(report, line);
	if (read(go, &byte, 1) != 1)
		return 2;
	return 0;
}

/* A suite that dies with its server running: the kernel sends the
 * postmaster SIGINT, and it ends.  This process is made the orphan's
 * subreaper meanwhile, so that it is reaped here, not left a zombie. */
static void
test_orphan(void **state)
{
	char line[PATH_MAX + 32], *dir;
	struct child ch;
	pid_t pid;
	int status;

	(void)state;
	assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
	child_start(&ch, orphan_child, NULL);
	child_read(&ch, line, sizeof line);
	pid = (pid_t)atoi(line);
	dir = strchr(line, ' ');
	if (pid <= 0 || dir == NULL) {
		child_wait(&ch);
		prctl(PR_SET_CHILD_SUBREAPER, 0);
		fail_msg("the child started no server: \"%s\"", line);
	}
	dir++;
	assert_true(exists(pid));
	child_go(&ch);
	assert_int_equal(child_wait(&ch), 0);
	/* Ours now: reaped when it ends. */
	status = ngircd_reap(pid, 10000);
	if (status == -1) {
		kill(pid, SIGKILL);
		ngircd_reap(pid, 5000);
	}
	prctl(PR_SET_CHILD_SUBREAPER, 0);
	ngircd_rmdir(dir);
	if (status == -1)
		fail_msg("postgres %d outlived its parent", (int)pid);
	/* A fast shutdown, which SIGINT asks for, ends with 0. */
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_false(exists(pid));
	assert_false(path_exists(dir));
}

/* The group's server. */
static int
setup(void **state)
{
	(void)state;
	return pgsql_start(&server);
}

/* Stopped whatever the tests did. */
static int
teardown(void **state)
{
	(void)state;
	pgsql_stop(&server);
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_find_bin),
	    cmocka_unit_test_teardown(test_started, close_conns),
	    cmocka_unit_test_teardown(test_query, close_conns),
	    cmocka_unit_test_teardown(test_no_tcp, close_conns),
	    cmocka_unit_test_teardown(test_advisory_lock, close_conns),
	    cmocka_unit_test_setup_teardown(
	        test_stop, stop_setup, stop_teardown),
	    cmocka_unit_test(test_orphan),
	    cmocka_unit_test_teardown(test_start_with, with_teardown),
	};

	return cmocka_run_group_tests_name("pgsql", tests, setup, teardown);
}
