/*
 * libFuzzer target: the card and move parsers of every variant, on words
 * no player would type.  The input chooses a game (variant, seats,
 * options, seed); then each of its lines is one attempt: a seat, a
 * command of the variant, and words, split as dispatch splits them, some
 * turned into a seat's {p:N} the way dispatch names players.  parse()
 * must refuse with a cause or make a move; check() must judge that move,
 * with a cause when it refuses; a legal move is applied, and the state
 * must pass invariants() after it.  The same line is also read as a
 * logged move ("seat verb arg ..."), which a damaged database could hold.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"

#define WORDS_MAX 64 /* as dispatch splits a line */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Judges mv and applies it when legal.  1 if it was applied. */
static int
try_move(const struct game_ops *ops, struct game *g,
    const struct game_move *mv)
{
	struct game_turn t;
	char *cause = NULL;

	if (ops->check(g, mv, &cause) != 0) {
		assert(cause != NULL && cause[0] != '\0');
		free(cause);
		return 0;
	}
	assert(cause == NULL);
	ops->apply(g, mv, &fuzz_out);
	fuzz_invariants(ops, g);
	ops->turn(g, &t);
	return 1;
}

static void
attempt(const struct game_ops *ops, struct game *g, int nseats,
    struct fuzz_in *in, char *line)
{
	char *argv[WORDS_MAX], *cause = NULL, seats[WORDS_MAX][16], text[600];
	struct game_move mv;
	int ncmds = 0, cmd, seat, argc, i;

	while (ops->cmds[ncmds].name != NULL)
		ncmds++;
	seat = (int)fuzz_below(in, (unsigned)nseats);
	cmd = (int)fuzz_below(in, (unsigned)ncmds);
	snprintf(text, sizeof text, "%s", line);
	argc = fuzz_words(line, argv, WORDS_MAX);
	/* A word starting '@' names the seat its next byte picks. */
	for (i = 0; i < argc; i++) {
		if (argv[i][0] != '@')
			continue;
		snprintf(seats[i], sizeof seats[i], "{p:%d}",
		    (unsigned char)argv[i][1] % GAME_MAX_SEATS);
		argv[i] = seats[i];
	}
	memset(&mv, 0, sizeof mv);
	if (ops->parse(g, seat, cmd, argc, argv, &mv, &cause) != 0) {
		assert(cause != NULL && cause[0] != '\0');
		free(cause);
	} else {
		assert(cause == NULL);
		assert(mv.argc >= 0 && mv.argc <= GAME_MOVE_ARGS);
		try_move(ops, g, &mv);
	}
	if (game_move_parse(ops, text, &mv, &cause) != 0) {
		free(cause);
		return;
	}
	/* As a resume replays a log: check() is all that stands between
	 * the text and apply(), whatever seat it names. */
	assert(mv.argc >= 0 && mv.argc <= GAME_MOVE_ARGS);
	try_move(ops, g, &mv);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	const struct game_ops *ops;
	struct game_turn t;
	struct game *g;
	char line[600];
	int nseats;

	if ((g = fuzz_game(&in, &ops, &nseats)) == NULL)
		return 0;
	fuzz_invariants(ops, g);
	while (fuzz_line(&in, line, sizeof line) == 0) {
		ops->turn(g, &t);
		if (t.over)
			break;
		attempt(ops, g, nseats, &in, line);
	}
	ops->destroy(g);
	return 0;
}
