/*
 * Cheesedog over real sockets: a real ngircd, the real bot binary and the
 * scripted players of tests/lib/driver.c in one channel, playing whole
 * games of the loser game, each to its loser.
 *
 * Games 1 to 3 seat t0p0, t0p1 and t0p2 while t0p3 only watches; game 4
 * seats all four.  The deals come from the bot's --seed (the driver's,
 * SEED; CHEESEDOG_SEED=S tries another), so a run is the same every time.
 * The driver rebuilds each game from the bot's database and this suite's
 * chooser picks every move from that model: in each game, until the pile
 * has cleared on four of a kind and on a 10, a 7 has skipped, an 8 has
 * restricted and a 9 has reversed play, the player to move plays the
 * cards that do the first of those still missing, if any do (each tried
 * on a copy of the model); otherwise, and after, the timeout's move
 * (every card of the lowest rank that plays, or the pickup), but in a
 * game still going after PLAIN_MOVES moves (that move alone can go round
 * in circles) the rules' random ones.  With only face-down cards left,
 * the highest position left is flipped, unseen.
 *
 * Then, from every game's log replayed and what the players received:
 *  - each move's public line is exactly what this suite works out itself
 *    from the cards before the move and the rules (docs/games/cheesedog.md)
 *    in the bot's words (games/cheesedog*.c): the cards played, "The pile
 *    clears: four sixes.", "The 10 clears the pile.", "B is skipped.",
 *    "C to play 8 or lower.", "Play reverses: it goes right.", "A flips
 *    face-down card 3: 5♥.", a flip that does not play naming no card
 *    (its owner alone is told which it was), the pickups, who is safe in
 *    which place and "L is left holding cards and loses.", then "Game
 *    over! L loses Cheesedog. Places: 1. A, 2. B, 3. L."; every game had
 *    both clears, a skip, an 8, a reverse and a flip that played, and
 *    the match a flip that did not;
 *  - those lines reached the channel in order, and nothing else there
 *    named a card: with them blanked out no suit is left, so no card of a
 *    hand and no face-down card before its flip was ever shown; each
 *    private line reached its own player alone, in order, and the watcher
 *    got none while it watched;
 *  - the database has each game finished, won 0 for every seat, lost 1
 *    for the loser alone, the places in finishing order and the loser's
 *    cards left as its points, and every player's stats (with the games
 *    in a row without losing) as the results add up;
 *  - "!stats NICK cheesedog" and "!stats NICK" answer, and "!top
 *    cheesedog" ranks the players with stats.min_games (2) games by fewest
 *    losses per game, exactly as those results work out;
 *  - on SIGTERM the bot exits 0 (under ASan: nothing leaked).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/lib/buf.h"
#include "games/cards.h"
#include "games/cheesedog/cheesedog-int.h"
#include "games/cheesedog/cheesedog.h"
#include "tests/lib/card-words.h"
#include "tests/lib/driver.h"

#define TABLE 0
#define WATCHER 3	/* t0p3: watches games 1-3, plays game 4 */
#define GAMES 4
#define SEED 20260401	/* the driver's choices and the bot's --seed */
#define PLAIN_MOVES 300	/* then a game goes on with random moves */
#define MAX_MOVES 1500	/* a game longer than this is a failure */
#define POLL_MS 2	/* between two looks at the database */
#define MIN_GAMES 2	/* stats.min_games */

static const char conf_text[] =
    "timers = { turn = 600; lobby_start = 0; };\n"
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n"
    "stats = { min_games = 2; };\n";

/* What a move did, as this suite counts it. */
enum {
	EV_FOUR,	/* the pile cleared on four of a kind or more */
	EV_TEN,		/* a 10 cleared it */
	EV_SKIP,	/* 7s skipped players */
	EV_LOWER,	/* an 8 asked for 8 or lower */
	EV_REVERSE,	/* 9s turned play round */
	EV_FLIP,	/* a face-down card flipped and played */
	EV_FREE,	/* ... onto the empty pile */
	EV_MISS,	/* a flip that did not play */
	EV_PICKUP,
	EV_JOIN,	/* face-up cards went into the hand with a pile */
	EV_COUNT
};

static const char *const ev_name[EV_COUNT] = { "clear on four of a kind",
    "clear on a 10", "skip", "8", "reverse", "flip that played",
    "free flip", "flip that did not play", "pickup", "face-up pickup" };

/* The events the chooser plays for, in order. */
static const int steer_for[] = { EV_SKIP, EV_LOWER, EV_REVERSE, EV_TEN,
    EV_FOUR };

static const char *const rank_symbol[] = { "?", "A", "2", "3", "4", "5",
    "6", "7", "8", "9", "10", "J", "Q", "K" };

struct world {
	struct driver d;
	int games;
	int64_t id[GAMES];
	long moves[GAMES];
	int nseats[GAMES];
	int player[GAMES][GAME_MAX_SEATS];	/* seat -> pool index */
	unsigned steered;	/* events the game being played has had */
	int watched;		/* game lines to the watcher, watching */

	/* What the players received. */
	struct buf chan;		/* the bot's channel lines, joined */
	struct buf priv[DRIVER_POOL];	/* each one's private game lines */

	/* The replay: what this suite works out. */
	int game;		/* the game being replayed */
	struct game *prev;	/* the model before the move */
	struct buf text;	/* what the move must have said */
	struct buf shown;	/* every public line, one a line */
	size_t chan_at;		/* where the next public line is */
	int turn, dir, over;
	int in[GAME_MAX_SEATS];	/* the seat still holds cards */
	int finished;		/* places given */
	int place[GAMES][GAME_MAX_SEATS];
	int points[GAMES][GAME_MAX_SEATS];
	int loser[GAMES];
	int count[GAMES][EV_COUNT];
};

static struct driver_table *
table(struct world *w)
{
	return &w->d.t[TABLE];
}

/* The nick of seat in the game being replayed. */
static const char *
nick(struct world *w, int seat)
{
	return table(w)->p[w->player[w->game][seat]].nick;
}

/* The chooser. */

static void
emit_public(void *ctx, int seat, const char *text)
{
	if (seat == GAME_PUBLIC)
		buf_adds(ctx, text);
}

/* The events mv makes on g, from the rules' own words and state, on a
 * copy of the model. */
static unsigned
events_of(const struct game *g, const struct game_move *mv)
{
	struct game *copy = malloc(sizeof *copy);
	struct buf pub = BUF_INIT;
	struct game_out out = { emit_public, &pub };
	const char *text;
	unsigned ev = 0;

	assert_non_null(copy);
	*copy = *g;
	cheesedog_ops.apply(copy, mv, &out);
	text = buf_str(&pub);
	if (strstr(text, "The pile clears:") != NULL)
		ev |= 1u << EV_FOUR;
	if (strstr(text, "clears the pile.") != NULL ||
	    strstr(text, "clear the pile.") != NULL)
		ev |= 1u << EV_TEN;
	if (strstr(text, " skipped.") != NULL)
		ev |= 1u << EV_SKIP;
	if (strstr(text, "to play 8 or lower.") != NULL)
		ev |= 1u << EV_LOWER;
	if (copy->dir != g->dir)
		ev |= 1u << EV_REVERSE;
	free(copy);
	buf_free(&pub);
	return ev;
}

/* A play of one card of rank, or of all those of rank in from (all). */
static void
play_rank(const struct game *g, const struct cards *from, int rank, int all,
    struct game_move *mv)
{
	int i;

	memset(mv, 0, sizeof *mv);
	mv->seat = g->turn;
	mv->verb = VERB_PLAY;
	for (i = 0; i < from->n && (all || mv->argc == 0); i++)
		if (cards_rank(from->c[i]) == rank)
			mv->argv[mv->argc++] = from->c[i];
}

/* A play that makes the first event still missing in this game that any
 * play of the turn's seat makes; 0 if none does. */
static int
steer(struct world *w, const struct game *g, struct game_move *mv)
{
	const struct cards *from = cd_source(g, g->turn);
	unsigned bit;
	size_t e;
	int rank, all;

	if (from == NULL)
		return 0;
	for (e = 0; e < sizeof steer_for / sizeof steer_for[0]; e++) {
		bit = 1u << steer_for[e];
		if (w->steered & bit)
			continue;
		for (rank = 1; rank <= CARDS_KING; rank++) {
			if (cards_count_rank(from, rank) == 0 ||
			    !cd_plays(g, rank))
				continue;
			for (all = 0; all < 2; all++) {
				play_rank(g, from, rank, all, mv);
				if (events_of(g, mv) & bit)
					return 1;
			}
		}
	}
	return 0;
}

static int
choose(void *ctx, const struct game *g, struct rng *rng, struct game_move *mv)
{
	struct world *w = ctx;
	int pos;

	if (g->over)
		return -1;
	memset(mv, 0, sizeof *mv);
	if (cd_from(g, g->turn) == FROM_DOWN) {
		/* the highest position left: "flip 4" first */
		for (pos = CD_DOWN - 1; g->down[g->turn][pos] < 0; pos--)
			;
		mv->seat = g->turn;
		mv->verb = VERB_FLIP;
		mv->argc = 1;
		mv->argv[0] = pos;
	} else if (table(w)->nmoves > PLAIN_MOVES)
		/* the timeout's move can go round in circles: random ones
		 * do not */
		assert_int_equal(cheesedog_ops.sample(g, rng, mv), 0);
	else if (!steer(w, g, mv))
		cheesedog_ops.timeout(g, mv);
	w->steered |= events_of(g, mv);
	return 0;
}

/* The play. */

/* Private lines about the game the watcher has received. */
static int
watcher_lines(struct world *w)
{
	struct driver_table *t = table(w);
	const struct client *c = &t->p[WATCHER].cl;
	struct driver_line own = { t->chan, t->p[WATCHER].nick, NULL };
	char text[DRIVER_TEXT];
	size_t k;
	int n = 0;

	for (k = 0; k < c->nlines; k++) {
		client_strip(c->lines[k], text, sizeof text);
		n += driver_is_line(text, &own) &&
		    strstr(text, "drvsync") == NULL;
	}
	return n;
}

static void
play_game(struct world *w, int nseats)
{
	struct driver *d = &w->d;
	struct driver_table *t = table(w);
	int s;

	w->steered = 0;
	driver_deal_from(d, TABLE, &cheesedog_ops, nseats, 0);
	w->id[w->games] = t->id;
	w->nseats[w->games] = nseats;
	for (s = 0; s < nseats; s++)
		w->player[w->games][s] = t->player[s];
	w->moves[w->games++] = driver_play(d, TABLE, MAX_MOVES, POLL_MS);
}

static void
test_match(void **state)
{
	struct world *w = *state;
	long long start = ngircd_now_ms();
	int i;

	driver_open(&w->d, 1, conf_text,
	    driver_env_seed("CHEESEDOG_SEED", SEED));
	table(w)->choose = choose;
	table(w)->choose_ctx = w;
	for (i = 0; i < GAMES - 1; i++)
		play_game(w, 3);
	/* Everything sent so far has come: the watcher got nothing. */
	driver_sync(&w->d, table(w));
	w->watched = watcher_lines(w);
	play_game(w, 4);
	print_message("%d games, %ld moves (", w->games, w->d.moves);
	for (i = 0; i < w->games; i++)
		print_message("%s%ld", i > 0 ? ", " : "", w->moves[i]);
	print_message(") in %lld ms\n", ngircd_now_ms() - start);
	driver_sync(&w->d, table(w));
	assert_int_equal(w->watched, 0);
}

/* The replay. */

/* The text a move must have said, emptied. */
static struct buf *
expect(struct world *w)
{
	buf_reset(&w->text);
	return &w->text;
}

/* Finds want in have from *at on; *at moves past it. */
static void
find_next(struct world *w, const struct buf *have, size_t *at,
    const char *want, const char *where)
{
	const char *p = strstr(buf_str(have) + *at, want);

	if (p == NULL)
		fail_msg("game %lld: %s never got '%s' (or not in order)",
		    (long long)w->id[w->game], where, want);
	*at = (size_t)(p - buf_str(have)) + strlen(want);
}

static int
value(int rank)
{
	return rank == CARDS_ACE ? CARDS_KING + 1 : rank;
}

/* Whether cards of rank play on p's pile: anything on an empty pile, a 2
 * on anything, 8 or lower on an 8, else equal or higher, aces high. */
static int
plays(const struct game *p, int rank)
{
	int top;

	if (p->pile.n == 0 || rank == 2)
		return 1;
	top = cards_rank(p->pile.c[p->pile.n - 1]);
	return top == 8 ? value(rank) <= 8 : value(rank) >= value(top);
}

static int
ndown(const struct game *p, int seat)
{
	int i, n = 0;

	for (i = 0; i < CD_DOWN; i++)
		n += p->down[seat][i] >= 0;
	return n;
}

static void
add_cards(struct buf *b, const int *ids, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i > 0)
			buf_addc(b, ' ');
		words_card(b, ids[i]);
	}
}

static int
nin(const struct world *w)
{
	int s, n = 0;

	for (s = 0; s < w->nseats[w->game]; s++)
		n += w->in[s];
	return n;
}

/* The seat steps places on from seat in the direction of play, among the
 * seats holding cards, seat too; those passed over are said skipped. */
static int
next_seat(struct world *w, int seat, int steps, struct buf *b)
{
	int passed[2 * GAME_MAX_SEATS], npassed = 0, n = w->nseats[w->game];
	int s = seat, i;

	assert_true(nin(w) > 0);
	while (steps > 0) {
		s = (s + w->dir + n) % n;
		if (!w->in[s])
			continue;
		if (--steps > 0) {
			assert_true(npassed < 2 * GAME_MAX_SEATS);
			passed[npassed++] = s;
		}
	}
	for (i = 0; i < npassed; i++)
		buf_addf(b, "%s%s", i == 0 ? " " : i + 1 < npassed ? ", " :
		    " and ", nick(w, passed[i]));
	if (npassed > 0) {
		buf_addf(b, " %s skipped.", npassed == 1 ? "is" : "are");
		w->count[w->game][EV_SKIP]++;
	}
	return s;
}

/* Where seat plays from before the move: 0 the hand, 1 the face-up
 * cards, 2 the face-down ones. */
static int
source(const struct game *p, int seat)
{
	return p->hand[seat].n > 0 ? 0 : p->up[seat].n > 0 ? 1 : 2;
}

/* n cards of rank have just gone onto p's pile from where seat plays
 * from: the clear or what 7s and 9s do, what seat plays from next, its
 * place and the loser, then who moves next and what they must play. */
static void
laid(struct world *w, const struct game *p, int seat, int rank, int n,
    struct buf *b)
{
	static const char *const times[] = { "", "", " twice" };
	int *cnt = w->count[w->game], from = source(p, seat);
	int run = n, clear, skip = 0, hand, up, down, i;

	for (i = p->pile.n - 1; i >= 0 && cards_rank(p->pile.c[i]) == rank;
	    i--)
		run++;
	clear = rank == 10 || run >= 4;
	if (run >= 4) {
		buf_adds(b, " The pile clears: ");
		words_claim(b, run, rank);
		buf_adds(b, ".");
		cnt[EV_FOUR]++;
	} else if (clear) {
		buf_addf(b, " The %s the pile.", n == 1 ? "10 clears" :
		    "10s clear");
		cnt[EV_TEN]++;
	} else if (rank == 7)
		skip = n;
	else if (rank == 9) {
		if (n % 2 == 1) {
			w->dir = -w->dir;
			cnt[EV_REVERSE]++;
		}
		if (n <= 2)
			buf_addf(b, " Play reverses%s:", times[n]);
		else
			buf_addf(b, " Play reverses %d times:", n);
		buf_addf(b, " it goes %s.", w->dir > 0 ? "left" : "right");
	}
	hand = p->hand[seat].n - (from == 0 ? n : 0);
	up = p->up[seat].n - (from == 1 ? n : 0);
	down = ndown(p, seat) - (from == 2);
	if (from == 0 && hand == 0 && up > 0)
		buf_addf(b, " %s's hand is empty: the face-up cards are "
		    "played next.", nick(w, seat));
	else if (from < 2 && hand + up == 0 && down > 0)
		buf_addf(b, " %s has only face-down cards left.",
		    nick(w, seat));
	if (hand + up + down == 0) {
		w->in[seat] = 0;
		w->place[w->game][seat] = ++w->finished;
		buf_addf(b, " %s has no cards left: safe, in place %d.",
		    nick(w, seat), w->finished);
	}
	if (nin(w) == 1) {
		for (i = 0; !w->in[i]; i++)
			;
		w->loser[w->game] = i;
		w->place[w->game][i] = ++w->finished;
		w->over = 1;
		buf_addf(b, " %s is left holding cards and loses.",
		    nick(w, i));
		return;
	}
	if (clear && w->in[seat])
		w->turn = seat;
	else
		w->turn = next_seat(w, seat, 1 + skip, b);
	if (clear)
		buf_addf(b, " %s starts a new pile.", nick(w, w->turn));
	else if (rank == 8) {
		buf_addf(b, " %s to play 8 or lower.", nick(w, w->turn));
		cnt[EV_LOWER]++;
	} else
		buf_addf(b, " %s to play %s or higher.", nick(w, w->turn),
		    rank_symbol[rank]);
}

static void
expect_play(struct world *w, const struct game_move *mv, struct buf *b)
{
	const struct game *p = w->prev;
	int rank = cards_rank(mv->argv[0]), i;

	assert_true(mv->argc >= 1);
	for (i = 1; i < mv->argc; i++)
		assert_int_equal(cards_rank(mv->argv[i]), rank);
	if (!plays(p, rank))
		fail_msg("game %lld: %s may not play %ss here",
		    (long long)w->id[w->game], nick(w, mv->seat),
		    rank_symbol[rank]);
	buf_addf(b, "%s plays %s", nick(w, mv->seat),
	    source(p, mv->seat) == 1 ? "face up " : "");
	add_cards(b, mv->argv, mv->argc);
	buf_adds(b, ".");
	laid(w, p, mv->seat, rank, mv->argc, b);
}

/* Picks the pile up: allowed only when nothing plays. */
static void
expect_pickup(struct world *w, const struct game_move *mv, struct buf *b)
{
	const struct game *p = w->prev;
	const struct cards *from;
	int s = mv->seat, i;

	from = p->hand[s].n > 0 ? &p->hand[s] : &p->up[s];
	assert_true(p->pile.n > 0 && from->n > 0);
	for (i = 0; i < from->n; i++)
		if (plays(p, cards_rank(from->c[i])))
			fail_msg("game %lld: %s picked up holding a card "
			    "that plays", (long long)w->id[w->game],
			    nick(w, s));
	buf_addf(b, "%s picks up the pile (%d card%s).", nick(w, s),
	    p->pile.n, p->pile.n == 1 ? "" : "s");
	if (from == &p->up[s]) {
		buf_adds(b, " The face-up cards ");
		add_cards(b, p->up[s].c, p->up[s].n);
		buf_adds(b, " go into the hand with it.");
		w->count[w->game][EV_JOIN]++;
	}
	w->turn = next_seat(w, s, 1, b);
	buf_addf(b, " %s starts a new pile.", nick(w, w->turn));
	w->count[w->game][EV_PICKUP]++;
}

/* A flip: played like any card, or unseen into the hand with the pile,
 * its owner alone told what it was. */
static void
expect_flip(struct world *w, const struct game_move *mv,
    const struct driver_said *said, struct buf *b)
{
	const struct game *p = w->prev;
	struct buf own = BUF_INIT;
	int s = mv->seat, pos = mv->argv[0], id;

	assert_int_equal(source(p, s), 2);
	assert_in_range(pos, 0, CD_DOWN - 1);
	id = p->down[s][pos];
	assert_true(id >= 0);
	if (plays(p, cards_rank(id))) {
		buf_addf(b, "%s flips face-down card %d%s: ", nick(w, s),
		    pos + 1, p->pile.n == 0 ? " onto the empty pile (a free "
		    "flip)" : "");
		words_card(b, id);
		buf_adds(b, ".");
		w->count[w->game][EV_FLIP]++;
		w->count[w->game][EV_FREE] += p->pile.n == 0;
		laid(w, p, s, cards_rank(id), 1, b);
		return;
	}
	buf_addf(b, "%s flips face-down card %d, which does not play: it goes "
	    "unseen into the hand with the pile (%d card%s).", nick(w, s),
	    pos + 1, p->pile.n, p->pile.n == 1 ? "" : "s");
	w->turn = next_seat(w, s, 1, b);
	buf_addf(b, " %s starts a new pile.", nick(w, w->turn));
	w->count[w->game][EV_MISS]++;
	buf_addf(&own, "Your face-down card %d is ", pos + 1);
	words_card(&own, id);
	buf_adds(&own, ": it does not play on ");
	words_card(&own, p->pile.c[p->pile.n - 1]);
	buf_adds(&own, ", so you take it with the pile.");
	if (strstr(said->priv[s], buf_str(&own)) == NULL)
		fail_msg("game %lld: %s was told '%s', not '%s'",
		    (long long)w->id[w->game], nick(w, s), said->priv[s],
		    buf_str(&own));
	buf_free(&own);
}

/* The deal: every seat's hand size and face-up cards, four face down,
 * the seat after the dealer to start. */
static void
expect_deal(struct world *w, const struct game *g, struct buf *b)
{
	int n = w->nseats[w->game], s, share, k;

	w->turn = (g->dealer + 1) % n;
	w->dir = 1;
	w->over = 0;
	w->finished = 0;
	w->loser[w->game] = -1;
	buf_addf(b, "Cheesedog for %d players with two decks, dealt by %s, "
	    "play going left.", n, nick(w, g->dealer));
	for (s = 0; s < n; s++) {
		w->in[s] = 1;
		k = (s - w->turn + n) % n;
		share = (2 * CARDS_DECK - 2 * CD_DOWN * n) / n +
		    (k < (2 * CARDS_DECK - 2 * CD_DOWN * n) % n);
		assert_int_equal(g->hand[s].n, share);
		assert_int_equal(g->up[s].n, CD_DOWN);
		buf_addf(b, " %s: hand %d, face up ", nick(w, s), share);
		add_cards(b, g->up[s].c, g->up[s].n);
		buf_addf(b, ", face down %d%s", ndown(g, s),
		    s + 1 < n ? ";" : ".");
	}
	buf_addf(b, " %s starts a new pile.", nick(w, w->turn));
}

/* The end: the result as worked out, and the bot's last word on it. */
static void
check_end(struct world *w, const struct game *g)
{
	struct game_result r;
	struct buf *b = expect(w);
	int n = w->nseats[w->game], s, place, l = w->loser[w->game];

	cheesedog_ops.result(g, &r);
	assert_true(l >= 0);
	assert_int_equal(r.winner, -1);
	assert_int_equal(r.loser, l);
	for (s = 0; s < n; s++) {
		assert_int_equal(r.place[s], w->place[w->game][s]);
		w->points[w->game][s] = g->hand[s].n + g->up[s].n +
		    ndown(g, s);
		assert_int_equal(r.points[s], w->points[w->game][s]);
		assert_int_equal(w->points[w->game][s] > 0, s == l);
	}
	buf_addf(b, "Game over! %s loses Cheesedog. Places: ", nick(w, l));
	for (place = 1; place <= n; place++)
		for (s = 0; s < n; s++)
			if (w->place[w->game][s] == place)
				buf_addf(b, "%s%d. %s", place > 1 ? ", " : "",
				    place, nick(w, s));
	buf_adds(b, ".");
	find_next(w, &w->chan, &w->chan_at, buf_str(b), "the channel");
}

/* One step of a replay: the move said exactly what was worked out, and
 * it came to the channel in order. */
static void
step(void *ctx, int n, const struct game_move *mv, const struct game *g,
    const struct driver_said *said)
{
	struct world *w = ctx;
	struct buf *b = expect(w);

	if (mv == NULL)
		expect_deal(w, g, b);
	else if (w->over)
		fail_msg("game %lld: move %d after the end",
		    (long long)w->id[w->game], n);
	else if (mv->seat != w->turn)
		fail_msg("game %lld: move %d by seat %d, not %d",
		    (long long)w->id[w->game], n, mv->seat, w->turn);
	else if (mv->verb == VERB_PLAY)
		expect_play(w, mv, b);
	else if (mv->verb == VERB_PICKUP)
		expect_pickup(w, mv, b);
	else if (mv->verb == VERB_FLIP)
		expect_flip(w, mv, said, b);
	else
		fail_msg("game %lld: move %d has verb %d",
		    (long long)w->id[w->game], n, mv->verb);
	if (strcmp(said->pub, buf_str(b)) != 0)
		fail_msg("game %lld: move %d said '%s', not '%s'",
		    (long long)w->id[w->game], n, said->pub, buf_str(b));
	find_next(w, &w->chan, &w->chan_at, said->pub, "the channel");
	buf_addf(&w->shown, "%s\n", said->pub);
	assert_int_equal(g->over, w->over);
	if (!g->over) {
		assert_int_equal(g->turn, w->turn);
		assert_int_equal(g->dir, w->dir);
	}
	*w->prev = *g;
	if (w->over)
		check_end(w, g);
}

static void
test_announced(void **state)
{
	struct world *w = *state;
	int total[EV_COUNT] = { 0 }, e, i;

	assert_int_equal(w->games, GAMES);
	driver_gather(&w->d, table(w), WATCHER, &w->chan, w->priv, NULL);
	/* every text reached the channel in order, each private line its
	 * own player alone */
	driver_check_told(&w->d, table(w), w->id, w->games, &w->chan,
	    w->priv);
	w->prev = malloc(sizeof *w->prev);
	assert_non_null(w->prev);
	for (w->game = 0; w->game < w->games; w->game++) {
		driver_replay(&w->d, w->id[w->game], step, w);
		assert_true(w->over);
		for (e = 0; e < EV_COUNT; e++)
			total[e] += w->count[w->game][e];
		/* the chooser's work, in every game */
		for (i = 0; i < (int)(sizeof steer_for / sizeof steer_for[0]);
		    i++)
			if (w->count[w->game][steer_for[i]] == 0)
				fail_msg("game %lld: no %s", (long long)
				    w->id[w->game], ev_name[steer_for[i]]);
		if (w->count[w->game][EV_FLIP] == 0)
			fail_msg("game %lld: no %s", (long long)w->id[w->game],
			    ev_name[EV_FLIP]);
	}
	/* a flip that did not play, whose card the checks above kept out
	 * of the channel */
	assert_true(total[EV_MISS] > 0);
	/* the summary, one line */
	print_message("%d games, losers", w->games);
	for (w->game = 0; w->game < w->games; w->game++)
		print_message("%s %s", w->game > 0 ? "," : "",
		    nick(w, w->loser[w->game]));
	print_message(": %d clears (%d on four of a kind, %d on a 10), %d "
	    "skips, %d eights, %d reverses, %d flips played (%d free) and %d "
	    "not, %d pickups (%d with the face-up cards)\n", total[EV_FOUR] +
	    total[EV_TEN], total[EV_FOUR], total[EV_TEN], total[EV_SKIP],
	    total[EV_LOWER], total[EV_REVERSE], total[EV_FLIP], total[EV_FREE],
	    total[EV_MISS], total[EV_PICKUP], total[EV_JOIN]);
}

/* Nothing in the channel names a card but the public lines worked out
 * (the face-up cards dealt, the cards played and flipped): with each
 * blanked out in order, no suit is left. */
static void
test_secrets(void **state)
{
	struct world *w = *state;
	char *text = strdup(buf_str(&w->chan)), *shown, *line, *p, *at;
	char *save = NULL;
	int i;

	shown = strdup(buf_str(&w->shown));
	assert_non_null(text);
	assert_non_null(shown);
	assert_null(strstr(text, "Hand ("));
	assert_null(strstr(text, "Face down:"));
	assert_null(strstr(text, "Your "));
	at = text;
	for (line = strtok_r(shown, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if ((p = strstr(at, line)) == NULL)
			fail_msg("'%s' is not in the channel", line);
		memset(p, '_', strlen(line));
		at = p + strlen(line);
	}
	for (i = 0; i < 4; i++)
		if ((p = strstr(text, words_suit[i])) != NULL)
			fail_msg("a card in the channel: '%.200s'",
			    p - text > 80 ? p - 80 : text);
	free(text);
	free(shown);
}

/* A player's Cheesedog record, from the results worked out. */
struct record {
	const char *nick;
	int games, losses, placed, place_sum, safe, best_safe;
};

static void
records(struct world *w, struct record *rec)
{
	struct record *r;
	int g, s;

	memset(rec, 0, DRIVER_POOL * sizeof *rec);
	for (s = 0; s < DRIVER_POOL; s++)
		rec[s].nick = table(w)->p[s].nick;
	for (g = 0; g < w->games; g++) {
		for (s = 0; s < w->nseats[g]; s++) {
			r = &rec[w->player[g][s]];
			r->games++;
			r->losses += w->loser[g] == s;
			r->placed += w->place[g][s] > 0;
			r->place_sum += w->place[g][s];
			r->safe = w->loser[g] == s ? 0 : r->safe + 1;
			if (r->safe > r->best_safe)
				r->best_safe = r->safe;
		}
	}
}

static void
test_database(void **state)
{
	struct world *w = *state;
	struct buf *want = expect(w);
	char out[1024];
	int g, s;

	for (g = 0; g < w->games; g++) {
		w->game = g;
		driver_results(&w->d, w->id[g], "r.lost || ' ' || r.points", out,
		    sizeof out);
		buf_reset(want);
		buf_adds(want, "cheesedog finished\n");
		for (s = 0; s < w->nseats[g]; s++)
			buf_addf(want, "%s %d 0 %d %d\n", nick(w, s),
			    w->place[g][s], s == w->loser[g],
			    w->points[g][s]);
		assert_string_equal(out, buf_str(want));
	}
	driver_check_db(&w->d);
	driver_check_stats(&w->d);
}

/* The watcher types line in the channel (always the same player, so
 * the bot's lines there come to it in order); the bot's next line there
 * must be want. */
static void
answers(struct world *w, const char *line, const char *want)
{
	struct driver_table *t = table(w);
	struct client *c = &t->p[WATCHER].cl;
	struct driver_line m = { t->chan, NULL, NULL };
	char got[DRIVER_TEXT];
	const char *raw;

	client_skip(c);
	assert_int_equal(client_send(c, "PRIVMSG %s :%s", t->chan, line), 0);
	if ((raw = client_wait(c, driver_is_line, &m, 0)) == NULL)
		fail_msg("'%s' got no answer", line);
	client_strip(driver_msg(raw), got, sizeof got);
	if (strcmp(got, want) != 0)
		fail_msg("'%s' answered '%s', not '%s'", line, got, want);
}

/* Fewer losses per game first, then more games, then the nick. */
static int
board_order(const void *a, const void *b)
{
	const struct record *x = a, *y = b;
	long lx = (long)x->losses * y->games, ly = (long)y->losses * x->games;

	if (lx != ly)
		return lx < ly ? -1 : 1;
	if (x->games != y->games)
		return y->games - x->games;
	return strcmp(x->nick, y->nick);
}

/* part of whole in percent, to the nearest (halves up), as the bot
 * says it. */
static int
pct(int part, int whole)
{
	return (part * 200 + whole) / (whole * 2);
}

/* !stats and !top as the results work out. */
static void
test_stats(void **state)
{
	struct world *w = *state;
	struct record rec[DRIVER_POOL], *r;
	struct buf *want = expect(w);
	char line[128];
	int i, n, tenths;

	records(w, rec);
	for (i = 0; i < DRIVER_POOL; i++) {
		r = &rec[i];
		assert_true(r->games > 0 && r->placed == r->games);
		/* the average place rounded to a tenth, halves up */
		tenths = (r->place_sum * 20 + r->placed) / (r->placed * 2);
		buf_reset(want);
		buf_addf(want, "%s, Cheesedog: %d lost of %d played (%d%%), "
		    "average place %d.%d; %d without losing, best %d.",
		    r->nick, r->losses, r->games, pct(r->losses, r->games),
		    tenths / 10, tenths % 10, r->safe, r->best_safe);
		snprintf(line, sizeof line, "!stats %s cheesedog", r->nick);
		answers(w, line, buf_str(want));
		print_message("%s\n", buf_str(want));
		/* no wins among all games either */
		buf_reset(want);
		buf_addf(want, "%s, all games: 0 won of %d played (0%%), %d "
		    "lost", r->nick, r->games, r->losses);
		if (r->losses > 0)
			buf_addf(want, " (%d%%); win streak 0, best 0; %d "
			    "without losing, best %d.", pct(r->losses,
			    r->games), r->safe, r->best_safe);
		else
			buf_adds(want, "; win streak 0, best 0.");
		snprintf(line, sizeof line, "!stats %s", r->nick);
		answers(w, line, buf_str(want));
	}
	qsort(rec, DRIVER_POOL, sizeof rec[0], board_order);
	buf_reset(want);
	buf_addf(want, "Top Cheesedog, losses (at least %d games):",
	    MIN_GAMES);
	for (i = n = 0; i < DRIVER_POOL; i++) {
		if (rec[i].games < MIN_GAMES)
			continue;
		buf_addf(want, "%s %d. %s (%d of %d lost, %d%%)",
		    n > 0 ? "," : "", n + 1, rec[i].nick, rec[i].losses,
		    rec[i].games, pct(rec[i].losses, rec[i].games));
		n++;
	}
	/* t0p3, with one game, is not ranked */
	assert_int_equal(n, DRIVER_POOL - 1);
	answers(w, "!top cheesedog", buf_str(want));
	print_message("%s\n", buf_str(want));
}

/* SIGTERM: exit status 0, which under ASan also means no leak. */
static void
test_exit(void **state)
{
	struct world *w = *state;

	driver_bot_exits(&w->d, TABLE, WATCHER);
}

static int
setup(void **state)
{
	*state = calloc(1, sizeof(struct world));
	return *state != NULL ? 0 : -1;
}

static int
teardown(void **state)
{
	struct world *w = *state;
	int i;

	driver_close(&w->d);
	buf_free(&w->chan);
	buf_free(&w->text);
	buf_free(&w->shown);
	for (i = 0; i < DRIVER_POOL; i++)
		buf_free(&w->priv[i]);
	free(w->prev);
	free(w);
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_match),
		cmocka_unit_test(test_announced),
		cmocka_unit_test(test_secrets),
		cmocka_unit_test(test_database),
		cmocka_unit_test(test_stats),
		cmocka_unit_test(test_exit),
	};

	return cmocka_run_group_tests_name("cheesedog game", tests, setup,
	    teardown);
}
