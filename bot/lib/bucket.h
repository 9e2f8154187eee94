/*
 * A token bucket: up to `burst` tokens, one more every `interval_ms`, one
 * spent per thing let through.  The outgoing queue (queue.c), the
 * per-user command limit (limit.c) and the CTCP answers (ctcp.c) each
 * keep one, so the arithmetic is written once.
 *
 * Refilling is computed from the caller's clock (milliseconds) whenever
 * the bucket is looked at: a bucket needs no timer.  An interval of 0
 * means no limit (the bucket is always full).  A bucket may be spent into
 * debt (bucket_charge()): a thing that costs more than a burst (a JOIN,
 * two tokens, with a burst of one) goes once the bucket is full, and
 * what follows waits the rest off.
 */
#ifndef BUCKET_H
#define BUCKET_H

#include <stdint.h>

struct bucket {
	int burst;
	int interval_ms;	/* 0: no limit */
	int tokens;		/* may be below 0 after bucket_charge() */
	uint64_t refilled;	/* the time up to which tokens were credited */
	int started;		/* refilled holds a real time */
};

/* A full bucket of burst tokens (at least 1), one more per interval_ms. */
void bucket_init(struct bucket *b, int burst, int interval_ms);
/* Changes the rate; the tokens already there stay, capped at the new
 * burst. */
void bucket_set_rate(struct bucket *b, int burst, int interval_ms);

/* Whether n tokens (at most a burst: n is capped at it) are there at
 * now. */
int bucket_ready(struct bucket *b, uint64_t now, int n);
/* Spends a token if there is one at now: 1, else 0 (nothing spent). */
int bucket_take(struct bucket *b, uint64_t now);
/* Spends a token whether or not there is one: the bucket may go into
 * debt, down to -burst at most. */
void bucket_charge(struct bucket *b, uint64_t now);
/* When n tokens (capped at a burst) will be there: now if they are, else
 * the time the refill brings them. */
uint64_t bucket_next(struct bucket *b, uint64_t now, int n);
/* Whether the bucket is full at now (nothing has been spent for as long
 * as a refill takes): such a bucket may be forgotten. */
int bucket_full(struct bucket *b, uint64_t now);

#endif
