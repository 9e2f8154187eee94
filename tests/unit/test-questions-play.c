/*
 * Unit tests for games/cheat/questions.c (Cheater! with question cards) with
 * stacked deals, ordinary play: 3 to 8 players on one deck or two, the
 * even deal with its remainder on the pile, the ranks called in order and
 * their wrap from kings to aces, what a play may claim, and random games
 * (messages, secrets, command() round trips).  The questions after a call
 * are in test-questions-ask.c, the end of a game, timeouts and leaves in
 * test-questions-end.c; the question file's loader in test-questions.c.
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
#include "games/cheat/cheat.h"
#include "games/game.h"
#include "tests/lib/cheat-deal.h"

#define Q (&questions_ops)

/* Every hand gets total / nseats cards, the rest lies on the pile; each
 * seat hears its hand and the channel one line. */
static void
test_deal_sizes(void **state)
{
	static const struct {
		int nseats, dealer, decks, total;
	} cases[] = {
		{ 3, 0, 1, 52 }, { 4, 1, 1, 52 }, { 5, 4, 1, 52 },
		{ 6, 0, 1, 52 }, { 7, 3, 1, 52 }, { 8, 7, 1, 52 },
		{ 3, 2, 2, 104 }, { 5, 0, 2, 104 }, { 7, 6, 2, 104 },
		{ 8, 0, 2, 104 },
	};
	char opts[16], want[32];
	size_t i;
	int s, each, rest;
	struct fx *f;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(opts, sizeof opts, "decks=%d", cases[i].decks);
		f = fx_new_ops(Q, cases[i].nseats, cases[i].dealer, opts);
		each = cases[i].total / cases[i].nseats;
		rest = cases[i].total % cases[i].nseats;
		for (s = 0; s < f->nseats; s++) {
			assert_int_equal(fx_hand_n(f, s), each);
			assert_int_equal(fx_said_count(f, s), 1);
		}
		assert_int_equal(cheat_pile(f->g)->n, rest);
		assert_turn(f, (cases[i].dealer + 1) % f->nseats, 0, -1);
		assert_int_equal(fx_said_count(f, GAME_PUBLIC), 1);
		snprintf(want, sizeof want, "; %d on the pile", rest);
		if (rest > 0)
			assert_said_has(f, GAME_PUBLIC, want);
		else
			assert_null(strstr(fx_said(f, GAME_PUBLIC), "pile"));
		assert_int_equal(f->ops->invariants(f->g, NULL), 0);
		fx_free(f);
	}
	f = fx_new_ops(Q, 5, 4, NULL);
	assert_said(f, GAME_PUBLIC, "Cheater! with questions for 5 players "
	    "with 1 deck, dealt by {p:4}: {p:0} 10, {p:1} 10, {p:2} 10, "
	    "{p:3} 10, {p:4} 10 cards; 2 on the pile, face down. {p:0} to "
	    "play aces.");
	fx_free(f);
}

/* 3 to 8 players, one deck allowed for all of them; decks is 1 or 2. */
static void
test_deal_refused(void **state)
{
	static const struct {
		int nseats, dealer;
		const char *cause;
	} cases[] = {
		{ 2, 0, "questions is for 3 to 8 players, not 2" },
		{ 9, 0, "questions is for 3 to 8 players, not 9" },
		{ 3, 3, "no seat 3 to deal" },
		{ 3, -1, "no seat -1 to deal" },
	};
	struct game_opts opts;
	struct rng rng;
	char *cause;
	size_t i;

	(void)state;
	rng_seed(&rng, 1);
	game_opts_default(Q, &opts);
	assert_int_equal(opts.v[0], 1);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cause = NULL;
		assert_null(Q->create(&opts, cases[i].nseats,
		    cases[i].dealer, &rng, NULL, &cause));
		assert_string_equal(cause, cases[i].cause);
		free(cause);
	}
	cause = NULL;
	assert_int_equal(game_opts_set(Q, &opts, "decks=0", &cause), -1);
	assert_string_equal(cause, "option 'decks' takes a value from 1 to 2");
	free(cause);
	cause = NULL;
	assert_int_equal(game_opts_set(Q, &opts, "decks=3", &cause), -1);
	assert_string_equal(cause, "option 'decks' takes a value from 1 to 2");
	free(cause);
	cause = NULL;
	assert_int_equal(game_opts_set(Q, &opts, "loser=1", &cause), -1);
	assert_string_equal(cause, "questions has no option 'loser'");
	free(cause);
}

/* An uneven deal: the shuffled deck is dealt one card at a time from the
 * dealer's left while every hand can get one more; the cards left over,
 * the last of the deck, are the pile. */
static void
test_deal_remainder(void **state)
{
	struct cards deck, want[7];
	struct rng rng;
	struct fx *f;
	int i, s, dealt;

	(void)state;
	f = fx_new_ops(Q, 7, 2, NULL);
	rng_seed(&rng, 1);
	cards_deck(&deck, 1);
	rng_shuffle(&rng, deck.c, (size_t)deck.n);
	for (s = 0; s < 7; s++)
		cards_clear(&want[s]);
	dealt = 52 / 7 * 7;
	assert_int_equal(dealt, 49);
	for (i = 0; i < dealt; i++)
		cards_add(&want[(3 + i) % 7], deck.c[i]);
	for (s = 0; s < 7; s++) {
		cards_sort(&want[s]);
		assert_int_equal(fx_hand_n(f, s), 7);
		assert_memory_equal(want[s].c, cheat_hand(f->g, s)->c,
		    7 * sizeof want[s].c[0]);
	}
	assert_int_equal(cheat_pile(f->g)->n, 3);
	for (i = 0; i < 3; i++)
		assert_int_equal(cheat_pile(f->g)->c[i], deck.c[dealt + i]);
	assert_said_has(f, GAME_PUBLIC, "; 3 on the pile, face down. {p:3} "
	    "to play aces.");
	fx_free(f);
}

/* The ranks go ace, two, ... king and round again, one a play, whoever
 * plays and whatever they lay. */
static void
test_rank_order(void **state)
{
	static const char *const hands[] = {
		"3c 6c 9c qc 2d 5c", "ah 4h 7h 10h kh 6d 8d",
		"2s 5s 8s js as 7d 9d",
	};
	static const struct {
		const char *card, *claim, *next;
	} plays[] = {
		{ "ah", "ace", "twos" }, { "2s", "two", "threes" },
		{ "3c", "three", "fours" }, { "4h", "four", "fives" },
		{ "5s", "five", "sixes" }, { "6c", "six", "sevens" },
		{ "7h", "seven", "eights" }, { "8s", "eight", "nines" },
		{ "9c", "nine", "tens" }, { "10h", "ten", "jacks" },
		{ "js", "jack", "queens" }, { "qc", "queen", "kings" },
		{ "kh", "king", "aces" }, { "as", "ace", "twos" },
		{ "2d", "two", "threes" }, { "6d", "three", "fours" },
		{ "7d", "four", "fives" },
	};
	struct fx *f = fx_new_ops(Q, 3, 0, NULL);
	char want[64], line[32];
	int i, seat;

	(void)state;
	fx_stack(f, hands);
	assert_turn(f, 1, 0, -1);
	for (i = 0; i < 17; i++) {
		seat = (1 + i) % 3;
		snprintf(line, sizeof line, "play %s", plays[i].card);
		fx_ok(f, seat, line);
		snprintf(want, sizeof want, "{p:%d} plays 1 card: one %s. "
		    "{p:%d} to play %s.", seat, plays[i].claim,
		    (seat + 1) % 3, plays[i].next);
		assert_said(f, GAME_PUBLIC, want);
		assert_turn(f, (seat + 1) % 3, 0x7 & ~(1u << seat), seat);
	}
	fx_free(f);
}

/* A play claims the cards laid, as many as they are, as this turn's rank:
 * five or more cards too; "as" may only say the same. */
static void
test_play_claims(void **state)
{
	static const char *const hands[] = {
		"2c 5c 9c kc", "4h 4d 7c qh qd qs 5h", "3c 3d 6s 8s jc ah",
	};
	struct fx *f = fx_new_ops(Q, 3, 0, NULL);
	char text[256];
	struct game_move mv;
	char w1[] = "4♥", w2[] = "4♦", *words[2] = { w1, w2 };
	char *cause = NULL;
	int cmd;

	(void)state;
	fx_stack(f, hands);
	fx_refused(f, 2, "play 3c", "it is not your turn");
	fx_refused(f, 1, "play 4h as four", "this turn lays aces, not fours");
	fx_refused(f, 1, "play 4h 4d as two fours", "this turn lays aces, "
	    "not fours");
	fx_refused(f, 1, "play 4h 4d as three aces", "you lay 2 cards, so "
	    "you claim 2, not 3");
	fx_refused(f, 1, "play 4h as two aces", "you lay 1 card, so you "
	    "claim 1, not 2");
	fx_refused(f, 1, "play 2c", "you do not hold '2♣'");
	fx_refused(f, 1, "play", "say which cards you lay, e.g. 'play 4h 4d "
	    "as two fours'");

	/* command() writes a play with no "as", which parses back. */
	assert_int_equal(f->ops->parse(f->g, 1, 0, 2, words, &mv, &cause), 0);
	assert_int_equal(f->ops->check(f->g, &mv, NULL), 0);
	assert_int_equal(mv.argv[0], 2);
	assert_int_equal(mv.argv[1], CARDS_ACE);
	cmd = f->ops->command(f->g, &mv, text, sizeof text);
	assert_int_equal(cmd, 0);
	assert_string_equal(text, "play 4♥ 4♦");

	fx_ok(f, 1, "play 4h 4d 7c qh qd");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 5 cards: five aces. {p:2} to "
	    "play twos.");
	assert_int_equal(fx_said_count(f, 1), 0);
	fx_ok(f, 2, "play 3c 3d 6s as 3 twos");
	assert_said(f, GAME_PUBLIC, "{p:2} plays 3 cards: three twos. {p:0} "
	    "to play threes.");
	fx_ok(f, 0, "lay 9c as three");
	assert_said(f, GAME_PUBLIC, "{p:0} plays 1 card: one three. {p:1} "
	    "to play fours.");
	fx_ok(f, 1, "put 5h qs as fours");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 2 cards: two fours. {p:1} "
	    "has no cards left! Call cheat now, or {p:1} wins.");
	assert_turn(f, -1, 0x5, 1);
	fx_free(f);
}

/* Two moves are the same but for which deck's copy of a card a play lays
 * (the words of a card name either, and either may be laid; an ask must
 * name the very card, whose question it asks). */
static void
assert_same_move(const struct game_move *a, const struct game_move *b)
{
	int i;

	assert_int_equal(a->seat, b->seat);
	assert_int_equal(a->verb, b->verb);
	assert_int_equal(a->argc, b->argc);
	for (i = 0; i < a->argc; i++) {
		if (strcmp(questions_ops.verbs[a->verb], "play") == 0 && i >= 2)
			assert_int_equal(a->argv[i] % CARDS_DECK,
			    b->argv[i] % CARDS_DECK);
		else
			assert_int_equal(a->argv[i], b->argv[i]);
	}
}

/* The cards of a play are a secret until called: no public line of random
 * games shows a card but the reveal of a call and the question asked on
 * one of its cards; each sampled move that a player types reads back as
 * the same move. */
static void
test_random_games(void **state)
{
	struct game_move mv, back;
	struct rng rng;
	struct fx *f;
	char text[1024], opts[16], *argv[GAME_MOVE_ARGS], *p, *w;
	const char *verb, *pub;
	int game, moves, cmd, argc, asks = 0;

	(void)state;
	rng_seed(&rng, 99);
	for (game = 0; game < 24; game++) {
		snprintf(opts, sizeof opts, "decks=%d", 1 + game % 2);
		f = fx_new_ops(Q, 3 + game % 6, game % 3, opts);
		for (moves = 0; moves < 5000; moves++) {
			if (f->ops->sample(f->g, &rng, &mv) != 0)
				break;
			assert_int_equal(f->ops->check(f->g, &mv, NULL), 0);
			cmd = f->ops->command(f->g, &mv, text, sizeof text);
			if (cmd >= 0) {
				for (argc = 0, p = text; (w = strsep(&p, " ")) !=
				    NULL;)
					argv[argc++] = w;
				assert_int_equal(f->ops->parse(f->g, mv.seat,
				    cmd, argc - 1, argv + 1, &back, NULL), 0);
				assert_same_move(&back, &mv);
			}
			sink_reset(&f->sink);
			f->ops->apply(f->g, &mv, &f->out);
			assert_int_equal(f->ops->invariants(f->g, NULL), 0);
			verb = f->ops->verbs[mv.verb];
			asks += strcmp(verb, "ask") == 0 && mv.argc > 0;
			assert_int_equal(fx_said_count(f, GAME_PUBLIC), 1);
			pub = fx_said(f, GAME_PUBLIC);
			if (strcmp(verb, "cheat") != 0 &&
			    (strcmp(verb, "ask") != 0 || mv.argc == 0)) {
				assert_null(strstr(pub, "♣"));
				assert_null(strstr(pub, "♦"));
				assert_null(strstr(pub, "♥"));
				assert_null(strstr(pub, "♠"));
			}
		}
		assert_int_equal(f->ops->sample(f->g, &rng, &mv), -1);
		fx_free(f);
	}
	assert_true(asks > 24);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_deal_sizes),
		T(test_deal_refused),
		T(test_deal_remainder),
		T(test_rank_order),
		T(test_play_claims),
		T(test_random_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
