/*
 * AI seats by name, as people type them (tests/lib/harness.c): every
 * place that takes a player's name reads it by one rule (nick_named()):
 * "Grace", "grace" and "Grace(AI)" name Grace(AI), and a person whose
 * nick is an AI's name keeps the bare name, the AI then needing "(AI)".
 * The places: a move naming a player (a variant's seat_args, here
 * CHEATER's and Liar's UNO's, typed with the AI's bare name in lower
 * case), !removebot, !kick, and the records (!stats, !bluffs, !streak,
 * !rating, !titles, !history), where an AI's record is every game it
 * finished (docs/ai.md, Records).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/core/render.h"
#include "bot/core/table.h"
#include "storage/store.h"
#include "tests/lib/harness.h"

#define CH "#cheater"

/* AI seats think 0.2 to 0.6 s; turns never run out meanwhile. */
static void
quick(struct conf *c)
{
	c->ai_think_min_ms = 200;
	c->ai_think_max_ms = 600;
	c->turn_ms = 3600 * 1000;
	c->turn_warn_ms = 0;
}

/* A person called nick joins #cheater (nick!nick@test.host). */
static void
join(struct harness *h, const char *nick)
{
	char line[128];

	snprintf(line, sizeof line, ":%s!%s@test.host JOIN %s", nick, nick,
	    CH);
	harness_line(h, line);
}

/* The name people type for seat s of t: a person's nick as it is; an
 * AI seat's name without its "(AI)", in lower case ("grace"), unless a
 * person at t has that name, who keeps it: then the AI's whole name,
 * in lower case ("grace(ai)"). */
static void
typed_name(const struct table *t, int s, char *buf, size_t size)
{
	size_t i, len;
	int j;

	snprintf(buf, size, "%s", t->seats[s].nick);
	if (!t->seats[s].ai)
		return;
	len = strlen(buf) - strlen(NICK_AI);
	for (j = 0; j < t->nseats; j++) {
		if (!t->seats[j].ai && strlen(t->seats[j].nick) == len &&
		    strncasecmp(t->seats[j].nick, buf, len) == 0)
			len = strlen(buf);
	}
	buf[len] = '\0';
	for (i = 0; i < len; i++)
		buf[i] = (char)tolower((unsigned char)buf[i]);
}

/* A legal move a person at t can type now, into *mv: the seat it names
 * (another's), or -1 when it names none; -2 when no person has a move
 * that can be typed among those tried. */
static int
person_move(struct table *t, struct rng *r, struct game_move *mv)
{
	struct game_move other;
	char text[1024];
	const char *p;
	int tries, named, found = -2;

	for (tries = 0; tries < 400; tries++) {
		if (t->ops->sample(t->g, r, mv) != 0)
			break;
		if (mv->seat < 0 || t->seats[mv->seat].ai ||
		    t->ops->command(t->g, mv, text, sizeof text) < 0)
			continue;
		if ((p = strstr(text, "{p:")) != NULL &&
		    (named = atoi(p + 3)) >= 0 && named < t->nseats &&
		    named != mv->seat)
			return named;
		other = *mv;
		found = -1;
	}
	if (found == -1)
		*mv = other;
	return found;
}

/* mv's player types it with every seat named as people type it; the
 * game's log must then end with mv. */
static void
type_with_names(struct harness *h, struct table *t, const struct game_move *mv)
{
	char names[GAME_MAX_SEATS][NICK_MAX], text[1024], want[1024];
	const char *list[GAME_MAX_SEATS];
	struct buf typed = BUF_INIT;
	struct store_game *sg;
	int64_t id = t->game_id;
	int cmd, i;

	cmd = t->ops->command(t->g, mv, text, sizeof text);
	game_move_format(t->ops, mv, want, sizeof want);
	for (i = 0; i < t->nseats; i++) {
		typed_name(t, i, names[i], sizeof names[i]);
		list[i] = names[i];
	}
	render(&typed, text, list, t->nseats, 0);
	/* The move may end the game, and t with it. */
	harness_say(h, t->seats[mv->seat].nick,
	    t->ops->cmds[cmd].where & GAME_WHERE_PRIVATE ? "cheaterbot" : CH,
	    buf_str(&typed));
	harness_drain(h);
	sg = store_game_load(h->store, id, NULL);
	assert_non_null(sg);
	if (sg->nmoves == 0 || strcmp(sg->moves[sg->nmoves - 1].text,
	    want) != 0) {
		harness_dump(h);
		fail_msg("'%s' was not played as %s", buf_str(&typed), want);
	}
	store_game_free(sg);
	buf_free(&typed);
}

/* Games of variant with alice (and, with grace, a person called Grace)
 * against AI seats (Ada, Alan, Grace): whenever a person may make a move
 * that names another seat, it is typed with that seat's name as people
 * type it (typed_name()), until want such moves named an AI seat, and
 * with grace one named Grace(AI) as "grace(ai)" and one the person
 * Grace; else the persons make other moves of theirs. */
static void
named_moves(const char *variant, uint64_t seed, int want, int grace)
{
	struct harness *h = harness_new(seed, quick);
	int ai = 0, person = 0, ai_grace = 0, steps, named;
	struct game_move mv;
	struct table *t;
	struct rng r;
	char cmd[64];

	rng_seed(&r, seed);
	harness_say(h, "alice", "cheaterbot", "set colour off");
	if (grace) {
		join(h, "Grace");
		harness_say(h, "Grace", "cheaterbot", "set colour off");
	}
	for (steps = 0; steps < 20000 && (ai < want || (grace &&
	    (person == 0 || ai_grace == 0))); steps++) {
		if ((t = harness_table(h)) == NULL) {
			snprintf(cmd, sizeof cmd, "!play %s bots=3", variant);
			harness_say(h, "alice", CH, cmd);
			if (grace)
				harness_say(h, "Grace", CH, "!join");
			harness_say(h, "alice", CH, "!start");
			t = harness_table(h);
			assert_int_equal(t->state, TABLE_PLAYING);
		}
		if ((named = person_move(t, &r, &mv)) >= 0) {
			/* Counted first: the move may end the game. */
			ai += t->seats[named].ai;
			person += !t->seats[named].ai;
			ai_grace += strcmp(t->seats[named].nick,
			    "Grace(AI)") == 0;
			type_with_names(h, t, &mv);
		} else if (named == -1)
			harness_type_move(h, &mv);
		harness_advance(h, 700);
		harness_clear(h);
	}
	assert_true(ai >= want);
	if (grace)
		assert_true(person > 0 && ai_grace > 0);
	harness_free(h);
}

static void
test_move_cheater(void **state)
{
	(void)state;
	named_moves("cheater", 11, 3, 0);
}

static void
test_move_liarsuno(void **state)
{
	(void)state;
	named_moves("liarsuno", 12, 1, 0);
}

/* A person called Grace at the table: "Grace" names the person, and
 * Grace(AI) is typed "grace(ai)". */
static void
test_move_person_named_like_ai(void **state)
{
	(void)state;
	named_moves("cheater", 13, 1, 1);
}

/* A command about a player, and what its answer must hold: its start,
 * and more after it (NULL: nothing more). */
struct asked {
	const char *command;
	const char *answer;
	const char *also;
};

/* Each command of v (ended by a NULL command) typed in the channel by
 * nick, each answered there with a line that holds its answer. */
static void
asked(struct harness *h, const char *nick, const struct asked *v)
{
	char want[256];

	for (; v->command != NULL; v++) {
		harness_clear(h);
		harness_say(h, nick, CH, v->command);
		harness_drain(h);
		snprintf(want, sizeof want, "PRIVMSG %s :%s", CH, v->answer);
		if (harness_find(h, 0, want, v->also, NULL) < 0) {
			harness_dump(h);
			fail_msg("%s: no \"%s\"", v->command, want);
		}
	}
}

/* A person called Grace and Grace(AI) at one table: "Grace" is the
 * person, "grace(ai)" the AI, for the table's lookup and for !removebot
 * and !kick, which read names by the same rule. */
static void
test_person_named_like_ai(void **state)
{
	struct harness *h = harness_new(5, quick);
	static const struct asked removed[] = {
		{ "!removebot grace(ai)", "Grace(AI) leaves the CHEATER lobby",
		    NULL },
		{ "!removebot claude", "Claude(AI) leaves the CHEATER lobby",
		    NULL },
		{ NULL, NULL, NULL },
	};
	static const struct asked kicks[] = {
		{ "!kick ada", "Ada(AI) was removed from the game by oper.",
		    NULL },
		{ "!kick Grace", "Grace was removed from the game by oper.",
		    NULL },
		{ NULL, NULL, NULL },
	};
	struct table *t;
	int i;

	(void)state;
	join(h, "Grace");
	harness_say(h, "alice", CH, "!play cheater");
	harness_say(h, "Grace", CH, "!join");
	for (i = 0; i < 4; i++)
		harness_say(h, "alice", CH, "!addbot");
	harness_drain(h);
	t = harness_table(h);
	assert_int_equal(t->nseats, 6);
	assert_string_equal(t->seats[4].nick, "Grace(AI)");
	assert_int_equal(table_seat_named(t, "Grace"), 1);
	assert_int_equal(table_seat_named(t, "grace"), 1);
	assert_int_equal(table_seat_named(t, "grace(ai)"), 4);
	assert_int_equal(table_seat_named(t, "ADA"), 2);
	assert_int_equal(table_seat_named(t, "Zed"), -1);
	/* !removebot: the bare name is the person's, refused; the AI by
	 * its whole name, and another by its bare name. */
	harness_say(h, "alice", CH, "!removebot Grace");
	harness_drain(h);
	assert_true(harness_find(h, 0, "NOTICE alice :[#cheater] Grace is a "
	    "person, not an AI seat (an AI's name ends in (AI))", NULL) >= 0);
	assert_int_equal(t->nseats, 6);
	asked(h, "alice", removed);
	assert_int_equal(t->nseats, 4);
	harness_say(h, "alice", CH, "!start");
	harness_drain(h);
	t = harness_table(h);
	assert_int_equal(t->state, TABLE_PLAYING);
	/* !kick: the bare name of an AI seat, then the person. */
	asked(h, "oper", kicks);
	assert_true(t->seats[1].gone);
	assert_false(t->seats[3].gone);
	harness_free(h);
}

/* alice plays Cheat against Ada(AI) to its end. */
static void
play_against_ada(struct harness *h)
{
	struct game_move mv;
	struct table *t;
	struct rng r;
	int steps;

	rng_seed(&r, 3);
	harness_say(h, "alice", "cheaterbot", "set colour off");
	harness_say(h, "alice", CH, "!play cheat bots=1");
	harness_say(h, "alice", CH, "!start");
	for (steps = 0; steps < 6000; steps++) {
		if ((t = harness_table(h)) == NULL)
			break;
		if (person_move(t, &r, &mv) == -1)
			harness_type_move(h, &mv);
		harness_advance(h, 700);
	}
	assert_null(harness_table(h));
	harness_clear(h);
}

/* The records: an AI seat's by its bare name, its record every game it
 * finished; a person called like an AI keeps the bare name, in the
 * channel with no game yet, or out of it with games recorded. */
static void
test_records(void **state)
{
	struct harness *h = harness_new(5, quick);
	static const char *const pair[] = { "Ada", "bob", NULL };
	static const struct asked ada[] = {
		{ "!stats Ada", "Ada(AI), all games: ", " of 1 played (" },
		{ "!stats ada cheat", "Ada(AI), Cheat: ", "; an AI seat, on no "
		    "board." },
		{ "!stats ADA(ai)", "Ada(AI), all games: ", NULL },
		{ "!bluffs ada", "Ada(AI), all games, 1 game: ", NULL },
		{ "!history Ada", "Recent games of Ada(AI): #1 Cheat", NULL },
		{ "!streak Ada", "Ada(AI) is an AI seat: streaks, titles and "
		    "ratings are kept for people (!stats Ada(AI) gives its "
		    "record).", NULL },
		{ "!rating Ada", "Ada(AI) has no rated game yet.", NULL },
		{ "!titles Ada", "Ada(AI) has no titles yet.", NULL },
		{ NULL, NULL, NULL },
	};
	static const struct asked person[] = {
		{ "!stats Ada", "Ada has not finished a game yet.", NULL },
		{ "!history ada", "No games of Ada yet.", NULL },
		{ NULL, NULL, NULL },
	};
	static const struct asked both[] = {
		{ "!stats Ada", "Ada, all games: ", " won of 1 played" },
		{ "!stats ada(ai)", "Ada(AI), all games: ", " of 1 played (" },
		{ NULL, NULL, NULL },
	};

	(void)state;
	play_against_ada(h);
	asked(h, "carol", ada);
	/* A person called Ada, in the channel: the bare name is theirs. */
	join(h, "Ada");
	asked(h, "carol", person);
	/* ... and once recorded, out of the channel too. */
	harness_play_game(h, "cheat", pair, 4000);
	assert_null(harness_table(h));
	harness_line(h, ":Ada!Ada@test.host PART #cheater");
	asked(h, "carol", both);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_move_cheater),
		cmocka_unit_test(test_move_liarsuno),
		cmocka_unit_test(test_move_person_named_like_ai),
		cmocka_unit_test(test_person_named_like_ai),
		cmocka_unit_test(test_records),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
