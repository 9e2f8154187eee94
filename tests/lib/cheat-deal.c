/*
 * The fixture of cheat-deal.h: a game of Cheat or of Questions (the same
 * code, cheat-int.h) on a stacked deal, its messages, and lines and moves
 * played through the rules as the bot would.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "games/cheat.h"
#include "games/game.h"
#include "games/xalloc.h"
#include "tests/lib/cheat-deal.h"

const char *const fx_three_hands[] = {
	"2c 5c 9c kc",			/* seat 0, the dealer */
	"4h 4d 7c qh qd qs 5h",		/* seat 1 opens */
	"3c 3d 6s 8s jc ah",		/* seat 2 */
};

/* The last message to seat (or GAME_PUBLIC), or "". */
const char *
fx_said(const struct fx *f, int seat)
{
	return sink_said(&f->sink, seat);
}

int
fx_said_count(const struct fx *f, int seat)
{
	return sink_count(&f->sink, seat);
}

/* Games still open, freed by the teardown when a test fails midway. */
#define LIVE 4
static struct fx *live[LIVE];

struct fx *
fx_new_ops(const struct game_ops *ops, int nseats, int dealer,
    const char *opts)
{
	struct game_opts o;
	struct fx *f = xcalloc(1, sizeof *f);
	struct rng rng;
	char *cause = NULL, *copy, *p, *w;
	int i;

	game_opts_default(ops, &o);
	copy = xstrdup(opts != NULL ? opts : "");
	for (p = copy; (w = strsep(&p, " ")) != NULL;) {
		if (*w != '\0' && game_opts_set(ops, &o, w, &cause) != 0)
			fail_msg("option '%s': %s", w, cause);
	}
	free(copy);
	rng_seed(&rng, 1);
	f->ops = ops;
	sink_init(&f->sink, &f->out);
	f->nseats = nseats;
	f->g = ops->create(&o, nseats, dealer, &rng, &f->out, &cause);
	if (f->g == NULL)
		fail_msg("create: %s", cause);
	for (i = 0; i < LIVE && live[i] != NULL; i++)
		continue;
	assert_true(i < LIVE);
	live[i] = f;
	return f;
}

struct fx *
fx_new(int nseats, int dealer, int decks, int loser)
{
	char opts[64];

	snprintf(opts, sizeof opts, "decks=%d loser=%d", decks, loser);
	return fx_new_ops(&cheat_ops, nseats, dealer, opts);
}

void
fx_free(struct fx *f)
{
	int i;

	for (i = 0; i < LIVE; i++) {
		if (live[i] == f)
			live[i] = NULL;
	}
	f->ops->destroy(f->g);
	sink_reset(&f->sink);
	free(f->cause);
	free(f);
}

int
fx_teardown(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < LIVE; i++) {
		if (live[i] != NULL)
			fx_free(live[i]);
	}
	return 0;
}

/* The id of a card written "4h" (first deck) or "4h+" (second deck). */
int
fx_card(const char *word)
{
	char buf[16];
	size_t len = strlen(word);
	int rank, suit, deck = 0;

	assert_true(len > 0 && len < sizeof buf);
	memcpy(buf, word, len + 1);
	if (buf[len - 1] == '+') {
		buf[len - 1] = '\0';
		deck = 1;
	}
	assert_int_equal(cards_parse_card(buf, &rank, &suit, NULL), 0);
	return cards_id(rank, suit, deck);
}

void
fx_cards(const char *spec, struct cards *l)
{
	char *copy = xstrdup(spec), *p = copy, *w;

	cards_clear(l);
	while ((w = strsep(&p, " ")) != NULL) {
		if (*w != '\0')
			cards_add(l, fx_card(w));
	}
	free(copy);
}

/* Stacks the hands, one card string per seat; the rest go to the pile. */
void
fx_stack(struct fx *f, const char *const *spec)
{
	struct cards hands[GAME_MAX_SEATS];
	char *cause = NULL;
	int s;

	for (s = 0; s < f->nseats; s++)
		fx_cards(spec[s], &hands[s]);
	if (cheat_stack(f->g, hands, &cause) != 0)
		fail_msg("stack: %s", cause);
	assert_int_equal(f->ops->invariants(f->g, NULL), 0);
}

/* Plays a command line typed by seat; 0, or -1 with f->cause set. */
int
fx_do(struct fx *f, int seat, const char *line)
{
	char *copy = xstrdup(line), *p = copy, *argv[FX_MAX_WORDS], *w;
	struct game_move mv;
	int argc = 0, cmd, rc = -1;
	char *cause = NULL;

	while ((w = strsep(&p, " ")) != NULL) {
		if (*w != '\0' && argc < FX_MAX_WORDS)
			argv[argc++] = w;
	}
	free(f->cause);
	f->cause = NULL;
	sink_reset(&f->sink);
	cmd = game_cmd_find(f->ops, argv[0]);
	assert_true(cmd >= 0);
	if (f->ops->parse(f->g, seat, cmd, argc - 1, argv + 1, &mv,
	    &cause) == 0 && f->ops->check(f->g, &mv, &cause) == 0) {
		f->ops->apply(f->g, &mv, &f->out);
		rc = 0;
	}
	f->cause = cause;
	free(copy);
	if (f->ops->invariants(f->g, &cause) != 0)
		fail_msg("invariants after '%s': %s", line, cause);
	return rc;
}

/* Checks and applies a move given in its text form. */
int
fx_move(struct fx *f, const char *text)
{
	struct game_move mv;
	char *cause = NULL;

	assert_int_equal(game_move_parse(f->ops, text, &mv, NULL), 0);
	free(f->cause);
	f->cause = NULL;
	sink_reset(&f->sink);
	if (f->ops->check(f->g, &mv, &cause) != 0) {
		f->cause = cause;
		return -1;
	}
	f->ops->apply(f->g, &mv, &f->out);
	assert_int_equal(f->ops->invariants(f->g, NULL), 0);
	return 0;
}

void
fx_ok(struct fx *f, int seat, const char *line)
{
	if (fx_do(f, seat, line) != 0)
		fail_msg("seat %d '%s' refused: %s", seat, line, f->cause);
}

void
fx_refused(struct fx *f, int seat, const char *line, const char *want)
{
	if (fx_do(f, seat, line) == 0)
		fail_msg("seat %d '%s' accepted", seat, line);
	assert_string_equal(f->cause, want);
}

/* Applies the timeout move, which must be legal; returns it as text. */
void
fx_timeout(struct fx *f, char *text, size_t size)
{
	struct game_move mv;
	char *cause = NULL;

	f->ops->timeout(f->g, &mv);
	if (f->ops->check(f->g, &mv, &cause) != 0)
		fail_msg("timeout refused: %s", cause);
	game_move_format(f->ops, &mv, text, size);
	sink_reset(&f->sink);
	f->ops->apply(f->g, &mv, &f->out);
	assert_int_equal(f->ops->invariants(f->g, NULL), 0);
}

void
assert_turn(struct fx *f, int seat, unsigned window, int accused)
{
	struct game_turn t;

	f->ops->turn(f->g, &t);
	assert_int_equal(t.over, 0);
	assert_int_equal(t.seat, seat);
	assert_int_equal(t.window, window);
	assert_int_equal(t.accused, accused);
}

int
fx_hand_n(struct fx *f, int seat)
{
	return cheat_hand(f->g, seat)->n;
}

/* The game is over with these places (seat order). */
void
assert_over(struct fx *f, const int *places, int winner, int loser)
{
	struct game_result r;
	struct game_turn t;
	int s;

	f->ops->turn(f->g, &t);
	assert_int_equal(t.over, 1);
	assert_int_equal(t.seat, -1);
	assert_int_equal(t.window, 0);
	f->ops->result(f->g, &r);
	assert_int_equal(r.nseats, f->nseats);
	for (s = 0; s < f->nseats; s++) {
		assert_int_equal(r.place[s], places[s]);
		assert_int_equal(r.points[s], fx_hand_n(f, s));
	}
	assert_int_equal(r.winner, winner);
	assert_int_equal(r.loser, loser);
}
