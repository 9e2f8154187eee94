/*
 * Inside the IRC session (session.h): what its files share.  They call
 * each other one way only: session.c (the entry points, registration,
 * the nick, liveness) calls session-cap.c (CAP negotiation), which calls
 * session-sasl.c (SASL PLAIN, IDENTIFY); every one of them appends its
 * actions through session-out.c, which calls none.  SASL never ends CAP
 * itself: it says that it is over, and CAP sends CAP END.  Only
 * bot/session*.c include this file.
 */
#ifndef SESSION_INT_H
#define SESSION_INT_H

#include <stddef.h>
#include <stdint.h>

#include "bot/net/session.h"

/* session-out.c */

/* Appends an action whose text is printf-style.  A line to send or queue
 * that is longer than IRCLINE_MAX or is not one line is refused whole,
 * never cut: -1, and for SESSION_SEND and SESSION_FIRST a log line says
 * so instead (the others' callers say what was not sent).  0 when
 * appended. */
int session_emit(struct session_out *out, enum session_do what,
    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A line that answers the server: SESSION_FIRST once registered, else
 * SESSION_SEND. */
void session_paced(const struct session *s, struct session_out *out,
    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The connection must end: a SESSION_DROP saying why, and the session is
 * over. */
void session_drop(struct session *s, struct session_out *out,
    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* session-cap.c */

/* CAP LS 302; negotiation starts. */
void session_cap_start(struct session *s, struct session_out *out);

/* A CAP line: [target, subcommand, ("*",) list]. */
void session_cap_line(struct session *s, const struct ircline *m,
    uint64_t now, struct session_out *out);

/* While SASL is under way: 1 if m was SASL's (CAP END follows its
 * outcome). */
int session_cap_sasl(struct session *s, const struct ircline *m,
    struct session_out *out);

/* SASL gave no outcome in time. */
void session_cap_sasl_timeout(struct session *s, struct session_out *out);

/* 410 (a CAP subcommand refused) or 421 for CAP while negotiating: 1 if
 * m is one of them; negotiation is over. */
int session_cap_refused(struct session *s, const struct ircline *m,
    struct session_out *out);

/* 001: a negotiation not over by now never will be (no CAP). */
void session_cap_registered(struct session *s, struct session_out *out);

/* session-sasl.c */

/* What a SASL step came to. */
enum session_sasl {
	SESSION_SASL_NOT_MINE, /* not a SASL line */
	SESSION_SASL_MINE,     /* SASL's, and it goes on */
	SESSION_SASL_OVER,     /* logged in, or going on without: CAP END */
	SESSION_SASL_DROP      /* failed, and the connection ends */
};

/* Whether the session wants the sasl capability: a login is configured.
 * value is what the server's CAP LS gave after "sasl=" (len bytes, 0 when
 * there was none): a list of mechanisms, which must include PLAIN. */
int session_sasl_wanted(const struct conf *c, const char *value, size_t len);

/* sasl was enabled: AUTHENTICATE PLAIN, with SESSION_SASL_MS to finish. */
void session_sasl_start(struct session *s, uint64_t now,
    struct session_out *out);

/* A line while SASL is under way (AUTHENTICATE, 900-908, a 421 for
 * AUTHENTICATE). */
enum session_sasl session_sasl_line(struct session *s,
    const struct ircline *m, struct session_out *out);

/* No answer within SESSION_SASL_MS: a failure. */
enum session_sasl session_sasl_timeout(struct session *s,
    struct session_out *out);

/* 001: without a SASL login, IDENTIFY to the configured NickServ. */
void session_sasl_registered(struct session *s, struct session_out *out);

#endif
