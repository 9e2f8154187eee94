/*
 * A game's story, read back from its record once it is over: every move
 * again with what it hid (the replay), the bluff ledger (who lied, who got
 * away with it, who called right), the boldest lie that got away, and the
 * bluff titles a game earns.  Pure, like the rules: it knows only the
 * rules contract (games/game.h: story(), reveal(), unseen()) and the
 * record a game leaves, its variant, options, seats, dealer, seed and
 * move log, from which the game is dealt and played again exactly.
 *
 * The ledger's words (docs/games/ say what each variant counts):
 *   a claim      a move another player may call: a face-down play said
 *                to be something, a card put face down for a colour;
 *   a lie        a claim a call would have shown false;
 *   caught       a lie that was called;
 *   got away     a lie nobody called before its player's next claim, or
 *                before the game ended;
 *   accused      an honest claim that was called (a wrong call);
 *   a call       a move that tests another player's latest claim: right
 *                when that claim was a lie, wrong when it was honest;
 *   a chance     a claim of another player that the seat could call when
 *                it was made (the seats the game's window named).
 */
#ifndef STORY_H
#define STORY_H

#include <stdint.h>

#include "game.h"

/* What a game's record holds: enough to deal it and play it again. */
struct story_record {
	const struct game_ops *ops;
	struct game_opts opts;
	int nseats;
	int dealer;
	uint64_t seed;
	int nmoves;
	const char *const *moves;	/* the move log's texts, in order */
};

/* One claim, as the ledger keeps it. */
struct ledger_claim {
	int seat;		/* -1: none */
	int move;		/* its number in the log */
	int lie;
	int weight;
	char said[64];
	char laid[96];
};

/* One seat's part of a game's ledger. */
struct ledger_seat {
	int claims, lies, caught, away, accused;
	int calls, right, wrong, chances;
	int right_run;		/* right calls in a row, now */
	int best_right_run;	/* the longest such run of the game */
	int last_lie_away;	/* its last claim was a lie that got away */
};

struct ledger {
	int nseats;
	struct ledger_seat seat[GAME_MAX_SEATS];
	int claims, lies, away;			/* every seat together */
	struct ledger_claim boldest;		/* the boldest lie that got
						 * away (of most weight, the
						 * earliest of equals) */
	struct ledger_claim open[GAME_MAX_SEATS];/* each seat's latest
						 * claim not yet settled */
};

void ledger_init(struct ledger *l, int nseats);
/* Move number n of seat (GAME_SEAT_TABLE for the table's) had the story
 * st; window is the seats that may react once it was applied (turn()'s
 * window): the chances a claim gives.  A call settles the latest claim
 * of the seat it names; a claim settles its seat's previous one. */
void ledger_note(struct ledger *l, int n, int seat,
    const struct game_story *st, unsigned window);
/* Settles every claim still open (the game is over): a lie that nobody
 * called got away. */
void ledger_end(struct ledger *l);

/* What a replay tells, line by line: the deal (n = -1: the channel's
 * line, then everything hidden, ops->reveal()), each move (n = its
 * number: what the channel was told, then what it hid), and the end
 * (n = the number of moves: what was still hidden, ops->unseen()).
 * seat is the move's seat (GAME_SEAT_TABLE for the table's), -1 for the
 * deal and the end (which n tells apart from the table's moves).  markup is the rules' markup; a move that told the
 * channel nothing and hid nothing has no line.  A move's line is what the
 * channel was told, then what it hid in square brackets ("... [laid
 * 4♥ 9♣]"): markup does not nest, so the hidden part is not coloured as
 * a whole and may hold markup of its own. */
typedef void story_line_fn(void *ctx, int n, int seat, const char *markup);

/* Deals the game of rec and plays its moves again, each checked by the
 * rules, calling line (may be NULL) for the replay and filling l (may be
 * NULL) with its ledger, settled as far as the log goes (ledger_end()
 * when the game is over; a stopped game leaves its last claims open).
 * r (may be NULL) gets the result when the log ends the game: *over
 * (may be NULL) says whether it did.  0, or -1 and *cause when the
 * record cannot be played again (a move the rules refuse). */
int story_play(const struct story_record *rec, story_line_fn *line,
    void *ctx, struct ledger *l, struct game_result *r, int *over,
    char **cause);

/* A bluff title: earned by one game's play, in a variant whose players
 * make claims (game_ops.claims), and again by each game that earns it. */
struct story_title {
	const char *name;	/* one lowercase word, stored: "pokerface" */
	const char *title;	/* as shown: "Poker Face" */
	const char *what;	/* what earns it, for !titles and the docs */
	/* Whether seat earned it by the game whose ledger is l (settled)
	 * and result r. */
	int (*earned)(const struct ledger *l, const struct game_result *r,
	    const struct game_ops *ops, int seat);
};

/* Every bluff title (STORY_TITLES of them), NULL-name terminated. */
#define STORY_TITLES 7
extern const struct story_title story_titles[];

/* The bluff title stored as name, or NULL. */
const struct story_title *story_title_named(const char *name);

/* The bluff titles seat earned by the game of ops that ended with r and
 * whose settled ledger is l: their indexes in story_titles, in order,
 * into out (room for every title); how many.  None for a variant whose
 * players make no claims. */
int story_earned(const struct game_ops *ops, const struct ledger *l,
    const struct game_result *r, int seat, int *out);

#endif
