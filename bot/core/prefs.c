/*
 * A player's preferences (!set): card colours, NOTICE or PRIVMSG for
 * what the bot tells them privately, and the language of their private
 * lines; and a channel's language, which an operator sets, kept as the
 * preference of the channel's own key ("c:" and its name folded).  They are read from the database
 * when a seat is made, and for a command's sender or an admin told
 * something; what is said afterwards carries them, so the output path
 * (say.c) never reads the database.
 *
 * What was read for a player key (who_player_key(): the account, else
 * the nick) is kept in memory, PREFS_KNOWN keys at most (the least
 * recently used goes first), so that a command costs no query: !set,
 * the only way they change, writes the database and what is kept alike.
 * A nick that logs in to an account has another key, read afresh.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "alloc/xalloc.h"
#include "storage/store.h"

#define PREFS_KNOWN 512

/* What is kept for one player key. */
struct prefs_known {
	uint32_t fold;			/* nick_fold(key) */
	uint64_t used;			/* b->prefs_tick when last read */
	struct prefs p;
	char key[];
};

void
prefs_default(const struct bot *b, struct prefs *p)
{
	p->colour = 1;
	p->notice = b->conf->private_notice;
	*p->lang = '\0';
}

void
prefs_load(const struct bot *b, int64_t player, struct prefs *p)
{
	int v;

	prefs_default(b, p);
	if (player <= 0)
		return;
	if (store_pref_get(b->store, player, "colour", &v, NULL) == 0)
		p->colour = v;
	if (store_pref_get(b->store, player, "notice", &v, NULL) == 0)
		p->notice = v;
	if (store_pref_get(b->store, player, "lang", &v, NULL) == 0)
		lang_unpack(v, p->lang);
}

/* What is kept for key, or NULL. */
static struct prefs_known *
prefs_known(struct bot *b, const char *key, uint32_t fold)
{
	struct hash_walk w;
	struct prefs_known *k;

	for (k = hash_first(&b->prefs_known, fold, &w); k != NULL;
	    k = hash_next(&w)) {
		if (strcmp(k->key, key) == 0)
			return k;
	}
	return NULL;
}

/* Keeps p for key, making room by forgetting the key read least
 * recently. */
static void
prefs_keep(struct bot *b, const char *key, uint32_t fold,
    const struct prefs *p)
{
	struct prefs_known *k, *oldest = NULL;
	size_t pos = 0;

	if ((k = prefs_known(b, key, fold)) == NULL) {
		if (b->prefs_known.n >= PREFS_KNOWN) {
			while ((k = hash_each(&b->prefs_known, &pos)) != NULL) {
				if (oldest == NULL || k->used < oldest->used)
					oldest = k;
			}
			hash_remove(&b->prefs_known, oldest->fold, oldest);
			free(oldest);
		}
		k = xcalloc(1, sizeof *k + strlen(key) + 1);
		memcpy(k->key, key, strlen(key) + 1);
		k->fold = fold;
		hash_add(&b->prefs_known, fold, k);
	}
	k->p = *p;
	k->used = ++b->prefs_tick;
}

void
prefs_find(struct bot *b, const struct who *w, struct prefs *p)
{
	struct buf key = BUF_INIT;
	struct prefs_known *k;
	uint32_t fold;

	who_player_key(&key, w);
	fold = nick_fold(buf_str(&key));
	if ((k = prefs_known(b, buf_str(&key), fold)) != NULL) {
		*p = k->p;
		k->used = ++b->prefs_tick;
	} else {
		prefs_load(b, store_player_find(b->store, buf_str(&key), NULL),
		    p);
		prefs_keep(b, buf_str(&key), fold, p);
	}
	buf_free(&key);
}

void
prefs_changed(struct bot *b, const struct who *w, const struct prefs *p)
{
	struct buf key = BUF_INIT;

	who_player_key(&key, w);
	prefs_keep(b, buf_str(&key), nick_fold(buf_str(&key)), p);
	buf_free(&key);
}

void
prefs_free(struct bot *b)
{
	struct prefs_known *k;
	size_t pos = 0;

	while ((k = hash_each(&b->prefs_known, &pos)) != NULL)
		free(k);
	hash_free(&b->prefs_known);
}

/* The key a channel's own preferences are kept under. */
static void
prefs_chan_key(struct buf *key, const struct chan *c)
{
	const char *p;

	buf_adds(key, "c:");
	for (p = c->name; *p != '\0'; p++)
		buf_addc(key, (char)tolower((unsigned char)*p));
}

/* The configuration's language for the channel called name. */
static const char *
prefs_conf_lang(const struct conf *conf, const char *name)
{
	size_t n;
	int i;

	for (i = 0; i < conf->nchannel_langs; i++) {
		n = strcspn(conf->channel_langs[i], " ");
		if (strlen(name) == n &&
		    strncasecmp(conf->channel_langs[i], name, n) == 0)
			return conf->channel_langs[i] + n + 1;
	}
	return conf->lang;
}

const char *
prefs_chan_lang(struct bot *b, struct chan *c)
{
	struct buf key = BUF_INIT;
	char stored[LANG_MAX];
	int64_t id;
	int v;

	if (!c->lang_read) {
		c->lang_read = 1;
		snprintf(c->lang, sizeof c->lang, "%s",
		    prefs_conf_lang(b->conf, c->name));
		prefs_chan_key(&key, c);
		id = store_player_find(b->store, buf_str(&key), NULL);
		if (id > 0 && store_pref_get(b->store, id, "lang", &v,
		    NULL) == 0) {
			lang_unpack(v, stored);
			if (*stored != '\0')
				memcpy(c->lang, stored, sizeof stored);
		}
		if (!lang_known(c->lang))
			snprintf(c->lang, sizeof c->lang, "%s",
			    lang_known(b->conf->lang) ? b->conf->lang : "en");
		buf_free(&key);
	}
	return c->lang;
}

int
prefs_chan_lang_set(struct bot *b, struct chan *c, const char *code,
    char **cause)
{
	struct buf key = BUF_INIT;
	int64_t id;
	int rc = -1;

	prefs_chan_key(&key, c);
	id = store_player(b->store, buf_str(&key), c->name, cause);
	if (id > 0 && store_pref_set(b->store, id, "lang", lang_pack(code),
	    cause) == 0) {
		c->lang_read = 0;	/* "": the configuration's again */
		rc = 0;
	}
	buf_free(&key);
	return rc;
}

const char *
prefs_lang(struct bot *b, const struct prefs *p, struct chan *c)
{
	if (p != NULL && *p->lang != '\0' && lang_known(p->lang))
		return p->lang;
	if (c != NULL)
		return prefs_chan_lang(b, c);
	return lang_known(b->conf->lang) ? b->conf->lang : "en";
}
