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
#include "games/xalloc.h"

static void harness_forget(struct harness *h);

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
	/* Transcripts type far faster than anyone can: the command limit
	 * is off unless a test's tune turns it on. */
	h->conf.user_interval_ms = 0;
	if (tune != NULL)
		tune(&h->conf);
	h->store = store_open(h->db, &cause);
	if (h->store == NULL) {
		fprintf(stderr, "harness: %s\n", cause);
		abort();
	}
	h->queue = queue_new(1000000, 1);
	h->now = 1000000;
	h->seed = seed;
	h->bot = bot_new(&h->conf, h->store, h->queue, seed, 1, h->now);
	harness_join(h, NULL);
	harness_drain(h);
	harness_clear(h);
	return h;
}

void
harness_join(struct harness *h, const char *const *members)
{
	static const char *const everyone[] = {
		"oper", "alice", "bob", "carol", "dave", NULL,
	};
	char line[256];
	int i;

	if (members == NULL)
		members = everyone;
	bot_connected(h->bot, h->conf.nicks[0], h->now);
	harness_line(h, ":cheaterbot!bot@test.host JOIN #cheater");
	snprintf(line, sizeof line, ":irc.test 353 cheaterbot = #cheater "
	    ":cheaterbot");
	for (i = 0; members[i] != NULL; i++) {
		snprintf(line + strlen(line), sizeof line - strlen(line),
		    " %s%s", strcmp(members[i], "oper") == 0 ? "@" : "",
		    members[i]);
	}
	harness_line(h, line);
	for (i = 0; members[i] != NULL; i++) {
		snprintf(line, sizeof line, ":irc.test 352 cheaterbot "
		    "#cheater %s test.host irc.test %s H%s :0 %s", members[i],
		    members[i], strcmp(members[i], "oper") == 0 ? "@" : "",
		    members[i]);
		harness_line(h, line);
	}
	harness_line(h, ":irc.test 315 cheaterbot #cheater :End of WHO");
}

void
harness_restart(struct harness *h, const char *const *members)
{
	bot_free(h->bot);
	harness_drain(h);
	h->bot = bot_new(&h->conf, h->store, h->queue, ++h->seed, 1, h->now);
	harness_join(h, members);
}

void
harness_free(struct harness *h)
{
	char path[128];

	bot_free(h->bot);
	queue_free(h->queue);
	store_close(h->store);
	conf_free(&h->conf);
	harness_forget(h);
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

	harness_drain(h);
	while ((next = bot_next_timer(h->bot)) <= end) {
		h->now = next > h->now ? next : h->now;
		bot_tick(h->bot, h->now);
		harness_drain(h);
	}
	h->now = end;
	bot_tick(h->bot, h->now);
	harness_drain(h);
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

/* Frees every line kept in sent[]. */
static void
harness_forget(struct harness *h)
{
	int i;

	for (i = 0; i < h->nsent; i++)
		free(h->sent[i]);
	h->nsent = 0;
}

void
harness_clear(struct harness *h)
{
	harness_drain(h);
	harness_forget(h);
}

const char *
harness_plain(struct harness *h, int i)
{
	static struct buf b = BUF_INIT;

	buf_reset(&b);
	render_strip(&b, h->sent[i]);
	return buf_str(&b);
}

void
harness_dump(struct harness *h)
{
	int i;

	harness_drain(h);
	for (i = 0; i < h->nsent; i++)
		fprintf(stderr, "  sent[%d] %s\n", i, harness_plain(h, i));
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
harness_type(struct harness *h)
{
	struct table *t = harness_table(h);
	struct game_move mv;
	struct buf typed = BUF_INIT;
	const char *names[GAME_MAX_SEATS];
	char text[1024];
	int cmd, i;

	t->ops->timeout(t->g, &mv);
	if (mv.seat < 0 || (cmd = t->ops->command(t->g, &mv, text,
	    sizeof text)) < 0)
		abort();
	for (i = 0; i < t->nseats; i++)
		names[i] = t->seats[i].nick;
	render(&typed, text, names, t->nseats, 0);
	harness_say(h, t->seats[mv.seat].nick,
	    t->ops->cmds[cmd].where & GAME_WHERE_PRIVATE ? "cheaterbot" :
	    "#cheater", buf_str(&typed));
	buf_free(&typed);
}

void
harness_play(struct harness *h)
{
	harness_type(h);
	harness_advance(h, (uint64_t)h->conf.challenge_min_ms);
}

void
harness_deal(struct harness *h, const char *game, const char *const *nicks)
{
	char cmd[128];
	int i;

	for (i = 0; nicks[i] != NULL; i++) {
		harness_say(h, nicks[i], "cheaterbot", "set colour off");
		snprintf(cmd, sizeof cmd, "!play %s", game);
		harness_say(h, nicks[i], "#cheater", i == 0 ? cmd : "!join");
	}
	harness_say(h, nicks[0], "#cheater", "!start");
	harness_drain(h);
	if (harness_table(h) == NULL ||
	    harness_table(h)->state != TABLE_PLAYING)
		abort();
}
