/*
 * Deal keys (deal-key.h): written and read.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deal-key.h"
#include "alloc/xalloc.h"

#define DEAL_KEY_FIELDS 7

int
deal_key_hex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return s[n] == '\0';
}

int
deal_key_format(const struct deal_key *k, char *buf, size_t size)
{
	char opts[160], *p;
	int n;

	if (!deal_key_hex(k->salt, DEAL_KEY_SALT))
		return -1;
	game_opts_format(k->ops, &k->opts, opts, sizeof opts);
	for (p = opts; *p != '\0'; p++)
		if (*p == ' ')
			*p = ',';
	n = snprintf(buf, size, "cb1:%s:%d:%d:%s:%016" PRIx64 ":%s",
	    k->ops->name, k->nseats, k->dealer, opts[0] != '\0' ? opts : "-",
	    k->seed, k->salt);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

/* A decimal number from lo to hi that is all of s, into *v. */
static int
deal_key_int(const char *s, int lo, int hi, int *v)
{
	char *end;
	long x;

	if (*s < '0' || *s > '9')
		return -1;
	x = strtol(s, &end, 10);
	if (*end != '\0' || x < lo || x > hi)
		return -1;
	*v = (int)x;
	return 0;
}

int
deal_key_parse(const char *text, struct deal_key *k, char **cause)
{
	char *copy = xstrdup(text), *f[DEAL_KEY_FIELDS], *p = copy, *why = NULL;
	int n = 0, rc = -1;

	memset(k, 0, sizeof *k);
	while (n < DEAL_KEY_FIELDS) {
		f[n++] = p;
		if ((p = strchr(p, ':')) == NULL)
			break;
		*p++ = '\0';
	}
	if (n != DEAL_KEY_FIELDS || p != NULL)
		game_fail(cause, "a key has 7 fields separated by ':' "
		    "(cb1:VARIANT:SEATS:DEALER:OPTIONS:SEED:SALT)");
	else if (strcmp(f[0], "cb1") != 0)
		game_fail(cause, "a key starts 'cb1:', not '%s:'", f[0]);
	else if ((k->ops = game_named(f[1])) == NULL)
		game_fail(cause, "no game '%s'", f[1]);
	else if (deal_key_int(f[2], k->ops->min_seats, k->ops->max_seats,
	    &k->nseats) != 0)
		game_fail(cause, "%s is for %d to %d seats, not '%s'",
		    k->ops->title, k->ops->min_seats, k->ops->max_seats, f[2]);
	else if (deal_key_int(f[3], 0, k->nseats - 1, &k->dealer) != 0)
		game_fail(cause, "the dealer is a seat from 0 to %d, not '%s'",
		    k->nseats - 1, f[3]);
	else if (game_opts_parse(k->ops, strcmp(f[4], "-") == 0 ? "" : f[4],
	    &k->opts, &why) != 0)
		game_fail(cause, "options '%s': %s", f[4], why);
	else if (!deal_key_hex(f[5], 16))
		game_fail(cause, "the seed is 16 lowercase hex digits, not "
		    "'%s'", f[5]);
	else if (!deal_key_hex(f[6], DEAL_KEY_SALT))
		game_fail(cause, "the salt is 32 lowercase hex digits, not "
		    "'%s'", f[6]);
	else {
		k->seed = strtoull(f[5], NULL, 16);
		memcpy(k->salt, f[6], DEAL_KEY_SALT + 1);
		rc = 0;
	}
	free(why);
	free(copy);
	return rc;
}
