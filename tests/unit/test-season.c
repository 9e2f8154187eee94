/*
 * Unit tests of the seasons' dates (bot/core/season.c): which season a
 * time falls in and when a season ends, monthly (calendar months in UTC,
 * January 2026 the first: ends of months of 28 to 31 days, a leap day, a
 * year's turn) and of N days from 2026-01-01; times before it in season
 * 1; off, no season.  The times are unix seconds worked out apart
 * (python3's calendar.timegm).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "bot/core/core.h"
#include "bot/lib/calendar.h"

#define JAN_2026 INT64_C(1767225600)	/* 2026-01-01 00:00:00 */
#define FEB_2026 INT64_C(1769904000)	/* 2026-02-01 00:00:00 */
#define JAN_2027 INT64_C(1798761600)	/* 2027-01-01 00:00:00 */
#define LEAP_2028 INT64_C(1835438400)	/* 2028-02-29 12:00:00 */
#define MAR_2028 INT64_C(1835481600)	/* 2028-03-01 00:00:00 */
#define JUN_2025 INT64_C(1748736000)	/* 2025-06-01 00:00:00 */
#define DAY INT64_C(86400)

static void
test_monthly(void **state)
{
	int m = CONF_SEASON_MONTHLY;

	(void)state;
	assert_int_equal(season_of(m, JAN_2026), 1);
	assert_int_equal(season_of(m, FEB_2026 - 1), 1);
	assert_int_equal(season_of(m, FEB_2026), 2);
	assert_int_equal(season_of(m, JAN_2027 - 1), 12);
	assert_int_equal(season_of(m, JAN_2027), 13);
	assert_int_equal(season_of(m, LEAP_2028), 26);
	assert_int_equal(season_of(m, MAR_2028), 27);
	assert_int_equal(season_of(m, JUN_2025), 1);
	assert_true(season_end(m, 1) == FEB_2026);
	assert_true(season_end(m, 12) == JAN_2027);
	assert_true(season_end(m, 26) == MAR_2028);
	/* February 2026 has 28 days, March 31. */
	assert_true(season_end(m, 2) == FEB_2026 + 28 * DAY);
	assert_true(season_end(m, 3) == FEB_2026 + (28 + 31) * DAY);
}

static void
test_days(void **state)
{
	(void)state;
	assert_int_equal(season_of(7, JAN_2026), 1);
	assert_int_equal(season_of(7, JAN_2026 + 7 * DAY - 1), 1);
	assert_int_equal(season_of(7, JAN_2026 + 7 * DAY), 2);
	assert_int_equal(season_of(30, JAN_2026 + 95 * DAY), 4);
	assert_int_equal(season_of(1, JUN_2025), 1);
	assert_int_equal(season_of(366, JAN_2027), 1);
	assert_true(season_end(7, 1) == JAN_2026 + 7 * DAY);
	assert_true(season_end(30, 4) == JAN_2026 + 120 * DAY);
	/* A season ends where the next begins. */
	assert_int_equal(season_of(7, season_end(7, 5)), 6);
	assert_int_equal(season_of(CONF_SEASON_MONTHLY,
	    season_end(CONF_SEASON_MONTHLY, 5)), 6);
}

static void
test_off(void **state)
{
	(void)state;
	assert_int_equal(season_of(CONF_SEASON_OFF, JAN_2027), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_monthly),
		cmocka_unit_test(test_days),
		cmocka_unit_test(test_off),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
