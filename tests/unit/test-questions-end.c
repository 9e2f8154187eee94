/*
 * Unit tests for games/cheat/questions.c with stacked deals, how a game ends and
 * what happens when nobody acts or a player goes: the last card laid wins
 * once the table closes its window or a call on it is wrong (no question
 * then), a lie on the last card caught (the liar takes the pile, then the
 * question), the timeout moves of a question (none is asked) and of its
 * answer, and leaves during a question by the asker, the one asked, the
 * next player or another, and those that end the game.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "games/cards.h"
#include "games/cheat/cheat.h"
#include "games/game.h"
#include "tests/lib/cheat-deal.h"

#define Q (&questions_ops)

/* Three seats dealt by seat 0: seat 1 lays aces, seat 2 its last card as
 * a two; 44 on the pile. */
static const char *const win_hands[] = { "2c 5c 9c kc", "ah 4d 7c", "2h" };
static const char *const lie_hands[] = { "2c 5c 9c kc", "ah 4d 7c", "3d" };

/* Four seats dealt by seat 0, seat 1 first; 33 on the pile. */
static const char *const four_hands[] = {
	"2c 5c 9c kc", "ah 4d 7c qh qd", "2h 3d 6s 8s jc", "3c 4s 6h 10d ks",
};

/* The state of the turn: seat, and whether the game waits on an answer. */
static void
assert_wait(struct fx *f, int seat, int pause)
{
	struct game_turn t;

	f->ops->turn(f->g, &t);
	assert_int_equal(t.over, 0);
	assert_int_equal(t.seat, seat);
	assert_int_equal(t.pause, pause);
}

/* Applies the timeout move, which must be want ("SEAT VERB ARG..."). */
static void
expect_timeout(struct fx *f, const char *want)
{
	char text[64];

	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, want);
}

/* The text of a timeout move naming card: "SEAT VERB ID ARG...". */
static const char *
move_on(char *buf, size_t size, const char *seat_verb, const char *card,
    const char *rest)
{
	snprintf(buf, size, "%s %d%s", seat_verb, fx_card(card), rest);
	return buf;
}

/* Nobody calls on the last card: the table closes the window, it wins. */
static void
test_win_close(void **state)
{
	static const int places[] = { 2, 2, 1 };
	struct fx *f = fx_new_ops(Q, 3, 0, NULL);

	(void)state;
	fx_stack(f, win_hands);
	fx_ok(f, 1, "play ah");
	fx_ok(f, 2, "play 2h");
	assert_said(f, GAME_PUBLIC, "{p:2} plays 1 card: one two. {p:2} has "
	    "no cards left! Call cheat now, or {p:2} wins.");
	assert_turn(f, -1, 0x3, 2);
	assert_wait(f, -1, 0);
	fx_refused(f, 0, "play 2c", "it is not your turn");
	expect_timeout(f, "-1 close");
	assert_said(f, GAME_PUBLIC, "Nobody called cheat on {p:2}. {p:2} "
	    "wins!");
	assert_over(f, places, 2, -1);
	fx_refused(f, 0, "ask 2h {p:1}", "the game is over");
	fx_refused(f, 0, "cheat", "the game is over");
	fx_free(f);
}

/* A wrong call on the last card: it wins at once, with no question. */
static void
test_win_wrong_call(void **state)
{
	static const int places[] = { 2, 2, 1 };
	struct fx *f = fx_new_ops(Q, 3, 0, NULL);

	(void)state;
	fx_stack(f, win_hands);
	fx_ok(f, 1, "play ah");
	fx_ok(f, 2, "play 2h");
	fx_ok(f, 0, "cheat");
	assert_said(f, GAME_PUBLIC, "{p:0} calls cheat on {p:2}! Declared one "
	    "two, the 1 card was: {red:2♥} - honest. {p:0} takes the pile (46 "
	    "cards). {p:2} wins!");
	assert_int_equal(fx_said_count(f, 2), 0);
	assert_int_equal(fx_said_count(f, 1), 0);
	assert_said_has(f, 0, "Your hand (50): ");
	assert_over(f, places, 2, -1);
	fx_refused(f, 2, "ask 2h {p:0}", "the game is over");
	fx_free(f);
}

/* A lie on the last card caught: the liar takes the pile and is asked;
 * play goes on after the liar, with threes. */
static void
test_caught_last_card(void **state)
{
	struct fx *f = fx_new_ops(Q, 3, 0, NULL);
	char want[96];

	(void)state;
	fx_stack(f, lie_hands);
	fx_ok(f, 1, "play ah");
	fx_ok(f, 2, "play 3d");
	assert_turn(f, -1, 0x3, 2);
	fx_ok(f, 1, "cheat");
	assert_said(f, GAME_PUBLIC, "{p:1} calls cheat on {p:2}! Declared one "
	    "two, the 1 card was: {red:3♦} - a lie. {p:2} takes the pile (46 "
	    "cards). {p:1} may ask {p:2} a question.");
	assert_int_equal(fx_hand_n(f, 2), 46);
	snprintf(want, sizeof want, "Your turn: ask {p:2} one of these (ask "
	    "CARD, or ask none): {red:3♦}: {q:%d}", fx_card("3d"));
	assert_said(f, 1, want);
	assert_wait(f, 1, 0);
	fx_ok(f, 1, "ask 3d");
	assert_wait(f, -1, 1);
	assert_int_equal(fx_move(f, "-1 answered"), 0);
	assert_said(f, GAME_PUBLIC, "Time is up for the answer. {p:0} to play "
	    "threes.");
	assert_turn(f, 0, 0, -1);
	fx_free(f);
}

/* A caught liar's asker lets the choice run out of time: no question is
 * asked (the asker "may" ask), and play goes on at once after the liar;
 * the next player's default play is of the rank after the one called. */
static void
test_timeout_caught(void **state)
{
	struct fx *f = fx_new_ops(Q, 4, 0, NULL);
	char mv[32];

	(void)state;
	fx_stack(f, four_hands);
	fx_ok(f, 1, "play 4d 7c");
	fx_ok(f, 3, "cheat");
	expect_timeout(f, "3 ask");
	assert_said(f, GAME_PUBLIC, "{p:3} asks no question. {p:2} to play "
	    "twos.");
	assert_int_equal(f->sink.n, 2);
	assert_said_has(f, 2, "Your turn: declare twos. Your hand (");
	assert_wait(f, 2, 0);
	expect_timeout(f, move_on(mv, sizeof mv, "2 play 1 2", "2h", ""));
	assert_said(f, GAME_PUBLIC, "{p:2} plays 1 card: one two. {p:3} to "
	    "play threes.");
	fx_free(f);
}

/* A wrong call's asker times out: nothing is asked either, even once
 * the caller has left; a question asked waits out the answer's time,
 * then the table goes on. */
static void
test_timeout_wrong_call(void **state)
{
	struct fx *f = fx_new_ops(Q, 4, 0, NULL);

	(void)state;
	fx_stack(f, four_hands);
	fx_ok(f, 1, "play ah");
	fx_ok(f, 3, "cheat");
	expect_timeout(f, "1 ask");
	assert_said(f, GAME_PUBLIC, "{p:1} asks no question. {p:2} to play "
	    "twos.");
	fx_free(f);

	f = fx_new_ops(Q, 4, 0, NULL);
	fx_stack(f, four_hands);
	fx_ok(f, 1, "play ah");
	fx_ok(f, 3, "cheat");
	assert_int_equal(fx_move(f, "3 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:3} leaves the game; those 39 cards go "
	    "under the pile. {p:1} may ask anyone a question.");
	expect_timeout(f, "1 ask");
	assert_said(f, GAME_PUBLIC, "{p:1} asks no question. {p:2} to play "
	    "twos.");
	fx_free(f);

	f = fx_new_ops(Q, 4, 0, NULL);
	fx_stack(f, four_hands);
	fx_ok(f, 1, "play ah");
	fx_ok(f, 3, "cheat");
	fx_ok(f, 1, "ask ah {p:0}");
	assert_wait(f, -1, 1);
	expect_timeout(f, "-1 answered");
	assert_said(f, GAME_PUBLIC, "Time is up for the answer. {p:2} to play "
	    "twos.");
	assert_wait(f, 2, 0);
	fx_free(f);
}

/* One of the four seats leaves while a caught liar's question is asked
 * or answered: the asker or the liar ends the question, and play goes on
 * after the liar; the next player's going moves play on one seat more;
 * anyone else's changes nothing. */
static void
test_leaves(void **state)
{
	static const struct {
		const char *ask;	/* NULL: leave while choosing */
		const char *leave, *said, *after;
	} cases[] = {
		{ NULL, "3 leave", "{p:3} leaves the game; those 5 cards go "
		    "under the pile. {p:2} to play twos.", NULL },
		{ NULL, "1 leave", "{p:1} leaves the game; those 38 cards go "
		    "under the pile. {p:2} to play twos.", NULL },
		{ "ask 4d", "1 leave", "{p:1} leaves the game; those 38 cards "
		    "go under the pile. {p:2} to play twos.", NULL },
		{ "ask 4d", "3 leave", "{p:3} leaves the game; those 5 cards "
		    "go under the pile.", "{p:2} to play twos." },
		{ NULL, "2 leave", "{p:2} leaves the game; those 5 cards go "
		    "under the pile. {p:3} may ask {p:1} a question.",
		    "{p:3} to play twos." },
		{ "ask 4d", "2 leave", "{p:2} leaves the game; those 5 cards "
		    "go under the pile.", "{p:3} to play twos." },
		{ NULL, "0 leave", "{p:0} leaves the game; those 4 cards go "
		    "under the pile. {p:3} may ask {p:1} a question.",
		    "{p:2} to play twos." },
	};
	char want[96];
	size_t i;
	struct fx *f;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		f = fx_new_ops(Q, 4, 0, NULL);
		fx_stack(f, four_hands);
		fx_ok(f, 1, "play 4d");
		fx_ok(f, 3, "cheat");
		if (cases[i].ask != NULL)
			fx_ok(f, 3, cases[i].ask);
		assert_int_equal(fx_move(f, cases[i].leave), 0);
		assert_said(f, GAME_PUBLIC, cases[i].said);
		if (cases[i].after != NULL) {
			/* The question goes on to its end. */
			assert_wait(f, cases[i].ask != NULL ? -1 : 3,
			    cases[i].ask != NULL);
			if (cases[i].ask == NULL)
				fx_ok(f, 3, "ask 4d");
			assert_int_equal(fx_move(f, "-1 answered"), 0);
			snprintf(want, sizeof want, "Time is up for the "
			    "answer. %s", cases[i].after);
			assert_said(f, GAME_PUBLIC, want);
		}
		assert_wait(f, cases[i].after != NULL &&
		    strstr(cases[i].after, "{p:3}") != NULL ? 3 : 2, 0);
		fx_free(f);
	}
}

/* The caller who is also the next player asks, and leaves: play goes on
 * with the player after them; a wrong call's asker leaving ends it too. */
static void
test_leave_asker_next(void **state)
{
	static const int places[] = { 0, 0, 1 };
	struct fx *f = fx_new_ops(Q, 4, 0, NULL);

	(void)state;
	fx_stack(f, four_hands);
	fx_ok(f, 1, "play 4d");
	fx_ok(f, 2, "cheat");
	assert_said_has(f, GAME_PUBLIC, "{p:2} may ask {p:1} a question.");
	assert_int_equal(fx_move(f, "2 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:2} leaves the game; those 5 cards go "
	    "under the pile. {p:3} to play twos.");
	assert_turn(f, 3, 0, -1);
	fx_ok(f, 3, "play 3c");
	fx_ok(f, 0, "cheat");
	assert_said_has(f, GAME_PUBLIC, "- a lie. {p:3} takes the pile");
	fx_ok(f, 0, "ask 3c");
	fx_refused(f, 0, "play 5c", "a question comes first");
	assert_int_equal(fx_move(f, "-1 answered"), 0);
	assert_said(f, GAME_PUBLIC, "Time is up for the answer. {p:0} to play "
	    "threes.");
	fx_free(f);

	/* Three seats: a wrong call's asker leaves, then a third goes and
	 * the last one in wins. */
	f = fx_new_ops(Q, 3, 0, NULL);
	fx_stack(f, win_hands);
	fx_ok(f, 1, "play ah");
	fx_ok(f, 2, "cheat");
	assert_said_has(f, GAME_PUBLIC, "{p:1} may ask anyone a question.");
	assert_int_equal(fx_move(f, "1 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:1} leaves the game; those 2 cards go "
	    "under the pile. {p:2} to play twos.");
	assert_int_equal(fx_move(f, "0 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; those 4 cards go "
	    "under the pile. {p:2} wins.");
	assert_over(f, places, 2, -1);
	fx_free(f);
}

/* A question is open when the last but one player leaves: the game ends
 * and takes the question with it (a wrong call's question being chosen,
 * or a caught liar's being answered). */
static void
test_leaves_end_game(void **state)
{
	static const int places[] = { 0, 1, 0 };
	static const char *const plays[] = { "play ah", "play 4d" };
	struct fx *f;
	int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		f = fx_new_ops(Q, 3, 0, NULL);
		fx_stack(f, win_hands);
		fx_ok(f, 1, plays[i]);
		fx_ok(f, 2, "cheat");
		if (i == 1)
			fx_ok(f, 2, "ask 4d");
		assert_int_equal(fx_move(f, "0 leave"), 0);
		assert_wait(f, i == 0 ? 1 : -1, i == 1);
		assert_int_equal(fx_move(f, "2 leave"), 0);
		assert_said_has(f, GAME_PUBLIC, "under the pile. {p:1} wins.");
		assert_over(f, places, 1, -1);
		fx_free(f);
	}
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_win_close),
		T(test_win_wrong_call),
		T(test_caught_last_card),
		T(test_timeout_caught),
		T(test_timeout_wrong_call),
		T(test_leaves),
		T(test_leave_asker_next),
		T(test_leaves_end_game),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
