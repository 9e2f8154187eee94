/*
 * Unit tests of the IRC session (bot/net/session.h) through its pure
 * interface: no socket, no clock, no libircclient.  Each test starts a
 * session on the default configuration at a fixed time, hands it parsed
 * lines and times, and reads back every action it asks for, in order, as
 * "KIND text" ("SEND CAP LS 302", "FIRST PONG :x", "REGISTERED nick",
 * "DROP why").
 *
 * Covered: registration with and without a server password; CAP LS over
 * several lines, ACK, NAK, nothing wanted, 410, 421, a server that ignores
 * CAP, DEL and NEW after 001; SASL PLAIN requested only with a login and
 * PLAIN offered, its payload (checked against OpenSSL's base64) in
 * 400-byte lines with "+" after a full last one, success, failure going on
 * to IDENTIFY after 001 or ending the connection, a 421 for AUTHENTICATE,
 * no answer in time; the nick cascade through the configured nicks and
 * the fallbacks, cut to 9 bytes after a 432, given up after 30 tries;
 * taking the primary back on a QUIT, a NICK or an ISON reply, one request
 * at a time, none after a 432 for it; PING answered ahead of the queue
 * before 001 and at its head after; the keepalive PING and the end of a
 * silent connection at their exact times; a line of ours too long refused
 * whole.  No log or drop action ever holds the password.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <openssl/evp.h>

#include "bot/net/session.h"
#include "config/conf.h"

#define T0 1000000
#define ACCOUNT "dealer"
#define PASSWORD "s3cret pass%s"
#define USER_LINE "USER cheater 0 * :cheaterbot, an IRC card game bot"

struct fx {
	struct conf conf;
	struct session s;
	struct session_out out;
	uint64_t now;
	int seen; /* actions of out already checked */
};

static const char *const kinds[] = {
    [SESSION_SEND] = "SEND",
    [SESSION_FIRST] = "FIRST",
    [SESSION_REPLY] = "REPLY",
    [SESSION_HOUSE] = "HOUSE",
    [SESSION_LOG] = "LOG",
    [SESSION_WARN] = "WARN",
    [SESSION_DEBUG] = "DEBUG",
    [SESSION_REGISTERED] = "REGISTERED",
    [SESSION_DROP] = "DROP",
};

static int
setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);

	if (f == NULL)
		return -1;
	conf_defaults(&f->conf);
	f->now = T0;
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx *f = *state;

	conf_free(&f->conf);
	free(f);
	return 0;
}

static void
login(struct fx *f, const char *account, const char *password)
{
	conf_set_string(&f->conf.sasl_account, account);
	conf_set_string(&f->conf.sasl_password, password);
}

/* The next action must be want ("KIND text").  No log or drop action
 * holds the password, or anything of SASL's payload. */
static void
act(struct fx *f, const char *want)
{
	const struct session_act *a;
	char got[SESSION_TEXT_MAX + 16];

	if (f->seen >= f->out.n) {
		assert_string_equal("(nothing)", want);
		return;
	}
	a = &f->out.act[f->seen++];
	if (a->what == SESSION_LOG || a->what == SESSION_WARN ||
	    a->what == SESSION_DEBUG || a->what == SESSION_DROP) {
		if (f->conf.sasl_password != NULL)
			assert_null(strstr(a->text, f->conf.sasl_password));
		assert_null(strstr(a->text, "AUTHENTICATE "));
	}
	snprintf(got, sizeof got, "%s %s", kinds[a->what], a->text);
	assert_string_equal(got, want);
}

/* Every action was checked: the next call starts afresh. */
static void
done(struct fx *f)
{
	act(f, "(nothing)");
	session_out_wipe(&f->out);
	f->seen = 0;
}

/* The server sends raw; whether the session kept it as its own. */
static int
line(struct fx *f, const char *raw)
{
	static struct ircline m;

	assert_int_equal(ircline_parse(&m, raw, strlen(raw)), 0);
	return session_line(&f->s, &m, f->now, &f->out);
}

/* A line the session keeps. */
static void
mine(struct fx *f, const char *raw)
{
	assert_int_equal(line(f, raw), 1);
}

/* A line the core must see too. */
static void
theirs(struct fx *f, const char *raw)
{
	assert_int_equal(line(f, raw), 0);
}

/* Time passes to at; the session's timers run. */
static void
tick(struct fx *f, uint64_t at)
{
	f->now = at;
	session_tick(&f->s, f->now, &f->out);
}

static void
start(struct fx *f)
{
	session_start(&f->s, &f->conf, f->now, &f->out);
	act(f, "SEND CAP LS 302");
	act(f, "SEND NICK cheaterbot");
	act(f, "SEND " USER_LINE);
	done(f);
	assert_int_equal(f->s.state, SESSION_REGISTERING);
}

/* No wanted capability offered, then 001 as nick. */
static void
registered(struct fx *f, const char *nick)
{
	char raw[128], want[128];

	mine(f, ":irc.test CAP * LS :multi-prefix");
	act(f, "LOG CAP: the server offers none of extended-join "
	       "account-notify away-notify");
	act(f, "SEND CAP END");
	done(f);
	snprintf(raw, sizeof raw, ":irc.test 001 %s :Welcome", nick);
	theirs(f, raw);
	snprintf(want, sizeof want, "LOG registered as %s", nick);
	act(f, want);
	snprintf(want, sizeof want, "REGISTERED %s", nick);
	act(f, want);
	done(f);
	assert_int_equal(f->s.state, SESSION_READY);
}

static void
test_register(void **state)
{
	struct fx *f = *state;

	start(f);
	/* Lines before 001 that are no one's pass on, acting on nothing. */
	theirs(f, ":irc.test NOTICE * :*** Looking up your hostname");
	done(f);
	registered(f, "cheaterbot");
	theirs(f, ":n!u@h PRIVMSG #c :hello");
	done(f);
}

/* The server password goes out as PASS, after CAP LS and before NICK. */
static void
test_password(void **state)
{
	struct fx *f = *state;

	conf_set_string(&f->conf.password, "srv pw%n");
	session_start(&f->s, &f->conf, f->now, &f->out);
	act(f, "SEND CAP LS 302");
	act(f, "SEND PASS :srv pw%n");
	act(f, "SEND NICK cheaterbot");
	act(f, "SEND " USER_LINE);
	done(f);
}

static void
test_cap_negotiated(void **state)
{
	struct fx *f = *state;

	start(f);
	mine(f, ":irc.test CAP * LS * :multi-prefix sasl=PLAIN,EXTERNAL "
	        "account-notify");
	done(f);
	mine(f, ":irc.test CAP * LS :extended-join=x away-notify");
	act(f, "SEND CAP REQ :extended-join account-notify away-notify");
	done(f);
	mine(f, ":irc.test CAP * ACK * :extended-join");
	done(f);
	mine(f, ":irc.test CAP * ACK :account-notify");
	act(f, "LOG CAP: enabled extended-join account-notify");
	act(f, "SEND CAP END");
	done(f);
	assert_int_equal(f->s.cap, SESSION_CAP_DONE);
	theirs(f, ":irc.test 001 cheaterbot :Welcome");
	act(f, "LOG registered as cheaterbot");
	act(f, "REGISTERED cheaterbot");
	done(f);
	/* CAP lines after registration stay the session's too. */
	mine(f, ":irc.test CAP cheaterbot NEW :chghost");
	done(f);
	mine(f, ":irc.test CAP cheaterbot DEL :account-notify");
	act(f, "LOG CAP: the server withdrew account-notify");
	done(f);
	mine(f, ":irc.test CAP cheaterbot DEL :account-notify");
	done(f);
}

static void
test_cap_nak(void **state)
{
	struct fx *f = *state;

	start(f);
	mine(f, ":irc.test CAP * LS :account-notify");
	act(f, "SEND CAP REQ :account-notify");
	done(f);
	mine(f, ":irc.test CAP * NAK :account-notify");
	act(f, "WARN CAP: the server refused account-notify");
	act(f, "SEND CAP END");
	done(f);
}

/* 410 for our CAP REQ ends negotiation with CAP END; a 410 later is
 * not ours and passes on. */
static void
test_cap_410(void **state)
{
	struct fx *f = *state;

	start(f);
	mine(f, ":irc.test CAP * LS :extended-join");
	act(f, "SEND CAP REQ :extended-join");
	done(f);
	mine(f, ":irc.test 410 * REQ :Invalid CAP command");
	act(f, "WARN CAP: the server refused CAP REQ");
	act(f, "SEND CAP END");
	done(f);
	theirs(f, ":irc.test 410 * FOO :Invalid CAP command");
	done(f);
}

/* 421 for CAP: no CAP at all, and no CAP END. */
static void
test_no_cap(void **state)
{
	struct fx *f = *state;

	start(f);
	mine(f, ":irc.test 421 * CAP :Unknown command");
	act(f, "LOG CAP: not supported by the server");
	done(f);
	theirs(f, ":irc.test 001 cheaterbot :Welcome");
	act(f, "LOG registered as cheaterbot");
	act(f, "REGISTERED cheaterbot");
	done(f);
}

/* A server that ignores CAP and registers the bot all the same. */
static void
test_cap_ignored(void **state)
{
	struct fx *f = *state;

	start(f);
	theirs(f, ":irc.test 001 cheaterbot :Welcome");
	act(f, "LOG CAP: not supported by the server");
	act(f, "LOG registered as cheaterbot");
	act(f, "REGISTERED cheaterbot");
	done(f);
}

/* The base64 of "account NUL account NUL password", by OpenSSL. */
static char *
payload(const char *account, const char *password)
{
	size_t alen = strlen(account), plen = strlen(password);
	size_t n = 2 * alen + plen + 2;
	unsigned char *raw = malloc(n);
	char *out = malloc(4 * ((n + 2) / 3) + 1);

	assert_non_null(raw);
	assert_non_null(out);
	memcpy(raw, account, alen);
	raw[alen] = '\0';
	memcpy(raw + alen + 1, account, alen);
	raw[2 * alen + 1] = '\0';
	memcpy(raw + 2 * alen + 2, password, plen);
	EVP_EncodeBlock((unsigned char *)out, raw, (int)n);
	free(raw);
	return out;
}

/* With a login: CAP LS offering PLAIN, REQ, ACK, AUTHENTICATE PLAIN, "+"
 * and the payload, checked line by line. */
static void
sasl_until_payload(struct fx *f, const char *account, const char *password)
{
	char *b64, want[600];
	size_t n, off, k;

	login(f, account, password);
	start(f);
	mine(f, ":irc.test CAP * LS :multi-prefix sasl=EXTERNAL,PLAIN "
	        "account-notify");
	act(f, "SEND CAP REQ :account-notify sasl");
	done(f);
	mine(f, ":irc.test CAP * ACK :account-notify sasl");
	act(f, "LOG CAP: enabled account-notify sasl");
	act(f, "SEND AUTHENTICATE PLAIN");
	done(f);
	assert_int_equal(f->s.cap, SESSION_CAP_SASL);
	assert_int_equal(session_next(&f->s), f->now + SESSION_SASL_MS);
	mine(f, "AUTHENTICATE +");
	b64 = payload(account, password);
	n = strlen(b64);
	for (off = 0;; off += k) {
		k = n - off < SESSION_SASL_CHUNK ? n - off
		                                 : SESSION_SASL_CHUNK;
		if (k == 0) {
			act(f, "SEND AUTHENTICATE +");
			break;
		}
		snprintf(want, sizeof want, "SEND AUTHENTICATE %.*s", (int)k,
		    b64 + off);
		act(f, want);
		if (k < SESSION_SASL_CHUNK)
			break;
	}
	done(f);
	free(b64);
}

static void
test_sasl_success(void **state)
{
	struct fx *f = *state;

	sasl_until_payload(f, ACCOUNT, PASSWORD);
	mine(f, ":irc.test 900 cheaterbot cheaterbot!cheater@host dealer "
	        ":You are now logged in as dealer");
	act(f, "LOG SASL: the server says we are dealer");
	done(f);
	mine(f, ":irc.test 903 cheaterbot :SASL authentication successful");
	act(f, "LOG SASL: logged in");
	act(f, "SEND CAP END");
	done(f);
	/* Logged in: no NickServ. */
	theirs(f, ":irc.test 001 cheaterbot :Welcome");
	act(f, "LOG registered as cheaterbot");
	act(f, "REGISTERED cheaterbot");
	done(f);
}

/* The payload as computed here, the known answer. */
static void
test_sasl_payload(void **state)
{
	struct fx *f = *state;

	login(f, ACCOUNT, PASSWORD);
	start(f);
	mine(f, ":irc.test CAP * LS :sasl");
	act(f, "SEND CAP REQ :sasl");
	done(f);
	mine(f, ":irc.test CAP * ACK :sasl");
	act(f, "LOG CAP: enabled sasl");
	act(f, "SEND AUTHENTICATE PLAIN");
	done(f);
	mine(f, "AUTHENTICATE +");
	act(f, "SEND AUTHENTICATE ZGVhbGVyAGRlYWxlcgBzM2NyZXQgcGFzcyVz");
	done(f);
	mine(f, ":irc.test 907 cheaterbot :You have already authenticated");
	act(f, "LOG SASL: logged in already (907)");
	act(f, "SEND CAP END");
	done(f);
}

/* Logs in with an account of alen bytes and a password of plen, whose
 * payload is b64len bytes in base64. */
static void
chunked(struct fx *f, size_t alen, size_t plen, size_t b64len)
{
	char account[64], password[300], *b64;

	memset(account, 'a', alen);
	account[alen] = '\0';
	memset(password, 'p', plen);
	password[plen] = '\0';
	b64 = payload(account, password);
	assert_int_equal(strlen(b64), b64len);
	free(b64);
	sasl_until_payload(f, account, password);
}

/* 2 * 23 + 252 + 2 = 300 bytes: 400 in base64, one full line and "+";
 * 2 * 30 + 255 + 2 = 317: 424, lines of 400 and 24. */
static void
test_sasl_chunks(void **state)
{
	chunked(*state, 23, 252, 400);
}

static void
test_sasl_chunks_long(void **state)
{
	chunked(*state, 30, 255, 424);
}

/* 904 (908 before it): going on without the login, CAP END, and at 001
 * IDENTIFY to NickServ, urgent, before the core hears of 001. */
static void
test_sasl_failure(void **state)
{
	struct fx *f = *state;

	sasl_until_payload(f, ACCOUNT, PASSWORD);
	mine(f, ":irc.test 908 cheaterbot EXTERNAL,PLAIN :are available "
	        "SASL mechanisms");
	act(f, "LOG SASL: the server offers EXTERNAL,PLAIN");
	done(f);
	mine(f, ":irc.test 904 cheaterbot :SASL authentication failed");
	act(f, "WARN SASL login as dealer failed: the server refused it "
	       "(904); going on without it");
	act(f, "SEND CAP END");
	done(f);
	theirs(f, ":irc.test 001 cheaterbot :Welcome");
	act(f, "LOG registered as cheaterbot");
	act(f, "REPLY PRIVMSG NickServ :IDENTIFY " ACCOUNT " " PASSWORD);
	act(f, "LOG identifying to NickServ as dealer");
	act(f, "REGISTERED cheaterbot");
	done(f);
}

/* sasl.on_failure = "disconnect": the end, no CAP END, and nothing more
 * from the session after it. */
static void
test_sasl_failure_drops(void **state)
{
	struct fx *f = *state;

	f->conf.sasl_disconnect = 1;
	sasl_until_payload(f, ACCOUNT, PASSWORD);
	mine(f, ":irc.test 904 cheaterbot :SASL authentication failed");
	act(f, "DROP SASL login as dealer failed: the server refused it "
	       "(904)");
	done(f);
	mine(f, ":irc.test 001 cheaterbot :Welcome");
	mine(f, "PING :x");
	tick(f, f->now + 3600 * 1000);
	done(f);
	assert_int_equal(session_next(&f->s), UINT64_MAX);
}

/* A server without AUTHENTICATE: a failure like any other. */
static void
test_sasl_421(void **state)
{
	struct fx *f = *state;

	login(f, ACCOUNT, PASSWORD);
	start(f);
	mine(f, ":irc.test CAP * LS :sasl");
	act(f, "SEND CAP REQ :sasl");
	done(f);
	mine(f, ":irc.test CAP * ACK :sasl");
	act(f, "LOG CAP: enabled sasl");
	act(f, "SEND AUTHENTICATE PLAIN");
	done(f);
	mine(f, ":irc.test 421 cheaterbot AUTHENTICATE :Unknown command");
	act(f, "WARN SASL login as dealer failed: the server has no "
	       "AUTHENTICATE; going on without it");
	act(f, "SEND CAP END");
	done(f);
}

/* No outcome within SESSION_SASL_MS: a failure, exactly then. */
static void
test_sasl_timeout(void **state)
{
	struct fx *f = *state;

	login(f, ACCOUNT, PASSWORD);
	start(f);
	mine(f, ":irc.test CAP * LS :sasl");
	act(f, "SEND CAP REQ :sasl");
	done(f);
	mine(f, ":irc.test CAP * ACK :sasl");
	act(f, "LOG CAP: enabled sasl");
	act(f, "SEND AUTHENTICATE PLAIN");
	done(f);
	tick(f, T0 + SESSION_SASL_MS - 1);
	done(f);
	session_heard(&f->s, f->now);
	tick(f, T0 + SESSION_SASL_MS);
	act(f, "WARN SASL login as dealer failed: no answer from the server; "
	       "going on without it");
	act(f, "SEND CAP END");
	done(f);
	theirs(f, ":irc.test 001 cheaterbot :Welcome");
	act(f, "LOG registered as cheaterbot");
	act(f, "REPLY PRIVMSG NickServ :IDENTIFY " ACCOUNT " " PASSWORD);
	act(f, "LOG identifying to NickServ as dealer");
	act(f, "REGISTERED cheaterbot");
	done(f);
}

/* sasl offered without PLAIN, or not offered: no sasl asked for;
 * without a login, sasl is never asked for. */
static void
test_sasl_not_offered(void **state)
{
	struct fx *f = *state;

	login(f, ACCOUNT, PASSWORD);
	conf_set_string(&f->conf.nickserv, "Services");
	start(f);
	mine(f, ":irc.test CAP * LS :sasl=EXTERNAL account-notify");
	act(f, "LOG SASL: the server offers no SASL PLAIN");
	act(f, "SEND CAP REQ :account-notify");
	done(f);
	mine(f, ":irc.test CAP * ACK :account-notify");
	act(f, "LOG CAP: enabled account-notify");
	act(f, "SEND CAP END");
	done(f);
	theirs(f, ":irc.test 001 cheaterbot :Welcome");
	act(f, "LOG registered as cheaterbot");
	act(f, "REPLY PRIVMSG Services :IDENTIFY " ACCOUNT " " PASSWORD);
	act(f, "LOG identifying to Services as dealer");
	act(f, "REGISTERED cheaterbot");
	done(f);
}

static void
test_sasl_no_login(void **state)
{
	struct fx *f = *state;

	start(f);
	mine(f, ":irc.test CAP * LS :sasl=PLAIN account-notify");
	act(f, "SEND CAP REQ :account-notify");
	done(f);
}

/* sasl.nickserv = "": no fallback at all. */
static void
test_no_nickserv(void **state)
{
	struct fx *f = *state;

	login(f, ACCOUNT, PASSWORD);
	conf_set_string(&f->conf.nickserv, NULL);
	start(f);
	mine(f, ":irc.test CAP * LS :multi-prefix");
	act(f, "LOG CAP: the server offers none of extended-join "
	       "account-notify sasl away-notify");
	act(f, "SEND CAP END");
	done(f);
	theirs(f, ":irc.test 001 cheaterbot :Welcome");
	act(f, "LOG registered as cheaterbot");
	act(f, "REGISTERED cheaterbot");
	done(f);
}

/* Before 001: the configured nicks, then the fallbacks that are not
 * configured ones, each logged. */
static void
test_nick_cascade(void **state)
{
	struct fx *f = *state;

	start(f);
	theirs(f, ":irc.test 433 * cheaterbot :Nickname already in use");
	act(f, "LOG nick refused (433), trying cheaterbot_");
	act(f, "SEND NICK cheaterbot_");
	done(f);
	theirs(f, ":irc.test 437 * cheaterbot_ :Nick temporarily unavailable");
	act(f, "LOG nick refused (437), trying cheaterbot__");
	act(f, "SEND NICK cheaterbot__");
	done(f);
	theirs(f, ":irc.test 433 * cheaterbot__ :Nickname already in use");
	act(f, "LOG nick refused (433), trying cheaterbot2");
	act(f, "SEND NICK cheaterbot2");
	done(f);
	/* A server refusing the long fallback: cut to 9 bytes from now. */
	theirs(f, ":irc.test 432 * cheaterbot2 :Erroneous nickname");
	act(f, "LOG nick refused (432), trying cheaterb3");
	act(f, "SEND NICK cheaterb3");
	done(f);
	registered(f, "cheaterb3");
}

/* SESSION_NICK_TRIES nicks tried (the first included), each a
 * different one: no nick is free, the connection ends. */
static void
test_nick_exhausted(void **state)
{
	struct fx *f = *state;
	char tried[SESSION_NICK_TRIES][SESSION_NICK_MAX + 8];
	int n = 1, i;

	start(f);
	snprintf(tried[0], sizeof tried[0], "NICK cheaterbot");
	for (;;) {
		theirs(f, ":irc.test 433 * x :Nickname already in use");
		if (f->out.act[0].what == SESSION_DROP)
			break;
		assert_int_equal(f->out.n, 2);
		assert_int_equal(f->out.act[1].what, SESSION_SEND);
		assert_true(n < SESSION_NICK_TRIES);
		snprintf(tried[n], sizeof tried[n], "%.*s",
		    (int)sizeof tried[n] - 1, f->out.act[1].text);
		for (i = 0; i < n; i++)
			assert_string_not_equal(tried[i], tried[n]);
		n++;
		f->seen = 2;
		done(f);
	}
	act(f, "DROP no nick is free");
	done(f);
	assert_int_equal(n, SESSION_NICK_TRIES);
}

/* Registered as cheaterbot_ after a 433. */
static void
fallback(struct fx *f)
{
	start(f);
	theirs(f, ":irc.test 433 * cheaterbot :Nickname already in use");
	act(f, "LOG nick refused (433), trying cheaterbot_");
	act(f, "SEND NICK cheaterbot_");
	done(f);
	registered(f, "cheaterbot_");
}

static void
test_regain_on_quit(void **state)
{
	struct fx *f = *state;

	fallback(f);
	theirs(f, ":someone!u@h QUIT :bye");
	done(f);
	theirs(f, ":cheaterbot!u@h QUIT :bye");
	act(f, "LOG cheaterbot quit, asking for it");
	act(f, "FIRST NICK cheaterbot");
	done(f);
	/* One request at a time. */
	theirs(f, ":cheaterbot!u@h QUIT :bye");
	done(f);
	theirs(f, ":cheaterbot_!u@h NICK :cheaterbot");
	act(f, "LOG now known as cheaterbot");
	done(f);
	/* Back on the primary: no more asking, only the keepalive left. */
	assert_int_equal(session_next(&f->s), T0 + f->conf.ping_ms);
}

static void
test_regain_on_nick(void **state)
{
	struct fx *f = *state;

	fallback(f);
	/* A change of case keeps the nick held. */
	theirs(f, ":cheaterbot!u@h NICK :CheaterBot");
	done(f);
	theirs(f, ":CheaterBot!u@h NICK :elsewhere");
	act(f, "LOG cheaterbot changed nick, asking for it");
	act(f, "FIRST NICK cheaterbot");
	done(f);
	/* Refused (taken again meanwhile): logged, no cascade. */
	theirs(f, ":irc.test 433 cheaterbot_ cheaterbot :Nickname in use");
	act(f, "DEBUG nick cheaterbot not free yet (433), keeping cheaterbot_");
	done(f);
}

static void
test_regain_by_ison(void **state)
{
	struct fx *f = *state;

	fallback(f);
	assert_int_equal(session_next(&f->s), T0 + SESSION_ISON_MS);
	session_heard(&f->s, T0 + SESSION_ISON_MS - 1);
	tick(f, T0 + SESSION_ISON_MS - 1);
	done(f);
	tick(f, T0 + SESSION_ISON_MS);
	act(f, "HOUSE ISON cheaterbot");
	done(f);
	theirs(f, ":irc.test 303 cheaterbot_ :cheaterbot");
	done(f);
	session_heard(&f->s, T0 + 2 * SESSION_ISON_MS);
	tick(f, T0 + 2 * SESSION_ISON_MS);
	act(f, "HOUSE ISON cheaterbot");
	done(f);
	theirs(f, ":irc.test 303 cheaterbot_ :");
	act(f, "LOG cheaterbot is not online, asking for it");
	act(f, "FIRST NICK cheaterbot");
	done(f);
	/* A primary the server calls erroneous is given up. */
	theirs(f, ":irc.test 432 cheaterbot_ cheaterbot :Erroneous nick");
	act(f, "WARN the server refuses the nick cheaterbot (432), keeping "
	       "cheaterbot_");
	done(f);
	session_heard(&f->s, T0 + 3 * SESSION_ISON_MS);
	tick(f, T0 + 3 * SESSION_ISON_MS);
	done(f);
	theirs(f, ":cheaterbot!u@h QUIT :bye");
	done(f);
}

/* After QUIT, nothing more is asked for. */
static void
test_quit_stops_regain(void **state)
{
	struct fx *f = *state;

	fallback(f);
	session_quit(&f->s);
	theirs(f, ":cheaterbot!u@h QUIT :bye");
	done(f);
	session_heard(&f->s, T0 + SESSION_ISON_MS);
	tick(f, T0 + SESSION_ISON_MS);
	done(f);
}

/* PING: answered at once before 001, at the head of the queue after;
 * never passed on. */
static void
test_ping(void **state)
{
	struct fx *f = *state;

	start(f);
	mine(f, "PING :irc.test");
	act(f, "SEND PONG :irc.test");
	done(f);
	registered(f, "cheaterbot");
	mine(f, ":irc.test PING :12345");
	act(f, "FIRST PONG :12345");
	done(f);
	mine(f, "PING");
	act(f, "FIRST PONG :");
	done(f);
}

/* A line of ours that would pass 510 bytes is not sent, nor cut. */
static void
test_too_long(void **state)
{
	struct fx *f = *state;
	char raw[700];

	start(f);
	memset(raw, 'x', sizeof raw);
	memcpy(raw, "PING :", 6);
	raw[6 + 505] = '\0';
	mine(f, raw);
	act(f, "WARN not sent: a line of ours would be too long");
	done(f);
	raw[6 + 504] = '\0';
	mine(f, raw);
	assert_int_equal(f->out.n, 1);
	assert_int_equal(strlen(f->out.act[0].text), 510);
	f->seen = 1;
	done(f);
}

/* Silence: a PING after ping_ms, the end after dead_ms; any byte from
 * the server counts. */
static void
test_keepalive(void **state)
{
	struct fx *f = *state;

	f->conf.ping_ms = 60000;
	f->conf.dead_ms = 120000;
	start(f);
	/* Before 001 the PING goes at once. */
	assert_int_equal(session_next(&f->s), T0 + 60000);
	tick(f, T0 + 60000);
	act(f, "SEND PING :keepalive");
	done(f);
	session_heard(&f->s, T0 + 60001);
	registered(f, "cheaterbot");
	tick(f, T0 + 60001 + 59999);
	done(f);
	tick(f, T0 + 60001 + 60000);
	act(f, "FIRST PING :keepalive");
	done(f);
	/* Once: the next thing is the end, dead_ms after the last byte. */
	assert_int_equal(session_next(&f->s), T0 + 60001 + 120000);
	tick(f, T0 + 60001 + 119999);
	done(f);
	tick(f, T0 + 60001 + 120000);
	act(f, "DROP nothing received for 120 s, not even a PONG");
	done(f);
	assert_int_equal(session_next(&f->s), UINT64_MAX);
}

/* ERROR is logged and passed on. */
static void
test_error(void **state)
{
	struct fx *f = *state;

	start(f);
	theirs(f, "ERROR :Closing link (too many connections)");
	act(f, "WARN server says: Closing link (too many connections)");
	done(f);
}

int
main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
	    T(test_register),
	    T(test_password),
	    T(test_cap_negotiated),
	    T(test_cap_nak),
	    T(test_cap_410),
	    T(test_no_cap),
	    T(test_cap_ignored),
	    T(test_sasl_success),
	    T(test_sasl_payload),
	    T(test_sasl_chunks),
	    T(test_sasl_chunks_long),
	    T(test_sasl_failure),
	    T(test_sasl_failure_drops),
	    T(test_sasl_421),
	    T(test_sasl_timeout),
	    T(test_sasl_not_offered),
	    T(test_sasl_no_login),
	    T(test_no_nickserv),
	    T(test_nick_cascade),
	    T(test_nick_exhausted),
	    T(test_regain_on_quit),
	    T(test_regain_on_nick),
	    T(test_regain_by_ison),
	    T(test_quit_stops_regain),
	    T(test_ping),
	    T(test_too_long),
	    T(test_keepalive),
	    T(test_error),
	};
#undef T

	return cmocka_run_group_tests_name("irc-session", tests, NULL, NULL);
}
