/*
 * Games step by step (driver.h): a game as the database has it now,
 * rebuilt by the driver's model, for suites where players come and go and
 * the bot's clock moves for them, so that no model could follow the game
 * move by move: whose turn it is, what the rules' default move would have
 * that player type, what a move tells the channel and each seat, and what
 * a seat's hand looks like.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/lib/buf.h"
#include "bot/core/core.h"
#include "bot/core/render.h"
#include "bot/core/table.h"
#include "storage/store.h"
#include "tests/lib/driver-int.h"
#include "tests/lib/driver.h"

/* The only game running. */
static int64_t
driver_running_one(struct driver *d)
{
	int64_t *ids = NULL, id;
	char *cause = NULL;
	int n;

	if ((n = store_running(d->store, &ids, &cause)) < 0)
		driver_fail(d, "running games: %s", cause);
	if (n != 1) {
		free(ids);
		driver_fail(d, "%d games running, not 1", n);
	}
	id = ids[0];
	free(ids);
	return id;
}

/* Who plays each seat of gm: the players the driver seated, else those
 * the database seats there (by nick). */
static void
driver_game_seats(struct driver *d, struct driver_game *gm)
{
	const struct driver_table *t = &d->t[gm->k];
	const struct store_game *sg = gm->sg;
	int s, i;

	for (s = 0; s < sg->nseats; s++) {
		gm->player[s] = -1;
		if (t->nseats > 0 && t->id == sg->id)
			gm->player[s] = t->player[s];
		for (i = 0; i < DRIVER_POOL_MAX && gm->player[s] < 0; i++)
			if (strcasecmp(t->p[i].nick, sg->seats[s].nick) == 0)
				gm->player[s] = i;
		gm->names[s] = gm->player[s] >= 0 ?
		    t->p[gm->player[s]].nick : sg->seats[s].nick;
	}
}

void
driver_game_load(struct driver *d, int k, int64_t id, struct driver_game *gm)
{
	char *cause = NULL;

	memset(gm, 0, sizeof *gm);
	gm->k = k;
	if (id == 0)
		id = driver_running_one(d);
	if ((gm->sg = store_game_load(d->store, id, &cause)) == NULL)
		driver_fail(d, "game %lld: %s", (long long)id, cause);
	gm->ops = driver_ops_named(d, gm->sg->variant);
	gm->seed = gm->sg->seed;
	gm->g = driver_model(d, gm->ops, gm->sg, NULL);
	gm->ops->turn(gm->g, &gm->turn);
	driver_game_seats(d, gm);
}

void
driver_game_free(struct driver_game *gm)
{
	if (gm->g != NULL)
		gm->ops->destroy(gm->g);
	store_game_free(gm->sg);
	memset(gm, 0, sizeof *gm);
}

void
driver_game_apply(struct driver *d, struct driver_game *gm,
    const struct game_move *mv, const char *lead, struct driver_said *said)
{
	struct driver_out o;
	struct game_turn was = gm->turn;
	unsigned people = 0;
	int s;

	driver_out_init(&o, d->questions, gm->seed);
	if (lead != NULL)
		o.out.emit(&o, GAME_PUBLIC, lead);
	gm->ops->apply(gm->g, mv, &o.out);
	gm->ops->turn(gm->g, &gm->turn);
	/* The table says how to let a window with no turn go, when a
	 * person may answer it (bot/core/table-window.c). */
	for (s = 0; s < gm->sg->nseats; s++) {
		if (strncmp(gm->sg->seats[s].key, "ai:", 3) != 0)
			people |= 1u << s;
	}
	if (table_window_hint_due(&was, &gm->turn, people))
		game_say(&o.out, GAME_PUBLIC, "(!pass: let it go.)");
	memset(said, 0, sizeof *said);
	driver_plain(gm->names, gm->sg->nseats, &o, GAME_PUBLIC, said->pub,
	    sizeof said->pub);
	for (s = 0; s < gm->sg->nseats; s++)
		driver_plain(gm->names, gm->sg->nseats, &o, s, said->priv[s],
		    sizeof said->priv[s]);
	driver_out_free(&o);
}

void
driver_game_view(struct driver *d, const struct driver_game *gm, int seat,
    char *out, size_t size)
{
	struct driver_out o;

	driver_out_init(&o, d->questions, gm->seed);
	gm->ops->view(gm->g, seat, &o.out);
	driver_plain(gm->names, gm->sg->nseats, &o, seat, out, size);
	driver_out_free(&o);
}

void
driver_game_type(
    struct driver *d, const struct driver_game *gm, const struct game_move *mv)
{
	struct driver_table *t = &d->t[gm->k];
	struct buf typed = BUF_INIT;
	char text[DRIVER_TEXT];
	int cmd;

	if (mv->seat < 0 || mv->seat >= gm->sg->nseats ||
	    gm->player[mv->seat] < 0)
		driver_fail(d, "no player to type a move of seat %d", mv->seat);
	if ((cmd = gm->ops->command(gm->g, mv, text, sizeof text)) < 0)
		driver_fail(d, "seat %d cannot type its move", mv->seat);
	/* The command names players as {p:N}: a player types nicks. */
	render(&typed, text, gm->names, gm->sg->nseats, 0);
	driver_type_cmd(d, t, gm->player[mv->seat], gm->ops->cmds[cmd].where,
	    mv->verb, buf_str(&typed));
	buf_free(&typed);
}

int
driver_play_default(
    struct driver *d, int k, int watcher, char *said, size_t size)
{
	struct driver_said *told = calloc(1, sizeof *told);
	struct driver_game gm;
	struct game_move mv;
	char logged[DRIVER_TEXT], head[320];
	const char *line;
	size_t from = d->t[k].p[watcher].cl.nlines;
	int n;

	assert_non_null(told);
	driver_game_load(d, k, 0, &gm);
	n = gm.sg->nmoves;
	if (gm.turn.over || gm.turn.seat < 0)
		driver_fail(d, "nobody has the turn after %d moves", n);
	gm.ops->timeout(gm.g, &mv);
	if (mv.seat != gm.turn.seat)
		driver_fail(d, "the default move is seat %d's, the turn %d's",
		    mv.seat, gm.turn.seat);
	game_move_format(gm.ops, &mv, logged, sizeof logged);
	driver_game_type(d, &gm, &mv);
	driver_game_apply(d, &gm, &mv, NULL, told);
	driver_game_free(&gm);
	/* Found by its text, or the start of a text too long for one line
	 * (which the bot cuts); the line may go on with what follows. */
	snprintf(head, sizeof head, "%.300s", told->pub);
	line = head[0] != '\0' ?
	    driver_wait_chan(d, k, watcher, from, head, 0) : "";
	if (said != NULL)
		snprintf(said, size, "%s", line);
	free(told);
	driver_game_load(d, k, 0, &gm);
	if (gm.sg->nmoves != n + 1 || strcmp(gm.sg->moves[n].text, logged))
		driver_fail(d, "after '%s' the log has %d moves, the last "
		    "'%s'", logged, gm.sg->nmoves,
		    gm.sg->nmoves > 0 ? gm.sg->moves[gm.sg->nmoves - 1].text :
		    "");
	driver_game_free(&gm);
	return mv.seat;
}

void
driver_hand(struct driver *d, int k, int i, size_t from, int seat)
{
	struct driver_line m = {d->t[k].chan, d->t[k].p[i].cl.nick, NULL};
	char want[DRIVER_TEXT], got[DRIVER_TEXT], head[320];
	struct driver_game gm;

	/* The line the view makes now: the hand, or for the seat to play
	 * its prompt with the hand.  A prompt of an earlier turn may come
	 * first, so the line is found by its text (the start of a text too
	 * long for one line, which the bot cuts), then compared whole. */
	driver_game_load(d, k, 0, &gm);
	driver_game_view(d, &gm, seat, want, sizeof want);
	driver_game_free(&gm);
	snprintf(head, sizeof head, "%.300s", want);
	m.text = head;
	driver_wait_cut(d, k, i, from, &m, strlen(want), 0, got, sizeof got);
	if (strcmp(got, want) != 0)
		driver_fail(d, "%s got '%s', not '%s'", m.nick, got, want);
}
