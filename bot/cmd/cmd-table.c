/*
 * The bot's commands, as tables: the groups of cmd-*.c in help order, and
 * what dispatch (dispatch.c) and the commands themselves (!help lists
 * them) look them up with.  Dispatch calls a command through its table
 * entry; a command that needs to know the others asks here, never
 * dispatch, so no call goes back up.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "storage/store.h"

/* The most of a word typed that a refusal repeats. */
#define QUOTE_MAX 30
_Static_assert(CMD_QUOTE_SIZE >= QUOTE_MAX + 4, "room for ... and NUL");

static const struct cmd_entry *const cmd_groups[] = {
	cmd_lobby_table,
	cmd_game_table,
	cmd_stats_table,
	cmd_league_table,
	cmd_story_table,
	cmd_misc_table,
	cmd_admin_table,
	NULL,
};

/* Whether word is e's name or one of its aliases. */
static int
cmd_matches(const struct cmd_entry *e, const char *word)
{
	const char *a, *end;
	size_t len = strlen(word);

	if (strcasecmp(e->name, word) == 0)
		return 1;
	for (a = e->aliases; a != NULL && *a != '\0'; a = end) {
		a += strspn(a, " ");
		end = a + strcspn(a, " ");
		if (len > 0 && (size_t)(end - a) == len &&
		    strncasecmp(a, word, len) == 0)
			return 1;
	}
	return 0;
}

const struct cmd_entry *
cmd_find(const char *word)
{
	const struct cmd_entry *e;
	int i;

	for (i = 0; cmd_groups[i] != NULL; i++) {
		for (e = cmd_groups[i]; e->name != NULL; e++) {
			if (cmd_matches(e, word))
				return e;
		}
	}
	return NULL;
}

void
cmd_each(void (*fn)(const struct cmd_entry *e, void *arg), void *arg)
{
	const struct cmd_entry *e;
	int i;

	for (i = 0; cmd_groups[i] != NULL; i++) {
		for (e = cmd_groups[i]; e->name != NULL; e++)
			fn(e, arg);
	}
}

void
cmd_quote(char *buf, size_t size, const char *word)
{
	size_t len = strlen(word);

	if (len <= QUOTE_MAX) {
		snprintf(buf, size, "%s", word);
		return;
	}
	/* Back to the first byte of a UTF-8 character, not into one. */
	for (len = QUOTE_MAX; len > 0 &&
	    ((unsigned char)word[len] & 0xc0) == 0x80; len--)
		;
	snprintf(buf, size, "%.*s...", (int)len, word);
}

int
cmd_operator(const struct cmd_ctx *ctx)
{
	struct chan *c = ctx->chan != NULL ? ctx->chan :
	    ctx->table != NULL ? ctx->table->chan : NULL;
	struct member *m = c != NULL ? chan_member(c, ctx->from.nick) : NULL;

	return (m != NULL && m->op) || who_is_admin(ctx->b, &ctx->from);
}

int
cmd_percent(int part, int whole)
{
	if (whole <= 0)
		return 0;
	/* Half up, in integers: 1 of 6 is 16.67%, said 17%. */
	return (int)(((int64_t)part * 200 + whole) / ((int64_t)whole * 2));
}

/* nick_named()'s finder in the records: someone is called name when a
 * person of that nick is in one of the bot's channels (a person who has
 * played nothing yet keeps the name) or the records hold a player of it
 * (an AI's among them, "Grace(AI)"); name is then spelt as they are.
 * A lookup that fails finds nobody; the records' answer that follows
 * says why. */
static int
cmd_someone(void *arg, char *name, size_t size)
{
	struct bot *b = arg;
	const struct member *m = member_of(b, name);

	if (m != NULL) {
		snprintf(name, size, "%s", m->nick);
		return 1;
	}
	return store_player_named(b->store, name, name, size, NULL) > 0;
}

void
cmd_player(const struct cmd_ctx *ctx, const char *word, char *name,
    size_t size)
{
	nick_named(word, cmd_someone, ctx->b, name, size);
}

/* Reads the arguments [NICK] [GAME] in either order: the nick, the
 * sender's by default, and the game, NULL for all of them. */
void
cmd_nick_game(const struct cmd_ctx *ctx, char *nick, size_t size,
    const struct game_ops **ops)
{
	int i;

	snprintf(nick, size, "%s", ctx->from.nick);
	*ops = NULL;
	for (i = 1; i < ctx->argc; i++) {
		if (*ops == NULL && game_named(ctx->argv[i]) != NULL)
			*ops = game_named(ctx->argv[i]);
		else
			cmd_player(ctx, ctx->argv[i], nick, size);
	}
}
