/*
 * The channels the bot is in and who is in them, with channel-operator
 * status: kept from NAMES replies, JOIN, PART, KICK, QUIT, NICK and MODE.
 * Operators may stop games and remove players.  What else is known about
 * a member (user@host, account) is filled in by who.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core.h"
#include "games/xalloc.h"

int
chan_is_channel(const char *target)
{
	return target != NULL && strchr("#&+!", target[0]) != NULL &&
	    target[0] != '\0';
}

struct chan *
chan_find(struct bot *b, const char *name)
{
	int i;

	for (i = 0; i < b->nchans; i++) {
		if (strcasecmp(b->chans[i]->name, name) == 0)
			return b->chans[i];
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
	b->chans[b->nchans++] = c;
	snprintf(c->name, sizeof c->name, "%s", name);
	return c;
}

struct member *
chan_member_folded(struct chan *c, const char *nick, uint32_t fold)
{
	int i;

	for (i = 0; i < c->nmembers; i++) {
		if (nick_is(c->members[i].nick, c->members[i].fold, nick, fold))
			return &c->members[i];
	}
	return NULL;
}

struct member *
chan_member(struct chan *c, const char *nick)
{
	return chan_member_folded(c, nick, nick_fold(nick));
}

struct member *
chan_member_add(struct chan *c, const char *nick, int op)
{
	struct member *m = chan_member(c, nick);

	if (m == NULL) {
		if (c->nmembers == MEMBERS_MAX)
			return NULL;
		m = &c->members[c->nmembers++];
		memset(m, 0, sizeof *m);
	}
	nick_set(m->nick, sizeof m->nick, &m->fold, nick);
	m->op = op;
	return m;
}

void
chan_member_remove(struct chan *c, const char *nick)
{
	struct member *m = chan_member(c, nick);

	if (m != NULL)
		*m = c->members[--c->nmembers];
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
chan_self(struct bot *b, struct chan *c, int joined)
{
	c->joined = joined;
	c->synced = 0;
	c->nmembers = 0;
	if (joined)
		who_ask(b, c);
	else if (c->table != NULL)
		table_pause(c->table);
}

/* Someone other than the bot left every channel (QUIT) or one (PART). */
static void
chan_left(struct bot *b, struct chan *only, const char *nick)
{
	int i;

	for (i = 0; i < b->nchans; i++) {
		if (only == NULL || only == b->chans[i])
			chan_member_remove(b->chans[i], nick);
	}
}

static void
chan_nick(struct bot *b, const char *from, const char *to)
{
	uint32_t fold = nick_fold(from);
	struct member *m;
	int i;

	if (strcasecmp(from, b->nick) == 0)
		snprintf(b->nick, sizeof b->nick, "%s", to);
	for (i = 0; i < b->nchans; i++) {
		if ((m = chan_member_folded(b->chans[i], from, fold)) != NULL)
			nick_set(m->nick, sizeof m->nick, &m->fold, to);
	}
}

void
chan_event(struct bot *b, const char *command, const char *origin,
    const char **params, unsigned int count)
{
	char nick[NICK_MAX];
	struct chan *c;
	int self;

	chan_origin_nick(origin, nick, sizeof nick);
	self = strcasecmp(nick, b->nick) == 0;
	if (strcmp(command, "353") == 0)
		chan_names(b, params, count);
	else if (strcmp(command, "MODE") == 0 && count >= 2)
		chan_mode(b, params, count);
	else if (strcmp(command, "NICK") == 0 && count >= 1)
		chan_nick(b, nick, params[0]);
	else if (strcmp(command, "QUIT") == 0)
		chan_left(b, NULL, nick);
	else if (count >= 1 && (c = chan_find(b, params[0])) != NULL) {
		if (strcmp(command, "JOIN") == 0 && self)
			chan_self(b, c, 1);
		else if (strcmp(command, "JOIN") == 0)
			chan_member_add(c, nick, 0);
		else if (strcmp(command, "PART") == 0 && self)
			chan_self(b, c, 0);
		else if (strcmp(command, "PART") == 0)
			chan_left(b, c, nick);
		else if (strcmp(command, "KICK") == 0 && count >= 2 &&
		    strcasecmp(params[1], b->nick) == 0) {
			chan_self(b, c, 0);
			if (c->table != NULL)	/* a game waits: go back */
				say_raw(b, "JOIN %s", c->name);
		}
		else if (strcmp(command, "KICK") == 0 && count >= 2)
			chan_left(b, c, params[1]);
	}
}
