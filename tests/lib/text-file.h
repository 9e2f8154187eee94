/*
 * Whole files read back by the suites: a page the bot wrote, its log, an
 * installed configuration.
 */
#ifndef TESTS_TEXT_FILE_H
#define TESTS_TEXT_FILE_H

/* The whole of the file at path, NUL-terminated, a new string the caller
 * frees; NULL when it cannot be opened or read. */
char *text_file_read(const char *path);

#endif
