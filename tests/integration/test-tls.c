/*
 * TLS and the services login against a real ngircd and the real bot.
 * ngircd listens in plain text and with TLS, with a certificate for
 * "localhost" that signs itself, made by the suite (tests/lib/cert.h) in
 * its temporary directory.  The bot:
 *
 *   - connects with verification off, registers and joins, answers a
 *     command, and says goodbye over TLS on SIGTERM (exit status 0: under
 *     ASan, no OpenSSL object leaked);
 *   - with verification on, refuses the self-signed certificate and says
 *     why, then keeps trying through the usual backoff, never joining;
 *   - with the certificate as its CA file, refuses it for the address
 *     127.0.0.1 (the certificate names localhost) and connects as
 *     localhost;
 *   - with TLS pointed at the plain port, fails the handshake and never
 *     falls back to plain text;
 *   - with a login configured, finds no sasl in ngircd's CAP offer,
 *     registers, and sends IDENTIFY to NickServ, which here is a test
 *     client holding that nick; the password is nowhere in its log;
 *   - refuses to start with a CA file it cannot use, with the reason.
 *
 * Every bot here runs with reconnect.min 1 s, max 2 s and timeout 4 s.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/lib/cert.h"
#include "tests/lib/client.h"
#include "tests/lib/ngircd.h"

#define WAIT_MS 10000
#define PASSWORD "tls-test pass%s"

struct world {
	char *dir;
	char cert[PATH_MAX], key[PATH_MAX];
	struct ngircd irc;
	struct ngircd_bot bot;
	struct client watch;
	struct client nickserv;
};

static int world_teardown(void **state);

/* The certificate, ngircd with TLS, a player in #tls. */
static int
world_setup(void **state)
{
	struct world *w = calloc(1, sizeof *w);

	*state = w;
	if (w == NULL)
		return -1;
	w->watch.fd = w->nickserv.fd = -1;
	if ((w->dir = ngircd_tmpdir()) == NULL)
		goto fail;
	snprintf(w->cert, sizeof w->cert, "%s/cert.pem", w->dir);
	snprintf(w->key, sizeof w->key, "%s/key.pem", w->dir);
	if (cert_make(w->cert, w->key, "localhost") != 0 ||
	    ngircd_start_tls(&w->irc, w->dir, w->cert, w->key) != 0 ||
	    client_open(&w->watch, w->irc.port, "watcher") != 0 ||
	    client_join(&w->watch, "#tls") != 0)
		goto fail;
	return 0;
fail:
	world_teardown(state);
	*state = NULL;
	return -1;
}

static int
world_teardown(void **state)
{
	struct world *w = *state;

	if (w == NULL)
		return 0;
	ngircd_bot_stop(&w->bot);
	client_close(&w->watch);
	client_close(&w->nickserv);
	ngircd_stop(&w->irc);
	ngircd_rmdir(w->dir);
	free(w->dir);
	free(w);
	return 0;
}

/* Starts a bot called nick in #tls on host and port, with server
 * settings (inside the server group) and more groups after them. */
static void
start_bot(struct world *w, const char *nick, const char *host, int port,
    const char *server, const char *more)
{
	char conf[PATH_MAX], db[PATH_MAX];
	const char *args[] = {"-c", conf, "--nick", nick, NULL};
	FILE *f;

	snprintf(conf, sizeof conf, "%s/%s.cfg", w->dir, nick);
	snprintf(db, sizeof db, "%s/%s.db", w->dir, nick);
	f = fopen(conf, "w");
	assert_non_null(f);
	fprintf(f,
	    "server = { host = \"%s\"; port = %d; %s };\n"
	    "channels = [ \"#tls\" ];\n"
	    "database = \"%s\";\n"
	    "reconnect = { min = 1; max = 2; ping = 2; timeout = 4; };\n"
	    "%s",
	    host, port, server, db, more);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(ngircd_bot_start(&w->bot, w->dir, nick, args), 0);
}

/* The bot nick joins #tls. */
static void
assert_joins(struct world *w, const char *nick)
{
	char pattern[128];

	snprintf(pattern, sizeof pattern, ":%s!* JOIN *#tls", nick);
	assert_non_null(client_wait_glob(&w->watch, pattern, WAIT_MS));
}

/* SIGTERM: QUIT reaches the channel, and the bot exits 0. */
static void
assert_clean_stop(struct world *w, const char *nick)
{
	char pattern[128];

	assert_int_equal(ngircd_bot_stop(&w->bot), 0);
	snprintf(pattern, sizeof pattern,
	    ":%s!* QUIT *stopped by the operator*", nick);
	assert_non_null(client_wait_glob(&w->watch, pattern, 0));
}

static void
test_unverified(void **state)
{
	struct world *w = *state;

	start_bot(w, "tlsbot", "127.0.0.1", w->irc.tls_port,
	    "tls = true; tls_verify = false;", "");
	assert_joins(w, "tlsbot");
	assert_true(ngircd_bot_wait_log(&w->bot, "TLS: TLSv1.", 0));
	assert_true(ngircd_bot_wait_log(&w->bot, "certificate not checked", 0));
	assert_true(ngircd_bot_wait_log(&w->bot, "registered as tlsbot", 0));

	/* Lines flow both ways over TLS. */
	assert_int_equal(client_send(&w->watch, "PRIVMSG #tls :!games"), 0);
	assert_non_null(
	    client_wait_glob(&w->watch, ":tlsbot!* PRIVMSG #tls :*", WAIT_MS));
	assert_clean_stop(w, "tlsbot");
}

/* Verification on, the system's store: the self-signed certificate is
 * refused with the reason, again at each attempt, and the bot never
 * registers. */
static void
test_untrusted(void **state)
{
	struct world *w = *state;

	start_bot(
	    w, "strictbot", "localhost", w->irc.tls_port, "tls = true;", "");
	assert_true(ngircd_bot_wait_log_n(&w->bot,
	    "disconnected: TLS: the certificate of localhost is not "
	    "trusted: self-signed certificate (server.tls_ca_file may name "
	    "the CA that signed it",
	    2, WAIT_MS));
	/* The bot logs the retry after the refusal: under load, a moment
	 * later. */
	assert_true(ngircd_bot_wait_log_n(&w->bot, "reconnecting in", 2,
	    WAIT_MS));
	assert_int_equal(ngircd_bot_log_count(&w->bot, "registered as"), 0);
	assert_true(ngircd_bot_alive(&w->bot));
	assert_int_equal(ngircd_bot_stop(&w->bot), 0);
	client_skip(&w->watch);
	assert_null(client_wait_glob(&w->watch, ":strictbot!*", 100));
}

/* The certificate as the CA: trusted for localhost, which it names, and
 * not for 127.0.0.1, which it does not. */
static void
test_ca_file(void **state)
{
	struct world *w = *state;
	char server[PATH_MAX + 64];

	snprintf(server, sizeof server, "tls = true; tls_ca_file = \"%s\";",
	    w->cert);
	start_bot(w, "namebot", "127.0.0.1", w->irc.tls_port, server, "");
	assert_true(ngircd_bot_wait_log(&w->bot,
	    "disconnected: TLS: the certificate of 127.0.0.1 is not trusted: "
	    "IP address mismatch",
	    WAIT_MS));
	assert_int_equal(ngircd_bot_log_count(&w->bot, "registered as"), 0);
	assert_int_equal(ngircd_bot_stop(&w->bot), 0);

	start_bot(w, "cabot", "localhost", w->irc.tls_port, server, "");
	assert_joins(w, "cabot");
	assert_true(ngircd_bot_wait_log(
	    &w->bot, "certificate verified for localhost", 0));
	assert_clean_stop(w, "cabot");
}

/* TLS asked for, a plain-text port: ngircd waits for a line that never
 * comes, the handshake is given up after reconnect.timeout (4 s here),
 * and the bot never registers in plain text. */
static void
test_no_plain_fallback(void **state)
{
	struct world *w = *state;

	start_bot(w, "plainbot", "127.0.0.1", w->irc.port,
	    "tls = true; tls_verify = false;", "");
	assert_true(ngircd_bot_wait_log(&w->bot,
	    "disconnected: TLS: the handshake timed out", 2 * WAIT_MS));
	assert_true(ngircd_bot_wait_log(&w->bot, "reconnecting in", WAIT_MS));
	assert_int_equal(ngircd_bot_log_count(&w->bot, "registered as"), 0);
	assert_int_equal(ngircd_bot_stop(&w->bot), 0);
	client_skip(&w->watch);
	assert_null(client_wait_glob(&w->watch, ":plainbot!*", 100));
}

/* ngircd offers no sasl: the bot registers and identifies to NickServ, a
 * client here, with the bytes a real NickServ would get; the password is
 * not in its log. */
static void
test_nickserv_fallback(void **state)
{
	struct world *w = *state;
	char server[PATH_MAX + 64];

	assert_int_equal(client_open(&w->nickserv, w->irc.port, "NickServ"), 0);
	snprintf(server, sizeof server, "tls = true; tls_ca_file = \"%s\";",
	    w->cert);
	start_bot(w, "loginbot", "localhost", w->irc.tls_port, server,
	    "sasl = { account = \"dealer\"; password = \"" PASSWORD "\"; };\n");
	assert_non_null(client_wait_glob(&w->nickserv,
	    ":loginbot!* PRIVMSG NickServ :IDENTIFY dealer " PASSWORD,
	    WAIT_MS));
	assert_joins(w, "loginbot");
	assert_true(ngircd_bot_wait_log(&w->bot,
	    "CAP: the server offers none of extended-join account-notify "
	    "sasl",
	    0));
	assert_true(ngircd_bot_wait_log(
	    &w->bot, "identifying to NickServ as dealer", 0));
	assert_clean_stop(w, "loginbot");
	assert_int_equal(ngircd_bot_log_count(&w->bot, "pass%s"), 0);
	assert_int_equal(ngircd_bot_log_count(&w->bot, "IDENTIFY"), 0);
}

/* A CA file that is missing, or holds no certificate: status 1 and one
 * line saying why, before any connection. */
static void
test_bad_ca_file(void **state)
{
	struct world *w = *state;
	char server[PATH_MAX + 64], want[PATH_MAX + 128];

	snprintf(server, sizeof server,
	    "tls = true; tls_ca_file = \"%s/none.pem\";", w->dir);
	start_bot(w, "cabad", "localhost", w->irc.tls_port, server, "");
	assert_int_equal(ngircd_bot_wait(&w->bot, WAIT_MS), 1);
	snprintf(want, sizeof want,
	    "cheaterbot: error: TLS: cannot load the CA file '%s/none.pem': No such "
	    "file or directory\n",
	    w->dir);
	assert_int_equal(ngircd_bot_log_count(&w->bot, want), 1);
	assert_int_equal(ngircd_bot_log_count(&w->bot, "connecting"), 0);

	snprintf(
	    server, sizeof server, "tls = true; tls_ca_file = \"%s\";", w->key);
	start_bot(w, "cabad", "localhost", w->irc.tls_port, server, "");
	assert_int_equal(ngircd_bot_wait(&w->bot, WAIT_MS), 1);
	snprintf(want, sizeof want,
	    "cheaterbot: error: TLS: cannot load the CA file '%s': no certificate "
	    "or crl found\n",
	    w->key);
	assert_int_equal(ngircd_bot_log_count(&w->bot, want), 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_unverified),
	    cmocka_unit_test(test_untrusted),
	    cmocka_unit_test(test_ca_file),
	    cmocka_unit_test(test_no_plain_fallback),
	    cmocka_unit_test(test_nickserv_fallback),
	    cmocka_unit_test(test_bad_ca_file),
	};

	return cmocka_run_group_tests_name(
	    "tls", tests, world_setup, world_teardown);
}
