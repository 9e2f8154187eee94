/*
 * The network's name (core.h, network.c).  A league's bots share one
 * PostgreSQL database, and every player, game and claim there is a
 * network's: a bot must know its network before it reads or writes any of
 * them.  The name is --network NAME, else the configuration's `network`
 * (both set the store's network before the bot starts), else the server's:
 * its 005 (ISUPPORT) says NETWORK=Libera.Chat.  A bot that has to wait for
 * that registers, joins no channel and takes no command; the 005 comes
 * right after 001, so the wait is short.  Then it claims the network as a
 * bot given it at start does, and begins: it deals its share of the
 * network's channels (share.c), their games resumed.  When the server
 * names none by the end of its MOTD, or a name no league could use, the
 * log says so once a connection, and the bot waits on (a reconnection
 * may reach a server that names it).
 *
 * An SQLite bot never waits: on a file of its own, a network would only
 * make every player of the file new (docs/config.md), so the server's name
 * is not taken.  The network, once named, is the bot's until it restarts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/lib/log.h"
#include "config/conf.h"
#include "storage/store.h"

#define NETWORK_TOKEN "NETWORK="
#define NETWORK_SET "set --network NAME or the network setting " \
    "(docs/league.md); the bot waits, in no channel"

void
network_start(struct bot *b)
{
	b->network_wait = store_needs_network(b->store);
}

void
network_connected(struct bot *b)
{
	b->network_told = 0;
}

/* The value of the NETWORK= token among a 005 line's, or NULL. */
static const char *
network_token(const char **params, unsigned int count)
{
	size_t len = strlen(NETWORK_TOKEN);
	unsigned int i;

	/* params[0] is our nick, the last one the trailing text. */
	for (i = 1; i + 1 < count; i++)
		if (strncasecmp(params[i], NETWORK_TOKEN, len) == 0)
			return params[i] + len;
	return NULL;
}

/* The server named the network name: claimed (shared with the
 * network's other bots: share.c), 1; else 0, the bot then waiting on (a
 * name no league can use), standing by (an offline tool, a copy or a
 * prune, holds the network alone) or stopping (the database failed). */
static int
network_named(struct bot *b, const char *name)
{
	char *cause = NULL;
	int rc;

	if (conf_check_kind("network", name, &cause) != 0) {
		log_error("the server's 005 NETWORK cannot name a league's "
		    "network: %s; " NETWORK_SET, cause);
		free(cause);
		b->network_told = 1;
		return 0;
	}
	store_set_network(b->store, name);
	if ((rc = store_claim_bot(b->store, b->nick, &cause)) == 0) {
		b->network_wait = 0;
		log_info("network '%s', as the server names it (005 NETWORK)",
		    name);
		return 1;
	}
	if (rc == 1) {
		/* The wait for the claim logs the cause (bot/main.c). */
		snprintf(b->stop_text, sizeof b->stop_text,
		    "a cheaterbot tool holds network '%s'", name);
		b->stop_why = b->stop_text;
		b->standby = 1;
	} else {
		log_error("%s", cause);
		b->stop_why = DBWATCH_LOST;
	}
	free(cause);
	return 0;
}

int
network_event(struct bot *b, const char *command, const char **params,
    unsigned int count)
{
	const char *name;

	if (!b->network_wait || b->stop_why != NULL)
		return 0;
	if (strcmp(command, "005") == 0 &&
	    (name = network_token(params, count)) != NULL)
		return network_named(b, name);
	if ((strcmp(command, "376") == 0 || strcmp(command, "422") == 0) &&
	    !b->network_told) {
		b->network_told = 1;
		log_warn("the server has not named its network (no NETWORK "
		    "in its 005), which a bot on a league's database needs: "
		    NETWORK_SET);
	}
	return 0;
}
