/*
 * The small helpers of text and time every storage file shares, which
 * need nothing of the store: a text copied cut at a character boundary,
 * a nick split from its network (store_nick_split()), and the time: the
 * second now (store_now()) and its day written out (store_date()), as
 * the engines share no clock or date function (docs/storage.md, One SQL
 * for both).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "store-int.h"

void
store_copy_text(char *dst, size_t size, const char *src)
{
	size_t len;

	assert(size > 0);
	if (src == NULL)
		src = "";
	len = strnlen(src, size - 1);
	/* Cut before a UTF-8 continuation byte, never inside a character. */
	if (src[len] != '\0') {
		while (len > 0 && ((unsigned char)src[len] & 0xc0) == 0x80)
			len--;
	}
	memcpy(dst, src, len);
	dst[len] = '\0';
}

void
store_nick_split(const char *nick, char bare[STORE_BARE_NICK],
    const char **want)
{
	const char *at = strrchr(nick, '@');
	size_t len = at != NULL ? (size_t)(at - nick) : strlen(nick);

	if (len >= STORE_BARE_NICK)
		len = STORE_BARE_NICK - 1;
	memcpy(bare, nick, len);
	bare[len] = '\0';
	*want = at != NULL ? at + 1 : "";
}

int64_t
store_now(void)
{
	return (int64_t)time(NULL);
}

void
store_date(int64_t t, char date[STORE_DATE_SIZE])
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (gmtime_r(&tt, &tm) == NULL ||
	    strftime(date, STORE_DATE_SIZE, "%Y-%m-%d", &tm) == 0)
		snprintf(date, STORE_DATE_SIZE, "?");
}
