/*
 * Everything the core says goes out through here: it cleans the text (no
 * CR, LF or NUL can reach the wire, whatever a nick or an argument holds),
 * splits it between words so that no line the server relays exceeds 512
 * bytes with our prefix (never cutting a card or a UTF-8 character), names
 * the channel on every private line, and queues it at the right priority:
 * channel lines and the prompt of a player who must act now are urgent,
 * every other private line normal (queue.h says what that guarantees).
 * It is the bottom of the core: it calls nothing of it, and a private
 * line comes with its reader's choice of NOTICE or PRIVMSG (prefs.c), so
 * nothing here reads the database.
 * Channel lines are queued as lines the queue may merge while they wait
 * behind the flood limit (queue_push_chan()); private lines never are.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "games/xalloc.h"

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

size_t
say_chan_room(const struct bot *b, const struct chan *c)
{
	return say_budget(b, "PRIVMSG", c->name);
}

void
say_chan(struct bot *b, struct chan *c, const char *text)
{
	if (*text == '\0')
		return; /* a server refuses an empty PRIVMSG (412) */
	say_lines(b, QUEUE_URGENT, "PRIVMSG", c->name, "", text, 1);
}



/* A private line to nick about c at prio, by NOTICE or PRIVMSG. */
static void
say_private(struct bot *b, enum queue_prio prio, const char *nick,
    int notice, struct chan *c, const char *text)
{
	char lead[CHAN_MAX + 4];

	snprintf(lead, sizeof lead, "[%s] ", c != NULL ? c->name : "*");
	say_lines(b, prio, notice ? "NOTICE" : "PRIVMSG", nick,
	    c != NULL ? lead : "", text, 0);
}

void
say_to(struct bot *b, const char *nick, int notice, struct chan *c,
    const char *text)
{
	say_private(b, QUEUE_NORMAL, nick, notice, c, text);
}

void
say_prompt(struct bot *b, const char *nick, int notice, struct chan *c,
    const char *text)
{
	say_private(b, QUEUE_URGENT, nick, notice, c, text);
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
		say_to(ctx->b, ctx->from.nick, ctx->prefs.notice, c, text);
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
