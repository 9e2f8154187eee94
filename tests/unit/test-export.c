/*
 * The stats page (bot/export.c): Cheat games played to their end by
 * default moves in the bot core (tests/lib/harness.c), one player's nick
 * then changed to one with markup in it, and export_site() run into a
 * new directory: every file is there, the nick is escaped everywhere,
 * the boards have their rows, the rating chart has one point per rated
 * game, and every link of the index and of the pages goes to a file
 * that exists.  A second export over the first replaces it.
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
#include "storage/store.h"
#include "tests/lib/harness.h"
#include "tests/lib/store-files.h"

#define GAMES 3
#define NOW 1900000000ULL

static const char *const three[] = { "alice", "bob", "carol", NULL };

static void
tune(struct conf *c)
{
	c->league_provisional = 2;
}

/* Plays Cheat among three by default moves to its end. */
static void
play(struct harness *h)
{
	int moves;

	harness_deal(h, "cheat", three);
	for (moves = 0; harness_table(h) != NULL && moves < 2000; moves++) {
		if (harness_turn(h) >= 0)
			harness_play(h);
		else
			harness_advance(h,
			    (uint64_t)h->conf.challenge_close_ms);
	}
	harness_drain(h);
	assert_null(harness_table(h));
}

/* The whole of file dir/rel, a new string; NULL when missing. */
static char *
slurp(const char *dir, const char *rel)
{
	char path[512], *text;
	FILE *f;
	long n;

	snprintf(path, sizeof path, "%s/%s", dir, rel);
	if ((f = fopen(path, "r")) == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)n + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
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
	if (export_site(h->store, NULL, dir, NOW, &cause) != 0)
		fail_msg("export_site: %s", cause);
	/* Again over the first: the files replaced. */
	if (export_site(h->store, NULL, dir, NOW, &cause) != 0)
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

/* A directory that cannot be made: -1 and the reason. */
static void
test_export_fails(void **state)
{
	struct harness *h = harness_new(11, tune);
	char *cause = NULL;

	(void)state;
	assert_int_equal(export_site(h->store, NULL,
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
	    cmocka_unit_test(test_export_fails),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
