/*
 * Transcript tests of the solo ladder in the bot core
 * (tests/lib/harness.c; docs/league.md, The solo ladder): games of
 * alice against AI seats moving her solo rating, the AI seats at the
 * anchors of their level (storage/solo.h), and what the commands say of
 * it: !rating with the solo rating beside the league's (worked by hand
 * below), !stats and !bluffs with the solo games on a line of their own,
 * !top GAME solo, !titles and the solo titles announced at a game's end;
 * and a reason for every bad input.
 *
 * The end of a game is played by a Cheat table whose rules are swapped
 * for a copy with a result the test chooses (as test-bot-titles.c does),
 * so the places are known; !bluffs reads a game played out by the AI
 * seats and alice's default moves.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/rating.h"
#include "storage/solo.h"
#include "storage/store.h"
#include "tests/lib/driver.h"
#include "tests/lib/harness.h"
#include "tests/lib/store-files.h"

#define CH "#cheater"
#define PROVISIONAL 2

static void
tune(struct conf *c)
{
	c->league_provisional = PROVISIONAL;
	c->ai_think_min_ms = 200;
	c->ai_think_max_ms = 600;
}

/* The places chosen_result() gives, seat by seat, the seats, the winner
 * and the loser. */
static int result_place[GAME_MAX_SEATS];
static int result_seats;
static int result_winner;
static int result_loser;

static void
chosen_result(const struct game *g, struct game_result *r)
{
	int i;

	(void)g;
	r->nseats = result_seats;
	r->winner = result_winner;
	r->loser = result_loser;
	r->for_loser = result_loser >= 0;
	for (i = 0; i < result_seats; i++)
		r->place[i] = result_place[i];
}

/* Cheat with chosen_result(). */
static struct game_ops chosen;

/* Deals "!play GAME" (game may carry options, bots=N among them) to
 * nicks and ends it at once with places (seat order: the persons first,
 * then the AI seats): in a loser game (Cheesedog) the last placed is the
 * loser, in any other the first placed the winner.  The index of the
 * first line sent after the deal. */
static int
finish(struct harness *h, const char *game, const char *const *nicks,
    const int *places)
{
	struct table *t;
	int i, last = 0;

	harness_deal(h, game, nicks);
	t = harness_table(h);
	chosen = *t->ops;
	chosen.result = chosen_result;
	result_winner = result_loser = -1;
	result_seats = t->nseats;
	for (i = 0; i < t->nseats; i++) {
		result_place[i] = places[i];
		if (places[i] == 1 && !t->ops->loser_game)
			result_winner = i;
		if (places[i] > places[last])
			last = i;
	}
	if (t->ops->loser_game)
		result_loser = last;
	return harness_finish(h, &chosen);
}

/* The channel lines sent from line from on, but the reveal, plain and
 * joined by "\n" into out. */
static void
end_lines(struct harness *h, int from, char *out, size_t size)
{
	const char *text;
	size_t len = 0;
	int i, reveal = 0;

	out[0] = '\0';
	for (i = from; i < h->nsent; i++) {
		if (strncmp(h->sent[i], "PRIVMSG " CH " :", 18) != 0)
			continue;
		text = harness_plain(h, i) + 18;
		if (driver_reveal_piece(text, &reveal))
			continue;
		len += (size_t)snprintf(out + len, size - len, "%s%s",
		    len > 0 ? "\n" : "", text);
		assert_true(len < size);
	}
}

/* Expects the end of the game sent from line from: "Game over! ..."
 * (over, up to the deal key), then the title line (NULL: none). */
static void
expect_end(struct harness *h, int from, const char *over, const char *title)
{
	char got[2048], *nl;

	end_lines(h, from, got, sizeof got);
	nl = strchr(got, '\n');
	if (strncmp(got, over, strlen(over)) != 0)
		fail_msg("the end: '%s', not '%s...'", got, over);
	if (title == NULL && nl != NULL)
		fail_msg("one line too many: %s", nl + 1);
	if (title != NULL && (nl == NULL || strcmp(nl + 1, title) != 0))
		fail_msg("the title line: '%s', not '%s'",
		    nl != NULL ? nl + 1 : "(none)", title);
}

/* The line the end of the game from line from on told nick privately of
 * their solo rating is want, plain ("" for none), the only one so. */
static void
expect_told(struct harness *h, int from, const char *nick,
    const char *want)
{
	char lead[64];
	int i;

	snprintf(lead, sizeof lead, "NOTICE %s :[" CH "] Your solo ", nick);
	i = harness_find(h, from, lead, NULL);
	if (*want == '\0') {
		if (i >= 0)
			fail_msg("told: '%s', not nothing", harness_plain(h, i));
		return;
	}
	if (i < 0)
		fail_msg("nothing told %s of their solo rating", nick);
	if (strcmp(harness_plain(h, i) + strlen(lead) - strlen("Your solo "),
	    want) != 0)
		fail_msg("told: '%s', not '%s'", harness_plain(h, i), want);
	if (harness_find(h, i + 1, lead, NULL) >= 0)
		fail_msg("told %s twice", nick);
}

/* nick says text in the channel; the lines sent are want, plain, "\n"
 * between: "PRIVMSG #cheater :TEXT" for the channel's replies, "NOTICE
 * alice :[#cheater] TEXT" for a reason told to alice alone. */
static void
expect_said(struct harness *h, const char *nick, const char *text,
    const char *want)
{
	char got[2048];
	const char *line;
	size_t len = 0;
	int i;

	harness_clear(h);
	harness_say(h, nick, CH, text);
	harness_drain(h);
	got[0] = '\0';
	for (i = 0; i < h->nsent; i++) {
		line = harness_plain(h, i);
		len += (size_t)snprintf(got + len, sizeof got - len, "%s%s",
		    len > 0 ? "\n" : "", line);
		assert_true(len < sizeof got);
	}
	if (strcmp(got, want) != 0)
		fail_msg("%s: '%s', not '%s'", text, got, want);
}

/* nick says text in the channel; the replies there are want, one line
 * each, "\n" between, and nothing else is sent. */
static void
expect_reply(struct harness *h, const char *nick, const char *text,
    const char *want)
{
	char lines[2048];
	size_t len = 0;
	const char *p, *nl;

	/* Each line's target before it. */
	for (p = want; len < sizeof lines; p = nl + 1) {
		nl = strchr(p, '\n');
		len += (size_t)snprintf(lines + len, sizeof lines - len,
		    "%sPRIVMSG " CH " :%.*s", len > 0 ? "\n" : "",
		    (int)(nl != NULL ? nl - p : (ptrdiff_t)strlen(p)), p);
		if (nl == NULL)
			break;
	}
	assert_true(len < sizeof lines);
	expect_said(h, nick, text, lines);
}

/* Asserts alice's solo rating of Cheat is mu ± sigma, to 1e-6: what
 * the commands show to a tenth. */
static void
expect_solo(struct harness *h, double mu, double sigma)
{
	struct store_rating r;

	assert_int_equal(store_solo_rating(h->store, "alice", "cheat", &r,
	    NULL), 0);
	if (r.mu < mu - 1e-6 || r.mu > mu + 1e-6 || r.sigma < sigma - 1e-6 ||
	    r.sigma > sigma + 1e-6)
		fail_msg("solo %.9f ± %.9f, not %.9f ± %.9f by hand", r.mu,
		    r.sigma, mu, sigma);
}

static const char *const alone[] = { "alice", NULL };
static const char *const two[] = { "alice", "bob", NULL };

/*
 * alice's solo rating, by hand from the formulas of docs/league.md
 * (storage/rating.c's comment), with tau = 25/300, beta = 25/6 and the
 * Cheat anchors of storage/solo.c, sigma SOLO_ANCHOR_SIGMA = 1.75:
 * hard 27.49, normal 24.22.
 *
 * Game 1: alice, new (25, 25/3), first; three hard AI seats after her.
 *   sigma^2 + tau^2: alice 69.444444 + 0.006944 = 69.451389,
 *                    each AI 3.0625 + 0.006944 = 3.069444
 *   c^2 = 69.451389 + 3 (3.069444) + 4 beta^2 (4 x 17.361111)
 *       = 148.104167, c = 12.169806
 *   alice is first: her only q is herself, C = all four, A = 1,
 *   p = e^(25/c) / (e^(25/c) + 3 e^(27.49/c)) = 0.213624
 *   Omega = (69.451389 / c) (1 - p) = 4.487738
 *   gamma = sqrt(69.451389) / c = 0.684789
 *   Delta = gamma (69.451389 / c^2) p (1 - p) = 0.053945
 *   mu = 25 + 4.487738 = 29.487738
 *   sigma = sqrt(69.451389 (1 - 0.053945)) = 8.105852
 *   conservative: 29.487738 - 3 (8.105852) = 5.170182
 *   Shown: 29.5 ± 8.1 (conservative 5.2).  No AI moves.
 *
 * Game 2: alice second, behind one normal AI seat.
 *   sigma^2 + tau^2: alice 8.105852^2 + tau^2 = 65.711781, AI 3.069444
 *   c^2 = 65.711781 + 3.069444 + 2 beta^2 = 103.503447, c = 10.173664
 *   alice's q: the AI (C = both, A = 1) and herself (C = {alice},
 *   p = 1: nothing to add);
 *   p = e^(29.487738/c) / (e^(29.487738/c) + e^(24.22/c)) = 0.626629
 *   Omega = (65.711781 / c) (0 - p) = -4.047401
 *   gamma = sqrt(65.711781) / c = 0.796791
 *   Delta = gamma (65.711781 / c^2) p (1 - p) = 0.118354
 *   mu = 29.487738 - 4.047401 = 25.440337
 *   sigma = sqrt(65.711781 (1 - 0.118354)) = 7.611473
 *   conservative: 25.440337 - 3 (7.611473) = 2.605919
 *   Shown: 25.4 ± 7.6 (conservative 2.6).
 */
static void
test_solo_rating(void **state)
{
	struct harness *h = harness_new(3, tune);
	static const int g1[4] = { 1, 2, 3, 4 }, g2[2] = { 2, 1 };
	static const int people[2] = { 1, 2 };
	struct rating league[2];
	char want[512];
	int from;

	(void)state;
	expect_reply(h, "alice", "!rating", "alice has no rated game yet.");
	from = finish(h, "cheat bots=3 level=hard", alone, g1);
	expect_end(h, from, "Game over! alice wins Cheat.",
	    "alice earns Giant Slayer (won against three hard AI seats or "
	    "more)!");
	expect_solo(h, 29.487738, 8.105852);
	/* Told privately where it stands, from a newcomer's 25. */
	expect_told(h, from, "alice", "Your solo Cheat rating: 29.5 "
	    "\xc2\xb1 8.1, +4.5 this game.");
	expect_reply(h, "alice", "!rating",
	    "alice's ratings: Cheat solo 29.5 \xc2\xb1 8.1 (conservative 5.2), "
	    "provisional: 1 of 2 games.");
	expect_reply(h, "bob", "!rating cheat alice",
	    "alice, Cheat: solo 29.5 \xc2\xb1 8.1 (conservative 5.2), "
	    "provisional: 1 of 2 games.");
	expect_reply(h, "bob", "!rating", "bob has no rated game yet.");

	/* A game of persons: the league's rating, and the solo one beside
	 * it, unmoved. */
	from = finish(h, "cheat", two, people);
	expect_told(h, from, "alice", "");
	expect_told(h, from, "bob", "");
	rating_new(&league[0]);
	rating_new(&league[1]);
	assert_int_equal(rating_update(league, people, 2), 0);
	snprintf(want, sizeof want, "alice, Cheat: rating %.1f \xc2\xb1 %.1f "
	    "(conservative %.1f), provisional: 1 of 2 games, solo 29.5 "
	    "\xc2\xb1 8.1 (conservative 5.2), provisional: 1 of 2 games.",
	    league[0].mu, league[0].sigma, rating_ordinal(&league[0]));
	expect_reply(h, "alice", "!rating cheat", want);

	/* Game 2: the second solo game, and alice on the solo board. */
	from = finish(h, "cheat bots=1 level=normal", alone, g2);
	expect_end(h, from, "Game over! Ada(AI) wins Cheat.", NULL);
	expect_solo(h, 25.440337, 7.611473);
	expect_told(h, from, "alice", "Your solo Cheat rating: 25.4 "
	    "\xc2\xb1 7.6, -4.0 this game.");
	snprintf(want, sizeof want, "alice's ratings: Cheat %.1f \xc2\xb1 %.1f "
	    "(conservative %.1f), provisional: 1 of 2 games, solo 25.4 "
	    "\xc2\xb1 7.6 (conservative 2.6), 2 games, 1st on the solo board.",
	    league[0].mu, league[0].sigma, rating_ordinal(&league[0]));
	expect_reply(h, "bob", "!rating alice", want);
	expect_reply(h, "alice", "!top cheat solo",
	    "Top Cheat, solo (at least 2 games): 1. alice (2.6: 25.4 \xc2\xb1 "
	    "7.6, 2 games)");
	/* The league's board: nobody has two games of it. */
	expect_reply(h, "alice", "!top cheat rating",
	    "Top Cheat, rating (at least 2 games): nobody yet.");
	harness_free(h);
}

/* !stats: the league's line, then the solo ladder's on its own; in a
 * loser game, first place is the solo win. */
static void
test_solo_stats(void **state)
{
	struct harness *h = harness_new(3, tune);
	static const int won[2] = { 1, 2 }, lost[2] = { 2, 1 };
	static const int last[3] = { 3, 1, 2 }, first[3] = { 1, 2, 3 };

	(void)state;
	expect_reply(h, "alice", "!stats", "alice has not finished a game "
	    "yet.");
	finish(h, "cheat bots=1 level=easy", alone, won);
	finish(h, "cheat bots=1 level=easy", alone, won);
	finish(h, "cheat bots=1 level=easy", alone, lost);
	/* Against AI seats alone: the solo line, and no league's. */
	expect_reply(h, "alice", "!stats",
	    "alice, solo: 3 games against AI seats, 2 won (67%), 0 lost.");
	expect_reply(h, "bob", "!stats alice cheat",
	    "alice, solo Cheat: 3 games against AI seats, 2 won (67%), 0 "
	    "lost; solo win streak 0, best 2.");
	finish(h, "cheat", two, won);
	expect_reply(h, "alice", "!stats cheat",
	    "alice, Cheat: 1 won of 1 played (100%), 0 lost; win streak 1, "
	    "best 1.\n"
	    "alice, solo Cheat: 3 games against AI seats, 2 won (67%), 0 "
	    "lost; solo win streak 0, best 2.");
	/* bob played persons only: no solo line. */
	expect_reply(h, "alice", "!stats bob",
	    "bob, all games: 0 won of 1 played (0%), 0 lost; win streak 0, "
	    "best 0.");

	/* Cheesedog is played for a loser: placed first is the solo win. */
	finish(h, "cheesedog bots=2 level=normal", alone, last);
	finish(h, "cheesedog bots=2 level=normal", alone, first);
	expect_reply(h, "alice", "!stats cheesedog",
	    "alice, solo Cheesedog: 2 games against AI seats, 1 lost (50%), "
	    "1 first (50%); first 1 in a row, best 1.");
	expect_reply(h, "alice", "!stats",
	    "alice, all games: 1 won of 1 played (100%), 0 lost; win streak "
	    "1, best 1.\n"
	    "alice, solo: 5 games against AI seats, 3 won (60%), 1 lost.");
	harness_free(h);
}

/* nick's ledger line of b as !bluffs words it (what: "Cheat", "solo
 * Cheat"), into out. */
static void
ledger_line(char *out, size_t size, const char *nick, const char *what,
    const struct store_bluffs *b)
{
	int n;

	n = snprintf(out, size, "%s, %s, %d game%s: %d lie%s in %d "
	    "claim%s (%d%%), %d caught, %d got away; honest and called %d "
	    "time%s; %d call%s", nick, what, b->games, b->games == 1 ? "" : "s",
	    b->lies, b->lies == 1 ? "" : "s", b->claims,
	    b->claims == 1 ? "" : "s", b->claims > 0 ?
	    (b->lies * 200 + b->claims) / (b->claims * 2) : 0, b->caught,
	    b->away, b->accused, b->accused == 1 ? "" : "s", b->calls,
	    b->calls == 1 ? "" : "s");
	assert_true(n > 0 && (size_t)n < size);
	if (b->calls > 0)
		n += snprintf(out + n, size - (size_t)n, ", %d right (%d%%)",
		    b->right, (b->right * 200 + b->calls) / (b->calls * 2));
	assert_true((size_t)n + 1 < size);
	strcat(out, ".");
}

/* !bluffs: the solo ladder's ledger (games against AI seats) on a line
 * of its own after the league's, each the sums the store keeps. */
static void
test_solo_bluffs(void **state)
{
	struct harness *h = harness_new(5, tune);
	struct store_bluffs league, solo;
	char want[1024], line[512];

	(void)state;
	harness_play_with_ai(h, "cheat bots=2", alone, 4000);
	assert_null(harness_table(h));
	assert_int_equal(store_solo_bluffs(h->store, "alice", "cheat", &solo,
	    NULL), 0);
	assert_int_equal(solo.games, 1);
	/* alice laid cards face down, claims each. */
	assert_true(solo.claims > 0);
	ledger_line(want, sizeof want, "alice", "solo Cheat", &solo);
	expect_reply(h, "alice", "!bluffs cheat", want);
	ledger_line(want, sizeof want, "alice", "solo", &solo);
	expect_reply(h, "bob", "!bluffs alice", want);

	harness_play_game(h, "cheat", two, 3000);
	assert_null(harness_table(h));
	assert_int_equal(store_bluffs(h->store, "alice", "cheat", &league,
	    NULL), 0);
	assert_int_equal(league.games, 1);
	ledger_line(want, sizeof want, "alice", "Cheat", &league);
	ledger_line(line, sizeof line, "alice", "solo Cheat", &solo);
	strcat(want, "\n");
	strcat(want, line);
	expect_reply(h, "alice", "!bluffs cheat", want);
	/* bob played persons only: no solo line. */
	assert_int_equal(store_bluffs(h->store, "bob", NULL, &league, NULL),
	    0);
	ledger_line(want, sizeof want, "bob", "all games", &league);
	expect_reply(h, "alice", "!bluffs bob", want);
	harness_free(h);
}

/* The solo titles, announced at the end of the game that earns them
 * and listed by !titles: wins against three hard AI seats, each a Giant
 * Slayer; the fifth in a row a Lone Wolf too; and, by the sixth
 * (alice's solo rating after each win, as test_solo_rating() works the
 * first by hand: 29.49 ± 8.11, 33.41 ± 7.85, 36.77 ± 7.58,
 * 39.61 ± 7.33, 41.99 ± 7.09, 44.01 ± 6.87), a conservative estimate
 * of 23.40 past the hard anchor's 27.49 - 3 x 1.75 = 22.24 (20.73 after
 * the fifth): a Machine Breaker, once; the seventh (45.72 ± 6.68) is a
 * Giant Slayer only. */
static void
test_solo_titles(void **state)
{
	struct harness *h = harness_new(3, tune);
	static const int win[4] = { 1, 2, 3, 4 }, loss[2] = { 2, 1 };
	static const char *const slayer = "alice earns Giant Slayer (won "
	    "against three hard AI seats or more";
	char title[512];
	int from, g;

	(void)state;
	expect_reply(h, "alice", "!titles", "alice has not finished a game "
	    "yet.");
	for (g = 1; g <= 7; g++) {
		from = finish(h, "cheat bots=3 level=hard", alone, win);
		snprintf(title, sizeof title, "%s%s%.0d%s)%s%s!", slayer,
		    g > 1 ? "; " : "", g > 1 ? g : 0, g > 1 ? " times now" :
		    "", g == 5 ? " and Lone Wolf (five solo wins in a row)" :
		    "", g == 6 ? " and Machine Breaker (a solo rating whose "
		    "conservative estimate passed the hard AI's)" : "");
		expect_end(h, from, "Game over! alice wins Cheat.", title);
	}
	/* A loss ends the run; five more wins are a Lone Wolf again, and no
	 * second Machine Breaker. */
	from = finish(h, "cheat bots=1 level=easy", alone, loss);
	expect_end(h, from, "Game over! Ada(AI) wins Cheat.", NULL);
	for (g = 1; g <= 5; g++) {
		from = finish(h, "cheat bots=1 level=easy", alone, win);
		expect_end(h, from, "Game over! alice wins Cheat.", g < 5 ?
		    NULL : "alice earns Lone Wolf (five solo wins in a row; 2 "
		    "times now)!");
	}
	/* The store dates a title by the system's clock: the first seven
	 * games' on 2026-01-01, the others' the day after. */
	if (store_files_cli(h->db, "UPDATE solo_titles SET at = 1767225600 +"
	    " CASE WHEN game > 7 THEN 86400 ELSE 0 END", title,
	    sizeof title) != 0)
		fail_msg("sqlite3: %s", title);
	expect_reply(h, "bob", "!titles alice",
	    "alice's titles: Giant Slayer 7 times (2026-01-01); Lone Wolf "
	    "twice (first 2026-01-01, last 2026-01-02); Machine Breaker once "
	    "(2026-01-01).");
	expect_reply(h, "alice", "!titles cheat",
	    "alice's Cheat titles: Giant Slayer 7 times (2026-01-01); Lone "
	    "Wolf twice (first 2026-01-01, last 2026-01-02); Machine Breaker "
	    "once (2026-01-01).");
	expect_reply(h, "alice", "!titles liarsuno",
	    "alice has no Liar's UNO titles yet.");
	/* The league's titles board counts the league's titles only. */
	expect_reply(h, "alice", "!top cheat titles",
	    "Top Cheat, titles: nobody yet.");
	harness_free(h);
}

/* What the commands of the solo ladder refuse, each with its reason in
 * one line. */
static void
test_solo_refused(void **state)
{
	struct harness *h = harness_new(3, tune);

	(void)state;
	expect_reply(h, "alice", "!top solo",
	    "Ratings are per game: !top GAME solo.");
	expect_said(h, "alice", "!top cheat solo season",
	    "NOTICE alice :[#cheater] ratings are kept for all time only");
	expect_said(h, "alice", "!top chess solo",
	    "NOTICE alice :[#cheater] no game named 'chess'; boards are "
	    "wins, streak, games, run, titles, losses, safe, liar, detector, "
	    "rating, solo");
	expect_reply(h, "alice", "!top cheesedog solo",
	    "Top Cheesedog, solo (at least 2 games): nobody yet.");
	expect_reply(h, "alice", "!rating nobody cheat",
	    "nobody has no rated game of Cheat yet.");
	expect_reply(h, "alice", "!stats nobody",
	    "nobody has not finished a game yet.");
	expect_reply(h, "alice", "!bluffs cheesedog",
	    "Nobody lies in Cheesedog: no claim is made that another player "
	    "may call, so it keeps no bluffs.");
	expect_said(h, "alice", "!rating alice cheat more",
	    "NOTICE alice :[#cheater] usage: !rating [NICK] [GAME]");
	expect_said(h, "alice", "!stats alice cheat more",
	    "NOTICE alice :[#cheater] usage: !stats [NICK] [GAME]");
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_solo_rating),
		cmocka_unit_test(test_solo_stats),
		cmocka_unit_test(test_solo_bluffs),
		cmocka_unit_test(test_solo_titles),
		cmocka_unit_test(test_solo_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
