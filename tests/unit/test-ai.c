/*
 * What an AI may know (games/ai.h), for every variant: an AI seat decides
 * from its seat's observation and its memory of earlier ones, and from
 * nothing else.  Whole games are played between AI seats of every level;
 * beside each seat's mind runs a twin that is never shown the game as it
 * is, but always the observation of a twin game, in which everything the
 * seat may not know was changed at random (the variant's twin hook, such
 * as cheat_twin(): the other seats' hidden cards, the deck's order, the
 * face-down cards and the cards put face down, the game's generator, and
 * every hidden mark: what other seats know, which of their cards are
 * fresh, a test's forced dice).  At every chance to act the observations
 * of the two must be the same game byte for byte (the variant's image
 * hook), and so their views, and the twins must make the same decision;
 * observe() of a world redeal() made from an observation must be that
 * observation again.
 *
 * That covers what an observation holds.  What an AI could reach beside
 * it, a variable the rules set as the game goes (an AI reading one would
 * decide the same in both worlds, since the variable holds the real game
 * in both, and pass here), is forbidden over the objects: tests/honest.sh
 * (make test) finds no writable data in games/ or alloc/ and no reference
 * from them to bot/, storage/ or config/, and refuses a probe whose AI
 * reads a static variable its rules set; tests/ai-includes.sh (make
 * layers) lets an AI file include only its contract and its own game.
 *
 * And the other half of the contract: an observation keeps what the seat
 * sees (its own hand is the real one), the rules accept every move an AI
 * makes, typed and parsed back as a person's (ai_retype()), and at its
 * own turn an AI always moves (it never leaves the clock to move for it).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ai.h"
#include "games/cheat/cheat.h"
#include "games/cheater/cheater.h"
#include "games/cheesedog/cheesedog.h"
#include "games/liarsuno/liarsuno.h"
#include "alloc/xalloc.h"

#define GAMES 12		/* a variant, each a different mix of levels */
#define MAX_STEPS 20000
#define EXPERT_PLAYOUTS 4

/* Everything emitted, one string per audience, to compare two views. */
struct seen {
	char *text;
	size_t len;
};

static void
seen_emit(void *ctx, int seat, const char *text)
{
	struct seen *s = ctx;
	char head[16];
	size_t add;

	snprintf(head, sizeof head, "[%d] ", seat);
	add = strlen(head) + strlen(text) + 1;
	s->text = xrealloc(s->text, s->len + add + 1);
	snprintf(s->text + s->len, add + 1, "%s%s\n", head, text);
	s->len += add;
}

/* What obs shows every seat and the table, as one string (freed by the
 * caller). */
static char *
views(const struct game_ops *ops, const struct game *obs, int nseats)
{
	struct seen s = { NULL, 0 };
	struct game_out out = { seen_emit, &s };
	int i;

	ops->view(obs, GAME_PUBLIC, &out);
	for (i = 0; i < nseats; i++)
		ops->view(obs, i, &out);
	return s.text != NULL ? s.text : xstrdup("");
}

/* Each variant's test hooks: its twin game and its image. */
struct hooks {
	const char *name;
	struct game *(*twin)(const struct game *g, int seat, struct rng *rng);
	unsigned char *(*image)(const struct game *g, size_t *len);
};

static const struct hooks hooks[] = {
	{ "cheat", cheat_twin, cheat_image },
	{ "questions", cheat_twin, cheat_image },
	{ "cheater", cheater_twin, cheater_image },
	{ "liarsuno", liarsuno_twin, liarsuno_image },
	{ "cheesedog", cheesedog_twin, cheesedog_image },
};

static const struct hooks *
hooks_of(const struct game_ops *ops)
{
	size_t i;

	for (i = 0; i < sizeof hooks / sizeof hooks[0]; i++) {
		if (strcmp(hooks[i].name, ops->name) == 0)
			return &hooks[i];
	}
	fail_msg("%s has no twin hooks here", ops->name);
	return NULL;
}

/* The offset of the first byte where a and b differ as images, or -1
 * when they are the same game. */
static long
image_diff(const struct hooks *h, const struct game *a, const struct game *b)
{
	size_t la, lb, i;
	unsigned char *ia = h->image(a, &la), *ib = h->image(b, &lb);
	long at = -1;

	for (i = 0; i < la && i < lb && at < 0; i++) {
		if (ia[i] != ib[i])
			at = (long)i;
	}
	if (at < 0 && la != lb)
		at = (long)(la < lb ? la : lb);
	free(ia);
	free(ib);
	return at;
}

/* Fails unless obs, seat's observation of g, is byte for byte that of a
 * twin of g, and observe() of a redeal() of obs; the observation of the
 * twin, which the caller frees. */
static struct game *
twin_observation(const struct game_ops *ops, const struct game *g,
    const struct game *obs, int seat, struct rng *r)
{
	const struct hooks *h = hooks_of(ops);
	struct game *world = h->twin(g, seat, r), *tobs, *again;
	long at;

	tobs = ops->observe(world, seat);
	ops->destroy(world);
	if ((at = image_diff(h, obs, tobs)) >= 0)
		fail_msg("%s: seat %d's observation differs at byte %ld from "
		    "that of a game changed only where it may not look",
		    ops->name, seat, at);
	world = ops->observe(obs, seat);
	ops->redeal(world, seat, r);
	again = ops->observe(world, seat);
	ops->destroy(world);
	if ((at = image_diff(h, obs, again)) >= 0)
		fail_msg("%s: seat %d's observation differs at byte %ld from "
		    "that of a world redeal() made from it", ops->name, seat,
		    at);
	ops->destroy(again);
	return tobs;
}

struct twins {
	const struct game_ops *ops;
	struct game *g;
	int nseats;
	struct ai_player *a[GAME_MAX_SEATS], *b[GAME_MAX_SEATS];
	struct rng ra[GAME_MAX_SEATS], rb[GAME_MAX_SEATS], world;
};

/* Seat's decision, made by both twins: they must agree. */
static int
ask(struct twins *t, int seat, struct game_move *mv)
{
	struct game *oa = t->ops->observe(t->g, seat);
	struct game *ob = twin_observation(t->ops, t->g, oa, seat, &t->world);
	struct game_move mb;
	char *va = views(t->ops, oa, t->nseats), *vb;
	char ta[256], tb[256];
	int rca, rcb;

	vb = views(t->ops, ob, t->nseats);
	if (strcmp(va, vb) != 0)
		fail_msg("%s: seat %d's observation shows what it cannot "
		    "know:\n%s\n--- and in another world:\n%s", t->ops->name,
		    seat, va, vb);
	rca = ai_player_decide(t->a[seat], oa, &t->ra[seat], mv);
	rcb = ai_player_decide(t->b[seat], ob, &t->rb[seat], &mb);
	assert_int_equal(rca, rcb);
	if (rca == 0) {
		game_move_format(t->ops, mv, ta, sizeof ta);
		game_move_format(t->ops, &mb, tb, sizeof tb);
		if (strcmp(ta, tb) != 0)
			fail_msg("%s: seat %d decided '%s', and '%s' in "
			    "another world", t->ops->name, seat, ta, tb);
		assert_int_equal(mv->seat, seat);
	}
	free(va);
	free(vb);
	t->ops->destroy(oa);
	t->ops->destroy(ob);
	return rca;
}

/* Plays mv as a person's command; every mind notes the new state. */
static void
play(struct twins *t, const struct game_move *mv)
{
	struct game_move typed;
	struct game *obs, *tobs;
	char *cause = NULL;
	int i;

	if (mv->seat >= 0 && ai_retype(t->ops, t->g, mv, &typed, &cause) != 0)
		fail_msg("%s: the AI's move does not parse back: %s",
		    t->ops->name, cause);
	if (mv->seat < 0)
		typed = *mv;
	if (t->ops->check(t->g, &typed, &cause) != 0)
		fail_msg("%s: seat %d's move refused: %s", t->ops->name,
		    mv->seat, cause);
	t->ops->apply(t->g, &typed, NULL);
	for (i = 0; i < t->nseats; i++) {
		obs = t->ops->observe(t->g, i);
		ai_player_note(t->a[i], obs);
		tobs = twin_observation(t->ops, t->g, obs, i, &t->world);
		t->ops->destroy(obs);
		ai_player_note(t->b[i], tobs);
		t->ops->destroy(tobs);
	}
}

/* One game at nseats with the levels of mix: twins agree throughout. */
static void
twin_game(const struct game_ops *ops, int nseats, unsigned mix,
    uint64_t seed)
{
	struct twins t;
	struct game_opts opts;
	struct game_turn tu;
	struct game_move mv;
	struct game *obs, *tobs;
	struct rng deal;
	char *cause = NULL;
	int i, s, steps, moved;

	memset(&t, 0, sizeof t);
	t.ops = ops;
	t.nseats = nseats;
	game_opts_default(ops, &opts);
	rng_seed(&deal, seed);
	rng_seed(&t.world, seed ^ 0x5eed);
	t.g = ops->create(&opts, nseats, 0, &deal, NULL, &cause);
	assert_non_null(t.g);
	for (i = 0; i < nseats; i++) {
		rng_seed(&t.ra[i], seed + (uint64_t)i);
		rng_seed(&t.rb[i], seed + (uint64_t)i);
		obs = ops->observe(t.g, i);
		t.a[i] = ai_player_new(ops, obs, i, nseats,
		    (enum ai_level)((mix >> (2 * i)) % AI_LEVELS), NULL);
		tobs = twin_observation(ops, t.g, obs, i, &t.world);
		ops->destroy(obs);
		t.b[i] = ai_player_new(ops, tobs, i, nseats,
		    (enum ai_level)((mix >> (2 * i)) % AI_LEVELS), NULL);
		ops->destroy(tobs);
		/* An expert searches: a small budget keeps the suite
		 * quick, and its twin must search the same worlds. */
		ai_player_budget(t.a[i], EXPERT_PLAYOUTS);
		ai_player_budget(t.b[i], EXPERT_PLAYOUTS);
	}
	for (steps = 0; steps < MAX_STEPS; steps++) {
		ops->turn(t.g, &tu);
		if (tu.over)
			break;
		moved = 0;
		for (i = 1; i <= nseats && !moved; i++) {
			s = ((tu.accused >= 0 ? tu.accused : 0) + i) % nseats;
			if (s != tu.seat && ai_may_act(&tu, s) &&
			    ask(&t, s, &mv) == 0) {
				play(&t, &mv);
				moved = 1;
			}
		}
		if (moved)
			continue;
		if (tu.seat >= 0 && ask(&t, tu.seat, &mv) != 0)
			fail_msg("%s: seat %d made no move at its turn (move "
			    "%d)", ops->name, tu.seat, steps);
		if (tu.seat < 0) {
			if (tu.pause && tu.speaker >= 0 && ops->heard != NULL)
				ops->heard(t.g, &mv);
			else
				ops->timeout(t.g, &mv);
		}
		play(&t, &mv);
	}
	assert_true(steps < MAX_STEPS);
	for (i = 0; i < nseats; i++) {
		ai_player_free(t.a[i]);
		ai_player_free(t.b[i]);
	}
	ops->destroy(t.g);
}

/* The observation keeps what its seat holds: its view is the real one. */
static void
own_view_kept(const struct game_ops *ops, uint64_t seed)
{
	struct game_opts opts;
	struct game *g, *obs;
	struct seen a = { NULL, 0 }, b = { NULL, 0 };
	struct game_out oa = { seen_emit, &a }, ob = { seen_emit, &b };
	struct rng deal;
	int s;

	game_opts_default(ops, &opts);
	rng_seed(&deal, seed);
	g = ops->create(&opts, 4, 1, &deal, NULL, NULL);
	assert_non_null(g);
	for (s = 0; s < 4; s++) {
		obs = ops->observe(g, s);
		ops->view(g, s, &oa);
		ops->view(obs, s, &ob);
		ops->destroy(obs);
	}
	assert_string_equal(a.text, b.text);
	free(a.text);
	free(b.text);
	ops->destroy(g);
}

/* The check has teeth: a twin differs from the game itself (its image
 * sees the hidden cards moved and the marks changed), and only observe()
 * makes the two one game. */
static void
twin_differs(const struct game_ops *ops, uint64_t seed)
{
	const struct hooks *h = hooks_of(ops);
	struct game_opts opts;
	struct game *g, *t, *oa, *ob;
	struct rng deal, r;
	int s;

	game_opts_default(ops, &opts);
	rng_seed(&deal, seed);
	rng_seed(&r, seed ^ 0x5eed);
	g = ops->create(&opts, 4, 1, &deal, NULL, NULL);
	assert_non_null(g);
	for (s = 0; s < 4; s++) {
		t = h->twin(g, s, &r);
		assert_true(image_diff(h, g, t) >= 0);
		oa = ops->observe(g, s);
		ob = ops->observe(t, s);
		assert_true(image_diff(h, oa, ob) < 0);
		ops->destroy(oa);
		ops->destroy(ob);
		ops->destroy(t);
	}
	ops->destroy(g);
}

/* Every check above for the variant called name. */
static void
variant(const char *name)
{
	const struct game_ops *ops = game_named(name);
	int i;

	assert_non_null(ops);
	if (ops->ai == NULL)
		fail_msg("%s has no AI", name);
	own_view_kept(ops, 11);
	twin_differs(ops, 12);
	for (i = 0; i < GAMES; i++)
		twin_game(ops, i % 2 == 0 ? 4 : 3, (unsigned)(i * 0x9d) & 0xff,
		    1000 + (uint64_t)i);
}

static void
test_cheat(void **state)
{
	(void)state;
	variant("cheat");
}

static void
test_cheater(void **state)
{
	(void)state;
	variant("cheater");
}

static void
test_questions(void **state)
{
	(void)state;
	variant("questions");
}

static void
test_liarsuno(void **state)
{
	(void)state;
	variant("liarsuno");
}

static void
test_cheesedog(void **state)
{
	(void)state;
	variant("cheesedog");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cheat),
		cmocka_unit_test(test_cheater),
		cmocka_unit_test(test_questions),
		cmocka_unit_test(test_liarsuno),
		cmocka_unit_test(test_cheesedog),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
