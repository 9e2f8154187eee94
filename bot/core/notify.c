/*
 * A call to play (!notify): when a lobby opens, one channel line names
 * the players who asked to be called to its game and are there to hear
 * it.  Who asked is in the prefs table ("notify" for every game,
 * "notify:VARIANT" for one: cmd-lobby.c writes them); when it was last
 * said to whom is kept here, in memory, NOTIFY_AGAIN_MS at most.
 *
 * Finding them costs one query and one walk, whatever the channel's size:
 * the store gives the keys of every player called to the game, sorted
 * (store_pref_players()), and each member of the channel is looked for
 * among them by its player key (who_player_key(): its account when known,
 * else its nick, as prefs are read at dispatch) with a binary search.  No
 * query is made per member.  The call is a thing of the channel, so
 * nobody is sent anything privately.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

struct notify_seen {
	char *key;			/* the player's key */
	uint64_t at;			/* when a lobby named them */
};

/* Forgets the calls older than NOTIFY_AGAIN_MS. */
static void
notify_prune(struct bot *b)
{
	int i, n = 0;

	for (i = 0; i < b->nnotified; i++) {
		if (b->now - b->notified[i].at >= NOTIFY_AGAIN_MS) {
			free(b->notified[i].key);
			continue;
		}
		b->notified[n++] = b->notified[i];
	}
	b->nnotified = n;
}

/* Whether key was called in the last NOTIFY_AGAIN_MS (after a prune). */
static int
notify_recent(const struct bot *b, const char *key)
{
	int i;

	for (i = 0; i < b->nnotified; i++) {
		if (strcmp(b->notified[i].key, key) == 0)
			return 1;
	}
	return 0;
}

static void
notify_note(struct bot *b, const char *key)
{
	b->notified = xreallocarray(b->notified, (size_t)b->nnotified + 1,
	    sizeof *b->notified);
	b->notified[b->nnotified].key = xstrdup(key);
	b->notified[b->nnotified++].at = b->now;
}

static int
notify_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The end of the line, when more players are left out. */
static void
notify_tail(struct buf *out, const struct bot *b, int more)
{
	if (more > 0)
		/* TRANSLATORS: after the nicks called, "alice, bob and 3
		 * more". */
		buf_addf(out, ngettext(" and %d more", " and %d more", more),
		    more);
	/* TRANSLATORS: the end of the call; %s is the command prefix ("!")
	 * of the command "notify off", which stays as typed. */
	buf_addf(out, _(" (%snotify off to stop)."), b->conf->prefix);
}

void
notify_call(struct table *t)
{
	struct bot *b = t->b;
	struct chan *c = t->chan;
	struct buf key = BUF_INIT, line = BUF_INIT, tail = BUF_INIT;
	struct member **called;
	struct member *m;
	struct who w;
	char name[64], *cause = NULL, **keys;
	const char *k;
	size_t room = say_chan_room(b, c);
	int i, n, ncalled = 0, named;

	snprintf(name, sizeof name, "notify:%s", t->ops->name);
	if ((n = store_pref_players(b->store, name, "notify", &keys,
	    &cause)) < 0) {
		log_warn("%s: who to call is not known: "
		    "%s", c->name, cause);
		free(cause);
		return;
	}
	notify_prune(b);
	called = xreallocarray(NULL, (size_t)c->nmembers + 1, sizeof *called);
	for (i = 0; i < c->nmembers && n > 0; i++) {
		m = c->members[i];
		w = who_member(m);
		buf_reset(&key);
		who_player_key(&key, &w);
		k = buf_str(&key);
		if (m->away || table_seat_of(t, &w) >= 0 ||
		    bsearch(&k, keys, (size_t)n, sizeof *keys,
		    notify_cmp) == NULL || notify_recent(b, k))
			continue;
		/* Noted now, so one person under two nicks is counted
		 * once; those the line has no room for are forgotten
		 * below. */
		notify_note(b, k);
		called[ncalled++] = m;
	}
	/* TRANSLATORS: %s is the game's name as typed ("cheat"); the nicks
	 * follow, each after a space, with commas between. */
	buf_addf(&line, _("Calling %s players:"), t->ops->name);
	for (named = 0; named < ncalled; named++) {
		buf_reset(&tail);
		notify_tail(&tail, b, ncalled - named - 1);
		if (named > 0 && line.len + 2 + strlen(called[named]->nick) +
		    tail.len > room)
			break;
		buf_addf(&line, "%s %s", named > 0 ? "," : "",
		    called[named]->nick);
	}
	if (ncalled > 0) {
		notify_tail(&line, b, ncalled - named);
		table_say(t, buf_str(&line));
	}
	/* The last notes are the callers' in order: those not named may
	 * be called by the next lobby. */
	for (i = named; i < ncalled; i++)
		free(b->notified[--b->nnotified].key);
	for (i = 0; i < n; i++)
		free(keys[i]);
	free(keys);
	free(called);
	buf_free(&key);
	buf_free(&line);
	buf_free(&tail);
}

void
notify_free(struct bot *b)
{
	int i;

	for (i = 0; i < b->nnotified; i++)
		free(b->notified[i].key);
	free(b->notified);
	b->notified = NULL;
	b->nnotified = 0;
}
