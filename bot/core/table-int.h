/*
 * Shared by table.c (lobby, deal, end), table-play.c (moves) and
 * table-resume.c: the gathering of one move's messages (table-out.c).
 */
#ifndef TABLE_INT_H
#define TABLE_INT_H

#include "bot/core/core.h"
#include "games/deal-key.h"
#include "games/story.h"

struct store_award;
struct store_bluffs;
struct store_game;

/* struct table_out's mover when no seat moved: the deal, a resumption,
 * a view. */
#define TABLE_OUT_NONE (-2)

/* One move's messages, gathered before anything is sent. */
struct table_out {
	struct game_out out;
	struct buf pub;
	struct buf priv[GAME_MAX_SEATS];
	/* QUEUE_GAME (table_out_init()), or QUEUE_REPLY for a view a
	 * command asked for (!hand, !status): no prompt, no clock. */
	enum queue_class cls;
	/* The seat whose move it is, GAME_SEAT_TABLE for the table's, or
	 * TABLE_OUT_NONE (table_out_init()). */
	int mover;
};

void table_out_init(struct table_out *o);
/* Whether seat must act now in t's game (its turn, or a move it owes
 * with others): what it is told is its prompt. */
int table_must_act(const struct table *t, int seat);
/* Every seat reads its private lines in its own language, the channel
 * its text in the channel's (docs/translating.md): the rules build a
 * move's text once in the channel's language, then once more on a copy
 * of the game (game.h's copy()) for each other language a seat at the
 * table reads, whose private text replaces theirs.
 *
 * table_lang() makes the channel's language the one written in, and
 * returns it; table_seat_lang() is the language seat reads; and
 * table_langs() fills langs with the other languages seats read (people
 * at the table, not away or gone), the count of them. */
const char *table_lang(struct table *t);
const char *table_seat_lang(struct table *t, int seat);
int table_langs(struct table *t, char langs[][LANG_MAX]);
/* Moves into o the private text of other's seats that read lang, and
 * empties other. */
void table_out_take(struct table *t, struct table_out *o,
    struct table_out *other, const char *lang);
/* Renders and sends everything gathered, then empties o: the channel
 * text, then each seat's private text queued after it (table-out.c). */
void table_out_flush(struct table *t, struct table_out *o);
/* The rules' markup for one reader of t's game, rendered into text: the
 * questions its cards carry, the seats' nicks, colour or not. */
void table_render(struct table *t, struct buf *text, const char *markup,
    int colour);

/* table-story.c: a game's deal key, its reveal and its ledger. */
/* Draws a new game's seed into t->seed (from the system's random source,
 * or the bot's generator when it deals from a fixed seed) and the deal
 * key's salt into salt; 0, or -1 and *cause (no random source). */
int table_story_seed(struct table *t, char salt[DEAL_KEY_SALT + 1],
    char **cause);
/* Appends the deal's commitment, "Deal sha256:HEX", to its channel text
 * pub: the SHA-256 of the key of t's game dealt by dealer with salt. */
void table_story_commit(struct table *t, int dealer, const char *salt,
    struct buf *pub);

/* A finished or stopped game's record read back and played again. */
struct table_story {
	struct store_game *sg;		/* NULL: it could not be read */
	struct story_record rec;
	struct ledger ledger;		/* settled */
	int played;			/* the ledger was made */
	char key[DEAL_KEY_MAX];		/* the deal key, "" when none */
};
/* Reads t's game's record into ts (each fault logged: ts tells less). */
void table_story_read(struct table *t, struct table_story *ts);
void table_story_done(struct table_story *ts);
/* The ledger's counts of seat, as the records keep them. */
void table_story_bluffs(const struct ledger *l, int seat,
    struct store_bluffs *b);
/* Announces the bluff titles and the solo titles among the n awards
 * (those with earned set), one line per player. */
void table_story_titles(struct table *t, const struct store_award *a,
    int n);
/* Appends " Deal key: KEY" to line when the game has one. */
void table_story_key(const struct table_story *ts, struct buf *line);
/* Says the reveal in t's channel, at most three lines: the lies told and
 * those that got away, the boldest that got away, what nobody saw. */
void table_story_reveal(struct table *t, const struct table_story *ts);

#endif
