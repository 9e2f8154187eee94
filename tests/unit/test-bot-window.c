/*
 * Transcript tests of windows that end once nobody is left to answer
 * (bot/core/table-window.c), at the default timers and think times:
 *
 *  - a Liar's UNO action card face down opens a window with no turn
 *    after it; its channel line names !pass when a person other than its
 *    player may answer, and not when only AI seats may;
 *  - open only to AI seats, it ends within their think time (a call's:
 *    three quarters of timers.challenge_min), far before
 *    timers.challenge_close;
 *  - open to a person, it keeps the person's whole time unless they
 *    !pass, and ends as soon as they have and the AI seats have decided;
 *  - a Cheat play held for the window goes through as soon as everyone
 *    else in it let it go, and a game of two holds nothing: nobody is
 *    left to be too late; a held play that a call makes illegal is
 *    dropped when the call is made, with its reason, and holds back no
 *    move;
 *  - every !pass that cannot be gets its one-line reason.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "games/liarsuno/liarsuno.h"
#include "tests/lib/harness.h"

#define CH "#cheater"

static void
drop_text(void *ctx, int seat, const char *text)
{
	(void)ctx;
	(void)seat;
	(void)text;
}

/* The seat of nick at t. */
static int
seat_of(const struct table *t, const char *nick)
{
	int i;

	for (i = 0; i < t->nseats; i++)
		if (strcmp(t->seats[i].nick, nick) == 0)
			return i;
	fail_msg("no seat for %s", nick);
	return -1;
}

/* Liar's UNO opened by alice with two normal AI seats, and bob seated
 * when people is 2; dealt, then stacked: on r7, the first of people to
 * play (bob, else alice) holds ~rS r3 r4, and every other seat a hand
 * of its own.  The AI seats think afresh on the stacked deal. */
static struct table *
uno_solo(struct harness *h, int people)
{
	struct liarsuno_deal d = { .discard = "r7" };
	static const char *const other[] = { "g5 g6 b1", "y3 y4 y5",
		"b3 b4 b5" };
	struct game_out out = { drop_text, NULL };
	const char *first = people == 2 ? "bob" : "alice";
	struct table *t;
	char *cause = NULL;
	int i, k = 0;

	harness_say(h, "alice", CH, "!set colour off");
	harness_say(h, "alice", CH, people == 2 ? "!play liarsuno bots=2" :
	    "!play liarsuno bots=3");
	if (people == 2) {
		harness_say(h, "bob", CH, "!set colour off");
		harness_say(h, "bob", CH, "!join");
	}
	harness_say(h, "alice", CH, "!start");
	t = harness_table(h);
	assert_non_null(t);
	assert_int_equal(t->state, TABLE_PLAYING);
	for (i = 0; i < t->nseats; i++)
		d.hands[i] = strcmp(t->seats[i].nick, first) == 0 ?
		    "~rS r3 r4" : other[k++];
	d.first = seat_of(t, first);
	assert_int_equal(liarsuno_stack(t->g, &d, &out, &cause), 0);
	table_ai_free(t);
	table_ai_start(t);
	table_turn_update(t);
	table_after_move(t);
	harness_clear(h);
	return t;
}

/* Moves the clock in steps of 100 ms until a line containing text was
 * sent, at most limit ms; the ms it took, or -1. */
static int
wait_line(struct harness *h, const char *text, int limit)
{
	int ms;

	for (ms = 0; ms <= limit; ms += 100) {
		harness_drain(h);
		if (harness_find(h, 0, text, NULL) >= 0)
			return ms;
		harness_advance(h, 100);
	}
	return -1;
}

/* The most a window open only to AI seats may take: a call's think time
 * (three quarters of challenge_min), then a call's tie window, and the
 * timer's round. */
static int
ai_window_ms(const struct harness *h)
{
	return h->conf.challenge_min_ms * 3 / 4 + h->conf.challenge_tie_ms +
	    200;
}

/* Alone with three AI seats: alice's Skip face down is open to AI seats
 * only, says nothing of !pass, and ends within their think time. */
static void
test_ai_only_window(void **state)
{
	struct harness *h = harness_new(11, NULL);
	struct table *t = uno_solo(h, 1);
	int ms;

	(void)state;
	harness_say(h, "alice", "cheaterbot", "play ~rS as rS");
	harness_drain(h);
	assert_true(harness_find(h, 0, "PRIVMSG " CH " :alice plays a card "
	    "face down", NULL) >= 0);
	assert_true(harness_find(h, 0, "pass: let it go", NULL) < 0);
	assert_true(t->turn.seat < 0 && t->turn.window != 0);
	/* The normal seats call no Skip at the deal: "Nobody challenges",
	 * as the window's time would end it, but in their think time. */
	ms = wait_line(h, "Nobody challenges alice's card", ai_window_ms(h));
	assert_true(ms >= 0);
	assert_true(ms < h->conf.challenge_close_ms);
	harness_free(h);
}

/* bob's Skip face down is open to alice and two AI seats: its line
 * names !pass; without it, alice keeps the window's whole time. */
static void
test_person_keeps_time(void **state)
{
	struct harness *h = harness_new(11, NULL);
	struct table *t = uno_solo(h, 2);

	(void)state;
	harness_say(h, "bob", "cheaterbot", "play ~rS as rS");
	harness_drain(h);
	assert_true(harness_find(h, 0, "PRIVMSG " CH " :bob plays a card face "
	    "down", "(!pass: let it go.)", NULL) >= 0);
	assert_true(t->turn.seat < 0 && t->turn.window != 0);
	harness_advance(h, (uint64_t)h->conf.challenge_close_ms - 100);
	harness_drain(h);
	assert_true(harness_find(h, 0, "Nobody challenges", NULL) < 0);
	harness_advance(h, 200);
	harness_drain(h);
	assert_true(harness_find(h, 0, "Nobody challenges bob's card", NULL) >=
	    0);
	harness_free(h);
}

/* alice lets bob's Skip go at once: the window ends when the AI seats
 * have decided, in their think time; she was told nothing (it waited
 * on AI seats alone). */
static void
test_person_passes(void **state)
{
	struct harness *h = harness_new(11, NULL);
	int ms;

	(void)state;
	uno_solo(h, 2);
	harness_say(h, "bob", "cheaterbot", "play ~rS as rS");
	harness_say(h, "alice", CH, "!pass");
	harness_drain(h);
	assert_true(harness_find(h, 0, "alice :", "let it go", NULL) < 0);
	ms = wait_line(h, "Nobody challenges bob's card", ai_window_ms(h));
	assert_true(ms >= 0);
	harness_free(h);
}

/* The AI seats decide first; alice's !pass then ends the window at
 * once (the timer's next round). */
static void
test_pass_last(void **state)
{
	struct harness *h = harness_new(11, NULL);
	struct table *t = uno_solo(h, 2);

	(void)state;
	harness_say(h, "bob", "cheaterbot", "play ~rS as rS");
	harness_advance(h, (uint64_t)ai_window_ms(h));
	harness_drain(h);
	assert_true(harness_find(h, 0, "Nobody challenges", NULL) < 0);
	assert_int_equal(table_window_owed(t), 1u << seat_of(t, "alice"));
	harness_say(h, "alice", CH, "!pass");
	harness_advance(h, 1);
	harness_drain(h);
	assert_true(harness_find(h, 0, "Nobody challenges bob's card", NULL) >=
	    0);
	harness_free(h);
}

/* Every !pass that cannot be is told why, in one line. */
static void
test_pass_refused(void **state)
{
	struct harness *h = harness_new(11, NULL);

	(void)state;
	uno_solo(h, 2);
	/* Liar's UNO's own pass (keeping a card drawn) says why first. */
	harness_say(h, "alice", CH, "!pass");
	harness_drain(h);
	assert_true(harness_find(h, 0, "alice", "draw first", NULL) >= 0);
	harness_say(h, "bob", "cheaterbot", "play ~rS as rS");
	harness_clear(h);
	/* bob's own card: the window is not his. */
	harness_say(h, "bob", CH, "!pass");
	harness_say(h, "alice", CH, "!pass");
	harness_say(h, "alice", CH, "!pass");
	harness_drain(h);
	assert_true(harness_find(h, 0, "bob", "draw first", NULL) >= 0);
	assert_true(harness_find(h, 0, "alice", "you let it go already",
	    NULL) >= 0);
	/* dave sits nowhere. */
	harness_say(h, "dave", CH, "!pass");
	harness_drain(h);
	assert_true(harness_find(h, 0, "dave", "not playing", NULL) >= 0);
	harness_free(h);
}

/* Cheat, where !pass is the bot's: no window, and the seat whose turn
 * follows the play, each told why. */
static void
test_pass_refused_cheat(void **state)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct harness *h = harness_new(3, NULL);
	struct table *t;

	(void)state;
	harness_deal(h, "cheat", nicks);
	t = harness_table(h);
	harness_say(h, "alice", CH, "!pass");
	harness_drain(h);
	assert_true(harness_find(h, 0, "alice", "nothing for you to let go",
	    NULL) >= 0);
	harness_type(h);	/* the opening, face up */
	harness_type(h);	/* a play face down: a window */
	assert_true(t->turn.window != 0);
	harness_clear(h);
	harness_say(h, t->seats[t->turn.seat].nick, CH, "!pass");
	harness_drain(h);
	assert_true(harness_find(h, 0, "it is your turn", NULL) >= 0);
	harness_free(h);
}

/* Cheat for alice, bob and carol, dealt by h: the opening, a play face
 * down by *first (a window), and the next player's play at once by
 * *second, held for the window's minimum; *third is left to call.  The
 * table. */
static struct table *
held_play(struct harness *h, int *first, int *second, int *third)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct game_move mv;
	struct table *t;

	harness_deal(h, "cheat", nicks);
	t = harness_table(h);
	harness_type(h);	/* the opening, face up */
	*first = harness_turn(h);
	harness_type(h);	/* a play face down: a window */
	assert_int_equal(t->nmoves, 2);
	*second = harness_turn(h);
	*third = 3 - *first - *second;
	t->ops->timeout(t->g, &mv);
	harness_type_move(h, &mv);
	assert_true(t->held);
	assert_int_equal(t->nmoves, 2);
	return t;
}

/* The third player lets the window go: the held play goes now. */
static void
test_held_move_goes(void **state)
{
	struct harness *h = harness_new(3, NULL);
	int first, second, third;
	struct table *t = held_play(h, &first, &second, &third);

	(void)state;
	harness_say(h, t->seats[third].nick, CH, "!pass");
	harness_advance(h, 1);
	assert_false(t->held);
	assert_int_equal(t->nmoves, 3);
	harness_free(h);
}

/* The third player calls cheat on the first: the call opens a new
 * round, which the held play was not made for.  It is dropped as soon
 * as the call is made, its player told why after their new prompt, and
 * the round's opening is taken at once, not refused for the move that
 * waited. */
static void
test_held_move_dropped(void **state)
{
	struct harness *h = harness_new(3, NULL);
	int first, second, third, dropped, prompt;
	struct table *t = held_play(h, &first, &second, &third);
	char call[96];

	(void)state;
	harness_clear(h);
	snprintf(call, sizeof call, "!cheat %s", t->seats[first].nick);
	harness_say(h, t->seats[third].nick, CH, call);
	/* The call is settled after the tie time, long before the
	 * window's minimum, when the held play would have gone. */
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms + 1);
	assert_int_equal(t->nmoves, 3);
	assert_false(t->held);
	/* Told after the prompt that asks again. */
	dropped = harness_find(h, 0, t->seats[second].nick,
	    "your move that waited for the challenge window was not made: ",
	    NULL);
	prompt = harness_find(h, 0, t->seats[second].nick,
	    "Your turn (changed)", NULL);
	assert_true(prompt >= 0 && dropped > prompt);
	/* Whoever opens the new round does so now. */
	assert_true(harness_turn(h) >= 0);
	harness_type(h);
	assert_int_equal(t->nmoves, 4);
	assert_true(harness_find(h, 0, "already waiting", NULL) < 0);
	harness_free(h);
}

/* Cheat for two: the play after a play is held for nobody. */
static void
test_two_hold_nothing(void **state)
{
	static const char *const nicks[] = { "alice", "bob", NULL };
	struct harness *h = harness_new(3, NULL);
	struct game_move mv;
	struct table *t;

	(void)state;
	harness_deal(h, "cheat", nicks);
	t = harness_table(h);
	harness_type(h);	/* the opening, face up */
	harness_type(h);	/* a play face down: a window */
	assert_true(t->turn.window != 0);
	t->ops->timeout(t->g, &mv);
	harness_type_move(h, &mv);
	assert_false(t->held);
	assert_int_equal(t->nmoves, 3);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ai_only_window),
		cmocka_unit_test(test_person_keeps_time),
		cmocka_unit_test(test_person_passes),
		cmocka_unit_test(test_pass_last),
		cmocka_unit_test(test_pass_refused),
		cmocka_unit_test(test_pass_refused_cheat),
		cmocka_unit_test(test_held_move_goes),
		cmocka_unit_test(test_held_move_dropped),
		cmocka_unit_test(test_two_hold_nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
