/*
 * A PostgreSQL database named with a password, with the real bot binary
 * and a private PostgreSQL server (tests/lib/pgsql.h, which trusts local
 * connections: the password is carried, never checked), in each of the
 * three forms libpq reads one: a URI's user info
 * (postgresql://user:PASSWORD@/db?host=...), a URI's query
 * (...&password=PASSWORD) and a keyword/value string (host=...
 * password=PASSWORD, its server from PGHOST and PGPORT).
 *
 * The keyword/value string, given with --db or as the configuration's
 * database, is taken for PostgreSQL: the bot runs on the server (its
 * schema is made there), and makes no file where it runs
 * (the old bot made an SQLite file named with the string, password and
 * all).  Whatever the form, no line of the log holds the password, where
 * it is shown as "***": the start, a prune's line, a copy's line naming
 * its target, a failure to connect, and a string libpq cannot read (whose
 * reason would quote it); and the running bot's own arguments
 * (/proc/PID/cmdline) hold it no longer.  Every process runs in an empty
 * directory, which stays empty.
 */
#include <dirent.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <libpq-fe.h>

#include "storage/store.h"
#include "tests/lib/ngircd.h"
#include "tests/lib/pgsql.h"
#include "tests/lib/store-files.h"
#include "tests/lib/text-file.h"

/* What every password below has, and no other text of the logs. */
#define SECRET "SECRET"
#define STARTING " starting, database "
/* Said in the bot's loop, where SIGTERM stops it with status 0. */
#define CONNECTING "info: connecting to "
#define TASK_MS 30000

/* The forms, each made from the server's socket. */
enum form { FORM_USER, FORM_QUERY, FORM_PAIRS, FORMS };

struct world {
	struct pgsql pg;
	char *dir;		/* the logs, the configuration, own.db */
	char cwd[PATH_MAX / 2];	/* where every process runs: empty */
	char conf[PATH_MAX];
	struct ngircd_bot bot;
	int runs;		/* the logs so far, run-N.log */
};

static int
world_setup(void **state)
{
	struct world *w = calloc(1, sizeof *w);
	char port[16];
	FILE *f;

	if (w == NULL || (w->dir = ngircd_tmpdir()) == NULL ||
	    pgsql_start(&w->pg) != 0)
		return -1;
	*state = w;
	snprintf(w->cwd, sizeof w->cwd, "%s/cwd", w->dir);
	snprintf(w->conf, sizeof w->conf, "%s/bot.cfg", w->dir);
	if (mkdir(w->cwd, 0700) != 0 || (f = fopen(w->conf, "w")) == NULL)
		return -1;
	fputs("network = \"neta\";\n", f);
	/* The keyword/value strings' server, for every process. */
	snprintf(port, sizeof port, "%d", PGSQL_PORT);
	if (setenv("PGHOST", w->pg.sock, 1) != 0 ||
	    setenv("PGPORT", port, 1) != 0)
		return -1;
	return fclose(f) == 0 ? 0 : -1;
}

static int
world_teardown(void **state)
{
	struct world *w = *state;

	ngircd_bot_stop(&w->bot);
	pgsql_stop(&w->pg);
	ngircd_rmdir(w->dir);
	free(w->dir);
	free(w);
	return 0;
}

/* Database db of the server named in form, with password (NULL: the
 * form's own), into buf. */
static void
target(const struct world *w, enum form form, const char *db,
    const char *password, char *buf, size_t size)
{
	char uri[sizeof w->pg.uri];
	const char *rest;

	assert_int_equal(
	    pgsql_uri(&w->pg, db, PGSQL_TEST_ROLE, uri, sizeof uri), 0);
	rest = uri + strlen("postgresql://");
	switch (form) {
	case FORM_USER:
		snprintf(buf, size, "postgresql://" PGSQL_TEST_ROLE ":%s@%s",
		    password != NULL ? password : "pw-user-" SECRET, rest);
		break;
	case FORM_QUERY:
		snprintf(buf, size, "%s&password=%s", uri,
		    password != NULL ? password : "pw-query-" SECRET);
		break;
	default:
		/* The server from PGHOST and PGPORT: a name an SQLite file
		 * could have (no '/'), as the old bot made one. */
		snprintf(buf, size, "user=" PGSQL_TEST_ROLE " dbname=%s "
		    "password=%s", db,
		    password != NULL ? password : "pw-pairs-" SECRET);
		break;
	}
}

/* Fails unless the directory every process runs in is empty. */
static void
cwd_empty(const struct world *w)
{
	DIR *d = opendir(w->cwd);
	struct dirent *e;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			fail_msg("'%s' was made in %s", e->d_name, w->cwd);
	closedir(d);
}

/* Fails unless the log of the last run has no password in it, has
 * shown, and the run made no file where it ran. */
static void
clean(const struct world *w, const char *shown)
{
	char *log = text_file_read(w->bot.log);

	assert_non_null(log);
	if (strstr(log, SECRET) != NULL || strstr(log, shown) == NULL)
		fail_msg("%s, '%s' wanted:\n%s", w->bot.log, shown, log);
	free(log);
	cwd_empty(w);
}

/* Starts the bot with -c CONF --db db (NULL: the configuration's) and
 * more (NULL-terminated, at most 4) in the empty directory, its log the
 * next run-N.log. */
static void
run(struct world *w, const char *db, const char *const *more)
{
	const char *args[12] = {"-c", w->conf, "--db", db};
	char name[32];
	int n = db != NULL ? 4 : 2;

	while (more != NULL && *more != NULL)
		args[n++] = *more++;
	args[n] = NULL;
	snprintf(name, sizeof name, "run-%d", ++w->runs);
	assert_int_equal(
	    ngircd_bot_start_in(&w->bot, w->dir, name, w->cwd, args), 0);
}

/* The bot on db (NULL: the configuration's), until it tries to connect
 * (its database open); its arguments are read, it is stopped, and its
 * log, the directory and the arguments are checked. */
static void
start_stop(struct world *w, const char *db, const char *shown)
{
	char port[16], proc[64], cmdline[8192];
	const char *more[] = {"--server", "127.0.0.1", "--port", port, NULL};
	int fd;
	ssize_t n, i;

	snprintf(port, sizeof port, "%d", ngircd_free_port());
	run(w, db, more);
	if (!ngircd_bot_wait_log(&w->bot, CONNECTING, TASK_MS))
		fail_msg("the bot did not start (%s)", w->bot.log);
	snprintf(proc, sizeof proc, "/proc/%ld/cmdline", (long)w->bot.pid);
	fd = open(proc, O_RDONLY);
	assert_true(fd >= 0);
	n = read(fd, cmdline, sizeof cmdline - 1);
	close(fd);
	assert_true(n > 0);
	for (i = 0; i < n; i++) /* the arguments, NUL after each */
		if (cmdline[i] == '\0')
			cmdline[i] = ' ';
	cmdline[n] = '\0';
	assert_int_equal(ngircd_bot_stop(&w->bot), 0);
	clean(w, shown);
	if (strstr(cmdline, SECRET) != NULL)
		fail_msg("%s held the password: %s", proc, cmdline);
}

/* A keyword/value string is PostgreSQL's, given with --db or in the
 * configuration: the bot runs there. */
static void
test_pairs_are_pgsql(void **state)
{
	struct world *w = *state;
	char db[PATH_MAX * 2], line[256], version[16], conf[PATH_MAX];
	FILE *f;

	snprintf(line, sizeof line, STARTING "user=" PGSQL_TEST_ROLE
	    " dbname=" PGSQL_TEST_DB " password=***, network neta\n");
	target(w, FORM_PAIRS, PGSQL_TEST_DB, NULL, db, sizeof db);
	start_stop(w, db, "password=***");
	assert_int_equal(ngircd_bot_log_count(&w->bot, line), 1);
	/* Its schema, made on the server. */
	assert_int_equal(store_files_cli(w->pg.uri, "SELECT version FROM "
	    "schema_version", version, sizeof version), 0);
	assert_string_equal(version, STORE_FILES_CURRENT);

	/* The same string as the configuration's database. */
	snprintf(conf, sizeof conf, "%s", w->conf);
	snprintf(w->conf, sizeof w->conf, "%s/database.cfg", w->dir);
	f = fopen(w->conf, "w");
	assert_non_null(f);
	fprintf(f, "network = \"neta\";\ndatabase = \"%s\";\n", db);
	assert_int_equal(fclose(f), 0);
	start_stop(w, NULL, "password=***");
	snprintf(w->conf, sizeof w->conf, "%s", conf);
	assert_int_equal(ngircd_bot_log_count(&w->bot, line), 1);
}

/* Each form, wherever the bot names its database. */
static void
test_never_logged(void **state)
{
	struct world *w = *state;
	char db[PATH_MAX * 2], own[PATH_MAX];
	struct store *s;
	char *cause = NULL;
	int f;

	snprintf(own, sizeof own, "%s/own.db", w->dir);
	s = store_open(own, &cause);
	if (s == NULL)
		fail_msg("%s", cause);
	store_close(s);
	for (f = 0; f < FORMS; f++) {
		target(w, (enum form)f, PGSQL_TEST_DB, NULL, db, sizeof db);
		start_stop(w, db, "***");

		run(w, db, (const char *const[]){"--prune", "0", NULL});
		assert_int_equal(ngircd_bot_wait(&w->bot, TASK_MS), 0);
		clean(w, "info: pruned ");

		/* Into the league's database, empty of players and games:
		 * the line names the target. */
		run(w, own, (const char *const[]){"--copy-to", db, NULL});
		assert_int_equal(ngircd_bot_wait(&w->bot, TASK_MS), 0);
		clean(w, "info: copied ");
		clean(w, "***");

		target(w, (enum form)f, "nosuch", NULL, db, sizeof db);
		run(w, db, (const char *const[]){"--prune", "0", NULL});
		assert_int_equal(ngircd_bot_wait(&w->bot, TASK_MS), 1);
		clean(w, "\"nosuch\" does not exist");
		clean(w, "***");

		/* A string libpq cannot read: a bad escape in a URI, a
		 * password with a blank not quoted. */
		target(w, (enum form)f, PGSQL_TEST_DB, f == FORM_PAIRS ?
		    "pw-" SECRET " more-" SECRET : "pw-%zz-" SECRET, db,
		    sizeof db);
		run(w, db, (const char *const[]){"--prune", "0", NULL});
		assert_int_equal(ngircd_bot_wait(&w->bot, TASK_MS), 1);
		clean(w, "libpq cannot read it (its reason is not shown");
		clean(w, "***");
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_pairs_are_pgsql),
	    cmocka_unit_test(test_never_logged),
	};

	return cmocka_run_group_tests_name("database names with a password",
	    tests, world_setup, world_teardown);
}
