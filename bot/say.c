/*
 * Everything the core says goes out through here: it cleans the text (no
 * CR, LF or NUL can reach the wire, whatever a nick or an argument holds),
 * splits it between words so that no line the server relays exceeds 512
 * bytes with our prefix (never cutting a card or a UTF-8 character), names
 * the channel on every private line, and queues it at the right priority:
 * channel lines and the prompt of a player who must act now are urgent,
 * every other private line normal (queue.h says what that guarantees).
 * Channel lines are queued as lines the queue may merge while they wait
 * behind the flood limit (queue_push_chan()); private lines never are.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "games/xalloc.h"
#include "storage/store.h"

/* Room our own prefix takes when the server relays a line:
 * ":" nick "!" user(10, with ~) "@" host(63) " ". */
#define PREFIX_ROOM(nicklen) (1 + (nicklen) + 1 + 11 + 1 + 63 + 1)

/* The longest text that fits one line to target with command cmd. */
static size_t
say_budget(const struct bot *b, const char *cmd, const char *target)
{
	size_t fixed = PREFIX_ROOM(strlen(b->nick)) + strlen(cmd) + 1 +
	    strlen(target) + 2;

	return fixed < QUEUE_LINE_MAX - 64 ? QUEUE_LINE_MAX - fixed : 64;
}

/* Where to end a piece of text no longer than max: after the last space
 * that fits, else on a UTF-8 character boundary. */
static size_t
say_cut(const char *s, size_t len, size_t max)
{
	size_t i;

	if (len <= max)
		return len;
	for (i = max; i > max / 2; i--) {
		if (s[i] == ' ')
			return i;
	}
	for (i = max; i > 0 && ((unsigned char)s[i] & 0xc0) == 0x80; i--)
		;
	return i > 0 ? i : max;
}

/* Queues text to target as one or more lines, each starting with lead;
 * chan: target is a channel, whose lines the queue may merge. */
static void
say_lines(struct bot *b, enum queue_prio prio, const char *cmd,
    const char *target, const char *lead, const char *text, int chan)
{
	struct buf clean = BUF_INIT, line = BUF_INIT;
	size_t budget, len, cut;
	const char *p;

	for (p = text; *p != '\0'; p += len) {
		if ((len = strcspn(p, "\r\n")) == 0) {
			buf_addc(&clean, ' ');
			len = 1;
		} else
			buf_add(&clean, p, len);
	}
	budget = say_budget(b, cmd, target) - strlen(lead);
	p = buf_str(&clean);
	len = clean.len;
	do {
		cut = say_cut(p, len, budget);
		buf_reset(&line);
		buf_addf(&line, "%s %s :%s", cmd, target, lead);
		buf_add(&line, p, cut);
		if (chan)
			queue_push_chan(b->queue, prio, buf_str(&line),
			    PREFIX_ROOM(strlen(b->nick)));
		else
			queue_push(b->queue, prio, buf_str(&line));
		while (cut < len && p[cut] == ' ')
			cut++;
		p += cut;
		len -= cut;
	} while (len > 0);
	buf_free(&clean);
	buf_free(&line);
}

void
say_chan(struct bot *b, struct chan *c, const char *text)
{
	if (*text == '\0')
		return; /* a server refuses an empty PRIVMSG (412) */
	say_lines(b, QUEUE_URGENT, "PRIVMSG", c->name, "", text, 1);
}

void
say_player_key(struct buf *out, const struct who *w)
{
	const char *p;

	if (w->account != NULL && *w->account != '\0') {
		buf_addf(out, "a:%s", w->account);
		return;
	}
	buf_adds(out, "n:");
	for (p = w->nick; *p != '\0'; p++)
		buf_addc(out, (char)tolower((unsigned char)*p));
}

void
say_prefs(struct bot *b, const char *nick, int *colour, int *notice)
{
	struct buf key = BUF_INIT;
	struct who w = { nick, "", NULL };
	const struct seat *s;
	int64_t id;
	int v;

	*colour = 1;
	*notice = b->conf->private_notice;
	if ((s = seat_of_nick(b, nick)) != NULL) {
		*colour = s->colour;
		*notice = s->notice;
		return;
	}
	w.account = who_account(b, nick);
	say_player_key(&key, &w);
	id = store_player_find(b->store, buf_str(&key), NULL);
	buf_free(&key);
	if (id <= 0)
		return;
	if (store_pref_get(b->store, id, "colour", &v, NULL) == 0)
		*colour = v;
	if (store_pref_get(b->store, id, "notice", &v, NULL) == 0)
		*notice = v;
}

/* A private line to nick about c at prio. */
static void
say_private(struct bot *b, enum queue_prio prio, const char *nick,
    struct chan *c, const char *text)
{
	char lead[CHAN_MAX + 4];
	int colour, notice;

	say_prefs(b, nick, &colour, &notice);
	snprintf(lead, sizeof lead, "[%s] ", c != NULL ? c->name : "*");
	say_lines(b, prio, notice ? "NOTICE" : "PRIVMSG", nick,
	    c != NULL ? lead : "", text, 0);
}

void
say_to(struct bot *b, const char *nick, struct chan *c, const char *text)
{
	say_private(b, QUEUE_NORMAL, nick, c, text);
}

void
say_prompt(struct bot *b, const char *nick, struct chan *c, const char *text)
{
	say_private(b, QUEUE_URGENT, nick, c, text);
}

static void say_ctx(struct cmd_ctx *ctx, int public, const char *fmt,
    va_list ap) __attribute__((format(printf, 3, 0)));

/* Sends text about ctx: to its channel when public and there is one,
 * else privately to the sender, naming the table's channel. */
static void
say_ctx(struct cmd_ctx *ctx, int public, const char *fmt, va_list ap)
{
	struct chan *c = ctx->chan != NULL ? ctx->chan :
	    ctx->table != NULL ? ctx->table->chan : NULL;
	char *text = xvasprintf(fmt, ap);

	if (public && ctx->chan != NULL)
		say_chan(ctx->b, ctx->chan, text);
	else
		say_to(ctx->b, ctx->from.nick, c, text);
	free(text);
}

void
say_error(struct cmd_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_ctx(ctx, 0, fmt, ap);
	va_end(ap);
}

void
say_reply(struct cmd_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_ctx(ctx, 1, fmt, ap);
	va_end(ap);
}

void
say_raw(struct bot *b, const char *fmt, ...)
{
	va_list ap;
	char *text, *p;

	va_start(ap, fmt);
	text = xvasprintf(fmt, ap);
	va_end(ap);
	for (p = text; *p != '\0'; p++) {
		if (*p == '\r' || *p == '\n')
			*p = ' ';
	}
	if (strlen(text) > QUEUE_LINE_MAX)
		text[QUEUE_LINE_MAX] = '\0';
	queue_push(b->queue, QUEUE_URGENT, text);
	free(text);
}
