/*
 * The helpers of the libFuzzer targets (fuzz.h).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"

unsigned
fuzz_byte(struct fuzz_in *in)
{
	if (in->n == 0)
		return 0;
	in->n--;
	return *in->p++;
}

unsigned
fuzz_below(struct fuzz_in *in, unsigned n)
{
	unsigned v = fuzz_byte(in);

	if (n > 256)
		v = v << 8 | fuzz_byte(in);
	return v % n;
}

int
fuzz_line(struct fuzz_in *in, char *buf, size_t size)
{
	size_t len = 0;
	unsigned c;

	if (in->n == 0)
		return -1;
	while (in->n > 0 && (c = fuzz_byte(in)) != '\n') {
		if (len + 1 < size)
			buf[len++] = c == '\0' ? ' ' : (char)c;
	}
	buf[len] = '\0';
	return 0;
}

int
fuzz_words(char *s, char **argv, int max)
{
	int argc = 0;

	while (*s != '\0' && argc < max) {
		s += strspn(s, " ");
		if (*s == '\0')
			break;
		argv[argc++] = s;
		s += strcspn(s, " ");
		if (*s != '\0')
			*s++ = '\0';
	}
	return argc;
}

struct game *
fuzz_game(struct fuzz_in *in, const struct game_ops **ops, int *nseats)
{
	const struct game_option *o;
	struct game_opts opts;
	struct game *g;
	struct rng rng;
	uint64_t seed = 0;
	char *cause = NULL;
	int n = 0, i, dealer;

	while (game_table[n] != NULL)
		n++;
	*ops = game_table[fuzz_below(in, (unsigned)n)];
	*nseats = (*ops)->min_seats + (int)fuzz_below(in,
	    (unsigned)((*ops)->max_seats - (*ops)->min_seats + 1));
	game_opts_default(*ops, &opts);
	/* Half the time the defaults, else each option anywhere in range. */
	if (fuzz_byte(in) & 1) {
		for (i = 0, o = (*ops)->options; o != NULL && o->name != NULL;
		    i++, o++)
			opts.v[i] = o->min + (int)fuzz_below(in,
			    (unsigned)(o->max - o->min + 1));
	}
	dealer = (int)fuzz_below(in, (unsigned)*nseats);
	for (i = 0; i < 4; i++)
		seed = seed << 8 | fuzz_byte(in);
	rng_seed(&rng, seed);
	g = (*ops)->create(&opts, *nseats, dealer, &rng, &fuzz_out, &cause);
	if (g == NULL) {
		assert(cause != NULL && cause[0] != '\0');
		free(cause);
	}
	return g;
}

static void
fuzz_emit(void *ctx, int seat, const char *text)
{
	(void)ctx;
	assert(seat >= GAME_PUBLIC && seat < GAME_MAX_SEATS);
	assert(text != NULL && strlen(text) < 65536);
}

struct game_out fuzz_out = { fuzz_emit, NULL };

void
fuzz_invariants(const struct game_ops *ops, const struct game *g)
{
	char *cause = NULL;

	if (ops->invariants(g, &cause) != 0) {
		fprintf(stderr, "%s: invariants broken: %s\n", ops->name,
		    cause);
		abort();
	}
}
