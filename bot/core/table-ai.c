/*
 * AI seats at a game (games/ai.h).  Each has a mind, made at the deal (or
 * when the game goes on after a restart, from what it sees then), that
 * notes the seat's observation after every move: the rules' observe(),
 * which deals again every card the seat cannot know, so nothing here can
 * hand it more than its seat may know.  When the turn lets it act (its
 * turn, a window open to it, a move it owes), it thinks for a time of its
 * own, drawn afresh each time and whatever it will decide, so its speed
 * says nothing: ai.think_min to ai.think_max for a move, and for a call
 * within the window's minimum time (the next player's move is held that
 * long, so the call is never too late).  Then its move is typed and parsed
 * back as a person's would be (ai_retype()), and made through the same
 * table_move() (table-play.c, which handles the clock's report).
 */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "bot/lib/log.h"
#include "storage/store.h"
#include "alloc/xalloc.h"

/* seat's observation of t's game: freed with ops->destroy(). */
static struct game *
table_ai_observe(struct table *t, int seat)
{
	return t->ops->observe(t->g, seat);
}

/* What the records say of each seat's player in t's variant, for a hard
 * AI (games/ai.h): their claims and lies, their chances to call and their
 * calls, over every game of theirs that ended with a ledger, the same
 * public record !bluffs reads.  A seat the records cannot be read for
 * counts as unknown (zeros). */
static void
table_ai_habits(struct table *t, struct ai_habits *h)
{
	struct store_bluffs b;
	int i;

	memset(h, 0, sizeof *h * (size_t)t->nseats);
	for (i = 0; i < t->nseats; i++) {
		if (store_bluffs_player(t->b->store, t->seats[i].player,
		    t->ops->name, &b, NULL) != 0)
			continue;
		h[i].claims = b.claims;
		h[i].lies = b.lies;
		h[i].chances = b.chances;
		h[i].calls = b.calls;
	}
}

/* AI seat gets a mind, from what it sees now, and its own generator; a
 * hard one in a game with claims, the habits of the players too. */
static void
table_ai_mind(struct table *t, int seat)
{
	struct ai_habits habits[GAME_MAX_SEATS];
	struct seat *s = &t->seats[seat];
	struct game *obs;
	int known = s->level >= AI_HARD && t->ops->claims;

	rng_seed(&s->rng, t->seed ^ ((uint64_t)(seat + 1) << 40));
	if (known)
		table_ai_habits(t, habits);
	obs = table_ai_observe(t, seat);
	s->mind = ai_player_new(t->ops, obs, seat, t->nseats, s->level,
	    known ? habits : NULL);
	ai_player_budget(s->mind, t->b->conf->ai_expert_playouts);
	t->ops->destroy(obs);
}

void
table_ai_start(struct table *t)
{
	int i;

	for (i = 0; i < t->nseats; i++) {
		if (t->seats[i].ai && !t->seats[i].gone &&
		    t->seats[i].mind == NULL)
			table_ai_mind(t, i);
	}
}

void
table_ai_note(struct table *t)
{
	struct game *obs;
	int i;

	for (i = 0; i < t->nseats; i++) {
		if (t->seats[i].mind == NULL)
			continue;
		obs = table_ai_observe(t, i);
		ai_player_note(t->seats[i].mind, obs);
		t->ops->destroy(obs);
	}
}

/* A time from lo to hi ms, drawn from the bot's generator. */
static int
table_ai_time(struct table *t, int lo, int hi)
{
	if (hi <= lo)
		return lo;
	return lo + (int)(rng_next(&t->b->rng) % (uint64_t)(hi - lo + 1));
}

void
table_ai_arm(struct table *t)
{
	const struct conf *c = t->b->conf;
	const struct game_turn *tu = &t->turn;
	int i, lo, hi;

	for (i = 0; i < t->nseats; i++) {
		table_clock_think_end(t, i);
		if (t->seats[i].mind == NULL || t->seats[i].gone ||
		    t->paused != TABLE_RUNNING || !ai_may_act(tu, i))
			continue;
		/* It let this window go: it does not think again while the
		 * window waits on others (an aside made meanwhile). */
		if ((t->declined & (1u << i)) && tu->seat != i)
			continue;
		lo = c->ai_think_min_ms;
		hi = c->ai_think_max_ms;
		if (tu->seat != i && tu->window != 0 && !tu->wait &&
		    !tu->pause) {
			/* A call: in the window's first three quarters. */
			if (hi > c->challenge_min_ms * 3 / 4)
				hi = c->challenge_min_ms * 3 / 4;
			if (lo > hi / 2)
				lo = hi / 2;
		}
		table_clock_think(t, i, table_ai_time(t, lo, hi));
	}
}

int
table_ai_decide(struct table *t, int seat, struct game_move *mv)
{
	struct seat *s = &t->seats[seat];
	struct game_move chosen;
	struct game *obs;
	char *cause = NULL;
	int rc;

	obs = table_ai_observe(t, seat);
	rc = ai_player_decide(s->mind, obs, &s->rng, &chosen);
	t->ops->destroy(obs);
	if (rc != 0)
		return -1;
	if (chosen.seat != seat || ai_retype(t->ops, t->g, &chosen, mv,
	    &cause) != 0) {
		/* A bug in the variant's AI: said, and the seat's clock
		 * makes its move for it in the end. */
		log_error("game %lld in %s: %s's move does "
		    "not parse: %s", (long long)t->game_id, t->chan->name,
		    s->nick, cause != NULL ? cause : "another seat's");
		free(cause);
		return -1;
	}
	return 0;
}

void
table_ai_takeover(struct table *t, int seat)
{
	struct seat *s = &t->seats[seat];
	char nick[NICK_MAX];

	nick_ai(nick, sizeof nick, s->nick);
	seat_set_nick(s, nick);
	s->ai = 1;
	s->away = 0;
	s->level = (enum ai_level)t->b->conf->ai_level;
	table_ai_mind(t, seat);
}

void
table_ai_free(struct table *t)
{
	int i;

	for (i = 0; i < t->nseats; i++) {
		ai_player_free(t->seats[i].mind);
		t->seats[i].mind = NULL;
	}
}
