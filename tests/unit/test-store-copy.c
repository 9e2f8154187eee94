/*
 * store_copy() (storage/copy.c): a bot's records copied into a new
 * database, from an SQLite file into the suite's engine (another SQLite
 * file, or with STORE_ENGINE=pgsql a private PostgreSQL: the move of a
 * bot's records into a league).  The source holds a bit of everything:
 * players (two people and an AI), a preference, a game finished with
 * results, stats, a run's title, bluff ledgers and a bluff title,
 * ratings and their history, a season (the database's first: its
 * Season 1 is the bot's 3), a game still running with its
 * moves, an ignored mask and an announced season end.
 *
 *  - Copied as it is (no network): every table has the same rows, each
 *    column as the source has it but the doubles (read back through the
 *    store, equal to the last bit), the copy passes the check, and the
 *    new ids go on after the copied ones.
 *  - Into a league (network "libera"): the people's keys are libera's
 *    (the AI's no network's), the games and the season mark and the
 *    mask too; the copy's store, set to libera, finds the running game to
 *    resume with its seats' keys as the bot made them, and every
 *    record by nick as the source's store did.
 *  - Refused into a database with records, which keeps them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "storage/store.h"
#include "tests/lib/store-files.h"

/* Every table and its columns but the doubles, the key last for the
 * order: what the two databases must print alike. */
static const char *const dumps[] = {
	"SELECT id, key, nick, first_seen, last_seen, network FROM players"
	" ORDER BY id",
	"SELECT player, name, value FROM prefs ORDER BY player, name",
	"SELECT id, variant, channel, options, seed, state, started, ended,"
	" why, dealer, ai, salt, season, pruned, network FROM games"
	" ORDER BY id",
	"SELECT game, seat, player, ident FROM game_players"
	" ORDER BY game, seat",
	"SELECT game, n, seat, text, at FROM moves ORDER BY game, n",
	"SELECT game, seat, player, place, won, lost, points, detail, forfeit"
	" FROM results ORDER BY game, seat",
	"SELECT player, variant, games, wins, losses, streak, best_streak,"
	" run, run_detail, best_run, best_run_detail, safe, best_safe"
	" FROM stats ORDER BY player, variant",
	"SELECT player, game, variant, title, run, detail, at FROM titles"
	" ORDER BY player, game, title",
	"SELECT network, mask, added_by, at FROM ignores ORDER BY mask",
	"SELECT game, seat, player, claims, lies, caught, away, accused,"
	" calls, \"right\", wrong, chances FROM bluffs ORDER BY game, seat",
	"SELECT player, variant, games FROM ratings ORDER BY player, variant",
	"SELECT game, player, variant FROM rating_history"
	" ORDER BY game, player",
	"SELECT season, network, channel, at FROM season_announced"
	" ORDER BY season, channel",
	"SELECT one, season FROM season_first",
};

/* The source: an SQLite file beside the fixture's database, its path. */
struct source {
	char path[160];
	struct store *s;
	int64_t ann, ben, ada, done, running;
};

/* Fills a new source database in f's directory. */
static void
source_make(struct store_fixture *f, struct source *src)
{
	static const char *const earned[] = {"pokerface", NULL};
	struct store_seat_result r[3];
	struct store_bluffs la, lb;
	int64_t seats[3];
	char *cause = NULL;
	int n, i;

	snprintf(src->path, sizeof src->path, "%s/source.db", f->dir);
	src->s = store_open(src->path, &cause);
	if (src->s == NULL)
		fail_msg("store_open: %s", cause);
	src->ann = store_files_player(src->s, "n:ann", "ann");
	src->ben = store_files_player(src->s, "a:ben", "Ben");
	src->ada = store_files_player(src->s, "ai:Ada", "Ada(AI)");
	assert_int_equal(store_pref_set(src->s, src->ann, "colour", 0,
	    &cause), 0);
	store_season(src->s, 3);
	seats[0] = src->ann;
	seats[1] = src->ben;
	src->done = store_files_begin(src->s, "cheat", 2, seats);
	for (i = 0; i < 6; i++)
		store_files_move(src->s, src->done, i, i % 2, "0 play 1");
	memset(r, 0, sizeof r);
	memset(&la, 0, sizeof la);
	memset(&lb, 0, sizeof lb);
	la.claims = 3;
	la.lies = 2;
	la.away = 2;
	la.chances = 4;
	lb.claims = 3;
	lb.calls = 2;
	lb.right = 1;
	lb.wrong = 1;
	lb.chances = 4;
	r[0].place = 1;
	r[0].won = 1;
	r[0].detail = "hearts";
	r[0].bluffs = &la;
	r[0].earned = earned;
	r[1].place = 2;
	r[1].bluffs = &lb;
	if (store_game_finish(src->s, src->done, r, 2, NULL, NULL, 0, &n,
	    &cause) != 0)
		fail_msg("store_game_finish: %s", cause);
	seats[0] = src->ben;
	seats[1] = src->ada;
	seats[2] = src->ann;
	src->running = store_files_begin(src->s, "cheater", 3, seats);
	for (i = 0; i < 4; i++)
		store_files_move(src->s, src->running, i, i % 3, "1 claim 2 4");
	assert_int_equal(store_ignore_add(src->s, "*!*@spam.test", "ann",
	    &cause), 0);
	assert_int_equal(store_season_mark(src->s, 2, "#Cheater", &cause), 0);
}

/* Asserts the two databases print every dump alike. */
static void
same_rows(const char *a, const char *b)
{
	char want[4096], got[4096];
	size_t i;

	for (i = 0; i < sizeof dumps / sizeof dumps[0]; i++) {
		if (store_files_cli(a, dumps[i], want, sizeof want) != 0)
			fail_msg("%s: %s", dumps[i], want);
		if (store_files_cli(b, dumps[i], got, sizeof got) != 0)
			fail_msg("%s: %s", dumps[i], got);
		if (strcmp(want, got) != 0)
			fail_msg("%s:\nsource:\n%s\ncopy:\n%s", dumps[i], want,
			    got);
	}
}

/* The ratings of ann and Ben in cheat on both, to the last bit. */
static void
same_ratings(struct store *a, struct store *b, const char *ann,
    const char *ben)
{
	struct store_rating ra, rb;
	char *cause = NULL;

	assert_int_equal(store_rating(a, "ann", "cheat", &ra, &cause), 0);
	assert_int_equal(store_rating(b, ann, "cheat", &rb, &cause), 0);
	assert_true(ra.mu == rb.mu && ra.sigma == rb.sigma);
	assert_int_equal(store_rating(a, "Ben", "cheat", &ra, &cause), 0);
	assert_int_equal(store_rating(b, ben, "cheat", &rb, &cause), 0);
	assert_true(ra.mu == rb.mu && ra.sigma == rb.sigma);
}

static void
test_copy_whole(void **state)
{
	struct store_fixture *f = *state;
	struct source src;
	struct store_copied n;
	char *cause = NULL;
	int64_t id;

	source_make(f, &src);
	if (store_copy(src.s, f->s, NULL, &n, &cause) != 0)
		fail_msg("store_copy: %s", cause);
	assert_int_equal(n.players, 3);
	assert_int_equal(n.games, 2);
	assert_int_equal(n.moves, 10);
	assert_int_equal(n.rows[1], 1);	/* prefs */
	assert_int_equal(n.rows[8], 1);	/* ignores */
	assert_int_equal(n.rows[9], 2);	/* bluffs */
	assert_int_equal(n.rows[13], 1);	/* season_first */
	same_rows(src.path, f->path);
	store_files_cli_expect(f->path, "SELECT season FROM season_first;"
	    " SELECT season FROM games WHERE season IS NOT NULL", "3\n1");
	same_ratings(src.s, f->s, "ann", "Ben");
	assert_int_equal(store_check(f->s, &cause), 0);
	store_files_check(f->path);
	/* The ids go on after the copied ones. */
	id = store_files_player(f->s, "n:cy", "cy");
	assert_true(id > src.ada);
	store_close(src.s);
}

static void
test_copy_into_league(void **state)
{
	struct store_fixture *f = *state;
	struct store_stats sa, sb;
	struct store_game *g;
	struct source src;
	struct store_copied n;
	char *cause = NULL, **masks = NULL;
	int64_t *ids = NULL, id;

	source_make(f, &src);
	if (store_copy(src.s, f->s, "libera", &n, &cause) != 0)
		fail_msg("store_copy: %s", cause);
	store_files_cli_expect(f->path,
	    "SELECT key, network FROM players ORDER BY id;"
	    " SELECT DISTINCT network FROM games;"
	    " SELECT network || ' ' || mask FROM ignores;"
	    " SELECT network || ' ' || channel FROM season_announced",
	    "libera/n:ann|libera\nlibera/a:ben|libera\nai:Ada|\n"
	    "libera\nlibera *!*@spam.test\nlibera #Cheater");
	store_set_network(f->s, "libera");
	/* The bot of libera resumes the running game, seats as it made
	 * them. */
	assert_int_equal(store_running(f->s, &ids, &cause), 1);
	assert_int_equal(ids[0], src.running);
	free(ids);
	g = store_game_load(f->s, src.running, &cause);
	assert_non_null(g);
	assert_int_equal(g->nmoves, 4);
	assert_string_equal(g->seats[0].key, "a:ben");
	assert_string_equal(g->seats[1].key, "ai:Ada");
	assert_string_equal(g->seats[2].key, "n:ann");
	store_game_free(g);
	assert_int_equal(store_player_find(f->s, "n:ann", &cause), src.ann);
	/* Every record by nick, as the source's store had it. */
	assert_int_equal(store_stats(src.s, "ann", "cheat", &sa, &cause), 0);
	assert_int_equal(store_stats(f->s, "ann", "cheat", &sb, &cause), 0);
	assert_string_equal(sb.nick, "ann");
	assert_int_equal(sb.wins, sa.wins);
	assert_int_equal(sb.games, sa.games);
	assert_int_equal(sb.best_run, sa.best_run);
	assert_string_equal(sb.best_run_detail, sa.best_run_detail);
	same_ratings(src.s, f->s, "ann", "Ben");
	assert_int_equal(store_ignores(f->s, &masks, &cause), 1);
	assert_string_equal(masks[0], "*!*@spam.test");
	free(masks[0]);
	free(masks);
	assert_int_equal(store_season_mark(f->s, 2, "#cheater", &cause), 1);
	assert_int_equal(store_deals(f->s, "#cheater", &cause), 2);
	id = store_files_begin(f->s, "cheat", 1, &src.ben);
	assert_true(id > src.running);
	assert_int_equal(store_check(f->s, &cause), 0);
	store_close(src.s);
}

static void
test_copy_refused(void **state)
{
	struct store_fixture *f = *state;
	struct store_copied n;
	struct source src;
	char *cause = NULL;

	source_make(f, &src);
	store_files_player(f->s, "n:zed", "zed");
	expect_cause(store_copy(src.s, f->s, "libera", &n, &cause), &cause,
	    "has records already: a copy goes into a new, empty database");
	store_files_cli_expect(f->path,
	    "SELECT count(*) FROM players; SELECT count(*) FROM games",
	    "1\n0");
	store_close(src.s);
}

int
main(void)
{
	static const struct CMUnitTest tests[] = {
	    STORE_FILES_TEST(test_copy_whole),
	    STORE_FILES_TEST(test_copy_into_league),
	    STORE_FILES_TEST(test_copy_refused),
	};

	return STORE_FILES_RUN(tests);
}
