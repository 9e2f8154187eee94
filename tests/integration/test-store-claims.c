/*
 * A league's claims on a real PostgreSQL (the private server of
 * tests/lib/league-db.h, a database of its own per test), through the
 * store as the bots use it (storage/claim-net.c, docs/storage.md,
 * Several bots of one network):
 *
 *  - Bots share a network: two stores claim it for their bots, named
 *    dealer1 and dealer2; an offline tool's claim of the network
 *    (store_claim(), alone) is refused while they hold it and taken once
 *    both have closed (and the server has seen their connections end);
 *    a bot's claim is refused while the tool holds it.
 *  - Channels, one bot each: dealer1 claims #a (again: still its own),
 *    dealer2 is refused it, whatever case it writes it in, and takes #b;
 *    store_dealers() says the same from both: two bots, each one's own
 *    index, #a dealer1's, #b dealer2's, #c nobody's, one channel each; a
 *    bot of another network claims its own #a.  dealer1 lets #a go and
 *    dealer2 takes it; a new name (store_dealer_name()) is read back.
 *    A store closed lets its channels go (once the server has seen its
 *    connection end).
 *  - SQLite shares nothing: store_shares_chans() is 0, store_claim_bot()
 *    is the file's claim.
 */
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/league-db.h"
#include "tests/lib/ngircd.h"

/* How long the server may take to see a closed store's connection end. */
#define GONE_MS 10000

static int
setup(void **state)
{
	struct league_db *l = calloc(1, sizeof *l);

	if (l == NULL)
		return -1;
	league_db_new(l);
	*state = l;
	return 0;
}

static int
teardown(void **state)
{
	league_db_free(*state);
	free(*state);
	return 0;
}

/* A store of the league on network net, or the test fails. */
static struct store *
open_on(const struct league_db *l, const char *net)
{
	char *cause = NULL;
	struct store *s = store_open(l->uri, &cause);

	if (s == NULL)
		fail_msg("store_open: %s", cause);
	store_set_network(s, net);
	return s;
}

/* rc must be want; a cause, when there is one, is freed. */
static void
expect(int rc, int want, char **cause, const char *what)
{
	if (rc != want)
		fail_msg("%s: %d, not %d (%s)", what, rc, want,
		    *cause != NULL ? *cause : "no cause");
	free(*cause);
	*cause = NULL;
}

/* The claim of s (a bot's as nick, or a tool's with nick NULL) taken,
 * once the server has seen the connections that held it end: asked
 * again until it is, GONE_MS at most. */
static void
claims_soon(struct store *s, const char *nick, const char *what)
{
	long long end = ngircd_now_ms() + GONE_MS;
	char *cause = NULL;
	int rc;

	while ((rc = nick != NULL ? store_claim_bot(s, nick, &cause) :
	    store_claim(s, &cause)) == 1 && ngircd_now_ms() < end) {
		free(cause);
		cause = NULL;
		poll(NULL, 0, 20);
	}
	expect(rc, 0, &cause, what);
}

static void
test_network_shared(void **state)
{
	struct league_db *l = *state;
	struct store *a = open_on(l, "neta"), *b = open_on(l, "neta");
	struct store *tool;
	char *cause = NULL;

	assert_true(store_shares_chans(a));
	expect(store_claim_bot(a, "dealer1", &cause), 0, &cause, "dealer1");
	expect(store_claim_bot(b, "dealer2", &cause), 0, &cause, "dealer2");
	assert_int_equal(store_claim_held(a, &cause), 0);
	tool = open_on(l, "neta");
	expect(store_claim(tool, &cause), 1, &cause, "the tool, bots running");
	store_close(a);
	expect(store_claim(tool, &cause), 1, &cause, "the tool, one bot");
	store_close(b);
	claims_soon(tool, NULL, "the tool, alone");
	a = open_on(l, "neta");
	expect(store_claim_bot(a, "dealer1", &cause), 1, &cause,
	    "a bot, the tool running");
	store_close(tool);
	claims_soon(a, "dealer1", "a bot, the tool gone");
	store_close(a);
}

/* d says bot k is called nick. */
static void
named(const struct store_dealers *d, int k, const char *nick)
{
	assert_true(k >= 0 && k < d->nbots);
	assert_string_equal(d->nicks[k], nick);
}

static void
test_channels(void **state)
{
	static const char *const chans[] = {"#a", "#b", "#c"};
	struct league_db *l = *state;
	struct store *a = open_on(l, "neta"), *b = open_on(l, "neta");
	struct store *other = open_on(l, "netb");
	struct store_dealers d;
	char *cause = NULL;
	long long end;
	int i;

	expect(store_claim_bot(a, "dealer1", &cause), 0, &cause, "dealer1");
	expect(store_claim_bot(b, "dealer2", &cause), 0, &cause, "dealer2");
	expect(store_claim_bot(other, "elsewhere", &cause), 0, &cause,
	    "netb's bot");
	expect(store_chan_claim(a, "#a", &cause), 1, &cause, "#a");
	expect(store_chan_claim(a, "#a", &cause), 1, &cause, "#a again");
	expect(store_chan_claim(b, "#a", &cause), 0, &cause, "#a, taken");
	expect(store_chan_claim(b, "#A", &cause), 0, &cause, "#A, taken");
	expect(store_chan_claim(b, "#b", &cause), 1, &cause, "#b");
	expect(store_chan_claim(other, "#a", &cause), 1, &cause,
	    "netb's #a");

	for (i = 0; i < 2; i++) {
		expect(store_dealers(i == 0 ? a : b, chans, 3, &d, &cause), 0,
		    &cause, "store_dealers");
		assert_int_equal(d.nbots, 2);
		named(&d, d.self, i == 0 ? "dealer1" : "dealer2");
		named(&d, d.dealer[0], "dealer1");
		named(&d, d.dealer[1], "dealer2");
		assert_int_equal(d.dealer[2], -1);
		assert_int_equal(d.held[d.dealer[0]], 1);
		assert_int_equal(d.held[d.dealer[1]], 1);
		store_dealers_free(&d);
	}

	/* #a handed over, and dealer2 renamed. */
	expect(store_chan_release(a, "#a", &cause), 0, &cause, "#a let go");
	expect(store_chan_claim(b, "#a", &cause), 1, &cause, "#a taken");
	expect(store_dealer_name(b, "dealer2_", &cause), 0, &cause, "rename");
	expect(store_dealers(a, chans, 3, &d, &cause), 0, &cause, "again");
	named(&d, d.dealer[0], "dealer2_");
	assert_int_equal(d.dealer[0], d.dealer[1]);
	assert_int_equal(d.held[d.dealer[0]], 2);
	assert_int_equal(d.held[d.self], 0);
	store_dealers_free(&d);

	/* dealer2 gone: its channels are free once the server has seen its
	 * connection end (PQfinish() does not wait for that). */
	store_close(b);
	end = ngircd_now_ms() + GONE_MS;
	for (;;) {
		expect(store_dealers(a, chans, 3, &d, &cause), 0, &cause,
		    "after");
		if (d.nbots == 1 || ngircd_now_ms() > end)
			break;
		store_dealers_free(&d);
		poll(NULL, 0, 20);
	}
	assert_int_equal(d.nbots, 1);
	for (i = 0; i < 3; i++)
		assert_int_equal(d.dealer[i], -1);
	store_dealers_free(&d);
	expect(store_chan_claim(a, "#b", &cause), 1, &cause, "#b, free");
	store_close(a);
	store_close(other);
}

static void
test_sqlite_alone(void **state)
{
	char *dir = ngircd_tmpdir(), path[4200], *cause = NULL;
	struct store *s;

	(void)state;
	snprintf(path, sizeof path, "%s/bot.db", dir);
	s = store_open(path, &cause);
	if (s == NULL)
		fail_msg("store_open: %s", cause);
	assert_false(store_shares_chans(s));
	expect(store_claim_bot(s, "cheaterbot", &cause), 0, &cause,
	    "the file's claim");
	store_close(s);
	ngircd_rmdir(dir);
	free(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_network_shared, setup,
	        teardown),
	    cmocka_unit_test_setup_teardown(test_channels, setup, teardown),
	    cmocka_unit_test(test_sqlite_alone),
	};

	return cmocka_run_group_tests_name("store claims", tests,
	    league_db_start, league_db_stop);
}
