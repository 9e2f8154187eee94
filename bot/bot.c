/*
 * The bot core's entry points (bot.h): it turns IRC events into channel
 * bookkeeping and commands, and runs the timers.  Everything it says goes
 * into the queue it was given.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <unistd.h>

#include "core.h"
#include "games/xalloc.h"

/* A seed from the system's random source (a clock fallback if none). */
static uint64_t
bot_system_seed(uint64_t now)
{
	uint64_t seed = 0;

	if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
		seed = now ^ ((uint64_t)getpid() << 32);
	return seed;
}

struct bot *
bot_new(const struct conf *conf, struct store *store, struct queue *queue,
    uint64_t seed, int have_seed, uint64_t now)
{
	struct bot *b = xcalloc(1, sizeof *b);
	int i;

	b->conf = conf;
	b->store = store;
	b->queue = queue;
	b->now = now;
	rng_seed(&b->rng, have_seed ? seed : bot_system_seed(now));
	snprintf(b->nick, sizeof b->nick, "%s", conf->nicks[0]);
	for (i = 0; i < conf->nchannels; i++)
		chan_get(b, conf->channels[i]);
	return b;
}

void
bot_free(struct bot *b)
{
	int i;

	if (b == NULL)
		return;
	for (i = 0; i < b->nchans; i++)
		table_free(b->chans[i].table);
	free(b->chans);
	timer_free(&b->timers);
	free(b);
}

void
bot_connected(struct bot *b, const char *nick, uint64_t now)
{
	int i;

	b->now = now;
	snprintf(b->nick, sizeof b->nick, "%s", nick);
	for (i = 0; i < b->nchans; i++)
		say_raw(b, "JOIN %s", b->chans[i].name);
}

void
bot_disconnected(struct bot *b, uint64_t now)
{
	int i;

	b->now = now;
	for (i = 0; i < b->nchans; i++) {
		b->chans[i].joined = 0;
		b->chans[i].nmembers = 0;
	}
}

/* A seated player left channel c (or every channel, c NULL): a lobby
 * seat is given up at once; a game goes on (the turn timer decides). */
static void
bot_player_left(struct bot *b, struct chan *c, const char *nick)
{
	struct table *t;
	char *text;
	int i, seat;

	for (i = 0; i < b->nchans; i++) {
		t = b->chans[i].table;
		if ((c != NULL && c != &b->chans[i]) || t == NULL ||
		    t->state != TABLE_LOBBY ||
		    (seat = table_seat_of(t, nick, NULL)) < 0)
			continue;
		text = xasprintf("%s left the channel and the %s lobby.", nick,
		    t->ops->title);
		say_chan(b, t->chan, text);
		free(text);
		table_seat_remove(t, seat);
	}
}

/* A player kicked from c leaves the game being played there. */
static void
bot_player_kicked(struct chan *c, const char *nick)
{
	struct table *t = c->table;
	char *cause = NULL;
	int seat;

	if (t == NULL || t->state != TABLE_PLAYING ||
	    (seat = table_seat_of(t, nick, NULL)) < 0)
		return;
	if (table_leave(t, seat, &cause) != 0) {
		fprintf(stderr, "cheaterbot: %s was kicked but stays in the "
		    "game: %s\n", nick, cause);
		free(cause);
	}
}

/* Follows players who part, quit or are kicked. */
static void
bot_departures(struct bot *b, const char *command, const char *nick,
    const char **params, unsigned int count)
{
	struct chan *c = count >= 1 ? chan_find(b, params[0]) : NULL;

	if (strcmp(command, "QUIT") == 0)
		bot_player_left(b, NULL, nick);
	else if (strcmp(command, "PART") == 0 && c != NULL)
		bot_player_left(b, c, nick);
	else if (strcmp(command, "KICK") == 0 && c != NULL && count >= 2) {
		bot_player_left(b, c, params[1]);
		bot_player_kicked(c, params[1]);
	}
}

void
bot_event(struct bot *b, const char *command, const char *origin,
    const char **params, unsigned int count, uint64_t now)
{
	char nick[NICK_MAX];

	b->now = now;
	if (command == NULL)
		return;
	if (strcmp(command, "PRIVMSG") == 0) {
		if (origin != NULL && count >= 2)
			dispatch_message(b, origin, params[0], params[1]);
		return;
	}
	chan_event(b, command, origin, params, count);
	chan_origin_nick(origin, nick, sizeof nick);
	if (*nick != '\0' && strcasecmp(nick, b->nick) != 0)
		bot_departures(b, command, nick, params, count);
}

void
bot_tick(struct bot *b, uint64_t now)
{
	b->now = now;
	timer_run(&b->timers, now);
}

uint64_t
bot_next_timer(const struct bot *b)
{
	return timer_next(&b->timers);
}

const char *
bot_nick(const struct bot *b)
{
	return b->nick;
}
