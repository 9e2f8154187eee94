/*
 * What a database's name says about it, the one reading of it that
 * storage, the configuration and the program share (target.c): whether it
 * names a PostgreSQL database (a league's) or an SQLite file, and where
 * the passwords in it are, so that it is never shown with them.
 *
 * libpq reads two forms, and both name a PostgreSQL database: a URI,
 * "postgresql://user:PASSWORD@host/db?password=PASSWORD&...", and a
 * string of keyword/value pairs, "host=db.example dbname=league
 * password=PASSWORD" (its values quoted with '...' where they hold a
 * space, a backslash escaping the next byte).  Anything else is SQLite's:
 * a path, a "file:" URI, ":memory:".  A path that would read as a
 * keyword/value pair (a name of letters and underscores, then '=') is
 * written with a directory before it: "./x=1.db".
 */
#ifndef STORAGE_TARGET_H
#define STORAGE_TARGET_H

#include <stddef.h>

/* Whether target names a PostgreSQL database: a libpq URI, or a
 * keyword/value string (its first non-blank bytes a name of letters and
 * underscores, blanks, then '=', as "host=..." or "dbname = league"). */
int store_target_is_pgsql(const char *target);

/* A password in a database's name: len bytes of it from at, as written
 * (quotes and percent-escapes and all). */
struct store_secret {
	size_t at, len;
};

/* The passwords in target, found as libpq reads them: a URI's user
 * info's (from the first ':' to the '@' that ends it, the first '@'
 * before any '/'), and each query parameter whose key is password (the
 * key percent-decoded, the value up to the next '&'); a keyword/value
 * string's password values (quoted or not); and where libpq cannot read
 * a keyword/value string past a password (a value with a blank, not
 * quoted), the rest of the string, which may be the password's.  An
 * SQLite name has none.  The spans, in order, in a new array *spans
 * (NULL when none; the caller frees it); their count. */
size_t store_target_secrets(const char *target, struct store_secret **spans);

/* target as it may be shown, in a log line, a message or a cause: each
 * of its passwords (store_target_secrets()) replaced by "***".  Every
 * name of a database the program shows goes through it.  A new
 * string. */
char *store_target_shown(const char *target);

#endif
