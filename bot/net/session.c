/*
 * The IRC session (session.h): its entry points, registration, the nick
 * cascade before 001, 001 itself, following our nick afterwards and
 * taking the primary one back when it frees, PING, and liveness.  CAP is
 * session-cap.c's, the services login session-sasl.c's.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "config/conf.h"
#include "bot/net/session-int.h"

void
session_start(struct session *s, const struct conf *conf, uint64_t now,
    struct session_out *out)
{
	memset(s, 0, sizeof *s);
	s->conf = conf;
	s->state = SESSION_REGISTERING;
	s->last_rx = now;
	snprintf(s->nick, sizeof s->nick, "%s", conf->nicks[0]);
	session_cap_start(s, out);
	if (conf->password != NULL)
		session_emit(out, SESSION_SEND, "PASS :%s", conf->password);
	session_emit(out, SESSION_SEND, "NICK %s", s->nick);
	session_emit(out, SESSION_SEND, "USER %s 0 * :%s", conf->username,
	    conf->realname);
}

/* Whether nick is one of the configured ones. */
static int
session_configured_nick(const struct conf *c, const char *nick)
{
	int i;

	for (i = 0; i < c->nnicks; i++) {
		if (strcasecmp(c->nicks[i], nick) == 0)
			return 1;
	}
	return 0;
}

/* The k-th fallback nick (k >= 1): the first with "_", then 2, 3, ...
 * after it, cut to 9 bytes (RFC 1459's limit) once the server has refused
 * a long one. */
static void
session_fallback_nick(struct session *s, int k)
{
	char suffix[16];
	int keep;

	if (k == 1)
		snprintf(suffix, sizeof suffix, "_");
	else
		snprintf(suffix, sizeof suffix, "%d", k);
	keep = (int)(SESSION_NICK_MAX - strlen(suffix));
	if (s->nick_cut)
		keep = 9 - (int)strlen(suffix);
	snprintf(s->nick, sizeof s->nick, "%.*s%s", keep, s->conf->nicks[0],
	    suffix);
}

/* Before 001, the nick was refused: tries the next configured one, then
 * fallbacks that are not configured ones. */
static void
session_next_nick(struct session *s, const char *code,
    struct session_out *out)
{
	const struct conf *c = s->conf;

	if (strcmp(code, "432") == 0 && s->nick_try == 0)
		s->primary_refused = 1;
	if (strcmp(code, "432") == 0 && s->nick_try >= c->nnicks)
		s->nick_cut = 1;
	do {
		if (++s->nick_try > SESSION_NICK_TRIES) {
			session_drop(s, out, "no nick is free");
			return;
		}
		if (s->nick_try < c->nnicks) {
			snprintf(s->nick, sizeof s->nick, "%s",
			    c->nicks[s->nick_try]);
			break;
		}
		session_fallback_nick(s, s->nick_try - c->nnicks + 1);
	} while (session_configured_nick(c, s->nick));
	session_emit(out, SESSION_LOG, "nick refused (%s), trying %s", code,
	    s->nick);
	session_emit(out, SESSION_SEND, "NICK %s", s->nick);
}

/* 001: registered.  The IDENTIFY goes into the queue before the core
 * hears of it, so it is ahead of the core's JOINs. */
static void
session_registered(struct session *s, const struct ircline *m,
    uint64_t now, struct session_out *out)
{
	if (m->nparams > 0)
		snprintf(s->nick, sizeof s->nick, "%s", m->params[0]);
	session_cap_registered(s, out);
	s->state = SESSION_READY;
	s->ready_at = now;
	s->ison_at = now + SESSION_ISON_MS;
	session_emit(out, SESSION_LOG, "registered as %s", s->nick);
	session_sasl_registered(s, out);
	session_emit(out, SESSION_REGISTERED, "%s", s->nick);
}

/* Whether the nick in a prefix ("nick!user@host") is nick. */
static int
session_prefix_is(const char *prefix, const char *nick)
{
	size_t len;

	if (prefix == NULL)
		return 0;
	len = strcspn(prefix, "!@");
	return len == strlen(nick) && strncasecmp(prefix, nick, len) == 0;
}

/* Registered under another nick than the primary, which may be had. */
static int
session_regaining(const struct session *s)
{
	return s->state == SESSION_READY && !s->quitting &&
	       !s->primary_refused &&
	       strcasecmp(s->nick, s->conf->nicks[0]) != 0;
}

/* The primary nick looks free: asks for it, once until an answer. */
static void
session_ask_primary(struct session *s, const char *why,
    struct session_out *out)
{
	const char *primary = s->conf->nicks[0];

	if (s->regain_asked)
		return;
	session_emit(out, SESSION_LOG, "%s %s, asking for it", primary, why);
	session_paced(s, out, "NICK %s", primary);
	s->regain_asked = 1;
}

/* A NICK or QUIT: ours followed; the primary's holder leaving it frees
 * it. */
static void
session_nick_seen(struct session *s, const struct ircline *m,
    struct session_out *out)
{
	const char *primary = s->conf->nicks[0];
	int nick = strcmp(m->command, "NICK") == 0;

	if (session_prefix_is(m->prefix, s->nick)) {
		if (!nick || m->nparams == 0)
			return;
		snprintf(s->nick, sizeof s->nick, "%s", m->params[0]);
		s->regain_asked = 0;
		session_emit(out, SESSION_LOG, "now known as %s", s->nick);
		return;
	}
	if (!session_regaining(s) || !session_prefix_is(m->prefix, primary))
		return;
	if (nick && (m->nparams == 0 || strcasecmp(m->params[0], primary) == 0))
		return;
	session_ask_primary(s, nick ? "changed nick" : "quit", out);
}

/* 303, the ISON reply: [us, "nick nick ..."]. */
static void
session_ison_reply(struct session *s, const struct ircline *m,
    struct session_out *out)
{
	const char *primary = s->conf->nicks[0], *list;
	size_t len, plen = strlen(primary);

	if (!session_regaining(s))
		return;
	list = m->nparams >= 2 ? m->params[m->nparams - 1] : "";
	for (list += strspn(list, " "); *list != '\0';
	     list += strspn(list, " ")) {
		len = strcspn(list, " ");
		if (len == plen && strncasecmp(list, primary, len) == 0)
			return;
		list += len;
	}
	session_ask_primary(s, "is not online", out);
}

/* 432, 433 or 437 after 001: a nick change refused.  No cascade: the bot
 * keeps its nick; a primary the server finds erroneous is given up. */
static void
session_nick_refused(struct session *s, const struct ircline *m,
    struct session_out *out)
{
	const char *primary = s->conf->nicks[0];
	const char *which = m->nparams >= 2 ? m->params[1] : "?";

	s->regain_asked = 0;
	if (strcmp(m->command, "432") == 0 && strcasecmp(which, primary) == 0) {
		s->primary_refused = 1;
		session_emit(out, SESSION_WARN,
		    "the server refuses the nick %s (432), keeping %s",
		    primary, s->nick);
		return;
	}
	session_emit(out, SESSION_DEBUG, "nick %s not free yet (%s), keeping %s",
	    which, m->command, s->nick);
}

static int
session_is_nick_error(const char *cmd)
{
	return strcmp(cmd, "433") == 0 || strcmp(cmd, "432") == 0 ||
	       strcmp(cmd, "437") == 0;
}

int
session_line(struct session *s, const struct ircline *m, uint64_t now,
    struct session_out *out)
{
	const char *cmd = m->command;

	if (s->over)
		return 1;
	if (strcmp(cmd, "PING") == 0) {
		session_paced(s, out, "PONG :%s",
		    m->nparams > 0 ? m->params[0] : "");
		return 1;
	}
	if (strcmp(cmd, "CAP") == 0) {
		session_cap_line(s, m, now, out);
		return 1;
	}
	if (s->cap == SESSION_CAP_SASL && session_cap_sasl(s, m, out))
		return 1;
	if (session_cap_refused(s, m, out))
		return 1;
	/* The ERROR that answers our QUIT is the goodbye we asked for. */
	if (strcmp(cmd, "ERROR") == 0 && m->nparams > 0)
		session_emit(out, s->quitting ? SESSION_DEBUG : SESSION_WARN,
		    "server says: %s", m->params[0]);
	if (s->state == SESSION_REGISTERING) {
		if (strcmp(cmd, "001") == 0)
			session_registered(s, m, now, out);
		else if (session_is_nick_error(cmd))
			session_next_nick(s, cmd, out);
	} else if (session_is_nick_error(cmd))
		session_nick_refused(s, m, out);
	else if (strcmp(cmd, "303") == 0)
		session_ison_reply(s, m, out);
	else if (strcmp(cmd, "NICK") == 0 || strcmp(cmd, "QUIT") == 0)
		session_nick_seen(s, m, out);
	return 0;
}

void
session_heard(struct session *s, uint64_t now)
{
	s->last_rx = now;
	s->pinged = 0;
}

uint64_t
session_next(const struct session *s)
{
	const struct conf *c = s->conf;
	uint64_t t, q = UINT64_MAX;

	if (s->over)
		return UINT64_MAX;
	t = s->last_rx + (uint64_t)(s->pinged ? c->dead_ms : c->ping_ms);
	if (s->cap == SESSION_CAP_SASL)
		q = s->sasl_deadline;
	else if (session_regaining(s))
		q = s->ison_at;
	return q < t ? q : t;
}

void
session_tick(struct session *s, uint64_t now, struct session_out *out)
{
	const struct conf *c = s->conf;

	if (s->over)
		return;
	if (now - s->last_rx >= (uint64_t)c->dead_ms) {
		session_drop(s, out,
		    "nothing received for %d s, not even a PONG",
		    c->dead_ms / 1000);
		return;
	}
	if (!s->pinged && now - s->last_rx >= (uint64_t)c->ping_ms) {
		session_paced(s, out, "PING :keepalive");
		s->pinged = 1;
	}
	if (s->cap == SESSION_CAP_SASL && now >= s->sasl_deadline) {
		session_cap_sasl_timeout(s, out);
		return;
	}
	if (!session_regaining(s) || now < s->ison_at)
		return;
	s->ison_at = now + SESSION_ISON_MS;
	s->regain_asked = 0;
	session_emit(out, SESSION_HOUSE, "ISON %s", s->conf->nicks[0]);
}

void
session_quit(struct session *s)
{
	s->quitting = 1;
}
