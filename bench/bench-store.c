/*
 * Part 4 of `make bench`: the time store_move() takes to commit one move
 * (the bot commits every move before it announces it), median and 99th
 * percentile over BENCH_MOVES (default 2000) moves of one game, on each
 * engine the store runs on, both in the directory given (build/bench: the
 * disk the bot's database would live on, not a tmpfs):
 *
 * - SQLite: a database file there, WAL mode and synchronous as storage/
 *   sets them, so the figure includes what the bot's fsync policy costs;
 * - PostgreSQL: a private server (tests/lib/pgsql.h) whose cluster is in a
 *   new directory there, reached on its Unix socket, with the server's
 *   own durability (fsync and synchronous_commit on, checked before the
 *   moves), not the tests' fsync off, which would make a commit's figure
 *   meaningless.  The server is started after the SQLite moves, so it
 *   does not run beside them.  Without PostgreSQL's server binaries its
 *   rows are left out with a line on stderr naming `make deps`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libpq-fe.h>

#include "bench/bench.h"
#include "storage/store.h"
#include "tests/lib/pgsql.h"

#define NSEATS 4

/* Times moves store_move()s of one game on the store at path (a file or
 * a URI) and prints the two rows of part: 0, or -1 with a message. */
static int
bench_moves(const char *path, const char *part, const char *median,
    const char *p99, int moves)
{
	const char *idents[NSEATS] = { "h:a@bench", "h:b@bench", "h:c@bench",
		"h:d@bench" };
	int64_t players[NSEATS], game;
	struct store *st;
	char nick[16], text[64], *cause = NULL;
	double *us = NULL, t0;
	int i;

	if ((st = store_open(path, &cause)) == NULL)
		goto fail;
	for (i = 0; i < NSEATS; i++) {
		snprintf(nick, sizeof nick, "n:p%d", i);
		if ((players[i] = store_player(st, nick, nick + 2,
		    &cause)) < 0)
			goto fail;
	}
	game = store_game_begin(st, "cheat", "#bench", "", 1, NULL, 0,
	    NSEATS, players, idents, &cause);
	if (game < 0)
		goto fail;
	if ((us = calloc((size_t)moves, sizeof *us)) == NULL) {
		store_close(st);
		fprintf(stderr, "bench-store: out of memory\n");
		return -1;
	}
	for (i = 0; i < moves; i++) {
		/* A typical logged move: a seat playing three cards. */
		snprintf(text, sizeof text, "%d 1 %d %d %d 7", i % NSEATS,
		    i % 52, (i + 13) % 52, (i + 26) % 52);
		t0 = bench_now_us();
		if (store_move(st, game, i, i % NSEATS, text, &cause) != 0)
			goto fail;
		us[i] = bench_now_us() - t0;
	}
	bench_row(part, median, bench_pct(us, (size_t)moves, 50) / 1e3, "ms",
	    NULL);
	bench_row(part, p99, bench_pct(us, (size_t)moves, 99) / 1e3, "ms",
	    "< 2");
	free(us);
	store_close(st);
	return 0;
fail:
	fprintf(stderr, "bench-store: %s: %s\n", part,
	    cause != NULL ? cause : "?");
	free(cause);
	free(us);
	store_close(st);
	return -1;
}

/* Whether the server at uri has setting on (SHOW): 1, 0 (with a message),
 * or -1 (with a message). */
static int
bench_setting_on(const char *uri, const char *setting)
{
	char sql[64];
	PGconn *c = PQconnectdb(uri);
	PGresult *res;
	int on = -1;

	snprintf(sql, sizeof sql, "SHOW %s", setting);
	if (PQstatus(c) != CONNECTION_OK) {
		fprintf(stderr, "bench-store: %s", PQerrorMessage(c));
		PQfinish(c);
		return -1;
	}
	res = PQexec(c, sql);
	if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1) {
		on = strcmp(PQgetvalue(res, 0, 0), "on") == 0;
		if (!on)
			fprintf(stderr, "bench-store: the server's %s is %s, "
			    "not on: no figure\n", setting,
			    PQgetvalue(res, 0, 0));
	} else
		fprintf(stderr, "bench-store: %s: %s", sql, PQerrorMessage(c));
	PQclear(res);
	PQfinish(c);
	return on;
}

/* The PostgreSQL rows: a private server with its cluster under dir. */
static int
bench_pgsql(const char *dir, int moves)
{
	struct pgsql_opts opts = { .parent = dir, .durable = 1 };
	struct pgsql pg;
	char bin[PATH_MAX];
	int rc = -1;

	if (pgsql_find_bin(PGSQL_LIBDIR, bin, sizeof bin) != 0) {
		fprintf(stderr, "bench-store: no PostgreSQL figures (its "
		    "server is not installed: `make deps` installs it); the "
		    "SQLite ones stand alone\n");
		return 0;
	}
	if (pgsql_start_with(&pg, &opts) != 0) {
		fprintf(stderr, "bench-store: cannot start a private "
		    "PostgreSQL server under %s\n", dir);
		return -1;
	}
	if (bench_setting_on(pg.uri, "fsync") == 1 &&
	    bench_setting_on(pg.uri, "synchronous_commit") == 1)
		rc = bench_moves(pg.uri, "4 pgsql",
		    "commit one move, median (fsync on)",
		    "commit one move, p99 (fsync on)", moves);
	pgsql_stop(&pg);
	return rc;
}

int
main(int argc, char **argv)
{
	const char *s = getenv("BENCH_MOVES");
	int moves = s != NULL && atoi(s) > 0 ? atoi(s) : 2000, rc;
	char path[4096];

	if (argc != 2) {
		fprintf(stderr, "usage: bench-store DIR\n");
		return 2;
	}
	snprintf(path, sizeof path, "%s/bench-store.db", argv[1]);
	unlink(path);
	rc = bench_moves(path, "4 sqlite", "commit one move, median",
	    "commit one move, p99", moves);
	unlink(path);
	snprintf(path, sizeof path, "%s/bench-store.db-wal", argv[1]);
	unlink(path);
	snprintf(path, sizeof path, "%s/bench-store.db-shm", argv[1]);
	unlink(path);
	if (rc != 0)
		return 1;
	return bench_pgsql(argv[1], moves) != 0 ? 1 : 0;
}
