/*
 * A league's database for each test of a suite (tests/lib/pgsql.h): one
 * private PostgreSQL server for the suite's group, started by its group
 * setup and stopped by its teardown, and for each test a database of its
 * own on it, leagueN, owned by the test role, with the superuser's
 * connection to it beside the bots' (to look at pg_stat_activity, to end
 * a bot's connection).  Its helpers use cmocka, so a suite includes
 * <cmocka.h> (and what cmocka needs) first.
 */
#ifndef TESTS_LEAGUE_DB_H
#define TESTS_LEAGUE_DB_H

#include <limits.h>
#include <stddef.h>

#include <libpq-fe.h>

struct league_db {
	char uri[PATH_MAX]; /* the test role's: the bots' --db */
	PGconn *su;         /* the superuser's, on it */
};

/* cmocka group setup and teardown: the server started, 0 or -1; and
 * stopped whatever the tests did, 0. */
int league_db_start(void **state);
int league_db_stop(void **state);

/* A new database for a test into l (fails the test unless it is made
 * and the superuser connected to it). */
void league_db_new(struct league_db *l);
/* The superuser's connection closed; a zeroed l does nothing. */
void league_db_free(struct league_db *l);

/* Runs sql as the superuser (fails the test if it fails). */
void league_db_command(struct league_db *l, const char *sql);
/* The one value sql's one row has, as text, into out (fails the test
 * unless there is exactly one row). */
void league_db_value(struct league_db *l, const char *sql, char *out,
    size_t size);

#endif
