/*
 * The bot started by a parent that left more than a thousand descriptors
 * open and inheritable (not close-on-exec), so that every number the bot
 * opens is past select()'s FD_SETSIZE (1024) but for two left free
 * below it: it joins, answers a command, deals, plays moves with its
 * players and says goodbye on SIGTERM with status 0 (under ASan: nothing
 * leaked, nothing written out of bounds).  With every number below
 * FD_SETSIZE taken, it refuses to start, with one line saying why and
 * status 1, and never aborts.  A real ngircd, the real bot binary and
 * scripted players (tests/lib/driver.h).
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <dirent.h>
#include <sys/select.h>
#include <unistd.h>

#include <cmocka.h>

#include "games/cheat/cheat.h"
#include "tests/lib/driver.h"

#define CHAN "#fdlimit"
#define LEAKED_UP_TO 1100 /* the inherited descriptors reach this number */
#define HOLES 2		  /* numbers below FD_SETSIZE left free */
#define CONF                                                            \
	"timers = { turn = 600; turn_warning = 0; challenge_min = 0;\n" \
	"    challenge_tie = 0; challenge_close = 1; lobby_start = 0; };\n" \
	"flood = { burst = 100; interval = 0.001; user_interval = 0; };\n"

static const char *const nicks[] = {"ann", "ben"};

/* The descriptors this process holds for the bot to inherit. */
static int leaked[LEAKED_UP_TO + 1];
static int nleaked;
/* Its own below FD_SETSIZE made inheritable for a while (open_all()). */
static int opened[FD_SETSIZE];
static int nopened;

/* Closes what is left of them. */
static void
unleak(void)
{
	int i;

	for (i = 0; i < nleaked; i++) {
		if (leaked[i] >= 0)
			close(leaked[i]);
	}
	nleaked = 0;
}

/* This process's own close-on-exec descriptors below FD_SETSIZE (the
 * players' sockets, the server's log...) are inherited too, until
 * close_all(): a bot started meanwhile finds every number below
 * FD_SETSIZE taken. */
static void
open_all(void)
{
	int fd, fl;

	for (fd = 0; fd < FD_SETSIZE; fd++) {
		fl = fcntl(fd, F_GETFD);
		if (fl >= 0 && (fl & FD_CLOEXEC)) {
			assert_int_equal(fcntl(fd, F_SETFD, fl & ~FD_CLOEXEC),
			    0);
			opened[nopened++] = fd;
		}
	}
}

/* Close-on-exec again. */
static void
close_all(void)
{
	int i;

	for (i = 0; i < nopened; i++)
		(void)fcntl(opened[i], F_SETFD, FD_CLOEXEC);
	nopened = 0;
}

/* Opens /dev/null, inheritable, until the numbers reach LEAKED_UP_TO, so
 * that every lower one is taken; then frees holes of them, spread over
 * 512 to 1000, below FD_SETSIZE: the bot's database alone takes more.
 * Skips the test when the descriptor limit cannot be raised that far. */
static void
leak(int holes)
{
	struct rlimit rl;
	int fd, i, freed = 0;

	assert_int_equal(getrlimit(RLIMIT_NOFILE, &rl), 0);
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < LEAKED_UP_TO + 200) {
		print_message("the descriptor limit (%llu) is too low\n",
		    (unsigned long long)rl.rlim_max);
		skip();
	}
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur < LEAKED_UP_TO + 200) {
		rl.rlim_cur = rl.rlim_max;
		assert_int_equal(setrlimit(RLIMIT_NOFILE, &rl), 0);
	}
	do {
		fd = open("/dev/null", O_RDONLY);
		assert_true(fd >= 0);
		leaked[nleaked++] = fd;
	} while (fd < LEAKED_UP_TO);
	assert_true(nleaked > FD_SETSIZE - 64);
	for (i = 0; i < nleaked && freed < holes; i++) {
		if (leaked[i] >= 512 && leaked[i] < 1000 &&
		    leaked[i] % 61 == 0) {
			close(leaked[i]);
			leaked[i] = -1;
			freed++;
		}
	}
	assert_int_equal(freed, holes);
}

/* How many of the bot's sockets have a number past FD_SETSIZE. */
static int
high_sockets(const struct ngircd_bot *b)
{
	char dir[64], path[PATH_MAX], link[128];
	struct dirent *e;
	ssize_t n;
	DIR *dp;
	int count = 0;

	snprintf(dir, sizeof dir, "/proc/%d/fd", (int)b->pid);
	dp = opendir(dir);
	assert_non_null(dp);
	while ((e = readdir(dp)) != NULL) {
		if (atoi(e->d_name) < FD_SETSIZE)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		n = readlink(path, link, sizeof link - 1);
		if (n > 0 && strncmp(link, "socket:", 7) == 0)
			count++;
	}
	closedir(dp);
	return count;
}

static int
teardown(void **state)
{
	close_all();
	unleak();
	return driver_teardown(state);
}

/* Players ann and ben in CHAN, and no bot yet. */
static struct driver *
world(void **state)
{
	struct driver *d = calloc(1, sizeof *d);

	assert_non_null(d);
	*state = d;
	driver_name(d, 0, CHAN, nicks, 2);
	d->bot_seed = 1;
	d->no_bot = 1;
	d->t[0].options = "";
	driver_open(d, 1, CONF, 1);
	return d;
}

/* More than a thousand descriptors inherited, two numbers free below
 * FD_SETSIZE: the bot works as ever, its sockets but libircclient's
 * past FD_SETSIZE. */
static void
test_inherited(void **state)
{
	struct driver *d = world(state);
	int i, seat;
	size_t from;

	leak(HOLES);
	open_all();
	driver_bot_up(d);
	close_all();
	unleak();
	/* The server's socket and our end of libircclient's pair. */
	assert_true(high_sockets(&d->bot) >= 2);

	from = d->t[0].p[1].cl.nlines;
	driver_raw(d, 0, 1, "PRIVMSG " CHAN " :!games");
	driver_wait_chan(d, 0, 1, from, "Games: ", 0);

	driver_deal_from(d, 0, &cheat_ops, 2, 0);
	for (i = 0; i < 6; i++) {
		seat = driver_play_default(d, 0, 0, NULL, 0);
		assert_in_range(seat, 0, 1);
	}
	driver_bot_exits(d, 0, 0);
	assert_int_equal(ngircd_bot_log_count(&d->bot, ": error: "), 0);
}

/* Every number below FD_SETSIZE taken: one line says why, status 1. */
static void
test_no_room(void **state)
{
	struct driver *d = world(state);
	const char *args[] = {"-c", d->conf, "--server", "127.0.0.1", "--port",
	    d->port, "--channel", CHAN, "--db", d->db, NULL};

	leak(0);
	open_all();
	assert_int_equal(ngircd_bot_start(&d->bot, d->dir, "refused", args), 0);
	close_all();
	unleak();
	assert_int_equal(ngircd_bot_wait(&d->bot, 10000), 1);
	assert_int_equal(ngircd_bot_log_count(&d->bot,
	    "no descriptor number below 1024 is free for libircclient"), 1);
	assert_int_equal(ngircd_bot_log_count(&d->bot, "Sanitizer"), 0);
	assert_int_equal(ngircd_bot_log_count(&d->bot, "runtime error"), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_inherited, teardown),
	    cmocka_unit_test_teardown(test_no_room, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
