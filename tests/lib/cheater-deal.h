/*
 * A CHEATER game under test on a stacked deck, shared by the unit suites
 * of games/cheater*.c (tests/unit/test-cheater-*.c).  The fixture makes a
 * game, catches every message it emits, stacks hands, piles and dice
 * through cheater_stack(), and plays lines as typed (a player named as
 * {p:N}, as the bot passes it) or moves in their text form through
 * parse(), check() and apply().  After each move it checks the
 * invariants, and what was said:
 *  - at most one public line and one private line per seat;
 *  - no public line holds "Hand:" or "You draw", nor names a card a
 *    hand gained in the move, unless that card is public knowledge (in
 *    the discard pile, in the hand a pass revealed, or of the suit a
 *    win spells);
 *  - a private "Hand:" is exactly its owner's hand, and "You draw X"
 *    names a card the owner holds (or one that went through its hand
 *    to the discard pile).
 * Its helpers fail the running cmocka test, so a suite includes
 * <cmocka.h> (and what cmocka needs) first and runs each test with
 * cx_teardown.  SINK_TRACE=1 in the environment prints every message.
 */
#ifndef TESTS_CHEATER_DEAL_H
#define TESTS_CHEATER_DEAL_H

#include <stddef.h>

#include "games/cheater.h"
#include "games/game.h"
#include "tests/lib/sink.h"

#define CX_MAX_WORDS 32		/* words of a typed line */
#define CX_FACES 29		/* 24 letters and 5 actions */

/* A game under test with its message sink and the last refusal. */
struct cx {
	struct game *g;
	struct sink sink;
	struct game_out out;
	char *cause;
	int nseats;
	int open[CX_FACES];	/* the faces of the hand the last pass
				 * revealed, public until the next turn */
	int opened;		/* 1 while that hand is public */
	char buf[1024];		/* cx_cards() */
};

/* A new CHEATER game for nseats dealt by dealer with option decks and
 * seed 1; fails the test when create() refuses.  At most four are live
 * at once.  Freed by cx_free(), or by cx_teardown() after a failure. */
struct cx *cx_new(int nseats, int dealer, int decks);
void cx_free(struct cx *f);

/* A cmocka teardown: frees the games a failed test left open; 0. */
int cx_teardown(void **state);

/* Stacks the deal d (every seat's seven cards, the piles, the dice, who
 * starts and who is the CHEATER), which must be accepted; the messages
 * of the deal are kept in the sink. */
void cx_stack(struct cx *f, const struct cheater_deal *d);

/* Forgets the messages. */
void cx_reset(struct cx *f);

/* The last message to seat (or GAME_PUBLIC), or "". */
const char *cx_said(const struct cx *f, int seat);

/* How many messages went to seat (or GAME_PUBLIC). */
int cx_said_count(const struct cx *f, int seat);

#define assert_cx_said(f, seat, want) \
	assert_string_equal(cx_said(f, seat), want)
#define assert_cx_said_has(f, seat, part) \
	sink_assert_has(cx_said(f, seat), part)
#define assert_cx_said_lacks(f, seat, part) \
	sink_assert_lacks(cx_said(f, seat), part)

/* Plays a command line typed by seat; 0, or -1 with f->cause set. */
int cx_do(struct cx *f, int seat, const char *line);

/* Checks and applies a move given in its text form ("0 draw"); 0, or -1
 * with f->cause set. */
int cx_move(struct cx *f, const char *text);

/* Checks and applies mv; 0, or -1 with f->cause set. */
int cx_apply(struct cx *f, const struct game_move *mv);

/* Plays a line that must be accepted, or one that must be refused with
 * the cause want. */
void cx_ok(struct cx *f, int seat, const char *line);
void cx_refused(struct cx *f, int seat, const char *line, const char *want);

/* Parses a line typed by seat (no check) into mv; 0, or -1 and f->cause. */
int cx_parse(struct cx *f, int seat, const char *line, struct game_move *mv);

/* Applies the timeout move, which must be legal; its text form into
 * text. */
void cx_timeout(struct cx *f, char *text, size_t size);

/* The faces of seat's hand sorted ("rC rE TAKE"); seat -1: the draw
 * pile, top first; -2: the discard pile, top last.  In f->buf. */
const char *cx_cards(struct cx *f, int seat);

#define assert_cx_cards(f, seat, want) \
	assert_string_equal(cx_cards(f, seat), want)

/* The number of cards of cx_cards(f, seat). */
int cx_count(struct cx *f, int seat);

/* The game is not over; seat is to play (or -1), the seats in window may
 * answer accused (or -1); the CHEATER is holder (or -1). */
void cx_assert_turn(struct cx *f, int seat, unsigned window, int accused,
    int holder);

/* The game is over: places in seat order, the winner and the detail
 * of its result ("red", or "" for a win by the others leaving). */
void cx_assert_over(struct cx *f, const int *places, int winner,
    const char *detail);

#endif
