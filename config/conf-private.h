/*
 * Internals shared by conf.c (the table of settings, defaults, the whole
 * check), conf-text.c (what nicks, channels and other strings must look
 * like; the lists of them) and conf-load.c (reading a libconfig file into a
 * struct conf).  Not an API: the bot uses conf.h only.
 *
 * Every setting of the file is one row of conf_settings[]: its dotted path,
 * its type, where it lives in struct conf and what values it takes.  The
 * loader, conf_validate(), conf_copy() and conf_free() all walk that table,
 * so adding a setting is one row (plus its default and its documentation).
 */
#ifndef CONF_PRIVATE_H
#define CONF_PRIVATE_H

#include <stddef.h>

#include "conf.h"

enum conf_type {
	CONF_STRING, /* char * at off, its text checked by kind */
	CONF_INT,    /* int at off, from min to max */
	CONF_MS,     /* seconds in the file (int or float), int ms at off;
	              * min and max are in milliseconds */
	CONF_CHOICE, /* one word of choices[], its value the int at off */
	CONF_BOOL,   /* true or false in the file, 1 or 0 at off (max 1) */
	CONF_LIST,   /* char ** at off (n entries, then NULL), n at
	              * count_off */
	CONF_GAMES,  /* per-variant option defaults: variant_opts[] */
	CONF_SEASON, /* int at off: "monthly" (CONF_SEASON_MONTHLY), "off"
	              * (CONF_SEASON_OFF), or a number of days from min to
	              * max, bare or as "N days" */
};

/* A word a CONF_CHOICE setting takes, and the value it stands for. */
struct conf_choice {
	const char *word;
	int value;
};

/* What the text of a string setting or list entry must look like. */
struct conf_kind {
	const char *name;   /* "nick", "channel", ... (conf_list_add) */
	const char *plural; /* "nicks" */
	int (*valid)(const char *v); /* 1 if v is acceptable */
	const char *expect;          /* what follows "expected " in an error */
	int secret;                  /* never repeat the value in an error */
};

struct conf_setting {
	const char *path; /* dotted, as in the file: "timers.turn" */
	enum conf_type type;
	size_t off;       /* offsetof the value in struct conf */
	size_t count_off; /* CONF_LIST: offsetof its count */
	int min, max;     /* CONF_INT, CONF_MS: the range;
	                   * CONF_LIST: the fewest entries it may have */
	int first;        /* CONF_LIST: the first index it owns (the
	                   * alternate nicks start after the nick) */
	int head;         /* CONF_STRING: the first entry of the list at
	                   * off (the nick, before its alternates) */
	const char *kind; /* CONF_STRING, CONF_LIST: a conf_kind name */
	int optional;     /* CONF_STRING: "" in the file means NULL */
	const struct conf_choice *choices; /* CONF_CHOICE, NULL-word ended */
};

/* Two timer settings that must keep an order: lo < hi (strict) or lo <= hi. */
struct conf_order {
	const char *lo, *hi;
	int strict;
};

/* Every setting, NULL-path terminated. */
extern const struct conf_setting conf_settings[];

/* Every ordered pair of settings, NULL-lo terminated. */
extern const struct conf_order conf_orders[];

/* The setting at path, or NULL. */
const struct conf_setting *conf_setting_find(const char *path);

/* 1 if path names a group of settings ("timers"), else 0. */
int conf_is_group(const char *path);

/* The kind called name; it must exist. */
const struct conf_kind *conf_kind_find(const char *name);

/* Pointers to the value of s inside c; conf_list_at() for a CONF_LIST,
 * or the list a head string is the first entry of. */
char **conf_string_at(struct conf *c, const struct conf_setting *s);
char ***conf_list_at(struct conf *c, const struct conf_setting *s);
int *conf_int_at(struct conf *c, const struct conf_setting *s);

/* Makes room in *list for n entries and the NULL after them, which it
 * sets. */
void conf_list_room(char ***list, int n);

/* A new string "expected ..." saying what s takes, for a value of the wrong
 * type or out of range. */
char *conf_expect(const struct conf_setting *s);

/* Copies src into dst (overwritten, not freed) with strings of its own and
 * no question set (dst->questions is NULL). */
void conf_copy(struct conf *dst, const struct conf *src);

/* 0 if v is a good value of kind k, else -1 and *cause "expected ...". */
int conf_check_string(const struct conf_kind *k, const char *v, char **cause);

/* The index of the entry of list[0..n-1] that IRC takes for the same name
 * as v (rfc1459 case mapping), or -1. */
int conf_list_find(char *const *list, int n, const char *v);

/* 0 if a list setting s may have n entries in all (the ones before
 * s->first included), else -1 and *cause "expected ...". */
int conf_check_count(const struct conf_setting *s, int n, char **cause);

/* 0 if c keeps the order o, else -1 and *cause "expected ..." about o->lo,
 * or with blame_hi about o->hi. */
int conf_check_order(const struct conf *c, const struct conf_order *o,
    int blame_hi, char **cause);

#endif
