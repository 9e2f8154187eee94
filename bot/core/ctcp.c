/*
 * CTCP requests to the bot (libircclient hands them to irc-glue.c, which
 * passes them on as "CTCP" events): VERSION, PING and TIME are answered
 * with a NOTICE, anything else is ignored.  Answers come from one token
 * bucket for everyone, CTCP_BURST at once and one more every
 * CTCP_INTERVAL_MS (at most six in any minute, three a minute kept up),
 * so a crowd of clients asking together cannot make the bot flood; a
 * request past that is ignored.  Ignored people are not answered.  DCC
 * never gets here: the relay drops it before libircclient sees it.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bot/core/core.h"

#define CTCP_BURST 3
#define CTCP_INTERVAL_MS 20000
#define CTCP_ARG_MAX 64		/* of a PING's argument echoed */

void
ctcp_init(struct bot *b)
{
	bucket_init(&b->ctcp, CTCP_BURST, CTCP_INTERVAL_MS);
}

/* Whether req is the request name, alone or with arguments. */
static int
ctcp_is(const char *req, const char *name)
{
	size_t len = strlen(name);

	return strncmp(req, name, len) == 0 &&
	    (req[len] == '\0' || req[len] == ' ');
}

/* The answer to req without its \001s into buf, or -1 for a request the
 * bot does not answer. */
static int
ctcp_answer(const char *req, char *buf, size_t size)
{
	const char *arg;
	struct tm tm;
	time_t t;
	size_t n;

	if (ctcp_is(req, "VERSION"))
		n = (size_t)snprintf(buf, size, "VERSION cheaterbot %s",
		    CHEATERBOT_VERSION);
	else if (ctcp_is(req, "TIME")) {
		t = time(NULL);
		n = snprintf(buf, size, "TIME ");
		n += strftime(buf + n, size - n, "%a %b %d %H:%M:%S %Y UTC",
		    gmtime_r(&t, &tm));
	} else if (ctcp_is(req, "PING")) {
		/* The argument echoed, printable bytes only, cut short. */
		n = (size_t)snprintf(buf, size, "PING");
		for (arg = req + 4; *arg != '\0' && n + 1 < size &&
		    n < 4 + CTCP_ARG_MAX; arg++) {
			if ((unsigned char)*arg >= ' ')
				buf[n++] = *arg;
		}
		buf[n] = '\0';
	} else
		return -1;
	return n < size ? 0 : -1;
}

void
ctcp_request(struct bot *b, const char *origin, const char *req)
{
	char nick[NICK_MAX], answer[128], line[QUEUE_LINE_MAX + 1];
	struct who w;
	int n;

	w.nick = chan_origin_nick(origin, nick, sizeof nick);
	w.userhost = chan_origin_userhost(origin);
	w.account = who_account(b, nick);
	if (*nick == '\0' || strchr("#&", nick[0]) != NULL ||
	    ignore_matches(b, &w) || ctcp_answer(req, answer,
	    sizeof answer) != 0 || !bucket_take(&b->ctcp, b->now))
		return;
	n = snprintf(line, sizeof line, "NOTICE %s :\001%s\001", nick, answer);
	if (n > 0 && (size_t)n < sizeof line)
		queue_push(b->queue, QUEUE_REPLY, line);
}
