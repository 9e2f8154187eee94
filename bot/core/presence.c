/*
 * Players who come and go while they sit at a table.
 *
 * A player who parts the game's channel or quits keeps the seat for
 * conf->part_grace_ms (split_grace_ms for a netsplit quit, whose message
 * is two server names): while away they are sent nothing, their turn
 * timer runs as usual (a turn that runs out gets the default move and
 * counts toward removal), and joining again in time gives them their hand
 * back.  After the grace (table-clock.c times it) they leave the game, as
 * after a kick.  A lobby seat is given up at once.
 *
 * bot.c reports here what the network says (a PART, a QUIT, a JOIN);
 * table-resume.c asks, after a restart or a reconnect, who is still here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/lib/log.h"
#include "games/xalloc.h"

void
presence_grace_over(struct table *t, int seat)
{
	char *lead, *cause = NULL, *text;

	if (t->b->conf->ai_takeover && t->ops->ai != NULL) {
		text = xasprintf("%s did not come back in time: an AI plays "
		    "on in that seat.", t->seats[seat].nick);
		table_ai_takeover(t, seat);
		say_chan(t->b, t->chan, text);
		free(text);
		table_after_move(t);	/* it may act now, or none is left */
		return;
	}
	lead = xasprintf("{p:%d} did not come back in time.", seat);
	if (table_leave(t, seat, lead, &cause) != 0) {
		log_error("%s", cause);
		free(cause);
	}
	free(lead);
}

/* Holds seat for grace ms from now, saying so in the channel unless
 * quiet. */
static void
presence_hold(struct table *t, int seat, int grace_ms, int quiet)
{
	struct seat *s = &t->seats[seat];
	char *text;

	s->away = 1;
	table_clock_grace(t, seat, grace_ms);
	if (quiet)
		return;
	text = xasprintf("%s is away; the seat is held for %d s: join %s "
	    "again to play on.", s->nick, (grace_ms + 999) / 1000,
	    t->chan->name);
	say_chan(t->b, t->chan, text);
	free(text);
}

/* Whether a quit message is a netsplit's: "server.one server.two". */
static int
presence_netsplit(const char *msg)
{
	const char *space;

	if (msg == NULL || (space = strchr(msg, ' ')) == NULL ||
	    strchr(space + 1, ' ') != NULL)
		return 0;
	return memchr(msg, '.', (size_t)(space - msg)) != NULL &&
	    strchr(space + 1, '.') != NULL && space > msg &&
	    space[1] != '\0';
}

/* seat of t (w) left: see the file's comment. */
static void
presence_left(struct table *t, int seat, const char *quit_message)
{
	const struct conf *c = t->b->conf;
	int grace = quit_message != NULL && presence_netsplit(quit_message) ?
	    c->split_grace_ms : c->part_grace_ms;
	char *text, *cause = NULL;

	if (t->state == TABLE_LOBBY) {
		text = xasprintf("%s left the channel and the %s lobby%s",
		    t->seats[seat].nick, t->ops->title,
		    table_people(t) == 1 ? ", which closes." : ".");
		say_chan(t->b, t->chan, text);
		free(text);
		table_seat_remove(t, seat);
		if (table_people(t) == 0)
			table_free(t);
		return;
	}
	if (t->seats[seat].away)
		return;
	if (grace > 0) {
		presence_hold(t, seat, grace, 0);
		return;
	}
	text = xasprintf("{p:%d} left the channel.", seat);
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
	struct table *t;
	struct chan **chans;
	int i, n, seat;

	if (c != NULL) {
		if (c->table != NULL && (seat = table_seat_of(c->table, w)) >= 0)
			presence_left(c->table, seat, quit_message);
		return;
	}
	/* Every table w sits at, by channel: leaving one may free it (a
	 * lobby's last seat) and move the seats of none other. */
	n = seat_channels(b, w, &chans);
	for (i = 0; i < n; i++) {
		if ((t = chans[i]->table) != NULL &&
		    (seat = table_seat_of(t, w)) >= 0)
			presence_left(t, seat, quit_message);
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
	table_clock_grace_end(t, seat);
	seat_set_nick(s, nick);
	text = xasprintf("%s is back in the %s game%s.", nick, t->ops->title,
	    t->turn.seat == seat ? ", and it is their turn" : "");
	say_chan(t->b, t->chan, text);
	free(text);
	table_hand(t, seat);
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
			table_clock_grace_end(t, i);
		} else
			presence_hold(t, i, c->part_grace_ms > 0 ?
			    c->part_grace_ms : 1, 1);
	}
}
