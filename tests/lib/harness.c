/*
 * The transcript harness of harness.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "bot/net/ircline.h"
#include "bot/net/relay-link.h"
#include "bot/core/render.h"
#include "bot/core/table.h"
#include "storage/store.h"
#include "alloc/xalloc.h"

static void harness_forget(struct harness *h);

/* The core's entry points, on whichever bot the harness holds now: a test
 * may replace h->bot (a restart). */
static void
harness_connected(void *arg, const char *nick, uint64_t now)
{
	struct harness *h = arg;

	bot_connected(h->bot, nick, now);
}

static void
harness_disconnected(void *arg, uint64_t now)
{
	struct harness *h = arg;

	bot_disconnected(h->bot, now);
}

static void
harness_event(void *arg, const char *command, const char *origin,
    const char **params, unsigned int count, uint64_t now)
{
	struct harness *h = arg;

	bot_event(h->bot, command, origin, params, count, now);
}

/* The session's log lines ("registered as ...") would only be noise. */
static void
harness_log(void *arg, enum log_level level, const char *line)
{
	(void)arg;
	(void)level;
	(void)line;
}

struct harness *
harness_new(uint64_t seed, void (*tune)(struct conf *c))
{
	struct harness *h = xcalloc(1, sizeof *h);
	const char *base;
	char *cause = NULL;

	/* HARNESS_DIR: where the database goes, /tmp by default (the
	 * bench's simulations put it in memory, /dev/shm: they time the
	 * pipe, not the disk). */
	if ((base = getenv("HARNESS_DIR")) == NULL || *base == '\0')
		base = "/tmp";
	if ((size_t)snprintf(h->dir, sizeof h->dir,
	    "%s/cheaterbot-test-XXXXXX", base) >= sizeof h->dir ||
	    mkdtemp(h->dir) == NULL)
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
	struct relay_core core = {
		harness_connected, harness_disconnected, harness_event,
		harness_log, h,
	};
	char line[256], *cause = NULL;

	relay_link_free(h->link);
	h->link = relay_link_new(&h->conf, h->queue, &core, &h->to_server,
	    h->now, &cause);
	if (h->link == NULL) {
		fprintf(stderr, "harness: %s\n", cause);
		abort();
	}
	snprintf(line, sizeof line, ":irc.test 001 %s :Welcome",
	    h->conf.nicks[0]);
	harness_line(h, line);
	harness_join_chan(h, "#cheater", members);
}

void
harness_join_chan(struct harness *h, const char *chan,
    const char *const *members)
{
	static const char *const everyone[] = {
		"oper", "alice", "bob", "carol", "dave", NULL,
	};
	char line[512];
	int i;

	if (members == NULL)
		members = everyone;
	snprintf(line, sizeof line, ":cheaterbot!bot@test.host JOIN %s", chan);
	harness_line(h, line);
	snprintf(line, sizeof line, ":irc.test 353 cheaterbot = %s "
	    ":cheaterbot", chan);
	for (i = 0; members[i] != NULL; i++) {
		snprintf(line + strlen(line), sizeof line - strlen(line),
		    " %s%s", strcmp(members[i], "oper") == 0 ? "@" : "",
		    members[i]);
	}
	harness_line(h, line);
	for (i = 0; members[i] != NULL; i++) {
		snprintf(line, sizeof line, ":irc.test 352 cheaterbot "
		    "%s %s test.host irc.test %s H%s :0 %s", chan, members[i],
		    members[i], strcmp(members[i], "oper") == 0 ? "@" : "",
		    members[i]);
		harness_line(h, line);
	}
	snprintf(line, sizeof line, ":irc.test 315 cheaterbot %s :End of WHO",
	    chan);
	harness_line(h, line);
}

void
harness_restart(struct harness *h, const char *const *members)
{
	bot_free(h->bot);
	harness_drain(h);
	h->bot = bot_new(&h->conf, h->store, h->queue, ++h->seed, 1, h->now);
	if (h->wall != 0)
		bot_set_wall(h->bot, h->wall + (int64_t)h->now);
	harness_join(h, members);
}

void
harness_wall(struct harness *h, int64_t unix_ms)
{
	h->wall = unix_ms - (int64_t)h->now;
	bot_set_wall(h->bot, unix_ms);
}

void
harness_free(struct harness *h)
{
	char path[192];

	relay_link_free(h->link);
	outbuf_free(&h->to_server);
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
harness_raw(struct harness *h, const char *data, size_t len)
{
	/* Registered, the session ends no connection on a line, and
	 * libircclient parses each line before the next comes. */
	if (relay_link_line(h->link, data, len, h->now) != 0 ||
	    relay_link_pump(h->link, h->now) != 0) {
		fprintf(stderr, "harness: %s\n", relay_link_why(h->link));
		abort();
	}
	/* Nothing reads it: registration, and no socket. */
	outbuf_reset(&h->to_server);
}

void
harness_line(struct harness *h, const char *raw)
{
	static struct ircline m;

	if (ircline_parse(&m, raw, strlen(raw)) != 0)
		abort();
	harness_raw(h, raw, strlen(raw));
}

void
harness_say(struct harness *h, const char *nick, const char *target,
    const char *text)
{
	struct buf raw = BUF_INIT;

	buf_addf(&raw, ":%s!%s@test.host PRIVMSG %s :%s", nick, nick, target,
	    text);
	harness_raw(h, buf_str(&raw), raw.len);
	buf_free(&raw);
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

	t->ops->timeout(t->g, &mv);
	harness_type_move(h, &mv);
}

void
harness_type_move(struct harness *h, const struct game_move *mv)
{
	harness_type_at(h, harness_table(h), mv);
}

void
harness_type_at(struct harness *h, struct table *t,
    const struct game_move *mv)
{
	struct buf typed = BUF_INIT;
	const char *names[GAME_MAX_SEATS];
	char text[1024];
	int cmd, i;

	if (mv->seat < 0 || (cmd = t->ops->command(t->g, mv, text,
	    sizeof text)) < 0)
		abort();
	for (i = 0; i < t->nseats; i++)
		names[i] = t->seats[i].nick;
	/* In the channel a command has the prefix, or it is talk. */
	if (!(t->ops->cmds[cmd].where & GAME_WHERE_PRIVATE))
		buf_adds(&typed, h->conf.prefix);
	render(&typed, text, names, t->nseats, 0);
	harness_say(h, t->seats[mv->seat].nick,
	    t->ops->cmds[cmd].where & GAME_WHERE_PRIVATE ? "cheaterbot" :
	    t->chan->name, buf_str(&typed));
	buf_free(&typed);
}

void
harness_play(struct harness *h)
{
	harness_type(h);
	harness_advance(h, (uint64_t)h->conf.challenge_min_ms);
}

void
harness_play_game(struct harness *h, const char *game,
    const char *const *nicks, int max_moves)
{
	int moves;

	harness_deal(h, game, nicks);
	for (moves = 0; harness_table(h) != NULL && moves < max_moves;
	    moves++) {
		if (harness_turn(h) >= 0)
			harness_play(h);
		else
			harness_advance(h,
			    (uint64_t)h->conf.challenge_close_ms);
	}
	harness_drain(h);
}

void
harness_play_with_ai(struct harness *h, const char *game,
    const char *const *nicks, int max_steps)
{
	struct table *t;
	int steps, seat;

	harness_deal(h, game, nicks);
	for (steps = 0; steps < max_steps; steps++) {
		if ((t = harness_table(h)) == NULL)
			break;
		seat = harness_turn(h);
		if (seat >= 0 && !t->seats[seat].ai)
			harness_type(h);
		harness_advance(h, 700);
		harness_drain(h);
		harness_clear(h);
	}
}

int
harness_finish(struct harness *h, const struct game_ops *ops)
{
	struct table *t = harness_table(h);
	int from;

	if (t == NULL)
		abort();
	t->ops = ops;
	harness_drain(h);
	from = h->nsent;
	table_finish(t);
	harness_drain(h);
	if (harness_table(h) != NULL)
		abort();
	return from;
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
