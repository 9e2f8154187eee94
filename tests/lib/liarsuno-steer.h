/*
 * A chooser for a driven table of Liar's UNO (driver.h: struct
 * driver_table's choose), for tests/integration/test-liarsuno-game.c:
 * from the driver's model of the game it picks every move, steering
 * until each event below has been chosen:
 *
 *  - while a claim is still to be challenged true and one false, the turn's
 *    player plays a Liar's Card claimed as itself or as what it is not,
 *    and the player after it challenges that card;
 *  - until a 7 has been swapped, a Liar's Card goes down claimed as a 7
 *    (a lie while a false claim is still wanted, caught after the swap
 *    in the hand the liar swapped for) and its player names whose hand
 *    it takes;
 *  - until a Wild Liar's Challenge has turned a put card that was not of
 *    the colour (taken back) and another has sent a card under the WLC
 *    unturned, a player holding a WLC plays it (nobody holding one, the
 *    players draw for one), naming while a card taken back is wanted a
 *    colour that another player holds none of; the others put by private
 *    message, a card of the colour if they hold one (else they bluff), and
 *    the WLC's player turns them over with challenge NICK, once saying
 *    done with a card still face down;
 *  - until an UNO has been caught, a player down to two cards plays one
 *    without calling, and another player types uno before the next move;
 *  - meanwhile nobody plays a last card; then everyone plays fair (a
 *    matching Regular Card face up, else a Liar's Card claimed as itself,
 *    else one claimed in the colour to match) until a player goes out.
 * Moves that may be typed in the channel or in private go one way, then
 * the other (the table's in_channel, set move by move).
 */
#ifndef TESTS_LIARSUNO_STEER_H
#define TESTS_LIARSUNO_STEER_H

struct driver_table;
struct game;
struct game_move;
struct rng;

/* The events steered for. */
enum steer_goal {
	STEER_TRUE,  /* a true claim challenged */
	STEER_FALSE, /* a false claim challenged */
	STEER_SWAP,  /* a 7's swap */
	STEER_BACK,  /* a put card not of the colour turned over */
	STEER_UNDER, /* a put card under the WLC unturned */
	STEER_DONE,  /* the WLC's player done with a card face down */
	STEER_CATCH, /* an UNO owed and caught */
	STEER_GOALS
};

/* Each goal in words, for a suite's failure: "a 7 swapped". */
extern const char *const steer_goal_name[STEER_GOALS];

/* The chooser's state, zeroed but for t, the table it steers: its
 * choose_ctx. */
struct steer {
	struct driver_table *t;
	int done[STEER_GOALS]; /* chosen */
	unsigned typed;        /* moves chosen: odd ones go to the channel */
};

/* 1 while some goal has not been chosen yet. */
int steer_wanted(const struct steer *st);

/* The chooser (struct driver_table's choose; ctx is a struct steer):
 * the move for the model g into mv, 0; -1 once the game is over. */
int steer_choose(
    void *ctx, const struct game *g, struct rng *rng, struct game_move *mv);

#endif
