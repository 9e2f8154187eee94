/*
 * Commands that keep order: !stop ends a lobby (its opener may too) or a
 * game, at once for channel operators and bot admins, else by a vote of
 * the people playing it (so that a game nobody wants ends on a network
 * with no operators; AI seats neither vote nor count, so a person alone
 * with them stops at once); !kick NICK removes a player from the game (channel
 * operators and bot admins); !reload re-reads the configuration without
 * dropping any game (bot admins; SIGHUP does the same); !ignore and
 * !unignore keep the ignore list (bot admins; ignore.c).  Bot admins are
 * the accounts and nick!user@host masks of conf->admins (who.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "alloc/xalloc.h"
#include "games/intl.h"

/* How long a player's !stop counts towards the vote: long enough for the
 * others to see it and agree, short enough that an old wish does not
 * stop a game that has come back to life.  The votes live in memory
 * with their table: they end with the game (and with a restart). */
#define STOP_VOTE_MS (5 * 60 * 1000)

/* A seated player's !stop in a running game: a vote, which ends the game
 * unrecorded once more than half the people still in it want that
 * within STOP_VOTE_MS of each other's votes.  AI seats (those taken over
 * too) are no voters: they never vote, so counting them would keep a
 * person alone with them from ever stopping. */
static void
cmd_stop_vote(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;
	uint64_t now = ctx->b->now;
	char *text, by[64];
	int s, in = 0, want = 0;

	t->stop_votes |= 1u << ctx->seat;
	t->stop_voted_at[ctx->seat] = now;
	for (s = 0; s < t->nseats; s++) {
		if (t->seats[s].gone || t->seats[s].ai)
			continue;
		in++;
		if ((t->stop_votes & (1u << s)) &&
		    now - t->stop_voted_at[s] < STOP_VOTE_MS)
			want++;
	}
	if (want * 2 > in) {
		/* Stored with the game: not translated. */
		snprintf(by, sizeof by, "a vote of %d of %d players", want,
		    in);
		if (in == 1)
			/* TRANSLATORS: the nick, the game's title. */
			text = xasprintf(_("%s is the only person playing: "
			    "the %s game ends, unrecorded."), ctx->from.nick,
			    t->ops->title);
		else
			/* TRANSLATORS: votes to stop, people playing (2 or
			 * more), the game's title. */
			text = xasprintf(_("%d of %d want to stop: the %s "
			    "game ends, unrecorded."), want, in,
			    t->ops->title);
		table_stop(t, by, text);
	} else {
		/* TRANSLATORS: the nick, the game's title, votes to stop,
		 * people playing (2 or more), votes needed, minutes, the
		 * command prefix ("!stop"). */
		text = xasprintf(_("%s wants to stop the %s game: %d of %d "
		    "want to, %d needed within %d minutes (%sstop)."),
		    ctx->from.nick, t->ops->title, want, in, in / 2 + 1,
		    STOP_VOTE_MS / 60000, ctx->b->conf->prefix);
		table_say(t, text);
	}
	free(text);
}

static void
cmd_stop(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;

	if (cmd_operator(ctx) ||
	    (t->state == TABLE_LOBBY && ctx->seat == t->opener))
		table_stop(t, ctx->from.nick, NULL);
	else if (t->state == TABLE_LOBBY)
		say_error(ctx, _("only the opener, a channel operator or a "
		    "bot admin can stop this lobby"));
	else if (ctx->seat < 0 || t->seats[ctx->seat].gone)
		say_error(ctx, _("only the people playing it (more than half "
		    "of them), a channel operator or a bot admin can stop "
		    "this game"));
	else
		cmd_stop_vote(ctx);
}

static void
cmd_kick(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;
	int seat = table_seat_named(t, ctx->argv[1]);
	char *lead, *cause = NULL;

	if (seat < 0) {
		say_error(ctx, _("'%s' is not playing here"), ctx->argv[1]);
		return;
	}
	/* TRANSLATORS: {p:%d} is the player removed, %s the nick of who
	 * removed them. */
	lead = xasprintf(_("{p:%d} was removed from the game by %s."), seat,
	    ctx->from.nick);
	if (table_leave(t, seat, lead, &cause) != 0) {
		say_error(ctx, "%s", cause);
		free(cause);
	}
	free(lead);
}

static void
cmd_reload(struct cmd_ctx *ctx)
{
	ctx->b->reload = 1;
	snprintf(ctx->b->reload_by, sizeof ctx->b->reload_by, "%s",
	    ctx->from.nick);
	ctx->b->reload_notice = ctx->prefs.notice;
	ctx->b->reload_about = say_about(ctx);
}

/* The mask ctx->argv[1] stands for, into buf; 0, or -1 (said why). */
static int
cmd_ignore_mask(struct cmd_ctx *ctx, char *buf, size_t size)
{
	if (ignore_mask_of(ctx->b, ctx->argv[1], buf, size) == 0)
		return 0;
	say_error(ctx, _("'%s' is too long for a mask"), ctx->argv[1]);
	return -1;
}

/* !ignore [NICK|MASK]: its answers go to the admin alone (say_tell()),
 * the ignore list being no business of the channel's. */
static void
cmd_ignore(struct cmd_ctx *ctx)
{
	struct bot *b = ctx->b;
	struct buf text = BUF_INIT;
	char mask[NICK_MAX + USERHOST_MAX + 2], *cause = NULL;
	int i, rc;

	if (ctx->argc == 1) {
		if (b->nignores == 0)
			buf_adds(&text, _("Nobody is ignored."));
		else
			/* TRANSLATORS: how many; their masks follow. */
			buf_addf(&text, _("Ignored (%d):"), b->nignores);
		for (i = 0; i < b->nignores; i++)
			buf_addf(&text, " %s", b->ignores[i]);
		say_tell(ctx, buf_str(&text));
		buf_free(&text);
		return;
	}
	if (cmd_ignore_mask(ctx, mask, sizeof mask) != 0)
		return;
	if ((rc = ignore_add(b, mask, ctx->from.nick, &cause)) < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
		return;
	}
	/* TRANSLATORS: a mask, nick!user@host. */
	buf_addf(&text, rc == 0 ? _("Ignoring %s (admins never are).") :
	    _("%s was already ignored."), mask);
	say_tell(ctx, buf_str(&text));
	buf_free(&text);
}

static void
cmd_unignore(struct cmd_ctx *ctx)
{
	char mask[3][NICK_MAX + USERHOST_MAX + 2], *cause = NULL;
	struct buf text = BUF_INIT;
	const char *arg = ctx->argv[1];
	int i, rc = 1;

	if (cmd_ignore_mask(ctx, mask[0], sizeof mask[0]) != 0)
		return;
	/* What the nick stands for now, else the mask as typed, else the
	 * nick alone: the owner may have been ignored under another mask
	 * than the one the nick gives today. */
	snprintf(mask[1], sizeof mask[1], "%s", arg);
	snprintf(mask[2], sizeof mask[2], "%s!*@*", arg);
	for (i = 0; i < (strpbrk(arg, "!@") == NULL ? 3 : 2) && rc == 1; i++)
		rc = ignore_remove(ctx->b, mask[i], &cause);
	if (rc < 0) {
		say_error(ctx, "%s", cause);
		free(cause);
	} else if (rc == 1)
		/* TRANSLATORS: a mask, then the command prefix
		 * ("!ignore"). */
		say_error(ctx, _("%s is not ignored; %signore lists who is"),
		    mask[0], ctx->b->conf->prefix);
	else {
		/* TRANSLATORS: a mask, nick!user@host. */
		buf_addf(&text, _("No longer ignoring %s."), mask[i - 1]);
		say_tell(ctx, buf_str(&text));
		buf_free(&text);
	}
}

const struct cmd_entry cmd_admin_table[] = {
	{ "stop", NULL, 0, 0, GAME_WHERE_CHANNEL, NEED_TABLE, "",
	    N_("end the lobby (its opener) or the game, unrecorded (operators, "
	    "admins, or more than half the people playing it within 5 "
	    "minutes; AI seats do not count)"),
	    cmd_stop },
	{ "kick", "remove", 1, 1, GAME_WHERE_CHANNEL,
	    NEED_GAME | NEED_OPERATOR, "NICK",
	    N_("remove a player from the game (operators, admins)"), cmd_kick },
	{ "reload", "rehash", 0, 0, GAME_WHERE_BOTH, NEED_ADMIN, "",
	    N_("read the configuration file again; games go on (admins)"),
	    cmd_reload },
	{ "ignore", NULL, 0, 1, GAME_WHERE_BOTH, NEED_ADMIN, "[NICK|MASK]",
	    N_("ignore someone's commands, moves and CTCP (a nick the bot sees "
	    "becomes *!user@host; masks nick!user@host take * and ?), or "
	    "list who is ignored (admins)"), cmd_ignore },
	{ "unignore", NULL, 1, 1, GAME_WHERE_BOTH, NEED_ADMIN, "NICK|MASK",
	    N_("answer someone on the ignore list again (admins)"),
	    cmd_unignore },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};
