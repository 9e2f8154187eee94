/*
 * The IRC session of one connection, as a pure state machine: how the bot
 * registers (IRCv3 CAP, SASL PLAIN, PASS/NICK/USER, the nick cascade),
 * which nick it has and taking the first configured one back, answering
 * PING, and noticing a server gone silent.
 *
 * Its inputs are a parsed server line (ircline.h) or the passing of time,
 * always with the time, in milliseconds, as an argument; it reads the
 * configuration and nothing else.  Its outputs are actions appended to a
 * struct session_out in the order they must happen: a line to write at
 * once, ahead of the queue; a line for the queue and its priority; a line
 * for the log; "registered as NICK"; "give the connection up, because".
 * It has no socket, reads no clock, knows nothing of libircclient, and
 * never calls the code that feeds it: relay-link.c carries its actions
 * out, and tests/unit/test-irc-session.c reads them.
 *
 * One session is one connection: a reconnect starts a fresh one.
 *
 * Registration: CAP LS 302, then PASS (when configured), NICK and USER,
 * all at once.  CAP: the offer may span several lines (a "*" before the
 * list says more follow); the session asks (CAP REQ) for those of its
 * table of wanted capabilities the server offers, extended-join,
 * account-notify, away-notify and, with a login configured and PLAIN
 * among the sasl mechanisms, sasl; it ends with CAP END on the ACK (after SASL when sasl
 * was granted), on a NAK or a 410, or at once when nothing wanted is
 * offered.  A 421 for CAP, or a 001 before the end, means the server has
 * no CAP.  Every CAP line is the session's, and so is PING.
 *
 * SASL PLAIN (IRCv3 sasl-3.1): AUTHENTICATE PLAIN, then on "AUTHENTICATE
 * +" the payload "account NUL account NUL password" in base64, in lines of
 * SESSION_SASL_CHUNK bytes, with "AUTHENTICATE +" after a last line that
 * was full.  903 or 907 is success; 902, 904, 905, 906, a 421 for
 * AUTHENTICATE or SESSION_SASL_MS without an outcome are failure, after
 * which CAP END and on without the login, or with sasl.on_failure
 * "disconnect" the end of the connection.  Without a SASL login, at 001,
 * IDENTIFY to the configured NickServ goes into the queue as a reply (ahead
 * of the core's JOINs).
 *
 * The nick: on 433, 432 or 437 before 001 the next configured nick, then
 * the first with "_", "2", "3", ... (cut to 9 bytes once the server has
 * refused a long one), and the end of the connection after
 * SESSION_NICK_TRIES.  Registered under another nick than the first
 * configured one, the session asks for that one (NICK) when its holder
 * quits or changes nick, and when an ISON, queued every SESSION_ISON_MS,
 * finds it offline; one request at a time, none after a 432 for it.
 *
 * Liveness, on the time since the last byte received (session_heard()):
 * after conf->ping_ms a PING, after conf->dead_ms the end of the
 * connection.
 *
 * Lines the session answers the server with once registered (PONG, the
 * keepalive PING, NICK for the primary) go at the head of the queue
 * (SESSION_FIRST): they wait for a token, so they never flood.  Before
 * 001 everything is written at once (SESSION_SEND): servers count a
 * client's lines once it is registered.
 *
 * No credential is ever put in a log action (SESSION_LOG, SESSION_WARN,
 * SESSION_DEBUG); the server's own text
 * for a SASL failure is not repeated (a server could echo what it was
 * sent).  The actions that carry a password (PASS, AUTHENTICATE, the
 * IDENTIFY) live in the session_out only: session_out_wipe() clears them.
 */
#ifndef SESSION_H
#define SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "bot/net/ircline.h"

struct conf;

#define SESSION_NICK_MAX 64
#define SESSION_NICK_TRIES 30
#define SESSION_ISON_MS 60000  /* asking whether the primary nick is free */
#define SESSION_SASL_MS 30000  /* for the server to finish SASL */
#define SESSION_SASL_CHUNK 400 /* base64 bytes per AUTHENTICATE */
#define SESSION_ACTS 16        /* the most actions one call appends */
#define SESSION_TEXT_MAX 1024  /* an action's text, log lines included */

/* What the session asks of the code around it. */
enum session_do {
	SESSION_SEND,       /* write text to the server now, ahead of the
	                     * queue */
	SESSION_FIRST,      /* queue text at the head (QUEUE_FIRST) */
	SESSION_REPLY,      /* queue text as QUEUE_REPLY (IDENTIFY: before
	                     * the JOINs, which some channels need) */
	SESSION_HOUSE,      /* queue text as QUEUE_HOUSE (ISON) */
	SESSION_LOG,        /* text is a line for the log, at info */
	SESSION_WARN,       /* ... at warn: something went wrong */
	SESSION_DEBUG,      /* ... at debug: routine, and repeated */
	SESSION_REGISTERED, /* 001: registered as text; tell the core */
	SESSION_DROP        /* end the connection, because text; the last
	                     * action the session ever asks for */
};

struct session_act {
	enum session_do what;
	char text[SESSION_TEXT_MAX]; /* a line without CR LF, or words */
};

/* Actions in order; the caller empties it (session_out_wipe()) after
 * carrying them out.  An empty one is { .n = 0 }. */
struct session_out {
	struct session_act act[SESSION_ACTS];
	int n;
};

enum session_state {
	SESSION_REGISTERING, /* NICK and USER sent, 001 not seen */
	SESSION_READY        /* 001 seen: queued lines may flow */
};

/* Where CAP negotiation is: over at CAP END, or when the server shows it
 * has no CAP (421, or 001 first). */
enum session_cap {
	SESSION_CAP_LS,   /* CAP LS 302 sent, collecting the offer */
	SESSION_CAP_REQ,  /* CAP REQ sent, waiting for ACK or NAK */
	SESSION_CAP_SASL, /* sasl enabled, AUTHENTICATE under way */
	SESSION_CAP_DONE
};

/* All of it is the session's: read it, never write it. */
struct session {
	const struct conf *conf; /* read at every call; never written */
	enum session_state state;
	int over; /* it asked for the end of the connection: it asks for
	           * nothing more */
	enum session_cap cap;
	unsigned int caps_offered; /* bits: indexes into the wanted table */
	unsigned int caps_enabled;
	int sasl_done;          /* logged in by SASL */
	uint64_t sasl_deadline; /* while cap is SESSION_CAP_SASL */
	char nick[SESSION_NICK_MAX + 1]; /* ours, or the one being tried */
	int nick_try;
	int nick_cut;        /* the server refused a long fallback */
	int primary_refused; /* 432 for the primary: stop asking for it */
	int regain_asked;    /* a NICK for the primary is on its way */
	int quitting;        /* QUIT sent: ask for nothing more */
	uint64_t ison_at;    /* when to ask for the primary again */
	uint64_t ready_at;   /* when 001 came */
	uint64_t last_rx;    /* the last byte from the server */
	int pinged;          /* the keepalive PING is out */
};

/* A new session on conf (which must outlive it) for a connection that is
 * up at now: CAP LS 302, PASS, NICK and USER into out. */
void session_start(struct session *s, const struct conf *conf, uint64_t now,
    struct session_out *out);

/* One line from the server.  1 if it is the session's alone (PING, CAP,
 * SASL's numerics, the 410 or 421 that answer a CAP) and must not reach
 * the core; 0 to pass it on (the session may have acted on it too: 001,
 * the nick's numerics, NICK, QUIT, 303). */
int session_line(struct session *s, const struct ircline *m, uint64_t now,
    struct session_out *out);

/* Bytes came from the server at now: the server is alive. */
void session_heard(struct session *s, uint64_t now);

/* When session_tick() must run next, or UINT64_MAX. */
uint64_t session_next(const struct session *s);

/* The passing of time: the keepalive PING or the end of the connection,
 * giving up on SASL, the periodic ISON for the primary nick. */
void session_tick(struct session *s, uint64_t now, struct session_out *out);

/* QUIT has been sent: no more nick requests. */
void session_quit(struct session *s);

/* Clears the text of every action (some hold a password) and empties
 * out. */
void session_out_wipe(struct session_out *out);

#endif
