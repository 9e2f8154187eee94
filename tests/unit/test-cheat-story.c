/*
 * Unit tests for games/cheat/cheat-story.c with stacked deals: the story of a
 * game of Cheat and of Questions (game.h's story, reveal and unseen) and
 * the bluff ledger it feeds (games/story.h): claims honest and lies,
 * uncalled, caught and wrongly accused, the boldest lie that got away,
 * chances, runs of right calls, a winning lie; the texts said, laid and
 * hidden; the reveal's lines; the unseen line at the end; and a seeded
 * game's move log played again by story_play() to the same ledger.
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
#include "games/rng.h"
#include "games/story.h"
#include "alloc/xalloc.h"
#include "tests/lib/cheat-deal.h"
#include "tests/lib/sink.h"

static const char *const win_hands[] = {
	"2c 5c 9c kc", "4h 4d 7c", "3c",
};

/* Stacks the hands of spec, and every card of the game's decks not in
 * them into the hand of seat rest: the pile starts empty. */
static void
stack_all(struct fx *f, const char *const *spec, int rest, int decks)
{
	struct cards hands[GAME_MAX_SEATS];
	char *cause = NULL;
	int used[CARDS_MAX] = { 0 }, s, i;

	for (s = 0; s < f->nseats; s++) {
		fx_cards(spec[s], &hands[s]);
		for (i = 0; i < hands[s].n; i++)
			used[hands[s].c[i]] = 1;
	}
	for (i = 0; i < decks * CARDS_DECK; i++) {
		if (!used[i])
			cards_add(&hands[rest], i);
	}
	fx_stacked(f, cheat_stack(f->g, hands, &cause), cause);
	assert_int_equal(cheat_pile(f->g)->n, 0);
}

/* A seat's counts in the ledger, in the order of struct ledger_seat. */
static void
assert_seat(const struct fx *f, int seat, int claims, int lies, int caught,
    int away, int accused, int calls, int right, int wrong, int chances)
{
	const struct ledger_seat *ls = &f->ledger.seat[seat];

	assert_int_equal(ls->claims, claims);
	assert_int_equal(ls->lies, lies);
	assert_int_equal(ls->caught, caught);
	assert_int_equal(ls->away, away);
	assert_int_equal(ls->accused, accused);
	assert_int_equal(ls->calls, calls);
	assert_int_equal(ls->right, right);
	assert_int_equal(ls->wrong, wrong);
	assert_int_equal(ls->chances, chances);
}

/* The last move's story was a claim, said and laid so, lie and weight. */
static void
assert_claim(const struct fx *f, const char *said, const char *laid, int lie,
    int weight)
{
	char hidden[GAME_STORY_TEXT];

	assert_int_equal(f->story.claim, 1);
	assert_int_equal(f->story.call, 0);
	assert_string_equal(f->story.said, said);
	assert_string_equal(f->story.laid, laid);
	assert_int_equal(f->story.lie, lie);
	assert_int_equal(f->story.weight, weight);
	snprintf(hidden, sizeof hidden, "laid %s", laid);
	assert_string_equal(f->story.hidden, hidden);
}

/* The last move's story told nothing: no claim, no call, nothing hidden. */
static void
assert_no_story(const struct fx *f)
{
	static const struct game_story zero;

	assert_memory_equal(&f->story, &zero, sizeof zero);
}

/* A face-up opening claims nothing; honest face-down plays nobody calls
 * are claims that settle clean, each a chance for the others. */
static void
test_honest_uncalled(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, fx_three_hands);
	fx_ok(f, 1, "play 4h 4d");
	assert_no_story(f);
	assert_int_equal(f->ledger.claims, 0);
	fx_ok(f, 2, "play 3c 3d as two threes");
	assert_claim(f, "two threes", "3♣ {red:3♦}", 0, 0);
	fx_ok(f, 0, "play 2c as a two");
	assert_claim(f, "one two", "2♣", 0, 0);
	assert_seat(f, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1);
	assert_seat(f, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2);
	assert_seat(f, 2, 1, 0, 0, 0, 0, 0, 0, 0, 1);
	assert_int_equal(f->ledger.claims, 2);
	assert_int_equal(f->ledger.lies, 0);
	fx_free(f);
}

/* Lies nobody calls get away when their player claims again, and the
 * boldest of them is kept: said, laid and weight. */
static void
test_lie_away(void **state)
{
	static const char *const hands[] = {
		"2c 5c 9c kc 8c", "4h 4d 7c qh qd qs 5h", "3c 3d 6s 8s jc ah",
	};
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play 4h 4d");
	fx_ok(f, 2, "play 3c 3d as two threes");
	fx_ok(f, 0, "play 2c 5c as two twos");
	assert_claim(f, "two twos", "2♣ 5♣", 1, 1);
	fx_ok(f, 1, "play 7c qh qd as three aces");
	assert_claim(f, "three aces", "7♣ {red:Q♥} {red:Q♦}", 1, 3);
	/* Not yet settled: a lie is open until its player claims again. */
	assert_int_equal(f->ledger.away, 0);
	assert_int_equal(f->ledger.boldest.seat, -1);
	fx_ok(f, 2, "play ah as an ace");
	fx_ok(f, 0, "play 9c kc as two kings");
	assert_seat(f, 0, 2, 2, 0, 1, 0, 0, 0, 0, 3);
	assert_int_equal(f->ledger.seat[0].last_lie_away, 0);
	assert_int_equal(f->ledger.away, 1);
	assert_int_equal(f->ledger.boldest.seat, 0);
	assert_string_equal(f->ledger.boldest.said, "two twos");
	fx_ok(f, 1, "play qs as a king");
	assert_seat(f, 1, 2, 2, 0, 1, 0, 0, 0, 0, 4);
	assert_int_equal(f->ledger.away, 2);
	assert_int_equal(f->ledger.boldest.seat, 1);
	assert_int_equal(f->ledger.boldest.weight, 3);
	assert_string_equal(f->ledger.boldest.said, "three aces");
	assert_string_equal(f->ledger.boldest.laid,
	    "7♣ {red:Q♥} {red:Q♦}");
	assert_int_equal(f->ledger.lies, 4);
	fx_free(f);
}

/* A lie called is caught and its caller right; an honest play called is
 * accused and its caller wrong; the caller's run of right calls. */
static void
test_calls(void **state)
{
	static const char *const hands[] = {
		"2c 5c 9c kc 2d", "4h 4d 7c qh qd qs 5h", "3c 3d 6s 8s jc ah",
	};
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play 4h 4d");
	fx_ok(f, 2, "play 3c jc as two threes");
	assert_claim(f, "two threes", "3♣ J♣", 1, 1);
	fx_ok(f, 0, "cheat");
	assert_int_equal(f->story.call, 1);
	assert_int_equal(f->story.of, 2);
	assert_int_equal(f->story.claim, 0);
	assert_string_equal(f->story.hidden, "");
	assert_seat(f, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1);
	assert_seat(f, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0);
	assert_int_equal(f->ledger.seat[0].right_run, 1);
	/* The caller opens face up; seat 1 lies and is caught again. */
	fx_ok(f, 0, "play 2c 2d");
	fx_ok(f, 1, "play 7c as a three");
	fx_ok(f, 0, "cheat");
	assert_int_equal(f->ledger.seat[0].right_run, 2);
	assert_int_equal(f->ledger.seat[0].best_right_run, 2);
	/* Then an honest play, called: the run ends, the best stays. */
	fx_ok(f, 0, "play 5c");
	fx_ok(f, 1, "play 5h as a five");
	fx_ok(f, 0, "cheat");
	assert_seat(f, 0, 0, 0, 0, 0, 0, 3, 2, 1, 3);
	assert_seat(f, 1, 2, 1, 1, 0, 1, 0, 0, 0, 1);
	assert_int_equal(f->ledger.seat[0].right_run, 0);
	assert_int_equal(f->ledger.seat[0].best_right_run, 2);
	assert_int_equal(f->ledger.away, 0);
	assert_int_equal(f->ledger.boldest.seat, -1);
	fx_free(f);
}

/* A count that differs is a lie of weight 1 even when every card is of
 * the rank; the weight of a lie is its cards not of the rank. */
static void
test_weight(void **state)
{
	static const char *const hands[] = {
		"2c 5c 9c kc", "4h 4d 4s 7c qh qd", "3c 3d 3h 6s 8s",
	};
	struct fx *f = fx_new(3, 0, 1, 0);

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 3c 3d as three threes");
	assert_claim(f, "three threes", "3♣ {red:3♦}", 1, 1);
	fx_ok(f, 0, "play 2c 5c 9c as a two");
	assert_claim(f, "one two", "2♣ 5♣ 9♣", 1, 2);
	fx_ok(f, 1, "play 7c qh qd 4d as four threes");
	assert_claim(f, "four threes", "7♣ {red:Q♥} {red:Q♦} {red:4♦}", 1,
	    4);
	fx_ok(f, 2, "play 3h as a three");
	assert_claim(f, "one three", "{red:3♥}", 0, 0);
	fx_free(f);
}

/* Chances are the seats in the window: not the claimant, not a seat that
 * left or finished. */
static void
test_chances(void **state)
{
	static const char *const hands[] = {
		"2c 5c", "4h 4d 7c", "3c 8c", "6d 6h 9h",
	};
	struct fx *f = fx_new(4, 0, 1, 1);

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 3c as a three");
	fx_ok(f, 3, "play 6d as a four");
	assert_int_equal(f->ledger.seat[0].chances, 2);
	assert_int_equal(f->ledger.seat[1].chances, 2);
	assert_int_equal(f->ledger.seat[2].chances, 1);
	assert_int_equal(f->ledger.seat[3].chances, 1);
	assert_int_equal(fx_move(f, "2 leave"), 0);
	assert_string_equal(f->story.hidden, "put 8♣ under the pile");
	assert_int_equal(f->story.claim, 0);
	fx_ok(f, 0, "play 2c as a four");
	assert_int_equal(f->ledger.seat[1].chances, 3);
	assert_int_equal(f->ledger.seat[2].chances, 1);
	assert_int_equal(f->ledger.seat[3].chances, 2);
	assert_int_equal(f->ledger.seat[0].chances, 2);
	fx_free(f);
}

/* A winning lie nobody calls gets away at the game's end, the last claim
 * of its winner: Last Laugh. */
static void
test_winning_lie(void **state)
{
	static const int places[] = { 2, 2, 1 };
	struct fx *f = fx_new(3, 0, 1, 0);
	struct game_result r;
	int titles[8], n;
	char text[64];

	(void)state;
	fx_stack(f, win_hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 3c as a five");
	assert_claim(f, "one five", "3♣", 1, 1);
	assert_int_equal(f->ledger.seat[2].away, 0);
	fx_timeout(f, text, sizeof text);
	assert_no_story(f);
	assert_over(f, places, 2, -1);
	assert_seat(f, 2, 1, 1, 0, 1, 0, 0, 0, 0, 0);
	assert_int_equal(f->ledger.seat[2].last_lie_away, 1);
	assert_int_equal(f->ledger.boldest.seat, 2);
	assert_string_equal(f->ledger.boldest.laid, "3♣");
	f->ops->result(f->g, &r);
	n = story_earned(f->ops, &f->ledger, &r, 2, titles);
	assert_int_equal(n, 1);
	assert_string_equal(story_titles[titles[0]].name, "lastlaugh");
	fx_free(f);
}

/* Questions: every play is a claim of this turn's rank; a caught liar
 * and a wrong call; the question's moves hide nothing. */
static void
test_questions_ledger(void **state)
{
	static const char *const hands[] = {
		"2c 5c 9c kc", "ah ad 7c qh", "3c 2d 6s 8s",
	};
	struct fx *f = fx_new_ops(&questions_ops, 3, 0, NULL);

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play ah ad");
	assert_claim(f, "two aces", "{red:A♥} {red:A♦}", 0, 0);
	fx_ok(f, 2, "play 3c 2d");
	assert_claim(f, "two twos", "3♣ {red:2♦}", 1, 1);
	fx_ok(f, 0, "cheat");
	assert_int_equal(f->story.call, 1);
	assert_int_equal(f->story.of, 2);
	assert_seat(f, 0, 0, 0, 0, 0, 0, 1, 1, 0, 2);
	assert_seat(f, 2, 1, 1, 1, 0, 0, 0, 0, 0, 1);
	fx_ok(f, 0, "ask 3c");
	assert_no_story(f);
	fx_ok(f, 2, "next");
	assert_no_story(f);
	/* Seat 0 plays after the one called, threes, and lies. */
	fx_ok(f, 0, "play 9c 5c as two threes");
	assert_claim(f, "two threes", "9♣ 5♣", 1, 2);
	fx_ok(f, 1, "play 7c");
	assert_claim(f, "one four", "7♣", 1, 1);
	assert_seat(f, 0, 1, 1, 0, 0, 0, 1, 1, 0, 3);
	/* Seat 2 took the pile, and with it 5♠: honest, called. */
	fx_ok(f, 2, "play 5s");
	assert_claim(f, "one five", "5♠", 0, 0);
	fx_ok(f, 0, "cheat");
	assert_seat(f, 0, 1, 1, 0, 0, 0, 2, 1, 1, 4);
	assert_seat(f, 2, 2, 1, 1, 0, 1, 0, 0, 0, 3);
	assert_int_equal(f->ledger.seat[0].right_run, 0);
	assert_int_equal(f->ledger.seat[0].best_right_run, 1);
	fx_ok(f, 2, "ask 5s {p:1}");
	assert_no_story(f);
	fx_move_ok(f, "-1 answered");
	assert_no_story(f);
	/* Seat 0's next claim settles its lie: it got away. */
	assert_int_equal(f->ledger.boldest.seat, -1);
	fx_ok(f, 0, "play kc");
	assert_claim(f, "one six", "K♣", 1, 1);
	assert_seat(f, 0, 2, 2, 0, 1, 0, 2, 1, 1, 4);
	assert_int_equal(f->ledger.boldest.seat, 0);
	assert_int_equal(f->ledger.boldest.weight, 2);
	assert_string_equal(f->ledger.boldest.said, "two threes");
	assert_string_equal(f->ledger.boldest.laid, "9♣ 5♣");
	fx_free(f);
}

/* Questions: a winning lie, and a claim of more cards than the laid text
 * has room for, counted. */
static void
test_questions_end(void **state)
{
	static const char *const hands[] = {
		"2c 5c 9c kc", "ah ad", "2d 2h 3c 3d 3h 3s 4c 4d 4h 4s 5d 5h 6c "
		    "6d 6h 6s 7d",
	};
	static const int places[] = { 2, 1, 2 };
	struct fx *f = fx_new_ops(&questions_ops, 3, 0, NULL);
	size_t len;
	char text[64];

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play ah");
	fx_ok(f, 2, "play 2d 2h 3c 3d 3h 3s 4c 4d 4h 4s 5d 5h 6c 6d 6h 6s");
	assert_int_equal(f->story.weight, 14);
	assert_string_equal(f->story.said, "16 twos");
	len = strlen(f->story.laid);
	assert_true(len < sizeof f->story.laid);
	assert_string_equal(f->story.laid + len - strlen(" and 7 more"),
	    " and 7 more");
	assert_int_equal(strncmp(f->story.laid, "{red:2♦} {red:2♥} 3♣ ",
	    strlen("{red:2♦} {red:2♥} 3♣ ")), 0);
	fx_ok(f, 0, "play kc as a three");
	fx_ok(f, 1, "play ad");
	assert_claim(f, "one four", "{red:A♦}", 1, 1);
	fx_timeout(f, text, sizeof text);
	assert_over(f, places, 1, -1);
	assert_int_equal(f->ledger.seat[1].last_lie_away, 1);
	assert_int_equal(f->ledger.boldest.seat, 2);
	assert_int_equal(f->ledger.boldest.weight, 14);
	assert_int_equal(f->ledger.away, 3);
	fx_free(f);
}

/* The public lines of ops->reveal() of f's game, into lines (at most
 * max, each freed by the caller); how many. */
static int
reveal_lines(struct fx *f, char **lines, int max)
{
	struct game_out out;
	struct sink s;
	int i, n;

	sink_init(&s, &out);
	f->ops->reveal(f->g, &out);
	assert_true(s.n <= max);
	for (i = n = 0; i < s.n; i++) {
		assert_int_equal(s.seat[i], GAME_PUBLIC);
		lines[n++] = xstrdup(s.text[i]);
	}
	sink_reset(&s);
	return n;
}

static void
free_lines(char **lines, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(lines[i]);
}

/* The reveal after a stacked deal: each hand, the pile top first (26
 * cards a line), who moves; then with a face-up opening under a
 * face-down play, and a seat gone. */
static void
test_reveal(void **state)
{
	struct fx *f = fx_new(3, 0, 1, 0);
	char *lines[16];
	int n;

	(void)state;
	fx_stack(f, fx_three_hands);
	n = reveal_lines(f, lines, 16);
	assert_int_equal(n, 6);
	assert_string_equal(lines[0], "{p:0}: 2♣ 5♣ 9♣ K♣");
	assert_string_equal(lines[1], "{p:1}: {red:4♦} {red:4♥} {red:5♥} 7♣ "
	    "{red:Q♦} {red:Q♥} Q♠");
	assert_string_equal(lines[2], "{p:2}: {red:A♥} 3♣ {red:3♦} 6♠ 8♠ "
	    "J♣");
	sink_assert_has(lines[3], "The pile (35 cards), top first: face "
	    "down K♠ J♠ 10♠ 9♠ ");
	assert_int_equal(fx_nwords(lines[3]), 8 + 26);
	assert_string_equal(lines[4], "The pile (35 cards), top first, "
	    "continued: face down {red:5♦} {red:2♦} {red:A♦} Q♣ 10♣ 8♣ 6♣ "
	    "4♣ A♣");
	assert_string_equal(lines[5], "{p:1} opens, face up.");
	free_lines(lines, n);

	fx_ok(f, 1, "play 4h 4d");
	fx_ok(f, 2, "play 3c jc as two fours");
	assert_int_equal(fx_move(f, "0 leave"), 0);
	n = reveal_lines(f, lines, 16);
	assert_int_equal(n, 6);
	assert_string_equal(lines[0], "{p:0}: left the game");
	sink_assert_has(lines[3], "The pile (43 cards), top first: face "
	    "down J♣ 3♣; face up {red:4♦} {red:4♥}; face down K♠ J♠ ");
	/* Under the pile, seat 0's hand as it was, bottom last. */
	sink_assert_has(lines[4], "The pile (43 cards), top first, "
	    "continued: face down ");
	assert_string_equal(lines[4] + strlen(lines[4]) -
	    strlen(" K♣ 9♣ 5♣ 2♣"), " K♣ 9♣ 5♣ 2♣");
	assert_int_equal(fx_nwords(lines[4]), 9 + 43 - 26);
	assert_string_equal(lines[5], "{p:1} to play: threes, fours or "
	    "fives.");
	free_lines(lines, n);
	fx_free(f);
}

/* Questions' reveal: the rest of the deal face down on the pile, and
 * while a question is answered, who answers. */
static void
test_reveal_questions(void **state)
{
	static const char *const hands[] = {
		"2c 5c 9c kc", "ah ad 7c qh", "3c 2d 6s 8s",
	};
	struct fx *f = fx_new_ops(&questions_ops, 3, 0, NULL);
	char *lines[16];
	int n;

	(void)state;
	n = reveal_lines(f, lines, 16);
	/* The deal: 17 cards each and one on the pile. */
	assert_int_equal(n, 5);
	assert_int_equal(fx_nwords(lines[0]), 1 + 17);
	sink_assert_has(lines[3], "The pile (1 card), top first: face down ");
	assert_int_equal(fx_nwords(lines[3]), 8 + 1);
	assert_string_equal(lines[4], "{p:1} to play aces.");
	free_lines(lines, n);

	fx_stack(f, hands);
	fx_ok(f, 1, "play ah");
	fx_ok(f, 2, "play 3c");
	fx_ok(f, 0, "cheat");
	fx_ok(f, 0, "ask 3c");
	n = reveal_lines(f, lines, 16);
	/* Seat 2 took the pile: 45 cards, on two lines. */
	assert_int_equal(n, 6);
	assert_string_equal(lines[0], "{p:0}: 2♣ 5♣ 9♣ K♣");
	sink_assert_has(lines[2], "{p:2}: A♣ {red:A♥} A♠ {red:2♦} ");
	assert_int_equal(fx_nwords(lines[2]), 1 + 26);
	sink_assert_has(lines[3], "{p:2}, continued: ");
	assert_int_equal(fx_nwords(lines[3]), 2 + 19);
	assert_string_equal(lines[4], "The pile is empty.");
	assert_string_equal(lines[5], "{p:2} answers a question.");
	free_lines(lines, n);
	fx_free(f);
}

/* The unseen line once the game is over: the pile never turned, its
 * lies, and the hands held when they fit one line; nothing when nothing
 * is hidden that fits. */
static void
test_unseen(void **state)
{
	static const char *const hands[] = {
		"2c 5c", "4h 4d 7c 9d", "3c 3d jc",
	};
	static const char *const short_hands[] = {
		"2c", "4h 4d 7c", "3c",
	};
	static const int places[] = { 2, 2, 1 };
	struct fx *f = fx_new(3, 0, 1, 0);
	char buf[512], text[64];

	(void)state;
	/* Every card dealt, seat 0 the rest: the pile starts empty. */
	stack_all(f, hands, 0, 1);
	/* Stopped at the deal: every hand would take more than one IRC
	 * line (GAME_LINE_BYTES), and nothing else is hidden: nothing. */
	f->ops->unseen(f->g, buf, sizeof buf);
	assert_string_equal(buf, "");
	fx_ok(f, 1, "play 4h 4d");
	fx_ok(f, 2, "play 3c jc as two threes");
	fx_ok(f, 0, "play 2c as a two");
	fx_ok(f, 1, "play 7c as two twos");
	fx_ok(f, 2, "play 3d as a three");
	/* Stopped: the pile and its lies; the hands still held would not
	 * fit beside them. */
	f->ops->unseen(f->g, buf, sizeof buf);
	assert_string_equal(buf, "The pile never turned over: 5 cards, top "
	    "first: {red:3♦} 7♣ 2♣ J♣ 3♣ - 2 of them not as claimed: 7♣ "
	    "J♣.");
	assert_true(game_markup_size(buf) <= GAME_LINE_BYTES);
	/* A buffer too small for it all: the lies alone. */
	f->ops->unseen(f->g, buf, 80);
	assert_string_equal(buf, "The pile never turned over: 5 cards - 2 "
	    "of them not as claimed: 7♣ J♣.");
	f->ops->unseen(f->g, buf, 66);
	assert_string_equal(buf, "The pile never turned over: 5 cards - 2 "
	    "of them not as claimed.");
	f->ops->unseen(f->g, buf, 10);
	assert_string_equal(buf, "");
	fx_free(f);

	/* Short hands at the end, under a long pile of cards nobody
	 * claimed: the lies and the hands, not every card. */
	f = fx_new(3, 0, 1, 0);
	fx_stack(f, short_hands);
	fx_ok(f, 1, "play 4h");
	fx_ok(f, 2, "play 3c as a five");
	fx_timeout(f, text, sizeof text);
	f->ops->unseen(f->g, buf, sizeof buf);
	assert_string_equal(buf, "The pile never turned over: 48 cards - 1 "
	    "of the 1 laid under a claim not as claimed: 3♣. Still held: "
	    "{p:0} 2♣, {p:1} {red:4♦} 7♣.");
	fx_free(f);

	/* A right call takes the pile, and a face-up opening is seen by
	 * all: only the hands are left to tell. */
	f = fx_new(3, 0, 1, 0);
	stack_all(f, hands, 0, 1);
	fx_ok(f, 1, "play 4h 4d");
	fx_ok(f, 2, "play 3c 3d as two fours");
	fx_ok(f, 0, "play 2c as a four");
	fx_ok(f, 1, "play 7c 9d as two fours");
	fx_ok(f, 2, "cheat");
	fx_ok(f, 2, "play jc");
	assert_over(f, places, 2, -1);
	/* The hands are all that is left to tell, and too long for one
	 * line: nothing. */
	f->ops->unseen(f->g, buf, sizeof buf);
	assert_string_equal(buf, "");
	fx_free(f);
}

/* Lays the first n cards of seat's hand face down as n fours (a move
 * in its text form); adds to *lies those not fours. */
static void
lay_fours(struct fx *f, int seat, int n, int *lies)
{
	const struct cards *h = cheat_hand(f->g, seat);
	char text[256];
	size_t len;
	int i;

	len = (size_t)snprintf(text, sizeof text, "%d play %d 4", seat, n);
	for (i = 0; i < n; i++) {
		len += (size_t)snprintf(text + len, sizeof text - len, " %d",
		    h->c[i]);
		*lies += cards_rank(h->c[i]) != 4;
	}
	fx_move_ok(f, text);
}

/* Two decks and a long pile: the lies alone, when every card of the
 * pile would not fit one IRC line (GAME_LINE_BYTES) and seat 1's hand is long. */
static void
test_unseen_long(void **state)
{
	static const char *const hands[] = {
		"2c 5c 6c 7c 8c 9c 10c", "4h 4d", "3c 3d jc qc kc 2d 5d",
	};
	struct fx *f = fx_new(3, 0, 2, 0);
	char buf[512], head[128];
	int i, lies = 0;

	(void)state;
	stack_all(f, hands, 1, 2);
	/* Nothing on the pile, and seat 1's 90 cards do not fit. */
	f->ops->unseen(f->g, buf, sizeof buf);
	assert_string_equal(buf, "");
	fx_ok(f, 1, "play 4h 4d");
	for (i = 0; i < 6; i++) {
		lay_fours(f, 2, 1, &lies);
		lay_fours(f, 0, 1, &lies);
		lay_fours(f, 1, 4, &lies);
	}
	assert_true(lies > 20);
	f->ops->unseen(f->g, buf, sizeof buf);
	snprintf(head, sizeof head, "The pile never turned over: 36 cards - "
	    "%d of them not as claimed: ", lies);
	assert_int_equal(strncmp(buf, head, strlen(head)), 0);
	assert_int_equal(fx_nwords(buf + strlen(head)), lies);
	sink_assert_lacks(buf, "top first");
	sink_assert_lacks(buf, "Still held");
	assert_true(game_markup_size(buf) <= GAME_LINE_BYTES);
	fx_free(f);
}

/* The lines story_play() told, and their number. */
struct replay {
	int deal, claims, unseen, moves, last;
	char end[512];
};

static void
replay_line(void *ctx, int n, int seat, const char *markup)
{
	struct replay *r = ctx;

	(void)seat;
	assert_true(n >= r->last);
	r->last = n;
	if (n < 0)
		r->deal++;
	else if (n == r->moves) {
		r->unseen++;
		snprintf(r->end, sizeof r->end, "%s", markup);
	} else if (strstr(markup, " [laid ") != NULL)
		r->claims++;
}

/* A seeded game played through the fixture, with a seat leaving on its
 * turn halfway, then its move log played again by story_play(): the
 * same ledger, a claim's line for every claim, and the end. */
static void
replay_seeded(const struct game_ops *ops, int nseats, uint64_t seed)
{
	struct fx *f = fx_create(ops, nseats, 0, NULL, seed);
	struct story_record rec;
	struct game_result r;
	struct game_move mv;
	struct game_turn tu;
	struct replay rp;
	struct ledger l;
	struct rng rng;
	char (*texts)[256] = xcalloc(4000, sizeof *texts);
	const char **moves = xcalloc(4000, sizeof *moves);
	char *cause = NULL, end[512];
	int n = 0, over = 0, left = 0;

	rng_seed(&rng, seed + 1);
	for (;;) {
		ops->turn(f->g, &tu);
		if (tu.over || n == 4000)
			break;
		if (!left && n >= 6 && tu.seat >= 0) {
			memset(&mv, 0, sizeof mv);
			mv.seat = tu.seat;
			mv.verb = GAME_VERB_LEAVE;
			left = 1;
		} else
			assert_int_equal(ops->sample(f->g, &rng, &mv), 0);
		game_move_format(ops, &mv, texts[n], sizeof texts[n]);
		moves[n] = texts[n];
		if (fx_apply(f, &mv) != 0)
			fail_msg("move '%s' refused: %s", texts[n], f->cause);
		n++;
	}
	assert_true(tu.over);
	assert_true(left);
	assert_true(f->ledger.claims > 5);
	assert_true(f->ledger.lies > 0);
	memset(&rec, 0, sizeof rec);
	rec.ops = ops;
	game_opts_default(ops, &rec.opts);
	rec.nseats = nseats;
	rec.dealer = 0;
	rec.seed = seed;
	rec.nmoves = n;
	rec.moves = moves;
	memset(&rp, 0, sizeof rp);
	rp.moves = n;
	rp.last = -1;
	if (story_play(&rec, replay_line, &rp, &l, &r, &over, &cause) != 0)
		fail_msg("story_play: %s", cause);
	assert_int_equal(over, 1);
	assert_memory_equal(&l, &f->ledger, sizeof l);
	assert_int_equal(rp.claims, l.claims);
	/* The deal's line, each hand, the pile and who opens. */
	assert_true(rp.deal >= 1 + nseats + 1);
	f->ops->unseen(f->g, end, sizeof end);
	assert_int_equal(rp.unseen, end[0] != '\0');
	assert_string_equal(rp.end, end);
	free(texts);
	free(moves);
	fx_free(f);
}

static void
test_story_play(void **state)
{
	(void)state;
	replay_seeded(&cheat_ops, 4, 11);
	replay_seeded(&cheat_ops, 3, 12);
	replay_seeded(&questions_ops, 4, 13);
	replay_seeded(&questions_ops, 5, 14);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_honest_uncalled),
		T(test_lie_away),
		T(test_calls),
		T(test_weight),
		T(test_chances),
		T(test_winning_lie),
		T(test_questions_ledger),
		T(test_questions_end),
		T(test_reveal),
		T(test_reveal_questions),
		T(test_unseen),
		T(test_unseen_long),
		T(test_story_play),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
