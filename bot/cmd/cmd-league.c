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
#include "storage/store.h"

/* "1st", "2nd", "3rd", "4th", ..., "11th", "12th", "13th", "21st". */
static const char *
cmd_ordinal_suffix(int n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return "th";
	switch (n % 10) {
	case 1:
		return "st";
	case 2:
		return "nd";
	case 3:
		return "rd";
	default:
		return "th";
	}
}

/* "27.4 ± 6.1 (conservative 9.1), 12 games, 3rd on the board", or with
 * a provisional rating (fewer games than provisional, league.provisional)
 * "..., provisional: 4 of 10 games"; board
 * names the board ("the board", "the solo board"). */
static void
cmd_rating_add(struct buf *out, const struct store_rating *r, int provisional,
    const char *board)
{
	buf_addf(out, "%.1f \xc2\xb1 %.1f (conservative %.1f), ", r->mu,
	    r->sigma, r->ordinal);
	if (r->provisional) {
		buf_addf(out, "provisional: %d of %d games", r->games,
		    provisional);
		return;
	}
	buf_addf(out, "%d game%s", r->games, r->games == 1 ? "" : "s");
	if (r->rank > 0)
		buf_addf(out, ", %d%s on %s", r->rank,
		    cmd_ordinal_suffix(r->rank), board);
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
		buf_addf(out, "%s%s", lead, named ? "rating " : "");
		cmd_rating_add(out, &league, provisional, "the board");
	}
	if (rc == 0) {
		snprintf(shown, size, "%s", solo.nick);
		buf_addf(out, "%ssolo ", has == 0 ? ", " : lead);
		cmd_rating_add(out, &solo, provisional, "the solo board");
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
	} else if (rc == 0)
		say_reply(ctx, "%s has no rated game%s%s yet.", nick,
		    ops != NULL ? " of " : "", ops != NULL ? ops->title : "");
	else if (ops != NULL)
		say_reply(ctx, "%s, %s: %s.", shown, ops->title,
		    buf_str(&text));
	else
		say_reply(ctx, "%s's ratings: %s.", shown, buf_str(&text));
	buf_free(&text);
	buf_free(&lead);
}

const struct cmd_entry cmd_league_table[] = {
	{ "rating", NULL, 0, 2, GAME_WHERE_BOTH, NEED_NOTHING,
	    "[NICK] [GAME]",
	    "the skill rating of NICK (you by default) in GAME, or in each "
	    "game they were rated in: mu \xc2\xb1 sigma, the conservative "
	    "mu - 3 sigma the board ranks by, and the games; provisional "
	    "until league.provisional games; the solo rating (games against "
	    "AI seats) beside it", cmd_rating },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
