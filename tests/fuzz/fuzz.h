/*
 * What the libFuzzer targets of tests/fuzz/ share: reading a fuzzer's input
 * as a stream of choices, and a game of any variant set up from it.  Every
 * choice is taken modulo what is allowed, so every input means something
 * and a byte changed changes one choice.
 */
#ifndef TESTS_FUZZ_H
#define TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

/* Bytes not yet read. */
struct fuzz_in {
	const uint8_t *p;
	size_t n;
};

/* The next byte, 0 once the input is used up. */
unsigned fuzz_byte(struct fuzz_in *in);
/* A number below n (n > 0) from the next byte or two. */
unsigned fuzz_below(struct fuzz_in *in, unsigned n);
/* The next line (up to a LF or the end), NUL-terminated in buf (size
 * bytes, cut to fit; NULs in it become spaces, as no IRC line keeps
 * them); -1 once the input is used up. */
int fuzz_line(struct fuzz_in *in, char *buf, size_t size);
/* Splits s in place into at most max words at spaces, as dispatch does. */
int fuzz_words(char *s, char **argv, int max);

/* A new game chosen by the input: a variant, seats, options, dealer and
 * seed; its ops into *ops.  NULL if create() refuses that set-up (it
 * must then say why). */
struct game *fuzz_game(struct fuzz_in *in, const struct game_ops **ops,
    int *nseats);

/* A sink for apply()'s and view()'s messages that checks each is a
 * string and drops it. */
extern struct game_out fuzz_out;

/* Aborts with a message unless g passes invariants(). */
void fuzz_invariants(const struct game_ops *ops, const struct game *g);

#endif
