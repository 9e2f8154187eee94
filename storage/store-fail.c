/*
 * How a failure of the store ends: its cause written, naming the
 * database (store_fail(), store_db_fail() with the engine's own words),
 * and the open transaction rolled back (store_rollback(), and
 * store_refuse() for a refusal with its cause).  Every storage file says
 * its failures through these, so that the wording of database errors is
 * written once.
 */
#include <stdarg.h>

#include "../alloc/xalloc.h"
#include "store-int.h"

static void __attribute__((format(printf, 2, 0)))
store_vcause(char **cause, const char *fmt, va_list ap)
{
	if (cause != NULL)
		*cause = xvasprintf(fmt, ap);
}

int
store_fail(char **cause, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	store_vcause(cause, fmt, ap);
	va_end(ap);
	return -1;
}

int
store_refuse(struct store *s, char **cause, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	store_vcause(cause, fmt, ap);
	va_end(ap);
	return store_rollback(s);
}

int
store_db_fail(struct store *s, char **cause)
{
	return store_fail(
	    cause, "database '%s': %s", s->path, db_error(s->db));
}

int
store_rollback(struct store *s)
{
	db_rollback(s->db);
	return -1;
}
