/*
 * A league's database for each test of a suite (league-db.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tests/lib/league-db.h"
#include "tests/lib/pgsql.h"

/* The group's server, and how many databases its tests made on it. */
static struct pgsql league_server;
static int league_databases;

int
league_db_start(void **state)
{
	(void)state;
	return pgsql_start(&league_server);
}

int
league_db_stop(void **state)
{
	(void)state;
	pgsql_stop(&league_server);
	return 0;
}

/* The superuser's connection to database db, failing the test if it does
 * not open. */
static PGconn *
league_db_superuser(const char *db)
{
	char uri[sizeof league_server.uri];
	PGconn *c;

	assert_int_equal(pgsql_uri(&league_server, db, PGSQL_SUPERUSER, uri,
	    sizeof uri), 0);
	c = PQconnectdb(uri);
	if (PQstatus(c) != CONNECTION_OK)
		fail_msg("cannot connect to %s: %s", uri, PQerrorMessage(c));
	return c;
}

void
league_db_new(struct league_db *l)
{
	char db[32], sql[96];

	snprintf(db, sizeof db, "league%d", ++league_databases);
	l->su = league_db_superuser(PGSQL_TEST_DB);
	snprintf(sql, sizeof sql, "CREATE DATABASE %s OWNER " PGSQL_TEST_ROLE,
	    db);
	league_db_command(l, sql);
	PQfinish(l->su);
	l->su = league_db_superuser(db);
	assert_int_equal(pgsql_uri(&league_server, db, PGSQL_TEST_ROLE,
	    l->uri, sizeof l->uri), 0);
}

void
league_db_free(struct league_db *l)
{
	if (l->su != NULL)
		PQfinish(l->su);
	l->su = NULL;
}

void
league_db_command(struct league_db *l, const char *sql)
{
	PGresult *res = PQexec(l->su, sql);

	if (PQresultStatus(res) != PGRES_COMMAND_OK &&
	    PQresultStatus(res) != PGRES_TUPLES_OK)
		fail_msg("%s: %s", sql, PQerrorMessage(l->su));
	PQclear(res);
}

void
league_db_value(struct league_db *l, const char *sql, char *out,
    size_t size)
{
	PGresult *res = PQexec(l->su, sql);

	if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1 ||
	    PQnfields(res) != 1)
		fail_msg("%s: %s", sql, PQerrorMessage(l->su));
	snprintf(out, size, "%s", PQgetvalue(res, 0, 0));
	PQclear(res);
}
