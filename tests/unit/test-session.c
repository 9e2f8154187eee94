/*
 * Transcript tests of a game's session (tests/lib/harness.c): restarts
 * that resume games from the database, a dropped connection, players who
 * part, quit, come back, change nick or lose their nick to a stranger,
 * services accounts, admin commands, the turn clock that waits for the
 * prompt to be sent, and a database that cannot be written (locked by
 * another process, read-only, or on a full disk).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "tests/lib/child.h"
#include "bot/core/replay.h"
#include "tests/lib/harness.h"
#include "storage/store.h"

#define CH "#cheater"

static const char *const three[] = { "alice", "bob", "carol", NULL };

static struct harness *
deal3(uint64_t seed, void (*tune)(struct conf *c))
{
	struct harness *h = harness_new(seed, tune);

	harness_deal(h, "cheat", three);
	harness_clear(h);
	return h;
}

/* Counts the lines sent to nick (NOTICE or PRIVMSG) from line from. */
static int
lines_to(struct harness *h, int from, const char *nick)
{
	char a[96], b[96];
	int i, n = 0;

	harness_drain(h);
	snprintf(a, sizeof a, "NOTICE %s :", nick);
	snprintf(b, sizeof b, "PRIVMSG %s :", nick);
	for (i = from; i < h->nsent; i++) {
		if (strncmp(h->sent[i], a, strlen(a)) == 0 ||
		    strncmp(h->sent[i], b, strlen(b)) == 0)
			n++;
	}
	return n;
}

/* The text of the last private line to nick, or "". */
static const char *
last_to(struct harness *h, const char *nick)
{
	char a[96];
	int i;

	harness_drain(h);
	snprintf(a, sizeof a, "NOTICE %s :", nick);
	for (i = h->nsent - 1; i >= 0; i--) {
		if (strncmp(h->sent[i], a, strlen(a)) == 0)
			return harness_plain(h, i) + strlen(a);
	}
	return "";
}

/* Plays the seat to move's default move, or lets a window close. */
static void
step(struct harness *h)
{
	if (harness_turn(h) < 0)
		harness_advance(h, (uint64_t)h->conf.challenge_close_ms);
	else
		harness_play(h);
}

/* A restart mid-game rebuilds it from the database: paused until the
 * channel is synced, then announced with every hand re-sent exactly as
 * it was, and it plays to its end with the result counted once. */
static void
test_restart_resumes(void **state)
{
	struct harness *h = deal3(41, NULL);
	char hands[3][512];
	struct store_stats st;
	int i, moves, played = 0;

	(void)state;
	for (i = 0; i < 7; i++)
		step(h);
	moves = harness_table(h)->nmoves;
	for (i = 0; i < 3; i++) {
		harness_say(h, three[i], "cheaterbot", "hand");
		snprintf(hands[i], sizeof hands[i], "%s", last_to(h, three[i]));
	}
	harness_clear(h);
	bot_free(h->bot);
	h->bot = bot_new(&h->conf, h->store, h->queue, 99, 1, h->now);
	assert_non_null(harness_table(h));
	assert_int_equal(harness_table(h)->nmoves, moves);
	harness_type(h);	/* before the channel is synced: refused */
	assert_true(harness_find(h, 0, "the game is paused", NULL) >= 0);
	assert_int_equal(harness_table(h)->nmoves, moves);
	harness_clear(h);
	harness_join(h, NULL);
	assert_true(harness_find(h, 0, "PRIVMSG #cheater :The Cheat game "
	    "goes on after a restart.", NULL) >= 0);
	for (i = 0; i < 3; i++)
		assert_string_equal(last_to(h, three[i]), hands[i]);
	while (harness_table(h) != NULL && played++ < 2000)
		step(h);
	assert_null(harness_table(h));
	for (i = 0; i < 3; i++) {
		assert_int_equal(store_stats(h->store, three[i], "cheat", &st,
		    NULL), 0);
		assert_int_equal(st.games, 1);
	}
	harness_free(h);
}

/* A player missing after a restart is away: no hand, the seat held for
 * the grace; coming back within it gives the hand. */
static void
test_restart_player_missing(void **state)
{
	static const char *const two[] = { "oper", "alice", "bob", NULL };
	struct harness *h = deal3(43, NULL);

	(void)state;
	step(h);
	harness_clear(h);
	harness_restart(h, two);
	assert_true(harness_find(h, 0, "goes on after a restart",
	    "carol is not here: the seat is held for 120 s", NULL) >= 0);
	assert_int_equal(lines_to(h, 0, "carol"), 0);
	assert_int_equal(lines_to(h, 0, "alice"), 1);
	harness_clear(h);
	harness_line(h, ":carol!carol@test.host JOIN #cheater");
	assert_true(harness_find(h, 0, "carol is back", NULL) >= 0);
	assert_int_equal(lines_to(h, 0, "carol"), 1);
	harness_free(h);
}

/* Part, then rejoin within the grace: held, nothing private meanwhile,
 * the hand again on return. */
static void
test_part_and_rejoin(void **state)
{
	struct harness *h = deal3(45, NULL);
	struct table *t = harness_table(h);

	(void)state;
	harness_line(h, ":carol!carol@test.host PART #cheater :brb");
	assert_true(harness_find(h, 0, "carol is away; the seat is held for "
	    "120 s", NULL) >= 0);
	assert_true(t->seats[2].away);
	harness_clear(h);
	while (harness_turn(h) != 2)
		step(h);
	harness_advance(h, 60000);
	assert_int_equal(lines_to(h, 0, "carol"), 0);
	harness_say(h, "carol", "cheaterbot", "hand");
	assert_true(harness_find(h, 0, "NOTICE carol", "you are away from "
	    "#cheater: join it again to get your hand back", NULL) >= 0);
	harness_clear(h);
	harness_line(h, ":carol!carol@test.host JOIN #cheater");
	assert_true(harness_find(h, 0, "carol is back in the Cheat game, and "
	    "it is their turn.", NULL) >= 0);
	assert_false(t->seats[2].away);
	assert_int_equal(lines_to(h, 0, "carol"), 1);
	harness_play(h);
	assert_false(t->seats[2].gone);
	harness_free(h);
}

/* A quit past the grace leaves the game; a netsplit quit gets the longer
 * grace. */
static void
test_quit_after_grace(void **state)
{
	struct harness *h = deal3(47, NULL);
	struct table *t = harness_table(h);

	(void)state;
	/* A split: dave, who only watches, quits with bob's servers too, so
	 * bob's seat goes from the part grace to the split grace. */
	harness_line(h, ":bob!bob@test.host QUIT :irc.east.net irc.west.net");
	assert_true(harness_find(h, 0, "bob is away; the seat is held for "
	    "120 s", NULL) >= 0);
	harness_line(h, ":dave!dave@test.host QUIT :irc.east.net irc.west.net");
	assert_true(harness_find(h, 0, "bob quit in a netsplit; the seat is "
	    "held for 300 s", NULL) >= 0);
	harness_line(h, ":carol!carol@test.host QUIT :Quit: bye");
	assert_true(harness_find(h, 0, "carol is away; the seat is held for "
	    "120 s", NULL) >= 0);
	harness_clear(h);
	h->conf.turn_ms = 3600 * 1000;	/* only the graces run out */
	h->conf.turn_warn_ms = 0;
	harness_advance(h, 121000);
	assert_true(harness_find(h, 0, "carol did not come back in time",
	    "leaves the game", NULL) >= 0);
	assert_true(t->seats[2].gone);
	assert_false(t->seats[1].gone);
	harness_advance(h, 180000);
	assert_null(harness_table(h));	/* alice alone: she wins */
	assert_true(harness_find(h, 0, "Game over", "alice", NULL) >= 0);
	harness_free(h);
}

/* A stranger who takes a departed player's nick gets nothing; the player
 * back under another nick gets the seat. */
static void
test_stranger_takes_nick(void **state)
{
	struct harness *h = deal3(49, NULL);
	struct table *t = harness_table(h);
	int from;

	(void)state;
	harness_line(h, ":carol!carol@test.host QUIT :lost");
	harness_line(h, ":carol!evil@other.host JOIN #cheater");
	assert_true(t->seats[2].away);
	harness_clear(h);
	harness_line(h, ":carol!evil@other.host PRIVMSG cheaterbot :hand");
	assert_true(harness_find(h, 0, "NOTICE carol", "you are not in a game",
	    NULL) >= 0);
	harness_line(h, ":carol!evil@other.host PRIVMSG #cheater :!cheat");
	assert_true(harness_find(h, 0, "not playing in this game", NULL) >= 0);
	while (harness_turn(h) != 2)
		step(h);
	from = h->nsent;
	harness_line(h, ":carol!evil@other.host PRIVMSG cheaterbot :play 2c "
	    "as 1 2");
	assert_true(harness_find(h, from, "you are not in a game", NULL) >= 0);
	assert_int_equal(lines_to(h, from, "carol"), 1);
	harness_line(h, ":carol_!carol@test.host JOIN #cheater");
	assert_true(harness_find(h, 0, "carol_ is back", NULL) >= 0);
	assert_string_equal(t->seats[2].nick, "carol_");
	assert_true(lines_to(h, from, "carol_") >= 1);
	harness_free(h);
}

/* A nick change follows the player: the hand goes to the new nick and
 * moves from it count. */
static void
test_nick_change(void **state)
{
	struct harness *h = deal3(51, NULL);
	struct table *t = harness_table(h);
	int seat = harness_turn(h), moves = t->nmoves;
	char old[NICK_MAX], line[1200], typed[1024];
	struct game_move mv;

	(void)state;
	snprintf(old, sizeof old, "%s", t->seats[seat].nick);
	snprintf(line, sizeof line, ":%s!%s@test.host NICK %s2", old, old,
	    old);
	harness_line(h, line);
	snprintf(line, sizeof line, "%s2", old);
	assert_string_equal(t->seats[seat].nick, line);
	harness_clear(h);
	snprintf(line, sizeof line, ":%s2!%s@test.host PRIVMSG cheaterbot "
	    ":hand", old, old);
	harness_line(h, line);
	assert_int_equal(lines_to(h, 0, t->seats[seat].nick), 1);
	t->ops->timeout(t->g, &mv);
	assert_true(t->ops->command(t->g, &mv, typed, sizeof typed) >= 0);
	snprintf(line, sizeof line, ":%s2!%s@test.host PRIVMSG cheaterbot "
	    ":%s", old, old, typed);
	harness_line(h, line);
	assert_int_equal(t->nmoves, moves + 1);
	/* the old nick, now someone else's, is nobody */
	harness_say(h, old, "cheaterbot", "hand");
	assert_true(harness_find(h, 0, "you are not in a game", NULL) >= 0);
	harness_free(h);
}

static void
admins(struct conf *c)
{
	conf_list_add(&c->admins, &c->nadmins, "admin", "bossacct", NULL);
	conf_list_add(&c->admins, &c->nadmins, "admin", "dave!*@test.host",
	    NULL);
}

/* Accounts: extended-join and WHOX tell them; a seat with an account is
 * that account under any nick or host; two nicks of one account cannot
 * sit together; an account in the admins list is an admin. */
static void
test_accounts(void **state)
{
	struct harness *h = harness_new(53, admins);

	(void)state;
	harness_line(h, ":erin!e@home.host JOIN #cheater erinacct :Erin");
	harness_line(h, ":erin!e@home.host PRIVMSG #cheater :!play cheat");
	harness_line(h, ":erin2!x@phone.host JOIN #cheater erinacct :Erin");
	harness_line(h, ":erin2!x@phone.host PRIVMSG #cheater :!join");
	assert_true(harness_find(h, 0, "NOTICE erin2", "you are already "
	    "seated", NULL) >= 0);
	assert_int_equal(harness_table(h)->nseats, 1);
	harness_say(h, "alice", CH, "!join");
	harness_line(h, ":erin!e@home.host PRIVMSG #cheater :!start");
	assert_int_equal(harness_table(h)->state, TABLE_PLAYING);
	assert_string_equal(harness_table(h)->seats[0].account, "erinacct");
	/* erin2 is the same account: it may act for the seat, whose lines
	 * go to the nick it sat with */
	harness_clear(h);
	harness_line(h, ":erin2!x@phone.host PRIVMSG cheaterbot :hand");
	assert_int_equal(lines_to(h, 0, "erin"), 1);
	assert_true(harness_find(h, 0, "you are not", NULL) < 0);
	/* an admin by account, told by WHOX */
	harness_line(h, ":irc.test 005 cheaterbot WHOX :are supported");
	harness_line(h, ":cheaterbot!bot@test.host PART #cheater");
	harness_clear(h);
	harness_line(h, ":cheaterbot!bot@test.host JOIN #cheater");
	assert_true(harness_find(h, 0, "WHO #cheater %tcuhnfa,42", NULL) >= 0);
	harness_line(h, ":irc.test 354 cheaterbot 42 #cheater b boss.host "
	    "boss H bossacct");
	harness_line(h, ":irc.test 315 cheaterbot #cheater :End");
	harness_line(h, ":boss!b@boss.host PRIVMSG cheaterbot :reload");
	assert_true(bot_reload_wanted(h->bot));
	assert_false(bot_reload_wanted(h->bot));
	harness_line(h, ":boss!b@boss.host ACCOUNT *");
	harness_clear(h);
	harness_line(h, ":boss!b@boss.host PRIVMSG cheaterbot :reload");
	assert_true(harness_find(h, 0, "only a bot admin", NULL) >= 0);
	harness_free(h);
}

/* !kick by operators and admins only; !reload reports back; a reload
 * joins new channels. */
static void
test_admin_commands(void **state)
{
	struct harness *h = harness_new(55, admins);
	struct table *t;

	(void)state;
	harness_deal(h, "cheat", three);
	t = harness_table(h);
	harness_clear(h);
	harness_say(h, "alice", CH, "!kick bob");
	assert_true(harness_find(h, 0, "only a channel operator or a bot "
	    "admin", NULL) >= 0);
	assert_false(t->seats[1].gone);
	harness_say(h, "oper", CH, "!kick nobody");
	assert_true(harness_find(h, 0, "'nobody' is not playing here", NULL)
	    >= 0);
	harness_say(h, "oper", CH, "!kick bob");
	assert_true(harness_find(h, 0, "bob was removed from the game by "
	    "oper", NULL) >= 0);
	assert_true(t->seats[1].gone);
	harness_say(h, "alice", "cheaterbot", "reload");
	assert_true(harness_find(h, 0, "only a bot admin", NULL) >= 0);
	harness_say(h, "dave", "cheaterbot", "reload");
	assert_true(bot_reload_wanted(h->bot));
	conf_list_add(&h->conf.channels, &h->conf.nchannels, "channel",
	    "#more", NULL);
	bot_reloaded(h->bot, NULL);
	assert_true(harness_find(h, 0, "NOTICE dave :Configuration reloaded",
	    NULL) >= 0);
	assert_true(harness_find(h, 0, "JOIN #more", NULL) >= 0);
	harness_say(h, "dave", "cheaterbot", "reload");
	assert_true(bot_reload_wanted(h->bot));
	bot_reloaded(h->bot, "cheaterbot.cfg:3: setting 'x': expected y");
	assert_true(harness_find(h, 0, "NOTICE dave :The configuration was "
	    "not reloaded: cheaterbot.cfg:3", NULL) >= 0);
	assert_non_null(harness_table(h));
	harness_free(h);
}

/* A dropped connection freezes the clock; the game goes on after the
 * reconnect with a status line and a full turn. */
static void
test_link_drop(void **state)
{
	struct harness *h = deal3(57, NULL);
	int seat = harness_turn(h);

	(void)state;
	harness_advance(h, 60000);
	bot_disconnected(h->bot, h->now);
	harness_advance(h, 3600 * 1000);
	assert_true(harness_find(h, 0, "ran out of time", NULL) < 0);
	harness_clear(h);
	harness_join(h, NULL);
	assert_true(harness_find(h, 0, "PRIVMSG #cheater :The Cheat game "
	    "goes on.", NULL) >= 0);
	assert_int_equal(harness_turn(h), seat);
	harness_advance(h, (uint64_t)h->conf.turn_ms - 1000);
	assert_true(harness_find(h, 0, "ran out of time", NULL) < 0);
	harness_advance(h, 1000);
	assert_true(harness_find(h, 0, "ran out of time", NULL) >= 0);
	harness_free(h);
}

/* Kicked mid-game, the bot goes back; the game waits for it. */
static void
test_bot_kicked(void **state)
{
	struct harness *h = deal3(67, NULL);
	int moves = harness_table(h)->nmoves;

	(void)state;
	harness_line(h, ":oper!oper@test.host KICK #cheater cheaterbot :out");
	assert_true(harness_find(h, 0, "JOIN #cheater", NULL) >= 0);
	harness_advance(h, 3600 * 1000);
	assert_true(harness_find(h, 0, "ran out of time", NULL) < 0);
	harness_clear(h);
	harness_join(h, NULL);
	assert_true(harness_find(h, 0, "The Cheat game goes on.", NULL) >= 0);
	harness_play(h);
	assert_int_equal(harness_table(h)->nmoves, moves + 1);
	harness_free(h);
}

/* The turn clock starts when the prompt has left the queue. */
static void
test_clock_waits_for_prompt(void **state)
{
	struct harness *h = deal3(59, NULL);

	(void)state;
	harness_type(h);
	queue_set_rate(h->queue, 1, 3600 * 1000);
	harness_advance(h, (uint64_t)h->conf.challenge_min_ms);
	harness_advance(h, 10 * 60 * 1000);	/* nothing drained */
	queue_set_rate(h->queue, 1000000, 1);
	assert_true(harness_find(h, 0, "ran out of time", NULL) < 0);
	harness_advance(h, (uint64_t)h->conf.turn_ms - 1);
	assert_true(harness_find(h, 0, "ran out of time", NULL) < 0);
	harness_advance(h, 1);
	assert_true(harness_find(h, 0, "ran out of time", NULL) >= 0);
	harness_free(h);
}

/* The last line of a loser game names the loser and the places, spaced
 * as a sentence, and no winner: a game played for the loser has none. */
static void
test_loser_game_end_line(void **state)
{
	struct harness *h = harness_new(69, NULL);
	const char *line;
	int i, steps = 0;

	(void)state;
	harness_deal(h, "cheat loser=1", three);
	while (harness_table(h) != NULL && steps++ < 3000)
		step(h);
	assert_null(harness_table(h));
	i = harness_find(h, 0, "Game over!", NULL);
	assert_true(i >= 0);
	line = harness_plain(h, i);
	assert_null(strstr(line, " wins "));
	assert_non_null(strstr(line, "Game over! "));
	assert_non_null(strstr(line, " loses Cheat. Places: 1. "));
	assert_null(strstr(line, "  "));
	/* The sentence ends before the deal key. */
	assert_non_null(strstr(line, ". " REPLAY_KEY "cb1:"));
	harness_free(h);
}

/* Reopens the harness's database through uri (a "file:" URI). */
static void
reopen(struct harness *h, const char *query)
{
	char uri[256];

	store_close(h->store);
	snprintf(uri, sizeof uri, "file:%s?%s", h->db, query);
	h->store = store_open(uri, NULL);
	assert_non_null(h->store);
	h->bot->store = h->store;
}

/* Another process holds the write lock: the move is refused with the
 * reason, nothing is announced, the admins are told; once the lock is
 * gone the same move goes through. */
static void
test_database_locked(void **state)
{
	struct harness *h = harness_new(61, admins);
	char cmd[256];
	FILE *locker;
	int moves;

	(void)state;
	harness_deal(h, "cheat", three);
	reopen(h, "busy_timeout=50");
	snprintf(cmd, sizeof cmd, "sqlite3 %s", h->db);
	locker = popen(cmd, "w");
	assert_non_null(locker);
	fputs("BEGIN IMMEDIATE;\n", locker);
	fflush(locker);
	usleep(300000);
	moves = harness_table(h)->nmoves;
	harness_clear(h);
	harness_type(h);
	assert_true(harness_find(h, 0, "I could not save that move (my "
	    "database cannot be written just now), so nothing happened: try "
	    "again in a moment", NULL) >= 0);
	assert_true(harness_find(h, 0, "PRIVMSG #cheater", NULL) < 0);
	assert_true(harness_find(h, 0, "NOTICE dave :I cannot write my "
	    "database (", "database is locked): the game in #cheater waits",
	    NULL) >= 0);
	assert_int_equal(harness_table(h)->nmoves, moves);
	fputs("ROLLBACK;\n", locker);
	pclose(locker);
	harness_clear(h);
	harness_type(h);
	assert_int_equal(harness_table(h)->nmoves, moves + 1);
	harness_free(h);
}

/* A read-only database: moves are refused the same way. */
static void
test_database_read_only(void **state)
{
	struct harness *h = harness_new(63, NULL);
	int moves;

	(void)state;
	harness_deal(h, "cheat", three);
	reopen(h, "mode=ro");
	moves = harness_table(h)->nmoves;
	harness_clear(h);
	harness_type(h);
	assert_true(harness_find(h, 0, "I could not save that move", NULL)
	    >= 0);
	assert_true(harness_find(h, 0, "PRIVMSG #cheater", NULL) < 0);
	assert_int_equal(harness_table(h)->nmoves, moves);
	harness_free(h);
}

/* In a child process whose files may not grow (a full disk): a move is
 * refused and changes nothing.  Reports what the player was told. */
static int
full_disk_child(int go, int report, const char *arg)
{
	struct harness *h = harness_new(65, NULL);
	struct rlimit rl;
	struct stat st;
	char wal[sizeof ((struct harness *)0)->db + 8];
	int moves, i, rc;

	(void)go;
	(void)arg;
	harness_deal(h, "cheat", three);
	snprintf(wal, sizeof wal, "%s-wal", h->db);
	if (stat(wal, &st) != 0)
		return 2;
	rl.rlim_cur = rl.rlim_max = (rlim_t)st.st_size;
	signal(SIGXFSZ, SIG_IGN);
	if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
		return 2;
	moves = harness_table(h)->nmoves;
	harness_clear(h);
	harness_type(h);
	harness_drain(h);
	for (i = 0; i < h->nsent; i++)
		child_report(report, harness_plain(h, i));
	rc = harness_table(h)->nmoves == moves ? 0 : 1;
	harness_free(h);
	return rc;
}

static void
test_database_full(void **state)
{
	struct child c;
	char line[600];
	int refused = 0, announced = 0;

	(void)state;
	child_start(&c, full_disk_child, NULL);
	for (child_read(&c, line, sizeof line); *line != '\0';
	    child_read(&c, line, sizeof line)) {
		refused |= strstr(line, "I could not save that move") != NULL;
		announced |= strncmp(line, "PRIVMSG #cheater", 16) == 0;
	}
	assert_int_equal(child_wait(&c), 0);
	assert_true(refused);
	assert_false(announced);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_restart_resumes),
		cmocka_unit_test(test_restart_player_missing),
		cmocka_unit_test(test_part_and_rejoin),
		cmocka_unit_test(test_quit_after_grace),
		cmocka_unit_test(test_stranger_takes_nick),
		cmocka_unit_test(test_nick_change),
		cmocka_unit_test(test_accounts),
		cmocka_unit_test(test_admin_commands),
		cmocka_unit_test(test_link_drop),
		cmocka_unit_test(test_bot_kicked),
		cmocka_unit_test(test_clock_waits_for_prompt),
		cmocka_unit_test(test_loser_game_end_line),
		cmocka_unit_test(test_database_locked),
		cmocka_unit_test(test_database_read_only),
		cmocka_unit_test(test_database_full),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
