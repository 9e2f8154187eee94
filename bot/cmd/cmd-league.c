/*
 * The league's commands, read from storage: !rating [NICK] [GAME], a
 * player's skill rating (storage/rating.h, docs/league.md), and beside
 * it their solo rating (the solo ladder: games with AI seats, each AI
 * seat at its level's fixed anchor, storage/solo.h).  The
 * arguments may come in either order, as for !stats: a word that names a
 * game exactly is the game, anything else the nick.  The rating board is
 * !top GAME rating (cmd-stats.c).
 *
 * A rating is shown as mu ± sigma with the conservative estimate, mu - 3
 * sigma, which the board ranks by; a player rated by fewer games than
 * league.provisional is provisional, and on no board (the solo board
 * alike: !top GAME solo).
 */
#include <stdio.h>
#include <stdlib.h>

#include "bot/core/core.h"
#include "games/intl.h"
#include "storage/store.h"

/* The English ending of n as a rank: 1 for "1st", 2 for "2nd", 3 for
 * "3rd", 0 for "4th", ..., "11th", "12th", "13th"; 1 for "21st". */
static int
cmd_ordinal_ending(int n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return 0;
	return n % 10 <= 3 ? n % 10 : 0;
}

/* "27.4 ± 6.1 (conservative 9.1), 12 games, 3rd on the board", or with
 * a provisional rating (fewer games than provisional, league.provisional)
 * "..., provisional: 4 of 10 games"; board
 * names the board ("the board", "the solo board", translated). */
static void
cmd_rating_add(struct buf *out, const struct store_rating *r, int provisional,
    const char *board)
{
	int e;

	/* TRANSLATORS: a rating and its uncertainty, then mu - 3 sigma,
	 * which the board ranks by; the games rated follow. */
	buf_addf(out, _("%.1f \xc2\xb1 %.1f (conservative %.1f), "), r->mu,
	    r->sigma, r->ordinal);
	if (r->provisional) {
		/* TRANSLATORS: games rated, games a rating needs to be on
		 * the board. */
		buf_addf(out, ngettext("provisional: %d of %d game",
		    "provisional: %d of %d games", provisional), r->games,
		    provisional);
		return;
	}
	/* TRANSLATORS: games rated, after a rating. */
	buf_addf(out, ngettext("%d game", "%d games", r->games), r->games);
	if (r->rank <= 0)
		return;
	e = cmd_ordinal_ending(r->rank);
	/* TRANSLATORS: a player's rank on a board ("the board", "the
	 * solo board"), after their rating: English has four endings of
	 * the number (1st, 2nd, 3rd, 4th), your language may say all
	 * four alike. */
	buf_addf(out, e == 1 ? _(", %dst on %s") : e == 2 ? _(", %dnd on %s") :
	    e == 3 ? _(", %drd on %s") : _(", %dth on %s"), r->rank, board);
}

/* Appends nick's ratings of ops after lead: the league's ("rating 27.4 ±
 * ..." with named set, else "27.4 ± ...") and the solo ladder's beside it
 * (", solo 26.0 ± ..."), or the one they have; the nick as last seen
 * into shown.  How many there were (0 to 2: nothing appended for 0), or
 * -1 and *cause. */
static int
cmd_rating_game(struct cmd_ctx *ctx, const char *nick,
    const struct game_ops *ops, const char *lead, int named, struct buf *out,
    char *shown, size_t size, char **cause)
{
	struct store_rating league, solo;
	int provisional = ctx->b->conf->league_provisional, has, rc;

	if ((has = store_rating(ctx->b->store, nick, ops->name, &league,
	    cause)) < 0 || (rc = store_solo_rating(ctx->b->store, nick,
	    ops->name, &solo, cause)) < 0)
		return -1;
	if (has == 0) {
		snprintf(shown, size, "%s", league.nick);
		/* TRANSLATORS: "rating " comes before a player's rating
		 * of one game ("rating 27.4 ..."). */
		buf_addf(out, "%s%s", lead, named ? _("rating ") : "");
		/* TRANSLATORS: the board ranks the ratings: ", 3rd on the
		 * board". */
		cmd_rating_add(out, &league, provisional, _("the board"));
	}
	if (rc == 0) {
		snprintf(shown, size, "%s", solo.nick);
		/* TRANSLATORS: "solo " comes before a player's solo
		 * rating ("solo 26.0 ..."). */
		buf_addf(out, "%s%s", has == 0 ? ", " : lead, _("solo "));
		/* TRANSLATORS: the solo board ranks the solo ratings:
		 * ", 3rd on the solo board". */
		cmd_rating_add(out, &solo, provisional, _("the solo board"));
	}
	return (has == 0) + (rc == 0);
}

static void
cmd_rating(struct cmd_ctx *ctx)
{
	const struct game_ops *ops;
	const struct game_ops *const *op;
	char nick[CMD_NAME_SIZE];
	struct buf text = BUF_INIT, lead = BUF_INIT;
	char shown[NICK_MAX], *cause = NULL;
	int rc = 0, n;

	cmd_nick_game(ctx, nick, sizeof nick, &ops);
	/* One game, or each game nick has a rating of, "; " between. */
	for (op = game_table; *op != NULL && rc >= 0; op++) {
		if (ops != NULL && *op != ops)
			continue;
		buf_reset(&lead);
		if (ops == NULL)
			buf_addf(&lead, "%s%s ", rc > 0 ? "; " : "",
			    (*op)->title);
		n = cmd_rating_game(ctx, nick, *op, buf_str(&lead),
		    ops != NULL, &text, shown, sizeof shown, &cause);
		rc = n < 0 ? -1 : rc + n;
	}
	if (rc < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
	} else if (rc == 0 && ops != NULL)
		/* TRANSLATORS: the nick, the game's title. */
		say_reply(ctx, _("%s has no rated game of %s yet."), nick,
		    ops->title);
	else if (rc == 0)
		say_reply(ctx, _("%s has no rated game yet."), nick);
	else if (ops != NULL)
		say_reply(ctx, "%s, %s: %s.", shown, ops->title,
		    buf_str(&text));
	else
		/* TRANSLATORS: the nick, then the ratings of each game. */
		say_reply(ctx, _("%s's ratings: %s."), shown, buf_str(&text));
	buf_free(&text);
	buf_free(&lead);
}

const struct cmd_entry cmd_league_table[] = {
	{ "rating", NULL, 0, 2, GAME_WHERE_BOTH, NEED_NOTHING,
	    "[NICK] [GAME]",
	    N_("the skill rating of NICK (you by default) in GAME, or in each "
	    "game they were rated in: mu \xc2\xb1 sigma, the conservative "
	    "mu - 3 sigma the board ranks by, and the games; provisional "
	    "until league.provisional games; the solo rating (games against "
	    "AI seats) beside it"), cmd_rating },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
