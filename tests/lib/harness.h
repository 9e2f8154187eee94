/*
 * A bot core under test, without a network (after irssi's line tests):
 * raw IRC lines go in through the same parser the relay uses, and the lines
 * the bot would send come out of its queue.  The clock is the test's.  It
 * runs on the built-in configuration, a fresh SQLite file in a temporary
 * directory, and a fixed seed.
 */
#ifndef HARNESS_H
#define HARNESS_H

#include <stdint.h>

#include "bot/core.h"

#define HARNESS_SENT_MAX 4096

struct harness {
	char dir[64];
	char db[96];
	struct conf conf;
	struct store *store;
	struct queue *queue;
	struct bot *bot;
	uint64_t now;
	char *sent[HARNESS_SENT_MAX];	/* every line sent, colours kept */
	int nsent;
};

/* A connected bot in #cheater with seed; conf is the defaults, changed by
 * tune (may be NULL) before the bot starts. */
struct harness *harness_new(uint64_t seed, void (*tune)(struct conf *c));
void harness_free(struct harness *h);

/* Feeds one raw line (":nick!u@h PRIVMSG #c :text"). */
void harness_line(struct harness *h, const char *raw);
/* nick (as nick!nick@test.host) says text to target. */
void harness_say(struct harness *h, const char *nick, const char *target,
    const char *text);
/* Advances the clock by ms, running timers. */
void harness_advance(struct harness *h, uint64_t ms);
/* Moves every queued line into sent[]; returns how many were new. */
int harness_drain(struct harness *h);
/* Forgets what was sent. */
void harness_clear(struct harness *h);
/* The index of the first sent line at or after from that contains every
 * one of the NULL-terminated strings (colour codes stripped), or -1. */
int harness_find(struct harness *h, int from, ...);
/* The sent line i with colour codes stripped, into a static buffer. */
const char *harness_plain(struct harness *h, int i);
/* The table in #cheater, or NULL. */
struct table *harness_table(struct harness *h);
/* The seat whose turn it is at that table's game, or -1. */
int harness_turn(struct harness *h);
/* In a Cheat game: the seat to move types the rules' own default move as
 * a player would ("play CARD... as COUNT RANK", in private). */
void harness_cheat_type(struct harness *h);
/* The same, then the clock moves past the minimum challenge window. */
void harness_cheat_play(struct harness *h);

#endif
