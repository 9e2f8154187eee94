/*
 * The stats page in a real browser: Cheat games played to their end in
 * the bot core (tests/lib/harness.c), among four and among three, and
 * alice's against AI seats (the solo ladder), export_site() into a new
 * directory, and Debian's chromium (/usr/bin/chromium, a Makefile
 * dependency), headless, loads the index and a player's page from
 * file:// and dumps the DOM it built: the boards' tables and rows (the
 * season's and the solo board too), and the SVG charts with their titles
 * and points (the solo chart with the AI levels' anchors), are there.  A
 * screenshot of the index is taken too; with CHEATERBOT_SCREENSHOT=FILE
 * it is kept in FILE (how docs/league-page.png was made).
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
#include <time.h>

#include "bot/export.h"
#include "tests/lib/harness.h"

#define CHROMIUM "/usr/bin/chromium"
#define GAMES 4
/* alice's games against AI seats: as many as a board needs. */
#define SOLO_GAMES 2

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

/* chromium's flags, a profile of its own in dir. */
#define FLAGS "--headless --no-sandbox --disable-gpu " \
    "--user-data-dir=%s/.profile"

/* The DOM chromium built from dir/rel, a new string. */
static char *
dump_dom(const char *dir, const char *rel)
{
	char cmd[1024], *text = NULL;
	size_t len = 0, n;
	char chunk[4096];
	FILE *p;

	snprintf(cmd, sizeof cmd, CHROMIUM " " FLAGS " --dump-dom "
	    "file://%s/%s 2>/dev/null", dir, dir, rel);
	p = popen(cmd, "r");
	assert_non_null(p);
	while ((n = fread(chunk, 1, sizeof chunk, p)) > 0) {
		text = realloc(text, len + n + 1);
		assert_non_null(text);
		memcpy(text + len, chunk, n);
		len += n;
		text[len] = '\0';
	}
	assert_int_equal(pclose(p), 0);
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

static void
test_browser(void **state)
{
	struct harness *h = harness_new(5, tune);
	char dir[] = "/tmp/cheaterbot-browser-XXXXXX", cmd[1024], *dom;
	char *cause = NULL;
	const char *keep = getenv("CHEATERBOT_SCREENSHOT"), *solo;
	struct stat sb;
	int i;

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
	assert_int_equal(count(solo, "<line class=\"anchor\""), 3);
	assert_non_null(strstr(solo, "<title>the hard AI seats' anchor: "));
	assert_non_null(strstr(solo, "Solo bluff ledger, 2 games"));
	free(dom);

	snprintf(cmd, sizeof cmd, CHROMIUM " " FLAGS " --screenshot=%s/shot.png"
	    " --window-size=1200,1600 file://%s/index.html >/dev/null 2>&1",
	    dir, dir, dir);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof cmd, "%s/shot.png", dir);
	assert_int_equal(stat(cmd, &sb), 0);
	assert_true(sb.st_size > 1000);
	if (keep != NULL) {
		snprintf(cmd, sizeof cmd, "cp %s/shot.png %s", dir, keep);
		assert_int_equal(system(cmd), 0);
	}
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
