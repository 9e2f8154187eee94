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
#include "games/intl.h"
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
			say_error(ctx, _("a game is named by its number, as "
			    "!history lists them: !replay 42"));
			return;
		}
	} else if ((rc = cmd_last_game(ctx, &id, &cause)) != 0) {
		if (rc < 0)
			say_error(ctx, "%s", cause);
		else
			say_error(ctx, _("you have no finished game to "
			    "replay; !history lists recent games"));
		free(cause);
		return;
	}
	rc = store_game_state(ctx->b->store, id, state, sizeof state, &cause);
	if (rc != 0) {
		if (rc < 0)
			say_error(ctx, "%s", cause);
		else
			say_error(ctx, _("there is no game %" PRId64 "; "
			    "!history lists recent games"), id);
		free(cause);
		return;
	}
	if (strcmp(state, "running") == 0) {
		say_error(ctx, _("game %" PRId64 " is still being played: "
		    "its replay comes once it is over"), id);
		return;
	}
	if ((sg = store_game_load(ctx->b->store, id, &cause)) == NULL ||
	    (n = replay_text(sg, ctx->b->conf->questions, ctx->prefs.colour,
	    &lines, &cause)) < 0) {
		/* TRANSLATORS: the game's number, then why. */
		say_error(ctx, _("game %" PRId64 " cannot be replayed: %s"),
		    id, cause);
		free(cause);
		store_game_free(sg);
		return;
	}
	store_game_free(sg);
	if (pager_start(ctx, lines, n) != 0)
		say_error(ctx, _("too much is still on its way to you, or to "
		    "others: ask for the replay again in a minute"));
}

static void
cmd_more(struct cmd_ctx *ctx)
{
	if (pager_more(ctx) != 0)
		say_error(ctx, _("there is nothing more to read: !replay "
		    "[GAME_ID] starts a replay"));
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
		/* TRANSLATORS: " (being played)", " (stopped)", " (won)",
		 * ... come after a game of a history, "#42 Cheat
		 * 2026-11-26", a space first. */
		buf_adds(out, _(" (being played)"));
	else if (strcmp(row->state, "abandoned") == 0)
		buf_adds(out, _(" (stopped)"));
	else if (player && row->won)
		buf_adds(out, _(" (won)"));
	else if (player && row->lost)
		buf_adds(out, _(" (lost)"));
	else if (player && row->place > 0)
		buf_addf(out, _(" (place %d)"), row->place);
	else if (player)
		buf_adds(out, _(" (left)"));
	else
		buf_addf(out, ngettext(" (%d player)", " (%d players)",
		    row->nseats), row->nseats);
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
		/* TRANSLATORS: a nick, or a channel. */
		say_reply(ctx, nick != NULL ? _("No games of %s yet.") :
		    _("No games in %s yet."), nick != NULL ? nick : chan);
		return;
	}
	/* TRANSLATORS: a nick, or a channel; the games follow. */
	buf_addf(&text, nick != NULL ? _("Recent games of %s:") :
	    _("Recent games in %s:"), nick != NULL ? nick : chan);
	for (i = 0; i < n; i++) {
		if (i > 0)
			buf_adds(&text, ",");
		cmd_history_row(&text, &rows[i], nick != NULL);
	}
	buf_adds(&text, _(". !replay NUMBER shows one."));
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
	/* TRANSLATORS: the ledger line is made of pieces: "alice, Cheat,
	 * 9 games: " (the nick, the game's title or "all games", the
	 * games), "12 lies", " in 40 claims", " (30%)", ", 4 caught, 8
	 * got away", "; honest and called 3 times", "; 15 calls", ", 11
	 * right (73%)" and ".". */
	buf_addf(out, ngettext("%s, %s, %d game: ", "%s, %s, %d games: ",
	    b->games), nick, what, b->games);
	buf_addf(out, ngettext("%d lie", "%d lies", b->lies), b->lies);
	buf_addf(out, ngettext(" in %d claim", " in %d claims", b->claims),
	    b->claims);
	buf_addf(out, " (%d%%)", cmd_percent(b->lies, b->claims));
	/* TRANSLATORS: lies caught, lies that got away. */
	buf_addf(out, _(", %d caught, %d got away"), b->caught, b->away);
	/* TRANSLATORS: how often an honest claim was called a lie. */
	buf_addf(out, ngettext("; honest and called %d time",
	    "; honest and called %d times", b->accused), b->accused);
	/* TRANSLATORS: the calls the player made. */
	buf_addf(out, ngettext("; %d call", "; %d calls", b->calls), b->calls);
	if (b->calls > 0)
		/* TRANSLATORS: the calls that were right, and their
		 * percentage. */
		buf_addf(out, _(", %d right (%d%%)"), b->right,
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
		/* TRANSLATORS: the game's title. */
		say_reply(ctx, _("Nobody lies in %s: no claim is made that "
		    "another player may call, so it keeps no bluffs."),
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
		if (ops != NULL)
			/* TRANSLATORS: the nick, the game's title. */
			say_reply(ctx, _("%s has finished no game of %s with "
			    "claims yet."), nick, ops->title);
		else
			say_reply(ctx, _("%s has finished no game with claims "
			    "yet."), nick);
		return;
	}
	/* The league's ledger, then the solo ladder's (games against AI
	 * seats) on a line of its own. */
	if (b.games > 0) {
		cmd_bluffs_line(&text, nick, ops != NULL ? ops->title :
		    /* TRANSLATORS: stands where a game's title would,
		     * after a nick in the ledger line. */
		    _("all games"), &b);
		say_reply(ctx, "%s", buf_str(&text));
	}
	if (solo.games > 0) {
		if (ops != NULL)
			/* TRANSLATORS: stands where a game's title would
			 * in the ledger line: the solo ladder's games of
			 * one game ("solo Cheat"). */
			snprintf(what, sizeof what, _("solo %s"), ops->title);
		else
			/* TRANSLATORS: stands where "all games" would in
			 * the ledger line: the solo ladder's games. */
			snprintf(what, sizeof what, "%s", _("solo"));
		buf_reset(&text);
		cmd_bluffs_line(&text, nick, what, &solo);
		say_reply(ctx, "%s", buf_str(&text));
	}
	buf_free(&text);
}

const struct cmd_entry cmd_story_table[] = {
	{ "replay", NULL, 0, 1, GAME_WHERE_BOTH, NEED_NOTHING, "[GAME_ID]",
	    N_("a game that is over, play by play with every hidden card "
	    "shown, privately (your last game by default); !more for each next "
	    "page"), cmd_replay },
	{ "more", NULL, 0, 0, GAME_WHERE_BOTH, NEED_NOTHING, "",
	    N_("the next page of a replay"), cmd_more },
	{ "history", "recent", 0, 1, GAME_WHERE_BOTH, NEED_NOTHING, "[NICK]",
	    N_("recent games with their numbers: NICK's, else the channel's "
	    "(yours in private)"), cmd_history },
	{ "bluffs", "ledger", 0, 2, GAME_WHERE_BOTH, NEED_NOTHING,
	    "[NICK] [GAME]",
	    N_("the bluff ledger of NICK (you by default): lies told, caught "
	    "and got away, honest claims called, calls right and wrong; "
	    "games against AI seats (the solo ladder) on a line of their "
	    "own"),
	    cmd_bluffs },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
