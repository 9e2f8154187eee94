/*
 * The bot's log (log.h).  Whether stderr is the journal's stream is
 * looked at for each line (a log line is rare, and stderr may be moved):
 * JOURNAL_STREAM holds "DEVICE:INODE" of the stream systemd connected,
 * which must be the one stderr is now (a program started by hand from a
 * service's shell inherits the variable with another stderr).
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/lib/log.h"

static enum log_level log_level = LOG_LEVEL_INFO;

/* The line log_on_fault()'s handler writes, and its length. */
static char log_fault_line[LOG_LINE + 32];
static size_t log_fault_len;

static const char *const log_names[] = {"error", "warn", "info", "debug"};
/* syslog(3)'s priorities: LOG_ERR, LOG_WARNING, LOG_INFO, LOG_DEBUG. */
static const int log_priority[] = {3, 4, 6, 7};

void
log_set_level(enum log_level level)
{
	log_level = level;
}

int
log_wanted(enum log_level level)
{
	return level <= log_level;
}

/* Whether stderr is the journal's stream. */
static int
log_to_journal(void)
{
	const char *env = getenv("JOURNAL_STREAM");
	unsigned long long dev, ino;
	struct stat sb;

	if (env == NULL || sscanf(env, "%llu:%llu", &dev, &ino) != 2 ||
	    fstat(2, &sb) != 0)
		return 0;
	return (unsigned long long)sb.st_dev == dev &&
	    (unsigned long long)sb.st_ino == ino;
}

static void log_vat(enum log_level level, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

static void
log_vat(enum log_level level, const char *fmt, va_list ap)
{
	char line[LOG_LINE];
	char *p;

	if (!log_wanted(level))
		return;
	vsnprintf(line, sizeof line, fmt, ap);
	for (p = line; *p != '\0'; p++) {
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	}
	if (log_to_journal())
		fprintf(stderr, "<%d>%s: %s\n", log_priority[level],
		    log_names[level], line);
	else
		fprintf(stderr, "cheaterbot: %s: %s\n", log_names[level], line);
}

void
log_at(enum log_level level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vat(level, fmt, ap);
	va_end(ap);
}

/* The four levels' own functions, each log_vat() at its level. */
#define LOG_FN(name, level)                       \
	void name(const char *fmt, ...)           \
	{                                         \
		va_list ap;                       \
                                                  \
		va_start(ap, fmt);                \
		log_vat(level, fmt, ap);          \
		va_end(ap);                       \
	}
LOG_FN(log_error, LOG_LEVEL_ERROR)
LOG_FN(log_warn, LOG_LEVEL_WARN)
LOG_FN(log_info, LOG_LEVEL_INFO)
LOG_FN(log_debug, LOG_LEVEL_DEBUG)

/* A fault: its line, then the default action (the signal again, now
 * fatal, once the handler returns to the faulting instruction). */
static void
log_fault(int sig)
{
	ssize_t n;

	n = write(2, log_fault_line, log_fault_len);
	(void)n;
	raise(sig);	/* SA_RESETHAND: the default action now */
}

int
log_on_fault(int sig, const char *text)
{
	struct sigaction sa;
	char line[LOG_LINE];
	char *p;
	int n;

	snprintf(line, sizeof line, "%s", text);
	for (p = line; *p != '\0'; p++) {
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	}
	if (log_to_journal())
		n = snprintf(log_fault_line, sizeof log_fault_line,
		    "<%d>%s: %s\n", log_priority[LOG_LEVEL_ERROR],
		    log_names[LOG_LEVEL_ERROR], line);
	else
		n = snprintf(log_fault_line, sizeof log_fault_line,
		    "cheaterbot: %s: %s\n", log_names[LOG_LEVEL_ERROR], line);
	log_fault_len = n > 0 && (size_t)n < sizeof log_fault_line ?
	    (size_t)n : strlen(log_fault_line);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = log_fault;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESETHAND;
	return sigaction(sig, &sa, NULL) == 0 ? 0 : -1;
}
