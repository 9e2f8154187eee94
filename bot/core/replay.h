/*
 * A stored game read back (games/story.h does the playing): its record,
 * its deal key and the key's commitment, and its replay as text lines for
 * one reader, for !replay (paged, bot/core/pager.c) and for
 * `cheaterbot --replay` (bot/offline.c).
 */
#ifndef REPLAY_H
#define REPLAY_H

#include <stddef.h>

#include "games/deal-key.h"
#include "games/story.h"

struct store_game;
struct questions;

/* How the channel is told a deal's commitment, "Deal sha256:HEX" at the
 * end of the deal's text, and its key, "Deal key: KEY" at the end of the
 * game: "Deal" and the next word are joined by a no-break space (U+00A0),
 * so a long line is never cut between them. */
#define REPLAY_COMMIT "Deal\xc2\xa0sha256:"
#define REPLAY_KEY "Deal\xc2\xa0key: "

/* sg as a record to play again: the moves array is new (its texts are
 * sg's), freed by replay_record_free(); 0, or -1 and *cause (a variant
 * or options this program does not know). */
int replay_record(const struct store_game *sg, struct story_record *rec,
    char **cause);
void replay_record_free(struct story_record *rec);

/* The deal key of the game of rec dealt with salt into key (DEAL_KEY_MAX
 * bytes), and its SHA-256 in hex into hash (65 bytes; may be NULL); 0,
 * or -1 with key "" for a game dealt without a salt (before the keys). */
int replay_key(const struct story_record *rec, const char *salt,
    char *key, char *hash);

/* The replay of sg for one reader, colour or not: a heading, the deal
 * with every hand, each move with what it hid, what was never seen, the
 * outcome and the key, as a new array of new lines in *lines (the caller
 * frees each and the array; replay_lines_free()); q is the question set
 * for the {q:N} of a game of questions (NULL: left as card numbers).
 * The line count, or -1 and *cause. */
int replay_text(const struct store_game *sg, const struct questions *q,
    int colour, char ***lines, char **cause);
void replay_lines_free(char **lines, int n);

#endif
