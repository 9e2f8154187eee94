/*
 * Private to storage/: the database engine behind one small interface, so
 * that the rest of storage/ says what it wants done (open, prepare, run
 * with these values, read this column, begin, commit) and never how an
 * engine does it.  There are two engines: SQLite (db-sqlite.c, the only
 * file of storage/ that includes sqlite3.h or calls SQLite:
 *
 *	grep -rn 'sqlite3[_]' storage/ | grep -v db-sqlite
 *
 * prints nothing) and PostgreSQL (db-pgsql.c, libpq).  db.c passes each
 * operation on to the engine db_open() chose by the target's form
 * (db-engine.h).  Each operation says how SQLite does it (its functions
 * named without their "sqlite3" prefix, so that the grep holds for this
 * file too) and how libpq does.  The SQL they are handed (store_sql[]
 * in schema.c and the migrations from 12 on in migrate.c) is the same
 * for both: docs/storage.md, One SQL for both.
 *
 * A connection, struct db, runs one transaction at a time.  A statement,
 * struct db_stmt, is prepared once from SQL text with numbered parameters
 * ?1, ?2, ... (PostgreSQL's engine writes them $1, $2, ... and names each
 * statement itself, "s1", "s2", ..., for PQprepare()), then run many
 * times; while it has a row, that row is its current row.
 *
 * A failure returns -1 (or NULL) and keeps its text on the connection for
 * db_error(); no operation writes a cause for the user (store_db_fail()
 * does, with the database's name).  No SQL is built from data: values are
 * bound, and the only SQL an engine makes is its own (transactions, the
 * schema version).
 *
 * The db_file_*() group is the SQLite engine's alone: a database that is
 * one file (the claim and the backup of db-file.c, the watch of
 * db-watch.c, the size a prune frees, VACUUM).  PostgreSQL has no file: db_file() is NULL there,
 * and the others are left to the server's own tools (pg_dump, VACUUM run
 * by autovacuum).  The db_lock_*() pair is the server's alone: the lock a
 * league's claim on a network stands on (claim-net.c).
 */
#ifndef DB_H
#define DB_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct db;
struct db_stmt;

/* The SQL an engine speaks, for the few texts that differ between them
 * (the schema a new PostgreSQL database starts from: schema-pg.c). */
enum db_dialect {
	DB_SQLITE,
	DB_PGSQL,
};

/*
 * Connections.
 */

/* Opens the database target names, for writing (creating a file that is
 * not there) or, with readonly, for reading only: 0, or -1 and
 * db_error().  *dbp is set either way, as far as the open got; close it
 * with db_close().  SQLite: open_v2() of a path or a "file:" URI (its
 * busy_timeout=MS replaces the 5000 ms wait for another process's lock),
 * a file it makes made DB_FILE_MODE whatever the umask, then extended
 * result codes, the busy timeout, defensive mode, untrusted schema,
 * foreign keys (refused when unavailable) and, for writing, journal_mode
 * WAL (refused when not had; ":memory:" has none).  libpq:
 * PQconninfoParse() (its reason, which may quote the text, kept only when
 * the target holds no password), PQconnectdbParams() of the URI or
 * keyword/value string, PQstatus(), a read-only session
 * (default_transaction_read_only) with readonly. */
int db_open(const char *target, int readonly, struct db **dbp);

/* Closes db, which has no statement left (db_finalize()); NULL does
 * nothing.  With untouched, nothing is written on the way out: SQLite's
 * checkpoint on close is skipped (it would write the files).  libpq:
 * PQfinish(), which writes nothing either way. */
void db_close(struct db *db, int untouched);

/* The dialect of db's engine. */
enum db_dialect db_dialect(const struct db *db);

/* The text of db's last failure.  SQLite: errmsg() as it was when the
 * operation failed.  libpq: PQresultErrorMessage() of the failed
 * result, else PQerrorMessage(), without its newline. */
const char *db_error(const struct db *db);

/* Whether db can only be read.  SQLite: its own db_readonly() (an open
 * for writing comes out read-only when the file cannot be written).
 * libpq: SHOW transaction_read_only (a standby is read-only too). */
int db_readonly(struct db *db);

/* Whether a transaction is open on db.  SQLite: !get_autocommit().
 * libpq: PQtransactionStatus() is not PQTRANS_IDLE. */
int db_in_transaction(struct db *db);

/* Runs sql, one or more statements of constant text with no parameters
 * and no rows, inside the caller's transaction (the migrations): 0, or
 * -1 and db_error().  SQLite: exec().  libpq: PQexec(), which runs a
 * script of several statements too. */
int db_exec(struct db *db, const char *sql);

/* Reads the schema version (0 for a new database) into *version: 0, or
 * -1 and db_error().  SQLite: PRAGMA user_version.  libpq: PostgreSQL
 * has no user_version; a one-row table of the engine's own, read as 0
 * while it is not there. */
int db_version(struct db *db, int *version);

/* Writes the schema version, inside the caller's write transaction: 0,
 * or -1 and db_error().  SQLite: PRAGMA user_version = N (a PRAGMA takes
 * no parameters; the number is the caller's own).  libpq: that table's
 * row, made with it the first time. */
int db_set_version(struct db *db, int version);

/* Opens a transaction, one that writes when write is set: 0, or -1 and
 * db_error().  SQLite: BEGIN, or BEGIN IMMEDIATE, which takes the write
 * lock before anything is read, so writers run one after the other.
 * libpq: BEGIN; a write one must be serialised as SQLite's is, say by a
 * transaction advisory lock (pg_advisory_xact_lock()) taken first. */
int db_begin(struct db *db, int write);

/* Commits the open transaction: 0, or -1 and db_error(), the transaction
 * then rolled back.  SQLite: COMMIT (which may find the database busy).
 * libpq: COMMIT, whose failure ends the transaction by itself. */
int db_commit(struct db *db);

/* Rolls back the open transaction, if there is one; its own failure is
 * not kept.  SQLite: ROLLBACK when !get_autocommit().  libpq: ROLLBACK
 * unless PQtransactionStatus() is PQTRANS_IDLE. */
void db_rollback(struct db *db);

/* The rows the last statement db ran to its end inserted, updated or
 * deleted.  SQLite: changes64().  libpq: PQcmdTuples() of that
 * statement's result, kept by the engine. */
int64_t db_changes(struct db *db);

/*
 * Statements and their rows.
 */

/* Prepares sql (constant text, parameters ?1, ?2, ...) on db, to be run
 * until db_finalize(): the statement, or NULL and db_error().  SQLite:
 * prepare_v3() with SQLITE_PREPARE_PERSISTENT.  libpq: PQprepare()
 * under a name the engine makes, with ?N written $N. */
struct db_stmt *db_prepare(struct db *db, const char *sql);

/* Frees st; NULL does nothing.  SQLite: finalize().  libpq:
 * DEALLOCATE, or nothing before PQfinish() (which drops them all). */
void db_finalize(struct db_stmt *st);

/*
 * Resets st, binds its parameters from ap as types says, one letter a
 * parameter: 'i' an int, 'I' an int64_t, 'd' a double, 't' a string
 * (NULL binds NULL), and runs it to its first row: 1 with a row (read
 * it, then db_next() or db_reset()), 0 when it ran to its end (then it
 * is reset), -1 and db_error() (then it is reset too).  A types string
 * that does not match st's parameters is the caller's bug: it aborts.
 * SQLite: reset(), bind_*() (a string copied), then step().  libpq:
 * PQexecPrepared() with each value as text ("%d", "%" PRId64, "%.17g",
 * the string; NULL a null), the result kept with st and its rows walked
 * by db_next().
 */
int db_query(struct db_stmt *st, const char *types, va_list ap);
/* The same with the values as arguments. */
int db_query_args(struct db_stmt *st, const char *types, ...);

/* Moves st to its next row: 1 with one, 0 at the end (st reset), -1 and
 * db_error() (st reset).  SQLite: step().  libpq: the next row of the
 * kept result. */
int db_next(struct db_stmt *st);

/* Ends st's run, with rows left unread or not, so that it holds no lock
 * nor result.  SQLite: reset().  libpq: PQclear() of the kept result. */
void db_reset(struct db_stmt *st);

/* Columns of st's current row, numbered from 0.  A NULL reads 0, 0.0 or
 * NULL; a number read as text is its decimal text.  A text stays valid
 * until st moves (db_next(), db_reset(), db_query()).  SQLite:
 * column_int(), _int64(), _double(), _text(), and _type() is
 * SQLITE_NULL.  libpq: PQgetvalue() converted (strtol(), strtoll(),
 * strtod()), PQgetisnull(); a boolean column ('t', 'f') must be cast to
 * an integer in the SQL. */
int db_int(struct db_stmt *st, int col);
int64_t db_int64(struct db_stmt *st, int col);
double db_double(struct db_stmt *st, int col);
const char *db_text(struct db_stmt *st, int col);
int db_is_null(struct db_stmt *st, int col);

/*
 * The database file (SQLite alone; see above).
 */

/* The mode of every file a database is kept in, made by the engine or by
 * db-file.c (the claim's, a backup): its owner's alone, as the running
 * games' seeds and salts are in it (docs/storage.md, The files' modes).
 * SQLite makes its -wal and -shm with the database file's mode. */
#define DB_FILE_MODE 0600

/* Sets the umask under which a new file is made DB_FILE_MODE whatever
 * mode its maker asks for (its complement), and returns the umask it
 * replaces, for umask() to put back as soon as the file is made.  The
 * umask is the process's: the program runs one thread, so no other file
 * is made meanwhile. */
mode_t db_file_umask(void);

/* The path of db's file as SQLite names it (a URI's path, made
 * absolute), or NULL when it has none: in memory, temporary, or not
 * opened. */
const char *db_file(struct db *db);

/* Whether db_open() found its file there with nothing in it (0 bytes)
 * and made a new database in it. */
int db_file_was_empty(struct db *db);

/* Copies the whole database, one snapshot of it taken while writers go
 * on (SQLite's online backup, in one step, retried while busy), into
 * the empty file dest, which the caller made: 0, or -1 and db_error(). */
int db_file_backup(struct db *db, const char *dest);

/* A lock of the server's, held by this connection until it is let go or
 * the connection ends (the process dies, the network fails): PostgreSQL's
 * session advisory lock (space, key), both numbers of 0 to 2^31 - 1.
 * db_lock_try() takes it when no other connection holds it: 1 when
 * taken (or held already), 0 when another connection holds it, -1 and
 * db_error().  db_lock_held() asks the server whether this connection
 * holds it still: 1, 0, or -1 and db_error() (the connection lost).  An
 * SQLite database has no server: its claim is a file lock of
 * db-file.c's, and both fail here. */
int db_lock_try(struct db *db, int32_t space, int32_t key);
int db_lock_held(struct db *db, int32_t space, int32_t key);
/* ... taken shared with other connections, as no connection holds it
 * alone: 1 when taken (or held already), 0 when one holds it alone, -1
 * and db_error().  pg_try_advisory_lock_shared(). */
int db_lock_try_shared(struct db *db, int32_t space, int32_t key);
/* ... let go by this connection: 0 (also when it did not hold it), or -1
 * and db_error().  pg_advisory_unlock(). */
int db_lock_release(struct db *db, int32_t space, int32_t key);

/* One lock of the server's as db_locks() reads it: the connection that
 * holds it (the server's process id), whether that is this one, and the
 * name that connection gave (db_set_name(); "" for none). */
struct db_lock {
	int pid;
	int mine;
	int32_t space, key;
	char name[64];
};

/* The locks held now, by any connection, of (space, key) and of every
 * key of space2, into *locks (freed by the caller): how many, or -1 and
 * db_error().  pg_locks joined with pg_stat_activity for the names. */
int db_locks(struct db *db, int32_t space, int32_t key, int32_t space2,
    struct db_lock **locks);

/* Names this connection for the other connections to read (db_locks()):
 * at most 63 bytes, longer cut.  0, or -1 and db_error().  PostgreSQL's
 * application_name, set with set_config(), bound. */
int db_set_name(struct db *db, const char *name);

/* Checks the database's structure: 0 when sound, 1 when damaged with the
 * engine's first complaint in *what (the caller frees it), -1 and
 * db_error().  SQLite: PRAGMA integrity_check of the file.  PostgreSQL,
 * which keeps its own pages: every row of every table of the schema
 * read back (a damaged page fails the read, and with data checksums a
 * changed one), which is -1 with the server's complaint; pg_amcheck
 * checks the indexes too (docs/storage.md). */
int db_check(struct db *db, char **what);

/* The size of the file, in pages. */
struct db_file_pages {
	int64_t size;	/* bytes in a page (PRAGMA page_size) */
	int64_t count;	/* pages in the file (PRAGMA page_count) */
	int64_t free;	/* pages free in it (PRAGMA freelist_count) */
};

/* Reads them into *p: 0, or -1 and db_error(). */
int db_file_pages(struct db *db, struct db_file_pages *p);

/* Rewrites the file without its free pages (VACUUM, through the WAL),
 * then checkpoints the WAL into it and truncates the WAL, so the file
 * shrinks: 0, or -1 and db_error().  Outside any transaction. */
int db_file_vacuum(struct db *db);

#endif
