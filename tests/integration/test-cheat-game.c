/*
 * A whole game of Cheat over real sockets: a real ngircd, the real bot
 * binary and three scripted players (tests/lib/driver.h), alice, bob and
 * carol, who open a lobby in #cheater, sit in, are dealt their hands and
 * play to the end, knowing the game only from the lines they receive.
 * Timers are shortened by a configuration file, so the game takes seconds.
 *
 * The players' strategy is simple and deterministic (the deal is fixed by
 * --seed): an opener lays its largest set of one rank face up; a later
 * player lays every card it holds of the allowed rank it holds most of,
 * honestly, or two cards as a lie when it holds none.  Once, early, a
 * player lies on purpose and the next player calls it (a right call); once
 * after that, an honest play is called by the player before it (a wrong
 * call).  The players keep a model of the game: their hands from the bot's
 * private lines (the cards read as tests/lib/cheat-hand.h reads them),
 * the pile from what was laid.  Every announcement, every new hand and,
 * after every move, !status are checked against it: the right seat moves
 * next, the right ranks may be declared, the pile goes to the right
 * player and holds exactly the cards laid.
 *
 * Then: every hand line reached only its owner and no hand line came
 * unexpected; no channel line showed a card except a face-up opening play
 * and the reveal of a challenged play, each showing exactly the cards
 * laid; the game, its results and the players' stats are in the database;
 * !stats reports them; and the bot exits cleanly (under ASan: no leaks).
 */
#include <fnmatch.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/card-words.h"
#include "tests/lib/cheat-hand.h"
#include "tests/lib/driver.h"

#define CHAN "#cheater"
#define SEED 1 /* the bot's --seed: the same deal every run */
#define NPLAYERS 3
#define MAX_SHOWN 128  /* face-up and revealed plays kept */
#define MAX_MOVES 300  /* a game longer than this is a failure */
#define TEXT_SIZE 2048 /* one line, stripped */
#define HAND_LEAD "[" CHAN "] Your hand"
#define TURN_LEAD "[" CHAN "] Your turn: "
/* A prompt again, the turn changed by another's move (a call). */
#define CHANGED_LEAD "[" CHAN "] Your turn (changed): "

static const char conf_text[] =
    "timers = { challenge_min = 0.2; challenge_close = 1;\n"
    "    challenge_tie = 0.1; turn = 30; turn_warning = 5;\n"
    "    lobby_start = 1; };\n"
    "flood = { burst = 20; interval = 0.1; user_interval = 0; };\n";

static const char *const nicks[NPLAYERS] = {"alice", "bob", "carol"};

struct player {
	const char *nick;
	struct hand hand; /* as the bot last sent it */
};

/* Everything the tests start lives here, so that the group teardown stops
 * and frees it even when an assertion ends a test early. */
struct world {
	struct driver d; /* ngircd, the bot, the players' connections */
	struct player p[NPLAYERS];
	char text[TEXT_SIZE]; /* the channel line last read */

	int next;       /* the player to move, or -1 */
	int opening;    /* 1 if next opens a round, face up */
	int window;     /* 1 while a hand-emptying play may be called */
	int allowed[3]; /* ranks next may declare */
	struct hand pile;
	struct play last;
	struct hand shown[MAX_SHOWN]; /* cards the channel may have seen */
	int nshown;
	int moves, right_calls, wrong_calls;
	int winner;
};

/* Lines. */

/* Player i's connection. */
static struct client *
cl(struct world *w, int i)
{
	return &w->d.t[0].p[i].cl;
}

static int
is_public(const char *line, const void *arg)
{
	static const struct driver_line in_chan = {CHAN, NULL, NULL};

	(void)arg;
	return driver_is_line(line, &in_chan);
}

/* A private line from the bot to nick arg about #cheater. */
static int
is_private(const char *line, const void *arg)
{
	char pat[128];

	snprintf(pat, sizeof pat, ":cheaterbot!* NOTICE %s :\\[" CHAN "] *",
	    (const char *)arg);
	return fnmatch(pat, line, 0) == 0;
}

/* What a prompt says after "Your turn: " (or "Your turn (changed): ",
 * when a call changed it), or NULL for another text. */
static const char *
turn_rest(const char *text)
{
	if (strncmp(text, TURN_LEAD, strlen(TURN_LEAD)) == 0)
		return text + strlen(TURN_LEAD);
	if (strncmp(text, CHANGED_LEAD, strlen(CHANGED_LEAD)) == 0)
		return text + strlen(CHANGED_LEAD);
	return NULL;
}

/* A line with the player's hand: "Your hand (N): ...", or the prompt of
 * their turn, which carries it: "Your turn: declare ... Your hand (N):
 * ...". */
static int
is_hand(const char *line, const void *arg)
{
	const char *text = driver_msg(line);

	return is_private(line, arg) &&
	       (strncmp(text, HAND_LEAD, strlen(HAND_LEAD)) == 0 ||
	           (turn_rest(text) != NULL &&
	               strstr(text, " Your hand (") != NULL));
}

/* The rest of a hand split over lines: nothing but cards. */
static int
is_more(const char *line, const void *arg)
{
	const char *text, *p;
	struct hand h = {0};
	int words = 0;

	if (!is_private(line, arg))
		return 0;
	text = driver_msg(line) + strlen("[" CHAN "] ");
	for (p = text; *p != '\0'; p++)
		words += *p != ' ' && (p == text || p[-1] == ' ');
	return words > 0 && hand_scan(text, &h) == words && h.n == words;
}

static void
assert_has(const struct world *w, const char *text, const char *want)
{
	if (strstr(text, want) == NULL)
		driver_fail(&w->d, "expected '%s' in '%s'", want, text);
}

/* Player i says text in the channel. */
static void
say(struct world *w, int i, const char *text)
{
	driver_raw(&w->d, 0, i, "PRIVMSG " CHAN " :%s", text);
}

/* Reads the next line the bot says in the channel, as alice sees it,
 * into w->text (stripped, without the IRC prefix). */
static const char *
next_public(struct world *w, int timeout_ms)
{
	snprintf(w->text, sizeof w->text, "%s",
	    driver_wait_chan(&w->d, 0, 0, 0, NULL, timeout_ms));
	return w->text;
}

/* Reads the next line the bot sends player i that match takes (a hand
 * line) into out, with its continuation lines if the hand was split; its
 * first line into text (TEXT_SIZE bytes). */
static void
read_hand_line(struct world *w, int i,
    int (*match)(const char *, const void *), struct hand *out, char *text)
{
	struct player *p = &w->p[i];
	const char *raw, *hand;
	int n, k;

	out->n = 0;
	raw = client_wait(cl(w, i), match, p->nick, 0);
	if (raw == NULL)
		driver_fail(&w->d, "no hand line for %s", p->nick);
	client_strip(driver_msg(raw), text, TEXT_SIZE);
	if (strcmp(text, "[" CHAN "] Your hand is empty") == 0)
		return;
	hand = strstr(text, "Your hand (");
	if (hand == NULL || sscanf(hand, "Your hand (%d): ", &n) != 1)
		fail_msg("%s got a strange hand line: '%s'", p->nick, text);
	k = hand_scan(hand, out);
	assert_int_equal(k, out->n);
	while (out->n < n) {
		raw = client_wait(cl(w, i), is_more, p->nick, 0);
		assert_non_null(raw);
		client_strip(driver_msg(raw), text, sizeof text);
		hand_scan(text, out);
	}
	assert_int_equal(out->n, n);
}

/* Reads the next hand line the bot sends player i (read_hand_line()). */
static void
read_hand(struct world *w, int i, struct hand *out)
{
	char text[TEXT_SIZE];

	read_hand_line(w, i, is_hand, out, text);
}

/* The private line that tells the player to move it is their turn: what
 * they may do (an opening face up, or the three ranks they may declare,
 * as the channel said) and their hand, read into hand. */
static int
is_turn(const char *line, const void *arg)
{
	return is_private(line, arg) && turn_rest(driver_msg(line)) != NULL;
}

static void
read_prompt(struct world *w, struct hand *hand)
{
	char text[TEXT_SIZE], want[128];

	read_hand_line(w, w->next, is_turn, hand, text);
	if (w->opening)
		snprintf(want, sizeof want, "open the round face up, "
		    "cards of one rank.");
	else
		snprintf(want, sizeof want, "declare %s, %s or %s.",
		    words_rank(w->allowed[0], 1),
		    words_rank(w->allowed[1], 1),
		    words_rank(w->allowed[2], 1));
	assert_has(w, turn_rest(text), want);
}

/* The game as the channel tells it. */

/* Sets who moves next and what they may declare from w->text. */
static void
parse_next(struct world *w)
{
	char pat[64], name[3][16];
	const char *nick, *s;
	int i, k;

	w->next = -1;
	w->opening = w->window = 0;
	for (i = 0; i < NPLAYERS; i++) {
		nick = w->p[i].nick;
		snprintf(pat, sizeof pat, "%s opens, face up.", nick);
		if (strstr(w->text, pat) != NULL) {
			w->next = i;
			w->opening = 1;
			return;
		}
		snprintf(
		    pat, sizeof pat, "%s has no cards left! Call cheat", nick);
		if (strstr(w->text, pat) != NULL) {
			w->window = 1;
			return;
		}
		snprintf(pat, sizeof pat, "%s to play: ", nick);
		if ((s = strstr(w->text, pat)) == NULL)
			continue;
		w->next = i;
		if (sscanf(s + strlen(pat), "%15[a-z], %15[a-z] or %15[a-z].",
		        name[0], name[1], name[2]) != 3)
			fail_msg("no ranks to declare in '%s'", w->text);
		for (k = 0; k < 3; k++) {
			if ((w->allowed[k] = card_rank_named(name[k])) == 0)
				fail_msg("no rank '%s'", name[k]);
		}
		return;
	}
}

/* !status lists the pile and every hand's size as the model has them. */
static void
check_status(struct world *w)
{
	char want[256];

	say(w, 0, "!status");
	next_public(w, 0);
	snprintf(want, sizeof want, " Pile: %d. Cards: %s %d, %s %d, %s %d.",
	    w->pile.n, nicks[0], w->p[0].hand.n, nicks[1], w->p[1].hand.n,
	    nicks[2], w->p[2].hand.n);
	assert_has(w, w->text, want);
	assert_int_equal(hand_scan(w->text, NULL), 0);
}

/* Keeps cards that a channel line may show from now on. */
static void
keep_shown(struct world *w, const struct hand *cards)
{
	assert_true(w->nshown < MAX_SHOWN);
	w->shown[w->nshown++] = *cards;
}

/* The end: "Game over! NICK wins Cheat." */
static void
game_over(struct world *w, int who)
{
	char want[128];

	next_public(w, 0);
	snprintf(want, sizeof want, "Game over! %s wins Cheat.", nicks[who]);
	assert_has(w, w->text, want);
	w->winner = who;
}

/* Moves. */

static void
send_play(struct world *w, const struct play *pl)
{
	char line[256];
	size_t len;
	int i;

	len = (size_t)snprintf(line, sizeof line, "play");
	for (i = 0; i < pl->cards.n; i++)
		len += (size_t)snprintf(
		    line + len, sizeof line - len, " %s", pl->cards.c[i].s);
	if (!pl->face_up)
		snprintf(line + len, sizeof line - len, " as %d %s", pl->count,
		    words_rank(pl->rank, 1));
	driver_raw(&w->d, 0, pl->who, "PRIVMSG cheaterbot :%s", line);
}

/* The play's public line: who laid how many cards as what, and the cards
 * themselves only when face up. */
static void
check_play_line(struct world *w, const struct play *pl)
{
	char said[64], want[128];
	struct hand seen = {0};
	int n = pl->cards.n;

	play_declaration(pl, said, sizeof said);
	snprintf(want, sizeof want, "%s %s %d card%s: %s%s", nicks[pl->who],
	    pl->face_up ? "opens with" : "plays", n, n == 1 ? "" : "s", said,
	    pl->face_up ? " (" : ".");
	assert_has(w, w->text, want);
	if (!pl->face_up) {
		assert_int_equal(hand_scan(w->text, NULL), 0);
		return;
	}
	assert_int_equal(hand_scan(w->text, &seen), n);
	assert_true(hand_same(&seen, &pl->cards));
	keep_shown(w, &pl->cards);
}

/* Reads what the bot says about the play just sent: the public line, the
 * player's new hand (the old one less the cards laid), who is next. */
static void
after_play(struct world *w)
{
	const struct play *pl = &w->last;
	struct player *p = &w->p[pl->who];
	struct hand now;
	int i;

	next_public(w, 0);
	check_play_line(w, pl);
	/* The mover's hand less the cards laid: the bot sends it only when
	 * it is empty (the next prompt shows it otherwise). */
	now.n = 0;
	for (i = 0; i < p->hand.n; i++) {
		if (hand_find(&pl->cards, p->hand.c[i].s) < 0)
			hand_add(&now, p->hand.c[i].s);
	}
	assert_int_equal(now.n, p->hand.n - pl->cards.n);
	if (now.n == 0) {
		read_hand(w, pl->who, &now);
		assert_int_equal(now.n, 0);
	}
	for (i = 0; i < pl->cards.n; i++) {
		assert_true(hand_find(&p->hand, pl->cards.c[i].s) >= 0);
		hand_add(&w->pile, pl->cards.c[i].s);
	}
	p->hand = now;
	w->moves++;
	parse_next(w);
	if (now.n == 0 && pl->face_up) {
		assert_has(w, w->text, " wins!");
		game_over(w, pl->who);
		return;
	}
	if (now.n == 0)
		assert_true(w->window);
	else {
		assert_int_equal(w->next, (pl->who + 1) % NPLAYERS);
		assert_false(w->opening);
		assert_int_equal(w->allowed[1], pl->rank);
		read_prompt(w, &now);
		assert_true(hand_same(&now, &w->p[w->next].hand));
	}
	check_status(w);
}

static void
play_opening(struct world *w)
{
	const struct player *p = &w->p[w->next];
	struct play *pl = &w->last;
	int r, n, i;

	memset(pl, 0, sizeof *pl);
	pl->who = w->next;
	pl->face_up = 1;
	for (r = 1; r <= RANKS; r++) {
		n = hand_count_rank(&p->hand, r);
		if (n > pl->count) {
			pl->count = n;
			pl->rank = r;
		}
	}
	for (i = 0; i < p->hand.n; i++) {
		if (card_rank(&p->hand.c[i]) == pl->rank)
			hand_add(&pl->cards, p->hand.c[i].s);
	}
	send_play(w, pl);
	after_play(w);
}

/* A deliberate lie: one card of no allowed rank, declared as one of the
 * last declaration's rank.  0 if the hand has no such card. */
static int
pick_lie(const struct world *w, const struct player *p, struct play *pl)
{
	int i, r;

	for (i = 0; i < p->hand.n; i++) {
		r = card_rank(&p->hand.c[i]);
		if (r == w->allowed[0] || r == w->allowed[1] ||
		    r == w->allowed[2])
			continue;
		hand_add(&pl->cards, p->hand.c[i].s);
		pl->count = 1;
		pl->rank = w->allowed[1];
		return 1;
	}
	return 0;
}

/* Every card of the allowed rank held most, as what they are; 0 if the
 * hand holds none. */
static int
pick_honest(const struct world *w, const struct player *p, struct play *pl)
{
	int k, n, i;

	for (k = 0; k < 3; k++) {
		n = hand_count_rank(&p->hand, w->allowed[k]);
		if (n > pl->count) {
			pl->count = n;
			pl->rank = w->allowed[k];
		}
	}
	for (i = 0; i < p->hand.n; i++) {
		if (pl->count > 0 && card_rank(&p->hand.c[i]) == pl->rank)
			hand_add(&pl->cards, p->hand.c[i].s);
	}
	return pl->count > 0;
}

/* Forced to lie: the lowest two cards, as two of the last rank. */
static void
pick_any(const struct world *w, const struct player *p, struct play *pl)
{
	int i;

	for (i = 0; i < p->hand.n && i < 2; i++)
		hand_add(&pl->cards, p->hand.c[i].s);
	pl->count = pl->cards.n;
	pl->rank = w->allowed[1];
}

/* caller calls cheat on the last play: the reveal shows exactly its cards
 * and the right verdict, the right player takes the whole pile, and the
 * right player opens next. */
static void
call_cheat(struct world *w, int caller)
{
	const struct play *pl = &w->last;
	int honest = play_honest(pl), taker = honest ? caller : pl->who;
	int n = pl->cards.n, i;
	struct hand seen = {0}, want, now;
	char said[64], expect[256];

	say(w, caller, "!cheat");
	next_public(w, 0);
	play_declaration(pl, said, sizeof said);
	snprintf(expect, sizeof expect,
	    "%s calls cheat on %s! Declared %s, the %d card%s: ", nicks[caller],
	    nicks[pl->who], said, n, n == 1 ? " was" : "s were");
	assert_has(w, w->text, expect);
	assert_has(w, w->text, honest ? " - honest." : " - a lie.");
	assert_int_equal(hand_scan(w->text, &seen), n);
	assert_true(hand_same(&seen, &pl->cards));
	keep_shown(w, &pl->cards);
	snprintf(expect, sizeof expect, " %s takes the pile (%d card%s).",
	    nicks[taker], w->pile.n, w->pile.n == 1 ? "" : "s");
	assert_has(w, w->text, expect);

	want = w->p[taker].hand;
	for (i = 0; i < w->pile.n; i++)
		hand_add(&want, w->pile.c[i].s);
	w->pile.n = 0;
	if (honest)
		w->wrong_calls++;
	else
		w->right_calls++;
	parse_next(w);
	assert_true(w->opening);
	assert_int_equal(w->next, honest ? (pl->who + 1) % NPLAYERS : caller);
	/* The taker is sent the new hand, with its prompt when it opens
	 * next; whoever opens is prompted. */
	if (taker != w->next) {
		read_hand(w, taker, &now);
		assert_true(hand_same(&now, &want));
	}
	w->p[taker].hand = want;
	read_prompt(w, &now);
	assert_true(hand_same(&now, &w->p[w->next].hand));
	check_status(w);
}

/* A face-down turn: honest where the hand allows, the two deliberate
 * calls when their time comes. */
static void
play_turn(struct world *w)
{
	const struct player *p = &w->p[w->next];
	struct play *pl = &w->last;
	int who = w->next, caller = -1;

	memset(pl, 0, sizeof *pl);
	pl->who = who;
	if (w->right_calls == 0 && p->hand.n >= 3 && pick_lie(w, p, pl)) {
		assert_false(play_honest(pl));
		caller = (who + 1) % NPLAYERS;
	} else if (pick_honest(w, p, pl)) {
		assert_true(play_honest(pl));
		if (w->right_calls == 1 && w->wrong_calls == 0 &&
		    pl->cards.n < p->hand.n)
			caller = (who + NPLAYERS - 1) % NPLAYERS;
	} else
		pick_any(w, p, pl);
	send_play(w, pl);
	after_play(w);
	if (caller >= 0)
		call_cheat(w, caller);
}

/* Nobody calls cheat on a play that emptied a hand: the window closes
 * (challenge_close) and the player wins. */
static void
await_close(struct world *w)
{
	char want[128];
	int who = w->last.who;

	next_public(w, 5000);
	snprintf(want, sizeof want, "Nobody called cheat on %s. %s wins!",
	    nicks[who], nicks[who]);
	assert_has(w, w->text, want);
	game_over(w, who);
}

/* Setting up and tearing down. */

static int
world_setup(void **state)
{
	struct world *w = calloc(1, sizeof *w);
	int i;

	*state = w;
	if (w == NULL)
		return -1;
	w->winner = w->next = -1;
	for (i = 0; i < NPLAYERS; i++)
		w->p[i].nick = nicks[i];
	return 0;
}

static int
world_teardown(void **state)
{
	struct world *w = *state;

	if (w == NULL)
		return 0;
	driver_close(&w->d);
	free(w);
	return 0;
}

/* The tests, in order on one world. */

/* alice opens a lobby, bob and carol sit in, alice deals: three hands,
 * privately, that together are the deck, and the sizes the channel is
 * told. */
static void
test_deal(void **state)
{
	struct world *w = *state;
	struct hand all = {0};
	char want[64];
	int i, k;

	/* ngircd, the three players in #cheater (alice first, its
	 * operator), then the bot, so that alice sees it join */
	driver_name(&w->d, 0, CHAN, nicks, NPLAYERS);
	w->d.bot_seed = SEED;
	driver_open(&w->d, 1, conf_text, SEED);
	say(w, 0, "!play cheat");
	assert_has(w, next_public(w, 0), "alice opens a Cheat lobby");
	say(w, 1, "!join");
	assert_has(w, next_public(w, 0), "bob sits in (2 seated for Cheat)");
	say(w, 2, "!join");
	assert_has(w, next_public(w, 0), "carol sits in (3 seated for Cheat)");
	say(w, 0, "!start");
	next_public(w, 0);
	assert_has(w, w->text, "Cheat for 3 players with 1 deck, dealt by ");
	parse_next(w);
	assert_true(w->opening);
	for (i = 0; i < NPLAYERS; i++) {
		/* The opener's hand comes with its prompt. */
		if (i == w->next)
			read_prompt(w, &w->p[i].hand);
		else
			read_hand(w, i, &w->p[i].hand);
		assert_in_range(w->p[i].hand.n, DECK / 3, DECK / 3 + 1);
		snprintf(want, sizeof want, " %s %d", nicks[i], w->p[i].hand.n);
		assert_has(w, w->text, want);
		for (k = 0; k < w->p[i].hand.n; k++) {
			assert_true(hand_find(&all, w->p[i].hand.c[k].s) < 0);
			hand_add(&all, w->p[i].hand.c[k].s);
		}
	}
	assert_int_equal(all.n, DECK);
	assert_int_equal(hand_scan(w->text, NULL), 0);
	check_status(w);
}

static void
test_game(void **state)
{
	struct world *w = *state;
	long long start = ngircd_now_ms();

	while (w->winner < 0) {
		if (w->moves >= MAX_MOVES)
			fail_msg("no winner after %d moves", w->moves);
		if (w->window)
			await_close(w);
		else if (w->next < 0)
			fail_msg("nobody to move after '%s'", w->text);
		else if (w->opening)
			play_opening(w);
		else
			play_turn(w);
	}
	assert_int_equal(w->right_calls, 1);
	assert_int_equal(w->wrong_calls, 1);
	assert_int_equal(w->p[w->winner].hand.n, 0);
	print_message("%s won after %d plays in %lld ms\n", nicks[w->winner],
	    w->moves, ngircd_now_ms() - start);
}

/* Per player, what the sweep of its lines found. */
struct sweep {
	int pub;    /* channel lines from the bot */
	int shown;  /* of those, lines showing cards */
	int hands;  /* hand lines */
	int reveal; /* driver_reveal_piece()'s: after a game's end */
};

/* 1 if cards are the cards of a face-up or revealed play. */
static int
was_shown(const struct world *w, const struct hand *cards)
{
	int i;

	for (i = 0; i < w->nshown; i++) {
		if (hand_same(&w->shown[i], cards))
			return 1;
	}
	return 0;
}

/* One line player i received: a channel line shows no hand and no card
 * but those of an opening play or a reveal; a line with a card in it is
 * otherwise a private line to i; every hand line was one the game
 * expected (a wait took it). */
static void
sweep_line(
    const struct world *w, int i, const char *line, int taken, struct sweep *sw)
{
	struct hand cards = {0};
	struct buf kept = BUF_INIT;
	const char *text = driver_msg(line);
	int n;

	if (is_public(line, NULL)) {
		/* The reveal after a game's end shows what was hidden: the
		 * rest of the line is checked. */
		driver_unrevealed(&kept, text, &sw->reveal);
		text = buf_str(&kept);
		n = hand_scan(text, &cards);
		buf_free(&kept);
		text = driver_msg(line);
	} else
		n = hand_scan(text, &cards);
	if (is_public(line, NULL)) {
		sw->pub++;
		if (strstr(text, "Your hand") != NULL)
			fail_msg("a hand in the channel: '%s'", line);
		if (n == 0)
			return;
		sw->shown++;
		if ((strstr(text, " opens with ") == NULL &&
		        strstr(text, " calls cheat on ") == NULL) ||
		    cards.n != n || !was_shown(w, &cards))
			fail_msg("secret cards in the channel: '%s'", line);
		return;
	}
	if (n > 0 && !is_private(line, w->p[i].nick))
		fail_msg("%s saw cards not meant for it: '%s'", nicks[i], line);
	if (strstr(text, "Your hand") != NULL) {
		sw->hands++;
		if (!is_hand(line, w->p[i].nick) || !taken)
			fail_msg("%s got an unexpected hand line: '%s'",
			    nicks[i], line);
	}
}

static void
test_secrets(void **state)
{
	struct world *w = *state;
	struct sweep sw;
	char line[TEXT_SIZE];
	const struct client *c;
	size_t k;
	int i;

	for (i = 0; i < NPLAYERS; i++) {
		memset(&sw, 0, sizeof sw);
		c = cl(w, i);
		for (k = 0; k < c->nlines; k++) {
			client_strip(c->lines[k], line, sizeof line);
			sweep_line(w, i, line, c->taken[k], &sw);
		}
		assert_true(sw.pub > w->moves);
		assert_int_equal(sw.shown, w->nshown);
		assert_true(sw.hands > 1);
	}
}

static void
test_database(void **state)
{
	struct world *w = *state;
	struct store_stats st;
	char out[1024], want[1024];
	size_t len = 0;
	int i;

	assert_true(w->winner >= 0);
	driver_sql(
	    &w->d, "SELECT variant || ' ' || state FROM games;", out, sizeof out);
	assert_string_equal(out, "cheat finished\n");
	driver_sql(&w->d,
	    "SELECT p.nick || ' ' || r.place || ' ' || r.won || ' ' || "
	    "r.points FROM results r JOIN players p ON p.id = r.player "
	    "ORDER BY r.seat;",
	    out, sizeof out);
	for (i = 0; i < NPLAYERS; i++)
		len += (size_t)snprintf(want + len, sizeof want - len,
		    "%s %d %d %d\n", nicks[i], i == w->winner ? 1 : 2,
		    i == w->winner, w->p[i].hand.n);
	assert_string_equal(out, want);

	for (i = 0; i < NPLAYERS; i++) {
		assert_int_equal(
		    store_stats(w->d.store, nicks[i], "cheat", &st, NULL), 0);
		assert_int_equal(st.games, 1);
		assert_int_equal(st.wins, i == w->winner);
		assert_int_equal(st.streak, i == w->winner);
	}
}

static void
test_stats(void **state)
{
	struct world *w = *state;
	int loser = (w->winner + 1) % NPLAYERS;
	char cmd[64], want[128];

	assert_true(w->winner >= 0);
	snprintf(cmd, sizeof cmd, "!stats %s", nicks[w->winner]);
	say(w, 1, cmd);
	/* The reveal of the game's end may come first. */
	snprintf(want, sizeof want, "%s, all games: 1 won of 1 played (100%%)",
	    nicks[w->winner]);
	driver_wait_chan(&w->d, 0, 0, 0, want, 0);
	snprintf(cmd, sizeof cmd, "!stats %s cheat", nicks[loser]);
	say(w, 2, cmd);
	snprintf(want, sizeof want, "%s, Cheat: 0 won of 1 played (0%%)",
	    nicks[loser]);
	driver_wait_chan(&w->d, 0, 0, 0, want, 0);
}

/* SIGTERM: the bot says goodbye and exits 0, which under ASan also means
 * it leaked nothing. */
static void
test_exit(void **state)
{
	struct world *w = *state;

	driver_bot_exits(&w->d, 0, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_deal),
	    cmocka_unit_test(test_game),
	    cmocka_unit_test(test_secrets),
	    cmocka_unit_test(test_database),
	    cmocka_unit_test(test_stats),
	    cmocka_unit_test(test_exit),
	};

	return cmocka_run_group_tests_name(
	    "cheat game", tests, world_setup, world_teardown);
}
