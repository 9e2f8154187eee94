/*
 * The bot's log (log.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "bot/lib/log.h"

void
log_msg(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	fprintf(stderr, "cheaterbot: %s\n", line);
}
