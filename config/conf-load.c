/*
 * Reading a libconfig file over a struct conf: the one place that includes
 * libconfig.h.  The file is parsed whole, then every setting in it is
 * looked up by its dotted path in conf_settings[] and checked, into a copy
 * of the caller's configuration that replaces it only when all is well.
 * Anything the table does not know is an error, so a typo never passes
 * unnoticed.  Each error names the file, the line and the setting:
 * "cheaterbot.cfg:12: setting 'timers.turn': expected ...".  Last, the
 * question file is loaded into the copy, so the question set is replaced
 * along with the rest or not at all.
 *
 * libconfig 1.5 (Debian 12) silently truncates an integer literal that does
 * not fit an int (port = 4294967297 reads as 1), so the files it read are
 * scanned once more for such literals, which are refused.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libconfig.h>

#include "../alloc/xalloc.h"
#include "conf-private.h"

#define CONF_MAX_SETTINGS 64

struct conf_loader {
	struct conf copy; /* what the file makes of the caller's conf */
	const char *path; /* the file named by the caller */
	char *incdir;     /* its directory, where @include looks */
	char **cause;
	/* Where each row of conf_settings[] was set in the file, or NULL. */
	const config_setting_t *seen[CONF_MAX_SETTINGS];
};

/* The path to open for a file name libconfig reports: included files are
 * named relative to the include directory.  A new string. */
static char *
conf_file_path(const struct conf_loader *ld, const char *file)
{
	if (file == NULL || strcmp(file, ld->path) == 0)
		return xstrdup(ld->path);
	if (ld->incdir == NULL || file[0] == '/')
		return xstrdup(file);
	return xasprintf("%s/%s", ld->incdir, file);
}

/* Sets *cause to "FILE:LINE: inner" (FILE alone when line is 0) and
 * consumes inner; -1. */
static int
conf_fail_line(struct conf_loader *ld, const char *file, int line, char *inner)
{
	char *where = conf_file_path(ld, file);

	if (line > 0)
		game_fail(ld->cause, "%s:%d: %s", where, line, inner);
	else
		game_fail(ld->cause, "%s: %s", where, inner);
	free(where);
	free(inner);
	return -1;
}

/* Sets *cause to "FILE:LINE: setting 'path': inner" for the setting m (or
 * "FILE: ..." without m) and consumes inner; -1. */
static int
conf_fail(struct conf_loader *ld, const config_setting_t *m, const char *path,
    char *inner)
{
	char *text;

	if (path != NULL) {
		text = xasprintf("setting '%s': %s", path, inner);
		free(inner);
		inner = text;
	}
	if (m == NULL)
		return conf_fail_line(ld, NULL, 0, inner);
	return conf_fail_line(ld, config_setting_source_file(m),
	    (int)config_setting_source_line(m), inner);
}

/* Parses the file; -1 with the cause libconfig gives. */
static int
conf_read(struct conf_loader *ld, config_t *cfg)
{
	int e;

	errno = 0;
	if (config_read_file(cfg, ld->path) == CONFIG_TRUE)
		return 0;
	e = errno;
	if (config_error_type(cfg) == CONFIG_ERR_FILE_IO)
		return game_fail(ld->cause, "could not read '%s': %s", ld->path,
		    e != 0 ? strerror(e) : config_error_text(cfg));
	return conf_fail_line(ld, config_error_file(cfg),
	    config_error_line(cfg), xstrdup(config_error_text(cfg)));
}

/* Skips a string literal starting at p (its opening quote). */
static const char *
conf_skip_string(const char *p, int *line)
{
	for (p++; *p != '\0' && *p != '"'; p++) {
		if (*p == '\\' && p[1] != '\0')
			p++;
		if (*p == '\n')
			(*line)++;
	}
	return *p == '"' ? p + 1 : p;
}

/* Skips a comment starting at p; p itself if there is none. */
static const char *
conf_skip_comment(const char *p, int *line)
{
	if (*p == '#' || (p[0] == '/' && p[1] == '/'))
		return p + strcspn(p, "\n");
	if (p[0] != '/' || p[1] != '*')
		return p;
	for (p += 2; *p != '\0' && (p[0] != '*' || p[1] != '/'); p++) {
		if (*p == '\n')
			(*line)++;
	}
	return *p != '\0' ? p + 2 : p;
}

/* Skips a number starting at p; *bad is 1 when it is an integer without
 * the L of a 64-bit one that an int cannot hold. */
static const char *
conf_skip_number(const char *p, int *bad)
{
	const char *start = p;
	long long v;
	int hex;

	if (*p == '-' || *p == '+')
		p++;
	hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
	for (p += hex ? 2 : 0;
	     hex ? isxdigit((unsigned char)*p) : isdigit((unsigned char)*p);
	     p++)
		;
	if (!hex && *p != '\0' && strchr(".eE", *p) != NULL) {
		while (*p != '\0' && (isdigit((unsigned char)*p) ||
		                         strchr(".eE+-", *p) != NULL))
			p++;
		return p;
	}
	if (*p == 'L') {
		while (*p == 'L')
			p++;
		return p;
	}
	errno = 0;
	v = strtoll(start, NULL, hex ? 16 : 10);
	*bad = errno == ERANGE || v < INT_MIN || v > INT_MAX;
	return p;
}

/* The line of the first integer literal in text that an int cannot hold,
 * or 0; *lit and *len say where it is. */
static int
conf_scan_ints(const char *text, const char **lit, int *len)
{
	const char *p = text, *q;
	int line = 1, bad = 0;

	while (*p != '\0') {
		if (*p == '\n') {
			line++;
			p++;
		} else if (*p == '"') {
			p = conf_skip_string(p, &line);
		} else if ((q = conf_skip_comment(p, &line)) != p) {
			p = q;
		} else if (isalpha((unsigned char)*p) || *p == '*') {
			while (isalnum((unsigned char)*p) ||
			       (*p != '\0' && strchr("-_*", *p) != NULL))
				p++;
		} else if (isdigit((unsigned char)*p) ||
		           ((*p == '-' || *p == '+') &&
		               isdigit((unsigned char)p[1]))) {
			q = conf_skip_number(p, &bad);
			if (bad) {
				*lit = p;
				*len = (int)(q - p);
				return line;
			}
			p = q;
		} else
			p++;
	}
	return 0;
}

/* The whole of a file as a string, or NULL. */
static char *
conf_slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t used = 0, size = 0, n;

	if (f == NULL)
		return NULL;
	do {
		if (size - used < 4096)
			text = xrealloc(text, size += 65536);
		n = fread(text + used, 1, size - used - 1, f);
		used += n;
	} while (n > 0);
	text[used] = '\0';
	fclose(f);
	return text;
}

/* Refuses integer literals libconfig would have truncated, in every file
 * it read. */
static int
conf_scan_files(struct conf_loader *ld, const config_t *cfg)
{
	const char *lit;
	char *path, *text;
	unsigned i;
	int line, len;

	for (i = 0; i < cfg->num_filenames; i++) {
		path = conf_file_path(ld, i == 0 ? NULL : cfg->filenames[i]);
		text = conf_slurp(path);
		free(path);
		line = text != NULL ? conf_scan_ints(text, &lit, &len) : 0;
		if (line > 0) {
			conf_fail_line(ld, i == 0 ? NULL : cfg->filenames[i],
			    line,
			    xasprintf("integer %.*s is out of range",
			        len > 40 ? 40 : len, lit));
		}
		free(text);
		if (line > 0)
			return -1;
	}
	return 0;
}

/* A string setting: its text checked by its kind. */
static int
conf_load_string(struct conf_loader *ld, const struct conf_setting *s,
    const config_setting_t *m)
{
	const char *v;
	char *inner;

	if (config_setting_type(m) != CONFIG_TYPE_STRING)
		return conf_fail(ld, m, s->path, conf_expect(s));
	v = config_setting_get_string(m);
	if (s->optional && *v == '\0')
		v = NULL;
	else if (conf_check_string(conf_kind_find(s->kind), v, &inner) != 0)
		return conf_fail(ld, m, s->path, inner);
	conf_set_string(conf_string_at(&ld->copy, s), v);
	return 0;
}

/* An integer setting, or a time in seconds (an integer or a float) kept
 * in milliseconds. */
static int
conf_load_number(struct conf_loader *ld, const struct conf_setting *s,
    const config_setting_t *m)
{
	double v;

	switch (config_setting_type(m)) {
	case CONFIG_TYPE_INT:
	case CONFIG_TYPE_INT64:
		v = (double)config_setting_get_int64(m);
		break;
	case CONFIG_TYPE_FLOAT:
		if (s->type == CONF_MS) {
			v = config_setting_get_float(m);
			break;
		}
		/* FALLTHROUGH */
	default:
		return conf_fail(ld, m, s->path, conf_expect(s));
	}
	if (s->type == CONF_MS)
		v *= 1000.0;
	if (!(v >= s->min && v <= s->max)) /* NaN included */
		return conf_fail(ld, m, s->path, conf_expect(s));
	assert(s->min >= 0 || s->type == CONF_INT);
	*conf_int_at(&ld->copy, s) =
	    s->type == CONF_MS ? (int)(v + 0.5) : (int)v;
	return 0;
}

/* A word from a fixed set. */
static int
conf_load_choice(struct conf_loader *ld, const struct conf_setting *s,
    const config_setting_t *m)
{
	const struct conf_choice *ch;

	if (config_setting_type(m) == CONFIG_TYPE_STRING) {
		for (ch = s->choices; ch->word != NULL; ch++) {
			if (strcmp(ch->word, config_setting_get_string(m)) ==
			    0) {
				*conf_int_at(&ld->copy, s) = ch->value;
				return 0;
			}
		}
	}
	return conf_fail(ld, m, s->path, conf_expect(s));
}

/* league.season: "monthly", "off", a number of days from s->min to
 * s->max, or that number as a string, "N" or "N days" ("1 day"). */
static int
conf_load_season(struct conf_loader *ld, const struct conf_setting *s,
    const config_setting_t *m)
{
	const char *v, *unit;
	char *end;
	long long days;

	switch (config_setting_type(m)) {
	case CONFIG_TYPE_INT:
	case CONFIG_TYPE_INT64:
		days = config_setting_get_int64(m);
		break;
	case CONFIG_TYPE_STRING:
		v = config_setting_get_string(m);
		if (strcmp(v, "monthly") == 0 || strcmp(v, "off") == 0) {
			*conf_int_at(&ld->copy, s) = *v == 'm' ?
			    CONF_SEASON_MONTHLY : CONF_SEASON_OFF;
			return 0;
		}
		if (*v < '0' || *v > '9')
			return conf_fail(ld, m, s->path, conf_expect(s));
		errno = 0;
		days = strtoll(v, &end, 10);
		if (errno != 0)
			return conf_fail(ld, m, s->path, conf_expect(s));
		unit = days == 1 ? " day" : " days";
		if (*end != '\0' && strcmp(end, unit) != 0)
			return conf_fail(ld, m, s->path, conf_expect(s));
		break;
	default:
		return conf_fail(ld, m, s->path, conf_expect(s));
	}
	if (days < s->min || days > s->max)
		return conf_fail(ld, m, s->path, conf_expect(s));
	*conf_int_at(&ld->copy, s) = (int)days;
	return 0;
}

/* true or false. */
static int
conf_load_bool(struct conf_loader *ld, const struct conf_setting *s,
    const config_setting_t *m)
{
	if (config_setting_type(m) != CONFIG_TYPE_BOOL)
		return conf_fail(ld, m, s->path, conf_expect(s));
	*conf_int_at(&ld->copy, s) = config_setting_get_bool(m) ? 1 : 0;
	return 0;
}

/* A list of strings ([ ] or ( )), replacing the entries s owns. */
static int
conf_load_list(struct conf_loader *ld, const struct conf_setting *s,
    const config_setting_t *m)
{
	const config_setting_t *e;
	char ***list = conf_list_at(&ld->copy, s), *inner;
	int *n = conf_int_at(&ld->copy, s), i;

	if (!config_setting_is_array(m) && !config_setting_is_list(m))
		return conf_fail(ld, m, s->path, conf_expect(s));
	while (*n > s->first) {
		(*n)--;
		free((*list)[*n]);
		(*list)[*n] = NULL;
	}
	if (*n < s->first) {	/* the slots before are another setting's */
		*n = s->first;
		conf_list_room(list, *n);
	}
	for (i = 0; i < config_setting_length(m); i++) {
		e = config_setting_get_elem(m, (unsigned)i);
		if (config_setting_type(e) != CONFIG_TYPE_STRING)
			return conf_fail(
			    ld, e, s->path, xstrdup("expected a string"));
		if (conf_list_add(list, n, s->kind,
		        config_setting_get_string(e), &inner) != 0)
			return conf_fail(ld, e, s->path, inner);
	}
	if (conf_check_count(s, *n, &inner) != 0)
		return conf_fail(ld, m, s->path, inner);
	return 0;
}

/* One option default of variant i: an integer or a boolean, set through
 * game_opts_set() so the variant's own range applies. */
static int
conf_load_option(
    struct conf_loader *ld, int i, const config_setting_t *o, const char *path)
{
	long long v;
	char *assignment, *inner;
	int rc;

	switch (config_setting_type(o)) {
	case CONFIG_TYPE_INT:
	case CONFIG_TYPE_INT64:
		v = config_setting_get_int64(o);
		break;
	case CONFIG_TYPE_BOOL:
		v = config_setting_get_bool(o);
		break;
	default:
		return conf_fail(
		    ld, o, path, xstrdup("expected an integer or true/false"));
	}
	assignment = xasprintf("%s=%lld", config_setting_name(o), v);
	rc = game_opts_set(
	    game_table[i], &ld->copy.variant_opts[i], assignment, &inner);
	free(assignment);
	if (rc != 0)
		return conf_fail(ld, o, path, inner);
	return 0;
}

/* games.VARIANT = { OPTION = VALUE; ... }; path is "games.VARIANT". */
static int
conf_load_variant(
    struct conf_loader *ld, const config_setting_t *g, const char *path)
{
	const config_setting_t *o;
	char *opath;
	int i, k, rc;

	for (i = 0; game_table[i] != NULL; i++) {
		if (strcmp(game_table[i]->name, config_setting_name(g)) == 0)
			break;
	}
	if (game_table[i] == NULL)
		return conf_fail(ld, g, path,
		    xasprintf("no game named '%s'", config_setting_name(g)));
	if (!config_setting_is_group(g))
		return conf_fail(
		    ld, g, path, xstrdup("expected a group of options"));
	for (k = 0; k < config_setting_length(g); k++) {
		o = config_setting_get_elem(g, (unsigned)k);
		opath = xasprintf("%s.%s", path, config_setting_name(o));
		rc = conf_load_option(ld, i, o, opath);
		free(opath);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* games = { VARIANT = { ... }; ... }; */
static int
conf_load_games(struct conf_loader *ld, const struct conf_setting *s,
    const config_setting_t *m)
{
	const config_setting_t *g;
	char *path;
	int j, rc;

	if (!config_setting_is_group(m))
		return conf_fail(ld, m, s->path, conf_expect(s));
	for (j = 0; j < config_setting_length(m); j++) {
		g = config_setting_get_elem(m, (unsigned)j);
		path = xasprintf("%s.%s", s->path, config_setting_name(g));
		rc = conf_load_variant(ld, g, path);
		free(path);
		if (rc != 0)
			return -1;
	}
	return 0;
}

static int
conf_load_setting(struct conf_loader *ld, const struct conf_setting *s,
    const config_setting_t *m)
{
	switch (s->type) {
	case CONF_STRING:
		return conf_load_string(ld, s, m);
	case CONF_INT:
	case CONF_MS:
		return conf_load_number(ld, s, m);
	case CONF_CHOICE:
		return conf_load_choice(ld, s, m);
	case CONF_BOOL:
		return conf_load_bool(ld, s, m);
	case CONF_LIST:
		return conf_load_list(ld, s, m);
	case CONF_GAMES:
		return conf_load_games(ld, s, m);
	case CONF_SEASON:
		return conf_load_season(ld, s, m);
	}
	return -1;
}

static int conf_load_group(
    struct conf_loader *, const config_setting_t *, const char *);

/* One member of a group: a setting, a group of settings, or a mistake. */
static int
conf_load_member(
    struct conf_loader *ld, const config_setting_t *m, const char *path)
{
	const struct conf_setting *s = conf_setting_find(path);

	if (s != NULL) {
		assert(s - conf_settings < CONF_MAX_SETTINGS);
		ld->seen[s - conf_settings] = m;
		return conf_load_setting(ld, s, m);
	}
	if (!conf_is_group(path))
		return conf_fail(
		    ld, m, NULL, xasprintf("unknown setting '%s'", path));
	if (!config_setting_is_group(m))
		return conf_fail(ld, m, path, xstrdup("expected a group"));
	return conf_load_group(ld, m, path);
}

/* Every member of group, whose path is prefix (NULL for the root). */
static int
conf_load_group(
    struct conf_loader *ld, const config_setting_t *group, const char *prefix)
{
	const config_setting_t *m;
	char *path;
	int i, rc;

	for (i = 0; i < config_setting_length(group); i++) {
		m = config_setting_get_elem(group, (unsigned)i);
		if (prefix != NULL)
			path =
			    xasprintf("%s.%s", prefix, config_setting_name(m));
		else
			path = xstrdup(config_setting_name(m));
		rc = conf_load_member(ld, m, path);
		free(path);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* Checks the orders between settings, blaming the one the file set (lo
 * when it set both), then the configuration as a whole. */
static int
conf_load_check(struct conf_loader *ld)
{
	const struct conf_order *o;
	const config_setting_t *lo, *hi;
	char *inner;
	int blame_hi;

	for (o = conf_orders; o->lo != NULL; o++) {
		lo = ld->seen[conf_setting_find(o->lo) - conf_settings];
		hi = ld->seen[conf_setting_find(o->hi) - conf_settings];
		blame_hi = lo == NULL && hi != NULL;
		if (conf_check_order(&ld->copy, o, blame_hi, &inner) != 0)
			return conf_fail(ld, blame_hi ? hi : lo,
			    blame_hi ? o->hi : o->lo, inner);
	}
	if (conf_validate(&ld->copy, &inner) != 0)
		return conf_fail(ld, NULL, NULL, inner);
	return 0;
}

/* The directory part of path, or NULL when it has none. */
static char *
conf_dirname(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return NULL;
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

int
conf_load(struct conf *c, const char *path, char **cause)
{
	struct conf_loader ld;
	config_t cfg;
	int rc = -1;

	memset(&ld, 0, sizeof ld);
	ld.path = path;
	ld.cause = cause;
	ld.incdir = conf_dirname(path);
	config_init(&cfg);
	if (ld.incdir != NULL)
		config_set_include_dir(&cfg, ld.incdir);
	if (conf_read(&ld, &cfg) == 0 && conf_scan_files(&ld, &cfg) == 0) {
		conf_copy(&ld.copy, c);
		if (conf_load_group(&ld, config_root_setting(&cfg), NULL) ==
		        0 &&
		    conf_load_check(&ld) == 0 &&
		    conf_load_questions(&ld.copy, cause) == 0) {
			conf_free(c);
			*c = ld.copy;
			rc = 0;
		} else
			conf_free(&ld.copy);
	}
	config_destroy(&cfg);
	free(ld.incdir);
	return rc;
}
