/*
 * Unit tests for games/cheater/ with stacked decks, the turn around the
 * moves: a card drawn since its holder's turn began (a victim's
 * replacement draw, a HIDE's draw, a draw on one's own turn) attacks only
 * from that holder's next turn, while a HIDE (or WILD) hides at once
 * however it came; the reshuffle
 * when the draw pile runs out, on one's own draw or on a victim's; and
 * the moves made when a timer runs out (a turn, a discard, a pick, a
 * drop).  Hands are back to seven at each turn's end: the fixture's
 * invariants check it after every move.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "games/cheater/cheater.h"
#include "games/game.h"
#include "tests/lib/cheater-deal.h"

static const char *const fresh_note = "actions drawn since your turn "
    "began attack from your next turn";

/* A victim's replacement draw: a HIDE drawn so defends against the next
 * attack at once ("a defensive card", for "when another player attempts
 * to use a TAKE, SHOW or BUST card against you"), and is no attack to
 * wait for: the hand line has no note for it. */
static void
test_fresh_victim_draw(void **state)
{
	static const struct cheater_deal d = {
		.hands = { "rC rH rE rA TAKE SHOW yC", "yE yA yT yR bC bH TAKE",
		    "pC pH pE pA pT pR bA" },
		.discard = "bT", .draw = "HIDE bE pC yH bR",
		.dice = "1 2 3 4 5 6 2 3 4 5", .first = 0, .cheater = -1,
	};
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	cx_stack(f, &d);
	fx_ok(f, 0, "take {p:2}");
	fx_ok(f, 2, "pass");
	fx_ok(f, 0, "pick bA");
	assert_said(f, 2, "You drew HIDE to refill your hand. Hand: {pur:pC} "
	    "{pur:pH} {pur:pE} "
	    "{pur:pA} {pur:pT} {pur:pR} HIDE (purple 6/7)");
	fx_ok(f, 1, "take {p:2}");
	assert_said(f, 2, "Your turn to answer: {p:1} aims TAKE at you: hide keeps your hand "
	    "hidden, or pass. Hand: {pur:pC} {pur:pH} {pur:pE} {pur:pA} "
	    "{pur:pT} {pur:pR} HIDE (purple 6/7)");
	fx_ok(f, 2, "hide");
	assert_said(f, GAME_PUBLIC, "{p:2} hides with HIDE: nothing is "
	    "shown. {p:2} draws a card, and so does {p:1}. {p:2} rolls 5 and "
	    "6. {p:2} to play.");
	assert_cx_cards(f, 2, "pC pH pE pA pT pR bE");
	fx_free(f);
}

/* A HIDE's draw: the WILD drawn hides at once as a HIDE, but plays as
 * TAKE only once its holder's turn begins. */
static void
test_fresh_hide_draw(void **state)
{
	static const struct cheater_deal d = {
		.hands = { "rC rH rE rA TAKE SHOW yC", "yE yA yT yR bC bH TAKE",
		    "pC pH pE pA pT pR HIDE" },
		.discard = "bT", .draw = "WILD bE pC yH bR",
		.dice = "1 2 3 4 5 6", .first = 0, .cheater = -1,
	};
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	cx_stack(f, &d);
	fx_ok(f, 0, "take {p:2}");
	fx_ok(f, 2, "hide");
	assert_said(f, 2, "You drew WILD to refill your hand. Hand: {pur:pC} "
	    "{pur:pH} {pur:pE} "
	    "{pur:pA} {pur:pT} {pur:pR} WILD (purple 6/7; actions drawn "
	    "since your turn began attack from your next turn)");
	fx_ok(f, 1, "take {p:2}");
	assert_said_lacks(f, 2, "You hold no");
	fx_ok(f, 2, "wild hide");
	assert_said(f, GAME_PUBLIC, "{p:2} hides with WILD: nothing is "
	    "shown. {p:2} draws a card, and so does {p:1}. {p:2} rolls 5 and "
	    "6. {p:2} to play.");
	fx_free(f);
}

/* A WILD that came after one's turn began attacks only from one's next
 * turn, though it may hide at once. */
static void
test_fresh_wild_attack(void **state)
{
	static const struct cheater_deal d = {
		.hands = { "rC rH rE rA TAKE SHOW yC", "yE yA yT yR bC bH TAKE",
		    "pC pH pE pA pT pR HIDE" },
		.discard = "bT", .draw = "WILD bE pC yH bR",
		.dice = "1 2 3 4 5 6", .first = 0, .cheater = -1,
	};
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	cx_stack(f, &d);
	fx_ok(f, 0, "take {p:2}");
	fx_ok(f, 2, "hide");
	fx_ok(f, 1, "take {p:0}");
	fx_ok(f, 0, "pass");
	fx_ok(f, 1, "pick rC");
	assert_said_has(f, 2, "Your turn (5 and 6): draw, wild take|show|"
	    "bust NICK. Hand: ");
	fx_ok(f, 2, "wild take {p:0}");
	assert_said(f, GAME_PUBLIC, "{p:2} plays WILD as TAKE on {p:0}. "
	    "{p:0} may hide.");
	fx_free(f);
}

/* Hide plays a HIDE before a WILD, even a HIDE that came after one's
 * turn began. */
static void
test_fresh_hide_wild(void **state)
{
	static const struct cheater_deal d = {
		.hands = { "rC rH rE rA TAKE SHOW yC", "yE yA yT yR bC bH TAKE",
		    "pC pH pE pA pT pR WILD" },
		.discard = "bT", .draw = "HIDE bE pC",
		.dice = "1 2 3 4 1 2", .first = 0, .cheater = -1,
	};
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	cx_stack(f, &d);
	fx_ok(f, 0, "take {p:2}");
	fx_ok(f, 2, "pass");
	fx_ok(f, 0, "pick pC");
	fx_ok(f, 1, "take {p:2}");
	assert_said_lacks(f, 2, "You hold no");
	fx_ok(f, 2, "hide");
	assert_said(f, GAME_PUBLIC, "{p:2} hides with HIDE: nothing is "
	    "shown. {p:2} draws a card, and so does {p:1}. {p:2} rolls 1 and "
	    "2. {p:2} to play.");
	assert_cx_cards(f, 2, "pH pE pA pT pR bE WILD");
	fx_free(f);
}

/* A HIDE drawn on one's own turn hides at once when one is named before
 * one's next turn. */
static void
test_fresh_own_draw(void **state)
{
	static const struct cheater_deal d = {
		.hands = { "rC rH rE rA rT yC yH", "yE yA yT yR bC bH bA",
		    "pC pH pE pA pT pR TAKE" },
		.discard = "bT", .draw = "HIDE bE pC",
		.dice = "1 2 3 4", .first = 1, .cheater = -1,
	};
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	cx_stack(f, &d);
	fx_ok(f, 1, "draw");
	assert_said_lacks(f, 1, fresh_note);
	fx_ok(f, 1, "discard bA");
	fx_ok(f, 2, "take {p:1}");
	assert_said_lacks(f, 1, "You hold no");
	fx_ok(f, 1, "hide");
	assert_said_has(f, GAME_PUBLIC, "{p:1} hides with HIDE: nothing is "
	    "shown.");
	fx_free(f);
}

/* Every card of one deck not named in used[] (NULL-terminated lists of
 * faces), then top: a discard pile that leaves the draw pile only what
 * the deal names. */
static void
rest_of_deck(const char *const *used, const char *top, char *buf,
    size_t size)
{
	static const char *const faces[] = {
		"rC", "rH", "rE", "rA", "rT", "rR", "yC", "yH", "yE", "yA",
		"yT", "yR", "pC", "pH", "pE", "pA", "pT", "pR", "bC", "bH",
		"bE", "bA", "bT", "bR", "TAKE", "SHOW", "HIDE", "BUST", "WILD",
	};
	static const int copies[] = { 2, 2, 4, 2, 2, 2 };
	int left[29], k, i, n;
	const char *p;
	size_t used_len;

	for (k = 0; k < 29; k++)
		left[k] = k < 24 ? copies[k % 6] : k < 27 ? 4 : 1;
	for (i = 0; used[i] != NULL; i++) {
		for (p = used[i]; *p != '\0'; p += used_len) {
			p += strspn(p, " ");
			used_len = strcspn(p, " ");
			for (k = 0; k < 29; k++) {
				if (strlen(faces[k]) == used_len &&
				    strncmp(p, faces[k], used_len) == 0)
					left[k]--;
			}
		}
	}
	buf[0] = '\0';
	for (k = 0; k < 29; k++) {
		for (n = 0; n < left[k]; n++) {
			used_len = strlen(buf);
			snprintf(buf + used_len, size - used_len, "%s ",
			    faces[k]);
		}
	}
	used_len = strlen(buf);
	snprintf(buf + used_len, size - used_len, "%s", top);
}

/* The draw pile runs out on a draw: the discard pile but its top card
 * becomes the new one, and that is announced. */
static void
test_reshuffle(void **state)
{
	static const char *const used[] = {
		"rC rH rE rA rT yC yH", "yE yA yT yR bC bH TAKE",
		"pC pH pE pA pT pR HIDE", "bE bT", NULL,
	};
	struct cheater_deal d = {
		.hands = { used[0], used[1], used[2] }, .draw = "bE",
		.dice = "1 2 3 4", .first = 0, .cheater = -1,
	};
	char discard[512];
	struct fx *f = cx_new(3, 2, 0);

	(void)state;
	rest_of_deck(used, "bT", discard, sizeof discard);
	d.discard = discard;
	cx_stack(f, &d);
	assert_int_equal(cx_count(f, -1), 1);
	assert_int_equal(cx_count(f, -2), 48);
	fx_ok(f, 0, "draw");
	assert_said(f, GAME_PUBLIC, "{p:0} draws a card. The draw pile is "
	    "empty: the discard pile but its top card is shuffled into a new "
	    "one (47 cards).");
	assert_said_has(f, 0, "Your turn: discard 1 (discard CARD). You draw "
	    "{blu:bE}.");
	assert_int_equal(cx_count(f, -1), 47);
	assert_cx_cards(f, -2, "bT");
	fx_ok(f, 0, "discard yH");
	assert_cx_cards(f, -2, "bT yH");
	assert_int_equal(cx_count(f, -1), 47);
	fx_free(f);

	/* On a victim's draw, in the attacker's turn. */
	f = cx_new(3, 2, 0);
	d.first = 1;
	cx_stack(f, &d);
	fx_ok(f, 1, "take {p:0}");
	fx_ok(f, 0, "pass");
	fx_ok(f, 1, "pick rC");
	assert_said(f, GAME_PUBLIC, "{p:1} takes {red:rC} from {p:0}, who "
	    "draws a card. The draw pile is empty: the discard pile but its "
	    "top card is shuffled into a new one (48 cards). {p:2} rolls 3 "
	    "and 4. {p:2} to play.");
	assert_cx_cards(f, -2, "TAKE");
	assert_int_equal(cx_count(f, -1), 48);
	fx_free(f);
}

/* A turn that runs out: the table draws the top card for the seat, which
 * discards it, in sight of all.  A discard that runs out: the cards the
 * turn drew, grabbed or took. */
static void
test_timeout_turn_discard(void **state)
{
	static const struct cheater_deal d = {
		.hands = { "rC rH rE rA rT yC TAKE", "yE yA yT yR bC bH TAKE",
		    "pC pH pE pA pT pR HIDE" },
		.discard = "bT", .draw = "bE pC bA yC yH rR",
		.dice = "1 2 3 4 5 6 1 3 2 4 2 1", .first = 0, .cheater = 2,
	};
	struct fx *f = cx_new(3, 2, 0);
	char text[64];

	(void)state;
	cx_stack(f, &d);
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "-1 idle");
	assert_said(f, GAME_PUBLIC, "{p:0} draws {blu:bE} and discards it. "
	    "{p:1} rolls 3 and 4. {p:1} to play.");
	assert_cx_cards(f, 0, "rC rH rE rA rT yC TAKE");
	assert_cx_cards(f, -2, "bT bE");
	fx_ok(f, 1, "draw");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "1 discard 29");
	assert_said(f, GAME_PUBLIC, "{p:1} discards {pur:pC}. {p:2} rolls "
	    "5 and 6. {p:2} to play with Cheater Power.");
	fx_ok(f, 2, "draw2");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "2 discard 50 15");
	assert_said_has(f, GAME_PUBLIC, "{p:2} discards {blu:bA} "
	    "{yel:yC}.");
	assert_cx_cards(f, 2, "pC pH pE pA pT pR HIDE");
	/* A pick that runs out takes the victim's first card. */
	fx_ok(f, 0, "take {p:1}");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "-1 pass");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "0 pick 18");
	assert_said(f, GAME_PUBLIC, "{p:0} takes {yel:yE} from {p:1}, who "
	    "draws a card. {p:1} rolls 2 and 4. {p:1} to play.");
	fx_ok(f, 1, "draw");
	fx_ok(f, 1, "discard bC");
	fx_ok(f, 2, "grab");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "2 discard 42");
	assert_cx_cards(f, 2, "pC pH pE pA pT pR HIDE");
	fx_free(f);
}

/* A steal's discard that runs out throws the card taken; a bust that
 * runs out busts none. */
static void
test_timeout_steal_bust(void **state)
{
	static const struct cheater_deal d = {
		.hands = { "rC rH rE rA rT yC BUST", "yE yA yT yR bC bH TAKE",
		    "pC pH pE pA pT pR HIDE" },
		.discard = "bT", .draw = "bE pC bA yC yH rR",
		.dice = "1 2 3 4 5 6 1 3 4 2 5", .first = 0, .cheater = 0,
	};
	struct fx *f = cx_new(3, 2, 0);
	char text[64];

	(void)state;
	cx_stack(f, &d);
	fx_ok(f, 0, "steal {p:1}");
	fx_ok(f, 1, "pass");
	fx_ok(f, 0, "pick bH");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "0 discard 44");
	assert_said(f, GAME_PUBLIC, "{p:0} discards {blu:bH}. {p:1} rolls "
	    "3 and 4. {p:1} to play.");
	assert_cx_cards(f, 0, "rC rH rE rA rT yC BUST");
	fx_ok(f, 1, "draw");
	fx_ok(f, 1, "discard pC");
	fx_ok(f, 2, "draw");
	fx_ok(f, 2, "discard bA");
	fx_ok(f, 0, "bust {p:2}");
	fx_ok(f, 2, "pass");
	assert_said_has(f, GAME_PUBLIC, "{p:0} rolls 4 for the BUST.");
	fx_timeout(f, text, sizeof text);
	assert_string_equal(text, "0 drop");
	assert_said(f, GAME_PUBLIC, "{p:0} busts none of {p:2}'s cards. "
	    "{p:1} rolls 2 and 5. {p:1} to play.");
	assert_cx_cards(f, 2, "pC pH pE pA pT pR HIDE");
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_fresh_victim_draw),
		T(test_fresh_hide_draw),
		T(test_fresh_wild_attack),
		T(test_fresh_hide_wild),
		T(test_fresh_own_draw),
		T(test_reshuffle),
		T(test_timeout_turn_discard),
		T(test_timeout_steal_bust),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
