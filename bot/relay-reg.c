/*
 * Registration and the bot's nick, for the relay (relay-int.h): IRCv3 CAP
 * negotiation ahead of PASS/NICK/USER, the nick cascade before 001 (the
 * configured nicks, then suffixed fallbacks), 001 itself, and afterwards
 * following our nick and taking the primary one back when it frees.
 *
 * CAP: the relay asks for the capabilities of relay_caps[] that the server
 * offers and ends negotiation with CAP END once it has the answer; sasl
 * only when a login is configured, and then the SASL exchange
 * (relay-sasl.c) comes between the ACK and relay_cap_end().  None of this
 * is visible to the core: it recognises extended JOINs and ACCOUNT lines
 * when they come.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../config/conf.h"
#include "log.h"
#include "queue.h"
#include "relay-int.h"

/* What the bot asks for when the server offers it: only what it handles
 * (libircclient cannot parse message tags, so no capability that adds
 * them). */
static const char *const relay_caps[] = {
    "extended-join", "account-notify", "sasl"};
#define RELAY_NCAPS (sizeof relay_caps / sizeof relay_caps[0])
#define RELAY_CAP_SASL_BIT (1u << 2)

void
relay_reg_start(struct relay *r)
{
	const struct conf *c = r->conf;
	char line[IRCLINE_MAX + 1];

	r->cap = RELAY_CAP_LS;
	r->caps_offered = r->caps_enabled = 0;
	r->sasl_done = 0;
	r->nick_try = 0;
	r->nick_cut = 0;
	r->primary_refused = 0;
	r->regain_asked = 0;
	snprintf(r->nick, sizeof r->nick, "%s", c->nicks[0]);
	relay_direct(r, "CAP LS 302", (int)strlen("CAP LS 302"));
	if (c->password != NULL)
		relay_direct(r, line,
		    snprintf(line, sizeof line, "PASS :%s", c->password));
	relay_direct(r, line, snprintf(line, sizeof line, "NICK %s", r->nick));
	relay_direct(r, line,
	    snprintf(line, sizeof line, "USER %s 0 * :%s", c->username,
	        c->realname));
}

/* The bits of the wanted capabilities named in a CAP list ("a b=1 c");
 * a name with '-' in front (one being disabled) counts for nothing, and
 * sasl only when relay_sasl_wanted() takes its value. */
static unsigned int
relay_cap_bits(const struct relay *r, const char *list)
{
	unsigned int bits = 0;
	size_t len, name, i, vlen;

	for (list += strspn(list, " "); *list != '\0';
	     list += strspn(list, " ")) {
		len = strcspn(list, " ");
		name = strcspn(list, " =");
		vlen = len > name ? len - name - 1 : 0;
		for (i = 0; i < RELAY_NCAPS && *list != '-'; i++) {
			if (strlen(relay_caps[i]) != name ||
			    strncmp(list, relay_caps[i], name) != 0)
				continue;
			if ((1u << i) != RELAY_CAP_SASL_BIT ||
			    relay_sasl_wanted(
			        r, vlen > 0 ? list + name + 1 : NULL, vlen))
				bits |= 1u << i;
		}
		list += len;
	}
	return bits;
}

/* The capabilities the relay would take: sasl with a login only. */
static unsigned int
relay_cap_wanted(const struct relay *r)
{
	unsigned int all = (1u << RELAY_NCAPS) - 1;

	return relay_sasl_wanted(r, NULL, 0) ? all : all & ~RELAY_CAP_SASL_BIT;
}

/* The names of the capabilities in bits, separated by spaces. */
static void
relay_cap_names(unsigned int bits, char *out, size_t size)
{
	size_t i, n = 0;

	out[0] = '\0';
	for (i = 0; i < RELAY_NCAPS; i++) {
		if ((bits & (1u << i)) != 0 && n < size)
			n += (size_t)snprintf(out + n, size - n, "%s%s",
			    n > 0 ? " " : "", relay_caps[i]);
	}
}

void
relay_cap_end(struct relay *r)
{
	relay_direct(r, "CAP END", (int)strlen("CAP END"));
	r->cap = RELAY_CAP_DONE;
}

/* The whole offer is in: asks for what is wanted, or ends. */
static void
relay_cap_request(struct relay *r)
{
	char names[256], line[IRCLINE_MAX + 1];

	if (r->caps_offered == 0) {
		relay_cap_names(relay_cap_wanted(r), names, sizeof names);
		log_msg("CAP: the server offers none of %s", names);
		relay_cap_end(r);
		return;
	}
	if ((relay_cap_wanted(r) & ~r->caps_offered & RELAY_CAP_SASL_BIT) != 0)
		log_msg("SASL: the server offers no SASL PLAIN");
	relay_cap_names(r->caps_offered, names, sizeof names);
	relay_direct(
	    r, line, snprintf(line, sizeof line, "CAP REQ :%s", names));
	r->cap = RELAY_CAP_REQ;
}

/* A CAP line: [target, subcommand, ("*",) list]; a "*" before the list
 * says more lines follow. */
static void
relay_cap_line(struct relay *r, const struct ircline *m, uint64_t now)
{
	char names[256];
	const char *sub, *list;
	unsigned int bits;
	int more;

	if (m->nparams < 3)
		return;
	sub = m->params[1];
	list = m->params[m->nparams - 1];
	more = m->nparams >= 4 && strcmp(m->params[2], "*") == 0;
	if (strcmp(sub, "LS") == 0 && r->cap == RELAY_CAP_LS) {
		r->caps_offered |= relay_cap_bits(r, list);
		if (!more)
			relay_cap_request(r);
	} else if (strcmp(sub, "ACK") == 0 && r->cap == RELAY_CAP_REQ) {
		r->caps_enabled |= relay_cap_bits(r, list);
		if (more)
			return;
		relay_cap_names(r->caps_enabled, names, sizeof names);
		log_msg("CAP: enabled %s", names);
		if ((r->caps_enabled & RELAY_CAP_SASL_BIT) != 0)
			relay_sasl_start(r, now);
		else
			relay_cap_end(r);
	} else if (strcmp(sub, "NAK") == 0 && r->cap == RELAY_CAP_REQ) {
		relay_cap_names(r->caps_offered, names, sizeof names);
		log_msg("CAP: the server refused %s", names);
		relay_cap_end(r);
	} else if (strcmp(sub, "DEL") == 0) {
		bits = relay_cap_bits(r, list) & r->caps_enabled;
		r->caps_enabled &= ~bits;
		relay_cap_names(bits, names, sizeof names);
		if (bits != 0)
			log_msg("CAP: the server withdrew %s", names);
	}
}

/* 410 (a CAP subcommand refused) or 421 for CAP (no CAP at all) while
 * negotiating: 1 if m is one of them, and negotiation is over. */
static int
relay_cap_refused(struct relay *r, const struct ircline *m)
{
	if (r->cap == RELAY_CAP_DONE || m->nparams < 2)
		return 0;
	if (strcmp(m->command, "410") == 0) {
		log_msg("CAP: the server refused CAP %s", m->params[1]);
		relay_cap_end(r);
		return 1;
	}
	if (strcmp(m->command, "421") == 0 &&
	    strcasecmp(m->params[1], "CAP") == 0) {
		log_msg("CAP: not supported by the server");
		r->cap = RELAY_CAP_DONE;
		return 1;
	}
	return 0;
}

/* Whether nick is one of the configured ones. */
static int
relay_configured_nick(const struct conf *c, const char *nick)
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
relay_fallback_nick(struct relay *r, int k)
{
	char suffix[16];
	int keep;

	if (k == 1)
		snprintf(suffix, sizeof suffix, "_");
	else
		snprintf(suffix, sizeof suffix, "%d", k);
	keep = (int)(RELAY_NICK_MAX - strlen(suffix));
	if (r->nick_cut)
		keep = 9 - (int)strlen(suffix);
	snprintf(
	    r->nick, sizeof r->nick, "%.*s%s", keep, r->conf->nicks[0], suffix);
}

/* Before 001, the nick was refused: tries the next configured one, then
 * fallbacks that are not configured ones. */
static void
relay_next_nick(struct relay *r, uint64_t now, const char *code)
{
	const struct conf *c = r->conf;
	char line[IRCLINE_MAX + 1];

	if (strcmp(code, "432") == 0 && r->nick_try == 0)
		r->primary_refused = 1;
	if (strcmp(code, "432") == 0 && r->nick_try >= c->nnicks)
		r->nick_cut = 1;
	do {
		if (++r->nick_try > RELAY_NICK_TRIES) {
			relay_drop(r, now, "no nick is free");
			return;
		}
		if (r->nick_try < c->nnicks) {
			snprintf(r->nick, sizeof r->nick, "%s",
			    c->nicks[r->nick_try]);
			break;
		}
		relay_fallback_nick(r, r->nick_try - c->nnicks + 1);
	} while (relay_configured_nick(c, r->nick));
	log_msg("nick refused (%s), trying %s", code, r->nick);
	relay_direct(r, line, snprintf(line, sizeof line, "NICK %s", r->nick));
}

/* 001: registered. */
static void
relay_registered(struct relay *r, const struct ircline *m, uint64_t now)
{
	if (m->nparams > 0)
		snprintf(r->nick, sizeof r->nick, "%s", m->params[0]);
	if (r->cap != RELAY_CAP_DONE) {
		log_msg("CAP: not supported by the server");
		r->cap = RELAY_CAP_DONE;
	}
	r->state = RELAY_READY;
	r->ready_at = now;
	r->ison_at = now + RELAY_ISON_MS;
	log_msg("registered as %s", r->nick);
	relay_sasl_registered(r);
	r->core.connected(r->core.arg, r->nick, now);
}

/* Whether the nick in a prefix ("nick!user@host") is nick. */
static int
relay_prefix_is(const char *prefix, const char *nick)
{
	size_t len;

	if (prefix == NULL)
		return 0;
	len = strcspn(prefix, "!@");
	return len == strlen(nick) && strncasecmp(prefix, nick, len) == 0;
}

/* Registered under another nick than the primary, which may be had. */
static int
relay_regaining(const struct relay *r)
{
	return r->state == RELAY_READY && !r->quitting && !r->primary_refused &&
	       strcasecmp(r->nick, r->conf->nicks[0]) != 0;
}

/* The primary nick looks free: asks for it, once until an answer. */
static void
relay_ask_primary(struct relay *r, const char *why)
{
	const char *primary = r->conf->nicks[0];
	char line[IRCLINE_MAX + 1];

	if (r->regain_asked)
		return;
	log_msg("%s %s, asking for it", primary, why);
	relay_direct_paced(r, line,
	    snprintf(line, sizeof line, "NICK %s", primary));
	r->regain_asked = 1;
}

/* A NICK or QUIT: ours followed; the primary's holder leaving it frees
 * it. */
static void
relay_nick_seen(struct relay *r, const struct ircline *m)
{
	const char *primary = r->conf->nicks[0];
	int nick = strcmp(m->command, "NICK") == 0;

	if (relay_prefix_is(m->prefix, r->nick)) {
		if (!nick || m->nparams == 0)
			return;
		snprintf(r->nick, sizeof r->nick, "%s", m->params[0]);
		r->regain_asked = 0;
		log_msg("now known as %s", r->nick);
		return;
	}
	if (!relay_regaining(r) || !relay_prefix_is(m->prefix, primary))
		return;
	if (nick && (m->nparams == 0 || strcasecmp(m->params[0], primary) == 0))
		return;
	relay_ask_primary(r, nick ? "changed nick" : "quit");
}

/* 303, the ISON reply: [us, "nick nick ..."]. */
static void
relay_ison_reply(struct relay *r, const struct ircline *m)
{
	const char *primary = r->conf->nicks[0], *list;
	size_t len, plen = strlen(primary);

	if (!relay_regaining(r))
		return;
	list = m->nparams >= 2 ? m->params[m->nparams - 1] : "";
	for (list += strspn(list, " "); *list != '\0';
	     list += strspn(list, " ")) {
		len = strcspn(list, " ");
		if (len == plen && strncasecmp(list, primary, len) == 0)
			return;
		list += len;
	}
	relay_ask_primary(r, "is not online");
}

/* 432, 433 or 437 after 001: a nick change refused.  No cascade: the bot
 * keeps its nick; a primary the server finds erroneous is given up. */
static void
relay_nick_refused(struct relay *r, const struct ircline *m)
{
	const char *primary = r->conf->nicks[0];
	const char *which = m->nparams >= 2 ? m->params[1] : "?";

	r->regain_asked = 0;
	if (strcmp(m->command, "432") == 0 && strcasecmp(which, primary) == 0) {
		r->primary_refused = 1;
		log_msg("the server refuses the nick %s (432), keeping %s",
		    primary, r->nick);
		return;
	}
	log_msg("nick %s not free yet (%s), keeping %s", which, m->command,
	    r->nick);
}

static int
relay_is_nick_error(const char *cmd)
{
	return strcmp(cmd, "433") == 0 || strcmp(cmd, "432") == 0 ||
	       strcmp(cmd, "437") == 0;
}

int
relay_reg_line(struct relay *r, const struct ircline *m, uint64_t now)
{
	const char *cmd = m->command;

	if (strcmp(cmd, "CAP") == 0) {
		relay_cap_line(r, m, now);
		return 1;
	}
	if (r->cap == RELAY_CAP_SASL && relay_sasl_line(r, m, now))
		return 1;
	if (relay_cap_refused(r, m))
		return 1;
	if (strcmp(cmd, "ERROR") == 0 && m->nparams > 0)
		log_msg("server says: %s", m->params[0]);
	if (r->state == RELAY_REGISTERING) {
		if (strcmp(cmd, "001") == 0)
			relay_registered(r, m, now);
		else if (relay_is_nick_error(cmd))
			relay_next_nick(r, now, cmd);
	} else if (relay_is_nick_error(cmd))
		relay_nick_refused(r, m);
	else if (strcmp(cmd, "303") == 0)
		relay_ison_reply(r, m);
	else if (strcmp(cmd, "NICK") == 0 || strcmp(cmd, "QUIT") == 0)
		relay_nick_seen(r, m);
	return 0;
}

uint64_t
relay_reg_next(const struct relay *r)
{
	if (r->cap == RELAY_CAP_SASL)
		return r->sasl_deadline;
	return relay_regaining(r) ? r->ison_at : UINT64_MAX;
}

void
relay_reg_timers(struct relay *r, uint64_t now)
{
	char line[QUEUE_LINE_MAX + 1];
	int n;

	if (r->cap == RELAY_CAP_SASL && now >= r->sasl_deadline) {
		relay_sasl_timeout(r, now);
		return;
	}
	if (!relay_regaining(r) || now < r->ison_at)
		return;
	r->ison_at = now + RELAY_ISON_MS;
	r->regain_asked = 0;
	n = snprintf(line, sizeof line, "ISON %s", r->conf->nicks[0]);
	if (n > 0 && (size_t)n < sizeof line)
		queue_push(r->queue, QUEUE_NORMAL, line);
}
