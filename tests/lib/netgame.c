/*
 * A Cheat table over real sockets (netgame.h): the world's setup and
 * teardown, players who register with a user name of their own, waits
 * for the bot's lines from a given line on, and the running game rebuilt
 * from the database to script the players' moves.
 */
#include <fnmatch.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <cmocka.h>

#include "tests/lib/netgame.h"
#include "bot/core.h"

#define NETGAME_TEXT 2048
#define NETGAME_BOT_MS 10000 /* the bot starting and joining */

/* What a wait looks for. */
struct netgame_want {
	const char *nick; /* a private line to nick; NULL: a channel line */
	const char *text; /* contained in the line's text, or NULL */
	const char *alt;  /* or this, when not NULL */
};

/* The text of an IRC line: what follows " :" after the prefix. */
static const char *
netgame_text(const char *line)
{
	const char *s = strstr(line + 1, " :");

	return s != NULL ? s + 2 : "";
}

/* Whether line (colours stripped) is from the bot and what want is. */
static int
netgame_match(const char *line, const struct netgame_want *want)
{
	char notice[128], privmsg[128];

	snprintf(notice, sizeof notice, ":cheaterbot!* NOTICE %s :*",
	    want->nick != NULL ? want->nick : NETGAME_CHAN);
	snprintf(privmsg, sizeof privmsg, ":cheaterbot!* PRIVMSG %s :*",
	    want->nick != NULL ? want->nick : NETGAME_CHAN);
	if (fnmatch(privmsg, line, 0) != 0 &&
	    (want->nick == NULL || fnmatch(notice, line, 0) != 0))
		return 0;
	line = netgame_text(line);
	return want->text == NULL || strstr(line, want->text) != NULL ||
	       (want->alt != NULL && strstr(line, want->alt) != NULL);
}

void
netgame_dump(const struct netgame *ng)
{
	const struct client *c;
	size_t k;
	int i;

	for (i = 0; i < NETGAME_CLIENTS; i++) {
		c = &ng->cl[i];
		if (c->nlines == 0)
			continue;
		fprintf(
		    stderr, "-- last lines of client %d (%s):\n", i, c->nick);
		for (k = c->nlines > 10 ? c->nlines - 10 : 0; k < c->nlines;
		     k++)
			fprintf(stderr, "   %s\n", c->lines[k]);
	}
}

/* Waits for an untaken line of client i from index from on that matches
 * want; takes it and returns its text, stripped, or fails the test. */
static const char *
netgame_wait(struct netgame *ng, int i, size_t from,
    const struct netgame_want *want, int timeout_ms)
{
	static char plain[NETGAME_TEXT];
	struct client *c = &ng->cl[i];
	long long end;
	size_t k;

	if (timeout_ms <= 0)
		timeout_ms = CLIENT_TIMEOUT_MS;
	end = ngircd_now_ms() + timeout_ms;
	for (k = from;;) {
		for (; k < c->nlines; k++) {
			client_strip(c->lines[k], plain, sizeof plain);
			if (!c->taken[k] && netgame_match(plain, want)) {
				c->taken[k] = 1;
				return netgame_text(plain);
			}
		}
		if (ngircd_now_ms() >= end ||
		    client_pump(c, (int)(end - ngircd_now_ms())) != 0)
			break;
	}
	netgame_dump(ng);
	fail_msg("%s waited in vain for %s line with '%s'", c->nick,
	    want->nick == NULL ? "a channel" : "a private",
	    want->text != NULL ? want->text : "");
	return NULL;
}

const char *
netgame_chan(
    struct netgame *ng, int i, size_t from, const char *text, int timeout_ms)
{
	struct netgame_want want = {NULL, text, NULL};

	return netgame_wait(ng, i, from, &want, timeout_ms);
}

const char *
netgame_private(
    struct netgame *ng, int i, size_t from, const char *text, int timeout_ms)
{
	struct netgame_want want = {ng->cl[i].nick, text, NULL};

	return netgame_wait(ng, i, from, &want, timeout_ms);
}

int
netgame_count_private(
    struct netgame *ng, int i, size_t from, const char *nick, const char *text)
{
	struct netgame_want want = {nick, text, NULL};
	char plain[NETGAME_TEXT];
	const struct client *c = &ng->cl[i];
	size_t k;
	int n = 0;

	for (k = from; k < c->nlines; k++) {
		client_strip(c->lines[k], plain, sizeof plain);
		n += netgame_match(plain, &want);
	}
	return n;
}

void
netgame_barrier(struct netgame *ng, int i)
{
	static int serial;
	char word[32];
	size_t from = ng->cl[i].nlines;

	snprintf(word, sizeof word, "barrier%d", ++serial);
	netgame_send(ng, i, "PRIVMSG cheaterbot :%s", word);
	netgame_private(ng, i, from, word, 0);
}

/* Clients. */

void
netgame_send(struct netgame *ng, int i, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (client_send(&ng->cl[i], "%s", line) != 0)
		fail_msg(
		    "client %d (%s) cannot send '%s'", i, ng->cl[i].nick, line);
}

void
netgame_connect(
    struct netgame *ng, int i, const char *nick, const char *user, int join)
{
	struct client *c = &ng->cl[i];
	struct sockaddr_in sin;
	char want[128];

	assert_true(i >= 0 && i < NETGAME_CLIENTS && c->fd < 0);
	client_close(c);
	memset(c, 0, sizeof *c);
	snprintf(c->nick, sizeof c->nick, "%s", nick);
	c->fd = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(c->fd >= 0);
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons((unsigned short)ng->irc.port);
	assert_int_equal(
	    connect(c->fd, (struct sockaddr *)&sin, sizeof sin), 0);
	netgame_send(ng, i, "NICK %s", nick);
	netgame_send(ng, i, "USER %s 0 * :test player %s", user, nick);
	snprintf(want, sizeof want, "* 001 %s *", nick);
	if (client_wait_glob(c, want, 0) == NULL)
		fail_msg("%s could not register", nick);
	if (join)
		netgame_join(ng, i);
}

void
netgame_join(struct netgame *ng, int i)
{
	if (client_join(&ng->cl[i], NETGAME_CHAN) != 0)
		fail_msg("%s could not join " NETGAME_CHAN, ng->cl[i].nick);
}

void
netgame_nick(struct netgame *ng, int i, const char *nick)
{
	struct client *c = &ng->cl[i];
	char want[160];

	netgame_send(ng, i, "NICK %s", nick);
	snprintf(want, sizeof want, ":%s!* NICK *%s", c->nick, nick);
	if (client_wait_glob(c, want, 0) == NULL)
		fail_msg("%s could not become %s", c->nick, nick);
	snprintf(c->nick, sizeof c->nick, "%s", nick);
}

const char *
netgame_userhost(struct netgame *ng, int i, char *buf, size_t size)
{
	const struct client *c = &ng->cl[i];
	char want[160];
	const char *bang, *end;
	size_t k;

	snprintf(want, sizeof want, ":%s!* JOIN *", c->nick);
	for (k = c->nlines; k-- > 0;) {
		if (fnmatch(want, c->lines[k], 0) != 0)
			continue;
		bang = strchr(c->lines[k], '!');
		end = strchr(bang, ' ');
		snprintf(buf, size, "%.*s", (int)(end - bang - 1), bang + 1);
		return buf;
	}
	fail_msg("%s never joined", c->nick);
	return NULL;
}

/* The world. */

struct netgame *
netgame_new(const char *conf)
{
	struct netgame *ng = calloc(1, sizeof *ng);
	char path[PATH_MAX];
	FILE *f;
	int i;

	assert_non_null(ng);
	for (i = 0; i < NETGAME_CLIENTS; i++)
		ng->cl[i].fd = -1;
	for (i = 0; i < GAME_MAX_SEATS; i++)
		ng->seat[i] = i;
	ng->dir = ngircd_tmpdir();
	if (ng->dir == NULL) {
		free(ng);
		fail_msg("no temporary directory");
	}
	snprintf(path, sizeof path, "%s/bot.cfg", ng->dir);
	snprintf(ng->db, sizeof ng->db, "%s/bot.db", ng->dir);
	if ((f = fopen(path, "w")) == NULL || fputs(conf, f) < 0 ||
	    fclose(f) != 0 || ngircd_start(&ng->irc, ng->dir, 0) != 0) {
		netgame_free(ng);
		fail_msg("cannot start ngircd");
	}
	snprintf(ng->port, sizeof ng->port, "%d", ng->irc.port);
	return ng;
}

void
netgame_bot(struct netgame *ng, int watcher)
{
	char conf[PATH_MAX];
	const char *args[] = {"-c", conf, "--server", "127.0.0.1", "--port",
	    ng->port, "--channel", NETGAME_CHAN, "--db", ng->db, "--seed", "1",
	    NULL};

	snprintf(conf, sizeof conf, "%s/bot.cfg", ng->dir);
	assert_int_equal(ngircd_bot_start(&ng->bot, ng->dir, "bot", args), 0);
	if (client_wait_glob(&ng->cl[watcher],
	        ":cheaterbot!* JOIN *" NETGAME_CHAN, NETGAME_BOT_MS) == NULL)
		fail_msg("the bot did not join; see %s", ng->bot.log);
}

void
netgame_free(struct netgame *ng)
{
	int i;

	if (ng == NULL)
		return;
	ngircd_bot_stop(&ng->bot);
	for (i = 0; i < NETGAME_CLIENTS; i++)
		client_close(&ng->cl[i]);
	ngircd_stop(&ng->irc);
	ngircd_rmdir(ng->dir);
	free(ng->dir);
	free(ng);
}

void
netgame_deal3(struct netgame *ng)
{
	static const char *const nicks[] = {"alice", "bob", "carol"};
	size_t from[3];
	int i;

	for (i = 0; i < 3; i++)
		netgame_connect(ng, i, nicks[i], nicks[i], 1);
	netgame_bot(ng, 0);
	netgame_send(ng, 0, "PRIVMSG " NETGAME_CHAN " :!play cheat");
	netgame_chan(ng, 0, 0, "alice opens a Cheat lobby", 0);
	netgame_send(ng, 1, "PRIVMSG " NETGAME_CHAN " :!join");
	netgame_chan(ng, 0, 0, "bob sits in", 0);
	netgame_send(ng, 2, "PRIVMSG " NETGAME_CHAN " :!join");
	netgame_chan(ng, 0, 0, "carol sits in", 0);
	for (i = 0; i < 3; i++)
		from[i] = ng->cl[i].nlines;
	netgame_send(ng, 0, "PRIVMSG " NETGAME_CHAN " :!start");
	for (i = 0; i < 3; i++) {
		netgame_chan(ng, i, from[i], "Cheat for 3 players", 0);
		/* The opener's hand comes with its prompt ("Your turn:
		 * ... Your hand (18): ..."). */
		netgame_private(ng, i, from[i], "Your hand (", 0);
	}
}

/* The database. */

/* The only running game's id. */
static long long
netgame_running(struct store *s)
{
	int64_t *ids = NULL;
	char *cause = NULL;
	long long id;
	int n;

	if ((n = store_running(s, &ids, &cause)) < 0)
		fail_msg("store_running: %s", cause);
	if (n != 1) {
		free(ids);
		fail_msg("%d games running, not 1", n);
	}
	id = (long long)ids[0];
	free(ids);
	return id;
}

/* The rules of sg, with its options, dealt again and its log replayed. */
static void
netgame_replay(struct netgame_game *gm)
{
	char *cause = NULL;

	if ((gm->g = table_replay(gm->sg, &gm->ops, &cause)) == NULL)
		fail_msg("game %lld cannot be rebuilt: %s",
		    (long long)gm->sg->id, cause);
	gm->ops->turn(gm->g, &gm->turn);
}

void
netgame_load(struct netgame *ng, long long id, struct netgame_game *gm)
{
	char uri[PATH_MAX + 16], *cause = NULL;
	struct store *s;

	memset(gm, 0, sizeof *gm);
	snprintf(uri, sizeof uri, "file:%s?mode=ro", ng->db);
	if ((s = store_open_readonly(uri, &cause)) == NULL)
		fail_msg("%s: %s", ng->db, cause);
	if (id == 0)
		id = netgame_running(s);
	gm->sg = store_game_load(s, id, &cause);
	store_close(s);
	if (gm->sg == NULL)
		fail_msg("game %lld: %s", id, cause);
	netgame_replay(gm);
}

void
netgame_game_free(struct netgame_game *gm)
{
	if (gm->g != NULL)
		gm->ops->destroy(gm->g);
	store_game_free(gm->sg);
	memset(gm, 0, sizeof *gm);
}

int
netgame_default(
    const struct netgame_game *gm, char *buf, size_t size, int *private)
{
	struct game_move mv;
	int cmd;

	if (gm->turn.over || gm->turn.seat < 0)
		return -1;
	gm->ops->timeout(gm->g, &mv);
	assert_int_equal(mv.seat, gm->turn.seat);
	cmd = gm->ops->command(gm->g, &mv, buf, size);
	assert_true(cmd >= 0);
	*private = (gm->ops->cmds[cmd].where & GAME_WHERE_PRIVATE) != 0;
	return mv.seat;
}

/* The emit callback for netgame_hand(): keeps seat's text. */
static void
netgame_keep(void *ctx, int seat, const char *text)
{
	char *out = ctx;
	size_t len = strlen(out);

	(void)seat;
	snprintf(
	    out + len, NETGAME_TEXT - len, "%s%s", len > 0 ? " " : "", text);
}

/* Copies markup text into out without its markup ({red:4♥} is 4♥). */
static void
netgame_unmark(const char *s, char *out, size_t size)
{
	size_t n = 0;
	int inside = 0;

	for (; *s != '\0' && n + 1 < size; s++) {
		if (s[0] == '{' && s[1] != '{') {
			s += strcspn(s, ":");
			inside = 1;
			if (*s == '\0')
				break;
			continue;
		}
		if (s[0] == '}' && inside) {
			inside = 0;
			continue;
		}
		if ((s[0] == '{' || s[0] == '}') && s[1] == s[0])
			s++;
		out[n++] = *s;
	}
	out[n] = '\0';
}

void
netgame_hand(struct netgame *ng, int i, size_t from, int seat)
{
	char view[NETGAME_TEXT] = "", want[NETGAME_TEXT];
	struct game_out out = {netgame_keep, view};
	struct netgame_game gm;
	const char *got;

	/* The line the view makes now: the hand, or for the seat to play
	 * its prompt with the hand.  A prompt of an earlier turn may come
	 * first, so the line is waited for by its whole text. */
	netgame_load(ng, 0, &gm);
	gm.ops->view(gm.g, seat, &out);
	netgame_game_free(&gm);
	snprintf(want, sizeof want, "[" NETGAME_CHAN "] ");
	netgame_unmark(view, want + strlen(want), sizeof want - strlen(want));
	got = netgame_private(ng, i, from, want, 0);
	if (strcmp(got, want) != 0) {
		netgame_dump(ng);
		fail_msg("%s got '%s', not '%s'", ng->cl[i].nick, got, want);
	}
}

int
netgame_play(struct netgame *ng, int watcher)
{
	struct netgame_game gm;
	struct netgame_want want = {NULL, NULL, NULL};
	char typed[1024], opens[96], plays[96];
	int seat, private, nmoves, who;
	size_t from = ng->cl[watcher].nlines;

	netgame_load(ng, 0, &gm);
	nmoves = gm.sg->nmoves;
	seat = netgame_default(&gm, typed, sizeof typed, &private);
	netgame_game_free(&gm);
	if (seat < 0)
		fail_msg("nobody has the turn after %d moves", nmoves);
	who = ng->seat[seat];
	netgame_send(ng, who, "PRIVMSG %s :%s",
	    private ? "cheaterbot" : NETGAME_CHAN, typed);
	snprintf(opens, sizeof opens, "%s opens with ", ng->cl[who].nick);
	snprintf(plays, sizeof plays, "%s plays ", ng->cl[who].nick);
	want.text = opens;
	want.alt = plays;
	snprintf(ng->said, sizeof ng->said, "%s",
	    netgame_wait(ng, watcher, from, &want, 0));
	netgame_load(ng, 0, &gm);
	assert_int_equal(gm.sg->nmoves, nmoves + 1);
	assert_int_equal(gm.sg->moves[nmoves].seat, seat);
	netgame_game_free(&gm);
	return seat;
}

void
netgame_sql(struct netgame *ng, const char *sql, char *out, size_t size)
{
	char cmd[PATH_MAX + 512];
	size_t n;
	FILE *f;

	snprintf(cmd, sizeof cmd, "sqlite3 -readonly '%s' \"%s\"", ng->db, sql);
	f = popen(cmd, "r");
	assert_non_null(f);
	n = fread(out, 1, size - 1, f);
	out[n] = '\0';
	assert_int_equal(pclose(f), 0);
}

void
netgame_check_db(struct netgame *ng)
{
	char uri[PATH_MAX + 16], *cause = NULL;
	struct store *s;
	int rc;

	snprintf(uri, sizeof uri, "file:%s?mode=ro", ng->db);
	if ((s = store_open_readonly(uri, &cause)) == NULL)
		fail_msg("%s: %s", ng->db, cause);
	rc = store_check(s, &cause);
	store_close(s);
	if (rc != 0)
		fail_msg("integrity: %s", cause);
}
