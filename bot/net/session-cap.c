/*
 * IRCv3 CAP negotiation, for the session (session-int.h): the session asks
 * for the capabilities of session_caps[] that the server offers and ends
 * negotiation with CAP END once it has the answer; sasl only when a login
 * is configured, and then the SASL exchange (session-sasl.c) comes between
 * the ACK and CAP END.  None of this is visible to the core: it recognises
 * extended JOINs, ACCOUNT and AWAY lines when they come.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "config/conf.h"
#include "bot/net/session-int.h"

/* What the bot asks for when the server offers it: only what it handles
 * (libircclient cannot parse message tags, so no capability that adds
 * them). */
static const char *const session_caps[] = {
    "extended-join", "account-notify", "sasl", "away-notify"};
#define SESSION_NCAPS (sizeof session_caps / sizeof session_caps[0])
#define SESSION_CAP_SASL_BIT (1u << 2)

void
session_cap_start(struct session *s, struct session_out *out)
{
	s->cap = SESSION_CAP_LS;
	s->caps_offered = s->caps_enabled = 0;
	session_emit(out, SESSION_SEND, "CAP LS 302");
}

/* The bits of the wanted capabilities named in a CAP list ("a b=1 c");
 * a name with '-' in front (one being disabled) counts for nothing, and
 * sasl only when session_sasl_wanted() takes its value. */
static unsigned int
session_cap_bits(const struct session *s, const char *list)
{
	unsigned int bits = 0;
	size_t len, name, i, vlen;

	for (list += strspn(list, " "); *list != '\0';
	     list += strspn(list, " ")) {
		len = strcspn(list, " ");
		name = strcspn(list, " =");
		vlen = len > name ? len - name - 1 : 0;
		for (i = 0; i < SESSION_NCAPS && *list != '-'; i++) {
			if (strlen(session_caps[i]) != name ||
			    strncmp(list, session_caps[i], name) != 0)
				continue;
			if ((1u << i) != SESSION_CAP_SASL_BIT ||
			    session_sasl_wanted(s->conf,
			        vlen > 0 ? list + name + 1 : NULL, vlen))
				bits |= 1u << i;
		}
		list += len;
	}
	return bits;
}

/* The capabilities the session would take: sasl with a login only. */
static unsigned int
session_cap_wanted(const struct session *s)
{
	unsigned int all = (1u << SESSION_NCAPS) - 1;

	return session_sasl_wanted(s->conf, NULL, 0)
	           ? all
	           : all & ~SESSION_CAP_SASL_BIT;
}

/* The names of the capabilities in bits, separated by spaces. */
static void
session_cap_names(unsigned int bits, char *out, size_t size)
{
	size_t i, n = 0;

	out[0] = '\0';
	for (i = 0; i < SESSION_NCAPS; i++) {
		if ((bits & (1u << i)) != 0 && n < size)
			n += (size_t)snprintf(out + n, size - n, "%s%s",
			    n > 0 ? " " : "", session_caps[i]);
	}
}

/* Ends CAP negotiation: CAP END. */
static void
session_cap_end(struct session *s, struct session_out *out)
{
	session_emit(out, SESSION_SEND, "CAP END");
	s->cap = SESSION_CAP_DONE;
}

/* The whole offer is in: asks for what is wanted, or ends. */
static void
session_cap_request(struct session *s, struct session_out *out)
{
	char names[256];

	if (s->caps_offered == 0) {
		session_cap_names(session_cap_wanted(s), names, sizeof names);
		session_emit(out, SESSION_LOG,
		    "CAP: the server offers none of %s", names);
		session_cap_end(s, out);
		return;
	}
	if ((session_cap_wanted(s) & ~s->caps_offered &
	    SESSION_CAP_SASL_BIT) != 0)
		session_emit(out, SESSION_LOG,
		    "SASL: the server offers no SASL PLAIN");
	session_cap_names(s->caps_offered, names, sizeof names);
	session_emit(out, SESSION_SEND, "CAP REQ :%s", names);
	s->cap = SESSION_CAP_REQ;
}

void
session_cap_line(struct session *s, const struct ircline *m, uint64_t now,
    struct session_out *out)
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
	if (strcmp(sub, "LS") == 0 && s->cap == SESSION_CAP_LS) {
		s->caps_offered |= session_cap_bits(s, list);
		if (!more)
			session_cap_request(s, out);
	} else if (strcmp(sub, "ACK") == 0 && s->cap == SESSION_CAP_REQ) {
		s->caps_enabled |= session_cap_bits(s, list);
		if (more)
			return;
		session_cap_names(s->caps_enabled, names, sizeof names);
		session_emit(out, SESSION_LOG, "CAP: enabled %s", names);
		if ((s->caps_enabled & SESSION_CAP_SASL_BIT) != 0)
			session_sasl_start(s, now, out);
		else
			session_cap_end(s, out);
	} else if (strcmp(sub, "NAK") == 0 && s->cap == SESSION_CAP_REQ) {
		session_cap_names(s->caps_offered, names, sizeof names);
		session_emit(out, SESSION_WARN, "CAP: the server refused %s",
		    names);
		session_cap_end(s, out);
	} else if (strcmp(sub, "DEL") == 0) {
		bits = session_cap_bits(s, list) & s->caps_enabled;
		s->caps_enabled &= ~bits;
		session_cap_names(bits, names, sizeof names);
		if (bits != 0)
			session_emit(out, SESSION_LOG,
			    "CAP: the server withdrew %s", names);
	}
}

int
session_cap_sasl(struct session *s, const struct ircline *m,
    struct session_out *out)
{
	switch (session_sasl_line(s, m, out)) {
	case SESSION_SASL_NOT_MINE:
		return 0;
	case SESSION_SASL_OVER:
		session_cap_end(s, out);
		break;
	case SESSION_SASL_MINE:
	case SESSION_SASL_DROP:
		break;
	}
	return 1;
}

void
session_cap_sasl_timeout(struct session *s, struct session_out *out)
{
	if (session_sasl_timeout(s, out) == SESSION_SASL_OVER)
		session_cap_end(s, out);
}

int
session_cap_refused(struct session *s, const struct ircline *m,
    struct session_out *out)
{
	if (s->cap == SESSION_CAP_DONE || m->nparams < 2)
		return 0;
	if (strcmp(m->command, "410") == 0) {
		session_emit(out, SESSION_WARN,
		    "CAP: the server refused CAP %s", m->params[1]);
		session_cap_end(s, out);
		return 1;
	}
	if (strcmp(m->command, "421") == 0 &&
	    strcasecmp(m->params[1], "CAP") == 0) {
		session_emit(out, SESSION_LOG,
		    "CAP: not supported by the server");
		s->cap = SESSION_CAP_DONE;
		return 1;
	}
	return 0;
}

void
session_cap_registered(struct session *s, struct session_out *out)
{
	if (s->cap == SESSION_CAP_DONE)
		return;
	session_emit(out, SESSION_LOG, "CAP: not supported by the server");
	s->cap = SESSION_CAP_DONE;
}
