/*
 * Transcript tests of AI seats in the bot core (tests/lib/harness.c):
 * !addbot, !removebot and !play GAME bots=N; whole games of every variant
 * with one person and three AI seats, which act through the same path as
 * a person and are sent nothing; an AI that answers a question aloud; a
 * table left with AI seats alone ending unrecorded; a seat taken over by
 * an AI when its player is gone for good; AI seats after a restart; and
 * the records (!stats apart, no AI seat on !top).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/core/core.h"
#include "storage/store.h"
#include "tests/lib/harness.h"

#define CH "#cheater"

/* AI seats think 0.2 to 0.6 s here: time the tests move by hand. */
static void
quick(struct conf *c)
{
	c->ai_think_min_ms = 200;
	c->ai_think_max_ms = 600;
}

/* The same, and a seat whose player is gone is taken over. */
static void
quick_takeover(struct conf *c)
{
	quick(c);
	c->ai_takeover = 1;
	c->part_grace_ms = 5000;
}

/* Whether any line sent from from on goes privately to an AI seat. */
static int
told_ai(struct harness *h, int from)
{
	int i;

	for (i = from; i < h->nsent; i++)
		if (strstr(h->sent[i], "(AI) :") != NULL &&
		    (strncmp(h->sent[i], "NOTICE ", 7) == 0 ||
		    strncmp(h->sent[i], "PRIVMSG ", 8) == 0) &&
		    strchr("#&", h->sent[i][h->sent[i][0] == 'N' ? 7 : 8]) ==
		    NULL) {
			fprintf(stderr, "to an AI seat: %s\n", h->sent[i]);
			return 1;
		}
	return 0;
}

/* A move alice may type now at t, into *mv: the rules' default move
 * when she can type it, else one of the rules' random moves of hers (the
 * default may be one nobody types, a draw and a pass in one); 0, or -1
 * when she has none to make. */
static int
alice_move(struct table *t, struct rng *r, struct game_move *mv)
{
	char text[1024];
	int tries;

	if (t->turn.seat < 0 || t->seats[t->turn.seat].ai ||
	    strcmp(t->seats[t->turn.seat].nick, "alice") != 0)
		return -1;
	t->ops->timeout(t->g, mv);
	for (tries = 0; tries < 500; tries++) {
		if (mv->seat == t->turn.seat &&
		    t->ops->command(t->g, mv, text, sizeof text) >= 0)
			return 0;
		if (t->ops->sample(t->g, r, mv) != 0)
			return -1;
	}
	return -1;
}

/* Steps of 0.7 s a whole game may take.  alice never sheds a card in
 * Liar's UNO (her default move draws and keeps), and the hard seats pass
 * their small hands on with 7s: one such game here ran 6407 steps (75
 * minutes of its clock, 4 s of the test's), so the bound is far past
 * it; a game that does not end is what it catches. */
#define PLAY_STEPS 20000

/* alice plays her turns (the rules' default move, typed) and the AI
 * seats theirs until the game ends or max steps; the number of steps.
 * Lines are looked at and forgotten as it goes: none may go privately to
 * an AI seat, and *over is set when the game's end was said. */
static int
play_out(struct harness *h, int max, int *over)
{
	struct game_move mv;
	struct table *t;
	struct rng r;
	int steps;

	*over = 0;
	rng_seed(&r, 5);
	for (steps = 0; steps < max; steps++) {
		t = harness_table(h);
		if (t == NULL || t->state != TABLE_PLAYING)
			break;
		if (alice_move(t, &r, &mv) == 0)
			harness_type_move(h, &mv);
		harness_advance(h, 700);
		harness_drain(h);
		assert_false(told_ai(h, 0));
		/* Every seat acts in time: an AI seat put off by a call or
		 * a held move thinks again. */
		assert_true(harness_find(h, 0, "ran out of time", NULL) < 0);
		*over |= harness_find(h, 0, "Game over", NULL) >= 0;
		harness_clear(h);
	}
	return steps;
}

/* One person against three AI seats, a whole game of variant. */
static void
whole_game(const char *variant)
{
	struct harness *h = harness_new(3, quick);
	char cmd[64];
	int over, steps;

	harness_say(h, "alice", "cheaterbot", "set colour off");
	snprintf(cmd, sizeof cmd, "!play %s bots=3 level=hard", variant);
	harness_say(h, "alice", CH, cmd);
	harness_drain(h);
	assert_true(harness_find(h, 0, "alice opens a", "with 3 hard AI seats",
	    NULL) >= 0);
	harness_say(h, "alice", CH, "!status");
	harness_drain(h);
	assert_true(harness_find(h, 0, "alice, Ada(AI) hard, Alan(AI) hard, "
	    "Grace(AI) hard (4 seated", NULL) >= 0);
	harness_say(h, "alice", CH, "!start");
	harness_drain(h);
	if (harness_table(h) == NULL ||
	    harness_table(h)->state != TABLE_PLAYING) {
		harness_dump(h);
		fail_msg("%s: not dealt", variant);
	}
	assert_false(told_ai(h, 0));
	if ((steps = play_out(h, PLAY_STEPS, &over)) >= PLAY_STEPS || !over)
		fail_msg("%s: no end: %d steps, table %s, over %d", variant,
		    steps, harness_table(h) == NULL ? "gone" : "there", over);
	harness_free(h);
}

static void
test_cheat(void **state)
{
	(void)state;
	whole_game("cheat");
}

static void
test_cheater(void **state)
{
	(void)state;
	whole_game("cheater");
}

static void
test_questions(void **state)
{
	(void)state;
	whole_game("questions");
}

static void
test_liarsuno(void **state)
{
	(void)state;
	whole_game("liarsuno");
}

static void
test_cheesedog(void **state)
{
	(void)state;
	whole_game("cheesedog");
}

/* !addbot and !removebot, and what they refuse. */
static void
test_lobby(void **state)
{
	struct harness *h = harness_new(3, quick);
	struct table *t;
	int i;

	(void)state;
	harness_say(h, "alice", CH, "!addbot");
	harness_drain(h);
	assert_true(harness_find(h, 0, "no lobby is open here", NULL) >= 0);
	harness_say(h, "alice", CH, "!play cheat");
	harness_say(h, "bob", CH, "!addbot");
	harness_drain(h);
	assert_true(harness_find(h, 0, "NOTICE bob", "not playing at this "
	    "table", NULL) >= 0);
	harness_say(h, "alice", CH, "!addbot genius");
	harness_drain(h);
	assert_true(harness_find(h, 0, "the levels are easy, normal, hard and expert",
	    NULL) >= 0);
	harness_say(h, "alice", CH, "!addbot easy");
	harness_say(h, "alice", CH, "!addbot");
	harness_drain(h);
	assert_true(harness_find(h, 0, "Ada(AI) sits in, an AI playing easy "
	    "(2 seated for Cheat)", NULL) >= 0);
	assert_true(harness_find(h, 0, "Alan(AI) sits in, an AI playing "
	    "normal (3 seated", NULL) >= 0);
	harness_say(h, "alice", CH, "!removebot Ada");
	harness_drain(h);
	assert_true(harness_find(h, 0, "Ada(AI) leaves the Cheat lobby (2 "
	    "seated)", NULL) >= 0);
	harness_say(h, "alice", CH, "!removebot Zed");
	harness_drain(h);
	assert_true(harness_find(h, 0, "no AI seat here is called that",
	    NULL) >= 0);
	/* Names come round again with a number once all are seated. */
	for (i = 0; i < 9; i++)
		harness_say(h, "alice", CH, "!addbot");
	harness_drain(h);
	assert_true(harness_find(h, 0, "the table is full", NULL) >= 0);
	t = harness_table(h);
	assert_int_equal(t->nseats, 10);
	assert_string_equal(t->seats[1].nick, "Alan(AI)");
	assert_string_equal(t->seats[2].nick, "Ada(AI)");
	/* A person's nick cannot take an AI seat's moves or name. */
	harness_say(h, "Ada(AI)", CH, "!leave");
	harness_drain(h);
	assert_int_equal(harness_table(h)->nseats, 10);
	/* The last person leaves: the lobby closes. */
	harness_say(h, "alice", CH, "!leave");
	harness_drain(h);
	assert_true(harness_find(h, 0, "alice leaves the Cheat lobby, which "
	    "closes.", NULL) >= 0);
	assert_null(harness_table(h));
	harness_free(h);
}

/* The last person leaves a game: it ends at once, unrecorded. */
static void
test_no_person_left(void **state)
{
	struct harness *h = harness_new(3, quick);
	struct store_stats st;

	(void)state;
	harness_say(h, "alice", CH, "!play cheater bots=2");
	harness_say(h, "alice", CH, "!start");
	harness_say(h, "alice", CH, "!leave");
	harness_say(h, "alice", CH, "!leave");
	harness_drain(h);
	assert_true(harness_find(h, 0, "Only AI seats are left: the game ends "
	    "here, unrecorded.", NULL) >= 0);
	assert_null(harness_table(h));
	assert_int_equal(store_stats(h->store, "alice", NULL, &st, NULL), 0);
	assert_int_equal(st.games, 0);
	harness_free(h);
}

/* ai.takeover: alice quits and does not come back; an AI plays on. */
static void
test_takeover(void **state)
{
	struct harness *h = harness_new(3, quick_takeover);
	struct table *t;

	(void)state;
	harness_say(h, "alice", CH, "!play cheat");
	harness_say(h, "bob", CH, "!join");
	harness_say(h, "carol", CH, "!join");
	harness_say(h, "alice", CH, "!start");
	harness_drain(h);
	harness_line(h, ":carol!carol@test.host QUIT :gone");
	harness_advance(h, 6000);
	harness_drain(h);
	assert_true(harness_find(h, 0, "carol did not come back in time: an "
	    "AI plays on in that seat.", NULL) >= 0);
	t = harness_table(h);
	assert_non_null(t);
	assert_true(t->seats[2].ai);
	assert_string_equal(t->seats[2].nick, "carol(AI)");
	harness_free(h);
}

/* A restart: the AI seats are AI seats again, and the game goes on. */
static void
test_restart(void **state)
{
	struct harness *h = harness_new(3, quick);
	struct table *t;
	int over;

	(void)state;
	harness_say(h, "alice", CH, "!play cheat bots=2 level=easy");
	harness_say(h, "alice", CH, "!start");
	harness_advance(h, 3000);
	harness_restart(h, NULL);
	t = harness_table(h);
	assert_non_null(t);
	assert_true(t->seats[1].ai && t->seats[2].ai);
	assert_int_equal(t->seats[1].level, AI_EASY);
	assert_false(t->seats[1].away);
	assert_true(play_out(h, PLAY_STEPS, &over) < PLAY_STEPS);
	assert_true(over);
	harness_free(h);
}

/* Records: on the solo ladder's line of !stats, and no AI seat on
 * !top. */
static void
test_records(void **state)
{
	struct harness *h = harness_new(3, quick);
	int over;

	(void)state;
	harness_say(h, "alice", CH, "!play cheat bots=1");
	harness_say(h, "alice", CH, "!start");
	play_out(h, PLAY_STEPS, &over);
	assert_true(over);
	harness_clear(h);
	harness_say(h, "alice", CH, "!stats alice");
	harness_say(h, "alice", CH, "!top cheat games");
	harness_drain(h);
	/* Not the league's (ai.records is off): the solo ladder's line. */
	assert_true(harness_find(h, 0, "alice, all games:", NULL) < 0);
	assert_true(harness_find(h, 0, "alice, solo: 1 game against AI "
	    "seats, ", NULL) >= 0);
	assert_true(harness_find(h, 0, "(AI)", NULL) < 0);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lobby),
		cmocka_unit_test(test_cheat),
		cmocka_unit_test(test_cheater),
		cmocka_unit_test(test_questions),
		cmocka_unit_test(test_liarsuno),
		cmocka_unit_test(test_cheesedog),
		cmocka_unit_test(test_no_person_left),
		cmocka_unit_test(test_takeover),
		cmocka_unit_test(test_restart),
		cmocka_unit_test(test_records),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
