/*
 * Stored games read back (replay.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/core/render.h"
#include "bot/core/replay.h"
#include "bot/lib/buf.h"
#include "bot/lib/digest.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

int
replay_record(const struct store_game *sg, struct story_record *rec,
    char **cause)
{
	const char **moves;
	int i;

	memset(rec, 0, sizeof *rec);
	if ((rec->ops = game_named(sg->variant)) == NULL)
		return game_fail(cause, _("no game '%s'"), sg->variant);
	if (game_opts_parse(rec->ops, sg->options, &rec->opts, cause) != 0)
		return -1;
	rec->nseats = sg->nseats;
	rec->dealer = sg->dealer;
	rec->seed = sg->seed;
	rec->nmoves = sg->nmoves;
	moves = xcalloc((size_t)sg->nmoves + 1, sizeof *moves);
	for (i = 0; i < sg->nmoves; i++)
		moves[i] = sg->moves[i].text;
	rec->moves = moves;
	return 0;
}

void
replay_record_free(struct story_record *rec)
{
	free((void *)rec->moves);
	rec->moves = NULL;
}

int
replay_key(const struct story_record *rec, const char *salt, char *key,
    char *hash)
{
	struct deal_key k;

	key[0] = '\0';
	if (hash != NULL)
		hash[0] = '\0';
	if (salt == NULL || !deal_key_hex(salt, DEAL_KEY_SALT))
		return -1;
	k.ops = rec->ops;
	k.opts = rec->opts;
	k.nseats = rec->nseats;
	k.dealer = rec->dealer;
	k.seed = rec->seed;
	memcpy(k.salt, salt, sizeof k.salt);
	if (deal_key_format(&k, key, DEAL_KEY_MAX) != 0) {
		key[0] = '\0';
		return -1;
	}
	if (hash != NULL)
		digest_sha256_hex(key, strlen(key), hash);
	return 0;
}

/* The lines being made, and how to render them for their reader. */
struct replay_out {
	char **lines;
	int n, cap;
	const char *names[GAME_MAX_SEATS];
	int nseats;
	int nmoves;		/* a line numbered so is the end's */
	const struct questions *q;
	uint64_t seed;
	int colour;
};

/* Adds markup, rendered for the reader, as the next line. */
static void
replay_add(struct replay_out *o, const char *markup)
{
	struct buf asked = BUF_INIT, text = BUF_INIT;

	render_questions(&asked, markup, o->q, o->seed);
	render(&text, buf_str(&asked), o->names, o->nseats, o->colour);
	if (o->n == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 32;
		o->lines = xrealloc(o->lines, (size_t)o->cap *
		    sizeof *o->lines);
	}
	o->lines[o->n++] = xstrdup(buf_str(&text));
	buf_free(&asked);
	buf_free(&text);
}

/* story_play()'s line callback: the deal's lines indented, "12. ..."
 * for move 12, "At the end: ..." for the end. */
static void
replay_line(void *ctx, int n, int seat, const char *markup)
{
	struct replay_out *o = ctx;
	char *line = NULL;

	(void)seat;
	if (n < 0)
		game_cat(&line, "  %s", markup);
	else if (n >= o->nmoves)
		/* TRANSLATORS: %s is the last line of a replayed game. */
		game_cat(&line, _("At the end: %s"), markup);
	else
		game_cat(&line, "%d. %s", n + 1, markup);
	replay_add(o, line);
	free(line);
}

/* "2026-11-26 03:12 UTC" */
static void
replay_when(int64_t t, char *buf, size_t size)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (t <= 0 || gmtime_r(&tt, &tm) == NULL)
		snprintf(buf, size, "?");
	else
		strftime(buf, size, "%Y-%m-%d %H:%M UTC", &tm);
}

int
replay_text(const struct store_game *sg, const struct questions *q,
    int colour, char ***lines, char **cause)
{
	struct replay_out o;
	struct story_record rec;
	struct game_result r;
	char key[DEAL_KEY_MAX], hash[DIGEST_HEX + 1], when[32], *head = NULL;
	int i, over, place, any;

	*lines = NULL;
	memset(&o, 0, sizeof o);
	if (replay_record(sg, &rec, cause) != 0)
		return -1;
	for (i = 0; i < sg->nseats && i < GAME_MAX_SEATS; i++)
		o.names[i] = sg->seats[i].nick;
	o.nseats = sg->nseats;
	o.nmoves = sg->nmoves;
	o.q = q;
	o.seed = sg->seed;
	o.colour = colour;
	replay_when(sg->started, when, sizeof when);
	/* TRANSLATORS: the game's number, its name ("Cheat"), its channel,
	 * when it was dealt ("2026-11-26 03:12 UTC"), the dealer's nick and
	 * how many played; the players follow, each after a space, with
	 * commas between. */
	game_cat(&head, ngettext("Game %lld: %s in %s, dealt %s by %s, %d "
	    "player:", "Game %lld: %s in %s, dealt %s by %s, %d players:",
	    sg->nseats), (long long)sg->id, rec.ops->title, sg->channel,
	    when, sg->seats[sg->dealer].nick, sg->nseats);
	for (i = 0; i < sg->nseats; i++)
		game_cat(&head, "%s {p:%d}", i > 0 ? "," : "", i);
	game_cat(&head, ".");
	replay_add(&o, head);
	free(head);
	replay_add(&o, _("The deal, every card shown:"));
	if (story_play(&rec, replay_line, &o, NULL, &r, &over, cause) != 0) {
		replay_lines_free(o.lines, o.n);
		replay_record_free(&rec);
		return -1;
	}
	head = NULL;
	if (over) {
		/* TRANSLATORS: the places follow, " 1. alice, 2. bob", or
		 * " nobody placed", then a full stop. */
		game_cat(&head, _("Result:"));
		any = 0;
		for (place = 1; place <= sg->nseats; place++)
			for (i = 0; i < sg->nseats; i++)
				if (r.place[i] == place) {
					game_cat(&head, "%s %d. {p:%d}",
					    any ? "," : "", place, i);
					any = 1;
				}
		if (!any)
			game_cat(&head, _(" nobody placed"));
		game_cat(&head, ".");
	} else if (strcmp(sg->state, "running") == 0)
		game_cat(&head, ngettext("The game was still running after "
		    "%d move.", "The game was still running after %d moves.",
		    sg->nmoves), sg->nmoves);
	else
		game_cat(&head, ngettext("The game was stopped after %d "
		    "move.", "The game was stopped after %d moves.",
		    sg->nmoves), sg->nmoves);
	replay_add(&o, head);
	free(head);
	if (replay_key(&rec, sg->salt, key, hash) == 0) {
		head = NULL;
		game_cat(&head, REPLAY_KEY "%s (sha256:%s)", key, hash);
		replay_add(&o, head);
		free(head);
	} else
		replay_add(&o, _("Dealt before deal keys: no key to check."));
	replay_record_free(&rec);
	*lines = o.lines;
	return o.n;
}

void
replay_lines_free(char **lines, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}
