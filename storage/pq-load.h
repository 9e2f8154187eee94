/*
 * libpq, loaded when the first PostgreSQL database is opened, not linked:
 * private to db-pgsql.c, which includes this file instead of
 * libpq-fe.h.  libpq depends on some twenty more libraries (Kerberos,
 * LDAP, GnuTLS, SASL, ...) that would be loaded, relocated and
 * initialised at every start: 3.4 MiB more resident memory for a bot on
 * SQLite, measured with `make bench` (docs/performance.md).  So the
 * binary needs libpq.so.5 (Debian's libpq5) only when it opens a
 * PostgreSQL database, and a bot on SQLite never loads it.
 *
 * Each libpq function db-pgsql.c calls is a pointer of the same type in
 * the table pq, filled by pq_load() with dlsym(), and its name is a macro
 * for that pointer, so that db-pgsql.c reads as plain libpq.
 */
#ifndef PQ_LOAD_H
#define PQ_LOAD_H

#include <libpq-fe.h>

/* The libpq library, by its stable soname. */
#define PQ_LOAD_SONAME "libpq.so.5"

/* Every function called: X(name) for each. */
#define PQ_LOAD_FUNCS(X)                                                       \
	X(PQclear)                                                             \
	X(PQcmdStatus)                                                         \
	X(PQcmdTuples)                                                         \
	X(PQconnectdbParams)                                                   \
	X(PQconninfoFree)                                                      \
	X(PQconninfoParse)                                                     \
	X(PQerrorMessage)                                                      \
	X(PQexec)                                                              \
	X(PQexecParams)                                                        \
	X(PQexecPrepared)                                                      \
	X(PQfinish)                                                            \
	X(PQfreemem)                                                           \
	X(PQgetisnull)                                                         \
	X(PQgetvalue)                                                          \
	X(PQnfields)                                                           \
	X(PQntuples)                                                           \
	X(PQprepare)                                                           \
	X(PQresultErrorField)                                                  \
	X(PQresultStatus)                                                      \
	X(PQsetNoticeProcessor)                                                \
	X(PQstatus)                                                            \
	X(PQtransactionStatus)

#define PQ_LOAD_FIELD(f) __typeof__(f) *f;
struct pq_funcs {
	PQ_LOAD_FUNCS(PQ_LOAD_FIELD)
};
#undef PQ_LOAD_FIELD
extern struct pq_funcs pq;

/* Loads libpq and fills pq, once: 0, or -1 and *why (the caller frees
 * it), e.g. "PostgreSQL's client library libpq.so.5 cannot be loaded
 * (libpq.so.5: cannot open shared object file: No such file or
 * directory): install it (Debian: libpq5)". */
int pq_load(char **why);

/* From here on each name is its pointer (but in pq-load.c, which fills
 * the table by the names). */
#ifndef PQ_LOAD_FILLING
#define PQclear (pq.PQclear)
#define PQcmdStatus (pq.PQcmdStatus)
#define PQcmdTuples (pq.PQcmdTuples)
#define PQconnectdbParams (pq.PQconnectdbParams)
#define PQconninfoFree (pq.PQconninfoFree)
#define PQconninfoParse (pq.PQconninfoParse)
#define PQerrorMessage (pq.PQerrorMessage)
#define PQexec (pq.PQexec)
#define PQexecParams (pq.PQexecParams)
#define PQexecPrepared (pq.PQexecPrepared)
#define PQfinish (pq.PQfinish)
#define PQfreemem (pq.PQfreemem)
#define PQgetisnull (pq.PQgetisnull)
#define PQgetvalue (pq.PQgetvalue)
#define PQnfields (pq.PQnfields)
#define PQntuples (pq.PQntuples)
#define PQprepare (pq.PQprepare)
#define PQresultErrorField (pq.PQresultErrorField)
#define PQresultStatus (pq.PQresultStatus)
#define PQsetNoticeProcessor (pq.PQsetNoticeProcessor)
#define PQstatus (pq.PQstatus)
#define PQtransactionStatus (pq.PQtransactionStatus)
#endif

#endif
