/*
 * libFuzzer target: sequences of moves in a game of any variant.  The
 * input chooses the game, then a seed for the moves' own randomness, then
 * each byte one step: a sampled legal move, the timeout move, a seat
 * leaving, a sampled move typed as its player would type it with a byte
 * of the text changed, or a sampled move in its logged form changed the
 * same way.  The rules' contract must hold at every step: sample() and
 * timeout() give moves check() accepts, a typed move parses back to one
 * check() accepts, anything check() accepts can be applied, and after
 * every move the state passes invariants().  The game ends or the input
 * does.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"

#define WORDS_MAX 64
#define TEXT_MAX 1024

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
apply_legal(const struct game_ops *ops, struct game *g,
    const struct game_move *mv)
{
	char *cause = NULL;

	if (ops->check(g, mv, &cause) != 0) {
		fprintf(stderr, "%s: a move the rules chose is refused: %s\n",
		    ops->name, cause);
		abort();
	}
	ops->apply(g, mv, &fuzz_out);
	fuzz_invariants(ops, g);
}

/* Applies mv if check() takes it. */
static void
apply_if_legal(const struct game_ops *ops, struct game *g,
    const struct game_move *mv)
{
	char *cause = NULL;

	if (ops->check(g, mv, &cause) == 0) {
		ops->apply(g, mv, &fuzz_out);
		fuzz_invariants(ops, g);
		return;
	}
	assert(cause != NULL);
	free(cause);
}

/* Text with the byte the input picks changed to the input's next byte
 * (a NUL ends it there). */
static void
mutate(struct fuzz_in *in, char *text)
{
	size_t len = strlen(text);

	if (len == 0)
		return;
	text[fuzz_below(in, (unsigned)len)] = (char)fuzz_byte(in);
}

/* mv as its player types it, changed, parsed and played if legal. */
static void
typed(const struct game_ops *ops, struct game *g, struct fuzz_in *in,
    const struct game_move *mv)
{
	char text[TEXT_MAX], *argv[WORDS_MAX], *cause = NULL;
	struct game_move back;
	int cmd, argc;

	cmd = ops->command(g, mv, text, sizeof text);
	if (cmd < 0)
		return;
	if (fuzz_byte(in) & 1)
		mutate(in, text);
	argc = fuzz_words(text, argv, WORDS_MAX);
	if (argc == 0)
		return;
	/* The first word is the command's name; parse() gets the rest. */
	if (ops->parse(g, mv->seat, cmd, argc - 1, argv + 1, &back,
	    &cause) != 0) {
		assert(cause != NULL);
		free(cause);
		return;
	}
	apply_if_legal(ops, g, &back);
}

/* mv in its logged form, changed, parsed and played if legal. */
static void
logged(const struct game_ops *ops, struct game *g, struct fuzz_in *in,
    const struct game_move *mv)
{
	char text[TEXT_MAX], *cause = NULL;
	struct game_move back;

	game_move_format(ops, mv, text, sizeof text);
	mutate(in, text);
	if (game_move_parse(ops, text, &back, &cause) != 0) {
		free(cause);
		return;
	}
	apply_if_legal(ops, g, &back);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	const struct game_ops *ops;
	struct game_move mv;
	struct game_turn t;
	struct game *g;
	struct rng rng;
	uint64_t seed = 0;
	int nseats, i;

	if ((g = fuzz_game(&in, &ops, &nseats)) == NULL)
		return 0;
	for (i = 0; i < 4; i++)
		seed = seed << 8 | fuzz_byte(&in);
	rng_seed(&rng, seed);
	fuzz_invariants(ops, g);
	while (in.n > 0) {
		ops->turn(g, &t);
		if (t.over) {
			assert(ops->sample(g, &rng, &mv) != 0);
			break;
		}
		assert(ops->sample(g, &rng, &mv) == 0);
		switch (fuzz_byte(&in) % 5) {
		case 0:
			apply_legal(ops, g, &mv);
			break;
		case 1:
			ops->timeout(g, &mv);
			apply_legal(ops, g, &mv);
			break;
		case 2:
			mv.seat = (int)fuzz_below(&in, (unsigned)nseats);
			mv.verb = GAME_VERB_LEAVE;
			mv.argc = 0;
			apply_if_legal(ops, g, &mv);
			break;
		case 3:
			typed(ops, g, &in, &mv);
			break;
		default:
			logged(ops, g, &in, &mv);
			break;
		}
	}
	ops->destroy(g);
	return 0;
}
