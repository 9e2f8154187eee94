/*
 * The private PostgreSQL server of pgsql.h.  initdb and the postmaster
 * are forked here, not through ngircd_spawn(), as the child may have to
 * become the postgres user before it runs them; waiting for their end
 * and removing the directory are ngircd.c's.  "Accepts connections yet"
 * has no event to wait on, so it is asked with PQping() every 20 ms.
 */
#define _GNU_SOURCE 1
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libpq-fe.h>

#include "tests/lib/ngircd.h"
#include "tests/lib/pgsql.h"

#define PGSQL_INITDB_MS 120000
#define PGSQL_START_MS 30000
#define PGSQL_STOP_MS 10000
/* How much of the log's end a failure shows. */
#define PGSQL_LOG_TAIL 4096

/* Whether dir/name is a file this process may execute. */
static int
pgsql_executable(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
		return 0;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(path, X_OK) == 0;
}

/* A version directory's name as Debian writes it ("15", or "9.6" before
 * PostgreSQL 10) into *major and *minor; 0, or -1 when it is no
 * version. */
static int
pgsql_version(const char *name, long *major, long *minor)
{
	char *end;

	if (*name < '0' || *name > '9')
		return -1;
	*major = strtol(name, &end, 10);
	*minor = 0;
	if (*end == '.') {
		if (end[1] < '0' || end[1] > '9')
			return -1;
		*minor = strtol(end + 1, &end, 10);
	}
	return *end == '\0' ? 0 : -1;
}

int
pgsql_find_bin(const char *root, char *buf, size_t size)
{
	char bin[PATH_MAX], best[PATH_MAX];
	long major, minor, best_major = -1, best_minor = -1;
	struct dirent *e;
	DIR *d = opendir(root);

	if (d != NULL) {
		while ((e = readdir(d)) != NULL) {
			if (pgsql_version(e->d_name, &major, &minor) != 0 ||
			    major < best_major ||
			    (major == best_major && minor <= best_minor))
				continue;
			if (snprintf(bin, sizeof bin, "%s/%s/bin", root,
			        e->d_name) >= (int)sizeof bin ||
			    !pgsql_executable(bin, "initdb") ||
			    !pgsql_executable(bin, "postgres"))
				continue;
			memcpy(best, bin, sizeof best);
			best_major = major;
			best_minor = minor;
		}
		closedir(d);
	}
	if (best_major >= 0) {
		if (snprintf(buf, size, "%s", best) < (int)size)
			return 0;
		fprintf(stderr, "test: %s: too long a path\n", best);
		return -1;
	}
	fprintf(stderr,
	    "test: no PostgreSQL server found (%s/MAJOR/bin/initdb and "
	    "postgres): run `make deps`, which installs Debian's postgresql\n",
	    root);
	return -1;
}

/* Copies the end of pg's log to stderr, after a failure. */
static void
pgsql_show_log(const struct pgsql *pg)
{
	char buf[PGSQL_LOG_TAIL];
	size_t n;
	FILE *f = fopen(pg->log, "r");

	if (f == NULL)
		return;
	if (fseek(f, -(long)sizeof buf, SEEK_END) != 0)
		rewind(f);
	n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	fprintf(stderr, "test: the end of %s:\n%.*s\n", pg->log, (int)n, buf);
}

/* Forks and runs argv (argv[0] a path) in pg->dir as pg's user, its
 * stdout and stderr appended to pg's log and its stdin /dev/null.  With
 * server set, the child is sent SIGINT (a fast shutdown) when this
 * process dies.  The child's pid, or -1. */
static pid_t
pgsql_spawn(const struct pgsql *pg, char *const argv[], int server)
{
	pid_t parent = getpid(), pid;
	int fd, null;

	fd = open(pg->log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	null = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (null < 0) {
		close(fd);
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		if (dup2(null, STDIN_FILENO) < 0 ||
		    dup2(fd, STDOUT_FILENO) < 0 || dup2(fd, STDERR_FILENO) < 0)
			_exit(126);
		/* Root's own groups go too, not only its ids. */
		if (pg->uid != geteuid() &&
		    (setgroups(1, &pg->gid) != 0 || setgid(pg->gid) != 0 ||
		        setuid(pg->uid) != 0)) {
			dprintf(STDERR_FILENO,
			    "test: cannot become uid %d: %s\n", (int)pg->uid,
			    strerror(errno));
			_exit(126);
		}
		/* After setuid(), which clears the parent-death signal. */
		if (server && (prctl(PR_SET_PDEATHSIG, SIGINT) != 0 ||
		                  getppid() != parent))
			_exit(126);
		if (chdir(pg->dir) != 0) {
			dprintf(STDERR_FILENO, "test: cannot enter %s: %s\n",
			    pg->dir, strerror(errno));
			_exit(126);
		}
		execv(argv[0], argv);
		dprintf(STDERR_FILENO, "test: cannot run %s: %s\n", argv[0],
		    strerror(errno));
		_exit(127);
	}
	close(fd);
	close(null);
	return pid;
}

/* Appends text to buf (holding *len bytes of size), every byte but
 * letters, digits, "-._~" and, with slash set, "/" percent-encoded.  0,
 * or -1 if it does not fit. */
static int
pgsql_encode(char *buf, size_t size, size_t *len, const char *text, int slash)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p;

	for (p = (const unsigned char *)text; *p != '\0'; p++) {
		if (*len + 4 > size)
			return -1;
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~", *p) != NULL ||
		    (slash && *p == '/')) {
			buf[(*len)++] = (char)*p;
			continue;
		}
		buf[(*len)++] = '%';
		buf[(*len)++] = hex[*p >> 4];
		buf[(*len)++] = hex[*p & 15];
	}
	buf[*len] = '\0';
	return 0;
}

int
pgsql_uri(const struct pgsql *pg, const char *db, const char *user, char *buf,
    size_t size)
{
	char port[32];
	size_t len = 0;

	snprintf(port, sizeof port, "&port=%d&user=", PGSQL_PORT);
	if (size < sizeof "postgresql:///")
		return -1;
	len = (size_t)snprintf(buf, size, "postgresql:///");
	if (pgsql_encode(buf, size, &len, db, 0) != 0 ||
	    len + sizeof "?host=" > size)
		return -1;
	len += (size_t)snprintf(buf + len, size - len, "?host=");
	if (pgsql_encode(buf, size, &len, pg->sock, 1) != 0 ||
	    len + strlen(port) + 1 > size)
		return -1;
	len += (size_t)snprintf(buf + len, size - len, "%s", port);
	return pgsql_encode(buf, size, &len, user, 0);
}

/* Whose the cluster is: the postgres user as root (which PostgreSQL
 * refuses to run as), this process's user otherwise.  0, or -1. */
static int
pgsql_owner(struct pgsql *pg)
{
	struct passwd *pw;

	if (geteuid() != 0) {
		pg->uid = geteuid();
		pg->gid = getegid();
		return 0;
	}
	pw = getpwnam("postgres");
	if (pw == NULL) {
		fprintf(stderr,
		    "test: no postgres user to run PostgreSQL as "
		    "root: run `make deps`, which installs Debian's "
		    "postgresql\n");
		return -1;
	}
	pg->uid = pw->pw_uid;
	pg->gid = pw->pw_gid;
	return 0;
}

/* A new directory under parent (NULL: ngircd_tmpdir()'s $TMPDIR or
 * /tmp) into buf, an absolute path, handed to pg's user.  0, or -1 with a
 * message. */
static int
pgsql_mkdir(const struct pgsql *pg, const char *parent, char *buf, size_t size)
{
	char base[PATH_MAX], path[PATH_MAX];
	char *dir;
	int n;

	if (parent == NULL) {
		dir = ngircd_tmpdir();
		n = dir != NULL ? snprintf(buf, size, "%s", dir) : -1;
		free(dir);
	} else if (realpath(parent, base) == NULL) {
		fprintf(stderr, "test: %s: %s\n", parent, strerror(errno));
		return -1;
	} else {
		n = snprintf(
		    path, sizeof path, "%s/cheaterbot-pg.XXXXXX", base);
		if (n < 0 || (size_t)n >= sizeof path || mkdtemp(path) == NULL)
			n = -1;
		else
			n = snprintf(buf, size, "%s", path);
	}
	if (n < 0 || (size_t)n >= size) {
		fprintf(stderr, "test: cannot make a temporary directory\n");
		return -1;
	}
	if (chown(buf, pg->uid, pg->gid) != 0) {
		fprintf(stderr, "test: cannot give %s to uid %d: %s\n", buf,
		    (int)pg->uid, strerror(errno));
		return -1;
	}
	return 0;
}

/* Whether a socket in dir has a path that fits a sockaddr_un. */
static int
pgsql_sock_fits(const char *dir)
{
	return strlen(dir) + sizeof "/.s.PGSQL.99999" <=
	       sizeof(((struct sockaddr_un *)NULL)->sun_path);
}

/* The temporary directory (under parent, NULL for the default), the
 * socket's, their paths, and initdb run into DIR/data.  0, or -1 with a
 * message. */
static int
pgsql_initdb(struct pgsql *pg, const char *parent)
{
	char initdb[PATH_MAX];
	char *argv[] = {initdb, (char *)"-D", pg->data,
	    (char *)"--username=" PGSQL_SUPERUSER, (char *)"--auth-local=trust",
	    (char *)"--auth-host=reject", (char *)"--encoding=UTF8",
	    (char *)"--locale=C", (char *)"--no-sync",
	    (char *)"--no-instructions", NULL};
	const char *sock;
	int status;
	pid_t pid;

	if (pgsql_mkdir(pg, parent, pg->dir, sizeof pg->dir) != 0)
		return -1;
	/* The socket's path must fit a sockaddr_un: under a parent of the
	 * caller's, it may go to a shorter directory of its own. */
	if (pgsql_sock_fits(pg->dir))
		memcpy(pg->sock, pg->dir, sizeof pg->sock);
	else if (parent != NULL &&
	         pgsql_mkdir(pg, NULL, pg->sock, sizeof pg->sock) != 0)
		return -1;
	sock = pg->sock[0] != '\0' ? pg->sock : pg->dir;
	if (!pgsql_sock_fits(sock)) {
		fprintf(stderr,
		    "test: %s is too long a path for a socket: "
		    "set TMPDIR to a shorter one\n",
		    sock);
		return -1;
	}
	if (snprintf(pg->data, sizeof pg->data, "%s/data", pg->dir) >=
	        (int)sizeof pg->data ||
	    snprintf(pg->log, sizeof pg->log, "%s/postgres.log", pg->dir) >=
	        (int)sizeof pg->log)
		return -1;
	if (snprintf(initdb, sizeof initdb, "%s/initdb", pg->bin) >=
	    (int)sizeof initdb)
		return -1;
	pid = pgsql_spawn(pg, argv, 0);
	if (pid < 0) {
		fprintf(stderr, "test: cannot fork initdb\n");
		return -1;
	}
	status = ngircd_reap(pid, PGSQL_INITDB_MS);
	if (status == -1) {
		kill(pid, SIGKILL);
		status = ngircd_reap(pid, PGSQL_STOP_MS);
	}
	if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(
		    stderr, "test: initdb failed (wait status %d)\n", status);
		pgsql_show_log(pg);
		return -1;
	}
	return 0;
}

/* Waits until the postmaster accepts connections as the superuser, or
 * dies, or PGSQL_START_MS pass.  0, or -1 with a message. */
static int
pgsql_wait_ready(struct pgsql *pg)
{
	long long end = ngircd_now_ms() + PGSQL_START_MS;
	char uri[sizeof pg->uri];
	int status;

	if (pgsql_uri(pg, "postgres", PGSQL_SUPERUSER, uri, sizeof uri) != 0)
		return -1;
	while (ngircd_now_ms() < end) {
		if (waitpid(pg->pid, &status, WNOHANG) == pg->pid) {
			pg->pid = 0;
			fprintf(stderr,
			    "test: postgres exited at its start "
			    "(wait status %d)\n",
			    status);
			pgsql_show_log(pg);
			return -1;
		}
		if (PQping(uri) == PQPING_OK)
			return 0;
		poll(NULL, 0, 20);
	}
	fprintf(stderr,
	    "test: postgres did not accept connections in %d "
	    "ms\n",
	    PGSQL_START_MS);
	pgsql_show_log(pg);
	return -1;
}

/* Makes the test role and its database, as the superuser.  0, or -1
 * with a message. */
static int
pgsql_make_db(const struct pgsql *pg)
{
	static const char *const sql[] = {
	    "CREATE ROLE " PGSQL_TEST_ROLE " LOGIN",
	    "CREATE DATABASE " PGSQL_TEST_DB " OWNER " PGSQL_TEST_ROLE,
	};
	char uri[sizeof pg->uri];
	PGresult *res;
	PGconn *c;
	size_t i;
	int rc = 0;

	if (pgsql_uri(pg, "postgres", PGSQL_SUPERUSER, uri, sizeof uri) != 0)
		return -1;
	c = PQconnectdb(uri);
	if (PQstatus(c) != CONNECTION_OK) {
		fprintf(stderr, "test: cannot connect to %s: %s", uri,
		    PQerrorMessage(c));
		PQfinish(c);
		return -1;
	}
	for (i = 0; rc == 0 && i < sizeof sql / sizeof sql[0]; i++) {
		res = PQexec(c, sql[i]);
		if (PQresultStatus(res) != PGRES_COMMAND_OK) {
			fprintf(
			    stderr, "test: %s: %s", sql[i], PQerrorMessage(c));
			rc = -1;
		}
		PQclear(res);
	}
	PQfinish(c);
	return rc;
}

int
pgsql_start(struct pgsql *pg)
{
	return pgsql_start_with(pg, NULL);
}

int
pgsql_start_with(struct pgsql *pg, const struct pgsql_opts *opts)
{
	char postgres[PATH_MAX];
	char *argv[] = {postgres, (char *)"-D", pg->data, (char *)"-k",
	    pg->sock, (char *)"-p", NULL, (char *)"-c",
	    (char *)"listen_addresses=", (char *)"-c", (char *)"fsync=off",
	    NULL, NULL, NULL};
	char port[16];
	int durable = opts != NULL && opts->durable;

	memset(pg, 0, sizeof *pg);
	snprintf(port, sizeof port, "%d", PGSQL_PORT);
	argv[6] = port;
	if (durable) {
		argv[10] = (char *)"fsync=on";
		argv[11] = (char *)"-c";
		argv[12] = (char *)"synchronous_commit=on";
	}
	if (pgsql_find_bin(PGSQL_LIBDIR, pg->bin, sizeof pg->bin) != 0 ||
	    pgsql_owner(pg) != 0)
		return -1;
	if (pgsql_initdb(pg, opts != NULL ? opts->parent : NULL) != 0 ||
	    snprintf(postgres, sizeof postgres, "%s/postgres", pg->bin) >=
	        (int)sizeof postgres)
		goto fail;
	pg->pid = pgsql_spawn(pg, argv, 1);
	if (pg->pid < 0) {
		pg->pid = 0;
		fprintf(stderr, "test: cannot fork postgres\n");
		goto fail;
	}
	if (pgsql_wait_ready(pg) != 0 || pgsql_make_db(pg) != 0 ||
	    pgsql_uri(pg, PGSQL_TEST_DB, PGSQL_TEST_ROLE, pg->uri,
	        sizeof pg->uri) != 0)
		goto fail;
	return 0;
fail:
	pgsql_stop(pg);
	return -1;
}

int
pgsql_stop(struct pgsql *pg)
{
	int status = -1;

	if (pg->pid > 0) {
		kill(pg->pid, SIGINT);
		status = ngircd_reap(pg->pid, PGSQL_STOP_MS);
		if (status == -1) {
			fprintf(stderr, "test: postgres %d ignored SIGINT\n",
			    (int)pg->pid);
			kill(pg->pid, SIGKILL);
			status = ngircd_reap(pg->pid, PGSQL_STOP_MS);
		}
		pg->pid = 0;
	}
	if (pg->sock[0] != '\0' && strcmp(pg->sock, pg->dir) != 0)
		ngircd_rmdir(pg->sock);
	pg->sock[0] = '\0';
	if (pg->dir[0] != '\0') {
		ngircd_rmdir(pg->dir);
		pg->dir[0] = '\0';
	}
	return status;
}
