/*
 * The channels the bot is in and who is in them, with channel-operator
 * status: kept from NAMES replies, JOIN, PART, KICK, QUIT, NICK and MODE.
 * Operators may stop games and remove players.  What else is known about
 * a member (user@host, account) is filled in by who.c.
 *
 * Every line the bot reads is looked up by its sender, so nothing here
 * scans: channels are found by name in b->chan_names, and members by nick
 * in b->members, one index over every channel (a nick is a member once
 * per channel it is in).  Both are kept here, where channels are made
 * and members come and go, renamed or forgotten, and nowhere else.  A
 * channel also lists its own members, for what concerns all of them (a
 * game's players looked for after a restart, the bot leaving).
 *
 * This is bookkeeping only: what the bot's own joins and parts mean for
 * a game there (a WHO to ask, a clock to stop, a channel to join again)
 * is reported up to bot.c by chan_event()'s result, and done there.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "alloc/xalloc.h"

int
chan_is_channel(const char *target)
{
	return target != NULL && strchr("#&+!", target[0]) != NULL &&
	    target[0] != '\0';
}

struct chan *
chan_find(struct bot *b, const char *name)
{
	struct hash_walk w;
	struct chan *c;

	for (c = hash_first(&b->chan_names, nick_fold(name), &w); c != NULL;
	    c = hash_next(&w)) {
		if (strcasecmp(c->name, name) == 0)
			return c;
	}
	return NULL;
}

struct chan *
chan_get(struct bot *b, const char *name)
{
	struct chan *c = chan_find(b, name);

	if (c != NULL)
		return c;
	b->chans = xreallocarray(b->chans, (size_t)b->nchans + 1,
	    sizeof *b->chans);
	c = xcalloc(1, sizeof *c);
	c->b = b;
	c->idx = b->nchans;
	b->chans[b->nchans++] = c;
	snprintf(c->name, sizeof c->name, "%s", name);
	hash_add(&b->chan_names, nick_fold(c->name), c);
	return c;
}

void
chan_free(struct chan *c)
{
	while (c->nmembers > 0)
		chan_member_drop(c->members[c->nmembers - 1]);
	free(c->members);
	hash_remove(&c->b->chan_names, nick_fold(c->name), c);
	free(c);
}

struct member *
member_first(struct bot *b, const char *nick, struct member_walk *mw)
{
	struct member *m;

	mw->nick = nick;
	mw->fold = nick_fold(nick);
	for (m = hash_first(&b->members, mw->fold, &mw->w); m != NULL;
	    m = hash_next(&mw->w)) {
		if (nick_is(m->nick, m->fold, nick, mw->fold))
			return m;
	}
	return NULL;
}

struct member *
member_next(struct member_walk *mw)
{
	struct member *m;

	while ((m = hash_next(&mw->w)) != NULL) {
		if (nick_is(m->nick, m->fold, mw->nick, mw->fold))
			return m;
	}
	return NULL;
}

struct member *
member_of(struct bot *b, const char *nick)
{
	struct member_walk mw;
	struct member *m, *best = NULL;

	for (m = member_first(b, nick, &mw); m != NULL; m = member_next(&mw)) {
		if (best == NULL || m->chan->idx < best->chan->idx)
			best = m;
	}
	return best;
}

int
member_all(struct bot *b, const char *nick, struct member ***all)
{
	struct member_walk mw;
	struct member *m;
	int n = 0;

	*all = NULL;
	for (m = member_first(b, nick, &mw); m != NULL; m = member_next(&mw)) {
		*all = xreallocarray(*all, (size_t)n + 1, sizeof **all);
		(*all)[n++] = m;
	}
	return n;
}

struct member *
chan_member(struct chan *c, const char *nick)
{
	struct member_walk mw;
	struct member *m;

	for (m = member_first(c->b, nick, &mw); m != NULL; m = member_next(&mw))
		if (m->chan == c)
			return m;
	return NULL;
}

struct member *
chan_member_add(struct chan *c, const char *nick, int op)
{
	struct member *m = chan_member(c, nick);

	if (m == NULL) {
		if (c->nmembers == c->capmembers) {
			c->capmembers = c->capmembers == 0 ? 4 :
			    c->capmembers * 2;
			c->members = xreallocarray(c->members,
			    (size_t)c->capmembers, sizeof *c->members);
		}
		m = xcalloc(1, sizeof *m);
		m->userhost = m->account = str_none;
		m->chan = c;
		m->slot = c->nmembers;
		c->members[c->nmembers++] = m;
		nick_set(m->nick, sizeof m->nick, &m->fold, nick);
		hash_add(&c->b->members, m->fold, m);
	} else
		member_rename(m, nick);
	m->op = op;
	return m;
}

void
member_rename(struct member *m, const char *nick)
{
	struct hash *h = &m->chan->b->members;

	hash_remove(h, m->fold, m);
	nick_set(m->nick, sizeof m->nick, &m->fold, nick);
	hash_add(h, m->fold, m);
}

void
chan_member_drop(struct member *m)
{
	struct chan *c = m->chan;

	hash_remove(&c->b->members, m->fold, m);
	c->members[m->slot] = c->members[--c->nmembers];
	c->members[m->slot]->slot = m->slot;
	str_free(&m->userhost);
	str_free(&m->account);
	free(m);
	/* A channel that emptied (the bot left it) gives its room back. */
	if (c->nmembers == 0) {
		free(c->members);
		c->members = NULL;
		c->capmembers = 0;
	}
}

void
chan_member_remove(struct chan *c, const char *nick)
{
	struct member *m = chan_member(c, nick);

	if (m != NULL)
		chan_member_drop(m);
}

const char *
chan_origin_nick(const char *origin, char *buf, size_t size)
{
	size_t len = strcspn(origin != NULL ? origin : "", "!@");

	if (len >= size)
		len = size - 1;
	memcpy(buf, origin != NULL ? origin : "", len);
	buf[len] = '\0';
	return buf;
}

const char *
chan_origin_userhost(const char *origin)
{
	const char *bang = origin != NULL ? strchr(origin, '!') : NULL;

	return bang != NULL ? bang + 1 : "";
}

/* RPL_NAMREPLY: "me = #chan :@op +voice nick". */
static void
chan_names(struct bot *b, const char **params, unsigned int count)
{
	char *list, *word, *save = NULL;
	struct chan *c;
	const char *n;

	if (count < 4 || (c = chan_find(b, params[2])) == NULL)
		return;
	list = xstrdup(params[3]);
	for (word = strtok_r(list, " ", &save); word != NULL;
	    word = strtok_r(NULL, " ", &save)) {
		n = word + strspn(word, "~&@%+");
		if (strcasecmp(n, b->nick) != 0)
			chan_member_add(c, n, strspn(word, "~&@%") > 0);
	}
	free(list);
}

/* MODE #chan +o-o nick nick: follows operator status. */
static void
chan_mode(struct bot *b, const char **params, unsigned int count)
{
	struct chan *c = chan_find(b, params[0]);
	const char *m;
	unsigned int arg = 2;
	struct member *mem;
	int add = 1;

	if (c == NULL || count < 2)
		return;
	for (m = params[1]; *m != '\0'; m++) {
		if (*m == '+' || *m == '-') {
			add = *m == '+';
			continue;
		}
		if (strchr("qaohvbkleIjfL", *m) == NULL || arg >= count)
			continue;
		if (strchr("qao", *m) != NULL &&
		    (mem = chan_member(c, params[arg])) != NULL)
			mem->op = add;
		if (*m != 'l' || add)
			arg++;
	}
}

void
chan_self(struct chan *c, int joined)
{
	c->joined = joined;
	c->synced = 0;
	c->asked = 0;
	if (joined)
		c->refused = 0;
	while (c->nmembers > 0)
		chan_member_drop(c->members[c->nmembers - 1]);
}

/* Someone other than the bot left every channel (QUIT). */
static void
chan_quit(struct bot *b, const char *nick)
{
	struct member **all;
	int i, n = member_all(b, nick, &all);

	for (i = 0; i < n; i++)
		chan_member_drop(all[i]);
	free(all);
}

static void
chan_nick(struct bot *b, const char *from, const char *to)
{
	struct member **all;
	int i, n;

	if (strcasecmp(from, b->nick) == 0)
		snprintf(b->nick, sizeof b->nick, "%s", to);
	/* Collected first: a rename moves a member in the index. */
	n = member_all(b, from, &all);
	for (i = 0; i < n; i++)
		member_rename(all[i], to);
	free(all);
}

enum chan_self
chan_event(struct bot *b, const char *command, const char *origin,
    const char **params, unsigned int count, struct chan **cp)
{
	char nick[NICK_MAX];
	struct chan *c;
	int self;

	chan_origin_nick(origin, nick, sizeof nick);
	self = strcasecmp(nick, b->nick) == 0;
	*cp = NULL;
	if (strcmp(command, "353") == 0)
		chan_names(b, params, count);
	else if (strcmp(command, "MODE") == 0 && count >= 2)
		chan_mode(b, params, count);
	else if (strcmp(command, "NICK") == 0 && count >= 1)
		chan_nick(b, nick, params[0]);
	else if (strcmp(command, "QUIT") == 0)
		chan_quit(b, nick);
	else if (count >= 1 && (c = chan_find(b, params[0])) != NULL) {
		*cp = c;
		if (strcmp(command, "JOIN") == 0 && self) {
			chan_self(c, 1);
			return CHAN_SELF_JOINED;
		} else if (strcmp(command, "JOIN") == 0)
			chan_member_add(c, nick, 0);
		else if (strcmp(command, "PART") == 0 && self) {
			chan_self(c, 0);
			return CHAN_SELF_LEFT;
		} else if (strcmp(command, "PART") == 0)
			chan_member_remove(c, nick);
		else if (strcmp(command, "KICK") == 0 && count >= 2 &&
		    strcasecmp(params[1], b->nick) == 0) {
			chan_self(c, 0);
			return CHAN_SELF_KICKED;
		} else if (strcmp(command, "KICK") == 0 && count >= 2)
			chan_member_remove(c, params[1]);
	}
	return CHAN_SELF_NONE;
}

int
chan_dealt(const struct chan *c)
{
	return !c->b->sharing || c->dealt;
}

int
chan_waits(const struct chan *c)
{
	return c->handover[0] != '\0';
}
