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
#include "bot/lib/lang.h"
#include "games/game.h"
#include "games/intl.h"
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
	char lang[LANG_MAX], *p;

	/* The page is in the language written now (language.default), as
	 * HTML names it: "pt-BR" for gettext's "pt_BR". */
	snprintf(lang, sizeof lang, "%s", lang_now());
	if ((p = strchr(lang, '_')) != NULL)
		*p = '-';
	buf_addf(b, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n", lang);
	buf_adds(b, "<meta charset=\"utf-8\">\n"
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
	buf_adds(b, "<footer>");
	/* TRANSLATORS: the stats page's foot: the bot's version and when
	 * the page was written ("2024-05-01 18:30 UTC"). */
	buf_addf(b, _("Written by cheaterbot %s at %s."), CHEATERBOT_VERSION,
	    when);
	buf_addf(b, " <a href=\"%sindex.html\">%s</a></footer>\n"
	    "</body>\n</html>\n", up, _("The league"));
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
		return so != NULL ? _(so->title) : name;
	if (st != NULL)
		return _(st->title);
	for (gt = ops != NULL ? ops->titles : NULL; gt != NULL &&
	    gt->name != NULL; gt++) {
		if (strcmp(gt->name, name) == 0)
			return _(gt->title);
	}
	return name;
}

/* What each board the page shows says: its caption, its figures' heads
 * (translated where shown), and what a player needs to be on it (as !top
 * has it: least games or calls from stats.min_games, rated games from
 * league.provisional). */
enum export_need { EXPORT_NEED_NONE, EXPORT_NEED_MIN_GAMES, EXPORT_NEED_RATED };
/* What the need counts. */
enum export_unit {
	EXPORT_UNIT_NONE, EXPORT_UNIT_GAMES, EXPORT_UNIT_RATED,
	EXPORT_UNIT_SOLO, EXPORT_UNIT_CALLS
};

/* TRANSLATORS: a head of the stats page's rating boards (HTML: &#177;
 * is the plus-minus sign); mu and sigma are the rating's figures. */
#define EXPORT_MU_SIGMA N_("mu &#177; sigma")

static const struct export_kind {
	enum store_board board;
	const char *caption, *head[3];	/* heads NULL-ended when fewer */
	enum export_unit unit;
	enum export_need need;
} export_kinds[] = {
    {STORE_BOARD_WINS, N_("Wins"), {N_("wins"), N_("games"), NULL},
	EXPORT_UNIT_NONE, EXPORT_NEED_NONE},
    {STORE_BOARD_LOSSES, N_("Fewest losses"), {N_("losses"), N_("games"),
	NULL}, EXPORT_UNIT_GAMES, EXPORT_NEED_MIN_GAMES},
    {STORE_BOARD_RATING, N_("Rating"), {N_("rating"), EXPORT_MU_SIGMA,
	N_("games")}, EXPORT_UNIT_RATED, EXPORT_NEED_RATED},
    {STORE_BOARD_SOLO, N_("Solo rating: against AI seats"), {N_("rating"),
	EXPORT_MU_SIGMA, N_("games")}, EXPORT_UNIT_SOLO, EXPORT_NEED_RATED},
    {STORE_BOARD_LIAR, N_("Liars: lies that got away"), {N_("away"),
	N_("games"), NULL}, EXPORT_UNIT_GAMES, EXPORT_NEED_MIN_GAMES},
    {STORE_BOARD_DETECTOR, N_("Detectors: right calls"), {N_("right"),
	N_("calls"), NULL}, EXPORT_UNIT_CALLS, EXPORT_NEED_MIN_GAMES},
};

/* What a player needs to be on a board, least of unit, into need: " (5
 * games or more)" in small print. */
static void
export_need(char *need, size_t size, enum export_unit unit, int least)
{
	char what[96];

	switch (unit) {
	case EXPORT_UNIT_GAMES:
		snprintf(what, sizeof what, ngettext("(%d game or more)",
		    "(%d games or more)", least), least);
		break;
	case EXPORT_UNIT_RATED:
		snprintf(what, sizeof what, ngettext("(%d rated game or more)",
		    "(%d rated games or more)", least), least);
		break;
	case EXPORT_UNIT_SOLO:
		snprintf(what, sizeof what, ngettext("(%d solo game or more)",
		    "(%d solo games or more)", least), least);
		break;
	case EXPORT_UNIT_CALLS:
		snprintf(what, sizeof what, ngettext("(%d call or more)",
		    "(%d calls or more)", least), least);
		break;
	default:
		need[0] = '\0';
		return;
	}
	snprintf(need, size, " <small>%s</small>", what);
}

/* One board as a table, all-time (season 0) or of one season: 0, or -1
 * and *cause. */
int
export_board(struct export *e, struct buf *b, const struct game_ops *ops,
    enum store_board board, int64_t season, char **cause)
{
	static const struct export_kind none = {0, "", {NULL, NULL, NULL},
	    EXPORT_UNIT_NONE, EXPORT_NEED_NONE};
	const struct export_kind *k = &none;
	struct store_top_row rows[EXPORT_BOARD];
	char need[128] = "";
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
	if (least > 1)
		export_need(need, sizeof need, k->unit, least);
	if (season > 0) {
		buf_addf(b, EXPORT_BOX "<table class=\"board season\" "
		    "id=\"%s-season-board-%d\"><caption>", ops->name,
		    (int)board);
		/* TRANSLATORS: the caption of a board of the season so far:
		 * the season's number and the board's name ("Wins"). */
		buf_addf(b, _("Season %lld so far: %s"), (long long)season,
		    *k->caption != '\0' ? _(k->caption) : "");
		buf_addf(b, "%s</caption>\n", need);
	} else
		buf_addf(b, EXPORT_BOX "<table class=\"board\" id=\"%s-board-%d\">"
		    "<caption>%s%s</caption>\n", ops->name, (int)board,
		    *k->caption != '\0' ? _(k->caption) : "", need);
	buf_addf(b, "<tr><th>#</th><th>%s</th>", _("player"));
	for (j = 0; j < sizeof k->head / sizeof k->head[0] &&
	    k->head[j] != NULL; j++)
		buf_addf(b, "<th>%s</th>", _(k->head[j]));
	buf_adds(b, "</tr>\n");
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
		buf_addf(b, "<tr><td colspan=\"5\">%s</td></tr>\n",
		    _("nobody yet"));
	buf_adds(b, "</table>" EXPORT_BOX_END);
	return 0;
}

/* The names of the AI levels from to to ("hard", "hard and expert"). */
static void
export_levels(struct buf *b, int from, int to)
{
	int k;

	/* The levels' names are the words !addbot takes: not translated. */
	for (k = from; k <= to; k++)
		/* TRANSLATORS: the last joint of a list of AI levels, "easy,
		 * normal and hard". */
		buf_addf(b, "%s%s", k == from ? "" : k == to ? _(" and ") :
		    ", ", ai_level_name((enum ai_level)k));
}

int
export_rating_chart(struct export *e, struct buf *b, int64_t player,
    const char *nick, const struct game_ops *ops, int solo, char **cause)
{
	struct store_export_point *p;
	struct buf words = BUF_INIT;
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
	export_esc(&words, nick);
	if (solo)
		/* TRANSLATORS: the title of a player's chart: the nick, the
		 * game's name ("Cheat"), how many games it shows. */
		buf_addf(b, ngettext("%s's %s solo rating over %d solo game",
		    "%s's %s solo rating over %d solo games", n),
		    buf_str(&words), ops->title, n);
	else
		/* TRANSLATORS: the title of a player's chart: the nick, the
		 * game's name ("Cheat"), how many games it shows. */
		buf_addf(b, ngettext("%s's %s rating over %d rated game",
		    "%s's %s rating over %d rated games", n),
		    buf_str(&words), ops->title, n);
	buf_adds(b, "</title>\n");
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
		buf_reset(&words);
		export_levels(&words, k, j);
		buf_addf(b, "<line class=\"anchor\" x1=\"%d\" y1=\"%.1f\" "
		    "x2=\"%d\" y2=\"%.1f\"><title>", left, y, w - 10, y);
		/* TRANSLATORS: %s is AI levels as typed ("hard" or "hard
		 * and expert"), the figure their rating's anchor. */
		buf_addf(b, _("the %s AI seats' anchor: %.1f"),
		    buf_str(&words), anchor[k].mu);
		buf_addf(b, "</title></line>\n<text class=\"anchor\" "
		    "x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", w - 12,
		    y - 3);
		/* TRANSLATORS: the label of an anchor's line in a chart; %s
		 * is AI levels as typed ("hard" or "hard and expert"). */
		buf_addf(b, _("%s AI"), buf_str(&words));
		buf_adds(b, "</text>\n");
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
		    "cy=\"%.1f\" r=\"3\"><title>", x, EXPORT_Y(p[i].mu));
		/* TRANSLATORS: a point of a rating chart: the game's number,
		 * when it ended, the rating (mu &#177; sigma: HTML for
		 * plus-minus) and its conservative figure. */
		buf_addf(b, _("game %lld, %s: %.1f &#177; %.1f (conservative "
		    "%.1f)"), (long long)p[i].game, when, p[i].mu, p[i].sigma,
		    p[i].mu - 3 * p[i].sigma);
		buf_adds(b, "</title></circle>\n");
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
	    "text-anchor=\"middle\">%s</text>\n"
	    "<text class=\"label\" x=\"14\" y=\"%d\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 14 %d)\">%s</text>\n"
	    "<text x=\"%d\" y=\"18\" class=\"mu\">&#8212; mu</text>\n"
	    "<text x=\"%d\" y=\"18\">%s</text>\n"
	    "</svg>\n", (left + w) / 2, h - 8, solo ? _("solo games") :
	    _("rated games"), (top + h - bottom) / 2, (top + h - bottom) / 2,
	    _("rating"), left + 10, left + 80,
	    /* TRANSLATORS: the legend of a rating chart's dashed line:
	     * the rating less three times its uncertainty. */
	    _("- - mu - 3 sigma (conservative)"));
#undef EXPORT_X
#undef EXPORT_Y
	buf_free(&words);
	free(p);
	return 0;
}
