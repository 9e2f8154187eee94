/*
 * Stats commands: !stats [NICK] [GAME] and !top [GAME] [wins|streak|games],
 * read from storage.  Arguments may come in either order: a word that
 * names a game (exactly, or as its unique prefix when it is no nick) is the
 * game; wins, streak and games name a board.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core.h"
#include "storage/store.h"

#define TOP_ROWS 10

static void
cmd_stats(struct cmd_ctx *ctx)
{
	const struct game_ops *ops = NULL;
	const char *nick = ctx->from.nick, *scope;
	struct store_stats st;
	char *cause = NULL;
	int i, rc;

	for (i = 1; i < ctx->argc; i++) {
		if (ops == NULL && game_named(ctx->argv[i]) != NULL)
			ops = game_named(ctx->argv[i]);
		else
			nick = ctx->argv[i];
	}
	scope = ops != NULL ? ops->title : "all games";
	rc = store_stats(ctx->b->store, nick, ops != NULL ? ops->name : NULL,
	    &st, &cause);
	if (rc < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
	} else if (rc > 0 || st.games == 0)
		say_reply(ctx, "%s has not finished a game%s%s yet.", nick,
		    ops != NULL ? " of " : "", ops != NULL ? scope : "");
	else
		say_reply(ctx, "%s, %s: %d won of %d played (%d%%), %d lost; "
		    "win streak %d, best %d.", st.nick, scope, st.wins,
		    st.games, st.wins * 100 / st.games, st.losses, st.streak,
		    st.best_streak);
}

static void
cmd_top(struct cmd_ctx *ctx)
{
	static const char *const boards[] = { "wins", "streak", "games" };
	static const char *const units[] = { "won", "best streak", "played" };
	struct store_top_row rows[TOP_ROWS];
	const struct game_ops *ops = NULL;
	enum store_board board = STORE_BOARD_WINS;
	struct buf text = BUF_INIT;
	char *cause = NULL;
	int i, j, n;

	for (i = 1; i < ctx->argc; i++) {
		for (j = 0; j < 3; j++) {
			if (strcasecmp(ctx->argv[i], boards[j]) == 0)
				break;
		}
		if (j < 3)
			board = (enum store_board)j;
		else if ((ops = game_find(ctx->argv[i], &cause)) == NULL) {
			say_error(ctx, "%s; boards are wins, streak, games",
			    cause);
			free(cause);
			return;
		}
	}
	n = store_top(ctx->b->store, ops != NULL ? ops->name : NULL, board,
	    rows, TOP_ROWS, &cause);
	if (n < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
		return;
	}
	buf_addf(&text, "Top %s, %s:", ops != NULL ? ops->title : "all games",
	    boards[board]);
	for (i = 0; i < n; i++)
		buf_addf(&text, "%s %d. %s (%d %s)", i > 0 ? "," : "", i + 1,
		    rows[i].nick, rows[i].value, units[board]);
	if (n == 0)
		buf_adds(&text, " nobody yet.");
	say_reply(ctx, "%s", buf_str(&text));
	buf_free(&text);
}

const struct cmd_entry cmd_stats_table[] = {
	{ "stats", NULL, 0, 2, GAME_WHERE_BOTH, NEED_NOTHING, "[NICK] [GAME]",
	    "games, wins and win streaks of NICK (you by default)",
	    cmd_stats },
	{ "top", "board", 0, 2, GAME_WHERE_BOTH, NEED_NOTHING,
	    "[GAME] [wins|streak|games]", "the leaderboard", cmd_top },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
