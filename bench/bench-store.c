/*
 * Part 4 of `make bench`: the time store_move() takes to commit one move
 * (the bot commits every move before it announces it), median and 99th
 * percentile over BENCH_MOVES (default 2000) moves of one game, on a
 * database in the directory given (build/bench: the disk the bot's
 * database would live on, not a tmpfs).  WAL mode and synchronous as
 * storage/ sets them, so the figure includes what the bot's fsync
 * policy costs.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench/bench.h"
#include "storage/store.h"

#define NSEATS 4

int
main(int argc, char **argv)
{
	const char *s = getenv("BENCH_MOVES");
	const char *idents[NSEATS] = { "h:a@bench", "h:b@bench", "h:c@bench",
		"h:d@bench" };
	int moves = s != NULL && atoi(s) > 0 ? atoi(s) : 2000, i;
	int64_t players[NSEATS], game;
	struct store *st;
	char path[4096], nick[16], text[64], *cause = NULL;
	double *us, t0;

	if (argc != 2) {
		fprintf(stderr, "usage: bench-store DIR\n");
		return 2;
	}
	snprintf(path, sizeof path, "%s/bench-store.db", argv[1]);
	unlink(path);
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
	if ((us = calloc((size_t)moves, sizeof *us)) == NULL)
		return 1;
	for (i = 0; i < moves; i++) {
		/* A typical logged move: a seat playing three cards. */
		snprintf(text, sizeof text, "%d 1 %d %d %d 7", i % NSEATS,
		    i % 52, (i + 13) % 52, (i + 26) % 52);
		t0 = bench_now_us();
		if (store_move(st, game, i, i % NSEATS, text, &cause) != 0)
			goto fail;
		us[i] = bench_now_us() - t0;
	}
	bench_row("4 sqlite", "commit one move, median",
	    bench_pct(us, (size_t)moves, 50) / 1e3, "ms", NULL);
	bench_row("4 sqlite", "commit one move, p99",
	    bench_pct(us, (size_t)moves, 99) / 1e3, "ms", "< 2");
	free(us);
	store_close(st);
	unlink(path);
	snprintf(path, sizeof path, "%s/bench-store.db-wal", argv[1]);
	unlink(path);
	snprintf(path, sizeof path, "%s/bench-store.db-shm", argv[1]);
	unlink(path);
	return 0;
fail:
	fprintf(stderr, "bench-store: %s\n", cause);
	return 1;
}
