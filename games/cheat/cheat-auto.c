/*
 * Cheat moves nobody typed and checks nobody sees: the default move when a
 * timer runs out, random play for the simulator, the invariants the tests
 * and the simulator assert after every move, and the hooks of cheat.h
 * through which tests stack a deal and look at the cards.
 */
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include "games/cards.h"
#include "cheat.h"
#include "cheat-int.h"
#include "games/game.h"
#include "games/rng.h"

/* The default play of seat: one card, honest when the hand has a card of
 * a rank it may declare (the lowest such), else the lowest card declared as
 * the last declaration's rank; an opening play is the lowest card. */
static void
default_play(const struct game *g, int seat, struct game_move *mv)
{
	const struct cards *h = &g->hand[seat];
	int i, id = h->c[0], rank = cards_rank(id);

	if (g->ordered) {
		/* Questions: one card, of this turn's rank if held. */
		rank = g->want;
		for (i = 0; i < h->n && cards_rank(h->c[i]) != rank; i++)
			;
		id = i < h->n ? h->c[i] : h->c[0];
	} else if (g->rank != 0) {
		rank = g->rank;
		for (i = 0; i < h->n; i++) {
			if (cheat_rank_allowed(g->rank, cards_rank(h->c[i]))) {
				id = h->c[i];
				rank = cards_rank(id);
				break;
			}
		}
	}
	mv->seat = seat;
	mv->verb = VERB_PLAY;
	mv->argc = 3;
	mv->argv[0] = 1;
	mv->argv[1] = rank;
	mv->argv[2] = id;
}

void
cheat_timeout(const struct game *g, struct game_move *mv)
{
	memset(mv, 0, sizeof *mv);
	if (!g->over && g->ext != NULL && (g->asker >= 0 || g->answering)) {
		g->ext->timeout(g, mv);
		return;
	}
	if (!g->over && g->turn >= 0) {
		default_play(g, g->turn, mv);
		return;
	}
	mv->seat = GAME_SEAT_TABLE;
	mv->verb = VERB_CLOSE;
}

/* A random play for seat: on an opening turn some cards of one rank; else
 * mostly an honest play when the hand allows one, otherwise a random set of
 * (mostly one to four) cards declared as a random allowed rank, with a count
 * that is sometimes wrong. */
static void
sample_play(const struct game *g, int seat, struct rng *rng,
    struct game_move *mv)
{
	const struct cards *h = &g->hand[seat];
	struct cards pick;
	int rank, k, i, honest = 1, max = 4 * g->decks;

	if (g->ordered) {
		/* Honest when the hand allows, two times in three. */
		rank = g->want;
		honest = cards_count_rank(h, rank) > 0 &&
		    rng_below(rng, 3) != 0;
	} else if (g->rank == 0)
		rank = cards_rank(h->c[rng_below(rng, (uint32_t)h->n)]);
	else {
		/* Try the three ranks from a random one, for one held. */
		i = (int)rng_below(rng, 3);
		honest = rng_below(rng, 3) != 0;
		for (k = 0; honest && k < 3; k++) {
			rank = cards_rank_step(g->rank, (i + k) % 3 - 1);
			if (cards_count_rank(h, rank) > 0)
				break;
		}
		honest = honest && k < 3;
		if (!honest)
			rank = cards_rank_step(g->rank, i - 1);
	}
	cards_clear(&pick);
	for (i = 0; i < h->n; i++) {
		if (!honest || cards_rank(h->c[i]) == rank)
			cards_add(&pick, h->c[i]);
	}
	rng_shuffle(rng, pick.c, (size_t)pick.n);
	k = 1 + (int)rng_below(rng, (uint32_t)(pick.n < 4 ? pick.n : 4));
	if (!honest && rng_below(rng, 10) == 0)
		k = 1 + (int)rng_below(rng, (uint32_t)pick.n);
	mv->seat = seat;
	mv->verb = VERB_PLAY;
	mv->argc = 2 + k;
	memcpy(mv->argv + 2, pick.c, (size_t)k * sizeof pick.c[0]);
	mv->argv[0] = k <= max ? k : max;
	if (g->ordered)
		mv->argv[0] = k;
	else if (g->rank != 0 && rng_below(rng, 5) == 0)
		mv->argv[0] = 1 + (int)rng_below(rng, (uint32_t)max);
	mv->argv[1] = rank;
}

/* A seat in the window calls cheat one time in six (one in two after a play
 * that empties a hand, else the table closes); otherwise the turn's seat
 * plays.  Never a leave: that is the bot's to make. */
int
cheat_sample(const struct game *g, struct rng *rng, struct game_move *mv)
{
	struct game_turn t;
	int callers[GAME_MAX_SEATS], n = 0, s;

	cheat_turn(g, &t);
	if (t.over)
		return -1;
	memset(mv, 0, sizeof *mv);
	if (g->ext != NULL && (g->asker >= 0 || g->answering)) {
		g->ext->sample(g, rng, mv);
		return 0;
	}
	for (s = 0; s < g->nseats; s++) {
		if (t.window & (1u << s))
			callers[n++] = s;
	}
	if (n > 0 && rng_below(rng, t.seat < 0 ? 2 : 6) == 0) {
		mv->seat = callers[rng_below(rng, (uint32_t)n)];
		mv->verb = VERB_CHEAT;
		mv->argc = 1;
		mv->argv[0] = t.accused;
	} else if (t.seat < 0) {
		mv->seat = GAME_SEAT_TABLE;
		mv->verb = VERB_CLOSE;
	} else
		sample_play(g, t.seat, rng, mv);
	return 0;
}

/* Seats, places and the turn agree with each other. */
static int
check_seats(const struct game *g, char **cause)
{
	int s, i;

	for (s = 0; s < g->nseats; s++) {
		for (i = 1; i < g->hand[s].n; i++) {
			if (cards_rank(g->hand[s].c[i - 1]) >
			    cards_rank(g->hand[s].c[i]))
				return game_fail(cause, "hand %d unsorted", s);
		}
		if (g->state[s] != SEAT_IN && g->hand[s].n != 0)
			return game_fail(cause, "seat %d is out with cards", s);
		if ((g->state[s] == SEAT_LEFT) != (g->place[s] == 0) &&
		    (g->over || g->state[s] != SEAT_IN))
			return game_fail(cause, "seat %d has place %d", s,
			    g->place[s]);
	}
	if (g->over)
		return g->winner >= 0 && g->place[g->winner] != 1 ?
		    game_fail(cause, "the winner is not first") : 0;
	if (cheat_nactive(g) < 2)
		return game_fail(cause, "%d seats play on", cheat_nactive(g));
	if (g->turn >= 0 && (g->state[g->turn] != SEAT_IN ||
	    g->hand[g->turn].n == 0))
		return game_fail(cause, "seat %d to play cannot", g->turn);
	if (g->turn < 0 && !g->answering && (!g->open ||
	    g->hand[g->declarer].n != 0))
		return game_fail(cause, "no turn and no winning play");
	return 0;
}

/* The last play and its window agree with the pile, and what the pile's
 * cards were laid as (pile_as) is a rank, none or face up; the open
 * play's cards were laid as its rank. */
static int
check_last_play(const struct game *g, char **cause)
{
	int i;

	for (i = 0; i < g->pile.n; i++) {
		if (g->pile_as[i] < CHEAT_FACE_UP ||
		    g->pile_as[i] > CARDS_RANKS)
			return game_fail(cause, "pile card %d laid as %d", i,
			    g->pile_as[i]);
		if (g->open && i >= g->pile.n - g->laid &&
		    g->pile_as[i] != g->rank)
			return game_fail(cause, "the open play's card %d laid "
			    "as %d", i, g->pile_as[i]);
	}
	if (g->rank == 0 && (g->open || g->face_up))
		return game_fail(cause, "a round opens with a play open");
	if (g->rank < 0 || g->rank > CARDS_RANKS)
		return game_fail(cause, "declared rank %d", g->rank);
	if (g->open && (g->face_up || g->declarer < 0 ||
	    g->state[g->declarer] != SEAT_IN || g->laid < 1 ||
	    g->laid > g->pile.n))
		return game_fail(cause, "a play open to challenge is wrong");
	return 0;
}

/* The fields of a question (cheat-int.h) are all at rest, as they always
 * are in plain Cheat: the variant that extends it keeps them. */
static int
check_no_question(const struct game *g, char **cause)
{
	return g->asker < 0 && !g->answering && g->asked.n == 0 &&
	    g->after < 0 && g->questioner < 0 ? 0 : game_fail(cause,
	    "a question is left over");
}

int
cheat_invariants(const struct game *g, char **cause)
{
	const struct cards *lists[GAME_MAX_SEATS + 1];
	int s;

	lists[0] = &g->pile;
	for (s = 0; s < g->nseats; s++)
		lists[s + 1] = &g->hand[s];
	if (cards_check_all(lists, g->nseats + 1, g->decks, cause) != 0 ||
	    check_seats(g, cause) != 0 || (g->ext != NULL ?
	    g->ext->invariants(g, cause) : check_no_question(g, cause)) != 0)
		return -1;
	return g->over ? 0 : check_last_play(g, cause);
}

int
cheat_stack(struct game *g, const struct cards *hands, char **cause)
{
	int seen[CARDS_MAX] = { 0 }, total = g->decks * CARDS_DECK;
	int s, i, id;

	for (s = 0; s < g->nseats; s++) {
		if (hands[s].n == 0)
			return game_fail(cause, "seat %d gets no cards", s);
		for (i = 0; i < hands[s].n; i++) {
			id = hands[s].c[i];
			if (id < 0 || id >= total)
				return game_fail(cause, "no card %d", id);
			if (seen[id]++ != 0)
				return game_fail(cause, "card %d dealt twice",
				    id);
		}
	}
	for (s = 0; s < g->nseats; s++) {
		g->hand[s] = hands[s];
		cards_sort(&g->hand[s]);
	}
	cards_clear(&g->pile);
	memset(g->pile_as, 0, sizeof g->pile_as);
	for (id = 0; id < total; id++) {
		if (!seen[id])
			cards_add(&g->pile, id);
	}
	cheat_known_deal(g);
	return 0;
}

const struct cards *
cheat_hand(const struct game *g, int seat)
{
	assert(seat >= 0 && seat < g->nseats);
	return &g->hand[seat];
}

const struct cards *
cheat_pile(const struct game *g)
{
	return &g->pile;
}
