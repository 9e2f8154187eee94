/*
 * The libircclient glue: the only code that includes libircclient.h.
 *
 * One glue is one libircclient session for one server connection (a
 * reconnect makes a fresh one).  The session never talks to the real
 * server: its socket is one end of a Unix socket pair whose other end the
 * relay (relay.c) holds; the relay hands it sanitized server lines and
 * throws away its registration.  Every
 * event libircclient parses is forwarded to a sink (the relay's: the core's
 * bot_event()) under its IRC command name and with its parameters as they
 * came, at most IRC_PARAMS_MAX of them; CTCP requests go to the sink as
 * "CTCP" events (the core answers them, bot/ctcp.c), so libircclient's own
 * replies never fire.
 *
 * The bot never sends through libircclient: its lines go straight into the
 * queue.  That sidesteps the library's 1024-byte output buffer and its use
 * of our strings as printf formats.
 */
#ifndef IRC_H
#define IRC_H

#include <stdint.h>
#include <sys/select.h>

struct irc_glue;

/* The most parameters libircclient 1.9 hands a callback: the rest of a
 * longer line is lost (the relay splits 005 lines to fit). */
#define IRC_PARAMS_MAX 10

/* Where the glue sends every event: bot_event()'s shape, with arg first. */
struct irc_sink {
	void (*event)(void *arg, const char *command, const char *origin,
	    const char **params, unsigned int count, uint64_t now);
	void *arg;
};

/* A new session forwarding events to sink (copied), its socket one end of
 * a socket pair: *peer is the other end, non-blocking, the caller's to
 * close.  NULL and *cause (the caller frees it) if libircclient or the
 * system refuses. */
struct irc_glue *irc_glue_new(const struct irc_sink *sink, int *peer,
    char **cause);
/* Destroys the session and closes its socket; NULL does nothing. */
void irc_glue_free(struct irc_glue *g);

/* Adds the session's socket to the sets for select(). */
void irc_glue_add_fds(struct irc_glue *g, fd_set *in, fd_set *out, int *maxfd);

/* Lets libircclient handle what select() reported (now is the monotonic
 * clock in ms, handed on to the core).  0, or -1 when the session is over
 * (the relay then starts a new connection). */
int irc_glue_process(struct irc_glue *g, fd_set *in, fd_set *out, uint64_t now);

#endif
