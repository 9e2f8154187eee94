/*
 * The rules contract: what every game variant provides and what the bot may
 * ask of it.  A variant is a `const struct game_ops`; `game_table[]` lists
 * them all.  Modelled on OpenSpiel's State API.
 *
 * The rules are pure: no IRC, no SQL, no clock, no nicks.  Seats are numbered
 * 0..nseats-1 in clockwise order (seat i+1 sits left of seat i).  All
 * randomness comes from the struct rng handed to create() and sample(), so
 * options + seed + the list of accepted moves always rebuild the same state
 * (that is how crash resume, replay tests and the simulator work).
 *
 * Moves are small structs (struct game_move) with a generic text form
 * ("seat verb arg arg ..."), which is what the move log stores.  A move from
 * a person is made by parse(), validated by check() (the only place that
 * validates), then applied by apply(), which assumes a legal move.  Windows
 * and timers belong to the bot: the rules only say, through turn(), who may
 * act now; when a timer runs out the bot asks timeout() for the default move.
 *
 * Text the rules emit is neutral markup that the bot renders per recipient:
 *   {p:N}        the name of seat N
 *   {COL:text}   text in a colour; COL is one of red, blk, yel, grn, blu,
 *                pur, gry; the text itself must stay readable without it
 *   {b:text}     bold
 *   {q:N}        the question on card N: the bot keeps the questions and
 *                which card carries which in a game (a game of questions)
 * Markup does not nest.  A literal brace is written {{ or }}.
 *
 * Causes (char **cause) are plain text, never markup: they go to one
 * player as they are ("you do not hold '7♠'").
 */
#ifndef GAME_H
#define GAME_H

#include <stdarg.h>
#include <stddef.h>

#include "rng.h"

#define GAME_MAX_SEATS 10
#define GAME_MAX_OPTIONS 8
#define GAME_MOVE_ARGS 112
#define GAME_MAX_VERBS 16

/* Verb 0 of every variant: the seat leaves (removal after timeouts, a kick,
 * the end of a grace time).  check() accepts it for any seat still playing. */
#define GAME_VERB_LEAVE 0

/* Seat number of moves made by the table itself (closing a window). */
#define GAME_SEAT_TABLE (-1)

/* Audience of a message: one seat, or everyone. */
#define GAME_PUBLIC (-1)

struct game;			/* a variant's state; opaque outside its file */

/* One move.  The meaning of verb and args belongs to the variant. */
struct game_move {
	int seat;		/* acting seat, or GAME_SEAT_TABLE */
	int verb;		/* index into the variant's verbs[] */
	int argc;
	int argv[GAME_MOVE_ARGS];
};

/* Who may act now. */
struct game_turn {
	int over;		/* 1 when the game has ended */
	int seat;		/* whose turn it is, or -1 */
	unsigned window;	/* bit per seat that may react now (challenge) */
	int accused;		/* the seat the open window reacts to, or -1 */
	int pause;		/* 1: nobody takes a turn, the game waits
				 * for words in the channel (a question
				 * being answered); the bot makes the
				 * table's timeout() move after its answer
				 * time, unless a move ends the pause first:
				 * the heard() move, or one that check()
				 * allows a seat (Questions' next) */
	int speaker;		/* with pause: the seat whose line in the
				 * channel ends it (the player asked, who
				 * answers aloud), or -1; the bot then
				 * makes the heard() move at once.  Every
				 * variant sets -1 when no seat is heard */
	int wait;		/* 1 (with seat -1): the seats in window
				 * each owe a move, which is applied as it
				 * comes (no reaction, no tie); they have a
				 * turn's time, then the bot makes the
				 * table's timeout() move for those left */
};

/* A message sink, supplied by the caller of apply() and view(). */
struct game_out {
	void (*emit)(void *ctx, int seat, const char *text);
	void *ctx;
};

/* An integer option, set as name=value in the lobby (booleans are 0..1).
 * words says a value in words for the lobby line ("2 decks"): forms
 * separated by '|', one per value from min on, the last serving every
 * value after it, with '#' standing for the value ("to # points"); NULL
 * shows name=value. */
struct game_option {
	const char *name;
	int min, max, def;
	const char *help;
	const char *words;
};

/* Option values, indexed as the variant's options[] table. */
struct game_opts {
	int v[GAME_MAX_OPTIONS];
};

/* Where a player may type a command. */
enum game_where {
	GAME_WHERE_CHANNEL = 1,
	GAME_WHERE_PRIVATE = 2,
	GAME_WHERE_BOTH = 3,
};

/* A player command that becomes a move. */
struct game_cmd {
	const char *name;
	const char *aliases;	/* space-separated, or NULL */
	enum game_where where;
	const char *usage;	/* arguments, e.g. "CARD... as [N] RANK" */
	const char *help;	/* one line */
	unsigned seat_args;	/* bit i: argument word i names a player */
};

/* A title a player earns by winning games of the variant in a row (the
 * streaks themselves are counted by storage, the same for every variant):
 * earned when the count reaches at; with further, each later win of the
 * same run is announced with its count (not earned again). */
struct game_title {
	const char *name;	/* one lowercase word, stored: "excellent" */
	const char *title;	/* as shown: "Excellent Cheater" */
	int same_detail;	/* counts wins in a row with the same detail
				 * (game_result.detail, e.g. the suit),
				 * else all wins in a row */
	int at;			/* the count that earns it, 2 or more */
	int further;
};

/* The outcome, filled by result() once turn().over is set. */
struct game_result {
	int nseats;
	int place[GAME_MAX_SEATS];	/* 1 = first; equal places tie; 0 = left */
	int winner;			/* the single winner's seat, or -1 */
	int loser;			/* the single loser's seat, or -1 */
	int for_loser;			/* 1: the game was played for a
					 * loser (no winner), even if it
					 * ended without one */
	int points[GAME_MAX_SEATS];	/* variant-defined score, 0 if none */
	char detail[GAME_MAX_SEATS][16];/* e.g. the suit that spelled CHEATER */
};

/* What one move hid, and what it claimed or called: its part of the
 * game's story (games/story.h), told by ops->story() from the state
 * before the move is applied.  Every text is markup, plain without its
 * colours. */
#define GAME_STORY_TEXT 192
struct game_story {
	/* What the move kept from the channel, for a replay once the game
	 * is over: the cards under a claim ("laid 4♥ 9♣"), a card drawn
	 * ("drew 5♥"), a card put face down; "" when it hid nothing. */
	char hidden[GAME_STORY_TEXT];
	/* 1: the move makes a claim that a later call may test (a face-down
	 * play and what it was said to be). */
	int claim;
	int lie;		/* with claim: a call on it would be right */
	int weight;		/* with lie: how far from the truth, at least
				 * 1 (the cards in it not as claimed): the
				 * boldest lie is the one of most weight */
	char said[64];		/* with claim: the claim ("three 7s") */
	char laid[96];		/* with claim: what was laid ("7♠ 2♦ K♣") */
	/* 1: the move calls (challenges) the latest claim of seat of. */
	int call;
	int of;
};

struct game_ops {
	const char *name;	/* one word, lowercase: "cheat" */
	const char *title;	/* "Cheat" */
	const char *brief;	/* one line for !games and !rules */
	/* What a newcomer needs for a first game, for !rules: 3 to 6 short
	 * lines, NULL terminated: the goal, a turn, what is special, each
	 * command with an example, which go in private.  A move as typed is
	 * marked up {c:WORDS} when typed in the channel and {m:WORDS} when
	 * sent to the bot in private (the bot writes it with its prefix, or
	 * as a /msg to itself); the first of each command is its example
	 * (!rules GAME MOVE), and tests parse every one. */
	const char *const *rules;
	int min_seats, max_seats;
	const struct game_option *options;	/* NULL-name terminated */
	const struct game_cmd *cmds;		/* NULL-name terminated */
	const char *const *verbs;		/* NULL terminated; [0]="leave" */
	const struct game_title *titles;	/* NULL-name terminated, or
						 * NULL: none */
	int loser_game;		/* 1: the game ends with one loser, not one
				 * winner; stats rank players by fewest
				 * losses per game */
	unsigned reactions;	/* bit (1u << verb) per verb that answers an
				 * open window (a challenge) instead of
				 * taking a turn: the bot collects those
				 * within its tie window */
	unsigned asides;	/* bit (1u << verb) per verb a seat makes
				 * beside the turn, neither taking nor
				 * ending it (calling UNO): never held for
				 * the challenge window */

	/* A new game, dealt and ready for its first move, or NULL with *cause
	 * set (e.g. too many players for the options).  dealer is the seat
	 * that deals (the bot moves it left each game in a channel); the
	 * game draws its deal from rng and keeps its own copy of rng's state
	 * for every later chance event.  The deal's messages (each hand to
	 * its seat, one public line) go to out.  The caller owns the game. */
	struct game *(*create)(const struct game_opts *opts, int nseats,
	    int dealer, const struct rng *rng, struct game_out *out,
	    char **cause);
	void (*destroy)(struct game *g);

	void (*turn)(const struct game *g, struct game_turn *t);

	/* Turns a player's command (cmds[cmd]) and its argument words into a
	 * move for seat, without judging legality; -1 and *cause on bad
	 * syntax ("unknown card 'zz'").  The rules know no nicks: where the
	 * command's seat_args says a word names a player, the bot passes a
	 * seated player's nick as the markup {p:N} (game_parse_seat() reads
	 * it) and any other word as typed. */
	int (*parse)(const struct game *g, int seat, int cmd, int argc,
	    char **argv, struct game_move *mv, char **cause);
	/* The inverse of parse(): what seat mv->seat would type for mv (a
	 * move check() accepts now), the command's words without the prefix
	 * ("play 4♥ 4♦ as 2 4"), with a player named as {p:N} (rendered to
	 * the nick before it is typed), into buf of size bytes; the index of that
	 * command in cmds[] (its where says where it may be typed), or -1
	 * for a move nobody types (a leave, the table's).  Parsing the words
	 * back gives an equivalent move (the simulator checks it); test
	 * players and benchmarks play through it. */
	int (*command)(const struct game *g, const struct game_move *mv,
	    char *buf, size_t size);
	/* 0 if mv is legal now, else -1 and *cause. */
	int (*check)(const struct game *g, const struct game_move *mv,
	    char **cause);
	/* Applies a legal move, emitting what it tells whom.  out may be
	 * NULL (game_quiet()): the AI's play-outs apply so, and a variant
	 * need build no text then (game_line()); the game must end the
	 * same either way (tests/sim/test-sim.c replays every game so). */
	void (*apply)(struct game *g, const struct game_move *mv,
	    struct game_out *out);
	/* The move made when the timer of the current turn runs out (the
	 * turn's seat), or when an open window with no turn closes (the
	 * table).  Called only while the game is not over; always legal. */
	void (*timeout)(const struct game *g, struct game_move *mv);
	/* The move that ends a pause when turn().speaker has said something
	 * in the channel (a question answered aloud); called only then,
	 * always legal.  The rules never see the words: any line will do.
	 * NULL for a variant whose turn() names no speaker. */
	void (*heard)(const struct game *g, struct game_move *mv);
	/* A randomly chosen legal move for any seat that may act, or for the
	 * table where a window with no turn may close (so random games end);
	 * 0, or -1 if nobody can (the game is over).  Never "leave": the
	 * simulator adds those itself. */
	int (*sample)(const struct game *g, struct rng *rng,
	    struct game_move *mv);

	/* Emits seat's private view (its hand) to that seat, or with
	 * GAME_PUBLIC the public status line. */
	void (*view)(const struct game *g, int seat, struct game_out *out);
	void (*result)(const struct game *g, struct game_result *r);

	/* For the simulator: every card's place is accounted for and the
	 * state is consistent; 0, or -1 and *cause. */
	int (*invariants)(const struct game *g, char **cause);

	/* A copy of g, the same in everything, its generator's state
	 * included: a move applied to it does and says what it does and
	 * says applied to g.  The bot applies a move to a copy to say it in
	 * a second language (bot/core/table-out.c).  Free it with
	 * destroy(). */
	struct game *(*copy)(const struct game *g);
	/* What a player in seat may know of g, for its AI (games/ai.h): a
	 * new game (free it with destroy()) equal to g except that every
	 * card seat cannot see, or cannot know the place of, is dealt
	 * again among the places seat cannot see in one fixed order (the
	 * cards sorted, the places in the order the state keeps them), and
	 * the game's own generator is seeded afresh with a constant.  So two
	 * games that differ only in what seat cannot know give equal
	 * observations, and whatever is computed from an observation cannot
	 * depend on a hidden card.  The seat's own cards, everything face
	 * up, and any card whose place seat was shown (a revealed play, a
	 * SHOW) stay where they are, as far as the variant keeps track. */
	struct game *(*observe)(const struct game *g, int seat);
	/* In place: the cards seat cannot know dealt again at random from
	 * rng among the places seat cannot see, and the game's generator
	 * seeded from rng: one world consistent with what seat knows (the
	 * hard AI plays some out; the tests check that observe() of it is
	 * observe() of g). */
	void (*redeal)(struct game *g, int seat, struct rng *rng);
	/* The game's story (games/story.h): the reveal when it ends, its
	 * replay, the bluff ledger.  claims is 1 for a variant whose players
	 * make claims that others may call (its story() says which moves
	 * claim and which call); 0 for one where nobody lies. */
	int claims;
	/* What mv, legal in g and not yet applied, hid from the channel and
	 * what it claimed or called; st is zeroed by the caller. */
	void (*story)(const struct game *g, const struct game_move *mv,
	    struct game_story *st);
	/* Everything hidden in g, for a replay's deal and for checking a
	 * deal key (docs/fairness.md): short lines of markup emitted one
	 * by one to GAME_PUBLIC: each seat's hand and any face-down cards
	 * ("{p:0}: 4♥ 9♣ ..."), each pile with its cards in order, top
	 * first, and anything else hidden. */
	void (*reveal)(const struct game *g, struct game_out *out);
	/* What is still hidden in g, over or stopped, that its players
	 * would want to see when it ends, as one line of markup into buf
	 * of size bytes, at most GAME_LINE_BYTES rendered (one IRC line:
	 * game_markup_size()), "" when nothing: Cheesedog's face-down cards
	 * nobody flipped. */
	void (*unseen)(const struct game *g, char *buf, size_t size);
	/* The variant's AI (games/ai.h). */
	const struct game_ai *ai;
};

/* Whether seat won and whether it lost the game that ended with r, as the
 * records count it: the single winner wins, or with none every seat placed
 * first (a shared win), except in a game played for a loser (ops is a
 * loser game, r says so, or r names a loser), which has places and no
 * winner at all, and except a win by forfeit (game_forfeit()), which is
 * no win.  The loser loses, and in a game played for a loser so does
 * every seat that left (leaving is losing, or a player about to lose
 * could leave and keep a clean record). */
void game_outcome(const struct game_ops *ops, const struct game_result *r,
    int seat, int *won, int *lost);

/* The seat that won the game of r by forfeit, or -1: the only seat with a
 * place when every other seat left (or was removed) before the game was
 * decided.  The records count such a game as played and nothing more: no
 * win, and it neither extends nor ends a streak or a run, so two lobbies
 * whose other player leaves at once earn no title, and a forfeit does not
 * cost anyone a run either. */
int game_forfeit(const struct game_result *r);

/* Every variant, NULL terminated. */
extern const struct game_ops *const game_table[];

/* The variant named name, or a unique prefix of one; NULL and *cause. */
const struct game_ops *game_find(const char *name, char **cause);

/* The variant called exactly name (any case), or NULL: for names that
 * were stored or typed in full, where a prefix must not match. */
const struct game_ops *game_named(const char *name);

/* Fills opts with the variant's defaults. */
void game_opts_default(const struct game_ops *ops, struct game_opts *opts);

/* Sets option "name=value" (value an integer, or on/off/yes/no/true/false);
 * 0, or -1 and *cause. */
int game_opts_set(const struct game_ops *ops, struct game_opts *opts,
    const char *assignment, char **cause);

/* Writes opts as "name=value name=value" into buf (always terminated):
 * the form stored with a game and read back by game_opts_parse(). */
void game_opts_format(const struct game_ops *ops, const struct game_opts *opts,
    char *buf, size_t size);

/* Reads options written "name=value" and separated by spaces or commas
 * (as game_opts_format() writes them, or as a deal key holds them) over
 * the variant's defaults into opts; 0, or -1 and *cause. */
int game_opts_parse(const struct game_ops *ops, const char *text,
    struct game_opts *opts, char **cause);

/* Writes the options of opts that differ from the variant's defaults in
 * words, "2 decks, loser game", into buf (always terminated; "" when
 * none differ): what a lobby is told. */
void game_opts_words(const struct game_ops *ops, const struct game_opts *opts,
    char *buf, size_t size);

/* The index of the variant command called word (name or alias), or -1. */
int game_cmd_find(const struct game_ops *ops, const char *word);

/* The same, for a command typed where (the channel or private): a
 * variant may give two commands one name, each typed in its own place
 * (Liar's UNO's play, face up in the channel, face down in private).
 * The first command of that name allowed there, else the first of that
 * name, else -1. */
int game_cmd_find_where(const struct game_ops *ops, const char *word,
    enum game_where where);

/* Move text form "seat verb arg...", e.g. "2 play 3 12 40 41". */
void game_move_format(const struct game_ops *ops, const struct game_move *mv,
    char *buf, size_t size);
int game_move_parse(const struct game_ops *ops, const char *text,
    struct game_move *mv, char **cause);

/* Emits printf-style text to seat (or GAME_PUBLIC) through out. */
void game_say(struct game_out *out, int seat, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Appends printf-style text to the growing line *line (NULL when empty),
 * so a move's public text is built in pieces and said once.  line NULL
 * (game_line()'s where nobody listens) builds nothing. */
void game_cat(char **line, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Appends piece to *line and frees it (NULL adds nothing), with a space
 * between them unless piece starts with one: how a seat's news joins
 * what it must do, said first ("Your turn ..."), in its one line. */
void game_cat_take(char **line, char *piece);

/* How many bytes markup takes once rendered for IRC with colours: its
 * text's bytes (a card's suit is three), a player's name counted
 * GAME_NAME_WIDTH, a question as much, a coloured span 4 bytes more (the
 * mIRC codes around it), a bold one 2, {{ and }} one each.  For a line a
 * variant keeps to one IRC line, such as unseen()'s: at most
 * GAME_LINE_BYTES, which a channel line has room for after the server's
 * prefix for a bot nick and channel name of common length. */
#define GAME_NAME_WIDTH 16
#define GAME_LINE_BYTES 350
size_t game_markup_size(const char *m);

/* Appends printf-style text to st->hidden (a story()'s), cut at its end
 * if need be. */
void game_story_hidden(struct game_story *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Says *line publicly if there is one, and empties it (line NULL:
 * nothing). */
void game_say_line(struct game_out *out, char **line);

/* 1 if out says nothing (NULL, or no emit): a play-out's, a
 * simulation's.  A move's text is then not built at all, which was a
 * third of an AI play-out's cost (docs/ai.md). */
int game_quiet(const struct game_out *out);

/* The line a move's public text is built in: line, or NULL where out
 * is quiet, so that game_cat() and game_say_line() on it do nothing. */
char **game_line(const struct game_out *out, char **line);

/* Reads a word naming a player, as parse() gets it (see parse): {p:N}
 * with N a seat below nseats.  Sets *seat and returns 0, or -1 and
 * *cause ("no player 'zed' at this table"). */
int game_parse_seat(const char *word, int nseats, int *seat, char **cause);

/* The start of every create(): checks nseats and dealer against ops, and
 * picks how many decks to play with from the value of an option decks
 * (0: one for up to 4 players, two for more; 1: one, allowed for at most
 * one_max players; 2: two).  The decks, or -1 and *cause. */
int game_decks(const struct game_ops *ops, int nseats, int dealer, int decks,
    int one_max, char **cause);

/* Sets *cause to a new printf-style string (when cause is not NULL) and
 * returns -1: `return game_fail(cause, "no card '%s'", w);` */
int game_fail(char **cause, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Where nobody listens (game_quiet(): an AI's play-outs apply moves by
 * the hundred), game_say() and game_cat() evaluate none of their
 * arguments: a text is looked up in the reader's language as it is
 * built (games/intl.h), and a lookup costs more than the rest of a
 * play-out's move.  So each is also a macro that tests first; the
 * functions themselves are defined as (game_say) and (game_cat). */
#define game_say(out, seat, ...) (game_quiet(out) ? (void)0 : \
	(game_say)((out), (seat), __VA_ARGS__))
#define game_cat(line, ...) ((line) == NULL ? (void)0 : \
	(game_cat)((line), __VA_ARGS__))

#endif
