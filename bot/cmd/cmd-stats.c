/*
 * Stats commands, read from storage: !stats, !streak and !titles [NICK]
 * [GAME], and !top [GAME] [wins|streak|games|run|titles|losses|safe|liar|
 * detector|rating|solo] (the rating and solo boards of one game: !rating
 * is cmd-league.c's).  !stats says the solo ladder's figures (games with
 * AI seats, docs/league.md) on a line of their own, and !titles lists
 * its titles with the others.
 * For the first three the arguments may come in either order: a word that
 * names a game exactly is the game, anything else the nick (a unique
 * prefix could be someone's nick).  For !top, a word that is no board
 * names a game, a unique prefix being enough.
 *
 * A streak is a player's wins in a row; a run is those wins in a row with
 * the same detail (the suit that won, say), shown where wins carry one.
 * Titles are a variant's own (ops->titles), or the bluff titles every
 * variant with claims shares (games/story.h): storage keeps their names,
 * shown here as the variant or the story calls them.
 *
 * A loser game (ops->loser_game) is about not losing: its !stats line
 * gives the losses per game, the average place and the games in a row
 * without losing (neither lost nor left), and its board by default ranks
 * by fewest losses per game, over players with stats.min_games games.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "bot/core/core.h"
#include "bot/lib/calendar.h"
#include "games/intl.h"
#include "games/story.h"
#include "storage/solo.h"
#include "storage/store.h"

#define TOP_ROWS 10
#define TITLE_ROWS 32

/* What a line names its game by: ops's title, or for all games (ops
 * NULL) the words for them. */
static const char *
cmd_what(const struct game_ops *ops)
{
	if (ops != NULL)
		return ops->title;
	/* TRANSLATORS: stands where a game's title would, after a nick:
	 * "alice, all games: 3 won of 9 played ...", or on a board: "Top
	 * all games, wins". */
	return _("all games");
}

/* The reply about a player with no finished game of the league (of
 * ops): an AI seat is told apart (its record is every game it finished,
 * which !stats gives), and so is a person whose games were all against
 * AI seats (the solo ladder's, which !stats and !rating give). */
static void
cmd_no_games(struct cmd_ctx *ctx, const char *nick,
    const struct game_ops *ops)
{
	const char *variant = ops != NULL ? ops->name : NULL;
	struct store_ai_stats ai;
	struct store_solo so;

	if (store_ai_stats(ctx->b->store, nick, variant, &ai, NULL) == 0 &&
	    ai.ai)
		/* TRANSLATORS: the AI's nick, then the command as typed:
		 * prefix and nick ("!stats Grace"). */
		say_reply(ctx, _("%s is an AI seat: streaks, titles and "
		    "ratings are kept for people (%sstats %s gives its "
		    "record)."), ai.nick, ctx->b->conf->prefix, nick);
	else if (store_solo(ctx->b->store, nick, variant, &so, NULL) == 0 &&
	    so.games > 0) {
		if (ops != NULL)
			/* TRANSLATORS: the nick, the game's title, then the
			 * command as typed: prefix and nick ("!stats
			 * alice"). */
			say_reply(ctx, _("%s has finished no league game of "
			    "%s yet: games against AI seats are on the solo "
			    "ladder (%sstats %s)."), so.nick, ops->title,
			    ctx->b->conf->prefix, nick);
		else
			/* TRANSLATORS: the nick, then the command as typed:
			 * prefix and nick ("!stats alice"). */
			say_reply(ctx, _("%s has finished no league game yet: "
			    "games against AI seats are on the solo ladder "
			    "(%sstats %s)."), so.nick, ctx->b->conf->prefix,
			    nick);
	} else if (ops != NULL)
		/* TRANSLATORS: the nick, the game's title. */
		say_reply(ctx, _("%s has not finished a game of %s yet."),
		    nick, ops->title);
	else
		say_reply(ctx, _("%s has not finished a game yet."), nick);
}

/* The !stats line of a player with games (of ops, NULL: all).  A loser
 * game's is about losing: "alice, Cheesedog: 2 lost of 9 played (22%),
 * average place 2.1; 3 without losing, best 5."  Any other's is about
 * winning, with the rate of losses and the run without losing added when
 * the player has lost a game (in a game's loser mode, or a loser game
 * among all games): "alice, all games: 3 won of 9 played (33%), 2 lost
 * (22%); win streak 1, best 2; 3 without losing, best 5." */
static void
cmd_stats_line(struct buf *out, const struct store_stats *st,
    const struct game_ops *ops)
{
	int64_t tenths;

	buf_addf(out, "%s, %s: ", st->nick, cmd_what(ops));
	if (ops != NULL && ops->loser_game) {
		/* TRANSLATORS: a piece of a player's stats line: games
		 * lost, games played, the percentage lost. */
		buf_addf(out, _("%d lost of %d played (%d%%)"), st->losses,
		    st->games, cmd_percent(st->losses, st->games));
		/* Rounded to a tenth; games left have no place. */
		if (st->placed > 0) {
			tenths = ((int64_t)st->place_sum * 20 + st->placed) /
			    ((int64_t)st->placed * 2);
			/* TRANSLATORS: a piece of a player's stats line:
			 * the place, 2.1, as its whole and its tenths. */
			buf_addf(out, _(", average place %d.%d"),
			    (int)(tenths / 10), (int)(tenths % 10));
		}
	} else {
		/* TRANSLATORS: a piece of a player's stats line: games
		 * won, games played, the percentage won, games lost. */
		buf_addf(out, _("%d won of %d played (%d%%), %d lost"),
		    st->wins, st->games, cmd_percent(st->wins, st->games),
		    st->losses);
		if (st->losses > 0)
			buf_addf(out, " (%d%%)", cmd_percent(st->losses,
			    st->games));
		/* TRANSLATORS: a piece of a player's stats line: the
		 * wins in a row now, and the most ever. */
		buf_addf(out, _("; win streak %d, best %d"), st->streak,
		    st->best_streak);
		if (st->losses == 0) {
			buf_adds(out, ".");
			return;
		}
	}
	/* TRANSLATORS: the end of a player's stats line: the games in a
	 * row without losing now, and the most ever. */
	buf_addf(out, _("; %d without losing, best %d."), st->safe,
	    st->best_safe);
}

/* The solo line of a player with solo games (of ops, NULL: all): "alice,
 * solo Cheat: 12 games against AI seats, 5 won (42%), 3 lost; solo win
 * streak 2, best 5."  In a loser game, placing first is the solo win:
 * "alice, solo Cheesedog: 9 games against AI seats, 2 lost (22%), 4
 * first (44%); first 1 in a row, best 3."  Without a game, the sums
 * alone. */
static void
cmd_stats_solo(struct buf *out, const struct store_solo *so,
    const struct game_ops *ops)
{
	int loser = ops != NULL && ops->loser_game;

	if (ops != NULL)
		/* TRANSLATORS: the start of a player's solo stats line:
		 * the nick, the game's title, the games played. */
		buf_addf(out, ngettext("%s, solo %s: %d game against AI "
		    "seats, ", "%s, solo %s: %d games against AI seats, ",
		    so->games), so->nick, ops->title, so->games);
	else
		/* TRANSLATORS: the start of a player's solo stats line:
		 * the nick, the games played. */
		buf_addf(out, ngettext("%s, solo: %d game against AI seats, ",
		    "%s, solo: %d games against AI seats, ", so->games),
		    so->nick, so->games);
	if (loser)
		/* TRANSLATORS: a piece of a player's solo stats line:
		 * games lost and their percentage, games placed first and
		 * theirs. */
		buf_addf(out, _("%d lost (%d%%), %d first (%d%%)"),
		    so->losses, cmd_percent(so->losses, so->games), so->wins,
		    cmd_percent(so->wins, so->games));
	else
		/* TRANSLATORS: a piece of a player's solo stats line:
		 * games won and their percentage, games lost. */
		buf_addf(out, _("%d won (%d%%), %d lost"), so->wins,
		    cmd_percent(so->wins, so->games), so->losses);
	if (ops != NULL)
		/* TRANSLATORS: a piece of a player's solo stats line: the
		 * run now, and the longest ever. */
		buf_addf(out, loser ? _("; first %d in a row, best %d") :
		    _("; solo win streak %d, best %d"), so->streak,
		    so->best_streak);
	buf_adds(out, ".");
}

/* An AI seat's own record, every game it finished (docs/ai.md,
 * Records): "Ada(AI), Cheat: 3 won of 10 played (30%), 7 lost (70%); an
 * AI seat, on no board." */
static void
cmd_stats_of_ai(struct buf *out, const char *nick,
    const struct store_ai_stats *ai, const struct game_ops *ops)
{
	buf_addf(out, "%s, %s: ", nick, cmd_what(ops));
	if (ops != NULL && ops->loser_game)
		/* TRANSLATORS: a piece of an AI's stats line: games lost,
		 * games played. */
		buf_addf(out, _("%d lost of %d played"), ai->losses,
		    ai->games);
	else
		/* TRANSLATORS: a piece of a player's stats line: games
		 * won, games played, the percentage won, games lost. */
		buf_addf(out, _("%d won of %d played (%d%%), %d lost"),
		    ai->wins, ai->games, cmd_percent(ai->wins, ai->games),
		    ai->losses);
	/* TRANSLATORS: the end of an AI's stats line: the percentage
	 * lost. */
	buf_addf(out, _(" (%d%%); an AI seat, on no board."),
	    cmd_percent(ai->losses, ai->games));
}

static void
cmd_stats(struct cmd_ctx *ctx)
{
	const struct game_ops *ops;
	char nick[CMD_NAME_SIZE];
	struct store_stats st;
	struct store_solo so;
	struct store_ai_stats ai;
	struct buf text = BUF_INIT;
	char *cause = NULL;
	int rc;

	cmd_nick_game(ctx, nick, sizeof nick, &ops);
	rc = store_stats(ctx->b->store, nick, ops != NULL ? ops->name : NULL,
	    &st, &cause);
	if (rc == 0 && (store_solo(ctx->b->store, nick, ops != NULL ?
	    ops->name : NULL, &so, &cause) != 0 ||
	    store_ai_stats(ctx->b->store, nick, ops != NULL ? ops->name :
	    NULL, &ai, &cause) != 0))
		rc = -1;
	if (rc < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
	} else if (rc == 0 && ai.ai && ai.games > 0) {
		cmd_stats_of_ai(&text, st.nick, &ai, ops);
		say_reply(ctx, "%s", buf_str(&text));
	} else if (rc > 0 || (st.games == 0 && so.games == 0))
		cmd_no_games(ctx, nick, ops);
	else {
		/* The league's line, then the solo ladder's. */
		if (st.games > 0) {
			cmd_stats_line(&text, &st, ops);
			say_reply(ctx, "%s", buf_str(&text));
		}
		if (so.games > 0) {
			buf_reset(&text);
			cmd_stats_solo(&text, &so, ops);
			say_reply(ctx, "%s", buf_str(&text));
		}
	}
	buf_free(&text);
}

/* "win streak 2 (best 4)" and, with runs set where wins carry a detail,
 * ", run 2 in red (best 3 in blue)". */
static void
cmd_streak_add(struct buf *out, const struct store_stats *st, int runs)
{
	/* TRANSLATORS: the wins in a row now, and the most ever. */
	buf_addf(out, _("win streak %d (best %d)"), st->streak,
	    st->best_streak);
	if (!runs || (st->run_detail[0] == '\0' &&
	    st->best_run_detail[0] == '\0'))
		return;
	/* TRANSLATORS: the pieces of ", run 2 in red (best 3 in blue)",
	 * after the win streak: the wins in a row with one detail (the
	 * suit or colour that won, as the game stores it), and the most
	 * ever.  Each " in %s" may be left out. */
	buf_addf(out, _(", run %d"), st->run);
	if (st->run_detail[0] != '\0')
		buf_addf(out, _(" in %s"), st->run_detail);
	buf_addf(out, _(" (best %d"), st->best_run);
	if (st->best_run_detail[0] != '\0')
		buf_addf(out, _(" in %s"), st->best_run_detail);
	buf_adds(out, ")");
}

/* "; Cheat: win streak 1 (best 2)" for each variant nick finished games
 * of; 0, or -1 and *cause. */
static int
cmd_streak_variants(struct cmd_ctx *ctx, const char *nick, struct buf *out,
    char **cause)
{
	struct store_stats st;
	int i, rc;

	for (i = 0; game_table[i] != NULL; i++) {
		rc = store_stats(ctx->b->store, nick, game_table[i]->name, &st,
		    cause);
		if (rc < 0)
			return -1;
		if (rc > 0 || st.games == 0)
			continue;
		buf_addf(out, "; %s: ", game_table[i]->title);
		cmd_streak_add(out, &st, 1);
	}
	return 0;
}

static void
cmd_streak(struct cmd_ctx *ctx)
{
	const struct game_ops *ops;
	char nick[CMD_NAME_SIZE];
	struct store_stats st;
	struct buf text = BUF_INIT;
	char *cause = NULL;
	int rc;

	cmd_nick_game(ctx, nick, sizeof nick, &ops);
	rc = store_stats(ctx->b->store, nick, ops != NULL ? ops->name : NULL,
	    &st, &cause);
	if (rc == 0 && st.games > 0) {
		buf_addf(&text, "%s, %s: ", st.nick, cmd_what(ops));
		/* A run across games whose details differ means little. */
		cmd_streak_add(&text, &st, ops != NULL);
		if (ops == NULL)
			rc = cmd_streak_variants(ctx, nick, &text, &cause);
		buf_adds(&text, ".");
	}
	if (rc < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
	} else if (rc > 0 || st.games == 0)
		cmd_no_games(ctx, nick, ops);
	else
		say_reply(ctx, "%s", buf_str(&text));
	buf_free(&text);
}

/* The title called name as the variant called variant lists it, or NULL
 * if it lists it no longer. */
static const struct game_title *
cmd_title_find(const char *variant, const char *name)
{
	const struct game_ops *ops = game_named(variant);
	const struct game_title *gt;

	if (ops == NULL || ops->titles == NULL)
		return NULL;
	for (gt = ops->titles; gt->name != NULL; gt++) {
		if (strcmp(gt->name, name) == 0)
			return gt;
	}
	return NULL;
}

/* Appends when (unix seconds) as a UTC date, 2026-11-21. */
static void
cmd_date_add(struct buf *out, int64_t when)
{
	time_t t = (time_t)when;
	struct tm tm;
	char date[32];

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(date, sizeof date, "%Y-%m-%d", &tm) == 0)
		snprintf(date, sizeof date, "?");
	buf_adds(out, date);
}

/* "Excellent Cheater twice (first 2026-11-01, last 2026-11-20)", with
 * "up to 5 in a row" for a title whose runs went past the count that
 * earned it. */
static void
cmd_title_add(struct buf *out, const struct store_title_row *row)
{
	const struct game_title *gt = row->solo ? NULL :
	    cmd_title_find(row->variant, row->name);
	const struct story_title *st = row->solo ? NULL :
	    story_title_named(row->name);
	const struct solo_title *so = row->solo ?
	    solo_title_named(row->name) : NULL;

	/* A title no table lists any longer is shown by its stored name. */
	buf_addf(out, "%s ", gt != NULL ? _(gt->title) : st != NULL ?
	    _(st->title) : so != NULL ? _(so->title) : row->name);
	if (row->count == 1)
		/* TRANSLATORS: after a title's name, how often it was
		 * earned; its dates follow, then ")". */
		buf_adds(out, _("once ("));
	else if (row->count == 2)
		buf_adds(out, _("twice ("));
	else
		buf_addf(out, ngettext("%d time (", "%d times (", row->count),
		    row->count);
	/* Days in UTC, as the dates are shown. */
	if (row->first / 86400 == row->last / 86400)
		cmd_date_add(out, row->first);
	else {
		/* TRANSLATORS: "first 2026-11-01, last 2026-11-20": when
		 * a title was earned, the dates follow each word. */
		buf_adds(out, _("first "));
		cmd_date_add(out, row->first);
		buf_adds(out, _(", last "));
		cmd_date_add(out, row->last);
	}
	if (gt != NULL && row->best_run > gt->at)
		/* TRANSLATORS: after a title's dates: the longest run of
		 * wins that earned it. */
		buf_addf(out, _(", up to %d in a row"), row->best_run);
	buf_adds(out, ")");
}

static void
cmd_titles(struct cmd_ctx *ctx)
{
	struct store_title_row rows[TITLE_ROWS];
	const struct game_ops *ops;
	char nick[CMD_NAME_SIZE];
	struct buf text = BUF_INIT;
	char shown[NICK_MAX], *cause = NULL;
	int i, n;

	cmd_nick_game(ctx, nick, sizeof nick, &ops);
	n = store_titles(ctx->b->store, nick, ops != NULL ? ops->name : NULL,
	    rows, TITLE_ROWS, shown, sizeof shown, &cause);
	if (n < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
		return;
	}
	if (shown[0] == '\0') {
		cmd_no_games(ctx, nick, ops);
		return;
	}
	if (n == 0) {
		if (ops != NULL)
			/* TRANSLATORS: the nick, the game's title. */
			say_reply(ctx, _("%s has no %s titles yet."), shown,
			    ops->title);
		else
			say_reply(ctx, _("%s has no titles yet."), shown);
		return;
	}
	if (ops != NULL)
		/* TRANSLATORS: the nick, the game's title; the titles
		 * follow. */
		buf_addf(&text, _("%s's %s titles: "), shown, ops->title);
	else
		/* TRANSLATORS: the nick; the titles follow. */
		buf_addf(&text, _("%s's titles: "), shown);
	for (i = 0; i < n; i++) {
		if (i > 0)
			buf_adds(&text, "; ");
		cmd_title_add(&text, &rows[i]);
	}
	buf_adds(&text, ".");
	say_reply(ctx, "%s", buf_str(&text));
	buf_free(&text);
}

/* The boards' names, as typed, in the order of enum store_board. */
static const struct {
	const char *name;
} cmd_boards[] = {
	{ "wins" },
	{ "streak" },
	{ "games" },
	{ "run" },
	{ "titles" },
	{ "losses" },
	{ "safe" },
	{ "liar" },
	{ "detector" },
	{ "rating" },
	{ "solo" },
};

#define CMD_NBOARDS ((int)(sizeof cmd_boards / sizeof cmd_boards[0]))

_Static_assert(CMD_NBOARDS == STORE_BOARD_SOLO + 1, "one name per board");

/* The board of !top [GAME] with no board named: a loser game's wins say
 * little (place 1 of several who did not lose), so it ranks by losses. */
static enum store_board
cmd_top_default(const struct game_ops *ops)
{
	if (ops != NULL && ops->loser_game)
		return STORE_BOARD_LOSSES;
	return STORE_BOARD_WINS;
}

/* Appends row i of board: ", 2. bob (4 won)", on the losses board
 * ", 2. bob (1 of 6 lost, 17%)", on the rating and solo boards ", 2. bob
 * (9.1: 27.4 ± 6.1, 12 games)". */
static void
cmd_top_row(struct buf *out, enum store_board board, int i,
    const struct store_top_row *row)
{
	int v = row->value;

	buf_addf(out, "%s %d. %s (", i > 0 ? "," : "", i + 1, row->nick);
	/* The figures, in brackets after the nick: "2. bob (4 won)". */
	switch (board) {
	case STORE_BOARD_LOSSES:
		/* TRANSLATORS: games lost, games played, the percentage
		 * lost, in brackets after a nick on the board. */
		buf_addf(out, _("%d of %d lost, %d%%"), v, row->games,
		    cmd_percent(v, row->games));
		break;
	case STORE_BOARD_LIAR:
		/* TRANSLATORS: lies that got away per game (1.5, as its
		 * whole and its tenths), lies that got away, games played,
		 * in brackets after a nick on the board. */
		buf_addf(out, _("%d.%d a game: %d got away in %d"),
		    v / row->games, v * 10 / row->games % 10, v, row->games);
		break;
	case STORE_BOARD_DETECTOR:
		/* TRANSLATORS: the percentage of calls right, calls right,
		 * calls made, in brackets after a nick on the board. */
		buf_addf(out, ngettext("%d%%: %d of %d call right",
		    "%d%%: %d of %d calls right", row->calls),
		    cmd_percent(v, row->calls), v, row->calls);
		break;
	case STORE_BOARD_RATING:
	case STORE_BOARD_SOLO:
		/* TRANSLATORS: the conservative rating, the rating and
		 * its uncertainty, the games rated, in brackets after a
		 * nick on the board. */
		buf_addf(out, ngettext("%.1f: %.1f \xc2\xb1 %.1f, %d game",
		    "%.1f: %.1f \xc2\xb1 %.1f, %d games", row->games),
		    row->ordinal, row->mu, row->sigma, row->games);
		break;
	case STORE_BOARD_WINS:
		/* TRANSLATORS: games won, in brackets after a nick on the
		 * board. */
		buf_addf(out, ngettext("%d won", "%d won", v), v);
		break;
	case STORE_BOARD_STREAK:
		/* TRANSLATORS: the most wins in a row, in brackets after a
		 * nick on the board. */
		buf_addf(out, ngettext("%d best streak", "%d best streak", v),
		    v);
		break;
	case STORE_BOARD_GAMES:
		/* TRANSLATORS: games played, in brackets after a nick on
		 * the board. */
		buf_addf(out, ngettext("%d played", "%d played", v), v);
		break;
	case STORE_BOARD_RUN:
		/* TRANSLATORS: the most wins in a row with one detail
		 * (a suit), in brackets after a nick on the board. */
		buf_addf(out, ngettext("%d best run", "%d best run", v), v);
		break;
	case STORE_BOARD_TITLES:
		/* TRANSLATORS: titles earned, in brackets after a nick on
		 * the board. */
		buf_addf(out, ngettext("%d title", "%d titles", v), v);
		break;
	case STORE_BOARD_SAFE:
		/* TRANSLATORS: the most games in a row without losing, in
		 * brackets after a nick on the board. */
		buf_addf(out, ngettext("%d without losing",
		    "%d without losing", v), v);
		break;
	}
	buf_adds(out, ")");
}

static void
cmd_top(struct cmd_ctx *ctx)
{
	struct store_top_row rows[TOP_ROWS];
	const struct game_ops *ops = NULL;
	enum store_board board;
	struct buf text = BUF_INIT;
	char *cause = NULL;
	int64_t season = 0;
	int i, j, n, named = -1;

	for (i = 1; i < ctx->argc; i++) {
		if (strcasecmp(ctx->argv[i], "season") == 0) {
			if (ctx->b->conf->league_season == CONF_SEASON_OFF) {
				say_reply(ctx, _("Seasons are off."));
				return;
			}
			season = season_now(ctx->b);
			if (i + 1 < ctx->argc && ctx->argv[i + 1][0] >= '0' &&
			    ctx->argv[i + 1][0] <= '9') {
				season = strtoll(ctx->argv[++i], NULL, 10);
				if (season < 1 || season > season_now(ctx->b)) {
					say_error(ctx, _("No season %s yet."),
					    ctx->argv[i]);
					return;
				}
			}
			continue;
		}
		for (j = 0; j < CMD_NBOARDS; j++) {
			if (strcasecmp(ctx->argv[i], cmd_boards[j].name) == 0)
				break;
		}
		if (j < CMD_NBOARDS)
			named = j;
		else if ((ops = game_find(ctx->argv[i], &cause)) == NULL) {
			for (j = 0; j < CMD_NBOARDS; j++)
				buf_addf(&text, "%s%s", j > 0 ? ", " : "",
				    cmd_boards[j].name);
			/* TRANSLATORS: why the word names no game, then
			 * the boards' names as typed. */
			say_error(ctx, _("%s; boards are %s"), cause,
			    buf_str(&text));
			buf_free(&text);
			free(cause);
			return;
		}
	}
	board = named >= 0 ? (enum store_board)named : cmd_top_default(ops);
	if ((board == STORE_BOARD_RATING || board == STORE_BOARD_SOLO) &&
	    ops == NULL) {
		/* TRANSLATORS: the command as typed: prefix and the
		 * board's name ("!top GAME rating"). */
		say_reply(ctx, _("Ratings are per game: %stop GAME %s."),
		    ctx->b->conf->prefix, cmd_boards[board].name);
		return;
	}
	if (season > 0)
		n = store_top_season(ctx->b->store,
		    ops != NULL ? ops->name : NULL, board, season,
		    ctx->b->conf->stats_min_games, rows, TOP_ROWS, &cause);
	else
		n = store_top(ctx->b->store, ops != NULL ? ops->name : NULL,
		    board, ctx->b->conf->stats_min_games, rows, TOP_ROWS,
		    &cause);
	if (n < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
		return;
	}
	/* TRANSLATORS: the game's title (or "all games"), the board's
	 * name as typed; the board follows. */
	buf_addf(&text, _("Top %s, %s"), cmd_what(ops),
	    cmd_boards[board].name);
	if (season > 0)
		/* TRANSLATORS: after "Top Cheat, wins": the season's
		 * number. */
		buf_addf(&text, _(", season %jd"), (intmax_t)season);
	if (ops != NULL && !ops->claims && (board == STORE_BOARD_LIAR ||
	    board == STORE_BOARD_DETECTOR)) {
		/* TRANSLATORS: the game's title, the board's name as
		 * typed. */
		say_reply(ctx, _("Nobody lies in %s: it has no %s board."),
		    ops->title, cmd_boards[board].name);
		buf_free(&text);
		return;
	}
	if (board == STORE_BOARD_LOSSES || board == STORE_BOARD_LIAR)
		/* TRANSLATORS: after "Top Cheat, losses": who is on the
		 * board. */
		buf_addf(&text, ngettext(" (at least %d game)",
		    " (at least %d games)", ctx->b->conf->stats_min_games),
		    ctx->b->conf->stats_min_games);
	else if (board == STORE_BOARD_DETECTOR)
		/* TRANSLATORS: after "Top Cheat, detector": who is on
		 * the board. */
		buf_addf(&text, ngettext(" (at least %d call)",
		    " (at least %d calls)", ctx->b->conf->stats_min_games),
		    ctx->b->conf->stats_min_games);
	else if (board == STORE_BOARD_RATING || board == STORE_BOARD_SOLO)
		buf_addf(&text, ngettext(" (at least %d game)",
		    " (at least %d games)", ctx->b->conf->league_provisional),
		    ctx->b->conf->league_provisional);
	buf_adds(&text, ":");
	for (i = 0; i < n; i++)
		cmd_top_row(&text, board, i, &rows[i]);
	if (n == 0)
		/* TRANSLATORS: an empty board, after "Top Cheat, wins:". */
		buf_adds(&text, _(" nobody yet."));
	say_reply(ctx, "%s", buf_str(&text));
	buf_free(&text);
}

/* !season: "Season 12 ends 2026-02-01 00:00 UTC." */
static void
cmd_season(struct cmd_ctx *ctx)
{
	int64_t season = season_now(ctx->b);
	time_t end;
	struct tm tm;
	char when[32];

	if (season == 0) {
		say_reply(ctx, _("Seasons are off."));
		return;
	}
	end = (time_t)season_ends(ctx->b);
	gmtime_r(&end, &tm);
	strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &tm);
	/* TRANSLATORS: the season's number, when it ends ("2026-02-01
	 * 00:00 UTC"), the command prefix ("!top"). */
	say_reply(ctx, _("Season %jd ends %s; %stop GAME season N shows a "
	    "season's board."), (intmax_t)season, when,
	    ctx->b->conf->prefix);
}

const struct cmd_entry cmd_stats_table[] = {
	{ "stats", NULL, 0, 2, GAME_WHERE_BOTH, NEED_NOTHING, "[NICK] [GAME]",
	    N_("games, wins, losses and streaks of NICK (you by default); for "
	    "a loser game, losses per game, the average place and games in a "
	    "row without losing; games against AI seats (the solo ladder) on "
	    "a line of their own"), cmd_stats },
	{ "streak", NULL, 0, 2, GAME_WHERE_BOTH, NEED_NOTHING,
	    "[NICK] [GAME]",
	    N_("win streaks of NICK (you by default), now and at best, also in "
	    "one suit where a game names it"), cmd_streak },
	{ "titles", NULL, 0, 2, GAME_WHERE_BOTH, NEED_NOTHING,
	    "[NICK] [GAME]",
	    N_("the titles NICK earned by winning in a row, by bluffing and on "
	    "the solo ladder, how often and when (you by default)"),
	    cmd_titles },
	{ "top", "board", 0, 4, GAME_WHERE_BOTH, NEED_NOTHING,
	    "[GAME] [wins|streak|games|run|titles|losses|safe|liar|detector|"
	    "rating|solo] [season [N]]",
	    N_("the leaderboard: wins by default, a loser game's losses "
	    "(fewest per game, over stats.min_games games); safe is the most "
	    "games in a row without losing; liar the most lies that got away "
	    "per game, detector the calls right per call (over "
	    "stats.min_games calls); rating the skill rating of one GAME by "
	    "mu - 3 sigma (over league.provisional games), solo the same of "
	    "the solo ladder (games against AI seats); season: this season's "
	    "board (wins, games, titles, losses, liar, detector), season N an "
	    "earlier one's"), cmd_top },
	{ "season", NULL, 0, 0, GAME_WHERE_BOTH, NEED_NOTHING, "",
	    N_("the season now and when it ends (league.season)"), cmd_season },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
