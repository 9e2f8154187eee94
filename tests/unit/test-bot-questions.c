/*
 * Transcript tests of a game of questions (Cheater! with question cards)
 * in the bot core (tests/lib/harness.c), on the question file
 * config/questions.txt loaded into the harness's configuration: after a
 * call the asker gets the choices privately with their texts, the question
 * is said in the channel to the one asked, and play waits answer_ms before
 * it goes on, unless the one asked says something in the channel first
 * (an ACTION too; not a command) or types next, or the asker does; across
 * restarts too.  An asker whose turn timer runs out asks nothing.  Also
 * the properties of render_question_index(), which gives each card of a
 * game its question from the game's seed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/lib/harness.h"
#include "bot/core/render.h"
#include "config/questions.h"
#include "games/cards.h"
#include "games/cheat/cheat.h"

#define CH "#cheater"

/* The harness runs on the built-in configuration, which loads no question
 * file: load the default one. */
static void
load_questions(struct conf *c)
{
	char *cause = NULL;

	if (conf_load_questions(c, &cause) != 0)
		fail_msg("questions: %s", cause);
}

/* A game of questions for alice, bob and carol. */
static struct harness *
deal_questions(uint64_t seed)
{
	static const char *const nicks[] = { "alice", "bob", "carol", NULL };
	struct harness *h = harness_new(seed, load_questions);

	assert_non_null(h->conf.questions);
	harness_deal(h, "questions", nicks);
	return h;
}

/* The text of the question card carries at t's game. */
static const char *
question_of(struct harness *h, int card)
{
	const struct questions *q = h->conf.questions;

	return questions_get(q, render_question_index(questions_count(q),
	    harness_table(h)->seed, card));
}

/* The seat to play lays one card of its hand, a lie (not an ace) or the
 * truth (an ace); its id, or -1 when the hand has no such card. */
static int
lay_first(struct harness *h, int lie)
{
	struct table *t = harness_table(h);
	int seat = harness_turn(h), i, id = -1;
	const struct cards *hand = cheat_hand(t->g, seat);
	char text[32], card[16];

	for (i = 0; i < hand->n; i++) {
		id = hand->c[i];
		if ((cards_rank(id) != CARDS_ACE) == lie)
			break;
	}
	if (i == hand->n)
		return -1;
	cards_plain(id, card, sizeof card);
	snprintf(text, sizeof text, "play %s", card);
	harness_say(h, t->seats[seat].nick, "cheaterbot", text);
	return id;
}

/* Whether t's game waits on an answer. */
static int
paused(struct table *t)
{
	struct game_turn tu;

	t->ops->turn(t->g, &tu);
	return tu.pause && tu.seat < 0 && !tu.over;
}

/* A lie caught: the caller gets the choices with their texts, asks the
 * liar in the channel, and play waits answer_ms, not a moment less. */
static void
test_caught_question(void **state)
{
	struct harness *h = deal_questions(21);
	struct table *t = harness_table(h);
	int liar = harness_turn(h), caller = (liar + 2) % 3;
	int next = (liar + 1) % 3, card, before, line;
	char want[512], plain[16], typed[128];

	(void)state;
	card = lay_first(h, 1);
	assert_true(card >= 0);
	harness_advance(h, 100);
	harness_say(h, t->seats[caller].nick, CH, "!cheat");
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
	snprintf(want, sizeof want, "%s calls cheat on %s!",
	    t->seats[caller].nick, t->seats[liar].nick);
	assert_true(harness_find(h, 0, want, "a lie", NULL) >= 0);
	assert_int_equal(harness_turn(h), caller);

	/* The choices, privately, with the question's text. */
	cards_plain(card, plain, sizeof plain);
	snprintf(want, sizeof want, "NOTICE %s :[#cheater] Your turn: ask %s "
	    "one of these (ask CARD, or ask none): %s: %s", t->seats[caller].nick,
	    t->seats[liar].nick, plain, question_of(h, card));
	line = harness_find(h, 0, want, NULL);
	assert_true(line >= 0);
	assert_null(strstr(h->sent[line], "{q:"));
	assert_true(harness_find(h, 0, "PRIVMSG #cheater", question_of(h,
	    card), NULL) < 0);

	/* Asked in the channel, addressed to the liar. */
	snprintf(typed, sizeof typed, "!ask %s %s:", plain,
	    t->seats[liar].nick);
	harness_say(h, t->seats[caller].nick, CH, typed);
	snprintf(want, sizeof want, "PRIVMSG #cheater :%s asks %s the "
	    "question on %s: %s", t->seats[caller].nick, t->seats[liar].nick,
	    plain, question_of(h, card));
	assert_true(harness_find(h, 0, want, NULL) >= 0);
	assert_true(paused(t));
	assert_int_equal(t->turn_seat, -1);

	/* Nothing happens before answer_ms, whatever anyone types. */
	before = t->nmoves;
	harness_advance(h, (uint64_t)h->conf.answer_ms - 1);
	harness_say(h, t->seats[next].nick, "cheaterbot", "play 2h");
	assert_true(harness_find(h, 0, "a question comes first", NULL) >= 0);
	assert_int_equal(t->nmoves, before);
	assert_true(paused(t));
	harness_say(h, "dave", CH, "!status");
	snprintf(want, sizeof want, "PRIVMSG #cheater :%s answers a question. "
	    "Pile: 0.", t->seats[liar].nick);
	assert_true(harness_find(h, 0, want, NULL) >= 0);
	assert_true(harness_find(h, 0, "Time is up", NULL) < 0);
	harness_advance(h, 1);
	assert_int_equal(t->nmoves, before + 1);
	snprintf(want, sizeof want, "Time is up for the answer. %s to play "
	    "twos.", t->seats[next].nick);
	assert_true(harness_find(h, 0, want, NULL) >= 0);
	assert_int_equal(harness_turn(h), next);
	assert_false(paused(t));
	harness_free(h);
}

/* A wrong call: the player called gets the choices to ask anyone, names
 * the wrong caller (a nick as typed), and the question goes out. */
static void
test_wrong_call_question(void **state)
{
	struct harness *h = deal_questions(5);
	struct table *t = harness_table(h);
	int honest = harness_turn(h), caller = (honest + 1) % 3, card;
	char want[512], plain[16], typed[128];

	(void)state;
	card = lay_first(h, 0);
	assert_true(card >= 0);
	harness_advance(h, 100);
	harness_say(h, t->seats[caller].nick, CH, "!bs");
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
	assert_true(harness_find(h, 0, "honest", NULL) >= 0);
	cards_plain(card, plain, sizeof plain);
	snprintf(want, sizeof want, "NOTICE %s :[#cheater] Your turn: ask "
	    "anyone one of these (ask CARD NICK, or ask none): %s: %s",
	    t->seats[honest].nick, plain, question_of(h, card));
	assert_true(harness_find(h, 0, want, NULL) >= 0);
	snprintf(typed, sizeof typed, "ask %s dave", plain);
	harness_say(h, t->seats[honest].nick, "cheaterbot", typed);
	assert_true(harness_find(h, 0, "no player 'dave' at this table",
	    NULL) >= 0);
	snprintf(typed, sizeof typed, "ask %s %s", plain,
	    t->seats[caller].nick);
	harness_say(h, t->seats[honest].nick, "cheaterbot", typed);
	snprintf(want, sizeof want, "PRIVMSG #cheater :%s asks %s the "
	    "question on %s: %s", t->seats[honest].nick,
	    t->seats[caller].nick, plain, question_of(h, card));
	assert_true(harness_find(h, 0, want, NULL) >= 0);
	assert_true(paused(t));
	harness_advance(h, (uint64_t)h->conf.answer_ms);
	assert_int_equal(harness_turn(h), caller);
	harness_free(h);
}

/* The asker who does not ask runs out of time: no question is asked (the
 * asker may ask, not must), the channel hears so at once although the
 * asker plays next, and play goes on without a pause. */
static void
test_asker_timeout(void **state)
{
	struct harness *h = deal_questions(33);
	struct table *t = harness_table(h);
	int liar = harness_turn(h), caller = (liar + 1) % 3, card, before;
	char want[512];

	(void)state;
	card = lay_first(h, 1);
	assert_true(card >= 0);
	harness_advance(h, 100);
	harness_say(h, t->seats[caller].nick, CH, "!cheat");
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
	assert_int_equal(harness_turn(h), caller);
	before = t->nmoves;
	harness_advance(h, (uint64_t)h->conf.turn_ms);
	assert_int_equal(t->nmoves, before + 1);
	snprintf(want, sizeof want, "PRIVMSG #cheater :%s ran out of time. %s "
	    "asks no question. %s to play twos.", t->seats[caller].nick,
	    t->seats[caller].nick, t->seats[caller].nick);
	assert_true(harness_find(h, 0, want, NULL) >= 0);
	assert_true(harness_find(h, 0, "the question on", NULL) < 0);
	assert_false(paused(t));
	assert_int_equal(harness_turn(h), caller);
	harness_free(h);
}

/* A lie laid and caught, and the caller's question on its card asked in
 * private: the game waits for the liar's answer.  The seats of the liar,
 * the asker and the player after the liar into *liar, *asker, *next. */
static struct harness *
asked(uint64_t seed, int *liar, int *asker, int *next)
{
	struct harness *h = deal_questions(seed);
	struct table *t = harness_table(h);
	char typed[32], plain[16];
	int card;

	*liar = harness_turn(h);
	*next = (*liar + 1) % 3;
	*asker = (*liar + 2) % 3;
	card = lay_first(h, 1);
	assert_true(card >= 0);
	harness_advance(h, 100);
	harness_say(h, t->seats[*asker].nick, CH, "!cheat");
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
	cards_plain(card, plain, sizeof plain);
	snprintf(typed, sizeof typed, "ask %s", plain);
	harness_say(h, t->seats[*asker].nick, "cheaterbot", typed);
	assert_true(paused(t));
	return h;
}

/* The question says who answers and how to go on; any line of the liar's
 * in the channel is the answer and ends the wait at once, with the
 * answer's timer (no second move).  Nobody else's talk does, nor the
 * liar's words to the bot in private, nor a command of theirs (!status:
 * they may want the question again). */
static void
test_answer_heard(void **state)
{
	int liar, asker, next, before;
	struct harness *h = asked(21, &liar, &asker, &next);
	struct table *t = harness_table(h);
	const char *ln = t->seats[liar].nick;
	char want[256];

	(void)state;
	snprintf(want, sizeof want, " - %s answers in the channel; next goes "
	    "on.", ln);
	assert_true(harness_find(h, 0, "PRIVMSG #cheater :",
	    t->seats[asker].nick, "the question on", want, NULL) >= 0);
	before = t->nmoves;
	harness_advance(h, 1000);
	harness_say(h, t->seats[asker].nick, CH, "take your time");
	harness_say(h, t->seats[next].nick, CH, "a cat, surely");
	harness_say(h, "dave", CH, "I know this one");
	harness_say(h, ln, "cheaterbot", "a cat");
	harness_say(h, ln, CH, "!status");
	assert_true(harness_find(h, 0, "answers a question. Pile:", NULL) >=
	    0);
	assert_int_equal(t->nmoves, before);
	assert_true(paused(t));

	harness_say(h, ln, CH, "A cat, obviously: they sleep all day");
	assert_int_equal(t->nmoves, before + 1);
	assert_false(paused(t));
	assert_int_equal(harness_turn(h), next);
	snprintf(want, sizeof want, "PRIVMSG #cheater :%s has answered. %s to "
	    "play twos.", ln, t->seats[next].nick);
	assert_true(harness_find(h, 0, want, NULL) >= 0);
	harness_say(h, ln, CH, "really!");
	harness_advance(h, (uint64_t)h->conf.answer_ms);
	assert_int_equal(t->nmoves, before + 1);
	assert_true(harness_find(h, 0, "Time is up", NULL) < 0);
	harness_free(h);
}

/* The one asked plays next (a wrong caller, asked by the player they
 * called): their line ends the wait, and the channel hears so at once,
 * not with their play, though the move is theirs and they move again. */
static void
test_heard_plays_next(void **state)
{
	struct harness *h = deal_questions(5);
	struct table *t = harness_table(h);
	int honest = harness_turn(h), caller = (honest + 1) % 3, card, from;
	const char *cn = t->seats[caller].nick;
	char want[256], typed[128], plain[16];

	(void)state;
	card = lay_first(h, 0);
	assert_true(card >= 0);
	harness_advance(h, 100);
	harness_say(h, cn, CH, "!bs");
	harness_advance(h, (uint64_t)h->conf.challenge_tie_ms);
	cards_plain(card, plain, sizeof plain);
	snprintf(typed, sizeof typed, "ask %s %s", plain, cn);
	harness_say(h, t->seats[honest].nick, "cheaterbot", typed);
	assert_true(paused(t));
	from = h->nsent;
	harness_say(h, cn, CH, "the sea, every time");
	assert_false(paused(t));
	assert_int_equal(harness_turn(h), caller);
	snprintf(want, sizeof want, "PRIVMSG #cheater :%s has answered. %s to "
	    "play twos.", cn, cn);
	assert_true(harness_find(h, from, want, NULL) >= 0);
	harness_free(h);
}

/* An ACTION (/me) in the channel is a line too; another CTCP is not. */
static void
test_answer_action(void **state)
{
	int liar, asker, next, before;
	struct harness *h = asked(21, &liar, &asker, &next);
	struct table *t = harness_table(h);
	const char *ln = t->seats[liar].nick;

	(void)state;
	before = t->nmoves;
	harness_say(h, ln, CH, "\001PING 1\001");
	assert_int_equal(t->nmoves, before);
	harness_say(h, ln, CH, "\001ACTION thinks of a cat\001");
	assert_int_equal(t->nmoves, before + 1);
	assert_false(paused(t));
	harness_free(h);
}

/* next ends the wait too, from the asker in the channel; from a player
 * the question is not about, it is refused. */
static void
test_next(void **state)
{
	int liar, asker, next, before;
	struct harness *h = asked(21, &liar, &asker, &next);
	struct table *t = harness_table(h);
	char want[256];

	(void)state;
	before = t->nmoves;
	harness_say(h, t->seats[next].nick, CH, "!next");
	snprintf(want, sizeof want, "%s :[#cheater] only the player asked, or "
	    "the one who asked, ends the wait", t->seats[next].nick);
	assert_true(harness_find(h, 0, want, NULL) >= 0);
	assert_int_equal(t->nmoves, before);
	harness_say(h, t->seats[asker].nick, CH, "!next");
	assert_int_equal(t->nmoves, before + 1);
	snprintf(want, sizeof want, "PRIVMSG #cheater :%s moves on. %s to play "
	    "twos.", t->seats[asker].nick, t->seats[next].nick);
	assert_true(harness_find(h, 0, want, NULL) >= 0);
	assert_int_equal(harness_turn(h), next);
	harness_advance(h, (uint64_t)h->conf.answer_ms);
	assert_int_equal(t->nmoves, before + 1);
	assert_true(harness_find(h, 0, "Time is up", NULL) < 0);
	harness_free(h);
}

/* A restart during the wait: the game goes on waiting, the liar's line
 * still ends it, and that move, logged, is replayed by the next restart
 * (play goes on with the next player, not paused). */
static void
test_heard_restart(void **state)
{
	int liar, asker, next, before;
	struct harness *h = asked(21, &liar, &asker, &next);
	struct table *t = harness_table(h);
	char ln[NICK_MAX];

	(void)state;
	snprintf(ln, sizeof ln, "%s", t->seats[liar].nick);
	before = t->nmoves;
	harness_clear(h);
	harness_restart(h, NULL);
	t = harness_table(h);
	assert_non_null(t);
	assert_true(harness_find(h, 0, "goes on after a restart", NULL) >= 0);
	assert_true(paused(t));
	harness_say(h, ln, CH, "a cat");
	assert_int_equal(t->nmoves, before + 1);
	assert_false(paused(t));
	harness_restart(h, NULL);
	t = harness_table(h);
	assert_non_null(t);
	assert_int_equal(t->nmoves, before + 1);
	assert_false(paused(t));
	assert_int_equal(harness_turn(h), next);
	harness_free(h);
}

/* Within a game the cards of a deck carry different questions when there
 * are enough of them; another seed deals them otherwise; a seed always
 * gives the same. */
static void
test_question_index(void **state)
{
	static const int counts[] = { 52, 53, 64, 116, 300 };
	int seen[300], first[104], i, k, card, differ;
	uint64_t seed;

	(void)state;
	for (k = 0; k < (int)(sizeof counts / sizeof counts[0]); k++) {
		for (seed = 1; seed <= 50; seed++) {
			memset(seen, 0, sizeof seen);
			for (card = 0; card < 104; card++) {
				i = render_question_index(counts[k], seed,
				    card);
				assert_in_range(i, 0, counts[k] - 1);
				assert_int_equal(render_question_index(
				    counts[k], seed, card), i);
				if (card < CARDS_DECK)
					assert_int_equal(seen[i]++, 0);
			}
		}
	}
	for (seed = 1; seed <= 50; seed++) {
		for (card = 0; card < 104; card++)
			first[card] = render_question_index(116, seed, card);
		differ = 0;
		for (card = 0; card < CARDS_DECK; card++)
			differ += first[card] != render_question_index(116,
			    seed + 1, card);
		assert_true(differ > 0);
	}
	assert_int_equal(render_question_index(1, 7, 30), 0);
}

/* The question text goes where {q:CARD} was; other markup stays. */
static void
test_render_questions(void **state)
{
	struct questions *q;
	struct buf out = BUF_INIT;
	char *cause = NULL, want[512];

	(void)state;
	q = questions_load("config/questions.txt", &cause);
	if (q == NULL)
		fail_msg("questions: %s", cause);
	render_questions(&out, "{p:1} asks: {q:16} {{q:3}} {q:x}", q, 9);
	snprintf(want, sizeof want, "{p:1} asks: %s {{q:3}} {q:x}",
	    questions_get(q, render_question_index(questions_count(q), 9,
	    16)));
	assert_string_equal(buf_str(&out), want);
	buf_reset(&out);
	render_questions(&out, "{q:16}", NULL, 9);
	assert_string_equal(buf_str(&out), "{q:16}");
	buf_free(&out);
	questions_free(q);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_caught_question),
		cmocka_unit_test(test_wrong_call_question),
		cmocka_unit_test(test_asker_timeout),
		cmocka_unit_test(test_answer_heard),
		cmocka_unit_test(test_heard_plays_next),
		cmocka_unit_test(test_answer_action),
		cmocka_unit_test(test_next),
		cmocka_unit_test(test_heard_restart),
		cmocka_unit_test(test_question_index),
		cmocka_unit_test(test_render_questions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
