/*
 * The stats page (export.h): every page built in memory, written into a
 * temporary directory beside the site, then renamed into place file by
 * file.  Every text that came from a player or a channel goes through
 * export_esc(); the only graphics are the inline SVG charts.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bot/core/replay.h"
#include "bot/export.h"
#include "bot/lib/buf.h"
#include "bot/lib/calendar.h"
#include "config/conf.h"
#include "games/game.h"
#include "games/story.h"
#include "games/xalloc.h"
#include "storage/store.h"

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

static const char export_css[] =
    "body { font-family: sans-serif; margin: 1em auto; max-width: 70em;"
    " padding: 0 1em; color: #222; background: #fdfdf8; }\n"
    "h1, h2, h3 { color: #5a2a0c; }\n"
    "section.variant { border-top: 2px solid #d9c8a9; margin-top: 1.5em; }\n"
    ".boards { display: flex; flex-wrap: wrap; gap: 1em; }\n"
    ".boards > div { flex: 1 1 14em; }\n"
    "table { border-collapse: collapse; margin: 0.5em 0; }\n"
    "th, td { border: 1px solid #d9c8a9; padding: 0.2em 0.5em;"
    " text-align: left; }\n"
    "td.n { text-align: right; }\n"
    "caption { font-weight: bold; text-align: left; }\n"
    "pre.replay { background: #f4efe3; padding: 1em; overflow-x: auto;"
    " white-space: pre-wrap; }\n"
    "svg { background: #fff; border: 1px solid #d9c8a9; }\n"
    "svg text { font-size: 12px; fill: #333; }\n"
    "svg .axis { stroke: #888; }\n"
    "svg .day { fill: #c0763a; }\n"
    "svg .mu { fill: #1f5fa0; }\n"
    "svg polyline.mu { fill: none; stroke: #1f5fa0; stroke-width: 2; }\n"
    "svg polyline.ordinal { fill: none; stroke: #c0763a;"
    " stroke-width: 2; stroke-dasharray: 5 3; }\n"
    "footer { margin-top: 2em; color: #777; font-size: small; }\n";

/* Appends s for HTML text or an attribute value: & < > " ' as
 * references, other control characters (IRC formatting) left out. */
static void
export_esc(struct buf *b, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '&':
			buf_adds(b, "&amp;");
			break;
		case '<':
			buf_adds(b, "&lt;");
			break;
		case '>':
			buf_adds(b, "&gt;");
			break;
		case '"':
			buf_adds(b, "&quot;");
			break;
		case '\'':
			buf_adds(b, "&#39;");
			break;
		default:
			if ((unsigned char)*s >= 0x20 && *s != 0x7f)
				buf_addc(b, *s);
			else if (*s == '\t')
				buf_addc(b, ' ');
		}
	}
}

int
export_file_name(const char *nick, char *out, size_t size)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char c;
	size_t n = 0;

	for (; *nick != '\0'; nick++) {
		c = (unsigned char)*nick;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '_' || c == '-') {
			if (n + 1 >= size)
				return -1;
			out[n++] = (char)c;
		} else {
			if (n + 3 >= size)
				return -1;
			out[n++] = '~';
			out[n++] = hex[c >> 4];
			out[n++] = hex[c & 15];
		}
	}
	if (n >= size)
		return -1;
	out[n] = '\0';
	return 0;
}

/* Appends a link to nick's page, up is "" or "../". */
static void
export_player_link(struct buf *b, const char *nick, const char *up)
{
	char name[3 * 64 + 1];

	if (export_file_name(nick, name, sizeof name) != 0) {
		export_esc(b, nick);
		return;
	}
	buf_addf(b, "<a href=\"%splayers/%s.html\">", up, name);
	export_esc(b, nick);
	buf_adds(b, "</a>");
}

/* Whether game id has a page. */
static int
export_has_page(const struct export *e, int64_t id)
{
	int i;

	for (i = 0; i < e->nrecent; i++) {
		if (e->recent[i] == id)
			return 1;
	}
	return 0;
}

/* The unix time t in UTC: "2024-05-01 18:30 UTC", or "2024-05-01"
 * without the clock; the number of seconds when it cannot be. */
static void
export_time(char *out, size_t size, int64_t t, int clock)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (gmtime_r(&tt, &tm) == NULL || strftime(out, size, clock ?
	    "%Y-%m-%d %H:%M UTC" : "%Y-%m-%d", &tm) == 0)
		snprintf(out, size, "%" PRId64, t);
}

static void
export_head(struct buf *b, const char *title, const char *up)
{
	buf_adds(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<title>");
	export_esc(b, title);
	buf_addf(b, "</title>\n<link rel=\"stylesheet\" href=\"%sstyle.css\">"
	    "\n</head>\n<body>\n", up);
}

static void
export_foot(struct export *e, struct buf *b, const char *up)
{
	char when[40];

	export_time(when, sizeof when, (int64_t)e->now, 1);
	buf_addf(b, "<footer>Written by cheaterbot %s at %s. "
	    "<a href=\"%sindex.html\">The league</a></footer>\n"
	    "</body>\n</html>\n", CHEATERBOT_VERSION, when, up);
}

/* Writes b to tmp/rel and records rel: 0, or -1 and *cause. */
static int
export_write(struct export *e, const char *rel, const struct buf *b,
    char **cause)
{
	char *path;
	FILE *f;
	int err = 0;

	path = xasprintf("%s/%s", e->tmp, rel);
	if ((f = fopen(path, "w")) == NULL)
		err = errno;
	else {
		if (b->len > 0 && fwrite(buf_str(b), 1, b->len, f) != b->len)
			err = errno != 0 ? errno : EIO;
		if (fclose(f) != 0 && err == 0)
			err = errno;
		if (err != 0)
			unlink(path);
	}
	if (err != 0) {
		*cause = xasprintf("%s: %s", path, strerror(err));
		free(path);
		return -1;
	}
	free(path);
	e->files = xreallocarray(e->files, (size_t)e->nfiles + 1,
	    sizeof *e->files);
	e->files[e->nfiles++] = xstrdup(rel);
	return 0;
}

/* A title's name as shown. */
static const char *
export_title_name(const struct game_ops *ops, const char *name)
{
	const struct story_title *st = story_title_named(name);
	const struct game_title *gt;

	if (st != NULL)
		return st->title;
	for (gt = ops != NULL ? ops->titles : NULL; gt != NULL &&
	    gt->name != NULL; gt++) {
		if (strcmp(gt->name, name) == 0)
			return gt->title;
	}
	return name;
}

/* What each board the page shows says: its caption, its figures' heads,
 * and what a player needs to be on it (as !top has it: least games or
 * calls from stats.min_games, rated games from league.provisional). */
enum export_need { EXPORT_NEED_NONE, EXPORT_NEED_MIN_GAMES, EXPORT_NEED_RATED };

static const struct export_kind {
	enum store_board board;
	const char *caption, *head;
	const char *unit;	/* what the need counts, or NULL */
	enum export_need need;
} export_kinds[] = {
    {STORE_BOARD_WINS, "Wins", "<th>wins</th><th>games</th>", NULL,
	EXPORT_NEED_NONE},
    {STORE_BOARD_LOSSES, "Fewest losses", "<th>losses</th><th>games</th>",
	"games", EXPORT_NEED_MIN_GAMES},
    {STORE_BOARD_RATING, "Rating",
	"<th>rating</th><th>mu &#177; sigma</th><th>games</th>",
	"rated games", EXPORT_NEED_RATED},
    {STORE_BOARD_LIAR, "Liars: lies that got away",
	"<th>away</th><th>games</th>", "games", EXPORT_NEED_MIN_GAMES},
    {STORE_BOARD_DETECTOR, "Detectors: right calls",
	"<th>right</th><th>calls</th>", "calls", EXPORT_NEED_MIN_GAMES},
};

/* One board as a table, all-time (season 0) or of one season: 0, or -1
 * and *cause. */
static int
export_board(struct export *e, struct buf *b, const struct game_ops *ops,
    enum store_board board, int64_t season, char **cause)
{
	static const struct export_kind none = {0, "", "", NULL,
	    EXPORT_NEED_NONE};
	const struct export_kind *k = &none;
	struct store_top_row rows[EXPORT_BOARD];
	char need[64] = "";
	size_t j;
	int i, n, least;

	if (season > 0)
		n = store_top_season(e->s, ops->name, board, season,
		    e->min_games, rows, EXPORT_BOARD, cause);
	else
		n = store_top(e->s, ops->name, board, e->min_games, rows,
		    EXPORT_BOARD, cause);
	if (n < 0)
		return -1;
	for (j = 0; j < sizeof export_kinds / sizeof export_kinds[0]; j++) {
		if (export_kinds[j].board == board)
			k = &export_kinds[j];
	}
	least = k->need == EXPORT_NEED_MIN_GAMES ? e->min_games :
	    k->need == EXPORT_NEED_RATED ? e->provisional : 0;
	/* Who may be on it, as !top says: a board empty for want of games
	 * says so. */
	if (k->unit != NULL && least > 1)
		snprintf(need, sizeof need, " <small>(%d %s or more)</small>",
		    least, k->unit);
	if (season > 0)
		buf_addf(b, "<div><table class=\"board season\" "
		    "id=\"%s-season-board-%d\"><caption>Season %" PRId64
		    " so far: %s%s</caption>\n", ops->name, (int)board, season,
		    k->caption, need);
	else
		buf_addf(b, "<div><table class=\"board\" id=\"%s-board-%d\">"
		    "<caption>%s%s</caption>\n", ops->name, (int)board,
		    k->caption, need);
	buf_addf(b, "<tr><th>#</th><th>player</th>%s</tr>\n", k->head);
	for (i = 0; i < n; i++) {
		buf_addf(b, "<tr class=\"row\"><td class=\"n\">%d</td><td>",
		    i + 1);
		export_player_link(b, rows[i].nick, "");
		buf_adds(b, "</td>");
		switch (board) {
		case STORE_BOARD_RATING:
			buf_addf(b, "<td class=\"n\">%.1f</td><td class=\"n\">"
			    "%.1f &#177; %.1f</td><td class=\"n\">%d</td>",
			    rows[i].ordinal, rows[i].mu, rows[i].sigma,
			    rows[i].games);
			break;
		case STORE_BOARD_DETECTOR:
			buf_addf(b, "<td class=\"n\">%d</td>"
			    "<td class=\"n\">%d</td>", rows[i].value,
			    rows[i].calls);
			break;
		default:
			buf_addf(b, "<td class=\"n\">%d</td>"
			    "<td class=\"n\">%d</td>", rows[i].value,
			    rows[i].games);
		}
		buf_adds(b, "</tr>\n");
	}
	if (n == 0)
		buf_adds(b, "<tr><td colspan=\"5\">nobody yet</td></tr>\n");
	buf_adds(b, "</table></div>\n");
	return 0;
}

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
	    "role=\"img\">\n<title>Games finished per day, the last %d days "
	    "(UTC)</title>\n", w, h, w, h, EXPORT_DAYS);
	buf_addf(b, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n", left, h - bottom, w - 10, h - bottom, left, top,
	    left, h - bottom);
	for (i = 0; i < EXPORT_DAYS; i++) {
		double bh = (double)(h - bottom - top) * counts[i] / max;

		buf_addf(b, "<rect class=\"day\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%.1f\"><title>%s: %d game%s"
		    "</title></rect>\n", left + i * bw + 1,
		    h - bottom - bh, bw - 2, bh, dates[i], counts[i],
		    counts[i] == 1 ? "" : "s");
	}
	buf_addf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n"
	    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n",
	    left - 4, top + 4, max, left - 4, h - bottom);
	buf_addf(b, "<text x=\"%d\" y=\"%d\">%s</text>\n"
	    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
	    left, h - bottom + 14, dates[0], w - 10, h - bottom + 14,
	    dates[EXPORT_DAYS - 1]);
	buf_addf(b, "<text class=\"label\" x=\"%d\" y=\"%d\" "
	    "text-anchor=\"middle\">day (UTC)</text>\n"
	    "<text class=\"label\" x=\"14\" y=\"%d\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 14 %d)\">games</text>\n</svg>\n",
	    (left + w) / 2, h - 8, (top + h - bottom) / 2,
	    (top + h - bottom) / 2);
	return 0;
}

/* The SVG chart of one player's rating of ops over their rated games:
 * mu and mu - 3 sigma, a point per game.  0, or -1 and *cause. */
static int
export_rating_chart(struct export *e, struct buf *b, int64_t player,
    const char *nick, const struct game_ops *ops, char **cause)
{
	struct store_export_point *p;
	const int w = 660, h = 240, left = 50, bottom = 40, top = 30;
	double lo, hi, x, y, o;
	char when[40];
	int i, n, k;

	if ((n = store_export_ratings(e->s, player, ops->name, 0, &p,
	    cause)) <= 0)
		return n;
	lo = hi = p[0].mu;
	for (i = 0; i < n; i++) {
		o = p[i].mu - 3 * p[i].sigma;
		if (o < lo)
			lo = o;
		if (p[i].mu > hi)
			hi = p[i].mu;
	}
	lo -= 1;
	hi += 1;
#define EXPORT_X(i) (n == 1 ? (left + w - 10) / 2.0 :                        \
    left + 10 + (double)(w - left - 30) * (i) / (n - 1))
#define EXPORT_Y(v) (top + (double)(h - bottom - top) * (hi - (v)) / (hi - lo))
	buf_addf(b, "<svg class=\"rating-chart\" id=\"rating-%s\" "
	    "xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" role=\"img\">\n<title>", ops->name, w, h, w,
	    h);
	export_esc(b, nick);
	buf_addf(b, "'s %s rating over %d rated game%s</title>\n", ops->title,
	    n, n == 1 ? "" : "s");
	buf_addf(b, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n", left, h - bottom, w - 10, h - bottom, left, top,
	    left, h - bottom);
	for (k = 0; k < 2; k++) {
		buf_addf(b, "<polyline class=\"%s\" points=\"",
		    k == 0 ? "mu" : "ordinal");
		for (i = 0; i < n; i++) {
			y = k == 0 ? p[i].mu : p[i].mu - 3 * p[i].sigma;
			buf_addf(b, "%s%.1f,%.1f", i > 0 ? " " : "",
			    EXPORT_X(i), EXPORT_Y(y));
		}
		buf_adds(b, "\"/>\n");
	}
	for (i = 0; i < n; i++) {
		x = EXPORT_X(i);
		export_time(when, sizeof when, p[i].ended, 1);
		buf_addf(b, "<circle class=\"mu point\" cx=\"%.1f\" "
		    "cy=\"%.1f\" r=\"3\"><title>game %" PRId64 ", %s: "
		    "%.1f &#177; %.1f (conservative %.1f)</title></circle>\n",
		    x, EXPORT_Y(p[i].mu), p[i].game, when, p[i].mu,
		    p[i].sigma, p[i].mu - 3 * p[i].sigma);
	}
	buf_addf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.1f"
	    "</text>\n<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.1f"
	    "</text>\n", left - 4, EXPORT_Y(hi) + 4, hi, left - 4,
	    EXPORT_Y(lo), lo);
	buf_addf(b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">1"
	    "</text>\n<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d"
	    "</text>\n", EXPORT_X(0), h - bottom + 14, EXPORT_X(n - 1),
	    h - bottom + 14, n);
	buf_addf(b, "<text class=\"label\" x=\"%d\" y=\"%d\" "
	    "text-anchor=\"middle\">rated games</text>\n"
	    "<text class=\"label\" x=\"14\" y=\"%d\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 14 %d)\">rating</text>\n"
	    "<text x=\"%d\" y=\"18\" class=\"mu\">&#8212; mu</text>\n"
	    "<text x=\"%d\" y=\"18\">- - mu - 3 sigma (conservative)</text>\n"
	    "</svg>\n", (left + w) / 2, h - 8, (top + h - bottom) / 2,
	    (top + h - bottom) / 2, left + 10, left + 80);
#undef EXPORT_X
#undef EXPORT_Y
	free(p);
	return 0;
}

/* The page of game sg, and its row in the index's list (into row). */
static int
export_game(struct export *e, const struct store_game *sg, struct buf *row,
    char **cause)
{
	struct buf b = BUF_INIT;
	const struct game_ops *ops = game_named(sg->variant);
	char **lines = NULL, rel[64], when[40], title[96];
	int i, n, rc;

	if ((n = replay_text(sg, e->q, 0, &lines, cause)) < 0)
		return -1;
	snprintf(title, sizeof title, "Game %" PRId64 ": %s", sg->id,
	    ops != NULL ? ops->title : sg->variant);
	export_time(when, sizeof when, sg->ended, 1);
	export_head(&b, title, "../");
	buf_adds(&b, "<h1>");
	export_esc(&b, title);
	buf_adds(&b, "</h1>\n<p>In ");
	export_esc(&b, sg->channel);
	buf_addf(&b, ", ended %s. Players:", when);
	buf_addf(row, "<tr><td><a href=\"games/%" PRId64 ".html\">#%" PRId64
	    "</a></td><td>", sg->id, sg->id);
	export_esc(row, ops != NULL ? ops->title : sg->variant);
	buf_adds(row, "</td><td>");
	export_esc(row, sg->channel);
	buf_addf(row, "</td><td>%s</td><td>", when);
	for (i = 0; i < sg->nseats; i++) {
		buf_adds(&b, i > 0 ? ", " : " ");
		buf_adds(row, i > 0 ? ", " : "");
		if (strncmp(sg->seats[i].key, "ai:", 3) == 0) {
			export_esc(&b, sg->seats[i].nick);
			export_esc(row, sg->seats[i].nick);
		} else {
			export_player_link(&b, sg->seats[i].nick, "../");
			export_player_link(row, sg->seats[i].nick, "");
		}
	}
	buf_adds(row, "</td></tr>\n");
	buf_adds(&b, ".</p>\n<h2>Replay</h2>\n<pre class=\"replay\">");
	for (i = 0; i < n; i++) {
		export_esc(&b, lines[i]);
		buf_addc(&b, '\n');
	}
	buf_adds(&b, "</pre>\n");
	replay_lines_free(lines, n);
	export_foot(e, &b, "../");
	snprintf(rel, sizeof rel, "games/%" PRId64 ".html", sg->id);
	rc = export_write(e, rel, &b, cause);
	buf_free(&b);
	return rc;
}

/* The page of player pl: 0, or -1 and *cause. */
static int
export_player(struct export *e, const struct store_export_player *pl,
    char **cause)
{
	struct store_history_row hist[EXPORT_HISTORY];
	struct store_title_row titles[64];
	struct store_stats st;
	struct store_rating r;
	struct store_bluffs bl;
	struct buf b = BUF_INIT;
	const struct game_ops *const *op;
	const struct game_ops *ops;
	char name[3 * 64 + 1], rel[3 * 64 + 16], when[40], avg[16];
	char shown[64];
	int i, n, rc = -1;

	if (export_file_name(pl->nick, name, sizeof name) != 0) {
		*cause = xasprintf("player %" PRId64 ": nick too long",
		    pl->id);
		return -1;
	}
	snprintf(rel, sizeof rel, "players/%s.html", name);
	export_head(&b, pl->nick, "../");
	buf_adds(&b, "<h1>");
	export_esc(&b, pl->nick);
	buf_addf(&b, "</h1>\n<p>%d finished game%s. "
	    "<a href=\"../index.html\">Back to the league</a></p>\n",
	    pl->games, pl->games == 1 ? "" : "s");
	for (op = game_table; *op != NULL; op++) {
		ops = *op;
		if (store_stats(e->s, pl->nick, ops->name, &st, cause) < 0)
			goto out;
		if (st.games == 0)
			continue;
		buf_addf(&b, "<section class=\"variant\" id=\"%s\">\n<h2>%s"
		    "</h2>\n", ops->name, ops->title);
		if (st.placed > 0)
			snprintf(avg, sizeof avg, "%.2f",
			    (double)st.place_sum / st.placed);
		else
			snprintf(avg, sizeof avg, "-");
		buf_addf(&b, "<table class=\"stats\"><caption>Record"
		    "</caption>\n<tr><th>games</th><th>wins</th><th>losses"
		    "</th><th>best streak</th><th>average place</th></tr>\n"
		    "<tr><td class=\"n\">%d</td><td class=\"n\">%d</td>"
		    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
		    "<td class=\"n\">%s</td></tr>\n</table>\n", st.games,
		    st.wins, st.losses, st.best_streak, avg);
		rc = store_rating(e->s, pl->nick, ops->name, &r, cause);
		if (rc < 0)
			goto out;
		if (rc == 0) {
			buf_addf(&b, "<p class=\"rating\">Rating %.1f "
			    "&#177; %.1f (conservative %.1f), %d rated "
			    "game%s", r.mu, r.sigma, r.ordinal, r.games,
			    r.games == 1 ? "" : "s");
			if (r.rank > 0)
				buf_addf(&b, ", number %d on the board",
				    r.rank);
			else
				buf_adds(&b, ", provisional");
			buf_adds(&b, ".</p>\n");
			if (export_rating_chart(e, &b, pl->id, pl->nick, ops,
			    cause) != 0)
				goto out;
		}
		rc = -1;
		if (store_bluffs(e->s, pl->nick, ops->name, &bl, cause) < 0)
			goto out;
		if (bl.games > 0) {
			buf_addf(&b, "<table class=\"ledger\"><caption>Bluff "
			    "ledger, %d game%s</caption>\n<tr><th>claims</th>"
			    "<th>lies</th><th>caught</th><th>got away</th>"
			    "<th>honest, called</th><th>calls</th>"
			    "<th>right</th><th>wrong</th></tr>\n<tr>"
			    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
			    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
			    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
			    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
			    "</tr>\n</table>\n", bl.games,
			    bl.games == 1 ? "" : "s", bl.claims, bl.lies,
			    bl.caught, bl.away, bl.accused, bl.calls,
			    bl.right, bl.wrong);
		}
		buf_adds(&b, "</section>\n");
	}
	n = store_titles(e->s, pl->nick, NULL, titles, 64, shown,
	    sizeof shown, cause);
	if (n < 0)
		goto out;
	buf_adds(&b, "<h2>Titles</h2>\n");
	if (n == 0)
		buf_adds(&b, "<p>None yet.</p>\n");
	else
		buf_adds(&b, "<table class=\"titles\"><tr><th>game</th>"
		    "<th>title</th><th>times</th><th>last earned</th></tr>\n");
	for (i = 0; i < n; i++) {
		ops = game_named(titles[i].variant);
		export_time(when, sizeof when, titles[i].last, 1);
		buf_adds(&b, "<tr><td>");
		export_esc(&b, ops != NULL ? ops->title : titles[i].variant);
		buf_adds(&b, "</td><td>");
		export_esc(&b, export_title_name(ops, titles[i].name));
		buf_addf(&b, "</td><td class=\"n\">%d</td><td>%s</td></tr>\n",
		    titles[i].count, when);
	}
	if (n > 0)
		buf_adds(&b, "</table>\n");
	n = store_history(e->s, pl->nick, NULL, hist, EXPORT_HISTORY, cause);
	if (n < 0)
		goto out;
	buf_adds(&b, "<h2>Recent games</h2>\n<table class=\"history\"><tr>"
	    "<th>game</th><th>variant</th><th>ended</th><th>place</th></tr>\n");
	for (i = 0; i < n; i++) {
		if (strcmp(hist[i].state, "finished") != 0)
			continue;
		ops = game_named(hist[i].variant);
		export_time(when, sizeof when, hist[i].ended, 1);
		if (export_has_page(e, hist[i].id))
			buf_addf(&b, "<tr><td><a href=\"../games/%" PRId64
			    ".html\">#%" PRId64 "</a></td><td>", hist[i].id,
			    hist[i].id);
		else
			buf_addf(&b, "<tr><td>#%" PRId64 "</td><td>",
			    hist[i].id);
		export_esc(&b, ops != NULL ? ops->title : hist[i].variant);
		buf_addf(&b, "</td><td>%s</td><td class=\"n\">", when);
		if (hist[i].place > 0)
			buf_addf(&b, "%d", hist[i].place);
		else
			buf_adds(&b, "left");
		buf_adds(&b, "</td></tr>\n");
	}
	buf_adds(&b, "</table>\n");
	export_foot(e, &b, "../");
	rc = export_write(e, rel, &b, cause);
out:
	buf_free(&b);
	return rc;
}

/* The podiums of the seasons before season (the one now), the latest
 * first, EXPORT_SEASONS at most, those with no game of ops left out:
 * 0, or -1 and *cause. */
static int
export_seasons(struct export *e, struct buf *b, const struct game_ops *ops,
    enum store_board main, int64_t season, char **cause)
{
	struct store_top_row rows[3];
	char from[16], to[16];
	int64_t n;
	int i, k, shown = 0;

	for (n = season - 1; n >= 1 && n >= season - EXPORT_SEASONS; n--) {
		k = store_top_season(e->s, ops->name, main, n, e->min_games,
		    rows, 3, cause);
		if (k < 0)
			return -1;
		if (k == 0)
			continue;
		if (shown++ == 0)
			buf_addf(b, "<table class=\"seasons\" id=\"%s-seasons\">"
			    "<caption>Past seasons</caption>\n<tr><th>season"
			    "</th><th>from</th><th>to</th><th>1st</th>"
			    "<th>2nd</th><th>3rd</th></tr>\n", ops->name);
		if (n > 1)
			export_time(from, sizeof from,
			    season_end(e->season_setting, n - 1), 0);
		else
			snprintf(from, sizeof from, "the start");
		export_time(to, sizeof to,
		    season_end(e->season_setting, n) - SEASON_DAY, 0);
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
		buf_adds(b, "</table>\n");
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
	int64_t season = season_of(e->season_setting, (int64_t)e->now);
	char when[40];
	int i, n;

	buf_addf(b, "<section class=\"variant\" id=\"%s\">\n<h2>%s</h2>\n"
	    "<p>%d game%s finished.</p>\n<div class=\"boards\">\n", ops->name,
	    ops->title, games, games == 1 ? "" : "s");
	if (export_board(e, b, ops, main, 0, cause) != 0 ||
	    export_board(e, b, ops, STORE_BOARD_RATING, 0, cause) != 0)
		return -1;
	if (ops->claims && (export_board(e, b, ops, STORE_BOARD_LIAR, 0,
	    cause) != 0 || export_board(e, b, ops, STORE_BOARD_DETECTOR, 0,
	    cause) != 0))
		return -1;
	if (season > 0 && export_board(e, b, ops, main, season, cause) != 0)
		return -1;
	buf_adds(b, "</div>\n");
	if (season > 1 && export_seasons(e, b, ops, main, season, cause) != 0)
		return -1;
	buf_adds(b, "<h3>Recent titles</h3>\n");
	if ((n = store_export_titles(e->s, ops->name, t, EXPORT_TITLES,
	    cause)) < 0)
		return -1;
	if (n == 0)
		buf_adds(b, "<p>None yet.</p>\n");
	else
		buf_adds(b, "<ul class=\"titles\">\n");
	for (i = 0; i < n; i++) {
		export_time(when, sizeof when, t[i].at, 1);
		buf_adds(b, "<li>");
		export_player_link(b, t[i].nick, "");
		buf_adds(b, ": ");
		export_esc(b, export_title_name(ops, t[i].name));
		if (t[i].run > 0)
			buf_addf(b, " (%d in a row)", t[i].run);
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
	export_head(&b, "The league", "");
	buf_adds(&b, "<h1>The league</h1>\n<p><a href=\"#players\">Players"
	    "</a> &#183; <a href=\"#recent\">Recent games</a></p>\n"
	    "<h2>Games played</h2>\n");
	if (export_days_chart(e, &b, cause) != 0)
		goto out;
	if (!e->ai_records)
		buf_adds(&b, "<p class=\"note\">Games with an AI seat are "
		    "listed but count toward no board, title or season "
		    "(ai.records is off).</p>\n");
	for (op = game_table; *op != NULL; op++) {
		if (store_export_games(e->s, (*op)->name, &n, cause) != 0)
			goto out;
		if (n == 0) {
			buf_adds(&idle, idle.len > 0 ? ", " : "");
			buf_adds(&idle, (*op)->title);
		} else if (export_variant(e, &b, *op, n, cause) != 0)
			goto out;
	}
	if (idle.len > 0)
		buf_addf(&b, "<p>Not played yet: %s.</p>\n", buf_str(&idle));
	buf_adds(&b, "<h2 id=\"players\">Players</h2>\n");
	if (np == 0)
		buf_adds(&b, "<p>Nobody has finished a game yet.</p>\n");
	else
		buf_adds(&b, "<ul class=\"players\">\n");
	for (i = 0; i < np; i++) {
		buf_adds(&b, "<li>");
		export_player_link(&b, pl[i].nick, "");
		buf_addf(&b, " (%d game%s)</li>\n", pl[i].games,
		    pl[i].games == 1 ? "" : "s");
	}
	if (np > 0)
		buf_adds(&b, "</ul>\n");
	buf_adds(&b, "<h2 id=\"recent\">Recent games</h2>\n");
	if (e->nrecent == 0)
		buf_adds(&b, "<p>No game has finished yet.</p>\n");
	else
		buf_addf(&b, "<table class=\"recent\"><tr><th>game</th>"
		    "<th>variant</th><th>channel</th><th>ended</th>"
		    "<th>players</th></tr>\n%s</table>\n", buf_str(&recent));
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
