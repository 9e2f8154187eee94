/*
 * The ignore list: masks nick!user@host (with * and ?) whose owners get no
 * answer at all, to commands, moves or CTCP (!ignore, !unignore, for bot
 * admins).  It lives in the database (storage: ignores) so a restart keeps
 * it, and in memory, read at start, since every message is checked
 * against it.  Bot admins are never ignored, so no mask can lock them out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

void
ignore_load(struct bot *b)
{
	char *cause = NULL;
	int n;

	if ((n = store_ignores(b->store, &b->ignores, &cause)) < 0) {
		log_error("the ignore list cannot be read, "
		    "so nobody is ignored: %s", cause);
		free(cause);
		n = 0;
	}
	b->nignores = n;
}

void
ignore_free(struct bot *b)
{
	while (b->nignores > 0)
		free(b->ignores[--b->nignores]);
	free(b->ignores);
	b->ignores = NULL;
}

int
ignore_matches(const struct bot *b, const struct who *w)
{
	char full[NICK_MAX + USERHOST_MAX + 2];
	int i;

	if (b->nignores == 0 || who_is_admin(b, w))
		return 0;
	snprintf(full, sizeof full, "%s!%s", w->nick,
	    w->userhost != NULL ? w->userhost : "");
	for (i = 0; i < b->nignores; i++) {
		if (who_mask_match(b->ignores[i], full))
			return 1;
	}
	return 0;
}

int
ignore_mask_of(struct bot *b, const char *arg, char *buf, size_t size)
{
	const struct member *m;
	int n;

	if (strchr(arg, '!') != NULL && strchr(arg, '@') != NULL)
		n = snprintf(buf, size, "%s", arg);
	else if (strchr(arg, '@') != NULL)
		n = snprintf(buf, size, "*!%s", arg);
	else if (strchr(arg, '!') != NULL)
		n = snprintf(buf, size, "%s@*", arg);
	else {
		/* A nick the bot sees: the person behind it, under any
		 * nick; else the nick alone. */
		m = member_of(b, arg);
		if (m != NULL && m->userhost[0] != '\0')
			n = snprintf(buf, size, "*!%s", m->userhost);
		else
			n = snprintf(buf, size, "%s!*@*", arg);
	}
	return n > 0 && (size_t)n < size ? 0 : -1;
}

/* The index of mask in the list (without regard to case), or -1. */
static int
ignore_find(const struct bot *b, const char *mask)
{
	int i;

	for (i = 0; i < b->nignores; i++) {
		if (strcasecmp(b->ignores[i], mask) == 0)
			return i;
	}
	return -1;
}

int
ignore_add(struct bot *b, const char *mask, const char *by, char **cause)
{
	int rc;

	if (ignore_find(b, mask) >= 0)
		return 1;
	if (b->nignores >= IGNORE_MAX)
		/* TRANSLATORS: %s is the command prefix ("!") before the
		 * command unignore, which stays as typed. */
		return game_fail(cause, ngettext("the ignore list is full "
		    "(%d mask): %sunignore one first", "the ignore list is "
		    "full (%d masks): %sunignore one first", IGNORE_MAX),
		    IGNORE_MAX, b->conf->prefix);
	if ((rc = store_ignore_add(b->store, mask, by, cause)) < 0)
		return -1;
	b->ignores = xreallocarray(b->ignores, (size_t)b->nignores + 1,
	    sizeof *b->ignores);
	b->ignores[b->nignores++] = xstrdup(mask);
	return rc;
}

int
ignore_remove(struct bot *b, const char *mask, char **cause)
{
	int i = ignore_find(b, mask);

	if (i < 0)
		return 1;
	if (store_ignore_remove(b->store, mask, cause) < 0)
		return -1;
	free(b->ignores[i]);
	memmove(&b->ignores[i], &b->ignores[i + 1],
	    (size_t)(b->nignores - i - 1) * sizeof *b->ignores);
	b->nignores--;
	return 0;
}
