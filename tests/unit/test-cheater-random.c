/*
 * Unit tests for games/cheater/, random games: sampled moves, timeouts
 * and now and then a leave, for 2 to 10 players, through the fixture of
 * tests/lib/cheater-deal.c, which checks after every move the invariants
 * and that no public line shows a card only its holder may see (a draw's
 * card only ever in the drawer's private line, a hand in public only when
 * a pass reveals it).  Every move says exactly one public line, and the
 * games end with words spelled.
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
#include "games/rng.h"
#include "tests/lib/cheater-deal.h"

static void
test_random_games(void **state)
{
	struct game_result r;
	struct game_move mv;
	struct game_turn t;
	struct rng rng;
	struct fx *f;
	char text[256];
	int game, moves, seat, spelled = 0, reveals = 0, reshuffles = 0;

	(void)state;
	rng_seed(&rng, 2024);
	for (game = 0; game < 36; game++) {
		f = cx_new(2 + game % 9, game % 2, 0);
		for (moves = 0; moves < 3000; moves++) {
			cheater_ops.turn(f->g, &t);
			if (t.over)
				break;
			if (rng_below(&rng, 400) == 0) {
				/* A seat still playing leaves. */
				seat = (int)rng_below(&rng,
				    (uint32_t)f->nseats);
				snprintf(text, sizeof text, "%d leave", seat);
				if (fx_move(f, text) != 0)
					continue;
			} else if (rng_below(&rng, 8) == 0)
				fx_timeout(f, text, sizeof text);
			else {
				assert_int_equal(cheater_ops.sample(f->g, &rng,
				    &mv), 0);
				if (fx_apply(f, &mv) != 0)
					fail_msg("sampled move refused: %s",
					    f->cause);
			}
			assert_int_equal(fx_said_count(f, GAME_PUBLIC), 1);
			reveals += strstr(fx_said(f, GAME_PUBLIC),
			    "'s hand: ") != NULL;
			reshuffles += strstr(fx_said(f, GAME_PUBLIC),
			    "The draw pile is empty") != NULL;
		}
		cheater_ops.turn(f->g, &t);
		assert_int_equal(t.over, 1);
		assert_int_equal(cheater_ops.sample(f->g, &rng, &mv), -1);
		cheater_ops.result(f->g, &r);
		spelled += r.detail[r.winner][0] != '\0';
		fx_free(f);
	}
	/* Most games end with a word; the others with everyone left. */
	assert_true(spelled > 24);
	assert_true(reveals > 100);
	assert_true(reshuffles > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_random_games, fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
