/*
 * A game's story (story.h): the ledger of claims and calls, the replay of
 * a record, and the bluff titles.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "story.h"
#include "intl.h"

void
ledger_init(struct ledger *l, int nseats)
{
	int i;

	memset(l, 0, sizeof *l);
	l->nseats = nseats;
	l->boldest.seat = -1;
	for (i = 0; i < GAME_MAX_SEATS; i++)
		l->open[i].seat = -1;
}

/* Settles seat's open claim as untested: a lie got away. */
static void
ledger_settle(struct ledger *l, int seat)
{
	struct ledger_claim *c = &l->open[seat];

	if (c->seat < 0)
		return;
	if (c->lie) {
		l->seat[seat].away++;
		l->seat[seat].last_lie_away = 1;
		l->away++;
		/* Claims are settled out of order (each seat's last at the
		 * end): of equal weight, the one made first. */
		if (l->boldest.seat < 0 || c->weight > l->boldest.weight ||
		    (c->weight == l->boldest.weight &&
		    c->move < l->boldest.move))
			l->boldest = *c;
	}
	c->seat = -1;
}

void
ledger_note(struct ledger *l, int n, int seat, const struct game_story *st,
    unsigned window)
{
	struct ledger_seat *ls;
	struct ledger_claim *c;
	int i;

	if (seat < 0 || seat >= l->nseats)
		return;
	ls = &l->seat[seat];
	if (st->call && st->of >= 0 && st->of < l->nseats &&
	    l->open[st->of].seat >= 0) {
		c = &l->open[st->of];
		ls->calls++;
		if (c->lie) {
			ls->right++;
			ls->right_run++;
			if (ls->right_run > ls->best_right_run)
				ls->best_right_run = ls->right_run;
			l->seat[st->of].caught++;
		} else {
			ls->wrong++;
			ls->right_run = 0;
			l->seat[st->of].accused++;
		}
		c->seat = -1;
	}
	if (st->claim) {
		ledger_settle(l, seat);
		c = &l->open[seat];
		c->seat = seat;
		c->move = n;
		c->lie = st->lie != 0;
		c->weight = st->lie ? (st->weight > 0 ? st->weight : 1) : 0;
		snprintf(c->said, sizeof c->said, "%s", st->said);
		snprintf(c->laid, sizeof c->laid, "%s", st->laid);
		ls->claims++;
		l->claims++;
		ls->last_lie_away = 0;
		if (c->lie) {
			ls->lies++;
			l->lies++;
		}
		for (i = 0; i < l->nseats; i++)
			if (i != seat && (window & (1u << i)))
				l->seat[i].chances++;
	}
}

void
ledger_end(struct ledger *l)
{
	int i;

	for (i = 0; i < l->nseats; i++)
		ledger_settle(l, i);
}

/* What a replay gathers of one move's public messages. */
struct story_out {
	char *pub;
	story_line_fn *line;
	void *ctx;
	int n;
};

static void
story_emit(void *ctx, int seat, const char *text)
{
	struct story_out *o = ctx;

	if (seat == GAME_PUBLIC)
		game_cat(&o->pub, "%s%s", o->pub != NULL ? " " : "", text);
}

/* The deal's reveal: one line each. */
static void
story_emit_line(void *ctx, int seat, const char *text)
{
	struct story_out *o = ctx;

	if (seat == GAME_PUBLIC && o->line != NULL)
		o->line(o->ctx, o->n, -1, text);
}

int
story_play(const struct story_record *rec, story_line_fn *line, void *ctx,
    struct ledger *l, struct game_result *r, int *over, char **cause)
{
	const struct game_ops *ops = rec->ops;
	struct story_out so = { NULL, line, ctx, -1 };
	struct game_out out = { story_emit, &so };
	struct game_out lines = { story_emit_line, &so };
	struct game_story st;
	struct game_move mv;
	struct game_turn tu;
	struct game *g;
	struct rng rng;
	char *why = NULL, *text;
	char unseen[512];
	int i;

	if (l != NULL)
		ledger_init(l, rec->nseats);
	if (over != NULL)
		*over = 0;
	rng_seed(&rng, rec->seed);
	g = ops->create(&rec->opts, rec->nseats, rec->dealer, &rng,
	    line != NULL ? &out : NULL, cause);
	if (g == NULL)
		return -1;
	if (line != NULL) {
		if (so.pub != NULL)
			line(ctx, -1, -1, so.pub);
		free(so.pub);
		so.pub = NULL;
		if (ops->reveal != NULL)
			ops->reveal(g, &lines);
	}
	for (i = 0; i < rec->nmoves; i++) {
		if (game_move_parse(ops, rec->moves[i], &mv, &why) != 0 ||
		    ops->check(g, &mv, &why) != 0) {
			game_fail(cause, "move %d '%s': %s", i, rec->moves[i],
			    why);
			free(why);
			ops->destroy(g);
			return -1;
		}
		memset(&st, 0, sizeof st);
		if (ops->story != NULL)
			ops->story(g, &mv, &st);
		ops->apply(g, &mv, line != NULL ? &out : NULL);
		ops->turn(g, &tu);
		if (l != NULL)
			ledger_note(l, i, mv.seat, &st, tu.window);
		if (line != NULL && (so.pub != NULL || st.hidden[0] != '\0')) {
			text = NULL;
			if (so.pub != NULL && st.hidden[0] != '\0')
				game_cat(&text, "%s [%s]", so.pub, st.hidden);
			else if (so.pub != NULL)
				game_cat(&text, "%s", so.pub);
			else
				game_cat(&text, "{p:%d}: [%s]", mv.seat,
				    st.hidden);
			line(ctx, i, mv.seat, text);
			free(text);
		}
		free(so.pub);
		so.pub = NULL;
	}
	ops->turn(g, &tu);
	if (tu.over) {
		if (l != NULL)
			ledger_end(l);
		if (r != NULL) {
			memset(r, 0, sizeof *r);
			ops->result(g, r);
		}
		if (over != NULL)
			*over = 1;
	}
	if (line != NULL && ops->unseen != NULL) {
		unseen[0] = '\0';
		ops->unseen(g, unseen, sizeof unseen);
		if (unseen[0] != '\0')
			line(ctx, rec->nmoves, -1, unseen);
	}
	ops->destroy(g);
	return 0;
}

/* The bluff titles' tests. */

static int
won(const struct game_ops *ops, const struct game_result *r, int seat)
{
	int w, lost;

	game_outcome(ops, r, seat, &w, &lost);
	return w;
}

static int
pokerface(const struct ledger *l, const struct game_result *r,
    const struct game_ops *ops, int seat)
{
	(void)r;
	(void)ops;
	return l->seat[seat].lies >= 5 && l->seat[seat].caught == 0;
}

static int
bloodhound(const struct ledger *l, const struct game_result *r,
    const struct game_ops *ops, int seat)
{
	(void)r;
	(void)ops;
	return l->seat[seat].best_right_run >= 5;
}

static int
cleanhands(const struct ledger *l, const struct game_result *r,
    const struct game_ops *ops, int seat)
{
	return won(ops, r, seat) && l->seat[seat].claims >= 3 &&
	    l->seat[seat].lies == 0;
}

static int
lastlaugh(const struct ledger *l, const struct game_result *r,
    const struct game_ops *ops, int seat)
{
	return won(ops, r, seat) && l->seat[seat].last_lie_away;
}

static int
brassneck(const struct ledger *l, const struct game_result *r,
    const struct game_ops *ops, int seat)
{
	(void)r;
	(void)ops;
	/* The boldest lie that got away in the whole game is this seat's
	 * and at least 4 from the truth; the ledger keeps only the boldest,
	 * which is enough: a seat with a bolder lie of its own would be it. */
	return l->boldest.seat == seat && l->boldest.weight >= 4;
}

static int
wronged(const struct ledger *l, const struct game_result *r,
    const struct game_ops *ops, int seat)
{
	(void)r;
	(void)ops;
	return l->seat[seat].accused >= 3 && l->seat[seat].caught == 0;
}

static int
sharpshooter(const struct ledger *l, const struct game_result *r,
    const struct game_ops *ops, int seat)
{
	(void)r;
	(void)ops;
	return l->seat[seat].calls >= 3 && l->seat[seat].wrong == 0;
}

const struct story_title story_titles[STORY_TITLES + 1] = {
	/* TRANSLATORS: the bluff titles a player earns, each followed by
	 * what earns it. */
	{ "pokerface", N_("Poker Face"),
	    N_("five lies or more in one game, and none caught"), pokerface },
	{ "bloodhound", N_("Bloodhound"),
	    N_("five right calls in a row in one game"), bloodhound },
	{ "cleanhands", N_("Clean Hands"),
	    N_("a win without a single lie, in at least three claims"),
	    cleanhands },
	{ "lastlaugh", N_("Last Laugh"),
	    N_("a win whose last claim was a lie nobody called"), lastlaugh },
	{ "brassneck", N_("Brass Neck"),
	    N_("the game's boldest lie that got away, four cards or more "
	    "from the truth"), brassneck },
	{ "sharpshooter", N_("Sharpshooter"),
	    N_("three calls or more in one game, and every one right"),
	    sharpshooter },
	{ "wronged", N_("Wrongly Accused"),
	    N_("called three times or more in one game, and honest every "
	    "time"), wronged },
	{ NULL, NULL, NULL, NULL },
};

const struct story_title *
story_title_named(const char *name)
{
	int i;

	for (i = 0; story_titles[i].name != NULL; i++)
		if (strcmp(story_titles[i].name, name) == 0)
			return &story_titles[i];
	return NULL;
}

int
story_earned(const struct game_ops *ops, const struct ledger *l,
    const struct game_result *r, int seat, int *out)
{
	int i, n = 0;

	if (!ops->claims || seat < 0 || seat >= l->nseats)
		return 0;
	for (i = 0; story_titles[i].name != NULL; i++)
		if (story_titles[i].earned(l, r, ops, seat))
			out[n++] = i;
	return n;
}
