/*
 * Seasons (docs/league.md, Seasons): league.season cuts time into
 * seasons, calendar months in UTC or runs of N days from 2026-01-01
 * 00:00 UTC, which bot/lib/calendar.h counts (its season 1 being the
 * first, and any time before it).  The database numbers them from the
 * first it recorded (storage/season.c): every number said or asked for
 * is the database's, season_now() the one of the season now.  The bot
 * tells storage which season it is in its count, so each finished game
 * records its number, and a timer runs at each season's end: in every channel
 * the bot is in that finished games that season, it names the top three
 * of each variant played there, and storage remembers that it did, so a
 * restart says nothing twice.  A season that ended while the bot was
 * away is announced in a channel when the bot is back in it, if it is
 * the last one that ended.
 *
 * b->now is a monotonic clock; the wall clock is b->now plus
 * b->wall_offset, set from the system's at start (bot_set_wall() moves
 * it, for tests).
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bot/core/core.h"
#include "bot/lib/calendar.h"
#include "bot/lib/log.h"
#include "alloc/xalloc.h"
#include "games/intl.h"
#include "storage/store.h"

#define SEASON_ROWS 64		/* channel and variant pairs read first */

int64_t
season_wall(const struct bot *b)
{
	int64_t ms = (int64_t)b->now + b->wall_offset;

	return (ms >= 0 ? ms : ms - 999) / 1000;
}

/* The season now in the calendar's count, 0 when seasons are off. */
static int64_t
season_count(const struct bot *b)
{
	return season_of(b->conf->league_season, season_wall(b));
}

int64_t
season_now(const struct bot *b)
{
	int64_t count = season_count(b), first = 0;
	char *cause = NULL;

	/* Not read: the season now is taken for the first. */
	if (count > 0 && store_season_first(b->store, &first, &cause) < 0) {
		log_error("seasons: %s", cause);
		free(cause);
	}
	return store_season_number(count, first);
}

int64_t
season_ends(const struct bot *b)
{
	return season_end(b->conf->league_season, season_count(b));
}

/* Says in c, unless it was said there before, how season ended for each
 * variant finished there that season: "Season 11 of Cheat is over: 1.
 * alice (7 won), 2. bob (5), 3. carol (4). Season 12 begins." */
static void
season_tell(struct bot *b, struct chan *c, int64_t season,
    const struct store_season_played *played, int n)
{
	const struct game_ops *ops;
	struct store_top_row rows[3];
	struct buf text = BUF_INIT;
	char *cause = NULL;
	int i, j, k, rc;

	for (i = 0; i < n; i++) {
		if (strcasecmp(played[i].channel, c->name) == 0)
			break;
	}
	if (i == n)
		return;
	if ((rc = store_season_mark(b->store, season, c->name, &cause)) != 0) {
		if (rc < 0) {
			log_error("season %jd in %s: %s",
			    (intmax_t)season, c->name, cause);
			free(cause);
		}
		return;
	}
	for (; i < n && strcasecmp(played[i].channel, c->name) == 0; i++) {
		ops = game_named(played[i].variant);
		k = store_top_season(b->store, played[i].variant,
		    STORE_BOARD_WINS, season, b->conf->stats_min_games, rows, 3,
		    &cause);
		if (k < 0) {
			log_error("season %jd: %s",
			    (intmax_t)season, cause);
			free(cause);
			cause = NULL;
			continue;
		}
		/* TRANSLATORS: the season's number and the game's name
		 * ("Cheat"); the first three follow, " 1. alice (7 won), 2.
		 * bob (5), 3. carol (4)", or " nobody won a game", then
		 * ". Season 12 begins.". */
		buf_addf(&text, _("Season %jd of %s is over:"),
		    (intmax_t)season,
		    ops != NULL ? ops->title : played[i].variant);
		for (j = 0; j < k; j++)
			if (j == 0)
				/* TRANSLATORS: the first place: its number
				 * (1), the nick and the games they won. */
				buf_addf(&text, ngettext(" %d. %s (%d won)",
				    " %d. %s (%d won)", rows[j].value), j + 1,
				    rows[j].nick, rows[j].value);
			else
				buf_addf(&text, ", %d. %s (%d)", j + 1,
				    rows[j].nick, rows[j].value);
		if (k == 0)
			buf_adds(&text, _(" nobody won a game"));
		buf_addf(&text, _(". Season %jd begins."),
		    (intmax_t)season + 1);
		say_chan_as(b, c, QUEUE_REPLY, buf_str(&text));
		buf_free(&text);
	}
}

void
season_announce(struct bot *b, struct chan *only)
{
	struct store_season_played *played;
	int64_t season = season_now(b) - 1;
	char *cause = NULL;
	int i, n, max = SEASON_ROWS;

	if (b->conf->league_season == CONF_SEASON_OFF || season < 1)
		return;
	played = xcalloc((size_t)max, sizeof *played);
	n = store_season_played(b->store, season, played, max, &cause);
	if (n > max) {
		/* More channels and variants than the first guess: all of
		 * them, read again. */
		max = n;
		played = xreallocarray(played, (size_t)max, sizeof *played);
		n = store_season_played(b->store, season, played, max,
		    &cause);
	}
	if (n < 0) {
		log_error("season %jd: %s",
		    (intmax_t)season, cause);
		free(cause);
		free(played);
		return;
	}
	/* One bot writes the database (store_claim()), so the second read
	 * counts what the first did; the rows read are never more than max. */
	if (n > max)
		n = max;
	for (i = 0; i < b->nchans; i++) {
		if ((only == NULL || only == b->chans[i]) &&
		    b->chans[i]->joined && b->chans[i]->synced)
			season_tell(b, b->chans[i], season, played, n);
	}
	free(played);
}

/* A season ended: it is told, and the next end awaited. */
static void
season_over(void *arg, uint64_t now)
{
	struct bot *b = arg;

	b->now = now;
	b->t_season = 0;
	season_start(b);
	season_announce(b, NULL);
}

void
season_start(struct bot *b)
{
	int64_t count, left;

	timer_cancel(&b->timers, b->t_season);
	b->t_season = 0;
	count = season_count(b);
	store_season(b->store, count);
	if (count == 0)
		return;
	/* In milliseconds, so that the timer runs when the wall clock
	 * reaches the end, not up to a second before. */
	left = season_ends(b) * 1000 - ((int64_t)b->now + b->wall_offset);
	b->t_season = timer_add(&b->timers,
	    b->now + (uint64_t)(left > 0 ? left : 0), season_over, b);
}
