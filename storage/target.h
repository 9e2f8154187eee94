/*
 * What a database's name says about it, the one test of it that storage,
 * the offline tasks and the tests share: a libpq URI names a PostgreSQL
 * database (a league's), anything else an SQLite file (a path, a "file:"
 * URI, ":memory:").  Header only.
 */
#ifndef STORAGE_TARGET_H
#define STORAGE_TARGET_H

#include <string.h>

/* Whether target is a PostgreSQL connection URI, as libpq reads one. */
static inline int
store_target_is_pgsql(const char *target)
{
	return strncmp(target, "postgresql://", 13) == 0 ||
	    strncmp(target, "postgres://", 11) == 0;
}

#endif
