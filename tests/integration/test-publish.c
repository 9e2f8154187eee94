/*
 * The stats page kept fresh by the running bot (bot/publish.c), over real
 * sockets: a real ngircd, the real bot binary and scripted players
 * (tests/lib/driver.h).
 *
 * With export.dir set, the page is written at start, and a game played
 * to its end is on it within export.interval.  With export.dir where no
 * directory can be made, every failure is logged with its reason, the
 * admin in the channel is told once however many follow, and when the
 * directory can be made again the page is written and the log says so.
 * A write held up past its interval (its process stopped with SIGSTOP)
 * is said once in the log, and the next write waits for it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "games/cheat/cheat.h"
#include "tests/lib/driver.h"
#include "tests/lib/text-file.h"

#define CHAN "#cheater"
#define WAIT_MS 15000
/* Windows closed at once, so a whole game takes a few seconds. */
#define FAST "timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n" \
    "    challenge_tie = 0; challenge_close = 1; lobby_start = 0; };\n" \
    "flood = { burst = 100; interval = 0.001; user_interval = 0; };\n"

static const char *const nicks[] = {"alice", "bob"};

/* Waits up to WAIT_MS for path to hold text (NULL: to exist). */
static void
wait_file(struct driver *d, const char *path, const char *text)
{
	char *got = NULL;
	int ms;

	for (ms = 0; ms < WAIT_MS; ms += 100) {
		got = text_file_read(path);
		if (got != NULL && (text == NULL || strstr(got, text) != NULL))
			break;
		free(got);
		got = NULL;
		driver_pump(d, 100);
	}
	if (got == NULL)
		fail_msg("%s never held \"%s\"", path, text ? text : "anything");
	free(got);
}

/* A driver with alice and bob in CHAN, the bot started on FAST with
 * export.dir the driver's directory and rel, export.interval seconds,
 * and more settings. */
static struct driver *
start(void **state, const char *rel, int interval, const char *more)
{
	struct driver *d = calloc(1, sizeof *d);
	char text[2048];

	assert_non_null(d);
	*state = d;
	driver_name(d, 0, CHAN, nicks, 2);
	d->no_bot = 1;
	d->t[0].options = "";
	driver_open(d, 1, FAST, 3);
	snprintf(text, sizeof text, "%sexport = { dir = \"%s/%s\"; "
	    "interval = %d; };\n%s", FAST, d->dir, rel, interval, more);
	driver_write_conf(d, text);
	driver_bot_up(d);
	return d;
}

static void
test_publish(void **state)
{
	struct driver *d;
	char site[1024], path[1100];

	d = start(state, "site", 2, "");
	snprintf(site, sizeof site, "%s/site", d->dir);
	snprintf(path, sizeof path, "%s/index.html", site);
	/* Written at start: no game yet. */
	wait_file(d, path, "No game has finished yet.");
	assert_int_equal(ngircd_bot_wait_log(&d->bot, "the stats page is "
	    "written to", WAIT_MS), 1);
	driver_deal_from(d, 0, &cheat_ops, 2, 0);
	driver_play(d, 0, 2000, 2);
	/* The game, its page and its players, within the interval. */
	wait_file(d, path, "href=\"games/1.html\"");
	snprintf(path, sizeof path, "%s/games/1.html", site);
	wait_file(d, path, "<pre class=\"replay\">");
	snprintf(path, sizeof path, "%s/players/alice.html", site);
	wait_file(d, path, "rating-chart");
	assert_int_equal(ngircd_bot_log_count(&d->bot, "could not be written"),
	    0);
	driver_bot_exits(d, 0, 0);
	/* No temporary directory is left behind.  Looked for once the bot
	 * is gone: while it runs, an export may be half way through. */
	snprintf(path, sizeof path, "test -z \"$(ls -A %s | grep tmp)\"",
	    site);
	assert_int_equal(system(path), 0);
}

static void
test_publish_fails(void **state)
{
	struct driver *d;
	char parent[1024], path[1100], line[1200];
	size_t from;
	int told, k;

	d = start(state, "gone/site", 1,
	    "commands = { admins = [ \"alice!*@*\" ]; };\n");
	snprintf(parent, sizeof parent, "%s/gone", d->dir);
	from = 0;
	/* alice, the admin, is told why. */
	snprintf(line, sizeof line, "the stats page could not be written: %s"
	    "/site", parent);
	driver_wait_private(d, 0, 0, from, line, WAIT_MS);
	assert_true(ngircd_bot_wait_log(&d->bot, line, WAIT_MS));
	/* More failures go to the log, and not to alice again. */
	for (k = 0; k < 50 && ngircd_bot_log_count(&d->bot, line) < 4; k++)
		driver_pump(d, 200);
	assert_true(ngircd_bot_log_count(&d->bot, line) >= 4);
	for (told = 0, k = 0; (size_t)k < d->t[0].p[0].cl.nlines; k++)
		told += strstr(d->t[0].p[0].cl.lines[k],
		    "could not be written") != NULL;
	assert_int_equal(told, 1);
	/* bob is no admin: he hears nothing of it. */
	for (k = 0; (size_t)k < d->t[0].p[1].cl.nlines; k++)
		assert_null(strstr(d->t[0].p[1].cl.lines[k],
		    "could not be written"));
	/* The directory can be made again: the page is written. */
	assert_int_equal(mkdir(parent, 0755), 0);
	snprintf(path, sizeof path, "%s/site/index.html", parent);
	wait_file(d, path, "<h1>The league</h1>");
	snprintf(line, sizeof line, "the stats page is written to %s/site "
	    "again", parent);
	assert_true(ngircd_bot_wait_log(&d->bot, line, WAIT_MS));
	driver_bot_exits(d, 0, 0);
}

/* The state letter of process pid in /proc/PID/stat ('R', 'S', 'T'
 * stopped, 'Z' ended), its parent into *ppid; 0 when it is gone. */
static char
proc_state(const char *pid, long *ppid)
{
	char path[300], text[512], *p, state;
	FILE *f;
	size_t n;

	snprintf(path, sizeof path, "/proc/%s/stat", pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	/* "PID (COMM) STATE PPID ...": COMM may hold spaces. */
	if ((p = strrchr(text, ')')) == NULL ||
	    sscanf(p + 1, " %c %ld", &state, ppid) != 2)
		return 0;
	return state;
}

/* A child of pid that has not ended (one writing the stats page), or 0
 * when there is none now. */
static pid_t
child_of(pid_t pid)
{
	struct dirent *de;
	DIR *dir;
	pid_t found = 0;
	long ppid;
	char state;

	if ((dir = opendir("/proc")) == NULL)
		return 0;
	while (found == 0 && (de = readdir(dir)) != NULL) {
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		state = proc_state(de->d_name, &ppid);
		if (state != 0 && state != 'Z' && ppid == pid)
			found = (pid_t)atol(de->d_name);
	}
	closedir(dir);
	return found;
}

/* Whether pid stopped (SIGSTOP sent) rather than ended first. */
static int
stopped(pid_t pid)
{
	char name[32], state;
	long ppid;
	int ms;

	snprintf(name, sizeof name, "%ld", (long)pid);
	for (ms = 0; ms < 1000; ms++) {
		state = proc_state(name, &ppid);
		if (state == 'T' || state == 't')
			return 1;
		if (state == 0 || state == 'Z')
			return 0;
		usleep(1000);
	}
	return 0;
}

static void
test_publish_late(void **state)
{
	struct driver *d;
	char path[1100], want[128];
	pid_t child = 0;
	int tries;

	d = start(state, "site", 1, "");
	snprintf(path, sizeof path, "%s/site/index.html", d->dir);
	wait_file(d, path, NULL);
	/* Catch a write in its process (one begins every second) and
	 * stop it there. */
	for (tries = 0; tries < 20000 && child == 0; tries++) {
		if ((child = child_of(d->bot.pid)) == 0)
			continue;
		if (kill(child, SIGSTOP) != 0 || !stopped(child))
			child = 0;
	}
	if (child == 0)
		fail_msg("no write of the stats page was caught running");
	snprintf(want, sizeof want, "is still being written (process %ld)",
	    (long)child);
	if (!ngircd_bot_wait_log(&d->bot, want, WAIT_MS)) {
		kill(child, SIGCONT);
		fail_msg("the log never said \"%s\"", want);
	}
	/* Once, however long it is held; then it finishes, and so do the
	 * writes after it. */
	driver_pump(d, 2500);
	assert_int_equal(ngircd_bot_log_count(&d->bot, "still being written"),
	    1);
	assert_int_equal(kill(child, SIGCONT), 0);
	unlink(path);
	wait_file(d, path, "<h1>The league</h1>");
	assert_int_equal(ngircd_bot_log_count(&d->bot, "could not be written"),
	    0);
	driver_bot_exits(d, 0, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_publish, driver_teardown),
		cmocka_unit_test_teardown(test_publish_fails, driver_teardown),
		cmocka_unit_test_teardown(test_publish_late, driver_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
