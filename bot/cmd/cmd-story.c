/*
 * The story commands: !replay [GAME_ID] and !more (a finished or stopped
 * game, play by play with every hidden card shown, sent privately a page
 * at a time), !history [NICK] (recent game ids) and !bluffs [NICK] [GAME]
 * (the bluff ledger: lies told, caught and got away, honest claims
 * called, calls right and wrong; the solo ladder's games, those with AI
 * seats, summed on a line of their own).  A replay is never given of a game
 * still being played: it would show the hands.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/core/core.h"
#include "bot/core/replay.h"
#include "storage/store.h"

#define HISTORY_ROWS 8

/* Reads "42" or "#42" into *id: 0, or -1. */
static int
cmd_game_id(const char *word, int64_t *id)
{
	char *end;
	long long v;

	if (*word == '#')
		word++;
	if (*word < '0' || *word > '9')
		return -1;
	v = strtoll(word, &end, 10);
	if (*end != '\0' || v <= 0)
		return -1;
	*id = (int64_t)v;
	return 0;
}

/* The sender's last game that is over (finished or stopped): 0 and *id,
 * 1 when none, -1 and *cause. */
static int
cmd_last_game(struct cmd_ctx *ctx, int64_t *id, char **cause)
{
	struct store_history_row rows[HISTORY_ROWS];
	int i, n;

	n = store_history(ctx->b->store, ctx->from.nick, NULL, rows,
	    HISTORY_ROWS, cause);
	if (n < 0)
		return -1;
	for (i = 0; i < n; i++)
		if (strcmp(rows[i].state, "running") != 0) {
			*id = rows[i].id;
			return 0;
		}
	return 1;
}

static void
cmd_replay(struct cmd_ctx *ctx)
{
	struct store_game *sg;
	char state[16], **lines, *cause = NULL;
	int64_t id;
	int rc, n;

	if (ctx->argc > 1) {
		if (cmd_game_id(ctx->argv[1], &id) != 0) {
			say_error(ctx, "a game is named by its number, as "
			    "!history lists them: !replay 42");
			return;
		}
	} else if ((rc = cmd_last_game(ctx, &id, &cause)) != 0) {
		if (rc < 0)
			say_error(ctx, "%s", cause);
		else
			say_error(ctx, "you have no finished game to replay; "
			    "!history lists recent games");
		free(cause);
		return;
	}
	rc = store_game_state(ctx->b->store, id, state, sizeof state, &cause);
	if (rc != 0) {
		if (rc < 0)
			say_error(ctx, "%s", cause);
		else
			say_error(ctx, "there is no game %" PRId64 "; !history "
			    "lists recent games", id);
		free(cause);
		return;
	}
	if (strcmp(state, "running") == 0) {
		say_error(ctx, "game %" PRId64 " is still being played: its "
		    "replay comes once it is over", id);
		return;
	}
	if ((sg = store_game_load(ctx->b->store, id, &cause)) == NULL ||
	    (n = replay_text(sg, ctx->b->conf->questions, ctx->prefs.colour,
	    &lines, &cause)) < 0) {
		say_error(ctx, "game %" PRId64 " cannot be replayed: %s", id,
		    cause);
		free(cause);
		store_game_free(sg);
		return;
	}
	store_game_free(sg);
	if (pager_start(ctx, lines, n) != 0)
		say_error(ctx, "too much is still on its way to you, or to "
		    "others: ask for the replay again in a minute");
}

static void
cmd_more(struct cmd_ctx *ctx)
{
	if (pager_more(ctx) != 0)
		say_error(ctx, "there is nothing more to read: !replay "
		    "[GAME_ID] starts a replay");
}

/* "#42 Cheat 2026-11-26 won": one game of a history. */
static void
cmd_history_row(struct buf *out, const struct store_history_row *row,
    int player)
{
	const struct game_ops *ops = game_named(row->variant);
	time_t t = (time_t)row->started;
	struct tm tm;
	char date[32];

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(date, sizeof date, "%Y-%m-%d", &tm) == 0)
		snprintf(date, sizeof date, "?");
	buf_addf(out, " #%" PRId64 " %s %s", row->id,
	    ops != NULL ? ops->title : row->variant, date);
	if (strcmp(row->state, "running") == 0)
		buf_adds(out, " (being played)");
	else if (strcmp(row->state, "abandoned") == 0)
		buf_adds(out, " (stopped)");
	else if (player && row->won)
		buf_adds(out, " (won)");
	else if (player && row->lost)
		buf_adds(out, " (lost)");
	else if (player && row->place > 0)
		buf_addf(out, " (place %d)", row->place);
	else if (player)
		buf_adds(out, " (left)");
	else
		buf_addf(out, " (%d players)", row->nseats);
}

static void
cmd_history(struct cmd_ctx *ctx)
{
	struct store_history_row rows[HISTORY_ROWS];
	struct buf text = BUF_INIT;
	const char *nick = NULL, *chan = NULL;
	char *cause = NULL, name[CMD_NAME_SIZE];
	int i, n;

	if (ctx->argc > 1) {
		cmd_player(ctx, ctx->argv[1], name, sizeof name);
		nick = name;
	} else if (ctx->chan != NULL)
		chan = ctx->chan->name;
	else
		nick = ctx->from.nick;
	n = store_history(ctx->b->store, nick, chan, rows, HISTORY_ROWS,
	    &cause);
	if (n < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
		return;
	}
	if (n == 0) {
		say_reply(ctx, "No games %s %s yet.", nick != NULL ? "of" : "in",
		    nick != NULL ? nick : chan);
		return;
	}
	buf_addf(&text, "Recent games %s %s:", nick != NULL ? "of" : "in",
	    nick != NULL ? nick : chan);
	for (i = 0; i < n; i++) {
		if (i > 0)
			buf_adds(&text, ",");
		cmd_history_row(&text, &rows[i], nick != NULL);
	}
	buf_adds(&text, ". !replay NUMBER shows one.");
	say_reply(ctx, "%s", buf_str(&text));
	buf_free(&text);
}

/* The ledger line: "alice, Cheat, 9 games: 12 lies in 40 claims (30%),
 * 4 caught, 8 got away; honest and called 3 times; 15 calls, 11 right
 * (73%)." */
static void
cmd_bluffs_line(struct buf *out, const char *nick, const char *what,
    const struct store_bluffs *b)
{
	buf_addf(out, "%s, %s, %d game%s: %d lie%s in %d claim%s (%d%%), "
	    "%d caught, %d got away; honest and called %d time%s; %d call%s",
	    nick, what, b->games, b->games == 1 ? "" : "s", b->lies,
	    b->lies == 1 ? "" : "s", b->claims, b->claims == 1 ? "" : "s",
	    cmd_percent(b->lies, b->claims), b->caught, b->away, b->accused,
	    b->accused == 1 ? "" : "s", b->calls, b->calls == 1 ? "" : "s");
	if (b->calls > 0)
		buf_addf(out, ", %d right (%d%%)", b->right,
		    cmd_percent(b->right, b->calls));
	buf_adds(out, ".");
}

static void
cmd_bluffs(struct cmd_ctx *ctx)
{
	const struct game_ops *ops;
	char nick[CMD_NAME_SIZE];
	struct store_bluffs b, solo;
	struct buf text = BUF_INIT;
	char what[64], *cause = NULL;
	int rc;

	cmd_nick_game(ctx, nick, sizeof nick, &ops);
	if (ops != NULL && !ops->claims) {
		say_reply(ctx, "Nobody lies in %s: no claim is made that "
		    "another player may call, so it keeps no bluffs.",
		    ops->title);
		return;
	}
	rc = store_bluffs(ctx->b->store, nick, ops != NULL ? ops->name : NULL,
	    &b, &cause);
	if (rc == 0 && store_solo_bluffs(ctx->b->store, nick, ops != NULL ?
	    ops->name : NULL, &solo, &cause) < 0)
		rc = -1;
	if (rc < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
		return;
	}
	if (rc > 0 || (b.games == 0 && solo.games == 0)) {
		say_reply(ctx, "%s has finished no game%s%s with claims yet.",
		    nick, ops != NULL ? " of " : "", ops != NULL ? ops->title :
		    "");
		return;
	}
	/* The league's ledger, then the solo ladder's (games against AI
	 * seats) on a line of its own. */
	if (b.games > 0) {
		cmd_bluffs_line(&text, nick, ops != NULL ? ops->title :
		    "all games", &b);
		say_reply(ctx, "%s", buf_str(&text));
	}
	if (solo.games > 0) {
		snprintf(what, sizeof what, "solo%s%s", ops != NULL ? " " : "",
		    ops != NULL ? ops->title : "");
		buf_reset(&text);
		cmd_bluffs_line(&text, nick, what, &solo);
		say_reply(ctx, "%s", buf_str(&text));
	}
	buf_free(&text);
}

const struct cmd_entry cmd_story_table[] = {
	{ "replay", NULL, 0, 1, GAME_WHERE_BOTH, NEED_NOTHING, "[GAME_ID]",
	    "a game that is over, play by play with every hidden card shown, "
	    "privately (your last game by default); !more for each next "
	    "page", cmd_replay },
	{ "more", NULL, 0, 0, GAME_WHERE_BOTH, NEED_NOTHING, "",
	    "the next page of a replay", cmd_more },
	{ "history", "recent", 0, 1, GAME_WHERE_BOTH, NEED_NOTHING, "[NICK]",
	    "recent games with their numbers: NICK's, else the channel's "
	    "(yours in private)", cmd_history },
	{ "bluffs", "ledger", 0, 2, GAME_WHERE_BOTH, NEED_NOTHING,
	    "[NICK] [GAME]",
	    "the bluff ledger of NICK (you by default): lies told, caught "
	    "and got away, honest claims called, calls right and wrong; "
	    "games against AI seats (the solo ladder) on a line of their "
	    "own",
	    cmd_bluffs },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
