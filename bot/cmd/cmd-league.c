/*
 * The league's commands, read from storage: !rating [NICK] [GAME], a
 * player's skill rating (storage/rating.h, docs/league.md).  The
 * arguments may come in either order, as for !stats: a word that names a
 * game exactly is the game, anything else the nick.  The rating board is
 * !top GAME rating (cmd-stats.c).
 *
 * A rating is shown as mu ± sigma with the conservative estimate, mu - 3
 * sigma, which the board ranks by; a player rated by fewer games than
 * league.provisional is provisional, and on no board.
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
 * fewer games than provisional "..., provisional: 4 of 10 games". */
static void
cmd_rating_add(struct buf *out, const struct store_rating *r, int provisional)
{
	buf_addf(out, "%.1f \xc2\xb1 %.1f (conservative %.1f), ", r->mu,
	    r->sigma, r->ordinal);
	if (r->games < provisional) {
		buf_addf(out, "provisional: %d of %d games", r->games,
		    provisional);
		return;
	}
	buf_addf(out, "%d game%s", r->games, r->games == 1 ? "" : "s");
	if (r->rank > 0)
		buf_addf(out, ", %d%s on the board", r->rank,
		    cmd_ordinal_suffix(r->rank));
}

/* Appends "; Cheat: ..." for each variant nick has a rating of (the
 * first without "; "), the nick as last seen into shown; the count of
 * ratings, or -1 and *cause. */
static int
cmd_rating_variants(struct cmd_ctx *ctx, const char *nick, struct buf *out,
    char *shown, size_t size, char **cause)
{
	struct store_rating r;
	int i, n = 0, rc;

	for (i = 0; game_table[i] != NULL; i++) {
		rc = store_rating(ctx->b->store, nick, game_table[i]->name, &r,
		    cause);
		if (rc < 0)
			return -1;
		if (rc > 0)
			continue;
		snprintf(shown, size, "%s", r.nick);
		buf_addf(out, "%s%s ", n > 0 ? "; " : "",
		    game_table[i]->title);
		cmd_rating_add(out, &r, ctx->b->conf->league_provisional);
		n++;
	}
	return n;
}

static void
cmd_rating(struct cmd_ctx *ctx)
{
	const struct game_ops *ops;
	char nick[CMD_NAME_SIZE];
	struct store_rating r;
	struct buf text = BUF_INIT;
	char shown[NICK_MAX], *cause = NULL;
	int rc;

	cmd_nick_game(ctx, nick, sizeof nick, &ops);
	if (ops != NULL) {
		rc = store_rating(ctx->b->store, nick, ops->name, &r, &cause);
		if (rc == 0) {
			buf_addf(&text, "%s, %s: rating ", r.nick, ops->title);
			cmd_rating_add(&text, &r,
			    ctx->b->conf->league_provisional);
		}
	} else {
		rc = cmd_rating_variants(ctx, nick, &text, shown,
		    sizeof shown, &cause);
		rc = rc < 0 ? -1 : rc == 0;
	}
	if (rc < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
	} else if (rc > 0)
		say_reply(ctx, "%s has no rated game%s%s yet.", nick,
		    ops != NULL ? " of " : "", ops != NULL ? ops->title : "");
	else if (ops != NULL)
		say_reply(ctx, "%s.", buf_str(&text));
	else
		say_reply(ctx, "%s's ratings: %s.", shown, buf_str(&text));
	buf_free(&text);
}

const struct cmd_entry cmd_league_table[] = {
	{ "rating", NULL, 0, 2, GAME_WHERE_BOTH, NEED_NOTHING,
	    "[NICK] [GAME]",
	    "the skill rating of NICK (you by default) in GAME, or in each "
	    "game they were rated in: mu \xc2\xb1 sigma, the conservative "
	    "mu - 3 sigma the board ranks by, and the games; provisional "
	    "until league.provisional games", cmd_rating },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
