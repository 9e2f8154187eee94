/*
 * Cheater! with questions over real sockets: a real ngircd, the real bot
 * and the driver's players (tests/lib/driver.c), t0p0-t0p2 seated in
 * #drv0 and t0p3 watching, in one whole one-deck game steered by this
 * suite's chooser.  First a player holding none of the rank lays two
 * cards anyway and the next one calls it: the caller asks the liar the
 * question on the second card, and types a play right behind the question,
 * which the bot must refuse while the answer is awaited.  Then the next
 * honest play is called: the player called asks the third player (not
 * the caller, whom the rules would pick).  Then nobody calls, each laying
 * all it holds of the rank or one card, until a hand is empty and the
 * window closes.  The deal comes from SEED (QUESTIONS_SEED=S tries
 * another).  Then the same game again on a bot whose answer time is a
 * minute, where the players end the waits: the liar asked answers in the
 * channel (a line of talk, no command), and after the wrong call the
 * asker types !next in the channel; each wait must end in a fraction of
 * the answer time.  Then, for each game, from the log replayed and what
 * the players received:
 *  - every play ("NICK plays 2 cards: two fours."), call (the reveal, who
 *    takes the pile), question and end of a pause was said in the rules'
 *    words (games/cheat/cheat.c, games/cheat/questions.c), the ranks in order from
 *    aces; each question line names asker and answerer and holds the
 *    question of config/questions.txt that render_question_index() gives
 *    its card for the seed stored with the game; the asker was sent the
 *    cards called with their questions;
 *  - the move after a question is the table's "answered" (after
 *    timers.answer), or in the second game the "next" of the liar heard
 *    ("NICK has answered.") or of the asker ("NICK moves on."), then the
 *    play of the player after the one called;
 *  - every text reached the channel in order and each private line its
 *    own player (the watcher got none); the channel showed no hand and no
 *    card but in reveals and questions; the win and "Game over!" were
 *    said; the database has the game, places, cards left and stats;
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
#include "bot/core/render.h"
#include "config/questions.h"
#include "games/cheat/cheat-int.h"
#include "tests/lib/card-words.h"
#include "tests/lib/driver.h"

#define TABLE 0
#define NSEATS 3
#define WATCHER 3       /* the pool's player who does not sit */
#define SEED 20260301   /* the driver's choices and the bot's --seed */
#define MAX_MOVES 300   /* a game longer than this is a failure */
#define POLL_MS 2       /* between two looks at the database */
#define LEAD "[#drv0] " /* what starts every private line of the game */
#define PAUSED "a question comes first" /* the refusal during a question */

static const char conf_text[] =
    "timers = { challenge_min = 0; challenge_tie = 0; challenge_close = 1;\n"
    "    answer = 0.2; turn = 600; lobby_start = 0; };\n"
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n";

/* The second game's: an answer time far longer than any wait may take. */
#define ANSWER_MS 60000
static const char conf_answered[] =
    "timers = { challenge_min = 0; challenge_tie = 0; challenge_close = 1;\n"
    "    answer = 60; turn = 600; lobby_start = 0; };\n"
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n";
#define SPEECH "Easy: the one with the most snacks."

struct world {
	struct driver d;
	const struct game_ops *ops;
	int64_t id;
	int answered; /* the second game: the players end the waits */

	/* Steering. */
	int caught, wrong; /* the right call and the wrong one are chosen */
	int early;         /* plays refused during a question */
	int nchose, chose[4][2]; /* questions chosen: the card, of whom */
	long long next_sent;     /* when a wait's end was sent, or 0 */
	int nwaits;
	long long waited[4];     /* ms from each wait's end sent to logged */

	/* What the players received. */
	struct buf chan;              /* the bot's channel lines, joined */
	struct buf priv[DRIVER_POOL]; /* each one's private game lines */

	/* What the replay expects and found. */
	uint64_t seed;    /* stored with the game */
	struct buf shown; /* public texts that show cards */
	struct buf text;  /* what a move must have said */
	int want, pile;   /* the rank to lay, the pile's size */
	int last, rank, nlaid, laid[GAME_MOVE_ARGS]; /* the last play */
	int caller, accused, honest, asker, answerer, after;
	int ask_at;  /* the move number of the last question */
	int asks[2]; /* questions asked of a liar, after a wrong call */
	int winner, place[NSEATS], points[NSEATS];
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

/* The chooser. */

/* 1 if the play open to a call laid what it claimed. */
static int
open_honest(const struct game *g)
{
	int i;

	for (i = g->pile.n - g->laid; i < g->pile.n; i++)
		if (cards_rank(g->pile.c[i]) != g->rank)
			return 0;
	return 1;
}

/* The turn's seat lays all it holds of the rank; holding none, one card
 * (two while the lie to catch is still to come). */
static void
choose_play(struct world *w, const struct game *g, struct game_move *mv)
{
	const struct cards *h = &g->hand[g->turn];
	int i, lie = !w->caught && h->n > 2 ? 2 : 1;

	mv->verb = VERB_PLAY;
	mv->argc = 2;
	for (i = 0; i < h->n; i++)
		if (cards_rank(h->c[i]) == g->want)
			mv->argv[mv->argc++] = h->c[i];
	for (i = 0; mv->argc == 2 && i < lie; i++)
		mv->argv[2 + i] = h->c[i];
	if (mv->argc == 2)
		mv->argc += lie;
	mv->argv[0] = mv->argc - 2;
	mv->argv[1] = g->want;
}

/* The question on the last card called: of the liar, or after a wrong
 * call of the first seat that is neither the asker nor the caller. */
static void
choose_ask(struct world *w, const struct game *g, struct game_move *mv)
{
	int s;

	mv->seat = g->asker;
	mv->verb = VERB_ASK;
	mv->argc = 2;
	mv->argv[0] = g->asked.c[g->asked.n - 1];
	for (s = 0; s < g->nseats; s++)
		if (s != g->asker && s != g->caller && g->state[s] == SEAT_IN)
			break;
	mv->argv[1] = g->answerer >= 0 ? g->answerer : s;
	assert_in_range(w->nchose, 0, 3);
	w->chose[w->nchose][0] = mv->argv[0];
	w->chose[w->nchose++][1] = mv->argv[1];
}

static int
choose(void *ctx, const struct game *g, struct rng *rng, struct game_move *mv)
{
	struct world *w = ctx;

	(void)rng;
	memset(mv, 0, sizeof *mv);
	table(w)->speech = NULL;
	if (g->over)
		return -1;
	if (g->answering && w->answered && w->nchose == 1) {
		/* the liar asked answers: words, no command */
		mv->seat = g->answerer;
		table(w)->speech = SPEECH;
		return 0;
	}
	if (g->answering && w->answered) {
		/* the asker goes on, in the channel */
		mv->seat = g->questioner;
		mv->verb = VERB_NEXT;
		table(w)->in_channel |= 1u << VERB_NEXT;
		return 0;
	}
	if (g->answering || g->turn < 0) {
		/* the bot's: the answer's time, or the last play's window */
		mv->seat = GAME_SEAT_TABLE;
		return 0;
	}
	if (g->asker >= 0) {
		choose_ask(w, g, mv);
		return 0;
	}
	mv->seat = g->turn;
	if (g->open && ((!w->caught && !open_honest(g)) ||
	                   (w->caught && !w->wrong && open_honest(g)))) {
		mv->verb = VERB_CHEAT;
		mv->argc = 1;
		mv->argv[0] = g->declarer;
		w->wrong = w->caught;
		w->caught = 1;
		return 0;
	}
	choose_play(w, g, mv);
	return 0;
}

/* The play. */

/* The question just typed is on its way; when its asker plays next, it
 * types a play right behind it (the same connection, so the bot reads it
 * second), which must be refused while the answer is awaited. */
static void
play_early(struct world *w)
{
	struct driver_table *t = table(w);
	const struct game *g = t->g;
	struct client *c = &t->p[t->player[g->asker]].cl;
	char card[16], want[128];

	if (g->after != g->asker)
		return;
	cards_plain(g->hand[g->asker].c[0], card, sizeof card);
	assert_int_equal(
	    client_send(c, "PRIVMSG cheaterbot :play %s", card), 0);
	snprintf(want, sizeof want, ":cheaterbot!* [NP]* %s :\\" LEAD PAUSED,
	    c->nick);
	if (client_wait_glob(c, want, 0) == NULL)
		fail_msg("%s's play during the question was not refused '%s'",
		    c->nick, PAUSED);
	w->early++;
}

static void
test_game(void **state)
{
	struct world *w = *state;
	struct driver *d = &w->d;
	struct driver_table *t = &d->t[TABLE];
	long long start, ms;
	int i;

	w->ops = game_named("questions");
	assert_non_null(w->ops);
	driver_open(d, 1, w->answered ? conf_answered : conf_text,
	    driver_env_seed("QUESTIONS_SEED", SEED));
	t->choose = choose;
	t->choose_ctx = w;
	t->options = "decks=1";
	start = ngircd_now_ms();
	driver_deal_from(d, TABLE, w->ops, NSEATS, 0);
	w->id = t->id;
	while (t->state != DRIVER_OFF) {
		if (d->moves > MAX_MOVES)
			fail_msg("the game goes on after %d moves", MAX_MOVES);
		if (driver_send(d, TABLE) && t->sent.verb == VERB_ASK)
			play_early(w);
		else if (t->state == DRIVER_SENT && t->sent.verb == VERB_NEXT &&
		    w->next_sent == 0)
			w->next_sent = ngircd_now_ms();
		if (driver_poll(d) > 0)
			driver_pump(d, POLL_MS);
		if (w->next_sent != 0 && t->state != DRIVER_SENT) {
			assert_in_range(w->nwaits, 0, 3);
			w->waited[w->nwaits++] = ngircd_now_ms() - w->next_sent;
			w->next_sent = 0;
		}
	}
	ms = ngircd_now_ms() - start;
	print_message("game %lld: %ld moves in %lld ms\n", (long long)w->id,
	    d->moves, ms);
	assert_true(w->caught && w->wrong);
	assert_int_equal(w->early, 1);
	/* The waits the players ended took a small part of the answer
	 * time: the bot went on when it heard the liar, then at !next. */
	assert_int_equal(w->nwaits, w->answered ? 2 : 0);
	for (i = 0; i < w->nwaits; i++) {
		print_message("wait %d ended %lld ms after %s\n", i + 1,
		    w->waited[i], i == 0 ? "the answer" : "!next");
		assert_true(w->waited[i] < ANSWER_MS / 10);
	}
	/* Everything the bot sent the players has come. */
	driver_sync(d, t);
}

/* The replay. */

/* The text a move must have said, emptied. */
static struct buf *
expect(struct world *w)
{
	buf_reset(&w->text);
	return &w->text;
}

static void
said_is(struct world *w, const char *said)
{
	if (strcmp(said, buf_str(&w->text)) != 0)
		fail_msg(
		    "the move said '%s', not '%s'", said, buf_str(&w->text));
}

/* The question of config/questions.txt that card id carries in this
 * game (from the seed stored with it). */
static const char *
question(struct world *w, int id)
{
	const struct questions *q = w->d.questions;

	return questions_get(
	    q, render_question_index(questions_count(q), w->seed, id));
}

static void
check_play(struct world *w, const struct game_move *mv, const struct game *g,
    const char *said)
{
	struct buf *b = expect(w);
	int n = mv->argc - 2, s = mv->seat;

	assert_int_equal(mv->argv[1], w->want); /* aces, twos, ... in order */
	w->want = w->want % 13 + 1;
	w->last = s;
	w->rank = mv->argv[1];
	w->nlaid = n;
	memcpy(w->laid, mv->argv + 2, (size_t)n * sizeof w->laid[0]);
	w->pile += n;
	buf_addf(b, "%s plays %d card%s: ", nick(w, s), n, n == 1 ? "" : "s");
	words_claim(b, n, w->rank);
	if (g->hand[s].n == 0)
		buf_addf(b,
		    ". %s has no cards left! Call cheat now, or %s wins.",
		    nick(w, s), nick(w, s));
	else
		buf_addf(b, ". %s to play %s.", nick(w, (s + 1) % NSEATS),
		    words_rank(w->want, 1));
	said_is(w, said);
}

/* The reveal, the pile taken, the question to ask; the asker's prompt. */
static void
check_call(
    struct world *w, const struct game_move *mv, const struct driver_said *said)
{
	struct buf *b = expect(w);
	int n = w->nlaid, i;

	w->caller = mv->seat;
	w->accused = mv->argv[0];
	assert_int_equal(w->accused, w->last);
	for (i = 0, w->honest = 1; i < n; i++)
		w->honest &= cards_rank(w->laid[i]) == w->rank;
	w->asker = w->honest ? w->accused : w->caller;
	w->after = (w->accused + 1) % NSEATS;
	buf_addf(b, "%s calls cheat on %s! Declared ", nick(w, w->caller),
	    nick(w, w->accused));
	words_claim(b, n, w->rank);
	buf_addf(b, ", the %d card%s:", n, n == 1 ? " was" : "s were");
	for (i = 0; i < n; i++) {
		buf_addc(b, ' ');
		words_card(b, w->laid[i]);
	}
	buf_addf(b, " - %s. %s takes the pile (%d card%s).",
	    w->honest ? "honest" : "a lie",
	    nick(w, w->honest ? w->caller : w->accused), w->pile,
	    w->pile == 1 ? "" : "s");
	buf_addf(b, " %s may ask %s a question.", nick(w, w->asker),
	    w->honest ? "anyone" : nick(w, w->accused));
	said_is(w, said->pub);
	buf_addf(&w->shown, "%s\n", buf_str(b));
	w->pile = 0;

	b = expect(w);
	if (w->honest)
		buf_adds(
		    b, "Your turn: ask anyone one of these (ask CARD NICK, or "
		    "ask none):");
	else
		buf_addf(b, "Your turn: ask %s one of these (ask CARD, or ask "
		    "none):",
		    nick(w, w->accused));
	for (i = 0; i < n; i++) {
		buf_adds(b, i > 0 ? "; " : " ");
		words_card(b, w->laid[i]);
		buf_addf(b, ": %s", question(w, w->laid[i]));
	}
	/* (what each seat was sent reached its player: test_announced) */
	if (strstr(said->priv[w->asker], buf_str(b)) == NULL)
		fail_msg("%s was sent '%s', not '%s'", nick(w, w->asker),
		    said->priv[w->asker], buf_str(b));
}

/* "ASKER asks ANSWERER the question on CARD: QUESTION", as chosen. */
static void
check_ask(struct world *w, int n, const struct game_move *mv, const char *said)
{
	struct buf *b = expect(w);
	int k = w->asks[0] + w->asks[1];

	assert_int_equal(mv->seat, w->asker);
	assert_true(k < w->nchose && mv->argc == 2);
	assert_int_equal(mv->argv[0], w->chose[k][0]);
	assert_int_equal(mv->argv[1], w->chose[k][1]);
	/* of the liar; else of whom the asker chose: not the caller, whom
	 * the rules would pick */
	if (w->honest)
		assert_true(
		    mv->argv[1] != w->caller && mv->argv[1] != w->asker);
	else
		assert_int_equal(mv->argv[1], w->accused);
	buf_addf(b, "%s asks %s the question on ", nick(w, mv->seat),
	    nick(w, mv->argv[1]));
	words_card(b, mv->argv[0]);
	buf_addf(b, ": %s - %s answers in the channel; next goes on.",
	    question(w, mv->argv[0]), nick(w, mv->argv[1]));
	said_is(w, said);
	buf_addf(&w->shown, "%s\n", buf_str(b));
	w->asks[w->honest]++;
	w->answerer = mv->argv[1];
	w->ask_at = n;
}

/* How a question's wait ended: the table's move when its time was up;
 * in the second game, the first by the liar heard, the second by the
 * asker's next. */
static void
check_answered(struct world *w, const struct game_move *mv, const char *said)
{
	struct buf *b = expect(w);
	int heard = w->asks[0] + w->asks[1] == 1;

	if (!w->answered) {
		assert_int_equal(mv->verb, VERB_ANSWERED);
		assert_int_equal(mv->seat, GAME_SEAT_TABLE);
		buf_adds(b, "Time is up for the answer.");
	} else {
		assert_int_equal(mv->verb, VERB_NEXT);
		assert_int_equal(mv->seat, heard ? w->answerer : w->asker);
		buf_addf(b, "%s %s.", nick(w, mv->seat), heard ?
		    "has answered" : "moves on");
	}
	buf_addf(b, " %s to play %s.", nick(w, w->after),
	    words_rank(w->want, 1));
	said_is(w, said);
}

/* One step of the replay: the move was announced as the rules word it,
 * and a question's pause ended with one move, the table's or the next of
 * the player who ended it. */
static void
step(void *ctx, int n, const struct game_move *mv, const struct game *g,
    const struct driver_said *said)
{
	struct world *w = ctx;
	struct game_result r;
	struct buf *b = expect(w);
	int s;

	if (mv == NULL) {
		buf_addf(b, "%s for %d players with 1 deck, dealt by %s:",
		    w->ops->title, NSEATS, nick(w, 0));
		if (strncmp(said->pub, buf_str(b), b->len) != 0)
			fail_msg("the deal said '%s'", said->pub);
		w->pile = g->pile.n;
		w->want = CARDS_ACE;
		w->ask_at = -10;
		return;
	}
	if (n == w->ask_at + 1)
		check_answered(w, mv, said->pub);
	else if (n == w->ask_at + 2)
		assert_int_equal(mv->seat, w->after);
	if (mv->verb == VERB_PLAY)
		check_play(w, mv, g, said->pub);
	else if (mv->verb == VERB_CHEAT)
		check_call(w, mv, said);
	else if (mv->verb == VERB_ASK)
		check_ask(w, n, mv, said->pub);
	else if (mv->verb == VERB_CLOSE) {
		buf_addf(expect(w), "Nobody called cheat on %s. %s wins!",
		    nick(w, w->last), nick(w, w->last));
		said_is(w, said->pub);
	} else if (mv->verb != VERB_ANSWERED && mv->verb != VERB_NEXT)
		fail_msg("move %d: verb %d", n, mv->verb);
	if (!g->over)
		return;
	w->ops->result(g, &r);
	w->winner = r.winner;
	for (s = 0; s < NSEATS; s++) {
		w->place[s] = r.place[s];
		w->points[s] = r.points[s];
	}
}

static void
test_announced(void **state)
{
	struct world *w = *state;
	struct store_game *sg;
	char want[256];

	driver_gather(&w->d, table(w), WATCHER, &w->chan, w->priv, PAUSED);
	/* every text reached the channel in order, and its own player */
	driver_check_told(&w->d, table(w), &w->id, 1, &w->chan, w->priv);
	assert_int_equal(w->priv[WATCHER].len, 0);
	sg = driver_load(&w->d, TABLE);
	w->seed = sg->seed;
	store_game_free(sg);
	w->winner = -1;
	driver_replay(&w->d, w->id, step, w);
	assert_true(w->winner >= 0);
	assert_true(w->asks[0] >= 1); /* of a liar caught */
	assert_true(w->asks[1] >= 1); /* by a player wrongly called */
	snprintf(want, sizeof want, "Game over! %s wins %s.",
	    nick(w, w->winner), w->ops->title);
	if (strstr(buf_str(&w->chan), want) == NULL)
		fail_msg("the channel never got '%s'", want);
	print_message("%d + %d questions; %s won\n", w->asks[0], w->asks[1],
	    nick(w, w->winner));
}

/* No hand in the channel, no question prompt, and no card but in the
 * reveals and the questions (each already checked word for word). */
static void
test_secrets(void **state)
{
	struct world *w = *state;
	char *text = strdup(buf_str(&w->chan)), *line, *p, *save = NULL;
	char *shown = strdup(buf_str(&w->shown));
	size_t i;

	assert_non_null(text);
	assert_non_null(shown);
	assert_null(strstr(text, "Your hand"));
	assert_null(strstr(text, "one of these"));
	for (line = strtok_r(shown, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		if ((p = strstr(text, line)) == NULL)
			fail_msg("'%s' is not in the channel", line);
		memset(p, '_', strlen(line));
	}
	for (i = 0; i < 4; i++)
		if ((p = strstr(text, words_suit[i])) != NULL)
			fail_msg("a card in the channel: '%.200s'",
			    p - text > 80 ? p - 80 : text);
	free(text);
	free(shown);
}

static void
test_database(void **state)
{
	struct world *w = *state;
	struct buf *want = expect(w);
	char out[1024];
	int s;

	driver_results(&w->d, w->id, "r.points", out, sizeof out);
	buf_adds(want, "questions finished\n");
	for (s = 0; s < NSEATS; s++) {
		assert_int_equal(w->place[s], s == w->winner ? 1 : 2);
		assert_int_equal(w->points[s] == 0, s == w->winner);
		buf_addf(want, "%s %d %d %d\n", nick(w, s), w->place[s],
		    s == w->winner, w->points[s]);
	}
	assert_string_equal(out, buf_str(want));
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

/* The second game: the same tests, on the world whose waits the players
 * end. */
static void
run_answered(void **state, void (*test)(void **))
{
	void *w = (struct world *)*state + 1;

	test(&w);
}

static void
test_game_answered(void **state)
{
	run_answered(state, test_game);
}

static void
test_announced_answered(void **state)
{
	run_answered(state, test_announced);
}

static void
test_secrets_answered(void **state)
{
	run_answered(state, test_secrets);
}

static void
test_database_answered(void **state)
{
	run_answered(state, test_database);
}

static void
test_exit_answered(void **state)
{
	run_answered(state, test_exit);
}

/* Two worlds: the first game's, then the second's. */
static int
setup(void **state)
{
	struct world *w = calloc(2, sizeof(struct world));

	if (w == NULL)
		return -1;
	w[1].answered = 1;
	*state = w;
	return 0;
}

static int
teardown(void **state)
{
	struct world *w = *state;
	int i, k;

	for (k = 0; k < 2; k++) {
		driver_close(&w[k].d);
		buf_free(&w[k].chan);
		buf_free(&w[k].shown);
		buf_free(&w[k].text);
		for (i = 0; i < DRIVER_POOL; i++)
			buf_free(&w[k].priv[i]);
	}
	free(w);
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_game),
	    cmocka_unit_test(test_announced),
	    cmocka_unit_test(test_secrets),
	    cmocka_unit_test(test_database),
	    cmocka_unit_test(test_exit),
	    cmocka_unit_test(test_game_answered),
	    cmocka_unit_test(test_announced_answered),
	    cmocka_unit_test(test_secrets_answered),
	    cmocka_unit_test(test_database_answered),
	    cmocka_unit_test(test_exit_answered),
	};

	return cmocka_run_group_tests_name(
	    "questions game", tests, setup, teardown);
}
