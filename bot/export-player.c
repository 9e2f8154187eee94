/*
 * A player's page of the stats page (export-int.h): per variant their
 * record, rating and its chart and bluff ledger in the league, and their
 * figures on the solo ladder (games against AI seats) with the solo
 * rating's chart; their titles and recent games.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bot/export-int.h"
#include "games/game.h"
#include "alloc/xalloc.h"

/* A rating's paragraph, the league's or with solo the solo ladder's, as
 * !rating says it: "Rating 27.4 ± 6.1 (conservative 9.1), 12 rated games,
 * number 3 on the board.", or with fewer rated games than league.provisional
 * (provisional, of e) "..., provisional: 4 of 10 rated games." */
static void
export_rating_line(const struct export *e, struct buf *b,
    const struct store_rating *r, int solo)
{
	const char *unit = solo ? "solo" : "rated";

	buf_addf(b, "<p class=\"rating%s\">%s %.1f &#177; %.1f (conservative "
	    "%.1f), ", solo ? " solo" : "", solo ? "Solo rating" : "Rating",
	    r->mu, r->sigma, r->ordinal);
	if (r->provisional)
		buf_addf(b, "provisional: %d of %d %s games", r->games,
		    e->provisional, unit);
	else
		buf_addf(b, "%d %s game%s", r->games, unit,
		    r->games == 1 ? "" : "s");
	if (r->rank > 0)
		buf_addf(b, ", number %d on the %sboard", r->rank,
		    solo ? "solo " : "");
	buf_adds(b, ".</p>\n");
}

/* A bluff ledger's table, captioned what ("Bluff ledger", "Solo bluff
 * ledger"), when it has a game. */
static void
export_ledger(struct buf *b, const struct store_bluffs *bl, const char *what)
{
	if (bl->games == 0)
		return;
	buf_addf(b, EXPORT_BOX "<table class=\"ledger\"><caption>%s, %d "
	    "game%s</caption>\n<tr><th>claims</th><th>lies</th>"
	    "<th>caught</th><th>got away</th><th>honest, called</th><th>calls</th>"
	    "<th>right</th><th>wrong</th></tr>\n<tr>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "</tr>\n</table>" EXPORT_BOX_END, what, bl->games,
	    bl->games == 1 ? "" : "s", bl->claims, bl->lies, bl->caught,
	    bl->away, bl->accused, bl->calls, bl->right, bl->wrong);
}

/* The league's part of pl's section of ops, st their stats there: the
 * record, the rating and its chart, the ledger.  0, or -1 and *cause. */
static int
export_league_part(struct export *e, struct buf *b,
    const struct store_export_player *pl, const struct game_ops *ops,
    const struct store_stats *st, char **cause)
{
	struct store_rating r;
	struct store_bluffs bl;
	char avg[16];
	int rc;

	if (st->placed > 0)
		snprintf(avg, sizeof avg, "%.2f",
		    (double)st->place_sum / st->placed);
	else
		snprintf(avg, sizeof avg, "-");
	buf_addf(b, EXPORT_BOX "<table class=\"stats\"><caption>Record"
	    "</caption>\n<tr><th>games</th><th>wins</th><th>losses"
	    "</th><th>best streak</th><th>average place</th></tr>\n"
	    "<tr><td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "<td class=\"n\">%s</td></tr>\n</table>" EXPORT_BOX_END,
	    st->games, st->wins, st->losses, st->best_streak, avg);
	if ((rc = store_rating(e->s, pl->nick, ops->name, &r, cause)) < 0)
		return -1;
	if (rc == 0) {
		export_rating_line(e, b, &r, 0);
		if (export_rating_chart(e, b, pl->id, pl->nick, ops, 0,
		    cause) != 0)
			return -1;
	}
	if (store_bluffs(e->s, pl->nick, ops->name, &bl, cause) < 0)
		return -1;
	export_ledger(b, &bl, "Bluff ledger");
	return 0;
}

/* The solo ladder's part of pl's section of ops, so their figures there:
 * the record against AI seats, the solo rating and its chart (with the
 * anchors), the ledger of those games.  0, or -1 and *cause. */
static int
export_solo_part(struct export *e, struct buf *b,
    const struct store_export_player *pl, const struct game_ops *ops,
    const struct store_solo *so, char **cause)
{
	struct store_rating r;
	struct store_bluffs bl;
	int rc;

	buf_addf(b, "<h3>Solo: against AI seats</h3>\n" EXPORT_BOX
	    "<table class=\"stats "
	    "solo\"><caption>Solo record</caption>\n<tr><th>games</th>"
	    "<th>%s</th><th>losses</th><th>best in a row</th></tr>\n<tr>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td></tr>\n"
	    "</table>" EXPORT_BOX_END, ops->loser_game ? "first" : "wins",
	    so->games,
	    so->wins, so->losses, so->best_streak);
	if ((rc = store_solo_rating(e->s, pl->nick, ops->name, &r, cause)) < 0)
		return -1;
	if (rc == 0) {
		export_rating_line(e, b, &r, 1);
		if (export_rating_chart(e, b, pl->id, pl->nick, ops, 1,
		    cause) != 0)
			return -1;
	}
	if (ops->claims && store_solo_bluffs(e->s, pl->nick, ops->name, &bl,
	    cause) < 0)
		return -1;
	if (ops->claims)
		export_ledger(b, &bl, "Solo bluff ledger");
	return 0;
}

/* The page of player pl: 0, or -1 and *cause. */
int
export_player(struct export *e, const struct store_export_player *pl,
    char **cause)
{
	struct store_history_row hist[EXPORT_HISTORY];
	struct store_title_row titles[64];
	struct store_stats st;
	struct store_solo so;
	struct buf b = BUF_INIT;
	const struct game_ops *const *op;
	const struct game_ops *ops;
	char name[3 * 64 + 1], rel[3 * 64 + 16], when[40];
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
		if (store_stats(e->s, pl->nick, ops->name, &st, cause) < 0 ||
		    store_solo(e->s, pl->nick, ops->name, &so, cause) < 0)
			goto out;
		if (st.games == 0 && so.games == 0)
			continue;
		buf_addf(&b, "<section class=\"variant\" id=\"%s\">\n<h2>%s"
		    "</h2>\n", ops->name, ops->title);
		if (st.games > 0 && export_league_part(e, &b, pl, ops, &st,
		    cause) != 0)
			goto out;
		if (so.games > 0 && export_solo_part(e, &b, pl, ops, &so,
		    cause) != 0)
			goto out;
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
		buf_adds(&b, EXPORT_BOX "<table class=\"titles\"><tr>"
		    "<th>game</th>"
		    "<th>title</th><th>times</th><th>last earned</th></tr>\n");
	for (i = 0; i < n; i++) {
		ops = game_named(titles[i].variant);
		export_time(when, sizeof when, titles[i].last, 1);
		buf_adds(&b, "<tr><td>");
		export_esc(&b, ops != NULL ? ops->title : titles[i].variant);
		buf_adds(&b, "</td><td>");
		export_esc(&b, export_title_name(ops, titles[i].name,
		    titles[i].solo));
		if (titles[i].solo)
			buf_adds(&b, " (solo)");
		buf_addf(&b, "</td><td class=\"n\">%d</td><td>%s</td></tr>\n",
		    titles[i].count, when);
	}
	if (n > 0)
		buf_adds(&b, "</table>" EXPORT_BOX_END);
	n = store_history(e->s, pl->nick, NULL, hist, EXPORT_HISTORY, cause);
	if (n < 0)
		goto out;
	buf_adds(&b, "<h2>Recent games</h2>\n" EXPORT_BOX
	    "<table class=\"history\"><tr>"
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
	buf_adds(&b, "</table>" EXPORT_BOX_END);
	export_foot(e, &b, "../");
	rc = export_write(e, rel, &b, cause);
out:
	buf_free(&b);
	return rc;
}
