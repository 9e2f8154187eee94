/*
 * Who sits where.
 *
 * A seat is its player's identity, fixed when they sit: the services
 * account when the network told one (who.c), else the nick together with
 * user@host.  A message is the seat's only if its sender is that identity,
 * so a stranger who takes a departed player's nick gets nothing; a nick
 * change by the player is followed.  Two nicks of one account cannot sit
 * at one table.
 *
 * Players who come and go (part, quit, come back) are presence.c's; this
 * file only finds and keeps seats, and calls nothing above it.
 *
 * A private line names no table, so its sender's seat is looked up in
 * the bot's seat indexes (b->seat_nicks by nick, b->seat_accounts by
 * account), which hold every seat of every table and are kept here
 * alone: when a seat is added, renamed, moved or freed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

/* seat_is() with the fold of w->nick worked out once for a scan. */
static int
seat_matches(const struct seat *s, const struct who *w, uint32_t fold)
{
	if (s->gone || s->ai)	/* no message is an AI seat's */
		return 0;
	if (s->account[0] != '\0')
		return w->account != NULL &&
		    strcasecmp(w->account, s->account) == 0;
	return nick_is(s->nick, s->fold, w->nick, fold) &&
	    w->userhost != NULL && strcmp(w->userhost, s->userhost) == 0;
}

int
seat_is(const struct seat *s, const struct who *w)
{
	return seat_matches(s, w, nick_fold(w->nick));
}

int
seat_same_person(const struct seat *s, const struct who *w)
{
	if (s->ai)
		return 0;
	if (s->account[0] != '\0')
		return w->account != NULL &&
		    strcasecmp(w->account, s->account) == 0;
	return w->userhost != NULL && strcmp(w->userhost, s->userhost) == 0;
}

int
table_seat_of(const struct table *t, const struct who *w)
{
	uint32_t fold;
	int i;

	if (t == NULL)
		return -1;
	fold = nick_fold(w->nick);
	for (i = 0; i < t->nseats; i++) {
		if (seat_matches(&t->seats[i], w, fold))
			return i;
	}
	return -1;
}

/* Puts seat s in the bot's indexes (add), or takes it out. */
static void
seat_index(struct seat *s, int add)
{
	struct bot *b = s->table->b;

	if (add)
		hash_add(&b->seat_nicks, s->fold, s);
	else
		hash_remove(&b->seat_nicks, s->fold, s);
	if (s->account[0] == '\0')
		return;
	if (add)
		hash_add(&b->seat_accounts, nick_fold(s->account), s);
	else
		hash_remove(&b->seat_accounts, nick_fold(s->account), s);
}

void
seat_index_table(struct table *t, int add)
{
	int i;

	for (i = 0; i < t->nseats; i++)
		seat_index(&t->seats[i], add);
}

void
seat_set_nick(struct seat *s, const char *nick)
{
	seat_index(s, 0);
	nick_set(s->nick, sizeof s->nick, &s->fold, nick);
	seat_index(s, 1);
}

/* Whether seat a comes before seat b: by channel, then by seat. */
static int
seat_before(const struct seat *a, const struct seat *b)
{
	if (a->table->chan->idx != b->table->chan->idx)
		return a->table->chan->idx < b->table->chan->idx;
	return a < b;
}

/* Every seat that is w (seat_is()), each once, in the order of the
 * bot's channels, into *all (the caller frees it); how many.  A seat is
 * w by its nick or by its account, so both indexes are walked. */
static int
seat_all(struct bot *b, const struct who *w, struct seat ***all)
{
	uint32_t fold = nick_fold(w->nick);
	struct hash_walk hw;
	struct seat *s, *tmp;
	int n = 0, i, j, pass;

	*all = NULL;
	for (pass = 0; pass < 2; pass++) {
		if (pass == 1 && (w->account == NULL || *w->account == '\0'))
			break;
		for (s = hash_first(pass == 0 ? &b->seat_nicks :
		    &b->seat_accounts, pass == 0 ? fold :
		    nick_fold(w->account), &hw); s != NULL;
		    s = hash_next(&hw)) {
			if (!seat_matches(s, w, fold))
				continue;
			for (i = 0; i < n && (*all)[i] != s; i++)
				;
			if (i < n)
				continue;
			*all = xreallocarray(*all, (size_t)n + 1,
			    sizeof **all);
			(*all)[n++] = s;
		}
	}
	for (i = 1; i < n; i++) {
		for (j = i; j > 0 && seat_before((*all)[j], (*all)[j - 1]);
		    j--) {
			tmp = (*all)[j];
			(*all)[j] = (*all)[j - 1];
			(*all)[j - 1] = tmp;
		}
	}
	return n;
}

struct table *
table_of_player(struct bot *b, const struct who *w, int *seat)
{
	struct seat **all;
	struct table *t = NULL;

	*seat = -1;
	if (seat_all(b, w, &all) > 0) {
		t = all[0]->table;
		*seat = (int)(all[0] - t->seats);
	}
	free(all);
	return t;
}

int
seat_channels(struct bot *b, const struct who *w, struct chan ***chans)
{
	struct seat **all;
	int i, n = seat_all(b, w, &all), k = 0;

	*chans = xcalloc((size_t)n + 1, sizeof **chans);
	for (i = 0; i < n; i++) {
		if (k == 0 || (*chans)[k - 1] != all[i]->table->chan)
			(*chans)[k++] = all[i]->table->chan;
	}
	free(all);
	return k;
}

/* The first seat, of every table, not gone and named nick; t: of t
 * only. */
static struct seat *
seat_named(struct bot *b, const struct table *t, const char *nick)
{
	uint32_t fold = nick_fold(nick);
	struct hash_walk hw;
	struct seat *s, *best = NULL;

	for (s = hash_first(&b->seat_nicks, fold, &hw); s != NULL;
	    s = hash_next(&hw)) {
		if (s->gone || !nick_is(s->nick, s->fold, nick, fold) ||
		    (t != NULL && s->table != t))
			continue;
		if (best == NULL || seat_before(s, best))
			best = s;
	}
	return best;
}

/* nick_named()'s finder at table arg: whether a seat there (not gone)
 * is called name, which is then its nick. */
static int
seat_found(void *arg, char *name, size_t size)
{
	const struct table *t = arg;
	const struct seat *s = seat_named(t->b, t, name);

	if (s != NULL)
		snprintf(name, size, "%s", s->nick);
	return s != NULL;
}

int
table_seat_named(const struct table *t, const char *word)
{
	char name[NICK_MAX];
	struct seat *s;

	if (t == NULL)
		return -1;
	nick_named(word, seat_found, (void *)t, name, sizeof name);
	if ((s = seat_named(t->b, t, name)) == NULL)
		return -1;
	return (int)(s - t->seats);
}

const struct seat *
seat_of_nick(struct bot *b, const char *nick)
{
	return seat_named(b, NULL, nick);
}

int
table_seat_add(struct table *t, const struct who *w, char **cause)
{
	struct buf key = BUF_INIT;
	struct seat *s;
	int64_t id;
	int i;

	if (t->nseats >= t->ops->max_seats)
		return game_fail(cause, ngettext("the table is full (%d "
		    "player)", "the table is full (%d players)",
		    t->ops->max_seats), t->ops->max_seats);
	for (i = 0; w->account != NULL && *w->account != '\0' &&
	    i < t->nseats; i++) {
		if (strcasecmp(t->seats[i].account, w->account) == 0)
			return game_fail(cause, _("your account '%s' already "
			    "sits here as %s"), w->account, t->seats[i].nick);
	}
	who_player_key(&key, w);
	id = store_player(t->b->store, buf_str(&key), w->nick, cause);
	buf_free(&key);
	if (id < 0)
		return -1;
	seat_reserve(t, t->nseats + 1);
	s = &t->seats[t->nseats++];
	memset(s, 0, sizeof *s);
	s->table = t;
	nick_set(s->nick, sizeof s->nick, &s->fold, w->nick);
	s->userhost = s->account = str_none;
	str_set(&s->userhost, w->userhost != NULL ? w->userhost : "",
	    USERHOST_MAX);
	str_set(&s->account, w->account != NULL ? w->account : "",
	    ACCOUNT_MAX);
	s->player = id;
	prefs_load(t->b, id, &s->prefs);
	seat_index(s, 1);
	return 0;
}

/* Whether t has a seat called nick. */
static int
seat_taken(const struct table *t, const char *nick)
{
	int i;

	for (i = 0; i < t->nseats; i++)
		if (strcasecmp(t->seats[i].nick, nick) == 0)
			return 1;
	return 0;
}

int
table_seat_add_ai(struct table *t, enum ai_level level, char **cause)
{
	const struct conf *c = t->b->conf;
	char nick[NICK_MAX], key[NICK_MAX + 8];
	struct seat *s;
	int64_t id;
	int i, round;

	if (t->nseats >= t->ops->max_seats)
		return game_fail(cause, ngettext("the table is full (%d "
		    "player)", "the table is full (%d players)",
		    t->ops->max_seats), t->ops->max_seats);
	/* NICK_AI makes a name no person's nick can be; with every name
	 * seated, they come round again with a number. */
	for (round = 1;; round++) {
		for (i = 0; i < c->nai_names; i++) {
			snprintf(key, sizeof key, "ai:%s", c->ai_names[i]);
			if (round > 1)
				snprintf(key, sizeof key, "ai:%s%d",
				    c->ai_names[i], round);
			nick_ai(nick, sizeof nick, key + 3);
			if (!seat_taken(t, nick))
				break;
		}
		if (i < c->nai_names)
			break;
	}
	if ((id = store_player(t->b->store, key, nick, cause)) < 0)
		return -1;
	seat_reserve(t, t->nseats + 1);
	s = &t->seats[t->nseats++];
	memset(s, 0, sizeof *s);
	s->table = t;
	nick_set(s->nick, sizeof s->nick, &s->fold, nick);
	s->userhost = s->account = str_none;
	s->player = id;
	s->ai = 1;
	s->level = level;
	prefs_default(t->b, &s->prefs);
	seat_index(s, 1);
	return t->nseats - 1;
}

int
table_people(const struct table *t)
{
	int i, n = 0;

	for (i = 0; i < t->nseats; i++)
		n += !t->seats[i].gone && !t->seats[i].ai;
	return n;
}

void
seat_reserve(struct table *t, int n)
{
	/* Seats move: out of the indexes while they do.  Only a lobby
	 * grows (or a game rebuilt before its seats are filled in), so no
	 * grace timer holds a seat's address. */
	if (n <= t->capseats)
		return;
	seat_index_table(t, 0);
	t->capseats = n;
	t->seats = xreallocarray(t->seats, (size_t)n, sizeof *t->seats);
	seat_index_table(t, 1);
}

void
seat_free(struct seat *s)
{
	str_free(&s->userhost);
	str_free(&s->account);
}

void
table_seat_remove(struct table *t, int seat)
{
	seat_index_table(t, 0);
	seat_free(&t->seats[seat]);
	memmove(&t->seats[seat], &t->seats[seat + 1],
	    (size_t)(t->nseats - seat - 1) * sizeof t->seats[0]);
	t->nseats--;
	seat_index_table(t, 1);
	if (t->opener > seat || t->opener >= t->nseats)
		t->opener = t->opener > 0 ? t->opener - 1 : 0;
}

void
seat_renamed(struct bot *b, const struct who *w, const char *nick)
{
	struct seat **all;
	int i, n = seat_all(b, w, &all);

	for (i = 0; i < n; i++)
		seat_set_nick(all[i], nick);
	free(all);
}

