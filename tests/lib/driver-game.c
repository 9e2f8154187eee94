/*
 * The tracked games of the scripted-table harness (driver.h): models
 * rebuilt from the database and the texts they make, the lobby and the
 * deal, moves chosen, typed and confirmed, results counted, what a
 * restart must show, and replays.  The only wording of the bot's own
 * relied on is the lobby's ("NICK opens a", "NICK sits in") and the
 * resume announcement, each looked up in the language this process
 * writes (a suite may write the channel's, bot/lib/lang.h), as the bot
 * says them.
 */
#define _GNU_SOURCE 1
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <libintl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/lib/buf.h"
#include "bot/core/render.h"
#include "bot/core/replay.h"
#include "alloc/xalloc.h"
#include "storage/store.h"
#include "tests/lib/driver-int.h"
#include "tests/lib/driver.h"


/* Models and their texts. */

static void
driver_emit(void *ctx, int seat, const char *text)
{
	struct driver_out *o = ctx;
	struct buf *to;

	if (seat < GAME_PUBLIC || seat >= GAME_MAX_SEATS)
		return;
	to = &o->text[seat + 1];
	if (to->len > 0)
		buf_addc(to, ' ');
	buf_adds(to, text);
}

static void
driver_drop(void *ctx, int seat, const char *text)
{
	(void)ctx;
	(void)seat;
	(void)text;
}

/* A sink for what nobody needs to read. */
static struct game_out driver_discard = {driver_drop, NULL};

void
driver_out_init(struct driver_out *o, const struct questions *q,
    uint64_t seed)
{
	memset(o, 0, sizeof *o);
	o->out.emit = driver_emit;
	o->out.ctx = o;
	o->questions = q;
	o->seed = seed;
}

void
driver_out_free(struct driver_out *o)
{
	int i;

	for (i = 0; i <= GAME_MAX_SEATS; i++)
		buf_free(&o->text[i]);
}

void
driver_plain(const char *const *names, int nseats, const struct driver_out *o,
    int seat, char *out, size_t size)
{
	struct buf asked = BUF_INIT, r = BUF_INIT, plain = BUF_INIT;

	render_questions(&asked, buf_str(&o->text[seat + 1]), o->questions,
	    o->seed);
	render(&r, buf_str(&asked), names, nseats, 1);
	buf_free(&asked);
	render_strip(&plain, buf_str(&r));
	snprintf(out, size, "%s", buf_str(&plain));
	buf_free(&r);
	buf_free(&plain);
}

/* A new game of ops as sg was dealt; the deal's messages go to out. */
static struct game *
driver_create(const struct driver *d, const struct game_ops *ops,
    const struct store_game *sg, struct game_out *out)
{
	struct game_opts opts;
	struct game *g;
	struct rng r;
	char *words, *w, *save = NULL, *cause = NULL;

	game_opts_default(ops, &opts);
	words = xstrdup(sg->options);
	for (w = strtok_r(words, " ", &save); w != NULL;
	     w = strtok_r(NULL, " ", &save))
		if (game_opts_set(ops, &opts, w, &cause) != 0)
			driver_fail(d, "game %lld: option '%s': %s",
			    (long long)sg->id, w, cause);
	free(words);
	rng_seed(&r, sg->seed);
	g = ops->create(&opts, sg->nseats, sg->dealer, &r, out, &cause);
	if (g == NULL)
		driver_fail(
		    d, "game %lld: create: %s", (long long)sg->id, cause);
	return g;
}

/* Move n of sg's log, read into mv and checked against g. */
static void
driver_logged(const struct driver *d, const struct game_ops *ops,
    const struct game *g, const struct store_game *sg, int n,
    struct game_move *mv)
{
	char *cause = NULL;

	if (game_move_parse(ops, sg->moves[n].text, mv, &cause) ||
	    ops->check(g, mv, &cause) != 0)
		driver_fail(d, "game %lld: move %d '%s': %s", (long long)sg->id,
		    n, sg->moves[n].text, cause);
}

struct game *
driver_model(const struct driver *d, const struct game_ops *ops,
    const struct store_game *sg, struct driver_out *o)
{
	struct game_move mv;
	struct game *g;
	int n;

	g = driver_create(d, ops, sg, o != NULL ? &o->out : &driver_discard);
	for (n = 0; n < sg->nmoves; n++) {
		driver_logged(d, ops, g, sg, n, &mv);
		ops->apply(g, &mv, &driver_discard);
	}
	return g;
}

/* The lobby and the deal. */

/* " name=value" for each on/off option, chosen at random. */
static void
driver_options(
    struct driver *d, const struct game_ops *ops, char *out, size_t size)
{
	const struct game_option *o;
	size_t len = 0;
	int v;

	out[0] = '\0';
	for (o = ops->options; o != NULL && o->name != NULL; o++) {
		if (o->max - o->min != 1)
			continue;
		v = o->min + (int)rng_below(&d->rng, 2);
		if (v != o->def && len < size)
			len += (size_t)snprintf(
			    out + len, size - len, " %s=%d", o->name, v);
	}
	assert_true(len < size);
}

static int
driver_variant(const struct game_ops *ops)
{
	int v;

	for (v = 0; game_table[v] != NULL; v++)
		if (game_table[v] == ops)
			return v;
	fail_msg("'%s' is not in game_table[]", ops->name);
	return -1;
}

/* Waits for the game just dealt in t's channel to be in the database. */
static struct store_game *
driver_find_game(struct driver *d, int k)
{
	struct driver_table *t = &d->t[k];
	long long end = ngircd_now_ms() +
	    driver_limit(d, DRIVER_LOBBY_MS);
	struct store_game *sg;
	int64_t *ids = NULL;
	char *cause = NULL;
	int n, i;

	for (;;) {
		if ((n = store_running(d->store, &ids, &cause)) < 0)
			driver_fail(d, "running games: %s", cause);
		for (i = 0; i < n; i++) {
			if (ids[i] <= d->last_id)
				continue;
			t->id = ids[i];
			sg = driver_load(d, k);
			if (strcmp(sg->channel, t->chan) == 0) {
				d->last_id = ids[i];
				free(ids);
				return sg;
			}
			store_game_free(sg);
		}
		free(ids);
		ids = NULL;
		if (ngircd_now_ms() > end)
			driver_fail(d, "%s: no game dealt", t->chan);
		driver_pump(d, DRIVER_POLL_MS);
	}
}

/* Seats from the database: each must be the player who sat there. */
static void
driver_seats(struct driver *d, struct driver_table *t,
    const struct store_game *sg, int first, int nseats)
{
	int s;

	if (strcmp(sg->variant, t->ops->name) != 0 || sg->nseats != nseats)
		driver_fail(d, "%s: dealt %s for %d, not %s for %d", t->chan,
		    sg->variant, sg->nseats, t->ops->name, nseats);
	t->nseats = nseats;
	for (s = 0; s < nseats; s++) {
		t->player[s] = (first + s) % d->pool;
		t->names[s] = t->p[t->player[s]].nick;
		if (strcasecmp(sg->seats[s].nick, t->names[s]) != 0)
			driver_fail(d, "%s: seat %d is %s, not %s", t->chan, s,
			    sg->seats[s].nick, t->names[s]);
	}
}

/* The model of the game just dealt; the deal as the players saw it. */
static void
driver_dealt(struct driver *d, int k, const struct store_game *sg)
{
	struct driver_table *t = &d->t[k];
	struct driver_line m = {t->chan, NULL, NULL};
	struct driver_out o;
	char text[DRIVER_TEXT], head[128], got[DRIVER_TEXT];
	int s;

	if (sg->dealer != t->deals % sg->nseats)
		driver_fail(d, "%s: game %d here dealt by seat %d, not %d",
		    t->chan, t->deals + 1, sg->dealer, t->deals % sg->nseats);
	driver_out_init(&o, d->questions, sg->seed);
	for (s = 0; s < d->pool; s++)
		t->p[s].dealt_at = t->p[s].cl.nlines;
	t->seed = sg->seed;
	t->g = driver_model(d, t->ops, sg, &o);
	t->deals++;
	t->nmoves = 0;
	memset(t->last_pub, 0, sizeof t->last_pub);
	driver_plain(t->names, t->nseats, &o, GAME_PUBLIC, text, sizeof text);
	if (text[0] != '\0') {
		/* A long deal line (eight Cheesedog players' face-up cards)
		 * comes cut into lines: found by its start, then joined. */
		snprintf(head, sizeof head, "%.100s", text);
		m.text = head;
		driver_wait_cut(d, k, 0, 0, &m, strlen(text), DRIVER_MOVE_MS,
		    got, sizeof got);
		if (strstr(got, text) == NULL)
			driver_fail(d, "%s: the deal said '%s', not '%s'",
			    t->chan, got, text);
	}
	for (s = 0; s < t->nseats; s++) {
		driver_plain(t->names, t->nseats, &o, s, text, sizeof text);
		driver_expect_private(d, t, s, text, "dealt hand");
	}
	driver_out_free(&o);
	t->state = DRIVER_READY;
}

/* Waits until every player of table k still connected has read the end
 * of the game dealt last there, the line with its deal key: the bot tells
 * a table's story in order (bot/core/table-out.c), so everything it said
 * of that game has come before (the database knows a game is over
 * before its lines have gone, under a slow flood rule); unless the suite
 * said the line was lost with a killed bot (t->end_lost). */
static void
driver_game_told(struct driver *d, int k)
{
	struct driver_table *t = &d->t[k];
	struct driver_line end = {t->chan, NULL, REPLAY_KEY};
	long long deadline = ngircd_now_ms() + driver_limit(d,
	    DRIVER_MOVE_MS);
	int i;

	if (t->end_lost) {
		t->end_lost = 0;
		return;
	}
	for (i = 0; i < d->pool; i++) {
		while (t->p[i].cl.fd >= 0 &&
		    driver_count(d, k, i, t->p[i].dealt_at, &end) == 0) {
			if (ngircd_now_ms() > deadline)
				driver_fail(d, "%s: %s never read the end of "
				    "the game before", t->chan, t->p[i].nick);
			driver_pump(d, 100);
		}
	}
}

void
driver_deal(struct driver *d, int k, const struct game_ops *ops, int nseats)
{
	driver_deal_from(
	    d, k, ops, nseats, (int)rng_below(&d->rng, (uint32_t)d->pool));
}

/* How the bot's lobby line fmt (as the bot has it, translated) about
 * nick starts: the nick, then its text up to the next directive; the
 * nick alone where the translation does not start with it. */
static void
driver_lobby_lead(char *want, size_t size, const char *nick, const char *fmt)
{
	if (strncmp(fmt, "%s", 2) == 0)
		snprintf(want, size, "%s%.*s", nick,
		    (int)strcspn(fmt + 2, "%"), fmt + 2);
	else
		snprintf(want, size, "%s", nick);
}

void
driver_deal_from(
    struct driver *d, int k, const struct game_ops *ops, int nseats, int first)
{
	struct driver_table *t = &d->t[k];
	struct driver_player *p;
	struct store_game *sg;
	char opts[256], want[128];
	int i;

	assert_int_equal(t->state, DRIVER_OFF);
	assert_in_range(nseats, 1, d->pool);
	assert_in_range(first, 0, d->pool - 1);
	if (t->deals > 0)
		driver_game_told(d, k);
	t->ops = ops;
	t->variant = driver_variant(ops);
	if (t->options != NULL)
		snprintf(opts, sizeof opts, "%s%s",
		    t->options[0] != '\0' ? " " : "", t->options);
	else
		driver_options(d, ops, opts, sizeof opts);
	driver_sync(d, t);
	for (i = 0; i < nseats; i++) {
		p = &t->p[(first + i) % d->pool];
		if (i == 0)
			client_send(&p->cl, "PRIVMSG %s :!play %s%s", t->chan,
			    ops->name, opts);
		else
			client_send(&p->cl, "PRIVMSG %s :!join", t->chan);
		driver_lobby_lead(want, sizeof want, p->nick, i == 0 ?
		    gettext("%s opens a %s lobby%s%s. Type %sjoin to sit in "
		    "(%d-%d players); %s can %sstart.") : ngettext("%s sits "
		    "in (%d seated for %s).", "%s sits in (%d seated for %s).",
		    i + 1));
		driver_wait_chan(d, k, 0, 0, want, DRIVER_LOBBY_MS);
	}
	client_send(&t->p[first].cl, "PRIVMSG %s :!start", t->chan);
	sg = driver_find_game(d, k);
	driver_seats(d, t, sg, first, nseats);
	driver_dealt(d, k, sg);
	store_game_free(sg);
}

/* Moves. */

/* Rewrites the command in text (size bytes), which names players as
 * {p:N}, into what a player types: the nicks themselves. */
static void
driver_render_names(const struct driver_table *t, char *text, size_t size)
{
	struct buf typed = BUF_INIT;

	render(&typed, text, t->names, t->nseats, 0);
	snprintf(text, size, "%s", buf_str(&typed));
	buf_free(&typed);
}

/* The words typed, split as the bot splits them: the command, then its
 * arguments into argv. */
static int
driver_words(char *words, char **argv)
{
	char *w, *save = NULL;
	int argc = 0;

	strtok_r(words, " ", &save);
	while (
	    (w = strtok_r(NULL, " ", &save)) != NULL && argc < GAME_MOVE_ARGS)
		argv[argc++] = w;
	return argc;
}

/* What mv's seat types for it, into t->said; the move the bot will make
 * of those words, as logged, into t->expect.  The command's index. */
static int
driver_type(
    struct driver *d, struct driver_table *t, const struct game_move *mv)
{
	char words[DRIVER_TEXT], *argv[GAME_MOVE_ARGS], *cause = NULL;
	int cmd, argc;

	cmd = t->ops->command(t->g, mv, t->said, sizeof t->said);
	if (cmd < 0)
		return -1;
	snprintf(words, sizeof words, "%s", t->said);
	argc = driver_words(words, argv);
	if (t->ops->parse(t->g, mv->seat, cmd, argc, argv, &t->sent, &cause))
		driver_fail(d, "%s: typed '%s' for seat %d: %s", t->chan,
		    t->said, mv->seat, cause);
	if (t->ops->check(t->g, &t->sent, &cause) != 0)
		driver_fail(d, "%s: typed '%s' for seat %d: %s", t->chan,
		    t->said, mv->seat, cause);
	game_move_format(t->ops, &t->sent, t->expect, sizeof t->expect);
	driver_render_names(t, t->said, sizeof t->said);
	return cmd;
}

void
driver_type_cmd(struct driver *d, struct driver_table *t, int i,
    enum game_where where, int verb, const char *text)
{
	struct client *c = &t->p[i].cl;
	int rc;

	if ((where & GAME_WHERE_PRIVATE) && (where == GAME_WHERE_PRIVATE ||
	    !(t->in_channel & (1u << verb))))
		rc = client_send(c, "PRIVMSG " DRIVER_BOT_NICK " :%s", text);
	else
		rc = client_send(c, "PRIVMSG %s :!%s", t->chan, text);
	if (rc != 0)
		driver_fail(d, "%s cannot send '%s'", c->nick, text);
}

/* seat says t->speech in the channel: its move is the rules' heard(),
 * made by the bot on hearing it.  1 (a player's move was sent). */
static int
driver_speak(struct driver *d, struct driver_table *t, int seat)
{
	struct game_turn tu;

	t->ops->turn(t->g, &tu);
	if (!tu.pause || tu.speaker != seat || t->ops->heard == NULL)
		driver_fail(d, "%s: seat %d would say '%s', but the game does "
		    "not wait on its words", t->chan, seat, t->speech);
	t->ops->heard(t->g, &t->sent);
	game_move_format(t->ops, &t->sent, t->expect, sizeof t->expect);
	snprintf(t->said, sizeof t->said, "%s", t->speech);
	t->mark = t->p[0].cl.nlines;
	client_send(&t->p[t->player[seat]].cl, "PRIVMSG %s :%s", t->chan,
	    t->speech);
	t->state = DRIVER_SENT;
	t->deadline = ngircd_now_ms() + driver_limit(d, DRIVER_MOVE_MS);
	return 1;
}

int
driver_send(struct driver *d, int k)
{
	struct driver_table *t = &d->t[k];
	struct game_move mv;
	int cmd;

	if (t->state != DRIVER_READY)
		return 0;
	if (t->choose != NULL
	        ? t->choose(t->choose_ctx, t->g, &d->rng, &mv) != 0
	        : t->ops->sample(t->g, &d->rng, &mv) != 0)
		driver_fail(d, "%s: no move to %s", t->chan,
		    t->choose != NULL ? "choose" : "sample");
	if (t->speech != NULL && mv.seat >= 0)
		return driver_speak(d, t, mv.seat);
	cmd = mv.seat < 0 ? -1 : driver_type(d, t, &mv);
	if (cmd < 0) {
		t->ops->timeout(t->g, &t->sent);
		game_move_format(t->ops, &t->sent, t->expect, sizeof t->expect);
		snprintf(t->said, sizeof t->said, "(the bot's move)");
		t->state = DRIVER_BOT;
		t->deadline = ngircd_now_ms() +
		    driver_limit(d, DRIVER_TABLE_MS);
		return 0;
	}
	t->mark = t->p[0].cl.nlines;
	driver_type_cmd(d, t, t->player[mv.seat], t->ops->cmds[cmd].where,
	    t->sent.verb, t->said);
	t->state = DRIVER_SENT;
	t->deadline = ngircd_now_ms() +
	    driver_limit(d, DRIVER_MOVE_MS);
	return 1;
}

int
driver_absorb(struct driver *d, int k, const struct store_game *sg)
{
	struct driver_table *t = &d->t[k];
	struct driver_out o;
	struct game_move mv;
	struct game_turn tu;
	const char *text;
	char *cause = NULL;

	if (sg->nmoves < t->nmoves)
		driver_fail(d, "game %lld lost moves: %d logged, %d were",
		    (long long)t->id, sg->nmoves, t->nmoves);
	if (sg->nmoves == t->nmoves)
		return 0;
	text = sg->moves[t->nmoves].text;
	if (sg->nmoves > t->nmoves + 1 || strcmp(text, t->expect) != 0)
		driver_fail(d,
		    "game %lld: %d new moves from move %d '%s'; expected "
		    "one, '%s' (typed '%s')",
		    (long long)t->id, sg->nmoves - t->nmoves, t->nmoves, text,
		    t->expect, t->said);
	if (game_move_parse(t->ops, text, &mv, &cause) != 0 ||
	    t->ops->check(t->g, &mv, &cause) != 0)
		driver_fail(d, "game %lld: move '%s': %s", (long long)t->id,
		    text, cause);
	driver_out_init(&o, d->questions, t->seed);
	t->ops->apply(t->g, &mv, &o.out);
	memmove(t->last_pub[1], t->last_pub[0],
	    (DRIVER_RECENT - 1) * sizeof t->last_pub[0]);
	driver_plain(t->names, t->nseats, &o, GAME_PUBLIC, t->last_pub[0],
	    sizeof t->last_pub[0]);
	driver_out_free(&o);
	driver_forget(d, k);
	t->nmoves++;
	d->moves++;
	t->ops->turn(t->g, &tu);
	t->state = tu.over ? DRIVER_ENDING : DRIVER_READY;
	t->deadline = ngircd_now_ms() +
	    driver_limit(d, DRIVER_MOVE_MS);
	return 1;
}

void
driver_forget(struct driver *d, int k)
{
	struct driver_table *t = &d->t[k];

	snprintf(t->expect, sizeof t->expect, "(nothing)");
	snprintf(t->said, sizeof t->said, "(nothing)");
	if (t->state == DRIVER_SENT || t->state == DRIVER_BOT)
		t->state = DRIVER_READY;
}

/* Counts the result of t's game, which the database has as ended. */
static void
driver_end(struct driver *d, struct driver_table *t)
{
	struct game_result r;
	struct driver_tally *tl[2];
	int s, i, won, lost, safe;

	memset(&r, 0, sizeof r);
	t->ops->result(t->g, &r);
	for (s = 0; s < t->nseats; s++) {
		game_outcome(t->ops, &r, s, &won, &lost);
		safe = !lost && r.place[s] > 0;
		tl[0] = &t->p[t->player[s]].tally[t->variant];
		tl[1] = &t->p[t->player[s]].tally[DRIVER_VARIANTS];
		for (i = 0; i < 2; i++) {
			tl[i]->games++;
			tl[i]->wins += won;
			tl[i]->losses += lost;
			/* A win by forfeit changes no streak or run. */
			if (game_forfeit(&r) == s)
				continue;
			tl[i]->streak = won ? tl[i]->streak + 1 : 0;
			if (tl[i]->streak > tl[i]->best)
				tl[i]->best = tl[i]->streak;
			tl[i]->safe = safe ? tl[i]->safe + 1 : 0;
			if (tl[i]->safe > tl[i]->best_safe)
				tl[i]->best_safe = tl[i]->safe;
		}
	}
	t->ops->destroy(t->g);
	t->g = NULL;
	t->state = DRIVER_OFF;
	d->games++;
}

static int
driver_running(const int64_t *ids, int n, int64_t id)
{
	while (n-- > 0)
		if (ids[n] == id)
			return 1;
	return 0;
}

int
driver_poll(struct driver *d)
{
	struct driver_table *t;
	struct store_game *sg;
	int64_t *ids = NULL;
	char *cause = NULL;
	int n, k, busy = 0;

	driver_pump(d, 0);
	if ((n = store_running(d->store, &ids, &cause)) < 0)
		driver_fail(d, "running games: %s", cause);
	for (k = 0; k < d->ntables; k++) {
		t = &d->t[k];
		if (t->state == DRIVER_SENT || t->state == DRIVER_BOT) {
			sg = driver_load(d, k);
			driver_absorb(d, k, sg);
			store_game_free(sg);
		} else if (t->state == DRIVER_ENDING &&
		           !driver_running(ids, n, t->id))
			driver_end(d, t);
		if (t->state < DRIVER_SENT)
			continue;
		busy++;
		if (ngircd_now_ms() > t->deadline)
			driver_fail(d,
			    "%s: game %lld: after move %d, '%s' "
			    "(typed '%s') did not come",
			    t->chan, (long long)t->id, t->nmoves,
			    t->state == DRIVER_ENDING ? "the end" : t->expect,
			    t->said);
	}
	free(ids);
	return busy;
}

/* Restarts. */

void
driver_check_resume(struct driver *d)
{
	struct driver_table *t;
	struct driver_out o;
	struct driver_line m = {NULL, NULL, NULL};
	char lead[128], want[DRIVER_TEXT], got[DRIVER_TEXT];
	int k, s;

	for (k = 0; k < d->ntables; k++) {
		t = &d->t[k];
		t->deadline = ngircd_now_ms() +
		    driver_limit(d, DRIVER_TABLE_MS);
		if (t->state == DRIVER_OFF || t->state == DRIVER_ENDING)
			continue;
		snprintf(lead, sizeof lead, gettext("The %s game goes on "
		    "after a restart."), t->ops->title);
		lead[strcspn(lead, ".")] = '\0';	/* the status follows */
		driver_out_init(&o, d->questions, t->seed);
		for (s = GAME_PUBLIC; s < t->nseats; s++)
			t->ops->view(t->g, s, &o.out);
		driver_plain(
		    t->names, t->nseats, &o, GAME_PUBLIC, want, sizeof want);
		/* "LEAD. STATUS", which may come cut into lines */
		m.chan = t->chan;
		m.text = lead;
		driver_wait_cut(d, k, 0, 0, &m,
		    strlen(lead) + 2 + strlen(want), DRIVER_JOIN_MS, got,
		    sizeof got);
		if (strncmp(got, lead, strlen(lead)) != 0 ||
		    strstr(got, want) == NULL)
			driver_fail(d,
			    "%s: resumed as '%s'; the model's "
			    "status is '%s'",
			    t->chan, got, want);
		for (s = 0; s < t->nseats; s++) {
			driver_plain(
			    t->names, t->nseats, &o, s, want, sizeof want);
			driver_expect_private(d, t, s, want, "resumed hand");
		}
		driver_out_free(&o);
	}
}

void
driver_move_text(
    struct driver *d, int k, const struct game_move *mv, char *out, size_t size)
{
	struct driver_table *t = &d->t[k];
	struct store_game *sg = driver_load(d, k);
	struct driver_out o;
	struct game *g;

	driver_out_init(&o, d->questions, sg->seed);
	g = driver_model(d, t->ops, sg, NULL);
	t->ops->apply(g, mv, &o.out);
	driver_plain(t->names, t->nseats, &o, GAME_PUBLIC, out, size);
	driver_out_free(&o);
	t->ops->destroy(g);
	store_game_free(sg);
}

/* Replays. */

const struct game_ops *
driver_ops_named(const struct driver *d, const char *name)
{
	int v;

	for (v = 0; game_table[v] != NULL; v++)
		if (strcmp(game_table[v]->name, name) == 0)
			return game_table[v];
	driver_fail(d, "no variant '%s' in game_table[]", name);
}

/* What o gathered, as each player saw it, into said; o is emptied. */
static void
driver_said(const struct store_game *sg, const char *const *names,
    struct driver_out *o, struct driver_said *said)
{
	int s;

	driver_plain(
	    names, sg->nseats, o, GAME_PUBLIC, said->pub, sizeof said->pub);
	for (s = 0; s < sg->nseats; s++)
		driver_plain(names, sg->nseats, o, s, said->priv[s],
		    sizeof said->priv[s]);
	driver_out_free(o);
	driver_out_init(o, o->questions, o->seed);
}

void
driver_replay(struct driver *d, int64_t id, driver_replay_fn *fn, void *ctx)
{
	const char *names[GAME_MAX_SEATS];
	const struct game_ops *ops;
	struct driver_said *said = xcalloc(1, sizeof *said);
	struct store_game *sg;
	struct driver_out o;
	struct game_move mv;
	struct game *g;
	char *cause = NULL;
	int n, s;

	if ((sg = store_game_load(d->store, id, &cause)) == NULL)
		driver_fail(d, "game %lld: %s", (long long)id, cause);
	ops = driver_ops_named(d, sg->variant);
	for (s = 0; s < sg->nseats; s++)
		names[s] = sg->seats[s].nick;
	driver_out_init(&o, d->questions, sg->seed);
	g = driver_create(d, ops, sg, &o.out);
	driver_said(sg, names, &o, said);
	fn(ctx, -1, NULL, g, said);
	for (n = 0; n < sg->nmoves; n++) {
		driver_logged(d, ops, g, sg, n, &mv);
		ops->apply(g, &mv, &o.out);
		driver_said(sg, names, &o, said);
		fn(ctx, n, &mv, g, said);
	}
	driver_out_free(&o);
	ops->destroy(g);
	store_game_free(sg);
	free(said);
}

int
driver_games_on(const struct driver *d)
{
	int k, n = 0;

	for (k = 0; k < d->ntables; k++)
		n += d->t[k].state != DRIVER_OFF;
	return n;
}

long
driver_play(struct driver *d, int k, long max_moves, int ms)
{
	struct driver_table *t = &d->t[k];
	long start = d->moves;

	while (t->state != DRIVER_OFF) {
		if (d->moves - start > max_moves)
			driver_fail(d, "%s: game %lld goes on after %ld moves",
			    t->chan, (long long)t->id, max_moves);
		driver_send(d, k);
		if (driver_poll(d) > 0)
			driver_pump(d, ms);
	}
	return d->moves - start;
}

uint64_t
driver_env_seed(const char *name, uint64_t fallback)
{
	const char *s = getenv(name);

	return s != NULL && *s != '\0' ? strtoull(s, NULL, 10) : fallback;
}
