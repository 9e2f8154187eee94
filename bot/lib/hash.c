/*
 * The hash multimap of hash.h: linear probing with backward-shift
 * deletion (Knuth's Algorithm R), which needs no tombstones.
 */
#include <stdlib.h>

#include "bot/lib/hash.h"
#include "alloc/xalloc.h"

#define HASH_MIN 8		/* the smallest array, in slots */

/* The slot where key's probe starts.  Keys are the callers' own hashes
 * (FNV-1a folds, whose low bits mix poorly for short nicks), so they are
 * mixed again (murmur3's finaliser) before the mask keeps the low bits. */
static size_t
hash_home(const struct hash *h, uint32_t key)
{
	key ^= key >> 16;
	key *= 0x85ebca6bu;
	key ^= key >> 13;
	key *= 0xc2b2ae35u;
	key ^= key >> 16;
	return key & (h->size - 1);
}

/* Stores (key, val) in a slot known to be there: no growth. */
static void
hash_put(struct hash *h, uint32_t key, void *val)
{
	size_t i = hash_home(h, key);

	while (h->slot[i].val != NULL)
		i = (i + 1) & (h->size - 1);
	h->slot[i].key = key;
	h->slot[i].val = val;
}

/* Moves every value into a new array of size slots. */
static void
hash_resize(struct hash *h, size_t size)
{
	struct hash_slot *old = h->slot;
	size_t oldsize = h->size, i;

	h->slot = xcalloc(size, sizeof *h->slot);
	h->size = size;
	for (i = 0; i < oldsize; i++) {
		if (old[i].val != NULL)
			hash_put(h, old[i].key, old[i].val);
	}
	free(old);
}

void
hash_add(struct hash *h, uint32_t key, void *val)
{
	if (h->size == 0)
		hash_resize(h, HASH_MIN);
	else if ((h->n + 1) * 4 > h->size * 3)
		hash_resize(h, h->size * 2);
	hash_put(h, key, val);
	h->n++;
}

int
hash_remove(struct hash *h, uint32_t key, const void *val)
{
	size_t mask = h->size - 1, i, j, k;

	if (h->size == 0)
		return -1;
	for (i = hash_home(h, key); h->slot[i].val != val ||
	    h->slot[i].key != key; i = (i + 1) & mask) {
		if (h->slot[i].val == NULL)
			return -1;
	}
	/* Close the gap at i: an entry after it moves back into it unless
	 * its probe starts cyclically after i and at or before its slot j
	 * (then it would no longer be found from its home). */
	for (j = i;;) {
		j = (j + 1) & mask;
		if (h->slot[j].val == NULL)
			break;
		k = hash_home(h, h->slot[j].key);
		if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
			continue;
		h->slot[i] = h->slot[j];
		i = j;
	}
	h->slot[i].val = NULL;
	h->n--;
	if (h->size > HASH_MIN && h->n * 8 < h->size)
		hash_resize(h, h->size / 2);
	return 0;
}

void *
hash_first(const struct hash *h, uint32_t key, struct hash_walk *w)
{
	w->h = h;
	w->key = key;
	w->i = h->size > 0 ? hash_home(h, key) : 0;
	return hash_next(w);
}

void *
hash_next(struct hash_walk *w)
{
	const struct hash *h = w->h;
	const struct hash_slot *s;

	if (h->size == 0)
		return NULL;
	/* A key's values all sit in the run of full slots from its home:
	 * the first free slot ends the walk. */
	while ((s = &h->slot[w->i])->val != NULL) {
		w->i = (w->i + 1) & (h->size - 1);
		if (s->key == w->key)
			return s->val;
	}
	return NULL;
}

void *
hash_each(const struct hash *h, size_t *pos)
{
	while (*pos < h->size) {
		if (h->slot[(*pos)++].val != NULL)
			return h->slot[*pos - 1].val;
	}
	return NULL;
}

void
hash_free(struct hash *h)
{
	free(h->slot);
	h->slot = NULL;
	h->size = h->n = 0;
}
