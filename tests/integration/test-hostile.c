/*
 * Hostile clients at the running bot: a real ngircd, the real bot (the
 * ASan+UBSan build), two channels where the scripted players of
 * tests/lib/driver.c play whole games with legal moves, and HOSTILES raw
 * clients that fire at least LINES generated lines at it meanwhile:
 * lines near and over the 512-byte limit, NUL and CR inside text,
 * invalid UTF-8, colour and control codes, CTCP floods, format strings,
 * SQL quotes and semicolons in arguments, user names and attempted nicks,
 * a command with a thousand arguments, the bot's commands with random
 * arguments, moves typed for the player whose turn it is, and moves out of
 * turn by seated players (moves the model refuses).  Hostile lines go to
 * the driver's channels only while a game runs there (a lobby the noise
 * opened would stop the next deal), else to a channel of their own, where
 * three of them were dealt a game of Cheat before the noise began.
 *
 * The bot talks to ngircd through the tap (tests/lib/tap.h), which checks
 * every line the bot sends (at most 512 bytes with exactly one CR LF, at
 * its end, and no NUL) and injects lines as if from the server: lines
 * ngircd never passes on (over 512 bytes, a NUL inside, a thousand
 * parameters) and a share of the others, from spoofed senders with SQL,
 * format strings and markup in their nicks, user names and hosts.  Then:
 *
 *  - the bot never died, and answers a plain command at the end;
 *  - the driver confirmed every move in its tables' logs as the one its
 *    player typed (any other move fails the test at once), so no hostile
 *    line moved a game;
 *  - every game in the database, the hostiles' own too (at least the one
 *    dealt among them), replays through the rules from its seed with
 *    each logged move legal when made;
 *  - PRAGMA integrity_check is ok, and SIGTERM ends the bot with status
 *    0 (under ASan: no leak).
 *
 * HOSTILE_SEED=S replays the lines and the driver's choices (the seed is
 * printed; timing still varies); HOSTILE_LINES=N sends more or fewer.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fnmatch.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "tests/lib/driver.h"
#include "tests/lib/tap.h"

#define TABLES 2
#define HOSTILES 4
#define LINES 10000
#define BATCH 25     /* hostile lines between two looks at the games */
#define POLL_MS 2
#define RAW_MAX 4096 /* the longest line generated */
#define HOSTILE_CHAN "#hostile"

/* answer and challenge_close are five seconds: a hidden attack's victim
 * must answer within the one, a call on a winning play come within the
 * other, and the noise ahead of the driver's answer (the bot reads every
 * hostile line first) once took longer than 0.1 s in CI, and once longer
 * than 1 s in a loaded `make test`, so the table passed for a victim the
 * driver had answered for (or closed a window the driver had called
 * in).  The driver always answers, so the first only ever ends early;
 * the second costs a few seconds at the end of a game. */
static const char conf_text[] =
    "timers = { challenge_min = 0; challenge_tie = 0;\n"
    "    challenge_close = 5; answer = 5; turn = 600; lobby_start = 0;"
    " };\n"
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n";

struct world {
	struct driver d;
	uint64_t seed;
	struct rng rng;             /* the hostile lines */
	struct client h[HOSTILES];
	struct client judge;        /* asks for !help at the end */
	struct tap tap;
	int want, sent, reconnects, out_of_turn, for_others, injected;
	int rounds;
};

/* The tap: the bot talks to ngircd through it. */

/* Starts the tap in front of ngircd and points the bot at it. */
static void
tap_up(struct world *w)
{
	if (tap_start(&w->tap, w->d.dir, w->d.irc.port) != 0)
		fail_msg("the tap did not start");
	/* The bot driver_open() started talks to ngircd directly: it
	 * starts again behind the tap, before any game. */
	assert_int_equal(driver_bot_stop(&w->d), 0);
	snprintf(w->d.port, sizeof w->d.port, "%d", w->tap.port);
	w->d.also = HOSTILE_CHAN;
	driver_bot_up(&w->d);
}

/* Reads the tap's file once the bot has closed its link. */
static void
tap_done(struct world *w, struct tap_count *c)
{
	long long end = ngircd_now_ms() + 10000;

	do {
		if (tap_read(&w->tap, 1000, c) != 0)
			fail_msg("cannot read the tap's file");
		if (c->client_closed + c->closed > 0)
			return;
		usleep(20000);
	} while (ngircd_now_ms() < end);
	fail_msg("the bot's link to the tap never closed");
}

/* The hostile clients. */

static void
raw_send(struct client *c, const char *p, size_t n)
{
	ssize_t w;

	while (c->fd >= 0 && n > 0) {
		w = send(c->fd, p, n, MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		p += w;
		n -= (size_t)w;
	}
}

/* Registers hostile i, with SQL in its user name and real name when
 * ngircd takes it, and joins every channel. */
static void
hostile_open(struct world *w, int i)
{
	struct client *c = &w->h[i];
	char nick[32], want[64];
	int k;

	snprintf(nick, sizeof nick, "evil%d", i);
	if (client_open(c, w->d.irc.port, nick) != 0)
		fail_msg("%s cannot connect", nick);
	for (k = 0; k < TABLES; k++)
		client_send(c, "JOIN %s", w->d.t[k].chan);
	client_send(c, "JOIN " HOSTILE_CHAN);
	snprintf(want, sizeof want, ":%s!* JOIN *" HOSTILE_CHAN, nick);
	if (client_wait_glob(c, want, 0) == NULL)
		fail_msg("%s cannot join", nick);
}

/* A hostile step in HOSTILE_CHAN, once the bot has answered in it. */
static void
hostile_say(struct world *w, int i, const char *text)
{
	client_skip(&w->h[0]);
	client_send(&w->h[i], "PRIVMSG " HOSTILE_CHAN " :%s", text);
	if (client_wait_glob(&w->h[0], ":cheaterbot!* " HOSTILE_CHAN " :*",
	    0) == NULL)
		fail_msg("evil%d's '%s' had no answer", i, text);
}

/* The bot in HOSTILE_CHAN, as evil0 sees it: in the names at its own
 * join, or joining later.  The bot asks to join all its channels at once,
 * but is in the driver's first (all driver_bot_up() waits for) before it
 * is in this one, and evil0 may come in between; a line said there before
 * the bot is in never reaches it. */
static int
bot_in_hostile(const char *line, const void *arg)
{
	(void)arg;
	return fnmatch(":* 353 * " HOSTILE_CHAN " :*cheaterbot*", line, 0) ==
	    0 || fnmatch(":cheaterbot!* JOIN *" HOSTILE_CHAN, line, 0) == 0;
}

/* A game of Cheat among three hostiles in their channel, dealt before
 * the noise starts: it runs (or is stopped by the noise) under fire. */
static void
hostile_deal(struct world *w)
{
	if (client_wait(&w->h[0], bot_in_hostile, NULL, 20000) == NULL)
		fail_msg("the bot is not in " HOSTILE_CHAN);
	hostile_say(w, 0, "!play cheat");
	hostile_say(w, 1, "!join");
	hostile_say(w, 2, "!join");
	hostile_say(w, 0, "!start");
}

static unsigned
pick(struct world *w, unsigned n)
{
	return (unsigned)rng_below(&w->rng, n);
}

/* Random bytes of one kind into p: printable, high (invalid UTF-8 as
 * often as not), control codes (colours, bold, CTCP's \001, NUL, CR). */
static size_t
junk(struct world *w, char *p, size_t n)
{
	static const char ctl[] = "\001\002\003\017\026\035\037\r\000\t\033";
	size_t i;

	for (i = 0; i < n; i++) {
		switch (pick(w, 8)) {
		case 0:
			p[i] = (char)(0x80 + pick(w, 128));
			break;
		case 1:
			p[i] = ctl[pick(w, sizeof ctl - 1)];
			break;
		case 2:
			p[i] = "%'\";{}\\ "[pick(w, 8)];
			break;
		default:
			p[i] = (char)(0x21 + pick(w, 94));
			break;
		}
	}
	return n;
}

static const char *const words[] = {
	"!play", "!join", "!start", "!leave", "!stop", "!kick", "!status",
	"!hand", "!stats", "!top", "!help", "!rules", "!games", "!set",
	"!reload", "!options", "play", "call", "pass", "draw", "uno",
	"answer", "ask", "flip", "challenge", "set", "colour", "on",
	"cheat", "cheater", "questions", "liarsuno", "cheesedog",
	"%s%s%s%n", "%x%x%p", "%99999999d", "'", "';DROP TABLE games;--",
	"\" OR 1=1 --", "a';SELECT * FROM players;", "{p:0}", "{p:99}",
	"{red:x}", "{{", "}}", "4h", "10♥", "A♠", "K", "as", "2", "-1",
	"2147483648", "99999999999999999999", "t0p0", "t0p1", "t1p2",
	"evil0", "cheaterbot", "\001ACTION", "\003" "4,1red", "\xc3\x28",
	"\xf0\x28\x8c\x28", "\xed\xa0\x80", "\xff\xfe",
};
#define NWORDS (sizeof words / sizeof words[0])

/* A line of words, maybe with junk among them. */
static size_t
wordy(struct world *w, char *p, size_t size, int nwords)
{
	const char *word;
	size_t n = 0, len;
	int i;

	for (i = 0; i < nwords && n + 64 < size; i++) {
		if (pick(w, 6) == 0)
			n += junk(w, p + n, 1 + pick(w, 12));
		else {
			word = words[pick(w, NWORDS)];
			len = strlen(word);
			memcpy(p + n, word, len);
			n += len;
		}
		p[n++] = ' ';
	}
	return n;
}

/* Where a hostile line goes: a driver channel with a game running, the
 * hostiles' channel, or the bot in private. */
static const char *
target(struct world *w)
{
	int k = (int)pick(w, TABLES + 2);

	if (k < TABLES && w->d.t[k].state != DRIVER_OFF)
		return w->d.t[k].chan;
	return k == TABLES ? "cheaterbot" : HOSTILE_CHAN;
}

/* One generated line, CR LF included, into p; its length. */
static size_t
hostile_line(struct world *w, char *p, size_t size)
{
	static const char *const ctcp[] = {
		"VERSION", "PING 1234", "TIME", "ACTION !play cheat",
		"DCC SEND x 0 0 0", "CLIENTINFO", "FINGER", "SOURCE",
	};
	static const char *const other[] = {
		"NICK a';DROP", "NICK ;--", "NICK {p:0}", "PART " HOSTILE_CHAN,
		"JOIN " HOSTILE_CHAN, "TOPIC " HOSTILE_CHAN " :%s%n",
		"NOTICE cheaterbot :!play cheat", "WHO cheaterbot",
		"PRIVMSG cheaterbot", "PRIVMSG", "MODE " HOSTILE_CHAN " +o evil0",
	};
	const char *to = target(w);
	size_t n, i, k;

	n = (size_t)snprintf(p, size, "PRIVMSG %s :", to);
	switch (pick(w, 12)) {
	case 0: /* near and over the limit */
		n += junk(w, p + n, 380 + pick(w, 200));
		break;
	case 1: /* a thousand arguments */
		n += (size_t)snprintf(p + n, size - n, "!play");
		for (i = 0; i < 1000 && n + 8 < size; i++)
			n += (size_t)snprintf(p + n, size - n, " x");
		break;
	case 2: /* a CTCP flood, several in one line */
		k = 1 + pick(w, 8);
		for (i = 0; i < k && n + 40 < size; i++)
			n += (size_t)snprintf(p + n, size - n, "\001%s\001",
			    ctcp[pick(w, 8)]);
		break;
	case 3: /* any other command */
		n = (size_t)snprintf(p, size, "%s", other[pick(w,
		    sizeof other / sizeof other[0])]);
		break;
	case 4: /* NUL and CR inside */
		n += wordy(w, p + n, size - n, 2);
		p[n++] = pick(w, 2) ? '\0' : '\r';
		n += wordy(w, p + n, size - n, 2);
		break;
	default: /* commands, words and junk */
		if (pick(w, 2))
			p[n++] = '!';
		n += wordy(w, p + n, size - n, 1 + (int)pick(w, 8));
		break;
	}
	if (n > size - 2)
		n = size - 2;
	memcpy(p + n, "\r\n", 2);
	return n + 2;
}

/* The words of text, split in place into argv as dispatch splits. */
static int
split(char *s, char **argv, int max)
{
	int argc = 0;

	while (*s != '\0' && argc < max) {
		s += strspn(s, " ");
		if (*s == '\0')
			break;
		argv[argc++] = s;
		s += strcspn(s, " ");
		if (*s != '\0')
			*s++ = '\0';
	}
	return argc;
}

/* A move the player to move at table k would type now, in text; 0, or
 * -1 when there is none (nothing is READY there). */
static int
typed_move(struct world *w, int k, char *text, size_t size)
{
	struct driver_table *t = &w->d.t[k];
	struct game_move mv;

	if (t->state != DRIVER_READY || t->g == NULL ||
	    t->ops->sample(t->g, &w->rng, &mv) != 0 || mv.seat < 0 ||
	    t->ops->command(t->g, &mv, text, size) < 0 ||
	    strchr(text, '{') != NULL)
		return -1;
	return 0;
}

/* A move for someone else: what the player to move at table k would
 * type, sent by a hostile, privately and in the channel. */
static void
move_for_other(struct world *w, struct client *c, int k)
{
	char text[DRIVER_TEXT];

	if (typed_move(w, k, text, sizeof text) != 0)
		return;
	client_send(c, "PRIVMSG cheaterbot :%s", text);
	client_send(c, "PRIVMSG %s :%s", w->d.t[k].chan, text);
	w->for_others++;
}

/* A move out of turn: a seated player types another's move, words the
 * model refuses from its seat now, with nothing on its way at the table
 * (READY), so the bot's game is the model's.  The player then waits until
 * the bot has answered a word sent after it: the table's next move comes
 * from another connection, and could otherwise reach the bot first and
 * make these words legal (a 0 passes the hand that holds the card). */
static void
out_of_turn(struct world *w, int k)
{
	struct driver_table *t = &w->d.t[k];
	char text[DRIVER_TEXT], copy[DRIVER_TEXT], *argv[64], *cause = NULL;
	char sync[32];
	struct game_move back;
	struct client *c;
	int argc, cmd, seat;

	if (typed_move(w, k, text, sizeof text) != 0)
		return;
	seat = (int)pick(w, (unsigned)t->nseats);
	snprintf(copy, sizeof copy, "%s", text);
	argc = split(copy, argv, 64);
	/* Sent in private: the command typed there (Liar's UNO has a play
	 * in the channel and another in private). */
	if (argc == 0 || (cmd = game_cmd_find_where(t->ops, argv[0],
	    GAME_WHERE_PRIVATE)) < 0)
		return;
	if (t->ops->parse(t->g, seat, cmd, argc - 1, argv + 1, &back,
	    &cause) == 0) {
		if (t->ops->check(t->g, &back, NULL) == 0)
			return; /* legal for that seat too */
	} else
		free(cause);
	c = &t->p[t->player[seat]].cl;
	snprintf(sync, sizeof sync, "oursync%d", w->out_of_turn);
	client_send(c, "PRIVMSG cheaterbot :%s", text);
	client_send(c, "PRIVMSG cheaterbot :%s", sync);
	if (client_wait_text(c, sync, 30000) == NULL)
		fail_msg("%s: no answer to '%s' after '%s'", c->nick, sync,
		    text);
	w->out_of_turn++;
}

/* The play. */

static uint64_t
test_seed(void)
{
	return driver_env_seed("HOSTILE_SEED",
	    (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 16));
}

/* Reads what the hostiles got (so ngircd never drops them for a full
 * send queue) and brings back any ngircd closed. */
static void
hostiles_pump(struct world *w)
{
	int i;

	for (i = 0; i < HOSTILES; i++) {
		while (client_pump(&w->h[i], 0) == 0 && w->h[i].inlen > 0)
			;
		if (w->h[i].fd < 0) {
			client_close(&w->h[i]);
			hostile_open(w, i);
			w->reconnects++;
		}
		/* Only the lines matter to ngircd; their log does not. */
		client_skip(&w->h[i]);
	}
}

/* Senders no server of the test's would let a client be: SQL, format
 * strings and markup in nicks, user names and hosts. */
static const char *const spoofs[] = {
	"a';DROP/**/TABLE/**/players;--!~x@h", "%s%n%x!%n@%s%s",
	"\"OR\"1\"=\"1!u@h", "{p:0}!{p:1}@{red:x}", "x!';--@;DROP",
	"\x03" "4red!\x02u@\x1fh", "\xc3\x28!\xff@\xfe", "n!u@h;--",
	"nobody", "a!b", "!@", "x!y@z!w@v",
};

/* Sends line (n bytes, CR LF included), as client form "COMMAND ...",
 * through the tap as if the server brought it from a spoofed sender:
 * lines ngircd would never pass on (over 512 bytes, a NUL inside, SQL in
 * a nick) reach the bot this way. */
static void
inject(struct world *w, const char *line, size_t n)
{
	char buf[RAW_MAX + 128];
	size_t len;

	len = (size_t)snprintf(buf, sizeof buf, ":%s ",
	    spoofs[pick(w, sizeof spoofs / sizeof spoofs[0])]);
	if (n > sizeof buf - len)
		n = sizeof buf - len;
	memcpy(buf + len, line, n);
	/* Whole lines only: one without its LF would swallow the next. */
	memcpy(buf + len + n - 2, "\r\n", 2);
	if (tap_inject(&w->tap, buf, len + n) != 0)
		fail_msg("the tap refused an injection");
	w->injected++;
}

/* A line with a thousand parameters, through the tap. */
static void
inject_params(struct world *w)
{
	char line[RAW_MAX];
	size_t n;
	int i;

	n = (size_t)snprintf(line, sizeof line, "PRIVMSG");
	for (i = 0; i < 1000 && n + 32 < sizeof line; i++)
		n += (size_t)snprintf(line + n, sizeof line - n, " %s",
		    i % 2 ? "cheaterbot" : HOSTILE_CHAN);
	n += (size_t)snprintf(line + n, sizeof line - n, " :!play\r\n");
	inject(w, line, n);
}

/* BATCH hostile lines, now and then a move for another or out of turn. */
static void
fire(struct world *w)
{
	char line[RAW_MAX];
	struct client *c;
	size_t n;
	int i, k;

	for (i = 0; i < BATCH && w->sent < w->want; i++) {
		c = &w->h[pick(w, HOSTILES)];
		k = (int)pick(w, TABLES);
		switch (pick(w, 20)) {
		case 0:
			move_for_other(w, c, k);
			break;
		case 1:
			out_of_turn(w, k);
			break;
		case 2:
			inject_params(w);
			break;
		default:
			n = hostile_line(w, line, sizeof line);
			if (n > 512 || memchr(line, '\0', n) != NULL ||
			    pick(w, 4) == 0)
				inject(w, line, n);
			else
				raw_send(c, line, n);
			break;
		}
		w->sent++;
	}
	hostiles_pump(w);
}

/* A game at each table, played to its end under fire. */
static void
play_round(struct world *w)
{
	struct driver *d = &w->d;
	const struct game_ops *ops;
	int k, v, nv = 0;

	while (game_table[nv] != NULL)
		nv++;
	for (k = 0; k < d->ntables; k++) {
		v = (w->rounds * d->ntables + k) % nv;
		ops = game_table[v];
		driver_deal(d, k, ops, ops->min_seats > 3 ? ops->min_seats : 3);
	}
	while (driver_games_on(d) > 0) {
		/* First, while moves are chosen (READY), not yet on their
		 * way: the moves out of turn need the model to be the
		 * bot's game. */
		fire(w);
		for (k = 0; k < d->ntables; k++)
			driver_send(d, k);
		if (!ngircd_bot_alive(&d->bot))
			fail_msg("the bot died after %d hostile lines", w->sent);
		if (driver_poll(d) > 0)
			driver_pump(d, POLL_MS);
	}
	w->rounds++;
}

static void
replay_step(void *ctx, int n, const struct game_move *mv,
    const struct game *g, const struct driver_said *said)
{
	(void)ctx;
	(void)n;
	(void)mv;
	(void)g;
	(void)said;
}

/* Every game in the database replays with legal moves only. */
static int
replay_all(struct world *w)
{
	char out[8192], *s, *end;
	int n = 0;

	driver_sql(&w->d, "SELECT id FROM games ORDER BY id;", out,
	    sizeof out);
	for (s = out; *s != '\0'; s = end) {
		int64_t id = strtoll(s, &end, 10);

		if (end == s)
			break;
		driver_replay(&w->d, id, replay_step, NULL);
		n++;
	}
	return n;
}

static void
test_hostile(void **state)
{
	struct world *w = *state;
	struct driver_line answer = { NULL, "judge", NULL };
	char hostile_games[64];
	struct tap_count c;
	long long start = ngircd_now_ms();
	const char *s;
	int i, games;

	w->seed = test_seed();
	s = getenv("HOSTILE_LINES");
	w->want = s != NULL && *s != '\0' ? atoi(s) : LINES;
	print_message("HOSTILE_SEED=%llu HOSTILE_LINES=%d\n",
	    (unsigned long long)w->seed, w->want);
	rng_seed(&w->rng, w->seed);
	driver_open(&w->d, TABLES, conf_text, w->seed);
	tap_up(w);
	for (i = 0; i < HOSTILES; i++)
		hostile_open(w, i);
	hostile_deal(w);
	while (w->sent < w->want || w->rounds < 2)
		play_round(w);

	/* Every hostile line has reached the bot: each hostile's last
	 * word comes back refused (private lines go out in order). */
	for (i = 0; i < HOSTILES; i++) {
		char word[32];

		snprintf(word, sizeof word, "hostilesync%d", i);
		client_send(&w->h[i], "PRIVMSG cheaterbot :%s", word);
		if (client_wait_text(&w->h[i], word, 30000) == NULL)
			fail_msg("evil%d's lines never all reached the bot", i);
	}

	/* Still answering: a plain command from a newcomer (the hostiles
	 * may have changed their nicks), after everything else; then a
	 * word injected in its name, after every injected line. */
	if (client_open(&w->judge, w->d.irc.port, "judge") != 0)
		fail_msg("judge cannot connect");
	client_send(&w->judge, "PRIVMSG cheaterbot :!help");
	if (client_wait(&w->judge, driver_is_line, &answer, 30000) == NULL)
		fail_msg("the bot no longer answers !help");
	s = ":judge!~judge@127.0.0.1 PRIVMSG cheaterbot :injectsync\r\n";
	if (tap_inject(&w->tap, s, strlen(s)) != 0 ||
	    client_wait_text(&w->judge, "injectsync", 30000) == NULL)
		fail_msg("the injected lines never all reached the bot");
	driver_check_db(&w->d);
	games = replay_all(w);
	driver_sql(&w->d, "SELECT count(*) FROM games WHERE channel = '"
	    HOSTILE_CHAN "';", hostile_games, sizeof hostile_games);
	assert_int_equal(driver_bot_stop(&w->d), 0);
	tap_done(w, &c);

	print_message("%d hostile lines (%d injected as from the server, %d "
	              "moves for others, %d out of turn, %d reconnects), %d "
	              "driver games, %ld moves, %d games replayed (%ld in "
	              HOSTILE_CHAN ") in %lld ms\n",
	    w->sent, w->injected, w->for_others, w->out_of_turn,
	    w->reconnects, w->d.games, w->d.moves, games,
	    strtol(hostile_games, NULL, 10), ngircd_now_ms() - start);
	print_message("the bot sent %ld lines, the longest %ld bytes with "
	              "CR LF; %ld bad\n", c.lines, c.longest, c.bad);
	if (c.bad != 0)
		fail_msg("the bot sent a bad line: %s", c.first_bad);
	if (c.injected == 0 || strtol(hostile_games, NULL, 10) < 1)
		fail_msg("nothing was injected, or no game was dealt in "
		    HOSTILE_CHAN);
	assert_true(c.lines > w->d.moves);
}

static int
setup(void **state)
{
	struct world *w = calloc(1, sizeof *w);
	int i;

	if (w == NULL)
		return -1;
	for (i = 0; i < HOSTILES; i++)
		w->h[i].fd = -1;
	w->judge.fd = -1;
	*state = w;
	return 0;
}

static int
teardown(void **state)
{
	struct world *w = *state;
	int i;

	for (i = 0; i < HOSTILES; i++)
		client_close(&w->h[i]);
	client_close(&w->judge);
	driver_close(&w->d);
	tap_stop(&w->tap);
	free(w);
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_hostile),
	};

	return cmocka_run_group_tests_name("hostile", tests, setup, teardown);
}
