/*
 * Part 7 of `make bench`: a person alone with AI seats, on the simulated
 * clock.  The bot core under the transcript harness (tests/lib/harness.h)
 * with the configuration's defaults: the timers, the AI think times and
 * the flood rule (4 lines at once, then one every 2 s), the command limit
 * on.  For each variant, SOLO_GAMES games (BENCH_SOLO_GAMES) of alice
 * against three normal AI seats, `!play VARIANT bots=3 level=normal`.
 *
 * alice plays as a person would who plays as a normal AI does: her own
 * normal AI mind (games/ai.h) notes her seat's observation after every
 * move and decides her moves, calls and hides.  She moves 2 to 6 s after
 * the prompt that asks for her move has left the queue (a turn, a card
 * owed with others); in a window open to her (a challenge, a HIDE aimed
 * at her), once its line has left the queue, she calls (or hides, or
 * passes a HIDE) 2 to 6 s later when her mind would, else types !pass 1
 * to 3 s later; asked a question aloud, she answers in the channel 2 to
 * 6 s after it.
 *
 * Measured for each game: its minutes, from !start to the end; and how
 * its time was spent, each moment in one class:
 *   - alice's: something of hers is pending (a move, a call, a !pass, an
 *     answer) and what she acts on has reached her;
 *   - the AI seats': else, some AI seat is thinking (its think time,
 *     ai.think_min to think_max, is the opponents' time as a person's
 *     would be);
 *   - the bot's: else: the table waits on its own timers (a window that
 *     nobody answers, a held play) or on the pipe (a line alice must
 *     read still queued).
 * Rows per variant: "solo VARIANT: median minutes", "... p90 minutes",
 * "... bot-caused wait %" (the bot's share), "... AI think %", "...
 * person %", "... moves per game" (median).  Nothing is asserted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench/bench.h"
#include "bench/sim.h"
#include "bot/core/core.h"
#include "bot/core/table.h"
#include "bot/lib/log.h"
#include "games/ai.h"
#include "games/game.h"
#include "games/rng.h"
#include "tests/lib/harness.h"

#define SOLO_GAMES 50
#define CH "#cheater"
#define GAME_LIMIT_MS (4ull * 3600 * 1000)	/* a game not over by then
						 * is counted as it stands */

/* What alice will do when her time comes. */
enum act {
	ACT_NONE,
	ACT_MOVE,	/* her turn, or a move owed */
	ACT_WINDOW,	/* a window open to her: the move decided, or !pass */
	ACT_SPEAK,	/* a question she answers aloud */
};

struct solo {
	struct harness *h;
	struct table *t;
	struct rng rng;			/* her timing */
	struct rng mind_rng;		/* her decisions */
	struct ai_player *mind;
	int seat, noted;
	enum act act;
	uint64_t act_at;
	int window_moves;		/* the window's move count when seen */
	int window_call;		/* 1: her mind calls (window_move) */
	struct game_move window_move;
	double ms_person, ms_ai, ms_bot;
};

/* The table in #cheater, playing, or NULL. */
static struct table *
solo_table(struct solo *s)
{
	struct table *t = harness_table(s->h);

	return t != NULL && t->state == TABLE_PLAYING && t->g != NULL &&
	    !t->turn.over ? t : NULL;
}

/* Whether alice must act now: her turn, or a move she owes. */
static int
solo_must_act(const struct table *t, int seat)
{
	const struct game_turn *tu = &t->turn;

	return tu->seat == seat || (tu->wait && (tu->window & (1u << seat)));
}

/* Whether alice answers a question aloud now. */
static int
solo_asked(const struct table *t, int seat)
{
	return t->turn.pause && t->turn.speaker == seat;
}

/* Her mind's choice in t now, as she would type it: 0, or -1 when it
 * lets the chance pass (or cannot be typed). */
static int
solo_decide(struct solo *s, struct table *t, struct game_move *mv)
{
	struct game_move chosen;
	struct game *obs = t->ops->observe(t->g, s->seat);
	char *cause = NULL;
	int rc;

	rc = ai_player_decide(s->mind, obs, &s->mind_rng, &chosen);
	t->ops->destroy(obs);
	if (rc == 0 && chosen.seat == s->seat &&
	    ai_retype(t->ops, t->g, &chosen, mv, &cause) == 0)
		return 0;
	free(cause);
	return -1;
}

/* A line leaves the queue: what reaches alice may ask her to act. */
static void
solo_sent(void *arg, const struct queue_sent *q)
{
	struct solo *s = arg;
	struct table *t = solo_table(s);
	int to_her = q->tlen == 5 && strncasecmp(q->target, "alice", 5) == 0;
	int to_chan = q->tlen == strlen(CH) &&
	    strncasecmp(q->target, CH, q->tlen) == 0;

	if (t == NULL || (!to_her && !to_chan))
		return;
	if (to_her && q->cls == QUEUE_GAME && solo_must_act(t, s->seat)) {
		/* Her prompt: a later one (what changed) starts again. */
		s->act = ACT_MOVE;
		s->act_at = s->h->now + sim_rand(&s->rng, 2000, 6000);
	} else if (s->act == ACT_NONE &&
	    table_window_answers(t, s->seat)) {
		s->act = ACT_WINDOW;
		s->window_moves = t->nmoves;
		s->window_call = solo_decide(s, t, &s->window_move) == 0;
		s->act_at = s->h->now + (s->window_call ?
		    sim_rand(&s->rng, 2000, 6000) :
		    sim_rand(&s->rng, 1000, 3000));
	} else if (s->act == ACT_NONE && to_chan && solo_asked(t, s->seat)) {
		s->act = ACT_SPEAK;
		s->act_at = s->h->now + sim_rand(&s->rng, 2000, 6000);
	}
}

/* alice types what she decided, if it still may be. */
static void
solo_act(struct solo *s, struct table *t)
{
	struct game_move mv;
	enum act act = s->act;
	char text[1024];

	s->act = ACT_NONE;
	s->act_at = 0;
	if (act == ACT_MOVE && solo_must_act(t, s->seat)) {
		if (solo_decide(s, t, &mv) != 0) {
			t->ops->timeout(t->g, &mv);
			if (mv.seat != s->seat || t->ops->command(t->g, &mv,
			    text, sizeof text) < 0)
				return;
		}
		harness_type_at(s->h, t, &mv);
	} else if (act == ACT_WINDOW && t->nmoves == s->window_moves &&
	    table_window_answers(t, s->seat)) {
		if (s->window_call)
			harness_type_at(s->h, t, &s->window_move);
		else
			harness_say(s->h, "alice", CH, "!pass");
	} else if (act == ACT_SPEAK && solo_asked(t, s->seat))
		harness_say(s->h, "alice", CH, "I would rather not say.");
}

/* Forgets what alice was to do once it no longer may be done. */
static void
solo_recheck(struct solo *s, struct table *t)
{
	if ((s->act == ACT_MOVE && !solo_must_act(t, s->seat)) ||
	    (s->act == ACT_WINDOW && (t->nmoves != s->window_moves ||
	    !table_window_answers(t, s->seat))) ||
	    (s->act == ACT_SPEAK && !solo_asked(t, s->seat))) {
		s->act = ACT_NONE;
		s->act_at = 0;
	}
}

/* Still hers to act, her prompt read and nothing of hers pending (she
 * called UNO first, an aside, or her move was refused while a call was
 * settled): she goes on a second later. */
static void
solo_again(struct solo *s, struct table *t)
{
	if (s->act == ACT_NONE && solo_must_act(t, s->seat) && !t->held &&
	    t->tie_seats == 0 && queue_sent(s->h->queue, t->out_seq)) {
		s->act = ACT_MOVE;
		s->act_at = s->h->now + 1000;
	}
}

/* Her mind notes every move made since it last looked. */
static void
solo_note(struct solo *s, struct table *t)
{
	struct game *obs;

	if (t->nmoves == s->noted)
		return;
	obs = t->ops->observe(t->g, s->seat);
	ai_player_note(s->mind, obs);
	t->ops->destroy(obs);
	s->noted = t->nmoves;
}

/* Whether some AI seat of t is thinking. */
static int
solo_ai_thinking(const struct table *t)
{
	int i;

	for (i = 0; i < t->nseats; i++)
		if (t->seats[i].ai && t->seats[i].t_think != 0)
			return 1;
	return 0;
}

/* One game of ops, seeded by seed: its minutes, and its moves. */
static double
solo_game(const struct game_ops *ops, uint64_t seed, struct solo *s,
    int *moves)
{
	struct game *obs;
	struct table *t;
	uint64_t start, next;
	char cmd[64];
	int i;

	s->h = harness_new(seed, sim_limits);
	rng_seed(&s->rng, seed * 7919 + 1);
	rng_seed(&s->mind_rng, seed * 104729 + 3);
	queue_set_rate(s->h->queue, s->h->conf.flood_burst,
	    s->h->conf.flood_interval_ms);
	s->h->now += 10000;	/* the bucket fills */
	bot_tick(s->h->bot, s->h->now);
	snprintf(cmd, sizeof cmd, "!play %s bots=3 level=normal", ops->name);
	harness_say(s->h, "alice", CH, cmd);
	sim_send(s->h, NULL, NULL);
	s->h->now += 5000;
	bot_tick(s->h->bot, s->h->now);
	sim_send(s->h, NULL, NULL);
	start = s->h->now;
	harness_say(s->h, "alice", CH, "!start");
	t = solo_table(s);
	if (t == NULL)
		abort();	/* no game: a bug in the bench */
	s->seat = -1;
	for (i = 0; i < t->nseats; i++)
		if (!t->seats[i].ai)
			s->seat = i;
	obs = t->ops->observe(t->g, s->seat);
	s->mind = ai_player_new(t->ops, obs, s->seat, t->nseats, AI_NORMAL,
	    NULL);
	t->ops->destroy(obs);
	s->noted = t->nmoves;
	s->act = ACT_NONE;
	s->act_at = 0;
	*moves = 0;
	for (;;) {
		sim_send(s->h, solo_sent, s);
		if ((t = solo_table(s)) == NULL)
			break;
		*moves = t->nmoves;
		solo_note(s, t);
		solo_recheck(s, t);
		solo_again(s, t);
		if (s->act_at != 0 && s->act_at <= s->h->now) {
			solo_act(s, t);
			continue;	/* her move is read at once */
		}
		next = sim_next(s->h);
		if (s->act_at != 0 && s->act_at < next)
			next = s->act_at;
		if (next == UINT64_MAX || next - start > GAME_LIMIT_MS)
			break;
		if (s->act != ACT_NONE)
			s->ms_person += (double)(next - s->h->now);
		else if (solo_ai_thinking(t))
			s->ms_ai += (double)(next - s->h->now);
		else
			s->ms_bot += (double)(next - s->h->now);
		s->h->now = next;
		bot_tick(s->h->bot, s->h->now);
	}
	(*moves)++;	/* the one that ended it */
	next = s->h->now;
	ai_player_free(s->mind);
	harness_free(s->h);
	return (double)(next - start) / 60000.0;
}

static void
solo_variant(const struct game_ops *ops, int ngames)
{
	struct sim_samples minutes = { 0 }, moves = { 0 };
	struct solo s;
	double person = 0, ai = 0, bot = 0, all;
	char name[96];
	int k, n;

	for (k = 0; k < ngames; k++) {
		memset(&s, 0, sizeof s);
		sim_add(&minutes, solo_game(ops, (uint64_t)k + 1, &s, &n));
		sim_add(&moves, n);
		person += s.ms_person;
		ai += s.ms_ai;
		bot += s.ms_bot;
	}
	all = person + ai + bot;
	if (all <= 0)
		all = 1;
	snprintf(name, sizeof name, "solo %s: median minutes", ops->name);
	bench_row("7 solo", name, bench_pct(minutes.v, minutes.n, 50), "min",
	    "<= 8");
	snprintf(name, sizeof name, "solo %s: p90 minutes", ops->name);
	bench_row("7 solo", name, bench_pct(minutes.v, minutes.n, 90), "min",
	    NULL);
	snprintf(name, sizeof name, "solo %s: bot-caused wait %%", ops->name);
	bench_row("7 solo", name, 100 * bot / all, "%", "<= 15");
	snprintf(name, sizeof name, "solo %s: AI think %%", ops->name);
	bench_row("7 solo", name, 100 * ai / all, "%", NULL);
	snprintf(name, sizeof name, "solo %s: person %%", ops->name);
	bench_row("7 solo", name, 100 * person / all, "%", NULL);
	snprintf(name, sizeof name, "solo %s: moves per game", ops->name);
	bench_row("7 solo", name, bench_pct(moves.v, moves.n, 50), "moves",
	    NULL);
	sim_samples_free(&minutes);
	sim_samples_free(&moves);
}

int
main(void)
{
	const char *only = getenv("BENCH_SOLO_VARIANT");
	int k, ngames = SOLO_GAMES;

	log_set_level(LOG_LEVEL_ERROR);
	if (getenv("BENCH_SOLO_GAMES") != NULL &&
	    atoi(getenv("BENCH_SOLO_GAMES")) > 0)
		ngames = atoi(getenv("BENCH_SOLO_GAMES"));
	for (k = 0; game_table[k] != NULL; k++)
		if (only == NULL || strcmp(only, game_table[k]->name) == 0)
			solo_variant(game_table[k], ngames);
	return 0;
}
