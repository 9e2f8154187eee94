/*
 * SHA-256 and random bytes (digest.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>

#include <openssl/evp.h>

#include "bot/lib/digest.h"

void
digest_sha256_hex(const void *data, size_t len, char hex[DIGEST_HEX + 1])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0, i;

	/* EVP_Digest fails only when out of memory for its context. */
	if (EVP_Digest(data, len, md, &n, EVP_sha256(), NULL) != 1 ||
	    n * 2 != DIGEST_HEX) {
		fprintf(stderr, "cheaterbot: SHA-256 failed\n");
		abort();
	}
	for (i = 0; i < n; i++)
		snprintf(hex + 2 * i, 3, "%02x", md[i]);
	hex[DIGEST_HEX] = '\0';
}

int
digest_random(void *buf, size_t n)
{
	unsigned char *p = buf;
	ssize_t got;

	while (n > 0) {
		got = getrandom(p, n, 0);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return -1;
		p += got;
		n -= (size_t)got;
	}
	return 0;
}
