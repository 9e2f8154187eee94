/*
 * Unit tests for games/liarsuno*.c, random games: sampled moves typed as
 * players would type them (command(), then parse() where the command is
 * typed), timeouts and now and then a leave, for 2 to 10 players, with
 * and without points, through the fixture of tests/lib/liarsuno-deal.c,
 * which checks after every move the invariants, that no public line
 * names a card the public has not seen, and that every hand changed is
 * shown to its holder as it is.  The games must end, and must have gone
 * through the rules' corners: challenges, claimed actions waiting for
 * their cards to stand, Wild Liar's Challenges (and their players done
 * early), UNO calls, reshuffles.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "games/game.h"
#include "games/liarsuno/liarsuno.h"
#include "games/rng.h"
#include "tests/lib/liarsuno-deal.h"

#define GAMES 90

/* Plays mv as its seat would type it, where the command is typed, or
 * as a move when nobody types it (the table's). */
static void
play(struct fx *f, const struct game_move *mv)
{
	char words[128], line[160], text[256];
	int cmd;

	cmd = liarsuno_ops.command(f->g, mv, words, sizeof words);
	game_move_format(&liarsuno_ops, mv, text, sizeof text);
	if (cmd < 0) {
		if (fx_apply(f, mv) != 0)
			fail_msg("'%s' refused: %s", text, f->cause);
		return;
	}
	snprintf(line, sizeof line, "%s%s",
	    liarsuno_ops.cmds[cmd].where & GAME_WHERE_PRIVATE ? "" : "!",
	    words);
	if (fx_do(f, mv->seat, line) != 0)
		fail_msg("'%s' for '%s' refused: %s", line, text, f->cause);
}

/* 1 if the move's public line holds part. */
static int
said(struct fx *f, const char *part)
{
	return strstr(fx_said(f, GAME_PUBLIC), part) != NULL;
}

static void
test_random_games(void **state)
{
	struct game_move mv;
	struct game_turn t;
	struct rng rng;
	struct fx *f;
	char text[32];
	int game, moves, seat, ended = 0, challenges = 0, wlcs = 0;
	int unos = 0, reshuffles = 0, hands = 0, dones = 0, actions = 0;

	(void)state;
	rng_seed(&rng, 2025);
	for (game = 0; game < GAMES; game++) {
		f = lx_new_with(2 + game % 9, game % 2, game % 3 == 0 ?
		    "points=1 target=150" : NULL, (uint64_t)game + 1);
		for (moves = 0; moves < 4000; moves++) {
			liarsuno_ops.turn(f->g, &t);
			if (t.over)
				break;
			if (rng_below(&rng, 500) == 0) {
				/* A seat still playing leaves. */
				seat = (int)rng_below(&rng,
				    (uint32_t)f->nseats);
				snprintf(text, sizeof text, "%d leave", seat);
				if (fx_move(f, text) != 0)
					continue;
			} else if (rng_below(&rng, 10) == 0)
				lx_timeout(f);
			else {
				assert_int_equal(liarsuno_ops.sample(f->g,
				    &rng, &mv), 0);
				play(f, &mv);
			}
			challenges += said(f, " challenges {p:");
			wlcs += said(f, "Wild Liar's Challenge: everyone");
			dones += said(f, " is done: under the WLC");
			actions += said(f, "Challenge it, or it takes effect.");
			unos += said(f, " calls UNO");
			reshuffles += said(f, "The draw pile ran out");
			hands += said(f, " of Liar's UNO to ");
		}
		liarsuno_ops.turn(f->g, &t);
		ended += t.over;
		fx_free(f);
	}
	assert_int_equal(ended, GAMES);
	assert_true(challenges > 100);
	assert_true(wlcs > 10);
	assert_true(dones > 0);
	assert_true(actions > 100);
	assert_true(unos > 10);
	assert_true(reshuffles > 0);
	/* Hands dealt after the first in games of points. */
	assert_true(hands > 5);
}

#define T(test) cmocka_unit_test_teardown(test, fx_teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_random_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
