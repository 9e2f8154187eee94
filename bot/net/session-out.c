/*
 * The session's actions (session-int.h): appended in order, checked the
 * way every line of the bot's own is checked, wiped after use.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bot/net/session-int.h"

/* Appends what with text from fmt and ap; see session_emit(). */
static int session_vemit(struct session_out *out, enum session_do what,
    const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));

static int
session_vemit(struct session_out *out, enum session_do what,
    const char *fmt, va_list ap)
{
	struct session_act *a;
	int n, line;

	/* A bug, not input: no call appends more (session.h). */
	assert(out->n < SESSION_ACTS);
	a = &out->act[out->n];
	n = vsnprintf(a->text, sizeof a->text, fmt, ap);
	line = what <= SESSION_HOUSE;
	if (line && (n < 0 || n > IRCLINE_MAX ||
	    strpbrk(a->text, "\r\n") != NULL)) {
		explicit_bzero(a->text, sizeof a->text);
		if (what != SESSION_SEND && what != SESSION_FIRST)
			return -1;
		a->what = SESSION_WARN;
		snprintf(a->text, sizeof a->text,
		    "not sent: a line of ours would be too long");
		out->n++;
		return -1;
	}
	a->what = what;
	out->n++;
	return 0;
}

int
session_emit(struct session_out *out, enum session_do what,
    const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = session_vemit(out, what, fmt, ap);
	va_end(ap);
	return rc;
}

void
session_paced(const struct session *s, struct session_out *out,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	(void)session_vemit(out,
	    s->state == SESSION_READY ? SESSION_FIRST : SESSION_SEND, fmt, ap);
	va_end(ap);
}

void
session_drop(struct session *s, struct session_out *out, const char *fmt,
    ...)
{
	va_list ap;

	va_start(ap, fmt);
	(void)session_vemit(out, SESSION_DROP, fmt, ap);
	va_end(ap);
	s->over = 1;
}

void
session_out_wipe(struct session_out *out)
{
	int i;

	for (i = 0; i < out->n; i++)
		explicit_bzero(out->act[i].text, sizeof out->act[i].text);
	out->n = 0;
}
