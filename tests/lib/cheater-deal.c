/*
 * The CHEATER fixture of cheater-deal.h: a game on a stacked deck, on the
 * core of fixture.h, and the checks made after the deal and each move.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cheater/cheater.h"
#include "games/game.h"
#include "games/rng.h"
#include "alloc/xalloc.h"
#include "tests/lib/cheater-deal.h"

#define CX_FACES 29		/* 24 letters and 5 actions */

/* Every face as players type it, as cheater_cards() writes it. */
static const char *const faces[CX_FACES] = {
	"rC", "rH", "rE", "rA", "rT", "rR",
	"yC", "yH", "yE", "yA", "yT", "yR",
	"pC", "pH", "pE", "pA", "pT", "pR",
	"bC", "bH", "bE", "bA", "bT", "bR",
	"TAKE", "SHOW", "HIDE", "BUST", "WILD",
};

/* What every hand and the discard pile hold, face by face. */
struct snap {
	int hand[GAME_MAX_SEATS][CX_FACES];
	int discard[CX_FACES];
	int top;		/* the discard pile's top face, or -1 */
};

/* What the fixture keeps of a game (f->ctx). */
struct cx {
	int open[CX_FACES];	/* the faces of the hand the last pass
				 * revealed, public until the next turn */
	int opened;		/* 1 while that hand is public */
};

const char *
cx_cards(struct fx *f, int seat)
{
	cheater_cards(f->g, seat, f->buf, sizeof f->buf);
	return f->buf;
}

int
cx_count(struct fx *f, int seat)
{
	return fx_nwords(cx_cards(f, seat));
}

/* The index of face name w, or -1. */
static int
face_index(const char *w)
{
	int k;

	for (k = 0; k < CX_FACES; k++) {
		if (strcmp(w, faces[k]) == 0)
			return k;
	}
	return -1;
}

/* The fixture's record of a game (fx_watch()): every hand and the
 * discard pile, face by face. */
static void
snapshot(struct fx *f, void *rec)
{
	struct snap *s = rec;
	const char *top;
	int seat;

	memset(s, 0, sizeof *s);
	for (seat = 0; seat < f->nseats; seat++)
		fx_count_faces(cx_cards(f, seat), face_index, s->hand[seat]);
	fx_count_faces(cx_cards(f, -2), face_index, s->discard);
	top = strrchr(f->buf, ' ');
	s->top = face_index(top != NULL ? top + 1 : f->buf);
}

/* Fails if a public line names a face marked in forbidden: its words
 * (markup stripped), up to the word a win spells. */
static void
check_public(const char *line, const int forbidden[CX_FACES])
{
	const char *win = strstr(line, " spells CHEATER in ");
	size_t len = win != NULL ? (size_t)(win - line) : strlen(line);
	char *text = xcalloc(1, len + 1), *p = text, *w;
	int k = -1;

	sink_plain(text, line, len);
	while ((w = fx_word(&p)) != NULL) {
		if ((k = face_index(w)) >= 0 && forbidden[k])
			break;
		k = -1;
	}
	free(text);
	if (k >= 0)
		fail_msg("public line names %s, a card only its holder may "
		    "see: '%s'", faces[k], line);
}

/* Checks seat's private line: its hand as it is, and each card it is
 * told it draws is one it holds, or one gone through its hand to the
 * discard pile (a turn that ran out, maybe onto a reshuffled pile), as
 * left[] counts. */
static void
check_private(struct fx *f, int seat, const char *line,
    int left[CX_FACES])
{
	const char *p, *end;
	char words[64], hand[1024];
	size_t len;
	int k;

	/* "You draw X." on the seat's own turn, "You drew X to refill
	 * your hand." on another's: "You dr" and four letters before X. */
	for (p = line; (p = strstr(p, "You dr")) != NULL; p = end) {
		p += strlen("You draw ");
		end = p + strcspn(p, ". ");
		assert_true(*end != '\0');
		len = (size_t)(end - p);
		assert_true(len < sizeof words);
		sink_plain(words, p, len);
		k = face_index(words);
		if (k < 0 || left[k]-- <= 0)
			fail_msg("seat %d is told it draws '%s' but gained "
			    "no such card: '%s'", seat, words, line);
	}
	if ((p = strstr(line, "Hand: ")) != NULL) {
		p += strlen("Hand: ");
		end = strstr(p, " (");
		assert_non_null(end);
		len = (size_t)(end - p);
		assert_true(len < sizeof hand);
		sink_plain(hand, p, len);
		if (strcmp(hand, cx_cards(f, seat)) != 0)
			fail_msg("seat %d is shown '%s' but holds '%s'", seat,
			    hand, cx_cards(f, seat));
	}
}

/* What a move (or the deal) said, between the snapshots b and a
 * (fx_said_fn). */
static void
check_said(struct fx *f, const struct game_move *mv, const void *vb,
    const void *va)
{
	const struct snap *b = vb, *a = va;
	struct cx *x = f->ctx;
	int allowed[CX_FACES], forbidden[CX_FACES], left[CX_FACES];
	int gained[GAME_MAX_SEATS][CX_FACES], npriv[GAME_MAX_SEATS] = { 0 };
	const char *pub = NULL, *q;
	int i, k, s, victim = -1, npub = 0;
	char win = '\0';

	(void)mv;
	for (i = 0; i < f->sink.n; i++) {
		if (f->sink.seat[i] == GAME_PUBLIC) {
			pub = f->sink.text[i];
			npub++;
		} else {
			assert_in_range(f->sink.seat[i], 0, f->nseats - 1);
			npriv[f->sink.seat[i]]++;
		}
	}
	assert_in_range(npub, 0, 1);
	for (s = 0; s < f->nseats; s++)
		assert_in_range(npriv[s], 0, 1);
	/* A pass shows the victim's hand to everyone. */
	if (pub != NULL && (q = strstr(pub, "'s hand: ")) != NULL) {
		while (q > pub && strncmp(q, "{p:", 3) != 0)
			q--;
		assert_int_equal(sscanf(q, "{p:%d}", &victim), 1);
		assert_in_range(victim, 0, f->nseats - 1);
	}
	/* A win shows the word: its suit's letters. */
	if (pub != NULL && (q = strstr(pub, " spells CHEATER in ")) != NULL)
		win = q[strlen(" spells CHEATER in ")];
	for (k = 0; k < CX_FACES; k++) {
		allowed[k] = b->discard[k] > 0 || a->discard[k] > 0 ||
		    (x->opened > 0 && x->open[k] > 0) ||
		    (victim >= 0 && b->hand[victim][k] > 0) ||
		    (win != '\0' && faces[k][0] == win && k < 24);
		forbidden[k] = 0;
	}
	for (s = 0; s < f->nseats; s++) {
		for (k = 0; k < CX_FACES; k++) {
			gained[s][k] = a->hand[s][k] > b->hand[s][k] ?
			    a->hand[s][k] - b->hand[s][k] : 0;
			forbidden[k] |= gained[s][k] > 0 && !allowed[k];
		}
	}
	/* The hand shown stays public knowledge until the next turn. */
	if (victim >= 0) {
		memcpy(x->open, b->hand[victim], sizeof x->open);
		x->opened = 1;
	} else if (pub != NULL && strstr(pub, " to play") != NULL)
		x->opened = 0;
	for (i = 0; i < f->sink.n; i++) {
		s = f->sink.seat[i];
		if (s == GAME_PUBLIC) {
			sink_assert_lacks(f->sink.text[i], "Hand:");
			sink_assert_lacks(f->sink.text[i], "You dr");
			check_public(f->sink.text[i], forbidden);
		} else {
			for (k = 0; k < CX_FACES; k++)
				left[k] = a->hand[s][k] + (k == a->top) +
				    (a->discard[k] > b->discard[k] ?
				    a->discard[k] - b->discard[k] : 0);
			check_private(f, s, f->sink.text[i], left);
		}
	}
}

struct fx *
cx_new(int nseats, int dealer, int decks)
{
	struct fx *f;
	char opts[32];

	snprintf(opts, sizeof opts, "decks=%d", decks);
	f = fx_create(&cheater_ops, nseats, dealer, opts, 1);
	f->ctx = xcalloc(1, sizeof(struct cx));
	fx_watch(f, sizeof(struct snap), snapshot, check_said);
	return f;
}

void
cx_stack(struct fx *f, const struct cheater_deal *d)
{
	struct cx *x = f->ctx;
	struct snap none;
	char *cause = NULL;

	/* Every card the deal gives is new to its hand. */
	memset(&none, 0, sizeof none);
	fx_reset(f);
	x->opened = 0;
	fx_stacked(f, cheater_stack(f->g, d, &f->out, &cause), cause);
	fx_check_said(f, &none);
}

void
cx_assert_turn(struct fx *f, int seat, unsigned window, int accused,
    int holder)
{
	fx_assert_turn(f, seat, window, accused, NULL);
	assert_int_equal(cheater_holder(f->g), holder);
}

void
cx_assert_over(struct fx *f, const int *places, int winner,
    const char *detail)
{
	struct game_result r;
	int s;

	fx_assert_over(f, places, winner, -1, &r);
	for (s = 0; s < f->nseats; s++) {
		assert_string_equal(r.detail[s], s == winner ? detail : "");
		assert_in_range(r.points[s], 0, 7);
	}
	if (detail[0] != '\0')
		assert_int_equal(r.points[winner], 7);
}
