/*
 * A Liar's UNO game under test on a stacked deck, shared by the unit
 * suites of games/liarsuno*.c (tests/unit/test-liarsuno-*.c).  The
 * fixture makes a game, catches every message it emits, stacks a deal
 * through liarsuno_stack(), and plays lines as typed or moves in their
 * text form through parse(), check() and apply().
 *
 * A line is typed as the bot receives it: "!play r5" in the channel,
 * "play ~g3 as r7" in private (no prefix), a player named as {p:N}.
 * The command is found with game_cmd_find_where() for that place, and
 * a command not allowed there is refused as the bot refuses it.
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
 *    card), and every seat still playing whose hand changed is shown
 *    it;
 *  - the cards a seat is told it draws or drew are in its hand.
 * Its helpers fail the running cmocka test, so a suite includes
 * <cmocka.h> (and what cmocka needs) first and runs each test with
 * lx_teardown.  SINK_TRACE=1 in the environment prints every message.
 */
#ifndef TESTS_LIARSUNO_DEAL_H
#define TESTS_LIARSUNO_DEAL_H

#include <stddef.h>
#include <stdint.h>

#include "games/game.h"
#include "games/liarsuno.h"
#include "tests/lib/sink.h"

#define LX_MAX_WORDS 16		/* words of a typed line */
#define LX_CARDS 112		/* the deck (LU_CARDS) */

/* A game under test with its message sink and the last refusal. */
struct lx {
	struct game *g;
	struct sink sink;
	struct game_out out;
	char *cause;
	int nseats;
	int open[LX_CARDS];	/* 1: the public saw the card face up,
				 * and it has not been in the draw pile
				 * since */
	char buf[1024];		/* lx_cards(), lx_top(), lx_timeout() */
	char rest[1024];	/* lx_rest() */
};

/* A new game for nseats dealt by dealer with seed 1 and the default
 * options; lx_new_with() takes options ("points=1 target=50", or NULL)
 * and a seed.  Fails the test when create() refuses.  At most four are
 * live at once.  Freed by lx_free(), or by lx_teardown() after a
 * failure. */
struct lx *lx_new(int nseats, int dealer);
struct lx *lx_new_with(int nseats, int dealer, const char *options,
    uint64_t seed);
void lx_free(struct lx *f);

/* A cmocka teardown: frees the games a failed test left open; 0. */
int lx_teardown(void **state);

/* Stacks the deal d, which must be accepted; its messages stay in the
 * sink. */
void lx_stack(struct lx *f, const struct liarsuno_deal *d);

/* Every card of the deck not among the cards named (a list as d's), in
 * the order of the ids, into f->rest: to stack a pile with everything
 * else.  The list may be empty. */
const char *lx_rest(struct lx *f, const char *named);

/* Forgets the messages. */
void lx_reset(struct lx *f);

/* The last message to seat (or GAME_PUBLIC), or "". */
const char *lx_said(const struct lx *f, int seat);

/* How many messages went to seat (or GAME_PUBLIC). */
int lx_said_count(const struct lx *f, int seat);

#define assert_lx_said(f, seat, want) \
	assert_string_equal(lx_said(f, seat), want)
#define assert_lx_said_has(f, seat, part) \
	sink_assert_has(lx_said(f, seat), part)
#define assert_lx_said_lacks(f, seat, part) \
	sink_assert_lacks(lx_said(f, seat), part)

/* Plays a line typed by seat; 0, or -1 with f->cause set (and nothing
 * said). */
int lx_do(struct lx *f, int seat, const char *line);

/* Parses a line typed by seat (no check) into mv; 0, or -1 and
 * f->cause. */
int lx_parse(struct lx *f, int seat, const char *line, struct game_move *mv);

/* Checks and applies a move given in its text form ("0 draw"); 0, or
 * -1 with f->cause set. */
int lx_move(struct lx *f, const char *text);

/* Checks and applies mv; 0, or -1 with f->cause set. */
int lx_apply(struct lx *f, const struct game_move *mv);

/* Plays a line (or a move's text) that must be accepted, or one that
 * must be refused with the cause want. */
void lx_ok(struct lx *f, int seat, const char *line);
void lx_refused(struct lx *f, int seat, const char *line, const char *want);
void lx_move_ok(struct lx *f, const char *text);
void lx_move_refused(struct lx *f, const char *text, const char *want);

/* Applies the timeout move, which must be legal; its text form, in
 * f->buf. */
const char *lx_timeout(struct lx *f);

/* The cards of seat's hand as hands are sorted ("r3 ~r5 ~+4"); -1:
 * the draw pile, top first; -2: the discard pile, top last; -3: the
 * cards put for a Wild Liar's Challenge, by seat.  In f->buf. */
const char *lx_cards(struct lx *f, int seat);

#define assert_lx_cards(f, seat, want) \
	assert_string_equal(lx_cards(f, seat), want)

/* The number of cards of lx_cards(f, seat). */
int lx_count(struct lx *f, int seat);

/* What the next play must match: "r7", or after a wild the colour and
 * the wild, "blue +4", "green WLC".  In f->buf. */
const char *lx_top(struct lx *f);

#define assert_lx_top(f, want) assert_string_equal(lx_top(f), want)

/* The game is not over and waits on no put cards; seat is to move (or
 * -1), the seats in window may react to accused (or -1). */
void lx_assert_turn(struct lx *f, int seat, unsigned window, int accused);

/* The game waits for the seats of owe to put a card for a Wild Liar's
 * Challenge. */
void lx_assert_puts(struct lx *f, unsigned owe);

/* The game is over: places in seat order, the single winner (or -1),
 * and with points not NULL, the result's points in seat order. */
void lx_assert_over(struct lx *f, const int *places, int winner,
    const int *points);

#endif
