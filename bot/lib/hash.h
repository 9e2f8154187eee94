/*
 * A hash multimap from 32-bit keys to pointers: the one index structure
 * of the bot (the core's channels by name, members and seats by nick,
 * seats by account, preferences by player: core.h; the outgoing queue's
 * targets by name and lines by number: queue-int.h), so that finding a
 * line's sender, or a line's place, costs the same with one game as with
 * a thousand.
 *
 * The caller hashes and compares.  A key is a hash (nick_fold()), so two
 * names may share one, and one name may have several values (a nick's
 * membership of each channel it is in): a lookup walks every value
 * stored under the key and keeps those that really match.  Values are
 * never NULL, and one (key, value) pair is stored at most once by
 * callers that remove by that pair.
 *
 * Open addressing with linear probing in a power-of-two array kept at
 * most three quarters full (doubled as it fills, halved when it falls
 * under an eighth); a removal moves the entries after it back into the
 * gap instead of leaving a tombstone, so a table that sees many joins and
 * parts probes as little as a fresh one.  A table must not be changed
 * while a walk over it (hash_first() and hash_next(), hash_each()) is
 * under way: collect what to change, then change it.
 */
#ifndef HASH_H
#define HASH_H

#include <stddef.h>
#include <stdint.h>

struct hash_slot {
	uint32_t key;
	void *val;		/* NULL: a free slot */
};

struct hash {
	struct hash_slot *slot;	/* size of them, NULL while size is 0 */
	size_t size;		/* 0 or a power of two */
	size_t n;		/* values stored */
};

#define HASH_INIT { NULL, 0, 0 }

/* A walk over the values stored under one key. */
struct hash_walk {
	const struct hash *h;
	uint32_t key;
	size_t i;		/* the slot to look at next */
};

/* Stores val (not NULL) under key. */
void hash_add(struct hash *h, uint32_t key, void *val);
/* Removes the pair (key, val): 0, or -1 if it is not stored. */
int hash_remove(struct hash *h, uint32_t key, const void *val);
/* The first value stored under key, or NULL; *w then walks on. */
void *hash_first(const struct hash *h, uint32_t key, struct hash_walk *w);
/* The next value under the walk's key, or NULL when there is no more. */
void *hash_next(struct hash_walk *w);
/* Every value in turn, in no useful order: *pos starts at 0; NULL after
 * the last. */
void *hash_each(const struct hash *h, size_t *pos);
/* Frees the slots; h is then empty and reusable. */
void hash_free(struct hash *h);

#endif
