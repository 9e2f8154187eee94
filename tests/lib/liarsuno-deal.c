/*
 * The Liar's UNO fixture of liarsuno-deal.h: a game on a stacked deck, on
 * the core of fixture.h, and the checks made after the deal and each
 * move.
 *
 * It reads the game's own state (liarsuno-int.h) for one thing the hooks
 * cannot give: which card ids are where.  The hooks write cards as text,
 * and text cannot tell the two ~rS apart, nor say which card a challenge
 * or a Wild Liar's Challenge turned over; what the public has seen is
 * kept per id.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "games/game.h"
#include "games/liarsuno/liarsuno.h"
#include "games/liarsuno/liarsuno-int.h"
#include "games/rng.h"
#include "alloc/xalloc.h"
#include "tests/lib/liarsuno-deal.h"

#define HAND_TEXT 600		/* a hand as text: 112 cards of 4 bytes */

/* What a move may change that its checks look at. */
struct snap {
	char hand[GAME_MAX_SEATS][HAND_TEXT];
	char held[GAME_MAX_SEATS][LU_CARDS];	/* 1: the seat holds id */
	int put[GAME_MAX_SEATS];
	int down;		/* the face-down card open to a challenge */
	int nhand;		/* hands dealt: a new one reshuffles all */
};

/* What the fixture keeps of a game (f->ctx). */
struct lx {
	int open[LU_CARDS];	/* 1: the public saw the card face up,
				 * and it has not been in the draw pile
				 * since */
	char rest[1024];	/* lx_rest() */
};

const char *
lx_cards(struct fx *f, int seat)
{
	liarsuno_cards(f->g, seat, f->buf, sizeof f->buf);
	return f->buf;
}

int
lx_count(struct fx *f, int seat)
{
	return fx_nwords(lx_cards(f, seat));
}

const char *
lx_top(struct fx *f)
{
	char face[8];
	int colour = liarsuno_top(f->g, face, sizeof face);

	if (strcmp(face, "+4") == 0 || strcmp(face, "WLC") == 0)
		snprintf(f->buf, sizeof f->buf, "%s %s",
		    lu_colour_name(colour), face);
	else
		snprintf(f->buf, sizeof f->buf, "%s", face);
	return f->buf;
}

const char *
lx_rest(struct fx *f, const char *named)
{
	struct lx *x = f->ctx;
	char *copy = xstrdup(named), *p = copy, *w, text[8];
	int used[LU_CARDS] = { 0 }, id, face, liar;
	size_t len;

	while ((w = strsep(&p, " ")) != NULL) {
		if (*w == '\0')
			continue;
		if (lu_parse_card(w, &face, &liar, NULL) != 0)
			fail_msg("lx_rest: no card '%s'", w);
		for (id = 0; id < LU_CARDS; id++) {
			if (!used[id] && lu_face(id) == face &&
			    lu_liar(id) == liar)
				break;
		}
		if (id == LU_CARDS)
			fail_msg("lx_rest: no %s left", w);
		used[id] = 1;
	}
	free(copy);
	x->rest[0] = '\0';
	for (id = 0; id < LU_CARDS; id++) {
		if (used[id])
			continue;
		lu_card_text(id, text, sizeof text);
		len = strlen(x->rest);
		snprintf(x->rest + len, sizeof x->rest - len, "%s%s",
		    len > 0 ? " " : "", text);
	}
	return x->rest;
}

/* The fixture's record of a game (fx_watch()). */
static void
snapshot(struct fx *f, void *rec)
{
	struct snap *s = rec;
	int seat, i;

	memset(s->held, 0, sizeof s->held);
	for (seat = 0; seat < f->nseats; seat++) {
		liarsuno_cards(f->g, seat, s->hand[seat], HAND_TEXT);
		s->put[seat] = f->g->put[seat];
		for (i = 0; i < f->g->hand[seat].n; i++)
			s->held[seat][f->g->hand[seat].c[i]] = 1;
	}
	s->down = f->g->down;
	s->nhand = f->g->nhand;
}

/* Nothing dealt yet: every hand empty, so every hand dealt is new. */
static void
snapshot_empty(struct fx *f, struct snap *s)
{
	int seat;

	memset(s, 0, sizeof *s);
	for (seat = 0; seat < f->nseats; seat++)
		s->put[seat] = -1;
	s->down = -1;
	s->nhand = -1;
}

/* Marks in ids the cards written as word; how many (0: word is no
 * card as cards are written). */
static int
ids_of(const char *word, int ids[LU_CARDS])
{
	char text[8];
	int id, n = 0;

	for (id = 0; id < LU_CARDS; id++) {
		lu_card_text(id, text, sizeof text);
		ids[id] = strcmp(text, word) == 0;
		n += ids[id];
	}
	return n;
}

/* Fails if the public line names a card as cards are written, unless
 * some card written so is allowed (per id). */
static void
check_public(const char *line, const int allowed[LU_CARDS])
{
	char *text = xcalloc(1, strlen(line) + 1), *p = text, *w, *q;
	int ids[LU_CARDS], skip = 0, id, ok;
	size_t len;

	sink_plain(text, line, strlen(line));
	sink_assert_lacks(text, "Hand (");
	sink_assert_lacks(text, "You ");
	while ((w = strsep(&p, " ")) != NULL) {
		len = strlen(w);
		/* What to match runs to the end of its clause. */
		if (skip) {
			skip = len == 0 || strchr(".,", w[len - 1]) == NULL;
			continue;
		}
		if (strcmp(w, "match:") == 0) {
			skip = 1;
			continue;
		}
		/* A claim is quoted; what follows it is not. */
		if (w[0] == '"') {
			if ((q = strchr(w + 1, '"')) == NULL)
				continue;
			w = q + 1;
		}
		w = fx_trim(w);
		if (ids_of(w, ids) == 0)
			continue;
		for (ok = 0, id = 0; id < LU_CARDS; id++)
			ok |= ids[id] && allowed[id];
		if (!ok)
			fail_msg("public line names %s, a card the public has "
			    "not seen: '%s'", w, line);
	}
	free(text);
}

/* The first card of want (a list, split in place) that have (a list,
 * split in place) lacks, each card of have standing for one of want;
 * NULL when have holds them all. */
static const char *
missing(char *want, char *have)
{
	char *h[LU_CARDS], *w[LU_CARDS];
	int nh = fx_words(have, h, LU_CARDS), nw = fx_words(want, w, LU_CARDS);
	int i, j;

	for (i = 0; i < nw; i++) {
		for (j = 0; j < nh; j++) {
			if (h[j] != NULL && strcmp(h[j], w[i]) == 0)
				break;
		}
		if (j == nh)
			return w[i];
		h[j] = NULL;
	}
	return NULL;
}

/* Fails unless every card of told (a list) is a card of seat's hand,
 * each card of the hand standing for one card told. */
static void
assert_held(struct fx *f, int seat, char *told, const char *line)
{
	char hand[HAND_TEXT];
	const char *lack;

	liarsuno_cards(f->g, seat, hand, sizeof hand);
	if ((lack = missing(told, hand)) != NULL)
		fail_msg("seat %d is told of %s but does not hold it: '%s'",
		    seat, lack, line);
}

/* The words of text from after the prefix to the first of the stop
 * characters, into out; NULL if text lacks the prefix. */
static const char *
after(const char *text, const char *prefix, const char *stop, char *out,
    size_t size)
{
	const char *p = strstr(text, prefix);
	size_t len;

	if (p == NULL)
		return NULL;
	p += strlen(prefix);
	len = strcspn(p, stop);
	assert_true(len < size);
	memcpy(out, p, len);
	out[len] = '\0';
	return p + len;
}

/* Checks seat's private line: its hand and put card as they are, and
 * the cards it is told it draws (unless a new hand was dealt) or drew
 * are in that hand. */
static void
check_private(struct fx *f, int seat, const char *line, int dealt)
{
	char *text = xcalloc(1, strlen(line) + 1), words[HAND_TEXT];
	char hand[HAND_TEXT], put[8];
	const char *rest;
	int n;

	sink_plain(text, line, strlen(line));
	for (rest = text; !dealt &&
	    (rest = after(rest, "You draw ", ".", words, sizeof words));)
		assert_held(f, seat, words, line);
	if (after(text, "You drew ", ":", words, sizeof words))
		assert_held(f, seat, words, line);
	put[0] = '\0';
	if (f->g->put[seat] >= 0)
		lu_card_text(f->g->put[seat], put, sizeof put);
	if (after(text, "You put ", ".", words, sizeof words) &&
	    strcmp(words, put) != 0)
		fail_msg("seat %d is told it put %s, not %s", seat, words,
		    put);
	if ((rest = after(text, "Hand (", ")", words, sizeof words))) {
		n = atoi(words);
		if (n != lx_count(f, seat))
			fail_msg("seat %d is shown %d cards but holds %d: "
			    "'%s'", seat, n, lx_count(f, seat), line);
		liarsuno_cards(f->g, seat, hand, sizeof hand);
		words[0] = '\0';
		if (n > 0 && strncmp(rest, "): ", 3) == 0)
			after(rest, "): ", ";", words, sizeof words);
		if (strcmp(words, hand) != 0)
			fail_msg("seat %d is shown '%s' but holds '%s'", seat,
			    words, hand);
		if (after(rest, "; put: ", "", words, sizeof words) == NULL)
			words[0] = '\0';
		if (strcmp(words, put) != 0)
			fail_msg("seat %d is shown put '%s' but put '%s'",
			    seat, words, put);
	}
	free(text);
}

/* What is public after mv (NULL: a deal), which happened between b and
 * the state now; allowed gets every card the move's lines may name. */
static void
update_open(struct fx *f, const struct game_move *mv, const struct snap *b,
    int allowed[LU_CARDS])
{
	struct lx *x = f->ctx;
	struct game *g = f->g;
	int i, id;

	memcpy(allowed, x->open, sizeof x->open);
	if (mv != NULL && mv->verb == VERB_PLAY && !mv->argv[ARG_DOWN])
		x->open[mv->argv[ARG_CARD]] = 1;
	if (mv != NULL && mv->verb == VERB_CHALLENGE && b->down >= 0)
		x->open[b->down] = 1;
	if (mv != NULL && mv->verb == VERB_ACCUSE)
		x->open[b->put[mv->argv[0]]] = 1;
	for (id = 0; id < LU_CARDS; id++)
		allowed[id] |= x->open[id];
	/* A new hand shuffles everything; its discard pile is face up. */
	if (g->nhand != b->nhand) {
		memset(x->open, 0, sizeof x->open);
		for (i = 0; i < g->discard.n; i++)
			x->open[g->discard.c[i]] = 1;
	}
	/* A card in the draw pile is anyone's again. */
	for (i = 0; i < g->draw.n; i++)
		x->open[g->draw.c[i]] = 0;
	for (id = 0; id < LU_CARDS; id++)
		allowed[id] |= x->open[id];
}

/* 1 if seat's hand in a holds a card its hand in b did not: by id, so
 * that a hand swapped for one of the same cards as text (the two ~gR)
 * counts as gained. */
static int
gained(const struct snap *b, const struct snap *a, int seat)
{
	int id;

	for (id = 0; id < LU_CARDS; id++) {
		if (a->held[seat][id] && !b->held[seat][id])
			return 1;
	}
	return 0;
}

/* 1 if seat is asked to act now: its turn, or a card it owes. */
static int
asked(struct fx *f, int seat)
{
	struct game_turn t;

	liarsuno_ops.turn(f->g, &t);
	return !t.over && (t.seat == seat ||
	    (t.wait && (t.window & (1u << seat))));
}

/* What a move (or a deal) said, between the snapshots b and a
 * (fx_said_fn). */
static void
check_said(struct fx *f, const struct game_move *mv, const void *vb,
    const void *va)
{
	const struct snap *b = vb, *a = va;
	int allowed[LU_CARDS], npriv[GAME_MAX_SEATS] = { 0 }, npub = 0;
	int i, s, shown, dealt = a->nhand != b->nhand;

	update_open(f, mv, b, allowed);
	for (i = 0; i < f->sink.n; i++) {
		s = f->sink.seat[i];
		if (s == GAME_PUBLIC) {
			npub++;
			check_public(f->sink.text[i], allowed);
			continue;
		}
		assert_in_range(s, 0, f->nseats - 1);
		npriv[s]++;
		check_private(f, s, f->sink.text[i], dealt);
	}
	assert_in_range(npub, 0, 1);
	for (s = 0; s < f->nseats; s++) {
		assert_in_range(npriv[s], 0, 1);
		/* A put card going under the WLC is said publicly. */
		if (!f->g->in[s] || strcmp(a->hand[s], b->hand[s]) == 0)
			continue;
		shown = strstr(fx_said(f, s), "Hand (") != NULL;
		/* A hand that only lost what its owner chose to play or put
		 * is shown again only with what it is asked to do next. */
		if (mv != NULL && mv->seat == s &&
		    !gained(b, a, s)) {
			if (shown != asked(f, s))
				fail_msg("seat %d only lost cards and is %s to "
				    "act, but is %sshown its hand: '%s'", s,
				    asked(f, s) ? "asked" : "not asked",
				    shown ? "" : "not ", fx_said(f, s));
			continue;
		}
		if (!shown)
			fail_msg("seat %d holds '%s' now, but is not shown "
			    "it: '%s'", s, a->hand[s], fx_said(f, s));
	}
}

/* The deal just said: checked as a move from nothing. */
static void
check_deal(struct fx *f)
{
	struct lx *x = f->ctx;
	struct snap *none = xcalloc(1, sizeof *none);

	memset(x->open, 0, sizeof x->open);
	snapshot_empty(f, none);
	fx_check_said(f, none);
	free(none);
}

struct fx *
lx_new_with(int nseats, int dealer, const char *options, uint64_t seed)
{
	struct fx *f = fx_create(&liarsuno_ops, nseats, dealer, options,
	    seed);

	f->ctx = xcalloc(1, sizeof(struct lx));
	f->where = 1;
	fx_watch(f, sizeof(struct snap), snapshot, check_said);
	check_deal(f);
	return f;
}

struct fx *
lx_new(int nseats, int dealer)
{
	return lx_new_with(nseats, dealer, NULL, 1);
}

void
lx_stack(struct fx *f, const struct liarsuno_deal *d)
{
	char *cause = NULL;

	fx_reset(f);
	fx_stacked(f, liarsuno_stack(f->g, d, &f->out, &cause), cause);
	check_deal(f);
}

const char *
lx_timeout(struct fx *f)
{
	char text[256];

	/* Not into f->buf: the checks of the move use it. */
	fx_timeout(f, text, sizeof text);
	snprintf(f->buf, sizeof f->buf, "%s", text);
	return f->buf;
}

void
lx_assert_turn(struct fx *f, int seat, unsigned window, int accused)
{
	struct game_turn t;

	fx_assert_turn(f, seat, window, accused, &t);
	assert_int_equal(t.pause, 0);
	assert_int_equal(t.wait, 0);
}

void
lx_assert_puts(struct fx *f, unsigned owe)
{
	struct game_turn t;

	liarsuno_ops.turn(f->g, &t);
	assert_int_equal(t.over, 0);
	assert_int_equal(t.seat, -1);
	assert_int_equal(t.window, owe);
	assert_int_equal(t.accused, -1);
	assert_int_equal(t.pause, 0);
	assert_int_equal(t.wait, 1);
}

void
lx_assert_over(struct fx *f, const int *places, int winner,
    const int *points)
{
	struct game_result r;
	int s;

	fx_assert_over(f, places, winner, -1, &r);
	for (s = 0; points != NULL && s < f->nseats; s++)
		assert_int_equal(r.points[s], points[s]);
}
