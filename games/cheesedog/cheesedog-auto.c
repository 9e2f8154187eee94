/*
 * Cheesedog moves nobody typed and checks nobody sees: the default move
 * when a turn's timer runs out, play for the simulator and test players,
 * the invariants asserted after every move, and the hooks of cheesedog.h
 * through which tests stack a deal and read the cards.
 *
 * sample() plays like a sensible beginner, with chance in every choice:
 * mostly the lowest rank that plays (saving 2s), mostly every card of that
 * rank at once.  Random ranks and counts alone make long games, since
 * cards only leave the game when the pile clears.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "cheesedog.h"
#include "cheesedog-int.h"
#include "games/game.h"
#include "games/rng.h"

void
cd_play_rank(const struct cards *from, int rank, int k, struct game_move *mv)
{
	int i;

	mv->verb = VERB_PLAY;
	for (i = 0; i < from->n && mv->argc < k; i++) {
		if (cards_rank(from->c[i]) == rank)
			mv->argv[mv->argc++] = from->c[i];
	}
}

/* The timeout plays every card of the lowest rank that plays (a 2 only
 * when nothing else does), else picks up; with only face-down cards it
 * flips the first one left. */
void
cheesedog_timeout(const struct game *g, struct game_move *mv)
{
	const struct cards *from = cd_source(g, g->turn);
	int rank;

	memset(mv, 0, sizeof *mv);
	mv->seat = g->turn;
	if (from == NULL) {
		mv->verb = VERB_FLIP;
		mv->argc = 1;
		mv->argv[0] = cd_first_down(g, g->turn);
	} else if ((rank = cd_lowest_play(g, from)) == 0)
		mv->verb = VERB_PICKUP;
	else
		cd_play_rank(from, rank, cards_count_rank(from, rank), mv);
}

int
cheesedog_sample(const struct game *g, struct rng *rng, struct game_move *mv)
{
	const struct cards *from;
	int ranks[CARDS_RANKS], n = 0, pos[CD_DOWN], np = 0, i, rank, count;

	if (g->over)
		return -1;
	memset(mv, 0, sizeof *mv);
	mv->seat = g->turn;
	if ((from = cd_source(g, g->turn)) == NULL) {
		for (i = 0; i < CD_DOWN; i++) {
			if (g->down[g->turn][i] >= 0)
				pos[np++] = i;
		}
		mv->verb = VERB_FLIP;
		mv->argc = 1;
		mv->argv[0] = pos[rng_below(rng, (uint32_t)np)];
		return 0;
	}
	for (rank = 1; rank <= CARDS_RANKS; rank++) {
		if (cards_count_rank(from, rank) > 0 && cd_plays(g, rank))
			ranks[n++] = rank;
	}
	if (n == 0) {
		mv->verb = VERB_PICKUP;
		return 0;
	}
	rank = rng_below(rng, 2) == 0 ? cd_lowest_play(g, from) :
	    ranks[rng_below(rng, (uint32_t)n)];
	count = cards_count_rank(from, rank);
	if (rng_below(rng, 4) == 0)
		count = 1 + (int)rng_below(rng, (uint32_t)count);
	cd_play_rank(from, rank, count, mv);
	return 0;
}

/* l is sorted as cd_sort() sorts. */
static int
sorted(const struct cards *l)
{
	struct cards copy = *l;

	cd_sort(&copy);
	return memcmp(copy.c, l->c, (size_t)l->n * sizeof l->c[0]) == 0;
}

/* Seats, their cards and places agree with each other. */
static int
check_seats(const struct game *g, char **cause)
{
	int s, held, seen[GAME_MAX_SEATS + 1] = { 0 };

	for (s = 0; s < g->nseats; s++) {
		held = g->hand[s].n + g->up[s].n + cd_ndown(g, s);
		if (!sorted(&g->hand[s]) || !sorted(&g->up[s]))
			return game_fail(cause, "seat %d unsorted", s);
		if (g->up[s].n > CD_DOWN)
			return game_fail(cause, "seat %d has %d face up", s,
			    g->up[s].n);
		if ((g->state[s] == SEAT_IN) != (held > 0))
			return game_fail(cause, "seat %d in state %d holds "
			    "%d", s, (int)g->state[s], held);
		if (g->state[s] == SEAT_SAFE || g->state[s] == SEAT_GONE) {
			if (g->place[s] < 1 || g->place[s] > g->finished ||
			    seen[g->place[s]]++ != 0)
				return game_fail(cause, "seat %d has place %d",
				    s, g->place[s]);
		} else if (g->place[s] != (g->over && g->state[s] == SEAT_IN ?
		    g->finished + 1 : 0))
			return game_fail(cause, "seat %d has place %d", s,
			    g->place[s]);
	}
	return 0;
}

/* Every card in sight (face up, on the pile) is marked as seen, and no
 * face-down card is: what observe() hides rests on it. */
static int
check_shown(const struct game *g, char **cause)
{
	int s, i;

	for (i = 0; i < g->pile.n; i++) {
		if (!g->shown[g->pile.c[i]])
			return game_fail(cause, "pile card %d unseen",
			    g->pile.c[i]);
	}
	for (s = 0; s < g->nseats; s++) {
		for (i = 0; i < g->up[s].n; i++) {
			if (!g->shown[g->up[s].c[i]])
				return game_fail(cause, "seat %d's face-up "
				    "card %d unseen", s, g->up[s].c[i]);
		}
		for (i = 0; i < CD_DOWN; i++) {
			if (g->down[s][i] >= 0 && g->shown[g->down[s][i]])
				return game_fail(cause, "seat %d's face-down "
				    "card %d seen", s, g->down[s][i]);
		}
	}
	return 0;
}

int
cheesedog_invariants(const struct game *g, char **cause)
{
	const struct cards *lists[3 * GAME_MAX_SEATS + 2];
	struct cards down[GAME_MAX_SEATS];
	int s, i, n = 0, rank, run;

	for (s = 0; s < g->nseats; s++) {
		cards_clear(&down[s]);
		for (i = 0; i < CD_DOWN; i++) {
			if (g->down[s][i] >= 0)
				cards_add(&down[s], g->down[s][i]);
		}
		lists[n++] = &g->hand[s];
		lists[n++] = &g->up[s];
		lists[n++] = &down[s];
	}
	lists[n++] = &g->pile;
	lists[n++] = &g->cleared;
	if (cards_check_all(lists, n, CD_DECKS, cause) != 0 ||
	    check_seats(g, cause) != 0)
		return -1;
	if (check_shown(g, cause) != 0)
		return -1;
	run = cd_top_run(g, &rank);
	if (run >= CD_CLEAR_RUN || rank == CD_CLEAR_RANK)
		return game_fail(cause, "the pile should have cleared");
	if (g->dir != 1 && g->dir != -1)
		return game_fail(cause, "direction %d", g->dir);
	if (g->over)
		return g->turn == -1 && cd_nactive(g) <= 1 && (g->loser < 0 ||
		    g->state[g->loser] == SEAT_IN) ? 0 :
		    game_fail(cause, "the end does not stand");
	if (cd_nactive(g) < 2 || g->loser != -1)
		return game_fail(cause, "%d seats play on, loser %d",
		    cd_nactive(g), g->loser);
	if (g->turn < 0 || g->turn >= g->nseats ||
	    g->state[g->turn] != SEAT_IN)
		return game_fail(cause, "seat %d to move cannot", g->turn);
	return 0;
}

/* Test hooks (cheesedog.h). */

/* Takes the card word w names from pool: its id, or -1 and *cause. */
static int
stack_card(struct cards *pool, const char *w, char **cause)
{
	int rank, suit, i, id;

	if (cards_parse_card(w, &rank, &suit, cause) != 0)
		return -1;
	if ((i = cards_find_rs(pool, rank, suit)) < 0)
		return game_fail(cause, "no %s left to stack", w);
	id = pool->c[i];
	cards_remove(pool, id);
	return id;
}

/* Splits spec (NULL: "") into at most max words in buf of size bytes;
 * the number of words, or -1 if there are more. */
static int
split(const char *spec, char *buf, size_t size, char **words, int max)
{
	char *w, *save = NULL;
	int n = 0;

	snprintf(buf, size, "%s", spec != NULL ? spec : "");
	for (w = strtok_r(buf, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save)) {
		if (n == max)
			return -1;
		words[n++] = w;
	}
	return n;
}

/* Moves the cards spec names from pool into l, sorted unless it is the
 * pile. */
static int
stack_list(struct cards *pool, const char *spec, struct cards *l, int sort,
    char **cause)
{
	char buf[1024], *words[CARDS_MAX];
	int i, n, id;

	cards_clear(l);
	if ((n = split(spec, buf, sizeof buf, words, CARDS_MAX)) < 0)
		return game_fail(cause, "too many cards");
	for (i = 0; i < n; i++) {
		if ((id = stack_card(pool, words[i], cause)) < 0)
			return -1;
		cards_add(l, id);
	}
	if (sort)
		cd_sort(l);
	return 0;
}

/* The face-down cards spec names by position, from pool. */
static int
stack_down(struct cards *pool, const char *spec, int *down, char **cause)
{
	char buf[256], *words[CD_DOWN];
	int i, n;

	if ((n = split(spec, buf, sizeof buf, words, CD_DOWN)) != 0 &&
	    n != CD_DOWN)
		return game_fail(cause, "face down: four positions, not '%s'",
		    spec);
	for (i = 0; i < CD_DOWN; i++) {
		down[i] = -1;
		if (n == 0 || strcmp(words[i], "-") == 0)
			continue;
		if ((down[i] = stack_card(pool, words[i], cause)) < 0)
			return -1;
	}
	return 0;
}

/* Marks every card of l as seen by all. */
static void
show_all(struct game *g, const struct cards *l)
{
	int i;

	for (i = 0; i < l->n; i++)
		g->shown[l->c[i]] = 1;
}

int
cheesedog_stack(struct game *g, const struct cheesedog_deal *d,
    struct game_out *out, char **cause)
{
	struct game t = *g;
	struct cards pool;
	int s, rank;

	cards_deck(&pool, CD_DECKS);
	for (s = 0; s < t.nseats; s++) {
		if (stack_list(&pool, d->hands[s], &t.hand[s], 1, cause) != 0 ||
		    stack_list(&pool, d->up[s], &t.up[s], 1, cause) != 0 ||
		    stack_down(&pool, d->down[s], t.down[s], cause) != 0)
			return -1;
		if (t.up[s].n > CD_DOWN)
			return game_fail(cause, "seat %d gets %d face-up cards",
			    s, t.up[s].n);
		if (t.hand[s].n + t.up[s].n + cd_ndown(&t, s) == 0)
			return game_fail(cause, "seat %d gets no cards", s);
		t.state[s] = SEAT_IN;
		t.place[s] = 0;
	}
	if (stack_list(&pool, d->pile, &t.pile, 0, cause) != 0)
		return -1;
	if (cd_top_run(&t, &rank) >= CD_CLEAR_RUN || rank == CD_CLEAR_RANK)
		return game_fail(cause, "that pile would have cleared");
	if (d->first < -1 || d->first >= t.nseats)
		return game_fail(cause, "no seat %d to start", d->first);
	t.cleared = pool;
	/* What lies face up, and what went out of the game as if cleared,
	 * was seen by all; hands and face-down cards were not. */
	memset(t.shown, 0, sizeof t.shown);
	show_all(&t, &t.pile);
	show_all(&t, &t.cleared);
	for (s = 0; s < t.nseats; s++)
		show_all(&t, &t.up[s]);
	t.turn = d->first >= 0 ? d->first : (t.dealer + 1) % t.nseats;
	t.dir = d->reverse ? -1 : 1;
	t.finished = t.over = 0;
	t.loser = -1;
	*g = t;
	cd_say_deal(g, out);
	return 0;
}

void
cheesedog_cards(const struct game *g, enum cheesedog_place place, int seat,
    char *buf, size_t size)
{
	struct cards l;
	char card[16];
	size_t used;
	int i;

	buf[0] = '\0';
	switch (place) {
	case CHEESEDOG_DOWN:
		for (i = 0; i < CD_DOWN; i++) {
			if (g->down[seat][i] >= 0)
				cards_plain(g->down[seat][i], card,
				    sizeof card);
			used = strlen(buf);
			snprintf(buf + used, size - used, "%s%s",
			    i > 0 ? " " : "", g->down[seat][i] >= 0 ? card :
			    "-");
		}
		return;
	case CHEESEDOG_HAND:
		l = g->hand[seat];
		break;
	case CHEESEDOG_UP:
		l = g->up[seat];
		break;
	case CHEESEDOG_PILE:
		l = g->pile;
		break;
	default:
		l = g->cleared;
		cd_sort(&l);
		break;
	}
	for (i = 0; i < l.n; i++) {
		cards_plain(l.c[i], card, sizeof card);
		used = strlen(buf);
		snprintf(buf + used, size - used, "%s%s", i > 0 ? " " : "",
		    card);
	}
}

int
cheesedog_direction(const struct game *g)
{
	return g->dir;
}
