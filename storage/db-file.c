/*
 * The database file as a whole: whether the store has one
 * (store_has_file(): SQLite's), claiming it for one bot, copying it while
 * a bot writes it, checking it, and the modes of its files.  Watching
 * that its files can still be written is db-watch.c's.
 *
 * The claim is a POSIX record lock (fcntl F_SETLK, F_WRLCK) on a file of its
 * own next to the database, FILE-lock, holding the claimer's pid.  SQLite's
 * locks on the database come and go with each transaction and cannot say
 * "a bot runs here"; a record lock lasts as long as its descriptor, and the
 * kernel drops it when the process ends however it ends, so a crashed bot
 * never leaves a stale claim.  The lock file is never removed: removing it
 * would let two processes lock two different files of the same name.
 *
 * Record locks belong to a process, not to a descriptor: a second lock by
 * the same process on the same file succeeds, and closing any descriptor of
 * that file ends the process's lock.  So this file keeps a list of the
 * stores this process has claimed, refuses a second claim of a lock file on
 * that list before opening it, and opens a claimed lock file only once.
 *
 * Every file made here (the claim's, a backup) is made DB_FILE_MODE, its
 * owner's alone, as SQLite's own are (db-sqlite.c): the running games'
 * seeds and salts are in them.  store_files_open_to_others() names those
 * of a database that other users may read, made by someone else.
 *
 * The copy uses SQLite's online backup in one step (db_file_backup()),
 * which reads one snapshot of the database: in WAL mode writers go on
 * meanwhile, and the copy holds every transaction committed before the
 * snapshot and none after.
 *
 * Everything here is about one file, SQLite's: the engine's part of it is
 * db.h's db_file_*() (db-sqlite.c), and this file calls SQLite only
 * through them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../alloc/xalloc.h"
#include "store-int.h"

/* The suffix of the claim's file beside them. */
#define STORE_LOCK_SUFFIX "-lock"

/* Opens path with flags, making it (O_CREAT) DB_FILE_MODE whatever the
 * umask when it is not there: the descriptor, or -1 and errno. */
static int
store_file_open(const char *path, int flags)
{
	mode_t umask_was = db_file_umask();
	int fd, e;

	fd = open(path, flags | O_CREAT | O_CLOEXEC, DB_FILE_MODE);
	e = errno;
	umask(umask_was);
	errno = e;
	return fd;
}

/* The stores this process has claimed, through claim_next. */
static struct store *store_claims;

/* The lock file's name, FILE-lock, malloc'd; NULL for a database with no
 * file (in memory, or temporary). */
static char *
store_lock_path(struct store *s)
{
	const char *file = db_file(s->db);

	if (file == NULL)
		return NULL;
	return xasprintf("%s" STORE_LOCK_SUFFIX, file);
}

/* Whether this process has claimed the lock file at path already. */
static int
store_claimed_here(const char *path)
{
	struct store *c;
	struct stat sb;

	if (stat(path, &sb) != 0)
		return 0;
	for (c = store_claims; c != NULL; c = c->claim_next) {
		if (c->lock_dev == sb.st_dev && c->lock_ino == sb.st_ino)
			return 1;
	}
	return 0;
}

/* The pid holding a lock on fd: the kernel's answer, else the number
 * written in the file; 0 when neither says. */
static long
store_lock_holder(int fd)
{
	struct flock fl;
	char buf[32];
	ssize_t n;
	long pid;

	memset(&fl, 0, sizeof fl);
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	if (fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK &&
	    fl.l_pid > 0)
		return (long)fl.l_pid;
	/* The holder is in another pid namespace (or just let go). */
	n = pread(fd, buf, sizeof buf - 1, 0);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	pid = strtol(buf, NULL, 10);
	return pid > 0 ? pid : 0;
}

/* Sets *cause for a lock on fd that another process holds; returns -1. */
static int
store_claim_refused(struct store *s, int fd, char **cause)
{
	long pid = store_lock_holder(fd);

	if (pid == 0) {
		return store_fail(cause,
		    "database '%s' is in use by another cheaterbot", s->path);
	}
	return store_fail(cause,
	    "database '%s' is in use by another cheaterbot (pid %ld)", s->path,
	    pid);
}

/* Locks the open lock file fd (named lock) and writes our pid in it:
 * 0, or -1 and *cause. */
static int
store_lock(struct store *s, int fd, const char *lock, char **cause)
{
	struct flock fl;
	char pid[32];
	int n;

	memset(&fl, 0, sizeof fl);
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	if (fcntl(fd, F_SETLK, &fl) != 0) {
		if (errno == EACCES || errno == EAGAIN)
			return store_claim_refused(s, fd, cause);
		return store_fail(cause, "database '%s': cannot lock '%s': %s",
		    s->path, lock, strerror(errno));
	}
	n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
	if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, (size_t)n, 0) != n) {
		return store_fail(cause, "database '%s': cannot write '%s': %s",
		    s->path, lock, strerror(errno));
	}
	return 0;
}

int
store_claim_file(struct store *s, char **cause)
{
	struct stat sb;
	char *lock;
	int fd;

	if (s->lock_fd != -1)
		return 0;
	lock = store_lock_path(s);
	if (lock == NULL)
		return 0; /* no other process can open it */
	if (store_claimed_here(lock)) {
		store_fail(cause,
		    "database '%s' is already claimed by this process",
		    s->path);
		free(lock);
		return -1;
	}
	fd = store_file_open(lock, O_RDWR);
	if (fd < 0) {
		store_fail(cause, "database '%s': cannot open '%s': %s",
		    s->path, lock, strerror(errno));
		free(lock);
		return -1;
	}
	if (store_lock(s, fd, lock, cause) != 0)
		goto fail;
	if (fstat(fd, &sb) != 0) {
		store_fail(cause, "database '%s': cannot stat '%s': %s",
		    s->path, lock, strerror(errno));
		goto fail;
	}
	free(lock);
	s->lock_fd = fd;
	s->lock_dev = sb.st_dev;
	s->lock_ino = sb.st_ino;
	s->claim_next = store_claims;
	store_claims = s;
	return 0;

fail:
	close(fd); /* and with it the lock, if it was taken */
	free(lock);
	return -1;
}

void
store_unclaim(struct store *s)
{
	struct store **p;

	if (s->lock_fd == -1)
		return;
	for (p = &store_claims; *p != s; p = &(*p)->claim_next)
		;
	*p = s->claim_next;
	/* The pid goes with the claim (should this fail, the next claimer
	 * writes its own); the file stays (see above). */
	(void)!ftruncate(s->lock_fd, 0);
	close(s->lock_fd);
	s->lock_fd = -1;
	s->claim_next = NULL;
}

int
store_has_file(const struct store *s)
{
	return db_dialect(s->db) == DB_SQLITE;
}

/* Removes what a failed backup to dest left: the file and its journal. */
static void
store_backup_remove(const char *dest)
{
	char *journal = xasprintf("%s-journal", dest);

	unlink(dest);
	unlink(journal);
	free(journal);
}

int
store_backup(struct store *s, const char *dest, char **cause)
{
	int fd;

	if (!store_has_file(s))
		return store_fail(cause, "database '%s' is PostgreSQL's, not a "
		    "file: copy it with pg_dump (docs/storage.md, Backups)",
		    s->path);
	/* O_EXCL: a file that appears meanwhile is not overwritten either. */
	fd = store_file_open(dest, O_WRONLY | O_EXCL);
	if (fd < 0) {
		if (errno == EEXIST)
			return store_fail(cause, "'%s' already exists", dest);
		return store_fail(
		    cause, "cannot create '%s': %s", dest, strerror(errno));
	}
	close(fd);
	if (db_file_backup(s->db, dest) != 0) {
		store_fail(
		    cause, "backup to '%s': %s", dest, db_error(s->db));
		store_backup_remove(dest);
		return -1;
	}
	return 0;
}

int
store_check(struct store *s, char **cause)
{
	char first[512], *what;
	int rc;

	if ((rc = db_check(s->db, &what)) < 0)
		return store_db_fail(s, cause);
	if (rc == 0)
		return 0;
	store_copy_text(first, sizeof first, what);
	free(what);
	return store_fail(
	    cause, "database '%s' is damaged: %s", s->path, first);
}

/* path as one word of sh, a new string: as it is when the shell takes
 * every byte of it literally, else in single quotes (a quote in it
 * written '\''). */
static char *
store_shell_word(const char *path)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+,:@%=";
	const char *p;
	char *w, *q;

	if (*path != '\0' && path[strspn(path, plain)] == '\0')
		return xstrdup(path);
	q = w = xmalloc(4 * strlen(path) + 3);
	*q++ = '\'';
	for (p = path; *p != '\0'; p++) {
		if (*p == '\'') {
			memcpy(q, "'\\''", 4);
			q += 4;
		} else
			*q++ = *p;
	}
	*q++ = '\'';
	*q = '\0';
	return w;
}

/* Adds item to the new string *list (NULL: none yet), after sep when the
 * list has something; item is freed. */
static void
store_list_add(char **list, const char *sep, char *item)
{
	char *more;

	more = xasprintf("%s%s%s", *list != NULL ? *list : "",
	    *list != NULL ? sep : "", item);
	free(*list);
	free(item);
	*list = more;
}

int
store_files_open_to_others(struct store *s, char **cause)
{
	static const char *const suffix[] = { "", "-wal", "-shm",
		STORE_LOCK_SUFFIX };
	const char *file = db_file(s->db);
	char *path, *modes = NULL, *words = NULL;
	struct stat sb;
	size_t i;

	if (file == NULL)
		return 0;
	for (i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
		path = xasprintf("%s%s", file, suffix[i]);
		/* A file not there (a -wal not made yet) is no one's. */
		if (stat(path, &sb) == 0 && (sb.st_mode & 077) != 0) {
			store_list_add(&modes, ", ", xasprintf("'%s' mode %03o",
			    path, (unsigned)(sb.st_mode & 0777)));
			store_list_add(&words, " ", store_shell_word(path));
		}
		free(path);
	}
	if (modes == NULL)
		return 0;
	store_fail(cause, "database '%s': its files are open to other users "
	    "(%s), and hold the running games' seeds and salts, from which "
	    "their deals can be rebuilt: make them their owner's alone with "
	    "chmod %o %s", s->path, modes, DB_FILE_MODE, words);
	free(modes);
	free(words);
	return 1;
}

int
store_probe(struct store *s, char **cause)
{
	int version;

	if (db_readonly(s->db)) {
		return store_fail(cause, "database '%s' can only be read: "
		    "the file, or its directory (where SQLite makes the -wal "
		    "and -shm files), cannot be written", s->path);
	}
	if (db_version(s->db, &version) != 0)
		return store_db_fail(s, cause);
	if (store_begin(s, 1, cause) != 0)
		return -1;
	/* The version written over with itself: a real write, committed. */
	if (db_set_version(s->db, version) != 0) {
		store_db_fail(s, cause);
		return store_rollback(s);
	}
	return store_commit(s, cause);
}

void
store_dir_blame(struct store *s, char **cause)
{
	const char *file, *slash;
	char *dir, *more;

	file = s->db != NULL ? db_file(s->db) : NULL;
	if (cause == NULL || *cause == NULL || file == NULL)
		return;
	/* The directory part of file: "/" for "/x.db", "." for "x.db". */
	if ((slash = strrchr(file, '/')) != NULL)
		dir = xstrndup(file, slash == file ? 1 : (size_t)(slash - file));
	else
		dir = xstrdup(".");
	if (access(dir, W_OK) != 0) {
		more = xasprintf("%s; its directory '%s' cannot be written "
		    "(%s), and SQLite makes the -wal and -shm files there",
		    *cause, dir, strerror(errno));
		free(*cause);
		*cause = more;
	}
	free(dir);
}
