/*
 * The claim of a league's bot on PostgreSQL: one bot runs a network's
 * games at a time.  SQLite's claim is a lock on a file beside the
 * database (db-file.c); a server has no such file, and its lock must
 * also be seen by bots on other machines.  So the claim is the server's
 * session advisory lock (STORE_CLAIM_SPACE, the network's number): the
 * server holds it for the connection that took it and lets it go when
 * that connection ends however it ends (a bot killed, its machine gone
 * once the server notices: docs/storage.md, Failover).  A second bot of
 * the same network finds it held and waits (bot/main.c) until it is let
 * go; bots of other networks take locks of their own.
 *
 * A bot that lost its connection lost its claim with it, and a waiting
 * bot may have taken over: store_claim_held() asks the server, and the
 * bot stops when the answer is not yes (bot/core/dbwatch.c).
 */
#include <stdint.h>

#include "store-int.h"

/* The lock space of the networks' claims: "chbu", beside db-pgsql.c's
 * transaction lock "chbt" (a lock of the one-number form, which never
 * meets these). */
#define STORE_CLAIM_SPACE 0x63686275

/* The network's number in STORE_CLAIM_SPACE: FNV-1a of its name, 31
 * bits.  Two names of one number would keep each other's bot waiting;
 * with a league's few networks that is a chance of about n^2 / 2^32. */
static int32_t
store_claim_key(const char *network)
{
	uint32_t h = 2166136261u;
	const unsigned char *p;

	for (p = (const unsigned char *)network; *p != '\0'; p++) {
		h ^= *p;
		h *= 16777619u;
	}
	return (int32_t)(h & 0x7fffffff);
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
