/*
 * The pieces of the stats page that its pages share (export-int.h): text
 * escaped for HTML, links to players' pages, times, a page's head and
 * foot, a file written into the temporary directory, a title's name, a
 * board as a table and a player's rating chart in SVG.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bot/export-int.h"
#include "games/game.h"
#include "games/story.h"
#include "alloc/xalloc.h"
#include "storage/solo.h"

/* Appends s for HTML text or an attribute value: & < > " ' as
 * references, other control characters (IRC formatting) left out. */
void
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
void
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
int
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
void
export_time(char *out, size_t size, int64_t t, int clock)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (gmtime_r(&tt, &tm) == NULL || strftime(out, size, clock ?
	    "%Y-%m-%d %H:%M UTC" : "%Y-%m-%d", &tm) == 0)
		snprintf(out, size, "%" PRId64, t);
}

void
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

void
export_foot(struct export *e, struct buf *b, const char *up)
{
	char when[40];

	export_time(when, sizeof when, (int64_t)e->now, 1);
	buf_addf(b, "<footer>Written by cheaterbot %s at %s. "
	    "<a href=\"%sindex.html\">The league</a></footer>\n"
	    "</body>\n</html>\n", CHEATERBOT_VERSION, when, up);
}

/* Writes b to tmp/rel and records rel: 0, or -1 and *cause. */
int
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

const char *
export_title_name(const struct game_ops *ops, const char *name, int solo)
{
	const struct story_title *st = story_title_named(name);
	const struct solo_title *so = solo_title_named(name);
	const struct game_title *gt;

	if (solo)
		return so != NULL ? so->title : name;
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
    {STORE_BOARD_SOLO, "Solo rating: against AI seats",
	"<th>rating</th><th>mu &#177; sigma</th><th>games</th>",
	"solo games", EXPORT_NEED_RATED},
    {STORE_BOARD_LIAR, "Liars: lies that got away",
	"<th>away</th><th>games</th>", "games", EXPORT_NEED_MIN_GAMES},
    {STORE_BOARD_DETECTOR, "Detectors: right calls",
	"<th>right</th><th>calls</th>", "calls", EXPORT_NEED_MIN_GAMES},
};

/* One board as a table, all-time (season 0) or of one season: 0, or -1
 * and *cause. */
int
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
		buf_addf(b, EXPORT_BOX "<table class=\"board season\" "
		    "id=\"%s-season-board-%d\"><caption>Season %" PRId64
		    " so far: %s%s</caption>\n", ops->name, (int)board, season,
		    k->caption, need);
	else
		buf_addf(b, EXPORT_BOX "<table class=\"board\" id=\"%s-board-%d\">"
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
		case STORE_BOARD_SOLO:
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
	buf_adds(b, "</table>" EXPORT_BOX_END);
	return 0;
}

/* The names of the AI levels from to to ("hard", "hard and expert"). */
static void
export_levels(struct buf *b, int from, int to)
{
	int k;

	for (k = from; k <= to; k++)
		buf_addf(b, "%s%s", k == from ? "" : k == to ? " and " : ", ",
		    ai_level_name((enum ai_level)k));
}

int
export_rating_chart(struct export *e, struct buf *b, int64_t player,
    const char *nick, const struct game_ops *ops, int solo, char **cause)
{
	struct store_export_point *p;
	const int w = 660, h = 240, left = 50, bottom = 40, top = 30;
	struct rating anchor[AI_LEVELS];
	double lo, hi, x, y, o;
	char when[40];
	int i, n, j, k, anchors;

	if ((n = store_export_ratings(e->s, player, ops->name, solo, &p,
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
	/* A solo chart shows the AI levels' anchors too. */
	for (k = anchors = 0; solo && k < AI_LEVELS; k++) {
		if (solo_anchor(ops->name, (enum ai_level)k, &anchor[k]) != 0)
			break;
		lo = anchor[k].mu < lo ? anchor[k].mu : lo;
		hi = anchor[k].mu > hi ? anchor[k].mu : hi;
		anchors++;
	}
	lo -= 1;
	hi += 1;
#define EXPORT_X(i) (n == 1 ? (left + w - 10) / 2.0 :                        \
    left + 10 + (double)(w - left - 30) * (i) / (n - 1))
#define EXPORT_Y(v) (top + (double)(h - bottom - top) * (hi - (v)) / (hi - lo))
	buf_addf(b, "<svg class=\"rating-chart%s\" id=\"%srating-%s\" "
	    "xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" role=\"img\">\n<title>", solo ? " solo" : "",
	    solo ? "solo-" : "", ops->name, w, h, w, h);
	export_esc(b, nick);
	buf_addf(b, "'s %s %srating over %d %s game%s</title>\n", ops->title,
	    solo ? "solo " : "", n, solo ? "solo" : "rated",
	    n == 1 ? "" : "s");
	buf_addf(b, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n", left, h - bottom, w - 10, h - bottom, left, top,
	    left, h - bottom);
	/* A line an anchor, and one for levels of the same anchor (a level
	 * not calibrated on its own yet has the one below's): "the hard and
	 * expert AI seats' anchor", its label not drawn over another. */
	for (k = 0; k < anchors; k = j + 1) {
		for (j = k; j + 1 < anchors && anchor[j + 1].mu == anchor[k].mu;
		    j++)
			;
		y = EXPORT_Y(anchor[k].mu);
		buf_addf(b, "<line class=\"anchor\" x1=\"%d\" y1=\"%.1f\" "
		    "x2=\"%d\" y2=\"%.1f\"><title>the ", left, y, w - 10, y);
		export_levels(b, k, j);
		buf_addf(b, " AI seats' anchor: %.1f</title></line>\n"
		    "<text class=\"anchor\" x=\"%d\" y=\"%.1f\" "
		    "text-anchor=\"end\">", anchor[k].mu, w - 12, y - 3);
		export_levels(b, k, j);
		buf_adds(b, " AI</text>\n");
	}
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
	    "text-anchor=\"middle\">%s games</text>\n"
	    "<text class=\"label\" x=\"14\" y=\"%d\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 14 %d)\">rating</text>\n"
	    "<text x=\"%d\" y=\"18\" class=\"mu\">&#8212; mu</text>\n"
	    "<text x=\"%d\" y=\"18\">- - mu - 3 sigma (conservative)</text>\n"
	    "</svg>\n", (left + w) / 2, h - 8, solo ? "solo" : "rated",
	    (top + h - bottom) / 2, (top + h - bottom) / 2, left + 10,
	    left + 80);
#undef EXPORT_X
#undef EXPORT_Y
	free(p);
	return 0;
}
