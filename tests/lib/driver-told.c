/*
 * What the players of a driven table were told (driver.h,
 * driver_check_told()): every stored game replayed against the channel's
 * lines and each player's private lines, as driver_gather() collected
 * them.  A text may share its line with the channel's next ones (the
 * bot's queue merges channel lines waiting behind the flood limit,
 * bot/lib/queue.h), so texts are found in order in the lines joined.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/lib/buf.h"
#include "storage/store.h"
#include "tests/lib/driver-int.h"
#include "tests/lib/driver.h"

/* What driver_check_told() has seen so far. */
struct driver_told {
	struct driver *d;
	const struct driver_table *t;
	const struct buf *chan;
	size_t at;                    /* where the next public text is */
	int player[GAME_MAX_SEATS];   /* seat -> index in the pool */
	struct buf told[DRIVER_POOL_MAX]; /* what each one's seat was told */
};

static void
driver_told_step(void *ctx, int n, const struct game_move *mv,
    const struct game *g, const struct driver_said *said)
{
	struct driver_told *c = ctx;
	const char *p = buf_str(c->chan) + c->at;
	struct buf *to;
	int s;

	(void)mv;
	(void)g;
	if (said->pub[0] != '\0' && (p = strstr(p, said->pub)) == NULL)
		driver_fail(
		    c->d, "move %d: the channel never got '%s'", n, said->pub);
	if (said->pub[0] != '\0')
		c->at = (size_t)(p - buf_str(c->chan)) + strlen(said->pub);
	for (s = 0; s < GAME_MAX_SEATS; s++) {
		if (said->priv[s][0] == '\0')
			continue;
		if (c->player[s] < 0)
			driver_fail(c->d, "move %d: seat %d is nobody's: '%s'",
			    n, s, said->priv[s]);
		to = &c->told[c->player[s]];
		buf_addf(to, "%s%s", to->len > 0 ? " " : "", said->priv[s]);
	}
}

/* Which pool player sits in each seat of stored game sg, into c. */
static void
driver_told_seats(struct driver_told *c, const struct store_game *sg)
{
	int s, i;

	for (s = 0; s < GAME_MAX_SEATS; s++)
		c->player[s] = -1;
	for (s = 0; s < sg->nseats; s++)
		for (i = 0; i < c->d->pool; i++)
			if (strcasecmp(sg->seats[s].nick, c->t->p[i].nick) == 0)
				c->player[s] = i;
}

void
driver_check_told(struct driver *d, struct driver_table *t, const int64_t *ids,
    int n, const struct buf *chan, const struct buf *priv)
{
	struct driver_told told, *c = &told;
	struct store_game *sg;
	char *cause = NULL;
	int k, i;

	memset(c, 0, sizeof *c);
	c->d = d;
	c->t = t;
	c->chan = chan;
	for (k = 0; k < n; k++) {
		if ((sg = store_game_load(d->store, ids[k], &cause)) == NULL)
			driver_fail(
			    d, "game %lld: %s", (long long)ids[k], cause);
		driver_told_seats(c, sg);
		store_game_free(sg);
		driver_replay(d, ids[k], driver_told_step, c);
	}
	for (i = 0; i < d->pool; i++) {
		if (strcmp(buf_str(&priv[i]), buf_str(&c->told[i])) != 0)
			driver_fail(d, "%s got '%s'; its seat was told '%s'",
			    t->p[i].nick, buf_str(&priv[i]),
			    buf_str(&c->told[i]));
		buf_free(&c->told[i]);
	}
}
