/*
 * Players who come and go during a game of Cheat, over real sockets: a
 * real ngircd, the real bot binary and scripted players (tests/lib/
 * driver.h).  Each test deals a fresh game to alice, bob and carol (seats
 * 0, 1, 2; alice joined first and is a channel operator; bob opens) and
 * then: a nick change mid-game; a part and a rejoin within the grace; a
 * quit that outlasts the grace; a kick and a !kick; a stranger who takes
 * a departed player's nick while the player comes back under another.
 *
 * Moves are the rules' default moves, worked out from the database (the
 * game dealt again from its seed and its log replayed) and typed by the
 * seat's player.  Each test checks what the channel and every player saw,
 * and what the database holds: the move log, the seats' identities and,
 * once a game is over, the places.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/cheat/cheat.h"
#include "tests/lib/driver.h"

#define CHAN "#cheater"
/* A hand, alone or with a prompt ("Your turn: ... Your hand (7): ..."). */
#define HAND "Your hand"
#define GRACE 10 /* seconds: never waited out */
#define SHORT_GRACE 2
#define TURN 600     /* seconds: never waited out */
#define SHORT_TURN 4 /* with a warning after 1 s */
#define SAID 2048    /* a channel line */

static const char *const nicks[] = {"alice", "bob", "carol"};

/* A world with part_grace (and split_grace) of grace seconds and turns of
 * turn seconds, dealt to alice, bob and carol; the teardown frees it. */
static struct driver *
deal(void **state, int grace, int turn)
{
	struct driver *d = calloc(1, sizeof *d);
	char conf[512];

	assert_non_null(d);
	*state = d;
	snprintf(conf, sizeof conf,
	    "timers = { turn = %d; turn_warning = %d; challenge_min = 0;\n"
	    "    challenge_tie = 0; challenge_close = 1; lobby_start = 0;\n"
	    "    part_grace = %d; split_grace = %d; };\n"
	    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n",
	    turn, turn == TURN ? 0 : turn - 1, grace, grace);
	driver_name(d, 0, CHAN, nicks, 3);
	d->bot_seed = 1;
	d->t[0].options = "";
	driver_open(d, 1, conf, 1);
	driver_deal_from(d, 0, &cheat_ops, 3, 0);
	return d;
}

/* Player i's line count: waits from there look only at what comes
 * after. */
static size_t
mark(struct driver *d, int i)
{
	return d->t[0].p[i].cl.nlines;
}

/* Player i asks for the hand of seat in private ("hand") and gets it as
 * the database has it: after a player's own play the bot sends no hand
 * (the hand only lost what was laid; the next prompt shows it). */
static void
hand_asked(struct driver *d, int i, int seat)
{
	size_t from = mark(d, i);

	driver_raw(d, 0, i, "PRIVMSG cheaterbot :hand");
	driver_hand(d, 0, i, from, seat);
}

/* How many private lines to nick (containing text, unless NULL) player
 * i received from line from on. */
static int
count_private(struct driver *d, int i, size_t from, const char *nick,
    const char *text)
{
	struct driver_line m = {NULL, nick, text};

	return driver_count(d, 0, i, from, &m);
}

/* The id and move count of the running game. */
static long long
game_id(struct driver *d, int *nmoves)
{
	struct driver_game gm;
	long long id;

	driver_game_load(d, 0, 0, &gm);
	id = (long long)gm.sg->id;
	if (nmoves != NULL)
		*nmoves = gm.sg->nmoves;
	driver_game_free(&gm);
	return id;
}

/* The identity stored for seat of game id. */
static void
assert_ident(struct driver *d, long long id, int seat, const char *uh)
{
	struct driver_game gm;
	char want[160];

	snprintf(want, sizeof want, "h:%s", uh);
	driver_game_load(d, 0, id, &gm);
	assert_string_equal(gm.sg->seats[seat].ident, want);
	driver_game_free(&gm);
}

/* Game id's last move is text. */
static void
assert_last_move(struct driver *d, long long id, const char *text)
{
	struct driver_game gm;

	driver_game_load(d, 0, id, &gm);
	assert_true(gm.sg->nmoves > 0);
	assert_string_equal(gm.sg->moves[gm.sg->nmoves - 1].text, text);
	driver_game_free(&gm);
}

/* Game id is finished with these places, seat by seat ("1 2 0"). */
static void
assert_places(struct driver *d, long long id, const char *places)
{
	char sql[256], out[256], want[64];

	snprintf(sql, sizeof sql,
	    "SELECT state FROM games WHERE id = %lld; "
	    "SELECT group_concat(place, ' ') FROM (SELECT place FROM "
	    "results WHERE game = %lld ORDER BY seat);",
	    id, id);
	driver_sql(d, sql, out, sizeof out);
	snprintf(want, sizeof want, "finished\n%s\n", places);
	assert_string_equal(out, want);
	driver_check_db(d);
}

/* The default move of the seat the rules say is to move: what its player
 * would type for it, and whether in private. */
static int
default_move(struct driver *d, char *typed, size_t size, int *private)
{
	struct driver_game gm;
	struct game_move mv;
	int cmd;

	driver_game_load(d, 0, 0, &gm);
	assert_false(gm.turn.over);
	gm.ops->timeout(gm.g, &mv);
	assert_int_equal(mv.seat, gm.turn.seat);
	cmd = gm.ops->command(gm.g, &mv, typed, size);
	assert_true(cmd >= 0);
	*private = (gm.ops->cmds[cmd].where & GAME_WHERE_PRIVATE) != 0;
	driver_game_free(&gm);
	return mv.seat;
}

/* Plays default moves, player watcher looking on, until the game is
 * over; the channel's last line, "Game over! ...", into over. */
static void
play_to_end(
    struct driver *d, int watcher, long long id, char *over, size_t size)
{
	struct driver_game gm;
	int done, seat, moves = 0;
	size_t from;

	for (;;) {
		assert_true(moves++ < 200);
		driver_game_load(d, 0, id, &gm);
		done = gm.turn.over;
		seat = gm.turn.seat;
		driver_game_free(&gm);
		if (done)
			break;
		from = mark(d, watcher);
		if (seat < 0)
			driver_wait_chan(
			    d, 0, watcher, from, "Nobody called cheat", 0);
		else
			driver_play_default(d, 0, watcher, NULL, 0);
	}
	snprintf(over, size, "%s",
	    driver_wait_chan(d, 0, watcher, 0, "Game over! ", 0));
}

/* bob becomes bobby mid-game: his hand and his moves follow him, and a
 * newcomer who takes the nick bob is nobody at the table. */
static void
test_nick_change(void **state)
{
	struct driver *d = deal(state, GRACE, TURN);
	char uh[128], typed[512], said[SAID];
	long long id;
	size_t from;
	int nmoves, private;

	id = game_id(d, &nmoves);
	assert_int_equal(nmoves, 0);
	assert_ident(d, id, 1, driver_userhost(d, 0, 1, uh, sizeof uh));
	driver_nick(d, 0, 1, "bobby");
	from = mark(d, 1);
	driver_raw(d, 0, 1, "PRIVMSG cheaterbot :hand");
	driver_hand(d, 0, 1, from, 1);

	/* bobby opens; carol and alice play */
	from = mark(d, 1);
	assert_int_equal(driver_play_default(d, 0, 0, said, sizeof said), 1);
	assert_non_null(strstr(said, "bobby opens with "));
	hand_asked(d, 1, 1);
	driver_connect(d, 0, 3, "bob", "robert", 1);
	assert_int_equal(driver_play_default(d, 0, 0, NULL, 0), 2);
	assert_int_equal(driver_play_default(d, 0, 0, NULL, 0), 0);

	/* bobby's turn: the new bob cannot take it, nor see the hand */
	assert_int_equal(default_move(d, typed, sizeof typed, &private), 1);
	assert_true(private);
	from = mark(d, 3);
	driver_raw(d, 0, 3, "PRIVMSG cheaterbot :hand");
	driver_wait_private(d, 0, 3, from, "you are not in a game", 0);
	driver_raw(d, 0, 3, "PRIVMSG cheaterbot :%s", typed);
	driver_wait_private(d, 0, 3, from, "you are not in a game", 0);
	game_id(d, &nmoves);
	assert_int_equal(nmoves, 3);
	from = mark(d, 1);
	assert_int_equal(driver_play_default(d, 0, 0, said, sizeof said), 1);
	assert_non_null(strstr(said, "bobby plays "));
	hand_asked(d, 1, 1);
	driver_sync_player(d, 0, 3);
	assert_int_equal(count_private(d, 3, 0, "bob", NULL), 3);
	assert_int_equal(count_private(d, 3, 0, "bob", HAND), 0);
	assert_ident(d, id, 1, uh);
}

/* alice parts and comes back within the grace: the seat is held, and
 * while she is away her turn runs out and the bot moves for her, but she
 * is sent nothing (no warning, no hand); on her return she gets her hand
 * as it is now and plays on. */
static void
test_part_and_rejoin(void **state)
{
	struct driver *d = deal(state, GRACE, SHORT_TURN);
	char want[128], said[SAID];
	size_t from0, from1;
	int nmoves;

	from1 = mark(d, 1);
	driver_raw(d, 0, 0, "PART " CHAN " :brb");
	snprintf(want, sizeof want,
	    "alice is away; the seat is held for %d s: join " CHAN
	    " again to play on.",
	    GRACE);
	driver_wait_chan(d, 0, 1, from1, want, 0);
	from0 = mark(d, 0);
	assert_int_equal(driver_play_default(d, 0, 1, NULL, 0), 1);
	assert_int_equal(driver_play_default(d, 0, 1, said, sizeof said), 2);
	assert_non_null(strstr(said, "alice to play: "));
	driver_wait_chan(
	    d, 0, 1, from1, "alice ran out of time.", SHORT_TURN * 1000 + 3000);
	game_id(d, &nmoves);
	assert_int_equal(nmoves, 3);
	driver_sync_player(d, 0, 0);
	assert_int_equal(count_private(d, 0, from0, "alice", NULL), 1);

	from0 = mark(d, 0);
	from1 = mark(d, 1);
	driver_join(d, 0, 0);
	assert_string_equal(driver_wait_chan(d, 0, 1, from1, "alice is back",
	    0), "alice is back in the Cheat game.");
	driver_hand(d, 0, 0, from0, 0);
	assert_int_equal(driver_play_default(d, 0, 1, NULL, 0), 1);
	assert_int_equal(driver_play_default(d, 0, 1, NULL, 0), 2);
	assert_int_equal(driver_play_default(d, 0, 1, NULL, 0), 0);
	hand_asked(d, 0, 0);
	driver_check_db(d);
}

/* carol quits and stays away past the grace: she leaves the game (the
 * log's "2 leave"), alice and bob play it out, and carol's place is 0. */
static void
test_quit_after_grace(void **state)
{
	struct driver *d = deal(state, SHORT_GRACE, TURN);
	char want[128], over[256];
	size_t from[2];
	long long id, away;
	const char *text;
	int i;

	id = game_id(d, NULL);
	assert_int_equal(driver_play_default(d, 0, 0, NULL, 0), 1);
	for (i = 0; i < 2; i++)
		from[i] = mark(d, i);
	driver_raw(d, 0, 2, "QUIT :bye");
	snprintf(want, sizeof want, "carol is away; the seat is held for %d s",
	    SHORT_GRACE);
	driver_wait_chan(d, 0, 0, from[0], want, 0);
	away = ngircd_now_ms();
	text = driver_wait_chan(
	    d, 0, 0, from[0], "carol did not come back in time.", 5000);
	assert_true(ngircd_now_ms() - away >= SHORT_GRACE * 1000 - 500);
	assert_non_null(strstr(text, "carol leaves the game; those 17 cards "
	                             "go under the pile."));
	assert_non_null(strstr(text, "alice to play: "));
	driver_wait_chan(d, 0, 1, from[1], want, 0);
	driver_wait_chan(d, 0, 1, from[1], "carol did not come back in time.",
	    0);
	assert_last_move(d, id, "2 leave");

	play_to_end(d, 0, id, over, sizeof over);
	driver_sql(d,
	    "SELECT p.nick FROM results r JOIN players p ON p.id = r.player "
	    "WHERE r.place = 1;",
	    want, sizeof want);
	assert_true(strcmp(want, "alice\n") == 0 || strcmp(want, "bob\n") == 0);
	want[strlen(want) - 1] = '\0';
	assert_places(d, id, strcmp(want, "alice") == 0 ? "1 2 0" : "2 1 0");
	snprintf(
	    want + strlen(want), sizeof want - strlen(want), " wins Cheat.");
	assert_non_null(strstr(over, want));
}

/* A non-operator's !kick is refused with one line; alice (the channel's
 * operator) kicks carol from the channel and removes bob with !kick,
 * which leaves alice alone: she wins by forfeit. */
static void
test_kick(void **state)
{
	struct driver *d = deal(state, GRACE, TURN);
	long long id = game_id(d, NULL);
	size_t from0, from1, from2;
	const char *text;

	from1 = mark(d, 1);
	assert_int_equal(driver_play_default(d, 0, 0, NULL, 0), 1);
	hand_asked(d, 1, 1);
	from0 = mark(d, 0);
	from1 = mark(d, 1);
	driver_raw(d, 0, 1, "PRIVMSG " CHAN " :!kick carol");
	driver_wait_private(d, 0, 1, from1,
	    "only a channel operator or a bot admin can do that", 0);
	driver_sync_player(d, 0, 1);
	assert_int_equal(count_private(d, 1, from1, "bob", NULL), 2);
	driver_raw(d, 0, 1, "PRIVMSG " CHAN " :!status");
	assert_non_null(
	    strstr(driver_wait_chan(d, 0, 0, from0, NULL, 0), "Pile: "));

	from2 = mark(d, 2);
	driver_raw(d, 0, 0, "KICK " CHAN " carol :enough");
	text = driver_wait_chan(d, 0, 1, from1, "carol was kicked by alice.",
	    0);
	assert_non_null(strstr(text, "carol leaves the game; those 17 cards "
	                             "go under the pile."));
	assert_non_null(strstr(text, "alice to play: "));
	assert_last_move(d, id, "2 leave");
	driver_sync_player(d, 0, 2);
	/* One line for the kick; the prompt of the turn that was hers
	 * ("Your turn: ...") may come after from2, behind the flood
	 * limit. */
	assert_int_equal(count_private(d, 2, from2, "carol", NULL) -
	    count_private(d, 2, from2, "carol", "] Your turn: "), 1);

	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!kick bob");
	text = driver_wait_chan(
	    d, 0, 1, from1, "bob was removed from the game by alice.", 0);
	assert_non_null(strstr(text, "bob leaves the game"));
	driver_wait_chan(d, 0, 0, from0, "Game over! alice wins Cheat by "
	    "forfeit: a game played, not counted as a win.", 0);
	assert_last_move(d, id, "1 leave");
	assert_places(d, id, "1 0 0");
}

/* carol quits; a stranger takes her nick (another user name) and joins
 * (ngircd, without ident, shows ~user@127.0.0.1: the user names differ):
 * the stranger's commands are refused, and no game line reaches it, not
 * even when carol's turn runs out and the bot moves for her.  carol comes
 * back as carol_, with her user@host of before: the seat is hers again,
 * with her hand as it is now. */
static void
test_stranger_takes_nick(void **state)
{
	struct driver *d = deal(state, GRACE, SHORT_TURN);
	char uh[128], uh2[128], typed[512], want[128];
	long long id = game_id(d, NULL);
	size_t from0, from3, from4;
	int private, nmoves;

	driver_userhost(d, 0, 2, uh, sizeof uh);
	assert_ident(d, id, 2, uh);
	from0 = mark(d, 0);
	driver_raw(d, 0, 2, "QUIT :lost");
	snprintf(want, sizeof want, "carol is away; the seat is held for %d s",
	    GRACE);
	driver_wait_chan(d, 0, 0, from0, want, 0);
	client_close(&d->t[0].p[2].cl);

	driver_connect(d, 0, 3, "carol", "evil", 1);
	assert_string_not_equal(driver_userhost(d, 0, 3, uh2, sizeof uh2), uh);
	assert_int_equal(driver_play_default(d, 0, 0, NULL, 0), 1);
	assert_int_equal(default_move(d, typed, sizeof typed, &private), 2);
	assert_true(private);
	from3 = mark(d, 3);
	driver_raw(d, 0, 3, "PRIVMSG cheaterbot :hand");
	driver_wait_private(d, 0, 3, from3, "you are not in a game", 0);
	driver_raw(d, 0, 3, "PRIVMSG " CHAN " :!cheat");
	driver_wait_private(d, 0, 3, from3, "you are not playing in this game",
	    0);
	driver_raw(d, 0, 3, "PRIVMSG cheaterbot :%s", typed);
	driver_wait_private(d, 0, 3, from3, "you are not in a game", 0);
	driver_sync_player(d, 0, 3);
	assert_int_equal(count_private(d, 3, 0, "carol", NULL), 4);
	game_id(d, &nmoves);
	assert_int_equal(nmoves, 1);
	driver_wait_chan(
	    d, 0, 0, from0, "carol ran out of time.", SHORT_TURN * 1000 + 3000);
	driver_sync_player(d, 0, 3);
	assert_int_equal(count_private(d, 3, 0, "carol", NULL), 5);

	driver_connect(d, 0, 4, "carol_", "carol", 0);
	from4 = mark(d, 4);
	driver_join(d, 0, 4);
	assert_string_equal(driver_userhost(d, 0, 4, uh2, sizeof uh2), uh);
	assert_string_equal(driver_wait_chan(d, 0, 0, from0, "is back", 0),
	    "carol_ is back in the Cheat game.");
	driver_hand(d, 0, 4, from4, 2);
	d->t[0].player[2] = 4;
	assert_int_equal(driver_play_default(d, 0, 0, NULL, 0), 0);
	assert_int_equal(driver_play_default(d, 0, 0, NULL, 0), 1);
	assert_int_equal(driver_play_default(d, 0, 0, NULL, 0), 2);
	hand_asked(d, 4, 2);
	driver_sync_player(d, 0, 3);
	assert_int_equal(count_private(d, 3, 0, "carol", NULL), 6);
	assert_int_equal(count_private(d, 3, 0, "carol", HAND), 0);
	assert_ident(d, id, 2, uh);
	driver_check_db(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_nick_change, driver_teardown),
	    cmocka_unit_test_teardown(test_part_and_rejoin, driver_teardown),
	    cmocka_unit_test_teardown(test_quit_after_grace, driver_teardown),
	    cmocka_unit_test_teardown(test_kick, driver_teardown),
	    cmocka_unit_test_teardown(test_stranger_takes_nick, driver_teardown),
	};

	return cmocka_run_group_tests_name("players", tests, NULL, NULL);
}
