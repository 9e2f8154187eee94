/*
 * Part 6 of `make bench`: the fair pipe, on the simulated clock.  The bot
 * core under the transcript harness (tests/lib/harness.h: every line in
 * through the code the bot runs on a server's line, every line out of its
 * own queue), with the configuration's defaults, the default flood rule
 * above all (4 lines at once, then one every 2 s), and simulated people
 * whose every line reaches the bot the moment they type it and whose
 * every line from it arrives the moment the queue lets it go.
 *
 * N = 1 to 8 games at once, each of four seats in a channel of its own
 * (the variants in turn), each player moving 3 to 8 s (uniform) after the
 * prompt that asks for its move came, typed where the move is typed (the
 * rules' sample() of that seat's moves); a game that ends is opened,
 * joined and started again by its players a few seconds later.  Every 10
 * to 30 s someone at random asks `!status` in a game's channel or `!top`
 * privately.  Each N runs twice, without and with one more person who
 * reads a replay (`!replay 1`, then `!more` every 5 s, inside the command
 * limit, which is on as configured; told there is nothing more, the same
 * replay again).
 *
 * Measured, for each run: from a move typed to its channel line leaving
 * the queue (the first line to its channel with a line pushed after the
 * move in it, merged or not), and from a short command typed to its
 * reply leaving: p50, p95 and the maximum, in seconds; and the game lines
 * sent per move.  The figures named by the issue are the runs with the
 * reader: "fair pipe: N games: move p95" and "... reply p95"; "fair pipe:
 * capacity games", the largest N whose move p95 is at most 6 s, and the
 * same at one line a second (the N from 1 up, to the first past it).
 * The harness's databases go in HARNESS_DIR (bench/run.sh: /dev/shm):
 * what is timed is the pipe, on the simulated clock, not the disk.
 *
 * With 2 bots (docs/storage.md, Several bots of one network): the same
 * games dealt by two bot cores, each with its own queue and flood rule
 * (each bot's own connection), game k by bot k % 2 as bot/core/share.c
 * deals a network's channels evenly; a player's !top goes to the bot of
 * its game, the reader reads from the first.  The same figures, "fair
 * pipe 2 bots: N games: ...", and "fair pipe 2 bots: capacity games",
 * up to 16.  The claims themselves cost nothing on the pipe and are not
 * run here (tests/integration/test-share.c runs them).
 * Nothing is asserted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench/bench.h"
#include "bench/sim.h"
#include "bot/core/core.h"
#include "bot/lib/log.h"
#include "games/game.h"
#include "games/rng.h"
#include "alloc/xalloc.h"
#include "tests/lib/harness.h"

#define MAX_GAMES 16
#define MAX_BOTS 2
#define SEATS 4
#define RUN_MINUTES 480			/* simulated time a run lasts, unless
					 * BENCH_PIPE_MINUTES: near capacity
					 * a p95 of 60 minutes swung by half
					 * a second from run to run */
#define READER_MS 5000			/* between two !more */
#define TARGET_S 6.0			/* the move p95 a game may have */

struct person {
	char nick[16];
	int game;			/* its channel's number */
	int seat;
	uint64_t act_at;		/* its move is due then; 0: none */
};

/* A line typed whose answer is awaited: what it is for, its target (a
 * channel or a nick), when it was typed and the queue's last number
 * then: the answer is the first line to target pushed after. */
struct waiting {
	int move;			/* 1: a move, else a command */
	int bot;			/* whose queue answers */
	char target[16];
	uint64_t at, before;
};

struct pipe_run {
	struct harness *h[MAX_BOTS];	/* game k's bot: h[k % nbots] */
	int nbots;
	uint64_t now;			/* every bot's clock */
	struct rng rng;
	int ngames, reader;
	struct person people[MAX_GAMES * SEATS];
	uint64_t reopen_at[MAX_GAMES];	/* a new game is opened then */
	int reopen_step[MAX_GAMES];
	int variant[MAX_GAMES];
	struct waiting *wait;
	size_t nwait, capwait;
	struct sim_samples moves, replies;
	uint64_t next_command, next_more;
	int read_all;			/* the reader has read the replay to
					 * its end: it starts it again */
	long game_lines, game_moves, chan_lines, prompts, refused;
	int64_t seen_game[MAX_GAMES];	/* the game each channel had */
	int seen_moves[MAX_GAMES];	/* ... and its moves so far */
};

/* The bot that deals game's channel. */
static struct harness *
pipe_bot(struct pipe_run *r, int game)
{
	return r->h[game % r->nbots];
}

static struct chan *
pipe_chan(struct pipe_run *r, int game)
{
	char name[16];

	snprintf(name, sizeof name, "#g%d", game);
	return chan_find(pipe_bot(r, game)->bot, name);
}

/* Awaits the answer of bot to a line typed now to target. */
static void
pipe_await(struct pipe_run *r, int bot, int move, const char *target)
{
	struct waiting *w;

	if (r->nwait == r->capwait) {
		r->capwait = r->capwait ? r->capwait * 2 : 64;
		r->wait = xreallocarray(r->wait, r->capwait, sizeof *r->wait);
	}
	w = &r->wait[r->nwait++];
	w->move = move;
	w->bot = bot;
	snprintf(w->target, sizeof w->target, "%s", target);
	w->at = r->now;
	w->before = queue_last(r->h[bot]->queue);
}

/* Which bot's lines pipe_sent() is given. */
struct pipe_from {
	struct pipe_run *r;
	int bot;
};

/* A line of a bot goes (sim_send()): the answers it carries are
 * measured, and the player it prompts is due to move. */
static void
pipe_sent(void *arg, const struct queue_sent *s)
{
	const struct pipe_from *from = arg;
	struct pipe_run *r = from->r;
	uint64_t last = s->seq;
	struct person *p;
	struct table *t;
	size_t i;

	for (i = 0; i < s->nmerged; i++)
		if (s->merged[i] > last)
			last = s->merged[i];
	for (i = 0; i < r->nwait; i++) {
		if (r->wait[i].bot != from->bot ||
		    strlen(r->wait[i].target) != s->tlen ||
		    strncasecmp(r->wait[i].target, s->target, s->tlen) != 0 ||
		    last <= r->wait[i].before)
			continue;
		sim_add(r->wait[i].move ? &r->moves : &r->replies,
		    (double)(r->now - r->wait[i].at) / 1000);
		r->wait[i--] = r->wait[--r->nwait];
	}
	if (s->tlen == 6 && strncmp(s->target, "reader", 6) == 0 &&
	    strstr(s->text, "nothing more to read") != NULL)
		r->read_all = 1;
	if (s->cls == QUEUE_GAME) {
		r->game_lines++;
		if (*s->target == '#')
			r->chan_lines++;
	}
	/* A game's private line to a seat that must act is its prompt: its
	 * player moves 3 to 8 s after it came (a later prompt, one that
	 * says what changed, starts the player's thinking again). */
	for (i = 0; i < (size_t)r->ngames * SEATS; i++) {
		p = &r->people[i];
		if (p->game % r->nbots != from->bot ||
		    strlen(p->nick) != s->tlen ||
		    strncasecmp(p->nick, s->target, s->tlen) != 0)
			continue;
		t = pipe_chan(r, p->game)->table;
		if (s->cls == QUEUE_GAME && t != NULL && t->g != NULL &&
		    !t->turn.over && (t->turn.seat == p->seat ||
		    (t->turn.wait && (t->turn.window & (1u << p->seat))))) {
			p->act_at = r->now + sim_rand(&r->rng, 3000, 8000);
			r->prompts++;
		}
	}
}

/* Sends every line each bot's bucket lets go now. */
static void
pipe_drain(struct pipe_run *r)
{
	struct pipe_from from;
	int b;

	from.r = r;
	for (b = 0; b < r->nbots; b++) {
		from.bot = b;
		sim_send(r->h[b], pipe_sent, &from);
	}
}

/* p's seat moves, if it still must: a move of its own from the rules'
 * sample(), typed as its player types it. */
static void
pipe_move(struct pipe_run *r, struct person *p)
{
	struct table *t = pipe_chan(r, p->game)->table;
	struct game_move mv;
	char chan[16], text[1024];
	int tries, moves;

	p->act_at = 0;
	if (t == NULL || t->g == NULL || t->turn.over)
		return;
	for (tries = 0; tries < 200; tries++) {
		if (t->ops->sample(t->g, &r->rng, &mv) != 0)
			return;
		if (mv.seat == p->seat)
			break;
	}
	if (mv.seat != p->seat ||
	    t->ops->command(t->g, &mv, text, sizeof text) < 0)
		return;
	snprintf(chan, sizeof chan, "#g%d", p->game);
	moves = t->nmoves;
	pipe_await(r, p->game % r->nbots, 1, chan);
	harness_type_at(pipe_bot(r, p->game), t, &mv);
	/* A move refused (the state changed under it) has no line to wait
	 * for; one held for the window, or a call collected, has. */
	t = pipe_chan(r, p->game)->table;
	if (t != NULL && t->g != NULL && t->nmoves == moves && !t->held &&
	    t->tie_seats == 0) {
		r->nwait--;
		r->refused++;
	}
}

/* A game of channel k ended (or was never opened): its players open the
 * next, a step every 2 s: !play, three !join, !start. */
static void
pipe_reopen(struct pipe_run *r, int k)
{
	char chan[16], cmd[64];
	int step = r->reopen_step[k]++;

	snprintf(chan, sizeof chan, "#g%d", k);
	if (step == 0) {
		snprintf(cmd, sizeof cmd, "!play %s",
		    game_table[r->variant[k]]->name);
		harness_say(pipe_bot(r, k), r->people[k * SEATS].nick, chan,
		    cmd);
	} else if (step < SEATS)
		harness_say(pipe_bot(r, k), r->people[k * SEATS + step].nick,
		    chan, "!join");
	else {
		harness_say(pipe_bot(r, k), r->people[k * SEATS].nick, chan,
		    "!start");
		r->reopen_at[k] = 0;
		r->reopen_step[k] = 0;
		return;
	}
	r->reopen_at[k] = r->now + 2000;
}

/* Someone at random asks a short question: !status in a game's channel,
 * or !top privately, of the bot of their game. */
static void
pipe_command(struct pipe_run *r)
{
	struct person *p = &r->people[sim_rand(&r->rng, 0,
	    (uint64_t)r->ngames * SEATS - 1)];
	int bot = p->game % r->nbots;
	char chan[16];

	if (rng_next(&r->rng) % 2 == 0) {
		snprintf(chan, sizeof chan, "#g%d", p->game);
		pipe_await(r, bot, 0, chan);
		harness_say(r->h[bot], p->nick, chan, "!status");
	} else {
		pipe_await(r, bot, 0, p->nick);
		harness_say(r->h[bot], p->nick, "cheaterbot", "!top");
	}
	r->next_command = r->now + sim_rand(&r->rng, 10000, 30000);
}

static int run_minutes = RUN_MINUTES;

/* The configuration of a bot of a run: the command limit as configured
 * (the harness turns it off for transcripts), the channels of its games
 * (game k is bot k % tune_bots's). */
static int tune_games, tune_bots = 1, tune_bot;

static void
pipe_tune(struct conf *c)
{
	char name[16];
	int k;

	sim_limits(c);
	for (k = tune_bot; k < tune_games; k += tune_bots) {
		snprintf(name, sizeof name, "#g%d", k);
		conf_list_add(&c->channels, &c->nchannels, "channel", name,
		    NULL);
	}
}

/* Sets up a run: the bots, a finished game to replay (the first bot's),
 * the games' channels joined with their players (and the reader in the
 * first); then the flood rule, interval_ms a line, under which each game
 * is opened. */
static void
pipe_setup(struct pipe_run *r, int nbots, int ngames, int reader,
    int interval_ms)
{
	static const char *const replayed[] = { "alice", "bob", "carol",
		NULL };
	const char *members[SEATS + 2];
	char chan[16];
	int k, i, b, nvariants = 0;

	memset(r, 0, sizeof *r);
	while (game_table[nvariants] != NULL)
		nvariants++;
	tune_games = ngames;
	tune_bots = nbots;
	r->nbots = nbots;
	for (b = 0; b < nbots; b++) {
		tune_bot = b;
		r->h[b] = harness_new(1 + (uint64_t)b, pipe_tune);
	}
	rng_seed(&r->rng, 7 + (uint64_t)ngames);
	r->ngames = ngames;
	r->reader = reader;
	harness_play_game(r->h[0], "cheat", replayed, 5000);
	for (k = 0; k < ngames; k++) {
		snprintf(chan, sizeof chan, "#g%d", k);
		for (i = 0; i < SEATS; i++) {
			snprintf(r->people[k * SEATS + i].nick,
			    sizeof r->people[0].nick, "g%dp%d", k, i);
			r->people[k * SEATS + i].game = k;
			r->people[k * SEATS + i].seat = i;
			members[i] = r->people[k * SEATS + i].nick;
		}
		members[SEATS] = k == 0 ? "reader" : NULL;
		members[SEATS + 1] = NULL;
		harness_join_chan(pipe_bot(r, k), chan, members);
		r->variant[k] = k % nvariants;
	}
	for (b = 0; b < nbots; b++)
		if (r->h[b]->now > r->now)
			r->now = r->h[b]->now;
	r->now += 10000;	/* the buckets fill */
	for (b = 0; b < nbots; b++) {
		harness_clear(r->h[b]);
		queue_set_rate(r->h[b]->queue, r->h[b]->conf.flood_burst,
		    interval_ms);
		r->h[b]->now = r->now;
		bot_tick(r->h[b]->bot, r->now);
	}
	/* The games open under the flood rule, as they will again: a
	 * deal's lines count, and its first player is prompted. */
	for (k = 0; k < ngames; k++)
		r->reopen_at[k] = r->now + 1000 * (uint64_t)k;
	r->next_command = r->now + sim_rand(&r->rng, 10000, 30000);
	if (reader) {
		harness_say(r->h[0], "reader", "cheaterbot", "!replay 1");
		r->next_more = r->now + READER_MS;
	}
}

/* The next thing that happens: a timer, a line, a person. */
static uint64_t
pipe_next(struct pipe_run *r)
{
	uint64_t next = UINT64_MAX, t;
	size_t i;
	int b;

	for (b = 0; b < r->nbots; b++)
		if ((t = sim_next(r->h[b])) < next)
			next = t;
	if (r->next_command < next)
		next = r->next_command;
	if (r->reader && r->next_more < next)
		next = r->next_more;
	for (i = 0; i < (size_t)r->ngames * SEATS; i++)
		if (r->people[i].act_at != 0 && r->people[i].act_at < next)
			next = r->people[i].act_at;
	for (i = 0; i < (size_t)r->ngames; i++)
		if (r->reopen_at[i] != 0 && r->reopen_at[i] < next)
			next = r->reopen_at[i];
	return next;
}

/* Counts the moves of channel k's game, the table's own too (a window
 * closed): those of a game that ended once the next is dealt. */
static void
pipe_count(struct pipe_run *r, int k)
{
	struct table *t = pipe_chan(r, k)->table;

	if (t == NULL || t->state != TABLE_PLAYING)
		return;
	if (t->game_id != r->seen_game[k]) {
		r->game_moves += r->seen_moves[k];
		r->seen_game[k] = t->game_id;
	}
	r->seen_moves[k] = t->nmoves;
}

/* One run: its move and reply times, and the game lines per move. */
static void
pipe_run(struct pipe_run *r, int nbots, int ngames, int reader,
    int interval_ms)
{
	uint64_t end;
	size_t i;
	int k, b;

	pipe_setup(r, nbots, ngames, reader, interval_ms);
	end = r->now + (uint64_t)run_minutes * 60 * 1000;
	while (r->now < end) {
		r->now = pipe_next(r);
		for (b = 0; b < nbots; b++) {
			r->h[b]->now = r->now;
			bot_tick(r->h[b]->bot, r->now);
		}
		pipe_drain(r);
		for (i = 0; i < (size_t)ngames * SEATS; i++)
			if (r->people[i].act_at != 0 &&
			    r->people[i].act_at <= r->now)
				pipe_move(r, &r->people[i]);
		for (k = 0; k < ngames; k++) {
			pipe_count(r, k);
			if (r->reopen_at[k] != 0 &&
			    r->reopen_at[k] <= r->now)
				pipe_reopen(r, k);
			else if (r->reopen_at[k] == 0 &&
			    pipe_chan(r, k)->table == NULL) {
				r->variant[k] = (r->variant[k] + 1) % 5;
				r->reopen_at[k] = r->now + 5000;
			}
		}
		if (r->now >= r->next_command)
			pipe_command(r);
		if (reader && r->now >= r->next_more) {
			harness_say(r->h[0], "reader", "cheaterbot",
			    r->read_all ? "!replay 1" : "!more");
			r->read_all = 0;
			r->next_more = r->now + READER_MS;
		}
		pipe_drain(r);
	}
	for (k = 0; k < ngames; k++)
		r->game_moves += r->seen_moves[k];
}

static void
pipe_free(struct pipe_run *r)
{
	int b;

	for (b = 0; b < r->nbots; b++)
		harness_free(r->h[b]);
	free(r->wait);
	sim_samples_free(&r->moves);
	sim_samples_free(&r->replies);
}

/* The rows of one run, named "LEAD: N games[, no reader]: ..." (LEAD
 * "fair pipe", or "fair pipe 2 bots"). */
static void
pipe_rows(struct pipe_run *r, const char *lead, const char *label,
    double *move95, double *reply95)
{
	char name[160];

	*move95 = bench_pct(r->moves.v, r->moves.n, 95);
	*reply95 = bench_pct(r->replies.v, r->replies.n, 95);
	snprintf(name, sizeof name, "%s: %s: move p50", lead, label);
	bench_row("6 pipe", name, bench_pct(r->moves.v, r->moves.n, 50), "s",
	    NULL);
	snprintf(name, sizeof name, "%s: %s: move p95", lead, label);
	bench_row("6 pipe", name, *move95, "s", NULL);
	snprintf(name, sizeof name, "%s: %s: move max", lead, label);
	bench_row("6 pipe", name, bench_pct(r->moves.v, r->moves.n, 100), "s",
	    NULL);
	snprintf(name, sizeof name, "%s: %s: reply p50", lead, label);
	bench_row("6 pipe", name, bench_pct(r->replies.v, r->replies.n, 50), "s",
	    NULL);
	snprintf(name, sizeof name, "%s: %s: reply p95", lead, label);
	bench_row("6 pipe", name, *reply95, "s", "<= 6");
	snprintf(name, sizeof name, "%s: %s: reply max", lead, label);
	bench_row("6 pipe", name, bench_pct(r->replies.v, r->replies.n, 100),
	    "s", NULL);
	snprintf(name, sizeof name, "%s: %s: moves", lead, label);
	bench_row("6 pipe", name, (double)r->moves.n, "moves", NULL);
	snprintf(name, sizeof name, "%s: %s: game lines per move",
	    lead, label);
	bench_row("6 pipe", name, r->game_moves > 0 ? (double)r->game_lines /
	    (double)r->game_moves : 0, "lines", NULL);
	snprintf(name, sizeof name, "%s: %s: channel lines per move",
	    lead, label);
	bench_row("6 pipe", name, r->game_moves > 0 ? (double)r->chan_lines /
	    (double)r->game_moves : 0, "lines", NULL);
	snprintf(name, sizeof name, "%s: %s: prompts per move",
	    lead, label);
	bench_row("6 pipe", name, r->game_moves > 0 ? (double)r->prompts /
	    (double)r->game_moves : 0, "lines", NULL);
}

/* The move p95 (with the reader) of n games dealt by nbots at
 * interval_ms a line. */
static double
pipe_move95(int nbots, int n, int interval_ms)
{
	struct pipe_run r;
	double p95;

	pipe_run(&r, nbots, n, 1, interval_ms);
	p95 = bench_pct(r.moves.v, r.moves.n, 95);
	pipe_free(&r);
	return p95;
}

/* The largest N from 1 up whose move p95 (with the reader) is at most
 * TARGET_S at interval_ms a line, up to the first N past it (the pipe
 * only fills more with more games); known[n], where not 0, is N's
 * figure already measured. */
static int
pipe_capacity(int nbots, int interval_ms, const double *known)
{
	int n;

	for (n = 1; n <= MAX_GAMES; n++) {
		if ((known != NULL && known[n] > 0 ? known[n] :
		    pipe_move95(nbots, n, interval_ms)) > TARGET_S)
			break;
	}
	return n - 1;
}

/* Part 3, lines per move: whole games of one variant at nseats, every
 * player as fast as the bot lets it (its move made the moment it has
 * what it acts on: the line its turn waits for, its prompt or the
 * channel's line), windows and answers short (they are not counted, and
 * waiting on them would make the game no shorter in lines), the default
 * flood rule.  The lines the queue sends, a channel line others were
 * merged into counted once, over the moves (the table's own too); the
 * deal's lines count (it is no move), the lobby's and a game's end do
 * not. */
#define LINE_GAMES 20

struct lines {
	long moves, chan, priv;
	int counting;
};

static void
lines_tune(struct conf *c)
{
	c->challenge_min_ms = 0;
	c->challenge_tie_ms = 0;
	c->challenge_close_ms = 1000;
	c->answer_ms = 1000;
	c->turn_warn_ms = 0;
}

/* A line goes (sim_send()): a game's is counted. */
static void
lines_sent(void *arg, const struct queue_sent *s)
{
	struct lines *l = arg;

	if (l->counting && (s->cls == QUEUE_GAME || s->cls == QUEUE_NEWS))
		(*s->target == '#' ? &l->chan : &l->priv)[0]++;
}

/* Sends what the bucket lets go at now, counting a game's lines. */
static void
lines_send(struct harness *h, struct lines *l)
{
	sim_send(h, lines_sent, l);
}

/* Moves the clock to the next timer or line, running and sending them. */
static void
lines_step(struct harness *h, struct lines *l)
{
	uint64_t next = sim_next(h);

	if (next == UINT64_MAX)
		abort();	/* nothing would ever happen */
	h->now = next > h->now ? next : h->now;
	bot_tick(h->bot, h->now);
	lines_send(h, l);
}

/* One game of ops at nseats, seeded by seed, into l. */
static void
lines_game(const struct game_ops *ops, int nseats, uint64_t seed,
    struct lines *l)
{
	static const char *const nicks[] = { "p0", "p1", "p2", "p3", "p4",
		"p5", "p6", "p7", "p8", "p9", NULL };
	const char *members[GAME_MAX_SEATS + 1];
	struct harness *h = harness_new(seed, lines_tune);
	struct game_move mv;
	struct table *t;
	struct rng rng;
	char cmd[64], text[1024];
	int i, moves = 0;

	for (i = 0; i < nseats; i++)
		members[i] = nicks[i];
	members[nseats] = NULL;
	harness_join_chan(h, "#cheater", members);
	snprintf(cmd, sizeof cmd, "!play %s", ops->name);
	harness_say(h, nicks[0], "#cheater", cmd);
	for (i = 1; i < nseats; i++)
		harness_say(h, nicks[i], "#cheater", "!join");
	harness_clear(h);
	queue_set_rate(h->queue, h->conf.flood_burst, h->conf.flood_interval_ms);
	l->counting = 1;
	harness_say(h, nicks[0], "#cheater", "!start");
	rng_seed(&rng, seed);
	while ((t = harness_table(h)) != NULL && t->g != NULL) {
		moves = t->nmoves;
		if (!queue_sent(h->queue, t->out_seq)) {
			lines_step(h, l);	/* a timer may end the game */
			continue;
		}
		if (t->ops->sample(t->g, &rng, &mv) != 0)
			break;
		if (mv.seat >= 0 &&
		    t->ops->command(t->g, &mv, text, sizeof text) >= 0) {
			harness_type_at(h, t, &mv);
			/* Taken, or waiting (a call in its tie window, a
			 * move held for the window): time runs on to it;
			 * refused: the game moves on without it. */
			if ((t = harness_table(h)) != NULL &&
			    t->nmoves == moves)
				lines_step(h, l);
		} else {
			/* The table's move (a window closed, an answer's
			 * time): on its timer. */
			while ((t = harness_table(h)) != NULL &&
			    t->nmoves == moves)
				lines_step(h, l);
		}
		lines_send(h, l);
	}
	if ((t = harness_table(h)) != NULL)
		moves = t->nmoves;
	else
		moves++;	/* the last, which ended it */
	l->counting = 0;
	l->moves += moves;
	harness_free(h);
}

static void
lines_variant(const struct game_ops *ops, int want, struct lines *all)
{
	struct lines l;
	char name[80];
	int k;

	if (want < ops->min_seats || want > ops->max_seats)
		return;
	memset(&l, 0, sizeof l);
	for (k = 0; k < LINE_GAMES; k++)
		lines_game(ops, want, (uint64_t)k + 1, &l);
	all->moves += l.moves;
	all->chan += l.chan;
	all->priv += l.priv;
	snprintf(name, sizeof name, "%s %d seats: moves per game", ops->name,
	    want);
	bench_row("3 lines", name, (double)l.moves / LINE_GAMES, "moves",
	    NULL);
	snprintf(name, sizeof name, "%s %d seats: channel lines/move",
	    ops->name, want);
	bench_row("3 lines", name, (double)l.chan / l.moves, "lines", NULL);
	snprintf(name, sizeof name, "%s %d seats: private lines/move",
	    ops->name, want);
	bench_row("3 lines", name, (double)l.priv / l.moves, "lines", NULL);
	snprintf(name, sizeof name, "%s %d seats: lines/move", ops->name,
	    want);
	bench_row("3 lines", name, (double)(l.chan + l.priv) / l.moves,
	    "lines", "<= 2");
}

int
main(void)
{
	static const int counts[] = { 1, 2, 4, 8 };
	struct pipe_run r;
	struct lines all;
	double alone95, move95, reply95, x, known[MAX_GAMES + 1];
	char label[64], name[128], lead[32];
	size_t i;
	int k, bots, cap[MAX_BOTS + 1];

	log_set_level(LOG_LEVEL_ERROR);
	if (getenv("BENCH_PIPE_MINUTES") != NULL &&
	    atoi(getenv("BENCH_PIPE_MINUTES")) > 0)
		run_minutes = atoi(getenv("BENCH_PIPE_MINUTES"));
	if (getenv("BENCH_PIPE_ONE") != NULL) {
		/* One run alone: "GAMES:READER[:BOTS]" (READER 1 or 0). */
		int n = 1, rd = 1, nb = 1;

		if (sscanf(getenv("BENCH_PIPE_ONE"), "%d:%d:%d", &n, &rd,
		    &nb) < 1 || n < 1 || n > MAX_GAMES)
			n = 1;
		if (nb < 1 || nb > MAX_BOTS)
			nb = 1;
		pipe_run(&r, nb, n, rd != 0, 2000);
		pipe_rows(&r, "fair pipe", "one", &move95, &reply95);
		pipe_free(&r);
		return 0;
	}
	memset(&all, 0, sizeof all);
	for (k = 0; game_table[k] != NULL; k++) {
		lines_variant(game_table[k], 4, &all);
		lines_variant(game_table[k], 8, &all);
	}
	bench_row("3 lines", "all variants: lines/move",
	    (double)(all.chan + all.priv) / (double)all.moves, "lines",
	    "<= 2");
	for (bots = 1; bots <= MAX_BOTS; bots++) {
		memset(known, 0, sizeof known);
		snprintf(lead, sizeof lead, "fair pipe%s", bots == 1 ? "" :
		    " 2 bots");
		for (i = 0; i < sizeof counts / sizeof counts[0]; i++) {
			snprintf(label, sizeof label, "%d games, no reader",
			    counts[i]);
			pipe_run(&r, bots, counts[i], 0, 2000);
			pipe_rows(&r, lead, label, &alone95, &x);
			pipe_free(&r);
			snprintf(label, sizeof label, "%d games", counts[i]);
			pipe_run(&r, bots, counts[i], 1, 2000);
			pipe_rows(&r, lead, label, &move95, &reply95);
			pipe_free(&r);
			known[counts[i]] = move95 > 0 ? move95 : 1e-9;
			snprintf(name, sizeof name, "%s: %d games: the reader "
			    "adds to move p95", lead, counts[i]);
			bench_row("6 pipe", name, move95 - alone95, "s",
			    "<= 2");
		}
		cap[bots] = pipe_capacity(bots, 2000, known);
		snprintf(name, sizeof name, "%s: capacity games", lead);
		bench_row("6 pipe", name, cap[bots], "games", ">= 2");
	}
	bench_row("6 pipe", "fair pipe 2 bots: capacity gained",
	    cap[2] - cap[1], "games", NULL);
	bench_row("6 pipe", "fair pipe: capacity games at 1 line/s",
	    pipe_capacity(1, 1000, NULL), "games", NULL);
	return 0;
}
