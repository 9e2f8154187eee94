/*
 * The bot's clock over real sockets: a real ngircd, the real bot binary
 * and three scripted players (tests/lib/driver.h) who know the game only
 * from the bot's database.  Each test starts its own server and bot with
 * short timers and checks what every player saw, in the channel and
 * privately, against the rules' own text, and what the database holds:
 *
 *  - a turn runs out: the warning reaches the player to move alone, then
 *    the channel hears "X ran out of time." with the rules' default move,
 *    which is the move log's last;
 *  - a player who never moves times out twice in a row (max_timeouts 2)
 *    and leaves the game; nothing more is sent to them, the others play
 *    to the end, and the results give them place 0;
 *  - the server is stopped mid-game and started again on the same port:
 *    the players come back, then the bot; the game goes on with the status
 *    and every hand, the turn in progress did not run out while the bot
 *    was away (the outage outlasts a turn) and starts afresh, and the game
 *    is played to its end: a move log without a gap, finished once;
 *  - !reload mid-game by an admin (new timers, a new channel), a broken
 *    file (refused, the game goes on), a non-admin (refused), SIGHUP (the
 *    channel dropped again); after a reconnect the bot is back in its
 *    game's channel and not in the dropped one.
 *
 * Players move as the rules would for them (ops->timeout, typed through
 * ops->command), so the deal decides everything and the bot's --seed
 * fixes the deal.  Waits have deadlines; the only sleep lets a turn's time
 * pass while the server is away.
 */
#include <fnmatch.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "storage/store.h"
#include "bot/core/replay.h"
#include "tests/lib/driver.h"

#define PLAYERS 3
#define TURN_MS 2000
#define CLOSE_MS 1000
#define MAX_MOVES 200
#define TEXT DRIVER_TEXT

/* A bot's configuration: quick lines and reconnects, short windows, the
 * turn's settings, max_timeouts, the channels and any more settings. */
#define CONF                                                                   \
	"flood = { burst = 50; interval = 0.01; user_interval = 0; };\n"       \
	"reconnect = { min = 1; max = 2; };\n"                                 \
	"timers = { challenge_min = 0; challenge_close = 1;\n"                 \
	"    challenge_tie = 0.1; lobby_start = 1; %s max_timeouts = %d; };\n" \
	"channels = [ %s ];\n%s"
#define SHORT_TURN "turn = 2; turn_warning = 1;"
#define LONG_TURN "turn = 30; turn_warning = 5;"
#define CHAN "\"#cheater\""
#define ADMIN "commands = { admins = [ \"alice!*@*\" ]; };\n"
#define WARNING "1 second left for your turn (!hand shows your cards)."

static const char *const nicks[PLAYERS] = {"alice", "bob", "carol"};

struct world {
	struct driver d;
	int64_t id;        /* the game dealt */
	int max_timeouts;
	int idle_timeouts; /* of the seat that never moves */
	int moves;         /* moves seen since the deal */
	unsigned gone;     /* a bit per seat that left the game */
	size_t left_at;    /* the idle seat's log length when it left */
	char left[TEXT];   /* the line that said so */
	long long warned;  /* when the idle seat was last warned */
	char text[TEXT];   /* the last channel line */
	struct driver_game ng[2]; /* games loaded, freed at the end */
	struct driver_said said;  /* what the last move told */
};

static struct client *
player(struct world *w, int i)
{
	return &w->d.t[0].p[i].cl;
}

static void
assert_has(const struct world *w, const char *text, const char *want)
{
	if (strstr(text, want) == NULL)
		driver_fail(&w->d, "expected '%s' in '%s'", want, text);
}

/* Player i's next private line about the game is want. */
static void
private_is(struct world *w, int i, const char *want, int timeout_ms)
{
	const char *got = driver_wait_told(&w->d, 0, i, 0, NULL, timeout_ms);

	if (strcmp(got, want) != 0)
		driver_fail(&w->d, "%s was told '%s', not '%s'", nicks[i], got,
		    want);
}

/* Every player in the channel sees a line starting with want as the
 * bot's next line there, within timeout_ms: the whole line, but for a
 * game's end, whose deal key follows (bot/core/replay.h).  With past_away
 * set, lines saying a seat is held go by first: a player whose quit the
 * bot saw as the server went down was said to be away before it was
 * gone, and that line waited for the link like any other. */
static void
all_see_past(struct world *w, const char *want, int timeout_ms,
    int past_away)
{
	size_t len = strlen(want);
	int i;

	for (i = 0; i < PLAYERS; i++) {
		do
			snprintf(w->text, sizeof w->text, "%s",
			    driver_wait_chan(&w->d, 0, i, 0, NULL, timeout_ms));
		while (past_away && fnmatch("* is away; the seat is held *",
		    w->text, 0) == 0);
		if (strncmp(w->text, want, len) != 0 || (w->text[len] != '\0' &&
		    strncmp(w->text + len, " " REPLAY_KEY,
		    strlen(" " REPLAY_KEY)) != 0))
			driver_fail(&w->d, "%s saw '%s', not '%s'", nicks[i],
			    w->text, want);
	}
}

static void
all_see(struct world *w, const char *want, int timeout_ms)
{
	all_see_past(w, want, timeout_ms, 0);
}

/* The game as the database has it now, into w->ng[k]. */
static struct driver_game *
load(struct world *w, int k)
{
	driver_game_free(&w->ng[k]);
	driver_game_load(&w->d, 0, w->id, &w->ng[k]);
	return &w->ng[k];
}

/* Player i says text in #cheater; every player sees the bot answer there
 * with a line containing want, the next it says there. */
static void
ask(struct world *w, int i, const char *text, const char *want)
{
	const char *got;
	int j;

	driver_raw(&w->d, 0, i, "PRIVMSG #cheater :%s", text);
	for (j = 0; j < PLAYERS; j++) {
		got = driver_wait_chan(&w->d, 0, j, 0, NULL, 0);
		if (strstr(got, want) == NULL)
			driver_fail(&w->d, "%s did not see '%s' answered "
			    "with '%s' but '%s'", nicks[j], text, want, got);
	}
}

/* alice opens a Cheat lobby, bob and carol sit in, alice deals: every
 * player sees each step; every player is sent their hand as the game in
 * the database has it (seat i is player i: they sat in that order). */
static void
deal(struct world *w)
{
	const struct driver_game *ng;
	char want[TEXT];
	int i;

	ask(w, 0, "!play cheat", "alice opens a Cheat lobby");
	ask(w, 1, "!join", "bob sits in");
	ask(w, 2, "!join", "carol sits in");
	ask(w, 0, "!start", "Cheat for 3 players with 1 deck");
	driver_game_load(&w->d, 0, 0, &w->ng[0]);
	w->id = w->ng[0].sg->id;
	ng = load(w, 0);
	assert_int_equal(ng->sg->nseats, PLAYERS);
	for (i = 0; i < PLAYERS; i++) {
		assert_string_equal(ng->sg->seats[i].nick, nicks[i]);
		driver_game_view(&w->d, ng, i, want, sizeof want);
		assert_has(w, want, "Your hand (");
		private_is(w, i, want, 0);
	}
}

/* Starts a world whose bot has these timers and max_timeouts, in
 * #cheater (named by its configuration alone, so that a reload may change
 * the channels), with extra settings; deals a game. */
static struct world *
world_start(
    void **state, const char *timers, int max_timeouts, const char *extra)
{
	struct world *w = calloc(1, sizeof *w);
	char conf[1024];

	assert_non_null(w);
	*state = w;
	w->max_timeouts = max_timeouts;
	snprintf(conf, sizeof conf, CONF, timers, max_timeouts, CHAN, extra);
	driver_name(&w->d, 0, "#cheater", nicks, PLAYERS);
	w->d.conf_channels = 1;
	w->d.bot_seed = 1;
	driver_open(&w->d, 1, conf, 1);
	deal(w);
	return w;
}

static int
world_teardown(void **state)
{
	struct world *w = *state;

	if (w != NULL) {
		driver_game_free(&w->ng[0]);
		driver_game_free(&w->ng[1]);
		driver_close(&w->d);
		free(w);
	}
	*state = NULL;
	return 0;
}

/* The move the table makes for the seat to move when its time runs out
 * (the rules' default, or its removal), and the line that leads it. */
static void
timed_out(struct world *w, const struct driver_game *ng, struct game_move *mv,
    char *lead, size_t size)
{
	int seat = ng->turn.seat;

	if (++w->idle_timeouts < w->max_timeouts) {
		snprintf(lead, size, "{p:%d} ran out of time.", seat);
		return;
	}
	memset(mv, 0, sizeof *mv);
	mv->seat = seat;
	mv->verb = GAME_VERB_LEAVE;
	snprintf(lead, size, "{p:%d} timed out %d times in a row.", seat,
	    w->idle_timeouts);
}

/* The next thing at the table, as the rules say: the seat to move types
 * its default move, or, when it is idle, is warned and lets its time run
 * out; a window with no turn closes by itself.  Every player sees the
 * channel line the rules' own text makes of it, every seat its private
 * line, and the move log has grown by exactly that move.  1 once the game
 * is over. */
static int
step(struct world *w, int idle)
{
	struct driver_game *ng = load(w, 0), *now;
	struct driver_said *said = &w->said;
	struct game_move mv;
	char logged[256], lead[64] = "";
	int n = ng->sg->nmoves, seat = ng->turn.seat, i, timeout_ms = 0;

	assert_false(ng->turn.over);
	ng->ops->timeout(ng->g, &mv);
	if (seat < 0)
		timeout_ms = CLOSE_MS + 3000;
	else if (seat == idle) {
		private_is(w, idle, WARNING, TURN_MS + 2000);
		w->warned = ngircd_now_ms();
		timeout_ms = TURN_MS + 2000;
		timed_out(w, ng, &mv, lead, sizeof lead);
	} else
		driver_game_type(&w->d, ng, &mv);
	game_move_format(ng->ops, &mv, logged, sizeof logged);
	driver_game_apply(&w->d, ng, &mv, *lead != '\0' ? lead : NULL, said);
	all_see(w, said->pub, timeout_ms);
	for (i = 0; i < PLAYERS; i++) {
		if (said->priv[i][0] != '\0' && !(w->gone & (1u << i)))
			private_is(w, i, said->priv[i], 0);
	}
	w->moves++;
	if (mv.verb == GAME_VERB_LEAVE) {
		w->gone |= 1u << idle;
		w->left_at = player(w, idle)->nlines;
		snprintf(w->left, sizeof w->left, "%s", w->text);
	}

	now = load(w, 1);
	assert_int_equal(now->sg->nmoves, n + 1);
	assert_string_equal(now->sg->moves[n].text, logged);
	assert_int_equal(now->turn.over, ng->turn.over);
	return now->turn.over;
}

/* How many private lines about the game to player i from line from on
 * contain text (NULL: any). */
static int
count_told(struct world *w, int i, size_t from, const char *text)
{
	struct driver_line m = {"#cheater", nicks[i], text};

	return driver_count(&w->d, 0, i, from, &m);
}

/* Plays to the end; everyone hears who won, and the database holds the
 * game as finished, once, with a result per seat, and a move log without
 * a gap: every move seen, in order.  The winner's seat. */
static int
play_out(struct world *w, int idle)
{
	const struct driver_game *ng;
	struct game_result r;
	int64_t *ids = NULL;
	char want[TEXT], out[256];

	while (!step(w, idle)) {
		if (w->moves > MAX_MOVES)
			fail_msg("no end after %d moves", w->moves);
	}
	ng = load(w, 0);
	assert_true(ng->turn.over);
	assert_int_equal(ng->sg->nmoves, w->moves);
	ng->ops->result(ng->g, &r);
	assert_in_range(r.winner, 0, PLAYERS - 1);
	snprintf(want, sizeof want, "Game over! %s wins Cheat.",
	    nicks[r.winner]);
	all_see(w, want, 0);

	assert_int_equal(store_running(w->d.store, &ids, NULL), 0);
	free(ids);
	driver_sql(&w->d,
	    "SELECT state, count(*) FROM games GROUP BY state;"
	    "SELECT count(*) FROM results;",
	    out, sizeof out);
	assert_string_equal(out, "finished|1\n3\n");
	assert_int_equal(store_check(w->d.store, NULL), 0);
	return r.winner;
}

/* The player to move gets the warning, alone, after half the turn; then
 * the channel hears that they ran out of time, with the default move the
 * log holds. */
static void
test_turn_timeout(void **state)
{
	struct world *w = world_start(state, SHORT_TURN, 3, "");
	long long dealt = ngircd_now_ms();
	int seat = load(w, 0)->turn.seat, i;
	char want[64];

	assert_in_range(seat, 0, PLAYERS - 1);
	assert_false(step(w, seat));
	assert_true(w->warned - dealt >= TURN_MS / 2 - 200);
	assert_true(ngircd_now_ms() - w->warned >= TURN_MS / 2 - 200);
	assert_true(ngircd_now_ms() - dealt < 2 * TURN_MS);
	snprintf(want, sizeof want, "%s ran out of time. %s ",
	    nicks[seat], nicks[seat]);
	assert_true(strncmp(w->text, want, strlen(want)) == 0);

	/* The next player moves in time: the one warning was the first
	 * player's. */
	assert_false(step(w, -1));
	for (i = 0; i < PLAYERS; i++)
		assert_int_equal(
		    count_told(w, i, 0, "left for your turn"),
		    i == seat);
	driver_bot_exits(&w->d, 0, 0);
}

/* carol never moves: her first timeout plays for her, the second removes
 * her; she is sent nothing more, and the game ends without her. */
static void
test_removal(void **state)
{
	struct world *w = world_start(state, SHORT_TURN, 2, "");
	const struct driver_game *ng;
	struct store_stats st;
	char out[256], want[64];
	int i, winner, leaves = 0;

	winner = play_out(w, 2);
	assert_int_not_equal(winner, 2);
	assert_has(w, w->left,
	    "carol timed out 2 times in a row. carol leaves the game");
	assert_int_equal(w->idle_timeouts, 2);
	assert_int_equal(count_told(w, 2, 0, WARNING), 2);
	assert_true(w->left_at > 0);
	assert_int_equal(
	    count_told(w, 2, w->left_at, NULL), 0);

	ng = load(w, 0);
	for (i = 0; i < ng->sg->nmoves; i++)
		leaves += strcmp(ng->sg->moves[i].text, "2 leave") == 0;
	assert_int_equal(leaves, 1);
	driver_sql(&w->d,
	    "SELECT seat || ' ' || place FROM results ORDER BY seat;", out,
	    sizeof out);
	snprintf(want, sizeof want, "0 %d\n1 %d\n2 0\n", winner == 0 ? 1 : 2,
	    winner == 1 ? 1 : 2);
	assert_string_equal(out, want);
	assert_int_equal(
	    store_stats(w->d.store, "carol", "cheat", &st, NULL), 0);
	assert_int_equal(st.games, 1);
	assert_int_equal(st.wins, 0);
	driver_bot_exits(&w->d, 0, 0);
}

/* The server goes away for away_ms at least and comes back on the same
 * port.  The players reconnect to #cheater (alice to also as well, when
 * not NULL) while the bot is held with SIGSTOP, so that they are there to
 * hear the game go on; then it reconnects, joins, and the channel hears
 * the game go on where the log left it, nobody having timed out meanwhile,
 * and each player gets their hand.  The moment the game went on. */
static long long
server_restart(struct world *w, int away_ms, const char *also)
{
	struct driver *d = &w->d;
	const struct driver_game *ng = load(w, 0);
	char status[TEXT], want[TEXT + 32];
	int i, seat = ng->turn.seat, n = ng->sg->nmoves;
	long long down = ngircd_now_ms();

	driver_server_down(d, away_ms);
	driver_server_up(d, also);
	ng = load(w, 0);
	assert_int_equal(ng->sg->nmoves, n);
	assert_int_equal(ng->turn.seat, seat);
	driver_game_view(d, ng, GAME_PUBLIC, status, sizeof status);
	snprintf(want, sizeof want, "The Cheat game goes on. %s", status);
	all_see_past(w, want, 0, 1);
	assert_true(ngircd_now_ms() - down >= away_ms);
	for (i = 0; i < PLAYERS; i++) {
		driver_game_view(d, ng, i, status, sizeof status);
		private_is(w, i, status, 0);
	}
	return ngircd_now_ms();
}

/* The server goes away mid-game for longer than a turn: the turn in
 * progress does not run out meanwhile, starts afresh when the game goes
 * on, and the game is played to its end. */
static void
test_server_restart(void **state)
{
	struct world *w = world_start(state, SHORT_TURN, 3, "");
	long long back;
	int i, seat;

	for (i = 0; i < 6; i++)
		assert_false(step(w, -1));
	seat = load(w, 0)->turn.seat;
	assert_true(seat >= 0);
	back = server_restart(w, TURN_MS + 1500, NULL);
	/* A whole turn again: warned after half of it. */
	private_is(w, seat, WARNING, TURN_MS + 1000);
	assert_true(ngircd_now_ms() - back >= TURN_MS / 2 - 200);
	play_out(w, -1);
	assert_int_equal(
	    ngircd_bot_log_count(&w->d.bot, "registered as cheaterbot"), 2);
	driver_bot_exits(&w->d, 0, 0);
}

/* Notices from the bot to player i from line from on that contain text,
 * or with text NULL, all of them but hands. */
static int
told(const struct world *w, int i, size_t from, const char *text)
{
	const struct client *c = &w->d.t[0].p[i].cl;
	char pat[64];
	int n = 0;

	snprintf(
	    pat, sizeof pat, ":cheaterbot!* NOTICE %s :*", nicks[i]);
	for (; from < c->nlines; from++)
		n += fnmatch(pat, c->lines[from], 0) == 0 &&
		     (text != NULL
		             ? strstr(c->lines[from], text) != NULL
		             : strstr(c->lines[from], "Your hand") == NULL);
	return n;
}

static void
rewrite_conf(struct world *w, const char *timers, const char *chans)
{
	char conf[1024];

	snprintf(
	    conf, sizeof conf, CONF, timers, w->max_timeouts, chans, ADMIN);
	driver_write_conf(&w->d, conf);
}

/* !reload mid-game: new timers and a new channel from the admin's
 * reload; a broken file refused, a non-admin refused, and SIGHUP; the
 * game goes on through all of it. */
static void
test_reload(void **state)
{
	struct world *w = world_start(state, LONG_TURN, 3, ADMIN);
	struct driver *d = &w->d;
	struct client *alice = player(w, 0), *bob = player(w, 1);
	char want[PATH_MAX + 128];
	long long start;
	size_t from;
	int seat;

	assert_int_equal(client_join(alice, "#more"), 0);
	assert_false(step(w, -1));
	rewrite_conf(w, SHORT_TURN, CHAN ", \"#more\"");
	assert_int_equal(client_send(alice, "PRIVMSG cheaterbot :!reload"), 0);
	/* alice is an admin by a nick alone (ADMIN): the answer says so,
	 * naming the channel of her game, asked in private as she plays. */
	assert_non_null(client_wait_glob(alice,
	    ":cheaterbot!* NOTICE alice :\\[#cheater] Configuration "
	    "reloaded; games go on. "
	    "Admin mask naming a nick alone, which anyone can take: "
	    "'alice!\\*@\\*' (name an account or a user@host).", 0));
	assert_non_null(
	    client_wait_glob(alice, ":cheaterbot!* JOIN *#more", 0));
	assert_int_equal(
	    ngircd_bot_log_count(&d->bot, "configuration reloaded"), 1);
	/* The next move works, and the turn after it has the new timers. */
	assert_false(step(w, -1));
	seat = load(w, 0)->turn.seat;
	start = ngircd_now_ms();
	assert_false(step(w, seat));
	assert_in_range(ngircd_now_ms() - start, TURN_MS - 300, TURN_MS + 1500);

	/* A broken file: the admin is told where, nothing changes. */
	driver_write_conf(d, "timers = {\n  turn = ;\n};\n");
	assert_int_equal(client_send(alice, "PRIVMSG cheaterbot :!reload"), 0);
	snprintf(want, sizeof want,
	    ":cheaterbot!* NOTICE alice :\\[#cheater] The configuration was "
	    "not reloaded: "
	    "%s:2: *",
	    d->conf);
	assert_non_null(client_wait_glob(alice, want, 0));
	assert_false(step(w, -1));

	/* bob is no admin: one line says so. */
	from = bob->nlines;
	assert_int_equal(client_send(bob, "PRIVMSG cheaterbot :!reload"), 0);
	assert_non_null(client_wait_glob(
	    bob, ":cheaterbot!* NOTICE bob :*only a bot admin can do that", 0));
	assert_false(step(w, -1));
	assert_int_equal(told(w, 1, from, NULL), 1);
	assert_int_equal(
	    ngircd_bot_log_count(&d->bot, "configuration reloaded"), 1);
	assert_int_equal(ngircd_bot_log_count(&d->bot, "reload failed"), 1);

	/* SIGHUP reloads too (#more is dropped again), and tells nobody. */
	rewrite_conf(w, LONG_TURN, CHAN);
	assert_int_equal(kill(d->bot.pid, SIGHUP), 0);
	assert_true(
	    ngircd_bot_wait_log_n(&d->bot, "configuration reloaded", 2, 5000));
	assert_non_null(
	    client_wait_glob(alice, ":cheaterbot!* PART #more *", 0));
	assert_false(step(w, -1));
	assert_int_equal(told(w, 0, 0, "onfiguration"), 2);

	/* After a reconnect the bot is back in #cheater only. */
	server_restart(w, 0, "#more");
	assert_null(client_wait_glob(alice, ":cheaterbot!* JOIN *#more", 1));
	assert_false(step(w, -1));
	driver_bot_exits(&w->d, 0, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_turn_timeout, world_teardown),
	    cmocka_unit_test_teardown(test_removal, world_teardown),
	    cmocka_unit_test_teardown(test_server_restart, world_teardown),
	    cmocka_unit_test_teardown(test_reload, world_teardown),
	};

	return cmocka_run_group_tests_name("clock", tests, NULL, NULL);
}
