/*
 * Parts 1, 3 and 5 of `make bench`, through the rules alone (no network):
 *
 * 1. Random play, one core: for about BENCH_RULES_MS (default 1000) per
 *    variant, games of 4 seats (the variant's nearest seat count) with
 *    its default options, every move the rules' sample(); games and
 *    moves per second.  create(), apply() with messages built, destroy():
 *    what the bot pays per game besides IRC and SQL.
 *
 * 3. Lines per move: whole games at 4 and 8 seats, each move's messages
 *    gathered, rendered, cut into IRC lines and queued as the bot does it
 *    (bot/core/table.c joins a move's public pieces into one channel text and
 *    each seat's into one private text, and queues the prompts of the
 *    seats that must act before the channel text unless a challenge
 *    window is open): channel texts through bot/core/say.c itself
 *    (say_chan()), private texts cut as bot/core/say.c cuts them (at the last
 *    space that fits 510 bytes with the relay's prefix) and pushed as
 *    its NOTICEs, urgent for a seat that must act.  Everything goes
 *    through the bot's own queue (bot/lib/queue.c), its bucket at the default
 *    rate, burst 4 and one line per 2 s, and lines are counted as they
 *    leave it, after its merging: a merged channel line counts once.
 *    Every player answers at once: the next move (the rules' sample())
 *    is made as soon as its player has what it acts on, its prompt when
 *    the last move sent it one, else every channel line queued so far
 *    and its own lines (the table's moves, a window closing: the
 *    channel's lines).  Lines to others do not hold a move up, and the
 *    queue may merge the channel's waiting lines with the next move's.
 *    The flood wait is the game's length from the deal to its last line
 *    sent: all of it is time spent waiting on the flood rate.  The deal
 *    counts as a move's worth of lines but not as a move; the bot's
 *    result lines at the end are not counted.
 *
 * 5. AI decisions: whole games of 4 AI seats of one level (normal, hard),
 *    refereed by ai_play() as the bot referees them; each decision timed
 *    from the seat's observation being made to its decision, as the bot
 *    pays it: the median and the 99th percentile (target: under 1 ms).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "bot/core/core.h"
#include "bot/lib/buf.h"
#include "bot/lib/queue.h"
#include "bot/core/render.h"
#include "config/questions.h"
#include "games/ai.h"
#include "games/game.h"
#include "games/xalloc.h"

#define MOVE_CAP 20000		/* as the simulator: a longer game is a bug */
#define LINE_GAMES 50		/* games per variant and seat count */
#define BOT_NICK "cheaterbot"
#define CHAN "#cheater"
#define FLOOD_BURST 4		/* config/conf.c's defaults */
#define FLOOD_MS 2000

/* The bot's default question file, for the questions game's {q:N}. */
static struct questions *questions;

/* Totals over every variant and seat count, for the target. */
static long all_moves, all_lines;

/* A move's messages, gathered as bot/core/table.c gathers them. */
struct gather {
	struct buf pub;
	struct buf priv[GAME_MAX_SEATS];
};

static void
gather_emit(void *ctx, int seat, const char *text)
{
	struct gather *g = ctx;
	struct buf *to = seat == GAME_PUBLIC ? &g->pub : &g->priv[seat];

	if (to->len > 0)
		buf_addc(to, ' ');
	buf_adds(to, text);
}

static int
seats_for(const struct game_ops *ops, int want)
{
	if (want < ops->min_seats)
		return ops->min_seats;
	return want > ops->max_seats ? ops->max_seats : want;
}

/* Part 1: one variant's random play for ms milliseconds. */
static void
bench_speed(const struct game_ops *ops, int ms)
{
	struct game_opts opts;
	struct game_move mv;
	struct game_turn t;
	struct rng rng;
	struct game *g;
	char *cause = NULL, name[64];
	double start = bench_now_us(), el;
	long games = 0, moves = 0;
	int nseats = seats_for(ops, 4), n;

	game_opts_default(ops, &opts);
	do {
		rng_seed(&rng, (uint64_t)games + 1);
		g = ops->create(&opts, nseats, 0, &rng, NULL, &cause);
		if (g == NULL) {
			fprintf(stderr, "bench: %s: %s\n", ops->name, cause);
			exit(1);
		}
		for (n = 0; n < MOVE_CAP; n++) {
			ops->turn(g, &t);
			if (t.over || ops->sample(g, &rng, &mv) != 0)
				break;
			ops->apply(g, &mv, NULL);
		}
		moves += n;
		games++;
		ops->destroy(g);
		el = bench_now_us() - start;
	} while (el < ms * 1e3);
	snprintf(name, sizeof name, "%s games/s (%d seats)", ops->name,
	    nseats);
	bench_row("1 rules", name, (double)games / (el / 1e6), "games/s",
	    NULL);
	snprintf(name, sizeof name, "%s moves/s", ops->name);
	bench_row("1 rules", name, (double)moves / (el / 1e6), "moves/s",
	    NULL);
}

static const char *const names[GAME_MAX_SEATS] = { "player0", "player1",
	"player2", "player3", "player4", "player5", "player6", "player7",
	"player8", "player9" };

/* Where a game's lines are: sent (counted as they leave the queue) and
 * still queued, for the channel and for each seat. */
struct lines {
	long moves, chan, priv;		/* moves made, lines sent */
	long chan_left;			/* lines queued to the channel */
	long priv_left[GAME_MAX_SEATS];	/* ... to each seat */
	int prompted[GAME_MAX_SEATS];	/* the last move sent the seat its
					 * prompt */
	double wait_ms;
};

/* Queues the lines bot/core/say.c makes of a private text to seat (a NOTICE,
 * the default): cut at the last space that fits the budget (in its second
 * half), else at the budget, each line opening with the channel's name.
 * The number of lines. */
static int
push_private(struct queue *q, enum queue_prio prio, int seat,
    const char *text)
{
	static const char lead[] = "[" CHAN "] ";
	size_t fixed = (1 + strlen(BOT_NICK) + 1 + 11 + 1 + 63 + 1) +
	    strlen("NOTICE") + 1 + strlen(names[seat]) + 2 + strlen(lead);
	size_t budget = QUEUE_LINE_MAX - fixed, len = strlen(text), i, cut;
	char line[QUEUE_LINE_MAX + 1];
	int n = 0;

	do {
		cut = len;
		if (len > budget) {
			for (cut = budget; cut > budget / 2; cut--)
				if (text[cut] == ' ')
					break;
			if (cut == budget / 2)
				cut = budget;
		}
		snprintf(line, sizeof line, "NOTICE %s :%s%.*s", names[seat],
		    lead, (int)cut, text);
		queue_push(q, prio, line);
		n++;
		for (i = cut; i < len && text[i] == ' '; i++)
			;
		text += i;
		len -= i;
	} while (len > 0);
	return n;
}

/* Whether seat must act now in g (bot/core/table.c's table_must_act()). */
static int
must_act(const struct game_turn *tu, int seat)
{
	return !tu->over && (tu->seat == seat ||
	    (tu->wait && (tu->window & (1u << seat))));
}

/* Renders the private text of seat in g and queues it, urgent when the
 * seat must act; then forgets it. */
static void
flush_seat(struct gather *g, const struct game_turn *tu, int nseats,
    int seat, struct queue *q, struct lines *l, uint64_t seed)
{
	struct buf asked = BUF_INIT, text = BUF_INIT;
	int act = must_act(tu, seat);

	if (g->priv[seat].len > 0) {
		render_questions(&asked, buf_str(&g->priv[seat]), questions,
		    seed);
		render(&text, buf_str(&asked), names, nseats, 1);
		l->priv_left[seat] += push_private(q, act ? QUEUE_URGENT :
		    QUEUE_NORMAL, seat, buf_str(&text));
		l->prompted[seat] = act;
	}
	buf_free(&text);
	buf_free(&asked);
	buf_free(&g->priv[seat]);
}

/* Queues what g gathered in the game gm as bot/core/table.c's
 * table_out_flush() does: the prompts first unless a challenge window is
 * open, the public text through bot/core/say.c itself (say_chan()), then the
 * other private texts; empties g. */
static void
flush(struct gather *g, const struct game_ops *ops, const struct game *gm,
    int nseats, struct bot *b, struct chan *c, struct lines *l,
    uint64_t seed)
{
	struct buf asked = BUF_INIT, text = BUF_INIT;
	struct game_turn tu;
	uint64_t last;
	int i;

	memset(l->prompted, 0, sizeof l->prompted);
	ops->turn(gm, &tu);
	if (!tu.over && (tu.window == 0 || tu.wait))
		for (i = 0; i < nseats; i++)
			if (must_act(&tu, i))
				flush_seat(g, &tu, nseats, i, b->queue, l,
				    seed);
	if (g->pub.len > 0) {
		render_questions(&asked, buf_str(&g->pub), questions, seed);
		render(&text, buf_str(&asked), names, nseats, 1);
		last = queue_last(b->queue);
		say_chan(b, c, buf_str(&text));
		l->chan_left += (long)(queue_last(b->queue) - last);
	}
	for (i = 0; i < nseats; i++)
		flush_seat(g, &tu, nseats, i, b->queue, l, seed);
	buf_free(&text);
	buf_free(&asked);
	buf_free(&g->pub);
}

/* Sends what the bucket lets go at now, counting lines as they leave:
 * a channel line the queue merged others into counts once, and they
 * leave with it (the queue's length falls by all of them). */
static void
send_ready(struct queue *q, uint64_t now, struct lines *l)
{
	const char *line;
	size_t before;
	int s;

	for (;;) {
		before = queue_length(q);
		if ((line = queue_peek(q, now)) == NULL)
			return;
		if (strncmp(line, "PRIVMSG " CHAN " ", strlen(CHAN) + 9) ==
		    0) {
			l->chan++;
			l->chan_left -= (long)(before - queue_length(q)) + 1;
		} else {
			l->priv++;
			for (s = 0; s < GAME_MAX_SEATS; s++)
				if (strncmp(line + 7, names[s],
				    strlen(names[s])) == 0)
					l->priv_left[s]--;
		}
		queue_pop(q, now);
	}
}

/* Whether the player of seat (GAME_SEAT_TABLE: the table; WAIT_ALL:
 * nobody, the game is over) has what it acts on: its prompt when the
 * last move sent it one, else the channel's lines and its own. */
#define WAIT_ALL (-2)
static int
told(const struct queue *q, const struct lines *l, int seat)
{
	if (seat == WAIT_ALL)
		return queue_length(q) == 0;
	if (seat >= 0 && l->prompted[seat])
		return l->priv_left[seat] == 0;
	return l->chan_left == 0 && (seat < 0 || l->priv_left[seat] == 0);
}

/* Lets the queue send, its clock running at the bucket's pace, until the
 * player of seat may move (told()); the time goes to the flood wait. */
static void
wait_told(struct queue *q, uint64_t *now, struct lines *l, int seat)
{
	uint64_t t0 = *now;

	send_ready(q, *now, l);
	while (!told(q, l, seat)) {
		*now = queue_next(q, *now);
		send_ready(q, *now, l);
	}
	l->wait_ms += (double)(*now - t0);
}

/* Part 3: one variant at nseats, LINE_GAMES games. */
static void
bench_lines(const struct game_ops *ops, int want)
{
	static struct bot bot;	/* what bot/core/say.c uses: the nick, the queue */
	static struct chan chan;
	struct gather ga;
	struct game_out out = { gather_emit, &ga };
	struct game_opts opts;
	struct game_move mv;
	struct game_turn t;
	struct lines l;
	struct rng rng;
	struct game *g;
	uint64_t now;
	char *cause = NULL, name[80];
	int nseats = seats_for(ops, want), k, n;

	if (nseats != want)
		return;
	memset(&ga, 0, sizeof ga);
	memset(&l, 0, sizeof l);
	snprintf(bot.nick, sizeof bot.nick, "%s", BOT_NICK);
	snprintf(chan.name, sizeof chan.name, "%s", CHAN);
	game_opts_default(ops, &opts);
	for (k = 0; k < LINE_GAMES; k++) {
		bot.queue = queue_new(FLOOD_BURST, FLOOD_MS);
		now = 1000000;
		rng_seed(&rng, (uint64_t)k + 1);
		g = ops->create(&opts, nseats, k % nseats, &rng, &out,
		    &cause);
		if (g == NULL) {
			fprintf(stderr, "bench: %s: %s\n", ops->name, cause);
			exit(1);
		}
		flush(&ga, ops, g, nseats, &bot, &chan, &l, (uint64_t)k + 1);
		for (n = 0; n < MOVE_CAP; n++) {
			ops->turn(g, &t);
			if (t.over || ops->sample(g, &rng, &mv) != 0)
				break;
			wait_told(bot.queue, &now, &l, mv.seat);
			ops->apply(g, &mv, &out);
			flush(&ga, ops, g, nseats, &bot, &chan, &l,
			    (uint64_t)k + 1);
		}
		/* Over for its players when its last line has gone. */
		wait_told(bot.queue, &now, &l, WAIT_ALL);
		l.moves += n;
		ops->destroy(g);
		queue_free(bot.queue);
	}
	all_moves += l.moves;
	all_lines += l.chan + l.priv;
	snprintf(name, sizeof name, "%s %d seats: moves per game", ops->name,
	    nseats);
	bench_row("3 lines", name, (double)l.moves / LINE_GAMES, "moves",
	    NULL);
	snprintf(name, sizeof name, "%s %d seats: channel lines/move",
	    ops->name, nseats);
	bench_row("3 lines", name, (double)l.chan / l.moves, "lines", NULL);
	snprintf(name, sizeof name, "%s %d seats: private lines/move",
	    ops->name, nseats);
	bench_row("3 lines", name, (double)l.priv / l.moves, "lines", NULL);
	snprintf(name, sizeof name, "%s %d seats: lines/move", ops->name,
	    nseats);
	bench_row("3 lines", name, (double)(l.chan + l.priv) / l.moves,
	    "lines", "<= 2");
	snprintf(name, sizeof name, "%s %d seats: flood wait per game",
	    ops->name, nseats);
	bench_row("3 lines", name, l.wait_ms / 1e3 / LINE_GAMES, "s", NULL);
}

/* Decision times of one variant's AI seats, in microseconds. */
struct bench_decisions {
	double *us;
	size_t n, cap;
};

static uint64_t
bench_now_ns(void)
{
	return (uint64_t)(bench_now_us() * 1e3);
}

static void
bench_decided(void *arg, uint64_t ns)
{
	struct bench_decisions *d = arg;

	if (d->n == d->cap) {
		d->cap = d->cap == 0 ? 4096 : d->cap * 2;
		d->us = xreallocarray(d->us, d->cap, sizeof *d->us);
	}
	d->us[d->n++] = (double)ns / 1e3;
}

/* Part 5: how long an AI seat takes to decide (its observation made, its
 * decision), the level given at every seat of 4, over AI_GAMES games. */
#define AI_GAMES 40
static void
bench_ai(const struct game_ops *ops, enum ai_level level)
{
	static const char *const levels[] = { "easy", "normal", "hard" };
	struct bench_decisions d = { NULL, 0, 0 };
	struct ai_watch w = { bench_now_ns, bench_decided, &d };
	enum ai_level at[4] = { level, level, level, level };
	struct game_result r;
	char name[96], *cause = NULL;
	int g;

	if (ops->ai == NULL)
		return;
	for (g = 0; g < AI_GAMES; g++) {
		if (ai_play(ops, NULL, 4, at, (uint64_t)g + 1, &r, &w,
		    &cause) < 0) {
			fprintf(stderr, "bench: %s\n", cause);
			exit(1);
		}
	}
	snprintf(name, sizeof name, "%s, %s AI: decision p50", ops->name,
	    levels[level]);
	bench_row("5 AI", name, bench_pct(d.us, d.n, 50), "us", NULL);
	snprintf(name, sizeof name, "%s, %s AI: decision p99", ops->name,
	    levels[level]);
	bench_row("5 AI", name, bench_pct(d.us, d.n, 99), "us", "< 1000");
	free(d.us);
}

int
main(void)
{
	const char *s = getenv("BENCH_RULES_MS");
	char *cause = NULL;
	int ms = s != NULL && atoi(s) > 0 ? atoi(s) : 1000, i;

	for (i = 0; game_table[i] != NULL; i++)
		bench_speed(game_table[i], ms);
	if ((questions = questions_load("config/questions.txt",
	    &cause)) == NULL) {
		fprintf(stderr, "bench: %s\n", cause);
		return 1;
	}
	for (i = 0; game_table[i] != NULL; i++) {
		bench_lines(game_table[i], 4);
		bench_lines(game_table[i], 8);
	}
	bench_row("3 lines", "all variants: lines/move",
	    (double)all_lines / all_moves, "lines", "<= 2");
	for (i = 0; game_table[i] != NULL; i++) {
		bench_ai(game_table[i], AI_NORMAL);
		bench_ai(game_table[i], AI_HARD);
	}
	questions_free(questions);
	return 0;
}
