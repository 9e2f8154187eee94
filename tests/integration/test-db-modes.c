/*
 * The modes of the database's files, with the real bot binary
 * (docs/storage.md, The files' modes).  The suite runs under a umask of
 * 0, which leaves a file made with any wider mode open to everyone: a
 * fresh start makes the database, its -wal, -shm and -lock, each its
 * owner's alone (0600); so are a backup (--backup, taken while the bot
 * runs) and a copy (--copy-to) and every file made beside them.  A
 * database another program made 0644 is warned about at start, in one
 * line ending with the command that fixes it; that command, run by sh as
 * it is written, makes the files their owner's alone, though the
 * database's directory has a space and a quote in its name, and the next
 * start warns of nothing.
 *
 * The bot runs on a port where nothing listens: it makes its files before
 * it tries to connect, which it says.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/lib/ngircd.h"
#include "tests/lib/text-file.h"

/* The line that says the bot made its files and is in its loop, where
 * SIGTERM stops it with status 0 (before, it would die of it). */
#define CONNECTING "info: connecting to "
/* The warning's words before its command. */
#define OPEN_TO_OTHERS "its files are open to other users"
#define FIX "make them their owner's alone with "
/* Deadlines: a start or an offline task under the sanitizers. */
#define START_MS 30000

struct world {
	char *dir;		/* the logs, and sub */
	char sub[PATH_MAX / 2];	/* the database's directory */
	char db[PATH_MAX / 2 + 16];
	struct ngircd_bot bot;	/* the bot on db */
	struct ngircd_bot task;	/* an offline task */
};

static int
world_setup(void **state)
{
	struct world *w = calloc(1, sizeof *w);

	if (w == NULL || (w->dir = ngircd_tmpdir()) == NULL)
		return -1;
	/* A space and a quote: the command the warning gives must quote
	 * them for sh. */
	snprintf(w->sub, sizeof w->sub, "%s/it's mine", w->dir);
	if (mkdir(w->sub, 0700) != 0)
		return -1;
	snprintf(w->db, sizeof w->db, "%s/bot.db", w->sub);
	*state = w;
	return 0;
}

static int
world_teardown(void **state)
{
	struct world *w = *state;

	ngircd_bot_stop(&w->task);
	ngircd_bot_stop(&w->bot);
	ngircd_rmdir(w->dir);
	free(w->dir);
	free(w);
	return 0;
}

/* Starts the bot on the world's database, its log dir/NAME.log, and
 * waits until it tries to connect: its files are made then. */
static void
start(struct world *w, const char *name)
{
	char port[16];
	const char *args[] = {"--server", "127.0.0.1", "--port", port,
	    "--db", w->db, NULL};

	snprintf(port, sizeof port, "%d", ngircd_free_port());
	assert_int_equal(ngircd_bot_start(&w->bot, w->dir, name, args), 0);
	if (!ngircd_bot_wait_log(&w->bot, CONNECTING, START_MS))
		fail_msg("the bot (%s.log) did not start", name);
}

/* Runs `cheaterbot --db DB FLAG ARG`, its log dir/NAME.log, to its end:
 * its exit status. */
static int
task(struct world *w, const char *name, const char *flag, const char *arg)
{
	const char *args[] = {"--db", w->db, flag, arg, NULL};

	assert_int_equal(ngircd_bot_start(&w->task, w->dir, name, args), 0);
	return ngircd_bot_wait(&w->task, START_MS);
}

/* The permission bits of path, which must be there. */
static unsigned
mode_of(const char *path)
{
	struct stat sb;

	if (stat(path, &sb) != 0)
		fail_msg("'%s' is not there", path);
	return (unsigned)(sb.st_mode & 07777);
}

/* Fails unless the database's file path, and each of its files with a
 * suffix of more (NULL-terminated), is there and 0600. */
static void
private(const char *path, const char *const *more)
{
	char file[PATH_MAX];
	unsigned mode;

	if ((mode = mode_of(path)) != 0600)
		fail_msg("'%s' is mode %03o, not 600", path, mode);
	for (; more != NULL && *more != NULL; more++) {
		snprintf(file, sizeof file, "%s%s", path, *more);
		if ((mode = mode_of(file)) != 0600)
			fail_msg("'%s' is mode %03o, not 600", file, mode);
	}
}

/* Fails unless every file of dir whose name starts with prefix is 0600;
 * how many there are. */
static int
all_private(const char *dir, const char *prefix)
{
	char path[PATH_MAX];
	struct dirent *e;
	unsigned mode;
	DIR *d = opendir(dir);
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, prefix, strlen(prefix)) != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if ((mode = mode_of(path)) != 0600)
			fail_msg("'%s' is mode %03o, not 600", path, mode);
		n++;
	}
	closedir(d);
	return n;
}

/* A new database, made by the bot at its first start. */
static void
test_fresh_start(void **state)
{
	struct world *w = *state;

	start(w, "fresh");
	private(w->db, (const char *const[]){"-wal", "-shm", "-lock", NULL});
	assert_int_equal(all_private(w->sub, "bot.db"), 4);
	assert_int_equal(ngircd_bot_log_count(&w->bot, OPEN_TO_OTHERS), 0);
}

/* A backup taken while the bot runs. */
static void
test_backup(void **state)
{
	struct world *w = *state;
	char copy[PATH_MAX];

	snprintf(copy, sizeof copy, "%s/backup.db", w->sub);
	assert_int_equal(task(w, "backup", "--backup", copy), 0);
	assert_true(ngircd_bot_alive(&w->bot));
	private(copy, NULL);
	assert_true(all_private(w->sub, "backup.db") >= 1);
}

/* A copy into a new SQLite file, the bot stopped. */
static void
test_copy(void **state)
{
	struct world *w = *state;
	char copy[PATH_MAX];

	assert_int_equal(ngircd_bot_stop(&w->bot), 0);
	snprintf(copy, sizeof copy, "%s/copy.db", w->sub);
	assert_int_equal(task(w, "copy", "--copy-to", copy), 0);
	private(copy, NULL);
	assert_true(all_private(w->sub, "copy.db") >= 1);
}

/* The database made 0644 by another program: warned about with the
 * command that fixes it, which does. */
static void
test_open_to_others(void **state)
{
	static const char *const files[] = {"", "-wal", "-shm"};
	struct world *w = *state;
	char path[PATH_MAX], want[4 * PATH_MAX], *text, *line, *cmd;
	size_t i;
	int rc;

	for (i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(path, sizeof path, "%s%s", w->db, files[i]);
		if (access(path, F_OK) == 0)
			assert_int_equal(chmod(path, 0644), 0);
	}
	start(w, "open");
	/* SQLite made the -wal and -shm with the file's mode; the lock
	 * file is still the bot's own, 0600. */
	snprintf(want, sizeof want, "cheaterbot: warn: database '%s': "
	    OPEN_TO_OTHERS " ('%s' mode 644, '%s-wal' mode 644, '%s-shm' "
	    "mode 644), and hold the running games' seeds and salts, from "
	    "which their deals can be rebuilt: " FIX "chmod 600 ", w->db, w->db,
	    w->db, w->db);
	assert_int_equal(ngircd_bot_log_count(&w->bot, want), 1);

	/* The command as the log gives it, run by sh. */
	text = text_file_read(w->bot.log);
	assert_non_null(text);
	line = strstr(text, OPEN_TO_OTHERS);
	assert_non_null(line);
	cmd = strstr(line, FIX);
	assert_non_null(cmd);
	cmd += strlen(FIX);
	cmd[strcspn(cmd, "\n")] = '\0';
	rc = system(cmd);
	if (rc == -1 || !WIFEXITED(rc) || WEXITSTATUS(rc) != 0)
		fail_msg("'%s' failed", cmd);
	free(text);
	private(w->db, (const char *const[]){"-wal", "-shm", "-lock", NULL});

	/* Said once at start; the next start has nothing to say. */
	assert_int_equal(ngircd_bot_stop(&w->bot), 0);
	start(w, "fixed");
	assert_int_equal(ngircd_bot_log_count(&w->bot, OPEN_TO_OTHERS), 0);
	assert_int_equal(ngircd_bot_stop(&w->bot), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_fresh_start),
	    cmocka_unit_test(test_backup),
	    cmocka_unit_test(test_copy),
	    cmocka_unit_test(test_open_to_others),
	};

	/* Whatever mode a file is made with is its mode. */
	umask(0);
	return cmocka_run_group_tests_name(
	    "database file modes", tests, world_setup, world_teardown);
}
