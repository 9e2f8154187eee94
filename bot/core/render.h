/*
 * Rendering the rules' neutral markup (games/game.h) into IRC text for one
 * recipient: {p:N} becomes seat N's nick, {red:...} and friends become mIRC
 * colour codes (or plain text for a player who turned colour off), {b:...}
 * bold.  The text inside markup always stays readable without colour.
 */
#ifndef RENDER_H
#define RENDER_H

#include <stdint.h>

#include "bot/lib/buf.h"

/* Appends markup rendered to out.  names[i] is seat i's nick (nnames of
 * them); colour selects mIRC codes or plain text.  Unknown or malformed
 * markup is copied as it stands, never dropped. */
void render(struct buf *out, const char *markup, const char *const *names,
    int nnames, int colour);

struct questions;

/* The question (an index into n questions) that card carries in the game
 * dealt from seed: each game assigns them anew, and the cards of one deck
 * get different ones while there are enough. */
int render_question_index(int n, uint64_t seed, int card);

/* Appends markup with every {q:CARD} replaced by the text of the question
 * that card carries in the game of seed (render_question_index()); the
 * rest, {{ included, is copied for render().  With q NULL nothing is
 * replaced.  Question files hold no braces, so the text is safe markup. */
void render_questions(struct buf *out, const char *markup,
    const struct questions *q, uint64_t seed);

/* Appends s with mIRC formatting codes (colour, bold, underline, italic,
 * reverse, reset) and other control characters removed. */
void render_strip(struct buf *out, const char *s);

#endif
