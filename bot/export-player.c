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
#include "games/intl.h"
#include "alloc/xalloc.h"

/* A rating's paragraph, the league's or with solo the solo ladder's, as
 * !rating says it: "Rating 27.4 ± 6.1 (conservative 9.1), 12 rated games,
 * number 3 on the board.", or with fewer rated games than league.provisional
 * (provisional, of e) "..., provisional: 4 of 10 rated games." */
static void
export_rating_line(const struct export *e, struct buf *b,
    const struct store_rating *r, int solo)
{
	buf_addf(b, "<p class=\"rating%s\">", solo ? " solo" : "");
	if (solo)
		/* TRANSLATORS: this and the pieces below make a player's
		 * rating on the stats page: "Rating 27.4 &#177; 6.1
		 * (conservative 9.1), 12 rated games, number 3 on the
		 * board." or "..., provisional: 4 of 10 rated games." (HTML:
		 * &#177; is the plus-minus sign). */
		buf_addf(b, _("Solo rating %.1f &#177; %.1f (conservative "
		    "%.1f), "), r->mu, r->sigma, r->ordinal);
	else
		buf_addf(b, _("Rating %.1f &#177; %.1f (conservative %.1f), "),
		    r->mu, r->sigma, r->ordinal);
	if (r->provisional && solo)
		/* TRANSLATORS: the games played, of the games a rating
		 * needs to be more than provisional; the plural is the
		 * second number's. */
		buf_addf(b, ngettext("provisional: %d of %d solo game",
		    "provisional: %d of %d solo games", e->provisional),
		    r->games, e->provisional);
	else if (r->provisional)
		buf_addf(b, ngettext("provisional: %d of %d rated game",
		    "provisional: %d of %d rated games", e->provisional),
		    r->games, e->provisional);
	else if (solo)
		buf_addf(b, ngettext("%d solo game", "%d solo games",
		    r->games), r->games);
	else
		buf_addf(b, ngettext("%d rated game", "%d rated games",
		    r->games), r->games);
	if (r->rank > 0 && solo)
		buf_addf(b, _(", number %d on the solo board"), r->rank);
	else if (r->rank > 0)
		buf_addf(b, _(", number %d on the board"), r->rank);
	buf_adds(b, ".</p>\n");
}

/* A bluff ledger's table, captioned what ("Bluff ledger", "Solo bluff
 * ledger", translated), when it has a game. */
static void
export_ledger(struct buf *b, const struct store_bluffs *bl, const char *what)
{
	if (bl->games == 0)
		return;
	buf_adds(b, EXPORT_BOX "<table class=\"ledger\"><caption>");
	/* TRANSLATORS: a ledger's caption: its name ("Bluff ledger") and
	 * the games it counts. */
	buf_addf(b, ngettext("%s, %d game", "%s, %d games", bl->games), what,
	    bl->games);
	buf_addf(b, "</caption>\n<tr><th>%s</th><th>%s</th><th>%s</th>"
	    "<th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr>\n",
	    _("claims"), _("lies"), _("caught"), _("got away"),
	    _("honest, called"), _("calls"), _("right"), _("wrong"));
	buf_addf(b, "<tr>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "</tr>\n</table>" EXPORT_BOX_END, bl->claims, bl->lies,
	    bl->caught, bl->away, bl->accused, bl->calls, bl->right,
	    bl->wrong);
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
	buf_addf(b, EXPORT_BOX "<table class=\"stats\"><caption>%s"
	    "</caption>\n<tr><th>%s</th><th>%s</th><th>%s"
	    "</th><th>%s</th><th>%s</th></tr>\n", _("Record"), _("games"),
	    _("wins"), _("losses"), _("best streak"), _("average place"));
	buf_addf(b, "<tr><td class=\"n\">%d</td><td class=\"n\">%d</td>"
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
	export_ledger(b, &bl, _("Bluff ledger"));
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

	buf_addf(b, "<h3>%s</h3>\n" EXPORT_BOX "<table class=\"stats "
	    "solo\"><caption>%s</caption>\n<tr><th>%s</th>"
	    "<th>%s</th><th>%s</th><th>%s</th></tr>\n",
	    _("Solo: against AI seats"), _("Solo record"), _("games"),
	    /* TRANSLATORS: the head of a solo record's games placed
	     * first, in a game played for a loser. */
	    ops->loser_game ? _("first") : _("wins"), _("losses"),
	    _("best in a row"));
	buf_addf(b, "<tr>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td>"
	    "<td class=\"n\">%d</td><td class=\"n\">%d</td></tr>\n"
	    "</table>" EXPORT_BOX_END, so->games,
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
		export_ledger(b, &bl, _("Solo bluff ledger"));
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
	buf_adds(&b, "</h1>\n<p>");
	buf_addf(&b, ngettext("%d finished game.", "%d finished games.",
	    pl->games), pl->games);
	buf_addf(&b, " <a href=\"../index.html\">%s</a></p>\n",
	    _("Back to the league"));
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
	buf_addf(&b, "<h2>%s</h2>\n", _("Titles"));
	if (n == 0)
		buf_addf(&b, "<p>%s</p>\n", _("None yet."));
	else
		buf_addf(&b, EXPORT_BOX "<table class=\"titles\"><tr>"
		    "<th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr>\n",
		    _("game"), _("title"), _("times"), _("last earned"));
	for (i = 0; i < n; i++) {
		ops = game_named(titles[i].variant);
		export_time(when, sizeof when, titles[i].last, 1);
		buf_adds(&b, "<tr><td>");
		export_esc(&b, ops != NULL ? ops->title : titles[i].variant);
		buf_adds(&b, "</td><td>");
		export_esc(&b, export_title_name(ops, titles[i].name,
		    titles[i].solo));
		if (titles[i].solo)
			buf_adds(&b, _(" (solo)"));
		buf_addf(&b, "</td><td class=\"n\">%d</td><td>%s</td></tr>\n",
		    titles[i].count, when);
	}
	if (n > 0)
		buf_adds(&b, "</table>" EXPORT_BOX_END);
	n = store_history(e->s, pl->nick, NULL, hist, EXPORT_HISTORY, cause);
	if (n < 0)
		goto out;
	buf_addf(&b, "<h2>%s</h2>\n" EXPORT_BOX "<table class=\"history\"><tr>"
	    "<th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr>\n",
	    _("Recent games"), _("game"), _("variant"), _("ended"),
	    _("place"));
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
			/* TRANSLATORS: a player's place in a game they
			 * left. */
			buf_adds(&b, _("left"));
		buf_adds(&b, "</td></tr>\n");
	}
	buf_adds(&b, "</table>" EXPORT_BOX_END);
	export_foot(e, &b, "../");
	rc = export_write(e, rel, &b, cause);
out:
	buf_free(&b);
	return rc;
}
