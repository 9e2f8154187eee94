/*
 * Cheesedog's hard AI: the normal player's choice, changed where the
 * tempo or the cards seen say better.
 *
 * A clear is the one move that plays again at once (its player starts
 * the new pile, with its lowest cards), so a 10 is spent as soon as it
 * plays rather than kept as a lifeline.  An 8 is played where the seat
 * that moves next more likely than not holds nothing of 8 or lower.
 *
 * At the end, with one or two other seats left holding cards, one of
 * them loses and few cards are left: each rank the hard seat may play is
 * played out to the end in a few worlds consistent with what it knows
 * (redeal() of its observation, every seat then playing the timeout's
 * lowest cards), and the rank that survives in most of them is played;
 * ties go to the one the next seat is likeliest to be stuck on.
 *
 * The chance that a seat is stuck comes from the cards it was seen to
 * take, and for its unseen cards from every card the hard seat has not
 * seen, less the ranks a pickup showed it did not hold (the mind's
 * memory), drawn without replacement.
 */
#include <stdlib.h>
#include <string.h>

#include "games/ai.h"
#include "games/cards.h"
#include "cheesedog.h"
#include "cheesedog-int.h"
#include "games/game.h"
#include "games/rng.h"
#include "alloc/xalloc.h"

/* At the end: the seats left holding cards, and the cards they hold,
 * at most (earlier, a game played out is long and says little); the
 * worlds each rank is played out in, at most; the moves
 * a play-out may take before it is judged by the cards held; and the
 * moves all of them may take, after which no further world is begun
 * (so that a decision stays well under a millisecond: a move applied
 * takes about 1.5 us). */
#define END_SEATS 3
#define END_CARDS 40
#define WORLDS 8
#define PLAY_OUT 80
#define BUDGET 300

/* Weights of end_worth(), in cards. */
#define WIN 1000.0
#define CLEAR 3.0
#define SELF 1.0
#define LEAD 5.0
#define STEP 1.0

int
cd_unseen(const struct game *g, int seat)
{
	int i, n = 0;

	for (i = 0; i < g->hand[seat].n; i++)
		n += !g->shown[g->hand[seat].c[i]];
	return n;
}

/* How many cards of each rank seat has not seen: in other hands, face
 * down, or out of the game unseen (left[rank], rank 1 to 13). */
static void
count_unseen(const struct game *g, int seat, int *left)
{
	int i, id;

	for (i = 0; i <= CARDS_RANKS; i++)
		left[i] = i == 0 ? 0 : CD_DECKS * CARDS_SUITS;
	for (id = 0; id < CD_CARDS; id++) {
		if (g->shown[id])
			left[cards_rank(id)]--;
	}
	for (i = 0; i < g->hand[seat].n; i++) {
		id = g->hand[seat].c[i];
		if (!g->shown[id])
			left[cards_rank(id)]--;
	}
}

/* The chance that none of n cards drawn from a pool of total cards, of
 * which good play, plays. */
static double
none_of(int n, int total, int good)
{
	double p = 1;
	int i;

	for (i = 0; i < n && total - i > 0; i++)
		p *= (double)(total - good - i) / (total - i);
	return p > 0 ? p : 0;
}

/* The chance that seat t, to move in g, cannot play and takes the pile,
 * as m's seat sees it (left: the ranks it has not seen): none if a card
 * it was seen to take plays, else that none of its unseen cards does, or
 * with only face-down cards left that its flip does not. */
static double
stuck(const struct ai_mind *m, const struct game *g, int t, const int *left)
{
	unsigned plays = cd_plays_mask(g), may = CD_ALL_RANKS;
	const struct cards *from = cd_source(g, t);
	int i, total = 0, good = 0, rank;

	if (g->pile.n == 0)
		return 0;
	if (from != NULL) {
		for (i = 0; i < from->n; i++) {
			if (g->shown[from->c[i]] &&
			    (plays & cd_rank_bit(cards_rank(from->c[i]))))
				return 0;
		}
		may = m->may[t];
	}
	for (rank = 1; rank <= CARDS_RANKS; rank++) {
		if (!(may & cd_rank_bit(rank)))
			continue;
		total += left[rank];
		if (plays & cd_rank_bit(rank))
			good += left[rank];
	}
	if (from == NULL)
		return total > 0 ? (double)(total - good) / total : 0;
	return none_of(cd_unseen(g, t), total, good);
}

/* 1 if the seat to move after m's seat plays every 8 it may play is
 * more likely than not to be stuck under them. */
static int
eight_sticks(const struct ai_mind *m, const struct game *obs)
{
	const struct cards *from = cd_source(obs, m->seat);
	struct game after = *obs;
	struct game_move mv;
	int left[CARDS_RANKS + 1];

	memset(&mv, 0, sizeof mv);
	mv.seat = m->seat;
	cd_play_rank(from, CD_LOWER_RANK, cards_count_rank(from,
	    CD_LOWER_RANK), &mv);
	cheesedog_ops.apply(&after, &mv, NULL);
	if (after.over || after.pile.n == 0)
		return 0;	/* a clear: the normal player takes those */
	count_unseen(obs, m->seat, left);
	return stuck(m, &after, after.turn, left) > 0.5;
}

/* The worth of playing count cards of rank at the end, in cards, the
 * games played out aside: the move that ends the game (m's seat out) is
 * the best; a clear, which plays again, is worth CLEAR; one after which
 * m's seat must play on itself (7s skipping the others) costs SELF; else
 * the next seat's chance to be stuck times what it would take, the pile
 * and the lead it hands on (LEAD). */
static double
end_worth(const struct ai_mind *m, const struct game *obs, int rank,
    int count, const int *left)
{
	struct game after = *obs;
	struct game_move mv;

	memset(&mv, 0, sizeof mv);
	mv.seat = m->seat;
	cd_play_rank(cd_source(obs, m->seat), rank, count, &mv);
	cheesedog_ops.apply(&after, &mv, NULL);
	if (after.over)
		return WIN;
	if (after.turn == m->seat)
		return after.pile.n == 0 ? CLEAR : -SELF;
	return stuck(m, &after, after.turn, left) * (after.pile.n + LEAD);
}

/* The cards seat holds. */
static int
held(const struct game *g, int seat)
{
	return g->hand[seat].n + g->up[seat].n + cd_ndown(g, seat);
}

/* The cards every seat holds. */
static int
in_hands(const struct game *g)
{
	int s, n = 0;

	for (s = 0; s < g->nseats; s++)
		n += held(g, s);
	return n;
}

/* Plays count cards of rank in world, a copy of obs redealt, and the
 * game out from there with the timeout's move for every seat, adding
 * the moves made to *spent: 1 if m's seat is not the loser, 0 if it is,
 * and for a game not over after PLAY_OUT moves between 1/4 (it holds
 * more cards than every other seat left) and 3/4 (fewer). */
static double
play_out(const struct ai_mind *m, struct game *world, int rank, int count,
    int *spent)
{
	struct game_move mv;
	int i, mine, more = 0, others = 0;

	memset(&mv, 0, sizeof mv);
	mv.seat = m->seat;
	cd_play_rank(cd_source(world, m->seat), rank, count, &mv);
	cheesedog_ops.apply(world, &mv, NULL);
	for (i = 0; i < PLAY_OUT && !world->over; i++) {
		cheesedog_ops.timeout(world, &mv);
		cheesedog_ops.apply(world, &mv, NULL);
	}
	*spent += i + 1;
	if (world->over)
		return world->loser != m->seat;
	if (world->state[m->seat] != SEAT_IN)
		return 1;
	mine = held(world, m->seat);
	for (i = 0; i < world->nseats; i++) {
		if (i == m->seat || world->state[i] != SEAT_IN)
			continue;
		others++;
		more += 2 * (held(world, i) > mine) + (held(world, i) == mine);
	}
	return 0.25 + 0.25 * more / others;
}

/* At the end: every rank that plays (a 10 one at a time, never a 2: it
 * lets the next seat play anything) is played out in the same worlds
 * (WORLDS, fewer once BUDGET is spent; none when there is one rank to
 * play), and weighed by the games it survives, then by end_worth(),
 * less STEP for each step above the rank already
 * chosen (a higher card spent). */
static void
end_game(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    struct cd_choice *c)
{
	const struct cards *from = cd_source(obs, m->seat);
	struct game *world = xmalloc(2 * sizeof *world), *roll = world + 1;
	double worth[CARDS_RANKS + 1], best = -WIN;
	int left[CARDS_RANKS + 1], count[CARDS_RANKS + 1];
	int rank, k, chosen = c->rank, ways = 0, spent = 0;

	count_unseen(obs, m->seat, left);
	for (rank = 1; rank <= CARDS_RANKS; rank++) {
		count[rank] = 0;
		if (rank == CD_ANY_RANK || !cd_plays(obs, rank))
			continue;
		count[rank] = rank == CD_CLEAR_RANK ?
		    cards_count_rank(from, rank) > 0 :
		    cards_count_rank(from, rank);
		if (count[rank] == 0)
			continue;
		ways++;
		worth[rank] = end_worth(m, obs, rank, count[rank],
		    left) - STEP * (cd_value(rank) - cd_value(chosen));
	}
	/* One way to play (or none but a 2) needs no playing out. */
	for (k = 0; k < (ways > 1 ? WORLDS : 0) && spent < BUDGET; k++) {
		*world = *obs;
		cheesedog_redeal(world, m->seat, rng);
		for (rank = 1; rank <= CARDS_RANKS; rank++) {
			if (count[rank] == 0)
				continue;
			*roll = *world;
			worth[rank] += WIN * play_out(m, roll, rank,
			    count[rank], &spent);
		}
	}
	for (rank = 1; rank <= CARDS_RANKS; rank++) {
		if (count[rank] > 0 && worth[rank] > best) {
			best = worth[rank];
			c->rank = rank;
			c->count = count[rank];
		}
	}
	free(world);
}

void
cd_ai_hard(const struct ai_mind *m, const struct game *obs, struct rng *rng,
    struct cd_choice *c)
{
	const struct cards *from = cd_source(obs, m->seat);

	cd_ai_normal(obs, m->seat, c);
	if (cd_completes(obs, c->rank, c->count))
		return;		/* a clear already */
	if (cards_count_rank(from, CD_CLEAR_RANK) > 0 &&
	    cd_plays(obs, CD_CLEAR_RANK)) {
		c->rank = CD_CLEAR_RANK;
		c->count = 1;
	}
	if (c->rank != CD_LOWER_RANK &&
	    cards_count_rank(from, CD_LOWER_RANK) > 0 &&
	    cd_plays(obs, CD_LOWER_RANK) && eight_sticks(m, obs)) {
		c->rank = CD_LOWER_RANK;
		c->count = cards_count_rank(from, CD_LOWER_RANK);
	}
	if (cd_nactive(obs) <= END_SEATS && obs->pile.n > 0 &&
	    in_hands(obs) <= END_CARDS)
		end_game(m, obs, rng, c);
}
