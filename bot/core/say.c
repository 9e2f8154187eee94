/*
 * Everything the core says goes out through here: it cleans the text (no
 * CR, LF or NUL can reach the wire, whatever a nick or an argument holds),
 * splits it between words so that no line the server relays exceeds 512
 * bytes with our prefix (never cutting a card or a UTF-8 character), names
 * the channel on every private line about one ("[#channel] ", the lead
 * say_private_lead() makes: the one place it is made, and say_about()
 * the one rule for which channel a command's private reply is about),
 * and queues it in the class
 * of what it is (queue.h): a game's lines (its channel text and the
 * prompts) as QUEUE_GAME, its news to seats that need not act now as
 * QUEUE_NEWS, replies to commands as QUEUE_REPLY, JOIN, WHO and PART as
 * the housekeeping they are.  Long
 * texts are not queued here but pulled a line at a time (pager.c, which
 * cuts them with say_cut()).  It is the bottom of the core: it calls
 * nothing of it, and a private line comes with its reader's choice of
 * NOTICE or PRIVMSG (prefs.c), so nothing here reads the database.
 * Channel lines are queued as lines the queue may merge while they wait
 * behind the flood limit; private lines never are.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "alloc/xalloc.h"

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
say_cut_at(const char *s, size_t len, size_t max)
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

/* Cuts text to target into lines, each starting with lead and fitting
 * what the server relays with our prefix, and hands each complete IRC
 * line ("CMD target :lead...") to each(arg, line). */
void
say_cut(const struct bot *b, const char *cmd, const char *target,
    const char *lead, const char *text,
    void (*each)(void *arg, const char *line), void *arg)
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
		cut = say_cut_at(p, len, budget);
		buf_reset(&line);
		buf_addf(&line, "%s %s :%s", cmd, target, lead);
		buf_add(&line, p, cut);
		each(arg, buf_str(&line));
		while (cut < len && p[cut] == ' ')
			cut++;
		p += cut;
		len -= cut;
	} while (len > 0);
	buf_free(&clean);
	buf_free(&line);
}

/* How say_push() queues the lines of one text. */
struct say_push {
	struct bot *b;
	enum queue_class cls;
	struct queue_how how;
	uint64_t last;		/* the number of the last line queued */
};

static void
say_push(void *arg, const char *line)
{
	struct say_push *sp = arg;

	sp->last = queue_push_how(sp->b->queue, sp->cls, line, &sp->how);
}

/* Queues text to target at cls, as lines cut by say_cut(), the first
 * after line after (0: none); chan: target is a channel, whose lines
 * the queue may merge.  The number of the last line. */
static uint64_t
say_lines(struct bot *b, enum queue_class cls, const char *cmd,
    const char *target, const char *lead, const char *text, int chan,
    uint64_t after)
{
	struct say_push sp;

	memset(&sp, 0, sizeof sp);
	sp.b = b;
	sp.cls = cls;
	sp.how.room = chan ? PREFIX_ROOM(strlen(b->nick)) : 0;
	sp.how.after = after;
	say_cut(b, cmd, target, lead, text, say_push, &sp);
	return sp.last;
}

size_t
say_chan_room(const struct bot *b, const struct chan *c)
{
	return say_budget(b, "PRIVMSG", c->name);
}

uint64_t
say_chan_after(struct bot *b, struct chan *c, enum queue_class cls,
    const char *text, uint64_t after)
{
	if (*text == '\0')
		return 0; /* a server refuses an empty PRIVMSG (412) */
	return say_lines(b, cls, "PRIVMSG", c->name, "", text, 1, after);
}

uint64_t
say_chan_as(struct bot *b, struct chan *c, enum queue_class cls,
    const char *text)
{
	return say_chan_after(b, c, cls, text, 0);
}

uint64_t
say_chan(struct bot *b, struct chan *c, const char *text)
{
	return say_chan_as(b, c, QUEUE_GAME, text);
}

void
say_private_lead(const struct chan *c, char *lead, size_t size)
{
	if (c != NULL)
		snprintf(lead, size, "[%s] ", c->name);
	else
		*lead = '\0';
}

/* A private text to nick about c at cls, by NOTICE or PRIVMSG, after
 * line after; the number of its last line. */
static uint64_t
say_private(struct bot *b, enum queue_class cls, const char *nick,
    int notice, struct chan *c, const char *text, uint64_t after)
{
	char lead[SAY_LEAD_SIZE];

	say_private_lead(c, lead, sizeof lead);
	return say_lines(b, cls, notice ? "NOTICE" : "PRIVMSG", nick, lead,
	    text, 0, after);
}

void
say_to(struct bot *b, const char *nick, int notice, struct chan *c,
    const char *text)
{
	say_private(b, QUEUE_REPLY, nick, notice, c, text, 0);
}

uint64_t
say_game_to(struct bot *b, enum queue_class cls, const char *nick,
    int notice, struct chan *c, const char *text, uint64_t after)
{
	return say_private(b, cls, nick, notice, c, text, after);
}

struct chan *
say_about(const struct cmd_ctx *ctx)
{
	return ctx->chan != NULL ? ctx->chan :
	    ctx->table != NULL ? ctx->table->chan : NULL;
}

void
say_tell(struct cmd_ctx *ctx, const char *text)
{
	say_to(ctx->b, ctx->from.nick, ctx->prefs.notice, say_about(ctx),
	    text);
}

static void say_ctx(struct cmd_ctx *ctx, int public, const char *fmt,
    va_list ap) __attribute__((format(printf, 3, 0)));

/* Sends text about ctx: to its channel when public and there is one,
 * else privately to the sender (say_tell()). */
static void
say_ctx(struct cmd_ctx *ctx, int public, const char *fmt, va_list ap)
{
	char *text = xvasprintf(fmt, ap);

	if (public && ctx->chan != NULL)
		say_chan_as(ctx->b, ctx->chan, QUEUE_REPLY, text);
	else
		say_tell(ctx, text);
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
say_raw(struct bot *b, enum queue_class cls, const char *fmt, ...)
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
	queue_push(b->queue, cls, text);
	free(text);
}
