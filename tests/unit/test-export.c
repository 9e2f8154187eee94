/*
 * The stats page (bot/export.c): Cheat games played to their end by
 * default moves in the bot core (tests/lib/harness.c), one player's nick
 * then changed to one with markup in it, and export_site() run into a
 * new directory: every file is there, the nick is escaped everywhere,
 * the boards have their rows, the rating chart has one point per rated
 * game, and every link of the index and of the pages goes to a file
 * that exists.  A second export over the first replaces it.  Written as
 * `cheaterbot --export` writes it, the page honours league.provisional
 * as !rating and !top do: provisional ratings off the board, "provisional:
 * 1 of 2 rated games" on the player's page.  With
 * seasons of a week, games in two seasons: the index shows the season so
 * far and the podiums of the seasons before it, as the records rank them.
 * A game against AI seats alone makes its variant played, not "not
 * played yet", with the note that such games count toward no board of
 * the league, and is on the solo ladder: the solo board, the player's
 * solo record, rating and chart with the AI levels' anchors.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/export.h"
#include "bot/offline.h"
#include "games/ai.h"
#include "storage/solo.h"
#include "storage/store.h"
#include "tests/lib/harness.h"
#include "tests/lib/store-files.h"
#include "tests/lib/text-file.h"

#define GAMES 3
#define NOW 1900000000ULL
#define CH "#cheater"

static const char *const three[] = { "alice", "bob", "carol", NULL };
static const char *const alone[] = { "alice", NULL };

static void
tune(struct conf *c)
{
	c->league_provisional = 2;
}

/* Plays Cheat among three by default moves to its end. */
static void
play(struct harness *h)
{
	harness_play_game(h, "cheat", three, 2000);
	assert_null(harness_table(h));
}

/* The whole of file dir/rel, a new string; NULL when missing. */
static char *
slurp(const char *dir, const char *rel)
{
	char path[512];

	snprintf(path, sizeof path, "%s/%s", dir, rel);
	return text_file_read(path);
}

static int
count(const char *text, const char *what)
{
	int n = 0;

	for (; (text = strstr(text, what)) != NULL; text += strlen(what))
		n++;
	return n;
}

/* A test's end: the site's directory dir removed, the harness freed. */
static void
done(struct harness *h, const char *dir)
{
	char cmd[256];

	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
	harness_free(h);
}

/* Every href of page (at dir/rel) goes to a file that exists. */
static void
links_resolve(const char *dir, const char *rel)
{
	char *text = slurp(dir, rel), *p, *end, base[256], path[1024];
	struct stat sb;
	int n = 0;

	assert_non_null(text);
	snprintf(base, sizeof base, "%s", rel);
	if ((p = strrchr(base, '/')) != NULL)
		p[1] = '\0';
	else
		base[0] = '\0';
	for (p = text; (p = strstr(p, "href=\"")) != NULL; p = end) {
		p += 6;
		end = strchr(p, '"');
		assert_non_null(end);
		if (*p == '#')
			continue;
		assert_null(memchr(p, ':', (size_t)(end - p)));
		snprintf(path, sizeof path, "%s/%s%.*s", dir, base,
		    (int)(end - p), p);
		if (stat(path, &sb) != 0)
			fail_msg("%s: link to %s, no such file", rel, path);
		n++;
	}
	assert_true(n > 0);
	free(text);
}

static void
test_export(void **state)
{
	struct harness *h = harness_new(11, tune);
	char dir[] = "/tmp/cheaterbot-export-XXXXXX", out[256], rel[128];
	char name[64], *text, *cause = NULL;
	int i, rated;

	(void)state;
	for (i = 0; i < GAMES; i++)
		play(h);
	/* A nick no IRC server would allow, to see it escaped. */
	if (store_files_cli(h->db, "UPDATE players SET nick = 'a<l&i\"ce'"
	    " WHERE nick = 'alice'", out, sizeof out) != 0)
		fail_msg("sqlite3: %s", out);
	assert_non_null(mkdtemp(dir));
	if (export_site(h->store, &h->conf, dir, NOW, &cause) != 0)
		fail_msg("export_site: %s", cause);
	/* Again over the first: the files replaced. */
	if (export_site(h->store, &h->conf, dir, NOW, &cause) != 0)
		fail_msg("export_site: %s", cause);

	assert_int_equal(export_file_name("a<l&i\"ce", name, sizeof name), 0);
	assert_string_equal(name, "a~3cl~26i~22ce");
	text = slurp(dir, "index.html");
	assert_non_null(text);
	assert_non_null(strstr(text, "<!DOCTYPE html>"));
	assert_non_null(strstr(text, "<meta charset=\"utf-8\">"));
	assert_null(strstr(text, "<script"));
	assert_null(strstr(text, "a<l"));
	assert_null(strstr(text, "&i\""));
	assert_true(count(text, "a&lt;l&amp;i&quot;ce") >= 3);
	assert_non_null(strstr(text, "href=\"players/a~3cl~26i~22ce.html\""));
	assert_non_null(strstr(text, "id=\"games-per-day\""));
	assert_non_null(strstr(text, "<title>Games finished per day"));
	assert_non_null(strstr(text, ">day (UTC)</text>"));
	/* 3 games of Cheat: the wins board and the rating board (3 players
	 * with 2 rated games at least) have their rows. */
	assert_non_null(strstr(text, "id=\"cheat-board-0\""));
	assert_non_null(strstr(text, "id=\"cheat-board-9\""));
	assert_non_null(strstr(text, "id=\"cheat-board-7\""));
	assert_non_null(strstr(text, "id=\"cheat-board-8\""));
	assert_true(count(text, "<tr class=\"row\">") >= 3 + 1);
	assert_int_equal(count(strstr(text, "id=\"cheat-board-9\""),
	    "<tr class=\"row\">") - count(strstr(text, "id=\"cheat-board-7\""),
	    "<tr class=\"row\">"), 3);
	assert_int_equal(count(text, "<a href=\"games/"), GAMES);
	assert_non_null(strstr(text, "<h2>Cheat</h2>\n<p>3 games finished."
	    "</p>"));
	assert_non_null(strstr(text, "Not played yet: CHEATER, "));
	assert_non_null(strstr(text, "(ai.records is off)"));
	/* Who may be on a board, as !top has it. */
	assert_non_null(strstr(text, "<caption>Rating <small>(2 rated games "
	    "or more)</small></caption>"));
	/* The solo board is there, empty: nobody played AI seats. */
	assert_non_null(strstr(text, "id=\"cheat-board-10\"><caption>Solo "
	    "rating: against AI seats <small>(2 solo games or more)</small>"
	    "</caption>"));
	assert_non_null(strstr(text, "<caption>Liars: lies that got away "
	    "<small>(5 games or more)</small></caption>"));
	assert_non_null(strstr(text, "<caption>Detectors: right calls "
	    "<small>(5 calls or more)</small></caption>"));
	free(text);
	links_resolve(dir, "index.html");
	assert_non_null(text = slurp(dir, "style.css"));
	free(text);

	for (i = 0; i < 3; i++) {
		const char *nick = i == 0 ? "a<l&i\"ce" : three[i];

		assert_int_equal(export_file_name(nick, name, sizeof name), 0);
		snprintf(rel, sizeof rel, "players/%s.html", name);
		text = slurp(dir, rel);
		if (text == NULL)
			fail_msg("no %s", rel);
		assert_null(strstr(text, "a<l"));
		assert_non_null(strstr(text, "<svg class=\"rating-chart\""));
		assert_non_null(strstr(text, ">rated games</text>"));
		assert_non_null(strstr(text, ">rating</text>"));
		/* One point per rated game. */
		rated = count(text, "<circle class=\"mu point\"");
		assert_int_equal(rated, GAMES);
		assert_int_equal(count(text, "<polyline"), 2);
		assert_non_null(strstr(text, "Bluff ledger"));
		/* No game against AI seats: no solo part. */
		assert_null(strstr(text, "Solo"));
		free(text);
		links_resolve(dir, rel);
	}
	text = slurp(dir, "players/a~3cl~26i~22ce.html");
	assert_non_null(strstr(text, "<h1>a&lt;l&amp;i&quot;ce</h1>"));
	free(text);
	/* A game's page: its replay, escaped, and no temporary left. */
	snprintf(rel, sizeof rel, "games/1.html");
	text = slurp(dir, rel);
	assert_non_null(text);
	assert_non_null(strstr(text, "<pre class=\"replay\">"));
	assert_null(strstr(text, "a<l"));
	free(text);
	links_resolve(dir, rel);
	snprintf(out, sizeof out, "test -z \"$(ls -A %s | grep tmp)\" && "
	    "rm -rf %s", dir, dir);
	assert_int_equal(system(out), 0);
	harness_free(h);
}

/* The rows of the board whose table starts at board. */
static int
board_rows(const char *board)
{
	return count(board, "<tr class=\"row\">") -
	    count(strstr(board, "</table>"), "<tr class=\"row\">");
}

/* league.provisional on the page as !rating and !top have it, the page
 * written as `cheaterbot --export` writes it (offline_export(): the
 * configured database opened afresh, read-only): after one game each
 * rating is provisional, "1 of 2 rated games", and the rating board is
 * empty; after two, the three are on it, each page giving its place. */
static void
test_export_provisional(void **state)
{
	struct harness *h = harness_new(11, tune);
	char dir[] = "/tmp/cheaterbot-export-XXXXXX", cmd[256], *text;
	const char *board;
	struct conf c;
	int i;

	(void)state;
	c = h->conf;
	c.db = h->db;
	assert_non_null(mkdtemp(dir));
	play(h);
	assert_int_equal(offline_export(&c, dir, NOW), 0);
	text = slurp(dir, "index.html");
	assert_non_null(board = strstr(text, "id=\"cheat-board-9\"><caption>"
	    "Rating <small>(2 rated games or more)</small></caption>"));
	assert_int_equal(board_rows(board), 0);
	assert_true(strstr(board, "nobody yet") < strstr(board, "</table>"));
	free(text);
	for (i = 0; three[i] != NULL; i++) {
		snprintf(cmd, sizeof cmd, "players/%s.html", three[i]);
		text = slurp(dir, cmd);
		assert_non_null(strstr(text, "(conservative "));
		assert_non_null(strstr(text, "), provisional: 1 of 2 rated "
		    "games.</p>"));
		free(text);
	}

	play(h);
	assert_int_equal(offline_export(&c, dir, NOW), 0);
	text = slurp(dir, "index.html");
	assert_non_null(board = strstr(text, "id=\"cheat-board-9\">"));
	assert_int_equal(board_rows(board), 3);
	free(text);
	for (i = 0; three[i] != NULL; i++) {
		snprintf(cmd, sizeof cmd, "players/%s.html", three[i]);
		text = slurp(dir, cmd);
		assert_non_null(strstr(text, "), 2 rated games, number "));
		assert_null(strstr(text, "provisional"));
		free(text);
	}
	done(h, dir);
}

/* The seats of game's results whose SQL condition is where, in place
 * and then seat order, each as a link (up "" or "../") and, with
 * numbered, its place before it ("1. <a ...>alice</a>"), joined by
 * between, into out. */
static void
seats_where(struct harness *h, int game, const char *where, const char *up,
    int numbered, const char *between, char *out, size_t size)
{
	char sql[512], rows[512], nick[64], name[200], *p, *end;
	size_t len = 0;
	int place;

	snprintf(sql, sizeof sql, "SELECT r.place, p.nick FROM results AS r"
	    " JOIN players AS p ON p.id = r.player WHERE r.game = %d AND %s"
	    " ORDER BY r.place, r.seat", game, where);
	if (store_files_cli(h->db, sql, rows, sizeof rows) != 0)
		fail_msg("sqlite3: %s", rows);
	out[0] = '\0';
	for (p = rows; *p != '\0'; p = end + (*end != '\0')) {
		end = p + strcspn(p, "\n");
		assert_int_equal(sscanf(p, "%d|%63[^\n]", &place, nick), 2);
		assert_int_equal(export_file_name(nick, name, sizeof name), 0);
		if (len > 0)
			len += (size_t)snprintf(out + len, size - len, "%s",
			    between);
		if (numbered)
			len += (size_t)snprintf(out + len, size - len, "%d. ",
			    place);
		len += (size_t)snprintf(out + len, size - len, "<a href=\"%s"
		    "players/%s.html\">%s</a>", up, name, nick);
		assert_true(len < size);
	}
}

/* Asserts text has want, or fails showing it. */
static void
has(const char *text, const char *want)
{
	if (strstr(text, want) == NULL)
		fail_msg("no \"%s\" in:\n%s", want, text);
}

/*
 * Who won each recent game, the winner first: in the index's list, and
 * opening the game's page, with its places, before its players and its
 * replay; as the stored results have it: a Cheat game won, one won by
 * forfeit (bob leaves at once: no win counted, as the page says), a
 * Cheesedog game lost (played for a loser, which nobody wins).
 */
static void
test_export_results(void **state)
{
	static const char *const two[] = { "alice", "bob", NULL };
	struct harness *h = harness_new(11, tune);
	char dir[] = "/tmp/cheaterbot-export-XXXXXX", *text, *cause = NULL;
	char won[256], places[1024], want[2048], rel[64];
	const char *p;

	(void)state;
	play(h);
	harness_deal(h, "cheat", two);
	harness_say(h, "bob", CH, "!leave");
	harness_say(h, "bob", CH, "!leave");
	harness_drain(h);
	assert_null(harness_table(h));
	harness_play_game(h, "cheesedog", three, 3000);
	assert_null(harness_table(h));
	assert_non_null(mkdtemp(dir));
	if (export_site(h->store, &h->conf, dir, NOW, &cause) != 0)
		fail_msg("export_site: %s", cause);

	text = slurp(dir, "index.html");
	assert_non_null(p = strstr(text, "<table class=\"recent\"><tr><th>"
	    "game</th><th>variant</th><th>result</th><th>players</th>"));
	seats_where(h, 1, "r.won = 1", "", 0, ", ", won, sizeof won);
	snprintf(want, sizeof want, "<td>Cheat</td><td class=\"result\">%s "
	    "won</td>", won);
	has(p, want);
	has(p, "<td>Cheat</td><td class=\"result\"><a href=\"players/"
	    "alice.html\">alice</a> won by forfeit</td>");
	seats_where(h, 3, "r.lost = 1", "", 0, ", ", won, sizeof won);
	snprintf(want, sizeof want, "<td>Cheesedog</td><td class=\"result\">"
	    "%s lost</td>", won);
	has(p, want);
	free(text);

	/* Each page opens with it: right under its title. */
	seats_where(h, 1, "r.won = 1", "../", 0, ", ", won, sizeof won);
	seats_where(h, 1, "r.place > 0", "../", 1, ", ", places,
	    sizeof places);
	snprintf(want, sizeof want, "</h1>\n<p class=\"result\"><strong>%s "
	    "won.</strong> Places: %s.</p>\n<p>In #cheater", won, places);
	has(text = slurp(dir, "games/1.html"), want);
	free(text);
	has(text = slurp(dir, "games/2.html"), "</h1>\n<p class=\"result\">"
	    "<strong><a href=\"../players/alice.html\">alice</a> won by "
	    "forfeit</strong>: everyone else left, so it counts as a game "
	    "played, not as a win. Places: 1. <a href=\"../players/"
	    "alice.html\">alice</a>; left: <a href=\"../players/bob.html\">"
	    "bob</a>.</p>\n<p>In #cheater");
	free(text);
	seats_where(h, 3, "r.lost = 1", "../", 0, ", ", won, sizeof won);
	seats_where(h, 3, "r.place > 0", "../", 1, ", ", places,
	    sizeof places);
	snprintf(rel, sizeof rel, "games/3.html");
	snprintf(want, sizeof want, "</h1>\n<p class=\"result\"><strong>%s "
	    "lost.</strong> Places: %s.</p>\n<p>In #cheater", won, places);
	has(text = slurp(dir, rel), want);
	assert_true(strstr(text, "<p class=\"result\">") <
	    strstr(text, "<h2>Replay</h2>"));
	free(text);
	links_resolve(dir, "index.html");
	done(h, dir);
}

static void
tune_weeks(struct conf *c)
{
	c->league_season = 7;
}

/* The podium cells of season n as export_seasons() writes them, into
 * out; how many places the records give it (1 to 3). */
static int
podium(struct harness *h, int64_t n, char *out, size_t size)
{
	struct store_top_row rows[3];
	char *cause = NULL, name[64];
	int k, i;
	size_t len = 0;

	k = store_top_season(h->store, "cheat", STORE_BOARD_WINS, n,
	    h->conf.stats_min_games, rows, 3, &cause);
	if (k < 1)
		fail_msg("season %lld: %d rows: %s", (long long)n, k,
		    cause != NULL ? cause : "none");
	out[0] = '\0';
	for (i = 0; i < k; i++) {
		assert_int_equal(
		    export_file_name(rows[i].nick, name, sizeof name), 0);
		len += (size_t)snprintf(out + len, size - len,
		    "<td><a href=\"players/%s.html\">%s</a> (%d)</td>", name,
		    rows[i].nick, rows[i].value);
	}
	for (; i < 3; i++)
		len += (size_t)snprintf(out + len, size - len, "<td></td>");
	return k;
}

static void
test_export_seasons(void **state)
{
	struct harness *h = harness_new(12, tune_weeks);
	char dir[] = "/tmp/cheaterbot-export-XXXXXX", one[512], two[512];
	char want[1024], *text, *cause = NULL, *p;
	int placed;
	const int64_t day = 86400, epoch = 1767225600; /* 2026-01-01 UTC */

	(void)state;
	/* Season 1 is days 0-6, season 2 days 7-13. */
	harness_wall(h, (epoch + 2 * day) * 1000);
	play(h);
	play(h);
	harness_wall(h, (epoch + 8 * day) * 1000);
	play(h);
	podium(h, 1, one, sizeof one);
	placed = podium(h, 2, two, sizeof two);
	assert_non_null(mkdtemp(dir));

	/* In season 2: its board so far, and season 1's podium. */
	if (export_site(h->store, &h->conf, dir, (uint64_t)(epoch + 9 * day),
	    &cause) != 0)
		fail_msg("export_site: %s", cause);
	text = slurp(dir, "index.html");
	assert_non_null(text);
	p = strstr(text, "id=\"cheat-season-board-0\"");
	assert_non_null(p);
	assert_non_null(strstr(p, "<caption>Season 2 so far: Wins</caption>"));
	assert_int_equal(count(p, "<tr class=\"row\">") -
	    count(strstr(p, "</table>"), "<tr class=\"row\">"), placed);
	p = strstr(text, "id=\"cheat-seasons\"");
	assert_non_null(p);
	snprintf(want, sizeof want, "<tr class=\"row\"><td class=\"n\">1</td>"
	    "<td>the start</td><td>2026-01-07</td>%s", one);
	if (strstr(p, want) == NULL)
		fail_msg("no \"%s\" in %s", want, p);
	assert_null(strstr(p, "<td class=\"n\">2</td>"));
	free(text);

	/* In season 3: nobody yet this season, seasons 2 and 1 past. */
	if (export_site(h->store, &h->conf, dir, (uint64_t)(epoch + 15 * day),
	    &cause) != 0)
		fail_msg("export_site: %s", cause);
	text = slurp(dir, "index.html");
	p = strstr(text, "id=\"cheat-season-board-0\"");
	assert_non_null(p);
	assert_non_null(strstr(p, "Season 3 so far"));
	assert_true(strstr(p, "nobody yet") < strstr(p, "</table>"));
	snprintf(want, sizeof want, "<td class=\"n\">2</td><td>2026-01-08"
	    "</td><td>2026-01-14</td>%s</tr>\n<tr class=\"row\">"
	    "<td class=\"n\">1</td>", two);
	if (strstr(text, want) == NULL)
		fail_msg("no \"%s\"", want);
	free(text);
	links_resolve(dir, "index.html");
	done(h, dir);
}

/* Seasons numbered from the first the database recorded: games in the
 * calendar's third and fourth weeks are its seasons 1 and 2, whose
 * podiums carry those weeks' dates; the fifth week is Season 3. */
static void
test_export_seasons_numbered(void **state)
{
	struct harness *h = harness_new(12, tune_weeks);
	char dir[] = "/tmp/cheaterbot-export-XXXXXX", one[512], two[512];
	char want[1280], *text, *cause = NULL;
	const int64_t day = 86400, epoch = 1767225600; /* 2026-01-01 UTC */

	(void)state;
	harness_wall(h, (epoch + 15 * day) * 1000);
	play(h);
	harness_wall(h, (epoch + 22 * day) * 1000);
	play(h);
	podium(h, 1, one, sizeof one);
	podium(h, 2, two, sizeof two);
	assert_non_null(mkdtemp(dir));
	if (export_site(h->store, &h->conf, dir, (uint64_t)(epoch + 29 * day),
	    &cause) != 0)
		fail_msg("export_site: %s", cause);
	text = slurp(dir, "index.html");
	assert_non_null(text);
	assert_non_null(strstr(text, "<caption>Season 3 so far: Wins"
	    "</caption>"));
	snprintf(want, sizeof want, "<td class=\"n\">2</td><td>2026-01-22"
	    "</td><td>2026-01-28</td>%s</tr>\n<tr class=\"row\">"
	    "<td class=\"n\">1</td><td>2026-01-15</td><td>2026-01-21</td>%s",
	    two, one);
	if (strstr(text, want) == NULL)
		fail_msg("no \"%s\" in %s", want, text);
	assert_null(strstr(text, "the start"));
	free(text);
	done(h, dir);
}

static void
tune_ai(struct conf *c)
{
	c->ai_think_min_ms = 200;
	c->ai_think_max_ms = 600;
	c->league_provisional = 1;
}

/* A game against AI seats alone (ai.records off): it counts toward no
 * board of the league, but its variant is played, not "not played
 * yet", and the page says why those boards are empty; it is on the solo
 * ladder: alice is on the variant's solo board, and her page has her
 * solo record, rating and its chart, the AI levels' anchors drawn on
 * it. */
static void
test_export_ai_only(void **state)
{
	struct harness *h = harness_new(13, tune_ai);
	char dir[] = "/tmp/cheaterbot-export-XXXXXX", *text, *cause = NULL;
	char cmd[512];
	const char *board, *part;
	struct store_rating r;
	struct rating anchor, next, after;
	int l, j, lines;
	size_t len;

	(void)state;
	harness_play_with_ai(h, "cheat bots=2", alone, 4000);
	assert_null(harness_table(h));
	assert_non_null(mkdtemp(dir));
	if (export_site(h->store, &h->conf, dir, NOW, &cause) != 0)
		fail_msg("export_site: %s", cause);
	text = slurp(dir, "index.html");
	assert_non_null(text);
	assert_non_null(strstr(text, "<h2>Cheat</h2>\n<p>1 game finished."
	    "</p>"));
	assert_null(strstr(text, "Not played yet: Cheat"));
	assert_non_null(strstr(text, "(ai.records is off)"));
	assert_int_equal(count(text, "<a href=\"games/"), 1);
	/* The league's boards are empty, the solo board has alice. */
	assert_non_null(board = strstr(text, "<table class=\"board\" "
	    "id=\"cheat-board-9\">"));
	assert_non_null(strstr(board, "<tr><td colspan=\"5\">nobody yet"));
	assert_non_null(board = strstr(text, "<table class=\"board\" "
	    "id=\"cheat-board-10\"><caption>Solo rating: against AI seats"
	    "</caption>\n<tr><th>#</th><th>player</th><th>rating</th>"
	    "<th>mu &#177; sigma</th><th>games</th></tr>\n"
	    "<tr class=\"row\"><td class=\"n\">1</td><td><a "
	    "href=\"players/alice.html\">alice</a></td>"));
	assert_int_equal(count(board, "<tr class=\"row\">") -
	    count(strstr(board, "</table>"), "<tr class=\"row\">"), 1);
	assert_int_equal(store_solo_rating(h->store, "alice", "cheat", &r,
	    NULL), 0);
	snprintf(cmd, sizeof cmd, "<td class=\"n\">%.1f</td><td class=\"n\">"
	    "%.1f &#177; %.1f</td><td class=\"n\">1</td></tr>", r.ordinal,
	    r.mu, r.sigma);
	assert_non_null(strstr(board, cmd));
	free(text);
	links_resolve(dir, "index.html");

	text = slurp(dir, "players/alice.html");
	assert_non_null(text);
	assert_non_null(part = strstr(text, "<h3>Solo: against AI seats</h3>"));
	/* No league part: no game of hers counted there. */
	assert_null(strstr(text, "<caption>Record</caption>"));
	assert_null(strstr(text, "id=\"rating-cheat\""));
	assert_non_null(strstr(part, "<caption>Solo record</caption>"));
	snprintf(cmd, sizeof cmd, "<p class=\"rating solo\">Solo rating "
	    "%.1f &#177; %.1f (conservative %.1f), 1 solo game, number 1 on "
	    "the solo board.</p>", r.mu, r.sigma, r.ordinal);
	assert_non_null(strstr(part, cmd));
	assert_non_null(strstr(part, "<svg class=\"rating-chart solo\" "
	    "id=\"solo-rating-cheat\""));
	assert_non_null(strstr(part, "alice's Cheat solo rating over 1 solo "
	    "game</title>"));
	assert_int_equal(count(part, "<circle class=\"mu point\""), 1);
	/* The levels' anchors, a line an anchor with its figure; levels of
	 * the same anchor (one not calibrated on its own yet) share it,
	 * named together ("the hard and expert AI seats' anchor"). */
	for (l = lines = 0; l < AI_LEVELS; l = j + 1) {
		assert_int_equal(solo_anchor("cheat", (enum ai_level)l,
		    &anchor), 0);
		len = (size_t)snprintf(cmd, sizeof cmd, "<title>the %s",
		    ai_level_name((enum ai_level)l));
		for (j = l; j + 1 < AI_LEVELS; j++) {
			assert_int_equal(solo_anchor("cheat",
			    (enum ai_level)(j + 1), &next), 0);
			if (next.mu != anchor.mu)
				break;
			len += (size_t)snprintf(cmd + len, sizeof cmd - len,
			    "%s%s", j + 2 < AI_LEVELS && solo_anchor("cheat",
			    (enum ai_level)(j + 2), &after) == 0 &&
			    after.mu == anchor.mu ? ", " : " and ",
			    ai_level_name((enum ai_level)(j + 1)));
		}
		snprintf(cmd + len, sizeof cmd - len, " AI seats' anchor: "
		    "%.1f</title>", anchor.mu);
		assert_non_null(strstr(part, cmd));
		lines++;
	}
	assert_int_equal(count(part, "<line class=\"anchor\""), lines);
	assert_non_null(strstr(part, ">solo games</text>"));
	assert_non_null(strstr(part, "Solo bluff ledger, 1 game"));
	free(text);
	links_resolve(dir, "players/alice.html");
	done(h, dir);
}

/* A directory that cannot be made: -1 and the reason. */
static void
test_export_fails(void **state)
{
	struct harness *h = harness_new(11, tune);
	char *cause = NULL;

	(void)state;
	assert_int_equal(export_site(h->store, &h->conf,
	    "/nonexistent/cheaterbot/site", NOW, &cause), -1);
	assert_non_null(cause);
	assert_non_null(strstr(cause, "/nonexistent/cheaterbot/site"));
	free(cause);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_export),
	    cmocka_unit_test(test_export_provisional),
	    cmocka_unit_test(test_export_results),
	    cmocka_unit_test(test_export_seasons),
	    cmocka_unit_test(test_export_seasons_numbered),
	    cmocka_unit_test(test_export_ai_only),
	    cmocka_unit_test(test_export_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
