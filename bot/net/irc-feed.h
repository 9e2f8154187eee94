/*
 * What libircclient is handed of a server line, worked out without
 * libircclient: which lines it would mishandle, and how the others are
 * written again so that its parser cannot misread them.  Pure: a parsed
 * line in, bytes out.  The glue (irc-glue.h) writes those bytes to
 * libircclient's socket; tests/unit/test-irc-glue.c checks them.
 *
 * libircclient 1.9 as Debian packages it crashes on a NOTICE without text
 * (strlen(NULL)) and on a NICK without a prefix, reads past a PRIVMSG or
 * NOTICE whose text is a single \001 and past a line with no parameter
 * after its command, would act on DCC requests, and hands its callbacks
 * only the first IRC_PARAMS_MAX parameters.
 */
#ifndef IRC_FEED_H
#define IRC_FEED_H

#include "bot/net/ircline.h"
#include "bot/net/outbuf.h"

/* The most parameters libircclient 1.9 hands a callback (measured: a 005
 * line of 14 parameters arrives as its first 10, the 10th a lone token);
 * the rest of a longer line would be lost. */
#define IRC_PARAMS_MAX 10

/* Whether libircclient can take m: not a NOTICE or PRIVMSG without text
 * or with a lone \001 for text, not a DCC request (in any case), not a
 * NICK without prefix or nick, not the numeric 000 (every other numeric,
 * 001 to 999, it takes). */
int irc_feed_digestible(const struct ircline *m);

/* Appends to o what libircclient gets for m, each line with CR LF:
 * nothing when it cannot digest m; else m written again from its parsed
 * form with a space after the command when it has no parameter, at most
 * IRC_PARAMS_MAX parameters: an ISUPPORT (005) line with more becomes
 * several, each with the nick, up to 8 tokens and the closing text, so no
 * token is lost; any other line keeps its first IRC_PARAMS_MAX.  m is
 * left as it came. */
void irc_feed(struct ircline *m, struct outbuf *o);

#endif
