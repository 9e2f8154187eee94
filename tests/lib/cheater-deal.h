/*
 * A CHEATER game under test on a stacked deck, shared by the unit suites
 * of games/cheater/ (tests/unit/test-cheater-*.c): what CHEATER's
 * fixture adds to the core of fixture.h (which makes the game, catches
 * its messages and plays lines as typed, a player named as {p:N} as the
 * bot passes it, or moves in their text form).  It stacks hands, piles
 * and dice through cheater_stack(), and after the deal and each move
 * checks what was said:
 *  - at most one public line and one private line per seat;
 *  - no public line holds "Hand:", "You draw" or "You drew", nor
 *    names a card a hand gained in the move, unless that card is public
 *    knowledge (in the discard pile, in the hand a pass revealed, or of
 *    the suit a win spells);
 *  - a private "Hand:" is exactly its owner's hand, and "You draw X"
 *    (or "You drew X", on another's turn) names a card the owner holds
 *    (or one that went through its hand to the discard pile).
 * Its helpers fail the running cmocka test, so a suite includes
 * <cmocka.h> (and what cmocka needs) first and runs each test with
 * fx_teardown.  SINK_TRACE=1 in the environment prints every message.
 */
#ifndef TESTS_CHEATER_DEAL_H
#define TESTS_CHEATER_DEAL_H

#include <stddef.h>

#include "games/cheater/cheater.h"
#include "games/game.h"
#include "tests/lib/fixture.h"

/* A new CHEATER game for nseats dealt by dealer with option decks and
 * seed 1 (fx_create()). */
struct fx *cx_new(int nseats, int dealer, int decks);

/* Stacks the deal d (every seat's seven cards, the piles, the dice, who
 * starts and who is the CHEATER), which must be accepted; the messages
 * of the deal are kept in the sink. */
void cx_stack(struct fx *f, const struct cheater_deal *d);

/* The faces of seat's hand sorted ("rC rE TAKE"); seat -1: the draw
 * pile, top first; -2: the discard pile, top last.  In f->buf. */
const char *cx_cards(struct fx *f, int seat);

#define assert_cx_cards(f, seat, want) \
	assert_string_equal(cx_cards(f, seat), want)

/* The number of cards of cx_cards(f, seat). */
int cx_count(struct fx *f, int seat);

/* The game is not over; seat is to play (or -1), the seats in window may
 * answer accused (or -1); the CHEATER is holder (or -1). */
void cx_assert_turn(struct fx *f, int seat, unsigned window, int accused,
    int holder);

/* The game is over: places in seat order, the winner and the detail
 * of its result ("red", or "" for a win by the others leaving). */
void cx_assert_over(struct fx *f, const int *places, int winner,
    const char *detail);

#endif
