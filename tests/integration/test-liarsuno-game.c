/*
 * Liar's UNO over real sockets: a real ngircd, the real bot binary, and the
 * scripted players of tests/lib/driver.c in one channel, playing whole
 * games of Liar's UNO (points=0: one hand each) until every event steered
 * for has happened, then to their end.
 *
 * Three of the channel's four players sit (t0p0, t0p1, t0p2; t0p3 only
 * watches).  The driver rebuilds each game from the bot's database and
 * the chooser of tests/lib/liarsuno-steer.h picks every move from that
 * model, steering until a true and a false claim have been challenged,
 * a 7 swapped, a Wild Liar's Challenge's put card taken back and another
 * sent under it unturned, the WLC's player done with a card still face
 * down and an UNO caught; meanwhile nobody plays a last card, then
 * everyone plays fair until a player goes out.  Moves that may be typed
 * in the channel or in private go one way, then the other.  The timers
 * are short but real: a move right after a card face down waits
 * timers.challenge_min (0.1 s), a challenge the tie window (0.05 s), the
 * window of a face-down action or last card, which nobody plays through,
 * closes after 1 s.  The deals come from the bot's --seed (the driver's
 * seed), so a run is the same every time; LIARSUNO_SEED=S tries another.
 *
 * Then, from every game's log replayed and what the players received:
 *  - every move's public text came to the channel in order, and each
 *    player's private lines are exactly what the rules told its seat (the
 *    watcher got none);
 *  - each event was announced in the bot's words (games/liarsuno*.c):
 *    plays face up and face down with their claims, "NICK chooses whose
 *    hand to take.", "A and B swap hands.", "A challenges B: CARD,
 *    true! A draws a card.", "... a lie! B takes it back and draws a
 *    card. To match: X.", the WLC and its puts and "turns over B's card",
 *    "A is done: under the WLC go the cards of B.",
 *    "owes an UNO call", "calls UNO first! B draws two cards.", "goes out,
 *    scoring N." and the bot's "Game over! W wins Liar's UNO";
 *  - no secret reached the channel: no hand, no card drawn, no card played
 *    face down or put and never turned over.  Each move's public text
 *    shows only the card played face up or turned over, its claim in
 *    quotes and what to match, and the channel shows no card more often
 *    than those texts did; every card that was only ever hidden is looked
 *    for in the whole channel (a Liar's Card's text anywhere, a Regular
 *    Card's but as a claim or what to match);
 *  - the database has each game finished, its winner first with the
 *    points of the cards left, the others placed by cards held, and every
 *    player's stats as the games add up to;
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
#include "games/liarsuno/liarsuno-int.h"
#include "games/liarsuno/liarsuno.h"
#include "tests/lib/driver.h"
#include "tests/lib/liarsuno-steer.h"

#define TABLE 0
#define NSEATS 3
#define WATCHER 3      /* the pool's player who does not sit */
#define SEED 20260401  /* the driver's choices and the bot's --seed */
#define MAX_GAMES 3    /* every event has happened by then */
#define MAX_MOVES 1500 /* a game longer than this is a failure */
#define POLL_MS 2      /* between two looks at the database */
#define NWORDS (LU_CARDS + LU_FACES) /* card and claim texts */

static const char conf_text[] =
    "timers = { challenge_min = 0.1; challenge_tie = 0.05;\n"
    "    challenge_close = 1; turn = 600; lobby_start = 0; };\n"
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n";

/* What the replays counted. */
struct counts {
	int up, down, lies, draws, keeps;
	int ch_true, ch_lie, ch_regular;
	int swaps, zeros, wlcs, puts, back, under, unturned, dones;
	int owed, caught, called;
};

/* Where a card word stands in a text. */
enum word_at {
	AT_SHOWN, /* a card shown */
	AT_CLAIM, /* in quotes: a claim */
	AT_MATCH, /* after "To match:" */
	AT_KINDS
};

struct world {
	struct driver d;
	int games;             /* dealt */
	int64_t id[MAX_GAMES]; /* their ids */
	long moves[MAX_GAMES]; /* their moves */
	struct steer steer;    /* the chooser's state */

	/* What the players received, from their logs. */
	struct buf chan;              /* the bot's channel lines, joined */
	struct buf priv[DRIVER_POOL]; /* each one's private game lines */

	/* What the replays found. */
	int game;          /* the game being replayed */
	struct game *prev; /* the model before the move replayed */
	struct counts c;
	unsigned out[MAX_GAMES]; /* the seats that went out */
	int place[MAX_GAMES][NSEATS], points[MAX_GAMES][NSEATS];
	char words[NWORDS][8]; /* every card's and claim's text */
	int shown[NWORDS];     /* times the moves' texts showed each */
	int hidden[LU_CARDS];  /* held, put or face down at some point */
	int public[LU_CARDS];  /* played face up or turned over */
	int secrets;           /* cards looked for in the channel */
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

/* The play. */

static void
play_game(struct world *w)
{
	struct driver *d = &w->d;
	struct driver_table *t = table(w);
	int i;

	if (w->games == MAX_GAMES) {
		for (i = 0; i < STEER_GOALS; i++)
			if (!w->steer.done[i])
				fail_msg("%d games, and never %s", MAX_GAMES,
				    steer_goal_name[i]);
	}
	driver_deal_from(d, TABLE, &liarsuno_ops, NSEATS, 0);
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
	    driver_env_seed("LIARSUNO_SEED", SEED));
	w->steer.t = table(w);
	table(w)->choose = steer_choose;
	table(w)->choose_ctx = &w->steer;
	table(w)->options = "points=0";
	while (steer_wanted(&w->steer))
		play_game(w);
	for (i = 0; i < w->games; i++)
		print_message(
		    "game %lld: %ld moves\n", (long long)w->id[i], w->moves[i]);
	print_message("%d game%s, %ld moves in %lld ms\n", w->games,
	    w->games == 1 ? "" : "s", w->d.moves, ngircd_now_ms() - start);
	/* Everything the bot sent the players has come. */
	driver_sync(&w->d, table(w));
}

/* The replay: what each move said. */

/* Fails unless what the move said publicly has want. */
static void
says(struct world *w, const char *pub, const char *want)
{
	if (strstr(pub, want) == NULL)
		fail_msg("game %lld: the move said '%s', not '%s'",
		    (long long)w->id[w->game], pub, want);
}

/* "draws a card", "draws two cards", as the rules word got of want. */
static const char *
draws(int want, int got)
{
	static char text[64];
	static const char *const count[] = {
	    "no", "one", "two", "three", "four", "five", "six"};

	assert_in_range(got, 0, 6);
	if (got == 0)
		return "has nothing to draw";
	if (got == 1)
		snprintf(text, sizeof text, "draws a card%s",
		    want > 1 ? ", all there is" : "");
	else
		snprintf(text, sizeof text, "draws %s cards%s", count[got],
		    got < want ? ", all there are" : "");
	return text;
}

static const char *
card_text(int id)
{
	static char text[4][8];
	static int k;

	k = (k + 1) % 4;
	lu_card_text(id, text[k], sizeof text[k]);
	return text[k];
}

static const char *
claim_text(int face)
{
	static char text[8];

	lu_claim_text(face, text, sizeof text);
	return text;
}

static const char *
colour_name(int colour)
{
	static const char *const names[] = {"red", "yellow", "green", "blue"};

	assert_in_range(colour, 0, LU_COLOURS - 1);
	return names[colour];
}

/* What to match, as "To match: X." says it. */
static const char *
match_text(const struct game *g)
{
	static char text[32];

	if (g->sym < SYM_WD4)
		lu_claim_text(LU_FACE(g->colour, g->sym), text, sizeof text);
	else
		snprintf(text, sizeof text, "%s (%s)", colour_name(g->colour),
		    g->sym == SYM_WD4 ? "+4" : "WLC");
	return text;
}

/* How many cards seat gained by the move. */
static int
gained(const struct world *w, const struct game *g, int seat)
{
	return g->hand[seat].n - w->prev->hand[seat].n;
}

/* What the face-down card of the window in w->prev did once it stood,
 * by the move mv (the table's close, or a true challenge): its claimed
 * action, a last card's draws only. */
static void
check_effect(struct world *w, const struct game_move *mv,
    const struct game *g, const char *pub)
{
	const struct game *p = w->prev;
	char want[DRIVER_TEXT];
	int s = p->down_seat, sym = lu_face_sym(p->down_claim);
	int last = p->hand[s].n == 0, v = lu_next(p, s), got;

	got = gained(w, g, v) - (mv->verb == VERB_CHALLENGE && mv->seat == v);
	if (sym == SYM_SKIP && !last)
		snprintf(want, sizeof want, " %s is skipped.", nick(w, v));
	else if (sym == SYM_REVERSE && !last)
		snprintf(want, sizeof want, " Play reverses.");
	else if (sym == SYM_DRAW2 || sym == SYM_WD4)
		snprintf(want, sizeof want, " %s %s%s", nick(w, v),
		    draws(sym == SYM_DRAW2 ? 2 : 4, got),
		    last ? "." : " and is skipped.");
	else
		return;
	says(w, pub, want);
}

/* A play: face up or down with its claim, a wild's colour and an UNO
 * called with it, then what the card does at once: a 7 that asks for a
 * swap, a 0 that passes the hands, a WLC that asks for cards; a claimed
 * action or a last card face down waits for a challenge. */
static void
check_play(struct world *w, const struct game_move *mv, const struct game *g,
    const char *pub)
{
	const struct game *p = w->prev;
	char want[DRIVER_TEXT];
	const char *who = nick(w, mv->seat);
	int s = mv->seat, id = mv->argv[ARG_CARD], face, sym, left;
	size_t len;

	if (mv->argv[ARG_DOWN]) {
		face = mv->argv[ARG_CLAIM];
		len = (size_t)snprintf(want, sizeof want,
		    "%s plays a card face down: \"%s\"", who, claim_text(face));
		w->c.down++;
		w->c.lies += !lu_liar(id) || lu_face(id) != face;
	} else {
		face = lu_face(id);
		len = (size_t)snprintf(
		    want, sizeof want, "%s plays %s", who, card_text(id));
		w->c.up++;
	}
	if (lu_face_colour(face) == LU_WILD)
		len += (size_t)snprintf(want + len, sizeof want - len,
		    ", naming %s", colour_name(mv->argv[ARG_COLOUR]));
	len += (size_t)snprintf(want + len, sizeof want - len, "%s",
	    mv->argv[ARG_UNO] ? ": UNO!" : ".");
	sym = lu_face_sym(face);
	left = p->hand[s].n - 1;
	if (left == 0 && !mv->argv[ARG_DOWN]) {
		says(w, pub, want); /* out: check_end() */
		return;
	}
	if (mv->argv[ARG_DOWN] && (left == 0 || lu_action(face))) {
		assert_int_equal(g->phase, PH_OPEN);
		if (left == 0)
			snprintf(want + len, sizeof want - len,
			    " It is %s's last card: challenge it, or %s goes "
			    "out.",
			    who, who);
		else
			snprintf(want + len, sizeof want - len,
			    " Challenge it, or it takes effect.");
		says(w, pub, want);
		/* Nothing has happened yet. */
		assert_int_equal(g->dir, p->dir);
		assert_int_equal(gained(w, g, lu_next(p, s)), 0);
		return;
	}
	if (sym == SYM_WLC) {
		snprintf(want + len, sizeof want - len,
		    " Wild Liar's Challenge: everyone else puts a %s card face "
		    "down, in private.",
		    colour_name(mv->argv[ARG_COLOUR]));
		w->c.wlcs++;
	} else if (sym == 7)
		snprintf(want + len, sizeof want - len,
		    " %s chooses whose hand to take.", who);
	else if (sym == 0) {
		snprintf(want + len, sizeof want - len,
		    " Every hand passes to the next player.");
		w->c.zeros++;
	}
	says(w, pub, want);
}

/* The face-down card turned over: true, a lie, or a Regular Card; in a
 * window nobody plays through, then what the card does standing, or the
 * next player's turn when it is taken back. */
static void
check_challenge(struct world *w, const struct game_move *mv,
    const struct game *g, const char *pub)
{
	const struct game *p = w->prev;
	char want[DRIVER_TEXT];
	int s = mv->seat, id = p->down, liar = p->down_seat, got;

	assert_true(id >= 0);
	if (lu_liar(id) && lu_face(id) == p->down_claim) {
		/* The challenger may be the one a Draw Two then hits. */
		got = gained(w, g, s);
		if (p->phase == PH_OPEN && got > 1)
			got = 1;
		snprintf(want, sizeof want,
		    "%s challenges %s: %s, true! %s %s.", nick(w, s),
		    nick(w, liar), card_text(id), nick(w, s), draws(1, got));
		says(w, pub, want);
		w->c.ch_true++;
		if (p->phase == PH_OPEN)
			check_effect(w, mv, g, pub);
		return;
	}
	snprintf(want, sizeof want,
	    "%s challenges %s: %s, %s %s takes it back and %s. To match: %s.",
	    nick(w, s), nick(w, liar), card_text(id),
	    lu_liar(id) ? "a lie!" : "a Regular Card played face down!",
	    nick(w, liar), draws(lu_liar(id) ? 1 : 6, gained(w, g, liar) - 1),
	    match_text(g));
	if (lu_liar(id))
		w->c.ch_lie++;
	else
		w->c.ch_regular++;
	says(w, pub, want);
	/* Taken back, it never happened: the next player plays. */
	if (p->phase == PH_OPEN) {
		snprintf(want, sizeof want, " %s to play.",
		    nick(w, lu_next(p, liar)));
		says(w, pub, want);
		assert_int_equal(g->dir, p->dir);
	}
}

/* A call of UNO: safe, or first, when who owed it draws two. */
static void
check_uno(struct world *w, const struct game_move *mv, const struct game *g,
    const char *pub)
{
	const struct game *p = w->prev;
	char want[DRIVER_TEXT];
	int s = mv->seat, o;

	if (p->uno_due & (1u << s)) {
		snprintf(want, sizeof want, "%s calls UNO!", nick(w, s));
		w->c.called++;
	} else {
		snprintf(want, sizeof want, "%s calls UNO first!", nick(w, s));
		w->c.caught++;
	}
	says(w, pub, want);
	for (o = 0; o < g->nseats; o++) {
		if (o == s || !(p->uno_due & (1u << o)))
			continue;
		snprintf(want, sizeof want, " %s %s.", nick(w, o),
		    draws(2, gained(w, g, o)));
		says(w, pub, want);
	}
}

/* A put card turned over: not of the colour, back with a card drawn;
 * of the colour, under the WLC with every card not yet turned. */
static void
check_accuse(struct world *w, const struct game_move *mv, const struct game *g,
    const char *pub)
{
	const struct game *p = w->prev;
	char want[DRIVER_TEXT];
	const char *colour = colour_name(p->wlc_colour);
	int v = mv->argv[0], id = p->put[v], s, n = 0;
	size_t len;

	assert_true(id >= 0);
	len =
	    (size_t)snprintf(want, sizeof want, "%s turns over %s's card: %s, ",
	        nick(w, mv->seat), nick(w, v), card_text(id));
	if (lu_face_colour(lu_face(id)) != p->wlc_colour) {
		snprintf(want + len, sizeof want - len,
		    "not %s! %s takes it back and %s.", colour, nick(w, v),
		    draws(1, gained(w, g, v) - 1));
		says(w, pub, want);
		w->c.back++;
		return;
	}
	len += (size_t)snprintf(want + len, sizeof want - len,
	    "%s! Under the WLC go the cards of", colour);
	for (s = 0; s < p->nseats; s++) {
		if (!(p->unturned & (1u << s)))
			continue;
		len += (size_t)snprintf(want + len, sizeof want - len, "%s %s",
		    n++ > 0 ? "," : "", nick(w, s));
		w->c.unturned += s != v;
	}
	snprintf(want + len, sizeof want - len, ".");
	says(w, pub, want);
	w->c.under++;
}

/* The WLC's player done: every card not yet turned goes under. */
static void
check_done(struct world *w, const struct game_move *mv, const char *pub)
{
	const struct game *p = w->prev;
	char want[DRIVER_TEXT];
	int s, n = 0;
	size_t len;

	len = (size_t)snprintf(want, sizeof want,
	    "%s is done: under the WLC go the cards of", nick(w, mv->seat));
	for (s = 0; s < p->nseats; s++) {
		if (!(p->unturned & (1u << s)))
			continue;
		len += (size_t)snprintf(want + len, sizeof want - len, "%s %s",
		    n++ > 0 ? "," : "", nick(w, s));
		w->c.unturned++;
	}
	snprintf(want + len, sizeof want - len, ".");
	says(w, pub, want);
	w->c.dones++;
}

/* The points of the cards left in the hands of those not in winners. */
static int
score(const struct game *g, unsigned winners)
{
	int s, i, sym, n = 0;

	for (s = 0; s < g->nseats; s++)
		for (i = 0; !(winners & (1u << s)) && i < g->hand[s].n; i++) {
			sym = lu_face_sym(lu_face(g->hand[s].c[i]));
			n += sym < SYM_SKIP ? sym : sym < SYM_WD4 ? 20 : 50;
		}
	return n;
}

/* The end: who went out (an empty hand; several together after a WLC),
 * for how many points; the others placed by the cards they hold, fewest
 * first. */
static void
check_end(struct world *w, const struct game *g, const char *pub)
{
	char want[DRIVER_TEXT];
	unsigned out = 0;
	int s, o, n = 0, points;
	size_t len = 0;

	for (s = 0; s < g->nseats; s++)
		if (g->hand[s].n == 0) {
			out |= 1u << s;
			len += (size_t)snprintf(want + len, sizeof want - len,
			    "%s%s", n++ > 0 ? " and " : "", nick(w, s));
		}
	assert_true(n >= 1);
	points = score(g, out);
	snprintf(want + len, sizeof want - len, " %s out, scoring %d.",
	    n == 1 ? "goes" : "go", points);
	says(w, pub, want);
	w->out[w->game] = out;
	for (s = 0; s < g->nseats; s++) {
		w->place[w->game][s] = 1;
		for (o = 0; o < g->nseats; o++)
			w->place[w->game][s] +=
			    !(out & (1u << s)) &&
			    ((out & (1u << o)) || g->hand[o].n < g->hand[s].n);
		w->points[w->game][s] = (out & (1u << s)) ? points : 0;
	}
}

/* The announcements of the move just replayed (the model before it in
 * w->prev, after it in g). */
static void
check_move(struct world *w, const struct game_move *mv, const struct game *g,
    const char *pub)
{
	const struct game *p = w->prev;
	char want[DRIVER_TEXT];
	int s;

	switch (mv->verb) {
	case VERB_PLAY:
		check_play(w, mv, g, pub);
		break;
	case VERB_DRAW:
		snprintf(
		    want, sizeof want, "%s draws a card.", nick(w, mv->seat));
		says(w, pub, want);
		w->c.draws++;
		break;
	case VERB_PASS:
		snprintf(
		    want, sizeof want, "%s keeps the card.", nick(w, mv->seat));
		says(w, pub, want);
		w->c.keeps++;
		break;
	case VERB_SWAP:
		snprintf(want, sizeof want, "%s and %s swap hands.",
		    nick(w, mv->seat), nick(w, mv->argv[0]));
		says(w, pub, want);
		w->c.swaps++;
		break;
	case VERB_CHALLENGE:
		check_challenge(w, mv, g, pub);
		break;
	case VERB_UNO:
		check_uno(w, mv, g, pub);
		break;
	case VERB_PUT:
		snprintf(
		    want, sizeof want, "%s has put a card.", nick(w, mv->seat));
		says(w, pub, want);
		w->c.puts++;
		if (g->phase == PH_ACCUSE) {
			snprintf(want, sizeof want,
			    " All cards are in: %s turns them over.",
			    nick(w, p->wlc_seat));
			says(w, pub, want);
		}
		break;
	case VERB_ACCUSE:
		check_accuse(w, mv, g, pub);
		break;
	case VERB_DONE:
		check_done(w, mv, pub);
		break;
	case VERB_CLOSE:
		assert_int_equal(p->phase, PH_OPEN);
		snprintf(want, sizeof want, "Nobody challenges %s's %s:",
		    nick(w, p->down_seat),
		    p->hand[p->down_seat].n == 0 ? "last card" : "card");
		says(w, pub, want);
		check_effect(w, mv, g, pub);
		break;
	default:
		fail_msg("game %lld: a move of verb %d",
		    (long long)w->id[w->game], mv->verb);
	}
	/* Who owes a call was told, by every move that asks for one (a
	 * challenge and a call only take calls owed away). */
	if (mv->verb == VERB_CHALLENGE || mv->verb == VERB_UNO)
		return;
	for (s = 0; s < g->nseats; s++) {
		if (!(g->uno_due & (1u << s)))
			continue;
		snprintf(want, sizeof want,
		    "%s has one card and owes an UNO call.", nick(w, s));
		says(w, pub, want);
		w->c.owed++;
	}
}

/* Secrets: the card words of a text. */

/* The index of word among the card and claim texts, or -1. */
static int
word_index(const struct world *w, const char *word)
{
	int i;

	for (i = 0; i < NWORDS; i++)
		if (strcmp(w->words[i], word) == 0)
			return i;
	return -1;
}

/* Every card and claim text but "WLC" and "+4", which prose uses too
 * ("Under the WLC", "To match: red (+4)"). */
static void
words_init(struct world *w)
{
	int i, n = 0;

	for (i = 0; i < LU_CARDS; i++)
		lu_card_text(i, w->words[n++], sizeof w->words[0]);
	for (i = 0; i < LU_FACES; i++)
		if (lu_face_valid(i))
			lu_claim_text(i, w->words[n++], sizeof w->words[0]);
	for (i = 0; i < n; i++)
		if (strcmp(w->words[i], "WLC") == 0 ||
		    strcmp(w->words[i], "+4") == 0)
			w->words[i][0] = '\0';
}

/* Counts each card word of text by where it stands: at[kind][index]. */
static void
scan(const struct world *w, const char *text, int at[AT_KINDS][NWORDS])
{
	char word[64], *core;
	size_t len;
	int k, match = 0, i;

	while (*text != '\0') {
		len = strcspn(text, " ");
		snprintf(word, sizeof word, "%.*s", (int)len, text);
		text += len + strspn(text + len, " ");
		core = word + (word[0] == '"' || word[0] == '(');
		k = word[0] == '"' ? AT_CLAIM : match ? AT_MATCH : AT_SHOWN;
		match = strcmp(word, "match:") == 0;
		len = strlen(core);
		while (len > 0 && strchr(".,;:!?)\"", core[len - 1]) != NULL)
			core[--len] = '\0';
		if (len > 0 && (i = word_index(w, core)) >= 0)
			at[k][i]++;
	}
}

/* What a move's public text may show: the card played face up or
 * turned over (and at the deal the discard pile's top), the claim of a
 * card played face down in quotes, and after "To match:" what to match
 * now.  The cards shown are counted in w->shown. */
static void
check_shown(struct world *w, const struct game_move *mv, const struct game *g,
    const char *pub)
{
	static int at[AT_KINDS][NWORDS];
	const struct game *p = w->prev;
	int want[AT_KINDS][NWORDS], i, k, id = -1, claim = -1;

	memset(at, 0, sizeof at);
	memset(want, 0, sizeof want);
	scan(w, pub, at);
	if (mv == NULL)
		id = g->discard.c[g->discard.n - 1];
	else if (mv->verb == VERB_PLAY && !mv->argv[ARG_DOWN])
		id = mv->argv[ARG_CARD];
	else if (mv->verb == VERB_PLAY)
		claim = mv->argv[ARG_CLAIM];
	else if (mv->verb == VERB_CHALLENGE)
		id = p->down;
	else if (mv->verb == VERB_ACCUSE)
		id = p->put[mv->argv[0]];
	if (id >= 0)
		w->public[id] = 1;
	if (id >= 0 && (i = word_index(w, card_text(id))) >= 0)
		want[AT_SHOWN][i] = 1;
	if (claim >= 0 && (i = word_index(w, claim_text(claim))) >= 0)
		want[AT_CLAIM][i] = 1;
	if ((i = word_index(w, match_text(g))) >= 0)
		want[AT_MATCH][i] = at[AT_MATCH][i];
	for (k = 0; k < AT_KINDS; k++)
		for (i = 0; i < NWORDS; i++)
			if (at[k][i] != want[k][i] && w->words[i][0] != '\0')
				fail_msg("game %lld: '%s' %s %d times in '%s'",
				    (long long)w->id[w->game], w->words[i],
				    k == AT_SHOWN   ? "shown"
				    : k == AT_CLAIM ? "claimed"
				                    : "to match",
				    at[k][i], pub);
	for (i = 0; i < NWORDS; i++)
		w->shown[i] += at[AT_SHOWN][i];
}

/* Every card held, put or face down now has been hidden. */
static void
note_hidden(struct world *w, const struct game *g)
{
	int s, i;

	for (s = 0; s < g->nseats; s++) {
		for (i = 0; i < g->hand[s].n; i++)
			w->hidden[g->hand[s].c[i]] = 1;
		if (g->put[s] >= 0)
			w->hidden[g->put[s]] = 1;
	}
	if (g->down >= 0)
		w->hidden[g->down] = 1;
}

/* One step of a replay: the move's announcements and what it showed. */
static void
step(void *ctx, int n, const struct game_move *mv, const struct game *g,
    const struct driver_said *said)
{
	struct world *w = ctx;

	(void)n;
	if (mv != NULL)
		check_move(w, mv, g, said->pub);
	check_shown(w, mv, g, said->pub);
	note_hidden(w, g);
	if (g->phase == PH_OVER)
		check_end(w, g, said->pub);
	memcpy(w->prev, g, sizeof *g);
}

/* The watcher got no private line from the bot at all, but the
 * refusals of driver_sync()'s words (which it did get). */
static void
check_watcher(struct world *w)
{
	const struct client *c = &table(w)->p[WATCHER].cl;
	struct driver_line m = {NULL, c->nick, NULL};
	char text[DRIVER_TEXT];
	size_t k;
	int syncs = 0;

	for (k = 0; k < c->nlines; k++) {
		client_strip(c->lines[k], text, sizeof text);
		if (!driver_is_line(text, &m))
			continue;
		if (strstr(text, "drvsync") == NULL)
			fail_msg("the watcher got '%s'", text);
		syncs++;
	}
	assert_true(syncs > 0);
}

/* What the bot says at the end of game k: "Game over! W wins Liar's
 * UNO", or with several out together their places. */
static void
game_over(struct world *w, int k, char *out, size_t size)
{
	size_t len;
	int s, place, any = 0;

	if ((w->out[k] & (w->out[k] - 1)) == 0) {
		for (s = 0; !(w->out[k] & (1u << s)); s++)
			;
		snprintf(
		    out, size, "Game over! %s wins Liar's UNO", nick(w, s));
		return;
	}
	len = (size_t)snprintf(out, size, "Game over! Places:");
	for (place = 1; place <= NSEATS; place++)
		for (s = 0; s < NSEATS; s++)
			if (w->place[k][s] == place)
				len += (size_t)snprintf(out + len, size - len,
				    "%s %d. %s", any++ > 0 ? "," : "", place,
				    nick(w, s));
}

static void
test_announced(void **state)
{
	struct world *w = *state;
	struct counts *c = &w->c;
	char want[256];
	size_t at = 0;
	const char *p;

	driver_gather(&w->d, table(w), WATCHER, &w->chan, w->priv, NULL);
	/* every text reached the channel in order, and its own player */
	driver_check_told(&w->d, table(w), w->id, w->games, &w->chan, w->priv);
	assert_int_equal(w->priv[WATCHER].len, 0);
	check_watcher(w);
	words_init(w);
	w->prev = calloc(1, sizeof *w->prev);
	assert_non_null(w->prev);
	for (w->game = 0; w->game < w->games; w->game++) {
		driver_replay(&w->d, w->id[w->game], step, w);
		assert_true(w->out[w->game] != 0);
		game_over(w, w->game, want, sizeof want);
		if ((p = strstr(buf_str(&w->chan) + at, want)) == NULL)
			fail_msg("the channel never got '%s'", want);
		at = (size_t)(p - buf_str(&w->chan)) + strlen(want);
	}
	assert_true(c->ch_true >= 1 && c->ch_lie >= 1);
	assert_true(c->swaps >= 1 && c->wlcs >= 1 && c->back >= 1);
	assert_true(c->unturned >= 1 && c->caught >= 1 && c->owed >= 1);
	assert_true(c->dones >= 1);
	print_message("%d face up, %d face down (%d lies), %d draws (%d "
	              "kept); challenged %d true, %d lies, %d Regular; %d "
	              "swaps, %d zeros; %d WLCs: %d puts, %d taken back, %d "
	              "under (%d unturned), %d done; UNO %d owed, %d caught, "
	              "%d called; %s\n",
	    c->up, c->down, c->lies, c->draws, c->keeps, c->ch_true, c->ch_lie,
	    c->ch_regular, c->swaps, c->zeros, c->wlcs, c->puts, c->back,
	    c->under, c->unturned, c->dones, c->owed, c->caught, c->called,
	    want);
}

/* No hand, no card drawn, no card face down or put and never turned
 * over in the channel: its lines show each card no more often than the
 * moves' texts did (each of which showed only what it could), no Liar's
 * Card in quotes or as what to match, and no card that was only ever
 * hidden, which is looked for in every channel line. */
static void
test_secrets(void **state)
{
	struct world *w = *state;
	static int at[AT_KINDS][NWORDS];
	const char *text = buf_str(&w->chan);
	static const char *const private[] = {
	    "Hand (", "You draw", "You drew", "You played", "You put"};
	int i, id, other, k;

	assert_true(w->chan.len > 0);
	for (i = 0; i < (int)(sizeof private / sizeof private[0]); i++)
		if (strstr(text, private[i]) != NULL)
			fail_msg("the channel got '%s': '%.200s'", private[i],
			    strstr(text, private[i]));
	scan(w, text, at);
	for (i = 0; i < NWORDS; i++) {
		if (at[AT_SHOWN][i] != w->shown[i])
			fail_msg("'%s' shown %d times in the channel, %d by "
			         "the moves",
			    w->words[i], at[AT_SHOWN][i], w->shown[i]);
		if (w->words[i][0] == '~' &&
		    at[AT_CLAIM][i] + at[AT_MATCH][i] > 0)
			fail_msg("a Liar's Card '%s' as a claim", w->words[i]);
	}
	for (id = 0; id < LU_CARDS; id++) {
		if (!w->hidden[id] || w->public[id])
			continue;
		for (other = 0; other < LU_CARDS; other++)
			if (w->public[other] &&
			    strcmp(card_text(other), card_text(id)) == 0)
				break;
		if (other < LU_CARDS || (i = word_index(w, card_text(id))) < 0)
			continue; /* a copy was shown: counted above */
		w->secrets++;
		for (k = 0; k < AT_KINDS; k++)
			if (at[k][i] > 0 && (k == AT_SHOWN || lu_liar(id)))
				fail_msg("the secret card %s is in the channel",
				    card_text(id));
	}
	assert_true(w->secrets > 0);
	print_message(
	    "%d cards only ever hidden, none in the channel\n", w->secrets);
}

static void
test_database(void **state)
{
	struct world *w = *state;
	char out[1024], want[1024];
	size_t len;
	int g, s;

	for (g = 0; g < w->games; g++) {
		driver_results(&w->d, w->id[g], "r.points", out, sizeof out);
		len =
		    (size_t)snprintf(want, sizeof want, "liarsuno finished\n");
		for (s = 0; s < NSEATS; s++)
			len += (size_t)snprintf(want + len, sizeof want - len,
			    "%s %d %d %d\n", nick(w, s), w->place[g][s],
			    (w->out[g] >> s) & 1, w->points[g][s]);
		assert_string_equal(out, want);
	}
	driver_check_db(&w->d);
	driver_check_stats(&w->d);
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
	    cmocka_unit_test(test_exit),
	};

	return cmocka_run_group_tests_name(
	    "liarsuno game", tests, setup, teardown);
}
