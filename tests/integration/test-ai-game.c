/*
 * AI seats over real sockets: a real ngircd, the real bot binary and a
 * scripted person (tests/lib/driver.h).  One person opens every variant
 * with three AI seats and plays a whole game against them; the AI seats
 * act by themselves, each move logged and announced like a person's.  And
 * with ai.takeover on, a person who quits and does not come back has
 * their seat played on by an AI to the game's end.  And in CHEATER and
 * Liar's UNO, a window with no turn after it never waits its whole time
 * when nobody is left to answer it: the AI seats decide within their
 * think time, and alice lets it go with !pass.
 *
 * Each of those games tells its story: the deal's channel line ends with
 * "Deal sha256:HEX", the end's line shows the key whose SHA-256 that is,
 * `cheaterbot --verify KEY` prints the deal the channel and alice were
 * really dealt, a reveal of at most three lines follows, and !replay sends
 * the game privately, paged with !more.
 */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/core/core.h"
#include "bot/core/replay.h"
#include "bot/lib/digest.h"
#include "games/deal-key.h"
#include "tests/lib/driver.h"

#define CHAN "#cheater"
/* Quick AI seats and timers, so a whole game takes seconds; a window
 * with no turn after it closes after close seconds unless it ends first
 * (bot/core/table-window.c). */
#define CONF \
	"flood = { burst = 100; interval = 0.001; user_interval = 0; };\n" \
	"timers = { turn = 20; turn_warning = 0; challenge_min = 0.3;\n" \
	"    challenge_tie = 0.05; challenge_close = %d; lobby_start = 0;\n" \
	"    answer = 1; part_grace = 1; split_grace = 1; };\n" \
	"ai = { think_min = 0.05; think_max = 0.2; takeover = %s; };\n"
/* The windows' test: a window's whole time (s), long beside the think
 * time (0.2 s), and the most a window may last in it (ms): half of it. */
#define LONG_CLOSE 40
#define WINDOW_ENDS_MS (LONG_CLOSE * 1000 / 2)

static const char *const nicks[] = {"alice", "bob"};

/* A world of n players in #cheater and a bot, takeover on or off, a
 * window's time close seconds. */
static struct driver *
world(void **state, int n, int takeover, int close)
{
	struct driver *d = calloc(1, sizeof *d);
	char conf[1024];

	assert_non_null(d);
	*state = d;
	driver_name(d, 0, CHAN, nicks, n);
	d->bot_seed = 1;
	d->t[0].options = "";
	snprintf(conf, sizeof conf, CONF, close, takeover ? "true" : "false");
	driver_open(d, 1, conf, 1);
	return d;
}

/* The state of the newest game ("running", "finished", ...; "" for
 * none yet). */
static void
newest_state(struct driver *d, char *out, size_t size)
{
	driver_sql(d, "SELECT state FROM games ORDER BY id DESC LIMIT 1;", out,
	    size);
	out[strcspn(out, "\n")] = '\0';
}

/* A move alice (pool player 0) may type in gm now, into *mv: at her turn
 * the rules' default move when she can type it, else (and for a move she
 * owes with others: a card for a Wild Liar's Challenge) one of the rules'
 * random moves of hers; 0, or -1 when she has none to make. */
static int
alice_move(struct driver_game *gm, struct rng *r, struct game_move *mv)
{
	const struct game_turn *tu = &gm->turn;
	char text[1024];
	int tries, seat;

	for (seat = 0; seat < gm->sg->nseats && gm->player[seat] != 0; seat++)
		;
	if (seat == gm->sg->nseats || tu->over || (tu->seat != seat &&
	    !(tu->wait && (tu->window & (1u << seat)))))
		return -1;
	gm->ops->timeout(gm->g, mv);
	for (tries = 0; tries < 2000; tries++) {
		if (mv->seat == seat &&
		    gm->ops->command(gm->g, mv, text, sizeof text) >= 0)
			return 0;
		if (gm->ops->sample(gm->g, r, mv) != 0)
			return -1;
	}
	return -1;
}

/* Waits (10 s at most) until the newest game is game number id. */
static void
wait_dealt(struct driver *d, int id)
{
	char out[64];
	int tries;

	for (tries = 0; tries < 200; tries++) {
		driver_sql(d, "SELECT count(*) FROM games;", out, sizeof out);
		if (atoi(out) >= id)
			return;
		driver_pump(d, 50);
	}
	fail_msg("game %d was not dealt", id);
}

/* Whether a game is running (the last one may have just ended). */
static int
one_running(struct driver *d)
{
	int64_t *ids = NULL;
	int n = store_running(d->store, &ids, NULL);

	free(ids);
	return n == 1;
}

/* Whether alice was prompted ("Your turn") in a line from *seen on, which
 * moves past what it read. */
static int
prompted(struct driver *d, size_t *seen)
{
	const struct client *c = &d->t[0].p[0].cl;
	int found = 0;

	for (; *seen < c->nlines; (*seen)++)
		found |= strstr(c->lines[*seen], "NOTICE alice :") != NULL &&
		    strstr(c->lines[*seen], "Your turn") != NULL;
	return found;
}

/* The windows with no turn after them seen in a game (the test of
 * windows watches them): how many, how many alice let go with !pass, and
 * the longest, from seen open to seen closed, in ms. */
struct windows {
	int seen, passed;
	long long longest;
	int moves;		/* the open window's move count, or -1 */
	long long since;	/* when it was seen open */
};

/* Whether gm's turn is a window for calls with no turn after it. */
static int
no_turn_window(const struct driver_game *gm)
{
	const struct game_turn *tu = &gm->turn;

	return !tu->over && tu->seat < 0 && tu->window != 0 && !tu->pause &&
	    !tu->wait;
}

/* Watches gm's window: a window opens or closes; alice, when it is open
 * to her and not about her own play, lets it go at once. */
static void
watch_window(struct driver *d, const struct driver_game *gm,
    struct windows *w)
{
	int alice = -1, seat, open = no_turn_window(gm);

	for (seat = 0; seat < gm->sg->nseats; seat++)
		if (gm->player[seat] == 0)
			alice = seat;
	if (w->moves >= 0 && (!open || gm->sg->nmoves != w->moves)) {
		if (ngircd_now_ms() - w->since > w->longest)
			w->longest = ngircd_now_ms() - w->since;
		w->moves = -1;
	}
	if (!open || w->moves >= 0)
		return;
	w->seen++;
	w->moves = gm->sg->nmoves;
	w->since = ngircd_now_ms();
	if (alice >= 0 && alice != gm->turn.accused &&
	    (gm->turn.window & (1u << alice))) {
		driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!pass");
		w->passed++;
	}
}

/* Plays the running game to its end: whenever alice is prompted, the
 * game is read from the database and she types a move of hers; the AI
 * seats and the bot's clock do the rest (a seat taken over by an AI
 * keeps its player's nick in the database, but only alice types).  With
 * w, the game is read every round and its windows watched.  The moves
 * made by AI seats. */
static int
play_to_end(struct driver *d, struct windows *w)
{
	struct driver_game gm;
	struct game_move mv;
	struct rng r;
	char state[64], count[64], sql[512];
	size_t seen = 0;
	int rounds, ai_moves, her;

	rng_seed(&r, 9);
	for (rounds = 0; rounds < 6000; rounds++) {
		if (rounds % 10 == 0) {
			newest_state(d, state, sizeof state);
			if (strcmp(state, "running") != 0)
				break;
		}
		driver_pump(d, 50);
		/* Her turn, or a prompt of a move she owes: once the
		 * prompt came, the database has the move that gave it. */
		her = prompted(d, &seen) || rounds % 20 == 19;
		if ((!her && w == NULL) || !one_running(d))
			continue;	/* it ended: the state says so next */
		driver_game_load(d, 0, 0, &gm);
		if (w != NULL)
			watch_window(d, &gm, w);
		if (her && alice_move(&gm, &r, &mv) == 0)
			driver_game_type(d, &gm, &mv);
		driver_game_free(&gm);
	}
	assert_string_equal(state, "finished");
	snprintf(sql, sizeof sql, "SELECT count(*) FROM moves m JOIN "
	    "game_players gp ON gp.game = m.game AND gp.seat = m.seat JOIN "
	    "players p ON p.id = gp.player WHERE m.game = (SELECT max(id) "
	    "FROM games) AND p.key LIKE 'ai:%%';");
	driver_sql(d, sql, count, sizeof count);
	ai_moves = atoi(count);	/* atoi() stops at the newline */
	return ai_moves;
}


/* The first line from `from` in alice's client to target whose text
 * holds want (NULL: a hand, "Hand" or "hand ("), its text (after " :")
 * into out; fails after 20 s. */
static void
alice_line(struct driver *d, size_t from, const char *target,
    const char *want, char *out, size_t size)
{
	const struct client *c = &d->t[0].p[0].cl;
	char plain[2048], head[128];
	int tries;

	snprintf(head, sizeof head, " %s :", target);
	for (tries = 0; tries < 400; tries++) {
		for (; from < c->nlines; from++) {
			client_strip(c->lines[from], plain, sizeof plain);
			if (strstr(plain, head) != NULL && (want != NULL ?
			    strstr(plain, want) != NULL :
			    strstr(plain, "Hand") != NULL ||
			    strstr(plain, "hand (") != NULL)) {
				snprintf(out, size, "%s",
				    strstr(plain, head) + strlen(head));
				return;
			}
		}
		driver_pump(d, 50);
	}
	fail_msg("no line to %s with '%s'", target,
	    want != NULL ? want : "a hand");
}

/* The word after marker in s into out. */
static void
word_after(const char *s, const char *marker, char *out, size_t size)
{
	const char *p = strstr(s, marker);
	size_t n;

	assert_non_null(p);
	p += strlen(marker);
	n = strcspn(p, " ");
	assert_true(n < size);
	memcpy(out, p, n);
	out[n] = '\0';
}

/* The texts of the bot's lines in the channel from `from` on, as alice
 * got them, joined by spaces (as the bot cut a long text) into out. */
static void
chan_joined(struct driver *d, size_t from, char *out, size_t size)
{
	const struct client *c = &d->t[0].p[0].cl;
	char plain[2048], *p;
	size_t used = 0;
	int n;

	out[0] = '\0';
	for (; from < c->nlines; from++) {
		client_strip(c->lines[from], plain, sizeof plain);
		if (strncmp(plain, ":" DRIVER_BOT_NICK "!", strlen(":"
		    DRIVER_BOT_NICK "!")) != 0 ||
		    (p = strstr(plain, " PRIVMSG " CHAN " :")) == NULL)
			continue;
		n = snprintf(out + used, size - used, "%s%s",
		    used > 0 ? " " : "", p + strlen(" PRIVMSG " CHAN " :"));
		assert_true(n >= 0 && (size_t)n < size - used);
		used += (size_t)n;
	}
}

/* Runs `$CHEATERBOT --verify key`, its output into out. */
static void
verify(const char *key, char *out, size_t size)
{
	char cmd[1024];
	size_t n;
	FILE *f;

	snprintf(cmd, sizeof cmd, "'%s' --verify '%s'", getenv("CHEATERBOT"),
	    key);
	assert_non_null(f = popen(cmd, "r"));
	n = fread(out, 1, size - 1, f);
	out[n] = '\0';
	assert_int_equal(pclose(f), 0);
}

/* Replaces every whole-word nick of the newest game's seats in s by its
 * seat's name in --verify (seat0, seat1, ...). */
static void
nicks_to_seats(struct driver *d, char *s, size_t size)
{
	char out[1024], nick[64], with[16], *p, *line, *save = NULL;
	char buf[2048];
	size_t n;

	driver_sql(d, "SELECT gp.seat, p.nick FROM game_players gp JOIN "
	    "players p ON p.id = gp.player WHERE gp.game = (SELECT max(id) "
	    "FROM games) ORDER BY gp.seat;", out, sizeof out);
	for (line = strtok_r(out, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if ((p = strchr(line, '|')) == NULL)
			continue;
		snprintf(with, sizeof with, "seat%d", atoi(line));
		snprintf(nick, sizeof nick, "%s", p + 1);
		buf[0] = '\0';
		for (p = s; *p != '\0';) {
			n = strlen(nick);
			if (strncmp(p, nick, n) == 0 && (p == s ||
			    strchr(" ,.:;(", p[-1]) != NULL) &&
			    strchr(" ,.:;'!", p[n]) != NULL) {
				strncat(buf, with, sizeof buf - strlen(buf) -
				    1);
				p += n;
			} else {
				strncat(buf, p, 1);
				p++;
			}
		}
		snprintf(s, size, "%s", buf);
	}
}

/* Whether w is written as a card is: a suit symbol, a '~', a capital or
 * a digit in it, and no bracket, quote or colon; not a number alone. */
static int
card_word(const char *w)
{
	const char *p;
	int card = 0, digits = 1;

	if (*w == '\0' || strpbrk(w, "()':") != NULL)
		return 0;
	for (p = w; *p != '\0'; p++) {
		card |= (*p & 0x80) != 0 || *p == '~' || isupper((unsigned char)*p)
		    || isdigit((unsigned char)*p);
		digits &= isdigit((unsigned char)*p) != 0;
	}
	return card && !digits;
}

/* The story of the game just dealt (the deal's line from `from`) and just
 * ended: the commitment and the key, --verify's deal against the real
 * one, the reveal, and !replay paged with !more. */
static void
check_story(struct driver *d, size_t from, const struct game_ops *ops)
{
	static char out[262144];
	char deal[2048], hash[DIGEST_HEX + 1], key[DEAL_KEY_MAX];
	char want[DIGEST_HEX + 1], told[2200], seat[16], cards[2048];
	char hand[2048], *p, *w, *save = NULL;
	size_t at;
	int alice, pages, n;

	/* The channel's lines from the lobby to the end, as one text: a
	 * long line cut by the bot is whole again.  The reveal follows the
	 * end's line: in a game with claims, how the lying went first. */
	for (n = 0;; n++) {
		chan_joined(d, from, out, sizeof out);
		assert_non_null(p = strstr(out, REPLAY_KEY));
		if (!ops->claims || strstr(p, " lies in ") != NULL ||
		    strstr(p, " lie in ") != NULL ||
		    strstr(p, "Not one lie in ") != NULL)
			break;
		if (n == 200)
			fail_msg("no reveal after the end: %s", p);
		driver_pump(d, 50);
	}
	word_after(out, REPLAY_COMMIT, hash, sizeof hash);
	word_after(out, REPLAY_KEY, key, sizeof key);
	digest_sha256_hex(key, strlen(key), want);
	assert_string_equal(hash, want);
	/* The deal's text: from "TITLE for N players" to the commitment. */
	snprintf(told, sizeof told, "%s for ", ops->title);
	assert_non_null(p = strstr(out, told));
	n = (int)(strstr(p, " " REPLAY_COMMIT) - p);
	assert_true(n > 0 && (size_t)n < sizeof deal);
	snprintf(deal, sizeof deal, "%.*s", n, p);
	/* --verify: the key's hash, the channel's deal line with the seats
	 * for nicks, and alice's hand as she was sent it. */
	verify(key, out, sizeof out);
	snprintf(told, sizeof told, "sha256:%s\n", hash);
	assert_non_null(strstr(out, told));
	nicks_to_seats(d, deal, sizeof deal);
	snprintf(told, sizeof told, "The channel was told: %s\n", deal);
	if (strstr(out, told) == NULL)
		fail_msg("--verify's deal is not the channel's:\n%s\n%s", told,
		    out);
	driver_sql(d, "SELECT seat FROM game_players gp JOIN players p ON "
	    "p.id = gp.player WHERE gp.game = (SELECT max(id) FROM games) "
	    "AND p.nick = 'alice';", seat, sizeof seat);
	alice = atoi(seat);
	/* Her seat's first line: "  seatN: ..." or "  seatN's hand ...". */
	snprintf(seat, sizeof seat, "\n  seat%d", alice);
	for (p = strstr(out, seat); p != NULL &&
	    isdigit((unsigned char)p[strlen(seat)]);
	    p = strstr(p + 1, seat))
		;
	assert_non_null(p);
	p += strlen(seat);
	n = (int)strcspn(p, "\n");
	snprintf(cards, sizeof cards, "%.*s", n, p);
	alice_line(d, from, "alice", NULL, hand, sizeof hand);
	for (w = strtok_r(cards, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save)) {
		/* A card word of the deal is a word of alice's hand line;
		 * the words around the cards ("'s hand (7):", a face-down
		 * position) are not cards. */
		w[strcspn(w, ",.;")] = '\0';
		if (!card_word(w))
			continue;
		if (strstr(hand, w) == NULL)
			fail_msg("seat%d's %s, as --verify deals it, is not "
			    "in alice's hand: %s", alice, w, hand);
	}
	/* !replay, a page at a time: each page ends with where alice is
	 * and !more, the last with the key. */
	at = d->t[0].p[0].cl.nlines;
	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!replay");
	alice_line(d, at, "alice", "The deal, every card shown:", hand,
	    sizeof hand);
	alice_line(d, at, "alice", "(page 1 of", hand, sizeof hand);
	for (pages = 1; pages < 100; pages++) {
		at = d->t[0].p[0].cl.nlines;
		driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!more");
		for (n = 0; n < 200; n++) {
			driver_pump(d, 50);
			if (driver_count(d, 0, 0, at, &(struct driver_line){
			    NULL, "alice", "!more for the next page" }) > 0 ||
			    driver_count(d, 0, 0, at, &(struct driver_line){
			    NULL, "alice", REPLAY_KEY }) > 0)
				break;
		}
		assert_true(n < 200);
		if (driver_count(d, 0, 0, at, &(struct driver_line){ NULL,
		    "alice", REPLAY_KEY }) > 0)
			break;
	}
	assert_true(pages < 100);
}

/* One person, three AI seats, a whole game of every variant. */
static void
test_alone(void **state)
{
	struct driver *d = world(state, 1, 0, 1);
	char out[256];
	size_t from;
	int v, n;

	for (v = 0; game_table[v] != NULL; v++) {
		from = d->t[0].p[0].cl.nlines;
		driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!play %s bots=3",
		    game_table[v]->name);
		driver_wait_chan(d, 0, 0, from, "with 3 normal AI seats", 0);
		driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!start");
		wait_dealt(d, v + 1);
		if ((n = play_to_end(d, NULL)) <= 0)
			fail_msg("%s: %d moves by AI seats", game_table[v]->name,
			    n);
		driver_wait_chan(d, 0, 0, from, "Game over!", 0);
		check_story(d, from, game_table[v]);
		/* Nobody's clock ran out: an AI seat always acts in time
		 * (even after a call or a held move put it off), and alice
		 * did too. */
		assert_int_equal(driver_count(d, 0, 0, from,
		    &(struct driver_line){ CHAN, NULL, "ran out of time" }), 0);
		driver_sql(d, "SELECT variant, ended - started, (SELECT count(*) "
		    "FROM moves WHERE game = g.id) FROM games AS g ORDER BY id "
		    "DESC LIMIT 1;", out, sizeof out);
		printf("# %s", out);	/* the game's seconds and moves */
	}
	/* Recorded, and apart: alice's league stats count none of them,
	 * the solo ladder every one. */
	from = d->t[0].p[0].cl.nlines;
	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!stats");
	driver_wait_chan(d, 0, 0, from, "alice, solo: 5 games against AI "
	    "seats, ", 0);
	driver_sql(d, "SELECT count(*) FROM games WHERE ai = 2 AND state = "
	    "'finished';", out, sizeof out);
	assert_int_equal(atoi(out), 5);
	driver_sql(d, "SELECT count(*) || ' ' || sum(games) FROM solo;", out,
	    sizeof out);
	assert_string_equal(out, "5 5\n");
	driver_check_db(d);
}

/* bob quits and does not come back: an AI plays his seat on. */
static void
test_takeover(void **state)
{
	struct driver *d = world(state, 2, 1, 1);
	size_t from = d->t[0].p[0].cl.nlines;

	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!play cheat bots=1");
	driver_wait_chan(d, 0, 0, from, "with 1 normal AI seat", 0);
	driver_raw(d, 0, 1, "PRIVMSG " CHAN " :!join");
	driver_wait_chan(d, 0, 0, from, "bob sits in", 0);
	driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!start");
	wait_dealt(d, 1);
	driver_raw(d, 0, 1, "QUIT :off to bed");
	driver_wait_chan(d, 0, 0, from, "bob did not come back in time: an AI "
	    "plays on in that seat.", 0);
	assert_true(play_to_end(d, NULL) > 0);
	driver_wait_chan(d, 0, 0, from, "Game over!", 0);
	driver_check_db(d);
}

/* One person and three AI seats in CHEATER and Liar's UNO, windows
 * LONG_CLOSE s long: a window with no turn after it that only AI seats
 * may answer ends within their think time, and one alice lets go at once
 * too; none comes near its whole time. */
static void
test_windows(void **state)
{
	static const char *const variants[] = {"cheater", "liarsuno"};
	struct driver *d = world(state, 1, 0, LONG_CLOSE);
	struct windows w;
	size_t from;
	int v;

	for (v = 0; v < 2; v++) {
		memset(&w, 0, sizeof w);
		w.moves = -1;
		from = d->t[0].p[0].cl.nlines;
		driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!play %s bots=3",
		    variants[v]);
		driver_wait_chan(d, 0, 0, from, "with 3 normal AI seats", 0);
		driver_raw(d, 0, 0, "PRIVMSG " CHAN " :!start");
		wait_dealt(d, v + 1);
		assert_true(play_to_end(d, &w) > 0);
		driver_wait_chan(d, 0, 0, from, "Game over!", 0);
		printf("# %s: %d windows with no turn, %d let go by alice, "
		    "the longest %lld ms\n", variants[v], w.seen, w.passed,
		    w.longest);
		assert_true(w.seen > w.passed);	/* some only AI seats answer */
		assert_true(w.passed > 0);
		if (w.longest >= WINDOW_ENDS_MS)
			fail_msg("%s: a window lasted %lld ms of its %d s",
			    variants[v], w.longest, LONG_CLOSE);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_alone, driver_teardown),
		cmocka_unit_test_teardown(test_takeover, driver_teardown),
		cmocka_unit_test_teardown(test_windows, driver_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
