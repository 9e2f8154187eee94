/*
 * The token bucket (bucket.h).  Tokens are credited lazily: whole
 * intervals since the last credit are turned into tokens, and the
 * remainder is kept by moving `refilled` on by whole intervals only, so no
 * fraction of an interval is ever lost or counted twice.
 */
#include "bot/lib/bucket.h"

void
bucket_init(struct bucket *b, int burst, int interval_ms)
{
	b->started = 0;
	b->tokens = 0;
	bucket_set_rate(b, burst, interval_ms);
	b->tokens = b->burst;
}

void
bucket_set_rate(struct bucket *b, int burst, int interval_ms)
{
	b->burst = burst < 1 ? 1 : burst;
	b->interval_ms = interval_ms < 0 ? 0 : interval_ms;
	if (b->tokens > b->burst)
		b->tokens = b->burst;
}

/* Credits the tokens earned between the last credit and now. */
static void
bucket_refill(struct bucket *b, uint64_t now)
{
	uint64_t earned;

	if (!b->started || now < b->refilled) {
		b->started = 1;
		b->refilled = now;
		return;
	}
	if (b->interval_ms == 0) {
		b->tokens = b->burst;
		b->refilled = now;
		return;
	}
	earned = (now - b->refilled) / (uint64_t)b->interval_ms;
	if (earned >= (uint64_t)(b->burst - b->tokens)) {
		b->tokens = b->burst;
		b->refilled = now;
	} else {
		b->tokens += (int)earned;
		b->refilled += earned * (uint64_t)b->interval_ms;
	}
}

int
bucket_ready(struct bucket *b, uint64_t now, int n)
{
	bucket_refill(b, now);
	return b->tokens >= (n < b->burst ? n : b->burst);
}

int
bucket_take(struct bucket *b, uint64_t now)
{
	if (!bucket_ready(b, now, 1))
		return 0;
	b->tokens--;
	return 1;
}

void
bucket_charge(struct bucket *b, uint64_t now)
{
	bucket_refill(b, now);
	if (b->tokens > -b->burst)
		b->tokens--;
}

uint64_t
bucket_next(struct bucket *b, uint64_t now, int n)
{
	if (n > b->burst)
		n = b->burst;
	if (bucket_ready(b, now, n))
		return now;
	return b->refilled + (uint64_t)(n - b->tokens) *
	    (uint64_t)b->interval_ms;
}

int
bucket_full(struct bucket *b, uint64_t now)
{
	bucket_refill(b, now);
	return b->tokens >= b->burst;
}
