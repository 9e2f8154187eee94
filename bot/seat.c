/*
 * Who sits where, and players who come and go.
 *
 * A seat is its player's identity, fixed when they sit: the services
 * account when the network told one (who.c), else the nick together with
 * user@host.  A message is the seat's only if its sender is that identity,
 * so a stranger who takes a departed player's nick gets nothing; a nick
 * change by the player is followed.  Two nicks of one account cannot sit
 * at one table.
 *
 * A player who parts the game's channel or quits keeps the seat for
 * conf->part_grace_ms (split_grace_ms for a netsplit quit, whose message
 * is two server names): while away they are sent nothing, their turn
 * timer runs as usual (a turn that runs out gets the default move and
 * counts toward removal), and joining again in time gives them their hand
 * back.  After the grace they leave the game, as after a kick.  A lobby
 * seat is given up at once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core.h"
#include "games/xalloc.h"
#include "storage/store.h"

/* seat_is() with the fold of w->nick worked out once for a scan. */
static int
seat_matches(const struct seat *s, const struct who *w, uint32_t fold)
{
	if (s->gone)
		return 0;
	if (s->account[0] != '\0')
		return w->account != NULL &&
		    strcasecmp(w->account, s->account) == 0;
	return nick_is(s->nick, s->fold, w->nick, fold) &&
	    w->userhost != NULL && strcmp(w->userhost, s->userhost) == 0;
}

int
seat_is(const struct seat *s, const struct who *w)
{
	return seat_matches(s, w, nick_fold(w->nick));
}

/* The same person, whatever nick they use now: for a rejoin. */
static int
seat_same_person(const struct seat *s, const struct who *w)
{
	if (s->account[0] != '\0')
		return w->account != NULL &&
		    strcasecmp(w->account, s->account) == 0;
	return w->userhost != NULL && strcmp(w->userhost, s->userhost) == 0;
}

int
table_seat_of(const struct table *t, const struct who *w)
{
	uint32_t fold;
	int i;

	if (t == NULL)
		return -1;
	fold = nick_fold(w->nick);
	for (i = 0; i < t->nseats; i++) {
		if (seat_matches(&t->seats[i], w, fold))
			return i;
	}
	return -1;
}

struct table *
table_of_player(struct bot *b, const struct who *w, int *seat)
{
	int i;

	for (i = 0; i < b->nchans; i++) {
		*seat = table_seat_of(b->chans[i]->table, w);
		if (*seat >= 0)
			return b->chans[i]->table;
	}
	*seat = -1;
	return NULL;
}

int
table_seat_named(const struct table *t, const char *nick)
{
	uint32_t fold = nick_fold(nick);
	int i;

	for (i = 0; t != NULL && i < t->nseats; i++) {
		if (!t->seats[i].gone && nick_is(t->seats[i].nick,
		    t->seats[i].fold, nick, fold))
			return i;
	}
	return -1;
}

int
table_seat_add(struct table *t, const struct who *w, char **cause)
{
	struct buf key = BUF_INIT;
	struct seat *s;
	int64_t id;
	int i, v;

	if (t->nseats >= t->ops->max_seats)
		return game_fail(cause, "the table is full (%d players)",
		    t->ops->max_seats);
	for (i = 0; w->account != NULL && *w->account != '\0' &&
	    i < t->nseats; i++) {
		if (strcasecmp(t->seats[i].account, w->account) == 0)
			return game_fail(cause, "your account '%s' already "
			    "sits here as %s", w->account, t->seats[i].nick);
	}
	say_player_key(&key, w);
	id = store_player(t->b->store, buf_str(&key), w->nick, cause);
	buf_free(&key);
	if (id < 0)
		return -1;
	s = &t->seats[t->nseats++];
	memset(s, 0, sizeof *s);
	nick_set(s->nick, sizeof s->nick, &s->fold, w->nick);
	snprintf(s->userhost, sizeof s->userhost, "%s",
	    w->userhost != NULL ? w->userhost : "");
	snprintf(s->account, sizeof s->account, "%s",
	    w->account != NULL ? w->account : "");
	s->player = id;
	s->colour = 1;
	s->notice = t->b->conf->private_notice;
	if (store_pref_get(t->b->store, id, "colour", &v, NULL) == 0)
		s->colour = v;
	if (store_pref_get(t->b->store, id, "notice", &v, NULL) == 0)
		s->notice = v;
	return 0;
}

void
table_seat_remove(struct table *t, int seat)
{
	memmove(&t->seats[seat], &t->seats[seat + 1],
	    (size_t)(t->nseats - seat - 1) * sizeof t->seats[0]);
	t->nseats--;
	if (t->opener > seat || t->opener >= t->nseats)
		t->opener = t->opener > 0 ? t->opener - 1 : 0;
	if (t->nseats == 0)
		table_free(t);
}

void
seat_renamed(struct bot *b, const struct who *w, const char *nick)
{
	struct table *t;
	int i, seat;

	for (i = 0; i < b->nchans; i++) {
		t = b->chans[i]->table;
		if ((seat = table_seat_of(t, w)) >= 0)
			nick_set(t->seats[seat].nick,
			    sizeof t->seats[seat].nick, &t->seats[seat].fold,
			    nick);
	}
}

void
seat_timers_cancel(struct table *t)
{
	int i;

	for (i = 0; i < t->nseats; i++) {
		timer_cancel(&t->b->timers, t->seats[i].t_grace);
		t->seats[i].t_grace = 0;
	}
}

/* The grace of an away seat ran out: it leaves the game. */
static void
seat_grace_over(void *arg, uint64_t now)
{
	struct seat *s = arg;
	struct table *t = s->table;
	int seat = (int)(s - t->seats);
	char *lead, *cause = NULL;

	(void)now;
	s->t_grace = 0;
	lead = xasprintf("{p:%d} did not come back in time.", seat);
	if (table_leave(t, seat, lead, &cause) != 0) {
		fprintf(stderr, "cheaterbot: %s\n", cause);
		free(cause);
	}
	free(lead);
}

/* Holds seat for grace ms from now, saying so in the channel unless
 * quiet. */
static void
seat_hold(struct table *t, int seat, int grace_ms, int quiet)
{
	struct seat *s = &t->seats[seat];
	char *text;

	s->away = 1;
	s->table = t;
	timer_cancel(&t->b->timers, s->t_grace);
	s->t_grace = timer_add(&t->b->timers, t->b->now + (uint64_t)grace_ms,
	    seat_grace_over, s);
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
seat_netsplit(const char *msg)
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
seat_left(struct table *t, int seat, const char *quit_message)
{
	const struct conf *c = t->b->conf;
	int grace = quit_message != NULL && seat_netsplit(quit_message) ?
	    c->split_grace_ms : c->part_grace_ms;
	char *text, *cause = NULL;

	if (t->state == TABLE_LOBBY) {
		text = xasprintf("%s left the channel and the %s lobby.",
		    t->seats[seat].nick, t->ops->title);
		say_chan(t->b, t->chan, text);
		free(text);
		table_seat_remove(t, seat);
		return;
	}
	if (t->seats[seat].away)
		return;
	if (grace > 0) {
		seat_hold(t, seat, grace, 0);
		return;
	}
	text = xasprintf("{p:%d} left the channel.", seat);
	if (table_leave(t, seat, text, &cause) != 0) {
		fprintf(stderr, "cheaterbot: %s\n", cause);
		free(cause);
	}
	free(text);
}

void
seat_departed(struct bot *b, struct chan *c, const struct who *w,
    const char *quit_message)
{
	struct table *t;
	int i, seat;

	for (i = 0; i < b->nchans; i++) {
		t = b->chans[i]->table;
		if ((c != NULL && c != b->chans[i]) || t == NULL ||
		    (seat = table_seat_of(t, w)) < 0)
			continue;
		seat_left(t, seat, quit_message);
	}
}

/* seat is back: its player gets the hand, and the turn if it is theirs. */
static void
seat_back(struct table *t, int seat, const char *nick)
{
	struct seat *s = &t->seats[seat];
	struct game_turn tu;
	char *text;

	s->away = 0;
	timer_cancel(&t->b->timers, s->t_grace);
	s->t_grace = 0;
	nick_set(s->nick, sizeof s->nick, &s->fold, nick);
	t->ops->turn(t->g, &tu);
	text = xasprintf("%s is back in the %s game%s.", nick, t->ops->title,
	    tu.seat == seat ? ", and it is their turn" : "");
	say_chan(t->b, t->chan, text);
	free(text);
	table_hand(t, seat);
}

void
seat_returned(struct chan *c, const struct who *w)
{
	struct table *t = c->table;
	int i;

	if (t == NULL || t->state != TABLE_PLAYING)
		return;
	for (i = 0; i < t->nseats; i++) {
		if (!t->seats[i].gone && t->seats[i].away &&
		    seat_same_person(&t->seats[i], w)) {
			seat_back(t, i, w->nick);
			return;
		}
	}
}

/* The member of c who is seat s's player, or NULL; the one with the
 * seat's nick first. */
static struct member *
seat_find_member(struct chan *c, const struct seat *s)
{
	struct member *m, *found = NULL;
	struct who w;
	int i;

	for (i = 0; i < c->nmembers; i++) {
		m = &c->members[i];
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
seat_recheck(struct table *t)
{
	const struct conf *c = t->b->conf;
	struct member *m;
	struct seat *s;
	int i;

	for (i = 0; i < t->nseats; i++) {
		s = &t->seats[i];
		if (s->gone)
			continue;
		if ((m = seat_find_member(t->chan, s)) != NULL) {
			nick_set(s->nick, sizeof s->nick, &s->fold, m->nick);
			s->away = 0;
			timer_cancel(&t->b->timers, s->t_grace);
			s->t_grace = 0;
		} else
			seat_hold(t, i, c->part_grace_ms > 0 ?
			    c->part_grace_ms : 1, 1);
	}
}
