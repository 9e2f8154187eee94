/*
 * A game's page of the stats page (export-int.h), and its row in the
 * index's list of recent games.  Both open with the game's result as the
 * records keep it (its stored results, store_export_results()): who won,
 * first; the page then gives the places, its players and its replay, as
 * --replay prints it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bot/core/replay.h"
#include "bot/export-int.h"
#include "games/game.h"
#include "games/intl.h"

/* Seat i of sg: a link to its player's page (up "" or "../"), or the
 * name alone for an AI seat, whose player has no page. */
static void
export_seat(struct buf *b, const struct store_game *sg, int i,
    const char *up)
{
	if (strncmp(sg->seats[i].key, "ai:", 3) == 0)
		export_esc(b, sg->seats[i].nick);
	else
		export_player_link(b, sg->seats[i].nick, up);
}

/* The seats sel[0..n-1] of sg in a row: "alice", "alice and bob",
 * "alice, bob and carol". */
static void
export_seat_list(struct buf *b, const struct store_game *sg, const int *sel,
    int n, const char *up)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i > 0)
			/* TRANSLATORS: the last joint of a list of nicks,
			 * "alice, bob and carol". */
			buf_adds(b, i == n - 1 ? _(" and ") : ", ");
		export_seat(b, sg, sel[i], up);
	}
}

/* How a game ended, in the order export_winner() looks: its winners, the
 * one seat left by a forfeit, the loser of a game played for one (which
 * nobody wins), else those placed first. */
enum export_end { EXPORT_WON, EXPORT_FORFEIT, EXPORT_LOST, EXPORT_FIRST };

static int
export_ended(enum export_end k, const struct store_export_result *r)
{
	switch (k) {
	case EXPORT_WON:
		return r->won;
	case EXPORT_FORFEIT:
		return r->forfeit;
	case EXPORT_LOST:
		return r->lost;
	default:
		return r->place == 1;
	}
}

/* What follows the n nicks of how a game ended k: " won", ... */
static const char *
export_said(enum export_end k, int n)
{
	switch (k) {
	case EXPORT_WON:
		/* TRANSLATORS: this and the three below follow the nick, or
		 * the nicks ("alice and bob"), of the seats a game's result
		 * names on the stats page. */
		return ngettext(" won", " won", n);
	case EXPORT_FORFEIT:
		return ngettext(" won by forfeit", " won by forfeit", n);
	case EXPORT_LOST:
		return ngettext(" lost", " lost", n);
	default:
		return ngettext(" first", " first", n);
	}
}

/* Who won sg, whose seats' results are r, the winner first, as the list
 * of recent games and the game's page say it: "alice won" ("alice and
 * bob won": a shared win), "alice won by forfeit" (everyone else left),
 * "bob lost" (a game played for a loser), else "alice first"; nothing
 * when no seat was placed.  How it ended, or -1 for nothing. */
static int
export_winner(struct buf *b, const struct store_game *sg,
    const struct store_export_result *r, const char *up)
{
	int sel[GAME_MAX_SEATS], i, k, n;

	for (k = EXPORT_WON; k <= EXPORT_FIRST; k++) {
		for (i = n = 0; i < sg->nseats && i < GAME_MAX_SEATS; i++) {
			if (export_ended((enum export_end)k, &r[i]))
				sel[n++] = i;
		}
		if (n > 0) {
			export_seat_list(b, sg, sel, n, up);
			buf_adds(b, export_said((enum export_end)k, n));
			return k;
		}
	}
	return -1;
}

/* The page's result: who won (export_winner()), what a forfeit counts
 * for, then the places ("1. alice, 2. bob; left: carol"). */
static void
export_result(struct buf *b, const struct store_game *sg,
    const struct store_export_result *r)
{
	int sel[GAME_MAX_SEATS], i, k, n = 0, place, any = 0, nseats;

	nseats = sg->nseats < GAME_MAX_SEATS ? sg->nseats : GAME_MAX_SEATS;
	buf_adds(b, "<p class=\"result\"><strong>");
	if ((k = export_winner(b, sg, r, "../")) < 0)
		buf_adds(b, _("Nobody placed"));
	if (k == EXPORT_FORFEIT)
		/* TRANSLATORS: this and the pieces below make a game's
		 * result on the stats page: "alice won by forfeit: everyone
		 * else left, so it counts as a game played, not as a win."
		 * or "alice won. Places: 1. alice, 2. bob; left: carol."
		 * ("Left: carol." when nobody was placed). */
		buf_addf(b, "</strong>: %s", _("everyone else left, so it "
		    "counts as a game played, not as a win."));
	else
		buf_adds(b, ".</strong>");
	for (place = 1; place <= nseats; place++) {
		for (i = 0; i < nseats; i++) {
			if (r[i].place != place)
				continue;
			buf_addf(b, "%s%d. ", any++ ? ", " : _(" Places: "),
			    place);
			export_seat(b, sg, i, "../");
		}
	}
	for (i = 0; i < nseats; i++) {
		if (r[i].place == 0)
			sel[n++] = i;
	}
	if (n > 0) {
		buf_adds(b, any ? _("; left: ") : _(" Left: "));
		export_seat_list(b, sg, sel, n, "../");
	}
	buf_adds(b, any || n > 0 ? ".</p>\n" : "</p>\n");
}

int
export_game(struct export *e, const struct store_game *sg, struct buf *row,
    char **cause)
{
	struct store_export_result r[GAME_MAX_SEATS];
	struct buf b = BUF_INIT, chan = BUF_INIT;
	const struct game_ops *ops = game_named(sg->variant);
	char **lines = NULL, rel[64], when[40], title[160];
	int i, n, rc;

	if (store_export_results(e->s, sg->id, r, GAME_MAX_SEATS, cause) < 0)
		return -1;
	if ((n = replay_text(sg, e->q, 0, &lines, cause)) < 0)
		return -1;
	/* TRANSLATORS: a game's page's title: its number and the game's
	 * name ("Cheat"). */
	snprintf(title, sizeof title, _("Game %lld: %s"), (long long)sg->id,
	    ops != NULL ? ops->title : sg->variant);
	export_time(when, sizeof when, sg->ended, 1);
	export_head(&b, title, "../");
	buf_adds(&b, "<h1>");
	export_esc(&b, title);
	buf_adds(&b, "</h1>\n");
	export_result(&b, sg, r);
	export_esc(&chan, sg->channel);
	buf_adds(&b, "<p>");
	/* TRANSLATORS: the channel and when the game ended ("2024-05-01
	 * 18:30 UTC"); the players follow, each after a space, with commas
	 * between. */
	buf_addf(&b, _("In %s, ended %s. Players:"), buf_str(&chan), when);
	buf_free(&chan);
	buf_addf(row, "<tr><td><a href=\"games/%" PRId64 ".html\">#%" PRId64
	    "</a></td><td>", sg->id, sg->id);
	export_esc(row, ops != NULL ? ops->title : sg->variant);
	buf_adds(row, "</td><td class=\"result\">");
	export_winner(row, sg, r, "");
	buf_adds(row, "</td><td>");
	for (i = 0; i < sg->nseats; i++) {
		buf_adds(&b, i > 0 ? ", " : " ");
		buf_adds(row, i > 0 ? ", " : "");
		export_seat(&b, sg, i, "../");
		export_seat(row, sg, i, "");
	}
	buf_adds(row, "</td><td>");
	export_esc(row, sg->channel);
	buf_addf(row, "</td><td>%s</td></tr>\n", when);
	buf_addf(&b, ".</p>\n<h2>%s</h2>\n<pre class=\"replay\">",
	    _("Replay"));
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
