/*
 * The languages (bot/lib/lang.c, docs/translating.md): a language code
 * packs into a stored preference and back; the catalogs built into
 * build/locale are found and switched between while the bot runs, with
 * no stale translation from the language before; and every catalog in
 * po/ is complete and sound: msgfmt --check passes it with no fuzzy or
 * untranslated message, and it holds every text of the template that
 * make test extracts afresh from the sources (build/po/cheaterbot.pot),
 * so a text marked for translation and left untranslated fails here.
 * And every text that fits one IRC line in English (GAME_LINE_BYTES, as
 * a game keeps its lines) fits one translated, the longest of each
 * catalog included; and so does every move's text as a game says it:
 * the same random games of every variant, played in English and in each
 * language, say texts that fit one line translated wherever the English
 * ones do, measured as the bot renders them (game_markup_size()).
 * And words that agree with the word beside them are translated whole:
 * one card of a rank ("eine Dame", "ein König") and the last rank of a
 * list with its "or" ("u ochos").
 * Run from the source tree, as make test runs it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <libintl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "alloc/xalloc.h"
#include "bot/lib/lang.h"
#include "games/cards.h"
#include "games/cheat/cheat-int.h"
#include "games/game.h"
#include "games/rng.h"

#define LOCALE_DIR "build/locale"
#define POT "build/po/cheaterbot.pot"

static void
test_pack(void **state)
{
	static const char *const good[] = { "de", "es", "pt_BR", "ast", "zh_TW" };
	static const char *const bad[] = { "", "d", "DE", "deu_", "de_B",
	    "de_BRA", "de-DE", "abcd" };
	char code[LANG_MAX];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		assert_true(lang_valid(good[i]));
		assert_int_not_equal(lang_pack(good[i]), 0);
		lang_unpack(lang_pack(good[i]), code);
		assert_string_equal(code, good[i]);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_false(lang_valid(bad[i]));
		assert_int_equal(lang_pack(bad[i]), 0);
	}
	lang_unpack(0, code);
	assert_string_equal(code, "");
	lang_unpack(-1, code);
	assert_string_equal(code, "");
	assert_true(lang_same("", "en"));
	assert_false(lang_same("de", "es"));
}

/* The languages with a catalog in po/, into langs; how many. */
static int
po_langs(char langs[][LANG_MAX], int max)
{
	struct dirent **names;
	size_t len;
	int n, i, k = 0;

	n = scandir("po", &names, NULL, alphasort);
	assert_true(n >= 0);
	for (i = 0; i < n; i++) {
		len = strlen(names[i]->d_name);
		if (len > 3 && len - 3 < LANG_MAX && k < max &&
		    strcmp(names[i]->d_name + len - 3, ".po") == 0) {
			memcpy(langs[k], names[i]->d_name, len - 3);
			langs[k++][len - 3] = '\0';
		}
		free(names[i]);
	}
	free(names);
	return k;
}

static void
test_switch(void **state)
{
	static const char *const texts[] = { "Game over!", "Your turn",
	    "Anyone seated may !start." };
	char langs[8][LANG_MAX], seen[8][3][256];
	char *cause = NULL;
	int n, i, j, round;
	const char *t;

	(void)state;
	n = po_langs(langs, 8);
	assert_true(n >= 2);
	assert_int_equal(lang_init(LOCALE_DIR, &cause), 0);
	assert_true(lang_known("en"));
	assert_false(lang_known("xx"));
	assert_false(lang_known(""));
	for (i = 0; i < n; i++) {
		assert_true(lang_known(langs[i]));
		assert_non_null(strstr(lang_list(), langs[i]));
	}
	/* Round 0 notes each language's text; round 1, after every other
	 * language was used in between, must find the same again. */
	for (round = 0; round < 2; round++) {
		for (i = 0; i < n; i++) {
			lang_use(langs[i]);
			assert_string_equal(lang_now(), langs[i]);
			for (j = 0; j < 3; j++) {
				t = gettext(texts[j]);
				assert_string_not_equal(t, texts[j]);
				if (round == 0)
					snprintf(seen[i][j], sizeof seen[i][j],
					    "%s", t);
				else
					assert_string_equal(t, seen[i][j]);
			}
			lang_use("en");
			for (j = 0; j < 3; j++)
				assert_string_equal(gettext(texts[j]),
				    texts[j]);
		}
	}
	for (i = 1; i < n; i++)
		assert_string_not_equal(seen[i][0], seen[0][0]);
	/* Plural forms come from the catalog's own rule. */
	lang_use(langs[0]);
	assert_string_not_equal(ngettext("%d card", "%d cards", 1),
	    ngettext("%d card", "%d cards", 2));
	lang_use("en");
	lang_free();
}

/* What a declaration and the list of ranks read in language lang. */
static void
expect_words(const char *lang, const char *queen, const char *king,
    const char *list)
{
	char buf[128];

	lang_use(lang);
	cards_declaration(1, 12, buf, sizeof buf);
	assert_string_equal(buf, queen);
	cards_declaration(1, 13, buf, sizeof buf);
	assert_string_equal(buf, king);
	cheat_allowed_text(7, buf, sizeof buf);
	assert_string_equal(buf, list);
}

static void
test_agreement(void **state)
{
	char *cause = NULL;

	(void)state;
	assert_int_equal(lang_init(LOCALE_DIR, &cause), 0);
	expect_words("en", "one queen", "one king", "sixes, sevens or eights");
	expect_words("de", "eine Dame", "ein König",
	    "Sechsen, Siebenen oder Achten");
	expect_words("es", "una reina", "un rey", "seises, sietes u ochos");
	lang_use("en");
	lang_free();
}

/* Runs cmd, its output into out; its exit status. */
static int
run(const char *cmd, char *out, size_t size)
{
	FILE *p = popen(cmd, "r");
	size_t n;
	int st;

	assert_non_null(p);
	n = fread(out, 1, size - 1, p);
	out[n] = '\0';
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void
test_catalogs(void **state)
{
	char langs[8][LANG_MAX], cmd[256], out[8192];
	int n, i;

	(void)state;
	n = po_langs(langs, 8);
	assert_true(n >= 2);
	for (i = 0; i < n; i++) {
		snprintf(cmd, sizeof cmd, "msgfmt --check --statistics "
		    "-o /dev/null po/%s.po 2>&1", langs[i]);
		if (run(cmd, out, sizeof out) != 0)
			fail_msg("%s: %s", cmd, out);
		if (strstr(out, "untranslated") != NULL ||
		    strstr(out, "fuzzy") != NULL ||
		    strstr(out, "translated message") == NULL)
			fail_msg("po/%s.po is not complete: %s", langs[i],
			    out);
		/* Every text of the template from the sources as they are
		 * is in the catalog. */
		snprintf(cmd, sizeof cmd, "msgcmp po/%s.po " POT " 2>&1",
		    langs[i]);
		if (run(cmd, out, sizeof out) != 0)
			fail_msg("po/%s.po lacks texts of the sources: %.2000s",
			    langs[i], out);
	}
}

/* The text of a quoted line of a catalog ("msgid \"...\"", as
 * msgattrib --no-wrap writes one), its escapes as written: what follows
 * the first quote, without the last. */
static size_t
quoted_len(const char *line)
{
	const char *q = strchr(line, '"'), *end = strrchr(line, '"');

	return q != NULL && end > q ? (size_t)(end - q - 1) : 0;
}

static void
test_lengths(void **state)
{
	char langs[8][LANG_MAX], cmd[256], line[8192], longest[8192];
	size_t id = 0, plural = 0, len, english, most = 0;
	FILE *p;
	int n, i, checked;

	(void)state;
	n = po_langs(langs, 8);
	for (i = 0; i < n; i++) {
		snprintf(cmd, sizeof cmd, "msgattrib --no-wrap --no-obsolete "
		    "po/%s.po", langs[i]);
		assert_non_null(p = popen(cmd, "r"));
		checked = 0;
		while (fgets(line, sizeof line, p) != NULL) {
			len = quoted_len(line);
			if (strncmp(line, "msgid ", 6) == 0)
				id = len, plural = 0;
			else if (strncmp(line, "msgid_plural ", 13) == 0)
				plural = len;
			else if (strncmp(line, "msgstr", 6) == 0 && id > 0) {
				english = strncmp(line, "msgstr[0]", 9) == 0 ||
				    plural == 0 ? id : plural;
				if (english <= GAME_LINE_BYTES &&
				    len > GAME_LINE_BYTES)
					fail_msg("po/%s.po: a text of %zu bytes "
					    "in English is %zu: %s", langs[i],
					    english, len, line);
				if (len > most) {
					most = len;
					snprintf(longest, sizeof longest, "%s",
					    line);
				}
				checked++;
			}
		}
		assert_int_equal(pclose(p), 0);
		assert_true(checked > 1000);
	}
	/* The longest translation of all, for the log: a help text. */
	printf("longest translated text: %zu bytes\n", most);
}

/* One move's texts, joined per reader as the bot joins them. */
struct said {
	char *text[GAME_MAX_SEATS + 1];	/* [0] the channel, [1 + s] seat s */
};

static void
said_emit(void *ctx, int seat, const char *text)
{
	struct said *sd = ctx;
	char **to = &sd->text[seat == GAME_PUBLIC ? 0 : 1 + seat];
	char *joined;

	if (seat < GAME_PUBLIC || seat >= GAME_MAX_SEATS)
		return;
	joined = xasprintf("%s%s%s", *to != NULL ? *to : "",
	    *to != NULL ? " " : "", text);
	free(*to);
	*to = joined;
}

/* What every move of a game says (and the deal), each reader's text in
 * turn (NULL: nothing), and its size rendered: growing lists. */
struct sizes {
	size_t *v;
	char **text;
	size_t n, cap;
};

static void
sizes_free(struct sizes *z)
{
	while (z->n > 0)
		free(z->text[--z->n]);
	free(z->text);
	free(z->v);
}

static void
sizes_take(struct sizes *z, struct said *sd)
{
	size_t i;

	for (i = 0; i < GAME_MAX_SEATS + 1; i++) {
		if (z->n == z->cap) {
			z->cap = z->cap == 0 ? 1024 : 2 * z->cap;
			z->v = xreallocarray(z->v, z->cap, sizeof *z->v);
			z->text = xreallocarray(z->text, z->cap,
			    sizeof *z->text);
		}
		z->v[z->n] = sd->text[i] != NULL ?
		    game_markup_size(sd->text[i]) : 0;
		z->text[z->n++] = sd->text[i];
		sd->text[i] = NULL;
	}
}

/* Plays the random game of seed (ops, nseats, its defaults) to its end
 * in the language written now, the sizes of what it says into z. */
static void
play_sizes(const struct game_ops *ops, int nseats, uint64_t seed,
    struct sizes *z)
{
	struct said sd = { { NULL } };
	struct game_out out = { said_emit, &sd };
	struct game_opts opts;
	struct game_move mv;
	struct rng deal, pick;
	struct game *g;
	char *cause = NULL;
	int moves = 0;

	game_opts_default(ops, &opts);
	rng_seed(&deal, seed);
	rng_seed(&pick, ~seed);
	g = ops->create(&opts, nseats, (int)(seed % (uint64_t)nseats), &deal,
	    &out, &cause);
	if (g == NULL)
		fail_msg("%s, %d seats: %s", ops->name, nseats, cause);
	sizes_take(z, &sd);
	while (ops->sample(g, &pick, &mv) == 0 && moves < 4000) {
		ops->apply(g, &mv, &out);
		sizes_take(z, &sd);
		moves++;
	}
	ops->destroy(g);
}

/* Plays the game of seed (ops, seats) in English and in each of
 * langs[0..n-1]: the same game move for move, whose every text that
 * fits one line in English fits one translated (each that does not is
 * printed).  The longest translated text in one line goes into *worst;
 * the number of texts that do not fit. */
static int
compare_game(const struct game_ops *ops, int seats, int seed,
    char langs[][LANG_MAX], int n, size_t *worst)
{
	struct sizes en, xx;
	size_t k;
	int i, bad = 0;

	memset(&en, 0, sizeof en);
	lang_use("en");
	play_sizes(ops, seats, (uint64_t)seed, &en);
	for (i = 0; i < n; i++) {
		memset(&xx, 0, sizeof xx);
		lang_use(langs[i]);
		play_sizes(ops, seats, (uint64_t)seed, &xx);
		assert_int_equal(xx.n, en.n);
		for (k = 0; k < en.n; k++) {
			if (en.v[k] <= GAME_LINE_BYTES &&
			    xx.v[k] > GAME_LINE_BYTES)
				bad += printf("%s, %d seats, seed %d, text "
				    "%zu: %zu bytes in English, %zu in %s: "
				    "%s | %s\n", ops->name, seats, seed, k,
				    en.v[k], xx.v[k], langs[i], en.text[k],
				    xx.text[k]) > 0;
			if (xx.v[k] > *worst && xx.v[k] <= GAME_LINE_BYTES)
				*worst = xx.v[k];
		}
		sizes_free(&xx);
	}
	sizes_free(&en);
	return bad;
}

static void
test_move_lengths(void **state)
{
	char langs[8][LANG_MAX], *cause = NULL;
	const struct game_ops *ops;
	size_t worst = 0;
	int n, v, s, seed, bad = 0;

	(void)state;
	n = po_langs(langs, 8);
	assert_int_equal(lang_init(LOCALE_DIR, &cause), 0);
	for (v = 0; (ops = game_table[v]) != NULL; v++) {
		for (s = 0; s < 2; s++) {
			for (seed = 1; seed <= 40; seed++)
				bad += compare_game(ops, s == 0 ?
				    ops->min_seats : ops->max_seats, seed,
				    langs, n, &worst);
		}
	}
	printf("longest translated game text in one line: %zu bytes\n",
	    worst);
	if (bad > 0)
		fail_msg("%d texts fit one line in English and not translated "
		    "(above)", bad);
	lang_use("en");
	lang_free();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_pack),
	    cmocka_unit_test(test_switch),
	    cmocka_unit_test(test_agreement),
	    cmocka_unit_test(test_catalogs),
	    cmocka_unit_test(test_lengths),
	    cmocka_unit_test(test_move_lengths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
