/*
 * Unit tests of deal keys (games/deal-key.c) and of the SHA-256 that
 * commits to them (bot/lib/digest.c): every variant's key written and
 * read back, each field's refusal, SHA-256 against the FIPS 180-4
 * examples and against libcrypto's, and the random source.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "bot/lib/digest.h"
#include "games/deal-key.h"

/* A key of every variant, with options changed, written and read back
 * to the same key and the same string. */
static void
test_round_trip(void **state)
{
	struct deal_key k, back;
	char text[DEAL_KEY_MAX], again[DEAL_KEY_MAX], *cause = NULL;
	struct rng r;
	int v, i;

	(void)state;
	rng_seed(&r, 3);
	for (v = 0; game_table[v] != NULL; v++) {
		memset(&k, 0, sizeof k);
		k.ops = game_table[v];
		game_opts_default(k.ops, &k.opts);
		for (i = 0; k.ops->options != NULL &&
		    k.ops->options[i].name != NULL; i++)
			k.opts.v[i] = k.ops->options[i].max;
		k.nseats = k.ops->max_seats;
		k.dealer = k.nseats - 1;
		k.seed = rng_next(&r);
		for (i = 0; i < DEAL_KEY_SALT; i++)
			k.salt[i] = "0123456789abcdef"[rng_below(&r, 16)];
		k.salt[DEAL_KEY_SALT] = '\0';
		assert_int_equal(deal_key_format(&k, text, sizeof text), 0);
		assert_null(strchr(text, ' '));
		assert_int_equal(strncmp(text, "cb1:", 4), 0);
		assert_int_equal(deal_key_parse(text, &back, &cause), 0);
		assert_ptr_equal(back.ops, k.ops);
		assert_memory_equal(&back.opts, &k.opts, sizeof k.opts);
		assert_int_equal(back.nseats, k.nseats);
		assert_int_equal(back.dealer, k.dealer);
		assert_true(back.seed == k.seed);
		assert_string_equal(back.salt, k.salt);
		assert_int_equal(deal_key_format(&back, again, sizeof again),
		    0);
		assert_string_equal(again, text);
		/* Too small a buffer is refused, never cut. */
		assert_int_equal(deal_key_format(&k, again, strlen(text)), -1);
	}
}

#define SALT "00112233445566778899aabbccddeeff"

/* key is refused with a cause containing want. */
static void
refused(const char *key, const char *want)
{
	struct deal_key k;
	char *cause = NULL;

	assert_int_equal(deal_key_parse(key, &k, &cause), -1);
	assert_non_null(cause);
	if (strstr(cause, want) == NULL)
		fail_msg("'%s': '%s' does not say '%s'", key, cause, want);
	free(cause);
}

static void
test_refused(void **state)
{
	struct deal_key k;
	char *cause = NULL;

	(void)state;
	assert_int_equal(deal_key_parse("cb1:cheat:4:1:decks=0,loser=0:"
	    "0123456789abcdef:" SALT, &k, &cause), 0);
	refused("", "7 fields");
	refused("cb1:cheat:4:1:decks=0:0123456789abcdef", "7 fields");
	refused("cb1:cheat:4:1:decks=0:0123456789abcdef:" SALT ":x",
	    "7 fields");
	refused("cb2:cheat:4:1:decks=0:0123456789abcdef:" SALT, "'cb1:'");
	refused("cb1:poker:4:1:-:0123456789abcdef:" SALT, "no game 'poker'");
	refused("cb1:cheat:11:1:-:0123456789abcdef:" SALT, "2 to 10 seats");
	refused("cb1:cheat:+4:1:-:0123456789abcdef:" SALT, "2 to 10 seats");
	refused("cb1:cheat:4:4:-:0123456789abcdef:" SALT, "from 0 to 3");
	refused("cb1:cheat:4:1:decks=9:0123456789abcdef:" SALT, "options");
	refused("cb1:cheat:4:1:-:0123456789ABCDEF:" SALT, "seed");
	refused("cb1:cheat:4:1:-:0123456789abcde:" SALT, "seed");
	refused("cb1:cheat:4:1:-:0123456789abcdef:" SALT "0", "salt");
	refused("cb1:cheat:4:1:-:0123456789abcdef:x" SALT, "salt");
	/* "-" is a variant's options all at their defaults. */
	assert_int_equal(deal_key_parse("cb1:cheat:4:1:-:0123456789abcdef:"
	    SALT, &k, &cause), 0);
	assert_true(k.seed == UINT64_C(0x0123456789abcdef));
}

/* The examples of FIPS 180-4 (and the empty string). */
static void
test_sha256(void **state)
{
	char hex[DIGEST_HEX + 1];

	(void)state;
	digest_sha256_hex("abc", 3, hex);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223"
	    "b00361a396177a9cb410ff61f20015ad");
	digest_sha256_hex("", 0, hex);
	assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb924"
	    "27ae41e4649b934ca495991b7852b855");
	digest_sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnop"
	    "nopq", 56, hex);
	assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039"
	    "a33ce45964ff2167f6ecedd419db06c1");
}

/* Every length from 0 to 300 bytes of random data (one to six blocks,
 * every place the padding can fall) hashes as libcrypto hashes it. */
static void
test_sha256_libcrypto(void **state)
{
	unsigned char data[300], md[EVP_MAX_MD_SIZE];
	char hex[DIGEST_HEX + 1], want[DIGEST_HEX + 1];
	unsigned int n, i;
	struct rng r;
	size_t len;

	(void)state;
	rng_seed(&r, 11);
	for (i = 0; i < sizeof data; i++)
		data[i] = (unsigned char)rng_below(&r, 256);
	for (len = 0; len <= sizeof data; len++) {
		assert_int_equal(EVP_Digest(data, len, md, &n, EVP_sha256(),
		    NULL), 1);
		for (i = 0; i < n; i++)
			snprintf(want + 2 * i, 3, "%02x", md[i]);
		digest_sha256_hex(data, len, hex);
		assert_string_equal(hex, want);
	}
}

/* Two draws of 16 bytes from the random source differ. */
static void
test_random(void **state)
{
	unsigned char a[16], b[16];

	(void)state;
	assert_int_equal(digest_random(a, sizeof a), 0);
	assert_int_equal(digest_random(b, sizeof b), 0);
	assert_memory_not_equal(a, b, sizeof a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_sha256),
		cmocka_unit_test(test_sha256_libcrypto),
		cmocka_unit_test(test_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
