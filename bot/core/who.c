/*
 * Who people are, as far as the network tells: user@host from every
 * origin and from WHO replies, the services account from an extended JOIN
 * (IRCv3 extended-join), from ACCOUNT messages (account-notify) and from
 * WHOX replies, where the server offers them (the relay asks for the
 * capabilities; 005 says WHOX).  Seats (seat.c) and admins are matched
 * against what is known here.  Whether someone is away comes from the
 * flags of the WHO reply (G) and, on a server with away-notify, from AWAY
 * lines as it changes; without away-notify it is what the last WHO said.
 *
 * After joining a channel the bot asks WHO (WHOX with the account when
 * offered); the end of that reply (315) marks the channel synced, which is
 * when a paused game there goes on (bot.c sees to that).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"

#define WHO_TOKEN "42"		/* marks our WHOX queries' replies */
#define WHO_TELL_MS 60000	/* admins hear an alarm at most this often */

/* Copies an account name from the network: "*" and "0" mean none. */
static void
who_set_account(struct member *m, const char *account)
{
	if (strcmp(account, "*") == 0 || strcmp(account, "0") == 0)
		account = "";
	str_set(&m->account, account, ACCOUNT_MAX);
}

static void
who_set_userhost(struct member *m, const char *user, const char *host)
{
	char userhost[USERHOST_MAX];

	snprintf(userhost, sizeof userhost, "%s@%s", user, host);
	str_set(&m->userhost, userhost, sizeof userhost);
}

/* ":nick!u@h JOIN #chan [account :realname]" */
static void
who_join(struct bot *b, const char *origin, const char **params,
    unsigned int count)
{
	char nick[NICK_MAX];
	struct chan *c = chan_find(b, params[0]);
	struct member *m;

	chan_origin_nick(origin, nick, sizeof nick);
	if (c == NULL || (m = chan_member(c, nick)) == NULL)
		return;
	str_set(&m->userhost, chan_origin_userhost(origin), USERHOST_MAX);
	if (count >= 3)
		who_set_account(m, params[1]);
}

/* ":nick!u@h ACCOUNT name" (or "*": logged out), in every channel. */
static void
who_account_change(struct bot *b, const char *origin, const char *account)
{
	char nick[NICK_MAX];
	struct member_walk mw;
	struct member *m;

	chan_origin_nick(origin, nick, sizeof nick);
	for (m = member_first(b, nick, &mw); m != NULL; m = member_next(&mw))
		who_set_account(m, account);
}

/* ":nick!u@h AWAY :why" (away) or ":nick!u@h AWAY" (back), in every
 * channel (away-notify). */
static void
who_away(struct bot *b, const char *origin, int away)
{
	char nick[NICK_MAX];
	struct member_walk mw;
	struct member *m;

	chan_origin_nick(origin, nick, sizeof nick);
	for (m = member_first(b, nick, &mw); m != NULL; m = member_next(&mw))
		m->away = away;
}

/* 352 me #chan user host server nick flags :hops realname
 * 354 me 42 #chan user host nick flags account */
static void
who_reply(struct bot *b, int whox, const char **params, unsigned int count)
{
	unsigned int base = whox ? 2 : 1;
	const char *nick, *flags;
	struct member *m;
	struct chan *c;

	if (count < base + (whox ? 6 : 7) ||
	    (whox && strcmp(params[1], WHO_TOKEN) != 0) ||
	    (c = chan_find(b, params[base])) == NULL)
		return;
	nick = params[base + (whox ? 3 : 4)];
	flags = params[base + (whox ? 4 : 5)];
	if (strcasecmp(nick, b->nick) == 0)
		return;
	m = chan_member(c, nick);
	if (m == NULL)
		m = chan_member_add(c, nick, strpbrk(flags, "~&@") != NULL);
	who_set_userhost(m, params[base + 1], params[base + 2]);
	m->away = flags[0] == 'G';
	if (whox)
		who_set_account(m, params[base + 5]);
}

/* RPL_ISUPPORT: notes whether WHOX is offered. */
static void
who_isupport(struct bot *b, const char **params, unsigned int count)
{
	unsigned int i;

	for (i = 1; i + 1 < count; i++) {
		if (strcasecmp(params[i], "WHOX") == 0)
			b->whox = 1;
	}
}

int
who_event(struct bot *b, const char *command, const char *origin,
    const char **params, unsigned int count, struct chan **synced)
{
	if (strcmp(command, "JOIN") == 0 && count >= 1)
		who_join(b, origin, params, count);
	else if (strcmp(command, "ACCOUNT") == 0 && count >= 1)
		who_account_change(b, origin, params[0]);
	else if (strcmp(command, "AWAY") == 0 && origin != NULL)
		who_away(b, origin, count >= 1 && *params[0] != '\0');
	else if (strcmp(command, "352") == 0)
		who_reply(b, 0, params, count);
	else if (strcmp(command, "354") == 0)
		who_reply(b, 1, params, count);
	else if (strcmp(command, "005") == 0)
		who_isupport(b, params, count);
	else if (strcmp(command, "315") == 0 && count >= 2 &&
	    (*synced = chan_find(b, params[1])) != NULL) {
		(*synced)->synced = 1;
		return 1;
	}
	return 0;
}


void
who_ask(struct bot *b, struct chan *c)
{
	c->synced = 0;
	if (b->whox)
		say_raw(b, QUEUE_HOUSE, "WHO %s %%tcuhnfa," WHO_TOKEN, c->name);
	else
		say_raw(b, QUEUE_HOUSE, "WHO %s", c->name);
}

const char *
who_account(struct bot *b, const char *nick)
{
	return who_seen(b, nick, "");
}

const char *
who_seen(struct bot *b, const char *nick, const char *userhost)
{
	struct member_walk mw;
	struct member *m, *known = NULL;

	for (m = member_first(b, nick, &mw); m != NULL; m = member_next(&mw)) {
		if (*userhost != '\0')
			str_set(&m->userhost, userhost, USERHOST_MAX);
		if (m->account[0] != '\0' && (known == NULL ||
		    m->chan->idx < known->chan->idx))
			known = m;
	}
	return known != NULL ? known->account : "";
}




void
who_tell_admins(struct bot *b, const char *text)
{
	if (b->admins_told_at != 0 && b->now < b->admins_told_at + WHO_TELL_MS)
		return;
	b->admins_told_at = b->now;
	who_tell_admins_now(b, text);
}

int
who_tell_admins_now(struct bot *b, const char *text)
{
	struct member *m;
	struct prefs p;
	struct who w;
	int i, j, told = 0;

	for (i = 0; i < b->nchans; i++) {
		for (j = 0; j < b->chans[i]->nmembers; j++) {
			m = b->chans[i]->members[j];
			w = who_member(m);
			/* Each admin once, however many channels they
			 * share with the bot: in the first of those. */
			if (!who_is_admin(b, &w) || member_of(b, m->nick) != m)
				continue;
			prefs_find(b, &w, &p);
			say_to(b, m->nick, p.notice, NULL, text);
			told++;
		}
	}
	return told;
}
