/*
 * One connection's IRC (relay-link.h): the server line path, and the
 * session's actions carried out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc/xalloc.h"
#include "bot/net/irc-glue.h"
#include "bot/lib/log.h"
#include "bot/net/outbuf.h"
#include "bot/lib/queue.h"
#include "bot/net/relay-link.h"

/* The session's actions, in order, then wiped (some hold a password).
 * 0, or -1 when it asked for the end of the connection. */
static int
relay_link_do(struct relay_link *l, uint64_t now)
{
	struct session_out *o = &l->out;
	struct session_act *a;
	enum log_level level;
	int i, rc = 0;

	for (i = 0; i < o->n && rc == 0; i++) {
		a = &o->act[i];
		switch (a->what) {
		case SESSION_SEND:
			outbuf_line(l->to_server, a->text, strlen(a->text));
			break;
		case SESSION_FIRST:
			queue_push(l->queue, QUEUE_FIRST, a->text);
			break;
		case SESSION_REPLY:
			queue_push(l->queue, QUEUE_REPLY, a->text);
			break;
		case SESSION_HOUSE:
			queue_push(l->queue, QUEUE_HOUSE, a->text);
			break;
		case SESSION_LOG:
		case SESSION_WARN:
		case SESSION_DEBUG:
			level = a->what == SESSION_WARN ? LOG_LEVEL_WARN :
			    a->what == SESSION_DEBUG ? LOG_LEVEL_DEBUG :
			    LOG_LEVEL_INFO;
			if (l->core.log != NULL)
				l->core.log(l->core.arg, level, a->text);
			else
				log_at(level, "%s", a->text);
			break;
		case SESSION_REGISTERED:
			l->core.connected(l->core.arg, a->text, now);
			break;
		case SESSION_DROP:
			snprintf(l->why, sizeof l->why, "%s", a->text);
			rc = -1;
			break;
		}
	}
	session_out_wipe(o);
	return rc;
}

struct relay_link *
relay_link_new(const struct conf *conf, struct queue *q,
    const struct relay_core *core, struct outbuf *to_server, uint64_t now,
    char **cause)
{
	struct relay_link *l = xcalloc(1, sizeof *l);
	struct irc_sink sink = {core->event, core->arg};

	l->queue = q;
	l->core = *core;
	l->to_server = to_server;
	l->glue = irc_glue_new(&sink, q, cause);
	if (l->glue == NULL) {
		free(l);
		return NULL;
	}
	session_start(&l->session, conf, now, &l->out);
	(void)relay_link_do(l, now); /* registration: never a drop */
	return l;
}

void
relay_link_free(struct relay_link *l)
{
	if (l == NULL)
		return;
	irc_glue_free(l->glue);
	session_out_wipe(&l->out);
	free(l);
}

int
relay_link_line(struct relay_link *l, const char *line, size_t len,
    uint64_t now)
{
	char clean[IRCLINE_MAX + 1];
	size_t n;
	int mine;

	n = ircline_sanitize(clean, line, len);
	if (ircline_parse(&l->msg, clean, n) != 0)
		return 0;
	mine = session_line(&l->session, &l->msg, now, &l->out);
	if (relay_link_do(l, now) != 0)
		return -1;
	if (mine)
		return 0;
	if (irc_glue_put(l->glue, &l->msg) != 0) {
		snprintf(l->why, sizeof l->why, "%s", irc_glue_why(l->glue));
		return -1;
	}
	return 0;
}

void
relay_link_heard(struct relay_link *l, uint64_t now)
{
	session_heard(&l->session, now);
}

int
relay_link_ready(const struct relay_link *l)
{
	return l->session.state == SESSION_READY;
}

uint64_t
relay_link_ready_at(const struct relay_link *l)
{
	return l->session.ready_at;
}

uint64_t
relay_link_next(const struct relay_link *l)
{
	return session_next(&l->session);
}

int
relay_link_tick(struct relay_link *l, uint64_t now)
{
	session_tick(&l->session, now, &l->out);
	return relay_link_do(l, now);
}

void
relay_link_quit(struct relay_link *l)
{
	session_quit(&l->session);
}

void
relay_link_fds(struct relay_link *l, struct pollset *p)
{
	irc_glue_fds(l->glue, p);
}

/* A glue failure becomes the link's. */
static int
relay_link_glue(struct relay_link *l, int rc)
{
	if (rc != 0)
		snprintf(l->why, sizeof l->why, "%s", irc_glue_why(l->glue));
	return rc;
}

int
relay_link_process(struct relay_link *l, const struct pollset *p,
    uint64_t now)
{
	return relay_link_glue(l, irc_glue_process(l->glue, p, now));
}

int
relay_link_flush(struct relay_link *l)
{
	return relay_link_glue(l, irc_glue_flush(l->glue));
}

int
relay_link_pump(struct relay_link *l, uint64_t now)
{
	return relay_link_glue(l, irc_glue_pump(l->glue, now));
}

int
relay_link_fed(struct relay_link *l, struct pollset *p)
{
	return irc_glue_fed(l->glue, p);
}

const char *
relay_link_why(const struct relay_link *l)
{
	return l->why;
}
