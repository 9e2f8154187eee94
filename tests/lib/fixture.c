/*
 * The fixture core of fixture.h: a game of any variant under test, the
 * table of live games a teardown frees, and lines and moves played
 * through the rules as the bot would.
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
#include "games/rng.h"
#include "alloc/xalloc.h"
#include "tests/lib/fixture.h"

/* Games still open, freed by the teardown when a test fails midway. */
#define LIVE 4
static struct fx *live[LIVE];

void
fx_fail(struct fx *f, const char *what, char *cause)
{
	free(f->cause);
	f->cause = cause;
	fail_msg("%s: %s", what, cause);
}

void
fx_invariants(struct fx *f, const char *what)
{
	char *cause = NULL, text[300];

	if (f->ops->invariants(f->g, &cause) != 0) {
		snprintf(text, sizeof text, "invariants after '%s'", what);
		fx_fail(f, text, cause);
	}
}

struct fx *
fx_create(const struct game_ops *ops, int nseats, int dealer,
    const char *opts, uint64_t seed)
{
	struct game_opts o;
	struct fx *f = xcalloc(1, sizeof *f);
	struct rng rng;
	char *cause = NULL, *copy, *p, *w;
	int i;

	for (i = 0; i < LIVE && live[i] != NULL; i++)
		continue;
	if (i == LIVE) {
		free(f);
		fail_msg("more than %d games live", LIVE);
	}
	live[i] = f;
	f->ops = ops;
	f->nseats = nseats;
	ledger_init(&f->ledger, nseats);
	sink_init(&f->sink, &f->out);
	game_opts_default(ops, &o);
	copy = xstrdup(opts != NULL ? opts : "");
	for (p = copy; (w = strsep(&p, " ")) != NULL;) {
		if (*w != '\0' && game_opts_set(ops, &o, w, &cause) != 0) {
			free(copy);
			fx_fail(f, "option", cause);
		}
	}
	free(copy);
	rng_seed(&rng, seed);
	f->g = ops->create(&o, nseats, dealer, &rng, &f->out, &cause);
	if (f->g == NULL)
		fx_fail(f, "create", cause);
	fx_invariants(f, "the deal");
	return f;
}

void
fx_free(struct fx *f)
{
	int i;

	for (i = 0; i < LIVE; i++) {
		if (live[i] == f)
			live[i] = NULL;
	}
	if (f->g != NULL)
		f->ops->destroy(f->g);
	sink_reset(&f->sink);
	free(f->cause);
	free(f->rec[0]);
	free(f->rec[1]);
	free(f->ctx);
	free(f);
}

void
fx_watch(struct fx *f, size_t size, void (*snap)(struct fx *, void *),
    fx_said_fn *said)
{
	f->snap = snap;
	f->said = said;
	f->rec[0] = xcalloc(1, size);
	f->rec[1] = xcalloc(1, size);
}

void
fx_check_said(struct fx *f, const void *b)
{
	f->snap(f, f->rec[1]);
	f->said(f, NULL, b != NULL ? b : f->rec[1], f->rec[1]);
}

int
fx_teardown(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < LIVE; i++) {
		if (live[i] != NULL)
			fx_free(live[i]);
	}
	return 0;
}

void
fx_stacked(struct fx *f, int rc, char *cause)
{
	if (rc != 0)
		fx_fail(f, "stack", cause);
	fx_invariants(f, "the stacked deal");
}

void
fx_assert_turn(struct fx *f, int seat, unsigned window, int accused,
    struct game_turn *t)
{
	struct game_turn own;

	if (t == NULL)
		t = &own;
	f->ops->turn(f->g, t);
	assert_int_equal(t->over, 0);
	assert_int_equal(t->seat, seat);
	assert_int_equal(t->window, window);
	assert_int_equal(t->accused, accused);
	/* Only a pause hears a seat (game.h): every other turn says -1. */
	if (!t->pause)
		assert_int_equal(t->speaker, -1);
}

void
fx_assert_over(struct fx *f, const int *places, int winner, int loser,
    struct game_result *r)
{
	struct game_turn t;
	int s;

	f->ops->turn(f->g, &t);
	assert_int_equal(t.over, 1);
	assert_int_equal(t.seat, -1);
	assert_int_equal(t.window, 0);
	assert_int_equal(t.speaker, -1);
	f->ops->result(f->g, r);
	assert_int_equal(r->nseats, f->nseats);
	assert_int_equal(r->winner, winner);
	assert_int_equal(r->loser, loser);
	for (s = 0; s < f->nseats; s++)
		assert_int_equal(r->place[s], places[s]);
}

void
fx_reset(struct fx *f)
{
	sink_reset(&f->sink);
}

const char *
fx_said(const struct fx *f, int seat)
{
	return sink_said(&f->sink, seat);
}

int
fx_said_count(const struct fx *f, int seat)
{
	return sink_count(&f->sink, seat);
}

int
fx_words(char *line, char **words, int max)
{
	char *w;
	int n = 0;

	while ((w = strsep(&line, " ")) != NULL) {
		if (*w != '\0' && n < max)
			words[n++] = w;
	}
	return n;
}

int
fx_parse(struct fx *f, int seat, const char *line, struct game_move *mv)
{
	enum game_where where = GAME_WHERE_PRIVATE;
	const struct game_cmd *gc;
	char *copy, *argv[FX_MAX_WORDS], *cause = NULL, word[64];
	int argc, cmd, rc;

	if (f->where && line[0] == '!') {
		where = GAME_WHERE_CHANNEL;
		line++;
	}
	copy = xstrdup(line);
	if ((argc = fx_words(copy, argv, FX_MAX_WORDS)) == 0) {
		free(copy);
		fail_msg("no command in '%s'", line);
	}
	cmd = f->where ? game_cmd_find_where(f->ops, argv[0], where) :
	    game_cmd_find(f->ops, argv[0]);
	if (cmd < 0) {
		/* argv[0] lies in copy: name it before copy goes. */
		snprintf(word, sizeof word, "%s", argv[0]);
		free(copy);
		fail_msg("no command '%s' in '%s'", word, line);
	}
	gc = &f->ops->cmds[cmd];
	/* Refused before parse() as bot/cmd/dispatch.c refuses it. */
	if (f->where && !(gc->where & where))
		rc = game_fail(&cause, where == GAME_WHERE_CHANNEL ?
		    "keep your cards secret: send '%s %s' to me in private" :
		    "type !%s in the channel", gc->name, gc->usage);
	else
		rc = f->ops->parse(f->g, seat, cmd, argc - 1, argv + 1, mv,
		    &cause);
	free(f->cause);
	f->cause = cause;
	free(copy);
	return rc;
}

int
fx_apply(struct fx *f, const struct game_move *mv)
{
	char *cause = NULL, text[256];
	struct game_turn tu;

	free(f->cause);
	f->cause = NULL;
	fx_reset(f);
	/* A refused move may be one no text can show. */
	if (f->ops->check(f->g, mv, &cause) != 0) {
		f->cause = cause;
		if (cause == NULL)
			fail_msg("a move refused without a cause");
		assert_null(strchr(cause, '\n'));
		fx_invariants(f, "a refused move");
		return -1;
	}
	if (f->before != NULL)
		f->before(f, mv);
	if (f->snap != NULL)
		f->snap(f, f->rec[0]);
	memset(&f->story, 0, sizeof f->story);
	if (f->ops->story != NULL)
		f->ops->story(f->g, mv, &f->story);
	f->ops->apply(f->g, mv, &f->out);
	game_move_format(f->ops, mv, text, sizeof text);
	fx_invariants(f, text);
	f->ops->turn(f->g, &tu);
	ledger_note(&f->ledger, f->nmoves++, mv->seat, &f->story, tu.window);
	if (tu.over)
		ledger_end(&f->ledger);
	if (f->snap != NULL) {
		f->snap(f, f->rec[1]);
		f->said(f, mv, f->rec[0], f->rec[1]);
	}
	if (f->check != NULL)
		f->check(f, mv);
	return 0;
}

int
fx_do(struct fx *f, int seat, const char *line)
{
	struct game_move mv;

	fx_reset(f);
	if (fx_parse(f, seat, line, &mv) != 0) {
		fx_invariants(f, line);
		return -1;
	}
	return fx_apply(f, &mv);
}

int
fx_move(struct fx *f, const char *text)
{
	struct game_move mv;

	if (game_move_parse(f->ops, text, &mv, NULL) != 0)
		fail_msg("move text '%s'", text);
	return fx_apply(f, &mv);
}

void
fx_ok(struct fx *f, int seat, const char *line)
{
	if (fx_do(f, seat, line) != 0)
		fail_msg("seat %d '%s' refused: %s", seat, line, f->cause);
}

/* A refusal: its cause, one line, and not a word said to anyone. */
static void
assert_refusal(struct fx *f, const char *what, const char *want)
{
	if (f->cause == NULL)
		fail_msg("'%s' refused without a cause", what);
	assert_string_equal(f->cause, want);
	assert_null(strchr(f->cause, '\n'));
	assert_int_equal(f->sink.n, 0);
}

void
fx_refused(struct fx *f, int seat, const char *line, const char *want)
{
	if (fx_do(f, seat, line) == 0)
		fail_msg("seat %d '%s' accepted", seat, line);
	assert_refusal(f, line, want);
}

void
fx_move_ok(struct fx *f, const char *text)
{
	if (fx_move(f, text) != 0)
		fail_msg("move '%s' refused: %s", text, f->cause);
}

void
fx_move_refused(struct fx *f, const char *text, const char *want)
{
	if (fx_move(f, text) == 0)
		fail_msg("move '%s' accepted", text);
	assert_refusal(f, text, want);
}

void
fx_timeout(struct fx *f, char *text, size_t size)
{
	struct game_move mv;

	f->ops->timeout(f->g, &mv);
	game_move_format(f->ops, &mv, text, size);
	if (fx_apply(f, &mv) != 0)
		fail_msg("timeout '%s' refused: %s", text, f->cause);
}

int
fx_nwords(const char *list)
{
	int n = list[0] != '\0';

	while ((list = strchr(list, ' ')) != NULL) {
		list++;
		n++;
	}
	return n;
}

char *
fx_trim(char *w)
{
	size_t len;

	while (*w == '(')
		w++;
	len = strlen(w);
	while (len > 0 && strchr(".,:;!)", w[len - 1]) != NULL)
		w[--len] = '\0';
	return w;
}

char *
fx_word(char **p)
{
	char *w = strsep(p, " ");

	return w != NULL ? fx_trim(w) : NULL;
}

void
fx_count_faces(const char *list, int (*face)(const char *word), int *n)
{
	char *copy = xstrdup(list), *p = copy, *w;
	int k;

	while ((w = strsep(&p, " ")) != NULL) {
		if (*w == '\0' || strcmp(w, "-") == 0)
			continue;
		if ((k = face(w)) < 0)
			fail_msg("unknown card '%s' in '%s'", w, list);
		n[k]++;
	}
	free(copy);
}
