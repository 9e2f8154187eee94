/*
 * Config files for the unit suites of config/ (tests/unit/test-conf*.c):
 * a temporary directory made and removed around a suite, files written
 * into it at run time, and a comparison of two whole confs.  Its helpers
 * fail the running cmocka test, so a suite includes <cmocka.h> (and what
 * cmocka needs) first.  Question files (config/questions.h) are written
 * the same way.
 */
#ifndef TESTS_CONF_FILES_H
#define TESTS_CONF_FILES_H

#include "config/conf.h"

#define CONF_FILES_MAX 32 /* files a suite may write */

/* The temporary directory, once conf_files_setup() has made it. */
extern char conf_files_dir[];

/* cmocka group setup and teardown: make the temporary directory; remove
 * it with every file written.  0, or -1. */
int conf_files_setup(void **state);
int conf_files_teardown(void **state);

/* Writes text to NAME in the temporary directory; the path stays valid
 * until the suite ends. */
const char *conf_files_write(const char *name, const char *text);

/* The same with len bytes of text, which may hold a NUL byte. */
const char *conf_files_write_bytes(
    const char *name, const char *text, size_t len);

/* A new string of n question lines, none the same as another, for question
 * files (config/questions.h): "Filler question 1?\n" and on. */
char *conf_files_questions(int n);

/* The index of the cheat variant in game_table[]. */
int conf_files_cheat_index(void);

/* Every value of a equals the one in b. */
void assert_conf_equal(const struct conf *a, const struct conf *b);

#endif
