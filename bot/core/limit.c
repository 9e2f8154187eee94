/*
 * The per-user command limit (docs/config.md, flood.user_*): each person
 * has a token bucket (bucket.h) of conf->user_burst commands, one more
 * every conf->user_interval_ms.  A command that finds no token is dropped.
 * The first one dropped in a run is answered with one notice, so the
 * person knows why the bot went quiet; the rest of the run get nothing,
 * since answering each would let anyone make the bot flood.  A run ends
 * when the person has a command again.
 *
 * People are known by who_ident() (the account, else user@host), so a
 * nick change does not buy a fresh bucket.  LIMIT_USERS buckets are kept:
 * a full bucket is the same as none, so a newcomer takes an empty slot or
 * a full one, else the fullest (someone flooding from more than
 * LIMIT_USERS hosts at once gets a burst each time round, no more).
 */
#include <stdio.h>
#include <string.h>

#include "bot/core/core.h"
#include "alloc/xalloc.h"

struct limit_user {
	char ident[WHO_IDENT_MAX];	/* "" when the slot is free */
	struct bucket bucket;
	int warned;			/* told to slow down in this run */
};

/* The slot of ident, or the one it should take. */
static struct limit_user *
limit_slot(struct bot *b, const char *ident, uint64_t now)
{
	struct limit_user *u, *best = NULL;
	int i;

	for (i = 0; i < LIMIT_USERS; i++) {
		u = &b->limits[i];
		if (strcmp(u->ident, ident) == 0)
			return u;
	}
	for (i = 0; i < LIMIT_USERS; i++) {
		u = &b->limits[i];
		if (u->ident[0] == '\0' || bucket_full(&u->bucket, now))
			break;
		if (best == NULL || u->bucket.tokens > best->bucket.tokens)
			best = u;
	}
	if (i < LIMIT_USERS)
		best = u;
	snprintf(best->ident, sizeof best->ident, "%s", ident);
	bucket_init(&best->bucket, b->conf->user_burst,
	    b->conf->user_interval_ms);
	best->warned = 0;
	return best;
}

enum limit_verdict
limit_command(struct bot *b, const struct who *w)
{
	const struct conf *c = b->conf;
	char ident[WHO_IDENT_MAX];
	struct limit_user *u;

	if (c->user_interval_ms == 0 || who_is_admin(b, w))
		return LIMIT_PASS;
	if (b->limits == NULL)
		b->limits = xcalloc(LIMIT_USERS, sizeof *b->limits);
	who_ident(w, ident, sizeof ident);
	u = limit_slot(b, ident, b->now);
	bucket_set_rate(&u->bucket, c->user_burst, c->user_interval_ms);
	if (bucket_take(&u->bucket, b->now)) {
		u->warned = 0;
		return LIMIT_PASS;
	}
	if (u->warned)
		return LIMIT_DROP;
	u->warned = 1;
	return LIMIT_WARN;
}
