/*
 * The bot's log: every line the program writes for its operator, on
 * stderr, one line per event with its level (docs/operating.md, "The
 * log").  On a terminal or a file a line is "cheaterbot: LEVEL: text";
 * under systemd, whose journal keeps the program's name and the time,
 * stderr is the journal's stream (JOURNAL_STREAM names it) and a line
 * is "<N>LEVEL: text", N the syslog priority the journal files it
 * under.  Lines below the level set (log.level, info by default) are
 * not written.
 *
 * A leaf: every layer logs through it and it calls none of them, so
 * logging never makes a loop between files.  Never give it a credential.
 */
#ifndef LOG_H
#define LOG_H

enum log_level {
	LOG_LEVEL_ERROR,	/* the bot cannot do what it must */
	LOG_LEVEL_WARN,		/* something is wrong; the bot goes on */
	LOG_LEVEL_INFO,		/* what the operator follows: connected,
				 * reloaded, a game resumed */
	LOG_LEVEL_DEBUG,	/* the details of the session and the core */
};

#define LOG_LINE 1024 /* the most of a line's text written */

/* Lines of this level and above are written from now on (log.level,
 * config/conf.h's CONF_LOG_ERROR ... CONF_LOG_DEBUG, in this order). */
void log_set_level(enum log_level level);
/* Whether a line of level would be written (to skip building one). */
int log_wanted(enum log_level level);

/* One line at level, the text cut to LOG_LINE bytes, any control
 * character in it written as '?'. */
void log_at(enum log_level level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void log_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The last word of a process that a fault signal (SIGBUS, SIGSEGV)
 * kills: from now on sig writes text as an error line (formatted now, the
 * handler only calls write()), then kills the process by sig as it would
 * have died without it.  0, or -1 (sigaction failed). */
int log_on_fault(int sig, const char *text);

#endif
