/*
 * The lines that pass through the relay (relay-int.h).  From the server:
 * sanitized, parsed, PING answered, shown to relay-reg.c, and written
 * again for libircclient in a form its parser cannot misread, with what it
 * would mishandle dropped and ISUPPORT lines split to fit its parameter
 * limit.  From libircclient: its registration dropped, anything else
 * queued.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "irc-glue.h"
#include "queue.h"
#include "relay-int.h"

/* Whether libircclient can take m: it crashes on a NOTICE without text or
 * a NICK without prefix, reads past a PRIVMSG or NOTICE whose text is one
 * \001, and would act on DCC requests. */
static int
relay_digestible(const struct ircline *m)
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
	return 1;
}

/* Writes m for libircclient, again from its parsed form, so that there
 * is always something after the command (libircclient reads past the end
 * of a bare "QUIT" or "001"). */
static void
relay_to_client(struct relay *r, const struct ircline *m)
{
	char out[IRCLINE_MAX + 8];
	int w;

	w = ircline_format(m, out, sizeof out - 1);
	if (w < 0)
		return;
	if (m->nparams == 0)
		out[w++] = ' ';
	relay_out_add(&r->to_client, out, (size_t)w);
}

/* Passes m on to libircclient with at most IRC_PARAMS_MAX parameters,
 * the most its callbacks get: an ISUPPORT (005) line with more becomes
 * several, each with the nick, up to 8 tokens and the closing text, so no
 * token is lost; any other line keeps its first IRC_PARAMS_MAX. */
static void
relay_pass(struct relay *r, struct ircline *m)
{
	const char *all[IRCLINE_PARAMS];
	unsigned int n = m->nparams, first, k, chunk = IRC_PARAMS_MAX - 2;

	if (n <= IRC_PARAMS_MAX || strcmp(m->command, "005") != 0) {
		if (m->nparams > IRC_PARAMS_MAX)
			m->nparams = IRC_PARAMS_MAX;
		relay_to_client(r, m);
		return;
	}
	memcpy(all, m->params, sizeof all);
	for (first = 1; first < n - 1; first += k) {
		k = n - 1 - first < chunk ? n - 1 - first : chunk;
		memcpy(&m->params[1], &all[first], k * sizeof all[0]);
		m->params[1 + k] = all[n - 1];
		m->nparams = k + 2;
		relay_to_client(r, m);
	}
}

void
relay_server_line(struct relay *r, const char *line, size_t len, uint64_t now)
{
	char clean[IRCLINE_MAX + 1], out[IRCLINE_MAX + 8];
	struct ircline *m = &r->msg;
	unsigned int serial = r->serial;
	size_t n;

	n = ircline_sanitize(clean, line, len);
	if (ircline_parse(m, clean, n) != 0)
		return;
	if (strcmp(m->command, "PING") == 0) {
		relay_direct_paced(r, out,
		    snprintf(out, sizeof out, "PONG :%s",
		        m->nparams > 0 ? m->params[0] : ""));
		return;
	}
	if (relay_reg_line(r, m, now) || r->serial != serial ||
	    !relay_digestible(m))
		return;
	relay_pass(r, m);
	if (r->to_client.len > RELAY_CLIENT_MAX)
		relay_drop(r, now, "libircclient stopped reading");
}

void
relay_client_line(struct relay *r, const char *line, size_t len)
{
	char clean[IRCLINE_MAX + 1];
	const char *cmd;
	size_t n;

	n = ircline_sanitize(clean, line, len);
	if (ircline_parse(&r->msg, clean, n) != 0)
		return;
	cmd = r->msg.command;
	if (strcasecmp(cmd, "PASS") == 0 || strcasecmp(cmd, "NICK") == 0 ||
	    strcasecmp(cmd, "USER") == 0)
		return;
	queue_push(r->queue,
	    strcasecmp(cmd, "PONG") == 0 ? QUEUE_URGENT : QUEUE_NORMAL, clean);
}
