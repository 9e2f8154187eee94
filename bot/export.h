/*
 * The stats page: a static site written from the database into a
 * directory, plain HTML and inline SVG with one style sheet, no script,
 * for any web server (docs/league.md, "The stats page").
 */
#ifndef EXPORT_H
#define EXPORT_H

#include <stddef.h>
#include <stdint.h>

struct conf;
struct store;

/*
 * Writes the site of the database s into dir (created if missing; its
 * parent must exist): index.html (each variant's all-time boards as
 * !top shows them, ratings, the season's board so far and the podiums
 * of the seasons before it, recent titles, the games finished per day
 * over the last EXPORT_DAYS days, the players and the recent games),
 * players/NAME.html for every player with a finished game
 * (export_file_name()), games/ID.html for each of the EXPORT_RECENT most
 * recent finished games (its replay, the questions of a game of
 * questions from conf's question set; NULL: card numbers), and
 * style.css.  conf gives league.season and stats.min_games too.  now
 * (unix seconds) dates the page, ends the days and says which season
 * it is, numbered as the database numbers them (store_season_number()).
 *
 * Every file is written into a new directory dir/.tmp-XXXXXX first, then
 * renamed into place, so a web server serving dir never sends a file
 * half written; files of an earlier export that this one does not write
 * (a player gone from the database) stay.  0, or -1 and *cause (nothing
 * renamed when a write failed, and the temporary directory removed).
 */
#define EXPORT_DAYS 30
#define EXPORT_RECENT 30
int export_site(struct store *s, const struct conf *conf, const char *dir,
    uint64_t now, char **cause);

/* The file name (without ".html") of nick's page into out (size bytes,
 * 3 * strlen(nick) + 1 is enough): nick with every byte but A-Z, a-z,
 * 0-9, '_' and '-' written as '~' and two lowercase hex digits, so that
 * two nicks never share a name and no name is special to a file system
 * or a URL.  0, or -1 when out is too small. */
int export_file_name(const char *nick, char *out, size_t size);

#endif
