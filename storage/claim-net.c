/*
 * The claims of a league's bots on PostgreSQL.  SQLite's claim is a lock
 * on a file beside the database (db-file.c); a server has no such file,
 * and its locks must also be seen by bots on other machines.  So the
 * claims are the server's session advisory locks: the server holds one
 * for the connection that took it and lets it go when that connection
 * ends however it ends (a bot killed, its machine gone once the server
 * notices: docs/storage.md, Several bots of one network).
 *
 * The network's lock (STORE_CLAIM_SPACE, the network's number) is held
 * shared by every bot of the network (store_claim_bot()), and alone by an
 * offline tool that must have the network to itself (store_claim(): a
 * copy, a prune), so that the tool waits for the bots and they for it.
 * Each channel of the network has a lock of its own (STORE_CHAN_SPACE,
 * the number of the network and the channel), held alone by the bot that
 * deals it; a connection's locks, and its name (application_name,
 * "cheaterbot NICK"), are in pg_locks and pg_stat_activity for every bot
 * to read (store_dealers()).  Bots of other networks take locks of their
 * own.
 *
 * A bot that lost its connection lost its claims with it, and another
 * bot may deal its channels already: store_claim_held() asks the server,
 * and the bot stops when the answer is not yes (bot/core/dbwatch.c).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc/xalloc.h"
#include "store-int.h"

/* The lock space of the networks' claims: "chbu", beside db-pgsql.c's
 * transaction lock "chbt" (a lock of the one-number form, which never
 * meets these). */
#define STORE_CLAIM_SPACE 0x63686275

/* The lock space of the channels' claims: "chbc". */
#define STORE_CHAN_SPACE 0x63686263

/* What a bot's connection is named, before its nick. */
#define STORE_DEALER_LEAD "cheaterbot "

/* FNV-1a of the bytes at p, on from h. */
static uint32_t
store_fnv(uint32_t h, const unsigned char *p)
{
	for (; *p != '\0'; p++) {
		h ^= *p;
		h *= 16777619u;
	}
	return h;
}

/* The network's number in STORE_CLAIM_SPACE: FNV-1a of its name, 31
 * bits.  Two names of one number would keep each other's bot waiting;
 * with a league's few networks that is a chance of about n^2 / 2^32. */
static int32_t
store_claim_key(const char *network)
{
	return (int32_t)(store_fnv(2166136261u,
	    (const unsigned char *)network) & 0x7fffffff);
}

/* The channel's number in STORE_CHAN_SPACE: FNV-1a of the network's name,
 * a newline (which no name holds) and the channel's, folded as IRC folds
 * it, 31 bits.  Two channels of one number would be dealt by one bot: a
 * share a little uneven, never two dealers in one channel. */
static int32_t
store_chan_key(const char *network, const char *chan)
{
	static const char upper[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ[]\\~";
	static const char lower[] = "abcdefghijklmnopqrstuvwxyz{}|^";
	unsigned char folded[256];
	const char *at;
	size_t i;

	for (i = 0; chan[i] != '\0' && i + 1 < sizeof folded; i++)
		folded[i] = (at = strchr(upper, chan[i])) != NULL
		    ? (unsigned char)lower[at - upper] : (unsigned char)chan[i];
	folded[i] = '\0';
	return (int32_t)(store_fnv(store_fnv(store_fnv(2166136261u,
	    (const unsigned char *)network), (const unsigned char *)"\n"),
	    folded) & 0x7fffffff);
}

int
store_claim_network(struct store *s, char **cause)
{
	int rc;

	rc = db_lock_try(s->db, STORE_CLAIM_SPACE, store_claim_key(s->network));
	if (rc < 0)
		return store_db_fail(s, cause);
	if (rc == 0) {
		store_fail(cause, "network '%s' of database '%s' is run by "
		    "another cheaterbot", s->network, s->path);
		return 1;
	}
	s->net_claimed = 1;
	return 0;
}

int
store_claim_held(struct store *s, char **cause)
{
	int rc;

	if (!s->net_claimed)
		return 0;
	rc = db_lock_held(s->db, STORE_CLAIM_SPACE,
	    store_claim_key(s->network));
	if (rc < 0)
		return store_db_fail(s, cause);
	if (rc == 0)
		return store_fail(cause, "database '%s': the claim on network "
		    "'%s' is no longer held", s->path, s->network);
	return 0;
}

int
store_shares_chans(const struct store *s)
{
	return db_dialect(s->db) == DB_PGSQL;
}

int
store_dealer_name(struct store *s, const char *nick, char **cause)
{
	char name[64];

	snprintf(name, sizeof name, STORE_DEALER_LEAD "%s", nick);
	if (db_set_name(s->db, name) != 0)
		return store_db_fail(s, cause);
	return 0;
}

int
store_claim_network_shared(struct store *s, const char *nick, char **cause)
{
	int rc;

	if (store_dealer_name(s, nick, cause) != 0)
		return -1;
	rc = db_lock_try_shared(s->db, STORE_CLAIM_SPACE,
	    store_claim_key(s->network));
	if (rc < 0)
		return store_db_fail(s, cause);
	if (rc == 0) {
		store_fail(cause, "network '%s' of database '%s' is held by "
		    "a cheaterbot tool (a copy or a prune)", s->network,
		    s->path);
		return 1;
	}
	s->net_claimed = 1;
	return 0;
}

int
store_chan_claim(struct store *s, const char *chan, char **cause)
{
	int rc;

	rc = db_lock_try(s->db, STORE_CHAN_SPACE,
	    store_chan_key(s->network, chan));
	if (rc < 0)
		return store_db_fail(s, cause);
	return rc;
}

int
store_chan_release(struct store *s, const char *chan, char **cause)
{
	if (db_lock_release(s->db, STORE_CHAN_SPACE,
	    store_chan_key(s->network, chan)) != 0)
		return store_db_fail(s, cause);
	return 0;
}

void
store_dealers_free(struct store_dealers *d)
{
	free(d->nicks);
	free(d->held);
	free(d->dealer);
	memset(d, 0, sizeof *d);
	d->self = -1;
}

/* The index in d of the bot of lock l, added when new; pids[] holds each
 * bot's process id on the server. */
static int
store_dealer_of(struct store_dealers *d, int **pids, const struct db_lock *l)
{
	const char *nick = l->name;
	size_t lead = strlen(STORE_DEALER_LEAD);
	int i;

	for (i = 0; i < d->nbots; i++)
		if ((*pids)[i] == l->pid)
			return i;
	*pids = xreallocarray(*pids, (size_t)i + 1, sizeof **pids);
	d->nicks = xreallocarray(d->nicks, (size_t)i + 1, sizeof *d->nicks);
	d->held = xreallocarray(d->held, (size_t)i + 1, sizeof *d->held);
	(*pids)[i] = l->pid;
	if (strncmp(nick, STORE_DEALER_LEAD, lead) == 0)
		nick += lead;
	snprintf(d->nicks[i], sizeof d->nicks[i], "%s", nick);
	d->held[i] = 0;
	d->nbots = i + 1;
	return i;
}

int
store_dealers(struct store *s, const char *const *chans, int nchans,
    struct store_dealers *d, char **cause)
{
	int32_t net = store_claim_key(s->network), *keys;
	struct db_lock *locks;
	int *pids = NULL, n, i, j, bot;

	memset(d, 0, sizeof *d);
	d->self = -1;
	d->dealer = xcalloc((size_t)(nchans > 0 ? nchans : 1),
	    sizeof *d->dealer);
	keys = xcalloc((size_t)(nchans > 0 ? nchans : 1), sizeof *keys);
	for (j = 0; j < nchans; j++) {
		d->dealer[j] = -1;
		keys[j] = store_chan_key(s->network, chans[j]);
	}
	n = db_locks(s->db, STORE_CLAIM_SPACE, net, STORE_CHAN_SPACE, &locks);
	if (n < 0) {
		free(keys);
		store_dealers_free(d);
		return store_db_fail(s, cause);
	}
	for (i = 0; i < n; i++) {
		if (locks[i].space == STORE_CLAIM_SPACE) {
			bot = store_dealer_of(d, &pids, &locks[i]);
			if (locks[i].mine)
				d->self = bot;
			continue;
		}
		for (j = 0; j < nchans; j++) {
			if (keys[j] == locks[i].key && d->dealer[j] < 0) {
				bot = store_dealer_of(d, &pids, &locks[i]);
				d->dealer[j] = bot;
				d->held[bot]++;
			}
		}
	}
	free(locks);
	free(pids);
	free(keys);
	return 0;
}
