/*
 * Lobby commands: !games, !play, !join, !leave, !start (!stop is with
 * the admin commands).  A lobby is
 * opened in a channel by !play, players sit with !join, and !start deals
 * (the opener at once, anyone seated after conf->lobby_start_ms).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "games/xalloc.h"

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

static void
cmd_games(struct cmd_ctx *ctx)
{
	struct buf text = BUF_INIT;
	int i;

	buf_adds(&text, "Games:");
	for (i = 0; game_table[i] != NULL; i++)
		buf_addf(&text, "%s %s (%s, %d-%d players)", i > 0 ? ";" : "",
		    game_table[i]->name, game_table[i]->title,
		    game_table[i]->min_seats, game_table[i]->max_seats);
	buf_addf(&text, ". %splay GAME opens a lobby; %srules GAME explains "
	    "one.", ctx->b->conf->prefix, ctx->b->conf->prefix);
	say_reply(ctx, "%s", buf_str(&text));
	buf_free(&text);
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
	say_error(ctx, "you already sit at the %s table in %s", t->ops->name,
	    t->chan->name);
	return 1;
}

static void
cmd_play(struct cmd_ctx *ctx)
{
	const struct game_ops *ops;
	struct game_opts opts;
	struct table *t;
	char *cause = NULL, desc[256];
	int i;

	if (ctx->table != NULL) {
		say_error(ctx, "a %s %s is already on here; %s", ctx->table->
		    ops->name, ctx->table->state == TABLE_LOBBY ? "lobby" :
		    "game", ctx->table->state == TABLE_LOBBY ? "!join it" :
		    "wait for the next one");
		return;
	}
	if (cmd_seated_elsewhere(ctx))
		return;
	if ((ops = game_find(ctx->argv[1], &cause)) == NULL)
		goto fail;
	opts = ctx->b->conf->variant_opts[cmd_variant_index(ops)];
	for (i = 2; i < ctx->argc; i++) {
		if (game_opts_set(ops, &opts, ctx->argv[i], &cause) != 0)
			goto fail;
	}
	t = table_open(ctx->b, ctx->chan, ops, &opts);
	if (table_seat_add(t, &ctx->from, &cause) != 0) {
		table_free(t);
		goto fail;
	}
	/* Only what differs from the game as its page describes it. */
	game_opts_words(ops, &opts, desc, sizeof desc);
	say_reply(ctx, "%s opens a %s lobby%s%s%s. Type %sjoin to sit in "
	    "(%d-%d players); %s can %sstart.", ctx->from.nick, ops->title,
	    *desc != '\0' ? " (" : "", desc, *desc != '\0' ? ")" : "",
	    ctx->b->conf->prefix, ops->min_seats, ops->max_seats, ctx->from.nick,
	    ctx->b->conf->prefix);
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
		say_error(ctx, "you are already seated");
		return;
	}
	if (cmd_seated_elsewhere(ctx))
		return;
	if (table_seat_add(t, &ctx->from, &cause) != 0) {
		say_error(ctx, "%s", cause);
		free(cause);
		return;
	}
	say_reply(ctx, "%s sits in (%d seated for %s).", ctx->from.nick,
	    t->nseats, t->ops->title);
}

static void
cmd_leave(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;
	struct seat *s;
	char *cause = NULL, *text;
	int closes = t->nseats == 1;

	if (t->state == TABLE_PLAYING) {
		s = &t->seats[ctx->seat];
		if (!s->leave_asked ||
		    ctx->b->now - s->leave_asked_at > LEAVE_AGAIN_MS) {
			s->leave_asked = 1;
			s->leave_asked_at = ctx->b->now;
			say_error(ctx, "type %sleave again within %d s to give "
			    "up your seat: the %s game goes on without you",
			    ctx->b->conf->prefix, LEAVE_AGAIN_MS / 1000,
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
	text = xasprintf("%s leaves the %s lobby%s", ctx->from.nick, t->ops->title,
	    closes ? ", which closes." : ".");
	say_chan(ctx->b, t->chan, text);
	free(text);
	table_seat_remove(t, ctx->seat);
	if (t->nseats == 0)
		table_free(t);
}

static void
cmd_start(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;
	uint64_t anyone = t->opened_at + (uint64_t)ctx->b->conf->lobby_start_ms;
	char *cause = NULL;

	if (ctx->seat != t->opener && ctx->b->now < anyone) {
		say_error(ctx, "%s opened this lobby and can start it; anyone "
		    "seated can in %llus", t->seats[t->opener].nick,
		    (unsigned long long)(anyone - ctx->b->now + 999) / 1000);
		return;
	}
	if (table_start(t, &cause) != 0) {
		say_error(ctx, "%s", cause);
		free(cause);
	}
}

const struct cmd_entry cmd_lobby_table[] = {
	{ "games", NULL, 0, 0, GAME_WHERE_BOTH, NEED_NOTHING, "",
	    "list the games I can run", cmd_games },
	{ "play", NULL, 1, 8, GAME_WHERE_CHANNEL, NEED_NOTHING,
	    "GAME [option=value ...]",
	    "open a lobby for GAME here and sit in", cmd_play },
	{ "join", "sit", 0, 0, GAME_WHERE_CHANNEL, NEED_LOBBY, "",
	    "sit in the open lobby", cmd_join },
	{ "leave", "part", 0, 0, GAME_WHERE_BOTH, NEED_TABLE | NEED_SEATED,
	    "", "leave the lobby, or give up the game you are in (typed "
	    "twice within 30 s)", cmd_leave },
	{ "start", "deal", 0, 0, GAME_WHERE_CHANNEL, NEED_LOBBY | NEED_SEATED,
	    "", "deal the cards (the opener; anyone seated after a while)",
	    cmd_start },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
