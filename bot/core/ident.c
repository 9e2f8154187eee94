/*
 * Who someone is, from what the network told (struct who): the identity a
 * seat and the command limit keep, the key a player's records are stored
 * under, and whether they are a bot admin.  Pure functions of what they
 * are given: the lowest file of the core, which everything may call.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"

struct who
who_member(const struct member *m)
{
	struct who w = { m->nick, m->userhost, m->account };

	return w;
}

void
who_player_key(struct buf *out, const struct who *w)
{
	const char *p;

	if (w->account != NULL && *w->account != '\0') {
		buf_addf(out, "a:%s", w->account);
		return;
	}
	buf_adds(out, "n:");
	for (p = w->nick; *p != '\0'; p++)
		buf_addc(out, (char)tolower((unsigned char)*p));
}

int
who_mask_match(const char *mask, const char *s)
{
	const char *star = NULL, *retry = NULL;

	/* Greedy with one backtrack point, the last '*': linear in the
	 * length of s for each '*', where a recursive match could take
	 * exponential time on a mask such as "*a*a*a*a*b". */
	while (*s != '\0') {
		if (*mask == '*') {
			star = ++mask;
			retry = s;
		} else if (*mask != '\0' && (*mask == '?' ||
		    tolower((unsigned char)*mask) ==
		    tolower((unsigned char)*s))) {
			mask++;
			s++;
		} else if (star != NULL) {
			mask = star;
			s = ++retry;
		} else
			return 0;
	}
	while (*mask == '*')
		mask++;
	return *mask == '\0';
}

void
who_ident(const struct who *w, char *buf, size_t size)
{
	if (w->account != NULL && *w->account != '\0')
		snprintf(buf, size, "a:%s", w->account);
	else
		snprintf(buf, size, "h:%s",
		    w->userhost != NULL ? w->userhost : "");
}

int
who_is_admin(const struct bot *b, const struct who *w)
{
	char full[NICK_MAX + USERHOST_MAX + 2];
	const char *a;
	int i;

	snprintf(full, sizeof full, "%s!%s", w->nick,
	    w->userhost != NULL ? w->userhost : "");
	for (i = 0; i < b->conf->nadmins; i++) {
		a = b->conf->admins[i];
		if (strchr(a, '!') != NULL) {
			if (w->userhost != NULL && *w->userhost != '\0' &&
			    who_mask_match(a, full))
				return 1;
		} else if (w->account != NULL && *w->account != '\0' &&
		    strcasecmp(a, w->account) == 0)
			return 1;
	}
	return 0;
}
