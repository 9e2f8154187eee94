/*
 * The channels the bot is in and who is in them, with channel-operator
 * status: kept from NAMES replies, JOIN, PART, KICK, QUIT, NICK and MODE.
 * Operators may stop games; bot admins are matched against the configured
 * nick!user@host masks.
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
		if (strcasecmp(b->chans[i].name, name) == 0)
			return &b->chans[i];
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
	c = &b->chans[b->nchans++];
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "%s", name);
	return c;
}

struct member *
chan_member(struct chan *c, const char *nick)
{
	int i;

	for (i = 0; i < c->nmembers; i++) {
		if (strcasecmp(c->members[i].nick, nick) == 0)
			return &c->members[i];
	}
	return NULL;
}

void
chan_member_add(struct chan *c, const char *nick, int op)
{
	struct member *m = chan_member(c, nick);

	if (m == NULL) {
		if (c->nmembers == MEMBERS_MAX)
			return;
		m = &c->members[c->nmembers++];
	}
	snprintf(m->nick, sizeof m->nick, "%s", nick);
	m->op = op;
}

void
chan_member_remove(struct chan *c, const char *nick)
{
	struct member *m = chan_member(c, nick);

	if (m != NULL)
		*m = c->members[--c->nmembers];
}

/* Whether s matches the wildcard mask (* and ?), ignoring case. */
static int
chan_mask_match(const char *mask, const char *s)
{
	if (*mask == '\0')
		return *s == '\0';
	if (*mask == '*')
		return chan_mask_match(mask + 1, s) ||
		    (*s != '\0' && chan_mask_match(mask, s + 1));
	if (*s == '\0')
		return 0;
	if (*mask != '?' && tolower((unsigned char)*mask) !=
	    tolower((unsigned char)*s))
		return 0;
	return chan_mask_match(mask + 1, s + 1);
}

int
chan_is_admin(const struct bot *b, const char *nick, const char *userhost)
{
	char mask[NICK_MAX + USERHOST_MAX + 2];
	int i;

	snprintf(mask, sizeof mask, "%s!%s", nick, userhost);
	for (i = 0; i < b->conf->nadmins; i++) {
		if (strchr(b->conf->admins[i], '!') != NULL &&
		    chan_mask_match(b->conf->admins[i], mask))
			return 1;
	}
	return 0;
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

/* The bot itself joined or left. */
static void
chan_self(struct chan *c, int joined)
{
	c->joined = joined;
	c->nmembers = 0;
	if (joined)
		fprintf(stderr, "cheaterbot: joined %s\n", c->name);
}

/* Someone other than the bot left every channel (QUIT) or one (PART). */
static void
chan_left(struct bot *b, struct chan *only, const char *nick)
{
	int i;

	for (i = 0; i < b->nchans; i++) {
		if (only == NULL || only == &b->chans[i])
			chan_member_remove(&b->chans[i], nick);
	}
}

static void
chan_nick(struct bot *b, const char *from, const char *to)
{
	struct member *m;
	int i, op;

	if (strcasecmp(from, b->nick) == 0)
		snprintf(b->nick, sizeof b->nick, "%s", to);
	for (i = 0; i < b->nchans; i++) {
		if ((m = chan_member(&b->chans[i], from)) != NULL) {
			op = m->op;
			chan_member_remove(&b->chans[i], from);
			chan_member_add(&b->chans[i], to, op);
		}
	}
	table_rename(b, from, to);
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
			chan_self(c, 1);
		else if (strcmp(command, "JOIN") == 0)
			chan_member_add(c, nick, 0);
		else if (strcmp(command, "PART") == 0 && self)
			chan_self(c, 0);
		else if (strcmp(command, "PART") == 0)
			chan_left(b, c, nick);
		else if (strcmp(command, "KICK") == 0 && count >= 2 &&
		    strcasecmp(params[1], b->nick) == 0)
			chan_self(c, 0);
		else if (strcmp(command, "KICK") == 0 && count >= 2)
			chan_left(b, c, params[1]);
	}
}
