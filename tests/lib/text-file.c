/*
 * Whole files read back (text-file.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "tests/lib/text-file.h"

char *
text_file_read(const char *path)
{
	char *text = NULL;
	FILE *f;
	long n;

	if ((f = fopen(path, "r")) == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 &&
	    (text = calloc(1, (size_t)n + 1)) != NULL &&
	    fread(text, 1, (size_t)n, f) != (size_t)n) {
		free(text);
		text = NULL;
	}
	fclose(f);
	return text;
}
