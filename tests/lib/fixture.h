/*
 * The core of the rules' unit-test fixtures (cheat-deal, cheater-deal,
 * cheesedog-deal, liarsuno-deal): a game of any variant under test, the
 * messages it emits (sink.h), and lines typed or moves in their text form
 * played through parse(), check() and apply() as the bot would.  After
 * the game is made and after every move, applied or refused, it checks
 * the invariants; around every move it applies it runs the variant's own
 * checks (before and check below).  A refusal's cause is one line.
 * Its helpers fail the running cmocka test, so a suite includes
 * <cmocka.h> (and what cmocka needs) first and runs each test with
 * fx_teardown.  SINK_TRACE=1 in the environment prints every message.
 */
#ifndef TESTS_FIXTURE_H
#define TESTS_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "games/game.h"
#include "games/story.h"
#include "tests/lib/sink.h"

#define FX_MAX_WORDS 32		/* words of a typed line */

struct fx;

/* A variant's check of what a move (mv; NULL for a deal, a stack or a
 * view) said, b and a its records of the game before and after. */
typedef void fx_said_fn(struct fx *f, const struct game_move *mv,
    const void *b, const void *a);

/* A game under test with its message sink and the last refusal. */
struct fx {
	const struct game_ops *ops;
	struct game *g;
	struct sink sink;
	struct game_out out;
	char *cause;		/* the last refusal, or NULL */
	int nseats;
	int where;		/* 1: lines are typed as the bot receives
				 * them, "!cmd" in the channel and "cmd" in
				 * private (game_cmd_find_where()) */
	/* The variant's checks, or NULL: before with the state as it was
	 * before mv is applied, check once it is applied, the invariants
	 * hold and what it said is in the sink. */
	void (*before)(struct fx *, const struct game_move *mv);
	void (*check)(struct fx *, const struct game_move *mv);
	/* ... and what the variant records of a game to check what a move
	 * said, set by fx_watch(): rec[0] before the move, rec[1] after. */
	void (*snap)(struct fx *, void *rec);
	fx_said_fn *said;
	void *rec[2];
	void *ctx;		/* the variant's state, freed with f */
	/* The game's bluff ledger (games/story.h), fed by every move
	 * applied with what ops->story() told of it before (stacking a
	 * deal does not reset it), and story, the last move's; nmoves
	 * counts the moves applied. */
	struct ledger ledger;
	struct game_story story;
	int nmoves;
	char buf[1024];		/* text the variant's helpers return */
};

/* A new game of ops for nseats dealt by dealer with seed, on the
 * variant's default options changed by opts, space-separated assignments
 * as typed in the lobby ("decks=2"; NULL or "" for none); fails the test
 * when an option or create() is refused, or the invariants fail.  Its
 * messages stay in the sink.  At most four are live at once.  Freed by
 * fx_free(), or by fx_teardown() after a failure. */
struct fx *fx_create(const struct game_ops *ops, int nseats, int dealer,
    const char *opts, uint64_t seed);
void fx_free(struct fx *f);

/* The variant records what its checks look at, size bytes, with snap,
 * before each move applied and after it, and checks what the move said
 * with said (after f->before, before f->check). */
void fx_watch(struct fx *f, size_t size, void (*snap)(struct fx *, void *),
    fx_said_fn *said);
/* Checks what a deal, a stack or a view just said (fx_watch()): from b,
 * a record of the game before it (NULL: as it is now), to the record
 * now. */
void fx_check_said(struct fx *f, const void *b);

/* A cmocka teardown: frees the games a failed test left open; 0. */
int fx_teardown(void **state);

/* Keeps cause in f (the teardown frees it) and fails with what. */
void fx_fail(struct fx *f, const char *what, char *cause);

/* Fails unless the invariants hold after what. */
void fx_invariants(struct fx *f, const char *what);

/* After the variant stacked a deal (rc and cause from its stack
 * function): fails unless it was accepted and the invariants hold. */
void fx_stacked(struct fx *f, int rc, char *cause);

/* Fails unless the game is not over, seat is to move (or -1), the seats
 * in window may react to accused (or -1) and, but in a pause, no seat is
 * a speaker; the turn into t (or NULL) for the variant's own checks. */
void fx_assert_turn(struct fx *f, int seat, unsigned window, int accused,
    struct game_turn *t);

/* Fails unless the game is over, with no seat to move, no window and no
 * speaker, and its result has places (seat order), winner and loser (-1:
 * none); the result into r for the variant's own checks. */
void fx_assert_over(struct fx *f, const int *places, int winner, int loser,
    struct game_result *r);

/* Forgets the messages. */
void fx_reset(struct fx *f);

/* The last message to seat (or GAME_PUBLIC), or "". */
const char *fx_said(const struct fx *f, int seat);

/* How many messages went to seat (or GAME_PUBLIC). */
int fx_said_count(const struct fx *f, int seat);

#define assert_said(f, seat, want) \
	assert_string_equal(fx_said(f, seat), want)
#define assert_said_has(f, seat, part) \
	sink_assert_has(fx_said(f, seat), part)
#define assert_said_lacks(f, seat, part) \
	sink_assert_lacks(fx_said(f, seat), part)

/* Splits line at its spaces, in place, into at most max words; how
 * many. */
int fx_words(char *line, char **words, int max);

/* The number of words of list, one space between two ("" has none). */
int fx_nwords(const char *list);

/* w without the parentheses that open it nor the punctuation that ends
 * it ("(4♥)." is 4♥), cut in place: a card as it stands in a line. */
char *fx_trim(char *w);
/* The next word of the text at *p, split off in place at a space
 * (strsep()) and trimmed (fx_trim()); NULL at the end of the text. */
char *fx_word(char **p);

/* Adds to n[] the words of list, face(word) the index in n of each; "-"
 * (a place with no card) is none, and a word face() does not know
 * (-1) fails the test. */
void fx_count_faces(const char *list, int (*face)(const char *word),
    int *n);

/* Parses a line typed by seat (no check) into mv; 0, or -1 and
 * f->cause.  An unknown command fails the test; with f->where, one not
 * allowed where it is typed is refused as bot/cmd/dispatch.c refuses it. */
int fx_parse(struct fx *f, int seat, const char *line, struct game_move *mv);

/* Checks and applies mv; 0, or -1 with f->cause set. */
int fx_apply(struct fx *f, const struct game_move *mv);

/* Plays a line typed by seat; 0, or -1 with f->cause set (and nothing
 * said). */
int fx_do(struct fx *f, int seat, const char *line);

/* Checks and applies a move given in its text form ("0 draw"); 0, or -1
 * with f->cause set. */
int fx_move(struct fx *f, const char *text);

/* Plays a line (or a move's text) that must be accepted, or one that
 * must be refused with the cause want. */
void fx_ok(struct fx *f, int seat, const char *line);
void fx_refused(struct fx *f, int seat, const char *line, const char *want);
void fx_move_ok(struct fx *f, const char *text);
void fx_move_refused(struct fx *f, const char *text, const char *want);

/* Applies the timeout move, which must be legal; its text form into
 * text. */
void fx_timeout(struct fx *f, char *text, size_t size);

#endif
