/*
 * Unit tests for games/cheat/questions.c with stacked deals, the question after
 * a call: a caught liar is asked by the caller, a wrong caller's target
 * asks anyone; the choice among the cards called (each listed to the asker
 * with its {q:CARD}), who may ask whom, "ask none", the pause while the
 * answer is awaited and what ends it (the table's "answered", or "next" by
 * the one asked, heard or typed, or by the asker), play going on after
 * the player called with the next rank, the views, and command() round
 * trips of ask moves.  Deals and plays are in test-questions-play.c,
 * the end of a game, timeouts and leaves in test-questions-end.c.
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
#include "games/cheat/cheat.h"
#include "games/game.h"
#include "tests/lib/cheat-deal.h"

#define Q (&questions_ops)

/* Four seats dealt by seat 0: seat 1 lays aces first; 33 on the pile. */
static const char *const four_hands[] = {
	"2c 5c 9c kc",
	"ah 4d 7c qh qd",
	"2h 3d 6s 8s jc",
	"3c 4s 6h 10d ks",
};

/* Nobody takes a turn: the game waits for speaker's answer. */
static void
assert_paused(struct fx *f, int speaker)
{
	struct game_turn t;

	f->ops->turn(f->g, &t);
	assert_int_equal(t.over, 0);
	assert_int_equal(t.seat, -1);
	assert_int_equal(t.window, 0);
	assert_int_equal(t.accused, -1);
	assert_int_equal(t.pause, 1);
	assert_int_equal(t.speaker, speaker);
}

/* No public message since the last move shows a card held in a hand,
 * except the cards of shown (those called, revealed). */
static void
assert_hands_hidden(struct fx *f, const char *shown)
{
	struct cards open;
	const struct cards *h;
	char card[16];
	int i, s, k;

	fx_cards(shown, &open);
	for (i = 0; i < f->sink.n; i++) {
		if (f->sink.seat[i] != GAME_PUBLIC)
			continue;
		for (s = 0; s < f->nseats; s++) {
			h = cheat_hand(f->g, s);
			for (k = 0; k < h->n; k++) {
				if (cards_find(&open, h->c[k]) >= 0)
					continue;
				cards_markup(h->c[k], card, sizeof card);
				if (strstr(f->sink.text[i], card) != NULL)
					fail_msg("'%s' shows %s of seat %d",
					    f->sink.text[i], card, s);
			}
		}
	}
}

/* Plays line as seat and checks no hand showed in public. */
static void
step(struct fx *f, int seat, const char *line, const char *shown)
{
	fx_ok(f, seat, line);
	assert_hands_hidden(f, shown);
}

/* A lie caught: the liar takes the pile and only the caller may ask, only
 * the liar, the question on one of the cards laid; then the pause, and
 * play goes on after the liar with the next rank. */
static void
test_caught(void **state)
{
	struct fx *f = fx_new_ops(Q, 4, 0, NULL);
	char want[160];
	const char *shown = "4d 7c qh";

	(void)state;
	fx_stack(f, four_hands);
	fx_refused(f, 1, "ask ah {p:2}", "there is no question for you to "
	    "ask");
	fx_refused(f, 1, "ask none", "there is no question for you to ask");
	step(f, 1, "play 4d 7c qh", "");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 3 cards: three aces. {p:2} "
	    "to play twos.");
	assert_turn(f, 2, 0xd, 1);
	step(f, 3, "cheat", shown);
	assert_said(f, GAME_PUBLIC, "{p:3} calls cheat on {p:1}! Declared "
	    "three aces, the 3 cards were: {red:4♦} 7♣ {red:Q♥} - a lie. "
	    "{p:1} takes the pile (36 cards). {p:3} may ask {p:1} a "
	    "question.");
	assert_int_equal(fx_hand_n(f, 1), 38);
	assert_int_equal(cheat_pile(f->g)->n, 0);
	assert_int_equal(fx_said_count(f, 3), 1);
	snprintf(want, sizeof want, "Your turn: ask {p:1} one of these (ask "
	    "CARD, or ask none): {red:4♦}: {q:%d}; 7♣: {q:%d}; {red:Q♥}: {q:%d}",
	    fx_card("4d"), fx_card("7c"), fx_card("qh"));
	assert_said(f, 3, want);
	assert_int_equal(fx_said_count(f, 0) + fx_said_count(f, 2), 0);
	assert_turn(f, 3, 0, -1);

	fx_refused(f, 2, "play 2h", "a question comes first");
	fx_refused(f, 3, "play 3c", "a question comes first");
	fx_refused(f, 0, "cheat", "there is no play to challenge now");
	fx_refused(f, 1, "ask 4d", "there is no question for you to ask");
	fx_refused(f, 0, "ask 4d {p:1}", "there is no question for you to "
	    "ask");
	fx_refused(f, 0, "ask 5h", "there is no question for you to ask");
	fx_refused(f, 3, "ask 5h", "'5h' is not one of the cards called");
	fx_refused(f, 3, "ask zz", "unknown card 'zz'");
	fx_refused(f, 3, "ask", "say which card's question you ask: ask CARD "
	    "[NICK], or ask none");
	fx_refused(f, 3, "ask 4d {p:1} now", "say which card's question you "
	    "ask: ask CARD [NICK], or ask none");
	fx_refused(f, 3, "ask 4d {p:0}", "the question is for the player "
	    "caught");
	fx_refused(f, 3, "ask 4d {p:3}", "ask someone else");
	fx_refused(f, 3, "ask 4d {p:4}", "no player '{p:4}' at this table");
	assert_int_equal(fx_move(f, "-1 answered"), -1);
	assert_string_equal(f->cause, "no answer is awaited");

	step(f, 3, "ask 7c", shown);
	snprintf(want, sizeof want, "{p:3} asks {p:1} the question on 7♣: "
	    "{q:%d} - {p:1} answers in the channel; next goes on.",
	    fx_card("7c"));
	assert_said(f, GAME_PUBLIC, want);
	assert_int_equal(f->sink.n, 1);
	assert_paused(f, 1);
	fx_refused(f, 3, "ask 4d", "there is no question for you to ask");
	fx_refused(f, 1, "ask 4d {p:3}", "there is no question for you to "
	    "ask");
	fx_refused(f, 2, "play 2h", "a question comes first");
	assert_int_equal(fx_move(f, "1 answered"), -1);
	assert_string_equal(f->cause, "no answer is awaited");

	assert_int_equal(fx_move(f, "-1 answered"), 0);
	assert_said(f, GAME_PUBLIC, "Time is up for the answer. {p:2} to play "
	    "twos.");
	assert_turn(f, 2, 0, -1);
	step(f, 2, "play 2h", "");
	assert_said(f, GAME_PUBLIC, "{p:2} plays 1 card: one two. {p:3} to "
	    "play threes.");
	fx_free(f);
}

/* A wrong call: the caller takes the pile and the player called asks
 * anyone still in (a NICK is needed, not themselves, not one who left);
 * play goes on after the player called. */
static void
test_wrong_call(void **state)
{
	struct fx *f = fx_new_ops(Q, 4, 0, NULL);
	char want[160];

	(void)state;
	fx_stack(f, four_hands);
	step(f, 1, "play ah", "");
	step(f, 3, "bs", "ah");
	assert_said(f, GAME_PUBLIC, "{p:3} calls cheat on {p:1}! Declared one "
	    "ace, the 1 card was: {red:A♥} - honest. {p:3} takes the pile (34 "
	    "cards). {p:1} may ask anyone a question.");
	assert_int_equal(fx_hand_n(f, 3), 39);
	snprintf(want, sizeof want, "Your turn: ask anyone one of these (ask "
	    "CARD NICK, or ask none): {red:A♥}: {q:%d}", fx_card("ah"));
	assert_said(f, 1, want);
	assert_int_equal(fx_said_count(f, 1), 1);
	assert_turn(f, 1, 0, -1);

	fx_refused(f, 1, "ask ah", "name who answers: ask ah NICK");
	fx_refused(f, 1, "ask ah {p:1}", "ask someone else");
	fx_refused(f, 1, "ask 4d {p:2}", "'4d' is not one of the cards "
	    "called");
	fx_refused(f, 3, "ask ah {p:2}", "there is no question for you to "
	    "ask");
	fx_refused(f, 2, "ask ah", "there is no question for you to ask");
	fx_refused(f, 2, "ask 9d {p:1}", "there is no question for you to "
	    "ask");
	fx_refused(f, 1, "play 4d", "a question comes first");
	fx_refused(f, 2, "play 2h", "a question comes first");

	/* Seat 0 leaves: the question waits on; seat 0 cannot be asked. */
	assert_int_equal(fx_move(f, "0 leave"), 0);
	assert_said(f, GAME_PUBLIC, "{p:0} leaves the game; those 4 cards go "
	    "under the pile. {p:1} may ask anyone a question.");
	assert_turn(f, 1, 0, -1);
	fx_refused(f, 1, "ask ah {p:0}", "that player is not in the game");

	step(f, 1, "ask ah {p:2}", "ah");
	snprintf(want, sizeof want, "{p:1} asks {p:2} the question on "
	    "{red:A♥}: {q:%d} - {p:2} answers in the channel; next goes on.",
	    fx_card("ah"));
	assert_said(f, GAME_PUBLIC, want);
	assert_paused(f, 2);
	assert_int_equal(fx_move(f, "-1 answered"), 0);
	assert_said(f, GAME_PUBLIC, "Time is up for the answer. {p:2} to play "
	    "twos.");
	assert_turn(f, 2, 0, -1);
	fx_free(f);
}

/* The wrong caller may be asked too; and "ask none" ends the question at
 * once.  The ranks go on across the calls: ace, two, three, four, five. */
static void
test_ask_none_and_ranks(void **state)
{
	struct fx *f = fx_new_ops(Q, 4, 0, NULL);

	(void)state;
	fx_stack(f, four_hands);
	step(f, 1, "play ah", "");
	step(f, 2, "play 2h", "");
	step(f, 0, "cheat", "2h");
	assert_said_has(f, GAME_PUBLIC, "- honest. {p:0} takes the pile (35 "
	    "cards). {p:2} may ask anyone a question.");
	step(f, 2, "ask none", "2h");
	assert_said(f, GAME_PUBLIC, "{p:2} asks no question. {p:3} to play "
	    "threes.");
	assert_turn(f, 3, 0, -1);
	step(f, 3, "play 3c", "");
	step(f, 0, "play 5c", "");
	assert_said(f, GAME_PUBLIC, "{p:0} plays 1 card: one four. {p:1} to "
	    "play fives.");
	step(f, 1, "cheat", "5c");
	assert_said_has(f, GAME_PUBLIC, "5♣ - a lie. {p:0} takes the pile (2 "
	    "cards). {p:1} may ask {p:0} a question.");
	assert_int_equal(fx_hand_n(f, 0), 40);
	step(f, 1, "ask 5c {p:0}", "5c");
	assert_paused(f, 0);
	assert_int_equal(fx_move(f, "-1 answered"), 0);
	assert_said(f, GAME_PUBLIC, "Time is up for the answer. {p:1} to play "
	    "fives.");
	step(f, 1, "play 4d", "");
	assert_said(f, GAME_PUBLIC, "{p:1} plays 1 card: one five. {p:2} to "
	    "play sixes.");

	/* The wrong caller is one of those the player called may ask. */
	step(f, 3, "cheat", "4d");
	assert_said_has(f, GAME_PUBLIC, "- a lie. {p:1} takes the pile (1 "
	    "card). {p:3} may ask {p:1} a question.");
	step(f, 3, "ask none", "4d");
	step(f, 2, "play 6s", "");
	step(f, 1, "cheat", "6s");
	assert_said_has(f, GAME_PUBLIC, "- honest. {p:1} takes the pile (1 "
	    "card). {p:2} may ask anyone a question.");
	step(f, 2, "ask 6s {p:1}", "6s");
	assert_said_has(f, GAME_PUBLIC, "{p:2} asks {p:1} the question on 6♠");
	assert_int_equal(fx_move(f, "-1 answered"), 0);
	assert_said(f, GAME_PUBLIC, "Time is up for the answer. {p:3} to play "
	    "sevens.");
	fx_free(f);
}

/* The wait for an answer ends before the answer's time: when the player
 * asked is heard (turn().speaker; the heard() move is theirs, as if they
 * had typed next), when they type next, or when the asker does; nobody
 * else ends it, the table only when the time is up, and there is nothing
 * to end before the question is asked or after its end.  Play goes on
 * after the player called, as after the answer's time. */
static void
test_wait_ends(void **state)
{
	static const char *const waiting = "only the player asked, or the one "
	    "who asked, ends the wait";
	struct fx *f = fx_new_ops(Q, 4, 0, NULL);
	struct game_move mv, typed;
	char text[32];

	(void)state;
	fx_stack(f, four_hands);
	fx_refused(f, 1, "next", "no answer is awaited");
	fx_ok(f, 1, "play 4d 7c");
	fx_ok(f, 3, "cheat");
	/* Choosing (a turn, not a pause): nobody is heard yet. */
	fx_assert_turn(f, 3, 0, -1, NULL);
	fx_refused(f, 3, "next", "no answer is awaited");
	fx_refused(f, 1, "next", "no answer is awaited");
	fx_ok(f, 3, "ask 7c");
	assert_paused(f, 1);
	fx_refused(f, 0, "next", waiting);
	fx_refused(f, 2, "next please", waiting);
	fx_move_refused(f, "-1 next", waiting);
	fx_move_refused(f, "1 next 3", "next takes no arguments");

	/* The player asked is heard: the move is theirs, the one next
	 * typed makes. */
	f->ops->heard(f->g, &mv);
	assert_int_equal(fx_parse(f, 1, "next", &typed), 0);
	assert_memory_equal(&mv, &typed, sizeof mv);
	game_move_format(f->ops, &mv, text, sizeof text);
	assert_string_equal(text, "1 next");
	assert_int_equal(f->ops->command(f->g, &mv, text, sizeof text),
	    game_cmd_find(f->ops, "next"));
	assert_string_equal(text, "next");
	assert_int_equal(fx_apply(f, &mv), 0);
	assert_said(f, GAME_PUBLIC, "{p:1} has answered. {p:2} to play twos.");
	/* And the player whose turn it is now is told so. */
	assert_int_equal(f->sink.n, 2);
	assert_said_has(f, 2, "Your turn: declare twos. Your hand (");
	fx_assert_turn(f, 2, 0, -1, NULL);
	fx_refused(f, 1, "next", "no answer is awaited");
	fx_refused(f, 3, "next", "no answer is awaited");
	fx_move_refused(f, "-1 answered", "no answer is awaited");

	/* The asker goes on (words after next are table talk). */
	fx_ok(f, 2, "play 2h");
	fx_ok(f, 0, "cheat");
	fx_ok(f, 2, "ask 2h {p:3}");
	assert_paused(f, 3);
	fx_refused(f, 0, "next", waiting);
	fx_ok(f, 2, "next thanks anyway");
	assert_said(f, GAME_PUBLIC, "{p:2} moves on. {p:3} to play threes.");
	fx_assert_turn(f, 3, 0, -1, NULL);

	/* The one asked types it; the asker who left cannot, and the one
	 * asked is still heard. */
	fx_ok(f, 3, "play 4s");
	fx_ok(f, 1, "cheat");
	assert_said_has(f, GAME_PUBLIC, "- a lie. {p:3} takes the pile");
	fx_ok(f, 1, "ask 4s");
	fx_move_ok(f, "1 leave");
	assert_said(f, GAME_PUBLIC, "{p:1} leaves the game; those 38 cards go "
	    "under the pile.");
	assert_paused(f, 3);
	fx_move_refused(f, "1 next", waiting);
	fx_ok(f, 3, "next");
	assert_said(f, GAME_PUBLIC, "{p:3} has answered. {p:0} to play "
	    "fours.");
	fx_free(f);
}

/* What the views show during a question: the asker gets the choices
 * again, the status line says who asks whom, then who answers. */
static void
test_views(void **state)
{
	struct fx *f = fx_new_ops(Q, 4, 0, NULL);
	char want[160];

	(void)state;
	fx_stack(f, four_hands);
	fx_ok(f, 1, "play 4d 7c");
	fx_ok(f, 3, "cheat");
	sink_reset(&f->sink);
	f->ops->view(f->g, 3, &f->out);
	assert_int_equal(fx_said_count(f, 3), 2);
	assert_string_equal(f->sink.text[0], "Your hand (5): 3♣ 4♠ {red:6♥} "
	    "{red:10♦} K♠");
	snprintf(want, sizeof want, "Your turn: ask {p:1} one of these (ask "
	    "CARD, or ask none): {red:4♦}: {q:%d}; 7♣: {q:%d}", fx_card("4d"),
	    fx_card("7c"));
	assert_said(f, 3, want);
	sink_reset(&f->sink);
	f->ops->view(f->g, 1, &f->out);
	assert_int_equal(f->sink.n, 1);
	f->ops->view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "{p:3} may ask {p:1} a question. Pile: 0. "
	    "Cards: {p:0} 4, {p:1} 38, {p:2} 5, {p:3} 5.");
	fx_ok(f, 3, "ask 4d");
	sink_reset(&f->sink);
	f->ops->view(f->g, GAME_PUBLIC, &f->out);
	assert_said(f, GAME_PUBLIC, "{p:1} answers a question. Pile: 0. "
	    "Cards: {p:0} 4, {p:1} 38, {p:2} 5, {p:3} 5.");
	sink_reset(&f->sink);
	f->ops->view(f->g, 3, &f->out);
	assert_int_equal(f->sink.n, 1);
	fx_free(f);
}

/* command() writes each ask move as it is typed, and its words parse back
 * to the same move. */
static void
assert_round_trip(struct fx *f, const struct game_move *mv, const char *want)
{
	struct game_move back;
	char text[128], *argv[8], *p, *w;
	int cmd, argc = 0;

	cmd = f->ops->command(f->g, mv, text, sizeof text);
	assert_int_equal(cmd, game_cmd_find(f->ops, "ask"));
	assert_string_equal(text, want);
	for (p = text; (w = strsep(&p, " ")) != NULL && argc < 8;)
		argv[argc++] = w;
	assert_int_equal(f->ops->parse(f->g, mv->seat, cmd, argc - 1,
	    argv + 1, &back, NULL), 0);
	assert_int_equal(f->ops->check(f->g, &back, NULL), 0);
	assert_memory_equal(&back, mv, offsetof(struct game_move, argv) +
	    (size_t)mv->argc * sizeof mv->argv[0]);
}

static void
test_command_round_trip(void **state)
{
	struct fx *f = fx_new_ops(Q, 4, 0, NULL);
	struct game_move mv;
	char text[64];

	(void)state;
	fx_stack(f, four_hands);
	fx_ok(f, 1, "play qd 4d");
	fx_ok(f, 2, "cheat");
	/* The asker's timeout asks nothing. */
	f->ops->timeout(f->g, &mv);
	assert_round_trip(f, &mv, "ask none");
	mv.argc = 2;
	mv.argv[0] = fx_card("qd");
	mv.argv[1] = 1;
	assert_round_trip(f, &mv, "ask Q♦ {p:1}");
	mv.argv[0] = fx_card("4d");
	assert_round_trip(f, &mv, "ask 4♦ {p:1}");
	fx_ok(f, 2, "ask 4d");
	/* The table's answered is typed by nobody. */
	f->ops->timeout(f->g, &mv);
	assert_int_equal(mv.seat, GAME_SEAT_TABLE);
	assert_int_equal(f->ops->command(f->g, &mv, text, sizeof text), -1);
	assert_int_equal(fx_move(f, "-1 answered"), 0);
	fx_ok(f, 2, "play 2h");
	fx_ok(f, 0, "cheat");
	f->ops->timeout(f->g, &mv);
	assert_round_trip(f, &mv, "ask none");
	mv.argc = 2;
	mv.argv[0] = fx_card("2h");
	mv.argv[1] = 0;
	assert_round_trip(f, &mv, "ask 2♥ {p:0}");
	mv.argv[1] = 3;
	assert_round_trip(f, &mv, "ask 2♥ {p:3}");
	fx_free(f);
}

/* Two decks: a card laid twice is one choice, so every choice listed can
 * be asked. */
static void
test_two_decks(void **state)
{
	static const char *const hands[] = {
		"2c 5c", "4h 4h+ 9c", "2h 3d", "3c 4s",
	};
	struct fx *f = fx_new_ops(Q, 4, 0, "decks=2");
	char want[160];

	(void)state;
	fx_stack(f, hands);
	fx_ok(f, 1, "play 4h 9c 4h");
	fx_ok(f, 2, "cheat");
	assert_said_has(f, GAME_PUBLIC, "the 3 cards were: {red:4♥} 9♣ "
	    "{red:4♥} - a lie. {p:1} takes the pile (98 cards).");
	snprintf(want, sizeof want, "Your turn: ask {p:1} one of these (ask "
	    "CARD, or ask none): {red:4♥}: {q:%d}; 9♣: {q:%d}", fx_card("4h"),
	    fx_card("9c"));
	assert_said(f, 2, want);
	fx_ok(f, 2, "ask 4h");
	snprintf(want, sizeof want, "{p:2} asks {p:1} the question on {red:4♥}: "
	    "{q:%d} - {p:1} answers in the channel; next goes on.",
	    fx_card("4h"));
	assert_said(f, GAME_PUBLIC, want);
	fx_free(f);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_caught),
		T(test_wrong_call),
		T(test_ask_none_and_ranks),
		T(test_wait_ends),
		T(test_views),
		T(test_command_round_trip),
		T(test_two_decks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
