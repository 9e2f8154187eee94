/*
 * A table is one channel's lobby and then its game: its opening and
 * closing, the deal, the end and the record of it, with the titles the
 * end earns.  Moves during play are table-play.c's, which calls this file;
 * its timers are table-clock.c's, and what it says goes through
 * table-out.c.  The game's turn is worked out here, once each time the
 * game changes (table_turn_update()), and read from t->turn by all.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/core/table-int.h"
#include "bot/core/table.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/solo.h"
#include "storage/store.h"

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
	c->table = t;
	ended_forget(c);
	table_clock_lobby(t);
	return t;
}

void
table_free(struct table *t)
{
	int i;

	if (t == NULL)
		return;
	table_clock_stop_all(t);
	table_ai_free(t);
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

void
table_lobby_expired(struct table *t)
{
	char *text;

	if (t->state != TABLE_LOBBY)
		return;
	table_lang(t);
	text = xasprintf(_("The %s lobby closed: nobody started it."),
	    t->ops->title);
	table_say(t, text);
	free(text);
	table_free(t);
}

void
table_turn_update(struct table *t)
{
	struct game_turn was = t->turn;

	t->ops->turn(t->g, &t->turn);
	table_window_turned(t, &was);
}

void
table_after_move(struct table *t)
{
	if (t->turn.over) {
		table_clock_stop(t);
		table_finish(t);
	} else if (table_people(t) == 0) {
		table_lang(t);
		table_stop(t, "no person", _("Only AI seats are left: the "
		    "game ends here, unrecorded."));
	} else {
		table_clock_arm(t);
		table_ai_arm(t);
	}
}

void
table_store_failed(struct table *t, const char *what, const char *why)
{
	char *text;

	log_error("game %lld in %s: %s not saved: %s",
	    (long long)t->game_id, t->chan->name, what, why);
	text = xasprintf(_("I cannot write my database (%s): the game in %s "
	    "waits; moves are refused until it can be written."), why,
	    t->chan->name);
	who_tell_admins(t->b, text);
	free(text);
	dbwatch_now(t->b);
}

int
table_start(struct table *t, char **cause)
{
	struct table_out o, other;
	struct game *g;
	char langs[GAME_MAX_SEATS][LANG_MAX];
	int64_t players[GAME_MAX_SEATS];
	char ident[GAME_MAX_SEATS][WHO_IDENT_MAX];
	struct who w;
	const char *idents[GAME_MAX_SEATS];
	char opts[256], salt[DEAL_KEY_SALT + 1];
	struct rng r;
	int i, dealer, nlangs, k;

	if (t->nseats < t->ops->min_seats)
		return game_fail(cause, ngettext("%s needs at least %d "
		    "player", "%s needs at least %d players",
		    t->ops->min_seats), t->ops->title, t->ops->min_seats);
	if (table_story_seed(t, salt, cause) != 0)
		return -1;
	rng_seed(&r, t->seed);
	dealer = (int)(t->chan->deals % (unsigned)t->nseats);
	table_out_init(&o);
	table_lang(t);
	t->g = t->ops->create(&t->opts, t->nseats, dealer, &r, &o.out, cause);
	if (t->g == NULL) {
		table_out_flush(t, &o);
		return -1;
	}
	/* The hands in each other language a seat reads: the same deal
	 * again, from the same generator (table-int.h). */
	nlangs = table_langs(t, langs);
	for (k = 0; k < nlangs; k++) {
		lang_use(langs[k]);
		table_out_init(&other);
		if ((g = t->ops->create(&t->opts, t->nseats, dealer, &r,
		    &other.out, NULL)) != NULL)
			t->ops->destroy(g);
		table_out_take(t, &o, &other, langs[k]);
	}
	table_lang(t);
	table_turn_update(t);
	for (i = 0; i < t->nseats; i++) {
		w.nick = t->seats[i].nick;
		w.userhost = t->seats[i].userhost;
		w.account = t->seats[i].account;
		players[i] = t->seats[i].player;
		/* An AI seat is known again after a restart by its level. */
		if (t->seats[i].ai)
			snprintf(ident[i], sizeof ident[i], "ai:%s",
			    ai_level_name(t->seats[i].level));
		else
			who_ident(&w, ident[i], sizeof ident[i]);
		idents[i] = ident[i];
	}
	game_opts_format(t->ops, &t->opts, opts, sizeof opts);
	t->game_id = store_game_begin(t->b->store, t->ops->name, t->chan->name,
	    opts, t->seed, salt, dealer, t->nseats, players, idents, cause);
	if (t->game_id < 0) {
		t->ops->destroy(t->g);
		t->g = NULL;
		table_out_init(&o);
		return -1;
	}
	table_clock_lobby_end(t);
	table_ai_start(t);
	table_story_commit(t, dealer, salt, &o.pub);
	t->chan->deals++;
	t->state = TABLE_PLAYING;
	table_out_flush(t, &o);
	table_after_move(t);
	return 0;
}

void
table_stop(struct table *t, const char *by, const char *text)
{
	struct table_story ts;
	struct buf line = BUF_INIT;
	int playing = t->state == TABLE_PLAYING;

	table_lang(t);
	memset(&ts, 0, sizeof ts);
	if (playing) {
		store_game_abandon(t->b->store, t->game_id, by, NULL);
		table_story_read(t, &ts);
	}
	if (text != NULL)
		buf_adds(&line, text);
	else
		buf_addf(&line, playing ? _("%s stopped the %s game.") :
		    _("%s stopped the %s lobby."), by, t->ops->title);
	table_story_key(&ts, &line);
	table_say(t, buf_str(&line));
	if (playing) {
		table_story_reveal(t, &ts);
		ended_note(t);
	}
	table_story_done(&ts);
	buf_free(&line);
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
table_record(struct table *t, const struct game_result *r,
    const struct table_story *ts, int *n)
{
	struct store_seat_result res[GAME_MAX_SEATS];
	struct store_bluffs bluffs[GAME_MAX_SEATS];
	const char *earned[GAME_MAX_SEATS][STORY_TITLES + 1];
	int got[STORY_TITLES];
	struct store_title_rule *rules;
	struct store_award *awards = NULL;
	char *cause = NULL;
	int i, j, k, nrules, max;

	for (i = 0; i < t->nseats; i++) {
		res[i].place = r->place[i];
		game_outcome(t->ops, r, i, &res[i].won, &res[i].lost);
		res[i].forfeit = game_forfeit(r) == i;
		res[i].points = r->points[i];
		res[i].detail = r->detail[i][0] != '\0' ? r->detail[i] : NULL;
		res[i].bluffs = NULL;
		res[i].earned = NULL;
		if (!ts->played || !t->ops->claims)
			continue;
		table_story_bluffs(&ts->ledger, i, &bluffs[i]);
		res[i].bluffs = &bluffs[i];
		k = story_earned(t->ops, &ts->ledger, r, i, got);
		for (j = 0; j < k; j++)
			earned[i][j] = story_titles[got[j]].name;
		earned[i][k] = NULL;
		res[i].earned = earned[i];
	}
	rules = table_title_rules(t->ops, &nrules);
	/* Each seat earns each title at most once a game. */
	max = t->nseats * (nrules + STORY_TITLES + SOLO_TITLES);
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
		/* TRANSLATORS: "alice is now an Excellent Cheater (2 wins
		 * in a row)", "... still an Infinite Cheater (4 wins in a
		 * row in red)": the pieces of that line. */
		buf_adds(out, a->again ? _("still ") : _("now "));
	/* "an" before a vowel: right for titles as games name them ("an
	 * Excellent", "a Lucky"), if not for every English word. */
	title = _(title);
	buf_addf(out, title[0] != '\0' && strchr("AEIOUaeiou", title[0]) !=
	    NULL ? _("an {b:%s}") : _("a {b:%s}"), title);
	buf_addf(out, ngettext(" (%d win in a row", " (%d wins in a row",
	    a->count), a->count);
	if (a->detail != NULL)
		/* TRANSLATORS: after "(4 wins in a row": the suit. */
		buf_addf(out, _(" in %s"), _(a->detail));
	buf_adds(out, ")");
}

/* Announces the streak titles' awards (a bluff title's, earned set, is
 * table-story.c's), one line per player with all of theirs: "alice is
 * now an Excellent Cheater (2 wins in a row) and an Ultimate Cheater (2
 * wins in a row in red)!".  They come sorted by seat. */
static void
table_announce(struct table *t, const struct store_award *all, int nall)
{
	struct buf markup = BUF_INIT, text = BUF_INIT;
	struct store_award *a = xcalloc((size_t)nall + 1, sizeof *a);
	int i, j, n = 0;

	for (i = 0; i < nall; i++)
		if (all[i].earned == NULL)
			a[n++] = all[i];
	for (i = 0; i < n; i = j) {
		buf_reset(&markup);
		buf_addf(&markup, _("{p:%d} is "), a[i].seat);
		for (j = i; j < n && a[j].seat == a[i].seat; j++) {
			if (j > i)
				buf_adds(&markup, j + 1 < n &&
				    a[j + 1].seat == a[i].seat ? ", " :
				    _(" and "));
			table_award_add(&markup, t->ops, &a[j],
			    j > i ? &a[j - 1] : NULL);
		}
		buf_adds(&markup, "!");
		table_render(t, &text, buf_str(&markup), 1);
		table_say(t, buf_str(&text));
	}
	free(a);
	buf_free(&markup);
	buf_free(&text);
}

/* The solo ratings of a game's people before its result moves them
 * (the solo ladder, docs/league.md), to tell each what it moved. */
struct solo_before {
	int on;				/* 1: an AI seat and a person sat */
	int had[GAME_MAX_SEATS];	/* 1: a solo rating of the variant */
	struct store_rating r[GAME_MAX_SEATS];
};

static void
table_solo_before(struct table *t, struct solo_before *sb)
{
	int i, ai = 0;

	memset(sb, 0, sizeof *sb);
	for (i = 0; i < t->nseats; i++)
		ai += t->seats[i].ai;
	sb->on = ai > 0 && ai < t->nseats;
	for (i = 0; sb->on && i < t->nseats; i++) {
		if (!t->seats[i].ai)
			sb->had[i] = store_solo_rating(t->b->store,
			    t->seats[i].nick, t->ops->name, &sb->r[i],
			    NULL) == 0;
	}
}

/* Tells each person still at the table whose solo rating the game moved
 * where it stands now and by how much (from a newcomer's mu for a first
 * solo game), privately and in their language, after the line after. */
static void
table_solo_tell(struct table *t, const struct solo_before *sb,
    uint64_t after)
{
	struct store_rating now;
	struct buf text = BUF_INIT;
	const struct seat *s;
	double was;
	int i;

	for (i = 0; sb->on && i < t->nseats; i++) {
		s = &t->seats[i];
		if (s->ai || s->gone || s->away ||
		    store_solo_rating(t->b->store, s->nick, t->ops->name,
		    &now, NULL) != 0 ||
		    (sb->had[i] && now.games == sb->r[i].games))
			continue;
		was = sb->had[i] ? sb->r[i].mu : RATING_MU;
		lang_use(table_seat_lang(t, i));
		buf_reset(&text);
		/* TRANSLATORS: the game's name ("Cheat"), the solo rating
		 * and its deviation, then how far this game moved it
		 * ("+4.5", "-1.2"). */
		buf_addf(&text, _("Your solo %s rating: %.1f \xc2\xb1 %.1f, "
		    "%+.1f this game."), t->ops->title, now.mu, now.sigma,
		    now.mu - was);
		say_game_to(t->b, QUEUE_NEWS, s->nick, s->prefs.notice,
		    t->chan, buf_str(&text), after);
	}
	table_lang(t);
	buf_free(&text);
}

void
table_finish(struct table *t)
{
	struct store_award *awards;
	struct solo_before sb;
	struct table_story ts;
	struct game_result r;
	struct store_stats st;
	struct buf text = BUF_INIT;
	uint64_t over;
	int nawards;

	memset(&r, 0, sizeof r);
	t->ops->result(t->g, &r);
	table_story_read(t, &ts);
	table_solo_before(t, &sb);
	awards = table_record(t, &r, &ts, &nawards);
	table_lang(t);
	buf_adds(&text, _("Game over!"));
	if (r.winner >= 0 && game_forfeit(&r) == r.winner)
		buf_addf(&text, _(" %s wins %s by forfeit: a game played, not "
		    "counted as a win."), t->seats[r.winner].nick,
		    t->ops->title);
	else if (r.winner >= 0) {
		buf_addf(&text, _(" %s wins %s"), t->seats[r.winner].nick,
		    t->ops->title);
		if (store_stats(t->b->store, t->seats[r.winner].nick,
		    t->ops->name, &st, NULL) == 0 && st.streak > 1)
			/* TRANSLATORS: after "alice wins Cheat": her
			 * streak, at least 2. */
			buf_addf(&text, ngettext(" (%d in a row)",
			    " (%d in a row)", st.streak), st.streak);
		buf_adds(&text, ".");
	}
	if (r.loser >= 0)
		buf_addf(&text, _(" %s loses %s."), t->seats[r.loser].nick,
		    t->ops->title);
	if (r.winner < 0 || r.loser >= 0) {
		buf_adds(&text, _(" Places: "));
		table_places(&text, t, &r);
		buf_adds(&text, ".");
	}
	table_story_key(&ts, &text);
	over = table_say(t, buf_str(&text));
	buf_free(&text);
	table_solo_tell(t, &sb, over);
	table_story_reveal(t, &ts);
	table_announce(t, awards, nawards);
	table_story_titles(t, awards, nawards);
	table_story_done(&ts);
	free(awards);
	ended_note(t);
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
		o.cls = QUEUE_REPLY;
		table_lang(t);
		t->ops->view(t->g, GAME_PUBLIC, &o.out);
		table_out_flush(t, &o);
		return;
	}
	table_lang(t);
	game_opts_words(t->ops, &t->opts, words, sizeof words);
	buf_addf(&text, _("%s lobby"), t->ops->title);
	if (*words != '\0')
		buf_addf(&text, " (%s)", words);
	buf_adds(&text, ": ");
	for (i = 0; i < t->nseats; i++)
		buf_addf(&text, "%s%s%s%s", i > 0 ? ", " : "", t->seats[i].nick,
		    t->seats[i].ai ? " " : "", t->seats[i].ai ?
		    ai_level_name(t->seats[i].level) : "");
	buf_addf(&text, _(" (%d seated, %d-%d play). "), t->nseats,
	    t->ops->min_seats, t->ops->max_seats);
	start = t->opened_at + (uint64_t)t->b->conf->lobby_start_ms;
	if (t->b->now >= start)
		buf_adds(&text, _("Anyone seated may !start."));
	else
		buf_addf(&text, _("%s may !start; anyone seated in %llus."),
		    t->seats[t->opener].nick,
		    (unsigned long long)(start - t->b->now + 999) / 1000);
	say_chan_as(t->b, t->chan, QUEUE_REPLY, buf_str(&text));
	buf_free(&text);
}

void
table_hand(struct table *t, int seat, const char *lead)
{
	struct table_out o;

	table_out_init(&o);
	if (lead != NULL)
		game_say(&o.out, GAME_PUBLIC, "%s", lead);
	else
		o.cls = QUEUE_REPLY;
	lang_use(table_seat_lang(t, seat));
	t->ops->view(t->g, seat, &o.out);
	table_lang(t);
	table_out_flush(t, &o);
}
