/*
 * The Cheesedog fixture of cheesedog-deal.h: a game on a stacked deal, on
 * the core of fixture.h, and the checks made around the deal, each move
 * and each view.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/cards.h"
#include "games/cheesedog/cheesedog.h"
#include "games/game.h"
#include "games/rng.h"
#include "alloc/xalloc.h"
#include "tests/lib/cheesedog-deal.h"

#define FACES CARDS_DECK	/* a card's face: rank and suit */

/* Where every face is, counted: in each hand, face down at each seat, in
 * sight (on the pile or face up anywhere), and out of the game. */
struct snap {
	int hand[GAME_MAX_SEATS][FACES];
	int down[GAME_MAX_SEATS][FACES];
	int seen[FACES];
	int cleared[FACES];
};

/* The four suit symbols: a word is a card only with one of them. */
static const char *const suits[] = { "♣", "♦", "♥", "♠" };

const char *
dg_cards(struct fx *f, enum cheesedog_place place, int seat)
{
	cheesedog_cards(f->g, place, seat, f->buf, sizeof f->buf);
	return f->buf;
}

/* The face of a card word as the hooks write it ("10♥"), or -1 for
 * anything else. */
static int
face_of(const char *w)
{
	int rank, suit, i;

	for (i = 0; i < 4 && strstr(w, suits[i]) == NULL; i++)
		continue;
	if (i == 4 || cards_parse_card(w, &rank, &suit, NULL) != 0)
		return -1;
	return suit * CARDS_RANKS + rank - 1;
}

/* The fixture's record of a game (fx_watch()): where every face is.
 * Lists are "5♥ - 10♣", a dash a face-down place with no card. */
static void
snapshot(struct fx *f, void *rec)
{
	struct snap *s = rec;
	int seat;

	memset(s, 0, sizeof *s);
	for (seat = 0; seat < f->nseats; seat++) {
		fx_count_faces(dg_cards(f, CHEESEDOG_HAND, seat), face_of,
		    s->hand[seat]);
		fx_count_faces(dg_cards(f, CHEESEDOG_DOWN, seat), face_of,
		    s->down[seat]);
		fx_count_faces(dg_cards(f, CHEESEDOG_UP, seat), face_of,
		    s->seen);
	}
	fx_count_faces(dg_cards(f, CHEESEDOG_PILE, 0), face_of, s->seen);
	fx_count_faces(dg_cards(f, CHEESEDOG_CLEARED, 0), face_of,
	    s->cleared);
}

/* Fails if line, said to seat (or GAME_PUBLIC), names a hidden card not
 * in sight before (b) or after (a) the move, nor in seat's own hand; with
 * played set, the cards the move cleared were in sight (played onto the
 * pile), as a leave's are not. */
static void
check_hidden(const struct fx *f, int seat, const char *line,
    const struct snap *b, const struct snap *a, int played)
{
	size_t len = strlen(line);
	char *text = xcalloc(1, len + 1), *p = text, *w;
	int k = -1, s, hidden, allowed;

	sink_plain(text, line, len);
	while ((w = fx_word(&p)) != NULL) {
		if ((k = face_of(w)) < 0)
			continue;
		allowed = b->seen[k] + a->seen[k] + (seat >= 0 ?
		    b->hand[seat][k] + a->hand[seat][k] : 0) +
		    (played ? a->cleared[k] - b->cleared[k] : 0);
		for (s = hidden = 0; s < f->nseats; s++)
			hidden += b->hand[s][k] + a->hand[s][k] +
			    b->down[s][k] + a->down[s][k];
		if (hidden > 0 && allowed == 0)
			break;
		k = -1;
	}
	free(text);
	if (k >= 0)
		fail_msg("a line to %d names a hidden card: '%s'", seat, line);
}

/* The plain text of line between the end of after and the next stop,
 * which must be there, in out of size bytes. */
static void
part(const char *line, const char *after, const char *stop, char *out,
    size_t size)
{
	const char *p = strstr(line, after), *end;

	if (p == NULL)
		fail_msg("'%s' lacks '%s'", line, after);
	p += strlen(after);
	if ((end = strstr(p, stop)) == NULL)
		fail_msg("'%s' lacks '%s' after '%s'", line, stop, after);
	assert_true((size_t)(end - p) < size);
	sink_plain(out, p, (size_t)(end - p));
}

/* The face-down positions the hook's "5♥ - - K♣" holds: "1 4", or
 * "none". */
static void
positions(const char *down, char *out, size_t size)
{
	char *copy = xstrdup(down), *p = copy, *w;
	size_t used = 0;
	int i = 0;

	out[0] = '\0';
	while ((w = strsep(&p, " ")) != NULL) {
		i++;
		if (strcmp(w, "-") == 0)
			continue;
		used += (size_t)snprintf(out + used, size - used, "%s%d",
		    used > 0 ? " " : "", i);
	}
	free(copy);
	if (used == 0)
		snprintf(out, size, "none");
}

/* A private line's cards are its seat's, shown only while it holds
 * some. */
static void
check_cards(struct fx *f, int seat, const char *line, int holds)
{
	char got[1024], want[1024];
	int n;

	if (strstr(line, "Hand (") == NULL)
		return;
	if (!holds)
		fail_msg("seat %d holds no cards but is shown some: '%s'",
		    seat, line);
	assert_int_equal(sscanf(strstr(line, "Hand (") + strlen("Hand ("),
	    "%d)", &n), 1);
	part(line, "): ", ". Face up: ", got, sizeof got);
	snprintf(want, sizeof want, "%s", dg_cards(f, CHEESEDOG_HAND, seat));
	if (strcmp(got, want[0] != '\0' ? want : "none") != 0 ||
	    n != fx_nwords(want))
		fail_msg("seat %d is shown %d in hand, '%s', but holds '%s'",
		    seat, n, got, want);
	part(line, ". Face up: ", ". Face down: ", got, sizeof got);
	snprintf(want, sizeof want, "%s", dg_cards(f, CHEESEDOG_UP, seat));
	if (strcmp(got, want[0] != '\0' ? want : "none") != 0)
		fail_msg("seat %d is shown face up '%s' but has '%s'", seat,
		    got, want);
	part(line, ". Face down: ", ".", got, sizeof got);
	positions(dg_cards(f, CHEESEDOG_DOWN, seat), want, sizeof want);
	if (strcmp(got, want) != 0)
		fail_msg("seat %d is shown face down '%s' but has '%s'", seat,
		    got, want);
}

/* 1 if seat still holds cards (or is the loser holding them). */
static int
holds(struct fx *f, int seat)
{
	return dg_cards(f, CHEESEDOG_HAND, seat)[0] != '\0' ||
	    dg_cards(f, CHEESEDOG_UP, seat)[0] != '\0' ||
	    strcmp(dg_cards(f, CHEESEDOG_DOWN, seat), "- - - -") != 0;
}

/* Fails unless a move's mover, and every seat whose hand the move gave
 * cards, were shown their cards as they should be: a seat given cards is
 * shown them; a mover whose hand gained nothing (it only lost what it
 * played) only when it moves next (docs/architecture.md). */
static void
check_shown(struct fx *f, const struct game_move *mv, const struct snap *b,
    const struct snap *a)
{
	struct game_turn t;
	int s, k, gained, shown;

	cheesedog_ops.turn(f->g, &t);
	for (s = 0; s < f->nseats; s++) {
		if (!holds(f, s))
			continue;
		for (k = gained = 0; k < FACES; k++)
			gained |= a->hand[s][k] > b->hand[s][k];
		shown = strstr(fx_said(f, s), "Hand (") != NULL;
		if (gained && !shown)
			fail_msg("seat %d was given cards but is not shown "
			    "them: '%s'", s, fx_said(f, s));
		if (!gained && s == mv->seat && shown != (t.seat == s))
			fail_msg("seat %d only lost cards and %s, but is %s"
			    "shown them: '%s'", s, t.seat == s ? "moves next" :
			    "does not move next", shown ? "" : "not ",
			    fx_said(f, s));
	}
}

/* What a move (mv; NULL for the deal or a view) said, between the
 * snapshots b and a (fx_said_fn): the cards a move other than a leave
 * cleared were played onto the pile (check_hidden()). */
static void
check_said(struct fx *f, const struct game_move *mv, const void *vb,
    const void *va)
{
	const struct snap *b = vb, *a = va;
	int npriv[GAME_MAX_SEATS] = { 0 }, npub = 0, i, s;
	int played = mv != NULL && mv->verb != GAME_VERB_LEAVE;

	for (i = 0; i < f->sink.n; i++) {
		s = f->sink.seat[i];
		if (s == GAME_PUBLIC)
			npub++;
		else {
			assert_in_range(s, 0, f->nseats - 1);
			npriv[s]++;
			check_cards(f, s, f->sink.text[i], holds(f, s));
		}
		check_hidden(f, s, f->sink.text[i], b, a, played);
	}
	assert_in_range(npub, 0, 1);
	for (s = 0; s < f->nseats; s++)
		assert_in_range(npriv[s], 0, 1);
	if (mv != NULL)
		check_shown(f, mv, b, a);
}

/* The words command() gives for mv, a move check() accepts, parse back
 * to a move of the same verb that check() accepts and types the same. */
static void
check_typed(struct fx *f, const struct game_move *mv)
{
	struct game_move back;
	char typed[256], words[256], again[256], what[300];
	char *argv[FX_MAX_WORDS], *cause = NULL;
	int cmd, argc;

	if ((cmd = cheesedog_ops.command(f->g, mv, typed, sizeof typed)) < 0) {
		assert_int_equal(mv->verb, GAME_VERB_LEAVE);
		return;
	}
	snprintf(words, sizeof words, "%s", typed);
	argc = fx_words(words, argv, FX_MAX_WORDS);
	assert_int_equal(game_cmd_find(&cheesedog_ops, argv[0]), cmd);
	if (cheesedog_ops.parse(f->g, mv->seat, cmd, argc - 1, argv + 1,
	    &back, &cause) != 0 ||
	    cheesedog_ops.check(f->g, &back, &cause) != 0) {
		snprintf(what, sizeof what, "typed '%s' refused", typed);
		fx_fail(f, what, cause);
	}
	assert_int_equal(back.verb, mv->verb);
	assert_int_equal(cheesedog_ops.command(f->g, &back, again,
	    sizeof again), cmd);
	assert_string_equal(typed, again);
}

struct fx *
dg_new_seed(int nseats, int dealer, unsigned long long seed)
{
	struct fx *f = fx_create(&cheesedog_ops, nseats, dealer, NULL, seed);

	f->before = check_typed;
	fx_watch(f, sizeof(struct snap), snapshot, check_said);
	fx_check_said(f, NULL);
	return f;
}

struct fx *
dg_new(int nseats, int dealer)
{
	return dg_new_seed(nseats, dealer, 1);
}

void
dg_stack(struct fx *f, const struct cheesedog_deal *d)
{
	char *cause = NULL;

	fx_reset(f);
	fx_stacked(f, cheesedog_stack(f->g, d, &f->out, &cause), cause);
	fx_check_said(f, NULL);
}

/* Says seat's view (or the status) into the sink, checked. */
static const char *
view(struct fx *f, int seat)
{
	fx_reset(f);
	cheesedog_ops.view(f->g, seat, &f->out);
	assert_int_equal(f->sink.n, 1);
	assert_int_equal(f->sink.seat[0], seat);
	fx_check_said(f, NULL);
	return f->sink.text[0];
}

const char *
dg_status(struct fx *f)
{
	return view(f, GAME_PUBLIC);
}

const char *
dg_view(struct fx *f, int seat)
{
	return view(f, seat);
}

void
dg_assert_turn(struct fx *f, int seat, int dir)
{
	fx_assert_turn(f, seat, 0, -1, NULL);
	assert_int_equal(cheesedog_direction(f->g), dir);
}

void
dg_assert_over(struct fx *f, const int *places, int loser)
{
	struct game_result r;
	struct game_move mv;
	struct rng rng;

	fx_assert_over(f, places, -1, loser, &r);
	rng_seed(&rng, 1);
	assert_int_equal(cheesedog_ops.sample(f->g, &rng, &mv), -1);
}
