/*
 * The language the bot writes in just now: every text marked for
 * translation (games/intl.h) is looked up in the message catalog of that
 * language as it is built, so whoever builds a text for a reader chooses
 * the reader's language first (lang_use()).  docs/translating.md.
 *
 * How: the process's LC_MESSAGES is C.UTF-8, which every glibc has built
 * in (no locale need be generated), and the language is gettext's
 * LANGUAGE, changed as the GNU gettext manual says a program changes its
 * language while it runs.  The bot has one thread, so the language is
 * simply the one set last.  English is the texts as written: no catalog.
 *
 * A leaf: it calls nothing of the bot.
 */
#ifndef LANG_H
#define LANG_H

/* A language code: "de", "es", "pt_BR"; at most LANG_MAX - 1 bytes. */
#define LANG_MAX 8

/* The text domain: the catalogs are DIR/CODE/LC_MESSAGES/cheaterbot.mo. */
#define LANG_DOMAIN "cheaterbot"

/* Reads the catalogs from dir (a locale directory); 0, or -1 and *cause
 * (C.UTF-8 missing).  The languages there are the ones lang_known()
 * knows. */
int lang_init(const char *dir, char **cause);

/* The locale directory the bot reads when none is configured: the
 * source tree's (build/locale beside the binary's build/ directory) if
 * the binary runs from one, else the one `make install` fills. */
const char *lang_default_dir(void);

/* Writes in code from now on ("" or "en": English). */
void lang_use(const char *code);

/* The language written for nobody in particular (language.default):
 * every event and every timer starts in it, so that none leaves its
 * language to the next (bot/core/bot.c, timer.c, bot/loop.c). */
void lang_set_default(const char *code);
void lang_use_default(void);

/* The language written in now: "en" for English. */
const char *lang_now(void);

/* 1 if code is a language the bot can write: English, or one with a
 * catalog in the directory lang_init() read. */
int lang_known(const char *code);

/* The languages the bot can write, "en de es", for help and errors. */
const char *lang_list(void);

/* 1 if code looks like a language code (two or three lowercase letters,
 * then perhaps '_' and two capitals), whether or not it is known. */
int lang_valid(const char *code);

/* A code as the integer a preference is stored as, 0 for none; and back
 * (code of LANG_MAX bytes, "" for 0 or for a value that is no valid
 * code). */
int lang_pack(const char *code);
void lang_unpack(int v, char *code);

/* 1 if a and b are the same language ("" and "en" are). */
int lang_same(const char *a, const char *b);

/* Frees what lang_init() read. */
void lang_free(void);

#endif
