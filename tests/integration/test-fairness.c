/*
 * Provably fair deals (docs/fairness.md): the bot's own account of a deal
 * key, `$CHEATERBOT --verify KEY`, against an independent checker written
 * from the documentation alone, `python3 tests/fairness/deal.py KEY`.
 *
 * For keys of every variant, with random seeds and salts, every number
 * of seats the variant allows, various dealers and options, both are run
 * and must agree: the bot's "sha256:" line is the SHA-256 of the key as
 * computed here (OpenSSL's EVP) and as the checker computes it; after
 * "The deal, every card shown:", the cards on the lines that start with
 * seat N ("  seat3: 4♥ 9♣ ..."; the words that are no card of the
 * variant are ignored, and so is their order) are the checker's cards
 * of seat N, as a multiset; what the channel was told at the deal
 * shows the checker's first card of the discard pile (CHEATER, Liar's
 * UNO) and CHEATER's dice, in order; and when the bot names the first to move
 * ("First to move: seatN"), or says the game is over as dealt, so does
 * the checker.  The worked example of docs/fairness.md is one of the
 * keys, and its hands must be in the page as the checker prints them.
 *
 * So the test fails when the page (through its checker) and the code
 * disagree.  Every key is printed with any failure, to be run again by
 * hand.
 */
#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include <openssl/evp.h>

#define CHECKER "tests/fairness/deal.py"
#define DOC "docs/fairness.md"
#define REVEAL "The deal, every card shown:"
#define MAX_SEATS 10
#define MAX_WORDS 160 /* cards of one seat: 52 at most (2-seat Cheat) */
#define KEY_MAX 256

/* The example of docs/fairness.md. */
#define EXAMPLE_KEY                                                            \
	"cb1:cheat:4:0:decks=0,loser=0:fc7bb36000b6c50d:"                      \
	"2efac3c1ef59ebfa1008040fd26d6f43"

enum family { STANDARD, CHEATER, LIARSUNO };

struct variant {
	const char *name;
	int min_seats, max_seats;
	enum family cards;
};

static const struct variant variants[] = {
    {"cheat", 2, 10, STANDARD},
    {"questions", 3, 8, STANDARD},
    {"cheater", 2, 10, CHEATER},
    {"liarsuno", 2, 10, LIARSUNO},
    {"cheesedog", 3, 8, STANDARD},
};

/* A program's standard output, whole. */
struct output {
	char *text;
	size_t len;
	int status; /* its exit status, or 128 + the signal that ended it */
};

/* Runs argv (argv[0] found in PATH) with its standard output into *o;
 * its standard error goes where the test's does. */
static void
run(const char *const argv[], struct output *o)
{
	size_t size = 4096;
	ssize_t got;
	int fd[2], st;
	pid_t pid;

	o->text = malloc(size);
	o->len = 0;
	assert_non_null(o->text);
	assert_int_equal(pipe(fd), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fd[0]);
		if (dup2(fd[1], STDOUT_FILENO) < 0)
			_exit(127);
		close(fd[1]);
		/* execvp() takes char *const[] and changes nothing. */
		execvp(argv[0], (char *const *)argv);
		fprintf(stderr, "test-fairness: %s: %s\n", argv[0],
		    strerror(errno));
		_exit(127);
	}
	close(fd[1]);
	for (;;) {
		if (o->len + 1 >= size) {
			size *= 2;
			o->text = realloc(o->text, size);
			assert_non_null(o->text);
		}
		got = read(fd[0], o->text + o->len, size - o->len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		o->len += (size_t)got;
	}
	o->text[o->len] = '\0';
	close(fd[0]);
	while (waitpid(pid, &st, 0) < 0)
		assert_int_equal(errno, EINTR);
	o->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The SHA-256 of s as 64 lowercase hex digits. */
static void
sha256_hex(const char *s, char hex[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0, i;

	assert_int_equal(
	    EVP_Digest(s, strlen(s), md, &n, EVP_sha256(), NULL), 1);
	assert_int_equal(n, 32);
	for (i = 0; i < n; i++)
		snprintf(hex + 2 * i, 3, "%02x", md[i]);
}

/* The first line of text that starts with prefix, leading spaces
 * skipped, into buf (without them and without its newline); 1 if there
 * is one. */
static int
line_starting(const char *text, const char *prefix, char *buf, size_t size)
{
	const char *p = text, *s, *end;

	while (*p != '\0') {
		end = strchr(p, '\n');
		if (end == NULL)
			end = p + strlen(p);
		for (s = p; *s == ' '; s++)
			;
		if (strncmp(s, prefix, strlen(prefix)) == 0) {
			snprintf(buf, size, "%.*s", (int)(end - s), s);
			return 1;
		}
		p = *end == '\0' ? end : end + 1;
	}
	return 0;
}

/* 1 if word (punctuation around it already cut) is a card of the
 * family, as the game writes it plain. */
static int
card_word(enum family f, const char *w)
{
	static const char *const suits[] = {
	    "\u2663", "\u2666", "\u2665", "\u2660"};
	static const char *const actions[] = {
	    "TAKE", "SHOW", "HIDE", "BUST", "WILD"};
	size_t r;
	int i;

	switch (f) {
	case STANDARD:
		if (strncmp(w, "10", 2) == 0)
			r = 2;
		else if (w[0] != '\0' && strchr("A23456789JQK", w[0]) != NULL)
			r = 1;
		else
			return 0;
		for (i = 0; i < 4; i++)
			if (strcmp(w + r, suits[i]) == 0)
				return 1;
		return 0;
	case CHEATER:
		for (i = 0; i < 5; i++)
			if (strcmp(w, actions[i]) == 0)
				return 1;
		return strlen(w) == 2 && strchr("rypb", w[0]) != NULL &&
		       strchr("CHEATR", w[1]) != NULL;
	case LIARSUNO:
		if (strcmp(w, "WLC") == 0 || strcmp(w, "~+4") == 0)
			return 1;
		if (w[0] == '~')
			w++;
		if (w[0] == '\0' || strchr("rygb", w[0]) == NULL)
			return 0;
		w++;
		return (strlen(w) == 1 &&
		           strchr("0123456789SR", w[0]) != NULL) ||
		       strcmp(w, "+2") == 0;
	}
	return 0;
}

/* A seat's cards: the card words of its lines, sorted. */
struct hand {
	int n;
	char w[MAX_WORDS][16];
};

static int
word_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Adds the card words of line to h. */
static void
hand_add_line(struct hand *h, enum family f, const char *line)
{
	char copy[4096], *word, *save = NULL, *end;

	snprintf(copy, sizeof copy, "%s", line);
	for (word = strtok_r(copy, " \t", &save); word != NULL;
	     word = strtok_r(NULL, " \t", &save)) {
		while (*word != '\0' && strchr("([{\"'", *word) != NULL)
			word++;
		end = word + strlen(word);
		while (end > word && strchr(",;:.)]}\"'", end[-1]) != NULL)
			*--end = '\0';
		if (!card_word(f, word) || strlen(word) >= sizeof h->w[0])
			continue;
		assert_true(h->n < MAX_WORDS);
		snprintf(h->w[h->n++], sizeof h->w[0], "%s", word);
	}
}

/* Seat's cards in text from its lines: those whose first word starts
 * with "seatN" and no further digit ("seat3:", "seat3's ..."). */
static int
hand_of(const char *text, enum family f, int seat, struct hand *h, char *shown,
    size_t size)
{
	const char *p = text, *s, *end;
	char name[16], line[4096];
	size_t len;
	int lines = 0;

	h->n = 0;
	shown[0] = '\0';
	len = (size_t)snprintf(name, sizeof name, "seat%d", seat);
	while (*p != '\0') {
		end = strchr(p, '\n');
		if (end == NULL)
			end = p + strlen(p);
		for (s = p; *s == ' ' || *s == '\t'; s++)
			;
		if (strncmp(s, name, len) == 0 &&
		    (s[len] < '0' || s[len] > '9')) {
			snprintf(line, sizeof line, "%.*s", (int)(end - s), s);
			hand_add_line(h, f, line);
			if (lines++ == 0)
				snprintf(shown, size, "%s", line);
		}
		p = *end == '\0' ? end : end + 1;
	}
	qsort(h->w, (size_t)h->n, sizeof h->w[0], word_cmp);
	return lines;
}

/* Appends to buf (size bytes) the words of line that are dice, "3+4",
 * in order, each followed by a space. */
static void
dice_words(const char *line, char *buf, size_t size)
{
	const char *p;
	size_t used = strlen(buf);

	for (p = line; *p != '\0'; p++) {
		if ((p == line || p[-1] == ' ') && p[0] >= '1' && p[0] <= '6' &&
		    p[1] == '+' && p[2] >= '1' && p[2] <= '6' &&
		    strchr(",. ", p[3]) != NULL && used + 4 < size) {
			memcpy(buf + used, p, 3);
			buf[used + 3] = ' ';
			buf[used += 4] = '\0';
		}
	}
}

/* What the channel was told at the deal that chance decided, against the
 * checker: the discard pile's first card (CHEATER, Liar's UNO), and
 * CHEATER's dice: the rolls for who starts, in order, and the first
 * turn's two. */
static void
check_told(
    const struct variant *v, const char *key, const char *bot, const char *py)
{
	char told[4096], line[4096], got[512] = "", want[512] = "", *p;
	int a, b, c, d;

	if (v->cards == STANDARD)
		return;
	if (!line_starting(bot, "The channel was told:", told, sizeof told))
		fail_msg("%s: the bot does not say what the channel was "
		         "told:\n%s",
		    key, bot);
	if (line_starting(py, "discard:", line, sizeof line) &&
	    ((p = strstr(told, "discard pile shows ")) == NULL ||
	        strncmp(p + strlen("discard pile shows "),
	            line + strlen("discard: "),
	            strlen(line + strlen("discard: "))) != 0))
		fail_msg("%s: the discard pile starts with %s, the checker "
		         "says; the channel was told: %s",
		    key, line + strlen("discard: "), told);
	if (v->cards != CHEATER)
		return;
	assert_true(line_starting(py, "rolls to start:", line, sizeof line));
	dice_words(line, want, sizeof want);
	dice_words(told, got, sizeof got);
	if (strcmp(got, want) != 0)
		fail_msg("%s: rolls to start %s, the checker says %s", key, got,
		    want);
	if (line_starting(py, "first turn rolls:", line, sizeof line)) {
		assert_int_equal(
		    sscanf(line, "first turn rolls: %d and %d", &a, &b), 2);
		if ((p = strstr(told, " rolls ")) == NULL ||
		    sscanf(p, " rolls %d and %d", &c, &d) != 2 || a != c ||
		    b != d)
			fail_msg("%s: the first turn rolls %d and %d, the "
			         "checker says; the channel was told: %s",
			    key, a, b, told);
	}
}

/* Checks one key: the bot and the checker agree on it. */
static void
check_key(const struct variant *v, const char *key, int nseats)
{
	const char *bot_argv[] = {NULL, "--verify", NULL, NULL};
	const char *py_argv[] = {"python3", CHECKER, NULL, NULL};
	char hash[65], line[4096], want[128], bline[4096], cline[4096];
	struct output bot, py;
	struct hand bh, ch;
	const char *deal, *path = getenv("CHEATERBOT");
	int s, i, nb, nc;

	if (path == NULL || path[0] == '\0')
		fail_msg("CHEATERBOT is not set: the path of the bot to run");
	bot_argv[0] = path;
	bot_argv[2] = py_argv[2] = key;
	sha256_hex(key, hash);
	snprintf(want, sizeof want, "sha256:%s", hash);

	run(py_argv, &py);
	if (py.status != 0)
		fail_msg("%s: python3 " CHECKER " exited %d", key, py.status);
	if (!line_starting(py.text, "sha256:", line, sizeof line) ||
	    strcmp(line, want) != 0)
		fail_msg("%s: the checker's hash is not %s:\n%s", key, want,
		    py.text);

	run(bot_argv, &bot);
	if (bot.status != 0)
		fail_msg("%s: %s --verify exited %d:\n%s", key, path,
		    bot.status, bot.text);
	if (!line_starting(bot.text, "sha256:", line, sizeof line) ||
	    strcmp(line, want) != 0)
		fail_msg(
		    "%s: the bot's hash is not %s:\n%s", key, want, bot.text);
	if ((deal = strstr(bot.text, REVEAL)) == NULL)
		fail_msg("%s: no '" REVEAL "' in the bot's output:\n%s", key,
		    bot.text);
	deal += strlen(REVEAL);

	for (s = 0; s < nseats; s++) {
		nb = hand_of(deal, v->cards, s, &bh, bline, sizeof bline);
		nc = hand_of(py.text, v->cards, s, &ch, cline, sizeof cline);
		if (nc != 1 || ch.n == 0)
			fail_msg("%s: the checker shows no seat%d:\n%s", key, s,
			    py.text);
		if (nb == 0)
			fail_msg("%s: the bot shows no seat%d after the "
			         "header:\n%s",
			    key, s, bot.text);
		for (i = 0; i < bh.n && i < ch.n; i++)
			if (strcmp(bh.w[i], ch.w[i]) != 0)
				break;
		if (bh.n != ch.n || i < bh.n)
			fail_msg("%s: seat%d differs (%d cards, %d checked)\n"
			         "  bot:     %s\n  checker: %s",
			    key, s, bh.n, ch.n, bline, cline);
	}

	check_told(v, key, bot.text, py.text);

	/* Who moves first, or nobody: the game is over as dealt. */
	if (line_starting(deal, "First to move:", line, sizeof line)) {
		snprintf(
		    bline, sizeof bline, "%s", line + strlen("First to move:"));
		if (!line_starting(py.text, "first:", cline, sizeof cline) ||
		    strcmp(bline, cline + strlen("first:")) != 0)
			fail_msg("%s: the bot says '%s', the checker:\n%s", key,
			    line, py.text);
	}
	if (strstr(deal, "over as dealt") != NULL &&
	    !line_starting(py.text, "over as dealt", line, sizeof line))
		fail_msg("%s: the bot says the game is over as dealt, the "
		         "checker:\n%s",
		    key, py.text);
	free(bot.text);
	free(py.text);
}

/* Random bits from the system's random source. */
static uint64_t
random64(void)
{
	uint64_t x;

	assert_int_equal(getrandom(&x, sizeof x, 0), (ssize_t)sizeof x);
	return x;
}

/* The options of a key for v at nseats, drawn at random among those the
 * variant allows at that many seats ("-" for none). */
static void
random_options(const struct variant *v, int nseats, char *buf, size_t size)
{
	uint64_t r = random64();
	int decks;

	if (strcmp(v->name, "cheat") == 0 || strcmp(v->name, "cheater") == 0) {
		/* One deck is for at most 6 seats. */
		do
			decks = (int)(r % 3), r /= 3;
		while (decks == 1 && nseats > 6);
		if (strcmp(v->name, "cheat") == 0)
			snprintf(buf, size, "decks=%d,loser=%d", decks,
			    (int)(r % 2));
		else
			snprintf(buf, size, "decks=%d", decks);
	} else if (strcmp(v->name, "questions") == 0)
		snprintf(buf, size, "decks=%d", 1 + (int)(r % 2));
	else if (strcmp(v->name, "liarsuno") == 0)
		snprintf(buf, size, "points=%d,target=%d", (int)(r % 2),
		    50 + (int)(r / 2 % 1951));
	else
		snprintf(buf, size, "-");
}

/* Two keys for every number of seats v allows, with random seeds,
 * salts, dealers and options (the first and the last seat dealing at
 * least once each). */
static void
check_variant(const struct variant *v)
{
	char key[KEY_MAX], opts[64];
	uint64_t salt[2];
	int nseats, k, dealer;

	for (nseats = v->min_seats; nseats <= v->max_seats; nseats++) {
		for (k = 0; k < 2; k++) {
			dealer = k == 0 ? (int)(random64() % (uint64_t)nseats)
			         : nseats % 2 == 0 ? 0
			                           : nseats - 1;
			random_options(v, nseats, opts, sizeof opts);
			salt[0] = random64();
			salt[1] = random64();
			snprintf(key, sizeof key,
			    "cb1:%s:%d:%d:%s:%016" PRIx64 ":%016" PRIx64
			    "%016" PRIx64,
			    v->name, nseats, dealer, opts, random64(), salt[0],
			    salt[1]);
			check_key(v, key, nseats);
		}
	}
}

static void
test_cheat(void **state)
{
	(void)state;
	check_variant(&variants[0]);
}

static void
test_questions(void **state)
{
	(void)state;
	check_variant(&variants[1]);
}

static void
test_cheater(void **state)
{
	(void)state;
	check_variant(&variants[2]);
}

static void
test_liarsuno(void **state)
{
	(void)state;
	check_variant(&variants[3]);
}

static void
test_cheesedog(void **state)
{
	(void)state;
	check_variant(&variants[4]);
}

/* The page's worked example: the bot deals it as the checker does, and
 * the page shows the hands the checker prints. */
static void
test_example(void **state)
{
	const char *py_argv[] = {"python3", CHECKER, EXAMPLE_KEY, NULL};
	char *doc, line[4096], want[4200];
	struct output py;
	FILE *f;
	long size;
	int s;

	(void)state;
	check_key(&variants[0], EXAMPLE_KEY, 4);
	run(py_argv, &py);
	assert_int_equal(py.status, 0);
	f = fopen(DOC, "r");
	if (f == NULL)
		fail_msg(DOC ": %s", strerror(errno));
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	assert_true(size > 0);
	rewind(f);
	doc = malloc((size_t)size + 1);
	assert_non_null(doc);
	assert_int_equal(fread(doc, 1, (size_t)size, f), (size_t)size);
	doc[size] = '\0';
	fclose(f);
	for (s = 0; s < 4; s++) {
		snprintf(want, sizeof want, "seat%d:", s);
		assert_true(line_starting(py.text, want, line, sizeof line));
		snprintf(want, sizeof want, "\n    %s\n", line);
		if (strstr(doc, want) == NULL)
			fail_msg(DOC " does not show the example's '%s'", line);
	}
	line_starting(py.text, "sha256:", line, sizeof line);
	if (strstr(doc, line + strlen("sha256:")) == NULL)
		fail_msg(DOC " does not show the example's %s", line);
	free(doc);
	free(py.text);
}

/* Keys whose shuffle throws a draw away (below()'s rejection, about
 * once in three million shuffles of 52 cards, so random keys never
 * test it): seed 0xe71cce draws one value under the floor in a shuffle
 * of one deck, under any salt. */
static void
test_rejection(void **state)
{
	char key[KEY_MAX];
	uint64_t salt = random64();

	(void)state;
	snprintf(key, sizeof key,
	    "cb1:cheat:4:2:decks=1,loser=0:0000000000e71cce:%016" PRIx64
	    "%016" PRIx64,
	    salt, random64());
	check_key(&variants[0], key, 4);
	snprintf(key, sizeof key,
	    "cb1:questions:5:0:decks=1:0000000000e71cce:%016" PRIx64
	    "%016" PRIx64,
	    salt, random64());
	check_key(&variants[1], key, 5);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_example),
	    cmocka_unit_test(test_rejection),
	    cmocka_unit_test(test_cheat),
	    cmocka_unit_test(test_questions),
	    cmocka_unit_test(test_cheater),
	    cmocka_unit_test(test_liarsuno),
	    cmocka_unit_test(test_cheesedog),
	};

	return cmocka_run_group_tests_name("fair deals", tests, NULL, NULL);
}
