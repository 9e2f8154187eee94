/*
 * Command dispatch (after tmux's cmd_find and redis' command table): a
 * message becomes words, the words a command, and the command is checked
 * once here (where it may be typed, what must exist, who may use it, how
 * many arguments) before its handler runs, so handlers never re-check.
 *
 * A sender seated in a running game who types one of that variant's
 * commands makes a move; one of the variant of a game that just ended
 * (in its channel, or in private from one of its players) is told the
 * game is over (ended.c); everything else is looked up in the bot's
 * command groups.  Every refusal is one line to the sender.  Before any of that,
 * an ignored sender is dropped without a word, and every command, a move
 * too, spends a token of its sender's command limit (limit.c).
 *
 * A channel line that is no command (nor a CTCP but an ACTION, /me) is
 * talk: it costs nothing, and it may be the answer a question waits for
 * (table_heard()).  A command is never that answer, not even !status: a
 * player asked who checks where things stand has not answered; the
 * game's own next ends the wait as the move it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "bot/net/ircline.h"
#include "bot/core/render.h"
#include "alloc/xalloc.h"
#include "games/intl.h"

/* Every word a line can hold: a word and a space take two bytes. */
#define WORDS_MAX (IRCLINE_MAX / 2 + 1)

/* Splits s in place into its words, at most max of them; -1 if it has
 * more (no word is dropped: a command cut short would be another). */
static int
dispatch_split(char *s, char **argv, int max)
{
	int argc = 0;

	for (;;) {
		s += strspn(s, " \t");
		if (*s == '\0')
			break;
		if (argc == max)
			return -1;
		argv[argc++] = s;
		s += strcspn(s, " \t");
		if (*s != '\0')
			*s++ = '\0';
	}
	return argc;
}

/* A refusal of a private command that needs a game: among a network's
 * bots, the answer says who deals the other channels (share.c).  Told
 * apart by its address (dispatch_refuse()), translated where it is said. */
static const char *const not_in_game = N_("you are not in a game");

static void
dispatch_not_in_game(struct cmd_ctx *ctx)
{
	struct buf where = BUF_INIT;

	if (share_where(ctx->b, &where) > 0)
		/* TRANSLATORS: %s is the list of other bots and the
		 * channels they deal. */
		say_error(ctx, _("you are not in a game I deal (%s)"),
		    buf_str(&where));
	else
		say_error(ctx, "%s", _(not_in_game));
	buf_free(&where);
}

/* The reason ctx may not use e (translated, but for not_in_game), or
 * NULL; "" when the words are too many or too few. */
static const char *
dispatch_refuse(const struct cmd_ctx *ctx, const struct cmd_entry *e)
{
	const struct table *t = ctx->table;
	int nargs = ctx->argc - 1;

	if (ctx->chan == NULL && !(e->where & GAME_WHERE_PRIVATE))
		return _("that command works in a channel");
	if (ctx->chan != NULL && !(e->where & GAME_WHERE_CHANNEL))
		return _("send that command to me in private");
	if ((e->needs & (NEED_TABLE | NEED_LOBBY | NEED_GAME)) && t == NULL &&
	    ctx->chan == NULL)
		return not_in_game;
	if ((e->needs & NEED_TABLE) && t == NULL)
		return ctx->chan != NULL ?
		    _("no game here; !play GAME opens one") : _(not_in_game);
	if ((e->needs & NEED_LOBBY) && (t == NULL || t->state != TABLE_LOBBY))
		return t == NULL ?
		    _("no lobby is open here; !play GAME opens one") :
		    _("the game has already started");
	if ((e->needs & NEED_GAME) && (t == NULL ||
	    t->state != TABLE_PLAYING))
		return _("no game is being played here");
	if ((e->needs & NEED_SEATED) && ctx->seat < 0)
		return _("you are not playing at this table");
	if ((e->needs & NEED_ADMIN) && !who_is_admin(ctx->b, &ctx->from))
		return _("only a bot admin can do that");
	if ((e->needs & NEED_OPERATOR) && !cmd_operator(ctx))
		return _("only a channel operator or a bot admin can do "
		    "that");
	if (nargs < e->min_args || (e->max_args >= 0 && nargs > e->max_args))
		return "";
	return NULL;
}

/* The argument words of a variant command as parse() takes them: where
 * gc->seat_args marks a word that names a player, a seat's nick (with a
 * ':' or ',' after it, as addressed in a channel) becomes {p:N}, written
 * into seats[]; every other word is passed as typed. */
static void
dispatch_seat_args(const struct table *t, const struct game_cmd *gc,
    int argc, char **argv, char seats[][16])
{
	char nick[64];
	size_t len;
	int i, seat;

	for (i = 0; i < argc && i < 32; i++) {
		if (!(gc->seat_args & (1u << i)))
			continue;
		snprintf(nick, sizeof nick, "%s", argv[i]);
		len = strlen(nick);
		if (len > 1 && (nick[len - 1] == ':' || nick[len - 1] == ','))
			nick[len - 1] = '\0';
		if ((seat = table_seat_named(t, nick)) < 0)
			continue;
		snprintf(seats[i], 16, "{p:%d}", seat);
		argv[i] = seats[i];
	}
}

/* Whether ctx's words are a bot command whose first argument names a
 * game ("play cheater"), which no move of any variant looks like. */
static int
dispatch_names_game(const struct cmd_ctx *ctx)
{
	return ctx->argc >= 2 && cmd_find(ctx->argv[0]) != NULL &&
	    game_find(ctx->argv[1], NULL) != NULL;
}

/* Whether ctx's words are "pass" from a seat the open window for calls
 * waits on: when the rules refuse it as their own move (CHEATER's and
 * Liar's UNO's pass are moves of theirs), it is the bot's !pass. */
static int
dispatch_declines(const struct cmd_ctx *ctx)
{
	return ctx->argc == 1 && strcasecmp(ctx->argv[0], "pass") == 0 &&
	    table_window_answers(ctx->table, ctx->seat);
}

/* A variant command from a seated player: parse it into a move, play it. */
static int
dispatch_move(struct cmd_ctx *ctx)
{
	struct table *t = ctx->table;
	const struct game_cmd *gc;
	struct game_move mv;
	char *cause = NULL, seats[32][16];
	int i;

	if (t == NULL || t->state != TABLE_PLAYING || ctx->seat < 0 ||
	    (i = game_cmd_find_where(t->ops, ctx->argv[0], ctx->chan == NULL ?
	    GAME_WHERE_PRIVATE : GAME_WHERE_CHANNEL)) < 0)
		return 0;
	gc = &t->ops->cmds[i];
	/* A move naming a game is the bot command of that name: "!play
	 * cheater" from a player of Cheat (whose play is private) or of
	 * Liar's UNO (whose play may be in the channel) is no move. */
	if (dispatch_names_game(ctx))
		return 0;
	if (ctx->chan == NULL && !(gc->where & GAME_WHERE_PRIVATE))
		/* TRANSLATORS: %s%s is the move as typed: the command
		 * prefix, then its name ("!play"). */
		say_error(ctx, _("type %s%s in the channel"),
		    ctx->b->conf->prefix, gc->name);
	else if (ctx->chan != NULL && !(gc->where & GAME_WHERE_CHANNEL))
		/* TRANSLATORS: '%s %s' is the move and its arguments as
		 * its usage gives them ("play CARD..."). */
		say_error(ctx, _("keep your cards secret: send '%s %s' to me "
		    "in private"), gc->name, *gc->usage != '\0' ?
		    _(gc->usage) : "");
	else {
		/* A move is refused to its mover alone, in their language;
		 * what it tells the table, the table says in its own. */
		lang_use(prefs_lang(ctx->b, &ctx->prefs, t->chan));
		dispatch_seat_args(t, gc, ctx->argc - 1, ctx->argv + 1, seats);
		if (t->ops->parse(t->g, ctx->seat, i, ctx->argc - 1,
		    ctx->argv + 1, &mv, &cause) == 0 &&
		    table_move(t, &mv, &cause) == 0)
			return 1;
		if (dispatch_declines(ctx)) {
			free(cause);
			cause = NULL;
			if (cmd_decline(ctx, &cause) == 0)
				return 1;
		}
		say_error(ctx, "%s", cause);
		free(cause);
	}
	return 1;
}

/* Whether word is a move of some variant ("play 4h as 4" sent by
 * someone who is not playing). */
static int
dispatch_is_move(const char *word)
{
	int i;

	for (i = 0; game_table[i] != NULL; i++) {
		if (game_cmd_find(game_table[i], word) >= 0)
			return 1;
	}
	return 0;
}

/* Whether ctx's words are a move of a game that just ended (ended.c),
 * typed in its channel with no table there now, or in private by one of
 * its players who sits nowhere now: then they are told it is over, in
 * one line naming its channel. */
static int
dispatch_over(struct cmd_ctx *ctx)
{
	const struct game_ops *ops;
	struct chan *where;
	char *text;

	if (ctx->table != NULL || dispatch_names_game(ctx) ||
	    (ops = ended_game(ctx->b, ctx->chan, &ctx->from, ctx->argv[0],
	    &where)) == NULL)
		return 0;
	/* TRANSLATORS: the game's title ("Cheat"), then the command
	 * prefix and the game's name as typed ("!play cheat"). */
	text = xasprintf(_("the %s game is over: %splay %s starts another"),
	    ops->title, ctx->b->conf->prefix, ops->name);
	say_to(ctx->b, ctx->from.nick, ctx->prefs.notice, where, text);
	free(text);
	return 1;
}

/* Runs the command in ctx->argv. */
static void
dispatch_command(struct cmd_ctx *ctx)
{
	const struct cmd_entry *e;
	const char *why;
	char word[CMD_QUOTE_SIZE];

	if (dispatch_move(ctx) || dispatch_over(ctx))
		return;
	if (ctx->chan == NULL && ctx->table == NULL &&
	    dispatch_is_move(ctx->argv[0]) && !dispatch_names_game(ctx)) {
		dispatch_not_in_game(ctx);
		return;
	}
	e = cmd_find(ctx->argv[0]);
	if (e == NULL) {
		cmd_quote(word, sizeof word, ctx->argv[0]);
		if (ctx->table != NULL && ctx->table->state == TABLE_PLAYING &&
		    game_cmd_find(ctx->table->ops, ctx->argv[0]) >= 0)
			say_error(ctx, _("you are not playing in this game"));
		else
			/* TRANSLATORS: the word typed, then the command
			 * prefix ("!help"). */
			say_error(ctx, _("unknown command '%s'; try %shelp"),
			    word, ctx->b->conf->prefix);
		return;
	}
	why = dispatch_refuse(ctx, e);
	if (why != NULL && *why == '\0')
		/* TRANSLATORS: the command as typed, prefix, name and
		 * arguments: "usage: !play GAME [option=value ...]". */
		say_error(ctx, _("usage: %s%s%s%s"), ctx->b->conf->prefix,
		    e->name, *e->usage != '\0' ? " " : "", e->usage);
	else if (why == not_in_game)
		dispatch_not_in_game(ctx);
	else if (why != NULL)
		say_error(ctx, "%s", why);
	else
		e->fn(ctx);
}

/* Whether the sender of ctx may have a command now (limit.c); the first
 * command dropped in a run is told why, once.  Sets ctx->prefs. */
static int
dispatch_allowed(struct cmd_ctx *ctx)
{
	const struct conf *c = ctx->b->conf;
	enum limit_verdict v = limit_command(ctx->b, &ctx->from);

	/* What the sender chose (prefs.c), for all that is said to them;
	 * not read for a command dropped in silence. */
	if (v != LIMIT_DROP) {
		if (ctx->table != NULL && ctx->seat >= 0)
			ctx->prefs = ctx->table->seats[ctx->seat].prefs;
		else
			prefs_find(ctx->b, &ctx->from, &ctx->prefs);
	}
	/* A command is answered in the language of where it was typed:
	 * the channel's, or the sender's own in private (docs/
	 * translating.md). */
	lang_use(ctx->chan != NULL ? prefs_chan_lang(ctx->b, ctx->chan) :
	    prefs_lang(ctx->b, &ctx->prefs, say_about(ctx)));
	switch (v) {
	case LIMIT_PASS:
		return 1;
	case LIMIT_WARN:
		say_error(ctx, ngettext("slow down: I take %d command at "
		    "once, then one every %g s, and drop the others",
		    "slow down: I take %d commands at once, then one every "
		    "%g s, and drop the others", c->user_burst),
		    c->user_burst,
		    c->user_interval_ms / 1000.0);
		return 0;
	case LIMIT_DROP:
		break;
	}
	return 0;
}

void
dispatch_message(struct bot *b, const char *origin, const char *account,
    const char *target, const char *text)
{
	struct buf clean = BUF_INIT;
	char nick[NICK_MAX], *argv[WORDS_MAX], *s;
	const char *bang = strchr(origin, '!'), *prefix = b->conf->prefix;
	struct cmd_ctx ctx;
	size_t plen = strlen(prefix);
	int action = strncmp(text, "\001ACTION ", 8) == 0;

	if (bang == NULL || (size_t)(bang - origin) >= sizeof nick ||
	    (text[0] == '\001' && !(action && chan_is_channel(target))))
		return;
	memcpy(nick, origin, (size_t)(bang - origin));
	nick[bang - origin] = '\0';
	if (strcasecmp(nick, b->nick) == 0)
		return;
	memset(&ctx, 0, sizeof ctx);
	ctx.b = b;
	ctx.from.nick = nick;
	ctx.from.userhost = bang + 1;
	ctx.from.account = account;
	if (ignore_matches(b, &ctx.from))
		return;
	ctx.seat = -1;
	render_strip(&clean, text);
	s = clean.s != NULL ? clean.s : (char *)"";
	if (chan_is_channel(target)) {
		ctx.chan = chan_find(b, target);
		if (ctx.chan == NULL || chan_waits(ctx.chan))
			goto out;	/* its last dealer may answer */
		if (action || strncmp(s, prefix, plen) != 0) {
			table_heard(ctx.chan->table, &ctx.from);
			goto out;
		}
		s += plen;
		ctx.table = ctx.chan->table;
		if (ctx.table != NULL)
			ctx.seat = table_seat_of(ctx.table, &ctx.from);
	} else {
		if (strncmp(s, prefix, plen) == 0)
			s += plen;
		ctx.table = table_of_player(b, &ctx.from, &ctx.seat);
	}
	ctx.argc = dispatch_split(s, argv, WORDS_MAX);
	ctx.argv = argv;
	if (ctx.argc != 0 && dispatch_allowed(&ctx)) {
		if (ctx.argc < 0)
			say_error(&ctx, _("too many words"));
		else
			dispatch_command(&ctx);
	}
out:
	buf_free(&clean);
}
