/*
 * Crash resume over real sockets: the bot is killed with SIGKILL at random
 * points of whole games and started again, again and again, and every game
 * must go on exactly where it was.
 *
 * A real ngircd, the real bot in TABLES channels, and the scripted players
 * of tests/lib/driver.c: each round deals one game per channel (every
 * variant of game_table[] in turn, 2 to 4 players, each channel a different
 * count) and plays them all to their end at once, with random legal moves
 * chosen from a model rebuilt from the bot's database (where the table
 * would move by itself when a short timer ran out, its move is waited
 * for, so that no typed move races a timer).  After a player's
 * move is sent, now and then the test waits 0-30 ms and kills the bot, so
 * the kill lands before, during or after the move's commit, in several
 * games at once.  Then, with the bot dead:
 *
 *  - PRAGMA integrity_check is ok;
 *  - in every game, each move confirmed before is still logged (none
 *    lost), and at most the one move on its way was added, and it is the
 *    move typed (none applied twice, none changed); a move that did not
 *    reach the log must not have been announced either (the log is
 *    written ahead);
 *
 * and once the bot is back, each unfinished game is announced as going
 * on ("The Cheat game goes on after a restart", then its status) and every
 * seat gets its hand again, both exactly as the model has them; then play
 * goes on, and the bot must accept the moves the model offers.  At the end
 * no game is running, every game was finished once, and every player's
 * stats and streaks are what the models' results add up to.
 *
 * RESUME_KILLS=N (default DEFAULT_KILLS) sets how many kills at least;
 * rounds are played until there were that many, each variant's share of
 * them hitting its games.  RESUME_SEED=S replays the driver's choices (the
 * seed is printed; the kills' timing still varies).  The summary counts
 * the moves on their way at a kill that were logged and lost, and the
 * games killed between their last move and the record of their result
 * (the restarted bot must record it).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bot/core/replay.h"
#include "tests/lib/driver.h"

#define TABLES 3
#define DEFAULT_KILLS 100
#define KILL_PER_MILLE 80 /* a kill after this many sends in 1000 */
#define KILL_DELAY_MS 30  /* the most a kill waits after a send */
#define POLL_MS 5
#define CUT_LINE 200 /* a line the bot split is longer than this */
#define MIN_ROUNDS 2 /* each channel deals at least twice a variant */
#define MIN_SEATS 2
#define MAX_SEATS 4

static const char conf_text[] =
    "timers = { challenge_min = 0; challenge_tie = 0;\n"
    "    challenge_close = 1; answer = 0.1; turn = 600; lobby_start = 0;"
    " };\n"
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n";

struct world {
	struct driver d;
	uint64_t seed;
	int want;                         /* kills at least */
	int kills;                        /* kills so far */
	int per_variant[DRIVER_VARIANTS]; /* kills that hit a game of each */
	int logged, lost; /* moves on their way at a kill: in the log or not */
	int unrecorded;   /* games killed after their end, before its record */
	int untold;       /* ... after its record, before its end's line */
	int rounds;
};

static uint64_t
test_seed(void)
{
	return driver_env_seed("RESUME_SEED",
	    (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 16));
}

static int
test_kills(void)
{
	const char *s = getenv("RESUME_KILLS");

	return s != NULL && *s != '\0' ? atoi(s) : DEFAULT_KILLS;
}

static int
variants(void)
{
	int n = 0;

	while (game_table[n] != NULL)
		n++;
	assert_in_range(n, 1, DRIVER_VARIANTS);
	return n;
}

/* The kill. */

/* Whether a channel line's text is text, or its first part (a line the
 * bot cut, which is long). */
static int
announces(const char *line, const char *text)
{
	size_t len = strlen(line);

	return strcmp(line, text) == 0 ||
	       (len >= CUT_LINE && strncmp(line, text, len) == 0);
}

/* A move typed at table k did not reach the log: then no channel line
 * may have announced it since it was sent.  The driver reads the log, so
 * the announcements of the last confirmed moves may arrive after the
 * send (a loaded bot's channel lines lag behind its log): a line that
 * reads as one of those is that move's, once each. */
static void
check_unannounced(struct world *w, int k)
{
	struct driver_table *t = &w->d.t[k];
	const struct client *c = &t->p[0].cl;
	char text[DRIVER_TEXT], line[DRIVER_TEXT], to[80];
	const char *msg;
	size_t i;
	unsigned late = 0;
	int j;

	driver_move_text(&w->d, k, &t->sent, text, sizeof text);
	if (text[0] == '\0')
		return;
	snprintf(to, sizeof to, " PRIVMSG %s :", t->chan);
	for (i = t->mark; i < c->nlines; i++) {
		client_strip(c->lines[i], line, sizeof line);
		msg = strstr(line, to);
		if (msg == NULL || !announces(msg + strlen(to), text))
			continue;
		for (j = 0; j < DRIVER_RECENT; j++) {
			if (!(late & (1u << j)) &&
			    strcmp(text, t->last_pub[j]) == 0)
				break;
		}
		if (j < DRIVER_RECENT) {
			late |= 1u << j;
			continue;
		}
		fail_msg("%s: '%s' was announced but never logged: line %zu "
		    "of %zu since it was sent, '%s'; the last move logged "
		    "said '%s'", t->chan, t->expect, i - t->mark + 1,
		    c->nlines - t->mark, msg + strlen(to), t->last_pub[0]);
	}
}

/* Whether game id is still running in the database. */
static int
running(struct world *w, int64_t id)
{
	int64_t *ids = NULL;
	int n, found = 0;

	n = store_running(w->d.store, &ids, NULL);
	assert_true(n >= 0);
	while (n-- > 0)
		found |= ids[n] == id;
	free(ids);
	return found;
}

/* Whether every player of table k read the end of its last game, the
 * line with its deal key. */
static int
told(struct world *w, int k)
{
	struct driver_table *t = &w->d.t[k];
	struct driver_line end = {t->chan, NULL, REPLAY_KEY};
	int i;

	for (i = 0; i < w->d.pool; i++)
		if (driver_count(&w->d, k, i, t->p[i].dealt_at, &end) == 0)
			return 0;
	return 1;
}

/* With the bot dead, table k's log holds every move confirmed and at
 * most the one on its way, which the model takes in. */
static void
after_kill(struct world *w, int k)
{
	struct driver_table *t = &w->d.t[k];
	struct store_game *sg;
	int added, inflight;

	if (t->state == DRIVER_OFF)
		return;
	sg = driver_load(&w->d, k);
	added = sg->nmoves - t->nmoves;
	inflight = t->state == DRIVER_SENT || t->state == DRIVER_BOT;
	if (added < 0 || added > inflight)
		fail_msg("game %lld: %d moves logged after the kill, %d "
		         "confirmed before, %d on its way",
		    (long long)t->id, sg->nmoves, t->nmoves, inflight);
	if (t->state == DRIVER_SENT && added == 0)
		check_unannounced(w, k);
	if (inflight) {
		w->logged += added;
		w->lost += !added;
	}
	if (driver_absorb(&w->d, k, sg) == 0)
		driver_forget(&w->d, k); /* it died with the bot */
	w->unrecorded += t->state == DRIVER_ENDING && running(w, t->id);
	if (t->state == DRIVER_ENDING && !running(w, t->id) && !told(w, k)) {
		/* Killed between the end's commit and its line: nobody
		 * will say it (the game is over for the restarted bot). */
		t->end_lost = 1;
		w->untold++;
	}
	store_game_free(sg);
}

/* Counts a kill for each variant with a game in play. */
static void
count_kill(struct world *w)
{
	unsigned hit = 0;
	int k, v;

	for (k = 0; k < w->d.ntables; k++)
		if (w->d.t[k].state != DRIVER_OFF)
			hit |= 1u << w->d.t[k].variant;
	for (v = 0; v < variants(); v++)
		w->per_variant[v] += (hit >> v) & 1;
	w->kills++;
}

/* Every player has seen the bot quit, so nothing the dead bot sent is
 * still on its way; what they received so far is set aside. */
static void
await_quit(struct world *w)
{
	struct client *c;
	int k, i;

	for (k = 0; k < w->d.ntables; k++) {
		for (i = 0; i < DRIVER_POOL; i++) {
			c = &w->d.t[k].p[i].cl;
			if (client_wait_glob(c, ":cheaterbot!* QUIT *", 0) ==
			    NULL)
				fail_msg("%s never saw the bot quit", c->nick);
			client_skip(c);
		}
	}
}

static void
kill_bot(struct world *w)
{
	struct driver *d = &w->d;
	int k;

	poll(NULL, 0, (int)rng_below(&d->rng, KILL_DELAY_MS + 1));
	assert_true(d->bot.pid > 0);
	assert_int_equal(kill(d->bot.pid, SIGKILL), 0);
	assert_int_equal(ngircd_bot_wait(&d->bot, 5000), 128 + SIGKILL);
	count_kill(w);
	await_quit(w);
	driver_check_db(d);
	for (k = 0; k < d->ntables; k++)
		after_kill(w, k);
	driver_bot_up(d);
	driver_check_resume(d);
}

/* The play. */

/* The next move at table ctx: the rules' random one, but where a short
 * timer of the table's would race a typed move (a pause for an answer, a
 * window with no turn after it: the table moves when answer or
 * challenge_close runs out), the table's own move, waited for.  A typed
 * move that reached a loaded bot after that timer would be refused, and
 * the log would hold the table's move instead.  Moves several seats owe
 * at once (tu.wait) have the turn's time, 600 s: typed, they race
 * nothing. */
static int
choose_unraced(void *ctx, const struct game *g, struct rng *rng,
    struct game_move *mv)
{
	const struct driver_table *t = ctx;
	struct game_turn tu;

	t->ops->turn(g, &tu);
	if (!tu.over && (tu.pause ||
	    (!tu.wait && tu.window != 0 && tu.seat < 0))) {
		memset(mv, 0, sizeof *mv);
		mv->seat = GAME_SEAT_TABLE;
		return 0;
	}
	return t->ops->sample(g, rng, mv);
}

/* Deals a game at every table: variants in turn, seat counts spread. */
static void
deal_round(struct world *w)
{
	const struct game_ops *ops;
	int k, lo, hi;

	for (k = 0; k < w->d.ntables; k++) {
		ops = game_table[(w->rounds + k) % variants()];
		lo = ops->min_seats > MIN_SEATS ? ops->min_seats : MIN_SEATS;
		hi = ops->max_seats < MAX_SEATS ? ops->max_seats : MAX_SEATS;
		assert_true(lo <= hi);
		w->d.t[k].choose = choose_unraced;
		w->d.t[k].choose_ctx = &w->d.t[k];
		driver_deal(
		    &w->d, k, ops, lo + (w->rounds + k) % (hi - lo + 1));
	}
}

/* Plays every table's game to its end, killing the bot now and then. */
static void
play_round(struct world *w)
{
	struct driver *d = &w->d;
	int k;

	deal_round(w);
	while (driver_games_on(d) > 0) {
		for (k = 0; k < d->ntables; k++) {
			if (driver_send(d, k) && w->want > 0 &&
			    rng_below(&d->rng, 1000) < KILL_PER_MILLE)
				kill_bot(w);
		}
		if (driver_poll(d) > 0)
			driver_pump(d, POLL_MS);
	}
	w->rounds++;
}

/* Whether to play another round: each variant twice at every table at
 * least, and until there were the kills wanted, each variant's share of
 * them hitting games of that variant. */
static int
more(const struct world *w)
{
	int v;

	if (w->rounds < MIN_ROUNDS * variants() || w->kills < w->want)
		return 1;
	for (v = 0; v < variants(); v++)
		if (w->per_variant[v] < w->want / variants())
			return 1;
	return 0;
}

static void
test_resume(void **state)
{
	struct world *w = *state;
	long long start = ngircd_now_ms();
	int v;

	w->seed = test_seed();
	w->want = test_kills();
	print_message("RESUME_SEED=%llu RESUME_KILLS=%d\n",
	    (unsigned long long)w->seed, w->want);
	driver_open(&w->d, TABLES, conf_text, w->seed);
	while (more(w))
		play_round(w);
	print_message("%d games, %ld moves, %d kills in %lld ms\n", w->d.games,
	    w->d.moves, w->kills, ngircd_now_ms() - start);
	print_message("moves on their way at a kill: %d logged, %d lost; "
	              "%d games killed after their end, before its record; "
	              "%d after its record, before its line\n",
	    w->logged, w->lost, w->unrecorded, w->untold);
	for (v = 0; v < variants(); v++)
		print_message("%s: %d kills hit a game\n", game_table[v]->name,
		    w->per_variant[v]);
}

static void
test_stats(void **state)
{
	struct world *w = *state;

	assert_true(w->d.games >= TABLES);
	driver_check_stats(&w->d);
}

/* SIGTERM: exit status 0, which under ASan also means no leak. */
static void
test_exit(void **state)
{
	struct world *w = *state;

	assert_int_equal(driver_bot_stop(&w->d), 0);
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

	driver_close(&w->d);
	free(w);
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_resume),
	    cmocka_unit_test(test_stats),
	    cmocka_unit_test(test_exit),
	};

	return cmocka_run_group_tests_name("resume", tests, setup, teardown);
}
