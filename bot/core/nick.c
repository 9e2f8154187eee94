/*
 * Nicks as the bot compares them: ASCII case-insensitive (strcasecmp()),
 * as everywhere in the core.  Every line the bot reads looks its
 * sender up in each channel's members and each table's seats; with a
 * hundred games that was thousands of strcasecmp() calls a line, the
 * largest share of the bot's own CPU time (docs/performance.md).  So a
 * stored nick carries its fold, and a scan compares folds first.
 *
 * An AI seat is called by a name with "(AI)" after it, which no person's
 * nick can hold (IRC allows no parenthesis in one).  Yet people type
 * "!take Grace" for Grace(AI): nick_named() is the one rule by which a
 * word typed for a player, in a move or a command, becomes the name it
 * stands for, whoever looks it up (seats at a table, the records).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"

uint32_t
nick_fold(const char *nick)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	unsigned char c;

	for (; (c = (unsigned char)*nick) != '\0'; nick++) {
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		h = (h ^ c) * 16777619u;
	}
	return h;
}

void
nick_set(char *dst, size_t size, uint32_t *fold, const char *nick)
{
	snprintf(dst, size, "%s", nick);
	*fold = nick_fold(dst);
}

int
nick_is(const char *stored, uint32_t fold, const char *nick, uint32_t want)
{
	return fold == want && strcasecmp(stored, nick) == 0;
}

void
nick_ai(char *dst, size_t size, const char *name)
{
	int room = size > sizeof NICK_AI ? (int)(size - sizeof NICK_AI) : 0;

	snprintf(dst, size, "%.*s%s", room, name, NICK_AI);
}

int
nick_is_ai(const char *nick)
{
	size_t len = strlen(nick), tail = sizeof NICK_AI - 1;

	return len > tail && strcasecmp(nick + len - tail, NICK_AI) == 0;
}

void
nick_named(const char *word, int (*found)(void *arg, char *name,
    size_t size), void *arg, char *name, size_t size)
{
	snprintf(name, size, "%s", word);
	if (found(arg, name, size) || nick_is_ai(word))
		return;
	nick_ai(name, size, word);
	if (!found(arg, name, size))
		snprintf(name, size, "%s", word);
}
