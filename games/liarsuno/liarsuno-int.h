/*
 * Liar's UNO's private header, shared by its files and by nobody else:
 * liarsuno-cards.c (card ids, faces, claims, how cards are written and
 * typed, points), liarsuno.c (the tables, deal, turn, view, result),
 * liarsuno-play.c (what moves do), liarsuno-wlc.c (the Wild Liar's
 * Challenge), liarsuno-turn.c (what both use to move the turn on:
 * draws, owed UNO calls, the end of a hand), liarsuno-parse.c (player
 * input to moves, and check), liarsuno-auto.c (timeout, sample,
 * invariants and the hooks of liarsuno.h), liarsuno-observe.c (what
 * each seat knows, observe() and redeal()), liarsuno-ai.c with
 * liarsuno-ai-play.c and liarsuno-ai-read.c (the AI seats: the mind and
 * its decisions, the turn's play, what both read of the table) and
 * liarsuno-story.c (the story: what moves hid, claimed and called).
 * The rules as played: docs/games/liarsuno.md.
 */
#ifndef LIARSUNO_INT_H
#define LIARSUNO_INT_H

#include <stddef.h>

#include "games/ai.h"
#include "games/cards.h"
#include "games/game.h"
#include "games/rng.h"

/*
 * The cards.  112 ids: colour c (0 red, 1 yellow, 2 green, 3 blue) holds
 * c * 26 .. c * 26 + 25, where k = id % 26 is a Regular number k below
 * 10, a Liar's number k - 10 below 20, then two each of Skip, Reverse
 * and Draw Two (Liar's Cards).  104..107 are the Wild Draw Fours (Liar's
 * Cards), 108..111 the Wild Liar's Challenges (Regular Cards).
 *
 * A face is what a card shows or a claim says: colour * 15 + symbol, with
 * the symbols 0-9, then Skip, Reverse, Draw Two, Wild Draw Four and Wild
 * Liar's Challenge; the wilds have colour 4.  The Liar's mark is no part
 * of a face: ~r5 and r5 have one face.
 */
#define LU_CARDS 112
#define LU_COLOURS 4
#define LU_COLOUR_CARDS 26
#define LU_SYMBOLS 15
#define LU_WILD LU_COLOURS	/* the colour of a wild face */
#define LU_HAND 7
#define LU_FIRST_WD4 104
#define LU_FIRST_WLC 108
/* The most Liar's Cards of one face: the Wild Draw Fours. */
#define LU_FACE_LIARS (LU_FIRST_WLC - LU_FIRST_WD4)

enum lu_symbol {
	SYM_SKIP = 10,
	SYM_REVERSE,
	SYM_DRAW2,
	SYM_WD4,
	SYM_WLC,
};

#define LU_FACE(colour, sym) ((colour) * LU_SYMBOLS + (sym))
#define FACE_WD4 LU_FACE(LU_WILD, SYM_WD4)
#define FACE_WLC LU_FACE(LU_WILD, SYM_WLC)
#define LU_FACES (FACE_WLC + 1)

/* The face of card id; 1 if it is a Liar's Card.  Inline, as the
 * others of this block: the expert's play-outs ask them more than
 * anything else (docs/ai.md). */
static inline int
lu_face(int id)
{
	int k = id % LU_COLOUR_CARDS, sym;

	if (id >= LU_FIRST_WLC)
		return FACE_WLC;
	if (id >= LU_FIRST_WD4)
		return FACE_WD4;
	if (k < 20)
		sym = k % 10;
	else
		sym = SYM_SKIP + (k - 20) / 2;
	return LU_FACE(id / LU_COLOUR_CARDS, sym);
}

static inline int
lu_liar(int id)
{
	if (id >= LU_FIRST_WLC)
		return 0;
	return id >= LU_FIRST_WD4 || id % LU_COLOUR_CARDS >= 10;
}

/* The Liar's Cards of face (those a face-down claim of it is true
 * with), into ids[LU_FACE_LIARS]: how many, 0 for a WLC's face or no
 * face. */
int lu_face_liars(int face, int *ids);

/* The colour (0..3, LU_WILD) and symbol of a face. */
static inline int
lu_face_colour(int face)
{
	return face / LU_SYMBOLS;
}

static inline int
lu_face_sym(int face)
{
	return face % LU_SYMBOLS;
}

/* 1 if face is a real face (a claim may be any of them but a WLC). */
static inline int
lu_face_valid(int face)
{
	if (face == FACE_WD4 || face == FACE_WLC)
		return 1;
	return face >= 0 && lu_face_colour(face) < LU_COLOURS &&
	    lu_face_sym(face) < SYM_WD4;
}

/* 1 if face is an action's: Skip, Reverse, Draw Two, Wild Draw Four. */
int lu_action(int face);
/* The points a card left in a hand is worth. */
int lu_value(int id);
/* The points of every card of l. */
int lu_points(const struct cards *l);
/* The colour's name as typed, "red" (a move's text), the same as shown
 * in a sentence, in the reader's language, and its markup colour,
 * "red", "yel". */
const char *lu_colour_name(int colour);
const char *lu_colour_shown(int colour);
const char *lu_colour_markup(int colour);

/* Writes card id as typed and shown, without markup ("~r5", "WLC"), or a
 * face as a claim ("r5", "+4"), into buf; always terminated. */
void lu_card_text(int id, char *buf, size_t size);
void lu_claim_text(int face, char *buf, size_t size);
/* Appends card id, a claim, as markup in its colour. */
void lu_cat_card(char **line, int id);
void lu_cat_claim(char **line, int face);
/* Sorts l as hands are shown: by colour, Regular Cards before Liar's
 * Cards, by symbol; the Wild Draw Fours, then the WLCs, last. */
void lu_sort(struct cards *l);
/* Appends l sorted, each colour in one markup span: "{red:r3 ~r5} ~+4". */
void lu_cat_cards(char **line, const struct cards *l);

/* Parses a card as typed (docs/games/liarsuno.md): sets *face and *liar.
 * -1 and *cause for a word that names no card of the deck. */
int lu_parse_card(const char *word, int *face, int *liar, char **cause);
/* Parses a claim: a card's face, any Liar's mark ignored. */
int lu_parse_claim(const char *word, int *face, char **cause);
/* Parses a colour word: red, r, yellow, yel, y, ...; -1 if none. */
int lu_parse_colour(const char *word);

/* Verbs: the move log's words.  Arguments are seats, card ids, faces. */
enum {
	VERB_LEAVE = GAME_VERB_LEAVE,
	VERB_PLAY,		/* CARD DOWN CLAIM COLOUR UNO */
	VERB_DRAW,
	VERB_PASS,		/* keep the card drawn */
	VERB_IDLE,		/* the table's: the turn ran out */
	VERB_SWAP,		/* SEAT: after a 7 */
	VERB_CHALLENGE,		/* the face-down card */
	VERB_UNO,
	VERB_PUT,		/* CARD: for a Wild Liar's Challenge */
	VERB_ACCUSE,		/* SEAT: the WLC's player turns one over */
	VERB_CLOSE,		/* the table's: a window or the puts close */
	VERB_DONE,		/* the WLC's player turns no more over */
};

/* The play's arguments. */
enum { ARG_CARD, ARG_DOWN, ARG_CLAIM, ARG_COLOUR, ARG_UNO, PLAY_ARGS };

enum {
	CMD_PLAY_UP, CMD_PLAY, CMD_DRAW, CMD_PASS, CMD_SWAP, CMD_CHALLENGE,
	CMD_UNO, CMD_PUT, CMD_DONE,
};

enum { OPT_POINTS, OPT_TARGET };

/* What the game waits for. */
enum lu_phase {
	PH_TURN,	/* the turn's seat plays or draws */
	PH_DRAWN,	/* it drew: plays that card or passes */
	PH_SWAP,	/* it played a 7: names whose hand it takes */
	PH_OPEN,	/* a face-down card that decides what comes
			 * next (its claimed action, or its player
			 * going out) may be challenged; nobody moves */
	PH_PUT,		/* the others put a card for a WLC */
	PH_ACCUSE,	/* the WLC's player turns put cards over */
	PH_OVER,
};

/* A card of the discard pile that lies face down, nobody having turned
 * it over: the seat that laid it and what it was said to be, a
 * face-down play's claim (a face) or, for a card put for a Wild Liar's
 * Challenge that went under it, LU_SAID_PUT + the colour named; seat
 * -1 (and said -1) for a card face up. */
struct lu_down {
	signed char seat;
	signed char said;
};

#define LU_SAID_PUT LU_FACES

struct game {
	int nseats;
	int dealer;
	int points;			/* option points */
	int target;
	struct rng rng;			/* deals and reshuffles */

	struct cards hand[GAME_MAX_SEATS];
	struct cards draw;		/* top last */
	struct cards discard;		/* top last */
	int put[GAME_MAX_SEATS];	/* the card put for a WLC, or -1 */
	int in[GAME_MAX_SEATS];		/* 1 while the seat plays */
	int score[GAME_MAX_SEATS];	/* points mode: the running total */
	int nhand;			/* the hands dealt so far */

	enum lu_phase phase;
	int turn;			/* the seat to play */
	int dir;			/* 1 clockwise, -1 counter-clockwise */
	int colour, sym;		/* what the next play must match */
	int prev_colour, prev_sym;	/* the same before the open card */

	int down;			/* the face-down card open to a
					 * challenge (PH_SWAP: once swapped),
					 * or -1 */
	int down_seat, down_claim;
	int drawn;			/* PH_DRAWN: the card drawn */
	int after;			/* PH_SWAP: who plays next */

	unsigned uno_due;		/* bit per seat owing an UNO call */
	int before[GAME_MAX_SEATS];	/* hand sizes when the turn's move
					 * began: a hand that becomes one
					 * card owes the call */
	int uno_said;			/* the seat that said uno with its
					 * play, or -1 */

	int wlc_seat, wlc_colour;	/* the Wild Liar's Challenge */
	unsigned owe_put;		/* PH_PUT: seats yet to put */
	unsigned unturned;		/* PH_ACCUSE: put cards not turned */
	unsigned put_table;		/* the seats whose put card the table
					 * put when their time ran out (no
					 * claim of theirs), while it is put */

	/* The discard pile's cards by place, bottom first: which lie face
	 * down unturned, and what they were said to be (the story's
	 * unseen(), liarsuno-story.c): the pile holds at most the deck. */
	struct lu_down downs[LU_CARDS];

	unsigned winners;		/* of the hand that ended last */
	int hand_score;			/* what it was worth to each */

	/* What seats know, for observe() (liarsuno-observe.c): bit per
	 * seat that knows where card id lies (a card seen face up, or
	 * its own that it gave away in a swap or a pass), beside every
	 * seat's own hand and put card, which it always knows.  Nobody
	 * knows the draw pile. */
	unsigned knows[LU_CARDS];
	/* Public events the AIs remember (liarsuno-ai.c): face-down plays
	 * made so far, challenges so far, and the last challenge: whose
	 * card, by whom, the card shown and its claim. */
	int ndown, nchallenges;
	int ch_seat, ch_by, ch_card, ch_claim;
};

/* What one move says: the public line, a line for each seat, whose hand
 * to show (a hand the move gave cards or exchanged; one that only lost
 * the cards its owner chose is not shown again), whether the move
 * changed what seats are asked to do (then each is asked again, with its
 * hand), and whether the draw pile was made anew. */
struct said {
	char **pub;			/* the lines: into text, or NULL
					 * where nobody listens */
	char **priv[GAME_MAX_SEATS];
	char *text[1 + GAME_MAX_SEATS];
	unsigned hands;
	int asked;
	int reshuffled;
};

/* liarsuno.c: */
/* The seats still playing, as bits, and how many. */
unsigned lu_active(const struct game *g);
int lu_nactive(const struct game *g);
/* The next seat still playing from seat in the direction of play, or
 * -1 when seat is the only one. */
int lu_next(const struct game *g, int seat);
/* Appends what the next play must match: "{red:r7}", or after a wild
 * "{red:red} (+4)". */
void lu_cat_match(const struct game *g, char **line);
/* Says everything in sd: the public line, then to each seat its line,
 * what it is asked to do now, and its hand with anything said to it
 * or when sd->hands holds it. */
void lu_say_all(const struct game *g, struct said *sd, struct game_out *out);
/* Empties sd for a move whose lines go to out: where out is quiet
 * (game_quiet()) its lines are NULL and nothing is built in them. */
void lu_said_open(struct said *sd, const struct game_out *out);
/* Deals a hand from g's cards as they lie (hands, piles), which the
 * caller has set: resets the play, matches the discard pile's top (a
 * wild there takes colour), gives first the turn (-1: left of the
 * dealer) and tells everyone into sd. */
void lu_start_hand(struct game *g, int first, int colour, int reversed,
    struct said *sd);
/* Gathers every card, shuffles and deals a hand from g->dealer's left,
 * turning the discard pile's first card until a number comes up, and
 * starts it. */
void lu_deal(struct game *g, struct said *sd);

/* liarsuno-play.c: */
void liarsuno_apply(struct game *g, const struct game_move *mv,
    struct game_out *out);

/* liarsuno-turn.c: what the moves and the Wild Liar's Challenge both
 * use to move the turn on. */
/* Draws up to n cards for seat (refilling the draw pile when it runs
 * out), told to seat in sd; how many there were. */
int lu_draw(struct game *g, int seat, int n, struct said *sd);
/* Appends "draws a card" (or two cards, or nothing to draw) to *line,
 * for got cards drawn of want. */
void lu_cat_draws(char **line, int want, int got);
/* The hand ends: the seats of winners went out.  Scores it, and deals
 * the next hand or ends the game. */
void lu_hand_over(struct game *g, unsigned winners, struct said *sd);
/* The calls the turn's move made owed: each hand it left of one card,
 * but the one whose play said uno. */
unsigned lu_owed(const struct game *g);
/* Appends that each seat of g->uno_due owes an UNO call. */
void lu_say_owed(const struct game *g, struct said *sd);
/* g->turn plays, with the calls owed as they stand. */
void lu_play_on(struct game *g, struct said *sd);
/* Play goes on with g->turn after a move: the owed UNO calls are
 * settled and the turn is announced. */
void lu_go_on(struct game *g, struct said *sd);

/* liarsuno-wlc.c: */
/* seat played a WLC naming colour (not its last card): the others put. */
void lu_wlc_start(struct game *g, int seat, int colour, struct said *sd);
void lu_wlc_put(struct game *g, int seat, int id, struct said *sd);
/* The table: time is up for putting; cards are put for those left. */
void lu_wlc_close(struct game *g, struct said *sd);
void lu_wlc_accuse(struct game *g, int victim, struct said *sd);
/* The WLC's player stops: the cards not turned go under the WLC. */
void lu_wlc_done(struct game *g, struct said *sd);
/* seat left during the challenge (its cards are gone already). */
void lu_wlc_leave(struct game *g, int seat, struct said *sd);
/* 1 if seat may put card id (held): a card of the colour, or any card
 * when it holds none of the colour. */
int lu_wlc_may_put(const struct game *g, int seat, int id);
/* The card put for seat when its time ran out: the first of the colour
 * in its sorted hand, else the first. */
int lu_wlc_auto_card(const struct game *g, int seat);
/* The next seat with a put card not yet turned, from the WLC's player in
 * the direction of play, or -1. */
int lu_wlc_next_unturned(const struct game *g);

/* liarsuno-observe.c: */
/* A new hand: nobody knows any card but the discard pile's. */
void lu_know_reset(struct game *g);
/* Card id was shown to everyone. */
void lu_know_public(struct game *g, int id);
/* seat put card id face down where only it knows it is (a face-down
 * play, a card put for a WLC); nobody else can be sure any longer of
 * the cards left in its hand. */
void lu_know_secret(struct game *g, int seat, int id);
/* Card id was drawn: only its holder knows it. */
void lu_know_drawn(struct game *g, int id);
/* Hands are about to change hands (a swap, a pass): each holder keeps
 * knowing where the cards it gives away are. */
void lu_know_holders(struct game *g);
/* Sets known[id] (LU_CARDS of them) to 1 for each card whose place
 * seat knows, else 0. */
void lu_known_cards(const struct game *g, int seat, char *known);
struct game *liarsuno_copy(const struct game *g);
struct game *liarsuno_observe(const struct game *g, int seat);
void liarsuno_redeal(struct game *g, int seat, struct rng *rng);

/* liarsuno-ai.c, liarsuno-ai-play.c, liarsuno-ai-read.c: the AI seats
 * (games/ai.h).  A mind remembers, from the observations it is shown,
 * each seat's face-down claims and how many were shown to be lies, and
 * the claims of others each seat could have called and did. */
struct ai_mind {
	int seat;
	enum ai_level level;
	struct ai_habits habits[GAME_MAX_SEATS];	/* from the records */
	int claims[GAME_MAX_SEATS];	/* face-down plays this game */
	int shown[GAME_MAX_SEATS];	/* of them, challenged */
	int lies[GAME_MAX_SEATS];	/* and shown to be lies */
	int chances[GAME_MAX_SEATS];	/* claims of others it could call */
	int calls[GAME_MAX_SEATS];
	int ndown, nchallenges;		/* the last observation's counts */
	/* The cards it could place in each seat's hand at the last
	 * observation (a card a caught lie showed, a hand it gave away in
	 * a swap or a pass), which a face-down play makes it unsure of;
	 * those of the open card's player before it played (open_ndown:
	 * the play's count of face-down plays, -1 for none). */
	char held[GAME_MAX_SEATS][LU_CARDS];
	char open_held[LU_CARDS];
	int open_ndown;
	/* Its own card that a caught lie showed everyone, back in its
	 * hand (-1: none): not the card of its next lie. */
	int exposed;
	/* Its own lies face down, and of them how many were called. */
	int my_lies, my_lies_called;
};

/* What a seat sees of the cards, worked out once per decision. */
struct lu_sight {
	char known[LU_CARDS];		/* lu_known_cards() */
	int hidden;			/* cards whose place it cannot know */
	int unseen[LU_FACES];		/* Liar's Cards of each face among
					 * them */
	int colour[LU_COLOURS + 1];	/* cards of each colour among them */
};

/* How much weight a guess of a seat's habits made before anything is
 * known of it (how often it lies, liarsuno-ai.c; how often it calls,
 * liarsuno-ai-read.c) has against what is seen of it. */
#define LU_PRIOR_WEIGHT 4.0

/* liarsuno-ai.c: */
extern const struct game_ai liarsuno_ai;

/* liarsuno-ai-play.c: */
/* The turn's move of m's seat: a play, a draw, or after a draw a play
 * of that card or a pass. */
void lu_ai_turn(struct ai_mind *m, const struct game *g, struct rng *rng,
    struct game_move *mv);
/* The expert's candidates at the turn of m's seat in g (struct
 * ai_search's moves): each card's best play as hard weighs it, and not
 * playing, best first; how many, at most max. */
int lu_ai_moves(const struct ai_mind *m, const struct game *g, int seat,
    struct rng *rng, struct game_move *mv, int max);

/* liarsuno-ai-read.c: what the AI reads of the table and the others. */
/* What seat sees of the cards now. */
void lu_ai_sight(const struct game *g, int seat, struct lu_sight *sg);
/* How much one card more in seat's hand is worth to m's seat, in its
 * own cards: 1 for its own, less for an opponent's, more the nearer
 * that opponent is to going out. */
double lu_ai_worth(const struct ai_mind *m, const struct game *g, int seat);
/* The chance that seat calls a face-down card of others, from what it
 * did this game and the records. */
double lu_ai_call_rate(const struct ai_mind *m, int seat);
/* The colour m's seat would name for a wild: the one it holds most
 * Regular Cards of, then most cards of. */
int lu_ai_colour(const struct game *g, int seat);

/* liarsuno-story.c: the game's story (games/story.h). */
void liarsuno_story(const struct game *g, const struct game_move *mv,
    struct game_story *st);
void liarsuno_reveal(const struct game *g, struct game_out *out);
void liarsuno_unseen(const struct game *g, char *buf, size_t size);

/* liarsuno-parse.c: */
int liarsuno_parse(const struct game *g, int seat, int cmd, int argc,
    char **argv, struct game_move *mv, char **cause);
int liarsuno_check(const struct game *g, const struct game_move *mv,
    char **cause);
int liarsuno_command(const struct game *g, const struct game_move *mv,
    char *buf, size_t size);
/* 1 if a claim of face may be made on what g must match now. */
int lu_plausible(const struct game *g, int face);
/* 1 if card id may be played face up on what g must match now. */
int lu_matches_up(const struct game *g, int id);

/* liarsuno-auto.c: */
void liarsuno_timeout(const struct game *g, struct game_move *mv);
int liarsuno_sample(const struct game *g, struct rng *rng,
    struct game_move *mv);
int liarsuno_invariants(const struct game *g, char **cause);

#endif
