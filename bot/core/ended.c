/*
 * Games just over.  A move typed a moment after its game ended, by a
 * player who had not read the last line yet (or typed as it went out),
 * is answered that the game is over, not that the command is unknown:
 * "the Cheat game is over: !play cheat starts another".
 *
 * Each channel keeps its last game's end for ENDED_MS: the variant and
 * the people still playing it at the end, as seats (identities: the
 * account, else nick and user@host, compared by seat_is() as a game's
 * seats are).  In the channel anyone's command of that variant is
 * answered so; in private, only one of those players', found by nick in
 * b->ended_nicks, so a private line costs the same whatever the number
 * of games.  A new lobby in the channel forgets it: from then on the
 * channel's commands are about the next game.  Kept in memory only: a
 * restart forgets it, as it forgets a lobby.
 */
#include <stdlib.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "alloc/xalloc.h"

/* One of its people at a game's end: a seat of no table, whose
 * identity seat_is() reads, in b->ended_nicks by its nick's fold. */
struct ended_seat {
	struct seat seat;
	struct chan *chan;		/* where the game was */
};

/* One channel's last game, over. */
struct ended {
	const struct game_ops *ops;
	uint64_t at;			/* when it ended */
	struct ended_seat *seats;	/* its people at the end */
	int nseats;
};

void
ended_forget(struct chan *c)
{
	struct ended *e = c->ended;
	int i;

	if (e == NULL)
		return;
	for (i = 0; i < e->nseats; i++) {
		hash_remove(&c->b->ended_nicks, e->seats[i].seat.fold,
		    &e->seats[i]);
		seat_free(&e->seats[i].seat);
	}
	free(e->seats);
	free(e);
	c->ended = NULL;
}

void
ended_note(struct table *t)
{
	struct chan *c = t->chan;
	const struct seat *from;
	struct ended_seat *es;
	struct seat *s;
	struct ended *e;
	int i;

	ended_forget(c);
	e = xcalloc(1, sizeof *e);
	e->ops = t->ops;
	e->at = t->b->now;
	e->seats = xcalloc((size_t)t->nseats + 1, sizeof *e->seats);
	for (i = 0; i < t->nseats; i++) {
		from = &t->seats[i];
		if (from->gone || from->ai)
			continue;
		es = &e->seats[e->nseats++];
		es->chan = c;
		s = &es->seat;
		nick_set(s->nick, sizeof s->nick, &s->fold, from->nick);
		s->userhost = s->account = str_none;
		str_set(&s->userhost, from->userhost, USERHOST_MAX);
		str_set(&s->account, from->account, ACCOUNT_MAX);
		hash_add(&t->b->ended_nicks, s->fold, es);
	}
	c->ended = e;
}

/* Whether c's last game ended less than ENDED_MS ago and word is one of
 * its variant's commands. */
static int
ended_has(const struct chan *c, uint64_t now, const char *word)
{
	const struct ended *e = c->ended;

	return e != NULL && now - e->at < ENDED_MS &&
	    game_cmd_find(e->ops, word) >= 0;
}

const struct game_ops *
ended_game(struct bot *b, struct chan *c, const struct who *w,
    const char *word, struct chan **where)
{
	const struct ended_seat *es;
	struct hash_walk hw;
	struct chan *best = NULL;

	if (c != NULL)
		best = ended_has(c, b->now, word) ? c : NULL;
	/* In private: where w played, the game that ended last. */
	for (es = c == NULL ? hash_first(&b->ended_nicks, nick_fold(w->nick),
	    &hw) : NULL; es != NULL; es = hash_next(&hw)) {
		if (seat_is(&es->seat, w) && ended_has(es->chan, b->now,
		    word) && (best == NULL ||
		    es->chan->ended->at > best->ended->at))
			best = es->chan;
	}
	*where = best;
	return best != NULL ? best->ended->ops : NULL;
}

void
ended_free(struct bot *b)
{
	int i;

	for (i = 0; i < b->nchans; i++)
		ended_forget(b->chans[i]);
	hash_free(&b->ended_nicks);
}
