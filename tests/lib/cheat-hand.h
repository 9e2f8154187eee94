/*
 * Cheat's cards as a player reads them from the bot's lines (one deck),
 * for tests/integration/test-cheat-game.c: the cards a text shows
 * ("10♥", colours stripped), hands kept as such cards, and a play as
 * laid with what it was declared to be.  Its helpers fail the running
 * cmocka test, so a suite includes <cmocka.h> (and what cmocka needs)
 * first.
 */
#ifndef TESTS_CHEAT_HAND_H
#define TESTS_CHEAT_HAND_H

#include <stddef.h>

#define DECK 52
#define CARD_SIZE 8 /* "10♥" and its NUL fit */
#define RANKS 13

struct card {
	char s[CARD_SIZE]; /* as shown, colours stripped: "10♥" */
};

struct hand {
	int n;
	struct card c[DECK];
};

/* One play as laid: who, the cards, the declaration. */
struct play {
	int who;
	int face_up;
	int count;
	int rank; /* 1 = ace .. 13 = king */
	struct hand cards;
};

/* Appends the cards shown in text to out (when not NULL); returns the
 * number of suit symbols in text (the four the bot shows and their
 * outlined forms), whether a rank comes before them or not, so that any
 * trace of a card counts. */
int hand_scan(const char *text, struct hand *out);

/* The rank of c (1 = ace .. 13 = king), or 0. */
int card_rank(const struct card *c);

/* The rank whose plural is name ("queens"), or 0. */
int card_rank_named(const char *name);

/* The index of card ("10♥") in h, or -1. */
int hand_find(const struct hand *h, const char *card);

/* Adds card ("10♥") to h, which must have room. */
void hand_add(struct hand *h, const char *card);

/* How many cards of rank h holds. */
int hand_count_rank(const struct hand *h, int rank);

/* 1 if a and b hold the same cards, in any order (one deck: no card is
 * there twice). */
int hand_same(const struct hand *a, const struct hand *b);

/* "two queens", as the bot declares pl (of one to four cards), into buf
 * of size bytes. */
void play_declaration(const struct play *pl, char *buf, size_t size);

/* 1 if the play is what it was declared to be. */
int play_honest(const struct play *pl);

#endif
