/*
 * !help, !rules and !set.  Help text, in IRC and in docs/commands.md,
 * comes from the command tables themselves (cmd_help_markdown), so the two
 * never disagree; so do the options !help play lists.  !rules sends the
 * lines each variant keeps for a first game (ops->rules), and a move's
 * example is the first of that move in them, so the rules, the examples
 * and the grammar (checked by tests/unit/test-bot-rules.c) agree too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

/* The texts of a long reply (help, rules), gathered before the pager
 * takes them (pager_reply()): pulled a line at a time, at the pipe's
 * pace, so that they hold no other reply or game line back. */
struct cmd_texts {
	char **v;
	int n;
};

static void
cmd_texts_add(struct cmd_texts *t, const char *text)
{
	t->v = xreallocarray(t->v, (size_t)t->n + 1, sizeof *t->v);
	t->v[t->n++] = xstrdup(text);
}

/* Sends the texts gathered (in the channel typed in when public, else
 * privately) and forgets them. */
static void
cmd_texts_send(struct cmd_ctx *ctx, struct cmd_texts *t, int public)
{
	int i;

	if (t->n > 0)
		pager_reply(ctx, public, t->v, t->n);
	for (i = 0; i < t->n; i++)
		free(t->v[i]);
	free(t->v);
	t->v = NULL;
	t->n = 0;
}

/* A text of a game's tables (a move's help or usage, an option's help,
 * a rules line), as the reader's language has it: "" stays "", which
 * gettext() would answer with the catalog's header. */
static const char *
cmd_text(const char *text)
{
	return *text != '\0' ? _(text) : "";
}

/* word without the command prefix, if it was typed with one ("!bs"). */
static const char *
cmd_unprefixed(const struct cmd_ctx *ctx, const char *word)
{
	const char *prefix = ctx->b->conf->prefix;

	if (strncmp(word, prefix, strlen(prefix)) == 0)
		return word + strlen(prefix);
	return word;
}

static void
cmd_help_name(const struct cmd_entry *e, void *arg)
{
	struct buf *text = arg;

	buf_addf(text, "%s%s", text->len > 0 ? ", " : "", e->name);
}

/* "!name usage: help (also: aliases)" */
static void
cmd_help_one(struct buf *out, const char *prefix, const char *name,
    const char *aliases, const char *usage, const char *help)
{
	buf_addf(out, "%s%s%s%s: %s", prefix, name, *usage != '\0' ? " " : "",
	    usage, help);
	if (aliases != NULL)
		/* TRANSLATORS: after a command's help, a space first:
		 * its other names as typed. */
		buf_addf(out, _(" (also: %s)"), aliases);
}

/* Help for a variant's move command called word, in any game. */
static int
cmd_help_move(struct buf *out, const char *word)
{
	const struct game_cmd *gc;
	int i, c;

	for (i = 0; game_table[i] != NULL; i++) {
		if ((c = game_cmd_find(game_table[i], word)) < 0)
			continue;
		gc = &game_table[i]->cmds[c];
		cmd_help_one(out, "", gc->name, gc->aliases,
		    cmd_text(gc->usage), cmd_text(gc->help));
		if (gc->where == GAME_WHERE_PRIVATE)
			/* TRANSLATORS: after a move's help, a space first:
			 * the game's name as typed ("cheat"), and where the
			 * move is typed. */
			buf_addf(out, _(" [%s, in private]"),
			    game_table[i]->name);
		else if (gc->where == GAME_WHERE_CHANNEL)
			buf_addf(out, _(" [%s, in the channel]"),
			    game_table[i]->name);
		else
			buf_addf(out, _(" [%s, anywhere]"),
			    game_table[i]->name);
		return 1;
	}
	return 0;
}

/* Appends the names of ops's moves, "play (in private), cheat", each
 * once (Liar's UNO's two plays are one name); with private_mark, a
 * move typed only in private says so. */
static void
cmd_moves(struct buf *out, const struct game_ops *ops, int private_mark)
{
	const struct game_cmd *gc, *prev;
	/* TRANSLATORS: follows a move's name in the list of a game's
	 * moves: "play (in private), cheat". */
	const char *mark = private_mark ? _(" (in private)") : "";

	for (gc = ops->cmds; gc->name != NULL; gc++) {
		for (prev = ops->cmds; prev < gc; prev++) {
			if (strcmp(prev->name, gc->name) == 0)
				break;
		}
		if (prev < gc)
			continue;
		buf_addf(out, "%s%s%s", gc == ops->cmds ? "" : ", ", gc->name,
		    gc->where == GAME_WHERE_PRIVATE ? mark : "");
	}
}

/* Help lines are filled up to this many bytes, well within one IRC
 * line. */
#define HELP_LINE 300

/* Adds text to the help's texts, then empties it, when adding more
 * bytes would make it longer than a help line. */
static void
cmd_help_fill(struct cmd_texts *out, struct buf *text, size_t more)
{
	if (text->len > 0 && text->len + more > HELP_LINE) {
		cmd_texts_add(out, buf_str(text));
		buf_reset(text);
	}
}

/* After !help play: every game's options and their values, from the
 * option tables, a few games a line. */
static void
cmd_help_options(struct cmd_ctx *ctx, struct cmd_texts *out)
{
	const struct game_option *o;
	struct buf text = BUF_INIT, game = BUF_INIT;
	int i, v;

	/* TRANSLATORS: %s is the command prefix ("!play"); the games'
	 * options follow. */
	buf_addf(&text, _("Options (%splay GAME option=value ...):"),
	    ctx->b->conf->prefix);
	for (i = 0; game_table[i] != NULL; i++) {
		buf_reset(&game);
		buf_addf(&game, " %s:", game_table[i]->name);
		o = game_table[i]->options;
		if (o == NULL || o->name == NULL)
			/* TRANSLATORS: after a game's name in the list
			 * of options, a space first: it has none. */
			buf_adds(&game, _(" none"));
		for (; o != NULL && o->name != NULL; o++) {
			buf_addf(&game, "%s %s=", o == game_table[i]->options ?
			    "" : ",", o->name);
			/* A few values are listed, a range is given. */
			if (o->max - o->min <= 2) {
				for (v = o->min; v <= o->max; v++)
					buf_addf(&game, "%s%d", v > o->min ?
					    "|" : "", v);
			} else
				buf_addf(&game, "%d-%d", o->min, o->max);
			buf_addf(&game, " (%s)", cmd_text(o->help));
		}
		buf_adds(&game, game_table[i + 1] != NULL ? ";" : ".");
		cmd_help_fill(out, &text, game.len);
		/* A line starts with the game, not its space. */
		buf_adds(&text, buf_str(&game) + (text.len == 0));
	}
	cmd_texts_add(out, buf_str(&text));
	buf_free(&text);
	buf_free(&game);
}

static void
cmd_help(struct cmd_ctx *ctx)
{
	const char *prefix = ctx->b->conf->prefix, *word;
	const struct cmd_entry *e = NULL;
	struct buf text = BUF_INIT, names = BUF_INIT;
	struct cmd_texts out = { NULL, 0 };
	char quoted[CMD_QUOTE_SIZE];

	if (ctx->argc == 1) {
		cmd_each(cmd_help_name, &names);
		/* TRANSLATORS: the commands' names as typed, then the
		 * command prefix ("!help", "!rules"). */
		buf_addf(&text, _("Commands: %s. %shelp COMMAND tells more; "
		    "%srules GAME explains a game."), buf_str(&names), prefix,
		    prefix);
		/* At a table, what its players type too. */
		if (ctx->table != NULL) {
			/* TRANSLATORS: a space first, then the game's
			 * title; the list of its moves follows. */
			buf_addf(&text, _(" %s moves: "),
			    ctx->table->ops->title);
			cmd_moves(&text, ctx->table->ops, 1);
			/* TRANSLATORS: after the list of a game's moves:
			 * the command prefix and the game's name as typed
			 * ("!rules cheat"). */
			buf_addf(&text, _("; %srules %s MOVE explains one."),
			    prefix, ctx->table->ops->name);
		}
		/* TRANSLATORS: a space first; the command prefix, then
		 * the codes of the languages the bot writes ("en de
		 * es"); "set lang" and "none" are typed as they are. */
		buf_addf(&text, _(" Another language for what I tell you: "
		    "%sset lang CODE (%s; none: the channel's)."), prefix,
		    lang_list());
	} else {
		word = cmd_unprefixed(ctx, ctx->argv[1]);
		if ((e = cmd_find(word)) != NULL)
			cmd_help_one(&text, prefix, e->name, e->aliases,
			    e->usage, _(e->help));
		else if (!cmd_help_move(&text, word)) {
			cmd_quote(quoted, sizeof quoted, word);
			/* TRANSLATORS: the word asked about, then the
			 * command prefix ("!help"). */
			buf_addf(&text, _("no command '%s'; %shelp lists them"),
			    quoted, prefix);
		}
	}
	cmd_texts_add(&out, buf_str(&text));
	/* What GAME may be told besides its name, from the games' own
	 * option tables. */
	if (e != NULL && strcmp(e->name, "play") == 0)
		cmd_help_options(ctx, &out);
	cmd_texts_send(ctx, &out, 1);
	buf_free(&text);
	buf_free(&names);
}

/* Where a move may be typed, in words. */
static const char *
cmd_where(enum game_where where)
{
	switch (where) {
	case GAME_WHERE_CHANNEL:
		return _("in the channel");
	case GAME_WHERE_PRIVATE:
		return _("in private");
	case GAME_WHERE_BOTH:
		break;
	}
	return _("in the channel or in private");
}

/* The next move marked up in a rules line (games/game.h, rules) from *p
 * on: where its markup starts (*start), its words (*words, len bytes),
 * and whether it is sent in private; *p moves past it.  0, or -1 when
 * there is none. */
static int
cmd_rules_span(const char **p, const char **start, const char **words,
    size_t *len, int *private)
{
	const char *s, *end;

	for (s = *p; *s != '\0'; s++) {
		if (s[0] != '{' || (s[1] != 'c' && s[1] != 'm') ||
		    s[2] != ':' || (end = strchr(s + 3, '}')) == NULL)
			continue;
		*start = s;
		*words = s + 3;
		*len = (size_t)(end - s - 3);
		*private = s[1] == 'm';
		*p = end + 1;
		return 0;
	}
	return -1;
}

/* Appends a move as its player types it: the words after the prefix in
 * the channel, or a /msg to the bot; bold where colour is on. */
static void
cmd_rules_move_text(struct buf *out, struct cmd_ctx *ctx, const char *words,
    size_t len, int private, int colour)
{
	if (colour)
		buf_addc(out, '\002');
	if (private)
		buf_addf(out, "/msg %s ", ctx->b->nick);
	else
		buf_adds(out, ctx->b->conf->prefix);
	buf_add(out, words, len);
	if (colour)
		buf_addc(out, '\002');
}

/* Appends a rules line, its moves written as they are typed.  The rules'
 * own markup is done here, not by render(): a prefix or a nick may hold
 * braces. */
static void
cmd_rules_line(struct buf *out, struct cmd_ctx *ctx, const char *line,
    int colour)
{
	const char *p = line, *next = line, *start, *words;
	size_t len;
	int private;

	while (cmd_rules_span(&next, &start, &words, &len, &private) == 0) {
		buf_add(out, p, (size_t)(start - p));
		cmd_rules_move_text(out, ctx, words, len, private, colour);
		p = next;
	}
	buf_adds(out, p);
}

/* Appends the example of ops's command cmd: the first move in its rules
 * that is that command, typed where it may be; 0, or -1 if none is.  The
 * rules are read as written: a move is typed alike in every language. */
static int
cmd_rules_example(struct buf *out, struct cmd_ctx *ctx,
    const struct game_ops *ops, int cmd, int colour)
{
	const char *p, *start, *words;
	char word[32];
	size_t len;
	int i, private;
	enum game_where where;

	for (i = 0; ops->rules != NULL && ops->rules[i] != NULL; i++) {
		p = ops->rules[i];
		while (cmd_rules_span(&p, &start, &words, &len, &private) ==
		    0) {
			snprintf(word, sizeof word, "%.*s",
			    (int)strcspn(words, " }"), words);
			where = private ? GAME_WHERE_PRIVATE :
			    GAME_WHERE_CHANNEL;
			if (game_cmd_find_where(ops, word, where) != cmd ||
			    !(ops->cmds[cmd].where & where))
				continue;
			cmd_rules_move_text(out, ctx, words, len, private,
			    colour);
			return 0;
		}
	}
	return -1;
}

/* !rules GAME MOVE: each command of ops called word (Liar's UNO has two
 * plays, one for each place), with its example. */
static void
cmd_rules_move(struct cmd_ctx *ctx, const struct game_ops *ops,
    const char *word, int colour)
{
	const struct game_cmd *gc;
	struct buf text = BUF_INIT;
	struct cmd_texts out = { NULL, 0 };
	char quoted[CMD_QUOTE_SIZE];
	int i, n = 0;

	word = cmd_unprefixed(ctx, word);
	for (i = 0; ops->cmds[i].name != NULL; i++) {
		gc = &ops->cmds[i];
		/* Command i answers to word where it may be typed. */
		if (game_cmd_find_where(ops, word, gc->where) != i)
			continue;
		n++;
		buf_reset(&text);
		/* TRANSLATORS: the game's title, where the move is typed
		 * ("in private"); the move's help follows. */
		buf_addf(&text, _("%s, %s: "), ops->title,
		    cmd_where(gc->where));
		cmd_help_one(&text, "", gc->name, gc->aliases,
		    cmd_text(gc->usage), cmd_text(gc->help));
		/* TRANSLATORS: after a move's help; the move as typed
		 * follows. */
		buf_adds(&text, _(". For example: "));
		if (cmd_rules_example(&text, ctx, ops, i, colour) != 0)
			cmd_rules_move_text(&text, ctx, gc->name,
			    strlen(gc->name), gc->where == GAME_WHERE_PRIVATE,
			    colour);
		cmd_texts_add(&out, buf_str(&text));
	}
	cmd_texts_send(ctx, &out, 0);
	if (n == 0) {
		cmd_moves(&text, ops, 0);
		cmd_quote(quoted, sizeof quoted, word);
		/* TRANSLATORS: the game's title, the word asked about,
		 * the moves' names as typed. */
		say_error(ctx, _("%s has no move '%s'; its moves: %s"),
		    ops->title, quoted, buf_str(&text));
	}
	buf_free(&text);
}

/* !rules [GAME [MOVE]]: a game's rules for a first game, or one move,
 * privately: a few lines nobody else needs to read. */
static void
cmd_rules(struct cmd_ctx *ctx)
{
	const struct game_ops *ops = ctx->table != NULL ? ctx->table->ops :
	    NULL;
	struct buf text = BUF_INIT;
	struct cmd_texts out = { NULL, 0 };
	const char *move = ctx->argc > 2 ? ctx->argv[2] : NULL;
	char *cause = NULL;
	int colour = ctx->prefs.colour, i;

	/* At a table, !rules MOVE is about its game's move. */
	if (ctx->argc == 2 && ops != NULL &&
	    game_find(ctx->argv[1], NULL) == NULL &&
	    game_cmd_find(ops, cmd_unprefixed(ctx, ctx->argv[1])) >= 0)
		move = ctx->argv[1];
	else if (ctx->argc > 1 &&
	    (ops = game_find(ctx->argv[1], &cause)) == NULL) {
		say_error(ctx, "%s", cause);
		free(cause);
		return;
	}
	if (ops == NULL) {
		/* TRANSLATORS: %s is the command prefix ("!games"). */
		say_error(ctx, _("which game? %sgames lists them"),
		    ctx->b->conf->prefix);
		return;
	}
	if (move != NULL) {
		cmd_rules_move(ctx, ops, move, colour);
		return;
	}
	/* TRANSLATORS: the game's title and how many may play; its
	 * rules follow. */
	buf_addf(&text, _("%s (%d-%d players): "), ops->title,
	    ops->min_seats, ops->max_seats);
	if (ops->rules == NULL || ops->rules[0] == NULL)
		buf_addf(&text, "%s.", cmd_text(ops->brief));
	for (i = 0; ops->rules != NULL && ops->rules[i] != NULL; i++) {
		if (i > 0)
			buf_reset(&text);
		cmd_rules_line(&text, ctx, cmd_text(ops->rules[i]), colour);
		if (ops->rules[i + 1] == NULL)
			/* TRANSLATORS: after the last rules line, a space
			 * first: the command prefix and the game's name as
			 * typed ("!rules cheat"). */
			buf_addf(&text, _(" %srules %s MOVE tells more of a "
			    "move."), ctx->b->conf->prefix, ops->name);
		cmd_texts_add(&out, buf_str(&text));
	}
	if (i == 0)
		cmd_texts_add(&out, buf_str(&text));
	cmd_texts_send(ctx, &out, 0);
	buf_free(&text);
}

/* Parses on/off words; -1 if neither. */
static int
cmd_onoff(const char *w)
{
	if (strcasecmp(w, "on") == 0 || strcasecmp(w, "yes") == 0)
		return 1;
	if (strcasecmp(w, "off") == 0 || strcasecmp(w, "no") == 0)
		return 0;
	return -1;
}

/* Stores the sender's preference name = value; 0, or -1 with the
 * fault told them. */
static int
cmd_pref_store(struct cmd_ctx *ctx, const char *name, int value)
{
	struct buf key = BUF_INIT;
	char *cause = NULL;
	int64_t id;

	who_player_key(&key, &ctx->from);
	id = store_player(ctx->b->store, buf_str(&key), ctx->from.nick, &cause);
	buf_free(&key);
	if (id < 0 || store_pref_set(ctx->b->store, id, name, value,
	    &cause) != 0) {
		say_error(ctx, "%s", cause);
		free(cause);
		return -1;
	}
	return 0;
}

/* What the sender chose now (ctx->prefs, changed after
 * cmd_pref_store()) is what is kept for them, and what their seat
 * carries if they sit at a table. */
static void
cmd_prefs_keep(struct cmd_ctx *ctx)
{
	struct table *t;
	int seat;

	prefs_changed(ctx->b, &ctx->from, &ctx->prefs);
	if ((t = table_of_player(ctx->b, &ctx->from, &seat)) != NULL)
		t->seats[seat].prefs = ctx->prefs;
}

/* A language's name in itself, for the line that confirms it; a code
 * with no name here is shown as typed. */
static const char *
cmd_lang_name(const char *code)
{
	static const char *const names[][2] = {
		{ "en", "English" }, { "de", "Deutsch" }, { "es", "español" },
	};
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (lang_same(code, names[i][0]))
			return names[i][1];
	}
	return code;
}

/* !set lang CODE: in a channel by one of its operators, the channel's
 * language (kept in the database over the configuration's); else the
 * sender's own, for their private lines ("none": their channel's
 * again).  Told in the language chosen. */
static void
cmd_set_lang(struct cmd_ctx *ctx, const char *code)
{
	struct chan *c = ctx->chan;
	char *cause = NULL;
	int none = strcasecmp(code, "none") == 0;

	if (!none && !lang_known(code)) {
		/* TRANSLATORS: %s after "I write" is the list of codes
		 * ("en de es"); none is typed as it is. */
		say_error(ctx, _("I write no language '%s'; I write %s, and "
		    "none is your channel's"), code, lang_list());
		return;
	}
	if (c != NULL && cmd_operator(ctx)) {
		if (none)
			code = "";
		if (prefs_chan_lang_set(ctx->b, c, code, &cause) != 0) {
			say_error(ctx, "%s", cause);
			free(cause);
			return;
		}
		lang_use(prefs_chan_lang(ctx->b, c));
		/* TRANSLATORS: %s is the language's own name ("Deutsch");
		 * !set lang is typed as it is. */
		say_reply(ctx, _("This channel speaks %s from now on. Your "
		    "own language for what I tell you privately: /msg me "
		    "!set lang CODE."), cmd_lang_name(lang_now()));
		return;
	}
	if (cmd_pref_store(ctx, "lang", none ? 0 : lang_pack(code)) != 0)
		return;
	snprintf(ctx->prefs.lang, sizeof ctx->prefs.lang, "%s",
	    none ? "" : code);
	cmd_prefs_keep(ctx);
	lang_use(prefs_lang(ctx->b, &ctx->prefs, say_about(ctx)));
	if (none)
		say_tell(ctx, _("I will write to you in your channel's "
		    "language."));
	else {
		/* TRANSLATORS: %s is the language's own name. */
		cause = xasprintf(_("I will write to you in %s."),
		    cmd_lang_name(code));
		say_tell(ctx, cause);
		free(cause);
	}
}

static void
cmd_set(struct cmd_ctx *ctx)
{
	const char *name = ctx->argv[1];
	int v = cmd_onoff(ctx->argv[2]);

	if (strcasecmp(name, "color") == 0 || strcasecmp(name, "colour") == 0)
		name = "colour";
	else if (strcasecmp(name, "notice") == 0)
		name = "notice";
	else if (strcasecmp(name, "lang") == 0 ||
	    strcasecmp(name, "language") == 0) {
		cmd_set_lang(ctx, ctx->argv[2]);
		return;
	} else {
		/* TRANSLATORS: colour, notice and lang are typed as they
		 * are. */
		say_error(ctx, _("no setting '%s'; try colour, notice or "
		    "lang"), name);
		return;
	}
	if (v < 0) {
		/* TRANSLATORS: on and off are typed as they are. */
		say_error(ctx, _("say on or off, not '%s'"), ctx->argv[2]);
		return;
	}
	if (cmd_pref_store(ctx, name, v) != 0)
		return;
	if (*name == 'c')
		ctx->prefs.colour = v;
	else
		ctx->prefs.notice = v;
	cmd_prefs_keep(ctx);
	say_tell(ctx, *name == 'c' ? (v ? _("Colours on.") :
	    _("Colours off.")) : (v ? _("I will write to you by NOTICE.") :
	    _("I will write to you by PRIVMSG.")));
}

const struct cmd_entry cmd_misc_table[] = {
	{ "help", NULL, 0, 1, GAME_WHERE_BOTH, NEED_NOTHING, "[COMMAND]",
	    N_("list the commands, or explain one"), cmd_help },
	{ "rules", NULL, 0, 2, GAME_WHERE_BOTH, NEED_NOTHING, "[GAME [MOVE]]",
	    N_("what you need to play a first game of GAME (the game here by "
	    "default), or how to make one move, sent to you privately"),
	    cmd_rules },
	{ "set", NULL, 2, 2, GAME_WHERE_BOTH, NEED_NOTHING,
	    "colour|notice on|off, lang CODE",
	    N_("your preferences: card colours, NOTICE or PRIVMSG to you, "
	    "the language of what I tell you privately (lang de; lang none "
	    "for your channel's); in a channel, its operators set the "
	    "channel's language"),
	    cmd_set },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL },
};

/* Appends s to a markdown table cell: a '|' would end the cell, even
 * inside a code span, so it is escaped. */
static void
cmd_markdown_cell(struct buf *out, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '|')
			buf_addc(out, '\\');
		buf_addc(out, *s);
	}
}

/* One row of a docs/commands.md table. */
static void
cmd_markdown_line(struct buf *out, const char *prefix, const char *name,
    const char *usage, const char *aliases, enum game_where where,
    const char *help)
{
	buf_addf(out, "| `%s%s%s", prefix, name, *usage != '\0' ? " " : "");
	cmd_markdown_cell(out, usage);
	buf_addf(out, "` | %s | %s | ", aliases != NULL ? aliases : "",
	    where == GAME_WHERE_BOTH ? "channel or private" :
	    where == GAME_WHERE_CHANNEL ? "channel" : "private");
	cmd_markdown_cell(out, help);
	buf_adds(out, " |\n");
}

static void
cmd_markdown_row(const struct cmd_entry *e, void *arg)
{
	cmd_markdown_line(arg, "!", e->name, e->usage, e->aliases, e->where,
	    e->help);
}

void
cmd_help_markdown(struct buf *out)
{
	const struct game_cmd *gc;
	int i;

	buf_adds(out, "# Commands\n\nGenerated from the command tables "
	    "(`make docs`); `!help` shows the same text.\nThe prefix is "
	    "`!` by default (`commands.prefix`); in private it may be "
	    "left out.\n\n| command | aliases | where | what it does |\n"
	    "|---|---|---|---|\n");
	cmd_each(cmd_markdown_row, out);
	buf_adds(out, "\n## Naming a player\n\nA NICK, in a command "
	    "(`!stats`, `!bluffs`, `!history`, `!kick`, `!removebot`, ...) or "
	    "in a move (`take NICK`, `swap NICK`, `challenge NICK`, ...), is "
	    "a nick in any case.  An AI seat is named with or without its "
	    "`(AI)`: `!take Grace`, `!take grace` and `!take Grace(AI)` all "
	    "name Grace(AI).  A person whose nick is an AI's name keeps the "
	    "bare name: in a move, `!kick` or `!removebot`, `Grace` is the "
	    "person when one sits at the table; in a command that reads the "
	    "records (`!stats`, `!streak`, `!titles`, `!rating`, `!bluffs`, "
	    "`!history`), when one is in a channel with the bot or in the "
	    "records.  The AI is then named `Grace(AI)`.  An AI seat's "
	    "records are every game it finished (docs/ai.md, Records).\n");
	buf_addf(out, "\n## After a game\n\nA move of a game that has just "
	    "ended (any "
	    "of its variant's commands below, `!cheat`, `!play 4h`, ...), "
	    "typed in its channel by anyone, or in private by one of its "
	    "players, is answered in one line that the game is over (`the "
	    "Cheat game is over: !play cheat starts another`), not as an "
	    "unknown command: for %d minutes after the end (`ENDED_MS`), "
	    "time enough for a move typed as the last line went out or for "
	    "a player who stepped away, and until a new lobby opens in the "
	    "channel.  `!play GAME` opens one at once as ever.\n",
	    ENDED_MS / 60000);
	buf_adds(out, "\n## Replies in private\n\nWhat is said to you alone "
	    "(by NOTICE, or PRIVMSG after `!set notice off`) starts with the "
	    "channel it is about, `[#channel] `, as ChanServ's notices do, "
	    "so that irssi and WeeChat show such a NOTICE in that "
	    "channel's window, not the status window: your prompts and hand, "
	    "`!rules`, a replay's pages and every refusal or answer to a "
	    "command you typed in a channel (`!set`, `!notify`, `!ignore`, "
	    "`!reload`, ...).  A command typed in private is about the "
	    "table you sit at, its lobby or its game, and its answers name "
	    "that table's channel; typed in private by someone seated "
	    "nowhere, it is about no channel, and its answers name none.  "
	    "A replay keeps the channel it was asked in on every page, "
	    "wherever `!more` is typed.  Answers meant for everyone "
	    "(`!help`, `!stats`, `!top`, ...) typed in a channel are said "
	    "there; a game that just ended answers its moves naming its "
	    "channel (After a game); the admins' alarms (the database, a "
	    "refused join) are about the bot and name no channel.\n");
	for (i = 0; game_table[i] != NULL; i++) {
		buf_addf(out, "\n## %s (`%s`)\n\n| move | aliases | where | "
		    "what it does |\n|---|---|---|---|\n",
		    game_table[i]->title, game_table[i]->name);
		for (gc = game_table[i]->cmds; gc->name != NULL; gc++)
			cmd_markdown_line(out, "", gc->name, gc->usage,
			    gc->aliases, gc->where, gc->help);
	}
}
