/*
 * What every variant's AI shares below its search (ai.h): level names,
 * when a seat is asked to decide, its move typed and parsed back as a
 * person's, and the move made next as the bot referees.  The player
 * that sends an expert to its search is games/ai-player.c; whole games
 * between AI seats, games/ai-play.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai.h"
#include "alloc/xalloc.h"

static const char *const ai_levels[AI_LEVELS] = { "easy", "normal", "hard",
	"expert" };

int
ai_level_find(const char *word)
{
	int i;

	for (i = 0; i < AI_LEVELS; i++)
		if (strcasecmp(word, ai_levels[i]) == 0)
			return i;
	return -1;
}

const char *
ai_level_name(enum ai_level level)
{
	return level >= 0 && level < AI_LEVELS ? ai_levels[level] : "?";
}

int
ai_may_act(const struct game_turn *tu, int seat)
{
	return !tu->over && (tu->seat == seat ||
	    (tu->window & (1u << seat)) != 0 || tu->pause);
}

int
ai_retype(const struct game_ops *ops, const struct game *g,
    const struct game_move *mv, struct game_move *typed, char **cause)
{
	char text[1024], *argv[GAME_MOVE_ARGS + 8], *w, *save = NULL;
	int cmd, argc = 0;

	if ((cmd = ops->command(g, mv, text, sizeof text)) < 0) {
		*typed = *mv;	/* a move nobody types (a leave) */
		return 0;
	}
	w = strtok_r(text, " ", &save);
	if (w == NULL || game_cmd_find_where(ops, w, ops->cmds[cmd].where) !=
	    cmd)
		return game_fail(cause, "the AI's move '%s' names no command",
		    text);
	while ((w = strtok_r(NULL, " ", &save)) != NULL &&
	    argc < GAME_MOVE_ARGS + 8)
		argv[argc++] = w;
	return ops->parse(g, mv->seat, cmd, argc, argv, typed, cause);
}

void
ai_next_move(const struct game_ops *ops, const struct game *g, int nseats,
    const struct game_turn *tu, int skip,
    int (*ask)(void *arg, int seat, struct game_move *mv), void *arg,
    struct game_move *mv)
{
	int i, s, from = tu->accused >= 0 ? tu->accused : 0;

	for (i = 1; i <= nseats; i++) {
		s = (from + i) % nseats;
		if (s == tu->seat || s == skip || !ai_may_act(tu, s))
			continue;
		if (ask(arg, s, mv) == 0)
			return;
	}
	if (tu->seat >= 0) {
		if (tu->seat == skip || ask(arg, tu->seat, mv) != 0)
			ops->timeout(g, mv);	/* it let time run */
	} else if (tu->pause && tu->speaker >= 0 && ops->heard != NULL)
		ops->heard(g, mv);
	else
		ops->timeout(g, mv);
}
