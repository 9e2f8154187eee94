/*
 * The transcript harness of harness.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "bot/ircline.h"
#include "bot/render.h"
#include "storage/store.h"
#include "games/cards.h"
#include "games/xalloc.h"

struct harness *
harness_new(uint64_t seed, void (*tune)(struct conf *c))
{
	struct harness *h = xcalloc(1, sizeof *h);
	char *cause = NULL;

	snprintf(h->dir, sizeof h->dir, "/tmp/cheaterbot-test-XXXXXX");
	if (mkdtemp(h->dir) == NULL)
		abort();
	snprintf(h->db, sizeof h->db, "%s/bot.db", h->dir);
	conf_defaults(&h->conf);
	if (tune != NULL)
		tune(&h->conf);
	h->store = store_open(h->db, &cause);
	if (h->store == NULL) {
		fprintf(stderr, "harness: %s\n", cause);
		abort();
	}
	h->queue = queue_new(1000000, 1);
	h->now = 1000000;
	h->bot = bot_new(&h->conf, h->store, h->queue, seed, 1, h->now);
	bot_connected(h->bot, h->conf.nicks[0], h->now);
	harness_line(h, ":cheaterbot!bot@test.host JOIN #cheater");
	harness_line(h, ":irc.test 353 cheaterbot = #cheater :cheaterbot "
	    "@oper alice bob carol dave");
	harness_drain(h);
	harness_clear(h);
	return h;
}

void
harness_free(struct harness *h)
{
	char path[128];

	bot_free(h->bot);
	queue_free(h->queue);
	store_close(h->store);
	conf_free(&h->conf);
	harness_clear(h);
	snprintf(path, sizeof path, "%s/bot.db-wal", h->dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/bot.db-shm", h->dir);
	unlink(path);
	unlink(h->db);
	rmdir(h->dir);
	free(h);
}

void
harness_line(struct harness *h, const char *raw)
{
	struct ircline m;

	if (ircline_parse(&m, raw, strlen(raw)) != 0)
		abort();
	bot_event(h->bot, m.command, m.prefix, m.params, m.nparams, h->now);
}

void
harness_say(struct harness *h, const char *nick, const char *target,
    const char *text)
{
	const char *params[2] = { target, text };
	char origin[128];

	snprintf(origin, sizeof origin, "%s!%s@test.host", nick, nick);
	bot_event(h->bot, "PRIVMSG", origin, params, 2, h->now);
}

void
harness_advance(struct harness *h, uint64_t ms)
{
	uint64_t end = h->now + ms, next;

	while ((next = bot_next_timer(h->bot)) <= end) {
		h->now = next > h->now ? next : h->now;
		bot_tick(h->bot, h->now);
	}
	h->now = end;
	bot_tick(h->bot, h->now);
}

int
harness_drain(struct harness *h)
{
	const char *line;
	int n = 0;

	while ((line = queue_peek(h->queue, h->now)) != NULL) {
		if (h->nsent < HARNESS_SENT_MAX)
			h->sent[h->nsent++] = xstrdup(line);
		queue_pop(h->queue, h->now);
		n++;
	}
	return n;
}

void
harness_clear(struct harness *h)
{
	int i;

	for (i = 0; i < h->nsent; i++)
		free(h->sent[i]);
	h->nsent = 0;
}

const char *
harness_plain(struct harness *h, int i)
{
	static struct buf b = BUF_INIT;

	buf_reset(&b);
	render_strip(&b, h->sent[i]);
	return buf_str(&b);
}

int
harness_find(struct harness *h, int from, ...)
{
	const char *want, *plain;
	va_list ap;
	int i, ok;

	harness_drain(h);
	for (i = from < 0 ? 0 : from; i < h->nsent; i++) {
		plain = harness_plain(h, i);
		ok = 1;
		va_start(ap, from);
		while ((want = va_arg(ap, const char *)) != NULL) {
			if (strstr(plain, want) == NULL)
				ok = 0;
		}
		va_end(ap);
		if (ok)
			return i;
	}
	return -1;
}

struct table *
harness_table(struct harness *h)
{
	struct chan *c = chan_find(h->bot, "#cheater");

	return c != NULL ? c->table : NULL;
}

int
harness_turn(struct harness *h)
{
	struct table *t = harness_table(h);
	struct game_turn tu;

	if (t == NULL || t->state != TABLE_PLAYING)
		return -1;
	t->ops->turn(t->g, &tu);
	return tu.seat;
}

void
harness_cheat_type(struct harness *h)
{
	struct table *t = harness_table(h);
	struct game_move mv;
	char text[1024], card[16];
	size_t used;
	int i;

	t->ops->timeout(t->g, &mv);
	if (mv.seat < 0)
		abort();
	used = (size_t)snprintf(text, sizeof text, "play");
	for (i = 2; i < mv.argc && used < sizeof text; i++) {
		cards_plain(mv.argv[i], card, sizeof card);
		used += (size_t)snprintf(text + used, sizeof text - used,
		    " %s", card);
	}
	if (used < sizeof text)
		snprintf(text + used, sizeof text - used, " as %d %s",
		    mv.argv[0], cards_rank_name(mv.argv[1], mv.argv[0] > 1));
	harness_say(h, t->seats[mv.seat].nick, "cheaterbot", text);
}

void
harness_cheat_play(struct harness *h)
{
	harness_cheat_type(h);
	harness_advance(h, (uint64_t)h->conf.challenge_min_ms);
}
