/*
 * Players who come and go during a game of Cheat, over real sockets: a
 * real ngircd, the real bot binary and scripted players (tests/lib/
 * netgame.c).  Each test deals a fresh game to alice, bob and carol (seats
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

#include "tests/lib/netgame.h"

#define CHAN NETGAME_CHAN
/* A hand, alone or with a prompt ("Your turn: ... Your hand (7): ..."). */
#define HAND "Your hand"
#define GRACE 10 /* seconds: never waited out */
#define SHORT_GRACE 2
#define TURN 600     /* seconds: never waited out */
#define SHORT_TURN 4 /* with a warning after 1 s */

/* A world with part_grace (and split_grace) of grace seconds and turns of
 * turn seconds, dealt to alice, bob and carol; the teardown frees it. */
static struct netgame *
deal(void **state, int grace, int turn)
{
	char conf[512];
	struct netgame *ng;

	snprintf(conf, sizeof conf,
	    "timers = { turn = %d; turn_warning = %d; challenge_min = 0;\n"
	    "    challenge_tie = 0; challenge_close = 1; lobby_start = 0;\n"
	    "    part_grace = %d; split_grace = %d; };\n"
	    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n",
	    turn, turn == TURN ? 0 : turn - 1, grace, grace);
	ng = netgame_new(conf);
	*state = ng;
	netgame_deal3(ng);
	return ng;
}

static int
teardown(void **state)
{
	netgame_free(*state);
	*state = NULL;
	return 0;
}

/* The id and move count of the running game. */
static long long
game_id(struct netgame *ng, int *nmoves)
{
	struct netgame_game gm;
	long long id;

	netgame_load(ng, 0, &gm);
	id = (long long)gm.sg->id;
	if (nmoves != NULL)
		*nmoves = gm.sg->nmoves;
	netgame_game_free(&gm);
	return id;
}

/* The identity stored for seat of game id. */
static void
assert_ident(struct netgame *ng, long long id, int seat, const char *uh)
{
	struct netgame_game gm;
	char want[160];

	snprintf(want, sizeof want, "h:%s", uh);
	netgame_load(ng, id, &gm);
	assert_string_equal(gm.sg->seats[seat].ident, want);
	netgame_game_free(&gm);
}

/* Game id's last move is text. */
static void
assert_last_move(struct netgame *ng, long long id, const char *text)
{
	struct netgame_game gm;

	netgame_load(ng, id, &gm);
	assert_true(gm.sg->nmoves > 0);
	assert_string_equal(gm.sg->moves[gm.sg->nmoves - 1].text, text);
	netgame_game_free(&gm);
}

/* Game id is finished with these places, seat by seat ("1 2 0"). */
static void
assert_places(struct netgame *ng, long long id, const char *places)
{
	char sql[256], out[256], want[64];

	snprintf(sql, sizeof sql,
	    "SELECT state FROM games WHERE id = %lld; "
	    "SELECT group_concat(place, ' ') FROM (SELECT place FROM "
	    "results WHERE game = %lld ORDER BY seat);",
	    id, id);
	netgame_sql(ng, sql, out, sizeof out);
	snprintf(want, sizeof want, "finished\n%s\n", places);
	assert_string_equal(out, want);
	netgame_check_db(ng);
}

/* Plays default moves, client watcher looking on, until the game is
 * over; the channel's last line, "Game over! ...", into over. */
static void
play_to_end(
    struct netgame *ng, int watcher, long long id, char *over, size_t size)
{
	struct netgame_game gm;
	int done, seat, moves = 0;
	size_t from;

	for (;;) {
		assert_true(moves++ < 200);
		netgame_load(ng, id, &gm);
		done = gm.turn.over;
		seat = gm.turn.seat;
		netgame_game_free(&gm);
		if (done)
			break;
		from = ng->cl[watcher].nlines;
		if (seat < 0)
			netgame_chan(
			    ng, watcher, from, "Nobody called cheat", 0);
		else
			netgame_play(ng, watcher);
	}
	snprintf(
	    over, size, "%s", netgame_chan(ng, watcher, 0, "Game over! ", 0));
}

/* bob becomes bobby mid-game: his hand and his moves follow him, and a
 * newcomer who takes the nick bob is nobody at the table. */
static void
test_nick_change(void **state)
{
	struct netgame *ng = deal(state, GRACE, TURN);
	char uh[128], typed[512];
	struct netgame_game gm;
	long long id;
	size_t from;
	int nmoves, private;

	id = game_id(ng, &nmoves);
	assert_int_equal(nmoves, 0);
	assert_ident(ng, id, 1, netgame_userhost(ng, 1, uh, sizeof uh));
	netgame_nick(ng, 1, "bobby");
	from = ng->cl[1].nlines;
	netgame_send(ng, 1, "PRIVMSG cheaterbot :hand");
	netgame_hand(ng, 1, from, 1);

	/* bobby opens; carol and alice play */
	from = ng->cl[1].nlines;
	assert_int_equal(netgame_play(ng, 0), 1);
	assert_non_null(strstr(ng->said, "bobby opens with "));
	netgame_hand(ng, 1, from, 1);
	netgame_connect(ng, 3, "bob", "robert", 1);
	assert_int_equal(netgame_play(ng, 0), 2);
	assert_int_equal(netgame_play(ng, 0), 0);

	/* bobby's turn: the new bob cannot take it, nor see the hand */
	netgame_load(ng, 0, &gm);
	assert_int_equal(
	    netgame_default(&gm, typed, sizeof typed, &private), 1);
	assert_true(private);
	netgame_game_free(&gm);
	from = ng->cl[3].nlines;
	netgame_send(ng, 3, "PRIVMSG cheaterbot :hand");
	netgame_private(ng, 3, from, "you are not in a game", 0);
	netgame_send(ng, 3, "PRIVMSG cheaterbot :%s", typed);
	netgame_private(ng, 3, from, "you are not in a game", 0);
	game_id(ng, &nmoves);
	assert_int_equal(nmoves, 3);
	from = ng->cl[1].nlines;
	assert_int_equal(netgame_play(ng, 0), 1);
	assert_non_null(strstr(ng->said, "bobby plays "));
	netgame_hand(ng, 1, from, 1);
	netgame_barrier(ng, 3);
	assert_int_equal(netgame_count_private(ng, 3, 0, "bob", NULL), 3);
	assert_int_equal(netgame_count_private(ng, 3, 0, "bob", HAND), 0);
	assert_ident(ng, id, 1, uh);
}

/* alice parts and comes back within the grace: the seat is held, and
 * while she is away her turn runs out and the bot moves for her, but she
 * is sent nothing (no warning, no hand); on her return she gets her hand
 * as it is now and plays on. */
static void
test_part_and_rejoin(void **state)
{
	struct netgame *ng = deal(state, GRACE, SHORT_TURN);
	size_t from0, from1;
	char want[128];
	int nmoves;

	from1 = ng->cl[1].nlines;
	netgame_send(ng, 0, "PART " CHAN " :brb");
	snprintf(want, sizeof want,
	    "alice is away; the seat is held for %d s: join " CHAN
	    " again to play on.",
	    GRACE);
	netgame_chan(ng, 1, from1, want, 0);
	from0 = ng->cl[0].nlines;
	assert_int_equal(netgame_play(ng, 1), 1);
	assert_int_equal(netgame_play(ng, 1), 2);
	assert_non_null(strstr(ng->said, "alice to play: "));
	netgame_chan(
	    ng, 1, from1, "alice ran out of time.", SHORT_TURN * 1000 + 3000);
	game_id(ng, &nmoves);
	assert_int_equal(nmoves, 3);
	netgame_barrier(ng, 0);
	assert_int_equal(netgame_count_private(ng, 0, from0, "alice", NULL), 1);

	from0 = ng->cl[0].nlines;
	from1 = ng->cl[1].nlines;
	netgame_join(ng, 0);
	assert_string_equal(netgame_chan(ng, 1, from1, "alice is back", 0),
	    "alice is back in the Cheat game.");
	netgame_hand(ng, 0, from0, 0);
	assert_int_equal(netgame_play(ng, 1), 1);
	assert_int_equal(netgame_play(ng, 1), 2);
	assert_int_equal(netgame_play(ng, 1), 0);
	netgame_hand(ng, 0, from0, 0);
	netgame_check_db(ng);
}

/* carol quits and stays away past the grace: she leaves the game (the
 * log's "2 leave"), alice and bob play it out, and carol's place is 0. */
static void
test_quit_after_grace(void **state)
{
	struct netgame *ng = deal(state, SHORT_GRACE, TURN);
	char want[128], over[256];
	size_t from[2];
	long long id, away;
	const char *text;
	int i;

	id = game_id(ng, NULL);
	assert_int_equal(netgame_play(ng, 0), 1);
	for (i = 0; i < 2; i++)
		from[i] = ng->cl[i].nlines;
	netgame_send(ng, 2, "QUIT :bye");
	snprintf(want, sizeof want, "carol is away; the seat is held for %d s",
	    SHORT_GRACE);
	netgame_chan(ng, 0, from[0], want, 0);
	away = ngircd_now_ms();
	text = netgame_chan(
	    ng, 0, from[0], "carol did not come back in time.", 5000);
	assert_true(ngircd_now_ms() - away >= SHORT_GRACE * 1000 - 500);
	assert_non_null(strstr(text, "carol leaves the game; those 17 cards "
	                             "go under the pile."));
	assert_non_null(strstr(text, "alice to play: "));
	netgame_chan(ng, 1, from[1], want, 0);
	netgame_chan(ng, 1, from[1], "carol did not come back in time.", 0);
	assert_last_move(ng, id, "2 leave");

	play_to_end(ng, 0, id, over, sizeof over);
	netgame_sql(ng,
	    "SELECT p.nick FROM results r JOIN players p ON p.id = r.player "
	    "WHERE r.place = 1;",
	    want, sizeof want);
	assert_true(strcmp(want, "alice\n") == 0 || strcmp(want, "bob\n") == 0);
	want[strlen(want) - 1] = '\0';
	assert_places(ng, id, strcmp(want, "alice") == 0 ? "1 2 0" : "2 1 0");
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
	struct netgame *ng = deal(state, GRACE, TURN);
	long long id = game_id(ng, NULL);
	size_t from0, from1, from2;
	const char *text;

	from1 = ng->cl[1].nlines;
	assert_int_equal(netgame_play(ng, 0), 1);
	netgame_hand(ng, 1, from1, 1);
	from0 = ng->cl[0].nlines;
	from1 = ng->cl[1].nlines;
	netgame_send(ng, 1, "PRIVMSG " CHAN " :!kick carol");
	netgame_private(ng, 1, from1,
	    "only a channel operator or a bot admin can do that", 0);
	netgame_barrier(ng, 1);
	assert_int_equal(netgame_count_private(ng, 1, from1, "bob", NULL), 2);
	netgame_send(ng, 1, "PRIVMSG " CHAN " :!status");
	assert_non_null(strstr(netgame_chan(ng, 0, from0, NULL, 0), "Pile: "));

	from2 = ng->cl[2].nlines;
	netgame_send(ng, 0, "KICK " CHAN " carol :enough");
	text = netgame_chan(ng, 1, from1, "carol was kicked by alice.", 0);
	assert_non_null(strstr(text, "carol leaves the game; those 17 cards "
	                             "go under the pile."));
	assert_non_null(strstr(text, "alice to play: "));
	assert_last_move(ng, id, "2 leave");
	netgame_barrier(ng, 2);
	/* One line for the kick; the prompt of the turn that was hers
	 * ("Your turn: ...") may come after from2, behind the flood
	 * limit. */
	assert_int_equal(netgame_count_private(ng, 2, from2, "carol", NULL) -
	    netgame_count_private(ng, 2, from2, "carol", "] Your turn: "), 1);

	netgame_send(ng, 0, "PRIVMSG " CHAN " :!kick bob");
	text = netgame_chan(
	    ng, 1, from1, "bob was removed from the game by alice.", 0);
	assert_non_null(strstr(text, "bob leaves the game"));
	netgame_chan(ng, 0, from0, "Game over! alice wins Cheat by forfeit: "
	    "a game played, not counted as a win.", 0);
	assert_last_move(ng, id, "1 leave");
	assert_places(ng, id, "1 0 0");
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
	struct netgame *ng = deal(state, GRACE, SHORT_TURN);
	char uh[128], uh2[128], typed[512], want[128];
	struct netgame_game gm;
	long long id = game_id(ng, NULL);
	size_t from0, from3, from4;
	int private, nmoves;

	netgame_userhost(ng, 2, uh, sizeof uh);
	assert_ident(ng, id, 2, uh);
	from0 = ng->cl[0].nlines;
	netgame_send(ng, 2, "QUIT :lost");
	snprintf(want, sizeof want, "carol is away; the seat is held for %d s",
	    GRACE);
	netgame_chan(ng, 0, from0, want, 0);
	client_close(&ng->cl[2]);

	netgame_connect(ng, 3, "carol", "evil", 1);
	assert_string_not_equal(netgame_userhost(ng, 3, uh2, sizeof uh2), uh);
	assert_int_equal(netgame_play(ng, 0), 1);
	netgame_load(ng, 0, &gm);
	assert_int_equal(
	    netgame_default(&gm, typed, sizeof typed, &private), 2);
	assert_true(private);
	netgame_game_free(&gm);
	from3 = ng->cl[3].nlines;
	netgame_send(ng, 3, "PRIVMSG cheaterbot :hand");
	netgame_private(ng, 3, from3, "you are not in a game", 0);
	netgame_send(ng, 3, "PRIVMSG " CHAN " :!cheat");
	netgame_private(ng, 3, from3, "you are not playing in this game", 0);
	netgame_send(ng, 3, "PRIVMSG cheaterbot :%s", typed);
	netgame_private(ng, 3, from3, "you are not in a game", 0);
	netgame_barrier(ng, 3);
	assert_int_equal(netgame_count_private(ng, 3, 0, "carol", NULL), 4);
	game_id(ng, &nmoves);
	assert_int_equal(nmoves, 1);
	netgame_chan(
	    ng, 0, from0, "carol ran out of time.", SHORT_TURN * 1000 + 3000);
	netgame_barrier(ng, 3);
	assert_int_equal(netgame_count_private(ng, 3, 0, "carol", NULL), 5);

	netgame_connect(ng, 4, "carol_", "carol", 0);
	from4 = ng->cl[4].nlines;
	netgame_join(ng, 4);
	assert_string_equal(netgame_userhost(ng, 4, uh2, sizeof uh2), uh);
	assert_string_equal(netgame_chan(ng, 0, from0, "is back", 0),
	    "carol_ is back in the Cheat game.");
	netgame_hand(ng, 4, from4, 2);
	ng->seat[2] = 4;
	assert_int_equal(netgame_play(ng, 0), 0);
	assert_int_equal(netgame_play(ng, 0), 1);
	assert_int_equal(netgame_play(ng, 0), 2);
	netgame_hand(ng, 4, from4, 2);
	netgame_barrier(ng, 3);
	assert_int_equal(netgame_count_private(ng, 3, 0, "carol", NULL), 6);
	assert_int_equal(netgame_count_private(ng, 3, 0, "carol", HAND), 0);
	assert_ident(ng, id, 2, uh);
	netgame_check_db(ng);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_nick_change, teardown),
	    cmocka_unit_test_teardown(test_part_and_rejoin, teardown),
	    cmocka_unit_test_teardown(test_quit_after_grace, teardown),
	    cmocka_unit_test_teardown(test_kick, teardown),
	    cmocka_unit_test_teardown(test_stranger_takes_nick, teardown),
	};

	return cmocka_run_group_tests_name("players", tests, NULL, NULL);
}
