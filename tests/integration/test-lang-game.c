/*
 * Languages over real sockets (docs/translating.md): a real ngircd, the
 * real bot binary and scripted players (tests/lib/driver.h).
 *
 * A channel in German, and one in Spanish: four players play a whole
 * game of every variant in #spiel, the channel's language set in the
 * configuration.  The driver checks every deal, hand and move against its
 * own model of the game, whose text this process writes in the same
 * language (as the bot does for the channel), so the bot's German and
 * Spanish are the rules' word for word.  In German no English sentence
 * reached any player, in the channel or privately: no line holds a word
 * of English that German does not share (nicks, cards, the games' names
 * and commands aside).  (That a translated text fits one IRC line where
 * the English does is tests/unit/test-lang.c's, over many more games.)
 *
 * A German player in an English channel: alice chooses German for her
 * private lines (!set lang de, in private), bob and carol choose nothing;
 * a game of Cheat is played to its end.  Alice's private lines are German,
 * bob's and carol's English, and the channel's English.  Then alice, the
 * channel's operator, makes it Spanish there (!set lang es): the channel
 * is told so in Spanish and answered in Spanish from then on, and the
 * choice is in the database; bob, no operator, cannot, and a language
 * the bot has no catalog for is refused with the ones it has. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bot/lib/lang.h"
#include "storage/store.h"
#include "tests/lib/driver.h"

#define LOCALE_DIR "build/locale"
#define CONF \
	"flood = { burst = 100; interval = 0.001; user_interval = 0; };\n" \
	"timers = { turn = 30; turn_warning = 0; challenge_min = 0.2;\n" \
	"    challenge_tie = 0.05; challenge_close = 1; lobby_start = 0;\n" \
	"    answer = 1; part_grace = 1; split_grace = 1; };\n"
#define MAX_MOVES 3000

static const char *const nicks[] = {"alice", "bob", "carol", "dave"};

/* Words of English that no German line has any business holding. */
static const char *const english[] = {
    "the", "you", "your", "is", "are", "and", "of", "to", "with", "has",
    "have", "wins", "turn", "cards", "card", "pile", "plays", "calls",
    "lie", "honest", "nobody", "takes", "now", "game", "seated",
    "seconds", "over", "places", "which", "what", "who", "from", "there",
    "this", "that", "it", "for", "not", "out", "left", "must", "may",
    "draws", "drew", "lays", "laid", "said", "cheats",
    "round", "opens", "answers", "question", "asks", "place", "goes",
    NULL,
};

/* The first word of English in text (nicks, the games' titles, which
 * are names, and the words after a command's '!' left out) into out; 0
 * if none. */
static int
english_word(const char *text, char *out, size_t size)
{
	char named[2048], *at;
	const char *p = named, *start, *text0 = named;
	char w[64];
	size_t n, len;
	int i;

	snprintf(named, sizeof named, "%s", text);
	/* The longest titles first: "Cheat" is in "Cheater! with ...". */
	for (len = 64; len > 0; len--) {
		for (i = 0; game_table[i] != NULL; i++) {
			n = strlen(game_table[i]->title);
			while (n == len && (at = strstr(named,
			    game_table[i]->title)) != NULL)
				memset(at, ' ', n);
		}
	}
	while (*p != '\0') {
		if (!isalpha((unsigned char)*p)) {
			p++;
			continue;
		}
		start = p;
		while (isalpha((unsigned char)*p) || *p == '\'')
			p++;
		n = (size_t)(p - start);
		if (n >= sizeof w || (start > text0 && start[-1] == '!'))
			continue;
		for (i = 0; i < (int)n; i++)
			w[i] = (char)tolower((unsigned char)start[i]);
		w[n] = '\0';
		for (i = 0; english[i] != NULL; i++) {
			if (strcmp(w, english[i]) == 0) {
				snprintf(out, size, "%s", w);
				return 1;
			}
		}
	}
	return 0;
}

/* The text of a line from the bot to target ("#spiel", "alice"), colour
 * stripped, into out; 0 if line is not one. */
static int
bot_text(const char *line, const char *target, char *out, size_t size)
{
	char plain[2048], head[96];
	const char *p;

	client_strip(line, plain, sizeof plain);
	if (strncmp(plain, ":" DRIVER_BOT_NICK "!",
	    strlen(":" DRIVER_BOT_NICK "!")) != 0)
		return 0;
	snprintf(head, sizeof head, "PRIVMSG %s :", target);
	if ((p = strstr(plain, head)) == NULL) {
		snprintf(head, sizeof head, "NOTICE %s :", target);
		if ((p = strstr(plain, head)) == NULL)
			return 0;
	}
	snprintf(out, size, "%s", p + strlen(head));
	return 1;
}

/* Player i's lines from the bot to target: how many there are, and
 * how many of them hold English (the first such line and its word into
 * first, of FIRST_SIZE bytes). */
#define FIRST_SIZE 2200
static int
bot_lines(struct driver *d, int i, const char *target, int *nenglish,
    char *first)
{
	const struct client *c = &d->t[0].p[i].cl;
	char text[2048], word[64];
	size_t k;
	int n = 0;

	*nenglish = 0;
	for (k = 0; k < c->nlines; k++) {
		if (!bot_text(c->lines[k], target, text, sizeof text))
			continue;
		n++;
		if (english_word(text, word, sizeof word) &&
		    (*nenglish)++ == 0)
			snprintf(first, FIRST_SIZE, "('%s') %s", word, text);
	}
	return n;
}

/* The number of player i's lines from the bot to target; the test
 * fails on the first that holds English, unless english_too. */
static int
check_lines(struct driver *d, int i, const char *target, int english_too)
{
	char first[FIRST_SIZE];
	int nenglish, n = bot_lines(d, i, target, &nenglish, first);

	if (!english_too && nenglish > 0)
		driver_fail(d, "%s got English to %s: %s", d->t[0].p[i].nick,
		    target, first);
	return n;
}

/* Whether any of player i's lines from the bot to target holds English. */
static int
any_english(struct driver *d, int i, const char *target)
{
	char first[FIRST_SIZE];
	int nenglish;

	bot_lines(d, i, target, &nenglish, first);
	return nenglish > 0;
}

/* Plays a whole game of every variant in #spiel, written in lang: the
 * driver checks every deal, hand and move against its model, whose text
 * this process writes in lang too.  The lines each of the four players
 * got from the bot, in the channel and privately, into lines[]; in
 * German, none may hold English. */
static void
play_every_variant(void **state, const char *lang, int lines[4])
{
	struct driver *d = calloc(1, sizeof *d);
	char conf[1024], *cause = NULL;
	int v, i, seats;

	assert_non_null(d);
	*state = d;
	assert_int_equal(lang_init(LOCALE_DIR, &cause), 0);
	assert_true(lang_known(lang));
	lang_use(lang);
	snprintf(conf, sizeof conf, CONF "language = { channels = "
	    "[ \"#spiel %s\" ]; };\n", lang);
	driver_name(d, 0, "#spiel", nicks, 4);
	d->bot_seed = 7;
	d->t[0].options = "";
	driver_open(d, 1, conf, 7);
	for (v = 0; game_table[v] != NULL; v++) {
		seats = game_table[v]->min_seats > 3 ?
		    game_table[v]->min_seats : 3;
		driver_deal(d, 0, game_table[v], seats);
		driver_play(d, 0, MAX_MOVES, 20);
	}
	for (i = 0; i < 4; i++)
		lines[i] = check_lines(d, i, "#spiel",
		    strcmp(lang, "de") != 0) +
		    check_lines(d, i, nicks[i], strcmp(lang, "de") != 0);
	driver_close(d);
	free(d);
	*state = NULL;
	lang_use("en");
	lang_free();
}

/* Every variant in German, with no English reaching a player, and in
 * Spanish. */
static void
test_languages(void **state)
{
	int de[4], es[4], i;

	play_every_variant(state, "de", de);
	play_every_variant(state, "es", es);
	for (i = 0; i < 4; i++) {
		/* Every variant was played, and said a good deal. */
		assert_true(de[i] > 50);
		assert_true(es[i] > 50);
	}
}

/* Plays the running game to its end: the seat to move makes the rules'
 * default move, typed by its player; a window with no turn is the bot's
 * to close. */
static void
play_defaults(struct driver *d)
{
	struct driver_game gm;
	char state[64];
	int moves = 0, over = 0, rounds;

	for (rounds = 0; !over && rounds < 20000; rounds++) {
		driver_sql(d, "SELECT state FROM games ORDER BY id DESC "
		    "LIMIT 1;", state, sizeof state);
		if (strncmp(state, "running", 7) != 0) {
			over = 1;
			break;
		}
		driver_game_load(d, 0, 0, &gm);
		over = gm.turn.over;
		if (!over && gm.turn.seat >= 0) {
			driver_game_free(&gm);
			driver_play_default(d, 0, 1, NULL, 0);
			if (++moves > MAX_MOVES)
				driver_fail(d, "no end after %d moves", moves);
			continue;
		}
		driver_game_free(&gm);
		driver_pump(d, 50);
	}
	assert_true(over);
}

static void
test_german_player(void **state)
{
	struct driver *d = calloc(1, sizeof *d);
	char out[64];
	size_t from;
	int tries;

	assert_non_null(d);
	*state = d;
	lang_use("en");		/* the model's text, as the channel reads it */
	driver_name(d, 0, "#cheater", nicks, 3);
	d->bot_seed = 3;
	driver_open(d, 1, CONF, 3);
	driver_raw(d, 0, 0, "PRIVMSG " DRIVER_BOT_NICK " :!set lang de");
	driver_wait_private(d, 0, 0, 0, NULL, 0);
	from = d->t[0].p[0].cl.nlines;
	driver_raw(d, 0, 0, "PRIVMSG #cheater :!play cheat");
	driver_wait_chan(d, 0, 0, from, "alice", 0);
	from = d->t[0].p[0].cl.nlines;
	driver_raw(d, 0, 1, "PRIVMSG #cheater :!join");
	driver_wait_chan(d, 0, 0, from, "bob", 0);
	from = d->t[0].p[0].cl.nlines;
	driver_raw(d, 0, 2, "PRIVMSG #cheater :!join");
	driver_wait_chan(d, 0, 0, from, "carol", 0);
	driver_raw(d, 0, 0, "PRIVMSG #cheater :!start");
	for (tries = 0; tries < 400; tries++) {
		driver_sql(d, "SELECT count(*) FROM games;", out, sizeof out);
		if (atoi(out) > 0)
			break;
		driver_pump(d, 50);
	}
	assert_true(atoi(out) > 0);
	play_defaults(d);
	/* Alice: German, every private line; bob and carol: English. */
	assert_true(check_lines(d, 0, "alice", 0) > 5);
	assert_true(any_english(d, 1, "bob"));
	assert_true(any_english(d, 2, "carol"));
	assert_true(any_english(d, 1, "#cheater"));

	/* The channel's language, set by its operator. */
	from = d->t[0].p[1].cl.nlines;
	driver_raw(d, 0, 0, "PRIVMSG #cheater :!set lang es");
	driver_wait_chan(d, 0, 1, from, "este canal habla español", 0);
	driver_raw(d, 0, 1, "PRIVMSG #cheater :!games");
	driver_wait_chan(d, 0, 1, from, "Juegos:", 0);
	driver_sql(d, "SELECT f.value FROM prefs f JOIN players p ON "
	    "p.id = f.player WHERE p.key = 'c:#cheater' AND "
	    "f.name = 'lang';", out, sizeof out);
	assert_int_equal(atoi(out), lang_pack("es"));
	/* Bob is no operator: his choice is his own, privately. */
	from = d->t[0].p[1].cl.nlines;
	driver_raw(d, 0, 1, "PRIVMSG #cheater :!set lang de");
	driver_wait_private(d, 0, 1, from, "Ich schreibe dir auf Deutsch", 0);
	driver_raw(d, 0, 1, "PRIVMSG " DRIVER_BOT_NICK " :!set lang fr");
	driver_wait_private(d, 0, 1, from, "en de es", 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_languages, driver_teardown),
	    cmocka_unit_test_teardown(test_german_player, driver_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
