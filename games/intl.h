/*
 * Every text a player reads is written in English in the code and comes
 * out in the reader's language through GNU gettext (docs/translating.md):
 *
 *   _("Your hand (%d): %s")          a text translated where it is used
 *   N_("lay cards and declare them") a text in a static table, only
 *                                    marked here; whoever shows it writes
 *                                    _(table->help)
 *   ngettext("%d card", "%d cards", n)  a text with a number in it: never
 *                                    "card%s" with n == 1 ? "" : "s"
 *
 * A translatable text is a whole sentence where it can be, so that a
 * translator may put its words in their language's order (printf's %1$d
 * lets them reorder numbers too); a comment that starts "TRANSLATORS:"
 * just above a call reaches them in the catalog (make pot).  Not
 * translated: what a player types (commands, moves, cards, options' names),
 * the game's markup ({p:N}, {b:...}), what is stored or compared (a title's
 * key, a move log), and the operator's log.
 *
 * The language itself is chosen by the bot before a text is built
 * (bot/lib/lang.h): the rules never know it, and gettext() reads no state
 * of theirs, so games/ stays pure.
 */
#ifndef GAMES_INTL_H
#define GAMES_INTL_H

#include <libintl.h>

#define _(text) gettext(text)
#define N_(text) (text)

#endif
