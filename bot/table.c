/*
 * A table is one channel's lobby and then its game: who sits where, the
 * deal, the end and the record of it, with the titles the end earns.
 * Moves, windows and timers during play are in table-play.c.  The messages
 * a game emits are routed here: public ones to the channel, private ones
 * to their seat, each rendered for its recipient, all of one move's public
 * text in one line.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core.h"
#include "render.h"
#include "table-int.h"
#include "games/xalloc.h"
#include "storage/store.h"

static void table_lobby_expire(void *arg, uint64_t now);

struct table *
table_open(struct bot *b, struct chan *c, const struct game_ops *ops,
    const struct game_opts *opts)
{
	struct table *t = xcalloc(1, sizeof *t);

	t->b = b;
	t->chan = c;
	t->ops = ops;
	t->opts = *opts;
	t->state = TABLE_LOBBY;
	t->opened_at = b->now;
	t->window_accused = -1;
	t->turn_seat = -1;
	t->t_lobby_expire = timer_add(&b->timers,
	    b->now + (uint64_t)b->conf->lobby_expire_ms, table_lobby_expire, t);
	c->table = t;
	return t;
}

void
table_free(struct table *t)
{
	int i;

	if (t == NULL)
		return;
	table_timers_cancel(t);
	seat_timers_cancel(t);
	timer_cancel(&t->b->timers, t->t_lobby_expire);
	if (t->g != NULL)
		t->ops->destroy(t->g);
	if (t->chan->table == t)
		t->chan->table = NULL;
	seat_index_table(t, 0);
	for (i = 0; i < t->nseats; i++)
		seat_free(&t->seats[i]);
	free(t->seats);
	free(t->tie_moves);
	free(t->held_move);
	free(t);
}

static void
table_lobby_expire(void *arg, uint64_t now)
{
	struct table *t = arg;
	char *text;

	(void)now;
	t->t_lobby_expire = 0;
	if (t->state != TABLE_LOBBY)
		return;
	text = xasprintf("The %s lobby closed: nobody started it.",
	    t->ops->title);
	say_chan(t->b, t->chan, text);
	free(text);
	table_free(t);
}

/* The emit callback of struct game_out: gathers one move's messages. */
static void
table_out_emit(void *ctx, int seat, const char *text)
{
	struct table_out *o = ctx;
	struct buf *to;

	if (seat == GAME_PUBLIC)
		to = &o->pub;
	else if (seat >= 0 && seat < GAME_MAX_SEATS)
		to = &o->priv[seat];
	else
		return;
	if (to->len > 0)
		buf_addc(to, ' ');
	buf_adds(to, text);
}

void
table_out_init(struct table_out *o)
{
	memset(o, 0, sizeof *o);
	o->out.emit = table_out_emit;
	o->out.ctx = o;
}

/* Renders the rules' markup for one reader of t's game into text: the
 * questions its cards carry, the seats' nicks, colour or not. */
static void
table_render(struct table *t, struct buf *text, const char *markup,
    int colour)
{
	const char *names[GAME_MAX_SEATS];
	struct buf asked = BUF_INIT;
	int i;

	for (i = 0; i < t->nseats; i++)
		names[i] = t->seats[i].nick;
	render_questions(&asked, markup, t->b->conf->questions, t->seed);
	buf_reset(text);
	render(text, buf_str(&asked), names, t->nseats, colour);
	buf_free(&asked);
}

/* Whether seat must act now in t's game (its turn, or a move it owes
 * with others): what it is told is its prompt. */
static int
table_must_act(const struct table *t, int seat)
{
	struct game_turn tu;

	if (t->g == NULL)
		return 0;
	t->ops->turn(t->g, &tu);
	return !tu.over && (tu.seat == seat ||
	    (tu.wait && (tu.window & (1u << seat))));
}

/* Whether the prompts of o go before its channel text: when nobody may
 * react to that text (no challenge window is open; a move several seats
 * owe is no challenge), nobody needs it to act, and the players who must
 * act do need their prompts.  With a quiet queue all go at once anyway.
 * When the bot waits for its flood rate, the player to act hears first,
 * and the channel text waits where the queue can merge the next move's
 * text into it (queue.h): a fast player's draw and discard, or play and
 * play, cost the channel one line, not two.  When a window is open, the
 * channel text is what the callers act on: it goes first. */
static int
table_prompts_first(const struct table *t)
{
	struct game_turn tu;

	if (t->g == NULL)
		return 0;
	t->ops->turn(t->g, &tu);
	return !tu.over && (tu.window == 0 || tu.wait);
}

/* Sends seat i's private text in o, if any, and forgets it. */
static void
table_out_seat(struct table *t, struct table_out *o, int i,
    struct buf *text)
{
	if (o->priv[i].len > 0 && !t->seats[i].gone && !t->seats[i].away) {
		table_render(t, text, buf_str(&o->priv[i]),
		    t->seats[i].colour);
		(table_must_act(t, i) ? say_prompt : say_to)(t->b,
		    t->seats[i].nick, t->chan, buf_str(text));
	}
	buf_free(&o->priv[i]);
}

void
table_out_flush(struct table *t, struct table_out *o)
{
	struct buf text = BUF_INIT;
	int i;

	if (table_prompts_first(t)) {
		for (i = 0; i < t->nseats; i++)
			if (table_must_act(t, i))
				table_out_seat(t, o, i, &text);
	}
	if (o->pub.len > 0) {
		table_render(t, &text, buf_str(&o->pub), 1);
		say_chan(t->b, t->chan, buf_str(&text));
	}
	for (i = 0; i < t->nseats; i++)
		table_out_seat(t, o, i, &text);
	buf_free(&text);
	buf_free(&o->pub);
	for (i = 0; i < GAME_MAX_SEATS; i++)
		buf_free(&o->priv[i]);
	table_out_init(o);
}

int
table_start(struct table *t, char **cause)
{
	struct table_out o;
	int64_t players[GAME_MAX_SEATS];
	char ident[GAME_MAX_SEATS][WHO_IDENT_MAX];
	struct who w;
	const char *idents[GAME_MAX_SEATS];
	char opts[256];
	struct rng r;
	int i, dealer;

	if (t->nseats < t->ops->min_seats)
		return game_fail(cause, "%s needs at least %d players",
		    t->ops->title, t->ops->min_seats);
	t->seed = rng_next(&t->b->rng);
	rng_seed(&r, t->seed);
	dealer = (int)(t->chan->deals % (unsigned)t->nseats);
	table_out_init(&o);
	t->g = t->ops->create(&t->opts, t->nseats, dealer, &r, &o.out, cause);
	if (t->g == NULL) {
		table_out_flush(t, &o);
		return -1;
	}
	for (i = 0; i < t->nseats; i++) {
		w.nick = t->seats[i].nick;
		w.userhost = t->seats[i].userhost;
		w.account = t->seats[i].account;
		players[i] = t->seats[i].player;
		who_ident(&w, ident[i], sizeof ident[i]);
		idents[i] = ident[i];
	}
	game_opts_format(t->ops, &t->opts, opts, sizeof opts);
	t->game_id = store_game_begin(t->b->store, t->ops->name, t->chan->name,
	    opts, t->seed, dealer, t->nseats, players, idents, cause);
	if (t->game_id < 0) {
		t->ops->destroy(t->g);
		t->g = NULL;
		table_out_init(&o);
		return -1;
	}
	timer_cancel(&t->b->timers, t->t_lobby_expire);
	t->t_lobby_expire = 0;
	t->chan->deals++;
	t->state = TABLE_PLAYING;
	table_out_flush(t, &o);
	table_after_move(t);
	return 0;
}

void
table_stop(struct table *t, const char *by, const char *text)
{
	char *said = NULL;

	if (t->state == TABLE_PLAYING)
		store_game_abandon(t->b->store, t->game_id, by, NULL);
	if (text == NULL)
		text = said = xasprintf("%s stopped the %s %s.", by,
		    t->ops->title, t->state == TABLE_PLAYING ? "game" :
		    "lobby");
	say_chan(t->b, t->chan, text);
	free(said);
	table_free(t);
}

/* "alice (1st), bob (2nd)": places in order, for the final line. */
static void
table_places(struct buf *out, const struct table *t,
    const struct game_result *r)
{
	int place, i, any = 0;

	for (place = 1; place <= t->nseats; place++) {
		for (i = 0; i < t->nseats; i++) {
			if (r->place[i] != place)
				continue;
			buf_addf(out, "%s%d. %s", any ? ", " : "", place,
			    t->seats[i].nick);
			any = 1;
		}
	}
}

/* The store's title rules for ops's titles, NULL-name terminated, in a
 * new array the caller frees; *n is how many (0: the array is NULL). */
static struct store_title_rule *
table_title_rules(const struct game_ops *ops, int *n)
{
	struct store_title_rule *rules;
	int i;

	*n = 0;
	if (ops->titles == NULL || ops->titles[0].name == NULL)
		return NULL;
	while (ops->titles[*n].name != NULL)
		(*n)++;
	rules = xcalloc((size_t)*n + 1, sizeof *rules);
	for (i = 0; i < *n; i++) {
		rules[i].name = ops->titles[i].name;
		rules[i].same_detail = ops->titles[i].same_detail;
		rules[i].at = ops->titles[i].at;
		rules[i].further = ops->titles[i].further;
	}
	return rules;
}

/* Records the result r and the titles it earns: the awards, in a new
 * array the caller frees (or NULL), and their count in *n; none when the
 * result could not be saved, as then nobody knows what was earned. */
static struct store_award *
table_record(struct table *t, const struct game_result *r, int *n)
{
	struct store_seat_result res[GAME_MAX_SEATS];
	struct store_title_rule *rules;
	struct store_award *awards = NULL;
	char *cause = NULL;
	int i, nrules, max;

	for (i = 0; i < t->nseats; i++) {
		res[i].place = r->place[i];
		game_outcome(t->ops, r, i, &res[i].won, &res[i].lost);
		res[i].forfeit = game_forfeit(r) == i;
		res[i].points = r->points[i];
		res[i].detail = r->detail[i][0] != '\0' ? r->detail[i] : NULL;
	}
	rules = table_title_rules(t->ops, &nrules);
	/* Each seat earns each title at most once a game. */
	max = t->nseats * nrules;
	if (max > 0)
		awards = xcalloc((size_t)max, sizeof *awards);
	if (store_game_finish(t->b->store, t->game_id, res, t->nseats, rules,
	    awards, max, n, &cause) != 0) {
		table_store_failed(t, "the result", cause);
		free(cause);
	}
	assert(*n <= max);
	free(rules);
	return awards;
}

/* One award as markup, after what came before it in the line: "now an
 * {b:Excellent Cheater} (2 wins in a row)", and for a run that earned it
 * before "still an {b:Infinite Cheater} (4 wins in a row in red)". */
static void
table_award_add(struct buf *out, const struct game_ops *ops,
    const struct store_award *a, const struct store_award *prev)
{
	const char *title = ops->titles[a->rule].title;

	if (prev == NULL || prev->again != a->again)
		buf_adds(out, a->again ? "still " : "now ");
	/* "an" before a vowel: right for titles as games name them ("an
	 * Excellent", "a Lucky"), if not for every English word. */
	buf_addf(out, "%s {b:%s} (%d wins in a row",
	    title[0] != '\0' && strchr("AEIOUaeiou", title[0]) != NULL ?
	    "an" : "a", title, a->count);
	if (a->detail != NULL)
		buf_addf(out, " in %s", a->detail);
	buf_adds(out, ")");
}

/* Announces the awards, one line per player with all of theirs: "alice
 * is now an Excellent Cheater (2 wins in a row) and an Ultimate Cheater
 * (2 wins in a row in red)!".  They come sorted by seat. */
static void
table_announce(struct table *t, const struct store_award *a, int n)
{
	struct buf markup = BUF_INIT, text = BUF_INIT;
	int i, j;

	for (i = 0; i < n; i = j) {
		buf_reset(&markup);
		buf_addf(&markup, "{p:%d} is ", a[i].seat);
		for (j = i; j < n && a[j].seat == a[i].seat; j++) {
			if (j > i)
				buf_adds(&markup, j + 1 < n &&
				    a[j + 1].seat == a[i].seat ? ", " :
				    " and ");
			table_award_add(&markup, t->ops, &a[j],
			    j > i ? &a[j - 1] : NULL);
		}
		buf_adds(&markup, "!");
		table_render(t, &text, buf_str(&markup), 1);
		say_chan(t->b, t->chan, buf_str(&text));
	}
	buf_free(&markup);
	buf_free(&text);
}

void
table_finish(struct table *t)
{
	struct store_award *awards;
	struct game_result r;
	struct store_stats st;
	struct buf text = BUF_INIT;
	int nawards;

	memset(&r, 0, sizeof r);
	t->ops->result(t->g, &r);
	awards = table_record(t, &r, &nawards);
	buf_addf(&text, "Game over!");
	if (r.winner >= 0 && game_forfeit(&r) == r.winner)
		buf_addf(&text, " %s wins %s by forfeit: a game played, not "
		    "counted as a win.", t->seats[r.winner].nick,
		    t->ops->title);
	else if (r.winner >= 0) {
		buf_addf(&text, " %s wins %s", t->seats[r.winner].nick,
		    t->ops->title);
		if (store_stats(t->b->store, t->seats[r.winner].nick,
		    t->ops->name, &st, NULL) == 0 && st.streak > 1)
			buf_addf(&text, " (%d in a row)", st.streak);
		buf_adds(&text, ".");
	}
	if (r.loser >= 0)
		buf_addf(&text, " %s loses %s.", t->seats[r.loser].nick,
		    t->ops->title);
	if (r.winner < 0 || r.loser >= 0) {
		buf_adds(&text, " Places: ");
		table_places(&text, t, &r);
		buf_adds(&text, ".");
	}
	say_chan(t->b, t->chan, buf_str(&text));
	buf_free(&text);
	table_announce(t, awards, nawards);
	free(awards);
	table_free(t);
}

void
table_status(struct table *t)
{
	struct table_out o;
	struct buf text = BUF_INIT;
	char words[256];
	int i;
	uint64_t start;

	if (t->state == TABLE_PLAYING) {
		table_out_init(&o);
		t->ops->view(t->g, GAME_PUBLIC, &o.out);
		table_out_flush(t, &o);
		return;
	}
	game_opts_words(t->ops, &t->opts, words, sizeof words);
	buf_addf(&text, "%s lobby%s%s%s: ", t->ops->title,
	    *words != '\0' ? " (" : "", words, *words != '\0' ? ")" : "");
	for (i = 0; i < t->nseats; i++)
		buf_addf(&text, "%s%s", i > 0 ? ", " : "", t->seats[i].nick);
	buf_addf(&text, " (%d seated, %d-%d play). ", t->nseats,
	    t->ops->min_seats, t->ops->max_seats);
	start = t->opened_at + (uint64_t)t->b->conf->lobby_start_ms;
	if (t->b->now >= start)
		buf_adds(&text, "Anyone seated may !start.");
	else
		buf_addf(&text, "%s may !start; anyone seated in %llus.",
		    t->seats[t->opener].nick,
		    (unsigned long long)(start - t->b->now + 999) / 1000);
	say_chan(t->b, t->chan, buf_str(&text));
	buf_free(&text);
}

void
table_hand(struct table *t, int seat)
{
	struct table_out o;

	table_out_init(&o);
	t->ops->view(t->g, seat, &o.out);
	table_out_flush(t, &o);
}
