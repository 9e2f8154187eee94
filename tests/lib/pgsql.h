/*
 * A private PostgreSQL server for a suite: Debian's server binaries
 * (/usr/lib/postgresql/MAJOR/bin, the highest major installed), a cluster
 * made by initdb in a new temporary directory, and the postmaster started
 * on a Unix socket only, in that directory unless said below
 * (listen_addresses = '': no TCP port at all), with trust authentication
 * for local connections and host connections rejected.  As root, initdb
 * and the server run as the postgres user (fork, then setgid and setuid
 * in the child: no sudo or su) and the directory is handed to that user;
 * as anyone else they run as that user.  pgsql_start() runs the server
 * with fsync off: a test's data need not survive the machine crashing,
 * only the server or a bot being killed, which the operating system's
 * page cache outlives, and commits are then far cheaper on a shared disk.
 * pgsql_start_with() can instead keep the server's own durability (fsync
 * and synchronous_commit on, as a real server runs: what a benchmark of
 * commits must time) and make the directory under a parent of the
 * caller's choosing (on the disk being measured; the socket then goes to
 * a directory of its own under $TMPDIR or /tmp if the parent's path is
 * too long for a socket's, which is at most 107 bytes).  The postmaster
 * is stopped by its process id, never by name: SIGINT (a fast shutdown:
 * clients are disconnected, the cluster is shut down cleanly), SIGKILL
 * after a timeout; then the directory is removed.  Should the suite die
 * first, the postmaster gets SIGINT from the kernel (PR_SET_PDEATHSIG)
 * and does not outlive it.
 */
#ifndef TESTS_PGSQL_H
#define TESTS_PGSQL_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

/* Where Debian installs each major version's server binaries. */
#define PGSQL_LIBDIR "/usr/lib/postgresql"
/* The database and the role pgsql_start() makes for the tests (the role
 * owns the database; it is no superuser). */
#define PGSQL_TEST_DB "cheaterbot"
#define PGSQL_TEST_ROLE "cheaterbot"
/* The cluster's superuser, whichever user ran initdb. */
#define PGSQL_SUPERUSER "postgres"
/* The port only names the socket (.s.PGSQL.5432): nothing listens on
 * it.  Given to the server and in every URI, so that a PGPORT in the
 * environment changes neither. */
#define PGSQL_PORT 5432

struct pgsql {
	pid_t pid;          /* the postmaster; 0 when not running */
	uid_t uid;          /* the user the server runs as */
	gid_t gid;          /* and its group */
	char bin[PATH_MAX]; /* the server binaries' directory */
	/* The temporary directory: the socket .s.PGSQL.5432 (unless it is
	 * in sock, below) and the log postgres.log in it, the cluster in
	 * DIR/data.  "" when there is none. */
	char dir[PATH_MAX];
	/* The socket's directory: dir, or a second temporary directory when
	 * dir is too long a path for a socket (pgsql_start_with()'s
	 * parent); "" when there is none. */
	char sock[PATH_MAX];
	char data[PATH_MAX];
	char log[PATH_MAX];
	/* libpq's connection URI for the test role and database:
	 * postgresql:///cheaterbot?host=SOCK&user=cheaterbot. */
	char uri[PATH_MAX * 3 + 64];
};

/* The directory of the newest major version's server binaries under root
 * (PGSQL_LIBDIR, or another tree laid out as Debian's): the numerically
 * highest root/MAJOR/bin holding executable initdb and postgres, written
 * into buf.  0, or -1 with a message on stderr that names `make deps`. */
int pgsql_find_bin(const char *root, char *buf, size_t size);

/* Starts a private server: a new temporary directory, initdb into it,
 * the postmaster, a wait (up to 30 s) until it accepts connections on its
 * socket, and the test role and database made; pg->uri is then set.  0,
 * or -1 with a message on stderr, having stopped and removed whatever it
 * had started.  pg need not be initialised. */
int pgsql_start(struct pgsql *pg);

/* How pgsql_start_with() starts a server; zeroes are pgsql_start()'s
 * choices. */
struct pgsql_opts {
	/* An existing directory to make the temporary directory in; NULL
	 * for $TMPDIR, or /tmp. */
	const char *parent;
	/* Nonzero: the server's default durability, fsync and
	 * synchronous_commit on (said on its command line, so that nothing
	 * else changes them); 0: fsync off, for the tests. */
	int durable;
};

/* As pgsql_start(), as opts says (NULL: as pgsql_start()). */
int pgsql_start_with(struct pgsql *pg, const struct pgsql_opts *opts);

/* A libpq connection URI for database db as role user on pg's socket,
 * written into buf (the socket directory percent-encoded).  0, or -1 if
 * it does not fit. */
int pgsql_uri(const struct pgsql *pg, const char *db, const char *user,
    char *buf, size_t size);

/* Stops the postmaster (SIGINT, then SIGKILL after 10 s) and reaps it,
 * then removes the temporary directory, and the socket's if apart.  Safe
 * on a pgsql that is stopped already or was never started (set to
 * zeroes): a suite's teardown calls it whatever the test did.  The postmaster's
 * wait status (as waitpid() gives it), or -1 if it was not running. */
int pgsql_stop(struct pgsql *pg);

#endif
