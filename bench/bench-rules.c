/*
 * Parts 1 and 3 of `make bench`, through the rules alone (no network):
 *
 * 1. Random play, one core: for about BENCH_RULES_MS (default 1000) per
 *    variant, games of 4 seats (the variant's nearest seat count) with
 *    its default options, every move the rules' sample(); games and
 *    moves per second.  create(), apply() with messages built, destroy():
 *    what the bot pays per game besides IRC and SQL.
 *
 * 3. Lines per move: whole games at 4 and 8 seats, each move's messages
 *    gathered, rendered and cut into IRC lines as the bot does it
 *    (bot/table.c joins a move's public pieces into one channel text and
 *    each seat's into one private text); channel texts go through
 *    bot/say.c itself (say_chan()) into the bot's queue, and
 *    private texts are cut as bot/say.c cuts them, at the last space
 *    that fits 510 bytes with the relay's prefix; the
 *    lines then go through the bot's own queue (bot/queue.c) at the
 *    default rate, burst 4 and one line per 2 s, with every player
 *    answering at once, so the game's whole length is time spent waiting
 *    on the flood rate.  The deal counts as a move's worth of lines but
 *    not as a move; the bot's result lines at the end are not counted.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "bot/core.h"
#include "bot/buf.h"
#include "bot/queue.h"
#include "bot/render.h"
#include "config/questions.h"
#include "games/game.h"

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

/* A move's messages, gathered as bot/table.c gathers them. */
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

/* The lines bot/say.c makes of text to target, each opening with lead:
 * cut at the last space that fits the budget (in its second half), else
 * at the budget. */
static int
count_lines(const char *cmd, const char *target, const char *lead,
    const char *text)
{
	size_t fixed = (1 + strlen(BOT_NICK) + 1 + 11 + 1 + 63 + 1) +
	    strlen(cmd) + 1 + strlen(target) + 2 + strlen(lead);
	size_t budget = QUEUE_LINE_MAX - fixed, len = strlen(text), i, cut;
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
		n++;
		for (i = cut; i < len && text[i] == ' '; i++)
			;
		text += i;
		len -= i;
	} while (len > 0);
	return n;
}

/* Line counts of one game. */
struct lines {
	long moves, chan, priv;
	double wait_ms;
};

/* Renders and counts what g gathered: its public text through bot/say.c
 * itself into the bot's queue, its private texts as lines counted the
 * same way; lets the queue drain them; then empties g. */
static void
flush(struct gather *g, int nseats, struct bot *b, struct chan *c,
    uint64_t *now, struct lines *l, uint64_t seed)
{
	struct buf asked = BUF_INIT;
	static const char *const names[GAME_MAX_SEATS] = { "player0",
		"player1", "player2", "player3", "player4", "player5",
		"player6", "player7", "player8", "player9" };
	struct buf text = BUF_INIT;
	struct queue *q = b->queue;
	uint64_t t0 = *now, last;
	int i, n = 0, k;

	if (g->pub.len > 0) {
		render_questions(&asked, buf_str(&g->pub), questions, seed);
		render(&text, buf_str(&asked), names, nseats, 1);
		last = queue_last(b->queue);
		say_chan(b, c, buf_str(&text));
		l->chan += (long)(queue_last(b->queue) - last);
	}
	for (i = 0; i < nseats; i++) {
		if (g->priv[i].len == 0)
			continue;
		buf_reset(&text);
		buf_reset(&asked);
		render_questions(&asked, buf_str(&g->priv[i]), questions,
		    seed);
		render(&text, buf_str(&asked), names, nseats, 1);
		k = count_lines("NOTICE", names[i], "[" CHAN "] ",
		    buf_str(&text));
		l->priv += k;
		n += k;
	}
	while (n-- > 0)
		queue_push(q, QUEUE_NORMAL, "PRIVMSG " CHAN " :x");
	while (queue_length(q) > 0) {
		*now = queue_next(q, *now);
		queue_peek(q, *now);
		queue_pop(q, *now);
	}
	l->wait_ms += (double)(*now - t0);
	buf_free(&text);
	buf_free(&asked);
	buf_free(&g->pub);
	for (i = 0; i < GAME_MAX_SEATS; i++)
		buf_free(&g->priv[i]);
}

/* Part 3: one variant at nseats, LINE_GAMES games. */
static void
bench_lines(const struct game_ops *ops, int want)
{
	static struct bot bot;	/* what bot/say.c uses: the nick, the queue */
	static struct chan chan;
	struct gather ga;
	struct game_out out = { gather_emit, &ga };
	struct game_opts opts;
	struct game_move mv;
	struct game_turn t;
	struct lines l = { 0, 0, 0, 0 };
	struct rng rng;
	struct game *g;
	uint64_t now;
	char *cause = NULL, name[80];
	int nseats = seats_for(ops, want), k, n;

	if (nseats != want)
		return;
	memset(&ga, 0, sizeof ga);
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
		flush(&ga, nseats, &bot, &chan, &now, &l, (uint64_t)k + 1);
		for (n = 0; n < MOVE_CAP; n++) {
			ops->turn(g, &t);
			if (t.over || ops->sample(g, &rng, &mv) != 0)
				break;
			ops->apply(g, &mv, &out);
			flush(&ga, nseats, &bot, &chan, &now, &l,
			    (uint64_t)k + 1);
		}
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
	questions_free(questions);
	return 0;
}
