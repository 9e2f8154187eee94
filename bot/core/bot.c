/*
 * The bot core's entry points (bot.h), and its top: it turns IRC events
 * into channel bookkeeping (chan.c, who.c, join.c), commands (dispatch.c)
 * and what they mean for the tables (presence.c, table-resume.c), and
 * runs the timers, whose reports it routes (table_events).  Below it
 * every call goes one way, down; everything said goes into the queue it
 * was given.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "bot/database.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

/* A seed from the system's random source (a clock fallback if none). */
static uint64_t
bot_system_seed(uint64_t now)
{
	uint64_t seed = 0;

	if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
		seed = now ^ ((uint64_t)getpid() << 32);
	return seed;
}

/* The system's wall clock in unix milliseconds. */
static int64_t
bot_system_wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Who handles what a table's clock reports. */
static const struct table_events bot_table_events = {
	.lobby_expired = table_lobby_expired,
	.turn_warning = table_on_turn_warning,
	.turn_over = table_on_turn_over,
	.window_over = table_on_window_over,
	.tie_over = table_on_tie_over,
	.held_due = table_on_held_due,
	.grace_over = presence_grace_over,
	.think_over = table_on_think_over,
	.chan_taken = table_restore_chan,
	.game_goes_on = table_resume,
};

/* The queue sent a line: a long text's next line goes in, and the turns
 * waiting on their prompt start. */
static void
bot_on_pop(void *arg, uint64_t now, const struct queue_sent *what)
{
	struct bot *b = arg;

	if (b->stopping)
		return;
	b->now = now;
	if (what->cls == QUEUE_LONG)
		pager_sent(b, what->target, what->tlen);
	table_clock_sent(b, now);
}

/* The bot is out of c (parted, kicked, disconnected): its game, if any,
 * stops its clock until the bot is back. */
static void
bot_chan_lost(struct chan *c)
{
	if (c->table != NULL)
		table_pause(c->table);
}

/* Warns, one log line each, of the admin masks that name a nick alone
 * (conf_admin_nick_only()): anyone can take a nick.  The masks, each in
 * quotes after a space, into out unless NULL; how many. */
static int
bot_check_admins(const struct bot *b, struct buf *out)
{
	const char *a;
	int i, n = 0;

	for (i = 0; i < b->conf->nadmins; i++) {
		a = b->conf->admins[i];
		if (!conf_admin_nick_only(a))
			continue;
		log_warn("commands.admins: '%s' names a nick alone, and "
		    "anyone can take a nick: give the admin's services "
		    "account instead, or a mask with their user@host",
		    a);
		if (out != NULL)
			buf_addf(out, "%s'%s'", n > 0 ? ", " : " ", a);
		n++;
	}
	return n;
}

/* What needs the network's name: the ignore list and the games to resume
 * read, the channels joined (once registered). */
static void
bot_begin(struct bot *b)
{
	ignore_load(b);
	share_named(b, b->nick);
	table_restore(b);
	join_reset(b);
	share_now(b);	/* who deals what, seen from the start */
}

struct bot *
bot_new(const struct conf *conf, struct store *store, struct queue *queue,
    uint64_t seed, int have_seed, uint64_t now)
{
	struct bot *b = xcalloc(1, sizeof *b);
	int i;

	b->conf = conf;
	b->events = &bot_table_events;
	b->store = store;
	b->queue = queue;
	b->now = now;
	rng_seed(&b->rng, have_seed ? seed : bot_system_seed(now));
	b->fixed_seed = have_seed;
	snprintf(b->nick, sizeof b->nick, "%s", conf->nicks[0]);
	for (i = 0; i < conf->nchannels; i++)
		chan_get(b, conf->channels[i])->configured = 1;
	queue_on_pop(queue, bot_on_pop, b);
	database_settings(store, conf);
	ctcp_init(b);
	network_start(b);
	share_start(b);		/* before the games of its channels resume */
	if (!b->network_wait)
		bot_begin(b);
	bot_set_wall(b, bot_system_wall());
	(void)bot_check_admins(b, NULL);
	dbwatch_start(b);
	return b;
}

void
bot_free(struct bot *b)
{
	int i;

	if (b == NULL)
		return;
	queue_on_pop(b->queue, NULL, NULL);
	ended_free(b);
	for (i = 0; i < b->nchans; i++) {
		table_free(b->chans[i]->table);
		chan_free(b->chans[i]);
	}
	free(b->chans);
	hash_free(&b->chan_names);
	hash_free(&b->members);
	hash_free(&b->seat_nicks);
	hash_free(&b->seat_accounts);
	timer_free(&b->timers);
	ignore_free(b);
	pager_free(b);
	prefs_free(b);
	free(b->games_text);
	free(b->games_prefix);
	notify_free(b);
	free(b->limits);
	free(b);
}

void
bot_connected(struct bot *b, const char *nick, uint64_t now)
{
	int i;

	if (b->stopping)
		return;
	b->now = now;
	b->online = 1;
	snprintf(b->nick, sizeof b->nick, "%s", nick);
	/* A new registration is in no channel yet, whatever was missed. */
	for (i = 0; i < b->nchans; i++) {
		if (b->chans[i]->joined) {
			chan_self(b->chans[i], 0);
			bot_chan_lost(b->chans[i]);
		}
	}
	network_connected(b);
	if (!b->network_wait) {
		share_named(b, nick);
		join_reset(b);
		share_now(b);
	}
}

void
bot_disconnected(struct bot *b, uint64_t now)
{
	int i;

	if (b->stopping)
		return;
	b->now = now;
	b->online = 0;
	for (i = 0; i < b->nchans; i++) {
		chan_self(b->chans[i], 0);
		bot_chan_lost(b->chans[i]);
	}
}

/* nick was kicked from c by someone: a player among the members there
 * leaves the game at once (the identity is the member's, so kicking a
 * stranger who took an away player's nick removes nobody). */
static void
bot_kicked(struct bot *b, struct chan *c, const char *nick, const char *by)
{
	struct member *m = chan_member(c, nick);
	struct table *t = c->table;
	struct who w;
	char *lead, *cause = NULL;
	int seat;

	if (m == NULL || t == NULL)
		return;
	w = who_member(m);
	if ((seat = table_seat_of(t, &w)) < 0)
		return;
	if (t->state == TABLE_LOBBY) {
		presence_departed(b, c, &w, NULL);
		return;
	}
	/* TRANSLATORS: {p:%d} is the seat kicked, %s the nick of who
	 * kicked them. */
	lead = xasprintf(_("{p:%d} was kicked by %s."), seat, by);
	if (table_leave(t, seat, lead, &cause) != 0) {
		log_warn("%s was kicked but stays in the "
		    "game: %s", nick, cause);
		free(cause);
	}
	free(lead);
}

/* The nick and user@host of an origin: *w points into nick. */
static void
bot_who(const char *origin, struct who *w, char *nick, size_t size)
{
	w->nick = chan_origin_nick(origin, nick, size);
	w->userhost = chan_origin_userhost(origin);
	w->account = NULL; /* looked up by the caller, once */
}

/* Follows players who part, quit, are kicked or change nick; called
 * before chan.c forgets the member. */
static void
bot_departures(struct bot *b, const char *command, const struct who *w,
    const char **params, unsigned int count)
{
	struct chan *c = count >= 1 ? chan_find(b, params[0]) : NULL;

	if (strcmp(command, "QUIT") == 0)
		presence_departed(b, NULL, w, count >= 1 ? params[0] : "");
	else if (strcmp(command, "PART") == 0 && c != NULL)
		presence_departed(b, c, w, NULL);
	else if (strcmp(command, "KICK") == 0 && c != NULL && count >= 2)
		bot_kicked(b, c, params[1], w->nick);
	else if (strcmp(command, "NICK") == 0 && count >= 1)
		seat_renamed(b, w, params[0]);
}

void
bot_event(struct bot *b, const char *command, const char *origin,
    const char **params, unsigned int count, uint64_t now)
{
	char nick[NICK_MAX];
	struct chan *synced = NULL, *c;
	struct who w;
	int other;

	b->now = now;
	lang_use_default();
	if (command == NULL || b->stopping)
		return;
	/* No command before the network's name: nothing of it is known. */
	if (b->network_wait && (strcmp(command, "PRIVMSG") == 0 ||
	    strcmp(command, "CTCP") == 0))
		return;
	bot_who(origin, &w, nick, sizeof nick);
	other = *nick != '\0' && strcasecmp(nick, b->nick) != 0;
	if (strcmp(command, "CTCP") == 0) {
		if (count >= 1)
			ctcp_request(b, origin, params[0]);
		return;
	}
	if (strcmp(command, "PRIVMSG") == 0) {
		if (origin != NULL && count >= 2)
			dispatch_message(b, origin,
			    who_seen(b, nick, w.userhost), params[0],
			    params[1]);
		return;
	}
	w.account = who_account(b, nick);
	if (other)
		bot_departures(b, command, &w, params, count);
	switch (chan_event(b, command, origin, params, count, &c)) {
	case CHAN_SELF_JOINED:
		who_ask(b, c);
		break;
	case CHAN_SELF_KICKED:
		bot_chan_lost(c);
		if (c->table != NULL)	/* a game waits: go back */
			join_one(b, c);
		break;
	case CHAN_SELF_LEFT:
		bot_chan_lost(c);
		break;
	case CHAN_SELF_NONE:
		break;
	}
	if (!other && strcmp(command, "NICK") == 0)
		share_named(b, b->nick);	/* ours changed */
	join_event(b, command, params, count);
	if (network_event(b, command, params, count))
		bot_begin(b);
	if (who_event(b, command, origin, params, count, &synced) &&
	    !chan_waits(synced)) {
		if (synced->table != NULL)
			table_resume(synced->table);
		season_announce(b, synced);
	}
	if (other && strcmp(command, "JOIN") == 0 && count >= 1 &&
	    chan_find(b, params[0]) != NULL) {
		w.account = who_account(b, nick);
		presence_returned(chan_find(b, params[0]), &w);
	}
	share_event(b);
}

void
bot_tick(struct bot *b, uint64_t now)
{
	b->now = now;
	if (!b->stopping)
		timer_run(&b->timers, now);
}

uint64_t
bot_next_timer(const struct bot *b)
{
	return timer_next(&b->timers);
}

void
bot_set_wall(struct bot *b, int64_t unix_ms)
{
	b->wall_offset = unix_ms - (int64_t)b->now;
	season_start(b);
}

void
bot_clock_ahead(struct bot *b, int64_t ahead_ms)
{
	bot_set_wall(b, bot_system_wall() + ahead_ms);
}

int64_t
bot_wall(const struct bot *b)
{
	return season_wall(b);
}

int
bot_alarm(struct bot *b, const char *text)
{
	log_error("%s", text);
	return who_tell_admins_now(b, text);
}

const char *
bot_nick(const struct bot *b)
{
	return b->nick;
}

const char *
bot_must_stop(const struct bot *b)
{
	return b->stop_why;
}

void
bot_stopping(struct bot *b)
{
	b->stopping = 1;
}

int
bot_standby(const struct bot *b)
{
	return b->standby;
}

const char *
bot_network(const struct bot *b)
{
	return b->network_wait ? NULL : store_network(b->store);
}

int
bot_reload_wanted(struct bot *b)
{
	int wanted = b->reload;

	b->reload = 0;
	return wanted;
}

/* Joins the configured channels the bot does not have (those refused
 * before too); leaves idle ones the configuration no longer lists. */
static void
bot_sync_channels(struct bot *b)
{
	const struct conf *conf = b->conf;
	struct chan *c;
	int i;

	for (i = 0; i < b->nchans; i++)
		b->chans[i]->configured = 0;
	for (i = 0; i < conf->nchannels; i++)
		chan_get(b, conf->channels[i])->configured = 1;
	for (i = 0; i < b->nchans; i++) {
		c = b->chans[i];
		if (c->joined && !join_wanted(c))
			say_raw(b, QUEUE_HOUSE, "PART %s :%s", c->name,
			    _("no longer configured"));
	}
	join_retry(b);	/* online; else bot_connected() does */
}

void
bot_reloaded(struct bot *b, const char *cause)
{
	struct buf weak = BUF_INIT;
	char *text;
	int n = 0, i;

	if (cause == NULL) {
		bot_sync_channels(b);
		/* A channel's language is read again (language.channels). */
		for (i = 0; i < b->nchans; i++)
			b->chans[i]->lang_read = 0;
		database_settings(b->store, b->conf);
		season_start(b);
		n = bot_check_admins(b, &weak);
	}
	if (b->reload_by[0] != '\0') {
		if (cause != NULL)
			text = xasprintf(_("The configuration was not "
			    "reloaded: %s"), cause);
		else if (n > 0)
			/* TRANSLATORS: %s is the list of masks, each quoted
			 * after a space: " 'alice!*@*', 'bob!*@*'". */
			text = xasprintf(ngettext("Configuration reloaded; "
			    "games go on. Admin mask naming a nick alone, "
			    "which anyone can take:%s (name an account or a "
			    "user@host).", "Configuration reloaded; games go "
			    "on. Admin masks naming a nick alone, which anyone "
			    "can take:%s (name an account or a user@host).", n),
			    buf_str(&weak));
		else
			text = xstrdup(_("Configuration reloaded; games go "
			    "on."));
		say_to(b, b->reload_by, b->reload_notice, b->reload_about,
		    text);
		free(text);
		b->reload_by[0] = '\0';
	}
	buf_free(&weak);
}
