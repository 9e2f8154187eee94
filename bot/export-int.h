/*
 * Shared by the files of the stats page alone: export.c (the site and
 * the index), export-game.c (a game's page), export-player.c (a player's
 * page) and export-html.c (the pieces they share).  The rest of the bot
 * sees export.h.
 */
#ifndef EXPORT_INT_H
#define EXPORT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "bot/export.h"
#include "bot/lib/buf.h"
#include "storage/store.h"

struct game_ops;

/* The box every table of the pages sits in, written around it: a table
 * wider than the screen (a phone's) scrolls sideways in its box, and the
 * page does not (style.css, .scroll). */
#define EXPORT_BOX "<div class=\"scroll\">"
#define EXPORT_BOX_END "</div>\n"

/* Rows of each board, titles listed per variant. */
#define EXPORT_BOARD 10
#define EXPORT_TITLES 10
/* Games listed on a player's page. */
#define EXPORT_HISTORY 20
/* Past seasons whose podium the index shows, the latest first. */
#define EXPORT_SEASONS 12

struct export {
	struct store *s;
	const struct questions *q;
	int season_setting;	/* league.season */
	int64_t season;		/* the number of the season now, 0: off */
	int64_t season_first;	/* the calendar's count of Season 1 */
	int min_games;		/* stats.min_games */
	int ai_records;		/* ai.records */
	int provisional;	/* league.provisional */
	const char *dir;
	char *tmp;		/* dir/.tmp-XXXXXX */
	uint64_t now;
	char **files;		/* written into tmp, relative paths */
	int nfiles;
	int64_t recent[EXPORT_RECENT]; /* the games with a page */
	int nrecent;
};

/* Appends s for HTML text or an attribute value: & < > " ' as
 * references, other control characters (IRC formatting) left out. */
void export_esc(struct buf *b, const char *s);
/* Appends a link to nick's page, up is "" or "../". */
void export_player_link(struct buf *b, const char *nick, const char *up);
/* Whether game id has a page. */
int export_has_page(const struct export *e, int64_t id);
/* The unix time t in UTC: "2024-05-01 18:30 UTC", or "2024-05-01"
 * without the clock; the number of seconds when it cannot be. */
void export_time(char *out, size_t size, int64_t t, int clock);
/* A page's head, its title title, up "" or "../" to the style sheet. */
void export_head(struct buf *b, const char *title, const char *up);
/* A page's foot: when it was written, a link to the index. */
void export_foot(struct export *e, struct buf *b, const char *up);
/* Writes b to tmp/rel and records rel: 0, or -1 and *cause. */
int export_write(struct export *e, const char *rel, const struct buf *b,
    char **cause);
/* A title's name as shown: of ops's titles, a bluff title's, or with
 * solo a solo title's (storage/solo.h); the stored name when none. */
const char *export_title_name(const struct game_ops *ops, const char *name,
    int solo);
/* One board as a table, all-time (season 0) or of one season: 0, or -1
 * and *cause. */
int export_board(struct export *e, struct buf *b, const struct game_ops *ops,
    enum store_board board, int64_t season, char **cause);
/* The SVG chart of one player's rating of ops (with solo, their solo
 * rating) over their rated games: mu and mu - 3 sigma, a point per game;
 * nothing when there is none.  0, or -1 and *cause. */
int export_rating_chart(struct export *e, struct buf *b, int64_t player,
    const char *nick, const struct game_ops *ops, int solo, char **cause);
/* The page of game sg, opening with its result (who won, the places),
 * and its row in the index's list of recent games, its result first,
 * appended to row: 0, or -1 and *cause. */
int export_game(struct export *e, const struct store_game *sg,
    struct buf *row, char **cause);
/* The page of player pl: 0, or -1 and *cause. */
int export_player(struct export *e, const struct store_export_player *pl,
    char **cause);

#endif
