/*
 * CHEATER over real sockets: a real ngircd, the real bot binary, and the
 * scripted players of tests/lib/driver.c in one channel, playing whole
 * games of CHEATER until one player has won two in a row.
 *
 * Three of the channel's four players sit (t0p0, t0p1, t0p2; t0p3 only
 * watches), in the same seats every game.  The driver rebuilds each game
 * from the bot's database and this suite's chooser picks every move from
 * that model, steering the match:
 *
 *  - until a TAKE and a SHOW have been played to their end (the victim
 *    passed, so the hand was shown) and a HIDE has been played, everyone
 *    keeps the action cards they draw, plays a TAKE or a SHOW on a victim
 *    who cannot hide, and plays an attack card on one who can; a victim
 *    holding a HIDE it may play always hides; nobody tries to win
 *    meanwhile (each discards what it drew, or a letter that spells
 *    nothing);
 *  - then t0p0 ("alice") plays to win with the rules' own sample(), which
 *    plays greedily for the suit its hand is nearest to, and the others
 *    draw and discard what they drew, so their hands never come nearer to
 *    a word by their own doing.
 *
 * The deals come from the bot's --seed (the driver's seed), so a run is
 * the same every time; CHEATER_SEED=S tries another.  The steering makes
 * the first game hold the three actions whatever the deal, and the bound
 * on games only guards against a deal where a card a player had to draw
 * completes its word.
 *
 * Then, from every game's log replayed and what the players received:
 *  - every move's public text came to the channel, in order, and each
 *    action was announced in the bot's words (games/cheater/cheater-play.c,
 *    a win games/cheater/cheater.c): "A plays TAKE on V. V may hide.",
 *    "No hide: V's hand: ...", "A takes X from V, who draws a card.",
 *    "A plays SHOW on V.", "... A draws a card.", "V hides with HIDE:
 *    nothing is shown.", and each win as "W spells
 *    CHEATER in SUIT: the word! W wins!", then "Game over! W wins CHEATER
 *    (2 in a row)." for the second;
 *  - no hand reached the channel but in an attack's reveal after a pass
 *    (every hand any seat held, at every step, was looked for); every
 *    private line of a seat reached that seat's player, in order, and no
 *    line with a hand reached anyone else (the watcher got none);
 *  - the database (read-only) has each game finished, its winner and the
 *    suit as the winner's detail, and every player's stats and streak as
 *    the games add up to;
 *  - the title: right after the second "Game over!" the bot says "t0p0 is
 *    now an Excellent Cheater (2 wins in a row)!" (and "an Ultimate
 *    Cheater (2 wins in a row in SUIT)" when both wins were in one suit),
 *    once in the whole match; store_titles() has it, earned once by a run
 *    of two, and nobody else has any; "!titles t0p0" answers "t0p0's
 *    titles: Excellent Cheater once (DATE).";
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
#include <time.h>

#include "bot/lib/buf.h"
#include "games/cheater/cheater-int.h"
#include "games/cheater/cheater.h"
#include "tests/lib/driver.h"

#define TABLE 0
#define NSEATS 3
#define ALICE 0         /* the pool's player who plays to win */
#define SEED 20260101   /* the driver's choices and the bot's --seed */
#define MAX_GAMES 4     /* alice has won two in a row by then */
#define MAX_MOVES 2000  /* a game longer than this is a failure */
#define POLL_MS 2       /* between two looks at the database */
#define MIN_HAND 5      /* hands this long are looked for in the channel */
#define CARDS_TEXT 256  /* a hand as text: "rC rE TAKE" */

static const char conf_text[] =
    "timers = { challenge_min = 0; challenge_tie = 0;\n"
    "    challenge_close = 60; turn = 600; lobby_start = 0; };\n"
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n";

/* A hand some seat held at some point, and whose. */
struct held {
	char cards[CARDS_TEXT];
	const char *nick;
};

struct world {
	struct driver d;
	int games;             /* dealt */
	int64_t id[MAX_GAMES]; /* their ids */
	long moves[MAX_GAMES]; /* their moves */
	int took, showed, hid; /* steering: played to their end */
	int attack;            /* the face of the last attack chosen */

	/* What the players received, from their logs. */
	struct buf chan;              /* the bot's channel lines, joined */
	struct buf priv[DRIVER_POOL]; /* each one's private game lines */

	/* What the replays found. */
	int game;                    /* the game being replayed */
	size_t chan_at;              /* where its next public text is */
	size_t priv_at[DRIVER_POOL]; /* where each one's next private one is */
	int hands[DRIVER_POOL];      /* "Hand:" in the texts each was sent */
	int pending;                 /* the face of the attack in a window */
	int attacker, victim;
	int takes, shows, hides, passes;
	int winner[MAX_GAMES]; /* seat */
	int suit[MAX_GAMES];
	struct held *held;
	size_t nheld, capheld;
};

static struct driver_table *
table(struct world *w)
{
	return &w->d.t[TABLE];
}

static const char *
nick(struct world *w, int seat)
{
	return table(w)->names[seat];
}

static int
alice_seat(const struct world *w)
{
	const struct driver_table *t = &w->d.t[TABLE];
	int s;

	for (s = 0; s < t->nseats; s++)
		if (t->player[s] == ALICE)
			return s;
	return -1;
}

/* The chooser. */

/* Still steering towards a TAKE, a SHOW and a HIDE. */
static int
steering(const struct world *w)
{
	return !(w->took && w->showed && w->hid);
}

/* The index in seat's hand of a card of face it may play now, or -1. */
static int
usable(const struct game *g, int seat, int face)
{
	return ch_find(g, &g->hand[seat], face, 1, 0, NULL, 0);
}

/* The first seat left of seat that can hide (hides 1) or cannot (0). */
static int
victim(const struct game *g, int seat, int hides)
{
	int i, v;

	for (i = 1; i < g->nseats; i++) {
		v = (seat + i) % g->nseats;
		if (g->in[v] && (usable(g, v, FACE_HIDE) >= 0) == hides)
			return v;
	}
	return -1;
}

/* The turn's seat plays its card of face as verb on v, if it can. */
static int
attack(const struct game *g, int face, int verb, int v, struct game_move *mv)
{
	int k = usable(g, g->turn, face);

	if (k < 0 || v < 0)
		return 0;
	mv->verb = verb;
	mv->argc = 2;
	mv->argv[0] = v;
	mv->argv[1] = g->hand[g->turn].c[k];
	return 1;
}

static void
choose_turn(struct world *w, const struct game *g, struct rng *rng,
    struct game_move *mv)
{
	int s = g->turn, v = victim(g, s, 0), h = victim(g, s, 1);

	mv->verb = VERB_DRAW;
	if (steering(w)) {
		if (v < 0)
			v = h;
		if ((!w->took && attack(g, FACE_TAKE, VERB_TAKE, v, mv)) ||
		    (!w->showed && attack(g, FACE_SHOW, VERB_SHOW, v, mv)))
			return;
		if (!w->hid && (attack(g, FACE_BUST, VERB_BUST, h, mv) ||
		                   attack(g, FACE_TAKE, VERB_TAKE, h, mv) ||
		                   attack(g, FACE_SHOW, VERB_SHOW, h, mv)))
			return;
		return;
	}
	if (s == alice_seat(w))
		assert_int_equal(cheater_ops.sample(g, rng, mv), 0);
}

/* 1 if id is among mv's arguments. */
static int
chosen(const struct game_move *mv, int id)
{
	int i;

	for (i = 0; i < mv->argc; i++)
		if (mv->argv[i] == id)
			return 1;
	return 0;
}

/* Discards that bring the hand no nearer a word: what this turn drew
 * (but an action card while steering), else letters, those that spell
 * nothing first. */
static void
choose_discard(struct world *w, const struct game *g, struct game_move *mv)
{
	const struct cards *h = &g->hand[g->turn];
	int suit = ch_best_suit(h), pass, i, id, letter, ok;

	mv->verb = VERB_DISCARD;
	for (pass = 0; pass < 4 && mv->argc < g->need; pass++) {
		for (i = h->n - 1; i >= 0 && mv->argc < g->need; i--) {
			id = h->c[i];
			letter = ch_face(id) < FACE_TAKE;
			if (chosen(mv, id))
				continue;
			if (pass == 0)
				ok = g->fresh[id] && (letter || !steering(w));
			else if (pass == 1)
				ok = letter && !ch_useful(h, i, suit);
			else
				ok = letter || pass == 3;
			if (ok)
				mv->argv[mv->argc++] = id;
		}
	}
}

/* How much nearer a word card id brings seat's hand. */
static int
gain(const struct game *g, int seat, int id)
{
	struct cards more = g->hand[seat];
	int before = ch_progress(&more, ch_best_suit(&more));

	cards_add(&more, id);
	return ch_progress(&more, ch_best_suit(&more)) - before;
}

/* The victim's card that helps the attacker least. */
static void
choose_pick(const struct game *g, struct game_move *mv)
{
	const struct cards *v = &g->hand[g->victim];
	int i, best = 0, k;

	mv->verb = VERB_PICK;
	for (i = 1; i < v->n; i++) {
		k = gain(g, g->turn, v->c[i]);
		if (k < gain(g, g->turn, v->c[best]))
			best = i;
	}
	mv->argc = 1;
	mv->argv[0] = v->c[best];
}

static int
choose(void *ctx, const struct game *g, struct rng *rng, struct game_move *mv)
{
	struct world *w = ctx;
	int alice = g->turn == alice_seat(w) && !steering(w), k;

	memset(mv, 0, sizeof *mv);
	mv->seat = g->turn;
	switch (g->phase) {
	case PH_TURN:
		choose_turn(w, g, rng, mv);
		w->attack = mv->verb == VERB_TAKE || mv->verb == VERB_SHOW ||
		                    mv->verb == VERB_BUST
		                ? ch_face(mv->argv[1])
		                : -1;
		return 0;
	case PH_HIDE:
		mv->seat = g->victim;
		mv->verb = VERB_PASS;
		if ((k = usable(g, g->victim, FACE_HIDE)) >= 0) {
			mv->verb = VERB_HIDE;
			mv->argc = 1;
			mv->argv[0] = g->hand[g->victim].c[k];
			w->hid = 1;
		} else if (w->attack == FACE_TAKE)
			w->took = 1;
		else if (w->attack == FACE_SHOW)
			w->showed = 1;
		return 0;
	case PH_DISCARD:
		if (alice)
			return cheater_ops.sample(g, rng, mv);
		choose_discard(w, g, mv);
		return 0;
	case PH_PICK:
		if (alice)
			return cheater_ops.sample(g, rng, mv);
		choose_pick(g, mv);
		return 0;
	case PH_BUST:
		if (alice)
			return cheater_ops.sample(g, rng, mv);
		mv->verb = VERB_DROP; /* none */
		return 0;
	default:
		return -1;
	}
}

/* The play. */

static int
alice_streak(struct world *w)
{
	struct driver_table *t = table(w);

	return t->p[ALICE].tally[t->variant].streak;
}

static void
play_game(struct world *w)
{
	struct driver *d = &w->d;
	struct driver_table *t = table(w);

	if (w->games == MAX_GAMES)
		fail_msg("%d games, and alice has not won two in a row with "
		         "a TAKE, a SHOW and a HIDE played",
		    MAX_GAMES);
	driver_deal_from(d, TABLE, &cheater_ops, NSEATS, ALICE);
	w->id[w->games] = t->id;
	w->moves[w->games++] = driver_play(d, TABLE, MAX_MOVES, POLL_MS);
}

static void
test_match(void **state)
{
	struct world *w = *state;
	long long start = ngircd_now_ms();
	int i;

	driver_open(&w->d, 1, conf_text,
	    driver_env_seed("CHEATER_SEED", SEED));
	table(w)->choose = choose;
	table(w)->choose_ctx = w;
	w->attack = -1;
	while (steering(w) || alice_streak(w) < 2)
		play_game(w);
	for (i = 0; i < w->games; i++)
		print_message(
		    "game %lld: %ld moves\n", (long long)w->id[i], w->moves[i]);
	print_message("%d games, %ld moves in %lld ms\n", w->games, w->d.moves,
	    ngircd_now_ms() - start);
	/* Everything the bot sent the players has come. */
	driver_sync(&w->d, table(w));
}

/* What the players received. */

static int
count(const char *text, const char *what)
{
	const char *p = text;
	int n = 0;

	while ((p = strstr(p, what)) != NULL) {
		n++;
		p += strlen(what);
	}
	return n;
}

/* The bot's channel lines joined into w->chan, each player's private
 * lines of the game (without their lead) into w->priv[i]; a line with a
 * hand goes nowhere but privately to its player. */
static void
gather(struct world *w)
{
	struct driver_table *t = table(w);
	struct driver_line own = {t->chan, NULL, NULL};
	const struct client *c;
	char text[DRIVER_TEXT];
	size_t k;
	int i;

	driver_gather(&w->d, t, ALICE, &w->chan, w->priv, NULL);
	for (i = 0; i < DRIVER_POOL; i++) {
		c = &t->p[i].cl;
		own.nick = t->p[i].nick;
		for (k = 0; k < c->nlines; k++) {
			client_strip(c->lines[k], text, sizeof text);
			if (strstr(text, "Hand:") != NULL &&
			    !driver_is_line(text, &own))
				fail_msg("%s got a hand not its own: '%s'",
				    t->p[i].nick, text);
		}
	}
}

/* Finds want in have from *at on; *at moves past it. */
static void
find_next(struct world *w, const struct buf *have, size_t *at, const char *want,
    const char *where)
{
	const char *p = strstr(buf_str(have) + *at, want);

	if (p == NULL)
		fail_msg("game %lld: %s never got '%s' (or not in order)",
		    (long long)w->id[w->game], where, want);
	*at = (size_t)(p - buf_str(have)) + strlen(want);
}

/* Fails unless what the move said publicly has want. */
static void
says(struct world *w, const struct driver_said *said, const char *want)
{
	if (strstr(said->pub, want) == NULL)
		fail_msg("game %lld: the move said '%s', not '%s'",
		    (long long)w->id[w->game], said->pub, want);
}

static void
keep_hand(struct world *w, const struct game *g, int seat)
{
	struct held *h;

	if (g->hand[seat].n < MIN_HAND)
		return;
	if (w->nheld == w->capheld) {
		w->capheld = w->capheld > 0 ? 2 * w->capheld : 1024;
		w->held = realloc(w->held, w->capheld * sizeof *w->held);
		assert_non_null(w->held);
	}
	h = &w->held[w->nheld++];
	cheater_cards(g, seat, h->cards, sizeof h->cards);
	h->nick = nick(w, seat);
}

/* The announcements of the actions in the move just replayed. */
static void
check_move(struct world *w, const struct game_move *mv, const struct game *g,
    const struct driver_said *said)
{
	char want[DRIVER_TEXT], cards[CARDS_TEXT];
	const char *v;
	int face;

	switch (mv->verb) {
	case VERB_TAKE:
	case VERB_SHOW:
	case VERB_BUST:
		face = ch_face(mv->argv[1]);
		w->pending = face;
		w->attacker = mv->seat;
		w->victim = mv->argv[0];
		v = nick(w, w->victim);
		if (face == FACE_TAKE || face == FACE_SHOW) {
			snprintf(want, sizeof want,
			    "%s plays %s on %s. %s may "
			    "hide.",
			    nick(w, mv->seat), ch_face_name(face), v, v);
			says(w, said, want);
		}
		break;
	case VERB_STEAL:
		w->pending = -1;
		w->attacker = mv->seat;
		w->victim = mv->argv[0];
		break;
	case VERB_PASS:
		v = nick(w, w->victim);
		cheater_cards(g, w->victim, cards, sizeof cards);
		snprintf(want, sizeof want, "%s %s's hand: %s.",
		    mv->seat == GAME_SEAT_TABLE ? "No answer, so" : "No hide:",
		    v, cards);
		says(w, said, want);
		w->passes++;
		if (w->pending == FACE_SHOW) {
			snprintf(want, sizeof want, "%s. %s draws a card.",
			    cards, nick(w, w->attacker));
			says(w, said, want);
			w->shows++;
		}
		break;
	case VERB_PICK:
		/* the victim draws back unless the card taken won */
		snprintf(want, sizeof want, "%s takes %s from %s%s",
		    nick(w, w->attacker), ch_face_name(ch_face(mv->argv[0])),
		    nick(w, w->victim),
		    g->phase == PH_OVER ? ". " : ", who draws a card.");
		says(w, said, want);
		w->takes += w->pending == FACE_TAKE;
		break;
	case VERB_HIDE:
		if (ch_face(mv->argv[0]) != FACE_HIDE)
			break;
		v = nick(w, mv->seat);
		snprintf(want, sizeof want,
		    "%s hides with HIDE: nothing is "
		    "shown. %s draws a card",
		    v, v);
		says(w, said, want);
		w->hides++;
		break;
	default:
		break;
	}
}

/* The win: "W spells CHEATER in SUIT: the word! W wins!". */
static void
check_win(struct world *w, const struct game *g, const struct driver_said *said)
{
	static const int word[] = {L_C, L_H, L_E, L_A, L_T, L_E, L_R};
	char want[DRIVER_TEXT];
	const char *who = nick(w, g->winner);
	size_t len;
	int i;

	assert_true(g->winner >= 0 && g->win_suit >= 0);
	len = (size_t)snprintf(want, sizeof want,
	    "%s spells CHEATER in %s:", who, ch_suit_name(g->win_suit));
	for (i = 0; i < 7; i++)
		len += (size_t)snprintf(want + len, sizeof want - len, " %s",
		    ch_face_name(g->win_suit * CH_LETTERS + word[i]));
	snprintf(want + len, sizeof want - len, "! %s wins!", who);
	says(w, said, want);
	w->winner[w->game] = g->winner;
	w->suit[w->game] = g->win_suit;
}

/* One step of a replay: its texts reached the channel and the seats in
 * order, the hands are kept, the actions were announced. */
static void
step(void *ctx, int n, const struct game_move *mv, const struct game *g,
    const struct driver_said *said)
{
	struct world *w = ctx;
	struct driver_table *t = table(w);
	int s, p;

	(void)n;
	if (said->pub[0] != '\0')
		find_next(w, &w->chan, &w->chan_at, said->pub, "the channel");
	for (s = 0; s < g->nseats; s++) {
		keep_hand(w, g, s);
		if (said->priv[s][0] == '\0')
			continue;
		p = t->player[s];
		find_next(w, &w->priv[p], &w->priv_at[p], said->priv[s],
		    t->p[p].nick);
		w->hands[p] += count(said->priv[s], "Hand:");
	}
	if (mv != NULL)
		check_move(w, mv, g, said);
	if (g->phase == PH_OVER)
		check_win(w, g, said);
}

static void
test_announced(void **state)
{
	struct world *w = *state;
	char want[256];
	int i, streak = 0;

	assert_true(w->games >= 2);
	gather(w);
	for (w->game = 0; w->game < w->games; w->game++) {
		w->winner[w->game] = -1;
		driver_replay(&w->d, w->id[w->game], step, w);
		assert_true(w->winner[w->game] >= 0);
		if (w->game == 0) {
			/* the steering's work, in the first game */
			assert_true(w->takes >= 1);
			assert_true(w->shows >= 1);
			assert_true(w->hides >= 1);
		}
		streak = table(w)->player[w->winner[w->game]] == ALICE
		             ? streak + 1
		             : 0;
		if (streak > 1)
			snprintf(want, sizeof want,
			    "Game over! %s wins CHEATER (%d in a row).",
			    nick(w, w->winner[w->game]), streak);
		else
			snprintf(want, sizeof want,
			    "Game over! %s wins CHEATER.",
			    nick(w, w->winner[w->game]));
		find_next(w, &w->chan, &w->chan_at, want, "the channel");
	}
	assert_int_equal(streak, 2);
	for (i = 0; i < DRIVER_POOL; i++)
		if (count(buf_str(&w->priv[i]), "Hand:") != w->hands[i])
			fail_msg("%s got %d hands, the games sent %d",
			    table(w)->p[i].nick,
			    count(buf_str(&w->priv[i]), "Hand:"), w->hands[i]);
	assert_int_equal(w->hands[NSEATS], 0); /* the watcher */
	print_message("%d TAKE, %d SHOW, %d HIDE, %d reveals; %zu hands "
	              "looked for in the channel\n",
	    w->takes, w->shows, w->hides, w->passes, w->nheld);
}

/* The length of the card token at p ("rC", "TAKE"), without the
 * punctuation after it (*end set when there is some), or 0. */
static size_t
card_at(const char *p, int *end)
{
	size_t len = strcspn(p, " "), word = len;
	int f;

	while (word > 0 && strchr(".,;:!?)", p[word - 1]) != NULL)
		word--;
	*end = word < len;
	for (f = 0; f < CH_FACES; f++)
		if (strlen(ch_face_name(f)) == word &&
		    strncmp(p, ch_face_name(f), word) == 0)
			return word;
	return 0;
}

static int
held_order(const void *a, const void *b)
{
	return strcmp(
	    ((const struct held *)a)->cards, ((const struct held *)b)->cards);
}

/* The run of cards at p is the hand of a seat; fails unless it comes
 * right after "NICK's hand: " for a seat that held it. */
static void
check_run(struct world *w, const char *text, const char *p, const char *run)
{
	struct held key, *h;
	char lead[128];
	size_t len;

	snprintf(key.cards, sizeof key.cards, "%s", run);
	h = bsearch(&key, w->held, w->nheld, sizeof *w->held, held_order);
	if (h == NULL)
		return;
	while (h > w->held && held_order(h - 1, &key) == 0)
		h--;
	for (; h < w->held + w->nheld && held_order(h, &key) == 0; h++) {
		len =
		    (size_t)snprintf(lead, sizeof lead, "%s's hand: ", h->nick);
		if ((size_t)(p - text) >= len &&
		    strncmp(p - len, lead, len) == 0)
			return;
	}
	fail_msg(
	    "a hand in the channel: '%.300s'", p - text > 100 ? p - 100 : text);
}

/* No hand any seat held (at any step of any game) is in the channel but
 * as the reveal of a pass, "No hide: NICK's hand: CARDS.": every run of
 * cards the channel showed is looked up among them. */
static void
test_secrets(void **state)
{
	struct world *w = *state;
	const char *text = buf_str(&w->chan), *p = text, *start;
	char run[CARDS_TEXT];
	size_t len, used;
	int end, n;

	assert_true(w->nheld > 0);
	qsort(w->held, w->nheld, sizeof *w->held, held_order);
	while (*p != '\0') {
		start = p;
		used = 0;
		run[0] = '\0';
		for (n = 0; (len = card_at(p, &end)) > 0; n++) {
			used += (size_t)snprintf(run + used, sizeof run - used,
			    "%s%.*s", n > 0 ? " " : "", (int)len, p);
			assert_true(used < sizeof run);
			p += strcspn(p, " ");
			p += strspn(p, " ");
			if (end)
				break;
		}
		if (n >= MIN_HAND)
			check_run(w, text, start, run);
		if (n == 0) {
			p += strcspn(p, " ");
			p += strspn(p, " ");
		}
	}
	assert_int_equal(
	    count(text, "No hide: ") + count(text, "No answer, so "),
	    w->passes);
	assert_int_equal(count(text, "Hand:"), 0);
}

static void
test_database(void **state)
{
	struct world *w = *state;
	char out[1024], want[1024];
	size_t len;
	int g, s;

	for (g = 0; g < w->games; g++) {
		driver_results(&w->d, w->id[g], "coalesce(r.detail, '-')", out,
		    sizeof out);
		len = (size_t)snprintf(want, sizeof want, "cheater finished\n");
		for (s = 0; s < NSEATS; s++)
			len += (size_t)snprintf(want + len, sizeof want - len,
			    "%s %d %d %s\n", nick(w, s),
			    s == w->winner[g] ? 1 : 2, s == w->winner[g],
			    s == w->winner[g] ? ch_suit_name(w->suit[g]) : "-");
		assert_string_equal(out, want);
	}
	driver_check_db(&w->d);
	driver_check_stats(&w->d);
}

/* " (2026-11-21)", as !titles dates a title earned once (UTC). */
static void
title_date(int64_t when, char *out, size_t size)
{
	time_t tt = (time_t)when;
	struct tm tm;

	assert_non_null(gmtime_r(&tt, &tm));
	assert_true(strftime(out, size, "%Y-%m-%d", &tm) > 0);
}

/* alice's two wins in a row made her an Excellent Cheater (and an
 * Ultimate Cheater if both were in one suit): the bot said so once, right
 * after the second "Game over!"; storage holds the title, earned once by
 * a run of two; nobody else has one; !titles answers with it. */
static void
test_titles(void **state)
{
	struct world *w = *state;
	struct driver_table *t = table(w);
	struct store_title_row rows[4];
	struct driver_line m = {t->chan, NULL, NULL};
	const char *alice = t->p[ALICE].nick;
	char shown[64], want[512], date[32], *cause = NULL;
	int same, n, i, s;
	size_t len;

	assert_true(w->games >= 2);
	same = w->suit[w->games - 2] == w->suit[w->games - 1];
	len = (size_t)snprintf(want, sizeof want,
	    "%s is now an Excellent Cheater (2 wins in a row)", alice);
	if (same)
		snprintf(want + len, sizeof want - len,
		    " and an Ultimate Cheater (2 wins in a row in %s)!",
		    ch_suit_name(w->suit[w->games - 1]));
	else
		snprintf(want + len, sizeof want - len, "!");
	find_next(w, &w->chan, &w->chan_at, want, "the channel");
	print_message("%s\n", want);
	assert_int_equal(count(buf_str(&w->chan), " is now a"), 1);

	n = store_titles(
	    w->d.store, alice, "cheater", rows, 4, shown, sizeof shown, &cause);
	if (n < 0)
		fail_msg("titles of %s: %s", alice, cause);
	assert_string_equal(shown, alice);
	assert_int_equal(n, 1 + same);
	for (i = 0; i < n; i++) {
		assert_string_equal(rows[i].variant, "cheater");
		assert_int_equal(rows[i].count, 1);
		assert_int_equal(rows[i].best_run, 2);
		assert_true(rows[i].first == rows[i].last);
		assert_true(strcmp(rows[i].name, "excellent") == 0 ||
		            (same && strcmp(rows[i].name, "ultimate") == 0));
	}
	if (n == 2)
		assert_string_not_equal(rows[0].name, rows[1].name);
	for (s = 0; s < NSEATS; s++) {
		if (t->player[s] == ALICE)
			continue;
		assert_int_equal(store_titles(w->d.store, nick(w, s), NULL,
		                     rows, 4, shown, sizeof shown, NULL),
		    0);
		assert_string_equal(shown, nick(w, s));
	}

	n = store_titles(
	    w->d.store, alice, NULL, rows, 4, shown, sizeof shown, NULL);
	len = (size_t)snprintf(want, sizeof want, "%s's titles: ", alice);
	for (i = 0; i < n; i++) {
		title_date(rows[i].first, date, sizeof date);
		len += (size_t)snprintf(want + len, sizeof want - len,
		    "%s%s Cheater once (%s)", i > 0 ? "; " : "",
		    strcmp(rows[i].name, "excellent") == 0 ? "Excellent"
		                                           : "Ultimate",
		    date);
	}
	snprintf(want + len, sizeof want - len, ".");
	assert_int_equal(
	    client_send(&t->p[1].cl, "PRIVMSG %s :!titles %s", t->chan, alice),
	    0);
	m.text = want;
	if (client_wait(&t->p[ALICE].cl, driver_is_line, &m, 0) == NULL)
		fail_msg("!titles %s did not answer '%s'", alice, want);
}

/* SIGTERM: exit status 0, which under ASan also means no leak. */
static void
test_exit(void **state)
{
	struct world *w = *state;

	driver_bot_exits(&w->d, TABLE, ALICE);
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
	for (i = 0; i < DRIVER_POOL; i++)
		buf_free(&w->priv[i]);
	free(w->held);
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
	    cmocka_unit_test(test_titles),
	    cmocka_unit_test(test_exit),
	};

	return cmocka_run_group_tests_name(
	    "cheater game", tests, setup, teardown);
}
