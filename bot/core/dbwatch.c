/*
 * The database watched while the bot runs: a timer looks at its files
 * every DBWATCH_MS (store_files_ok(): still the files opened, still
 * writable), as storage does before each transaction; in a league's
 * PostgreSQL database, it asks the server whether the bot's claim on its
 * network is held still (store_claim_held()).  When they fail,
 * the log and the admins are told once, and every move is refused (the
 * store refuses the transaction) until they pass again, which is told
 * too.  So a database whose directory was removed, or whose files were
 * made unwritable, is noticed within DBWATCH_MS even when nobody plays;
 * a game's write that fails looks at once (dbwatch_now(), from
 * table_store_failed()), so that a league's bot whose server went away
 * stops with the move it refused, not up to DBWATCH_MS later.
 */
#include <stdlib.h>

#include "bot/core/core.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

/* Asks the server whether the claim on the network is held still: when
 * it is not (or cannot be asked: the connection lost, and the claim with
 * it), another bot of the network may have taken over, and two bots must
 * never play one network's games: the admins and the log are told, and
 * the bot stops (bot_must_stop(): DBWATCH_LOST) for its service manager
 * to start it again, when it waits its turn.  0, or -1 when it must
 * stop. */
static int
dbwatch_claim(struct bot *b)
{
	char *cause = NULL;

	if (store_claim_held(b->store, &cause) == 0)
		return 0;
	dbwatch_lost(b, cause);
	free(cause);
	return -1;
}

void
dbwatch_lost(struct bot *b, const char *cause)
{
	char *text;

	log_error("%s: stopping, as another bot of the network may run its "
	    "games now (docs/storage.md, Several bots of one network)",
	    cause);
	/* TRANSLATORS: %s is the database's own words on why (English). */
	text = xasprintf(_("I lost my claim on this network in the league's "
	    "database (%s): I stop now; the log says more."), cause);
	who_tell_admins_now(b, text);
	free(text);
	b->stop_why = DBWATCH_LOST;
}

/* Looks at the files now: a change is logged and told to the admins. */
void
dbwatch_now(struct bot *b)
{
	char *cause = NULL, *text;

	if (b->stop_why != NULL || dbwatch_claim(b) != 0)
		return;
	if (store_files_ok(b->store, &cause) != 0) {
		if (!b->db_broken) {
			b->db_broken = 1;
			log_error("%s: moves are refused until the database "
			    "can be written (docs/operating.md, When storage "
			    "fails)", cause);
			text = xasprintf(_("I cannot write my database (%s): "
			    "moves are refused until it can be written; the "
			    "log says more."), cause);
			who_tell_admins_now(b, text);
			free(text);
		}
		free(cause);
		return;
	}
	if (b->db_broken) {
		b->db_broken = 0;
		log_info("the database can be written again: moves are "
		    "accepted");
		who_tell_admins_now(b, _("My database can be written again: "
		    "moves are accepted."));
	}
}

/* The timer: a look, and the next one armed. */
static void
dbwatch_due(void *arg, uint64_t now)
{
	struct bot *b = arg;

	b->now = now;
	b->t_dbwatch = 0;
	dbwatch_now(b);
	dbwatch_start(b);
}

void
dbwatch_start(struct bot *b)
{
	timer_cancel(&b->timers, b->t_dbwatch);
	b->t_dbwatch = timer_add(&b->timers, b->now + DBWATCH_MS, dbwatch_due,
	    b);
}
