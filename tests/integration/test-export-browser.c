/*
 * The stats page in a real browser: Cheat games played to their end in
 * the bot core (tests/lib/harness.c), among four and among three, and
 * alice's against AI seats (the solo ladder), export_site() into a new
 * directory, and Debian's chromium, headless (tests/lib/chromium.h),
 * loads the index and a player's page from file:// and dumps the DOM it
 * built: the boards' tables and rows (the season's and the solo board
 * too), and the SVG charts with their titles and points (the solo chart
 * with the AI levels' anchors), are there.
 *
 * Then the index, alice's page and a game's page are laid out at 400 px
 * wide (a phone) and at 1200 px, and measured: no page scrolls sideways;
 * every chart is whole, scaled to fit (its box within the viewport, its
 * shape its viewBox's, and as wide as the viewport allows up to its own
 * size); every table is in a box of its own within the viewport, which
 * scrolls sideways when the table is wider.  A screenshot of the index is
 * taken at both widths, each checked to be that wide; with
 * CHEATERBOT_SCREENSHOT=FILE the one at 1200 px is kept in FILE (how
 * docs/league-page.png was made), with CHEATERBOT_SCREENSHOT_NARROW=FILE
 * the one at 400 px.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bot/export.h"
#include "games/ai.h"
#include "storage/solo.h"
#include "tests/lib/chromium.h"
#include "tests/lib/harness.h"

#define GAMES 4
/* alice's games against AI seats: as many as a board needs. */
#define SOLO_GAMES 2
/* A screen that has room for every table of the pages. */
#define ROOMY 1200

static const char *const four[] = { "alice", "bob", "carol", "dave", NULL };
static const char *const three[] = { "alice", "bob", "carol", NULL };
static const char *const alone[] = { "alice", NULL };

static void
tune(struct conf *c)
{
	c->league_provisional = SOLO_GAMES;
	c->ai_think_min_ms = 200;
	c->ai_think_max_ms = 600;
}

static void
play(struct harness *h, const char *variant, const char *const *nicks)
{
	harness_play_game(h, variant, nicks, 3000);
	assert_null(harness_table(h));
}

/* The DOM chromium built from dir/rel, a new string. */
static char *
dump_dom(const char *dir, const char *rel)
{
	char *text = chromium_dom(dir, rel);

	if (text == NULL)
		fail_msg("chromium dumped nothing for %s", rel);
	return text;
}

static int
count(const char *text, const char *what)
{
	int n = 0;

	for (; (text = strstr(text, what)) != NULL; text += strlen(what))
		n++;
	return n;
}

/* What one page laid out at width px must be (facts as
 * chromium_measure() gives them): no sideways scroll, every chart whole
 * and scaled to fit, every table in a box within the viewport that
 * scrolls when the table is wider; at ROOMY px or more, no table wider
 * than its box, none scrolling.  The charts and the tables counted into
 * *svgs and *tables. */
static void
fits(const char *rel, const char *facts, int width, int *svgs, int *tables)
{
	char line[512], name[128], overflow[32];
	const char *p, *end;
	double left, right, w, h, vw, vh, tw, bw, least;
	int viewport = 0, page = -1;

	*svgs = *tables = 0;
	if (facts == NULL)
		fail_msg("%s at %d px: not measured", rel, width);
	for (p = facts; *p != '\0'; p = end + (*end != '\0')) {
		end = p + strcspn(p, "\n");
		snprintf(line, sizeof line, "%.*s", (int)(end - p), p);
		if (sscanf(line, "viewport %d", &viewport) == 1 ||
		    sscanf(line, "page %d", &page) == 1)
			continue;
		if (sscanf(line, "svg %127s %lf %lf %lf %lf %lf %lf", name,
		    &left, &right, &w, &h, &vw, &vh) == 7) {
			(*svgs)++;
			/* Within the viewport, with a viewBox to scale by,
			 * its shape kept (not cut), and as wide as there is
			 * room for, up to its own width. */
			least = vw < 0.8 * width ? vw : 0.8 * width;
			if (left < -0.5 || right > width + 0.5 || vw <= 0 ||
			    vh <= 0 || w < least - 0.5 ||
			    fabs(h / w - vh / vw) > 0.02 * vh / vw)
				fail_msg("%s at %d px: the chart does not fit: "
				    "%s", rel, width, line);
			continue;
		}
		if (sscanf(line, "table %127s %lf %lf %31s %lf %lf", name,
		    &left, &right, overflow, &tw, &bw) == 6) {
			(*tables)++;
			if (left < -0.5 || right > width + 0.5 ||
			    (tw > bw + 0.5 && (width >= ROOMY ||
			    strcmp(overflow, "auto") != 0)))
				fail_msg("%s at %d px: the table does not fit: "
				    "%s", rel, width, line);
			continue;
		}
		fail_msg("%s at %d px: what is \"%s\"?", rel, width, line);
	}
	assert_int_equal(viewport, width);
	if (page < 0 || page > width)
		fail_msg("%s at %d px: the page is %d px wide", rel, width,
		    page);
}

/* The width of the PNG file at path, from its header. */
static int
png_width(const char *path)
{
	unsigned char head[24];
	FILE *f = fopen(path, "rb");

	assert_non_null(f);
	assert_int_equal(fread(head, 1, sizeof head, f), sizeof head);
	fclose(f);
	assert_memory_equal(head + 12, "IHDR", 4);
	return head[16] << 24 | head[17] << 16 | head[18] << 8 | head[19];
}

/* The index, alice's page and a game's page at 400 and at 1200 px: each
 * fits (fits()), the index with its chart of games per day and its
 * boards, alice's page with her two charts and her tables; a screenshot
 * of the index at each width, that wide, kept where the environment
 * says. */
static void
narrow_and_wide(const char *dir)
{
	static const char *const pages[] = {"index.html",
	    "players/alice.html", "games/1.html"};
	static const int widths[] = {400, ROOMY};
	static const char *const keep[] = {"CHEATERBOT_SCREENSHOT_NARROW",
	    "CHEATERBOT_SCREENSHOT"};
	char *facts[3], png[512], cmd[1024];
	const char *to;
	struct stat sb;
	int i, k, svgs, tables;

	for (k = 0; k < 2; k++) {
		assert_int_equal(chromium_measure(dir, pages, 3, widths[k],
		    facts), 0);
		fits(pages[0], facts[0], widths[k], &svgs, &tables);
		assert_int_equal(svgs, 1);
		assert_true(tables >= 6);
		fits(pages[1], facts[1], widths[k], &svgs, &tables);
		assert_int_equal(svgs, 2);
		assert_true(tables >= 5);
		fits(pages[2], facts[2], widths[k], &svgs, &tables);
		for (i = 0; i < 3; i++)
			free(facts[i]);

		snprintf(png, sizeof png, "%s/shot-%d.png", dir, widths[k]);
		assert_int_equal(chromium_screenshot(dir, "index.html",
		    widths[k], 1600, png), 0);
		assert_int_equal(stat(png, &sb), 0);
		assert_true(sb.st_size > 1000);
		assert_int_equal(png_width(png), widths[k]);
		if ((to = getenv(keep[k])) != NULL) {
			snprintf(cmd, sizeof cmd, "cp %s %s", png, to);
			assert_int_equal(system(cmd), 0);
		}
	}
}

static void
test_browser(void **state)
{
	struct harness *h = harness_new(5, tune);
	char dir[] = "/tmp/cheaterbot-browser-XXXXXX", cmd[1024], *dom;
	char *cause = NULL;
	const char *solo;
	struct rating anchor[AI_LEVELS];
	struct stat sb;
	int i, k, lines;

	(void)state;
	if (stat(CHROMIUM, &sb) != 0)
		fail_msg(CHROMIUM " is missing: make deps installs it");
	for (i = 0; i < GAMES; i++)
		play(h, "cheat", i % 2 == 0 ? four : three);
	for (i = 0; i < SOLO_GAMES; i++) {
		harness_play_with_ai(h, "cheat bots=2", alone, 4000);
		assert_null(harness_table(h));
	}
	assert_non_null(mkdtemp(dir));
	if (export_site(h->store, &h->conf, dir, (uint64_t)time(NULL),
	    &cause) != 0)
		fail_msg("export_site: %s", cause);

	dom = dump_dom(dir, "index.html");
	assert_non_null(strstr(dom, "<h1>The league</h1>"));
	assert_non_null(strstr(dom, "<table class=\"board\" "
	    "id=\"cheat-board-0\">"));
	assert_non_null(strstr(dom, "id=\"cheat-board-9\""));
	assert_non_null(strstr(dom, "id=\"cheat-board-8\""));
	/* The season so far: every game was played in this one. */
	assert_non_null(strstr(dom, "<table class=\"board season\" "
	    "id=\"cheat-season-board-0\">"));
	assert_non_null(strstr(dom, " so far: Wins</caption>"));
	assert_true(count(dom, "<tr class=\"row\">") >= 4 + 3);
	/* The solo board: alice, from her games against AI seats. */
	solo = strstr(dom, "<table class=\"board\" id=\"cheat-board-10\">"
	    "<caption>Solo rating: against AI seats");
	assert_non_null(solo);
	assert_non_null(strstr(solo, "<tr class=\"row\"><td class=\"n\">1"
	    "</td><td><a href=\"players/alice.html\">alice</a></td>"));
	assert_int_equal(count(solo, "<tr class=\"row\">") -
	    count(strstr(solo, "</table>"), "<tr class=\"row\">"), 1);
	assert_non_null(strstr(dom, "<svg id=\"games-per-day\""));
	assert_non_null(strstr(dom, "<title>Games finished per day"));
	assert_int_equal(count(dom, "<rect class=\"day\""), EXPORT_DAYS);
	assert_null(strstr(dom, "<script"));
	free(dom);

	dom = dump_dom(dir, "players/alice.html");
	assert_non_null(strstr(dom, "<h1>alice</h1>"));
	assert_non_null(strstr(dom, "<svg class=\"rating-chart\" "
	    "id=\"rating-cheat\""));
	assert_non_null(strstr(dom, "alice's Cheat rating over 4 rated "
	    "games</title>"));
	assert_non_null(strstr(dom, "Bluff ledger"));
	/* The league's chart, then the solo one: a point per game each. */
	solo = strstr(dom, "<h3>Solo: against AI seats</h3>");
	assert_non_null(solo);
	assert_int_equal(count(dom, "<circle class=\"mu point\"") -
	    count(solo, "<circle class=\"mu point\""), GAMES);
	assert_non_null(strstr(solo, "<svg class=\"rating-chart solo\" "
	    "id=\"solo-rating-cheat\""));
	assert_non_null(strstr(solo, "alice's Cheat solo rating over 2 solo "
	    "games</title>"));
	assert_int_equal(count(solo, "<circle class=\"mu point\""),
	    SOLO_GAMES);
	/* A line an anchor: levels of the same anchor share one, each
	 * named in its title. */
	for (k = lines = 0; k < AI_LEVELS; k++) {
		assert_int_equal(solo_anchor("cheat", (enum ai_level)k,
		    &anchor[k]), 0);
		lines += k == 0 || anchor[k].mu != anchor[k - 1].mu;
	}
	assert_int_equal(count(solo, "<line class=\"anchor\""), lines);
	assert_non_null(strstr(solo, "<title>the easy AI seats' anchor: "));
	assert_non_null(strstr(solo, "<title>the hard "));
	assert_non_null(strstr(solo, "expert AI seats' anchor: "));
	assert_non_null(strstr(solo, "Solo bluff ledger, 2 games"));
	free(dom);

	narrow_and_wide(dir);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
	harness_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_browser),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
