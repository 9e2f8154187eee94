/*
 * The transport relay: libircclient 1.9 as Debian packages it has defects
 * that can take the bot down (docs/architecture.md, "The relay"), so the
 * bot owns the TCP connection to the real server (with TLS when
 * configured: net-tls.h) and libircclient (irc-glue.c) only ever talks to
 * the relay.  Every byte passes through here:
 *
 *   server -> libircclient: each line sanitized (tags stripped, NUL and CR
 *   removed, cut to 510 bytes + CR LF), parsed by ircline.c and written
 *   again in a form libircclient's parser cannot misread; lines it would
 *   mishandle (DCC, a PRIVMSG without text, ...) are dropped, and an
 *   ISUPPORT (005) line with more parameters than libircclient keeps (10)
 *   is split into several.  PING and every CAP line are the relay's and
 *   never forwarded.
 *
 *   libircclient -> server: its PASS, NICK and USER are dropped, anything
 *   else goes through the outgoing queue.
 *
 *   the bot -> server: the core pushes lines into the queue; they are
 *   written only once the server has said 001, only when the token bucket
 *   allows (queue_peek()), and a partial write keeps the rest.
 *
 * The relay registers by itself, ahead of the queue, so no configured
 * string ever becomes a printf format: CAP LS 302, PASS, NICK, USER; it
 * requests extended-join and account-notify when offered, and sasl with a
 * login configured (SASL PLAIN before CAP END, else IDENTIFY to NickServ
 * after 001), and ends with CAP END (a server without CAP registers as
 * before).  No credential is ever logged.  On 432/433/437
 * before 001 it tries the configured alternates, then suffixed fallbacks.
 * After 001 it calls bot_connected(); registered under another nick than
 * the first configured one, it takes that one back when its holder quits
 * or changes nick, or when a periodic ISON shows it free.
 *
 * A server silent for conf->ping_ms is sent a PING; one silent for
 * conf->dead_ms is given up.  When the connection ends, bot_disconnected()
 * is called if it had been registered, and the relay reconnects after a
 * backoff from conf->reconnect_min_ms doubling to reconnect_max_ms, each
 * wait varied by up to a fifth, each time with a fresh libircclient
 * session.
 */
#ifndef RELAY_H
#define RELAY_H

#include <stdint.h>
#include <sys/select.h>

struct bot;
struct conf;
struct queue;
struct relay;

/* A relay for conf (read again at each connection, so a reloaded
 * configuration applies from the next one), sending from q and reporting
 * to b; all three stay the caller's.  It opens its loopback listener now
 * and connects at the first relay_process().  NULL and *cause on failure. */
struct relay *relay_new(
    const struct conf *conf, struct queue *q, struct bot *b, char **cause);
/* Closes every socket and the libircclient session; NULL does nothing. */
void relay_free(struct relay *r);

/* Adds the relay's sockets and libircclient's to the sets for select(). */
void relay_fds(struct relay *r, fd_set *in, fd_set *out, int *maxfd);

/* When the relay must run again even with no I/O: the next connection
 * attempt, a timeout, the queue's next line; UINT64_MAX for never. */
uint64_t relay_next(struct relay *r, uint64_t now);

/* Handles what select() reported in the sets (which relay_fds() filled),
 * lets libircclient process its socket, then runs the relay's timers:
 * connecting, reconnecting, keepalive. */
void relay_process(struct relay *r, fd_set *in, fd_set *out, uint64_t now);

/* Writes to libircclient and to the server whatever may go now: bytes
 * left by a partial write first, then queued lines as the bucket allows. */
void relay_flush(struct relay *r, uint64_t now);

/* Sends "QUIT :reason" ahead of every queued line and stops sending from
 * the queue.  Nothing happens without a connection. */
void relay_quit(struct relay *r, const char *reason);

/* 1 while bytes wait to be written to the server. */
int relay_pending(const struct relay *r);

#endif
