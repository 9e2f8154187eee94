/*
 * The bot's log: one line on stderr per event, "cheaterbot: " and the
 * message.  A leaf: every layer of the transport logs through it, and it
 * calls none of them, so logging never makes a loop between files.
 */
#ifndef LOG_H
#define LOG_H

/* One line on stderr, "cheaterbot: " and the message (cut to 1 KiB).
 * Never give it a credential. */
void log_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
