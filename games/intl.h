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
 *   NC_("rank", "two")               in a table, one English word that a
 *                                    language says otherwise in another
 *                                    place ("two" the rank, "two" the
 *                                    count); C_(table->text) shows it,
 *                                    intl_english() reads its English
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
#include <string.h>

#define _(text) gettext(text)
#define N_(text) (text)
/* A text with its context, as the catalog keys it (xgettext's
 * --keyword=NC_:1c,2). */
#define NC_(context, text) context "\004" text

/* The English of a text NC_() marked: what follows its context. */
static inline const char *
intl_english(const char *marked)
{
	const char *p = strchr(marked, '\004');

	return p != NULL ? p + 1 : marked;
}

/* A text NC_() marked, translated; its English where the catalog has
 * none. */
static inline const char *
C_(const char *marked)
{
	const char *t = gettext(marked);

	return t != marked ? t : intl_english(marked);
}

#endif
