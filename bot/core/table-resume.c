/*
 * Games across restarts and lost connections.
 *
 * Restart: every move is in the database before anyone hears of it, so at
 * start the bot rebuilds each unfinished game of its channels from its
 * variant, options, seed, dealer and move log, checking every move again
 * as it replays it.  The game waits, paused, until the bot has joined the
 * channel and knows who is there (the WHO reply); then the channel hears
 * that the game goes on and where it stands, every player present gets
 * their hand again, and the clock starts afresh: a full turn for the
 * player to move, a full minimum window for a play that may be challenged.
 * Players not in the channel are away, with the grace time of a part.
 *
 * Lost connection: every game stops its clock (calls already in are
 * settled, a play held for the challenge window is dropped and its player
 * asked to make it again) and goes on the same way once the bot is back in
 * the channel.
 *
 * A game that cannot be rebuilt (a move its rules now refuse, a variant
 * that is gone) is marked abandoned with the reason, and the others go on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "bot/core/table-int.h"
#include "bot/core/table.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

struct game *
table_replay(const struct store_game *sg, const struct game_ops **opsp,
    char **cause)
{
	const struct game_ops *ops = game_named(sg->variant);
	struct game_opts opts;
	struct game_move mv;
	struct game *g;
	struct rng r;
	char *why = NULL;
	int i;

	if (ops == NULL)
		return game_fail(cause, "no game '%s'", sg->variant), NULL;
	if (game_opts_parse(ops, sg->options, &opts, cause) != 0)
		return NULL;
	rng_seed(&r, sg->seed);
	if ((g = ops->create(&opts, sg->nseats, sg->dealer, &r, NULL,
	    cause)) == NULL)
		return NULL;
	for (i = 0; i < sg->nmoves; i++) {
		if (game_move_parse(ops, sg->moves[i].text, &mv, &why) != 0 ||
		    ops->check(g, &mv, &why) != 0) {
			game_fail(cause, "move %d '%s': %s", i,
			    sg->moves[i].text, why);
			free(why);
			ops->destroy(g);
			return NULL;
		}
		ops->apply(g, &mv, NULL);
	}
	*opsp = ops;
	return g;
}

/* Seat i of sg at t, as it was dealt. */
static void
table_restore_seat(struct table *t, const struct store_game *sg, int i)
{
	struct seat *s = &t->seats[i];
	const char *ident = sg->seats[i].ident;

	memset(s, 0, sizeof *s);
	s->userhost = s->account = str_none;
	s->table = t;
	nick_set(s->nick, sizeof s->nick, &s->fold, sg->seats[i].nick);
	if (strncmp(ident, "ai:", 3) == 0) {
		/* An AI seat: its mind is made when the game goes on. */
		s->ai = 1;
		s->level = ai_level_find(ident + 3) >= 0 ?
		    (enum ai_level)ai_level_find(ident + 3) : AI_NORMAL;
	} else if (strncmp(ident, "a:", 2) == 0)
		str_set(&s->account, ident + 2, ACCOUNT_MAX);
	else if (strncmp(ident, "h:", 2) == 0)
		str_set(&s->userhost, ident + 2, USERHOST_MAX);
	s->player = sg->seats[i].player;
	prefs_load(t->b, s->player, &s->prefs);
}

/* A game rebuilt from sg becomes c's table, paused until c is synced. */
static void
table_restore_one(struct bot *b, struct chan *c, const struct game_ops *ops,
    const struct store_game *sg, struct game *g)
{
	struct game_opts opts;
	struct table *t;
	int i;

	game_opts_parse(ops, sg->options, &opts, NULL);
	t = table_open(b, c, ops, &opts);
	table_clock_lobby_end(t);
	t->g = g;
	t->state = TABLE_PLAYING;
	t->game_id = sg->id;
	t->nmoves = sg->nmoves;
	t->seed = sg->seed;
	seat_reserve(t, sg->nseats);
	t->nseats = sg->nseats;
	t->paused = TABLE_RESTART;
	for (i = 0; i < sg->nseats; i++)
		table_restore_seat(t, sg, i);
	seat_index_table(t, 1);
	table_turn_update(t);
	if (t->turn.over)	/* its result was not recorded: now it is */
		table_finish(t);
}

/* Rebuilds game id, or abandons it with the reason; only (unless NULL):
 * when it is there (its name as IRC folds it), else it is left alone. */
static void
table_restore_game(struct bot *b, int64_t id, const struct chan *only)
{
	struct store_game *sg;
	const struct game_ops *ops;
	struct chan *c;
	struct game *g;
	char *cause = NULL;

	if ((sg = store_game_load(b->store, id, &cause)) == NULL) {
		log_error("game %lld: %s", (long long)id,
		    cause);
		free(cause);
		return;
	}
	c = chan_find(b, sg->channel);
	if (only != NULL && c != only)
		;	/* another channel's */
	else if (c == NULL || c->table != NULL) {
		log_warn("game %lld in %s waits: %s",
		    (long long)id, sg->channel, c == NULL ?
		    "not one of my channels" : "another game is there");
	} else if ((g = table_replay(sg, &ops, &cause)) == NULL) {
		log_error("game %lld in %s cannot be "
		    "resumed: %s", (long long)id, sg->channel, cause);
		store_game_abandon(b->store, id, cause, NULL);
		free(cause);
	} else
		table_restore_one(b, c, ops, sg, g);
	store_game_free(sg);
}

/* c's count of games dealt, read. */
static void
table_read_deals(struct bot *b, struct chan *c)
{
	int deals = store_deals(b->store, c->name, NULL);

	c->deals = deals > 0 ? (unsigned)deals : 0;
}

/* The games running in only (NULL: in every channel), rebuilt. */
static void
table_restore_games(struct bot *b, struct chan *only)
{
	int64_t *ids = NULL;
	char *cause = NULL;
	int i, n;

	if ((n = store_running_in(b->store, only != NULL ? only->name : NULL,
	    &ids, &cause)) < 0) {
		log_error("cannot look for games to resume: "
		    "%s", cause);
		free(cause);
		return;
	}
	for (i = 0; i < n; i++)
		table_restore_game(b, ids[i], only);
	free(ids);
}

void
table_restore(struct bot *b)
{
	int i;

	for (i = 0; i < b->nchans; i++)
		table_read_deals(b, b->chans[i]);
	if (!b->sharing) {
		table_restore_games(b, NULL);
		return;
	}
	/* Among a network's bots, the channels it deals alone (share.c),
	 * each claimed first. */
	for (i = 0; i < b->nchans; i++)
		if (chan_dealt(b->chans[i]))
			table_restore_games(b, b->chans[i]);
}

void
table_restore_chan(struct bot *b, struct chan *c)
{
	table_read_deals(b, c);
	table_restore_games(b, c);
}

void
table_pause(struct table *t)
{
	struct chan *c = t->chan;

	if (t->state != TABLE_PLAYING || t->paused != TABLE_RUNNING)
		return;
	table_play_pause(t);
	if (c->table != t)
		return;		/* a call settled just now ended it */
	table_clock_stop_all(t);
	t->paused = TABLE_LINK;
}

void
table_resume(struct table *t)
{
	struct table_out o;
	int i;

	if (t->state != TABLE_PLAYING || t->paused == TABLE_RUNNING)
		return;
	presence_recheck(t);
	table_ai_start(t);
	table_out_init(&o);
	table_lang(t);
	if (t->paused == TABLE_TAKEN)
		game_say(&o.out, GAME_PUBLIC, _("The %s game goes on, dealt "
		    "by %s from here."), t->ops->title, t->b->nick);
	else if (t->paused == TABLE_RESTART)
		game_say(&o.out, GAME_PUBLIC, _("The %s game goes on after a "
		    "restart."), t->ops->title);
	else
		game_say(&o.out, GAME_PUBLIC, _("The %s game goes on."),
		    t->ops->title);
	t->ops->view(t->g, GAME_PUBLIC, &o.out);
	for (i = 0; i < t->nseats; i++) {
		if (!t->seats[i].gone && t->seats[i].away)
			game_say(&o.out, GAME_PUBLIC, _("{p:%d} is not here: "
			    "the seat is held for %d s."), i,
			    (t->b->conf->part_grace_ms + 999) / 1000);
		else {
			lang_use(table_seat_lang(t, i));
			t->ops->view(t->g, i, &o.out);
			table_lang(t);
		}
	}
	t->paused = TABLE_RUNNING;
	t->prompted = 0;	/* every seat is told afresh */
	table_out_flush(t, &o);
	table_clock_arm(t);
	table_ai_arm(t);
}
