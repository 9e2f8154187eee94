/*
 * SHA-256 (FIPS 180-4): the commitment to a deal key (games/deal-key.h),
 * written as `sha256sum` writes it.  Written here from the standard, not
 * taken from libcrypto, whose first digest costs the process about 2 MiB
 * of memory for one short string a game (docs/performance.md); the
 * tests check it against the standard's examples and against libcrypto.
 */
#ifndef DIGEST_H
#define DIGEST_H

#include <stddef.h>

#define DIGEST_HEX 64		/* hex digits of a SHA-256 */

/* The SHA-256 of the len bytes at data, as 64 lowercase hex digits and a
 * terminator into hex. */
void digest_sha256_hex(const void *data, size_t len,
    char hex[DIGEST_HEX + 1]);

/* Fills buf with n bytes from the system's random source (getrandom(2));
 * 0, or -1 when it has none to give (never a weaker fallback: a salt
 * anyone could guess would make a commitment tell the deal). */
int digest_random(void *buf, size_t n);

#endif
