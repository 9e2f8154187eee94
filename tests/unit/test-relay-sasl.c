/*
 * The services login over the wire: the session's (bot/net/session-sasl.c) as
 * the relay carries it out, against a scripted server
 * (tests/lib/relay-wire.h), byte for byte: SASL PLAIN requested
 * only with a login configured and PLAIN offered, the payload in base64
 * (checked against OpenSSL's encoder) in 400-byte lines with "+" after a
 * full last line, success (no NickServ), failure (904) going on to
 * IDENTIFY NickServ after 001 or ending the connection, the NickServ
 * fallback when sasl is not offered, no answer at all, and the server
 * password sent as PASS.  The bot's log is captured each time: no
 * password, plain or in base64, ever reaches it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <openssl/evp.h>

#include "bot/lib/queue.h"
#include "bot/net/relay-int.h"
#include "bot/net/relay.h"
#include "tests/lib/relay-wire.h"

#define ACCOUNT "dealer"
#define PASSWORD "s3cret pass%s"

/* The relay's stderr, captured into a file while a test runs. */
struct capture {
	FILE *file;
	int saved;
};

static void
capture_begin(struct capture *c)
{
	fflush(stderr);
	c->file = tmpfile();
	assert_non_null(c->file);
	c->saved = dup(STDERR_FILENO);
	assert_true(c->saved >= 0);
	assert_true(dup2(fileno(c->file), STDERR_FILENO) >= 0);
}

/* Ends the capture and returns what was logged (malloc'd), also shown on
 * the real stderr. */
static char *
capture_end(struct capture *c)
{
	char *text;
	long n;

	fflush(stderr);
	assert_true(dup2(c->saved, STDERR_FILENO) >= 0);
	close(c->saved);
	n = ftell(c->file);
	assert_true(n >= 0);
	text = calloc(1, (size_t)n + 1);
	assert_non_null(text);
	rewind(c->file);
	assert_int_equal(fread(text, 1, (size_t)n, c->file), (size_t)n);
	fclose(c->file);
	fputs(text, stderr);
	return text;
}

/* "AUTHENTICATE" payload of account and password, by OpenSSL: a new
 * string. */
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

/* Nothing the relay logged holds the password, or the payload that
 * carries it. */
static void
assert_no_secret(const char *log, const char *account, const char *password)
{
	char *b64 = payload(account, password);

	assert_null(strstr(log, password));
	assert_null(strstr(log, b64));
	assert_null(strstr(log, "AUTHENTICATE"));
	free(b64);
}

static void
login(struct wire *w, const char *account, const char *password)
{
	conf_set_string(&w->conf.sasl_account, account);
	conf_set_string(&w->conf.sasl_password, password);
}

/* CAP LS offering sasl, REQ, ACK, AUTHENTICATE PLAIN, "+", and the
 * payload lines expected. */
static void
sasl_until_payload(struct wire *w, const char *account, const char *password)
{
	char *b64 = payload(account, password), line[600];
	size_t n = strlen(b64), off, k;

	wire_hello(w);
	wire_send(w, ":irc.test CAP * LS :multi-prefix sasl=EXTERNAL,PLAIN "
	             "account-notify");
	wire_expect(w, "CAP REQ :account-notify sasl");
	wire_send(w, ":irc.test CAP * ACK :account-notify sasl");
	wire_expect(w, "AUTHENTICATE PLAIN");
	wire_quiet(w);
	wire_send(w, "AUTHENTICATE +");
	for (off = 0;; off += k) {
		k = n - off < 400 ? n - off : 400;
		if (k == 0) {
			wire_expect(w, "AUTHENTICATE +");
			break;
		}
		snprintf(
		    line, sizeof line, "AUTHENTICATE %.*s", (int)k, b64 + off);
		wire_expect(w, line);
		if (k < 400)
			break;
	}
	free(b64);
}

static void
test_sasl_success(void **state)
{
	struct wire *w = *state;
	struct capture cap;
	char *log;

	login(w, ACCOUNT, PASSWORD);
	capture_begin(&cap);
	sasl_until_payload(w, ACCOUNT, PASSWORD);
	wire_send(w, ":irc.test 900 cheaterbot cheaterbot!cheater@host "
	             "dealer :You are now logged in as dealer");
	wire_quiet(w);
	wire_send(w, ":irc.test 903 cheaterbot :SASL authentication "
	             "successful");
	wire_expect(w, "CAP END");
	wire_send(w, ":irc.test 001 cheaterbot :Welcome");
	/* The core hears nothing of SASL, and no NickServ is asked. */
	wire_expect_event(w, "001 irc.test [cheaterbot] [Welcome]");
	wire_quiet(w);
	assert_int_equal(queue_length(w->queue), 0);
	log = capture_end(&cap);
	assert_non_null(strstr(log, "CAP: enabled account-notify sasl"));
	assert_non_null(strstr(log, "SASL: the server says we are dealer"));
	assert_non_null(strstr(log, "SASL: logged in"));
	assert_no_secret(log, ACCOUNT, PASSWORD);
	free(log);
}

/* 904: CAP END, and IDENTIFY to NickServ after 001 through the queue. */
static void
test_sasl_failure(void **state)
{
	struct wire *w = *state;
	struct capture cap;
	char *log;

	login(w, ACCOUNT, PASSWORD);
	capture_begin(&cap);
	sasl_until_payload(w, ACCOUNT, PASSWORD);
	wire_send(w, ":irc.test 908 cheaterbot EXTERNAL,PLAIN :are "
	             "available SASL mechanisms");
	wire_send(w, ":irc.test 904 cheaterbot :SASL authentication failed");
	wire_expect(w, "CAP END");
	wire_quiet(w);
	wire_send(w, ":irc.test 001 cheaterbot :Welcome");
	wire_expect(w, "PRIVMSG NickServ :IDENTIFY " ACCOUNT " " PASSWORD);
	wire_expect_event(w, "001 irc.test [cheaterbot] [Welcome]");
	assert_int_equal(w->disconnected, 0);
	log = capture_end(&cap);
	assert_non_null(strstr(log, "SASL login as dealer failed: the "
	                            "server refused it (904); going on "
	                            "without it"));
	assert_non_null(strstr(log, "identifying to NickServ as dealer"));
	assert_no_secret(log, ACCOUNT, PASSWORD);
	free(log);
}

/* sasl.on_failure = "disconnect": 904 ends the connection, no CAP END. */
static void
test_sasl_failure_disconnects(void **state)
{
	struct wire *w = *state;
	struct capture cap;
	char *log;

	login(w, ACCOUNT, PASSWORD);
	w->conf.sasl_disconnect = 1;
	capture_begin(&cap);
	sasl_until_payload(w, ACCOUNT, PASSWORD);
	wire_send(w, ":irc.test 904 cheaterbot :SASL authentication failed");
	wire_run(w, 50);
	assert_int_equal(w->fd, -1);
	wire_quiet(w);
	log = capture_end(&cap);
	assert_non_null(strstr(log, "disconnected: SASL login as dealer "
	                            "failed: the server refused it (904)"));
	assert_non_null(strstr(log, "reconnecting in"));
	assert_no_secret(log, ACCOUNT, PASSWORD);
	free(log);
}

/* Logs in with an account of alen bytes of a and a password of plen
 * bytes of p, whose payload is b64len bytes in base64, to success. */
static void
chunked_login(struct wire *w, char a, size_t alen, char p, size_t plen,
    size_t b64len)
{
	char account[64], password[300], *b64;

	memset(account, a, alen);
	account[alen] = '\0';
	memset(password, p, plen);
	password[plen] = '\0';
	b64 = payload(account, password);
	assert_int_equal(strlen(b64), b64len);
	free(b64);
	login(w, account, password);
	sasl_until_payload(w, account, password);
	wire_send(w, ":irc.test 903 cheaterbot :SASL authentication "
	             "successful");
	wire_expect(w, "CAP END");
}

/* A payload whose base64 is exactly 400 bytes: one full line, then
 * "AUTHENTICATE +"; one of 424: 400 and 24. */
static void
test_sasl_chunks(void **state)
{
	/* 2 * 23 + 252 + 2 = 300 bytes, 400 in base64. */
	chunked_login(*state, 'a', 23, 'p', 252, 400);
}

static void
test_sasl_chunks_long(void **state)
{
	/* 2 * 30 + 255 + 2 = 317 bytes, 424 in base64. */
	chunked_login(*state, 'b', 30, 'q', 255, 424);
}

/* No sasl in the offer (or no PLAIN in it): NickServ after 001. */
static void
test_sasl_not_offered(void **state)
{
	struct wire *w = *state;
	struct capture cap;
	char *log;

	login(w, ACCOUNT, PASSWORD);
	capture_begin(&cap);
	wire_hello(w);
	wire_send(w, ":irc.test CAP * LS :sasl=EXTERNAL account-notify");
	wire_expect(w, "CAP REQ :account-notify");
	wire_send(w, ":irc.test CAP * ACK :account-notify");
	wire_expect(w, "CAP END");
	wire_send(w, ":irc.test 001 cheaterbot :Welcome");
	wire_expect(w, "PRIVMSG NickServ :IDENTIFY " ACCOUNT " " PASSWORD);
	log = capture_end(&cap);
	assert_non_null(strstr(log, "SASL: the server offers no SASL PLAIN"));
	assert_no_secret(log, ACCOUNT, PASSWORD);
	free(log);
}

/* A server without CAP: NickServ, under the configured name. */
static void
test_no_cap_nickserv(void **state)
{
	struct wire *w = *state;

	login(w, ACCOUNT, PASSWORD);
	conf_set_string(&w->conf.nickserv, "Services");
	wire_hello(w);
	wire_send(w, ":irc.test 421 * CAP :Unknown command");
	wire_send(w, ":irc.test 001 cheaterbot :Welcome");
	wire_expect(w, "PRIVMSG Services :IDENTIFY " ACCOUNT " " PASSWORD);
}

/* sasl.nickserv = "": no fallback at all. */
static void
test_no_nickserv(void **state)
{
	struct wire *w = *state;

	login(w, ACCOUNT, PASSWORD);
	conf_set_string(&w->conf.nickserv, NULL);
	wire_hello(w);
	wire_send(w, ":irc.test CAP * LS :multi-prefix");
	wire_expect(w, "CAP END");
	wire_send(w, ":irc.test 001 cheaterbot :Welcome");
	wire_expect_event(w, "001 irc.test [cheaterbot] [Welcome]");
	wire_quiet(w);
}

/* A server that never answers AUTHENTICATE: after SESSION_SASL_MS, the
 * relay goes on without a login. */
static void
test_sasl_no_answer(void **state)
{
	struct wire *w = *state;

	login(w, ACCOUNT, PASSWORD);
	wire_hello(w);
	wire_send(w, ":irc.test CAP * LS :sasl");
	wire_expect(w, "CAP REQ :sasl");
	wire_send(w, ":irc.test CAP * ACK :sasl");
	wire_expect(w, "AUTHENTICATE PLAIN");
	wire_advance(w, SESSION_SASL_MS - 1);
	wire_quiet(w);
	wire_advance(w, 1);
	wire_expect(w, "CAP END");
	wire_send(w, ":irc.test 001 cheaterbot :Welcome");
	wire_expect(w, "PRIVMSG NickServ :IDENTIFY " ACCOUNT " " PASSWORD);
}

/* The server password goes out as PASS, before NICK, and is not
 * logged. */
static void
test_server_password(void **state)
{
	struct wire *w = *state;
	struct capture cap;
	char *log;

	conf_set_string(&w->conf.password, "srv pw%n");
	capture_begin(&cap);
	wire_expect(w, "CAP LS 302");
	wire_expect(w, "PASS :srv pw%n");
	wire_expect(w, "NICK cheaterbot");
	wire_expect(w, "USER cheater 0 * :cheaterbot, an IRC card game bot");
	wire_register(w, "cheaterbot");
	log = capture_end(&cap);
	assert_non_null(strstr(log, "registered as cheaterbot"));
	assert_null(strstr(log, "srv pw"));
	free(log);
}

int
main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, wire_setup, wire_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_sasl_success),
	    T(test_sasl_failure),
	    T(test_sasl_failure_disconnects),
	    T(test_sasl_chunks),
	    T(test_sasl_chunks_long),
	    T(test_sasl_not_offered),
	    T(test_no_cap_nickserv),
	    T(test_no_nickserv),
	    T(test_sasl_no_answer),
	    T(test_server_password),
	};
#undef T

	return cmocka_run_group_tests_name("relay-sasl", tests, NULL, NULL);
}
