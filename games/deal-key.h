/*
 * A deal key: the string that fixes a game's whole shuffle, and every
 * later chance event of it, with what makes its deal (the variant, its
 * options, the number of seats and the dealer) and a salt.  The bot
 * announces the key's SHA-256 when it deals and the key itself when the
 * game ends, so anyone can check that the deal was fixed before the first
 * card and see every hand it made (docs/fairness.md):
 *
 *   cb1:VARIANT:SEATS:DEALER:OPTIONS:SEED:SALT
 *
 *   cb1      the format's name and version
 *   VARIANT  the variant's name, "cheat"
 *   SEATS    the number of seats, 2 to 10, in decimal
 *   DEALER   the dealer's seat, 0 to SEATS-1, in decimal (seat 0 is the
 *            first player seated; seat i+1 sits left of seat i)
 *   OPTIONS  every option as name=value, separated by commas, in the
 *            variant's order; "-" for a variant without options
 *   SEED     the game's generator seed: 16 lowercase hex digits
 *   SALT     32 lowercase hex digits from the system's random source:
 *            the hash tells nothing even of a seed that could be guessed
 *
 * Pure: no hashing and no randomness here (the bot does both).
 */
#ifndef DEAL_KEY_H
#define DEAL_KEY_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

#define DEAL_KEY_SALT 32	/* hex digits */
#define DEAL_KEY_MAX 256	/* bytes, with the terminator */

struct deal_key {
	const struct game_ops *ops;
	struct game_opts opts;
	int nseats;
	int dealer;
	uint64_t seed;
	char salt[DEAL_KEY_SALT + 1];
};

/* Writes k as a key into buf of size bytes (DEAL_KEY_MAX is enough);
 * 0, or -1 when it does not fit or the salt is not 32 lowercase hex
 * digits. */
int deal_key_format(const struct deal_key *k, char *buf, size_t size);

/* Reads a key into k: 0, or -1 and *cause naming the field at fault. */
int deal_key_parse(const char *text, struct deal_key *k, char **cause);

/* Whether s is exactly n lowercase hex digits. */
int deal_key_hex(const char *s, size_t n);

#endif
