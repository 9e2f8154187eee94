/*
 * A game_out that keeps what a game under test says (games/game.h), for
 * the fixtures of the rules' unit suites (cheat-deal, cheater-deal,
 * cheesedog-deal, liarsuno-deal), and the plain text of what it said.  Its
 * helpers fail the running cmocka test, so a suite includes <cmocka.h>
 * (and what cmocka needs) first.  SINK_TRACE=1 in the environment prints
 * every message as it comes.
 */
#ifndef TESTS_SINK_H
#define TESTS_SINK_H

#include <stddef.h>

#include "games/game.h"

#define SINK_MAX 64

/* Messages said since the last reset, each to a seat or GAME_PUBLIC. */
struct sink {
	int n;
	int seat[SINK_MAX];
	char *text[SINK_MAX];
};

/* Points out at s, which starts empty. */
void sink_init(struct sink *s, struct game_out *out);

/* Forgets (and frees) the messages in s. */
void sink_reset(struct sink *s);

/* The last message to seat (or GAME_PUBLIC), or "". */
const char *sink_said(const struct sink *s, int seat);

/* How many messages went to seat (or GAME_PUBLIC). */
int sink_count(const struct sink *s, int seat);

/* Fails the running test unless text holds part (has), or when it does
 * (lacks). */
void sink_assert_has(const char *text, const char *part);
void sink_assert_lacks(const char *text, const char *part);

/* The len bytes of text without colour markup ({red:r5} is r5; {p:N}
 * stays) into out, of len + 1 bytes at least. */
void sink_plain(char *out, const char *text, size_t len);

#endif
