/*
 * The PostgreSQL engine of db.h, through libpq (loaded at the first open:
 * pq-load.h), and with pq-load.c the only file of storage/ that includes
 * libpq-fe.h.  db.c chooses it for a target that is a libpq URI
 * ("postgresql://", "postgres://") or keyword/value string ("host=...
 * dbname=..."; target.h), which PQconnectdbParams() reads with libpq's
 * own syntax and environment variables.
 *
 * A statement is prepared on the server (PQprepare()) under a name the
 * connection makes, "s1", "s2", ..., from the caller's text with each
 * ?N written $N (outside string literals, quoted identifiers and
 * comments); its values are sent as text and its rows come back as text,
 * the whole result kept with the statement and walked by db_next().
 * The engine's own SQL is constant text (BEGIN, COMMIT, ROLLBACK, the
 * lock) or its own statement name (DEALLOCATE); the schema version, the
 * one value it writes, is a parameter.
 *
 * Transactions: a read one is BEGIN ISOLATION LEVEL REPEATABLE READ READ
 * ONLY, one snapshot for all its statements as SQLite's read transaction
 * has.  A write one is BEGIN (READ COMMITTED) then
 * pg_advisory_xact_lock(DB_PG_WRITE_LOCK), so that writers run one after
 * the other as SQLite's BEGIN IMMEDIATE makes them, every bot of a league
 * included, and each of its statements sees all that committed before
 * it got the lock; no statement then fails for a serialisation conflict
 * that the callers would have to retry.  The lock goes with the
 * transaction.  Unlike SQLite, a statement that fails in a transaction
 * aborts it: everything after fails until the caller's rollback, which
 * the callers of db.h already do.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc/xalloc.h"
#include "db-engine.h"
#include "pq-load.h"
#include "target.h"

/* The key of the transaction advisory lock that serialises writers:
 * "chbt", in a bigint. */
#define DB_PG_WRITE_LOCK "1667785332"

/* Bytes enough for a statement's name, "s" and a number. */
#define DB_PG_NAME 16
/* Bytes enough for a number's text: an int64's 20 and a sign, or
 * "%.17g" of a double. */
#define DB_PG_NUMBER 32

/* A connection: struct db first (db-engine.h). */
struct pg_db {
	struct db base;
	PGconn *c;
	unsigned long named;	/* statements named so far */
	int64_t changes;	/* db_changes() */
};

/* A statement: struct db_stmt first. */
struct pg_stmt {
	struct db_stmt base;
	struct pg_db *db;
	char name[DB_PG_NAME];
	int nparams;		/* the highest ?N of its text */
	PGresult *res;		/* the rows of its run, NULL between runs */
	int row, rows;		/* the current row, of rows */
};

/* Keeps libpq's text msg as db's last failure; returns -1.  libpq's own
 * text may run over lines ("FATAL:  terminating connection ...\nserver
 * closed the connection ..."): its first says what happened. */
static int
pg_failed_text(struct pg_db *db, const char *msg)
{
	size_t n = msg != NULL ? strcspn(msg, "\n") : 0;

	if (n == 0)
		return db_failf(&db->base, "PostgreSQL failed");
	return db_failf(&db->base, "%.*s", (int)n, msg);
}

/* Keeps the text of res's failure (its primary message), or else the
 * connection's last, as db's last failure; returns -1. */
static int
pg_failed(struct pg_db *db, const PGresult *res)
{
	const char *msg = NULL;

	if (res != NULL)
		msg = PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY);
	if (msg == NULL || *msg == '\0')
		msg = PQerrorMessage(db->c);
	return pg_failed_text(db, msg);
}

/* Runs sql (constant text, or the engine's own) with n parameters as
 * text, expecting status want: 0, or -1 and db_error().  With resp, the
 * result is left there for the caller to read and clear. */
static int
pg_run(struct pg_db *db, const char *sql, int n, const char *const *values,
    ExecStatusType want, PGresult **resp)
{
	PGresult *res;

	res = PQexecParams(db->c, sql, n, NULL, values, NULL, NULL, 0);
	if (PQresultStatus(res) != want) {
		pg_failed(db, res);
		PQclear(res);
		return -1;
	}
	if (resp != NULL)
		*resp = res;
	else
		PQclear(res);
	return 0;
}

/* libpq's notices (a ROLLBACK outside a transaction, say) are not for
 * the bot's standard error. */
static void
pg_notice(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

/* Whether libpq can read target as a URI or a keyword/value string
 * (PQconninfoParse()): 0, or -1 and db_error() saying why.  libpq's
 * reason may quote the text it cannot read (a URI whole, a value), so
 * with a password in target it is not kept: psql says it to whoever
 * holds the password. */
static int
pg_readable(struct pg_db *db, const char *target)
{
	PQconninfoOption *opts;
	struct store_secret *v;
	char *why = NULL;
	size_t n;

	if ((opts = PQconninfoParse(target, &why)) != NULL) {
		PQconninfoFree(opts);
		return 0;
	}
	n = store_target_secrets(target, &v);
	free(v);
	if (n > 0)
		db_failf(&db->base, "libpq cannot read it (its reason is not "
		    "shown, as it may quote the password: psql says it)");
	else
		pg_failed_text(db, why);
	PQfreemem(why);
	return -1;
}

static int
pg_open(const char *target, int readonly, struct db **dbp)
{
	struct pg_db *db;
	char *why = NULL;

	db = xcalloc(1, sizeof *db);
	db->base.engine = &db_pgsql_engine;
	*dbp = &db->base;
	if (pq_load(&why) != 0) {
		db_failf(&db->base, "%s", why);
		free(why);
		return -1;
	}
	if (pg_readable(db, target) != 0)
		return -1;
	/* The URI or keyword/value string as dbname, expanded; a name in
	 * pg_stat_activity unless it gives its own application_name. */
	db->c = PQconnectdbParams(
	    (const char *const[]){"dbname", "fallback_application_name", NULL},
	    (const char *const[]){target, "cheaterbot", NULL}, 1);
	if (db->c == NULL)
		return db_failf(&db->base, "out of memory");
	if (PQstatus(db->c) != CONNECTION_OK)
		return pg_failed(db, NULL);
	PQsetNoticeProcessor(db->c, pg_notice, NULL);
	if (readonly &&
	    pg_run(db, "SET default_transaction_read_only = on", 0, NULL,
	        PGRES_COMMAND_OK, NULL) != 0)
		return -1;
	return 0;
}

static void
pg_close(struct db *d, int untouched)
{
	struct pg_db *db = (struct pg_db *)d;

	(void)untouched; /* PQfinish() writes nothing */
	if (db->c != NULL) /* NULL: libpq not loaded, the target unread */
		PQfinish(db->c);
	free(db);
}

static int
pg_readonly(struct db *d)
{
	struct pg_db *db = (struct pg_db *)d;
	PGresult *res;
	int ro;

	if (pg_run(db, "SHOW transaction_read_only", 0, NULL, PGRES_TUPLES_OK,
	        &res) != 0)
		return 1; /* what cannot be asked cannot be written either */
	ro = PQntuples(res) == 1 && strcmp(PQgetvalue(res, 0, 0), "on") == 0;
	PQclear(res);
	return ro;
}

static int
pg_in_transaction(struct db *d)
{
	struct pg_db *db = (struct pg_db *)d;

	return PQtransactionStatus(db->c) != PQTRANS_IDLE;
}

static int
pg_exec(struct db *d, const char *sql)
{
	struct pg_db *db = (struct pg_db *)d;
	PGresult *res;
	ExecStatusType status;

	/* PQexec(): a script of several statements, as SQLite's exec(). */
	res = PQexec(db->c, sql);
	status = PQresultStatus(res);
	if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
		pg_failed(db, res);
		PQclear(res);
		return -1;
	}
	PQclear(res);
	return 0;
}

static int
pg_version(struct db *d, int *version)
{
	struct pg_db *db = (struct pg_db *)d;
	PGresult *res;
	int there;

	/* Asked first: a missing table's error would abort a transaction.
	 * Asked of pg_class with the statement's snapshot, not with
	 * to_regclass(), whose answer may come from the session's cache of
	 * names: a migration that waited for another's write lock (begun
	 * before that one committed) would still find no table there.
	 * Opening pg_class also takes in what other sessions changed. */
	if (pg_run(db, "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class AS c"
	               " JOIN pg_catalog.pg_namespace AS n"
	               " ON n.oid = c.relnamespace"
	               " WHERE c.relname = 'schema_version'"
	               " AND n.nspname = current_schema())",
	        0, NULL, PGRES_TUPLES_OK, &res) != 0)
		return -1;
	there = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
	PQclear(res);
	*version = 0;
	if (!there)
		return 0;
	if (pg_run(db, "SELECT version FROM schema_version", 0, NULL,
	        PGRES_TUPLES_OK, &res) != 0)
		return -1;
	if (PQntuples(res) == 1)
		*version = atoi(PQgetvalue(res, 0, 0));
	PQclear(res);
	return 0;
}

static int
pg_set_version(struct db *d, int version)
{
	struct pg_db *db = (struct pg_db *)d;
	char text[DB_PG_NUMBER];
	const char *values[1] = {text};

	/* One row at most: its key can only be true. */
	if (pg_exec(d, "CREATE TABLE IF NOT EXISTS schema_version ("
	               "one boolean PRIMARY KEY DEFAULT true CHECK (one), "
	               "version integer NOT NULL)") != 0)
		return -1;
	snprintf(text, sizeof text, "%d", version);
	return pg_run(db,
	    "INSERT INTO schema_version (version) VALUES ($1::integer) "
	    "ON CONFLICT (one) DO UPDATE SET version = EXCLUDED.version",
	    1, values, PGRES_COMMAND_OK, NULL);
}

static int
pg_begin(struct db *d, int write)
{
	if (!write)
		return pg_exec(d,
		    "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
	if (pg_exec(d, "BEGIN ISOLATION LEVEL READ COMMITTED; "
	               "SELECT pg_advisory_xact_lock(" DB_PG_WRITE_LOCK ")") !=
	    0) {
		/* BEGIN may have run, and the lock failed. */
		pg_exec(d, "ROLLBACK");
		return -1;
	}
	return 0;
}

static void
pg_rollback(struct db *d)
{
	struct pg_db *db = (struct pg_db *)d;
	PGresult *res;

	if (PQtransactionStatus(db->c) == PQTRANS_IDLE)
		return;
	res = PQexec(db->c, "ROLLBACK");
	PQclear(res);
}

static int
pg_commit(struct db *d)
{
	struct pg_db *db = (struct pg_db *)d;
	PGresult *res;
	int ok;

	res = PQexec(db->c, "COMMIT");
	if (PQresultStatus(res) != PGRES_COMMAND_OK) {
		pg_failed(db, res);
		PQclear(res);
		pg_rollback(d);
		return -1;
	}
	/* The COMMIT of a transaction a failure aborted says ROLLBACK. */
	ok = strcmp(PQcmdStatus(res), "COMMIT") == 0;
	PQclear(res);
	if (!ok)
		return db_failf(d, "the transaction was rolled back after an "
		                   "earlier failure");
	return 0;
}

static int64_t
pg_changes(struct db *d)
{
	return ((struct pg_db *)d)->changes;
}

/* Writes sql into a new string with each ?N as $N outside string
 * literals ('...', E'...' included), quoted identifiers ("...") and
 * comments (-- and C-style); sets *nparams to the highest N.  NULL, with
 * *bad set to what it met, for a ? with no number (SQLite's ? and its
 * ?NNN forms alone are known here) or a literal left open. */
static char *
pg_rewrite(const char *sql, int *nparams, const char **bad)
{
	char *out = xmalloc(strlen(sql) + 1), *o = out;
	const char *p = sql;
	char quote;
	long n;
	int esc;

	*nparams = 0;
	while (*p != '\0') {
		if (*p == '\'' || *p == '"') {
			quote = *p;
			/* Only an E'...' string has backslash escapes. */
			esc = quote == '\'' && p > sql &&
			    (p[-1] == 'E' || p[-1] == 'e');
			*o++ = *p++;
			while (*p != '\0' && *p != quote) {
				if (esc && *p == '\\' && p[1] != '\0')
					*o++ = *p++; /* \' stays in it */
				*o++ = *p++;
			}
			if (*p == '\0')
				goto open;
			*o++ = *p++; /* '' is two literals, side by side */
		} else if (p[0] == '-' && p[1] == '-') {
			while (*p != '\0' && *p != '\n')
				*o++ = *p++;
		} else if (p[0] == '/' && p[1] == '*') {
			*o++ = *p++;
			*o++ = *p++;
			while (*p != '\0' && !(p[0] == '*' && p[1] == '/'))
				*o++ = *p++;
			if (*p == '\0')
				goto open;
			*o++ = *p++;
			*o++ = *p++;
		} else if (*p == '?') {
			if (p[1] < '1' || p[1] > '9') {
				*bad = "a parameter with no number";
				free(out);
				return NULL;
			}
			*o++ = '$';
			p++;
			n = 0;
			while (*p >= '0' && *p <= '9') {
				if (n < 100000)
					n = n * 10 + (*p - '0');
				*o++ = *p++;
			}
			if (n > *nparams)
				*nparams = (int)n;
		} else
			*o++ = *p++;
	}
	*o = '\0';
	return out;
open:
	*bad = "a literal, identifier or comment left open";
	free(out);
	return NULL;
}

static struct db_stmt *
pg_prepare(struct db *d, const char *sql)
{
	struct pg_db *db = (struct pg_db *)d;
	struct pg_stmt *st;
	const char *bad = NULL;
	PGresult *res;
	char *text;
	int n;

	if ((text = pg_rewrite(sql, &n, &bad)) == NULL) {
		db_failf(d, "cannot prepare: %s", bad);
		return NULL;
	}
	st = xcalloc(1, sizeof *st);
	st->base.db = d;
	st->db = db;
	st->nparams = n;
	snprintf(st->name, sizeof st->name, "s%lu", ++db->named);
	res = PQprepare(db->c, st->name, text, 0, NULL);
	free(text);
	if (PQresultStatus(res) != PGRES_COMMAND_OK) {
		pg_failed(db, res);
		PQclear(res);
		free(st);
		return NULL;
	}
	PQclear(res);
	return &st->base;
}

static void
pg_finalize(struct db_stmt *s)
{
	struct pg_stmt *st = (struct pg_stmt *)s;
	char sql[DB_PG_NAME + 16];
	PGresult *res;

	PQclear(st->res);
	/* Refused in a failed transaction; PQfinish() drops it then. */
	if (PQstatus(st->db->c) == CONNECTION_OK &&
	    PQtransactionStatus(st->db->c) != PQTRANS_INERROR) {
		snprintf(sql, sizeof sql, "DEALLOCATE %s", st->name);
		res = PQexec(st->db->c, sql);
		PQclear(res);
	}
	free(st);
}

static void
pg_reset(struct db_stmt *s)
{
	struct pg_stmt *st = (struct pg_stmt *)s;

	PQclear(st->res);
	st->res = NULL;
	st->row = st->rows = 0;
}

/* Whether a command's status says it wrote rows (INSERT, UPDATE, DELETE
 * or MERGE), whose count then is db_changes(). */
static int
pg_writes(const char *status)
{
	static const char *const verbs[] = {"INSERT ", "UPDATE ", "DELETE ",
	    "MERGE "};
	size_t i;

	for (i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
		if (strncmp(status, verbs[i], strlen(verbs[i])) == 0)
			return 1;
	return 0;
}

static int
pg_query(struct db_stmt *s, const char *types, va_list ap)
{
	struct pg_stmt *st = (struct pg_stmt *)s;
	struct pg_db *db = st->db;
	char(*num)[DB_PG_NUMBER] = NULL;
	const char **values = NULL;
	ExecStatusType status;
	PGresult *res;
	int i;

	pg_reset(s);
	if ((int)strlen(types) != st->nparams)
		abort(); /* a caller's typo */
	if (st->nparams > 0) {
		num = xcalloc((size_t)st->nparams, sizeof *num);
		values = xcalloc((size_t)st->nparams, sizeof *values);
	}
	for (i = 0; i < st->nparams; i++) {
		switch (types[i]) {
		case 'i':
			snprintf(num[i], sizeof num[i], "%d", va_arg(ap, int));
			values[i] = num[i];
			break;
		case 'I':
			snprintf(num[i], sizeof num[i], "%" PRId64,
			    va_arg(ap, int64_t));
			values[i] = num[i];
			break;
		case 'd':
			snprintf(num[i], sizeof num[i], "%.17g",
			    va_arg(ap, double));
			values[i] = num[i];
			break;
		case 't':
			values[i] = va_arg(ap, const char *);
			break;
		default:
			abort(); /* a caller's typo */
		}
	}
	res = PQexecPrepared(
	    db->c, st->name, st->nparams, values, NULL, NULL, 0);
	free(values);
	free(num);
	status = PQresultStatus(res);
	if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
		pg_failed(db, res);
		PQclear(res);
		return -1;
	}
	if (pg_writes(PQcmdStatus(res)))
		db->changes = strtoll(PQcmdTuples(res), NULL, 10);
	if (status == PGRES_TUPLES_OK && PQntuples(res) > 0) {
		st->res = res;
		st->rows = PQntuples(res);
		return 1;
	}
	PQclear(res);
	return 0;
}

static int
pg_next(struct db_stmt *s)
{
	struct pg_stmt *st = (struct pg_stmt *)s;

	if (st->res != NULL && ++st->row < st->rows)
		return 1;
	pg_reset(s);
	return 0;
}

/* The text of st's current row's column col, NULL for a NULL (or no
 * row, or no such column). */
static const char *
pg_value(struct pg_stmt *st, int col)
{
	if (st->res == NULL || col < 0 || col >= PQnfields(st->res) ||
	    PQgetisnull(st->res, st->row, col))
		return NULL;
	return PQgetvalue(st->res, st->row, col);
}

static int
pg_col_int(struct db_stmt *s, int col)
{
	const char *v = pg_value((struct pg_stmt *)s, col);

	return v != NULL ? (int)strtoll(v, NULL, 10) : 0;
}

static int64_t
pg_col_int64(struct db_stmt *s, int col)
{
	const char *v = pg_value((struct pg_stmt *)s, col);

	return v != NULL ? strtoll(v, NULL, 10) : 0;
}

static double
pg_col_double(struct db_stmt *s, int col)
{
	const char *v = pg_value((struct pg_stmt *)s, col);

	return v != NULL ? strtod(v, NULL) : 0.0;
}

static const char *
pg_col_text(struct db_stmt *s, int col)
{
	return pg_value((struct pg_stmt *)s, col);
}

static int
pg_col_is_null(struct db_stmt *s, int col)
{
	return pg_value((struct pg_stmt *)s, col) == NULL;
}

/* PostgreSQL's engine, for db.c: no file operations (db-engine.h). */
/* Runs sql, a query of one truth with the parameters space and key, and
 * reads it: 1 or 0, or -1 and db_error(). */
static int
pg_lock_ask(struct db *d, const char *sql, int32_t space, int32_t key)
{
	struct pg_db *db = (struct pg_db *)d;
	char a[16], b[16];
	const char *values[2] = {a, b};
	PGresult *res;
	int rc;

	snprintf(a, sizeof a, "%" PRId32, space);
	snprintf(b, sizeof b, "%" PRId32, key);
	if (pg_run(db, sql, 2, values, PGRES_TUPLES_OK, &res) != 0)
		return -1;
	rc = PQntuples(res) == 1 && strcmp(PQgetvalue(res, 0, 0), "t") == 0;
	PQclear(res);
	return rc;
}

static int
pg_lock_try(struct db *d, int32_t space, int32_t key)
{
	return pg_lock_ask(d,
	    "SELECT pg_try_advisory_lock($1::integer, $2::integer)", space,
	    key);
}

static int
pg_lock_try_shared(struct db *d, int32_t space, int32_t key)
{
	return pg_lock_ask(d,
	    "SELECT pg_try_advisory_lock_shared($1::integer, $2::integer)",
	    space, key);
}

/* Lets go every hold this connection has on the lock, alone or shared:
 * pg_advisory_unlock() lets go one hold of one mode (and warns, false,
 * when there is none), so each mode is let go while it is held. */
static int
pg_lock_release(struct db *d, int32_t space, int32_t key)
{
	int rc;

	while ((rc = pg_lock_ask(d, "SELECT pg_advisory_unlock($1::integer, "
	    "$2::integer)", space, key)) == 1)
		;
	while (rc == 0 && (rc = pg_lock_ask(d, "SELECT "
	    "pg_advisory_unlock_shared($1::integer, $2::integer)", space,
	    key)) == 1)
		;
	return rc < 0 ? -1 : 0;
}

static int
pg_locks(struct db *d, int32_t space, int32_t key, int32_t space2,
    struct db_lock **locks)
{
	struct pg_db *db = (struct pg_db *)d;
	char a[16], b[16], c[16];
	const char *values[3] = {a, b, c};
	struct db_lock *l;
	PGresult *res;
	int n, i;

	snprintf(a, sizeof a, "%" PRId32, space);
	snprintf(b, sizeof b, "%" PRId32, key);
	snprintf(c, sizeof c, "%" PRId32, space2);
	if (pg_run(db, "SELECT l.pid, (l.pid = pg_backend_pid())::integer,"
	    " l.classid::bigint, l.objid::bigint,"
	    " coalesce(a.application_name, '')"
	    " FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid"
	    " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2"
	    " AND ((l.classid = $1::integer::oid AND l.objid = "
	    "$2::integer::oid) OR l.classid = $3::integer::oid)"
	    " ORDER BY l.pid, l.classid, l.objid",
	    3, values, PGRES_TUPLES_OK, &res) != 0)
		return -1;
	n = PQntuples(res);
	*locks = l = n > 0 ? xcalloc((size_t)n, sizeof *l) : NULL;
	for (i = 0; i < n; i++) {
		l[i].pid = atoi(PQgetvalue(res, i, 0));
		l[i].mine = atoi(PQgetvalue(res, i, 1));
		l[i].space = (int32_t)strtoll(PQgetvalue(res, i, 2), NULL, 10);
		l[i].key = (int32_t)strtoll(PQgetvalue(res, i, 3), NULL, 10);
		snprintf(l[i].name, sizeof l[i].name, "%s",
		    PQgetvalue(res, i, 4));
	}
	PQclear(res);
	return n;
}

static int
pg_set_name(struct db *d, const char *name)
{
	struct pg_db *db = (struct pg_db *)d;
	char value[64];
	const char *values[1] = {value};

	snprintf(value, sizeof value, "%s", name);
	return pg_run(db, "SELECT set_config('application_name', $1, false)",
	    1, values, PGRES_TUPLES_OK, NULL);
}

/* The two-number form of an advisory lock is pg_locks' row with the
 * numbers in classid and objid, and objsubid 2. */
static int
pg_lock_held(struct db *d, int32_t space, int32_t key)
{
	return pg_lock_ask(d,
	    "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'"
	    " AND pid = pg_backend_pid() AND granted AND objsubid = 2"
	    " AND classid = $1::integer::oid AND objid = $2::integer::oid)",
	    space, key);
}

/* Reads every row of every table in the connection's schema: a PL/pgSQL
 * block, so the table names never become SQL text in C. */
static int
pg_check(struct db *d, char **what)
{
	(void)what;
	return pg_exec(d,
	    "DO $$DECLARE t regclass; BEGIN"
	    " FOR t IN SELECT oid FROM pg_class WHERE relkind = 'r'"
	    "  AND relnamespace = current_schema()::regnamespace LOOP"
	    "  EXECUTE format('SELECT count(*) FROM %s', t);"
	    " END LOOP; END$$");
}

const struct db_engine db_pgsql_engine = {
	.name = "PostgreSQL",
	.dialect = DB_PGSQL,
	.open = pg_open,
	.close = pg_close,
	.readonly = pg_readonly,
	.in_transaction = pg_in_transaction,
	.exec = pg_exec,
	.version = pg_version,
	.set_version = pg_set_version,
	.begin = pg_begin,
	.commit = pg_commit,
	.rollback = pg_rollback,
	.changes = pg_changes,
	.prepare = pg_prepare,
	.finalize = pg_finalize,
	.query = pg_query,
	.next = pg_next,
	.reset = pg_reset,
	.col_int = pg_col_int,
	.col_int64 = pg_col_int64,
	.col_double = pg_col_double,
	.col_text = pg_col_text,
	.col_is_null = pg_col_is_null,
	.check = pg_check,
	.lock_try = pg_lock_try,
	.lock_held = pg_lock_held,
	.lock_try_shared = pg_lock_try_shared,
	.lock_release = pg_lock_release,
	.locks = pg_locks,
	.set_name = pg_set_name,
};
