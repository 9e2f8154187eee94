/*
 * The services login, for the relay (relay-int.h): SASL PLAIN inside CAP
 * negotiation (IRCv3 sasl-3.1), and IDENTIFY to NickServ after 001 when
 * SASL was not offered, not granted or refused.
 *
 * The password goes into two kinds of line only, AUTHENTICATE (written
 * ahead of the queue) and the PRIVMSG to NickServ (through the queue);
 * neither the relay nor the queue ever logs a line, the log lines here
 * name the account at most, and the server's own text for a failure is not
 * repeated (a server could echo what it was sent).  Buffers that held the
 * password are wiped.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../config/conf.h"
#include "log.h"
#include "queue.h"
#include "relay-int.h"

#define RELAY_SASL_RAW 1024 /* account NUL account NUL password */

int
relay_sasl_wanted(const struct relay *r, const char *value, size_t len)
{
	const char *end = value + len, *comma;
	size_t n;

	if (r->conf->sasl_account == NULL)
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
relay_sasl_start(struct relay *r, uint64_t now)
{
	r->cap = RELAY_CAP_SASL;
	r->sasl_deadline = now + RELAY_SASL_MS;
	relay_direct(
	    r, "AUTHENTICATE PLAIN", (int)strlen("AUTHENTICATE PLAIN"));
}

/* Base64 (RFC 4648, with padding) of in[0..n-1] into out, which has room
 * for 4 * ((n + 2) / 3) + 1 bytes; its length. */
static size_t
relay_base64(const unsigned char *in, size_t n, char *out)
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
 * base64, in lines of RELAY_SASL_CHUNK bytes, and "AUTHENTICATE +" after
 * a last line that was full (or for nothing at all), so the server knows
 * the payload ended. */
static void
relay_sasl_send(struct relay *r)
{
	const char *account = r->conf->sasl_account;
	const char *password = r->conf->sasl_password;
	unsigned char raw[RELAY_SASL_RAW];
	char b64[RELAY_SASL_RAW / 3 * 4 + 8], line[IRCLINE_MAX + 1];
	size_t alen = strlen(account), plen = strlen(password), n, off, k;

	if (2 * alen + plen + 2 > sizeof raw) {
		log_msg("SASL: the account and password are too long");
		relay_direct(
		    r, "AUTHENTICATE *", (int)strlen("AUTHENTICATE *"));
		return;
	}
	memcpy(raw, account, alen);
	raw[alen] = '\0';
	memcpy(raw + alen + 1, account, alen);
	raw[2 * alen + 1] = '\0';
	memcpy(raw + 2 * alen + 2, password, plen);
	n = relay_base64(raw, 2 * alen + plen + 2, b64);
	for (off = 0;; off += k) {
		k = n - off < RELAY_SASL_CHUNK ? n - off : RELAY_SASL_CHUNK;
		if (k == 0) {
			relay_direct(r, "AUTHENTICATE +", 14);
			break;
		}
		relay_direct(r, line,
		    snprintf(line, sizeof line, "AUTHENTICATE %.*s", (int)k,
		        b64 + off));
		if (k < RELAY_SASL_CHUNK)
			break;
	}
	explicit_bzero(raw, sizeof raw);
	explicit_bzero(b64, sizeof b64);
	explicit_bzero(line, sizeof line);
}

/* SASL is over, logged in. */
static void
relay_sasl_success(struct relay *r, const char *how)
{
	r->sasl_done = 1;
	log_msg("SASL: %s", how);
	relay_cap_end(r);
}

/* SASL is over without a login: CAP END and on without one (NickServ
 * after 001), or the end of the connection, as sasl.on_failure says. */
static void
relay_sasl_failed(struct relay *r, uint64_t now, const char *why)
{
	char text[300];

	snprintf(text, sizeof text, "SASL login as %s failed: %s",
	    r->conf->sasl_account, why);
	if (r->conf->sasl_disconnect) {
		relay_drop(r, now, text);
		return;
	}
	log_msg("%s; going on without it", text);
	relay_cap_end(r);
}

/* Our words for a SASL numeric, or NULL for one that ends nothing. */
static const char *
relay_sasl_failure(const char *code)
{
	static const char *const words[][2] = {
	    {"902", "the account is unavailable (902)"},
	    {"904", "the server refused it (904)"},
	    {"905", "the message was too long (905)"},
	    {"906", "aborted (906)"},
	};
	size_t i;

	for (i = 0; i < sizeof words / sizeof words[0]; i++) {
		if (strcmp(code, words[i][0]) == 0)
			return words[i][1];
	}
	return NULL;
}

int
relay_sasl_line(struct relay *r, const struct ircline *m, uint64_t now)
{
	const char *cmd = m->command, *why;

	if (strcmp(cmd, "AUTHENTICATE") == 0) {
		if (m->nparams > 0 && strcmp(m->params[0], "+") == 0)
			relay_sasl_send(r);
		return 1;
	}
	if (strcmp(cmd, "421") == 0 && m->nparams >= 2 &&
	    strcasecmp(m->params[1], "AUTHENTICATE") == 0) {
		relay_sasl_failed(r, now, "the server has no AUTHENTICATE");
		return 1;
	}
	if (strcmp(cmd, "900") == 0) { /* [us, us!u@h, account, text] */
		log_msg("SASL: the server says we are %s",
		    m->nparams >= 3 ? m->params[2] : "logged in");
		return 1;
	}
	if (strcmp(cmd, "903") == 0) {
		relay_sasl_success(r, "logged in");
		return 1;
	}
	if (strcmp(cmd, "907") == 0) {
		relay_sasl_success(r, "logged in already (907)");
		return 1;
	}
	if (strcmp(cmd, "908") == 0) { /* [us, mechanisms, text]: 904 next */
		log_msg("SASL: the server offers %s",
		    m->nparams >= 2 ? m->params[1] : "other mechanisms");
		return 1;
	}
	if ((why = relay_sasl_failure(cmd)) == NULL)
		return strcmp(cmd, "901") == 0;
	relay_sasl_failed(r, now, why);
	return 1;
}

void
relay_sasl_timeout(struct relay *r, uint64_t now)
{
	relay_sasl_failed(r, now, "no answer from the server");
}

void
relay_sasl_registered(struct relay *r)
{
	const struct conf *c = r->conf;
	char line[QUEUE_LINE_MAX + 1];
	int n;

	if (c->sasl_account == NULL || c->nickserv == NULL || r->sasl_done)
		return;
	n = snprintf(line, sizeof line, "PRIVMSG %s :IDENTIFY %s %s",
	    c->nickserv, c->sasl_account, c->sasl_password);
	if (n > 0 && (size_t)n < sizeof line) {
		queue_push(r->queue, QUEUE_URGENT, line);
		log_msg(
		    "identifying to %s as %s", c->nickserv, c->sasl_account);
	} else
		log_msg("not identifying to %s: the line would be too long",
		    c->nickserv);
	explicit_bzero(line, sizeof line);
}
