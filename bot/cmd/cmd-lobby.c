/*
 * Lobby commands: !games, !play, !join, !leave, !start, !addbot,
 * !removebot and !notify (!stop is with the admin commands).  A lobby is opened in a
 * channel by !play, players sit with !join, AI seats are added by
 * !addbot (or !play GAME bots=N), and !start deals (the opener at once,
 * anyone seated after conf->lobby_start_ms).  A lobby with no person left
 * in it closes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

/* A seat given up in a game is gone for good, so !leave there must be
 * typed twice within this time: one typed by mistake (meant for a lobby,
 * or as a question) costs nothing. */
#define LEAVE_AGAIN_MS (30 * 1000)

/* The index of ops in game_table[], for the configured option defaults. */
static int
cmd_variant_index(const struct game_ops *ops)
{
	int i;

	for (i = 0; game_table[i] != NULL; i++) {
		if (game_table[i] == ops)
			return i;
	}
	return 0;
}

/* The !games text, the same for everyone who asks in one language: made
 * once, and again when a reload changed the command prefix it names or
 * another language asks (the key is the prefix, a space and the
 * language). */
static const char *
cmd_games_text(struct bot *b)
{
	struct buf text = BUF_INIT;
	char *key = xasprintf("%s %s", b->conf->prefix, lang_now());
	int i;

	if (b->games_text != NULL && strcmp(b->games_prefix, key) == 0) {
		free(key);
		return b->games_text;
	}
	buf_adds(&text, _("Games:"));
	for (i = 0; game_table[i] != NULL; i++) {
		if (i > 0)
			buf_adds(&text, ";");
		/* TRANSLATORS: one game of the list after "Games:", a
		 * space first: its name as typed, its title, and how many
		 * may play ("cheat (Cheat, 2-6 players)"). */
		buf_addf(&text, _(" %s (%s, %d-%d players)"),
		    game_table[i]->name, game_table[i]->title,
		    game_table[i]->min_seats, game_table[i]->max_seats);
	}
	/* TRANSLATORS: after the list of games; %s is the command
	 * prefix ("!"). */
	buf_addf(&text, _(". %splay GAME opens a lobby; %srules GAME explains "
	    "one."), b->conf->prefix, b->conf->prefix);
	free(b->games_text);
	free(b->games_prefix);
	b->games_text = xstrdup(buf_str(&text));
	b->games_prefix = key;
	buf_free(&text);
	return b->games_text;
}

static void
cmd_games(struct cmd_ctx *ctx)
{
	say_reply(ctx, "%s", cmd_games_text(ctx->b));
}

/* Refuses a sender already seated at a table; returns 1 if refused. */
static int
cmd_seated_elsewhere(struct cmd_ctx *ctx)
{
	struct table *t;
	int seat;

	t = table_of_player(ctx->b, &ctx->from, &seat);
	if (t == NULL)
		return 0;
	/* TRANSLATORS: the game's name as typed ("cheat"), then the
	 * channel. */
	say_error(ctx, _("you already sit at the %s table in %s"),
	    t->ops->name, t->chan->name);
	return 1;
}

/* Adds n AI seats of level to t's lobby; 0, or -1 with *cause. */
static int
cmd_add_ai(struct table *t, int n, enum ai_level level, char **cause)
{
	int i;

	if (n > 0 && t->ops->ai == NULL)
		return game_fail(cause, _("%s has no AI seats"),
		    t->ops->title);
	for (i = 0; i < n; i++) {
		if (table_seat_add_ai(t, level, cause) < 0)
			return -1;
	}
	return 0;
}

/* The lobby words of !play that are no game option: bots=N and
 * level=L, into *bots and *level; 1 if word was one (or -1 and *cause
 * for a bad value), 0 if it is for the game. */
static int
cmd_play_word(struct cmd_ctx *ctx, const char *word, int *bots, int *level,
    char **cause)
{
	const struct game_ops *ops;
	char *end;
	long v;

	if (strncasecmp(word, "bots=", 5) == 0) {
		v = strtol(word + 5, &end, 10);
		ops = game_find(ctx->argv[1], NULL);
		if (*end != '\0' || end == word + 5 || v < 0 ||
		    (ops != NULL && v >= ops->max_seats))
			return game_fail(cause, _("bots= takes a number of "
			    "AI seats from 0 to %d"), ops != NULL ?
			    ops->max_seats - 1 : 9);
		*bots = (int)v;
		return 1;
	}
	if (strncasecmp(word, "level=", 6) == 0) {
		if ((*level = ai_level_find(word + 6)) < 0)
			return game_fail(cause, _("level= is easy, normal, "
			    "hard or expert, not '%s'"), word + 6);
		return 1;
	}
	return 0;
}

static void
cmd_play(struct cmd_ctx *ctx)
{
	const struct game_ops *ops;
	struct game_opts opts;
	struct table *t;
	char *cause = NULL, desc[256], opts_said[260] = "", bots_said[64] = "";
	int i, rc, bots = 0, level = ctx->b->conf->ai_level;

	if (ctx->table != NULL) {
		if (ctx->table->state == TABLE_LOBBY)
			/* TRANSLATORS: %s is the game's name as typed
			 * ("cheat"). */
			say_error(ctx, _("a %s lobby is already on here; "
			    "!join it"), ctx->table->ops->name);
		else
			/* TRANSLATORS: %s is the game's name as typed
			 * ("cheat"). */
			say_error(ctx, _("a %s game is already on here; wait "
			    "for the next one"), ctx->table->ops->name);
		return;
	}
	if (cmd_seated_elsewhere(ctx))
		return;
	if ((ops = game_find(ctx->argv[1], &cause)) == NULL)
		goto fail;
	opts = ctx->b->conf->variant_opts[cmd_variant_index(ops)];
	for (i = 2; i < ctx->argc; i++) {
		if ((rc = cmd_play_word(ctx, ctx->argv[i], &bots, &level,
		    &cause)) < 0)
			goto fail;
		if (rc == 0 &&
		    game_opts_set(ops, &opts, ctx->argv[i], &cause) != 0)
			goto fail;
	}
	if (bots > 0 && ops->ai == NULL) {
		cause = xasprintf(_("%s has no AI seats"), ops->title);
		goto fail;
	}
	t = table_open(ctx->b, ctx->chan, ops, &opts);
	if (table_seat_add(t, &ctx->from, &cause) != 0 ||
	    cmd_add_ai(t, bots, (enum ai_level)level, &cause) != 0) {
		table_free(t);
		goto fail;
	}
	if (bots > 0)
		/* TRANSLATORS: a piece of "... opens a Cheat lobby%s%s.",
		 * a space first: how many AI seats, of which level (as
		 * typed: easy, normal, hard, expert). */
		snprintf(bots_said, sizeof bots_said, ngettext(
		    " with %d %s AI seat", " with %d %s AI seats", bots),
		    bots, ai_level_name((enum ai_level)level));
	/* Only what differs from the game as its page describes it. */
	game_opts_words(ops, &opts, desc, sizeof desc);
	if (*desc != '\0')
		/* TRANSLATORS: a piece of "... opens a Cheat lobby%s%s.",
		 * a space first: the game's options in words ("2 decks"). */
		snprintf(opts_said, sizeof opts_said, _(" (%s)"), desc);
	/* TRANSLATORS: the opener, the game's title, the options (" (2
	 * decks)") and the AI seats (" with 2 hard AI seats"), either
	 * may be empty; then the command prefix ("!join"), how many may
	 * play, the opener again and the prefix ("!start"). */
	table_sayf(t, _("%s opens a %s lobby%s%s. Type %sjoin to sit in "
	    "(%d-%d players); %s can %sstart."), ctx->from.nick, ops->title,
	    opts_said, bots_said, ctx->b->conf->prefix, ops->min_seats,
	    ops->max_seats, ctx->from.nick, ctx->b->conf->prefix);
	notify_call(t);
	return;
fail:
	say_error(ctx, "%s", cause);
	free(cause);
}

static void
cmd_join(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;
	char *cause = NULL;

	if (ctx->seat >= 0) {
		say_error(ctx, _("you are already seated"));
		return;
	}
	if (cmd_seated_elsewhere(ctx))
		return;
	if (table_seat_add(t, &ctx->from, &cause) != 0) {
		say_error(ctx, "%s", cause);
		free(cause);
		return;
	}
	/* TRANSLATORS: the nick, how many are seated, the game's title. */
	table_sayf(t, ngettext("%s sits in (%d seated for %s).",
	    "%s sits in (%d seated for %s).", t->nseats), ctx->from.nick,
	    t->nseats, t->ops->title);
}

static void
cmd_leave(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;
	struct seat *s;
	char *cause = NULL, *text;
	int closes = table_people(t) == 1;	/* no person after them */

	if (t->state == TABLE_PLAYING) {
		s = &t->seats[ctx->seat];
		if (!s->leave_asked ||
		    ctx->b->now - s->leave_asked_at > LEAVE_AGAIN_MS) {
			s->leave_asked = 1;
			s->leave_asked_at = ctx->b->now;
			/* TRANSLATORS: the command prefix ("!leave"),
			 * seconds, the game's title. */
			say_error(ctx, _("type %sleave again within %d s to "
			    "give up your seat: the %s game goes on without "
			    "you"), ctx->b->conf->prefix, LEAVE_AGAIN_MS / 1000,
			    t->ops->title);
			return;
		}
		s->leave_asked = 0;
		if (table_leave(t, ctx->seat, NULL, &cause) != 0) {
			say_error(ctx, "%s", cause);
			free(cause);
		}
		return;
	}
	/* TRANSLATORS: the nick, the game's title. */
	text = xasprintf(closes ? _("%s leaves the %s lobby, which closes.") :
	    _("%s leaves the %s lobby."), ctx->from.nick, t->ops->title);
	table_say(t, text);
	free(text);
	table_seat_remove(t, ctx->seat);
	if (closes)
		table_free(t);
}

static void
cmd_addbot(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;
	int level = ctx->b->conf->ai_level, seat;
	char *cause = NULL;

	if (ctx->argc > 1 && (level = ai_level_find(ctx->argv[1])) < 0) {
		say_error(ctx, _("the levels are easy, normal, hard and "
		    "expert"));
		return;
	}
	if (t->ops->ai == NULL) {
		say_error(ctx, _("%s has no AI seats"), t->ops->title);
		return;
	}
	if ((seat = table_seat_add_ai(t, (enum ai_level)level, &cause)) < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
		return;
	}
	/* TRANSLATORS: the AI's nick, its level as typed (easy, normal,
	 * hard, expert), how many are seated, the game's title. */
	table_sayf(t, ngettext("%s sits in, an AI playing %s (%d seated for "
	    "%s).", "%s sits in, an AI playing %s (%d seated for %s).",
	    t->nseats), t->seats[seat].nick,
	    ai_level_name((enum ai_level)level), t->nseats, t->ops->title);
}

static void
cmd_removebot(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;
	char nick[NICK_MAX];
	int i, seat = -1;

	if (ctx->argc > 1)
		seat = table_seat_named(t, ctx->argv[1]);
	for (i = t->nseats - 1; ctx->argc < 2 && i >= 0 && seat < 0; i--) {
		if (t->seats[i].ai)
			seat = i;
	}
	if (seat >= 0 && !t->seats[seat].ai) {
		/* TRANSLATORS: the nick, then "(AI)". */
		say_error(ctx, _("%s is a person, not an AI seat (an AI's "
		    "name ends in %s)"), t->seats[seat].nick, NICK_AI);
		return;
	}
	if (seat < 0) {
		say_error(ctx, "%s", ctx->argc < 2 ?
		    _("no AI sits at this table") :
		    _("no AI seat here is called that"));
		return;
	}
	snprintf(nick, sizeof nick, "%s", t->seats[seat].nick);
	table_seat_remove(t, seat);
	/* TRANSLATORS: the AI's nick, the game's title, how many are
	 * seated. */
	table_sayf(t, ngettext("%s leaves the %s lobby (%d seated).",
	    "%s leaves the %s lobby (%d seated).", t->nseats), nick,
	    t->ops->title, t->nseats);
}

static void
cmd_start(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;
	uint64_t anyone = t->opened_at + (uint64_t)ctx->b->conf->lobby_start_ms;
	char *cause = NULL;

	if (ctx->seat != t->opener && ctx->b->now < anyone) {
		/* TRANSLATORS: the opener's nick, then seconds. */
		say_error(ctx, _("%s opened this lobby and can start it; "
		    "anyone seated can in %llus"), t->seats[t->opener].nick,
		    (unsigned long long)(anyone - ctx->b->now + 999) / 1000);
		return;
	}
	if (table_start(t, &cause) != 0) {
		say_error(ctx, "%s", cause);
		free(cause);
	}
}

/* Whether player is called to a lobby of ops (!notify): "notify:NAME"
 * on, or "notify" on and "notify:NAME" not off, as store_pref_players()
 * finds them. */
static int
cmd_notify_on(struct cmd_ctx *ctx, int64_t player, int all,
    const struct game_ops *ops)
{
	char name[64];
	int v;

	snprintf(name, sizeof name, "notify:%s", ops->name);
	if (store_pref_get(ctx->b->store, player, name, &v, NULL) == 0)
		return v == 1;
	return all;
}

/* Tells the sender which games they are called to. */
static void
cmd_notify_say(struct cmd_ctx *ctx, int64_t player)
{
	const char *pfx = ctx->b->conf->prefix;
	struct buf text = BUF_INIT, games = BUF_INIT;
	int i, all = 0, n = 0;

	if (player > 0 && store_pref_get(ctx->b->store, player, "notify", &all,
	    NULL) != 0)
		all = 0;
	for (i = 0; game_table[i] != NULL; i++) {
		if (player > 0 && cmd_notify_on(ctx, player, all,
		    game_table[i]))
			buf_addf(&games, "%s%s", n++ > 0 ? ", " : "",
			    game_table[i]->name);
	}
	if (n == 0)
		/* TRANSLATORS: %s is the command prefix ("!notify"). */
		buf_addf(&text, _("You are not called when a lobby opens "
		    "(%snotify on [GAME] to be)."), pfx);
	else if (n == i && all)
		/* TRANSLATORS: %s is the command prefix ("!notify"). */
		buf_addf(&text, _("You are called when a lobby opens for any "
		    "game (%snotify off [GAME] to stop)."), pfx);
	else
		/* TRANSLATORS: the games' names as typed ("cheat,
		 * cheater"), then the command prefix ("!notify"). */
		buf_addf(&text, _("You are called when a lobby opens for %s "
		    "(%snotify off [GAME] to stop)."), buf_str(&games), pfx);
	say_tell(ctx, buf_str(&text));
	buf_free(&text);
	buf_free(&games);
}

/* !notify [on|off [GAME]]: "notify" for every game, "notify:NAME" for
 * one.  on or off for every game writes every game's too, so that what
 * was chosen one game at a time before is replaced. */
static void
cmd_notify(struct cmd_ctx *ctx)
{
	struct store *st = ctx->b->store;
	const struct game_ops *ops = NULL;
	struct buf key = BUF_INIT;
	char name[64], *cause = NULL;
	int64_t id;
	int i, on, rc = 0;

	who_player_key(&key, &ctx->from);
	if (ctx->argc == 1) {
		id = store_player_find(st, buf_str(&key), NULL);
		buf_free(&key);
		cmd_notify_say(ctx, id);
		return;
	}
	if (strcasecmp(ctx->argv[1], "on") == 0)
		on = 1;
	else if (strcasecmp(ctx->argv[1], "off") == 0)
		on = 0;
	else {
		buf_free(&key);
		/* TRANSLATORS: on and off are typed as they are. */
		say_error(ctx, _("say on or off, not '%s'"), ctx->argv[1]);
		return;
	}
	if (ctx->argc > 2 && (ops = game_find(ctx->argv[2], &cause)) == NULL)
		goto fail;
	if ((id = store_player(st, buf_str(&key), ctx->from.nick,
	    &cause)) < 0)
		goto fail;
	if (ops != NULL) {
		snprintf(name, sizeof name, "notify:%s", ops->name);
		rc = store_pref_set(st, id, name, on, &cause);
	} else {
		rc = store_pref_set(st, id, "notify", on, &cause);
		for (i = 0; rc == 0 && game_table[i] != NULL; i++) {
			snprintf(name, sizeof name, "notify:%s",
			    game_table[i]->name);
			rc = store_pref_set(st, id, name, on, &cause);
		}
	}
	if (rc != 0)
		goto fail;
	buf_free(&key);
	cmd_notify_say(ctx, id);
	return;
fail:
	buf_free(&key);
	say_error(ctx, "%s", cause);
	free(cause);
}

const struct cmd_entry cmd_lobby_table[] = {
	{ "games", NULL, 0, 0, GAME_WHERE_BOTH, NEED_NOTHING, "",
	    N_("list the games I can run"), cmd_games },
	{ "play", NULL, 1, 8, GAME_WHERE_CHANNEL, NEED_NOTHING,
	    "GAME [option=value ...] [bots=N] [level=L]",
	    N_("open a lobby for GAME here and sit in, with N AI players of "
	    "level L if you like"), cmd_play },
	{ "join", "sit", 0, 0, GAME_WHERE_CHANNEL, NEED_LOBBY, "",
	    N_("sit in the open lobby"), cmd_join },
	{ "leave", "part", 0, 0, GAME_WHERE_BOTH, NEED_TABLE | NEED_SEATED,
	    "", N_("leave the lobby, or give up the game you are in (typed "
	    "twice within 30 s)"), cmd_leave },
	{ "start", "deal", 0, 0, GAME_WHERE_CHANNEL, NEED_LOBBY | NEED_SEATED,
	    "", N_("deal the cards (the opener; anyone seated after a while)"),
	    cmd_start },
	{ "addbot", NULL, 0, 1, GAME_WHERE_CHANNEL, NEED_LOBBY | NEED_SEATED,
	    "[easy|normal|hard|expert]", N_("seat an AI player at the lobby "
	    "(the configured level by default)"), cmd_addbot },
	{ "removebot", NULL, 0, 1, GAME_WHERE_CHANNEL,
	    NEED_LOBBY | NEED_SEATED, "[NAME]", N_("take an AI player out of "
	    "the lobby (the last one seated by default)"), cmd_removebot },
	{ "notify", NULL, 0, 2, GAME_WHERE_BOTH, NEED_NOTHING,
	    "[on|off [GAME]]", N_("be named in the channel when a lobby opens "
	    "(for GAME, or any game), at most once in 10 minutes, unless "
	    "you are away; alone: your setting"), cmd_notify },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
