/*
 * Players who come and go while they sit at a table.
 *
 * A player who parts the game's channel or quits keeps the seat for
 * conf->part_grace_ms (split_grace_ms for a netsplit's quit, below):
 * while away they are sent nothing, their turn timer runs as usual (a
 * turn that runs out gets the default move and counts toward removal),
 * and joining again in time gives them their hand back.  After the grace
 * (table-clock.c times it) they leave the game, as after a kick.  A lobby
 * seat is given up at once.
 *
 * A netsplit: a quit message of exactly two server names (host names of
 * two labels or more; a label may be a lone '*', as networks that mask
 * their servers write "*.net *.split"), and a second nick quitting with
 * the same message within SPLIT_WINDOW_MS (5 s) of the last quit with it:
 * anyone in a channel the bot is in, seated or not.  A person can type
 * any quit message, and on a server that does not prefix it ("Quit: ")
 * it reads as the server's; a split takes many people at once.  So the
 * first quitter's seat is held for part_grace_ms, and raised to
 * split_grace_ms from its quit when the second quit comes (a line in the
 * channel says so); later quitters with that message in the window get
 * split_grace_ms at once.  The bot keeps the last such message only
 * (b->split): one split's quits come together, with one message.
 *
 * bot.c reports here what the network says (a PART, a QUIT, a JOIN);
 * table-resume.c asks, after a restart or a reconnect, who is still here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/core/table.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"

void
presence_grace_over(struct table *t, int seat)
{
	char *lead, *cause = NULL, *text;

	lang_use(prefs_chan_lang(t->b, t->chan));
	if (t->b->conf->ai_takeover && t->ops->ai != NULL) {
		text = xasprintf(_("%s did not come back in time: an AI "
		    "plays on in that seat."), t->seats[seat].nick);
		table_ai_takeover(t, seat);
		table_say(t, text);
		free(text);
		table_after_move(t);	/* it may act now, or none is left */
		return;
	}
	lead = xasprintf(_("{p:%d} did not come back in time."), seat);
	if (table_leave(t, seat, lead, &cause) != 0) {
		log_error("%s", cause);
		free(cause);
	}
	free(lead);
}

/* Holds seat for grace ms from now, saying so in the channel unless
 * quiet; split: the b->split.seq of a quit that may be a netsplit's,
 * else 0. */
static void
presence_hold(struct table *t, int seat, int grace_ms, unsigned split,
    int quiet)
{
	struct seat *s = &t->seats[seat];
	char *text;

	s->away = 1;
	s->away_at = t->b->now;
	s->split = split;
	table_clock_grace(t, seat, grace_ms);
	if (quiet)
		return;
	/* TRANSLATORS: a nick, the seconds the seat is held ("s" is the
	 * unit), the channel. */
	text = xasprintf(_("%s is away; the seat is held for %d s: join %s "
	    "again to play on."), s->nick, (grace_ms + 999) / 1000,
	    t->chan->name);
	table_say(t, text);
	free(text);
}

/* Whether the len bytes at l are a label of a server name: letters,
 * digits and '-' inside, at most 63, or a lone '*'. */
static int
presence_label(const char *l, size_t len)
{
	size_t i;
	char ch;

	if (len == 1 && *l == '*')
		return 1;
	if (len == 0 || len > 63 || l[0] == '-' || l[len - 1] == '-')
		return 0;
	for (i = 0; i < len; i++) {
		ch = l[i];
		if (!(ch >= 'a' && ch <= 'z') && !(ch >= 'A' && ch <= 'Z') &&
		    !(ch >= '0' && ch <= '9') && ch != '-')
			return 0;
	}
	return 1;
}

/* Whether the len bytes at name are a server name: two labels or more,
 * joined by dots. */
static int
presence_server(const char *name, size_t len)
{
	const char *end = name + len, *dot;
	int labels = 0;

	if (len > 255)
		return 0;
	for (;;) {
		dot = memchr(name, '.', (size_t)(end - name));
		if (!presence_label(name, (size_t)((dot != NULL ? dot : end) -
		    name)))
			return 0;
		labels++;
		if (dot == NULL)
			return labels >= 2;
		name = dot + 1;
	}
}

int
presence_split_message(const char *msg)
{
	const char *space;

	if (msg == NULL || (space = strchr(msg, ' ')) == NULL)
		return 0;
	return presence_server(msg, (size_t)(space - msg)) &&
	    presence_server(space + 1, strlen(space + 1));
}

/* The split with sequence seq is confirmed: every seat held on it gets
 * split_grace from its quit, and its channel hears so. */
static void
presence_split_confirmed(struct bot *b, unsigned seq)
{
	const struct conf *c = b->conf;
	struct table *t;
	struct seat *s;
	uint64_t held;
	char *text;
	int i, j;

	for (i = 0; i < b->nchans; i++) {
		if ((t = b->chans[i]->table) == NULL ||
		    t->state != TABLE_PLAYING)
			continue;
		for (j = 0; j < t->nseats; j++) {
			s = &t->seats[j];
			if (s->gone || !s->away || s->split != seq)
				continue;
			s->split = 0;
			held = b->now - s->away_at;
			if (held >= (uint64_t)c->split_grace_ms)
				continue;
			table_clock_grace(t, j,
			    c->split_grace_ms - (int)held);
			/* TRANSLATORS: a nick, the seconds the seat is
			 * held ("s" is the unit), the channel. */
			text = xasprintf(_("%s quit in a netsplit; the seat "
			    "is held for %d s: join %s again to play on."),
			    s->nick, (c->split_grace_ms - (int)held + 999) /
			    1000, t->chan->name);
			table_say(t, text);
			free(text);
		}
	}
}

/* nick quit with msg: 1 if it is a netsplit's, confirmed; else 0, with
 * *seq the sequence of the message when it may be one (two server
 * names, a second nick awaited), or 0. */
static int
presence_split_quit(struct bot *b, const char *nick, const char *msg,
    unsigned *seq)
{
	*seq = 0;
	if (!presence_split_message(msg) || strlen(msg) >= SPLIT_MSG_MAX)
		return 0;
	if (b->split.seq == 0 || b->now - b->split.at > SPLIT_WINDOW_MS ||
	    strcasecmp(b->split.msg, msg) != 0) {
		if (++b->split.seq == 0)
			b->split.seq = 1;
		snprintf(b->split.msg, sizeof b->split.msg, "%s", msg);
		snprintf(b->split.nick, sizeof b->split.nick, "%s", nick);
		b->split.confirmed = 0;
	} else if (!b->split.confirmed &&
	    strcasecmp(b->split.nick, nick) != 0) {
		b->split.confirmed = 1;
		presence_split_confirmed(b, b->split.seq);
	}
	b->split.at = b->now;
	if (b->split.confirmed)
		return 1;
	*seq = b->split.seq;
	return 0;
}

/* seat of t left, to be held for grace ms (split: as presence_hold()):
 * see the file's comment. */
static void
presence_left(struct table *t, int seat, int grace, unsigned split)
{
	char *text, *cause = NULL;

	if (t->state == TABLE_LOBBY) {
		/* TRANSLATORS: a nick, then the game's name ("Cheat"). */
		text = table_people(t) == 1 ? xasprintf(_("%s left the "
		    "channel and the %s lobby, which closes."),
		    t->seats[seat].nick, t->ops->title) : xasprintf(_("%s "
		    "left the channel and the %s lobby."),
		    t->seats[seat].nick, t->ops->title);
		table_say(t, text);
		free(text);
		table_seat_remove(t, seat);
		if (table_people(t) == 0)
			table_free(t);
		return;
	}
	if (t->seats[seat].away)
		return;
	if (grace > 0) {
		presence_hold(t, seat, grace, split, 0);
		return;
	}
	text = xasprintf(_("{p:%d} left the channel."), seat);
	if (table_leave(t, seat, text, &cause) != 0) {
		log_error("%s", cause);
		free(cause);
	}
	free(text);
}

void
presence_departed(struct bot *b, struct chan *c, const struct who *w,
    const char *quit_message)
{
	const struct conf *cf = b->conf;
	struct table *t;
	struct chan **chans;
	unsigned split;
	int i, n, seat, grace;

	if (c != NULL) {
		if (c->table != NULL && (seat = table_seat_of(c->table, w)) >= 0)
			presence_left(c->table, seat, cf->part_grace_ms, 0);
		return;
	}
	grace = presence_split_quit(b, w->nick, quit_message, &split) ?
	    cf->split_grace_ms : cf->part_grace_ms;
	/* Every table w sits at, by channel: leaving one may free it (a
	 * lobby's last seat) and move the seats of none other. */
	n = seat_channels(b, w, &chans);
	for (i = 0; i < n; i++) {
		if ((t = chans[i]->table) != NULL &&
		    (seat = table_seat_of(t, w)) >= 0)
			presence_left(t, seat, grace, split);
	}
	free(chans);
}

/* seat is back: its player gets the hand, and the turn if it is theirs. */
static void
presence_back(struct table *t, int seat, const char *nick)
{
	struct seat *s = &t->seats[seat];
	char *text;

	s->away = 0;
	s->split = 0;
	table_clock_grace_end(t, seat);
	seat_set_nick(s, nick);
	t->prompted &= ~(1u << seat);
	/* TRANSLATORS: %s is the game's name ("Cheat"). */
	text = t->turn.seat == seat ? xasprintf(_("{p:%d} is back in the %s "
	    "game, and it is their turn."), seat, t->ops->title) :
	    xasprintf(_("{p:%d} is back in the %s game."), seat,
	    t->ops->title);
	table_hand(t, seat, text);
	free(text);
}

void
presence_returned(struct chan *c, const struct who *w)
{
	struct table *t = c->table;
	int i;

	if (t == NULL || t->state != TABLE_PLAYING)
		return;
	for (i = 0; i < t->nseats; i++) {
		if (!t->seats[i].gone && t->seats[i].away &&
		    seat_same_person(&t->seats[i], w)) {
			presence_back(t, i, w->nick);
			return;
		}
	}
}

/* The member of c who is seat s's player, or NULL; the one with the
 * seat's nick first. */
static struct member *
presence_member(struct chan *c, const struct seat *s)
{
	struct member *m, *found = NULL;
	struct who w;
	int i;

	for (i = 0; i < c->nmembers; i++) {
		m = c->members[i];
		w = who_member(m);
		if (!seat_same_person(s, &w))
			continue;
		if (strcasecmp(m->nick, s->nick) == 0)
			return m;
		if (found == NULL)
			found = m;
	}
	return found;
}

void
presence_recheck(struct table *t)
{
	const struct conf *c = t->b->conf;
	struct member *m;
	struct seat *s;
	int i;

	for (i = 0; i < t->nseats; i++) {
		s = &t->seats[i];
		if (s->gone || s->ai)
			continue;
		if ((m = presence_member(t->chan, s)) != NULL) {
			seat_set_nick(s, m->nick);
			s->away = 0;
			s->split = 0;
			table_clock_grace_end(t, i);
		} else
			presence_hold(t, i, c->part_grace_ms > 0 ?
			    c->part_grace_ms : 1, 0, 1);
	}
}
