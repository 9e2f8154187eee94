/*
 * The seasons of league.season on the calendar (docs/league.md,
 * Seasons): calendar months in UTC, or runs of N days from 2026-01-01
 * 00:00 UTC, counted from the first (season 1, and any time before it).
 * This count is the bot's: a database numbers the seasons from the
 * first it recorded (storage/store.h, store_season_number()), and that
 * number is the one said and shown.  Pure arithmetic on unix times,
 * shared by the bot's season timer and the stats page.
 */
#ifndef CALENDAR_H
#define CALENDAR_H

#include <stdint.h>

#define SEASON_DAY 86400
#define SEASON_EPOCH_DAYS 20454	/* 2026-01-01 in days from 1970-01-01 */

/* The season (1 or more, in the calendar's count) that the unix time t
 * falls in, 0 when setting (conf's league_season) is CONF_SEASON_OFF;
 * any time before 2026-01-01 falls in season 1. */
int64_t season_of(int setting, int64_t t);
/* The unix time season (the calendar's count) ends at (the next one's
 * start); not for off. */
int64_t season_end(int setting, int64_t season);

#endif
