/*
 * Commands about the game in progress that are not moves: !hand re-sends
 * the sender's hand privately; !status tells the channel where things
 * stand (lobby or game).  Moves themselves are the variant's commands,
 * routed by dispatch.c.
 */
#include "bot/core/core.h"

static void
cmd_hand(struct cmd_ctx *ctx)
{
	if (ctx->table->seats[ctx->seat].away)
		say_error(ctx, "you are away from %s: join it again to get "
		    "your hand back", ctx->table->chan->name);
	else
		table_hand(ctx->table, ctx->seat, NULL);
}

static void
cmd_status(struct cmd_ctx *ctx)
{
	table_status(ctx->table);
}

const struct cmd_entry cmd_game_table[] = {
	{ "hand", "cards", 0, 0, GAME_WHERE_BOTH, NEED_GAME | NEED_SEATED, "",
	    "send me my hand again (privately)", cmd_hand },
	{ "status", "st", 0, 0, GAME_WHERE_BOTH, NEED_TABLE, "",
	    "whose turn it is, the last play, the pile and every hand's size",
	    cmd_status },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
