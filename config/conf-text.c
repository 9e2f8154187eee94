/*
 * What configured text must look like: nicks, channels, admin entries, the
 * command prefix, host, user, real and account names, paths and passwords,
 * each a "kind" with a check and the words an error uses; and the lists of
 * them that the file and the command line fill (nicks, channels, admins),
 * where names are compared as IRC compares them.
 */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../alloc/xalloc.h"
#include "conf-private.h"

/* 1 if v is min..max bytes with no control characters and none of reject. */
static int
conf_valid_text(const char *v, size_t min, size_t max, const char *reject)
{
	size_t len = strlen(v), i;

	if (len < min || len > max)
		return 0;
	for (i = 0; i < len; i++) {
		if (iscntrl((unsigned char)v[i]) || strchr(reject, v[i]))
			return 0;
	}
	return 1;
}

static int
conf_valid_host(const char *v)
{
	return conf_valid_text(v, 1, 255, " ");
}

static int
conf_valid_password(const char *v)
{
	return conf_valid_text(v, 1, 255, "");
}

static int
conf_valid_user(const char *v)
{
	return conf_valid_text(v, 1, 30, " @");
}

static int
conf_valid_realname(const char *v)
{
	return conf_valid_text(v, 1, 200, "");
}

static int
conf_valid_account(const char *v)
{
	return conf_valid_text(v, 1, 100, " ");
}

static int
conf_valid_admin(const char *v)
{
	return conf_valid_text(v, 1, 200, " ");
}

/* Whether the len bytes at s are one '*' or more, and nothing else. */
static int
conf_stars(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] != '*')
			return 0;
	}
	return len > 0;
}

int
conf_admin_nick_only(const char *a)
{
	const char *rest = strchr(a, '!'), *at;

	if (rest == NULL)
		return 0;
	rest++;
	if ((at = strchr(rest, '@')) == NULL)
		return conf_stars(rest, strlen(rest));
	return conf_stars(rest, (size_t)(at - rest)) &&
	    conf_stars(at + 1, strlen(at + 1));
}

static int
conf_valid_path(const char *v)
{
	return conf_valid_text(v, 1, 4095, "");
}

/* Whether v is min to max ASCII letters, digits or characters of
 * extra. */
static int
conf_valid_word(const char *v, size_t min, size_t max, const char *extra)
{
	size_t len = strlen(v), i;

	if (len < min || len > max)
		return 0;
	for (i = 0; i < len; i++) {
		if (!isascii((unsigned char)v[i]) ||
		    (!isalnum((unsigned char)v[i]) &&
		        strchr(extra, v[i]) == NULL))
			return 0;
	}
	return 1;
}

static int
conf_valid_network(const char *v)
{
	return conf_valid_word(v, 1, 32, ".-_");
}

int
conf_valid_lang(const char *v)
{
	size_t n = 0;

	while (n < 3 && islower((unsigned char)v[n]))
		n++;
	if (n < 2 || (v[n] != '\0' && v[n] != '_'))
		return 0;
	return v[n] == '\0' || (isupper((unsigned char)v[n + 1]) &&
	    isupper((unsigned char)v[n + 2]) && v[n + 3] == '\0');
}

static int
conf_valid_channel(const char *v)
{
	return (v[0] == '#' || v[0] == '&') && conf_valid_text(v, 2, 50, " ,");
}

/* "#channel CODE": a channel and the language spoken there. */
static int
conf_valid_chanlang(const char *v)
{
	const char *sp = strchr(v, ' ');
	char chan[64];

	if (sp == NULL || (size_t)(sp - v) >= sizeof chan)
		return 0;
	memcpy(chan, v, (size_t)(sp - v));
	chan[sp - v] = '\0';
	return conf_valid_channel(chan) && conf_valid_lang(sp + 1);
}

static int
conf_valid_prefix(const char *v)
{
	size_t len = strlen(v), i;

	if (len < 1 || len > 3)
		return 0;
	for (i = 0; i < len; i++) {
		if (!isgraph((unsigned char)v[i]))
			return 0;
	}
	return 1;
}

static int
conf_valid_nick(const char *v)
{
	return !isdigit((unsigned char)v[0]) && v[0] != '-' &&
	    conf_valid_word(v, 1, 30, "[]\\`_^{|}-");
}

static const struct conf_kind conf_kinds[] = {
    {"host", "hosts", conf_valid_host,
        "a host name or address of at most 255 characters, no spaces", 0},
    {"password", "passwords", conf_valid_password,
        "a password of at most 255 characters, no control characters", 1},
    {"nick", "nicks", conf_valid_nick,
        "a nick of 1 to 30 letters, digits or []\\`_^{|}-, not starting "
        "with a digit or '-'",
        0},
    {"user", "users", conf_valid_user,
        "a user name of 1 to 30 characters, no spaces, '@' or control "
        "characters",
        0},
    {"realname", "realnames", conf_valid_realname,
        "1 to 200 characters, no control characters", 0},
    {"channel", "channels", conf_valid_channel,
        "a channel: '#' or '&' and 1 to 49 more characters, no spaces, "
        "commas or control characters",
        0},
    {"prefix", "prefixes", conf_valid_prefix,
        "1 to 3 printable characters, no spaces", 0},
    {"account", "accounts", conf_valid_account,
        "an account name of 1 to 100 characters, no spaces or control "
        "characters",
        0},
    {"admin", "admins", conf_valid_admin,
        "an account name or nick!user@host mask, no spaces", 0},
    {"path", "paths", conf_valid_path, "a file path, no control characters", 0},
    {"lang", "languages", conf_valid_lang,
        "a language code: two or three lowercase letters, perhaps '_' and "
        "a region's two capitals (de, es, pt_BR)", 0},
    {"chanlang", "channels' languages", conf_valid_chanlang,
        "a channel, a space and a language code: \"#spiel de\"", 0},
    {"network", "networks", conf_valid_network,
        "a network's name of 1 to 32 letters, digits, '.', '-' or '_'", 0},
    {NULL, NULL, NULL, NULL, 0},
};

const struct conf_kind *
conf_kind_find(const char *name)
{
	const struct conf_kind *k;

	for (k = conf_kinds; k->name != NULL; k++) {
		if (strcmp(k->name, name) == 0)
			return k;
	}
	assert(!"unknown kind of configuration string");
	return NULL;
}

int
conf_check_string(const struct conf_kind *k, const char *v, char **cause)
{
	if (v != NULL && k->valid(v))
		return 0;
	if (v == NULL || k->secret)
		return game_fail(cause, "expected %s", k->expect);
	return game_fail(cause, "expected %s, not '%s'", k->expect, v);
}

/* A character as IRC compares nicks and channels (rfc1459 case mapping). */
static int
conf_irc_fold(char ch)
{
	unsigned char u = (unsigned char)ch;

	switch (u) {
	case '[':
		return '{';
	case ']':
		return '}';
	case '\\':
		return '|';
	case '~':
		return '^';
	}
	return tolower(u);
}

int
conf_check_kind(const char *kind, const char *v, char **cause)
{
	return conf_check_string(conf_kind_find(kind), v, cause);
}

int
conf_list_find(char *const *list, int n, const char *v)
{
	const char *a, *b;
	int i;

	for (i = 0; i < n; i++) {
		if (list[i] == NULL)
			continue;
		for (a = list[i], b = v;
		     conf_irc_fold(*a) == conf_irc_fold(*b) && *a != '\0';
		     a++, b++)
			;
		if (*a == '\0' && *b == '\0')
			return i;
	}
	return -1;
}

void
conf_list_room(char ***list, int n)
{
	*list = xreallocarray(*list, (size_t)n + 1, sizeof **list);
	(*list)[n] = NULL;
}

int
conf_list_add(
    char ***list, int *n, const char *kind, const char *v, char **cause)
{
	const struct conf_kind *k = conf_kind_find(kind);

	if (conf_check_string(k, v, cause) != 0)
		return -1;
	if (conf_list_find(*list, *n, v) != -1)
		return game_fail(cause, "%s '%s' is listed twice", k->name, v);
	conf_list_room(list, *n + 1);
	(*list)[(*n)++] = xstrdup(v);
	return 0;
}

void
conf_list_clear(char ***list, int *n)
{
	while (*n > 0) {
		(*n)--;
		free((*list)[*n]);
		(*list)[*n] = NULL;
	}
	if (*list == NULL)
		conf_list_room(list, 0);
}
