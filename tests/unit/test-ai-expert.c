/*
 * The expert AI (games/ai-search.c, level expert of games/ai.h) in every
 * variant: from a fixed deal it decides moves the rules accept at every
 * chance to act, and whole games (ai_play()) with the expert at each seat
 * in turn against hard seats come to an end, and its mind decides as a
 * hard one does (its search's first candidate).  Small budgets keep it
 * quick; the strength is the tournament's to measure.  And Cheat's
 * weighted worlds (games/cheat/cheat-ai-world.c): claims of seats known
 * to be honest are true in them far more often than in an even redeal,
 * a pile taken up is in its taker's hand, and no card the seat can place
 * moves; and a seat seen calling true claims of one card calls them on
 * nothing in the play-outs (the search's loose), one seen not calling
 * seldom.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "games/ai.h"
#include "games/cards.h"
#include "games/cheat/cheat.h"
#include "games/cheat/cheat-int.h"
#include "tests/lib/cheat-deal.h"

#define SEATS 4
/* A small budget: the checks are of legality and of games ending. */
#define PLAYOUTS 2
#define STEPS 40

/* The first STEPS chances of a game of ops dealt from seed, every seat
 * an expert: each decision is a move of its own seat that check()
 * accepts, or none; the game goes on with it (or the timeout). */
static void
decisions(const struct game_ops *ops, uint64_t seed)
{
	struct ai_player *m[SEATS];
	struct game_opts opts;
	struct game_turn tu;
	struct game_move mv;
	struct game *g, *obs;
	struct rng deal, r[SEATS];
	char *cause = NULL;
	int i, s, step, moved;

	game_opts_default(ops, &opts);
	rng_seed(&deal, seed);
	g = ops->create(&opts, SEATS, 0, &deal, NULL, &cause);
	assert_non_null(g);
	for (s = 0; s < SEATS; s++) {
		rng_seed(&r[s], seed + (uint64_t)s);
		obs = ops->observe(g, s);
		m[s] = ai_player_new(ops, obs, s, SEATS, AI_EXPERT, NULL);
		ai_player_budget(m[s], PLAYOUTS);
		ops->destroy(obs);
	}
	for (step = 0; step < STEPS; step++) {
		ops->turn(g, &tu);
		if (tu.over)
			break;
		moved = 0;
		for (i = 0; i < SEATS && !moved; i++) {
			s = (tu.seat >= 0 ? tu.seat + i : i) % SEATS;
			if (!ai_may_act(&tu, s))
				continue;
			obs = ops->observe(g, s);
			if (ai_player_decide(m[s], obs, &r[s], &mv) == 0) {
				assert_int_equal(mv.seat, s);
				if (ops->check(g, &mv, &cause) != 0)
					fail_msg("%s: seat %d: %s", ops->name,
					    s, cause);
				moved = 1;
			}
			ops->destroy(obs);
		}
		if (!moved) {
			if (tu.pause && tu.speaker >= 0 && ops->heard != NULL)
				ops->heard(g, &mv);
			else
				ops->timeout(g, &mv);
		}
		ops->apply(g, &mv, NULL);
		for (s = 0; s < SEATS; s++) {
			obs = ops->observe(g, s);
			ai_player_note(m[s], obs);
			ops->destroy(obs);
		}
	}
	for (s = 0; s < SEATS; s++)
		ai_player_free(m[s]);
	ops->destroy(g);
}

/* An expert mind decides as a hard one (ai.h: its decide() is hard's,
 * the search's first candidate): over a game of ops (with options) played
 * by hard minds, a hard and an expert mind at every seat note the same
 * observations, and at every chance to act decide alike from the same
 * generator. */
static void
decides_as_hard(const struct game_ops *ops, const char *options,
    uint64_t seed)
{
	struct ai_mind *hard[SEATS], *exp[SEATS];
	struct game_opts opts;
	struct game_turn tu;
	struct game_move mv, other;
	struct game *g, *obs;
	struct rng deal, r[SEATS], copy;
	char *cause = NULL;
	int i, s, step, moved, rc;

	game_opts_default(ops, &opts);
	if (options != NULL)
		assert_int_equal(game_opts_set(ops, &opts, options, &cause), 0);
	rng_seed(&deal, seed);
	g = ops->create(&opts, SEATS, 0, &deal, NULL, &cause);
	assert_non_null(g);
	for (s = 0; s < SEATS; s++) {
		rng_seed(&r[s], seed + (uint64_t)s);
		obs = ops->observe(g, s);
		hard[s] = ops->ai->mind_new(obs, s, AI_HARD, NULL);
		exp[s] = ops->ai->mind_new(obs, s, AI_EXPERT, NULL);
		ops->destroy(obs);
	}
	for (step = 0; step < 400; step++) {
		ops->turn(g, &tu);
		if (tu.over)
			break;
		moved = 0;
		for (i = 0; i < SEATS && !moved; i++) {
			s = (tu.seat >= 0 ? tu.seat + i : i) % SEATS;
			if (!ai_may_act(&tu, s))
				continue;
			obs = ops->observe(g, s);
			copy = r[s];
			rc = ops->ai->decide(exp[s], obs, &copy, &other);
			moved = ops->ai->decide(hard[s], obs, &r[s], &mv) == 0;
			assert_int_equal(rc, moved ? 0 : -1);
			if (moved && !(other.verb == mv.verb &&
			    other.argc == mv.argc && memcmp(other.argv,
			    mv.argv, (size_t)mv.argc * sizeof mv.argv[0]) == 0))
				fail_msg("%s: seat %d at step %d: the expert "
				    "decides otherwise than hard", ops->name,
				    s, step);
			ops->destroy(obs);
		}
		if (!moved) {
			if (tu.pause && tu.speaker >= 0 && ops->heard != NULL)
				ops->heard(g, &mv);
			else
				ops->timeout(g, &mv);
		}
		ops->apply(g, &mv, NULL);
		for (s = 0; s < SEATS; s++) {
			obs = ops->observe(g, s);
			ops->ai->note(hard[s], obs);
			ops->ai->note(exp[s], obs);
			ops->destroy(obs);
		}
	}
	for (s = 0; s < SEATS; s++) {
		ops->ai->mind_free(hard[s]);
		ops->ai->mind_free(exp[s]);
	}
	ops->destroy(g);
}

/* Whole games, the expert at each seat in turn, hard at the others. */
static void
games(const struct game_ops *ops, const char *options)
{
	enum ai_level levels[SEATS];
	struct game_opts opts;
	struct game_result r;
	char *cause = NULL;
	int lone, s;

	game_opts_default(ops, &opts);
	if (options != NULL)
		assert_int_equal(game_opts_set(ops, &opts, options, &cause), 0);
	for (lone = 0; lone < SEATS; lone++) {
		for (s = 0; s < SEATS; s++)
			levels[s] = s == lone ? AI_EXPERT : AI_HARD;
		if (ai_play_budget(ops, &opts, SEATS, levels, PLAYOUTS,
		    (uint64_t)lone * 101 + 7, &r, NULL, &cause) < 0)
			fail_msg("%s: %s", ops->name, cause);
	}
}

static void
expert(const char *name, const char *options)
{
	const struct game_ops *ops = game_named(name);

	assert_non_null(ops);
	assert_non_null(ops->ai->search);
	assert_true(ops->ai->search->playouts > 0);
	assert_true(ops->ai->search->rollout < AI_EXPERT);
	decisions(ops, 11);
	decides_as_hard(ops, options, 12);
	decides_as_hard(ops, options, 13);
	games(ops, options);
}

static void
test_cheat(void **state)
{
	(void)state;
	expert("cheat", NULL);
	decides_as_hard(game_named("cheat"), "loser=1", 14);
	games(game_named("cheat"), "loser=1");
}

static void
test_questions(void **state)
{
	(void)state;
	expert("questions", NULL);
}

static void
test_cheater(void **state)
{
	(void)state;
	expert("cheater", NULL);
}

static void
test_liarsuno(void **state)
{
	(void)state;
	expert("liarsuno", NULL);
}

static void
test_cheesedog(void **state)
{
	(void)state;
	expert("cheesedog", NULL);
}

/* Cheat's weighted worlds (the world of its struct ai_search). */

/* seat's move in f, typed, then noted by p (seat 0's expert). */
static void
step(struct fx *f, struct ai_player *p, int seat, const char *line)
{
	struct game *obs;

	fx_ok(f, seat, line);
	obs = cheat_ops.observe(f->g, 0);
	ai_player_note(p, obs);
	cheat_ops.destroy(obs);
}

/* A Cheat game of SEATS dealt by seat 0, the hands stacked, into *f;
 * an expert for seat 0 knowing habits (NULL: none). */
static struct ai_player *
expert_seat0(struct fx **f, const char *const *hands,
    const struct ai_habits *habits)
{
	struct ai_player *p;
	struct game *obs;

	*f = fx_new(SEATS, 0, 1, 0);
	fx_stack(*f, hands);
	obs = cheat_ops.observe((*f)->g, 0);
	p = ai_player_new(&cheat_ops, obs, 0, SEATS, AI_EXPERT, habits);
	cheat_ops.destroy(obs);
	return p;
}

#define WORLDS 400

/* A world for seat 0 of f's game, from rng: weighted (the search's
 * world, from p's mind) or even (redeal()); no card seat 0 can place
 * moves (its hand, and the pile's places fixed[] of nfixed), every hand
 * keeps its size, the invariants hold.  With weighted, a game changed in
 * all that seat 0 cannot know makes the same world from the same
 * generator: it is drawn from the observation and the mind alone. */
static struct game *
world(struct fx *f, struct ai_player *p, int weighted, const int *fixed,
    int nfixed, struct rng *rng)
{
	const struct game_ops *ops = &cheat_ops;
	struct game *obs = ops->observe(f->g, 0), *w, *twin, *tobs;
	unsigned char *a, *b;
	size_t alen, blen;
	struct rng again = *rng, scratch;
	char *cause = NULL;
	int i, up;

	w = ops->observe(obs, 0);
	if (weighted)
		ops->ai->search->world(w, 0, ai_player_mind(p), rng);
	else
		ops->redeal(w, 0, rng);
	if (ops->invariants(w, &cause) != 0)
		fail_msg("world: %s", cause);
	assert_int_equal(cheat_hand(w, 0)->n, cheat_hand(obs, 0)->n);
	assert_memory_equal(cheat_hand(w, 0)->c, cheat_hand(obs, 0)->c,
	    (size_t)cheat_hand(obs, 0)->n * sizeof cheat_hand(obs, 0)->c[0]);
	for (i = 1; i < SEATS; i++)
		assert_int_equal(cheat_hand(w, i)->n, cheat_hand(obs, i)->n);
	assert_int_equal(cheat_pile(w)->n, cheat_pile(obs)->n);
	for (i = 0; i < nfixed; i++)
		assert_int_equal(cheat_pile(w)->c[fixed[i]],
		    cheat_pile(obs)->c[fixed[i]]);
	/* What every seat saw, every seat of the world knows: the cards
	 * laid face up. */
	for (up = i = 0; weighted && i < cheat_pile(w)->n; i++) {
		if (w->pile_as[i] != CHEAT_FACE_UP)
			continue;
		assert_int_equal(w->known[cheat_pile(w)->c[i]],
		    CHEAT_KNOWN_ALL);
		up++;
	}
	/* (The pile of the first part opens with two fives face up.) */
	assert_true(!weighted || nfixed == 0 || up == 2);
	if (weighted) {
		rng_seed(&scratch, 99);
		twin = cheat_twin(f->g, 0, &scratch);
		tobs = ops->observe(twin, 0);
		ops->ai->search->world(tobs, 0, ai_player_mind(p), &again);
		a = cheat_image(w, &alen);
		b = cheat_image(tobs, &blen);
		assert_int_equal(alen, blen);
		assert_memory_equal(a, b, alen);
		free(a);
		free(b);
		ops->destroy(twin);
		ops->destroy(tobs);
	}
	ops->destroy(obs);
	return w;
}

/* Claims of seats whose records say they never lie: in the weighted
 * worlds the unseen cards under them are the ranks claimed far more
 * often than in even ones; and once a seat takes up the pile, its hand
 * holds the cards claimed there. */
static void
test_cheat_worlds(void **state)
{
	static const char *const hands[] = {
		"7h 2c 3c 4c 8c 2d 3d 4d 8d 2h 3h 4h 8h",
		"5h 5d 7d 7c 9c 9d 9h 9s 10c 10d 10h 10s 2s",
		"5s 5c jc jd jh js qc qd qh qs 3s 4s 8s",
		"6h 6d 6s 6c kc kd kh ks ac ad ah as 7s",
	};
	/* The pile: the opening (fives, face up), two fives, two sixes,
	 * seat 0's seven, two sevens (the open claim). */
	static const int claim[] = { 0, 0, 5, 5, 6, 6, 0, 7, 7 };
	static const int fixed[] = { 0, 1, 6 };
	struct ai_habits habits[SEATS];
	struct ai_player *p;
	struct game *w;
	struct fx *f;
	struct rng rng;
	int weighted, k, i, n, got[2], held[2];

	(void)state;
	memset(habits, 0, sizeof habits);
	for (i = 0; i < SEATS; i++)
		habits[i].claims = 400;
	p = expert_seat0(&f, hands, habits);
	step(f, p, 1, "play 5h 5d");
	step(f, p, 2, "play 5s 5c as two fives");
	step(f, p, 3, "play 6h 6d as two sixes");
	step(f, p, 0, "play 7h as seven");
	step(f, p, 1, "play 7d 7c as two sevens");
	assert_int_equal(cheat_pile(f->g)->n, 9);
	for (weighted = 0; weighted < 2; weighted++) {
		rng_seed(&rng, 5);
		got[weighted] = 0;
		for (k = 0; k < WORLDS; k++) {
			w = world(f, p, weighted, fixed, 3, &rng);
			for (i = 0; i < 9; i++)
				got[weighted] += claim[i] > 0 &&
				    cards_rank(cheat_pile(w)->c[i]) == claim[i];
			cheat_ops.destroy(w);
		}
	}
	/* Six unseen cards under claims: at random one in ten or so is
	 * the rank claimed, here nearly all. */
	assert_true(got[0] < 6 * WORLDS / 4);
	assert_true(got[1] > 6 * WORLDS * 3 / 4);

	/* Seat 2 calls the true sevens and takes the pile: the fives and
	 * sixes claimed there are in its hand now, unseen. */
	step(f, p, 2, "cheat");
	assert_int_equal(cheat_hand(f->g, 2)->n, 20);
	for (weighted = 0; weighted < 2; weighted++) {
		rng_seed(&rng, 6);
		held[weighted] = 0;
		for (k = 0; k < WORLDS; k++) {
			w = world(f, p, weighted, NULL, 0, &rng);
			for (i = n = 0; i < cheat_hand(w, 2)->n; i++) {
				n += cards_rank(cheat_hand(w, 2)->c[i]) == 5 ||
				    cards_rank(cheat_hand(w, 2)->c[i]) == 6;
			}
			/* 5h and 5d were laid face up: seen. */
			held[weighted] += n - 2;
			cheat_ops.destroy(w);
		}
	}
	/* Of the six unseen fives and sixes, at random about 2.6 in its
	 * 15 unseen cards of 35; here the 4 claimed, and some more. */
	assert_true(held[1] > held[0] + WORLDS);
	ai_player_free(p);
	fx_free(f);
}

/* The hands of the tests of the expert's play-outs below: seat 0 holds
 * twos, threes, fours, eights and the 7h, seat 1 fives, sevens, nines and
 * tens, seat 2 fives, jacks and queens, seat 3 sixes, kings and aces. */
static const char *const seats_hands[] = {
	"2c 3c 4c 8c 2d 3d 4d 8d 2h 3h 4h 8h 7h",
	"5h 5d 7d 7c 9c 9d 9h 9s 10c 10d 10h 10s 2s",
	"5s 5c jc jd jh js qc qd qh qs 3s 4s 8s",
	"6h 6d 6s 6c kc kd kh ks ac ad ah as 7s",
};

/* The chance the expert's play-outs give a seat of calling a claim on
 * nothing: seat 3 called both true claims of one card it could, seats 1
 * and 2 none; a claim of two cards it has never been seen to call. */
static void
test_cheat_loose(void **state)
{
	double (*loose)(const struct ai_mind *, const struct game *, int) =
	    cheat_ops.ai->search->loose;
	struct ai_player *p;
	struct game *obs;
	struct fx *f;

	(void)state;
	assert_non_null(loose);
	p = expert_seat0(&f, seats_hands, NULL);
	step(f, p, 1, "play 5h 5d");
	step(f, p, 2, "play 5s as five");
	step(f, p, 3, "cheat");
	step(f, p, 3, "play 6h 6d");
	step(f, p, 0, "play 7h as seven");
	step(f, p, 3, "cheat");
	step(f, p, 1, "play 9c 9d");
	step(f, p, 2, "play jc as ten");
	obs = cheat_ops.observe(f->g, 0);
	assert_int_equal(obs->count, 1);
	/* Three chances each (the open claim's among them): (2 + 0.1) /
	 * (3 - 0 + 2) for seat 3, 0.1 / (3 + 2) for the others. */
	assert_true(loose(ai_player_mind(p), obs, 3) > 0.4);
	assert_true(loose(ai_player_mind(p), obs, 1) < 0.05);
	/* The same claim, as if of two cards: no record there, 0.1 / 2. */
	obs->count = 2;
	assert_true(loose(ai_player_mind(p), obs, 3) < 0.1);
	cheat_ops.destroy(obs);
	ai_player_free(p);
	fx_free(f);
}

/* The seat's own lies, in the play-outs: seat 0 lied twice with two
 * cards and was called both times, so a lie of its own open in a world
 * is called about as often, (2 + 0.2) / (2 + 2) spread over the three
 * seats that may call, 1 - 0.45^(1/3); another seat's claim keeps the
 * rate of calls on nothing. */
static void
test_cheat_own_lies(void **state)
{
	double (*loose)(const struct ai_mind *, const struct game *, int) =
	    cheat_ops.ai->search->loose;
	struct ai_player *p;
	struct game *obs;
	struct fx *f;
	double v;

	(void)state;
	p = expert_seat0(&f, seats_hands, NULL);
	step(f, p, 1, "play 5h 5d");
	step(f, p, 2, "play 5s 5c as two fives");
	step(f, p, 3, "play 6h 6d as two sixes");
	step(f, p, 0, "play 2c 3c as two sevens");
	step(f, p, 1, "cheat");
	step(f, p, 1, "play 9c 9d");
	step(f, p, 2, "play 8s as eight");
	step(f, p, 3, "play 7s as seven");
	step(f, p, 0, "play 2d 3d as two eights");
	step(f, p, 1, "cheat");
	step(f, p, 1, "play 9h 9s");
	step(f, p, 2, "play jc as ten");
	obs = cheat_ops.observe(f->g, 0);
	/* Seat 2's claim: seat 1 has called no true play. */
	assert_true(loose(ai_player_mind(p), obs, 1) < 0.1);
	cheat_ops.destroy(obs);
	step(f, p, 3, "play kc as jack");
	step(f, p, 0, "play 4c 4d as two jacks");
	obs = cheat_ops.observe(f->g, 0);
	assert_int_equal(obs->declarer, 0);
	v = loose(ai_player_mind(p), obs, 1);
	assert_true(v > 0.22 && v < 0.25);
	assert_true(loose(ai_player_mind(p), obs, 3) == v);
	cheat_ops.destroy(obs);
	ai_player_free(p);
	fx_free(f);
}

/* Whether the expert's candidates for seat 0 in f (seen by p) hold a
 * lie of one card: cards not all of the rank claimed, one of them. */
static int
lies_of_one(struct fx *f, struct ai_player *p)
{
	struct game_move mv[16];
	struct game *obs = cheat_ops.observe(f->g, 0);
	struct rng rng;
	int i, k, n, lie, ones = 0;

	rng_seed(&rng, 7);
	n = cheat_ops.ai->search->moves(ai_player_mind(p), obs, 0, &rng, mv,
	    16);
	assert_true(n > 0);
	for (i = 0; i < n; i++) {
		for (lie = 0, k = 2; k < mv[i].argc; k++)
			lie |= cards_rank(mv[i].argv[k]) != mv[i].argv[1];
		ones += lie && mv[i].argv[0] == 1;
	}
	cheat_ops.destroy(obs);
	return ones;
}

/* A table where a seat calls most claims of one card is offered lies of
 * two: seat 3 called all four claims of one card it could, (4 + 0.2) /
 * (4 + 4) over a half (a right call, and the caller opens). */
static void
test_cheat_singles_called(void **state)
{
	struct ai_player *p;
	struct fx *f;

	(void)state;
	p = expert_seat0(&f, seats_hands, NULL);
	step(f, p, 1, "play 5h 5d");
	assert_true(lies_of_one(f, p) > 0);
	step(f, p, 2, "play 5s as five");
	step(f, p, 3, "cheat");
	step(f, p, 3, "play 6h 6d");
	step(f, p, 0, "play 7h as seven");
	step(f, p, 3, "cheat");
	step(f, p, 1, "play 9c 9d");
	step(f, p, 2, "play jc as ten");
	assert_true(lies_of_one(f, p) > 0);
	step(f, p, 3, "cheat");
	step(f, p, 3, "play kc kd");
	step(f, p, 0, "play 2c as queen");
	step(f, p, 3, "cheat");
	step(f, p, 3, "play ac ad");
	assert_int_equal(lies_of_one(f, p), 0);
	ai_player_free(p);
	fx_free(f);
}

/* The level's name, both ways. */
static void
test_level(void **state)
{
	(void)state;
	assert_int_equal(ai_level_find("expert"), AI_EXPERT);
	assert_int_equal(ai_level_find("EXPERT"), AI_EXPERT);
	assert_string_equal(ai_level_name(AI_EXPERT), "expert");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_level),
		cmocka_unit_test(test_cheat),
		cmocka_unit_test(test_questions),
		cmocka_unit_test(test_cheater),
		cmocka_unit_test(test_liarsuno),
		cmocka_unit_test(test_cheesedog),
		cmocka_unit_test_teardown(test_cheat_worlds, fx_teardown),
		cmocka_unit_test_teardown(test_cheat_loose, fx_teardown),
		cmocka_unit_test_teardown(test_cheat_own_lies, fx_teardown),
		cmocka_unit_test_teardown(test_cheat_singles_called,
		    fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
