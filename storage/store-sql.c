/*
 * The store's statements: a statement of store_sql[] run with its values
 * bound (store_query(), store_run()) and stepped (store_next()), and
 * transactions begun and committed (store_begin(), store_commit(); a
 * rollback ends a failure, store-fail.c).  Outside a transaction, the
 * files of a writing connection are checked first (db-watch.c), whether
 * the statement reads or writes.  Every storage file above runs its
 * statements through these, so that "bind, step, reset" is written once.
 */
#include <stdarg.h>

#include "store-int.h"

int
store_next(struct store *s, struct db_stmt *st, char **cause)
{
	int rc;

	if ((rc = db_next(st)) < 0)
		return store_db_fail(s, cause);
	return rc;
}

/* Before a statement or a BEGIN outside a transaction, which begins one:
 * the files are checked (db-watch.c), whether it reads or writes, as
 * SQLite writes the -shm at the start of a read transaction too.  0, or
 * -1 and *cause. */
static int
store_files_first(struct store *s, char **cause)
{
	if (db_in_transaction(s->db))
		return 0;
	return store_files_ok(s, cause);
}

/* store_query() with its parameters' values in ap. */
static int
store_queryv(struct store *s, enum store_sql id, struct db_stmt **stp,
    char **cause, const char *types, va_list ap)
{
	struct db_stmt *st = s->stmt[id];
	int rc;

	if (store_files_first(s, cause) != 0)
		return -1;
	*stp = st;
	if ((rc = db_query(st, types, ap)) < 0)
		return store_db_fail(s, cause);
	return rc;
}

int
store_query(struct store *s, enum store_sql id, struct db_stmt **st,
    char **cause, const char *types, ...)
{
	va_list ap;
	int rc;

	va_start(ap, types);
	rc = store_queryv(s, id, st, cause, types, ap);
	va_end(ap);
	return rc;
}

int
store_run(
    struct store *s, enum store_sql id, char **cause, const char *types, ...)
{
	struct db_stmt *st;
	va_list ap;
	int rc;

	va_start(ap, types);
	rc = store_queryv(s, id, &st, cause, types, ap);
	va_end(ap);
	while (rc == 1)
		rc = store_next(s, st, cause);
	return rc;
}

int
store_begin(struct store *s, int write, char **cause)
{
	if (store_files_first(s, cause) != 0)
		return -1;
	if (db_begin(s->db, write) != 0)
		return store_db_fail(s, cause);
	return 0;
}

int
store_commit(struct store *s, char **cause)
{
	if (db_commit(s->db) != 0)
		return store_db_fail(s, cause);
	return 0;
}
