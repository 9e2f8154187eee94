/*
 * The channels this bot deals among its network's bots (a league on
 * PostgreSQL; docs/storage.md, Several bots of one network).
 *
 * Every SHARE_MS the bot reads who deals what (store_dealers()): the bots
 * running, and each configured channel's dealer.  Then, registered on its
 * server:
 *
 *  - a bot that deals two channels more than the least busy other bot
 *    lets one go, a channel with no lobby and no game: it parts it ("PART
 *    #c :another cheaterbot deals here from now on") and lets its claim
 *    go, for the least busy to take at its next look.  A game is never
 *    moved while it runs.
 *  - a bot that deals no more than the least busy other bot (or that is
 *    alone) claims a channel nobody deals (store_chan_claim(), the
 *    server's lock, so that two bots never deal one channel), and joins
 *    it.  A game running there (its dealer died, or stopped) is rebuilt
 *    from the move log.  A channel nobody took for SHARE_FREE_LOOKS
 *    looks (the least busy bot is off its server, say) is claimed by
 *    any bot, which then lets none go for SHARE_CALM_MS: a bot that
 *    does not take its share does not make the others part and join
 *    again every few seconds.
 *
 * So two bots of four channels deal two each; a third started later
 * takes one as soon as a channel is between games; when one dies, its
 * server ends its connection, its locks go with it, and the others take
 * its channels at their next look, within SHARE_MS.
 *
 * A handover: the dealer the last look saw (the bot that let the channel
 * go, or one whose database connection was cut and which has not noticed
 * yet) may still be in the channel.  The new dealer joins but says
 * nothing there, and takes no command there, until that nick has left
 * it (or HANDOVER_MS have passed: a bot that lost its claims stops
 * within DBWATCH_MS and a few lines), so that the channel never has two
 * dealers talking at once.
 *
 * A channel a reload dropped from the configuration is let go once it
 * has no game.
 *
 * Each look also checks what the bot deals is still its own: a channel
 * claim that went (its connection ended and came back, another bot took
 * it) stops the bot as a lost network claim does (dbwatch.c).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

/* The configured channels' names and (unless chans is NULL) chans, in
 * b->chans' order; how many. */
static int
share_chans(struct bot *b, const char ***names, struct chan ***chans)
{
	int i, n = 0;

	*names = xcalloc((size_t)b->nchans + 1, sizeof **names);
	if (chans != NULL)
		*chans = xcalloc((size_t)b->nchans + 1, sizeof **chans);
	for (i = 0; i < b->nchans; i++) {
		if (!b->chans[i]->configured)
			continue;
		if (chans != NULL)
			(*chans)[n] = b->chans[i];
		(*names)[n++] = b->chans[i]->name;
	}
	return n;
}

/* Lets c go: parted, its claim let go. */
static void
share_release(struct bot *b, struct chan *c)
{
	char *cause = NULL;

	if (store_chan_release(b->store, c->name, &cause) != 0) {
		log_error("%s", cause);
		free(cause);
		return;
	}
	c->dealt = 0;
	log_info("%s let go for another cheaterbot of the network to deal",
	    c->name);
	if (c->joined || c->asked)
		say_raw(b, QUEUE_JOIN, "PART %s :%s", c->name,
		    _("another cheaterbot deals here from now on"));
	c->asked = 0;
}

/* Claims c, dealt by nobody now and last by prev ("" for nobody): 1 when
 * taken, 0 when another bot was quicker, -1 on a fault. */
static int
share_claim(struct bot *b, struct chan *c, const char *prev)
{
	char *cause = NULL;
	int rc;

	if ((rc = store_chan_claim(b->store, c->name, &cause)) <= 0) {
		if (rc < 0) {
			log_error("%s", cause);
			free(cause);
		}
		return rc;
	}
	c->dealt = 1;
	c->handover[0] = '\0';
	if (*prev != '\0' && strcasecmp(prev, b->nick) != 0) {
		snprintf(c->handover, sizeof c->handover, "%s", prev);
		c->handover_end = b->now + HANDOVER_MS;
	}
	log_info("dealing %s%s%s", c->name, *prev != '\0' ? ", after " : "",
	    prev);
	b->events->chan_taken(b, c);
	if (c->handover[0] != '\0' && c->table != NULL)
		c->table->paused = TABLE_TAKEN;	/* said so as it goes on */
	return 1;
}

/* A claim of the bot's is gone: it stops (dbwatch.c). */
static void
share_lost(struct bot *b, const char *chan)
{
	char *cause = xasprintf("database '%s': the claim on channel %s is "
	    "no longer held", store_name(b->store), chan);

	dbwatch_lost(b, cause);
	free(cause);
}

/* One look: what is dealt checked, a channel let go or claimed. */
static void
share_look(struct bot *b)
{
	struct store_dealers d;
	struct chan **chans;
	const char **names;
	char *cause = NULL;
	int n, i, mine, least = INT_MAX;

	n = share_chans(b, &names, &chans);
	if (store_dealers(b->store, names, n, &d, &cause) != 0) {
		log_error("%s", cause);
		free(cause);
		dbwatch_now(b);	/* the connection lost, most likely */
		goto out;
	}
	if (d.self < 0) {
		dbwatch_now(b);
		goto done;
	}
	for (i = 0; i < n; i++) {
		if (chans[i]->dealt && d.dealer[i] != d.self) {
			share_lost(b, chans[i]->name);
			goto done;
		}
		if (d.dealer[i] >= 0 && d.dealer[i] != d.self &&
		    strcmp(chans[i]->dealer, d.nicks[d.dealer[i]]) != 0)
			log_info("%s is dealt by %s", chans[i]->name,
			    d.nicks[d.dealer[i]]);
		if (d.dealer[i] >= 0)
			snprintf(chans[i]->dealer, sizeof chans[i]->dealer,
			    "%s", d.nicks[d.dealer[i]]);
	}
	if (!b->online)
		goto done;
	/* Dropped from the configuration by a reload: let go once idle. */
	for (i = 0; i < b->nchans; i++)
		if (!b->chans[i]->configured && b->chans[i]->dealt &&
		    b->chans[i]->table == NULL)
			share_release(b, b->chans[i]);
	for (i = 0; i < d.nbots; i++)
		if (i != d.self && d.held[i] < least)
			least = d.held[i];
	mine = d.held[d.self];
	for (i = 0; i < n; i++)
		chans[i]->free_looks = d.dealer[i] < 0 && !chans[i]->dealt
		    ? chans[i]->free_looks + 1 : 0;
	if (least != INT_MAX && mine > least + 1 && b->now >= b->share_calm) {
		for (i = 0; i < n; i++) {
			if (chans[i]->dealt && chans[i]->table == NULL &&
			    chans[i]->handover[0] == '\0') {
				share_release(b, chans[i]);
				break;
			}
		}
		goto done;
	}
	for (i = 0; i < n; i++) {
		if (d.dealer[i] >= 0 || chans[i]->dealt)
			continue;
		if (mine > least && chans[i]->free_looks <= SHARE_FREE_LOOKS)
			continue;
		if (share_claim(b, chans[i], chans[i]->dealer) <= 0)
			continue;
		if (mine++ > least) {
			/* Its turn was another's, which did not take it. */
			log_info("%s: free for %d looks, taken; no channel let "
			    "go for %d s", chans[i]->name, SHARE_FREE_LOOKS + 1,
			    SHARE_CALM_MS / 1000);
			b->share_calm = b->now + SHARE_CALM_MS;
		}
	}
	join_pending(b);
done:
	store_dealers_free(&d);
out:
	free(names);
	free(chans);
}

/* The timer: a look, and the next one armed. */
static void
share_due(void *arg, uint64_t now)
{
	struct bot *b = arg;

	b->now = now;
	b->t_share = 0;
	share_now(b);
	share_event(b);
	b->t_share = timer_add(&b->timers, b->now + SHARE_MS, share_due, b);
}

void
share_start(struct bot *b)
{
	if (!store_shares_chans(b->store))
		return;
	b->sharing = 1;
	timer_cancel(&b->timers, b->t_share);
	b->t_share = timer_add(&b->timers, b->now, share_due, b);
}

void
share_now(struct bot *b)
{
	if (b->sharing && !b->network_wait && b->stop_why == NULL &&
	    !b->stopping)
		share_look(b);
}

void
share_named(struct bot *b, const char *nick)
{
	char *cause = NULL;

	if (!b->sharing || b->network_wait)
		return;
	if (store_dealer_name(b->store, nick, &cause) != 0) {
		log_error("%s", cause);
		free(cause);
	}
}

/* Ends c's handover: its game goes on, if it has one and is joined. */
static void
share_handover_done(struct chan *c, const char *why)
{
	log_info("%s: %s; dealing there now", c->name, why);
	c->handover[0] = '\0';
	if (c->synced && c->table != NULL)
		c->b->events->game_goes_on(c->table);
}

void
share_event(struct bot *b)
{
	struct chan *c;
	char why[NICK_MAX + 64];
	int i;

	if (!b->sharing)
		return;
	for (i = 0; i < b->nchans; i++) {
		c = b->chans[i];
		if (!chan_waits(c) || !c->synced)
			continue;
		if (chan_member(c, c->handover) == NULL) {
			snprintf(why, sizeof why, "%s, its last dealer, is "
			    "not there", c->handover);
			share_handover_done(c, why);
		} else if (b->now >= c->handover_end) {
			log_warn("%s: %s, its last dealer, is still there "
			    "after %d s", c->name, c->handover,
			    HANDOVER_MS / 1000);
			share_handover_done(c, "waited long enough");
		}
	}
}

/* Adds to out the channels of names[] that d says bot k deals (k -1:
 * nobody), "#a, #b and #c" after lead; how many. */
static int
share_list(const struct store_dealers *d, const char **names, int n, int k,
    const char *lead, struct buf *out)
{
	int i, done = 0, total = 0;

	for (i = 0; i < n; i++)
		total += d->dealer[i] == k;
	for (i = 0; i < n; i++) {
		if (d->dealer[i] != k)
			continue;
		buf_addf(out, "%s%s", done == 0 ? lead : done + 1 < total ?
		    /* TRANSLATORS: the last joint of a list of channels,
		     * "#a, #b and #c". */
		    ", " : _(" and "), names[i]);
		done++;
	}
	return done;
}

int
share_where(struct bot *b, struct buf *out)
{
	struct store_dealers d;
	const char **names;
	char *cause = NULL, lead[NICK_MAX + 64];
	int n, k, len, said = 0;

	if (!b->sharing)
		return 0;
	n = share_chans(b, &names, NULL);
	if (store_dealers(b->store, names, n, &d, &cause) != 0) {
		log_error("%s", cause);
		free(cause);
		free(names);
		return 0;
	}
	for (k = 0; k < d.nbots; k++) {
		if (k == d.self)
			continue;
		len = snprintf(lead, sizeof lead, "%s", said > 0 ? "; " : "");
		/* TRANSLATORS: a bot's nick; its channels follow, "#a, #b
		 * and #c".  Parts joined by "; ": "dealer2 deals #b; for now
		 * nobody deals #c; I deal #a". */
		snprintf(lead + len, sizeof lead - (size_t)len, _("%s deals "),
		    d.nicks[k]);
		said += share_list(&d, names, n, k, lead, out);
	}
	snprintf(lead, sizeof lead, "%s%s", said > 0 ? "; " : "",
	    /* TRANSLATORS: channels follow, "#a, #b and #c". */
	    _("for now nobody deals "));
	said += share_list(&d, names, n, -1, lead, out);
	if (d.self >= 0) {
		snprintf(lead, sizeof lead, "%s%s", said > 0 ? "; " : "",
		    /* TRANSLATORS: the channels this bot deals follow,
		     * "#a, #b and #c". */
		    _("I deal "));
		said += share_list(&d, names, n, d.self, lead, out);
	}
	store_dealers_free(&d);
	free(names);
	return said;
}
