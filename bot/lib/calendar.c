/*
 * The seasons on the calendar (calendar.h): days counted as Howard
 * Hinnant's civil-calendar algorithms count them, so no time zone and no
 * libc time function is involved.
 */
#include <stdint.h>

#include "bot/lib/calendar.h"
#include "config/conf.h"

/* Days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar
 * (Howard Hinnant's days_from_civil). */
static int64_t
season_days(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* The year and month (1-12) of day z from 1970-01-01 (civil_from_days). */
static void
season_civil(int64_t z, int64_t *y, int *m)
{
	int64_t era, doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

int64_t
season_of(int setting, int64_t t)
{
	int64_t day = (t >= 0 ? t : t - SEASON_DAY + 1) / SEASON_DAY, y, n;
	int m;

	if (setting == CONF_SEASON_OFF)
		return 0;
	if (day < SEASON_EPOCH_DAYS)
		return 1;
	if (setting == CONF_SEASON_MONTHLY) {
		season_civil(day, &y, &m);
		n = (y - 2026) * 12 + m;
	} else
		n = (day - SEASON_EPOCH_DAYS) / setting + 1;
	return n;
}

int64_t
season_end(int setting, int64_t season)
{
	if (setting == CONF_SEASON_MONTHLY)
		return season_days(2026 + season / 12, (int)(season % 12) + 1,
		    1) * SEASON_DAY;
	return (SEASON_EPOCH_DAYS + season * setting) * SEASON_DAY;
}

