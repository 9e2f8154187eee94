/*
 * A Cheesedog game under test on a stacked deal, shared by the unit
 * suites of games/cheesedog*.c (tests/unit/test-cheesedog-*.c): what
 * Cheesedog's fixture adds to the core of fixture.h (which makes the
 * game, catches its messages and plays lines as typed or moves in their
 * text form).  It stacks the cards through cheesedog_stack().  Before
 * each move it
 * checks that the words command() gives for it parse back to the same
 * move; after each move (and the deal, and a status) it checks the
 * invariants, and what was said:
 *  - at most one public line and one private line per seat;
 *  - no line names a hidden card (one in a hand, or face down and not yet
 *    played) that is not also in sight (on the pile or face up, before or
 *    after the move), except a private line naming a card of its own
 *    seat's hand: a face-down card is hidden from its owner too;
 *  - a private line's "Hand (N): ...", "Face up: ..." and "Face down:
 *    ..." are exactly that seat's cards, and only a seat still holding
 *    cards is shown them;
 *  - after a move, a seat whose hand it gave cards is shown them, and a
 *    mover whose hand gained nothing is shown them only when it moves
 *    next.
 * Its helpers fail the running cmocka test, so a suite includes
 * <cmocka.h> (and what cmocka needs) first and runs each test with
 * fx_teardown.  SINK_TRACE=1 in the environment prints every message.
 */
#ifndef TESTS_CHEESEDOG_DEAL_H
#define TESTS_CHEESEDOG_DEAL_H

#include <stddef.h>

#include "games/cheesedog/cheesedog.h"
#include "games/game.h"
#include "tests/lib/fixture.h"

/* A new game for nseats dealt by dealer with seed (fx_create()), the
 * deal's messages checked and kept. */
struct fx *dg_new_seed(int nseats, int dealer, unsigned long long seed);
/* The same with seed 1. */
struct fx *dg_new(int nseats, int dealer);

/* Stacks the deal d, which must be accepted; the deal's messages are
 * checked and kept. */
void dg_stack(struct fx *f, const struct cheesedog_deal *d);

/* The cards of place (for seat) as cheesedog_cards() writes them, in
 * f->buf. */
const char *dg_cards(struct fx *f, enum cheesedog_place place, int seat);

#define assert_dg_cards(f, place, seat, want) \
	assert_string_equal(dg_cards(f, place, seat), want)

/* The !status line, checked as a move's messages are. */
const char *dg_status(struct fx *f);

/* Seat's !hand line, checked as a move's messages are. */
const char *dg_view(struct fx *f, int seat);

/* The game is not over, seat is to move and play goes dir (1 left, -1
 * right). */
void dg_assert_turn(struct fx *f, int seat, int dir);

/* The game is over: places in seat order, and the loser (or -1). */
void dg_assert_over(struct fx *f, const int *places, int loser);

#endif
