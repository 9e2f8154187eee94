/*
 * The scripted-table harness (driver.h), its processes and players: ngircd,
 * the bot and the clients started and stopped, waits for the bot's lines,
 * failures that show what the bot last said, and the checks against the
 * database.  Tracked games are in driver-game.c, games step by step in
 * driver-step.c.
 */
#define _GNU_SOURCE 1
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <fnmatch.h>
#include <poll.h>
#include <signal.h>
#include <libintl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/replay.h"
#include "bot/lib/buf.h"
#include "bot/lib/queue.h"
#include "config/questions.h"
#include "storage/store.h"
#include "storage/target.h"
#include "tests/lib/driver-int.h"
#include "tests/lib/driver.h"

/* Failures. */

void
driver_dump(const struct driver *d)
{
	const struct client *c;
	char cmd[PATH_MAX + 32];
	size_t n;
	int k, i;

	for (k = 0; k < d->ntables; k++)
		for (i = 0; i < DRIVER_POOL_MAX; i++) {
			c = &d->t[k].p[i].cl;
			if (c->nlines == 0)
				continue;
			fprintf(stderr, "-- last lines of %s in %s:\n",
			    d->t[k].p[i].nick, d->t[k].chan);
			for (n = c->nlines > 8 ? c->nlines - 8 : 0;
			     n < c->nlines; n++)
				fprintf(stderr, "   %s\n", c->lines[n]);
		}
	if (d->bot.log[0] == '\0')
		return;
	fprintf(stderr, "-- the bot's log (%s):\n", d->bot.log);
	snprintf(cmd, sizeof cmd, "tail -n 30 '%s' >&2", d->bot.log);
	if (system(cmd) != 0)
		fprintf(stderr, "   (cannot read it)\n");
}

int
driver_limit(const struct driver *d, int ms)
{
	return d->slack > 1 ? ms * d->slack : ms;
}

void
driver_fail(const struct driver *d, const char *fmt, ...)
{
	char msg[2 * DRIVER_TEXT];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	driver_dump(d);
	fail_msg("%s", msg);
	abort(); /* fail_msg does not return */
}

/* Processes and players. */

void
driver_write_conf(struct driver *d, const char *text)
{
	FILE *f;

	snprintf(d->conf, sizeof d->conf, "%s/bot.cfg", d->dir);
	f = fopen(d->conf, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

void
driver_open(struct driver *d, int ntables, const char *conf_text, uint64_t seed)
{
	char *dir = ngircd_tmpdir();

	assert_non_null(dir);
	d->dir = dir;
	if (ngircd_start(&d->irc, d->dir, 0) != 0) {
		ngircd_rmdir(dir);
		free(dir);
		d->dir = NULL;
		fail_msg("ngircd did not start");
	}
	driver_open_at(d, ntables, d->irc.port, d->irc.port, conf_text, seed);
}

/* Player i of t starts registering on port, with the nick and user name
 * it was given. */
static void
driver_register(struct driver *d, struct driver_table *t, int i, int port)
{
	struct driver_player *p = &t->p[i];

	if (client_start_user(&p->cl, port, p->nick,
	    p->user[0] != '\0' ? p->user : p->nick) != 0)
		driver_fail(d, "%s cannot connect", p->nick);
}

void
driver_open_at(struct driver *d, int ntables, int players_port, int bot_port,
    const char *conf_text, uint64_t seed)
{
	struct driver_table *t;
	int k, i;

	assert_in_range(ntables, 1, DRIVER_TABLES);
	if (d->pool == 0)
		d->pool = DRIVER_POOL;
	assert_in_range(d->pool, 1, DRIVER_POOL_MAX);
	for (k = 0; k < DRIVER_TABLES; k++)
		for (i = 0; i < DRIVER_POOL_MAX; i++)
			d->t[k].p[i].cl.fd = -1;
	d->ntables = ntables;
	rng_seed(&d->rng, seed);
	/* The bot reads its default question file; so do the models. */
	d->questions = questions_load("config/questions.txt", NULL);
	assert_non_null(d->questions);
	driver_write_conf(d, conf_text);
	snprintf(d->port, sizeof d->port, "%d", bot_port);
	snprintf(d->db, sizeof d->db, "%s/bot.db", d->dir);
	/* Every player registers at once (InspIRCd takes a second over
	 * each), then each joins: p[0] first, the channel's operator. */
	for (k = 0; k < ntables; k++) {
		t = &d->t[k];
		if (t->chan[0] == '\0')
			snprintf(t->chan, sizeof t->chan, "#drv%d", k);
		for (i = 0; i < d->pool; i++) {
			if (t->p[i].nick[0] == '\0')
				snprintf(t->p[i].nick, sizeof t->p[i].nick,
				    "t%dp%d", k, i);
			driver_register(d, t, i, players_port);
		}
	}
	for (k = 0; k < ntables; k++) {
		t = &d->t[k];
		for (i = 0; i < d->pool; i++) {
			if (client_welcomed(&t->p[i].cl) != 0)
				driver_fail(d, "%s could not register",
				    t->p[i].nick);
			driver_join(d, k, i);
		}
	}
	if (!d->no_bot)
		driver_bot_up(d);
}

void
driver_name(struct driver *d, int k, const char *chan,
    const char *const *nicks, int n)
{
	struct driver_table *t = &d->t[k];
	int i;

	assert_in_range(n, 1, DRIVER_POOL_MAX);
	d->pool = n;
	snprintf(t->chan, sizeof t->chan, "%s", chan);
	for (i = 0; i < n; i++)
		snprintf(t->p[i].nick, sizeof t->p[i].nick, "%s", nicks[i]);
}

void
driver_close(struct driver *d)
{
	int k, i;

	if (d->ntables == 0)
		return;
	if (d->bot.pid > 0) {
		kill(d->bot.pid, SIGCONT); /* a test may have stopped it */
		ngircd_bot_stop(&d->bot);
	}
	for (k = 0; k < DRIVER_TABLES; k++) {
		if (d->t[k].g != NULL)
			d->t[k].ops->destroy(d->t[k].g);
		d->t[k].g = NULL;
		for (i = 0; i < DRIVER_POOL_MAX; i++)
			client_close(&d->t[k].p[i].cl);
	}
	store_close(d->store);
	d->store = NULL;
	questions_free(d->questions);
	d->questions = NULL;
	if (d->irc.pid > 0)
		ngircd_stop(&d->irc);
	ngircd_rmdir(d->dir);
	free(d->dir);
	d->dir = NULL;
}

int
driver_teardown(void **state)
{
	if (*state != NULL)	/* a test may have closed its own */
		driver_close(*state);
	free(*state);
	*state = NULL;
	return 0;
}

void
driver_bot_spawn(struct driver *d, struct ngircd_bot *b, const char *name)
{
	const char *args[20 + DRIVER_TABLES * 2];
	int n = 0, k;

	args[n++] = "-c";
	args[n++] = d->conf;
	args[n++] = "--server";
	args[n++] = "127.0.0.1";
	args[n++] = "--port";
	args[n++] = d->port;
	args[n++] = "--db";
	args[n++] = d->db;
	snprintf(d->seed, sizeof d->seed, "%llu",
	    (unsigned long long)(d->bot_seed != 0 ? d->bot_seed :
	    rng_next(&d->rng)));
	args[n++] = "--seed";
	args[n++] = d->seed;
	for (k = 0; k < d->ntables && !d->conf_channels; k++) {
		args[n++] = "--channel";
		args[n++] = d->t[k].chan;
	}
	if (d->also != NULL) {
		args[n++] = "--channel";
		args[n++] = d->also;
	}
	for (k = 0; k < 4 && d->flags[k] != NULL; k++)
		args[n++] = d->flags[k];
	args[n] = NULL;
	if (ngircd_bot_start(b, d->dir, name, args) != 0)
		driver_fail(d, "cannot start the bot %s", name);
}

/* Opens d->store on the bot's database, read-only: the SQLite file, or
 * the PostgreSQL database on a connection named apart from the bot's. */
static void
driver_store_open(struct driver *d)
{
	char uri[PATH_MAX + 64], *cause = NULL;

	if (store_target_is_pgsql(d->db)) {
		snprintf(uri, sizeof uri, "%s%capplication_name="
		    "cheaterbot-driver", d->db,
		    strchr(d->db, '?') != NULL ? '&' : '?');
		d->store = store_open_readonly(uri, &cause);
	} else {
		snprintf(uri, sizeof uri, "file:%s?mode=ro", d->db);
		d->store = store_open(uri, &cause);
	}
	if (d->store == NULL)
		driver_fail(d, "cannot read the database: %s", cause);
	store_set_network(d->store, d->network != NULL ? d->network : "");
}

void
driver_bot_up(struct driver *d)
{
	char want[128];
	int k;

	driver_bot_spawn(d, &d->bot, "bot");
	for (k = 0; k < d->ntables; k++) {
		snprintf(want, sizeof want, ":" DRIVER_BOT_NICK "!* JOIN *%s",
		    d->t[k].chan);
		if (client_wait_glob(&d->t[k].p[0].cl, want,
		    driver_limit(d, DRIVER_JOIN_MS)) == NULL)
			driver_fail(d, "the bot did not join %s", d->t[k].chan);
	}
	/* The bot has made the file (or the schema) by now. */
	if (d->store == NULL)
		driver_store_open(d);
}

int
driver_bot_stop(struct driver *d)
{
	return ngircd_bot_stop(&d->bot);
}

void
driver_bot_exits(struct driver *d, int k, int i)
{
	int rc = driver_bot_stop(d);

	if (rc != 0)
		driver_fail(d, "the bot exited with status %d", rc);
	if (client_wait_glob(&d->t[k].p[i].cl, ":" DRIVER_BOT_NICK
	    "!* QUIT *stopped by the operator*", 0) == NULL)
		driver_fail(d, "%s never saw the bot say goodbye",
		    d->t[k].p[i].nick);
}

void
driver_connect(struct driver *d, int k, int i, const char *nick,
    const char *user, int join)
{
	struct driver_table *t = &d->t[k];
	struct driver_player *p = &t->p[i];

	assert_in_range(i, 0, DRIVER_POOL_MAX - 1);
	client_close(&p->cl);
	if (nick != NULL)
		snprintf(p->nick, sizeof p->nick, "%s", nick);
	if (user != NULL)
		snprintf(p->user, sizeof p->user, "%s", user);
	driver_register(d, t, i, d->irc.port);
	if (client_welcomed(&p->cl) != 0)
		driver_fail(d, "%s could not register", p->nick);
	if (join)
		driver_join(d, k, i);
}

void
driver_raw(struct driver *d, int k, int i, const char *fmt, ...)
{
	struct client *c = &d->t[k].p[i].cl;
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (client_send(c, "%s", line) != 0)
		driver_fail(d, "%s cannot send '%s'", c->nick, line);
}

void
driver_join(struct driver *d, int k, int i)
{
	struct client *c = &d->t[k].p[i].cl;

	if (client_join(c, d->t[k].chan) != 0)
		driver_fail(d, "%s could not join %s", c->nick, d->t[k].chan);
}

void
driver_nick(struct driver *d, int k, int i, const char *nick)
{
	struct driver_player *p = &d->t[k].p[i];
	char want[160];

	driver_raw(d, k, i, "NICK %s", nick);
	snprintf(want, sizeof want, ":%s!* NICK *%s", p->cl.nick, nick);
	if (client_wait_glob(&p->cl, want, 0) == NULL)
		driver_fail(d, "%s could not become %s", p->cl.nick, nick);
	snprintf(p->cl.nick, sizeof p->cl.nick, "%s", nick);
	snprintf(p->nick, sizeof p->nick, "%s", nick);
}

const char *
driver_userhost(struct driver *d, int k, int i, char *buf, size_t size)
{
	const struct client *c = &d->t[k].p[i].cl;
	char want[160];
	const char *bang, *end;
	size_t n;

	snprintf(want, sizeof want, ":%s!* JOIN *", c->nick);
	for (n = c->nlines; n-- > 0;) {
		if (fnmatch(want, c->lines[n], 0) != 0)
			continue;
		bang = strchr(c->lines[n], '!');
		end = strchr(bang, ' ');
		snprintf(buf, size, "%.*s", (int)(end - bang - 1), bang + 1);
		return buf;
	}
	driver_fail(d, "%s never joined", c->nick);
}

void
driver_pump(struct driver *d, int ms)
{
	struct client *c;
	int k, i;

	if (ms > 0)
		poll(NULL, 0, ms);
	for (k = 0; k < d->ntables; k++)
		for (i = 0; i < DRIVER_POOL_MAX; i++) {
			c = &d->t[k].p[i].cl;
			while (c->fd >= 0 && client_pump(c, 0) == 0 &&
			       c->inlen > 0)
				;
		}
}

struct store_game *
driver_load(struct driver *d, int k)
{
	struct store_game *sg;
	char *cause = NULL;

	sg = store_game_load(d->store, d->t[k].id, &cause);
	if (sg == NULL)
		driver_fail(d, "game %lld: %s", (long long)d->t[k].id, cause);
	return sg;
}

/* Lines. */

const char *
driver_msg(const char *line)
{
	const char *s = strstr(line + 1, " :");

	return s != NULL ? s + 2 : "";
}

int
driver_is_line(const char *line, const void *arg)
{
	const struct driver_line *m = arg;
	char pat[256];

	if (m->nick == NULL)
		snprintf(pat, sizeof pat,
		    ":" DRIVER_BOT_NICK "!* PRIVMSG %s :*", m->chan);
	else if (m->chan == NULL)
		snprintf(pat, sizeof pat, ":" DRIVER_BOT_NICK "!* [NP]* %s :*",
		    m->nick);
	else
		snprintf(pat, sizeof pat,
		    ":" DRIVER_BOT_NICK "!* [NP]* %s :\\[%s] *", m->nick,
		    m->chan);
	return fnmatch(pat, line, 0) == 0 &&
	       (m->text == NULL || strstr(driver_msg(line), m->text) != NULL);
}

/* The text of a line m describes, stripped, into out: for a private
 * line about a channel, what follows its lead. */
static void
driver_text(const struct driver_line *m, const char *line, char *out,
    size_t size)
{
	char plain[DRIVER_TEXT];
	const char *text;

	client_strip(line, plain, sizeof plain);
	text = driver_msg(plain);
	if (m->nick != NULL && m->chan != NULL)
		text += strlen(m->chan) + 3; /* "[#chan] " */
	snprintf(out, size, "%s", text);
}

/* Waits for the line m describes from index from on in c's log, taken
 * then; fails the test on timeout.  The line as received. */
static const char *
driver_take(struct driver *d, struct client *c, size_t from,
    const struct driver_line *m, int timeout_ms)
{
	const char *raw;

	if (timeout_ms <= 0)
		timeout_ms = CLIENT_TIMEOUT_MS;
	raw = client_wait_from(c, from, driver_is_line, m,
	    driver_limit(d, timeout_ms));
	if (raw == NULL)
		driver_fail(d, "%s waited in vain for %s line%s%s%s", c->nick,
		    m->nick == NULL ? "a channel" : "a private",
		    m->text != NULL ? " with '" : "",
		    m->text != NULL ? m->text : "", m->text != NULL ? "'" : "");
	return raw;
}

const char *
driver_wait(struct driver *d, int k, int i, size_t from,
    const struct driver_line *m, int timeout_ms)
{
	static char text[DRIVER_TEXT];

	driver_text(m, driver_take(d, &d->t[k].p[i].cl, from, m, timeout_ms),
	    text, sizeof text);
	return text;
}

const char *
driver_wait_chan(struct driver *d, int k, int i, size_t from,
    const char *text, int timeout_ms)
{
	struct driver_line m = {d->t[k].chan, NULL, text};

	return driver_wait(d, k, i, from, &m, timeout_ms);
}

const char *
driver_wait_private(struct driver *d, int k, int i, size_t from,
    const char *text, int timeout_ms)
{
	struct driver_line m = {NULL, d->t[k].p[i].cl.nick, text};

	return driver_wait(d, k, i, from, &m, timeout_ms);
}

const char *
driver_wait_told(struct driver *d, int k, int i, size_t from,
    const char *text, int timeout_ms)
{
	struct driver_line m = {d->t[k].chan, d->t[k].p[i].cl.nick, text};

	return driver_wait(d, k, i, from, &m, timeout_ms);
}

int
driver_count(struct driver *d, int k, int i, size_t from,
    const struct driver_line *m)
{
	const struct client *c = &d->t[k].p[i].cl;
	char plain[DRIVER_TEXT];
	int n = 0;

	for (; from < c->nlines; from++) {
		client_strip(c->lines[from], plain, sizeof plain);
		n += driver_is_line(plain, m);
	}
	return n;
}

void
driver_wait_cut(struct driver *d, int k, int i, size_t from,
    const struct driver_line *m, size_t len, int timeout_ms, char *out,
    size_t size)
{
	struct driver_line rest = *m;
	struct client *c = &d->t[k].p[i].cl;
	long long end;
	char plain[DRIVER_TEXT];
	const char *raw;
	size_t n, used;

	if (timeout_ms <= 0)
		timeout_ms = CLIENT_TIMEOUT_MS;
	end = ngircd_now_ms() + driver_limit(d, timeout_ms);
	raw = driver_take(d, c, from, m, timeout_ms);
	for (n = 0; c->lines[n] != raw; n++)
		;
	driver_text(m, raw, out, size);
	used = strlen(out);
	/* The lines that follow it are its other parts. */
	rest.text = NULL;
	while (used < len) {
		if (++n >= c->nlines) {
			n--;
			if (ngircd_now_ms() > end || client_pump(c, 10) != 0)
				driver_fail(d, "%s: '%s' stopped short: '%s'",
				    c->nick, m->text, out);
			continue;
		}
		client_strip(c->lines[n], plain, sizeof plain);
		if (c->taken[n] || !driver_is_line(plain, &rest))
			continue;
		c->taken[n] = 1;
		snprintf(out + used, size - used, " ");
		used++;
		driver_text(m, c->lines[n], out + used, size - used);
		used += strlen(out + used);
	}
}

void
driver_expect_private(struct driver *d, struct driver_table *t, int seat,
    const char *want, const char *what)
{
	struct driver_player *p = &t->p[t->player[seat]];
	struct driver_line m = {t->chan, p->cl.nick, NULL};
	char text[DRIVER_TEXT];
	struct buf got = BUF_INIT;
	const char *raw;

	while (got.len < strlen(want)) {
		raw = client_wait(&p->cl, driver_is_line, &m,
		    driver_limit(d, DRIVER_MOVE_MS));
		if (raw == NULL)
			driver_fail(d, "%s: %s got no %s (want '%s')", t->chan,
			    p->nick, what, want);
		driver_text(&m, raw, text, sizeof text);
		if (got.len > 0)
			buf_addc(&got, ' ');
		buf_adds(&got, text);
	}
	if (strcmp(buf_str(&got), want) != 0)
		driver_fail(d, "%s: %s's %s is '%s', the model's '%s'", t->chan,
		    p->nick, what, buf_str(&got), want);
	buf_free(&got);
}

void
driver_sync_player(struct driver *d, int k, int i)
{
	struct client *c = &d->t[k].p[i].cl;
	struct driver_line m = {NULL, c->nick, NULL};
	char word[32];

	snprintf(word, sizeof word, "drvsync%d", ++d->syncs);
	m.text = word;
	driver_raw(d, k, i, "PRIVMSG " DRIVER_BOT_NICK " :%s", word);
	driver_take(d, c, 0, &m, DRIVER_MOVE_MS);
}

void
driver_sync(struct driver *d, struct driver_table *t)
{
	int k = (int)(t - d->t), i;

	for (i = 0; i < d->pool; i++) {
		if (t->p[i].cl.fd < 0)
			continue; /* gone: nothing more comes to it */
		driver_sync_player(d, k, i);
		client_skip(&t->p[i].cl);
	}
}

/* Whether piece holds what the bot writes after a nick for msgid a (its
 * nick directive first, up to its next directive) and then b (or
 * nothing), in the language this process writes (" is now ", " earns ",
 * " opens a "), as the bot has them. */
static int
driver_said_piece(const char *piece, const char *a, const char *b)
{
	const char *t = gettext(a);
	char want[256];

	t += strcspn(t, " ");
	snprintf(want, sizeof want, "%.*s%s", (int)strcspn(t, "%"), t,
	    b != NULL ? gettext(b) : "");
	return *t != '\0' && strstr(piece, want) != NULL;
}

int
driver_reveal_piece(const char *piece, int *reveal)
{
	if (strstr(piece, REPLAY_KEY) != NULL) {
		*reveal = DRIVER_REVEAL_LINES;
		return 0;
	}
	if (*reveal == 0)
		return 0;
	if (driver_said_piece(piece, "{p:%d} is ", "now ") ||
	    driver_said_piece(piece, "{p:%d} is ", "still ") ||
	    driver_said_piece(piece, "{p:%d} earns ", NULL) ||
	    driver_said_piece(piece, "%s opens a %s lobby%s%s. Type %sjoin "
	    "to sit in (%d-%d players); %s can %sstart.", NULL) ||
	    strstr(piece, REPLAY_COMMIT) != NULL) {
		*reveal = 0;
		return 0;
	}
	(*reveal)--;
	return 1;
}

void
driver_unrevealed(struct buf *chan, const char *text, int *reveal)
{
	const char *p = text, *end;
	char piece[DRIVER_TEXT];
	size_t len;

	for (;;) {
		end = strstr(p, QUEUE_SEP);
		len = end != NULL ? (size_t)(end - p) : strlen(p);
		snprintf(piece, sizeof piece, "%.*s", (int)len, p);
		if (!driver_reveal_piece(piece, reveal))
			buf_addf(chan, "%s%s", chan->len > 0 ? " " : "",
			    piece);
		if (end == NULL)
			break;
		p = end + strlen(QUEUE_SEP);
	}
}

/* driver.h: a prompt again, without the bot's mark. */
const char *
driver_unchanged(const char *text)
{
	static char plain[DRIVER_TEXT];
	static const char turn[] = "Your turn", mark[] = " (changed)";

	if (strncmp(text, "Changed: ", 9) == 0)
		return text + 9;
	if (strncmp(text, turn, strlen(turn)) != 0 ||
	    strncmp(text + strlen(turn), mark, strlen(mark)) != 0)
		return text;
	snprintf(plain, sizeof plain, "%s%s", turn,
	    text + strlen(turn) + strlen(mark));
	return plain;
}

void
driver_gather(struct driver *d, struct driver_table *t, int watcher,
    struct buf *chan, struct buf *priv, const char *skip)
{
	struct driver_line pub = {t->chan, NULL, NULL};
	struct driver_line own = {t->chan, NULL, NULL};
	const struct client *c;
	char text[DRIVER_TEXT];
	size_t lead = strlen(t->chan) + 3; /* "[#chan] " */
	size_t k;
	int i, reveal = 0;

	driver_pump(d, 0);
	for (i = 0; i < d->pool; i++) {
		c = &t->p[i].cl;
		own.nick = t->p[i].nick;
		for (k = 0; k < c->nlines; k++) {
			client_strip(c->lines[k], text, sizeof text);
			if (i == watcher && driver_is_line(text, &pub))
				driver_unrevealed(chan, driver_msg(text),
				    &reveal);
			if (!driver_is_line(text, &own) ||
			    strstr(text, "drvsync") != NULL ||
			    (skip != NULL && strstr(text, skip) != NULL))
				continue;
			buf_addf(&priv[i], "%s%s", priv[i].len > 0 ? " " : "",
			    driver_unchanged(driver_msg(text) + lead));
		}
	}
}

/* The database. */

void
driver_sql(struct driver *d, const char *sql, char *out, size_t size)
{
	char cmd[PATH_MAX + 512];
	size_t n;
	FILE *f;

	snprintf(cmd, sizeof cmd, "sqlite3 -readonly '%s' \"%s\"", d->db, sql);
	if ((f = popen(cmd, "r")) == NULL)
		driver_fail(d, "cannot run sqlite3");
	n = fread(out, 1, size - 1, f);
	out[n] = '\0';
	if (pclose(f) != 0)
		driver_fail(d, "sqlite3 failed on '%s': %s", sql, out);
}

void
driver_results(struct driver *d, int64_t id, const char *more, char *out,
    size_t size)
{
	char sql[1024];

	snprintf(sql, sizeof sql,
	    "SELECT variant || ' ' || state FROM games WHERE id = %lld;"
	    " SELECT p.nick || ' ' || r.place || ' ' || r.won || ' ' || %s"
	    " FROM results r JOIN players p ON p.id = r.player"
	    " WHERE r.game = %lld ORDER BY r.seat;",
	    (long long)id, more, (long long)id);
	driver_sql(d, sql, out, size);
}

void
driver_check_db(struct driver *d)
{
	struct store *s;
	char uri[PATH_MAX + 16], *cause = NULL;

	snprintf(uri, sizeof uri, "file:%s?mode=ro", d->db);
	if ((s = store_open(uri, &cause)) == NULL)
		driver_fail(d, "cannot open the database: %s", cause);
	if (store_check(s, &cause) != 0) {
		store_close(s);
		driver_fail(d, "the database is damaged: %s", cause);
	}
	store_close(s);
}

static void
driver_check_tally(struct driver *d, const struct driver_player *p,
    const char *variant, const struct driver_tally *want)
{
	struct store_stats st;
	char *cause = NULL;
	int rc;

	memset(&st, 0, sizeof st);
	if ((rc = store_stats(d->store, p->nick, variant, &st, &cause)) < 0)
		driver_fail(d, "stats of %s: %s", p->nick, cause);
	if (st.games != want->games || st.wins != want->wins ||
	    st.losses != want->losses || st.streak != want->streak ||
	    st.best_streak != want->best || st.safe != want->safe ||
	    st.best_safe != want->best_safe)
		driver_fail(d,
		    "%s, %s: games %d wins %d losses %d streak %d "
		    "best %d safe %d best %d; counted %d %d %d %d %d %d %d",
		    p->nick, variant != NULL ? variant : "all", st.games,
		    st.wins, st.losses, st.streak, st.best_streak, st.safe,
		    st.best_safe, want->games, want->wins, want->losses,
		    want->streak, want->best, want->safe, want->best_safe);
}

void
driver_check_stats(struct driver *d)
{
	const struct driver_player *p;
	char out[256], want[256];
	int k, i, v, seats = 0;

	for (k = 0; k < d->ntables; k++) {
		assert_int_equal(d->t[k].state, DRIVER_OFF);
		for (i = 0; i < d->pool; i++) {
			p = &d->t[k].p[i];
			seats += p->tally[DRIVER_VARIANTS].games;
			for (v = 0; game_table[v] != NULL; v++)
				driver_check_tally(
				    d, p, game_table[v]->name, &p->tally[v]);
			driver_check_tally(
			    d, p, NULL, &p->tally[DRIVER_VARIANTS]);
		}
	}
	driver_sql(d,
	    "SELECT state, count(*) FROM games GROUP BY state;"
	    " SELECT count(*) FROM results;",
	    out, sizeof out);
	snprintf(want, sizeof want, "finished|%d\n%d\n", d->games, seats);
	if (strcmp(out, want) != 0)
		driver_fail(d, "the database has '%s', not '%s'", out, want);
}
