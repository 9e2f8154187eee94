/*
 * A game under test on a stacked deal, shared by the unit suites of
 * games/cheat.c (tests/unit/test-cheat-*.c) and of its sibling
 * games/questions.c (tests/unit/test-questions-*.c), which run on the same
 * code and the same hooks (cheat.h).  The fixture makes a game,
 * catches every message it emits, stacks the hands, and plays lines as
 * typed or moves in their text form through parse(), check() and apply(),
 * checking the invariants after each.  Its helpers fail the running cmocka
 * test, so a suite includes <cmocka.h> (and what cmocka needs) first and
 * runs each test with fx_teardown.
 */
#ifndef TESTS_CHEAT_DEAL_H
#define TESTS_CHEAT_DEAL_H

#include <stddef.h>

#include "games/cards.h"
#include "games/game.h"
#include "tests/lib/sink.h"

#define FX_MAX_WORDS 32		/* words of a typed line */

/* A game under test with its message sink and the last refusal. */
struct fx {
	struct game *g;
	struct sink sink;
	struct game_out out;
	char *cause;
	int nseats;
	const struct game_ops *ops;	/* cheat_ops or questions_ops */
};

/* The hands of a three-seat game dealt by seat 0, in which seat 1 opens
 * with fours or queens. */
extern const char *const fx_three_hands[];

/* A new game of ops (cheat_ops or questions_ops) for nseats dealt by
 * dealer with seed 1, on the variant's default options changed by opts,
 * space-separated assignments as typed in the lobby ("decks=2"; NULL or ""
 * for none); fails the test when an option or create() is refused.  At
 * most four are live at once.  Freed by fx_free(), or by fx_teardown()
 * after a failure. */
struct fx *fx_new_ops(const struct game_ops *ops, int nseats, int dealer,
    const char *opts);
/* Cheat's shorthand: a Cheat game with options decks and loser. */
struct fx *fx_new(int nseats, int dealer, int decks, int loser);
void fx_free(struct fx *f);

/* A cmocka teardown: frees the games a failed test left open; 0. */
int fx_teardown(void **state);

/* The last message to seat (or GAME_PUBLIC), or "". */
const char *fx_said(const struct fx *f, int seat);

/* How many messages went to seat (or GAME_PUBLIC). */
int fx_said_count(const struct fx *f, int seat);

#define assert_said(f, seat, want) \
	assert_string_equal(fx_said(f, seat), want)
#define assert_said_has(f, seat, part) \
	assert_non_null(strstr(fx_said(f, seat), part))

/* The id of a card written "4h" (first deck) or "4h+" (second deck). */
int fx_card(const char *word);

/* Fills l with the cards of spec, card words separated by spaces. */
void fx_cards(const char *spec, struct cards *l);

/* Stacks the hands, one card string per seat; the rest go to the pile. */
void fx_stack(struct fx *f, const char *const *spec);

/* Plays a command line typed by seat; 0, or -1 with f->cause set. */
int fx_do(struct fx *f, int seat, const char *line);

/* Checks and applies a move given in its text form; 0, or -1 with
 * f->cause set. */
int fx_move(struct fx *f, const char *text);

/* Plays a line that must be accepted, or one that must be refused with
 * the cause want. */
void fx_ok(struct fx *f, int seat, const char *line);
void fx_refused(struct fx *f, int seat, const char *line, const char *want);

/* Applies the timeout move, which must be legal; its text into text. */
void fx_timeout(struct fx *f, char *text, size_t size);

/* The game is not over; seat is to play (or -1), the seats in window may
 * call cheat on accused (or -1). */
void assert_turn(struct fx *f, int seat, unsigned window, int accused);

/* The number of cards seat holds. */
int fx_hand_n(struct fx *f, int seat);

/* The game is over with these places (seat order). */
void assert_over(struct fx *f, const int *places, int winner, int loser);

#endif
