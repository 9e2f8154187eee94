/*
 * Unit tests for games/liarsuno/liarsuno-story.c with stacked decks, Liar's UNO's
 * story (games/story.h): what each move claims (a card played face down,
 * a card put for a Wild Liar's Challenge), whether it is a lie and how
 * far from the truth, what it calls (a challenge, the WLC's player
 * turning a card over) and what it hid, as the bluff ledger the fixture
 * keeps counts them: an honest claim nobody called, a lie that got away
 * (settled at its player's next claim and at the game's end), a lie
 * caught, an honest claim called (a wrong call), a Regular Card played
 * face down, a WLC's puts of the colour and not, turned over or gone
 * under, a card the table put, the boldest lie, the chances a claim
 * gives; everything hidden after a deal (reveal()), what was never
 * turned over (unseen()), and story_play() of a seeded game's log
 * giving the ledger the fixture kept as it was played.
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
#include "games/liarsuno/liarsuno.h"
#include "games/rng.h"
#include "games/story.h"
#include "tests/lib/liarsuno-deal.h"

/* Three players, seat 0 first on a red 9; the draw pile starts b1 b2
 * b3 b4 b5 b6 b7. */
static struct fx *
deal3(void)
{
	struct liarsuno_deal d = {
		.hands = { "r4 ~r5 ~g3 y2 y9", "y4 ~y5 g2 r1", "g6 ~g7 y6 b8" },
		.discard = "r9", .draw = "b1 b2 b3 b4 b5 b6 b7", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	lx_stack(f, &d);
	return f;
}

/* Four players, seat 0 first with a WLC on a yellow 9: of the others
 * only seat 2 holds a red card; the draw pile starts b1 b3 b4. */
static struct fx *
deal_wlc(void)
{
	struct liarsuno_deal d = {
		.hands = { "WLC y2 ~g5", "~g3 y1 g4 WLC", "r5 y6 ~r8",
		    "b2 ~+4 g7" },
		.discard = "y9", .draw = "b1 b3 b4", .first = 0,
	};
	struct fx *f = lx_new(4, 3);

	lx_stack(f, &d);
	return f;
}

/* The last move's story was a claim, said and laid so, a lie of weight
 * (0: true), hiding hidden. */
static void
assert_claim(struct fx *f, const char *said, const char *laid, int weight,
    const char *hidden)
{
	assert_int_equal(f->story.claim, 1);
	assert_int_equal(f->story.call, 0);
	assert_string_equal(f->story.said, said);
	assert_string_equal(f->story.laid, laid);
	assert_int_equal(f->story.lie, weight > 0);
	assert_int_equal(f->story.weight, weight);
	assert_string_equal(f->story.hidden, hidden);
}

/* The last move's story was a call of seat's claim, hiding hidden. */
static void
assert_call(struct fx *f, int seat, const char *hidden)
{
	assert_int_equal(f->story.claim, 0);
	assert_int_equal(f->story.call, 1);
	assert_int_equal(f->story.of, seat);
	assert_string_equal(f->story.hidden, hidden);
}

/* The last move's story claimed and called nothing, and hid hidden. */
static void
assert_hid(struct fx *f, const char *hidden)
{
	assert_int_equal(f->story.claim, 0);
	assert_int_equal(f->story.call, 0);
	assert_string_equal(f->story.hidden, hidden);
}

/* Seat's part of the ledger: claims, lies, caught, away, accused. */
static void
assert_claims(const struct ledger *l, int seat, int claims, int lies,
    int caught, int away, int accused)
{
	const struct ledger_seat *ls = &l->seat[seat];

	assert_int_equal(ls->claims, claims);
	assert_int_equal(ls->lies, lies);
	assert_int_equal(ls->caught, caught);
	assert_int_equal(ls->away, away);
	assert_int_equal(ls->accused, accused);
}

/* ... and calls, right, wrong, chances (-1: not checked). */
static void
assert_calls(const struct ledger *l, int seat, int calls, int right,
    int wrong, int chances)
{
	const struct ledger_seat *ls = &l->seat[seat];

	assert_int_equal(ls->calls, calls);
	assert_int_equal(ls->right, right);
	assert_int_equal(ls->wrong, wrong);
	if (chances >= 0)
		assert_int_equal(ls->chances, chances);
}

/* An honest face-down card nobody challenges: a claim, no lie, a chance
 * for each other seat; it stays open past the next player's move. */
static void
test_honest_unchallenged(void **state)
{
	struct fx *f = deal3();

	(void)state;
	fx_ok(f, 0, "play ~r5");
	assert_claim(f, "{red:r5}", "{red:~r5}", 0, "laid ~r5");
	assert_claims(&f->ledger, 0, 1, 0, 0, 0, 0);
	assert_calls(&f->ledger, 1, 0, 0, 0, 1);
	assert_calls(&f->ledger, 2, 0, 0, 0, 1);
	assert_calls(&f->ledger, 0, 0, 0, 0, 0);
	fx_ok(f, 1, "!play r1");
	assert_hid(f, "");
	assert_int_equal(f->ledger.open[0].seat, 0);
	assert_int_equal(f->ledger.open[0].move, 0);
	assert_int_equal(f->ledger.claims, 1);
	assert_int_equal(f->ledger.lies, 0);
	assert_int_equal(f->ledger.away, 0);
	fx_free(f);
}

/* Two players: seat 0 lies twice and is never called.  The first lie
 * gets away when seat 0 claims again, the second when the game ends
 * with it; seat 1's honest claim between is no lie.  Seat 0 wins on a
 * lie nobody called: its last laugh. */
static void
test_lie_got_away(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "~g3 ~g4", "~r1 r2 r3" }, .discard = "r9",
		.draw = "b1 b2 b3 b4", .first = 0,
	};
	struct fx *f = lx_new(2, 1);
	struct game_result r;
	int titles[8], n;

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~g3 as r6");
	assert_claim(f, "{red:r6}", "{grn:~g3}", 2, "laid ~g3");
	assert_claims(&f->ledger, 0, 1, 1, 0, 0, 0);
	fx_ok(f, 1, "play ~r1");
	assert_claim(f, "{red:r1}", "{red:~r1}", 0, "laid ~r1");
	/* Unsettled until seat 0 claims again. */
	assert_claims(&f->ledger, 0, 1, 1, 0, 0, 0);
	assert_int_equal(f->ledger.boldest.seat, -1);
	fx_ok(f, 0, "play ~g4 as r4");
	assert_claim(f, "{red:r4}", "{grn:~g4}", 1, "laid ~g4");
	assert_claims(&f->ledger, 0, 2, 2, 0, 1, 0);
	assert_int_equal(f->ledger.away, 1);
	assert_int_equal(f->ledger.boldest.seat, 0);
	assert_int_equal(f->ledger.boldest.move, 0);
	/* Its last card: nobody challenges, and the game is over. */
	assert_string_equal(lx_timeout(f), "-1 close");
	assert_hid(f, "");
	lx_assert_over(f, (const int[]){ 1, 2 }, 0, NULL);
	assert_claims(&f->ledger, 0, 2, 2, 0, 2, 0);
	assert_claims(&f->ledger, 1, 1, 0, 0, 0, 0);
	assert_calls(&f->ledger, 0, 0, 0, 0, 1);
	assert_calls(&f->ledger, 1, 0, 0, 0, 2);
	assert_int_equal(f->ledger.claims, 3);
	assert_int_equal(f->ledger.lies, 2);
	assert_int_equal(f->ledger.away, 2);
	assert_int_equal(f->ledger.seat[0].last_lie_away, 1);
	/* The boldest: the first, two from the truth, not the second. */
	assert_int_equal(f->ledger.boldest.seat, 0);
	assert_int_equal(f->ledger.boldest.move, 0);
	assert_int_equal(f->ledger.boldest.weight, 2);
	assert_string_equal(f->ledger.boldest.said, "{red:r6}");
	assert_string_equal(f->ledger.boldest.laid, "{grn:~g3}");
	liarsuno_ops.result(f->g, &r);
	n = story_earned(&liarsuno_ops, &f->ledger, &r, 0, titles);
	assert_int_equal(n, 1);
	assert_string_equal(story_titles[titles[0]].name, "lastlaugh");
	fx_free(f);
}

/* A lie challenged: a call of its player, right; caught, not away; the
 * liar's penalty card is hidden. */
static void
test_lie_caught(void **state)
{
	struct fx *f = deal3();

	(void)state;
	fx_ok(f, 0, "play ~g3 as r6");
	assert_claim(f, "{red:r6}", "{grn:~g3}", 2, "laid ~g3");
	fx_ok(f, 1, "liar");
	assert_call(f, 0, "{p:0} drew b1");
	assert_claims(&f->ledger, 0, 1, 1, 1, 0, 0);
	assert_calls(&f->ledger, 1, 1, 1, 0, 1);
	assert_int_equal(f->ledger.seat[1].right_run, 1);
	assert_int_equal(f->ledger.seat[1].best_right_run, 1);
	assert_int_equal(f->ledger.open[0].seat, -1);
	/* Settled: the game's end finds nothing of it to settle. */
	ledger_end(&f->ledger);
	assert_int_equal(f->ledger.away, 0);
	assert_int_equal(f->ledger.boldest.seat, -1);
	fx_free(f);
}

/* An honest card challenged: a wrong call, its player accused; the
 * challenger draws, unseen. */
static void
test_honest_accused(void **state)
{
	struct fx *f = deal3();

	(void)state;
	fx_ok(f, 0, "play ~r5");
	fx_ok(f, 2, "!challenge");
	assert_call(f, 0, "drew b1");
	assert_claims(&f->ledger, 0, 1, 0, 0, 0, 1);
	assert_calls(&f->ledger, 2, 1, 0, 1, 1);
	assert_int_equal(f->ledger.seat[2].right_run, 0);
	assert_int_equal(f->ledger.open[0].seat, -1);
	fx_free(f);
}

/* A Regular Card played face down is a lie whatever it claims: one from
 * the truth claimed as itself, three claimed as another colour and
 * number; caught, its player draws six, unseen. */
static void
test_regular_face_down(void **state)
{
	struct fx *f = deal3();

	(void)state;
	fx_ok(f, 0, "play r4 as r4");
	assert_claim(f, "{red:r4}", "{red:r4}", 1, "laid r4");
	fx_ok(f, 2, "ch");
	assert_call(f, 0, "{p:0} drew b1 b2 b3 b4 b5 b6");
	assert_claims(&f->ledger, 0, 1, 1, 1, 0, 0);
	assert_calls(&f->ledger, 2, 1, 1, 0, 1);
	fx_free(f);

	f = deal3();
	fx_ok(f, 0, "play y9 as r3");
	assert_claim(f, "{red:r3}", "{yel:y9}", 3, "laid y9");
	fx_ok(f, 1, "!play r1");
	ledger_end(&f->ledger);
	assert_claims(&f->ledger, 0, 1, 1, 0, 1, 0);
	assert_int_equal(f->ledger.boldest.weight, 3);
	fx_free(f);
}

/* A claim of a Wild Draw Four: said "+4", the colour named apart; a
 * true one, and a coloured card claimed as one (two from the truth:
 * colour and symbol). */
static void
test_wild_claim(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "~g3 ~+4 y2", "y4 ~y5 g2 r1", "g6 ~g7 y6 b8" },
		.discard = "r9", .draw = "b1 b2 b3", .first = 0,
	};
	struct fx *f = lx_new(3, 2);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~+4 blue");
	assert_claim(f, "+4", "~+4", 0, "laid ~+4");
	assert_string_equal(lx_timeout(f), "-1 close");
	/* The Draw Four stands: seat 1 draws four, unseen. */
	assert_hid(f, "{p:1} drew b1 b2 b3 WLC");
	fx_free(f);

	f = lx_new(3, 2);
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~g3 as +4 green");
	assert_claim(f, "+4", "{grn:~g3}", 2, "laid ~g3");
	fx_free(f);
}

/* A Wild Liar's Challenge for red: each put is a claim of a red card
 * (a wild never is one); the WLC's player turns seat 1's over (a lie:
 * caught), then seat 2's (red: a wrong call), and seat 3's lie goes
 * under unseen, to get away at the end; what nobody turned over is
 * unseen() of the game stopped there. */
static void
test_wlc_round(void **state)
{
	struct fx *f = deal_wlc();
	struct ledger end;
	char unseen[512];

	(void)state;
	fx_ok(f, 0, "!play WLC red");
	assert_hid(f, "");
	fx_ok(f, 1, "put ~g3");
	assert_claim(f, "a {red:red} card", "{grn:~g3}", 1, "put ~g3");
	fx_ok(f, 2, "put r5");
	assert_claim(f, "a {red:red} card", "{red:r5}", 0, "put r5");
	fx_ok(f, 3, "put ~+4");
	assert_claim(f, "a {red:red} card", "~+4", 1, "put ~+4");
	fx_ok(f, 0, "challenge {p:1}");
	assert_call(f, 1, "{p:1} drew b1");
	fx_ok(f, 0, "challenge {p:2}");
	assert_call(f, 2, "under the WLC: {p:3} ~+4");
	assert_claims(&f->ledger, 1, 1, 1, 1, 0, 0);
	assert_claims(&f->ledger, 2, 1, 0, 0, 0, 1);
	assert_claims(&f->ledger, 3, 1, 1, 0, 0, 0);
	assert_calls(&f->ledger, 0, 2, 1, 1, -1);
	assert_int_equal(f->ledger.open[3].seat, 3);
	liarsuno_ops.unseen(f->g, unseen, sizeof unseen);
	assert_string_equal(unseen, "Never turned over: 1 lie: {p:3}'s ~+4 "
	    "for {red:red}.");
	end = f->ledger;
	ledger_end(&end);
	assert_claims(&end, 3, 1, 1, 0, 1, 0);
	assert_int_equal(end.boldest.seat, 3);
	assert_string_equal(end.boldest.said, "a {red:red} card");
	assert_string_equal(end.boldest.laid, "~+4");
	fx_free(f);
}

/* The WLC's player stops at once: every put card goes under, unseen,
 * nobody called; unseen() names the lies first, then the true card. */
static void
test_wlc_done(void **state)
{
	struct fx *f = deal_wlc();
	char unseen[512];

	(void)state;
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 2, "put r5");
	fx_ok(f, 3, "put ~+4");
	fx_ok(f, 0, "done");
	assert_hid(f, "under the WLC: {p:1} ~g3, {p:2} r5, {p:3} ~+4");
	assert_calls(&f->ledger, 0, 0, 0, 0, -1);
	assert_int_equal(f->ledger.seat[1].caught, 0);
	liarsuno_ops.unseen(f->g, unseen, sizeof unseen);
	assert_string_equal(unseen, "Never turned over: 2 lies: {p:3}'s ~+4 "
	    "for {red:red}, {p:1}'s {grn:~g3} for {red:red}. 1 true: {p:2}'s "
	    "{red:r5}.");
	/* Seat 1's next claim settles its put: a lie that got away. */
	fx_ok(f, 1, "play g4 as r4");
	assert_claims(&f->ledger, 1, 2, 2, 0, 1, 0);
	assert_int_equal(f->ledger.away, 1);
	fx_free(f);
}

/* A card the table puts for a seat out of time is no claim of its, and
 * turning it over is no call: the seat's own claims stay as they were. */
static void
test_wlc_table_put(void **state)
{
	struct fx *f = deal_wlc();

	(void)state;
	fx_ok(f, 0, "!play WLC red");
	fx_ok(f, 1, "put ~g3");
	fx_ok(f, 2, "put r5");
	assert_string_equal(lx_timeout(f), "-1 close");
	/* Seat 3 holds no red: its sorted hand's first card. */
	assert_hid(f, "put g7 for {p:3}");
	assert_int_equal(f->ledger.claims, 2);
	assert_claims(&f->ledger, 3, 0, 0, 0, 0, 0);
	fx_ok(f, 0, "challenge {p:3}");
	assert_hid(f, "{p:3} drew b1");
	assert_calls(&f->ledger, 0, 0, 0, 0, -1);
	assert_claims(&f->ledger, 3, 0, 0, 0, 0, 0);
	fx_ok(f, 0, "challenge {p:1}");
	assert_call(f, 1, "{p:1} drew b3");
	assert_calls(&f->ledger, 0, 1, 1, 0, -1);
	fx_free(f);
}

/* The boldest lie that got away is the one of most weight, the earliest
 * of equals: seat 0's one from the truth, then seat 1's Regular Card as
 * another colour and number (three), then seat 0's the same (three,
 * later), then seat 1's Regular Card as another colour (two). */
static void
test_boldest(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "~r3 y4 b1 b2", "g5 r5 b3 b4" }, .discard = "r9",
		.draw = "b6 b7", .first = 0,
	};
	struct fx *f = lx_new(2, 1);

	(void)state;
	lx_stack(f, &d);
	fx_ok(f, 0, "play ~r3 as r6");
	assert_claim(f, "{red:r6}", "{red:~r3}", 1, "laid ~r3");
	fx_ok(f, 1, "play g5 as r2");
	assert_claim(f, "{red:r2}", "{grn:g5}", 3, "laid g5");
	fx_ok(f, 0, "play y4 as r8");
	assert_claim(f, "{red:r8}", "{yel:y4}", 3, "laid y4");
	/* Seat 0's first lie settled by its second. */
	assert_int_equal(f->ledger.boldest.seat, 0);
	assert_int_equal(f->ledger.boldest.weight, 1);
	fx_ok(f, 1, "play b3 as r3");
	assert_claim(f, "{red:r3}", "{blu:b3}", 2, "laid b3");
	assert_int_equal(f->ledger.boldest.seat, 1);
	ledger_end(&f->ledger);
	assert_int_equal(f->ledger.away, 4);
	assert_int_equal(f->ledger.boldest.seat, 1);
	assert_int_equal(f->ledger.boldest.move, 1);
	assert_int_equal(f->ledger.boldest.weight, 3);
	assert_string_equal(f->ledger.boldest.said, "{red:r2}");
	assert_string_equal(f->ledger.boldest.laid, "{grn:g5}");
	fx_free(f);
}

/* A claim is a chance for each other seat that may challenge it: both
 * others for a number and for a claimed action (whose window holds
 * play), only the seat still in once one has left. */
static void
test_chances(void **state)
{
	struct fx *f = deal3();

	(void)state;
	fx_ok(f, 0, "play ~g3 as rS");
	assert_calls(&f->ledger, 1, 0, 0, 0, 1);
	assert_calls(&f->ledger, 2, 0, 0, 0, 1);
	assert_string_equal(lx_timeout(f), "-1 close");
	fx_ok(f, 2, "play ~g7 as r5");
	assert_calls(&f->ledger, 0, 0, 0, 0, 1);
	assert_calls(&f->ledger, 1, 0, 0, 0, 2);
	assert_calls(&f->ledger, 2, 0, 0, 0, 1);
	fx_free(f);

	f = deal3();
	fx_move_ok(f, "2 leave");
	assert_hid(f, "under the draw pile: y6 g6 ~g7 b8");
	fx_ok(f, 0, "play ~r5");
	assert_calls(&f->ledger, 1, 0, 0, 0, 1);
	assert_calls(&f->ledger, 2, 0, 0, 0, 0);
	fx_free(f);
}

/* What draws hide: a draw, a turn run out (the table's move names who
 * drew), a claimed Draw Two standing, an UNO caught; a pass hides
 * nothing. */
static void
test_hidden_draws(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "r4 r5", "r1 r2 r3" }, .discard = "r9",
		.draw = "b1 b2 b3", .first = 0,
	};
	struct fx *f = deal3();

	(void)state;
	fx_ok(f, 0, "draw");
	assert_hid(f, "drew b1");
	fx_ok(f, 0, "pass");
	assert_hid(f, "");
	assert_string_equal(lx_timeout(f), "-1 idle");
	assert_hid(f, "{p:1} drew b2");
	fx_ok(f, 2, "play ~g7 as r+2");
	assert_claim(f, "{red:r+2}", "{grn:~g7}", 2, "laid ~g7");
	assert_string_equal(lx_timeout(f), "-1 close");
	assert_hid(f, "{p:0} drew b3 b4");
	fx_free(f);

	f = lx_new(2, 1);
	lx_stack(f, &d);
	fx_ok(f, 0, "!play r4");
	fx_ok(f, 1, "!uno");
	assert_hid(f, "{p:0} drew b1 b2");
	fx_free(f);
}

/* Lines said by reveal(). */
struct lines {
	int n;
	char *text[32];
};

static void
keep_line(void *ctx, int seat, const char *text)
{
	struct lines *l = ctx;

	assert_int_equal(seat, GAME_PUBLIC);
	assert_true(l->n < 32);
	l->text[l->n++] = strdup(text);
}

static void
free_lines(struct lines *l)
{
	int i;

	for (i = 0; i < l->n; i++)
		free(l->text[i]);
	l->n = 0;
}

/* Everything hidden after a stacked deal: each hand sorted, the draw pile
 * top first in lines of at most 400 bytes that give it whole, the
 * discard pile, whose move; a face-down card on the pile is marked. */
static void
test_reveal(void **state)
{
	struct lines l = { 0, { NULL } };
	struct game_out out = { keep_line, &l };
	struct fx *f = deal3();
	char plain[512], pile[1024] = "", want[600];
	const char *cards;
	int i;

	(void)state;
	liarsuno_ops.reveal(f->g, &out);
	assert_int_equal(l.n, 7);
	assert_string_equal(l.text[0], "{p:0}'s hand (5): {red:r4 ~r5} "
	    "{yel:y2 y9} {grn:~g3}");
	assert_string_equal(l.text[1], "{p:1}'s hand (4): {red:r1} "
	    "{yel:y4 ~y5} {grn:g2}");
	assert_string_equal(l.text[2], "{p:2}'s hand (4): {yel:y6} "
	    "{grn:g6 ~g7} {blu:b8}");
	/* The rest of the deck under the cards stacked, by id, the highest
	 * on top. */
	assert_non_null(strstr(l.text[3], "Draw pile, cards 1-84 of 98, top "
	    "first: {blu:b1 b2 b3 b4 b5 b6 b7} WLC WLC WLC WLC ~+4 ~+4 ~+4 "
	    "~+4 {blu:~b+2 ~b+2 ~bR ~bR ~bS ~bS ~b9 "));
	assert_string_equal(l.text[4], "Draw pile, cards 85-98 of 98: "
	    "{red:~r7 ~r6 ~r4 ~r3 ~r2 ~r1 ~r0 r8 r7 r6 r5 r3 r2 r0}");
	/* The draw pile's lines, plain, are the pile. */
	for (i = 3; i < 5; i++) {
		assert_true(strlen(l.text[i]) <= 400);
		assert_non_null(strstr(l.text[i], "Draw pile, cards "));
		sink_plain(plain, strchr(l.text[i], ':') + 2,
		    strlen(strchr(l.text[i], ':') + 2));
		snprintf(pile + strlen(pile), sizeof pile - strlen(pile),
		    "%s%s", i > 3 ? " " : "", plain);
	}
	cards = lx_cards(f, -1);
	assert_string_equal(pile, cards);
	assert_string_equal(l.text[5], "Discard pile (1, top first): "
	    "{red:r9}");
	assert_string_equal(l.text[6], "To match: {red:r9}, clockwise. {p:0} "
	    "to play.");
	free_lines(&l);

	/* A face-down card on the pile, and the drawn card a seat holds. */
	fx_ok(f, 0, "play ~g3 as r6");
	fx_ok(f, 1, "draw");
	liarsuno_ops.reveal(f->g, &out);
	snprintf(want, sizeof want, "Discard pile (2, top first): {grn:~g3} "
	    "(face down by {p:0}, said r6) {red:r9}");
	assert_int_equal(l.n, 7);
	assert_string_equal(l.text[5], want);
	assert_string_equal(l.text[6], "To match: {red:r6}, clockwise. {p:1} "
	    "drew {blu:b1}: plays it or passes.");
	free_lines(&l);
	fx_free(f);
}

/* What nobody turned over at the end: the lies first, each with what
 * it was said to be, then the true cards. */
static void
test_unseen_end(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "~g3 ~g4", "~r1 r2 r3" }, .discard = "r9",
		.draw = "b1 b2 b3 b4", .first = 0,
	};
	struct fx *f = lx_new(2, 1);
	char unseen[512];

	(void)state;
	lx_stack(f, &d);
	liarsuno_ops.unseen(f->g, unseen, sizeof unseen);
	assert_string_equal(unseen, "");
	fx_ok(f, 0, "play ~g3 as r6");
	fx_ok(f, 1, "play ~r1");
	fx_ok(f, 0, "play ~g4 as r4");
	lx_timeout(f);
	lx_assert_over(f, (const int[]){ 1, 2 }, 0, NULL);
	liarsuno_ops.unseen(f->g, unseen, sizeof unseen);
	assert_string_equal(unseen, "Never turned over: 2 lies: {p:0}'s "
	    "{grn:~g4} as {red:r4}, {p:0}'s {grn:~g3} as {red:r6}. 1 true: "
	    "{p:1}'s {red:~r1}.");
	fx_free(f);
}

/* Many cards never turned over: every lie named, the true ones as many
 * as fit one IRC line (GAME_LINE_BYTES), the rest counted; a card challenged
 * is not among them. */
static void
test_unseen_long(void **state)
{
	struct liarsuno_deal d = {
		.hands = { "~r1 ~r2 ~r3 ~r4 ~r5 ~r6 ~r8 b6",
		    "~y1 ~y2 ~y3 ~y4 ~y5 ~y6 ~y8 b5" },
		.discard = "r9", .draw = "b1 b2 b3 b4", .first = 0,
	};
	const char *said[] = { "1", "2", "3", "4", "5", "6", "8" };
	struct fx *f = lx_new(2, 1);
	char unseen[512], plain[512], line[64];
	int i;

	(void)state;
	lx_stack(f, &d);
	for (i = 0; i < 7; i++) {
		snprintf(line, sizeof line, "play ~r%s", said[i]);
		fx_ok(f, 0, line);
		snprintf(line, sizeof line, "play ~y%s as r%s", said[i],
		    said[i]);
		fx_ok(f, 1, line);
	}
	liarsuno_ops.unseen(f->g, unseen, sizeof unseen);
	assert_string_equal(unseen, "Never turned over: 7 lies: {p:1}'s "
	    "{yel:~y8} as {red:r8}, {p:1}'s {yel:~y6} as {red:r6}, {p:1}'s "
	    "{yel:~y5} as {red:r5}, {p:1}'s {yel:~y4} as {red:r4}, {p:1}'s "
	    "{yel:~y3} as {red:r3}, {p:1}'s {yel:~y2} as {red:r2}, {p:1}'s "
	    "{yel:~y1} as {red:r1}. 7 true: {p:0}'s {red:~r8}, and 6 "
	    "more.");
	sink_plain(plain, unseen, strlen(unseen));
	assert_true(game_markup_size(unseen) <= GAME_LINE_BYTES);
	/* The last lie turned over by a challenge is no longer unseen. */
	fx_ok(f, 0, "challenge");
	liarsuno_ops.unseen(f->g, unseen, sizeof unseen);
	assert_non_null(strstr(unseen, "Never turned over: 6 lies: {p:1}'s "
	    "{yel:~y6} as {red:r6},"));
	fx_free(f);
}

#define GAMES 24
#define MAX_MOVES 3000
#define MOVE_TEXT 64

/* What story_play() told a replay. */
struct told {
	int deal, moves, end;
};

static void
told_line(void *ctx, int n, int seat, const char *markup)
{
	struct told *t = ctx;

	(void)seat;
	assert_true(markup[0] != '\0');
	if (n < 0)
		t->deal++;
	else if (strncmp(markup, "Never turned over:", 18) == 0)
		t->end++;
	else
		t->moves++;
}

/* Two ledgers are the same, settled as far as each went. */
static void
assert_same_ledger(const struct ledger *a, const struct ledger *b)
{
	const struct ledger_seat *x, *y;
	int s;

	assert_int_equal(a->nseats, b->nseats);
	assert_int_equal(a->claims, b->claims);
	assert_int_equal(a->lies, b->lies);
	assert_int_equal(a->away, b->away);
	assert_int_equal(a->boldest.seat, b->boldest.seat);
	assert_int_equal(a->boldest.move, b->boldest.move);
	assert_int_equal(a->boldest.weight, b->boldest.weight);
	assert_string_equal(a->boldest.said, b->boldest.said);
	assert_string_equal(a->boldest.laid, b->boldest.laid);
	for (s = 0; s < a->nseats; s++) {
		x = &a->seat[s];
		y = &b->seat[s];
		assert_memory_equal(x, y, sizeof *x);
		assert_int_equal(a->open[s].seat, b->open[s].seat);
		assert_int_equal(a->open[s].move, b->open[s].move);
		assert_int_equal(a->open[s].lie, b->open[s].lie);
	}
}

/* Seeded games played through the fixture (sampled moves, timeouts, a
 * leave now and then), their moves kept as the log keeps them: played
 * again by story_play(), each gives the ledger the fixture kept, the
 * same result, and a replay that starts with the reveal. */
static void
test_story_play(void **state)
{
	static char texts[MAX_MOVES][MOVE_TEXT];
	static const char *moves[MAX_MOVES];
	struct story_record rec;
	struct ledger l;
	struct game_result ra, rb;
	struct game_move mv;
	struct game_turn t;
	struct told told;
	struct rng rng;
	struct fx *f;
	char *cause = NULL;
	int game, n, over, s, claims = 0, lies = 0, away = 0, calls = 0;
	int ends = 0;

	(void)state;
	rng_seed(&rng, 77);
	for (game = 0; game < GAMES; game++) {
		memset(&rec, 0, sizeof rec);
		rec.ops = &liarsuno_ops;
		game_opts_default(&liarsuno_ops, &rec.opts);
		if (game % 4 == 3)
			assert_int_equal(game_opts_set(&liarsuno_ops,
			    &rec.opts, "points=1", &cause), 0);
		rec.nseats = 2 + game % 6;
		rec.dealer = game % rec.nseats;
		rec.seed = 1000 + (uint64_t)game;
		f = lx_new_with(rec.nseats, rec.dealer, game % 4 == 3 ?
		    "points=1" : NULL, rec.seed);
		for (n = 0; n < MAX_MOVES; n++) {
			liarsuno_ops.turn(f->g, &t);
			if (t.over)
				break;
			if (rng_below(&rng, 400) == 0) {
				memset(&mv, 0, sizeof mv);
				mv.seat = (int)rng_below(&rng,
				    (uint32_t)rec.nseats);
				mv.verb = GAME_VERB_LEAVE;
				if (liarsuno_ops.check(f->g, &mv, NULL) != 0)
					mv.verb = -1;
			} else if (rng_below(&rng, 10) == 0)
				liarsuno_ops.timeout(f->g, &mv);
			else
				assert_int_equal(liarsuno_ops.sample(f->g,
				    &rng, &mv), 0);
			if (mv.verb < 0) {
				n--;
				continue;
			}
			game_move_format(&liarsuno_ops, &mv, texts[n],
			    MOVE_TEXT);
			moves[n] = texts[n];
			if (fx_apply(f, &mv) != 0)
				fail_msg("'%s' refused: %s", texts[n],
				    f->cause);
		}
		rec.nmoves = n;
		rec.moves = moves;
		memset(&told, 0, sizeof told);
		if (story_play(&rec, told_line, &told, &l, &rb, &over,
		    &cause) != 0)
			fail_msg("story_play: %s", cause);
		liarsuno_ops.turn(f->g, &t);
		assert_int_equal(over, t.over);
		assert_int_equal(over, 1);
		assert_same_ledger(&l, &f->ledger);
		liarsuno_ops.result(f->g, &ra);
		for (s = 0; s < rec.nseats; s++)
			assert_int_equal(ra.place[s], rb.place[s]);
		/* The channel's line, each hand, the piles, whose move. */
		assert_true(told.deal >= rec.nseats + 4);
		assert_true(told.moves > 0 && told.moves <= n);
		assert_true(told.end <= 1);
		ends += told.end;
		claims += l.claims;
		lies += l.lies;
		away += l.away;
		for (s = 0; s < rec.nseats; s++)
			calls += l.seat[s].calls;
		fx_free(f);
	}
	/* Games that went through what the ledger counts. */
	assert_true(claims > 100);
	assert_true(lies > 20);
	assert_true(away > 5);
	assert_true(calls > 20);
	assert_true(ends > 5);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_honest_unchallenged),
		T(test_lie_got_away),
		T(test_lie_caught),
		T(test_honest_accused),
		T(test_regular_face_down),
		T(test_wild_claim),
		T(test_wlc_round),
		T(test_wlc_done),
		T(test_wlc_table_put),
		T(test_boldest),
		T(test_chances),
		T(test_hidden_draws),
		T(test_reveal),
		T(test_unseen_end),
		T(test_unseen_long),
		T(test_story_play),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
