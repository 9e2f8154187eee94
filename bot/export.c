/*
 * The stats page (export.h): every page built in memory, written into a
 * temporary directory beside the site, then renamed into place file by
 * file.  Every text that came from a player or a channel goes through
 * export_esc(); the only graphics are the inline SVG charts.  Here the
 * site and the index (each variant's boards, the league's and the solo
 * ladder's); a game's page is export-game.c's, a player's page
 * export-player.c's, the pieces they share export-html.c's.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bot/export-int.h"
#include "bot/lib/calendar.h"
#include "config/conf.h"
#include "games/game.h"
#include "games/intl.h"
#include "alloc/xalloc.h"

static const char export_css[] =
    "body { font-family: sans-serif; margin: 1em auto; max-width: 70em;"
    " padding: 0 1em; color: #222; background: #fdfdf8;"
    " overflow-wrap: break-word; }\n"
    "h1, h2, h3 { color: #5a2a0c; }\n"
    "section.variant { border-top: 2px solid #d9c8a9; margin-top: 1.5em; }\n"
    ".boards { display: flex; flex-wrap: wrap; gap: 1em; }\n"
    ".boards > div { flex: 1 1 auto; min-width: 0; max-width: 100%; }\n"
    ".scroll { overflow-x: auto; max-width: 100%; }\n"
    "table { border-collapse: collapse; margin: 0.5em 0; }\n"
    "th, td { border: 1px solid #d9c8a9; padding: 0.2em 0.5em;"
    " text-align: left; }\n"
    "td.n { text-align: right; white-space: nowrap; }\n"
    "caption { font-weight: bold; text-align: left; }\n"
    "pre.replay { background: #f4efe3; padding: 1em; overflow-x: auto;"
    " white-space: pre-wrap; }\n"
    "svg { background: #fff; border: 1px solid #d9c8a9; max-width: 100%;"
    " height: auto; }\n"
    "svg text { font-size: 12px; fill: #333; }\n"
    "svg .axis { stroke: #888; }\n"
    "svg .day { fill: #c0763a; }\n"
    "svg .mu { fill: #1f5fa0; }\n"
    "svg polyline.mu { fill: none; stroke: #1f5fa0; stroke-width: 2; }\n"
    "svg polyline.ordinal { fill: none; stroke: #c0763a;"
    " stroke-width: 2; stroke-dasharray: 5 3; }\n"
    "svg line.anchor { stroke: #999; stroke-dasharray: 2 4; }\n"
    "svg text.anchor { fill: #777; font-size: 11px; }\n"
    "footer { margin-top: 2em; color: #777; font-size: small; }\n"
    "@media (max-width: 30em) {\n"
    "body { padding: 0 0.5em; }\n"
    "th, td { padding: 0.2em 0.3em; }\n"
    "}\n";

/* The SVG chart of the games finished per day: 0, or -1 and *cause. */
static int
export_days_chart(struct export *e, struct buf *b, char **cause)
{
	struct store_export_day rows[EXPORT_DAYS];
	char dates[EXPORT_DAYS][11];
	int counts[EXPORT_DAYS], i, j, n, max = 1;
	const int w = 660, h = 220, left = 50, bottom = 40, top = 30;
	int64_t first = (int64_t)(e->now / 86400) - (EXPORT_DAYS - 1);
	double bw = (double)(w - left - 10) / EXPORT_DAYS;
	time_t t;
	struct tm tm;

	n = store_export_days(e->s, first * 86400, rows, EXPORT_DAYS, cause);
	if (n < 0)
		return -1;
	for (i = 0; i < EXPORT_DAYS; i++) {
		t = (time_t)((first + i) * 86400);
		if (gmtime_r(&t, &tm) == NULL)
			memset(&tm, 0, sizeof tm);
		strftime(dates[i], sizeof dates[i], "%Y-%m-%d", &tm);
		counts[i] = 0;
		for (j = 0; j < n; j++) {
			if (strcmp(rows[j].date, dates[i]) == 0)
				counts[i] = rows[j].games;
		}
		if (counts[i] > max)
			max = counts[i];
	}
	buf_addf(b, "<svg id=\"games-per-day\" xmlns=\"http://www.w3.org/2000/"
	    "svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	    "role=\"img\">\n<title>", w, h, w, h);
	buf_addf(b, ngettext("Games finished per day, the last %d day (UTC)",
	    "Games finished per day, the last %d days (UTC)", EXPORT_DAYS),
	    EXPORT_DAYS);
	buf_adds(b, "</title>\n");
	buf_addf(b, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n", left, h - bottom, w - 10, h - bottom, left, top,
	    left, h - bottom);
	for (i = 0; i < EXPORT_DAYS; i++) {
		double bh = (double)(h - bottom - top) * counts[i] / max;

		buf_addf(b, "<rect class=\"day\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%.1f\"><title>", left + i * bw + 1,
		    h - bottom - bh, bw - 2, bh);
		/* TRANSLATORS: a day's bar of a chart: the date
		 * ("2024-05-01") and the games finished that day. */
		buf_addf(b, ngettext("%s: %d game", "%s: %d games", counts[i]),
		    dates[i], counts[i]);
		buf_adds(b, "</title></rect>\n");
	}
	buf_addf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n"
	    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n",
	    left - 4, top + 4, max, left - 4, h - bottom);
	buf_addf(b, "<text x=\"%d\" y=\"%d\">%s</text>\n"
	    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
	    left, h - bottom + 14, dates[0], w - 10, h - bottom + 14,
	    dates[EXPORT_DAYS - 1]);
	buf_addf(b, "<text class=\"label\" x=\"%d\" y=\"%d\" "
	    "text-anchor=\"middle\">%s</text>\n"
	    "<text class=\"label\" x=\"14\" y=\"%d\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 14 %d)\">%s</text>\n</svg>\n",
	    (left + w) / 2, h - 8, _("day (UTC)"), (top + h - bottom) / 2,
	    (top + h - bottom) / 2, _("games"));
	return 0;
}

/* The podiums of the seasons before the one now, the latest first,
 * EXPORT_SEASONS at most, those with no game of ops left out, each with
 * its dates (the first season of the calendar's count from the start):
 * 0, or -1 and *cause. */
static int
export_seasons(struct export *e, struct buf *b, const struct game_ops *ops,
    enum store_board main, char **cause)
{
	struct store_top_row rows[3];
	char from[64], to[16];
	int64_t n, count, season = e->season;
	int i, k, shown = 0;

	for (n = season - 1; n >= 1 && n >= season - EXPORT_SEASONS; n--) {
		k = store_top_season(e->s, ops->name, main, n, e->min_games,
		    rows, 3, cause);
		if (k < 0)
			return -1;
		if (k == 0)
			continue;
		if (shown++ == 0)
			buf_addf(b, EXPORT_BOX "<table class=\"seasons\" "
			    "id=\"%s-seasons\">"
			    "<caption>%s</caption>\n<tr><th>%s"
			    "</th><th>%s</th><th>%s</th><th>%s</th>"
			    "<th>%s</th><th>%s</th></tr>\n", ops->name,
			    _("Past seasons"), _("season"),
			    /* TRANSLATORS: the heads of a season's first
			     * and last days. */
			    _("from"), _("to"), _("1st"), _("2nd"),
			    _("3rd"));
		count = store_season_count(n, e->season_first);
		if (count > 1)
			export_time(from, sizeof from,
			    season_end(e->season_setting, count - 1), 0);
		else
			/* TRANSLATORS: when the first season began. */
			snprintf(from, sizeof from, "%s", _("the start"));
		export_time(to, sizeof to,
		    season_end(e->season_setting, count) - SEASON_DAY, 0);
		buf_addf(b, "<tr class=\"row\"><td class=\"n\">%" PRId64
		    "</td><td>%s</td><td>%s</td>", n, from, to);
		for (i = 0; i < 3; i++) {
			buf_adds(b, "<td>");
			if (i < k) {
				export_player_link(b, rows[i].nick, "");
				buf_addf(b, " (%d)", rows[i].value);
			}
			buf_adds(b, "</td>");
		}
		buf_adds(b, "</tr>\n");
	}
	if (shown > 0)
		buf_adds(b, "</table>" EXPORT_BOX_END);
	return 0;
}

/* One variant's section of the index, games of it finished: 0, or -1
 * and *cause. */
static int
export_variant(struct export *e, struct buf *b, const struct game_ops *ops,
    int games, char **cause)
{
	struct store_export_title t[EXPORT_TITLES];
	enum store_board main = ops->loser_game ? STORE_BOARD_LOSSES :
	    STORE_BOARD_WINS;
	int64_t season = e->season;
	char when[40];
	int i, n;

	buf_addf(b, "<section class=\"variant\" id=\"%s\">\n<h2>%s</h2>\n"
	    "<p>", ops->name, ops->title);
	buf_addf(b, ngettext("%d game finished.", "%d games finished.",
	    games), games);
	buf_adds(b, "</p>\n<div class=\"boards\">\n");
	if (export_board(e, b, ops, main, 0, cause) != 0 ||
	    export_board(e, b, ops, STORE_BOARD_RATING, 0, cause) != 0 ||
	    export_board(e, b, ops, STORE_BOARD_SOLO, 0, cause) != 0)
		return -1;
	if (ops->claims && (export_board(e, b, ops, STORE_BOARD_LIAR, 0,
	    cause) != 0 || export_board(e, b, ops, STORE_BOARD_DETECTOR, 0,
	    cause) != 0))
		return -1;
	if (season > 0 && export_board(e, b, ops, main, season, cause) != 0)
		return -1;
	buf_adds(b, "</div>\n");
	if (season > 1 && export_seasons(e, b, ops, main, cause) != 0)
		return -1;
	buf_addf(b, "<h3>%s</h3>\n", _("Recent titles"));
	if ((n = store_export_titles(e->s, ops->name, t, EXPORT_TITLES,
	    cause)) < 0)
		return -1;
	if (n == 0)
		buf_addf(b, "<p>%s</p>\n", _("None yet."));
	else
		buf_adds(b, "<ul class=\"titles\">\n");
	for (i = 0; i < n; i++) {
		export_time(when, sizeof when, t[i].at, 1);
		buf_adds(b, "<li>");
		export_player_link(b, t[i].nick, "");
		buf_adds(b, ": ");
		export_esc(b, export_title_name(ops, t[i].name, 0));
		if (t[i].run > 0)
			buf_addf(b, ngettext(" (%d in a row)",
			    " (%d in a row)", t[i].run), t[i].run);
		buf_addf(b, ", %s</li>\n", when);
	}
	if (n > 0)
		buf_adds(b, "</ul>\n");
	buf_adds(b, "</section>\n");
	return 0;
}

/* Builds every page into e->tmp: 0, or -1 and *cause. */
static int
export_pages(struct export *e, char **cause)
{
	struct store_export_player *pl = NULL;
	struct store_game *sg;
	struct buf b = BUF_INIT, recent = BUF_INIT, idle = BUF_INIT;
	const struct game_ops *const *op;
	int i, n, np = -1, rc = -1;

	if ((n = store_export_recent(e->s, e->recent, EXPORT_RECENT,
	    cause)) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		if ((sg = store_game_load(e->s, e->recent[i], cause)) == NULL)
			goto out;
		rc = export_game(e, sg, &recent, cause);
		store_game_free(sg);
		if (rc != 0)
			goto out;
		e->nrecent++;
	}
	rc = -1;
	if ((np = store_export_players(e->s, &pl, cause)) < 0)
		goto out;
	for (i = 0; i < np; i++) {
		if (export_player(e, &pl[i], cause) != 0)
			goto out;
	}
	export_head(&b, _("The league"), "");
	buf_addf(&b, "<h1>%s</h1>\n<p><a href=\"#players\">%s"
	    "</a> &#183; <a href=\"#recent\">%s</a></p>\n"
	    "<h2>%s</h2>\n", _("The league"), _("Players"),
	    _("Recent games"), _("Games played"));
	if (export_days_chart(e, &b, cause) != 0)
		goto out;
	if (!e->ai_records)
		buf_addf(&b, "<p class=\"note\">%s</p>\n", _("Games with an "
		    "AI seat count toward no board, title or season of the "
		    "league (ai.records is off): they are on the solo ladder, "
		    "each variant's solo board."));
	for (op = game_table; *op != NULL; op++) {
		if (store_export_games(e->s, (*op)->name, &n, cause) != 0)
			goto out;
		if (n == 0) {
			buf_adds(&idle, idle.len > 0 ? ", " : "");
			buf_adds(&idle, (*op)->title);
		} else if (export_variant(e, &b, *op, n, cause) != 0)
			goto out;
	}
	if (idle.len > 0) {
		buf_adds(&b, "<p>");
		/* TRANSLATORS: %s is the names of the games ("Cheat,
		 * Questions"). */
		buf_addf(&b, _("Not played yet: %s."), buf_str(&idle));
		buf_adds(&b, "</p>\n");
	}
	buf_addf(&b, "<h2 id=\"players\">%s</h2>\n", _("Players"));
	if (np == 0)
		buf_addf(&b, "<p>%s</p>\n",
		    _("Nobody has finished a game yet."));
	else
		buf_adds(&b, "<ul class=\"players\">\n");
	for (i = 0; i < np; i++) {
		buf_adds(&b, "<li>");
		export_player_link(&b, pl[i].nick, "");
		buf_addf(&b, ngettext(" (%d game)", " (%d games)",
		    pl[i].games), pl[i].games);
		buf_adds(&b, "</li>\n");
	}
	if (np > 0)
		buf_adds(&b, "</ul>\n");
	buf_addf(&b, "<h2 id=\"recent\">%s</h2>\n", _("Recent games"));
	if (e->nrecent == 0)
		buf_addf(&b, "<p>%s</p>\n", _("No game has finished yet."));
	else
		buf_addf(&b, EXPORT_BOX "<table class=\"recent\"><tr>"
		    "<th>%s</th><th>%s</th><th>%s</th>"
		    "<th>%s</th><th>%s</th><th>%s</th></tr>\n"
		    "%s</table>" EXPORT_BOX_END, _("game"), _("variant"),
		    _("result"), _("players"), _("channel"), _("ended"),
		    buf_str(&recent));
	export_foot(e, &b, "");
	if (export_write(e, "index.html", &b, cause) != 0)
		goto out;
	buf_reset(&b);
	buf_adds(&b, export_css);
	rc = export_write(e, "style.css", &b, cause);
out:
	free(pl);
	buf_free(&b);
	buf_free(&recent);
	buf_free(&idle);
	return rc;
}

/* Makes dir/sub if missing: 0, or -1 and *cause. */
static int
export_mkdir(const char *dir, const char *sub, char **cause)
{
	char *path = sub != NULL ? xasprintf("%s/%s", dir, sub) :
	    xstrdup(dir);
	int rc = 0;

	if (mkdir(path, 0755) != 0 && errno != EEXIST) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		rc = -1;
	}
	free(path);
	return rc;
}

int
export_site(struct store *s, const struct conf *conf, const char *dir,
    uint64_t now, char **cause)
{
	struct export e;
	char *from, *to;
	int64_t count;
	int i, rc = -1;

	memset(&e, 0, sizeof e);
	e.s = s;
	e.q = conf->questions;
	e.season_setting = conf->league_season;
	e.min_games = conf->stats_min_games;
	e.ai_records = conf->ai_records;
	e.provisional = conf->league_provisional;
	e.dir = dir;
	e.now = now;
	/* The season now as the database numbers it (storage/season.c). */
	count = season_of(e.season_setting, (int64_t)now);
	if (count > 0 && store_season_first(s, &e.season_first, cause) < 0)
		return -1;
	e.season = store_season_number(count, e.season_first);
	if (export_mkdir(dir, NULL, cause) != 0)
		return -1;
	e.tmp = xasprintf("%s/.tmp-XXXXXX", dir);
	if (mkdtemp(e.tmp) == NULL) {
		*cause = xasprintf("%s: %s", e.tmp, strerror(errno));
		free(e.tmp);
		return -1;
	}
	if (export_mkdir(e.tmp, "players", cause) != 0 ||
	    export_mkdir(e.tmp, "games", cause) != 0 ||
	    export_pages(&e, cause) != 0 ||
	    export_mkdir(dir, "players", cause) != 0 ||
	    export_mkdir(dir, "games", cause) != 0)
		goto out;
	for (i = 0; i < e.nfiles; i++) {
		from = xasprintf("%s/%s", e.tmp, e.files[i]);
		to = xasprintf("%s/%s", dir, e.files[i]);
		if (rename(from, to) != 0) {
			*cause = xasprintf("%s: %s", to, strerror(errno));
			free(from);
			free(to);
			goto out;
		}
		free(from);
		free(to);
		free(e.files[i]);
		e.files[i] = NULL;
	}
	rc = 0;
out:
	/* What was not renamed, and the temporary directory. */
	for (i = 0; i < e.nfiles; i++) {
		if (e.files[i] != NULL) {
			from = xasprintf("%s/%s", e.tmp, e.files[i]);
			unlink(from);
			free(from);
			free(e.files[i]);
		}
	}
	free(e.files);
	from = xasprintf("%s/players", e.tmp);
	rmdir(from);
	free(from);
	from = xasprintf("%s/games", e.tmp);
	rmdir(from);
	free(from);
	rmdir(e.tmp);
	free(e.tmp);
	return rc;
}
