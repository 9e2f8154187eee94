/*
 * The watch on the files of a writing connection: in WAL mode SQLite
 * maps the -shm file (the WAL index) into memory and writes it at the
 * start of transactions.  Should the file become unwritable while mapped
 * (chattr +i, a read-only remount), the kernel answers the next write
 * fault with SIGBUS and the process dies without a word.  So before each
 * transaction of a writing connection (store_query(), store_begin())
 * store_files_ok() looks at the three files by path: still there, still
 * the inode opened, and writable (access() says EPERM for an immutable
 * file even to root, EROFS on a read-only mount).  A file gone or
 * replaced (its directory removed, a restore under a running bot) fails
 * the same way: what would be written there is lost at the next start.
 *
 * The files are noted when the store opens (store_files_note()), and
 * only SQLite has them (db_file()): a PostgreSQL database, a database in
 * memory and a read-only connection have nothing to watch.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../alloc/xalloc.h"
#include "store-int.h"

/* The suffixes of the files a writing connection has, in files[]. */
static const char *const store_file_suffix[STORE_FILES] = { "", "-wal",
	"-shm" };

void
store_files_note(struct store *s)
{
	const char *file = db_file(s->db);
	struct stat sb;
	char *path;
	int i;

	store_files_forget(s);
	if (file == NULL || db_readonly(s->db))
		return;
	for (i = 0; i < STORE_FILES; i++) {
		path = xasprintf("%s%s", file, store_file_suffix[i]);
		/* A -wal or -shm not made yet is not followed. */
		if (stat(path, &sb) != 0) {
			free(path);
			continue;
		}
		s->files[i].path = path;
		s->files[i].dev = sb.st_dev;
		s->files[i].ino = sb.st_ino;
	}
}

void
store_files_forget(struct store *s)
{
	int i;

	for (i = 0; i < STORE_FILES; i++) {
		free(s->files[i].path);
		s->files[i].path = NULL;
	}
}

int
store_files_ok(struct store *s, char **cause)
{
	const struct store_file *f;
	struct stat sb;
	int i;

	for (i = 0; i < STORE_FILES; i++) {
		f = &s->files[i];
		if (f->path == NULL)
			continue;
		if (stat(f->path, &sb) != 0) {
			return store_fail(cause, "database '%s': '%s' is gone "
			    "(%s)", s->path, f->path, strerror(errno));
		}
		if (sb.st_dev != f->dev || sb.st_ino != f->ino) {
			return store_fail(cause, "database '%s': '%s' is no "
			    "longer the file opened (it was replaced)",
			    s->path, f->path);
		}
		if (access(f->path, W_OK) != 0) {
			return store_fail(cause, "database '%s': '%s' cannot "
			    "be written (%s)", s->path, f->path,
			    strerror(errno));
		}
	}
	return 0;
}
