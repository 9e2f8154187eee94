/*
 * CHEATER moves nobody typed and checks nobody sees: the default move when
 * a timer runs out, play for the simulator and test players, the
 * invariants asserted after every move, and the hooks of cheater.h through
 * which tests stack a deal.
 *
 * sample() plays like a sensible beginner, with chance in every choice: it
 * aims at the suit its hand is nearest to spelling, keeps the cards that
 * spell it, and takes from and busts what others need.  Purely random play
 * would almost never spell a word, and a game that never ends tests
 * nothing past its first reshuffle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cheater.h"
#include "cheater-int.h"
#include "games/game.h"
#include "games/rng.h"

void
cheater_timeout(const struct game *g, struct game_move *mv)
{
	const struct cards *h = &g->hand[g->turn];
	int i;

	memset(mv, 0, sizeof *mv);
	mv->seat = g->turn;
	switch (g->phase) {
	case PH_TURN:
		mv->seat = GAME_SEAT_TABLE;
		mv->verb = VERB_IDLE;
		break;
	case PH_DISCARD:
		/* The cards received this turn, which came last. */
		mv->verb = VERB_DISCARD;
		for (i = 0; i < g->need; i++)
			mv->argv[mv->argc++] = h->c[h->n - g->need + i];
		break;
	case PH_HIDE:
		mv->seat = GAME_SEAT_TABLE;
		mv->verb = VERB_PASS;
		break;
	case PH_PICK:
		mv->verb = VERB_PICK;
		mv->argc = 1;
		mv->argv[0] = g->hand[g->victim].c[0];
		break;
	default:		/* PH_BUST: bust none */
		mv->verb = VERB_DROP;
		break;
	}
}

/* How much card id would bring seat's hand nearer its best suit. */
static int
gain(const struct game *g, int seat, int id)
{
	struct cards more = g->hand[seat];
	int suit = ch_best_suit(&more), before = ch_progress(&more, suit);

	cards_add(&more, id);
	return ch_progress(&more, ch_best_suit(&more)) - before;
}

/* A random other seat still playing. */
static int
random_victim(const struct game *g, int seat, struct rng *rng)
{
	int others[GAME_MAX_SEATS], n = 0, s;

	for (s = 0; s < g->nseats; s++) {
		if (g->in[s] && s != seat)
			others[n++] = s;
	}
	return others[rng_below(rng, (uint32_t)n)];
}

/* The turn's choice: an action card now and then, Cheater Power when it
 * helps, else a draw. */
static void
sample_turn(const struct game *g, struct rng *rng, struct game_move *mv)
{
	static const int faces[] = { FACE_TAKE, FACE_SHOW, FACE_BUST,
	    FACE_WILD };
	const struct cards *h = &g->hand[g->turn];
	int i, k, r = (int)rng_below(rng, 100);

	mv->verb = VERB_DRAW;
	if (g->power && g->discard.n > 0 &&
	    gain(g, g->turn, g->discard.c[g->discard.n - 1]) > 0 && r < 70) {
		mv->verb = VERB_GRAB;
		return;
	}
	if (g->power && r < 40) {
		mv->verb = r < 20 ? VERB_DRAW2 : VERB_STEAL;
		if (mv->verb == VERB_STEAL) {
			mv->argc = 1;
			mv->argv[0] = random_victim(g, g->turn, rng);
		}
		return;
	}
	for (i = 0; i < 4 && r < 60; i++) {
		k = ch_find(g, h, faces[(i + r) % 4], 1, 0, NULL, 0);
		if (k < 0)
			continue;
		mv->verb = faces[(i + r) % 4] == FACE_WILD ?
		    VERB_TAKE + (int)rng_below(rng, 3) :
		    faces[(i + r) % 4] == FACE_TAKE ? VERB_TAKE :
		    faces[(i + r) % 4] == FACE_SHOW ? VERB_SHOW : VERB_BUST;
		mv->argc = 2;
		mv->argv[0] = random_victim(g, g->turn, rng);
		mv->argv[1] = h->c[k];
		return;
	}
}

/* Discards: cards that do not spell the hand's best suit, at random. */
static void
sample_discard(const struct game *g, struct rng *rng, struct game_move *mv)
{
	const struct cards *h = &g->hand[g->turn];
	int suit = ch_best_suit(h), pool[CARDS_MAX], n = 0, i, k;

	mv->verb = VERB_DISCARD;
	for (i = 0; i < h->n; i++) {
		if (!ch_useful(h, i, suit))
			pool[n++] = h->c[i];
	}
	if (n < g->need) {
		n = 0;
		for (i = 0; i < h->n; i++)
			pool[n++] = h->c[i];
	}
	rng_shuffle(rng, pool, (size_t)n);
	for (k = 0; k < g->need; k++)
		mv->argv[mv->argc++] = pool[k];
}

/* The victim's cards the attacker wants: pick the one it needs most;
 * bust as many as the die allows of those the victim needs. */
static void
sample_victim(const struct game *g, struct rng *rng, struct game_move *mv)
{
	const struct cards *v = &g->hand[g->victim];
	int suit = ch_best_suit(v), i, best = -1, bestgain = -1, k;

	if (g->phase == PH_PICK) {
		mv->verb = VERB_PICK;
		for (i = 0; i < v->n; i++) {
			k = gain(g, g->turn, v->c[i]) * 8 +
			    (int)rng_below(rng, 8);
			if (k > bestgain) {
				bestgain = k;
				best = v->c[i];
			}
		}
		mv->argv[mv->argc++] = best;
		return;
	}
	mv->verb = VERB_DROP;
	for (i = 0; i < v->n && mv->argc < g->die; i++) {
		if (ch_useful(v, i, suit))
			mv->argv[mv->argc++] = v->c[i];
	}
}

int
cheater_sample(const struct game *g, struct rng *rng, struct game_move *mv)
{
	const struct cards *h;
	int k;

	memset(mv, 0, sizeof *mv);
	mv->seat = g->turn;
	switch (g->phase) {
	case PH_OVER:
		return -1;
	case PH_TURN:
		sample_turn(g, rng, mv);
		break;
	case PH_DISCARD:
		sample_discard(g, rng, mv);
		break;
	case PH_HIDE:
		mv->seat = g->victim;
		mv->verb = VERB_PASS;
		h = &g->hand[g->victim];
		if ((k = ch_find(g, h, FACE_HIDE, 0, 0, NULL, 0)) < 0)
			k = ch_find(g, h, FACE_WILD, 0, 0, NULL, 0);
		if (k >= 0 && rng_below(rng, 10) < 7) {
			mv->verb = VERB_HIDE;
			mv->argc = 1;
			mv->argv[0] = h->c[k];
		}
		break;
	default:
		sample_victim(g, rng, mv);
		break;
	}
	return 0;
}

/* The cards each seat holds at rest in this phase. */
static int
hand_size(const struct game *g, int seat)
{
	if (!g->in[seat])
		return 0;
	if (seat != g->turn)
		return CH_HAND;
	switch (g->phase) {
	case PH_DISCARD:
		return CH_HAND + g->need;
	case PH_HIDE:
	case PH_PICK:
	case PH_BUST:
		return CH_HAND - g->spent;
	default:
		return CH_HAND;
	}
}

/* Every card of the decks is in exactly one place; fresh ones in hands;
 * the discard pile all known, the draw pile unknown. */
static int
check_places(const struct game *g, char **cause)
{
	unsigned char seen[CH_CARDS] = { 0 }, inhand[CH_CARDS] = { 0 };
	const struct cards *l;
	int total = g->decks * CH_DECK, i, k, id;

	for (k = -2; k < g->nseats; k++) {
		l = k == -2 ? &g->draw : k == -1 ? &g->discard : &g->hand[k];
		for (i = 0; i < l->n; i++) {
			id = l->c[i];
			if (id < 0 || id >= total)
				return game_fail(cause, "card id %d", id);
			if (seen[id]++)
				return game_fail(cause, "card %d twice", id);
			inhand[id] = k >= 0;
		}
	}
	for (id = 0; id < total; id++) {
		if (!seen[id])
			return game_fail(cause, "card %d is nowhere", id);
		if (g->fresh[id] && !inhand[id])
			return game_fail(cause, "card %d is fresh outside a "
			    "hand", id);
		if (g->pub[id] != (cards_find(&g->discard, id) >= 0) &&
		    !inhand[id])
			return game_fail(cause, "card %d is %s", id,
			    g->pub[id] ? "known in the draw pile" :
			    "unknown on the discard pile");
	}
	return 0;
}

int
cheater_invariants(const struct game *g, char **cause)
{
	int s, over = g->phase == PH_OVER;

	if (check_places(g, cause) != 0)
		return -1;
	if (ch_nactive(g) < (over ? 1 : 2))
		return game_fail(cause, "%d seats playing", ch_nactive(g));
	if (g->cheater >= 0 && !g->in[g->cheater])
		return game_fail(cause, "the CHEATER has left");
	if (over)
		return g->winner >= 0 && g->in[g->winner] &&
		    (g->win_suit < 0 ||
		    ch_spells(&g->hand[g->winner]) == g->win_suit) ? 0 :
		    game_fail(cause, "the winner does not stand");
	if (!g->in[g->turn])
		return game_fail(cause, "seat %d plays but has left", g->turn);
	if (g->draw.n == 0)
		return game_fail(cause, "the draw pile is empty at rest");
	if (g->dice[0] < 1 || g->dice[0] > 6 || g->dice[1] < 1 ||
	    g->dice[1] > 6 || g->power != (g->cheater == g->turn))
		return game_fail(cause, "dice %d %d, power %d, CHEATER %d",
		    g->dice[0], g->dice[1], g->power, g->cheater);
	if (g->phase != PH_TURN && g->phase != PH_DISCARD &&
	    (g->victim < 0 || g->victim == g->turn || !g->in[g->victim]))
		return game_fail(cause, "victim %d", g->victim);
	if (g->phase == PH_BUST && (g->die < 1 || g->die > 6))
		return game_fail(cause, "die %d", g->die);
	for (s = 0; s < g->nseats; s++) {
		if (g->hand[s].n != hand_size(g, s))
			return game_fail(cause, "seat %d holds %d cards, not "
			    "%d", s, g->hand[s].n, hand_size(g, s));
		if (ch_spells(&g->hand[s]) >= 0)
			return game_fail(cause, "seat %d spells CHEATER but "
			    "the game goes on", s);
	}
	return 0;
}

/* Test hooks (cheater.h). */

/* Moves the cards named in spec (faces) from pool into l, in order. */
static int
stack_list(struct cards *pool, const char *spec, struct cards *l,
    char **cause)
{
	char words[512], *w, *save = NULL;
	int face, i;

	cards_clear(l);
	if (spec == NULL)
		return 0;
	snprintf(words, sizeof words, "%s", spec);
	for (w = strtok_r(words, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save)) {
		if (ch_parse_face(w, &face, cause) != 0)
			return -1;
		for (i = 0; i < pool->n && ch_face(pool->c[i]) != face; i++)
			;
		if (i == pool->n)
			return game_fail(cause, "no %s left to stack", w);
		cards_add(l, pool->c[i]);
		cards_remove(pool, pool->c[i]);
	}
	return 0;
}

int
cheater_stack(struct game *g, const struct cheater_deal *d,
    struct game_out *out, char **cause)
{
	struct cards pool, top;
	char words[256], *w, *save = NULL;
	int i, s;

	cards_clear(&pool);
	for (i = 0; i < g->decks * CH_DECK; i++)
		cards_add(&pool, i);
	for (s = 0; s < g->nseats; s++) {
		if (stack_list(&pool, d->hands[s], &g->hand[s], cause) != 0)
			return -1;
		if (g->hand[s].n != CH_HAND)
			return game_fail(cause, "seat %d gets %d cards, not %d",
			    s, g->hand[s].n, CH_HAND);
	}
	if (stack_list(&pool, d->discard, &g->discard, cause) != 0 ||
	    stack_list(&pool, d->draw, &top, cause) != 0)
		return -1;
	if (g->discard.n == 0)
		return game_fail(cause, "the discard pile needs a card");
	/* The draw pile's top is its last card. */
	g->draw = pool;
	for (i = top.n - 1; i >= 0; i--)
		cards_add(&g->draw, top.c[i]);
	memset(g->fresh, 0, sizeof g->fresh);
	memset(g->pub, 0, sizeof g->pub);
	for (i = 0; i < g->discard.n; i++)
		g->pub[g->discard.c[i]] = 1;
	g->nforced = 0;
	snprintf(words, sizeof words, "%s", d->dice != NULL ? d->dice : "");
	for (w = strtok_r(words, " ", &save); w != NULL &&
	    g->nforced < (int)(sizeof g->forced / sizeof g->forced[0]);
	    w = strtok_r(NULL, " ", &save))
		g->forced[g->nforced++] = atoi(w);
	g->cheater = d->cheater;
	ch_deal(g, d->first, out);
	return 0;
}

void
cheater_cards(const struct game *g, int seat, char *buf, size_t size)
{
	const struct cards *l = seat == -1 ? &g->draw : seat == -2 ?
	    &g->discard : &g->hand[seat];
	struct cards sorted;
	size_t used;
	int i, id;

	buf[0] = '\0';
	sorted = *l;
	if (seat >= 0)
		ch_sort(&sorted);
	for (i = 0; i < sorted.n; i++) {
		id = sorted.c[seat == -1 ? sorted.n - 1 - i : i];
		used = strlen(buf);
		snprintf(buf + used, size - used, "%s%s", i > 0 ? " " : "",
		    ch_face_name(ch_face(id)));
	}
}

int
cheater_holder(const struct game *g)
{
	return g->cheater;
}
