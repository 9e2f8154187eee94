/*
 * Three scripted players, ngircd and the bot, and the game as its database
 * holds it (netclock.h): dealt again from the stored variant, options,
 * seed and dealer, and every logged move parsed, checked and applied, as
 * the bot itself resumes a game (bot/table-resume.c).  What a move tells
 * is rendered by the bot's own renderer, without colour.
 */
#include <fnmatch.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "netclock.h"
#include "bot/core.h"
#include "bot/buf.h"
#include "bot/render.h"
#include "games/rng.h"
#include "storage/store.h"

#define NETCLOCK_JOIN_MS 10000

const char *const netclock_nicks[NETCLOCK_PLAYERS] = {"alice", "bob", "carol"};

int
netclock_conf(struct netclock *w, const char *conf)
{
	FILE *f;

	if (snprintf(w->conf, sizeof w->conf, "%s/bot.cfg", w->dir) >=
	        (int)sizeof w->conf ||
	    (f = fopen(w->conf, "w")) == NULL)
		return -1;
	fputs(conf, f);
	return fclose(f) == 0 ? 0 : -1;
}

int
netclock_connect(struct netclock *w, int i)
{
	if (client_open(&w->p[i], w->irc.port, netclock_nicks[i]) != 0 ||
	    client_join(&w->p[i], NETCLOCK_CHAN) != 0) {
		fprintf(stderr, "test: %s cannot join\n", netclock_nicks[i]);
		return -1;
	}
	return 0;
}

int
netclock_start(struct netclock *w, const char *conf)
{
	const char *args[] = {"-c", w->conf, "--server", "127.0.0.1", "--port",
	    w->port, "--db", w->db, "--seed", "1", NULL};
	int i;

	memset(w, 0, sizeof *w);
	for (i = 0; i < NETCLOCK_PLAYERS; i++)
		w->p[i].fd = -1;
	if ((w->dir = ngircd_tmpdir()) == NULL || netclock_conf(w, conf) != 0 ||
	    ngircd_start(&w->irc, w->dir, 0) != 0)
		return -1;
	snprintf(w->port, sizeof w->port, "%d", w->irc.port);
	snprintf(w->db, sizeof w->db, "%s/bot.db", w->dir);
	for (i = 0; i < NETCLOCK_PLAYERS; i++) {
		if (netclock_connect(w, i) != 0)
			return -1;
	}
	if (ngircd_bot_start(&w->bot, w->dir, "bot", args) != 0 ||
	    client_wait_glob(&w->p[0], ":cheaterbot!* JOIN *" NETCLOCK_CHAN,
	        NETCLOCK_JOIN_MS) == NULL) {
		fprintf(stderr, "test: the bot did not join\n");
		return -1;
	}
	return 0;
}

void
netclock_stop(struct netclock *w)
{
	int i;

	if (w->bot.pid > 0)
		kill(w->bot.pid, SIGCONT); /* a test may have stopped it */
	ngircd_bot_stop(&w->bot);
	for (i = 0; i < NETCLOCK_PLAYERS; i++)
		client_close(&w->p[i]);
	ngircd_stop(&w->irc);
	store_close(w->store);
	w->store = NULL;
	ngircd_rmdir(w->dir);
	free(w->dir);
	w->dir = NULL;
}

/* The text of an IRC line: what follows " :" after the prefix. */
static const char *
netclock_msg(const char *line)
{
	const char *s = strstr(line + 1, " :");

	return s != NULL ? s + 2 : "";
}

static int
netclock_is_public(const char *line, const void *arg)
{
	(void)arg;
	return fnmatch(":cheaterbot!* PRIVMSG " NETCLOCK_CHAN " :*", line, 0) ==
	       0;
}

/* A line from the bot to nick arg about #cheater, by NOTICE or PRIVMSG. */
static int
netclock_is_private(const char *line, const void *arg)
{
	static const char *const verbs[] = {"NOTICE", "PRIVMSG"};
	char pat[128];
	int i;

	for (i = 0; i < 2; i++) {
		snprintf(pat, sizeof pat,
		    ":cheaterbot!* %s %s :\\[" NETCLOCK_CHAN "] *", verbs[i],
		    (const char *)arg);
		if (fnmatch(pat, line, 0) == 0)
			return 1;
	}
	return 0;
}

int
netclock_public(struct netclock *w, int i, char *out, int timeout_ms)
{
	const char *raw =
	    client_wait(&w->p[i], netclock_is_public, NULL, timeout_ms);

	if (raw == NULL)
		return -1;
	client_strip(netclock_msg(raw), out, NETCLOCK_TEXT);
	return 0;
}

int
netclock_private(struct netclock *w, int i, char *out, int timeout_ms)
{
	const char *raw = client_wait(
	    &w->p[i], netclock_is_private, netclock_nicks[i], timeout_ms);

	if (raw == NULL)
		return -1;
	client_strip(netclock_msg(raw) + strlen("[" NETCLOCK_CHAN "] "), out,
	    NETCLOCK_TEXT);
	return 0;
}

int
netclock_count_private(
    const struct netclock *w, int i, size_t from, const char *text)
{
	const struct client *c = &w->p[i];
	char plain[NETCLOCK_TEXT];
	int n = 0;

	for (; from < c->nlines; from++) {
		client_strip(c->lines[from], plain, sizeof plain);
		n += netclock_is_private(plain, netclock_nicks[i]) &&
		     (text == NULL || strstr(plain, text) != NULL);
	}
	return n;
}

/* Player i says text in #cheater; every player sees the bot answer there
 * with a line containing want. */
static int
netclock_ask(struct netclock *w, int i, const char *text, const char *want)
{
	char got[NETCLOCK_TEXT];
	int j;

	if (client_send(&w->p[i], "PRIVMSG " NETCLOCK_CHAN " :%s", text) != 0)
		return -1;
	for (j = 0; j < NETCLOCK_PLAYERS; j++) {
		if (netclock_public(w, j, got, 0) != 0 ||
		    strstr(got, want) == NULL) {
			fprintf(stderr,
			    "test: %s did not see '%s' answered "
			    "with '%s'\n",
			    netclock_nicks[j], text, want);
			return -1;
		}
	}
	return 0;
}

int
netclock_deal(struct netclock *w)
{
	int64_t *ids = NULL;
	char *cause = NULL;
	int n;

	if (netclock_ask(w, 0, "!play cheat", "alice opens a Cheat lobby") ||
	    netclock_ask(w, 1, "!join", "bob sits in") ||
	    netclock_ask(w, 2, "!join", "carol sits in") ||
	    netclock_ask(w, 0, "!start", "Cheat for 3 players with 1 deck"))
		return -1;
	if (w->store == NULL &&
	    (w->store = store_open_readonly(w->db, &cause)) == NULL) {
		fprintf(stderr, "test: %s\n", cause);
		free(cause);
		return -1;
	}
	n = store_running(w->store, &ids, &cause);
	if (n != 1) {
		fprintf(stderr, "test: %d games running %s\n", n,
		    cause != NULL ? cause : "");
		free(cause);
		free(ids);
		return -1;
	}
	w->game = ids[0];
	free(ids);
	return 0;
}

int
netclock_load(struct netclock *w, struct netclock_game *ng)
{
	char *cause = NULL;

	memset(ng, 0, sizeof *ng);
	if ((ng->sg = store_game_load(w->store, w->game, &cause)) == NULL ||
	    (ng->g = table_replay(ng->sg, &ng->ops, &cause)) == NULL) {
		fprintf(stderr, "test: game %lld cannot be rebuilt: %s\n",
		    (long long)w->game, cause != NULL ? cause : "?");
		free(cause);
		netclock_game_free(ng);
		return -1;
	}
	ng->ops->turn(ng->g, &ng->tu);
	return 0;
}

void
netclock_game_free(struct netclock_game *ng)
{
	if (ng->g != NULL)
		ng->ops->destroy(ng->g);
	store_game_free(ng->sg);
	memset(ng, 0, sizeof *ng);
}

/* Gathers what each audience is told, pieces joined by a space (as the
 * bot joins them); [0] is the channel, [1 + seat] a seat. */
struct netclock_sink {
	struct buf text[1 + NETCLOCK_PLAYERS];
};

static void
netclock_emit(void *ctx, int seat, const char *text)
{
	struct netclock_sink *s = ctx;
	struct buf *b;

	if (seat < GAME_PUBLIC || seat >= NETCLOCK_PLAYERS)
		return;
	b = &s->text[1 + seat];
	if (b->len > 0)
		buf_addc(b, ' ');
	buf_adds(b, text);
}

/* Renders one audience's markup for ng's seats into out, and frees it. */
static void
netclock_render(
    const struct netclock_game *ng, struct buf *markup, char *out, size_t size)
{
	const char *names[GAME_MAX_SEATS];
	struct buf text = BUF_INIT;
	int i;

	for (i = 0; i < ng->sg->nseats; i++)
		names[i] = ng->sg->seats[i].nick;
	render(&text, buf_str(markup), names, ng->sg->nseats, 0);
	snprintf(out, size, "%s", buf_str(&text));
	buf_free(&text);
	buf_free(markup);
}

void
netclock_expect(struct netclock_game *ng, const struct game_move *mv,
    const char *lead, struct netclock_said *said)
{
	struct netclock_sink s;
	struct game_out o = {netclock_emit, &s};
	int i;

	memset(&s, 0, sizeof s);
	if (lead != NULL)
		netclock_emit(&s, GAME_PUBLIC, lead);
	ng->ops->apply(ng->g, mv, &o);
	ng->ops->turn(ng->g, &ng->tu);
	netclock_render(ng, &s.text[0], said->pub, sizeof said->pub);
	for (i = 0; i < NETCLOCK_PLAYERS; i++)
		netclock_render(
		    ng, &s.text[1 + i], said->priv[i], sizeof said->priv[i]);
}

void
netclock_view(const struct netclock_game *ng, int seat, char *out, size_t size)
{
	struct netclock_sink s;
	struct game_out o = {netclock_emit, &s};
	int i;

	memset(&s, 0, sizeof s);
	ng->ops->view(ng->g, seat, &o);
	netclock_render(ng, &s.text[1 + seat], out, size);
	for (i = 0; i < 1 + NETCLOCK_PLAYERS; i++)
		buf_free(&s.text[i]);
}

int
netclock_type(struct netclock *w, const struct netclock_game *ng,
    const struct game_move *mv)
{
	char text[1024];
	int cmd;

	if (mv->seat < 0 || mv->seat >= NETCLOCK_PLAYERS ||
	    (cmd = ng->ops->command(ng->g, mv, text, sizeof text)) < 0)
		return -1;
	if (ng->ops->cmds[cmd].where & GAME_WHERE_PRIVATE)
		return client_send(
		    &w->p[mv->seat], "PRIVMSG cheaterbot :%s", text);
	return client_send(
	    &w->p[mv->seat], "PRIVMSG " NETCLOCK_CHAN " :!%s", text);
}

int
netclock_sql(const struct netclock *w, const char *sql, char *out, size_t size)
{
	char cmd[PATH_MAX + 512];
	size_t n;
	FILE *f;

	if (snprintf(cmd, sizeof cmd, "sqlite3 -readonly '%s' \"%s\"", w->db,
	        sql) >= (int)sizeof cmd ||
	    (f = popen(cmd, "r")) == NULL)
		return -1;
	n = fread(out, 1, size - 1, f);
	out[n] = '\0';
	return pclose(f) == 0 ? 0 : -1;
}

void
netclock_dump(const struct netclock *w)
{
	const struct client *c;
	char line[512];
	size_t k;
	FILE *f;
	int i;

	for (i = 0; i < NETCLOCK_PLAYERS; i++) {
		c = &w->p[i];
		fprintf(stderr, "-- last lines of %s:\n", netclock_nicks[i]);
		for (k = c->nlines > 12 ? c->nlines - 12 : 0; k < c->nlines;
		     k++)
			fprintf(stderr, "   %s\n", c->lines[k]);
	}
	fprintf(stderr, "-- the bot's log:\n");
	if ((f = fopen(w->bot.log, "r")) == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL)
		fprintf(stderr, "   %s", line);
	fclose(f);
}
