/*
 * A Liar's UNO game under test on a stacked deck, shared by the unit
 * suites of games/liarsuno*.c (tests/unit/test-liarsuno-*.c): what
 * Liar's UNO's fixture adds to the core of fixture.h (which makes the
 * game, catches its messages and plays lines as typed or moves in their
 * text form).  It stacks a deal through liarsuno_stack().
 *
 * A line is typed as the bot receives it: "!play r5" in the channel,
 * "play ~g3 as r7" in private (no prefix), a player named as {p:N}
 * (f->where: the command is found for that place, and one not allowed
 * there is refused as the bot refuses it).
 *
 * After the deal and every move it checks:
 *  - the invariants;
 *  - at most one public line, and at most one private line per seat;
 *  - the public line shows no hand and names no secret card: every
 *    card it names (claims aside, which are quoted or follow "To
 *    match:") is one the public has seen face up (played face up, on
 *    the discard pile at the deal, turned over by a challenge or a
 *    Wild Liar's Challenge) and that has not gone back into the draw
 *    pile since;
 *  - a private "Hand (N): ..." is exactly that seat's hand (and its put
 *    card); every seat still playing whose hand gained a card, or
 *    changed by a move not its own, is shown it; a mover whose hand
 *    only lost the cards it played or put is shown it only when it is
 *    asked to act now (docs/architecture.md);
 *  - the cards a seat is told it draws or drew are in its hand.
 * Its helpers fail the running cmocka test, so a suite includes
 * <cmocka.h> (and what cmocka needs) first and runs each test with
 * fx_teardown.  SINK_TRACE=1 in the environment prints every message.
 */
#ifndef TESTS_LIARSUNO_DEAL_H
#define TESTS_LIARSUNO_DEAL_H

#include <stddef.h>
#include <stdint.h>

#include "games/game.h"
#include "games/liarsuno/liarsuno.h"
#include "tests/lib/fixture.h"

/* A new game for nseats dealt by dealer with seed 1 and the default
 * options; lx_new_with() takes options ("points=1 target=50", or NULL)
 * and a seed (fx_create()). */
struct fx *lx_new(int nseats, int dealer);
struct fx *lx_new_with(int nseats, int dealer, const char *options,
    uint64_t seed);

/* Stacks the deal d, which must be accepted; its messages stay in the
 * sink. */
void lx_stack(struct fx *f, const struct liarsuno_deal *d);

/* Every card of the deck not among the cards named (a list as d's), in
 * the order of the ids: to stack a pile with everything else.  The list
 * may be empty. */
const char *lx_rest(struct fx *f, const char *named);

/* Applies the timeout move, which must be legal; its text form, in
 * f->buf. */
const char *lx_timeout(struct fx *f);

/* The cards of seat's hand as hands are sorted ("r3 ~r5 ~+4"); -1:
 * the draw pile, top first; -2: the discard pile, top last; -3: the
 * cards put for a Wild Liar's Challenge, by seat.  In f->buf. */
const char *lx_cards(struct fx *f, int seat);

#define assert_lx_cards(f, seat, want) \
	assert_string_equal(lx_cards(f, seat), want)

/* The number of cards of lx_cards(f, seat). */
int lx_count(struct fx *f, int seat);

/* What the next play must match: "r7", or after a wild the colour and
 * the wild, "blue +4", "green WLC".  In f->buf. */
const char *lx_top(struct fx *f);

#define assert_lx_top(f, want) assert_string_equal(lx_top(f), want)

/* The game is not over and waits on no put cards; seat is to move (or
 * -1), the seats in window may react to accused (or -1). */
void lx_assert_turn(struct fx *f, int seat, unsigned window, int accused);

/* The game waits for the seats of owe to put a card for a Wild Liar's
 * Challenge. */
void lx_assert_puts(struct fx *f, unsigned owe);

/* The game is over: places in seat order, the single winner (or -1),
 * and with points not NULL, the result's points in seat order. */
void lx_assert_over(struct fx *f, const int *places, int winner,
    const int *points);

#endif
