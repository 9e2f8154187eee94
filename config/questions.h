/*
 * The question file of the questions variant: a plain text file with one
 * question per line, which players ask each other in a public channel
 * when a bluff is caught or an accusation is wrong.  config/questions.txt
 * is the default set, built into the binary (questions_builtin()), so the
 * bot needs no file to run from any directory; the setting questions.file
 * names a file to use instead (docs/config.md).
 *
 * The text of a question is later put into the bot's message markup and
 * sent to IRC, so a file is refused, with its line, unless every question
 * is valid UTF-8 with no control characters (no tabs, no IRC colour or
 * bold codes), no braces (the markup's own characters) and at most
 * QUESTIONS_MAX_LEN bytes; a NUL byte anywhere, a question given twice,
 * or fewer than QUESTIONS_MIN questions are refused too.  Nothing read
 * from the file is ever used as a printf format.
 */
#ifndef QUESTIONS_H
#define QUESTIONS_H

#define QUESTIONS_MIN 52      /* one per card of a deck */
#define QUESTIONS_MAX_LEN 300 /* bytes of one question */
#define QUESTIONS_BUILTIN "built-in questions" /* its name in a cause */

/* A loaded question file; opaque. */
struct questions;

/* Loads the question file at path: one question per line, surrounding
 * spaces and tabs trimmed (and the CR of a CRLF line end); blank lines and
 * lines starting with '#' are skipped.  Questions that differ only in the
 * case of ASCII letters count as the same question.  A new set that the
 * caller frees with questions_free(), or NULL with *cause (the caller
 * frees it; cause may be NULL) set to one of:
 *
 *   "FILE:LINE: invalid UTF-8 at byte B"
 *   "FILE:LINE: control character 0x09 at byte B; questions are plain text"
 *   "FILE:LINE: control character U+0085 at byte B; ..." (C1 controls)
 *   "FILE:LINE: IRC formatting code 0x03 at byte B; questions are plain
 *    text" (colour, bold, italics, underline, reverse, reset, ...)
 *   "FILE:LINE: '{' at byte B; braces are the bot's markup and cannot be
 *    in a question" (or '}')
 *   "FILE:LINE: NUL character at byte B"
 *   "FILE:LINE: question of N bytes, at most 300"
 *   "FILE:LINE: the same question as line M"
 *   "FILE: N questions, at least 52 are needed"
 *   "FILE: cannot read: STRERROR"
 *
 * FILE is path as given, LINE counts from 1 and B is the byte in that line,
 * from 1.  The first bad line is reported; duplicates once every line has
 * passed on its own. */
struct questions *questions_load(const char *path, char **cause);

/* The default set: config/questions.txt as it was when the bot was built,
 * read and checked as questions_load() reads a file, with FILE in a
 * cause being QUESTIONS_BUILTIN.  A new set, or NULL and *cause (only if
 * the file the binary was built from was bad, which its unit test
 * refuses). */
struct questions *questions_builtin(char **cause);

/* How many questions q holds: at least QUESTIONS_MIN. */
int questions_count(const struct questions *q);

/* Question i of q, from 0 to questions_count() - 1, in file order.  The
 * string belongs to q and lives as long as q does. */
const char *questions_get(const struct questions *q, int i);

/* Frees q and its strings; NULL does nothing. */
void questions_free(struct questions *q);

#endif
