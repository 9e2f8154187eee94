/*
 * The random-play simulator: one test per variant in game_table[], with no
 * variant-specific code.  Each test plays SIM_GAMES games (environment,
 * default 200) spread over every seat count and every combination of option
 * values that matters, choosing moves with sample(), sometimes timeout() or
 * a leave.  At every step the state must pass invariants(), a sampled move
 * must pass check() and survive its text form, a timeout move must be
 * legal, and so must the heard() move of a pause's speaker (a speaker
 * only ever in a pause, every other turn() saying -1); every game must
 * end within MOVE_CAP moves, and replaying its move log from the same
 * seed must give the same messages and final views, as must replaying it
 * with no output (the text of a move not built at all).
 *
 * Every move's story (ops->story(), games/story.h) must be whole: a claim
 * says what was claimed and laid, a lie weighs at least 1, a call names
 * another seat; only a variant with claims makes them.  The ledger the
 * moves make must balance (every lie caught or got away, every call right
 * or wrong, a right call for each lie caught and a wrong one for each
 * honest claim called), and story_play() on the move log alone must give
 * the same ledger, the same result and a replay with the deal revealed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "games/story.h"
#include "alloc/xalloc.h"

#define MOVE_CAP 20000		/* a game this long is a bug */
#define MAX_CONFIGS 512
#define MOVE_TEXT 1024
#define SMALL_RANGE 4		/* options with a range up to this: all */

/* Everything a game said, in order: "seat|text\n" lines. */
struct transcript {
	char *buf;
	size_t len, size;
};

/* One table set-up: a seat count and option values. */
struct config {
	int nseats;
	struct game_opts opts;
};

/* The game being played, named in every failure so it can be rerun:
 * "cheat, 4 seats, decks=0 loser=1, seed 42". */
static char where[256];

/* Totals over one variant, for the summary line. */
struct sim_stats {
	long games, moves, timeouts, heard, leaves;
	int longest;
};

static void
tr_add(struct transcript *tr, const char *s)
{
	size_t n = strlen(s);

	if (tr->len + n + 1 > tr->size) {
		tr->size = (tr->len + n + 1) * 2;
		tr->buf = xrealloc(tr->buf, tr->size);
	}
	memcpy(tr->buf + tr->len, s, n + 1);
	tr->len += n;
}

static void
tr_emit(void *ctx, int seat, const char *text)
{
	char head[16];

	snprintf(head, sizeof head, "%d|", seat);
	tr_add(ctx, head);
	tr_add(ctx, text);
	tr_add(ctx, "\n");
}

/* The log of accepted moves, as text. */
struct move_log {
	char **text;
	int n, size;
};

static void
log_add(struct move_log *l, const char *text)
{
	if (l->n == l->size) {
		l->size = l->size == 0 ? 256 : l->size * 2;
		l->text = xreallocarray(l->text, (size_t)l->size,
		    sizeof *l->text);
	}
	l->text[l->n++] = xstrdup(text);
}

static void
log_free(struct move_log *l)
{
	while (l->n > 0)
		free(l->text[--l->n]);
	free(l->text);
}

static int
sim_games(void)
{
	const char *s = getenv("SIM_GAMES");
	int n = s != NULL ? atoi(s) : 0;

	return n > 0 ? n : 200;
}

/* The values of option o worth trying: all of a small range, else the
 * ends and the default. */
static int
option_values(const struct game_option *o, int *v)
{
	int n = 0, x;

	if (o->max - o->min <= SMALL_RANGE) {
		for (x = o->min; x <= o->max; x++)
			v[n++] = x;
		return n;
	}
	v[n++] = o->min;
	if (o->def != o->min && o->def != o->max)
		v[n++] = o->def;
	v[n++] = o->max;
	return n;
}

/* Every seat count and combination of option values that create()
 * accepts; refused ones must say why. */
static int
configs(const struct game_ops *ops, struct config *out)
{
	int values[GAME_MAX_OPTIONS][SMALL_RANGE + 1], nv[GAME_MAX_OPTIONS];
	int nopts = 0, idx[GAME_MAX_OPTIONS], n = 0, seats, i, refused = 0;
	struct game_opts opts;
	struct rng rng;
	struct game *g;
	char *cause;

	while (ops->options != NULL && ops->options[nopts].name != NULL) {
		nv[nopts] = option_values(&ops->options[nopts],
		    values[nopts]);
		nopts++;
	}
	rng_seed(&rng, 0);
	for (seats = ops->min_seats; seats <= ops->max_seats; seats++) {
		memset(idx, 0, sizeof idx);
		for (;;) {
			game_opts_default(ops, &opts);
			for (i = 0; i < nopts; i++)
				opts.v[i] = values[i][idx[i]];
			cause = NULL;
			g = ops->create(&opts, seats, 0, &rng, NULL, &cause);
			if (g != NULL) {
				assert_true(n < MAX_CONFIGS);
				out[n].nseats = seats;
				out[n++].opts = opts;
				ops->destroy(g);
			} else {
				assert_non_null(cause);
				assert_true(cause[0] != '\0');
				free(cause);
				refused++;
			}
			for (i = 0; i < nopts && ++idx[i] == nv[i]; i++)
				idx[i] = 0;
			if (i == nopts)
				break;
		}
	}
	print_message("%s: %d set-ups, %d refused by create()\n", ops->name,
	    n, refused);
	return n;
}

static void
assert_same_move(const struct game_move *a, const struct game_move *b)
{
	assert_int_equal(a->seat, b->seat);
	assert_int_equal(a->verb, b->verb);
	assert_int_equal(a->argc, b->argc);
	assert_memory_equal(a->argv, b->argv, (size_t)a->argc *
	    sizeof a->argv[0]);
}

/* The words a player would type for mv parse back to a legal move of
 * the same verb that types the same way. */
static void
check_typed(const struct game_ops *ops, const struct game *g,
    const struct game_move *mv)
{
	struct game_move back;
	char typed[MOVE_TEXT], again[MOVE_TEXT], words[MOVE_TEXT];
	char *argv[GAME_MOVE_ARGS + 8], *save = NULL, *w, *cause = NULL;
	int cmd, argc = 0;

	cmd = ops->command(g, mv, typed, sizeof typed);
	if (cmd < 0) {
		assert_true(mv->seat == GAME_SEAT_TABLE ||
		    mv->verb == GAME_VERB_LEAVE);
		return;
	}
	snprintf(words, sizeof words, "%s", typed);
	w = strtok_r(words, " ", &save);
	assert_non_null(w);
	assert_int_equal(game_cmd_find_where(ops, w, ops->cmds[cmd].where),
	    cmd);
	while ((w = strtok_r(NULL, " ", &save)) != NULL)
		argv[argc++] = w;
	if (ops->parse(g, mv->seat, cmd, argc, argv, &back, &cause) != 0 ||
	    ops->check(g, &back, &cause) != 0)
		fail_msg("%s: typed '%s' refused: %s", where, typed, cause);
	assert_int_equal(back.verb, mv->verb);
	assert_int_equal(ops->command(g, &back, again, sizeof again), cmd);
	assert_string_equal(typed, again);
}

/* Checks a move that the rules themselves offered for state t. */
static void
check_offered(const struct game_ops *ops, const struct game *g,
    const struct game_turn *t, const struct game_move *mv, const char *what)
{
	struct game_move back;
	char text[MOVE_TEXT], again[MOVE_TEXT], *cause = NULL;

	if (ops->check(g, mv, &cause) != 0)
		fail_msg("%s: %s move refused: %s", where, what, cause);
	/* In a pause the rules may let a seat end it (check() said so). */
	assert_true(mv->seat == t->seat || mv->seat == GAME_SEAT_TABLE ||
	    (mv->seat >= 0 && (t->window & (1u << mv->seat)) != 0) ||
	    (mv->seat >= 0 && t->pause));
	game_move_format(ops, mv, text, sizeof text);
	if (game_move_parse(ops, text, &back, &cause) != 0)
		fail_msg("%s: '%s' does not parse: %s", where, text,
		    cause);
	assert_same_move(mv, &back);
	game_move_format(ops, &back, again, sizeof again);
	assert_string_equal(text, again);
	check_typed(ops, g, mv);
}

/* A speaker is a seat still in the game, only in a pause, with a move
 * to make of what they say; every other turn() says -1. */
static void
check_speaker(const struct game_ops *ops, const struct game_turn *t,
    int nseats)
{
	if (t->speaker == -1)
		return;
	if (!t->pause || t->speaker < 0 || t->speaker >= nseats)
		fail_msg("%s: speaker %d (pause %d)", where, t->speaker,
		    t->pause);
	if (ops->heard == NULL)
		fail_msg("%s: speaker %d, and no heard()", where, t->speaker);
}

/* Chooses the next move: mostly sampled, sometimes the timeout move or
 * the speaker heard, rarely a seat leaving. */
static void
choose(const struct game_ops *ops, const struct game *g,
    const struct game_turn *t, int nseats, struct rng *rng,
    struct game_move *mv, struct sim_stats *st)
{
	struct game_move tmv, leave;
	unsigned r = rng_below(rng, 100);

	if (ops->sample(g, rng, mv) != 0)
		fail_msg("%s: no sample in a running game", where);
	check_offered(ops, g, t, mv, "sampled");
	check_speaker(ops, t, nseats);
	if (t->speaker >= 0) {
		ops->heard(g, &tmv);
		check_offered(ops, g, t, &tmv, "heard");
		if (r < 30) {
			*mv = tmv;
			st->heard++;
			return;
		}
	}
	if (t->seat >= 0 || t->window != 0) {
		ops->timeout(g, &tmv);
		check_offered(ops, g, t, &tmv, "timeout");
		if (r < 10) {
			*mv = tmv;
			st->timeouts++;
			return;
		}
	}
	if (r == 10) {
		memset(&leave, 0, sizeof leave);
		leave.seat = (int)rng_below(rng, (uint32_t)nseats);
		leave.verb = GAME_VERB_LEAVE;
		if (ops->check(g, &leave, NULL) == 0) {
			*mv = leave;
			st->leaves++;
		}
	}
}

/* Checks the outcome of a finished game. */
static void
check_result(const struct game_ops *ops, const struct game *g, int nseats)
{
	struct game_result r;
	int s;

	ops->result(g, &r);
	assert_int_equal(r.nseats, nseats);
	for (s = 0; s < nseats; s++)
		assert_in_range(r.place[s], 0, nseats);
	if (r.winner >= 0) {
		assert_in_range(r.winner, 0, nseats - 1);
		assert_int_equal(r.place[r.winner], 1);
	}
	if (r.loser >= 0) {
		assert_in_range(r.loser, 0, nseats - 1);
		assert_true(r.loser != r.winner);
	}
}

static void
final_views(const struct game_ops *ops, const struct game *g, int nseats,
    struct game_out *out)
{
	int s;

	for (s = 0; s < nseats; s++)
		ops->view(g, s, out);
	ops->view(g, GAME_PUBLIC, out);
}

/* The story of mv by seat in a game of nseats seats is whole. */
static void
story_check(const struct game_ops *ops, const struct game_story *sy,
    const struct game_move *mv, int nseats, int n)
{
	if (sy->claim && (!ops->claims || mv->seat < 0 ||
	    sy->said[0] == '\0' || sy->laid[0] == '\0' ||
	    (sy->lie && sy->weight < 1)))
		fail_msg("%s, move %d: a claim that is not whole", where, n);
	if (sy->call && (!ops->claims || mv->seat < 0 || sy->of < 0 ||
	    sy->of >= nseats || sy->of == mv->seat))
		fail_msg("%s, move %d: a call of seat %d", where, n, sy->of);
	if (memchr(sy->hidden, '\0', sizeof sy->hidden) == NULL)
		fail_msg("%s, move %d: hidden text unterminated", where, n);
}

/* A settled ledger balances. */
static void
ledger_check(const struct ledger *l)
{
	int i, caught = 0, right = 0, accused = 0, wrong = 0, lies = 0;

	for (i = 0; i < l->nseats; i++) {
		const struct ledger_seat *s = &l->seat[i];

		if (s->lies != s->caught + s->away || s->claims < s->lies ||
		    s->calls != s->right + s->wrong ||
		    s->best_right_run > s->right)
			fail_msg("%s: seat %d's ledger does not balance", where,
			    i);
		caught += s->caught;
		right += s->right;
		accused += s->accused;
		wrong += s->wrong;
		lies += s->lies;
	}
	if (caught != right || accused != wrong || lies != l->lies ||
	    (l->away > 0) != (l->boldest.seat >= 0))
		fail_msg("%s: the ledger does not balance", where);
}

/* Applies mv to g, its text into tr, and the same move to a copy of g
 * made before (game.h's copy(), which the bot applies to say a move in a
 * second language): the copy must say exactly what g says, and end the
 * same. */
static void
apply_on_copy(const struct game_ops *ops, struct game *g,
    const struct game_move *mv, struct transcript *tr)
{
	struct transcript again = { 0 };
	struct game_out out = { tr_emit, tr }, out2 = { tr_emit, &again };
	struct game *copy = ops->copy(g);
	struct game_turn t1, t2;
	size_t was = tr->len;
	char *cause = NULL;

	ops->apply(g, mv, &out);
	ops->apply(copy, mv, &out2);
	if (again.len != tr->len - was ||
	    (again.len > 0 && memcmp(again.buf, tr->buf + was, again.len) != 0))
		fail_msg("%s: a copy says otherwise than the game", where);
	if (ops->invariants(copy, &cause) != 0)
		fail_msg("%s: the copy: %s", where, cause);
	ops->turn(g, &t1);
	ops->turn(copy, &t2);
	if (t1.over != t2.over || t1.seat != t2.seat ||
	    t1.window != t2.window || t1.accused != t2.accused ||
	    t1.pause != t2.pause || t1.wait != t2.wait)
		fail_msg("%s: the copy's turn is not the game's", where);
	free(again.buf);
	ops->destroy(copy);
}

/* Plays the game of seed to its end, logging moves and messages, and its
 * ledger into l. */
static void
play(const struct game_ops *ops, const struct config *c, uint64_t seed,
    struct move_log *log, struct transcript *tr, struct sim_stats *st,
    struct ledger *l)
{
	struct game_story sy;
	struct game_out out = { tr_emit, tr };
	struct game_move mv;
	struct game_turn t;
	struct rng deal, pick;
	struct game *g;
	char text[MOVE_TEXT], opts[128], *cause = NULL;

	game_opts_format(ops, &c->opts, opts, sizeof opts);
	snprintf(where, sizeof where, "%s, %d seats, %s, seed %llu",
	    ops->name, c->nseats, opts, (unsigned long long)seed);
	rng_seed(&deal, seed);
	rng_seed(&pick, ~seed);
	ledger_init(l, c->nseats);
	g = ops->create(&c->opts, c->nseats, (int)(seed % (unsigned)c->nseats),
	    &deal, &out, &cause);
	if (g == NULL)
		fail_msg("%s: create refused: %s", where, cause);
	for (;;) {
		if (ops->invariants(g, &cause) != 0)
			fail_msg("%s, move %d: %s", where, log->n, cause);
		ops->turn(g, &t);
		if (t.over)
			break;
		if (log->n >= MOVE_CAP)
			fail_msg("%s: no end after %d moves", where,
			    MOVE_CAP);
		choose(ops, g, &t, c->nseats, &pick, &mv, st);
		game_move_format(ops, &mv, text, sizeof text);
		memset(&sy, 0, sizeof sy);
		ops->story(g, &mv, &sy);
		story_check(ops, &sy, &mv, c->nseats, log->n);
		log_add(log, text);
		apply_on_copy(ops, g, &mv, tr);
		ops->turn(g, &t);
		ledger_note(l, log->n - 1, mv.seat, &sy, t.window);
	}
	ledger_end(l);
	ledger_check(l);
	assert_int_equal(ops->sample(g, &pick, &mv), -1);
	check_result(ops, g, c->nseats);
	final_views(ops, g, c->nseats, &out);
	ops->destroy(g);
}

/* Rebuilds the game of seed from its move log alone; and again beside
 * it with every move applied where nobody listens (a NULL out, as the AI
 * seats' play-outs apply them, building no text): that one must pass
 * invariants() at every step and end in the same views. */
static void
replay(const struct game_ops *ops, const struct config *c, uint64_t seed,
    const struct move_log *log, struct transcript *tr)
{
	struct transcript loud, hushed;
	struct game_out out = { tr_emit, tr };
	struct game_out views[2] = { { tr_emit, &loud }, { tr_emit, &hushed } };
	struct game_move mv;
	struct game_turn t;
	struct rng deal;
	struct game *g, *quiet;
	char *cause = NULL;
	int i;

	rng_seed(&deal, seed);
	g = ops->create(&c->opts, c->nseats, (int)(seed % (unsigned)c->nseats),
	    &deal, &out, &cause);
	assert_non_null(g);
	rng_seed(&deal, seed);
	quiet = ops->create(&c->opts, c->nseats,
	    (int)(seed % (unsigned)c->nseats), &deal, NULL, &cause);
	assert_non_null(quiet);
	for (i = 0; i < log->n; i++) {
		if (game_move_parse(ops, log->text[i], &mv, &cause) != 0 ||
		    ops->check(g, &mv, &cause) != 0)
			fail_msg("%s: replay of '%s': %s", where,
			    log->text[i], cause);
		ops->apply(g, &mv, &out);
		if (ops->check(quiet, &mv, &cause) != 0)
			fail_msg("%s: quiet replay of '%s': %s", where,
			    log->text[i], cause);
		ops->apply(quiet, &mv, NULL);
		if (ops->invariants(quiet, &cause) != 0)
			fail_msg("%s, quiet, move %d: %s", where, i, cause);
	}
	ops->turn(g, &t);
	assert_int_equal(t.over, 1);
	final_views(ops, g, c->nseats, &out);
	memset(&loud, 0, sizeof loud);
	memset(&hushed, 0, sizeof hushed);
	final_views(ops, g, c->nseats, &views[0]);
	final_views(ops, quiet, c->nseats, &views[1]);
	assert_non_null(loud.buf);
	assert_non_null(hushed.buf);
	if (strcmp(loud.buf, hushed.buf) != 0)
		fail_msg("%s: the quiet replay ends elsewhere", where);
	free(loud.buf);
	free(hushed.buf);
	ops->destroy(quiet);
	ops->destroy(g);
}

/* story_play()'s lines: the deal's are counted. */
static void
story_line(void *ctx, int n, int seat, const char *markup)
{
	int *deal = ctx;

	(void)seat;
	if (markup[0] == '\0')
		fail_msg("%s: an empty replay line", where);
	if (n < 0)
		(*deal)++;
}

/* story_play() on the move log alone gives the ledger l, and a replay
 * whose deal is revealed (the channel's line, then a line at least). */
static void
story_again(const struct game_ops *ops, const struct config *c,
    uint64_t seed, const struct move_log *log, const struct ledger *l)
{
	struct story_record rec;
	struct game_result r;
	struct ledger again;
	char *cause = NULL;
	int over, deal = 0;

	rec.ops = ops;
	rec.opts = c->opts;
	rec.nseats = c->nseats;
	rec.dealer = (int)(seed % (unsigned)c->nseats);
	rec.seed = seed;
	rec.nmoves = log->n;
	rec.moves = (const char *const *)log->text;
	if (story_play(&rec, story_line, &deal, &again, &r, &over,
	    &cause) != 0)
		fail_msg("%s: story_play: %s", where, cause);
	assert_int_equal(over, 1);
	assert_true(deal >= 2);
	if (memcmp(&again, l, sizeof again) != 0)
		fail_msg("%s: story_play's ledger is not the game's", where);
}

static void
test_variant(void **state)
{
	const struct game_ops *ops = game_table[*(int *)*state];
	struct config *cfg = xcalloc(MAX_CONFIGS, sizeof *cfg);
	struct transcript a, b;
	struct move_log log;
	struct sim_stats st;
	struct ledger l;
	int ncfg, games = sim_games(), i;
	uint64_t seed;

	assert_string_equal(ops->verbs[GAME_VERB_LEAVE], "leave");
	assert_int_equal(ops->reactions & (1u << GAME_VERB_LEAVE), 0);
	ncfg = configs(ops, cfg);
	assert_true(ncfg > 0);
	memset(&st, 0, sizeof st);
	for (i = 0; i < games; i++) {
		seed = UINT64_C(0x9e3779b97f4a7c15) * (uint64_t)(i + 1);
		memset(&a, 0, sizeof a);
		memset(&b, 0, sizeof b);
		memset(&log, 0, sizeof log);
		play(ops, &cfg[i % ncfg], seed, &log, &a, &st, &l);
		replay(ops, &cfg[i % ncfg], seed, &log, &b);
		story_again(ops, &cfg[i % ncfg], seed, &log, &l);
		assert_non_null(a.buf);
		assert_non_null(b.buf);
		assert_string_equal(a.buf, b.buf);
		st.games++;
		st.moves += log.n;
		if (log.n > st.longest)
			st.longest = log.n;
		log_free(&log);
		free(a.buf);
		free(b.buf);
	}
	print_message("%s: %ld games, %ld moves (longest %d), %ld timeouts, "
	    "%ld heard, %ld leaves\n", ops->name, st.games, st.moves,
	    st.longest, st.timeouts, st.heard, st.leaves);
	free(cfg);
}

int
main(void)
{
	struct CMUnitTest *tests;
	int n = 0, i, *index, rc;

	while (game_table[n] != NULL)
		n++;
	tests = xcalloc((size_t)n, sizeof *tests);
	index = xcalloc((size_t)n, sizeof *index);
	for (i = 0; i < n; i++) {
		index[i] = i;
		tests[i].name = game_table[i]->name;
		tests[i].test_func = test_variant;
		tests[i].initial_state = &index[i];
	}
	rc = _cmocka_run_group_tests("sim", tests, (size_t)n, NULL, NULL);
	free(tests);
	free(index);
	return rc;
}
