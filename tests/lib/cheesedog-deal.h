/*
 * A Cheesedog game under test on a stacked deal, shared by the unit
 * suites of games/cheesedog*.c (tests/unit/test-cheesedog-*.c).  The
 * fixture makes a game, catches every message it emits, stacks the cards
 * through cheesedog_stack(), and plays lines as typed or moves in their
 * text form through parse(), check() and apply().  Before each move it
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
 *    cards is shown them.
 * Its helpers fail the running cmocka test, so a suite includes
 * <cmocka.h> (and what cmocka needs) first and runs each test with
 * dg_teardown.  SINK_TRACE=1 in the environment prints every message.
 */
#ifndef TESTS_CHEESEDOG_DEAL_H
#define TESTS_CHEESEDOG_DEAL_H

#include <stddef.h>

#include "games/cheesedog.h"
#include "games/game.h"
#include "tests/lib/sink.h"

#define DG_MAX_WORDS 32		/* words of a typed line */

/* A game under test with its message sink and the last refusal. */
struct dg {
	struct game *g;
	struct sink sink;
	struct game_out out;
	char *cause;
	int nseats;
	char buf[1024];		/* dg_cards() */
};

/* A new game for nseats dealt by dealer with seed (the deal's messages
 * checked and kept); fails the test when create() refuses.  At most four
 * are live at once.  Freed by dg_free(), or by dg_teardown() after a
 * failure. */
struct dg *dg_new_seed(int nseats, int dealer, unsigned long long seed);
/* The same with seed 1. */
struct dg *dg_new(int nseats, int dealer);
void dg_free(struct dg *f);

/* A cmocka teardown: frees the games a failed test left open; 0. */
int dg_teardown(void **state);

/* Stacks the deal d, which must be accepted; the deal's messages are
 * checked and kept. */
void dg_stack(struct dg *f, const struct cheesedog_deal *d);

/* Forgets the messages. */
void dg_reset(struct dg *f);

/* The last message to seat (or GAME_PUBLIC), or "". */
const char *dg_said(const struct dg *f, int seat);

/* How many messages went to seat (or GAME_PUBLIC). */
int dg_said_count(const struct dg *f, int seat);

#define assert_dg_said(f, seat, want) \
	assert_string_equal(dg_said(f, seat), want)
#define assert_dg_said_has(f, seat, part) \
	dg_assert_has(dg_said(f, seat), part)
#define assert_dg_said_lacks(f, seat, part) \
	dg_assert_lacks(dg_said(f, seat), part)

void dg_assert_has(const char *text, const char *part);
void dg_assert_lacks(const char *text, const char *part);

/* Plays a command line typed by seat; 0, or -1 with f->cause set. */
int dg_do(struct dg *f, int seat, const char *line);

/* Checks and applies a move given in its text form ("0 pickup"); 0, or
 * -1 with f->cause set. */
int dg_move(struct dg *f, const char *text);

/* Checks and applies mv; 0, or -1 with f->cause set. */
int dg_apply(struct dg *f, const struct game_move *mv);

/* Plays a line that must be accepted, or one that must be refused with
 * the cause want. */
void dg_ok(struct dg *f, int seat, const char *line);
void dg_refused(struct dg *f, int seat, const char *line, const char *want);

/* Parses a line typed by seat (no check) into mv; 0, or -1 and f->cause. */
int dg_parse(struct dg *f, int seat, const char *line, struct game_move *mv);

/* Applies the timeout move, which must be legal; its text form into
 * text. */
void dg_timeout(struct dg *f, char *text, size_t size);

/* The cards of place (for seat) as cheesedog_cards() writes them, in
 * f->buf. */
const char *dg_cards(struct dg *f, enum cheesedog_place place, int seat);

#define assert_dg_cards(f, place, seat, want) \
	assert_string_equal(dg_cards(f, place, seat), want)

/* The !status line, checked as a move's messages are. */
const char *dg_status(struct dg *f);

/* Seat's !hand line, checked as a move's messages are. */
const char *dg_view(struct dg *f, int seat);

/* The game is not over, seat is to move and play goes dir (1 left, -1
 * right). */
void dg_assert_turn(struct dg *f, int seat, int dir);

/* The game is over: places in seat order, and the loser (or -1). */
void dg_assert_over(struct dg *f, const int *places, int loser);

#endif
