/*
 * The language the bot writes in (lang.h): gettext with the process's
 * LC_MESSAGES at C.UTF-8 and the language in LANGUAGE.  glibc reads
 * LANGUAGE at every lookup, but keeps what it found per message and
 * locale name, which stays C.UTF-8; a change of language must therefore
 * be made known by bumping _nl_msg_cat_cntr, the counter that tells its
 * cache a catalog changed (GNU gettext manual, "Being a gettext grok").
 */
#include <dirent.h>
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot/lib/lang.h"
#include "alloc/xalloc.h"
#include "config/conf.h"

#ifndef CHEATERBOT_LOCALEDIR
#define CHEATERBOT_LOCALEDIR "/usr/local/share/locale"
#endif

/* glibc's (and libintl's) counter of catalog changes. */
extern int _nl_msg_cat_cntr;

static char lang_code[LANG_MAX] = "en";
static char lang_default[LANG_MAX] = "en";
static char *lang_known_list;		/* "en de es" */
static char lang_dir_buf[4096 + sizeof "/locale"];

const char *
lang_default_dir(void)
{
	char exe[4096];
	struct stat st;
	ssize_t n;
	char *slash;
	int i;

	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		/* build/rel/cheaterbot: up two to build/, then locale. */
		for (i = 0; i < 2 && (slash = strrchr(exe, '/')) != NULL; i++)
			*slash = '\0';
		if (i == 2) {
			snprintf(lang_dir_buf, sizeof lang_dir_buf,
			    "%s/locale", exe);
			if (stat(lang_dir_buf, &st) == 0 && S_ISDIR(st.st_mode))
				return lang_dir_buf;
		}
	}
	return CHEATERBOT_LOCALEDIR;
}

int
lang_valid(const char *code)
{
	return conf_valid_lang(code);
}

/* Appends every language with a catalog under dir to the known list. */
static void
lang_scan(const char *dir)
{
	struct dirent **names;
	struct stat st;
	char path[4096];
	size_t len;
	int n, i;

	if ((n = scandir(dir, &names, NULL, alphasort)) < 0)
		return;
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/%s.mo", dir,
		    names[i]->d_name, LANG_DOMAIN);
		if (lang_valid(names[i]->d_name) &&
		    strcmp(names[i]->d_name, "en") != 0 &&
		    stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			len = strlen(lang_known_list);
			lang_known_list = xrealloc(lang_known_list,
			    len + strlen(names[i]->d_name) + 2);
			snprintf(lang_known_list + len,
			    strlen(names[i]->d_name) + 2, " %s",
			    names[i]->d_name);
		}
		free(names[i]);
	}
	free(names);
}

int
lang_init(const char *dir, char **cause)
{
	lang_free();
	lang_known_list = xstrdup("en");
	if (setlocale(LC_MESSAGES, "C.UTF-8") == NULL) {
		if (cause != NULL)
			*cause = xstrdup("the C.UTF-8 locale is missing, "
			    "so no language but English can be written");
		return -1;
	}
	if (bindtextdomain(LANG_DOMAIN, dir) == NULL ||
	    bind_textdomain_codeset(LANG_DOMAIN, "UTF-8") == NULL ||
	    textdomain(LANG_DOMAIN) == NULL) {
		if (cause != NULL)
			*cause = xasprintf("the catalogs in %s cannot be "
			    "read", dir);
		return -1;
	}
	lang_scan(dir);
	snprintf(lang_code, sizeof lang_code, "%s", "?");
	lang_use("en");
	return 0;
}

void
lang_free(void)
{
	free(lang_known_list);
	lang_known_list = NULL;
}

int
lang_same(const char *a, const char *b)
{
	if (*a == '\0')
		a = "en";
	if (*b == '\0')
		b = "en";
	return strcmp(a, b) == 0;
}

void
lang_use(const char *code)
{
	if (code == NULL || *code == '\0')
		code = "en";
	if (strcmp(code, lang_code) == 0)
		return;
	snprintf(lang_code, sizeof lang_code, "%s", code);
	if (strcmp(code, "en") == 0)
		unsetenv("LANGUAGE");
	else
		setenv("LANGUAGE", code, 1);
	++_nl_msg_cat_cntr;
}

void
lang_set_default(const char *code)
{
	snprintf(lang_default, sizeof lang_default, "%s",
	    code != NULL && *code != '\0' ? code : "en");
}

void
lang_use_default(void)
{
	lang_use(lang_default);
}

const char *
lang_now(void)
{
	return lang_code;
}

const char *
lang_list(void)
{
	return lang_known_list != NULL ? lang_known_list : "en";
}

int
lang_known(const char *code)
{
	const char *p = lang_list();
	size_t n = strlen(code);

	if (*code == '\0' || !lang_valid(code))
		return 0;
	while ((p = strstr(p, code)) != NULL) {
		if ((p == lang_list() || p[-1] == ' ') &&
		    (p[n] == ' ' || p[n] == '\0'))
			return 1;
		p += n;
	}
	return 0;
}

/* A code packs in 25 bits, five to a letter (a = 1): the language's
 * two or three letters, then the region's two, 0 for none. */
int
lang_pack(const char *code)
{
	const char *region, *p = code;
	int v = 0, i;

	if (!lang_valid(code))
		return 0;
	region = strchr(code, '_');
	for (i = 0; i < 3; i++) {
		v <<= 5;
		if (*p >= 'a' && *p <= 'z')
			v |= *p++ - 'a' + 1;
	}
	for (i = 0; i < 2; i++)
		v = v << 5 | (region != NULL ? region[1 + i] - 'A' + 1 : 0);
	return v;
}

void
lang_unpack(int v, char *code)
{
	int n = 0, i, c;

	for (i = 4; i >= 0; i--) {
		c = (v >> (5 * i)) & 31;
		if (i == 1 && c != 0)
			code[n++] = '_';
		if (c != 0 && c <= 26)
			code[n++] = (char)((i < 2 ? 'A' : 'a') + c - 1);
	}
	code[n] = '\0';
	if ((v >> 25) != 0 || !lang_valid(code))
		*code = '\0';
}
