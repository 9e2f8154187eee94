/*
 * Server lines rewritten for libircclient (irc-feed.h).
 */
#include <string.h>
#include <strings.h>

#include "bot/net/irc-feed.h"

int
irc_feed_digestible(const struct ircline *m)
{
	const char *cmd = m->command, *text;

	if (strcmp(cmd, "PRIVMSG") == 0 || strcmp(cmd, "NOTICE") == 0) {
		if (m->nparams < 2)
			return 0;
		text = m->params[1];
		if (strcmp(text, "\001") == 0)
			return 0;
		if (strncasecmp(text, "\001DCC ", 5) == 0)
			return 0;
	}
	if (strcmp(cmd, "NICK") == 0 && (m->prefix == NULL || m->nparams == 0))
		return 0;
	/* No reply is numbered 000, and libircclient reads through a NULL
	 * for it (the fuzzer found it: "000 x", with a prefix or none). */
	if (strcmp(cmd, "000") == 0)
		return 0;
	return 1;
}

/* Writes m again from its parsed form, so that there is always something
 * after the command (libircclient reads past the end of a bare "QUIT" or
 * "001"). */
static void
irc_feed_line(const struct ircline *m, struct outbuf *o)
{
	char out[IRCLINE_MAX + 8];
	int w;

	w = ircline_format(m, out, sizeof out - 1);
	if (w < 0)
		return;
	if (m->nparams == 0)
		out[w++] = ' ';
	outbuf_line(o, out, (size_t)w);
}

void
irc_feed(struct ircline *m, struct outbuf *o)
{
	const char *all[IRCLINE_PARAMS];
	unsigned int n = m->nparams, first, k, chunk = IRC_PARAMS_MAX - 2;

	if (!irc_feed_digestible(m))
		return;
	if (n <= IRC_PARAMS_MAX) {
		irc_feed_line(m, o);
		return;
	}
	if (strcmp(m->command, "005") != 0) {
		m->nparams = IRC_PARAMS_MAX;
		irc_feed_line(m, o);
		m->nparams = n;
		return;
	}
	memcpy(all, m->params, sizeof all);
	for (first = 1; first < n - 1; first += k) {
		k = n - 1 - first < chunk ? n - 1 - first : chunk;
		memcpy(&m->params[1], &all[first], k * sizeof all[0]);
		m->params[1 + k] = all[n - 1];
		m->nparams = k + 2;
		irc_feed_line(m, o);
	}
	memcpy(m->params, all, sizeof all);
	m->nparams = n;
}
