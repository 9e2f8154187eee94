/*
 * The services login, for the session (session-int.h): SASL PLAIN inside
 * CAP negotiation (IRCv3 sasl-3.1), and IDENTIFY to NickServ after 001
 * when SASL was not offered, not granted or refused.
 *
 * The password goes into two kinds of line only, AUTHENTICATE (written
 * ahead of the queue) and the PRIVMSG to NickServ (through the queue);
 * the log lines here name the account at most, and the server's own text
 * for a failure is not repeated (a server could echo what it was sent).
 * Buffers that held the password are wiped.
 *
 * SASL never ends CAP negotiation itself: each step says what it came to
 * (enum session_sasl) and session-cap.c sends CAP END, so the two files
 * call each other one way only.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "config/conf.h"
#include "bot/net/session-int.h"

#define SESSION_SASL_RAW 1024 /* account NUL account NUL password */

/* Our words for the SASL numerics that end it in failure. */
static const char *const session_sasl_failures[][2] = {
    {"902", "the account is unavailable (902)"},
    {"904", "the server refused it (904)"},
    {"905", "the message was too long (905)"},
    {"906", "aborted (906)"},
};

int
session_sasl_wanted(const struct conf *c, const char *value, size_t len)
{
	const char *end = value + len, *comma;
	size_t n;

	if (c->sasl_account == NULL)
		return 0;
	if (len == 0)
		return 1;
	for (; value < end; value += n + 1) {
		comma = memchr(value, ',', (size_t)(end - value));
		n = comma != NULL ? (size_t)(comma - value)
		                  : (size_t)(end - value);
		if (n == 5 && strncasecmp(value, "PLAIN", 5) == 0)
			return 1;
	}
	return 0;
}

void
session_sasl_start(struct session *s, uint64_t now, struct session_out *out)
{
	s->cap = SESSION_CAP_SASL;
	s->sasl_deadline = now + SESSION_SASL_MS;
	session_emit(out, SESSION_SEND, "AUTHENTICATE PLAIN");
}

/* Base64 (RFC 4648, with padding) of in[0..n-1] into out, which has room
 * for 4 * ((n + 2) / 3) + 1 bytes; its length. */
static size_t
session_base64(const unsigned char *in, size_t n, char *out)
{
	static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                             "abcdefghijklmnopqrstuvwxyz0123456789+/";
	unsigned long v;
	size_t i, o = 0;

	for (i = 0; i < n; i += 3) {
		v = (unsigned long)in[i] << 16;
		if (i + 1 < n)
			v |= (unsigned long)in[i + 1] << 8;
		if (i + 2 < n)
			v |= in[i + 2];
		out[o++] = digits[v >> 18 & 63];
		out[o++] = digits[v >> 12 & 63];
		out[o++] = i + 1 < n ? digits[v >> 6 & 63] : '=';
		out[o++] = i + 2 < n ? digits[v & 63] : '=';
	}
	out[o] = '\0';
	return o;
}

/* The server said "AUTHENTICATE +": "account NUL account NUL password" in
 * base64, in lines of SESSION_SASL_CHUNK bytes, and "AUTHENTICATE +"
 * after a last line that was full (or for nothing at all), so the server
 * knows the payload ended.  At most 4 lines: the raw payload is at most
 * SESSION_SASL_RAW bytes. */
static void
session_sasl_send(struct session *s, struct session_out *out)
{
	const char *account = s->conf->sasl_account;
	const char *password = s->conf->sasl_password;
	unsigned char raw[SESSION_SASL_RAW];
	char b64[SESSION_SASL_RAW / 3 * 4 + 8];
	size_t alen = strlen(account), plen = strlen(password), n, off, k;

	if (2 * alen + plen + 2 > sizeof raw) {
		session_emit(out, SESSION_WARN,
		    "SASL: the account and password are too long");
		session_emit(out, SESSION_SEND, "AUTHENTICATE *");
		return;
	}
	memcpy(raw, account, alen);
	raw[alen] = '\0';
	memcpy(raw + alen + 1, account, alen);
	raw[2 * alen + 1] = '\0';
	memcpy(raw + 2 * alen + 2, password, plen);
	n = session_base64(raw, 2 * alen + plen + 2, b64);
	for (off = 0;; off += k) {
		k = n - off < SESSION_SASL_CHUNK ? n - off : SESSION_SASL_CHUNK;
		if (k == 0) {
			session_emit(out, SESSION_SEND, "AUTHENTICATE +");
			break;
		}
		session_emit(out, SESSION_SEND, "AUTHENTICATE %.*s", (int)k,
		    b64 + off);
		if (k < SESSION_SASL_CHUNK)
			break;
	}
	explicit_bzero(raw, sizeof raw);
	explicit_bzero(b64, sizeof b64);
}

/* SASL is over, logged in. */
static enum session_sasl
session_sasl_success(struct session *s, struct session_out *out,
    const char *how)
{
	s->sasl_done = 1;
	session_emit(out, SESSION_LOG, "SASL: %s", how);
	return SESSION_SASL_OVER;
}

/* SASL is over without a login: on without one (NickServ after 001), or
 * the end of the connection, as sasl.on_failure says. */
static enum session_sasl
session_sasl_failed(struct session *s, struct session_out *out,
    const char *why)
{
	const char *account = s->conf->sasl_account;

	if (s->conf->sasl_disconnect) {
		session_drop(s, out, "SASL login as %s failed: %s", account,
		    why);
		return SESSION_SASL_DROP;
	}
	session_emit(out, SESSION_WARN,
	    "SASL login as %s failed: %s; going on without it", account, why);
	return SESSION_SASL_OVER;
}

enum session_sasl
session_sasl_line(struct session *s, const struct ircline *m,
    struct session_out *out)
{
	const char *cmd = m->command;
	size_t i;

	if (strcmp(cmd, "AUTHENTICATE") == 0) {
		if (m->nparams > 0 && strcmp(m->params[0], "+") == 0)
			session_sasl_send(s, out);
		return SESSION_SASL_MINE;
	}
	if (strcmp(cmd, "421") == 0 && m->nparams >= 2 &&
	    strcasecmp(m->params[1], "AUTHENTICATE") == 0)
		return session_sasl_failed(s, out,
		    "the server has no AUTHENTICATE");
	if (strcmp(cmd, "900") == 0) { /* [us, us!u@h, account, text] */
		session_emit(out, SESSION_LOG,
		    "SASL: the server says we are %s",
		    m->nparams >= 3 ? m->params[2] : "logged in");
		return SESSION_SASL_MINE;
	}
	if (strcmp(cmd, "903") == 0)
		return session_sasl_success(s, out, "logged in");
	if (strcmp(cmd, "907") == 0)
		return session_sasl_success(s, out,
		    "logged in already (907)");
	if (strcmp(cmd, "908") == 0) { /* [us, mechanisms, text]: 904 next */
		session_emit(out, SESSION_LOG, "SASL: the server offers %s",
		    m->nparams >= 2 ? m->params[1] : "other mechanisms");
		return SESSION_SASL_MINE;
	}
	if (strcmp(cmd, "901") == 0)
		return SESSION_SASL_MINE;
	for (i = 0; i < sizeof session_sasl_failures /
	     sizeof session_sasl_failures[0]; i++) {
		if (strcmp(cmd, session_sasl_failures[i][0]) == 0)
			return session_sasl_failed(s, out,
			    session_sasl_failures[i][1]);
	}
	return SESSION_SASL_NOT_MINE;
}

enum session_sasl
session_sasl_timeout(struct session *s, struct session_out *out)
{
	return session_sasl_failed(s, out, "no answer from the server");
}

void
session_sasl_registered(struct session *s, struct session_out *out)
{
	const struct conf *c = s->conf;

	if (c->sasl_account == NULL || c->nickserv == NULL || s->sasl_done)
		return;
	if (session_emit(out, SESSION_REPLY, "PRIVMSG %s :IDENTIFY %s %s",
	    c->nickserv, c->sasl_account, c->sasl_password) == 0)
		session_emit(out, SESSION_LOG, "identifying to %s as %s",
		    c->nickserv, c->sasl_account);
	else
		session_emit(out, SESSION_WARN,
		    "not identifying to %s: the line would be too long",
		    c->nickserv);
}
