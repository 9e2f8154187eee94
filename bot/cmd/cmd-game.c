/*
 * Commands about the game in progress that are not moves: !hand re-sends
 * the sender's hand privately; !status tells the channel where things
 * stand (lobby or game); !pass lets an open challenge window go
 * (table-window.c).  Moves themselves are the variant's commands, routed
 * by dispatch.c.
 */
#include <stdlib.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "games/intl.h"

static void
cmd_hand(struct cmd_ctx *ctx)
{
	if (ctx->table->seats[ctx->seat].away)
		/* TRANSLATORS: %s is the channel. */
		say_error(ctx, _("you are away from %s: join it again to get "
		    "your hand back"), ctx->table->chan->name);
	else
		table_hand(ctx->table, ctx->seat, NULL);
}

static void
cmd_status(struct cmd_ctx *ctx)
{
	table_status(ctx->table);
}

int
cmd_decline(struct cmd_ctx *ctx, char **cause)
{
	char *waiting;

	if (table_window_decline(ctx->table, ctx->seat, &waiting,
	    cause) != 0)
		return -1;
	/* Nothing when the window owes nobody now, or only AI seats,
	 * which answer within their think time: the line that closes it
	 * is the answer. */
	if (waiting != NULL)
		/* TRANSLATORS: %s is the players still to answer. */
		say_reply(ctx, _("you let it go; the window waits for %s"),
		    waiting);
	free(waiting);
	return 0;
}

static void
cmd_pass(struct cmd_ctx *ctx)
{
	char *cause = NULL;

	if (cmd_decline(ctx, &cause) != 0) {
		say_error(ctx, "%s", cause);
		free(cause);
	}
}

const struct cmd_entry cmd_game_table[] = {
	{ "hand", "cards", 0, 0, GAME_WHERE_BOTH, NEED_GAME | NEED_SEATED, "",
	    N_("send me my hand again (privately)"), cmd_hand },
	{ "status", "st", 0, 0, GAME_WHERE_BOTH, NEED_TABLE, "",
	    N_("whose turn it is, the last play, the pile and every hand's "
	    "size"),
	    cmd_status },
	{ "pass", NULL, 0, 0, GAME_WHERE_BOTH, NEED_GAME | NEED_SEATED, "",
	    N_("let a call you could make go by: a challenge window ends as "
	    "soon as everyone it is open to has answered"), cmd_pass },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
