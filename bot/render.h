/*
 * Rendering the rules' neutral markup (games/game.h) into IRC text for one
 * recipient: {p:N} becomes seat N's nick, {red:...} and friends become mIRC
 * colour codes (or plain text for a player who turned colour off), {b:...}
 * bold.  The text inside markup always stays readable without colour.
 */
#ifndef RENDER_H
#define RENDER_H

#include "buf.h"

/* Appends markup rendered to out.  names[i] is seat i's nick (nnames of
 * them); colour selects mIRC codes or plain text.  Unknown or malformed
 * markup is copied as it stands, never dropped. */
void render(struct buf *out, const char *markup, const char *const *names,
    int nnames, int colour);

/* Appends s with mIRC formatting codes (colour, bold, underline, italic,
 * reverse, reset) and other control characters removed. */
void render_strip(struct buf *out, const char *s);

#endif
