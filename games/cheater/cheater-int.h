/*
 * CHEATER's private header, shared by its files and by nobody else:
 * cheater-cards.c (the cards: ids, faces, names, spelling), cheater.c (the
 * tables, create, deal, turn, what a move says, view, result),
 * cheater-play.c (apply: what each move does), cheater-parse.c (player input
 * to moves, and check), cheater-auto.c (timeout, sample, invariants and
 * the test hooks of cheater.h), cheater-observe.c (what a seat may know),
 * cheater-story.c (what a move hid, the reveal, what was left unseen)
 * and the AI's files, cheater-ai*.c.
 */
#ifndef CHEATER_INT_H
#define CHEATER_INT_H

#include <stddef.h>

#include "games/ai.h"
#include "games/cards.h"
#include "games/game.h"
#include "games/rng.h"

/*
 * The cards.  One deck is 70 cards: per suit (red, yellow, purple, blue)
 * fourteen letters, C C H H E E E E A A T T R R, then 4 TAKE, 4 SHOW,
 * 4 HIDE, 1 BUST and 1 WILD.  Card id = deck * 70 + k; k < 56 is a letter
 * of suit k / 14; the rest are the actions in that order.  A card's face is
 * what a player sees and types: a suit and a letter (face = suit * 6 +
 * letter, letters in the order C H E A T R), or an action (FACE_TAKE...).
 */
#define CH_SUITS 4
#define CH_LETTERS 6		/* C H E A T R */
#define CH_SUIT_CARDS 14
#define CH_DECK 70
#define CH_MAX_DECKS 2
#define CH_CARDS (CH_DECK * CH_MAX_DECKS)
#define CH_HAND 7

enum ch_letter { L_C, L_H, L_E, L_A, L_T, L_R };

enum ch_face {
	FACE_TAKE = CH_SUITS * CH_LETTERS,	/* 24 */
	FACE_SHOW,
	FACE_HIDE,
	FACE_BUST,
	FACE_WILD,
	CH_FACES
};

/* The suit of a letter face, its letter; -1 for an action.  Inline:
 * the AI asks them of every card it weighs. */
static inline int
ch_face_suit(int face)
{
	return face >= 0 && face < FACE_TAKE ? face / CH_LETTERS : -1;
}

static inline int
ch_face_letter(int face)
{
	return face >= 0 && face < FACE_TAKE ? face % CH_LETTERS : -1;
}

/* The face of card id: a suit's fourteen letters C C H H E E E E A A T T
 * R R, then the actions 4 TAKE, 4 SHOW, 4 HIDE, BUST, WILD. */
static inline int
ch_face(int id)
{
	static const unsigned char letter[CH_SUIT_CARDS] = {
		0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5,
	};
	static const unsigned char action[CH_DECK - CH_SUITS * CH_SUIT_CARDS] =
	{
		FACE_TAKE, FACE_TAKE, FACE_TAKE, FACE_TAKE,
		FACE_SHOW, FACE_SHOW, FACE_SHOW, FACE_SHOW,
		FACE_HIDE, FACE_HIDE, FACE_HIDE, FACE_HIDE,
		FACE_BUST, FACE_WILD,
	};
	int k = id % CH_DECK;

	return k < CH_SUITS * CH_SUIT_CARDS ? k / CH_SUIT_CARDS * CH_LETTERS +
	    letter[k % CH_SUIT_CARDS] : action[k - CH_SUITS * CH_SUIT_CARDS];
}
/* The face a player typed: a letter card as suit initial and letter in
 * either order ("rc", "Cr", "ye"), or an action's name ("take"); -1 and
 * *cause. */
int ch_parse_face(const char *word, int *face, char **cause);
/* The face as typed and shown, without markup: "rC", "TAKE". */
const char *ch_face_name(int face);
/* The suit's name in English, "red" (a result's detail); a player reads
 * _(ch_suit_name(suit)). */
const char *ch_suit_name(int suit);
/* Appends the face as markup, in its suit's colour, to *line. */
void ch_cat_face(char **line, int face);
/* Sorts l by suit and letter (as faces are numbered), actions last. */
void ch_sort(struct cards *l);
/* Appends the cards of l as markup, sorted by suit and letter, actions
 * last, separated by spaces. */
void ch_cat_cards(char **line, const struct cards *l);
/* The suit that l spells CHEATER in (it holds C H E A T E R of that
 * suit, whatever else), or -1. */
int ch_spells(const struct cards *l);
/* How many of the seven cards of CHEATER in suit l holds. */
int ch_progress(const struct cards *l, int suit);
/* The suit l is nearest to spelling (most of the seven; the first on a
 * tie). */
int ch_best_suit(const struct cards *l);
/* 1 if card i of l counts towards spelling CHEATER in suit (a second
 * copy of a letter already counted does not; E counts twice). */
int ch_useful(const struct cards *l, int i, int suit);

/* Verbs: the move log's words.  Arguments are seats and card ids. */
enum {
	VERB_LEAVE = GAME_VERB_LEAVE,
	VERB_DRAW,		/* draw one, then discard one */
	VERB_DRAW2,		/* Cheater Power 1: draw two, discard two */
	VERB_GRAB,		/* Cheater Power 2: take the discard's top */
	VERB_TAKE,		/* VICTIM CARD: TAKE (or WILD) on VICTIM */
	VERB_SHOW,		/* VICTIM CARD */
	VERB_BUST,		/* VICTIM CARD */
	VERB_STEAL,		/* VICTIM: Cheater Power 3 */
	VERB_HIDE,		/* CARD: the victim hides (HIDE or WILD) */
	VERB_PASS,		/* the victim (or the table) does not hide */
	VERB_PICK,		/* CARD: the victim's card taken */
	VERB_DROP,		/* CARD...: the victim's cards busted */
	VERB_DISCARD,		/* CARD...: the turn's discards */
	VERB_IDLE,		/* the turn ran out: draw one, discard it */
};

enum {
	CMD_DRAW, CMD_DISCARD, CMD_TAKE, CMD_SHOW, CMD_BUST, CMD_WILD,
	CMD_HIDE, CMD_PASS, CMD_PICK, CMD_DROP, CMD_DRAW2, CMD_GRAB, CMD_STEAL,
};

enum { OPT_DECKS };

/* What the game waits for. */
enum ch_phase {
	PH_TURN,	/* the turn's seat chooses what to do */
	PH_DISCARD,	/* the turn's seat discards g->need cards */
	PH_HIDE,	/* the victim may hide (a window, no turn) */
	PH_PICK,	/* the attacker picks one of the victim's cards */
	PH_BUST,	/* the attacker busts up to g->die of them */
	PH_OVER,
};

#define ONE_DECK_MAX_SEATS 6

struct game {
	int nseats;
	int decks;
	int dealer;
	struct rng rng;			/* every dice roll and reshuffle */
	int forced[16];			/* test hook: dice rolled first */
	int nforced;

	struct cards *hand;		/* nseats of them, in the order
					 * received (so a game is not copied
					 * by value) */
	struct cards draw;		/* top last */
	struct cards discard;		/* top last */
	unsigned char fresh[CH_CARDS];	/* drawn since its holder's turn
					 * began: no TAKE, SHOW or BUST
					 * yet (a HIDE defends at once) */
	unsigned char pub[CH_CARDS];	/* every seat knows where it is:
					 * face up on the discard pile, or
					 * in a hand since it was shown or
					 * taken from the discard pile
					 * (observe() keeps it in place) */
	int in[GAME_MAX_SEATS];		/* 1 while the seat plays */

	int turn;			/* the seat whose turn it is */
	int dice[2];			/* its roll */
	int cheater;			/* the seat with the status, or -1 */
	int power;			/* 1: this turn has Cheater Power */
	enum ch_phase phase;
	int need;			/* PH_DISCARD: cards to discard */
	int attack;			/* the attack's verb (TAKE..STEAL) */
	int victim;			/* its victim */
	int spent;			/* the attacker spent a card on it */
	int die;			/* PH_BUST: the die */

	int winner;			/* -1 until someone spells CHEATER */
	int win_suit;			/* -1 for a win by the others leaving */
};

/* The number of seats still playing. */
int ch_nactive(const struct game *g);
/* 1 if card id in seat's hand may be played as an attack (TAKE, SHOW,
 * BUST, or a WILD as one) now; hiding needs no such check. */
int ch_usable(const struct game *g, int id);
/* The index in seat's hand of a card of face: with usable set, one that
 * may be played as an action now; skipping the ids in not[0..nnot-1]; a
 * card drawn this turn first when fresh_first is set.  -1 if none. */
int ch_find(const struct game *g, const struct cards *l, int face,
    int usable, int fresh_first, const int *not, int nnot);

/* The ops of cheater_ops, by file.  cheater.c: */
void cheater_turn(const struct game *g, struct game_turn *t);
/* Announces the deal of g (hands, piles and forced dice set): the hands,
 * the roll for who starts (unless first, a seat, starts), that player's
 * turn.  create() and the test hook that stacks a deal. */
void ch_deal(struct game *g, int first, struct game_out *out);

/* cheater.c, for cheater-play.c: what a move says, and the turn. */
/* What one move says: the public line, and a line for each seat.  What
 * a draw brings about (a reshuffle, a win) waits in tail, so that the
 * move's own words, written once its draws are done, say only the draws
 * that happened; tail follows them when the turn ends or all is said. */
struct said {
	char *pub;
	char *tail;
	char *priv[GAME_MAX_SEATS];
	unsigned hands;		/* seats whose hand changed */
	unsigned refilled;	/* seats told why they drew on another's
				 * turn (draw_one(), cheater-play.c) */
	int quiet;		/* nobody listens (game_quiet()): no text */
};

/* Where a piece of sd's text goes: line, or NULL where nobody listens,
 * so that an AI's play-outs build and look up no text (game.h).  Inline:
 * every piece of every move's text asks it. */
static inline char **
ch_said_to(const struct said *sd, char **line)
{
	return sd->quiet ? NULL : line;
}

/* The next seat still playing left of seat (never seat), or -1. */
int ch_next_in(const struct game *g, int seat);
/* One die: a forced one first (tests), else the game's own. */
int ch_roll(struct game *g);
/* The face as markup in a string of its own, to go into a sentence; the
 * caller frees it. */
char *ch_face_text(int face);
/* If seat's hand spells CHEATER, the game is won (said in sd's tail): 1
 * when it is over. */
int ch_won(struct game *g, int seat, struct said *sd);
/* The turn is over: what the move's draws brought about is said, and the
 * next seat's turn starts with its roll. */
void ch_end_turn(struct game *g, struct said *sd);
/* The action card of an attack verb, as typed: TAKE, SHOW or BUST. */
const char *ch_action_word(int verb);
/* Says everything gathered in sd: the public line, then one private line
 * to each seat that has news, a changed hand or something to do: what
 * to do first ("Your turn ..."), then the news, then the hand. */
void ch_say_all(const struct game *g, struct said *sd, struct game_out *out);

/* cheater-play.c: */
void cheater_apply(struct game *g, const struct game_move *mv,
    struct game_out *out);

/* cheater-parse.c: */
int cheater_parse(const struct game *g, int seat, int cmd, int argc,
    char **argv, struct game_move *mv, char **cause);
int cheater_check(const struct game *g, const struct game_move *mv,
    char **cause);
int cheater_command(const struct game *g, const struct game_move *mv,
    char *buf, size_t size);

/* cheater-observe.c: */
struct game *cheater_copy(const struct game *g);
struct game *cheater_observe(const struct game *g, int seat);
void cheater_redeal(struct game *g, int seat, struct rng *rng);

/* cheater-story.c: */
void cheater_story(const struct game *g, const struct game_move *mv,
    struct game_story *st);
void cheater_reveal(const struct game *g, struct game_out *out);
void cheater_unseen(const struct game *g, char *buf, size_t size);

/* cheater-ai.c (the minds and their memory, the easy level):
 * cheater_ops.ai. */
extern const struct game_ai cheater_ai;

/*
 * cheater-ai-eval.c: what an AI seat knows of an observation, and what a
 * hand is worth to it.  Hands are lists of faces here: an AI cares what a
 * card is, never which copy.
 */
#define CH_AI_HAND 10		/* the most cards a hand holds mid-turn */

struct ch_know {
	int seat;
	int pool[CH_FACES];		/* cards of each face of unknown
					 * place */
	int npool;
	int dead[CH_FACES];		/* on the discard pile */
	int shown[CH_FACES];		/* known to be in another hand */
	int slots[GAME_MAX_SEATS];	/* another hand's unknown cards */
	double drawn[CH_FACES], ndrawn;	/* of the pool, those in the draw
					 * pile, as far as the seat can tell
					 * (ch_ai_piles()); and their sum */
	double held[CH_FACES], nheld;	/* those in other hands */
	double hide[GAME_MAX_SEATS];	/* the chance that seat hides when
					 * named */
	double threat[GAME_MAX_SEATS];	/* how near it is to spelling, in
					 * letters */
	double suit[GAME_MAX_SEATS][CH_SUITS];	/* the chance that seat
					 * collects that suit */
	double scale[CH_SUITS];		/* how much of a suit's unknown
					 * cards is to be had: less when
					 * another seat collects it */
	double keep_take;		/* what a TAKE kept for later adds
					 * to a hand */
	double miss[CH_SUITS][CH_LETTERS][2];	/* what the first and
					 * second missing copy of a letter
					 * costs to find (ch_ai_costs()) */
};

/* Fills k from obs for seat: the faces of unknown place, and those seen,
 * the draw pile a fair sample of the pool and every suit as easy to come
 * by as its cards say; what a hard seat judges of the others (hide,
 * threat, suit, scale, keep_take, ch_ai_piles()) is the caller's. */
void ch_ai_know(struct ch_know *k, const struct game *obs, int seat);
/* Works out k's miss[] from what it holds (pool, shown, dead, scale):
 * ch_ai_know() does, and whoever changes those after it must again. */
void ch_ai_costs(struct ch_know *k);
/* Splits k's pool between the draw pile and the other hands, knowing
 * that about known[] of each face lie in the draw pile (cards discarded
 * before the last reshuffle), the rest of the pile and the hands being
 * dealt alike from what remains. */
void ch_ai_piles(struct ch_know *k, const double *known, int ndraw);
/* The faces of l into f (at most CH_AI_HAND); their number. */
int ch_ai_faces(const struct cards *l, int *f);
/* What a hand of faces f[0..n-1] is worth to a seat that knows k: near
 * to spelling a suit whose missing letters are still to be had, with
 * the action cards it may use; a hand that spells is worth a win. */
double ch_ai_value(const struct ch_know *k, const int *f, int n);
/* The best need cards to discard from f[0..n-1]: their indices in
 * drop[], and the value of the hand left. */
double ch_ai_discard(const struct ch_know *k, const int *f, int n, int need,
    int *drop);
/* The value of f[0..n-1] with one more card drawn from the unknown
 * cards, on average; with discard set, the best card is discarded
 * after it. */
double ch_ai_draw(const struct ch_know *k, const int *f, int n, int discard);
/* What f[0..n-1] is worth with one card more of each face, into
 * gain[CH_FACES]: ch_ai_discard() of one card after it with discard
 * set, else ch_ai_value(); the hand counted once. */
void ch_ai_gains(const struct ch_know *k, const int *f, int n, int discard,
    double *gain);
/* The chance that none of draws cards dealt from pool cards is one of
 * the hits among them. */
double ch_ai_none(int pool, int hits, int draws);
/* Value, on average, of the best of a victim's cards to the seat (gain[]
 * by face), the victim holding known[0..nknown-1] and slots unknown
 * cards dealt from k's pool, each face weighted by how likely the
 * victim keeps it (its suit; NULL: all alike). */
double ch_ai_best_of(const struct ch_know *k, const double *gain,
    const int *known, int nknown, int slots, const double *weight);

/* cheater-ai-play.c (the hard level's turn and hide, and both levels'
 * discards, picks and busts) and cheater-ai-count.c (the normal level's
 * turn and hide). */
struct ch_ai_ctx {
	const struct game *obs;
	struct ch_know know;
	int hard;
	struct rng *rng;
};
int ch_ai_turn(struct ch_ai_ctx *c, struct game_move *mv);
void ch_ai_discards(struct ch_ai_ctx *c, struct game_move *mv);
int ch_ai_hide(struct ch_ai_ctx *c, struct game_move *mv);
void ch_ai_pick(struct ch_ai_ctx *c, struct game_move *mv);
void ch_ai_drop(struct ch_ai_ctx *c, struct game_move *mv);
int ch_ai_count_turn(struct ch_ai_ctx *c, struct game_move *mv);
int ch_ai_count_hide(struct ch_ai_ctx *c, struct game_move *mv);

/* cheater-auto.c: */
void cheater_timeout(const struct game *g, struct game_move *mv);
int cheater_sample(const struct game *g, struct rng *rng,
    struct game_move *mv);
int cheater_invariants(const struct game *g, char **cause);

#endif
