/*
 * Commands that keep order: !stop ends a lobby (its opener may too) or a
 * game; !kick NICK removes a player from the game (channel operators and
 * bot admins); !reload re-reads the configuration without dropping any
 * game (bot admins; SIGHUP does the same).  Bot admins are the accounts
 * and nick!user@host masks of conf->admins (who.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "games/xalloc.h"

static void
cmd_stop(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;

	if (!dispatch_operator(ctx) && !(t->state == TABLE_LOBBY && ctx->seat == t->opener)) {
		say_error(ctx, "only %sa channel operator or a bot admin "
		    "can stop this %s", t->state == TABLE_LOBBY ?
		    "the opener, " : "", t->state == TABLE_LOBBY ? "lobby" :
		    "game");
		return;
	}
	table_stop(t, ctx->from.nick);
}

static void
cmd_kick(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;
	int seat = table_seat_named(t, ctx->argv[1]);
	char *lead, *cause = NULL;

	if (seat < 0) {
		say_error(ctx, "'%s' is not playing here", ctx->argv[1]);
		return;
	}
	lead = xasprintf("{p:%d} was removed from the game by %s.", seat,
	    ctx->from.nick);
	if (table_leave(t, seat, lead, &cause) != 0) {
		say_error(ctx, "%s", cause);
		free(cause);
	}
	free(lead);
}

static void
cmd_reload(struct cmd_ctx *ctx)
{
	ctx->b->reload = 1;
	snprintf(ctx->b->reload_by, sizeof ctx->b->reload_by, "%s",
	    ctx->from.nick);
}

const struct cmd_entry cmd_admin_table[] = {
	{ "stop", NULL, 0, 0, GAME_WHERE_CHANNEL, NEED_TABLE, "",
	    "end the lobby (its opener) or the game (operators, admins)",
	    cmd_stop },
	{ "kick", "remove", 1, 1, GAME_WHERE_CHANNEL,
	    NEED_GAME | NEED_OPERATOR, "NICK",
	    "remove a player from the game (operators, admins)", cmd_kick },
	{ "reload", "rehash", 0, 0, GAME_WHERE_BOTH, NEED_ADMIN, "",
	    "read the configuration file again; games go on (admins)",
	    cmd_reload },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
