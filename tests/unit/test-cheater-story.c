/*
 * Unit tests for games/cheater/cheater-story.c with stacked decks: what each kind
 * of move hid (a draw, a Cheater Power draw, a draw after a reshuffle in
 * the move, the victim's draw after a pick, the attacker's after a SHOW,
 * the two draws of a hide and of a bust, a leaver's cards; nothing for a
 * grab, a timed-out turn, an attack or a discard), the reveal of a
 * stacked deal, what is unseen at the end and after a stop, the ledger
 * left empty (nobody claims), and a seeded game played again by
 * story_play() telling what the fixture's story said of every move.
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
#include "games/story.h"
#include "tests/lib/cheater-deal.h"

#define LINES 64
#define LINE 1024

/* Lines said to everyone, kept in order. */
struct lines {
	int n;
	int num[LINES];		/* story_play()'s move number */
	char text[LINES][LINE];
};

static void
keep(struct lines *l, int n, const char *text)
{
	if (l->n == LINES)
		fail_msg("more than %d lines", LINES);
	l->num[l->n] = n;
	snprintf(l->text[l->n++], LINE, "%s", text);
}

static void
keep_public(void *ctx, int seat, const char *text)
{
	if (seat != GAME_PUBLIC)
		fail_msg("reveal said '%s' to seat %d", text, seat);
	keep(ctx, -1, text);
}

/* The lines reveal() says of f's game. */
static void
reveal(struct fx *f, struct lines *l)
{
	struct game_out out = { keep_public, l };

	memset(l, 0, sizeof *l);
	cheater_ops.reveal(f->g, &out);
}

/* markup without its markup: "{red:rC} TAKE" is "rC TAKE". */
static void
plain(const char *markup, char *buf, size_t size)
{
	size_t n = 0;
	const char *m;

	for (m = markup; *m != '\0' && n + 1 < size; m++) {
		if (*m == '{') {
			m = strchr(m, ':');
			assert_non_null(m);
			continue;
		}
		if (*m != '}')
			buf[n++] = *m;
	}
	buf[n] = '\0';
}

/* The cards seat was told it drew by the last move, in order: "bE pC". */
static const char *
told_drawn(struct fx *f, int seat, char *buf, size_t size)
{
	char line[LINE], *p, *dot;
	size_t n = 0;

	plain(fx_said(f, seat), line, sizeof line);
	buf[0] = '\0';
	for (p = line; (p = strstr(p, "You draw ")) != NULL; p = dot) {
		p += strlen("You draw ");
		dot = strchr(p, '.');
		assert_non_null(dot);
		n += (size_t)snprintf(buf + n, size - n, "%s%.*s",
		    n > 0 ? " " : "", (int)(dot - p), p);
	}
	return buf;
}

/* The story of the last move hid want, and claimed and called nothing. */
static void
assert_hidden(struct fx *f, const char *want)
{
	assert_string_equal(f->story.hidden, want);
	assert_int_equal(f->story.claim, 0);
	assert_int_equal(f->story.call, 0);
}

/* Seat 0 holds TAKE, SHOW and BUST, seat 1 a HIDE, seat 2 a WILD; the
 * draw pile starts bE pC bA yC. */
static void
deal(struct fx *f, const char *dice, int first, int cheater)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rA TAKE SHOW BUST",
		    "yE yA yT yR bC bH HIDE", "pC pH pE pA pT pR WILD" },
		.discard = "bT", .draw = "bE pC bA yC",
	};

	d.dice = dice;
	d.first = first;
	d.cheater = cheater;
	cx_stack(f, &d);
}

/* A draw hides the card drawn, a Cheater Power draw both; the discard
 * after it, a grab and a turn that ran out hide nothing. */
static void
test_draws(void **state)
{
	struct fx *f = cx_new(3, 2, 0);
	char text[64];

	(void)state;
	deal(f, "1 2 3 4 5 6", 0, -1);
	fx_ok(f, 0, "draw");
	assert_hidden(f, "drew bE");
	fx_ok(f, 0, "discard bE");
	assert_hidden(f, "");
	/* The table's move for a turn that ran out says its card. */
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "-1 idle");
	assert_said_has(f, GAME_PUBLIC, "{p:1} draws {pur:pC} and discards "
	    "it.");
	assert_hidden(f, "");
	fx_free(f);

	f = cx_new(3, 2, 0);
	deal(f, "1 2 3 4", 0, 0);
	fx_ok(f, 0, "draw2");
	assert_hidden(f, "drew bE pC");
	fx_ok(f, 0, "discard bE pC");
	assert_hidden(f, "");
	fx_free(f);

	f = cx_new(3, 2, 0);
	deal(f, "1 2 3 4", 0, 0);
	fx_ok(f, 0, "grab");
	assert_said_has(f, GAME_PUBLIC, "takes {blu:bT} from the discard");
	assert_hidden(f, "");
	fx_free(f);
}

/* Every card of one deck but those named in skip (faces, spaces between),
 * as a list of faces, into buf. */
static void
deck_but(const char *skip, char *buf, size_t size)
{
	static const char letters[] = "CCHHEEEEAATTRR";
	static const char *const actions[] = { "TAKE", "TAKE", "TAKE",
	    "TAKE", "SHOW", "SHOW", "SHOW", "SHOW", "HIDE", "HIDE", "HIDE",
	    "HIDE", "BUST", "WILD" };
	char left[256], face[8], *p, *w;
	const char *suits = "rypb";
	size_t n = 0;
	int s, i, found;

	snprintf(left, sizeof left, " %s ", skip);
	buf[0] = '\0';
	for (i = 0; i < 4 * 14 + 14; i++) {
		if (i < 4 * 14) {
			s = i / 14;
			snprintf(face, sizeof face, "%c%c", suits[s],
			    letters[i % 14]);
		} else
			snprintf(face, sizeof face, "%s", actions[i - 56]);
		/* Strike a copy named in skip off, once. */
		found = 0;
		for (p = left; (w = strstr(p, face)) != NULL; p = w + 1) {
			if (w[-1] == ' ' && w[strlen(face)] == ' ') {
				memset(w, '.', strlen(face));
				found = 1;
				break;
			}
		}
		if (!found)
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
			    n > 0 ? " " : "", face);
	}
}

/* The draw pile holds one card: a Cheater Power draw takes it, the
 * discard pile is shuffled into a new pile, and the second card comes
 * from there, which the state before the move could not tell. */
static void
test_draw_reshuffle(void **state)
{
	static const char *const hands[] = { "rC rH rE rA TAKE SHOW BUST",
	    "yE yA yT yR bC bH HIDE" };
	struct cheater_deal d = {
		.hands = { hands[0], hands[1] }, .draw = "bE",
		.dice = "1 2 3 4", .first = 0, .cheater = 0,
	};
	char rest[512], skip[128], told[64];
	struct fx *f = cx_new(2, 1, 0);

	(void)state;
	snprintf(skip, sizeof skip, "%s %s bE", hands[0], hands[1]);
	deck_but(skip, rest, sizeof rest);
	d.discard = rest;
	cx_stack(f, &d);
	assert_int_equal(cx_count(f, -1), 1);
	fx_ok(f, 0, "draw2");
	assert_said_has(f, GAME_PUBLIC, "The draw pile is empty");
	told_drawn(f, 0, told, sizeof told);
	assert_int_equal(strncmp(told, "bE ", 3), 0);
	snprintf(skip, sizeof skip, "drew %s", told);
	assert_hidden(f, skip);
	fx_free(f);
}

/* A TAKE passed: the attack and the pass hide nothing (the hand is
 * shown), the pick is said, the victim's draw back is hidden. */
static void
test_take_pick(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2 3 4", 0, -1);
	fx_ok(f, 0, "take {p:1}");
	assert_hidden(f, "");
	fx_ok(f, 1, "pass");
	assert_hidden(f, "");
	fx_ok(f, 0, "pick HIDE");
	assert_hidden(f, "the victim drew bE");
	fx_free(f);

	/* The CHEATER's steal: the victim draws back, then the discard. */
	f = cx_new(3, 2, 0);
	deal(f, "1 2 3 4", 0, 0);
	fx_ok(f, 0, "steal {p:2}");
	assert_hidden(f, "");
	fx_ok(f, 2, "pass");
	fx_ok(f, 0, "pick WILD");
	assert_hidden(f, "the victim drew bE");
	fx_ok(f, 0, "discard TAKE");
	assert_hidden(f, "");
	fx_free(f);
}

/* A SHOW passed, by the victim or by the table closing the window: the
 * attacker's draw is hidden. */
static void
test_show_pass(void **state)
{
	struct fx *f = cx_new(3, 2, 0);
	char text[64];

	(void)state;
	deal(f, "1 2 3 4", 0, -1);
	fx_ok(f, 0, "show {p:2}");
	fx_ok(f, 2, "pass");
	assert_hidden(f, "the attacker drew bE");
	fx_free(f);

	f = cx_new(3, 2, 0);
	deal(f, "1 2 3 4", 0, -1);
	fx_ok(f, 0, "show {p:2}");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "-1 pass");
	assert_hidden(f, "the attacker drew bE");
	fx_free(f);
}

/* A hide: the victim draws first, then the attacker who spent a card;
 * from the CHEATER's steal the victim alone draws. */
static void
test_hide(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2 3 4", 0, -1);
	fx_ok(f, 0, "take {p:1}");
	fx_ok(f, 1, "hide");
	assert_hidden(f, "drew bE; the attacker drew pC");
	fx_free(f);

	f = cx_new(3, 2, 0);
	deal(f, "1 2 3 4", 0, 0);
	fx_ok(f, 0, "steal {p:1}");
	fx_ok(f, 1, "hide");
	assert_said_has(f, GAME_PUBLIC, "{p:1} draws a card.");
	assert_hidden(f, "drew bE");
	fx_free(f);
}

/* A bust: the attacker draws one, then the victim its cards back; a
 * bust of none, the attacker alone. */
static void
test_bust(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2 3 5 6", 0, -1);
	fx_ok(f, 0, "bust {p:2}");
	fx_ok(f, 2, "pass");
	assert_hidden(f, "");
	fx_ok(f, 0, "drop pR WILD pE");
	assert_hidden(f, "drew bE; the victim drew pC bA yC");
	fx_free(f);

	f = cx_new(3, 2, 0);
	deal(f, "1 2 1 5 6", 0, -1);
	fx_ok(f, 0, "bust {p:2}");
	fx_ok(f, 2, "pass");
	fx_ok(f, 0, "drop");
	assert_hidden(f, "drew bE");
	fx_free(f);
}

/* A leaver's cards go under the draw pile unseen; a victim who leaves
 * mid-attack leaves the attacker to draw back to seven. */
static void
test_leave(void **state)
{
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	deal(f, "1 2 3 4", 0, -1);
	fx_move_ok(f, "1 leave");
	assert_hidden(f, "put yE yA yT yR bC bH HIDE under the draw pile");
	fx_free(f);

	f = cx_new(3, 2, 0);
	deal(f, "1 2 3 4", 0, -1);
	fx_ok(f, 0, "take {p:2}");
	fx_move_ok(f, "2 leave");
	assert_hidden(f, "put pC pH pE pA pT pR WILD under the draw pile; "
	    "the attacker drew bE");
	fx_free(f);
}

/* Everything hidden after a stacked deal: each hand with its nearest
 * spelling, the draw pile top first in lines of 30, the discard pile's
 * top, who plays. */
static void
test_reveal(void **state)
{
	struct fx *f = cx_new(3, 2, 0);
	struct lines l;
	char pile[LINE], cards[LINE], *p;
	size_t n = 0;
	int i, k;

	(void)state;
	deal(f, "1 2 3 4", 0, -1);
	reveal(f, &l);
	assert_string_equal(l.text[0], "{p:0}: {red:rC} {red:rH} {red:rE} "
	    "{red:rA} TAKE SHOW BUST (red 4/7).");
	assert_string_equal(l.text[1], "{p:1}: {yel:yE} {yel:yA} {yel:yT} "
	    "{yel:yR} {blu:bC} {blu:bH} HIDE (yellow 4/7).");
	assert_string_equal(l.text[2], "{p:2}: {pur:pC} {pur:pH} {pur:pE} "
	    "{pur:pA} {pur:pT} {pur:pR} WILD (purple 6/7).");
	/* 70 - 21 - 1 = 48 cards: a line of 30, a line of 18. */
	assert_int_equal(cx_count(f, -1), 48);
	assert_int_equal(strncmp(l.text[3], "Draw pile, top first (48 "
	    "cards): {blu:bE} {pur:pC} {blu:bA} {yel:yC} ", 60), 0);
	assert_int_equal(strncmp(l.text[4], "Draw pile, cards 31 to 48: ",
	    27), 0);
	for (i = 3; i <= 4; i++) {
		assert_true(strlen(l.text[i]) <= 400);
		p = strchr(l.text[i], ':') + 2;
		plain(p, cards, sizeof cards);
		cards[strlen(cards) - 1] = '\0';	/* the full stop */
		for (k = 0, p = cards; (p = strchr(p, ' ')) != NULL; p++)
			k++;
		assert_int_equal(k + 1, i == 3 ? 30 : 18);
		n += (size_t)snprintf(pile + n, sizeof pile - n, "%s%s",
		    n > 0 ? " " : "", cards);
	}
	assert_string_equal(pile, cx_cards(f, -1));
	assert_string_equal(l.text[5], "Discard pile: {blu:bT} on top (1 "
	    "card).");
	assert_string_equal(l.text[6], "{p:0} to play.");
	assert_int_equal(l.n, 7);
	fx_free(f);
}

/* The hands left: after a win (the winner's too, with its eighth card),
 * after a stop (the game as it stands), and counted when long. */
static void
test_unseen(void **state)
{
	struct cheater_deal d = {
		.hands = { "rC rH rE rA rT rE TAKE", "yE yA yT yR bC bH HIDE" },
		.discard = "bT", .draw = "rR", .dice = "1 2", .first = 0,
		.cheater = -1,
	};
	struct fx *f = cx_new(2, 1, 0);
	static const int places[] = { 1, 2 };
	char buf[512], *p;

	(void)state;
	cx_stack(f, &d);
	fx_ok(f, 0, "draw");
	cx_assert_over(f, places, 0, "red");
	assert_hidden(f, "drew rR");
	cheater_ops.unseen(f->g, buf, sizeof buf);
	assert_string_equal(buf, "Hands at the end: {p:0} {red:rC} {red:rH} "
	    "{red:rE} {red:rE} {red:rA} {red:rT} {red:rR} TAKE (red 7/7), "
	    "{p:1} {yel:yE} {yel:yA} {yel:yT} {yel:yR} {blu:bC} {blu:bH} "
	    "HIDE (yellow 4/7).");
	fx_free(f);

	/* Stopped mid-turn, a seat gone. */
	f = cx_new(3, 2, 0);
	deal(f, "1 2 3 4", 0, -1);
	fx_ok(f, 0, "draw");
	fx_move_ok(f, "1 leave");
	cheater_ops.unseen(f->g, buf, sizeof buf);
	assert_string_equal(buf, "Hands at the end: {p:0} {red:rC} {red:rH} "
	    "{red:rE} {red:rA} {blu:bE} TAKE SHOW BUST (red 4/7), {p:2} "
	    "{pur:pC} {pur:pH} {pur:pE} {pur:pA} {pur:pT} {pur:pR} WILD "
	    "(purple 6/7).");
	fx_free(f);

	/* Ten hands do not fit one IRC line (GAME_LINE_BYTES) in full. */
	f = cx_new(10, 0, 0);
	cheater_ops.unseen(f->g, buf, sizeof buf);
	/* With names counted GAME_NAME_WIDTH wide, each hand by its
	 * nearest spelling. */
	assert_int_equal(strncmp(buf, "Hands at the end: {p:0} ", 24), 0);
	p = strstr(buf, "{p:9} ");
	assert_non_null(p);
	assert_null(strchr(p + 1, '{'));
	assert_null(strstr(p, "card"));
	assert_string_equal(p + strlen(p) - 5, " 3/7.");
	assert_true(game_markup_size(buf) <= GAME_LINE_BYTES);
	/* A buffer too short for the line gets the rest counted. */
	cheater_ops.unseen(f->g, buf, 120);
	assert_true(strlen(buf) < 120);
	p = strstr(buf, " more.");
	assert_non_null(p);
	assert_int_equal(p[sizeof " more." - 1], '\0');
	fx_free(f);
}

/* Nobody claims nor calls in a whole game: the ledger stays empty. */
static void
test_ledger_empty(void **state)
{
	struct game_move mv;
	struct game_turn t;
	struct rng rng;
	struct fx *f;
	int moves, s, hidden = 0;

	(void)state;
	assert_int_equal(cheater_ops.claims, 0);
	rng_seed(&rng, 7);
	f = cx_new(4, 0, 0);
	for (moves = 0; moves < 3000; moves++) {
		cheater_ops.turn(f->g, &t);
		if (t.over)
			break;
		assert_int_equal(cheater_ops.sample(f->g, &rng, &mv), 0);
		if (fx_apply(f, &mv) != 0)
			fail_msg("sampled move refused: %s", f->cause);
		assert_int_equal(f->story.claim, 0);
		assert_int_equal(f->story.call, 0);
		hidden += f->story.hidden[0] != '\0';
	}
	cheater_ops.turn(f->g, &t);
	assert_int_equal(t.over, 1);
	assert_true(hidden > 10);
	assert_int_equal(f->ledger.claims, 0);
	assert_int_equal(f->ledger.lies, 0);
	assert_int_equal(f->ledger.boldest.seat, -1);
	for (s = 0; s < 4; s++) {
		assert_int_equal(f->ledger.seat[s].claims, 0);
		assert_int_equal(f->ledger.seat[s].calls, 0);
		assert_int_equal(f->ledger.seat[s].chances, 0);
	}
	fx_free(f);
}

/* A seeded game played through the fixture, its moves kept as the log
 * keeps them, played again by story_play(): each move's line ends with
 * what the fixture's story said it hid, and only those lines do. */
struct replay {
	int nmoves;
	char *hidden[4000];
	int seen[4000];
	int deal, end;
	char endline[LINE];
};

static void
replay_line(void *ctx, int n, int seat, const char *markup)
{
	struct replay *r = ctx;
	char want[GAME_STORY_TEXT + 16];
	size_t lw, lm;

	if (n < 0) {
		r->deal++;
		return;
	}
	if (n == r->nmoves) {
		r->end++;
		snprintf(r->endline, sizeof r->endline, "%s", markup);
		return;
	}
	assert_true(n < r->nmoves);
	r->seen[n]++;
	if (r->hidden[n][0] == '\0') {
		assert_null(strstr(markup, " ["));
		return;
	}
	snprintf(want, sizeof want, " [%s]", r->hidden[n]);
	lw = strlen(want);
	lm = strlen(markup);
	if (lm < lw || strcmp(markup + lm - lw, want) != 0)
		fail_msg("move %d (seat %d): '%s' does not end '%s'", n, seat,
		    markup, want);
}

static void
test_story_play(void **state)
{
	static struct replay r;
	struct story_record rec;
	struct game_move mv;
	struct game_turn t;
	struct ledger l;
	struct rng rng;
	struct fx *f;
	char *texts[4000], text[256], *cause = NULL;
	int i, over, hidden = 0;

	(void)state;
	memset(&r, 0, sizeof r);
	rng_seed(&rng, 99);
	f = fx_create(&cheater_ops, 4, 2, NULL, 4242);
	for (i = 0; i < 4000; i++) {
		cheater_ops.turn(f->g, &t);
		if (t.over)
			break;
		if (rng_below(&rng, 8) == 0) {
			fx_timeout(f, text, sizeof text);
		} else {
			assert_int_equal(cheater_ops.sample(f->g, &rng, &mv),
			    0);
			game_move_format(&cheater_ops, &mv, text,
			    sizeof text);
			if (fx_apply(f, &mv) != 0)
				fail_msg("sampled move refused: %s", f->cause);
		}
		texts[i] = strdup(text);
		r.hidden[i] = strdup(f->story.hidden);
		hidden += f->story.hidden[0] != '\0';
	}
	assert_true(t.over);
	r.nmoves = i;
	assert_true(hidden > 10);

	memset(&rec, 0, sizeof rec);
	rec.ops = &cheater_ops;
	game_opts_default(&cheater_ops, &rec.opts);
	rec.nseats = 4;
	rec.dealer = 2;
	rec.seed = 4242;
	rec.nmoves = r.nmoves;
	rec.moves = (const char *const *)texts;
	if (story_play(&rec, replay_line, &r, &l, NULL, &over, &cause) != 0)
		fail_msg("story_play: %s", cause);
	assert_int_equal(over, 1);
	/* The channel's line of the deal, 4 hands, the draw pile in 2
	 * lines (70 - 28 - 1 = 41 cards), the discard pile, who plays. */
	assert_int_equal(r.deal, 1 + 4 + 2 + 1 + 1);
	/* Every move said something in the channel. */
	for (i = 0; i < r.nmoves; i++)
		assert_int_equal(r.seen[i], 1);
	assert_int_equal(r.end, 1);
	assert_int_equal(strncmp(r.endline, "Hands at the end: ", 18), 0);
	assert_int_equal(l.claims, 0);
	for (i = 0; i < r.nmoves; i++) {
		free(texts[i]);
		free(r.hidden[i]);
	}
	fx_free(f);
}

int
main(void)
{
#define T(fn) cmocka_unit_test_teardown(fn, fx_teardown)
	const struct CMUnitTest tests[] = {
		T(test_draws),
		T(test_draw_reshuffle),
		T(test_take_pick),
		T(test_show_pass),
		T(test_hide),
		T(test_bust),
		T(test_leave),
		T(test_reveal),
		T(test_unseen),
		T(test_ledger_empty),
		T(test_story_play),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
