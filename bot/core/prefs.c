/*
 * A player's preferences (!set): card colours, and NOTICE or PRIVMSG for
 * what the bot tells them privately.  They are read from the database
 * when a command's sender is dispatched, when a seat is made and when an
 * admin is told something; what is said afterwards carries them, so the
 * output path (say.c) never reads the database.
 */
#include "bot/core/core.h"
#include "storage/store.h"

void
prefs_default(const struct bot *b, struct prefs *p)
{
	p->colour = 1;
	p->notice = b->conf->private_notice;
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
}

void
prefs_find(const struct bot *b, const struct who *w, struct prefs *p)
{
	struct buf key = BUF_INIT;

	who_player_key(&key, w);
	prefs_load(b, store_player_find(b->store, buf_str(&key), NULL), p);
	buf_free(&key);
}
