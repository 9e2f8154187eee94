/*
 * Nicks as the bot compares them: ASCII case-insensitive (strcasecmp()),
 * as everywhere in the core.  Every line the bot reads looks its
 * sender up in each channel's members and each table's seats; with a
 * hundred games that was thousands of strcasecmp() calls a line, the
 * largest share of the bot's own CPU time (docs/performance.md).  So a
 * stored nick carries its fold, and a scan compares folds first.
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
