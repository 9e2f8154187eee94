/*
 * A game under test on a stacked deal, shared by the unit suites of
 * games/cheat/cheat.c (tests/unit/test-cheat-*.c) and of its sibling
 * games/cheat/questions.c (tests/unit/test-questions-*.c), which run on the same
 * code and the same hooks (cheat.h): what Cheat's fixture adds to the
 * core of fixture.h (which makes the game, catches its messages and plays
 * lines and moves): stacked hands, card words, and the asserts on whose
 * turn it is and how the game ended.  Its helpers fail the running cmocka
 * test, so a suite includes <cmocka.h> (and what cmocka needs) first and
 * runs each test with fx_teardown.
 */
#ifndef TESTS_CHEAT_DEAL_H
#define TESTS_CHEAT_DEAL_H

#include <stddef.h>

#include "games/cards.h"
#include "games/game.h"
#include "tests/lib/fixture.h"

/* The hands of a three-seat game dealt by seat 0, in which seat 1 opens
 * with fours or queens. */
extern const char *const fx_three_hands[];

/* A new game of ops (cheat_ops or questions_ops) for nseats dealt by
 * dealer with seed 1, on the variant's default options changed by opts
 * (fx_create()). */
#define fx_new_ops(ops, nseats, dealer, opts) \
	fx_create(ops, nseats, dealer, opts, 1)
/* Cheat's shorthand: a Cheat game with options decks and loser. */
struct fx *fx_new(int nseats, int dealer, int decks, int loser);

/* The id of a card written "4h" (first deck) or "4h+" (second deck). */
int fx_card(const char *word);

/* Fills l with the cards of spec, card words separated by spaces. */
void fx_cards(const char *spec, struct cards *l);

/* Stacks the hands, one card string per seat; the rest go to the pile. */
void fx_stack(struct fx *f, const char *const *spec);

/* The game is not over; seat is to play (or -1), the seats in window may
 * call cheat on accused (or -1). */
#define assert_turn(f, seat, window, accused) \
	fx_assert_turn(f, seat, window, accused, NULL)

/* The number of cards seat holds. */
int fx_hand_n(struct fx *f, int seat);

/* The game is over with these places (seat order). */
void assert_over(struct fx *f, const int *places, int winner, int loser);

#endif
